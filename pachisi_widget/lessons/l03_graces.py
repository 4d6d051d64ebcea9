"""Lesson 03's exercises (grace throws): the entry graces, which piece enters, chains of graces."""

from __future__ import annotations

from ..game import Game
from ..probability import turn_length_odds
from ..rules import Rules
from ..throws import grace_probability
from .registry import Solution, drop_equal, exercise


@exercise("03", 1)
def _entry_graces() -> Solution:
    classic = Rules()
    graces = frozenset(classic.entry_graces)
    all_up = classic.table[classic.shells]
    return Solution(
        graces,
        ("values", {}),
        {"graces": sorted(graces), "all_up": all_up, "shells": classic.shells},
        drop_equal(
            graces,
            {
                "seven": frozenset(Rules.preset("seven_cowries").entry_graces),
                "six": graces - {all_up},
            },
        ),
    )


def _enters_on(pieces, value: int, rules: Rules | None = None, start=0) -> int:
    """Where South's piece from ``start`` ends with ``value`` (step 0 when it cannot move)."""
    game = Game.from_position(
        [pieces, None, [0, 0, 0, 0], None], to_move=0, rules=rules or Rules(), seed=1
    )
    game.throw(value=value)
    return next((m.end for m in game.legal_moves() if m.start == start and m.kind != "pass"), 0)


@exercise("03", 2)
def _first_piece() -> Solution:
    start = [0, 0, 0, 0]
    step = _enters_on(start, 4)
    grace = min(Rules().entry_graces)
    waits = _enters_on(start, 4, Rules(first_piece_any_throw=False))
    return Solution(
        step,
        ("integer", {}),
        {"step": step, "value": 4},
        drop_equal(step, {"grace": _enters_on(start, grace), "waits": waits}),
    )


@exercise("03", 3)
def _grace_enters() -> Solution:
    pieces = [7, 0, 0, 0]
    step = _enters_on(pieces, 10)
    counted = _enters_on(pieces, 10, Rules(entry_mode="count_from_charkoni"))
    moved = _enters_on(pieces, 10, Rules(grace_moves_before_all_entered=True), start=7)
    return Solution(
        step,
        ("integer", {}),
        {"step": step, "value": 10, "moved": moved},
        drop_equal(step, {"counted": counted, "added": step + 10, "moved": moved}),
    )


@exercise("03", 4)
def _three_or_more() -> Solution:
    rules = Rules()
    odds = turn_length_odds(rules, max_throws=3)
    g = grace_probability(rules)
    p = 1 - odds[1] - odds[2]
    return Solution(
        p,
        ("number", {"decimals": 4}),
        {"p": p, "g": g},
        drop_equal(p, {"exactly": odds[3], "four": p * g, "two": g}),
    )


@exercise("03", 5)
def _seven_shell_turn() -> Solution:
    seven = Rules.preset("seven_cowries")
    again = grace_probability(seven, on_board=True)
    entry = grace_probability(seven, on_board=False)
    mean = 1 / (1 - again)
    return Solution(
        mean,
        ("number", {"decimals": 2}),
        {
            "p": again,
            "mean": mean,
            "bonus": sorted(seven.bonus_graces),
            "entry": sorted(seven.entry_graces),
        },
        drop_equal(
            mean,
            {
                "bonus": 1 / (1 - entry),
                "inverse": 1 / again,
                "classic": 1 / (1 - grace_probability(Rules())),
            },
        ),
    )
