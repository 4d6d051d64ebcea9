"""The frame every chart shares: the palette, the SVG picture type, tick and number formatting,
argument checks, and the plot area with its axes, legend and text (the chart kinds are in
:mod:`pachisi_widget.charts`)."""

from __future__ import annotations

import math
from html import escape
from numbers import Real

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
    out: list = []
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


def _axis_ticks(lo, hi, log, ticks, what):
    """An axis's ticks from ``lo`` to ``hi`` (``ticks`` when given; on a log scale, powers of ten,
    refusing with ``what`` a range that is not above 0), and the step of their labels (0 on a log
    scale)."""
    ticks = _log_ticks(lo, hi, what) if log else ticks or nice_ticks(lo, hi)
    return ticks, ticks[1] - ticks[0] if len(ticks) > 1 and not log else 0


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

    def _label(self, t, step, percent, log):
        """A tick's label: a power of ten on a log scale, else ``t`` to the ticks' ``step``."""
        return _power(t, percent, self.decimal) if log else _fmt(t, step, percent, self.decimal)

    def _grid(self, x1, x2, y1, y2, text_x, text_y, anchor, label):
        """One grid line and its tick label (whole pixels as they are, others to 0.1)."""
        x1, x2, y1, y2, text_x, text_y = (
            v if isinstance(v, int) else f"{v:.1f}" for v in (x1, x2, y1, y2, text_x, text_y)
        )
        self.parts.append(
            f"<line x1='{x1}' x2='{x2}' y1='{y1}' y2='{y2}' stroke='{_GRID}'/>"
            f"<text x='{text_x}' y='{text_y}' text-anchor='{anchor}' "
            f"font-size='{FONT - 1}' fill='{_MUTED}'>{label}</text>"
        )

    def y_axis(self, lo, hi, percent=False, ticks=None, log=False):
        self.log = log
        self._axis("y", lo, hi, percent, ticks, log, "a log scale needs values above 0")

    def x_axis_numeric(self, lo, hi, percent=False, log=False):
        self.xlog = log
        self._axis("x", lo, hi, percent, None, log, "a log scale of x needs x values above 0")

    def _axis(self, axis, lo, hi, percent, ticks, log, what):
        """The ``axis`` ("x" or "y") from ``lo`` to ``hi``: its scale, grid lines and labels."""
        ticks, step = _axis_ticks(lo, hi, log, ticks, what)
        if axis == "y":
            self.ticks_y, self.y0, self.y1 = ticks, ticks[0], ticks[-1]
        else:
            self.ticks_x, self.x0, self.x1 = ticks, ticks[0], ticks[-1]
        for t in ticks:
            label = self._label(t, step, percent, log)
            if axis == "y":
                y = self.y(t)
                self._grid(self.left, self.right, y, y, self.left - 6, y + 4, "end", label)
            else:
                x, below = self.x(t), self.bottom + FONT + 4
                self._grid(x, x, self.top, self.bottom, x, below, "middle", label)

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
