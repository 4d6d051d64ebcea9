"""Lesson 06's exercises (the 25-castle): the exact waiting time and the last square."""

from __future__ import annotations

from .. import board
from ..rules import Rules
from ..throws import throw_distribution
from .l00_first_game import homecomings
from .registry import Solution, TaskSpec, code_task, drop_equal, exercise

_WAIT_TURNS = 10
"""Lesson 06, exercise 1: the first turns of waiting on the 25-castle."""

_HOUSE_GRACES = frozenset({10, 25})
"""Lesson 06, exercise 2: the house rule's graces (a 6 gives no extra throw)."""

_LAST_SQUARE = [board.HOME - 1, board.HOME, board.HOME, board.HOME]
"""Lesson 06, exercise 4: South's lone piece on the last square, its others home."""


@exercise("06", 1)
def _home_within_turns() -> Solution:
    from ..probability import castle_wait_odds, turn_has_value_chance

    rules, n = Rules(), _WAIT_TURNS
    per_turn = castle_wait_odds(rules, per="turn", upto=n)
    p = sum(per_turn.values())
    q = turn_has_value_chance(25, rules)
    per_throw = sum(castle_wait_odds(rules, per="throw", upto=n).values())
    return Solution(
        p,
        ("number", {"decimals": 4}),
        {"p": p, "q": q, "turns": n, "miss": 1 - q, "per_throw": per_throw},
        drop_equal(
            p, {"per_throw": per_throw, "added": n * q, "still": 1 - p, "last_turn": per_turn[n]}
        ),
    )


@exercise("06", 2)
def _house_rule_wait() -> Solution:
    from ..probability import expected_throws_until, expected_turns_until, turn_has_value_chance

    classic = Rules()
    house = classic.replace(entry_graces=_HOUSE_GRACES)
    mean = expected_turns_until(25, house)
    odds = throw_distribution(house)
    dropped = sorted(set(classic.entry_graces) - _HOUSE_GRACES)
    return Solution(
        mean,
        ("number", {"decimals": 2}),
        {
            "mean": mean,
            "chance": turn_has_value_chance(25, house),
            "q": odds[25],
            "r": 1 - sum(odds[v] for v in house.entry_graces),
            "dropped": dropped,
            "classic": expected_turns_until(25, classic),
        },
        drop_equal(
            mean,
            {
                "kept_six": expected_turns_until(25, classic),
                "per_throw": expected_throws_until(25, house),
            },
        ),
    )


@exercise("06", 3)
def _seven_shell_wait() -> Solution:
    from ..probability import expected_throws_until, expected_turns_until, turn_has_value_chance

    seven = Rules.preset("seven_cowries")
    mean = expected_turns_until(25, seven)
    return Solution(
        mean,
        ("number", {"decimals": 2}),
        {
            "mean": mean,
            "p": throw_distribution(seven)[25],
            "rules": 'pw.Rules.preset("seven_cowries")',
            "chance": turn_has_value_chance(25, seven),
            "bonus": sorted(seven.bonus_graces),
        },
        drop_equal(
            mean,
            {
                "per_throw": expected_throws_until(25, seven),
                "no_bonus": expected_turns_until(25, seven, on_board=False),
                "classic": expected_turns_until(25, Rules()),
            },
        ),
    )


@exercise("06", 4)
def _last_square() -> Solution:
    from ..probability import turn_has_value_chance

    rules = Rules()
    odds = throw_distribution(rules)
    release = homecomings(_LAST_SQUARE, rules)  # the throws that take it home
    again = sorted(set(rules.entry_graces) - release)  # graces that cannot move it: throw again
    q = sum(odds[v] for v in release)
    g = sum(odds[v] for v in again)
    p = q / (1 - g)
    return Solution(
        p,
        ("number", {"decimals": 4}),
        {"p": p, "q": q, "g": g, "release": sorted(release), "again": again, "turns": 1 / p},
        drop_equal(
            p, {"per_throw": q, "twenty_five": turn_has_value_chance(25, rules), "turns": 1 / p}
        ),
    )


@code_task("06")
def _still_waiting() -> TaskSpec:
    """P(a piece on the 25-castle is still waiting after k turns), each turn bringing a 25 with
    chance p: checked on the engine's wait (castle_wait_odds), fair and tilted shells."""
    from fractions import Fraction

    from ..probability import castle_wait_odds, turn_has_value_chance

    cases = []
    for rules in (Rules(), Rules(p_mouth_up=Fraction(2, 5))):
        p = turn_has_value_chance(25, rules)
        odds = castle_wait_odds(rules, per="turn", upto=60)
        for k in (1, 2, 5, 20, 60):
            if rules == Rules() and k == _WAIT_TURNS:
                continue  # that is exercise 1
            cases.append(((k, p), 1 - sum(odds[j] for j in range(1, k + 1))))
    return TaskSpec("still_waiting", ("k", "p"), tuple(cases), solution="return (1 - p) ** k")
