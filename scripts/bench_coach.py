"""How fast the coach answers: each legal move's chance to win in a typical 4-player mid-game.

The position: a seeded 4-player classic game played by greedy players until its 150th turn
(the games of greedy players last about 500 turns), at a throw that leaves several moves to
choose from. The numpy engine plays the default rollouts (until every interval is within ±3
points); the pure-Python engine (the JupyterLite path) plays fewer and shows its wider intervals.

One row per engine and run: the wall clock, the processor time of this process (on a shared
machine the wall clock also counts the time other programs held the processor), the widest
95% interval (± points), the rollouts each move got, and the load average (1 minute) when the
run began. ``--repeat`` runs each engine several times; ``--tables`` prints the evaluations.

    .venv/bin/python scripts/bench_coach.py [--turn 150] [--seed 11] [--python-rollouts 100]
                                            [--repeat 1] [--tables]
"""

from __future__ import annotations

import argparse
import os
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
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--tables", action="store_true", help="print each evaluation's table")
    args = ap.parse_args(argv)
    state = midgame(args.seed, args.turn)
    print(f"position: {state.notation()}, {len(state.legal_moves())} legal moves")
    print(f"{'engine':8}{'wall s':>8}{'cpu s':>8}{'widest ±':>10}  {'load':>5}  rollouts per move")
    for _ in range(args.repeat):
        for engine, rollouts in (("numpy", None), ("python", args.python_rollouts)):
            load = os.getloadavg()[0]
            try:
                ev, dt, cpu = run(state, engine=engine, rollouts=rollouts)
            except coach.CoachError as exc:
                print(f"{engine}: {exc}")
                continue
            widest = max(mc.half_width for mc in ev)
            counts = " ".join(str(mc.rollouts) for mc in ev)
            print(
                f"{engine:8}{dt:8.2f}{cpu:8.2f}{100 * widest:10.1f}  {load:5.2f}  {counts}",
                flush=True,
            )
            if args.tables:
                print(ev, end="\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
