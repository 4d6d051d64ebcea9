"""The large-sample results the lessons state beside what a class's sample shows.

A class plays hundreds of games and its intervals are wide; the lessons' conclusions must stay
true for the game itself, so each is measured once here on many more games (numpy engine) and
kept in ``pachisi_widget/lessons/reference.json``, which the lessons read with
:func:`pachisi_widget.lessons.reference`. Rerun after a change to the rules or to the players:

    .venv/bin/python scripts/reference_results.py          # writes the file, prints the figures
    .venv/bin/python scripts/reference_results.py --check  # fails when the file is out of date

Every figure is seeded, so a rerun on the same package gives the same file.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import pachisi_widget as pw  # noqa: E402
from pachisi_widget.lab.matches import match_both_ways  # noqa: E402
from pachisi_widget.lab.stats import wilson_interval  # noqa: E402

OUT = REPO / "pachisi_widget" / "lessons" / "reference.json"
COMMAND = "python scripts/reference_results.py"
FIRST_GAMES = 240_000
MATCH_GAMES = 10_000  # each way round: 20,000 games a match


def first_player(preset: str) -> dict:
    """Lesson 07: the first player's share of the decided games of two greedy players."""
    r = pw.simulate(
        FIRST_GAMES,
        rules=pw.Rules.preset(preset),
        agents="greedy",
        players=2,
        seed=1,
        engine="numpy",
        progress=False,
    )
    decided = [(s, w) for s, w in zip(r.starters, r.winners, strict=True) if w is not None]
    won = sum(s == w for s, w in decided)
    return _entry(won, len(decided), f"{FIRST_GAMES} games of greedy against greedy, seed 1")


def waiting(preset: str) -> dict:
    """Lesson 06b: castle_waiter's share against greedy, both ways round."""
    first, second = match_both_ways(
        "castle_waiter", "greedy", rules=pw.Rules.preset(preset), games=MATCH_GAMES, seed=7
    )
    won = first.wins[0] + second.wins[2]
    games = first.games + second.games
    return _entry(won, games, f"castle_waiter against greedy, {games} games both ways, seed 7")


def _entry(won: int, games: int, what: str) -> dict:
    rate = wilson_interval(won, games)
    return {
        "won": won,
        "games": games,
        "rate": round(rate.rate, 6),
        "low": round(rate.low, 6),
        "high": round(rate.high, 6),
        "what": what,
    }


def compute() -> dict:
    return {
        "command": COMMAND,
        "results": {
            "first_player.classic": first_player("classic"),
            "first_player.seven_cowries": first_player("seven_cowries"),
            "waiting.classic": waiting("classic"),
            "waiting.seven_cowries": waiting("seven_cowries"),
        },
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail when the file is out of date")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    data = compute()
    text = json.dumps(data, indent=1, sort_keys=True) + "\n"
    for key, r in data["results"].items():
        print(
            f"{key:28} {100 * r['rate']:.2f}% [{100 * r['low']:.2f}, {100 * r['high']:.2f}]"
            f"  ({r['what']})"
        )
    print(f"computed in {time.perf_counter() - started:.1f} s")
    if args.check:
        if not OUT.exists() or OUT.read_text() != text:
            print(f"{OUT.relative_to(REPO)} is out of date: run {COMMAND}", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text)
    print(f"wrote {OUT.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
