"""Every way of playing a game plays the same game.

The rules are written once (:mod:`pachisi_widget.engine`); the numpy many-game engine
(:mod:`pachisi_widget.fastnp`) is the only second implementation. Driven from the same random
stream (one ``random.Random`` per game: throws through the exact CDF, then the random agent's
draws), they must reach the same position after every throw and every move:

- the bare :class:`~pachisi_widget.engine.Engine` and the immutable
  :class:`~pachisi_widget.state.GameState` values on top of it: the full position and the list of
  legal moves, in order, at every action, for every preset and option combination;
- the numpy engine: its per-action trace is replayed game by game through the immutable states.
"""

from __future__ import annotations

import random
from bisect import bisect_right

import numpy as np
import pytest

from pachisi_widget import Game, Rules
from pachisi_widget.agents import FAST_AGENTS, make_agent
from pachisi_widget.engine import Engine, opening, throw_cdf
from pachisi_widget.fastnp import game_seeds, run_batch, seed_words, supports
from pachisi_widget.simulate import play_reference_game, simulate
from pachisi_widget.state import GameState

SEATS = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
MIXED = ("random", "greedy", "runner", "castle_waiter")
C = Rules()
NO_RELEASE = frozenset()

# (label, rules, players): every preset and option combinations
COMBOS = [
    ("classic", Rules.preset("classic"), 4),
    ("classic-2p", Rules.preset("classic"), 2),
    ("classic-3p", Rules.preset("classic"), 3),
    ("seven_cowries", Rules.preset("seven_cowries"), 4),
    ("cowrie_skill", Rules.preset("cowrie_skill"), 4),
    ("cowrie_skill-3p", Rules.preset("cowrie_skill"), 3),
    ("mitra", Rules.preset("mitra"), 4),
    ("mitra-2p", Rules.preset("mitra"), 2),
    ("teams", C.replace(teams=True), 4),
    ("teams+pyada", C.replace(teams=True, pyada=True), 4),
    ("split_throw", C.replace(split_throw=True), 4),
    ("split+pyada-3p", C.replace(split_throw=True, pyada=True), 3),
    ("pyada", C.replace(pyada=True), 4),
    ("must_capture", C.replace(must_capture_before_home=True), 4),
    (
        "must_capture+no_release-2p",
        C.replace(must_capture_before_home=True, last_square_release=NO_RELEASE),
        2,
    ),
    ("revenge", C.replace(revenge_rule=True), 4),
    ("revenge+must_capture-3p", C.replace(revenge_rule=True, must_capture_before_home=True), 3),
    ("revenge+teams+split", C.replace(revenge_rule=True, teams=True, split_throw=True), 4),
    ("mitra+split+pyada", Rules.preset("mitra").replace(split_throw=True, pyada=True), 4),
    (
        "cowrie_skill+teams+revenge",
        Rules.preset("cowrie_skill").replace(teams=True, revenge_rule=True),
        4,
    ),
    (
        "count_from_charkoni+grace_moves",
        C.replace(entry_mode="count_from_charkoni", grace_moves_before_all_entered=True),
        4,
    ),
    (
        "no_blocks+no_extra+no_first",
        C.replace(
            castle_blocks_enemy=False, capture_extra_throw=False, first_piece_any_throw=False
        ),
        4,
    ),
    ("biased_p", C.replace(p_mouth_up=0.3), 4),
    ("no_release-2p", C.replace(last_square_release=NO_RELEASE), 2),
]
IDS = [c[0] for c in COMBOS]


def _agents_for(players: int, shift: int) -> tuple:
    return tuple(MIXED[(i + shift) % 4] for i in range(players))


def _engine_matches(rules, seats, agent_names, seed) -> int:
    """Play one game twice from one random stream: on a bare :class:`Engine` (as ``pw.simulate``
    plays) and through immutable :class:`GameState` values (as lessons and players see it); the
    positions and the legal moves, in order, must agree at every action."""
    rng = random.Random(seed)
    cdf = throw_cdf(rules)
    top = len(cdf) - 1
    starter = opening(rules, seats, rng, cdf)
    ref = GameState.initial(rules, seats, to_move=starter)
    fast = Engine(rules, seats, starter, narrate=False)
    agents = {s: make_agent(a) for s, a in zip(seats, agent_names, strict=False)}
    actions = 0
    while True:
        assert fast.fields()[:-1] == tuple(ref[1:-1]), (rules.describe(), seed, actions)
        if ref.phase == "over":
            return actions
        if ref.phase == "throw":
            up = min(bisect_right(cdf, rng.random()), top)
            ref = ref.apply_throw(up)
            fast.throw(up)
        else:
            moves = ref.legal_moves()
            assert fast.legal_moves() == moves, (rules.describe(), seed, actions)
            m = agents[ref.to_move].choose(ref, rng)
            fast.play(m)
            ref = ref.apply(m)
        actions += 1


@pytest.mark.parametrize("label, rules, players", COMBOS, ids=IDS)
def test_engine_equals_immutable_states_every_action(label, rules, players):
    seats = SEATS[players]
    total = 0
    for k in range(2):
        total += _engine_matches(rules, seats, _agents_for(players, k), 1000 + k)
    assert total > 200  # whole games were played, not a few actions


def test_engine_from_a_position():
    rules = C.replace(must_capture_before_home=True)
    pieces = [(0, 12, 59, 83), (84, 84, 0, 70), (5, 0, 0, 0), (76, 76, 30, 8)]
    ref = GameState.initial(rules, (0, 1, 2, 3), to_move=1, pieces=pieces, captured=(3,))
    fast = Engine(rules, (0, 1, 2, 3), 1, pieces, captured=(3,))
    assert fast.fields() == tuple(ref[1:])
    for up in range(7):
        r2, f2 = ref.apply_throw(up), Engine(rules, (0, 1, 2, 3), 1, pieces, captured=(3,))
        f2.throw(up)
        assert f2.legal_moves() == r2.legal_moves()
    assert _engine_matches(C, SEATS[4], ("random",) * 4, 7) > 500


def _decode(code: int):
    return {-1: None, 4: (0, 2), 5: (1, 3)}.get(code, code)


def _numpy_matches(rules, seats, agent_names, seeds) -> int:
    """Replay every game of a numpy batch through the reference engine, action by action."""
    trace: list = []
    out = run_batch(rules, seats, agent_names, seeds, trace=trace)
    events: dict = {g: [] for g in range(len(seeds))}
    for entry in trace:
        for row, g in enumerate(entry["gid"].tolist()):
            events[g].append((entry, row))
    checked = 0
    for g, s in enumerate(seeds):
        states: list = []
        final, throws, caps = play_reference_game(
            rules,
            seats,
            [make_agent(a) for a in agent_names],
            random.Random(s),
            on_action=states.append,
        )
        assert len(states) == len(events[g]), (rules.describe(), g)
        for st, (entry, row) in zip(states, events[g], strict=False):
            P = entry["P"][row]
            pieces = tuple(tuple(int(x) for x in P[q]) if q in seats else None for q in range(4))
            assert st.pieces == pieces, (rules.describe(), g, checked)
            assert st.to_move == int(entry["to_move"][row])
            if "value" in entry:  # after a throw
                assert st.phase == "move"
                assert st.pool == (int(entry["value"][row]),)
                assert st.grace == bool(entry["grace"][row])
            else:  # after a move or pass
                assert st.owed == int(entry["owed"][row])
                assert st.fresh == tuple(bool(x) for x in entry["fresh"][row])
                assert st.captures == tuple(int(x) for x in entry["captures"][row])
                assert st.turn == int(entry["turn"][row])
                assert (st.phase == "over") == bool(entry["over"][row])
                if st.phase == "over":
                    assert st.winner == _decode(int(entry["winner"][row]))
                else:
                    assert st.phase == "throw"
            checked += 1
        assert final.winner == _decode(int(out["winner"][g]))
        assert (final.turn + 1, throws, caps) == (
            int(out["turns"][g]),
            int(out["throws"][g]),
            int(out["captures"][g]),
        )
    return checked


NUMPY_COMBOS = [c for c in COMBOS if supports(c[1], MIXED)]


def test_numpy_supports_the_move_each_throw_game():
    assert {c[0] for c in NUMPY_COMBOS} == {
        "classic",
        "classic-2p",
        "classic-3p",
        "seven_cowries",
        "teams",
        "teams+pyada",
        "pyada",
        "must_capture",
        "must_capture+no_release-2p",
        "count_from_charkoni+grace_moves",
        "no_blocks+no_extra+no_first",
        "biased_p",
        "no_release-2p",
    }
    for label, rules, _ in COMBOS:
        if label.startswith(("cowrie_skill", "mitra", "split", "revenge")):
            assert not supports(rules, MIXED), label
    assert not supports(C, ["random", "expectimax"])


@pytest.mark.parametrize("label, rules, players", NUMPY_COMBOS, ids=[c[0] for c in NUMPY_COMBOS])
def test_numpy_equals_reference_every_action(label, rules, players):
    seats = SEATS[players]
    seeds = game_seeds(99, 3)
    checked = _numpy_matches(rules, seats, _agents_for(players, 0), seeds)
    checked += _numpy_matches(rules, seats, ("random",) * players, game_seeds(5, 2))
    assert checked > 1000


def test_numpy_refills_a_game_stream_mid_game():
    # a narrow stream buffer forces refills from the seed many times in every game
    seeds = game_seeds(3, 4)
    wide = run_batch(C, SEATS[4], ("random",) * 4, seeds)
    narrow = run_batch(C, SEATS[4], ("random",) * 4, seeds, width=300)
    for key in wide:
        assert wide[key].tolist() == narrow[key].tolist()


def test_dead_games_agree_on_every_engine():
    rules = C.replace(last_square_release=NO_RELEASE)
    results = [
        simulate(30, rules=rules, players=2, seed=11, engine=e, progress=False)
        for e in ("numpy", "python", "reference")
    ]
    assert results[0] == results[1] == results[2]
    assert results[0].dead > 10  # pieces frozen on step 83 end most of these games


@pytest.mark.parametrize("label, rules, players", COMBOS[::3], ids=IDS[::3])
def test_simulate_engines_agree(label, rules, players):
    agents = list(_agents_for(players, 1))
    ref = simulate(
        4, rules=rules, players=players, agents=agents, seed=21, engine="reference", progress=False
    )
    assert (
        simulate(
            4, rules=rules, players=players, agents=agents, seed=21, engine="python", progress=False
        )
        == ref
    )
    if supports(rules, agents):
        fast = simulate(
            4, rules=rules, players=players, agents=agents, seed=21, engine="numpy", progress=False
        )
        assert fast == ref


def test_random_streams_and_openings_match_the_reference():
    rs = np.random.RandomState()
    for s in game_seeds(0, 5) + [2**62 + 1, 2**64 + 12345]:
        rs.seed(seed_words(s))
        r = random.Random(s)
        assert rs.random_sample(50).tolist() == [r.random() for _ in range(50)]
    for players, seats in SEATS.items():
        for s in game_seeds(4, 20):
            for preset in ("classic", "mitra"):
                rules = Rules.preset(preset)
                assert Game(players, rules, seed=s).to_move == opening(
                    rules, seats, random.Random(s)
                )


def test_fast_agent_names():
    assert FAST_AGENTS == ("random", "greedy", "runner", "castle_waiter")
