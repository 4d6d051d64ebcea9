"""Lesson 06b's exercises (does waiting pay?): reading a computer tournament's intervals."""

from __future__ import annotations

import math

from ..lab.matches import MATCH_GAMES, match_both_ways
from ..rules import Rules
from ..throws import throw_distribution
from .registry import (
    Solution,
    TaskSpec,
    code_task,
    drop_equal,
    exercise,
    interval_choice,
    interval_verdict,
)

_TILT = 0.3
"""Lesson 06b, exercise 1: the chance of mouth up of the unbalanced shells of its match."""

_TILT_SEED = 720
"""Lesson 06b, exercise 1: the seed of that match (the lesson plays it with the same seed)."""

_TILT_ASKED = 0.4
"""Lesson 06b, exercises 3 and 4: unbalanced shells the lesson does not play."""

_MORE_GAMES_REACH = 2.5
"""Lesson 06b, exercise 2: how far (percentage points) the interval may reach either side."""


@exercise("06b", 1)
def _tilted_match() -> Solution:
    from ..simulate import wilson_interval

    rules = Rules(p_mouth_up=_TILT)
    first, second = match_both_ways("castle_waiter", "greedy", rules, seed=_TILT_SEED)
    rate = wilson_interval(first.wins[0] + second.wins[2], first.games + second.games)
    verdict = interval_verdict(rate)
    # the sentences explain an interval that contains 50%: a new engine that changed these games'
    # verdict must change them too
    assert verdict == "unclear", f"06b.1: the seeded match now gives {verdict!r} ({rate})"
    return interval_choice(
        "06b.1",
        rate,
        {"p": _TILT, "games": first.games + second.games},
        ("win", "won", "beats", "castiga", "castigă"),
    )


@exercise("06b", 2)
def _games_for_half_the_width() -> Solution:
    from ..simulate import wilson_interval

    def reach(games: int) -> float:
        """How far, in percentage points, the 95% interval of a 50% win rate reaches each side."""
        r = wilson_interval(games // 2, games)
        return 100 * (r.high - r.low) / 2

    base = 2 * MATCH_GAMES  # the games of one of the lesson's matches
    aim = _MORE_GAMES_REACH
    games = next(n for n in range(100, 100_001, 100) if reach(n) <= aim)
    return Solution(
        games,
        ("integer", {}),
        {
            "games": games,
            "base": base,
            "base_reach": reach(base),
            "aim": aim,
            "reach": reach(games),
            "double": 2 * base,
        },
        drop_equal(games, {"double": 2 * base, "fewer": base // 2}),
    )


@exercise("06b", 3)
def _tilted_twenty_five() -> Solution:
    rules = Rules(p_mouth_up=_TILT_ASKED)
    p = throw_distribution(rules)[25]
    down = 1 - _TILT_ASKED
    return Solution(
        p,
        ("number", {"decimals": 4}),
        {"p": p, "up": _TILT_ASKED, "down": down, "shells": rules.shells},
        drop_equal(
            p,
            {
                "mouths_up": throw_distribution(rules)[rules.table[-1]],
                "fair": throw_distribution(Rules())[25],
            },
            same=lambda a, b: abs(a - b) < 1e-4,
        ),
    )


@exercise("06b", 4)
def _tilted_wait() -> Solution:
    from ..probability import expected_throws_until, expected_turns_until, turn_has_value_chance

    rules = Rules(p_mouth_up=_TILT_ASKED)
    mean = expected_turns_until(25, rules)
    return Solution(
        mean,
        ("number", {"decimals": 1}),
        {
            "mean": mean,
            "up": _TILT_ASKED,
            "chance": turn_has_value_chance(25, rules),
            "rules": f"pw.Rules(p_mouth_up={_TILT_ASKED})",
            "classic": expected_turns_until(25, Rules()),
        },
        drop_equal(
            mean,
            {
                "per_throw": expected_throws_until(25, rules),
                "classic": expected_turns_until(25, Rules()),
            },
            same=lambda a, b: abs(a - b) < 0.05,
        ),
    )


_MARGIN_CASES = ((0.5, 400), (0.5, 100), (0.3, 200), (0.278, 600), (0.9, 50), (0.52, 20_000))
"""Lesson 06b's code task: (win rate, games) pairs the student's margin is tried on."""


@code_task("06b")
def _margin() -> TaskSpec:
    """How far a 95% interval reaches either side of a win rate p from n games, by the normal
    approximation 1.96·√(p(1 − p)/n), which the Wilson interval of the lesson's tables nears as n
    grows."""
    cases = tuple(((p, n), 1.96 * math.sqrt(p * (1 - p) / n)) for p, n in _MARGIN_CASES)
    return TaskSpec(
        "margin",
        ("p", "n"),
        cases,
        {},
        solution="return 1.96 * (p * (1 - p) / n) ** 0.5",
    )
