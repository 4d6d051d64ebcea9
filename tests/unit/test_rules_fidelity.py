"""Rules fidelity: each place where the engine, its narration or a record once taught the wrong game.

Every case is set up with ``Game.from_position`` and forced throws, and checked against RULES.md
(sections 3.2, 3.3, 3.4, 3.8 and 5). Narration is checked through the catalogues' own sentences,
in both languages, so that a sentence is asserted by its meaning, not by its wording.
"""

from __future__ import annotations

import copy

import pytest

import pachisi_widget as pw
from pachisi_widget import explain, i18n
from pachisi_widget.agents import RandomAgent
from pachisi_widget.tables import IDLE_THROWS_MAX

S, E, N, W = 0, 1, 2, 3
LANGS = ("en", "ro")


CLASSIC = pw.Rules()


def two(south, north, rules=CLASSIC, to_move=S, captured=()):
    return pw.Game.from_position(
        [south, None, north, None], to_move=to_move, rules=rules, seed=1, captured=captured
    )


def codes(state) -> list:
    return [code for code, _ in state.events]


def said_move(g, start, end, lang="en", value=None):
    """Play the move start -> end and return its narration in ``lang``."""
    before = g.state
    m = g.play(g.legal_move(start, end, value))
    return " ".join(explain.narrate_move(before, m, g.state, lang))


def said_throw(g, lang="en", **kw):
    before = g.state
    t = g.throw(**kw)
    return " ".join(explain.narrate_throw(before, t, g.state, lang))


def sentence(code, lang, **params):
    return i18n.text(code, params, lang)


# -- 1. the 25-castle promise (rules text §4, §11; RULES.md 3.3) --------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_25_castle_states_its_condition_while_a_piece_waits(lang):
    g = two([55, 0, 0, 0], [3, 0, 0, 0])
    g.throw(value=4)
    text = said_move(g, 55, 59, lang)
    assert codes(g.state) == ["castle", "twenty_five_waiting"]
    assert sentence("twenty_five_waiting", lang, seat=S) in text
    assert sentence("twenty_five", lang, seat=S) not in text
    # and the engine agrees: North passes, then South's 25 can only enter
    g.throw(value=2)
    g.pass_()
    g.throw(value=25)
    assert {(m.kind, m.start, m.end) for m in g.legal_moves()} == {
        ("enter", 0, 1),
        ("pass", None, None),
    }


@pytest.mark.parametrize("lang", LANGS)
def test_the_25_castle_promises_home_once_all_have_entered(lang):
    g = two([55, 20, 30, 40], [3, 0, 0, 0])
    g.throw(value=4)
    text = said_move(g, 55, 59, lang)
    assert codes(g.state) == ["castle", "twenty_five"]
    assert sentence("twenty_five", lang, seat=S) in text
    g.throw(value=2)
    g.pass_()
    g.throw(value=25)
    assert g.legal_move(59).end == 84


@pytest.mark.parametrize("lang", LANGS)
def test_the_25_castle_never_promises_under_pyada(lang):
    for south in ([55, 0, 0, 0], [55, 20, 30, 40]):
        g = two(south, [3, 0, 0, 0], rules=pw.Rules(pyada=True))
        g.throw(value=4)
        text = said_move(g, 55, 59, lang)
        assert codes(g.state) == ["castle", "twenty_five_pyada"]
        assert sentence("twenty_five", lang, seat=S) not in text


def test_the_25_castle_with_must_capture_before_home():
    g = two([55, 20, 30, 40], [3, 0, 0, 0], rules=pw.Rules(must_capture_before_home=True))
    g.throw(value=4)
    g.play(g.legal_move(55, 59))
    assert codes(g.state) == ["castle", "twenty_five_must_capture"]


# -- 2. the last-square release (§10; RULES.md 3.8) ------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_release_is_never_called_an_exact_count(lang):
    g = two([83, 60, 84, 84], [3, 0, 0, 0])
    g.throw(value=10)
    text = said_move(g, 83, 84, lang)
    assert codes(g.state) == ["release"]
    assert sentence("release", lang, seat=S, value=10) in text
    assert sentence("home", lang, seat=S) not in text
    assert "Exact count" not in text and "Aruncare exactă" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_an_exact_count_is_called_so(lang):
    g = two([80, 60, 84, 84], [3, 0, 0, 0])
    g.throw(value=4)
    text = said_move(g, 80, 84, lang)
    assert codes(g.state) == ["home"]
    assert sentence("home", lang, seat=S) in text


def test_a_release_under_pyada_is_still_a_release():
    g = two([83, 60, 84, 84], [3, 0, 0, 0], rules=pw.Rules(pyada=True))
    g.throw(value=25)
    g.play(g.legal_move(83, 84))
    assert codes(g.state) == ["release"]


def test_the_seeds_literal_rule_freezes_step_83():
    g = two([83, 60, 84, 84], [3, 0, 0, 0], rules=pw.Rules(last_square_release=frozenset()))
    g.throw(value=10)
    assert all(m.start != 83 for m in g.legal_moves())


# -- 3. bonus graces never enter (§3; RULES.md 3.4) -------------------------------------------------


@pytest.mark.parametrize("preset", ["seven_cowries", "cowrie_skill"])
@pytest.mark.parametrize("value", [7, 14])
def test_a_fresh_seats_bonus_grace_is_lost(preset, value):
    g = two([0, 0, 0, 0], [0, 0, 0, 0], rules=preset)
    text = said_throw(g, value=value)
    assert [m.kind for m in g.legal_moves()] == ["pass"]
    assert sentence("bonus_never_enters", "en", seat=S, value=value) in text
    with pytest.raises(pw.IllegalMoveError) as err:
        g.play(pw.Move(S, None, 0, value, "enter", value))
    assert err.value.code == "bonus_never_enters"
    g.pass_()
    assert g.to_move == N  # no piece on the board: the bonus gives no further throw


def test_bonus_grace_with_a_piece_on_the_board_moves_and_throws_again():
    g = two([20, 0, 0, 0], [0, 0, 0, 0], rules="seven_cowries")
    t = g.throw(value=7)
    assert t.grace and not t.enters
    assert {(m.kind, m.start, m.end) for m in g.legal_moves()} == {
        ("move", 20, 27),
        ("pass", None, None),
    }


# -- 4. the revenge rule does not depend on piece indices (§9; RULES.md 5) -----------------------

REVENGE = pw.Rules(revenge_rule=True, must_capture_before_home=True)


@pytest.mark.parametrize("south", [[44, 48, 84, 84], [48, 44, 84, 84]], ids=["44-48", "48-44"])
def test_revenge_voids_the_capture_whichever_piece_stays(south):
    g = two(south, [20, 16, 0, 0], rules=REVENGE)
    g.throw(value=10)
    assert g.play(g.legal_move(44, 54)).captures  # South's 54 is North's 20
    assert g.state.captures[S] == 1
    g.throw(value=6)
    g.play(g.legal_move(48, 54))  # two South pieces on 54
    g.throw(value=2)
    g.play(g.legal_move(54, 56))  # one leaves; one stays: no break
    assert g.to_move == N
    g.throw(value=4)
    before = g.state
    m = g.play(g.legal_move(16, 20))  # North recaptures on the square of the capture
    assert m.captures
    assert g.state.captures[S] == 0, "South's capture must be void"
    assert g.state.captures[N] == 1
    assert "revenge" in codes(g.state)
    text = " ".join(explain.narrate_move(before, m, g.state, "en"))
    assert sentence("revenge", "en", seat=N, capturer=S) in text


@pytest.mark.parametrize("south", [[44, 60, 84, 84], [60, 44, 84, 84]], ids=["44-60", "60-44"])
def test_revenge_needs_a_piece_on_the_square_without_a_break(south):
    g = two(south, [20, 15, 0, 0], rules=REVENGE)
    g.throw(value=10)
    g.play(g.legal_move(44, 54))  # captures North's 20
    g.throw(value=2)
    g.play(g.legal_move(54, 56))  # the capturer leaves 54: a break
    assert g.to_move == N
    g.throw(value=5)  # North 15 -> 20: South's 54 is empty now
    g.play(g.legal_move(15, 20))
    assert g.state.captures[S] == 1  # nothing to take revenge on: South's capture stands


def test_revenge_only_in_the_victims_very_next_turn():
    g = pw.Game.from_position(
        [[44, 84, 84, 84], [0, 0, 0, 0], [20, 16, 0, 0], None], to_move=S, rules=REVENGE, seed=1
    )
    g.throw(value=10)
    g.play(g.legal_move(44, 54))  # captures North's piece; South throws again
    g.throw(value=2)
    g.pass_()
    assert g.to_move == E
    g.throw(value=2)
    g.pass_()
    assert g.to_move == N
    g.throw(value=2)
    g.pass_()  # North's very next turn passes without revenge
    g.throw(value=2)
    g.pass_()
    g.throw(value=2)
    g.pass_()
    assert g.to_move == N
    g.throw(value=4)
    g.play(g.legal_move(16, 20))  # a later recapture counts, but voids nothing
    assert g.state.captures[S] == 1


# -- 5. a lost grace still gives the next throw, and is narrated so (§6; RULES.md 3.2) -----------


@pytest.mark.parametrize("lang", LANGS)
def test_a_lost_grace_is_not_narrated_as_used(lang):
    g = two([83, 84, 84, 84], [3, 0, 0, 0], rules=pw.Rules(last_square_release=frozenset()))
    text = said_throw(g, lang, value=6)
    assert [m.kind for m in g.legal_moves()] == ["pass"]
    assert sentence("grace_lost", lang, seat=S, value=6) in text
    assert sentence("grace_move", lang, seat=S, value=6) not in text
    assert sentence("lost", lang, seat=S, value=6) not in text
    g.pass_()
    assert g.phase == "throw" and g.to_move == S  # the lost grace still gives the next throw


@pytest.mark.parametrize("lang", LANGS)
def test_a_grace_in_a_series_throws_again_at_once(lang):
    g = two([20, 0, 0, 0], [3, 0, 0, 0], rules="mitra")
    text = said_throw(g, lang, value=10)
    assert g.phase == "throw" and g.to_move == S
    assert sentence("grace_series", lang, seat=S, value=10) in text


# -- 6. words: three 7s are not three high throws (§13-17) -----------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_three_sevens_are_cancelled_as_sevens(lang):
    g = two([20, 0, 0, 0], [3, 0, 0, 0], rules="cowrie_skill")
    g.throw(value=7)
    g.throw(value=7)
    text = said_throw(g, lang, value=7)
    assert codes(g.state) == ["cancelled_same"]
    assert sentence("cancelled_same", lang, value=7, values=[7, 7, 7]) in text
    assert sentence("cancelled_high", lang, values=[7, 7, 7]) not in text


def test_three_high_throws_are_cancelled_as_high():
    g = two([20, 30, 40, 50], [3, 0, 0, 0], rules="cowrie_skill")
    for v in (10, 25):
        g.throw(value=v)
    g.throw(value=30)
    assert codes(g.state) == ["cancelled_high"]


# -- 7. records refuse what they lack (RULES.md 5, "Records") ---------------------------------------


def test_a_record_missing_a_rule_option_is_refused():
    g = pw.Game(players=2, rules=pw.Rules(revenge_rule=True), seed=4)
    g.throw()
    d = g.to_dict()
    for option in pw.Rules.option_names():
        broken = copy.deepcopy(d)
        del broken["rules"][option]
        with pytest.raises(pw.RecordError, match=option):
            pw.Game.from_dict(broken)


@pytest.mark.parametrize(
    "option, value",
    [
        ("pyada", "yes"),
        ("pyada", 1),
        ("entry_graces", 10),
        ("entry_graces", {"10": 1}),
        ("p_mouth_up", [0.5]),
        ("p_mouth_up", True),
        ("turn_mode", 3),
        ("throw_table", None),
    ],
)
def test_a_record_with_a_wrongly_typed_option_is_refused(option, value):
    d = pw.Game(players=2, seed=4).to_dict()
    d["rules"][option] = value
    with pytest.raises(pw.RecordError, match=option):
        pw.Game.from_dict(d)


# -- 8. the computer players' randomness belongs to the game ------------------------------------


def test_random_computer_players_replay_after_undo_and_load():
    g = pw.Game(players=4, seed=12)
    for _ in range(6):
        g.play_turn(RandomAgent())
    saved = g.to_dict()
    mark = len(g.history)
    for _ in range(6):
        g.play_turn(RandomAgent())
    later = g.history
    while len(g.history) > mark:
        g.undo()
    for _ in range(6):
        g.play_turn(RandomAgent())
    assert g.history == later  # undo brings the same choices back
    h = pw.Game.from_dict(saved)
    for _ in range(6):
        h.play_turn(RandomAgent())
    assert h.history == later  # so does loading the record


# -- limits of the engine: the opening and a game that cannot end ---------------------------------


@pytest.mark.parametrize("p", [1e-20, 0.9999999999999999])
def test_a_biased_opening_ends(p):
    with pytest.raises(ValueError, match="p_mouth_up"):
        pw.Game(players=2, rules=pw.Rules(p_mouth_up=p), seed=1)


def test_a_game_of_passes_ends_dead():
    g = pw.Game(players=2, seed=5)
    n = 0
    while g.phase != "over":
        g.throw()
        if g.phase == "move":
            g.pass_()
        n += 1
    assert g.winner is None and g.state.is_dead
    assert n == IDLE_THROWS_MAX


def test_the_opening_stops_after_its_last_tied_round():
    from pachisi_widget.engine import opening
    from pachisi_widget.tables import OPENING_ROUNDS_MAX

    class Same:  # every throw ties
        def random(self):
            return 0.5

    rounds: list = []
    assert opening(pw.Rules(), (1, 2, 3), Same(), rounds=rounds) == 1
    assert len(rounds) == OPENING_ROUNDS_MAX


def test_every_sentence_these_cases_use_is_in_both_catalogues():
    used = {
        "twenty_five",
        "twenty_five_waiting",
        "twenty_five_pyada",
        "twenty_five_must_capture",
        "release",
        "home",
        "bonus_never_enters",
        "revenge",
        "grace_lost",
        "grace_move",
        "grace_series",
        "grace_enter",
        "bonus_grace",
        "lost",
        "cancelled_same",
        "cancelled_high",
    }
    for lang in LANGS:
        assert used <= set(i18n.CATALOGUES[lang]), used - set(i18n.CATALOGUES[lang])
