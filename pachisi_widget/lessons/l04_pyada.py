"""Lesson 04's exercises (pyada and the rules for skilled cowrie throwers)."""

from __future__ import annotations

from fractions import Fraction

from .. import board
from ..game import Game
from ..rules import CANCEL_HIGH, PYADA_VALUES, Rules
from ..throws import throw_distribution
from .registry import Solution, TaskSpec, code_task, drop_equal, exercise

_SKILLED = [[12, 20, 30, 40], None, [0, 0, 0, 0], None]
"""Lesson 04: all of South's pieces have entered; North's all wait."""

_WAITING = [[12, 20, 30, 0], None, [0, 0, 0, 0], None]
"""Lesson 04, exercise 2: one of South's pieces still waits in the Charkoni."""

_ENTERING = (25, 7, 10, 3)
"""Lesson 04, exercise 2: South's pool; the 25 brings the waiting piece in first."""

_NEAR_HOME = [[73, 80, board.HOME, board.HOME], None, [0, 0, 0, 0], None]
"""Lesson 04, exercise 4: two of South's pieces near home, two home."""

_SERIES = {"a": (25, 30, 10), "b": (25, 7, 30, 10, 3), "c": (7, 7, 14, 7, 3), "d": (14, 14, 14)}
"""Lesson 04, exercise 3: South's throws, one series each."""


def _skilled(pyada: bool = True) -> Rules:
    return Rules.preset("cowrie_skill").replace(pyada=pyada)


def _spent(pool, rules: Rules) -> list[int]:
    """The steps each throw of ``pool`` moves one of South's pieces (all entered), in the pool's
    order."""
    game = Game.from_position(_SKILLED, to_move=0, rules=rules, seed=1)
    for value in pool:
        game.throw(value=value)
    steps = []
    for value in pool:
        move = next(m for m in game.legal_moves() if m.kind != "pass" and m.value == value)
        steps.append(move.end - move.start)
        game.play(move)
    return steps


@exercise("04", 1)
def _pyada_total() -> Solution:
    pool = (10, 30, 4)
    steps = _spent(pool, _skilled())
    plain = _spent(pool, _skilled(pyada=False))
    earn = [v for v, s in zip(pool, steps, strict=True) if s > v]
    return Solution(
        sum(steps),
        ("integer", {}),
        {
            "steps": " + ".join(map(str, steps)),
            "total": sum(steps),
            "plain": sum(plain),
            "earn": earn,
            "pool": pool,
            "none": [v for v in pool if v not in earn],
        },
        drop_equal(sum(steps), {"forgot": sum(plain), "every": sum(plain) + len(pool)}),
    )


def _pyadas_after_entering(rules: Rules) -> tuple[int, int]:
    """(pyadas, steps) of South's pool ``_ENTERING`` with a piece waiting: the 25 brings it in
    first, then the other throws move pieces on the board, in the pool's order."""
    game = Game.from_position(_WAITING, to_move=0, rules=rules, seed=1)
    for value in _ENTERING:
        game.throw(value=value)
    pyadas = steps = 0
    for value in _ENTERING:
        move = next(m for m in game.legal_moves() if m.kind != "pass" and m.value == value)
        if move.kind != "enter":
            pyadas += move.end - move.start - value
            steps += move.end - move.start
        game.play(move)
    return pyadas, steps


@exercise("04", 2)
def _pyada_when_spent() -> Solution:
    pyadas, steps = _pyadas_after_entering(_skilled())
    judged_at_throw, _ = _pyadas_after_entering(_skilled(pyada=False))
    earning = [v for v in _ENTERING if v in PYADA_VALUES]
    return Solution(
        pyadas,
        ("integer", {}),
        {
            "pyadas": pyadas,
            "pool": list(_ENTERING),
            "earning": earning,
            "entering": _ENTERING[0],
            "moving": [v for v in _ENTERING[1:] if v in PYADA_VALUES],
        },
        drop_equal(pyadas, {"entered": len(earning), "thrown": judged_at_throw, "steps": steps}),
    )


def _cancelled_values(series, rules: Rules) -> tuple:
    """The throws voided when South throws ``series`` (all entered); () when none are."""
    game = Game.from_position(_SKILLED, to_move=0, rules=rules, seed=1)
    for value in series:
        game.throw(value=value)
        if game.state.cancelled:
            return tuple(game.state.cancelled)
    return ()


def _cancelled(rules: Rules, reading=lambda series: series, voids=bool) -> frozenset:
    """The letters of the series that end with throws cancelled, read by ``reading``, when the
    voided throws pass ``voids``."""
    return frozenset(
        x for x, series in _SERIES.items() if voids(_cancelled_values(reading(series), rules))
    )


def _only_high(voided) -> bool:
    """Whether throws were voided and all of them high (the reading where only high throws
    cancel)."""
    return bool(voided) and set(voided) <= CANCEL_HIGH


@exercise("04", 3)
def _cancelling() -> Solution:
    rules = _skilled()
    found = _cancelled(rules)
    breaks = rules.bonus_graces  # the 7 and the 14

    def bridged(series):  # a 7 or 14 after a high throw read as not breaking its run
        return [
            v
            for i, v in enumerate(series)
            if not (v in breaks and any(w in CANCEL_HIGH for w in series[:i]))
        ]

    def gathered(series):  # "three in one turn" read as three anywhere in the series
        return sorted(series, key=lambda v: (v not in CANCEL_HIGH | breaks, v))

    return Solution(
        found,
        ("letters", {"letters": "abcd"}),
        {"letters": [f"({x})" for x in sorted(found)], "high": sorted(CANCEL_HIGH)},
        drop_equal(
            found,
            {
                "bridged": _cancelled(rules, bridged),
                "anywhere": _cancelled(rules, gathered),
                "high_only": _cancelled(rules, voids=_only_high),
            },
        ),
    )


def _finishers(pieces, rules: Rules) -> dict[int, tuple[int, int]]:
    """{value: (start, steps)} for each throw value that brings one of South's ``pieces`` home in
    a single throw."""
    found = {}
    for value in sorted(set(rules.table)):
        game = Game.from_position([pieces, *_NEAR_HOME[1:]], to_move=0, rules=rules, seed=1)
        game.throw(value=value)
        while game.phase == "throw":  # a grace: end the series with a 3
            game.throw(value=3)
        home = [
            m
            for m in game.legal_moves()
            if m.end == board.HOME and m.value == value and m.kind != "pass"
        ]
        if home:
            found[value] = (home[0].start, home[0].end - home[0].start)
    return found


@exercise("04", 4)
def _home_with_pyada() -> Solution:
    pieces = _NEAR_HOME[0]
    found = _finishers(pieces, _skilled())
    plain = _finishers(pieces, _skilled(pyada=False))
    one_further = [s + 1 if s < board.HOME else s for s in pieces]  # every throw moves one more
    sums = [
        f"{start} + {value}{' + 1' if steps > value else ''} = {board.HOME}"
        for value, (start, steps) in sorted(found.items())
    ]
    pyada = sorted(v for v, (_, steps) in found.items() if steps > v)
    return Solution(
        frozenset(found),
        ("values", {}),
        {"found": set(found), "sums": sums, "pyada": pyada, "pyada_from": found[pyada[0]][0]},
        drop_equal(
            frozenset(found),
            {
                "forgot": frozenset(plain),
                "every": frozenset(_finishers(one_further, _skilled(pyada=False))),
            },
        ),
    )


@exercise("04", 5)
def _three_highs_chance() -> Solution:
    rules = _skilled()
    dist = throw_distribution(rules)
    high = sorted(CANCEL_HIGH)
    one = sum(dist[v] for v in high)  # one high throw (the lesson works it out)
    p = one**3  # three in a row, each throw independent of the others
    return Solution(
        p,
        ("number", {"decimals": 4}),
        {"p": p, "one": one, "high": high},
        drop_equal(
            p,
            {
                "one": one,
                "tripled": 3 * one,
                "squared": one**2,
                "equally": Fraction(len(high), len(dist)) ** 3,
            },
        ),
    )


_POOLS = ((25, 25, 3), (7, 2), (10, 14, 10, 4), (30, 7, 7, 3), (14, 10, 7, 25, 2), (3,), (25, 4))
"""Lesson 04's code task: the pools the student's function is tried on (not exercise 1's)."""


@code_task("04")
def _pool_steps() -> TaskSpec:
    """The squares a pool moves in total once every piece has entered (cowrie_skill, pyada on),
    as the engine spends it (:func:`_spent`)."""
    rules = _skilled()
    cases = tuple(((list(pool),), sum(_spent(pool, rules))) for pool in _POOLS)
    return TaskSpec(
        "pool_steps",
        ("pool",),
        cases,
        {"pyada": sorted(PYADA_VALUES)},
        solution="return sum(v + 1 if v in (10, 25, 30) else v for v in pool)",
    )
