"""A saved or finished game on a timeline, and its analysis move by move.

:class:`Replay` holds a game record and rebuilds the position after any number of its actions
with the rules engine (the record's actions replayed, never a position stored by the record
itself). It keeps the state every :data:`CHECKPOINT_EVERY` actions, so any point of a game of
thousands of actions is at most that many actions away from a stored state, and it remembers
the states it rebuilt last, so stepping forward or back is instant.

:func:`analyse` asks the coach (:func:`pachisi_widget.coach.evaluate` and
:func:`~pachisi_widget.coach.verdict`) about every decision of chosen seats that had more than
one legal move: the winning chance the move played gave up against the best one, and its grade
(inaccuracy, mistake, blunder).

>>> import pachisi_widget as pw
>>> g = pw.Game(players=2, seed=3)
>>> for _ in range(12):
...     _ = g.play_turn(pw.agents.GreedyAgent()) if g.phase != "over" else 0
>>> r = Replay(g.to_dict())
>>> r.count == len(g.history), r.state(r.count) == g.state
(True, True)
>>> r.play_from(4).state == r.state(4)
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from . import coach
from .engine import short_repr
from .errors import PachisiError
from .game import Game
from .lab.parallel import numpy_installed
from .serialize import GameRecord, start_game
from .state import GameState
from .throws import Throw

__all__ = [
    "CHECKPOINT_EVERY",
    "ANALYSIS_ROLLOUTS",
    "Replay",
    "Analysis",
    "Point",
    "ReplayError",
    "analyse",
    "analysis_rollouts",
]

CHECKPOINT_EVERY = 32
"""The replay keeps the state every this many actions."""

_REMEMBERED = 256
"""States rebuilt lately that the replay keeps (stepping back and forth reuses them)."""

ANALYSIS_ROLLOUTS = {"numpy": 100, "python": 12}
"""Rollouts per legal move in an analysis: fewer on the pure-Python engine (JupyterLite), whose
intervals are wider, so that fewer moves are graded (the coach grades a move only when the
interval of its loss excludes 0)."""


class ReplayError(PachisiError, ValueError):
    """An argument the replay cannot use (``code`` names the sentence)."""


@dataclass(frozen=True)
class Point:
    """One point of a replay, as the board's view reads a game: the state there and the game's
    rules, players and seed. Nothing can be undone at a point of a replay."""

    state: object
    rules: object
    players: int
    seed: int
    index: int
    can_undo: bool = False


def _as_game(record) -> Game:
    """A Game of its own from a Game, a record dict or its JSON text (a Game is copied through
    its record, so the replay never changes the game it was given)."""
    if isinstance(record, Game):
        return Game.from_dict(record.to_dict())
    if isinstance(record, (str, bytes, bytearray)):
        return Game.from_json(record)
    if isinstance(record, dict):
        return Game.from_dict(record)
    raise ReplayError.from_code("replay_bad_record", {"type": type(record).__name__})


class Replay:
    """A game record on a timeline: the position after any of its actions, rebuilt by the engine.

    ``Replay(record)`` takes a :class:`Game`, a record dict (``game.to_dict()``) or its JSON text.
    Index ``i`` is the position after the first ``i`` actions: 0 is the start, :attr:`count`
    the end.

    Raises:
        RecordError: for a record that does not replay (the engine refuses one of its actions).
        ReplayError: for anything that is not a record.
    """

    def __init__(self, record):
        game = _as_game(record)
        self.record: GameRecord = game.record()
        self.rules = game.rules
        self.seed = game.seed
        self.players = game.players
        self.actions: tuple = game.history
        start = self._start_game()
        self.start = start
        self._checkpoints = []
        engine = start.state.engine()
        for i, action in enumerate(self.actions):
            if i % CHECKPOINT_EVERY == 0:
                self._checkpoints.append(_state_of(engine) if i else start.state)
            _apply(engine, action)
        self._memory: dict = {0: start.state}
        self._turns: list | None = None
        self.final = game.state

    def turns(self) -> list:
        """The game's turns as :mod:`pachisi_widget.notation` writes them: (index of the
        turn's first action, ``"12. S: 4(4) 12-16"``), in order; worked out once."""
        if self._turns is None:
            from .notation import turn_lines

            self._turns = turn_lines(Game.from_record(self.record))
        return self._turns

    def _start_game(self) -> Game:
        """The game as it was before its first action (its opening throws replayed)."""
        game: Game = start_game(Game, self.record)
        return game

    def __repr__(self) -> str:
        """A short summary: the seats, the actions and how the game ended (not every action), in
        the session's language (:func:`pachisi_widget.set_language`).

        >>> import pachisi_widget as pw
        >>> g = pw.Game.from_position([[83, 84, 84, 84], None, [40, 0, 0, 0], None], seed=3)
        >>> _ = g.throw(value=10); _ = g.play(g.legal_move(83, 84))
        >>> Replay(g)
        <Replay of South and North: 2 actions, won by South; seed=3>
        """
        from . import words

        winner = self.final.winner
        if winner is not None:
            winners = list(winner) if isinstance(winner, tuple) else [winner]
            ended = words.text("replay_summary_won", {"seats": winners})
        else:
            over = self.final.phase == "over"
            ended = words.text(f"replay_summary_{'dead' if over else 'unfinished'}")
        params = {"seats": list(self.record.seats), "count": self.count, "ended": ended}
        return words.text("replay_summary", {**params, "seed": self.seed})

    @property
    def count(self) -> int:
        """The number of actions (throws and moves) in the record: the last index."""
        return len(self.actions)

    def check_index(self, index) -> int:
        """``index`` when it is a whole number 0..count, else a :class:`ReplayError`."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= self.count:
            raise ReplayError.from_code(
                "replay_bad_index", {"got": _short(index), "count": self.count}
            )
        return index

    def state(self, index: int):
        """The :class:`~pachisi_widget.state.GameState` after the first ``index`` actions."""
        index = self.check_index(index)
        if index == self.count:
            return self.final
        memory = self._memory
        if index in memory:
            return memory[index]
        base = index - index % CHECKPOINT_EVERY
        near = max((i for i in memory if base <= i < index), default=None)
        at = base if near is None else near
        state = self._checkpoints[at // CHECKPOINT_EVERY] if near is None else memory[near]
        engine = state.engine()
        if len(memory) > _REMEMBERED:
            memory.clear()
        for i in range(at, index):
            _apply(engine, self.actions[i])
            memory[i + 1] = state = _state_of(engine)
        return state

    def point(self, index: int) -> Point:
        """The position after ``index`` actions, as the board's view reads a game."""
        return Point(self.state(index), self.rules, self.players, self.seed, index)

    def events(self, index: int, last: int) -> list:
        """The narration's events up to ``index``: the last ``last`` actions before it, each
        ``(kind, before, action, after)`` ("throw" or "move")."""
        index = self.check_index(index)
        first = max(0, index - last)
        states = [self.state(i) for i in range(first, index + 1)]
        return [
            ("throw" if isinstance(a, Throw) else "move", states[k], a, states[k + 1])
            for k, a in enumerate(self.actions[first:index])
        ]

    def play_from(self, index: int) -> Game:
        """A live :class:`Game` at ``index``: the record's first ``index`` actions replayed (and
        undoable), the later ones dropped; the same seed, so the throws that follow are those
        the seed gives."""
        st = self.state(index)
        rec = self.record._replace(
            actions=self.record.actions[:index],
            position=st.pieces,
            to_move=st.to_move,
            phase=st.phase,
        )
        return Game.from_record(rec)

    def decisions(self, seats=None) -> list:
        """The indices of the moves of ``seats`` (None: every seat) chosen among more than one
        legal move, with the state before each: [(index, state, move)]."""
        out = []
        for i, a in enumerate(self.actions):
            if isinstance(a, Throw) or (seats is not None and a.seat not in seats):
                continue
            before = self.state(i)
            if len(before.legal_moves()) > 1:
                out.append((i, before, a))
        return out

    def to_json(self) -> str:
        """The record as JSON text."""
        return json.dumps(self.record.to_dict())


class Analysis(list):
    """What :func:`analyse` returns: its records, a list (one dict per judged decision), with
    :attr:`luck_skill`, the throws' worth against the moves' losses for each side over the game
    (:func:`pachisi_widget.luck.luck_skill`; None when not worked out)."""

    def __init__(self, records=(), luck_skill=None):
        super().__init__(records)
        self.luck_skill = luck_skill


def _apply(engine, action) -> None:
    if isinstance(action, Throw):
        engine.throw_value(action)
    else:
        engine.play(action)


def _state_of(engine) -> GameState:
    return GameState.of(engine)


def _short(value) -> str:
    return short_repr(value, 40)


def analysis_rollouts(engine: str = "auto") -> int:
    """Rollouts per legal move :func:`analyse` plays by default on ``engine``."""
    if engine == "auto":
        engine = "numpy" if numpy_installed() else "python"
    return ANALYSIS_ROLLOUTS.get(engine, ANALYSIS_ROLLOUTS["python"])


def analyse(
    replay: Replay,
    seats=None,
    *,
    rollouts: int | None = None,
    engine: str = "auto",
    policy="greedy",
    seed: int = 0,
    margin: float = 0.05,
    progress=None,
    lang: str | None = None,
    luck: bool = True,
) -> Analysis:
    """Every decision of ``seats`` (None: all) with more than one legal move, judged by the coach.

    Returns one dict per decision, in the order played: ``index`` (the timeline index after the
    move: the move is action number ``index``), ``seat``, ``move`` (in words of ``lang``, by
    default the session's language; the Move itself is ``played``), ``chance`` (the mover's
    chance to win after it), ``best``
    (after the best move), ``loss``, ``loss_low``, ``loss_high``, ``grade`` (None,
    ``"inaccuracy"``, ``"mistake"`` or ``"blunder"``), ``better`` (the better move, when graded)
    and ``verdict`` (the :class:`~pachisi_widget.coach.Verdict`, whose ``text(lang)`` says it in
    words). ``progress(done, total)`` is called after each decision.

    The list returned is an :class:`Analysis`: with ``luck`` its ``luck_skill`` weighs each
    side's throws against its moves' losses (:func:`pachisi_widget.luck.luck_skill`: from these
    records and the chance at the first position, which adds about 0.4 s on numpy).

    Raises:
        ReplayError: for seats that are not a list of seats in play.
        CoachError: for an argument the coach refuses.
    """
    if not isinstance(replay, Replay):
        raise ReplayError.from_code("replay_bad_record", {"type": type(replay).__name__})
    if seats is not None:
        if (
            not isinstance(seats, (list, tuple, set, frozenset))
            or not all(isinstance(s, int) and not isinstance(s, bool) for s in seats)
            or not set(seats) <= set(replay.record.seats)
        ):
            raise ReplayError.from_code(
                "replay_bad_seats", {"got": _short(seats), "seats": list(replay.record.seats)}
            )
        seats = frozenset(seats)
    if rollouts is None:
        rollouts = analysis_rollouts(engine)
    todo = replay.decisions(seats)
    out = []
    for k, (i, before, move) in enumerate(todo):
        ev = coach.evaluate(before, rollouts=rollouts, policy=policy, seed=seed + i, engine=engine)
        v = coach.verdict(before, move, margin=margin, evaluation=ev)
        best = ev.best
        out.append(
            {
                "index": i + 1,
                "seat": move.seat,
                "played": move,
                "move": coach.move_text(move, lang),
                "chance": v.played.chance,
                "best": best.chance,
                "loss": v.played.loss,
                "loss_low": v.played.loss_low,
                "loss_high": v.played.loss_high,
                "grade": v.grade,
                "better": coach.move_text(v.better.move, lang) if v.grade else None,
                "verdict": v,
            }
        )
        if progress is not None:
            progress(k + 1, len(todo))
    if not luck:
        return Analysis(out)
    from .luck import luck_skill

    return Analysis(out, luck_skill(replay, out, engine=engine, seed=seed))
