"""Precomputed tables of the board that every engine reads (computed once from :mod:`board`).

The rules engine (:mod:`pachisi_widget.engine`), the numpy many-game engine
(:mod:`pachisi_widget.fastnp`), the computer players and the probability helpers look facts up
here instead of recomputing them: which square of the shared outer loop a seat's step is, and
which steps are castles.

>>> LOOP_OF[0][8], LOOP_OF[1][8], LOOP_OF[0][0], LOOP_OF[0][84]
(0, 17, -1, -1)
>>> STEP_ON_LOOP[2][LOOP_OF[0][30]]         # South's step 30 is North's step 64
64
>>> IS_CASTLE[59], IS_CASTLE[60]
(True, False)
"""

from __future__ import annotations

from .board import CASTLE_STEPS, HOME, LOOP, loop_index

__all__ = ["LOOP_OF", "STEP_ON_LOOP", "IS_CASTLE", "ON_LOOP_FIRST", "ON_LOOP_LAST"]

ON_LOOP_FIRST = 8
"""A seat's first step on the shared outer loop (its own arm's tip)."""
ON_LOOP_LAST = 76
"""A seat's last step on the shared outer loop (its own arm's tip, the second time)."""

LOOP_OF: tuple = tuple(
    tuple(loop_index(seat, step) if ON_LOOP_FIRST <= step <= ON_LOOP_LAST else -1
          for step in range(HOME + 1))
    for seat in range(4)
)
"""``LOOP_OF[seat][step]``: the square of the shared outer loop (0..67) that ``seat``'s ``step``
stands on, or -1 for a step off the loop (waiting, the private columns, home). Steps 8 and 76 are
one square (the tip): both give the same index."""

STEP_ON_LOOP: tuple = tuple(
    tuple(next(st for st in range(ON_LOOP_FIRST, ON_LOOP_LAST) if LOOP_OF[seat][st] == g)
          for g in range(LOOP))
    for seat in range(4)
)
"""``STEP_ON_LOOP[seat][g]``: the step of ``seat``'s track (8..75) on loop square ``g``."""

IS_CASTLE: tuple = tuple(step in CASTLE_STEPS and ON_LOOP_FIRST <= step <= ON_LOOP_LAST
                         for step in range(HOME + 1))
"""``IS_CASTLE[step]``: whether ``step`` (of any seat's track) is a castle square."""
