"""Benchmark of pachisi_widget.simulate(): games per second on one core, per engine and agents.

    PYTHONPATH=. python3 scripts/bench_sim.py [--games 10000] [--reference-games 200]
                                              [--engines numpy,python,reference] [--repeat 1]

Prints, for classic 4-player games: simulate() with random agents and with heuristic agents
(greedy, runner, castle_waiter, greedy) on each fast engine, and the reference engine. Wall-clock
and CPU time are both shown: on a busy machine the CPU figure is the fairer one. With
``--repeat N`` each line is the best of N runs (the least disturbed by other work).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pachisi_widget as pw  # noqa: E402
from pachisi_widget.simulate import simulate  # noqa: E402

HEURISTIC = ["greedy", "runner", "castle_waiter", "greedy"]


def measure(games: int, engine: str, agents, rules=None, repeat: int = 1) -> tuple:
    best_wall = best_cpu = 0.0
    for _ in range(max(1, repeat)):
        t0, c0 = time.perf_counter(), time.process_time()
        r = simulate(games, rules=rules, agents=agents, seed=2024, engine=engine, progress=False)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        assert r.games == games and sum(r.wins.values()) + r.dead == games
        best_wall, best_cpu = max(best_wall, games / wall), max(best_cpu, games / cpu)
    return best_wall, best_cpu, r


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10000, help="games for the numpy engine")
    ap.add_argument("--python-games", type=int, default=1000, help="games for the python engine")
    ap.add_argument(
        "--reference-games", type=int, default=200, help="games for the reference engine"
    )
    ap.add_argument(
        "--engines", default="numpy,python,reference", help="comma-separated engines to measure"
    )
    ap.add_argument("--repeat", type=int, default=1, help="runs per line; the best one is shown")
    args = ap.parse_args(argv)
    engines = {e.strip() for e in args.engines.split(",") if e.strip()}
    try:
        import numpy  # noqa: F401

        have_numpy = True
    except ImportError:
        have_numpy = False
    print(f"classic rules, 4 players, one core (load average {os.getloadavg()[0]:.2f})")
    print(
        f"{'engine':<10} {'agents':<10} {'games':>7} {'games/s (wall)':>15} {'games/s (cpu)':>14}"
        f" {'mean throws':>12}"
    )
    runs = []
    if have_numpy:
        runs += [
            ("numpy", "random", None, args.games),
            ("numpy", "heuristic", HEURISTIC, args.games // 2),
        ]
    runs += [
        ("python", "random", None, args.python_games),
        ("python", "heuristic", HEURISTIC, args.python_games // 2),
        ("reference", "random", None, args.reference_games),
        ("reference", "heuristic", HEURISTIC, args.reference_games // 2),
    ]
    for engine, label, agents, games in runs:
        if engine not in engines:
            continue
        wall, cpu, r = measure(games, engine, agents, repeat=args.repeat)
        print(
            f"{engine:<10} {label:<10} {games:>7} {wall:>15.0f} {cpu:>14.0f} {r.mean_throws:>12.1f}"
        )
    if not have_numpy and "numpy" in engines:
        print("numpy is not installed: the numpy engine was not measured")
    _ = pw


if __name__ == "__main__":
    main()
