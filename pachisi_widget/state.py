"""The immutable game state (RULES.md sections 3 and 5), a value on top of the rules engine.

A :class:`GameState` is a value: :meth:`GameState.apply` and :meth:`GameState.apply_throw`
return new states and never change the old one. The rules themselves are written once, in
:mod:`pachisi_widget.engine`: a state loads itself into an :class:`~pachisi_widget.engine.Engine`
to list its moves or to apply one, and the new state is made from the engine's fields. A state's
legal moves are computed once and kept with it (a state never changes, so neither do they).

Chance is explicit, in the OpenSpiel style: while ``phase == "throw"`` the state lists its
:meth:`GameState.chance_outcomes` with exact probabilities, and applying a chosen
:class:`Throw` is deterministic. Only :class:`pachisi_widget.Game` holds a random generator.

Turn flow, ``move_each_throw`` (the classic game): the seat to move throws; the state goes to
``phase == "move"`` with that one throw pending; the seat plays a move with it or passes (a pass
is always listed, and is the only move when the throw is lost). When the throw is spent the seat
throws again if it owes itself a throw (a grace, or a capture with it), else the turn passes
counter-clockwise.

Turn flow, ``throw_then_move``: the seat throws until a throw that gives no further throw, the
values collecting in ``pool``; then it spends the pool one throw per move in any order; a pass
gives up the rest of the pool. If a spent throw captured, one new series of throws follows.

The decisions taken where RULES.md is silent are listed in :mod:`pachisi_widget.engine`.

>>> import pachisi_widget as pw
>>> s = GameState.initial(pw.Rules(), (0, 2), to_move=0)
>>> s = s.apply_throw(0)              # 0 mouths up: a 25, an entry grace
>>> [str(m) for m in s.legal_moves()]
['South piece 0 enters 0->1 with 25', 'South passes']
>>> s.apply(s.legal_moves()[0]).pieces[0]
(1, 0, 0, 0)
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from .board import HOME, SEAT_NAMES
from .engine import Engine, Move, team_of
from .errors import GameOverError, IllegalMoveError, WrongPhaseError, say, short_repr
from .rules import Rules
from .throws import Throw, up_distribution

if TYPE_CHECKING:  # names for the type checker only: nothing here runs
    from collections.abc import Iterable, Sequence

    from .engine import Event, Part, Winner

__all__ = ["Move", "GameState", "PHASES", "team_of", "seat_name", "find_move", "plain_move"]

PHASES = ("throw", "move", "over")
_NAMES = SEAT_NAMES
_new = tuple.__new__


def seat_name(seat: int) -> str:
    """English name of a seat: South, East, North or West."""
    return _NAMES[seat]


class _Fields(NamedTuple):
    """The fields of a :class:`GameState` (rules first, then :data:`engine.STATE_FIELDS`)."""

    rules: Rules
    """The rule options in force."""
    seats: tuple[int, ...]
    """The seats in play, ascending (playing order S, E, N, W)."""
    pieces: tuple[Any, ...]
    """Per seat 0..3: a tuple of 4 steps, or None for a seat nobody plays."""
    to_move: int
    """The seat whose turn it is."""
    phase: str
    """``"throw"``, ``"move"`` or ``"over"``."""
    pool: tuple[int, ...] = ()
    """Throw values waiting to be spent (one in move_each_throw)."""
    part: Part | None = None
    """A partly spent split throw: (value, steps left, frozenset of pieces already moved by it)."""
    grace: bool = False
    """move_each_throw: the pending throw gives another throw when spent."""
    hits: int = 0
    """move_each_throw: capturing moves made with the pending throw."""
    owed: int = 0
    """move_each_throw: further throws the seat is owed after the pending one."""
    pool_captured: bool = False
    """throw_then_move: a throw spent from this pool captured (a new series follows)."""
    run: tuple[str | int | None, int] = (None, 0)
    """cancel_three: (class of the last throw of the series, how many in a row)."""
    fresh: tuple[bool, ...] = (True, True, True, True)
    """Per seat: the first-piece privilege still holds (no piece has ever left the Charkoni)."""
    captures: tuple[int, ...] = (0, 0, 0, 0)
    """Per seat: captures that count (for must_capture_before_home; revenge can void one)."""
    revenge: tuple[tuple[int, int, int], ...] = ()
    """Open revenges (RULES.md section 5): (capturer seat, its step of the capture, victim seat)."""
    winner: Winner = None
    """The winning seat, or with teams the tuple (0, 2) or (1, 3); None otherwise."""
    last_throw: Throw | None = None
    """The most recent throw of this turn (for display and narration)."""
    cancelled: tuple[int, ...] = ()
    """cancel_three: the values voided by the most recent throw (for narration)."""
    turn: int = 0
    """How many turns have begun before this one (0 for the first)."""
    idle: int = 0
    """Throws in a row that moved no piece (the game is dead at
    :data:`~pachisi_widget.tables.IDLE_THROWS_MAX`)."""
    events: tuple[Event, ...] = ()
    """What the rules did in the action that led here, as (code, ((name, value), ...)) pairs:
    pyada's extra step, a release, a capture, a revenge, a castle, ... (for narration)."""


def plain_move(move: object) -> Move | None:
    """``move`` as a :class:`Move` whose fields are plain values (exact ints or None, a str), or
    None when it is not a Move or a field is anything else.

    What a player returns is read through this before it is compared with the legal moves: a
    subclass of Move or a field whose ``__eq__`` or ``__hash__`` raises, lies or runs code is
    never called, and is simply not a legal move.

    >>> plain_move(Move(0, 1, 12, 16, "move", 4)) == Move(0, 1, 12, 16, "move", 4)
    True
    >>> plain_move(Move(0, 1, 12, 16.0, "move", 4)) is None
    True
    """
    if not isinstance(move, Move) or tuple.__len__(move) != 7:
        return None
    fields: tuple[Any, ...] = tuple.__getitem__(move, slice(0, 6))
    seat, piece, start, end, kind, value = fields
    if type(seat) is not int or type(kind) is not str:
        return None
    for x in (piece, start, end, value):
        if x is not None and type(x) is not int:
            return None
    if type(move) is Move:
        return move
    return Move(seat, piece, start, end, kind, value, ())


def find_move(moves: Sequence[Move], move: object) -> Move | None:
    """The move of ``moves`` with the same key as ``move`` (seat, kind, start, end, value), or None.

    ``move`` is compared by value only (see :func:`plain_move`): anything but a Move of plain
    fields is found nowhere.
    """
    if type(move) is not Move:
        move = plain_move(move)
        if move is None:
            return None
    seat, _, start, end, kind, value, _ = move
    if type(seat) is not int or type(kind) is not str:
        return None
    if kind == "pass":
        for m in moves:
            if m.kind == "pass" and m.seat == seat:
                return m
        return None
    if (
        (type(start) is not int and start is not None)
        or (type(end) is not int and end is not None)
        or (type(value) is not int and value is not None)
    ):
        return None
    for m in moves:
        if (
            m.end == end
            and m.start == start
            and m.value == value
            and m.seat == seat
            and m.kind == kind
        ):
            return m
    return None


class GameState(_Fields):
    """A position of the game with everything the rules need to go on; an immutable value.

    Build one with :meth:`initial`; change it only through :meth:`apply_throw` and :meth:`apply`.
    (A named tuple rather than a dataclass: states are made on every action of every simulated
    game, and tuples are the cheapest immutable value Python has. The only thing a state keeps
    beside its fields is the list of its legal moves, once asked for.)
    """

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(
            f"a GameState is an immutable value: {name!r} cannot be set "
            "(apply() and apply_throw() return new states)"
        )

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a GameState is an immutable value: {name!r} cannot be deleted")

    # -- construction -----------------------------------------------------------------------

    @classmethod
    def initial(
        cls,
        rules: Rules,
        seats: Iterable[int] = (0, 1, 2, 3),
        to_move: int | None = None,
        pieces: Iterable[Iterable[int] | None] | None = None,
        captured: Iterable[int] = (),
    ) -> GameState:
        """A starting state: all pieces waiting (or ``pieces``), ``to_move`` to throw.

        Raises:
            ValueError: for seats, pieces or to_move that cannot be.
        """
        return cls.of(Engine(rules, seats, to_move, pieces, captured))

    @classmethod
    def of(cls, engine: Engine, legal: list[Move] | None = None) -> GameState:
        """The state an engine holds now (a copy: the engine may go on); ``legal``, when given,
        is the engine's :meth:`~pachisi_widget.engine.Engine.legal_moves` of this position."""
        state = _new(cls, engine.state_tuple())
        if legal is not None:
            state.__dict__["legal"] = legal
        return state

    def engine(self, narrate: bool = True) -> Engine:
        """A new :class:`~pachisi_widget.engine.Engine` holding this position."""
        e = Engine.loaded(self.rules, self[1:], narrate)
        counts = self.__dict__.get("counts")
        if counts is not None:  # (the engine may move pieces: a copy of its own)
            e._sq = counts[:]
        return e

    # -- queries --------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (a winner, or a dead position)."""
        return self.phase == "over"

    def is_terminal(self) -> bool:
        """Same as :attr:`is_over` (OpenSpiel's name)."""
        return self.phase == "over"

    @property
    def is_dead(self) -> bool:
        """Whether the game ended with nobody able to move (no winner)."""
        return self.phase == "over" and self.winner is None

    def is_finished(self, seat: int) -> bool:
        """Whether every piece of ``seat`` is home."""
        p = self.pieces[seat]
        return p is not None and p == (HOME, HOME, HOME, HOME)

    def has_all_entered(self, seat: int) -> bool:
        """Whether none of ``seat``'s pieces waits in the Charkoni (home pieces count as entered)."""
        return 0 not in self.pieces[seat]

    def on_board(self, seat: int) -> bool:
        """Whether ``seat`` has a piece on steps 1..83."""
        return any(0 < s < HOME for s in self.pieces[seat])

    def is_opponent(self, a: int, b: int) -> bool:
        """Whether seats ``a`` and ``b`` play against each other."""
        return not (a == b or (self.rules.teams and (a - b) % 2 == 0))

    def pending(self) -> tuple[int, ...]:
        """The throw values still to spend, the partly spent split throw first."""
        if self.part is not None:
            return (self.part[0], *self.pool)
        return self.pool

    def pyada_applies(self, seat: int, value: int) -> bool:
        """Whether spending ``value`` now earns pyada's extra step for ``seat``."""
        return self.engine(False).pyada_applies(seat, value)

    def twenty_five_outlook(self, seat: int) -> str:
        """What a throw of 25 would do now for ``seat``'s piece on the 25-castle (see
        :meth:`pachisi_widget.engine.Engine.twenty_five_outlook`)."""
        return self.engine(False).twenty_five_outlook(seat)

    def make_throw(self, up: int) -> Throw:
        """The Throw that ``up`` mouths up gives the seat to move now (grace and entry decided).

        Raises:
            ValueError: when ``up`` is not 0..number of shells.
        """
        return self.engine(False).make_throw(up)

    def chance_outcomes(self) -> list[tuple[Throw, Fraction]]:
        """While a throw is due: each possible Throw with its exact probability (summing to 1)."""
        if self.phase != "throw":
            return []
        dist = up_distribution(self.rules.shells, self.rules.p_mouth_up)
        e = self.engine(False)
        return [(e.make_throw(up), pr) for up, pr in dist.items()]

    # -- moves ------------------------------------------------------------------------------

    def _legal(self, engine: Engine | None = None) -> list[Move]:
        """The legal moves, computed once (the list itself: callers must not change it);
        ``engine``, when given, holds this very position (a Game's live engine)."""
        memo = self.__dict__
        moves = memo.get("legal")
        if moves is None:
            if self.phase != "move":
                moves = []
            elif engine is not None:  # (the live engine goes on: its count is its own)
                moves = engine.legal_moves()
            else:
                # A move generation never changes an engine's count of pieces per square
                # (Engine._sq), so its engine shares this state's, and this state keeps the one
                # it made: the states a state makes by its moves and throws pass the count on,
                # so a chain of states counts its pieces once, not once a move generation.
                e = Engine.loaded(self.rules, self[1:], False)
                e._sq = memo.get("counts")
                moves = e.legal_moves()
                memo["counts"] = e._sq
            memo["legal"] = moves
        return moves

    def legal_moves(self) -> list[Move]:
        """Every legal move of the seat to move, in a stable order; empty unless ``phase == "move"``.

        Order: for each pending value ascending (or the partly spent split throw), entering moves
        first, then one group per occupied step taken in piece-index order (the step of piece 0
        first, unless it waits or is home), each group by ascending end step; the pass is always
        last.
        """
        return list(self._legal())

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` (matched by its key) is legal now."""
        return self.find(move) is not None

    def find(self, move: object) -> Move | None:
        """The legal move with the same key as ``move`` (captures and piece filled in), or None."""
        return find_move(self._legal(), move)

    # -- applying ---------------------------------------------------------------------------

    def apply_throw(self, throw: Throw | int) -> GameState:
        """The state after the seat to move throws ``throw`` (a Throw, or a number of mouths up).

        Raises:
            GameOverError: when the game is over.
            WrongPhaseError: when a move is due, not a throw.
            ValueError: for a number of mouths up the shells cannot show.
        """
        self.check_throw()
        e = Engine.loaded(self.rules, self[1:])
        e._sq = self.__dict__.get("counts")  # (a throw moves no piece: shared, see _legal)
        e.throw_value(throw if isinstance(throw, Throw) else e.make_throw(throw))
        state = GameState.of(e)
        if e._sq is not None:
            state.__dict__["counts"] = e._sq
        return state

    def check_throw(self) -> None:
        """Raise the error that a throw now would meet, if any.

        Raises:
            GameOverError: when the game is over.
            WrongPhaseError: when a move is due, not a throw.
        """
        if self.phase != "throw":
            if self.phase == "over":
                raise GameOverError(say("arg_game_over_throws"), code="game_over")
            raise WrongPhaseError(
                f"{_NAMES[self.to_move]} must first spend or pass the pending throw(s) {list(self.pending())}",
                "move_due",
                {"seat": self.to_move, "pending": list(self.pending())},
            )

    def apply(self, move: Move) -> GameState:
        """The state after ``move``, which must be legal (matched by its key, see :meth:`find`).

        Raises:
            IllegalMoveError (or NotYourTurnError / WrongPhaseError): with the reason.
        """
        legal = self.find(move)
        if legal is None:
            raise self.illegal(move)
        e = Engine.loaded(self.rules, self[1:])  # (self.engine(), written out)
        counts = self.__dict__.get("counts")
        if counts is not None:  # (the engine moves pieces: a copy of its own)
            e._sq = counts[:]
        e.play(legal)
        state = GameState.of(e)
        if e._sq is not None:  # (this engine is dropped: the new state keeps its count)
            state.__dict__["counts"] = e._sq
        return state

    def illegal(self, move: object) -> IllegalMoveError:
        """The error explaining why ``move`` is not legal here (the caller raises it)."""
        plain = plain_move(move)
        if plain is None:  # not a Move, or one of fields no rule can read: say what it is
            return IllegalMoveError.from_code("not_a_move", {"got": short_repr(move)})
        code, params, cls = self.engine(False).why(plain)
        return cls.from_code(code, params)

    # -- output -----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe snapshot of the position (for views and records; not needed to restore)."""
        return {
            "seats": list(self.seats),
            "pieces": [None if p is None else list(p) for p in self.pieces],
            "to_move": self.to_move,
            "phase": self.phase,
            "pool": list(self.pool),
            "part": None
            if self.part is None
            else {"value": self.part[0], "left": self.part[1], "used": sorted(self.part[2])},
            "pending": list(self.pending()),
            "owed": self.owed,
            "fresh": list(self.fresh),
            "captures": list(self.captures),
            "revenge": [list(r) for r in self.revenge],
            "winner": list(self.winner) if isinstance(self.winner, tuple) else self.winner,
            "last_throw": None
            if self.last_throw is None
            else {
                "up": self.last_throw.up,
                "value": self.last_throw.value,
                "grace": self.last_throw.grace,
                "enters": self.last_throw.enters,
            },
            "cancelled": list(self.cancelled),
            "turn": self.turn,
        }

    def notation(self) -> str:
        """A short text of the position: seat to move, phase, pending throws and every seat's steps."""
        seats = " ".join(f"{_NAMES[s][0]}:{','.join(map(str, self.pieces[s]))}" for s in self.seats)
        pend = ",".join(map(str, self.pending())) or "-"
        return f"[{_NAMES[self.to_move]} {self.phase} {pend} | {seats}]"
