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
``status_kind == "error"``) and changes nothing; no exception escapes into the comm layer. Move
ids carry the ``revision`` they were made for, so a click on a board that has changed since is
recognised as stale. The view writes only its display preferences (``speed``, ``animate``).

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

from . import board, explain
from .agents import AGENTS, make_agent
from .errors import PachisiError, RecordError
from .game import Game
from .rules import PRESETS, Rules
from .serialize import loads
from .svg import charkoni_spots

__all__ = ["PachisiWidget", "bundle_paths"]

_log = logging.getLogger(__name__)
_STATIC = pathlib.Path(__file__).parent / "static"
_LOG_LENGTH = 60
_LOG_EVENTS = 20  # the log narrates this many latest events
_EVENTS_KEPT = 400  # undo pops events: keep more than the log shows
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
        if language not in explain.LANGUAGES:
            raise ValueError(
                f"language must be one of {', '.join(explain.LANGUAGES)}, not {language!r}"
            )
        if isinstance(speed, bool) or not isinstance(speed, (int, float)) or speed < 0:
            raise ValueError(f"speed must be a number of seconds >= 0, not {speed!r}")
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
            if seat not in game.seats:
                raise ValueError(f"seat {seat!r} is not in play; seats in play: {list(game.seats)}")
            if name in (None, "human"):
                players[seat] = "human"
                continue
            self._agents[seat] = make_agent(name)
            players[seat] = getattr(self._agents[seat], "name", str(name))
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
        g.undo()
        self._pop_event()
        while to_human and self._agents and g.can_undo and g.to_move in self._agents:
            g.undo()
            self._pop_event()
        self._sync("undone", {})

    def _pop_event(self) -> None:
        if self._events:
            self._events.pop()

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
        game = loads(record) if isinstance(record, str) else Game.from_dict(record)
        self._set_game(game, "loaded")
        return game

    def save(self) -> str:
        """The current game's record as JSON text."""
        return json.dumps(self._game.to_dict())

    def set_computer(self, seat: int, player: str = "human") -> None:
        """Make ``seat`` a human (``"human"``) or a computer player (an agent name)."""
        if seat not in self._game.seats:
            raise ValueError(
                f"seat {seat!r} is not in play; seats in play: {list(self._game.seats)}"
            )
        players = list(self.seat_players)
        if player == "human":
            self._agents.pop(seat, None)
            players[seat] = "human"
        else:
            self._agents[seat] = make_agent(player)
            players[seat] = self._agents[seat].name
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
            self.play(agent.choose(g.state, g._rng_for_agents))
        return True

    def play_computers(self, max_actions: int = 100_000) -> int:
        """Let computer seats play until a human is to move or the game ends; returns the count."""
        n = 0
        while n < max_actions and self.computer_step():
            n += 1
        return n

    def _set_game(self, game: Game, code: str = "new_game") -> None:
        self._game = game
        self._events = []
        players = list(self.seat_players)
        for s in range(4):
            if s not in game.seats:
                players[s] = ""
                self._agents.pop(s, None)
            elif players[s] == "":
                players[s] = "human"
        self.seat_players = players
        self._sync(code, {"seat": game.to_move})

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
        g = self._game
        st = g.state
        lang = self.language
        rev = self.revision + 1
        legal = st.legal_moves()
        moves = [
            self._move_view(m, f"{rev}.{i}", lang, self._display_names(lang))
            for i, m in enumerate(legal)
        ]
        self._move_ids = {mv["id"]: m for mv, m in zip(moves, legal, strict=True)}
        if code in ("new_game", "loaded", "setup"):
            self._start_note = (code, params)
        lines: list[str] = []
        if self._start_note is not None and len(self._events) <= _LOG_EVENTS:
            lines.append(_text(*self._start_note, lang))
        last_lines: list[str] = []
        for e in self._events[-_LOG_EVENTS:]:
            last_lines = self._lines(e)
            lines.extend(last_lines)
        if code:
            message = _text(code, params, lang)
        else:
            message = " ".join(last_lines) if last_lines else (lines[-1] if lines else "")
        view = st.to_dict()
        view.update(
            {
                "names": self._display_names(lang),
                "seat_players": list(self.seat_players),
                "computer_to_act": st.phase != "over" and st.to_move in self._agents,
                "rules": g.rules.describe(),
                "preset": _preset_of(g.rules),
                "players": g.players,
                "turn_mode": g.rules.turn_mode,
                "shells": g.rules.shells,
                "throw_values": list(g.rules.table),
                "can_undo": g.can_undo,
                "last_move": self._last_move_view(),
                "returning_step": board.RETURNING_STEP,
                "seat_labels": list(explain.SEATS[lang]),
                "labels": _labels(lang),
            }
        )
        with self.hold_sync():
            self.last_throw = self._throw_view()
            self.legal_moves = moves
            self.log = lines[-_LOG_LENGTH:]
            self.status = message
            self.status_kind = kind
            self.state = view
            self.revision = rev  # last: an observer of revision sees every other trait updated

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
        seats = explain.SEATS[lang]
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
        words = _MOVE_WORDS[lang]
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
                "label": words["pass"].format(who=who),
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
        where = words["home"] if m.end == 84 else words["step"].format(step=m.end)
        template = words["enter"] if m.kind == "enter" else words["move"]
        label = template.format(who=who, start=m.start, to=where, value=m.value)
        if m.captures:
            label += words["captures"].format(n=len(m.captures))
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
        if change["new"] not in explain.LANGUAGES:
            self.language = change["old"]
            raise traitlets.TraitError(f"language must be one of {', '.join(explain.LANGUAGES)}")
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
            self._sync(r.code, r.params, "error")
        except RecordError as exc:
            self._sync("bad_record", {"detail": str(exc)}, "error")
        except PachisiError as exc:
            code = getattr(exc, "code", None)
            params = getattr(exc, "params", None)
            if code and code in explain.CATALOGUES["en"]:
                self._sync(code, params, "error")
            else:
                self._sync("bad_message", {"detail": str(exc)}, "error")
        except (TypeError, ValueError) as exc:
            self._sync("bad_message", {"detail": str(exc)}, "error")
        except Exception as exc:  # never into the comm layer; logged and shown
            _log.exception("pachisi_widget: error while handling %r", content)
            self._sync("bad_message", {"detail": f"internal error: {exc!r}"}, "error")
        return False

    def _dispatch(self, content) -> None:
        if not isinstance(content, dict):
            raise _Refused(
                "bad_message",
                {"detail": f"expected an object with a 'kind', got {type(content).__name__}"},
            )
        kind = content.get("kind")
        if kind not in _INTENTS:
            raise _Refused(
                "bad_message", {"detail": f"unknown kind {kind!r}; known: {', '.join(_INTENTS)}"}
            )
        g = self._game
        if kind == "throw":
            up = content.get("up")
            if up is not None and (isinstance(up, bool) or not isinstance(up, int)):
                raise _Refused(
                    "bad_message",
                    {"detail": f"up must be an integer 0..{g.rules.shells}, not {up!r}"},
                )
            if g.to_move in self._agents:
                raise _Refused(
                    "bad_message", {"detail": f"{self.names[g.to_move]} is a computer player"}
                )
            self.throw(up)
        elif kind == "move":
            mid = content.get("id")
            if not isinstance(mid, str):
                raise _Refused(
                    "bad_message", {"detail": f"a move needs an 'id' string, not {mid!r}"}
                )
            move = self._move_ids.get(mid)
            if move is None:
                raise _Refused("stale_move")
            if g.to_move in self._agents:
                raise _Refused(
                    "bad_message", {"detail": f"{self.names[g.to_move]} is a computer player"}
                )
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
                raise _Refused(
                    "bad_message", {"detail": f"players must be 2, 3 or 4, not {players!r}"}
                )
            if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
                raise _Refused("bad_message", {"detail": f"seed must be an integer, not {seed!r}"})
            if preset is not None and preset not in PRESETS:
                raise _Refused(
                    "bad_message",
                    {"detail": f"preset must be one of {', '.join(PRESETS)}, not {preset!r}"},
                )
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
                raise _Refused("bad_message", {"detail": "no computer player is to act"})
        elif kind == "set_seat":
            seat, player = content.get("seat"), content.get("player")
            if isinstance(seat, bool) or seat not in g.seats:
                raise _Refused(
                    "bad_message", {"detail": f"seat must be one of {list(g.seats)}, not {seat!r}"}
                )
            if player != "human" and player not in AGENTS:
                raise _Refused(
                    "bad_message",
                    {
                        "detail": f"player must be human or one of {', '.join(AGENTS)}, "
                        f"not {player!r}"
                    },
                )
            self.set_computer(seat, player)
        elif kind == "set_language":
            lang = content.get("language")
            if lang not in explain.LANGUAGES:
                raise _Refused(
                    "bad_message",
                    {
                        "detail": f"language must be one of {', '.join(explain.LANGUAGES)}, "
                        f"not {lang!r}"
                    },
                )
            self.language = lang
        elif kind == "setup":
            positions, to_move = content.get("positions"), content.get("to_move", 0)
            self.set_position(positions, to_move=to_move)
        elif kind == "save":
            filename = f"pachisi-{g.seed}-{len(g.history)}.json"
            self.send({"kind": "record", "text": self.save(), "filename": filename})
            self._sync("saved", {"filename": filename})
        elif kind == "load":
            text = content.get("text")
            if not isinstance(text, str) or len(text) > 5_000_000:
                raise _Refused("bad_record", {"detail": "expected the text of a saved game (JSON)"})
            self.load(text)


_WIDGET_TEXTS = {
    "en": {
        "setup": "Position set up. {seat} is to move.",
        "saved": "The game record is downloaded as {filename}.",
    },
    "ro": {
        "setup": "Poziția a fost așezată. La mutare: {seat}.",
        "saved": "Înregistrarea jocului se descarcă: {filename}.",
    },
}
"""The widget's own sentences (the rules' narration is :mod:`pachisi_widget.explain`)."""


def _text(code: str, params: dict | None, lang: str) -> str:
    """The sentence for ``code``: the widget's own first, else the narration catalogue's."""
    template = _WIDGET_TEXTS.get(lang, {}).get(code)
    if template is None:
        return explain.text(code, params, lang)
    p = dict(params or {})
    if isinstance(p.get("seat"), int):
        p["seat"] = explain.seat_label(p["seat"], lang)
    return template.format(**p)


def _preset_of(rules: Rules) -> str | None:
    """The name of the preset ``rules`` equals, or None for a custom set of rules."""
    for name in PRESETS:
        if Rules.preset(name) == rules:
            return name
    return None


def _who(seat: int, lang: str, names) -> str:
    """A seat as the view names it: the player's name, with the seat when they differ."""
    seat_word = explain.SEATS[lang][seat]
    name = names[seat] if names else seat_word
    if name == seat_word:
        return seat_word
    return f"{name} ({seat_word})"


_MOVE_WORDS = {
    "en": {
        "pass": "{who}: pass",
        "enter": "{who}: bring a piece out of the Charkoni to {to} with {value}",
        "move": "{who}: move the piece on step {start} to {to} with {value}",
        "home": "home",
        "step": "step {step}",
        "captures": ", capturing {n}",
    },
    "ro": {
        "pass": "{who}: trece",
        "enter": "{who}: scoate o piesă din Charkoni pe {to} cu {value}",
        "move": "{who}: mută piesa de pe pătratul {start} pe {to} cu {value}",
        "home": "acasă",
        "step": "pătratul {step}",
        "captures": ", capturând {n}",
    },
}
"""Accessible labels of the legal moves (each move's aria-label in the view), by language."""


def _labels(lang: str) -> dict:
    """Button and heading texts of the view, by language (the view shows them as text)."""
    if lang == "ro":
        return {
            "throw": "Aruncă",
            "pass": "Treci",
            "undo": "Anulează",
            "new_game": "Joc nou",
            "to_move": "La mutare",
            "pending": "Aruncări de mutat",
            "human": "om",
            "save": "Salvează",
            "load": "Încarcă",
            "force": "Forțează aruncarea",
            "setup": "Poziție",
            "winner": "Câștigător",
            "waiting": "în Charkoni",
            "home": "acasă",
            "log": "Desfășurarea jocului",
            "language": "Limba",
            "speed": "Viteză",
            "animate": "Animație",
            "grace": "har",
            "bonus": "har fără introducere",
            "pyada": "pyada",
            "lost": "pierdută",
            "castle": "castel",
            "cancelled": "anulate",
            "mouths_up": "guri în sus",
            "mouth_up": "gură în sus",
            "cowries": "Cojile de cowrie",
            "to_throw": "aruncă cojile",
            "to_choose": "alege o mutare",
            "computer_thinks": "calculatorul joacă",
            "game_over": "Joc încheiat",
            "no_winner": "fără câștigător",
            "players": "Jucători",
            "preset": "Reguli",
            "seats": "Locuri",
            "teacher": "Profesor",
            "apply": "Aplică",
            "setup_hint": "pașii celor 4 piese, separați prin virgulă (0 = în Charkoni, "
            "84 = acasă); - pentru un loc liber",
            "returning": "se întoarce",
            "stack": "piese",
            "board": "Tabla de Pachisi",
            "settings": "Setări",
            "charkoni": "Charkoni",
            "moves": "mutări posibile",
            "twenty_five": "castelul de 25 al lui",
        }
    return {
        "throw": "Throw",
        "pass": "Pass",
        "undo": "Undo",
        "new_game": "New game",
        "to_move": "To move",
        "pending": "Throws to spend",
        "human": "human",
        "save": "Save",
        "load": "Load",
        "force": "Force throw",
        "setup": "Position",
        "winner": "Winner",
        "waiting": "in the Charkoni",
        "home": "home",
        "log": "What happened",
        "language": "Language",
        "speed": "Speed",
        "animate": "Animation",
        "grace": "grace",
        "bonus": "bonus grace",
        "pyada": "pyada",
        "lost": "lost",
        "castle": "castle",
        "cancelled": "cancelled",
        "mouths_up": "mouths up",
        "mouth_up": "mouth up",
        "cowries": "Cowrie shells",
        "to_throw": "throws the cowries",
        "to_choose": "chooses a move",
        "computer_thinks": "the computer plays",
        "game_over": "Game over",
        "no_winner": "no winner",
        "players": "Players",
        "preset": "Rules",
        "seats": "Seats",
        "teacher": "Teacher",
        "apply": "Apply",
        "setup_hint": "the 4 pieces' steps, comma separated (0 = in the Charkoni, 84 = home); "
        "- for an empty seat",
        "returning": "returning",
        "stack": "pieces",
        "board": "Pachisi board",
        "settings": "Settings",
        "charkoni": "Charkoni",
        "moves": "legal moves",
        "twenty_five": "25-castle of",
    }
