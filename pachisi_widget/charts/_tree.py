"""Tree diagrams of chances: each branch an outcome with its chance, each leaf the product of the
chances along its path (the multiplication rule a tree makes visible).

One layout, two pictures: :meth:`Tree.svg` draws it in pure Python (the offline site, a page
without matplotlib) and :meth:`Tree.plot` draws the same layout with matplotlib. The tree is
drawn from left to right: a node at each throw, a horizontal branch for each outcome, its words
above the branch and its chance below ("1/8 = 12.5%"), and at each leaf the chance of the whole
path in bold. The words are the caller's, in the lesson's language; numbers use ``decimal``.

>>> from fractions import Fraction
>>> t = Tree([Branch("heads", Fraction(1, 2), leaf="stop", counts=1),
...           Branch("tails", Fraction(1, 2), then=(
...               Branch("heads", Fraction(1, 2), leaf="stop", counts=1),
...               Branch("tails", Fraction(1, 2), leaf="give up", counts=0)))], title="Two coins")
>>> t.leaf_sum(), t.total()
(Fraction(1, 1), Fraction(3, 4))
>>> [(path, str(p)) for path, p, _ in t.leaves()]
[(('heads',), '1/2'), (('tails', 'heads'), '1/4'), (('tails', 'tails'), '1/4')]
>>> t.svg().startswith("<svg")
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from html import escape
from numbers import Real
from typing import Any

from ..errors import say, short_repr
from ._frame import _INK, _MUTED, FONT, PALETTE, Chart, escape_free

__all__ = ["Branch", "Tree", "tree", "chance_words"]

KINDS = {"yes": PALETTE[1], "no": PALETTE[0], "more": PALETTE[2], "": _INK}
"""A leaf's colour by its ``kind``: "yes" (the outcome the tree counts: a hit), "no" (it did not
happen), "more" (it goes on past the picture), "" (none of these)."""

_BIG = FONT + 2  # the tree's text: 16 px, for the back of a classroom
_ROW = 2 * _BIG + 34  # one leaf a row: words above a branch, its chance below
_DOT = 5


def _check_chance(code: str, label: str, p) -> None:
    """Refuse ``p`` (with the sentence ``code``) unless it is a number from 0 to 1."""
    if (
        isinstance(p, bool)
        or not isinstance(p, Real)
        or not math.isfinite(float(p))
        or not 0 <= float(p) <= 1
    ):
        raise ValueError(
            say(code, {"label": short_repr(escape_free(label), 40), "got": short_repr(p, 40)})
        )


@dataclass(frozen=True)
class Branch:
    """One outcome of a tree: its words, its chance given the branch it grows from, and either
    the branches that follow it (``then``) or, at a leaf, the leaf's words and kind.

    ``counts``, at a leaf, is the share of that leaf that counts towards :meth:`Tree.total`: 1
    for the outcome the tree counts (a hit), 0 for one that does not, or a chance for a leaf
    where things go on past the picture (the chance of a hit from there on). None: the leaf is
    not counted (a tree of a distribution, whose leaves add up to 1).

    Raises:
        ValueError: for a chance or a ``counts`` that is not a number from 0 to 1, a ``then``
            that is not branches, or an unknown ``kind``.
    """

    label: str
    chance: Any
    then: tuple = ()
    leaf: str = ""
    kind: str = ""
    counts: Any = None

    def __post_init__(self):
        _check_chance("tree_err_chance", self.label, self.chance)
        if self.counts is not None:
            _check_chance("tree_err_counts", self.label, self.counts)
        object.__setattr__(self, "then", tuple(self.then))
        if not all(isinstance(b, Branch) for b in self.then):
            raise ValueError(say("tree_err_then", {"got": short_repr(self.then, 40)}))
        if self.kind not in KINDS:
            kinds = ", ".join(repr(k) for k in sorted(KINDS))
            raise ValueError(
                say("tree_err_kind", {"kinds": kinds, "got": short_repr(self.kind, 40)})
            )


def _percent(p, decimal: str) -> tuple:
    """``p`` as a percentage: exactly when it has at most 2 decimals ("31.25%"), else rounded
    half up (1 decimal from 10%, 2 below, 2 significant digits below 1%); and whether exact."""
    v = Decimal(p.numerator) / Decimal(p.denominator) * 100 if isinstance(p, Fraction) else None
    if v is None:
        v = Decimal(repr(float(p) * 100))
    places = 1 if v >= 10 else 2 if v >= 1 else max(2, 1 - v.adjusted()) if v else 0
    exact = isinstance(p, Fraction) and (p * 10000).denominator == 1
    if exact:
        places = max(0, -int(v.normalize().as_tuple().exponent))
    text = f"{v.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP):f}"
    return text.replace(".", decimal) + "%", exact


def chance_words(p, decimal: str = ".") -> str:
    """A chance as the tree writes it: "1/8 = 12.5%" (a fraction, exactly), "15/4096 ≈ 0.37%"
    (rounded), a fraction with a denominator above 10,000 as its percentage only ("≈ 62.5%"),
    or "26.8%" for a float (rounded as a chance that is not exact).

    >>> chance_words(Fraction(1, 8)), chance_words(Fraction(15, 4096), ","), chance_words(0.25)
    ('1/8 = 12.5%', '15/4096 ≈ 0,37%', '25.0%')
    >>> chance_words(Fraction(5, 16)), chance_words(Fraction(677, 1083))
    ('5/16 = 31.25%', '677/1083 ≈ 62.5%')
    """
    shown, exact = _percent(p, decimal)
    if not isinstance(p, Fraction):
        return shown
    if p.denominator == 1:
        return f"{p.numerator} = {shown}"
    if p.denominator > 10_000:
        return f"≈ {shown}"
    return f"{p.numerator}/{p.denominator} {'=' if exact else '≈'} {shown}"


def _width(text: str, size: int = _BIG) -> float:
    """About how wide ``text`` is in px (sans-serif)."""
    return len(text) * size * 0.56 + 4


class Tree:
    """A tree of chances (``branches`` grow from one root); see the module's docstring.

    ``title`` goes above the picture, ``note`` (one or two lines, e.g. the sum of the leaves
    that count) below it; ``decimal`` is the decimal mark of every number ("," in Romanian).

    Raises:
        ValueError: for no branches, or branches that are not :class:`Branch`.
    """

    def __init__(self, branches, *, title: str = "", note: str = "", decimal: str = "."):
        self.branches = tuple(branches)
        if not self.branches or not all(isinstance(b, Branch) for b in self.branches):
            raise ValueError(say("tree_err_empty"))
        self.title, self.note, self.decimal = title, note, decimal
        self.answer: Any = None  # the package's own answer the tree explains (builders set it)

    # -- the numbers ------------------------------------------------------------------------------

    def leaves(self) -> list:
        """Every leaf, top to bottom: (the labels along its path, the product of the chances
        along it, the leaf's :class:`Branch`)."""
        out: list = []

        def walk(branches, path, p):
            for b in branches:
                here = p * b.chance
                if b.then:
                    walk(b.then, (*path, b.label), here)
                else:
                    out.append(((*path, b.label), here, b))

        walk(self.branches, (), 1)
        return out

    def leaf_sum(self):
        """The chances of all the leaves added up (1 for a tree that leaves nothing out)."""
        return sum((p for _, p, _ in self.leaves()), 0 * self.branches[0].chance)

    def total(self):
        """Each leaf's chance times its ``counts``, added up: the chance the tree is about."""
        return sum(
            (p * b.counts for _, p, b in self.leaves() if b.counts is not None),
            0 * self.branches[0].chance,
        )

    # -- the layout both pictures draw -------------------------------------------------------------

    def layout(self) -> dict:
        """The picture in px: ``size`` (w, h), ``nodes`` [(x, y)], ``edges`` [(x0, y0, x1, y1)]
        (a vertical line at a node, then a horizontal one to the next), ``texts`` [(x, y, text,
        anchor, colour, bold, size)]."""
        depth_of: list = []

        def depth(branches, d):
            for b in branches:
                depth_of.append((d, b))
                depth(b.then, d + 1)

        depth(self.branches, 0)
        levels = max(d for d, _ in depth_of) + 1
        columns = [
            max(
                max(_width(b.label), _width(chance_words(b.chance, self.decimal)))
                for d, b in depth_of
                if d == level
            )
            + 30
            for level in range(levels)
        ]
        top = 20 + (_BIG + 14 if self.title else 0)
        xs = [24.0]
        for c in columns:
            xs.append(xs[-1] + c)
        nodes, edges, texts = [], [], []
        row = [0]
        leaf_right = [0.0]

        def place(branches, d) -> float:
            ys = []
            for b in branches:
                if b.then:
                    y = place(b.then, d + 1)
                else:
                    y = top + _ROW * (row[0] + 0.5)
                    row[0] += 1
                ys.append((y, b))
            x0, x1 = xs[d], xs[d + 1]
            edges.append((x0, ys[0][0], x0, ys[-1][0]))
            for y, b in ys:
                edges.append((x0, y, x1, y))
                texts.append((x0 + 10, y - 8, b.label, "start", _INK, False, _BIG))
                words = chance_words(b.chance, self.decimal)
                texts.append((x0 + 10, y + _BIG + 6, words, "start", _MUTED, False, _BIG))
                nodes.append((x1, y, KINDS[b.kind] if not b.then else _INK))
            return (ys[0][0] + ys[-1][0]) / 2

        root_y = place(self.branches, 0)
        nodes.append((xs[0], root_y, _INK))
        # each leaf's words at the end of its path, in its own row (a leaf's row is its order)
        for i, (path, p, b) in enumerate(self.leaves()):
            y = top + _ROW * (i + 0.5)
            x = xs[len(path)] + 12
            product = chance_words(p, self.decimal)
            lines = (
                [(b.leaf, y - 6, False), (product, y + _BIG + 4, True)]
                if b.leaf
                else [(product, y + 6, True)]
            )
            for words, at, bold in lines:
                texts.append((x, at, words, "start", KINDS[b.kind], bold, _BIG))
                leaf_right[0] = max(leaf_right[0], x + _width(words) * (1.06 if bold else 1))
        height = top + _ROW * row[0] + 12
        for line in self.note.splitlines():
            texts.append((24, height + _BIG, line, "start", _INK, False, _BIG))
            leaf_right[0] = max(leaf_right[0], 24 + _width(line))
            height += _BIG + 10
        width = max(leaf_right[0] + 16, _width(self.title, _BIG + 2) + 48, 320)
        if self.title:
            texts.append((width / 2, 18 + _BIG, self.title, "middle", _INK, True, _BIG + 2))
        return {
            "size": (math.ceil(width), math.ceil(height + 12)),
            "nodes": nodes,
            "edges": edges,
            "texts": texts,
        }

    def summary(self) -> str:
        """The tree in words (each leaf's path and chance), for screen readers."""
        words = [
            f"{' → '.join(path)} ({b.leaf}): {chance_words(p, self.decimal)}"
            if b.leaf
            else f"{' → '.join(path)}: {chance_words(p, self.decimal)}"
            for path, p, b in self.leaves()
        ]
        head = f"{self.title}: " if self.title else ""
        return head + "; ".join(words) + (f". {' '.join(self.note.split())}" if self.note else "")

    # -- the two pictures -------------------------------------------------------------------------

    def svg(self) -> Chart:
        """The tree as an SVG picture (pure Python)."""
        lay = self.layout()
        w, h = lay["size"]
        summary = self.summary()
        parts = [
            f"<svg xmlns='http://www.w3.org/2000/svg' width='{w}' height='{h}' "
            f"viewBox='0 0 {w} {h}' role='img' aria-label='{escape(summary, quote=True)}' "
            f"font-family='sans-serif' font-size='{_BIG}'>",
            f"<title>{escape(self.title or 'tree')}</title><desc>{escape(summary)}</desc>",
            f"<rect width='{w}' height='{h}' fill='white'/>",
        ]
        for x0, y0, x1, y1 in lay["edges"]:
            parts.append(
                f"<line x1='{x0:.1f}' y1='{y0:.1f}' x2='{x1:.1f}' y2='{y1:.1f}' "
                f"stroke='{_MUTED}' stroke-width='2'/>"
            )
        for x, y, colour in lay["nodes"]:
            parts.append(f"<circle cx='{x:.1f}' cy='{y:.1f}' r='{_DOT}' fill='{colour}'/>")
        for x, y, words, anchor, colour, bold, size in lay["texts"]:
            weight = " font-weight='700'" if bold else ""
            parts.append(
                f"<text x='{x:.1f}' y='{y:.1f}' text-anchor='{anchor}' font-size='{size}' "
                f"fill='{colour}'{weight}>{escape(words)}</text>"
            )
        return Chart("".join(parts) + "</svg>", summary)

    def _repr_svg_(self) -> str:
        return str(self.svg())

    def plot(self, ax=None):
        """The same tree drawn with matplotlib, on ``ax`` (default: a new figure of the picture's
        size); returns the figure. Needs matplotlib."""
        import matplotlib.pyplot as plt

        lay = self.layout()
        w, h = lay["size"]
        dpi = 100
        if ax is None:
            fig = plt.figure(figsize=(w / dpi, h / dpi), dpi=dpi)
            ax = fig.add_axes((0, 0, 1, 1))
        fig = ax.figure
        ax.set_xlim(0, w)
        ax.set_ylim(h, 0)
        ax.set_axis_off()
        points = 72 / fig.dpi  # px to points
        for x0, y0, x1, y1 in lay["edges"]:
            ax.plot([x0, x1], [y0, y1], color=_MUTED, linewidth=2 * points, solid_capstyle="butt")
        for x, y, colour in lay["nodes"]:
            ax.plot([x], [y], "o", color=colour, markersize=2 * _DOT * points)
        for x, y, words, anchor, colour, bold, size in lay["texts"]:
            ax.text(
                x,
                y,
                words,
                ha={"start": "left", "middle": "center"}[anchor],
                va="baseline",
                color=colour,
                fontsize=size * points,
                fontweight="bold" if bold else "normal",
            )
        ax.set_title("")
        fig.pachisi_summary = self.summary()
        return fig

    def __repr__(self) -> str:
        return f"<Tree {self.summary()[:200]}>"


def tree(branches, *, title: str = "", note: str = "", decimal: str = ".") -> Chart:
    """A tree diagram of ``branches`` (:class:`Branch`) as an SVG picture: see :class:`Tree`."""
    return Tree(branches, title=title, note=note, decimal=decimal).svg()
