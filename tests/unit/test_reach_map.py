"""probability.reach_map, which follows the one piece (its step, the pool as a multiset, the
series of throws kept per rules), against the engine-based version it replaced
(``_reference_reach_map``, the package's ``reaching._engine_reach``): every throw played on the
rules engine itself, the whole position at each throw. Exact maps must be equal (Fractions),
float maps within the error they state, over many positions of seeded random games of every
preset (2 and 4 players, early to late, throws already thrown and pooled, pieces waiting, near
home, captures to make)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import pachisi_widget as pw
from pachisi_widget import pools, probability
from pachisi_widget.board import HOME
from pachisi_widget.reaching import (
    REACH_FLOAT_ERROR,
    REACH_THROWS_MAX,
    _engine_reach,
    _reach_start,
)
from pachisi_widget.rules import PRESETS, Rules
from pachisi_widget.state import GameState


def _reference_reach_map(
    state, seat=None, piece=0, exact=True, throws_max=REACH_THROWS_MAX, error=None
) -> dict:
    """reach_map as it was, on the rules engine: the turn played from the whole position,
    positions reached by several series of throws followed once (the package keeps that
    version, ``reaching._engine_reach``, for the rare rules the piece's own walk leaves to it)."""
    seat, start = _reach_start(state, seat, piece, throws_max)
    return _engine_reach(
        state, seat, start, exact, throws_max, REACH_FLOAT_ERROR if error is None else error
    )


def _throw(st, rng):
    u, acc = rng.random(), 0.0
    outcomes = st.chance_outcomes()
    for throw, pr in outcomes:
        acc += float(pr)
        if u < acc:
            return st.apply_throw(throw)
    return st.apply_throw(outcomes[-1][0])


def game_states(rules, players: int, seed: int, every: int, most: int) -> list:
    """States of a seeded random game (a move rather than a pass when there is one), one
    action in ``every``, at a throw or with throws pending (the pool of ``throw_then_move``
    mid-series or being spent), from the first turns to the last."""
    rng = random.Random(seed)
    seats = (0, 2) if players == 2 else (0, 1, 2, 3)
    st = GameState.initial(rules, seats, to_move=0)
    out, n = [], 0
    while st.phase != "over" and len(out) < most and st.turn < 700:
        n += 1
        if n % every == 0:
            out.append(st)
        if st.phase == "throw":
            st = _throw(st, rng)
        else:
            moves = st.legal_moves()
            st = st.apply(rng.choice(moves[:-1]) if len(moves) > 1 else moves[-1])
    return out


def stacks(st) -> list:
    """One piece of each stack of the seat to move that is not home."""
    mine = st.pieces[st.to_move]
    return [mine.index(s) for s in sorted(set(mine)) if s != HOME]


def check_against_reference(st, throws_max: int) -> int:
    """Exact maps equal to the reference's for every stack, floats within their error."""
    seat = st.to_move
    for piece in stacks(st):
        new = probability.reach_map(st, seat, piece, throws_max=throws_max)
        assert new == _reference_reach_map(st, seat, piece, throws_max=throws_max), (
            st.notation(),
            st.pool,
            st.run,
            piece,
        )
        assert sum(new.values()) == 1
        for error in (1e-4, 1e-6):
            f = probability.reach_map(st, seat, piece, False, throws_max, error)
            assert sum(f.values()) == pytest.approx(1, abs=1e-12)
            worst = max(abs(f.get(s, 0.0) - float(new.get(s, 0))) for s in set(f) | set(new))
            assert worst <= error + 1e-12, (st.notation(), piece, worst)
    return len(stacks(st))


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("players", [2, 4])
def test_reach_map_equals_the_engine_based_one_over_random_games(preset, players):
    rules = Rules.preset(preset)
    pooled = rules.turn_mode == "throw_then_move"
    states = game_states(rules, players, seed=players * 10 + len(preset), every=17, most=40)
    phases = {st.phase for st in states}
    assert phases == {"throw", "move"}
    if pooled:  # throws already pooled, the series still going, and pools to spend
        assert any(st.phase == "throw" and st.pool for st in states)
        assert any(st.phase == "move" and len(st.pool) > 1 for st in states)
    # early to late, pieces waiting and near home
    assert any(0 in st.pieces[st.to_move] for st in states)
    assert any(any(70 <= t < HOME for t in st.pieces[st.to_move]) for st in states)
    compared = 0
    for i, st in enumerate(states):
        compared += check_against_reference(st, 3 if pooled else 4)
        if i % 8 == 0:  # a longer turn now and then
            compared += check_against_reference(st, 5 if pooled else REACH_THROWS_MAX)
    assert compared > 40


@pytest.mark.parametrize(
    "preset, position, piece",
    [
        # a piece still to enter, graces to bring it in (and, in mitra, to count from the
        # Charkoni onto an opponent)
        ("classic", [[0, 0, 14, 30], [9, 0, 40, 60], [0, 22, 47, 70], [18, 33, 0, 0]], 0),
        ("mitra", [[0, 0, 14, 30], [10, 0, 40, 60], [0, 22, 47, 70], [18, 33, 0, 0]], 0),
        # captures ahead, the extra throws they bring
        ("classic", [[20, 40, 0, 0], [0, 0, 0, 0], [0, 22, 23, 24], None], 0),
        ("cowrie_skill", [[20, 40, 0, 0], [0, 0, 0, 0], [0, 22, 23, 24], None], 0),
        ("mitra", [[20, 40, 0, 0], [0, 0, 0, 0], [0, 26, 28, 30], None], 0),
        # castles held in the way
        ("seven_cowries", [[17, 5, 0, 0], None, [55, 59, 0, 0], None], 0),
        ("cowrie_skill", [[17, 5, 0, 0], None, [55, 59, 0, 0], None], 0),
        # near home: exact count, the release from step 83, pyada's extra step
        ("classic", [[83, 80, 84, 84], None, [0, 0, 40, 50], None], 0),
        ("classic", [[83, 80, 84, 84], None, [0, 0, 40, 50], None], 1),
        ("cowrie_skill", [[59, 74, 84, 84], None, [0, 0, 30, 45], None], 0),
        ("mitra", [[59, 74, 84, 84], None, [0, 0, 30, 45], None], 1),
        # the first piece of a seat leaves on any throw
        ("seven_cowries", [[0, 0, 0, 0], None, [10, 20, 0, 0], None], 0),
        ("mitra", [[0, 0, 0, 0], None, [10, 20, 0, 0], None], 0),
    ],
)
def test_reach_map_equals_the_engine_based_one_in_chosen_positions(preset, position, piece):
    st = pw.Game.from_position(position, rules=preset, seed=1).state
    pooled = st.rules.turn_mode == "throw_then_move"
    assert probability.reach_map(st, 0, piece, throws_max=5 if pooled else 8) == (
        _reference_reach_map(st, 0, piece, throws_max=5 if pooled else 8)
    )
    f = probability.reach_map(st, 0, piece, exact=False, error=probability.SHOWN_ERROR)
    exact = probability.reach_map(st, 0, piece)
    assert max(abs(f.get(s, 0.0) - float(exact.get(s, 0))) for s in exact) <= 1e-4


@pytest.mark.parametrize(
    "preset, changes",
    [
        ("classic", {"teams": True}),
        ("classic", {"must_capture_before_home": True, "revenge_rule": True}),
        ("classic", {"grace_moves_before_all_entered": True, "castle_blocks_enemy": False}),
        ("classic", {"capture_extra_throw": False, "last_square_release": frozenset()}),
        ("classic", {"entry_mode": "count_from_charkoni", "pyada": True}),
        ("classic", {"first_piece_any_throw": False, "p_mouth_up": Fraction(2, 5)}),
        ("mitra", {"must_capture_before_home": True, "teams": True}),
        ("cowrie_skill", {"capture_extra_throw": False, "grace_moves_before_all_entered": True}),
        ("seven_cowries", {"turn_mode": "throw_then_move", "cancel_three": True}),
        ("classic", {"split_throw": True}),  # played on the engine, as before
    ],
)
def test_reach_map_equals_the_engine_based_one_under_other_options(preset, changes):
    rules = Rules.preset(preset).replace(**changes)
    pooled = rules.turn_mode == "throw_then_move"
    players = 4 if rules.teams else 2
    for st in game_states(rules, players, seed=5, every=37, most=8):
        check_against_reference(st, 3 if pooled else 4)


def test_the_idle_count_near_the_dead_game_limit_plays_the_turn_on_the_engine():
    st = pw.Game.from_position(
        [[83, 84, 84, 84], None, [0, 0, 40, 83], None],
        rules=Rules(last_square_release=frozenset()),
        seed=1,
    ).state
    near = st._replace(idle=19_997)
    for st_ in (st, near):  # each throw is lost: three more and the game is dead
        assert probability.reach_map(st_, 0, 0, throws_max=4) == _reference_reach_map(
            st_, 0, 0, throws_max=4
        )


def test_the_series_of_throws_are_kept_per_rules_and_give_the_same_map():
    st = pw.Game.from_position(
        [[20, 30, 0, 0], None, [0, 0, 40, 50], None], rules="mitra", seed=2
    ).state
    pools._SERIES.clear()
    first = probability.reach_map(st, 0, 1, exact=False, error=1e-4)
    assert pools._SERIES  # kept
    assert probability.reach_map(st, 0, 1, exact=False, error=1e-4) == first
    pools._SERIES.clear()
    assert probability.reach_map(st, 0, 1, exact=False, error=1e-4) == first
