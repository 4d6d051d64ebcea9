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
"""

from __future__ import annotations

import re

from ..errors import session_language
from ..words.format import _label

__all__ = ["install", "localize_axes", "decimal_mark"]

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
