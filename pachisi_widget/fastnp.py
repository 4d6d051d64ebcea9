"""The numpy fast path: many games of Pachisi in lock step (optional; needs numpy).

Every active game of a batch throws once and then moves (or passes) once per iteration, each
step done for all games at once on small integer arrays. It plays the ``move_each_throw`` game
without ``split_throw`` and without ``revenge_rule`` (every other option and preset of that
kind: classic, seven_cowries, teams, pyada, must_capture_before_home, 2 to 4 players, ...), with
the agents of :data:`~pachisi_widget.fastsim.FAST_AGENTS`. :func:`supports` says whether a
setup fits; :func:`~pachisi_widget.simulate.simulate` uses :mod:`pachisi_widget.fastsim`
otherwise.

Randomness: game ``i`` draws from its own Mersenne Twister seeded with its seed ``seeds[i]``
(a two-word integer, see :func:`game_seeds`): numpy's legacy ``RandomState`` seeded with
the seed's 32-bit words gives the very doubles ``random.Random(seed).random()`` gives, so this
path, :mod:`~pachisi_widget.fastsim` and the reference engine all play the same games.

Moves are never materialised: each game has five move slots, the entering piece then pieces
0..3 (a piece sharing an earlier piece's step left out), which is exactly the order of the
reference ``legal_moves()`` in this game (the pass last). The random agent's ``int(u * k)``-th
valid slot is therefore the reference agent's choice.

>>> from pachisi_widget import Rules
>>> out = run_batch(Rules(), (0, 1, 2, 3), ("random",) * 4, game_seeds(1, 3))
>>> sorted(out) == ['captures', 'throws', 'turns', 'winner']
True
>>> len(out["winner"])
3
"""

from __future__ import annotations

import random

from .agents import reach_values
from .fastsim import FAST_AGENTS, FastGame, opening, throw_cdf
from .rules import PYADA_VALUES

__all__ = ["supports", "run_batch", "game_seeds", "seed_words"]

_KIND = {
    name: i for i, name in enumerate(FAST_AGENTS)
}  # random 0, greedy 1, runner 2, castle_waiter 3
_CASTLE_STEPS = (8, 12, 21, 25, 29, 38, 42, 46, 55, 59, 63, 72, 76)
_WAIT = 59


def supports(rules, agents) -> bool:
    """Whether this path plays ``rules`` with ``agents`` (names) itself."""
    return (
        rules.turn_mode == "move_each_throw"
        and not rules.split_throw
        and not rules.revenge_rule
        and all(a in _KIND for a in agents)
    )


def seed_words(seed: int) -> list:
    """The 32-bit words (least significant first) that ``random.Random(seed)`` seeds with."""
    words = []
    seed = abs(seed)
    while True:
        words.append(seed & 0xFFFFFFFF)
        seed >>= 32
        if not seed:
            return words


def game_seeds(seed: int, games: int) -> list:
    """One seed per game, drawn from ``random.Random(seed)``; each has two 32-bit words (numpy
    seeds a one-word array differently from Python, so one-word seeds are avoided)."""
    master = random.Random(seed)
    return [master.getrandbits(62) | (1 << 62) for _ in range(games)]


class _Row:
    """A ``random()`` reading one game's pre-drawn doubles (for the opening throws)."""

    __slots__ = ("vals", "i")

    def __init__(self, vals):
        self.vals, self.i = vals, 0

    def random(self):
        self.i += 1
        return self.vals[self.i - 1]


def run_batch(rules, seats, agents, seeds, trace=None, width=None) -> dict:
    """Play one game per seed; ``agents`` gives a name per seat of ``seats`` (in order).

    Returns per game (numpy arrays in ``seeds`` order): ``winner`` (a seat 0..3, 4 for the team
    (0, 2), 5 for (1, 3), -1 for a dead game), ``turns`` (turns begun), ``throws`` and
    ``captures`` (capturing moves). ``trace``, a list, receives after every throw and every
    move a dict of the batch's arrays (for the differential test).
    """
    import numpy as np

    seats = tuple(sorted(seats))
    n_games = len(seeds)
    i64 = np.int64
    table = np.array(rules.table, dtype=i64)
    shells = len(table) - 1
    cdf_list = throw_cdf(rules)
    cdf = np.array(cdf_list)
    vmax = 128
    is_entry = np.zeros(vmax, bool)
    is_entry[list(rules.entry_graces)] = True
    is_bonus = np.zeros(vmax, bool)
    is_bonus[[v for v in rules.bonus_graces if v < vmax]] = True
    is_pyada = np.zeros(vmax, bool)
    if rules.pyada:
        is_pyada[list(PYADA_VALUES)] = True
    is_release = np.zeros(vmax, bool)
    is_release[[v for v in rules.last_square_release if v < vmax]] = True
    is_castle = np.zeros(256, bool)
    is_castle[list(_CASTLE_STEPS)] = True
    reach = np.zeros(256, bool)
    reach[list(reach_values(rules))] = True
    square1 = rules.entry_mode == "square1"
    first_any = rules.first_piece_any_throw
    gmbae = rules.grace_moves_before_all_entered
    blocks = rules.castle_blocks_enemy
    cap_extra = rules.capture_extra_throw
    mustcap = rules.must_capture_before_home
    pyada = rules.pyada
    teams = rules.teams
    graces_sq1 = bool(rules.entry_graces) and square1
    kinds_seat = np.zeros(4, i64)
    for s, a in zip(seats, agents, strict=False):
        kinds_seat[s] = _KIND[a]
    present = {_KIND[a] for a in agents}
    need_rand = 0 in present
    need_greedy = bool(present & {1, 3})
    need_runner = 2 in present

    # -- random streams and openings --------------------------------------------------------
    # U[g] holds game g's next doubles from stream offset base[g]; it is never compacted (rows
    # are addressed by game id), and a row running low is refilled from the game's seed.
    if width is None:
        width = 1024 if need_rand else 640
    W = width
    rs = np.random.RandomState()
    U = np.empty((n_games, W))
    for n, s in enumerate(seeds):
        rs.seed(seed_words(s))
        U[n] = rs.random_sample(W)
    tm = np.empty(n_games, i64)
    ptr = np.empty(n_games, i64)
    for n in range(n_games):
        row = _Row(U[n, :256].tolist())
        tm[n] = opening(rules, seats, row, cdf_list)
        ptr[n] = row.i
    base = np.zeros(n_games, i64)
    gid = np.arange(n_games)
    seeds_arr = list(seeds)

    played = np.zeros(4, bool)
    played[list(seats)] = True
    P = np.zeros((n_games, 4, 4), i64)
    P[:, ~played] = 84  # a seat nobody plays: as if finished (never moves, never occupies)
    owed = np.zeros(n_games, i64)
    fresh = np.zeros((n_games, 4), bool)
    fresh[:, played] = True
    capc = np.zeros((n_games, 4), i64)
    turn = np.zeros(n_games, i64)
    nthrows = np.zeros(n_games, i64)
    ncapm = np.zeros(n_games, i64)

    out_winner = np.full(n_games, -1, i64)
    out_turns = np.zeros(n_games, i64)
    out_throws = np.zeros(n_games, i64)
    out_caps = np.zeros(n_games, i64)

    seat_ids = np.arange(4)
    next_k = np.arange(1, 5)
    later = np.array([[k < j for k in range(4)] for j in range(4)])  # later[j, k]: k before j
    # LOOP[seat * 85 + step]: the shared loop square (0..67) of a seat's step, 68 off the loop
    LOOP = np.full(4 * 85, 68, i64)
    # THREAT[seat * 85 + step]: the loop squares a piece there reaches with one throw (68: none)
    reach_list = sorted(reach_values(rules))
    THREAT = np.full((4 * 85, len(reach_list)), 68, i64)
    for o in range(4):
        for t in range(85):
            if 8 <= t <= 76:
                LOOP[o * 85 + t] = (t + 17 * o - 8) % 68
            for j, r in enumerate(reach_list):
                if t >= 1 and 8 <= t + r <= 75:
                    THREAT[o * 85 + t, j] = (t + r + 17 * o - 8) % 68
    seat85 = (85 * seat_ids)[None, :, None]
    NB = 138 if need_greedy else 69  # per game: occupancy by opponents, then their threats

    while len(gid):
        N = len(gid)
        ar = np.arange(N)
        # refill streams that run low (each iteration takes at most two draws)
        for n in np.nonzero(ptr >= W - 2)[0].tolist():
            g = int(gid[n])
            nb = int(base[n] + ptr[n])
            rs.seed(seed_words(seeds_arr[g]))
            U[g] = rs.random_sample(nb + W)[nb:]
            base[n] = nb
            ptr[n] = 0
        # -- the throw ------------------------------------------------------------------------
        u = U[gid, ptr]
        ptr += 1
        up = np.minimum(np.searchsorted(cdf, u, side="right"), shells)
        val = table[up]
        nthrows += 1
        seat = tm
        mine = P[ar, seat]  # (N, 4) copy
        ent = is_entry[val]
        onb = ((mine > 0) & (mine < 84)).any(1)
        grace = ent | (is_bonus[val] & onb)
        waitm = mine == 0
        waiting = waitm.any(1)
        if trace is not None:
            trace.append(
                {
                    "gid": gid.copy(),
                    "value": val.copy(),
                    "grace": grace.copy(),
                    "to_move": tm.copy(),
                    "P": P.copy(),
                    "phase": "move",
                }
            )
        if mustcap:
            restricted = capc[ar, seat] == 0
        total = val + (is_pyada[val] & ~waiting) if pyada else val
        # -- legal move slots: 0 = entering, 1..4 = pieces 0..3 --------------------------------
        enter_grace = waiting & ent
        e_end = np.where(enter_grace, 1 if square1 else val, val)
        e_ok = enter_grace & (e_end <= 83)
        if first_any:
            e_ok |= waiting & ~ent & ~is_bonus[val] & fresh[ar, seat]  # bonus graces never enter
        starts = mine
        ends = starts + total[:, None]
        if rules.last_square_release:
            ends = np.where((starts == 83) & is_release[val][:, None], 84, ends)
        dup = (starts[:, None, :] == starts[:, :, None]) & later  # (N, j, k)
        p_ok = (starts > 0) & (starts < 84) & (ends <= 84) & ~dup.any(2)
        if not gmbae:
            p_ok &= ~enter_grace[:, None]
        ends5 = np.concatenate([e_end[:, None], ends], 1)
        starts5 = np.concatenate([np.zeros((N, 1), i64), starts], 1)
        ok5 = np.concatenate([e_ok[:, None], p_ok], 1)
        if mustcap:
            ok5 &= ~(restricted[:, None] & (ends5 > 76))
        onloop5 = (ends5 >= 8) & (ends5 <= 76)
        g5 = np.where(onloop5, (ends5 + (17 * seat - 8)[:, None]) % 68, 68)
        if teams:
            opp = (seat_ids[None, :] - seat[:, None]) % 2 == 1
        else:
            opp = seat_ids[None, :] != seat[:, None]
        Pi = P + seat85
        Lo = np.where(opp[:, :, None], LOOP[Pi], 68).reshape(N, 16)  # opponents' loop squares
        rowoff = (ar * NB)[:, None]
        if need_greedy:
            thr = np.where(opp[:, :, None, None], THREAT[Pi], 68).reshape(N, -1) + 69
            counts = np.bincount(
                np.concatenate([Lo + rowoff, thr + rowoff], 1).ravel(), minlength=N * NB
            ).reshape(N, NB)
        else:
            counts = np.bincount((Lo + rowoff).ravel(), minlength=N * NB).reshape(N, NB)
        counts[:, 68] = 0  # the bucket of "off the loop" (and of partners' pieces)
        if need_greedy:
            counts[:, 137] = 0
        occn = counts[ar[:, None], g5]  # opponent pieces on each landing square (0 off the loop)
        occ = occn > 0
        castle5 = is_castle[np.minimum(ends5, 255)]
        if blocks:
            ok5 &= ~(occ & castle5)
        capt5 = occ & ~castle5
        valid = ok5
        # -- choices --------------------------------------------------------------------------
        kind = kinds_seat[seat]
        chosen = np.zeros(N, i64)
        moved = np.zeros(N, bool)
        k = valid.sum(1)
        if need_rand:
            draw = (kind == 0) & (k >= 1)
            uu = U[gid, ptr]
            ptr += draw
            idx = (uu * k).astype(i64)
            cs = np.cumsum(valid, 1)
            pick = ((cs == (idx + 1)[:, None]) & valid).argmax(1)
            chosen = np.where(draw, pick, chosen)
            moved |= draw
        if need_greedy:
            isg = (kind == 1) | (kind == 3)
            danger = counts[ar[:, None], g5 + 69]
            safety = np.where(~onloop5 | castle5, 2, np.where(danger == 0, 1, 0))
            gval = valid
            if 3 in present:
                waiter = kind == 3
                if mustcap:
                    waiter &= ~restricted
                if not pyada:
                    safety = np.where(waiter[:, None] & (ends5 == _WAIT), 3, safety)
                    gval = valid & ~(waiter[:, None] & (starts5 == _WAIT) & (ends5 != 84))
            key = np.where(
                gval, np.where(capt5, occn, 0) * 1000 + safety * 100 + (ends5 - starts5), -1
            )
            gk = gval.any(1)
            chosen = np.where(isg & gk, key.argmax(1), chosen)
            moved |= isg & gk
        if need_runner:
            isn = kind == 2
            key = np.where(valid, starts5 * 128 + ends5, -1)
            chosen = np.where(isn & (k >= 1), key.argmax(1), chosen)
            moved |= isn & (k >= 1)
        # -- apply ------------------------------------------------------------------------------
        mi = np.nonzero(moved)[0]
        c = chosen[mi]
        ms = seat[mi]
        is_enter = c == 0
        piece = np.where(is_enter, waitm[mi].argmax(1), c - 1)
        P[mi, ms, piece] = ends5[mi, c]
        fresh[mi[is_enter], ms[is_enter]] = False
        cm = capt5[mi, c]
        hitany = np.zeros(N, bool)
        if cm.any():
            hi = mi[cm]
            capmask = Lo[hi] == g5[hi, c[cm]][:, None]  # (H, 16)
            rows, cols = np.nonzero(capmask)
            P.reshape(N, 16)[hi[rows], cols] = 0
            hitany[hi] = True
            capc[hi, ms[cm]] += 1
            ncapm[hi] += 1
        # -- after the move ---------------------------------------------------------------------
        fin4 = (P == 84).all(2)  # (N, 4)
        fin_m = moved & fin4[ar, seat]
        won = fin_m
        if teams:
            won = fin_m & fin4[ar, (seat + 2) % 4]
        earned = grace.astype(i64)
        if cap_extra:
            earned = np.maximum(earned, hitany)
        owed += np.where(fin_m, 0, earned)  # a seat that brings its last piece home stops there
        again = (owed > 0) & ~fin_m
        owed -= again
        et = ~again & ~won
        owed[et] = 0
        cands = (seat[:, None] + next_k) % 4
        nf = ~fin4[ar[:, None], cands]
        nxt = cands[ar, nf.argmax(1)]
        nobody = et & ~nf.any(1)
        tm = np.where(et, nxt, tm)
        turn += et
        over = won | nobody
        winner = np.where(won, (4 + seat % 2) if teams else seat, -1)
        # dead positions: cheap test first, the full one (rare) per game
        if et.any():
            alive = ((P > 0) & (P <= 72)).any((1, 2))
            if graces_sq1:
                alive |= (P == 0).any((1, 2))
            for n in np.nonzero(et & ~alive & ~nobody)[0].tolist():
                if _dead(rules, seats, P[n], fresh[n], capc[n], int(tm[n])):
                    over[n] = True
        if trace is not None:
            trace.append(
                {
                    "gid": gid.copy(),
                    "P": P.copy(),
                    "to_move": tm.copy(),
                    "owed": owed.copy(),
                    "fresh": fresh.copy(),
                    "captures": capc.copy(),
                    "turn": turn.copy(),
                    "over": over.copy(),
                    "winner": winner.copy(),
                    "moved": moved.copy(),
                    "slot": chosen.copy(),
                }
            )
        if over.any():
            oi = np.nonzero(over)[0]
            g = gid[oi]
            out_winner[g] = winner[oi]
            out_turns[g] = turn[oi] + 1
            out_throws[g] = nthrows[oi]
            out_caps[g] = ncapm[oi]
            keep = ~over
            gid, tm, ptr, base, P = gid[keep], tm[keep], ptr[keep], base[keep], P[keep]
            owed, fresh, capc, turn = owed[keep], fresh[keep], capc[keep], turn[keep]
            nthrows, ncapm = nthrows[keep], ncapm[keep]
    return {"winner": out_winner, "turns": out_turns, "throws": out_throws, "captures": out_caps}


def _dead(rules, seats, P, fresh, capc, to_move) -> bool:
    """The reference dead-position test for one game of a batch."""
    pieces = [tuple(int(x) for x in P[s]) if s in seats else None for s in range(4)]
    g = FastGame.__new__(FastGame)
    FastGame.__init__(g, rules, seats, to_move, pieces)  # may already find it dead
    g.fresh = [bool(f) for f in fresh]
    g.captures = [int(x) for x in capc]
    g.phase = "throw"
    g._check_dead()
    return g.phase == "over"
