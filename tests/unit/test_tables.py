"""The precomputed tables (pachisi_widget.tables) agree with board.py, square by square, and the
reach and threat tables with a direct count on the board."""

from __future__ import annotations

import ast
import pathlib
import random

import pytest

from pachisi_widget import Rules, board, tables
from pachisi_widget.agents import danger, reach_values
from pachisi_widget.board import HOME, LOOP, SEATS, square
from pachisi_widget.tables import (
    IS_CASTLE,
    LOOP_OF,
    OFF_LOOP,
    ON_LOOP_FIRST,
    ON_LOOP_LAST,
    STEP_ON_LOOP,
    reach_table,
    threat_table,
)

# every set of distances one throw can cover, over the presets and pyada
REACHES = sorted(
    {
        reach_values(Rules.preset(p).replace(pyada=py))
        for p in ("classic", "seven_cowries", "cowrie_skill", "mitra")
        for py in (False, True)
    },
    key=sorted,
)
# the loop's squares in South's order: a square's position here is its loop index
LOOP_SQUARES = [square(0, step) for step in range(ON_LOOP_FIRST, ON_LOOP_LAST)]


def _loop_index_of_square(xy) -> int:
    return LOOP_SQUARES.index(xy) if xy in LOOP_SQUARES else OFF_LOOP


def test_loop_of_is_board_loop_index_for_every_seat_and_step():
    for seat in SEATS:
        assert len(LOOP_OF[seat]) == HOME + 1
        for step in range(HOME + 1):
            expected = board.loop_index(seat, step)
            assert LOOP_OF[seat][step] == (OFF_LOOP if expected is None else expected), (seat, step)


def test_loop_of_names_the_same_square_for_every_seat():
    for seat in SEATS:
        for step in range(HOME + 1):
            g = LOOP_OF[seat][step]
            on_loop = ON_LOOP_FIRST <= step <= ON_LOOP_LAST
            assert (g != OFF_LOOP) == on_loop, (seat, step)
            if on_loop:
                assert LOOP_SQUARES[g] == square(seat, step), (seat, step)


def test_step_on_loop_inverts_loop_of():
    for seat in SEATS:
        assert len(STEP_ON_LOOP[seat]) == LOOP
        for g in range(LOOP):
            step = STEP_ON_LOOP[seat][g]
            assert ON_LOOP_FIRST <= step < ON_LOOP_LAST
            assert LOOP_OF[seat][step] == g
            assert square(seat, step) == LOOP_SQUARES[g]
            assert board.step_of(seat, LOOP_SQUARES[g]) == step


def test_is_castle_is_the_boards_castles():
    assert len(IS_CASTLE) == HOME + 1
    for step in range(HOME + 1):
        assert IS_CASTLE[step] == board.is_castle(step), step
        for seat in SEATS:
            assert IS_CASTLE[step] == (square(seat, step) in board.CASTLE_SQUARES), (seat, step)


def _direct_landing(seat, step, d) -> int:
    """The loop square a piece of ``seat`` on ``step`` lands on by moving ``d``, from board.py."""
    end = step + d
    if not 0 < step < HOME or not ON_LOOP_FIRST <= end < ON_LOOP_LAST:
        return OFF_LOOP  # not on the board, or past the loop (76 is the tip again, a castle)
    return _loop_index_of_square(square(seat, end))


@pytest.mark.parametrize("reach", REACHES, ids=[str(sorted(r)) for r in REACHES])
def test_reach_table_is_a_direct_walk_on_the_board(reach):
    table = reach_table(reach)
    ordered = sorted(reach)
    for seat in SEATS:
        for step in range(HOME + 1):
            assert table[seat][step] == tuple(_direct_landing(seat, step, d) for d in ordered)
    assert reach_table(reach) is table  # built once


@pytest.mark.parametrize("reach", REACHES, ids=[str(sorted(r)) for r in REACHES])
def test_threat_table_lists_the_steps_one_throw_behind(reach):
    table = threat_table(reach)
    for seat in SEATS:
        for g in range(LOOP):
            target = square(0, ON_LOOP_FIRST + g)  # South's step 8 + g is loop square g
            direct = {
                t
                for t in range(1, HOME)
                for d in reach
                if _direct_landing(seat, t, d) != OFF_LOOP and square(seat, t + d) == target
            }
            assert table[seat][g] == direct, (seat, g)
            te = STEP_ON_LOOP[seat][g]
            assert direct == {te - d for d in reach if te - d > 0}, (seat, g)
    assert threat_table(reach) is table


def _brute_danger(seat, end, pieces, seats, teams, reach) -> int:
    if square(seat, end) is None or board.is_castle(end) or not 8 <= end <= 76:
        return -1
    target = square(seat, end)
    n = 0
    for o in seats:
        if o == seat or (teams and (o - seat) % 2 == 0):
            continue
        for t in pieces[o]:
            if any(t > 0 and t + d < ON_LOOP_LAST and square(o, t + d) == target for d in reach):
                n += 1
    return n


@pytest.mark.parametrize("teams", [False, True])
def test_danger_counts_the_pieces_one_throw_behind_on_the_board(teams):
    rng = random.Random(5)
    seats = (0, 1, 2, 3)
    for _ in range(400):
        pieces = [tuple(rng.choice((0, 84, rng.randrange(1, 84))) for _ in range(4)) for _ in seats]
        reach = rng.choice(REACHES)
        seat = rng.choice(seats)
        end = rng.randrange(1, HOME + 1)
        assert danger(seat, end, pieces, seats, teams, reach) == _brute_danger(
            seat, end, pieces, seats, teams, reach
        ), (seat, end, pieces, sorted(reach))
    # a plain set of distances works as well as a frozenset
    assert danger(0, 30, [(0,) * 4, None, (0, 61, 62, 0), None], (0, 2), False, {2, 3}) == 2


def test_limits_are_named_once():
    assert tables.OPENING_ROUNDS_MAX == 1000
    assert isinstance(tables.IDLE_THROWS_MAX, int) and tables.IDLE_THROWS_MAX >= 1000


def test_tables_use_the_standard_library_and_board_only():
    tree = ast.parse(pathlib.Path(tables.__file__).read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            imported.add(("." * node.level) + (node.module or ""))
        elif isinstance(node, ast.Import):
            imported.update(a.name for a in node.names)
    assert imported == {"__future__", "functools", ".board"}, imported
