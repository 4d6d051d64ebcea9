"""A teacher's versions of the lessons: solutions, and an nbgrader course. Run through
``bash scripts/teacher.sh`` (it sets up what each command needs); ``--help`` lists the options.

An exercise cell of a lesson reads (``raspuns_3`` in Romanian)::

    answer_3 = ...

    exercise("02", 3).check(answer_3)

so the cell shows the question's place and never the answer (the package computes it). From that:

- ``solutions`` writes each lesson with every ``answer_N = ...`` line replaced by the expected answer
  (and the reason, as a comment), into ``classroom/solutions/`` (``ro/`` for the Romanian ones).
- ``nbgrader`` writes an nbgrader course into ``classroom/course-<lang>/``: ``source/<lesson>/``
  holds the lesson with each answer in a solution region and, after it, a hidden graded test
  (one point per exercise); then ``nbgrader generate_assignment`` writes ``release/<lesson>/``,
  what the students get: the lesson as it is in notebooks/. Lessons that still check their
  exercises in the open (with ``check(answer, expected)``) have nothing to grade and are left out
  (the command says which).
- ``print`` writes the teacher's kit as PDFs into ``classroom/kit/<lang>/`` (English and
  Romanian): :func:`pachisi_widget.kit.pages.build`.
- ``autograde`` grades every notebook in ``classroom/course-<lang>/submitted/<student>/<lesson>/``
  (nbgrader autograde) and prints each student's score per lesson (also in ``grades.csv``).

nbgrader runs from .venv-teach; it runs the lessons with a kernel from the project's .venv, which
has pachisi_widget (a kernel spec written into the course's ``.jupyter/`` folder).
"""

from __future__ import annotations

import argparse
import copy
import csv
import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
# A teacher's tool: the exercises show their answers here, and in the kernels nbgrader starts to
# grade (pachisi_widget.lessons.teacher_mode).
os.environ["PACHISI_TEACHER"] = "1"

from pachisi_widget import lessons  # noqa: E402
from pachisi_widget.lessons import exercise  # noqa: E402

OUT = ROOT / "classroom"


CONFIG = """\
# nbgrader's settings for this course (written by scripts/teacher.py).
c = get_config()  # noqa: F821
c.CourseDirectory.course_id = "pachisi-{lang}"
# The solution region is removed and nothing put in its place: the student's cell keeps its
# `answer_N = ...` line, as in the lesson.
c.ClearSolutions.code_stub = {{"python": ""}}
c.ClearSolutions.text_stub = ""
c.ExecutePreprocessor.timeout = 300
c.Execute.timeout = 300
"""


def lesson_paths(lang: str, only=None) -> list[Path]:
    """The lessons of ``lang``, in the course's order (``lessons.catalog()``); with ``only``,
    those named there by their id ("05", "05b") or by their whole name."""
    course = lessons.catalog()
    if only:
        course = [x for x in course if x.id in only or x.name in only]
        if not course:
            ids = ", ".join(x.id for x in lessons.catalog())
            sys.exit(f"[teacher] no lesson of the course is {' or '.join(only)} (there are: {ids})")
    try:
        return [x.path(lang, ROOT) for x in course]
    except FileNotFoundError as missing:
        sys.exit(f"[teacher] {missing}")


def exercise_cells(nb: dict) -> list[tuple[int, str, str, int]]:
    """(cell index, answer variable, lesson, number) for each exercise cell of ``nb``
    (read by ``lessons.exercise_cells``)."""
    return [tuple(cell) for cell in lessons.exercise_cells(nb)]


def _answer_line(src: str, var: str) -> re.Match:
    return lessons.registry.answer_line(src, var)


def _literal(value) -> str | None:
    """Python text for ``value`` that gives it back in a lesson's namespace, or None."""
    from fractions import Fraction

    text = repr(value)
    try:
        if eval(text, {"Fraction": Fraction}) == value:  # noqa: S307 (our own values)
            return text
    except Exception:  # noqa: BLE001
        return None
    return None


def _solution(lesson: str, number: int, var: str, lang: str) -> list[str]:
    ex = exercise(lesson, number, lang=lang)
    literal = _literal(ex.expected)
    if literal is None:  # a value with no short literal: the package's own expected answer
        literal = f'exercise("{lesson}", {number}).expected'
    why = " ".join(str(ex.solution()).split())
    lines = [f"{var} = {literal}"]
    lines += ["# " + line for line in _wrap(why, 96)]
    return lines


def _wrap(text: str, width: int) -> list[str]:
    out, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return out + ([line] if line else [])


def _clean(nb: dict) -> dict:
    nb = copy.deepcopy(nb)
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    return nb


def _source(lines: list[str]) -> list[str]:
    return [line + "\n" for line in lines[:-1]] + lines[-1:]


def _shown(path: Path) -> str:
    """``path`` relative to the repository when it is inside it."""
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


_TASK_CHECK = re.compile(r"""task\(\s*["'](\w+)["']\s*(?:,[^)]*)?\)\.check\(\s*(\w+)\s*\)""")


def _fill_code_tasks(nb: dict) -> list[str]:
    """Put a teacher's body into each cell the student writes (``def name(...):`` whose body is
    ``...``, checked by ``task("NN").check(name)``); the names of the functions filled in."""
    filled = []
    for cell in nb["cells"]:
        src = "".join(cell["source"]) if cell["cell_type"] == "code" else ""
        found = _TASK_CHECK.search(src)
        if not found:
            continue
        code = lessons.task(found.group(1))
        body = re.compile(
            rf"(def {re.escape(found.group(2))}\([^)]*\):\n(?:    .*\n)*?)    \.\.\.\n"
        )
        if body.search(src):
            line = f"    {code.solution}\n"
            src = body.sub(lambda m, line=line: m.group(1) + line, src, count=1)
            cell["source"] = _source(src.split("\n"))
            filled.append(found.group(2))
    return filled


def solutions(lang: str, out: Path, only=None) -> list[Path]:
    """Each lesson of ``lang`` with its answers filled in, into ``out``."""
    written = []
    for path in lesson_paths(lang, only):
        nb = _clean(json.loads(path.read_text(encoding="utf-8")))
        cells = exercise_cells(nb)
        for i, var, lesson, number in cells:
            src = "".join(nb["cells"][i]["source"])
            answer = _answer_line(src, var)
            filled = "\n".join(_solution(lesson, number, var, lang))
            nb["cells"][i]["source"] = _source(
                (src[: answer.start()] + filled + src[answer.end() :]).split("\n")
            )
        coded = _fill_code_tasks(nb)
        target = out / path.name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(
            f"[teacher] {_shown(target)}: {len(cells)} answers filled in"
            + (f", and the code the student writes ({', '.join(coded)})" if coded else "")
            + ("" if cells else " (this lesson checks its exercises in the open)")
        )
        written.append(target)
    return written


def nbgrader_source(nb: dict, lang: str) -> tuple[dict, int]:
    """The nbgrader source version of a lesson, and its number of graded exercises."""
    nb = _clean(nb)
    cells = exercise_cells(nb)
    for offset, (i, var, lesson, number) in enumerate(cells):
        k = i + offset  # each graded cell inserted shifts the later ones by one
        cell = nb["cells"][k]
        src = "".join(cell["source"])
        answer = _answer_line(src, var)
        region = [
            answer.group(0),
            "### BEGIN SOLUTION",
            *_solution(lesson, number, var, lang),
            "### END SOLUTION",
        ]
        after = src[answer.end() :]
        if after.startswith("\n\n"):  # the region takes the blank line's place: once it is
            after = after[1:]  # removed, the student's cell is the lesson's cell
        cell["source"] = _source((src[: answer.start()] + "\n".join(region) + after).split("\n"))
        cell["metadata"]["nbgrader"] = {
            "grade": False,
            "grade_id": f"exercise_{number}",
            "locked": False,
            "schema_version": 3,
            "solution": True,
            "task": False,
        }
        graded = {
            "cell_type": "code",
            "execution_count": None,
            "outputs": [],
            "metadata": {
                "nbgrader": {
                    "grade": True,
                    "grade_id": f"exercise_{number}_graded",
                    "locked": True,
                    "points": 1,
                    "schema_version": 3,
                    "solution": False,
                    "task": False,
                }
            },
            "source": _source(
                [
                    f"# Exercise {number} is graded when the notebook is collected."
                    if lang == "en"
                    else f"# Exercițiul {number} este notat când caietul este strâns.",
                    "### BEGIN HIDDEN TESTS",
                    f'assert exercise("{lesson}", {number}).check({var}).correct',
                    "### END HIDDEN TESTS",
                ]
            ),
        }
        nb["cells"].insert(k + 1, graded)
    return nb, len(cells)


COURSE: Path | None = None
"""The course folder when ``--course`` names one (else classroom/course-<lang>)."""


def course_dir(lang: str) -> Path:
    return COURSE or OUT / f"course-{lang}"


def _nbgrader(course: Path, *args: str) -> subprocess.CompletedProcess:
    exe = os.environ.get("PACHISI_NBGRADER")
    if not exe:
        sys.exit(
            "[teacher] nbgrader is set up by scripts/teacher.sh: run `bash scripts/teacher.sh "
            + " ".join(sys.argv[1:])
            + "`"
        )
    env = dict(os.environ)
    bindir = str(Path(exe).parent)
    env["PATH"] = bindir + os.pathsep + env.get("PATH", "")  # nbgrader calls alembic by name
    env["JUPYTER_PATH"] = str(course / ".jupyter")  # the kernel that has pachisi_widget
    return subprocess.run([exe, *args], cwd=course, env=env, text=True, capture_output=True)


def _kernel(course: Path) -> None:
    spec = course / ".jupyter" / "kernels" / "python3"
    spec.mkdir(parents=True, exist_ok=True)
    python = ROOT / ".venv" / "bin" / "python"
    (spec / "kernel.json").write_text(
        json.dumps(
            {
                "argv": [str(python), "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                "display_name": "Python 3 (pachisi_widget)",
                "language": "python",
            },
            indent=1,
        )
        + "\n",
        encoding="utf-8",
    )


def make_course(lang: str, only=None) -> Path:
    """Write the nbgrader course of ``lang`` and generate its student versions."""
    course = course_dir(lang)
    course.mkdir(parents=True, exist_ok=True)
    (course / "nbgrader_config.py").write_text(CONFIG.format(lang=lang), encoding="utf-8")
    _kernel(course)
    made, skipped = [], []
    for path in lesson_paths(lang, only):
        nb, graded = nbgrader_source(json.loads(path.read_text(encoding="utf-8")), lang)
        if not graded:
            skipped.append(path.stem)
            continue
        target = course / "source" / path.stem / path.name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        made.append((path.stem, graded))
    for name, graded in made:
        done = _nbgrader(course, "generate_assignment", name, "--force")
        if done.returncode:
            sys.stderr.write(done.stdout + done.stderr)
            sys.exit(f"[teacher] nbgrader generate_assignment {name} failed (above)")
        print(
            f"[teacher] {name}: {graded} graded exercises; student version in "
            f"{_shown(course / 'release' / name)}/"
        )
    if skipped:
        print(
            "[teacher] not in the course (their exercises are checked in the open, so there is "
            "nothing to grade): " + ", ".join(skipped)
        )
    print(
        f"[teacher] collect the students' notebooks into "
        f"{_shown(course / 'submitted')}/<student>/<lesson>/ and run "
        f"`bash scripts/teacher.sh autograde"
        f"{'' if lang == 'en' else ' --lang ' + lang}{'' if COURSE is None else ' --course ' + _shown(COURSE)}`"
    )
    return course


def autograde(lang: str) -> list[dict]:
    """Grade every submission of the course of ``lang``; the scores, one row per notebook."""
    course = course_dir(lang)
    if not (course / "nbgrader_config.py").exists():
        sys.exit(
            f"[teacher] no course in {_shown(course)}: run `bash scripts/teacher.sh nbgrader` first"
        )
    _kernel(course)
    submitted = course / "submitted"
    names = sorted({p.name for p in submitted.glob("*/*") if p.is_dir()})
    if not names:
        sys.exit(
            f"[teacher] nothing to grade: put the notebooks into "
            f"{_shown(submitted)}/<student>/<lesson>/"
        )
    for name in names:
        done = _nbgrader(course, "autograde", name, "--create", "--force")
        if done.returncode:
            sys.stderr.write(done.stdout + done.stderr)
            sys.exit(f"[teacher] nbgrader autograde {name} failed (above)")
    done = _nbgrader(course, "export", "--to", "grades.csv")
    if done.returncode:
        sys.stderr.write(done.stdout + done.stderr)
        sys.exit("[teacher] nbgrader export failed (above)")
    with open(course / "grades.csv", newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["assignment"] in names]
    for r in rows:
        print(
            f"[teacher] {r['student_id']:<16} {r['assignment']:<40} "
            f"{float(r['score']):g} / {float(r['max_score']):g}"
        )
    print(
        f"[teacher] grades in {_shown(course / 'grades.csv')}; graded notebooks "
        f"in {_shown(course / 'autograded')}/"
    )
    return rows


def print_kit(langs, out: Path, square_mm: float | None = None, only=None) -> list[Path]:
    """The teacher's kit as PDFs in ``langs``, into ``out/<lang>/`` (pachisi_widget.kit)."""
    from pachisi_widget.kit import pages

    try:
        written = pages.build(
            out,
            tuple(langs),
            root=ROOT,
            square_mm=pages.SQUARE_MM if square_mm is None else square_mm,
            only=only,
        )
    except (ValueError, FileNotFoundError) as problem:
        sys.exit(f"[teacher] {problem}")
    for path in written:
        print(f"[teacher] {_shown(path)}")
    print(
        f"[teacher] the kit: {len(written)} PDFs in {_shown(out)}/ (print the boards at 100%, "
        "not fit to page)"
    )
    return written


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        prog="bash scripts/teacher.sh",
        description="A teacher's versions of the lessons: solutions, an nbgrader course, grading, "
        "and the kit to print.",
    )
    ap.add_argument(
        "command",
        choices=["solutions", "nbgrader", "autograde", "print"],
        help="solutions: the lessons with every answer filled in; nbgrader: a "
        "course with student versions; autograde: grade the collected notebooks; print: the "
        "teacher's kit as PDFs",
    )
    ap.add_argument(
        "--lang",
        choices=["en", "ro"],
        default=None,
        help="the lessons' language (default en; for print, both)",
    )
    ap.add_argument(
        "--lessons",
        nargs="+",
        metavar="NN",
        help="only these lessons, by their number (e.g. 02 05b) or file name",
    )
    ap.add_argument(
        "--course",
        type=Path,
        default=None,
        help="the nbgrader course folder (default classroom/course-<lang>)",
    )
    ap.add_argument(
        "--out",
        type=Path,
        default=None,
        help="where solutions go (default classroom/solutions/, or .../ro/), or the kit "
        "(default classroom/kit/)",
    )
    ap.add_argument(
        "--square-mm",
        type=float,
        default=None,
        metavar="MM",
        help="print: the side of a square of the board on A4 sheets, in millimetres (default 17)",
    )
    ap.add_argument(
        "--only",
        nargs="+",
        metavar="NAME",
        help="print: only these documents (board-a3, board-a4-sheets, rules-sheet, answer-key, "
        "unit-test, unit-test-answers, project-rubric, lesson-notes)",
    )
    args = ap.parse_args(argv)
    if args.command == "print":
        print_kit(
            (args.lang,) if args.lang else ("en", "ro"),
            args.out or OUT / "kit",
            args.square_mm,
            args.only,
        )
        return 0
    args.lang = args.lang or "en"
    global COURSE
    COURSE = args.course.resolve() if args.course else None
    if args.command == "solutions":
        solutions(
            args.lang,
            args.out or OUT / "solutions" / ("" if args.lang == "en" else args.lang),
            args.lessons,
        )
    elif args.command == "nbgrader":
        make_course(args.lang, args.lessons)
    else:
        autograde(args.lang)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
