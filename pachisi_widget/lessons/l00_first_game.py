"""Lesson 00's exercises (play your first game): order of play, graces, captures, the 25-castle."""

from __future__ import annotations

from .. import board
from ..game import Game
from ..rules import Rules
from .registry import Solution, TaskSpec, code_task, drop_equal, exercise

QUIZ_SEED = 101
"""The seed of lesson 00's exercise 1 (the notebook prints that game's opening throws)."""


def _order_from(starter: int, seats, direction: int = 1) -> tuple:
    i = seats.index(starter)
    return tuple(seats[(i + direction * k) % len(seats)] for k in range(len(seats)))


@exercise("00", 1)
def _order_of_play() -> Solution:
    game = Game(players=4, seed=QUIZ_SEED)
    seats = tuple(game.seats)
    order = _order_from(game.to_move, seats)
    mistakes = {"clockwise": _order_from(game.to_move, seats, -1), "south_first": seats}
    first_round = game.opening[0]
    top = max(t.value for t in first_round.values())
    tied = [s for s, t in first_round.items() if t.value == top]
    if len(tied) > 1:
        for seat in tied:
            if seat != game.to_move:
                mistakes["first_round"] = _order_from(seat, seats)
    last = [(s, t.value) for s, t in game.opening[-1].items()]
    return Solution(
        order,
        ("seats", {}),
        {"order": order, "starter": order[0], "last": last, "tied": tied},
        drop_equal(order, mistakes),
    )


def _after(rules: Rules) -> tuple:
    game = Game.from_position(
        [[5, 0, 0, 0], None, [12, 0, 0, 0], None], to_move=0, rules=rules, seed=2
    )
    for value, start in ((6, 0), (25, 0), (4, 5)):
        game.throw(value=value)
        game.play(next(m for m in game.legal_moves() if m.start == start and m.kind != "pass"))
    return tuple(sorted(game.pieces(0)))


@exercise("00", 2)
def _pieces_after_graces() -> Solution:
    pieces = _after(Rules())
    counted = _after(Rules(entry_mode="count_from_charkoni"))
    entered = sorted(p for p in pieces if p == 1)
    return Solution(
        pieces,
        ("steps", {"size": 4}),
        {
            "pieces": sorted(pieces, reverse=True),
            "entry": entered[0],
            "counted": sorted(counted, reverse=True),
        },
        drop_equal(
            pieces, {"counted": counted, "three": lambda read: len(read) == len(pieces) - 1}
        ),
    )


_HUNT = [[21, 30, 40, 50], None, [57, 59, 61, 0], None]


@exercise("00", 3)
def _capture_values() -> Solution:
    rules = Rules()
    found, landing = set(), {}
    north = {board.step_of(0, board.square(2, s)) for s in _HUNT[2] if 0 < s < board.HOME}
    for value in sorted(set(rules.table)):
        game = Game.from_position(_HUNT, to_move=0, seed=3)
        game.throw(value=value)
        if any(m.start == 21 and m.captures for m in game.legal_moves()):
            found.add(value)
        if 21 + value in north:
            landing[value] = 21 + value
    on_north = frozenset(landing)  # every value that stops on a North piece
    castle = sorted(v for v in on_north - found if board.is_castle(landing[v]))
    no_grace_move = frozenset(found - set(rules.entry_graces))
    return Solution(
        frozenset(found),
        ("values", {}),
        {
            "found": found,
            "castle": castle[0],
            "castle_step": landing[castle[0]],
            "sums": [f"21 + {v} = {21 + v}" for v in sorted(found)],
            "grace": sorted(found & set(rules.entry_graces))[0],
        },
        drop_equal(frozenset(found), {"castle": on_north, "grace": no_grace_move}),
    )


def homecomings(south, rules: Rules | None = None) -> frozenset:
    """The throw values with which South can bring a piece home from ``south`` (lesson 06 asks
    it too)."""
    rules = rules or Rules()
    found = set()
    for value in sorted(set(rules.table)):
        game = Game.from_position(
            [south, None, [20, 0, 0, 0], None], to_move=0, rules=rules, seed=7
        )
        game.throw(value=value)
        if any(m.end == board.HOME for m in game.legal_moves()):
            found.add(value)
    return frozenset(found)


_CASTLE_CASES = {
    "a": ([59, 30, 40, 84], {}),
    "b": ([59, 0, 40, 84], {}),
    "c": ([59, 30, 40, 84], {"pyada": True}),
    "d": ([59, 84, 84, 84], {}),
}


def _home_with_25(waiting_ignored: bool = False, pyada_ignored: bool = False) -> frozenset:
    found = set()
    for letter, (south, options) in _CASTLE_CASES.items():
        options = dict(options)
        if pyada_ignored:
            options.pop("pyada", None)
        if waiting_ignored:
            options["grace_moves_before_all_entered"] = True
        if 25 in homecomings(south, Rules(**options)):
            found.add(letter)
    return frozenset(found)


@exercise("00", 4)
def _twenty_five_castle() -> Solution:
    home = _home_with_25()
    return Solution(
        home,
        ("letters", {"letters": "abcd"}),
        {"letters": [f"({x})" for x in sorted(home)]},
        drop_equal(
            home,
            {
                "both": _home_with_25(True, True),
                "waiting": _home_with_25(waiting_ignored=True),
                "pyada": _home_with_25(pyada_ignored=True),
            },
        ),
    )


@exercise("00", 5)
def _last_squares() -> Solution:
    found = homecomings([81, 83, 84, 84])
    exact = homecomings([81, 84, 84, 84])
    release = homecomings([83, 84, 84, 84])
    literal = homecomings([81, 83, 84, 84], Rules(last_square_release=frozenset()))
    return Solution(
        found,
        ("values", {}),
        {"found": found, "exact": sorted(exact), "release": sorted(release)},
        drop_equal(found, {"literal": literal, "release_only": release}),
    )


@code_task("00")
def _steps_to_go() -> TaskSpec:
    """How many steps a piece still has to go home, from the Charkoni (0) to home (84)."""
    from .. import board

    steps = (0, 1, 8, 25, 59, 76, 83, 84)
    return TaskSpec(
        "steps_to_go",
        ("step",),
        tuple(((s,), board.HOME - s) for s in steps),
        {"home": board.HOME},
        "return 84 - step",
    )
