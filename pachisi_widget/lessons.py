"""Helpers for the tutorials: exercises that check themselves, their answers out of sight.

Each exercise of a lesson lives in the package (:mod:`pachisi_widget.exercises`): its expected
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
>>> ex.check(10.7)                                     # doctest: +ELLIPSIS
Close: 10.7 is near the answer but not to 2 decimal places...
>>> ex.hint()                                          # doctest: +ELLIPSIS
Hint: ...

An answer may be written in any equivalent form: a number as a Fraction, an int, a float or a
text such as ``"32/3"``, ``"10.67"`` or ``"10,67"`` (decimals to the exercise's stated precision);
a set or a list in any order where order does not matter. ``exercise(..., lang="ro")`` (or
:data:`LANGUAGE`) gives the words in Romanian:

>>> exercise("03", 3, lang="ro").check(10)             # doctest: +ELLIPSIS
Nu chiar: 10 adună punctele harului...

The older :func:`check` compares an answer with an expected value that the cell computed itself:

>>> from fractions import Fraction
>>> check(Fraction(1, 64), Fraction(1, 64), why="one way in 64 for no mouth up")
Right! one way in 64 for no mouth up
>>> check(0.5, Fraction(1, 64), why="one way in 64", hint="count the ways to get 0 mouths up")
Not quite: 0.5 is not the answer. Hint: count the ways to get 0 mouths up
>>> check(..., 3, why="three", hint="look at the table").correct
False
>>> check(0.0157, Fraction(1, 64), why="1/64 = 0.015625", tolerance=1e-3).correct
True

The words around ``why`` and ``hint`` follow :data:`LANGUAGE` (or ``lang=``), so a Romanian
lesson sets ``lessons.LANGUAGE = "ro"`` once:

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
import re
import string
import unicodedata
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from numbers import Number, Rational, Real

from . import exercises as _exercises
from .i18n import LANGUAGES, NOUNS, count, seat_label, text

__all__ = ["Result", "Exercise", "check", "exercise", "exercises", "compare", "Slider",
           "explore", "LANGUAGE"]

LANGUAGE = "en"
"""The language of the checker's words when no ``lang=`` is given ("en" or "ro")."""

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
    """The name of the recognised typical mistake (with the verdict "mistake")."""
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


def _language(lang: str | None) -> str:
    lang = LANGUAGE if lang is None else lang
    if lang not in LANGUAGES:
        raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")
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
            _same(a, e, tolerance) for a, e in zip(answer, expected, strict=True))
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
        ValueError: for a language that is not one of :data:`pachisi_widget.i18n.LANGUAGES`.
    """
    lang = _language(lang)
    if answer is ... or answer is None:
        return Result(False, text("check_no_answer", {"hint": hint or why}, lang))
    if _same(answer, expected, tolerance):
        return Result(True, text("check_right", {"why": why}, lang))
    code = "check_wrong_hint" if hint else "check_wrong"
    return Result(False, text(code, {"answer": repr(answer), "hint": hint}, lang))


# -- reading an answer in any of its equivalent forms ---------------------------------------------


class _Unreadable(Exception):
    """The answer is not written in the exercise's form."""


class _Comma(Exception):
    """A decimal written with a comma in Python code: a tuple of two numbers."""


def _fraction(text_: str) -> tuple[Fraction, bool]:
    """A number written as text: (value, exact). "32/3" and "5" are exact, "10.67" is not."""
    s = text_.strip().replace(" ", "").replace("\u2212", "-").replace(",", ".")
    exponent = re.search(r"[eE][+-]?(\d+)", s)
    if len(s) > 40 or (exponent and int(exponent.group(1)) > 30):
        raise _Unreadable  # no answer is that long, and 1e999999999 would take forever
    percent = s.endswith("%")
    s = s.rstrip("%")
    try:
        if "/" in s:
            top, bottom = s.split("/")
            value, exact = Fraction(top) / Fraction(bottom), "." not in s and "e" not in s.lower()
        else:
            value, exact = Fraction(s), not re.search(r"[.eE]", s)
    except (ValueError, ZeroDivisionError) as err:
        raise _Unreadable from err
    return (value / 100 if percent else value), exact


def _number(answer) -> tuple[Fraction, bool]:
    """(value, exact) of a numeric answer; exact for ints, Fractions and "p/q" texts."""
    if isinstance(answer, bool) or answer is None:
        raise _Unreadable
    if isinstance(answer, tuple) and len(answer) == 2 and all(
            isinstance(a, int) and not isinstance(a, bool) for a in answer) and answer[1] >= 0:
        raise _Comma
    if isinstance(answer, str):
        return _fraction(answer)
    if isinstance(answer, Rational):
        return Fraction(int(answer.numerator), int(answer.denominator)), True
    if isinstance(answer, (Real, Decimal)):
        x = float(answer)
        if not math.isfinite(x):
            raise _Unreadable
        return Fraction(x), False
    raise _Unreadable


def _integer(answer) -> int:
    value, _ = _number(answer)
    if value.denominator != 1:
        raise _Unreadable
    return int(value)


def _items(answer) -> list:
    """The items of a collection answer: a set, list or tuple, a text "2, 6", or a single item."""
    if isinstance(answer, str):
        return re.findall(r"-?\d+(?:[.,]\d+)?", answer)
    if isinstance(answer, (set, frozenset, list, tuple, range)):
        return list(answer)
    if isinstance(answer, (int, Fraction, float)) and not isinstance(answer, bool):
        return [answer]
    raise _Unreadable


_SEAT_WORDS = {"south": 0, "s": 0, "sud": 0, "east": 1, "e": 1, "est": 1,
               "north": 2, "n": 2, "nord": 2, "west": 3, "w": 3, "vest": 3, "v": 3}


def _plain(word: str) -> str:
    """A word lowercased, without diacritics, spaces or quotes around it ("Puțin" -> "putin")."""
    decomposed = unicodedata.normalize("NFKD", str(word).strip().strip("\"'„”").lower())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


def _seat(item) -> int:
    if isinstance(item, int) and not isinstance(item, bool) and 0 <= item <= 3:
        return item
    if isinstance(item, str):
        word = _plain(item)
        if word.isdigit() and int(word) <= 3:
            return int(word)
        if word in _SEAT_WORDS:
            return _SEAT_WORDS[word]
    raise _Unreadable


class Form:
    """How an exercise's answer is written and compared (subclasses: one per kind of answer)."""

    name = ""

    def read(self, answer):
        """The answer in a normal form that compares with ``==``.

        Raises:
            _Unreadable: when the answer is not written in this form.
        """
        raise NotImplementedError

    def same(self, answer, expected) -> bool:
        """Whether ``answer`` (as the student wrote it) is ``expected`` (in normal form)."""
        try:
            return self.read(answer) == self.read(expected)
        except _Unreadable:
            return False

    def params(self, lang: str) -> dict:
        """The placeholders of this form's description ("exercise_form_<name>")."""
        return {}

    def show(self, expected, lang: str) -> str:
        """The expected answer as a student would write it."""
        return repr(expected)


class NumberForm(Form):
    """A number: exact (a Fraction, an int, "p/q") or a decimal to ``decimals`` places."""

    name = "number"

    def __init__(self, decimals: int):
        self.decimals = decimals

    def read(self, answer):
        return _number(answer)

    def _gap(self, answer, expected) -> Fraction | None:
        value, exact = self.read(answer)
        target = Fraction(expected)
        if exact:
            return Fraction(0) if value == target else None
        return abs(value - target)

    def _within(self, gap: Fraction | None, places: int) -> bool:
        return gap is not None and gap <= Fraction(1, 2 * 10 ** places) + Fraction(1, 10 ** 12)

    def same(self, answer, expected) -> bool:
        try:
            return self._within(self._gap(answer, expected), self.decimals)
        except _Unreadable:
            return False

    def close(self, answer, expected) -> bool:
        """A decimal that is right to fewer places than stated (10.7 for 32/3 at 2 places)."""
        try:
            value, exact = self.read(answer)
        except (_Unreadable, _Comma):
            return False
        return not exact and self._within(self._gap(answer, expected), self.decimals - 1)

    def params(self, lang):
        return {"decimals": self.decimals}

    def show(self, expected, lang):
        value = Fraction(expected)
        if value.denominator == 1:
            return str(value.numerator)
        decimal = _decimal(value, self.decimals, lang)
        exact = Fraction(decimal.replace(",", ".")) == value
        return str(value) if exact else f"{value} ≈ {decimal}"


class IntegerForm(Form):
    """A whole number (a step, a count)."""

    name = "integer"

    def read(self, answer):
        return _integer(answer)

    def show(self, expected, lang):
        return str(expected)


class ValuesForm(Form):
    """A set of whole numbers, in any order: {2, 6}, [6, 2], "2, 6" (a lone number is a set of
    one)."""

    name = "values"

    def read(self, answer):
        return frozenset(_integer(item) for item in _items(answer))

    def show(self, expected, lang):
        return "{" + ", ".join(str(v) for v in sorted(expected)) + "}"


class StepsForm(Form):
    """A list of ``size`` steps in any order (one per piece: the same step may come twice)."""

    name = "steps"

    def __init__(self, size: int):
        self.size = size

    def read(self, answer):
        return tuple(sorted(_integer(item) for item in _items(answer)))

    def params(self, lang):
        return {"size": self.size}

    def show(self, expected, lang):
        return str(list(expected))


class SeatsForm(Form):
    """The seats in order: names in English or Romanian, letters, numbers, or a text "W S E N"."""

    name = "seats"

    def read(self, answer):
        if isinstance(answer, str):
            words = re.findall(r"[^\W\d_]+|\d", answer)
            if len(words) == 1 and len(words[0]) > 1 and _plain(words[0]) not in _SEAT_WORDS:
                words = list(words[0])                      # "WSEN"
            answer = words
        if not isinstance(answer, (list, tuple)):
            raise _Unreadable
        return tuple(_seat(item) for item in answer)

    def params(self, lang):
        return {"example": [seat_label(s, lang) for s in (2, 3, 0, 1)]}

    def show(self, expected, lang):
        return str([seat_label(s, lang) for s in expected])


class LettersForm(Form):
    """A set of the letters ``letters``, in any order: {"a", "d"}, "a and d", ["D", "A"]."""

    name = "letters"

    def __init__(self, letters: str):
        self.letters = letters

    def read(self, answer):
        if isinstance(answer, str):
            low = _plain(answer)
            found = re.findall(r"(?<![^\W\d_])[^\W\d_](?![^\W\d_])", low)
            if not found and low.isalpha():
                found = list(low)                           # "ad"
            answer = found
        if not isinstance(answer, (set, frozenset, list, tuple)):
            raise _Unreadable
        out = set()
        for item in answer:
            letter = _plain(item).strip("()") if isinstance(item, str) else None
            if letter is None or len(letter) != 1 or letter not in self.letters:
                raise _Unreadable
            out.add(letter)
        return frozenset(out)

    def show(self, expected, lang):
        return "{" + ", ".join(f'"{x}"' for x in sorted(expected)) + "}"


class ChoiceForm(Form):
    """One of a few words, in either language ("less", "mai puțin probabil", "mai putin")."""

    name = "choice"

    def __init__(self, words: dict[str, tuple[str, ...]], labels: dict[str, dict[str, str]]):
        self.labels = labels
        self.words = {}
        for key, synonyms in words.items():
            for word in (key, *synonyms, *(labels[lang][key] for lang in labels)):
                self.words[_plain(word)] = key

    def read(self, answer):
        if not isinstance(answer, str) or _plain(answer) not in self.words:
            raise _Unreadable
        return self.words[_plain(answer)]

    def params(self, lang):
        quoted = [f'"{label}"' for label in self.labels[lang].values()]
        return {"choices": {"en": " or ", "ro": " sau "}[lang].join(quoted)}

    def show(self, expected, lang):
        return f'"{self.labels[lang][expected]}"'


def _decimal(value, places: int, lang: str) -> str:
    out = f"{float(value):.{places}f}"
    return out.replace(".", ",") if lang == "ro" else out


# -- the words: an exercise's sentences with their numbers, in one language -----------------------


_JOINTS = {"and": {"en": " and ", "ro": " și "}, "or": {"en": " or ", "ro": " sau "}}


class _Words(string.Formatter):
    """Formats an exercise's sentence: ``{x:.2f}`` with the language's decimal mark, ``{n:steps}``
    in number-noun agreement, ``{s:seat}`` a seat's name, ``{s:seats}`` seats in order
    ("West → South"), ``{x:set}`` a set as Python writes it, ``{x:and}`` and ``{x:or}`` a list
    in words ("(a) and (d)", "10 or 25"), ``{r:opening}`` an opening round's throws in words."""

    def __init__(self, lang: str):
        super().__init__()
        self.lang = lang

    def format_field(self, value, spec):
        lang = self.lang
        if spec == "seat":
            return seat_label(value, lang)
        if spec == "seats":
            return " → ".join(seat_label(s, lang) for s in value)
        if spec == "set":
            return "{" + ", ".join(str(v) for v in sorted(value)) + "}"
        if spec in ("and", "or"):
            words = [str(v) for v in value]
            joint = _JOINTS[spec][lang]
            if len(words) < 2:
                return "".join(words)
            return joint.join([", ".join(words[:-1]), words[-1]])
        if spec == "opening":
            verb = {"en": "{} threw {}", "ro": "{} a aruncat {}"}[lang]
            return self.format_field([verb.format(seat_label(s, lang), v) for s, v in value], "and")
        if spec and spec in NOUNS[lang]:
            return count(value, spec, lang)
        if isinstance(value, (Fraction, float)) and spec.endswith("f"):
            out = format(float(value), spec)
            return out.replace(".", ",") if lang == "ro" else out
        if isinstance(value, float) and not spec and lang == "ro":
            return str(value).replace(".", ",")
        return super().format_field(value, spec)



def words(template: str, params: dict, lang: str) -> str:
    """``template`` with ``params`` in words of ``lang`` (see :class:`_Words`)."""
    return _Words(lang).vformat(template, (), params)


# -- exercises ------------------------------------------------------------------------------------


def _form(spec) -> Form:
    kind, options = spec
    if kind == "number":
        return NumberForm(**options)
    if kind == "integer":
        return IntegerForm()
    if kind == "values":
        return ValuesForm()
    if kind == "steps":
        return StepsForm(**options)
    if kind == "seats":
        return SeatsForm()
    if kind == "letters":
        return LettersForm(**options)
    if kind == "choice":
        key = options["key"]
        labels = {lang: {k: _exercises.TEXTS[lang][f"{key}.{k}"] for k in options["words"]}
                  for lang in LANGUAGES}
        return ChoiceForm(options["words"], labels)
    raise ValueError(f"unknown form of answer {kind!r}")


def _shown(answer) -> str:
    out = repr(answer)
    return out if len(out) <= 60 else out[:57] + "..."


class Exercise:
    """One exercise of a lesson: checks an answer, gives a hint, and (for a teacher) the answer.

    Made by :func:`exercise`; the expected answer and the typical mistakes are computed from the
    engine when the exercise is made.
    """

    def __init__(self, lesson: str, number: int, lang: str | None = None):
        key = (lesson, number)
        if key not in _exercises.EXERCISES:
            have = sorted(n for (of, n) in _exercises.EXERCISES if of == lesson)
            where = f"exercises {have}" if have else "no exercises in the package"
            raise ValueError(
                f"there is no exercise {number!r} in lesson {lesson!r}: it has {where}")
        self.lesson, self.number, self._lang = lesson, number, lang
        solution = _exercises.EXERCISES[key]()
        self.form = _form(solution.form)
        self.expected = solution.expected
        """The expected answer (computed from the engine)."""
        self.params = dict(solution.params)
        """The numbers the sentences quote (computed from the engine)."""
        self.mistakes = dict(solution.mistakes)
        """Typical wrong answers by name: the mistaken answer (or a test on the answer)."""

    @property
    def code(self) -> str:
        """The exercise's key in the catalogues of :mod:`pachisi_widget.exercises`: "02.3"."""
        return f"{self.lesson}.{self.number}"

    def __repr__(self) -> str:
        return f'exercise("{self.lesson}", {self.number})'

    def _text(self, name: str, lang: str, extra: dict | None = None) -> str:
        template = _exercises.TEXTS[lang][f"{self.code}.{name}"]
        return words(template, {**self.params, **(extra or {})}, lang)

    def _say(self, code: str, lang: str, **params) -> str:
        params.setdefault("hint_call", f"{self!r}.hint()")
        return text(code, params, lang)

    def _form_words(self, lang: str) -> str:
        return text(f"exercise_form_{self.form.name}", self.form.params(lang), lang)

    def mistake(self, answer) -> str | None:
        """The name of the typical mistake that ``answer`` makes, if it is one of them."""
        for name, wrong in self.mistakes.items():
            try:
                made = wrong(self.form.read(answer)) if callable(wrong) else self.form.same(
                    answer, wrong)
                if made:
                    return name
            except (_Unreadable, _Comma):
                return None
        return None

    def check(self, answer, *, lang: str | None = None) -> Result:
        """Say whether ``answer`` is right; if not, what the mistake was (for a typical wrong
        answer), or how to get a hint. ``...`` or None means "not answered yet".

        Raises:
            ValueError: for a language that is not one of :data:`pachisi_widget.i18n.LANGUAGES`.
        """
        lang = _language(lang or self._lang)
        form = self._form_words(lang)
        if answer is ... or answer is None:
            return Result(False, self._say("exercise_blank", lang, form=form), "blank")
        shown = _shown(answer)
        try:
            right = self.form.same(answer, self.expected)
            self.form.read(answer)
        except _Comma:
            return Result(False, self._say("exercise_comma", lang, answer=shown), "comma")
        except _Unreadable:
            return Result(False, self._say("exercise_unreadable", lang, answer=shown, form=form),
                          "unreadable")
        if right:
            why = self._text("why", lang)
            return Result(True, self._say("exercise_right", lang, why=why), "right")
        name = self.mistake(answer)
        if name is not None:
            said = self._say("exercise_mistake", lang, answer=shown,
                             mistake=self._text(name, lang, {"answer": shown}))
            return Result(False, said, "mistake", name)
        if isinstance(self.form, NumberForm) and self.form.close(answer, self.expected):
            return Result(False, self._say("exercise_close", lang, answer=shown,
                                           **self.form.params(lang)), "close")
        return Result(False, self._say("exercise_wrong", lang, answer=shown), "wrong")

    def hint(self, *, lang: str | None = None) -> Result:
        """A hint that points the way without giving the answer."""
        lang = _language(lang or self._lang)
        hint = self._text("hint", lang)
        return Result(False, self._say("exercise_hint", lang, hint=hint), "hint")

    def solution(self, *, lang: str | None = None) -> Result:
        """The expected answer and why (for a teacher; a student's cell never calls it)."""
        lang = _language(lang or self._lang)
        return Result(False, self._say("exercise_answer", lang,
                                       expected=self.form.show(self.expected, lang),
                                       why=self._text("why", lang)), "answer")


def exercise(lesson: str, number: int, *, lang: str | None = None) -> Exercise:
    """Exercise ``number`` of lesson ``lesson`` ("00", "02", ...), answers computed by the engine.

    ``lang`` fixes the language of its words; without it they follow :data:`LANGUAGE` when a
    check is made.

    >>> exercise("03", 1).check({25, 10, 6})
    Right! the entry graces of the classic game are 6, 10 and 25 (§3).

    Raises:
        ValueError: for a lesson and number that has no exercise in the package.
    """
    return Exercise(lesson, number, lang)


def exercises() -> list[tuple[str, int]]:
    """Every (lesson, number) that has an exercise in the package, in order."""
    return sorted(_exercises.EXERCISES)


# -- predict, then compute: a guess beside the computed result ------------------------------------

CLOSE = Fraction(1, 10)
"""A numeric guess within this fraction of the result (10%) is called close."""


def _as_words(x, decimals: int, lang: str) -> str:
    """A number as a lesson writes it: 4, 271/64 ≈ 4.23, 4.23 (decimal comma in Romanian)."""
    if isinstance(x, (int, Fraction)) and not isinstance(x, bool):
        value = Fraction(x)
        if value.denominator == 1:
            return str(value.numerator)
        decimal = _decimal(value, decimals, lang)
        if Fraction(decimal.replace(",", ".")) == value:
            return decimal
        return f"{value} ≈ {decimal}"
    value = Fraction(x)
    if value.denominator == 1:
        return str(value.numerator)
    return _decimal(value, decimals, lang)


def _guess_words(guess, decimals: int, lang: str) -> str:
    """The student's guess as written: a number in the lesson's form, a text in quotes."""
    if isinstance(guess, str):
        return _shown(guess)
    if isinstance(guess, (int, Fraction, float, Decimal)) and not isinstance(guess, bool):
        if isinstance(guess, float) and not math.isfinite(guess):
            return repr(guess)
        if isinstance(guess, float):
            out = repr(guess)                           # 7.5 stays 7.5, not 7.50
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


def compare(guess, value, *, what: str, choices=None, decimals: int = 2,
            lang: str | None = None) -> Result:
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
    if choices is not None:
        choices = list(choices)
        if not choices or value not in choices:
            raise ValueError(f"value {value!r} must be one of the choices {choices!r}")
        shown = _choice_words(value, lang)
    else:
        if isinstance(value, bool) or not isinstance(value, (Real, Decimal)) or not math.isfinite(
                float(value)):
            raise ValueError(f"value must be a finite number (or give choices=), not {value!r}")
        shown = _as_words(value if isinstance(value, (int, Fraction)) else float(value),
                          decimals, lang)
    said = {"what": what, "value": shown}
    if guess is ... or guess is None:
        return Result(False, text("compare_blank", said, lang), "blank")
    guessed = _guess_words(guess, decimals, lang)
    if choices is not None:
        listed = {"en": " or ", "ro": " sau "}[lang].join(_choice_words(c, lang) for c in choices)
        try:
            chosen = _chosen(guess, choices)
        except _Unreadable:
            form = text("compare_form_choice", {"choices": listed}, lang)
            return Result(False, text("compare_unreadable", {**said, "guess": guessed,
                                                             "form": form}, lang), "unreadable")
        code, verdict = (("compare_choice_right", "right") if chosen == value
                         else ("compare_choice_wrong", "missed"))
        return Result(chosen == value, text(code, {**said, "guess": guessed}, lang), verdict)
    try:
        number, _ = _number(guess)
    except _Comma:
        return Result(False, text("compare_comma", {**said, "guess": guessed}, lang),
                      "unreadable")
    except _Unreadable:
        form = text("compare_form_number", {}, lang)
        return Result(False, text("compare_unreadable", {**said, "guess": guessed, "form": form},
                                  lang), "unreadable")
    exact = Fraction(value) if not isinstance(value, float) else Fraction(float(value))
    gap = number - exact
    if abs(gap) <= Fraction(1, 2 * 10 ** decimals):
        return Result(True, text("compare_right", {**said, "guess": guessed}, lang), "right",
                      gap=gap)
    distance = _as_words(abs(gap) if abs(gap).denominator == 1 else float(abs(gap)), decimals,
                         lang)
    if exact:
        distance += f" ({round(100 * abs(gap) / abs(exact))}%)"
    close = bool(exact) and abs(gap) <= CLOSE * abs(exact)
    code = "compare_close" if close else ("compare_high" if gap > 0 else "compare_low")
    verdict = "high" if gap > 0 else "low"
    return Result(False, text(code, {**said, "guess": guessed, "gap": distance}, lang), verdict,
                  gap=gap)


# -- controls that recompute: sliders around a picture --------------------------------------------


@dataclass(frozen=True)
class Slider:
    """One parameter of :func:`explore`: from ``low`` to ``high`` by ``step``, starting at
    ``value``; ``label`` is its name beside the slider (the parameter's name if empty).

    >>> Slider(0.05, 0.95, 0.05, 0.5, "p").value
    0.5
    """

    low: float
    high: float
    step: float
    value: float
    label: str = ""

    def __post_init__(self):
        numbers = (self.low, self.high, self.step, self.value)
        if any(isinstance(x, bool) or not isinstance(x, Real) or not math.isfinite(x)
               for x in numbers):
            raise ValueError(f"a slider's low, high, step and value must be numbers, not "
                             f"{numbers!r}")
        if not (self.low <= self.value <= self.high) or self.step <= 0:
            raise ValueError(f"a slider needs low <= value <= high and a step above 0, not "
                             f"low={self.low}, high={self.high}, step={self.step}, "
                             f"value={self.value}")

    @property
    def whole(self) -> bool:
        """Whether every setting is a whole number (an integer slider)."""
        return all(isinstance(x, int) for x in (self.low, self.high, self.step, self.value))


def _loaded(name: str):
    """The module ``name`` (``IPython``, ``IPython.display`` or ``ipywidgets``) when it is
    installed, else None. Imported here, on first use, so that the lessons' checks work in plain
    Python without Jupyter (tests/test_layers.py allows these imports inside functions only)."""
    try:
        if name == "ipywidgets":
            import ipywidgets as module
        elif name == "IPython.display":
            import IPython.display as module
        elif name == "IPython":
            import IPython as module
        else:
            raise ValueError(f"not a Jupyter module the lessons use: {name!r}")
    except ImportError:
        return None
    return module


def _front_end() -> bool:
    """Whether a notebook kernel runs this code (sliders can be shown); False in plain Python."""
    ipython = _loaded("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    return shell is not None and getattr(shell, "kernel", None) is not None


def _show(thing) -> None:
    """Display ``thing`` in a notebook (print it elsewhere); nothing for None."""
    if thing is None:
        return
    display = getattr(_loaded("IPython.display"), "display", None)
    if display is None:
        print(thing)
    else:
        display(thing)


def explore(draw, /, *, lang: str | None = None, **sliders: Slider):
    """Show ``draw(**values)`` under one slider per parameter; moving a slider redraws it.

    ``draw`` prints or displays what it shows (or returns a picture to display); each keyword
    is a :class:`Slider` for the parameter of that name. In a notebook with ipywidgets (JupyterLab,
    Jupyter Notebook, JupyterLite) the sliders come with the picture, and the first drawing runs
    at once, so an error in ``draw`` shows where the cell runs. Without ipywidgets, or without a
    notebook, it shows the result for the sliders' starting values once, and says so.
    It displays what it shows and returns None.

    >>> explore(lambda n: print("n squared is", n * n), n=Slider(1, 10, 1, 3))
    n squared is 9
    (Sliders need ipywidgets in a live notebook: here is the result for n = 3.)

    Raises:
        ValueError: for a ``draw`` that cannot be called, no slider, a parameter that is not a
            :class:`Slider`, or an unknown language.
    """
    lang = _language(lang)
    if not callable(draw):
        raise ValueError(f"draw must be a function of the sliders' values, not {draw!r}")
    if not sliders:
        raise ValueError("explore needs at least one slider, e.g. n=Slider(10, 1000, 10, 100)")
    for name, slider in sliders.items():
        if not isinstance(slider, Slider):
            raise ValueError(f"{name} must be a Slider(low, high, step, value), not {slider!r}")
    start = {name: slider.value for name, slider in sliders.items()}
    widgets = _loaded("ipywidgets") if _front_end() else None
    if widgets is None:
        _show(draw(**start))
        settings = ", ".join(f"{sliders[k].label or k} = {_as_words(v, 2, lang)}"
                             for k, v in start.items())
        print(text("explore_static", {"settings": settings}, lang))
        return None
    controls = {}
    for name, slider in sliders.items():
        kind = widgets.IntSlider if slider.whole else widgets.FloatSlider
        controls[name] = kind(min=slider.low, max=slider.high, step=slider.step,
                              value=slider.value, description=slider.label or name,
                              continuous_update=False,
                              style={"description_width": "initial"},
                              layout=widgets.Layout(width="28em"))
    out = widgets.Output()

    def redraw(change=None, first=False):
        failure = None
        with out:
            out.clear_output(wait=True)
            try:
                _show(draw(**{k: c.value for k, c in controls.items()}))
            except Exception as err:        # the first drawing's error reaches the cell
                if not first:
                    raise
                failure = err
        if failure is not None:
            raise failure

    for control in controls.values():
        control.observe(redraw, names="value")
    box = widgets.VBox([*controls.values(), out])
    _show(_WithPicture(box, _still(draw, start, sliders, lang)))
    redraw(first=True)
    return None


class _WithPicture:
    """The sliders' box, with the picture for the starting values as its HTML stand-in: a live
    notebook draws the widget; a page without a kernel (the documentation site, a notebook
    viewer) shows the picture and the values it was drawn for."""

    def __init__(self, box, still: str):
        self.box, self.still = box, still

    def _repr_mimebundle_(self, include=None, exclude=None):
        bundle = self.box._repr_mimebundle_(include=include, exclude=exclude)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        data = dict(data or {})
        data.setdefault("text/html", self.still)
        return data


def _still(draw, start: dict, sliders: dict, lang: str) -> str:
    """HTML of what ``draw`` shows for the starting values (its printed text and pictures), and a
    line naming those values; empty when nothing could be captured."""
    import html

    try:
        from IPython.utils.capture import capture_output
    except ImportError:
        return ""
    try:
        with capture_output() as captured:
            _show(draw(**start))
    except Exception:       # the live drawing reports it; the stand-in just has no picture
        return ""
    parts = [f"<pre>{html.escape(captured.stdout)}</pre>"] if captured.stdout.strip() else []
    for output in captured.outputs:
        data = output.data
        if "image/svg+xml" in data:
            parts.append(data["image/svg+xml"])
        elif "text/html" in data:
            parts.append(data["text/html"])
        elif "image/png" in data:
            parts.append(f'<img alt="" src="data:image/png;base64,{data["image/png"]}">')
        elif "text/plain" in data:
            parts.append(f"<pre>{html.escape(data['text/plain'])}</pre>")
    settings = ", ".join(f"{sliders[k].label or k} = {_as_words(v, 2, lang)}"
                         for k, v in start.items())
    parts.append(f"<p><em>{html.escape(text('explore_static', {'settings': settings}, lang))}</em></p>")
    return "<div class='pachisi-explore-still'>" + "".join(parts) + "</div>"
