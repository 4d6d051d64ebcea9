"""Properties over seeded random playouts (Hypothesis): every preset and a few option combinations,
2 to 4 players. The whole file is meant to run in well under a minute.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from support import examples

import pachisi_widget as pw
from pachisi_widget import Move
from pachisi_widget.rules import PRESETS

MAX_ACTIONS = 20_000
"""Every game must end within this many throws and moves (random play ends in ~1,000)."""

COMBOS = {
    **{name: pw.Rules.preset(name) for name in PRESETS},
    "teams": pw.Rules(teams=True),
    "skill_teams_revenge": pw.Rules.preset("cowrie_skill").replace(
        teams=True, revenge_rule=True, must_capture_before_home=True
    ),
    "split_pyada": pw.Rules(split_throw=True, pyada=True),
    "split_ttm": pw.Rules(split_throw=True, turn_mode="throw_then_move"),
    "stuck_on_83": pw.Rules(last_square_release=frozenset()),
    "must_capture": pw.Rules(must_capture_before_home=True, revenge_rule=True),
    "count_open_castles": pw.Rules(
        entry_mode="count_from_charkoni", castle_blocks_enemy=False, capture_extra_throw=False
    ),
    "graces_move": pw.Rules(grace_moves_before_all_entered=True, first_piece_any_throw=False),
    "biased": pw.Rules(p_mouth_up=Fraction(3, 10)),
    "mitra_split_teams": pw.Rules.preset("mitra").replace(split_throw=True, teams=True),
}

SETTINGS = settings(
    max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@st.composite
def setups(draw):
    name = draw(st.sampled_from(sorted(COMBOS)))
    rules = COMBOS[name]
    players = 4 if rules.teams else draw(st.sampled_from([2, 3, 4]))
    seed = draw(st.integers(0, 2**32 - 1))
    choice_seed = draw(st.integers(0, 2**32 - 1))
    return name, rules, players, seed, choice_seed


def choose(moves, rng):
    """A random listed move; mostly not the pass, so that games move on."""
    nonpass = [m for m in moves if m.kind != "pass"]
    if nonpass and rng.random() < 0.9:
        return nonpass[rng.randrange(len(nonpass))]
    return moves[rng.randrange(len(moves))]


def playout(rules, players, seed, choice_seed, limit=MAX_ACTIONS, check=None):
    g = pw.Game(players=players, rules=rules, seed=seed)
    rng = random.Random(choice_seed)
    n = 0
    while g.phase != "over" and n < limit:
        if check:
            check(g, rng)
        if g.phase == "throw":
            g.throw()
        else:
            g.play(choose(g.legal_moves(), rng))
        n += 1
    return g, n


def _random_unlisted(g, rng, rules):
    values = list(rules.values) + [1, 7, 99]
    keys = {m.key for m in g.legal_moves()}
    for _ in range(50):
        kind = rng.choice(["enter", "move", "move", "pass", "jump"])
        seat = rng.choice(list(g.seats))
        m = Move(
            seat,
            rng.randrange(4),
            rng.randrange(0, 86),
            rng.randrange(0, 90),
            kind,
            rng.choice(values),
            (),
        )
        if kind == "pass":
            m = Move.pass_for(seat)
            if g.phase == "move" and seat == g.to_move:
                continue
        if m.key not in keys:
            return m
    return None


def _check_state(g, rng):
    state = g.state
    rules = g.rules
    # 4 pieces per seat in play, steps 0..84; unplayed seats are None
    for s in range(4):
        if s in g.seats:
            p = state.pieces[s]
            assert len(p) == 4 and all(isinstance(x, int) and 0 <= x <= 84 for x in p), p
        else:
            assert state.pieces[s] is None
    assert g.to_move in g.seats
    assert not state.is_finished(g.to_move)
    if g.phase == "throw":
        outs = state.chance_outcomes()
        assert sum(pr for _, pr in outs) == 1
        assert [t.up for t, _ in outs] == list(range(rules.shells + 1))
        assert all(t.value == rules.table[t.up] and pr > 0 for t, pr in outs)
        assert g.legal_moves() == []
    else:
        moves = g.legal_moves()
        assert moves and moves[-1].kind == "pass"
        assert all(m.seat == g.to_move for m in moves)
        assert len({m.key for m in moves}) == len(moves)
        snapshot = (state.to_dict(), hash(state))
        for m in moves:
            after = state.apply(m)  # every listed move applies
            assert after is not state
            for s in g.seats:
                assert len(after.pieces[s]) == 4
            if m.kind != "pass":
                assert after.pieces[m.seat][m.piece] == m.end
                assert m.start < m.end
            for vs, vp in m.captures:
                assert after.pieces[vs][vp] == 0
        assert (state.to_dict(), hash(state)) == snapshot  # applying never changes the state
    # an unlisted move is refused and changes nothing
    bad = _random_unlisted(g, rng, rules)
    if bad is not None:
        before, hist = g.state, g.history
        with pytest.raises(pw.IllegalMoveError):
            g.play(bad)
        assert g.state is before and g.history == hist


@SETTINGS
@given(setups())
def test_random_playouts_keep_every_invariant_and_end(setup):
    name, rules, players, seed, choice_seed = setup
    g, n = playout(rules, players, seed, choice_seed, check=_check_state)
    assert g.phase == "over", f"{name}: not over after {n} actions"
    assert n < MAX_ACTIONS
    w = g.winner
    if w is None:
        assert g.state.is_dead
    elif rules.teams:
        assert w in ((0, 2), (1, 3))
        assert all(g.pieces(s) == (84,) * 4 for s in w)
    else:
        assert w in g.seats and g.pieces(w) == (84,) * 4
        assert all(g.pieces(s) != (84,) * 4 for s in g.seats if s != w)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", sorted(COMBOS))
def test_every_rule_set_plays_to_the_end_with_invariants(name, players):
    """Hypothesis samples the combinations; this makes sure each one is played at least twice."""
    rules = COMBOS[name]
    if rules.teams and players != 4:
        with pytest.raises(ValueError, match="teams"):
            pw.Game(players=players, rules=rules, seed=1)
        return
    for seed in (1, 2):
        g, n = playout(rules, players, seed, seed + 100, check=_check_state)
        assert g.phase == "over" and n < MAX_ACTIONS


@SETTINGS
@given(setups())
def test_same_seed_and_choices_give_the_same_game(setup):
    _, rules, players, seed, choice_seed = setup
    a, _ = playout(rules, players, seed, choice_seed)
    b, _ = playout(rules, players, seed, choice_seed)
    assert a.history == b.history
    assert a.to_dict() == b.to_dict()
    assert [{s: t.up for s, t in r.items()} for r in a.opening] == [
        {s: t.up for s, t in r.items()} for r in b.opening
    ]


@SETTINGS
@given(setups(), st.integers(0, 600))
def test_round_trip_mid_game_and_go_on_with_the_same_throws(setup, cut):
    _, rules, players, seed, choice_seed = setup
    g, n = playout(rules, players, seed, choice_seed, limit=cut)
    d = g.to_dict()
    h = pw.Game.from_dict(d)
    assert h.to_dict() == d
    assert h.state == g.state and h.history == g.history
    # go on in lockstep: the same throws come out of both generators
    rng_g, rng_h = random.Random(7), random.Random(7)
    for _ in range(200):
        if g.phase == "over":
            break
        if g.phase == "throw":
            assert g.throw() == h.throw()
        else:
            mg, mh = choose(g.legal_moves(), rng_g), choose(h.legal_moves(), rng_h)
            assert mg == mh
            g.play(mg)
            h.play(mh)
        assert g.state == h.state
    assert g.to_dict() == h.to_dict()


@SETTINGS
@given(setups(), st.integers(0, 300))
def test_undo_all_the_way_back_replays_identically(setup, cut):
    _, rules, players, seed, choice_seed = setup
    g, n = playout(rules, players, seed, choice_seed, limit=cut)
    history = g.history
    states = []
    while g.can_undo:
        states.append(g.state)
        g.undo()
    assert g.history == () and g.phase == "throw"
    # replaying the recorded moves with fresh (unforced) throws gives back the same game
    for action in history:
        if isinstance(action, pw.Throw):
            assert g.throw() == action
        else:
            g.play(action)
    assert g.history == history
    if states:
        assert g.state == states[0]


def test_chance_outcomes_sum_to_one_for_every_rule_set_and_p():
    for rules in COMBOS.values():
        for p in (Fraction(1, 2), Fraction(1, 5), 0.37):
            r = rules.replace(p_mouth_up=p)
            players = 4 if r.teams else 2
            state = pw.Game(players=players, rules=r, seed=3).state
            outs = state.chance_outcomes()
            assert sum(pr for _, pr in outs) == 1
            assert len(outs) == r.shells + 1


# -- an independent reference for single-throw move generation ------------------------------------

_CASTLE_STEPS = {8, 12, 21, 25, 29, 38, 42, 46, 55, 59, 63, 72, 76}
_GRACES = {"bell6": {6, 10, 25}, "mitra6": {10, 25}, "wiki7": {10, 25, 35}, "murray7": {10, 25, 30}}


def _loop(seat, step):
    return (step - 8 + 17 * seat) % 68 if 8 <= step <= 76 else None


def _reference_moves(pieces, seats, seat, value, rules, captured):
    """RULES.md 3.3-3.8 and section 4 written out plainly (no split throw)."""
    mine = pieces[seat]
    waiting = 0 in mine
    fresh = all(x == 0 for x in mine)
    limit = 76 if rules.must_capture_before_home and seat not in captured else 84

    def opponents(a, b):
        return a != b and not (rules.teams and (a - b) % 2 == 0)

    def land(end):
        """None if blocked, else the captures."""
        g = _loop(seat, end)
        if g is None:
            return ()
        opp = tuple(
            (s, i)
            for s in seats
            if opponents(s, seat)
            for i, st in enumerate(pieces[s])
            if _loop(s, st) == g
        )
        if opp and end in _CASTLE_STEPS:
            return None if rules.castle_blocks_enemy else ()
        return opp

    out = {}
    if waiting and value in rules.entry_graces:
        end = 1 if rules.entry_mode == "square1" else value
        if end <= limit and land(end) is not None:
            out[("enter", 0, end, value)] = land(end)
        if not rules.grace_moves_before_all_entered:
            return out
    elif (
        waiting
        and fresh
        and rules.first_piece_any_throw
        and value <= limit
        and land(value) is not None
    ):
        out[("enter", 0, value, value)] = land(value)
    total = value + 1 if rules.pyada and value in (10, 25, 30) and not waiting else value
    for step in set(mine) - {0, 84}:
        end = 84 if step == 83 and value in rules.last_square_release else step + total
        if end <= min(limit, 84) and land(end) is not None:
            out[("move", step, end, value)] = land(end)
    return out


@st.composite
def positions(draw):
    table = draw(st.sampled_from(sorted(_GRACES)))
    teams = draw(st.booleans())
    rules = pw.Rules(
        throw_table=table,
        entry_graces=_GRACES[table],
        teams=teams,
        entry_mode=draw(st.sampled_from(["square1", "count_from_charkoni"])),
        grace_moves_before_all_entered=draw(st.booleans()),
        castle_blocks_enemy=draw(st.booleans()),
        first_piece_any_throw=draw(st.booleans()),
        last_square_release=draw(st.sampled_from([frozenset({10, 25}), frozenset()])),
        must_capture_before_home=draw(st.booleans()),
        pyada=draw(st.booleans()),
    )
    seats = (0, 1, 2, 3) if teams else draw(st.sampled_from([(0, 2), (0, 1, 2), (0, 1, 2, 3)]))
    step = st.one_of(st.just(0), st.just(84), st.integers(1, 83), st.integers(50, 83))
    pos = [draw(st.lists(step, min_size=4, max_size=4)) if s in seats else None for s in range(4)]
    to_move = draw(st.sampled_from(seats))
    captured = draw(st.sets(st.sampled_from(seats)))
    return rules, pos, seats, to_move, tuple(sorted(captured))


@settings(
    max_examples=examples(300),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(positions())
def test_legal_moves_match_an_independent_reference(setup):
    rules, pos, seats, to_move, captured = setup
    try:
        g = pw.Game.from_position(pos, to_move=to_move, rules=rules, seed=1, captured=captured)
    except ValueError:
        event("refused position")
        return  # opponents sharing a plain square, or a finished seat to move: refused, fine
    if g.phase != "throw":
        event("position already over")
        return
    event("compared")
    pieces = [None if p is None else tuple(p) for p in pos]
    for up, value in enumerate(rules.table):
        g.throw(up=up)
        got = {m.key[1:]: tuple(sorted(m.captures)) for m in g.legal_moves() if m.kind != "pass"}
        want = _reference_moves(pieces, seats, to_move, value, rules, captured)
        assert got == {k: tuple(sorted(v)) for k, v in want.items()}, (value, pos, to_move)
        assert g.legal_moves()[-1] == Move.pass_for(to_move)
        _check_turn_flow(g.state, to_move, seats, rules)
        g.undo()


def _check_turn_flow(state, seat, seats, rules):
    """RULES.md 3.2, 3.7, 3.9: who throws next after each listed move (move_each_throw)."""
    grace = state.last_throw.grace
    for m in state.legal_moves():
        after = state.apply(m)
        mine = after.pieces[seat]
        if after.phase == "over":
            if after.winner is not None:
                team = (seat, (seat + 2) % 4) if rules.teams else (seat,)
                assert after.winner == (tuple(sorted(team)) if rules.teams else seat)
                assert all(after.pieces[s] == (84,) * 4 for s in team)
            continue
        finished = mine == (84,) * 4  # a finished seat skips its turns
        again = not finished and (grace or (bool(m.captures) and rules.capture_extra_throw))
        if again:
            assert (after.phase, after.to_move) == ("throw", seat), m
        else:
            i = seats.index(seat)
            order = [seats[(i + k) % len(seats)] for k in range(1, len(seats) + 1)]
            nxt = next(s for s in order if after.pieces[s] != (84,) * 4)
            assert (after.phase, after.to_move) == ("throw", nxt), m
