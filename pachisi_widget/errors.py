"""The exceptions of pachisi_widget: one base class, each failure its own subclass.

Every message says what was attempted, why it failed and where, so that a student
(or the widget's status line) can act on it.
"""

from __future__ import annotations

__all__ = [
    "PachisiError",
    "InvalidNotationError",
    "IllegalMoveError",
    "NotYourTurnError",
    "WrongPhaseError",
    "GameOverError",
    "RecordError",
]


class PachisiError(Exception):
    """Base class of every error this package raises on purpose."""


class InvalidNotationError(PachisiError, ValueError):
    """Text or data that does not parse as what it claims to be."""


class IllegalMoveError(PachisiError, ValueError):
    """A move, throw or pass that the rules do not allow in this position.

    ``code`` is a short machine-readable reason (for example ``"castle_held"``) and
    ``params`` its details; :mod:`pachisi_widget.explain` turns them into a sentence in
    any supported language. The game is left exactly as it was.
    """

    def __init__(self, message: str, code: str = "illegal", params: dict | None = None):
        super().__init__(message)
        self.code = code
        self.params = dict(params or {})


class NotYourTurnError(IllegalMoveError):
    """A move for a seat that is not the one to move."""


class WrongPhaseError(IllegalMoveError):
    """A throw while a move is due, or a move while a throw is due."""


class GameOverError(PachisiError):
    """An action on a game that has already ended."""


class RecordError(InvalidNotationError):
    """A saved game record that is malformed, truncated, foreign or from a newer version."""
