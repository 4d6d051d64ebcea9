"""Tree diagrams of chances (pachisi_widget.trees, pachisi_widget.charts.Tree): the numbers a
tree shows are the package's exact answers, and both pictures draw the same tree."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

import pachisi_widget as pw
from pachisi_widget import board, probability, trees
from pachisi_widget.charts import Branch, Tree, chance_words, tree

TARGET = 40
NORTH = board.step_of(2, board.square(0, TARGET))


def behind(*distances, waiting=0):
    pieces = [NORTH - d for d in distances] + [0] * waiting
    pieces += [board.HOME] * (4 - len(pieces))
    return [[TARGET, board.HOME, board.HOME, 0], None, pieces, None]


@pytest.mark.parametrize(
    "rules", [None, pw.Rules.preset("seven_cowries"), pw.Rules(p_mouth_up=Fraction(3, 5))]
)
@pytest.mark.parametrize("throws", [1, 3, 6])
def test_a_grace_tree_is_the_turn_length_distribution(rules, throws):
    t = trees.grace_tree(rules, throws=throws)
    odds = probability.turn_length_odds(rules, max_throws=throws)
    g = pw.throws.grace_probability(rules or pw.Rules(), on_board=True)
    chances = [p for _, p, _ in t.leaves()]
    assert chances == [*odds.values(), g**throws]  # each turn length, then the chain going on
    assert t.leaf_sum() == 1
    assert t.total() == t.answer == g**throws  # k graces in a row: the product along a branch
    path, p, last = t.leaves()[-1]
    assert len(path) == throws and last.kind == "more"
    assert chance_words(p) in t.svg()


@pytest.mark.parametrize(
    "position",
    [behind(d) for d in range(1, 31)]
    + [behind(2, 3), behind(4, 5), behind(3, 12, 27), behind(10, 2), behind(12, waiting=2)],
)
def test_the_leaves_that_hit_add_up_to_hit_chance(position):
    t = trees.hit_tree(position, 0, TARGET)
    exact = probability.hit_chance(position, 0, TARGET)
    assert t.total() == t.answer == exact
    assert t.leaf_sum() == 1  # every way the turn can go is in the tree
    for _, _, leaf in t.leaves():
        assert leaf.kind in ("yes", "no", "more")


def test_a_hit_tree_is_the_geometric_series():
    q, g = probability.throw_odds()[2], Fraction(1, 8)
    t = trees.hit_tree(behind(2), 0, TARGET, throws=3)
    hits = [p for _, p, b in t.leaves() if b.kind == "yes"]
    assert hits == [q, g * q, g * g * q]  # a 2 at the first, second or third throw
    (more,) = [b for _, _, b in t.leaves() if b.kind == "more"]
    assert more.counts == q / (1 - g)  # after three graces, as at the start
    assert "15/64 + 15/512 + 15/4096 + 1/512 × 15/56 = 15/56" in t.note


def test_a_hit_tree_shows_a_grace_bringing_a_piece_closer():
    t = trees.hit_tree(behind(3, 12, 27), 0, TARGET, throws=1)
    labels = [path[0] for path, _, _ in t.leaves()]
    assert "grace 10: 12 → 2 behind" in labels and "grace 25: 27 → 2 behind" in labels
    ro = trees.hit_tree(behind(3, 12, 27), 0, TARGET, throws=1, lang="ro")
    assert "har 10: 12 → 2 în urmă" in [path[0] for path, _, _ in ro.leaves()]
    assert ro.total() == t.total()


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_a_hit_tree_writes_its_chances_one_way(lang):
    # lesson 5b's trees: fractions where every number is a short one (2 behind, as the lesson
    # works it by hand), decimals to 4 places where one would not be (3, 12 and 27 behind: the
    # lesson's exact value 0.3869), never the two mixed
    mark = "," if lang == "ro" else "."
    fractions = trees.hit_tree(behind(2), 0, TARGET, throws=3, lang=lang)
    decimals = trees.hit_tree(behind(3, 12, 27), 0, TARGET, throws=1, lang=lang)
    going = [  # each leaf's chance of a hit from there on, as its words write it
        [b.leaf.rsplit(": ", 1)[1] for _, _, b in t.leaves() if b.kind == "more"]
        for t in (fractions, decimals)
    ]
    assert going[0] == ["15/56"]
    assert going[1] == [f"0{mark}6251", f"0{mark}6250", f"0{mark}3869"]  # 677/1083 the first
    assert "/" not in decimals.note.split("=", 1)[1] and decimals.note.endswith(f"≈ 0{mark}3869")
    assert f"0{mark}" not in fractions.note
    assert (
        decimals.total() == decimals.answer == probability.hit_chance(behind(3, 12, 27), 0, TARGET)
    )


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_a_grace_tree_writes_its_chances_one_way(lang):
    # lesson 3's tree of three throws in fractions, as the lesson multiplies them by hand; five
    # throws (1/32768 at the end) all in decimals, the smallest with its significant digits
    mark = "," if lang == "ro" else "."
    three = trees.grace_tree(throws=3, lang=lang).note
    assert "1/8 × 1/8 × 1/8 = 1/512" in three and f"0{mark}" not in three
    five = trees.grace_tree(throws=5, lang=lang).note
    assert "/" not in five and not re.search(r"0[.,]0000(?!\d)", five)  # never "= 0.0000"
    assert f"= 0{mark}00003052." in five and f"+ 0{mark}0002136 +" in five


def test_a_hit_tree_of_a_game_state_and_of_several_opponents():
    game = pw.Game.from_position(behind(2, 3), to_move=2, seed=1)
    assert trees.hit_tree(game.state, 0, TARGET).total() == Fraction(5, 8)
    four = [[TARGET, 84, 84, 0], [0, 0, 0, 0], [NORTH - 2, 84, 84, 84], [0, 0, 0, 0]]
    with pytest.raises(ValueError, match="by="):
        trees.hit_tree(four, 0, TARGET)
    north = trees.hit_tree(four, 0, TARGET, by=2)
    assert north.total() == north.answer == Fraction(15, 56)
    miss = 1
    for o in (1, 2, 3):
        miss *= 1 - trees.hit_tree(four, 0, TARGET, by=o).answer
    assert 1 - miss == probability.hit_chance(four, 0, TARGET)


@pytest.mark.parametrize(
    ("call", "says"),
    [
        (lambda: trees.hit_tree(behind(2), 0, 29), "cannot be hit"),
        (lambda: trees.hit_tree(behind(2), 0, TARGET, throws=0), "throws must be"),
        (lambda: trees.hit_tree(behind(2), 0, TARGET, throws=True), "throws must be"),
        (lambda: trees.hit_tree(behind(2), 1, TARGET), "seat must be"),
        (lambda: trees.hit_tree(behind(2), 0, TARGET, by=0), "by must be"),
        (
            lambda: trees.hit_tree(behind(2), 0, TARGET, rules=pw.Rules.preset("cowrie_skill")),
            "throw_then_move",
        ),
        (lambda: trees.grace_tree(throws=7), "1 to 6"),
        (lambda: Branch("a", 1.5), "from 0 to 1"),
        (lambda: Branch("a", "half"), "a probability"),
        (lambda: Branch("a", 0.5, kind="maybe"), "kind must be"),
        (lambda: Branch("a", 0.5, then=[1]), "Branch"),
        (lambda: Tree([]), "at least one Branch"),
    ],
)
def test_bad_input_is_refused_clearly(call, says):
    with pytest.raises(ValueError, match=says):
        call()


def test_the_words_and_numbers_follow_the_language():
    en = trees.hit_tree(behind(2), 0, TARGET)
    ro = trees.hit_tree(behind(2), 0, TARGET, lang="ro")
    assert en.title == "North's turn: is South's piece on step 40 hit?"
    assert ro.title == "Tura lui Nord: este capturată piesa lui Sud de pe pătratul 40?"
    assert "15/64 ≈ 23.4%" in en.svg() and "15/64 ≈ 23,4%" in ro.svg()
    assert "P(captură)" in ro.note
    grace = trees.grace_tree(lang="ro")
    assert "tura se încheie după o aruncare" in grace.svg()
    assert "3 haruri la rând" in grace.svg()
    assert chance_words(Fraction(5, 16), ",") == "5/16 = 31,25%"  # exact: never "≈ 31,2%"
    assert chance_words(Fraction(41, 4096)) == "41/4096 ≈ 1.00%"


def test_the_picture_is_readable_and_both_paths_draw_the_same():
    t = trees.grace_tree(throws=3)
    svg = t.svg()
    assert svg.startswith("<svg") and "<desc>" in svg and "aria-label" in svg
    sizes = [int(s) for s in __import__("re").findall(r"font-size='(\d+)'", svg)]
    assert min(sizes) >= 14  # a projector's back row
    width, _ = t.layout()["size"]
    assert width <= 1000  # fits a notebook's page without shrinking its text
    assert tree(t.branches, title=t.title, note=t.note) == svg
    mpl = pytest.importorskip("matplotlib")
    mpl.use("Agg")
    fig = t.plot()
    drawn = [x.get_text() for x in fig.axes[0].texts]
    assert drawn == [words for _, _, words, *_ in t.layout()["texts"]]
    import matplotlib.pyplot as plt

    plt.close(fig)


def test_a_refusal_speaks_the_sessions_language():
    pw.set_language("ro")
    try:
        with pytest.raises(ValueError, match="nu poate fi capturată"):
            trees.hit_tree(behind(2), 0, 29)
        with pytest.raises(ValueError, match="de la 0 la 1, nu 1.5"):
            Branch("2", 1.5)
        with pytest.raises(ValueError, match="alege cu `by=`"):
            trees.hit_tree([[TARGET, 84, 84, 0], [0] * 4, [NORTH - 2, 84, 84, 84], None], 0, TARGET)
    finally:
        pw.set_language("en")
