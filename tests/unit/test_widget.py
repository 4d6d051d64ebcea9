"""The widget adapter without a browser: every intent, every refusal, the traits the view draws.

Each refusal is checked three ways: ``handle_intent`` returns False, ``status``/``status_kind``
say why, and the game (its record and position) is exactly as before. What the JavaScript draws
from these traits is covered by ``js/*.test.js`` (on the fixture written here) and by the
real-browser tests in ``tests/browser/``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

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


def snapshot(w: PachisiWidget) -> tuple:
    """Everything a refused intent must leave alone: the record and the position."""
    return json.dumps(w.game.to_dict(), sort_keys=True), w.game.state, w.game.history


def refused(w: PachisiWidget, intent, *, contains: str = "") -> None:
    """Send ``intent``; assert it is refused with an error status and changes nothing."""
    before = snapshot(w)
    rev = w.revision
    assert w.handle_intent(intent) is False, intent
    assert w.status_kind == "error", (intent, w.status)
    assert w.status, intent
    if contains:
        assert contains in w.status, (intent, w.status)
    assert snapshot(w) == before, intent
    assert w.revision == rev + 1  # the refusal was drawn (a new status), ids renewed


def accepted(w: PachisiWidget, intent) -> None:
    assert w.handle_intent(intent) is True, (intent, w.status)
    assert w.status_kind == "info", (intent, w.status)


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


# -- throw ---------------------------------------------------------------------------------------


def test_throw_intent_shows_the_shells_and_the_moves(w):
    seat = w.game.to_move
    accepted(w, {"kind": "throw"})
    t = w.game.last_throw
    assert w.game.phase == "move" and len(w.game.history) == 1
    lt = w.last_throw
    assert lt["seat"] == seat and lt["up"] == t.up and lt["value"] == t.value
    assert len(lt["mouths"]) == 6 and sum(lt["mouths"]) == t.up
    assert lt["fresh"] is True and lt["shells"] == 6
    assert w.status.startswith(f"{board.SEAT_NAMES[seat]} throws {t.value}")
    ids = [m["id"] for m in w.legal_moves]
    assert len(set(ids)) == len(ids) and all(i.startswith(f"{w.revision}.") for i in ids)
    assert w.legal_moves[-1]["kind"] == "pass"


def test_forced_throw_intent(w):
    accepted(w, {"kind": "throw", "up": 0})
    lt = w.last_throw
    assert lt["value"] == 25 and lt["grace"] and lt["enters"] and not lt["bonus"]
    assert lt["mouths"] == [False] * 6
    assert w.game.to_dict()["actions"][-1] == {"throw": 0, "forced": True}


@pytest.mark.parametrize("up", [7, -1, "2", 2.0, True, [1]])
def test_forced_throw_with_a_bad_count_is_refused(w, up):
    refused(w, {"kind": "throw", "up": up})


def test_throw_when_a_move_is_due_is_refused(w):
    accepted(w, {"kind": "throw", "up": 2})
    refused(w, {"kind": "throw"}, contains="must first spend the throw of 2 or pass")


def test_mouths_picture_is_stable_and_view_only(w):
    w.throw(up=3)
    again = PachisiWidget(game=pw.Game(players=2, seed=7), animate=False)
    again.throw(up=3)
    assert w.last_throw["mouths"] == again.last_throw["mouths"]  # same seed, same picture
    assert sum(w.last_throw["mouths"]) == 3
    # drawing the picture never touches the game's own random generator
    g1, g2 = pw.Game(players=2, seed=9), pw.Game(players=2, seed=9)
    v = PachisiWidget(game=g1)
    v.throw(up=2)
    v.pass_()
    g2.throw(up=2)
    g2.pass_()
    assert v.throw().value == g2.throw().value


# -- move and pass -------------------------------------------------------------------------------


def test_move_intent_plays_the_move_with_that_id(w):
    w.throw(up=3)  # the first piece leaves on any throw
    mv = first_move(w)
    accepted(w, {"kind": "move", "id": mv["id"]})
    played = w.game.history[-1]
    assert (played.seat, played.start, played.end) == (mv["seat"], mv["start"], mv["end"])
    assert w.state["last_move"]["end"] == mv["end"] and w.state["last_move"]["to"] == mv["to"]
    assert w.last_throw["fresh"] is False


def test_move_views_carry_squares_path_and_label(w):
    w.throw(up=3)
    mv = first_move(w)
    seat = mv["seat"]
    assert mv["kind"] == "enter" and mv["from"] is None and mv["to"] == list(board.square(seat, 3))
    assert mv["path"] == [list(board.square(seat, s)) for s in (1, 2, 3)]
    assert (
        mv["label"]
        == f"{board.SEAT_NAMES[seat]}: bring a piece onto the board, to step 3, with the 3"
    )
    g = pw.Game.from_position([[83, 84, 84, 84], None, [0, 0, 0, 0], None], seed=1)
    v = PachisiWidget(game=g)
    v.throw(up=1)  # a 10 releases the piece on step 83
    home = next(m for m in v.legal_moves if m["end"] == 84)
    assert (
        home["to"] is None
        and home["start"] == 83
        and home["path"] == []
        and "home" in home["label"]
    )


def test_pass_intent(w):
    accepted(w, {"kind": "throw", "up": 2})
    seat = w.game.to_move
    accepted(w, {"kind": "pass"})
    assert w.game.history[-1].kind == "pass" and w.game.history[-1].seat == seat


def test_pass_before_throwing_is_refused(w):
    refused(w, {"kind": "pass"}, contains="must throw the cowries first")


@pytest.mark.parametrize(
    "intent",
    [
        {"kind": "move"},
        {"kind": "move", "id": 3},
        {"kind": "move", "id": None},
        {"kind": "move", "id": ["1.0"]},
        {"kind": "move", "id": "no-such-id"},
    ],
)
def test_malformed_moves_are_refused(w, intent):
    w.throw(up=3)
    refused(w, intent)


def test_a_move_id_from_an_older_revision_is_stale(w):
    w.throw(up=3)
    old = first_move(w)["id"]
    accepted(w, {"kind": "set_language", "language": "ro"})  # a redraw renews every id
    refused(w, {"kind": "move", "id": old}, contains="nu mai este disponibilă")
    w.language = "en"
    refused(w, {"kind": "move", "id": old}, contains="no longer available")
    accepted(w, {"kind": "move", "id": first_move(w)["id"]})
    refused(w, {"kind": "move", "id": old})


@pytest.mark.parametrize(
    "intent", [None, [], "throw", 3, {"kind": "dance"}, {}, {"kind": None}, {"kind": ["throw"]}]
)
def test_intents_that_are_not_understood_are_refused(w, intent):
    refused(w, intent, contains="could not be understood")


def test_no_exception_escapes_into_the_comm_layer(w, monkeypatch):
    def boom(*a, **k):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(w, "throw", boom)
    refused(w, {"kind": "throw"}, contains="internal error")


# -- undo and new game ---------------------------------------------------------------------------


def test_undo_intent(w):
    seat = board.SEAT_NAMES[w.game.to_move]
    w.throw(up=3)
    w.play(first_move_obj(w))
    accepted(w, {"kind": "undo"})
    assert len(w.game.history) == 1 and w.game.phase == "move"
    assert w.status == f"{seat}'s move from the Charkoni to step 3 was taken back."
    accepted(w, {"kind": "undo"})
    assert w.game.history == () and w.last_throw == {}
    assert w.status == f"{seat}'s throw of 3 was taken back."


def first_move_obj(w):
    return next(m for m in w.game.legal_moves() if m.kind != "pass")


def test_undo_at_the_start_is_refused(w):
    refused(w, {"kind": "undo"}, contains="Nothing to take back")


def test_undo_takes_back_the_computers_actions_too():
    v = PachisiWidget(players=2, seed=4, computer={2: "greedy"}, animate=False)
    v.play_computers()
    assert v.game.to_move == 0
    v.throw(up=2)
    v.play(first_move_obj(v))
    n_human = len(v.game.history)
    v.play_computers()
    assert v.game.to_move == 0 and len(v.game.history) > n_human
    accepted(v, {"kind": "undo"})
    # back to South's last decision: the move with the 2 is to be made again
    assert len(v.game.history) == n_human - 1 and v.game.to_move == 0 and v.game.phase == "move"


def test_new_game_intent(w):
    w.throw()
    accepted(w, {"kind": "new_game", "players": 3, "seed": 42, "preset": "mitra"})
    assert w.game.players == 3 and w.game.seed == 42 and w.game.history == ()
    assert w.state["preset"] == "mitra" and w.state["turn_mode"] == "throw_then_move"
    assert w.seat_players == ["human", "human", "human", ""]
    accepted(w, {"kind": "new_game"})
    assert w.game.players == 3 and w.game.rules == pw.Rules.preset("mitra")


def test_undo_after_a_new_game_brings_the_game_before_it_back(w):
    w.throw(up=3)
    w.play(first_move_obj(w))
    before, record = w.game, json.dumps(w.game.to_dict(), sort_keys=True)
    log = list(w.log)
    accepted(w, {"kind": "new_game", "players": 3})
    assert w.game is not before and w.state["can_undo"] is True
    w.throw(up=2)
    accepted(w, {"kind": "undo"})  # the new game's throw first
    assert w.game.history == () and w.state["can_undo"] is True
    accepted(w, {"kind": "undo"})  # then the new game itself
    assert w.game is before and json.dumps(w.game.to_dict(), sort_keys=True) == record
    assert w.status == "The new game was taken back: the game before it is back."
    assert w.log == log and w.seat_players == ["human", "", "human", ""]
    assert w.state["can_undo"] is True  # and on into the old game's own actions
    accepted(w, {"kind": "undo"})
    assert len(w.game.history) == 1


def test_undo_brings_back_the_game_a_setup_or_a_load_replaced(w):
    w.throw(up=3)
    record = w.save()
    accepted(w, {"kind": "setup", "positions": [[5, 0, 0, 0], None, [0, 0, 0, 0], None]})
    accepted(w, {"kind": "undo"})
    assert w.save() == record
    refused_twice = PachisiWidget(players=2, seed=1, animate=False)
    refused(refused_twice, {"kind": "undo"}, contains="Nothing to take back")


@pytest.mark.parametrize(
    "intent",
    [
        {"kind": "new_game", "players": 5},
        {"kind": "new_game", "players": True},
        {"kind": "new_game", "players": "4"},
        {"kind": "new_game", "seed": "7"},
        {"kind": "new_game", "seed": 1.5},
        {"kind": "new_game", "preset": "chess"},
    ],
)
def test_bad_new_game_intents_are_refused(w, intent):
    w.throw()
    refused(w, intent)


# -- computer seats --------------------------------------------------------------------------------


def test_step_intent_plays_one_computer_action():
    v = PachisiWidget(players=2, seed=5, computer={0: "random", 2: "random"}, animate=False)
    assert v.state["computer_to_act"] is True
    st = v.state
    accepted(v, {"kind": "step", "turn": st["turn"], "revision": v.revision})
    assert len(v.game.history) == 1
    # a second timer for the same position (a second view of the board) does nothing
    before, rev = snapshot(v), v.revision
    assert v.handle_intent({"kind": "step", "turn": st["turn"], "revision": rev - 1}) is True
    assert snapshot(v) == before and v.revision == rev
    # a timer from an earlier turn does nothing either
    assert v.handle_intent({"kind": "step", "turn": st["turn"] - 1}) is True
    assert snapshot(v) == before


def test_step_without_a_computer_to_act_is_refused(w):
    refused(w, {"kind": "step"}, contains="no computer player")


def test_a_computer_seat_refuses_human_throws_and_moves():
    g = pw.Game.from_position([[0, 0, 0, 0], None, [0, 0, 0, 0], None], to_move=0, seed=3)
    v = PachisiWidget(game=g, computer={0: "greedy"}, animate=False)
    refused(v, {"kind": "throw"}, contains="computer player")
    v.throw(up=2)  # Python itself (a teacher's cell) may still act for it
    mv = first_move(v)
    refused(v, {"kind": "move", "id": mv["id"]}, contains="computer player")


def test_play_computers_stops_when_a_human_is_to_move():
    v = PachisiWidget(
        players=4, seed=8, computer={1: "greedy", 2: "runner", 3: "castle_waiter"}, animate=False
    )
    n = v.play_computers()
    assert v.game.to_move == 0 and v.game.phase == "throw" and v.state["computer_to_act"] is False
    assert n == 0 or len(v.game.history) == n


def test_set_seat_intent(w):
    accepted(w, {"kind": "set_seat", "seat": 2, "player": "greedy"})
    assert w.seat_players == ["human", "", "greedy", ""]
    accepted(w, {"kind": "set_seat", "seat": 2, "player": "human"})
    assert w.seat_players[2] == "human"


@pytest.mark.parametrize(
    "intent",
    [
        {"kind": "set_seat", "seat": 1, "player": "random"},  # East is not in play
        {"kind": "set_seat", "seat": 7, "player": "random"},
        {"kind": "set_seat", "seat": True, "player": "random"},
        {"kind": "set_seat", "seat": "0", "player": "random"},
        {"kind": "set_seat", "seat": 0, "player": "alphazero"},
        {"kind": "set_seat", "seat": 0},
    ],
)
def test_bad_set_seat_intents_are_refused(w, intent):
    players = list(w.seat_players)
    refused(w, intent)
    assert w.seat_players == players


# -- language, names, narration -----------------------------------------------------------------


def test_set_language_intent_narrates_in_romanian(w):
    accepted(w, {"kind": "set_language", "language": "ro"})
    assert w.language == "ro"
    assert w.state["labels"]["throw"] == "Aruncă" and w.state["seat_labels"][0] == "Sud"
    assert w.log[0].startswith("Joc nou: începe ")
    w.throw(up=0)
    assert "aruncă 25 (0 guri în sus)" in w.status and "Har!" in w.status
    assert first_move(w)["label"].startswith(("Sud:", "Nord:"))
    accepted(w, {"kind": "set_language", "language": "en"})
    assert "throws 25 (0 mouths up)" in w.status


@pytest.mark.parametrize("lang", ["fr", None, 3, ["ro"]])
def test_bad_languages_are_refused(w, lang):
    refused(w, {"kind": "set_language", "language": lang})
    assert w.language == "en"


def test_romanian_from_the_constructor():
    v = PachisiWidget(players=2, seed=7, language="ro")
    assert v.status.startswith("Joc nou: începe ") and v.state["labels"]["new_game"] == "Joc nou"
    refused(v, {"kind": "pass"}, contains="trebuie mai întâi să arunce")


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


# -- teacher: set-up, save, load -----------------------------------------------------------------


def test_setup_intent(w):
    accepted(
        w, {"kind": "setup", "positions": [[0, 0, 12, 59], None, [3, 0, 0, 0], None], "to_move": 2}
    )
    assert w.game.pieces(0) == (0, 0, 12, 59) and w.game.to_move == 2
    assert w.status == "Position set up: North is to move."
    accepted(
        w,
        {
            "kind": "setup",
            "positions": [[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], None],
            "to_move": 1,
        },
    )
    assert w.game.seats == (0, 1, 2) and w.seat_players == ["human", "human", "human", ""]


@pytest.mark.parametrize(
    "intent",
    [
        {"kind": "setup", "positions": [[0, 0, 0, 99], None, [0, 0, 0, 0], None]},
        {"kind": "setup", "positions": [[0, 0, 0], None, [0, 0, 0, 0], None]},
        {"kind": "setup", "positions": [[0, 0, 0, "x"], None, [0, 0, 0, 0], None]},
        {"kind": "setup", "positions": [[0, 0, 0, 0], None, None, None]},
        {"kind": "setup", "positions": "0,0,0,0"},
        {"kind": "setup"},
        {"kind": "setup", "positions": [[0, 0, 0, 0], None, [0, 0, 0, 0], None], "to_move": 1},
    ],
)
def test_bad_setups_are_refused(w, intent):
    w.throw()
    refused(w, intent)


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


def test_load_intent_restores_a_saved_game(w):
    w.throw(up=3)
    w.play(first_move_obj(w))
    text = w.save()
    w.new_game(seed=99)
    accepted(w, {"kind": "load", "text": text})
    assert w.status == "Game loaded." and json.loads(text) == w.game.to_dict()
    assert len(w.game.history) == 2


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        "[]",
        json.dumps({"format": "chess", "version": 1}),
        json.dumps({"format": "pachisi_widget.game", "version": 999}),
        "",
    ],
)
def test_bad_records_are_refused_and_the_game_is_kept(w, text):
    w.throw(up=3)
    refused(w, {"kind": "load", "text": text}, contains="could not be loaded")


def test_a_record_that_breaks_the_rules_is_refused(w):
    w.throw(up=3)
    record = w.game.to_dict()
    record["actions"][-1] = {"throw": 9, "forced": True}
    refused(w, {"kind": "load", "text": json.dumps(record)}, contains="current game is kept")


@pytest.mark.parametrize("text", [None, 3, {"format": "pachisi_widget.game"}, "x" * 5_000_001])
def test_load_needs_text(w, text):
    refused(w, {"kind": "load", "text": text}, contains="could not be loaded")


def test_view_preferences_are_validated(w):
    w.speed = 0
    w.animate = True
    w.teacher = True
    with pytest.raises(Exception, match="speed"):
        w.speed = -0.5
    assert w.speed == 0
    assert w.large is False and PachisiWidget(players=2, large=True).large is True


def test_the_view_is_computed_by_pure_functions(w):
    """view.board_view gives what the widget sends, from values only (no traitlets)."""
    from pachisi_widget import view

    w.throw(up=3)
    shown = view.board_view(
        w.game,
        w._events,
        revision=w.revision,
        names=w.names,
        seat_players=w.seat_players,
        start_note=w._start_note,
    )
    assert shown["state"] == w.state and shown["legal_moves"] == w.legal_moves
    assert shown["log"] == w.log and shown["last_throw"] == w.last_throw
    assert shown["status"] == w.status


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
