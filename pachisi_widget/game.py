"""Game: a seeded game with turn flow, history, undo and save/load around :class:`GameState`.

>>> import pachisi_widget as pw
>>> game = pw.Game(players=2, seed=7)
>>> game.phase, game.to_move in (0, 2)
('throw', True)
>>> t = game.throw(up=0)              # force 0 mouths up: a 25, a grace
>>> t.value, t.grace, t.enters
(25, True, True)
>>> [m.kind for m in game.legal_moves()]
['enter', 'pass']
>>> played = game.play(game.legal_moves()[0])
>>> game.pieces(game.to_move), game.phase      # entered on step 1, and throws again
((1, 0, 0, 0), 'throw')
>>> game.undo(); game.undo(); game.phase
'throw'

The game's randomness is its seed and how far it has gone: the cowries are drawn from
``random.Random(seed)``, one draw per unforced throw (the opening throws first), and a computer
player choosing the game's next move draws from a generator made from the seed and the number of
actions played (:meth:`Game.agent_rng`). So undo, and loading a record, bring back exactly the
throws and the computer players' choices that would have followed. The undo history is the list
of actions with a state every :data:`CHECKPOINT_EVERY` actions (undo replays the few actions
since the last one): a few dozen bytes an action, never a copy of a generator.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from typing import TYPE_CHECKING, Any

from .checks import (
    SEATS_FOR_PLAYERS,
    agent_move,
    check_players,
    check_position,
    check_rules,
    check_seat,
    check_seed,
    resolve_player,
)
from .engine import Move, opening, throw_cdf
from .engine import short_repr as _short
from .errors import GameOverError, IllegalMoveError, say
from .rules import Rules
from .serialize import SEED_MAX as SEED_MAX  # game.SEED_MAX, as before the checks moved
from .serialize import GameRecord, replay_action, replay_record
from .state import GameState, find_move
from .throws import Throw

if TYPE_CHECKING:  # names for the type checker only: nothing here runs
    from collections.abc import Callable
    from random import Random

    from .engine import Winner
    from .serialize import Action

__all__ = ["Game", "SEATS_FOR_PLAYERS", "check_rules", "check_seed", "agent_move"]

CHECKPOINT_EVERY = 64
"""Undo keeps a state every this many actions and replays those since (a few dozen bytes each)."""


class Game:
    """A game of Pachisi: the current :class:`GameState`, a seeded random generator for the
    cowries, the history of throws and moves, and undo.

    ``Game(players, rules, seed)`` starts a new game: the opening throws (RULES.md 3.1) decide who
    starts and are kept in :attr:`opening` (they cannot be undone). The same seed and the same
    choices always give the same game.

    Raises:
        ValueError: for a number of players other than 2..4, ``teams`` without 4 players, or a
            seed out of range.
        TypeError: for rules or a seed of the wrong type.
    """

    opening: list[dict[int, Throw]]
    """The opening throws: per round, seat -> its Throw (they decide who starts)."""
    phase: str
    """``"throw"``, ``"move"`` or ``"over"``. (A plain attribute, set after every action, not a
    property: a player's loop reads it once or twice an action, and reading an attribute is
    several times cheaper than calling a property. Set it never: the game does.)"""

    def __init__(
        self, players: int = 4, rules: Rules | str | None = None, seed: int | None = None
    ) -> None:
        rules = check_rules(rules)
        seats = check_players(players, rules)
        self._setup(rules, check_seed(seed))
        rounds: list[dict[int, int]] = []
        starter = opening(rules, seats, self, self._cdf, rounds)
        table = rules.table
        self.opening = [{s: Throw(up, table[up]) for s, up in r.items()} for r in rounds]
        self._start: dict[str, Any] | None = None
        self._set_state(GameState.initial(rules, seats, to_move=starter))

    def _setup(self, rules: Rules, seed: int) -> None:
        self.rules = rules
        self.seed = seed
        # the next uniform draw: the generator's own method, or after an undo _rewound (which
        # makes the generator again at the next draw)
        self._uniform: Callable[[], float] = random.Random(seed).random
        self._draws = 0  # uniform draws taken from the cowries' generator so far
        self._cdf = throw_cdf(rules)
        # bisect_right on the CDF without its last entry is draw_up itself (it never passes
        # the most mouths up)
        self._cut = self._cdf[:-1]
        # (actions played, state, draws) every CHECKPOINT_EVERY actions
        self._checkpoints: list[tuple[int, GameState, int]] = []
        # a Move, a Throw drawn from the seed, or (Throw,) for a forced throw
        self._actions: list[Move | Throw | tuple[Throw]] = []
        self.opening = []

    def _set_state(self, state: GameState) -> None:
        """Start from ``state`` (before any action)."""
        self._engine = state.engine()
        self.phase = self._engine.phase
        # the state last made, and how many actions had been played then (an action leaves it
        # as it is: a state made before is told by its count)
        self._cached: GameState | None = state
        self._cached_at = 0
        self._legal: list[Move] | None = None
        self._checkpoints = [(0, state, self._draws)]
        self._due = CHECKPOINT_EVERY  # the number of actions the next checkpoint is taken at

    @property
    def _state(self) -> GameState:
        """The current state, made from the live engine when first asked for after an action."""
        state = self._cached
        n = len(self._actions)
        if state is None or self._cached_at != n:
            state = self._cached = GameState.of(self._engine)
            self._cached_at = n
        return state

    def _moves(self) -> list[Move]:
        """The legal moves of the current position, computed once by the live engine."""
        legal = self._legal
        if legal is None:
            engine = self._engine
            legal = self._legal = engine.legal_moves() if engine.phase == "move" else []
        return legal

    def _played(self, action: Move | Throw | tuple[Throw]) -> None:
        """Record ``action``, just applied to the live engine; keep a checkpoint now and then."""
        actions = self._actions
        actions.append(action)
        self._legal = None
        if len(actions) == self._due:
            self._checkpoint()

    def _checkpoint(self) -> None:
        """Keep the state now (every CHECKPOINT_EVERY actions), for undo to start from."""
        n = len(self._actions)
        self._checkpoints.append((n, self._state, self._draws))
        self._due = n + CHECKPOINT_EVERY

    def random(self) -> float:
        """The next uniform draw of the cowries' generator (each unforced throw takes one)."""
        self._draws += 1
        return self._uniform()

    def _rewound(self) -> float:
        """The next draw after an undo that took back draws: the generator made again as it was
        after the draws before this one (counted in ``_draws`` already)."""
        rng = random.Random(self.seed)
        for _ in range(self._draws - 1):
            rng.random()
        self._uniform = rng.random
        return rng.random()

    @classmethod
    def from_position(
        cls,
        positions: Any,
        to_move: int = 0,
        rules: Rules | str | None = None,
        seed: int | None = None,
        captured: Any = (),
    ) -> Game:
        """A game set up in a given position (for lessons and tests; RULES.md section 5).

        ``positions`` is one list per seat S, E, N, W (None for a seat nobody plays), each with
        the steps 0..84 of its four pieces. A seat whose pieces all wait keeps its first-piece
        privilege; ``captured`` names the seats that count as having captured.

        >>> g = Game.from_position([[0, 0, 12, 59], None, [3, 0, 0, 0], None], to_move=0, seed=1)
        >>> g.pieces(0), g.phase
        ((0, 0, 12, 59), 'throw')

        Raises:
            ValueError: for a step outside 0..84, not four pieces, fewer than two seats, an
                unplayed or finished seat to move, or opponents sharing a non-castle square.
        """
        rules = check_rules(rules)
        pieces, seats, captured = check_position(positions, to_move, captured, rules)
        game = cls.__new__(cls)
        game._setup(rules, check_seed(seed))
        game._start = {
            "pieces": [None if p is None else list(p) for p in pieces],
            "to_move": to_move,
            "captured": sorted(set(captured)),
        }
        game._set_state(GameState.initial(rules, seats, to_move, pieces, captured))
        return game

    # -- the live position -----------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The current immutable state."""
        return self._state

    @property
    def to_move(self) -> int:
        """The seat whose turn it is: 0..3 (S, E, N, W)."""
        return self._engine.to_move

    @property
    def winner(self) -> Winner:
        """The winning seat; with teams (0, 2) or (1, 3); None while playing or after a dead position."""
        return self._engine.winner

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats in play."""
        return self._engine.seats

    @property
    def players(self) -> int:
        """How many seats play."""
        return len(self._engine.seats)

    @property
    def pending(self) -> tuple[int, ...]:
        """The throw values still to spend this turn."""
        return self._state.pending()

    @property
    def last_throw(self) -> Throw | None:
        """The most recent throw of the current turn."""
        return self._state.last_throw

    def pieces(self, seat: int) -> tuple[int, ...]:
        """The four steps of ``seat``'s pieces (0 waiting, 84 home).

        Raises:
            ValueError: for a seat that is not in play.
        """
        check_seat(seat, self._state.seats)
        steps: tuple[int, ...] = self._state.pieces[seat]
        return steps

    def legal_moves(self) -> list[Move]:
        """The legal moves now (a pass always last while a throw is pending; empty otherwise)."""
        legal = self._legal
        if legal is None:  # (_moves, written out)
            legal = self._legal = self._engine.legal_moves()  # [] unless a move is due
        return legal[:]  # a copy: ours stays as it was

    @property
    def history(self) -> tuple[Throw | Move, ...]:
        """Every throw (:class:`Throw`) and move (:class:`Move`) since the start, in order."""
        return tuple(a if isinstance(a, (Throw, Move)) else a[0] for a in self._actions)

    @property
    def can_undo(self) -> bool:
        return bool(self._actions)

    # -- actions ---------------------------------------------------------------------------

    def throw(self, up: int | None = None, *, value: int | None = None) -> Throw:
        """Throw the cowries for the seat to move; ``up`` forces the number of mouths up, or
        ``value`` forces a throw value (the fewest mouths up that give it).

        A forced throw does not draw from the random generator, so forcing one throw in a
        lesson leaves the rest of the seeded game as it would have been.

        >>> g = Game.from_position([[20, 0, 0, 0], None, [30, 0, 0, 0], None], seed=1)
        >>> g.throw(value=10).up
        1

        Raises:
            GameOverError: when the game is over.
            WrongPhaseError: when a move (or pass) is due instead.
            ValueError: for ``up`` outside 0..number of shells, or a value the table lacks.
        """
        if self.phase != "throw":
            self._state.check_throw()
        engine = self._engine
        if up is None and value is None:  # the common case: a throw drawn from the seed
            # (written out, as are play's steps: half of every game's actions are throws)
            self._draws += 1
            t = engine.throw(bisect_right(self._cut, self._uniform()))
            self.phase = engine.phase
            actions = self._actions
            actions.append(t)
            self._legal = None
            if len(actions) == self._due:
                self._checkpoint()
            return t
        if value is not None:
            if up is not None:
                raise IllegalMoveError.from_code("throw_up_and_value", {})
            table = self.rules.table
            if isinstance(value, bool) or value not in table:
                raise IllegalMoveError.from_code(
                    "throw_no_value",
                    {
                        "table": self.rules.throw_table,
                        "value": _short(value),
                        "values": sorted(set(table)),
                    },
                )
            up = table.index(value)
        assert up is not None, "up or value is given here"
        t = engine.make_throw(up)
        engine.throw_value(t)
        self.phase = engine.phase
        self._played((t,))
        return t

    def play(self, move: Move) -> Move:
        """Play ``move`` (one of :meth:`legal_moves`, or a Move with the same seat, kind, start,
        end and value). Returns the move as played, captures filled in.

        Raises:
            IllegalMoveError: with the reason (NotYourTurnError, WrongPhaseError are subclasses);
                the game is unchanged.
            GameOverError: when the game is over.
        """
        moves = self._legal
        if moves is None:
            moves = self._moves()
        legal: Move | None = None
        if type(move) is Move:
            # the common case, a move of legal_moves() itself, found in C; the move played is
            # always our own list's (a found move is equal in every field, so in its key)
            try:
                legal = moves[moves.index(move)]
            except ValueError:  # a move made by hand (no piece, no captures), or not legal
                legal = None
        if legal is None:  # (outside the except: an error raised here has no ValueError context)
            legal = self._find(moves, move)
        engine = self._engine
        engine.play(legal)
        self.phase = engine.phase
        actions = self._actions
        actions.append(legal)
        self._legal = None
        if len(actions) == self._due:
            self._checkpoint()
        return legal

    def _find(self, moves: list[Move], move: object) -> Move:
        """The legal move of ``moves`` (this position's) with the key of ``move``.

        Raises:
            GameOverError: when the game is over.
            IllegalMoveError: with the reason, when ``move`` is not a Move or not legal.
        """
        if self._engine.phase == "over":
            raise GameOverError(say("arg_game_over_moves"), code="game_over")
        if not isinstance(move, Move):
            raise IllegalMoveError(
                say("arg_play_needs_move", {"got": _short(move)}),
                "not_a_move",
                {"got": _short(move)},
            )
        legal = find_move(moves, move)
        if legal is None:
            raise self._state.illegal(move)
        return legal

    def legal_move(
        self,
        start: int | None = None,
        end: int | None = None,
        value: int | None = None,
        kind: str | None = None,
    ) -> Move:
        """The one legal move matching the given start step, end step, value and kind.

        A convenient way to name a move in a lesson: ``game.play(game.legal_move(12, 16))``.

        >>> g = Game.from_position([[20, 0, 0, 0], None, [30, 0, 0, 0], None], seed=1)
        >>> _ = g.throw(value=4); g.legal_move(20)
        Move(seat=0, piece=0, start=20, end=24, kind='move', value=4, captures=())

        Raises:
            IllegalMoveError: when no legal move matches (with the reason when one can be
                given), or several do (name more of start, end, value).
        """
        found = [
            m
            for m in self._state.legal_moves()
            if m.kind != "pass"
            and (start is None or m.start == start)
            and (end is None or m.end == end)
            and (value is None or m.value == value)
            and (kind is None or m.kind == kind)
        ]
        if len(found) == 1:
            return found[0]
        wanted = f"start={_short(start)}, end={_short(end)}, value={_short(value)}"
        if not found:
            if self._state.phase == "move" and start is not None and end is not None:
                guess_value = value if value is not None else (self._state.pending() or (None,))[0]
                guess = Move(
                    self._state.to_move,
                    None,
                    start,
                    end,
                    kind or ("enter" if start == 0 else "move"),
                    guess_value,
                )
                raise self._state.illegal(guess)
            told = {"wanted": wanted, "legal": [str(m) for m in self._state.legal_moves()]}
            raise IllegalMoveError(say("arg_no_move_matches", told), "arg_no_move_matches", told)
        params: dict[str, Any] = {
            "n": len(found),
            "wanted": wanted,
            "found": [str(m) for m in found],
        }
        raise IllegalMoveError(
            say("arg_several_moves_match", params), "arg_several_moves_match", params
        )

    def pass_(self) -> Move:
        """Decline the pending throw(s): play the pass."""
        return self.play(Move.pass_for(self._state.to_move))

    def undo(self) -> None:
        """Take back the last throw or move, restoring the whole state and the random generator
        (a throw undone and thrown again gives the same value).

        Raises:
            IllegalMoveError: when there is nothing to undo (the opening cannot be undone).
        """
        actions = self._actions
        if not actions:
            raise IllegalMoveError(
                "nothing to undo: this is the start of the game", "nothing_to_undo", {}
            )  # its message in another session language: the catalogue's nothing_to_undo
        actions.pop()
        n = len(actions)
        checkpoints = self._checkpoints
        while checkpoints[-1][0] > n:
            checkpoints.pop()
        start, state, draws = checkpoints[-1]
        engine = state.engine()
        for a in actions[start:]:  # at most CHECKPOINT_EVERY - 1 actions, replayed as they were
            if isinstance(a, Move):
                engine.play(a)
            elif isinstance(a, Throw):  # drawn from the seed
                engine.throw_value(a)
                draws += 1
            else:  # a forced throw: no draw
                engine.throw_value(a[0])
        self._engine = engine
        self.phase = engine.phase
        self._cached = state if start == n else None
        self._cached_at = n
        self._legal = None
        self._due = start + CHECKPOINT_EVERY
        if draws != self._draws:
            self._draws = draws
            self._uniform = self._rewound  # the generator made again at the next draw

    def agent_rng(self) -> Random:  # ``random`` in this class body is the method
        """The generator a computer player draws from to choose the game's next move.

        It is made from the seed and the number of actions played so far, so it belongs to the
        game: after an undo, or in a game loaded from its record, a computer player facing the
        same position at the same point makes the same choice.
        """
        return random.Random(f"pachisi-agents/{self.seed}/{len(self._actions)}")

    def play_turn(self, agent: object) -> int:
        """Finish the current seat's turn, throwing and letting ``agent`` (a player's name such
        as ``"greedy"``, or an object with ``choose(state, rng)``, such as
        ``pw.agents.GreedyAgent()``) choose every move; its random choices come from
        :meth:`agent_rng`. Returns the number of actions played.

        >>> from pachisi_widget.agents import GreedyAgent
        >>> g = Game(players=2, seed=3)
        >>> seat = g.to_move
        >>> n = g.play_turn(GreedyAgent())
        >>> n >= 2 and (g.to_move != seat or g.phase == "over")
        True
        >>> g.play_turn("random") >= 1
        True

        Raises:
            GameOverError: when the game is over.
            ValueError: for a name that is not a player's, listing the names.
            TypeError: when ``agent`` is neither a name nor has a ``choose`` method.
            IllegalMoveError: naming the player, when it returns anything but a legal move
                (the game keeps the actions played before it).
            PachisiError: naming the player, when its ``choose`` raises (see :func:`agent_move`).
        """
        if self._state.phase == "over":
            raise GameOverError(say("arg_game_over_turns"), code="game_over")
        agent = resolve_player(agent, TypeError, "play_turn needs a player:")
        seat, turn, n = self._state.to_move, self._state.turn, 0
        while (
            self._state.phase != "over" and self._state.turn == turn and self._state.to_move == seat
        ):
            if self._state.phase == "throw":
                self.throw()
            else:
                self.play(agent_move(agent, self._state, self.agent_rng()))
            n += 1
        return n

    # -- records ---------------------------------------------------------------------------

    def record(self) -> GameRecord:
        """The game's record: seed, rules, start, opening throws, every action and the result."""
        actions: list[Action] = []
        for a in self._actions:
            if isinstance(a, Move):
                actions.append(("move", a.seat, a.kind, a.start, a.end, a.value))
            elif isinstance(a, Throw):
                actions.append(("throw", a.up, False))
            else:
                actions.append(("throw", a[0].up, True))
        st = self._state
        start = (
            None
            if self._start is None
            else (
                tuple(None if p is None else tuple(p) for p in self._start["pieces"]),
                self._start["to_move"],
                tuple(self._start["captured"]),
            )
        )
        return GameRecord(
            seed=self.seed,
            rules=self.rules,
            seats=st.seats,
            start=start,
            opening=tuple(tuple((s, t.up) for s, t in r.items()) for r in self.opening),
            actions=tuple(actions),
            position=st.pieces,
            to_move=st.to_move,
            phase=st.phase,
        )

    @classmethod
    def from_record(cls, record: GameRecord) -> Game:
        """The game a :class:`~pachisi_widget.serialize.GameRecord` describes, every action replayed
        through the rules and checked (:func:`pachisi_widget.serialize.replay_record`).

        Raises:
            RecordError: (a ValueError) for actions the rules refuse, unforced throws or opening
                throws that do not follow from the seed, or a final position that does not match.
        """
        game: Game = replay_record(cls, record)
        return game

    def _replay(self, action: Action) -> None:
        replay_action(self, action)

    def to_dict(self) -> dict[str, Any]:
        """The game record as JSON-safe data (versioned); :meth:`from_dict` restores it exactly."""
        return self.record().to_dict()

    @classmethod
    def from_dict(cls, data: object) -> Game:
        """Restore a game from :meth:`to_dict`'s record, replaying and checking every action.

        Raises:
            RecordError: (a ValueError) for a malformed, truncated, foreign or future-version
                record; nothing is half-loaded.
        """
        return cls.from_record(GameRecord.from_dict(data))

    def to_json(self) -> str:
        """The game record as JSON text."""
        return self.record().to_json()

    @classmethod
    def from_json(cls, text: str | bytes | bytearray) -> Game:
        """Restore a game from the JSON text of its record.

        Raises:
            RecordError: for text that is not JSON, or not a valid record.
        """
        return cls.from_record(GameRecord.from_json(text))

    def to_text(self) -> str:
        """The game as plain text a class can read and share (headers, then a line per turn:
        ``12. S: 4(4) 12-16``), as chess has PGN; :mod:`pachisi_widget.notation` specifies it.
        :meth:`from_text` reads it back exactly."""
        from .notation import to_text

        return to_text(self)

    @classmethod
    def from_text(cls, text: str) -> Game:
        """The game a text written by :meth:`to_text` describes, every action replayed through
        the rules and checked.

        Raises:
            RecordError: (a ValueError) naming the line and what was expected there.
        """
        from .notation import from_text

        game: Game = from_text(text, cls)
        return game

    def __repr__(self) -> str:
        return f"<Game {self._state.notation()} seed={self.seed}>"
