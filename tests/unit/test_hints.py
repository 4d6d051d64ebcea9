"""The board as a teaching instrument: hints (each legal move's chance to win), the tutor, and
the danger and reach heat maps, with the exact odds behind the maps (probability.danger_map,
probability.reach_map) checked against hit_chance and against a plain enumeration."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
import traitlets

import pachisi_widget as pw
from pachisi_widget import board, coach, probability, scene, view
from pachisi_widget.tables import LOOP_OF, STEP_ON_LOOP
from pachisi_widget.throws import up_distribution
from pachisi_widget.widget import PachisiWidget

MIDGAME = [[0, 14, 30, 52], [9, 0, 40, 60], [0, 22, 47, 70], [18, 33, 0, 0]]
TOL = Fraction(1, 10**9)  # danger_map leaves out series weighing < 1e-15 (DANGER_TAIL)


def state_of(position, **kw):
    return pw.Game.from_position(position, seed=1, **kw).state


# -- danger_map ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "position, step",
    [
        ([[0, 30, 0, 0], None, [84, 84, 84, 62], None], 30),  # North 2 behind: 15/56
        ([[0, 31, 0, 0], None, [84, 84, 84, 62], None], 31),  # 3 behind
        ([[0, 30, 0, 0], None, [84, 84, 61, 62], None], 30),  # 2 or 3 behind
        ([[0, 30, 0, 0], None, [0, 0, 61, 62], None], 30),  # North's graces must enter
        ([[0, 33, 0, 0], None, [84, 84, 84, 62], None], 33),  # 5 behind
    ],
)
def test_danger_map_equals_hit_chance_where_the_turn_leaves_no_choice(position, step):
    st = state_of(position)
    exact = probability.danger_map(st, 0, exact=True)
    hit = probability.hit_chance(st, 0, step)
    assert hit > 0
    assert abs(exact[board.square(0, step)] - hit) < TOL
    floats = probability.danger_map(st, 0)
    assert floats[board.square(0, step)] == pytest.approx(float(hit), abs=1e-9)


def test_danger_map_multiplies_the_opponents_and_spares_castles_and_partners():
    target = STEP_ON_LOOP[1][LOOP_OF[0][30]]
    position = [[0, 30, 0, 0], [84, 84, 84, target - 4], [84, 84, 84, 62], None]
    st = state_of(position)
    m = probability.danger_map(st, 0, exact=True)
    hit = probability.hit_chance(st, 0, 30)
    assert abs(m[board.square(0, 30)] - hit) < TOL
    for step in board.CASTLE_STEPS:
        assert m[board.square(0, step)] == 0
    teams = state_of(
        [[0, 30, 0, 0], [84, 84, 84, target - 4], [84, 84, 84, 62], [84] * 4],
        rules=pw.Rules(teams=True),
    )
    only_east = probability.danger_map(teams, 0, exact=True)[board.square(0, 30)]
    assert abs(only_east - probability.hit_chance(teams, 0, 30)) < TOL
    assert only_east < m[board.square(0, 30)]  # North is South's partner now


def test_danger_map_is_never_below_hit_chance():
    # two North pieces 10 and 14 behind: North may choose which a grace moves; the map counts
    # what the throws allow, hit_chance what a player who cannot see ahead can make sure of
    st = state_of([[0, 30, 0, 0], None, [84, 84, 50, 54], None])
    m = probability.danger_map(st, 0, exact=True)
    for step in (30, 32, 34, 40):
        assert m[board.square(0, step)] >= probability.hit_chance(st, 0, step) - TOL


def test_danger_map_covers_the_loop_and_refuses_other_seats():
    st = state_of(MIDGAME)
    m = probability.danger_map(st)
    assert set(m) == {board.square(0, s) for s in range(8, 77)}
    assert all(0 <= p <= 1 for p in m.values())
    assert max(m.values()) > 0.1
    with pytest.raises(ValueError, match="seats in play"):
        probability.danger_map(state_of([[0, 30, 0, 0], None, [84, 84, 84, 62], None]), 1)


# -- reach_map -----------------------------------------------------------------------------------


def brute_reach(game, seat, step, turn, left):
    """Where the piece on ``step`` ends this turn: every throw sequence played on a Game (with
    undo), the piece moved as far as it can by each throw that can move it."""
    st = game.state
    if st.phase == "over" or st.turn != turn:
        return {step: Fraction(1)}
    if st.phase == "throw":
        if left == 0:
            return {step: Fraction(1)}
        out: dict = {}
        for up, pr in up_distribution(st.rules.shells, st.rules.p_mouth_up).items():
            game.throw(up=up)
            for s, q in brute_reach(game, seat, step, turn, left - 1).items():
                out[s] = out.get(s, 0) + pr * q
            game.undo()
        return out
    moves = game.legal_moves()
    mine = [m for m in moves if m.kind != "pass" and m.start == step]
    m = max(mine, key=lambda m: (m.end, -moves.index(m))) if mine else moves[-1]
    game.play(m)
    out = brute_reach(game, seat, m.end if mine else step, turn, left)
    game.undo()
    return out


@pytest.mark.parametrize(
    "position, piece, rules",
    [
        (MIDGAME, 1, None),
        (MIDGAME, 0, None),  # a piece still to enter
        ([[84, 84, 84, 70], None, [84, 84, 84, 10], None], 3, None),  # overshooting home
        ([[20, 30, 40, 50], None, [0, 0, 0, 0], None], 0, "cowrie_skill"),  # throws pooled
    ],
)
def test_reach_map_sums_to_one_and_matches_an_enumeration(position, piece, rules):
    g = pw.Game.from_position(position, seed=1, rules=rules)
    r = probability.reach_map(g.state, 0, piece, throws_max=4)
    assert sum(r.values()) == 1
    step = g.state.pieces[0][piece]
    assert brute_reach(g, 0, step, g.state.turn, 4) == r


def test_reach_map_after_the_throw_and_its_errors():
    g = pw.Game.from_position(MIDGAME, seed=1)
    g.throw(up=3)  # a 3: the turn ends with this move
    r = probability.reach_map(g.state, 0, 1)
    assert r == {17: 1}
    with pytest.raises(ValueError, match="seat to move"):
        probability.reach_map(g.state, 1, 0)
    with pytest.raises(ValueError, match="0..3"):
        probability.reach_map(g.state, 0, 4)
    home = pw.Game.from_position([[84, 84, 84, 70], None, [84, 84, 84, 10], None], seed=1)
    with pytest.raises(ValueError, match="already home"):
        probability.reach_map(home.state, 0, 0)


# -- the widget: heat maps -----------------------------------------------------------------------


def test_danger_overlay_shows_danger_map():
    w = PachisiWidget(game=pw.Game.from_position(MIDGAME, seed=3), animate=False)
    w.overlay = "danger"
    # the board asks to within a hundredth of a point (SHOWN_ERROR), below its figures
    m = probability.danger_map(w.game.state, error=probability.SHOWN_ERROR)
    full = probability.danger_map(w.game.state)
    assert all(full[k] - probability.SHOWN_ERROR <= m[k] <= full[k] + 1e-12 for k in full)
    heat = w.heat
    assert heat["kind"] == "danger" and heat["squares"]
    assert {(sq["x"], sq["y"]): sq["p"] for sq in heat["squares"]} == {
        k: round(p, 4) for k, p in m.items() if p > 0
    }
    for sq in heat["squares"]:
        p = m[sq["x"], sq["y"]]
        assert sq["color"] == scene.heat_color("danger", p)
        assert sq["label"] == f"Danger: {view.pct_text(p)}"
    assert "before South's next turn" in heat["legend"]["caption"]
    assert len(heat["legend"]["stops"]) == len(scene.HEAT_RAMPS["danger"])
    w.language = "ro"
    assert w.heat["legend"]["title"] == "Pericol pentru Sud"
    w.overlay = None
    assert w.heat == {}


def test_reach_overlay_shows_reach_map_per_stack():
    w = PachisiWidget(game=pw.Game.from_position(MIDGAME, seed=3), animate=False)
    w.throw(up=2)  # a 2 captures East's piece on South's 16: an extra throw follows
    w.overlay = "reach"
    heat = w.heat
    first = w.game.legal_moves()[0]
    assert heat["default"] == f"0:{first.start}"
    track = board.track(0)
    for key, shown in heat["maps"].items():
        step = int(key.split(":")[1])
        r = probability.reach_map(w.game.state, 0, w.game.state.pieces[0].index(step), exact=False)
        want: dict = {}
        for s, p in r.items():
            if track[s] is not None and s != step:
                want[tuple(track[s])] = want.get(tuple(track[s]), 0) + p
        want = {k: round(p, 4) for k, p in want.items() if p > 0}
        assert {(sq["x"], sq["y"]): sq["p"] for sq in shown["squares"]} == want
    json.dumps(heat)


def test_bad_overlays_are_refused():
    w = PachisiWidget(game=pw.Game.from_position(MIDGAME, seed=3), animate=False)
    with pytest.raises(traitlets.TraitError, match="danger, reach or None"):
        w.overlay = "heat"
    assert w.overlay is None
    before = (w.game.state, w.revision, w.heat)
    for overlay in ("rainbow", 3, ["danger"]):
        bad = {"kind": "set_overlay", "overlay": overlay}
        assert w.handle_intent(bad) is False
        assert w.status_kind == "error" and "overlay must be one of" in w.status
        assert (w.game.state, w.heat) == before[::2]
    assert w.handle_intent({"kind": "set_overlay", "overlay": "danger"}) is True
    assert w.overlay == "danger" and w.heat["kind"] == "danger"
    assert w.handle_intent({"kind": "set_overlay"}) is True  # no overlay: off
    assert w.overlay is None and w.heat == {}


# -- the widget: hints and tutor -----------------------------------------------------------------


def test_hints_agree_with_coach_evaluate():
    g = pw.Game.from_position([[84, 84, 40, 60], None, [84, 84, 50, 70], None], seed=2)
    w = PachisiWidget(game=g, animate=False)
    w.hint_rollouts, w.hint_budget = 40, None
    w.throw(up=3)
    assert w.hint_view == {}  # hints are off
    seen = []
    w.observe(lambda c: seen.append(c["new"].get("status")), names="hint_view")
    w.hints = True
    assert "thinking" in seen  # the progress line came first
    hv = w.hint_view
    ev = coach.evaluate(w.game.state, rollouts=40, engine="auto")
    ids = {m["id"]: m for m in w.legal_moves}
    assert set(hv["moves"]) == set(ids)
    for mid, h in hv["moves"].items():
        mc = ev.find(w._move_ids[mid])
        assert h["win"] == round(mc.chance, 4)
        assert (h["low"], h["high"]) == (round(mc.low, 4), round(mc.high, 4))
        # the star only for a clearly best move; else the moves the rollouts cannot tell apart
        assert h["best"] == (ev.clear_best and mc.move.key == ev.best.move.key)
        assert h["about_equal"] == (not ev.clear_best and mc in ev.about_equal)
        assert h["text"].startswith(view.pct_text(mc.chance))
        if not mc.exact:
            assert f"±{round(100 * mc.half_width)}" in h["text"]
    if ev.clear_best:
        assert hv["moves"][hv["best"]]["best"]
    else:
        assert hv["best"] is None and ev.tie_text() in hv["about"]
        assert sum(h["about_equal"] for h in hv["moves"].values()) == len(ev.about_equal) >= 2
    # the coach's pick among moves about equal: its learned judgement's
    picked = [mid for mid, h in hv["moves"].items() if h["pick"]]
    if ev.clear_best:
        assert picked == []
    else:
        judged = coach.evaluate(w.game.state, rollouts=40, judge=pw.agents.make_agent("learned"))
        assert [w._move_ids[mid].key for mid in picked] == [judged.pick.move.key]
        assert (
            hv["moves"][picked[0]]["about_equal"]
            and "the coach's pick" in (hv["moves"][picked[0]]["label"])
        )
        assert judged.pick_text() in hv["about"]
    assert hv["revision"] == w.revision
    assert hv["pass"]["id"] == w.legal_moves[-1]["id"]
    # cached by position: the same state is not evaluated again
    seen.clear()
    w.hints = False
    w.hints = True
    assert "thinking" not in seen and w.hint_view["moves"] == hv["moves"]


def test_hint_intent_toggles_and_refuses_bad_fields():
    g = pw.Game.from_position([[84, 84, 84, 80], None, [84, 84, 84, 77], None], seed=3)
    w = PachisiWidget(game=g, animate=False)
    w.throw(up=2)
    assert w.handle_intent({"kind": "hint"}) is True and w.hints
    assert w.hint_view["status"] == "ready"
    assert "computed exactly" in w.hint_view["about"]  # a pure race: exact chances
    before = w.game.state
    for on in ("yes", 1, None):
        bad = {"kind": "hint", "on": on}
        assert w.handle_intent(bad) is False
        assert "must be true or false" in w.status and w.hints and w.game.state == before
    assert w.handle_intent({"kind": "hint", "on": False}) is True
    assert not w.hints and w.hint_view == {}


def test_tutor_says_which_move_was_better_and_why():
    g = pw.Game.from_position([[84, 84, 84, 26], None, [84, 84, 50, 64], None], seed=1)
    w = PachisiWidget(game=g, animate=False)
    w.tutor = True
    w.throw(up=4)
    before = w.game.state
    w.pass_()  # passing instead of capturing: a blunder
    v = coach.verdict(before, before.legal_moves()[-1], evaluation=w._evaluation(before))
    assert v.is_mistake
    assert w.status.endswith("Tutor: " + v.text("en"))
    assert "captures a piece of North" in w.status
    w.language = "ro"  # the same position, told again in Romanian
    assert w.status.endswith("Tutore: " + v.text("ro"))
    w.throw(up=2)  # North's turn: the verdict belonged to the move before
    assert "Tutore" not in w.status


def test_the_tutors_note_stays_through_the_computers_turn_until_the_student_acts():
    # the walk-through's position: South's 5->9 instead of the capture 16->20, North a computer
    g = pw.Game.from_position([[16, 5, 0, 0], None, [54, 10, 0, 0], None], to_move=0, seed=3)
    w = PachisiWidget(game=g, computer={2: "greedy"}, tutor=True, animate=False)
    w.throw(value=4)
    w.play(w.game.legal_move(5, 9))
    note = w.status[w.status.index("Tutor: ") :]
    assert "Better is the move from step 16 to step 20" in note
    steps = 0
    while w.game.to_move == 2 and steps < 20:  # North throws and moves: the note stays
        assert w.handle_intent({"kind": "step"}) is True
        assert w.status.endswith(note), w.status
        steps += 1
    assert steps >= 2 and w.game.to_move == 0 and w.game.phase == "throw"
    assert note in w.log  # said in "What happened", after the move's narration
    moved = w.log.index("South moves a piece from step 5 to step 9 with the 4.")
    assert w.log.index(note) > moved
    w.throw()  # the student acts: the note leaves the status line, and stays in the log
    assert "Tutor: " not in w.status and w.status.endswith("(tutor on)")
    assert note in w.log
    w.language = "ro"
    assert any(line.startswith("Tutore: Greșeală") for line in w.log)
    w.new_game()
    assert not any(line.startswith("Tutore") for line in w.log)


def test_tutor_in_romanian_and_silent_for_a_good_move():
    g = pw.Game.from_position([[84, 84, 84, 26], None, [84, 84, 50, 64], None], seed=1)
    w = PachisiWidget(game=g, language="ro", animate=False)
    w.tutor = 0.05
    w.throw(up=4)
    w.play(w.game.legal_moves()[0])  # the capture: the best move
    assert "Tutore" not in w.status
    w.undo()
    w.pass_()
    assert "Tutore: Greșeală gravă" in w.status
    with pytest.raises(traitlets.TraitError, match="margin"):
        w.tutor = 1.5


def test_the_tutor_shows_it_is_on_and_tells_a_quiet_verdict_on_request():
    g = pw.Game.from_position([[84, 84, 84, 26], None, [84, 84, 50, 64], None], seed=1)
    w = PachisiWidget(game=g, animate=False)
    assert "off" in w.tutor_report() and "(tutor on)" not in w.status
    w.tutor = True
    w.throw(up=4)
    assert w.status.endswith("(tutor on)")  # on, with nothing to say yet
    assert "not judged a move yet" in w.tutor_report() and "5 points" in w.tutor_report()
    w.play(w.game.legal_moves()[0])  # the capture: the best move, so the tutor stays quiet
    report = w.tutor_report()
    assert repr(report) == report and report.startswith("Tutor: ")
    assert "Tutor:" not in w.status and w.status.endswith("(tutor on)")
    w.language = "ro"
    assert w.tutor_report().startswith("Tutore: ") and w.status.endswith("(tutore pornit)")


def test_reach_overlay_before_the_throw_shows_a_piece_on_the_board():
    w = PachisiWidget(game=pw.Game.from_position(MIDGAME, seed=3), animate=False)
    w.overlay = "reach"
    heat = w.heat
    assert heat["default"] == "0:14"  # no legal move yet: the first piece on the board
    assert set(heat["maps"]) == {"0:0", "0:14", "0:30", "0:52"}
    waiting = heat["maps"]["0:0"]
    r = probability.reach_map(w.game.state, 0, 0, exact=False)
    assert waiting["note"].endswith(f"stays where it is: {view.pct_text(r[0])}")
    assert sum(sq["p"] for sq in waiting["squares"]) == pytest.approx(
        1 - r[0] - r.get(84, 0), abs=1e-3
    )


def test_the_instruments_can_be_switched_on_when_the_board_is_made():
    w = pw.PachisiWidget(players=2, seed=1, animate=False, overlay="danger", quiz=True, tutor=0.05)
    assert (w.overlay, w.quiz, w.tutor) == ("danger", True, 0.05)
    with pytest.raises(traitlets.TraitError, match="overlay must be one of"):
        pw.PachisiWidget(players=2, seed=1, overlay="bogus")
    with pytest.raises(TypeError, match="hints, tutor, overlay, quiz"):
        pw.PachisiWidget(players=2, seed=1, hint=True)
