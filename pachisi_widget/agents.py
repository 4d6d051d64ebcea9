"""Computer players: small objects with ``choose(state, rng) -> Move``.

Every agent returns one of ``state.legal_moves()`` for a state in phase ``"move"`` and is
deterministic given ``rng`` (only :class:`RandomAgent` draws from it). The heuristic agents pick
the first best move in the engine's stable move order, so ties never need a random draw; the
the pure-Python simulation path (:func:`pachisi_widget.simulate.simulate`) use the same scoring functions below and
so choose exactly the same moves.

====================  ==========================================================================
name                  plays
====================  ==========================================================================
``random``            a uniformly random non-pass move; passes only when nothing else is legal
``greedy``            capture first, then safety (a castle or a private square; else a square no
                      opponent can reach with one throw), then the longest move
``runner``            always advances the leading piece (the furthest along that can move)
``castle_waiter``     greedy, but keeps a returning piece on its 25-castle (step 59) until a 25
                      carries it home (with ``pyada`` a 25 moves 26 and overshoots: plain greedy)
``expectimax``        looks one (or two) throws ahead with the exact throw odds and a position
                      evaluation
``learned``           the move a learned evaluation (a small net trained by self-play,
                      :mod:`pachisi_widget.learned`) likes best, one throw ahead
``coach``             the coach's best move: the learned player's, with the exact answers (a
                      winning move, a pure race) and rollouts where the net finds moves close
====================  ==========================================================================

>>> import random, pachisi_widget as pw
>>> g = pw.Game(players=2, seed=1); _ = g.throw()
>>> RandomAgent().choose(g.state, random.Random(0)) in g.legal_moves()
True
>>> g = pw.Game.from_position([[0, 26, 0, 0], None, [0, 0, 0, 64], None], to_move=0, seed=1)
>>> _ = g.throw(up=4)                 # South throws 4: South's step 30 is North's 64: a capture
>>> [str(m) for m in g.legal_moves()]
['South piece 1 moves 26->30 with 4 capturing 1', 'South passes']
>>> str(make_agent("greedy").choose(g.state, random.Random(0)))
'South piece 1 moves 26->30 with 4 capturing 1'
"""

from __future__ import annotations

import abc
import random

from .board import HOME, TWENTY_FIVE_STEP
from .checks import register_player_resolver
from .errors import say, short_repr
from .rules import PYADA_VALUES
from .tables import IS_SAFE, LOOP_OF, threat_table

__all__ = [
    "Agent",
    "RandomAgent",
    "GreedyAgent",
    "RunnerAgent",
    "CastleWaiterAgent",
    "ExpectimaxAgent",
    "AGENTS",
    "LEVELS",
    "as_agent",
    "make_agent",
    "check_agent",
    "unknown_agent",
    "reach_values",
    "can_wait",
    "danger",
    "evaluate",
    "FAST_AGENTS",
]

FAST_AGENTS = ("random", "greedy", "runner", "castle_waiter")
"""Agents the fast paths play themselves (others make simulate() use the reference engine)."""

# -- the heuristic agents' scores (the numpy engine imports these, never copies them) ----------
# greedy key = captured pieces * CAPTURE_WEIGHT + safety level * SAFETY_WEIGHT + steps moved:
# each weight outweighs everything after it (a move is under 100 steps, safety under 10).

CAPTURE_WEIGHT = 1000
"""Greedy key: worth of each opponent piece the move sends back to the Charkoni."""
SAFETY_WEIGHT = 100
"""Greedy key: worth of one safety level of the landing step."""
SAFETY_SAFE = 2
"""Safety level of a castle, a private column (steps 1..7, 77..83) or home."""
SAFETY_UNREACHED = 1
"""Safety level of a loop square that no opponent piece reaches with one throw."""
SAFETY_EXPOSED = 0
"""Safety level of a loop square that some opponent piece reaches with one throw."""
SAFETY_WAIT = 3
"""The castle waiter's safety level for landing on its 25-castle: above any other."""
WAIT_STEP = TWENTY_FIVE_STEP
"""Where the castle waiter keeps a returning piece until a 25 carries it home."""
RUNNER_START_WEIGHT = 128
"""Runner key = start * RUNNER_START_WEIGHT + end: the furthest piece first (ends are under 128)."""


class Agent(abc.ABC):
    """Base class of computer players. ``name`` is how menus and tables show it.

    A subclass defines :meth:`choose`; any object with such a method works as a player too.
    """

    name = "agent"

    @abc.abstractmethod
    def choose(self, state, rng: random.Random):
        """The move to play in ``state`` (phase "move"); one of ``state.legal_moves()``."""

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


# -- shared scoring (used verbatim by the simulation fast paths) --------------------------------


def reach_values(rules) -> frozenset:
    """The distances one throw can carry a piece under ``rules`` (pyada's +1 included).

    >>> from pachisi_widget import Rules
    >>> sorted(reach_values(Rules()))
    [2, 3, 4, 5, 6, 10, 25]
    """
    vals = set(rules.values)
    if rules.pyada:
        vals |= {v + 1 for v in rules.values if v in PYADA_VALUES}
    return frozenset(vals)


def danger(seat: int, end: int, pieces, seats, teams: bool, reach) -> int:
    """How many opponent pieces stand behind ``seat``'s step ``end`` at a distance one throw covers.

    Returns -1 for a safe step: a castle, the private columns (steps 1..7 and 77..83) or home.
    ``pieces`` is per seat a sequence of 4 steps (None for a seat nobody plays).

    >>> pieces = [(0, 0, 0, 0), None, (0, 61, 62, 0), None]   # South's step 30 is North's 64
    >>> reach = {2, 3, 4}
    >>> danger(0, 30, pieces, (0, 2), False, reach), danger(0, 29, pieces, (0, 2), False, reach)
    (2, -1)
    """
    if not 0 <= end <= HOME or IS_SAFE[end]:
        return -1
    g = LOOP_OF[seat][end]
    behind = threat_table(reach if type(reach) is frozenset else frozenset(reach))
    n = 0
    for o in seats:
        if o == seat or (teams and (o - seat) % 2 == 0):
            continue
        hits = behind[o][g]
        for t in pieces[o]:
            if t in hits:
                n += 1
    return n


def _greedy_key(m, seat, pieces, seats, teams, reach, wait_bonus=False) -> int:
    # capture first (pieces sent back), then safety of the landing step, then distance moved.
    start, end = m[2], m[3]
    d = danger(seat, end, pieces, seats, teams, reach)
    safety = SAFETY_SAFE if d < 0 else (SAFETY_UNREACHED if d == 0 else SAFETY_EXPOSED)
    if wait_bonus and end == WAIT_STEP:
        safety = SAFETY_WAIT
    return len(m[6]) * CAPTURE_WEIGHT + safety * SAFETY_WEIGHT + (end - start)


def greedy_index(moves, seat, pieces, seats, teams, reach) -> int:
    """Index in ``moves`` (pass last) of the greedy choice: the first move with the best key."""
    best, bi = -1, len(moves) - 1
    for i in range(len(moves) - 1):
        k = _greedy_key(moves[i], seat, pieces, seats, teams, reach)
        if k > best:
            best, bi = k, i
    return bi


def waiter_index(moves, seat, pieces, seats, teams, reach) -> int:
    """Index of the castle waiter's choice (without pyada): greedy, never leaving step 59 except
    to go home, preferring to land on 59; passes when only moves off step 59 are left."""
    best, bi = -1, len(moves) - 1
    for i in range(len(moves) - 1):
        m = moves[i]
        if m[2] == WAIT_STEP and m[3] != HOME:
            continue
        k = _greedy_key(m, seat, pieces, seats, teams, reach, True)
        if k > best:
            best, bi = k, i
    return bi


def runner_index(moves) -> int:
    """Index of the runner's choice: the move of the furthest piece (then the furthest end)."""
    best, bi = -1, len(moves) - 1
    for i in range(len(moves) - 1):
        m = moves[i]
        k = m[2] * RUNNER_START_WEIGHT + m[3]
        if k > best:
            best, bi = k, i
    return bi


class _HeuristicAgent(Agent):
    _cache: tuple = (None, None)

    def _reach(self, rules):
        r, reach = self._cache
        if r is not rules:
            reach = reach_values(rules)
            self._cache = (rules, reach)
        return reach


class GreedyAgent(_HeuristicAgent):
    """Captures when it can; else lands safe (a castle, a private column, home, or a square no
    opponent reaches with one throw); else makes the longest move. Ties: first in move order."""

    name = "greedy"

    def choose(self, state, rng: random.Random):
        moves = state.legal_moves()
        seat = state.to_move
        reach = self._reach(state.rules)
        return moves[greedy_index(moves, seat, state.pieces, state.seats, state.rules.teams, reach)]


class RunnerAgent(Agent):
    """Always advances its leading piece: the piece furthest along that can move (entering only
    when no piece on the board can move); the longest move of that piece."""

    name = "runner"

    def choose(self, state, rng: random.Random):
        moves = state.legal_moves()
        return moves[runner_index(moves)]


class CastleWaiterAgent(_HeuristicAgent):
    """The 25-castle strategist: a returning piece that reaches step 59 (25 from home) waits
    there, safe, until a throw of 25 carries it home; everything else is played greedily.

    It plays plain greedy whenever a 25 cannot carry the piece home: with ``pyada`` (a 25 moves
    26 steps and overshoots), and with ``must_capture_before_home`` while its seat has not
    captured (waiting would then never end).
    """

    name = "castle_waiter"

    def choose(self, state, rng: random.Random):
        moves = state.legal_moves()
        rules = state.rules
        seat = state.to_move
        reach = self._reach(rules)
        pick = waiter_index if can_wait(rules, state.captures[seat]) else greedy_index
        return moves[pick(moves, seat, state.pieces, state.seats, rules.teams, reach)]


def can_wait(rules, captured: int) -> bool:
    """Whether waiting on the 25-castle for a 25 can end with the piece home."""
    return not rules.pyada and not (rules.must_capture_before_home and not captured)


# -- expectimax ---------------------------------------------------------------------------------

_WIN = 1_000_000.0


def _side(seat: int, teams: bool) -> tuple:
    if teams:
        return (0, 2) if seat % 2 == 0 else (1, 3)
    return (seat,)


def evaluate(state, seat: int) -> float:
    """A position's worth for ``seat`` (its team with ``teams``): its pieces' progress minus the
    best opposing side's, a piece counting less while an opponent can hit it with one throw.

    >>> import pachisi_widget as pw
    >>> s = pw.Game.from_position([[84, 84, 84, 10], None, [0, 0, 0, 30], None], seed=1).state
    >>> evaluate(s, 0) > 0 > evaluate(s, 2)
    True
    """
    rules = state.rules
    teams = rules.teams
    pieces = state.pieces
    seats = state.seats
    reach = reach_values(rules)
    scores = {}
    for s in seats:
        total = 0.0
        for t in pieces[s]:
            if t == 84:
                total += 94.0
            elif t > 0:
                d = danger(s, t, pieces, seats, teams, reach)
                # a threatened piece may be sent back: count it at a fraction of its progress
                total += t + 6.0 if d <= 0 else (t + 6.0) * (0.7 if d == 1 else 0.5)
        side = _side(s, teams)
        scores[side] = scores.get(side, 0.0) + total
    mine = _side(seat, teams)
    others = [v for k, v in scores.items() if k != mine]
    return scores[mine] - (max(others) if others else 0.0)


class ExpectimaxAgent(Agent):
    """Expectimax over the next throw(s): each move is followed by the next throw (whoever's it
    is; exact odds from ``state.chance_outcomes()``) and that seat's best reply by
    :func:`evaluate`; ``depth`` (1 or 2) is how many throws ahead it looks.

    A won game is worth +1e6, a lost one -1e6, a dead one 0. Ties: first in move order.
    Much slower than the other agents (it plays through the reference engine).
    """

    name = "expectimax"
    evaluation = staticmethod(evaluate)
    """The position's worth ``evaluation(state, seat)`` the search scores its leaves with."""

    def __init__(self, depth: int = 1):
        if depth not in (1, 2):
            raise ValueError(say("arg_agent_depth", {"got": repr(depth)}))
        self.depth = depth

    def __repr__(self) -> str:
        return f"ExpectimaxAgent(depth={self.depth})"

    def choose(self, state, rng: random.Random):
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        me = state.to_move
        best, pick = None, moves[-1]
        for m in moves:
            v = self._value(state.apply(m), me, self.depth)
            if best is None or v > best:
                best, pick = v, m
        return pick

    def _terminal(self, state, me) -> float:
        w = state.winner
        if w is None:
            return 0.0
        mine = _side(me, state.rules.teams)
        return _WIN if (w in mine if isinstance(w, int) else w == mine) else -_WIN

    def _value(self, state, me, depth) -> float:
        if state.phase == "over":
            return self._terminal(state, me)
        if state.phase == "throw":
            if depth == 0:
                return self.evaluation(state, me)
            total = 0.0
            for t, p in state.chance_outcomes():
                total += float(p) * self._value(state.apply_throw(t), me, depth - 1)
            return total
        mover = state.to_move
        moves = state.legal_moves()
        ours = mover in _side(me, state.rules.teams)
        if ours and depth > 0:
            return max(self._value(state.apply(m), me, depth) for m in moves)
        # the mover (an opponent, or anyone at the horizon) plays its best move by evaluate()
        best, chosen = None, None
        for m in moves:
            after = state.apply(m)
            v = (
                self._terminal(after, mover)
                if after.phase == "over"
                else self.evaluation(after, mover)
            )
            if best is None or v > best:
                best, chosen = v, after
        return self._value(chosen, me, depth)


AGENTS = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "runner": RunnerAgent,
    "castle_waiter": CastleWaiterAgent,
    "expectimax": ExpectimaxAgent,
}
"""Agent classes by name (menus, ``simulate(agents=[...names])``). ``"coach"`` is among them from
the start as a :class:`_Later` (its code lives with the coach, a later layer, and loads when the
first coach player is made); the coach's module then puts its class in its place."""


class _Later:
    """A player whose class lives in a later layer, named in :data:`AGENTS` before that layer is
    imported: calling it imports the module (which registers the real class in :data:`AGENTS`)
    and makes the player, so ``make_agent("coach")`` works right after ``import pachisi_widget``
    while this layer never imports the coach at import time."""

    def __init__(self, module: str, name: str) -> None:
        self.module, self.name = module, name

    def load(self) -> type:
        import importlib

        return getattr(importlib.import_module(self.module), self.name)

    def __call__(self, **options) -> Agent:
        return self.load()(**options)

    def __repr__(self) -> str:
        return f"<{self.name} from {self.module}, loaded on first use>"


AGENTS.setdefault("learned", _Later("pachisi_widget.learned", "LearnedAgent"))
AGENTS.setdefault("coach", _Later("pachisi_widget.coach.player", "CoachAgent"))

LEVELS = {"beginner": "runner", "club": "greedy", "expert": "expectimax", "master": "learned"}
"""A class's ladder of levels to play up through, weakest first: each level's player beat the one
below it in two-player classic games measured both ways round (``scripts/bench_ladder.py``:
greedy beat runner 70.3% [64.9, 75.2] and expectimax beat greedy 73.3% [68.1, 78.0] of 300
games, learned beat expectimax 60.0% [52.3, 67.3] of 160; the README keeps the table). The
``coach`` player judges by the same learned evaluation as ``learned`` and checks it by rollouts:
it is as strong as ``learned`` (51.2% [40.5, 61.9] of 80 games head to head), not a step
above it (the README's figures)."""


def unknown_agent(spec) -> str:
    """The message for a player name that is not in :data:`AGENTS`: the name, and the names
    (in the session's language)."""
    return say("arg_agent_unknown", {"got": short_repr(spec, 40), "names": ", ".join(AGENTS)})


def as_agent(spec, error: type[Exception] = TypeError, must: str = "a player must be") -> Agent:
    """The player ``spec`` names: a name of :data:`AGENTS` (a new agent of that class) or an
    object with a ``choose(state, rng)`` method (itself). The one resolver of players: ``Game``,
    ``simulate``, ``tournament``, ``check_agent`` and the board's ``computer=`` all take a name
    through it.

    >>> as_agent("greedy")
    GreedyAgent()
    >>> as_agent("smart")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown agent 'smart'; choose one of random, greedy, runner, ..., coach

    Raises:
        ValueError: for an unknown name, listing the known ones.
        error: for anything else without ``choose`` (the message begins with ``must``).
    """
    if isinstance(spec, str):
        if spec not in AGENTS:
            raise ValueError(unknown_agent(spec))
        return AGENTS[spec]()
    if not callable(getattr(spec, "choose", None)):
        code = {
            "a player must be": "arg_agent_spec",
            "a computer player must be": "arg_computer_spec",
        }
        if must in code:
            raise error(say(code[must], {"got": short_repr(spec)}))
        raise error(
            f"{must} an agent name ({', '.join(AGENTS)}) or an object with choose(state, rng), "
            f"not {short_repr(spec)}"
        )
    return spec


_OPTIONS = {
    "expectimax": ("depth",),
    "learned": ("depth",),
    "coach": ("budget", "rollouts", "policy", "depth"),
}
"""The options ``make_agent(name, **options)`` passes on, by player name."""


def make_agent(spec, **options) -> Agent:
    """An agent from a name in :data:`AGENTS` or an agent object (:func:`as_agent`); ``options``
    go to a named player's class: ``make_agent("coach", budget=0.5)``,
    ``make_agent("expectimax", depth=2)``.

    >>> make_agent("coach", budget=0.5)
    CoachAgent(budget=0.5, rollouts=None, depth=1)

    Raises:
        ValueError: for an unknown name, listing the known ones, anything else that is not
            a player, an option the player does not take, or a bad value of one.
    """
    if not options:
        return as_agent(spec, ValueError)
    name = spec if isinstance(spec, str) else None
    allowed = _OPTIONS.get(name, ()) if name in AGENTS else ()
    if name is not None and name not in AGENTS:
        raise ValueError(unknown_agent(spec))
    for key in options:
        if key not in allowed:
            params = {
                "name": short_repr(spec, 40),
                "got": key,
                "allowed": ", ".join(allowed) if allowed else "-",
            }
            raise ValueError(say("arg_agent_option", params))
    return AGENTS[name](**options)


def check_agent(spec, error: type[Exception] = TypeError, must: str = "a player must be"):
    """A player from a name of :data:`AGENTS` or an object with a ``choose`` method
    (:func:`as_agent`).

    Raises:
        ValueError: for an unknown name, listing the known ones.
        error: for anything else without ``choose`` (the message begins with ``must``).
    """
    return as_agent(spec, error, must)


# The engine (Game.play_turn) takes a player's name through this resolver, registered here so that
# the engine's layer does not import the players' layer above it.
register_player_resolver(as_agent)
