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
"""

from __future__ import annotations

import random
from bisect import bisect_right
from itertools import accumulate

from .board import CASTLE_STEPS
from .errors import GameOverError, IllegalMoveError
from .rules import Rules
from .state import GameState, Move, seat_name
from .throws import Throw, up_distribution

__all__ = ["Game", "SEATS_FOR_PLAYERS"]

SEATS_FOR_PLAYERS = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
"""Which seats the players take (RULES.md 3.1): 2 play S and N, 3 play S, E, N, 4 all."""


def _check_rules(rules) -> Rules:
    if rules is None:
        return Rules()
    if isinstance(rules, str):
        return Rules.preset(rules)
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a pachisi_widget.Rules or a preset name, not {type(rules).__name__}")
    return rules


def _check_seed(seed) -> int:
    if seed is None:
        return random.SystemRandom().randrange(2**32)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int or None, not {seed!r}")
    return seed


class Game:
    """A game of Pachisi: the current :class:`GameState`, a seeded random generator for the
    cowries, the history of throws and moves, and undo.

    ``Game(players, rules, seed)`` starts a new game: the opening throws (RULES.md 3.1) decide who
    starts and are kept in :attr:`opening` (they cannot be undone). The same seed and the same
    choices always give the same game.

    Raises:
        ValueError: for a number of players other than 2..4, or ``teams`` without 4 players.
        TypeError: for rules or a seed of the wrong type.
    """

    def __init__(self, players: int = 4, rules: Rules | str | None = None, seed: int | None = None):
        rules = _check_rules(rules)
        if isinstance(players, bool) or players not in SEATS_FOR_PLAYERS:
            raise ValueError(f"players must be 2, 3 or 4, not {players!r}")
        if rules.teams and players != 4:
            raise ValueError(f"teams needs 4 players (S+N against E+W), not {players}")
        self._setup(rules, _check_seed(seed))
        seats = SEATS_FOR_PLAYERS[players]
        self.opening = self._opening(seats)
        self._start = None
        self._state = GameState.initial(rules, seats, to_move=self._starter)

    def _setup(self, rules: Rules, seed: int) -> None:
        self.rules = rules
        self.seed = seed
        self._rng = random.Random(seed)
        dist = up_distribution(rules.shells, rules.p_mouth_up)
        self._cdf = list(accumulate(float(dist[k]) for k in range(rules.shells + 1)))
        self._stack: list = []      # (state, rng state) before each action
        self._actions: list = []    # ("throw", Throw, forced) | ("move", Move)
        self.opening: list = []

    def _draw(self) -> int:
        """Mouths up for one throw: one uniform draw through the exact distribution's CDF."""
        up = bisect_right(self._cdf, self._rng.random())
        return min(up, len(self._cdf) - 1)

    def _opening(self, seats) -> list:
        table = self.rules.table
        rounds = []
        contenders = list(seats)
        while True:
            throws = {s: Throw(up, table[up]) for s in contenders for up in (self._draw(),)}
            rounds.append(throws)
            best = max(t.value for t in throws.values())
            contenders = [s for s in contenders if throws[s].value == best]
            if len(contenders) == 1:
                self._starter = contenders[0]
                return rounds

    @classmethod
    def from_position(cls, positions, to_move: int = 0, rules: Rules | str | None = None,
                      seed: int | None = None, captured=()) -> Game:
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
        rules = _check_rules(rules)
        pieces, seats = cls._check_positions(positions, rules)
        if isinstance(to_move, bool) or to_move not in seats:
            raise ValueError(f"to_move must be a seat in play {list(seats)}, not {to_move!r}")
        captured = tuple(captured)
        for c in captured:
            if c not in seats:
                raise ValueError(f"captured must name seats in play {list(seats)}, not {c!r}")
        game = cls.__new__(cls)
        game._setup(rules, _check_seed(seed))
        game._start = {"pieces": [None if p is None else list(p) for p in pieces],
                       "to_move": to_move, "captured": sorted(set(captured))}
        game._starter = to_move
        game._state = GameState.initial(rules, seats, to_move, pieces, captured)
        return game

    @staticmethod
    def _check_positions(positions, rules: Rules):
        if not isinstance(positions, (list, tuple)) or len(positions) != 4:
            raise ValueError("positions must be a list of 4 entries (S, E, N, W), each 4 steps or None")
        pieces = []
        for seat, p in enumerate(positions):
            if p is None:
                pieces.append(None)
                continue
            if not isinstance(p, (list, tuple)) or len(p) != 4:
                raise ValueError(f"seat {seat} ({seat_name(seat)}) must have exactly 4 pieces, not {p!r}")
            for step in p:
                if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= 84:
                    raise ValueError(f"seat {seat} ({seat_name(seat)}): a step must be 0..84, not {step!r}")
            pieces.append(tuple(p))
        seats = tuple(s for s in range(4) if pieces[s] is not None)
        if len(seats) < 2:
            raise ValueError(f"a game needs at least 2 seats in play, not {len(seats)}")
        if rules.teams and len(seats) != 4:
            raise ValueError("teams needs all 4 seats in play (S+N against E+W)")
        where: dict = {}
        for s in seats:
            for step in pieces[s]:
                if 8 <= step <= 76:
                    g = (step - 8 + 17 * s) % 68
                    for other, ostep in where.get(g, ()):
                        partners = other == s or (rules.teams and (other - s) % 2 == 0)
                        if not partners and step not in CASTLE_STEPS:
                            raise ValueError(
                                f"{seat_name(s)} on step {step} and {seat_name(other)} on step {ostep} share "
                                "a square that is not a castle: one would have captured the other")
                    where.setdefault(g, []).append((s, step))
        return tuple(pieces), seats

    # -- the live position -----------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The current immutable state."""
        return self._state

    @property
    def to_move(self) -> int:
        """The seat whose turn it is: 0..3 (S, E, N, W)."""
        return self._state.to_move

    @property
    def phase(self) -> str:
        """``"throw"``, ``"move"`` or ``"over"``."""
        return self._state.phase

    @property
    def winner(self):
        """The winning seat; with teams (0, 2) or (1, 3); None while playing or after a dead position."""
        return self._state.winner

    @property
    def seats(self) -> tuple:
        """The seats in play."""
        return self._state.seats

    @property
    def players(self) -> int:
        """How many seats play."""
        return len(self._state.seats)

    @property
    def pending(self) -> tuple:
        """The throw values still to spend this turn."""
        return self._state.pending()

    @property
    def last_throw(self) -> Throw | None:
        """The most recent throw of the current turn."""
        return self._state.last_throw

    def pieces(self, seat: int) -> tuple:
        """The four steps of ``seat``'s pieces (0 waiting, 84 home).

        Raises:
            ValueError: for a seat that is not in play.
        """
        if seat not in self._state.seats:
            raise ValueError(f"seat {seat!r} is not in play; seats in play: {list(self._state.seats)}")
        return self._state.pieces[seat]

    def legal_moves(self) -> list[Move]:
        """The legal moves now (a pass always last while a throw is pending; empty otherwise)."""
        return self._state.legal_moves()

    @property
    def history(self) -> tuple:
        """Every throw (:class:`Throw`) and move (:class:`Move`) since the start, in order."""
        return tuple(a[1] for a in self._actions)

    @property
    def can_undo(self) -> bool:
        return bool(self._stack)

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
        state = self._state
        if state.phase != "throw":
            state.apply_throw(0)  # raises the right error
        if value is not None:
            if up is not None:
                raise ValueError("give either up= or value=, not both")
            table = self.rules.table
            if value not in table:
                raise ValueError(f"the {self.rules.throw_table} table has no throw of {value!r}; "
                                 f"its values are {sorted(set(table))}")
            up = table.index(value)
        forced = up is not None
        if forced:
            t = state.make_throw(up)
            rng_state = self._rng.getstate()
        else:
            rng_state = self._rng.getstate()
            t = state.make_throw(self._draw())
        self._stack.append((state, rng_state))
        self._state = state._throw(t)
        self._actions.append(("throw", t, forced))
        return t

    def play(self, move: Move) -> Move:
        """Play ``move`` (one of :meth:`legal_moves`, or a Move with the same seat, kind, start,
        end and value). Returns the move as played, captures filled in.

        Raises:
            IllegalMoveError: with the reason (NotYourTurnError, WrongPhaseError are subclasses);
                the game is unchanged.
            GameOverError: when the game is over.
        """
        state = self._state
        if state.phase == "over":
            raise GameOverError("the game is over: no more moves")
        if not isinstance(move, Move):
            raise IllegalMoveError(f"play() needs a Move from legal_moves(), not {move!r}", "not_a_move",
                                   {"got": repr(move)})
        legal = state.find(move)
        if legal is None:
            raise state.illegal(move)
        self._stack.append((state, self._rng.getstate()))
        self._state = state._apply(legal)
        self._actions.append(("move", legal))
        return legal

    def legal_move(self, start: int | None = None, end: int | None = None, value: int | None = None,
                   kind: str | None = None) -> Move:
        """The one legal move matching the given start step, end step, value and kind.

        A convenient way to name a move in a lesson: ``game.play(game.legal_move(12, 16))``.

        >>> g = Game.from_position([[20, 0, 0, 0], None, [30, 0, 0, 0], None], seed=1)
        >>> _ = g.throw(value=4); g.legal_move(20)
        Move(seat=0, piece=0, start=20, end=24, kind='move', value=4, captures=())

        Raises:
            IllegalMoveError: when no legal move matches (with the reason when one can be
                given), or several do (name more of start, end, value).
        """
        found = [m for m in self._state.legal_moves()
                 if m.kind != "pass" and (start is None or m.start == start) and (end is None or m.end == end)
                 and (value is None or m.value == value) and (kind is None or m.kind == kind)]
        if len(found) == 1:
            return found[0]
        wanted = f"start={start!r}, end={end!r}, value={value!r}"
        if not found:
            if self._state.phase == "move" and start is not None and end is not None:
                guess_value = value if value is not None else (self._state.pending() or (None,))[0]
                guess = Move(self._state.to_move, None, start, end,
                             kind or ("enter" if start == 0 else "move"), guess_value)
                raise self._state.illegal(guess)
            raise IllegalMoveError(f"no legal move matches {wanted}; legal: "
                                   f"{[str(m) for m in self._state.legal_moves()]}", "illegal", {})
        raise IllegalMoveError(f"{len(found)} legal moves match {wanted}: {[str(m) for m in found]}; "
                               "name more of start, end and value", "illegal", {})

    def pass_(self) -> Move:
        """Decline the pending throw(s): play the pass."""
        return self.play(Move.pass_for(self._state.to_move))

    def undo(self) -> None:
        """Take back the last throw or move, restoring the whole state and the random generator
        (a throw undone and thrown again gives the same value).

        Raises:
            IllegalMoveError: when there is nothing to undo (the opening cannot be undone).
        """
        if not self._stack:
            raise IllegalMoveError("nothing to undo: this is the start of the game", "nothing_to_undo", {})
        state, rng_state = self._stack.pop()
        self._actions.pop()
        self._state = state
        self._rng.setstate(rng_state)

    def play_turn(self, agent="random") -> int:
        """Finish the current seat's turn, throwing and letting ``agent`` (a name from
        :data:`pachisi_widget.agents.AGENTS`, or an agent object) choose every move.
        Returns the number of actions played.

        >>> g = Game(players=2, seed=3)
        >>> seat = g.to_move
        >>> n = g.play_turn("greedy")
        >>> n >= 2 and (g.to_move != seat or g.phase == "over")
        True

        Raises:
            GameOverError: when the game is over.
            ValueError: for an unknown agent name.
        """
        from .agents import make_agent

        if self._state.phase == "over":
            raise GameOverError("the game is over: no more turns")
        agent = make_agent(agent)
        seat, turn, n = self._state.to_move, self._state.turn, 0
        while self._state.phase != "over" and self._state.turn == turn and self._state.to_move == seat:
            if self._state.phase == "throw":
                self.throw()
            else:
                self.play(agent.choose(self._state, self._rng_for_agents))
            n += 1
        return n

    @property
    def _rng_for_agents(self) -> random.Random:
        """The generator computer players draw from: seeded from the game's seed, apart from the
        cowries' generator so that choosing moves never changes the throws."""
        rng = getattr(self, "_agent_rng", None)
        if rng is None:
            rng = self._agent_rng = random.Random(self.seed ^ 0x5EED)
        return rng

    # -- records ---------------------------------------------------------------------------

    def to_dict(self) -> dict:
        """The game record: JSON-safe, versioned; :meth:`from_dict` restores it exactly."""
        from .serialize import game_to_dict

        return game_to_dict(self)

    @classmethod
    def from_dict(cls, data) -> Game:
        """Restore a game from :meth:`to_dict`'s record, replaying and checking every action.

        Raises:
            RecordError: (a ValueError) for a malformed, truncated, foreign or future-version
                record; nothing is half-loaded.
        """
        from .serialize import game_from_dict

        return game_from_dict(cls, data)

    def __repr__(self) -> str:
        return f"<Game {self._state.notation()} seed={self.seed}>"

    def _repr_svg_(self) -> str:
        return self._state._repr_svg_()

