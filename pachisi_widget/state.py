"""The immutable game state and the rules of play (RULES.md sections 3 and 5).

A :class:`GameState` is a value: :meth:`GameState.apply` and :meth:`GameState.apply_throw`
return new states and never change the old one. Chance is explicit, in the OpenSpiel style:
while ``phase == "throw"`` the state lists its :meth:`chance_outcomes` with exact
probabilities, and applying a chosen :class:`Throw` is deterministic. Only
:class:`pachisi_widget.Game` holds a random generator.

Turn flow, ``move_each_throw`` (the classic game): the seat to move throws; the state goes to
``phase == "move"`` with that one throw pending; the seat plays a move with it or passes (a pass
is always listed, and is the only move when the throw is lost). When the throw is spent the seat
throws again if it owes itself a throw (a grace, or a capture with it), else the turn passes
counter-clockwise.

Turn flow, ``throw_then_move``: the seat throws until a throw that gives no further throw, the
values collecting in ``pool``; then it spends the pool one throw per move in any order; a pass
gives up the rest of the pool. If a spent throw captured, one new series of throws follows.

Decisions where RULES.md is silent (each follows the seed text or what a player expects):

- A pending *entry grace* while the seat has a waiting piece can only enter a piece or be
  passed (unless ``grace_moves_before_all_entered``); once all entered it moves like any value.
- The first-piece privilege (``first_piece_any_throw``) applies while every piece of the seat
  still waits and none has ever left; a non-grace throw then moves a piece its value from the
  Charkoni (kind ``"enter"``); with ``split_throw`` it may take any part of the throw.
- ``split_throw``: once a throw is partly spent, later moves continue that throw (on pieces not
  yet moved by it) until it is used up or the seat passes; a pass gives up what is left (in
  ``throw_then_move``, the whole pool). The last-square release needs a whole throw, so with
  split throws a piece on step 83 simply takes a part of 1.
- The extra throw for a capture is counted per capturing move, with the grace of the same throw
  folded in: a throw earns ``max(grace, capturing moves)`` further throws.
- A pending revenge (``revenge_rule``) lasts until the end of the victim's next turn and needs
  the capturing piece itself (tracked by its index) still on the square of the capture.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from . import board
from .errors import GameOverError, IllegalMoveError, NotYourTurnError, WrongPhaseError
from .rules import CANCEL_HIGH, PYADA_VALUES, Rules
from .throws import Throw, up_distribution

__all__ = ["Move", "GameState", "PHASES", "team_of", "seat_name"]

PHASES = ("throw", "move", "over")
_CASTLES = board.CASTLE_STEPS
_HOME = board.HOME
_NAMES = board.SEAT_NAMES
_GLOBAL = tuple(tuple(board.loop_index(seat, st) if 8 <= st <= 76 else -1 for st in range(85))
                for seat in range(4))
"""Per seat and step: the shared loop index 0..67, or -1 off the loop (a lookup beats arithmetic)."""


def seat_name(seat: int) -> str:
    """English name of a seat: South, East, North or West."""
    return _NAMES[seat]


def team_of(seat: int) -> tuple[int, int]:
    """The team of ``seat`` when playing in teams: (0, 2) or (1, 3)."""
    return (0, 2) if seat % 2 == 0 else (1, 3)


class Move(NamedTuple):
    """One move: a piece entering or moving with one throw, or a pass.

    Pieces of one seat on one step are interchangeable, so a move is identified by
    ``(seat, kind, start, end, value)``; ``piece`` is the lowest piece index of the stack.
    A pass has ``piece``, ``start``, ``end`` and ``value`` None.

    >>> Move(0, 1, 12, 16, "move", 4)
    Move(seat=0, piece=1, start=12, end=16, kind='move', value=4, captures=())
    """

    seat: int
    """The seat (0..3) whose piece moves."""
    piece: int | None
    """Index 0..3 of the moving piece (the lowest of its stack); None for a pass."""
    start: int | None
    """Step before the move (0 = waiting in the Charkoni)."""
    end: int | None
    """Step after the move (84 = home)."""
    kind: str
    """``"enter"`` (leaves the Charkoni), ``"move"`` or ``"pass"``."""
    value: int | None = None
    """The throw this move spends (a pooled throw in ``throw_then_move``)."""
    captures: tuple = ()
    """The opponent pieces sent back to the Charkoni, as (seat, piece) pairs."""

    @classmethod
    def pass_for(cls, seat: int) -> Move:
        """The pass of ``seat``: decline to use the pending throw(s)."""
        return cls(seat, None, None, None, "pass", None, ())

    @property
    def key(self) -> tuple:
        """What identifies the move: (seat, kind, start, end, value)."""
        return (self.seat, self.kind, self.start, self.end, self.value)

    @property
    def is_pass(self) -> bool:
        return self.kind == "pass"

    def __str__(self) -> str:
        if self.kind == "pass":
            return f"{_NAMES[self.seat]} passes"
        how = "enters" if self.kind == "enter" else "moves"
        cap = f" capturing {len(self.captures)}" if self.captures else ""
        return f"{_NAMES[self.seat]} piece {self.piece} {how} {self.start}->{self.end} with {self.value}{cap}"

    def to_dict(self) -> dict:
        """JSON-safe form (captures as lists)."""
        d = self._asdict()
        d["captures"] = [list(c) for c in self.captures]
        return d


def _partner(a: int, b: int, teams: bool) -> bool:
    return a == b or (teams and (a - b) % 2 == 0)


class GameState(NamedTuple):
    """A position of the game with everything the rules need to go on; an immutable value.

    Build one with :meth:`initial`; change it only through :meth:`apply_throw` and :meth:`apply`.
    (A named tuple rather than a dataclass: states are made on every action of every simulated
    game, and tuples are the cheapest immutable value Python has.)
    """

    rules: Rules
    """The rule options in force."""
    seats: tuple
    """The seats in play, ascending (playing order S, E, N, W)."""
    pieces: tuple
    """Per seat 0..3: a tuple of 4 steps, or None for a seat nobody plays."""
    to_move: int
    """The seat whose turn it is."""
    phase: str
    """``"throw"``, ``"move"`` or ``"over"``."""
    pool: tuple = ()
    """Throw values waiting to be spent (one in move_each_throw)."""
    part: tuple | None = None
    """A partly spent split throw: (value, steps left, frozenset of pieces already moved by it)."""
    grace: bool = False
    """move_each_throw: the pending throw gives another throw when spent."""
    hits: int = 0
    """move_each_throw: capturing moves made with the pending throw."""
    owed: int = 0
    """move_each_throw: further throws the seat is owed after the pending one."""
    pool_captured: bool = False
    """throw_then_move: a throw spent from this pool captured (a new series follows)."""
    run: tuple = (None, 0)
    """cancel_three: (class of the last throw of the series, how many in a row)."""
    fresh: tuple = (True, True, True, True)
    """Per seat: the first-piece privilege still holds (no piece has ever left the Charkoni)."""
    captures: tuple = (0, 0, 0, 0)
    """Per seat: captures that count (for must_capture_before_home; revenge can void one)."""
    revenge: tuple = ()
    """Pending revenge chances: (capturer seat, piece, step, victim seat)."""
    winner: object = None
    """The winning seat, or with teams the tuple (0, 2) or (1, 3); None otherwise."""
    last_throw: Throw | None = None
    """The most recent throw of this turn (for display and narration)."""
    cancelled: tuple = ()
    """cancel_three: the values voided by the most recent throw (for narration)."""
    turn: int = 0
    """How many turns have begun before this one (0 for the first)."""

    # -- construction -----------------------------------------------------------------------

    @classmethod
    def initial(cls, rules: Rules, seats=(0, 1, 2, 3), to_move: int | None = None,
                pieces=None, captured=()) -> GameState:
        """A starting state: all pieces waiting (or ``pieces``), ``to_move`` to throw.

        Raises:
            ValueError: for seats, pieces or to_move that cannot be.
        """
        seats = tuple(sorted(seats))
        if pieces is None:
            pieces = tuple((0, 0, 0, 0) if s in seats else None for s in range(4))
        fresh = tuple(p is not None and all(x == 0 for x in p) for p in pieces)
        caps = tuple(1 if s in captured else 0 for s in range(4))
        if to_move is None:
            to_move = seats[0]
        state = cls(rules, seats, pieces, to_move, "throw", fresh=fresh, captures=caps)
        won = None
        for s in seats:
            if won is None:
                won = state._winner_after(s)
        if won is not None:
            return state._replace(phase="over", winner=won)
        if state.is_finished(to_move):
            raise ValueError(f"to_move={to_move} ({_NAMES[to_move]}) has all pieces home and cannot move")
        return state._check_dead()

    # -- queries --------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (a winner, or a dead position)."""
        return self.phase == "over"

    def is_terminal(self) -> bool:
        """Same as :attr:`is_over` (OpenSpiel's name)."""
        return self.phase == "over"

    def is_finished(self, seat: int) -> bool:
        """Whether every piece of ``seat`` is home."""
        p = self.pieces[seat]
        return p is not None and p == (84, 84, 84, 84)

    def has_all_entered(self, seat: int) -> bool:
        """Whether none of ``seat``'s pieces waits in the Charkoni (home pieces count as entered)."""
        return 0 not in self.pieces[seat]

    def on_board(self, seat: int) -> bool:
        """Whether ``seat`` has a piece on steps 1..83."""
        return any(0 < s < 84 for s in self.pieces[seat])

    def is_opponent(self, a: int, b: int) -> bool:
        """Whether seats ``a`` and ``b`` play against each other."""
        return not _partner(a, b, self.rules.teams)

    def make_throw(self, up: int) -> Throw:
        """The Throw that ``up`` mouths up gives the seat to move now (grace and entry decided).

        Raises:
            ValueError: when ``up`` is not 0..number of shells.
        """
        table = self.rules.table
        if isinstance(up, bool) or not isinstance(up, int) or not 0 <= up < len(table):
            raise ValueError(f"up must be the number of mouths up, 0..{len(table) - 1}, not {up!r}")
        value = table[up]
        rules = self.rules
        enters = value in rules.entry_graces
        grace = enters or (value in rules.bonus_graces and self.on_board(self.to_move))
        return Throw(up, value, grace, enters)

    def chance_outcomes(self) -> list[tuple[Throw, Fraction]]:
        """While a throw is due: each possible Throw with its exact probability (summing to 1)."""
        if self.phase != "throw":
            return []
        dist = up_distribution(self.rules.shells, self.rules.p_mouth_up)
        return [(self.make_throw(up), pr) for up, pr in dist.items()]

    def pending(self) -> tuple:
        """The throw values still to spend, the partly spent split throw first."""
        if self.part is not None:
            return (self.part[0],) + self.pool
        return self.pool

    def pyada_applies(self, seat: int, value: int) -> bool:
        """Whether spending ``value`` now earns pyada's extra step for ``seat``."""
        return self.rules.pyada and value in PYADA_VALUES and 0 not in self.pieces[seat]

    # -- move generation --------------------------------------------------------------------

    def _occupancy(self) -> dict:
        """Who stands where on the shared loop: loop index -> [(seat, piece), ...]."""
        occ: dict = {}
        pieces = self.pieces
        for s in self.seats:
            glob = _GLOBAL[s]
            for i, st in enumerate(pieces[s]):
                g = glob[st]
                if g >= 0:
                    if g in occ:
                        occ[g].append((s, i))
                    else:
                        occ[g] = [(s, i)]
        return occ

    def _land(self, seat: int, end: int, occ: dict):
        """(allowed, captures, blocking seat) for ``seat`` landing on ``end``."""
        here = occ.get(_GLOBAL[seat][end])
        if not here:
            return True, (), None
        teams = self.rules.teams
        opp = tuple(sp for sp in here if not _partner(sp[0], seat, teams))
        if not opp:
            return True, (), None
        if end in _CASTLES:
            if self.rules.castle_blocks_enemy:
                return False, (), opp[0][0]
            return True, (), None
        return True, opp, None

    def _moves_for(self, seat: int, value: int, occ: dict, out: list,
                   left: int | None = None, used=frozenset()) -> None:
        """Append the moves of ``seat`` spending ``value`` (or, with ``left``, continuing a split).

        Moves never repeat: each (kind, start, end) is produced once per value, so no set of
        seen keys is needed.
        """
        rules = self.rules
        mine = self.pieces[seat]
        waiting = 0 in mine
        split = rules.split_throw
        limit = 76 if (rules.must_capture_before_home and not self.captures[seat]) else 84
        land = self._land
        if left is None:
            if waiting:
                if value in rules.entry_graces:
                    end = 1 if rules.entry_mode == "square1" else value
                    if end <= limit and end <= 83:
                        ok, caps, _ = land(seat, end, occ)
                        if ok:
                            out.append(Move(seat, mine.index(0), 0, end, "enter", value, caps))
                    if not rules.grace_moves_before_all_entered:
                        return
                elif self.fresh[seat] and rules.first_piece_any_throw and value not in rules.bonus_graces:
                    # a bonus grace (7, 14) never enters a piece, not even the first (RULES.md 3.4)
                    piece = mine.index(0)
                    for amount in (range(1, value + 1) if split else (value,)):
                        if amount <= limit:
                            ok, caps, _ = land(seat, amount, occ)
                            if ok:
                                out.append(Move(seat, piece, 0, amount, "enter", value, caps))
            total = value + 1 if (rules.pyada and value in PYADA_VALUES and not waiting) else value
        else:
            total = left
        done = []
        for piece, start in enumerate(mine):
            if start == 0 or start == 84 or start in done or piece in used:
                continue
            done.append(start)
            if split:
                ends = range(start + 1, min(start + total, limit) + 1)
            elif start == 83 and value in rules.last_square_release:
                ends = (84,) if limit == 84 else ()
            else:
                end = start + total
                ends = (end,) if end <= limit else ()
            for end in ends:
                ok, caps, _ = land(seat, end, occ)
                if ok:
                    out.append(Move(seat, piece, start, end, "move", value, caps))

    def legal_moves(self) -> list[Move]:
        """Every legal move of the seat to move, in a stable order; empty unless ``phase == "move"``.

        Order: for each pending value ascending (or the partly spent split throw), entering moves
        first, then one group per occupied step taken in piece-index order (the step of piece 0
        first, unless it waits or is home), each group by ascending end step; the pass is always
        last.
        """
        if self.phase != "move":
            return []
        seat = self.to_move
        occ = self._occupancy()
        out: list = []
        if self.part is not None:
            value, left, used = self.part
            self._moves_for(seat, value, occ, out, left, used)
        elif len(self.pool) == 1:
            self._moves_for(seat, self.pool[0], occ, out)
        else:
            for value in sorted(set(self.pool)):
                self._moves_for(seat, value, occ, out)
        out.append(Move(seat, None, None, None, "pass", None, ()))
        return out

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` (matched by its key) is legal now."""
        return self.find(move) is not None

    def find(self, move: Move) -> Move | None:
        """The legal move with the same key as ``move`` (captures and piece filled in), or None."""
        want = (move.seat, move.kind, move.start, move.end, move.value)
        for m in self.legal_moves():
            if (m.seat, m.kind, m.start, m.end, m.value) == want:
                return m
            if m.kind == "pass" and move.kind == "pass" and move.seat == m.seat:
                return m
        return None

    # -- applying ---------------------------------------------------------------------------

    def apply_throw(self, throw: Throw | int) -> GameState:
        """The state after the seat to move throws ``throw`` (a Throw, or a number of mouths up).

        Raises:
            GameOverError: when the game is over.
            WrongPhaseError: when a move is due, not a throw.
        """
        if self.phase != "throw":
            if self.phase == "over":
                raise GameOverError("the game is over: no more throws")
            raise WrongPhaseError(
                f"{_NAMES[self.to_move]} must first spend or pass the pending throw(s) {list(self.pending())}",
                "move_due", {"seat": self.to_move, "pending": list(self.pending())})
        if not isinstance(throw, Throw):
            throw = self.make_throw(throw)
        return self._throw(throw)

    def _make_throw(self, up: int) -> Throw:
        """make_throw without checking ``up`` (for the engine's own loops)."""
        rules = self.rules
        value = rules.table[up]
        enters = value in rules.entry_graces
        if enters:
            return Throw(up, value, True, True)
        if value in rules.bonus_graces:
            return Throw(up, value, any(0 < x < 84 for x in self.pieces[self.to_move]), False)
        return Throw(up, value, False, False)

    def _throw(self, t: Throw) -> GameState:
        value = t.value
        if self.rules.turn_mode == "move_each_throw":
            return self._replace(phase="move", pool=(value,), part=None, grace=t.grace, hits=0,
                                 last_throw=t, cancelled=())
        pool = self.pool + (value,)
        if self.rules.cancel_three:
            cls = "high" if value in CANCEL_HIGH else value if value in (7, 14) else None
            n = self.run[1] + 1 if (cls is not None and cls == self.run[0]) else 1
            if cls is not None and n == 3:
                voided = pool[-3:]
                state = self._replace(pool=pool[:-3], run=(None, 0), last_throw=t, cancelled=voided)
                if state.pool or state.part is not None:
                    return state._replace(phase="move")
                return state._end_turn()
            run = (cls, n)
        else:
            run = self.run
        if t.grace:
            return self._replace(pool=pool, run=run, last_throw=t, cancelled=())
        return self._replace(phase="move", pool=pool, run=run, last_throw=t, cancelled=())

    def apply(self, move: Move) -> GameState:
        """The state after ``move``, which must be legal.

        Raises:
            IllegalMoveError (or NotYourTurnError / WrongPhaseError): with the reason.
            GameOverError: when the game is over.
        """
        legal = self.find(move)
        if legal is None:
            raise self.illegal(move)
        return self._apply(legal)

    def _apply(self, m: Move) -> GameState:
        """Apply a move taken from :meth:`legal_moves` (not checked again)."""
        rules = self.rules
        seat = m.seat
        if m.kind == "pass":
            return self._replace(pool=(), part=None)._spent()
        pieces = list(self.pieces)
        mine = list(pieces[seat])
        mine[m.piece] = m.end
        pieces[seat] = tuple(mine)
        fresh = self.fresh
        if m.start == 0 and fresh[seat]:
            fresh = fresh[:seat] + (False,) + fresh[seat + 1:]
        captures = self.captures
        revenge = self.revenge
        if m.captures:
            victims = set()
            for vs, vp in m.captures:
                vt = list(pieces[vs])
                vt[vp] = 0
                pieces[vs] = tuple(vt)
                victims.add(vs)
            caps = list(captures)
            caps[seat] += 1
            if rules.revenge_rule:
                keep = []
                for rec in revenge:
                    cs, cp, cstep, victim = rec
                    if victim == seat and (cs, cp) in m.captures and self.pieces[cs][cp] == cstep:
                        # the capturing piece, still on the square of its capture, is taken
                        # back at once: that capture is void
                        caps[cs] = max(0, caps[cs] - 1)
                    else:
                        keep.append(rec)
                keep.extend((seat, m.piece, m.end, v) for v in sorted(victims))
                revenge = tuple(keep)
            captures = tuple(caps)
        # spend the throw
        pool = self.pool
        part = self.part
        if part is not None:
            value, left, used = part
            left -= m.end - m.start
            part = (value, left, used | {m.piece}) if left > 0 else None
        else:
            i = pool.index(m.value)
            pool = pool[:i] + pool[i + 1:]
            if rules.split_throw and not (m.kind == "enter" and m.value in rules.entry_graces):
                total = m.value + 1 if self.pyada_applies(seat, m.value) else m.value
                left = total - (m.end - m.start)
                if left > 0:
                    part = (m.value, left, frozenset({m.piece}))
        state = self._replace(
            pieces=tuple(pieces), fresh=fresh, captures=captures, revenge=revenge, pool=pool,
            part=part, hits=self.hits + (1 if m.captures else 0),
            pool_captured=self.pool_captured or bool(m.captures), cancelled=())
        if mine == [84, 84, 84, 84]:
            won = state._winner_after(seat)
            if won is not None:
                return state._replace(phase="over", winner=won, pool=(), part=None)
            return state._end_turn()
        if pool or part is not None:
            return state
        return state._spent()

    def _winner_after(self, seat: int):
        if not self.is_finished(seat):
            return None
        if not self.rules.teams:
            return seat
        team = team_of(seat)
        if all(self.is_finished(s) for s in team):
            return team
        return None

    def _spent(self) -> GameState:
        """Everything pending is spent or passed: throw again or end the turn."""
        rules = self.rules
        if rules.turn_mode == "move_each_throw":
            earned = 1 if self.grace else 0
            if rules.capture_extra_throw and self.hits > earned:
                earned = self.hits
            owed = self.owed + earned
            if owed:
                return self._replace(phase="throw", pool=(), part=None, grace=False, hits=0, owed=owed - 1)
            return self._end_turn()
        if self.pool_captured and rules.capture_extra_throw:
            return self._replace(phase="throw", pool=(), part=None, pool_captured=False, run=(None, 0))
        return self._end_turn()

    def _end_turn(self) -> GameState:
        seats = self.seats
        i = seats.index(self.to_move)
        ended = {self.to_move}
        nxt = None
        for k in range(1, len(seats) + 1):
            s = seats[(i + k) % len(seats)]
            if not self.is_finished(s):
                nxt = s
                break
            ended.add(s)
        if nxt is None:  # nobody can move (cannot happen outside teams, where the game is won)
            return self._replace(phase="over", pool=(), part=None)
        revenge = tuple(r for r in self.revenge if r[3] not in ended) if self.revenge else ()
        state = self._replace(
            to_move=nxt, phase="throw", pool=(), part=None, grace=False, hits=0, owed=0,
            pool_captured=False, run=(None, 0), revenge=revenge, turn=self.turn + 1)
        return state._check_dead()

    # -- dead positions ---------------------------------------------------------------------

    def _seat_can_move(self, seat: int, occ: dict) -> bool:
        for value in self.rules.values:
            out: list = []
            self._moves_for(seat, value, occ, out)
            if out:
                return True
        return False

    def _check_dead(self) -> GameState:
        """Mark the game over (winner None) when no seat can ever move again."""
        graces = self.rules.entry_graces
        square1 = self.rules.entry_mode == "square1"
        for s in self.seats:
            for st in self.pieces[s]:
                # a piece on 1..72 always has a move: of the steps +2, +3, +4 (every table has
                # them) at most one is a castle, and none passes step 76.
                if 0 < st <= 72 or (st == 0 and graces and square1):
                    return self
        occ = self._occupancy()
        for s in self.seats:
            if not self.is_finished(s) and self._seat_can_move(s, occ):
                return self
        return self._replace(phase="over", winner=None, pool=(), part=None)

    @property
    def is_dead(self) -> bool:
        """Whether the game ended with nobody able to move (no winner)."""
        return self.phase == "over" and self.winner is None

    # -- explaining refusals ----------------------------------------------------------------

    def illegal(self, move) -> IllegalMoveError:
        """The error explaining why ``move`` is not legal here (the caller raises it)."""
        code, params, cls = self._why(move)
        from .explain import reason_text

        return cls(reason_text(code, params, "en"), code, params)

    def _why(self, move):
        if not isinstance(move, Move):
            return "not_a_move", {"got": repr(move)}, IllegalMoveError
        if self.phase == "over":
            return "game_over", {}, IllegalMoveError
        if self.phase == "throw":
            return "throw_first", {"seat": self.to_move}, WrongPhaseError
        if move.seat != self.to_move:
            return "not_your_turn", {"seat": move.seat, "to_move": self.to_move}, NotYourTurnError
        if move.kind not in ("enter", "move", "pass"):
            return "bad_kind", {"kind": move.kind}, IllegalMoveError
        seat = move.seat
        mine = self.pieces[seat]
        base = {"seat": seat, "start": move.start, "end": move.end, "value": move.value}
        pending = list(self.pending())
        if self.part is not None:
            value, left, used = self.part
            if move.value != value:
                return "continue_split", dict(base, split=value, left=left), IllegalMoveError
        elif move.value not in self.pool:
            return "no_such_throw", dict(base, pending=pending), IllegalMoveError
        if move.start not in mine:
            return "no_piece_there", base, IllegalMoveError
        if move.start == 84:
            return "already_home", base, IllegalMoveError
        rules = self.rules
        value = move.value
        waiting = 0 in mine
        if move.kind == "enter" or move.start == 0:
            if move.start != 0:
                return "enter_from_charkoni", base, IllegalMoveError
            if value in rules.bonus_graces and value not in rules.entry_graces:
                return "bonus_never_enters", dict(base, graces=sorted(rules.entry_graces)), IllegalMoveError
            if value not in rules.entry_graces and not (self.fresh[seat] and rules.first_piece_any_throw):
                return "needs_grace", dict(base, graces=sorted(rules.entry_graces)), IllegalMoveError
            if self.part is not None:
                return "no_split_entry", base, IllegalMoveError
            if value in rules.entry_graces and rules.entry_mode == "square1" and move.end != 1:
                return "enters_on_1", base, IllegalMoveError
        else:
            if waiting and value in rules.entry_graces and not rules.grace_moves_before_all_entered \
                    and self.part is None:
                return "grace_must_enter", base, IllegalMoveError
            if self.part is not None and not any(
                    mine[p] == move.start for p in range(4) if p not in self.part[2]):
                return "piece_used", base, IllegalMoveError
        if move.end is None or move.start is None or move.end <= move.start:
            return "forward_only", base, IllegalMoveError
        if move.end > 84:
            return "overshoot", dict(base, home_in=84 - move.start, distance=move.end - move.start), \
                IllegalMoveError
        if rules.must_capture_before_home and not self.captures[seat] and move.end > 76:
            return "must_capture", base, IllegalMoveError
        occ = self._occupancy()
        ok, _, holder = self._land(seat, move.end, occ)
        if not ok:
            return "castle_held", dict(base, holder=holder), IllegalMoveError
        if move.kind != "enter" and not rules.split_throw:
            total = value + 1 if self.pyada_applies(seat, value) else value
            if move.start + total > 84 and not (move.start == 83 and value in rules.last_square_release):
                return "overshoot", dict(base, home_in=84 - move.start, distance=total), IllegalMoveError
            if move.end - move.start != total:
                return "wrong_distance", dict(base, distance=total, pyada=total != value), IllegalMoveError
        return "not_legal", base, IllegalMoveError

    # -- output -----------------------------------------------------------------------------

    def to_dict(self) -> dict:
        """A JSON-safe snapshot of the position (for views and records; not needed to restore)."""
        return {
            "seats": list(self.seats),
            "pieces": [None if p is None else list(p) for p in self.pieces],
            "to_move": self.to_move,
            "phase": self.phase,
            "pool": list(self.pool),
            "part": None if self.part is None else
            {"value": self.part[0], "left": self.part[1], "used": sorted(self.part[2])},
            "pending": list(self.pending()),
            "owed": self.owed,
            "fresh": list(self.fresh),
            "captures": list(self.captures),
            "revenge": [list(r) for r in self.revenge],
            "winner": list(self.winner) if isinstance(self.winner, tuple) else self.winner,
            "last_throw": None if self.last_throw is None else {
                "up": self.last_throw.up, "value": self.last_throw.value,
                "grace": self.last_throw.grace, "enters": self.last_throw.enters},
            "cancelled": list(self.cancelled),
            "turn": self.turn,
        }

    def notation(self) -> str:
        """A short text of the position: seat to move, phase, pending throws and every seat's steps."""
        seats = " ".join(
            f"{_NAMES[s][0]}:{','.join(map(str, self.pieces[s]))}" for s in self.seats)
        pend = ",".join(map(str, self.pending())) or "-"
        return f"[{_NAMES[self.to_move]} {self.phase} {pend} | {seats}]"

    def _repr_svg_(self) -> str:
        from .svg import board_svg

        return board_svg(self)
