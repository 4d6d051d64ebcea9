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
- it runs without errors in a fresh kernel within a time budget; and again without matplotlib
  (tables instead of plots) with every exercise answered by its expected value, which must then
  be "Right!".

Headless execution tests the Python side only; the browser tests cover what the widget draws.
"""

from __future__ import annotations

import ast
import copy
import re
import sys
import time
from pathlib import Path

import nbclient
import nbformat
import pytest

REPO = Path(__file__).resolve().parents[1]
NOTEBOOK_DIR = REPO / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.ipynb"))
IDS = [nb.stem for nb in NOTEBOOKS]

CELL_TIMEOUT = 120  # seconds per cell
TIMES = Path(__file__).resolve().parents[1] / "test-results" / "notebook-times.txt"
"""Each run's time is written here and printed (a speed figure to read, never a test's verdict:
a busy machine would fail it; the cell timeout guards against a notebook that hangs)."""

INSTALL_CELL = "\n".join([
    "# In JupyterLite (Python running in the browser) this installs pachisi_widget from the site's",
    "# own wheels; everywhere else it is already installed and this cell does nothing.",
    "import sys",
    'if sys.platform == "emscripten":',
    "    import piplite",
    '    await piplite.install(["pachisi_widget"])',
])

# Injected before the first cell of the second run: matplotlib blocked (a None entry in sys.modules
# makes `import matplotlib.pyplot` raise ImportError), and every exercise answered with its own
# expected value, so each check must say "Right!" (the exercise can be solved; its `why` shows):
# lessons.check for the lessons that compute their answers in the cell, Exercise.check for those
# whose answers live in the package.
SECOND_RUN = """\
import sys
sys.modules["matplotlib"] = None
sys.modules["matplotlib.pyplot"] = None

import pachisi_widget.lessons

_check = pachisi_widget.lessons.check


def _answered(answer, expected, **kwargs):
    return _check(expected, expected, **kwargs)


pachisi_widget.lessons.check = _answered

_exercise_check = pachisi_widget.lessons.Exercise.check


def _answered_exercise(self, answer, **kwargs):
    return _exercise_check(self, self.expected, **kwargs)


pachisi_widget.lessons.Exercise.check = _answered_exercise
"""

# Calls that must name a seed (a keyword `seed=`); PachisiWidget is exempt when it is given a game=.
SEEDED_CALLS = {
    "Game", "from_position", "PachisiWidget", "Random", "simulate", "new_game", "set_position",
}


def _read(path: Path):
    return nbformat.read(path, as_version=4)


def _code_cells(nb) -> list:
    return [c for c in nb.cells if c.cell_type == "code"]


def record_time(name: str, seconds: float) -> None:
    """Write a lesson's run time to :data:`TIMES` (read, never asserted)."""
    TIMES.parent.mkdir(exist_ok=True)
    with TIMES.open("a", encoding="utf-8") as out:
        out.write(f"{name}: {seconds:.1f} s\n")


def _execute(path: Path, *, second_run: bool = False):
    """Run the notebook in a fresh python3 kernel (this interpreter's), in its own folder."""
    nb = _read(path)
    if second_run:
        nb = copy.deepcopy(nb)
        nb.cells.insert(0, nbformat.v4.new_code_cell(SECOND_RUN))
    client = nbclient.NotebookClient(
        nb,
        timeout=CELL_TIMEOUT,
        kernel_name="python3",  # jupyter_client runs a "python" kernelspec with sys.executable
        resources={"metadata": {"path": str(path.parent)}},
        allow_errors=False,
    )
    started = time.monotonic()
    client.execute()
    return nb, time.monotonic() - started


def _outputs_text(cell) -> str:
    parts = []
    for out in cell.get("outputs", []):
        if out.get("output_type") == "stream":
            parts.append(out.get("text", ""))
        elif "data" in out:
            parts.append(str(out["data"].get("text/plain", "")))
        elif out.get("output_type") == "error":
            parts.append(f"{out.get('ename')}: {out.get('evalue')}")
    return "".join(parts)


def _exercise_cells(nb) -> list:
    return [c for c in _code_cells(nb) if re.search(r"\bcheck\(\s*answer\w*", c.source)]


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 4, f"expected the tutorials in {NOTEBOOK_DIR}, found {IDS}"
    numbers = [p.name.split("_", 1)[0] for p in NOTEBOOKS]
    # a lesson split in two keeps its number for the first half and adds a letter for the second (05b_)
    assert all(re.fullmatch(r"\d\d[a-z]?", n) for n in numbers), f"number them 01_, 02_, 02b_, ...: {IDS}"
    assert len(set(numbers)) == len(numbers), f"two notebooks share a number: {IDS}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_committed_without_outputs(path: Path):
    nb = _read(path)
    dirty = [
        i for i, c in enumerate(nb.cells)
        if c.cell_type == "code" and (c.get("outputs") or c.get("execution_count") is not None)
    ]
    assert not dirty, (
        f"{path.name}: cells {dirty} carry outputs or execution counts; clear them with "
        f"`jupyter nbconvert --clear-output --inplace {path.relative_to(REPO)}`")
    nbformat.validate(nb)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_opening_cells(path: Path):
    nb = _read(path)
    code = _code_cells(nb)
    assert code and code[0].source.strip() == INSTALL_CELL, (
        f"{path.name}: the first code cell must be exactly the JupyterLite install cell")
    assert len(code) > 1 and "import pachisi_widget as pw" in code[1].source, (
        f"{path.name}: the second code cell imports pachisi_widget as pw")
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
        f"{path.name}: expected 3 to 5 exercises checked with check(answer...), got {len(cells)}")
    for cell in cells:
        names = re.findall(r"\bcheck\(\s*(answer\w*)", cell.source)
        for name in names:
            assert re.search(rf"^{name}\s*=\s*\.\.\.\s*$", cell.source, re.M), (
                f"{path.name}: {name} must start as `{name} = ...` so Run All runs through")
        if "exercise(" in cell.source:
            continue  # answers out of sight: test_exercise_cells_hide_their_answers
        assert "expected" in cell.source, (
            f"{path.name}: an exercise computes `expected` from the engine")


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
            f"{path.name}: the package has this lesson's exercises; check with exercise(...)")
        return
    numbers = []
    for cell in cells:
        m = re.fullmatch(
            rf'\s*(answer_(\d)) = \.\.\.\s*\n\s*exercise\("{lesson}", (\d)\)\.check\(\1\)\s*',
            cell.source)
        assert m and m.group(2) == m.group(3), (
            f"{path.name}: an exercise cell holds only `answer_k = ...` and "
            f'`exercise("{lesson}", k).check(answer_k)`, not:\n{cell.source}')
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
    nb, seconds = _execute(path)
    print(f"{path.name}: {seconds:.1f} s")
    errors = [
        _outputs_text(c) for c in _code_cells(nb)
        if any(o.get("output_type") == "error" for o in c.outputs)
    ]
    assert not errors, errors
    for cell in _exercise_cells(nb):
        text = _outputs_text(cell)
        assert "No answer yet" in text, f"{path.name}: a blank exercise said {text!r}"
    record_time(path.name, seconds)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_notebook_runs_without_matplotlib_and_answers_check(path: Path):
    """Second run: tables instead of plots, and every exercise answered right."""
    nb, _ = _execute(path, second_run=True)
    images = [c for c in _code_cells(nb) for o in c.outputs if "image/png" in o.get("data", {})]
    assert not images, f"{path.name}: drew a matplotlib figure although matplotlib was blocked"
    if "import matplotlib" in "".join(c.source for c in _code_cells(_read(path))):
        said = "".join(_outputs_text(c) for c in _code_cells(nb))
        assert "matplotlib is not available here" in said, (
            f"{path.name}: says when it falls back to tables")
    for cell in _exercise_cells(nb):
        text = _outputs_text(cell)
        assert "Right!" in text, f"{path.name}: the expected value as answer got {text!r}"


def test_kernel_is_this_interpreter():
    """The notebooks run on the interpreter that runs the tests (the project's venv)."""
    from jupyter_client.kernelspec import KernelSpecManager

    spec = KernelSpecManager().get_kernel_spec("python3")
    exe = spec.argv[0]
    assert exe in ("python", "python3", f"python{sys.version_info[0]}.{sys.version_info[1]}") or (
        Path(exe).resolve() == Path(sys.executable).resolve()), (
        f"the python3 kernel runs {exe!r}, not this interpreter {sys.executable}")
