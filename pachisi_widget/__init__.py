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

from . import board, explain
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
from .svg import board_svg as _board_svg
from .throws import THROW_TABLES, Throw, throw_distribution

__version__ = "0.1.0"

# The static picture sits above the engine, so the engine never imports it: states and games
# learn to draw themselves here, where the package brings both together.
GameState._repr_svg_ = _board_svg
Game._repr_svg_ = lambda game: _board_svg(game.state)

__all__ = [
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


def __getattr__(name):
    # Heavier or optional parts load on first use: the widget needs Jupyter packages, and the
    # engine must import without them.
    if name == "PachisiWidget":
        from .widget import PachisiWidget

        return PachisiWidget
    if name in ("agents", "probability", "lessons", "svg", "engine", "tables", "tournament",
                "coach", "charts"):
        import importlib

        # pw.tournament is the module, and calling it runs a tournament (tournament.py)
        return importlib.import_module(f".{name}", __name__)
    if name == "check_agent":
        from .tournament import check_agent

        return check_agent
    raise AttributeError(f"module 'pachisi_widget' has no attribute {name!r}")
