"""A class's tally of six coins or cowries against C(6, k)/64 (lessons.tally, lesson 02)."""

from __future__ import annotations

import math
from fractions import Fraction
from math import comb

import pytest

from pachisi_widget import charts, lessons
from pachisi_widget.lessons import tally

COUNTS = [3, 19, 47, 62, 46, 20, 3]  # 200 throws


def test_the_expected_counts_and_their_spread_are_binomial():
    t = tally(COUNTS, lang="en")
    assert t.throws == 200 and t.counts == tuple(COUNTS) and not t.simulated
    for k in range(7):
        p = Fraction(comb(6, k), 64)
        assert t.chances[k] == p and t.expected[k] == 200 * p
        assert math.isclose(t.spread[k], math.sqrt(200 * p * (1 - p)))
        assert t.low[k] == max(0.0, float(200 * p) - 2 * t.spread[k])
        assert math.isclose(t.high[k], float(200 * p) + 2 * t.spread[k])
    assert t.outside == ()
    lopsided = tally([0, 0, 0, 0, 0, 0, 64], lang="en")  # a two-headed coin
    assert lopsided.outside == (1, 2, 3, 4, 5, 6)  # k = 0 expects 1 ± 2, which 0 fits


def test_a_dict_of_counts_is_read_with_missing_ks_as_zero():
    assert tally({3: 5, 2: 4}, lang="en").counts == (0, 0, 4, 5, 0, 0, 0)
    assert tally((1.0, 2, 3, 4, 5, 6, 7), lang="en").counts == (1, 2, 3, 4, 5, 6, 7)


def test_the_table_says_which_counts_are_inside_in_each_language():
    en = tally(COUNTS, lang="en").table()
    assert "7 of the 7 counts lie inside expected ± 2 standard deviations, for 200 throws" in en
    assert " 3      62      62.5    49.4 – 75.6" in en
    ro = tally(COUNTS, lang="ro").table()
    assert "pentru 200 de aruncări" in ro and "62,5" in ro and "în interval" in ro
    odd = tally([0, 0, 0, 0, 0, 0, 64], lang="en")
    assert "outside!" in odd.table() and "1 of the 7 counts" in odd.table()
    assert repr(odd) == odd.table()


def test_no_counts_yet_shows_a_seeded_simulated_class_and_says_so():
    a, b = tally(...), tally(None, lang="ro")
    assert a.simulated and a.throws == 200 and a.counts == b.counts
    assert a.table().startswith("No counts yet: these are 200 throws of a simulated class")
    assert b.table().startswith("Încă nu ați scris numerele clasei: acestea sunt 200 de aruncări")


@pytest.mark.parametrize(
    ("counts", "en", "ro"),
    [
        ([1, 2, 3], "needs 7 counts, one for each number of heads", "are nevoie de 7 numere"),
        ("1 2 3", "is a list of 7 counts", "este o listă de 7 numere"),
        (7, "is a list of 7 counts", "este o listă de 7 numere"),
        ([1, 2, 3, 4, 5, 6, -1], "k = 6 (-1) is not a whole number", "k = 6 (-1) nu este"),
        ([1, 2, 3, 4, 5, 6, 2.5], "k = 6 (2.5) is not a whole number", "nu este un număr întreg"),
        ([True, 2, 3, 4, 5, 6, 7], "k = 0 (True) is not a whole number", "k = 0 (True)"),
        ([1, 2, 3, "4", 5, 6, 7], "k = 3 ('4')", "k = 3 ('4')"),
        ([0] * 7, "has no throws", "nu are nicio aruncare"),
        ({7: 3}, "0 to 6; 7 is not one of them", "de la 0 la 6; 7 nu este"),
    ],
)
def test_bad_counts_are_refused_clearly_in_both_languages(counts, en, ro):
    with pytest.raises(ValueError) as err:
        tally(counts, lang="en")
    assert en in str(err.value)
    with pytest.raises(ValueError) as err:
        tally(counts, lang="ro")
    assert ro in str(err.value)
    assert tally(COUNTS, lang="en").counts == tuple(COUNTS)  # nothing kept between calls


def test_the_language_follows_the_lessons_language(monkeypatch):
    monkeypatch.setattr(lessons, "LANGUAGE", "ro")
    assert tally(COUNTS).lang == "ro" and "în interval" in tally(COUNTS).table()
    with pytest.raises(ValueError, match="lang"):
        tally(COUNTS, lang="fr")


def test_the_svg_picture_draws_bars_whiskers_and_expected_dots():
    svg = tally(COUNTS, lang="ro").plot(backend="svg")
    assert isinstance(svg, charts.Chart)
    assert svg.count("<circle") == 7 and svg.count("<rect") >= 7
    assert "Cele 200 de aruncări ale clasei față de C(6, k)/64" in svg
    assert "punct: numărul așteptat" in svg and "62,5" in svg  # the decimal comma
    en = tally(COUNTS, lang="en").plot(backend="svg")
    assert "The class&#x27;s 200 throws against C(6, k)/64" in en and "62.5" in en


def test_the_matplotlib_picture_has_the_class_and_the_expected_range():
    fig = tally(COUNTS, lang="en").plot()
    (ax,) = fig.get_axes()
    assert ax.get_title() == "The class's 200 throws against C(6, k)/64"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [
        "your class",
        "expected count ± 2 standard deviations",
    ]
    assert [round(b.get_height()) for b in ax.patches] == COUNTS
    assert "<svg" in fig._repr_svg_()
    with pytest.raises(ValueError, match="'auto', 'matplotlib' or 'svg'"):
        tally(COUNTS, lang="en").plot(backend="png")


def test_bar_marks_go_with_errors_one_per_bar():
    with pytest.raises(ValueError, match="marks go with errors"):
        charts.bar(["a", "b"], [1, 2], marks=[1, 2])
    with pytest.raises(ValueError, match="marks go with errors"):
        charts.bar(["a", "b"], [1, 2], errors=[(0, 2), (1, 3)], marks=[1])
