"""The learned evaluation (pachisi_widget.learned): its data file, its features, its net read in
pure Python, and the player that uses it."""

from __future__ import annotations

import json
import math
import random

import pytest

import pachisi_widget as pw
from pachisi_widget import learned
from pachisi_widget.agents import ExpectimaxAgent, make_agent
from pachisi_widget.learned import (
    N_INPUTS,
    Evaluation,
    LearnedAgent,
    evaluation,
    features,
    load_evaluation,
    win_chance,
)


def position(south, north, to_move=0):
    return pw.Game.from_position([south, None, north, None], to_move=to_move, seed=1).state


POSITIONS = [
    position([0, 0, 0, 0], [0, 0, 0, 0]),
    position([9, 20, 40, 0], [10, 52, 0, 0]),
    position([30, 30, 61, 84], [61, 5, 0, 84], to_move=2),
    position([84, 84, 84, 70], [84, 84, 0, 0]),
    position([77, 80, 83, 84], [40, 41, 42, 43], to_move=2),
]


def test_the_shipped_file_loads_and_is_small():
    net = evaluation()
    assert isinstance(net, Evaluation) and len(net.w1) == N_INPUTS
    assert 10 <= net.hidden <= 100
    assert learned.DATA_FILE.stat().st_size < 200_000
    assert net.info["format"] == "pachisi_widget evaluation"
    assert net.info["game"] == learned.TRAINED_ON


def test_features_of_a_hand_made_position():
    # North's step 61 is South's 27: three steps behind South's 30 (a 3: 20 in 64), and two
    # short of South's 29, a castle (safe). North's 30 is South's 64: 35 ahead of South's 29,
    # a 25 and then a 10 or a 10 and then a 25 (two graces, each giving the next throw).
    s = position([29, 30, 0, 84], [61, 30, 0, 0])
    idx, dense = features(s, 0)
    assert idx == (0, 29, 30, 84, 85, 85, 85 + 30, 85 + 61)
    p3 = 20 / 64  # a 3 in one throw
    assert dense[0] == pytest.approx(p3 / 2)  # South: one piece hit with p3 (halved)
    assert dense[1] == pytest.approx(p3 * 30 / 84)  # ... weighted by its progress
    assert dense[2] == pytest.approx(p3) and dense[5] == pytest.approx(1 / 4)
    assert dense[3] == pytest.approx((29 + 30 + 84) / 336)
    p35 = 2 * (1 / 64) * (6 / 64)
    assert dense[6:9] == pytest.approx([p35 / 2, p35 * 30 / 84, p35]) and dense[11] == 0.25
    assert dense[9] == pytest.approx((61 + 30) / 336) and dense[4] == dense[10] == 0.0
    assert len(dense) == N_INPUTS - 170


def test_a_grace_and_the_throw_after_it_count_too():
    # North's 61 is South's 27: 13 behind South's 40 is a 10 (a grace) and then a 3
    s = position([40, 0, 0, 0], [61, 0, 0, 0])
    dense = features(s, 0)[1]
    assert dense[2] == pytest.approx((6 / 64) * (20 / 64))


def test_the_features_and_chance_do_not_depend_on_which_seat_is_which():
    for s in POSITIONS:
        mirror = position(list(s.pieces[2]), list(s.pieces[0]), to_move=2 - s.to_move)
        assert features(s) == features(mirror)
        assert win_chance(s, s.to_move) == win_chance(mirror, mirror.to_move)
        assert win_chance(s, 0) + win_chance(s, 2) == pytest.approx(1.0)


def test_the_pure_python_net_is_numpys():
    np = pytest.importorskip("numpy")
    net = evaluation()
    w1, b1 = np.array(net.w1), np.array(net.b1)
    for s in POSITIONS:
        idx, dense = features(s)
        x = np.zeros(N_INPUTS)
        for i in idx:
            x[i] += 1
        x[170:] = dense
        h = 1 / (1 + np.exp(-(x @ w1 + b1)))
        want = 1 / (1 + np.exp(-(h @ np.array(net.w2) + net.b2)))
        assert net.chance(idx, dense) == pytest.approx(float(want), abs=1e-12)


def test_the_net_knows_a_won_race_from_a_lost_one():
    ahead = position([84, 84, 84, 70], [84, 10, 0, 0])
    assert win_chance(ahead, 0) > 0.8
    assert win_chance(position([84, 84, 84, 83], [84, 84, 84, 83]), 0) > 0.4


def test_over_and_move_phases():
    g = pw.Game.from_position([[84, 84, 84, 80], None, [84, 84, 84, 10], None], seed=3)
    g.throw(up=4)  # 80 -> 84: the move that wins
    s = g.state
    assert s.phase == "move" and win_chance(s, 0) == 1.0 and win_chance(s, 2) == 0.0
    won = s.apply(s.legal_moves()[0])
    assert won.phase == "over" and win_chance(won, 0) == 1.0


@pytest.mark.parametrize(
    "text, why",
    [
        ("{", "JSONDecodeError"),
        ('{"format": "something else"}', "is not a"),
        ('{"format": "pachisi_widget evaluation", "features": 99}', "features 99"),
    ],
)
def test_a_bad_file_says_which_and_why(tmp_path, text, why):
    bad = tmp_path / "evaluation.json"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=why) as err:
        load_evaluation(bad)
    assert str(bad) in str(err.value) and "cannot be read" in str(err.value)


def test_bad_weights_are_refused(tmp_path):
    data = json.loads(learned.DATA_FILE.read_text(encoding="utf-8"))
    short = dict(data, w2=data["w2"][:-1])
    with pytest.raises(ValueError, match="inputs x"):
        Evaluation(short)
    nan = dict(data, b2=math.nan)
    with pytest.raises(ValueError, match="finite"):
        Evaluation(nan)
    words = dict(data, b1=["x"] * len(data["b1"]))
    with pytest.raises(ValueError, match="numbers"):
        Evaluation(words)
    with pytest.raises(ValueError, match="cannot be read"):
        load_evaluation(tmp_path / "missing.json")


def test_features_refuse_four_players():
    g = pw.Game(players=4, seed=1)
    with pytest.raises(ValueError, match="two-player games only"):
        features(g.state)


def test_the_learned_player():
    assert repr(make_agent("learned")) == "LearnedAgent(depth=1)"
    assert make_agent("learned", depth=0).depth == 0
    for bad in (3, -1, True, "1"):
        with pytest.raises(ValueError, match="depth must be 0, 1 or 2"):
            LearnedAgent(depth=bad)
    rng = random.Random(0)
    for depth in (0, 1):
        g = pw.Game(players=2, seed=4)
        a = LearnedAgent(depth)
        for _ in range(60):
            if g.state.phase == "over":
                break
            g.throw()
            if g.state.phase == "move":
                m = a.choose(g.state, rng)
                assert m in g.legal_moves()
                g.play(m)


def test_the_learned_player_takes_a_win_and_a_capture():
    g = pw.Game.from_position([[84, 84, 84, 80], None, [84, 84, 84, 10], None], seed=3)
    g.throw(up=4)
    assert LearnedAgent().choose(g.state, random.Random(0)).end == 84
    g = pw.Game.from_position([[40, 26, 0, 0], None, [70, 0, 0, 64], None], to_move=0, seed=1)
    g.throw(up=4)  # South's 26 -> 30 captures North's 64, five steps from its home column
    assert LearnedAgent().choose(g.state, random.Random(0)).captures


def test_elsewhere_it_plays_as_expectimax():
    g = pw.Game(players=4, seed=2)
    rng = random.Random(0)
    for _ in range(30):
        g.throw()
        if g.state.phase == "move":
            want = ExpectimaxAgent().choose(g.state, rng)
            assert LearnedAgent().choose(g.state, rng) == want
            g.play(want)
