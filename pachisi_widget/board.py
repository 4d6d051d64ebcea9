"""Board geometry: the 96 squares and the Charkoni, each seat's 84-step track, the castles.

Coordinates are on a 19 x 19 grid, ``x`` 0..18 to the East and ``y`` 0..18 to the North
(RULES.md section 1). A square belongs to an arm when exactly one of ``8 <= x <= 10`` and
``8 <= y <= 10`` holds; the centre block is the Charkoni, where every piece starts and ends.

A piece's progress is its *step*: 0 waits in the Charkoni, 1..83 are board squares and 84 is
home. Seat 0 (South) goes down its own middle column, round the board counter-clockwise and
back up the same column; seat ``k``'s track is South's turned ``k`` quarter turns.

>>> square(0, 1), square(0, 8), square(0, 59), square(0, 83)
((9, 7), (9, 0), (0, 9), (9, 7))
>>> square(1, 8)            # East's own tip
(18, 9)
>>> square(0, 0) is None and square(0, 84) is None
True
>>> len(SQUARES), len(CASTLE_SQUARES)
(96, 12)
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "SEATS",
    "SEAT_NAMES",
    "SIZE",
    "STEPS",
    "HOME",
    "SQUARES",
    "CHARKONI",
    "CASTLE_STEPS",
    "CASTLE_SQUARES",
    "TWENTY_FIVE_STEP",
    "RETURNING_STEP",
    "LOOP",
    "rot",
    "square",
    "track",
    "step_of",
    "loop_index",
    "is_castle",
    "layout",
]

SEATS = (0, 1, 2, 3)
"""Seat numbers in playing order: South, East, North, West (counter-clockwise)."""

SEAT_NAMES = ("South", "East", "North", "West")
"""English names of the seats, by seat number."""

SIZE = 19
"""The board is a SIZE x SIZE grid."""

STEPS = 84
"""Number of steps from the Charkoni back home; ``HOME`` is the last one."""

HOME = 84
"""The step of a piece that has finished (back in the Charkoni by an exact throw)."""

CHARKONI = ((8, 8), (10, 10))
"""The Charkoni: the centre block, inclusive corners (x0, y0), (x1, y1)."""

CASTLE_STEPS = frozenset({8, 12, 21, 25, 29, 38, 42, 46, 55, 59, 63, 72, 76})
"""The castle steps of every seat's track (13 steps, 12 squares: 8 and 76 are one square)."""

TWENTY_FIVE_STEP = 59
"""The 25-castle: exactly 25 steps from home (RULES.md 1.2; paragraph 11 of the rules text)."""

RETURNING_STEP = 51
"""From this step on a piece is on its last arm before home: a *returning* piece (RULES.md 3.10)."""

LOOP = 68
"""Squares of the outer loop that all seats share (steps 8..75 of every track)."""


def rot(x: int, y: int, k: int = 1) -> tuple[int, int]:
    """Turn ``(x, y)`` k quarter turns counter-clockwise about the centre: S -> E -> N -> W."""
    for _ in range(k % 4):
        x, y = 18 - y, x
    return x, y


def _south_track() -> tuple[tuple[int, int] | None, ...]:
    arm = [(8, 7 - i) for i in range(8)] + [(9, 0)] + [(10, i) for i in range(8)]
    loop = [(9, 0)] + [(10, i) for i in range(8)]
    for k in (1, 2, 3):
        loop += [rot(x, y, k) for x, y in arm]
    loop += [(8, 7 - i) for i in range(8)]
    assert len(loop) == LOOP and len(set(loop)) == LOOP
    steps: list[tuple[int, int] | None] = [None]
    steps += [(9, 8 - s) for s in range(1, 8)]  # 1..7: down own middle column
    steps += loop  # 8..75: the outer loop
    steps += [(9, 0)]  # 76: own tip again
    steps += [(9, s - 76) for s in range(77, 84)]  # 77..83: up own middle column
    steps += [None]  # 84: home
    assert len(steps) == STEPS + 1
    return tuple(steps)


_TRACKS = tuple(
    tuple(None if sq is None else rot(sq[0], sq[1], k) for sq in _south_track()) for k in SEATS
)

SQUARES = tuple(
    sorted((x, y) for x in range(SIZE) for y in range(SIZE) if (8 <= x <= 10) != (8 <= y <= 10))
)
"""The 96 board squares as (x, y), sorted."""

CASTLE_SQUARES = frozenset(_TRACKS[0][s] for s in CASTLE_STEPS)
"""The 12 castle squares (safe squares) as (x, y)."""


def _first_steps(t: tuple[tuple[int, int] | None, ...]) -> dict[tuple[int, ...], int]:
    first: dict[tuple[int, ...], int] = {}
    for s, sq in enumerate(t):
        if sq is not None:
            first.setdefault(sq, s)
    return first


_STEP_OF = tuple(_first_steps(t) for t in _TRACKS)


def square(seat: int, step: int) -> tuple[int, int] | None:
    """The (x, y) square of ``seat``'s piece on ``step``; None in the Charkoni (0 and 84).

    Raises:
        ValueError: for a seat outside 0..3 or a step outside 0..84.
    """
    if seat not in SEATS:
        raise ValueError(f"seat must be 0..3 (S, E, N, W), not {seat!r}")
    if not isinstance(step, int) or not 0 <= step <= HOME:
        raise ValueError(f"step must be an integer 0..84, not {step!r}")
    return _TRACKS[seat][step]


def track(seat: int) -> tuple[tuple[int, int] | None, ...]:
    """The whole track of ``seat``: 85 entries, None for steps 0 and 84, else (x, y)."""
    if seat not in SEATS:
        raise ValueError(f"seat must be 0..3 (S, E, N, W), not {seat!r}")
    return _TRACKS[seat]


def step_of(seat: int, xy: tuple[int, int]) -> int | None:
    """The first step of ``seat``'s track on square ``xy``, or None if its track misses it.

    >>> step_of(0, (0, 9)), step_of(1, (9, 0)), step_of(0, (9, 0)), step_of(0, (9, 7))
    (59, 59, 8, 1)
    """
    return _STEP_OF[seat].get(tuple(xy))


def loop_index(seat: int, step: int) -> int | None:
    """The shared outer-loop index 0..67 of ``seat``'s step 8..76 (South's step 8 is 0)."""
    if 8 <= step <= 76:
        return (step - 8 + 17 * seat) % LOOP
    return None


def is_castle(step: int) -> bool:
    """Whether ``step`` (of any seat's track) is a castle."""
    return step in CASTLE_STEPS


def _arm(x: int, y: int) -> int:
    if y <= 7:
        return 0
    if x >= 11:
        return 1
    if y >= 11:
        return 2
    return 3


def layout() -> dict[str, Any]:
    """Everything a drawing needs, JSON-safe: squares, castles, Charkoni and the four tracks.

    Each square is ``{"x", "y", "arm", "castle", "twenty_five"}``; ``twenty_five`` names the seat
    whose 25-castle it is (or None). ``tracks[seat]`` lists the (x, y) of steps 0..84 (None in the
    Charkoni). The front end draws from this alone: geometry lives only in Python.
    """
    twenty_five = {_TRACKS[k][TWENTY_FIVE_STEP]: k for k in SEATS}
    return {
        "size": SIZE,
        "charkoni": [list(CHARKONI[0]), list(CHARKONI[1])],
        "squares": [
            {
                "x": x,
                "y": y,
                "arm": _arm(x, y),
                "castle": (x, y) in CASTLE_SQUARES,
                "twenty_five": twenty_five.get((x, y)),
            }
            for x, y in SQUARES
        ],
        "tracks": [[None if sq is None else list(sq) for sq in t] for t in _TRACKS],
        "castle_steps": sorted(CASTLE_STEPS),
        "twenty_five_step": TWENTY_FIVE_STEP,
        "returning_step": RETURNING_STEP,
        "seat_names": list(SEAT_NAMES),
    }
