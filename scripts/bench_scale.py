"""Benchmark of scale-out: a tournament of a Python player run in this process, on a process pool
and on a Dask LocalCluster, each checked to give the serial result game for game.

    .venv/bin/python scripts/bench_scale.py [--games 20000] [--workers 2] [--repeat 1] [--no-dask]

The player is the student template (``pachisi_widget/templates/my_player.py``, a Python
``choose`` reading a GameState) against the built-in greedy player: one pairing of ``--games``
games, classic rules. Each round runs serial, then the process pool, then Dask; each line gives
wall-clock seconds, games per second, the speed-up over the serial run of the same round, and
how many cores *other* processes kept busy meanwhile (the machine's busy time from /proc/stat
less this benchmark's own processes): on a 2-core machine, other work of even half a core
takes most of what a second worker can give. Last, a Dask run during which one worker process
is killed (SIGKILL) once a quarter of the games are back: Dask recomputes its chunks elsewhere,
and the result must still equal the serial one. The Dask lines need ``pip install -e .[dask]``.
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
_TICK = os.sysconf("SC_CLK_TCK")


def busy_seconds() -> float:
    """CPU seconds the whole machine has been busy (all cores), from /proc/stat."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:]]
    return (sum(v) - v[3] - v[4]) / _TICK  # all but idle and iowait


def own_seconds() -> float:
    """CPU seconds used by this process and every process under it (workers, nannies)."""
    parent, cpu = {}, {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parent[int(d)] = int(fields[1])
        cpu[int(d)] = (int(fields[11]) + int(fields[12])) / _TICK
    mine, me = 0.0, os.getpid()
    for pid, c in cpu.items():
        p = pid
        while p > 1 and p != me:
            p = parent.get(p, 0)
        if p == me:
            mine += c
    return mine


def run(label: str, games: int, seed: int, executor=None, progress=False, base=None):
    b0, o0, t0 = busy_seconds(), own_seconds(), time.perf_counter()
    t = pw.tournament(ENTRANTS, games=games, seed=seed, executor=executor, progress=progress)
    wall = time.perf_counter() - t0
    others = max(0.0, (busy_seconds() - b0) - (own_seconds() - o0)) / wall
    same = "" if base is None else ("same result as serial" if t == base[0] else "DIFFERENT")
    speed = "" if base is None else f"x{base[1] / wall:.2f}"
    print(
        f"{label:<28} {wall:7.1f} s {games / wall:6.0f} games/s {speed:>6}  other processes "
        f"{others:.2f} cores, load {os.getloadavg()[0]:.2f}  {same}",
        flush=True,
    )
    return t, wall


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20000, help="games (one pairing)")
    ap.add_argument("--workers", type=int, default=2, help="worker processes")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--repeat", type=int, default=1, help="rounds of serial, pool, Dask")
    ap.add_argument("--no-dask", action="store_true", help="skip the Dask lines")
    args = ap.parse_args(argv)
    print(
        f"{args.games} games of the template player against greedy, classic rules; "
        f"{os.cpu_count()} cores, {args.workers} workers; load {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    ok = True
    client = cluster = None
    if not args.no_dask:
        from dask.distributed import Client, LocalCluster

        cluster = LocalCluster(
            n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = Client(cluster)
        client.run(lambda: __import__("pachisi_widget.tournament"))  # warm the workers
    try:
        with ProcessPoolExecutor(args.workers) as ex:
            list(ex.map(abs, range(4 * args.workers)))  # start the workers before timing
            for r in range(args.repeat):
                print(f"round {r + 1}", flush=True)
                base = run("serial (this process)", args.games, args.seed)
                t, _ = run(
                    f"ProcessPoolExecutor({args.workers})", args.games, args.seed, ex, base=base
                )
                ok &= t == base[0]
                if client is not None:
                    t, _ = run(
                        f"Dask LocalCluster({args.workers})",
                        args.games,
                        args.seed,
                        client.get_executor(),
                        base=base,
                    )
                    ok &= t == base[0]
        if client is not None:
            victim = sorted(client.run(os.getpid).values())[0]
            killed = []

            def kill_one(done, total):
                if not killed and done >= total // 4:
                    os.kill(victim, signal.SIGKILL)
                    killed.append(done)

            t, _ = run(
                "Dask, one worker killed",
                args.games,
                args.seed,
                client.get_executor(),
                progress=kill_one,
                base=base,
            )
            ok &= t == base[0] and bool(killed)
            print(
                f"  worker pid {victim} killed when {killed[0] if killed else '?'} games were "
                f"back; workers now {sorted(client.run(os.getpid).values())}",
                flush=True,
            )
    finally:
        if client is not None:
            client.close()
            cluster.close()
    print("all runs gave the serial result" if ok else "A RUN DIFFERED FROM THE SERIAL RESULT")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
