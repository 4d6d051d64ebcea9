"""Whether the coach's doubt is honest: how often its 95% intervals hold a long reference.

For a position, :func:`calibrate` asks the coach as it normally asks (its rollouts, its seed),
then asks again with ``factor`` times the rollouts (the same policy, an independent seed): the
long reference. Each estimated move's interval should hold the reference's chance about 95% of
the time. It cannot be exactly 95%: the reference has its own noise, so an honest interval from
``n`` rollouts holds a reference of ``factor * n`` at the rate :func:`expected_rate` gives
(93.8% at ``factor`` 10). The loss intervals (each move against the best, paired, covering
together) are checked the same way against the reference's loss. :func:`summary` counts them
over many positions; :func:`positions` draws a seeded set of positions (two and four players,
early, middle and late); ``scripts/bench_calibration.py`` runs it all.
"""

from __future__ import annotations

import math
import random
from statistics import NormalDist
from typing import NamedTuple

from ..agents import GreedyAgent
from ..game import Game
from ..lab.stats import Z95, wilson_interval
from ..state import GameState
from .evaluate import evaluate
from .results import CoachError

__all__ = ["PHASES", "Check", "calibrate", "expected_rate", "positions", "summary"]

PHASES = {"early": 0.15, "middle": 0.5, "late": 0.85}
"""Where in a game (the share of its decisions played) an early, middle or late position is."""

_REFERENCE_SEED = 1_000_003
"""Added to the seed of the reference's rollouts: its games are other games than the short
look's (the seeds of :func:`~pachisi_widget.lab.seeds.iter_game_seeds` from another start)."""


class Check(NamedTuple):
    """One estimated move: the coach's interval against the long reference."""

    label: str
    """The position's name (players, phase, seed)."""
    chance: float
    """The coach's estimate at its normal rollouts."""
    low: float
    """Lower end of its 95% interval."""
    high: float
    """Upper end of its 95% interval."""
    rollouts: int
    """Rollouts of the coach's estimate."""
    reference: float
    """The reference's chance (``factor`` times the rollouts, an independent seed)."""
    ref_rollouts: int
    """Rollouts of the reference."""
    loss_covered: bool | None
    """Whether the move's loss interval holds the reference's loss against the same best move
    (None for the best move itself)."""

    @property
    def covered(self) -> bool:
        """Whether the interval holds the reference's chance."""
        return self.low <= self.reference <= self.high

    @property
    def half_width(self) -> float:
        """Half the interval's width."""
        return (self.high - self.low) / 2


def expected_rate(rollouts: int, ref_rollouts: int, z: float = Z95) -> float:
    """The rate at which an honest interval of ``rollouts`` holds a reference of
    ``ref_rollouts``: the two estimates differ by the noise of both, so it is below 95%.

    >>> round(expected_rate(100, 1000), 3)
    0.938
    """
    return 2 * NormalDist().cdf(z / math.sqrt(1 + rollouts / ref_rollouts)) - 1


def calibrate(
    state: GameState,
    *,
    rollouts: int | None = None,
    factor: int = 10,
    seed: int = 0,
    engine: str = "auto",
    ref_engine: str = "auto",
    policy="greedy",
    label: str = "",
) -> list:
    """The :class:`Check` of every estimated move of ``state`` (exact moves have no interval).

    Args:
        state: a position with a move to choose.
        rollouts: the coach's rollouts (None: its default, as a hint asks).
        factor: the reference plays ``factor`` times the most rollouts any move got (at least 10
            for the check the coach's documentation promises).
        seed: the seed of the coach's rollouts; the reference's is another.
        engine: the coach's engine; ``ref_engine`` the reference's (the same policy on either
            engine plays the same games from the same seeds).
        policy: who plays the rollouts, the same in both.
        label: the name the checks carry.

    Raises:
        CoachError: for a factor that is not a whole number 2..1000, or an argument
            :func:`~pachisi_widget.coach.evaluate` refuses.
    """
    if isinstance(factor, bool) or not isinstance(factor, int) or not 2 <= factor <= 1000:
        raise CoachError.from_code("coach_bad_factor", {"got": repr(factor)[:40]})
    short = evaluate(state, rollouts=rollouts, policy=policy, seed=seed, engine=engine)
    guessed = [mc for mc in short if not mc.exact]
    if not guessed:
        return []
    n_ref = factor * max(mc.rollouts for mc in guessed)
    ref = evaluate(
        state, rollouts=n_ref, policy=policy, seed=seed + _REFERENCE_SEED, engine=ref_engine
    )
    best = short.best
    ref_best = ref.find(best.move)
    out = []
    for mc in guessed:
        r = ref.find(mc.move)
        loss_covered = None
        if mc is not best and not best.exact:
            ref_loss = ref_best.chance - r.chance
            loss_covered = mc.loss_low <= ref_loss <= mc.loss_high
        est = (mc.chance, mc.low, mc.high, mc.rollouts)
        out.append(Check(label, *est, r.chance, r.rollouts, loss_covered))
    return out


def summary(checks: list) -> dict:
    """The coverage over ``checks``: ``moves``, ``covered``, ``rate`` with its 95% interval
    (``low``, ``high``; Wilson, as if the moves were independent: moves of one position share
    their rollouts' seeds, so the true interval is somewhat wider), ``expected`` (the rate an
    honest interval would show, :func:`expected_rate`), ``half_width`` (mean), and the same for
    the loss intervals (``losses``, ``loss_covered``, ``loss_rate``)."""
    k = sum(c.covered for c in checks)
    r = wilson_interval(k, len(checks))
    losses = [c.loss_covered for c in checks if c.loss_covered is not None]
    n = max(1, len(checks))
    return {
        "moves": len(checks),
        "covered": k,
        "rate": r.rate,
        "low": r.low,
        "high": r.high,
        "expected": sum(expected_rate(c.rollouts, c.ref_rollouts) for c in checks) / n,
        "half_width": sum(c.half_width for c in checks) / n,
        "losses": len(losses),
        "loss_covered": sum(losses),
        "loss_rate": sum(losses) / max(1, len(losses)),
    }


def positions(players: int, seed: int, phases=tuple(PHASES)) -> list:
    """(label, state) for each phase of one seeded classic game of ``players`` greedy players:
    the decision (two legal moves or more, not every one exact) nearest the phase's share of the
    game's decisions."""
    game = Game(players=players, seed=seed)
    agent, rng = GreedyAgent(), random.Random(seed)
    found = []
    while game.phase != "over":
        if game.phase == "throw":
            game.throw()
            continue
        state = game.state
        if len(state.legal_moves()) >= 2:
            found.append(state)
        game.play(agent.choose(state, rng))
    if not found:
        return []
    out = []
    for phase in phases:
        i = min(len(found) - 1, int(PHASES[phase] * len(found)))
        out.append((f"{players}p {phase} seed {seed} turn {found[i].turn}", found[i]))
    return out
