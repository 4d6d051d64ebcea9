"""Lesson 07's exercises (variants and house rules): what a changed rule does to a game."""

from __future__ import annotations

from fractions import Fraction

from .. import board
from ..game import Game
from ..rules import Rules
from ..throws import expected_value, grace_probability, throw_distribution
from .registry import Solution, TaskSpec, code_task, drop_equal, exercise

_MITRA_ENTRY = [[12, 0, 0, 0], None, [40, 0, 0, 0], None]
"""Lesson 07, exercise 2: South throws a 25 and a 3 under Mitra's rules, brings a piece in with the
25 and moves that piece on with the 3."""

_SPLIT = [[20, 30, 84, 84], None, [50, 0, 0, 0], None]
"""Lesson 07, exercise 3: South throws a 6 with split throws."""

_CASTLE_STEP = 21
"""Lesson 07, exercise 4: the castle of South's track that its partner North holds."""

_PARTNERS = [
    [_CASTLE_STEP - 4, 0, 0, 0],
    [0, 0, 0, 0],
    [board.step_of(2, board.square(0, _CASTLE_STEP)), 0, 0, 0],
    [0, 0, 0, 0],
]
"""Lesson 07, exercise 4: South's piece 4 steps before the castle on its step 21, where North's
piece stands."""


def _turn_total(rules: Rules) -> tuple:
    """(average throw, average throws per turn, their product): with a piece on the board a
    turn goes on after every grace, so by Wald's identity its throws add up on average to
    E[value] × E[throws per turn]."""
    mean = expected_value(rules)
    turns = 1 / (1 - grace_probability(rules, on_board=True))
    return mean, turns, mean * turns


@exercise("07", 1)
def _seven_shell_turn_ratio() -> Solution:
    mean6, turns6, total6 = _turn_total(Rules())
    mean7, turns7, total7 = _turn_total(Rules.preset("seven_cowries"))
    ratio = total7 / total6
    return Solution(
        ratio,
        ("number", {"decimals": 1}),
        {
            "mean6": mean6,
            "turns6": turns6,
            "total6": total6,
            "mean7": mean7,
            "turns7": turns7,
            "total7": total7,
            "ratio": ratio,
        },
        drop_equal(
            ratio, {"values": mean7 / mean6, "turns": turns7 / turns6, "upside_down": 1 / ratio}
        ),
    )


def _after_entry(rules: Rules, value: int = 25, then: int = 3) -> int:
    """The step of the piece that ``value`` brings in, once ``then`` has moved it on (the two
    throws pooled, as Mitra's throw_then_move pools them)."""
    game = Game.from_position(_MITRA_ENTRY, to_move=0, rules=rules, seed=2)
    game.throw(value=value)
    game.throw(value=then)
    entered = game.play(next(m for m in game.legal_moves() if m.kind == "enter")).end
    return game.play(game.legal_move(entered, entered + then)).end


@exercise("07", 2)
def _mitra_entry() -> Solution:
    mitra, value, then = Rules.preset("mitra"), 25, 3
    step = _after_entry(mitra, value, then)
    classic = _after_entry(mitra.replace(entry_mode="square1"), value, then)
    return Solution(
        step,
        ("integer", {}),
        {"step": step, "value": value, "then": then, "entered": step - then},
        drop_equal(
            step,
            {"from_square1": 1 + value + then, "classic": classic, "entry_only": step - then},
        ),
    )


def _split_parts(rules: Rules, value: int, start=None) -> int:
    game = Game.from_position(_SPLIT, to_move=0, rules=rules, seed=3)
    game.throw(value=value)
    return sum(
        1 for m in game.legal_moves() if m.kind != "pass" and (start is None or m.start == start)
    )


@exercise("07", 3)
def _split_first_parts() -> Solution:
    split, value = Rules(split_throw=True), 6
    moves = _split_parts(split, value)
    pieces = sum(1 for s in _SPLIT[0] if 0 < s < board.HOME)
    return Solution(
        moves,
        ("integer", {}),
        {"moves": moves, "value": value, "pieces": pieces},
        drop_equal(
            moves,
            {
                "whole": _split_parts(Rules(), value),
                "one_piece": _split_parts(split, value, _SPLIT[0][0]),
                "with_pass": moves + 1,
            },
        ),
    )


def _onto_the_partner(rules: Rules) -> str:
    """What South's piece does when a 4 takes it onto North's piece on South's castle step."""
    game = Game.from_position(_PARTNERS, to_move=0, rules=rules, seed=4)
    game.throw(value=4)
    start = _PARTNERS[0][0]
    move = next((m for m in game.legal_moves() if m.start == start and m.end == _CASTLE_STEP), None)
    if move is None:
        return "blocked"
    return "captures" if move.captures else "shares"


@exercise("07", 4)
def _partners_share() -> Solution:
    outcome = _onto_the_partner(Rules(teams=True))
    north = _PARTNERS[2][0]
    return Solution(
        outcome,
        (
            "choice",
            {
                "key": "07.4",
                "words": {
                    "shares": (
                        "share",
                        "shared",
                        "share the square",
                        "together",
                        "impart",
                        "impart patratul",
                        "impreuna",
                    ),
                    "captures": ("capture", "captured", "captureaza", "captura"),
                    "blocked": ("block", "blocked", "cannot", "may not", "blocat", "nu poate"),
                },
            },
        ),
        {"north": north, "castle": _CASTLE_STEP},
        drop_equal(outcome, {"castle_blocks": _onto_the_partner(Rules()), "captures": "captures"}),
    )


def _carry(dist: dict, graces) -> Fraction:
    """How far a turn carries the pieces on average: E[value] × throws per turn."""
    return sum((v * p for v, p in dist.items()), Fraction(0)) / (
        1 - sum((p for v, p in dist.items() if v in graces), Fraction(0))
    )


@code_task("07")
def _turn_carry() -> TaskSpec:
    """A turn's average distance from a throw table's odds and the values that give another
    throw (with a piece on the board): two made-up tables a student can check by hand, then
    Mitra's rules and shells that land mouth up 3 times in 10."""
    half = Fraction(1, 2)
    tables = [
        ({2: half, 6: half}, frozenset({6})),
        ({3: Fraction(3, 4), 10: Fraction(1, 4)}, frozenset({10})),
    ]
    for rules in (Rules.preset("mitra"), Rules(p_mouth_up=Fraction(3, 10))):
        tables.append((throw_distribution(rules), rules.entry_graces | rules.bonus_graces))
    return TaskSpec(
        "turn_carry",
        ("odds", "graces"),
        tuple(((odds, graces), _carry(odds, graces)) for odds, graces in tables),
        solution=(
            "return sum(v * p for v, p in odds.items())"
            " / (1 - sum(p for v, p in odds.items() if v in graces))"
        ),
    )
