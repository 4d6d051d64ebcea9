"""The large-sample results the lessons state beside a class's sample.

A class's few hundred games give wide intervals: "these games cannot tell" is then the honest
reading, but it is not the same as "equal". Each conclusion a lesson draws about the game itself
is measured once on many more games by ``scripts/reference_results.py`` (numpy engine, seeded)
and kept in ``reference.json`` beside this module, which the offline site carries too.

>>> r = reference("first_player.classic")
>>> r.games > 100_000 and r.low > 0.5        # a small edge for the first player, but a real one
True
>>> r.command
'python scripts/reference_results.py'
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import NamedTuple

__all__ = ["Reference", "reference", "REFERENCES"]

_FILE = Path(__file__).with_name("reference.json")


class Reference(NamedTuple):
    """One result measured on a large sample: ``won`` of ``games``, its rate and 95% interval
    (Wilson), what was played, and the command that measured it."""

    won: int
    games: int
    rate: float
    low: float
    high: float
    what: str
    command: str


@cache
def _load() -> dict:
    return json.loads(_FILE.read_text(encoding="utf-8"))


def reference(name: str) -> Reference:
    """The result ``name`` (one of :data:`REFERENCES`), as measured by its command.

    Raises:
        KeyError: for a name that is not one of them (the message lists them).
    """
    data = _load()
    if name not in data["results"]:
        raise KeyError(f"no reference result {name!r}; there are: {', '.join(REFERENCES)}")
    return Reference(**data["results"][name], command=data["command"])


REFERENCES = tuple(sorted(_load()["results"]))
"""The names of the results kept: ``first_player.classic``, ``first_player.seven_cowries``
(lesson 7), ``waiting.classic``, ``waiting.seven_cowries`` (lesson 6b)."""
