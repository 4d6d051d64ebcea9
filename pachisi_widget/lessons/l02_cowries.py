"""Lesson 02's exercises (cowrie throws and probability): mouths up, graces, the spread of k."""

from __future__ import annotations

from fractions import Fraction
from math import comb

from ..rules import Rules
from ..throws import grace_probability, throw_distribution, up_distribution
from .registry import Solution, TaskSpec, code_task, drop_equal, exercise

_SEVEN = 7
"""Lesson 02, exercise 1: the number of shells (the lesson counts six; the exercise, seven)."""


@exercise("02", 1)
def _three_up() -> Solution:
    shells = _SEVEN
    p = up_distribution(shells)[3]
    ways, landings = comb(shells, 3), 2**shells
    return Solution(
        p,
        ("number", {"decimals": 4}),
        {"p": p, "ways": ways, "landings": landings, "counts": shells + 1, "shells": shells},
        drop_equal(
            p,
            {
                "ways": ways,
                "equally": Fraction(1, shells + 1),
                "one_landing": Fraction(1, landings),
            },
        ),
    )


@exercise("02", 2)
def _grace_chance() -> Solution:
    rules = Rules()
    dist = throw_distribution(rules)
    g = grace_probability(rules)
    all_up = rules.table[rules.shells]  # six mouths up: the grace people forget
    graces = sorted(rules.entry_graces)
    return Solution(
        g,
        ("number", {"decimals": 4}),
        {
            "g": g,
            "graces": graces,
            "parts": [f"{dist[v]}" for v in graces],
            "forgotten": all_up,
            "values": len(dist),
        },
        drop_equal(g, {"forgot": g - dist[all_up], "equally": Fraction(len(graces), len(dist))}),
    )


@exercise("02", 3)
def _mouths_up_variance() -> Solution:
    ups = up_distribution(Rules().shells)  # the number of mouths up, k
    mean = sum((k * pr for k, pr in ups.items()), Fraction(0))
    var = sum(((k - mean) ** 2 * pr for k, pr in ups.items()), Fraction(0))
    square_mean = sum((k * k * pr for k, pr in ups.items()), Fraction(0))
    spread = sum((abs(k - mean) * pr for k, pr in ups.items()), Fraction(0))
    sd = Fraction(float(var) ** 0.5)
    return Solution(
        var,
        ("number", {"decimals": 2}),
        {
            "mean": mean,
            "variance": var,
            "sd": float(sd),
            "square_mean": square_mean,
            "mean_square": mean * mean,
            "shells": len(ups) - 1,
        },
        drop_equal(var, {"root": sd, "unsquared": spread, "no_mean": square_mean}),
    )


@code_task("02")
def _chance_of_k_up() -> TaskSpec:
    """The chance of exactly k mouths up with ``shells`` fair shells, for 1 to 8 shells."""
    cases = tuple(
        ((k, n), p) for n in (1, 2, 3, 6, 7, 8) for k, p in sorted(up_distribution(n).items())
    )
    return TaskSpec(
        "p_up", ("k", "shells"), cases, solution="return Fraction(comb(shells, k), 2**shells)"
    )
