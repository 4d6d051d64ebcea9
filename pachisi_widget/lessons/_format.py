"""The lessons' sentence formatter: an exercise's sentence with its numbers, in one language.

Moved unchanged from the single-file ``lessons.py``; it has the behaviour of the package's one
formatter (:mod:`pachisi_widget.words.format`), which replaces it: then :func:`words` becomes
``format_text(template, params, lang)``.
"""

from __future__ import annotations

import string
from fractions import Fraction

from ..i18n import NOUNS, count, seat_label

__all__ = ["words"]

_JOINTS = {"and": {"en": " and ", "ro": " și "}, "or": {"en": " or ", "ro": " sau "}}


class _Words(string.Formatter):
    """Formats an exercise's sentence: ``{x:.2f}`` with the language's decimal mark, ``{n:steps}``
    in number-noun agreement, ``{s:seat}`` a seat's name, ``{s:seats}`` seats in order
    ("West → South"), ``{x:set}`` a set as Python writes it, ``{x:and}`` and ``{x:or}`` a list
    in words ("(a) and (d)", "10 or 25"), ``{r:opening}`` an opening round's throws in words."""

    def __init__(self, lang: str):
        super().__init__()
        self.lang = lang

    def format_field(self, value, spec):
        lang = self.lang
        if spec == "seat":
            return seat_label(value, lang)
        if spec == "seats":
            return " → ".join(seat_label(s, lang) for s in value)
        if spec == "set":
            return "{" + ", ".join(str(v) for v in sorted(value)) + "}"
        if spec in ("and", "or"):
            words = [str(v) for v in value]
            joint = _JOINTS[spec][lang]
            if len(words) < 2:
                return "".join(words)
            return joint.join([", ".join(words[:-1]), words[-1]])
        if spec == "opening":
            verb = {"en": "{} threw {}", "ro": "{} a aruncat {}"}[lang]
            return self.format_field([verb.format(seat_label(s, lang), v) for s, v in value], "and")
        if spec and spec in NOUNS[lang]:
            return count(value, spec, lang)
        if isinstance(value, (Fraction, float)) and spec.endswith("f"):
            out = format(float(value), spec)
            return out.replace(".", ",") if lang == "ro" else out
        if isinstance(value, float) and not spec and lang == "ro":
            return str(value).replace(".", ",")
        return super().format_field(value, spec)


def words(template: str, params: dict, lang: str) -> str:
    """``template`` with ``params`` in words of ``lang`` (see :class:`_Words`)."""
    return _Words(lang).vformat(template, (), params)
