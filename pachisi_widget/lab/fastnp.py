"""The numpy fast path: many games of Pachisi in lock step (optional; needs numpy).

Every active game of a batch throws once and then moves (or passes) once per iteration, each
step done for all games at once on small integer arrays. It plays the ``move_each_throw`` game
without ``split_throw`` and without ``revenge_rule`` (every other option and preset of that
kind: classic, seven_cowries, teams, pyada, must_capture_before_home, 2 to 4 players, ...), with
the agents of :data:`~pachisi_widget.agents.FAST_AGENTS`. :func:`supports` says whether a
setup fits; :func:`~pachisi_widget.simulate.simulate` uses the pure-Python engine otherwise.

Randomness: game ``i`` draws from its own Mersenne Twister seeded with its seed ``seeds[i]``
(a two-word integer, see :func:`~pachisi_widget.lab.seeds.game_seeds`): numpy's legacy
``RandomState`` seeded with the seed's 32-bit words gives the very doubles
``random.Random(seed).random()`` gives, so this path and the pure-Python engine play the same
games.

Moves are never materialised: each game has five move slots, the entering piece then pieces
0..3 (a piece sharing an earlier piece's step left out), which is exactly the order of
:meth:`Engine.legal_moves() <pachisi_widget.engine.Engine.legal_moves>` in this game (the pass
last). The random agent's ``int(u * k)``-th valid slot is therefore the engine's random agent's
choice.

The board facts come from :mod:`~pachisi_widget.tables` and the heuristic agents' scores from
:mod:`~pachisi_widget.agents` (turned into arrays here, never retyped). One iteration is five
steps, each a function below: :func:`_throw`, :func:`_legal_slots`, :func:`_choose`,
:func:`_apply` and :func:`_after_move`; :class:`_Batch` holds the games still playing.
:func:`run_batch` and :func:`run_from` play a fixed set of games to their end; :class:`Rollouts`
(the coach's) feeds new games into a running batch as others end.

>>> from pachisi_widget import Rules
>>> out = run_batch(Rules(), (0, 1, 2, 3), ("random",) * 4, game_seeds(1, 3))
>>> sorted(out) == ['captures', 'throws', 'turns', 'winner']
True
>>> len(out["winner"])
3
"""

from __future__ import annotations

import numpy as np

from ..agents import (
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
from ..board import HOME, LOOP
from ..engine import Engine, opening, throw_cdf
from ..rules import PYADA_VALUES
from ..tables import (
    IDLE_THROWS_MAX,
    IS_CASTLE,
    LAST_SURE_STEP,
    LOOP_OF,
    OFF_LOOP,
    ON_LOOP_LAST,
    OPENING_ROUNDS_MAX,
    reach_table,
)
from .seeds import game_seeds, iter_game_seeds, seed_words  # noqa: F401  (their old path)

__all__ = [
    "supports",
    "run_batch",
    "run_from",
    "Rollouts",
    "game_seeds",
    "iter_game_seeds",
    "seed_words",
]

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
_OPENING_ROUNDS = 8
"""Opening rounds played for all games at once (:meth:`_Streams.openings`); the rare game still
tied after them is played one by one."""
_ROW = 72
"""Entries of a row of the occupancy counts (:func:`_occupancy`): the loop squares, :data:`_OFF`
(the pieces off the loop, counted but never read) and :data:`_NOWHERE` (never counted: a move
off the loop meets nobody)."""
_ROWS = 6
"""Rows of the occupancy counts per game: one per seat and two spare ones (see
:attr:`_Setup.opponents`)."""


_EARLIER = np.tri(4, 4, -1, bool)
"""``_EARLIER[i, j]``: piece ``j`` comes before piece ``i``."""


def _any4(a):
    """``a.any(-1)`` for a boolean array whose last axis has 4 entries (read as one 32-bit word:
    much faster than numpy's reduction over a short axis)."""
    return np.ascontiguousarray(a).view(np.uint32)[..., 0] != 0


def _all4(a):
    """``a.all(-1)`` for a boolean array whose last axis has 4 entries (see :func:`_any4`)."""
    return np.ascontiguousarray(a).view(np.uint32)[..., 0] == 0x01010101


def _any16(a):
    """``a.any((1, 2))`` for a boolean array of shape (N, 4, 4) (see :func:`_any4`)."""
    w = np.ascontiguousarray(a).reshape(len(a), 16).view(np.uint64)
    return (w[:, 0] | w[:, 1]) != 0


def _or4(a):
    """The bitwise or of ``a[:, 0] .. a[:, 3]`` (numpy's reduction over a short inner axis is
    slow)."""
    return a[:, 0] | a[:, 1] | a[:, 2] | a[:, 3]


def _bits4(a):
    """Each row of a boolean (N, 4) array as a number 0..15 (entry ``i`` is bit ``i``)."""
    w = np.ascontiguousarray(a).view(np.uint32)[:, 0].astype(np.uint64)
    return ((w * 0x01020408) >> 24 & 15).astype(np.int64)


def supports(rules, agents) -> bool:
    """Whether this path plays ``rules`` with ``agents`` (names) itself."""
    return (
        rules.turn_mode == "move_each_throw"
        and not rules.split_throw
        and not rules.revenge_rule
        and all(a in _KIND for a in agents)
    )


# -- random streams and openings ------------------------------------------------------------------


class _Streams:
    """Every game's random stream: row ``U[r]`` holds the doubles of the game whose ``srow`` is
    ``r`` from the offset that the batch keeps for it (``_Batch.base``); ``seeds[g]`` is game
    ``g``'s seed. Rows are never compacted (a game's row is its id, except in :class:`Rollouts`,
    which gives a finished game's row to a new one); a row running low is refilled from the
    game's seed."""

    def __init__(self, seeds, width):
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
        :data:`~pachisi_widget.tables.OPENING_ROUNDS_MAX` tied rounds).

        The first :data:`_OPENING_ROUNDS` rounds are played for all games at once on the drawn
        doubles; a game still tied then, or that would read past them, is played again from
        its start by the engine's function."""
        n, seats = len(self.seeds), list(seats)
        table, cdf_a, top = np.array(rules.table), np.array(cdf), len(cdf) - 1
        contenders = np.ones((n, len(seats)), bool)
        used = np.zeros(n, np.int64)
        tied = np.ones(n, bool)
        games = np.arange(n)[:, None]
        for _ in range(min(_OPENING_ROUNDS, OPENING_ROUNDS_MAX)):
            # each contender throws in seat order: the next doubles of its game's stream
            at = used[:, None] + np.cumsum(contenders, 1) - 1
            u = self.U[games, np.minimum(at, self.width - 1)]
            value = np.where(
                contenders, table[np.minimum(np.searchsorted(cdf_a, u, "right"), top)], -1
            )
            best = contenders & (value == value.max(1)[:, None])
            used += np.where(tied, contenders.sum(1), 0)
            contenders = np.where(tied[:, None], best, contenders)
            tied &= best.sum(1) > 1
            if not tied.any():
                break
        starters = np.array(seats)[contenders.argmax(1)].tolist()
        used_list = used.tolist()
        for g in np.flatnonzero(tied | (used > self.width)).tolist():
            row = _Row(self, g)
            starters[g] = opening(rules, seats, row, cdf)
            used_list[g] = row.i
        return starters, used_list

    def refill(self, batch) -> None:
        """Refill the rows of games with fewer than two doubles left (an iteration takes two)."""
        W = self.width
        for n in np.nonzero(batch.ptr >= W - 2)[0].tolist():
            g = int(batch.gid[n])
            start = int(batch.base[n] + batch.ptr[n])
            self.U[batch.srow[n]] = self.draw(g, start, W)
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
    ``marks[seat * stride + step]`` bit sets of loop squares: the one a piece there stands on,
    then (for greedy) those it reaches with one throw (see :meth:`_bits`).
    """

    def __init__(self, rules, seats, agents):
        self.rules = rules
        self.seats = seats
        self._throws(rules)
        self._options(rules)
        self._agents(rules, seats, agents)
        self._board(rules, seats)

    def _throws(self, rules) -> None:
        self.table = np.array(rules.table, dtype=np.int64)
        self.cdf_list = throw_cdf(rules)
        self.cut = np.array(self.cdf_list[:-1])
        self.is_entry = self._mask(rules.entry_graces)
        self.is_bonus = self._mask(rules.bonus_graces)
        self.is_pyada = self._mask(PYADA_VALUES if rules.pyada else ())
        self.is_release = self._mask(rules.last_square_release)

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

    def _agents(self, rules, seats, agents) -> None:
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

    def _board(self, rules, seats) -> None:
        i64 = np.int64
        self.played = np.zeros(4, bool)
        self.played[list(seats)] = True
        # next_seat[seat * 16 + finished seats' bits]: the next seat not finished (the one
        # after seat when all are)
        self.next_seat = np.array([self._next(t, f) for t in range(4) for f in range(16)], i64)
        # lowest_bit[f]: the lowest bit set in f (0 for none)
        self.lowest_bit = np.array([(f & -f).bit_length() - 1 if f else 0 for f in range(16)], i64)
        self.stride = stride = HOME + 2 + max(rules.table)
        loop_of = np.array(LOOP_OF, dtype=i64)
        loop = np.full(4 * stride + 1, _OFF, i64)
        loop[:-1].reshape(4, stride)[:, : HOME + 1] = np.where(loop_of == OFF_LOOP, _OFF, loop_of)
        self.loop = loop
        self.landing = np.where(loop == _OFF, _NOWHERE, loop)[:-1]
        self.is_castle = np.zeros(stride, bool)
        self.is_castle[: HOME + 1] = IS_CASTLE
        # reach[a] (greedy): the loop squares one throw takes a piece at index a (seat * stride
        # + step; nobody's at the end) to, a bit set as two 64-bit words (see _bits)
        if self.need_greedy:
            sets = np.zeros((4 * stride + 1, LOOP), bool)
            reach = np.array(reach_table(reach_values(rules)), dtype=i64)  # (seat, step, distance)
            lands = reach != OFF_LOOP
            seat_i, step_i, _ = np.nonzero(lands)
            sets[seat_i * stride + step_i, reach[lands]] = True
            self.reach = self._bits(sets)
        # opposed[t, q]: whether seat q's pieces are seat t's opponents; opponents[q]: those
        # seats t, padded to 3 with the spare rows 4, 5 of the occupancy counts (_occupancy)
        self.opposed = np.array([[self._opposed(rules, q, t) for q in range(4)] for t in range(4)])
        rows = [np.flatnonzero(self.opposed[:, q]).tolist() for q in range(4)]
        self.opponents = np.array([(row + [4, 5])[:3] for row in rows], dtype=i64)
        self.seat_base = np.arange(4, dtype=i64) * stride
        self.seat_base_occ = np.arange(4, dtype=i64) * _ROW  # seat t's row in the counts
        # safety[open + 2 * threatened] (greedy): a landing's safety level (open: on the loop
        # and not a castle; a threatened landing is open)
        self.safety = np.array([SAFETY_SAFE, SAFETY_UNREACHED, SAFETY_SAFE, SAFETY_EXPOSED], i64)
        # for the five slots' valid bits v (0..31): how many are set, and where the i-th is
        self.slot_weights = np.array([1, 2, 4, 8, 16], np.uint8)  # slot i's bit in v
        self.popcount = np.array([bin(v).count("1") for v in range(32)], i64)
        self.nth_set = np.array(
            [([i for i in range(5) if v >> i & 1] + [0] * 5)[:5] for v in range(32)], i64
        ).reshape(-1)

    @staticmethod
    def _next(seat: int, finished: int) -> int:
        for k in (1, 2, 3, 4):
            if not finished >> (seat + k) % 4 & 1:
                return (seat + k) % 4
        return (seat + 1) % 4

    @staticmethod
    def _opposed(rules, q: int, t: int) -> bool:
        """Whether seat ``q``'s pieces are seat ``t``'s opponents (the other team's, with teams)."""
        return (q - t) % 2 == 1 or not rules.teams and q != t

    @staticmethod
    def _bits(sets):
        """A boolean set per index, ``sets[a, g]`` (loop square g), as two 64-bit words per index
        (a row of the result): squares 0..63 at bits 0..63 of word 0, the others from bit 0 of
        word 1."""
        weights = np.uint64(1) << np.arange(64, dtype=np.uint64)

        def pack(b):
            return (b * weights[: b.shape[-1]]).sum(-1, dtype=np.uint64)

        return np.stack([pack(sets[:, :64]), pack(sets[:, 64:])], 1)

    @staticmethod
    def _mask(values, size=128):
        mask = np.zeros(size, bool)
        mask[[v for v in values if v < size]] = True
        return mask


class _Batch:
    """The games of a batch still being played, one row per game (row ``n`` is game
    ``gid[n]``), and the results of those already over. :meth:`retire` drops finished games
    from every per-game array at once."""

    _PER_GAME = (
        "gid",
        "srow",
        "to_move",
        "ptr",
        "base",
        "pieces",
        "owed",
        "idle",
        "fresh",
        "captures",
        "turn",
        "throws",
        "capture_moves",
        "occ",
        "finished",
        "reach",
    )

    def __init__(self, setup, starters, used):
        i64 = np.int64
        n = len(starters)
        self.gid = np.arange(n)
        self.srow = np.arange(n)  # the game's row in _Streams.U
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
        self.setup = setup
        # every game starts alike: the counts of one, repeated
        one = self.pieces[:1]
        self.occ = np.repeat(_occupancy(setup, one), n, axis=0)
        self.finished = np.repeat(_finished(one), n, axis=0)  # seat i has every piece home: bit i
        self.reach = np.repeat(_seat_reach(setup, one), n, axis=0)
        self.results = self.no_results(n)

    def __len__(self) -> int:
        return len(self.gid)

    @staticmethod
    def no_results(n: int) -> dict:
        """The results of ``n`` games not yet played (see :func:`run_batch`)."""
        i64 = np.int64
        return {
            "winner": np.full(n, -1, i64),
            "turns": np.zeros(n, i64),
            "throws": np.zeros(n, i64),
            "captures": np.zeros(n, i64),
        }

    def place(self, rows, start, seats) -> None:
        """Set the games of ``rows`` (a slice or row numbers) to the position ``start`` (phase
        ``"throw"``)."""
        assert start.phase == "throw", start.phase
        for seat in seats:
            self.pieces[rows, seat] = start.pieces[seat]
        self.to_move[rows] = start.to_move
        self.owed[rows] = start.owed
        self.idle[rows] = start.idle
        self.fresh[rows] = [bool(f) for f in start.fresh]
        self.captures[rows] = [int(c) for c in start.captures]
        self.turn[rows] = start.turn
        one = self.pieces[rows][:1]  # every row alike: the counts of one, broadcast
        self.occ[rows] = _occupancy(self.setup, one)
        self.finished[rows] = _finished(one)
        self.reach[rows] = _seat_reach(self.setup, one)

    def extend(self, other) -> None:
        """Add the games of batch ``other`` (their results are recorded in this batch's)."""
        for name in self._PER_GAME:
            setattr(self, name, np.concatenate([getattr(self, name), getattr(other, name)]))

    def retire(self, over, winner):
        """Record the games flagged ``over`` (with ``winner`` per row) and drop them; returns
        their ids and their rows of the streams."""
        rows = np.nonzero(over)[0]
        g = self.gid[rows]
        srow = self.srow[rows]
        self.results["winner"][g] = winner[rows]
        self.results["turns"][g] = self.turn[rows] + 1
        self.results["throws"][g] = self.throws[rows]
        self.results["captures"][g] = self.capture_moves[rows]
        keep = np.flatnonzero(~over)
        for name in self._PER_GAME:
            setattr(self, name, getattr(self, name).take(keep, axis=0))
        return g, srow


def _finished(pieces):
    """Per game of ``pieces`` (shape (n, 4, 4)), the seats with every piece home (seat i: bit i)."""
    return _bits4(_all4(pieces == HOME))


def _seat_reach(s, pieces):
    """(Greedy) per game of ``pieces`` (shape (n, 4, 4)) and seat, the loop squares one throw
    takes one of its pieces to, as :attr:`_Setup.reach`'s bit sets (shape (n, :data:`_ROWS`, 2);
    the spare rows empty); :func:`_apply` keeps them. Of shape (n, 0) for other agents."""
    if not s.need_greedy:
        return np.zeros((len(pieces), 0), np.uint64)
    out = np.zeros((len(pieces), _ROWS, 2), np.uint64)
    out[:, :4] = _or4(s.reach.take(pieces + s.seat_base[:, None], axis=0).swapaxes(1, 2))
    return out


def _occupancy(s, pieces):
    """The occupancy counts of games whose pieces are ``pieces`` (shape (n, 4, 4)): entry ``[n,
    t, g]`` counts the pieces of seat ``t``'s opponents on loop square ``g`` in game ``n`` (shape
    (n, :data:`_ROWS`, :data:`_ROW`), int8). :func:`_apply` keeps them as pieces move."""
    n = len(pieces)
    square = s.loop.take(pieces + s.seat_base[:, None])  # (n, 4, 4)
    rows = np.arange(n)[:, None, None, None] * _ROWS + s.opponents[None, :, None, :]
    idx = rows * _ROW + square[..., None]  # (n, 4, 4, 3)
    counts = np.bincount(idx.reshape(-1), minlength=n * _ROWS * _ROW)
    return counts.astype(np.int8).reshape(n, _ROWS, _ROW)


class _Throw:
    """One iteration's throw in every game of the batch."""

    __slots__ = (
        "rows",
        "at",
        "seat",
        "value",
        "entry",
        "grace",
        "mine",
        "waiting_pieces",
        "waiting",
    )

    def __init__(self, rows, at, seat, value, entry, grace, mine, waiting_pieces, waiting):
        self.rows = rows  # 0..N-1
        self.at = at  # where the throw's double is in _Streams.U (flat)
        self.seat = seat  # the seat that threw
        self.value = value
        self.entry = entry  # an entry grace
        self.grace = grace  # gives another throw
        self.mine = mine  # (N, 4) that seat's steps
        self.waiting_pieces = waiting_pieces  # (N, 4) pieces on step 0
        self.waiting = waiting  # any piece on step 0


class _Slots:
    """The five move slots of every game: 0 enters a piece, 1..4 move pieces 0..3."""

    __slots__ = (
        "starts",
        "ends",
        "valid",
        "square",
        "on_loop",
        "castle",
        "takes",
        "occupants",
        "threatened",
        "open",
        "restricted",
    )


# -- one iteration, step by step ----------------------------------------------------------------


def _throw(s, b, streams) -> _Throw:
    """Every game's seat to move throws the cowries (one double of its stream)."""
    rows = np.arange(len(b))
    at = b.srow * streams.width + b.ptr
    u = streams.U.reshape(-1).take(at)
    b.ptr += 1
    b.throws += 1
    b.idle += 1
    # the draw_up of the rules engine (a search of the cdf without its last entry never passes
    # the most mouths up)
    value = s.table.take(np.searchsorted(s.cut, u, side="right"))
    seat = b.to_move
    mine = b.pieces.reshape(-1, 4).take(rows * 4 + seat, axis=0)  # (N, 4) copy
    entry = s.is_entry.take(value)
    on_board = _any4((mine > 0) & (mine < HOME))
    grace = entry | (s.is_bonus.take(value) & on_board)
    waiting_pieces = mine == 0
    return _Throw(rows, at, seat, value, entry, grace, mine, waiting_pieces, _any4(waiting_pieces))


def _legal_slots(s, b, t) -> _Slots:
    """Where each slot's move ends, whether it is legal, and what it lands on."""
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
        np.putmask(ends, (mine == _LAST_SQUARE) & s.is_release.take(value)[:, None], HOME)
    # a piece on steps 1..83 (0 - 1 wraps round) whose step no earlier piece shares
    dup = _any4((mine[:, :, None] == mine[:, None, :]) & _EARLIER)
    ok = np.empty((N, 5), bool)
    p_ok = ok[:, 1:]
    np.less((mine - 1).view(np.uint64), HOME - 1, out=p_ok)
    p_ok &= ends <= HOME
    p_ok &= ~dup
    if not s.gmbae:
        p_ok &= ~enter_grace[:, None]
    ok[:, 0] = e_ok
    sl.ends = np.empty((N, 5), np.int64)
    sl.ends[:, 0] = e_end
    sl.ends[:, 1:] = ends
    sl.starts = np.zeros((N, 5), np.int64)
    sl.starts[:, 1:] = mine
    if s.mustcap:
        ok &= ~(restricted[:, None] & (sl.ends > ON_LOOP_LAST))
    # what each slot lands on: the opponents' pieces there (counted in b.occ) and, for greedy,
    # whether one throw takes an opponent there
    sl.square = s.landing.take((seat * s.stride)[:, None] + sl.ends)
    sl.on_loop = sl.square != _NOWHERE
    sl.occupants = b.occ.reshape(-1).take(
        (rows * (_ROWS * _ROW) + seat * _ROW)[:, None] + sl.square
    )
    occupied = sl.occupants > 0
    sl.castle = s.is_castle.take(sl.ends)
    if s.blocks:
        ok &= ~(occupied & sl.castle)
    sl.takes = occupied & ~sl.castle
    sl.valid = ok
    if s.need_greedy:  # whether one throw takes an opponent to the landing (b.reach)
        opp = rows[:, None] * _ROWS + s.opponents.take(seat, axis=0)  # (N, 3)
        r = b.reach.reshape(-1, 2).take(opp, axis=0)  # (N, 3, 2)
        reach = r[:, 0] | r[:, 1] | r[:, 2]  # (N, 2)
        word = reach.reshape(-1).take((rows * 2)[:, None] + (sl.square >= 64))
        reached = (word >> (sl.square & 63).astype(np.uint64) & 1).astype(bool)
        sl.open = sl.on_loop & ~sl.castle
        sl.threatened = reached & ok & sl.open
    sl.restricted = restricted
    return sl


def _choose(s, b, streams, t, sl) -> tuple:
    """Each game's agent picks a slot: (chosen slot, whether it moves) per game; no valid slot
    (or a heuristic agent's choice to wait) is a pass."""
    rows, valid = t.rows, sl.valid
    N = len(rows)
    kind = s.kind_of_seat[t.seat]
    chosen = np.zeros(N, np.int64)
    moved = np.zeros(N, bool)
    if s.need_random or s.need_runner:  # the valid slots as bits, and how many
        # a product with the slots' weights 1, 2, 4, 8, 16 (np.packbits is several times slower)
        bits = (valid.view(np.uint8) @ s.slot_weights).astype(np.int64)
        k = s.popcount.take(bits)
    if s.need_random:  # the int(u * k)-th valid slot; a draw only when there is a choice
        draw = (kind == _RANDOM) & (k >= 1)
        u = streams.U.reshape(-1).take(t.at + 1)  # the double after the throw's
        b.ptr += draw
        idx = (u * k).astype(np.int64)
        chosen = np.where(draw, s.nth_set.take(bits * 5 + idx), chosen)
        moved |= draw
    if s.need_greedy:  # agents._greedy_key: captures, then safety, then the distance moved
        greedy = (kind == _GREEDY) | (kind == _WAITER)
        safety = s.safety.take(sl.open.view(np.int8) + (sl.threatened.view(np.int8) << 1))
        gvalid = valid
        if s.need_waiter and s.wait_captured:  # agents.waiter_index
            waiter = kind == _WAITER
            if not s.wait_uncaptured:
                waiter &= ~sl.restricted
            safety = np.where(waiter[:, None] & (sl.ends == WAIT_STEP), SAFETY_WAIT, safety)
            gvalid = valid & ~(waiter[:, None] & (sl.starts == WAIT_STEP) & (sl.ends != HOME))
        key = np.where(
            gvalid,
            np.where(sl.takes, sl.occupants.astype(np.int64), 0) * CAPTURE_WEIGHT
            + safety * SAFETY_WEIGHT
            + (sl.ends - sl.starts),
            -1,
        )
        best = key.argmax(1)
        plays = greedy & (key.reshape(-1).take(rows * 5 + best) >= 0)  # a valid key is >= 1
        chosen = np.where(plays, best, chosen)
        moved |= plays
    if s.need_runner:  # agents.runner_index: the furthest piece, then the furthest end
        plays = (kind == _RUNNER) & (k >= 1)
        key = np.where(valid, sl.starts * RUNNER_START_WEIGHT + sl.ends, -1)
        chosen = np.where(plays, key.argmax(1), chosen)
        moved |= plays
    return chosen, moved


def _apply(s, b, t, sl, chosen, moved):
    """Play the chosen moves, keeping the occupancy counts; captured pieces go back to the
    Charkoni. Returns per game whether its move captured."""
    N = len(t.rows)
    mi = np.nonzero(moved)[0]
    c = chosen[mi]
    ms = t.seat[mi]
    slot = mi * 5 + c
    piece = c - 1
    ei = np.flatnonzero(c == 0)  # the entering moves (few): each enters the first waiting piece
    piece[ei] = s.lowest_bit.take(_bits4(t.waiting_pieces.take(mi[ei], axis=0)))
    end = sl.ends.reshape(-1).take(slot)
    b.pieces.reshape(-1)[mi * 16 + ms * 4 + piece] = end
    # the piece leaves its square and stands on its landing, for each seat it is an opponent of
    base = ((mi * _ROWS)[:, None] + s.opponents.take(ms, axis=0)) * _ROW  # (M, 3)
    at = s.seat_base.take(ms)
    occ = b.occ.reshape(-1)
    occ[base + s.loop.take(at + sl.starts.reshape(-1).take(slot))[:, None]] -= 1
    occ[base + s.loop.take(at + end)[:, None]] += 1
    b.idle[mi] = 0
    b.fresh.reshape(-1)[mi[ei] * 4 + ms[ei]] = False
    if s.need_greedy:  # the mover's reach, again
        at = b.pieces.reshape(-1, 4).take(mi * 4 + ms, axis=0) + at[:, None]
        b.reach.reshape(-1, 2)[mi * _ROWS + ms] = _or4(s.reach.take(at, axis=0))
    home = end == HOME
    if home.any():
        hm = mi[home]
        b.finished[hm] = _finished(b.pieces[hm])
    took = sl.takes.reshape(-1).take(slot)
    hit = np.zeros(N, bool)
    if took.any():  # the opponents' pieces on the landing go back (then count again)
        hi = mi[took]
        P = b.pieces[hi]
        square = sl.square.reshape(-1).take(slot[took])
        victims = (s.loop.take(P + s.seat_base[:, None]) == square[:, None, None]) & s.opposed[
            ms[took], :, None
        ]  # (H, 4, 4)
        P[victims] = 0
        b.pieces[hi] = P
        # the square no longer holds them, for each seat they opposed (the Charkoni is not read)
        gone = victims.sum(2) @ s.opposed.T  # (H, seat t): victims that were t's opponents
        b.occ.reshape(-1)[(hi * (_ROWS * _ROW) + square)[:, None] + s.seat_base_occ] -= gone.astype(
            np.int8
        )
        if s.need_greedy:
            b.reach[hi] = _seat_reach(s, P)
        hit[hi] = True
        b.captures[hi, ms[took]] += 1
        b.capture_moves[hi] += 1
    return hit


def _after_move(s, b, t, moved, hit) -> tuple:
    """Another throw (a grace, a capture) or the next seat's turn; a win or a dead position
    ends the game, and so do :data:`~pachisi_widget.tables.IDLE_THROWS_MAX` throws in a row
    that moved no piece (the turn ends there, owed throws or not). Returns (over, winner code)
    per game."""
    seat = t.seat
    finished = b.finished
    done = moved & (finished >> seat & 1).astype(bool)
    won = done & (finished >> (seat + 2) % 4 & 1).astype(bool) if s.teams else done
    earned = t.grace.astype(np.int64)
    if s.cap_extra:
        earned = np.maximum(earned, hit)
    b.owed += np.where(done, 0, earned)  # a seat that brings its last piece home stops there
    again = (b.owed > 0) & ~done & (b.idle < IDLE_THROWS_MAX)
    b.owed -= again
    ends_turn = ~again & ~won
    b.owed[ends_turn] = 0
    nxt = s.next_seat.take(seat * 16 + finished)
    nobody = ends_turn & (finished == 15)
    b.to_move = np.where(ends_turn, nxt, b.to_move)
    b.turn += ends_turn
    over = won | nobody | (ends_turn & (b.idle >= IDLE_THROWS_MAX))
    winner = np.where(won, (4 + seat % 2) if s.teams else seat, -1)
    if ends_turn.any():  # dead positions: a cheap test first, the full one (rare) per game
        # as in the engine: a piece on steps 1..72 always has a move (+2, +3 or +4), and with
        # entry graces onto step 1 so has a waiting piece
        if s.graces_sq1:  # steps 0..72
            alive = _any16(b.pieces.view(np.uint64) <= LAST_SURE_STEP)
        else:  # steps 1..72 (0 - 1 wraps round)
            alive = _any16((b.pieces - 1).view(np.uint64) < LAST_SURE_STEP)
        for n in np.nonzero(ends_turn & ~alive & ~over)[0].tolist():
            if _dead(s.rules, s.seats, b.pieces[n], b.fresh[n], b.captures[n], int(b.to_move[n])):
                over[n] = True
    return over, winner


def run_batch(rules, seats, agents, seeds, trace=None, width=None, size=None) -> dict:
    """Play one game per seed; ``agents`` gives a name per seat of ``seats`` (in order).

    Returns per game (numpy arrays in ``seeds`` order): ``winner`` (a seat 0..3, 4 for the team
    (0, 2), 5 for (1, 3), -1 for a dead game), ``turns`` (turns begun), ``throws`` and
    ``captures`` (capturing moves). ``trace``, a list, receives after every throw and every
    move a dict of the batch's arrays (for the differential test). ``width``: doubles of each
    game's stream held at once; ``size``: games played at once (None: all), the others joining
    seed after seed as games end, so that the batch stays full (results depend on neither).
    """

    seats = tuple(sorted(seats))
    s = _Setup(rules, seats, agents)
    if width is None:
        width = 1024 if s.need_random else 640
    seeds = list(seeds)
    size = len(seeds) if size is None else max(1, min(size, len(seeds)))
    streams = _Streams(seeds[:size], width)
    b = _Batch(s, *streams.openings(rules, seats, s.cdf_list))
    if size == len(seeds):
        return _play(s, b, streams, trace)
    b.results = _Batch.no_results(len(seeds))
    streams.seeds = seeds  # game id -> seed
    free: list = []  # rows of streams.U that no game holds
    joined = size
    while len(b) or joined < len(seeds):
        waiting = len(seeds) - joined
        if waiting and len(b) <= size - min(size // 8, waiting):  # new games join, a few at once
            part = seeds[joined : joined + size - len(b)]
            more = _Streams(part, width)
            new = _Batch(s, *more.openings(rules, seats, s.cdf_list))
            new.gid += joined
            new.srow = np.array(free[: len(part)], np.int64)
            del free[: len(part)]
            streams.U[new.srow] = more.U
            b.extend(new)
            joined += len(part)
        ended = _step(s, b, streams, trace)
        if ended is not None:
            free.extend(ended[1].tolist())
    return b.results


def _play(s, b, streams, trace=None) -> dict:
    """Play the games of batch ``b`` to their end (the loop of :func:`run_batch`)."""
    while len(b):
        _step(s, b, streams, trace)
    return b.results


def _step(s, b, streams, trace=None):
    """One iteration of every game of batch ``b``: a throw, then a move or a pass. Returns the
    ids and stream rows of the games that ended (None when none did)."""
    streams.refill(b)
    t = _throw(s, b, streams)
    if trace is not None:
        trace.append(
            {
                "gid": b.gid.copy(),
                "value": t.value.copy(),
                "grace": t.grace.copy(),
                "to_move": b.to_move.copy(),
                "P": b.pieces.copy(),
                "phase": "move",
            }
        )
    sl = _legal_slots(s, b, t)
    chosen, moved = _choose(s, b, streams, t, sl)
    hit = _apply(s, b, t, sl, chosen, moved)
    over, winner = _after_move(s, b, t, moved, hit)
    if trace is not None:
        trace.append(
            {
                "gid": b.gid.copy(),
                "P": b.pieces.copy(),
                "to_move": b.to_move.copy(),
                "owed": b.owed.copy(),
                "fresh": b.fresh.copy(),
                "captures": b.captures.copy(),
                "turn": b.turn.copy(),
                "over": over.copy(),
                "winner": winner.copy(),
                "moved": moved.copy(),
                "slot": chosen.copy(),
            }
        )
    if over.any():
        return b.retire(over, winner)
    return None


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

    seats = tuple(sorted(seats))
    s = _Setup(rules, seats, agents)
    if width is None:
        width = 1024 if s.need_random else 640
    k, n = len(starts), len(seeds)
    one = _Streams(seeds, width)  # each seed's stream once, shared by every start
    streams = _Streams.__new__(_Streams)
    streams.width, streams.rs = width, one.rs
    streams.seeds = list(seeds) * k
    streams.U = np.tile(one.U, (k, 1))
    b = _Batch(s, [st.to_move for st in starts for _ in range(n)], [0] * (k * n))
    for j, st in enumerate(starts):
        b.place(slice(j * n, (j + 1) * n), st, seats)
    out = _play(s, b, streams)
    return {name: a.reshape(k, n) for name, a in out.items()}


class Rollouts:
    """Games played on from given positions, in one batch that new games join as others end.

    Game ``(j, i)`` starts from ``starts[j]`` and draws from the ``i``-th seed of ``seeds`` (an
    iterable, read as far as needed), exactly as in :func:`run_from`: the same games, the same
    winners. Unlike :func:`run_from`, the games asked for (:meth:`ask`) are fed into the batch
    whenever it has room (``size`` games at most), seed after seed (every start of seed ``i``
    before seed ``i + 1``), so that the batch stays full: more games can be asked for while
    others are still being played, and no round of games ends with many steps of a few long
    games. :meth:`step` plays one iteration; :meth:`winners` gives the results.

    >>> from pachisi_widget import Game, Rules
    >>> g = Game(4, seed=5)
    >>> _ = g.throw()
    >>> while g.phase != "throw":
    ...     _ = g.play(g.state.legal_moves()[0])
    >>> r = Rollouts(Rules(), (0, 1, 2, 3), ("greedy",) * 4, [g.state], iter_game_seeds(2))
    >>> r.ask([40])
    >>> while r.pending():
    ...     _ = r.step()
    >>> won = r.winners(0, 40)
    >>> won.tolist() == run_from(Rules(), (0, 1, 2, 3), ("greedy",) * 4, [g.state],
    ...                          game_seeds(2, 40))["winner"][0].tolist()
    True
    """

    def __init__(self, rules, seats, agents, starts, seeds, size=2048, width=None):

        self.seats = seats = tuple(sorted(seats))
        self.s = s = _Setup(rules, seats, agents)
        if width is None:
            width = 1024 if s.need_random else 640
        self.starts = list(starts)
        for st in self.starts:
            assert st.phase == "throw", st.phase
        self.size = size
        self.seed_iter = iter(seeds)
        self.seed_of: list = []  # the i-th seed
        self.streams = streams = _Streams.__new__(_Streams)
        streams.width, streams.rs = width, np.random.RandomState()
        streams.seeds = []  # per game id
        streams.U = np.empty((size, width))
        self.free = list(range(size - 1, -1, -1))  # rows of U no game holds
        self.b = _Batch(s, [], [])
        self.asked = [0] * len(self.starts)
        self.queue: list = []  # (i, j) of the games asked for and not yet fed, in feeding order
        self.fed = 0
        self.game_j = np.zeros(0, np.int64)
        self.game_i = np.zeros(0, np.int64)
        self.won = np.full((len(self.starts), 0), -2, np.int64)  # -2: not yet over
        self.over = [0] * len(self.starts)  # games of each start that ended
        self.prefix = [0] * len(self.starts)  # see done()
        self._row = (-1, None)  # the last seed's first doubles (every start of it reads them)

    def ask(self, counts) -> None:
        """Ask for the first ``counts[j]`` seeds' games from each start ``j`` (those asked for
        before are not played again)."""
        new = [(i, j) for j, n in enumerate(counts) for i in range(self.asked[j], n)]
        for j, n in enumerate(counts):
            self.asked[j] = max(self.asked[j], n)
        new.sort()
        self.queue = sorted(self.queue[self.fed :] + new)
        self.fed = 0
        most = max(self.asked, default=0)
        if most > self.won.shape[1]:
            grow = np.full((len(self.starts), max(most, 2 * self.won.shape[1])), -2, np.int64)
            grow[:, : self.won.shape[1]] = self.won
            self.won = grow

    def cancel(self) -> None:
        """Drop the games asked for that have not started (those being played go on): each
        start then asks for the seeds it has started, the first ones."""
        self.queue, self.fed = [], 0
        for j in range(len(self.starts)):
            mine = self.game_i[self.game_j == j]
            self.asked[j] = int(mine.max()) + 1 if len(mine) else 0

    def pending(self) -> int:
        """Games asked for that have not ended yet."""
        return len(self.queue) - self.fed + len(self.b)

    def waiting(self) -> int:
        """Games asked for that have not started yet."""
        return len(self.queue) - self.fed

    def winners(self, j: int, n: int):
        """The winner codes (as :func:`run_batch`'s) of start ``j``'s games for the first ``n``
        seeds, -2 for a game not over yet."""
        return self.won[j, :n]

    def done(self, j: int) -> int:
        """How many of the first seeds' games from start ``j`` are all over (a prefix)."""
        n, row, end = self.prefix[j], self.won[j], self.asked[j]
        while n < end and row[n] != -2:
            n += 1
        self.prefix[j] = n
        return n

    def step(self) -> int:
        """Feed waiting games while there is room, then play one iteration of the batch.
        Returns how many games ended."""
        if self.waiting() and len(self.b) <= self.size - min(self.size // 8, self.waiting()):
            self._feed(min(self.size - len(self.b), self.waiting()))
        if not len(self.b):
            return 0
        ended = _step(self.s, self.b, self.streams)
        if ended is None:
            return 0
        g, srow = ended
        j, i = self.game_j[g], self.game_i[g]
        self.won[j, i] = self.b.results["winner"][g]
        for jj in j.tolist():
            self.over[jj] += 1
        self.free.extend(srow.tolist())
        return len(g)

    def _feed(self, m: int) -> None:
        streams = self.streams
        pairs = self.queue[self.fed : self.fed + m]
        self.fed += m
        first = len(streams.seeds)
        new = _Batch(self.s, [0] * m, [0] * m)
        new.gid += first
        rows = [self.free.pop() for _ in range(m)]
        new.srow = np.array(rows, np.int64)
        iis = [i for i, _ in pairs]
        while len(self.seed_of) <= iis[-1]:
            self.seed_of.append(next(self.seed_iter))
        streams.seeds.extend(self.seed_of[i] for i in iis)
        # each seed's first doubles drawn once, for every start of it (pairs come seed by seed)
        first_rows: dict = {}
        if self._row[0] == iis[0]:
            first_rows[iis[0]] = self._row[1]
        for i in dict.fromkeys(iis):
            if i not in first_rows:
                streams.rs.seed(seed_words(self.seed_of[i]))
                first_rows[i] = streams.rs.random_sample(streams.width)
        self._row = (iis[-1], first_rows[iis[-1]])
        order = {i: n for n, i in enumerate(first_rows)}
        block = np.stack(list(first_rows.values()))
        streams.U[new.srow] = block[[order[i] for i in iis]]
        js = np.array([j for _, j in pairs], np.int64)
        for j in set(js.tolist()):
            new.place(np.flatnonzero(js == j), self.starts[j], self.seats)
        self.game_j = np.concatenate([self.game_j, js])
        self.game_i = np.concatenate([self.game_i, np.array(iis, np.int64)])
        results = self.b.results
        for name, a in new.results.items():
            results[name] = np.concatenate([results[name], a])
        self.b.extend(new)


def _dead(rules, seats, P, fresh, capc, to_move) -> bool:
    """The engine's dead-position test for one game of a batch."""
    pieces = [tuple(int(x) for x in P[s]) if s in seats else None for s in range(4)]
    e = Engine(rules, seats, to_move, pieces, narrate=False)  # may already find it dead
    e.fresh = tuple(bool(f) for f in fresh)
    e.captures = tuple(int(x) for x in capc)
    e.phase, e.winner = "throw", None
    e._check_dead()
    return e.phase == "over"
