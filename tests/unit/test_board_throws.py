"""Board geometry (RULES.md 1), throw tables and exact odds (RULES.md 2), Rules options (4).

Expected values are written out from RULES.md, not computed with the engine's own helpers.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

import pachisi_widget as pw
from pachisi_widget import board, probability, throws
from pachisi_widget.rules import PRESETS

# -- board ----------------------------------------------------------------------------------

SOUTH_TABLE = (
    # RULES.md 1.1, South's track written out square by square
    [(9, 7 - i) for i in range(8)]  # 1..8
    + [(10, i) for i in range(8)]  # 9..16
    + [(11 + i, 8) for i in range(8)]
    + [(18, 9), (18, 10)]  # 17..26
    + [(17 - i, 10) for i in range(7)]  # 27..33
    + [(10, 11 + i) for i in range(8)]
    + [(9, 18), (8, 18)]  # 34..43
    + [(8, 17 - i) for i in range(7)]  # 44..50
    + [(7 - i, 10) for i in range(8)]
    + [(0, 9), (0, 8)]  # 51..60
    + [(1 + i, 8) for i in range(7)]  # 61..67
    + [(8, 7 - i) for i in range(8)]  # 68..75
    + [(9, 0)]  # 76
    + [(9, 1 + i) for i in range(7)]  # 77..83
)

CASTLES_BY_ARM = {
    "S": {(9, 0), (8, 3), (10, 3)},
    "E": {(18, 9), (15, 8), (15, 10)},
    "N": {(9, 18), (8, 15), (10, 15)},
    "W": {(0, 9), (3, 8), (3, 10)},
}
CASTLE_STEPS = {8, 12, 21, 25, 29, 38, 42, 46, 55, 59, 63, 72, 76}


def _in_arm(x, y):
    return (8 <= x <= 10) != (8 <= y <= 10)


def test_ninety_six_squares_in_four_arms():
    squares = set(board.SQUARES)
    assert len(board.SQUARES) == 96 == len(squares)
    assert squares == {(x, y) for x in range(19) for y in range(19) if _in_arm(x, y)}
    arms = {
        "S": {(x, y) for x in range(8, 11) for y in range(0, 8)},
        "E": {(x, y) for x in range(11, 19) for y in range(8, 11)},
        "N": {(x, y) for x in range(8, 11) for y in range(11, 19)},
        "W": {(x, y) for x in range(0, 8) for y in range(8, 11)},
    }
    assert all(len(a) == 24 for a in arms.values())
    assert set().union(*arms.values()) == squares


def test_south_track_matches_the_table_of_rules_1_1():
    assert len(SOUTH_TABLE) == 83
    assert [board.square(0, s) for s in range(1, 84)] == SOUTH_TABLE
    assert board.square(0, 0) is None and board.square(0, 84) is None
    assert len(board.track(0)) == 85


def test_eighty_three_board_steps_and_a_68_square_loop():
    for seat in range(4):
        steps = [board.square(seat, s) for s in range(1, 84)]
        assert all(sq is not None for sq in steps)
        # 83 steps, but the own middle column is used twice: 83 - 8 = 75 distinct squares
        assert len(set(steps)) == 75
        loop = {board.square(seat, s) for s in range(8, 76)}
        assert len(loop) == 68
    shared = set.intersection(*({board.square(k, s) for s in range(8, 76)} for k in range(4)))
    assert len(shared) == 68


@pytest.mark.parametrize("seat", range(4))
def test_step_n_and_84_minus_n_are_one_square(seat):
    for n in range(1, 9):
        assert board.square(seat, n) == board.square(seat, 84 - n)
    # and no other pair of steps share a square
    seen = {}
    for s in range(1, 84):
        seen.setdefault(board.square(seat, s), []).append(s)
    doubles = sorted(tuple(v) for v in seen.values() if len(v) > 1)
    assert doubles == [(n, 84 - n) for n in range(1, 9)]


@pytest.mark.parametrize("seat", range(4))
def test_seat_track_is_south_turned(seat):
    for s in range(1, 84):
        x, y = SOUTH_TABLE[s - 1]
        for _ in range(seat):
            x, y = 18 - y, x
        assert board.square(seat, s) == (x, y)
    assert board.rot(9, 0) == (18, 9)  # S tip -> E tip
    assert board.rot(9, 0, 2) == (9, 18)
    assert board.rot(9, 0, 3) == (0, 9)
    assert board.rot(9, 0, 4) == (9, 0)


def test_own_middle_column_is_private():
    """Only the owner ever stands on steps 1..7 and 77..83: no other seat's track visits them."""
    for seat in range(4):
        private = {board.square(seat, s) for s in list(range(1, 8)) + list(range(77, 84))}
        assert len(private) == 7
        for other in range(4):
            if other != seat:
                assert not private & {board.square(other, s) for s in range(1, 84)}


@pytest.mark.parametrize("k", range(4))
def test_perimeter_formula(k):
    for step_s in range(8, 76):
        step_k = ((step_s - 8) - 17 * k) % 68 + 8
        assert board.square(0, step_s) == board.square(k, step_k)


@pytest.mark.parametrize("seat", range(4))
def test_diagonal_steps_across_inner_corners(seat):
    diagonal = []
    for s in range(1, 83):
        (x0, y0), (x1, y1) = board.square(seat, s), board.square(seat, s + 1)
        dx, dy = abs(x1 - x0), abs(y1 - y0)
        assert (dx, dy) in {(1, 0), (0, 1), (1, 1)}, (s, (x0, y0), (x1, y1))
        if (dx, dy) == (1, 1):
            diagonal.append(s)
    assert diagonal == [16, 33, 50, 67]
    if seat == 0:
        assert (board.square(0, 16), board.square(0, 17)) == ((10, 7), (11, 8))


def test_castle_squares_exactly_as_rules_1_2():
    expected = set().union(*CASTLES_BY_ARM.values())
    assert len(expected) == 12
    assert set(board.CASTLE_SQUARES) == expected
    assert set(board.CASTLE_STEPS) == CASTLE_STEPS
    for seat in range(4):
        castle_sqs = {
            board.square(seat, s) for s in range(1, 84) if board.square(seat, s) in expected
        }
        assert castle_sqs == expected
        steps_on_castles = {s for s in range(1, 84) if board.square(seat, s) in expected}
        assert steps_on_castles == CASTLE_STEPS
    assert all(board.is_castle(s) for s in CASTLE_STEPS)
    assert not any(board.is_castle(s) for s in set(range(85)) - CASTLE_STEPS)
    # layout agrees
    lay = board.layout()
    assert {(q["x"], q["y"]) for q in lay["squares"] if q["castle"]} == expected
    assert len(lay["squares"]) == 96


@pytest.mark.parametrize("seat, tip", [(0, (0, 9)), (1, (9, 0)), (2, (18, 9)), (3, (9, 18))])
def test_twenty_five_castle_per_seat(seat, tip):
    assert board.TWENTY_FIVE_STEP == 59 == 84 - 25
    assert board.square(seat, 59) == tip
    assert tip in board.CASTLE_SQUARES
    lay = board.layout()
    marked = {
        (q["x"], q["y"]): q["twenty_five"] for q in lay["squares"] if q["twenty_five"] is not None
    }
    assert marked == {(0, 9): 0, (9, 0): 1, (18, 9): 2, (9, 18): 3}


def test_seat_tips_and_step_of():
    assert [board.square(k, 8) for k in range(4)] == [(9, 0), (18, 9), (9, 18), (0, 9)]
    assert board.step_of(0, (0, 9)) == 59
    assert board.step_of(1, (9, 0)) == 59
    assert board.step_of(0, (9, 7)) == 1
    assert board.step_of(1, (9, 5)) is None  # South's private column


@pytest.mark.parametrize("seat, step", [(4, 1), (-1, 1), (0, 85), (0, -1), (0, 1.0)])
def test_square_refuses_bad_arguments(seat, step):
    with pytest.raises(ValueError):
        board.square(seat, step)


# -- throws ---------------------------------------------------------------------------------

TABLES = {
    "bell6": (25, 10, 2, 3, 4, 5, 6),
    "mitra6": (6, 10, 2, 3, 4, 25, 12),
    "wiki7": (7, 10, 2, 3, 4, 25, 35, 14),
    "murray7": (7, 10, 2, 3, 4, 25, 30, 14),
}


def test_throw_tables_exactly_as_rules_2():
    assert {k: tuple(v) for k, v in pw.THROW_TABLES.items()} == TABLES


@pytest.mark.parametrize("name", TABLES)
def test_table_rules_derived_facts(name):
    r = pw.Rules(throw_table=name)
    assert r.table == TABLES[name]
    assert r.shells == len(TABLES[name]) - 1
    assert r.values == tuple(sorted(set(TABLES[name])))


@pytest.mark.parametrize("name", TABLES)
def test_distribution_p_half_is_binomial_over_2_to_n(name):
    table = TABLES[name]
    n = len(table) - 1
    dist = pw.throw_distribution(pw.Rules(throw_table=name))
    assert dist == {table[k]: Fraction(comb(n, k), 2**n) for k in range(n + 1)}
    assert sum(dist.values()) == 1
    assert all(isinstance(v, Fraction) for v in dist.values())


@pytest.mark.parametrize("name", TABLES)
@pytest.mark.parametrize("p", [Fraction(1, 3), 0.3, Fraction(9, 10)])
def test_distribution_biased(name, p):
    q = Fraction(p) if isinstance(p, Fraction) else Fraction(3, 10)
    table = TABLES[name]
    n = len(table) - 1
    dist = pw.throw_distribution(pw.Rules(throw_table=name, p_mouth_up=p))
    expected = {table[k]: comb(n, k) * q**k * (1 - q) ** (n - k) for k in range(n + 1)}
    assert dist == expected
    assert sum(dist.values()) == 1


def test_bell6_headline_numbers():
    r = pw.Rules()
    dist = pw.throw_distribution(r)
    assert dist[25] == Fraction(1, 64)
    assert dist[10] == Fraction(6, 64)
    assert dist[2] == Fraction(15, 64)
    assert dist[3] == Fraction(20, 64)
    assert throws.expected_value(r) == Fraction(271, 64)
    assert throws.grace_probability(r) == Fraction(8, 64)
    assert throws.grace_probability(r, on_board=False) == Fraction(8, 64)


def test_bell6_biased_exact():
    r = pw.Rules(p_mouth_up=Fraction(1, 3))
    dist = pw.throw_distribution(r)
    assert dist[25] == Fraction(2, 3) ** 6 == Fraction(64, 729)
    assert dist[6] == Fraction(1, 729)
    assert dist[10] == 6 * Fraction(1, 3) * Fraction(2, 3) ** 5 == Fraction(192, 729)
    ev = sum(v * pr for v, pr in dist.items())
    assert throws.expected_value(r) == ev
    assert throws.grace_probability(r) == Fraction(64 + 1 + 192, 729)


def test_float_p_is_read_as_its_decimal():
    assert throws.exact_p(0.3) == Fraction(3, 10)
    assert throws.exact_p(0.5) == Fraction(1, 2)
    assert throws.exact_p(Fraction(2, 7)) == Fraction(2, 7)


def test_up_distribution():
    d = throws.up_distribution(7, Fraction(1, 2))
    assert d == {k: Fraction(comb(7, k), 128) for k in range(8)}
    d = throws.up_distribution(6, Fraction(1, 4))
    assert d[6] == Fraction(1, 4096) and sum(d.values()) == 1


def test_seven_cowries_grace_probability_needs_a_piece_on_board_for_7_and_14():
    r = pw.Rules.preset("seven_cowries")
    # entry graces 10 (7/128), 25 (21/128), 35 (7/128); bonus 7 (1/128), 14 (1/128)
    assert throws.grace_probability(r, on_board=False) == Fraction(35, 128)
    assert throws.grace_probability(r, on_board=True) == Fraction(37, 128)


def test_turn_length_odds_classic():
    r = pw.Rules()
    g = Fraction(8, 64)
    d = probability.turn_length_odds(r, 6)
    assert d == {n: g ** (n - 1) * (1 - g) for n in range(1, 7)}
    assert d[1] == Fraction(7, 8) and d[2] == Fraction(7, 64)
    assert sum(d.values()) == 1 - g**6


def test_turn_length_odds_off_board_seven_cowries():
    r = pw.Rules.preset("seven_cowries")
    d = probability.turn_length_odds(r, 3, on_board=False)
    g = Fraction(35, 128)
    assert d == {1: 1 - g, 2: g * (1 - g), 3: g * g * (1 - g)}


def test_turn_total_odds_classic():
    r = pw.Rules()
    one = probability.turn_total_odds(r, 1)
    assert one == {
        2: Fraction(15, 64),
        3: Fraction(20, 64),
        4: Fraction(15, 64),
        5: Fraction(6, 64),
    }
    d = probability.turn_total_odds(r, 8)
    assert d[2] == Fraction(15, 64)
    assert d[8] == Fraction(1, 64) * Fraction(15, 64)  # 6 then 2
    assert d[12] == Fraction(6, 64) * Fraction(15, 64)  # 10 then 2 (6+6 throws on)
    assert d[9] == Fraction(1, 64) * Fraction(20, 64)  # 6 then 3
    assert 6 not in d and 7 not in d  # a 6 throws on, so a turn never totals 6 or 7
    assert sum(d.values()) == 1 - Fraction(8, 64) ** 8
    assert min(d) == 2


# -- Rules ----------------------------------------------------------------------------------


def test_rules_defaults():
    r = pw.Rules()
    assert r.throw_table == "bell6"
    assert r.p_mouth_up == 0.5
    assert r.entry_graces == frozenset({6, 10, 25})
    assert r.bonus_graces == frozenset()
    assert r.first_piece_any_throw is True
    assert r.entry_mode == "square1"
    assert r.grace_moves_before_all_entered is False
    assert r.split_throw is False
    assert r.capture_extra_throw is True
    assert r.castle_blocks_enemy is True
    assert r.last_square_release == frozenset({10, 25})
    assert r.must_capture_before_home is False
    assert r.revenge_rule is False
    assert r.turn_mode == "move_each_throw"
    assert r.cancel_three is False
    assert r.pyada is False
    assert r.teams is False
    assert pw.Rules.preset("classic") == r


def test_preset_seven_cowries():
    r = pw.Rules.preset("seven_cowries")
    assert (r.throw_table, r.entry_graces, r.bonus_graces) == ("wiki7", {10, 25, 35}, {7, 14})
    assert (
        r.replace(throw_table="bell6", entry_graces={6, 10, 25}, bonus_graces=set()) == pw.Rules()
    )


def test_preset_cowrie_skill():
    r = pw.Rules.preset("cowrie_skill")
    assert r.throw_table == "murray7"
    assert r.entry_graces == {10, 25, 30} and r.bonus_graces == {7, 14}
    assert (r.turn_mode, r.cancel_three, r.pyada) == ("throw_then_move", True, True)
    assert (
        r.replace(
            throw_table="bell6",
            entry_graces={6, 10, 25},
            bonus_graces=set(),
            turn_mode="move_each_throw",
            cancel_three=False,
            pyada=False,
        )
        == pw.Rules()
    )


def test_preset_mitra():
    r = pw.Rules.preset("mitra")
    assert r.throw_table == "mitra6"
    assert r.entry_graces == {10, 25} and r.bonus_graces == {6, 12}
    assert (r.entry_mode, r.turn_mode) == ("count_from_charkoni", "throw_then_move")
    assert r.cancel_three is False and r.pyada is False
    assert (
        r.replace(
            throw_table="bell6",
            entry_graces={6, 10, 25},
            bonus_graces=set(),
            entry_mode="square1",
            turn_mode="move_each_throw",
        )
        == pw.Rules()
    )


def test_presets_listed_and_unknown_refused():
    assert set(PRESETS) == {"classic", "seven_cowries", "cowrie_skill", "mitra"}
    with pytest.raises(ValueError, match="nonesuch"):
        pw.Rules.preset("nonesuch")


def test_preset_composes_with_teams():
    r = pw.Rules.preset("classic").replace(teams=True)
    assert r.teams is True and r.replace(teams=False) == pw.Rules()
    g = pw.Game(players=4, rules=r, seed=1)
    assert g.rules.teams


def test_replace_returns_a_new_value():
    r = pw.Rules()
    r2 = r.replace(pyada=True, p_mouth_up=Fraction(2, 5))
    assert r2 is not r and r2.pyada and r2.p_mouth_up == Fraction(2, 5)
    assert r.pyada is False and r.p_mouth_up == 0.5
    assert hash(r2) == hash(pw.Rules(pyada=True, p_mouth_up=Fraction(2, 5)))
    with pytest.raises(TypeError, match="no_such_option"):
        r.replace(no_such_option=1)
    with pytest.raises(ValueError, match="p_mouth_up"):
        r.replace(p_mouth_up=0)


def test_grace_sets_normalised_to_frozensets():
    r = pw.Rules(entry_graces=[25, 10], bonus_graces=(7,), last_square_release=set())
    assert r.entry_graces == frozenset({10, 25}) and isinstance(r.entry_graces, frozenset)
    assert r.bonus_graces == frozenset({7})
    assert r.last_square_release == frozenset()


@pytest.mark.parametrize(
    "kwargs, option",
    [
        ({"throw_table": "bell7"}, "throw_table"),
        ({"p_mouth_up": 0}, "p_mouth_up"),
        ({"p_mouth_up": 1}, "p_mouth_up"),
        ({"p_mouth_up": 1.5}, "p_mouth_up"),
        ({"p_mouth_up": -0.1}, "p_mouth_up"),
        ({"p_mouth_up": "half"}, "p_mouth_up"),
        ({"p_mouth_up": True}, "p_mouth_up"),
        ({"cancel_three": True}, "cancel_three"),
        ({"cancel_three": True, "turn_mode": "move_each_throw"}, "cancel_three"),
        ({"turn_mode": "all_at_once"}, "turn_mode"),
        ({"entry_mode": "square25"}, "entry_mode"),
        ({"entry_graces": 25}, "entry_graces"),
        ({"entry_graces": "25"}, "entry_graces"),
        ({"entry_graces": {0}}, "entry_graces"),
        ({"bonus_graces": {7.5}}, "bonus_graces"),
        ({"last_square_release": {True}}, "last_square_release"),
        ({"pyada": 1}, "pyada"),
        ({"teams": "yes"}, "teams"),
        ({"split_throw": None}, "split_throw"),
    ],
)
def test_invalid_rules_name_the_option(kwargs, option):
    with pytest.raises(ValueError, match=option):
        pw.Rules(**kwargs)


@pytest.mark.parametrize("players", [2, 3])
def test_teams_need_four_players(players):
    with pytest.raises(ValueError, match="teams"):
        pw.Game(players=players, rules=pw.Rules(teams=True), seed=1)


def test_teams_from_position_needs_four_seats():
    with pytest.raises(ValueError, match="teams"):
        pw.Game.from_position([[0] * 4, None, [0] * 4, None], rules=pw.Rules(teams=True), seed=1)


def test_rules_dict_round_trip():
    for name in PRESETS:
        r = pw.Rules.preset(name).replace(p_mouth_up=Fraction(3, 7))
        assert pw.Rules.from_dict(r.to_dict()) == r
    with pytest.raises(ValueError, match="bogus"):
        pw.Rules.from_dict({"bogus": 1})


def test_choosing_a_table_alone_keeps_the_grace_sets():
    r = pw.Rules(throw_table="mitra6")
    assert r.entry_graces == {6, 10, 25} and r.bonus_graces == frozenset()
    g = pw.Game.from_position([[20, 0, 0, 0], None, [0, 0, 0, 0], None], rules=r, seed=1)
    t = g.throw(up=6)  # mitra6: 6 mouths up is a 12
    assert (t.value, t.grace, t.enters) == (12, False, False)
    assert {(m.start, m.end) for m in g.legal_moves()} == {(20, 32), (None, None)}
