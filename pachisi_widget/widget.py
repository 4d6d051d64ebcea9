"""PachisiWidget: a live Pachisi board for JupyterLab, Notebook 7, Voila and JupyterLite.

The widget is a thin adapter over :class:`pachisi_widget.Game`. Python computes everything
the view needs and writes it to synced traits; the front end (``js/``, bundled into
``static/``) only draws and sends *intents* as custom messages:

=================  ==========================================================================
intent ``kind``    fields
=================  ==========================================================================
``throw``          ``up`` (optional, 0..shells: a teacher forcing the mouths up)
``move``           ``id``: an id from the ``legal_moves`` trait
``pass``           (none)
``undo``           (none): takes back the last action, and the computer seats' actions before
                   it, back to a human's decision
``new_game``       ``players`` (optional 2..4), ``seed`` (optional int), ``preset`` (optional)
``step``           ``turn`` and ``revision``: the ``state.turn`` and ``revision`` it was sent for;
                   plays one computer action (a timer from an older position does nothing)
``set_seat``       ``seat`` 0..3, ``player``: ``"human"`` or an agent name
``set_language``   ``language``: ``"en"`` or ``"ro"``
``setup``          ``positions`` (4 lists of 4 steps or null), ``to_move`` (seat)
``save``           (none): Python answers with a ``{"kind": "record", "text", "filename"}``
                   message, which the view offers as a download
``load``           ``text``: a saved game record (JSON text)
=================  ==========================================================================

Every intent is validated: anything malformed, stale or illegal gets a clear ``status`` (with
``status_kind == "error"``) and changes nothing; no exception escapes into the comm layer. A new
game, a position set up or a game loaded replaces the current one only once it has been checked
completely (its record saves, its view is drawn); a status line quotes at most a few dozen
characters of anything the board sent. Move ids carry the ``revision`` they were made for, so a
click on a board that has changed since is recognised as stale. The view writes only its display
preferences (``speed``, ``animate``).

>>> import pachisi_widget as pw            # doctest: +SKIP
>>> w = pw.PachisiWidget(players=2, seed=7)  # doctest: +SKIP
>>> w.throw(); w.play(w.game.legal_moves()[0])  # doctest: +SKIP
"""

from __future__ import annotations

import json
import logging
import pathlib
import random

import anywidget
import traitlets

from . import board, explain, i18n, serialize
from .agents import AGENTS, make_agent
from .engine import short_repr
from .errors import PachisiError, RecordError
from .game import Game, agent_move
from .i18n import Message
from .rules import PRESETS, Rules
from .svg import charkoni_spots
from .throws import Throw

__all__ = ["PachisiWidget", "bundle_paths"]

_log = logging.getLogger(__name__)
_STATIC = pathlib.Path(__file__).parent / "static"
_LOG_LENGTH = 60
_LOG_EVENTS = 20  # the log narrates this many latest events
_EVENTS_KEPT = 400  # undo pops events: keep more than the log shows
_STATUS_MAX = 600  # characters: a status line is one line, whatever a message quotes
_DETAIL_MAX = 240  # characters of an error's own message quoted in a refusal
_INTENTS = (
    "throw",
    "move",
    "pass",
    "undo",
    "new_game",
    "step",
    "set_seat",
    "set_language",
    "setup",
    "save",
    "load",
)


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
    teacher = traitlets.Bool(False).tag(sync=True)
    """Whether the teacher controls (force a throw, set a position, save/load) are shown."""
    revision = traitlets.Int(0).tag(sync=True)
    """Grows by one on every state change; move ids carry it so stale clicks are recognised."""
    presets = traitlets.List(list(PRESETS)).tag(sync=True)

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
        teacher: bool = False,
        **kwargs,
    ):
        unknown = set(kwargs) - {"layout"}
        if unknown:
            raise TypeError(
                f"PachisiWidget got unknown argument(s) {sorted(unknown)}; "
                "see help(PachisiWidget) for game, players, rules, seed, computer, "
                "language, names, speed, animate, teacher"
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
        self.language = language
        self.speed = float(speed)
        self.animate = animate
        self.teacher = teacher
        self.geometry = dict(board.layout(), spots=charkoni_spots())
        self.names = self._check_names(names)
        self.seat_players = self._check_computer(computer, game)
        self.on_msg(self._on_msg)
        self._sync("new_game", {"seat": game.to_move})

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
        played = self._game.play(move)
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

        Raises:
            IllegalMoveError: when there is nothing to undo (the view says so instead).
        """
        g = self._game
        taken = [self._undo_one()]
        while to_human and self._agents and g.can_undo and g.to_move in self._agents:
            taken.append(self._undo_one())
        taken.reverse()  # told in the order they were played
        if len(taken) == 1:
            self._sync("undone", {"action": taken[0]})
        else:
            self._sync("undone_several", {"actions": taken})

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
        self._game, self._events, self._agents = game, [], agents
        try:
            view = self._view(code, {"seat": game.to_move}, "info", players)
        except BaseException:
            self._game, self._events, self._agents = kept
            raise
        with self.hold_sync():
            self.seat_players = players
            self._show(view)

    # -- view sync ----------------------------------------------------------------------------

    def _record(self, kind: str, before, action) -> None:
        self._events.append((kind, before, action, self._game.state))
        del self._events[:-_EVENTS_KEPT]
        self._sync(None, None)

    def _lines(self, event) -> list[str]:
        kind, before, action, after = event
        if kind == "throw":
            return explain.narrate_throw(before, action, after, self.language)
        return explain.narrate_move(before, action, after, self.language)

    def _sync(self, code: str | None, params: dict | None, kind: str = "info") -> None:
        self._show(self._view(code, params, kind))

    def _view(self, code: str | None, params: dict | None, kind: str = "info",
              seat_players: list | None = None) -> dict:
        """Everything the view is sent for the current game (nothing is assigned yet)."""
        g = self._game
        st = g.state
        lang = self.language
        rev = self.revision + 1
        legal = st.legal_moves()
        moves = [
            self._move_view(m, f"{rev}.{i}", lang, self._display_names(lang))
            for i, m in enumerate(legal)
        ]
        move_ids = {mv["id"]: m for mv, m in zip(moves, legal, strict=True)}
        start_note = self._start_note
        if code in ("new_game", "loaded", "setup"):
            start_note = (code, params)
        lines: list[str] = []
        if start_note is not None and len(self._events) <= _LOG_EVENTS:
            lines.append(i18n.text(*start_note, lang))
        last_lines: list[str] = []
        for e in self._events[-_LOG_EVENTS:]:
            last_lines = self._lines(e)
            lines.extend(last_lines)
        if code:
            message = i18n.text(code, params, lang)
        else:
            message = " ".join(last_lines) if last_lines else (lines[-1] if lines else "")
        if len(message) > _STATUS_MAX:
            message = message[: _STATUS_MAX - 1] + "…"
        view = st.to_dict()
        view.update(
            {
                "names": self._display_names(lang),
                "seat_players": list(self.seat_players if seat_players is None else seat_players),
                "computer_to_act": st.phase != "over" and st.to_move in self._agents,
                "rules": i18n.rules_text(g.rules, lang),
                "preset": _preset_of(g.rules),
                "players": g.players,
                "turn_mode": g.rules.turn_mode,
                "shells": g.rules.shells,
                "throw_values": list(g.rules.table),
                "can_undo": g.can_undo,
                "last_move": self._last_move_view(),
                "returning_step": board.RETURNING_STEP,
                "seat_labels": list(i18n.SEATS[lang]),
                "seat_letters": list(i18n.SEAT_LETTERS[lang]),
                "labels": dict(i18n.LABELS[lang]),
                "preset_names": dict(i18n.PRESET_NAMES[lang]),
                "agent_labels": dict(i18n.AGENT_NAMES[lang]),
                "up_texts": [
                    i18n.text("mouths_up", {"up": up}, lang) for up in range(g.rules.shells + 1)
                ],
            }
        )
        return {
            "move_ids": move_ids,
            "start_note": start_note,
            "last_throw": self._throw_view(),
            "legal_moves": moves,
            "log": lines[-_LOG_LENGTH:],
            "status": message,
            "status_kind": kind,
            "state": view,
            "revision": rev,
        }

    def _show(self, view: dict) -> None:
        """Send ``view`` (from :meth:`_view`) to the front end."""
        self._move_ids = view["move_ids"]
        self._start_note = view["start_note"]
        with self.hold_sync():
            self.last_throw = view["last_throw"]
            self.legal_moves = view["legal_moves"]
            self.log = view["log"]
            self.status = view["status"]
            self.status_kind = view["status_kind"]
            self.state = view["state"]
            self.revision = view["revision"]  # last: an observer sees every other trait updated

    def _last_move_view(self) -> dict | None:
        """The latest move of a piece in this game (None before one).

        {seat, start, end, from, to, path, captured, event, fresh}: ``path`` lists the squares
        it went through (the view slides the piece along them when ``animate`` is on);
        ``captured`` the seats whose pieces it sent back to the Charkoni (the view sends them
        back from ``to``); ``fresh`` is True when the move is the latest action.
        """
        found = next(
            (
                (i, e[2])
                for i, e in reversed(list(enumerate(self._events)))
                if e[0] == "move" and e[2].kind != "pass"
            ),
            None,
        )
        if found is None:
            return None
        i, m = found
        track = board.track(m.seat)
        return {
            "seat": m.seat,
            "start": m.start,
            "end": m.end,
            "from": None if track[m.start] is None else list(track[m.start]),
            "to": None if track[m.end] is None else list(track[m.end]),
            "path": [
                list(track[s])
                for s in range(m.start + 1, min(m.end, 83) + 1)
                if track[s] is not None
            ],
            "captured": sorted({victim for victim, _ in m.captures}),
            "event": i + 1,
            "fresh": i == len(self._events) - 1,
        }

    def _display_names(self, lang: str) -> list[str]:
        """Per seat: the player's name as given, else the seat's name in ``lang``."""
        seats = i18n.SEATS[lang]
        return [n if n and n != board.SEAT_NAMES[s] else seats[s] for s, n in enumerate(self.names)]

    def _throw_view(self) -> dict:
        """The latest throw of this game for the cowrie picture ({} before the first one).

        ``mouths`` says which shells lie mouth up; which ones is a view-only arrangement drawn
        from the game's seed and the throw's place in the game (never from the game's own random
        generator), so a redraw shows the same picture. ``fresh`` is True when the throw is the
        latest action (the view animates the shells only then).
        """
        g = self._game
        for back, event in enumerate(reversed(self._events)):
            kind, before, t, after = event
            if kind != "throw":
                continue
            shells = g.rules.shells
            where = len(self._events) - back
            up_shells = set(random.Random(f"{g.seed}/{where}/{t.up}").sample(range(shells), t.up))
            seat = before.to_move
            return {
                "seat": seat,
                "up": t.up,
                "value": t.value,
                "grace": t.grace,
                "enters": t.enters,
                "bonus": t.grace and not t.enters,
                "shells": shells,
                "mouths": [i in up_shells for i in range(shells)],
                "pyada": after.pyada_applies(seat, t.value) and not after.cancelled,
                "cancelled": list(after.cancelled),
                "lost": back == 0 and after.phase == "move" and len(after.legal_moves()) == 1,
                "fresh": back == 0,
                "event": where,
                "turn": before.turn,
            }
        return {}

    @staticmethod
    def _move_view(m, mid: str, lang: str = "en", names=board.SEAT_NAMES) -> dict:
        track = board.track(m.seat)
        who = _who(m.seat, lang, names)
        if m.kind == "pass":
            return {
                "id": mid,
                "seat": m.seat,
                "kind": "pass",
                "piece": None,
                "start": None,
                "end": None,
                "value": None,
                "captures": [],
                "from": None,
                "to": None,
                "path": [],
                "label": i18n.text("label_pass", {"who": who}, lang),
            }
        path = [
            list(track[s])
            for s in range(max(m.start, 1), min(m.end, 83) + 1)
            if track[s] is not None
        ]
        if m.start == 83 and m.end == 84:
            path = []
        frm = None if m.start == 0 else list(track[m.start])
        to = None if m.end == 84 else list(track[m.end])
        p = {"who": who, "start": m.start, "end": m.end, "value": m.value}
        label = i18n.text("label_enter" if m.kind == "enter" else "label_move", p, lang)
        if m.captures:
            label += i18n.text("label_captures", {"victims": _victims(m.captures)}, lang)
        return {
            "id": mid,
            "seat": m.seat,
            "kind": m.kind,
            "piece": m.piece,
            "start": m.start,
            "end": m.end,
            "value": m.value,
            "captures": [list(c) for c in m.captures],
            "from": frm,
            "to": to,
            "path": path,
            "label": label,
        }

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
        if kind not in _INTENTS:
            raise _bad("msg_unknown_kind", got=_echo(kind))
        g = self._game
        if kind == "throw":
            up = content.get("up")
            if up is not None and (
                isinstance(up, bool) or not isinstance(up, int) or not 0 <= up <= g.rules.shells
            ):
                raise _bad("msg_bad_up", shells=g.rules.shells, got=_echo(up))
            if g.to_move in self._agents:
                raise _bad("msg_computer_seat", seat=g.to_move)
            self.throw(up)
        elif kind == "move":
            mid = content.get("id")
            if not isinstance(mid, str):
                raise _bad("msg_move_id", got=_echo(mid))
            move = self._move_ids.get(mid)
            if move is None:
                raise _Refused("stale_move")
            if g.to_move in self._agents:
                raise _bad("msg_computer_seat", seat=g.to_move)
            self.play(move)
        elif kind == "pass":
            if g.phase != "move":
                raise _Refused(
                    "throw_first" if g.phase == "throw" else "game_over", {"seat": g.to_move}
                )
            self.play(g.legal_moves()[-1])
        elif kind == "undo":
            self.undo(to_human=True)
        elif kind == "new_game":
            players = content.get("players")
            seed = content.get("seed")
            preset = content.get("preset")
            if players is not None and (isinstance(players, bool) or players not in (2, 3, 4)):
                raise _bad("msg_players", got=_echo(players))
            if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
                raise _bad("msg_seed", got=_echo(seed))
            if preset is not None and (not isinstance(preset, str) or preset not in PRESETS):
                raise _bad("msg_preset", presets=list(PRESETS), got=_echo(preset))
            rules = Rules.preset(preset) if preset else None
            if (
                rules is not None
                and self._game.rules.teams
                and (players or self._game.players) == 4
            ):
                rules = rules.replace(teams=True)
            self.new_game(players=players, rules=rules, seed=seed)
        elif kind == "step":
            turn, revision = content.get("turn"), content.get("revision")
            if (turn is not None and turn != g.state.turn) or (
                revision is not None and revision != self.revision
            ):
                return  # a timer from an earlier position (or a second view of the board)
            if not self.computer_step():
                if turn is not None or revision is not None:
                    return  # a timer that outlived its computer seat (made human meanwhile)
                raise _bad("msg_no_computer")
        elif kind == "set_seat":
            seat, player = content.get("seat"), content.get("player")
            if isinstance(seat, bool) or seat not in g.seats:
                raise _bad("msg_seat", seats=list(g.seats), got=_echo(seat))
            if not isinstance(player, str) or (player != "human" and player not in AGENTS):
                raise _bad("msg_player", agents=list(AGENTS), got=_echo(player))
            self.set_computer(seat, player)
        elif kind == "set_language":
            lang = content.get("language")
            if lang not in i18n.LANGUAGES:
                raise _bad("msg_language", got=_echo(lang))
            self.language = lang
        elif kind == "setup":
            positions, to_move = content.get("positions"), content.get("to_move", 0)
            try:
                self.set_position(positions, to_move=to_move)
            except (TypeError, ValueError) as exc:
                raise _Refused("bad_position", {"detail": exc}) from None
        elif kind == "save":
            filename = f"pachisi-{g.seed}-{len(g.history)}.json"
            self.send({"kind": "record", "text": self.save(), "filename": filename})
            self._sync("saved", {"filename": filename})
        elif kind == "load":
            text = content.get("text")
            if not isinstance(text, str) or len(text) > serialize.MAX_TEXT:
                raise _Refused("bad_record", {"detail": Message("load_not_text")})
            self.load(text)


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


def _victims(captures) -> list:
    """A move's captures, (seat, piece) pairs, as [seat, count] pairs for the words."""
    counts: dict = {}
    for seat, _ in captures:
        counts[seat] = counts.get(seat, 0) + 1
    return [[seat, n] for seat, n in counts.items()]


def _preset_of(rules: Rules) -> str | None:
    """The name of the preset ``rules`` equals, or None for a custom set of rules."""
    for name in PRESETS:
        if Rules.preset(name) == rules:
            return name
    return None


def _who(seat: int, lang: str, names) -> str:
    """A seat as the view names it: the player's name, with the seat when they differ."""
    seat_word = i18n.SEATS[lang][seat]
    name = names[seat] if names else seat_word
    if name == seat_word:
        return seat_word
    return f"{name} ({seat_word})"
