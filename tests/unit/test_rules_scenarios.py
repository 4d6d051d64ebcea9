"""Named rule scenarios: one or more per rule of RULES.md sections 3 and 5 and per option of 4.

Every position comes from ``Game.from_position``; every throw is forced with ``game.throw(up=k)``.
Legal moves are compared as exact sets of ``(seat, kind, start, end, value)``. Expected values come
from RULES.md (and the rules text it cites), never from the engine.

bell6 (classic): up 0 -> 25, 1 -> 10, 2 -> 2, 3 -> 3, 4 -> 4, 5 -> 5, 6 -> 6.
murray7 (cowrie_skill): up 0 -> 7, 1 -> 10, 2 -> 2, 3 -> 3, 4 -> 4, 5 -> 25, 6 -> 30, 7 -> 14.
wiki7 (seven_cowries): up 0 -> 7, 1 -> 10, ..., 5 -> 25, 6 -> 35, 7 -> 14.
mitra6 (mitra): up 0 -> 6, 1 -> 10, 2 -> 2, 3 -> 3, 4 -> 4, 5 -> 25, 6 -> 12.
"""

from __future__ import annotations

import pytest

import pachisi_widget as pw
from pachisi_widget import Move

S, E, N, W = 0, 1, 2, 3
UP_BELL = {25: 0, 10: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6}
UP_MURRAY = {7: 0, 10: 1, 2: 2, 3: 3, 4: 4, 25: 5, 30: 6, 14: 7}
CLASSIC = pw.Rules()
SKILL = pw.Rules.preset("cowrie_skill")
SEVEN = pw.Rules.preset("seven_cowries")
MITRA = pw.Rules.preset("mitra")
TTM = pw.Rules(turn_mode="throw_then_move")
WAIT = [0, 0, 0, 0]


# -- helpers ----------------------------------------------------------------------------------


def game(positions, to_move=S, rules=CLASSIC, captured=(), seed=1):
    return pw.Game.from_position(
        positions, to_move=to_move, rules=rules, seed=seed, captured=captured
    )


def two(south, north=WAIT, **kw):
    """A South-North game."""
    return game([south, None, north, None], **kw)


def four(south, east=WAIT, north=WAIT, west=WAIT, **kw):
    return game([south, east, north, west], **kw)


def keys(g):
    return {(m.seat, m.kind, m.start, m.end, m.value) for m in g.legal_moves()}


def PASS(seat):
    return (seat, "pass", None, None, None)


def mv(seat, start, end, value):
    return (seat, "move", start, end, value)


def en(seat, end, value):
    return (seat, "enter", 0, end, value)


def throw(g, value, table=UP_BELL):
    t = g.throw(up=table[value])
    assert t.value == value
    return t


def play(g, start, end, value=None):
    """Play the listed move from ``start`` to ``end`` (spending ``value`` if given)."""
    for m in g.legal_moves():
        if m.start == start and m.end == end and (value is None or m.value == value):
            return g.play(m)
    raise AssertionError(f"no legal move {start}->{end} ({value}) among {keys(g)}")


def pass_(g):
    return g.play(Move.pass_for(g.to_move))


def conv(seat, step, other):
    """``seat``'s perimeter step as ``other``'s step (RULES.md 1.1 formula, both 8..75)."""
    return (step - 8 + 17 * seat - 17 * other) % 68 + 8


def test_conv_helper_matches_rules_examples():
    assert conv(S, 25, E) == 8  # South's step 25 is East's own tip
    assert conv(S, 8, E) == 59  # South's tip is East's 25-castle
    assert conv(S, 20, N) == 54 and conv(S, 12, E) == 63


# -- 3.1 order and seats -------------------------------------------------------------------


@pytest.mark.parametrize("players, seats", [(2, (0, 2)), (3, (0, 1, 2)), (4, (0, 1, 2, 3))])
def test_seats_by_number_of_players(players, seats):
    g = pw.Game(players=players, seed=3)
    assert g.seats == seats and g.players == players
    assert g.to_move in seats and g.phase == "throw"
    for s in seats:
        assert g.pieces(s) == (0, 0, 0, 0)
    for s in set(range(4)) - set(seats):
        with pytest.raises(ValueError):
            g.pieces(s)


@pytest.mark.parametrize("players", [0, 1, 5, True, "4"])
def test_players_must_be_2_to_4(players):
    with pytest.raises(ValueError, match="players"):
        pw.Game(players=players, seed=1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_opening_throws_seeded_recorded_ties_rethrown(players):
    table = CLASSIC.table
    tie_seen = False
    for seed in range(40):
        g = pw.Game(players=players, seed=seed)
        again = pw.Game(players=players, seed=seed)
        assert [{s: t.value for s, t in r.items()} for r in g.opening] == [
            {s: t.value for s, t in r.items()} for r in again.opening
        ]
        assert g.to_move == again.to_move
        rounds = g.opening
        assert set(rounds[0]) == set(g.seats)  # everyone throws once
        for r in rounds:
            assert all(t.value == table[t.up] for t in r.values())
        for prev, nxt in zip(rounds, rounds[1:], strict=False):
            best = max(t.value for t in prev.values())
            tied = {s for s, t in prev.items() if t.value == best}
            assert len(tied) > 1 and set(nxt) == tied  # only the tied throw again
            tie_seen = True
        last = rounds[-1]
        best = max(t.value for t in last.values())
        assert [s for s, t in last.items() if t.value == best] == [g.to_move]
        rec = g.to_dict()["opening"]
        assert rec == [[[s, t.up] for s, t in r.items()] for r in rounds]
    assert tie_seen


def test_opening_cannot_be_undone():
    g = pw.Game(players=4, seed=0)
    opening = [dict(r) for r in g.opening]
    assert not g.can_undo
    with pytest.raises(pw.IllegalMoveError):
        g.undo()
    g.throw()
    g.undo()
    assert not g.can_undo and g.opening == opening and g.history == ()


@pytest.mark.parametrize(
    "positions, order",
    [
        ([[0, 0, 0, 84]] * 4, [0, 1, 2, 3, 0]),
        ([[0, 0, 0, 84]] * 3 + [None], [0, 1, 2, 0]),
        ([[0, 0, 0, 84], None, [0, 0, 0, 84], None], [0, 2, 0]),
    ],
)
def test_turns_go_counter_clockwise(positions, order):
    g = game(positions)
    seen = [g.to_move]
    for _ in order[1:]:
        throw(g, 2)
        assert keys(g) == {PASS(g.to_move)}
        pass_(g)
        seen.append(g.to_move)
    assert seen == order


# -- 3.2 graces ---------------------------------------------------------------------------


def test_grace_enters_then_throws_again():
    g = two([20, 0, 0, 0])
    t = throw(g, 25)
    assert (t.up, t.value, t.grace, t.enters) == (0, 25, True, True)
    assert keys(g) == {en(S, 1, 25), PASS(S)}
    m = play(g, 0, 1)
    assert m.kind == "enter" and m.piece == 1
    assert g.pieces(S) == (20, 1, 0, 0)
    assert (g.phase, g.to_move) == ("throw", S)


@pytest.mark.parametrize("value", [25, 10, 6])
def test_grace_passed_still_throws_again(value):
    g = two([20, 0, 0, 0])
    t = throw(g, value)
    assert t.grace and t.enters
    pass_(g)
    assert (g.phase, g.to_move) == ("throw", S)
    assert g.pieces(S) == (20, 0, 0, 0)


@pytest.mark.parametrize("value", [2, 3, 4, 5])
def test_non_grace_ends_the_turn(value):
    g = two([20, 0, 0, 0])
    t = throw(g, value)
    assert not t.grace and not t.enters
    assert keys(g) == {mv(S, 20, 20 + value, value), PASS(S)}
    play(g, 20, 20 + value)
    assert (g.phase, g.to_move) == ("throw", N)


# -- 3.3 entering -------------------------------------------------------------------------


@pytest.mark.parametrize("value", [25, 10, 6])
def test_entering_grace_lands_on_step_1_and_cannot_move_while_pieces_wait(value):
    g = two([30, 0, 0, 0])
    throw(g, value)
    assert keys(g) == {en(S, 1, value), PASS(S)}  # no 30 -> 30 + value: the grace must enter
    play(g, 0, 1)
    assert g.pieces(S) == (30, 1, 0, 0)  # never step 25 or 10


def test_throw_after_entering_may_move_any_piece():
    g = two([30, 0, 0, 0])
    throw(g, 10)
    play(g, 0, 1)
    throw(g, 3)
    assert keys(g) == {mv(S, 1, 4, 3), mv(S, 30, 33, 3), PASS(S)}


@pytest.mark.parametrize(
    "value, moves",
    [
        (25, {mv(S, 5, 30, 25), mv(S, 10, 35, 25), mv(S, 20, 45, 25)}),
        (10, {mv(S, 5, 15, 10), mv(S, 10, 20, 10), mv(S, 20, 30, 10)}),
        (6, {mv(S, 5, 11, 6), mv(S, 10, 16, 6), mv(S, 20, 26, 6)}),
    ],
)
def test_graces_move_once_all_entered(value, moves):
    g = two([5, 10, 20, 84])  # a home piece counts as entered
    throw(g, value)
    assert keys(g) == moves | {PASS(S)}
    play(g, 10, 10 + value)
    assert (g.phase, g.to_move) == ("throw", S)  # still a grace


def test_captured_piece_waiting_again_undoes_all_entered():
    n_from = conv(S, 18, N)  # N piece two steps behind S's piece at 20
    g = two([20, 30, 40, 50], [n_from, 0, 0, 84], to_move=N)
    throw(g, 2)
    m = play(g, n_from, n_from + 2)
    assert m.captures == ((S, 0),)
    assert g.pieces(S) == (0, 30, 40, 50)
    throw(g, 2)
    pass_(g)
    assert g.to_move == S
    throw(g, 25)
    assert keys(g) == {en(S, 1, 25), PASS(S)}


def test_grace_moves_before_all_entered_option():
    g = two([5, 0, 0, 0], rules=CLASSIC.replace(grace_moves_before_all_entered=True))
    throw(g, 25)
    assert keys(g) == {en(S, 1, 25), mv(S, 5, 30, 25), PASS(S)}
    play(g, 5, 30)
    assert g.pieces(S) == (30, 0, 0, 0) and (g.phase, g.to_move) == ("throw", S)


# -- 3.4 first piece ----------------------------------------------------------------------


@pytest.mark.parametrize("value", [2, 3, 4, 5])
def test_first_piece_leaves_on_any_throw_and_moves_its_value(value):
    g = two(WAIT)
    throw(g, value)
    assert keys(g) == {en(S, value, value), PASS(S)}
    m = play(g, 0, value)
    assert m.kind == "enter" and m.piece == 0
    assert g.pieces(S) == (value, 0, 0, 0)
    assert g.to_move == N  # not a grace


@pytest.mark.parametrize("value", [25, 10, 6])
def test_first_piece_with_a_grace_still_enters_on_1(value):
    g = two(WAIT)
    throw(g, value)
    assert keys(g) == {en(S, 1, value), PASS(S)}


def test_privilege_ends_when_the_first_piece_leaves():
    g = two(WAIT)
    throw(g, 3)
    play(g, 0, 3)
    throw(g, 2)
    pass_(g)  # North
    throw(g, 3)
    assert keys(g) == {mv(S, 3, 6, 3), PASS(S)}  # no second free entry


def test_privilege_ends_also_when_the_first_piece_entered_by_grace():
    g = two(WAIT)
    throw(g, 25)
    play(g, 0, 1)
    throw(g, 3)
    assert keys(g) == {mv(S, 1, 4, 3), PASS(S)}


def test_privilege_not_restored_by_a_capture():
    g = two(WAIT, [42, 0, 0, 84])
    throw(g, 5)
    play(g, 0, 5)  # S's first piece, on 5
    throw(g, 2)
    pass_(g)
    throw(g, 5)
    play(g, 5, 10)  # S on 10 = N's 44
    assert conv(S, 10, N) == 44
    throw(g, 2)
    m = play(g, 42, 44)
    assert m.captures == ((S, 0),)
    assert g.pieces(S) == (0, 0, 0, 0)
    throw(g, 2)
    pass_(g)
    throw(g, 3)
    assert keys(g) == {PASS(S)}  # all waiting again, but no privilege


def test_first_piece_any_throw_false():
    g = two(WAIT, rules=CLASSIC.replace(first_piece_any_throw=False))
    throw(g, 3)
    assert keys(g) == {PASS(S)}
    pass_(g)
    throw(g, 2)
    pass_(g)
    throw(g, 25)
    assert keys(g) == {en(S, 1, 25), PASS(S)}


def test_from_position_privilege_only_for_all_waiting_seats():
    g = two([84, 0, 0, 0], WAIT)
    throw(g, 3)
    assert keys(g) == {PASS(S)}
    pass_(g)
    throw(g, 3)
    assert keys(g) == {en(N, 3, 3), PASS(N)}


# -- 3.5 moving, passing, lost throws ------------------------------------------------------


def test_lost_throw_only_pass():
    g = two([0, 0, 0, 84])
    throw(g, 4)
    assert g.legal_moves() == [Move.pass_for(S)]
    pass_(g)
    assert (g.to_move, g.phase) == (N, "throw")


def test_any_number_of_pieces_on_board_pass_last():
    g = two([5, 6, 7, 9])
    throw(g, 2)
    moves = g.legal_moves()
    assert keys(g) == {mv(S, 5, 7, 2), mv(S, 6, 8, 2), mv(S, 7, 9, 2), mv(S, 9, 11, 2), PASS(S)}
    assert moves[-1].kind == "pass"
    assert [m.start for m in moves[:-1]] == [5, 6, 7, 9]


def test_player_may_always_decline():
    g = two([5, 6, 7, 9])
    throw(g, 3)
    before = g.pieces(S)
    pass_(g)
    assert g.pieces(S) == before and g.to_move == N


# -- 3.6 stacking and castles ---------------------------------------------------------------


def test_own_stack_one_move_lowest_piece():
    g = two([20, 10, 10, 30])
    throw(g, 3)
    moves = {m.key: m for m in g.legal_moves()}
    assert set(moves) == {mv(S, 10, 13, 3), mv(S, 20, 23, 3), mv(S, 30, 33, 3), PASS(S)}
    assert moves[mv(S, 10, 13, 3)].piece == 1
    play(g, 10, 13)
    assert g.pieces(S) == (20, 13, 10, 30)


def test_castle_held_by_opponent_blocks_and_says_so():
    e_castle = conv(S, 12, E)
    assert e_castle == 63
    g = four([10, 0, 0, 84], [e_castle, 0, 0, 84])
    throw(g, 2)
    assert keys(g) == {PASS(S)}
    state = g.state
    with pytest.raises(pw.IllegalMoveError) as exc:
        g.play(Move(S, 0, 10, 12, "move", 2))
    assert "castle held by East" in str(exc.value)
    assert exc.value.code == "castle_held" and exc.value.params["holder"] == E
    assert g.state is state and g.pieces(E) == (63, 0, 0, 84)


def test_piece_on_a_castle_is_safe():
    # S on its step 25 (a castle) = East's own tip (E step 8); East's piece on 5 would land there.
    assert conv(S, 25, E) == 8
    g = four([25, 0, 0, 84], [5, 0, 0, 84], to_move=E)
    throw(g, 3)
    assert keys(g) == {PASS(E)}


def test_castle_blocks_enemy_false_shares_the_castle_without_capture():
    g = four(
        [25, 0, 0, 84], [5, 0, 0, 84], to_move=E, rules=CLASSIC.replace(castle_blocks_enemy=False)
    )
    throw(g, 3)
    assert keys(g) == {mv(E, 5, 8, 3), PASS(E)}
    m = play(g, 5, 8)
    assert m.captures == ()
    assert g.pieces(S) == (25, 0, 0, 84) and g.pieces(E) == (8, 0, 0, 84)
    assert g.to_move == N  # no capture, no extra throw


def test_passing_over_pieces_is_allowed():
    g = two([10, 0, 0, 84], [conv(S, 11, N), conv(S, 13, N), 0, 84])
    throw(g, 4)
    assert keys(g) == {mv(S, 10, 14, 4), PASS(S)}
    g.undo()
    throw(g, 3)
    (m,) = [m for m in g.legal_moves() if not m.is_pass]
    assert (m.start, m.end, m.captures) == (10, 13, ((N, 1),))


def test_teams_partners_share_castle_and_square():
    north = [conv(S, 12, N), conv(S, 13, N), 0, 84]
    g = four([10, 0, 0, 84], [0, 0, 0, 84], north, [0, 0, 0, 84], rules=CLASSIC.replace(teams=True))
    throw(g, 2)
    assert keys(g) == {mv(S, 10, 12, 2), PASS(S)}  # partner's castle does not block
    g.undo()
    throw(g, 3)
    m = play(g, 10, 13)
    assert m.captures == () and g.pieces(N) == tuple(north)
    assert g.to_move == E  # no capture, no extra throw


def test_opponents_on_one_castle_allowed_in_position_but_not_on_plain_square():
    game([[12, 0, 0, 0], [63, 0, 0, 0], WAIT, WAIT])  # S-12 = E-63, a castle
    with pytest.raises(ValueError):
        game([[13, 0, 0, 0], [64, 0, 0, 0], WAIT, WAIT])


# -- 3.7 capture ---------------------------------------------------------------------------


def test_capture_sends_the_whole_stack_home_and_gives_another_throw():
    n20 = conv(S, 20, N)
    g = two([16, 0, 0, 84], [n20, n20, 30, 0])
    throw(g, 4)
    assert keys(g) == {mv(S, 16, 20, 4), PASS(S)}
    m = play(g, 16, 20)
    assert m.captures == ((N, 0), (N, 1))
    assert g.pieces(N) == (0, 0, 30, 0) and g.pieces(S) == (20, 0, 0, 84)
    assert (g.phase, g.to_move) == ("throw", S)
    throw(g, 2)
    pass_(g)
    assert g.to_move == N


def test_captured_pieces_reenter_only_with_a_grace():
    n20 = conv(S, 20, N)
    g = two([16, 0, 0, 84], [n20, 0, 0, 84])
    throw(g, 4)
    play(g, 16, 20)
    throw(g, 2)
    pass_(g)
    throw(g, 3)
    assert keys(g) == {PASS(N)}
    pass_(g)
    throw(g, 2)
    pass_(g)
    throw(g, 10)
    assert keys(g) == {en(N, 1, 10), PASS(N)}


def test_capture_with_a_grace_gives_one_extra_throw_only():
    g = two([10, 30, 40, 50], [conv(S, 20, N), 0, 0, 84])
    throw(g, 10)
    m = play(g, 10, 20)
    assert m.captures == ((N, 0),)
    assert (g.phase, g.to_move) == ("throw", S)
    throw(g, 2)
    pass_(g)
    assert g.to_move == N  # no second bonus throw


def test_capture_extra_throw_false():
    rules = CLASSIC.replace(capture_extra_throw=False)
    g = two([16, 30, 40, 50], [conv(S, 20, N), 0, 0, 84], rules=rules)
    throw(g, 4)
    m = play(g, 16, 20)
    assert m.captures == ((N, 0),)
    assert (g.phase, g.to_move) == ("throw", N)
    # a grace that captures still throws again, for the grace
    g = two([10, 30, 40, 50], [conv(S, 20, N), 0, 0, 84], rules=rules)
    throw(g, 10)
    play(g, 10, 20)
    assert (g.phase, g.to_move) == ("throw", S)


def test_teams_capture_a_stack_of_both_opponents():
    east, west = conv(S, 20, E), conv(S, 20, W)
    g = four(
        [16, 0, 0, 84],
        [east, 0, 0, 84],
        [0, 0, 0, 84],
        [west, 0, 0, 84],
        rules=CLASSIC.replace(teams=True),
    )
    throw(g, 4)
    m = play(g, 16, 20)
    assert set(m.captures) == {(E, 0), (W, 0)}
    assert g.pieces(E) == (0, 0, 0, 84) and g.pieces(W) == (0, 0, 0, 84)


# -- 3.8 finishing ---------------------------------------------------------------------------


def test_home_needs_an_exact_count():
    g = two([80, 40, 84, 84])
    throw(g, 4)
    assert keys(g) == {mv(S, 80, 84, 4), mv(S, 40, 44, 4), PASS(S)}
    play(g, 80, 84)
    assert g.pieces(S) == (84, 40, 84, 84)
    g = two([80, 40, 84, 84])
    throw(g, 5)
    assert keys(g) == {mv(S, 40, 45, 5), PASS(S)}  # 80 + 5 overshoots


def test_overshoot_is_a_lost_throw():
    g = two([82, 84, 84, 84])
    throw(g, 3)
    assert keys(g) == {PASS(S)}


@pytest.mark.parametrize(
    "value, moves",
    [
        (2, {mv(S, 50, 52, 2)}),
        (6, {mv(S, 50, 56, 6)}),
        (10, {mv(S, 83, 84, 10), mv(S, 50, 60, 10)}),
        (25, {mv(S, 83, 84, 25), mv(S, 50, 75, 25)}),
    ],
)
def test_last_square_released_by_10_and_25(value, moves):
    g = two([83, 50, 84, 84])
    throw(g, value)
    assert keys(g) == moves | {PASS(S)}


def test_last_square_release_empty_leaves_the_piece_stuck():
    rules = CLASSIC.replace(last_square_release=set())
    for value, moves in [
        (10, {mv(S, 50, 60, 10)}),
        (25, {mv(S, 50, 75, 25)}),
        (2, {mv(S, 50, 52, 2)}),
    ]:
        g = two([83, 50, 84, 84], rules=rules)
        throw(g, value)
        assert keys(g) == moves | {PASS(S)}


def test_release_with_pyada_still_goes_home():
    g = two([83, 50, 84, 84], rules=CLASSIC.replace(pyada=True))
    throw(g, 10)
    assert keys(g) == {mv(S, 83, 84, 10), mv(S, 50, 61, 10), PASS(S)}


# -- 3.9 winning and dead positions ---------------------------------------------------------


def test_first_seat_with_four_home_wins():
    g = two([80, 84, 84, 84], [40, 0, 0, 0])
    throw(g, 4)
    play(g, 80, 84)
    assert (g.phase, g.winner) == ("over", S)
    assert g.legal_moves() == []
    with pytest.raises(pw.GameOverError):
        g.throw()
    with pytest.raises(pw.GameOverError):
        g.play(Move.pass_for(S))


def test_teams_winner_is_the_team_tuple():
    teams = CLASSIC.replace(teams=True)
    g = four([84] * 4, [0, 0, 0, 0], [80, 84, 84, 84], [0, 0, 0, 0], to_move=N, rules=teams)
    throw(g, 4)
    play(g, 80, 84)
    assert (g.phase, g.winner) == ("over", (0, 2))
    g = four(
        [10, 0, 0, 0], [84, 84, 84, 84], [0, 0, 0, 0], [79, 84, 84, 84], to_move=W, rules=teams
    )
    throw(g, 5)
    play(g, 79, 84)
    assert g.winner == (1, 3)


def test_teams_one_seat_home_is_not_a_win_and_it_skips_turns():
    teams = CLASSIC.replace(teams=True)
    g = four([80, 84, 84, 84], [0, 0, 0, 84], [40, 0, 0, 0], [0, 0, 0, 84], rules=teams)
    throw(g, 4)
    play(g, 80, 84)
    assert g.pieces(S) == (84,) * 4
    assert (g.phase, g.winner, g.to_move) == ("throw", None, E)
    order = [g.to_move]
    for _ in range(4):
        throw(g, 2)
        pass_(g)
        order.append(g.to_move)
    assert order == [E, N, W, E, N]  # South skipped


def test_teams_all_home_seat_cannot_be_to_move():
    with pytest.raises(ValueError):
        four(
            [84] * 4, [0] * 4, [40, 0, 0, 0], [0] * 4, to_move=S, rules=CLASSIC.replace(teams=True)
        )


def test_dead_position_at_start():
    g = two([83] * 4, [83] * 4, rules=CLASSIC.replace(last_square_release=set()))
    assert (g.phase, g.winner) == ("over", None)
    assert g.legal_moves() == []


def test_dead_position_after_the_last_possible_move():
    g = two([81, 83, 83, 83], [83] * 4, rules=CLASSIC.replace(last_square_release=set()))
    assert g.phase == "throw"
    throw(g, 2)
    play(g, 81, 83)
    assert (g.phase, g.winner) == ("over", None)


def test_dead_position_with_must_capture_before_home():
    rules = CLASSIC.replace(last_square_release=set(), must_capture_before_home=True)
    g = two([76] * 4, [83] * 4, rules=rules)
    assert (g.phase, g.winner) == ("over", None)
    # North is held back too (it has not captured) although 10 and 25 would release it ...
    g = two([76] * 4, [83] * 4, rules=CLASSIC.replace(must_capture_before_home=True))
    assert (g.phase, g.winner) == ("over", None)
    # ... but not once North counts as having captured
    g = two([76] * 4, [83] * 4, rules=CLASSIC.replace(must_capture_before_home=True), captured=(N,))
    assert g.phase == "throw"


def test_returning_step_is_51():
    assert pw.board.RETURNING_STEP == 51
    assert pw.board.layout()["returning_step"] == 51


# -- 3.11 undo -------------------------------------------------------------------------------


def test_undo_a_throw_and_throw_again_gives_the_same_value():
    g = pw.Game(players=4, seed=11)
    agent = __import__("random").Random(5)
    for _ in range(120):
        if g.phase == "over":
            break
        if g.phase == "throw":
            t = g.throw()
            g.undo()
            assert g.throw() == t
        else:
            moves = g.legal_moves()
            g.play(moves[agent.randrange(len(moves))])


def test_undo_a_move_restores_the_whole_state():
    g = two([16, 0, 0, 84], [conv(S, 20, N), 0, 0, 84])
    throw(g, 4)
    before, hist = g.state, g.history
    play(g, 16, 20)
    g.undo()
    assert g.state == before and g.history == hist
    assert g.pieces(N) == (conv(S, 20, N), 0, 0, 84) and g.phase == "move"


def test_forced_throw_does_not_use_the_random_generator():
    a = pw.Game(players=2, seed=5)
    first = a.throw()
    b = pw.Game(players=2, seed=5)
    b.throw(up=3)
    b.undo()
    assert b.throw() == first


# -- section 4 options ---------------------------------------------------------------------


@pytest.mark.parametrize("name", ["bell6", "mitra6", "wiki7", "murray7"])
def test_throw_table_option_drives_the_game(name):
    rules = CLASSIC.replace(throw_table=name)
    table = pw.THROW_TABLES[name]
    g = two([20, 30, 40, 50], rules=rules)
    for up, value in enumerate(table):
        t = g.throw(up=up)
        assert (t.up, t.value) == (up, value)
        assert t.enters == (value in rules.entry_graces)
        g.undo()
    with pytest.raises(ValueError):
        g.throw(up=len(table))


def test_p_mouth_up_in_chance_outcomes():
    from fractions import Fraction

    rules = CLASSIC.replace(p_mouth_up=Fraction(1, 3))
    g = two([20, 0, 0, 0], rules=rules)
    outs = g.state.chance_outcomes()
    by_up = {t.up: pr for t, pr in outs}
    assert by_up[0] == Fraction(2, 3) ** 6
    assert by_up[6] == Fraction(1, 3) ** 6
    assert sum(by_up.values()) == 1
    assert {t.value for t, _ in outs} == {25, 10, 2, 3, 4, 5, 6}


def test_entry_graces_option():
    rules = CLASSIC.replace(entry_graces={10, 25})
    g = two([20, 0, 0, 0], rules=rules)
    t = throw(g, 6)
    assert (t.grace, t.enters) == (False, False)
    assert keys(g) == {mv(S, 20, 26, 6), PASS(S)}
    play(g, 20, 26)
    assert g.to_move == N


def test_bonus_grace_7_with_a_piece_on_the_board():
    g = two([20, 0, 0, 0], rules=SEVEN)
    t = g.throw(up=0)
    assert (t.value, t.grace, t.enters) == (7, True, False)
    assert keys(g) == {mv(S, 20, 27, 7), PASS(S)}  # no entering with 7
    play(g, 20, 27)
    assert (g.phase, g.to_move) == ("throw", S)
    t = g.throw(up=7)
    assert (t.value, t.grace, t.enters) == (14, True, False)


def test_bonus_grace_7_without_a_piece_on_the_board():
    g = two([0, 0, 0, 84], rules=SEVEN)
    t = g.throw(up=0)
    assert (t.value, t.grace) == (7, False)
    assert keys(g) == {PASS(S)}
    pass_(g)
    assert g.to_move == N


def test_bonus_grace_checked_at_the_moment_of_the_throw():
    g = two(WAIT, rules=SEVEN)
    t = g.throw(up=7)
    assert (t.value, t.grace) == (14, False)
    # a bonus grace never enters a piece, not even the first (RULES.md 3.4): the 14 is lost
    assert keys(g) == {PASS(S)}
    pass_(g)
    assert g.to_move == N  # no extra throw: nothing was on the board


def test_bonus_graces_never_enter_the_first_piece():
    for preset in ("seven_cowries", "cowrie_skill"):
        rules = pw.Rules.preset(preset)
        for value in (7, 14):
            g = two(WAIT, rules=rules)
            g.throw(value=value)
            # no piece on the board: the 7 or 14 gives no further throw, so a series ends too
            assert g.phase == "move"
            moves = [m for m in g.legal_moves() if m.value == value]
            assert moves == [] or [m.kind for m in moves] == ["pass"], (preset, value, moves)
            with pytest.raises(pw.IllegalMoveError) as err:
                g.play(pw.Move(S, None, 0, value, "enter", value))
            assert err.value.code == "bonus_never_enters"


def test_seven_cowries_35_is_an_entry_grace():
    g = two([20, 0, 0, 0], rules=SEVEN)
    t = g.throw(up=6)
    assert (t.value, t.grace, t.enters) == (35, True, True)
    assert keys(g) == {en(S, 1, 35), PASS(S)}


def test_count_from_charkoni_enters_with_the_full_value():
    rules = CLASSIC.replace(entry_mode="count_from_charkoni")
    g = two([20, 0, 0, 0], rules=rules)
    throw(g, 10)
    assert keys(g) == {en(S, 10, 10), PASS(S)}
    play(g, 0, 10)
    assert g.pieces(S) == (20, 10, 0, 0)
    g = two([20, 0, 0, 0], rules=rules)
    throw(g, 25)
    assert keys(g) == {en(S, 25, 25), PASS(S)}
    g = two(WAIT, rules=rules)  # the first piece too
    throw(g, 6)
    assert keys(g) == {en(S, 6, 6), PASS(S)}


def test_count_from_charkoni_captures_on_landing():
    rules = CLASSIC.replace(entry_mode="count_from_charkoni")
    n10 = conv(S, 10, N)
    g = two([20, 0, 0, 0], [n10, 0, 0, 84], rules=rules)
    throw(g, 10)
    m = play(g, 0, 10)
    assert m.kind == "enter" and m.captures == ((N, 0),)
    assert g.pieces(N) == (0, 0, 0, 84) and (g.phase, g.to_move) == ("throw", S)


def test_count_from_charkoni_blocked_by_an_opponents_castle():
    rules = CLASSIC.replace(entry_mode="count_from_charkoni")
    g = four([20, 0, 0, 0], [conv(S, 25, E), 0, 0, 84], rules=rules)  # East on S's step 25
    throw(g, 25)
    assert keys(g) == {PASS(S)}


def test_mitra_preset_pool_enters_with_full_values():
    g = two(WAIT, rules=MITRA)
    t = g.throw(up=1)
    assert (t.value, t.grace) == (10, True) and g.phase == "throw"
    g.throw(up=2)
    assert g.phase == "move" and g.pending == (10, 2)
    assert keys(g) == {en(S, 10, 10), en(S, 2, 2), PASS(S)}


def test_split_throw_divides_a_throw_among_pieces():
    rules = CLASSIC.replace(split_throw=True)
    g = two([10, 20, 30, 84], rules=rules)
    throw(g, 4)
    assert keys(g) == {mv(S, a, a + k, 4) for a in (10, 20, 30) for k in range(1, 5)} | {PASS(S)}
    play(g, 10, 12)
    assert g.phase == "move" and g.to_move == S
    # the rest (2) goes to another piece, never the one that moved
    assert keys(g) == {
        mv(S, 20, 21, 4),
        mv(S, 20, 22, 4),
        mv(S, 30, 31, 4),
        mv(S, 30, 32, 4),
        PASS(S),
    }
    play(g, 30, 32)
    assert g.pieces(S) == (12, 20, 32, 84) and g.to_move == N


def test_split_throw_pass_gives_up_the_rest():
    g = two([10, 20, 30, 84], rules=CLASSIC.replace(split_throw=True))
    throw(g, 5)
    play(g, 10, 11)
    pass_(g)
    assert g.pieces(S) == (11, 20, 30, 84) and g.to_move == N


def test_split_throw_entering_grace_is_not_split():
    g = two([0, 20, 30, 40], rules=CLASSIC.replace(split_throw=True))
    throw(g, 10)
    assert keys(g) == {en(S, 1, 10), PASS(S)}
    play(g, 0, 1)
    assert (g.phase, g.to_move) == ("throw", S) and g.pieces(S) == (1, 20, 30, 40)


def test_split_throw_pyada_step_belongs_to_the_total():
    g = two([10, 20, 30, 40], rules=CLASSIC.replace(split_throw=True, pyada=True))
    throw(g, 10)
    ends = {m.end for m in g.legal_moves() if m.start == 10}
    assert ends == set(range(11, 22))  # 10 + 1 pyada = 11 steps in all
    play(g, 10, 15)
    ends = {m.end for m in g.legal_moves() if m.start == 20}
    assert ends == set(range(21, 27))  # 6 steps left


# -- throw_then_move -------------------------------------------------------------------------


def test_throw_then_move_pools_the_series():
    g = two([10, 20, 0, 0], rules=TTM)
    t = throw(g, 25)
    assert t.grace and g.phase == "throw"
    throw(g, 10)
    assert g.phase == "throw"
    throw(g, 3)
    assert g.phase == "move" and g.pending == (25, 10, 3)
    assert keys(g) == {en(S, 1, 25), en(S, 1, 10), mv(S, 10, 13, 3), mv(S, 20, 23, 3), PASS(S)}
    play(g, 20, 23)  # any order
    assert g.pending == (25, 10)
    play(g, 0, 1, 10)
    assert g.pending == (25,) and g.phase == "move"
    pass_(g)  # gives up the rest of the pool
    assert g.to_move == N and g.pieces(S) == (10, 23, 1, 0)


def test_throw_then_move_capture_gives_one_new_series():
    n20, n40 = conv(S, 20, N), conv(S, 40, N)
    g = two([16, 30, 44, 50], [n20, n40, 0, 84], rules=TTM)
    throw(g, 10)
    throw(g, 4)
    assert g.pending == (10, 4)
    m1 = play(g, 16, 20)
    m2 = play(g, 30, 40)
    assert m1.captures == ((N, 0),) and m2.captures == ((N, 1),)
    assert (g.phase, g.to_move) == ("throw", S)  # one new series
    throw(g, 2)
    assert g.pending == (2,)
    pass_(g)
    assert g.to_move == N  # only one


def test_throw_then_move_capture_then_pass_still_new_series():
    g = two([16, 30, 44, 50], [conv(S, 20, N), 0, 0, 84], rules=TTM)
    throw(g, 10)
    throw(g, 4)
    play(g, 16, 20)
    pass_(g)  # gives up the 10
    assert (g.phase, g.to_move) == ("throw", S)


# -- cancel_three -----------------------------------------------------------------------------


def test_cancel_three_high_throws_are_void_and_end_the_throwing():
    g = two([10, 20, 30, 40], rules=SKILL)
    throw(g, 7, UP_MURRAY)
    for v in (25, 10, 30):
        throw(g, v, UP_MURRAY)
    assert g.pending == (7,) and g.phase == "move" and g.to_move == S
    assert g.state.cancelled == (25, 10, 30)
    assert keys(g) == {mv(S, s, s + 7, 7) for s in (10, 20, 30, 40)} | {PASS(S)}


def test_cancel_three_with_empty_pool_ends_the_turn():
    g = two([10, 20, 30, 40], rules=SKILL)
    for v in (10, 10, 10):
        throw(g, v, UP_MURRAY)
    assert (g.to_move, g.phase) == (N, "throw")
    assert g.pieces(S) == (10, 20, 30, 40)


@pytest.mark.parametrize("value", [7, 14])
def test_cancel_three_sevens_or_fourteens(value):
    g = two([10, 20, 30, 40], rules=SKILL)
    throw(g, 25, UP_MURRAY)
    for _ in range(3):
        throw(g, value, UP_MURRAY)
    assert g.pending == (25,) and g.phase == "move"


def test_cancel_three_mixed_sevens_and_fourteens_do_not_cancel():
    g = two([10, 20, 30, 40], rules=SKILL)
    for v in (7, 14, 7, 14, 7, 3):
        throw(g, v, UP_MURRAY)
    assert g.pending == (7, 14, 7, 14, 7, 3)


def test_seed_long_example_cancels_nothing():
    series = [25, 25, 14, 10, 30, 7, 25, 30, 7, 10, 14, 25, 3]
    g = two([10, 20, 30, 40], rules=SKILL)
    for i, v in enumerate(series):
        assert (g.phase, g.to_move) == ("throw", S), i
        throw(g, v, UP_MURRAY)
        assert g.state.cancelled == ()
    assert g.phase == "move" and g.pending == tuple(series)


def test_cancel_three_counts_within_a_series_only():
    g = two([16, 30, 44, 50], [conv(S, 20, N), 0, 0, 84], rules=SKILL)
    throw(g, 25, UP_MURRAY)
    throw(g, 10, UP_MURRAY)
    throw(g, 4, UP_MURRAY)
    play(g, 16, 20)  # capture: new series
    pass_(g)
    assert g.phase == "throw" and g.to_move == S
    throw(g, 30, UP_MURRAY)  # a fresh run: no cancel
    assert g.state.cancelled == () and g.pending == (30,)
    throw(g, 10, UP_MURRAY)
    throw(g, 25, UP_MURRAY)  # third high of this series
    assert g.state.cancelled == (30, 10, 25)
    assert g.to_move == N


# -- pyada ------------------------------------------------------------------------------------


def _spend_all_on_one_piece(g, start):
    pos = start
    while g.phase == "move" and g.to_move == S:
        best = max((m for m in g.legal_moves() if m.start == pos), key=lambda m: m.value)
        g.play(best)
        pos = best.end
    return pos - start


def test_pyada_seed_example_55_steps_once_all_entered():
    g = two([10, 20, 30, 40], rules=SKILL)
    for v in (25, 25, 3):
        throw(g, v, UP_MURRAY)
    assert g.pending == (25, 25, 3)
    assert keys(g) == {mv(S, s, s + 26, 25) for s in (10, 20, 30, 40)} | {
        mv(S, s, s + 3, 3) for s in (10, 20, 30, 40)
    } | {PASS(S)}
    assert _spend_all_on_one_piece(g, 10) == 55  # 25 + 25 + 3 + 1 + 1


def test_pyada_off_the_same_turn_moves_53():
    g = two([10, 20, 30, 40], rules=SKILL.replace(pyada=False))
    for v in (25, 25, 3):
        throw(g, v, UP_MURRAY)
    assert _spend_all_on_one_piece(g, 10) == 53


def test_no_pyada_while_a_piece_waits():
    g = two([10, 20, 30, 0], rules=SKILL.replace(grace_moves_before_all_entered=True))
    for v in (25, 25, 3):
        throw(g, v, UP_MURRAY)
    assert mv(S, 10, 35, 25) in keys(g) and mv(S, 10, 36, 25) not in keys(g)
    assert _spend_all_on_one_piece(g, 10) == 53


def test_pyada_checked_when_the_throw_is_spent():
    g = two([0, 20, 30, 40], rules=SKILL)
    throw(g, 25, UP_MURRAY)
    throw(g, 10, UP_MURRAY)
    throw(g, 3, UP_MURRAY)
    assert keys(g) == {en(S, 1, 25), en(S, 1, 10)} | {mv(S, s, s + 3, 3) for s in (20, 30, 40)} | {
        PASS(S)
    }
    play(g, 0, 1, 25)  # now all entered
    assert mv(S, 20, 31, 10) in keys(g) and mv(S, 20, 30, 10) not in keys(g)


def test_pyada_piece_on_25_castle_cannot_finish_with_25():
    g = two([59, 20, 84, 84], rules=SKILL)
    throw(g, 25, UP_MURRAY)
    throw(g, 2, UP_MURRAY)
    assert keys(g) == {mv(S, 20, 46, 25), mv(S, 20, 22, 2), mv(S, 59, 61, 2), PASS(S)}
    # without pyada the 25-castle finishes with a 25
    g = two([59, 20, 84, 84], rules=SKILL.replace(pyada=False))
    throw(g, 25, UP_MURRAY)
    throw(g, 2, UP_MURRAY)
    assert mv(S, 59, 84, 25) in keys(g)


def test_pyada_in_move_each_throw():
    g = two([10, 20, 84, 84], rules=CLASSIC.replace(pyada=True))
    throw(g, 25)
    assert keys(g) == {mv(S, 10, 36, 25), mv(S, 20, 46, 25), PASS(S)}
    g = two([10, 20, 84, 84], rules=CLASSIC.replace(pyada=True))
    throw(g, 6)
    assert keys(g) == {mv(S, 10, 16, 6), mv(S, 20, 26, 6), PASS(S)}  # 6 earns no pyada


# -- must_capture_before_home -----------------------------------------------------------------


def test_must_capture_before_home_holds_pieces_at_76():
    rules = CLASSIC.replace(must_capture_before_home=True)
    g = two([74, 20, 84, 84], rules=rules)
    throw(g, 2)
    assert keys(g) == {mv(S, 74, 76, 2), mv(S, 20, 22, 2), PASS(S)}
    g.undo()
    throw(g, 4)
    assert keys(g) == {mv(S, 20, 24, 4), PASS(S)}
    with pytest.raises(pw.IllegalMoveError) as exc:
        g.play(Move(S, 0, 74, 78, "move", 4))
    assert exc.value.code == "must_capture"
    g = two([74, 20, 84, 84], rules=rules, captured=(S,))
    throw(g, 4)
    assert mv(S, 74, 78, 4) in keys(g)


def test_must_capture_a_capture_in_play_frees_the_seat():
    rules = CLASSIC.replace(must_capture_before_home=True)
    g = two([16, 74, 84, 84], [conv(S, 20, N), 0, 0, 84], rules=rules)
    throw(g, 4)
    assert keys(g) == {mv(S, 16, 20, 4), PASS(S)}
    play(g, 16, 20)
    throw(g, 4)
    assert mv(S, 74, 78, 4) in keys(g)


def test_must_capture_partners_capture_does_not_count():
    rules = CLASSIC.replace(must_capture_before_home=True, teams=True)
    g = four([74, 20, 84, 84], [0] * 4, [10, 0, 0, 0], [0] * 4, rules=rules, captured=(N,))
    throw(g, 4)
    assert keys(g) == {mv(S, 20, 24, 4), PASS(S)}


# -- revenge_rule (RULES.md 5) ----------------------------------------------------------------

REVENGE = CLASSIC.replace(revenge_rule=True, must_capture_before_home=True)


def _south_captures_north_on_20(rules=REVENGE):
    """S's piece X (index 0) on 16 takes North's piece on S-20; North's avenger waits on S-17."""
    n17, n20 = conv(S, 17, N), conv(S, 20, N)
    g = two([16, 74, 0, 0], [n17, n20, 0, 0], rules=rules)
    throw(g, 4)
    assert keys(g) == {mv(S, 16, 20, 4), PASS(S)}  # 74 -> 78 held back: no capture yet
    m = play(g, 16, 20)
    assert m.captures == ((N, 1),)
    return g, n17


def test_revenge_voids_the_capture():
    g, n17 = _south_captures_north_on_20()
    throw(g, 4)
    assert mv(S, 74, 78, 4) in keys(g)  # S counts as having captured now
    pass_(g)
    throw(g, 3)  # North, very next turn: X still on 20
    m = play(g, n17, n17 + 3)
    assert m.captures == ((S, 0),)
    throw(g, 10)  # North's extra throw (a grace too)
    assert en(N, 1, 10) in keys(g)
    pass_(g)
    throw(g, 2)
    pass_(g)
    throw(g, 4)  # South again: capture void
    assert keys(g) == {PASS(S)}


def test_revenge_counts_as_the_avengers_own_capture():
    g, n17 = _south_captures_north_on_20()
    throw(g, 2)
    pass_(g)
    throw(g, 3)
    play(g, n17, n17 + 3)
    assert g.state.captures[N] == 1  # North's own capture counts
    assert g.state.captures[S] == 0  # South's is void


def test_revenge_pieces_past_76_stay_but_cannot_move():
    n17, n20 = conv(S, 17, N), conv(S, 20, N)
    g = two([16, 74, 0, 0], [n17, n20, 0, 0], rules=REVENGE)
    throw(g, 4)
    play(g, 16, 20)
    throw(g, 4)
    play(g, 74, 78)  # allowed: S has captured
    throw(g, 3)  # North avenges at once
    play(g, n17, n17 + 3)
    throw(g, 2)
    pass_(g)
    assert g.pieces(S) == (0, 78, 0, 0)  # stays where it is
    throw(g, 2)
    assert keys(g) == {PASS(S)}  # but cannot move


def test_no_revenge_when_the_capturing_piece_moved_on():
    g, n17 = _south_captures_north_on_20()
    throw(g, 2)
    play(g, 20, 22)  # X leaves square s with the extra throw
    throw(g, 5)
    m = play(g, n17, n17 + 5)  # North captures X on 22, not on s
    assert m.captures == ((S, 0),)
    throw(g, 2)
    pass_(g)
    throw(g, 4)
    assert mv(S, 74, 78, 4) in keys(g)  # S's capture still counts


def test_no_revenge_after_the_victims_very_next_turn():
    g, n17 = _south_captures_north_on_20()
    throw(g, 2)
    pass_(g)
    throw(g, 2)
    pass_(g)  # North's very next turn: no recapture
    throw(g, 2)
    pass_(g)  # South
    throw(g, 3)
    m = play(g, n17, n17 + 3)
    assert m.captures == ((S, 0),)
    throw(g, 2)
    pass_(g)
    throw(g, 4)
    assert mv(S, 74, 78, 4) in keys(g)  # still counts


def test_without_revenge_rule_the_recapture_voids_nothing():
    g, n17 = _south_captures_north_on_20(CLASSIC.replace(must_capture_before_home=True))
    throw(g, 2)
    pass_(g)
    throw(g, 3)
    play(g, n17, n17 + 3)
    throw(g, 2)
    pass_(g)
    throw(g, 4)
    assert mv(S, 74, 78, 4) in keys(g)


def _teams_south_captures_west():
    rules = REVENGE.replace(teams=True)
    e17, w17, w20 = conv(S, 17, E), conv(S, 17, W), conv(S, 20, W)
    g = four([16, 74, 0, 0], [e17, 0, 0, 84], [0, 0, 0, 84], [w17, w20, 0, 0], rules=rules)
    throw(g, 4)
    m = play(g, 16, 20)
    assert m.captures == ((W, 1),)
    throw(g, 2)
    pass_(g)
    assert g.to_move == E
    return g, e17, w17


def test_teams_only_the_victim_can_avenge():
    g, e17, _ = _teams_south_captures_west()
    throw(g, 3)
    m = play(g, e17, e17 + 3)  # West's partner takes X on s
    assert m.captures == ((S, 0),)
    throw(g, 2)
    pass_(g)
    for _ in (N, W):
        throw(g, 2)
        pass_(g)
    assert g.to_move == S
    throw(g, 4)
    assert mv(S, 74, 78, 4) in keys(g)  # not revenge: S's capture stands


def test_teams_victim_avenges_on_its_very_next_turn():
    g, _, w17 = _teams_south_captures_west()
    for _ in (E, N):
        throw(g, 2)
        pass_(g)
    assert g.to_move == W
    throw(g, 3)
    m = play(g, w17, w17 + 3)
    assert m.captures == ((S, 0),)
    throw(g, 2)
    pass_(g)
    throw(g, 4)
    assert keys(g) == {PASS(S)}  # revenge: S's capture void


def test_one_capturing_move_is_one_capture():
    n20 = conv(S, 20, N)
    g = two([16, 0, 0, 84], [n20, n20, 0, 0])
    throw(g, 4)
    play(g, 16, 20)
    assert g.state.captures[S] == 1


# -- more combinations ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "done",
    [
        S,
        E,
        N,
        W,
    ],
)
def test_a_finished_seat_at_the_start_has_won(done):
    positions = [[40, 0, 0, 0] for _ in range(4)]
    positions[done] = [84] * 4
    to_move = (done + 1) % 4
    g = game(positions, to_move=to_move)
    assert (g.phase, g.winner) == ("over", done)
    assert g.legal_moves() == []


def test_split_throw_two_capturing_parts_earn_two_throws():
    rules = CLASSIC.replace(split_throw=True)
    g = two([16, 26, 84, 84], [conv(S, 18, N), conv(S, 28, N), 0, 84], rules=rules)
    throw(g, 4)
    m1 = play(g, 16, 18)
    m2 = play(g, 26, 28)
    assert m1.captures == ((N, 0),) and m2.captures == ((N, 1),)
    assert (g.phase, g.to_move) == ("throw", S)
    throw(g, 2)
    pass_(g)
    assert (g.phase, g.to_move) == ("throw", S)  # the second capture's throw
    throw(g, 2)
    pass_(g)
    assert g.to_move == N


def test_throw_then_move_no_new_series_without_capture_extra_throw():
    rules = TTM.replace(capture_extra_throw=False)
    g = two([16, 30, 44, 50], [conv(S, 20, N), 0, 0, 84], rules=rules)
    throw(g, 4)
    m = play(g, 16, 20)
    assert m.captures == ((N, 0),) and g.to_move == N


def test_throw_then_move_first_piece_privilege_used_once():
    g = two(WAIT, rules=TTM)
    throw(g, 25)
    throw(g, 3)
    assert keys(g) == {en(S, 1, 25), en(S, 3, 3), PASS(S)}
    play(g, 0, 3)
    assert keys(g) == {en(S, 1, 25), PASS(S)}  # the 25 still may enter one
    g = two(WAIT, rules=TTM)
    throw(g, 25)
    throw(g, 3)
    play(g, 0, 1)
    assert keys(g) == {mv(S, 1, 4, 3), PASS(S)}  # privilege gone: the 3 cannot enter


def test_legal_move_order_is_documented_order():
    g = two([20, 10, 0, 0], rules=TTM)
    throw(g, 25)
    throw(g, 10)
    throw(g, 3)
    # values ascending; within a value, entering first, then steps in piece-index order
    assert [m.key for m in g.legal_moves()] == [
        mv(S, 20, 23, 3),
        mv(S, 10, 13, 3),
        en(S, 1, 10),
        en(S, 1, 25),
        PASS(S),
    ]
    assert [m.piece for m in g.legal_moves()[:4]] == [0, 1, 2, 2]


def test_throw_then_move_second_grace_moves_once_the_last_piece_entered():
    g = two([0, 20, 30, 40], rules=TTM)
    throw(g, 25)
    throw(g, 25)
    throw(g, 2)
    assert keys(g) == {en(S, 1, 25)} | {mv(S, s, s + 2, 2) for s in (20, 30, 40)} | {PASS(S)}
    play(g, 0, 1, 25)
    assert keys(g) == {mv(S, s, s + 25, 25) for s in (1, 20, 30, 40)} | {
        mv(S, s, s + 2, 2) for s in (1, 20, 30, 40)
    } | {PASS(S)}


def test_three_players_take_south_east_north():
    g = game([[20, 0, 0, 0], [0, 0, 0, 84], [0, 0, 0, 84], None])
    assert g.seats == (0, 1, 2)
    throw(g, 2)
    pass_(g)
    assert g.to_move == E
    with pytest.raises(ValueError):
        g.pieces(W)


def test_own_tip_is_one_square_for_steps_8_and_76():
    # East on its 25-castle (E step 59) stands on South's tip: South's step 8 and step 76 alike.
    assert conv(S, 8, E) == 59
    g = four([4, 72, 0, 84], [59, 0, 0, 84])
    throw(g, 4)
    assert keys(g) == {PASS(S)}  # 4 -> 8 and 72 -> 76 both blocked
    g = four([4, 72, 0, 84], [60, 0, 0, 84])  # East one step further on: both free
    throw(g, 4)
    assert keys(g) == {mv(S, 4, 8, 4), mv(S, 72, 76, 4), PASS(S)}
