"""The board's teaching instruments: hints, the tutor and the heat maps, over one cache.

Every number an instrument shows is computed here and nowhere else: each legal move's chance to
win (:func:`pachisi_widget.coach.evaluate`, for the hints and the tutor alike), the danger map
(:func:`pachisi_widget.probability.danger_map`) and the reach maps
(:func:`pachisi_widget.probability.reach_map`). :mod:`pachisi_widget.view` only puts them into
words. What a position costs is paid once: one cache keeps the last few results of every kind,
keyed by the position (a :class:`~pachisi_widget.state.GameState` is a hashable value); one
budget (:attr:`Instruments.budget`) caps the seconds the coach may take for a position; and one
progress path (the ``report`` callback) says how far a long computation has got.

>>> import pachisi_widget as pw
>>> g = pw.Game.from_position([[84, 84, 84, 80], None, [84, 84, 84, 77], None], seed=3)
>>> _ = g.throw(up=2)
>>> ins = Instruments()
>>> ins.evaluation(g.state) is ins.evaluation(g.state)  # computed once
True
"""

from __future__ import annotations

from .. import board, coach, probability, view, words
from ..coach.evaluate import budget_ok, rollouts_ok
from ..coach.player import COACH_DEPTH
from ..coach.results import CoachError
from ..engine import short_repr
from ..learned import LearnedAgent

__all__ = ["Instruments", "check_overlay", "check_tutor", "TUTOR_MARGIN", "TUTOR_REASONS_TIME"]

TUTOR_MARGIN = 0.05
"""The winning chance a move may give up before ``tutor=True`` speaks of it."""
TUTOR_REASONS_TIME = 0.5
"""Seconds the tutor's reasons of danger may take after a move (past them it gives its other
reasons): the coach's evaluation before the move is bounded by :attr:`Instruments.budget`."""
_SAID_KEPT = 256
"""The tutor's notes the log keeps (the latest weak moves')."""
_CACHE_SIZE = 32
"""Results kept (every kind together): the positions of the last few turns."""
_UNSET = object()


def check_overlay(value):
    """``value`` if it names a heat map of :data:`view.OVERLAYS` (or is None).

    Raises:
        ValueError: for anything else.
    """
    if value is not None and (not isinstance(value, str) or value not in view.OVERLAYS):
        raise ValueError(
            f"overlay must be one of {', '.join(view.OVERLAYS)} or None, not {short_repr(value)}"
        )
    return value


def check_tutor(value):
    """``value`` if it is True, False or a margin of winning chance 0 <= margin < 1.

    Raises:
        ValueError: for anything else.
    """
    if isinstance(value, bool) or (isinstance(value, (int, float)) and 0 <= value < 1):
        return value
    raise ValueError(
        f"tutor must be True, False or a margin of winning chance 0..1, not {short_repr(value)}"
    )


class Instruments:
    """Hints, tutor and heat maps for the positions a board shows, computed once each.

    ``report(done, total)`` (optional) is called while the coach evaluates a position for the
    hints or the tutor, at most once every 5 percent.
    """

    def __init__(self, report=None):
        self.hints = False
        """Whether the hints are shown."""
        self.tutor = False
        """True (margin :data:`TUTOR_MARGIN`), a margin 0..1, or False: see :meth:`margin`."""
        self.overlay = None
        """The heat map shown: ``"danger"``, ``"reach"`` or None."""
        self._budget: float | None = 5.0
        self._rollouts: int | None = None
        self.report = report
        self._cache: dict = {}
        self._note = None  # the tutor's note to say: see tutor_words
        self.last_verdict = None  # the tutor's Verdict on the last move it judged, said or not
        self._said: dict = {}  # the position after each weak move -> the tutor's Verdict on it

    @property
    def budget(self) -> float | None:
        """Seconds the coach may take for one position (its intervals say how sure it is);
        None: no limit. Set to anything else (0, -1, a text) it raises CoachError and keeps
        its value."""
        return self._budget

    @budget.setter
    def budget(self, seconds: float | None) -> None:
        if not budget_ok(seconds):
            raise CoachError.from_code("hint_bad_budget", {"got": short_repr(seconds)})
        self._budget = seconds

    @property
    def rollouts(self) -> int | None:
        """Rollouts per move for the hints and the tutor (None: the coach's default). Set to
        anything else it raises CoachError and keeps its value."""
        return self._rollouts

    @rollouts.setter
    def rollouts(self, rollouts: int | None) -> None:
        if not rollouts_ok(rollouts):
            raise CoachError.from_code(
                "hint_bad_rollouts", {"got": short_repr(rollouts), "max": coach.MAX_ROLLOUTS}
            )
        self._rollouts = rollouts

    # -- the cache ---------------------------------------------------------------------------

    def _cached(self, key, compute):
        if key in self._cache:
            return self._cache[key]
        value = compute()
        self._cache[key] = value
        while len(self._cache) > _CACHE_SIZE:
            self._cache.pop(next(iter(self._cache)))
        return value

    def evaluation(
        self, state, *, rollouts=_UNSET, seed: int = 0, budget=_UNSET, quiet: bool = False
    ):
        """:func:`coach.evaluate` of ``state``, computed once per position and settings.

        ``rollouts`` and ``budget`` default to :attr:`rollouts` and :attr:`budget`; unless
        ``quiet``, :attr:`report` hears how far the rollouts have got.
        """
        rollouts = self.rollouts if rollouts is _UNSET else rollouts
        budget = self.budget if budget is _UNSET else budget
        report = None if quiet else self.report
        key = ("evaluate", state, rollouts, seed, budget)
        return self._cached(
            key,
            lambda: coach.evaluate(
                state,
                rollouts=rollouts,
                seed=seed,
                engine="auto",
                budget=budget,
                progress=_every_5_percent(report),
                judge=LearnedAgent(COACH_DEPTH),
            ),
        )

    def danger(self, state) -> dict:
        """:func:`probability.danger_map` for the seat to move in ``state``."""
        return self._cached(
            ("danger", state),
            lambda: probability.danger_map(state, state.to_move, error=probability.SHOWN_ERROR),
        )

    def danger_bound(self, state) -> float:
        """The largest :func:`probability.capture_bound` of a square for the seat to move: how
        much the extra throws won by captures, which the danger map leaves out, can add."""
        return self._cached(
            ("danger_bound", state),
            lambda: max(
                probability.capture_bound(
                    state, state.to_move, error=probability.SHOWN_ERROR
                ).values(),
                default=0.0,
            ),
        )

    def reach(self, state) -> dict:
        """{step: :func:`probability.reach_map`} for each stack of the seat to move that is not
        home ({} when the game is over)."""

        def compute():
            if state.phase == "over":
                return {}
            seat, steps = state.to_move, state.pieces[state.to_move]
            return {
                step: probability.reach_map(
                    state, seat, steps.index(step), exact=False, error=probability.SHOWN_ERROR
                )
                for step in sorted(set(steps))
                if step != board.HOME
            }

        return self._cached(("reach", state), compute)

    # -- what the board shows ----------------------------------------------------------------

    def heat_view(self, state, lang: str, names) -> dict:
        """The heat map of :attr:`overlay` for ``state`` ({} when none)."""
        if self.overlay == "danger":
            danger, bound = self.danger(state), self.danger_bound(state)
            return view.danger_view(state, danger, lang, names, bound)
        if self.overlay == "reach":
            return view.reach_view(state, self.reach(state), lang, names)
        return {}

    def hint_view(self, state, move_ids: dict, lang: str, names, revision: int) -> dict:
        """The hints for the legal moves ``move_ids`` (id -> Move) of ``state``."""
        shown = view.hints_view(self.evaluation(state), move_ids, lang, names)
        shown["revision"] = revision
        return shown

    # -- the tutor ---------------------------------------------------------------------------

    def margin(self) -> float | None:
        """The tutor's margin of winning chance (None when the tutor is off)."""
        if self.tutor is True:
            return TUTOR_MARGIN
        if self.tutor is False or self.tutor is None:
            return None
        return float(self.tutor)

    def before_move(self, state, move, *, judged: bool):
        """The evaluation the tutor's verdict on ``move`` will need, or None when there is none
        to give (tutor off, not ``judged``: a computer seat, a replay, practice; one legal move).
        A student's move (``judged``) ends the note on the move before; a computer seat's keeps
        it."""
        if judged:
            self._note = None
        if (
            not judged
            or self.margin() is None
            or state.phase != "move"
            or state.find(move) is None
            or len(state.legal_moves()) < 2
        ):
            return None
        return self.evaluation(state)

    def after_move(self, before, played, after, evaluation) -> None:
        """Judge ``played`` (from ``before`` to ``after``): a mistake is kept to be said, on the
        board until the student acts and in the log for good (:meth:`tutor_notes`)."""
        if evaluation is None:
            return
        v = coach.verdict(
            before,
            played,
            margin=self.margin(),
            evaluation=evaluation,
            reasons_time=TUTOR_REASONS_TIME,
        )
        self.last_verdict = v
        if v.is_mistake:
            # [position after the move, verdict, the position at which a human's turn began
            # since (None: not yet)]
            self._note = [after, v, None]
            self._said[after] = v
            while len(self._said) > _SAID_KEPT:
                self._said.pop(next(iter(self._said)))

    def _note_stands(self, state, computer) -> bool:
        """Whether the tutor's note still stands at ``state``: until a student acts. The
        ``computer`` seats' throws and moves keep it; once a human's turn has come round (a
        throw due), the first change from there is theirs (a throw, a pass, Undo)."""
        after, _, waiting = self._note
        if state == after:
            return True
        if state.turn < after.turn:
            return False  # taken back, or another game
        if waiting is not None:
            return state == waiting
        if state.to_move in computer or state.phase == "over":
            return True  # a computer seat plays on: the note stays
        if state.phase == "throw" and state.turn > after.turn:
            self._note[2] = state  # a human's turn begins: the note waits for them
            return True
        return False  # a human has acted since the move

    def tutor_words(self, state, lang: str, computer=()) -> str | None:
        """What the tutor says while the board shows ``state``: its verdict after a weak move,
        until a student acts (the ``computer`` seats' turns keep it), else a short sign that it
        is on (None: the tutor is off)."""
        if self._note is not None and not self._note_stands(state, computer):
            self._note = None
        if self._note is None:
            return None if self.margin() is None else words.text("tutor_on_mark", {}, lang)
        return words.text("tutor_says", {"verdict": self._note[1].text(lang)}, lang)

    def tutor_notes(self, lang: str) -> dict:
        """The tutor's notes for the log: the position after each weak move it spoke of -> its
        sentence in ``lang`` (the log says it after the move's narration)."""
        return {
            after: words.text("tutor_says", {"verdict": v.text(lang)}, lang)
            for after, v in self._said.items()
        }

    def tutor_report(self, lang: str) -> str:
        """The tutor's verdict on the last move it judged, also when it stayed silent because
        the move was close to the best; or why there is none."""
        if self.margin() is None:
            return words.text("tutor_report_off", {}, lang)
        if self.last_verdict is None:
            points = round(100 * self.margin())
            return words.text("tutor_report_none", {"points": points}, lang)
        v = self.last_verdict
        said = words.text("tutor_says", {"verdict": v.text(lang)}, lang)
        if v.is_mistake:
            return said
        points = round(100 * self.margin())
        return f"{said} {words.text('tutor_report_quiet', {'points': points}, lang)}"


def _every_5_percent(report):
    """A coach ``progress(done, total)`` that calls ``report`` at the start and then at most
    once every 5 percent (None: no progress wanted)."""
    if report is None:
        return None
    shown = [-1]

    def progress(done, total):
        pct = round(100 * done / total) if total else 0
        if pct >= shown[0] + 5:
            shown[0] = pct
            report(done, total)

    progress(0, 1)
    return progress
