"""How long the board's instruments keep a click waiting: ``coach.evaluate`` under small
budgets on each engine, and a pass click with the tutor on in a middle game of every preset.

    .venv/bin/python scripts/bench_instruments.py

Prints wall times in seconds (and the machine's load average); nothing is asserted.
"""

from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pachisi_widget as pw  # noqa: E402
from pachisi_widget.session import Session  # noqa: E402


def middle_game(rules="classic", turns: int = 40) -> pw.Game:
    g = pw.Game(players=4, rules=rules, seed=2)
    for _ in range(turns):
        if g.phase == "over":
            break
        g.play_turn(pw.agents.GreedyAgent())
    return g


def main() -> None:
    g = middle_game(turns=12)
    g.throw()
    pw.coach.evaluate(g.state, budget=0.01, engine="numpy")  # numpy's tables built once
    for engine in ("auto", "numpy", "python"):
        for budget in (0.01, 0.1, 0.5):
            t0 = time.perf_counter()
            ev = pw.coach.evaluate(g.state, budget=budget, engine=engine, rollouts=20_000)
            took = time.perf_counter() - t0
            print(
                f"evaluate(budget={budget}, engine={engine}): {took:.3f} s, "
                f"{ev.rollouts} rollouts on {ev.engine}"
            )
    for preset in ("classic", "seven_cowries", "cowrie_skill", "mitra"):
        s = Session(middle_game(preset))
        s.set_tutor(True)
        while s.game.phase == "throw":
            s.throw()
        t0 = time.perf_counter()
        s.pass_()
        print(f"a pass click with the tutor on ({preset}): {time.perf_counter() - t0:.3f} s")
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
