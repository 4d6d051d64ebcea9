"""Computer players: small objects with ``choose(state, rng) -> Move``.

>>> import random, pachisi_widget as pw
>>> g = pw.Game(players=2, seed=1); _ = g.throw()
>>> RandomAgent().choose(g.state, random.Random(0)) in g.legal_moves()
True
"""

from __future__ import annotations

import random

__all__ = ["Agent", "RandomAgent", "AGENTS", "make_agent"]


class Agent:
    """Base class of computer players. ``name`` is how menus and tables show it."""

    name = "agent"

    def choose(self, state, rng: random.Random):
        """The move to play in ``state`` (phase "move"); one of ``state.legal_moves()``."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomAgent(Agent):
    """Plays a uniformly random legal move, passing only when nothing else is legal."""

    name = "random"

    def choose(self, state, rng: random.Random):
        moves = state.legal_moves()
        if len(moves) > 1:
            return moves[int(rng.random() * (len(moves) - 1))]
        return moves[0]


AGENTS = {"random": RandomAgent}
"""Agent classes by name (menus, ``simulate(agents=[...names])``)."""


def make_agent(spec) -> Agent:
    """An agent from a name in :data:`AGENTS` or an agent object.

    Raises:
        ValueError: for an unknown name, listing the known ones.
    """
    if isinstance(spec, Agent) or hasattr(spec, "choose"):
        return spec
    try:
        return AGENTS[spec]()
    except (KeyError, TypeError):
        raise ValueError(f"unknown agent {spec!r}; choose one of {', '.join(AGENTS)}") from None
