"""A cell the student writes: a function of a few lines, checked on the package's cases
(:class:`CodeTask`, :func:`task`)."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction
from numbers import Real

from ..words import text
from ..words.format import format_text as words  # the package's one formatter
from ..words.format import number
from .answers import _shown
from .checking import Result, _language, _sentence
from .registry import TASKS, sentences
from .teacher import teacher_mode

__all__ = ["CodeTask", "task"]


def _same_value(got, want) -> bool:
    """Whether the student's value ``got`` is the package's ``want`` (exact numbers; a float
    within 1e-9; tuples and lists item by item)."""
    if isinstance(want, (tuple, list)):
        return (
            isinstance(got, (tuple, list))
            and len(got) == len(want)
            and all(_same_value(g, w) for g, w in zip(got, want, strict=True))
        )
    if isinstance(got, bool) or not isinstance(got, (Real, Decimal)):
        return False
    if isinstance(got, (float, Decimal)) or isinstance(want, float):
        x = float(got)
        return math.isfinite(x) and abs(x - float(want)) <= 1e-9 * max(1.0, abs(float(want)))
    return Fraction(got) == Fraction(want)


def _value_words(x, lang: str | None = None) -> str:
    """A value in the feedback's prose: a fraction as 5/16, a float with the language's decimal
    mark (0,001225 in Romanian), anything else as Python shows it."""
    if isinstance(x, Fraction):
        return str(x) if x.denominator != 1 else str(x.numerator)
    if isinstance(x, float) and math.isfinite(x):
        return number(x, lang)
    return _shown(x)


class CodeTask:
    """The cell of a lesson that the student writes: a function of a few lines, checked by the
    package on cases it computes itself (:func:`task`)."""

    def __init__(self, lesson: str, lang: str | None = None):
        if lesson not in TASKS:
            raise ValueError(
                f"lesson {lesson!r} has no code task; the lessons with one: {', '.join(sorted(TASKS))}"
            )
        self.lesson, self._lang = lesson, lang
        spec = TASKS[lesson]()
        self.name, self.args, self._cases, self._params = (
            spec.name,
            spec.args,
            spec.cases,
            dict(spec.params),
        )
        self._solution = spec.solution

    def __repr__(self) -> str:
        return f'task("{self.lesson}")'

    def _text(self, name: str, lang: str) -> str:
        return words(sentences(lang)[f"{self.lesson}.task.{name}"], self._params, lang)

    def _say(self, code: str, lang: str, **params) -> str:
        params.setdefault("name", self.name)
        params.setdefault("hint_call", f"{self!r}.hint()")
        return text(code, params, lang)

    def _call(self, args) -> str:
        return f"{self.name}({', '.join(_shown(a) for a in args)})"

    def check(self, function, *, lang: str | None = None) -> Result:
        """Run the student's ``function`` on every case and say whether it gives the package's
        value: right; not written yet (``...``, or a body that returns nothing); not a function;
        the first case it gets wrong or stops on, with what it gave and what it should give."""
        lang = _language(lang or self._lang)
        if function is ... or function is None:
            return Result(False, self._say("task_blank", lang), "blank")
        if not callable(function):
            return Result(
                False, self._say("task_not_function", lang, got=_shown(function)), "unreadable"
            )
        for args, want in self._cases:
            try:
                got = function(*args)
            except Exception as err:  # the student's code: any error is feedback, not a crash
                said = self._say(
                    "task_error", lang, call=self._call(args), error=f"{type(err).__name__}: {err}"
                )
                return Result(False, said, "error")
            if got is None or got is ...:
                return Result(False, self._say("task_empty", lang), "blank")
            if not _same_value(got, want):
                said = self._say(
                    "task_wrong",
                    lang,
                    call=self._call(args),
                    got=_value_words(got, lang),
                    want=_value_words(want, lang),
                    hint=self._text("hint", lang),
                )
                return Result(False, said, "wrong")
        why = _sentence(self._text("why", lang))  # a sentence of its own, after the count's
        return Result(True, self._say("task_right", lang, count=len(self._cases), why=why), "right")

    @property
    def solution(self) -> str:
        """A teacher's body of the function (one line), in a teacher's mode only.

        Raises:
            PermissionError: outside a teacher's mode (:func:`~.teacher_mode`).
        """
        if not teacher_mode():
            lang = _language(self._lang)
            call = f"{self!r}.check({self.name})"
            raise PermissionError(self._say("exercise_teacher_only", lang, check_call=call))
        return self._solution

    def hint(self, *, lang: str | None = None) -> Result:
        """A hint that points the way without giving the code."""
        lang = _language(lang or self._lang)
        return Result(
            False, self._say("exercise_hint", lang, hint=self._text("hint", lang)), "hint"
        )


def task(lesson: str, *, lang: str | None = None) -> CodeTask:
    """The cell of lesson ``lesson`` that the student writes (a function, checked by the package).

    >>> def p_up(k, shells):
    ...     return Fraction(math.comb(shells, k), 2**shells)
    >>> task("02").check(p_up)                              # doctest: +ELLIPSIS
    Right! Your function p_up gives the package's value in all ... cases...
    >>> task("02").check(lambda k, shells: Fraction(1, shells + 1))   # doctest: +ELLIPSIS
    Not yet: p_up(0, 2) gives 1/3, but the package says 1/4. Hint: math.comb(shells, k)...

    Raises:
        ValueError: for a lesson that has no code task.
    """
    return CodeTask(lesson, lang)
