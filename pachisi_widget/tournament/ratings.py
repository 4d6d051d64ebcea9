"""Ratings from a tournament's games: the Bradley–Terry (Luce) fit of :func:`fit_ratings
<pachisi_widget.lab.stats.fit_ratings>` on the Elo scale, each with its 95% interval.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from ..lab.stats import Z95

ELO = 400 / math.log(10)
"""Elo points per unit of log-strength: 400 points are 10 to 1 odds in a two-player game."""


class Rating(NamedTuple):
    """A player's rating on the Elo scale with its 95% interval, and its record."""

    player: str
    rating: float
    low: float
    high: float
    games: int
    wins: int


def records(n: int, lineups, winners, forfeits, entrants) -> tuple:
    """Per entrant: games played, won, forfeited, and per pair: games together, games won."""
    played, won, forfeited = [0] * n, [0] * n, [0] * n
    together = [[0] * n for _ in range(n)]
    beat = [[0] * n for _ in range(n)]
    for lineup, w in zip(lineups, winners, strict=True):
        for i in lineup:
            played[i] += 1
            for j in lineup:
                if j != i:
                    together[i][j] += 1
        if w is not None:
            won[w] += 1
            for j in lineup:
                if j != w:
                    beat[w][j] += 1
    index = {name: i for i, name in enumerate(entrants)}
    for f in forfeits:
        if f.player is not None:
            forfeited[index[f.player]] += 1
    return played, won, forfeited, together, beat


def observations(entrants, lineups, winners, forfeits) -> dict:
    """The games as :func:`fit_ratings` reads them: ``(members, winner) -> count``; at a table
    of 4 a forfeit counts as every other player beating the one who forfeited."""
    obs: dict = {}
    index = {name: i for i, name in enumerate(entrants)}
    by_game = {f.game: f for f in forfeits}
    for g, (lineup, w) in enumerate(zip(lineups, winners, strict=True)):
        f = by_game.get(g)
        if w is not None:
            key = (tuple(sorted(lineup)), w)
            obs[key] = obs.get(key, 0) + 1
        elif f is not None and f.player is not None:  # at a table of 4: all beat the forfeiter
            loser = index[f.player]
            for j in lineup:
                if j != loser:
                    key = (tuple(sorted((j, loser))), j)
                    obs[key] = obs.get(key, 0) + 1
    return obs


def ratings(entrants, fit: tuple, played, won) -> list:
    """Every player's :class:`Rating` (Elo scale, 1500 the field's average, 95% interval),
    best first."""
    theta, se = fit
    out = [
        Rating(
            name,
            1500 + ELO * theta[i],
            1500 + ELO * (theta[i] - Z95 * se[i]),
            1500 + ELO * (theta[i] + Z95 * se[i]),
            played[i],
            won[i],
        )
        for i, name in enumerate(entrants)
    ]
    return sorted(out, key=lambda r: -r.rating)
