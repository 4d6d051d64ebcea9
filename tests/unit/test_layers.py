"""Imports point one way (DESIGN.md "Layers"): facts <- engine <- words and pictures <- players <- lab
<- teaching <- session <- widget. Every import is read from the source, those inside functions too."""

from __future__ import annotations

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "pachisi_widget"

#: Each layer imports only from the layers before it (or from itself, without cycles). A name is a
#: top-level module (``engine.py``) or a sub-package (``words/``, ``lab/``, ``session/``), which
#: counts as one unit: its files' imports together.
LAYERS = [
    {"errors", "board", "throws", "rules", "tables", "scene"},  # facts
    {"engine", "state", "serialize", "game", "notation", "checks"},  # the rules engine
    {"words", "locale", "i18n", "explain", "svg", "charts"},  # words and pictures
    {"agents", "learned"},  # players (learned: the net read by the learned player)
    {
        "lab",
        "probability",
        "turns",
        "landings",
        "simulate",
        "fastnp",
        "coach",
        "tournament",
        "replay",
        "seeds",
        "parallel",
        "stats",
        "trees",
        "hitting",
        "reaching",
        "pools",
        "luck",
    },  # the lab: many games, odds
    {"lessons", "exercises", "practice", "kit"},  # teaching (kit: the teacher's kit to print)
    {"session", "view"},  # a board without Jupyter
    {"widget", "__init__"},  # the adapter and the package
]
LAYER_OF = {name: i for i, layer in enumerate(LAYERS) for name in layer}
JUPYTER = {"anywidget", "traitlets", "ipywidgets", "IPython", "ipykernel", "comm"}


def _files(name: str) -> list[pathlib.Path]:
    """The source files of a top-level module or of every module in a sub-package."""
    single = PACKAGE / f"{name}.py"
    return [single] if single.exists() else sorted((PACKAGE / name).rglob("*.py"))


def _absolute(path: pathlib.Path, level: int, module: str | None) -> list[str]:
    """The dotted parts (from ``pachisi_widget``) that a relative import in ``path`` names."""
    parts = ["pachisi_widget", *path.relative_to(PACKAGE).parent.parts]
    base = parts[: len(parts) - level + 1]
    return base + (module.split(".") if module else [])


def _imports(name: str) -> tuple[set, set]:
    """(sibling modules, outside top-level packages) that ``name`` imports anywhere in it."""
    own, outside = set(), set()
    for path in _files(name):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):  # imports for type checkers only are not imports at run time
            if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
                node.body = []
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                if node.level or (node.module or "").split(".")[0] == "pachisi_widget":
                    full = (
                        _absolute(path, node.level, node.module)
                        if node.level
                        else node.module.split(".")
                    )
                    if len(full) > 1:
                        own.add(full[1])
                    else:
                        own.update(a.name for a in node.names)
                elif node.module:
                    outside.add(node.module.split(".")[0])
            elif isinstance(node, ast.Import):
                for a in node.names:
                    top = a.name.split(".")[0]
                    if top == "pachisi_widget" and "." in a.name:
                        own.add(a.name.split(".")[1])
                    elif top != "pachisi_widget":
                        outside.add(top)
            elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module":
                outside.add("<dynamic>")
    own.discard(name)
    return own, outside


MODULES = sorted(
    [p.stem for p in PACKAGE.glob("*.py")]
    + [p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()]
)
GRAPH = {name: _imports(name) for name in MODULES}


def test_every_module_has_a_layer():
    assert set(MODULES) <= set(LAYER_OF), set(MODULES) - set(LAYER_OF)


@pytest.mark.parametrize("name", MODULES)
def test_imports_point_down(name):
    own, _ = GRAPH[name]
    up = sorted(m for m in own if m in LAYER_OF and LAYER_OF[m] > LAYER_OF[name])
    assert not up, f"{name} (layer {LAYER_OF[name]}) imports {up} from a layer above it"


def test_the_engine_imports_no_players_lab_words_or_pictures():
    for name in LAYERS[1]:
        own, _ = GRAPH[name]
        assert own <= LAYERS[0] | LAYERS[1], (name, own - LAYERS[0] - LAYERS[1])


def test_records_do_not_import_the_game_back():
    own, _ = GRAPH["serialize"]
    assert "game" not in own and "state" not in own


def test_no_import_cycles():
    seen: dict = {}

    def visit(name, path):
        if name in path:
            raise AssertionError("import cycle: " + " -> ".join([*path[path.index(name) :], name]))
        if seen.get(name):
            return
        for dep in sorted(GRAPH[name][0]):
            if dep in GRAPH and dep != "__init__":
                visit(dep, [*path, name])
        seen[name] = True

    for name in MODULES:
        if name != "__init__":
            visit(name, [])


#: Modules that may import Jupyter inside a function only: the lessons show sliders (ipywidgets)
#: when a notebook runs them, and their checks still work in plain Python without Jupyter.
JUPYTER_LAZILY = {"lessons"}


def _top_level_imports(path: pathlib.Path) -> set:
    """The outside top-level packages ``path`` imports at module level (not inside functions)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in tree.body:
        names = (
            [a.name for a in node.names]
            if isinstance(node, ast.Import)
            else [node.module]
            if isinstance(node, ast.ImportFrom) and node.module and not node.level
            else []
        )
        found.update(n.split(".")[0] for n in names)
    return found


def test_only_the_widget_imports_jupyter():
    for name in MODULES:
        _, outside = GRAPH[name]
        if name in JUPYTER_LAZILY:
            top = set().union(*(_top_level_imports(f) for f in _files(name))) & JUPYTER
            assert not top, f"{name} imports {top} at module level: import them inside a function"
        elif name != "widget":
            assert not (outside & JUPYTER), (name, outside & JUPYTER)


#: The printed kit's extra (``pip install pachisi_widget[kit]``), for ``kit`` only.
KIT_EXTRA = {"fpdf", "markdown_it"}


def test_the_core_uses_the_standard_library_only():
    allowed = {"numpy", "tqdm", "pandas", "matplotlib", "<dynamic>"}  # optional, lazily
    import sys

    stdlib = set(sys.stdlib_module_names)
    for name in MODULES:
        if name == "widget":
            continue
        _, outside = GRAPH[name]
        lazily = JUPYTER if name in JUPYTER_LAZILY else set()  # checked above: inside functions
        extra = KIT_EXTRA if name == "kit" else set()
        assert outside <= stdlib | allowed | lazily | extra, (
            name,
            outside - stdlib - allowed - lazily - extra,
        )


def test_the_kit_imports_without_its_extra():
    # the board for paper and the package's import of the kit need the standard library only;
    # the PDF modules (document, pages) need fpdf2 and markdown-it-py
    for path in (PACKAGE / "kit" / "__init__.py", PACKAGE / "kit" / "board.py"):
        assert not _top_level_imports(path) & KIT_EXTRA, path.name
    assert _top_level_imports(PACKAGE / "kit" / "document.py") >= KIT_EXTRA


def test_the_rules_of_play_are_written_once():
    # the loop formula lives in board.py; the engines read tables.py
    for name in MODULES:
        if name == "board":
            continue
        text = "\n".join(f.read_text(encoding="utf-8") for f in _files(name))
        assert "17 * " not in text and "% 68" not in text, name
    assert not (PACKAGE / "fastsim.py").exists()
