"""A board without Jupyter: the live game, its computer seats and narration, and the modes a
board can be in (replay, practice) with its teaching instruments.

A :class:`Session` holds everything a board shows and carries out everything a board can be
asked (:data:`~pachisi_widget.session.intents.INTENTS`). It needs no traitlets, anywidget or
Jupyter: the widget (:mod:`pachisi_widget.widget`) is traits over a session, and tests drive a
session directly. Whatever the session shows goes to its ``listener`` as an *update*: a dict of
trait names and values, in the order to assign them (``revision`` last of a board's update).

Changes are copy-then-swap: a new game, a set-up, a load, a replay opened, a question asked...
builds the new parts (:class:`Table`, :class:`~.replay.ReplayMode`,
:class:`~.practice.PracticeMode`, the language), draws the board they give, and only once that
drawing works makes them the session's. On any error everything is as it was.

>>> import pachisi_widget as pw
>>> s = Session(players=2, seed=7)
>>> s.shown["status"], s.revision
('New game: North starts.', 1)
>>> _ = s.throw(up=3)
>>> s.handle_intent({"kind": "move", "id": s.shown["legal_moves"][0]["id"]})
True
>>> s.handle_intent({"kind": "dance"}), s.shown["status_kind"]
(False, 'error')
"""

from __future__ import annotations

import json
import logging
from dataclasses import replace

from .. import coach, view, words
from ..checks import check_seat
from ..engine import short_repr
from ..game import Game, agent_move
from ..replay import ReplayError, analysis_rollouts
from ..words import Message
from . import intents, typed
from .intents import INTENTS, echo
from .parts import Part, Parts, check_language, check_names, draw
from .practice import PracticeMode
from .replay import ReplayMode
from .table import Table, computer_player, player_label, seats_from, undo_one
from .teaching import Instruments, check_overlay, check_tutor

__all__ = ["Session", "Table", "INTENTS", "check_names", "check_language"]

_log = logging.getLogger(__name__)
_EVENTS_KEPT = view.LIVE_LOG_EVENTS + 400  # the log's whole game; undo pops events


class _ReplayChanged(BaseException):
    """Raised into an analysis from its progress report when another game has been opened on
    the timeline (a BaseException: nothing on the way swallows it)."""


_ANALYSES_KEPT = 4
"""Analyses a session keeps (by game and settings): reopening a game does not judge it again."""


class Session:
    """A Pachisi board without Jupyter: a live :class:`Game`, its narration, computer seats,
    Undo, replay and practice modes and the teaching instruments.

    ``Session(game=g)`` shows an existing Game; otherwise ``players``, ``rules`` and ``seed``
    start a new one. ``computer``: {seat: agent name} or a list of 4 entries (``"human"``, an
    agent name or object, or None). ``listener(update)`` hears every update of what the board
    shows (:attr:`shown` holds them all merged); ``send(message)`` carries a message to the
    front end (a saved record to download). ``revision``: the revision the first view follows
    (it grows by one with each view drawn).

    Raises:
        ValueError / TypeError: for arguments that cannot be (unknown agent, bad language...).
    """

    def __init__(
        self,
        game: Game | None = None,
        *,
        players: int = 4,
        rules=None,
        seed=None,
        computer=None,
        language: str = "en",
        names=None,
        listener=None,
        send=None,
        revision: int = 0,
    ):
        check_language(language)
        if game is None:
            game = Game(players=players, rules=rules, seed=seed)
        elif not isinstance(game, Game):
            raise TypeError(f"game must be a pachisi_widget.Game, not {type(game).__name__}")
        agents, players_of = seats_from(computer, game)
        self.listener = listener
        self.send = send or (lambda message: None)
        self.instruments = Instruments(report=self._report_hints)
        self._analyses: dict = {}  # (record, seats, rollouts, engine) -> analysed ReplayMode
        self.revision = revision
        self.move_ids: dict = {}
        self.shown: dict = {}
        table = Table(game, tuple(players_of), agents)
        self._parts = Parts(table, None, ReplayMode(), PracticeMode(), language, check_names(names))
        self._commit("new_game", {"seat": game.to_move})

    # -- what the session holds ------------------------------------------------------------------
    # (read-only views of its parts; change them through the session so the board follows)

    game = Part(
        "table.game",
        "The live :class:`Game`. Change it through the session so the board follows.",
    )
    table = Part("table", "The live game and who plays it.")
    computer_seats = Part("table.agents", "{seat: agent} of the seats computer players play.")
    language = Part("language", '``"en"`` or ``"ro"``: the language of the narration and labels.')
    names = Part("names", "Per seat: the player's name (S, E, N, W).")
    replay_mode = Part("replay", "The replay mode: the game on the timeline, if any.")
    practice_mode = Part(
        "practice", "The practice mode: quiz on or off, the open question, the score."
    )
    quiz = Part("practice.quiz", "Whether practice mode is on.")
    replaying = Part(
        "replay.active", "Whether the board shows a replay (True) or the live game (False)."
    )
    replay_count = Part("replay.replay.count", "The number of actions of the game replayed.")

    @property
    def score(self) -> dict:
        """Questions asked by :meth:`ask` and answered right."""
        return dict(self._parts.practice.score)

    @property
    def replay_index(self) -> int | None:
        """The point of the timeline shown (None when the board is live)."""
        return self._parts.replay.index if self.replaying else None

    @property
    def shown_state(self):
        """The position the board shows: the replayed point while replaying, else the live
        game's state."""
        return self._parts.replay.state if self.replaying else self.game.state

    @property
    def analysis(self) -> list:
        """The last analysis of the replayed game (:meth:`analyse`): one record per judged move."""
        return self._parts.replay.result()

    @property
    def _live(self) -> bool:
        """Whether the board shows the live game outside practice (where the instruments are)."""
        return not self.replaying and not self.quiz

    # -- drawing: copy, draw, then swap ---------------------------------------------------------

    def _commit(
        self, code: str | None = None, params: dict | None = None, kind: str = "info", **changes
    ) -> None:
        """Draw the board as it is with ``changes`` (fields of :class:`Parts`) made; only once
        that works make them the session's, then tell the listener and draw the instruments."""
        parts = replace(self._parts, **changes)
        update, move_ids, note = draw(parts, self.revision, self.instruments, code, params, kind)
        if not parts.replay.active:
            parts = replace(parts, table=replace(parts.table, start_note=note))
        self._parts, self.move_ids, self.revision = parts, move_ids, update["revision"]
        self._emit(update)
        self._teach()

    def _emit(self, update: dict) -> None:
        self.shown.update(update)
        if self.listener is not None:
            self.listener(update)

    def _teach(self) -> None:
        """Draw the instruments for the board shown: the heat map, then the hints."""
        st, ins, live = self.game.state, self.instruments, self._live
        heat = ins.heat_view(st, self.language, self.names) if live else {}
        self._emit({"hints": ins.hints, "overlay": ins.overlay, "heat": heat})
        hint = {}
        if (
            live
            and ins.hints
            and st.phase == "move"
            and st.to_move not in self.computer_seats
            and self.move_ids
        ):
            hint = ins.hint_view(st, self.move_ids, self.language, self.names, self.revision)
        self._emit({"hint_view": hint})

    def _report_hints(self, done: int, total: int) -> None:
        """The one progress path of the instruments: the hints say how far they have got."""
        self._emit({"hint_view": view.thinking_view(done, total, self.language)})

    # -- the live game ---------------------------------------------------------------------------

    def throw(self, up: int | None = None, *, value: int | None = None):
        """Throw for the seat to move and update the view; ``up`` forces the mouths up, or
        ``value`` a throw value (as :meth:`Game.throw`)."""
        before = self.game.state
        t = self.game.throw(up, value=value)
        self._record("throw", before, t)
        return t

    def play(self, move):
        """Play ``move`` (from ``game.legal_moves()``) and update the view."""
        before = self.game.state
        judged = not self.replaying and not self.quiz and before.to_move not in self.computer_seats
        evaluation = self.instruments.before_move(before, move, judged=judged)
        played = self.game.play(move)
        self.instruments.after_move(before, played, self.game.state, evaluation)
        self._record("move", before, played)
        return played

    def pass_(self):
        """Pass the pending throw(s)."""
        g = self.game
        return self.play(g.legal_moves()[-1]) if g.phase == "move" else g.pass_()

    def _record(self, kind: str, before, action) -> None:
        events = (*self.table.events, (kind, before, action, self.game.state))[-_EVENTS_KEPT:]
        self._commit(table=replace(self.table, events=events))

    def undo(self, to_human: bool = False) -> None:
        """Take back the last throw or move.

        With ``to_human=True`` (what the board's Undo button does) it goes on taking back the
        actions of computer seats, so the human gets back the decision they want to reconsider
        instead of watching the computer replay at once.

        At the start of a game that replaced another one (a new game, a position set up, a game
        loaded), Undo brings the game before it back, so one mis-click loses nothing.

        Raises:
            IllegalMoveError: when there is nothing to undo (the view says so instead).
        """
        g, before = self.game, self._parts.before
        if not g.can_undo and before is not None:
            self._commit("undone_new_game", {}, table=before, before=None)
            return
        events = list(self.table.events)
        taken = [undo_one(g, events)]
        while to_human and self.computer_seats and g.can_undo and g.to_move in self.computer_seats:
            taken.append(undo_one(g, events))
        taken.reverse()  # told in the order they were played
        code, params = (
            ("undone", {"action": taken[0]})
            if len(taken) == 1
            else ("undone_several", {"actions": taken})
        )
        self._commit(code, params, table=replace(self.table, events=tuple(events)))

    def new_game(self, players: int | None = None, rules=None, seed=None) -> Game:
        """Start a new game (same players and rules unless given) and show it."""
        game = Game(
            players=players or self.game.players,
            rules=rules if rules is not None else self.game.rules,
            seed=seed,
        )
        self._replace_game(game, "new_game")
        return game

    def set_position(self, positions, to_move: int = 0, captured=(), seed=None) -> Game:
        """Set up a position (see :meth:`Game.from_position`) with the same rules, and show it."""
        game = Game.from_position(
            positions, to_move=to_move, rules=self.game.rules, seed=seed, captured=captured
        )
        self._replace_game(game, "setup")
        return game

    def load(self, record) -> Game:
        """Load a saved game: a dict, its JSON text, or the game as text (:meth:`Game.to_text`,
        told apart by its first character: a JSON record starts with ``{``); a bad one raises
        RecordError (game kept)."""
        if isinstance(record, str) and not record.lstrip().startswith("{"):
            game = Game.from_text(record)
        elif isinstance(record, (str, bytes, bytearray)):
            game = Game.from_json(record)
        else:
            game = Game.from_dict(record)
        self._replace_game(game, "loaded")
        return game

    def _replace_game(
        self,
        game: Game,
        code: str,
        params: dict | None = None,
        events: tuple = (),
        start_note: tuple | None = None,
    ) -> None:
        """Show ``game`` instead of the live one, once it is known to work: its record saves
        and its whole view is drawn (else the error is raised and nothing changed). The seats
        keep their players; a replay ends; Undo at its start brings the game before back."""
        game.to_dict()  # a game that cannot be saved is never shown
        old = self.table
        players = [
            "" if s not in game.seats else (p or "human") for s, p in enumerate(old.seat_players)
        ]
        agents = {s: a for s, a in old.agents.items() if s in game.seats}
        table = Table(game, tuple(players), agents, events, start_note or old.start_note)
        self._commit(
            code,
            {"seat": game.to_move} if params is None else params,
            table=table,
            before=old,
            replay=ReplayMode(),
        )

    def save(self) -> str:
        """The live game's record as JSON text."""
        return json.dumps(self.game.to_dict())

    def send_record(self, as_: str = "json") -> None:
        """Send the live game to the front end (``{"kind": "record", "text", "filename"}``),
        which offers it as a download: its JSON record, or with ``as_="text"`` the game as
        text (:meth:`Game.to_text`)."""
        g = self.game
        text = g.to_text() if as_ == "text" else self.save()
        filename = f"pachisi-{g.seed}-{len(g.history)}.{'txt' if as_ == 'text' else 'json'}"
        self.send({"kind": "record", "text": text, "filename": filename})
        self._commit("saved", {"filename": filename})

    # -- computer seats ------------------------------------------------------------------------

    def set_computer(self, seat: int, player="human") -> None:
        """Make ``seat`` a human (``"human"``) or a computer player (an agent name or object)."""
        check_seat(seat, self.game.seats)
        players, agents = list(self.table.seat_players), dict(self.table.agents)
        if isinstance(player, str) and player == "human":
            agents.pop(seat, None)
            players[seat] = "human"
        else:
            agents[seat] = computer_player(player)
            players[seat] = player_label(agents[seat])
        self._commit(table=replace(self.table, seat_players=tuple(players), agents=agents))

    def computer_step(self) -> bool:
        """Play one action (a throw or a move) for a computer seat whose turn it is.

        Returns False when the seat to move is human or the game is over.
        """
        g = self.game
        agent = self.computer_seats.get(g.to_move)
        if agent is None or g.phase == "over":
            return False
        if g.phase == "throw":
            self.throw()
        else:
            self.play(agent_move(agent, g.state, g.agent_rng()))
        return True

    def play_computers(self, max_actions: int = 100_000) -> int:
        """Let computer seats play until a human is to move or the game ends; returns the count."""
        n = 0
        while n < max_actions and self.computer_step():
            n += 1
        return n

    # -- settings ------------------------------------------------------------------------------

    def set_language(self, language: str) -> None:
        """Narrate and label in ``language`` (``"en"`` or ``"ro"``)."""
        if check_language(language) != self.language:
            self._commit(language=language)

    def set_names(self, names) -> None:
        """The players' names (4 strings, S, E, N, W)."""
        names = check_names(names)
        if names != self.names:
            self._commit(names=names)

    def set_quiz(self, on: bool) -> None:
        """Practice mode on or off: no highlights or hints; a move named by a piece and a
        square (:meth:`try_move`)."""
        if bool(on) != self.quiz:
            self._commit(practice=replace(self.practice_mode, quiz=bool(on)))

    def set_score(self, score: dict) -> None:
        """Start counting again from ``score`` ({"asked": n, "right": m}); nothing is redrawn."""
        if not (
            isinstance(score, dict)
            and set(score) == {"asked", "right"}
            and all(isinstance(v, int) for v in score.values())
        ):
            raise ValueError("score must be a dict {'asked': n, 'right': m}")
        self._parts = replace(self._parts, practice=replace(self.practice_mode, score=dict(score)))

    def set_hints(self, on: bool) -> None:
        """Show on each legal move of a human seat its chance to win, or not."""
        if not isinstance(on, bool):
            raise ValueError(f"hints must be True or False, not {short_repr(on)}")
        if on != self.instruments.hints:
            self.instruments.hints = on
            self._teach()

    def set_overlay(self, overlay) -> None:
        """Colour the squares: ``"danger"``, ``"reach"`` or None."""
        if check_overlay(overlay) != self.instruments.overlay:
            self.instruments.overlay = overlay
            self._teach()

    def set_tutor(self, tutor) -> None:
        """The tutor: True (margin 0.05), a margin of winning chance 0..1, or False. While it
        is on, the status says so; :meth:`tutor_report` tells its verdict on the last move."""
        self.instruments.tutor = check_tutor(tutor)

    def typed(self, text: str) -> None:
        """Carry out a move or a command as typed, in English or Romanian
        (:func:`pachisi_widget.session.typed.carry_out`: ``"12 16"``, ``"enter"``, ``"pass"``,
        ``"where"``, ``"step 12"``, ``"danger"``, ``"moves"``, ``"help"``...).

        Raises:
            TypedError: for a text that is not a command or a move that cannot be played now;
                whatever :meth:`throw`, :meth:`play`, :meth:`pass_` and :meth:`undo` raise.
        """
        typed.carry_out(self, text)

    def tutor_report(self) -> str:
        """The tutor's verdict on the last move it judged, in the board's language: also when
        it stayed silent because the move was close to the best (it speaks only after a move
        that gives up more than its margin), or why there is none."""
        return self.instruments.tutor_report(self.language)

    # -- replay and analysis -------------------------------------------------------------------

    def replay(self, record=None, index: int = 0):
        """Show a game on the timeline: ``record`` is a :class:`Game`, a record dict or its JSON
        text (None: the live game). The board shows the position after ``index`` actions and
        the narration up to it; throws and moves are off until :meth:`play_from_here` or
        :meth:`close_replay`.

        Raises:
            RecordError: for a record that does not replay; ReplayError for a bad index or
                something that is not a record (the board is unchanged).
        """
        mode = ReplayMode.open(self.game if record is None else record, index)
        closed = replace(self.practice_mode, question=None)  # a question was about the live game
        self._commit(replay=mode, practice=closed)
        return mode.replay

    def replay_to(self, index: int) -> None:
        """Show the point ``index`` (0..count) of the replay.

        Raises:
            ReplayError: when nothing is replayed or ``index`` is out of range.
        """
        self._commit(replay=self.replay_mode.to(index))

    def play_from_here(self) -> Game:
        """Make the replayed position the live game: the record's actions up to it are played
        (Undo takes them back one by one), the later ones dropped; the seats keep their players."""
        mode = self.replay_mode
        game, events = mode.play_from_here()
        self._replace_game(game, "replay_from_here", {"index": mode.index}, events, mode.start_note)
        return game

    def close_replay(self) -> None:
        """Leave the replay: the live game is shown again, as it was."""
        if self.replaying:
            self._commit("replay_ended", {}, replay=ReplayMode())

    def analyse(self, seats=None, *, rollouts: int | None = None, engine: str = "auto") -> list:
        """Judge every decision of ``seats`` (default: the human seats, or all when none is
        human) with more than one legal move in the replayed game (the live game when nothing
        is replayed, which is then shown on the timeline), with the coach. Marks the
        inaccuracies, mistakes and blunders on the timeline and draws the winning chance.

        Returns :func:`pachisi_widget.replay.analyse`'s records and ``luck_skill``, kept in
        :attr:`analysis`. Progress shows on the timeline while it runs. A game is judged once per
        seats and settings (asked again, or reopened, it shows the same analysis at once).

        Raises:
            ReplayError: when another game is opened on the timeline while it runs: the
                analysis stops, and nothing of it is shown on the other game's timeline.
        """
        if not self.replaying:
            self.replay(None, index=len(self.game.history))
        mode = self.replay_mode
        if seats is None:
            seats = [
                s for s in mode.replay.record.seats if self.table.seat_players[s] == "human"
            ] or None
        key = (None if seats is None else tuple(seats), rollouts, engine)
        if mode.analysis is not None and mode.analysed_for == key:
            return mode.result()  # computed once per game and settings
        game = mode.replay
        try:
            kept_key = (game.record, key)
            kept = self._analyses.get(kept_key)
        except TypeError:  # a record that cannot be hashed: not kept
            kept_key, kept = None, None
        if kept is not None:
            self._commit(replay=mode.with_analysis(kept))
            return kept.result()

        def progress(done, total):
            now = self.replay_mode
            if now.replay is not game:  # another game is on the timeline: stop
                raise _ReplayChanged
            self._commit(replay=replace(now, progress=(done, total)))

        progress(0, mode.decisions(seats))
        try:
            mode = mode.analysed(
                seats, rollouts=rollouts, engine=engine, progress=progress, lang=self.language
            )
        except _ReplayChanged:
            raise ReplayError.from_code("replay_analysis_stopped", {}) from None
        except BaseException:
            if self.replay_mode.replay is game:
                self._parts = replace(self._parts, replay=replace(self.replay_mode, progress=None))
            raise
        if self.replay_mode.replay is not game:  # changed after the last progress: discard
            raise ReplayError.from_code("replay_analysis_stopped", {})
        self._commit(replay=self.replay_mode.with_analysis(mode))  # at the point shown now
        if kept_key is not None:
            self._analyses[kept_key] = mode
            while len(self._analyses) > _ANALYSES_KEPT:
                self._analyses.pop(next(iter(self._analyses)))
        return mode.result()

    # -- practice: moves named by a piece and a square, questions ----------------------------

    def try_move(self, start: int, square):
        """Practice mode's move: the seat to move's piece on step ``start`` to ``square`` ([x, y]
        of the board, or ``"home"``). A move the rules forbid raises IllegalMoveError with the
        rule (nothing changes); a legal one is played and the coach's verdict said ("Right!", or
        "Allowed" for a mistake) in the status line and returned."""
        before = self.game.state
        move = self.practice_mode.move(before, start, square)
        ev = self.instruments.evaluation(
            before,
            rollouts=analysis_rollouts(),
            seed=len(self.game.history),
            budget=None,
            quiet=True,
        )
        v = coach.verdict(before, move, evaluation=ev)
        self.play(move)
        code = "quiz_moved" if v.is_mistake else "quiz_right"
        self._commit(code, {"detail": v.text(self.language)})
        return v

    def ask(self, question: str, **params):
        """Ask a question about the position on the board (the replayed one while replaying):
        ``"capture"`` (which move captures), ``"safe"`` (which piece is safe on a castle;
        ``seat=``), ``"chance"`` (the chance of the next throw's ``value=``, or that the piece
        on ``step=`` is captured). The question panel offers its choices; :meth:`answer` (or a
        click) checks the answer and :attr:`score` counts.

        Raises:
            QuestionError: for a question the position cannot answer (nothing changes). The
                widget's :meth:`~pachisi_widget.PachisiWidget.ask` tells it on the board and
                returns its sentence instead.
        """
        mode, q = self.practice_mode.ask(self.shown_state, question, **params)
        self._commit(practice=mode)
        return replace(q, lang=self.language)  # echoed in the board's language

    def answer(self, choice: int) -> bool:
        """Answer the open question with choice number ``choice``; True when it is right.

        Raises:
            QuestionError: when there is no open question or no such choice.
        """
        mode, right = self.practice_mode.answer(choice)
        self._commit(practice=mode)
        return right

    # -- intents ---------------------------------------------------------------------------------

    def handle_intent(self, content, via=None) -> bool:
        """Validate and carry out one intent from the front end; True when it was carried out.

        ``via``: an adapter whose own methods of the intents' names are called instead of the
        session's (:func:`intents.carry_out`). Never raises: a refusal or an error becomes the
        status line and changes nothing.
        """
        try:
            intents.carry_out(self, content, via)
            return True
        except Exception as exc:  # never into the comm layer: a refusal, and a bug logged
            if not intents.is_expected(exc):
                _log.error("pachisi_widget: error while handling %s", echo(content), exc_info=True)
            self.refuse(*intents.refusal(exc))
        return False

    def refuse(self, code: str, params: dict) -> None:
        """Show a refusal; if even that fails, a plain one (logged): never an exception."""
        try:
            self._commit(code, params, "error")
        except Exception as exc:
            _log.error("pachisi_widget: could not show the refusal %s", code, exc_info=True)
            try:
                detail = Message("internal_error", {"kind": type(exc).__name__})
                text = words.text("bad_message", {"detail": detail}, self.language)
            except Exception:
                text = "internal error; the details are in the log"
            self.revision += 1
            self._emit({"status": text, "status_kind": "error", "revision": self.revision})
