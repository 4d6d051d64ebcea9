"""Predict, then compute: a student's guess beside the computed result (:func:`compare`)."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction
from numbers import Number, Real

from ..words import text
from .answers import _as_words, _Comma, _number, _plain, _shown, _Unreadable, readable_size
from .checking import Result, _language

__all__ = ["compare", "CLOSE"]

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
    The words follow :data:`~pachisi_widget.lessons.LANGUAGE` (or ``lang``).

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
