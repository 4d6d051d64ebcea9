"""Lesson 05's exercises (captures, castles and the revenge rule)."""

from __future__ import annotations

from .. import board
from ..game import Game
from ..rules import Rules
from .registry import Solution, drop_equal, exercise

_GRACE_CAPTURE = [[30, 84, 84, 0], None, [54, 20, 84, 84], None]
"""Lesson 05, exercise 1: North (all entered) captures South's piece on its step 64 with a 10."""

_CASTLE_HELD = [[38, 84, 84, 84], None, [68, 84, 84, 84], None]
"""Lesson 05, exercise 2: South holds the castle on its step 38 (North's 72); North is 4 behind."""

_NOT_CAPTURED = [[73, 20, 30, 84], None, [40, 0, 0, 0], None]
"""Lesson 05, exercise 3: South (all entered, no capture yet) has a piece on step 73."""

_REVENGE = ([[26, 74, 40, 50], None, [64, 61, 0, 0], None], ((4, 26, 30), (4, 74, 78), (3, 61, 64)))
"""Lesson 05, exercise 4: the lesson's revenge story (position, then each throw and move)."""


def _throws_after_capture(rules: Rules) -> tuple[int, int]:
    """(pieces captured, further throws) when North captures with a 10 in ``_GRACE_CAPTURE`` and
    every later throw is a 3."""
    game = Game.from_position(_GRACE_CAPTURE, to_move=2, rules=rules, seed=1)
    game.throw(value=10)
    move = game.play(game.legal_move(54, 64))
    more = 0
    while game.to_move == 2:
        game.throw(value=3)
        game.pass_()
        more += 1
    return len(move.captures), more


@exercise("05", 1)
def _grace_that_captures() -> Solution:
    captured, more = _throws_after_capture(Rules())
    _, without = _throws_after_capture(Rules(capture_extra_throw=False))
    return Solution(
        more,
        ("integer", {}),
        {"more": more, "captured": captured},
        drop_equal(more, {"two": more + without}),
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


def _captures_after_revenge(rules: Rules) -> tuple:
    position, plays = _REVENGE
    game = Game.from_position(position, to_move=0, rules=rules, seed=4)
    for value, start, end in plays:
        game.throw(value=value)
        game.play(game.legal_move(start, end))
    return tuple(game.state.captures)


@exercise("05", 4)
def _revenge_voids() -> Solution:
    counted = _captures_after_revenge(Rules(revenge_rule=True, must_capture_before_home=True))
    plain = _captures_after_revenge(Rules(must_capture_before_home=True))
    south = counted[0]
    return Solution(
        south,
        ("integer", {}),
        {"south": south, "north": counted[2]},
        drop_equal(south, {"ignored": plain[0]}),
    )
