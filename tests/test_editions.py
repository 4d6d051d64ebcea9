"""Lesson 00, "Play your first game", in English and Romanian, and its one-page rules sheets.

``tests/test_notebooks.py`` globs ``notebooks/*.ipynb`` only, so it runs the English lesson; this
file runs the Romanian edition (``notebooks/ro/``) the same way with nbclient: fresh, then with
matplotlib blocked and every exercise answered by its expected value (each check must then say
"Corect!"). (Should the generic tests ever glob ``notebooks/ro/`` too, these two runs can go.) It
also checks what the generic tests cannot:

- both editions are the same lesson: the same positions, forced throws, moves, seeds and
  simulations;
- every quotation of the rules text is the Romanian original, word for word (the English edition
  gives its English beside it);
- the exercises' answers live in the folded helper cell, never in the exercise cells, and accept
  the equivalent ways of writing them;
- each rules sheet cites a paragraph for every rule, carries the engine's throw table, and (when
  Chromium is installed) prints on one A4 page.
"""

from __future__ import annotations

import ast
import copy
import re
import subprocess
import time
from pathlib import Path

import nbclient
import nbformat
import pytest

import pachisi_widget as pw
from pachisi_widget import i18n

REPO = Path(__file__).resolve().parents[1]
EN = REPO / "notebooks" / "00_play_your_first_game.ipynb"
RO = REPO / "notebooks" / "ro" / "00_play_your_first_game.ipynb"
SHEETS = {"en": REPO / "notebooks" / "rules-sheet.md",
          "ro": REPO / "notebooks" / "ro" / "foaia-de-reguli.md"}
RULES_TEXT = REPO / "docs" / "rules" / "pachisi-rules.ro.txt"  # the user's rules text, unchanged

CELL_TIMEOUT = 120
RUN_BUDGET = 60  # seconds; the lesson runs in about 10-20 s here

INSTALL_CELL = "\n".join([
    "# In JupyterLite (Python running in the browser) this installs pachisi_widget from the site's",
    "# own wheels; everywhere else it is already installed and this cell does nothing.",
    "import sys",
    'if sys.platform == "emscripten":',
    "    import piplite",
    '    await piplite.install(["pachisi_widget"])',
])

# The second run, as in test_notebooks.py: matplotlib blocked, every exercise answered right.
SECOND_RUN = """\
import sys
sys.modules["matplotlib"] = None
sys.modules["matplotlib.pyplot"] = None

import pachisi_widget.lessons

_check = pachisi_widget.lessons.check


def _answered(answer, expected, **kwargs):
    return _check(expected, expected, **kwargs)


pachisi_widget.lessons.check = _answered
"""

ANSWER = {"en": "answer", "ro": "raspuns"}
HEADINGS = {"en": ("What you'll do", "What you'll learn", "What you'll need"),
            "ro": ("Ce vei face", "Ce vei învăța", "De ce ai nevoie")}
SAID = {"en": {"blank": "No answer yet", "right": "Right!",
               "no_plot": "matplotlib is not available here"},
        "ro": {"blank": "Încă nu ai răspuns", "right": "Corect!",
               "no_plot": "matplotlib nu este disponibil aici"}}
SEEDED_CALLS = {"Game", "from_position", "PachisiWidget", "Random", "simulate", "new_game",
                "set_position"}
FLAGS = ast.PyCF_ONLY_AST | ast.PyCF_ALLOW_TOP_LEVEL_AWAIT


def _read(path: Path):
    return nbformat.read(path, as_version=4)


def _code(nb) -> list:
    return [c for c in nb.cells if c.cell_type == "code"]


def _exercises(nb, lang: str) -> list:
    return [c for c in _code(nb) if re.search(rf"\bcheck\(\s*{ANSWER[lang]}_\d", c.source)]


def _execute(path: Path, second_run: bool = False):
    nb = _read(path)
    if second_run:
        nb = copy.deepcopy(nb)
        nb.cells.insert(0, nbformat.v4.new_code_cell(SECOND_RUN))
    client = nbclient.NotebookClient(nb, timeout=CELL_TIMEOUT, kernel_name="python3",
                                     resources={"metadata": {"path": str(path.parent)}},
                                     allow_errors=False)
    started = time.monotonic()
    client.execute()
    return nb, time.monotonic() - started


def _said(cell) -> str:
    parts = []
    for out in cell.get("outputs", []):
        if out.get("output_type") == "stream":
            parts.append(out.get("text", ""))
        elif "data" in out:
            parts.append(str(out["data"].get("text/plain", "")))
        elif out.get("output_type") == "error":
            parts.append(f"{out.get('ename')}: {out.get('evalue')}")
    return "".join(parts)


# --- the Romanian edition, by the conventions of test_notebooks.py ------------------------------


@pytest.mark.parametrize("path", [EN, RO], ids=["en", "ro"])
def test_committed_without_outputs(path: Path):
    nb = _read(path)
    dirty = [i for i, c in enumerate(nb.cells) if c.cell_type == "code"
             and (c.get("outputs") or c.get("execution_count") is not None)]
    assert not dirty, f"{path.name}: cells {dirty} carry outputs or execution counts"
    nbformat.validate(nb)


def test_romanian_opening_cells():
    nb = _read(RO)
    code = _code(nb)
    assert code[0].source.strip() == INSTALL_CELL
    assert "import pachisi_widget as pw" in code[1].source
    first = nb.cells[0]
    assert first.cell_type == "markdown" and re.match(r"#\s+0\.", first.source)
    for heading in HEADINGS["ro"]:
        assert f"**{heading}**" in first.source, f"the first cell lacks {heading!r}"
    # the docs site reads the three lists under these bold headings, in this order
    at = [first.source.index(f"**{h}**") for h in HEADINGS["ro"]]
    assert at == sorted(at)


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_exercises_start_blank_and_hide_their_answers(lang):
    nb = _read(EN if lang == "en" else RO)
    cells = _exercises(nb, lang)
    assert 3 <= len(cells) <= 5
    for cell in cells:
        for name in re.findall(rf"\bcheck\(\s*({ANSWER[lang]}_\d)", cell.source):
            assert re.search(rf"^{name}\s*=\s*\.\.\.\s*$", cell.source, re.M), name
        # the answer comes from the folded helper cell, computed by the engine: nothing in the
        # exercise cell computes it in plain view
        assert re.search(r"^expected, why = exercise\(\d\)$", cell.source, re.M), cell.source
        after = cell.source.split("expected, why")[1]
        for engine_call in ("legal_moves", "pieces(", ".opening[", "to_move"):
            assert engine_call not in after, cell.source
    helper = [c for c in _code(nb) if "def exercise(" in c.source]
    assert len(helper) == 1
    assert helper[0].metadata.get("jupyter", {}).get("source_hidden") is True, "fold the answers"
    assert _code(nb).index(helper[0]) == 2, "the answers sit right after the imports, far above"


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_randomness_is_seeded(lang):
    nb = _read(EN if lang == "en" else RO)
    problems = []
    for i, cell in enumerate(_code(nb)):
        tree = compile(cell.source, f"cell {i}", "exec", flags=FLAGS)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)
            keywords = {k.arg for k in node.keywords}
            if name in SEEDED_CALLS and "seed" not in keywords and "game" not in keywords:
                problems.append(ast.get_source_segment(cell.source, node))
    assert not problems, problems


@pytest.fixture(scope="module")
def romanian_runs():
    return {"fresh": _execute(RO), "answered": _execute(RO, second_run=True)}


@pytest.mark.xdist_group("lesson00-ro")  # one worker runs the lesson twice, not each worker
def test_romanian_lesson_runs(romanian_runs):
    nb, seconds = romanian_runs["fresh"]
    errors = [_said(c) for c in _code(nb)
              if any(o.get("output_type") == "error" for o in c.outputs)]
    assert not errors, errors
    for cell in _exercises(nb, "ro"):
        assert SAID["ro"]["blank"] in _said(cell), _said(cell)
    assert seconds < RUN_BUDGET, f"the Romanian lesson took {seconds:.0f} s"
    printed = "".join(o.get("text", "") for c in _code(nb) for o in c.outputs
                      if o.get("output_type") == "stream")
    assert "South" not in printed and "North" not in printed, "English seat names in Romanian"


@pytest.mark.xdist_group("lesson00-ro")
def test_romanian_lesson_without_matplotlib_answers_right(romanian_runs):
    nb, _ = romanian_runs["answered"]
    images = [o for c in _code(nb) for o in c.outputs if "image/png" in o.get("data", {})]
    assert not images
    assert SAID["ro"]["no_plot"] in "".join(_said(c) for c in _code(nb))
    for cell in _exercises(nb, "ro"):
        assert SAID["ro"]["right"] in _said(cell), _said(cell)


# --- one lesson, two languages ------------------------------------------------------------------


_SHARED_CALLS = {"Game", "from_position", "PachisiWidget", "simulate", "Rules", "throw",
                 "legal_move", "step_of", "square", "pass_"}


def _calls(path: Path) -> list:
    """The lesson's calls into the package, in order, with their literal arguments (a position,
    a forced throw, a move...). Names a notebook chose itself (variables) and language= are left
    out."""
    out = []
    for cell in _code(_read(path)):
        tree = compile(cell.source, path.name, "exec", flags=FLAGS)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)
            if name not in _SHARED_CALLS:
                continue
            args = []
            for a in node.args:
                try:
                    args.append(ast.literal_eval(a))
                except ValueError:
                    args.append(ast.unparse(a) if isinstance(a, ast.BinOp) else "?")
            kwargs = {}
            for k in node.keywords:
                if k.arg == "language":
                    continue
                try:
                    kwargs[k.arg] = ast.literal_eval(k.value)
                except ValueError:
                    kwargs[k.arg] = "?"
            out.append((name, args, kwargs))
    return out


def test_both_editions_play_the_same_lesson():
    en, ro = _calls(EN), _calls(RO)
    assert en == ro, "the two editions differ in their positions, throws or moves"
    assert sum(1 for name, *_ in en if name == "from_position") >= 8


def test_romanian_boards_speak_romanian():
    for cell in _code(_read(RO)):
        tree = compile(cell.source, RO.name, "exec", flags=FLAGS)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "PachisiWidget":
                language = {k.arg: k.value for k in node.keywords}.get("language")
                assert language is not None and ast.literal_eval(language) == "ro", \
                    ast.get_source_segment(cell.source, node)


def _quotes(path: Path) -> list[str]:
    text = "\n".join(c.source for c in _read(path).cells if c.cell_type == "markdown")
    text = re.sub(r"\n>\s?", " ", text)  # blockquotes span lines
    return re.findall(r"„([^”]+)”", text)


@pytest.mark.parametrize("path", [EN, RO], ids=["en", "ro"])
def test_quotations_are_the_rules_text_word_for_word(path: Path):
    original = " ".join(RULES_TEXT.read_text(encoding="utf-8").split())
    quotes = _quotes(path)
    assert len(quotes) >= 7, quotes
    for q in quotes:
        assert " ".join(q.split()) in original, f"not in the rules text: {q!r}"


def test_english_edition_gives_each_quotation_in_english_beside_it():
    text = "\n".join(c.source for c in _read(EN).cells if c.cell_type == "markdown")
    for match in re.finditer(r"„[^”]+”\s*\(§\d+\)", text):
        after = text[match.end(): match.end() + 60]
        assert re.match(r"\s*(>\s*)*(·\s*)?\*\S", after), f"no English after {match.group()[:40]!r}"


# --- the exercises accept equivalent answers ------------------------------------------------------


def _helper(lang: str) -> dict:
    nb = _read(EN if lang == "en" else RO)
    source = next(c.source for c in _code(nb) if "def exercise(" in c.source)
    space = {"pw": pw, "SEATS": pw.board.SEAT_NAMES, "LOCURI": i18n.SEATS["ro"]}
    exec(compile(source, f"{lang} answers", "exec"), space)  # noqa: S102 (the lesson's own cell)
    return space


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_answers_accept_equivalent_forms(lang):
    exercise = _helper(lang)["exercise"]
    one, two, three, four, five = (exercise(n)[0] for n in range(1, 6))
    # the student's answer on the left, as lessons.check compares them
    right = [
        (one, (["West", "South", "East", "North"], ("Vest", "Sud", "Est", "Nord"), [3, 0, 1, 2],
               "W S E N", "VSEN", "west, south, east, north")),
        (two, ([9, 1, 1, 0], (0, 1, 1, 9), "9, 1, 1, 0")),
        (three, ({2, 6}, [6, 2], (2, 6), "2, 6")),
        (four, ({"a", "d"}, {"A", "D"}, ["d", "a"], "a, d", "A and D")),
        (five, ({3, 10, 25}, [25, 10, 3], "3, 10, 25")),
    ]
    wrong = [
        (one, (["West", "East", "South", "North"], "West", None)),
        (two, ([9, 1, 0], {9, 1, 0}, [9, 1, 1, 1])),
        (three, ({2, 4, 6}, 2, {6})),
        (four, ({"a"}, {"a", "b", "d"}, "b")),
        (five, ({3}, {10, 25}, {3, 6, 10, 25})),
    ]
    for expected, forms in right:
        for form in forms:
            assert form == expected, (form, expected)
    for expected, forms in wrong:
        for form in forms:
            assert form != expected, (form, expected)
    for n in range(1, 6):
        expected, why = exercise(n)
        assert expected == expected and why, n


def test_both_editions_have_the_same_answers():
    en, ro = _helper("en")["exercise"], _helper("ro")["exercise"]
    for n in range(1, 6):
        assert en(n)[0] == ro(n)[0].value, n  # each helper defines its own Answer class


# --- the one-page rules sheets --------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_rules_sheet_cites_a_paragraph_for_every_rule(lang):
    text = SHEETS[lang].read_text(encoding="utf-8")
    items = re.findall(r"^- \*\*([^*]+)\*\*(.*)$", text, re.M)
    assert len(items) >= 9, items
    for name, rest in items:
        assert re.match(r"\s*\(§\d", rest), f"{name}: no paragraph cited"
    words = {"en": ("board", "Throws", "Who starts", "Graces", "Entering", "Moving", "Capture",
                    "Castles", "Finishing", "winning"),
             "ro": ("Tabla", "Aruncările", "Cine începe", "Harurile", "Intrarea", "Mutarea",
                    "Captura", "Castelele", "Drumul spre casă", "câștigul")}[lang]
    names = " ".join(name for name, _ in items)
    for word in words:
        assert word in names, f"the sheet has no item for {word!r}"


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_rules_sheet_throw_table_is_the_engines(lang):
    text = SHEETS[lang].read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("|") and "---" not in line]
    ups = [c.strip() for c in rows[0].strip("|").split("|")[1:]]
    cells = [c.strip() for c in rows[1].strip("|").split("|")[1:]]
    values = [c.strip("*") for c in cells]
    graces = {c.strip("*") for c in cells if c.startswith("**")}
    rules = pw.Rules()
    assert [int(u) for u in ups] == list(range(rules.shells + 1))
    assert [int(v) for v in values] == list(rules.table)
    assert {int(g) for g in graces} == set(rules.entry_graces)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ro"])
def test_rules_sheet_prints_on_one_a4_page(lang, tmp_path):
    """Rendered as GitHub renders Markdown (16 px, line height 1.5), printed by Chromium on A4."""
    chromium = Path("/usr/bin/chromium")
    if not chromium.exists():
        pytest.skip("Chromium is not installed")
    markdown_it = pytest.importorskip("markdown_it")
    markdown = SHEETS[lang].read_text(encoding="utf-8")
    body = markdown_it.MarkdownIt("commonmark").enable("table").render(markdown)
    css = ("@page{size:A4;margin:12mm}"
           "body{font-family:'Noto Sans',Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5}"
           "h1{font-size:2em;padding-bottom:.3em;border-bottom:1px solid #ccc}"
           "p,table{margin:0 0 16px}table{border-collapse:collapse}"
           "td,th{border:1px solid #ccc;padding:6px 13px}")
    page = tmp_path / "sheet.html"
    page.write_text(f"<!doctype html><meta charset=utf-8><style>{css}</style>{body}",
                    encoding="utf-8")
    pdf = tmp_path / "sheet.pdf"
    subprocess.run([str(chromium), "--headless", "--no-sandbox", "--disable-gpu",
                    "--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri()],
                   capture_output=True, timeout=120, check=False)
    assert pdf.is_file(), "Chromium printed nothing"
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))
    assert pages == 1, f"{SHEETS[lang].name} prints on {pages} A4 pages"
