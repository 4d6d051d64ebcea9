"""How fast the board's replay steps and how long an analysis of a whole game takes.

    .venv/bin/python scripts/bench_replay.py [--engine auto|numpy|python] [--seed N]
                                             [--players 2|3|4] [--seats south|all]

Plays a 4-player game to its end (greedy players), loads it into a replay, and prints: the time
to build the replay, the median time to show one point (the state and the narration's events:
what a step of the timeline asks of Python) stepping forward, backward and jumping at random,
the time a widget takes for one replay_step intent (the whole view), and the time to analyse
every decision of South (the seat a student plays; ``--seats all``: of every seat) with the coach
on ``--engine``, then the time to weigh luck against skill from that analysis
(:func:`pachisi_widget.luck.luck_skill`) and its sentences.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

import pachisi_widget as pw
from pachisi_widget.luck import luck_skill
from pachisi_widget.replay import Replay, analyse, analysis_rollouts
from pachisi_widget.view import LOG_EVENTS


def long_game(seed: int, players: int = 4) -> pw.Game:
    g = pw.Game(players=players, seed=seed)
    agent = pw.agents.GreedyAgent()
    while g.phase != "over":
        if g.phase == "throw":
            g.throw()
        else:
            g.play(agent.choose(g.state, g.agent_rng()))
    return g


def median_ms(fn, items) -> float:
    times = []
    for i in items:
        t0 = time.perf_counter()
        fn(i)
        times.append(1000 * (time.perf_counter() - t0))
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="auto")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seats", choices=["south", "all"], default="south")
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    g = long_game(args.seed, args.players)
    n = len(g.history)
    t0 = time.perf_counter()
    r = Replay(g.to_json())
    print(f"game of {n} actions; replay built in {1000 * (time.perf_counter() - t0):.0f} ms")

    def point(i):
        r.state(i)
        r.events(i, LOG_EVENTS + 1)

    a, b = n // 4, min(n, n // 4 + 200)
    fresh = Replay(g)
    print(f"one point, stepping forward: {median_ms(point, range(a, b)):.2f} ms")
    r = fresh
    print(f"one point, stepping back:    {median_ms(point, range(b, a, -1)):.2f} ms")
    rng = random.Random(1)
    r = Replay(g)
    jumps = [rng.randrange(n) for _ in range(200)]
    print(f"one point, random jumps:     {median_ms(point, jumps):.2f} ms")
    w = pw.PachisiWidget(players=args.players, seed=1, animate=False)
    w.replay(g, index=n // 4)
    step = median_ms(lambda _: w.handle_intent({"kind": "replay_step", "by": 1}), range(100))
    print(f"widget replay_step intent (whole view): {step:.2f} ms")
    engine = args.engine
    rollouts = analysis_rollouts(engine)
    seats = [0] if args.seats == "south" else list(r.record.seats)
    decisions = len(r.decisions(frozenset(seats)))
    t0, c0 = time.perf_counter(), time.process_time()
    out = analyse(r, seats=seats, rollouts=rollouts, engine=engine, luck=False)
    spent, cpu = time.perf_counter() - t0, time.process_time() - c0
    grades = [a["grade"] for a in out if a["grade"]]
    who = "South's" if args.seats == "south" else "every seat's"
    print(
        f"analysis of {who} {decisions} decisions, {rollouts} rollouts per move, engine "
        f"{engine}: {spent:.1f} s wall, {cpu:.1f} s of processor time; graded: {grades}"
    )
    t0 = time.perf_counter()
    ls = luck_skill(r, out, engine=engine)
    print(f"luck against skill from it: {time.perf_counter() - t0:.2f} s more")
    for line in ls.lines("en"):
        print("  " + line)


if __name__ == "__main__":
    main()
