"""The widget adapter without a browser: its traits, constructor and validators, observers, and the
comm between the front end and the session.

What the board does with each intent (every intent, every refusal) is the session's and is tested
without traitlets in ``test_board_intents.py``; here, that the widget hands intents to its session and
shows exactly what the session drew. What the JavaScript draws from these traits is covered by
``js/*.test.js`` (on the fixture written here) and by the real-browser tests in ``tests/browser/``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from support import accepted, refused

import pachisi_widget as pw
from pachisi_widget import board
from pachisi_widget.widget import PachisiWidget

REPO = Path(__file__).resolve().parents[2]
JS_FIXTURE = REPO / "js" / "fixtures" / "traits.json"
TRAITS = (
    "geometry",
    "state",
    "legal_moves",
    "status",
    "status_kind",
    "log",
    "last_throw",
    "language",
    "seat_players",
    "agent_names",
    "names",
    "speed",
    "animate",
    "large",
    "teacher",
    "revision",
    "presets",
    "timeline",
    "question",
    "quiz",
    "score",
    "hints",
    "hint_view",
    "tutor",
    "overlay",
    "heat",
)


@pytest.fixture
def w() -> PachisiWidget:
    return PachisiWidget(players=2, seed=7, animate=False)


def first_move(w: PachisiWidget) -> dict:
    return next(m for m in w.legal_moves if m["kind"] != "pass")


# -- construction and traits ---------------------------------------------------------------------


def test_traits_describe_the_new_game(w):
    assert len(w.geometry["squares"]) == 96
    assert sum(sq["castle"] for sq in w.geometry["squares"]) == 12
    assert sorted(
        sq["twenty_five"] for sq in w.geometry["squares"] if sq["twenty_five"] is not None
    ) == [0, 1, 2, 3]
    assert (
        w.geometry["spots"]["waiting"][0] == [8.4, 7.85] and len(w.geometry["spots"]["home"]) == 4
    )
    st = w.state
    assert st["seats"] == [0, 2] and st["phase"] == "throw" and st["pieces"][1] is None
    assert st["labels"]["throw"] == "Throw" and st["seat_labels"] == [
        "South",
        "East",
        "North",
        "West",
    ]
    assert st["throw_values"] == [25, 10, 2, 3, 4, 5, 6] and st["shells"] == 6
    assert (
        st["preset"] == "classic"
        and st["players"] == 2
        and st["returning_step"] == board.RETURNING_STEP
    )
    assert st["computer_to_act"] is False and st["can_undo"] is False and st["last_move"] is None
    assert w.legal_moves == [] and w.last_throw == {}
    assert w.status == f"New game: {board.SEAT_NAMES[w.game.to_move]} starts."
    assert w.log == [w.status] and w.status_kind == "info"
    assert w.seat_players == ["human", "", "human", ""]
    assert w.animate is False and w.teacher is False and w.speed == 0.6


def test_constructor_checks_its_arguments():
    with pytest.raises(TypeError, match="unknown argument"):
        PachisiWidget(colour="red")
    with pytest.raises(ValueError, match="language"):
        PachisiWidget(language="fr")
    with pytest.raises(ValueError, match="speed"):
        PachisiWidget(speed=-1)
    with pytest.raises(ValueError, match="names"):
        PachisiWidget(names=["a", "b"])
    with pytest.raises(ValueError, match="not in play"):
        PachisiWidget(players=2, computer={1: "random"})
    with pytest.raises(TypeError, match="Game"):
        PachisiWidget(game="not a game")
    g = pw.Game(players=3, seed=1)
    assert PachisiWidget(game=g).game is g


def test_traits_are_json_safe(w):
    w.throw(up=2)
    for name in TRAITS:
        json.dumps(getattr(w, name))


def test_no_exception_escapes_into_the_comm_layer(w, monkeypatch):
    def boom(*a, **k):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(w, "throw", boom)
    refused(w, {"kind": "throw"}, contains="internal error")


def first_move_obj(w):
    return next(m for m in w.game.legal_moves() if m.kind != "pass")


def test_names_are_kept_exactly_as_given():
    names = ["<b>Asha</b>", "", "Ravi & <script>x</script>", "Ω"]
    v = PachisiWidget(players=4, seed=2, names=names, animate=False)
    assert v.names == names
    assert v.state["names"] == ["<b>Asha</b>", "East", "Ravi & <script>x</script>", "Ω"]
    g = pw.Game.from_position(
        [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], to_move=0, seed=1
    )
    v2 = PachisiWidget(game=g, names=names)
    v2.throw(up=3)
    assert first_move(v2)["label"].startswith("<b>Asha</b> (South): ")
    v2.names = ["A", "B", "C", "D"]
    assert v2.state["names"] == ["A", "B", "C", "D"]


def test_the_widget_hands_intents_to_its_session_and_shows_what_it_drew(w):
    w.throw(up=3)
    for intent in (
        {"kind": "move", "id": first_move(w)["id"]},
        {"kind": "undo"},
        {"kind": "set_language", "language": "ro"},
        {"kind": "pass"},
        {"kind": "dance"},
    ):
        w.handle_intent(intent)
        shown = w._session.shown
        assert {name: getattr(w, name) for name in shown} == shown, intent
    assert w.language == "ro" and w.log[-2:] == ["Nord trece.", "La rând: Sud."]
    assert w.status_kind == "error" and w.revision == shown["revision"]  # "dance" refused


def test_a_question_the_position_cannot_answer_is_a_sentence_not_a_traceback(w):
    said = w.ask("capture")  # before a throw: nothing to choose yet
    assert repr(said) == str(said) == w.status and w.status_kind == "error"
    assert "throw" in said and w.question == {}
    w.language = "ro"
    assert "arunc" in w.ask("capture")


# -- observers -----------------------------------------------------------------------------------


def test_observers_fire_once_per_state_change(w):
    seen = []
    w.observe(lambda change: seen.append(change["new"]["phase"]), names="state")
    revisions = []
    w.observe(lambda change: revisions.append(change["new"]), names="revision")
    w.throw(up=3)
    w.play(first_move_obj(w))
    w.undo()
    w.new_game(seed=1)
    assert len(seen) == 4 and seen[0] == "move"
    refused(w, {"kind": "pass"})
    assert len(seen) == 4  # a refusal changes no state...
    assert len(revisions) == 5  # ...but is drawn (a new revision)
    assert revisions == sorted(revisions)


def test_revision_is_written_last(w):
    """An observer of revision sees every other trait of the same update."""
    seen = []
    w.observe(
        lambda change: seen.append((w.state["phase"], len(w.legal_moves), w.status)),
        names="revision",
    )
    w.throw(up=3)
    assert seen[-1][0] == "move" and seen[-1][1] >= 2 and "throws 3" in seen[-1][2]


def test_save_intent_answers_with_the_record(w, monkeypatch):
    sent = []
    monkeypatch.setattr(w, "send", lambda msg, buffers=None: sent.append(msg))
    w.throw(up=2)
    accepted(w, {"kind": "save"})
    assert len(sent) == 1 and sent[0]["kind"] == "record"
    assert sent[0]["filename"].endswith(".json") and sent[0]["filename"] in w.status
    record = json.loads(sent[0]["text"])
    assert record["format"] == "pachisi_widget.game" and record["actions"][-1] == {
        "throw": 2,
        "forced": True,
    }
    assert pw.Game.from_dict(record).to_dict() == w.game.to_dict()


def test_view_preferences_are_validated(w):
    w.speed = 0
    w.animate = True
    w.teacher = True
    with pytest.raises(Exception, match="speed"):
        w.speed = -0.5
    assert w.speed == 0
    assert w.large is False and PachisiWidget(players=2, large=True).large is True


def test_the_bundle_is_what_anywidget_loads():
    from pachisi_widget.widget import bundle_paths

    js, css = bundle_paths()
    text = js.read_text()
    assert "pachisi-board" in text and "data-move" in text and "msg:custom" in text
    assert ".pachisi-widget" in css.read_text()


# -- the fixture the JavaScript unit tests draw --------------------------------------------------


def _traits(v: PachisiWidget) -> dict:
    traits = {name: getattr(v, name) for name in TRAITS}
    # the rules' description is free text owned by Rules.describe(): not part of the contract
    traits["state"] = {k: val for k, val in traits["state"].items() if k != "rules"}
    return traits


def build_js_fixture() -> dict:
    """Real traits of three positions, for js/*.test.js (regenerate when the adapter changes)."""
    names = ["Asha", "<b>Bilal</b>", "Chen & Co", "<img src=x onerror=alert(1)>"]
    start = PachisiWidget(game=pw.Game(players=4, seed=5), names=names, animate=False)
    start.throw(up=0)
    mixed = PachisiWidget(
        game=pw.Game.from_position(
            [[0, 12, 12, 59], [84, 0, 8, 8], [3, 81, 0, 0], [84, 84, 84, 70]], to_move=0, seed=3
        ),
        names=names,
        animate=False,
        teacher=True,
    )
    mixed.throw(up=4)
    pool = PachisiWidget(
        game=pw.Game.from_position(
            [[20, 30, 40, 50], None, [0, 0, 0, 0], None], to_move=0, rules="cowrie_skill", seed=3
        ),
        animate=False,
    )
    pool.throw(up=1)  # 10: a grace, throw again
    pool.throw(up=3)  # 3: the pool is [10, 3]
    computer = PachisiWidget(
        players=2, seed=5, computer={0: "random", 2: "random"}, speed=0, animate=False
    )
    capture = PachisiWidget(
        game=pw.Game.from_position([[20, 0, 0, 0], [74, 0, 0, 0], None, None], to_move=0, seed=3),
        animate=True,
    )
    capture.throw(up=3)  # a 3: South's piece on 20 lands on 23, where East's piece (its 74) stands
    capture.play(capture.game.legal_move(start=20))
    romanian = PachisiWidget(
        game=pw.Game.from_position(
            [[0, 12, 12, 59], [84, 0, 8, 8], [3, 81, 0, 0], [84, 84, 84, 70]], to_move=0, seed=3
        ),
        computer={1: "greedy"},
        language="ro",
        animate=False,
        teacher=True,
    )
    romanian.throw(up=1)  # a 10: one mouth up
    # a replay with its analysis (South passes instead of capturing: a blunder), and a question
    blunder = pw.Game.from_position([[84, 84, 84, 26], None, [84, 84, 50, 64], None], seed=1)
    blunder.throw(up=4)
    blunder.pass_()
    replay = PachisiWidget(players=2, seed=1, animate=False)
    replay.replay(blunder, index=1)
    replay.analyse(rollouts=200, engine="python")
    replay.ask("capture")
    quiz = PachisiWidget(
        game=pw.Game.from_position([[12, 30, 0, 84], None, [25, 0, 0, 84], None], seed=2),
        animate=False,
    )
    quiz.throw(up=4)
    quiz.quiz = True
    quiz.ask("safe")
    quiz.answer(0)
    # the teaching instruments: hints on a pure race (exact chances), the danger and reach maps
    hints = PachisiWidget(
        game=pw.Game.from_position([[84, 84, 81, 80], None, [84, 84, 84, 77], None], seed=3),
        animate=False,
    )
    hints.throw(up=2)
    hints.hints = True
    midgame = [[0, 14, 30, 52], [9, 0, 40, 60], [0, 22, 47, 70], [18, 33, 0, 0]]
    danger = PachisiWidget(game=pw.Game.from_position(midgame, seed=3), animate=False)
    danger.throw(up=3)
    danger.overlay = "danger"
    reach = PachisiWidget(game=pw.Game.from_position(midgame, seed=3), animate=False)
    reach.overlay = "reach"
    positions = {
        "start": start,
        "mixed": mixed,
        "pool": pool,
        "computer": computer,
        "capture": capture,
        "romanian": romanian,
        "replay": replay,
        "quiz": quiz,
        "hints": hints,
        "danger": danger,
        "reach": reach,
    }
    return {
        "geometry": start.geometry,
        "positions": {
            k: {n: t for n, t in _traits(v).items() if n != "geometry"}
            for k, v in positions.items()
        },
    }


def test_js_fixture_is_up_to_date():
    """js/fixtures/traits.json is what the adapter sends now.

    ``PACHISI_UPDATE_FIXTURES=1 pytest tests/test_widget.py -k fixture`` rewrites it.
    """
    fixture = build_js_fixture()
    text = json.dumps(fixture, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    if os.environ.get("PACHISI_UPDATE_FIXTURES") == "1":
        JS_FIXTURE.parent.mkdir(parents=True, exist_ok=True)
        JS_FIXTURE.write_text(text, encoding="utf-8")
    assert JS_FIXTURE.exists(), (
        "run PACHISI_UPDATE_FIXTURES=1 pytest tests/test_widget.py -k fixture"
    )
    stored = json.loads(JS_FIXTURE.read_text(encoding="utf-8"))
    assert stored == json.loads(text), (
        "js/fixtures/traits.json is out of date: "
        "PACHISI_UPDATE_FIXTURES=1 pytest tests/test_widget.py -k fixture"
    )
    last = fixture["positions"]["capture"]["state"]["last_move"]
    assert last["captured"] == [1] and last["fresh"] and last["end"] == 23
    pool = fixture["positions"]["pool"]
    assert pool["state"]["pending"] == [10, 3]
    shared = [m for m in pool["legal_moves"] if m["start"] == 20]
    assert len(shared) == 2  # one piece, two moves: the JS tests click piece then destination
