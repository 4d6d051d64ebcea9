"""The extra throws won by captures: probability.capture_bound against an enumeration written
from RULES.md that counts them, for every preset; and the precision the board asks for.

The reference knows nothing of probability.py: it plays every sequence of a few throws with
every play RULES.md allows (sections 3-5), one opponent seat (North), its pieces given as steps
of its own track, the pieces it could capture and the castles held against it given as steps
too; a capture earns one more throw (move_each_throw, also after a grace: no double bonus) or
a new series once the pool is spent (throw_then_move).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
import support

from pachisi_widget import Game, Rules, board, practice, probability, view
from pachisi_widget.words import text


class _Turn:
    """One opponent's turn from RULES.md, extra throws for captures counted."""

    def __init__(self, rules, blocked, target):
        self.rules, self.blocked, self.target = rules, blocked, target

    def each(self, seq, pieces, fresh, victims) -> bool:
        """move_each_throw: can the throws ``seq`` (in order) land a piece on the target?"""
        if not seq:
            return False
        v, rest = seq[0], seq[1:]
        grace = support.rules_is_grace(self.rules, v, pieces)
        if grace and self.each(rest, pieces, fresh, victims):  # passed
            return True
        for after, fr, end in support.rules_uses(self.rules, v, pieces, fresh, self.blocked):
            if end == self.target:
                return True
            caught = end in victims
            if (grace or caught) and self.each(rest, after, fr, victims - {end}):
                return True
        return False

    def pooled(self, seq, pieces, fresh, victims) -> bool:
        if not seq:
            return False
        pool, took = support.rules_series(self.rules, seq, any(0 < t < 84 for t in pieces))
        return self.spend(tuple(pool), seq[took:], pieces, fresh, victims, False)

    def spend(self, pool, rest, pieces, fresh, victims, caught) -> bool:
        """The pool spent in any order, each throw on one piece, the rest passed; a capture
        brings a new series once it is spent."""
        if caught and self.pooled(rest, pieces, fresh, victims):
            return True
        for i, v in enumerate(pool):
            left = pool[:i] + pool[i + 1 :]
            for after, fr, end in support.rules_uses(self.rules, v, pieces, fresh, self.blocked):
                if end == self.target:
                    return True
                got = caught or end in victims
                if self.spend(left, rest, after, fr, victims - {end}, got):
                    return True
        return False


def _with_captures(rules, north, victims, target, blocked, n) -> Fraction:
    """P(the turn's throws, extra throws for captures counted, allow a landing on the target);
    sequences cut after n throws."""
    turn = _Turn(rules, blocked, target)
    values = list(probability.throw_odds(rules).items())
    fresh = all(t == 0 for t in north)
    play = turn.pooled if rules.turn_mode == "throw_then_move" else turn.each
    return support.sequences_chance(
        values, n, lambda seq: play(seq, tuple(north), fresh, frozenset(victims))
    )


CASES = [
    # preset, North's steps, South's steps (its piece on the target is the last): South's 18
    # is North's 52, two ahead of North's 50; the target, South's 28, is North's 62
    ("classic", [0, 84, 84, 50], [84, 84, 18, 28]),  # a 2 captures, the extra 10 lands
    ("seven_cowries", [0, 84, 84, 50], [84, 84, 18, 28]),
    ("mitra", [20, 50, 0, 84], [84, 84, 18, 28]),  # the 2's capture brings a new series
    ("cowrie_skill", [0, 84, 84, 50], [84, 84, 18, 28]),  # pyada, cancelling
    ("classic", [0, 0, 84, 50], [84, 25, 18, 28]),  # South holds the castle on North's 59
]


@pytest.mark.parametrize("preset, north, south", CASES)
def test_the_bound_holds_against_an_enumeration_that_counts_the_extra_throws(preset, north, south):
    rules = Rules.preset(preset)
    st = Game.from_position([south, None, north, None], rules=rules, seed=1).state
    blocked = frozenset(support.north_step(s) for s in south if s in support.RULES_CASTLES)
    victims = {
        support.north_step(s)
        for s in south[:-1]
        if 0 < s < 77 and s not in support.RULES_CASTLES | set(range(8))
    }
    target = support.north_step(south[-1])
    n = 4
    shown, bounds = probability._danger(st, 0, True, n - 1, 0.0, bounds=True)
    square = board.square(0, south[-1])
    truth = _with_captures(rules, north, victims, target, blocked, n)
    assert shown[square] < truth, (preset, float(shown[square]), float(truth))  # they count
    assert truth <= shown[square] + bounds[square], (preset, float(truth), float(bounds[square]))
    # the default (every series, floats) keeps the promise too, and the bound is its own
    full = probability.danger_map(st, 0)[square]
    assert probability.capture_bound(st, 0)[square] + full >= float(truth) - 1e-9


def test_no_capture_no_bound_and_the_refusals():
    st = Game.from_position([[0, 30, 0, 0], None, [84, 84, 84, 62], None], seed=1).state
    assert probability.capture_bound(st, 0, 30, exact=True) == 0
    assert max(probability.capture_bound(st, 0).values()) > 0  # capturing South's 30 first
    # (and then landing elsewhere: the map's squares ahead of it)
    with pytest.raises(ValueError, match="seat must be one of the seats in play"):
        probability.capture_bound(st, 1)
    with pytest.raises(ValueError, match="error must be a number from 0 to 0.01"):
        probability.capture_bound(st, 0, error=0.5)
    with pytest.raises(ValueError, match="0 when exact=True"):
        probability.danger_map(st, 0, exact=True, error=1e-4)


SHOWN = probability.SHOWN_ERROR


@pytest.mark.parametrize(
    "preset, position, errors",
    [
        ("classic", [[84, 84, 84, 24], None, [84, 84, 84, 84], [0, 84, 16, 84]], (0.0, SHOWN)),
        ("seven_cowries", [[84, 84, 84, 30], None, [0, 84, 84, 40], None], (0.0, SHOWN)),
        ("classic", [[84, 84, 84, 52], None, [84, 84, 84, 84], [84, 84, 33, 0]], (0.0, SHOWN)),
        # two waiting, whose chance to hit (0.08%) is within a tenth of a point
        ("seven_cowries", [[84, 84, 84, 30], None, [0, 0, 84, 84], None], (1e-3, 1e-2)),
    ],
)
def test_hit_chance_in_floats_stays_within_its_error_of_the_exact_fraction(
    preset, position, errors
):
    # move_each_throw: the pieces that could hardly hit are left out in floats, and a state
    # whose pieces could hardly hit at all counts 0 (the exact Fractions follow every one)
    rules = Rules.preset(preset)
    step = position[0][-1]
    exact = probability.hit_chance(position, 0, step, rules)
    for error in errors:
        got = probability.hit_chance(position, 0, step, rules, exact=False, error=error)
        assert float(exact) - max(error, probability.FLOAT_ERROR) <= got <= float(exact) + 1e-12


def test_a_practice_question_gives_the_fraction_when_quick_and_the_bound_for_captures():
    from pachisi_widget.hitting import _exact_hit

    quiet = Game.from_position([[12, 30, 0, 84], None, [25, 84, 84, 84], None], seed=2).state
    assert _exact_hit(quiet, 0, 30, 400) == probability.hit_chance(quiet, 0, 30)
    q = practice.question(quiet, "chance", step=30)
    assert q.why.code == "q_why_chance"  # nothing else North could capture
    crowded = [[0, 14, 30, 52], [9, 0, 40, 60], [0, 22, 47, 70], [18, 33, 0, 0]]
    st = Game.from_position(crowded, seed=3).state
    assert _exact_hit(st, 0, 52, 50) is None  # too many states for an exact answer at once
    q = practice.question(st, "chance", step=52)
    assert q.why.code == "q_why_chance_near_bound"
    bound = probability.capture_bound(st, 0, 52, error=probability.SHOWN_ERROR)
    assert q.why.params["at_most"] >= bound > 0
    for lang in ("en", "ro"):
        assert "%" in text(q.why.code, q.why.params, lang)


def test_the_danger_caption_says_the_bound_in_both_languages():
    st = Game.from_position([[0, 30, 0, 0], None, [84, 84, 84, 62], None], seed=1).state
    m = probability.danger_map(st, 0)
    shown = view.danger_view(st, m, "en", bound=0.0234)["legend"]["caption"]
    assert "at most 2.4%" in shown
    assert "cel mult 2,4%" in view.danger_view(st, m, "ro", bound=0.0234)["legend"]["caption"]
    assert (
        "no extra throw is left out"
        in view.danger_view(st, m, "en", bound=0.0)["legend"]["caption"]
    )


@pytest.mark.parametrize(
    "preset, position, graces_max",
    [
        ("mitra", [[84, 84, 84, 44], None, [20, 40, 0, 84], None], None),  # pooled, any order
        ("mitra", [[84, 84, 30, 74], None, [0, 0, 30, 84], None], None),  # two waiting
        # none of North's pieces on the board: no bonus grace, the third high throw cancels
        ("cowrie_skill", [[84, 84, 18, 49], None, [0, 0, 0, 0], None], None),
        # a piece on the board: every series to six graces (the exact default takes minutes)
        ("cowrie_skill", [[84, 84, 18, 28], None, [0, 84, 84, 50], None], 6),
        ("cowrie_skill", [[84, 30, 18, 28], [0, 84, 40, 84], [0, 84, 84, 50], None], 5),
    ],
)
def test_the_float_danger_map_and_hit_chance_stay_within_their_error_of_the_exact(
    preset, position, graces_max
):
    # throw_then_move: the floats end the least likely series early (at most `error`, or
    # FLOAT_ERROR, below the exact chance) and are never above it but for rounding
    rules = Rules.preset(preset)
    st = Game.from_position(position, rules=rules, seed=1).state
    exact = probability.danger_map(st, 0, exact=True, graces_max=graces_max)
    assert max(exact.values()) > 0.002
    for error in (0.0, probability.SHOWN_ERROR):
        floats = probability.danger_map(st, 0, graces_max=graces_max, error=error)
        low = max(error, probability.FLOAT_ERROR)
        for square, p in exact.items():
            assert float(p) - low <= floats[square] <= float(p) + 1e-12, (square, error)
    if graces_max is None:  # hit_chance: the map's chance on the square (the pool seen whole)
        step = position[0][-1]
        hit = probability.hit_chance(st, 0, step)
        assert hit == exact[board.square(0, step)] and hit > 0
        for error in (0.0, probability.SHOWN_ERROR):
            got = probability.hit_chance(st, 0, step, exact=False, error=error)
            assert float(hit) - max(error, probability.FLOAT_ERROR) <= got <= float(hit) + 1e-12


def _bound_from_every_landing(st, seat, step, exact):
    """capture_bound(st, seat, step, exact) as it read before it kept only two facts of each
    landing set: from the full sets of every opponent (the danger map's)."""
    from pachisi_widget import hitting, landings

    rules, pieces = st.rules, st.pieces
    one = Fraction(1) if exact else 1.0
    margin = hitting._slack_margin(exact, 0.0)
    shown = upper = one
    hits = hitting._hits(rules, pieces, st.fresh, seat, step, exact, 0.0)
    for o, te, blocked, privilege, hit in hits:
        each = 0.0 if exact else probability.FLOAT_ERROR / len(hits)
        sets = landings._landing_sets(rules, pieces[o], privilege, blocked, exact, None, each)
        targets = hitting._capturable(pieces, st.seats, rules, o)
        total, lands, alone = landings._capture_slack(sets, targets, exact)
        extra = 0 * one
        if targets & ~(1 << te):
            seen = lands if rules.turn_mode == "throw_then_move" else alone
            extra = total - seen.get(te, 0) + margin + (0 if exact else probability.FLOAT_ERROR)
        shown *= 1 - hit
        upper *= 1 - min(one, hit + extra)
    return shown - upper


@pytest.mark.parametrize("preset, north, south", CASES)
def test_the_bound_of_one_piece_reads_two_facts_of_each_landing_and_keeps_its_value(
    preset, north, south
):
    # capture_bound(step) asks each opponent's turn only whether it can land on the piece and
    # whether on another piece it could capture (the states merge): the same exact bound as
    # from every step landed on, with a castle held (the classic case) or none
    # (in floats for cowrie_skill, whose exact series take most of a minute: its pools are
    # spent as before, the two facts read after)
    rules = Rules.preset(preset)
    st = Game.from_position([south, None, north, None], rules=rules, seed=1).state
    exact = preset != "cowrie_skill"
    got = probability.capture_bound(st, 0, south[-1], exact=exact)
    want = _bound_from_every_landing(st, 0, south[-1], exact)
    assert got == pytest.approx(want, abs=0 if exact else 1e-12) and got > 0


@pytest.mark.parametrize("preset", ["seven_cowries", "mitra"])
def test_the_slack_reads_the_same_whichever_sets_it_adds_up(preset):
    # _capture_slack's `lands` adds up the sets that land on a target, or, when most do,
    # takes those that miss them all from the map's odds: the same chances (exact)
    from pachisi_widget import landings

    rules = Rules.preset(preset)
    north = (0, 20, 84, 50)
    sets = landings._landing_sets(rules, north, False, frozenset({29}), True, 3, 0.0)
    for targets in (1 << 52, landings._TARGETS):  # one square (few sets), every square (most)
        total, lands, alone = landings._capture_slack(sets, targets, True)
        caught = [(bits, pr) for bits, pr in sets if bits & targets]
        assert total == sum(pr for _, pr in caught)
        want = landings._marginals(caught, Fraction(0))
        assert {s: p for s, p in lands.items() if p} == want
        only: dict = {}
        for bits, pr in caught:
            hit = [s for s in range(85) if bits & targets & (1 << s)]
            if len(hit) == 1:
                only[hit[0]] = only.get(hit[0], 0) + pr
        assert alone == only
    assert 2 * sum(1 for bits, _ in sets if bits) > len(sets)  # (the second reads the odds)


@pytest.mark.parametrize("preset", ["classic", "seven_cowries", "cowrie_skill", "mitra"])
def test_a_throw_that_ends_the_turn_lands_where_its_ways_of_being_spent_do(preset):
    # _spender's `lands` (a throw that is no grace) is the union of what `spend` lands on
    from pachisi_widget import landings

    rules = Rules.preset(preset)
    allowed = landings._TARGETS & ~(1 << 29)
    spend, lands = landings._spender(rules, allowed)
    for v in rules.values:
        for w in (0, 1, 4):
            for fresh in (False, True):
                for mask in (0, 1 << 9, (1 << 20) | (1 << 27), (1 << 70) | (1 << 3)):
                    union = 0
                    for *_, new in spend(v, w, w < 4, fresh, mask):
                        union |= new
                    assert lands(v, w, fresh, mask) == union, (v, w, fresh, mask)


@pytest.mark.parametrize("preset", ["mitra", "seven_cowries"])
def test_castles_past_the_target_change_nothing_of_the_chance_of_being_hit(preset):
    # hit_chance leaves out the castles held beyond the target (pieces move forward: none
    # stops there on its way to it): South's 29 and 38 are North's 63 and 72, past North's
    # 62 (South's 28); South's 12 (North's 46) is short of it and counts
    from pachisi_widget import hitting, landings

    rules = Rules.preset(preset)
    position = [[12, 29, 38, 28], None, [20, 50, 0, 84], None]
    st = Game.from_position(position, rules=rules, seed=1).state
    blocked = landings._blocked(st.pieces, st.seats, rules, 2)
    assert blocked == {46, 63, 72}
    sets = landings._landing_sets(rules, st.pieces[2], False, blocked, True, None, 0.0)
    want = landings._landing_odds(sets, True).get(62, 0)
    if rules.turn_mode == "throw_then_move":
        assert probability.hit_chance(st, 0, 28) == want > 0
    short = landings._landing_sets(rules, st.pieces[2], False, frozenset({46}), True, None, 0.0)
    assert landings._landing_odds(short, True).get(62, 0) == want > 0
    ((*_, hit),) = hitting._hits(rules, st.pieces, st.fresh, 0, 28, True, 0.0)
    assert 0 < hit <= want  # (move_each_throw: the model, never above the map's chance)
