"""What a :class:`~pachisi_widget.game.Game` checks of what it is given: the rules, the seed, a
set-up position and a computer player's move (each refusal a sentence of the catalogues)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .engine import Move
from .engine import short_repr as _short
from .errors import IllegalMoveError, PachisiError, PositionError, say
from .rules import Rules
from .serialize import SEED_MAX
from .state import GameState, find_move
from .tables import IS_CASTLE, LOOP_OF

__all__ = [
    "SEATS_FOR_PLAYERS",
    "check_rules",
    "check_players",
    "check_seed",
    "check_seat",
    "seat_not_in_play",
    "resolve_player",
    "register_player_resolver",
    "check_position",
    "agent_move",
    "player_view",
]

SEATS_FOR_PLAYERS = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
"""Which seats the players take (RULES.md 3.1): 2 play S and N, 3 play S, E, N, 4 all."""


_SEAT_NAMES = ("South", "East", "North", "West")


def seat_not_in_play(seat: object, seats: tuple[int, ...]) -> str:
    """Why ``seat`` cannot be used in a game of ``seats``: which seats are in play, by name.

    >>> seat_not_in_play(1, (0, 2))
    'seat 1 is not in play: a 2-player game uses seats 0 (South) and 2 (North); seats in play: [0, 2]'
    """
    named = [f"{s} ({_SEAT_NAMES[s]})" for s in seats]
    uses = ", ".join(named[:-1]) + f" and {named[-1]}" if len(named) > 1 else named[0]
    return (
        f"seat {_short(seat)} is not in play: a {len(seats)}-player game uses seats {uses}; "
        f"seats in play: {list(seats)}"
    )


def check_seat(seat: object, seats: tuple[int, ...]) -> int:
    """``seat`` when it is one of ``seats`` (an ``int``, not a ``bool``).

    Raises:
        ValueError: otherwise, naming the seats in play (:func:`seat_not_in_play`).
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in seats:
        raise ValueError(seat_not_in_play(seat, seats))
    return seat


_PLAYER_RESOLVERS: list[Callable[..., Any]] = []


def register_player_resolver(resolve: Callable[..., Any]) -> None:
    """Let the players' layer turn a player's name into a player for the engine
    (:func:`pachisi_widget.agents.as_agent` registers itself when it is imported, which
    ``import pachisi_widget`` does): the engine takes names without importing the layer above."""
    _PLAYER_RESOLVERS[:] = [resolve]


def resolve_player(spec: object, error: type[Exception], must: str) -> Any:
    """The player ``spec`` names, through the registered resolver (:func:`as_agent`); with none
    registered, only an object with ``choose(state, rng)``.

    Raises:
        ValueError: for an unknown name, listing the names.
        error: for anything else that is not a player (the message begins with ``must``).
    """
    if _PLAYER_RESOLVERS:
        return _PLAYER_RESOLVERS[0](spec, error, must)
    if not callable(getattr(spec, "choose", None)):
        raise error(f"{must} an object with choose(state, rng), not {_short(spec)}")
    return spec


def check_rules(rules: object) -> Rules:
    """``rules`` as a :class:`Rules`: a Rules, a preset name, or None for the classic game.

    Raises:
        TypeError: for anything else.
        ValueError: for an unknown preset name.
    """
    if rules is None:
        return Rules()
    if isinstance(rules, str):
        return Rules.preset(rules)
    if not isinstance(rules, Rules):
        raise TypeError(say("arg_rules_type", {"got": type(rules).__name__}))
    return rules


def check_players(players: object, rules: Rules) -> tuple[int, ...]:
    """The seats that ``players`` players take under ``rules`` (4 for ``teams``).

    Raises:
        ValueError: for a number of players other than 2..4, or ``teams`` without 4 players.
    """
    if (
        isinstance(players, bool)
        or not isinstance(players, int)
        or players not in SEATS_FOR_PLAYERS
    ):
        raise ValueError(say("arg_players", {"got": _short(players)}))
    if rules.teams and players != 4:
        raise ValueError(say("arg_teams_players", {"got": players}))
    return SEATS_FOR_PLAYERS[players]


def check_seed(seed: object) -> int:
    """``seed`` as a seed: a whole number 0 <= seed < 2**128, or None for a random one.

    A negative seed is refused rather than quietly taken as its absolute value (which
    ``random.Random`` would do, so that -1 and 1 would play the same game).

    Raises:
        TypeError: for a seed that is not an int.
        ValueError: for a seed outside 0 <= seed < 2**128.
    """
    if seed is None:
        return random.SystemRandom().randrange(2**32)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(say("arg_seed_type", {"got": type(seed).__name__}))
    if not 0 <= seed < SEED_MAX:
        shown = (
            say("arg_seed_not", {"got": seed})
            if seed.bit_length() < 200
            else say("arg_seed_bits", {"bits": seed.bit_length()})
        )
        raise ValueError(say("arg_seed_range", {"shown": shown}))
    return seed


def _cut(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _player_name(agent: object) -> str:
    """How an error names a player: its ``name``, else its class, never more than 40 characters."""
    name = getattr(agent, "name", None)
    return _short(name if isinstance(name, str) and name else type(agent).__name__, 40)


def player_view(state: GameState) -> tuple[GameState, tuple[Move, ...]]:
    """What a player is shown of ``state``, and the legal moves its answer is checked against.

    The view is a copy of the state (an immutable value: no field can be set) with a list of
    legal moves of its own, so that nothing a player does to what it is shown changes the
    position the game goes on from, or the moves its answer is checked against (the engine's
    own, taken before the player is asked).
    """
    moves = tuple(state._legal())
    view = tuple.__new__(GameState, state)
    view.__dict__["legal"] = list(moves)
    return view, moves


def agent_move(agent: Any, state: GameState, rng: random.Random) -> Move:
    """``agent``'s choice in ``state`` (phase "move"), checked: the legal move it names, with
    its piece and captures filled in.

    The player is shown a copy of ``state`` (:func:`player_view`), and its answer is compared,
    by value only (:func:`~pachisi_widget.state.plain_move`), with the legal moves listed
    before it was asked.

    Raises:
        IllegalMoveError: naming the player, the position and what it returned, when that is
            not one of the legal moves (None, a string, a move the rules refuse).
        PachisiError: naming the player, when its ``choose`` raises (its own error is chained,
            so the traceback shows the line of ``choose`` that failed).
    """
    view, moves = player_view(state)
    try:
        m = agent.choose(view, rng)
    except Exception as exc:
        try:
            said = f": {_cut(str(exc), 120)}"
        except Exception:  # an error that cannot even say what it is
            said = ""
        params = {
            "name": _player_name(agent),
            "position": state.notation(),
            "error": f"{type(exc).__name__}{said}",
        }
        raise PachisiError(
            say("arg_agent_failed", params), code="arg_agent_failed", params=params
        ) from exc
    legal = find_move(moves, m)
    if legal is None:
        who = _player_name(agent)
        why = ""
        if isinstance(m, Move):
            try:
                why = f": {_cut(str(state.illegal(m)), 160)}"
            except Exception:  # a Move whose fields are not even numbers: nothing more to say
                why = ""
        told: dict[str, Any] = {
            "name": who,
            "got": _short(m),
            "position": state.notation(),
            "why": why,
        }
        raise IllegalMoveError(
            say("arg_agent_bad_move", told),
            "bad_agent_move",
            {"agent": who},
        )
    return legal


def check_position(
    positions: object, to_move: object, captured: object, rules: Rules
) -> tuple[tuple[tuple[int, ...] | None, ...], tuple[int, ...], tuple[int, ...]]:
    """A set-up position (:meth:`Game.from_position <pachisi_widget.game.Game.from_position>`),
    checked: (pieces per seat, the seats played, the seats that count as having captured).

    Raises:
        PositionError: for a step outside 0..84, not four pieces, fewer than two seats, an
            unplayed or finished seat to move, or opponents sharing a non-castle square.
    """
    pieces, seats = _pieces(positions, rules)
    if isinstance(to_move, bool) or to_move not in seats:
        raise PositionError.from_code(
            "position_to_move", {"seats": list(seats), "seat": _short(to_move)}
        )
    if not isinstance(captured, (list, tuple, set, frozenset)) or len(captured) > 4:
        raise PositionError.from_code("position_captured_list", {"seats": list(seats)})
    captured = tuple(captured)
    for c in captured:
        if isinstance(c, bool) or c not in seats:
            raise PositionError.from_code(
                "position_captured", {"seats": list(seats), "seat": _short(c)}
            )
    return pieces, seats, captured


def _pieces(
    positions: object, rules: Rules
) -> tuple[tuple[tuple[int, ...] | None, ...], tuple[int, ...]]:
    """The pieces of each seat (None for a seat nobody plays) and the seats played, checked."""
    if not isinstance(positions, (list, tuple)) or len(positions) != 4:
        raise PositionError.from_code("position_not_list")
    pieces: list[tuple[int, ...] | None] = []
    for seat, p in enumerate(positions):
        if p is None:
            pieces.append(None)
            continue
        if not isinstance(p, (list, tuple)) or len(p) != 4:
            raise PositionError.from_code(
                "position_piece_count", {"seat": seat, "got": _short(p, 60)}
            )
        for step in p:
            if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= 84:
                raise PositionError.from_code(
                    "position_step_range", {"seat": seat, "got": _short(step, 30)}
                )
        pieces.append(tuple(p))
    seats = tuple(s for s in range(4) if pieces[s] is not None)
    if len(seats) < 2:
        raise PositionError.from_code("position_too_few_seats", {"count": len(seats)})
    if rules.teams and len(seats) != 4:
        raise PositionError.from_code("position_teams_seats")
    where: dict[int, list[tuple[int, int]]] = {}
    for s in seats:
        steps = pieces[s]
        assert steps is not None, "seats lists the seats with pieces"
        for step in steps:
            g = LOOP_OF[s][step]
            if g < 0:
                continue
            for other, ostep in where.get(g, ()):
                partners = other == s or (rules.teams and (other - s) % 2 == 0)
                if not partners and not IS_CASTLE[step]:
                    raise PositionError.from_code(
                        "position_shared_square",
                        {"seat": s, "step": step, "other": other, "other_step": ostep},
                    )
            where.setdefault(g, []).append((s, step))
    return tuple(pieces), seats
