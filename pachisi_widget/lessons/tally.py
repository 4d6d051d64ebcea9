"""A class's own throws of six coins or cowries, against C(6, k)/64 and its sampling spread.

Each student throws six coins (or cowries) a few times and counts the heads (mouths up); the
class adds up how many throws gave 0, 1, ..., 6. :func:`tally` takes those seven counts and sets
them beside what fair shells give: the expected count n·C(6, k)/64 of each k for the class's n
throws, and the range a class's count lands in about 95% of the time, the expected count ± 2
standard deviations, √(n·p·(1 − p)) with p = C(6, k)/64 (each k's count is binomial).

>>> t = tally([3, 19, 47, 62, 46, 20, 3])
>>> t.throws, t.expected[3], round(t.spread[3], 2)
(200, Fraction(125, 2), 6.56)
>>> t.outside
()
>>> tally([1, 2, 3], lang="en")                       # doctest: +ELLIPSIS
Traceback (most recent call last):
ValueError: The tally needs 7 counts, one for each number of heads (mouths up) from 0 to 6; ...

With no counts yet (``tally(...)``) it shows a class simulated with a seed, and says so. The
picture (:meth:`Tally.plot`) is a matplotlib Figure where matplotlib is installed, else the
package's own SVG chart (the offline site).
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from math import comb
from numbers import Integral

from .. import charts
from ..charts._mpl import BACKENDS, figure_class, interval_errors, shown_as_svg
from ..words import count, label, text
from ..words.format import number
from .checking import _language

__all__ = ["Tally", "tally"]

_SHELLS = 6
_EXAMPLE = (25, 8, 2027)
"""A simulated class when no counts are given: 25 students, 8 throws each, a seed."""


class Tally:
    """A class's counts of throws by the number of mouths up, beside fair shells' odds."""

    def __init__(self, counts: tuple[int, ...], simulated: bool, lang: str):
        self.counts = counts
        """Throws with 0, 1, ..., 6 mouths up."""
        self.simulated = simulated
        """True when no counts were given and a seeded simulated class stands in."""
        self.lang = lang
        self.shells = len(counts) - 1
        self.throws = sum(counts)
        """The class's number of throws, n."""
        landings = 2**self.shells
        self.chances = tuple(Fraction(comb(self.shells, k), landings) for k in range(len(counts)))
        """C(6, k)/64 for each k."""
        self.expected = tuple(self.throws * p for p in self.chances)
        """The expected count n·C(6, k)/64 of each k."""
        self.spread = tuple(math.sqrt(self.throws * p * (1 - p)) for p in self.chances)
        """The standard deviation √(n·p·(1 − p)) of each k's count."""
        self.low = tuple(
            max(0.0, float(e) - 2 * s) for e, s in zip(self.expected, self.spread, strict=True)
        )
        self.high = tuple(float(e) + 2 * s for e, s in zip(self.expected, self.spread, strict=True))
        self.outside = tuple(
            k for k, c in enumerate(counts) if not self.low[k] <= c <= self.high[k]
        )
        """The k whose count lies outside expected ± 2 standard deviations."""

    def __repr__(self) -> str:
        return self.table()

    def table(self) -> str:
        """The counts beside the expected counts and their ranges, and what they say."""
        lang = self.lang
        lines = []
        if self.simulated:
            said = {"throws": count(self.throws, "throws", lang)}
            lines += [text("tally_simulated", said, lang), ""]
        lines.append(text("tally_head", {"shells": self.shells}, lang))
        for k, c in enumerate(self.counts):
            mark = text("tally_inside" if k not in self.outside else "tally_out", {}, lang)
            lines.append(
                f"{k:>2}  {c:>6}  {number(self.expected[k], lang, '.1f'):>8}  "
                f"{number(self.low[k], lang, '.1f'):>6} – {number(self.high[k], lang, '.1f'):<6} "
                f"{mark}"
            )
        inside = len(self.counts) - len(self.outside)
        said = {
            "inside": inside,
            "all": len(self.counts),
            "throws": count(self.throws, "throws", lang),
        }
        lines += ["", text("tally_summary", said, lang)]
        return "\n".join(lines)

    def _words(self) -> dict:
        lang = self.lang
        params = {"throws": count(self.throws, "throws", lang), "shells": self.shells}
        params["landings"] = 2**self.shells
        return {
            "title": text("tally_plot_title", params, lang),
            "xlabel": text("tally_plot_x", params, lang),
            "ylabel": text("tally_plot_y", params, lang),
            "class": text("tally_plot_class", params, lang),
            "expected": text("tally_plot_expected", params, lang),
            "marks": text("tally_plot_marks", params, lang),
        }

    def plot(self, backend: str = "auto"):
        """The class's counts as bars, each with the expected count (a dot) and its range ± 2
        standard deviations (a whisker): a matplotlib Figure when matplotlib is installed
        (``backend="auto"`` or ``"matplotlib"``), else (or with ``backend="svg"``) an SVG chart.

        Raises:
            ValueError: for an unknown backend.
            ImportError: for ``backend="matplotlib"`` without matplotlib.
        """
        if backend not in BACKENDS:
            raise ValueError(text("tally_backend", {"got": repr(backend)}, self.lang))
        said = self._words()
        figure = figure_class(backend)
        if figure is not None:
            return self._figure(figure, said)
        ks = list(range(len(self.counts)))
        return charts.bar(
            [str(k) for k in ks],
            list(self.counts),
            errors=list(zip(self.low, self.high, strict=True)),
            marks=[float(e) for e in self.expected],
            title=said["title"],
            xlabel=said["marks"],
            ylabel=said["ylabel"],
            decimal=label("decimal_point", self.lang),
            width=640,
        )

    def _figure(self, figure, said):
        ks = list(range(len(self.counts)))
        fig = figure(figsize=(7, 3.6))
        ax = fig.add_subplot()
        ax.bar(ks, self.counts, color=charts.PALETTE[0], label=said["class"])
        expected = [float(e) for e in self.expected]
        ax.errorbar(
            ks,
            expected,
            yerr=interval_errors(expected, self.low, self.high),
            fmt="o",
            color="#000000",
            capsize=5,
            label=said["expected"],
        )
        ax.set_xticks(ks)
        ax.set_ylim(0, 1.3 * max(max(self.high), max(self.counts)))  # room for the legend
        ax.set_xlabel(said["xlabel"])
        ax.set_ylabel(said["ylabel"])
        ax.set_title(said["title"])
        ax.legend(loc="upper left", fontsize=9)
        charts.localize_axes(ax, self.lang)
        fig.tight_layout()
        return shown_as_svg(fig)


def _simulated() -> tuple[int, ...]:
    students, each, seed = _EXAMPLE
    rng = random.Random(seed)
    counts = [0] * (_SHELLS + 1)
    for _ in range(students * each):
        counts[sum(rng.random() < 0.5 for _ in range(_SHELLS))] += 1
    return tuple(counts)


def _read(counts, lang: str) -> tuple[int, ...]:
    """The seven counts of ``counts`` (a list or tuple, or a dict k -> count), checked."""
    size = _SHELLS + 1
    if isinstance(counts, dict):
        wrong = [k for k in counts if isinstance(k, bool) or k not in range(size)]
        if wrong:
            raise ValueError(text("tally_key", {"got": repr(wrong[0]), "top": _SHELLS}, lang))
        counts = [counts.get(k, 0) for k in range(size)]
    elif not isinstance(counts, (list, tuple)):
        raise ValueError(text("tally_not_list", {"got": repr(counts)[:60], "size": size}, lang))
    if len(counts) != size:
        raise ValueError(
            text("tally_length", {"size": size, "top": _SHELLS, "got": len(counts)}, lang)
        )
    for k, c in enumerate(counts):
        whole = isinstance(c, Integral) or (isinstance(c, float) and c.is_integer())
        if isinstance(c, bool) or not whole or c < 0:
            raise ValueError(text("tally_count", {"k": k, "got": repr(c)}, lang))
    if not sum(counts):
        raise ValueError(text("tally_empty", {}, lang))
    return tuple(int(c) for c in counts)


def tally(counts=..., *, lang: str | None = None) -> Tally:
    """The class's ``counts`` (throws with 0, 1, ..., 6 mouths up: a list of seven whole
    numbers, or a dict ``k -> count``) beside C(6, k)/64 and its spread; ``...`` (no counts
    yet) gives a simulated class of 200 throws, said to be one.

    Raises:
        ValueError: naming what was wrong and what is allowed, for counts that are not seven
            whole numbers of throws at or above 0 with at least one throw among them.
    """
    lang = _language(lang)
    if counts is ... or counts is None:
        return Tally(_simulated(), True, lang)
    return Tally(_read(counts, lang), False, lang)
