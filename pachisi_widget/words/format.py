"""The one formatter: a sentence template's placeholders put into the words of one language.

Every template, the board's catalogues and the lessons' exercise texts alike, is a
:meth:`str.format` template read by :class:`Formatter`. Its format specs:

- ``{n:steps}``, ``{n:pieces}`` ... (a countable noun of the ``words`` catalogue): the number and
  the noun in agreement (:func:`count`: "1 step", "un pătrat", "21 de pătrate");
- ``{s:to_step}``, ``{s:at_step}``, ``{s:from_step}``: a step, "the Charkoni" for 0 and "home"
  for 84 (never "step 84");
- ``{s:seat}``: a seat's name; ``{s:seats}``: seats in order ("West → South");
- ``{x:set}``: a set as Python writes it ("{3, 5}"); ``{x:and}``, ``{x:or}``: a list in words
  ("7, 3 and 25");
- ``{x:of}``: throws as values "of" ("10 and 3"; Romanian "de 10 și de 3": "aruncările de 10
  și de 3");
- ``{r:opening}``: an opening round's throws in words ("South threw 25 and North threw 10");
- ``{x:.2f}`` (any fixed-point spec) and a float without a spec: the number with the language's
  decimal mark (:func:`number`: "0,25" in Romanian);
- ``{p:percent}``: a chance 0..1 as a percentage (:func:`percent`: "62%", "0,4%"), so that a
  message can carry the chance itself and be written in whichever language shows it.

The decimal mark is the ``decimal_point`` label of the ``labels`` catalogue, so it is written
once, for the board's front end and for every sentence.

>>> format_text("{n:steps} {s:to_step} ({x:.2f})", {"n": 21, "s": 84, "x": 0.25}, "ro")
'21 de pătrate acasă (0,25)'
>>> format_text("{o:seats}; {v:and}", {"o": [3, 0], "v": [7, 3, 25]}, "en")
'West → South; 7, 3 and 25'
"""

from __future__ import annotations

import functools
import math
import re
import string
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction

from .. import errors as _errors
from . import catalogue

__all__ = [
    "Formatter",
    "Listed",
    "format_text",
    "number",
    "grouped",
    "half_up",
    "percent",
    "count",
    "seat_label",
    "join",
    "nouns",
    "word",
    "STEP_SPECS",
]

STEP_SPECS = ("at_step", "from_step", "to_step")
"""The format specs of a step: "on step 12", "from step 12", "to step 12"."""

_CHARKONI, _HOME = 0, 84  # board.HOME; the words layer reads no board module for two numbers


def _lang(lang: str | None) -> str:
    """``lang``, or the session's language when it is None (:func:`pachisi_widget.set_language`)."""
    return _errors.session_language() if lang is None else lang


def word(key: str, lang: str | None = None) -> str:
    """One entry of the ``words`` catalogue in ``lang`` (English when it is not translated)."""
    lang = _lang(lang)
    table = catalogue.messages(lang, "words")
    return table[key] if key in table else catalogue.messages("en", "words")[key]


def _label(key: str, lang: str) -> str:
    table = catalogue.messages(lang, "labels")
    return table[key] if key in table else catalogue.messages("en", "labels")[key]


def nouns(lang: str | None = None) -> dict[str, tuple[str, ...]]:
    """Each countable noun's plural forms in ``lang`` ("steps": ("un pătrat", "{n} pătrate",
    "{n} de pătrate")), by the order of the language's ``Plural-Forms``."""
    lang = _lang(lang)
    return _nouns(lang)


@functools.cache
def _nouns(lang: str) -> dict[str, tuple[str, ...]]:
    english = catalogue.plurals("en", "words")
    own = catalogue.plurals(lang, "words") if lang != "en" else english
    return {
        key[len("noun.") :]: (own[key] if key in own else english[key])
        for key in english
        if key.startswith("noun.")
    }


@functools.cache
def _seats(lang: str) -> tuple[str, ...]:
    return tuple(word(f"seat.{i}", lang) for i in range(4))


def seat_label(seat, lang: str | None = None) -> str:
    """The name of a seat in ``lang`` (anything that is not a seat number, as text).

    >>> seat_label(3, "ro"), seat_label("x")
    ('Vest', 'x')
    """
    lang = _lang(lang)
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat <= 3:
        return _seats(lang)[seat]
    return str(seat)


def number(x, lang: str | None = None, spec: str = "") -> str:
    """A number as ``lang`` writes it, with its decimal mark ("0,6" in Romanian).

    Without ``spec`` a float is written as Python writes it (``str``) and anything else as
    ``str`` does, untouched; with a spec such as ``".2f"`` the number (a Fraction too) is
    formatted by it first, rounded half up as a school rounds (0,015625 to five decimals is
    0,01563, where Python's own rounding gives 0,01562). This is the one place the decimal
    comma is written.

    >>> number(0.6, "ro"), number(0.6), number(12, "ro"), number(Fraction(1, 4), "ro", ".2f")
    ('0,6', '0.6', '12', '0,25')
    >>> number(0.015625, "ro", ".5f"), number(Fraction(1, 64), spec=".5f"), number(2.675, spec=".2f")
    ('0,01563', '0.01563', '2.68')
    """
    lang = _lang(lang)
    if spec:
        out = _fixed(x, spec)
    elif isinstance(x, float):
        out = str(x)
    else:
        return str(x)
    point = _label("decimal_point", lang)
    return out if point == "." else out.replace(".", point)


_FIXED = re.compile(r"(?P<head>[^.]*)\.(?P<places>\d+)f")


def _exact(x) -> Decimal | None:
    """``x`` as a Decimal (a float as it is written, a Fraction to 40 digits), or None."""
    if isinstance(x, bool):
        return None
    if isinstance(x, Fraction):
        with localcontext() as ctx:
            ctx.prec = 40
            return Decimal(x.numerator) / Decimal(x.denominator)
    if isinstance(x, float):
        return Decimal(repr(x)) if math.isfinite(x) else None
    if isinstance(x, (int, Decimal)):
        return Decimal(x)
    return None


def half_up(x, places: int = 0) -> float:
    """``x`` rounded to ``places`` decimals, half up (away from zero), as a school rounds: 2.5 is
    3 and 0.015625 to five places 0.01563 (Python's ``round`` rounds half to even).

    >>> half_up(2.5), half_up(62.5), half_up(0.015625, 5), half_up(-1.25, 1)
    (3.0, 63.0, 0.01563, -1.3)
    """
    d = _exact(x)
    if d is None:
        return float(x)
    return float(d.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


def _fixed(x, spec: str) -> str:
    """``format(x, spec)``, a fixed-point spec rounding half up."""
    found = _FIXED.fullmatch(spec)
    d = _exact(x) if found else None
    if d is None:
        return format(float(x) if isinstance(x, Fraction) else x, spec)
    places = int(found.group("places"))
    return format(d.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP), spec)


def grouped(n: int, lang: str | None = None) -> str:
    """A whole number with its thousands grouped as ``lang`` writes them: "64,000" in English;
    in Romanian a (non-breaking) space from five digits on, none in a number of four digits
    ("6000", "64 000", "1 000 000"), as Romanian school books write them.

    >>> grouped(6000, "ro"), grouped(64000, "ro"), grouped(1_000_000), grouped(-12345, "ro")
    ('6000', '64\xa0000', '1,000,000', '-12\xa0345')
    """
    lang = _lang(lang)
    if isinstance(n, bool) or not isinstance(n, int):
        return str(n)
    if lang == "en":
        return f"{n:,}"
    if abs(n) < 10_000:
        return str(n)
    return f"{n:,}".replace(",", "\u00a0")


def percent(
    p, lang: str | None = None, *, places: int | None = None, below: float | None = None
) -> str:
    """A chance ``p`` (0..1) as a percentage in ``lang``.

    - By default whole percents, and one decimal below 1% ("62%", "0.4%", "0,4%" in Romanian):
      the coach's and the hints' figures.
    - ``places=n``: always ``n`` decimals after rounding ("12.5%"), a practice question's choices.
    - ``below=x``: a chance above 0 but below ``x`` percent shows as "<x%" ("<0.1%"), so that a
      small risk never reads as zero.

    >>> percent(0.62), percent(0.004, "ro"), percent(0.0004, below=0.1), percent(0.125, places=1)
    ('62%', '0,4%', '<0.1%', '12.5%')
    """
    lang = _lang(lang)
    v = 100 * float(p)
    if below is not None and 0 < v < below:
        return f"<{number(below, lang)}%"
    if places is not None:
        return f"{number(half_up(v, places), lang)}%"
    if 0 < v < 1:
        return f"{number(half_up(v, 1), lang)}%"
    return f"{int(half_up(v))}%"


def count(n, noun: str, lang: str | None = None) -> str:
    """``n`` and ``noun`` (a countable noun: ``"steps"``, ``"pieces"``...) agreeing, in ``lang``.

    The form is chosen by the language's ``Plural-Forms``. Romanian: 1 takes the singular ("un
    pătrat", "o piesă", "o aruncare"); from 20 on, a number whose last two digits are 00 or
    20..99 takes "de" ("20 de pătrate", "100 de pătrate"), the others do not ("19 pătrate", "101
    pătrate"). A singular that writes no number ("un pătrat") is used for exactly 1 only; a
    value that is not a whole number takes the second form. A noun with a ``zero.<noun>`` entry
    says 0 its own way ("nicio gură": "nicio gură în sus").

    >>> [count(n, "steps", "ro") for n in (1, 2, 19, 20, 100, 119)]
    ['un pătrat', '2 pătrate', '19 pătrate', '20 de pătrate', '100 de pătrate', '119 pătrate']
    >>> count(1, "steps"), count(2, "steps"), count(0, "mouths", "ro"), count(1, "mouths", "ro")
    ('1 step', '2 steps', 'nicio gură', 'o gură')
    """
    lang = _lang(lang)
    forms = _nouns(lang)[noun]
    if n == 0 and not isinstance(n, bool) and f"zero.{noun}" in catalogue.messages("en", "words"):
        return word(f"zero.{noun}", lang)
    if isinstance(n, bool) or not isinstance(n, int):
        index = 1
    else:
        index = catalogue.plural_index(n, lang)
        if index == 0 and n != 1 and "{n}" not in forms[0]:
            index = 1
    return forms[index].replace("{n}", str(n))


def join(items, lang: str | None = None, joint: str = "and", empty: str = "") -> str:
    """Items as a list in words, the last two joined by ``joint`` ("and" or "or"): "7",
    "7 and 3", "7, 3 and 25" ("7, 3 și 25"); ``empty`` for no items. A single value that is not
    a list or tuple is one item.

    >>> join([7, 3, 25], "ro"), join(["10", "25"], joint="or"), join([], empty="–"), join(4)
    ('7, 3 și 25', '10 or 25', '–', '4')
    """
    lang = _lang(lang)
    words = [str(i) for i in items] if isinstance(items, (list, tuple)) else [str(items)]
    if not words:
        return empty
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {word(joint, lang)} {words[-1]}"


class Listed(str):
    """A list of throws already put into words ("10 and 3"), which keeps its ``items`` and the
    word that joined them, so that a spec may write them otherwise (``{pool:of}``)."""

    items: list
    joint: str

    def __new__(cls, said: str, items, joint: str = "and"):
        out = super().__new__(cls, said)
        out.items, out.joint = list(items), joint
        return out


def _of(value, lang: str) -> str:
    """Throws as a list "of" values: "10 and 3" in English, "de 10 și de 3" in Romanian (the
    glossary's "aruncarea de 7", so "aruncările de 10 și de 3")."""
    items = value.items if isinstance(value, Listed) else value
    joint = value.joint if isinstance(value, Listed) else "and"
    if not isinstance(items, (list, tuple)):
        items = [items]
    said = word("throw_of", lang)
    return join([said.format(value=v) for v in items], lang, joint, empty="–")


def _step(value, spec: str, lang: str) -> str:
    if value == _CHARKONI and not isinstance(value, bool):
        return word(f"{spec}.0", lang)
    if value == _HOME:
        return word(f"{spec}.84", lang)
    return word(f"{spec}.n", lang).format(n=value)


class Formatter(string.Formatter):
    """THE formatter of every sentence (see the module's docstring for its specs).

    ``names``, when given, is called as ``names(key, value)`` for each parameter before its spec
    is applied (the board's catalogues put a parameter into words by its name: a ``seat`` is a
    seat's name, ``pool`` a list of throws...), and a missing parameter shows as "?"; a list
    without a spec is then written as a Python list. Without ``names`` (the lessons' texts) a
    parameter is used as given and a missing one raises :class:`KeyError`.
    """

    def __init__(self, lang: str, names: Callable | None = None):
        super().__init__()
        self.lang = lang
        self.names = names

    def get_value(self, key, args, kwargs):
        if self.names is None:
            return super().get_value(key, args, kwargs)
        if key not in kwargs:
            return "?"
        return self.names(key, kwargs[key])

    def format_field(self, value, spec):
        lang = self.lang
        if spec == "seat":
            return seat_label(value, lang)
        if spec == "seats" and not isinstance(value, (int, float, Fraction)):
            return " → ".join(seat_label(s, lang) for s in value)
        if spec == "set":
            return "{" + ", ".join(str(v) for v in sorted(value)) + "}"
        if spec in ("and", "or"):
            return join(value, lang, spec)
        if spec == "of":
            return _of(value, lang)
        if spec == "opening":
            said = word("opening_throw", lang)
            return join([said.format(seat=seat_label(s, lang), value=v) for s, v in value], lang)
        if spec and spec in _nouns(lang):
            return count(value, spec, lang)
        if spec == "percent":
            return percent(value, lang)
        if spec in STEP_SPECS:
            return _step(value, spec, lang)
        if isinstance(value, (Fraction, float)) and spec.endswith("f"):
            return number(value, lang, spec)
        if isinstance(value, float) and not spec:
            return number(value, lang)
        if self.names is not None and isinstance(value, (list, tuple)) and not spec:
            return str(list(value))
        return super().format_field(value, spec)


def format_text(template: str, params: dict, lang: str | None = None) -> str:
    """``template`` with ``params`` in the words of ``lang``, each placeholder by its spec (the
    lessons' exercise texts; the board's sentences go through :func:`pachisi_widget.words.text`).

    Raises:
        KeyError: for a placeholder that ``params`` does not give.
    """
    lang = _lang(lang)
    return Formatter(lang).vformat(template, (), params)
