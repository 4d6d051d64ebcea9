"""PachisiWidget: a live Pachisi board for JupyterLab, Notebook 7, Voila and JupyterLite.

The widget is traits over a :class:`pachisi_widget.session.Session`, which holds the game and
everything the board shows (formatted by :mod:`pachisi_widget.view`); each update the session
makes is written to the synced traits. The front end (``js/``, bundled into ``static/``) only
draws and sends *intents* as custom messages, each checked and carried out by the session's table
:data:`pachisi_widget.session.intents.INTENTS`:

INTENTS_TABLE

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

import functools
import pathlib

import anywidget
import traitlets

from . import view
from .agents import AGENTS
from .engine import short_repr
from .errors import say, session_language
from .practice import QuestionError
from .rules import PRESETS
from .session import Session, check_language, check_names, intents
from .session.teaching import check_overlay, check_tutor
from .words import error_text

__doc__ = __doc__.replace("INTENTS_TABLE", intents.doc_table())
__all__ = ["PachisiWidget", "bundle_paths"]

_STATIC = pathlib.Path(__file__).parent / "static"
_STATUS_MAX = view.STATUS_MAX  # characters: a status line is one line, whatever it quotes
_INTENTS = tuple(intents.INTENTS)


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


def _session_method(name: str):
    """The widget's method ``name``: the session's, carried out on the widget's session."""
    method = getattr(Session, name)

    @functools.wraps(method)
    def call(self, *args, **kwargs):
        return method(self._session, *args, **kwargs)

    return call


def _session_property(name: str):
    """The widget's read-only property ``name``: the session's."""
    doc = getattr(Session, name).__doc__
    return property(lambda self: getattr(self._session, name), doc=doc)


class Said(str):
    """A sentence the board told a notebook cell instead of raising: the cell shows it plainly
    (its repr is the sentence itself), and it is the same text as the board's status."""

    def __repr__(self) -> str:
        return str(self)


def _checked(check):
    """A trait validator from a check that raises ValueError."""

    def validate(self, proposal):
        try:
            return check(proposal["value"])
        except ValueError as exc:
            raise traitlets.TraitError(str(exc)) from None

    return validate


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
        sync=True
    )
    """After a human move, say when it gave up more winning chance than a margin, which move
    was better and why (:func:`coach.verdict`): True (margin 0.05), a margin 0..1, or False."""
    overlay = traitlets.Unicode(None, allow_none=True).tag(sync=True)
    """Colour the squares: ``"danger"`` (where an opponent can land before the seat to move's
    next turn), ``"reach"`` (where a piece can stand after this turn), or None."""
    heat = traitlets.Dict().tag(sync=True)
    """The heat map shown ({} when none): :func:`view.danger_view` or :func:`view.reach_view`."""

    def __init__(
        self,
        game=None,
        *,
        players: int = 4,
        rules=None,
        seed=None,
        computer=None,
        language: str | None = None,
        names=None,
        speed: float = 0.6,
        animate: bool = True,
        large: bool = False,
        teacher: bool = False,
        **kwargs,
    ):
        # the teaching instruments may be switched on at once: PachisiWidget(hints=True, ...)
        instruments = {
            k: kwargs.pop(k) for k in ("hints", "tutor", "overlay", "quiz") if k in kwargs
        }
        unknown = set(kwargs) - {"layout"}
        if unknown:
            raise TypeError(say("arg_widget_unknown", {"got": sorted(unknown)}))
        language = session_language() if language is None else language
        check_language(language)
        if isinstance(speed, bool) or not isinstance(speed, (int, float)) or not speed >= 0:
            raise ValueError(say("arg_widget_speed", {"got": short_repr(speed)}))
        bundle_paths()  # a clear error when the front end was never built
        session = Session(
            game,
            players=players,
            rules=rules,
            seed=seed,
            computer=computer,
            language=language,
            names=names,
        )
        super().__init__(**kwargs)
        self._session = session
        session.listener = self._apply
        session.send = lambda message: self.send(message)
        self.speed, self.animate, self.large, self.teacher = float(speed), animate, large, teacher
        self.geometry = view.geometry()
        self._apply(session.shown)
        self.on_msg(self._on_msg)
        for name, value in instruments.items():  # each checked by its trait, as when set later
            setattr(self, name, value)

    def _apply(self, update: dict) -> None:
        """Write an update of the session to the traits, in its order (``revision`` last)."""
        with self.hold_sync():
            for name, value in update.items():
                setattr(self, name, value)

    # -- the session's methods and state, on the widget ----------------------------------------

    throw = _session_method("throw")
    play = _session_method("play")
    pass_ = _session_method("pass_")
    undo = _session_method("undo")
    new_game = _session_method("new_game")
    set_position = _session_method("set_position")
    load = _session_method("load")
    save = _session_method("save")
    set_computer = _session_method("set_computer")
    computer_step = _session_method("computer_step")
    play_computers = _session_method("play_computers")
    replay = _session_method("replay")
    replay_to = _session_method("replay_to")
    play_from_here = _session_method("play_from_here")
    close_replay = _session_method("close_replay")
    analyse = _session_method("analyse")
    try_move = _session_method("try_move")
    answer = _session_method("answer")
    game = _session_property("game")
    replaying = _session_property("replaying")
    replay_index = _session_property("replay_index")
    shown_state = _session_property("shown_state")
    analysis = _session_property("analysis")

    @functools.wraps(Session.ask)
    def ask(self, question: str, **params):
        try:
            return self._session.ask(question, **params)
        except QuestionError as exc:  # before a throw, say: a sentence on the board and here
            self._session.refuse(exc.code, exc.params)
            return Said(error_text(exc, self._session.language))

    @functools.wraps(Session.tutor_report)
    def tutor_report(self):
        return Said(self._session.tutor_report())

    @property
    def hint_budget(self) -> float | None:
        """Seconds the hints may take for one position (their intervals say how sure they are);
        None: no limit."""
        return self._session.instruments.budget

    @hint_budget.setter
    def hint_budget(self, seconds: float | None) -> None:
        self._session.instruments.budget = seconds

    @property
    def hint_rollouts(self) -> int | None:
        """Rollouts per move for the hints (None: the coach's default for its engine)."""
        return self._session.instruments.rollouts

    @hint_rollouts.setter
    def hint_rollouts(self, rollouts: int | None) -> None:
        self._session.instruments.rollouts = rollouts

    # the session's parts that earlier tests and notebooks read by these names
    _move_ids = property(lambda self: self._session.move_ids)
    _events = property(lambda self: self._session.table.events)
    _start_note = property(lambda self: self._session.table.start_note)

    def _evaluation(self, state):
        return self._session.instruments.evaluation(state)

    # -- intents from the front end ----------------------------------------------------------

    def _on_msg(self, widget, content, buffers=None) -> None:
        self.handle_intent(content)

    def handle_intent(self, content) -> bool:
        """Validate and carry out one intent from the front end; True when it was carried out.

        Never raises: a refusal or an error becomes the ``status`` line and the game is kept.
        The widget's own methods carry out the intents of their names (``w.throw`` for
        ``throw``...), so a wrapper put on one sees the board's clicks too.
        """
        return self._session.handle_intent(content, via=self)

    # -- traits set from Python: checked, then given to the session ---------------------------

    _valid_names = traitlets.validate("names")(_checked(lambda v: list(check_names(v))))
    _valid_language = traitlets.validate("language")(_checked(check_language))
    _valid_overlay = traitlets.validate("overlay")(_checked(check_overlay))
    _valid_tutor = traitlets.validate("tutor")(_checked(check_tutor))

    @traitlets.validate("speed")
    def _valid_speed(self, proposal) -> float:
        value = proposal["value"]
        if not value >= 0 or value > 3600:
            raise traitlets.TraitError(f"speed must be a number of seconds 0..3600, not {value!r}")
        return value

    @traitlets.observe("names", "language", "quiz", "hints", "overlay", "tutor", "score")
    def _setting_changed(self, change) -> None:
        setter = getattr(self._session, f"set_{change['name']}")
        setter(change["new"])
