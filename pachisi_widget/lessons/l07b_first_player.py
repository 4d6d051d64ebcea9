"""Lesson 07b's exercises (the first player and luck): how wide an interval is, and what it says."""

from __future__ import annotations

from fractions import Fraction
from math import isqrt

from ..lab.stats import wilson_interval
from .registry import Solution, TaskSpec, code_task, drop_equal, exercise, interval_choice

_SAMPLES = (240, 6000)
"""Lesson 07b, exercise 1: a class's few games and the lesson's many."""

_CLASS = (56, 100)
"""Lesson 07b, exercise 2: a class's games won by the first player, of the games it played."""

_CLUB = 1000
"""Lesson 07b, exercise 3: the games a club plays to test the first player's edge."""


@exercise("07b", 1)
def _wider_interval() -> Solution:
    small, large = _SAMPLES
    factor = Fraction(large, small)
    ratio = Fraction(isqrt(factor.numerator), isqrt(factor.denominator))
    assert ratio**2 == factor and factor.denominator == 1, _SAMPLES  # a whole square
    wide = wilson_interval(small // 2, small)
    narrow = wilson_interval(large // 2, large)
    return Solution(
        ratio,
        ("number", {"decimals": 1}),
        {
            "wide": 100 * (wide.high - wide.low) / 2,  # the intervals' half-widths, in points
            "narrow": 100 * (narrow.high - narrow.low) / 2,
            "small": small,
            "large": large,
            "factor": factor,
            "ratio": ratio,
        },
        drop_equal(ratio, {"games": int(factor), "upside_down": 1 / ratio}),
    )


@exercise("07b", 2)
def _class_result() -> Solution:
    won, games = _CLASS
    rate = wilson_interval(won, games)
    return interval_choice(
        "07b.2", rate, {"won": won, "games": games}, ("first", "primul", "first player")
    )


@exercise("07b", 3)
def _club_margin() -> Solution:
    half = 0.98 / _CLUB**0.5 * 100  # near 50%: ±1.96·√(0.25/n), in points
    return Solution(
        Fraction(half),
        ("number", {"decimals": 1}),
        {"games": _CLUB, "half": half, "whole": 2 * half},
        drop_equal(
            Fraction(half),
            {
                "whole": Fraction(2 * half),  # the whole width, both sides
                "share": Fraction(half / 100),  # a share, not points
                "no_root": Fraction(0.98 / _CLUB * 100),  # 1/n instead of 1/√n
            },
            same=lambda a, b: round(float(a), 1) == round(float(b), 1),
        ),
    )


@code_task("07b")
def _games_needed() -> TaskSpec:
    """The games a test needs for a 95% interval of ±``edge`` near 50%: (0.98 / edge)²,
    rounded to a whole number of games."""
    edges = (0.1, 0.05, 0.04, 0.025, 0.02, 0.015, 0.01)
    return TaskSpec(
        "games_needed",
        ("edge",),
        tuple(((edge,), round((0.98 / edge) ** 2)) for edge in edges),
        solution="return round((0.98 / edge) ** 2)",
    )
