"""The rules of play, written once (RULES.md sections 3 and 5).

:class:`Engine` is a position of the game as compact mutable data (lists of steps, precomputed
tables, no allocation per move beyond the :class:`Move` itself) together with every rule that
changes it: the throw, the legal moves, playing a move, the end of a turn, a dead position, and
why a move is refused. It is one module of over 600 lines on purpose: the rules are read (and
checked against RULES.md) in one place, and the hot path of move generation stays free of calls
across modules. Everything else runs on it:

- :class:`~pachisi_widget.state.GameState`, the immutable value lessons and players see, loads
  itself into an engine to list moves or apply one, and is made from the engine's fields after;
- :class:`~pachisi_widget.game.Game` keeps one engine live beside its current state;
- :func:`~pachisi_widget.simulate.simulate`'s pure-Python path plays whole games on it directly.

While ``narrate`` is on, :meth:`Engine.throw` and :meth:`Engine.play` report what the rules did in
:attr:`Engine.events` (pyada's extra step, a last-square release, a capture and what it earned,
a revenge that voided a capture, a castle and what the 25-castle promises): the narration reads
these instead of deciding the rules again.

Decisions where RULES.md is silent (each follows the rules text or what a player expects):

- A pending *entry grace* while the seat has a waiting piece can only enter a piece or be
  passed (unless ``grace_moves_before_all_entered``); once all entered it moves like any value.
- The first-piece privilege (``first_piece_any_throw``) applies while every piece of the seat
  still waits and none has ever left; a non-grace throw then moves a piece its value from the
  Charkoni (kind ``"enter"``); with ``split_throw`` it may take any part of the throw. A bonus
  grace (7, 14) never enters a piece, not even the first (RULES.md 3.4): it is then lost.
- ``split_throw``: once a throw is partly spent, later moves continue that throw (on pieces not
  yet moved by it) until it is used up or the seat passes; a pass gives up what is left (in
  ``throw_then_move``, the whole pool). The last-square release needs a whole throw, so with
  split throws a piece on step 83 simply takes a part of 1 (an exact count).
- The extra throw for a capture is counted per capturing move, with the grace of the same throw
  folded in: a throw earns ``max(grace, capturing moves)`` further throws.
- The revenge rule (RULES.md section 5): a capture by seat P1 on its step s opens a revenge for
  each victim seat; it lasts while P1 has a piece on s without a break and until the end of the
  victim's next turn. The victim capturing P1's pieces on s then voids P1's capture. Pieces of a
  seat are interchangeable, so the outcome never depends on piece indices.
- The opening throws (RULES.md 3.1) are capped at :data:`~pachisi_widget.tables.OPENING_ROUNDS_MAX`
  tied rounds (only a bias near 0 or 1 ties that often): the lowest seat among the tied starts.

>>> from pachisi_widget import Rules
>>> e = Engine(Rules(), (0, 2), to_move=0)
>>> e.throw(0)                        # 0 mouths up: a 25, an entry grace
Throw(up=0, value=25, grace=True, enters=True)
>>> [str(m) for m in e.legal_moves()]
['South piece 0 enters 0->1 with 25', 'South passes']
>>> e.play(e.legal_moves()[0]); e.pieces[0], e.phase
([1, 0, 0, 0], 'throw')
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from itertools import accumulate
from typing import TYPE_CHECKING, Any, NamedTuple, TypeAlias

from .board import HOME, SEAT_NAMES, TWENTY_FIVE_STEP
from .errors import (
    IllegalMoveError,
    NotYourTurnError,
    PositionError,
    WrongPhaseError,
    short_repr,  # one place for every module's messages
)
from .rules import CANCEL_HIGH, Rules
from .tables import (
    IDLE_THROWS_MAX,
    IS_CASTLE,
    LAST_SURE_STEP,
    LOOP_OF,
    ON_LOOP_LAST,
    OPENING_ROUNDS_MAX,
)
from .throws import Throw, up_distribution

if TYPE_CHECKING:  # names for the type checker only: nothing here runs
    from collections.abc import Iterable
    from typing import Protocol, TypeAlias

    Capture: TypeAlias = "tuple[int, int]"
    """A captured piece: (seat, piece index)."""
    Winner: TypeAlias = "int | tuple[int, int] | None"
    """The winning seat, or with teams (0, 2) or (1, 3); None while nobody has won."""
    Part: TypeAlias = "tuple[int, int, frozenset[int]]"
    """A partly spent split throw: (value, steps left, pieces already moved by it)."""
    Event: TypeAlias = "tuple[str, tuple[tuple[str, Any], ...]]"
    """What the rules did, for narration: (code, ((name, value), ...))."""
    Why: TypeAlias = "tuple[str, dict[str, Any], type[IllegalMoveError]]"
    """Why a move is refused: (code, params, error class)."""

    class Uniform(Protocol):
        """Anything with ``random()``: a ``random.Random``, or a :class:`~pachisi_widget.Game`."""

        def random(self) -> float: ...


__all__ = [
    "Engine",
    "Move",
    "STATE_FIELDS",
    "opening",
    "throw_cdf",
    "draw_up",
    "team_of",
    "short_repr",
]

_NAMES = SEAT_NAMES
_FINISHED = [HOME, HOME, HOME, HOME]
_WAIT = TWENTY_FIVE_STEP
_SURE = LAST_SURE_STEP
_FREE = (True, (), None)
_NO_RUN = (None, 0)
_NOTABLE_END = tuple(end == HOME or IS_CASTLE[end] for end in range(HOME + 1))
"""Per end step: a move ending there is narrated (home, or a castle)."""
_AFTER: dict[tuple[int, ...], dict[int, tuple[int, ...]]] = {
    seats: {s: seats[i + 1 :] + seats[: i + 1] for i, s in enumerate(seats)}
    for seats in (
        (0, 1, 2, 3),
        (0, 1, 2),
        (0, 1, 3),
        (0, 2, 3),
        (1, 2, 3),
        (0, 1),
        (0, 2),
        (0, 3),
        (1, 2),
        (1, 3),
        (2, 3),
    )
}
"""Per set of seats in play and seat: the seats in playing order after it (itself last)."""

STATE_FIELDS = (
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
    "last_throw",
    "cancelled",
    "turn",
    "idle",
    "events",
)
"""The fields of a position, in the order :meth:`Engine.fields` gives and :meth:`Engine.load` takes
them (the fields of :class:`~pachisi_widget.state.GameState` after ``rules``)."""


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
    captures: tuple[Capture, ...] = ()
    """The opponent pieces sent back to the Charkoni, as (seat, piece) pairs."""

    @classmethod
    def pass_for(cls, seat: int) -> Move:
        """The pass of ``seat``: decline to use the pending throw(s)."""
        return cls(seat, None, None, None, "pass", None, ())

    @property
    def key(self) -> tuple[int, str, int | None, int | None, int | None]:
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

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (captures as lists)."""
        d: dict[str, Any] = self._asdict()
        d["captures"] = [list(c) for c in self.captures]
        return d


_new_move = tuple.__new__
_PASSES = tuple(Move.pass_for(seat) for seat in range(4))
"""The pass of each seat (a move is a value: one pass per seat serves every position)."""


def throw_cdf(rules: Rules) -> list[float]:
    """The float CDF over mouths up that every throw is drawn through (one uniform draw each)."""
    return list(_compile(rules).cdf)  # (worked out once per rules: exact fractions are slow)


def draw_up(cdf: list[float], u: float) -> int:
    """Mouths up for the uniform draw ``u`` in [0, 1) through ``cdf`` (:func:`throw_cdf`)."""
    up = bisect_right(cdf, u)
    top = len(cdf) - 1
    return up if up < top else top


def opening(
    rules: Rules,
    seats: Iterable[int],
    rng: Uniform,
    cdf: list[float] | None = None,
    rounds: list[dict[int, int]] | None = None,
) -> int:
    """The starting seat by the opening throws (RULES.md 3.1): every seat throws once, the highest
    value starts, ties throw again among the tied. ``rounds``, when given, receives each round as
    a dict seat -> mouths up. After :data:`~pachisi_widget.tables.OPENING_ROUNDS_MAX` tied rounds
    (only a strongly biased shell ties that often) the lowest seat among the tied starts."""
    if cdf is None:
        cdf = throw_cdf(rules)
    table = rules.table
    contenders = list(seats)
    for _ in range(OPENING_ROUNDS_MAX):
        ups = {s: draw_up(cdf, rng.random()) for s in contenders}
        if rounds is not None:
            rounds.append(ups)
        best = max(table[u] for u in ups.values())
        contenders = [s for s in contenders if table[ups[s]] == best]
        if len(contenders) == 1:
            break
    return contenders[0]


@dataclass(frozen=True, slots=True)
class _Compiled:
    """The rule options an engine reads on every move, looked up once per Rules (a slotted
    class, not a named tuple: the interpreter reads slots fastest)."""

    table: tuple[int, ...]
    entry: frozenset[int]
    bonus: frozenset[int]
    first_any: bool
    square1: bool
    gmbae: bool
    split: bool
    cap_extra: bool
    blocks: bool
    release: frozenset[int]
    mustcap: bool
    revenge: bool
    ttm: bool
    cancel3: bool
    pyada: bool
    teams: bool
    values: tuple[int, ...]
    throws: tuple[tuple[Throw, Throw], ...]
    """Per mouths up: (the Throw without a bonus, the Throw with it)."""
    distance: tuple[tuple[int, ...], ...]
    """[waiting][value]: :meth:`Rules.distance`, looked up (pyada's extra step)."""
    graces1: bool
    """Entry graces enter on step 1 (so a waiting piece can always move: the game is not dead)."""
    top: int
    """The highest throw value (the length of a plan table's rows, less one)."""
    plain: bool
    """The usual game: ``move_each_throw``, whole throws, no pyada (:meth:`Engine.play`'s
    short way)."""
    cdf: tuple[float, ...]
    """:func:`throw_cdf`, worked out once."""
    setups: dict[tuple[int, ...], _Setup] = field(default_factory=dict, compare=False, repr=False)
    """Per set of seats in play: :func:`_setup`'s tables, made when first needed."""


_Entry: TypeAlias = "tuple[int, int, Move, Move, Move, Move]"
_ENTRIES: dict[tuple[int, int, int, bool], list[_Entry | None]] = {}
"""Per (seat, value spent, steps it goes, whether it releases a piece from step 83) and start
step: the entry of :data:`_Plan` rows for a piece there, made with the first row that needs it.
A move is a value, so every engine and rules share them, and a move generation only looks them
up."""

_Opponents: TypeAlias = "tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]"
_After: TypeAlias = "dict[int, tuple[int, ...]]"
_Foes: TypeAlias = "tuple[int, ...]"
_Plan: TypeAlias = "tuple[_Entry | None, ...]"
"""Per start step: None when a piece there has no move spending the throw; else its end step,
the index of the end's square in :attr:`Engine._sq` (:data:`_NO_SQUARE` off the shared loop),
and the moves without captures of pieces 0..3 from there (:data:`_ENTRIES`)."""
_Plans: TypeAlias = "list[list[list[list[_Plan | None]]]]"
"""[short][seat][waiting][value]: the :func:`_plan` row, made when first needed; ``short``
when the seat must capture before going past step 76 and has not."""
_Setup: TypeAlias = "tuple[_Opponents, _After, _Foes, _Plans]"
_LOOP_SQUARES = 68
"""The squares of the shared loop (:data:`~pachisi_widget.tables.LOOP_OF` gives 0..67)."""
_NO_SQUARE = _LOOP_SQUARES
"""The index of :attr:`Engine._sq` that is never written, so always 0: a plan's square for an
end off the shared loop (nobody there to capture or be blocked by)."""
_SQ_LEN = _LOOP_SQUARES + 2
"""The length of :attr:`Engine._sq`: the loop's squares, :data:`_NO_SQUARE`, and last (index
-1, :data:`~pachisi_widget.tables.OFF_LOOP`) a slot the steps off the loop count into, unread."""
_BIT = (1, 1 << 8, 1 << 16, 1 << 24)
"""Per seat: one of its pieces in a count of :attr:`Engine._sq` (a byte per seat)."""
_COMPILED: dict[int, tuple[Rules, _Compiled]] = {}
_COMPILED_BY_VALUE: dict[Rules, _Compiled] = {}
_PLAN_ROWS: dict[tuple[Any, ...], _Plan] = {}
"""Every :func:`_plan` row made, by what it depends on (equal rules and setups share rows)."""
_SETUPS: dict[tuple[tuple[int, ...], bool], tuple[_Opponents, _After, _Foes]] = {}


def _setup(c: _Compiled, seats: tuple[int, ...]) -> _Setup:
    """The tables of one setup of compiled rules ``c``, made once: per seat 0..3 the opponents
    among ``seats`` in playing order, each as (seat, its :data:`~pachisi_widget.tables.LOOP_OF`
    table); :data:`_AFTER` for ``seats``; per seat 0..3 the mask of its opponents' bytes in a
    count of :attr:`Engine._sq` (these three shared by every rules with the same team play);
    and the (empty) plan tables of :meth:`Engine.legal_moves`, :data:`_Plans`."""
    hit = c.setups.get(seats)
    if hit is not None:
        return hit
    teams = c.teams
    key = (seats, teams)
    shared = _SETUPS.get(key)
    if shared is None:
        opp = tuple(
            tuple(
                (s, LOOP_OF[s]) for s in seats if s != seat and not (teams and (s - seat) % 2 == 0)
            )
            for seat in range(4)
        )
        foes = tuple(sum(255 * _BIT[s] for s, _ in opp[seat]) for seat in range(4))
        shared = _SETUPS[key] = (opp, _AFTER[seats], foes)
    plans: _Plans = [
        [[[None] * (c.top + 1) for _waiting in (0, 1)] for _seat in range(4)] for _short in (0, 1)
    ]
    hit = c.setups[seats] = (*shared, plans)
    return hit


def _plan(
    c: _Compiled,
    seat: int,
    waiting: bool,
    value: int,
    short: bool,
) -> _Plan:
    """The plan of ``seat`` spending one whole throw ``value`` (no split), a piece of it waiting
    or not, ``short`` when it may not go past step 76 (it must capture first): per start step,
    None where a piece has no move (it waits, is home, or would go past home, or past step 76,
    with no last-square release), else (its end step, the end's square, the moves of pieces
    0..3 from there).

    :meth:`Engine.legal_moves` reads one entry per piece instead of working out the end, the
    limit, the release and the end's square each time. Rows are made once per process and
    shared by every rules and setup they fit (:data:`_PLAN_ROWS`)."""
    total = c.distance[waiting][value]
    release = value in c.release
    key = (seat, value, total, release, short)
    row = _PLAN_ROWS.get(key)
    if row is not None:
        return row
    entries = _ENTRIES.get(key[:4])
    if entries is None:
        if len(_ENTRIES) > 4096:  # (many rules with unusual tables: start the entries again)
            _ENTRIES.clear()
            _PLAN_ROWS.clear()
        entries = _ENTRIES[(seat, value, total, release)] = [None] * (HOME + 1)
    loop = [_NO_SQUARE if g < 0 else g for g in LOOP_OF[seat]]
    # a piece on 1..last goes the whole throw, within the limit; none waiting (0) or home moves
    last = min(HOME - 1, (ON_LOOP_LAST if short else HOME) - total)
    plan: list[_Entry | None] = [None] * (HOME + 1)
    starts = list(range(1, last + 1))
    if release and not short and last < 83:  # the last-square release: from 83 straight home
        starts.append(83)
    for start in starts:
        made = entries[start]
        if made is None:  # the entry of a piece there (made once, then shared)
            end = start + total if start <= last else HOME
            made = entries[start] = (
                end,
                loop[end],
                _new_move(Move, (seat, 0, start, end, "move", value, ())),
                _new_move(Move, (seat, 1, start, end, "move", value, ())),
                _new_move(Move, (seat, 2, start, end, "move", value, ())),
                _new_move(Move, (seat, 3, start, end, "move", value, ())),
            )
        plan[start] = made
    row = _PLAN_ROWS[key] = tuple(plan)
    return row


def _compile(rules: Rules) -> _Compiled:
    hit = _COMPILED.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    # equal rules (a new Rules() per game, say) share one compiled value, its plans included
    c = _COMPILED_BY_VALUE.get(rules)
    if c is None:
        c = _COMPILED_BY_VALUE[rules] = _compile_new(rules)
    if len(_COMPILED) > 64:
        _COMPILED.clear()
        _COMPILED_BY_VALUE.clear()
    _COMPILED[id(rules)] = (rules, c)  # the Rules is kept alive, so its id is not reused
    return c


def _compile_new(rules: Rules) -> _Compiled:
    """:func:`_compile`'s value for rules not compiled before."""
    throws: list[tuple[Throw, Throw]] = []
    for up, value in enumerate(rules.table):
        enters = value in rules.entry_graces
        bonus = value in rules.bonus_graces
        plain = Throw(up, value, enters, enters)
        throws.append((plain, Throw(up, value, True, False) if bonus and not enters else plain))
    distance = tuple(
        tuple(rules.distance(v, w) for v in range(max(rules.values) + 1)) for w in (False, True)
    )
    dist = up_distribution(rules.shells, rules.p_mouth_up)
    return _Compiled(
        rules.table,
        rules.entry_graces,
        rules.bonus_graces,
        rules.first_piece_any_throw,
        rules.entry_mode == "square1",
        rules.grace_moves_before_all_entered,
        rules.split_throw,
        rules.capture_extra_throw,
        rules.castle_blocks_enemy,
        rules.last_square_release,
        rules.must_capture_before_home,
        rules.revenge_rule,
        rules.turn_mode == "throw_then_move",
        rules.cancel_three,
        rules.pyada,
        rules.teams,
        rules.values,
        tuple(throws),
        distance,
        bool(rules.entry_graces) and rules.entry_mode == "square1",
        max(rules.values),
        rules.turn_mode == "move_each_throw" and not rules.split_throw and not rules.pyada,
        tuple(accumulate(float(dist[k]) for k in range(rules.shells + 1))),
    )


class Engine:
    """One position as mutable data, and the rules that change it.

    Fields (:data:`STATE_FIELDS`) have the meanings documented on
    :class:`~pachisi_widget.state.GameState`; here ``pieces`` is a list per seat of 4 steps (or
    None), ``pool``, ``revenge`` and ``events`` are lists, and ``fresh`` and ``captures`` tuples
    (replaced when they change). ``throws`` and ``capture_moves`` count what happened since the
    engine was made (for
    simulations). Drive it with :meth:`throw` and :meth:`play` (a move from :meth:`legal_moves`).

    Raises:
        ValueError: when ``to_move`` has all pieces home.
    """

    __slots__ = (
        "rules",
        "c",
        "narrate",
        *STATE_FIELDS,
        "throws",
        "capture_moves",
        "_base",
        "_changed",
        "_opp",
        "_foes",
        "_after",
        "_sq",
        "_plans",
    )
    # The slots' types (annotations only: with __slots__ they assign nothing).
    rules: Rules
    c: _Compiled
    narrate: bool
    seats: tuple[int, ...]
    pieces: list[Any]
    """Per seat a list of 4 steps, None for a seat not in play (Any: the hot loops index it for
    seats in play without narrowing)."""
    to_move: int
    phase: str
    pool: list[int]
    part: Part | None
    grace: bool
    hits: int
    owed: int
    pool_captured: bool
    run: tuple[str | int | None, int]
    fresh: tuple[bool, ...]
    captures: tuple[int, ...]
    revenge: list[tuple[int, int, int]]
    winner: Winner
    last_throw: Throw | None
    cancelled: tuple[int, ...]
    turn: int
    idle: int
    events: list[Event]
    throws: int
    capture_moves: int
    _base: tuple[tuple[int, ...] | None, ...] | None
    """The pieces as a state last held them (None: not frozen yet)."""
    _changed: int
    """The seats whose pieces moved since then, as a bit set (bit ``seat``): an int, the
    cheapest thing to update on every move."""
    _opp: _Opponents
    """Per seat: its opponents in playing order, each with its table step -> loop square."""
    _after: _After
    """Per seat: the seats in play in playing order after it (:data:`_AFTER`)."""
    _foes: _Foes
    """Per seat: the bytes of its opponents in a count of :attr:`_sq`."""
    _sq: list[int] | None
    """Per square of the shared loop (0..67): the pieces on it, a byte per seat (:data:`_BIT`),
    kept as pieces move; then :data:`_NO_SQUARE`, always 0, and a slot for the steps off the
    loop. None until :meth:`legal_moves` first needs it (:meth:`_count`); code that sets
    pieces other than by playing uses :meth:`set_pieces`, which keeps it true."""
    _plans: _Plans
    """The plan tables of :meth:`legal_moves` for these rules and seats (:data:`_Plans`)."""

    def __init__(
        self,
        rules: Rules,
        seats: Iterable[int] = (0, 1, 2, 3),
        to_move: int | None = None,
        pieces: Iterable[Iterable[int] | None] | None = None,
        captured: Iterable[int] = (),
        narrate: bool = True,
    ) -> None:
        self._set_rules(rules)
        self.narrate = narrate
        self.seats = seats = tuple(sorted(seats))
        self._opp, self._after, self._foes, self._plans = _setup(self.c, seats)
        if pieces is None:
            pieces = [(0, 0, 0, 0) if s in seats else None for s in range(4)]
        self.pieces = [None if p is None else list(p) for p in pieces]
        self._sq = None
        self._base = None
        self._changed = 0
        self.fresh = tuple(p is not None and all(x == 0 for x in p) for p in self.pieces)
        self.captures = tuple(1 if s in captured else 0 for s in range(4))
        self.to_move = seats[0] if to_move is None else to_move
        self._turn_begins()
        self.revenge = []
        self.winner = None
        self.last_throw = None
        self.cancelled = ()
        self.turn = 0
        self.idle = 0
        self.events = []
        self.throws = 0
        self.capture_moves = 0
        won = None
        for s in seats:
            if won is None:
                won = self._winner_after(s)
        if won is not None:
            self.phase, self.winner = "over", won
            return
        if self.is_finished(self.to_move):
            raise PositionError.from_code("position_finished_to_move", {"seat": self.to_move})
        self._check_dead()

    def _set_rules(self, rules: Rules) -> None:
        self.rules = rules
        self.c = _compile(rules)

    # -- loading and copying ---------------------------------------------------------------

    @classmethod
    def loaded(cls, rules: Rules, fields: tuple[Any, ...], narrate: bool = True) -> Engine:
        """An engine holding ``fields`` (a position in :data:`STATE_FIELDS` order, with tuples)."""
        e = cls.__new__(cls)
        e._set_rules(rules)
        e.narrate = narrate
        e.load(fields)
        return e

    def load(self, fields: tuple[Any, ...]) -> None:
        """Take the position ``fields`` (:data:`STATE_FIELDS` order; tuples are copied to lists)."""
        (
            self.seats,
            pieces,
            self.to_move,
            self.phase,
            pool,
            self.part,
            self.grace,
            self.hits,
            self.owed,
            self.pool_captured,
            self.run,
            fresh,
            captures,
            revenge,
            self.winner,
            self.last_throw,
            self.cancelled,
            self.turn,
            self.idle,
            _events,
        ) = fields
        self._opp, self._after, self._foes, self._plans = _setup(self.c, self.seats)
        self.pieces = [None if p is None else list(p) for p in pieces]
        self._sq = None
        self._base = pieces
        self._changed = 0
        self.pool = list(pool)
        self.fresh = tuple(fresh)
        self.captures = tuple(captures)
        self.revenge = list(revenge)
        self.events = []
        self.throws = 0
        self.capture_moves = 0

    def state_tuple(self) -> tuple[Any, ...]:
        """The rules, then the position as immutable values in :data:`STATE_FIELDS` order (the
        tuple of a :class:`~pachisi_widget.state.GameState`)."""
        frozen = self._base
        changed = self._changed
        if frozen is None:
            frozen = self._base = tuple([None if p is None else tuple(p) for p in self.pieces])
            self._changed = 0
        elif changed:  # pieces moved since they were last frozen: only their seats change
            frozen = self._base = tuple(
                [tuple(p) if changed >> s & 1 else frozen[s] for s, p in enumerate(self.pieces)]
            )
            self._changed = 0
        return (
            self.rules,
            self.seats,
            frozen,
            self.to_move,
            self.phase,
            tuple(self.pool),
            self.part,
            self.grace,
            self.hits,
            self.owed,
            self.pool_captured,
            self.run,
            self.fresh,
            self.captures,
            tuple(self.revenge) if self.revenge else (),
            self.winner,
            self.last_throw,
            self.cancelled,
            self.turn,
            self.idle,
            tuple(self.events) if self.events else (),
        )

    def fields(self) -> tuple[Any, ...]:
        """The position as immutable values, in :data:`STATE_FIELDS` order."""
        return self.state_tuple()[1:]

    def copy(self) -> Engine:
        """An independent copy (for searching ahead)."""
        return Engine.loaded(self.rules, self.fields(), self.narrate)

    def set_pieces(self, seat: int, steps: Iterable[int]) -> None:
        """Put ``seat``'s four pieces on ``steps`` (for a model of the game that tries positions
        on one engine, as the coach's race does): the way to set pieces other than by playing,
        which keeps the engine's own records of them true."""
        steps = list(steps)
        sq = self._sq
        if sq is not None:
            loop, bit = LOOP_OF[seat], _BIT[seat]
            for st in self.pieces[seat]:
                sq[loop[st]] -= bit
            for st in steps:
                sq[loop[st]] += bit
        self.pieces[seat] = steps
        self._changed |= 1 << seat

    def _count(self) -> list[int]:
        """:attr:`_sq` counted from the pieces (and kept from then on)."""
        sq = [0] * _SQ_LEN
        pieces = self.pieces
        for s in self.seats:
            loop, bit = LOOP_OF[s], _BIT[s]
            for st in pieces[s]:
                sq[loop[st]] += bit
        self._sq = sq
        return sq

    # -- small queries -----------------------------------------------------------------------

    def is_finished(self, seat: int) -> bool:
        """Whether every piece of ``seat`` is home."""
        p = self.pieces[seat]
        return p is not None and p == _FINISHED

    def on_board(self, seat: int) -> bool:
        """Whether ``seat`` has a piece on steps 1..83."""
        return any(0 < s < HOME for s in self.pieces[seat])

    def pyada_applies(self, seat: int, value: int) -> bool:
        """Whether spending ``value`` now earns pyada's extra step for ``seat`` (RULES.md 5)."""
        return self.rules.distance(value, 0 in self.pieces[seat]) != value

    def pending(self) -> tuple[int, ...]:
        """The throw values still to spend, the partly spent split throw first."""
        if self.part is not None:
            return (self.part[0], *self.pool)
        return tuple(self.pool)

    def partners(self, a: int, b: int) -> bool:
        """Whether seats ``a`` and ``b`` play on one side (the same seat, or a team)."""
        return a == b or (self.c.teams and (a - b) % 2 == 0)

    def twenty_five_outlook(self, seat: int) -> str:
        """What a throw of 25 would do now for a piece of ``seat`` resting on the 25-castle:
        ``"home"``; ``"waiting"`` (it can only enter a waiting piece); ``"pyada"`` (it moves 26
        and overshoots); ``"must_capture"`` (the seat must capture before going past step 76);
        ``"none"`` (the table has no 25)."""
        c = self.c
        if 25 not in c.values:
            return "none"
        if c.pyada:  # a 25 moves 26 once all have entered, and enters a piece before that
            return "pyada"
        if c.mustcap and not self.captures[seat]:
            return "must_capture"
        if 0 in self.pieces[seat] and 25 in c.entry and not c.gmbae:
            return "waiting"
        return "home"

    def _winner_after(self, seat: int) -> Winner:
        if not self.is_finished(seat):
            return None
        if not self.c.teams:
            return seat
        team = team_of(seat)
        if self.is_finished(team[0]) and self.is_finished(team[1]):
            return team
        return None

    def _occupancy(self, seat: int) -> set[int]:
        """The squares of the shared loop where opponents of ``seat`` stand (only opponents can
        block a landing or be captured by it; :meth:`_land` says how)."""
        pieces = self.pieces
        opp = self._opp[seat]
        if len(opp) == 3:  # four seats, no teams: the usual game, in one set display
            (s1, l1), (s2, l2), (s3, l3) = opp
            a, b, c, d = pieces[s1]
            e, f, g, h = pieces[s2]
            i, j, k, m = pieces[s3]
            occ = {
                l1[a],
                l1[b],
                l1[c],
                l1[d],
                l2[e],
                l2[f],
                l2[g],
                l2[h],
                l3[i],
                l3[j],
                l3[k],
                l3[m],
            }
        else:
            occ = set()
            for s, loop in opp:
                for st in pieces[s]:
                    occ.add(loop[st])
        occ.discard(-1)  # off the loop: waiting, private columns, home
        return occ

    def _land(
        self, seat: int, end: int, occ: set[int]
    ) -> tuple[bool, tuple[Capture, ...], int | None]:
        """(allowed, captures, blocking seat) for ``seat`` landing on ``end``."""
        if LOOP_OF[seat][end] not in occ:
            return _FREE
        return self._landed(seat, end)

    def _landed(self, seat: int, end: int) -> tuple[bool, tuple[Capture, ...], int | None]:
        """:meth:`_land` for a square an opponent of ``seat`` stands on."""
        g = LOOP_OF[seat][end]
        pieces = self.pieces
        if IS_CASTLE[end]:
            if not self.c.blocks:
                return _FREE
            # the holder named: the last opponent seat, in playing order, with a piece there
            for s, loop in reversed(self._opp[seat]):
                for st in pieces[s]:
                    if loop[st] == g:
                        return False, (), s
        # a capture: every opponent piece on the square goes back to the Charkoni
        caps: list[Capture] = []
        for s, loop in self._opp[seat]:
            for i, st in enumerate(pieces[s]):
                if loop[st] == g:
                    caps.append((s, i))
        return True, tuple(caps), None

    def _capturing(
        self, out: list[Move], seat: int, piece: int, start: int, entry: _Entry, value: int
    ) -> None:
        """:meth:`legal_moves`' move of ``piece`` from ``start`` by its plan ``entry``, onto a
        square of the loop opponents stand on (appended to ``out``; none onto a castle they
        hold): every opponent piece on it is captured (a castle that does not block: none). The
        captures are in :meth:`_landed`'s order: the opponents in playing order, each by
        piece."""
        end, g = entry[0], entry[1]
        caps: list[Capture] = []
        if IS_CASTLE[end]:
            if self.c.blocks:
                return  # a castle they hold: no move
        else:
            pieces = self.pieces
            here = self._sq[g]  # type: ignore[index]  # (counted by legal_moves)
            for s, loop in self._opp[seat]:
                if here >> 8 * s & 255:
                    for p, st in enumerate(pieces[s]):
                        if loop[st] == g:
                            caps.append((s, p))
        out.append(_new_move(Move, (seat, piece, start, end, "move", value, tuple(caps))))

    # -- moves ----------------------------------------------------------------------------------

    def _entries_for(
        self, seat: int, value: int, occ: set[int], out: list[Move], limit: int
    ) -> bool:
        """Append the entering moves of ``seat`` (a piece waiting) spending ``value``.

        Returns False when ``value`` may only enter (the moves on the board are not made).
        """
        c = self.c
        mine = self.pieces[seat]
        if value in c.entry:
            end = 1 if c.square1 else value
            if end <= limit and end < HOME:
                ok, caps, _ = self._land(seat, end, occ)
                if ok:
                    out.append(_new_move(Move, (seat, mine.index(0), 0, end, "enter", value, caps)))
            return bool(c.gmbae)
        if self.fresh[seat] and c.first_any and value not in c.bonus:
            # a bonus grace (7, 14) never enters a piece, not even the first (RULES.md 3.4)
            piece = mine.index(0)
            for amount in range(1, value + 1) if c.split else (value,):
                if amount <= limit:
                    ok, caps, _ = self._land(seat, amount, occ)
                    if ok:
                        out.append(_new_move(Move, (seat, piece, 0, amount, "enter", value, caps)))
        return True

    def _moves_for(
        self,
        seat: int,
        value: int,
        occ: set[int],
        out: list[Move],
        left: int | None = None,
        used: frozenset[int] | tuple[()] = (),
    ) -> None:
        """Append the moves of ``seat`` spending ``value`` (or, with ``left``, continuing a split).

        Each (kind, start, end) is produced once per value, so no set of seen keys is needed.
        """
        c = self.c
        mine = self.pieces[seat]
        waiting = 0 in mine
        split = c.split
        limit = ON_LOOP_LAST if (c.mustcap and not self.captures[seat]) else HOME
        land = self._land
        if left is None:
            if waiting and not self._entries_for(seat, value, occ, out, limit):
                return
            total = c.distance[waiting][value]
        else:
            total = left
        loop = LOOP_OF[seat]
        ends: Iterable[int]
        done: list[int] = []
        piece = -1
        for start in mine:
            piece += 1
            if start == 0 or start == HOME or start in done or piece in used:
                continue
            done.append(start)
            if not split:  # the common case: one end, usually on a square no opponent holds
                if start == 83 and value in c.release:
                    if limit != HOME:
                        continue
                    end = HOME
                else:
                    end = start + total
                    if end > limit:
                        continue
                if loop[end] not in occ:
                    out.append(_new_move(Move, (seat, piece, start, end, "move", value, ())))
                    continue
                ends = (end,)
            else:
                ends = range(start + 1, min(start + total, limit) + 1)
            for end in ends:
                ok, caps, _ = land(seat, end, occ)
                if ok:
                    out.append(_new_move(Move, (seat, piece, start, end, "move", value, caps)))

    def legal_moves(self) -> list[Move]:
        """Every legal move of the seat to move, in a stable order; empty unless phase is "move".

        Order: for each pending value ascending (or the partly spent split throw), entering moves
        first, then one group per occupied step taken in piece-index order (the step of piece 0
        first, unless it waits or is home), each group by ascending end step; the pass is always
        last.
        """
        if self.phase != "move":
            return []
        seat = self.to_move
        pool = self.pool
        c = self.c
        if c.split or len(pool) != 1:  # (a partly spent throw needs split throws)
            return self._legal_general(seat)
        # One whole throw to spend (no split): the common case of _moves_for, written out here
        # because it is most of the time of a game. Each piece's move is read from the plan of
        # this seat, throw and setup (_plan); whether opponents stand on its end's square is
        # one look-up in the counts kept per square (_sq).
        value = pool[0]
        pieces = self.pieces
        mine = pieces[seat]
        out: list[Move] = []
        short = c.mustcap and not self.captures[seat]  # not past step 76 before a capture
        waiting = 0 in mine
        if waiting:
            limit = ON_LOOP_LAST if short else HOME
            if value in c.entry:
                self._enter_one(seat, value, mine, limit, out)
                if not c.gmbae:
                    out.append(_PASSES[seat])
                    return out  # a grace while a piece waits may only enter it
            elif c.first_any and self.fresh[seat]:  # (else no piece enters: no call)
                self._enter_one(seat, value, mine, limit, out)
        plans = self._plans[short][seat][waiting]
        plan = plans[value]
        if plan is None:
            plan = plans[value] = _plan(c, seat, waiting, value, short)
        sq = self._sq
        if sq is None:
            sq = self._count()
        foes = self._foes[seat]
        append = out.append
        # The four pieces written out (a loop costs a third more): each step once, in piece
        # order, its lowest piece moving (a piece above the lowest of its stack has no move of
        # its own). A piece's move without captures is read from its plan entry.
        a, b, x, y = mine
        entry = plan[a]
        if entry is not None:
            if sq[entry[1]] & foes:  # opponents on the end's square (never off the shared loop)
                self._capturing(out, seat, 0, a, entry, value)
            else:
                append(entry[2])
        entry = plan[b]
        if entry is not None and b != a:
            if sq[entry[1]] & foes:  # opponents on the end's square (never off the shared loop)
                self._capturing(out, seat, 1, b, entry, value)
            else:
                append(entry[3])
        entry = plan[x]
        if entry is not None and x != a and x != b:
            if sq[entry[1]] & foes:  # opponents on the end's square (never off the shared loop)
                self._capturing(out, seat, 2, x, entry, value)
            else:
                append(entry[4])
        entry = plan[y]
        if entry is not None and y != a and y != b and y != x:
            if sq[entry[1]] & foes:  # opponents on the end's square (never off the shared loop)
                self._capturing(out, seat, 3, y, entry, value)
            else:
                append(entry[5])
        append(_PASSES[seat])
        return out

    def _enter_one(
        self, seat: int, value: int, mine: list[int], limit: int, out: list[Move]
    ) -> None:
        """:meth:`legal_moves`' entering move with one whole throw ``value`` (appended to
        ``out``)."""
        c = self.c
        if value in c.entry:
            end = 1 if c.square1 else value
            entering = True
        else:
            # a bonus grace (7, 14) never enters a piece, not even the first (RULES.md 3.4)
            end = value
            entering = self.fresh[seat] and c.first_any and value not in c.bonus
        if not entering or end > limit or end >= HOME:
            return
        if LOOP_OF[seat][end] < 0:
            out.append(_new_move(Move, (seat, mine.index(0), 0, end, "enter", value, ())))
            return
        ok, caps, _ = self._land(seat, end, self._occupancy(seat))
        if ok:
            out.append(_new_move(Move, (seat, mine.index(0), 0, end, "enter", value, caps)))

    def _legal_general(self, seat: int) -> list[Move]:
        """:meth:`legal_moves` with a split throw, or several throws pending."""
        occ = self._occupancy(seat)
        out: list[Move] = []
        if self.part is not None:
            value, left, used = self.part
            self._moves_for(seat, value, occ, out, left, used)
        elif len(self.pool) == 1:
            self._moves_for(seat, self.pool[0], occ, out)
        else:
            for value in sorted(set(self.pool)):
                self._moves_for(seat, value, occ, out)
        out.append(_PASSES[seat])
        return out

    # -- throwing --------------------------------------------------------------------------------

    def make_throw(self, up: int) -> Throw:
        """The Throw that ``up`` mouths up gives the seat to move now (grace and entry decided).

        Raises:
            ValueError: when ``up`` is not 0..number of shells.
        """
        throws = self.c.throws
        if isinstance(up, bool) or not isinstance(up, int) or not 0 <= up < len(throws):
            raise IllegalMoveError.from_code(
                "throw_up_range", {"shells": len(throws) - 1, "got": short_repr(up)}
            )
        plain, bonus = throws[up]
        return bonus if plain is not bonus and self.on_board(self.to_move) else plain

    def throw(self, up: int) -> Throw:
        """The seat to move throws ``up`` mouths up (0..shells; not checked); returns the Throw."""
        c = self.c
        t, bonus = c.throws[up]
        if t is not bonus:  # a bonus grace counts while a piece is on the board (on_board)
            for st in self.pieces[self.to_move]:
                if 0 < st < HOME:
                    t = bonus
                    break
        if c.ttm:
            self.throw_value(t)
            return t
        # throw_value's move_each_throw case, written out: it is half of every game's actions.
        # A throw is due only with nothing left of the one before (no split part, no capture
        # counted with it), and nothing cancels throws in this turn mode: ``part``, ``hits``
        # and ``cancelled`` already hold None, 0 and () here.
        self.throws += 1
        self.idle += 1
        self.last_throw = t
        if self.events:  # (an empty list is kept: states copy it, nothing else holds it)
            self.events = []
        self.phase = "move"
        self.pool = [t.value]
        self.grace = t.grace
        return t

    def throw_value(self, t: Throw) -> None:
        """The seat to move throws ``t`` (its ``value`` and ``grace`` are used as given)."""
        value = t.value
        self.throws += 1
        self.idle += 1
        self.last_throw = t
        self.cancelled = ()
        if self.narrate:
            self.events = []
        if not self.c.ttm:
            self.phase = "move"
            self.pool = [value]
            self.part = None
            self.grace = t.grace
            self.hits = 0
            return
        self.pool.append(value)
        if self.c.cancel3:
            cls = "high" if value in CANCEL_HIGH else value if value in (7, 14) else None
            run = self.run
            n = run[1] + 1 if (cls is not None and cls == run[0]) else 1
            if cls is not None and n == 3:
                self.cancelled = tuple(self.pool[-3:])
                del self.pool[-3:]
                self.run = (None, 0)
                if self.narrate:
                    if cls == "high":
                        self.events.append(("cancelled_high", (("values", self.cancelled),)))
                    else:
                        self.events.append(
                            ("cancelled_same", (("value", value), ("values", self.cancelled)))
                        )
                if self.pool or self.part is not None:
                    self.phase = "move"
                else:
                    self._end_turn()
                return
            self.run = (cls, n)
        if not t.grace or self.idle >= IDLE_THROWS_MAX:  # an endless series of useless graces ends
            self.phase = "move"

    # -- playing ----------------------------------------------------------------------------------

    def play(self, m: Move) -> None:
        """Play ``m``, a move from :meth:`legal_moves` (not checked again)."""
        # Not a pass below, so these fields are ints (mypy does not narrow by ``kind``).
        piece: int
        start: int
        end: int
        value: int
        seat, piece, start, end, kind, value, caps = m  # type: ignore[assignment]
        if self.events:  # (only a narrating engine has any)
            self.events = []
        if kind == "pass":  # ``cancelled`` stays through a pass (for narration)
            self.pool = []
            self.part = None
            if self.c.ttm or self.grace or self.hits or self.owed:
                self._spent()
            else:  # _spent's usual case: nothing owed, the turn ends
                self._end_turn()
            return
        self.idle = 0
        c = self.c
        if not c.plain:
            self._play_general(m)
            return
        # The usual game (move_each_throw, whole throws, no pyada): the throw's one value is
        # spent, and nothing is left of it. Nothing cancels a throw here (``cancelled`` stays
        # empty), and the pool is emptied below: by the end of the turn, _home, or a throw owed.
        pieces = self.pieces
        mine = pieces[seat]
        mine[piece] = end
        self._changed |= 1 << seat
        sq = self._sq
        if sq is not None:
            loop, bit = LOOP_OF[seat], _BIT[seat]
            sq[loop[start]] -= bit
            sq[loop[end]] += bit
        if start == 0 and self.fresh[seat]:
            self.fresh = _set(self.fresh, seat, False)
        if self.revenge:
            self._revenge_after_move(seat, start, caps)
        # (the test before the calls: most moves capture nothing and have nothing to narrate; a
        # move from step 83 ends home, which _NOTABLE_END marks)
        if caps or _NOTABLE_END[end]:
            if caps:
                self._capture(seat, end, caps)
            if self.narrate:
                self._narrate_move(m, value)
            if end == HOME and mine == _FINISHED:
                self._home(seat)
                return
        if not (self.grace or self.hits or self.owed):
            # nothing owed: the usual end of a turn, _end_turn's usual case written out. What
            # _turn_begins resets already holds after such a move but the phase, the pool and
            # pool_captured (no part without split throws, no run without throw_then_move).
            after = self._after[seat]
            nxt = after[0]
            if pieces[nxt] == _FINISHED or self.revenge:
                self._end_turn()
                return
            self.to_move = nxt
            self.phase = "throw"
            self.pool = []
            self.pool_captured = False
            self.turn += 1
            if end <= _SURE:  # the piece just moved (on 1..72) can always move: not dead
                return
            if c.graces1:  # (idle is 0 after a move)
                # the quick answer of _check_dead: a piece waiting (a grace enters it on step
                # 1) or on steps 1..72 can always move
                for s in self.seats:  # (four comparisons are cheaper than a call of min)
                    a, b, x, y = pieces[s]
                    if a <= _SURE or b <= _SURE or x <= _SURE or y <= _SURE:
                        return
            self._check_dead()
            return
        # _spent's move_each_throw case, written out (idle is 0 after a move; the pool is empty)
        earned = 1 if self.grace else 0
        hits = self.hits
        if hits > earned and c.cap_extra:
            earned = hits
        owed = self.owed + earned
        if owed:
            self.phase = "throw"
            self.pool = []
            self.grace = False
            self.hits = 0
            self.owed = owed - 1
            return
        self._end_turn()

    def _play_general(self, m: Move) -> None:
        """:meth:`play` of a move (not a pass) with split throws, a pool of throws
        (``throw_then_move``) or pyada."""
        piece: int
        start: int
        end: int
        value: int
        seat, piece, start, end, kind, value, caps = m  # type: ignore[assignment]
        self.cancelled = ()
        c = self.c
        pieces = self.pieces
        mine = pieces[seat]
        part = self.part
        # the steps the throw gives (only pyada makes them differ from its value)
        total = value if part is None and not c.pyada else self._total(value, part, mine)
        mine[piece] = end
        self._changed |= 1 << seat
        sq = self._sq
        if sq is not None:
            loop, bit = LOOP_OF[seat], _BIT[seat]
            sq[loop[start]] -= bit
            sq[loop[end]] += bit
        if start == 0 and self.fresh[seat]:
            self.fresh = _set(self.fresh, seat, False)
        if self.revenge:
            self._revenge_after_move(seat, start, caps)
        if caps:
            self._capture(seat, end, caps)
        if part is not None or c.ttm or c.split:
            self._play_rest(m, total, part, mine)
            return
        # move_each_throw with pyada, one whole throw
        if caps or _NOTABLE_END[end] or total != value:
            if self.narrate:
                self._narrate_move(m, total)
            if end == HOME and mine == _FINISHED:
                self._home(seat)
                return
        self._spent()

    def _capture(self, seat: int, end: int, caps: tuple[tuple[int, int], ...]) -> None:
        """:meth:`play`'s capture of ``caps`` ((seat, piece) pairs) by ``seat``'s piece on
        ``end``: the captured pieces back to the Charkoni, the capture counted and owed."""
        self.captures = _set(self.captures, seat, self.captures[seat] + 1)
        self.capture_moves += 1
        pieces = self.pieces
        sq = self._sq
        for vs, vp in caps:
            if sq is not None:  # (back to the Charkoni, off the loop: the slot nobody reads)
                sq[LOOP_OF[vs][pieces[vs][vp]]] -= _BIT[vs]
            pieces[vs][vp] = 0
            self._changed |= 1 << vs
        if self.c.revenge:
            for v in sorted({vs for vs, _ in caps}):
                self.revenge.append((seat, end, v))
        self.hits += 1
        self.pool_captured = True

    def _play_rest(self, m: Move, total: int, part: Part | None, mine: list[int]) -> None:
        """The end of :meth:`play` for a split throw or a pool of throws (``throw_then_move``)."""
        c = self.c
        piece: int
        start: int
        end: int
        value: int
        seat, piece, start, end, kind, value, _ = m  # type: ignore[assignment]
        if part is not None:
            pv, left, used = part
            left -= end - start
            self.part = (pv, left, used | {piece}) if left > 0 else None
        else:
            self.pool.remove(value)
            if c.split and not (kind == "enter" and value in c.entry):
                left = total - (end - start)
                if left > 0:
                    self.part = (value, left, frozenset({piece}))
        if self.narrate:
            self._narrate_move(m, total)
        if end == HOME and mine == _FINISHED:
            self._home(seat)
            return
        if self.pool or self.part is not None:
            return
        self._spent()

    def _home(self, seat: int) -> None:
        """``seat``'s last piece came home: its side wins, or its turn ends."""
        won = self._winner_after(seat)
        if won is not None:
            self.phase, self.winner = "over", won
            self.pool = []
            self.part = None
            return
        self._end_turn()

    def _total(self, value: int, part: Part | None, mine: list[int]) -> int:
        """The steps a move spending ``value`` goes in all, before it is played (a split throw:
        what is left of it); ``mine`` holds the moving seat's pieces."""
        if part is not None:
            return part[1]
        return self.c.distance[0 in mine][value]

    def _revenge_after_move(self, seat: int, start: int, caps: tuple[Capture, ...]) -> None:
        """Keep the revenge records true after ``seat`` moved off ``start`` capturing ``caps``.

        A record (capturer, step, victim) lives while the capturer has a piece on that step
        without a break: it ends when the capturer's last piece there moves away or is captured
        by a third seat; the victim capturing it there voids the capture instead.
        """
        pieces = self.pieces
        keep = []
        for rec in self.revenge:
            cs, cstep, victim = rec
            if cs == seat:
                if cstep == start and cstep not in pieces[seat]:
                    continue  # the capturer left the square: a break
            elif caps and any(vs == cs and pieces[cs][vp] == cstep for vs, vp in caps):
                if victim == seat:
                    # the victim's revenge: the capturing piece, still on its square, is taken
                    self.captures = _set(self.captures, cs, max(0, self.captures[cs] - 1))
                    if self.narrate:
                        self.events.append(("revenge", (("capturer", cs),)))
                continue  # a third seat took the capturer's pieces there: a break
            keep.append(rec)
        self.revenge = keep

    def _narrate_move(self, m: Move, total: int) -> None:
        """Report what the rules did with ``m`` (see the module text)."""
        c = self.c
        start: int
        end: int
        value: int
        seat, _, start, end, kind, value, caps = m  # type: ignore[assignment]
        ev = self.events
        release = False
        if kind != "enter":
            if start == 83 and not c.split and value in c.release:
                release = True
                ev.append(("release", (("value", value),)))
            elif total == value + 1 and (c.split or end - start == total):
                ev.append(("pyada", (("value", value), ("steps", total))))
        if self.part is not None and self.to_move == seat:
            ev.append(("split_part", (("left", self.part[1]), ("value", self.part[0]))))
        if caps:
            counts: dict[int, int] = {}
            for vs, _ in caps:
                counts[vs] = counts.get(vs, 0) + 1
            ev.append(("capture", (("victims", tuple(counts.items())), ("end", end))))
            if c.cap_extra:
                ev.append(("new_series" if c.ttm else "extra_throw", ()))
        elif IS_CASTLE[end]:
            ev.append(("castle", (("end", end),)))
            outlook = self.twenty_five_outlook(seat) if end == _WAIT else "none"
            if outlook != "none":
                ev.append(("twenty_five" if outlook == "home" else "twenty_five_" + outlook, ()))
        if end == HOME and not release:
            ev.append(("home", ()))

    def _spent(self) -> None:
        """Everything pending is spent or passed: throw again or end the turn."""
        if not self.c.ttm:
            earned = 1 if self.grace else 0
            if self.c.cap_extra and self.hits > earned:
                earned = self.hits
            owed = self.owed + earned
            if owed and self.idle < IDLE_THROWS_MAX:
                self.phase = "throw"
                self.pool = []
                self.part = None
                self.grace = False
                self.hits = 0
                self.owed = owed - 1
                return
            self._end_turn()
            return
        if self.pool_captured and self.c.cap_extra and self.idle < IDLE_THROWS_MAX:
            self.phase = "throw"
            self.pool = []
            self.part = None
            self.pool_captured = False
            self.run = (None, 0)
            return
        self._end_turn()

    def _end_turn(self) -> None:
        pieces = self.pieces
        to_move = self.to_move
        after = self._after[to_move]
        nxt = after[0]
        if pieces[nxt] == _FINISHED:
            for nxt in after:
                if pieces[nxt] != _FINISHED:
                    break
            else:  # nobody can move (cannot happen outside teams, where the game is won)
                self.phase = "over"
                self.pool = []
                self.part = None
                return
        if self.revenge:  # a revenge lasts until the end of the victim's next turn
            ended = (to_move, *after[: after.index(nxt)])
            self.revenge = [r for r in self.revenge if r[2] not in ended]
        self.to_move = nxt
        self._turn_begins()
        self.turn += 1
        if self.c.graces1 and self.idle < IDLE_THROWS_MAX:
            # the quick answer of _check_dead: a piece waiting (a grace enters it on step 1) or
            # on steps 1..72 can always move
            for s in self.seats:
                a, b, x, y = pieces[s]
                if a <= _SURE or b <= _SURE or x <= _SURE or y <= _SURE:
                    return
        self._check_dead()

    def _turn_begins(self) -> None:
        """The seat to move has nothing pending, owes itself nothing, and is to throw."""
        self.phase = "throw"
        self.pool = []
        self.part = None
        self.grace = False
        self.hits = 0
        self.owed = 0
        self.pool_captured = False
        self.run = _NO_RUN

    def _check_dead(self) -> None:
        """Mark the game over (winner None) when no seat can ever move again, or when
        :data:`~pachisi_widget.tables.IDLE_THROWS_MAX` throws in a row moved no piece."""
        if self.idle >= IDLE_THROWS_MAX:
            self._dead()
            return
        graces = self.c.graces1
        pieces = self.pieces
        for s in self.seats:
            for st in pieces[s]:
                # a piece on 1..72 always has a move (tables.LAST_SURE_STEP)
                if 0 < st <= LAST_SURE_STEP or (st == 0 and graces):
                    return
        for s in self.seats:
            if self.is_finished(s):
                continue
            occ = self._occupancy(s)
            for value in self.c.values:
                out: list[Move] = []
                self._moves_for(s, value, occ, out)
                if out:
                    return
        self._dead()

    def _dead(self) -> None:
        self.phase = "over"
        self.winner = None
        self.pool = []
        self.part = None

    # -- explaining refusals ----------------------------------------------------------------------

    def why(self, move: object) -> Why:
        """Why ``move`` is not legal here: ``(code, params, error class)``; the code names a
        sentence of the catalogues (:mod:`pachisi_widget.i18n`).

        The checks go from the turn to the throw spent, the piece, its kind of move (entering or
        moving on the board) and its landing; the first that fails is the reason."""
        if not isinstance(move, Move):
            return "not_a_move", {"got": short_repr(move)}, IllegalMoveError
        refusal = self._why_turn(move)
        if refusal is not None:
            return refusal
        base = {"seat": move.seat, "start": move.start, "end": move.end, "value": move.value}
        kind = self._why_enter if move.kind == "enter" or move.start == 0 else self._why_move
        for check in (self._why_throw, kind, self._why_landing, self._why_distance):
            refusal = check(move, base)
            if refusal is not None:
                return refusal
        return "not_legal", base, IllegalMoveError

    def _why_turn(self, move: Move) -> Why | None:
        """A move refused whatever it is: the game is over, a throw is due, another seat's turn."""
        if self.phase == "over":
            return "game_over", {}, IllegalMoveError
        if self.phase == "throw":
            return "throw_first", {"seat": self.to_move}, WrongPhaseError
        if move.seat != self.to_move:
            return "not_your_turn", {"seat": move.seat, "to_move": self.to_move}, NotYourTurnError
        if move.kind not in ("enter", "move", "pass"):
            return "bad_kind", {"kind": short_repr(move.kind)}, IllegalMoveError
        return None

    def _why_throw(self, move: Move, base: dict[str, Any]) -> Why | None:
        """The throw spent is not pending (or not the split one), or no piece is where it starts."""
        mine = self.pieces[move.seat]
        if self.part is not None:
            value, left, _ = self.part
            if move.value != value:
                return "continue_split", dict(base, split=value, left=left), IllegalMoveError
        elif move.value not in self.pool:
            return "no_such_throw", dict(base, pending=list(self.pending())), IllegalMoveError
        if move.start not in mine:
            return "no_piece_there", base, IllegalMoveError
        if move.start == HOME:
            return "already_home", base, IllegalMoveError
        return None

    def _why_enter(self, move: Move, base: dict[str, Any]) -> Why | None:
        """An entering move (or one from the Charkoni) refused: not a grace, a split, not step 1."""
        c, value = self.c, move.value
        if move.start != 0:
            return "enter_from_charkoni", base, IllegalMoveError
        if value in c.bonus and value not in c.entry:
            return "bonus_never_enters", dict(base, graces=sorted(c.entry)), IllegalMoveError
        if value not in c.entry and not (self.fresh[move.seat] and c.first_any):
            return "needs_grace", dict(base, graces=sorted(c.entry)), IllegalMoveError
        if self.part is not None:
            return "no_split_entry", base, IllegalMoveError
        if value in c.entry and c.square1 and move.end != 1:
            return "enters_on_1", base, IllegalMoveError
        return None

    def _why_move(self, move: Move, base: dict[str, Any]) -> Why | None:
        """A move on the board refused: a grace must enter, or the split's piece has moved."""
        c, mine = self.c, self.pieces[move.seat]
        if 0 in mine and move.value in c.entry and not c.gmbae and self.part is None:
            return "grace_must_enter", base, IllegalMoveError
        if self.part is not None and not any(
            mine[p] == move.start for p in range(4) if p not in self.part[2]
        ):
            return "piece_used", base, IllegalMoveError
        return None

    def _why_landing(self, move: Move, base: dict[str, Any]) -> Why | None:
        """The end is behind the start, past home, past step 76 before a capture, or held."""
        seat = move.seat
        if move.end is None or move.start is None or move.end <= move.start:
            return "forward_only", base, IllegalMoveError
        if move.end > HOME:
            return (
                "overshoot",
                dict(base, home_in=HOME - move.start, distance=move.end - move.start),
                IllegalMoveError,
            )
        if self.c.mustcap and not self.captures[seat] and move.end > ON_LOOP_LAST:
            return "must_capture", base, IllegalMoveError
        ok, _, holder = self._land(seat, move.end, self._occupancy(seat))
        if not ok:
            return "castle_held", dict(base, holder=holder), IllegalMoveError
        return None

    def _why_distance(self, move: Move, base: dict[str, Any]) -> Why | None:
        """A move on the board (no split) that does not go the throw's distance."""
        start, end, value = move.start, move.end, move.value
        if move.kind == "enter" or self.c.split or start is None or end is None or value is None:
            return None  # (a move without a start, an end or a value was refused before)
        total = self.rules.distance(value, 0 in self.pieces[move.seat])
        if start + total > HOME and not (start == 83 and value in self.c.release):
            return (
                "overshoot",
                dict(base, home_in=HOME - start, distance=total),
                IllegalMoveError,
            )
        if end - start != total:
            return (
                "wrong_distance",
                dict(base, distance=total, pyada=total != value),
                IllegalMoveError,
            )
        return None


def _set(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """``values`` with item ``i`` replaced (fresh and captures are tuples: they rarely change, and a
    state shares them with the state before)."""
    return values[:i] + (value,) + values[i + 1 :]
