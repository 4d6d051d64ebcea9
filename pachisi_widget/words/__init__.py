"""Words: every sentence and label a person sees, read from translators' files.

The sentences live in ``pachisi_widget/locale/<lang>/<domain>.po`` (:mod:`.catalogue` reads them
with the standard library only), one file a domain, so that a translator finds things:

- ``board``: the narration of throws and moves, whose turn, the game's end, the status messages;
- ``errors``: refusals and error messages (illegal moves, messages, positions, saved records);
- ``coach``: chances to win, the tutor, hints and heat maps;
- ``practice``: replay, analysis and the practice questions;
- ``lessons``: the exercise checker's sentences;
- ``rules``: rules that differ from a preset, in words;
- ``labels``: buttons, headings and badges (:func:`label`);
- ``words``: countable nouns, seats, presets, computer players, the small words of a list.

A sentence has a code and named parameters; :func:`text` turns them into words in one language,
through the one formatter of :mod:`.format`. The Romanian follows the project's glossary (one
word per concept: aruncare, har, castel, pyada, Charkoni) and its grammar of numbers and nouns
(``{distance:steps}``: "un pătrat", "19 pătrate", "21 de pătrate", by Romanian's ``Plural-Forms``).
A catalogue is read the first time a sentence of it is asked for, then kept.

>>> text("turn", {"seat": 2}, "ro")
'La rând: Nord.'
>>> text("pyada_earned", {"seat": 0, "value": 25, "steps": 26}, "ro")
'Cu pyada, aruncarea de 25 duce piesa 26 de pătrate (toate piesele lui Sud au intrat).'
>>> text("label_captures", {"victims": [[2, 2]]}, "ro")
', capturând două piese ale lui Nord'
>>> text("move", {"seat": 1, "start": 80, "end": 84, "value": 4})
'East moves a piece from step 80 home with the 4.'
>>> count(21, "steps", "ro"), count(101, "steps", "ro"), count(1, "pieces", "ro")
('21 de pătrate', '101 pătrate', 'o piesă')
"""

from __future__ import annotations

import functools
import math
import re
from fractions import Fraction
from typing import NamedTuple

from .. import errors as _errors
from . import catalogue
from .format import (
    Formatter,
    Listed,
    _label,
    _lang,
    _seats,
    count,
    format_text,
    grouped,
    join,
    number,
    percent,
    seat_label,
    word,
)
from .format import join as _join

__all__ = [
    "LANGUAGES",
    "SENTENCE_DOMAINS",
    "Message",
    "text",
    "sentences",
    "count",
    "number",
    "percent",
    "grouped",
    "seat_label",
    "join",
    "word",
    "label",
    "labels",
    "error_text",
    "rules_text",
    "format_text",
    "language_name",
    "language",
    "player_name",
    "value_text",
    "interval",
]

LANGUAGES: tuple[str, ...] = catalogue.languages()
"""The languages with catalogues (folders of ``locale/``), English first: ``("en", "ro")``."""

SENTENCE_DOMAINS = ("board", "errors", "coach", "practice", "lessons", "rules", "lab", "trees")
"""The catalogues whose codes :func:`text` finds (their codes are distinct)."""

_ONE = {
    "series_done": "pool",
    "pass_pool": "pool",
    "move_due": "pending",
    "capture": "victims",
}
"""Codes with a ``<code>_one`` variant, and the parameter whose count of 1 chooses it."""

_SEAT_KEYS = frozenset({"seat", "to_move", "holder", "capturer", "partner", "other"})
_LIST_KEYS = frozenset({"pool", "pending", "values", "graces"})
_NESTED_KEYS = frozenset({"detail", "cause", "action"})
_PERCENT_KEYS = frozenset({"hit_chance", "at_most"})  # a chance 0..1, shown as a percentage
_GROUPED_KEYS = frozenset({"most"})  # a large whole number: its thousands grouped


class Message(NamedTuple):
    """A sentence not yet in words: a code and its parameters (rendered by :func:`text` in the
    language of the sentence it is part of)."""

    code: str
    params: dict = {}


def _check(lang: str) -> None:
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {lang!r}")


def sentences(lang: str | None = None) -> dict[str, str]:
    """Code -> sentence template in ``lang`` (default: the session's language,
    :func:`pachisi_widget.set_language`), from every sentence catalogue; an entry that is not
    translated (or is fuzzy) falls back to English.

    Raises:
        ValueError: for an unknown language.
    """
    return _merged(_lang(lang), SENTENCE_DOMAINS)


@functools.cache
def _merged(lang: str, domains: tuple[str, ...]) -> dict[str, str]:
    """The messages of ``domains`` in ``lang``, each falling back to its English."""
    _check(lang)
    out: dict[str, str] = {}
    for domain in domains:
        out.update(catalogue.messages("en", domain))
    if lang != "en":
        for domain in domains:
            out.update(catalogue.messages(lang, domain))
    return out


def labels(lang: str | None = None) -> dict[str, str]:
    """Button, heading and badge texts of the board in ``lang`` (key -> text).

    Raises:
        ValueError: for an unknown language.
    """
    return _merged(_lang(lang), ("labels",))


def label(key: str, lang: str | None = None) -> str:
    """One button, heading or badge text (``label("undo", "ro")`` is "Ia înapoi")."""
    return labels(lang)[key]


def language() -> str:
    """The session's language (``"en"`` until :func:`pachisi_widget.set_language`)."""
    return _errors.session_language()


def language_name(lang: str) -> str:
    """A language named in its own words ("Română"): the board's language menu."""
    return catalogue.messages(lang, "words").get("language_name") or lang


def _victims(victims, lang: str) -> str:
    """Captured pieces as [seat, count] pairs in words: "two pieces of North"."""
    if isinstance(victims, str) or not isinstance(victims, (list, tuple)):
        return str(victims)
    parts = []
    small = _small_pieces(lang)
    for pair in victims:
        try:
            seat, n = pair
        except (TypeError, ValueError):
            parts.append(str(pair))
            continue
        what = small.get(n) or count(n, "pieces", lang)
        if lang == "ro":
            parts.append(f"{what} {'a' if n == 1 else 'ale'} lui {seat_label(seat, lang)}")
        else:
            parts.append(f"{what} of {seat_label(seat, lang)}")
    return join(parts, lang, empty="–")


@functools.cache
def _small_pieces(lang: str) -> dict[int, str]:
    """A few pieces, the number in words ("two pieces"), by number."""
    found = {k: v for k, v in catalogue.messages("en", "words").items() if k.startswith("pieces.")}
    return {int(k[len("pieces.") :]): word(k, lang) for k in found}


def _how_many(value) -> int | None:
    """The count that chooses a ``_one`` variant: a list's length, or the sum of victim counts."""
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(p, (list, tuple)) and len(p) == 2 for p in value):
            return sum(int(p[1]) for p in value)
        return len(value)
    return None


def _decapitalize(s: str, lang: str) -> str:
    """A sentence to go after a colon: its first letter small, unless it starts with a name."""
    first = re.match(r"\w*", s).group()
    if not s or first in _seats(lang) or first in ("Charkoni", "JSON") or not s[0].isupper():
        return s
    if len(s) > 1 and s[1].isupper():
        return s
    return s[0].lower() + s[1:]


def _nested(value, lang: str) -> str:
    """A sentence inside another (a Message, an exception, or text): no final full stop."""
    if isinstance(value, Message):
        out = text(value.code, value.params, lang)
    elif isinstance(value, BaseException):
        out = error_text(value, lang)
    else:
        return str(value)
    return _decapitalize(out.rstrip(". "), lang)


def _record_field(name: str, lang: str) -> str:
    english = {
        k[len("record_field.") :]: v
        for k, v in catalogue.messages("en", "words").items()
        if k.startswith("record_field.")
    }
    key = name if name in english else next((k for k, v in english.items() if v == name), None)
    return word(f"record_field.{key}", lang) if key is not None else name


_OR_CODES = frozenset({"msg_preset", "msg_seat", "msg_player", "needs_grace"})
"""Sentences whose lists name choices: "South or North", "(6, 10 or 25)", never "and"."""


def _in_words(lang: str, joint: str = "and"):
    """The board's catalogues' rule: a parameter put into words by its name (lists joined by
    ``joint``)."""

    def join(items, lang, empty=""):
        return _join(items, lang, joint, empty)

    listed = {  # lists of things with names of their own, each put into words
        "actions": lambda a: _nested(a, lang),
        "seats": lambda s: seat_label(s, lang),
        "presets": lambda p: _named("preset", p, lang),
        "agents": lambda a: _named("agent", a, lang),
    }

    def names(key, v):
        if key in _SEAT_KEYS:
            return seat_label(v, lang)
        if key == "victims":
            return _victims(v, lang)
        if key in _PERCENT_KEYS and isinstance(v, (int, float, Fraction)):
            return percent(v, lang)
        if key == "within" and isinstance(v, (int, float)) and v > 0:  # an error: 0.01%
            return percent(v, lang, places=max(0, -math.floor(math.log10(100 * v) + 1e-9)))
        if key in _GROUPED_KEYS and isinstance(v, int):
            return grouped(v, lang)
        if key in _NESTED_KEYS:
            return _nested(v, lang)
        if key in listed and isinstance(v, (list, tuple)):
            return join([listed[key](x) for x in v], lang, empty="–")
        if key == "type" and isinstance(v, str):
            return _named("type", v, lang)
        if key == "field" and isinstance(v, str):
            return _record_field(v, lang)
        if key in _LIST_KEYS and isinstance(v, (list, tuple, set, frozenset)):
            items = sorted(v) if isinstance(v, (set, frozenset)) else list(v)
            return Listed(join(items, lang, empty="–"), items, joint)
        return v

    return names


def _named(table: str, key, lang: str) -> str:
    """A name from one of the ``words`` tables (a preset, an agent, a type), or ``key`` itself."""
    english = catalogue.messages("en", "words")
    entry = f"{table}.{key}"
    return word(entry, lang) if entry in english else key


@functools.cache
def _formatter(lang: str, joint: str = "and") -> Formatter:
    return Formatter(lang, _in_words(lang, joint))


def text(code: str, params: dict | None = None, lang: str | None = None) -> str:
    """The sentence for ``code`` in ``lang``, its parameters put into words.

    Seat numbers become names; lists of throws become "7, 3 and 25"; ``victims`` ([seat, count]
    pairs) becomes "two pieces of North"; a :class:`Message` or an exception as ``detail``,
    ``cause`` or ``action`` is rendered in the same language. A code with a ``<code>_one``
    variant uses it when its counted parameter holds one item. An unknown code gives the
    generic refusal; a missing parameter shows as "?".

    Raises:
        ValueError: for an unknown language.
    """
    lang = _lang(lang)
    cat = sentences(lang)
    params = dict(params or {})
    counted = _ONE.get(code)
    if counted and _how_many(params.get(counted)) == 1:
        code = f"{code}_one"
    template = cat.get(code) or cat["illegal"]
    joint = "or" if code in _OR_CODES and lang != "en" else "and"
    out = _formatter(lang, joint).vformat(template, (), params)
    if template.startswith("{") and out[:1].islower() and code not in _as_written():
        out = out[0].upper() + out[1:]
    return out


@functools.cache
def _as_written() -> frozenset:
    """The codes whose sentence starts as its first parameter does (never capitalised): the lab's
    reports, which begin with a player's or a file's name, and the mouths up shown in brackets
    ("(o gură în sus)")."""
    return frozenset(catalogue.messages("en", "lab")) | {"mouths_up"}


def error_text(exc: BaseException, lang: str | None = None) -> str:
    """What an error says, in ``lang``.

    An error with a ``code`` from the catalogue (every :class:`~pachisi_widget.errors.PachisiError`
    may carry one) is rendered from it; a game-over error without one says the game is over.
    Without a code, English shows the error's own message and Romanian a sentence of its own
    (never the English one).
    """
    lang = _lang(lang)
    code = getattr(exc, "code", None)
    params = getattr(exc, "params", None) or {}
    if code is None and isinstance(exc, _errors.GameOverError):
        code = "game_over"
    if code and code in sentences(lang):
        return text(code, params, lang)
    if lang == "en" and str(exc):
        return str(exc)
    return text("error_unknown", {}, lang)


def rules_text(rules, lang: str | None = None, base: str | None = None) -> str:
    """A set of rules in words: the nearest preset's name (or ``base``'s, a preset's name), then
    what differs from it.

    >>> from pachisi_widget.rules import Rules
    >>> rules_text(Rules.preset("mitra").replace(teams=True), "ro")
    'Mitra, în echipe (Sud și Nord contra Est și Vest)'
    >>> rules_text(Rules(pyada=True, split_throw=True))
    'classic, split throws, with pyada'
    >>> rules_text(Rules.preset("seven_cowries"), "ro", base="classic")
    'clasic, tabelul wiki7 (7 coji), haruri de intrare 10, 25 și 35, haruri fără introducere 7 și 14'
    """
    import dataclasses

    from ..rules import PRESETS, Rules

    lang = _lang(lang)
    names = [f.name for f in dataclasses.fields(rules)]

    def diff(base) -> list:
        return [n for n in names if getattr(rules, n) != getattr(base, n)]

    if base is not None and base not in PRESETS:
        params = {"got": repr(base), "names": ", ".join(PRESETS)}
        raise ValueError(_errors.say("arg_rule_preset", params))
    best = base or min(PRESETS, key=lambda p: len(diff(Rules.preset(p))))
    parts = [word(f"preset.{best}", lang)]
    for name in diff(Rules.preset(best)):
        value = getattr(rules, name)
        if isinstance(value, bool):
            parts.append(text(f"rule_{name}_{'on' if value else 'off'}", {}, lang))
        elif isinstance(value, frozenset):
            code = f"rule_{name}" if value else f"rule_{name}_none"
            parts.append(text(code, {"values": sorted(value)}, lang))
        elif name == "throw_table":
            parts.append(text("rule_throw_table", {"table": value, "shells": rules.shells}, lang))
        elif name == "p_mouth_up":
            parts.append(text("rule_p_mouth_up", {"p": value}, lang))
        else:
            parts.append(text(f"rule_{name}_{value}", {}, lang))
    return ", ".join(parts)


def _error_words(code: str, params: dict, lang: str = "en") -> str | None:
    """An error's sentence ``code`` in ``lang``, or None when no catalogue has it."""
    cat = sentences(lang)
    if code not in cat:
        return None
    if code.startswith(("arg_", "file_")):  # a Python API's message: as written, no capital
        return _formatter(lang).vformat(cat[code], (), dict(params))
    return text(code, params, lang)


# Errors sit below the words (pachisi_widget.errors imports nothing of the package), so the words
# tell them how to say a code: explicitly, here, once (see errors.set_renderer).
_errors.set_renderer(_error_words)


def player_name(name: str, lang: str | None = None) -> str:
    """A player's name as a table or a plot of ``lang`` shows it: a computer player by its name in
    that language ("greedy" is "lacom" in Romanian, "greedy (2)" "lacom (2)"), any other name (a
    student's file, a class) as it is. In English the code name stays, as a student types it.

    >>> player_name("castle_waiter", "ro"), player_name("greedy (2)", "ro"), player_name("ana", "ro")
    ('așteaptă la castel', 'lacom (2)', 'ana')
    >>> player_name("castle_waiter", "en")
    'castle_waiter'
    """
    lang = _lang(lang)
    if lang == "en" or not isinstance(name, str):
        return name
    found = re.fullmatch(r"(.*?)( \(\d+\))?", name)
    base, suffix = (found.group(1), found.group(2) or "") if found else (name, "")
    if f"agent.{base}" in catalogue.messages("en", "words") and base != "human":
        return word(f"agent.{base}", lang) + suffix
    return name


def value_text(value, lang: str | None = None) -> str:
    """A table's cell in words: True/False as yes/no ("da"/"nu"), None as a dash, a float with the
    language's decimal mark, a preset's or a computer player's code name in that language.

    >>> value_text(True, "ro"), value_text(None, "ro"), value_text(0.5, "ro"), value_text("bell6")
    ('da', '—', '0,5', 'bell6')
    """
    lang = _lang(lang)
    if value is True or value is False:
        return text("yes" if value else "no", {}, lang)
    if value is None:
        return text("none", {}, lang)
    if isinstance(value, (float, Fraction)):
        return number(float(value), lang)
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(str(v) for v in sorted(value)) + "}" if value else "∅"
    return str(value)


def interval(
    low: float, high: float, lang: str | None = None, places: int = 1, spec: str | None = None
) -> str:
    """A 95% interval of two chances (0..1) as ``lang`` writes it: "[36.3%, 49.9%]" in English,
    "[36,3%; 49,9%]" in Romanian (a semicolon, since the comma is the decimal mark); with
    ``spec``, of two numbers written with that format (:func:`number`), such as ratings.

    >>> interval(0.363, 0.499, "ro"), interval(0.363, 0.499, "en")
    ('[36,3%; 49,9%]', '[36.3%, 49.9%]')
    >>> interval(1432.4, 1567.6, "ro", spec=".0f")
    '[1432; 1568]'
    """
    lang = _lang(lang)
    sep = "; " if _label("decimal_point", lang) == "," else ", "
    a, b = (
        percent(x, lang, places=places) if spec is None else number(x, lang, spec)
        for x in (low, high)
    )
    return f"[{a}{sep}{b}]"
