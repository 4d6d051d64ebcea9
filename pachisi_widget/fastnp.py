"""The numpy fast path: many games of Pachisi in lock step (optional; needs numpy).

Every active game of a batch throws once and then moves (or passes) once per iteration, each
step done for all games at once on small integer arrays. It plays the ``move_each_throw`` game
without ``split_throw`` and without ``revenge_rule`` (every other option and preset of that
kind: classic, seven_cowries, teams, pyada, must_capture_before_home, 2 to 4 players, ...), with
the agents of :data:`~pachisi_widget.agents.FAST_AGENTS`. :func:`supports` says whether a
setup fits; :func:`~pachisi_widget.simulate.simulate` uses the pure-Python engine otherwise.

Randomness: game ``i`` draws from its own Mersenne Twister seeded with its seed ``seeds[i]``
(a two-word integer, see :func:`game_seeds`): numpy's legacy ``RandomState`` seeded with
the seed's 32-bit words gives the very doubles ``random.Random(seed).random()`` gives, so this
path and the pure-Python engine play the same games.

Moves are never materialised: each game has five move slots, the entering piece then pieces
0..3 (a piece sharing an earlier piece's step left out), which is exactly the order of
:meth:`Engine.legal_moves() <pachisi_widget.engine.Engine.legal_moves>` in this game (the pass
last). The random agent's ``int(u * k)``-th valid slot is therefore the engine's random agent's
choice.

The board facts come from :mod:`~pachisi_widget.tables` and the heuristic agents' scores from
:mod:`~pachisi_widget.agents` (turned into arrays here, never retyped). One iteration is five
steps, each a function below: :func:`_throw`, :func:`_legal_slots`, :func:`_choose`,
:func:`_apply` and :func:`_after_move`; :class:`_Batch` holds the games still playing.

>>> from pachisi_widget import Rules
>>> out = run_batch(Rules(), (0, 1, 2, 3), ("random",) * 4, game_seeds(1, 3))
>>> sorted(out) == ['captures', 'throws', 'turns', 'winner']
True
>>> len(out["winner"])
3
"""

from __future__ import annotations

import random
from itertools import islice

from .agents import (
    CAPTURE_WEIGHT,
    FAST_AGENTS,
    RUNNER_START_WEIGHT,
    SAFETY_EXPOSED,
    SAFETY_SAFE,
    SAFETY_UNREACHED,
    SAFETY_WAIT,
    SAFETY_WEIGHT,
    WAIT_STEP,
    can_wait,
    reach_values,
)
from .board import HOME, LOOP
from .engine import Engine, opening, throw_cdf
from .rules import PYADA_VALUES
from .tables import (
    IDLE_THROWS_MAX,
    IS_CASTLE,
    LOOP_OF,
    OFF_LOOP,
    ON_LOOP_LAST,
    reach_table,
)

__all__ = ["supports", "run_batch", "run_from", "game_seeds", "iter_game_seeds", "seed_words"]

_KIND = {name: i for i, name in enumerate(FAST_AGENTS)}
_RANDOM, _GREEDY, _RUNNER, _WAITER = (
    _KIND[a] for a in ("random", "greedy", "runner", "castle_waiter")
)

_OFF = LOOP
"""A piece off the loop (or not an opponent's), in the arrays (the pure-Python tables say -1)."""
_NOWHERE = LOOP + 1
"""A move ending off the loop, in the arrays: unlike :data:`_OFF`, it never meets a piece."""
_LAST_SQUARE = HOME - 1
"""The last board square (step 83), left only by an exact count or a release throw."""
_OPENING_DRAWS = 256
"""Doubles of a stream the opening throws read before drawing more (almost always enough)."""


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


def iter_game_seeds(seed: int):
    """Each game's seed in turn, drawn from ``random.Random(seed)`` as they are needed; each has
    two 32-bit words (numpy seeds a one-word array differently from Python, so one-word seeds
    are avoided). Every engine of :func:`pachisi_widget.simulate.simulate` plays these seeds.

    >>> from itertools import islice
    >>> len(list(islice(iter_game_seeds(1), 3)))
    3
    """
    bits = random.Random(seed).getrandbits
    while True:
        yield bits(62) | (1 << 62)


def game_seeds(seed: int, games: int) -> list:
    """The first ``games`` seeds of :func:`iter_game_seeds` as a list."""
    return list(islice(iter_game_seeds(seed), games))


# -- random streams and openings ------------------------------------------------------------------


class _Streams:
    """Every game's random stream: ``U[g]`` holds game ``g``'s doubles from the offset that the
    batch keeps for it (``_Batch.base``). Rows are addressed by game id and never compacted; a row
    running low is refilled from the game's seed."""

    def __init__(self, np, seeds, width):
        self.np = np
        self.seeds = list(seeds)
        self.width = width
        self.rs = np.random.RandomState()
        self.U = np.empty((len(self.seeds), width))
        for g, s in enumerate(self.seeds):
            self.rs.seed(seed_words(s))
            self.U[g] = self.rs.random_sample(width)

    def draw(self, g: int, start: int, count: int):
        """Doubles ``start .. start + count - 1`` of game ``g``'s stream (from its seed)."""
        self.rs.seed(seed_words(self.seeds[g]))
        return self.rs.random_sample(start + count)[start:]

    def openings(self, rules, seats, cdf) -> tuple:
        """Every game's starting seat and the draws its opening throws took (two lists), by the
        engine's :func:`~pachisi_widget.engine.opening` (ties thrown again, at most
        :data:`~pachisi_widget.tables.OPENING_ROUNDS_MAX` tied rounds)."""
        starters, used = [], []
        for g in range(len(self.seeds)):
            row = _Row(self, g)
            starters.append(opening(rules, seats, row, cdf))
            used.append(row.i)
        return starters, used

    def refill(self, batch) -> None:
        """Refill the rows of games with fewer than two doubles left (an iteration takes two)."""
        W = self.width
        for n in self.np.nonzero(batch.ptr >= W - 2)[0].tolist():
            g = int(batch.gid[n])
            start = int(batch.base[n] + batch.ptr[n])
            self.U[g] = self.draw(g, start, W)
            batch.base[n] = start
            batch.ptr[n] = 0


class _Row:
    """``random()`` over one game's stream (for the opening throws): the drawn doubles first, then
    more drawn from the game's seed when they run out, the very values ``random.Random(seed)``
    gives."""

    __slots__ = ("vals", "i", "streams", "g")

    def __init__(self, streams, g):
        self.vals = streams.U[g, :_OPENING_DRAWS].tolist()
        self.i, self.streams, self.g = 0, streams, g

    def random(self):
        i = self.i
        if i == len(self.vals):
            self.vals += self.streams.draw(self.g, i, max(i, _OPENING_DRAWS)).tolist()
        self.i = i + 1
        return self.vals[i]


# -- what a batch needs from its rules, and the games it plays ---------------------------------


class _Setup:
    """The rules, seats and agents of a batch as arrays, built once per batch.

    Value-indexed masks (``is_entry[value]`` ...) have 128 entries (no throw is worth more).
    Step-indexed tables have ``stride`` entries per seat, enough for any move's end (a step past
    home included), and one more row at ``nobody`` (for a piece that is not an opponent's):
    ``loop[seat * stride + step]`` is a piece's loop square (:data:`_OFF` off the loop or
    nobody's), ``landing[...]`` a move's (:data:`_NOWHERE` off the loop), and
    ``threatens[(seat * stride + step) * squares + g]`` whether a piece there reaches loop square
    ``g`` with one throw (``squares`` = 70 columns: the loop, then :data:`_OFF`, :data:`_NOWHERE`).
    """

    def __init__(self, np, rules, seats, agents):
        self.np = np
        self.rules = rules
        self.seats = seats
        self._throws(np, rules)
        self._options(rules)
        self._agents(np, rules, seats, agents)
        self._board(np, rules, seats)

    def _throws(self, np, rules) -> None:
        self.table = np.array(rules.table, dtype=np.int64)
        self.shells = len(rules.table) - 1
        self.cdf_list = throw_cdf(rules)
        self.cdf = np.array(self.cdf_list)
        self.is_entry = self._mask(np, rules.entry_graces)
        self.is_bonus = self._mask(np, rules.bonus_graces)
        self.is_pyada = self._mask(np, PYADA_VALUES if rules.pyada else ())
        self.is_release = self._mask(np, rules.last_square_release)

    def _options(self, rules) -> None:
        self.square1 = rules.entry_mode == "square1"
        self.first_any = rules.first_piece_any_throw
        self.gmbae = rules.grace_moves_before_all_entered
        self.blocks = rules.castle_blocks_enemy
        self.cap_extra = rules.capture_extra_throw
        self.mustcap = rules.must_capture_before_home
        self.release = bool(rules.last_square_release)
        self.pyada = rules.pyada
        self.teams = rules.teams
        self.graces_sq1 = bool(rules.entry_graces) and self.square1

    def _agents(self, np, rules, seats, agents) -> None:
        self.kind_of_seat = np.zeros(4, np.int64)
        for s, a in zip(seats, agents, strict=False):
            self.kind_of_seat[s] = _KIND[a]
        present = {_KIND[a] for a in agents}
        self.need_random = _RANDOM in present
        self.need_greedy = bool(present & {_GREEDY, _WAITER})
        self.need_runner = _RUNNER in present
        self.need_waiter = _WAITER in present
        # the castle waiter waits (agents.can_wait) with a capture / before its seat's first one
        self.wait_captured = can_wait(rules, 1)
        self.wait_uncaptured = can_wait(rules, 0)

    def _board(self, np, rules, seats) -> None:
        i64 = np.int64
        self.played = np.zeros(4, bool)
        self.played[list(seats)] = True
        self.seat_ids = np.arange(4)
        self.next_k = np.arange(1, 5)
        self.later = np.array([[k < j for k in range(4)] for j in range(4)])  # [j, k]: k before j
        self.stride = stride = HOME + 2 + max(rules.table)
        self.seat_offset = (stride * self.seat_ids)[None, :, None]
        self.nobody = 4 * stride
        loop_of = np.array(LOOP_OF, dtype=i64)
        loop = np.full(4 * stride + 1, _OFF, i64)
        loop[:-1].reshape(4, stride)[:, : HOME + 1] = np.where(loop_of == OFF_LOOP, _OFF, loop_of)
        self.loop = loop
        self.landing = np.where(loop == _OFF, _NOWHERE, loop)[:-1]
        self.is_castle = np.zeros(stride, bool)
        self.is_castle[: HOME + 1] = IS_CASTLE
        self.squares = LOOP + 2
        if self.need_greedy:
            reach = np.array(reach_table(reach_values(rules)), dtype=i64)  # (seat, step, distance)
            lands = reach != OFF_LOOP
            seat_i, step_i, _ = np.nonzero(lands)
            threatens = np.zeros((4 * stride + 1, self.squares), bool)
            threatens[seat_i * stride + step_i, reach[lands]] = True
            self.threatens = threatens.ravel()

    @staticmethod
    def _mask(np, values, size=128):
        mask = np.zeros(size, bool)
        mask[[v for v in values if v < size]] = True
        return mask


class _Batch:
    """The games of a batch still being played, one row per game (row ``n`` is game
    ``gid[n]``), and the results of those already over. :meth:`retire` drops finished games
    from every per-game array at once."""

    _PER_GAME = ("gid", "to_move", "ptr", "base", "pieces", "owed", "idle", "fresh", "captures",
                 "turn", "throws", "capture_moves")

    def __init__(self, np, setup, starters, used):
        i64 = np.int64
        n = len(starters)
        self.np = np
        self.gid = np.arange(n)
        self.to_move = np.array(starters, dtype=i64)
        self.ptr = np.array(used, dtype=i64)  # next double of the game's row in _Streams.U
        self.base = np.zeros(n, i64)  # stream offset of that row's first double
        self.pieces = np.zeros((n, 4, 4), i64)
        self.pieces[:, ~setup.played] = HOME  # a seat nobody plays: as if finished
        self.owed = np.zeros(n, i64)  # throws still owed this turn (graces, captures)
        self.idle = np.zeros(n, i64)  # throws in a row that moved no piece
        self.fresh = np.zeros((n, 4), bool)  # the first-piece privilege
        self.fresh[:, setup.played] = True
        self.captures = np.zeros((n, 4), i64)
        self.turn = np.zeros(n, i64)
        self.throws = np.zeros(n, i64)
        self.capture_moves = np.zeros(n, i64)
        self.results = {
            "winner": np.full(n, -1, i64),
            "turns": np.zeros(n, i64),
            "throws": np.zeros(n, i64),
            "captures": np.zeros(n, i64),
        }

    def __len__(self) -> int:
        return len(self.gid)

    def retire(self, over, winner) -> None:
        """Record the games flagged ``over`` (with ``winner`` per row) and drop them."""
        rows = self.np.nonzero(over)[0]
        g = self.gid[rows]
        self.results["winner"][g] = winner[rows]
        self.results["turns"][g] = self.turn[rows] + 1
        self.results["throws"][g] = self.throws[rows]
        self.results["captures"][g] = self.capture_moves[rows]
        keep = ~over
        for name in self._PER_GAME:
            setattr(self, name, getattr(self, name)[keep])


class _Throw:
    """One iteration's throw in every game of the batch."""

    __slots__ = ("rows", "seat", "value", "entry", "grace", "mine", "waiting_pieces", "waiting")

    def __init__(self, rows, seat, value, entry, grace, mine, waiting_pieces, waiting):
        self.rows = rows  # 0..N-1
        self.seat = seat  # the seat that threw
        self.value = value
        self.entry = entry  # an entry grace
        self.grace = grace  # gives another throw
        self.mine = mine  # (N, 4) that seat's steps
        self.waiting_pieces = waiting_pieces  # (N, 4) pieces on step 0
        self.waiting = waiting  # any piece on step 0


class _Slots:
    """The five move slots of every game: 0 enters a piece, 1..4 move pieces 0..3."""

    __slots__ = ("starts", "ends", "valid", "square", "on_loop", "castle", "takes", "occupants",
                 "threats", "opponents", "restricted")


# -- one iteration, step by step ----------------------------------------------------------------


def _throw(s, b, streams) -> _Throw:
    """Every game's seat to move throws the cowries (one double of its stream)."""
    np = s.np
    rows = np.arange(len(b))
    u = streams.U[b.gid, b.ptr]
    b.ptr += 1
    b.throws += 1
    b.idle += 1
    value = s.table[np.minimum(np.searchsorted(s.cdf, u, side="right"), s.shells)]
    seat = b.to_move
    mine = b.pieces[rows, seat]  # (N, 4) copy
    entry = s.is_entry[value]
    on_board = ((mine > 0) & (mine < HOME)).any(1)
    grace = entry | (s.is_bonus[value] & on_board)
    waiting_pieces = mine == 0
    return _Throw(rows, seat, value, entry, grace, mine, waiting_pieces, waiting_pieces.any(1))


def _legal_slots(s, b, t) -> _Slots:
    """Where each slot's move ends, whether it is legal, and what it lands on."""
    np = s.np
    rows, seat, value, mine, waiting = t.rows, t.seat, t.value, t.mine, t.waiting
    N = len(rows)
    sl = _Slots()
    restricted = (b.captures[rows, seat] == 0) if s.mustcap else None
    total = value + (s.is_pyada[value] & ~waiting) if s.pyada else value
    # slot 0: entering a waiting piece (a grace onto step 1, or the first piece's any throw)
    enter_grace = waiting & t.entry
    e_end = np.where(enter_grace, 1 if s.square1 else value, value)
    e_ok = enter_grace & (e_end < HOME)
    if s.first_any:  # a bonus grace never enters a piece, not even the first
        e_ok |= waiting & ~t.entry & ~s.is_bonus[value] & b.fresh[rows, seat]
    # slots 1..4: each piece on the board moves (a piece sharing an earlier one's step left out)
    ends = mine + total[:, None]
    if s.release:
        ends = np.where((mine == _LAST_SQUARE) & s.is_release[value][:, None], HOME, ends)
    dup = (mine[:, None, :] == mine[:, :, None]) & s.later  # (N, j, k)
    p_ok = (mine > 0) & (mine < HOME) & (ends <= HOME) & ~dup.any(2)
    if not s.gmbae:
        p_ok &= ~enter_grace[:, None]
    sl.ends = np.concatenate([e_end[:, None], ends], 1)
    sl.starts = np.concatenate([np.zeros((N, 1), np.int64), mine], 1)
    ok = np.concatenate([e_ok[:, None], p_ok], 1)
    if s.mustcap:
        ok &= ~(restricted[:, None] & (sl.ends > ON_LOOP_LAST))
    # what each slot lands on: the opponents' pieces there (and, for greedy, those one throw behind)
    sl.square = s.landing[(seat * s.stride)[:, None] + sl.ends]
    sl.on_loop = sl.square != _NOWHERE
    if s.teams:
        opp = (s.seat_ids[None, :] - seat[:, None]) % 2 == 1
    else:
        opp = s.seat_ids[None, :] != seat[:, None]
    at = np.where(opp[:, :, None], b.pieces + s.seat_offset, s.nobody).reshape(N, 16)
    sl.opponents = s.loop[at]  # (N, 16) loop squares of the opponents' pieces
    # counted per game and square (columns: the loop, _OFF, _NOWHERE), read at the 5 landings
    row0 = rows * s.squares
    counts = np.bincount((sl.opponents + row0[:, None]).ravel(), minlength=N * s.squares)
    sl.occupants = counts[row0[:, None] + sl.square]  # (N, 5)
    occupied = sl.occupants > 0
    sl.castle = s.is_castle[sl.ends]
    if s.blocks:
        ok &= ~(occupied & sl.castle)
    sl.takes = occupied & ~sl.castle
    sl.valid = ok
    if s.need_greedy:  # opponents one throw behind, counted only where the greedy key reads them
        sl.threats = np.zeros((N, 5), np.int64)
        need = ok & sl.on_loop & ~sl.castle
        gi, si = np.nonzero(need)
        sl.threats[gi, si] = s.threatens[(at[gi] * s.squares) + sl.square[gi, si][:, None]].sum(1)
    sl.restricted = restricted
    return sl


def _choose(s, b, streams, t, sl) -> tuple:
    """Each game's agent picks a slot: (chosen slot, whether it moves) per game; no valid slot
    (or a heuristic agent's choice to wait) is a pass."""
    np = s.np
    rows, valid = t.rows, sl.valid
    N = len(rows)
    kind = s.kind_of_seat[t.seat]
    chosen = np.zeros(N, np.int64)
    moved = np.zeros(N, bool)
    k = valid.sum(1)
    if s.need_random:  # the int(u * k)-th valid slot; a draw only when there is a choice
        draw = (kind == _RANDOM) & (k >= 1)
        u = streams.U[b.gid, b.ptr]
        b.ptr += draw
        idx = (u * k).astype(np.int64)
        pick = ((np.cumsum(valid, 1) == (idx + 1)[:, None]) & valid).argmax(1)
        chosen = np.where(draw, pick, chosen)
        moved |= draw
    if s.need_greedy:  # agents._greedy_key: captures, then safety, then the distance moved
        greedy = (kind == _GREEDY) | (kind == _WAITER)
        safety = np.where(
            ~sl.on_loop | sl.castle,
            SAFETY_SAFE,
            np.where(sl.threats == 0, SAFETY_UNREACHED, SAFETY_EXPOSED),
        )
        gvalid = valid
        if s.need_waiter and s.wait_captured:  # agents.waiter_index
            waiter = kind == _WAITER
            if not s.wait_uncaptured:
                waiter &= ~sl.restricted
            safety = np.where(waiter[:, None] & (sl.ends == WAIT_STEP), SAFETY_WAIT, safety)
            gvalid = valid & ~(waiter[:, None] & (sl.starts == WAIT_STEP) & (sl.ends != HOME))
        key = np.where(
            gvalid,
            np.where(sl.takes, sl.occupants, 0) * CAPTURE_WEIGHT
            + safety * SAFETY_WEIGHT
            + (sl.ends - sl.starts),
            -1,
        )
        plays = greedy & gvalid.any(1)
        chosen = np.where(plays, key.argmax(1), chosen)
        moved |= plays
    if s.need_runner:  # agents.runner_index: the furthest piece, then the furthest end
        plays = (kind == _RUNNER) & (k >= 1)
        key = np.where(valid, sl.starts * RUNNER_START_WEIGHT + sl.ends, -1)
        chosen = np.where(plays, key.argmax(1), chosen)
        moved |= plays
    return chosen, moved


def _apply(s, b, t, sl, chosen, moved):
    """Play the chosen moves; captured pieces go back to the Charkoni. Returns per game whether
    its move captured."""
    np = s.np
    N = len(t.rows)
    mi = np.nonzero(moved)[0]
    c = chosen[mi]
    ms = t.seat[mi]
    enters = c == 0
    piece = np.where(enters, t.waiting_pieces[mi].argmax(1), c - 1)
    b.pieces[mi, ms, piece] = sl.ends[mi, c]
    b.idle[mi] = 0
    b.fresh[mi[enters], ms[enters]] = False
    took = sl.takes[mi, c]
    hit = np.zeros(N, bool)
    if took.any():
        hi = mi[took]
        victims = sl.opponents[hi] == sl.square[hi, c[took]][:, None]  # (H, 16)
        vr, vc = np.nonzero(victims)
        b.pieces.reshape(N, 16)[hi[vr], vc] = 0
        hit[hi] = True
        b.captures[hi, ms[took]] += 1
        b.capture_moves[hi] += 1
    return hit


def _after_move(s, b, t, moved, hit) -> tuple:
    """Another throw (a grace, a capture) or the next seat's turn; a win or a dead position
    ends the game, and so do :data:`~pachisi_widget.tables.IDLE_THROWS_MAX` throws in a row
    that moved no piece (the turn ends there, owed throws or not). Returns (over, winner code)
    per game."""
    np = s.np
    rows, seat = t.rows, t.seat
    finished = (b.pieces == HOME).all(2)  # (N, 4)
    done = moved & finished[rows, seat]
    won = done & finished[rows, (seat + 2) % 4] if s.teams else done
    earned = t.grace.astype(np.int64)
    if s.cap_extra:
        earned = np.maximum(earned, hit)
    b.owed += np.where(done, 0, earned)  # a seat that brings its last piece home stops there
    again = (b.owed > 0) & ~done & (b.idle < IDLE_THROWS_MAX)
    b.owed -= again
    ends_turn = ~again & ~won
    b.owed[ends_turn] = 0
    cands = (seat[:, None] + s.next_k) % 4
    unfinished = ~finished[rows[:, None], cands]
    nxt = cands[rows, unfinished.argmax(1)]
    nobody = ends_turn & ~unfinished.any(1)
    b.to_move = np.where(ends_turn, nxt, b.to_move)
    b.turn += ends_turn
    over = won | nobody | (ends_turn & (b.idle >= IDLE_THROWS_MAX))
    winner = np.where(won, (4 + seat % 2) if s.teams else seat, -1)
    if ends_turn.any():  # dead positions: a cheap test first, the full one (rare) per game
        # as in the engine: a piece on steps 1..72 always has a move (+2, +3 or +4), and with
        # entry graces onto step 1 so has a waiting piece
        alive = ((b.pieces > 0) & (b.pieces <= 72)).any((1, 2))
        if s.graces_sq1:
            alive |= (b.pieces == 0).any((1, 2))
        for n in np.nonzero(ends_turn & ~alive & ~over)[0].tolist():
            if _dead(s.rules, s.seats, b.pieces[n], b.fresh[n], b.captures[n], int(b.to_move[n])):
                over[n] = True
    return over, winner


def run_batch(rules, seats, agents, seeds, trace=None, width=None) -> dict:
    """Play one game per seed; ``agents`` gives a name per seat of ``seats`` (in order).

    Returns per game (numpy arrays in ``seeds`` order): ``winner`` (a seat 0..3, 4 for the team
    (0, 2), 5 for (1, 3), -1 for a dead game), ``turns`` (turns begun), ``throws`` and
    ``captures`` (capturing moves). ``trace``, a list, receives after every throw and every
    move a dict of the batch's arrays (for the differential test). ``width``: doubles of each
    game's stream held at once (results do not depend on it).
    """
    import numpy as np

    seats = tuple(sorted(seats))
    s = _Setup(np, rules, seats, agents)
    if width is None:
        width = 1024 if s.need_random else 640
    streams = _Streams(np, seeds, width)
    b = _Batch(np, s, *streams.openings(rules, seats, s.cdf_list))
    return _play(s, b, streams, trace)


def _play(s, b, streams, trace=None) -> dict:
    """Play the games of batch ``b`` to their end (the loop of :func:`run_batch`)."""
    while len(b):
        streams.refill(b)
        t = _throw(s, b, streams)
        if trace is not None:
            trace.append({"gid": b.gid.copy(), "value": t.value.copy(), "grace": t.grace.copy(),
                          "to_move": b.to_move.copy(), "P": b.pieces.copy(), "phase": "move"})
        sl = _legal_slots(s, b, t)
        chosen, moved = _choose(s, b, streams, t, sl)
        hit = _apply(s, b, t, sl, chosen, moved)
        over, winner = _after_move(s, b, t, moved, hit)
        if trace is not None:
            trace.append({"gid": b.gid.copy(), "P": b.pieces.copy(), "to_move": b.to_move.copy(),
                          "owed": b.owed.copy(), "fresh": b.fresh.copy(),
                          "captures": b.captures.copy(), "turn": b.turn.copy(),
                          "over": over.copy(), "winner": winner.copy(), "moved": moved.copy(),
                          "slot": chosen.copy()})
        if over.any():
            b.retire(over, winner)
    return b.results


def run_from(rules, seats, agents, starts, seeds, width=None) -> dict:
    """Play on from given positions: one game per pair of a start and a seed (rollouts).

    ``starts`` are positions in phase ``"throw"`` (:class:`~pachisi_widget.state.GameState`
    values, or anything with their ``pieces``, ``to_move``, ``owed``, ``idle``, ``fresh``,
    ``captures`` and ``turn``); game ``j * len(seeds) + i`` starts from ``starts[j]`` and draws
    from ``random.Random(seeds[i])``, its first double for its first throw (no opening throws),
    exactly as :func:`pachisi_widget.simulate.play_out` does on the rules engine. So every start
    meets the same throws (common random numbers) for as long as the games stay alike.

    Returns :func:`run_batch`'s arrays, each of shape ``(len(starts), len(seeds))``.
    """
    import numpy as np

    seats = tuple(sorted(seats))
    s = _Setup(np, rules, seats, agents)
    if width is None:
        width = 1024 if s.need_random else 640
    k, n = len(starts), len(seeds)
    one = _Streams(np, seeds, width)  # each seed's stream once, shared by every start
    streams = _Streams.__new__(_Streams)
    streams.np, streams.width, streams.rs = np, width, one.rs
    streams.seeds = list(seeds) * k
    streams.U = np.tile(one.U, (k, 1))
    b = _Batch(np, s, [st.to_move for st in starts for _ in range(n)], [0] * (k * n))
    for j, st in enumerate(starts):
        assert st.phase == "throw", st.phase
        rows = slice(j * n, (j + 1) * n)
        for seat in seats:
            b.pieces[rows, seat] = st.pieces[seat]
        b.owed[rows] = st.owed
        b.idle[rows] = st.idle
        b.fresh[rows] = [bool(f) for f in st.fresh]
        b.captures[rows] = [int(c) for c in st.captures]
        b.turn[rows] = st.turn
    out = _play(s, b, streams)
    return {name: a.reshape(k, n) for name, a in out.items()}


def _dead(rules, seats, P, fresh, capc, to_move) -> bool:
    """The engine's dead-position test for one game of a batch."""
    pieces = [tuple(int(x) for x in P[s]) if s in seats else None for s in range(4)]
    e = Engine(rules, seats, to_move, pieces, narrate=False)  # may already find it dead
    e.fresh = tuple(bool(f) for f in fresh)
    e.captures = tuple(int(x) for x in capc)
    e.phase, e.winner = "throw", None
    e._check_dead()
    return e.phase == "over"
