"""Each fact of the game is written once: the places that read it agree with it."""

from __future__ import annotations

import pytest

from pachisi_widget import agents, board, engine, game, serialize, tables
from pachisi_widget.board import CASTLE_STEPS, HOME
from pachisi_widget.lab import simulate as lab_simulate
from pachisi_widget.lab import stats
from pachisi_widget.rules import PYADA_VALUES, Rules
from pachisi_widget.state import GameState


def test_the_engine_state_fields_are_the_game_state_fields_after_rules():
    assert GameState._fields[0] == "rules"
    assert GameState._fields[1:] == engine.STATE_FIELDS


def test_is_safe_is_a_castle_or_off_the_shared_loop():
    for step in range(HOME + 1):
        on_loop = tables.ON_LOOP_FIRST <= step <= tables.ON_LOOP_LAST
        assert tables.IS_SAFE[step] == (not on_loop or step in CASTLE_STEPS), step


def test_a_safe_square_has_no_danger():
    pieces = [(0, 0, 0, 0), None, (0, 61, 62, 0), None]
    for step in range(1, HOME + 1):
        if tables.IS_SAFE[step]:
            assert agents.danger(0, step, pieces, (0, 2), False, {2, 3, 4}) == -1


@pytest.mark.parametrize("pyada", [False, True])
def test_distance_adds_pyadas_step_only_with_nothing_waiting(pyada):
    rules = Rules(pyada=pyada)
    for value in rules.values:
        extra = pyada and value in PYADA_VALUES
        assert rules.distance(value) == value + extra
        assert rules.distance(value, waiting=True) == value


def test_one_seat_map_one_seed_bound_one_z():
    assert game.SEED_MAX is serialize.SEED_MAX
    assert lab_simulate.SEATS_FOR_PLAYERS is game.SEATS_FOR_PLAYERS
    assert lab_simulate.SEAT_NAMES is board.SEAT_NAMES
    from statistics import NormalDist

    assert pytest.approx(NormalDist().inv_cdf(0.975), abs=1e-12) == stats.Z95


def test_the_last_sure_step_always_has_a_move():
    # of +2, +3, +4 (in every throw table) at most one lands on a castle, and none passes 76
    for step in range(1, tables.LAST_SURE_STEP + 1):
        ends = [step + d for d in (2, 3, 4)]
        assert max(ends) <= tables.ON_LOOP_LAST
        assert sum(e in CASTLE_STEPS for e in ends) <= 1
