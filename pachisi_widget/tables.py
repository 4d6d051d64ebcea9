"""Precomputed tables of the board that every engine reads (computed once from :mod:`board`).

The rules engine (:mod:`pachisi_widget.engine`), the numpy many-game engine
(:mod:`pachisi_widget.fastnp`), the computer players and the probability helpers look facts up
here instead of recomputing them: which square of the shared outer loop a seat's step is,
which steps are castles, which loop squares one throw carries a piece to (:func:`reach_table`)
and from which steps a loop square can be hit (:func:`threat_table`). Plain tuples and
frozensets, standard library only; the numpy engine turns them into arrays.

>>> LOOP_OF[0][8], LOOP_OF[1][8], LOOP_OF[0][0], LOOP_OF[0][84]
(0, 17, -1, -1)
>>> STEP_ON_LOOP[2][LOOP_OF[0][30]]         # South's step 30 is North's step 64
64
>>> IS_CASTLE[59], IS_CASTLE[60]
(True, False)
>>> reach_table(frozenset({2, 25}))[0][28]  # from step 28, a 2 or a 25 lands on loop 22 or 45
(22, 45)
>>> sorted(threat_table(frozenset({2, 3}))[2][LOOP_OF[0][30]])   # North's 61, 62 hit South's 30
[61, 62]
"""

from __future__ import annotations

from functools import cache

from .board import CASTLE_STEPS, HOME, LOOP, SEATS, loop_index

__all__ = [
    "LOOP_OF",
    "STEP_ON_LOOP",
    "IS_CASTLE",
    "IS_SAFE",
    "LAST_SURE_STEP",
    "ON_LOOP_FIRST",
    "ON_LOOP_LAST",
    "OFF_LOOP",
    "OPENING_ROUNDS_MAX",
    "IDLE_THROWS_MAX",
    "reach_table",
    "threat_table",
]

ON_LOOP_FIRST = 8
"""A seat's first step on the shared outer loop (its own arm's tip)."""
ON_LOOP_LAST = 76
"""A seat's last step on the shared outer loop (its own arm's tip, the second time)."""
OFF_LOOP = -1
"""The entry of :data:`LOOP_OF` and :func:`reach_table` for a step off the shared loop."""

OPENING_ROUNDS_MAX = 1000
"""The opening throws (RULES.md 3.1) stop after this many tied rounds: a round is one throw by
each seat still contending (the first round: every seat), tied when more than one throws the
highest value; after the last allowed round, if it is tied too, the lowest seat among those tied
starts. Every engine follows this rule (it keeps a biased ``p_mouth_up`` from tying forever)."""

IDLE_THROWS_MAX = 20_000
"""When this many throws in a row have moved no piece (each one passed or lost), the game is over as
a dead game with no winner. Players who only pass, or shells so biased that no throw can be used,
would otherwise never end a game. A game played to win never comes near it, and a lesson that
throws and passes thousands of times to count the throws has room to spare. Every engine uses this
rule."""

LOOP_OF: tuple[tuple[int, ...], ...] = tuple(
    # loop_index gives an int for every step on the loop (its None is for the other steps)
    tuple(
        loop_index(seat, step) if ON_LOOP_FIRST <= step <= ON_LOOP_LAST else OFF_LOOP  # type: ignore[misc]
        for step in range(HOME + 1)
    )
    for seat in SEATS
)
"""``LOOP_OF[seat][step]``: the square of the shared outer loop (0..67) that ``seat``'s ``step``
stands on, or :data:`OFF_LOOP` for a step off the loop (waiting, the private columns, home).
Steps 8 and 76 are one square (the tip): both give the same index."""

STEP_ON_LOOP: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        next(st for st in range(ON_LOOP_FIRST, ON_LOOP_LAST) if LOOP_OF[seat][st] == g)
        for g in range(LOOP)
    )
    for seat in SEATS
)
"""``STEP_ON_LOOP[seat][g]``: the step of ``seat``'s track (8..75) on loop square ``g``."""

IS_CASTLE: tuple[bool, ...] = tuple(
    step in CASTLE_STEPS and ON_LOOP_FIRST <= step <= ON_LOOP_LAST for step in range(HOME + 1)
)
"""``IS_CASTLE[step]``: whether ``step`` (of any seat's track) is a castle square."""

IS_SAFE: tuple[bool, ...] = tuple(
    not ON_LOOP_FIRST <= step <= ON_LOOP_LAST or IS_CASTLE[step] for step in range(HOME + 1)
)
"""``IS_SAFE[step]``: whether no opponent can capture a piece on ``step``: a castle, the seat's
own steps off the shared loop (waiting, 1..7, the private column 77..83) or home.

>>> IS_SAFE[0], IS_SAFE[7], IS_SAFE[29], IS_SAFE[30], IS_SAFE[77], IS_SAFE[HOME]
(True, True, True, False, True, True)
"""

LAST_SURE_STEP = 72
"""The last step from which a piece always has a move: of the steps +2, +3, +4 (every throw
table has them) at most one is a castle, and none passes step 76 (the engines' dead-game check
starts from it)."""


@cache
def reach_table(reach: frozenset[int]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``reach_table(reach)[seat][step]``: for each distance of ``sorted(reach)``, the loop square
    a piece of ``seat`` on ``step`` lands on when it moves that far, or :data:`OFF_LOOP` when it
    would land off the loop (its own tip at step 76 is left out: no opponent stands there for
    long, and a hit there is counted from the far side, as :func:`threat_table` does)."""
    dists = sorted(reach)
    return tuple(
        tuple(
            tuple(
                LOOP_OF[seat][step + r]
                if step >= 1 and ON_LOOP_FIRST <= step + r < ON_LOOP_LAST
                else OFF_LOOP
                for r in dists
            )
            for step in range(HOME + 1)
        )
        for seat in SEATS
    )


@cache
def threat_table(reach: frozenset[int]) -> tuple[tuple[frozenset[int], ...], ...]:
    """``threat_table(reach)[seat][g]``: the steps from which a piece of ``seat`` lands on loop
    square ``g`` with one of the distances in ``reach`` (a frozenset of steps)."""
    return tuple(
        tuple(
            frozenset(STEP_ON_LOOP[seat][g] - r for r in reach if STEP_ON_LOOP[seat][g] - r >= 1)
            for g in range(LOOP)
        )
        for seat in SEATS
    )
