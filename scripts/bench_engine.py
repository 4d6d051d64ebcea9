"""Speed of the rules engine: ``python scripts/bench_engine.py`` (``--compare-ludo`` for Ludo).

Prints, on one core, in this order:

1. random games played through the **public API** a student uses (``Game.throw``,
   ``Game.legal_moves``, ``Game.play``), with the undo history every game keeps;
2. random games played by :func:`pachisi_widget.simulate.play_game` (the engine driven directly,
   as ``pw.simulate`` does without numpy);
3. legal-move generations per second on positions of a real game;
4. with ``--compare-ludo``: interleaved rounds (``--rounds``, five by default) of random 4-player
   games, ours through the public API, then ludo-king-engine (a plain-Python Ludo) through its
   public API (roll, valid moves, play), then ours through ``pw.simulate``'s pure-Python path;
   each round's ratio compares figures taken seconds apart, and the median ratio, its range and
   the machine's load average before and after are printed.

ludo-king-engine is not a dependency of this project: install it into a venv of its own and run
the comparison from there (the rules engine needs only the standard library)::

    python3 -m venv /tmp/ludo-venv && /tmp/ludo-venv/bin/pip install ludo-king-engine
    PYTHONPATH=$PWD /tmp/ludo-venv/bin/python scripts/bench_engine.py --compare-ludo

or pass ``--ludo-path`` with the site-packages folder that holds ``ludo_engine``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pachisi_widget.game import SEATS_FOR_PLAYERS, Game  # noqa: E402
from pachisi_widget.rules import Rules  # noqa: E402
from pachisi_widget.simulate import play_game, simulate  # noqa: E402

__all__ = [
    "play_public_game",
    "play_ludo_game",
    "play_simulated",
    "compare_ludo",
    "profile_games",
    "run",
    "main",
]


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


def _ludo_engine() -> Any:
    """The ``ludo_engine`` module of ludo-king-engine, or a clear error saying how to get it."""
    try:
        import ludo_engine
    except ImportError:
        raise SystemExit(
            "--compare-ludo needs ludo-king-engine, a plain-Python Ludo: install it into a venv of "
            "its own (python3 -m venv /tmp/ludo-venv && /tmp/ludo-venv/bin/pip install "
            "ludo-king-engine) and run this script with that venv's python and PYTHONPATH set to "
            "this checkout, or pass --ludo-path with the folder that holds ludo_engine"
        ) from None
    return ludo_engine


def play_ludo_game(seed: int) -> int:
    """One random 4-player game of ludo-king-engine through its public API, as a student's loop
    would drive it: roll the die (``roll_dice``), list the valid moves (``get_valid_moves``),
    play one at random (``execute_move``), and pass the turn on (``next_turn``) unless the move
    earned another roll: the steps of its ``play_turn``, without that method's second listing of
    the valid moves. Returns the moves played."""
    ludo = _ludo_engine()
    random.seed(seed)  # ludo-king-engine rolls its die with the random module
    game = ludo.LudoGame(list(ludo.PlayerColor))
    choose = random.Random(seed).random
    moves_played = 0
    while not game.game_over:  # the steps of its own play_turn, with a token chosen at random
        player = game.get_current_player()
        dice = game.roll_dice()
        if game.consecutive_sixes >= 3:  # three sixes: the turn is lost
            game.next_turn()
            continue
        moves = game.get_valid_moves(player, dice)
        if not moves:
            if dice != 6:  # a 6 rolls again, as ludo-king-engine's own play_turn does
                game.next_turn()
            continue
        result = game.execute_move(player, moves[int(choose() * len(moves))].token_id, dice)
        if not result.extra_turn:
            game.next_turn()
        moves_played += 1
    return moves_played


def play_simulated(rules: Rules, games: int, seed: int) -> None:
    """``games`` random 4-player games through ``pw.simulate``'s pure-Python path."""
    simulate(games, rules=rules, seed=seed, engine="python", progress=False)


def _timed(play: Callable[[], object]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process) that ``play()`` took."""
    t0, c0 = time.perf_counter(), time.process_time()
    play()
    return time.perf_counter() - t0, time.process_time() - c0


def compare_ludo(games: int = 100, seed: int = 1, rounds: int = 5) -> dict[str, Any]:
    """Interleaved rounds, A B C A B C ...: random 4-player classic Pachisi games through the
    public API (A), random 4-player ludo-king-engine games through its public API (B), and random
    4-player games through ``pw.simulate``'s pure-Python path (C). Each round plays
    ``games // rounds`` games of each (the same seeds for A and B); a round's ratios compare
    figures measured seconds apart, so load from other work weighs on both sides alike. Returns,
    per round and side, games per second of wall-clock and of CPU time, and the per-round ratios
    (ours / ludo-king-engine) of each."""
    rules = Rules()
    per = max(1, games // rounds)
    sides = ("public", "ludo", "simulate")
    wall: dict[str, list[float]] = {k: [] for k in sides}
    cpu: dict[str, list[float]] = {k: [] for k in sides}
    load_before = os.getloadavg()
    for r in range(rounds):
        first = seed + r * per
        runs: dict[str, Callable[[], object]] = {
            "public": lambda first=first: [play_public_game(rules, first + i) for i in range(per)],
            "ludo": lambda first=first: [play_ludo_game(first + i) for i in range(per)],
            "simulate": lambda first=first: play_simulated(rules, per, first),
        }
        for side in sides:
            w, c = _timed(runs[side])
            wall[side].append(per / w)
            cpu[side].append(per / c if c > 0 else float("inf"))
    out: dict[str, Any] = {
        "rounds": rounds,
        "games_per_round": per,
        "wall": wall,
        "cpu": cpu,
        "load_before": load_before,
        "load_after": os.getloadavg(),
    }
    for clock in ("wall", "cpu"):
        figures = out[clock]
        for side in ("public", "simulate"):
            out[f"{side}_ratio_{clock}"] = [
                a / b for a, b in zip(figures[side], figures["ludo"], strict=True)
            ]
    return out


def _span(values: list[float], unit: str = "") -> str:
    med = statistics.median(values)
    return f"median {med:.2f}{unit}, range {min(values):.2f}-{max(values):.2f}{unit}"


def profile_games(games: int, seed: int = 1, top: int = 15) -> None:
    """Print the cProfile of ``games`` random 4-player classic games through the public API,
    the ``top`` functions by their own time."""
    import cProfile
    import pstats

    rules = Rules()
    prof = cProfile.Profile()
    prof.enable()
    for i in range(games):
        play_public_game(rules, seed + i)
    prof.disable()
    pstats.Stats(prof).strip_dirs().sort_stats("tottime").print_stats(top)


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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--compare-ludo",
        action="store_true",
        help="time ludo-king-engine interleaved with ours (see the module text)",
    )
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (--compare-ludo)")
    parser.add_argument(
        "--ludo-path", help="a folder holding the ludo_engine package (its venv's site-packages)"
    )
    parser.add_argument(
        "--only-compare", action="store_true", help="with --compare-ludo: skip the other figures"
    )
    parser.add_argument(
        "--profile",
        type=int,
        metavar="N",
        help="print the cProfile of N random public-API games instead of timing",
    )
    parser.add_argument(
        "--play",
        type=int,
        metavar="N",
        help="only play N random public-API games, untimed (to count instructions under "
        "valgrind --tool=callgrind: run it with N and with 0, and take the difference)",
    )
    parser.add_argument(
        "--play-simulate",
        type=int,
        metavar="N",
        help="the same for N random games of pw.simulate's pure-Python path",
    )
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.games < 1:
        parser.error("--games and --rounds must be at least 1")
    if args.ludo_path:
        sys.path.append(args.ludo_path)
    if args.profile is not None:
        profile_games(args.profile, args.seed)
        return
    if args.play is not None:
        rules = Rules.preset(args.preset)
        for i in range(args.play):
            play_public_game(rules, args.seed + i, args.players)
        return
    if args.play_simulate is not None:
        if args.play_simulate:
            play_simulated(Rules.preset(args.preset), args.play_simulate, args.seed)
        return
    if not (args.compare_ludo and args.only_compare):
        r = run(args.games, args.preset, args.players, args.seed)
        print(
            f"{r['preset']} rules, {r['players']} players, random moves, one core, "
            f"{r['games']} games each (load average {os.getloadavg()[0]:.2f}):"
        )
        print(
            "  public API (Game.throw / legal_moves / play): "
            f"{r['public_games_per_second']:.1f} games/second"
        )
        print(
            "  engine driven directly (pw.simulate without numpy): "
            f"{r['engine_games_per_second']:.1f} games/second"
        )
        print(f"  {r['legal_move_generations_per_second']:,.0f} legal-move generations/second")
    if args.compare_ludo:
        _ludo_engine()
        c = compare_ludo(args.games, args.seed, args.rounds)
        print(
            f"random 4-player games, {c['rounds']} interleaved rounds of {c['games_per_round']} "
            "games each (A B C in every round), games/second (wall-clock | CPU time) per round:"
        )
        for label, key in (
            ("A  pachisi_widget public API (classic)", "public"),
            ("B  ludo-king-engine public API", "ludo"),
            ("C  pw.simulate, pure Python (classic)", "simulate"),
        ):
            print(
                f"  {label:<40} "
                + " ".join(f"{v:6.1f}" for v in c["wall"][key])
                + "  |  "
                + " ".join(f"{v:6.1f}" for v in c["cpu"][key])
            )
        for label, side in (("public API", "public"), ("pw.simulate", "simulate")):
            print(
                f"  {label + ' / ludo-king-engine:':<34} wall {_span(c[side + '_ratio_wall'], 'x')}; "
                f"CPU {_span(c[side + '_ratio_cpu'], 'x')}"
            )
        before, after = c["load_before"], c["load_after"]
        print(
            "  load average (1, 5, 15 min) before: "
            + ", ".join(f"{x:.2f}" for x in before)
            + "; after: "
            + ", ".join(f"{x:.2f}" for x in after)
        )


if __name__ == "__main__":
    main()
