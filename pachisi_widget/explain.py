"""Plain-language narration of every event: a shim kept for one release.

The narration now lives in :mod:`pachisi_widget.words.narrate` and the sentences in the
translators' files (:mod:`pachisi_widget.words`); the old names keep working.

>>> import pachisi_widget as pw
>>> g = pw.Game.from_position([[0, 0, 0, 0], None, [0, 0, 0, 0], None], seed=1)
>>> before = g.state; t = g.throw(up=0)
>>> print(" ".join(narrate_throw(before, t, g.state, "ro")))
Sud aruncă 25 (nicio gură în sus). Har! Sud poate introduce o piesă pe tablă și aruncă din nou.
"""

from __future__ import annotations

from . import i18n as _i18n
from .words import LANGUAGES, seat_label, text
from .words.narrate import narrate_move, narrate_throw, reason_text

__all__ = [  # noqa: F822 (CATALOGUES and SEATS are built on first use, by __getattr__)
    "LANGUAGES",
    "CATALOGUES",
    "SEATS",
    "reason_text",
    "narrate_throw",
    "narrate_move",
    "text",
    "seat_label",
]


def __getattr__(name: str):
    """:data:`CATALOGUES` and :data:`SEATS`, the i18n shim's tables (built when first read)."""
    if name in ("CATALOGUES", "SEATS"):
        return getattr(_i18n, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
