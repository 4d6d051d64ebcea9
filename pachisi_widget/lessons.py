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
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from numbers import Number

__all__ = ["Result", "check"]


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


def check(answer, expected, *, why: str, hint: str = "", tolerance: float | None = None) -> Result:
    """Compare a student's ``answer`` with ``expected`` and say right or wrong, and why.

    Numbers compare exactly (a float matches a Fraction to 1e-9), or within ``tolerance``;
    sets compare as sets, lists and tuples item by item. ``...`` or None means "not answered yet".
    """
    if answer is ... or answer is None:
        return Result(False, f"No answer yet. Hint: {hint or why}")
    if _same(answer, expected, tolerance):
        return Result(True, f"Right! {why}")
    tail = f" Hint: {hint}" if hint else ""
    return Result(False, f"Not quite: {answer!r} is not the answer.{tail}")
