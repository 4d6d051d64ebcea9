"""Benchmark of scale-out: a tournament of a Python player run in this process, on a process pool
and on a Dask LocalCluster, each checked to give the serial result game for game.

    .venv/bin/python scripts/bench_scale.py [--games 20000] [--workers 2] [--no-dask]

The player is the student template (``pachisi_widget/templates/my_player.py``, a Python
``choose`` reading a GameState) against the built-in greedy player: one pairing of ``--games``
games, classic rules. Lines printed: the load average before and after each run (other work on
the machine slows the parallel runs most), wall-clock seconds, games per second and the speed-up
over the serial run; last, a Dask run during which one worker process is killed (SIGKILL) once a
quarter of the games are back: Dask recomputes its chunks elsewhere, and the result must still
equal the serial one. Needs ``pip install -e .[dask]`` for the Dask lines.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pachisi_widget as pw  # noqa: E402
from pachisi_widget.tournament import TEMPLATE  # noqa: E402

ENTRANTS = {"template": str(TEMPLATE), "greedy": "greedy"}


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.2f} (1 min) {five:.2f} (5 min)"


def run(label: str, games: int, seed: int, executor=None, progress=False, base=None):
    before = load()
    t0 = time.perf_counter()
    t = pw.tournament(ENTRANTS, games=games, seed=seed, executor=executor, progress=progress)
    wall = time.perf_counter() - t0
    same = "" if base is None else ("  same result as serial" if t == base[0] else "  DIFFERENT")
    speed = "" if base is None else f"  x{base[1] / wall:.2f}"
    print(f"{label:<28} {wall:8.1f} s {games / wall:8.0f} games/s{speed}{same}   "
          f"[{before}; after: {load()}]", flush=True)
    return t, wall


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20000, help="games (one pairing)")
    ap.add_argument("--workers", type=int, default=2, help="worker processes")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--no-dask", action="store_true", help="skip the Dask lines")
    args = ap.parse_args(argv)
    print(f"{args.games} games of the template player against greedy, classic rules; "
          f"{os.cpu_count()} cores, {args.workers} workers; {load()}", flush=True)
    base = run("serial (this process)", args.games, args.seed)
    ok = True
    with ProcessPoolExecutor(args.workers) as ex:
        list(ex.map(abs, range(4 * args.workers)))  # start the workers before timing
        t, _ = run(f"ProcessPoolExecutor({args.workers})", args.games, args.seed, ex, base=base)
        ok &= t == base[0]
    if args.no_dask:
        return 0 if ok else 1
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        client.run(lambda: __import__("pachisi_widget.tournament"))
        t, _ = run(f"Dask LocalCluster({args.workers})", args.games, args.seed,
                   client.get_executor(), base=base)
        ok &= t == base[0]
        pids = client.run(os.getpid)
        victim = sorted(pids.values())[0]
        killed = []

        def kill_one(done, total):
            if not killed and done >= total // 4:
                os.kill(victim, signal.SIGKILL)
                killed.append(done)

        t, _ = run("Dask, worker killed at 1/4", args.games, args.seed, client.get_executor(),
                   progress=kill_one, base=base)
        ok &= t == base[0] and bool(killed)
        print(f"  killed worker pid {victim} when {killed[0] if killed else '?'} games were back; "
              f"workers now {sorted(client.run(os.getpid).values())}", flush=True)
    print("all runs gave the serial result" if ok else "A RUN DIFFERED FROM THE SERIAL RESULT")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
