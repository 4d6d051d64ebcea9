"""Practice on the board: questions about the current position, and a student's move named by a
piece and a square.

A :class:`Question` is a value: its prompt, its choices and the explanation are
:class:`~pachisi_widget.words.Message` values (a code of the catalogues and its parameters), so
the board says them in English or Romanian; ``right`` holds the indices of the right choices.

>>> import pachisi_widget as pw
>>> from pachisi_widget.words import text
>>> g = pw.Game.from_position([[84, 84, 84, 26], None, [84, 84, 50, 64], None], seed=1)
>>> _ = g.throw(up=4)
>>> q = question(g.state, "capture")
>>> [text(c.code, c.params) for c in q.choices]
['the move from step 26 to step 30 with the 4', 'None of them']
>>> sorted(q.right)
[0]
>>> text(q.why.code, q.why.params)
'The move from step 26 to step 30 with the 4 captures a piece of North on step 30.'
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from .board import CASTLE_STEPS, HOME, track
from .engine import Move, short_repr
from .errors import IllegalMoveError, PachisiError
from .hitting import _exact_hit, _hit_shown
from .probability import SHOWN_ERROR, capture_bound
from .state import GameState
from .throws import throw_distribution
from .words import Message

__all__ = ["QUESTIONS", "Question", "QuestionError", "question", "move_at", "step_of_square"]

QUESTIONS = ("capture", "safe", "chance")
"""The questions :func:`question` asks: which move captures, which piece stands safe on a
castle, and the chance of a throw value (``value=``) or of a piece being hit (``step=``)."""

_MOST_MOVES = 8
"""A capture question offers at most this many moves."""


class QuestionError(PachisiError, ValueError):
    """A question that cannot be asked about the position (``code`` names the sentence)."""


@dataclass(frozen=True)
class Question:
    """One question about a position: prompt, choices, the right ones and why.

    Shown (a cell's last line) it echoes the question and its numbered choices in ``lang``,
    never which are right:

    >>> import pachisi_widget as pw
    >>> g = pw.Game.from_position([[84, 84, 84, 26], None, [84, 84, 50, 64], None], seed=1)
    >>> _ = g.throw(up=4)
    >>> question(g.state, "capture")
    Which move of South captures?
      0: the move from step 26 to step 30 with the 4
      1: None of them
    Answer with a click on a choice, or with "answer(number)".
    """

    kind: str
    prompt: Message
    choices: tuple
    right: frozenset = field(repr=False)
    why: Message = field(repr=False)
    lang: str = field(default="en", compare=False, repr=False)
    """The language it is shown in (the board's: :meth:`Session.ask` sets it)."""

    def check(self, choice: int) -> bool:
        """Whether choice number ``choice`` is right."""
        return choice in self.right

    def __repr__(self) -> str:
        from .words import text

        lines = [text(self.prompt.code, self.prompt.params, self.lang)]
        lines += [f"  {i}: {text(c.code, c.params, self.lang)}" for i, c in enumerate(self.choices)]
        lines.append(text("q_how", {}, self.lang))
        return "\n".join(lines)


def _move_words(m: Move) -> Message:
    if m.kind == "enter":
        return Message("coach_move_enter", {"end": m.end, "value": m.value})
    return Message("coach_move", {"start": m.start, "end": m.end, "value": m.value})


def _victims(captures) -> list:
    counts: dict = {}
    for seat, _ in captures:
        counts[seat] = counts.get(seat, 0) + 1
    return [[s, n] for s, n in counts.items()]


def _capture(state: GameState) -> Question:
    if state.phase != "move":
        raise QuestionError.from_code("q_needs_move", {"seat": state.to_move})
    moves = [m for m in state.legal_moves() if m.kind != "pass"][:_MOST_MOVES]
    if not moves:
        raise QuestionError.from_code("q_no_moves", {"seat": state.to_move})
    choices = [_move_words(m) for m in moves] + [Message("q_none", {})]
    right = frozenset(i for i, m in enumerate(moves) if m.captures)
    if right:
        first = moves[min(right)]
        why = Message(
            "q_why_capture",
            {"detail": _move_words(first), "end": first.end, "victims": _victims(first.captures)},
        )
    else:
        right = frozenset({len(moves)})
        why = Message("q_why_no_capture", {"seat": state.to_move})
    prompt = Message("q_capture", {"seat": state.to_move})
    return Question("capture", prompt, tuple(choices), right, why)


def _safe(state: GameState, seat) -> Question:
    seat = state.to_move if seat is None else seat
    if isinstance(seat, bool) or seat not in state.seats:
        raise QuestionError.from_code(
            "q_bad_seat", {"got": short_repr(seat, 40), "seats": list(state.seats)}
        )
    steps = sorted({s for s in state.pieces[seat] if 0 < s < HOME})
    if not steps:
        raise QuestionError.from_code("q_no_pieces", {"seat": seat})
    choices = [Message("q_piece", {"start": s}) for s in steps] + [Message("q_none", {})]
    right = frozenset(i for i, s in enumerate(steps) if s in CASTLE_STEPS)
    castles = sorted(CASTLE_STEPS)
    if right:
        why = Message("q_why_safe", {"end": steps[min(right)], "values": castles})
    else:
        right = frozenset({len(steps)})
        why = Message("q_why_not_safe", {"seat": seat, "values": castles})
    return Question("safe", Message("q_safe", {"seat": seat}), tuple(choices), right, why)


def _percent(p) -> float:
    return round(100 * float(p), 1)


def _chance_choices(p: Fraction) -> tuple:
    """(choices as percentages, ascending; the index of the right one): ``p`` and three others."""
    right = _percent(p)
    out = [right]
    for c in (
        p / 2,
        p * 2,
        1 - p,
        p + Fraction(1, 10),
        p - Fraction(1, 10),
        p / 4,
        p * 3,
        Fraction(1, 2),
        Fraction(1, 4),
        Fraction(3, 4),
        Fraction(1, 10),
    ):
        pct = _percent(c)
        if 0 <= pct <= 100 and pct not in out:
            out.append(pct)
        if len(out) == 4:
            break
    out.sort()
    return tuple(out), out.index(right)


EXACT_STATES = 60
"""A practice question on the chance of being hit gives the exact fraction when each
opponent's turn takes at most this many states to solve exactly (milliseconds); else the
chance to within a hundredth of a point (:data:`pachisi_widget.probability.SHOWN_ERROR`; ten
or a hundred times that where it would take longer than milliseconds, and then said)."""


def _rounded_up(p: float) -> float:
    """``p`` rounded up to what :func:`pachisi_widget.words.percent` shows (a whole percent, a
    tenth of one below 1%): a bound shown never reads lower than it is."""
    if p >= 0.01:
        return min(1.0, math.ceil(100 * p - 1e-9) / 100)
    return math.ceil(1000 * p - 1e-9) / 1000


def _hit_question(state: GameState, seat: int, step: int) -> Question:
    """The question on the chance that the piece on ``step`` is hit, and why the answer is
    right: the exact fraction when it is quick to find, the bound on the extra throws won by
    capturing other pieces when they could add to it."""
    p = _exact_hit(state, seat, step, EXACT_STATES)
    exact = p is not None
    if p is None:
        p, within = _hit_shown(state, seat, step, SHOWN_ERROR)
    bound = float(capture_bound(state, seat, step, error=SHOWN_ERROR))
    prompt = Message("q_chance_hit", {"seat": seat, "start": step})
    pcts, right = _chance_choices(p)
    choices = tuple(Message("q_percent", {"pct": x}) for x in pcts)
    params: dict = {"pct": pcts[right]}
    if exact:
        params["fraction"] = f"{p.numerator}/{p.denominator}"
    else:
        params["within"] = within
    code = "q_why_chance" if exact else "q_why_chance_near"
    if bound > 0:
        code += "_bound"
        params["at_most"] = _rounded_up(bound)
    return Question("chance", prompt, choices, frozenset({right}), Message(code, params))


def _chance(state: GameState, value, step) -> Question:
    if step is not None:
        seat = state.to_move
        if (
            isinstance(step, bool)
            or not isinstance(step, int)
            or step not in state.pieces[seat]
            or not 0 < step < HOME
        ):
            raise QuestionError.from_code(
                "q_no_piece_at", {"seat": seat, "start": short_repr(step, 20)}
            )
        return _hit_question(state, seat, step)
    dist = throw_distribution(state.rules)
    if value is None:
        value = max(dist, key=lambda v: (v in state.rules.entry_graces, dist[v]))
    if isinstance(value, bool) or value not in dist:
        raise QuestionError.from_code(
            "q_bad_value", {"got": short_repr(value, 20), "values": sorted(dist)}
        )
    p = Fraction(dist[value])
    prompt = Message("q_chance_throw", {"value": value})
    pcts, right = _chance_choices(p)
    choices = tuple(Message("q_percent", {"pct": x}) for x in pcts)
    fraction = f"{p.numerator}/{p.denominator}"
    why = Message("q_why_chance", {"fraction": fraction, "pct": pcts[right]})
    return Question("chance", prompt, choices, frozenset({right}), why)


def question(state: GameState, kind: str, *, value=None, step=None, seat=None) -> Question:
    """A question of ``kind`` (one of :data:`QUESTIONS`) about ``state``.

    ``"capture"``: which legal move captures (a move must be due). ``"safe"``: which piece of
    ``seat`` (default: the seat to move) stands on a castle. ``"chance"``: the chance that the
    next throw is ``value`` (default: the likeliest grace), or, with ``step``, that the piece of
    the seat to move on ``step`` is captured before that seat's next turn.

    Raises:
        QuestionError: for an unknown kind, or a question the position cannot answer.
    """
    if not isinstance(state, GameState):
        raise QuestionError.from_code("q_bad_state", {"type": type(state).__name__})
    if kind == "capture":
        return _capture(state)
    if kind == "safe":
        return _safe(state, seat)
    if kind == "chance":
        return _chance(state, value, step)
    raise QuestionError.from_code(
        "q_unknown", {"got": short_repr(kind, 40), "values": list(QUESTIONS)}
    )


def step_of_square(seat: int, start: int, square) -> int:
    """The step of ``seat``'s track after ``start`` that lies on ``square`` (an [x, y] pair), or
    84 for ``"home"``; the first such step (a seat's track passes its middle column twice).

    Raises:
        IllegalMoveError: when the square is not on the seat's way ahead.
    """
    if square == "home":
        return HOME
    if (
        not isinstance(square, (list, tuple))
        or len(square) != 2
        or not all(isinstance(c, int) and not isinstance(c, bool) for c in square)
    ):
        raise IllegalMoveError.from_code("quiz_bad_square", {"got": short_repr(square, 40)})
    path = track(seat)
    for s in range(max(start, 0) + 1, HOME):
        if path[s] is not None and tuple(path[s]) == tuple(square):
            return s
    raise IllegalMoveError.from_code("quiz_off_track", {"seat": seat, "start": start})


def move_at(state: GameState, start, end) -> Move:
    """The legal move of the seat to move from step ``start`` to step ``end``.

    Raises:
        IllegalMoveError: (or a subclass) with the rule that forbids it when there is none.
    """
    for m in state.legal_moves():
        if m.kind != "pass" and m.start == start and m.end == end:
            return m
    pending = list(state.pending())
    value = next(
        (
            v
            for v in pending
            if isinstance(start, int) and isinstance(end, int) and start + v == end
        ),
        pending[0] if pending else None,
    )
    kind = "enter" if start == 0 else "move"
    raise state.illegal(Move(state.to_move, None, start, end, kind, value))
