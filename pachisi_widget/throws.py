"""Cowrie throws: the four throw tables, the Throw value and exact probabilities.

A throw is n cowrie shells, each landing mouth-up with probability ``p``; the number of mouths
up maps to the value through a table (RULES.md section 2). Probabilities are exact
:class:`fractions.Fraction` values: a float ``p`` is read as the decimal it prints as
(``0.3`` is 3/10), so ``p = 0.5`` gives the textbook ``C(6, k) / 64``.

>>> from pachisi_widget import Rules
>>> dist = throw_distribution(Rules())
>>> dist[25], dist[10], sum(dist.values())
(Fraction(1, 64), Fraction(3, 32), Fraction(1, 1))
>>> expected_value(Rules())
Fraction(271, 64)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

__all__ = [
    "THROW_TABLES",
    "Throw",
    "exact_p",
    "up_distribution",
    "throw_distribution",
    "expected_value",
    "variance",
    "grace_probability",
]

THROW_TABLES: dict[str, tuple[int, ...]] = {
    "bell6": (25, 10, 2, 3, 4, 5, 6),
    "mitra6": (6, 10, 2, 3, 4, 25, 12),
    "wiki7": (7, 10, 2, 3, 4, 25, 35, 14),
    "murray7": (7, 10, 2, 3, 4, 25, 30, 14),
}
"""Value of a throw by number of mouths up, per table (index = mouths up; len - 1 shells)."""


@dataclass(frozen=True, slots=True)
class Throw:
    """One throw of the cowries, as the game saw it.

    >>> Throw(up=0, value=25, grace=True, enters=True)
    Throw(up=0, value=25, grace=True, enters=True)
    """

    up: int
    """How many shells landed mouth up."""
    value: int
    """The throw's value from the throw table."""
    grace: bool = False
    """Whether it gives the thrower another throw (an entry grace, or a bonus grace with a
    piece on the board)."""
    enters: bool = False
    """Whether it may bring a waiting piece out of the Charkoni (an entry grace)."""

    def __str__(self) -> str:
        return str(self.value)


def exact_p(p: float | Fraction) -> Fraction:
    """``p`` as an exact fraction: Fractions and ints as they are, floats as the decimal they print as.

    >>> exact_p(0.5), exact_p(0.3), exact_p(Fraction(2, 3))
    (Fraction(1, 2), Fraction(3, 10), Fraction(2, 3))
    """
    if isinstance(p, Fraction):
        return p
    if isinstance(p, int):
        return Fraction(p)
    return Fraction(repr(float(p)))


def _table(rules_or_table: Rules | str) -> tuple[int, ...]:
    if isinstance(rules_or_table, str):
        return THROW_TABLES[rules_or_table]
    return THROW_TABLES[rules_or_table.throw_table]


def up_distribution(shells: int, p: float | Fraction = Fraction(1, 2)) -> dict[int, Fraction]:
    """Exact distribution of the number of mouths up: binomial(shells, p).

    >>> up_distribution(6)[0]
    Fraction(1, 64)
    """
    q = exact_p(p)
    return {k: comb(shells, k) * q**k * (1 - q) ** (shells - k) for k in range(shells + 1)}


def throw_distribution(rules: Rules) -> dict[int, Fraction]:
    """Exact probability of each throw value under ``rules`` (its table and ``p_mouth_up``).

    Values are keyed in table order (0 mouths up first); equal values would be summed.
    """
    table = _table(rules)
    out: dict[int, Fraction] = {}
    for up, prob in up_distribution(len(table) - 1, rules.p_mouth_up).items():
        out[table[up]] = out.get(table[up], Fraction(0)) + prob
    return out


def expected_value(rules: Rules) -> Fraction:
    """The mean value of one throw (no pyada), exactly."""
    return sum((v * pr for v, pr in throw_distribution(rules).items()), Fraction(0))


def variance(rules: Rules) -> Fraction:
    """The variance of one throw's value (no pyada), exactly: the mean of (value - mean)².
    Its square root is the standard deviation.

    >>> from pachisi_widget.rules import Rules
    >>> variance(Rules())
    Fraction(47583, 4096)
    """
    dist = throw_distribution(rules)
    mean = expected_value(rules)
    return sum(((v - mean) ** 2 * pr for v, pr in dist.items()), Fraction(0))


def grace_probability(rules: Rules, on_board: bool = True) -> Fraction:
    """Chance that one throw gives another throw: an entry grace, or a bonus grace when the seat
    has a piece on the board (``on_board``)."""
    graces = set(rules.entry_graces) | (set(rules.bonus_graces) if on_board else set())
    return sum((pr for v, pr in throw_distribution(rules).items() if v in graces), Fraction(0))
