"""Narration and refusal texts: both catalogues complete and alike; narration names the rule."""

from __future__ import annotations

import inspect
import re
import string

import pytest

import pachisi_widget as pw
from pachisi_widget import Move, explain, i18n
from pachisi_widget.engine import Engine
from pachisi_widget.state import GameState

S, E, N, W = 0, 1, 2, 3
UP = {25: 0, 10: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6}
UP_MURRAY = {7: 0, 10: 1, 2: 2, 3: 3, 4: 4, 25: 5, 30: 6, 14: 7}
WAIT = [0, 0, 0, 0]

REFUSAL_CODES = {
    "not_a_move",
    "game_over",
    "throw_first",
    "move_due",
    "not_your_turn",
    "bad_kind",
    "no_such_throw",
    "continue_split",
    "no_piece_there",
    "already_home",
    "enter_from_charkoni",
    "needs_grace",
    "no_split_entry",
    "enters_on_1",
    "grace_must_enter",
    "piece_used",
    "forward_only",
    "overshoot",
    "must_capture",
    "castle_held",
    "wrong_distance",
    "not_legal",
    "nothing_to_undo",
    "illegal",
}


def _fields(template):
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def conv(seat, step, other):
    return (step - 8 + 17 * seat - 17 * other) % 68 + 8


def two(south, north=WAIT, rules=None, to_move=S):
    return pw.Game.from_position([south, None, north, None], to_move=to_move, rules=rules, seed=1)


def throw_text(g, up, lang="en"):
    before = g.state
    t = g.throw(up=up)
    return " ".join(explain.narrate_throw(before, t, g.state, lang))


def move_text(g, start, end, lang="en", value=None):
    before = g.state
    m = next(
        m
        for m in g.legal_moves()
        if m.start == start and m.end == end and (value is None or m.value == value)
    )
    played = g.play(m)
    return " ".join(explain.narrate_move(before, played, g.state, lang))


# -- catalogues -----------------------------------------------------------------------------------


def test_languages():
    assert set(explain.CATALOGUES) == set(explain.LANGUAGES) == {"en", "ro"}
    assert explain.SEATS["ro"] == ("Sud", "Est", "Nord", "Vest")


# Every code in both languages, with the same placeholders: tests/test_catalogues.py.


def test_every_refusal_code_has_a_text():
    whys = [f for name, f in vars(Engine).items() if name == "why" or name.startswith("_why_")]
    src = "".join(map(inspect.getsource, whys)) + inspect.getsource(GameState.check_throw)
    found = set(re.findall(r'return \(?\s*"([a-z_]+)",', src)) | set(
        re.findall(r'"([a-z_]+)", \{"seat"', src)
    )
    assert found >= {"castle_held", "overshoot", "needs_grace", "grace_must_enter"}
    for lang in ("en", "ro"):
        missing = (REFUSAL_CODES | found) - set(explain.CATALOGUES[lang])
        assert not missing, (lang, missing)


def test_unknown_language_refused():
    with pytest.raises(ValueError, match="language"):
        explain.text("pass", {"seat": 0}, "fr")


def test_seat_names_translated():
    assert explain.text("turn", {"seat": 1}, "en") == "It is East's turn."
    assert explain.text("turn", {"seat": 1}, "ro") == "La rând: Est."
    assert (
        explain.reason_text("castle_held", {"end": 12, "holder": 1}, "ro")
        == "Pătratul 12 este un castel ocupat de Est: niciun adversar nu se poate opri acolo."
    )


# -- narration names the rule ---------------------------------------------------------------------


def test_grace_throw_narration():
    g = two([20, 0, 0, 0])
    txt = throw_text(g, UP[25])
    assert txt.startswith("South throws 25 (0 mouths up).")
    assert "Grace! South may bring a piece onto the board and throws again." in txt
    g = two([20, 0, 0, 0])
    ro = throw_text(g, UP[10], "ro")
    assert "Har! Sud poate introduce o piesă pe tablă și aruncă din nou." in ro


def test_grace_narration_once_all_entered_does_not_promise_an_entry():
    g = two([20, 30, 40, 84])
    txt = throw_text(g, UP[10])
    assert "throws again" in txt
    assert "Charkoni" not in txt


def test_entering_narration_square_1_points_not_counted():
    g = two([20, 0, 0, 0])
    g.throw(up=UP[25])
    txt = move_text(g, 0, 1)
    assert "square 1" in txt and "not counted" in txt and "throws again" in txt
    g = two([20, 0, 0, 0])
    g.throw(up=UP[25])
    ro = move_text(g, 0, 1, "ro")
    assert "pătratul 1" in ro and "(valoarea harului nu se adaugă)" in ro


def test_first_piece_narration():
    g = two(WAIT)
    g.throw(up=UP[3])
    txt = move_text(g, 0, 3)
    assert "first piece" in txt and "any throw" in txt and "3 steps" in txt


def test_capture_narration():
    g = two([16, 0, 0, 84], [conv(S, 20, N), 0, 0, 84])
    g.throw(up=UP[4])
    txt = move_text(g, 16, 20)
    assert "captures a piece of North on step 20" in txt and "North 0" not in txt
    assert "back to the Charkoni" in txt and "grace" in txt  # re-enters only with a grace
    assert "another throw" in txt
    g = two([16, 0, 0, 84], [conv(S, 20, N), 0, 0, 84])
    g.throw(up=UP[4])
    ro = move_text(g, 16, 20, "ro")
    assert "capturează o piesă a lui Nord pe pătratul 20; ea se întoarce în Charkoni" in ro
    assert "poate reintra doar cu un har" in ro


def test_capture_narration_throw_then_move_new_series():
    g = two([16, 30, 40, 50], [conv(S, 20, N), 0, 0, 84], pw.Rules(turn_mode="throw_then_move"))
    g.throw(up=UP[4])
    txt = move_text(g, 16, 20)
    assert "new series of throws" in txt


def test_pyada_narration_move_each_throw():
    g = two([10, 20, 30, 40], rules=pw.Rules(pyada=True))
    txt = throw_text(g, UP[25])
    assert "pyada" in txt.lower() and "26 steps" in txt
    txt = move_text(g, 10, 36)
    assert "Pyada" in txt and "one extra step" in txt


def test_pyada_narration_cowrie_skill():
    g = two([10, 20, 30, 40], rules=pw.Rules.preset("cowrie_skill"))
    for v in (25, 25, 3):
        g.throw(up=UP_MURRAY[v])
    txt = move_text(g, 10, 36)
    assert "Pyada" in txt
    ro = move_text(g, 36, 62, "ro")
    assert "Pyada" in ro and "în plus" in ro


def test_cancel_narration():
    g = two([10, 20, 30, 40], rules=pw.Rules.preset("cowrie_skill"))
    g.throw(up=UP_MURRAY[7])
    g.throw(up=UP_MURRAY[25])
    g.throw(up=UP_MURRAY[10])
    txt = throw_text(g, UP_MURRAY[30])
    assert "cancel" in txt and "void" in txt and "25, 10 and 30" in txt


def test_lost_throw_narration():
    g = two([0, 0, 0, 84])
    txt = throw_text(g, UP[3])
    assert "lost" in txt and "only pass" in txt


def test_castle_and_25_castle_narration():
    g = two([55, 20, 84, 84])
    g.throw(up=UP[4])
    txt = move_text(g, 55, 59)
    assert "castle" in txt and "25-castle" in txt and "25 steps from home" in txt


def test_release_and_home_narration():
    g = two([83, 20, 84, 84])
    g.throw(up=UP[10])
    txt = move_text(g, 83, 84)
    assert "last-square release" in txt and "home" in txt


def test_win_and_dead_narration():
    g = two([80, 84, 84, 84], [40, 0, 0, 0])
    g.throw(up=UP[4])
    assert "South has brought all four pieces home and wins!" in move_text(g, 80, 84)
    g = two([81, 83, 83, 83], [83] * 4, rules=pw.Rules(last_square_release=frozenset()))
    g.throw(up=UP[2])
    assert "without a winner" in move_text(g, 81, 83)


def test_team_win_narration():
    g = pw.Game.from_position(
        [[84] * 4, WAIT, [80, 84, 84, 84], WAIT], to_move=N, rules=pw.Rules(teams=True), seed=1
    )
    g.throw(up=UP[4])
    assert "South and North have brought all eight pieces home" in move_text(g, 80, 84)


def test_revenge_narration():
    rules = pw.Rules(revenge_rule=True)
    n17, n20 = conv(S, 17, N), conv(S, 20, N)
    g = two([16, 0, 0, 84], [n17, n20, 0, 0], rules=rules)
    g.throw(up=UP[4])
    move_text(g, 16, 20)
    g.throw(up=UP[2])
    g.play(Move.pass_for(S))
    g.throw(up=UP[3])
    txt = move_text(g, n17, n20)
    assert "Revenge" in txt and "South's capture no longer counts" in txt


def test_pass_narration():
    g = two([20, 0, 0, 0], rules=pw.Rules(turn_mode="throw_then_move"))
    g.throw(up=UP[25])
    g.throw(up=UP[3])
    before = g.state
    m = g.play(Move.pass_for(S))
    txt = " ".join(explain.narrate_move(before, m, g.state))
    assert "gives up the throws 25 and 3" in txt and "North's turn" in txt


def test_illegal_move_message_is_the_catalogue_text():
    g = pw.Game.from_position([[10, 0, 0, 84], [63, 0, 0, 84], WAIT, WAIT], seed=1)
    g.throw(up=UP[2])
    with pytest.raises(pw.IllegalMoveError) as exc:
        g.play(Move(S, 0, 10, 12, "move", 2))
    err = exc.value
    assert str(err) == explain.reason_text(err.code, err.params, "en")
    assert "castle held by East" in str(err)
    assert "castel ocupat de Est" in explain.reason_text(err.code, err.params, "ro")


def test_a_list_of_throws_of_values():
    """The glossary's "aruncarea de 7": a list of throws is "aruncările de 10 și de 3" ({pool:of}),
    a choice of throws "de 25 sau de 10"; the English keeps "the throws 10 and 3"."""
    assert i18n.text("series_done", {"seat": 0, "pool": [10, 3]}, "ro").startswith(
        "Sud folosește acum aruncările de 10 și de 3,"
    )
    assert i18n.text("pass_pool", {"seat": 0, "pool": [25, 10, 3]}, "ro") == (
        "Sud trece și renunță la aruncările de 25, de 10 și de 3."
    )
    assert i18n.text("pass_pool", {"seat": 0, "pool": [25, 10]}, "en") == (
        "South passes and gives up the throws 25 and 10."
    )
    assert "aruncările de 25 și de 10 sau" in i18n.text(
        "move_due", {"seat": 0, "pending": [25, 10]}, "ro"
    )


def test_no_mouth_and_one_mouth_up_in_words():
    """0 mouths up is "nicio gură în sus", 1 "o gură în sus", as the lessons say them."""
    assert (
        i18n.text("throw", {"seat": 0, "value": 25, "up": 0}, "ro")
        == "Sud aruncă 25 (nicio gură în sus)."
    )
    assert (
        i18n.text("throw", {"seat": 0, "value": 10, "up": 1}, "ro")
        == "Sud aruncă 10 (o gură în sus)."
    )
    assert (
        i18n.text("throw", {"seat": 0, "value": 2, "up": 2}, "ro")
        == "Sud aruncă 2 (2 guri în sus)."
    )
    assert (
        i18n.text("throw", {"seat": 0, "value": 25, "up": 0}, "en")
        == "South throws 25 (0 mouths up)."
    )


def _split_game():
    g = pw.Game.from_position(
        [[30, 40, 50, 60], None, WAIT, None], rules=pw.Rules(split_throw=True)
    )
    g.throw(up=UP[10])
    return g


def test_a_split_throw_says_part_and_rest():
    """A split throw's moves say what they spend: "with part of the 10", then "with the rest of
    the 10" for the move that spends all that is left (never "with the 10" for a 1-square step)."""
    from pachisi_widget import view
    from pachisi_widget.words.narrate import narrate_move

    g = _split_game()
    labels = [m["label"] for m in view.board_view(g, [], revision=1, lang="ro")["legal_moves"]]
    assert (
        "Sud: mută piesa de pe pătratul 30 pe pătratul 31 cu o parte din aruncarea de 10" in labels
    )
    assert "Sud: mută piesa de pe pătratul 30 pe pătratul 40 cu aruncarea de 10" in labels
    first = next(m for m in g.legal_moves() if (m.start, m.end) == (30, 33))
    before = g.state
    g.play(first)
    assert narrate_move(before, first, g.state)[0] == (
        "South moves a piece from step 30 to step 33 with part of the 10."
    )
    labels = [m["label"] for m in view.board_view(g, [], revision=2, lang="en")["legal_moves"]]
    assert "South: move the piece from step 40 to step 47 with the rest of the 10" in labels
    assert "South: move the piece from step 40 to step 41 with part of the 10" in labels
    rest = next(m for m in g.legal_moves() if (m.start, m.end) == (40, 47))
    before = g.state
    g.play(rest)
    assert narrate_move(before, rest, g.state, "ro")[0] == (
        "Sud mută o piesă de pe pătratul 40 pe pătratul 47 cu restul aruncării de 10."
    )


def test_passing_the_last_throw_of_a_series_names_it():
    """In a throw-then-move series, passing gives up the throws left, even a single one."""
    from pachisi_widget.words.narrate import narrate_move

    g = pw.Game.from_position(
        [[30, 40, 50, 60], None, WAIT, None], rules=pw.Rules.preset("cowrie_skill")
    )
    g.throw(up=UP[3])
    before = g.state
    move = g.pass_()
    assert narrate_move(before, move, g.state, "ro")[0] == "Sud trece și renunță la aruncarea de 3."
    g = pw.Game.from_position([[30, 40, 50, 60], None, WAIT, None])
    g.throw(up=UP[3])
    before = g.state
    move = g.pass_()
    assert narrate_move(before, move, g.state, "ro")[0] == "Sud trece."
