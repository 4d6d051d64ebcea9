"""Checking a student's answer: :class:`Result`, the older :func:`check`, and the exercises of
the lessons (:class:`Exercise`, :func:`exercise`), whose answers stay in the package.

>>> ex = exercise("02b", 1)
>>> ex.check("10.67").verdict, ex.check(3).verdict, ex.check(...).verdict
('right', 'wrong', 'blank')
>>> bool(check(0.5, 0.5, why="a half"))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from numbers import Number

from ..errors import say
from ..words import LANGUAGES, text
from ..words.format import format_text as words  # the package's one formatter
from .answers import NumberForm, _Comma, _form, _shown, _Unreadable, readable_size
from .registry import EXERCISES, sentences
from .teacher import teacher_mode

__all__ = ["Result", "Exercise", "check", "exercise", "exercises"]

# Each mark is drawn by Debian's default fonts (DejaVu Sans): ✔ ≈ ℹ → ✘; the circled ⓘ is not.
_VERDICT_STYLE = {
    "right": ("#1b7f3b", "&#10004;"),
    "close": ("#a15c00", "&#8776;"),
    "hint": ("#245b8f", "&#8505;"),
    "blank": ("#245b8f", "&#8505;"),
    "answer": ("#245b8f", "&#8505;"),
    "high": ("#245b8f", "&#8594;"),
    "low": ("#245b8f", "&#8594;"),
    "missed": ("#245b8f", "&#8594;"),
    "unreadable": ("#245b8f", "&#8505;"),
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
    """How far a numeric guess was from the result, guess minus result (:func:`~.compare` only)."""

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
    """``lang``, or the package's :data:`~pachisi_widget.lessons.LANGUAGE` (which
    ``pw.set_language`` sets, read at each call), checked."""
    if lang is None:
        from . import LANGUAGE as lang
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
    ``lang`` is the language of the checker's own words (default: :data:`~pachisi_widget.lessons.LANGUAGE`). The lessons
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
            PermissionError: outside a teacher's mode (:func:`~.teacher_mode`), saying how a
                student checks an answer instead.
        """
        self._for_the_teacher()
        return self._expected

    @property
    def params(self) -> dict:
        """The numbers the sentences quote (computed from the engine; they include the answer),
        in a teacher's mode only.

        Raises:
            PermissionError: outside a teacher's mode (:func:`~.teacher_mode`).
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
        """The expected answer and why, in a teacher's mode only (:func:`~.teacher_mode`).

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

    ``lang`` fixes the language of its words; without it they follow :data:`~pachisi_widget.lessons.LANGUAGE` when a
    check is made.

    >>> exercise("03", 1).check({1, 5})                  # doctest: +ELLIPSIS
    Right! The 10 brings a piece in on step 1, its points not counted (§4), and the throw it gives...

    Raises:
        ValueError: for a lesson and number that has no exercise in the package.
    """
    return Exercise(lesson, number, lang)


def exercises() -> list[tuple[str, int]]:
    """Every (lesson, number) that has an exercise in the package, in order."""
    return sorted(EXERCISES)
