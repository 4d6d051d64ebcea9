"""Lesson 03's exercises (grace throws): the entry graces, which piece enters, chains of graces."""

from __future__ import annotations

from ..game import Game
from ..rules import Rules
from ..throws import grace_probability
from .registry import Solution, TaskSpec, code_task, drop_equal, exercise


def _enters_on(pieces, value: int, rules: Rules | None = None, start=0) -> int:
    """Where South's piece from ``start`` ends with ``value`` (step 0 when it cannot move)."""
    game = Game.from_position(
        [pieces, None, [0, 0, 0, 0], None], to_move=0, rules=rules or Rules(), seed=1
    )
    game.throw(value=value)
    return next((m.end for m in game.legal_moves() if m.start == start and m.kind != "pass"), 0)


_TWO_ON = [5, 12, 0, 0]
"""Lesson 03, exercise 1: South's pieces on steps 5 and 12, two still waiting (it throws a 10)."""


def _ends(pieces, value: int, rules: Rules) -> frozenset:
    """The steps South's pieces can end on with ``value`` (the pass left out)."""
    game = Game.from_position([pieces, None, [0, 0, 0, 0], None], to_move=0, rules=rules, seed=1)
    game.throw(value=value)
    return frozenset(m.end for m in game.legal_moves() if m.kind != "pass")


@exercise("03", 1)
def _grace_while_pieces_wait() -> Solution:
    value = 10
    ends = _ends(_TWO_ON, value, Rules())
    on_board = [s for s in _TWO_ON if s]
    return Solution(
        ends,
        ("values", {}),
        {"ends": sorted(ends), "value": value, "on_board": on_board},
        drop_equal(
            ends,
            {
                "moved": _ends(_TWO_ON, value, Rules(grace_moves_before_all_entered=True)),
                "counted": _ends(_TWO_ON, value, Rules(entry_mode="count_from_charkoni")),
                "only_moved": frozenset(s + value for s in on_board),
            },
        ),
    )


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
    seven = Rules.preset("seven_cowries")
    g = grace_probability(seven, on_board=True)  # a piece on the board: every grace counts
    p = g**2  # the first two throws both graces
    exactly = g**2 * (1 - g)
    return Solution(
        p,
        ("number", {"decimals": 4}),
        {"p": p, "g": g, "classic": grace_probability(Rules()) ** 2},
        drop_equal(
            p,
            {
                "exactly": exactly,
                "four": p * g,
                "two": g,
                "entry": grace_probability(seven, on_board=False) ** 2,
                "classic": grace_probability(Rules()) ** 2,
            },
        ),
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


@code_task("03")
def _turn_of_n_throws() -> TaskSpec:
    """P(a turn has exactly n throws) when each throw is a grace with chance g, checked on the
    engine's turn lengths for the classic game and for tilted shells."""
    from fractions import Fraction

    from ..probability import turn_length_odds

    cases = []
    for rules in (Rules(), Rules(p_mouth_up=Fraction(3, 5)), Rules(p_mouth_up=Fraction(7, 10))):
        g = grace_probability(rules)
        cases += [((n, g), p) for n, p in turn_length_odds(rules, max_throws=5).items()]
    return TaskSpec("p_throws", ("n", "g"), tuple(cases), solution="return g ** (n - 1) * (1 - g)")
