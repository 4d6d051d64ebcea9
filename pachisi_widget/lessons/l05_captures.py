"""Lesson 05's exercises (captures, castles and the revenge rule)."""

from __future__ import annotations

from .. import board
from ..game import Game
from ..rules import Rules
from .registry import Solution, TaskSpec, code_task, drop_equal, exercise

_CAPTURE_THEN_GRACE = ([[23, 84, 84, 0], None, [54, 20, 84, 84], None], (3, 6, 2))
"""Lesson 05, exercise 1: North (all entered) captures South's piece on its step 57 with a 3, then
throws a 6 (a grace) and a 2."""

_CASTLE_HELD = [[38, 84, 84, 84], None, [68, 84, 84, 84], None]
"""Lesson 05, exercise 2: South holds the castle on its step 38 (North's 72); North is 4 behind."""

_NOT_CAPTURED = [[73, 20, 30, 84], None, [40, 0, 0, 0], None]
"""Lesson 05, exercise 3: South (all entered, no capture yet) has a piece on step 73."""

_REVENGE = ([[26, 74, 40, 50], None, [64, 61, 0, 0], None], ((4, 26, 30), (4, 74, 78), (3, 61, 64)))
"""Lesson 05: the lesson's revenge story (position, then each throw and move)."""

_NOT_REVENGE = (_REVENGE[0], ((4, 26, 30), (2, 30, 32), (5, 61, 66)))
"""Lesson 05, exercise 4: the same capture, but South moves the capturing piece on with its extra
throw, and North hits it there in its very next turn."""


def _throws_in_turn(rules: Rules) -> int:
    """How many throws North makes in its turn in ``_CAPTURE_THEN_GRACE`` (the first one captures;
    each throw plays its first move, or passes)."""
    position, values = _CAPTURE_THEN_GRACE
    game = Game.from_position(position, to_move=2, rules=rules, seed=1)
    made = 0
    for value in values:
        if game.to_move != 2:
            break
        game.throw(value=value)
        made += 1
        moves = [m for m in game.legal_moves() if m.kind != "pass"]
        if made == 1:
            game.play(next(m for m in moves if m.captures))
        elif moves:
            game.play(moves[0])
        else:
            game.pass_()
    assert game.to_move != 2, "North's turn goes on after the throws of the exercise"
    return made


@exercise("05", 1)
def _capture_then_grace() -> Solution:
    made = _throws_in_turn(Rules())
    without = _throws_in_turn(Rules(capture_extra_throw=False))
    return Solution(
        made,
        ("integer", {}),
        {"made": made, "values": list(_CAPTURE_THEN_GRACE[1])},
        drop_equal(made, {"no_bonus": without, "one_extra": made - 1}),
    )


def _castle_moves(rules: Rules) -> int:
    game = Game.from_position(_CASTLE_HELD, to_move=2, rules=rules, seed=2)
    game.throw(value=4)
    return len(game.legal_moves())


@exercise("05", 2)
def _blocked_by_castle() -> Solution:
    moves = _castle_moves(Rules())
    opened = _castle_moves(Rules(castle_blocks_enemy=False))
    return Solution(
        moves,
        ("integer", {}),
        {
            "moves": moves,
            "castle": _CASTLE_HELD[0][0],
            "north": board.step_of(2, board.square(0, _CASTLE_HELD[0][0])),
        },
        drop_equal(moves, {"landed": opened, "no_pass": moves - 1}),
    )


def _movers_from_73(rules: Rules) -> frozenset:
    """The throw values that can move South's piece on step 73 in ``_NOT_CAPTURED``."""
    found = set()
    for value in sorted(set(rules.table)):
        game = Game.from_position(_NOT_CAPTURED, to_move=0, rules=rules, seed=3)
        game.throw(value=value)
        if any(m.start == 73 and m.kind != "pass" for m in game.legal_moves()):
            found.add(value)
    return frozenset(found)


@exercise("05", 3)
def _no_way_home() -> Solution:
    found = _movers_from_73(Rules(must_capture_before_home=True))
    free = _movers_from_73(Rules())
    last = max(73 + v for v in found)  # the last step allowed: the tip, 76
    return Solution(
        found,
        ("values", {}),
        {
            "found": found,
            "last": last,
            "free": free,
            "sums": [f"73 + {v} = {73 + v}" for v in sorted(found)],
        },
        drop_equal(
            found, {"ignored": free, "before": frozenset(v for v in found if 73 + v < last)}
        ),
    )


def _captures_after(story, rules: Rules) -> tuple:
    position, plays = story
    game = Game.from_position(position, to_move=0, rules=rules, seed=4)
    for value, start, end in plays:
        game.throw(value=value)
        game.play(game.legal_move(start, end))
    return tuple(game.state.captures)


@exercise("05", 4)
def _revenge_elsewhere() -> Solution:
    revenge = Rules(revenge_rule=True, must_capture_before_home=True)
    counted = _captures_after(_NOT_REVENGE, revenge)
    story = _captures_after(_REVENGE, revenge)
    south = counted[0]
    return Solution(
        south,
        ("integer", {}),
        {"south": south, "north": counted[2]},
        drop_equal(south, {"voided": story[0]}),
    )


def _further_throws(value: int, captured: int) -> int:
    """How many more throws South (all entered) makes after a throw of ``value`` whose move, from
    step 14 (no landing is a castle), captures ``captured`` North pieces, when every later throw is
    a 3 that it passes."""
    target = board.step_of(2, board.square(0, 14 + value))  # North's step for South's landing
    north = [target] * captured + [30] * (2 - captured) + [0, 0]
    game = Game.from_position([[14, 40, 50, 12], None, north, None], to_move=0, seed=10)
    game.throw(value=value)
    game.play(game.legal_move(14, 14 + value))
    more = 0
    while game.to_move == 0:
        game.throw(value=3)
        game.pass_()
        more += 1
    return more


@code_task("05")
def _extra_throws() -> TaskSpec:
    """One capture, one extra throw (a grace's and a capture's are the same throw): the engine's
    count for every throw value, with 0, 1 and 2 pieces captured."""
    rules = Rules()
    cases = tuple(
        ((value, captured), _further_throws(value, captured))
        for value in sorted(set(rules.table))
        for captured in (0, 1, 2)
    )
    return TaskSpec(
        "extra_throws",
        ("value", "captured"),
        cases,
        {"graces": sorted(rules.entry_graces)},
        solution="return 1 if value in (6, 10, 25) or captured > 0 else 0",
    )
