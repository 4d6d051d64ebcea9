"""The exact chance to win a pure race (every piece left in its own home column), for the coach.

The coach plays rollouts for every other position; here no piece can meet another, so each
seat's turns to finish are worked out from the exact throw odds and the seats finish in turn.
"""

from __future__ import annotations

from bisect import bisect_right

from ..agents import can_wait, greedy_index, reach_values, runner_index, waiter_index
from ..board import HOME
from ..engine import team_of
from ..state import GameState
from ..tables import ON_LOOP_LAST
from ..throws import up_distribution

_RACE_FROM = ON_LOOP_LAST + 1
"""Steps 77..83 are a seat's own home column: a piece there never meets another."""
_RACE_TAIL = 1e-12
"""A race is computed until less than this much probability is left undecided."""
_RACE_ROUNDS = 20_000


def _side(state: GameState, seat: int) -> tuple:
    return team_of(seat) if state.rules.teams else (seat,)


def _won(winner, side: tuple) -> bool:
    if winner is None:
        return False
    return winner == side if isinstance(winner, tuple) else (len(side) == 1 and winner == side[0])


class _Race:
    """The exact chance to win a pure race: every piece left is in its own home column (steps
    77..83), so no piece can meet another and each seat's pieces go home on their own throws.

    Each seat's number of turns to finish is then independent of the others': its distribution
    is worked out from the exact throw odds, playing each throw as that seat's player would
    (the very scoring functions of :mod:`pachisi_widget.agents`, on moves listed by the rules
    engine), and the seats finish in turn order. A seat that can never finish (a piece on step
    83 with no last-square release) has no chance.
    """

    def __init__(self, state: GameState, names: dict):
        self.state = state
        self.rules = state.rules
        self.names = names  # seat -> built-in player name
        self.engine = state.engine(False)
        self.dist = [
            (up, float(p))
            for up, p in up_distribution(self.rules.shells, self.rules.p_mouth_up).items()
            if p
        ]
        self.reach = reach_values(self.rules)
        self.memo: dict = {}

    @staticmethod
    def applies(state: GameState) -> bool:
        rules = state.rules
        if rules.turn_mode != "move_each_throw" or rules.split_throw or state.phase != "throw":
            return False
        return all(t >= _RACE_FROM for s in state.seats for t in state.pieces[s])

    def _choices(self, seat: int, pieces: tuple, up: int):
        """(grace, [(probability, pieces after)]) for ``up`` mouths up thrown by ``seat``."""
        e = self.engine
        e.set_pieces(seat, pieces)
        e.to_move = seat
        t = e.make_throw(up)
        e.phase, e.pool, e.part, e.grace, e.hits = "move", [t.value], None, t.grace, 0
        moves = e.legal_moves()
        n = len(moves)
        name = self.names[seat]
        if n == 1:
            picks = [(1.0, moves[0])]
        elif name == "random":
            picks = [(1.0 / (n - 1), m) for m in moves[:-1]]
        else:
            if name == "runner":
                i = runner_index(moves)
            elif name == "castle_waiter" and can_wait(self.rules, e.captures[seat]):
                i = waiter_index(moves, seat, e.pieces, e.seats, self.rules.teams, self.reach)
            else:
                i = greedy_index(moves, seat, e.pieces, e.seats, self.rules.teams, self.reach)
            picks = [(1.0, moves[i])]
        out = []
        for p, m in picks:
            if m.kind == "pass":
                out.append((p, pieces))
            else:
                after = list(pieces)
                after[m.piece] = m.end  # piece order kept: the players break ties by it
                out.append((p, tuple(after)))
        return t.grace, out

    def turn(self, seat: int, pieces: tuple, owed: int) -> dict:
        """How one turn (``owed`` further throws owed after the first) ends: {pieces after, or
        "home": probability}."""
        key = (seat, pieces, owed)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        out: dict = {}
        loop = 0.0
        for up, p in self.dist:
            grace, choices = self._choices(seat, pieces, up)
            for q, after in choices:
                pq = p * q
                if all(t == HOME for t in after):
                    out["home"] = out.get("home", 0.0) + pq
                    continue
                again = owed + (1 if grace else 0)
                if not again:
                    out[after] = out.get(after, 0.0) + pq
                elif after == pieces and again - 1 == owed:
                    loop += pq  # a grace that moved nothing: the same moment of the turn again
                else:
                    for k, v in self.turn(seat, after, again - 1).items():
                        out[k] = out.get(k, 0.0) + pq * v
        if loop:
            out = (
                {pieces: 1.0}
                if loop >= 1.0 - 1e-15
                else {k: v / (1.0 - loop) for k, v in out.items()}
            )
        self.memo[key] = out
        return out

    def finish_times(self, seat: int, owed: int) -> tuple:
        """({turn number 1, 2, ...: probability of finishing in it}, probability never)."""
        start = tuple(self.state.pieces[seat])
        times: dict = {}
        dist = {start: 1.0}
        never = 0.0
        for k in range(1, _RACE_ROUNDS + 1):
            nxt: dict = {}
            for pieces, p in dist.items():
                for after, q in self.turn(seat, pieces, owed if k == 1 else 0).items():
                    if after == "home":
                        times[k] = times.get(k, 0.0) + p * q
                    elif after == pieces and q >= 1.0 - 1e-15:
                        never += p * q  # nothing this seat throws can ever move it
                    else:
                        nxt[after] = nxt.get(after, 0.0) + p * q
            dist = nxt
            if sum(dist.values()) < _RACE_TAIL:
                return times, never + sum(dist.values())
        return None

    def chance(self, side: tuple):
        """The exact chance that ``side`` wins, or None when the race does not settle."""
        state = self.state
        seats = state.seats
        first = seats.index(state.to_move)
        order = {s: i for i, s in enumerate(seats[first:] + seats[:first])}
        n = len(seats)
        cdf: dict = {}  # seat -> sorted [(global time, P(finished by then))], and P(never)
        for s in seats:
            if state.is_finished(s):
                cdf[s] = ([(-1, 1.0)], 0.0)
                continue
            ft = self.finish_times(s, state.owed if s == state.to_move else 0)
            if ft is None:
                return None
            times, never = ft
            acc, pts = 0.0, []
            for k in sorted(times):
                acc += times[k]
                pts.append(((k - 1) * n + order[s], acc))
            cdf[s] = (pts, never)
        groups = [team_of(0), team_of(1)] if state.rules.teams else [(s,) for s in seats]
        grid = sorted({t for s in seats for t, _ in cdf[s][0]})

        def by(s, t):  # P(seat s finished by time t)
            pts = cdf[s][0]
            i = bisect_right(pts, (t, 2.0))
            return pts[i - 1][1] if i else 0.0

        def group_by(g, t):
            out = 1.0
            for s in g:
                out *= by(s, t)
            return out

        mine = next(g for g in groups if set(g) == set(side))
        others = [g for g in groups if g is not mine]
        total, prev = 0.0, 0.0
        for t in grid:
            now = group_by(mine, t)
            p_here = now - prev
            prev = now
            if p_here <= 0:
                continue
            rest = 1.0
            for g in others:
                rest *= 1.0 - group_by(g, t)
            total += p_here * rest
        return min(1.0, max(0.0, total))


def _exact(state: GameState, side: tuple, names: dict):
    """The exact chance of ``side`` in ``state`` when there is a shortcut, else None."""
    if state.phase == "over":
        return 1.0 if _won(state.winner, side) else 0.0
    if None in names.values() or not _Race.applies(state):
        return None
    return _Race(state, names).chance(side)
