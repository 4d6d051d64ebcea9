"""Lesson 03's exercises (grace throws): a grace then a move, a branch of the tree, worn shells,
chains of graces in the seven-shell game."""

from __future__ import annotations

from fractions import Fraction

from ..game import Game
from ..rules import Rules
from ..throws import grace_probability, throw_distribution
from .registry import Solution, TaskSpec, code_task, drop_equal, exercise

_ENTER_THEN = (20, 10, 4)
"""Lesson 03, exercise 1: South's piece out is on step 20 (three wait); it throws a 10, then a 4."""


def _entered_ends(rules: Rules, new_piece: bool = True) -> frozenset:
    """Where the piece that South's 10 brings in can be once the 4 after it is played (it stays
    where it entered when the 4 moves the other piece); with ``new_piece`` false, where the 4
    can take either piece."""
    out, first, second = _ENTER_THEN
    game = Game.from_position(
        [[out, 0, 0, 0], None, [0, 0, 0, 0], None], to_move=0, rules=rules, seed=1
    )
    game.throw(value=first)
    entry = next(m for m in game.legal_moves() if m.kind == "enter")
    game.play(entry)
    game.throw(value=second)
    moves = [m for m in game.legal_moves() if m.kind != "pass"]
    if not new_piece:
        return frozenset(m.end for m in moves)
    return frozenset(m.end if m.start == entry.end else entry.end for m in moves)


@exercise("03", 1)
def _enter_then_move() -> Solution:
    out, first, second = _ENTER_THEN
    ends = _entered_ends(Rules())
    entered = min(ends)
    return Solution(
        ends,
        ("values", {}),
        {"ends": sorted(ends), "out": out, "first": first, "second": second, "entered": entered},
        drop_equal(
            ends,
            {
                "counted": _entered_ends(Rules(entry_mode="count_from_charkoni")),
                "added": frozenset(e + first for e in ends),
                "stays": frozenset({entered}),
                "must_move": frozenset({entered + second}),
                "both": _entered_ends(Rules(), new_piece=False),
            },
        ),
    )


_TWO_TENS = 10
"""Lesson 03, exercise 2: a turn of exactly three throws whose first two are this grace."""


@exercise("03", 2)
def _a_branch_of_three() -> Solution:
    rules = Rules()
    ten = throw_distribution(rules)[_TWO_TENS]
    g = grace_probability(rules)
    p = ten * ten * (1 - g)
    return Solution(
        p,
        ("number", {"decimals": 4}),
        {"ten": ten, "g": g, "p": p, "value": _TWO_TENS, "ends": 1 - g},
        drop_equal(
            p,
            {
                "goes_on": ten * ten,  # the third throw forgotten
                "graces": g * g * (1 - g),  # any two graces, not two 10s
                "added": (ten + ten) * (1 - g),
                "one_way": Fraction(1, 2**rules.shells) ** 2 * (1 - g),  # one landing for one up
            },
        ),
    )


_WORN = Fraction(2, 5)
"""Lesson 03, exercise 3: worn shells that land mouth up with this chance."""


@exercise("03", 3)
def _worn_shells_turn() -> Solution:
    worn = Rules(p_mouth_up=_WORN)
    g = grace_probability(worn)
    mean = 1 / (1 - g)
    flipped = grace_probability(Rules(p_mouth_up=1 - _WORN))
    fair = grace_probability(Rules())
    return Solution(
        mean,
        ("number", {"decimals": 2}),
        {"up": _WORN, "g": g, "mean": mean, "fair": 1 / (1 - fair)},
        drop_equal(
            mean,
            {
                "fair": 1 / (1 - fair),
                "inverse": 1 / g,
                "flipped": 1 / (1 - flipped),
                "grace": g,
            },
        ),
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

    from ..probability import turn_length_odds

    cases = []
    for rules in (Rules(), Rules(p_mouth_up=Fraction(3, 5)), Rules(p_mouth_up=Fraction(7, 10))):
        g = grace_probability(rules)
        cases += [((n, g), p) for n, p in turn_length_odds(rules, max_throws=5).items()]
    return TaskSpec("p_throws", ("n", "g"), tuple(cases), solution="return g ** (n - 1) * (1 - g)")
