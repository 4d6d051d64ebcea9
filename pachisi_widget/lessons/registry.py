"""The lessons' registry: every exercise by (lesson, number), the lessons in order, exercise cells.

Each lesson module (``l05_captures.py``...) registers its exercises with ``@exercise("05", k)``: a
function of no arguments that asks the engine for the expected answer, for the numbers its
sentences quote, and for the answers that typical mistakes give (the same position played with
the mistaken rule: the grace's points counted, the castle ignored, pyada forgotten...). Nothing
is typed by hand that the engine can compute. :func:`pachisi_widget.lessons.exercise` turns one
into something a notebook cell can check an answer with.

The sentences are in translators' files, one per lesson and language:
``pachisi_widget/locale/<lang>/lessons/<id>.po`` (see :mod:`pachisi_widget.words.catalogue`),
with the codes ``"<lesson>.<number>.why"`` (said with "Right!"), ``".hint"``, one code per typical
mistake (a phrase that follows the student's answer: "Not quite: 10 counts the grace's
points...") and one per word of a choice; placeholders take the formats of
:func:`pachisi_widget.words.format_text`.

**Where a lesson's title comes from.** The title is a sentence a student reads, so it lives with
the lesson's other sentences, in the same ``.po`` files (code ``"<lesson>.title"``, English and
Romanian side by side), not in the notebook alone: the catalogue then works in an installed wheel,
where the notebooks are not. ``tests/unit/test_catalog.py`` checks that it is the notebook's first
heading, word for word, in each language.

>>> [lesson.id for lesson in catalog()][:7]
['00', '01', '02', '02b', '03', '04', '05']
>>> lesson = catalog()[7]
>>> lesson.title("en")
'5b. The chance of being hit: exact odds and a simulation check'
>>> lesson.notebook("ro"), lesson.exercises
('notebooks/ro/05b_chance_of_being_hit.ipynb', (1, 2, 3, 4))
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from ..errors import say
from ..words import catalogue

__all__ = [
    "Solution",
    "exercise",
    "TaskSpec",
    "code_task",
    "TASKS",
    "EXERCISES",
    "drop_equal",
    "interval_verdict",
    "interval_choice",
    "Lesson",
    "catalog",
    "lesson",
    "sentences",
    "ExerciseCell",
    "exercise_cell",
    "exercise_cells",
    "answer_line",
    "REPOSITORY",
    "LESSON_LANGUAGES",
]


@dataclass(frozen=True)
class Solution:
    """What the engine says about one exercise."""

    expected: Any
    """The expected answer, in the normal form of its ``form``."""
    form: tuple[str, dict]
    """How the answer is written: ("number", {"decimals": 2}), ("integer", {}), ("values", {}),
    ("steps", {"size": 4}), ("seats", {}), ("letters", {"letters": "abcd"}) or
    ("choice", {"key": "02b.2", "words": {"more": (...), "less": (...)}})."""
    params: dict = field(default_factory=dict)
    """The numbers the sentences quote."""
    mistakes: dict = field(default_factory=dict)
    """Typical mistakes by name: the wrong answer each gives, or a test on the answer (read in
    the form's normal form) that recognises it."""


EXERCISES: dict[tuple[str, int], Callable[[], Solution]] = {}
"""Every exercise, by (lesson, number)."""


def exercise(lesson: str, number: int):
    """Register the decorated function as exercise ``number`` of lesson ``lesson``.

    Raises:
        ValueError: for a lesson that is not in the course, or an exercise registered twice.
    """
    if lesson not in _FILES:
        raise ValueError(say("arg_no_lesson", {"got": repr(lesson), "names": ", ".join(_FILES)}))

    def register(function):
        if (lesson, number) in EXERCISES:
            raise ValueError(f"exercise {number} of lesson {lesson!r} is registered twice")
        EXERCISES[lesson, number] = function
        return function

    return register


def drop_equal(expected, mistakes: dict, same=lambda a, b: a == b) -> dict:
    """The mistakes whose answer differs from the expected one (a rule that changes nothing in
    this position makes no mistake)."""
    return {k: v for k, v in mistakes.items() if callable(v) or not same(v, expected)}


def interval_verdict(rate, fair: float = 0.5) -> str:
    """The reading of a 95% interval ``rate``: above ``fair``, below it, or neither."""
    return "wins" if rate.low > fair else "loses" if rate.high < fair else "unclear"


def interval_choice(key: str, rate, params: dict, wins: tuple[str, ...]) -> Solution:
    """An exercise that reads the 95% interval ``rate`` of a win rate: "wins", "loses" or
    "unclear" (the words ``wins`` say the first), quoting ``params`` and the interval."""
    verdict = interval_verdict(rate)
    point = "wins" if rate.rate > 0.5 else "loses"
    unclear = ("no clear difference", "no difference", "unclear", "nicio diferenta", "neclar")
    words = {"wins": wins, "loses": ("lose", "lost", "pierde"), "unclear": unclear}
    interval = {"rate": 100 * rate.rate, "low": 100 * rate.low, "high": 100 * rate.high}
    return Solution(
        verdict,
        ("choice", {"key": key, "words": words}),
        {**params, **interval},
        drop_equal(verdict, {"point": point}),
    )


@dataclass(frozen=True)
class TaskSpec:
    """A cell the student writes: a function ``name`` with ``args``, checked on ``cases``.

    The cases are computed by the package (the engine's own value for each argument tuple); the
    student's function must give each one: exactly, for a Fraction or a whole number (a float
    within ``1e-9`` of it), or item by item for a tuple."""

    name: str
    """The function the cell defines: "p_up"."""
    args: tuple[str, ...]
    """Its parameters' names, in order: ("k", "shells")."""
    cases: tuple[tuple[tuple, Any], ...]
    """(arguments, the package's value) for every case it is checked on."""
    params: dict = field(default_factory=dict)
    """The numbers the task's sentences quote."""
    solution: str = ""
    """A teacher's body of the function, one line ("return 84 - step"), with the names the
    lesson has imported (``scripts/teacher.sh solutions`` puts it in place of the ``...``)."""


TASKS: dict[str, Callable[[], TaskSpec]] = {}
"""The code task of each lesson that has one, by lesson id."""


def code_task(lesson: str):
    """Register the decorated function (no arguments, returns a :class:`TaskSpec`) as the code
    cell of lesson ``lesson`` that the student writes (its sentences: ``"<lesson>.task.why"`` and
    ``".hint"`` in the lesson's translators' files).

    Raises:
        ValueError: for a lesson that is not in the course, or a second task for one lesson.
    """
    if lesson not in _FILES:
        raise ValueError(f"no lesson {lesson!r} in the course; there are: {', '.join(_FILES)}")

    def register(function):
        if lesson in TASKS:
            raise ValueError(f"lesson {lesson!r} has a code task already")
        TASKS[lesson] = function
        return function

    return register


# -- the course: its lessons in order -------------------------------------------------------------

_FILES = {
    "00": "00_play_your_first_game",
    "01": "01_board_and_track",
    "02": "02_cowrie_throws_and_probability",
    "02b": "02b_simulating_the_throws",
    "03": "03_grace_throws",
    "04": "04_pyada_and_cowrie_skill",
    "05": "05_captures_and_castles",
    "05b": "05b_chance_of_being_hit",
    "06": "06_twenty_five_castle_strategy",
    "06b": "06b_does_waiting_pay",
    "07": "07_variants_and_house_rules",
    "07b": "07b_first_player_and_luck",
    "08": "08_write_your_own_player",
}
"""Each lesson's notebook file name (without ``.ipynb``, the same in every language), in the
order of the course."""

LESSON_LANGUAGES = ("en", "ro")
"""The languages every lesson has an edition in (``notebooks/`` and ``notebooks/<lang>/``)."""

REPOSITORY = Path(__file__).resolve().parents[2]
"""The folder the lessons' notebook paths are relative to: the repository, when the package is
run from it (an installed wheel has no notebooks; :meth:`Lesson.path` then says so)."""


@dataclass(frozen=True)
class Lesson:
    """One lesson of the course: its id, its notebook in each language, its title, its exercises."""

    id: str
    """The lesson's id, the start of its file name: "05b"."""
    name: str
    """The notebook's file name without ``.ipynb``: "05b_chance_of_being_hit"."""
    titles: Mapping[str, str] = field(hash=False)
    """The title by language, as the notebook's first heading reads ("5b. The chance of...")."""
    exercises: tuple[int, ...] = ()
    """The numbers of its exercises in the package, in order (the notebook checks each one)."""

    def title(self, lang: str = "en") -> str:
        """The lesson's title in ``lang``."""
        return self.titles[_known(lang)]

    def notebook(self, lang: str = "en") -> str:
        """The notebook's path relative to the repository: ``notebooks/<name>.ipynb`` in
        English, ``notebooks/<lang>/<name>.ipynb`` in another language."""
        lang = _known(lang)
        return (
            f"notebooks/{self.name}.ipynb"
            if lang == "en"
            else f"notebooks/{lang}/{self.name}.ipynb"
        )

    @property
    def notebooks(self) -> dict[str, str]:
        """The notebook paths by language, relative to the repository."""
        return {lang: self.notebook(lang) for lang in LESSON_LANGUAGES}

    def path(self, lang: str = "en", root: Path | str | None = None) -> Path:
        """The notebook's file under ``root`` (the repository: :data:`REPOSITORY` by default).

        Raises:
            FileNotFoundError: naming the lesson, the language and where it looked, when the
                notebook is not there (an installed package has no notebooks: pass ``root``).
        """
        found = Path(REPOSITORY if root is None else root) / self.notebook(lang)
        if not found.is_file():
            raise FileNotFoundError(
                f"lesson {self.id}'s {lang} notebook {self.notebook(lang)} is missing: not in "
                f"{found.parent} (the notebooks are in the repository, not in an installed "
                "package; pass root= the repository's folder)"
            )
        return found

    def has(self, lang: str = "en", root: Path | str | None = None) -> bool:
        """Whether the notebook of ``lang`` is under ``root`` (see :meth:`path`)."""
        return (Path(REPOSITORY if root is None else root) / self.notebook(lang)).is_file()


def _known(lang: str) -> str:
    if lang not in LESSON_LANGUAGES:
        raise ValueError(f"lang must be one of {', '.join(LESSON_LANGUAGES)}, not {lang!r}")
    return lang


@functools.cache
def catalog() -> tuple[Lesson, ...]:
    """Every lesson of the course in order (00, 01, 02, 02b, 03, ... 05, 05b, 06, 06b, 07, 07b, 08)."""
    out = []
    for lesson_id, name in _FILES.items():
        titles = {lang: sentences(lang)[f"{lesson_id}.title"] for lang in LESSON_LANGUAGES}
        numbers = tuple(sorted(n for of, n in EXERCISES if of == lesson_id))
        out.append(Lesson(lesson_id, name, titles, numbers))
    return tuple(out)


def lesson(key: str) -> Lesson:
    """The lesson whose id ("05b") or notebook name ("05b_chance_of_being_hit") is ``key``.

    Raises:
        ValueError: for a key that names no lesson, listing the ids there are.
    """
    for found in catalog():
        if key in (found.id, found.name, f"{found.name}.ipynb"):
            return found
    raise ValueError(say("arg_no_lesson", {"got": repr(key), "names": ", ".join(_FILES)}))


@functools.cache
def sentences(lang: str) -> dict[str, str]:
    """Code -> sentence template of every lesson's catalogue in ``lang`` (titles included);
    a sentence not yet translated, or whose English changed (fuzzy), is the English one."""
    out: dict[str, str] = {}
    for lesson_id in _FILES:
        domain = f"lessons/{lesson_id}"
        if lang != "en":
            out.update(catalogue.messages("en", domain))
        out.update(catalogue.messages(lang, domain))
    return out


# -- exercise cells: where a notebook asks for an exercise ----------------------------------------

_ANSWER = re.compile(r"^(\w+) = \.\.\.[ \t]*(#.*)?$", re.M)
_CHECK = re.compile(
    r"""exercise\(\s*["'](\w+)["']\s*,\s*(\d+)\s*(?:,[^)]*)?\)\s*\.check\(\s*(\w+)\s*\)"""
)


class ExerciseCell(NamedTuple):
    """A notebook cell that checks an exercise of the package: ``answer_3 = ...`` (the
    student's blank, ``raspuns_3`` in Romanian) and ``exercise("02", 3).check(answer_3)``."""

    index: int
    """The cell's index in the notebook's cells (-1 for a cell's source read alone)."""
    variable: str
    """The answer's variable: "answer_3"."""
    lesson: str
    """The lesson it asks: "02"."""
    number: int
    """The exercise's number: 3."""


def exercise_cell(source: str, index: int = -1) -> ExerciseCell | None:
    """The exercise a code cell's ``source`` checks, or None for a cell that checks none.

    A cell checks an exercise when it calls ``exercise("NN", k).check(var)`` (``lang=`` may be
    given) and sets ``var = ...`` on a line of its own.

    >>> exercise_cell('answer_3 = ...\\n\\nexercise("02", 3).check(answer_3)')
    ExerciseCell(index=-1, variable='answer_3', lesson='02', number=3)
    >>> exercise_cell('exercise("02", 3).hint()') is None
    True
    """
    check = _CHECK.search(source)
    if not check:
        return None
    if answer_line(source, check.group(3)) is None:
        return None
    return ExerciseCell(index, check.group(3), check.group(1), int(check.group(2)))


def answer_line(source: str, variable: str) -> re.Match | None:
    """Where a cell's source sets ``variable = ...`` (the line a teacher's solution replaces).

    >>> answer_line("a = 1\\nanswer_2 = ...  # a guess\\n", "answer_2").span()
    (6, 31)
    """
    return next((a for a in _ANSWER.finditer(source) if a.group(1) == variable), None)


def exercise_cells(nb: Mapping) -> list[ExerciseCell]:
    """Every exercise cell of a notebook (its JSON, as a dict), in order."""
    found = []
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        source = cell["source"]
        cell_found = exercise_cell(source if isinstance(source, str) else "".join(source), i)
        if cell_found is not None:
            found.append(cell_found)
    return found
