"""Exact odds (pachisi_widget.probability) against the throw tables and against simulation.

Simulations are seeded; each compares a frequency (or a mean) with the exact value within
4.5 standard errors. Where the board matters, whole turns are played on the reference engine.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from fractions import Fraction

import pytest
import support

from pachisi_widget import Game, Rules, throws
from pachisi_widget.engine import throw_cdf
from pachisi_widget.probability import (
    _TurnModel,
    castle_wait_odds,
    expected_throws_until,
    expected_turns_until,
    hit_chance,
    reach_chance,
    throw_odds,
    turn_has_value_chance,
    turn_length_odds,
    turn_total_odds,
)

Z = 4.5


def _close(freq: float, p: float, n: int) -> bool:
    se = math.sqrt(max(p * (1 - p), 1e-12) / n)
    return abs(freq - p) <= Z * se + 1e-12


def _drawer(rules, seed):
    """Throw values drawn as Game draws them (one uniform through the exact CDF)."""
    rng = random.Random(seed)
    cdf = throw_cdf(rules)
    top = len(cdf) - 1
    table = rules.table
    return lambda: table[min(bisect_right(cdf, rng.random()), top)]


def _play_turn(state, rng, cdf, decide):
    """Play the seat to move's whole turn on the reference engine; ``decide(state)`` picks each
    move. Returns (values thrown, moves played, state after the turn)."""
    seat, turn = state.to_move, state.turn
    top = len(cdf) - 1
    values, moves = [], []
    while state.phase != "over" and state.turn == turn and state.to_move == seat:
        if state.phase == "throw":
            state = state.apply_throw(min(bisect_right(cdf, rng.random()), top))
            values.append(state.last_throw.value)  # (a pool cancel_three voided is empty)
        else:
            m = decide(state)
            moves.append(m)
            state = state.apply(m)
    return values, moves, state


def _pass(state):
    return state.legal_moves()[-1]


# -- one throw -------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["classic", "seven_cowries", "cowrie_skill", "mitra"])
def test_throw_odds_exact_and_simulated(preset):
    rules = Rules.preset(preset)
    odds = throw_odds(rules)
    assert odds == throws.throw_distribution(rules) and sum(odds.values()) == 1
    assert all(isinstance(p, Fraction) for p in odds.values())
    floats = throw_odds(rules, exact=False)
    assert all(abs(floats[v] - float(p)) < 1e-15 for v, p in odds.items())
    draw, n = _drawer(rules, 1), 20000
    counts: dict = {}
    for _ in range(n):
        v = draw()
        counts[v] = counts.get(v, 0) + 1
    for v, p in odds.items():
        assert _close(counts.get(v, 0) / n, float(p), n), (v, counts.get(v), p)


def test_throw_odds_values_and_bias():
    assert throw_odds()[25] == Fraction(1, 64) and throw_odds()[3] == Fraction(20, 64)
    biased = Rules(p_mouth_up=Fraction(1, 3))
    assert throw_odds(biased)[25] == Fraction(64, 729)  # (2/3)**6: every shell mouth down
    assert throw_odds(Rules(p_mouth_up=0.3), exact=False)[25] == pytest.approx(0.7**6)
    assert throw_odds(Rules(p_mouth_up=0.3))[25] == Fraction(7, 10) ** 6


# -- turns ------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["classic", "seven_cowries"])
def test_turn_distributions_exact_and_on_the_engine(preset):
    rules = Rules.preset(preset)
    g = throws.grace_probability(rules)
    assert turn_length_odds(rules, 6) == {n: g ** (n - 1) * (1 - g) for n in range(1, 7)}
    assert sum(turn_total_odds(rules, 6).values()) == 1 - g**6
    assert turn_length_odds(rules)[1] == 1 - throws.grace_probability(rules)
    # whole turns on the engine: South has a piece on the board (so bonus graces count) and
    # none waiting (so every grace may move); it passes every throw
    state0 = Game.from_position(
        [[20, 84, 84, 84], None, [0, 0, 0, 0], None], rules=rules, seed=1
    ).state
    rng, cdf, n = random.Random(2), throw_cdf(rules), 6000
    lengths: dict = {}
    totals: dict = {}
    for _ in range(n):
        values, _, _ = _play_turn(state0, rng, cdf, _pass)
        lengths[len(values)] = lengths.get(len(values), 0) + 1
        totals[sum(values)] = totals.get(sum(values), 0) + 1
    for k, p in turn_length_odds(rules, 3).items():
        assert _close(lengths.get(k, 0) / n, float(p), n), (k, lengths.get(k), p)
    for t, p in list(turn_total_odds(rules).items())[:12]:
        assert _close(totals.get(t, 0) / n, float(p), n), (t, totals.get(t), p)


def test_turn_totals_with_pyada():
    rules = Rules.preset("cowrie_skill")
    d = turn_total_odds(rules, 4)
    # a lone 10 is a grace here; 10 then 2 moves 10 + 1 + 2 = 13 with pyada
    p = throw_odds(rules)
    assert d[13] == p[10] * p[2] and 12 not in d


# -- reaching a square -------------------------------------------------------------------------


def _follow_model(model, target_of):
    """A decide() for _play_turn that plays each throw as the model's best play says."""

    def state_of(st):
        te = target_of(st)
        mine = st.pieces[st.to_move]
        return tuple(sorted(te - t for t in mine if 0 < t < te)), sum(1 for t in mine if t == 0)

    def decide(st):
        moves = st.legal_moves()
        v = st.pool[0]
        te = target_of(st)
        best = model.best(state_of(st), v)
        if best == "hit":
            return next(m for m in moves if m.end == te)
        if best is None:
            return moves[-1]
        for m in moves[:-1]:  # the move that leads to the model's chosen state
            after = st.apply(m)
            if after.to_move == st.to_move and after.phase != "over":
                if state_of(after) == best:
                    return m
            elif state_of(after._replace(to_move=st.to_move)) == best:
                return m
        raise AssertionError(f"no move to {best} in {moves}")

    return decide


@pytest.mark.parametrize("steps", [2, 4, 8, 12, 16])
def test_reach_chance_on_the_engine(steps):
    exact = reach_chance(steps)
    assert isinstance(exact, Fraction) and 0 < exact < 1
    assert reach_chance(steps, exact=False) == pytest.approx(float(exact), rel=1e-12)
    start = 20
    target = start + steps
    state0 = Game.from_position([[start, 84, 84, 84], None, [0, 0, 0, 0], None], seed=1).state
    decide = _follow_model(_TurnModel(Rules(), True), lambda st: target)
    rng, cdf, n, hits = random.Random(steps), throw_cdf(Rules()), 4000, 0
    for _ in range(n):
        _, moves, _ = _play_turn(state0, rng, cdf, decide)
        hits += any(m.end == target for m in moves)
    assert _close(hits / n, float(exact), n), (steps, hits / n, float(exact))


def test_reach_chance_values():
    assert reach_chance(2) == Fraction(15, 56)  # (15/64) / (1 - 8/64): a 2 before the turn ends
    assert reach_chance(1) == 0 and reach_chance(0) == 0
    assert reach_chance(25) == turn_has_value_chance(25) == Fraction(1, 57)
    # keeping a 6 back for a 10 helps: better than grabbing every grace
    assert reach_chance(16) == Fraction(1525, 469224)
    pyada = Rules(pyada=True)  # a 25 moves 26 and a 10 moves 11 once all entered
    assert reach_chance(26, pyada) == Fraction(1003, 54684) > reach_chance(25)
    assert reach_chance(25, pyada) < reach_chance(25)


# -- waiting for a 25 --------------------------------------------------------------------------


def test_expected_throws_until_a_value_simulated():
    assert expected_throws_until(25) == 64 and expected_throws_until(10) == Fraction(32, 3)
    assert expected_throws_until(25, "mitra") == Fraction(32, 3)
    with pytest.raises(ValueError):
        expected_throws_until(35)
    draw, n = _drawer(Rules(), 3), 3000
    waits = []
    for _ in range(n):
        k = 1
        while draw() != 25:
            k += 1
        waits.append(k)
    mean = sum(waits) / n
    sd = math.sqrt(1 - 1 / 64) * 64  # the geometric distribution's standard deviation
    assert abs(mean - 64) <= Z * sd / math.sqrt(n), mean
    wait = castle_wait_odds(per="throw", upto=80)
    for k in (1, 10, 64):
        assert wait[k] == Fraction(63, 64) ** (k - 1) / 64
    within_10 = sum(1 for w in waits if w <= 10) / n
    assert _close(within_10, float(sum(wait[k] for k in range(1, 11))), n)


def test_wait_on_the_25_castle_in_turns_on_the_engine():
    assert turn_has_value_chance(25) == Fraction(1, 57) and expected_turns_until(25) == 57
    assert expected_turns_until(25, "seven_cowries") == Fraction(16, 3)
    waits = castle_wait_odds(per="turn", upto=200)
    assert waits[1] == Fraction(1, 57) and waits[2] == Fraction(56, 57 * 57)
    assert castle_wait_odds(per="turn", upto=5, exact=False)[5] == pytest.approx(float(waits[5]))
    with pytest.raises(ValueError):
        castle_wait_odds(per="day")
    # South waits on step 59 (a castle-waiter passes everything but the 25 that takes it home)
    state0 = Game.from_position([[59, 84, 84, 84], None, [0, 0, 0, 0], None], seed=1).state

    def waiter(st):
        moves = st.legal_moves()
        return next((m for m in moves if m.end == 84), moves[-1])

    rng, cdf = random.Random(4), throw_cdf(Rules())
    n, in_turn, lengths = 6000, 0, []
    wait = 0
    for _ in range(n):
        _, moves, _ = _play_turn(state0, rng, cdf, waiter)
        wait += 1
        if moves and moves[0].end == 84 or any(m.end == 84 for m in moves):
            in_turn += 1
            lengths.append(wait)
            wait = 0
    assert _close(in_turn / n, 1 / 57, n)
    m = len(lengths)
    mean = sum(lengths) / m
    sd = math.sqrt(1 - 1 / 57) * 57
    assert abs(mean - 57) <= Z * sd / math.sqrt(m), mean
    assert _close(sum(1 for w in lengths if w == 1) / m, float(waits[1]), m)


# -- being hit ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "north", [[84, 84, 84, 62], [84, 84, 61, 62], [0, 0, 61, 62], [84, 84, 54, 59]]
)
def test_hit_chance_on_the_engine(north):
    target = support.north_step(30)
    assert target == 64
    position = [[30, 84, 84, 84], None, north, None]
    exact = hit_chance(position, 0, 30)
    g = Game.from_position(position, to_move=2, seed=1)
    assert hit_chance(g.state, 0, 30) == exact  # a GameState works too
    assert hit_chance(position, 0, 30, exact=False) == pytest.approx(float(exact))
    on_board = any(0 < t < 84 for t in north)
    decide = _follow_model(_TurnModel(Rules(), True, target, on_board), lambda st: target)
    rng, cdf, n, hits = random.Random(sum(north)), throw_cdf(Rules()), 3000, 0
    for _ in range(n):
        _, moves, _ = _play_turn(g.state, rng, cdf, decide)
        hits += any(m.captures for m in moves)
    assert _close(hits / n, float(exact), n), (north, hits / n, float(exact))


def test_hit_chance_values():
    south_30 = [[30, 84, 84, 84], None, [84, 84, 84, 62], None]
    assert hit_chance(south_30, 0, 30) == Fraction(15, 56)  # North 2 behind: as reaching 2
    assert hit_chance([[29, 84, 84, 84], None, [84, 84, 84, 61], None], 0, 29) == 0  # a castle
    assert hit_chance([[5, 84, 84, 84], None, [84, 84, 84, 40], None], 0, 5) == 0  # own column
    assert hit_chance([[30, 84, 84, 84], None, [84, 84, 84, 66], None], 0, 30) == 0  # North past it
    partner = [[30, 84, 84, 84], [84] * 4, [84, 84, 84, 62], [84] * 4]
    assert hit_chance(partner, 0, 30, Rules(teams=True)) == 0  # North is South's partner
    # two opponents, each one turn: 1 - (1 - a)(1 - b)
    east = ((30 - 8) - 17) % 68 + 8 - 3  # East 3 behind the same square
    both = [[30, 84, 84, 84], [84, 84, 84, east], [84, 84, 84, 62], [84] * 4]
    a, b = reach_chance(2), reach_chance(3)
    assert hit_chance(both, 0, 30) == 1 - (1 - a) * (1 - b)
    assert hit_chance(both, 0, 30, Rules(teams=True)) == b  # North is South's partner


# -- limits: every numeric argument checked, with what is allowed ----------------------------


def test_the_instruments_refuse_bad_limits_and_seats():
    from pachisi_widget import probability

    st = Game.from_position([[0, 30, 0, 0], None, [84, 84, 84, 62], None], seed=1).state
    for bad in (-1, 10**9, "10", 2.0, True):
        with pytest.raises(ValueError, match=r"graces_max must be a whole number from 0 to 40"):
            probability.danger_map(st, 0, graces_max=bad)
    for bad in (-1, 1000, "4", None):
        with pytest.raises(ValueError, match=r"throws_max must be a whole number from 0 to 40"):
            probability.reach_map(st, 0, 1, throws_max=bad)
    position = [[0, 30, 0, 0], None, [84, 84, 84, 62], None]
    for bad in (7, -1, 4, "0", True):
        with pytest.raises(ValueError, match="seat must be"):
            hit_chance(position, bad, 30)
    with pytest.raises(ValueError, match=r"seats in play \[0, 2\], not 1"):
        hit_chance(position, 1, 30)
    with pytest.raises(ValueError, match="step must be a whole number from 0 to 84"):
        hit_chance(position, 0, 85)
    with pytest.raises(ValueError, match=r"position\[2\] must be four steps"):
        hit_chance([[0, 30, 0, 0], None, [84, 84, 99], None], 0, 30)
    with pytest.raises(ValueError, match="four entries"):
        hit_chance("board", 0, 30)
    # the largest limits allowed still answer
    assert probability.danger_map(st, 0, graces_max=40)
    assert sum(probability.reach_map(st, 0, 1, throws_max=40).values()) == 1


def test_the_reach_map_under_throw_then_move_merges_the_orders_of_a_pool():
    from pachisi_widget import probability

    # eight throws already in the pool, the series still going: once 7**8 orders, now their
    # multisets (and the map is the same as playing each order on the engine would give)
    st = Game.from_position(
        [[20, 30, 0, 0], None, [0, 0, 40, 50], None], seed=3, rules="cowrie_skill"
    ).state
    st = st._replace(pool=(10, 25, 7, 10, 14, 25, 7, 30))
    r = probability.reach_map(st, 0, 0, exact=False, throws_max=3)
    shuffled = probability.reach_map(
        st._replace(pool=(25, 10, 14, 7, 25, 10, 7, 30)), 0, 0, exact=False, throws_max=3
    )
    assert sum(r.values()) == pytest.approx(1) and r == pytest.approx(shuffled)


# -- the danger map and hit_chance against an enumeration written from RULES.md ---------------
#
# The reference below knows nothing of probability.py: it plays every throw sequence of a few
# throws with every play RULES.md allows (sections 3-5), one opponent seat, its pieces given as
# steps of its own track; the castles held against it are given as steps too. What a throw may
# do and what a series leaves are support.rules_uses and support.rules_series (test_capture_bound
# plays the same turn, captures' extra throws counted).


def _lands_each(rules, seq, pieces, fresh, blocked, target):
    """move_each_throw: can some play of the throws ``seq`` (in order) land on ``target``?
    The series goes on while a throw is a grace for the play as it stands when it is thrown."""
    if not seq:
        return False
    v, rest = seq[0], seq[1:]
    go_on = support.rules_is_grace(rules, v, pieces)
    plays = [(after, fr) for after, fr, _ in support.rules_uses(rules, v, pieces, fresh, blocked)]
    for after, fr in [(pieces, fresh), *plays]:
        if after != pieces and target in after and target not in pieces:
            return True
        if go_on and _lands_each(rules, rest, after, fr, blocked, target):
            return True
    return False


def _lands_pool(rules, pool, pieces, fresh, blocked, target):
    """Can the pool, spent in any order (each throw on one piece, the rest passed), land on it?"""
    for i, v in enumerate(pool):
        rest = pool[:i] + pool[i + 1 :]
        for after, fr, _ in support.rules_uses(rules, v, pieces, fresh, blocked):
            if target in after and target not in pieces:
                return True
            if _lands_pool(rules, rest, after, fr, blocked, target):
                return True
    return False


def _reference(rules, pieces, target, blocked=frozenset(), n=4):
    """P(the turn's throws allow a landing on ``target``), series cut after n throws."""
    fresh = all(t == 0 for t in pieces)
    on_board = any(0 < t < 84 for t in pieces)

    def lands(seq) -> bool:
        if rules.turn_mode == "throw_then_move":
            pool, _ = support.rules_series(rules, seq, on_board)
            return _lands_pool(rules, tuple(pool), tuple(pieces), fresh, blocked, target)
        return _lands_each(rules, seq, tuple(pieces), fresh, blocked, target)

    return support.sequences_chance(list(throw_odds(rules).items()), n, lands)


REFERENCE_CASES = [
    # preset, North's steps, South's steps (its piece on the target is the last)
    ("classic", [0, 84, 84, 50], [84, 84, 84, 30]),  # an entry grace may be passed
    ("classic", [0, 0, 84, 60], [84, 84, 25, 30]),  # South holds the castle on North's 59
    ("seven_cowries", [0, 84, 84, 84], [84, 84, 84, 44]),  # a bonus grace once a piece is in
    ("seven_cowries", [0, 84, 84, 57], [84, 84, 84, 30]),
    ("mitra", [20, 40, 0, 84], [84, 84, 84, 44]),  # 25 first or 10 first: any order
    ("mitra", [0, 0, 0, 0], [84, 84, 84, 52]),  # the first piece leaves on any throw
    ("cowrie_skill", [0, 84, 84, 40], [84, 84, 84, 30]),  # cancelling, pyada
    ("cowrie_skill", [0, 0, 84, 48], [84, 84, 84, 30]),
]


@pytest.mark.parametrize("preset, north, south", REFERENCE_CASES)
def test_danger_map_and_hit_chance_against_the_enumeration(preset, north, south):
    from pachisi_widget import board, probability

    rules = Rules.preset(preset)
    st = Game.from_position([south, None, north, None], rules=rules, seed=1).state
    blocked = frozenset(support.north_step(s) for s in south if s in support.RULES_CASTLES)
    target = support.north_step(south[-1])
    n = 4
    want = _reference(rules, north, target, blocked, n)
    got = probability.danger_map(st, 0, exact=True, graces_max=n - 1)[board.square(0, south[-1])]
    assert got == want, (preset, float(got), float(want))
    # the default follows the series until what is left out weighs < 1e-15: it can only add
    full = probability.danger_map(st, 0, exact=False)[board.square(0, south[-1])]
    # (with floats, the map may end series weighing at most FLOAT_ERROR early)
    assert full >= float(want) - probability.FLOAT_ERROR
    hit = hit_chance(st, 0, south[-1], exact=False)
    assert hit <= full + probability.FLOAT_ERROR  # the map is never below hit_chance
    if rules.turn_mode == "throw_then_move":  # the pool is seen whole: the two agree
        assert hit == pytest.approx(full, abs=probability.FLOAT_ERROR)


def _seeing_the_pool(state):
    """A decide() that sees the whole pool (throw_then_move): the first move of a sequence of
    the engine's own legal moves that captures, else a pass."""

    def path(st):
        for m in st.legal_moves()[:-1]:
            if m.captures:
                return [m]
            after = st.apply(m)
            if after.phase == "move" and after.to_move == st.to_move and after.turn == st.turn:
                rest = path(after)
                if rest:
                    return [m, *rest]
        return None

    def decide(st):
        found = path(st)
        return found[0] if found else st.legal_moves()[-1]

    return decide


@pytest.mark.parametrize(
    "preset, north, south",
    [("mitra", [20, 40, 0, 84], 44), ("cowrie_skill", [0, 84, 84, 40], 30)],
)
def test_hit_chance_under_throw_then_move_on_the_engine(preset, north, south):
    # the whole series is thrown before North moves: hit_chance sees the pool at once, and so
    # does this player, which searches the engine's legal moves for a capture
    rules = Rules.preset(preset)
    position = [[84, 84, 84, south], None, north, None]
    exact = hit_chance(position, 0, south, rules, exact=False)
    g = Game.from_position(position, rules=rules, to_move=2, seed=1)
    rng, cdf, n, hits = random.Random(7), throw_cdf(rules), 3000, 0
    decide = _seeing_the_pool(g.state)
    for _ in range(n):
        _, moves, _ = _play_turn(g.state, rng, cdf, decide)
        hits += any(m.captures for m in moves)
    assert _close(hits / n, exact, n), (preset, hits / n, exact)


def test_bonus_graces_count_from_the_throw_a_piece_enters():
    # seven cowries: North has no piece on the board; once a grace enters one, a 7 or a 14 gives
    # another throw (RULES.md section 4, bonus graces "at the moment of the throw")
    rules = Rules.preset("seven_cowries")
    position = [[84, 84, 84, 30], None, [0, 84, 84, 84], None]
    hit = hit_chance(position, 0, 30, rules)
    target = support.north_step(30)
    assert hit == _TurnModel(rules, True, target, False).value(((), 1, False, False))
    # counting them only when a piece was on the board as the turn began gives less
    p = throw_odds(rules)
    assert hit > 0 and p[7] > 0
    g = Game.from_position(position, rules=rules, to_move=2, seed=1)
    model = _TurnModel(rules, True, target, False)

    def decide(st):
        mine = st.pieces[2]
        state = (
            tuple(sorted(target - t for t in mine if 0 < t < target)),
            sum(1 for t in mine if t == 0),
            any(0 < t < 84 for t in mine),
            False,
        )
        best = model.best(state, st.pool[0])
        moves = st.legal_moves()
        if best == "hit":
            return next(m for m in moves if m.captures)
        if best is None:
            return moves[-1]
        for m in moves[:-1]:
            after = st.apply(m).pieces[2]
            got = tuple(sorted(target - t for t in after if 0 < t < target))
            if got == best[0] and sum(1 for t in after if t == 0) == best[1]:
                return m
        return moves[-1]

    rng, cdf, n, hits = random.Random(11), throw_cdf(rules), 4000, 0
    for _ in range(n):
        _, moves, _ = _play_turn(g.state, rng, cdf, decide)
        hits += any(m.captures for m in moves)
    assert _close(hits / n, float(hit), n), (hits / n, float(hit))


def test_hit_chance_with_an_error_bound_stays_within_it():
    # West far behind with pieces waiting: the exact answer follows every far piece; with an
    # error bound the pieces that can hardly hit are left out, and the answer stays within it
    position = [[84, 84, 84, 52], None, [84, 84, 84, 84], [84, 84, 33, 0]]
    exact = hit_chance(position, 0, 52, exact=False)
    for error in (1e-3, 1e-5):
        quick = hit_chance(position, 0, 52, exact=False, error=error)
        assert exact - error <= quick <= exact + 1e-15
    for bad in (-1e-3, 0.5, "1e-3", True):
        with pytest.raises(ValueError, match="error must be a number from 0 to 0.01"):
            hit_chance(position, 0, 52, exact=False, error=bad)
    with pytest.raises(ValueError, match="0 when exact=True"):
        hit_chance(position, 0, 52, error=1e-3)
