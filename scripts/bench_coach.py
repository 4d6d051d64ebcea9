"""How fast the coach answers: each legal move's chance to win in a typical 4-player mid-game.

The position: a seeded 4-player classic game played by greedy players until its 150th turn
(the games of greedy players last about 500 turns), at a throw that leaves several moves to
choose from. The numpy engine plays the default rollouts (until every interval is within ±3
points); the pure-Python engine (the JupyterLite path) plays fewer and shows its wider intervals.
Both times are printed: the wall clock, and the processor time of this process (on a shared
machine the wall clock also counts the time other programs held the processor).

    .venv/bin/python scripts/bench_coach.py [--turn 150] [--seed 11] [--python-rollouts 100]
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import pachisi_widget as pw
from pachisi_widget import coach
from pachisi_widget.agents import GreedyAgent


def midgame(seed: int, turn: int, least_moves: int = 3) -> pw.GameState:
    """The first position at or after ``turn`` where the seat to move chooses among at least
    ``least_moves`` moves, in a game of four greedy players."""
    game = pw.Game(players=4, seed=seed)
    agent, rng = GreedyAgent(), random.Random(seed)
    while game.phase != "over":
        if game.phase == "throw":
            game.throw()
            continue
        state = game.state
        if state.turn >= turn and len(state.legal_moves()) >= least_moves:
            return state
        game.play(agent.choose(state, rng))
    raise SystemExit(f"the game with seed {seed} ended before turn {turn}")


def run(state, **kw):
    """The evaluation, its wall-clock seconds and the processor seconds this process used (on a
    shared machine the two differ: the second is what the coach itself cost)."""
    t, c = time.perf_counter(), time.process_time()
    ev = coach.evaluate(state, **kw)
    return ev, time.perf_counter() - t, time.process_time() - c


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turn", type=int, default=150)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--python-rollouts", type=int, default=coach.DEFAULT_ROLLOUTS["python"])
    args = ap.parse_args(argv)
    state = midgame(args.seed, args.turn)
    print(f"position: {state.notation()}, {len(state.legal_moves())} legal moves")
    for engine, rollouts in (("numpy", None), ("python", args.python_rollouts)):
        try:
            ev, dt, cpu = run(state, engine=engine, rollouts=rollouts)
        except coach.CoachError as exc:
            print(f"{engine}: {exc}")
            continue
        widest = max(mc.half_width for mc in ev)
        print(f"\n{engine}: {ev.rollouts} rollouts per move, {dt:.2f} s ({cpu:.2f} s of processor "
              f"time), widest interval ±{100 * widest:.1f} points")
        print(ev)
    return 0


if __name__ == "__main__":
    sys.exit(main())
