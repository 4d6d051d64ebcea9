"""Errors: the class tree, refusals that leave the game unchanged and say why, and bad arguments."""

from __future__ import annotations

import pytest

import pachisi_widget as pw
from pachisi_widget import Move

S, E, N, W = 0, 1, 2, 3
UP = {25: 0, 10: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6}
WAIT = [0, 0, 0, 0]


def two(south, north=WAIT, rules=None, to_move=S, seed=5, captured=()):
    return pw.Game.from_position(
        [south, None, north, None], to_move=to_move, rules=rules, seed=seed, captured=captured
    )


def refuse(g, move, code, cls=pw.IllegalMoveError):
    """Play ``move``; it must be refused with ``code`` and leave everything as it was."""
    state, history = g.state, g.history
    with pytest.raises(cls) as exc:
        g.play(move)
    err = exc.value
    assert isinstance(err, pw.IllegalMoveError) and isinstance(err, ValueError)
    assert err.code == code, (err.code, str(err))
    assert g.state is state and g.history == history
    assert str(err)
    return str(err)


# -- the class tree -------------------------------------------------------------------------------


def test_error_classes():
    assert issubclass(pw.IllegalMoveError, pw.PachisiError) and issubclass(
        pw.IllegalMoveError, ValueError
    )
    assert issubclass(pw.NotYourTurnError, pw.IllegalMoveError)
    assert issubclass(pw.WrongPhaseError, pw.IllegalMoveError)
    assert issubclass(pw.InvalidNotationError, pw.PachisiError) and issubclass(
        pw.InvalidNotationError, ValueError
    )
    assert issubclass(pw.RecordError, pw.InvalidNotationError)
    assert issubclass(pw.GameOverError, pw.PachisiError)
    err = pw.IllegalMoveError("m", "castle_held", {"holder": 1})
    assert (err.code, err.params, str(err)) == ("castle_held", {"holder": 1}, "m")
    assert pw.IllegalMoveError("m").code == "illegal" and pw.IllegalMoveError("m").params == {}


# -- refusals ------------------------------------------------------------------------------------


def test_castle_held_by_east():
    g = pw.Game.from_position([[10, 0, 0, 84], [63, 0, 0, 84], WAIT, WAIT], seed=1)
    g.throw(up=UP[2])
    msg = refuse(g, Move(S, 0, 10, 12, "move", 2), "castle_held")
    assert "Step 12 is a castle held by East" in msg


def test_grace_must_enter():
    g = two([20, 0, 0, 0])
    g.throw(up=UP[25])
    msg = refuse(g, Move(S, 0, 20, 45, "move", 25), "grace_must_enter")
    assert "waiting in the Charkoni" in msg and "25" in msg
    g.play(Move(S, 1, 0, 1, "enter", 25))  # the listed move still works
    assert g.pieces(S) == (20, 1, 0, 0)


def test_enters_on_1():
    g = two([20, 0, 0, 0])
    g.throw(up=UP[25])
    msg = refuse(g, Move(S, 1, 0, 25, "enter", 25), "enters_on_1")
    assert "square 1" in msg


def test_needs_grace_once_the_first_piece_has_left():
    g = two([20, 0, 0, 0])
    g.throw(up=UP[3])
    msg = refuse(g, Move(S, 1, 0, 3, "enter", 3), "needs_grace")
    assert "grace" in msg and "6, 10 and 25" in msg


def test_overshoot():
    g = two([82, 84, 84, 84])
    g.throw(up=UP[3])
    msg = refuse(g, Move(S, 0, 82, 85, "move", 3), "overshoot")
    assert "exact count" in msg and "82" in msg and "2 steps from home" in msg


def test_wrong_distance_and_pyada_distance():
    g = two([20, 0, 0, 0])
    g.throw(up=UP[3])
    assert "exactly 3 steps" in refuse(g, Move(S, 0, 20, 22, "move", 3), "wrong_distance")
    g = two([20, 30, 40, 50], rules=pw.Rules(pyada=True))
    g.throw(up=UP[10])
    assert "exactly 11 steps" in refuse(g, Move(S, 0, 20, 30, "move", 10), "wrong_distance")


def test_no_such_throw_no_piece_there_already_home_forward_only_bad_kind():
    g = two([84, 20, 0, 0])
    g.throw(up=UP[3])
    assert "no throw of 4" in refuse(g, Move(S, 1, 20, 24, "move", 4), "no_such_throw")
    assert "no piece on step 21" in refuse(g, Move(S, 1, 21, 24, "move", 3), "no_piece_there")
    refuse(g, Move(S, 0, 84, 87, "move", 3), "already_home")
    refuse(g, Move(S, 1, 20, 17, "move", 3), "forward_only")
    refuse(g, Move(S, 1, 20, 23, "jump", 3), "bad_kind")


def test_must_capture():
    g = two([74, 20, 84, 84], rules=pw.Rules(must_capture_before_home=True))
    g.throw(up=UP[4])
    assert "capture" in refuse(g, Move(S, 0, 74, 78, "move", 4), "must_capture")


def test_not_your_turn():
    g = two([20, 0, 0, 0], [30, 0, 0, 0])
    g.throw(up=UP[3])
    msg = refuse(g, Move(N, 0, 30, 33, "move", 3), "not_your_turn", pw.NotYourTurnError)
    assert "South" in msg and "North" in msg
    refuse(g, Move.pass_for(N), "not_your_turn", pw.NotYourTurnError)


def test_wrong_phase_both_ways():
    g = two([20, 0, 0, 0])
    msg = refuse(g, Move(S, 0, 20, 23, "move", 3), "throw_first", pw.WrongPhaseError)
    assert "throw" in msg
    refuse(g, Move.pass_for(S), "throw_first", pw.WrongPhaseError)
    g.throw(up=UP[3])
    state = g.state
    with pytest.raises(pw.WrongPhaseError) as exc:
        g.throw()
    assert exc.value.code == "move_due" and g.state is state
    with pytest.raises(pw.WrongPhaseError):
        g.throw(up=2)
    assert g.state is state and len(g.history) == 1


def test_not_a_move():
    g = two([20, 0, 0, 0])
    g.throw(up=UP[3])
    for junk in ("20-23", (0, 0, 20, 23, "move", 3), None):
        refuse(g, junk, "not_a_move")


def test_split_refusals():
    g = two([10, 20, 0, 84], rules=pw.Rules(split_throw=True, grace_moves_before_all_entered=True))
    g.throw(up=UP[4])
    g.play(Move(S, 0, 10, 12, "move", 4))
    assert g.pending == (4,) and g.phase == "move"
    refuse(g, Move(S, 0, 12, 14, "move", 4), "piece_used")
    refuse(g, Move(S, 1, 20, 22, "move", 3), "continue_split")


def test_refusal_keeps_the_random_generator():
    a = two([20, 0, 0, 0], seed=12)
    b = two([20, 0, 0, 0], seed=12)
    a.throw(up=UP[3])
    b.throw(up=UP[3])
    with pytest.raises(pw.IllegalMoveError):
        a.play(Move(S, 0, 20, 30, "move", 3))
    a.play(Move.pass_for(S))
    b.play(Move.pass_for(S))
    for _ in range(12):
        if a.phase == "throw":
            assert a.throw() == b.throw()
        else:
            a.play(Move.pass_for(a.to_move))
            b.play(Move.pass_for(b.to_move))
    assert a.history == b.history


def test_game_over_errors():
    g = two([80, 84, 84, 84], [40, 0, 0, 0])
    g.throw(up=UP[4])
    g.play(Move(S, 0, 80, 84, "move", 4))
    assert g.phase == "over"
    state = g.state
    with pytest.raises(pw.GameOverError):
        g.throw()
    with pytest.raises(pw.GameOverError):
        g.play(Move.pass_for(N))
    with pytest.raises(pw.GameOverError):
        state.apply_throw(0)
    assert g.state is state
    g.undo()  # undo is still allowed
    assert g.phase == "move"


def test_nothing_to_undo():
    g = two([20, 0, 0, 0])
    with pytest.raises(pw.IllegalMoveError) as exc:
        g.undo()
    assert exc.value.code == "nothing_to_undo"


def test_state_apply_refuses_like_game_play():
    g = two([20, 0, 0, 0])
    g.throw(up=UP[3])
    state = g.state
    with pytest.raises(pw.IllegalMoveError) as exc:
        state.apply(Move(S, 0, 20, 22, "move", 3))
    assert exc.value.code == "wrong_distance"
    assert not state.is_legal(Move(S, 0, 20, 22, "move", 3))
    assert state.is_legal(Move(S, 0, 20, 23, "move", 3))


# -- bad arguments ---------------------------------------------------------------------------------


@pytest.mark.parametrize("up", [-1, 7, 2.0, True, "3"])
def test_throw_up_out_of_range(up):
    g = two([20, 0, 0, 0])
    with pytest.raises(ValueError):
        g.throw(up=up)
    assert g.phase == "throw" and g.history == ()


@pytest.mark.parametrize(
    "positions, words",
    [
        ([[0, 0, 0, 85], None, WAIT, None], "0..84"),
        ([[0, 0, 0, -1], None, WAIT, None], "0..84"),
        ([[0, 0, 0], None, WAIT, None], "4 pieces"),
        ([[0, 0, 0, 0, 0], None, WAIT, None], "4 pieces"),
        ([WAIT, None, None, None], "2 seats"),
        ([WAIT, WAIT, WAIT], "4 entries"),
        ([[20, 0, 0, 0], None, [54, 0, 0, 0], None], "not a castle"),  # S-20 is N-54
        ([[0, 0, 0, 1.5], None, WAIT, None], "0..84"),
    ],
)
def test_impossible_positions_refused(positions, words):
    with pytest.raises(ValueError, match=words):
        pw.Game.from_position(positions, seed=1)


def test_opponents_on_a_castle_and_partners_anywhere_accepted():
    g = pw.Game.from_position([[12, 0, 0, 0], None, [46, 0, 0, 0], None], seed=1)  # S-12 = N-46
    assert g.pieces(N) == (46, 0, 0, 0)
    g = pw.Game.from_position(
        [[20, 0, 0, 0], WAIT, [54, 0, 0, 0], WAIT], seed=1, rules=pw.Rules(teams=True)
    )
    assert g.pieces(N) == (54, 0, 0, 0)


@pytest.mark.parametrize(
    "kw, exc",
    [
        ({"to_move": 1}, ValueError),  # not in play
        ({"to_move": 4}, ValueError),
        ({"captured": (3,)}, ValueError),
        ({"rules": 5}, TypeError),
        ({"rules": "nonesuch"}, ValueError),
        ({"seed": "x"}, TypeError),
    ],
)
def test_from_position_bad_arguments(kw, exc):
    with pytest.raises(exc):
        pw.Game.from_position([WAIT, None, WAIT, None], **kw)


def test_game_bad_arguments():
    with pytest.raises(TypeError):
        pw.Game(players=2, rules=object(), seed=1)
    with pytest.raises(TypeError):
        pw.Game(players=2, seed=1.5)
    with pytest.raises(ValueError):
        pw.Game(players=2, rules="unknown", seed=1)


def test_an_error_from_a_code_keeps_code_and_params_and_writes_its_english_when_shown():
    import pickle

    from pachisi_widget.errors import IllegalMoveError, RecordError
    from pachisi_widget.i18n import error_text

    err = RecordError.from_code("record_version_unknown", {"version": 0})
    assert (err.code, err.params) == ("record_version_unknown", {"version": 0})
    assert str(err) == "unknown record version 0"
    assert repr(err) == "RecordError('unknown record version 0')"
    again = pickle.loads(pickle.dumps(err))  # across processes (the simulation's workers)
    assert type(again) is RecordError and str(again) == str(err) and again.params == err.params
    move = IllegalMoveError.from_code("castle_held", {"end": 12, "holder": 2})
    assert str(move) == "Step 12 is a castle held by North: no opponent may stop there."
    assert error_text(move, "ro").startswith("Pătratul 12 este un castel")
    plain = IllegalMoveError("not legal", "castle_held", {"end": 12, "holder": 2})
    assert str(plain) == "not legal" and str(pickle.loads(pickle.dumps(plain))) == "not legal"
