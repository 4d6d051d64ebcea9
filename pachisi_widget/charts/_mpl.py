"""Matplotlib's tick labels in the session's language: the decimal comma on every axis.

matplotlib writes its tick labels with a decimal point whatever the language (its
``axes.formatter.use_locale`` needs the operating system's Romanian locale, which a classroom's
computer or the browser's Python rarely has). :func:`install` wraps the one method through which
every axis writes its labels (``Formatter.format_ticks``, and ``ScalarFormatter.get_offset`` for
the axis' offset text), so that a plot drawn in a Romanian session (``pw.set_language("ro")``),
or on axes given a language by :func:`localize_axes`, reads "0,05" and "17,5": every plot of a
lesson, whether the lesson's own ``plt`` cell or the package's (``tournament.plot()``), with no
change to the cells that draw it. A label a cell wrote itself (``set_xticks(..., labels)``) keeps
its words; only a digit, a point and a digit become a digit, a comma and a digit.

The package's own plots (a tournament's ratings, a class's tally) share the rest here: the
choice between matplotlib and the SVG chart (:func:`figure_class`), intervals as error bars
(:func:`interval_errors`) and a bare Figure shown as a picture (:func:`shown_as_svg`).
"""

from __future__ import annotations

import re

from ..errors import session_language
from ..words.format import _label

__all__ = [
    "install",
    "localize_axes",
    "decimal_mark",
    "BACKENDS",
    "figure_class",
    "interval_errors",
    "shown_as_svg",
]

_POINT = re.compile(r"(?<=\d)\.(?=\d)")
_installed: list[bool] = []


def decimal_mark(lang: str | None = None) -> str:
    """The decimal mark of ``lang`` (default: the session's language): "," in Romanian."""
    return _label("decimal_point", session_language() if lang is None else lang)


def _language_of(formatter) -> str:
    axis = getattr(formatter, "axis", None)
    axes = getattr(axis, "axes", None)
    lang = getattr(axes, "_pachisi_language", None)
    return lang if isinstance(lang, str) else session_language()


def _marked(text: str, mark: str) -> str:
    return text if mark == "." or not isinstance(text, str) else _POINT.sub(mark, text)


def install() -> bool:
    """Wrap matplotlib's tick formatting once (True when matplotlib is installed)."""
    if _installed:
        return True
    try:
        from matplotlib import ticker
    except ImportError:
        return False
    format_ticks = ticker.Formatter.format_ticks
    get_offset = ticker.ScalarFormatter.get_offset

    def localized_ticks(self, values):
        mark = decimal_mark(_language_of(self))
        return [_marked(s, mark) for s in format_ticks(self, values)]

    def localized_offset(self):
        return _marked(get_offset(self), decimal_mark(_language_of(self)))

    localized_ticks.__doc__ = format_ticks.__doc__
    localized_offset.__doc__ = get_offset.__doc__
    ticker.Formatter.format_ticks = localized_ticks  # type: ignore[method-assign]
    ticker.ScalarFormatter.get_offset = localized_offset  # type: ignore[method-assign]
    _installed.append(True)
    return True


def localize_axes(target, lang: str | None = None):
    """Write the tick labels of ``target`` (a matplotlib Axes, or a Figure: all its Axes) in
    ``lang`` (default: the session's language) whatever the session's language; returns
    ``target``."""
    install()
    axes = target.get_axes() if hasattr(target, "get_axes") else [target]
    for ax in axes:
        ax._pachisi_language = lang
    return target


BACKENDS = ("auto", "matplotlib", "svg")
"""The ways a package's plot may be drawn, matplotlib where it is installed ("auto"), matplotlib
or nothing ("matplotlib"), or the package's own SVG chart ("svg")."""


def figure_class(backend: str):
    """matplotlib's ``Figure`` to draw a plot with ``backend`` (one of :data:`BACKENDS`, checked
    by the caller); None for "svg", and for "auto" where matplotlib is missing: the caller then
    draws its SVG chart.

    >>> figure_class("svg") is None
    True

    Raises:
        ImportError: for "matplotlib" where matplotlib is missing.
    """
    if backend == "svg":
        return None
    try:
        from matplotlib.figure import Figure
    except ImportError:
        if backend == "matplotlib":
            raise
        return None
    return Figure


def interval_errors(centres, lows, highs) -> list:
    """matplotlib's ``errorbar`` lengths (``xerr``/``yerr``) of intervals ``lows[i]..highs[i]``
    around ``centres[i]``: the lengths below, then those above.

    >>> interval_errors([5, 10], [4, 7], [7, 12])
    [[1, 3], [2, 2]]
    """
    return [
        [c - lo for c, lo in zip(centres, lows, strict=True)],
        [hi - c for c, hi in zip(centres, highs, strict=True)],
    ]


def shown_as_svg(fig):
    """``fig`` (a matplotlib Figure made without pyplot) with an SVG picture for notebooks: the
    inline backend draws only the figures pyplot made, so a bare Figure would show as its repr."""
    import io

    def svg():
        out = io.StringIO()
        fig.savefig(out, format="svg")
        return out.getvalue()

    fig._repr_svg_ = svg
    return fig
