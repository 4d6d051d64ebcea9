"""Time probability.danger_map (and reach_map) on a four-seat middle game.

    .venv/bin/python scripts/bench_danger.py [--repeat 5]

Prints the median wall time of each call in milliseconds (and the machine's load average), the
figures the documentation quotes; nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import pachisi_widget as pw
from pachisi_widget import probability

MIDGAME = [[0, 14, 30, 52], [9, 0, 40, 60], [0, 22, 47, 70], [18, 33, 0, 0]]


def timed(fn, repeat: int) -> float:
    """The median wall time of ``fn`` in ms, each call cold (the results probability keeps for
    a position dropped; the tables it keeps for the rules stay, as in a session)."""
    times = []
    fn()  # the rules' tables, once
    for _ in range(repeat):
        probability._LANDINGS.clear()
        probability._MODELS.clear()
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return 1000 * statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    st = pw.Game.from_position(MIDGAME, seed=3).state
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(
        f"danger_map, 4 seats, middle game (floats):    "
        f"{timed(lambda: probability.danger_map(st), args.repeat):.0f} ms"
    )
    print(
        f"danger_map, 4 seats, middle game (Fractions): "
        f"{timed(lambda: probability.danger_map(st, exact=True), args.repeat):.0f} ms"
    )
    print(
        f"reach_map of the piece on step 30 (floats):   "
        f"{timed(lambda: probability.reach_map(st, 0, 2, exact=False), args.repeat):.0f} ms"
    )


if __name__ == "__main__":
    main()
