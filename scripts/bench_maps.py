"""Time every instrument of the board over many positions of seeded random games, per preset.

    .venv/bin/python scripts/bench_maps.py [--games 3] [--every 4] [--seed 1] [--presets ...]

For each preset (every one of ``Rules.preset``), positions are taken from seeded random games
of 2 and of 4 players (random legal moves, a move rather than a pass when there is one), every
``--every`` turns, at the start of a turn (what the board shows before the throw), each tagged
early, middle or late by how far the pieces have come. Each instrument is computed cold (the
results kept from earlier calls for a position dropped first; the tables kept for the rules,
which do not depend on the position, are built by the first call of a session: the ``first
call`` line times it):

- ``danger_map``: the board's danger overlay with its caption's bound
  (:func:`probability.danger_map` and :func:`probability.capture_bound`, floats, to within
  ``probability.SHOWN_ERROR`` as the board asks);
- ``hit_chance``: the chance of being hit as the tutor asks, for each piece of the seat to
  move on the shared loop (floats, to within ``SHOWN_ERROR``, or ten or a hundred times more
  where that would take longer: the largest error taken is printed; the slowest piece of the
  position counts; the ``hit error`` line says how many pieces took more than
  ``SHOWN_ERROR``);
- ``hit 1e-9``: the same to within ``FLOAT_ERROR``, hit_chance's default (not on the board;
  only with ``--instruments``);
- ``ask chance``: ``w.ask("chance", step=...)``'s question for each such piece (the exact
  fraction when it is quick, else floats, and the bound for captures);
- ``tutor``: the tutor's reasons of danger after a move (each legal move of a random throw
  against the first; the slowest pair counts);
- ``reach_map``: the board's reach overlay, every stack of the seat to move (floats, to
  within ``SHOWN_ERROR``).

Prints, per preset and instrument, the number of positions, the median and the worst time
(milliseconds of processor time; over 25 ms, the least of three runs), where the worst was
(players, phase) and how many took more than 50 ms, with the machine's load average (with
``--worst N``, the pieces of the N slowest positions too, to profile them); nothing is
asserted (the figures the README quotes).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from pachisi_widget import hitting, practice, probability, reaching, turns
from pachisi_widget.coach import tutor
from pachisi_widget.rules import PRESETS, Rules
from pachisi_widget.state import GameState
from pachisi_widget.tables import IS_SAFE

TARGET_MS = 50.0


def _throw(st, rng):
    outcomes = st.chance_outcomes()
    u, acc = rng.random(), 0.0
    for throw, pr in outcomes:
        acc += float(pr)
        if u < acc:
            return st.apply_throw(throw)
    return st.apply_throw(outcomes[-1][0])


def phase(st) -> str:
    """early, middle or late: the mean progress of the pieces in play (step / 84)."""
    steps = [t for s in st.seats for t in st.pieces[s]]
    mean = sum(steps) / (84 * len(steps))
    return "early" if mean < 0.2 else "middle" if mean < 0.55 else "late"


def positions(preset: str, players: int, games: int, every: int, seed: int) -> list:
    """[(state, phase)] of ``games`` seeded random games of ``players``, one every ``every``
    turns, at the start of a turn."""
    rng = random.Random(seed * 1000 + players)
    rules = Rules.preset(preset)
    seats = (0, 2) if players == 2 else (0, 1, 2, 3)
    out: list = []
    for _ in range(games):
        st = GameState.initial(rules, seats, to_move=0)
        last = -1
        while st.phase != "over" and st.turn < 600:
            if st.phase == "throw":
                if st.turn % every == 0 and st.turn != last and st.turn > 0:
                    out.append((st, phase(st)))
                    last = st.turn
                st = _throw(st, rng)
            else:
                moves = st.legal_moves()
                st = st.apply(rng.choice(moves[:-1]) if len(moves) > 1 else moves[-1])
    return out


def cold() -> None:
    probability._LANDINGS.clear()
    probability._MODELS.clear()
    reaching._MOVES.clear()  # a piece's moves in a position (its series stay: they are per rules)
    hitting._SHOWN.clear()


def clock(fn) -> float:
    cold()
    t0 = time.process_time()
    fn()
    return 1000 * (time.process_time() - t0)


def _loop_pieces(st) -> list:
    seat = st.to_move
    return [s for s in sorted(set(st.pieces[seat])) if not IS_SAFE[s]]


def danger(st, rng) -> float:
    e = probability.SHOWN_ERROR
    return clock(
        lambda: (
            probability.danger_map(st, error=e),
            probability.capture_bound(st, st.to_move, error=e),
        )
    )


WORST_ERROR: list = [0.0, 0, 0]
"""The largest error the board's chance of being hit had to take (``hitting._hit_shown``), how
many pieces took more than ``SHOWN_ERROR``, of how many."""


def _shown(st, s):
    _, error = hitting._hit_shown(st, st.to_move, s, probability.SHOWN_ERROR)
    WORST_ERROR[0] = max(WORST_ERROR[0], error)
    WORST_ERROR[1] += error > probability.SHOWN_ERROR
    WORST_ERROR[2] += 1


def hit(st, rng, error: float | None = None) -> float:
    seat = st.to_move
    if error is None:  # as the board asks
        return max((clock(lambda s=s: _shown(st, s)) for s in _loop_pieces(st)), default=0.0)
    return max(
        (
            clock(lambda s=s: probability.hit_chance(st, seat, s, exact=False, error=error))
            for s in _loop_pieces(st)
        ),
        default=0.0,
    )


def ask(st, rng) -> float:
    return max(
        (clock(lambda s=s: practice.question(st, "chance", step=s)) for s in _loop_pieces(st)),
        default=0.0,
    )


def tutor_reasons(st, rng) -> float:
    moved = _throw(st, rng)
    if moved.phase != "move":
        return 0.0
    moves = moved.legal_moves()
    if len(moves) < 2:
        return 0.0
    better = moves[0]
    return max(
        clock(lambda played=played: tutor._danger_reasons(moved, played, better))
        for played in moves[1:4]
    )


def reach(st, rng) -> float:
    seat = st.to_move
    steps = st.pieces[seat]

    def all_stacks():
        for step in sorted(set(steps)):
            if step != 84:
                probability.reach_map(
                    st, seat, steps.index(step), exact=False, error=probability.SHOWN_ERROR
                )

    return clock(all_stacks)


def least(fn, st, seed: int) -> float:
    """``fn``'s time for ``st`` (its throws, where it throws, from ``seed``); where that is
    over half of :data:`TARGET_MS`, the least of three runs (as ``timeit`` takes: the others
    count the other programs of a shared machine too)."""
    t = fn(st, random.Random(seed))
    if t > TARGET_MS / 2:
        t = min(t, fn(st, random.Random(seed)), fn(st, random.Random(seed)))
    return t


def describe(st) -> str:
    """A position as it can be typed back: the pieces of each seat, the seat to move, the
    first-piece privileges."""
    return f"pieces={list(st.pieces)} to_move={st.to_move} fresh={list(st.fresh)}"


INSTRUMENTS = {
    "danger_map": danger,
    "hit_chance": hit,
    "hit 1e-9": lambda st, rng: hit(st, rng, 0.0),
    "ask chance": ask,
    "tutor": tutor_reasons,
    "reach_map": reach,
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3, help="games per preset and player count")
    ap.add_argument("--every", type=int, default=4, help="a position every this many turns")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--presets", default=",".join(PRESETS))
    ap.add_argument("--instruments", default=",".join(k for k in INSTRUMENTS if k != "hit 1e-9"))
    ap.add_argument(
        "--worst",
        type=int,
        default=0,
        help="also print this many of the slowest positions of each instrument (their pieces)",
    )
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(
        f"{'preset':14} {'instrument':11} {'positions':>9} {'median ms':>10} {'worst ms':>9}"
        f"  {'worst at':16} {'>50 ms':>6}"
    )
    for preset in args.presets.split(","):
        sts = [
            (st, players, ph)
            for players in (2, 4)
            for st, ph in positions(preset, players, args.games, args.every, args.seed)
        ]
        probability._RELATIVES.clear()
        probability._POOLS.clear()
        turns._ALONE.clear()
        t0 = time.process_time()
        danger(sts[0][0], None)
        first = 1000 * (time.process_time() - t0)
        print(f"{preset:14} {'first call':11} {1:9} {first:10.1f} {first:9.1f}", flush=True)
        for name in args.instruments.split(","):
            fn = INSTRUMENTS[name]
            times = [
                (least(fn, st, args.seed * 100_003 + i), players, ph, st)
                for i, (st, players, ph) in enumerate(sts)
            ]
            worst = max(times, key=lambda t: t[0])
            over = sum(1 for t in times if t[0] > TARGET_MS)
            print(
                f"{preset:14} {name:11} {len(times):9} "
                f"{statistics.median(t[0] for t in times):10.1f} {worst[0]:9.1f}"
                f"  {f'{worst[1]} players, {worst[2]}':16} {over:6}",
                flush=True,
            )
            for t in sorted(times, key=lambda t: -t[0])[: args.worst]:
                print(f"{'':14} {'':11} {t[0]:9.1f} ms: {describe(t[3])}")
            if name == "hit_chance":
                print(
                    f"{preset:14} {'hit error':11} the largest taken: {WORST_ERROR[0]:g}, more "
                    f"than {probability.SHOWN_ERROR:g} for {WORST_ERROR[1]} of {WORST_ERROR[2]} "
                    "pieces"
                )
                WORST_ERROR[:] = [0.0, 0, 0]
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
