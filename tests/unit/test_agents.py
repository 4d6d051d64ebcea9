"""Computer players: legal, deterministic, and each plays its strategy."""

from __future__ import annotations

import random

import pytest

import pachisi_widget as pw
from pachisi_widget import Game, Rules
from pachisi_widget.agents import (
    AGENTS,
    Agent,
    CastleWaiterAgent,
    ExpectimaxAgent,
    GreedyAgent,
    RandomAgent,
    RunnerAgent,
    danger,
    evaluate,
    make_agent,
    reach_values,
)
from pachisi_widget.simulate import simulate


def _same_square(seat_from: int, step: int, seat_to: int) -> int:
    """The step of ``seat_to`` on the square that is ``seat_from``'s ``step`` (shared loop)."""
    return ((step - 8) + 17 * (seat_from - seat_to)) % 68 + 8


def _position(pieces, to_move=0, up=None, rules=None, captured=()):
    g = Game.from_position(pieces, to_move=to_move, rules=rules, seed=1, captured=captured)
    if up is not None:
        g.throw(up=up)
    return g


def _states(n_games=3, players=4, rules=None):
    """Positions where a move is due, from a few seeded random games."""
    out = []
    for seed in range(n_games):
        g = Game(players, rules, seed=seed)
        rng = random.Random(seed)
        while g.phase != "over" and len(out) < 150 * (seed + 1):
            if g.phase == "throw":
                g.throw()
            else:
                out.append(g.state)
                g.play(RandomAgent().choose(g.state, rng))
    return out


def test_registry_and_make_agent():
    names = ["random", "greedy", "runner", "castle_waiter", "expectimax", "learned", "coach"]
    assert list(AGENTS) == names
    for name in list(AGENTS):
        a = make_agent(name)
        cls = AGENTS[name]  # a later layer's player is named by a placeholder until it is made
        assert isinstance(a, cls) and isinstance(a, Agent) and a.name == name
    mine = GreedyAgent()
    assert make_agent(mine) is mine
    with pytest.raises(ValueError, match="unknown agent 'smart'.*random, greedy"):
        make_agent("smart")
    with pytest.raises(ValueError):
        ExpectimaxAgent(depth=3)


@pytest.mark.parametrize("name", ["random", "greedy", "runner", "castle_waiter"])
@pytest.mark.parametrize("preset", ["classic", "cowrie_skill", "mitra"])
def test_agents_choose_legal_moves_deterministically(name, preset):
    agent = make_agent(name)
    for state in _states(2, rules=Rules.preset(preset)):
        moves = state.legal_moves()
        m = agent.choose(state, random.Random(7))
        assert m in moves
        assert agent.choose(state, random.Random(7)) == m
        if len(moves) > 1 and name != "castle_waiter":
            assert not m.is_pass  # only the castle waiter ever passes by choice


def test_random_agent_draws_its_index_from_rng():
    for state in _states(1):
        moves = state.legal_moves()
        rng, copy = random.Random(3), random.Random(3)
        m = RandomAgent().choose(state, rng)
        if len(moves) > 1:
            assert m == moves[int(copy.random() * (len(moves) - 1))]
            assert rng.getstate() == copy.getstate()
        else:
            assert m.is_pass and rng.getstate() == copy.getstate()  # nothing drawn


def test_greedy_captures_first():
    north = _same_square(0, 30, 2)
    assert north == 64
    # a 4: South's 26 -> 30 captures North there; 38 -> 42 would reach a castle instead
    g = _position([[26, 38, 0, 0], None, [84, 84, 84, north], None], up=4)
    m = GreedyAgent().choose(g.state, random.Random(0))
    assert (m.start, m.end, len(m.captures)) == (26, 30, 1)


def test_greedy_prefers_safety_then_distance():
    # a 4: 17 -> 21 is a castle; 30 -> 34 would stand 2 in front of North's piece
    north_behind_34 = _same_square(0, 34, 2) - 2
    g = _position([[17, 30, 84, 84], None, [84, 84, 84, north_behind_34], None], up=4)
    m = GreedyAgent().choose(g.state, random.Random(0))
    assert (m.start, m.end) == (17, 21)
    # nobody can reach either landing square: the longer... equal moves: the first in order
    g = _position([[40, 30, 84, 84], None, [84, 84, 84, 2], None], up=4)
    m = GreedyAgent().choose(g.state, random.Random(0))
    assert (m.start, m.end) == (40, 44)  # piece 0 listed first
    # an unthreatened square beats a threatened one
    threat = _same_square(0, 44, 2) - 3
    g = _position([[40, 30, 84, 84], None, [84, 84, 84, threat], None], up=4)
    m = GreedyAgent().choose(g.state, random.Random(0))
    assert (m.start, m.end) == (30, 34)


def test_danger_counts_opponents_one_throw_behind():
    pieces = [(30, 0, 0, 0), (0, 0, 0, 0), (62, 54, 63, 0), None]
    reach = reach_values(Rules())
    # North on 62 is 2 behind South's 30 (North's 64), 54 is 10 behind; 63 is 1 behind (no 1)
    assert danger(0, 30, pieces, (0, 1, 2), False, reach) == 2
    assert danger(0, 29, pieces, (0, 1, 2), False, reach) == -1  # a castle
    assert danger(0, 80, pieces, (0, 1, 2), False, reach) == -1  # own home column
    east = _same_square(0, 30, 1) - 3  # East 3 behind the same square
    four = [(30, 0, 0, 0), (east, 0, 0, 0), (62, 54, 63, 0), (0, 0, 0, 0)]
    assert danger(0, 30, four, (0, 1, 2, 3), False, reach) == 3
    assert danger(0, 30, four, (0, 1, 2, 3), True, reach) == 1  # North is South's partner
    assert sorted(reach_values(Rules(pyada=True))) == [2, 3, 4, 5, 6, 10, 11, 25, 26]


def test_runner_advances_the_leading_piece():
    g = _position([[10, 50, 3, 0], None, [0, 0, 0, 0], None], up=3)  # a 3
    m = RunnerAgent().choose(g.state, random.Random(0))
    assert (m.start, m.end) == (50, 53)
    # the leader cannot move (overshoot): the next one goes
    g = _position([[10, 82, 3, 84], None, [0, 0, 0, 0], None], up=3)
    m = RunnerAgent().choose(g.state, random.Random(0))
    assert (m.start, m.end) == (10, 13)


def test_castle_waiter_keeps_its_piece_on_the_25_castle():
    waiter = CastleWaiterAgent()
    # a 4: the waiter leaves its piece on 59 and moves the other one
    g = _position([[59, 40, 84, 84], None, [0, 0, 0, 0], None], up=4)
    assert (waiter.choose(g.state, random.Random(0)).start) == 40
    # only the 59 piece can move: it passes
    g = _position([[59, 84, 84, 84], None, [0, 0, 0, 0], None], up=4)
    assert waiter.choose(g.state, random.Random(0)).is_pass
    assert GreedyAgent().choose(g.state, random.Random(0)).start == 59
    # a 25 (0 mouths up) carries it home
    g = _position([[59, 40, 84, 84], None, [0, 0, 0, 0], None], up=0)
    m = waiter.choose(g.state, random.Random(0))
    assert (m.start, m.end) == (59, 84)
    # it steers a piece onto 59 when it can
    g = _position([[55, 40, 84, 84], None, [0, 0, 0, 0], None], up=4)
    assert waiter.choose(g.state, random.Random(0)).end == 59


def test_castle_waiter_plays_greedy_when_a_25_cannot_finish():
    # with pyada a 25 moves 26: waiting is pointless, so it moves off 59 like greedy
    g = _position([[59, 84, 84, 84], None, [0, 0, 0, 0], None], up=4, rules=Rules(pyada=True))
    assert CastleWaiterAgent().choose(g.state, random.Random(0)).start == 59
    # must capture before home, and it has not: waiting could never end
    rules = Rules(must_capture_before_home=True)
    g = _position([[59, 84, 84, 84], None, [0, 0, 0, 0], None], up=4, rules=rules, captured=(2,))
    assert CastleWaiterAgent().choose(g.state, random.Random(0)).start == 59
    g = _position([[59, 84, 84, 84], None, [0, 0, 0, 0], None], up=4, rules=rules, captured=(0,))
    assert CastleWaiterAgent().choose(g.state, random.Random(0)).is_pass


def test_expectimax_is_legal_and_takes_a_winning_move():
    agent = ExpectimaxAgent()
    for state in _states(1, players=2)[:25]:
        assert agent.choose(state, random.Random(0)) in state.legal_moves()
    # a 2 brings the last piece home (82 -> 84) or moves the other... it wins at once
    g = _position([[82, 84, 84, 84], None, [0, 0, 70, 0], None], up=2)
    m = agent.choose(g.state, random.Random(0))
    assert (m.start, m.end) == (82, 84)
    # depth 2 sees a capture and avoids standing in front of a threat
    north = _same_square(0, 30, 2)
    g = _position([[26, 50, 84, 84], None, [84, 84, 40, north], None], up=4)
    for depth in (1, 2):
        m = ExpectimaxAgent(depth).choose(g.state, random.Random(0))
        assert (m.start, m.end) == (26, 30) and m.captures


def test_evaluate_is_relative_and_sees_danger():
    safe = _position([[84, 84, 84, 29], None, [0, 0, 0, 20], None]).state
    assert evaluate(safe, 0) > 0 > evaluate(safe, 2)
    north_2_behind = _same_square(0, 30, 2) - 2
    exposed = _position([[84, 84, 84, 30], None, [0, 0, 0, north_2_behind], None]).state
    calm = _position([[84, 84, 84, 30], None, [0, 0, 0, north_2_behind - 20], None]).state
    assert evaluate(exposed, 0) < evaluate(calm, 0)


def test_strategies_beat_random_play():
    r = simulate(400, players=2, agents=["greedy", "random"], seed=8, progress=False)
    assert r.win_rates()[0].low > 0.8  # measured 0.92 over 4000 games
    r = simulate(400, players=2, agents=["random", "runner"], seed=8, progress=False)
    assert r.win_rates()[2].low > 0.6
    r = simulate(12, players=2, agents=["expectimax", "random"], seed=8, progress=False)
    assert r.engine == "python" and r.wins[0] >= 10


def test_agents_are_exported():
    assert pw.agents.AGENTS is AGENTS


def test_a_name_is_a_player_wherever_a_player_is_taken():
    """One resolver (agents.as_agent): Game.play_turn, simulate, tournament, check_agent and the
    board's computer= all take a built-in name, and refuse an unknown one listing the names."""
    from pachisi_widget.agents import as_agent, check_agent

    names = "random, greedy, runner, castle_waiter, expectimax, learned, coach"
    assert isinstance(as_agent("greedy"), GreedyAgent)
    mine = RunnerAgent()
    assert as_agent(mine) is mine and check_agent(mine) is mine

    by_name, by_object = Game(players=2, seed=5), Game(players=2, seed=5)
    for _ in range(6):
        assert by_name.play_turn("greedy") == by_object.play_turn(GreedyAgent())
    assert by_name.to_dict() == by_object.to_dict()

    assert simulate(3, agents=["greedy", "random"], players=2, seed=2).games == 3
    assert pw.tournament(["greedy", "runner"], games=2, seed=1).entrants
    assert pw.check_agent("runner", positions=10).ok
    w = pw.PachisiWidget(players=2, computer={2: "castle_waiter"})
    assert w.seat_players[2] == "castle_waiter"

    before = Game(players=2, seed=5)
    record = before.to_dict()
    with pytest.raises(ValueError, match=f"unknown agent 'smart'; choose one of {names}"):
        before.play_turn("smart")
    assert before.to_dict() == record  # a refusal plays nothing
    with pytest.raises(TypeError, match=r"play_turn needs a player: an agent name \(random"):
        before.play_turn(42)
    with pytest.raises(ValueError, match=f"unknown agent 'smart'; choose one of {names}"):
        simulate(1, agents=["smart", "greedy"], players=2)
    with pytest.raises(ValueError, match=f"unknown agent 'smart'; choose one of {names}"):
        pw.PachisiWidget(players=2, computer={2: "smart"})
    with pytest.raises(ValueError, match="unknown player 'smart'.*random, greedy"):
        pw.tournament(["smart", "greedy"], games=2)


def test_a_two_player_game_names_its_seats_when_refusing_another():
    with pytest.raises(ValueError) as info:
        pw.PachisiWidget(players=2, computer={1: "greedy"})
    assert str(info.value) == (
        "seat 1 is not in play: a 2-player game uses seats 0 (South) and 2 (North); "
        "seats in play: [0, 2]"
    )
    with pytest.raises(ValueError, match=r"3-player game uses seats 0 \(South\), 1 \(East\)"):
        Game(players=3).pieces(3)


def test_the_engine_takes_names_through_the_players_resolver(monkeypatch):
    """The engine's layer does not import the players': agents.py registers as_agent with
    checks.register_player_resolver; without it, the engine takes only objects."""
    from pachisi_widget import checks
    from pachisi_widget.agents import as_agent

    assert checks._PLAYER_RESOLVERS[0] is as_agent and len(checks._PLAYER_RESOLVERS) == 1
    monkeypatch.setattr(checks, "_PLAYER_RESOLVERS", [])
    game = Game(players=2, seed=5)
    with pytest.raises(TypeError, match="an object with choose"):
        game.play_turn("random")
    assert game.play_turn(RandomAgent()) >= 1
