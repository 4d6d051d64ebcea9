"""The tutorials in notebooks/: each runs top to bottom in a fresh kernel, by the conventions.

Every ``notebooks/*.ipynb`` is picked up by a glob, so a notebook added later is tested without
editing this file. Conventions checked (see STYLE.md, "Notebook hygiene"):

- committed without outputs and without execution counts;
- the first code cell is the JupyterLite install cell, the second imports pachisi_widget;
- the first markdown cell has the "What you'll do / learn / need" headings;
- it ends with 3 to 5 self-checking exercises, each answer initialised to ``...`` so "Run all" says
  "No answer yet" instead of failing; a lesson whose exercises live in the package
  (``pachisi_widget.exercises``) keeps its answers out of sight: each exercise cell holds only the
  student's answer and ``exercise("NN", k).check(answer_k)``, for every exercise the package has;
- randomness is seeded: every Game, PachisiWidget, random.Random and simulate call names a seed,
  and no module-level ``random.*`` function is called;
- it runs without errors in a fresh kernel (once per lesson and package version, shared with the
  docs build: ``support.executed``); each plot has a pw.charts fallback for a kernel without
  matplotlib (checked by its shape, and run with matplotlib blocked, in every lesson that plots).
  That every exercise can be answered "Right!" is checked in-process, in both languages, by
  ``tests/unit/test_lessons.py``.

Headless execution tests the Python side only; the browser tests cover what the widget draws.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import nbformat
import pytest
from support import (
    INSTALL_CELL,
    NO_MATPLOTLIB,
    REPO,
    SEEDED_CALLS,
    executed,
    record_time,
    run_notebook,
)
from support import (
    code_cells as _code_cells,
)
from support import (
    outputs_text as _outputs_text,
)
from support import (
    read as _read,
)

from pachisi_widget.lessons import catalog  # noqa: E402

NOTEBOOK_DIR = REPO / "notebooks"
NOTEBOOKS = [REPO / lesson.notebook("en") for lesson in catalog()]  # the course, in its order
IDS = [nb.stem for nb in NOTEBOOKS]

FALLBACK_LESSON = "02_cowrie_throws_and_probability"
"""The lesson with the most plots: its fallbacks without matplotlib must show pw.charts pictures
(the others' may be tables); every lesson that plots is run without matplotlib."""


def _exercise_cells(nb) -> list:
    return [c for c in _code_cells(nb) if re.search(r"\bcheck\(\s*answer\w*", c.source)]


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 4, f"expected the tutorials in {NOTEBOOK_DIR}, found {IDS}"
    numbers = [p.name.split("_", 1)[0] for p in NOTEBOOKS]
    # a lesson split in two keeps its number for the first half and adds a letter for the second (05b_)
    assert all(re.fullmatch(r"\d\d[a-z]?", n) for n in numbers), (
        f"number them 01_, 02_, 02b_, ...: {IDS}"
    )
    assert len(set(numbers)) == len(numbers), f"two notebooks share a number: {IDS}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_committed_without_outputs(path: Path):
    nb = _read(path)
    dirty = [
        i
        for i, c in enumerate(nb.cells)
        if c.cell_type == "code" and (c.get("outputs") or c.get("execution_count") is not None)
    ]
    assert not dirty, (
        f"{path.name}: cells {dirty} carry outputs or execution counts; clear them with "
        f"`jupyter nbconvert --clear-output --inplace {path.relative_to(REPO)}`"
    )
    nbformat.validate(nb)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_opening_cells(path: Path):
    nb = _read(path)
    code = _code_cells(nb)
    assert code and code[0].source.strip() == INSTALL_CELL, (
        f"{path.name}: the first code cell must be exactly the JupyterLite install cell"
    )
    assert len(code) > 1 and "import pachisi_widget as pw" in code[1].source, (
        f"{path.name}: the second code cell imports pachisi_widget as pw"
    )
    markdown = [c for c in nb.cells if c.cell_type == "markdown"]
    assert markdown and nb.cells[0].cell_type == "markdown", f"{path.name}: opens with markdown"
    first = markdown[0].source
    for heading in ("What you'll do", "What you'll learn", "What you'll need"):
        assert heading in first, f"{path.name}: the first markdown cell lacks {heading!r}"
    assert re.match(r"#\s+\d+[a-z]?\.", first), f"{path.name}: the title starts with its number"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_exercises_start_blank(path: Path):
    nb = _read(path)
    cells = _exercise_cells(nb)
    assert 3 <= len(cells) <= 5, (
        f"{path.name}: expected 3 to 5 exercises checked with check(answer...), got {len(cells)}"
    )
    for cell in cells:
        names = re.findall(r"\bcheck\(\s*(answer\w*)", cell.source)
        for name in names:
            assert re.search(rf"^{name}\s*=\s*\.\.\.\s*$", cell.source, re.M), (
                f"{path.name}: {name} must start as `{name} = ...` so Run All runs through"
            )
        if "exercise(" in cell.source:
            continue  # answers out of sight: test_exercise_cells_hide_their_answers
        assert "expected" in cell.source, (
            f"{path.name}: an exercise computes `expected` from the engine"
        )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_exercise_cells_hide_their_answers(path: Path):
    """A lesson whose exercises live in the package: each exercise cell is the blank answer and
    its check, nothing that computes or shows the answer, and it asks for every exercise the
    package has for that lesson, in order."""
    from pachisi_widget.lessons import exercises

    lesson = path.name.split("_", 1)[0]  # "05b" for 05b_chance_of_being_hit
    cells = _exercise_cells(_read(path))
    if not any("exercise(" in c.source for c in cells):
        assert lesson not in {of for of, _ in exercises()}, (
            f"{path.name}: the package has this lesson's exercises; check with exercise(...)"
        )
        return
    numbers = []
    for cell in cells:
        m = re.fullmatch(
            rf'\s*(answer_(\d)) = \.\.\.\s*\n\s*exercise\("{lesson}", (\d)\)\.check\(\1\)\s*',
            cell.source,
        )
        assert m and m.group(2) == m.group(3), (
            f"{path.name}: an exercise cell holds only `answer_k = ...` and "
            f'`exercise("{lesson}", k).check(answer_k)`, not:\n{cell.source}'
        )
        numbers.append(int(m.group(3)))
    assert numbers == [n for of, n in exercises() if of == lesson], numbers


def _calls(tree) -> list:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            name = owner = None
            if isinstance(f, ast.Attribute):
                name = f.attr
                if isinstance(f.value, ast.Name):
                    owner = f.value.id
            elif isinstance(f, ast.Name):
                name = f.id
            out.append((name, owner, node))
    return out


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_randomness_is_seeded(path: Path):
    nb = _read(path)
    problems = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        flags = ast.PyCF_ONLY_AST | ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
        tree = compile(cell.source, f"cell {i}", "exec", flags=flags)
        for name, owner, call in _calls(tree):
            keywords = {k.arg for k in call.keywords}
            line = ast.get_source_segment(cell.source, call) or name
            if owner == "random" and name != "Random":
                problems.append(f"cell {i}: module-level random.{name}() is not seeded: {line}")
            elif name in SEEDED_CALLS and "seed" not in keywords:
                seeded_positionally = name == "Random" and call.args
                if seeded_positionally or (name == "PachisiWidget" and "game" in keywords):
                    continue
                problems.append(f"cell {i}: {name}(...) without seed=: {line}")
    assert not problems, f"{path.name}:\n" + "\n".join(problems)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_notebook_runs(path: Path):
    """Fresh kernel, top to bottom, as the documentation site runs it (support.executed: once
    per lesson and package version, shared with the docs build)."""
    nb, seconds, ran_now = executed(path)
    print(f"{path.name}: {seconds:.1f} s" + ("" if ran_now else " (executed earlier, cached)"))
    errors = [
        _outputs_text(c)
        for c in _code_cells(nb)
        if any(o.get("output_type") == "error" for o in c.outputs)
    ]
    assert not errors, errors
    for cell in _exercise_cells(nb):
        text = _outputs_text(cell)
        assert "No answer yet" in text, f"{path.name}: a blank exercise said {text!r}"
    if ran_now:
        record_time(path.name, seconds)


def _plot_blocks(tree) -> list:
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.If)
        and ast.unparse(node.test).replace(" ", "") in ("pltisnotNone", "pltisNone")
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_every_plot_has_a_charts_fallback(path: Path):
    """Each matplotlib plot is drawn under `if plt is not None:` with an `else:` that shows the
    same with pw.charts (or a table), and the import says when matplotlib is missing. (The
    fallbacks are run: test_plots_fall_back_without_matplotlib.)"""
    sources = [c.source for c in _code_cells(_read(path))]
    flags = ast.PyCF_ONLY_AST | ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
    uses_plt = False
    for i, src in enumerate(sources):
        tree = compile(src, f"cell {i}", "exec", flags=flags)
        for block in _plot_blocks(tree):
            uses_plt = True
            fallback = block.orelse if ast.unparse(block.test).endswith("not None") else block.body
            assert fallback, f"{path.name} cell {i}: a plot without a fallback (else:)"
            assert "plt." not in ast.unparse(ast.Module(fallback, [])), (
                f"{path.name} cell {i}: the fallback uses matplotlib"
            )
    if uses_plt:
        joined = "\n".join(sources)
        assert "except ImportError" in joined and "matplotlib is not available here" in joined, (
            f"{path.name}: says when it falls back to tables"
        )


def _uses_plt(path: Path) -> bool:
    flags = ast.PyCF_ONLY_AST | ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
    return any(
        _plot_blocks(compile(c.source, "cell", "exec", flags=flags))
        for c in _code_cells(_read(path))
    )


PLOTTING = [p for p in NOTEBOOKS if _uses_plt(p)]


@pytest.mark.parametrize("path", PLOTTING, ids=[p.stem for p in PLOTTING])
def test_plots_fall_back_without_matplotlib(path: Path):
    """Each lesson that plots, run with matplotlib blocked: tables and pw.charts instead of
    plots, no error, and it says so. (The exercises' expected answers are checked in-process by
    tests/unit/test_lessons.py.)"""
    nb = _read(path)
    nb.cells.insert(0, nbformat.v4.new_code_cell(NO_MATPLOTLIB))
    record_time(f"{path.stem} (no matplotlib)", run_notebook(nb))
    images = [c for c in _code_cells(nb) for o in c.outputs if "image/png" in o.get("data", {})]
    assert not images, f"{path.name}: drew a matplotlib figure although matplotlib was blocked"
    said = "".join(_outputs_text(c) for c in _code_cells(nb))
    assert "matplotlib is not available here" in said, f"{path.name}: says when it falls back"
    svgs = [o for c in _code_cells(nb) for o in c.outputs if "image/svg+xml" in o.get("data", {})]
    if path.stem == FALLBACK_LESSON:
        assert svgs, f"{path.name}: the fallback shows pw.charts pictures"
    print(f"{path.stem}: {len(svgs)} pictures without matplotlib")


def test_kernel_is_this_interpreter():
    """The notebooks run on the interpreter that runs the tests (the project's venv)."""
    from jupyter_client.kernelspec import KernelSpecManager

    spec = KernelSpecManager().get_kernel_spec("python3")
    exe = spec.argv[0]
    assert exe in ("python", "python3", f"python{sys.version_info[0]}.{sys.version_info[1]}") or (
        Path(exe).resolve() == Path(sys.executable).resolve()
    ), f"the python3 kernel runs {exe!r}, not this interpreter {sys.executable}"
