"""The tutor: after a move, whether it gave up more than a margin of the chance to win against the
best move, its grade, and why the better move is better, in words (:func:`verdict`).
"""

from __future__ import annotations

import inspect
import math
import signal
import threading
import time

from ..board import HOME
from ..engine import Move
from ..hitting import _hit_shown
from ..probability import SHOWN_ERROR
from ..state import GameState
from ..tables import IS_CASTLE, IS_SAFE
from ..words import Message
from .evaluate import evaluate
from .results import CoachError, Evaluation, Verdict, _short

__all__ = ["verdict", "GRADES"]

GRADES = ((3, "blunder"), (2, "mistake"), (1, "inaccuracy"))
"""A move that gives up more than ``k`` times the margin of winning chance gets the grade."""
_EVALUATE_OPTIONS = frozenset(inspect.signature(evaluate).parameters) - {"state"}


def _safe_end(m: Move) -> bool:
    """Whether the moved piece ends where no opponent can capture it."""
    end = m.end
    return end is not None and IS_SAFE[end]


HIT_ERROR = 10 * SHOWN_ERROR
"""How far below the exact chance of being hit the tutor's reasons may be: a tenth of a point
(ten times :data:`pachisi_widget.probability.SHOWN_ERROR`, the board's; see
:func:`pachisi_widget.probability.hit_chance`'s ``error``). The tutor says a chance only where
it is at least two points above the other move's (``_escape``, ``_safety``), so always in whole
percents, and a tenth of a point is a tenth of that finest figure: the figures it says are the
exact chance rounded, but where the rounding falls within that of a boundary. (The board's
danger map and a practice question show tenths of a point below 1%, so they ask ten times
less.) Where that would take more than a few milliseconds (seven cowries with several pieces
waiting), ten times more (a point, :data:`pachisi_widget.hitting.HIT_ERROR_MAX`:
``hitting._hit_shown``; ``scripts/bench_maps.py`` reports the largest taken), and then the
reason says so ("to within 1.0%"). As in :func:`~pachisi_widget.probability.hit_chance`, the
extra throws won by capturing other pieces are left out."""


def hit_chance(state: GameState, seat: int, step: int) -> float:
    """The tutor's chance that the piece of ``seat`` on ``step`` is hit (floats, to within
    :data:`HIT_ERROR`, or ten times more where that would be slow)."""
    return _hit_shown(state, seat, step, HIT_ERROR)[0]


def _danger(state: GameState, seat: int, step) -> tuple:
    """(the chance of being hit on ``step``, the error it may have: :func:`hit_chance`)."""
    if step is None or step == 0 or step == HOME:
        return 0.0, HIT_ERROR
    return _hit_shown(state, seat, step, HIT_ERROR)


def _chance_said(code: str, params: dict, error: float) -> Message:
    """The reason ``code`` with its chance of being hit, and the error it may have when that is
    more than :data:`HIT_ERROR` (the ``_near`` sentence, "to within ...")."""
    if error > HIT_ERROR:
        return Message(code + "_near", {**params, "within": error})
    return Message(code, params)


def _capture_and_home(played: Move, better: Move) -> list:
    """A capture more, a piece brought home: the plainest reasons."""
    out = []
    if len(better.captures) > len(played.captures):
        victims: dict = {}
        for vs, _ in better.captures:
            victims[vs] = victims.get(vs, 0) + 1
        out.append(
            Message(
                "coach_why_capture",
                {"victims": [[s, k] for s, k in victims.items()], "end": better.end},
            )
        )
    if better.kind != "pass" and better.end == HOME and played.end != HOME:
        out.append(Message("coach_why_home", {}))
    return out


def _escape(state: GameState, after_p: GameState, better: Move, d_better: float):
    """The better move takes a piece out of danger that the move played leaves in it (a
    Message), or None: the piece the better move moves stays where it stood after the move
    played, and there it is hit with a chance at least two points above that of where the
    better move puts it. (The chance is the one after the move played, the position the
    sentence speaks of: "left there"; where the move played itself put that piece in danger,
    say by leaving a castle that kept opponents back, the better move still takes it out.)"""
    seat = state.to_move
    if better.kind == "pass" or better.start in (None, 0):
        return None
    if better.start not in after_p.pieces[seat]:  # the move played took it away too
        return None
    still, error = _danger(after_p, seat, better.start)
    if still > d_better + 0.02:
        params = {"start": better.start, "hit_chance": still}
        return _chance_said("coach_why_escape", params, error)
    return None


def _safety(played: Move, better: Move, exposed: tuple, d_better: float, escaped: bool) -> list:
    """The better move ends on a safe square (a castle, the home column) where the move played
    is exposed; the move played leaves a piece open to a hit (``exposed``: its chance of being
    hit and the error that may have)."""
    out = []
    d_played, error = exposed
    safe = better.kind != "pass" and _safe_end(better) and better.end != HOME
    if safe and (d_played > 0.02 or escaped):
        code = "coach_why_castle" if IS_CASTLE[better.end] else "coach_why_safe"
        out.append(Message(code, {"end": better.end}))
    if played.kind != "pass" and d_played > d_better + 0.02:
        params = {"end": played.end, "hit_chance": d_played}
        out.append(_chance_said("coach_why_exposed", params, error))
    return out


def _gain(m: Move) -> int:
    return 0 if m.kind == "pass" else m.end - m.start


class _OutOfTime(BaseException):
    """Raised into the danger reasons by their timer (a BaseException: nothing swallows it)."""


def _on_alarm(signum, frame):
    raise _OutOfTime


def _within(seconds: float | None, compute):
    """``compute()``, or None when it takes more than ``seconds`` (None: no limit). The limit is
    kept by a timer signal, so only on the main thread; elsewhere nothing is computed (None).
    A timer set before is put back, less the time taken."""
    if seconds is None:
        return compute()
    if (
        not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        return None
    t0 = time.monotonic()
    old = signal.signal(signal.SIGALRM, _on_alarm)
    before = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return compute()
    except _OutOfTime:
        return None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
        if before[0] > 0:
            left = before[0] - (time.monotonic() - t0)
            signal.setitimer(signal.ITIMER_REAL, max(left, 0.001), before[1])


def _danger_reasons(state: GameState, played: Move, better: Move) -> list:
    """The reasons of danger: the piece each move leaves behind or puts down, with its chance
    of being hit (:func:`~pachisi_widget.probability.hit_chance`)."""
    seat = state.to_move
    after_b, after_p = state.apply(better), state.apply(played)
    out = []
    d_played = _danger(after_p, seat, played.end) if played.kind != "pass" else (0.0, HIT_ERROR)
    d_better = _danger(after_b, seat, better.end)[0] if better.kind != "pass" else 0.0
    escape = _escape(state, after_p, better, d_better)
    if escape is not None:
        out.append(escape)
    out.extend(_safety(played, better, d_played, d_better, escape is not None))
    return out


def _reasons(state: GameState, played: Move, better: Move, seconds: float | None = None) -> list:
    """Why ``better`` beats ``played``, as Messages, the strongest first; the reasons of danger
    only when they take at most ``seconds`` (None: however long)."""
    out = _capture_and_home(played, better)
    out.extend(_within(seconds, lambda: _danger_reasons(state, played, better)) or ())
    if better.kind == "enter" and played.kind != "enter":
        out.append(Message("coach_why_enter", {}))
    if not out and _gain(better) > _gain(played):
        out.append(Message("coach_why_progress", {"distance": _gain(better) - _gain(played)}))
    if not out:
        out.append(Message("coach_why_rollouts", {}))
    return out


def verdict(
    state,
    move,
    *,
    margin: float = 0.05,
    evaluation: Evaluation | None = None,
    reasons_time: float | None = None,
    **options,
) -> Verdict:
    """The tutor's verdict on ``move`` played in ``state``: the winning chance it gave up
    against the best move, a grade when that is more than ``margin``, the better move and why.

    ``evaluation``, when given, is the :func:`evaluate` of ``state`` to judge by (no rollouts
    are played again); otherwise ``state`` is evaluated with ``options``, the keyword arguments
    of :func:`evaluate` (``rollouts``, ``policy``, ``seed``, ``engine``, ``budget``,
    ``progress``, ``exact``). ``reasons_time``, when given, is the most seconds the reasons
    of danger (each piece's chance of being hit) may take: past it, or off the main thread,
    they are left out and the verdict gives its other reasons (the board's tutor gives them
    half a second, so that a click is never kept waiting).

    Raises:
        CoachError: for a bad margin, a state with no move to choose, or an argument
            :func:`evaluate` refuses.
        IllegalMoveError: when ``move`` is not legal in ``state`` (with the reason).
    """
    unknown = set(options) - _EVALUATE_OPTIONS
    if unknown:
        raise TypeError(
            f"verdict() got unexpected keyword argument(s) {sorted(unknown)}; besides margin and "
            f"evaluation it takes those of evaluate(): {', '.join(sorted(_EVALUATE_OPTIONS))}"
        )
    if not isinstance(state, GameState):
        evaluate(state, **options)  # raises evaluate's own error for what is not a state
    if (
        isinstance(margin, bool)
        or not isinstance(margin, (int, float))
        or not 0 <= margin < 1
        or math.isnan(margin)
    ):
        raise CoachError.from_code("coach_bad_margin", {"got": _short(margin)})
    if state.phase != "move":
        raise CoachError.from_code(
            "coach_no_move" if state.phase == "throw" else "coach_over", {"seat": state.to_move}
        )
    legal = state.find(move)
    if legal is None:
        raise state.illegal(move)
    if evaluation is None:
        evaluation = evaluate(state, **options)
    elif not isinstance(evaluation, Evaluation) or evaluation.state != state:
        raise CoachError.from_code("coach_other_evaluation", {})
    played = evaluation.find(legal)
    best = evaluation.best
    if played is best or played.loss <= 0:
        return Verdict(played, None, margin, None, (), evaluation)
    grade = None
    if played.loss_low > 0 or played.exact and best.exact:  # not when the rollouts cannot tell
        for k, name in GRADES:
            if played.loss > k * margin:
                grade = name
                break
    reasons = tuple(_reasons(state, legal, best.move, reasons_time)) if grade else ()
    return Verdict(played, best, margin, grade, reasons, evaluation)
