"""The pure-Python SVG charts: valid pictures, right numbers, clear errors, nothing from outside."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from pachisi_widget import charts

SVG = "{http://www.w3.org/2000/svg}"


def _tree(chart):
    root = ET.fromstring(str(chart))
    assert root.tag == f"{SVG}svg"
    return root


def _font_sizes(chart):
    return [float(v) for v in re.findall(r"font-size='([\d.]+)'", str(chart))]


def test_bars_are_drawn_to_scale_with_their_values_in_words():
    chart = charts.bar(
        ["0", "1", "2"],
        [Fraction(1, 4), 0.5, 0.25],
        title="Two shells",
        xlabel="mouths up",
        ylabel="chance",
        percent=True,
        highlight="1",
    )
    root = _tree(chart)
    bars = [r for r in root.iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]
    assert [b.find(f"{SVG}title").text for b in bars] == ["0: 25%", "1: 50%", "2: 25%"]
    heights = [float(b.get("height")) for b in bars]
    assert heights[1] == pytest.approx(2 * heights[0]) and heights[0] == pytest.approx(heights[2])
    assert bars[1].get("fill") == charts.PALETTE[1] != bars[0].get("fill")  # the highlighted one
    assert root.get("role") == "img" and "1 50%" in root.get("aria-label")
    assert root.find(f"{SVG}title").text == "Two shells"
    assert chart.summary == "Two shells: 0 25%, 1 50%, 2 25%" == root.find(f"{SVG}desc").text
    assert chart._repr_svg_() == str(chart)


def test_every_text_is_large_enough_for_a_projector_and_nothing_comes_from_outside():
    for chart in (
        charts.bar(list("abc"), [1, 2, 3], title="t", xlabel="x", ylabel="y"),
        charts.histogram(range(100), bins=10, title="h"),
        charts.line([1, 2, 3], {"a": [1, 2, 3], "b": [3, 2, None]}, title="l"),
        charts.intervals(["p", "q"], [0.5, 0.6], [0.4, 0.5], [0.6, 0.7], percent=True),
    ):
        assert min(_font_sizes(chart)) >= 13
        assert "http" not in str(chart).replace("http://www.w3.org/2000/svg", "")
        assert "<script" not in str(chart) and "href" not in str(chart)
        _tree(chart)


def test_words_are_escaped():
    chart = charts.bar(["<b>&"], [1], title="a < b & c", xlabel='"x"')
    root = _tree(chart)
    assert root.find(f"{SVG}title").text == "a < b & c"
    assert "<b>" not in str(chart)


def test_histogram_counts_each_value_once_in_whole_number_bins():
    values = [3, 4, 4, 5, 9, 12, 12, 12]
    h = charts.histogram(values, bins=5)
    assert sum(h.counts) == len(values)
    widths = {b - a for a, b in zip(h.edges, h.edges[1:], strict=False)}
    assert widths == {2} and h.edges[0] == 3 and h.edges[-1] > 12
    assert h.counts == [3, 1, 0, 1, 3]  # 3-4, 5-6, 7-8, 9-10, 11-12
    assert "3–4 3" in h.summary
    edges = charts.histogram([0.1, 0.2, 0.9], bins=[0, 0.5, 1], density=True)
    assert edges.counts == [2, 1] and "66.7%" in edges.summary


def test_lines_leave_gaps_draw_bands_and_name_their_series():
    chart = charts.line(
        [0, 0.25, 0.5, 0.75],
        {"classic": [0.1, 0.2, None, 0.4], "seven": [0.2] * 4},
        bands={"classic": ([0.05, 0.15, 0.2, 0.35], [0.15, 0.25, 0.3, 0.45])},
        percent=True,
        decimal=",",
        title="t",
    )
    root = _tree(chart)
    paths = [p.get("d") for p in root.iter(f"{SVG}path")]
    assert paths[0].count("M") == 2  # the gap starts a new stroke
    assert len(list(root.iter(f"{SVG}polygon"))) == 1
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "classic" in texts and "seven" in texts
    assert "0,2" in texts  # the Romanian decimal mark on the x axis (0, 0.2, 0.4, ...)


def test_intervals_put_the_first_row_on_top_and_mark_the_reference():
    chart = charts.intervals(
        ["a", "b"], [1500, 1600], [1450, 1550], [1550, 1650], reference=1500, title="Ratings"
    )
    root = _tree(chart)
    dots = list(root.iter(f"{SVG}circle"))
    assert float(dots[0].get("cy")) < float(dots[1].get("cy"))
    assert float(dots[0].get("cx")) < float(dots[1].get("cx"))
    assert any(line.get("stroke-dasharray") for line in root.iter(f"{SVG}line"))
    assert chart.summary.startswith("Ratings: a 1\u2009500 (1\u2009450–1\u2009550)")


@pytest.mark.parametrize(
    "lo, hi", [(0, 1), (3, 97), (-2.5, 2.5), (1e-4, 3e-4), (1400, 1700), (5, 5), (0, 1e9)]
)
def test_ticks_are_round_and_cover_the_range(lo, hi):
    ticks = charts.nice_ticks(lo, hi)
    assert ticks[0] <= lo and ticks[-1] >= hi and 3 <= len(ticks) <= 12
    steps = {round(b - a, 12) for a, b in zip(ticks, ticks[1:], strict=False)}
    assert len(steps) == 1
    step = steps.pop()
    mantissa = step / 10 ** math.floor(math.log10(step))
    assert round(mantissa, 9) in (1, 2, 5, 10)


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: charts.bar(["a", "b"], [1]), "same length: categories (2), values (1)"),
        (lambda: charts.bar([], []), "nothing to draw"),
        (lambda: charts.bar(["a"], [float("nan")]), "values[0] must be a finite number"),
        (lambda: charts.bar(["a"], ["3"]), "values[0] must be a finite number, not '3'"),
        (lambda: charts.bar(["a"], [1], errors=[(0, 2), (1, 2)]), "one (low, high) pair per bar"),
        (lambda: charts.histogram([]), "values is empty"),
        (lambda: charts.histogram([1, 2], bins=0), "bins must be 1 to 500"),
        (lambda: charts.histogram([1, 2], bins=[2, 1]), "increasing edges"),
        (lambda: charts.line([1, 2], {"a": [1, 2]}, bands={"b": ([1], [2])}), "not drawn: 'b'"),
        (lambda: charts.line([1, 2], {"a": [None, None]}), "every value is None"),
        (lambda: charts.intervals(["a"], [5], [6], [7]), "must contain the estimate 5"),
        (lambda: charts.bar(["a"], [1], width=50, height=50), "too small"),
        (lambda: charts.nice_ticks(0, float("inf")), "must be finite"),
    ],
)
def test_bad_data_gets_an_error_that_says_what_is_wrong(call, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        call()


def test_a_tournament_plots_its_ratings_with_the_same_chart():
    import pachisi_widget as pw

    t = pw.tournament(["greedy", "random"], games=20, seed=3, progress=False)
    svg = t.plot(backend="svg")
    assert isinstance(svg, charts.Chart) and "greedy" in svg.summary and "random" in svg.summary
    _tree(svg)


def test_a_tournament_plot_made_with_matplotlib_shows_as_a_picture_in_a_notebook():
    pytest.importorskip("matplotlib")  # the optional extra; its absence is the test above
    from IPython.core.formatters import DisplayFormatter

    import pachisi_widget as pw

    fig = pw.tournament(["greedy", "random"], games=20, seed=3, progress=False).plot()
    shown, _ = DisplayFormatter().format(fig)
    assert "<svg" in shown["image/svg+xml"]


def test_several_series_of_bars_stand_side_by_side_with_a_legend():
    chart = charts.bar(
        ["2", "3", "25"], {"exact": [0.25, 0.3, 1 / 64], "simulated": [0.26, 0.29, 0.02]}, title="t"
    )
    root = _tree(chart)
    bars = [r for r in root.iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]
    assert len(bars) == 6
    assert {b.get("fill") for b in bars} == set(charts.PALETTE[:2])
    assert bars[1].find(f"{SVG}title").text == "simulated, 2: 0.26"
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "exact" in texts and "simulated" in texts
    with pytest.raises(ValueError, match="one series of bars"):
        charts.bar(["a"], {"x": [1], "y": [2]}, errors=[(0, 2)])


def test_a_log_scale_has_a_tick_at_each_power_of_ten():
    chart = charts.bar([str(n) for n in range(1, 6)], [0.5, 0.1, 0.02, 0.004, 0.0008], log=True)
    root = _tree(chart)
    labels = [t.text for t in root.iter(f"{SVG}text")]
    assert {"1e-04", "0.001", "0.01", "0.1", "1"} <= set(labels)
    heights = [
        float(r.get("height")) for r in root.iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None
    ]
    steps = [a - b for a, b in zip(heights, heights[1:], strict=False)]
    assert all(s > 0 for s in steps)  # each bar shorter than the last, by a log step
    line = charts.line([1, 2, 3], [1e-6, 1e-4, 1e-2], log=True)
    assert "1e-06" in str(line)
    zero = _tree(charts.bar(["a", "b"], {"x": [0.5, 0.01], "y": [0.4, 0]}, log=True))
    assert len([r for r in zero.iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]) == 3
    with pytest.raises(ValueError, match="log scale needs values above 0"):
        charts.bar(["a", "b"], [0, 0], log=True)
    counts = _tree(charts.line([100, 1000, 60000], [0.02, 0.017, 0.0157], xlog=True))
    assert {"100", "1\u2009000", "10\u2009000", "100\u2009000"} <= {
        t.text for t in counts.iter(f"{SVG}text")
    }
