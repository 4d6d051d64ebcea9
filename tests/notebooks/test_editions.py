"""The Romanian editions of the lessons (``notebooks/ro/``), and lesson 00's one-page rules sheets.

``tests/test_notebooks.py`` globs ``notebooks/*.ipynb`` only, so it runs the English lessons; this
file runs every Romanian edition the same way (``support.executed``, once per lesson and package
version, shared with the docs build): each blank exercise says "Încă nu ai răspuns" (that the
expected answers say "Corect!" is checked in-process by tests/unit/test_lessons.py). It also
checks what the generic tests cannot:

- both editions are the same lesson: the same positions, forced throws, moves, seeds,
  simulations and exercises;
- every quotation of the rules text is the Romanian original, word for word, the same passages in
  both editions (the English edition gives its English beside each);
- the exercises' answers live in the package (``pachisi_widget.exercises``), never in a notebook:
  an exercise cell holds only the blank answer and its check;
- each rules sheet cites a paragraph for every rule, carries the engine's throw table, and (when
  Chromium is installed) prints on one A4 page.
"""

from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path

import nbformat
import pytest
from support import INSTALL_CELL, SEEDED_CALLS, executed, record_time
from support import code_cells as _code
from support import outputs_text as _said
from support import read as _read

import pachisi_widget as pw
from pachisi_widget.lessons import catalog, exercises

REPO = Path(__file__).resolve().parents[2]
RO_DIR = REPO / "notebooks" / "ro"
LESSONS = [Path(lesson.notebook("ro")).name for lesson in catalog()]
"""Every lesson with a Romanian edition (file names, the same in both folders)."""
EDITIONS = {name: {"en": REPO / "notebooks" / name, "ro": RO_DIR / name} for name in LESSONS}
LESSON_IDS = [name.split("_", 1)[0] for name in LESSONS]
"""Each lesson's key, the prefix before the first underscore: "05" and "05b" are two lessons."""
SHEETS = {
    "en": REPO / "notebooks" / "rules-sheet.md",
    "ro": REPO / "notebooks" / "ro" / "foaia-de-reguli.md",
}
RULES_TEXT = REPO / "docs" / "rules" / "pachisi-rules.ro.txt"  # the rules text, unchanged


ANSWER = {"en": "answer", "ro": "raspuns"}
HEADINGS = {
    "en": ("What you'll do", "What you'll learn", "What you'll need"),
    "ro": ("Ce vei face", "Ce vei învăța", "De ce ai nevoie"),
}
SAID = {
    "en": {
        "blank": "No answer yet",
        "right": "Right!",
        "no_plot": "matplotlib is not available here",
    },
    "ro": {
        "blank": "Încă nu ai răspuns",
        "right": "Corect!",
        "no_plot": "matplotlib nu este disponibil aici",
    },
}
FLAGS = ast.PyCF_ONLY_AST | ast.PyCF_ALLOW_TOP_LEVEL_AWAIT


def _exercises(nb, lang: str) -> list:
    return [c for c in _code(nb) if re.search(rf"\bcheck\(\s*{ANSWER[lang]}_\d", c.source)]


def test_every_lesson_has_both_editions():
    english = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))
    missing = [name for name in english if name not in LESSONS]
    assert not missing, f"no Romanian edition in notebooks/ro/ for: {', '.join(missing)}"
    for name in LESSONS:
        assert EDITIONS[name]["en"].is_file(), f"ro/{name} has no English edition"


# --- the Romanian editions, by the conventions of test_notebooks.py ------------------------------

EVERY_EDITION = [(name, lang) for name in LESSONS for lang in ("en", "ro")]
EVERY_ID = [f"{name.split('_', 1)[0]}-{lang}" for name, lang in EVERY_EDITION]


@pytest.mark.parametrize(("name", "lang"), EVERY_EDITION, ids=EVERY_ID)
def test_committed_without_outputs(name, lang):
    path = EDITIONS[name][lang]
    nb = _read(path)
    dirty = [
        i
        for i, c in enumerate(nb.cells)
        if c.cell_type == "code" and (c.get("outputs") or c.get("execution_count") is not None)
    ]
    assert not dirty, f"{path.name}: cells {dirty} carry outputs or execution counts"
    nbformat.validate(nb)


@pytest.mark.parametrize("name", LESSONS, ids=LESSON_IDS)
def test_romanian_opening_cells(name):
    nb = _read(EDITIONS[name]["ro"])
    code = _code(nb)
    assert code[0].source.strip() == INSTALL_CELL
    assert "import pachisi_widget as pw" in code[1].source
    assert 'pw.set_language("ro")' in code[1].source, "the whole package speaks Romanian"
    first = nb.cells[0]
    key = name.split("_", 1)[0]  # "05b": its title reads "# 5b."
    title = f"{int(key[:2])}{key[2:]}"
    assert first.cell_type == "markdown" and re.match(rf"#\s+{title}\.", first.source)
    for heading in HEADINGS["ro"]:
        assert f"**{heading}**" in first.source, f"the first cell lacks {heading!r}"
    # the docs site reads the three lists under these bold headings, in this order
    at = [first.source.index(f"**{h}**") for h in HEADINGS["ro"]]
    assert at == sorted(at)


@pytest.mark.parametrize(("name", "lang"), EVERY_EDITION, ids=EVERY_ID)
def test_exercises_start_blank_and_hide_their_answers(name, lang):
    nb = _read(EDITIONS[name][lang])
    lesson = name.split("_", 1)[0]
    cells = _exercises(nb, lang)
    assert 3 <= len(cells) <= 5
    numbers = []
    for cell in cells:
        # only the blank answer and its check: the answer lives in the package
        m = re.fullmatch(
            rf"\s*({ANSWER[lang]}_(\d)) = \.\.\.\s*\n\s*"
            rf'exercise\("{lesson}", (\d)\)\.check\(\1\)\s*',
            cell.source,
        )
        assert m and m.group(2) == m.group(3), cell.source
        numbers.append(int(m.group(3)))
    assert numbers == [n for of, n in exercises() if of == lesson]
    assert not [c for c in _code(nb) if "def exercise(" in c.source], "no answers in the notebook"


@pytest.mark.parametrize(("name", "lang"), EVERY_EDITION, ids=EVERY_ID)
def test_randomness_is_seeded(name, lang):
    nb = _read(EDITIONS[name][lang])
    problems = []
    for i, cell in enumerate(_code(nb)):
        tree = compile(cell.source, f"cell {i}", "exec", flags=FLAGS)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name_ = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)
            keywords = {k.arg for k in node.keywords}
            if name_ == "Random" and node.args:
                continue
            if name_ in SEEDED_CALLS and "seed" not in keywords and "game" not in keywords:
                problems.append(ast.get_source_segment(cell.source, node))
    assert not problems, problems


@pytest.mark.parametrize("name", LESSONS, ids=LESSON_IDS)
def test_romanian_lesson_runs(name):
    """Fresh kernel, top to bottom, as the docs site runs it (support.executed: once per lesson
    and package version, shared with the docs build); every word it prints is Romanian."""
    path = EDITIONS[name]["ro"]
    nb, seconds, ran_now = executed(path)
    if ran_now:
        record_time(f"ro/{path.name}", seconds)
    errors = [
        _said(c) for c in _code(nb) if any(o.get("output_type") == "error" for o in c.outputs)
    ]
    assert not errors, errors
    for cell in _exercises(nb, "ro"):
        said = _said(cell)
        assert SAID["ro"]["blank"] in said and ".hint()" in said, said
    printed = "".join(
        o.get("text", "") for c in _code(nb) for o in c.outputs if o.get("output_type") == "stream"
    )
    assert "South" not in printed and "North" not in printed, "English seat names in Romanian"
    for english in ("refused", "legal moves", "played", "throws", "average", "mouths up"):
        assert not re.search(rf"\b{english}\b", printed), f"English in the output: {english!r}"


@pytest.mark.parametrize("name", LESSONS, ids=LESSON_IDS)
def test_romanian_lesson_says_in_romanian_when_matplotlib_is_missing(name):
    """The fallback's notice is Romanian (the fallbacks themselves: test_notebooks.py's
    test_every_plot_has_a_charts_fallback checks their shape, the same code in both editions:
    test_both_editions_play_the_same_lesson)."""
    source = "".join(c.source for c in _code(_read(EDITIONS[name]["ro"])))
    if "import matplotlib" in source:
        assert "except ImportError" in source and SAID["ro"]["no_plot"] in source


# --- one lesson, two languages ------------------------------------------------------------------


_SHARED_CALLS = {
    "Game",
    "from_position",
    "PachisiWidget",
    "simulate",
    "Rules",
    "preset",
    "throw",
    "legal_move",
    "step_of",
    "square",
    "pass_",
    "Random",
    "set_position",
    "throw_distribution",
    "up_distribution",
    "expected_value",
    "grace_probability",
    "turn_length_odds",
    "turn_total_odds",
    "exercise",
    "task",
    "Move",
    "move_from",
    "throw_shells",
}


def _calls(path: Path) -> list:
    """The lesson's calls into the package (and the few helpers that drive it), in order, with
    their literal arguments (a position, a forced throw, a move, a seed, an exercise...). Names a
    notebook chose itself (variables) and language= are left out."""
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


@pytest.mark.parametrize("name", LESSONS, ids=LESSON_IDS)
def test_both_editions_play_the_same_lesson(name):
    en, ro = _calls(EDITIONS[name]["en"]), _calls(EDITIONS[name]["ro"])
    assert en == ro, "the two editions differ in their positions, throws, moves or exercises"
    assert sum(1 for call, *_ in en if call == "exercise") >= 3
    if name.startswith("00"):
        assert sum(1 for call, *_ in en if call == "from_position") >= 8


@pytest.mark.parametrize("name", LESSONS, ids=LESSON_IDS)
def test_both_editions_assert_the_same_claims(name):
    def asserts(path):
        out = []
        for cell in _code(_read(path)):
            tree = compile(cell.source, path.name, "exec", flags=FLAGS)
            out += [node for node in ast.walk(tree) if isinstance(node, ast.Assert)]
        return len(out)

    assert asserts(EDITIONS[name]["en"]) == asserts(EDITIONS[name]["ro"])


@pytest.mark.parametrize("name", LESSONS, ids=LESSON_IDS)
def test_romanian_boards_speak_romanian(name):
    path = EDITIONS[name]["ro"]
    for cell in _code(_read(path)):
        tree = compile(cell.source, path.name, "exec", flags=FLAGS)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "PachisiWidget":
                language = {k.arg: k.value for k in node.keywords}.get("language")
                assert language is not None and ast.literal_eval(language) == "ro", (
                    ast.get_source_segment(cell.source, node)
                )


def _markdown(path: Path) -> str:
    return "\n".join(c.source for c in _read(path).cells if c.cell_type == "markdown")


def _quotes(path: Path, cited: bool = False) -> list[str]:
    """The quotations („...”) of the lesson's text; ``cited``: only those with their paragraph."""
    text = re.sub(r"\n>\s?", " ", _markdown(path))  # blockquotes span lines
    pattern = r"„([^”]+)”\s*\(§\d+\)" if cited else r"„([^”]+)”"
    return [" ".join(q.split()) for q in re.findall(pattern, text)]


@pytest.mark.parametrize(("name", "lang"), EVERY_EDITION, ids=EVERY_ID)
def test_quotations_are_the_rules_text_word_for_word(name, lang):
    original = " ".join(RULES_TEXT.read_text(encoding="utf-8").split())
    quotes = _quotes(EDITIONS[name][lang])
    if name.startswith("00"):
        assert len(quotes) >= 7, quotes
    for q in quotes:
        assert q in original, f"not in the rules text: {q!r}"


@pytest.mark.parametrize("name", LESSONS, ids=LESSON_IDS)
def test_both_editions_quote_the_same_passages(name):
    assert _quotes(EDITIONS[name]["en"], cited=True) == _quotes(EDITIONS[name]["ro"], cited=True)


@pytest.mark.parametrize("name", LESSONS, ids=LESSON_IDS)
def test_english_edition_gives_each_quotation_in_english_beside_it(name):
    text = _markdown(EDITIONS[name]["en"])
    for match in re.finditer(r"„[^”]+”\s*\(§\d+\)", text):
        after = text[match.end() : match.end() + 60]
        assert re.match(r"\s*(>\s*)*(·\s*)?\*\S", after), f"no English after {match.group()[:40]!r}"


_NOT_IN_THE_GLOSSARY = (
    "aterizează",
    "ateriza",
    "scoate",
    "Aruncări de mutat",
    "punctele lui",
    "grație",
)


@pytest.mark.parametrize("name", LESSONS, ids=LESSON_IDS)
def test_romanian_prose_keeps_to_the_glossary(name):
    """One word per concept (ROMANIAN.md); the rules text's own words stay in its quotations."""
    prose = re.sub(r"„[^”]+”", " ", re.sub(r"\n>\s?", " ", _markdown(EDITIONS[name]["ro"])))
    for word in _NOT_IN_THE_GLOSSARY:
        assert word not in prose, word
    assert not re.search(r"(?<![−+-] )\b1 (aruncări|pătrate|piese|haruri)\b", prose)  # not n − 1
    for number in re.findall(r"\b(\d+) (?:aruncări|pătrate|piese|jocuri|căderi)\b", prose):
        k = int(number)
        assert not (k >= 20 and (k % 100 == 0 or k % 100 >= 20)), f"{number}: „{number} de ...”"


# --- the one-page rules sheets --------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_rules_sheet_cites_a_paragraph_for_every_rule(lang):
    text = SHEETS[lang].read_text(encoding="utf-8")
    items = re.findall(r"^- \*\*([^*]+)\*\*(.*)$", text, re.M)
    assert len(items) >= 9, items
    for name, rest in items:
        assert re.match(r"\s*\(§\d", rest), f"{name}: no paragraph cited"
    words = {
        "en": (
            "board",
            "Throws",
            "Who starts",
            "Graces",
            "Entering",
            "Moving",
            "Capture",
            "Castles",
            "Finishing",
            "winning",
        ),
        "ro": (
            "Tabla",
            "Aruncările",
            "Cine începe",
            "Harurile",
            "Intrarea",
            "Mutarea",
            "Captura",
            "Castelele",
            "Drumul spre casă",
            "câștigul",
        ),
    }[lang]
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
    css = (
        "@page{size:A4;margin:12mm}"
        "body{font-family:'Noto Sans',Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5}"
        "h1{font-size:2em;padding-bottom:.3em;border-bottom:1px solid #ccc}"
        "p,table{margin:0 0 16px}table{border-collapse:collapse}"
        "td,th{border:1px solid #ccc;padding:6px 13px}"
    )
    page = tmp_path / "sheet.html"
    page.write_text(
        f"<!doctype html><meta charset=utf-8><style>{css}</style>{body}", encoding="utf-8"
    )
    pdf = tmp_path / "sheet.pdf"
    subprocess.run(
        [
            str(chromium),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-pdf-header-footer",
            f"--print-to-pdf={pdf}",
            page.as_uri(),
        ],
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert pdf.is_file(), "Chromium printed nothing"
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))
    assert pages == 1, f"{SHEETS[lang].name} prints on {pages} A4 pages"
