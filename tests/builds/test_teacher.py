"""A teacher's versions of the lessons (scripts/teacher.sh): solutions, and a real nbgrader course.

nbgrader is installed into .venv-teach by the script itself (the first run takes a minute or two);
`generate_assignment` writes the students' version, which must be the lesson itself, and
`autograde` grades filled-in copies: every answer right, none, and one typical mistake.
"""

from __future__ import annotations

import json
import re
import subprocess

import pytest
from support import REPO, script_module

from pachisi_widget.lessons import exercise

teacher = script_module("teacher")

LESSON = "02"


def _lesson_path(lang="en"):
    (path,) = teacher.lesson_paths(lang, [LESSON])
    return path


def _code(nb):
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


def _run(*args, timeout=900):
    done = subprocess.run(
        ["bash", "scripts/teacher.sh", *args],
        cwd=REPO,
        text=True,
        capture_output=True,
        timeout=timeout,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_every_lesson_exercise_cell_is_found_and_shows_no_answer():
    for lang in ("en", "ro"):
        for path in teacher.lesson_paths(lang):
            nb = json.loads(path.read_text(encoding="utf-8"))
            for i, var, lesson, number in teacher.exercise_cells(nb):
                src = "".join(nb["cells"][i]["source"])
                assert f"{var} = ...\n" in src + "\n", (path.name, src)
                assert lesson == path.name[: len(lesson)], (path.name, lesson)
                exercise(lesson, number)  # the package has it


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_solutions_fill_in_every_answer_and_each_is_right(tmp_path, lang):
    out = tmp_path / lang
    teacher.solutions(lang, out, [LESSON])
    nb = json.loads((out / _lesson_path(lang).name).read_text(encoding="utf-8"))
    cells = teacher.exercise_cells(json.loads(_lesson_path(lang).read_text(encoding="utf-8")))
    assert len(cells) >= 3
    namespace = {}
    exec("from fractions import Fraction", namespace)
    for i, var, lesson, number in cells:
        src = "".join(nb["cells"][i]["source"])
        assert f"{var} = ..." not in src
        line = next(s for s in src.splitlines() if s.startswith(f"{var} = "))
        exec(line, namespace)
        assert exercise(lesson, number).check(namespace[var]).correct, line


def test_the_nbgrader_source_hides_each_answer_and_grades_it():
    nb = json.loads(_lesson_path().read_text(encoding="utf-8"))
    source, graded = teacher.nbgrader_source(nb, "en")
    assert graded == len(teacher.exercise_cells(nb)) >= 3
    meta = [c["metadata"].get("nbgrader") for c in source["cells"]]
    solutions = [m for m in meta if m and m["solution"]]
    tests = [m for m in meta if m and m["grade"]]
    assert len(solutions) == len(tests) == graded
    assert all(t["points"] == 1 and t["locked"] for t in tests)
    assert len({m["grade_id"] for m in solutions + tests}) == 2 * graded
    for cell, m in zip(source["cells"], meta, strict=False):
        src = "".join(cell["source"])
        if m and m["solution"]:
            assert re.search(r"### BEGIN SOLUTION\n(\w+) = .+\n", src)
        if m and m["grade"]:
            assert "### BEGIN HIDDEN TESTS" in src and ").check(" in src


def test_nbgrader_makes_the_students_version_and_grades_filled_in_copies(tmp_path):
    course = tmp_path / "course"
    said = _run("nbgrader", "--lessons", LESSON, "--course", str(course))
    lesson = _lesson_path()
    name = lesson.stem
    assert f"{name}: " in said and "graded exercises" in said
    released = json.loads((course / "release" / name / lesson.name).read_text(encoding="utf-8"))
    original = json.loads(lesson.read_text(encoding="utf-8"))
    # The students get the lesson itself: the same code cells, plus one empty graded cell each.
    shown = [s for s in _code(released) if "is graded when the notebook is collected" not in s]
    assert shown == _code(original)
    assert "BEGIN SOLUTION" not in json.dumps(released)
    assert "HIDDEN TESTS" not in json.dumps(released)

    cells = teacher.exercise_cells(original)
    solved = tmp_path / "solved"
    teacher.solutions("en", solved, [LESSON])
    right = json.loads((solved / lesson.name).read_text(encoding="utf-8"))

    def submit(student, notebook):
        folder = course / "submitted" / student / name
        folder.mkdir(parents=True)
        # A student's copy is the released notebook with the answers typed in.
        copy = json.loads(json.dumps(released))
        answers = {var: "".join(notebook["cells"][i]["source"]) for i, var, *_ in cells}
        for cell in copy["cells"]:
            src = "".join(cell["source"])
            for var, filled in answers.items():
                if src.startswith(f"{var} = ..."):
                    cell["source"] = filled
        (folder / lesson.name).write_text(json.dumps(copy), encoding="utf-8")

    submit("alice", right)  # every answer right
    submit("bob", original)  # nothing answered
    (i, var, les, number) = cells[2]  # one typical mistake, the rest right
    ex = exercise(les, number)
    slip = next(v for v in ex.mistakes.values() if not callable(v))
    carol = json.loads(json.dumps(right))
    carol["cells"][i]["source"] = f'{var} = {slip!r}\n\nexercise("{les}", {number}).check({var})'
    submit("carol", carol)

    said = _run("autograde", "--course", str(course))
    scores = {}
    for line in said.splitlines():
        m = re.match(r"\[teacher\] (\w+)\s+(\S+)\s+([\d.]+) / ([\d.]+)", line)
        if m:
            scores[m.group(1)] = (float(m.group(3)), float(m.group(4)))
    n = float(len(cells))
    assert scores == {"alice": (n, n), "bob": (0.0, n), "carol": (n - 1, n)}, said


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_solutions_fill_in_the_code_the_student_writes(tmp_path, lang):
    from pachisi_widget.lessons import task

    teacher.solutions(lang, tmp_path, [LESSON])
    (path,) = teacher.lesson_paths(lang, [LESSON])
    nb = json.loads((tmp_path / path.name).read_text(encoding="utf-8"))
    code = task(LESSON)
    (cell,) = [c for c in nb["cells"] if f"def {code.name}(" in "".join(c["source"])]
    source = "".join(cell["source"])
    assert code.solution in source and "\n    ...\n" not in source
    namespace: dict = {}
    exec("from fractions import Fraction\nfrom math import comb\n", namespace)
    exec(source.split("\n\n\ntask(")[0], namespace)
    assert task(LESSON, lang=lang).check(namespace[code.name]).correct
