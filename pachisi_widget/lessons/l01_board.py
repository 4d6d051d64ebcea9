"""Lesson 01's exercises (the board and the track): squares met twice, entries, castles ahead."""

from __future__ import annotations

from .. import board
from ..game import Game
from ..rules import Rules
from .registry import Solution, TaskSpec, code_task, drop_equal, exercise

_STEP = 20
"""Lesson 01, exercise 2: the step whose square the exercise names for three seats."""

_STEP_SQUARES = ((4, 10), (8, 4), (10, 14))
"""Lesson 01, exercise 2: each of these is one seat's step 20; whose?"""

_PARTNER = 2
"""Lesson 01, exercise 1: the seat whose track is counted with South's (North, opposite)."""

_SOUTH_TIP = (9, 0)
"""Lesson 01, exercise 3: South's tip, on East's track too."""

_BEFORE_THE_CASTLE = 49
"""Lesson 01, exercise 5: South's piece on step 49 goes for the 25-castle."""


def _track_squares(seat: int) -> dict:
    """{square: [steps]} of ``seat``'s track on the board (steps 1 to 83)."""
    on = {}
    for step in range(1, board.HOME):
        on.setdefault(board.square(seat, step), []).append(step)
    return on


@exercise("01", 1)
def _squares_of_two_seats() -> Solution:
    south, north = set(_track_squares(0)), set(_track_squares(_PARTNER))
    both = len(south | north)
    return Solution(
        both,
        ("integer", {}),
        {
            "count": both,
            "each": len(south),
            "shared": len(south & north),
            "steps": board.HOME - 1,
        },
        drop_equal(
            both,
            {
                "added": len(south) + len(north),
                "steps": 2 * (board.HOME - 1),
                "shared": len(south & north),
                "one": len(south),
            },
        ),
    )


def _owner(square, step: int = 1, rotate=board.rot) -> int | None:
    """The seat whose ``step`` is ``square``, turning South's track by ``rotate`` once a seat
    (None when no seat's ``step`` is there)."""
    start = board.square(0, step)
    for seat in range(4):
        if start == square:
            return seat
        start = rotate(*start)
    return None


def _clockwise(x: int, y: int) -> tuple:
    """A quarter turn clockwise about the centre: three counter-clockwise turns."""
    for _ in range(3):
        x, y = board.rot(x, y)
    return x, y


@exercise("01", 2)
def _step_squares() -> Solution:
    seats = tuple(_owner(sq, _STEP) for sq in _STEP_SQUARES)
    assert all(
        seat is not None and board.square(seat, _STEP) == sq
        for seat, sq in zip(seats, _STEP_SQUARES, strict=True)
    )
    wrong = {
        "clockwise": tuple(_owner(sq, _STEP, _clockwise) for sq in _STEP_SQUARES),
        "swapped": tuple(_owner((y, x), _STEP) for x, y in _STEP_SQUARES),
    }
    return Solution(
        seats,
        ("seats", {}),
        {
            "seats": seats,
            "squares": [str(sq) for sq in _STEP_SQUARES],
            "step": _STEP,
            "south": str(board.square(0, _STEP)),
        },
        drop_equal(seats, {k: v for k, v in wrong.items() if None not in v}),
    )


@exercise("01", 3)
def _south_tip_for_east() -> Solution:
    step = board.step_of(1, _SOUTH_TIP)
    own = sorted(_track_squares(0)[_SOUTH_TIP])
    return Solution(
        step,
        ("integer", {}),
        {
            "step": step,
            "to_go": board.HOME - step,
            "own": own,
            "twenty_five": board.TWENTY_FIVE_STEP,
        },
        drop_equal(
            step, {"own": own[0], "own_back": own[-1], "clockwise": board.step_of(3, _SOUTH_TIP)}
        ),
    )


@exercise("01", 4)
def _castles_ahead() -> Solution:
    castle = board.TWENTY_FIVE_STEP
    ahead = sorted(s for s in board.CASTLE_STEPS if s > castle)
    return Solution(
        len(ahead),
        ("integer", {}),
        {"ahead": ahead, "count": len(ahead), "castle": castle},
        drop_equal(
            len(ahead),
            {
                "including": len(ahead) + 1,
                "squares": len(board.CASTLE_SQUARES),
                "steps": len(board.CASTLE_STEPS),
            },
        ),
    )


@exercise("01", 5)
def _throw_to_the_castle() -> Solution:
    start, castle = _BEFORE_THE_CASTLE, board.TWENTY_FIVE_STEP
    rules = Rules()
    found = []
    for value in sorted(set(rules.table)):
        game = Game.from_position(
            [[start, 20, 30, 40], None, [0, 0, 0, 0], None], to_move=0, seed=5
        )
        game.throw(value=value)
        if any(m.start == start and m.end == castle for m in game.legal_moves()):
            found.append(value)
    (value,) = found
    return Solution(
        value,
        ("integer", {}),
        {"value": value, "start": start, "castle": castle, "to_go": board.HOME - castle},
        drop_equal(value, {"name": board.HOME - castle, "home": board.HOME - start}),
    )


@code_task("01")
def _half_turn() -> TaskSpec:
    """The square a half turn about the centre away: where North's track has South's square."""
    squares = board.SQUARES[::7] + (board.square(0, 1), board.square(0, 59))
    return TaskSpec(
        "half_turn",
        ("x", "y"),
        tuple((sq, board.rot(*board.rot(*sq))) for sq in squares),
        {"example": str(board.square(0, 1)), "turned": str(board.square(2, 1))},
        "return (18 - x, 18 - y)",
    )
