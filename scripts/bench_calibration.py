"""Whether the coach's 95% intervals are honest: their coverage of a long reference.

Positions: for each seed, one classic game of two greedy players and one of four, an early, a
middle and a late decision of each (:func:`pachisi_widget.coach.calibration.positions`). At
each, the coach answers as a hint does (its normal rollouts: on numpy until every interval is
within ±3 points; ``--rollouts N`` for a fixed number, ``--engine python`` for the offline
site's 100), then a reference plays ``--factor`` (10) times the most rollouts any move got, the
same policy from an independent seed. Printed: each position's moves covered, then the coverage
of the chance intervals with its own 95% interval (Wilson, moves taken as independent; the moves
of a position share seeds, so read it as somewhat narrower than it is), the rate an honest
interval would show against a reference with its own noise, the mean half-width, and the
coverage of the paired loss intervals. The load average is printed with the times.

    .venv/bin/python scripts/bench_calibration.py [--seeds 1,2,3] [--players 2,4]
        [--rollouts N] [--engine auto|numpy|python] [--factor 10]
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from pachisi_widget.coach import calibration


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1,2,3", help="game seeds, comma-separated")
    ap.add_argument("--players", default="2,4", help="players in a game, comma-separated")
    ap.add_argument("--rollouts", type=int, default=None, help="the coach's (default: a hint's)")
    ap.add_argument("--engine", default="auto", help="the coach's engine")
    ap.add_argument("--ref-engine", default="auto", help="the reference's engine")
    ap.add_argument("--factor", type=int, default=10, help="the reference's rollouts, times")
    args = ap.parse_args(argv)
    seeds = [int(s) for s in args.seeds.split(",")]
    print(
        f"coach rollouts: {args.rollouts or 'default'} on {args.engine}; reference "
        f"{args.factor}x on {args.ref_engine}; load average at start {os.getloadavg()[0]:.1f}"
    )
    checks = []
    t0 = time.perf_counter()
    for players in (int(p) for p in args.players.split(",")):
        for seed in seeds:
            for label, state in calibration.positions(players, seed):
                t = time.perf_counter()
                got = calibration.calibrate(
                    state,
                    rollouts=args.rollouts,
                    factor=args.factor,
                    seed=seed,
                    engine=args.engine,
                    ref_engine=args.ref_engine,
                    label=label,
                )
                checks.extend(got)
                missed = [
                    f"{100 * c.reference:.1f} outside [{100 * c.low:.1f}, {100 * c.high:.1f}]"
                    for c in got
                    if not c.covered
                ]
                n = max((c.rollouts for c in got), default=0)
                print(
                    f"{label:32} {sum(c.covered for c in got)}/{len(got)} covered, {n} rollouts, "
                    f"{time.perf_counter() - t:5.1f} s  {'; '.join(missed)}",
                    flush=True,
                )
    s = calibration.summary(checks)
    print(
        f"coverage of the chance intervals: {s['covered']}/{s['moves']} = "
        f"{100 * s['rate']:.1f}% [{100 * s['low']:.1f}, {100 * s['high']:.1f}]; an honest 95% "
        f"interval would show {100 * s['expected']:.1f}% against this reference; mean "
        f"half-width ±{100 * s['half_width']:.1f} points"
    )
    print(
        f"coverage of the loss intervals (paired, covering together): {s['loss_covered']}/"
        f"{s['losses']} = {100 * s['loss_rate']:.1f}%"
    )
    print(
        f"{time.perf_counter() - t0:.0f} s in all; load average at the end {os.getloadavg()[0]:.1f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
