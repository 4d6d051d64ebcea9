"""Each legal move's chance to win: :func:`evaluate` plans the work (exact shortcuts, an engine),
rolls the games out (numpy or the rules engine, on common random numbers) and ranks the moves.
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from itertools import islice
from typing import NamedTuple

from ..agents import AGENTS, Agent
from ..game import check_seed
from ..lab.parallel import Progress, numpy_installed
from ..lab.playing import fast_agent_name, play_out
from ..lab.seeds import iter_game_seeds
from ..lab.stats import Z95, wilson_interval, z_for_pairs
from ..state import GameState
from ..tables import LAST_SURE_STEP
from .race import _exact, _side, _won
from .results import CoachError, Evaluation, MoveChance, _short

__all__ = ["evaluate", "ENGINES", "DEFAULT_ROLLOUTS", "MAX_ROLLOUTS", "TARGET", "ADAPTIVE_MAX"]

ENGINES = ("auto", "numpy", "python")
"""Values of ``evaluate(engine=...)``."""

DEFAULT_ROLLOUTS = {"python": 100}
"""Rollouts per move when none are asked for on the pure-Python engine (JupyterLite): few
enough to answer in seconds, with intervals of about ±10 points, shown as they are. On the numpy
engine the rollouts go on until every interval is within ±:data:`TARGET` (3 points)."""

TARGET = 0.03
"""With ``rollouts=None`` on the numpy engine, rollouts go on until every move's 95% interval is
within ± this (3 points), or :data:`ADAPTIVE_MAX` rollouts per move."""

ADAPTIVE_MAX = 20_000
_ADAPTIVE_LEAST = 64

_BATCH_LEAST, _BATCH_MAX = 2048, 8192
_BATCH_SMALLEST = 32
NUMPY_BUDGET_LEAST = 0.25
"""Seconds: under this budget, ``engine="auto"`` rolls out on the Python engine (a numpy batch
takes a game's whole length of steps, some tenths of a second, before its first rollout ends)."""
_CANCEL_AT = 0.8
"""With a budget on numpy: the share of it after which no new rollout starts; those being
played may end in the rest of it, and are dropped when it is spent."""
"""Games played at once on the numpy engine (the first plan's, within these bounds; with a
budget, the least: the games being played when it runs out still end)."""
_REPLAN = 64
"""Games over between two looks at the plan, once every game asked for is playing."""

MAX_ROLLOUTS = 1_000_000
"""The most rollouts per move one call plays."""
_PYTHON_CHUNK = 1


def rollouts_ok(rollouts) -> bool:
    """Whether ``rollouts`` is one :func:`evaluate` takes: None or a whole number
    1..:data:`MAX_ROLLOUTS`."""
    return rollouts is None or (
        not isinstance(rollouts, bool)
        and isinstance(rollouts, int)
        and 1 <= rollouts <= MAX_ROLLOUTS
    )


def budget_ok(budget) -> bool:
    """Whether ``budget`` is one :func:`evaluate` takes: None or a finite number of seconds
    above 0."""
    return budget is None or (
        not isinstance(budget, bool)
        and isinstance(budget, (int, float))
        and budget > 0
        and math.isfinite(budget)
    )


def _check_args(state, rollouts, policy, seed, engine, budget, progress):
    if not isinstance(state, GameState):
        hint = " (game.state)" if isinstance(getattr(state, "state", None), GameState) else ""
        raise CoachError.from_code("coach_not_state", {"got": _short(state) + hint})
    if not isinstance(engine, str) or engine not in ENGINES:
        raise CoachError.from_code("coach_bad_engine", {"got": _short(engine)})
    if not rollouts_ok(rollouts):
        raise CoachError.from_code(
            "coach_bad_rollouts", {"got": _short(rollouts), "max": MAX_ROLLOUTS}
        )
    try:
        if seed is None:
            raise TypeError("the coach's seed is a number: its results replay")
        check_seed(seed)
    except (TypeError, ValueError):
        raise CoachError.from_code("coach_bad_seed", {"got": _short(seed)}) from None
    if not budget_ok(budget):
        raise CoachError.from_code("coach_bad_budget", {"got": _short(budget)})
    if progress is not None and not isinstance(progress, bool) and not callable(progress):
        raise CoachError.from_code("coach_bad_progress", {"got": _short(progress)})
    seats = state.seats
    if isinstance(policy, (list, tuple)):
        if len(policy) != len(seats):
            raise CoachError.from_code(
                "coach_policy_count", {"count": len(policy), "players": len(seats)}
            )
        players = list(policy)
    else:
        players = [policy] * len(seats)
    names = [n for n in AGENTS if n != "coach"]  # a rollout never asks the coach
    for p in players:
        known = (
            p in names
            if isinstance(p, str)
            else getattr(p, "name", None) != "coach"
            and (isinstance(p, Agent) or callable(getattr(p, "choose", None)))
        )
        if not known:
            raise CoachError.from_code("coach_bad_policy", {"got": _short(p), "agents": names})
    return players


def _label(player) -> str:
    return player if isinstance(player, str) else getattr(player, "name", type(player).__name__)


def _numpy_ok(rules, names) -> bool:
    if any(n is None for n in names) or not numpy_installed():
        return False
    from ..lab import fastnp

    return fastnp.supports(rules, names)


def _roll_numpy(
    rules, seats, names, starts, seed, side, want, adaptive, budget, t0, progress
) -> tuple:
    """The rollouts of every start on the numpy engine, in one batch that new games join as
    others end (:class:`pachisi_widget.lab.fastnp.Rollouts`). Returns (wins per start, the rollouts
    each start was to get, whether the budget stopped them).

    With ``adaptive``, each start gets rollouts until its interval is within ±:data:`TARGET`
    (:func:`_still_needed`), and more are asked for while the last ones are still being played
    (from the games over so far), so that the batch stays full. With a budget the batch is
    sized to it (:func:`_batch_for`); once :data:`_CANCEL_AT` of it is spent no new game starts,
    and when it is spent the games still being played are dropped (once every start has the
    games of its first 64 seeds over, or of all it started: :func:`_enough`): each start keeps
    the games of its first seeds that all ended (never only the games that happened to end
    first).
    """
    from ..lab import fastnp

    k = len(starts)
    code = (4 if side == (0, 2) else 5) if rules.teams else side[0]
    sides = 2 if rules.teams else len(seats)
    plan = [min(want, _still_needed(None, 0, sides)) if adaptive else want] * k
    # room for every game of the first plan at once (a batch that holds them all ends sooner);
    # with a budget, a batch sized to it (the batch's steps cost more the more games it holds)
    size = min(_batch_for(budget), max(_BATCH_LEAST, sum(plan)))
    roll = fastnp.Rollouts(rules, seats, names, starts, iter_game_seeds(seed), size=size)
    roll.ask(plan)
    expired = False
    shown = None
    ended = 0  # games over since the plan was last looked at
    while True:
        final = not roll.pending()
        if adaptive and not expired and not roll.waiting() and (final or ended >= _REPLAN):
            # all asked for are playing (or over): are they enough?
            ended = 0
            more = [
                min(ADAPTIVE_MAX, n + _still_needed(roll.winners(j, n), n, sides, code, final))
                for j, n in enumerate(plan)
            ]
            if more != plan:
                plan = more
                roll.ask(plan)
                final = False
        if final:
            break
        if not expired and _out_of_time(roll, budget, t0, _CANCEL_AT):
            # no new games: those being played may end (every start keeps its first seeds)
            roll.cancel()
            expired = True
        if expired and _out_of_time(roll, budget, t0, 1.0) and _enough(roll, k):
            break  # the budget is spent: the games still being played are dropped
        shown = _show(progress, (min(roll.over), max(plan)), shown)  # the fewest of any start
        ended += roll.step()
    return _rolled(roll, plan, code, sides, adaptive and expired, progress, shown)


def _out_of_time(roll, budget, t0, share: float) -> bool:
    """Whether ``share`` of the budget is spent (once some game has started)."""
    return bool(
        budget is not None and len(roll.game_j) and time.perf_counter() - t0 >= share * budget
    )


def _enough(roll, k: int) -> bool:
    """Whether every start has its first :data:`_ADAPTIVE_LEAST` seeds' games over (or all it
    started, when fewer): the least an estimate is kept with when the budget is spent."""
    return all(roll.done(j) >= min(_ADAPTIVE_LEAST, roll.asked[j]) for j in range(k))


def _batch_for(budget) -> int:
    """The numpy batch for a budget: :data:`_BATCH_LEAST` games a second of it, within
    ``_BATCH_SMALLEST`` .. :data:`_BATCH_LEAST` (no budget: :data:`_BATCH_MAX`)."""
    if budget is None:
        return _BATCH_MAX
    return max(_BATCH_SMALLEST, min(_BATCH_LEAST, int(budget * _BATCH_LEAST)))


def _show(progress, now: tuple, shown):
    """Call ``progress(done, total)`` when ``now`` differs from what it was last shown."""
    if progress is not None and now != shown:
        progress(*now)
        return now
    return shown


def _rolled(roll, plan, code, sides, expired_adaptive, progress, shown) -> tuple:
    """(wins per start, the rollouts each start was to get, whether the budget stopped them)."""
    counts = [roll.done(j) for j in range(len(plan))]
    wins = [(roll.winners(j, n) == code).astype(int).tolist() for j, n in enumerate(counts)]
    if expired_adaptive:  # the rollouts the intervals still needed, had time been left
        plan = [
            max(n, c + _still_needed(roll.winners(j, c), c, sides, code))
            for j, (n, c) in enumerate(zip(plan, counts, strict=True))
        ]
    stopped = any(c < n for c, n in zip(counts, plan, strict=True))
    _show(progress, (min(counts), max(plan)), shown)
    return wins, plan, stopped


def _roll_python(rules, seats, players, starts, seeds, side) -> list:
    out = [[] for _ in starts]
    for sd in seeds:
        for j, st in enumerate(starts):
            g = play_out(st.engine(False), players, random.Random(sd))
            out[j].append(1 if _won(g.winner, side) else 0)
    return out


def _endgame(state: GameState) -> bool:
    """Whether no piece stands on steps 1..72 and none waits: the numpy engine then checks every
    game for a dead position at every turn's end, one game at a time, and the Python engine is
    faster."""
    return all(not 0 <= t <= LAST_SURE_STEP for s in state.seats for t in state.pieces[s])


def _still_needed(won, done: int, sides: int, code: int = 0, final: bool = True) -> int:
    """Rollouts still to play for a start before its interval is within ±:data:`TARGET`: at
    first (``done`` = 0) enough for a chance of one in ``sides`` (a fair share); then, from its
    winner codes ``won`` (-2: a game not over yet), enough for the chance seen (a few more, as
    the estimate moves), or 0 when its interval is narrow enough. Before every game is over
    (not ``final``) only a plan is made, from the games over so far (at least half of them)."""
    if done == 0:
        p = 1 / max(2, sides)
        return max(_ADAPTIVE_LEAST, math.ceil(Z95**2 * p * (1 - p) / TARGET**2))
    over = won[won != -2]
    if not final and 2 * len(over) < done:
        return 0
    r = wilson_interval(int((over == code).sum()), len(over))
    if final and (r.high - r.low) / 2 <= TARGET:
        return 0
    # a few more than the chance seen needs, as the estimate moves (a plan: just as many)
    pq = max(r.rate * (1 - r.rate), 0.01)
    need = math.ceil((1.05 if final else 1.0) * Z95**2 * pq / TARGET**2)
    if not final:
        return max(0, need - done)
    return max(_ADAPTIVE_LEAST, need - done)


def _paired(best: list, other: list, z: float = Z95) -> tuple:
    """(mean of best - other, its interval at ``z``) over paired rollouts (the seeds both moves
    played: with ``rollouts=None`` a move can get more than another).

    The interval is Agresti and Min's for a difference of paired shares: half a game added to
    each of the four cells (both won, only one won, the other, neither) before the normal
    interval is drawn. With a few hundred rollouts it is the plain interval; with a handful (a
    budget spent early, the offline site's few games) it stays honest where the plain one
    would separate two moves on a lucky streak (5 wins of 8 against 1 of 8 is not yet a
    difference at 95%)."""
    n = min(len(best), len(other))  # the seeds both played
    if n == 0:  # a budget spent before any game of one of them ended: nothing known
        return 0.0, -1.0, 1.0
    d = [a - b for a, b in zip(best[:n], other[:n], strict=True)]
    total = sum(d)
    mean = total / n
    # the added cells: a game each side won alone (+1 and -1) and two shared (0), half weight
    m = n + 2
    centre = total / m
    var = (sum(x * x for x in d) + 1.0) / m - centre * centre
    half = z * math.sqrt(max(var, 0.0) / m)
    return mean, centre - half, centre + half


def evaluate(
    state,
    *,
    rollouts: int | None = None,
    policy="greedy",
    seed: int = 0,
    engine: str = "auto",
    budget: float | None = None,
    progress=None,
    exact: bool = True,
    judge: Agent | None = None,
) -> Evaluation:
    """Each legal move's chance to win for the seat to move (its team with teams), best first.

    Args:
        state: a :class:`~pachisi_widget.state.GameState` (``game.state``). With a move to
            choose every legal move is evaluated (the pass included); with a throw due, or the
            game over, the position itself is (:attr:`Evaluation.position`).
        rollouts: games played on from each move. None: with numpy, as many as it takes for
            each move's interval to be within ±3 points (:data:`TARGET`; about 800 in a 4-player
            game, 1100 between two sides, more for a move whose chance needs more); on the
            Python engine :data:`DEFAULT_ROLLOUTS`.
        policy: who plays every seat in the rollouts: a name of
            :data:`pachisi_widget.agents.AGENTS` (or an agent object, played on the Python
            engine), or a list with one per seat in play.
        seed: the same seed gives the same numbers (on either engine).
        engine: ``"auto"``, ``"numpy"`` or ``"python"``.
        budget: seconds; the rollouts stop when it is spent (the result says so), on either
            engine: the numpy batch is sized to it, and the games it still plays then are
            dropped once each move has its first 64 (the Python engine plays at least one
            rollout per move).
        progress: ``progress(done, total)``, called as rollouts per move finish (the fewest of
            any move; the last call gives :attr:`Evaluation.rollouts`); True shows a tqdm bar
            (when tqdm is installed); None or False, nothing.
        exact: use the exact shortcuts where they exist (False: roll every move out, to check
            them).
        judge: a player whose move (``judge.choose(state, random.Random(seed))``) the coach
            recommends among the moves the rollouts cannot tell from the best: the result's
            :attr:`Evaluation.pick`. The board and the ``coach`` player ask the learned
            evaluation (:class:`~pachisi_widget.learned.LearnedAgent`); None: no pick.

    Raises:
        CoachError: for an argument it cannot use (its ``code`` names the sentence).
        IllegalMoveError, PachisiError: from a student's player in ``policy``.

    >>> import pachisi_widget as pw
    >>> g = pw.Game.from_position([[84, 84, 84, 80], None, [84, 84, 84, 77], None], seed=3)
    >>> _ = g.throw(up=2)                 # South throws 2: 80 -> 82, or pass
    >>> ev = evaluate(g.state)
    >>> ev.engine, [mc.exact for mc in ev]   # a pure race: exact
    ('exact', [True, True])
    """
    players = _check_args(state, rollouts, policy, seed, engine, budget, progress)
    if judge is not None and not callable(getattr(judge, "choose", None)):
        raise CoachError.from_code("coach_bad_judge", {"got": _short(judge)})
    if not isinstance(progress, bool):
        ev = _evaluate(state, players, rollouts, seed, engine, budget, progress, exact)
    else:
        with Progress(None, progress, "rollouts per move", unit="rollout") as bar:
            reach = bar.reach if bar.shown else None
            ev = _evaluate(state, players, rollouts, seed, engine, budget, reach, exact)
    if judge is None or not ev.moves:
        return ev
    lead = None if len(ev.moves) == 1 else judge.choose(state, random.Random(seed))
    return dataclasses.replace(ev, pick=ev.picked(lead))


class _Plan(NamedTuple):
    """What :func:`evaluate` computes: the moves, the positions after them, the exact chances
    found, which moves to roll out, on which engine, and how many rollouts each."""

    moves: list
    starts: list
    note: str | None
    exact: list
    todo: list
    use: str
    names: list
    want: int
    adaptive: bool


def _starts(state) -> tuple:
    """(the moves, the position after each, a note): the position itself when no move is due."""
    if state.phase == "move":
        moves = state.legal_moves()
        return moves, [state.apply(m) for m in moves], "only_move" if len(moves) == 1 else None
    return [None], [state], "over" if state.phase == "over" else "throw_due"


def _engine_for(engine: str, rules, names: list, todo: list, budget=None) -> str:
    """The engine that rolls the positions ``todo`` out: numpy or python (``"auto"`` with a
    budget under :data:`NUMPY_BUDGET_LEAST`: python, which ends a rollout in milliseconds where
    the numpy batch needs its whole length of steps).

    Raises:
        CoachError: for ``engine="numpy"`` when numpy is missing or cannot play.
    """
    can_numpy = _numpy_ok(rules, names) and all(st.phase == "throw" for st in todo)
    if engine == "numpy" and todo and not can_numpy:
        if not numpy_installed():
            raise CoachError.from_code("coach_numpy_missing", {})
        raise CoachError.from_code("coach_numpy_cannot", {})
    if engine == "auto" and can_numpy and all(_endgame(st) for st in todo):
        can_numpy = False  # see _endgame
    if engine == "auto" and budget is not None and budget < NUMPY_BUDGET_LEAST:
        can_numpy = False
    return "numpy" if (engine == "numpy" or (engine == "auto" and can_numpy)) else "python"


def _plan(state, players, rollouts, engine, exact, side, budget=None) -> _Plan:
    """The plan step: the legal moves (or the position itself), the exact shortcuts, the
    engine and the rollouts asked for.

    Raises:
        CoachError: for ``exact`` that is not a bool, or a numpy engine that cannot play.
    """
    names = [fast_agent_name(p) for p in players]
    by_seat = dict(zip(state.seats, names, strict=True))
    moves, starts, note = _starts(state)
    if not isinstance(exact, bool):
        raise CoachError.from_code("coach_bad_exact", {"got": _short(exact)})
    found = [_exact(st, side, by_seat) if exact or st.phase == "over" else None for st in starts]
    todo = [j for j, x in enumerate(found) if x is None]
    use = _engine_for(engine, state.rules, names, [starts[j] for j in todo], budget)
    default = ADAPTIVE_MAX if use == "numpy" else DEFAULT_ROLLOUTS["python"]
    want = rollouts if rollouts is not None else default
    return _Plan(
        moves, starts, note, found, todo, use, names, want, rollouts is None and use == "numpy"
    )


def _roll(state, plan: _Plan, players, seed, side, budget, progress, t0) -> tuple:
    """The roll step: (wins per start, rollouts asked for per move, whether the budget stopped
    them), on the plan's engine."""
    rules, seats, todo, want = state.rules, state.seats, plan.todo, plan.want
    wins: list = [[] for _ in plan.starts]
    sub = [plan.starts[j] for j in todo]
    if not todo:
        return wins, want, False
    if plan.use == "numpy":
        got, asked, stopped = _roll_numpy(
            rules, seats, plan.names, sub, seed, side, want, plan.adaptive, budget, t0, progress
        )
        for j, w in zip(todo, got, strict=True):
            wins[j] = w
        return wins, max(asked), stopped
    done = 0
    seeds = iter_game_seeds(seed)
    chunk = _PYTHON_CHUNK if (budget is not None or progress is not None) else want
    while done < want:
        # played in chunks (for the budget and progress), which never change the numbers
        if budget is not None and done and time.perf_counter() - t0 >= budget:
            return wins, want, True
        part = list(islice(seeds, min(chunk, want - done)))
        for j, w in zip(todo, _roll_python(rules, seats, players, sub, part, side), strict=True):
            wins[j].extend(w)
        done += len(part)
        if progress is not None:
            progress(done, want)
    return wins, want, False


def _rank(moves, exact, wins) -> list:
    """The rank step: each move's :class:`MoveChance`, best first, with its loss against the
    best (paired on common random numbers when both are estimated). The loss intervals cover
    together at 95% (:func:`~pachisi_widget.lab.stats.z_for_pairs`): the best move is the one
    whose estimate came out highest, and an interval drawn as if it had been named in advance
    would cover less often than it says, most of all between moves that are nearly equal."""
    results = []
    for j, m in enumerate(moves):
        if exact[j] is not None:
            x = exact[j]
            results.append(MoveChance(m, x, x, x, 0, True))
        else:
            r = wilson_interval(sum(wins[j]), len(wins[j]))
            results.append(MoveChance(m, r.rate, r.low, r.high, len(wins[j]), False))
    order = sorted(range(len(results)), key=lambda j: (-results[j].chance, j))
    ranked = [results[j] for j in order]
    if not ranked or ranked[0].move is None:
        return ranked
    b, top = order[0], ranked[0]
    out = []
    for j, mc in zip(order, ranked, strict=True):
        if j == b:
            out.append(mc)
        elif mc.exact or top.exact:
            gap = top.chance - mc.chance
            both = mc.exact and top.exact
            lo = gap if both else top.low - mc.high
            hi = gap if both else top.high - mc.low
            out.append(mc._replace(loss=gap, loss_low=lo, loss_high=hi))
        else:
            mean, lo, hi = _paired(wins[b], wins[j], z_for_pairs(len(ranked)))
            out.append(mc._replace(loss=mean, loss_low=lo, loss_high=hi))
    return out


def _evaluate(state, players, rollouts, seed, engine, budget, progress, exact) -> Evaluation:
    t0 = time.perf_counter()
    seat = state.to_move
    side = _side(state, seat)
    labels = tuple(_label(p) for p in players)
    plan = _plan(state, players, rollouts, engine, exact, side, budget)
    wins, want, stopped = _roll(state, plan, players, seed, side, budget, progress, t0)
    ranked = _rank(plan.moves, plan.exact, wins)
    played = min((len(wins[j]) for j in plan.todo), default=0)
    position = None
    if plan.moves == [None]:
        position, ranked = ranked[0], []
    used = "exact" if not plan.todo else plan.use
    # per move: the fewest rollouts played, and as many asked for unless the budget stopped them
    requested = (want if stopped else played) if plan.todo else 0
    return Evaluation(
        state,
        seat,
        side,
        tuple(ranked),
        position,
        plan.note,
        labels,
        used,
        seed,
        played,
        requested,
        time.perf_counter() - t0,
    )
