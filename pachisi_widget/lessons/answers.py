"""Reading a student's answer in any of its equivalent forms (Form, NumberForm ... ChoiceForm).

A number as a Fraction, an int, a float or a text ("32/3", "10.67", "10,67", "31.25%"); a set or
a list in any order where order does not matter; seats and letters by name in either language.
"""

from __future__ import annotations

import abc
import math
import re
import unicodedata
from decimal import Decimal
from fractions import Fraction
from numbers import Rational, Real

from ..words import LANGUAGES, seat_label
from .registry import sentences

__all__ = [
    "ANSWER_TEXT_MAX",
    "ANSWER_ITEMS_MAX",
    "ANSWER_DEPTH_MAX",
    "ANSWER_DIGITS_MAX",
    "readable_size",
    "Form",
    "NumberForm",
    "IntegerForm",
    "ValuesForm",
    "StepsForm",
    "SeatsForm",
    "LettersForm",
    "ChoiceForm",
]


ANSWER_TEXT_MAX = 1_000
"""Characters: the longest text an answer is read from (an answer is a few words or numbers)."""
ANSWER_ITEMS_MAX = 1_000
"""The most values an answer holds, items of nested lists and sets counted."""
ANSWER_DEPTH_MAX = 8
"""How deep lists and sets of an answer may nest."""
ANSWER_DIGITS_MAX = 1_000
"""The most digits of a whole number, or of a fraction's numerator or denominator, an answer
may have (a Decimal's exponent too)."""
_BITS_MAX = math.ceil(ANSWER_DIGITS_MAX * math.log2(10))


def _int_ok(x) -> bool:
    return int.bit_length(x) <= _BITS_MAX


def readable_size(answer) -> bool:
    """Whether ``answer`` is small enough to be read as an answer: texts up to
    :data:`ANSWER_TEXT_MAX` characters, at most :data:`ANSWER_ITEMS_MAX` values nested at most
    :data:`ANSWER_DEPTH_MAX` deep, numbers of at most :data:`ANSWER_DIGITS_MAX` digits.

    Measured before anything parses, prints or compares the answer, and in a time bounded by
    those limits (never recursing); an answer that cannot even be measured is not readable.

    >>> readable_size([2, 6]), readable_size(10**5000), readable_size("1" * 10**6)
    (True, False, False)
    """
    try:
        todo: list = [(answer, 0)]
        seen = 0
        while todo:
            x, depth = todo.pop()
            seen += 1
            if seen > ANSWER_ITEMS_MAX:
                return False
            if isinstance(x, str):
                if str.__len__(x) > ANSWER_TEXT_MAX:
                    return False
            elif isinstance(x, int):
                if not _int_ok(x):
                    return False
            elif isinstance(x, Fraction):
                if not (_int_ok(x.numerator) and _int_ok(x.denominator)):
                    return False
            elif isinstance(x, Decimal):
                if x.is_finite() and abs(x.adjusted()) > ANSWER_DIGITS_MAX:
                    return False
                if len(x.as_tuple().digits) > ANSWER_DIGITS_MAX:
                    return False
            elif isinstance(x, range):
                if len(x) > ANSWER_ITEMS_MAX:
                    return False
            elif isinstance(x, (list, tuple, set, frozenset, dict)):
                if depth >= ANSWER_DEPTH_MAX or len(x) > ANSWER_ITEMS_MAX:
                    return False
                items = list(x.items()) if isinstance(x, dict) else x
                todo.extend((y, depth + 1) for y in items)
        return True
    except Exception:  # a length that overflows, an iterator or a method that raises
        return False


def _shown(answer) -> str:
    """The answer as a message quotes it: at most 60 characters, never an error (a text or a
    number too large to read is cut; an object that cannot print itself is named by its type)."""
    if not readable_size(answer):
        if isinstance(answer, str):
            return repr(str.__getitem__(answer, slice(0, 50)))[:-1] + "..."
        return f"<{type(answer).__name__}>"
    try:
        out = repr(answer)  # of a bounded size (a nest of at most 8, numbers of 1,000 digits)
    except Exception:
        out = f"<{type(answer).__name__}>"
    return out if len(out) <= 60 else out[:57] + "..."


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
    if (
        isinstance(answer, tuple)
        and len(answer) == 2
        and all(isinstance(a, int) and not isinstance(a, bool) for a in answer)
        and answer[1] >= 0
    ):
        raise _Comma
    if not readable_size(answer):
        raise _Unreadable
    if isinstance(answer, str):
        return _fraction(answer)
    try:
        if isinstance(answer, Rational):
            top, bottom = int(answer.numerator), int(answer.denominator)
            if not (_int_ok(top) and _int_ok(bottom)):
                raise _Unreadable
            return Fraction(top, bottom), True
        if isinstance(answer, (Real, Decimal)):
            x = float(answer)  # a signalling NaN, or a __float__ that raises: unreadable
            if type(x) is not float or not math.isfinite(x):
                raise _Unreadable
            return Fraction(x), False
    except _Unreadable:
        raise
    except Exception as err:
        raise _Unreadable from err
    raise _Unreadable


def _places(answer) -> int | None:
    """The decimal places a decimal answer was written with ("0.31": 2, 0.31: 2, "31.2%": 3);
    None for an exact answer (an int, a Fraction, "5/16") or one in e-notation."""
    if isinstance(answer, bool):
        return None
    if isinstance(answer, str):
        s = answer.strip().replace(" ", "").replace("\u2212", "-")
        percent = s.endswith("%")
        found = re.fullmatch(r"[+-]?\d*(?:[.,](\d+))?", s.rstrip("%"))
        if found is None or not (percent or found.group(1)):
            return None  # not a decimal ("5", "5/16"): an exact answer
        return len(found.group(1) or "") + (2 if percent else 0)
    if isinstance(answer, float):
        shown = repr(answer)
        return len(shown.split(".")[1]) if re.fullmatch(r"-?\d+\.\d+", shown) else None
    if isinstance(answer, Decimal):
        exponent = answer.as_tuple().exponent
        return -exponent if isinstance(exponent, int) and exponent < 0 else None
    return None


def _written(answer) -> Fraction:
    """A decimal answer's value as written: 0.31 is 31/100 (not the float's binary value)."""
    if isinstance(answer, float):
        return Fraction(repr(answer))
    if isinstance(answer, Decimal):
        return Fraction(answer)
    return _number(answer)[0]


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


_SEAT_WORDS = {
    "south": 0,
    "s": 0,
    "sud": 0,
    "east": 1,
    "e": 1,
    "est": 1,
    "north": 2,
    "n": 2,
    "nord": 2,
    "west": 3,
    "w": 3,
    "vest": 3,
    "v": 3,
}


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


class Form(abc.ABC):
    """How an exercise's answer is written and compared (subclasses: one per kind of answer)."""

    name = ""

    @abc.abstractmethod
    def read(self, answer):
        """The answer in a normal form that compares with ``==``.

        Raises:
            _Unreadable: when the answer is not written in this form.
        """

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
        return gap is not None and gap <= Fraction(1, 2 * 10**places) + Fraction(1, 10**12)

    def same(self, answer, expected) -> bool:
        try:
            return self._within(self._gap(answer, expected), self.decimals)
        except _Unreadable:
            return False

    def cut(self, answer, expected) -> tuple[str, int] | None:
        """How a decimal answer that is not right cut the answer: ("rounded", places) when it is
        the answer correctly rounded to the places it was written with (0.31 for 5/16 asked to 4
        places), ("truncated", places) when it is the answer cut off there (10.6, 10.66 for 32/3);
        None otherwise (an exact answer, a fraction, a number that is not the answer cut)."""
        places = _places(answer)
        if not places:
            return None
        try:
            value = _written(answer)
        except (_Unreadable, _Comma):
            return None
        target, scale = Fraction(expected), 10**places
        if value == Fraction(math.floor(target * scale + Fraction(1, 2)), scale):
            return "rounded", places
        if value == Fraction(math.trunc(target * scale), scale):
            return "truncated", places
        return None

    def probability(self, expected) -> bool:
        """Whether the answer is a probability (every exercise whose answer is a number from 0
        to 1 asks for one)."""
        return 0 <= Fraction(expected) <= 1

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
                words = list(words[0])  # "WSEN"
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
                found = list(low)  # "ad"
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
        labels = {
            lang: {k: sentences(lang)[f"{key}.{k}"] for k in options["words"]} for lang in LANGUAGES
        }
        return ChoiceForm(options["words"], labels)
    raise ValueError(f"unknown form of answer {kind!r}")


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
