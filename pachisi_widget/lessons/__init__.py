"""Helpers for the tutorials: exercises that check themselves, their answers out of sight.

Each exercise of a lesson lives in the package, in its lesson's module (``lessons/l02_cowries.py``,
registered in :mod:`.registry`) and its lesson's translators' files: its expected
answer, computed from the engine; the forms of answer it accepts; the typical wrong answers, each
with what the mistake was; a hint; and every sentence in English and Romanian. A notebook cell only
holds the student's answer and asks for the check, so it shows the question and never the answer:

>>> ex = exercise("02", 3)
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

>>> exercise("03", 3, lang="ro").check(10)             # doctest: +ELLIPSIS
Nu chiar: 10 adună valoarea harului...

The older :func:`check` compares an answer with an expected value that the cell computed itself:

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
which computes the result, shows it beside the guess with :func:`compare`:

>>> compare(4.23, Fraction(271, 64), what="the average throw")
Spot on! You guessed 4.23, and the average throw = 271/64 ≈ 4.23.

(that is, when the guess is right to 2 decimal places; otherwise it says how far off it was:)

>>> compare(6, Fraction(271, 64), what="the average throw")
You guessed 6, and the average throw = 271/64 ≈ 4.23: your guess was 1.77 (42%) too high.
>>> compare(..., Fraction(271, 64), what="media unei aruncări", lang="ro")   # doctest: +ELLIPSIS
Încă nu ai scris o estimare: scrie-o în locul lui ... înainte de această celulă, ...

:func:`explore` shows a picture with sliders that redraw it (ipywidgets), or, where no slider can
be shown, the picture for the default values once.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from numbers import Number, Real

from ..errors import say
from ..words import LANGUAGES, count, seat_label, text  # noqa: F401  (count...: as before)
from ..words.format import format_text as words  # the package's one formatter
from . import (  # noqa: F401  (one module per lesson: importing them registers their exercises)
    l00_first_game,
    l01_board,
    l02_cowries,
    l03_graces,
    l04_pyada,
    l05_captures,
    l05b_being_hit,
    l06_castle_25,
    l06b_waiting,
    l07_variants,
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
from .explore import Slider, _front_end, _loaded, _show, _still, _WithPicture, explore  # noqa: F401
from .reference import REFERENCES, Reference, reference
from .registry import (
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
    "TASKS",
]

LANGUAGE = "en"
"""The language of the checker's words when no ``lang=`` is given ("en" or "ro")."""

TEACHER_VARIABLE = "PACHISI_TEACHER"
"""The environment variable of a teacher's mode (``1``): ``scripts/teacher.sh`` sets it for the
teacher's tools and for ``teacher.sh lab``, the tests set it; a student's kernel does not."""


def teacher_mode() -> bool:
    """Whether this process is in a teacher's mode, where an exercise shows its answer
    (``.expected``, ``.solution()``): the environment variable :data:`TEACHER_VARIABLE` is ``1``
    (or ``yes``, ``true``), read at each call."""
    return os.environ.get(TEACHER_VARIABLE, "").strip().lower() in {"1", "yes", "true", "on"}


_VERDICT_STYLE = {
    "right": ("#1b7f3b", "&#10004;"),
    "close": ("#a15c00", "&#8776;"),
    "hint": ("#245b8f", "&#9432;"),
    "blank": ("#245b8f", "&#9432;"),
    "answer": ("#245b8f", "&#9432;"),
    "high": ("#245b8f", "&#8594;"),
    "low": ("#245b8f", "&#8594;"),
    "missed": ("#245b8f", "&#8594;"),
    "unreadable": ("#245b8f", "&#9432;"),
}


@dataclass(frozen=True)
class Result:
    """The outcome of one exercise check; shows as a single line of text."""

    correct: bool
    """Whether the answer is right."""
    message: str
    """What to tell the student."""
    verdict: str = ""
    """What kind of outcome (exercise checks only): "right", "blank", "mistake" (a typical wrong
    answer, recognised), "wrong", "close" (a decimal short of the stated precision), "comma" (a
    decimal written with a comma in Python), "unreadable" (not in the answer's form), "hint" or
    "answer"."""
    mistake: str = ""
    """The name of the recognised typical mistake (with the verdict "mistake"), or how a decimal
    with the verdict "close" cut the answer: "rounded" (right, rounded to other places) or
    "truncated" (cut off instead of rounded)."""
    gap: Fraction | None = None
    """How far a numeric guess was from the result, guess minus result (:func:`compare` only)."""

    def __repr__(self) -> str:
        return self.message

    def _repr_html_(self) -> str:
        from html import escape

        verdict = self.verdict or ("right" if self.correct else "wrong")
        color, mark = _VERDICT_STYLE.get(verdict, ("#a33", "&#10008;"))
        return f'<p style="color:{color};font-weight:600">{mark} {escape(self.message)}</p>'

    def __bool__(self) -> bool:
        return self.correct


def _sentence(why) -> str:
    """``why`` as a sentence of its own, after "Right!" / "Corect!": its first letter a capital."""
    why = str(why)
    return why[:1].upper() + why[1:]


def _language(lang: str | None) -> str:
    lang = LANGUAGE if lang is None else lang
    if lang not in LANGUAGES:
        raise ValueError(say("arg_lang", {"names": ", ".join(LANGUAGES), "got": repr(lang)}))
    return lang


# -- the older check: the cell computes the expected value itself ---------------------------------


def _same(answer, expected, tolerance) -> bool:
    if isinstance(expected, (set, frozenset)):
        try:
            return set(answer) == set(expected)
        except TypeError:
            return False
    if isinstance(expected, (list, tuple)) and isinstance(answer, (list, tuple)):
        return len(answer) == len(expected) and all(
            _same(a, e, tolerance) for a, e in zip(answer, expected, strict=True)
        )
    if isinstance(expected, Number) and isinstance(answer, Number) and not isinstance(answer, bool):
        if tolerance is not None:
            return abs(float(answer) - float(expected)) <= tolerance
        if isinstance(expected, Fraction) and isinstance(answer, float):
            return abs(answer - float(expected)) <= 1e-9 * max(1.0, abs(float(expected)))
        return answer == expected
    return answer == expected


def check(
    answer,
    expected,
    *,
    why: str,
    hint: str = "",
    tolerance: float | None = None,
    lang: str | None = None,
) -> Result:
    """Compare a student's ``answer`` with ``expected`` and say right or wrong, and why.

    Numbers compare exactly (a float matches a Fraction to 1e-9), or within ``tolerance``;
    sets compare as sets, lists and tuples item by item. ``...`` or None means "not answered yet".
    ``lang`` is the language of the checker's own words (default: :data:`LANGUAGE`). The lessons
    that keep their answers in the package use :func:`exercise` instead.

    Raises:
        ValueError: for a language that is not one of :data:`pachisi_widget.words.LANGUAGES`.
    """
    lang = _language(lang)
    if answer is ... or answer is None:
        return Result(False, text("check_no_answer", {"hint": hint or why}, lang))
    try:
        right = readable_size(answer) and _same(answer, expected, tolerance)
    except Exception:  # an answer's own method that raises (__eq__, __float__ ...)
        right = False
    if right:
        return Result(True, text("check_right", {"why": _sentence(why)}, lang))
    code = "check_wrong_hint" if hint else "check_wrong"
    return Result(False, text(code, {"answer": _shown(answer), "hint": hint}, lang))


class Exercise:
    """One exercise of a lesson: checks an answer, gives a hint, and (for a teacher) the answer.

    Made by :func:`exercise`; the expected answer and the typical mistakes are computed from the
    engine when the exercise is made.
    """

    def __init__(self, lesson: str, number: int, lang: str | None = None):
        key = (lesson, number)
        if key not in EXERCISES:
            have = sorted(n for (of, n) in EXERCISES if of == lesson)
            params = {"number": repr(number), "lesson": repr(lesson), "have": have}
            raise ValueError(say("arg_no_exercise" if have else "arg_no_exercises", params))
        self.lesson, self.number, self._lang = lesson, number, lang
        solution = EXERCISES[key]()
        self.form = _form(solution.form)
        self._expected = solution.expected
        self._params = dict(solution.params)
        self.mistakes = dict(solution.mistakes)
        """Typical wrong answers by name: the mistaken answer (or a test on the answer)."""

    @property
    def expected(self):
        """The expected answer (computed from the engine); in a teacher's mode only.

        Raises:
            PermissionError: outside a teacher's mode (:func:`teacher_mode`), saying how a
                student checks an answer instead.
        """
        self._for_the_teacher()
        return self._expected

    @property
    def params(self) -> dict:
        """The numbers the sentences quote (computed from the engine; they include the answer),
        in a teacher's mode only.

        Raises:
            PermissionError: outside a teacher's mode (:func:`teacher_mode`).
        """
        self._for_the_teacher()
        return dict(self._params)

    def _for_the_teacher(self) -> None:
        if not teacher_mode():
            lang = _language(self._lang)
            raise PermissionError(
                self._say("exercise_teacher_only", lang, check_call=f"{self!r}.check(...)")
            )

    @property
    def code(self) -> str:
        """The exercise's key in its lesson's translators' files (``locale/<lang>/lessons/``): "02.3"."""
        return f"{self.lesson}.{self.number}"

    def __repr__(self) -> str:
        return f'exercise("{self.lesson}", {self.number})'

    def _text(self, name: str, lang: str, extra: dict | None = None) -> str:
        template = sentences(lang)[f"{self.code}.{name}"]
        return words(template, {**self._params, **(extra or {})}, lang)

    def _say(self, code: str, lang: str, **params) -> str:
        params.setdefault("hint_call", f"{self!r}.hint()")
        return text(code, params, lang)

    def _form_words(self, lang: str) -> str:
        return text(f"exercise_form_{self.form.name}", self.form.params(lang), lang)

    def mistake(self, answer) -> str | None:
        """The name of the typical mistake that ``answer`` makes, if it is one of them."""
        for name, wrong in self.mistakes.items():
            try:
                made = (
                    wrong(self.form.read(answer))
                    if callable(wrong)
                    else self.form.same(answer, wrong)
                )
                if made:
                    return name
            except (_Unreadable, _Comma):
                return None
        return None

    def check(self, answer, *, lang: str | None = None) -> Result:
        """Say whether ``answer`` is right; if not, what the mistake was (for a typical wrong
        answer), or how to get a hint. ``...`` or None means "not answered yet".

        Never raises for any answer, and answers at once: an answer larger than
        :func:`~pachisi_widget.lessons.answers.readable_size` allows (a text of more than 1,000
        characters, a number of more than 1,000 digits, a nest deeper than 8) is unreadable, and
        so is one whose own methods raise.

        Raises:
            ValueError: for a language that is not one of :data:`pachisi_widget.words.LANGUAGES`.
        """
        lang = _language(lang or self._lang)
        form = self._form_words(lang)
        if answer is ... or answer is None:
            return Result(False, self._say("exercise_blank", lang, form=form), "blank")
        shown = _shown(answer)
        unreadable = Result(
            False, self._say("exercise_unreadable", lang, answer=shown, form=form), "unreadable"
        )
        if not readable_size(answer):  # measured before anything reads it
            return unreadable
        try:
            return self._check(answer, shown, lang)
        except Exception:  # an answer's own method that raises (__eq__, __iter__ ...)
            return unreadable

    def _check(self, answer, shown: str, lang: str) -> Result:
        try:
            right = self.form.same(answer, self._expected)
            self.form.read(answer)
        except _Comma:
            return Result(False, self._say("exercise_comma", lang, answer=shown), "comma")
        except _Unreadable:
            form = self._form_words(lang)
            return Result(
                False, self._say("exercise_unreadable", lang, answer=shown, form=form), "unreadable"
            )
        if right:
            why = _sentence(self._text("why", lang))
            return Result(True, self._say("exercise_right", lang, why=why), "right")
        name = self.mistake(answer)
        if name is not None:
            said = self._say(
                "exercise_mistake",
                lang,
                answer=shown,
                mistake=self._text(name, lang, {"answer": shown}),
            )
            return Result(False, said, "mistake", name)
        if isinstance(self.form, NumberForm):
            cut = self.form.cut(answer, self._expected)
            if cut is not None:
                how, places = cut
                said = self._say(
                    f"exercise_{how}", lang, answer=shown, places=places, **self.form.params(lang)
                )
                return Result(False, said, "close", how)
            if self.form.close(answer, self._expected):
                return Result(
                    False,
                    self._say("exercise_close", lang, answer=shown, **self.form.params(lang)),
                    "close",
                )
        return Result(False, self._wrong(answer, shown, lang), "wrong")

    def _sentence(self, name: str, lang: str) -> str | None:
        """The exercise's own sentence ``name`` ("kind", "look"), or None when it has none."""
        return self._text(name, lang) if f"{self.code}.{name}" in sentences(lang) else None

    def _wrong(self, answer, shown: str, lang: str) -> str:
        """What a wrong answer that is no typical mistake hears: what kind of quantity the
        answer is (a probability is between 0 and 1), and where to look (or how to get a hint)."""
        look = self._sentence("look", lang) or self._say("exercise_look_hint", lang)
        if isinstance(self.form, NumberForm) and self.form.probability(self._expected):
            value = self.form.read(answer)[0]
            if not 0 <= value <= 1:
                return self._say("exercise_not_probability", lang, answer=shown, look=look)
            kind = self._sentence("kind", lang) or self._say(
                "exercise_kind_probability", lang, **self.form.params(lang)
            )
        else:
            kind = self._sentence("kind", lang) or self._form_words(lang)
        return self._say("exercise_wrong", lang, answer=shown, kind=kind, look=look)

    def hint(self, *, lang: str | None = None) -> Result:
        """A hint that points the way without giving the answer."""
        lang = _language(lang or self._lang)
        hint = self._text("hint", lang)
        return Result(False, self._say("exercise_hint", lang, hint=hint), "hint")

    def solution(self, *, lang: str | None = None) -> Result:
        """The expected answer and why, in a teacher's mode only (:func:`teacher_mode`).

        Raises:
            PermissionError: outside a teacher's mode, saying how a student checks an answer.
        """
        self._for_the_teacher()
        lang = _language(lang or self._lang)
        return Result(
            False,
            self._say(
                "exercise_answer",
                lang,
                expected=self.form.show(self._expected, lang),
                why=self._text("why", lang),
            ),
            "answer",
        )


def exercise(lesson: str, number: int, *, lang: str | None = None) -> Exercise:
    """Exercise ``number`` of lesson ``lesson`` ("00", "02", ...), answers computed by the engine.

    ``lang`` fixes the language of its words; without it they follow :data:`LANGUAGE` when a
    check is made.

    >>> exercise("03", 1).check({1})                     # doctest: +ELLIPSIS
    Right! While pieces still wait, a grace can only bring one in (§4), and it lands on step 1...

    Raises:
        ValueError: for a lesson and number that has no exercise in the package.
    """
    return Exercise(lesson, number, lang)


# -- a cell the student writes: a function checked on the package's cases ----------------------


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


def _value_words(x) -> str:
    if isinstance(x, Fraction):
        return str(x) if x.denominator != 1 else str(x.numerator)
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
                    got=_value_words(got),
                    want=_value_words(want),
                    hint=self._text("hint", lang),
                )
                return Result(False, said, "wrong")
        why = self._text("why", lang)
        return Result(True, self._say("task_right", lang, count=len(self._cases), why=why), "right")

    @property
    def solution(self) -> str:
        """A teacher's body of the function (one line), in a teacher's mode only.

        Raises:
            PermissionError: outside a teacher's mode (:func:`teacher_mode`).
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


def exercises() -> list[tuple[str, int]]:
    """Every (lesson, number) that has an exercise in the package, in order."""
    return sorted(EXERCISES)


# -- predict, then compute: a guess beside the computed result ------------------------------------

CLOSE = Fraction(1, 10)
"""A numeric guess within this fraction of the result (10%) is called close."""


def _guess_words(guess, decimals: int, lang: str) -> str:
    """The student's guess as written: a number in the lesson's form, a text in quotes."""
    if isinstance(guess, str) or not readable_size(guess):
        return _shown(guess)
    if isinstance(guess, Decimal) and not guess.is_finite():
        return str(guess)
    if isinstance(guess, (int, Fraction, float, Decimal)) and not isinstance(guess, bool):
        if isinstance(guess, float) and not math.isfinite(guess):
            return repr(guess)
        if isinstance(guess, float):
            out = repr(guess)  # 7.5 stays 7.5, not 7.50
            return out.replace(".", ",") if lang == "ro" else out
        return _as_words(Fraction(guess), decimals, lang)
    return _shown(guess)


def _choice_words(value, lang: str) -> str:
    return f'"{value}"' if isinstance(value, str) else str(value)


def _chosen(guess, choices):
    """The choice ``guess`` names (by number or by word), or raise _Unreadable."""
    for choice in choices:
        if isinstance(choice, str):
            if isinstance(guess, str) and _plain(guess) == _plain(choice):
                return choice
        elif isinstance(choice, Number) and not isinstance(guess, bool):
            try:
                if _number(guess)[0] == Fraction(choice):
                    return choice
            except (_Unreadable, _Comma):
                continue
    raise _Unreadable


def compare(
    guess, value, *, what: str, choices=None, decimals: int = 2, lang: str | None = None
) -> Result:
    """Show the computed ``value`` beside the student's ``guess``, and how far off the guess was.

    ``what`` names the result in the lesson's language ("the average throw"). A number is
    compared as a number: the guess may be an int, a float, a Fraction or a text ("7,5",
    "15/2"); the answer says by how much (and what percentage of the result) the guess was too
    high or too low, "close" within 10%, "spot on" when it is right to ``decimals`` places.
    With ``choices`` (the values one may pick from, numbers or words) a guess is either the
    result or not. ``...`` or None means no guess yet: it says to write one first. A guess that
    cannot be compared gets a sentence that says what to write; a guess never raises an error.
    The words follow :data:`LANGUAGE` (or ``lang``).

    >>> compare(10, 3, what="the most likely throw", choices=[2, 3, 4, 5, 6, 10, 25])
    You chose 10, and the most likely throw = 3: not this time. Look at the numbers again.
    >>> compare("7,5", 7, what="the wait").verdict, compare("seven", 7, what="the wait").verdict
    ('high', 'unreadable')

    Raises:
        ValueError: for a ``value`` that is neither a number nor one of ``choices``, a
            ``what`` that is not a text, a negative ``decimals``, or an unknown language.
    """
    lang = _language(lang)
    if not isinstance(what, str):
        raise ValueError(f"what must be a text that names the result, not {what!r}")
    if not isinstance(decimals, int) or isinstance(decimals, bool) or decimals < 0:
        raise ValueError(f"decimals must be a whole number 0 or more, not {decimals!r}")
    choices = None if choices is None else list(choices)
    shown = _shown_value(value, choices, decimals, lang)
    said = {"what": what, "value": shown}
    if guess is ... or guess is None:
        return Result(False, text("compare_blank", said, lang), "blank")
    try:
        said["guess"] = _guess_words(guess, decimals, lang)
        if readable_size(guess):  # measured before anything reads it
            if choices is not None:
                return _compare_choice(guess, value, choices, said, lang)
            return _compare_number(guess, value, decimals, said, lang)
    except Exception:  # a guess's own method that raises (__eq__, __float__ ...)
        said["guess"] = _shown(guess)
    if choices is not None:
        listed = {"en": " or ", "ro": " sau "}[lang].join(_choice_words(c, lang) for c in choices)
        form = text("compare_form_choice", {"choices": listed}, lang)
    else:
        form = text("compare_form_number", {}, lang)
    return Result(False, text("compare_unreadable", {**said, "form": form}, lang), "unreadable")


def _shown_value(value, choices, decimals: int, lang: str) -> str:
    """The computed ``value`` in words (one of ``choices`` when given, else a finite number)."""
    if choices is not None:
        if not choices or value not in choices:
            raise ValueError(f"value {value!r} must be one of the choices {choices!r}")
        shown = _choice_words(value, lang)
    else:
        if (
            isinstance(value, bool)
            or not isinstance(value, (Real, Decimal))
            or not math.isfinite(float(value))
        ):
            raise ValueError(f"value must be a finite number (or give choices=), not {value!r}")
        shown = _as_words(
            value if isinstance(value, (int, Fraction)) else float(value), decimals, lang
        )
    return shown


def _compare_choice(guess, value, choices: list, said: dict, lang: str) -> Result:
    """:func:`compare` of a guess among ``choices`` (``said``: the words of the answer)."""
    listed = {"en": " or ", "ro": " sau "}[lang].join(_choice_words(c, lang) for c in choices)
    try:
        chosen = _chosen(guess, choices)
    except _Unreadable:
        form = text("compare_form_choice", {"choices": listed}, lang)
        return Result(
            False,
            text("compare_unreadable", {**said, "form": form}, lang),
            "unreadable",
        )
    code, verdict = (
        ("compare_choice_right", "right") if chosen == value else ("compare_choice_wrong", "missed")
    )
    return Result(chosen == value, text(code, said, lang), verdict)


def _compare_number(guess, value, decimals: int, said: dict, lang: str) -> Result:
    """:func:`compare` of a guess of a number (``said``: the words of the answer)."""
    try:
        number, _ = _number(guess)
    except _Comma:
        return Result(False, text("compare_comma", said, lang), "unreadable")
    except _Unreadable:
        form = text("compare_form_number", {}, lang)
        return Result(
            False,
            text("compare_unreadable", {**said, "form": form}, lang),
            "unreadable",
        )
    exact = Fraction(value) if not isinstance(value, float) else Fraction(float(value))
    gap = number - exact
    if abs(gap) <= Fraction(1, 2 * 10**decimals):
        return Result(True, text("compare_right", said, lang), "right", gap=gap)
    distance = _as_words(abs(gap) if abs(gap).denominator == 1 else float(abs(gap)), decimals, lang)
    if exact:
        distance += f" ({round(100 * abs(gap) / abs(exact))}%)"
    close = bool(exact) and abs(gap) <= CLOSE * abs(exact)
    code = "compare_close" if close else ("compare_high" if gap > 0 else "compare_low")
    verdict = "high" if gap > 0 else "low"
    return Result(False, text(code, {**said, "gap": distance}, lang), verdict, gap=gap)


def __getattr__(name: str):
    """``NOUNS``, as before: the old table of the i18n shim, read only by old code."""
    if name == "NOUNS":
        from .. import i18n

        return i18n.NOUNS
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
