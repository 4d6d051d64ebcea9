"""Practice mode: moves named by a piece and a square, and questions about the position.

A :class:`PracticeMode` is a value (whether practice is on, the open question, the score); each
question asked or answered makes a new one, which the session makes its own once it is drawn.
The questions and the squares' steps come from :mod:`pachisi_widget.practice`.

>>> import pachisi_widget as pw
>>> g = pw.Game.from_position([[84, 84, 84, 26], None, [84, 84, 50, 64], None], seed=1)
>>> _ = g.throw(up=4)
>>> mode, q = PracticeMode().ask(g.state, "capture")
>>> mode, right = mode.answer(0)
>>> right, mode.score
(True, {'asked': 1, 'right': 1})
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .. import board, practice
from ..errors import IllegalMoveError
from ..words import text
from .intents import echo

__all__ = ["PracticeMode", "question_view"]


@dataclass(frozen=True)
class PracticeMode:
    """Practice on the board: ``quiz`` on or off, the open question and the score."""

    quiz: bool = False
    """Practice mode: no highlights or hints; a move is named by a piece and a square."""
    question: tuple | None = None
    """(id, :class:`~pachisi_widget.practice.Question`, the choice answered or None)."""
    asked: int = 0
    """Questions asked so far (the next one's id is one more)."""
    score: dict = field(default_factory=lambda: {"asked": 0, "right": 0})
    """Questions asked and answered right (a new dict for each change: never changed in place)."""

    def move(self, state, start, square):
        """The move of the seat to move's piece on step ``start`` to ``square`` ([x, y] or
        ``"home"``).

        Raises:
            IllegalMoveError: with the rule, for a move the rules forbid.
        """
        if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < board.HOME:
            raise IllegalMoveError.from_code("quiz_bad_start", {"got": echo(start)})
        end = practice.step_of_square(state.to_move, start, square)
        return practice.move_at(state, start, end)

    def ask(self, state, kind: str, **params):
        """(this mode with a new open question about ``state``, the question).

        Raises:
            QuestionError: for a question the position cannot answer.
        """
        q = practice.question(state, kind, **params)
        score = {"asked": self.score["asked"] + 1, "right": self.score["right"]}
        return replace(
            self, question=(self.asked + 1, q, None), asked=self.asked + 1, score=score
        ), q

    def problem(self, choice):
        """(code, params) of what keeps ``choice`` from answering the open question, or None."""
        if self.question is None:
            return "msg_no_question", {}
        _, q, answered = self.question
        if answered is not None:
            return "msg_answered", {}
        if (
            isinstance(choice, bool)
            or not isinstance(choice, int)
            or not 0 <= choice < len(q.choices)
        ):
            return "msg_bad_choice", {"count": len(q.choices), "got": echo(choice)}
        return None

    def answer(self, choice: int):
        """(this mode with the open question answered ``choice``, whether that is right).

        Raises:
            QuestionError: when there is no open question or no such choice.
        """
        problem = self.problem(choice)
        if problem is not None:
            raise practice.QuestionError.from_code(problem[0].replace("msg_", "q_", 1), problem[1])
        qid, q, _ = self.question
        right = q.check(choice)
        score = {"asked": self.score["asked"], "right": self.score["right"] + right}
        return replace(self, question=(qid, q, choice), score=score), right

    def view(self, lang: str) -> dict:
        """:func:`question_view` of the open question ({} when none)."""
        if self.question is None:
            return {}
        qid, q, answered = self.question
        return question_view(q, qid, answered, self.score, lang)


def question_view(question, qid: int, answered, score: dict, lang: str = "en") -> dict:
    """What the question panel is sent: {} without a question; else {id, kind, prompt,
    choices: [{index, text}], answered: None or {choice, right, text}, score}."""
    if question is None:
        return {}
    out = {
        "id": qid,
        "kind": question.kind,
        "prompt": text(question.prompt.code, question.prompt.params, lang),
        "choices": [
            {"index": i, "text": _capital(text(c.code, c.params, lang))}
            for i, c in enumerate(question.choices)
        ],
        "answered": None,
        "score": dict(score),
    }
    if answered is not None:
        right = question.check(answered)
        out["answered"] = {
            "choice": answered,
            "right": right,
            "right_choices": sorted(question.right),
            "text": text("q_right" if right else "q_wrong", {"detail": question.why}, lang),
        }
    return out


def _capital(words: str) -> str:
    """``words`` with a capital first letter (a choice on a button starts a sentence)."""
    return words[:1].upper() + words[1:]
