"""Small charts as SVG pictures, in pure Python: the lessons' plots where matplotlib is missing.

The offline JupyterLite site runs Python in the browser with neither numpy nor matplotlib, so a
lesson that plots only with matplotlib shows a table there. These charts cover what the
lessons draw: bars (a throw's distribution, win rates), a histogram (game lengths), lines (a
chance against a parameter), intervals (ratings or win rates with their 95% intervals) and tree
diagrams of chances (:class:`Tree`: chains of graces, the chance of being hit; drawn with
matplotlib too, by :meth:`Tree.plot`). Each returns a :class:`Chart` (a :class:`Tree` gives one
with :meth:`Tree.svg`), an SVG document that a notebook displays as a picture (and that the
documentation site keeps as one); matplotlib stays the richer choice where it is installed.

>>> c = bar(["0", "1", "2"], [0.25, 0.5, 0.25], title="Mouths up, 2 shells", percent=True)
>>> c.startswith("<svg") and "Mouths up, 2 shells" in c
True
>>> print(c.summary)
Mouths up, 2 shells: 0 25%, 1 50%, 2 25%

Pictures are made for a projector: text is at least 13 px, series colours are the Okabe–Ito
palette (told apart with every common form of colour blindness), and each chart carries its
title and its data in words (``<title>``, ``<desc>``, ``aria-label``) for screen readers.
The words on a chart (title, axis labels, series names) are the caller's, in the lesson's
language; numbers are written with ``decimal`` as the decimal mark (``","`` in Romanian).

Matplotlib's own plots follow the session's language too: after ``pw.set_language("ro")`` every
axis writes "0,05" (:func:`localize_axes` gives one plot a language of its own).
"""

from __future__ import annotations

import math
from html import escape
from itertools import pairwise

from ._frame import (
    _INK,
    _MUTED,
    FONT,
    PALETTE,
    Chart,
    _fmt,
    _Frame,
    _numbers,
    _same_length,
    _summary,
    escape_free,
    nice_ticks,
)
from ._mpl import localize_axes
from ._tree import Branch, Tree, chance_words, tree

__all__ = [
    "Chart",
    "bar",
    "histogram",
    "line",
    "intervals",
    "nice_ticks",
    "PALETTE",
    "localize_axes",
    "Branch",
    "Tree",
    "tree",
    "chance_words",
]

# -- the charts -----------------------------------------------------------------------------------


def bar(
    categories,
    values,
    *,
    errors=None,
    marks=None,
    title: str = "",
    xlabel: str = "",
    ylabel: str = "",
    percent: bool = False,
    log: bool = False,
    value_labels: bool = True,
    highlight=None,
    decimal: str = ".",
    width: int = 560,
    height: int = 320,
) -> Chart:
    """Vertical bars, one per category (from zero, or from the lowest power of ten with ``log``).

    ``values`` is one list, or a dict ``name -> values`` for several series side by side (a
    legend names them: "exact" beside "simulated"). ``errors`` (one series only) is an optional
    list of ``(low, high)`` pairs drawn as whiskers (95% intervals), and ``marks`` (with them) one
    number per bar drawn as a dot on its whisker (an expected value); ``percent`` shows fractions
    as percentages; ``log`` draws the values on a log scale (for chances that span powers of
    ten); ``highlight`` names one category drawn in the second palette colour (the one the text
    talks about); ``value_labels`` writes each value on its bar when the bars are wide enough.

    Raises:
        ValueError: for lengths that differ, an empty chart, a value that is not a finite
            number, or no value above 0 on a log scale (a value of 0 has no bar there).
    """
    categories = [escape_free(c) for c in categories]
    named = _bar_series(values)
    n = 0
    for k, v in named.items():
        n = _same_length(categories=categories, **{(f"values[{k!r}]" if k else "values"): v})
    errors = _bar_errors(errors, named, n)
    if marks is not None and (errors is None or len(marks) != n):
        raise ValueError(f"marks go with errors, one number per bar: {n} bars")
    dots = None if marks is None else _numbers("marks", marks)
    legend = [k for k in named if k]
    f = _legend_frame(legend, width, height, title, xlabel, ylabel, decimal)
    slot = (f.right - f.left) / n
    lines, every = _bar_labels(f, categories, slot)
    _bar_y_axis(f, named, errors, percent, log)
    group = slot * 0.76
    bw = group / len(named)
    shine = escape_free(highlight) if len(named) == 1 and highlight is not None else None
    labelled = value_labels and bw >= 34 and errors is None
    for i, c in enumerate(categories):
        x0 = f.left + i * slot + (slot - group) / 2
        for j, (name, vs) in enumerate(named.items()):
            colour = PALETTE[1] if c == shine else PALETTE[j % len(PALETTE)]
            _one_bar(
                f,
                vs[i],
                x0 + j * bw,
                bw,
                colour,
                f"{name}, " if name else "",
                c,
                labelled,
                percent,
                log,
                decimal,
            )
        if errors is not None:
            _whisker(f, x0 + bw / 2, *errors[i])
        if dots is not None:
            f.parts.append(
                f"<circle cx='{x0 + bw / 2:.1f}' cy='{f.y(dots[i]):.1f}' r='4' fill='{_INK}'>"
                f"<title>{escape(c)}: {_fmt(dots[i], 0, percent, decimal)}</title></circle>"
            )
        if i % every == 0:
            for row, text in enumerate(lines[c]):
                f.parts.append(
                    f"<text x='{x0 + group / 2:.1f}' "
                    f"y='{f.bottom + FONT + 4 + row * (FONT + 2)}' "
                    f"text-anchor='middle' font-size='{FONT - 1}' fill='{_INK}'>"
                    f"{escape(text)}</text>"
                )
    if legend:
        f.legend(legend)
    first = next(iter(named.values()))
    return f.svg(_summary(title, list(zip(categories, first, strict=False)), percent, decimal))


def _legend_frame(legend, width, height, title, xlabel, ylabel, decimal) -> _Frame:
    """The frame of a chart of several series: a legend row above the plot when ``legend``."""
    return _Frame(
        width=width,
        height=height,
        title=title,
        xlabel=xlabel,
        ylabel=ylabel,
        legend_rows=1 if legend else 0,
        decimal=decimal,
    )


def _bar_series(values) -> dict:
    """``values`` of :func:`bar` as ``name -> numbers`` (one unnamed series for a list)."""
    named = (
        {str(k): _numbers(f"values[{k!r}]", v) for k, v in values.items()}
        if isinstance(values, dict)
        else {"": _numbers("values", values)}
    )
    if not named:
        raise ValueError("nothing to draw: values is empty")
    return named


def _bar_errors(errors, named, n):
    """The whiskers of :func:`bar`, checked: None, or one (low, high) pair of numbers per bar."""
    if errors is None:
        return None
    if len(named) > 1:
        raise ValueError("errors go with one series of bars, not several")
    if len(errors) != n:
        raise ValueError(
            f"errors must give one (low, high) pair per bar: {n} bars, {len(errors)} pairs"
        )
    errors = [tuple(_numbers(f"errors[{i}]", pair)) for i, pair in enumerate(errors)]
    if any(len(p) != 2 for p in errors):
        raise ValueError("each entry of errors must be a (low, high) pair")
    return errors


def _bar_labels(f, categories, slot):
    """Each category's label lines and how often a label is written (every n-th bar).

    A label too wide for its bar breaks before its "(...)" into two lines (the frame's bottom
    moves up a line for it); then every n-th label is written, so that none overlap."""

    def width_of(text):
        return len(text) * (FONT - 1) * 0.6 + 10  # about, in px

    lines = {c: [c] for c in categories}
    for c in categories:
        if width_of(c) > slot and " (" in c:
            head, _, tail = c.partition(" (")
            lines[c] = [head, "(" + tail]
    if any(len(v) > 1 for v in lines.values()):
        f.bottom -= FONT + 2
    widest = max(width_of(t) for v in lines.values() for t in v)
    every = max(1, math.ceil(len(categories) * widest / (f.right - f.left)))
    return lines, every


def _bar_y_axis(f, named, errors, percent, log):
    """The value axis of :func:`bar`: from zero (or below), or log from the least value above 0."""
    every_value = [v for vs in named.values() for v in vs]
    top = max(every_value + [hi for _, hi in errors or []])
    if log:  # a value of 0 has no bar on a log scale (it would reach down forever)
        f.y_axis(min((v for v in every_value if v > 0), default=0), top, percent, log=True)
    else:
        bottom = min([0.0] + every_value + [lo for lo, _ in errors or []])
        f.y_axis(bottom, top if top > bottom else bottom + 1, percent)


def _one_bar(f, v, x, bw, colour, said, c, labelled, percent, log, decimal):
    """One bar of value ``v`` at ``x`` (none for a value at or below 0 on a log scale)."""
    if log and v <= 0:
        return
    base = f.y0 if log else 0.0
    y, y0 = f.y(max(v, base)), f.y(min(v, base))
    f.parts.append(
        f"<rect x='{x:.1f}' y='{y:.1f}' width='{max(bw - 1, 0.5):.1f}' "
        f"height='{max(y0 - y, 0.5):.1f}' fill='{colour}'>"
        f"<title>{escape(said + c)}: {_fmt(v, 0, percent, decimal)}</title>"
        f"</rect>"
    )
    if labelled:
        f.parts.append(
            f"<text x='{x + bw / 2:.1f}' y='{y - 4:.1f}' text-anchor='middle' "
            f"font-size='{FONT - 1}' fill='{_INK}'>"
            f"{_fmt(v, 0, percent, decimal)}</text>"
        )


def _whisker(f, cx, lo, hi):
    """A 95% interval's whisker at ``cx`` from ``lo`` to ``hi``."""
    f.parts.append(
        f"<path d='M{cx:.1f},{f.y(lo):.1f}V{f.y(hi):.1f}"
        f"M{cx - 5:.1f},{f.y(lo):.1f}h10M{cx - 5:.1f},{f.y(hi):.1f}h10' "
        f"stroke='{_INK}' fill='none'/>"
    )


def histogram(
    values,
    *,
    bins=20,
    title: str = "",
    xlabel: str = "",
    ylabel: str = "",
    density: bool = False,
    decimal: str = ".",
    width: int = 560,
    height: int = 320,
) -> Chart:
    """How many of ``values`` fall in each of ``bins`` equal intervals (or the given bin edges).

    ``density`` shows fractions of the whole instead of counts (as percentages).

    >>> h = histogram([1, 2, 2, 3, 3, 3], bins=3, title="t")
    >>> h.counts
    [1, 2, 3]

    Raises:
        ValueError: for no values, a value that is not a finite number, or bad bins.
    """
    data = _numbers("values", values)
    if not data:
        raise ValueError("nothing to draw: values is empty")
    whole = False
    if isinstance(bins, int) and not isinstance(bins, bool):
        if not 1 <= bins <= 500:
            raise ValueError(f"bins must be 1 to 500 intervals, not {bins}")
        lo, hi = min(data), max(data)
        if all(v == int(v) for v in data):  # whole numbers: bins of a whole width, from lo
            step = max(1, math.ceil((hi - lo + 1) / bins))
            edges = [lo + step * k for k in range(math.ceil((hi - lo + 1) / step) + 1)]
            whole = True
        else:
            if hi == lo:
                lo, hi = lo - 0.5, hi + 0.5
            edges = [lo + (hi - lo) * k / bins for k in range(bins + 1)]
    else:
        edges = _numbers("bins", bins)
        if len(edges) < 2 or any(b <= a for a, b in pairwise(edges)):
            raise ValueError("bins must be an interval count or at least two increasing edges")
    counts = [0] * (len(edges) - 1)
    for v in data:  # each bin holds a <= v < b; the last one holds its upper edge too
        if edges[0] <= v <= edges[-1]:
            k = min(len(counts) - 1, max(0, _bisect(edges, v) - 1))
            counts[k] += 1

    def name(a, b):
        if whole:  # whole numbers a..b-1
            return _fmt(a, 1) if b - a == 1 else f"{_fmt(a, 1)}–{_fmt(b - 1, 1)}"
        return f"{_fmt(a, 0, False, decimal)}–{_fmt(b, 0, False, decimal)}"

    shown = [c / len(data) for c in counts] if density else [float(c) for c in counts]
    f = _Frame(
        width=width, height=height, title=title, xlabel=xlabel, ylabel=ylabel, decimal=decimal
    )
    f.y_axis(0, max(shown) or 1, density)
    f.x_axis_numeric(edges[0], edges[-1])
    for (a, b), c, s in zip(pairwise(edges), counts, shown, strict=False):
        x0, x1 = f.x(a), f.x(b)
        f.parts.append(
            f"<rect x='{x0:.1f}' y='{f.y(s):.1f}' width='{max(x1 - x0 - 1, 0.5):.1f}' "
            f"height='{max(f.bottom - f.y(s), 0):.1f}' fill='{PALETTE[0]}'>"
            f"<title>{name(a, b)}: {c}</title></rect>"
        )
    chart = f.svg(
        _summary(
            title,
            [(name(a, b), s) for (a, b), s in zip(pairwise(edges), shown, strict=False)],
            density,
            decimal,
        )
    )
    chart.counts = counts
    chart.edges = edges
    return chart


def _bisect(edges, v):
    lo, hi = 0, len(edges)
    while lo < hi:
        mid = (lo + hi) // 2
        if edges[mid] <= v:
            lo = mid + 1
        else:
            hi = mid
    return lo


def line(
    x,
    series,
    *,
    bands=None,
    title: str = "",
    xlabel: str = "",
    ylabel: str = "",
    percent: bool = False,
    log: bool = False,
    xlog: bool = False,
    markers: bool = True,
    decimal: str = ".",
    width: int = 560,
    height: int = 320,
) -> Chart:
    """One line per series over the shared ``x`` values.

    ``series`` is a dict ``name -> values`` (a legend names them) or one list of values;
    a value of None leaves a gap. ``bands`` is an optional dict ``name -> (lows, highs)``
    drawn as a shaded interval around that series; ``log`` draws the values on a log scale,
    ``xlog`` the x values (for a quantity that grows over powers of ten, as a count of throws).

    Raises:
        ValueError: for lengths that differ, an empty chart, or a value that is not a number.
    """
    xs = _numbers("x", x)
    ys = _line_series(xs, series)
    bands = _line_bands(xs, ys, bands)
    legend = [k for k in ys if k]
    f = _legend_frame(legend, width, height, title, xlabel, ylabel, decimal)
    every = [v for vs in ys.values() for v in vs if v is not None]
    every += [v for lows, highs in bands.values() for v in lows + highs]
    if not every:
        raise ValueError("nothing to draw: every value is None")
    f.y_axis(min(every), max(every), percent, log=log)
    f.x_axis_numeric(min(xs), max(xs), log=xlog)
    for i, (name, values) in enumerate(ys.items()):
        colour = PALETTE[i % len(PALETTE)]
        if name in bands:
            _band(f, xs, *bands[name], colour)
        _polyline(f, xs, values, colour)
        if markers and len(xs) <= 40:
            _markers(f, xs, values, colour, name, percent, decimal)
    if legend:
        f.legend(legend)
    first = next(iter(ys.items()))
    pairs = [
        (_fmt(a, 0, False, decimal), v) for a, v in zip(xs, first[1], strict=False) if v is not None
    ]
    return f.svg(_summary(title, pairs, percent, decimal))


def _line_series(xs, series) -> dict:
    """``series`` of :func:`line` as ``name -> numbers or None``, each as long as ``xs``."""
    named = dict(series) if isinstance(series, dict) else {"": list(series)}
    if not named:
        raise ValueError("nothing to draw: series is empty")
    ys = {
        k: _numbers(f"series[{k!r}]" if k else "series", v, allow_none=True)
        for k, v in named.items()
    }
    for k, v in ys.items():
        _same_length(x=xs, **{(f"series[{k!r}]" if k else "series"): v})
    return ys


def _line_bands(xs, ys, bands) -> dict:
    """``bands`` of :func:`line`, checked: ``name -> (lows, highs)`` for series that are drawn."""
    bands = dict(bands or {})
    for k, pair in bands.items():
        if k not in ys:
            raise ValueError(f"bands names a series that is not drawn: {k!r:.40}")
        if len(pair) != 2:
            raise ValueError(f"bands[{k!r:.40}] must be a (lows, highs) pair of lists")
        lows, highs = (
            _numbers(f"bands[{k!r}] lows", pair[0]),
            _numbers(f"bands[{k!r}] highs", pair[1]),
        )
        _same_length(x=xs, lows=lows, highs=highs)
        bands[k] = (lows, highs)
    return bands


def _band(f, xs, lows, highs, colour):
    """A shaded interval from ``lows`` to ``highs`` over ``xs``."""
    pts = [f"{f.x(a):.1f},{f.y(h):.1f}" for a, h in zip(xs, highs, strict=False)]
    pts += [f"{f.x(a):.1f},{f.y(lo):.1f}" for a, lo in reversed(list(zip(xs, lows, strict=False)))]
    f.parts.append(
        f"<polygon points='{' '.join(pts)}' fill='{colour}' fill-opacity='0.18' stroke='none'/>"
    )


def _polyline(f, xs, values, colour):
    """One series' line, with a gap at each value of None."""
    path, pen = [], "M"
    for a, v in zip(xs, values, strict=False):
        if v is None:
            pen = "M"
            continue
        path.append(f"{pen}{f.x(a):.1f},{f.y(v):.1f}")
        pen = "L"
    f.parts.append(f"<path d='{''.join(path)}' stroke='{colour}' stroke-width='2.5' fill='none'/>")


def _markers(f, xs, values, colour, name, percent, decimal):
    """A dot at each of one series' values, with its numbers as a tooltip."""
    for a, v in zip(xs, values, strict=False):
        if v is not None:
            f.parts.append(
                f"<circle cx='{f.x(a):.1f}' cy='{f.y(v):.1f}' r='3.5' "
                f"fill='{colour}'><title>{escape(name + ': ' if name else '')}"
                f"{_fmt(a, 0, False, decimal)} → "
                f"{_fmt(v, 0, percent, decimal)}</title></circle>"
            )


def intervals(
    labels,
    estimates,
    lows,
    highs,
    *,
    title: str = "",
    xlabel: str = "",
    percent: bool = False,
    reference=None,
    decimal: str = ".",
    width: int = 560,
    height: int | None = None,
) -> Chart:
    """One row per label: a dot at the estimate and a line over its interval (first row on top).

    ``reference`` draws a dashed vertical line (e.g. 50% for a fair game, 1500 for an average
    rating). Two rows whose lines overlap are not told apart by the data.

    Raises:
        ValueError: for lengths that differ, an empty chart, or a low above its estimate or
            an estimate above its high.
    """
    labels = [escape_free(s) for s in labels]
    est, lo, hi = (
        _numbers("estimates", estimates),
        _numbers("lows", lows),
        _numbers("highs", highs),
    )
    n = _same_length(labels=labels, estimates=est, lows=lo, highs=hi)
    for i in range(n):
        if not lo[i] <= est[i] <= hi[i]:
            raise ValueError(
                f"row {i} ({labels[i]:.30}): the interval {lo[i]}..{hi[i]} must "
                f"contain the estimate {est[i]}"
            )
    row = FONT + 14
    left = min(220, 16 + int(max(len(s) for s in labels) * FONT * 0.6))
    f = _Frame(
        width=width,
        height=height or (row * n + 70 + (FONT + 10 if title else 0)),
        title=title,
        xlabel=xlabel,
        ylabel="",
        left=left,
        decimal=decimal,
    )
    span = [*lo, *hi] + ([float(reference)] if reference is not None else [])
    f.x_axis_numeric(min(span), max(span), percent)
    gap = (f.bottom - f.top) / n
    if reference is not None:
        x = f.x(float(reference))
        f.parts.append(
            f"<line x1='{x:.1f}' x2='{x:.1f}' y1='{f.top}' y2='{f.bottom}' "
            f"stroke='{_MUTED}' stroke-dasharray='4 3'/>"
        )
    for i in range(n):
        y = f.top + gap * (i + 0.5)
        words = (
            f"{_fmt(est[i], 0, percent, decimal)} ({_fmt(lo[i], 0, percent, decimal)}–"
            f"{_fmt(hi[i], 0, percent, decimal)})"
        )
        f.parts.append(
            f"<text x='{f.left - 8}' y='{y + 5:.1f}' text-anchor='end' "
            f"fill='{_INK}'>{escape(labels[i])}</text>"
            f"<line x1='{f.x(lo[i]):.1f}' x2='{f.x(hi[i]):.1f}' y1='{y:.1f}' "
            f"y2='{y:.1f}' stroke='{PALETTE[0]}' stroke-width='3'/>"
            f"<circle cx='{f.x(est[i]):.1f}' cy='{y:.1f}' r='5' fill='{PALETTE[1]}'>"
            f"<title>{escape(labels[i])}: {words}</title></circle>"
        )
    summary = f"{title or 'intervals'}: " + ", ".join(
        f"{labels[i]} {_fmt(est[i], 0, percent, decimal)} ({_fmt(lo[i], 0, percent, decimal)}–"
        f"{_fmt(hi[i], 0, percent, decimal)})"
        for i in range(min(n, 12))
    )
    return f.svg(summary)
