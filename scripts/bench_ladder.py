"""How strong each built-in player is against every other: the ladder of levels, measured.

Every pair of players plays ``--games`` two-player classic games with the first as South, then
the same deals (the same seeds) with the seats swapped, so neither gains from the seat or from
the luck of the throws. Each row gives the first player's share of the wins with its 95%
interval (Wilson, :func:`pachisi_widget.lab.stats.wilson_interval`), read as lesson 08 reads an
interval: a share whose interval lies wholly above 50% is a measured step stronger; one whose
interval holds 50% is not yet told apart. Also the share in each seat order, the seconds the
pair took (wall clock; on a shared machine it counts other programs too) and the load average.

The ``coach`` plays with ``--coach-rollouts`` rollouts a move (its games then replay exactly)
or ``--coach-budget`` seconds a move; it is by far the slowest player, so keep its games few.

    .venv/bin/python scripts/bench_ladder.py [--games 20] [--players random,greedy,...]
        [--coach-rollouts 16 | --coach-budget 0.25] [--seed 1] [--pairs a:b,c:d] [--progress]

``--pairs coach:expectimax@depth=2`` names a player with its options (``name@key=value``).
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import sys
import time

import pachisi_widget as pw
import pachisi_widget.coach  # noqa: F401  (adds the coach player to AGENTS)
from pachisi_widget.agents import AGENTS, LEVELS, make_agent
from pachisi_widget.lab.playing import play_game
from pachisi_widget.lab.stats import wilson_interval


def player(name: str, args):
    """A fresh player of ``name`` (the coach with the bench's options); ``name@key=value``
    passes options on (``expectimax@depth=2``, ``coach@policy=runner``)."""
    if "@" in name:
        base, *opts = name.split("@")
        options = dict(o.split("=", 1) for o in opts)
        return make_agent(base, **{k: _value(v) for k, v in options.items()})
    if name != "coach":
        return name
    if args.coach_rollouts is not None:
        return make_agent("coach", rollouts=args.coach_rollouts)
    return make_agent("coach", budget=args.coach_budget)


def _value(text: str):
    """An option's value: a number where it reads as one, else the text."""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def match(a: str, b: str, games: int, seed: int, args) -> tuple:
    """(wins of ``a`` as South, wins of ``a`` as North, seconds): ``games`` deals each way."""
    rules = pw.Rules()
    won = [0, 0]
    t0 = time.perf_counter()
    for i in range(games):
        before = tuple(won)
        for order in (0, 1):
            rng = random.Random(seed * 1_000_003 + i)
            agents = [player(a, args), player(b, args)]
            if order:
                agents.reverse()
            g = play_game(rules, (0, 2), agents, rng)
            won[order] += g.winner == (0, 2)[order]
        if args.progress:  # each deal as it ends, so a long match can be read before it ends
            print(
                f"{a} {b} deal {i + 1}: {won[0] - before[0]} {won[1] - before[1]} "
                f"({won[0] + won[1]} of {2 * (i + 1)}, {time.perf_counter() - t0:.0f} s)",
                file=sys.stderr,
                flush=True,
            )
    return won[0], won[1], time.perf_counter() - t0


def pct(k: int, n: int) -> str:
    r = wilson_interval(k, n)
    return f"{100 * r.rate:5.1f}% [{100 * r.low:4.1f}, {100 * r.high:4.1f}]"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="deals per pair (each played both ways)")
    ap.add_argument("--players", default=",".join(AGENTS), help="players, comma-separated")
    ap.add_argument("--pairs", default=None, help="only these pairs, e.g. coach:expectimax")
    ap.add_argument("--coach-rollouts", type=int, default=None)
    ap.add_argument("--coach-budget", type=float, default=0.25)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--progress", action="store_true", help="print each deal's two results as it ends"
    )
    args = ap.parse_args(argv)
    if args.pairs:
        pairs = [tuple(p.split(":")) for p in args.pairs.split(",")]
    else:
        names = args.players.split(",")
        pairs = list(itertools.combinations(names, 2))
    for pair in pairs:
        for name in pair:
            player(name, args) if "@" in name else make_agent(name)  # an unknown name stops here
    coach = (
        f"{args.coach_rollouts} rollouts a move"
        if args.coach_rollouts is not None
        else f"{args.coach_budget} s a move"
    )
    print(
        f"two-player classic, {args.games} deals per pair played both ways round; seed {args.seed}"
    )
    print(f"coach: {coach}; load average at start: {os.getloadavg()[0]:.1f}")
    print("ladder: " + ", ".join(f"{level} = {name}" for level, name in LEVELS.items()))
    head = f"{'player':>13} {'against':>13}  {'wins (95% interval)':<24} {'as South':>8} {'as North':>8} {'s':>6}"
    print(head)
    for a, b in pairs:
        south, north, secs = match(a, b, args.games, args.seed, args)
        n = args.games
        print(
            f"{a:>13} {b:>13}  {pct(south + north, 2 * n):<24} "
            f"{100 * south / n:7.1f}% {100 * north / n:7.1f}% {secs:6.0f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
