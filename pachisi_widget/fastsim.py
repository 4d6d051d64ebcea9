"""Simulation fast paths: the same game as :mod:`pachisi_widget.state`, played much faster.

Two engines, both checked move by move against the reference engine
(``tests/test_fastsim_differential.py``):

- :class:`FastGame`: a mutable, compact re-implementation of the rules in plain Python (lists of
  ints, no immutable states, no Move objects). It supports every option of :class:`Rules` and
  lists moves in exactly the reference engine's order, as tuples laid out like
  :class:`~pachisi_widget.state.Move` (``seat, piece, start, end, kind, value, captures``).
- :mod:`pachisi_widget.fastnp`: numpy, many games at once in lock step (optional; used by
  :func:`~pachisi_widget.simulate.simulate` when numpy is installed and the rules fit).

Both consume one random stream per game exactly as the reference path does: a throw takes one
``rng.random()`` through the exact distribution's CDF; a :class:`~pachisi_widget.agents.RandomAgent`
takes one more when it has a choice (``int(u * (len(moves) - 1))``); the heuristic agents take
none. So the same per-game seed gives the same game on every path.

>>> import random
>>> from pachisi_widget import Rules
>>> g = FastGame(Rules(), (0, 2), to_move=0)
>>> g.throw(0)                        # 0 mouths up: a 25, an entry grace
>>> g.legal_moves()
[(0, 0, 0, 1, 'enter', 25, ()), (0, None, None, None, 'pass', None, ())]
>>> g.play(g.legal_moves()[0]); g.pieces[0], g.phase
([1, 0, 0, 0], 'throw')
>>> play_game(Rules(), (0, 1, 2, 3), ("random",) * 4, random.Random(5)).winner in (0, 1, 2, 3, None)
True
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate

from .agents import can_wait, greedy_index, reach_values, runner_index, waiter_index
from .board import CASTLE_STEPS
from .rules import CANCEL_HIGH, PYADA_VALUES
from .throws import up_distribution

__all__ = ["FastGame", "play_game", "throw_cdf", "FAST_AGENTS", "state_snapshot"]

FAST_AGENTS = ("random", "greedy", "runner", "castle_waiter")
"""Agents the fast paths play themselves (others make simulate() use the reference engine)."""

_CASTLES = CASTLE_STEPS


def throw_cdf(rules) -> list:
    """The float CDF over mouths up that :class:`~pachisi_widget.game.Game` draws throws with."""
    dist = up_distribution(rules.shells, rules.p_mouth_up)
    return list(accumulate(float(dist[k]) for k in range(rules.shells + 1)))


class FastGame:
    """One game as compact mutable data, rule for rule the reference :class:`GameState`.

    Fields have the reference names and meanings (``pieces`` is a list per seat of 4 steps, or
    None; ``pool`` a list). Drive it with :meth:`throw` (mouths up) and :meth:`play` (a move
    from :meth:`legal_moves`). :meth:`snapshot` gives the fields the differential test compares.
    """

    __slots__ = (
        "rules",
        "seats",
        "pieces",
        "to_move",
        "phase",
        "pool",
        "part",
        "grace",
        "hits",
        "owed",
        "pool_captured",
        "run",
        "fresh",
        "captures",
        "revenge",
        "winner",
        "cancelled",
        "turn",
        "throws",
        "capture_moves",
        "_table",
        "_entry",
        "_bonus",
        "_first_any",
        "_square1",
        "_gmbae",
        "_split",
        "_cap_extra",
        "_blocks",
        "_release",
        "_mustcap",
        "_revenge",
        "_ttm",
        "_cancel3",
        "_pyada",
        "_teams",
        "_values",
    )

    def __init__(self, rules, seats=(0, 1, 2, 3), to_move=None, pieces=None, captured=()):
        self.rules = rules
        self._table = rules.table
        self._entry = rules.entry_graces
        self._bonus = rules.bonus_graces
        self._first_any = rules.first_piece_any_throw
        self._square1 = rules.entry_mode == "square1"
        self._gmbae = rules.grace_moves_before_all_entered
        self._split = rules.split_throw
        self._cap_extra = rules.capture_extra_throw
        self._blocks = rules.castle_blocks_enemy
        self._release = rules.last_square_release
        self._mustcap = rules.must_capture_before_home
        self._revenge = rules.revenge_rule
        self._ttm = rules.turn_mode == "throw_then_move"
        self._cancel3 = rules.cancel_three
        self._pyada = rules.pyada
        self._teams = rules.teams
        self._values = rules.values
        seats = tuple(sorted(seats))
        self.seats = seats
        if pieces is None:
            pieces = [(0, 0, 0, 0) if s in seats else None for s in range(4)]
        self.pieces = [None if p is None else list(p) for p in pieces]
        self.fresh = [p is not None and all(x == 0 for x in p) for p in self.pieces]
        self.captures = [1 if s in captured else 0 for s in range(4)]
        self.to_move = seats[0] if to_move is None else to_move
        self.phase = "throw"
        self.pool = []
        self.part = None
        self.grace = False
        self.hits = 0
        self.owed = 0
        self.pool_captured = False
        self.run = (None, 0)
        self.revenge = []
        self.winner = None
        self.cancelled = ()
        self.turn = 0
        self.throws = 0
        self.capture_moves = 0
        won = None
        for s in seats:
            if won is None:
                won = self._winner_after(s)
        if won is not None:
            self.phase, self.winner = "over", won
            return
        if self._finished(self.to_move):
            raise ValueError(f"to_move={self.to_move} has all pieces home and cannot move")
        self._check_dead()

    # -- small queries ------------------------------------------------------------------------

    def _finished(self, seat):
        p = self.pieces[seat]
        return p is not None and p == [84, 84, 84, 84]

    def _winner_after(self, seat):
        if not self._finished(seat):
            return None
        if not self._teams:
            return seat
        team = (0, 2) if seat % 2 == 0 else (1, 3)
        if self._finished(team[0]) and self._finished(team[1]):
            return team
        return None

    def _occupancy(self):
        occ = {}
        pieces = self.pieces
        for s in self.seats:
            off = 17 * s - 8
            for i, st in enumerate(pieces[s]):
                if 8 <= st <= 76:
                    g = (st + off) % 68
                    if g in occ:
                        occ[g].append((s, i))
                    else:
                        occ[g] = [(s, i)]
        return occ

    def _land(self, seat, end, occ):
        """(allowed, captures) for ``seat`` landing on ``end``."""
        if end < 8 or end > 76:
            return True, ()
        here = occ.get((end + 17 * seat - 8) % 68)
        if not here:
            return True, ()
        if self._teams:
            opp = tuple(sp for sp in here if (sp[0] - seat) % 2)
        else:
            opp = tuple(sp for sp in here if sp[0] != seat)
        if not opp:
            return True, ()
        if end in _CASTLES:
            return (not self._blocks), ()
        return True, opp

    # -- moves --------------------------------------------------------------------------------

    def _moves_for(self, seat, value, occ, out, left=None, used=()):
        mine = self.pieces[seat]
        waiting = 0 in mine
        split = self._split
        restricted = self._mustcap and not self.captures[seat]
        land = self._land
        if left is None:
            if waiting:
                if value in self._entry:
                    end = 1 if self._square1 else value
                    ok, caps = land(seat, end, occ)
                    if ok and not (restricted and end > 76) and end <= 83:
                        out.append((seat, mine.index(0), 0, end, "enter", value, caps))
                    if not self._gmbae:
                        return
                elif self.fresh[seat] and self._first_any and value not in self._bonus:
                    piece = mine.index(0)
                    for amount in range(1, value + 1) if split else (value,):
                        ok, caps = land(seat, amount, occ)
                        if ok and not (restricted and amount > 76):
                            out.append((seat, piece, 0, amount, "enter", value, caps))
            total = value + 1 if (self._pyada and value in PYADA_VALUES and not waiting) else value
        else:
            total = left
        release = self._release
        done = []
        piece = -1
        for start in mine:
            piece += 1
            if start == 0 or start == 84 or start in done or piece in used:
                continue
            done.append(start)
            if split:
                ends = range(start + 1, min(start + total, 84) + 1)
            elif start == 83 and value in release:
                ends = (84,)
            else:
                ends = (start + total,) if start + total <= 84 else ()
            for end in ends:
                if restricted and end > 76:
                    break
                ok, caps = land(seat, end, occ)
                if ok:
                    out.append((seat, piece, start, end, "move", value, caps))

    def legal_moves(self) -> list:
        """The legal moves in the reference order (pass last); empty unless phase is "move"."""
        if self.phase != "move":
            return []
        seat = self.to_move
        occ = self._occupancy()
        out: list = []
        if self.part is not None:
            value, left, used = self.part
            self._moves_for(seat, value, occ, out, left, used)
        else:
            for value in sorted(set(self.pool)):
                self._moves_for(seat, value, occ, out)
        out.append((seat, None, None, None, "pass", None, ()))
        return out

    # -- throwing -----------------------------------------------------------------------------

    def throw(self, up: int) -> None:
        """The seat to move throws ``up`` mouths up (the reference ``apply_throw``)."""
        value = self._table[up]
        seat = self.to_move
        grace = value in self._entry or (
            value in self._bonus and any(0 < s < 84 for s in self.pieces[seat])
        )
        self.throws += 1
        self.cancelled = ()
        if not self._ttm:
            self.phase = "move"
            self.pool = [value]
            self.part = None
            self.grace = grace
            self.hits = 0
            return
        self.pool.append(value)
        if self._cancel3:
            cls = "high" if value in CANCEL_HIGH else value if value in (7, 14) else None
            run = self.run
            n = run[1] + 1 if (cls is not None and cls == run[0]) else 1
            if cls is not None and n == 3:
                self.cancelled = tuple(self.pool[-3:])
                del self.pool[-3:]
                self.run = (None, 0)
                if self.pool or self.part is not None:
                    self.phase = "move"
                else:
                    self._end_turn()
                return
            self.run = (cls, n)
        if not grace:
            self.phase = "move"

    # -- playing ------------------------------------------------------------------------------

    def play(self, m) -> None:
        """Play ``m``, a move from :meth:`legal_moves` (not checked again)."""
        seat = m[0]
        if m[4] == "pass":  # the reference keeps ``cancelled`` (narration) through a pass
            self.pool = []
            self.part = None
            self._spent()
            return
        self.cancelled = ()
        piece, start, end, value, caps = m[1], m[2], m[3], m[5], m[6]
        pieces = self.pieces
        mine = pieces[seat]
        pyada_before = self._pyada and value in PYADA_VALUES and 0 not in mine
        mine[piece] = end
        if start == 0 and self.fresh[seat]:
            self.fresh[seat] = False
        if caps:
            self.captures[seat] += 1
            self.capture_moves += 1
            if self._revenge:
                # revenge: the capturing piece, still on the square of its capture, is taken
                # back by its victim's seat at once: that capture is void
                keep = []
                for rec in self.revenge:
                    cs, cp, cstep, victim = rec
                    if victim == seat and (cs, cp) in caps and pieces[cs][cp] == cstep:
                        self.captures[cs] = max(0, self.captures[cs] - 1)
                    else:
                        keep.append(rec)
                keep.extend((seat, piece, end, v) for v in sorted({vs for vs, _ in caps}))
                self.revenge = keep
            for vs, vp in caps:
                pieces[vs][vp] = 0
            self.hits += 1
            self.pool_captured = True
        part = self.part
        if part is not None:
            pv, left, used = part
            left -= end - start
            self.part = (pv, left, used | {piece}) if left > 0 else None
        else:
            self.pool.remove(value)
            if self._split and not (m[4] == "enter" and value in self._entry):
                total = value + 1 if pyada_before else value
                left = total - (end - start)
                if left > 0:
                    self.part = (value, left, frozenset({piece}))
        if mine == [84, 84, 84, 84]:
            won = self._winner_after(seat)
            if won is not None:
                self.phase, self.winner = "over", won
                self.pool = []
                self.part = None
                return
            self._end_turn()
            return
        if self.pool or self.part is not None:
            return
        self._spent()

    def _spent(self):
        if not self._ttm:
            earned = 1 if self.grace else 0
            if self._cap_extra and self.hits > earned:
                earned = self.hits
            owed = self.owed + earned
            if owed:
                self.phase = "throw"
                self.pool = []
                self.part = None
                self.grace = False
                self.hits = 0
                self.owed = owed - 1
                return
            self._end_turn()
            return
        if self.pool_captured and self._cap_extra:
            self.phase = "throw"
            self.pool = []
            self.part = None
            self.pool_captured = False
            self.run = (None, 0)
            return
        self._end_turn()

    def _end_turn(self):
        seats = self.seats
        n = len(seats)
        i = seats.index(self.to_move)
        ended = {self.to_move}
        nxt = None
        for k in range(1, n + 1):
            s = seats[(i + k) % n]
            if not self._finished(s):
                nxt = s
                break
            ended.add(s)
        if nxt is None:
            self.phase = "over"
            self.pool = []
            self.part = None
            return
        if self.revenge:
            self.revenge = [r for r in self.revenge if r[3] not in ended]
        self.to_move = nxt
        self.phase = "throw"
        self.pool = []
        self.part = None
        self.grace = False
        self.hits = 0
        self.owed = 0
        self.pool_captured = False
        self.run = (None, 0)
        self.turn += 1
        self._check_dead()

    def _check_dead(self):
        graces = bool(self._entry) and self._square1
        pieces = self.pieces
        for s in self.seats:
            for st in pieces[s]:
                if 0 < st <= 72 or (st == 0 and graces):
                    return
        occ = self._occupancy()
        for s in self.seats:
            if self._finished(s):
                continue
            for value in self._values:
                out: list = []
                self._moves_for(s, value, occ, out)
                if out:
                    return
        self.phase = "over"
        self.winner = None
        self.pool = []
        self.part = None

    # -- comparison ---------------------------------------------------------------------------

    def snapshot(self) -> dict:
        """The fields the differential test compares with :func:`state_snapshot`."""
        return {
            "pieces": tuple(None if p is None else tuple(p) for p in self.pieces),
            "to_move": self.to_move,
            "phase": self.phase,
            "pool": tuple(self.pool),
            "part": self.part,
            "grace": self.grace,
            "hits": self.hits,
            "owed": self.owed,
            "pool_captured": self.pool_captured,
            "run": tuple(self.run),
            "fresh": tuple(self.fresh),
            "captures": tuple(self.captures),
            "revenge": tuple(self.revenge),
            "winner": self.winner,
            "cancelled": tuple(self.cancelled),
            "turn": self.turn,
        }


def state_snapshot(state) -> dict:
    """The same fields of a reference :class:`~pachisi_widget.state.GameState`."""
    return {
        "pieces": tuple(state.pieces),
        "to_move": state.to_move,
        "phase": state.phase,
        "pool": tuple(state.pool),
        "part": None
        if state.part is None
        else (state.part[0], state.part[1], frozenset(state.part[2])),
        "grace": state.grace,
        "hits": state.hits,
        "owed": state.owed,
        "pool_captured": state.pool_captured,
        "run": tuple(state.run),
        "fresh": tuple(state.fresh),
        "captures": tuple(state.captures),
        "revenge": tuple(state.revenge),
        "winner": state.winner,
        "cancelled": tuple(state.cancelled),
        "turn": state.turn,
    }


def opening(rules, seats, rng, cdf=None) -> int:
    """The starting seat by the opening throws (RULES.md 3.1), drawn as :class:`Game` draws them."""
    if cdf is None:
        cdf = throw_cdf(rules)
    top = len(cdf) - 1
    table = rules.table
    contenders = list(seats)
    while True:
        vals = {s: table[min(bisect_right(cdf, rng.random()), top)] for s in contenders}
        best = max(vals.values())
        contenders = [s for s in contenders if vals[s] == best]
        if len(contenders) == 1:
            return contenders[0]


def play_game(rules, seats, agents, rng, to_move=None, cdf=None) -> FastGame:
    """Play one whole game with :class:`FastGame`; ``agents`` names (of :data:`FAST_AGENTS`) per
    seat in ``seats`` order; throws and random choices both drawn from ``rng``.

    Without ``to_move`` the opening throws decide who starts (drawn from ``rng`` first).
    """
    seats = tuple(sorted(seats))
    if cdf is None:
        cdf = throw_cdf(rules)
    if to_move is None:
        to_move = opening(rules, seats, rng, cdf)
    top = len(cdf) - 1
    g = FastGame(rules, seats, to_move)
    kind = [None] * 4
    for s, a in zip(seats, agents, strict=False):
        kind[s] = a
    reach = reach_values(rules)
    teams = rules.teams
    pieces = g.pieces
    rand = rng.random
    throw = g.throw
    moves_of = g.legal_moves
    play = g.play
    while g.phase != "over":
        if g.phase == "throw":
            u = bisect_right(cdf, rand())
            throw(u if u < top else top)
            continue
        moves = moves_of()
        n = len(moves)
        if n == 1:
            play(moves[0])
            continue
        k = kind[g.to_move]
        if k == "random":
            play(moves[int(rand() * (n - 1))])
        elif k == "greedy":
            play(moves[greedy_index(moves, g.to_move, pieces, seats, teams, reach)])
        elif k == "runner":
            play(moves[runner_index(moves)])
        else:
            pick = waiter_index if can_wait(rules, g.captures[g.to_move]) else greedy_index
            play(moves[pick(moves, g.to_move, pieces, seats, teams, reach)])
    return g
