"""The exceptions of pachisi_widget: one base class, each failure its own subclass.

Every message says what was attempted, why it failed and where, so that a student
(or the widget's status line) can act on it. An error may also carry a ``code`` and its
``params``: a sentence of the catalogue (:mod:`pachisi_widget.i18n`), so that the widget can say
it in the student's language. :meth:`PachisiError.from_code` makes one whose message is the
English sentence.

>>> err = RecordError.from_code("record_version_unknown", {"version": 0})
>>> str(err), err.code, err.params
('unknown record version 0', 'record_version_unknown', {'version': 0})
>>> from pachisi_widget.i18n import error_text
>>> error_text(err, "ro")
'versiune de înregistrare necunoscută: 0'
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
    "PositionError",
    "set_renderer",
    "short_repr",
]


def _plain(code: str, params: dict) -> str:
    return f"{code}: {params}"


_render = [_plain]


def set_renderer(render) -> None:
    """Let ``render(code, params)`` write the English message of errors made by
    :meth:`PachisiError.from_code`. The sentence catalogues (:mod:`pachisi_widget.i18n`), which
    sit above every module that raises, register themselves here when imported; the package
    always imports them."""
    _render[0] = render


class PachisiError(Exception):
    """Base class of every error this package raises on purpose.

    ``code`` (None when the error has none) names a sentence of the catalogue and ``params`` its
    details; both are keyword-only, so ``PachisiError("message")`` works as before.
    """

    def __init__(self, *args, code: str | None = None, params: dict | None = None):
        super().__init__(*args)
        self.code = code
        self.params = dict(params or {})

    @classmethod
    def from_code(cls, code: str, params: dict | None = None):
        """An error of this class whose message is the English sentence of ``code``."""
        return cls(_render[0](code, params or {}), code=code, params=params)


class InvalidNotationError(PachisiError, ValueError):
    """Text or data that does not parse as what it claims to be."""


class IllegalMoveError(PachisiError, ValueError):
    """A move, throw or pass that the rules do not allow in this position.

    ``code`` is a short machine-readable reason (for example ``"castle_held"``) and
    ``params`` its details; :mod:`pachisi_widget.explain` turns them into a sentence in
    any supported language. The game is left exactly as it was.
    """

    def __init__(self, message: str, code: str = "illegal", params: dict | None = None):
        super().__init__(message, code=code, params=params)


class NotYourTurnError(IllegalMoveError):
    """A move for a seat that is not the one to move."""


class WrongPhaseError(IllegalMoveError):
    """A throw while a move is due, or a move while a throw is due."""


class GameOverError(PachisiError):
    """An action on a game that has already ended."""


class RecordError(InvalidNotationError):
    """A saved game record that is malformed, truncated, foreign or from a newer version.

    Its codes are the catalogue's ``record_*`` sentences.
    """


class PositionError(PachisiError, ValueError):
    """A position that cannot be set up (wrong shape, a step outside 0..84, opponents sharing a
    square that is not a castle...). Its codes are the catalogue's ``position_*`` sentences."""


def short_repr(value, limit: int = 80) -> str:
    """``repr(value)`` cut to ``limit`` characters: a message never quotes a whole input.

    >>> short_repr("x" * 100, 10)
    "'xxxxxxxx…"
    """
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__, a nest too deep to print, an int too long to print
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"
