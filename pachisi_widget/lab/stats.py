"""The lab's statistics: a share with its interval, the 95% z, and a rating fit.

Written once here and used by :mod:`~pachisi_widget.simulate` (win rates),
:mod:`~pachisi_widget.coach` (rollout intervals and budgets) and
:mod:`~pachisi_widget.tournament` (ratings with intervals). Standard library only.
"""

from __future__ import annotations

import math
from typing import NamedTuple

__all__ = ["Z95", "WinRate", "wilson_interval", "z_for_pairs", "fit_ratings", "invert"]

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution (``NormalDist().inv_cdf(0.975)``).

>>> from statistics import NormalDist
>>> abs(NormalDist().inv_cdf(0.975) - Z95) < 1e-12
True
"""


def z_for_pairs(choices: int, level: float = 0.95) -> float:
    """The normal quantile that makes every interval of a difference between any two of
    ``choices`` estimates cover at ``level`` together (Bonferroni over the ``choices * (choices
    - 1) / 2`` pairs): :data:`Z95` for two choices, wider for more.

    An interval drawn against the move that *looked* best must allow for that choice: the best
    looking move is, more often than not, one whose estimate came out high. Covering every pair
    at once covers the pair that was chosen, whichever it was.

    >>> z_for_pairs(2) == Z95, round(z_for_pairs(3), 2), round(z_for_pairs(6), 2)
    (True, 2.39, 2.94)
    """
    if choices <= 2:
        return Z95
    from statistics import NormalDist

    pairs = choices * (choices - 1) // 2
    return NormalDist().inv_cdf(1 - (1 - level) / (2 * pairs))


class WinRate(NamedTuple):
    """A win rate with its 95% confidence interval (Wilson score interval)."""

    rate: float
    low: float
    high: float


def wilson_interval(k: int, n: int, z: float = Z95) -> WinRate:
    """The share ``k / n`` with its Wilson score interval (95% for the default ``z``).

    >>> wilson_interval(50, 100)
    WinRate(rate=0.5, low=0.4038..., high=0.5961...)
    >>> wilson_interval(0, 0)
    WinRate(rate=0.0, low=0.0, high=1.0)
    """
    if n == 0:
        return WinRate(0.0, 0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return WinRate(p, low, high)


def invert(a: list) -> list:
    """The inverse of the symmetric positive-definite matrix ``a`` (Gauss–Jordan; lists of
    floats, so that ratings need no numpy).

    >>> invert([[2.0, 0.0], [0.0, 4.0]])
    [[0.5, 0.0], [0.0, 0.25]]
    """
    n = len(a)
    m = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        d = m[c][c]
        m[c] = [v / d for v in m[c]]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c]
                m[r] = [v - f * w for v, w in zip(m[r], m[c], strict=True)]
    return [row[n:] for row in m]


def fit_ratings(n: int, observations: dict) -> tuple:
    """Log-strengths ``theta`` and their standard errors from ``observations``, a dict
    ``(members, winner) -> count``: at the table ``members`` (entrant indices) ``winner`` won
    ``count`` times. The Luce model (Bradley–Terry for tables of any size): ``i`` wins with
    probability ``exp(theta_i) / sum(exp(theta_j))``; each entrant also wins once and loses once
    against a virtual player of strength 0. Newton's method on the concave log-likelihood.
    The strengths are returned centred (their mean is 0), with the standard errors of the
    centred values: how well each player is placed against the field.

    >>> theta, se = fit_ratings(2, {((0, 1), 0): 8, ((0, 1), 1): 2})
    >>> theta[0] > 0 > theta[1], abs(theta[0] + theta[1]) < 1e-12, abs(se[0] - se[1]) < 1e-12
    (True, True, True)
    """
    wins = [1.0] * n  # the virtual win
    tables: dict = {}
    for (members, w), c in observations.items():
        wins[w] += c
        tables[members] = tables.get(members, 0) + c
    theta = [0.0] * n
    ll = _loglik(theta, observations, tables)
    for _ in range(100):
        g, info = _grad_info(theta, wins, tables)
        cov = invert(info)
        step = [sum(cov[i][j] * g[j] for j in range(n)) for i in range(n)]
        theta, ll, t = _line_search(theta, ll, step, observations, tables)
        if max(abs(t * s) for s in step) < 1e-10:
            break
    _, info = _grad_info(theta, wins, tables)
    return _centred(theta, invert(info))


def _loglik(th, observations, tables):
    """The log-likelihood of strengths ``th`` (with each entrant's virtual win and loss)."""
    v = sum(c * th[w] for (_, w), c in observations.items())
    v -= sum(c * math.log(sum(math.exp(th[j]) for j in m)) for m, c in tables.items())
    return v + sum(t - 2 * math.log1p(math.exp(t)) for t in th)


def _grad_info(th, wins, tables):
    """The log-likelihood's gradient and information matrix (minus its Hessian) at ``th``."""
    n = len(th)
    g = [wins[i] for i in range(n)]
    info = [[0.0] * n for _ in range(n)]
    for i in range(n):
        pv = 1 / (1 + math.exp(-th[i]))
        g[i] -= 2 * pv
        info[i][i] += 2 * pv * (1 - pv)
    for m, c in tables.items():
        e = [math.exp(th[j]) for j in m]
        s = sum(e)
        p = [x / s for x in e]
        for a, i in enumerate(m):
            g[i] -= c * p[a]
            info[i][i] += c * p[a]
            for b, j in enumerate(m):
                info[i][j] -= c * p[a] * p[b]
    return g, info


def _line_search(theta, ll, step, observations, tables):
    """A Newton step from ``theta``, halved until the likelihood does not fall: (new strengths,
    their log-likelihood, the share of the step taken)."""
    t = 1.0
    while True:
        new = [theta[i] + t * step[i] for i in range(len(theta))]
        nll = _loglik(new, observations, tables)
        if nll >= ll - 1e-12 or t < 1e-6:
            return new, nll, t
        t /= 2


def _centred(theta, cov):
    """``theta`` centred on the field's mean, with the standard errors of the centred values."""
    # var(theta_i - mean) = C_ii - 2 mean_j C_ij + mean_jk C_jk
    n = len(theta)
    row = [sum(r) / n for r in cov]
    whole = sum(row) / n
    mean = sum(theta) / n
    return (
        [t - mean for t in theta],
        [math.sqrt(max(cov[i][i] - 2 * row[i] + whole, 0.0)) for i in range(n)],
    )
