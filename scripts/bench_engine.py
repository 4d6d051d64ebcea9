"""Speed of the rules engine: ``python scripts/bench_engine.py`` (``--compare-ludo`` for Ludo).

Prints, on one core, in this order:

1. random games played through the **public API** a student uses (``Game.throw``,
   ``Game.legal_moves``, ``Game.play``), with the undo history every game keeps;
2. random games played by :func:`pachisi_widget.simulate.play_game` (the engine driven directly,
   as ``pw.simulate`` does without numpy);
3. legal-move generations per second on positions of a real game;
4. with ``--compare-ludo`` (needs the ``ludo-king-engine`` package, a plain-Python Ludo): random
   4-player Ludo games through that engine's own turn API, timed in the same run, interleaved
   with ours so that other load on the machine weighs on both alike, and the ratio.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pachisi_widget.game import SEATS_FOR_PLAYERS, Game  # noqa: E402
from pachisi_widget.rules import Rules  # noqa: E402
from pachisi_widget.simulate import play_game  # noqa: E402

__all__ = ["play_public_game", "play_ludo_game", "compare_ludo", "run", "main"]


def play_public_game(
    rules: Rules, seed: int, players: int = 4, collect: list | None = None
) -> Game:
    """One whole game of random moves through the public :class:`Game` API; returns the game.

    ``collect``, when given, receives every state in which a move was chosen.
    """
    game = Game(players=players, rules=rules, seed=seed)
    choose = random.Random(seed).random
    while game.phase != "over":
        if game.phase == "throw":
            game.throw()
            continue
        moves = game.legal_moves()
        if collect is not None:
            collect.append(game.state)
        game.play(moves[int(choose() * (len(moves) - 1))] if len(moves) > 1 else moves[0])
    return game


def play_ludo_game(seed: int) -> int:
    """One random 4-player game of ludo-king-engine through its turn API (roll the die, list the
    valid moves, play one at random by ``play_turn``); returns the moves played."""
    from ludo_engine import LudoGame, PlayerColor

    random.seed(seed)  # ludo-king-engine rolls its die with the random module
    game = LudoGame(list(PlayerColor))
    choose = random.Random(seed).random
    moves_played = 0
    while not game.game_over:
        player = game.get_current_player()
        dice = game.roll_dice()
        moves = game.get_valid_moves(player, dice)
        if not moves:
            if dice != 6:
                game.next_turn()
            continue
        game.play_turn(token_id=moves[int(choose() * len(moves))].token_id, dice_value=dice)
        moves_played += 1
    return moves_played


def compare_ludo(games: int = 100, seed: int = 1, rounds: int = 5) -> dict:
    """Random 4-player classic Pachisi games through the public API against random 4-player
    ludo-king-engine games, in ``rounds`` interleaved slices; games per second of each."""
    rules = Rules()
    ours = theirs = 0.0
    per = max(1, games // rounds)
    for r in range(rounds):
        t0 = time.perf_counter()
        for i in range(per):
            play_public_game(rules, seed + r * per + i)
        ours += time.perf_counter() - t0
        t0 = time.perf_counter()
        for i in range(per):
            play_ludo_game(seed + r * per + i)
        theirs += time.perf_counter() - t0
    n = per * rounds
    return {
        "pachisi_public_games_per_second": n / ours,
        "ludo_games_per_second": n / theirs,
        "ratio": (n / ours) / (n / theirs),
    }


def run(games: int = 200, preset: str = "classic", players: int = 4, seed: int = 1) -> dict:
    """Time ``games`` random games each way, and legal-move generation; returns the figures."""
    rules = Rules.preset(preset)
    seats = SEATS_FOR_PLAYERS[players]
    t0 = time.perf_counter()
    for i in range(games):
        play_public_game(rules, seed + i, players)
    public = games / (time.perf_counter() - t0)
    t0 = time.perf_counter()
    for i in range(games):
        play_game(rules, seats, ["random"] * players, random.Random(seed + i))
    engine = games / (time.perf_counter() - t0)
    states: list = []
    play_public_game(rules, seed + games, players, states)
    reps = max(1, 20000 // max(1, len(states)))
    engines = [s.engine(False) for s in states]
    t0 = time.perf_counter()
    for _ in range(reps):
        for e in engines:
            e.legal_moves()
    gen = reps * len(states) / (time.perf_counter() - t0)
    return {
        "preset": preset,
        "players": players,
        "games": games,
        "public_games_per_second": public,
        "engine_games_per_second": engine,
        "legal_move_generations_per_second": gen,
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--compare-ludo",
        action="store_true",
        help="also time ludo-king-engine (pip install ludo-king-engine) in the same run",
    )
    args = parser.parse_args(argv)
    r = run(args.games, args.preset, args.players, args.seed)
    print(
        f"{r['preset']} rules, {r['players']} players, random moves, one core, {r['games']} games each:"
    )
    print(
        f"  public API (Game.throw / legal_moves / play): {r['public_games_per_second']:.1f} games/second"
    )
    print(
        f"  engine driven directly (pw.simulate without numpy): {r['engine_games_per_second']:.1f} games/second"
    )
    print(f"  {r['legal_move_generations_per_second']:,.0f} legal-move generations/second")
    if args.compare_ludo:
        c = compare_ludo(args.games, args.seed)
        print("random 4-player games, interleaved in one run:")
        print(
            f"  pachisi_widget public API (classic): {c['pachisi_public_games_per_second']:.1f} games/second"
        )
        print(
            f"  ludo-king-engine (its turn API):     {c['ludo_games_per_second']:.1f} games/second"
        )
        print(f"  ratio: {c['ratio']:.2f}x")


if __name__ == "__main__":
    main()
