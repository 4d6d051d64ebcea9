"""How often the coach's rollouts overrule its judgement: the coach's pick against ``learned``.

The coach (:class:`pachisi_widget.coach.CoachAgent`) plays its judgement's move (the learned
evaluation, one throw ahead) unless its rollouts' paired 95% interval separates another move
from it. This script counts how often that happens, at each thinking time asked for: positions
from ``--games`` two-player classic games of ``learned`` against itself, every ``--every``-th
decision with a real choice (two moves or more besides the pass), each answered by
:func:`pachisi_widget.coach.evaluate` with the judgement given, as the coach player asks it.
``hint`` is the board's hints' setting (rollouts until each interval is within ±3 points, at most
the board's 5 s). Printed per setting: the decisions overruled, with a 95% interval, and the time.

    .venv/bin/python scripts/bench_pick.py [--games 6] [--every 3] [--budgets 0.25,hint]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

import pachisi_widget as pw
from pachisi_widget import coach
from pachisi_widget.learned import LearnedAgent
from pachisi_widget.session.teaching import Instruments

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_ladder import pct  # noqa: E402  (a share with its Wilson interval, as the ladder prints it)

HINT = "hint"


def positions(judge, games: int, every: int, seed: int) -> list:
    """Every ``every``-th state with a real choice from ``games`` games ``judge`` plays against
    itself."""
    found = []
    for i in range(games):
        g = pw.Game(players=2, seed=seed + i)
        rng = random.Random(seed + i)
        while g.phase != "over":
            if g.phase == "throw":
                g.throw()
                continue
            moves = g.legal_moves()
            if len(moves) > 2 or (len(moves) == 2 and not moves[-1].is_pass):
                found.append(g.state)
            g.play(judge.choose(g.state, rng))
    return found[::every]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6, help="learned-vs-learned games to sample")
    ap.add_argument("--every", type=int, default=3, help="take every n-th decision")
    ap.add_argument("--budgets", default=f"0.25,{HINT}", help="seconds a move, or 'hint'")
    ap.add_argument("--seed", type=int, default=700)
    args = ap.parse_args(argv)
    judge = LearnedAgent(1)
    states = positions(judge, args.games, args.every, args.seed)
    print(f"{len(states)} decisions; load average at start {os.getloadavg()[0]:.1f}")
    for budget in args.budgets.split(","):
        # the hint's budget is the board's own (Instruments().budget), its rollouts the default
        seconds = Instruments().budget if budget == HINT else float(budget)
        t0 = time.perf_counter()
        overruled = 0
        for k, state in enumerate(states):
            ev = coach.evaluate(state, seed=k, budget=seconds, judge=judge)
            mine = judge.choose(state, random.Random(k))  # the judgement, as evaluate asks it
            overruled += ev.pick.move.key != mine.key
        print(
            f"{budget:>6}: the rollouts overrule the judgement in {overruled} of {len(states)} "
            f"decisions, {pct(overruled, len(states)).strip()}; "
            f"{time.perf_counter() - t0:.0f} s, load {os.getloadavg()[0]:.1f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
