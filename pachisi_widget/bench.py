"""Benchmark of the reference rules engine: random games and legal-move generations per second.

Run ``python -m pachisi_widget.bench`` (options: ``--games N``, ``--preset NAME``, ``--players``).
It plays complete random games (every seat a :class:`~pachisi_widget.agents.RandomAgent`) through
the immutable :class:`~pachisi_widget.state.GameState` on one core, and times
``legal_moves()`` on the positions those games pass through.
"""

from __future__ import annotations

import argparse
import random
import time
from bisect import bisect_right
from itertools import accumulate

from .agents import RandomAgent
from .game import SEATS_FOR_PLAYERS
from .rules import Rules
from .state import GameState
from .throws import up_distribution

__all__ = ["play_random_game", "run"]


def play_random_game(rules: Rules, seed: int, players: int = 4, collect: list | None = None) -> GameState:
    """Play one whole random game on the reference engine; returns the final state.

    ``collect``, when given, receives every state in which a move was chosen.
    """
    rng = random.Random(seed)
    dist = up_distribution(rules.shells, rules.p_mouth_up)
    cdf = list(accumulate(float(dist[k]) for k in range(rules.shells + 1)))
    top = rules.shells
    agent = RandomAgent()
    state = GameState.initial(rules, SEATS_FOR_PLAYERS[players], SEATS_FOR_PLAYERS[players][0])
    while state.phase != "over":
        if state.phase == "throw":
            state = state._throw(state._make_throw(min(bisect_right(cdf, rng.random()), top)))
        else:
            if collect is not None:
                collect.append(state)
            state = state._apply(agent.choose(state, rng))
    return state


def run(games: int = 200, preset: str = "classic", players: int = 4, seed: int = 1) -> dict:
    """Time ``games`` random games and legal-move generation; returns the figures."""
    rules = Rules.preset(preset)
    t0 = time.perf_counter()
    for i in range(games):
        play_random_game(rules, seed + i, players)
    game_time = time.perf_counter() - t0
    states: list = []
    play_random_game(rules, seed + games, players, states)
    reps = max(1, 20000 // max(1, len(states)))
    t0 = time.perf_counter()
    for _ in range(reps):
        for s in states:
            s.legal_moves()
    gen_time = time.perf_counter() - t0
    return {
        "preset": preset,
        "players": players,
        "games": games,
        "games_per_second": games / game_time,
        "legal_move_generations_per_second": reps * len(states) / gen_time,
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    r = run(args.games, args.preset, args.players, args.seed)
    print(f"reference engine, {r['preset']}, {r['players']} players, random agents, one core:")
    print(f"  {r['games_per_second']:.1f} games/second over {r['games']} games")
    print(f"  {r['legal_move_generations_per_second']:,.0f} legal-move generations/second")


if __name__ == "__main__":
    main()
