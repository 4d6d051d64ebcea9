"""Lesson 05b's exercises (the chance of being hit): exact odds from the pieces behind."""

from __future__ import annotations

from fractions import Fraction

from .. import board
from ..probability import hit_chance
from ..rules import Rules
from ..throws import grace_probability, throw_distribution
from .registry import Solution, TaskSpec, code_task, drop_equal, exercise

_TARGET = 40
"""Lesson 05b: the step of South's piece that North's pieces are behind."""

_TILT = Fraction(3, 5)
"""Lesson 05b, exercises 1 and 2: shells that land mouth up with this chance (the lesson's are fair)."""

_TRIALS = 3_000
"""Lesson 05b: the number of simulated turns of each position."""


def _behind(*distances: int) -> list:
    """South's piece on ``_TARGET`` (two others home, one waiting); North's pieces ``distances``
    squares behind it, North's others home."""
    north = board.step_of(2, board.square(0, _TARGET))
    pieces = [north - d for d in distances] + [board.HOME] * (4 - len(distances))
    return [[_TARGET, board.HOME, board.HOME, 0], None, pieces, None]


def _hit(*distances: int, rules: Rules | None = None) -> Fraction:
    return hit_chance(_behind(*distances), 0, _TARGET, rules=rules)


@exercise("05b", 1)
def _most_dangerous() -> Solution:
    tilted = Rules(p_mouth_up=_TILT)
    distances = range(1, 31)
    chances = {d: _hit(d, rules=tilted) for d in distances}
    fair = {d: _hit(d) for d in distances}
    most = max(distances, key=chances.get)
    odds = throw_distribution(tilted)
    return Solution(
        most,
        ("integer", {}),
        {
            "most": most,
            "p": odds[most],
            "chance": chances[most],
            "closest": min(distances),
            "up": _TILT,
            "fair": max(distances, key=fair.get),
        },
        drop_equal(
            most,
            {
                "fair": max(distances, key=fair.get),
                "closest": min(distances),
                "biggest": max(d for d in distances if d in odds),
            },
        ),
    )


@exercise("05b", 2)
def _five_behind() -> Solution:
    tilted = Rules(p_mouth_up=_TILT)
    odds = throw_distribution(tilted)
    g = grace_probability(tilted)
    p = _hit(5, rules=tilted)
    return Solution(
        p,
        ("number", {"decimals": 4}),
        {"p": p, "q": odds[5], "g": g, "up": _TILT},
        drop_equal(
            p,
            {"one_throw": odds[5], "graces_hit": odds[5] + g, "fair": _hit(5)},
        ),
    )


@exercise("05b", 3)
def _four_and_five_behind() -> Solution:
    odds = throw_distribution(Rules())
    p = _hit(4, 5)
    hits = odds[4] + odds[5]
    ends = odds[2] + odds[3] + odds[4] + odds[5]
    apart = 1 - (1 - _hit(4)) * (1 - _hit(5))  # as if the two pieces threw on their own
    return Solution(
        p,
        ("number", {"decimals": 4}),
        {"p": p, "hits": hits, "ends": ends},
        drop_equal(p, {"one_throw": hits, "apart": apart}),
    )


@exercise("05b", 4)
def _hits_expected() -> Solution:
    p = _hit(2, 3)
    mean = p * _TRIALS
    return Solution(
        mean,
        ("number", {"decimals": 2}),
        {"p": p, "trials": _TRIALS, "mean": mean},
        drop_equal(mean, {"chance": p, "percent": p * 100, "one_piece": _hit(2) * _TRIALS}),
    )


@code_task("05b")
def _hit_from_one_throw() -> TaskSpec:
    """The chance of a hit from a piece d squares behind, when only a throw of d hits and a
    grace gives another throw: checked on the engine's exact hit_chance, fair and worn shells."""
    cases = []
    for rules, distances in ((Rules(), (2, 3, 4, 5)), (Rules(p_mouth_up=_TILT), (2, 3, 4))):
        odds, g = throw_distribution(rules), grace_probability(rules)
        for d in distances:  # (not 5 with worn shells: that is exercise 2)
            cases.append(((odds[d], g), _hit(d, rules=rules)))
    return TaskSpec("hit_chance_from", ("q", "g"), tuple(cases), solution="return q / (1 - g)")
