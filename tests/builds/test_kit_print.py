"""The teacher's kit as printed (``bash scripts/teacher.sh print``): every PDF opens, its pages are
A3 or A4 as they should be, the key pages say what the package computes (every answer of every
lesson, the end-of-unit test's), the Romanian ones with their diacritics from an embedded font,
and every page, rendered to a picture (pypdfium2), has something drawn on it.

The kit is built once for this module, by the script itself, as a teacher would run it."""

from __future__ import annotations

import re
import subprocess
import sys

import pypdfium2 as pdfium
import pytest
from support import REPO

from pachisi_widget import lessons
from pachisi_widget.kit import pages
from pachisi_widget.kit.board import VIEW, tile_plan
from pachisi_widget.lessons import pacing, unit_test

LANGS = ("en", "ro")
MM = 72 / 25.4  # PDF points in a millimetre
A4, A3 = (210, 297), (297, 420)


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("kit")
    done = subprocess.run(
        ["bash", "scripts/teacher.sh", "print", "--out", str(out)],
        cwd=REPO,
        text=True,
        capture_output=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(pages.DOCUMENTS) * len(LANGS)} PDFs" in done.stdout
    return out


def _pdf(kit, name, lang) -> pdfium.PdfDocument:
    return pdfium.PdfDocument(str(kit / lang / f"{name}-{lang}.pdf"))


def _text(doc) -> str:
    return "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))


def _flat(text: str) -> str:
    """Text without its white space: a line the PDF broke in two still matches."""
    return re.sub(r"\s+", "", text)


def _size_mm(page) -> tuple[int, int]:
    w, h = page.get_size()
    return round(w / MM), round(h / MM)


@pytest.mark.parametrize("lang", LANGS)
def test_every_document_opens_on_paper_of_its_size(kit, lang):
    sheets = tile_plan(VIEW * pages.SQUARE_MM / 40)
    for name in pages.DOCUMENTS:
        doc = _pdf(kit, name, lang)
        sizes = [_size_mm(doc[i]) for i in range(len(doc))]
        assert sizes, name
        if name == "board-a3":
            assert sizes == [A3], name
        elif name == "board-a4-sheets":
            assert len(sizes) == 1 + len(sheets.tiles) == 5
            assert sizes[0] == A4
            want = A4 if sheets.orientation == "portrait" else A4[::-1]
            assert sizes[1:] == [want] * len(sheets.tiles)
        elif name == "project-rubric":
            assert sizes == [A4[::-1]]
        else:
            assert set(sizes) == {A4}, name


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_rendered_has_ink_on_it(kit, lang):
    for name in pages.DOCUMENTS:
        doc = _pdf(kit, name, lang)
        for i in range(len(doc)):
            picture = doc[i].render(scale=0.35, grayscale=True).to_pil().convert("L")
            dark = sum(picture.histogram()[:200])  # pixels clearly darker than the paper
            share = dark / (picture.width * picture.height)
            least = 0.05 if name.startswith("board") else 0.004
            assert share > least, (name, lang, i + 1, share)


def test_the_fonts_are_embedded_and_romanian_keeps_its_letters(kit):
    raw = (kit / "ro" / "answer-key-ro.pdf").read_bytes()
    assert b"/FontFile2" in raw and b"DejaVu" in raw
    text = "".join(_text(_pdf(kit, name, "ro")) for name in pages.DOCUMENTS)
    assert set("șțăîâÎ") <= set(text), "every Romanian letter drawn"
    assert not set(text) & set("şţŞŢ"), "never the cedilla"
    board = _text(_pdf(kit, "board-a3", "ro"))
    for word in ("Tabla de Pachisi", "Sud", "Est", "Nord", "Vest", "Charkoni", "acasă", "har"):
        assert word in board, word


@pytest.mark.parametrize("lang", LANGS)
def test_the_answer_key_gives_every_lessons_answers_as_the_package_computes_them(kit, lang):
    text = _flat(_text(_pdf(kit, "answer-key", lang)))
    for lesson in lessons.catalog():
        assert _flat(lesson.title(lang)) in text, lesson.id
        for number in lesson.exercises:
            ex = lessons.exercise(lesson.id, number, lang=lang)
            answer = unit_test.written(ex.form, ex.expected, lang)
            heading = pages._t("key.exercise", lang, number=number)
            assert _flat(f"{pages._t('key.answer', lang)} {answer}") in text, (lesson.id, number)
            assert _flat(heading) in text
    for lesson_id in lessons.TASKS:
        assert _flat(lessons.task(lesson_id).solution) in text, lesson_id


@pytest.mark.parametrize("lang", LANGS)
def test_each_exercise_of_the_key_is_printed_with_its_question(kit, lang):
    text = _flat(_text(_pdf(kit, "answer-key", lang)))
    import json

    for lesson in lessons.catalog():
        nb = json.loads(lesson.path(lang).read_text(encoding="utf-8"))
        for cell in lessons.exercise_cells(nb):
            question = pages.exercise_question(nb, cell.index, cell.number)
            assert question, (lesson.id, cell.number, "no **N.** question above the cell")
            words = re.sub(r"[*`]", "", question.split("\n")[0])[:40]
            assert _flat(words) in text, (lesson.id, cell.number, words)


@pytest.mark.parametrize("lang", LANGS)
def test_the_unit_test_and_its_answers(kit, lang):
    paper = _flat(_text(_pdf(kit, "unit-test", lang)))
    answers = _flat(_text(_pdf(kit, "unit-test-answers", lang)))
    for q in unit_test.unit_test():
        assert _flat(q.question(lang)[:60]) in paper, q.number
        assert _flat(q.answer(lang)) in answers, q.number
        assert _flat(q.why(lang)[:60]) in answers, q.number
        if q.solution.form[0] == "number":  # the students' copy holds no answer
            assert _flat(q.answer(lang)) not in paper, q.number
    total = pages._t("test.total", lang, points=unit_test.total_points())
    assert _flat(total) in paper and _flat(total) in answers


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_sheet_the_rubric_and_the_notes(kit, lang):
    rules = _text(_pdf(kit, "rules-sheet", lang))
    sheet = pages._rules_markdown(lang, REPO)
    title = sheet.splitlines()[0].lstrip("# ").strip()
    assert title in rules
    assert "25" in rules and "Charkoni" in rules
    rubric = _flat(_text(_pdf(kit, "project-rubric", lang)))
    for criterion in pages.RUBRIC:
        assert _flat(pages._t(f"rubric.{criterion}", lang)) in rubric
    notes = _flat(_text(_pdf(kit, "lesson-notes", lang)))
    for n in pacing.course_pacing(lang):
        assert _flat(n.cut[:50]) in notes and _flat(n.extend[:50]) in notes, n.lesson


def test_each_sheet_says_its_place_and_where_to_cut(kit):
    doc = _pdf(kit, "board-a4-sheets", "en")
    plan = tile_plan(VIEW * pages.SQUARE_MM / 40)
    for t in plan.tiles:
        text = doc[t.number].get_textpage().get_text_range()
        place = pages._t(
            "tiles.sheet", "en", n=t.number, count=len(plan.tiles), row=t.row, column=t.column
        )
        assert place in text
        cuts = text.count(pages._t("tiles.cut", "en"))
        assert cuts == (t.row > 1) + (t.column > 1), (t.number, cuts)


@pytest.mark.parametrize("lang", LANGS)
def test_the_guides_show_the_same_notes_on_pacing(tmp_path, lang):
    # the teacher's guides' {lesson-pacing} directive (docs/_ext/pachisi_kit_docs.py), built in
    # a small Sphinx project of its own: a row a lesson, the package's notes word for word
    import html

    guide = (REPO / "docs" / ("teachers.md" if lang == "en" else "teachers-ro.md")).read_text()
    assert f"```{{lesson-pacing}}\n:lang: {lang}\n```" in guide
    (tmp_path / "conf.py").write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(REPO / 'docs' / '_ext')!r})\n"
        'extensions = ["myst_parser", "pachisi_kit_docs"]\n'
        "smartquotes = False\n"  # the words as written, to compare
    )
    (tmp_path / "index.md").write_text(f"# Notes\n\n```{{lesson-pacing}}\n:lang: {lang}\n```\n")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-q",
            "-W",
            "-b",
            "html",
            str(tmp_path),
            str(tmp_path / "out"),
        ],
        cwd=REPO,
        text=True,
        capture_output=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    page = html.unescape((tmp_path / "out" / "index.html").read_text(encoding="utf-8"))
    notes = pacing.course_pacing(lang)
    assert page.count("<tr") == 1 + len(notes)
    for n in notes:
        assert n.title in page and n.cut in page and n.extend in page, n.lesson
