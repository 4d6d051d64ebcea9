"""Matches played both ways round (each player as South, then as North), kept once played."""

from __future__ import annotations

__all__ = ["match_both_ways", "MATCH_GAMES"]

MATCH_GAMES = 200
"""Lesson 06b: the games of each half of a match (each player as South, then as North)."""

_MATCHES: dict = {}
"""The matches :func:`match_both_ways` has played, by their arguments (the same seed gives the
same games, so each is played once per session, by the lesson or by its exercise)."""


def match_both_ways(a, b, rules=None, games: int = MATCH_GAMES, seed: int = 1) -> tuple:
    """Lesson 06b's match: ``games`` two-player games with ``a`` as South against ``b`` (seed
    ``seed``), then ``games`` with the seats swapped (seed ``seed + 1``).

    Returns the two :class:`~pachisi_widget.simulate.SimulationResult` values; ``a`` won
    ``first.wins[0] + second.wins[2]`` of the games. Each match is played once and kept, so an
    exercise rereads the very games the lesson showed without playing them again.

    >>> first, second = match_both_ways("castle_waiter", "random", games=4, seed=3)
    >>> first.games + second.games
    8
    >>> match_both_ways("castle_waiter", "random", games=4, seed=3)[0] is first
    True

    Raises:
        ValueError: for an unknown player, a bad number of games (as :func:`simulate`).
        TypeError: for rules that are not a :class:`Rules` or a preset name, or a seed that is
            not a whole number.
    """
    from ..game import check_rules, check_seed
    from .simulate import simulate

    rules = check_rules(rules)
    seed = check_seed(seed)
    key = (a, b, rules, games, seed)
    try:
        hash(key)
    except TypeError:
        raise TypeError(
            f"match_both_ways plays built-in players given by name, such as "
            f"'greedy', not {a!r} and {b!r}"
        ) from None
    if key not in _MATCHES:
        first = simulate(games, rules=rules, agents=[a, b], players=2, seed=seed, progress=False)
        second = simulate(
            games, rules=rules, agents=[b, a], players=2, seed=seed + 1, progress=False
        )
        _MATCHES[key] = (first, second)
    return _MATCHES[key]
