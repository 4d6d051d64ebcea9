"""The board's intents carried out by :class:`pachisi_widget.session.Session`, as the widget sends
them: every intent, every refusal, and what the board is then told to draw.

The widget (``tests/unit/test_widget.py``) only adds traits, validators and the comm; what the board
does with an intent is the session's, so it is tested here without traitlets. :class:`Board` reads
the session's last update under the widget's trait names, so these tests read as a teacher's cell
reads the widget. Each refusal is checked three ways: ``handle_intent`` returns False, the status
says why (``status_kind`` "error"), and the game (its record and position) is exactly as before.
"""

from __future__ import annotations

import json

import pytest
from support import accepted, game_snapshot, refused

import pachisi_widget as pw
from pachisi_widget import board
from pachisi_widget.session import Session


class Board:
    """A :class:`Session` read as the widget reads: ``board.status`` is the session's last update's
    ``status`` (the widget's trait of that name); anything else is the session's own attribute.
    ``board.language = "ro"`` and ``board.names = [...]`` go through the session's setters, as the
    widget's trait observers do."""

    _SETTERS = {"language": "set_language", "names": "set_names"}

    def __init__(self, game=None, *, animate=False, **options):
        object.__setattr__(self, "session", Session(game, **options))

    def __getattr__(self, name):
        shown = self.session.shown
        return shown[name] if name in shown else getattr(self.session, name)

    def __setattr__(self, name, value):
        if name not in self._SETTERS:
            raise AttributeError(f"a Board sets only {', '.join(self._SETTERS)}, not {name}")
        getattr(self.session, self._SETTERS[name])(value)


@pytest.fixture
def w() -> Board:
    return Board(players=2, seed=7)


def first_move(w) -> dict:
    return next(m for m in w.legal_moves if m["kind"] != "pass")


def first_move_obj(w):
    return next(m for m in w.game.legal_moves() if m.kind != "pass")


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
    again = Board(game=pw.Game(players=2, seed=7), animate=False)
    again.throw(up=3)
    assert w.last_throw["mouths"] == again.last_throw["mouths"]  # same seed, same picture
    assert sum(w.last_throw["mouths"]) == 3
    # drawing the picture never touches the game's own random generator
    g1, g2 = pw.Game(players=2, seed=9), pw.Game(players=2, seed=9)
    v = Board(game=g1)
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
    v = Board(game=g)
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


def test_undo_at_the_start_is_refused(w):
    refused(w, {"kind": "undo"}, contains="Nothing to take back")


def test_undo_takes_back_the_computers_actions_too():
    v = Board(players=2, seed=4, computer={2: "greedy"}, animate=False)
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
    refused_twice = Board(players=2, seed=1, animate=False)
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
    v = Board(players=2, seed=5, computer={0: "random", 2: "random"}, animate=False)
    assert v.state["computer_to_act"] is True
    st = v.state
    accepted(v, {"kind": "step", "turn": st["turn"], "revision": v.revision})
    assert len(v.game.history) == 1
    # a second timer for the same position (a second view of the board) does nothing
    before, rev = game_snapshot(v), v.revision
    assert v.handle_intent({"kind": "step", "turn": st["turn"], "revision": rev - 1}) is True
    assert game_snapshot(v) == before and v.revision == rev
    # a timer from an earlier turn does nothing either
    assert v.handle_intent({"kind": "step", "turn": st["turn"] - 1}) is True
    assert game_snapshot(v) == before


def test_step_without_a_computer_to_act_is_refused(w):
    refused(w, {"kind": "step"}, contains="no computer player")


def test_a_computer_seat_refuses_human_throws_and_moves():
    g = pw.Game.from_position([[0, 0, 0, 0], None, [0, 0, 0, 0], None], to_move=0, seed=3)
    v = Board(game=g, computer={0: "greedy"}, animate=False)
    refused(v, {"kind": "throw"}, contains="computer player")
    v.throw(up=2)  # Python itself (a teacher's cell) may still act for it
    mv = first_move(v)
    refused(v, {"kind": "move", "id": mv["id"]}, contains="computer player")


def test_play_computers_stops_when_a_human_is_to_move():
    v = Board(
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
    assert "aruncă 25 (nicio gură în sus)" in w.status and "Har!" in w.status
    assert first_move(w)["label"].startswith(("Sud:", "Nord:"))
    accepted(w, {"kind": "set_language", "language": "en"})
    assert "throws 25 (0 mouths up)" in w.status


@pytest.mark.parametrize("lang", ["fr", None, 3, ["ro"]])
def test_bad_languages_are_refused(w, lang):
    refused(w, {"kind": "set_language", "language": lang})
    assert w.language == "en"


def test_romanian_from_the_constructor():
    v = Board(players=2, seed=7, language="ro")
    assert v.status.startswith("Joc nou: începe ") and v.state["labels"]["new_game"] == "Joc nou"
    refused(v, {"kind": "pass"}, contains="trebuie mai întâi să arunce")


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


def test_the_view_is_computed_by_pure_functions(w):
    """view.board_view gives what the widget sends, from values only (no traitlets)."""
    from pachisi_widget import view

    w.throw(up=3)
    shown = view.board_view(
        w.game,
        w.table.events,
        revision=w.revision,
        names=w.names,
        seat_players=w.seat_players,
        start_note=w.table.start_note,
    )
    assert shown["state"] == w.state and shown["legal_moves"] == w.legal_moves
    assert shown["log"] == w.log and shown["last_throw"] == w.last_throw
    assert shown["status"] == w.status


def test_the_game_saves_and_loads_as_text():
    sent = []
    w = Board(players=2, seed=7, send=sent.append)
    w.throw(up=3)
    w.play(first_move_obj(w))
    accepted(w, {"kind": "save", "as": "text"})
    (message,) = sent
    assert message["filename"].endswith(".txt") and message["filename"] in w.status
    assert message["text"] == w.game.to_text() and message["text"].startswith("[Format ")
    record = w.game.to_dict()
    w.new_game(seed=99)
    accepted(w, {"kind": "load", "text": "# a class's game\n" + message["text"]})
    assert w.game.to_dict() == record and w.status == "Game loaded."
    refused(w, {"kind": "save", "as": "pdf"}, contains="json or text")
    broken = message["text"].replace("1. N:", "1. S:")
    refused(w, {"kind": "load", "text": broken}, contains="line 8")


def test_opening_a_replay_closes_the_question_about_the_live_game():
    g = pw.Game.from_position([[84, 84, 84, 26], None, [84, 84, 50, 64], None], seed=1)
    g.throw(up=4)
    w = Board(game=g)
    w.ask("capture")
    assert w.question and w.question["prompt"]
    w.replay()
    assert w.question == {} and w.replaying and w.score["asked"] == 1


def test_the_log_keeps_the_whole_game_numbered_by_turn():
    players = dict.fromkeys((0, 1, 2, 3), "greedy")
    w = Board(players=4, seed=5, computer=players)
    w.session.play_computers()
    log = w.log
    assert w.game.phase == "over" and log[0].startswith("New game:")
    numbered = [int(line.split(".", 1)[0]) for line in log if line[:1].isdigit()]
    assert numbered == list(range(1, len(numbered) + 1))  # every turn, from the first
    assert numbered[-1] == w.game.state.turn + 1 and len(log) > 1000
    assert not w.status[:1].isdigit()  # the status is the sentence itself


# -- the board played by typing -----------------------------------------------------------------


def test_a_whole_turn_typed_and_the_board_read_aloud_in_both_languages():
    g = pw.Game.from_position([[0, 0, 12, 30], None, [0, 0, 40, 0], None], to_move=0, seed=1)
    w = Board(game=g)
    accepted(w, {"kind": "type", "text": "where"})
    assert w.status == "South: 2 pieces in the Charkoni, on the board on steps 12 and 30, 0 home."
    accepted(w, {"kind": "type", "text": "moves"})
    assert "a throw comes first" in w.status
    accepted(w, {"kind": "type", "text": "step 12"})
    assert w.status == "On step 12, a castle: a piece of South."
    accepted(w, {"kind": "type", "text": "step 13"})
    assert w.status == "Step 13 is empty."
    accepted(w, {"kind": "type", "text": "danger"})
    assert "South" in w.status
    accepted(w, {"kind": "type", "text": "help"})
    assert "12 16" in w.status and "danger" in w.status
    w.session.throw(up=4)
    accepted(w, {"kind": "type", "text": "moves"})
    assert "12-16" in w.status and "or pass" in w.status
    refused(w, {"kind": "type", "text": "12 17"}, contains="not a legal move now")
    refused(w, {"kind": "type", "text": "dance"}, contains="is not a command")
    accepted(w, {"kind": "type", "text": "12 16"})
    assert w.game.history[-1].start == 12 and w.game.history[-1].end == 16
    w.language = "ro"
    accepted(w, {"kind": "type", "text": "înapoi"})
    assert len(w.game.history) == 1
    accepted(w, {"kind": "type", "text": "unde"})
    assert w.status.startswith("Sud: 2 piese în Charkoni")
    accepted(w, {"kind": "type", "text": "12-16"})
    assert w.game.history[-1].end == 16
    refused(w, {"kind": "type", "text": 12}, contains="text")


def test_typed_entries_home_and_passes():
    g = pw.Game.from_position([[0, 0, 0, 80], None, [0, 0, 0, 0], None], to_move=0, seed=1)
    w = Board(game=g)
    w.session.throw(up=0)  # a 25: a grace that enters
    accepted(w, {"kind": "type", "text": "enter"})
    assert w.game.history[-1].kind == "enter"
    g2 = pw.Game.from_position([[84, 84, 84, 80], None, [0, 0, 0, 0], None], to_move=0, seed=1)
    w2 = Board(game=g2)
    w2.session.throw(up=4)
    accepted(w2, {"kind": "type", "text": "80 home"})
    assert w2.game.phase == "over"
    g3 = pw.Game.from_position([[0, 0, 0, 30], None, [0, 0, 0, 0], None], to_move=0, seed=1)
    w3 = Board(game=g3)
    accepted(w3, {"kind": "type", "text": "aruncă"})
    assert w3.game.phase in ("move", "throw") and len(w3.game.history) == 1
    if w3.game.phase == "move":
        accepted(w3, {"kind": "type", "text": "trec"})
        assert w3.game.history[-1].kind == "pass"


def test_two_throws_to_one_step_are_told_apart_by_the_throw_in_brackets():
    """With the throws kept for the move (turn_mode="throw_then_move"), a 10 and a 25 both bring
    a piece onto step 1: "moves" names each with its throw, and the throw typed in brackets (or
    after "with" / "cu") chooses which one is spent."""
    rules = pw.Rules(turn_mode="throw_then_move")
    g = pw.Game.from_position([[0, 0, 0, 0], None, [0, 0, 0, 0], None], rules=rules, seed=1)
    g.throw(up=1)  # a 10: a grace, throws again
    g.throw(up=0)  # a 25: a grace, throws again
    g.throw(up=2)  # a 2: the throws end
    w = Board(game=g)
    assert sorted(m.value for m in g.legal_moves() if m.kind == "enter" and m.end == 1) == [10, 25]
    accepted(w, {"kind": "type", "text": "moves"})
    assert "C-1 (10)" in w.status and "C-1 (25)" in w.status, w.status
    refused(w, {"kind": "type", "text": "enter 1"}, contains="in brackets")
    refused(w, {"kind": "type", "text": "enter 1 (6)"}, contains="not a legal move now")
    accepted(w, {"kind": "type", "text": "enter 1 (25)"})
    assert w.game.history[-1].kind == "enter" and w.game.history[-1].value == 25
    assert sorted(w.game.state.pending()) == [2, 10]
    w.language = "ro"
    accepted(w, {"kind": "type", "text": "intră 1 cu 10"})
    assert w.game.history[-1].value == 10


def test_where_says_step_or_steps_or_none_in_the_boards_language():
    said = {}
    for pieces in ([0, 0, 0, 0], [0, 0, 0, 6], [0, 84, 12, 6]):
        for lang in ("en", "ro"):
            w = Board(game=pw.Game.from_position([pieces, None, [0, 0, 0, 0], None], seed=1))
            w.language = lang
            accepted(w, {"kind": "type", "text": "where"})
            said[len([p for p in pieces if 0 < p < 84]), lang] = w.status
    assert said[0, "en"] == "South: 4 pieces in the Charkoni, none on the board, 0 home."
    assert said[1, "en"] == "South: 3 pieces in the Charkoni, on the board on step 6, 0 home."
    assert (
        said[2, "en"] == "South: 1 piece in the Charkoni, on the board on steps 6 and 12, 1 home."
    )
    assert said[0, "ro"] == "Sud: 4 piese în Charkoni, niciuna pe tablă, 0 acasă."
    assert said[1, "ro"] == "Sud: 3 piese în Charkoni, pe tablă pe pătratul 6, 0 acasă."
    assert said[2, "ro"] == "Sud: o piesă în Charkoni, pe tablă pe pătratele 6 și 12, 1 acasă."
