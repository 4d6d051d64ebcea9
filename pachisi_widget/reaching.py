"""Where a piece can stand when its turn ends: :func:`pachisi_widget.probability.reach_map`.

The turn is followed for the one piece only: its step, the throws still to spend (a pool is a
multiset: its order is left out, but for the throws of a run that ``cancel_three`` may still
void), whether the turn goes on (graces, the extra throws of captures), and the facts of the
board that its moves meet (the castles opponents hold, the opponents it can capture, home's
exact count, entering). The other pieces of its seat never move in it, so the board stays as
it is but for the pieces it captures, which stand behind it from then on. What does not depend
on the position, the series of throws of a turn, is kept per rules (:mod:`pachisi_widget.pools`).

With ``split_throw``, when the dead-game count of idle throws could run out in the turn, or
with more throws pooled than a pool counts, the turn is played on the rules engine itself
(:func:`_engine_reach`), as the whole position.

Private to the package: :mod:`pachisi_widget.probability` is the public face.
"""

from __future__ import annotations

from bisect import bisect_left
from fractions import Fraction

from .board import HOME
from .landings import _canonical, _trim
from .pools import _BEGIN, _BITS, _MASK, _series_for, _weights
from .rules import PYADA_VALUES
from .tables import IDLE_THROWS_MAX, IS_CASTLE, LOOP_OF, ON_LOOP_FIRST, ON_LOOP_LAST, STEP_ON_LOOP
from .turns import _whole

REACH_THROWS_MAX = 12
""":func:`reach_map` follows a turn for at most this many throws; a longer series of graces
(chance below 1e-10 with the classic cowries) leaves the piece where it stands."""

REACH_FLOAT_ERROR = 1e-6
"""With floats, :func:`reach_map` ends the least likely series of throws where the piece then
stands, as long as those series together weigh at most this much (the board shows the map to
the hundredth of a point, and cutting the series at ``throws_max`` throws leaves out as much
under ``throw_then_move``)."""

REACH_THROWS_LIMIT = 40
"""The largest ``throws_max`` :func:`reach_map` accepts."""

_FIRST = 0.125
"""With floats, the share of the error the least likely ends of the turn's first series of
throws may weigh (:meth:`_Piece.pooled_turn`); the series that captures bring share the rest
(but for a quarter, the series kept per rules): there are many of them, each less likely."""

_LEVEL, _POWER = 0.4, 0.25
"""With floats, the series that captures bring after k throws (one level) may leave out ends
weighing ``_LEVEL`` of the error still unspent when the level begins, shared among them as
``m**_POWER`` for a series of chance m (of the sum of ``m**_POWER`` over the level): the
error stays within bounds, every level keeps a part of it (the later levels are less likely
and get less), and fewer ends are followed in all for the same error than an even share
would give (tuned on the positions of ``scripts/bench_maps.py``)."""


def _reach_start(state, seat, piece, throws_max) -> tuple:
    """:func:`reach_map`'s arguments checked: (the seat, the step its piece starts from)."""
    from .state import GameState

    if not isinstance(state, GameState):
        raise ValueError(f"state must be a GameState, not {type(state).__name__}")
    if seat is None:
        seat = state.to_move
    if state.phase == "over":
        raise ValueError("the game is over: no piece moves any more")
    if isinstance(seat, bool) or seat != state.to_move:
        raise ValueError(f"seat must be the seat to move ({state.to_move}), not {seat!r}")
    if isinstance(piece, bool) or piece not in (0, 1, 2, 3):
        raise ValueError(f"piece must be 0..3, not {piece!r}")
    _whole("throws_max", throws_max, 0, REACH_THROWS_LIMIT)
    start = state.pieces[seat][piece]
    if start == HOME:
        raise ValueError(f"piece {piece} of seat {seat} is already home")
    return seat, start


def reach_map(
    state,
    seat: int | None = None,
    piece: int = 0,
    exact: bool = True,
    throws_max: int = REACH_THROWS_MAX,
    error: float | None = None,
) -> dict:
    """Where piece ``piece`` of ``seat`` (the seat to move) can stand when this turn ends, with
    the exact chance of each step: ``{step: probability}``, summing to 1.

    Every rule counts: entering, blocked castles, overshooting home, extra throws for
    captures, the pending throws already thrown. Each throw that can move the piece moves it,
    as far as it can go (the farthest of its legal moves; of two throws of a pool that go as
    far, the smaller); a throw that cannot is passed, and the piece stays (under
    ``throw_then_move`` a pass gives up the rest of the pool). The turn ends when the next
    seat is to throw or the game is over; after ``throws_max`` throws the piece stays where it
    stands (a longer series of graces is rarer than 1e-10).

    The turn is followed for this piece alone (its step, the throws pooled as a multiset,
    whether the turn goes on, the board's facts its moves meet), and the series of throws a
    turn can bring are kept per rules, which keeps the work bounded in every turn mode. With
    floats, the least likely series, together at most ``error`` (None:
    :data:`REACH_FLOAT_ERROR`), end where the piece then stands.

    Args:
        state: a :class:`~pachisi_widget.state.GameState`.
        seat: must be the seat to move (None: it).
        piece: 0..3, which of the seat's pieces (pieces on one step are interchangeable).
        exact: Fractions (True) or floats (False).
        throws_max: the most throws followed, 0 to :data:`REACH_THROWS_LIMIT`.
        error: (floats) what the series ended early may weigh, 0 to 0.01 (None:
            :data:`REACH_FLOAT_ERROR`; the board asks with
            :data:`pachisi_widget.probability.SHOWN_ERROR`).

    Raises:
        ValueError: for another seat, a bad piece index, a piece already home, a game over, or
            a ``throws_max`` that is not a whole number from 0 to :data:`REACH_THROWS_LIMIT`.

    >>> from pachisi_widget import Game
    >>> g = Game.from_position([[84, 84, 84, 70], None, [84, 84, 84, 10], None], seed=1)
    >>> r = reach_map(g.state, 0, 3)
    >>> sum(r.values()), round(float(r[74]), 4)   # a 4 (after graces it cannot use)
    (Fraction(1, 1), 0.2381)
    """
    seat, start = _reach_start(state, seat, piece, throws_max)
    if error is None:
        error = REACH_FLOAT_ERROR
    if isinstance(error, bool) or not isinstance(error, (int, float)) or not 0 <= error <= 0.01:
        raise ValueError(f"error must be a number from 0 to 0.01 (or None), not {error!r}")
    rare = len(state.pool) + throws_max > _MASK  # more throws of a value than a pool counts
    if state.rules.split_throw or state.idle + throws_max >= IDLE_THROWS_MAX or rare:
        return _engine_reach(state, seat, start, exact, throws_max, error)
    p = _Piece(state, seat, piece, exact)
    if state.rules.turn_mode == "throw_then_move":
        got = p.pooled_turn(state, throws_max, 0.0 if exact else error)
    else:
        got = p.each_throw_turn(state, throws_max)
    if exact:
        whole = int(p.unit[throws_max])
        return {s: Fraction(n, whole) for s, n in sorted(got.items()) if n}
    return {s: n for s, n in sorted(got.items()) if n}


def _landing_codes(state, seat) -> tuple:
    """Per step 0..84 of ``seat``'s track: 1 where an opponent holds a castle (no landing), 2
    where opponents stand who would be captured, else 0."""
    rules = state.rules
    codes = [0] * (HOME + 1)
    for s in state.seats:
        if s == seat or (rules.teams and (s - seat) % 2 == 0):
            continue
        for t in state.pieces[s]:
            g = LOOP_OF[s][t]
            if g < 0:
                continue
            step = STEP_ON_LOOP[seat][g]
            if not IS_CASTLE[step]:
                codes[step] = 2
            elif rules.castle_blocks_enemy:
                codes[step] = 1
                if step == ON_LOOP_FIRST:  # the tip is steps 8 and 76
                    codes[ON_LOOP_LAST] = 1
    return tuple(codes)


def _clear_ways(codes: tuple) -> list:
    """Per step t: the steps ahead of t a piece may go before a square held or to capture on
    (or past home): 0 from the Charkoni."""
    free = [0] * (HOME + 1)
    clear = HOME + 1
    for t in range(HOME, 0, -1):
        free[t] = clear - t
        if codes[t]:
            clear = t
    return free


_MOVES: dict = {}
"""The moves of a piece (:meth:`_Piece.options`, :meth:`_Piece.spend`), per rules (by id:
the rules kept with it) and the facts of a position they depend on; kept for the last few
positions (a board asks for the map of each stack of the seat to move)."""
_MOVES_KEPT = 4


class _Piece:
    """One piece of the seat to move in a position, and what its turn can do to it.

    A step of the piece's turn is (its step, ``cap``: whether its seat may go past step 76,
    always True without ``must_capture_before_home``); chances are whole numbers over
    ``unit[k]`` after k throws (exact), or floats (``unit`` all 1.0)."""

    def __init__(self, state, seat: int, piece: int, exact: bool) -> None:
        rules = self.rules = state.rules
        mine = state.pieces[seat]
        self.start = mine[piece]
        others = mine[:piece] + mine[piece + 1 :]
        self.w_other = 0 in others
        self.on_other = any(0 < t < HOME for t in others)
        self.fresh = state.fresh[seat] and rules.first_piece_any_throw
        self.codes = _landing_codes(state, seat)
        self.cap0 = not rules.must_capture_before_home or state.captures[seat] > 0
        self.values = rules.values
        base, self.weights = _weights(rules, exact)
        self.unit = [base**k for k in range(REACH_THROWS_LIMIT + 1)]
        self.exact = exact
        self.spare = 0.0  # (floats) the error not yet spent in a turn (:meth:`_series_begun`)
        # what the piece's moves do depends on these only: kept for the seat's other stacks
        key = (id(rules), self.codes, self.w_other, self.fresh)
        kept: tuple | None = _MOVES.get(key)
        if kept is None or kept[0] is not rules:
            if len(_MOVES) >= _MOVES_KEPT:
                _MOVES.pop(next(iter(_MOVES)))
            kept = _MOVES[key] = (rules, {}, {}, _clear_ways(self.codes))
        self._options: dict = kept[1]
        self._spent: dict = kept[2]
        self.free: list = kept[3]

    def on(self, t: int) -> bool:
        """Whether the seat has a piece on the board (a bonus grace gives a throw)."""
        return self.on_other or 0 < t < HOME

    def end(self, t: int, v: int, cap: bool):
        """Where a throw ``v`` takes the piece from step ``t`` (the engine's rules for one whole
        throw), and whether it captures there: ``(end, captures)``, or None."""
        r = self.rules
        limit = HOME if cap else ON_LOOP_LAST
        if t == 0:
            if v in r.entry_graces:
                e = 1 if r.entry_mode == "square1" else v
            elif self.fresh and v not in r.bonus_graces:
                e = v  # the first piece leaves on any throw
            else:
                return None
            if e > limit or e >= HOME:
                return None
        else:
            waiting = self.w_other
            if waiting and v in r.entry_graces and not r.grace_moves_before_all_entered:
                return None  # a grace while a piece waits may only enter it
            e = t + (v + 1 if r.pyada and not waiting and v in PYADA_VALUES else v)
            if e > limit:
                if t != 83 or v not in r.last_square_release or limit != HOME:
                    return None
                e = HOME
        code = self.codes[e]
        if code == 1:
            return None
        return e, code == 2

    def options(self, t: int, cap: bool) -> list:
        """The piece's moves from ``t``, farthest first (of two that go as far, the smaller
        throw): ``[(end, shift, bit, captures)]``, the value's count at ``shift`` of a pool
        (``bit`` one of it)."""
        got = []
        for i, v in enumerate(self.values):
            m = self.end(t, v, cap)
            if m is not None:
                got.append((m[0], _BITS * i, 1 << (_BITS * i), m[1]))
        got.sort(key=lambda m: (-m[0], m[1]))
        self._options[2 * t + cap] = got
        return got

    def spend(self, t: int, cap: bool, pool: int) -> tuple:
        """A pool (see :data:`_BITS`) spent from step ``t``, the farthest move first until no
        throw left can move the piece: ``(step, cap, whether a move captured)``; kept for
        every pool met on the way."""
        memo, options = self._spent, self._options
        keys: list = []
        while True:
            key = ((pool << 8 | t) << 1) | cap
            got = memo.get(key)
            if got is not None:
                break
            opts = options.get(2 * t + cap)
            if opts is None:
                opts = self.options(t, cap)
            for e, shift, bit, c in opts:
                if (pool >> shift) & _MASK:
                    keys.append((key, c))
                    t, cap, pool = e, cap or c, pool - bit
                    break
            else:
                got = memo[key] = (t, cap, False)
                break
            if t == HOME:  # home: the piece moves no more
                got = (HOME, cap, False)
                break
        s, cap, hit = got
        for key, c in reversed(keys):
            hit = hit or c
            got = memo[key] = (s, cap, hit)
        return got

    # -- move_each_throw ------------------------------------------------------------------------

    def _after_throw(self, t, cap, i, grace, hits, owed):
        """The throw of index ``i`` spent from ``t`` (a move, else a pass): ``(step, cap, owed
        or None when the turn is over)``."""
        m = self.end(t, self.values[i], cap)
        if m is not None:
            t, c = m
            if c:
                hits += 1
                cap = True
            if t == HOME:
                return t, cap, None
        earned = 1 if grace else 0
        if self.rules.capture_extra_throw and hits > earned:
            earned = hits
        owed += earned
        return t, cap, (owed - 1 if owed else None)

    def each_throw_turn(self, state, throws_max: int) -> dict:
        """``move_each_throw``: {step: chance over ``unit[throws_max]``}, one throw at a time
        (a turn's steps are (step, cap, further throws owed))."""
        r = self.rules
        unit = self.unit
        out: dict = {}
        t, cap, owed = self.start, self.cap0, state.owed
        if state.phase == "move":
            i = self.values.index(state.pool[0])
            t, cap, owed = self._after_throw(t, cap, i, state.grace, state.hits, owed)
            if owed is None:
                return {t: unit[throws_max]}
        graces = [
            (v in r.entry_graces, v in r.bonus_graces and v not in r.entry_graces)
            for v in self.values
        ]
        layer = {(t, cap, owed): 1}
        for d in range(throws_max):
            scale = unit[throws_max - d - 1]
            nxt: dict = {}
            for (t, cap, owed), m in layer.items():
                on = self.on(t)
                for i, w in enumerate(self.weights):
                    entry, bonus = graces[i]
                    s, cap2, owed2 = self._after_throw(t, cap, i, entry or (bonus and on), 0, owed)
                    if owed2 is None:
                        out[s] = out.get(s, 0) + m * w * scale
                    else:
                        key = (s, cap2, owed2)
                        nxt[key] = nxt.get(key, 0) + m * w
            layer = nxt
        for (t, _, _), m in layer.items():
            out[t] = out.get(t, 0) + m
        return out

    # -- throw_then_move ------------------------------------------------------------------------

    def pool_of(self, values) -> int:
        """The pool (see :data:`_BITS`) of ``values``."""
        return sum(1 << (_BITS * self.values.index(v)) for v in values)

    def pooled_turn(self, state, throws_max: int, error: float) -> dict:
        """``throw_then_move``: {step: chance over ``unit[throws_max]``}, one series of throws
        at a time: the series that begin after k throws (the piece's step, cap: chance over
        ``unit[k]``) are followed together, in the order of k.

        With floats, what is ended early (the piece stays where it stands) weighs at most
        ``error``: a quarter in the series kept per rules (:func:`_series`), :data:`_FIRST`
        in the least likely ends of the turn's first series, the rest in those of the series
        that captures bring (each level of them a part of what is left: :data:`_LEVEL`)."""
        t, cap = self.start, self.cap0
        if state.phase == "move":
            t, cap, hit = self.spend(t, cap, self.pool_of(state.pool))
            more = (hit or state.pool_captured) and self.rules.capture_extra_throw
            if not more or t == HOME:
                return {t: self.unit[throws_max]}
            begun = _BEGIN
        else:
            pool = state.pool
            kind, n = state.run if self.rules.cancel_three else (None, 0)
            n = n if kind is not None else 0
            head, tail = pool[: len(pool) - n], pool[len(pool) - n :]
            begun = (self.pool_of(head), kind, self.pool_of(tail), len(tail))
        levels: list = [{} for _ in range(throws_max + 1)]
        levels[0][(t, cap)] = 1
        out: dict = {}
        for k, starts in enumerate(levels):
            if starts:
                self._series_begun(starts, k, throws_max, begun if k == 0 else _BEGIN, error)
                self._ends(starts, k, throws_max, levels, out)
        return out

    def _series_begun(self, starts: dict, k: int, throws_max: int, begun, error) -> None:
        """Set ``self.level``: for each series of ``starts`` (after ``k`` throws), its ends to
        follow (the most likely, with floats), and the chance (over ``unit[throws_max - k]``)
        that it goes on past the last throw followed or ends early."""
        left = throws_max - k
        level: dict = {}
        self.level = level
        if left == 0:
            for key in starts:
                level[key] = ((), 1)
            return
        if self.exact:
            for t, cap in starts:
                ends, _, alive = _series_for(self.rules, self.on(t), begun, True, 0.0, left)
                level[(t, cap)] = (ends, alive)
            return
        kept = error / (4 * (throws_max + 1))
        if k > 0:  # this level's part of the error left (see _LEVEL)
            total = sum(m**_POWER for m in starts.values() if m > 0)
            share = self.spare * _LEVEL / total if total else 0.0
        for (t, cap), m in starts.items():
            ends, tails, alive = _series_for(self.rules, self.on(t), begun, False, kept, left)
            if k == 0:  # the turn's first series: its least likely ends
                n = bisect_left(tails, -error * _FIRST)
                self.spare = error * 3 / 4 + tails[n]
            elif m > 0:  # a series a capture brings: more of its ends left out the less likely
                n = bisect_left(tails, -share * m**_POWER / m)  # it is (see _LEVEL)
                self.spare += m * tails[n]
            else:
                n = 0
            level[(t, cap)] = (ends[:n], alive - tails[n])

    def _ends(self, starts: dict, k: int, throws_max: int, levels: list, out: dict) -> None:
        """Spend the pool of each end of the series of ``starts`` (see :meth:`_series_begun`):
        its chance to ``out`` (over ``unit[throws_max]``), or, when a move captured, to the
        series it brings in ``levels``."""
        left = throws_max - k
        extra = self.rules.capture_extra_throw
        spend, memo = self.spend, self._spent
        free = self.free
        which = 5 if self.w_other else 4
        for (t, cap), m in starts.items():
            ends, rest = self.level[(t, cap)]
            out[t] = out.get(t, 0) + m * rest
            far = free[t] if cap else min(free[t], ON_LOOP_LAST + 1 - t)
            for end in ends:
                if end[which] < far:  # nothing in the way: every throw moves the piece
                    s = t + end[which]
                    out[s] = out.get(s, 0) + m * end[3]
                    continue
                pool, kk, num, scaled = end[:4]
                got = memo.get(((pool << 8 | t) << 1) | cap)
                s, cap2, hit = got if got is not None else spend(t, cap, pool)
                if hit and extra and s != HOME and kk < left:
                    lv = levels[k + kk]
                    lv[(s, cap2)] = lv.get((s, cap2), 0) + m * num
                else:
                    out[s] = out.get(s, 0) + m * scaled


def _engine_reach(state, seat, start, exact, throws_max, error) -> dict:
    """:func:`reach_map` played on the rules engine itself, the whole position at each throw
    (:meth:`GameState.chance_outcomes` for every throw still to come, :meth:`GameState.apply`
    for the moves): with ``split_throw`` (a throw may move several pieces, so the piece's
    stack counts), when the dead-game count of idle throws could end the turn, or for a pool
    longer than :data:`~pachisi_widget.pools._BITS` counts. Series of throws that lead to the
    same position are followed once."""
    one = Fraction(1) if exact else 1.0
    turn = state.turn
    outcomes: dict = {}  # the throws of the seat to move, by whether it has a piece on the board

    def chances(st) -> list:
        flag = any(0 < t < HOME for t in st.pieces[seat])
        got = outcomes.get(flag)
        if got is None:
            got = outcomes[flag] = [
                (t, pr if exact else float(pr)) for t, pr in st.chance_outcomes()
            ]
        return got

    settled: dict = {}  # (position, step) -> (position, step) once the moves due are played

    def settle(st, step: int):
        """Play the moves due (the piece's farthest, else a pass) until a throw is due or the
        turn is over."""
        path = []
        while st.phase == "move":
            key = (st[1:], step)
            got = settled.get(key)
            if got is not None:
                st, step = got
                break
            path.append(key)
            moves = st.legal_moves()
            mine = [m for m in moves if m.kind != "pass" and m.start == step and m.seat == seat]
            if mine:
                m = max(mine, key=lambda m: (m.end, -moves.index(m)))
                st, step = st.apply(m), m.end
            else:
                st = st.apply(moves[-1])
        for key in path:
            settled[key] = (st, step)
        return st, step

    out: dict = {}
    budget = 0.0 if exact else error / (throws_max + 1)
    st0, step0 = settle(state, start)
    layer: dict = {(st0[1:], step0): one}  # (position without its rules, step) -> chance
    states = {st0[1:]: st0}
    for left in range(throws_max, -1, -1):
        nxt: dict = {}
        for (fields, step), mass in layer.items():
            st = states[fields]
            if st.phase == "over" or st.turn != turn or left == 0:
                out[step] = out.get(step, 0 * one) + mass
                continue
            for t, p in chances(st):
                after, where = settle(st.apply_throw(t), step)
                if after.phase != "over" and after.turn == turn:
                    after = _canonical(after, left - 1)
                f = after[1:]
                states.setdefault(f, after)
                key = (f, where)
                nxt[key] = nxt.get(key, 0 * one) + mass * p
        _trim(nxt, budget, out, lambda k: k[1])  # (floats) the least likely stay where they are
        layer = nxt
    return dict(sorted(out.items()))
