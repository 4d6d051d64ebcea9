"""Lesson 08's exercises (write your own player): a player's first rule, intervals, ratings; its
code task, the count of threats that ``agents.danger`` makes."""

from __future__ import annotations

from fractions import Fraction

from .. import board
from ..game import Game
from ..rules import Rules
from .registry import Solution, TaskSpec, code_task, drop_equal, exercise, interval_choice

_FIRST_POSITION = [[14, 47, 0, 0], None, [16, 70, 0, 0], None]
"""Lesson 08, exercise 1: South throws a 3 here."""

_DUEL = (113, 200)
"""Lesson 08, exercise 2: a duel's wins and games."""


def _first_player(state):
    """The lesson's first rule of thumb: capture if you can, otherwise the rearmost piece."""
    return max(
        state.legal_moves(),
        key=lambda m: (-1, 0) if m.kind == "pass" else (len(m.captures), -m.start),
    )


@exercise("08", 1)
def _first_rule() -> Solution:
    game = Game.from_position(_FIRST_POSITION, to_move=0, seed=11)
    game.throw(value=3)
    chosen = _first_player(game.state)
    moving = [m for m in game.legal_moves() if m.kind != "pass"]
    rear = min(m.start for m in moving)
    north = next(
        s
        for s in _FIRST_POSITION[2]
        if 0 < s < board.HOME and board.step_of(0, board.square(2, s)) == chosen.end
    )
    return Solution(
        chosen.start,
        ("integer", {}),
        {
            "start": chosen.start,
            "end": chosen.end,
            "value": chosen.value,
            "rear": rear,
            "north": north,
        },
        drop_equal(chosen.start, {"rearmost": rear}),
    )


@exercise("08", 2)
def _read_an_interval() -> Solution:
    from ..simulate import wilson_interval

    wins, games = _DUEL
    rate = wilson_interval(wins, games)
    return interval_choice(
        "08.2", rate, {"wins": wins, "games": games}, ("win", "won", "beats", "castiga")
    )


@exercise("08", 3)
def _half_the_width() -> Solution:
    games, factor = 200, 2**2
    return Solution(
        games * factor,
        ("integer", {}),
        {"games": games, "factor": factor, "result": games * factor},
        {"double": 2 * games, "fewer": games // 2},
    )


@exercise("08", 4)
def _games_for_an_edge() -> Solution:
    edge = Fraction(7, 100)
    root = Fraction(98, 100) / edge
    return Solution(
        int(root**2),
        ("integer", {}),
        {"edge": float(edge), "root": int(root), "games": int(root**2)},
        {"root": int(root), "two": round(1 / edge**2)},
    )


@exercise("08", 5)
def _rating_odds() -> Solution:
    d = 400
    odds = Fraction(10) ** (d // 400)  # 400 points: odds of 10 to 1
    p = odds / (1 + odds)
    return Solution(
        p,
        ("number", {"decimals": 2}),
        {
            "d": d,
            "odds": odds,
            "p": p,
            "percent": round(100 * p),
            "fewer": int(odds) - 1,
            "games": int(odds) + 1,
        },
        {"odds": odds, "weaker": 1 - p, "ten_in_ten": (odds - 1) / odds},
    )


_THREAT_CASES = {
    "classic": (
        (20, (18,)),
        (20, (18, 10, 19, 23)),
        (40, (15, 30, 33)),
        (50, ()),
        (34, (24, 9, 28, 31)),
        (60, (55, 50, 44, 59)),
    ),
    "seven_cowries": ((40, (33, 26, 36, 11)), (20, (18, 15)), (50, (45, 44)), (70, (46, 56, 63))),
}
"""Lesson 08's code task: per rule set, (South's step, the steps of North's pieces behind it on
South's track) for each case. South's step is no castle, and no case crosses South's step 41 to
42, where North's own track begins: there the simple count and the engine's part ways."""


@code_task("08")
def _threats() -> TaskSpec:
    """How many opponent pieces stand a throw's distance behind a step: the count that
    :func:`~pachisi_widget.agents.danger` makes (without its castles and its track's wrap, which
    the cases avoid), the engine's own answer for each case."""
    from ..agents import danger, reach_values

    cases = []
    for preset, positions in _THREAT_CASES.items():
        reach = reach_values(Rules.preset(preset))
        for step, behind in positions:
            north = [board.step_of(2, board.square(0, s)) for s in behind]
            pieces = [[step, 0, 0, 0], None, north + [0] * (4 - len(north)), None]
            count = danger(0, step, pieces, (0, 2), False, reach)
            cases.append(((step, behind, tuple(sorted(reach))), count))
    return TaskSpec(
        "threats",
        ("step", "behind", "reach"),
        tuple(cases),
        solution="return sum(1 for s in behind if step - s in reach)",
    )
