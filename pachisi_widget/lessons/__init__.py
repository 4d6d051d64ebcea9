"""Helpers for the tutorials: exercises that check themselves, their answers out of sight.

Each exercise of a lesson lives in the package, in its lesson's module (``lessons/l02_cowries.py``,
registered in :mod:`.registry`) and its lesson's translators' files: its expected
answer, computed from the engine; the forms of answer it accepts; the typical wrong answers, each
with what the mistake was; a hint; and every sentence in English and Romanian. A notebook cell only
holds the student's answer and asks for the check, so it shows the question and never the answer:

>>> ex = exercise("02b", 1)
>>> ex.check(...)                                      # doctest: +ELLIPSIS
No answer yet: write your answer in place of the ... and run the cell again. Answer with...
>>> ex.check("10.67")                                  # 32/3, to the stated 2 decimal places
Right! P(10) = 6/64 = 3/32, so the average wait is 1/P(10) = 32/3 ≈ 10.67 throws.
>>> ex.check(0.09375)                                  # doctest: +ELLIPSIS
Not quite: 0.09375 is P(10), the chance on one throw; ...
>>> ex.check(10.7)                                     # right, but rounded to 1 place
Right idea: 10.7 is the answer rounded to 1 decimal place. Round to 2 decimal places, or give a fraction.
>>> ex.check(10.66)                                    # doctest: +ELLIPSIS
Right idea, but 10.66 cuts the answer off after 2 decimal places instead of rounding it...
>>> ex.check(3)                                        # doctest: +ELLIPSIS
Not quite: 3 is not the answer. The answer is an average number of throws, more than 1. Look at...
>>> ex.hint()                                          # doctest: +ELLIPSIS
Hint: ...

An answer may be written in any equivalent form: a number as a Fraction, an int, a float or a
text such as ``"32/3"``, ``"10.67"`` or ``"10,67"`` (decimals to the exercise's stated precision);
a set or a list in any order where order does not matter. ``exercise(..., lang="ro")`` (or
:data:`LANGUAGE`) gives the words in Romanian:

>>> exercise("03", 1, lang="ro").check({10, 14})       # doctest: +ELLIPSIS
Nu chiar: {10, 14} adună valoarea harului...

The older :func:`~.checking.check` compares an answer with an expected value that the cell computed itself:

>>> from fractions import Fraction
>>> check(Fraction(1, 64), Fraction(1, 64), why="one way in 64 for no mouth up")
Right! One way in 64 for no mouth up
>>> check(0.5, Fraction(1, 64), why="one way in 64", hint="count the ways to get 0 mouths up")
Not quite: 0.5 is not the answer. Hint: count the ways to get 0 mouths up
>>> check(..., 3, why="three", hint="look at the table").correct
False
>>> check(0.0157, Fraction(1, 64), why="1/64 = 0.015625", tolerance=1e-3).correct
True

The words around ``why`` and ``hint`` follow :data:`LANGUAGE` (or ``lang=``), so a Romanian
lesson says ``pw.set_language("ro")`` once (which sets it, with the rest of the package):

>>> check(0.5, Fraction(1, 64), why="o cale din 64", hint="numără căile", lang="ro")
Nu chiar: 0.5 nu este răspunsul. Indiciu: numără căile

Predict, then compute: a cell holds the student's guess (``guess_1 = ...``) and the next cell,
which computes the result, shows it beside the guess with :func:`~.compare`:

>>> compare(4.23, Fraction(271, 64), what="the average throw")
Spot on! You guessed 4.23, and the average throw = 271/64 ≈ 4.23.

(that is, when the guess is right to 2 decimal places; otherwise it says how far off it was:)

>>> compare(6, Fraction(271, 64), what="the average throw")
You guessed 6, and the average throw = 271/64 ≈ 4.23: your guess was 1.77 (42%) too high.
>>> compare(..., Fraction(271, 64), what="media unei aruncări", lang="ro")   # doctest: +ELLIPSIS
Încă nu ai scris o estimare: scrie-o în locul lui ... înainte de această celulă, ...

:func:`~.explore.explore` shows a picture with sliders that redraw it (ipywidgets), or, where no slider can
be shown, the picture for the default values once.
"""

from __future__ import annotations

from ..lab.matches import match_both_ways  # lesson 06b's match, a tool of the lessons
from ..words import LANGUAGES, count, seat_label, text  # noqa: F401  (count...: as before)
from ..words.format import format_text as words  # the package's one formatter
from . import (  # noqa: F401  (one module per lesson: importing them registers their exercises)
    l00_first_game,
    l01_board,
    l02_cowries,
    l02b_waiting,
    l03_graces,
    l04_pyada,
    l05_captures,
    l05b_being_hit,
    l06_castle_25,
    l06b_waiting,
    l07_variants,
    l07b_first_player,
    l08_own_player,
)
from .answers import (  # noqa: F401
    _SEAT_WORDS,
    ChoiceForm,
    Form,
    IntegerForm,
    LettersForm,
    NumberForm,
    SeatsForm,
    StepsForm,
    ValuesForm,
    _as_words,
    _Comma,
    _decimal,
    _form,
    _fraction,
    _integer,
    _items,
    _number,
    _plain,
    _seat,
    _shown,
    _Unreadable,
    readable_size,
)
from .checking import (  # noqa: F401  (the private names: as before)
    _VERDICT_STYLE,
    Exercise,
    Result,
    _language,
    _same,
    _sentence,
    check,
    exercise,
    exercises,
)
from .explore import Slider, _front_end, _loaded, _show, _still, _WithPicture, explore  # noqa: F401
from .guesses import (  # noqa: F401
    CLOSE,
    _choice_words,
    _chosen,
    _compare_choice,
    _compare_number,
    _guess_words,
    _shown_value,
    compare,
)
from .reference import REFERENCES, Reference, reference
from .registry import (  # noqa: F401  (sentences: as before)
    EXERCISES,
    TASKS,
    Lesson,
    Solution,
    catalog,
    exercise_cell,
    exercise_cells,
    lesson,
    sentences,
)
from .tally import Tally, tally
from .tasks import CodeTask, _same_value, _value_words, task  # noqa: F401
from .teacher import TEACHER_VARIABLE, teacher_mode

__all__ = [
    "Result",
    "Exercise",
    "check",
    "exercise",
    "exercises",
    "compare",
    "Slider",
    "explore",
    "LANGUAGE",
    "words",
    "catalog",
    "lesson",
    "Lesson",
    "exercise_cells",
    "exercise_cell",
    "Solution",
    "EXERCISES",
    "reference",
    "Reference",
    "REFERENCES",
    "teacher_mode",
    "TEACHER_VARIABLE",
    "task",
    "CodeTask",
    "match_both_ways",
    "TASKS",
    "tally",
    "Tally",
]

LANGUAGE = "en"
"""The language of the checker's words when no ``lang=`` is given ("en" or "ro")."""


def __getattr__(name: str):
    """``NOUNS``, as before: the old table of the i18n shim, read only by old code."""
    if name == "NOUNS":
        from .. import i18n

        return i18n.NOUNS
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
