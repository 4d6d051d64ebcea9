"""Small charts as SVG pictures, in pure Python: the lessons' plots where matplotlib is missing.

The offline JupyterLite site runs Python in the browser with neither numpy nor matplotlib, so a
lesson that plots only with matplotlib shows a table there. These four charts cover what the
lessons draw: bars (a throw's distribution, win rates), a histogram (game lengths), lines (a
chance against a parameter) and intervals (ratings or win rates with their 95% intervals).
Each returns a :class:`Chart`, an SVG document that a notebook displays as a picture (and that
the documentation site keeps as one); matplotlib stays the richer choice where it is installed.

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
"""

from __future__ import annotations

import math
from html import escape
from itertools import pairwise
from numbers import Real

__all__ = ["Chart", "bar", "histogram", "line", "intervals", "nice_ticks", "PALETTE"]

PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
"""Series colours, in order: the Okabe–Ito palette (blue, vermilion, green, purple, orange,
sky blue, black), safe for colour-blind readers."""

FONT = 14
"""Text size in px (axis numbers one smaller); never below 13."""

_INK, _GRID, _MUTED = "#222", "#ddd", "#555"


class Chart(str):
    """An SVG picture (a ``str``) that notebooks display; ``summary`` is its data in words."""

    summary: str

    def __new__(cls, svg: str, summary: str = "") -> Chart:
        obj = super().__new__(cls, svg)
        obj.summary = summary
        return obj

    def _repr_svg_(self) -> str:
        return str(self)

    def save(self, path) -> None:
        """Write the picture to ``path`` (an .svg file)."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(str(self))


# -- numbers --------------------------------------------------------------------------------------


def nice_ticks(lo: float, hi: float, count: int = 5) -> list:
    """About ``count`` round tick values covering ``lo..hi`` (steps: 1, 2 or 5 times a power of 10).

    >>> nice_ticks(0, 1)
    [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]
    >>> nice_ticks(3, 97)
    [0.0, 20.0, 40.0, 60.0, 80.0, 100.0]
    """
    lo, hi = float(lo), float(hi)
    if not (math.isfinite(lo) and math.isfinite(hi)):
        raise ValueError(f"tick range must be finite numbers, not {lo}..{hi}")
    if hi < lo:
        lo, hi = hi, lo
    if hi == lo:
        pad = abs(lo) * 0.1 or 1.0
        lo, hi = lo - pad, hi + pad
    raw = (hi - lo) / max(1, count)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw * 0.999)
    first = math.floor(lo / step + 1e-9) * step
    ticks, v = [], first
    while v <= hi + step * 1e-9:
        ticks.append(round(v, 12) + 0.0)
        v = first + len(ticks) * step
    if ticks[-1] < hi - step * 1e-9:
        ticks.append(round(v, 12) + 0.0)
    return ticks


def _fmt(v: float, step: float = 0.0, percent: bool = False, decimal: str = ".") -> str:
    """``v`` with as many decimals as ``step`` needs (``percent``: v is a fraction, shown in %)."""
    if percent:
        v, step = v * 100, step * 100
    if step and step < 1:
        places = min(6, max(0, -math.floor(math.log10(step) + 1e-9)))
    elif not step and v != int(v):
        places = 1 if abs(v) >= 10 else 2 if abs(v) >= 0.1 else 4
    else:
        places = 0
    text = f"{v:,.{places}f}"
    if places and not step:
        text = text.rstrip("0").rstrip(".")
    text = text.replace(",", "\u2009")  # a thin space between thousands, in every language
    if decimal != ".":
        text = text.replace(".", decimal)
    return text + ("%" if percent else "")


def _log_ticks(lo: float, hi: float, refusal: str) -> list:
    """The powers of ten that cover ``lo..hi`` on a log axis (at least two)."""
    if lo <= 0:
        raise ValueError(refusal)
    first, last = math.floor(math.log10(lo) + 1e-9), math.ceil(math.log10(hi) - 1e-9)
    return [10.0**k for k in range(first, max(last, first + 1) + 1)]


def _power(v: float, percent: bool, decimal: str) -> str:
    """A power of ten as a log axis shows it: 1, 10, 0.01, or 1e-05 below a thousandth."""
    shown = v * 100 if percent else v
    mark = "%" if percent else ""
    if 1e-3 <= shown < 1e6:
        return _fmt(shown, min(shown, 1.0), False, decimal) + mark
    return f"1e{round(math.log10(shown)):+03d}" + mark


def _numbers(name: str, values, allow_none: bool = False) -> list:
    out = []
    for i, v in enumerate(values):
        if v is None and allow_none:
            out.append(None)
            continue
        if isinstance(v, bool) or not isinstance(v, Real) or not math.isfinite(float(v)):
            raise ValueError(f"{name}[{i}] must be a finite number, not {v!r:.40}")
        out.append(float(v))
    return out


def _same_length(**named) -> int:
    lengths = {k: len(v) for k, v in named.items()}
    if len(set(lengths.values())) > 1:
        raise ValueError(
            "these must have the same length: "
            + ", ".join(f"{k} ({n})" for k, n in lengths.items())
        )
    n = next(iter(lengths.values()))
    if n == 0:
        names = ", ".join(lengths)
        raise ValueError(f"nothing to draw: {names} {'is' if len(lengths) == 1 else 'are'} empty")
    return n


# -- the frame every chart shares -----------------------------------------------------------------


class _Frame:
    """Plot area, axes and text of one chart; x and y map data to pixels."""

    def __init__(
        self, *, width, height, title, xlabel, ylabel, left=64, right=32, legend_rows=0, decimal="."
    ):
        self.w, self.h, self.decimal = width, height, decimal
        self.top = 16 + (FONT + 10 if title else 0) + legend_rows * (FONT + 6)
        self.left, self.right = left, width - right
        self.bottom = height - (FONT + 10) - (FONT + 10 if xlabel else 0)
        if self.bottom - self.top < 60 or self.right - self.left < 80:
            raise ValueError(
                f"a {width}x{height} chart is too small for its text; make it wider or taller"
            )
        self.parts = []
        self.title, self.xlabel, self.ylabel = title, xlabel, ylabel

    def y_axis(self, lo, hi, percent=False, ticks=None, log=False):
        self.log = log
        if log:
            self.ticks_y = _log_ticks(lo, hi, "a log scale needs values above 0")
        else:
            self.ticks_y = ticks or nice_ticks(lo, hi)
        self.y0, self.y1 = self.ticks_y[0], self.ticks_y[-1]
        step = self.ticks_y[1] - self.ticks_y[0] if len(self.ticks_y) > 1 and not log else 0
        for t in self.ticks_y:
            y = self.y(t)
            label = (
                _power(t, percent, self.decimal) if log else _fmt(t, step, percent, self.decimal)
            )
            self.parts.append(
                f"<line x1='{self.left}' x2='{self.right}' y1='{y:.1f}' "
                f"y2='{y:.1f}' stroke='{_GRID}'/>"
                f"<text x='{self.left - 6}' y='{y + 4:.1f}' text-anchor='end' "
                f"font-size='{FONT - 1}' fill='{_MUTED}'>{label}</text>"
            )

    def x_axis_numeric(self, lo, hi, percent=False, log=False):
        self.xlog = log
        if log:
            self.ticks_x = _log_ticks(lo, hi, "a log scale of x needs x values above 0")
        else:
            self.ticks_x = nice_ticks(lo, hi)
        self.x0, self.x1 = self.ticks_x[0], self.ticks_x[-1]
        step = self.ticks_x[1] - self.ticks_x[0] if len(self.ticks_x) > 1 and not log else 0
        for t in self.ticks_x:
            x = self.x(t)
            label = (
                _power(t, percent, self.decimal) if log else _fmt(t, step, percent, self.decimal)
            )
            self.parts.append(
                f"<line x1='{x:.1f}' x2='{x:.1f}' y1='{self.top}' "
                f"y2='{self.bottom}' stroke='{_GRID}'/>"
                f"<text x='{x:.1f}' y='{self.bottom + FONT + 4}' "
                f"text-anchor='middle' font-size='{FONT - 1}' fill='{_MUTED}'>"
                f"{label}</text>"
            )

    def y(self, v):
        if getattr(self, "log", False):
            v = max(v, self.y0)
            share = (math.log10(v) - math.log10(self.y0)) / (
                math.log10(self.y1) - math.log10(self.y0)
            )
        else:
            share = (v - self.y0) / ((self.y1 - self.y0) or 1)
        return self.bottom - share * (self.bottom - self.top)

    def x(self, v):
        if getattr(self, "xlog", False):
            share = (math.log10(v) - math.log10(self.x0)) / (
                math.log10(self.x1) - math.log10(self.x0)
            )
        else:
            share = (v - self.x0) / ((self.x1 - self.x0) or 1)
        return self.left + share * (self.right - self.left)

    def legend(self, names):
        x, y = self.left, 16 + (FONT + 10 if self.title else 0) + FONT
        for i, name in enumerate(names):
            colour = PALETTE[i % len(PALETTE)]
            self.parts.append(
                f"<rect x='{x}' y='{y - FONT + 3}' width='14' height='10' "
                f"fill='{colour}'/><text x='{x + 20}' y='{y}' "
                f"font-size='{FONT}' fill='{_INK}'>{escape(name)}</text>"
            )
            x += 20 + 8 * len(name) + 24
            if x > self.right - 80:
                x, y = self.left, y + FONT + 6

    def svg(self, summary: str) -> Chart:
        head = [
            f"<svg xmlns='http://www.w3.org/2000/svg' width='{self.w}' height='{self.h}' "
            f"viewBox='0 0 {self.w} {self.h}' role='img' "
            f"aria-label='{escape(summary, quote=True)}' font-family='sans-serif' "
            f"font-size='{FONT}'>",
            f"<title>{escape(self.title or summary.split(':')[0])}</title>"
            f"<desc>{escape(summary)}</desc>",
            f"<rect width='{self.w}' height='{self.h}' fill='white'/>",
        ]
        if self.title:
            head.append(
                f"<text x='{self.w / 2:.0f}' y='{16 + FONT}' text-anchor='middle' "
                f"font-size='{FONT + 2}' font-weight='600' fill='{_INK}'>"
                f"{escape(self.title)}</text>"
            )
        tail = [
            f"<line x1='{self.left}' x2='{self.right}' y1='{self.bottom}' y2='{self.bottom}' "
            f"stroke='{_INK}'/>"
        ]
        if self.xlabel:
            tail.append(
                f"<text x='{(self.left + self.right) / 2:.0f}' y='{self.h - 8}' "
                f"text-anchor='middle' fill='{_INK}'>{escape(self.xlabel)}</text>"
            )
        if self.ylabel:
            cy = (self.top + self.bottom) / 2
            tail.append(
                f"<text x='{FONT + 2}' y='{cy:.0f}' text-anchor='middle' fill='{_INK}' "
                f"transform='rotate(-90 {FONT + 2} {cy:.0f})'>{escape(self.ylabel)}</text>"
            )
        return Chart("".join(head + self.parts + tail) + "</svg>", summary)


def _summary(title, pairs, percent, decimal, limit=12) -> str:
    words = [f"{escape_free(k)} {_fmt(v, 0, percent, decimal)}" for k, v in pairs[:limit]]
    if len(pairs) > limit:
        words.append(f"… ({len(pairs) - limit} more)")
    return f"{title or 'chart'}: " + ", ".join(words)


def escape_free(text) -> str:
    """``text`` as a plain one-line string (the summary is escaped where it is written)."""
    return " ".join(str(text).split())


# -- the charts -----------------------------------------------------------------------------------


def bar(
    categories,
    values,
    *,
    errors=None,
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
    list of ``(low, high)`` pairs drawn as whiskers (95% intervals); ``percent`` shows fractions
    as percentages; ``log`` draws the values on a log scale (for chances that span powers of
    ten); ``highlight`` names one category drawn in the second palette colour (the one the text
    talks about); ``value_labels`` writes each value on its bar when the bars are wide enough.

    Raises:
        ValueError: for lengths that differ, an empty chart, a value that is not a finite
            number, or no value above 0 on a log scale (a value of 0 has no bar there).
    """
    categories = [escape_free(c) for c in categories]
    named = (
        {str(k): _numbers(f"values[{k!r}]", v) for k, v in values.items()}
        if isinstance(values, dict)
        else {"": _numbers("values", values)}
    )
    if not named:
        raise ValueError("nothing to draw: values is empty")
    for k, v in named.items():
        n = _same_length(categories=categories, **{(f"values[{k!r}]" if k else "values"): v})
    if errors is not None:
        if len(named) > 1:
            raise ValueError("errors go with one series of bars, not several")
        if len(errors) != n:
            raise ValueError(
                f"errors must give one (low, high) pair per bar: {n} bars, {len(errors)} pairs"
            )
        errors = [tuple(_numbers(f"errors[{i}]", pair)) for i, pair in enumerate(errors)]
        if any(len(p) != 2 for p in errors):
            raise ValueError("each entry of errors must be a (low, high) pair")
    legend = [k for k in named if k]
    f = _Frame(
        width=width,
        height=height,
        title=title,
        xlabel=xlabel,
        ylabel=ylabel,
        legend_rows=1 if legend else 0,
        decimal=decimal,
    )
    slot = (f.right - f.left) / n

    def width_of(text):
        return len(text) * (FONT - 1) * 0.6 + 10  # about, in px

    # A label too wide for its bar breaks before its "(...)" into two lines; then every n-th
    # label is written, so that none overlap.
    lines = {c: [c] for c in categories}
    for c in categories:
        if width_of(c) > slot and " (" in c:
            head, _, tail = c.partition(" (")
            lines[c] = [head, "(" + tail]
    if any(len(v) > 1 for v in lines.values()):
        f.bottom -= FONT + 2
    every = max(
        1, math.ceil(n * max(width_of(t) for v in lines.values() for t in v) / (f.right - f.left))
    )
    every_value = [v for vs in named.values() for v in vs]
    top = max(every_value + [hi for _, hi in errors or []])
    if log:  # a value of 0 has no bar on a log scale (it would reach down forever)
        f.y_axis(min((v for v in every_value if v > 0), default=0), top, percent, log=True)
    else:
        bottom = min([0.0] + every_value + [lo for lo, _ in errors or []])
        f.y_axis(bottom, top if top > bottom else bottom + 1, percent)
    group = slot * 0.76
    bw = group / len(named)
    base = f.y0 if log else 0.0
    for i, c in enumerate(categories):
        x0 = f.left + i * slot + (slot - group) / 2
        for j, (name, vs) in enumerate(named.items()):
            v, x = vs[i], x0 + j * bw
            if log and v <= 0:
                continue
            y, y0 = f.y(max(v, base)), f.y(min(v, base))
            colour = PALETTE[j % len(PALETTE)]
            if len(named) == 1 and highlight is not None and c == escape_free(highlight):
                colour = PALETTE[1]
            said = f"{name}, " if name else ""
            f.parts.append(
                f"<rect x='{x:.1f}' y='{y:.1f}' width='{max(bw - 1, 0.5):.1f}' "
                f"height='{max(y0 - y, 0.5):.1f}' fill='{colour}'>"
                f"<title>{escape(said + c)}: {_fmt(v, 0, percent, decimal)}</title>"
                f"</rect>"
            )
            if value_labels and bw >= 34 and errors is None:
                f.parts.append(
                    f"<text x='{x + bw / 2:.1f}' y='{y - 4:.1f}' text-anchor='middle' "
                    f"font-size='{FONT - 1}' fill='{_INK}'>"
                    f"{_fmt(v, 0, percent, decimal)}</text>"
                )
        if errors is not None:
            lo, hi = errors[i]
            cx = x0 + bw / 2
            f.parts.append(
                f"<path d='M{cx:.1f},{f.y(lo):.1f}V{f.y(hi):.1f}"
                f"M{cx - 5:.1f},{f.y(lo):.1f}h10M{cx - 5:.1f},{f.y(hi):.1f}h10' "
                f"stroke='{_INK}' fill='none'/>"
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
    named = dict(series) if isinstance(series, dict) else {"": list(series)}
    if not named:
        raise ValueError("nothing to draw: series is empty")
    ys = {
        k: _numbers(f"series[{k!r}]" if k else "series", v, allow_none=True)
        for k, v in named.items()
    }
    for k, v in ys.items():
        _same_length(x=xs, **{(f"series[{k!r}]" if k else "series"): v})
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
    legend = [k for k in ys if k]
    f = _Frame(
        width=width,
        height=height,
        title=title,
        xlabel=xlabel,
        ylabel=ylabel,
        legend_rows=1 if legend else 0,
        decimal=decimal,
    )
    every = [v for vs in ys.values() for v in vs if v is not None]
    every += [v for lows, highs in bands.values() for v in lows + highs]
    if not every:
        raise ValueError("nothing to draw: every value is None")
    f.y_axis(min(every), max(every), percent, log=log)
    f.x_axis_numeric(min(xs), max(xs), log=xlog)
    for i, (name, values) in enumerate(ys.items()):
        colour = PALETTE[i % len(PALETTE)]
        if name in bands:
            lows, highs = bands[name]
            pts = [f"{f.x(a):.1f},{f.y(h):.1f}" for a, h in zip(xs, highs, strict=False)]
            pts += [
                f"{f.x(a):.1f},{f.y(lo):.1f}"
                for a, lo in reversed(list(zip(xs, lows, strict=False)))
            ]
            f.parts.append(
                f"<polygon points='{' '.join(pts)}' fill='{colour}' "
                f"fill-opacity='0.18' stroke='none'/>"
            )
        path, pen = [], "M"
        for a, v in zip(xs, values, strict=False):
            if v is None:
                pen = "M"
                continue
            path.append(f"{pen}{f.x(a):.1f},{f.y(v):.1f}")
            pen = "L"
        f.parts.append(
            f"<path d='{''.join(path)}' stroke='{colour}' stroke-width='2.5' fill='none'/>"
        )
        if markers and len(xs) <= 40:
            for a, v in zip(xs, values, strict=False):
                if v is not None:
                    f.parts.append(
                        f"<circle cx='{f.x(a):.1f}' cy='{f.y(v):.1f}' r='3.5' "
                        f"fill='{colour}'><title>{escape(name + ': ' if name else '')}"
                        f"{_fmt(a, 0, False, decimal)} → "
                        f"{_fmt(v, 0, percent, decimal)}</title></circle>"
                    )
    if legend:
        f.legend(legend)
    first = next(iter(ys.items()))
    pairs = [
        (_fmt(a, 0, False, decimal), v) for a, v in zip(xs, first[1], strict=False) if v is not None
    ]
    return f.svg(_summary(title, pairs, percent, decimal))


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
