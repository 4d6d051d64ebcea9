"""Luck against skill over a replayed game: how much of the result the throws explain.

GNU Backgammon rates both for every player: a throw's *luck* is the equity after it (the best
move played) minus the equity expected over all throws, and a move's *skill* loss is the equity
the move gave up against the best. Here the equity is the chance to win, as the coach measures
it (:func:`pachisi_widget.coach.evaluate`: greedy players play the rest of the game on), and the
moves' losses are those :func:`pachisi_widget.replay.analyse` already found. Measured throw by
throw, every term would carry the noise of two rollout estimates (about ±10 points each with 100
games), and their sum over the 90 throws of a seat would be lost in it. So the throws' part is
worked out from what is known well instead: a side's chance to win goes from its chance at the
start (:data:`START_ROLLOUTS` games played on from the first position) to 1 or 0 at the end, and
that change is the throws' worth, less the side's own moves' losses, plus what the other sides'
moves gave away::

    end - start = luck - own losses + losses of the others that went to this side

With two sides (two players, or two teams) the other side's loss goes to this side whole; with
more it is shared evenly among the others (a share the rollouts do not measure: said in the
words). A move's loss counts only when its paired interval excludes no loss (``loss_low > 0``,
as the tutor grades), so that noise is not read as bad play; smaller real losses count with the
throws. Each figure carries a 95% interval from the start's estimate and the counted losses'
intervals. A side some of whose seats were not analysed gets the throws' worth only with their
moves' losses inside it (:attr:`SideLuck.analysed` is False; the words say so).

>>> import pachisi_widget as pw
>>> from pachisi_widget.replay import Replay, analyse
>>> g = pw.Game.from_position([[84, 84, 84, 26], None, [84, 84, 50, 64], None], seed=1)
>>> _ = g.throw(up=4); _ = g.pass_()    # South passes up a capture of North
>>> ls = analyse(Replay(g), rollouts=200, engine="python").luck_skill
>>> print(ls.lines()[0])
South: 60% at the start, 57% at the end. The throws raised South's chance to win by 34 points
(±11); South's own moves lost 37 points (±8).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

from .coach.race import _exact, _side, _won
from .engine import team_of
from .lab.parallel import numpy_installed
from .lab.playing import play_out
from .lab.seeds import game_seeds
from .lab.stats import Z95, wilson_interval
from .words import text
from .words.format import half_up, join, percent, seat_label

__all__ = ["START_ROLLOUTS", "SideLuck", "LuckSkill", "luck_skill", "position_chances"]

START_ROLLOUTS = {"numpy": 4000, "python": 400}
"""Games played on from the first position (and from an unfinished game's last one), which give
its chance to within ±1.6 points on numpy (0.4 s) and ±5 on the pure-Python engine."""

POLICY = "greedy"
"""The players of the rollouts, as in the analysis."""


@dataclass(frozen=True)
class SideLuck:
    """One side's luck and skill over the game, in chances 0..1 (``* 100``: points)."""

    seats: tuple
    """The side's seats (one seat, or a team)."""
    start: float
    """Its chance to win at the first position."""
    end: float
    """1 won, 0 lost (or its chance at the last position of an unfinished game)."""
    luck: float
    """The throws' worth to this side: how much they moved its chance to win."""
    luck_half: float
    """Half the 95% interval of :attr:`luck`."""
    skill: float
    """The chance its own moves lost (the losses the coach could tell from the noise)."""
    skill_half: float
    """Half the 95% interval of :attr:`skill`."""
    moves: int
    """Its decisions the analysis judged."""
    counted: int
    """Those with a loss counted in :attr:`skill`."""
    analysed: bool
    """Whether every seat of the side was analysed (else its losses are inside :attr:`luck`)."""
    gift: float = 0.0
    """The chance the other sides' counted losses gave it (its share of them)."""

    def points(self) -> dict:
        """Its figures in whole points as the words give them, so that they add up: start, end,
        change (end - start), skill, gift, and luck = change + skill - gift."""
        start, end = _points(self.start), _points(self.end)
        skill, gift = _points(self.skill), _points(self.gift)
        return {
            "start": start,
            "end": end,
            "change": end - start,
            "skill": skill,
            "gift": gift,
            "luck": end - start + skill - gift,
        }


@dataclass(frozen=True)
class LuckSkill:
    """Luck against skill for each side of a replayed game (:func:`luck_skill`)."""

    sides: tuple
    """One :class:`SideLuck` per side, in seat order."""
    rollouts: int
    """Games played on from the first position (0: its chances are exact)."""

    def side(self, seat: int) -> SideLuck:
        """The side ``seat`` plays on."""
        return next(s for s in self.sides if seat in s.seats)

    @property
    def complete(self) -> bool:
        """Whether every side's moves were analysed."""
        return all(s.analysed for s in self.sides)

    def lines(self, lang: str | None = None) -> list:
        """Its sentences: one per side, how the main side's change adds up (the winner's, else
        the side whose chance moved most), then how sure the figures are."""
        out = []
        for s in self.sides:
            n = s.points()
            params = {
                "who": _who(s, lang),
                "start": percent(s.start, lang),
                "end": percent(s.end, lang),
                "luck": abs(n["luck"]),
                "luck_pm": _points(s.luck_half, least=1),
                "skill": n["skill"],
                "skill_pm": _points(s.skill_half, least=1),
            }
            code = "replay_luck_up" if n["luck"] >= 0 else "replay_luck_down"
            if not s.moves and s.analysed:
                code += "_unjudged"  # no decision: no moves' losses to speak of
            out.append(text(code, params, lang))
        main = max(self.sides, key=lambda s: (s.end == 1, abs(s.end - s.start)))
        n = main.points()
        params = {
            "who": _who(main, lang),
            "change": _signed(n["change"]),
            "luck": _signed(n["luck"]),
            "own": _signed(-n["skill"]),
            "gift": _signed(n["gift"]),
        }
        out.append(text("replay_luck_sum", params, lang))
        missing = [x for s in self.sides if not s.analysed for x in s.seats]
        if missing:
            who = join([seat_label(x, lang) for x in missing], lang)
            out.append(text("replay_luck_partial", {"who": who}, lang))
        code = "replay_luck_about" if len(self.sides) == 2 else "replay_luck_about_shared"
        out.append(text(code, {}, lang))
        return out

    def text(self, lang: str | None = None) -> str:
        """Its sentences as one text."""
        return " ".join(self.lines(lang))


def _who(side: SideLuck, lang: str | None) -> str:
    return join([seat_label(x, lang) for x in side.seats], lang)


def _signed(n: int) -> str:
    """A whole number of points with its sign: "+12", "−5" (a minus sign), "0"."""
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"


def _points(x: float, least: int = 0) -> int:
    """A chance difference as whole points (half up), at least ``least``."""
    return max(least, int(half_up(100 * x)))


def _sides(state) -> list:
    if state.rules.teams:
        return sorted({team_of(s) for s in state.seats})
    return [(s,) for s in state.seats]


@lru_cache(maxsize=64)
def _rolled(state, engine: str, games: int, seed: int) -> tuple:
    """The winners of ``games`` greedy games played on from ``state`` (phase "throw")."""
    names = (POLICY,) * len(state.seats)
    seeds = game_seeds(seed, games)
    if engine == "numpy":
        from .lab import fastnp

        won = fastnp.run_from(state.rules, state.seats, names, [state], seeds)["winner"][0]
        out = []
        for code in won.tolist():
            out.append(None if code < 0 else team_of(code - 4) if code >= 4 else code)
        return tuple(out)
    return tuple(
        play_out(state.engine(False), list(names), random.Random(sd)).winner for sd in seeds
    )


def _engine(state, engine: str) -> str:
    if engine == "python":
        return "python"
    from .lab import fastnp

    if numpy_installed() and fastnp.supports(state.rules, (POLICY,)):
        return "numpy"
    if engine == "numpy":
        from .coach import CoachError

        raise CoachError.from_code("coach_numpy_cannot", {})
    return "python"


def position_chances(state, *, engine: str = "auto", games: int | None = None, seed: int = 0):
    """Each side's chance to win at ``state`` (phase "throw" or "over"): ({side: chance}, {side:
    half its 95% interval}, games played on; 0 when exact: the game over, or a pure race)."""
    sides = _sides(state)
    by_seat = {s: POLICY for s in state.seats}
    exact = [_exact(state, side, by_seat) for side in sides]
    if all(x is not None for x in exact):
        return dict(zip(sides, exact, strict=True)), dict.fromkeys(sides, 0.0), 0
    use = _engine(state, engine)
    n = games if games is not None else START_ROLLOUTS[use]
    winners = _rolled(state, use, n, seed)
    chance, half = {}, {}
    for side in sides:
        r = wilson_interval(sum(1 for w in winners if _won(w, side)), n)
        chance[side] = r.rate
        half[side] = (r.high - r.low) / 2
    return chance, half, n


def _ends(replay) -> tuple:
    """The first and last points of the replay at which no move is due."""
    due = [i for i in range(replay.count + 1) if replay.state(i).phase != "move"]
    return (due[0], due[-1]) if due else (0, replay.count)


def luck_skill(
    replay, analysis, *, engine: str = "auto", games: int | None = None, seed: int = 0
) -> LuckSkill:
    """Luck against skill for each side of ``replay``, from ``analysis`` (the records of
    :func:`pachisi_widget.replay.analyse` for it) and the chances at the first and last
    positions (:func:`position_chances`: ``games`` played on, by default
    :data:`START_ROLLOUTS`; the last is exact when the game is over)."""
    first, last = _ends(replay)
    start, start_half, n = position_chances(
        replay.state(first), engine=engine, games=games, seed=seed
    )
    end, end_half, _ = position_chances(
        replay.state(last), engine=engine, games=games, seed=seed + 1
    )
    seats_analysed = {a["seat"] for a in analysis}
    moves = [d for d in replay.decisions() if first <= d[0] < last]
    judged = {a["index"]: a for a in analysis}
    sides = list(start)
    loss: dict = {side: [0.0, 0.0, 0, 0] for side in sides}  # sum, variance, moves, counted
    for i, before, _move in moves:
        a = judged.get(i + 1)
        if a is None:
            continue
        row = loss[_side(before, a["seat"])]
        row[2] += 1
        if a["loss_low"] > 0:
            row[0] += a["loss"]
            row[1] += ((a["loss_high"] - a["loss_low"]) / (2 * Z95)) ** 2
            row[3] += 1
    out = []
    share = 1 / max(1, len(sides) - 1)
    for side in sides:
        others = [loss[o] for o in sides if o != side]
        gift = share * sum(o[0] for o in others)
        gift_var = share**2 * sum(o[1] for o in others)
        own = loss[side]
        luck = end[side] - start[side] + own[0] - gift
        var = (start_half[side] / Z95) ** 2 + (end_half[side] / Z95) ** 2 + own[1] + gift_var
        analysed = all(s in seats_analysed or not _decides(moves, s) for s in side)
        out.append(
            SideLuck(
                side,
                start[side],
                end[side],
                luck,
                Z95 * math.sqrt(var),
                own[0],
                Z95 * math.sqrt(own[1]),
                own[2],
                own[3],
                analysed,
                gift,
            )
        )
    return LuckSkill(tuple(out), n)


def _decides(moves, seat: int) -> bool:
    """Whether ``seat`` had a decision among ``moves``."""
    return any(m.seat == seat for _, _, m in moves)
