"""pachisi_widget: the Indian race game Pachisi, its exact rules and a live board for Jupyter.

The rules engine (everything but :mod:`pachisi_widget.widget`) uses the standard library only.

>>> import pachisi_widget as pw
>>> game = pw.Game(players=4, rules=pw.Rules.preset("classic"), seed=7)
>>> game.phase
'throw'
>>> pw.throw_distribution(pw.Rules())[25]
Fraction(1, 64)
"""

from __future__ import annotations

import importlib as _importlib
import sys

from . import board, errors, explain
from .errors import (
    GameOverError,
    IllegalMoveError,
    InvalidNotationError,
    NotYourTurnError,
    PachisiError,
    PositionError,
    RecordError,
    WrongPhaseError,
)
from .game import Game
from .rules import PRESETS, Rules
from .simulate import SimulationResult, simulate  # pw.simulate is the function
from .state import GameState, Move
from .throws import THROW_TABLES, Throw, throw_distribution

__version__ = "0.1.0"


def set_language(lang: str) -> None:
    """Write every text of the package in ``lang`` from now on (``"en"`` or ``"ro"``).

    A Romanian lesson says ``pw.set_language("ro")`` once, in its first cell: then error messages
    (the exception types stay), the summaries of :func:`simulate` and :func:`tournament`, their
    tables and plots (with the computer players' Romanian names and decimal commas),
    :func:`check_agent`'s report, the coach's tables and verdicts, the exercise checker, the
    static board picture and every new board speak that language. A call that names a language
    (``lang="en"``, ``PachisiWidget(language="en")``) still gets that one.

    >>> import pachisi_widget as pw
    >>> pw.set_language("ro"); pw.language()
    'ro'
    >>> pw.set_language("en")

    Raises:
        ValueError: for a language without catalogues (the allowed ones are named).
    """
    from . import words

    if not isinstance(lang, str) or lang not in words.LANGUAGES:
        raise ValueError(words.text("msg_language", {"got": errors.short_repr(lang, 40)}))
    errors.set_session_language(lang)
    from . import lessons, svg

    lessons.LANGUAGE = lang
    svg.LANGUAGE = lang
    if lang != "en" or "matplotlib" in sys.modules:
        from .charts import _mpl

        _mpl.install()  # matplotlib's tick labels with the language's decimal mark


def language() -> str:
    """The session's language, as :func:`set_language` chose it (``"en"`` at first)."""
    return errors.session_language()


def _board_svg(state, *args, **kwargs) -> str:
    from .svg import board_svg

    return board_svg(state, *args, **kwargs)


# The static picture sits above the engine, so the engine never imports it: states and games
# learn to draw themselves here, where the package brings both together (the picture's module
# loads when the first picture is drawn).
GameState._repr_svg_ = _board_svg
Game._repr_svg_ = lambda game, *args, **kwargs: _board_svg(game.state, *args, **kwargs)

__all__ = [
    "set_language",
    "language",
    "Game",
    "GameState",
    "Move",
    "Throw",
    "Rules",
    "PRESETS",
    "THROW_TABLES",
    "throw_distribution",
    "board",
    "explain",
    "PachisiError",
    "IllegalMoveError",
    "NotYourTurnError",
    "WrongPhaseError",
    "GameOverError",
    "InvalidNotationError",
    "RecordError",
    "PositionError",
    "simulate",
    "SimulationResult",
    "PachisiWidget",
    "agents",
    "tournament",
    "check_agent",
    "coach",
    "charts",
]


#: The parts that load on first use: {public name: (submodule, its attribute, or None for the
#: submodule itself)}. ``import pachisi_widget`` then loads the engine and ``simulate``; the
#: players, the pictures and the widget (which needs the Jupyter packages, while
#: the engine must import without them) load when a lesson first asks for them.
_LAZY = {
    "PachisiWidget": ("widget", "PachisiWidget"),
    "check_agent": ("tournament", "check_agent"),
    # pw.tournament is the module, and calling it runs a tournament (tournament.py)
    **{
        name: (name, None)
        for name in (
            "agents",
            "probability",
            "lessons",
            "svg",
            "engine",
            "tables",
            "tournament",
            "coach",
            "charts",
        )
    },
}


def __getattr__(name):
    if name not in _LAZY:
        raise AttributeError(f"module 'pachisi_widget' has no attribute {name!r}")
    module, attribute = _LAZY[name]
    found = _importlib.import_module(f".{module}", __name__)
    if attribute is not None:
        found = getattr(found, attribute)
    globals()[name] = found
    return found


def __dir__():
    return sorted(set(globals()) | set(_LAZY))
