"""The sentences and labels of the board, by language: a shim kept for one release.

Everything here now lives in :mod:`pachisi_widget.words`, which reads the translators' files in
``pachisi_widget/locale/<lang>/<domain>.po``. The old names keep working: the functions are the
words' own, and the tables (:data:`CATALOGUES`, :data:`LABELS`, :data:`NOUNS`, :data:`SEATS`...)
are plain dicts built from the ``.po`` files the first time one is read.

>>> text("turn", {"seat": 2}, "ro")
'La rând: Nord.'
>>> count(21, "steps", "ro"), count(101, "steps", "ro"), count(1, "pieces", "ro")
('21 de pătrate', '101 pătrate', 'o piesă')
>>> from pachisi_widget.i18n import CATALOGUES, NOUNS
>>> CATALOGUES["en"]["pass"], NOUNS["ro"]["steps"]
('{seat} passes.', ('un pătrat', 'pătrate'))
"""

from __future__ import annotations

import functools

from .words import (
    LANGUAGES,
    Message,
    catalogue,
    count,
    error_text,
    labels,
    language_name,
    number,
    rules_text,
    seat_label,
    sentences,
    text,
    word,
)
from .words.format import STEP_SPECS, nouns

__all__ = [
    "LANGUAGES",
    "LANGUAGE_NAMES",  # noqa: F822 (built on first use, by __getattr__)
    "CATALOGUES",  # noqa: F822 (built on first use, by __getattr__)
    "LABELS",  # noqa: F822 (built on first use, by __getattr__)
    "SEATS",  # noqa: F822 (built on first use, by __getattr__)
    "SEAT_LETTERS",  # noqa: F822 (built on first use, by __getattr__)
    "PRESET_NAMES",  # noqa: F822 (built on first use, by __getattr__)
    "AGENT_NAMES",  # noqa: F822 (built on first use, by __getattr__)
    "NOUNS",  # noqa: F822 (built on first use, by __getattr__)
    "RECORD_FIELDS",  # noqa: F822 (built on first use, by __getattr__)
    "Message",
    "text",
    "count",
    "number",
    "seat_label",
    "error_text",
    "rules_text",
]


def _table(prefix: str, lang: str) -> dict[str, str]:
    """The entries of the ``words`` catalogue named ``<prefix>.<key>``, key -> words in ``lang``."""
    keys = [k for k in catalogue.messages("en", "words") if k.startswith(prefix + ".")]
    return {k[len(prefix) + 1 :]: word(k, lang) for k in keys}


def _nouns(lang: str) -> dict[str, tuple[str, str]]:
    return {k: (forms[0], forms[1].replace("{n} ", "")) for k, forms in nouns(lang).items()}


_TABLES = {
    "CATALOGUES": sentences,
    "LABELS": labels,
    "LANGUAGE_NAMES": language_name,
    "SEATS": lambda lang: tuple(_table("seat", lang).values()),
    "SEAT_LETTERS": lambda lang: tuple(_table("seat_letter", lang).values()),
    "PRESET_NAMES": lambda lang: _table("preset", lang),
    "AGENT_NAMES": lambda lang: _table("agent", lang),
    "NOUNS": _nouns,
    "RECORD_FIELDS": lambda lang: _table("record_field", lang),
    "_TYPE_NAMES": lambda lang: _table("type", lang),
    "_SMALL_PIECES": lambda lang: {int(k): v for k, v in _table("pieces", lang).items()},
    "_STEP_WORDS": lambda lang: {
        spec: tuple(word(f"{spec}.{k}", lang) for k in ("0", "n", "84")) for spec in STEP_SPECS
    },
    "_AND": lambda lang: word("and", lang),
}


@functools.cache
def _build(name: str) -> dict:
    return {lang: _TABLES[name](lang) for lang in LANGUAGES}


def __getattr__(name: str):
    """The old tables, by language, built from the catalogues when first read (then kept)."""
    if name in _TABLES:
        return _build(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
