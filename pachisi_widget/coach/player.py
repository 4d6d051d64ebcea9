"""The coach as a player: ``make_agent("coach", budget=seconds)`` plays the coach's best move.

It lives with the coach (the lab's layer). :data:`pachisi_widget.agents.AGENTS` names it from the
start by a placeholder that imports this module when the first coach player is made; this module
then puts its class in the placeholder's place. So every place that takes a player's name takes
``"coach"``, while the players' layer below never imports the coach at import time.
"""

from __future__ import annotations

import random

from ..agents import AGENTS, FAST_AGENTS, Agent
from ..errors import say, short_repr
from ..learned import LearnedAgent
from .evaluate import evaluate as coach_evaluate

__all__ = ["CoachAgent", "COACH_BUDGET", "COACH_DEPTH", "COACH_POLICIES", "COACH_PYTHON_ROLLOUTS"]

COACH_BUDGET = 0.25
"""Seconds the ``coach`` player thinks over a move by default (the same look as a hint)."""
COACH_DEPTH = 1
"""Throws the coach player's look-ahead (:class:`~pachisi_widget.learned.LearnedAgent`, the
learned evaluation) looks ahead by default: one, as the ``learned`` player (0 and 2 are taken
too). Two was not measured stronger for the look-ahead by hand-made judgement either:
``scripts/bench_ladder.py --games 30 --pairs expectimax@depth=2:expectimax`` with seeds 7, 8, 10
and 12 gave 125 wins of 240 two-player games, 52.1% [45.8, 58.3], for ten times the time."""
COACH_PYTHON_ROLLOUTS = 100
"""Up to this many rollouts a move (asked for without a budget) the coach player rolls out on the
Python engine: the numpy batch takes a game's whole length of steps before any rollout ends."""
COACH_POLICIES = FAST_AGENTS + ("expectimax",)
"""Who may play the coach player's rollouts (never the coach itself: a rollout would ask it)."""


def _budget_ok(budget) -> bool:
    return (
        not isinstance(budget, bool)
        and isinstance(budget, (int, float))
        and 0 < budget < float("inf")
    )


class CoachAgent(Agent):
    """Plays the coach's best move (:func:`pachisi_widget.coach.evaluate`).

    The coach thinks in two ways. Its judgement is the learned evaluation
    (:class:`~pachisi_widget.learned.LearnedAgent`, ``depth`` throws ahead: by default one,
    :data:`COACH_DEPTH`), the strongest player of the package; on a game that net was not
    trained for it looks ahead as ``expectimax`` does. Its check is the rollouts: for each
    legal move it plays the rest of the game many times (every seat played by ``policy``)
    within ``budget`` seconds, or ``rollouts`` games a move. It plays the move whose chance to
    win came out highest only when the rollouts' paired interval separates it from the move
    its judgement prefers; when they cannot tell the two apart ("about equal") it plays its
    judgement's move. Exact answers (a winning move, a pure race) always decide.

    Its rollouts are seeded from the ``rng`` it is given, so with ``rollouts`` (and no budget)
    a game replays exactly; with a budget, how many rollouts fit depends on the machine.

    Raises:
        ValueError: for a budget that is not a number of seconds above 0, rollouts that are not
            a whole number 1..1,000,000, a policy not in :data:`COACH_POLICIES`, or a depth
            other than 0, 1 or 2.
    """

    name = "coach"

    def __init__(
        self, budget=None, rollouts=None, policy: str = "greedy", depth: int = COACH_DEPTH
    ):
        if budget is not None and not _budget_ok(budget):
            raise ValueError(say("arg_coach_budget", {"got": short_repr(budget)}))
        if rollouts is not None and (
            isinstance(rollouts, bool)
            or not isinstance(rollouts, int)
            or not 1 <= rollouts <= 1_000_000
        ):
            raise ValueError(say("arg_coach_rollouts", {"got": short_repr(rollouts)}))
        if not isinstance(policy, str) or policy not in COACH_POLICIES:
            params = {"got": short_repr(policy), "names": ", ".join(COACH_POLICIES)}
            raise ValueError(say("arg_coach_policy", params))
        self.budget = COACH_BUDGET if budget is None and rollouts is None else budget
        self.rollouts = rollouts
        self.policy = policy
        self.search = LearnedAgent(depth)  # refuses a depth other than 0, 1 or 2

    def __repr__(self) -> str:
        return (
            f"CoachAgent(budget={self.budget!r}, rollouts={self.rollouts!r}, "
            f"depth={self.search.depth!r})"
        )

    def choose(self, state, rng: random.Random):
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        seed = int(rng.random() * 2**31)
        few = self.budget is None and self.rollouts <= COACH_PYTHON_ROLLOUTS
        ev = coach_evaluate(
            state,
            rollouts=self.rollouts,
            policy=self.policy,
            seed=seed,
            budget=self.budget,
            engine="python" if few else "auto",
            judge=self.search,
        )
        return ev.pick.move


AGENTS["coach"] = CoachAgent
