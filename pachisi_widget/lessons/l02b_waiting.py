"""Lesson 02b's exercises (simulating the throws): the wait for a 10, tilted shells, a 25 in time."""

from __future__ import annotations

from fractions import Fraction

from ..rules import Rules
from ..throws import grace_probability, throw_distribution
from .registry import Solution, TaskSpec, code_task, drop_equal, exercise

_TILT = Fraction(7, 10)
"""Lesson 02b, exercise 2: the chance that a tilted shell lands mouth up."""

_WITHIN = 4
"""Lesson 02b, exercise 3: the throws in which a grace is hoped for (half its average wait)."""


@exercise("02b", 1)
def _wait_for_ten() -> Solution:
    dist = throw_distribution(Rules())
    p = dist[10]
    wait = 1 / p
    landings = 2 ** Rules().shells
    return Solution(
        wait,
        ("number", {"decimals": 2}),
        {"p": p, "ways": p * landings, "landings": landings, "wait": wait},
        drop_equal(wait, {"probability": p, "before": wait - 1, "twenty_five": 1 / dist[25]}),
    )


@exercise("02b", 2)
def _tilted_shells() -> Solution:
    fair_rules, tilted_rules = Rules(), Rules(p_mouth_up=_TILT)
    fair, tilted = grace_probability(fair_rules), grace_probability(tilted_rules)
    expected = "more" if tilted > fair else "less"
    twenty_five = throw_distribution(tilted_rules)[25] > throw_distribution(fair_rules)[25]
    words = {
        "more": ("mai mult", "mai probabil", "likelier", "more likely"),
        "less": ("mai puțin", "mai puțin probabil", "less likely"),
    }
    dist = throw_distribution(tilted_rules)
    return Solution(
        expected,
        ("choice", {"key": "02b.2", "words": words}),
        {
            "fair": fair,
            "tilted": tilted,
            "up": _TILT,
            "down": 1 - _TILT,
            "six": dist[6],
            "ten": dist[10],
            "twenty_five": dist[25],
        },
        # following the 25 alone: it gets rarer when the shells prefer mouth up
        drop_equal(expected, {"mouths": "more" if twenty_five else "less"}),
    )


@exercise("02b", 3)
def _a_grace_in_time() -> Solution:
    p = grace_probability(Rules())
    n = _WITHIN
    none = (1 - p) ** n
    chance = 1 - none
    return Solution(
        chance,
        ("number", {"decimals": 3}),
        {"n": n, "p": p, "none": none, "chance": chance, "wait": 1 / p},
        drop_equal(
            chance,
            {
                "none": none,  # the chance of no grace at all
                "added": n * p,  # n chances of 1/8 added up, as if they could not overlap
                "exactly_one": n * p * (1 - p) ** (n - 1),
            },
        ),
    )


def _median_wait(p: Fraction) -> int:
    n = 1
    while 1 - (1 - p) ** n < Fraction(1, 2):
        n += 1
    return n


@code_task("02b")
def _median_wait_task() -> TaskSpec:
    """The median wait for an event of chance ``p`` a try: the fewest tries that bring it at
    least half the time."""
    dist = throw_distribution(Rules())
    chances = (
        Fraction(1, 2),
        Fraction(1, 4),
        Fraction(1, 10),
        dist[10],
        dist[25],
        Fraction(1, 100),
    )
    return TaskSpec(
        "median_wait",
        ("p",),
        tuple(((p,), _median_wait(p)) for p in chances),
        solution="return next(n for n in range(1, 10**6) if 1 - (1 - p) ** n >= Fraction(1, 2))",
    )
