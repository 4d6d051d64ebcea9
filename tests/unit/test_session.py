"""The board without Jupyter: :class:`pachisi_widget.session.Session` driven directly.

The live game, Undo, computer seats, replay, practice and the teaching instruments; every intent
kind of :data:`~pachisi_widget.session.intents.INTENTS` carried out and refused (a refusal leaves
the session exactly as it was); and a Hypothesis fuzz of intents, as ``test_hostile.py`` runs on
the widget, here without traits.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from support import blunder_game

import pachisi_widget as pw
from pachisi_widget import board, probability, view
from pachisi_widget.replay import Replay
from pachisi_widget.session import Session, intents
from pachisi_widget.session.intents import INTENTS

MIDGAME = [[0, 14, 30, 52], [9, 0, 40, 60], [0, 22, 47, 70], [18, 33, 0, 0]]


def snapshot(s: Session) -> tuple:
    """Everything a refused intent must leave alone."""
    return (
        json.dumps(s.game.to_dict(), sort_keys=True),
        s.game.state,
        s.game.history,
        s.table,
        s.replay_mode,
        s.practice_mode,
        s.language,
        s.names,
        s.instruments.hints,
        s.instruments.overlay,
        s.instruments.tutor,
    )


def refused(s: Session, intent, contains: str = "") -> None:
    before, rev = snapshot(s), s.revision
    assert s.handle_intent(intent) is False, intent
    assert s.shown["status_kind"] == "error" and s.shown["status"], intent
    if contains:
        assert contains in s.shown["status"], (intent, s.shown["status"])
    assert snapshot(s) == before, intent
    assert s.revision == rev + 1 == s.shown["revision"]


def accepted(s: Session, intent) -> None:
    assert s.handle_intent(intent) is True, (intent, s.shown["status"])
    assert s.shown["status_kind"] == "info", (intent, s.shown["status"])


def first_move(s: Session):
    return next(m for m in s.game.legal_moves() if m.kind != "pass")


# -- no Jupyter ------------------------------------------------------------------------------


def test_a_session_needs_no_jupyter_package():
    code = (
        "import sys, pachisi_widget.session as ps\n"
        "s = ps.Session(players=2, seed=1)\n"
        "s.throw(up=3); s.handle_intent({'kind': 'hint', 'on': False})\n"
        "bad = {'anywidget', 'traitlets', 'ipywidgets', 'IPython', 'ipykernel', 'comm'}\n"
        "print(sorted(bad & {m.split('.')[0] for m in sys.modules}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# -- the live game ---------------------------------------------------------------------------


def test_the_listener_hears_each_update_with_the_revision_last():
    updates = []
    s = Session(players=2, seed=7)
    s.listener = updates.append
    s.throw(up=3)
    board_update, heat, hints = updates
    assert list(board_update)[-1] == "revision" and board_update["revision"] == s.revision == 2
    assert set(heat) == {"hints", "overlay", "heat"} and hints == {"hint_view": {}}
    assert s.shown["status"].startswith(f"{board.SEAT_NAMES[s.game.to_move]} throws 3")
    ids = [m["id"] for m in s.shown["legal_moves"]]
    assert ids == list(s.move_ids) and all(i.startswith("2.") for i in ids)
    shown = view.board_view(
        s.game,
        s.table.events,
        revision=s.revision,
        names=s.names,
        seat_players=s.table.seat_players,
        start_note=s.table.start_note,
    )
    assert shown["state"] == s.shown["state"] and shown["log"] == s.shown["log"]


def test_undo_and_the_game_before_a_new_game():
    s = Session(players=2, seed=7)
    s.throw(up=3)
    s.play(first_move(s))
    old, events = s.game, s.table.events
    s.new_game(players=3)
    assert s.game is not old and s.table.events == () and s.shown["state"]["can_undo"]
    s.undo()
    assert s.game is old and s.table.events == events
    assert s.shown["status"] == "The new game was taken back: the game before it is back."
    s.undo()
    assert len(s.game.history) == 1 and len(s.table.events) == 1
    s.undo()
    refused(s, {"kind": "undo"}, contains="Nothing to take back")


def test_undo_takes_back_the_computers_actions_to_a_humans_decision():
    s = Session(players=2, seed=4, computer={2: "greedy"})
    s.play_computers()
    s.throw(up=2)
    s.play(first_move(s))
    n = len(s.game.history)
    s.play_computers()
    assert len(s.game.history) > n
    s.undo(to_human=True)
    assert len(s.game.history) == n - 1 and s.game.to_move == 0 and s.game.phase == "move"


def test_computer_seats_and_the_step_timer():
    s = Session(players=2, seed=5, computer={0: "random", 2: "random"})
    assert s.shown["state"]["computer_to_act"] and s.table.seat_players == (
        "random",
        "",
        "random",
        "",
    )
    accepted(s, {"kind": "step", "turn": s.game.state.turn, "revision": s.revision})
    before, rev = snapshot(s), s.revision
    assert s.handle_intent({"kind": "step", "revision": rev - 1}) is True  # a stale timer
    assert snapshot(s) == before and s.revision == rev
    s.set_computer(0, "human")
    s.set_computer(2, "human")
    assert s.computer_seats == {} and s.table.seat_players == ("human", "", "human", "")
    refused(s, {"kind": "step"}, contains="no computer player")
    with pytest.raises(ValueError, match="not in play"):
        s.set_computer(1, "greedy")


def test_new_set_up_and_load_are_copy_then_swap(monkeypatch):
    s = Session(players=2, seed=7)
    s.throw(up=3)
    before = snapshot(s)
    drawn = view.board_view

    def board_view(game, *args, **kwargs):
        if game is not s.game:
            raise KeyError("this board cannot be drawn")
        return drawn(game, *args, **kwargs)

    monkeypatch.setattr(view, "board_view", board_view)
    for call in (
        lambda: s.new_game(seed=1),
        lambda: s.load(pw.Game(players=4, seed=5).to_json()),
        lambda: s.set_position([[5, 0, 0, 0], None, [0, 0, 0, 0], None]),
    ):
        with pytest.raises(KeyError):
            call()
        assert snapshot(s) == before
    refused(s, {"kind": "new_game", "players": 4}, contains="internal error")
    monkeypatch.undo()
    with pytest.raises(pw.RecordError):
        s.load("{not json")
    assert snapshot(s) == before


# -- replay ----------------------------------------------------------------------------------


def test_replay_steps_plays_from_here_and_closes():
    s = Session(players=2, seed=1, computer={2: "greedy"})
    live = s.game
    s.replay(blunder_game(), index=1)
    assert s.replaying and s.replay_index == 1 and s.shown["legal_moves"] == []
    assert s.shown["timeline"]["count"] == 2 and s.shown_state == Replay(blunder_game()).state(1)
    accepted(s, {"kind": "replay_step", "by": 1})
    assert s.replay_index == 2
    refused(s, {"kind": "throw"}, contains="replaying a game")
    s.replay_to(1)
    game = s.play_from_here()
    assert not s.replaying and s.game is game and len(game.history) == 1
    assert s.table.seat_players == ("human", "", "greedy", "")
    s.undo()  # into the replayed actions
    assert game.history == () and s.game is game
    s.replay(None)
    s.close_replay()
    assert not s.replaying and s.shown["timeline"] == {} and live is not s.game


def test_analysis_marks_the_blunder_and_reports_progress():
    s = Session(players=2, seed=1)
    s.replay(blunder_game())
    progress = []
    s.listener = lambda u: progress.append(u["timeline"]["progress"]) if "timeline" in u else None
    out = s.analyse(rollouts=200, engine="python")
    assert [(a["index"], a["grade"]) for a in out] == [(2, "blunder")] and s.analysis == out
    assert progress[0]["done"] == 0 and progress[-1] is None
    assert s.shown["timeline"]["marks"][0]["grade"] == "blunder"


# -- practice --------------------------------------------------------------------------------


def practice_session() -> Session:
    g = pw.Game.from_position([[84, 84, 84, 26], None, [84, 84, 50, 64], None], seed=1)
    g.throw(up=4)
    s = Session(g)
    s.set_quiz(True)
    return s


def test_practice_hides_the_moves_and_judges_a_named_move():
    s = practice_session()
    assert s.shown["legal_moves"] == [] and s.shown["state"]["quiz"] is True
    with pytest.raises(pw.IllegalMoveError) as exc:
        s.try_move(26, list(board.track(0)[31]))
    assert exc.value.code == "wrong_distance"
    v = s.try_move(26, list(board.track(0)[30]))
    assert not v.is_mistake and s.shown["status"].startswith("Right! ")  # the rules allow it


def test_questions_and_the_score():
    s = practice_session()
    s.ask("capture")
    assert s.score == {"asked": 1, "right": 0} and s.shown["question"]["id"] == 1
    assert s.answer(0) is True and s.score == {"asked": 1, "right": 1}
    with pytest.raises(pw.practice.QuestionError, match="answered already"):
        s.answer(0)
    s.set_score({"asked": 0, "right": 0})
    s.ask("chance", value=25)
    assert s.score == {"asked": 1, "right": 0} and s.shown["question"]["id"] == 2


# -- the teaching instruments ----------------------------------------------------------------


def test_the_heat_maps_are_computed_once_each_by_the_instruments(monkeypatch):
    calls = []
    danger_map = probability.danger_map

    def counting(state, seat=None, **kw):
        calls.append(state)
        return danger_map(state, seat, **kw)

    monkeypatch.setattr(probability, "danger_map", counting)
    s = Session(pw.Game.from_position(MIDGAME, seed=3))
    s.set_overlay("danger")
    heat = s.shown["heat"]
    assert {(q["x"], q["y"]): q["p"] for q in heat["squares"]} == {
        k: round(p, 4)
        for k, p in danger_map(s.game.state, error=probability.SHOWN_ERROR).items()  # as asked
        if p > 0
    }
    s.set_language("ro")
    s.set_language("en")
    assert len(calls) == 1 and s.shown["heat"] == heat
    s.set_overlay(None)
    assert s.shown["heat"] == {}
    with pytest.raises(ValueError, match="overlay must be one of"):
        s.set_overlay("rainbow")


def test_hints_report_progress_through_the_listener_then_come_from_the_cache():
    g = pw.Game.from_position([[84, 84, 40, 60], None, [84, 84, 50, 70], None], seed=2)
    s = Session(g)
    s.instruments.rollouts, s.instruments.budget = 40, None
    s.throw(up=3)
    seen = []
    s.listener = lambda u: seen.append(u["hint_view"].get("status")) if "hint_view" in u else None
    s.set_hints(True)
    assert seen[0] == "thinking" and seen[-1] == "ready"
    assert set(s.shown["hint_view"]["moves"]) == set(s.move_ids)
    seen.clear()
    s.set_hints(False)
    s.set_hints(True)
    assert "thinking" not in seen and s.shown["hint_view"]["status"] == "ready"


def test_the_tutor_speaks_after_a_weak_human_move_only():
    g = pw.Game.from_position([[84, 84, 84, 26], None, [84, 84, 50, 64], None], seed=1)
    s = Session(g)
    s.set_tutor(True)
    s.throw(up=4)
    s.pass_()  # passing instead of capturing: a blunder
    assert "Tutor: " in s.shown["status"]
    s.throw(up=2)
    assert "Tutor" not in s.shown["status"]
    with pytest.raises(ValueError, match="margin"):
        s.set_tutor(1.5)


# -- every intent kind, carried out and refused ------------------------------------------------


def _thrown(s: Session) -> Session:
    s.throw(up=3)
    return s


def _replaying(s: Session) -> Session:
    s.replay(blunder_game(), index=1)
    return s


def _asked(s: Session) -> Session:
    s = practice_session()
    s.ask("capture")
    return s


#: kind -> (prepare the session, a valid intent, malformed or not-now ones)
CASES = {
    "throw": (None, {"up": 2}, [{"up": 7}, {"up": "2"}, {"up": True}]),
    "move": (_thrown, lambda s: {"id": next(iter(s.move_ids))}, [{"id": 3}, {"id": "9.9"}]),
    "pass": (_thrown, {}, []),
    "undo": (_thrown, {}, []),
    "new_game": (
        None,
        {"players": 3, "seed": 1, "preset": "mitra"},
        [{"players": 5}, {"seed": "7"}, {"preset": "chess"}],
    ),
    "step": (lambda s: Session(players=2, seed=5, computer={0: "random", 2: "random"}), {}, []),
    "set_seat": (
        None,
        {"seat": 2, "player": "greedy"},
        [{"seat": 1, "player": "greedy"}, {"seat": 0, "player": "alphazero"}],
    ),
    "set_language": (None, {"language": "ro"}, [{"language": "fr"}, {"language": None}]),
    "setup": (
        None,
        {"positions": [[5, 0, 0, 0], None, [0, 0, 0, 0], None]},
        [{"positions": "0,0"}, {"positions": [[0, 0, 0, 99], None, [0, 0, 0, 0], None]}],
    ),
    "save": (None, {"as": "text"}, [{"as": "pdf"}, {"as": 3}]),
    "type": (None, {"text": "where"}, [{"text": 5}, {"text": "dance"}, {"text": "12 17"}]),
    "load": (
        None,
        lambda s: {"text": pw.Game(players=4, seed=5).to_json()},
        [{"text": "{"}, {"text": 3}],
    ),
    "replay_open": (None, {}, []),
    "replay_to": (_replaying, {"index": 2}, [{"index": 3}, {"index": True}]),
    "replay_step": (_replaying, {"by": -1}, [{"by": 2}, {"by": "1"}]),
    "replay_from_here": (_replaying, {"index": 1}, [{"index": 2}]),
    "replay_analyse": (_replaying, {}, []),
    "replay_close": (_replaying, {}, []),
    "try": (
        lambda s: practice_session(),
        {"start": 26, "square": list(board.track(0)[30])},
        [{"start": 26, "square": list(board.track(0)[29])}, {"start": "26"}],
    ),
    "answer": (
        _asked,
        {"question": 1, "choice": 0},
        [{"question": 2, "choice": 0}, {"question": 1, "choice": 5}],
    ),
    "hint": (None, {"on": False}, [{"on": "yes"}, {"on": 1}]),
    "set_overlay": (None, {"overlay": "danger"}, [{"overlay": "rainbow"}, {"overlay": 3}]),
}
#: what each kind is refused for when the session is not ready for it (fresh, live, no quiz)
NOT_NOW = {
    "move": {"id": "1.0"},
    "pass": {},
    "undo": {},
    "step": {},
    "replay_to": {"index": 0},
    "replay_step": {"by": 1},
    "replay_from_here": {},
    "replay_analyse": {},
    "replay_close": {},
    "try": {"start": 0, "square": [0, 0]},
    "answer": {"question": 1, "choice": 0},
}


def test_every_intent_kind_has_a_case():
    assert set(CASES) == set(INTENTS)


@pytest.mark.parametrize("kind", list(CASES))
def test_each_intent_kind_is_carried_out_and_refused_leaving_the_session_alone(kind):
    prepare, valid, malformed = CASES[kind]
    if kind in NOT_NOW:
        refused(Session(players=2, seed=7), {"kind": kind, **NOT_NOW[kind]})
    s = Session(players=2, seed=7, send=lambda message: None)
    s = prepare(s) if prepare else s
    for fields in malformed:
        refused(s, {"kind": kind, **fields})
    rev = s.revision
    intent = {"kind": kind, **(valid(s) if callable(valid) else valid)}
    if kind in ("hint", "set_overlay"):  # they redraw the instruments only, not the status
        assert s.handle_intent(intent) is True and s.revision == rev
    else:
        accepted(s, intent)


def test_the_widget_doc_table_lists_every_intent():
    table = intents.doc_table()
    for kind, intent in INTENTS.items():
        assert f"``{kind}``" in table
        assert intent.fields.split()[0] in table
        assert callable(getattr(Session, intent.method))
    from pachisi_widget import widget

    assert table in widget.__doc__


def test_the_save_intent_sends_the_record():
    sent = []
    s = Session(players=2, seed=7, send=sent.append)
    s.throw(up=2)
    accepted(s, {"kind": "save"})
    assert sent[0]["kind"] == "record" and sent[0]["filename"] in s.shown["status"]
    assert pw.Game.from_json(sent[0]["text"]).to_dict() == s.game.to_dict()


# -- fuzz ----------------------------------------------------------------------------------------

_VALUES = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-3, 90),
        st.integers(),
        st.floats(allow_nan=False),
        st.text(max_size=8),
    ),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=10,
)
_FIELDS = [
    "up",
    "id",
    "players",
    "seed",
    "preset",
    "turn",
    "revision",
    "seat",
    "player",
    "language",
    "positions",
    "to_move",
    "text",
    "index",
    "by",
    "start",
    "square",
    "question",
    "choice",
    "on",
    "overlay",
    "extra",
]
_CHEAP = sorted(set(INTENTS) - {"replay_analyse", "try"})  # the coach's: tested above


@st.composite
def session_intents(draw, s: Session):
    """An intent for ``s`` as it is now: well formed, slightly wrong, or anything at all."""
    if draw(st.integers(0, 9)) == 0:
        return draw(_VALUES)
    kind = draw(st.sampled_from([*_CHEAP, "dance", ""]))
    intent = {"kind": kind}
    if kind == "move" and s.move_ids and draw(st.booleans()):
        intent["id"] = draw(st.sampled_from(sorted(s.move_ids)))
    elif kind == "load" and draw(st.booleans()):
        intent["text"] = s.save()
    elif kind == "set_seat" and draw(st.booleans()):
        intent.update(
            seat=draw(st.sampled_from([0, 1, 2, 3, -1])),
            player=draw(st.sampled_from(["human", "random", "greedy", "runner", "castle_waiter"])),
        )
    elif kind == "setup" and draw(st.booleans()):
        step = st.integers(0, 84)
        intent["positions"] = [
            draw(st.lists(step, min_size=4, max_size=4)) if seat in (0, 2) else None
            for seat in range(4)
        ]
        intent["to_move"] = draw(st.sampled_from([0, 2, 1, "0"]))
    elif kind == "new_game" and draw(st.booleans()):
        intent.update(
            players=draw(st.sampled_from([2, 3, 4])),
            seed=draw(st.integers(0, 99)),
            preset=draw(st.sampled_from(["classic", "mitra", "cowrie_skill"])),
        )
    elif kind == "step" and draw(st.booleans()):
        intent.update(turn=s.shown["state"]["turn"], revision=s.revision)
    elif kind in ("replay_to", "replay_step") and draw(st.booleans()):
        intent.update(index=draw(st.integers(-1, 5)), by=draw(st.sampled_from([-1, 1, 2])))
    for key in draw(st.lists(st.sampled_from(_FIELDS), max_size=2)):
        intent[key] = draw(_VALUES)
    return intent


@settings(
    deadline=None,
    derandomize=True,
    max_examples=150,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_fuzz_intents_against_a_session(data):
    s = Session(players=2, seed=data.draw(st.integers(0, 5)))
    for _ in range(data.draw(st.integers(1, 8))):
        intent = data.draw(session_intents(s))
        before, rev = snapshot(s), s.revision
        ok = s.handle_intent(intent)  # never raises
        status = s.shown["status"]
        assert status and len(status) <= view.STATUS_MAX and "internal error" not in status
        if ok:
            event(f"accepted {intent['kind']}")
        else:
            event("refused")
            assert s.shown["status_kind"] == "error" and s.revision == rev + 1
            assert snapshot(s) == before, intent
        s.game.to_dict()  # the game shown always saves
        assert s.shown["state"]["turn"] == s.shown_state.turn
