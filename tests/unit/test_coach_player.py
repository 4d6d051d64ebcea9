"""The coach as a player: make_agent("coach"), legal and reproducible wherever players are taken,
its clear refusals, and its pick where one move is clearly best."""

from __future__ import annotations

import pickle
import random

import pytest

import pachisi_widget as pw
from pachisi_widget import Game, Rules, i18n
from pachisi_widget.agents import AGENTS, LEVELS, make_agent
from pachisi_widget.coach import CoachError, evaluate
from pachisi_widget.coach.player import COACH_BUDGET, COACH_DEPTH, CoachAgent
from pachisi_widget.lab.playing import play_game
from pachisi_widget.simulate import simulate


def _position(pieces, up, to_move=0):
    g = Game.from_position(pieces, to_move=to_move, seed=1)
    g.throw(up=up)
    return g.state


def test_the_coach_is_a_named_player_with_a_budget():
    assert AGENTS["coach"] is CoachAgent
    a = make_agent("coach")
    assert isinstance(a, CoachAgent) and a.name == "coach" and a.budget == COACH_BUDGET
    assert make_agent("coach", budget=0.5).budget == 0.5
    b = make_agent("coach", rollouts=12)
    assert (b.rollouts, b.budget) == (12, None)
    assert make_agent("expectimax", depth=2).depth == 2
    assert i18n.AGENT_NAMES["en"]["coach"] == "coach"
    assert i18n.AGENT_NAMES["ro"]["coach"] == "antrenor"
    assert list(LEVELS.values()) == ["runner", "greedy", "expectimax", "learned"]
    assert all(name in AGENTS for name in LEVELS.values())


@pytest.mark.parametrize("bad", [0, -1, float("nan"), float("inf"), "fast", True, [1]])
def test_a_bad_budget_is_refused_clearly(bad):
    with pytest.raises(ValueError, match=r"the coach's budget must be a number of seconds above 0"):
        make_agent("coach", budget=bad)


def test_the_refusals_in_romanian():
    pw.set_language("ro")
    try:
        with pytest.raises(ValueError, match=r"timpul alocat antrenorului .* nu 0$"):
            make_agent("coach", budget=0)
        with pytest.raises(ValueError, match=r"numărul de partide simulate al antrenorului"):
            make_agent("coach", rollouts=0)
        with pytest.raises(ValueError, match=r"jucătorul 'greedy' nu are opțiunea budget"):
            make_agent("greedy", budget=1)
    finally:
        pw.set_language("en")


def test_other_refusals():
    with pytest.raises(ValueError, match=r"the coach's rollouts must be a whole number"):
        CoachAgent(rollouts=2.5)
    with pytest.raises(
        ValueError, match=r"played by one of random, greedy.*expectimax, not 'coach'"
    ):
        CoachAgent(policy="coach")
    with pytest.raises(ValueError, match=r"the player 'coach' takes no option seed; its options"):
        make_agent("coach", seed=2)
    with pytest.raises(ValueError, match=r"depth"):  # the look-ahead's: 1 or 2 throws
        make_agent("coach", depth=3)
    assert make_agent("coach", depth=2).search.depth == 2
    assert CoachAgent().search.depth == COACH_DEPTH == 1
    with pytest.raises(ValueError, match=r"unknown agent 'smart'"):
        make_agent("smart", budget=1)
    with pytest.raises(CoachError, match="coach"):  # a rollout never asks the coach itself
        evaluate(_position([[0, 26, 0, 0], None, [0, 0, 0, 64], None], 4), policy="coach")


def test_the_coach_plays_legal_moves_and_replays_with_its_seed():
    coach = make_agent("coach", rollouts=2)
    assert pickle.loads(pickle.dumps(coach)).rollouts == 2  # process pools can take it
    first = play_game(Rules(), (0, 2), [coach, "greedy"], random.Random(4))
    again = play_game(
        Rules(), (0, 2), [make_agent("coach", rollouts=2), "greedy"], random.Random(4)
    )
    assert first.phase == again.phase == "over"
    assert (first.winner, first.turn, first.throws) == (again.winner, again.turn, again.throws)


def test_the_coach_through_game_simulate_and_tournament():
    g = Game(players=2, seed=3)
    for _ in range(8):
        g.play_turn(make_agent("coach", rollouts=2))
    assert g.state.turn >= 8
    r = simulate(1, agents=[make_agent("coach", rollouts=2), "random"], players=2, seed=2)
    assert r.games == 1 and r.engine == "python"
    t = pw.tournament({"coach": make_agent("coach", rollouts=1), "g": "runner"}, games=2, seed=1)
    assert set(t.entrants) == {"coach", "g"}
    w = pw.PachisiWidget(players=2, computer={2: "coach"})
    assert w.seat_players[2] == "coach" and "coach" in w.agent_names


def test_the_coach_takes_the_capture():
    # South throws 4: 26 -> 30 captures North's piece on its 64 (South's 30); 20 -> 24 does not
    state = _position([[84, 84, 20, 26], None, [84, 84, 50, 64], None], 4)
    moves = [str(m) for m in state.legal_moves()]
    assert len(moves) == 3
    pick = make_agent("coach", rollouts=40).choose(state, random.Random(1))
    assert pick.captures and str(pick) == "South piece 3 moves 26->30 with 4 capturing 1"


def test_the_coach_plays_the_exact_best_of_a_race():
    # a pure race (every piece in its home column): the chances are exact, and they decide
    state = _position([[84, 84, 78, 80], None, [84, 84, 80, 81], None], 4)
    ev = evaluate(state)
    assert ev.engine == "exact" and ev.moves[0].chance > ev.moves[1].chance
    pick = make_agent("coach", rollouts=1).choose(state, random.Random(0))
    assert pick == ev.moves[0].move


def test_the_coach_takes_the_winning_move():
    state = _position([[84, 84, 84, 80], None, [0, 0, 0, 77], None], 4)
    pick = make_agent("coach", rollouts=1).choose(state, random.Random(0))
    assert pick.end == 84


def test_the_coach_judges_by_the_learned_evaluation():
    # South throws 5: expectimax's hand-made judgement runs 12 -> 17, the learned net enters
    # the second piece's run 1 -> 6; a couple of rollouts cannot separate the two, so the coach
    # plays its judgement's move, the learned one
    state = _position([[12, 1, 0, 0], None, [19, 1, 1, 0], None], 5)
    rng = random.Random(1)
    learned = make_agent("learned").choose(state, rng)
    assert str(learned) == "South piece 1 moves 1->6 with 5"
    assert make_agent("expectimax").choose(state, rng) != learned
    coach = make_agent("coach", rollouts=2)
    assert coach.search.name == "learned" and coach.search.depth == COACH_DEPTH
    assert coach.choose(state, random.Random(1)) == learned


def test_evaluate_names_the_judges_pick_among_moves_about_equal():
    state = _position([[12, 1, 0, 0], None, [19, 1, 1, 0], None], 5)
    learned = make_agent("learned")
    lead = learned.choose(state, random.Random(0))
    plain = evaluate(state, rollouts=40, seed=3)
    assert plain.pick is None and plain.pick_text() is None  # no judge, no pick
    ev = evaluate(state, rollouts=40, seed=3, judge=learned)
    assert [mc.chance for mc in ev.moves] == [mc.chance for mc in plain.moves]  # same rollouts
    # forty rollouts separate nothing: the pick is the judge's move, said in both languages
    assert not ev.clear_best and ev.pick.move == lead
    assert ev.pick_text() == (
        "The coach would play the move from step 1 to step 6 with the 5: of these, its learned "
        "evaluation likes it best."
    )
    assert ev.pick_text("ro").startswith("Antrenorul ar juca mutarea")
    assert ev.pick_text() in ev.notes()
    with pytest.raises(CoachError, match=r"the judge must be a player.*not 'learned'"):
        evaluate(state, rollouts=4, judge="learned")


def test_the_pick_follows_an_exact_answer_over_the_judge():
    # the winning move is exact: it is the pick whatever the judge prefers
    state = _position([[84, 84, 84, 80], None, [0, 0, 0, 77], None], 4)

    class Stubborn(pw.agents.Agent):
        name = "stubborn"

        def choose(self, state, rng):
            return state.legal_moves()[-1]  # the pass

    ev = evaluate(state, rollouts=4, judge=Stubborn())
    assert ev.pick.move.end == 84 and ev.pick.exact
