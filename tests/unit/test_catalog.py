"""The course's catalogue (lessons.catalog()) and the one exercise-cell parser: the lessons on disk
are the catalogue's, in both languages, with the titles and exercises their notebooks have."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pachisi_widget import lessons
from pachisi_widget.lessons import registry

REPO = Path(__file__).resolve().parents[2]
CATALOG = lessons.catalog()
IDS = [lesson.id for lesson in CATALOG]
LANGS = registry.LESSON_LANGUAGES


def _notebooks(lang: str) -> set[str]:
    folder = REPO / "notebooks" if lang == "en" else REPO / "notebooks" / lang
    return {
        p.relative_to(REPO).as_posix() for p in folder.glob("*.ipynb") if not p.name.startswith(".")
    }


def _read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_lessons_are_in_curriculum_order():
    assert IDS == ["00", "01", "02", "02b", "03", "04", "05", "05b", "06", "06b", "07", "07b", "08"]
    assert [lesson.name.split("_", 1)[0] for lesson in CATALOG] == IDS


@pytest.mark.parametrize("lang", LANGS)
def test_every_notebook_on_disk_is_in_the_catalogue_and_back(lang):
    listed = {lesson.notebook(lang) for lesson in CATALOG}
    assert listed == _notebooks(lang), listed ^ _notebooks(lang)
    for lesson in CATALOG:
        assert lesson.has(lang)
        assert lesson.path(lang) == REPO / lesson.notebook(lang)
        assert lesson.notebooks[lang] == lesson.notebook(lang)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("lesson", CATALOG, ids=IDS)
def test_titles_are_the_notebooks_first_heading(lesson, lang):
    nb = _read(lesson.path(lang))
    first = "".join(next(c for c in nb["cells"] if c["cell_type"] == "markdown")["source"])
    heading = re.search(r"^#\s+(.+)$", first, flags=re.M).group(1).strip()
    assert lesson.title(lang).strip() and lesson.title(lang) == heading


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("lesson", CATALOG, ids=IDS)
def test_exercise_numbers_are_the_notebooks_exercise_cells(lesson, lang):
    cells = lessons.exercise_cells(_read(lesson.path(lang)))
    assert [c.number for c in cells] == list(lesson.exercises)
    assert {c.lesson for c in cells} <= {lesson.id}
    assert lesson.exercises == tuple(n for of, n in lessons.exercises() if of == lesson.id)
    variable = {"en": "answer", "ro": "raspuns"}[lang]
    assert all(c.variable == f"{variable}_{c.number}" for c in cells)


def test_every_exercise_belongs_to_a_lesson_of_the_catalogue():
    counted = sum(len(lesson.exercises) for lesson in CATALOG)
    assert counted == len(lessons.exercises())


def test_a_missing_notebook_is_named(tmp_path):
    lesson = lessons.lesson("05b")
    assert not lesson.has("ro", root=tmp_path)
    with pytest.raises(
        FileNotFoundError,
        match=r"lesson 05b's ro notebook "
        r"notebooks/ro/05b_chance_of_being_hit\.ipynb is missing",
    ):
        lesson.path("ro", root=tmp_path)
    with pytest.raises(ValueError, match="lang must be one of"):
        lesson.notebook("fr")


def test_a_lesson_is_found_by_id_or_name():
    assert lessons.lesson("06b") is lessons.lesson("06b_does_waiting_pay") is CATALOG[9]
    assert lessons.lesson("06b_does_waiting_pay.ipynb").id == "06b"
    with pytest.raises(ValueError, match="no lesson '09'"):
        lessons.lesson("09")


def test_the_catalogue_needs_no_notebook():
    """The titles are read from the translators' files, so an installed package (no notebooks)
    has its catalogue too."""
    from pachisi_widget.words import catalogue

    for lesson in CATALOG:
        for lang in LANGS:
            said = catalogue.messages(lang, f"lessons/{lesson.id}")[f"{lesson.id}.title"]
            assert said == lesson.title(lang)


# -- the one exercise-cell parser -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ('answer_3 = ...\n\nexercise("02", 3).check(answer_3)', ("answer_3", "02", 3)),
        ("raspuns_2 = ...\n\nexercise('05b', 2).check(raspuns_2)", ("raspuns_2", "05b", 2)),
        (
            'answer_1 = ...  # your guess\nexercise("03", 1, lang="ro").check( answer_1 )',
            ("answer_1", "03", 1),
        ),
        ('answer_3 = 7\n\nexercise("02", 3).check(answer_3)', None),  # not a blank answer
        ('x = ...\n\nexercise("02", 3).check(answer_3)', None),  # another variable
        ('exercise("02", 3).hint()', None),
        ("check(answer_1, expected, why='w')", None),  # the older, open check
    ],
)
def test_the_parser_reads_an_exercise_cell(source, found):
    cell = lessons.exercise_cell(source)
    assert (cell and tuple(cell[1:])) == found or (cell is None and found is None)


def test_the_parser_reads_a_notebook():
    nb = {
        "cells": [
            {
                "cell_type": "markdown",
                "source": 'answer_1 = ...\nexercise("02", 1).check(answer_1)',
            },
            {"cell_type": "code", "source": ["import pachisi_widget as pw\n"]},
            {
                "cell_type": "code",
                "source": ["answer_2 = ...\n", "\n", 'exercise("02", 2).check(answer_2)'],
            },
        ]
    }
    assert lessons.exercise_cells(nb) == [registry.ExerciseCell(2, "answer_2", "02", 2)]
