"""Helpers for the tutorials: exercises that check themselves.

An exercise cell computes the right answer from the engine (never a number typed by hand) and
calls :func:`check` with the student's answer. The result shows as one line saying right or
wrong and why; a blank answer (``...`` or None) gets the hint instead.

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
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from numbers import Number

from .i18n import LANGUAGES, text

__all__ = ["Result", "check", "LANGUAGE"]

LANGUAGE = "en"
"""The language of the checker's own words when ``check`` is not given ``lang=`` ("en" or "ro")."""


@dataclass(frozen=True)
class Result:
    """The outcome of one exercise check; shows as a single line of text."""

    correct: bool
    """Whether the answer is right."""
    message: str
    """What to tell the student."""

    def __repr__(self) -> str:
        return self.message

    def _repr_html_(self) -> str:
        from html import escape

        color = "#1b7f3b" if self.correct else "#a33"
        mark = "&#10004;" if self.correct else "&#10008;"
        return f'<p style="color:{color};font-weight:600">{mark} {escape(self.message)}</p>'

    def __bool__(self) -> bool:
        return self.correct


def _same(answer, expected, tolerance) -> bool:
    if isinstance(expected, (set, frozenset)):
        try:
            return set(answer) == set(expected)
        except TypeError:
            return False
    if isinstance(expected, (list, tuple)) and isinstance(answer, (list, tuple)):
        return len(answer) == len(expected) and all(_same(a, e, tolerance) for a, e in zip(answer, expected))
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
    ``lang`` is the language of the checker's own words (default: :data:`LANGUAGE`).

    Raises:
        ValueError: for a language that is not one of :data:`pachisi_widget.i18n.LANGUAGES`.
    """
    lang = LANGUAGE if lang is None else lang
    if lang not in LANGUAGES:
        raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    if answer is ... or answer is None:
        return Result(False, text("check_no_answer", {"hint": hint or why}, lang))
    if _same(answer, expected, tolerance):
        return Result(True, text("check_right", {"why": why}, lang))
    code = "check_wrong_hint" if hint else "check_wrong"
    return Result(False, text(code, {"answer": repr(answer), "hint": hint}, lang))
