"""The exceptions of pachisi_widget: one base class, each failure its own subclass.

Every message says what was attempted, why it failed and where, so that a student
(or the widget's status line) can act on it. An error may also carry a ``code`` and its
``params``: a sentence of the catalogues (:mod:`pachisi_widget.words`), so that the widget can
say it in the student's language. :meth:`PachisiError.from_code` makes one whose message is the
English sentence, written when the error is shown.

>>> err = RecordError.from_code("record_version_unknown", {"version": 0})
>>> str(err), err.code, err.params
('unknown record version 0', 'record_version_unknown', {'version': 0})
>>> from pachisi_widget.words import error_text
>>> error_text(err, "ro")
'versiune de înregistrare necunoscută: 0'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from typing_extensions import Self

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
    "session_language",
    "set_session_language",
    "say",
    "short_repr",
]


def _plain(code: str, params: dict[str, Any], lang: str = "en") -> str | None:
    return f"{code}: {params}"


_render: list[Callable[..., str | None]] = [_plain]

_session: list[str] = ["en"]


def session_language() -> str:
    """The language every text of the package is written in unless a call names another
    (``"en"`` until :func:`pachisi_widget.set_language` chooses one)."""
    return _session[0]


def set_session_language(lang: str) -> None:
    """Make ``lang`` the session's language (checked by :func:`pachisi_widget.set_language`)."""
    _session[0] = lang


def say(code: str, params: dict[str, Any] | None = None) -> str:
    """The sentence of ``code`` in the session's language: the message of an error raised with a
    built-in type (``ValueError``, ``TypeError``), written when it is raised."""
    out = _render[0](code, dict(params or {}), session_language())
    return out if out is not None else f"{code}: {params}"


def set_renderer(render: Callable[..., str | None]) -> None:
    """Let ``render(code, params, lang)`` write the message of an error made from a code in
    ``lang`` (None when the catalogue has no sentence ``code``).

    The errors sit in the bottom layer (every module that raises imports them, and they import
    nothing of the package), while the sentences live in :mod:`pachisi_widget.words`, a layer
    above. So the words register their English renderer here, once, when
    :mod:`pachisi_widget.words` is imported (the package always imports it). Until then, or
    without it, an error made from a code reads "code: params". The message is written lazily,
    when the error is shown (``str(err)``), never when it is raised.
    """
    _render[0] = render


class PachisiError(Exception):
    """Base class of every error this package raises on purpose.

    ``code`` (None when the error has none) names a sentence of the catalogue and ``params`` its
    details; both are keyword-only, so ``PachisiError("message")`` works as before. An error made
    by :meth:`from_code` keeps only its code and params: its English message is written when it
    is shown.
    """

    def __init__(
        self, *args: object, code: str | None = None, params: dict[str, Any] | None = None
    ) -> None:
        super().__init__(*args)
        self.code = code
        self.params = dict(params or {})

    @classmethod
    def from_code(cls, code: str, params: dict[str, Any] | None = None) -> Self:
        """An error of this class whose message is the English sentence of ``code``."""
        err = cls.__new__(cls)
        PachisiError.__init__(err, code=code, params=params)
        err.__dict__["_lazy"] = True
        return err

    def __str__(self) -> str:
        lang = session_language()
        if self.__dict__.get("_lazy") or (self.code and lang != "en"):
            out = _render[0](self.code or "", self.params, lang)
            if out is not None:
                return out
            if self.__dict__.get("_lazy"):
                return _render[0](self.code or "", self.params, "en") or f"{self.code}"
        return super().__str__()

    def __repr__(self) -> str:
        if self.__dict__.get("_lazy"):
            return f"{type(self).__name__}({str(self)!r})"
        return super().__repr__()

    def __reduce__(self) -> Any:
        if self.__dict__.get("_lazy"):
            return (_from_code, (type(self), self.code, self.params), self.__dict__)
        return super().__reduce__()


def _from_code(cls: type[PachisiError], code: str, params: dict[str, Any]) -> PachisiError:
    """Unpickles an error made by :meth:`PachisiError.from_code`."""
    return cls.from_code(code, params)


class InvalidNotationError(PachisiError, ValueError):
    """Text or data that does not parse as what it claims to be."""


class IllegalMoveError(PachisiError, ValueError):
    """A move, throw or pass that the rules do not allow in this position.

    ``code`` is a short machine-readable reason (for example ``"castle_held"``) and
    ``params`` its details; :func:`pachisi_widget.words.error_text` turns them into a sentence
    in any supported language. The game is left exactly as it was.
    """

    def __init__(
        self, message: str, code: str = "illegal", params: dict[str, Any] | None = None
    ) -> None:
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


def short_repr(value: object, limit: int = 80) -> str:
    """``repr(value)`` cut to ``limit`` characters: a message never quotes a whole input.

    >>> short_repr("x" * 100, 10)
    "'xxxxxxxx…"
    """
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__, a nest too deep to print, an int too long to print
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"
