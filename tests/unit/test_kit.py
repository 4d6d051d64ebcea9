"""The teacher's kit's parts that need no PDF: each lesson's notes on pacing, the end-of-unit test
(its answers computed by the package), the board for paper and how it is cut into A4 sheets, and
the kit's pinned libraries. The PDFs themselves: tests/builds/test_kit_print.py."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from support import REPO

from pachisi_widget import Game, board, scene, svg
from pachisi_widget.kit import board as paper
from pachisi_widget.lessons import catalog, pacing, unit_test
from pachisi_widget.lessons.l05b_being_hit import _hit
from pachisi_widget.lessons.teacher import TEACHER_VARIABLE, teacher_sentences, teacher_text
from pachisi_widget.words import catalogue


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_every_lesson_of_the_course_has_its_notes_on_pacing(lang):
    notes = pacing.course_pacing(lang)
    assert [n.lesson for n in notes] == [x.id for x in catalog()]
    for n in notes:
        assert n.title == next(x for x in catalog() if x.id == n.lesson).title(lang)
        assert len(n.cut) > 40 and len(n.extend) > 40 and n.cut != n.extend
    if lang == "ro":  # translated, not the English fallen back to
        english = {n.lesson: n for n in pacing.course_pacing("en")}
        assert all(n.cut != english[n.lesson].cut for n in notes)


def test_pacing_refuses_a_lesson_not_in_the_course_and_names_the_missing_notes(monkeypatch):
    with pytest.raises(ValueError, match=r"no lesson '09'.*there are: 00, 01"):
        pacing.pacing("09")
    found = dict(teacher_sentences("en"))
    del found["pace.05b.extend"]
    monkeypatch.setattr(pacing, "teacher_sentences", lambda lang="en": found)
    with pytest.raises(ValueError, match=r"pace\.05b\.extend to pachisi_widget/locale/en/teacher"):
        pacing.course_pacing("en")


def test_each_notes_code_belongs_to_a_lesson_of_the_course():
    ids = {x.id for x in catalog()}
    codes = [c for c in catalogue.messages("en", "teacher") if c.startswith("pace.")]
    lessons_named = {c.split(".")[1] for c in codes if c.count(".") == 2}
    assert lessons_named == ids, "notes for a lesson that is not in the course"


def test_teacher_text_formats_in_each_language_and_names_a_missing_code():
    assert teacher_text("board.size", {"square": 1.72, "size": 35.2}, "ro") == (
        "Fiecare pătrat are 1,7 cm; toată tabla are 35,2 cm lățime."
    )
    with pytest.raises(KeyError, match="no sentence 'nope' in locale/en/teacher.po"):
        teacher_text("nope")


# -- the end-of-unit test -----------------------------------------------------------------------


def test_the_unit_test_applies_the_lessons_to_new_cases_with_computed_answers():
    questions = unit_test.unit_test()
    assert len(questions) >= 8
    ids = [x.id for x in catalog()]
    assert [q.number for q in questions] == list(range(1, len(questions) + 1))
    assert all(q.lesson in ids for q in questions)
    assert len({q.lesson for q in questions}) >= 6, "the test covers the course, not one lesson"
    assert unit_test.total_points() == sum(q.points for q in questions)
    for q in questions:
        assert q.is_right(q.solution.expected), q.number
        for lang in ("en", "ro"):
            for text in (q.question(lang), q.why(lang), q.answer(lang)):
                assert "{" not in text and text != "?", (q.number, lang, text)
        # the question never gives its own answer away (a choice lists its words, as asked)
        shown = q.answer("en").lstrip("≈= ").split(" ")[-1]
        if q.solution.form[0] != "choice" and not re.fullmatch(r"\d+", shown):
            assert shown not in q.question("en"), q.number


def test_unit_test_answers_accept_what_the_lessons_accept_and_refuse_slips():
    shells = unit_test.question(2)
    assert shells.solution.expected == Fraction(5, 16)
    assert shells.is_right("5/16") and shells.is_right("0,3125") and shells.is_right(0.3125)
    assert not shells.is_right(0.31) and not shells.is_right(Fraction(1, 6))
    tournament = unit_test.question(10)
    assert tournament.is_right("no clear difference")
    assert tournament.is_right("nicio diferență clară")
    assert not tournament.is_right("wins")
    assert tournament.answer("ro") == '"nicio diferență clară"'
    pyada = unit_test.question(6)
    assert pyada.solution.expected == pyada.solution.params["plain"] + 1  # only the 25 earns it


def test_two_pieces_behind_are_more_dangerous_than_either_but_less_than_their_sum():
    q = unit_test.question(7)
    p = q.solution.params
    assert max(p["p_near"], p["p_far"]) < q.solution.expected < p["sum"]
    assert q.solution.expected == _hit(p["near"], p["far"])


def test_a_turns_chance_of_a_25_is_what_the_answer_sheet_says():
    p = unit_test.question(9).solution.params
    assert p["turn"] == p["q"] / (1 - p["six"] - p["ten"])
    assert unit_test.question(9).solution.expected == 1 / p["turn"]


def test_question_numbers_outside_the_test_are_refused():
    with pytest.raises(ValueError, match=r"questions 1 to \d+, not 0"):
        unit_test.question(0)


def test_the_keys_write_answers_exactly_and_to_the_places_asked():
    from pachisi_widget.lessons.answers import IntegerForm, NumberForm

    assert unit_test.written(NumberForm(4), Fraction(5, 16), "ro") == "5/16 = 0,3125"
    assert unit_test.written(NumberForm(2), Fraction(32, 3), "en") == "32/3 ≈ 10.67"
    assert unit_test.written(NumberForm(4), Fraction(1, 10**9 + 7), "en") == "≈ 0.0000"
    assert unit_test.written(IntegerForm(), 43, "en") == "43"


# -- the board for paper and its A4 sheets -----------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_the_printed_board_has_every_mark_and_no_text_below_the_smallest(lang):
    svg = paper.print_board_svg(lang)
    assert svg.count('class="pachisi-square"') == len(board.SQUARES) == 96
    assert svg.count('class="pachisi-castle"') == len(board.CASTLE_SQUARES)
    assert svg.count('class="pachisi-twenty-five-frame"') == 4
    assert svg.count('class="pachisi-entry"') == 4
    assert svg.count('class="pachisi-home-tray"') == 4
    assert svg.count('class="pachisi-direction"') == len(paper.direction_steps()) == 8
    sizes = [float(s) for s in re.findall(r'font-size="([\d.]+)"', svg)]
    assert sizes and min(sizes) >= scene.FONT_MIN
    assert f'font-family="{paper.FONT}"' in svg
    assert teacher_text("board.home", lang=lang) in svg
    assert 'data-step="' not in svg, "an empty board: no pieces"


def test_the_printed_board_prints_without_colour_and_without_tints():
    white = paper.print_board_svg("en", tint=False)
    squares = re.findall(r'class="pachisi-square"[^>]*fill="(#\w+)"', white)
    assert set(squares) == {"#ffffff"}
    tinted = re.findall(r'class="pachisi-square"[^>]*fill="(#\w+)"', paper.print_board_svg("en"))
    for fill in set(tinted):  # pale: every channel at least 55% of the way to white
        assert all(int(fill[i : i + 2], 16) >= 0.55 * 255 for i in (1, 3, 5)), fill
    with pytest.raises(ValueError, match="lang must be one of en, ro, not 'fr'"):
        paper.print_board_svg("fr")


def test_the_printed_board_is_the_screen_boards_drawing():
    # one geometry: every square, castle cross, 25-castle frame and the Charkoni stand where the
    # screen's picture (svg.board_svg) draws them
    def marks(text: str) -> dict:
        found = {}
        for cls in ("pachisi-square", "pachisi-castle", "pachisi-twenty-five-frame"):
            at = re.findall(
                rf'class="{cls}[^"]*"[^>]*?(?: x="([\d.-]+)" y="([\d.-]+)"| d="([^"]+)")', text
            )
            found[cls] = sorted((float(x or 0), float(y or 0), d) for x, y, d in at)
        found["charkoni"] = re.search(r'<g class="pachisi-charkoni">.*?</g>', text).group()
        return found

    screen = svg.board_svg(Game(players=4, seed=1).state)
    printed = paper.print_board_svg("en")
    assert marks(printed) == marks(screen)
    assert len(marks(printed)["pachisi-square"]) == 96


def test_the_arrows_point_the_way_the_track_goes():
    for step in paper.direction_steps():
        assert 9 <= step < 75
        assert board.square(0, step) not in board.CASTLE_SQUARES


@pytest.mark.parametrize("size", [100.0, 280.0, 352.0, 500.0, 820.0])
def test_the_sheets_cover_the_whole_board_and_overlap_as_they_say(size):
    plan = paper.tile_plan(size)
    (w, h), o = plan.area, plan.overlap
    assert len(plan.tiles) == plan.columns * plan.rows
    assert [t.number for t in plan.tiles] == list(range(1, len(plan.tiles) + 1))
    for x in (0, size / 3, size / 2, size - 0.01):
        for y in (0, size / 4, size - 0.01):
            assert any(t.x <= x <= t.x + w and t.y <= y <= t.y + h for t in plan.tiles), (x, y)
    by = {(t.row, t.column): t for t in plan.tiles}
    for t in plan.tiles:
        right = by.get((t.row, t.column + 1))
        if right:
            assert right.x == pytest.approx(t.x + w - o)
    other = paper.tile_plan(size) if plan.orientation == "portrait" else plan
    assert other.tiles == paper.tile_plan(size).tiles  # the same plan every time


def test_the_default_sheets_are_four_and_bad_sizes_are_refused():
    from pachisi_widget.kit.board import VIEW

    plan = paper.tile_plan(VIEW * 17.0 / 40)  # pages.SQUARE_MM: four sheets
    assert len(plan.tiles) == 4
    with pytest.raises(ValueError, match="positive number of millimetres, not -1"):
        paper.tile_plan(-1)
    with pytest.raises(ValueError, match="leave no room to print"):
        paper.tile_plan(300, overlap=400)


# -- the libraries -------------------------------------------------------------------------------


def _pins(path):
    out = {}
    for line in path.read_text().splitlines():
        name, sep, version = line.partition("==")
        if sep and not line.startswith("#"):
            out[re.sub(r"[-_.]+", "-", name.strip().lower())] = version.strip()
    return out


def test_the_kit_installs_the_versions_the_tests_use():
    teach, dev = (
        _pins(REPO / "scripts" / "teacher-requirements.txt"),
        _pins(REPO / "requirements-dev.txt"),
    )
    for name in ("fpdf2", "markdown-it-py"):
        assert teach[name] == dev[name], name
    assert "pypdfium2" in dev  # the build test renders the pages
    pyproject = (REPO / "pyproject.toml").read_text()
    assert 'kit = ["fpdf2' in pyproject and '"pachisi_widget[kit]",' in pyproject


def test_the_kit_is_built_only_in_a_teachers_mode(monkeypatch, tmp_path):
    from pachisi_widget.kit import pages

    monkeypatch.delenv(TEACHER_VARIABLE, raising=False)
    with pytest.raises(PermissionError, match="scripts/teacher.sh print"):
        pages.build(tmp_path)
    monkeypatch.setenv(TEACHER_VARIABLE, "1")
    with pytest.raises(ValueError, match="no document nope in the kit"):
        pages.build(tmp_path, only=("nope",))
    with pytest.raises(ValueError, match="8 to 40 mm, not 3"):
        pages.build(tmp_path, square_mm=3)
    assert not list(tmp_path.iterdir()), "nothing written for a refused request"


def test_the_fonts_come_from_debian_or_matplotlib_or_a_folder_named(monkeypatch, tmp_path):
    import matplotlib

    from pachisi_widget.kit import document

    shipped = tmp_path.parent / "nowhere"
    monkeypatch.setattr(
        document,
        "_candidates",
        lambda: [tmp_path, document.Path(matplotlib.get_data_path()) / "fonts" / "ttf"],
    )
    document.font_folder.cache_clear()
    try:
        assert document.font_folder().name == "ttf"  # matplotlib's copy of DejaVu
        monkeypatch.setattr(document, "_candidates", lambda: [tmp_path, shipped])
        document.font_folder.cache_clear()
        with pytest.raises(FileNotFoundError, match="fonts-dejavu-core.*PACHISI_KIT_FONTS"):
            document.font_folder()
    finally:
        document.font_folder.cache_clear()
