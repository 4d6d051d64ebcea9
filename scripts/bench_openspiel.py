"""``pw.simulate``'s numpy engine against OpenSpiel's C++ MAEDN, interleaved rounds.

    python3 -m venv /tmp/spiel-venv && /tmp/spiel-venv/bin/pip install open_spiel numpy
    PYTHONPATH=$PWD /tmp/spiel-venv/bin/python scripts/bench_openspiel.py [--games 4000]
                                                                          [--spiel-games 200]
                                                                          [--rounds 5]

OpenSpiel is not a dependency of this project: install it into a venv of its own. Each round
times random 4-player classic Pachisi games through ``pw.simulate(engine="numpy")`` (A), then
random 4-player games of OpenSpiel's ``maedn`` (Mensch ärgere dich nicht, a Ludo written in C++)
driven through its Python API (B: the chance node sampled from its ``chance_outcomes``, a random
legal action otherwise), so load from other work weighs on both alike. Prints games per second of
CPU time per round, the median ratio A / B and its range, and the machine's load average.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pachisi_widget.simulate import simulate  # noqa: E402

__all__ = ["play_maedn_game", "compare", "main"]


def play_maedn_game(game: object, seed: int) -> int:
    """One random game of OpenSpiel's ``game`` (a loaded ``maedn``); returns its actions."""
    rng = random.Random(seed)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    actions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            u, acc = rng.random(), 0.0
            outcomes = state.chance_outcomes()
            action = outcomes[-1][0]
            for a, p in outcomes:
                acc += p
                if u < acc:
                    action = a
                    break
            state.apply_action(action)
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
        actions += 1
    return actions


def compare(games: int, spiel_games: int, rounds: int, seed: int = 1) -> dict[str, object]:
    """Interleaved rounds of ``games`` numpy games and ``spiel_games`` MAEDN games each."""
    import pyspiel

    maedn = pyspiel.load_game("maedn", {"players": 4})
    simulate(64, engine="numpy", seed=seed, progress=False)  # numpy's first call, untimed
    ours: list[float] = []
    theirs: list[float] = []
    load_before = os.getloadavg()
    for r in range(rounds):
        c0 = time.process_time()
        simulate(games, engine="numpy", seed=seed + r, progress=False)
        ours.append(games / (time.process_time() - c0))
        c0 = time.process_time()
        for i in range(spiel_games):
            play_maedn_game(maedn, seed + r * spiel_games + i)
        theirs.append(spiel_games / (time.process_time() - c0))
    return {
        "ours": ours,
        "theirs": theirs,
        "ratio": [a / b for a, b in zip(ours, theirs, strict=True)],
        "load_before": load_before,
        "load_after": os.getloadavg(),
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=4000, help="numpy games per round")
    ap.add_argument("--spiel-games", type=int, default=200, help="OpenSpiel games per round")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if min(args.games, args.spiel_games, args.rounds) < 1:
        ap.error("--games, --spiel-games and --rounds must be at least 1")
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        raise SystemExit(
            "this comparison needs OpenSpiel: python3 -m venv /tmp/spiel-venv && "
            "/tmp/spiel-venv/bin/pip install open_spiel numpy, then run this script with that "
            "venv's python and PYTHONPATH set to this checkout"
        ) from None
    c = compare(args.games, args.spiel_games, args.rounds, args.seed)
    print(f"random 4-player games, {args.rounds} interleaved rounds, games/second of CPU time:")
    print("  A  pw.simulate, numpy engine (classic) " + " ".join(f"{v:7.0f}" for v in c["ours"]))
    print("  B  OpenSpiel maedn (C++)               " + " ".join(f"{v:7.0f}" for v in c["theirs"]))
    ratio = c["ratio"]
    assert isinstance(ratio, list)
    print(
        f"  numpy / OpenSpiel: median {statistics.median(ratio):.2f}x, "
        f"range {min(ratio):.2f}-{max(ratio):.2f}x"
    )
    before, after = c["load_before"], c["load_after"]
    assert isinstance(before, tuple) and isinstance(after, tuple)
    print(
        "  load average (1, 5, 15 min) before: "
        + ", ".join(f"{x:.2f}" for x in before)
        + "; after: "
        + ", ".join(f"{x:.2f}" for x in after)
    )


if __name__ == "__main__":
    main()
