"""Time every instrument of the board over many positions of seeded random games, per preset.

    .venv/bin/python scripts/bench_maps.py [--positions 20] [--seed 1] [--presets classic,...]

For each preset, positions are taken from seeded random games (every few turns, at the start
of a turn, so the seat to move is about to throw: what the board shows before the throw) and
each instrument is computed cold (the results kept from earlier calls for a position dropped
first; the tables kept for the rules, which do not depend on the position, are built by the
first call of a session: the ``first call`` line times it):

- ``danger_map``: the board's danger overlay (floats);
- ``hit_chance``: the exact chance ``w.ask`` gives, for each piece of the seat to move on the
  shared loop (floats; the slowest piece of the position counts);
- ``hit/tutor``: the same with the tutor's error bound (``coach.tutor.HIT_ERROR``, 0.1 point);
- ``reach_map``: the board's reach overlay, every stack of the seat to move (floats).

Prints the median and the worst time of each (milliseconds, process time) and the machine's
load average; nothing is asserted (the figures the README quotes).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from pachisi_widget import probability
from pachisi_widget.coach.tutor import HIT_ERROR
from pachisi_widget.rules import Rules
from pachisi_widget.state import GameState
from pachisi_widget.tables import IS_SAFE

PRESETS = ("classic", "seven_cowries", "cowrie_skill", "mitra")


def positions(preset: str, count: int, seed: int) -> list[GameState]:
    """``count`` positions of seeded random games with 4 players (random legal moves, a move
    rather than a pass when there is one), one every 3 turns, at the start of a turn."""
    rng = random.Random(seed)
    rules = Rules.preset(preset)
    out: list[GameState] = []
    while len(out) < count:
        st = GameState.initial(rules, (0, 1, 2, 3), to_move=0)
        last = -1
        while st.phase != "over" and len(out) < count and st.turn < 400:
            if st.phase == "throw":
                if st.turn % 3 == 0 and st.turn != last and st.turn > 0:
                    out.append(st)
                    last = st.turn
                outcomes = st.chance_outcomes()
                u, acc, pick = rng.random(), 0.0, outcomes[-1][0]
                for throw, pr in outcomes:
                    acc += float(pr)
                    if u < acc:
                        pick = throw
                        break
                st = st.apply_throw(pick)
            else:
                moves = st.legal_moves()
                st = st.apply(rng.choice(moves[:-1]) if len(moves) > 1 else moves[-1])
    return out


def clock(fn) -> float:
    t0 = time.process_time()
    fn()
    return 1000 * (time.process_time() - t0)


def cold() -> None:
    probability._LANDINGS.clear()
    probability._MODELS.clear()


def danger(st) -> float:
    cold()
    return clock(lambda: probability.danger_map(st))


def hit(st, error: float = 0.0) -> float:
    seat = st.to_move
    worst = 0.0
    for step in sorted(set(st.pieces[seat])):
        if not IS_SAFE[step]:
            cold()
            t0 = time.process_time()
            probability.hit_chance(st, seat, step, exact=False, error=error)
            worst = max(worst, 1000 * (time.process_time() - t0))
    return worst


def hit_tutor(st) -> float:
    return hit(st, HIT_ERROR)


def reach(st) -> float:
    seat = st.to_move
    steps = st.pieces[seat]

    def all_stacks():
        for step in sorted(set(steps)):
            if step != 84:
                probability.reach_map(st, seat, steps.index(step), exact=False)

    return clock(all_stacks)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=20, help="positions per preset")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--presets", default=",".join(PRESETS))
    ap.add_argument(
        "--no-exact-hit", action="store_true", help="leave out the exact hit_chance (slow)"
    )
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(f"{'preset':14} {'instrument':11} {'median ms':>10} {'worst ms':>10}")
    for preset in args.presets.split(","):
        sts = positions(preset, args.positions, args.seed)
        probability._RELATIVES.clear()
        first = danger(sts[0])
        print(f"{preset:14} {'first call':11} {first:10.1f} {first:10.1f}", flush=True)
        instruments = [("danger_map", danger), ("hit/tutor", hit_tutor), ("reach_map", reach)]
        if not args.no_exact_hit:
            instruments.insert(1, ("hit_chance", hit))
        for name, fn in instruments:
            times = [fn(st) for st in sts]
            print(
                f"{preset:14} {name:11} {statistics.median(times):10.1f} {max(times):10.1f}",
                flush=True,
            )
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
