"""Train the learned evaluation (:mod:`pachisi_widget.learned`) by self-play, TD(λ), with numpy.

TD-Gammon's method, in batches: the net plays games against itself (each move the one whose
position it likes best, a few moves at random to see more positions); after each generation of
games every position it met is given a target, the λ-return (the net's own reading of the
positions that followed, blended with weight λ per throw, ending with the game's result), and
the net is fitted to those targets (cross-entropy, Adam) over the positions of the last few
generations. The first generation is played by ``greedy`` and ``expectimax`` players, so that the
net starts from games worth learning from. Seeded: the same arguments give the same file.

    PYTHONPATH=$PWD .venv/bin/python scripts/train_evaluation.py [--generations 12]
        [--games 1000] [--hidden 40] [--lam 0.7] [--seed 1] [--out pachisi_widget/data/evaluation.json]

It prints the time each generation took, and the file records the arguments and the time.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import sys
import time

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this tree's package, not an installed one

import pachisi_widget as pw  # noqa: E402
from pachisi_widget import learned  # noqa: E402
from pachisi_widget.agents import make_agent  # noqa: E402
from pachisi_widget.engine import draw_up, opening, throw_cdf  # noqa: E402
from pachisi_widget.state import GameState  # noqa: E402

SEATS = (0, 2)
RULES = pw.Rules()
CDF = throw_cdf(RULES)
SPARSE = 2 * learned._STEPS
WIDTH = 8  # step inputs per position: 4 pieces a side


class Net:
    """The net's weights as numpy arrays, with Adam's moments."""

    def __init__(self, hidden: int, rng: np.random.Generator):
        n = learned.N_INPUTS
        self.p = {
            "w1": rng.normal(0, 0.1, (n, hidden)),
            "b1": np.zeros(hidden),
            "w2": rng.normal(0, 0.1, hidden),
            "b2": np.zeros(()),
        }
        self.m = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.t = 0

    def forward(self, idx, dense):
        w1 = self.p["w1"]
        pre = w1[idx].sum(1) + dense @ w1[SPARSE:] + self.p["b1"]
        h = 1.0 / (1.0 + np.exp(-pre))
        z = h @ self.p["w2"] + self.p["b2"]
        return h, 1.0 / (1.0 + np.exp(-z))

    def predict(self, idx, dense, chunk=65536):
        out = np.empty(len(idx))
        for a in range(0, len(idx), chunk):
            out[a : a + chunk] = self.forward(idx[a : a + chunk], dense[a : a + chunk])[1]
        return out

    def step(self, idx, dense, target, lr):
        h, y = self.forward(idx, dense)
        dz = (y - target) / len(y)  # cross-entropy's gradient at the output's input
        g = {"w2": h.T @ dz, "b2": dz.sum()}
        dpre = np.outer(dz, self.p["w2"]) * h * (1.0 - h)
        g["b1"] = dpre.sum(0)
        gw1 = np.zeros_like(self.p["w1"])
        np.add.at(gw1, idx, dpre[:, None, :])
        gw1[SPARSE:] += dense.T @ dpre
        g["w1"] = gw1
        self.t += 1
        b1, b2, eps = 0.9, 0.999, 1e-8
        for k, gk in g.items():
            self.m[k] = b1 * self.m[k] + (1 - b1) * gk
            self.v[k] = b2 * self.v[k] + (1 - b2) * gk * gk
            mh = self.m[k] / (1 - b1**self.t)
            vh = self.v[k] / (1 - b2**self.t)
            self.p[k] = self.p[k] - lr * mh / (np.sqrt(vh) + eps)

    def to_data(self, digits=None) -> dict:
        def r(a):
            a = np.asarray(a, dtype=float)
            return a.round(digits).tolist() if digits is not None else a.tolist()

        return {
            "format": learned._FORMAT,
            "features": learned.FEATURES_VERSION,
            "game": learned.TRAINED_ON,
            "w1": r(self.p["w1"]),
            "b1": r(self.p["b1"]),
            "w2": r(self.p["w2"]),
            "b2": float(r(self.p["b2"])),
        }


def play(players, rng: random.Random, net, eps: float):
    """One game: ``players`` per seat ("net" or a player); returns (positions, seat-0 flags,
    seat 0's result). The positions are the features of every position about to be thrown."""
    state = GameState.initial(RULES, SEATS, to_move=opening(RULES, SEATS, rng, CDF))
    agents = {s: (p if p == "net" else make_agent(p)) for s, p in zip(SEATS, players, strict=False)}
    feats, south = [], []
    while state.phase != "over":
        if state.phase == "throw":
            feats.append(learned.features(state))
            south.append(state.to_move == 0)
            state = state.apply_throw(draw_up(CDF, rng.random()))
            continue
        moves = state.legal_moves()
        if len(moves) == 1:
            state = state.apply(moves[0])
            continue
        a = agents[state.to_move]
        if a != "net":
            state = state.apply(a.choose(state, rng))
        elif rng.random() < eps:
            state = state.apply(moves[int(rng.random() * len(moves))])
        else:
            me = state.to_move
            best, pick = -1.0, None
            for m in moves:
                after = state.apply(m)
                v = learned.win_chance(after, me, net)
                if v > best:
                    best, pick = v, after
            state = pick
    w = state.winner
    result = 0.5 if w is None else (1.0 if w == 0 else 0.0)
    return feats, south, result


class Buffer:
    """The positions of the last ``keep`` generations, game by game."""

    def __init__(self, keep: int):
        self.keep = keep
        self.gens: list = []

    def add(self, games):
        idx, dense, south, last, result = [], [], [], [], []
        for feats, s, r in games:
            for i, d in feats:
                idx.append(i)
                dense.append(d)
            south += s
            last += [False] * (len(s) - 1) + [True]
            result += [r] * len(s)
        self.gens.append(
            (
                np.array(idx, dtype=np.int16),
                np.array(dense, dtype=np.float32),
                np.array(south),
                np.array(last),
                np.array(result),
            )
        )
        self.gens = self.gens[-self.keep :]

    def arrays(self):
        return [np.concatenate([g[k] for g in self.gens]) for k in range(5)]


def lambda_returns(v_own, south, last, result, lam):
    """Targets from each position's own side: λ-returns of seat 0's chance, backwards."""
    v0 = np.where(south, v_own, 1.0 - v_own)
    g = np.empty_like(v0)
    nxt = 0.0
    for t in range(len(v0) - 1, -1, -1):
        nxt = result[t] if last[t] else (1 - lam) * v0[t + 1] + lam * nxt
        g[t] = nxt
    return np.where(south, g, 1.0 - g)


def fit(net, buf, lam, epochs, lr, batch, rng):
    idx, dense, south, last, result = buf.arrays()
    for _ in range(epochs):
        target = lambda_returns(net.predict(idx, dense), south, last, result, lam)
        order = rng.permutation(len(idx))
        for a in range(0, len(order), batch):
            j = order[a : a + batch]
            net.step(idx[j].astype(np.intp), dense[j], target[j], lr)
    return len(idx)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--generations", type=int, default=12)
    ap.add_argument("--games", type=int, default=1000, help="self-play games a generation")
    ap.add_argument("--first", type=int, default=1000, help="games of the first generation")
    ap.add_argument("--hidden", type=int, default=40)
    ap.add_argument("--lam", type=float, default=0.7)
    ap.add_argument("--eps", type=float, default=0.03, help="share of random moves in self-play")
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--first-epochs", type=int, default=10, help="epochs on the first generation")
    ap.add_argument("--lr", type=float, default=0.003)
    ap.add_argument("--batch", type=int, default=1024)
    ap.add_argument("--keep", type=int, default=3, help="generations of positions fitted on")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=pathlib.Path, default=None, help="go on from this file")
    ap.add_argument("--out", type=pathlib.Path, default=learned.DATA_FILE)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    nrng = np.random.default_rng(args.seed)
    net = Net(args.hidden, nrng)
    if args.start is not None:
        data = json.loads(args.start.read_text())
        for k in ("w1", "b1", "w2", "b2"):
            net.p[k] = np.array(data[k], dtype=float)
    buf = Buffer(args.keep)
    t_all = time.perf_counter()
    for gen in range(args.generations + (args.start is None)):
        t0 = time.perf_counter()
        if gen == 0 and args.start is None:
            pairs = [("greedy", "greedy"), ("expectimax", "greedy"), ("greedy", "expectimax")]
            games = [play(pairs[i % 3], rng, None, 0.0) for i in range(args.first)]
        else:
            py = learned.Evaluation(net.to_data())
            games = [play(("net", "net"), rng, py, args.eps) for _ in range(args.games)]
        t1 = time.perf_counter()
        buf.add(games)
        epochs = args.first_epochs if gen == 0 and args.start is None else args.epochs
        n = fit(net, buf, args.lam, epochs, args.lr, args.batch, nrng)
        south = sum(r for *_, r in games) / len(games)
        print(
            f"generation {gen}: {len(games)} games in {t1 - t0:.0f} s, fitted on {n} positions "
            f"in {time.perf_counter() - t1:.0f} s (South won {100 * south:.1f}%)",
            flush=True,
        )
        data = net.to_data(digits=4)
        data["trained"] = {
            "method": "TD(lambda) self-play, scripts/train_evaluation.py",
            "args": {
                k: (str(v) if isinstance(v, pathlib.Path) else v) for k, v in vars(args).items()
            },
            "generations_done": gen + 1,
            "seconds": round(time.perf_counter() - t_all),
        }
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {args.out} after {time.perf_counter() - t_all:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
