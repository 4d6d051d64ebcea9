"""The end-of-unit test: questions that apply the lessons' ideas to new cases, answers computed.

Each question names the lesson whose idea it applies and asks it of a case no lesson worked:
five shells instead of six, a 25 *or* a 10, two pieces behind instead of one, twenty turns on the
25-castle instead of ten, a tournament's score read through its interval. The answer comes from
the engine (the same functions the lessons' exercises use), never typed; the words are in the
teacher's translators' files (``locale/<lang>/teacher.po``, codes ``test.<n>.question`` and
``test.<n>.why``). ``scripts/teacher.sh print`` prints the test and its answers.

>>> shells = question(2)
>>> shells.lesson, shells.answer("en"), shells.answer("ro")
('02', '5/16 = 0.3125', '5/16 = 0,3125')
>>> shells.is_right("0.3125"), shells.is_right("5/16"), shells.is_right(0.31)
(True, True, False)
>>> print(shells.question("ro"))                       # doctest: +ELLIPSIS
Cu 5 coji echilibrate în loc de șase, care este probabilitatea să cadă exact 2 guri în sus?...
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from .. import board
from ..lab.stats import wilson_interval
from ..probability import (
    castle_wait_odds,
    expected_turns_until,
    turn_has_value_chance,
    turn_length_odds,
)
from ..rules import Rules
from ..throws import throw_distribution, up_distribution
from .answers import ChoiceForm, Form, NumberForm, _decimal, _form
from .l04_pyada import _skilled, _spent
from .l05b_being_hit import _TARGET, _hit
from .registry import Solution, drop_equal, interval_choice
from .teacher import teacher_sentences, teacher_text

__all__ = ["Question", "unit_test", "question", "total_points", "written"]

_LONG = 6
"""A fraction whose denominator has more digits than this is written by its decimal alone."""


def written(form: Form, expected, lang: str = "en") -> str:
    """An answer as the printed keys write it: a number exactly and to the places asked
    ("5/16 = 0.3125", "32/3 ≈ 10.67"; a fraction of many digits by its decimal alone, "≈ 0.1622");
    any other answer as its form shows it ({1}, "Vest, Sud..."), in ``lang``."""
    if not isinstance(form, NumberForm):
        return form.show(expected, lang)
    value = Fraction(expected)
    if value.denominator == 1:
        return str(value.numerator)
    decimal = _decimal(value, form.decimals, lang)
    sign = "=" if Fraction(decimal.replace(",", ".")) == value else "≈"
    if len(str(value.denominator)) > _LONG:
        return f"{sign} {decimal}"
    return f"{value} {sign} {decimal}"


def _question_form(spec) -> Form:
    """The form of a test question's answer: the lessons' forms; a choice's words from the
    teacher's files (``<key>.<word>``)."""
    kind, options = spec
    if kind != "choice":
        return _form(spec)
    key = options["key"]
    labels = {
        lang: {k: teacher_sentences(lang)[f"{key}.{k}"] for k in options["words"]}
        for lang in ("en", "ro")
    }
    return ChoiceForm(options["words"], labels)


@dataclass(frozen=True)
class Question:
    """One question of the end-of-unit test, with its answer computed by the package."""

    number: int
    """The question's number on the test, from 1."""
    lesson: str
    """The id of the lesson whose idea it applies ("05b")."""
    points: int
    """What it is worth."""
    solution: Solution
    """The expected answer, its form, and the numbers the sentences quote."""

    def _text(self, part: str, lang: str) -> str:
        return teacher_text(f"test.{self.number}.{part}", self.solution.params, lang)

    def question(self, lang: str = "en") -> str:
        """The question as the student reads it."""
        return self._text("question", lang)

    def answer(self, lang: str = "en") -> str:
        """The expected answer, written as a student would ("5/16 = 0.3125")."""
        return written(_question_form(self.solution.form), self.solution.expected, lang)

    def why(self, lang: str = "en") -> str:
        """How the answer is worked out, for the teacher's answer sheet."""
        return self._text("why", lang)

    def is_right(self, answer) -> bool:
        """Whether ``answer`` (a Fraction, a number, a text, a word) is the expected one, in
        any form the lessons' exercises accept."""
        return _question_form(self.solution.form).same(answer, self.solution.expected)


_QUESTIONS: list[tuple[str, int, Callable[[], Solution]]] = []


def _question(lesson: str, points: int = 1):
    def register(function: Callable[[], Solution]):
        _QUESTIONS.append((lesson, points, function))
        return function

    return register


@_question("01")
def _another_seats_step() -> Solution:
    step = 30
    east = board.step_of(1, board.square(0, step))
    return Solution(east, ("integer", {}), {"step": step, "east": east, "gap": step - east})


@_question("02")
def _five_shells() -> Solution:
    shells, up = 5, 2
    p = up_distribution(shells)[up]
    return Solution(
        p,
        ("number", {"decimals": 4}),
        {"p": p, "shells": shells, "up": up, "landings": 2**shells, "ways": p * 2**shells},
    )


@_question("02")
def _four_or_more() -> Solution:
    dist = throw_distribution(Rules())
    values = sorted(v for v in dist if v >= 4)
    p = sum((dist[v] for v in values), Fraction(0))
    return Solution(
        p,
        ("number", {"decimals": 4}),
        {
            "p": p,
            "values": values,
            "ways": p * 64,
            "parts": " + ".join(str(dist[v] * 64) for v in values),
        },
    )


@_question("02", points=2)
def _wait_for_ten_or_25() -> Solution:
    dist = throw_distribution(Rules())
    p = dist[25] + dist[10]
    return Solution(1 / p, ("number", {"decimals": 2}), {"p": p, "wait": 1 / p, "ways": p * 64})


@_question("03")
def _turn_of_two_throws() -> Solution:
    odds = turn_length_odds(Rules(), max_throws=2)
    g = 1 - odds[1]
    return Solution(odds[2], ("number", {"decimals": 4}), {"p": odds[2], "g": g})


@_question("04")
def _pyada_pool() -> Solution:
    pool = (25, 14, 3)
    steps = _spent(pool, _skilled())
    plain = _spent(pool, _skilled(pyada=False))
    return Solution(
        sum(steps),
        ("integer", {}),
        {
            "pool": list(pool),
            "steps": " + ".join(map(str, steps)),
            "total": sum(steps),
            "plain": sum(plain),
        },
        drop_equal(sum(steps), {"forgot": sum(plain)}),
    )


@_question("05b", points=2)
def _two_behind() -> Solution:
    near, far = 3, 10
    both, alone = _hit(near, far), (_hit(near), _hit(far))
    return Solution(
        both,
        ("number", {"decimals": 4}),
        {
            "near": near,
            "far": far,
            "p": both,
            "p_near": alone[0],
            "p_far": alone[1],
            "sum": sum(alone),
            "step": _TARGET,
        },
        drop_equal(both, {"added": sum(alone), "nearest": alone[0]}),
    )


@_question("06", points=2)
def _still_waiting() -> Solution:
    turns = 20
    home = sum(castle_wait_odds(Rules(), per="turn", upto=turns).values())
    still = 1 - home
    return Solution(
        still,
        ("number", {"decimals": 2}),
        {"turns": turns, "p": still, "q": turn_has_value_chance(25, Rules())},
    )


@_question("06")
def _tilted_wait() -> Solution:
    tilt = Fraction(2, 5)
    rules = Rules(p_mouth_up=tilt)
    mean = expected_turns_until(25, rules)
    odds = throw_distribution(rules)
    return Solution(
        mean,
        ("number", {"decimals": 1}),
        {
            "up": tilt,
            "mean": mean,
            "q": odds[25],
            "six": odds[6],
            "ten": odds[10],
            "turn": turn_has_value_chance(25, rules),
            "classic": expected_turns_until(25, Rules()),
        },
    )


@_question("06b", points=2)
def _read_the_interval() -> Solution:
    wins, games = 265, 500
    rate = wilson_interval(wins, games)
    return interval_choice(
        "test.choice", rate, {"wins": wins, "games": games}, ("wins", "win", "won", "câștigă")
    )


def unit_test() -> tuple[Question, ...]:
    """Every question of the end-of-unit test, in order, each answer computed by the package."""
    return tuple(
        Question(number, lesson, points, function())
        for number, (lesson, points, function) in enumerate(_QUESTIONS, start=1)
    )


def question(number: int) -> Question:
    """Question ``number`` (from 1) of the end-of-unit test.

    Raises:
        ValueError: for a number that is not on the test, saying how many there are.
    """
    if not 1 <= number <= len(_QUESTIONS):
        raise ValueError(
            f"the end-of-unit test has questions 1 to {len(_QUESTIONS)}, not {number!r}"
        )
    lesson, points, function = _QUESTIONS[number - 1]
    return Question(number, lesson, points, function())


def total_points() -> int:
    """What the whole test is worth."""
    return sum(points for _lesson, points, _function in _QUESTIONS)
