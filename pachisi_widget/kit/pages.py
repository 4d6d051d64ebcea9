"""The kit's documents, each a PDF in one language: the board (A3, and on A4 sheets), the rules
sheet, the answer key, the end-of-unit test and its answers, the project's rubric and each
lesson's notes on pacing. :func:`build` writes them all.

The answers come from the package (``lessons.exercise(...)``, ``lessons.task(...)``,
:mod:`pachisi_widget.lessons.unit_test`), the lessons from :func:`pachisi_widget.lessons.catalog`
(a lesson added to the course is in the answer key at once), the questions' words from each
lesson's notebook in that language, everything else from ``locale/<lang>/teacher.po``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from html import escape
from pathlib import Path

from .. import lessons
from ..lessons import pacing, unit_test
from ..lessons.answers import _shown
from ..lessons.registry import REPOSITORY
from ..lessons.teacher import teacher_mode, teacher_text
from ..rules import Rules
from .board import VIEW, print_board_svg, tile_plan
from .document import FONT, KitPDF

__all__ = [
    "DOCUMENTS",
    "SQUARE_MM",
    "build",
    "board_a3",
    "board_tiles",
    "rules_sheet",
    "answer_key",
    "test_paper",
    "test_answers",
    "rubric",
    "lesson_notes",
    "exercise_question",
    "RUBRIC",
]

SQUARE_MM = 17.0
"""The side of a square of the board printed on A4 sheets, in millimetres: the largest board
that four sheets make (about 35 cm), room for a coin or a button on each square."""

SQUARES = (8.0, 40.0)
"""The smallest and largest square the A4 sheets print, in millimetres (40 mm: 25 sheets)."""

DOCUMENTS = (
    "board-a3",
    "board-a4-sheets",
    "rules-sheet",
    "answer-key",
    "unit-test",
    "unit-test-answers",
    "project-rubric",
    "lesson-notes",
)
"""The kit's files, ``<name>-<lang>.pdf`` each."""

RUBRIC = ("legal", "strategy", "evidence", "improve", "report")
"""The rubric's criteria (codes ``rubric.<criterion>.<level>`` in ``teacher.po``)."""
LEVELS = 4


def _t(code: str, lang: str, **params) -> str:
    return teacher_text(code, params, lang)


def _h(text: str) -> str:
    return escape(text)


# -- the board ----------------------------------------------------------------------------------


def _throw_table(pdf: KitPDF, lang: str, x: float, y: float, cell: float = 14.0) -> None:
    rules = Rules()
    graces = rules.entry_graces | rules.bonus_graces
    pdf.set_xy(x, y)
    pdf.set_font(FONT, "B", 11)
    pdf.cell(0, 6, _t("board.throws", lang))
    rows = [(_t("board.mouths", lang), [str(up) for up in range(len(rules.table))])]
    rows.append((_t("board.value", lang), [str(v) for v in rules.table]))
    for r, (name, values) in enumerate(rows):
        pdf.set_xy(x, y + 8 + r * 8)
        pdf.set_font(FONT, "B", 10)
        pdf.cell(30, 8, name, border=1)
        for up, value in enumerate(values):
            grace = r == 1 and rules.table[up] in graces
            pdf.set_font(FONT, "B" if grace or r == 0 else "", 12 if grace else 10)
            pdf.cell(cell, 8, value, border=1, align="C")
    pdf.set_font(FONT, size=10)


def board_a3(lang: str) -> KitPDF:
    """The board on one A3 page, with its legend and the throw table."""
    pdf = KitPDF(lang, _t("board.title", lang), page="A3")
    pdf.set_auto_page_break(False)
    pdf.add_page()
    pdf.heading(_t("board.title", lang), 20)
    width = pdf.w - 20
    top = pdf.get_y() + 2
    pdf.svg(print_board_svg(lang), 10, top, width)
    pdf.set_xy(16, top + width + 4)
    for line in _legend(lang):
        pdf.paragraph(line, 10.5)
    square = width / VIEW * 40 / 10
    pdf.paragraph(_t("board.size", lang, square=square, size=width / 10), 10)
    _throw_table(pdf, lang, 16, pdf.get_y() + 2)
    pdf.set_xy(16, pdf.get_y() + 12)
    pdf.paragraph(_t("board.print", lang), 9.5, "I")
    return pdf


def _legend(lang: str) -> list[str]:
    return [_t(f"board.legend_{part}", lang) for part in ("castle", "25", "start", "home")]


def _cross(pdf: KitPDF, x: float, y: float) -> None:
    pdf.set_draw_color(0)
    pdf.set_line_width(0.25)
    pdf.circle(x, y, 2.5, style="D")
    pdf.line(x - 4.5, y, x + 4.5, y)
    pdf.line(x, y - 4.5, x, y + 4.5)


def _marks(plan) -> list[tuple[float, float]]:
    """Where the crosses that line the sheets up stand, in millimetres on the board: in the
    middle of each band where two sheets overlap, once per sheet it runs along."""
    (w, h), o = plan.area, plan.overlap
    by = {(t.row, t.column): t for t in plan.tiles}
    out = []
    for t in plan.tiles:
        right, below = by.get((t.row, t.column + 1)), by.get((t.row + 1, t.column))
        if right:
            out += [(right.x + o / 2, t.y + h * f) for f in (0.3, 0.7)]
        if below:
            out += [(t.x + w * f, below.y + o / 2) for f in (0.3, 0.7)]
    return out


def _mini_map(pdf: KitPDF, plan, tile, x: float, y: float, cell: float = 4.0) -> None:
    for t in plan.tiles:
        pdf.set_fill_color(40 if t.number == tile.number else 255)
        pdf.rect(x + (t.column - 1) * cell, y + (t.row - 1) * cell, cell, cell, style="DF")


def _tiles_map(pdf: KitPDF, plan, size: float, lang: str) -> None:
    """The map of the sheets: the board small, each sheet's printed area over it, numbered."""
    (w, h), o = plan.area, plan.overlap
    first = plan.tiles[0]
    joint_w = w + (plan.columns - 1) * (w - o)
    joint_h = h + (plan.rows - 1) * (h - o)
    room = pdf.h - pdf.get_y() - 30
    scale = min(150 / joint_w, room / joint_h)
    ox, oy = (pdf.w - joint_w * scale) / 2, pdf.get_y() + 8
    pdf.svg(print_board_svg(lang), ox - first.x * scale, oy - first.y * scale, size * scale)
    pdf.set_draw_color(0)
    pdf.set_line_width(0.4)
    for t in plan.tiles:
        rx, ry = ox + (t.x - first.x) * scale, oy + (t.y - first.y) * scale
        pdf.rect(rx, ry, w * scale, h * scale)
        pdf.set_font(FONT, "B", 20)
        pdf.set_xy(rx, ry + 2)
        pdf.cell(w * scale, 9, str(t.number), align="C")
    pdf.set_font(FONT, size=10)


def board_tiles(lang: str, square_mm: float = SQUARE_MM) -> KitPDF:
    """The board ``square_mm`` millimetres a square, on A4 sheets that overlap: a first page
    that says how to put them together, then one page a sheet, with its number, cut lines and
    the crosses that line it up with its neighbours."""
    size = VIEW * square_mm / 40
    plan = tile_plan(size)
    pdf = KitPDF(lang, _t("tiles.title", lang))
    pdf.add_page()
    pdf.heading(_t("tiles.title", lang))
    pdf.paragraph(_t("board.size", lang, square=square_mm / 10, size=size / 10))
    for k in range(1, 5):
        pdf.paragraph(f"{k}. " + _t(f"tiles.step{k}", lang))
    _tiles_map(pdf, plan, size, lang)
    svg = print_board_svg(lang)
    (w, h), marks = plan.area, _marks(plan)
    m = plan.margin
    count = len(plan.tiles)
    pdf.plain_from = pdf.page_no() + 1  # the sheets' own labels stand where the footer would
    for t in plan.tiles:
        pdf.add_page(orientation=plan.orientation[0].upper())
        pdf.set_auto_page_break(False)
        with pdf.rect_clip(m, m, w, h):
            pdf.svg(svg, m - t.x, m - t.y, size)
            for bx, by in marks:
                _cross(pdf, m + bx - t.x, m + by - t.y)
        pdf.set_font(FONT, "B", 9)
        pdf.set_xy(m, pdf.h - m + 2)
        pdf.cell(0, 5, _t("tiles.sheet", lang, n=t.number, count=count, row=t.row, column=t.column))
        _mini_map(pdf, plan, t, pdf.w - m - plan.columns * 4, pdf.h - m + 1.5)
        pdf.set_font(FONT, "B", 18)
        pdf.set_xy(pdf.w - m - plan.columns * 4 - 18, pdf.h - m + 0.5)
        pdf.cell(16, 9, str(t.number), align="R")
        pdf.set_font(FONT, size=8)
        pdf.set_dash_pattern(dash=2.5, gap=1.5)
        pdf.set_line_width(0.3)
        if t.column > 1:  # the left edge lies over the sheet before it in the row
            pdf.line(m, m, m, m + h)
            pdf.set_xy(m, m - 5)
            over = _t("tiles.over", lang, n=t.number - 1)
            pdf.cell(w / 2, 4, f"← {_t('tiles.cut', lang)} · {over}")
            pdf.set_font(FONT, size=12)
            pdf.set_xy(m - 6, m + h / 2 - 3)
            pdf.cell(6, 6, "✂", align="C")
            pdf.set_font(FONT, size=8)
        if t.row > 1:  # the top edge lies over the sheet above
            pdf.line(m, m, m + w, m)
            pdf.set_xy(m + w / 2, m - 5)
            over = _t("tiles.over", lang, n=t.number - plan.columns)
            pdf.cell(w / 2, 4, f"↑ {_t('tiles.cut', lang)} · {over}", align="R")
        pdf.set_dash_pattern()
        pdf.set_font(FONT, size=10)
    return pdf


# -- the rules sheet -------------------------------------------------------------------------


def _rules_markdown(lang: str, root: Path) -> str:
    """The rules sheet's Markdown: the file ``docs/rules/sheet-<lang>.md`` includes."""
    page = (root / "docs" / "rules" / f"sheet-{lang}.md").read_text(encoding="utf-8")
    found = re.search(r"```\{include\}\s+(\S+)", page)
    if not found:
        raise ValueError(f"docs/rules/sheet-{lang}.md includes no rules sheet")
    return (root / "docs" / "rules" / found.group(1)).resolve().read_text(encoding="utf-8")


def rules_sheet(lang: str, root: Path = REPOSITORY) -> KitPDF:
    """The one-page rules sheet (``docs/rules/sheet-<lang>.md``), on A4."""
    pdf = KitPDF(lang, _t("rules.title", lang))
    pdf.add_page()
    pdf.markdown(_rules_markdown(lang, root), 12)
    return pdf


# -- the answer key --------------------------------------------------------------------------

_NUMBERED = re.compile(r"^\*\*(\d+)\.(\*\*)?\s*", re.M)
"""An exercise's number as the lessons write it: "**3.** How many..." or "**1. Predict.** With..."."""


def exercise_question(nb: dict, index: int, number: int) -> str:
    """The Markdown of exercise ``number``'s question: from its ``**N.**`` in the Markdown cells
    above its cell (at ``index``) to the end of that cell; "" when the lesson has none."""
    for cell in reversed(nb["cells"][:index]):
        if cell["cell_type"] != "markdown":
            continue
        text = "".join(cell["source"])
        starts = [m for m in _NUMBERED.finditer(text) if int(m.group(1)) == number]
        if starts:
            found = starts[-1]
            rest = text[found.end() :].strip()
            return rest if found.group(2) else "**" + rest  # "**1. Title.**": keep it bold
    return ""


def _mistakes(ex, lang: str) -> list[str]:
    """Each typical slip whose wrong answer is a value: that value, and what it means."""
    out = []
    for name, wrong in ex.mistakes.items():
        if callable(wrong):
            continue
        shown = unit_test.written(ex.form, wrong, lang)
        said = ex._text(name, lang, {"answer": _shown(wrong)})
        out.append(f"<b>{_h(shown)}</b>: {_h(said)}")
    return out


def _exercise_html(lesson, number: int, question: str, lang: str) -> str:
    ex = lessons.exercise(lesson.id, number, lang=lang)
    parts = [f"<h3>{_h(_t('key.exercise', lang, number=number))}</h3>"]
    if question:
        parts.append(_markdown_inline(question))
    answer = unit_test.written(ex.form, ex.expected, lang)
    parts.append(f"<p><b>{_h(_t('key.answer', lang))} {_h(answer)}</b></p>")
    why = ex._text("why", lang)
    parts.append(f"<p><i>{_h(_t('key.why', lang))}</i> {_h(why[:1].upper() + why[1:])}</p>")
    slips = _mistakes(ex, lang)
    if slips:
        parts.append(f"<p><i>{_h(_t('key.slips', lang))}</i></p><ul>")
        parts += [f"<li>{s}</li>" for s in slips]
        parts.append("</ul>")
    return "".join(parts)


def _markdown_inline(text: str) -> str:
    from .document import markdown_html

    return markdown_html(text)


def _task_html(lesson_id: str, lang: str) -> str:
    task = lessons.task(lesson_id, lang=lang)
    head = _t("key.code", lang, name=f"{task.name}({', '.join(task.args)})")
    return (
        f"<h3>{_h(head)}</h3><p>{_h(_t('key.code_body', lang))}</p>"
        f"<pre>def {_h(task.name)}({_h(', '.join(task.args))}):\n    {_h(task.solution)}</pre>"
    )


def answer_key(lang: str, root: Path = REPOSITORY) -> KitPDF:
    """Every lesson's answers, a lesson a page: each exercise's question (from the lesson's
    notebook), its answer and reason computed by the package, the typical slips it recognises,
    and the teacher's body of the cell the student writes."""
    pdf = KitPDF(lang, _t("key.title", lang))
    pdf.add_page()
    pdf.heading(_t("key.title", lang))
    pdf.paragraph(_t("kit.for_teacher", lang), 10, "B")
    pdf.paragraph(_t("key.intro", lang))
    for k, lesson in enumerate(lessons.catalog()):
        if k:  # a lesson a page: the key of one lesson prints alone
            pdf.add_page()
        parts = [f"<h2>{_h(lesson.title(lang))}</h2>"]
        nb = None
        if lesson.has(lang, root):
            nb = json.loads(lesson.path(lang, root).read_text(encoding="utf-8"))
        found = {c.number: c.index for c in lessons.exercise_cells(nb)} if nb else {}
        if lesson.id in lessons.TASKS:
            parts.append(_task_html(lesson.id, lang))
        for number in lesson.exercises:
            question = (
                exercise_question(nb, found[number], number) if nb and number in found else ""
            )
            parts.append(_exercise_html(lesson, number, question, lang))
        if not lesson.exercises:
            parts.append(f"<p>{_h(_t('key.none', lang))}</p>")
        pdf.html("".join(parts))
    return pdf


# -- the end-of-unit test, its answers, the rubric, the notes on pacing ----------------------


def test_paper(lang: str) -> KitPDF:
    """The end-of-unit test as the students get it: the questions, room to answer, no answer."""
    pdf = KitPDF(lang, _t("test.title", lang))
    pdf.add_page()
    pdf.heading(_t("test.title", lang))
    pdf.paragraph(_t("test.name", lang))
    pdf.paragraph(_t("test.intro", lang), 10, "I")
    for q in unit_test.unit_test():
        if pdf.get_y() > pdf.h - 70:
            pdf.add_page()
        points = _t("test.points", lang, points=q.points)
        pdf.paragraph(f"{q.number}. {q.question(lang)} {points}", 10.5)
        pdf.ln(24 if q.points > 1 else 16)
        pdf.set_font(FONT, "B", 10)
        pdf.cell(0, 5, _t("test.answer_line", lang) + " " + "_" * 40)
        pdf.ln(9)
    pdf.paragraph(_t("test.total", lang, points=unit_test.total_points()), 10.5, "B")
    return pdf


def test_answers(lang: str) -> KitPDF:
    """The end-of-unit test's answers, each with how it is worked out and the lesson it applies."""
    pdf = KitPDF(lang, _t("test.answers_title", lang))
    pdf.add_page()
    pdf.heading(_t("test.answers_title", lang))
    pdf.paragraph(_t("kit.for_teacher", lang), 10, "B")
    parts = []
    for q in unit_test.unit_test():
        applies = _t("test.applies", lang, lesson=q.lesson)
        points = _t("test.points", lang, points=q.points)
        parts.append(
            f"<h3>{q.number}. {_h(_t('key.answer', lang))} {_h(q.answer(lang))} {_h(points)}</h3>"
            f"<p><i>{_h(q.question(lang))}</i> ({_h(applies)})</p>"
            f"<p>{_h(_t('key.why', lang))} {_h(q.why(lang))}</p>"
        )
    parts.append(f"<p><b>{_h(_t('test.total', lang, points=unit_test.total_points()))}</b></p>")
    pdf.html("".join(parts))
    return pdf


def rubric(lang: str) -> KitPDF:
    """The rubric of the player project (lesson 8): a criterion a row, four levels."""
    pdf = KitPDF(lang, _t("rubric.title", lang), orientation="landscape")
    pdf.add_page()
    pdf.heading(_t("rubric.title", lang))
    pdf.paragraph(_t("rubric.intro", lang, top=LEVELS, total=LEVELS * len(RUBRIC)))
    pdf.ln(2)
    pdf.set_font(FONT, size=9.5)
    heads = [_t("rubric.criterion", lang)] + [
        _t(f"rubric.level.{k}", lang) for k in range(1, LEVELS + 1)
    ]
    with pdf.table(
        col_widths=(34, 60, 60, 60, 60),
        line_height=4.6,
        text_align="LEFT",
        headings_style=_bold_heading(),
        padding=1.6,
    ) as table:
        row = table.row()
        for head in heads:
            row.cell(head)
        for criterion in RUBRIC:
            row = table.row()
            row.cell(_t(f"rubric.{criterion}", lang), style=_bold_heading())
            for k in range(1, LEVELS + 1):
                row.cell(_t(f"rubric.{criterion}.{k}", lang))
    return pdf


def _bold_heading():
    from fpdf.fonts import FontFace

    return FontFace(family=FONT, emphasis="BOLD")


def lesson_notes(lang: str) -> KitPDF:
    """Each lesson's notes on pacing (:mod:`pachisi_widget.lessons.pacing`): what to cut when
    short, what to give the fastest students."""
    pdf = KitPDF(lang, _t("pace.title", lang))
    pdf.add_page()
    pdf.heading(_t("pace.title", lang))
    pdf.paragraph(_t("pace.intro", lang))
    parts = []
    for notes in pacing.course_pacing(lang):
        parts.append(
            f"<h3>{_h(notes.title)}</h3>"
            f"<p><b>{_h(_t('pace.cut', lang))}:</b> {_h(notes.cut)}</p>"
            f"<p><b>{_h(_t('pace.extend', lang))}:</b> {_h(notes.extend)}</p>"
        )
    pdf.html("".join(parts))
    return pdf


_MAKERS: dict[str, Callable[..., KitPDF]] = {
    "board-a3": board_a3,
    "board-a4-sheets": board_tiles,
    "rules-sheet": rules_sheet,
    "answer-key": answer_key,
    "unit-test": test_paper,
    "unit-test-answers": test_answers,
    "project-rubric": rubric,
    "lesson-notes": lesson_notes,
}


def build(
    out: Path,
    langs: tuple[str, ...] = ("en", "ro"),
    *,
    root: Path = REPOSITORY,
    square_mm: float = SQUARE_MM,
    only: tuple[str, ...] | None = None,
) -> list[Path]:
    """Write the kit's PDFs (:data:`DOCUMENTS`, or ``only`` those) in each of ``langs`` into
    ``out/<lang>/``; the files written.

    Raises:
        PermissionError: outside a teacher's mode: the kit holds every answer
            (``scripts/teacher.sh print`` sets the mode).
        ValueError: for a document or language that does not exist.
    """
    if not teacher_mode():
        raise PermissionError(
            "the teacher's kit holds every lesson's answers: build it with "
            "`bash scripts/teacher.sh print` (which sets PACHISI_TEACHER=1)"
        )
    if not SQUARES[0] <= square_mm <= SQUARES[1]:
        raise ValueError(
            f"a square of the board on A4 sheets is {SQUARES[0]:g} to {SQUARES[1]:g} mm, not "
            f"{square_mm!r} (the default {SQUARE_MM:g} mm makes the board of four sheets)"
        )
    names = tuple(only) if only else DOCUMENTS
    unknown = [n for n in names if n not in _MAKERS]
    if unknown:
        raise ValueError(
            f"no document {', '.join(unknown)} in the kit; there are: {', '.join(DOCUMENTS)}"
        )
    for lang in langs:
        if lang not in lessons.LANGUAGES:
            raise ValueError(f"lang must be one of {', '.join(lessons.LANGUAGES)}, not {lang!r}")
    written = []
    for lang in langs:
        folder = out / lang
        folder.mkdir(parents=True, exist_ok=True)
        for name in names:
            maker = _MAKERS[name]
            if name == "board-a4-sheets":
                pdf = maker(lang, square_mm)
            elif name in ("rules-sheet", "answer-key"):
                pdf = maker(lang, root)
            else:
                pdf = maker(lang)
            target = folder / f"{name}-{lang}.pdf"
            pdf.output(str(target))
            written.append(target)
    return written
