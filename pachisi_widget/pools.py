"""The series of throws of a turn under ``throw_then_move``, thrown before any is spent: each
ends in a pool of throws (a multiset, an int: see :data:`_BITS`), with its chance; kept per
rules, for :func:`pachisi_widget.probability.reach_map` (:mod:`pachisi_widget.reaching`).

Private to the package: :mod:`pachisi_widget.probability` is the public face.
"""

from __future__ import annotations

from math import lcm

from .landings import _trim
from .rules import CANCEL_HIGH
from .turns import value_odds

_BITS = 6
"""A pool of throws is an int, ``_BITS`` bits per value of the rules (ascending): how many of
that value it holds (at most 63)."""

_MASK = (1 << _BITS) - 1

_SERIES: dict = {}
"""Per rules (by id: the rules kept with it), then per piece on the board or not, series begun,
exact or floats and error allowed: the series of throws of a turn under ``throw_then_move``
(:func:`_series`)."""
_SERIES_KEPT = 16

_DEPTH = 12
"""A series is followed for at least this many throws (reach_map's default ``throws_max``),
so that one table serves the shorter turns too."""


def _weights(rules, exact: bool) -> tuple:
    """(base, the chance of each value of the rules, ascending): whole numbers over ``base``
    (exact), or floats (``base`` 1.0)."""
    odds = value_odds(rules, exact)
    if not exact:
        return 1.0, [odds[v] for v in rules.values]
    base = lcm(*(pr.denominator for pr in odds.values()))
    return base, [int(odds[v] * base) for v in rules.values]


_BEGIN = (0, None, 0, 0)
"""A series of throws not begun: (the pool, the class of the run ``cancel_three`` counts, the
run's throws as a pool, how many)."""


def _series_for(rules, on: bool, begun: tuple, exact: bool, error: float, left: int) -> tuple:
    """The series of throws from ``begun`` (:func:`_series`) for ``left`` throws at most:
    ``(ends, tails, rest)``: ``ends`` = [(pool, throws, chance over base**throws, chance over
    base**left)], with floats the most likely first; ``tails[n]``: minus the chance of
    ``ends[n:]`` (floats; None when exact); ``rest``: the chance over base**left that the
    series goes on past them, or was ended early."""
    entry = _series(rules, on, begun, exact, error, left)
    got = entry["scaled"].get(left)
    if got is None:
        depths, alive, cut, base = entry["depths"], entry["alive"], entry["cut"], entry["base"]
        steps = entry["steps"]
        ends = []
        for k in range(1, left + 1):
            f = base ** (left - k)
            for pool, num in depths[k].items():
                far = steps.get(pool)
                if far is None:
                    far = steps[pool] = _pool_steps(rules, pool)
                ends.append((pool, k, num, num * f, *far))
        if exact:
            got = (ends, None, alive[left])
        else:
            ends.sort(key=lambda e: -e[3])
            tails = [0.0] * (len(ends) + 1)
            for i in range(len(ends) - 1, -1, -1):
                tails[i] = tails[i + 1] - ends[i][3]
            got = (ends, tails, alive[left] + sum(cut[: left + 1]))
        entry["scaled"][left] = got
    return got


def _pool_steps(rules, pool: int) -> tuple:
    """How far a pool takes a piece on the board when every throw of it can move it: (all of
    its seat entered, a piece of its seat waiting: a large number when a grace of it may then
    only enter)."""
    whole = waiting = 0
    for v in rules.values:
        n = pool & _MASK
        pool >>= _BITS
        if n:
            whole += n * rules.distance(v)
            if v in rules.entry_graces and not rules.grace_moves_before_all_entered:
                waiting += _FAR
            waiting += n * v
    return whole, waiting


_FAR = 1000
"""Farther than any piece can go."""


def _series(rules, on: bool, begun: tuple, exact: bool, error: float, depth: int) -> dict:
    """``throw_then_move``: the series of throws of a turn, thrown before any is spent (a grace
    gives the next, a bonus grace only with a piece on the board, ``on``; ``cancel_three``
    voids three high throws, three 7s or three 14s in a row and ends it), for ``depth`` throws
    at least; kept per rules. ``depths[k]``: {the pool when it ends after k throws: chance over
    ``base**k``}; ``alive[k]``: the chance that it goes on after k throws; with floats,
    ``cut[k]``: the least likely series ended early at k throws (their weight at most
    ``error``)."""
    kept = _SERIES.get(id(rules))
    if kept is None or kept[0] is not rules:
        if len(_SERIES) >= _SERIES_KEPT:
            _SERIES.clear()
        kept = _SERIES[id(rules)] = (rules, {})  # the rules kept alive: their id is not reused
    table: dict = kept[1]
    key = (on, begun, exact, error)
    got = table.get(key)
    if got is not None and got["depth"] >= depth:
        return got
    depth = max(depth, _DEPTH)
    values = rules.values
    base, weights = _weights(rules, exact)
    throws = [
        (
            1 << (_BITS * i),
            w,
            v in rules.entry_graces or (on and v in rules.bonus_graces),
            ("high" if v in CANCEL_HIGH else v if v in (7, 14) else None)
            if rules.cancel_three
            else None,
        )
        for i, (v, w) in enumerate(zip(values, weights, strict=True))
    ]
    depths: list = [{}]
    alive = [1]
    cut = [0.0]
    frontier = {begun: 1}
    budget = 0.0 if exact else error / (depth + 1)
    for _ in range(depth):
        ends: dict = {}
        nxt: dict = {}
        for (pool, kind, run, n), m in frontier.items():
            for bit, w, grace, c in throws:
                mm = m * w
                st: tuple
                if c is None:
                    st = (pool + run + bit, None, 0, 0)
                elif c == kind:
                    if n == 2:  # the third in a row: all three void, the series ends
                        ends[pool] = ends.get(pool, 0) + mm
                        continue
                    st = (pool, c, run + bit, n + 1)
                else:
                    st = (pool + run, c, bit, 1)
                if grace:
                    nxt[st] = nxt.get(st, 0) + mm
                else:
                    p = st[0] + st[2]
                    ends[p] = ends.get(p, 0) + mm
        dropped: dict = {}
        _trim(nxt, budget, dropped, lambda st: 0)
        cut.append(dropped.get(0, 0.0))
        depths.append(ends)
        alive.append(sum(nxt.values()))
        frontier = nxt
    got = {"depth": depth, "depths": depths, "alive": alive, "cut": cut, "base": base}
    got.update(scaled={}, steps={})
    table[key] = got
    return got
