"""The numpy engine under hostile input: openings that tie for hundreds of rounds, openings that
would tie forever, games whose throws can never be used; and the bonus-grace rule kept.

Whole games are compared with the pure-Python engine in ``tests/test_differential.py``; here the
limits that engine shares (``tables.OPENING_ROUNDS_MAX``, ``tables.IDLE_THROWS_MAX``) are
checked on the numpy side."""

from __future__ import annotations

import numpy as np
import pytest

from pachisi_widget import Game, Rules, fastnp
from pachisi_widget.engine import throw_cdf
from pachisi_widget.fastnp import game_seeds, run_batch
from pachisi_widget.tables import OPENING_ROUNDS_MAX

SEATS4 = (0, 1, 2, 3)


class _ZeroStreams(fastnp._Streams):
    """Streams whose every double is 0.0 (every throw 0 mouths up, a 25 in every table)."""

    def __init__(self, games):
        self.seeds, self.width = [0] * games, 300
        self.U = np.zeros((games, self.width))

    def draw(self, g, start, count):
        return np.zeros(count)


def test_openings_draw_past_the_first_doubles_exactly_as_the_reference(monkeypatch):
    # most throws are 25s: the seats often tie, past the first 8 pre-drawn doubles
    monkeypatch.setattr(fastnp, "_OPENING_DRAWS", 8)
    rules = Rules(p_mouth_up=0.05)
    seeds = game_seeds(1, 100)
    setup = fastnp._Setup(rules, SEATS4, ("random",) * 4)
    starters, used = fastnp._Streams(seeds, 300).openings(rules, SEATS4, setup.cdf_list)
    assert max(used) > 8
    for seed, starter, draws in zip(seeds, starters, used, strict=True):
        game = Game(4, rules, seed=seed)
        assert starter == game.to_move, seed
        assert draws == sum(len(r) for r in game.opening), seed


@pytest.mark.parametrize("seats", [(0, 1, 2, 3), (0, 1, 2), (0, 2)])
def test_an_opening_tied_for_every_round_goes_to_the_lowest_seat(seats):
    rules = Rules()
    starters, used = _ZeroStreams(3).openings(rules, seats, throw_cdf(rules))
    assert starters == [seats[0]] * 3
    assert used == [len(seats) * OPENING_ROUNDS_MAX] * 3


def test_a_game_that_can_never_use_a_throw_ends_dead(monkeypatch):
    # only a 25 enters a piece, and with p = 0.95 a 25 (no mouth up) almost never comes: every
    # throw is lost; after the idle limit the game is over with no winner
    monkeypatch.setattr(fastnp, "IDLE_THROWS_MAX", 300)
    rules = Rules(p_mouth_up=0.95, entry_graces=frozenset({25}), first_piece_any_throw=False)
    for agents in (("random",) * 4, ("greedy", "runner", "castle_waiter", "random")):
        out = run_batch(rules, SEATS4, agents, game_seeds(2, 20))
        assert (out["winner"] == -1).all()
        assert (out["throws"] >= 300).all() and (out["throws"] < 2000).all()


def test_streams_refilled_mid_opening_give_the_same_games():
    rules = Rules()
    seeds = game_seeds(8, 16)[10:]
    setup = fastnp._Setup(rules, SEATS4, ("random",) * 4)
    _, used = fastnp._Streams(seeds, 5).openings(rules, SEATS4, setup.cdf_list)
    assert max(used) > 5  # an opening with a tie reads past a row of 5 doubles
    wide = run_batch(rules, SEATS4, ("random",) * 4, seeds)
    narrow = run_batch(rules, SEATS4, ("random",) * 4, seeds, width=5)
    for key in wide:
        assert wide[key].tolist() == narrow[key].tolist(), key


@pytest.mark.parametrize("preset", ["seven_cowries"])
def test_a_bonus_grace_never_enters_a_piece_not_even_the_first(preset):
    rules = Rules.preset(preset)
    bonus = set(rules.bonus_graces)
    trace: list = []
    run_batch(rules, SEATS4, ("random",) * 4, game_seeds(3, 200), trace=trace)
    seen_bonus = seen_first = 0
    for thrown, after in zip(trace[::2], trace[1::2], strict=True):
        assert "value" in thrown and "over" in after
        gids = thrown["gid"].tolist()
        assert after["gid"].tolist() == gids
        for row in range(len(gids)):
            seat = int(thrown["to_move"][row])
            before = thrown["P"][row, seat]
            if before.any():
                continue  # the privilege is only for a seat with all its pieces waiting
            value = int(thrown["value"][row])
            entered = after["P"][row, seat].any()
            if value in bonus:
                seen_bonus += 1
                assert not entered, (gids[row], value)
            elif entered and value not in rules.entry_graces:  # the first piece's privilege
                seen_first += 1
                assert sorted(after["P"][row, seat].tolist()) == [0, 0, 0, value]
                assert not after["fresh"][row, seat]
    assert seen_bonus > 10 and seen_first > 100


def test_the_batch_drops_finished_games_in_one_place():
    rules = Rules()
    setup = fastnp._Setup(rules, (0, 2), ("random", "greedy"))
    batch = fastnp._Batch(setup, [0, 2, 2], [4, 5, 6])
    batch.turn += np.array([7, 8, 9])
    batch.throws += np.array([70, 80, 90])
    over = np.array([False, True, False])
    batch.retire(over, np.array([-1, 2, -1]))
    assert len(batch) == 2
    for name in fastnp._Batch._PER_GAME:
        assert len(getattr(batch, name)) == 2, name
    assert batch.gid.tolist() == [0, 2] and batch.ptr.tolist() == [4, 6]
    assert batch.results["winner"].tolist() == [-1, 2, -1]
    assert batch.results["turns"].tolist() == [0, 9, 0]
    assert batch.results["throws"].tolist() == [0, 80, 0]
    assert (batch.pieces[:, [1, 3]] == 84).all() and (batch.pieces[:, [0, 2]] == 0).all()


@pytest.mark.parametrize(
    "agents", [("random",) * 4, ("greedy", "runner", "castle_waiter", "random")]
)
def test_a_batch_fed_as_games_end_plays_the_same_games(agents):
    seeds = game_seeds(5, 120)
    whole = run_batch(Rules(), SEATS4, agents, seeds)
    for size in (1, 7, 64, 119):
        fed = run_batch(Rules(), SEATS4, agents, seeds, size=size, width=50)
        for key in whole:
            assert fed[key].tolist() == whole[key].tolist(), (size, key)
