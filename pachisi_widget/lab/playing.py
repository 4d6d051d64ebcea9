"""One game played to its end: on the rules engine (:func:`play_game`, :func:`play_out`, the
built-in players choosing on the engine's own data) or through immutable states only
(:func:`play_reference_game`). :func:`~pachisi_widget.simulate.simulate`, the coach's rollouts
and tournaments play their games with these.

>>> import random
>>> from pachisi_widget import Rules
>>> g = play_game(Rules(), (0, 2), ["greedy", "random"], random.Random(1))
>>> g.phase, g.winner in (0, 2, None)
('over', True)
"""

from __future__ import annotations

import random
from bisect import bisect_right

from ..agents import (
    AGENTS,
    FAST_AGENTS,
    can_wait,
    greedy_index,
    make_agent,
    reach_values,
    runner_index,
    waiter_index,
)
from ..engine import Engine, draw_up, opening, throw_cdf
from ..game import agent_move
from ..state import GameState

__all__ = ["play_game", "play_out", "play_reference_game", "fast_agent_name"]


def fast_agent_name(agent):
    """The name of a built-in player (which the engine plays on its own data), or None."""
    if isinstance(agent, str):
        return agent if agent in FAST_AGENTS else None
    for name in FAST_AGENTS:
        if type(agent) is AGENTS[name]:
            return name
    return None


def play_game(rules, seats, agents, rng: random.Random, cdf=None) -> Engine:
    """Play one whole game on the rules engine and return it (its ``winner``, ``turn``,
    ``throws`` and ``capture_moves`` tell how it went).

    ``agents`` gives a player per seat of ``seats`` (in order): a name of
    :data:`~pachisi_widget.agents.AGENTS` or an object with ``choose(state, rng)``. The opening
    throws, every throw and the random choices are all drawn from ``rng``. The built-in players
    choose on the engine's own data; any other player is shown a
    :class:`~pachisi_widget.state.GameState` and must return one of its legal moves.

    Raises:
        IllegalMoveError: naming the player, the position and what it returned, when a player
            returns something that is not a legal move.
        PachisiError: naming the player, when its ``choose`` raises.
    """
    seats = tuple(sorted(seats))
    if cdf is None:
        cdf = throw_cdf(rules)
    g = Engine(rules, seats, opening(rules, seats, rng, cdf), narrate=False)
    return play_out(g, agents, rng, cdf)


def play_out(g: Engine, agents, rng: random.Random, cdf=None) -> Engine:
    """Play the game held by engine ``g`` on to its end (``g`` changes) and return ``g``.

    ``agents`` gives a player per seat of ``g.seats`` (in order), as for :func:`play_game`;
    every throw and random choice is drawn from ``rng`` (one double a throw, one a random
    player's choice among two or more moves). :func:`pachisi_widget.fastnp.run_from` plays the
    same games in numpy.

    Raises:
        IllegalMoveError, PachisiError: as :func:`play_game`.
    """
    rules, seats = g.rules, g.seats
    if cdf is None:
        cdf = throw_cdf(rules)
    kind: list = [None] * 4
    objs: list = [None] * 4
    for s, a in zip(seats, agents, strict=True):
        name = fast_agent_name(a)
        if name is None:
            objs[s] = make_agent(a)
        kind[s] = name
    reach = reach_values(rules)
    teams = rules.teams
    pieces = g.pieces
    rand = rng.random
    cut = cdf[:-1]  # bisect_right on it is draw_up (it never passes the most mouths up)
    waiter_ok = can_wait(rules, 1), can_wait(rules, 0)
    series = rules.turn_mode == "throw_then_move"  # (a throw may call for another throw)
    while True:  # the phase read once an action: a throw in move_each_throw leaves a move due
        phase = g.phase
        if phase == "throw":
            g.throw(bisect_right(cut, rand()))
            if series:
                continue
        elif phase == "over":
            break
        moves = g.legal_moves()
        n = len(moves)
        if n == 1:
            g.play(moves[0])
            continue
        seat = g.to_move
        k = kind[seat]
        if k == "random":
            g.play(moves[int(rand() * (n - 1))])
        elif k == "greedy":
            g.play(moves[greedy_index(moves, seat, pieces, seats, teams, reach)])
        elif k == "runner":
            g.play(moves[runner_index(moves)])
        elif k == "castle_waiter":
            pick = waiter_index if waiter_ok[not g.captures[seat]] else greedy_index
            g.play(moves[pick(moves, seat, pieces, seats, teams, reach)])
        else:
            g.play(agent_move(objs[seat], GameState.of(g, moves), rng))
    return g


def play_reference_game(rules, seats, agents, rng, cdf=None, on_action=None) -> tuple:
    """One game played through immutable :class:`GameState` values only (the public API): the
    opening throws, then throws and agents' moves, all drawn from ``rng``. Returns (final state,
    throws, capturing moves).

    ``on_action(state)``, when given, is called with the state after every throw and move.
    """
    if cdf is None:
        cdf = throw_cdf(rules)
    state = GameState.initial(rules, seats, to_move=opening(rules, seats, rng, cdf))
    by_seat = {s: make_agent(a) for s, a in zip(seats, agents, strict=True)}
    throws = caps = 0
    while state.phase != "over":
        if state.phase == "throw":
            state = state.apply_throw(draw_up(cdf, rng.random()))
            throws += 1
        else:
            m = agent_move(by_seat[state.to_move], state, rng)
            state = state.apply(m)
            if m.captures:
                caps += 1
        if on_action is not None:
            on_action(state)
    return state, throws, caps
