"""PachisiWidget: a live Pachisi board for JupyterLab, Notebook 7, Voila and JupyterLite.

The widget is a thin adapter over :class:`pachisi_widget.Game`. Python computes everything
the view needs (:mod:`pachisi_widget.view`, pure functions of the game and its events) and
writes it to synced traits; the front end (``js/``, bundled into ``static/``) only draws and
sends *intents* as custom messages, each carried out by its handler in the table ``_HANDLERS``:

====================  ==========================================================================
intent ``kind``       fields
====================  ==========================================================================
``throw``             ``up`` (optional, 0..shells: a teacher forcing the mouths up)
``move``              ``id``: an id from the ``legal_moves`` trait
``pass``              (none)
``undo``              (none): takes back the last action, and the computer seats' actions before
                      it, back to a human's decision; at the start of a game that replaced
                      another (new game, set-up, load), brings that game back
``new_game``          ``players`` (optional 2..4), ``seed`` (optional int), ``preset`` (optional)
``step``              ``turn`` and ``revision``: the ``state.turn`` and ``revision`` it was sent for;
                      plays one computer action (a timer from an older position does nothing)
``set_seat``          ``seat`` 0..3, ``player``: ``"human"`` or an agent name
``set_language``      ``language``: ``"en"`` or ``"ro"``
``setup``             ``positions`` (4 lists of 4 steps or null), ``to_move`` (seat)
``save``              (none): Python answers with a ``{"kind": "record", "text", "filename"}``
                      message, which the view offers as a download
``load``              ``text``: a saved game record (JSON text)
``replay_open``       (none): replay the game on the board on the timeline (from its start)
``replay_to``         ``index``: 0..count, the point of the timeline to show
``replay_step``       ``by``: -1 or 1, one action back or forward
``replay_from_here``  ``index``: the point shown; it becomes the live game (later actions dropped)
``replay_analyse``    (none): judge every human decision of the replayed game (the coach)
``replay_close``      (none): back to the live game
``try``               ``start`` (a step) and ``square`` ([x, y] or ``"home"``): a move named by a
                      piece and a square, in practice mode (``quiz``)
``answer``            ``question`` (the id it was sent for), ``choice`` (an index of its choices)
``hint``              ``on`` (optional bool; absent: toggles): show each legal move's chance to win
``set_overlay``       ``overlay``: ``"danger"``, ``"reach"`` or null: colour the squares
====================  ==========================================================================

Every intent is validated: anything malformed, stale or illegal gets a clear ``status`` (with
``status_kind == "error"``) and changes nothing; no exception escapes into the comm layer. A new
game, a position set up or a game loaded replaces the current one only once it has been checked
completely (its record saves, its view is drawn); a status line quotes at most a few dozen
characters of anything the board sent. Move ids carry the ``revision`` they were made for, so a
click on a board that has changed since is recognised as stale. The view writes only its display
preferences (``speed``, ``animate``, ``large``).

>>> import pachisi_widget as pw            # doctest: +SKIP
>>> w = pw.PachisiWidget(players=2, seed=7)  # doctest: +SKIP
>>> w.throw(); w.play(w.game.legal_moves()[0])  # doctest: +SKIP
"""

from __future__ import annotations

import json
import logging
import pathlib

import anywidget
import traitlets

from . import board, coach, i18n, practice, serialize, view
from .agents import AGENTS, make_agent
from .engine import short_repr
from .errors import IllegalMoveError, PachisiError, RecordError
from .game import Game, agent_move
from .i18n import Message
from .replay import Replay, ReplayError, analyse, analysis_rollouts
from .rules import PRESETS, Rules
from .throws import Throw

__all__ = ["PachisiWidget", "bundle_paths"]

_log = logging.getLogger(__name__)
_STATIC = pathlib.Path(__file__).parent / "static"
_EVENTS_KEPT = 400  # undo pops events: keep more than the log shows
_STATUS_MAX = view.STATUS_MAX  # characters: a status line is one line, whatever it quotes
_DETAIL_MAX = 240  # characters of an error's own message quoted in a refusal


def bundle_paths() -> tuple[pathlib.Path, pathlib.Path]:
    """The built front end (widget.js, widget.css).

    Raises:
        FileNotFoundError: when the bundle has not been built, saying how to build it.
    """
    js, css = _STATIC / "widget.js", _STATIC / "widget.css"
    if not js.exists():
        raise FileNotFoundError(
            f"the pachisi_widget front end is not built ({js} is missing). From a source checkout "
            "run `npm install && npm run build` (or `pip install -e .`, which runs them), or "
            "install pachisi_widget from a wheel, which ships the bundle."
        )
    return js, css


class _Refused(Exception):
    """An intent that is answered with a status message and changes nothing."""

    def __init__(self, code: str, params: dict | None = None):
        super().__init__(code)
        self.code = code
        self.params = params or {}


class PachisiWidget(anywidget.AnyWidget):
    """A live Pachisi board: click to throw and move; Python holds the game.

    ``PachisiWidget(game=g)`` shows an existing :class:`Game`; otherwise ``players``, ``rules``
    (a Rules or a preset name) and ``seed`` start a new one. ``computer`` makes seats computer
    players: a dict ``{seat: agent_name}`` or a list of 4 entries (``"human"``, an agent name
    from :data:`pachisi_widget.agents.AGENTS`, or None). Computer seats play by themselves,
    one action every ``speed`` seconds (the front end paces them; Python plays the action).
    The teaching instruments can be switched on at once or later: ``hints``, ``tutor``,
    ``overlay`` and ``quiz`` (``PachisiWidget(players=2, hints=True)`` or ``w.hints = True``).

    Observers: every state change reassigns ``state`` (and ``revision`` grows by one), so
    ``w.observe(callback, names="state")`` fires once per throw, move, undo or new game.

    Raises:
        ValueError / TypeError: for arguments that cannot be (unknown agent, bad language...).
    """

    # The built bundle, as files: anywidget reads them, and with ANYWIDGET_HMR=1 in a source
    # checkout it watches them and re-renders on save. Without a bundle the module still imports
    # (the rules engine does not need it) and the constructor says how to build it.
    _esm = _STATIC / "widget.js" if (_STATIC / "widget.js").is_file() else ""
    _css = _STATIC / "widget.css" if (_STATIC / "widget.css").is_file() else ""

    geometry = traitlets.Dict().tag(sync=True)
    """Board geometry from :func:`pachisi_widget.board.layout`, sent once."""
    state = traitlets.Dict().tag(sync=True)
    """The position for the view (GameState.to_dict() plus names, seat players, rules text)."""
    legal_moves = traitlets.List().tag(sync=True)
    """The legal moves: {id, seat, piece, start, end, kind, value, captures, from, to, path,
    label}."""
    status = traitlets.Unicode("").tag(sync=True)
    """One line for the narration hook: the last event or the reason an intent was refused."""
    status_kind = traitlets.Unicode("info").tag(sync=True)
    """``"info"`` or ``"error"`` (the view styles a refusal differently)."""
    log = traitlets.List().tag(sync=True)
    """The narration: recent sentences, oldest first, in ``language``."""
    last_throw = traitlets.Dict().tag(sync=True)
    """The latest throw: {seat, up, value, grace, enters, bonus, shells, mouths, pyada, ...}."""
    language = traitlets.Unicode("en").tag(sync=True)
    """``"en"`` or ``"ro"``: the language of the narration and labels."""
    seat_players = traitlets.List().tag(sync=True)
    """Per seat: ``"human"``, an agent name, or ``""`` for a seat nobody plays."""
    agent_names = traitlets.List(sorted(AGENTS)).tag(sync=True)
    """The computer players a seat can be set to."""
    names = traitlets.List().tag(sync=True)
    """Per seat: the player's name (rendered as text, never as HTML)."""
    speed = traitlets.Float(0.6).tag(sync=True)
    """Seconds between two actions of computer seats."""
    animate = traitlets.Bool(True).tag(sync=True)
    """Whether the cowries and pieces animate (off for tests and for calm classrooms)."""
    large = traitlets.Bool(False).tag(sync=True)
    """The large board, for a projector: the board takes the whole width, the rest goes below."""
    teacher = traitlets.Bool(False).tag(sync=True)
    """Whether the teacher controls (force a throw, set a position, save/load) are shown."""
    revision = traitlets.Int(0).tag(sync=True)
    """Grows by one on every state change; move ids carry it so stale clicks are recognised."""
    presets = traitlets.List(list(PRESETS)).tag(sync=True)
    timeline = traitlets.Dict().tag(sync=True)
    """The replay's timeline ({} when the board is live): see :func:`view.timeline_view`."""
    question = traitlets.Dict().tag(sync=True)
    """The question asked by :meth:`ask` ({} when none): see :func:`view.question_view`."""
    quiz = traitlets.Bool(False).tag(sync=True)
    """Practice mode: no highlights or hints; a move is named by a piece and a square, a wrong
    one gets the rule that forbids it, a legal one the coach's verdict."""
    score = traitlets.Dict({"asked": 0, "right": 0}).tag(sync=True)
    """Questions asked by :meth:`ask` and answered right."""
    hints = traitlets.Bool(False).tag(sync=True)
    """Show on each legal move of a human seat its chance to win (:func:`coach.evaluate`)."""
    hint_view = traitlets.Dict().tag(sync=True)
    """The hints ({} when off): :func:`view.hints_view`, or :func:`view.thinking_view` while
    they are computed."""
    tutor = traitlets.Union([traitlets.Bool(), traitlets.Float()], default_value=False).tag(
        sync=True)
    """After a human move, say when it gave up more winning chance than a margin, which move
    was better and why (:func:`coach.verdict`): True (margin 0.05), a margin 0..1, or False."""
    overlay = traitlets.Unicode(None, allow_none=True).tag(sync=True)
    """Colour the squares: ``"danger"`` (where an opponent can land before the seat to move's
    next turn), ``"reach"`` (where a piece can stand after this turn), or None."""
    heat = traitlets.Dict().tag(sync=True)
    """The heat map shown ({} when none): :func:`view.danger_view` or :func:`view.reach_view`."""
    hint_budget = 5.0
    """Seconds the hints may take for one position (their intervals say how sure they are);
    None: no limit."""
    hint_rollouts = None
    """Rollouts per move for the hints (None: the coach's default for its engine)."""

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
        speed: float = 0.6,
        animate: bool = True,
        large: bool = False,
        teacher: bool = False,
        **kwargs,
    ):
        # the teaching instruments may be switched on at once: PachisiWidget(hints=True, ...)
        instruments = {k: kwargs.pop(k) for k in ("hints", "tutor", "overlay", "quiz") if k in kwargs}
        unknown = set(kwargs) - {"layout"}
        if unknown:
            raise TypeError(
                f"PachisiWidget got unknown argument(s) {sorted(unknown)}; "
                "see help(PachisiWidget) for game, players, rules, seed, computer, "
                "language, names, speed, animate, large, teacher, hints, tutor, overlay, quiz"
            )
        if not isinstance(language, str) or language not in i18n.LANGUAGES:
            raise ValueError(
                f"language must be one of {', '.join(i18n.LANGUAGES)}, not {short_repr(language)}"
            )
        if isinstance(speed, bool) or not isinstance(speed, (int, float)) or not speed >= 0:
            raise ValueError(f"speed must be a number of seconds >= 0, not {short_repr(speed)}")
        bundle_paths()  # a clear error when the front end was never built
        if game is None:
            game = Game(players=players, rules=rules, seed=seed)
        elif not isinstance(game, Game):
            raise TypeError(f"game must be a pachisi_widget.Game, not {type(game).__name__}")
        super().__init__(**kwargs)
        self._game = game
        self._events: list = []  # (kind, before, action, after) for narration in any language
        self._agents: dict = {}
        self._start_note = None
        self._before = None  # the game a new game (set-up, load) replaced: Undo brings it back
        self._replay = None  # the Replay on the timeline (None: the board is live)
        self._replay_index = 0
        self._analysis = None  # analyse()'s records for the replay
        self._progress = None  # (done, total) while an analysis runs
        self._question = None  # (id, Question, the choice answered or None)
        self._asked = 0
        self.language = language
        self.speed = float(speed)
        self.animate = animate
        self.large = large
        self.teacher = teacher
        self.geometry = view.geometry()
        self.names = self._check_names(names)
        self.seat_players = self._check_computer(computer, game)
        self.on_msg(self._on_msg)
        self._sync("new_game", {"seat": game.to_move})
        for name, value in instruments.items():  # each checked by its trait, as when set later
            setattr(self, name, value)

    # -- argument checks -------------------------------------------------------------------

    @staticmethod
    def _check_names(names) -> list:
        if names is None:
            return list(board.SEAT_NAMES)
        if (
            not isinstance(names, (list, tuple))
            or len(names) != 4
            or not all(isinstance(n, str) for n in names)
        ):
            raise ValueError("names must be a list of 4 strings (S, E, N, W)")
        return [n[:40] for n in names]

    def _check_computer(self, computer, game: Game) -> list:
        players = ["human" if s in game.seats else "" for s in range(4)]
        if computer is None:
            return players
        if isinstance(computer, dict):
            items = computer.items()
        elif isinstance(computer, (list, tuple)) and len(computer) == 4:
            items = enumerate(computer)
        else:
            raise ValueError("computer must be a dict {seat: agent name} or a list of 4 entries")
        for seat, name in items:
            if isinstance(seat, bool) or not isinstance(seat, int) or seat not in game.seats:
                raise ValueError(
                    f"seat {short_repr(seat)} is not in play; seats in play: {list(game.seats)}"
                )
            if name is None or name == "human":
                players[seat] = "human"
                continue
            self._agents[seat] = _agent(name)
            players[seat] = _agent_label(self._agents[seat])
        return players

    # -- the live game ---------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The live :class:`Game`. Change it through the widget's methods so the view follows."""
        return self._game

    def throw(self, up: int | None = None, *, value: int | None = None):
        """Throw for the seat to move and update the view; ``up`` forces the mouths up, or
        ``value`` a throw value (as :meth:`Game.throw`)."""
        before = self._game.state
        t = self._game.throw(up, value=value)
        self._record("throw", before, t)
        return t

    def play(self, move):
        """Play ``move`` (from ``w.game.legal_moves()``) and update the view."""
        before = self._game.state
        judged = self._tutor_evaluation(before, move)
        played = self._game.play(move)
        self._tutor_judge(before, played, judged)
        self._record("move", before, played)
        return played

    def pass_(self):
        """Pass the pending throw(s)."""
        return (
            self.play(self._game.legal_moves()[-1])
            if self._game.phase == "move"
            else self._game.pass_()
        )

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
        g = self._game
        if not g.can_undo and self._before is not None:
            self._restore_before()
            return
        taken = [self._undo_one()]
        while to_human and self._agents and g.can_undo and g.to_move in self._agents:
            taken.append(self._undo_one())
        taken.reverse()  # told in the order they were played
        if len(taken) == 1:
            self._sync("undone", {"action": taken[0]})
        else:
            self._sync("undone_several", {"actions": taken})

    def _restore_before(self) -> None:
        """Show again the game that the current one replaced."""
        game, events, agents, note, players = self._before
        kept = self._game, self._events, self._agents, self._start_note
        self._game, self._events, self._agents, self._start_note = game, events, agents, note
        try:
            shown = self._view("undone_new_game", {}, "info", players, can_undo=game.can_undo)
        except BaseException:
            self._game, self._events, self._agents, self._start_note = kept
            raise
        self._before = None
        with self.hold_sync():
            self.seat_players = players
            self._show(shown)

    def _undo_one(self) -> Message:
        """Take back the last action; what it was, as words to say."""
        g = self._game
        action = g.history[-1] if g.history else None
        g.undo()
        if self._events:
            self._events.pop()
        if isinstance(action, Throw):  # the state restored is the thrower's
            return Message("undo_item_throw", {"seat": g.to_move, "value": action.value})
        if action is not None and action.kind == "pass":
            return Message("undo_item_pass", {"seat": action.seat})
        if action is not None:
            return Message(
                "undo_item_move", {"seat": action.seat, "start": action.start, "end": action.end}
            )
        return Message("undo_item_pass", {"seat": g.to_move})

    def new_game(self, players: int | None = None, rules=None, seed=None) -> Game:
        """Start a new game (same players and rules unless given) and show it."""
        game = Game(
            players=players or self._game.players,
            rules=rules if rules is not None else self._game.rules,
            seed=seed,
        )
        self._set_game(game)
        return game

    def set_position(self, positions, to_move: int = 0, captured=(), seed=None) -> Game:
        """Set up a position (see :meth:`Game.from_position`) with the same rules, and show it."""
        game = Game.from_position(
            positions, to_move=to_move, rules=self._game.rules, seed=seed, captured=captured
        )
        self._set_game(game, "setup")
        return game

    def load(self, record) -> Game:
        """Load a saved game (a dict or JSON text); a bad one raises RecordError (game kept)."""
        if isinstance(record, (str, bytes, bytearray)):
            game = Game.from_json(record)
        else:
            game = Game.from_dict(record)
        self._set_game(game, "loaded")
        return game

    def save(self) -> str:
        """The current game's record as JSON text."""
        return json.dumps(self._game.to_dict())

    def set_computer(self, seat: int, player: str = "human") -> None:
        """Make ``seat`` a human (``"human"``) or a computer player (an agent name)."""
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in self._game.seats:
            raise ValueError(
                f"seat {short_repr(seat)} is not in play; seats in play: {list(self._game.seats)}"
            )
        players = list(self.seat_players)
        if isinstance(player, str) and player == "human":
            self._agents.pop(seat, None)
            players[seat] = "human"
        else:
            self._agents[seat] = _agent(player)
            players[seat] = _agent_label(self._agents[seat])
        self.seat_players = players
        self._sync(None, None)

    def computer_step(self) -> bool:
        """Play one action (a throw or a move) for a computer seat whose turn it is.

        Returns False when the seat to move is human or the game is over.
        """
        g = self._game
        agent = self._agents.get(g.to_move)
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

    def _set_game(self, game: Game, code: str = "new_game") -> None:
        """Show ``game`` instead of the current one, once it is known to work: its record
        saves and its whole view is drawn. Otherwise the error is raised and nothing changed."""
        game.to_dict()  # a game that cannot be saved is never shown
        players = list(self.seat_players)
        for s in range(4):
            if s not in game.seats:
                players[s] = ""
            elif players[s] == "":
                players[s] = "human"
        agents = {s: a for s, a in self._agents.items() if s in game.seats}
        kept = self._game, self._events, self._agents
        before = (*kept, self._start_note, list(self.seat_players))
        replay = self._replay, self._analysis, self._progress  # a new game ends a replay
        self._game, self._events, self._agents = game, [], agents
        self._replay, self._analysis, self._progress = None, None, None
        try:
            view = self._view(code, {"seat": game.to_move}, "info", players, can_undo=True)
        except BaseException:
            self._game, self._events, self._agents = kept
            self._replay, self._analysis, self._progress = replay
            raise
        self._before = before
        with self.hold_sync():
            self.seat_players = players
            self._show(view)

    # -- view sync ----------------------------------------------------------------------------

    def _record(self, kind: str, before, action) -> None:
        self._events.append((kind, before, action, self._game.state))
        del self._events[:-_EVENTS_KEPT]
        self._sync(None, None)

    def _sync(self, code: str | None, params: dict | None, kind: str = "info") -> None:
        self._show(self._view(code, params, kind))

    def _view(self, code: str | None, params: dict | None, kind: str = "info",
              seat_players: list | None = None, can_undo: bool | None = None) -> dict:
        """Everything the view is sent for the current game (nothing is assigned yet)."""
        if self._replay is not None:
            return view.replay_board_view(
                self._replay, self._replay_index, revision=self.revision + 1, lang=self.language,
                names=self.names, seat_players=self.seat_players, code=code, params=params,
                kind=kind)
        if can_undo is None:
            can_undo = self._game.can_undo or self._before is not None
        return view.board_view(
            self._game,
            self._events,
            revision=self.revision + 1,
            lang=self.language,
            names=self.names,
            seat_players=self.seat_players if seat_players is None else seat_players,
            computer_seats=self._agents,
            start_note=self._start_note,
            can_undo=can_undo,
            code=code,
            params=params,
            kind=kind,
        )

    def _show(self, shown: dict) -> None:
        """Send ``shown`` (from :meth:`_view`) to the front end."""
        self._move_ids = shown["move_ids"]
        if self._replay is None:
            self._start_note = shown["start_note"]
        if self.quiz:  # practice: no highlights, no hints
            shown["legal_moves"] = []
            shown["state"]["quiz"] = True
            shown["state"]["quiz_text"] = i18n.text("quiz_on", {}, self.language)
        with self.hold_sync():
            self.timeline = view.timeline_view(self._replay, self._replay_index, self._analysis,
                                               self._progress, self.language)
            self.question = self._question_view()
            self.last_throw = shown["last_throw"]
            self.legal_moves = shown["legal_moves"]
            self.log = shown["log"]
            self.status = shown["status"]
            self.status_kind = shown["status_kind"]
            self.state = shown["state"]
            self.revision = shown["revision"]  # last: an observer sees every other trait updated
        self._show_teaching(tutor=True)

    @traitlets.observe("quiz")
    def _quiz_changed(self, change) -> None:
        if hasattr(self, "_move_ids"):
            self._sync(None, None)

    @traitlets.validate("names")
    def _valid_names(self, proposal) -> list:
        try:
            return self._check_names(proposal["value"])
        except ValueError as exc:
            raise traitlets.TraitError(str(exc)) from None

    @traitlets.validate("speed")
    def _valid_speed(self, proposal) -> float:
        value = proposal["value"]
        if not value >= 0 or value > 3600:
            raise traitlets.TraitError(f"speed must be a number of seconds 0..3600, not {value!r}")
        return value

    @traitlets.observe("names")
    def _names_changed(self, change) -> None:
        if hasattr(self, "_move_ids"):
            self._sync(None, None)

    @traitlets.observe("language")
    def _language_changed(self, change) -> None:
        if change["new"] not in i18n.LANGUAGES:
            self.language = change["old"]
            raise traitlets.TraitError(f"language must be one of {', '.join(i18n.LANGUAGES)}")
        if hasattr(self, "_game"):
            self._sync(None, None)

    # -- intents from the front end ---------------------------------------------------------

    def _on_msg(self, widget, content, buffers=None) -> None:
        self.handle_intent(content)

    def handle_intent(self, content) -> bool:
        """Validate and carry out one intent from the front end; True when it changed the game.

        Never raises: a refusal or an error becomes the ``status`` line and the game is kept.
        """
        try:
            self._dispatch(content)
            return True
        except _Refused as r:
            self._refuse(r.code, r.params)
        except RecordError as exc:
            self._refuse("bad_record", {"detail": _brief(exc)})
        except PachisiError as exc:
            code = exc.code or ("game_over" if type(exc).__name__ == "GameOverError" else None)
            if code in i18n.CATALOGUES["en"]:
                self._refuse(code, exc.params)
            else:
                self._refuse("bad_message", {"detail": _brief(exc)})
        except (TypeError, ValueError) as exc:
            self._refuse("bad_message", {"detail": _brief(exc)})
        except Exception as exc:  # never into the comm layer; logged and shown
            _log.error("pachisi_widget: error while handling %s", _echo(content), exc_info=True)
            detail = Message("internal_error", {"kind": type(exc).__name__})
            self._refuse("bad_message", {"detail": detail})
        return False

    def _refuse(self, code: str, params: dict) -> None:
        """Show a refusal; if even that fails, a plain one (logged): never an exception."""
        try:
            self._sync(code, params, "error")
        except Exception as exc:
            _log.error("pachisi_widget: could not show the refusal %s", code, exc_info=True)
            try:
                detail = Message("internal_error", {"kind": type(exc).__name__})
                text = i18n.text("bad_message", {"detail": detail}, self.language)
            except Exception:
                text = "internal error; the details are in the log"
            with self.hold_sync():
                self.status = text
                self.status_kind = "error"
                self.revision = self.revision + 1

    def _dispatch(self, content) -> None:
        if not isinstance(content, dict):
            raise _bad("msg_not_object", type=type(content).__name__)
        kind = content.get("kind")
        if not isinstance(kind, str) or kind not in _HANDLERS:
            raise _bad("msg_unknown_kind", got=_echo(kind))
        _HANDLERS[kind](self, content)

    # One handler per intent kind (the table _HANDLERS below): each checks its fields, raises
    # _Refused (or a PachisiError) for anything it will not do, and changes the game only then.

    def _on_throw(self, content: dict) -> None:
        self._check_live()
        g = self._game
        up = content.get("up")
        if up is not None and (
            isinstance(up, bool) or not isinstance(up, int) or not 0 <= up <= g.rules.shells
        ):
            raise _bad("msg_bad_up", shells=g.rules.shells, got=_echo(up))
        self._check_human_to_act()
        self.throw(up)

    def _on_move(self, content: dict) -> None:
        mid = content.get("id")
        if not isinstance(mid, str):
            raise _bad("msg_move_id", got=_echo(mid))
        self._check_live()
        move = self._move_ids.get(mid)
        if move is None:
            raise _Refused("stale_move")
        self._check_human_to_act()
        self.play(move)

    def _on_pass(self, content: dict) -> None:
        self._check_live()
        g = self._game
        if g.phase != "move":
            raise _Refused("throw_first" if g.phase == "throw" else "game_over", {"seat": g.to_move})
        self.play(g.legal_moves()[-1])

    def _on_undo(self, content: dict) -> None:
        self._check_live()
        self.undo(to_human=True)

    def _on_new_game(self, content: dict) -> None:
        players, seed, preset = content.get("players"), content.get("seed"), content.get("preset")
        if players is not None and (isinstance(players, bool) or players not in (2, 3, 4)):
            raise _bad("msg_players", got=_echo(players))
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise _bad("msg_seed", got=_echo(seed))
        if preset is not None and (not isinstance(preset, str) or preset not in PRESETS):
            raise _bad("msg_preset", presets=list(PRESETS), got=_echo(preset))
        rules = Rules.preset(preset) if preset else None
        if rules is not None and self._game.rules.teams and (players or self._game.players) == 4:
            rules = rules.replace(teams=True)
        self.new_game(players=players, rules=rules, seed=seed)

    def _on_step(self, content: dict) -> None:
        if self._replay is not None:
            return  # a computer seat's timer from before the replay: nothing is played
        turn, revision = content.get("turn"), content.get("revision")
        if (turn is not None and turn != self._game.state.turn) or (
            revision is not None and revision != self.revision
        ):
            return  # a timer from an earlier position (or a second view of the board)
        if not self.computer_step():
            if turn is not None or revision is not None:
                return  # a timer that outlived its computer seat (made human meanwhile)
            raise _bad("msg_no_computer")

    def _on_set_seat(self, content: dict) -> None:
        seat, player = content.get("seat"), content.get("player")
        if isinstance(seat, bool) or seat not in self._game.seats:
            raise _bad("msg_seat", seats=list(self._game.seats), got=_echo(seat))
        if not isinstance(player, str) or (player != "human" and player not in AGENTS):
            raise _bad("msg_player", agents=list(AGENTS), got=_echo(player))
        self.set_computer(seat, player)

    def _on_set_language(self, content: dict) -> None:
        lang = content.get("language")
        if lang not in i18n.LANGUAGES:
            raise _bad("msg_language", got=_echo(lang))
        self.language = lang

    def _on_setup(self, content: dict) -> None:
        positions, to_move = content.get("positions"), content.get("to_move", 0)
        try:
            self.set_position(positions, to_move=to_move)
        except (TypeError, ValueError) as exc:
            raise _Refused("bad_position", {"detail": exc}) from None

    def _on_save(self, content: dict) -> None:
        g = self._game
        filename = f"pachisi-{g.seed}-{len(g.history)}.json"
        self.send({"kind": "record", "text": self.save(), "filename": filename})
        self._sync("saved", {"filename": filename})

    def _on_load(self, content: dict) -> None:
        text = content.get("text")
        if not isinstance(text, str) or len(text) > serialize.MAX_TEXT:
            raise _Refused("bad_record", {"detail": Message("load_not_text")})
        self.load(text)

    def _check_human_to_act(self) -> None:
        """Refuse a human's throw or move while a computer seat is to act."""
        if self._game.to_move in self._agents:
            raise _bad("msg_computer_seat", seat=self._game.to_move)

    def _check_live(self) -> None:
        """Refuse a throw, a move, a pass or an undo while the board replays a game."""
        if self._replay is not None:
            raise _bad("msg_replaying")

    def _check_replaying(self) -> None:
        if self._replay is None:
            raise _bad("msg_not_replaying")

    # -- replay and analysis ------------------------------------------------------------------

    def replay(self, record=None, index: int = 0) -> Replay:
        """Show a game on the timeline: ``record`` is a :class:`Game`, a record dict or its JSON
        text (None: the game on the board). The board shows the position after ``index``
        actions and the narration up to it; throws and moves are off until
        :meth:`play_from_here` or :meth:`close_replay`.

        Raises:
            RecordError: for a record that does not replay; ReplayError for a bad index or
                something that is not a record (the board is unchanged).
        """
        r = Replay(self._game if record is None else record)
        r.check_index(index)
        kept = self._replay, self._replay_index, self._analysis, self._progress
        self._replay, self._replay_index, self._analysis, self._progress = r, index, None, None
        try:
            self._sync(None, None)
        except BaseException:
            self._replay, self._replay_index, self._analysis, self._progress = kept
            raise
        return r

    @property
    def replaying(self) -> bool:
        """Whether the board shows a replay (True) or the live game (False)."""
        return self._replay is not None

    @property
    def shown_state(self):
        """The position the board shows: the replayed point while replaying, else the live
        game's state."""
        if self._replay is None:
            return self._game.state
        return self._replay.state(self._replay_index)

    @property
    def replay_index(self) -> int | None:
        """The point of the timeline shown (None when the board is live)."""
        return None if self._replay is None else self._replay_index

    def replay_to(self, index: int) -> None:
        """Show the point ``index`` (0..count) of the replay.

        Raises:
            ReplayError: when nothing is replayed or ``index`` is out of range.
        """
        if self._replay is None:
            raise ReplayError.from_code("replay_not_replaying", {})
        self._replay.check_index(index)
        self._replay_index = index
        self._sync(None, None)

    def play_from_here(self) -> Game:
        """Make the replayed position the live game: the record's actions up to it are played
        (Undo takes them back one by one), the later ones dropped; the seats keep their players."""
        if self._replay is None:
            raise ReplayError.from_code("replay_not_replaying", {})
        r, index = self._replay, self._replay_index
        game = r.play_from(index)
        self._replay, self._analysis, self._progress = None, None, None
        try:
            self._set_game(game, "replay_from_here")
        except BaseException:
            self._replay = r
            raise
        self._events = r.events(index, view.LOG_EVENTS + 1)
        self._sync("replay_from_here", {"index": index})
        return game

    def close_replay(self) -> None:
        """Leave the replay: the live game is shown again, as it was."""
        if self._replay is None:
            return
        self._replay, self._analysis, self._progress = None, None, None
        self._sync("replay_ended", {})

    @property
    def analysis(self) -> list:
        """The last analysis of the replayed game (:meth:`analyse`): one record per judged move."""
        return list(self._analysis or [])

    def analyse(self, seats=None, *, rollouts: int | None = None, engine: str = "auto") -> list:
        """Judge every decision of ``seats`` (default: the human seats, or all when none is
        human) with more than one legal move in the replayed game (the game on the board when
        nothing is replayed, which is then shown on the timeline), with the coach. Marks the
        inaccuracies, mistakes and blunders on the timeline and draws the winning chance.

        Returns the records of :func:`pachisi_widget.replay.analyse`, also kept in
        :attr:`analysis`. Progress shows on the timeline while it runs.
        """
        if self._replay is None:
            self.replay(None, index=len(self._game.history))
        if seats is None:
            humans = [s for s in self._replay.record.seats if self.seat_players[s] == "human"]
            seats = humans or None
        if rollouts is None:
            rollouts = analysis_rollouts(engine)
        total = len(self._replay.decisions(None if seats is None else frozenset(seats)))

        def progress(done, total):
            self._progress = (done, total)
            self._sync(None, None)

        self._progress = (0, total)
        self._sync(None, None)
        try:
            result = analyse(self._replay, seats, rollouts=rollouts, engine=engine,
                             progress=progress)
        finally:
            self._progress = None
        self._analysis = result
        self._sync(None, None)
        return list(result)

    def _on_replay_open(self, content: dict) -> None:
        if self._replay is None:
            self.replay(None)

    def _on_replay_to(self, content: dict) -> None:
        self._check_replaying()
        index = content.get("index")
        count = self._replay.count
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= count:
            raise _bad("msg_replay_index", count=count, got=_echo(index))
        self.replay_to(index)

    def _on_replay_step(self, content: dict) -> None:
        self._check_replaying()
        by = content.get("by")
        if by not in (-1, 1) or isinstance(by, bool):
            raise _bad("msg_replay_index", count=self._replay.count, got=_echo(by))
        index = self._replay_index + by
        if 0 <= index <= self._replay.count:
            self.replay_to(index)

    def _on_replay_from_here(self, content: dict) -> None:
        self._check_replaying()
        index = content.get("index")
        if index is not None and index != self._replay_index:
            raise _bad("msg_replay_index", count=self._replay.count, got=_echo(index))
        self.play_from_here()

    def _on_replay_analyse(self, content: dict) -> None:
        self._check_replaying()
        self.analyse()

    def _on_replay_close(self, content: dict) -> None:
        self._check_replaying()
        self.close_replay()

    # -- practice: moves named by a piece and a square, questions ------------------------------

    def try_move(self, start: int, square):
        """Practice mode's move: the seat to move's piece on step ``start`` to ``square`` (an
        [x, y] pair of the board, or ``"home"``). A move the rules forbid raises
        IllegalMoveError with the rule (nothing changes); a legal one is played and the coach's
        verdict on it is said in the status line and returned."""
        if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < board.HOME:
            raise IllegalMoveError.from_code("quiz_bad_start", {"got": _echo(start)})
        before = self._game.state
        end = practice.step_of_square(before.to_move, start, square)
        move = practice.move_at(before, start, end)
        ev = coach.evaluate(before, rollouts=analysis_rollouts(), seed=len(self._game.history))
        v = coach.verdict(before, move, evaluation=ev)
        self.play(move)
        self._sync("quiz_moved", {"detail": v.text(self.language)})
        return v

    def _on_try(self, content: dict) -> None:
        self._check_live()
        if not self.quiz:
            raise _bad("msg_quiz_off")
        self._check_human_to_act()
        start = content.get("start")
        if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < board.HOME:
            raise _bad("msg_bad_start", got=_echo(start))
        self.try_move(start, content.get("square"))

    def ask(self, question: str, **params) -> practice.Question:
        """Ask a question about the position on the board (the replayed one while replaying):
        ``"capture"`` (which move captures), ``"safe"`` (which piece is safe on a castle;
        ``seat=``), ``"chance"`` (the chance of the next throw's ``value=``, or that the piece
        on ``step=`` is captured). The question panel offers its choices; :meth:`answer` (or a
        click) checks the answer and :attr:`score` counts.

        Raises:
            QuestionError: for a question the position cannot answer (nothing changes).
        """
        state = (self._game.state if self._replay is None
                 else self._replay.state(self._replay_index))
        q = practice.question(state, question, **params)
        self._asked += 1
        self._question = (self._asked, q, None)
        self.score = {"asked": self.score["asked"] + 1, "right": self.score["right"]}
        self._sync(None, None)
        return q

    def answer(self, choice: int) -> bool:
        """Answer the open question with choice number ``choice``; True when it is right.

        Raises:
            ValueError: when there is no open question or no such choice.
        """
        problem = self._answer_problem(choice)
        if problem is not None:
            raise practice.QuestionError.from_code(problem[0].replace("msg_", "q_", 1), problem[1])
        qid, q, _ = self._question
        right = q.check(choice)
        self._question = (qid, q, choice)
        self.score = {"asked": self.score["asked"], "right": self.score["right"] + right}
        self._sync(None, None)
        return right

    def _answer_problem(self, choice):
        """(code, params) of what keeps ``choice`` from answering the open question, or None."""
        if self._question is None:
            return "msg_no_question", {}
        _, q, answered = self._question
        if answered is not None:
            return "msg_answered", {}
        if (isinstance(choice, bool) or not isinstance(choice, int)
                or not 0 <= choice < len(q.choices)):
            return "msg_bad_choice", {"count": len(q.choices), "got": _echo(choice)}
        return None

    def _on_answer(self, content: dict) -> None:
        if self._question is not None and content.get("question") != self._question[0]:
            raise _bad("msg_stale_question")
        problem = self._answer_problem(content.get("choice"))
        if problem is not None:
            raise _bad(problem[0], **problem[1])
        self.answer(content.get("choice"))

    def _question_view(self) -> dict:
        if self._question is None:
            return {}
        qid, q, answered = self._question
        return view.question_view(q, qid, answered, self.score, self.language)


    # -- teaching instruments: hints, tutor, heat maps ---------------------------------------

    def _evaluation(self, state):
        """:func:`coach.evaluate` of ``state``, computed once per position (the last few kept);
        while it runs, ``hint_view`` shows how far it has got."""
        cache = self.__dict__.setdefault("_evaluations", {})
        if state in cache:
            return cache[state]
        shown = [-1]

        def progress(done, total):
            pct = round(100 * done / total) if total else 0
            if pct >= shown[0] + 5:
                shown[0] = pct
                self.hint_view = view.thinking_view(done, total, self.language)

        progress(0, 1)
        ev = coach.evaluate(state, rollouts=self.hint_rollouts, engine="auto",
                            budget=self.hint_budget, progress=progress)
        cache[state] = ev
        while len(cache) > 16:
            cache.pop(next(iter(cache)))
        return ev

    def _tutor_margin(self):
        t = self.tutor
        if t is True:
            return 0.05
        if t is False or t is None:
            return None
        return float(t)

    def _tutor_evaluation(self, state, move):
        """The evaluation a tutor's verdict on ``move`` needs (None when there is none to give:
        tutor off, a computer seat, a replay, one legal move)."""
        self.__dict__["_tutor_note"] = None
        if (self._tutor_margin() is None or state.phase != "move" or state.to_move in self._agents
                or self._replay is not None or self.quiz or state.find(move) is None
                or len(state.legal_moves()) < 2):
            return None
        return self._evaluation(state)

    def _tutor_judge(self, before, played, evaluation) -> None:
        if evaluation is None:
            return
        v = coach.verdict(before, played, margin=self._tutor_margin(), evaluation=evaluation)
        if v.is_mistake:
            self.__dict__["_tutor_note"] = (self._game.state, v)

    def _show_teaching(self, tutor: bool = False) -> None:
        """Hints, the heat map and (``tutor``: on a new status line) the tutor's words for what
        the board now shows."""
        if not hasattr(self, "_move_ids"):
            return
        st = self._game.state
        live = self._replay is None and not self.quiz
        note = self.__dict__.get("_tutor_note")
        if tutor and note is not None and note[0] == st and live and self.status_kind != "error":
            words = i18n.text("tutor_says", {"verdict": note[1].text(self.language)}, self.language)
            self.status = f"{self.status} {words}"[:_STATUS_MAX]
        self.heat = self._heat_view(st) if live and self.overlay else {}
        if (live and self.hints and st.phase == "move" and st.to_move not in self._agents
                and self._move_ids):
            hv = view.hints_view(self._evaluation(st), self._move_ids, self.language, self.names)
            hv["revision"] = self.revision
            self.hint_view = hv
        else:
            self.hint_view = {}

    def _heat_view(self, st) -> dict:
        cache = self.__dict__.setdefault("_heats", {})
        key = (st, self.overlay, self.language, tuple(self.names))
        if key not in cache:
            build = view.danger_view if self.overlay == "danger" else view.reach_view
            cache[key] = build(st, self.language, self.names)
            while len(cache) > 16:
                cache.pop(next(iter(cache)))
        return cache[key]

    @traitlets.validate("overlay")
    def _valid_overlay(self, proposal):
        value = proposal["value"]
        if value is not None and value not in view.OVERLAYS:
            raise traitlets.TraitError(
                f"overlay must be one of {', '.join(view.OVERLAYS)} or None, not {value!r}")
        return value

    @traitlets.validate("tutor")
    def _valid_tutor(self, proposal):
        value = proposal["value"]
        if not isinstance(value, bool) and not 0 <= value < 1:
            raise traitlets.TraitError(
                f"tutor must be True, False or a margin of winning chance 0..1, not {value!r}")
        return value

    @traitlets.observe("hints", "overlay")
    def _teaching_changed(self, change) -> None:
        self._show_teaching()

    def _on_hint(self, content: dict) -> None:
        on = content.get("on", not self.hints)
        if not isinstance(on, bool):
            raise _bad("msg_hint_on", got=_echo(on))
        self.hints = on

    def _on_set_overlay(self, content: dict) -> None:
        overlay = content.get("overlay")
        if overlay is not None and (not isinstance(overlay, str) or overlay not in view.OVERLAYS):
            choices = ", ".join([*view.OVERLAYS, "null"])
            raise _bad("msg_overlay", choices=choices, got=_echo(overlay))
        self.overlay = overlay


_HANDLERS = {
    "throw": PachisiWidget._on_throw,
    "move": PachisiWidget._on_move,
    "pass": PachisiWidget._on_pass,
    "undo": PachisiWidget._on_undo,
    "new_game": PachisiWidget._on_new_game,
    "step": PachisiWidget._on_step,
    "set_seat": PachisiWidget._on_set_seat,
    "set_language": PachisiWidget._on_set_language,
    "setup": PachisiWidget._on_setup,
    "save": PachisiWidget._on_save,
    "load": PachisiWidget._on_load,
    "replay_open": PachisiWidget._on_replay_open,
    "replay_to": PachisiWidget._on_replay_to,
    "replay_step": PachisiWidget._on_replay_step,
    "replay_from_here": PachisiWidget._on_replay_from_here,
    "replay_analyse": PachisiWidget._on_replay_analyse,
    "replay_close": PachisiWidget._on_replay_close,
    "try": PachisiWidget._on_try,
    "answer": PachisiWidget._on_answer,
    "hint": PachisiWidget._on_hint,
    "set_overlay": PachisiWidget._on_set_overlay,
}
"""The intents the front end may send, each with its handler (the table in the module doc)."""
_INTENTS = tuple(_HANDLERS)


def _bad(code: str, **params) -> _Refused:
    """A refusal of a message the board should never send: what was wrong with it."""
    return _Refused("bad_message", {"detail": Message(code, params)})


def _echo(value) -> str:
    """A short echo of a value the board sent (JSON where it can be), for an error message;
    never raises, whatever the value (too deep, too long a number, a hostile repr)."""
    try:
        out = json.dumps(value, ensure_ascii=False)
    except Exception:
        out = short_repr(value, 40)
    return out if len(out) <= 40 else out[:39] + "…"


def _brief(exc: BaseException) -> BaseException:
    """``exc`` to quote in a refusal: as it is when a sentence of the catalogue says it, else
    with its message cut short."""
    if getattr(exc, "code", None) in i18n.CATALOGUES["en"]:
        return exc
    try:
        text = str(exc)
    except Exception:
        text = type(exc).__name__
    return exc if len(text) <= _DETAIL_MAX else ValueError(text[: _DETAIL_MAX - 1] + "…")


def _agent(spec):
    """A computer player from a name of :data:`AGENTS` or an object with ``choose``."""
    if isinstance(spec, str):
        if spec not in AGENTS:
            raise ValueError(
                f"unknown agent {short_repr(spec, 40)}; choose one of {', '.join(AGENTS)}"
            )
        return make_agent(spec)
    if not callable(getattr(spec, "choose", None)):
        raise ValueError(
            f"a computer player must be an agent name or an object with choose(state, rng), "
            f"not {short_repr(spec)}"
        )
    return spec


def _agent_label(agent) -> str:
    """How the seat menu names a computer player."""
    name = getattr(agent, "name", None)
    return name[:40] if isinstance(name, str) and name else type(agent).__name__
