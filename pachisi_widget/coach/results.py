"""The coach's answers: each move's chance (:class:`MoveChance`), an :class:`Evaluation` of every
legal move and the tutor's :class:`Verdict`, each shown as text and HTML in English or Romanian.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import NamedTuple

from ..engine import Move, short_repr
from ..errors import PachisiError
from ..state import GameState
from ..words import LANGUAGES, Message, join, number, percent, text
from ..words.format import _lang

__all__ = ["CoachError", "MoveChance", "Evaluation", "Verdict", "move_text"]

_COLUMNS = (
    "coach_col_move",
    "coach_col_chance",
    "coach_col_interval",
    "coach_col_loss",
    "coach_col_rollouts",
)


class CoachError(PachisiError, ValueError):
    """A call to the coach with an argument it cannot use; ``code`` names the sentence."""


def _short(value) -> str:
    return short_repr(value, 60)


def _check_lang(lang) -> None:
    if lang not in LANGUAGES:
        raise CoachError.from_code("coach_bad_language", {"got": _short(lang)})


class MoveChance(NamedTuple):
    """One legal move and the chance to win after it."""

    move: Move | None
    """The move (None for the position itself, when a throw is due or the game is over)."""
    chance: float
    """Estimated chance that the seat to move (its team, with teams) wins."""
    low: float
    """Lower end of the 95% interval (Wilson; equal to ``chance`` when exact)."""
    high: float
    """Upper end of the 95% interval."""
    rollouts: int
    """Games played on from this move (0 when exact)."""
    exact: bool
    """Whether ``chance`` is exact (a won game, a pure race) rather than estimated."""
    loss: float = 0.0
    """How much less than the best move's chance (0 for the best move)."""
    loss_low: float = 0.0
    """Lower end of the 95% interval of ``loss``, from the paired rollouts (common random
    numbers); the intervals of all moves cover together, the choice of the best included. A
    move whose ``loss_low`` is 0 or less is about as good as the best."""
    loss_high: float = 0.0
    """Upper end of the 95% interval of ``loss``."""

    @property
    def half_width(self) -> float:
        """Half the width of the 95% interval of ``chance``."""
        return (self.high - self.low) / 2


def _move_message(m: Move | None) -> Message:
    if m is None or m.kind == "pass":
        return Message("coach_move_pass", {})
    if m.kind == "enter":
        return Message("coach_move_enter", {"end": m.end, "value": m.value})
    return Message("coach_move", {"start": m.start, "end": m.end, "value": m.value})


def move_text(m: Move | None, lang: str | None = None) -> str:
    """A move in words, as the coach names it ("the move from step 12 to step 16 with the 4")."""
    lang = _lang(lang)
    msg = _move_message(m)
    return text(msg.code, msg.params, lang)


@dataclass(frozen=True)
class Evaluation:
    """What :func:`evaluate` found: every legal move with its chance to win, best first.

    Iterating gives the :class:`MoveChance` of each move; :attr:`best` is the first.
    """

    state: GameState = field(repr=False)
    """The position evaluated."""
    seat: int
    """The seat whose chance is counted: the seat to move."""
    side: tuple
    """The seats that win with it: ``(seat,)``, or its team with teams."""
    moves: tuple
    """A :class:`MoveChance` per legal move, best first (ties in the engine's move order); empty
    when a throw is due or the game is over (see :attr:`position`)."""
    position: MoveChance | None
    """When a throw is due or the game is over: the chance of the position itself."""
    note: str | None
    """``"only_move"``, ``"throw_due"``, ``"over"`` or None: what kind of answer this is."""
    policy: tuple
    """The player of each seat in play during the rollouts (names)."""
    engine: str
    """``"numpy"``, ``"python"``, or ``"exact"`` when no rollout was needed."""
    seed: int
    """The seed of the rollouts: the same seed gives the same numbers."""
    rollouts: int
    """Rollouts played per estimated move (the fewest of any move: with ``rollouts=None`` on
    the numpy engine a move whose interval needs more gets more; each move's own count is
    :attr:`MoveChance.rollouts`)."""
    requested: int
    """Rollouts per move asked for (``rollouts`` is smaller when the budget ran out)."""
    elapsed: float = field(compare=False)
    """Seconds the evaluation took."""
    pick: MoveChance | None = None
    """The move the coach recommends and its player plays, when :func:`evaluate` was given a
    ``judge``: the judge's move (by default the learned evaluation's), unless the rollouts'
    paired interval separates another move from it, which is then the best; an exact answer
    always decides. None without a judge or a move to choose."""

    @property
    def complete(self) -> bool:
        """Whether every rollout asked for was played (False: the budget ran out first)."""
        return self.rollouts >= self.requested

    @property
    def best(self) -> MoveChance | None:
        """The move with the highest chance to win (None when there is no move to choose)."""
        return self.moves[0] if self.moves else None

    @property
    def about_equal(self) -> tuple:
        """The moves the rollouts cannot tell from the best (their loss interval reaches 0),
        best first and the best included; empty when there is no move to choose."""
        if not self.moves:
            return ()
        return (self.moves[0],) + tuple(
            mc for mc in self.moves[1:] if mc.loss_low <= 0 and not (mc.exact and mc.loss > 0)
        )

    @property
    def clear_best(self) -> bool:
        """Whether the best move is clearly best: it is the only move, or every other move's
        loss interval lies above 0. When False, say "about equal", not "best"."""
        return len(self.moves) > 0 and len(self.about_equal) == 1

    def tie_text(self, lang: str = "en") -> str | None:
        """The sentence naming the moves :attr:`about_equal` to the best, when there are
        several; else None."""
        if len(self.about_equal) < 2:
            return None
        moves = join([move_text(mc.move, lang) for mc in self.about_equal], lang)
        return text("coach_note_about_equal", {"moves": moves}, lang)

    def picked(self, lead: Move | None) -> MoveChance | None:
        """The move the coach plays when its judgement prefers ``lead``: the best when the
        paired interval separates it from ``lead`` (or ``lead`` is not a legal move here, or
        the best is a sure win, exact), else ``lead``'s (None with no move to choose)."""
        best = self.best
        if best is None or lead is None or (best.exact and best.chance == 1.0):
            return best
        mc = self.find(lead)
        return best if mc is None or mc.loss_low > 0 else mc

    def pick_text(self, lang: str = "en") -> str | None:
        """The sentence naming the coach's :attr:`pick` among moves :attr:`about_equal`, when
        the rollouts leave the choice to its judgement; else None."""
        if self.pick is None or len(self.about_equal) < 2:
            return None
        return text("coach_note_pick", {"move": move_text(self.pick.move, lang)}, lang)

    def __iter__(self):
        return iter(self.moves)

    def __len__(self) -> int:
        return len(self.moves)

    def find(self, move) -> MoveChance | None:
        """The :class:`MoveChance` of ``move`` (matched by its key), or None."""
        if not isinstance(move, Move):
            return None
        for mc in self.moves:
            if mc.move.key == move.key:
                return mc
        return None

    def notes(self, lang: str | None = None) -> list:
        """What a reader should know beside the table, as sentences in ``lang``."""
        lang = _lang(lang)
        out = []
        if self.note == "over":
            w = self.state.winner
            if w is None:
                out.append(text("coach_note_dead", {}, lang))
            elif isinstance(w, tuple):
                out.append(text("coach_note_team_over", {"seat": w[0], "partner": w[1]}, lang))
            else:
                out.append(text("coach_note_over", {"seat": w}, lang))
        elif self.note == "throw_due":
            pos = self.position
            params = {"seat": self.seat, "chance": percent(pos.chance, lang)}
            out.append(text("coach_note_throw", params, lang))
        elif self.note == "only_move":
            out.append(text("coach_note_only_move", {"seat": self.seat}, lang))
        if self.tie_text(lang):
            out.append(self.tie_text(lang))
        if self.pick_text(lang):
            out.append(self.pick_text(lang))
        if not self.complete:
            params = {"done": self.rollouts, "total": self.requested}
            out.append(text("coach_note_budget", params, lang))
        return out

    def rows(self, lang: str | None = None) -> list:
        """One dict per move, best first: ``move`` (in words), ``chance``, ``low``, ``high``,
        ``loss``, ``loss_low``, ``loss_high``, ``rollouts``, ``exact``."""
        lang = _lang(lang)
        return [dict(mc._asdict(), move=move_text(mc.move, lang)) for mc in self.moves]

    def to_text(self, lang: str | None = None) -> str:
        """The table as plain text."""
        lang = _lang(lang)
        head = [text(c, {}, lang) for c in _COLUMNS]
        rows = [self._cells(mc, lang) for mc in self.moves]
        if self.position is not None:
            rows.append(self._cells(self.position, lang))
        widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
        lines = [
            "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()
            for r in [head, *rows]
        ]
        return "\n".join([*lines, *self.notes(lang)])

    def _cells(self, mc: MoveChance, lang: str) -> list:
        exact = text("coach_exact", {}, lang)
        what = move_text(mc.move, lang) if mc.move is not None else text("coach_position", {}, lang)
        interval = exact if mc.exact else f"{percent(mc.low, lang)}–{percent(mc.high, lang)}"
        if mc is self.best or mc.move is None:
            loss = ""
        elif mc.rollouts and self.best.rollouts:
            low, high = (number(round(100 * x, 1), lang) for x in (mc.loss_low, mc.loss_high))
            if lang != "en":  # a true minus ("−0,2"), as a Romanian book prints it
                low, high = low.replace("-", "−"), high.replace("-", "−")
            loss = f"{number(round(100 * mc.loss, 1), lang)} ({low}…{high})"
        else:
            loss = number(round(100 * mc.loss, 1), lang)
        games = exact if mc.exact else str(mc.rollouts)
        return [what, percent(mc.chance, lang), interval, loss, games]

    def __str__(self) -> str:
        return self.to_text()

    def to_html(self, lang: str | None = None) -> str:
        """The table as a small HTML table (notebooks show it)."""
        lang = _lang(lang)
        head = "".join(f"<th>{escape(text(c, {}, lang))}</th>" for c in _COLUMNS)
        rows = [self._cells(mc, lang) for mc in self.moves]
        if self.position is not None:
            rows.append(self._cells(self.position, lang))
        body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in r) + "</tr>" for r in rows)
        notes = "".join(f"<p>{escape(n)}</p>" for n in self.notes(lang))
        return (
            f'<div class="pachisi-coach"><table><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>{notes}</div>"
        )

    def _repr_html_(self) -> str:
        return self.to_html()


@dataclass(frozen=True)
class Verdict:
    """The tutor's judgement of one move: how much winning chance it gave up, and why."""

    played: MoveChance
    """The move played, with its chance."""
    better: MoveChance | None
    """The best move (None when the move played is the best, or the only one)."""
    margin: float
    """Winning chance a move may give up before the tutor speaks."""
    grade: str | None
    """``"inaccuracy"``, ``"mistake"``, ``"blunder"`` (more than 1, 2, 3 times the margin), or
    None."""
    reasons: tuple
    """Why the better move is better: :class:`~pachisi_widget.words.Message` values (codes
    ``coach_why_*``), the strongest first."""
    evaluation: Evaluation = field(repr=False)
    """The evaluation the verdict is drawn from."""

    @property
    def loss(self) -> float:
        """Winning chance the move gave up against the best (0 for the best)."""
        return self.played.loss

    @property
    def is_mistake(self) -> bool:
        """Whether the move gave up more than the margin."""
        return self.grade is not None

    def text(self, lang: str | None = None) -> str:
        """The verdict in words, in ``lang`` ("en" or "ro")."""
        lang = _lang(lang)
        _check_lang(lang)
        ev = self.evaluation
        played = move_text(self.played.move, lang)
        if ev.note == "only_move":
            return text("coach_only", {"move": played}, lang)
        chance = percent(self.played.chance, lang)
        if self.better is None:
            other = self._not_told_apart()
            if other is None:
                return text("coach_best", {"move": played, "chance": chance}, lang)
            params = {
                "move": played,
                "chance": chance,
                "other": move_text(other.move, lang),
                "other_chance": percent(other.chance, lang),
            }
            return text("coach_about_best", params, lang)
        best = percent(self.better.chance, lang)
        if self.grade is None:
            return text("coach_close", {"move": played, "chance": chance, "best": best}, lang)
        params = {
            "grade": text(f"coach_grade_{self.grade}", {}, lang),
            "move": played,
            "chance": chance,
            "best": best,
            "better": move_text(self.better.move, lang),
        }
        out = [text("coach_worse", params, lang)]
        out.extend(text(r.code, r.params, lang) for r in self.reasons)
        return " ".join(out)

    def _not_told_apart(self) -> MoveChance | None:
        """For a move the tutor finds no worse than the best: the strongest other move the
        rollouts cannot tell from it (then it is not called "the best"), or None when its
        interval separates it from every other move (:attr:`Evaluation.clear_best`)."""
        ev = self.evaluation
        if self.played is ev.best and ev.clear_best:
            return None
        equal = [mc for mc in ev.about_equal if mc.move.key != self.played.move.key]
        return equal[0] if equal else None

    def __str__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        return f'<div class="pachisi-coach"><p>{escape(self.text())}</p></div>'
