"""A learned evaluation: a position's chance to win, read from a small net trained by self-play.

The net was trained as TD-Gammon was (temporal differences, TD(λ), in games the net played
against itself; ``scripts/train_evaluation.py``, with numpy). Its weights ship as a small data
file, ``pachisi_widget/data/evaluation.json``, which this module reads with the standard library
only: the offline site, which has no numpy, plays with the very same numbers.

What the net sees of a position, from the side of the seat about to throw (``me``) and of its
opponent (:func:`features`): for each side, how many of its pieces stand on each of the 85 steps
(0 waiting .. 84 home), and a few counts a player would make: each piece's chance of being hit
by the other side's next turn (one throw, or a grace and the throw after it), summed, weighted
by the piece's progress and at its largest; the side's total progress; whether its first piece
still has its privilege. One hidden layer of sigmoid units and a sigmoid output: the chance that
the side about to throw wins.

:class:`LearnedAgent` (``make_agent("learned")``) plays the move whose position the net likes
best, looking one throw ahead by default (every throw the next thrower can get, with its exact
odds, and that thrower's best reply by the net).

The net knows the game it was trained on, two-player classic (:data:`TRAINED_ON`); elsewhere the
player plays as :class:`~pachisi_widget.agents.ExpectimaxAgent`.

>>> import random, pachisi_widget as pw
>>> s = pw.Game.from_position([[84, 84, 84, 70], None, [84, 84, 0, 0], None], seed=1).state
>>> round(win_chance(s, 0), 2) > 0.9 > 0.1 > round(win_chance(s, 2), 2)
True
>>> g = pw.Game(players=2, seed=3); _ = g.throw()
>>> make_agent_learned = pw.agents.make_agent("learned")
>>> make_agent_learned.choose(g.state, random.Random(0)) in g.legal_moves()
True
"""

from __future__ import annotations

import json
import math
import pathlib
import random
from functools import cache

from .agents import AGENTS, Agent, ExpectimaxAgent
from .errors import say, short_repr
from .rules import Rules
from .tables import IS_SAFE, LOOP_OF, STEP_ON_LOOP
from .throws import throw_distribution

__all__ = [
    "DATA_FILE",
    "FEATURES_VERSION",
    "TRAINED_ON",
    "Evaluation",
    "LearnedAgent",
    "evaluation",
    "features",
    "load_evaluation",
    "win_chance",
]

DATA_FILE = pathlib.Path(__file__).parent / "data" / "evaluation.json"
"""Where the package keeps the trained net's weights (JSON)."""

FEATURES_VERSION = 1
"""The layout of :func:`features` the data file was trained for (the file says which)."""

TRAINED_ON = "two-player classic"
"""The only game the shipped net knows: ``Rules()`` (the classic preset) with seats South and North."""

_STEPS = 85  # steps 0 (waiting) .. 84 (home)
_DENSE = 6  # counts per side after the 85 step counts
N_INPUTS = 2 * _STEPS + 2 * _DENSE
"""How many numbers :func:`features` gives a position (its sparse steps and dense counts)."""
_FORMAT = "pachisi_widget evaluation"


# -- features -------------------------------------------------------------------------------------


@cache
def _hit_weights(rules: Rules) -> tuple[float, ...]:
    """Per distance 0..99: the chance that one turn of the opponent carries a piece exactly that
    far, roughly: one throw, or a grace (which gives another throw) and the throw after it."""
    dist = {v: float(p) for v, p in throw_distribution(rules).items()}
    graces = rules.entry_graces | rules.bonus_graces
    w = [0.0] * 100
    for v, p in dist.items():
        if v < 100:
            w[v] += p
        if v in graces:
            for v2, p2 in dist.items():
                if v + v2 < 100:
                    w[v + v2] += p * p2
    return tuple(min(1.0, x) for x in w)


@cache
def _threats(rules: Rules, seat: int, other: int) -> tuple[tuple[tuple[int, float], ...], ...]:
    """Per step of ``seat``: the (step of ``other``, weight) pairs from which ``other`` hits a
    piece standing there (empty for a safe step)."""
    w = _hit_weights(rules)
    out: list[tuple[tuple[int, float], ...]] = []
    for t in range(_STEPS):
        if IS_SAFE[t]:
            out.append(())
            continue
        target = STEP_ON_LOOP[other][LOOP_OF[seat][t]]
        out.append(tuple((u, w[target - u]) for u in range(1, target) if w[target - u] > 0))
    return tuple(out)


_last: list = [None, {}]  # the rules seen last and their threats by seats (hashing rules is slow)


def _threats_of(rules: Rules, seat: int, other: int):
    if _last[0] is not rules:
        _last[0], _last[1] = rules, {}
    got = _last[1].get((seat, other))
    if got is None:
        got = _last[1][seat, other] = _threats(rules, seat, other)
    return got


def _side_counts(rules, mine, seat, theirs, other, fresh) -> list[float]:
    threats = _threats_of(rules, seat, other)
    enemy = set(theirs)
    hits = loss = top = 0.0
    exposed = 0
    for t in mine:
        p = 0.0
        for u, w in threats[t]:
            if u in enemy:
                p += w
        if p > 0.0:
            p = min(p, 1.0)
            hits += p
            loss += p * t / 84.0
            top = max(top, p)
            exposed += 1
    return [hits / 2.0, loss, top, sum(mine) / 336.0, 1.0 if fresh else 0.0, exposed / 4.0]


def features(state, seat: int | None = None) -> tuple[tuple[int, ...], list[float]]:
    """What the net sees of ``state`` from ``seat``'s side (by default the seat to move):
    (the indices of the step inputs, one per piece: ``step`` for the seat's pieces, ``85 +
    step`` for the opponent's; the :data:`N_INPUTS` - 170 dense inputs, the seat's then the
    opponent's). Two-player games only.

    >>> import pachisi_widget as pw
    >>> s = pw.Game.from_position([[0, 0, 30, 84], None, [0, 0, 0, 61], None], seed=1).state
    >>> idx, dense = features(s, 0)
    >>> idx
    (0, 0, 30, 84, 85, 85, 85, 146)
    >>> [round(x, 3) for x in dense[:3]]   # North's 61 hits South's 30 with a 3: 20 in 64
    [0.156, 0.112, 0.312]

    Raises:
        ValueError: for a game of other than two seats.
    """
    seats = state.seats
    if len(seats) != 2:
        raise ValueError(say("learned_two_players", {"got": len(seats)}))
    me = state.to_move if seat is None else seat
    other = seats[1] if me == seats[0] else seats[0]
    mine, theirs = state.pieces[me], state.pieces[other]
    rules = state.rules
    idx = tuple(sorted(mine)) + tuple(_STEPS + t for t in sorted(theirs))
    dense = _side_counts(rules, mine, me, theirs, other, state.fresh[me])
    dense += _side_counts(rules, theirs, other, mine, me, state.fresh[other])
    return idx, dense


# -- the net --------------------------------------------------------------------------------------


class Evaluation:
    """A trained net: ``chance(idx, dense)`` is the chance to win of the side the features were
    taken for. Made by :func:`load_evaluation` from a data file (or a dict of the same shape)."""

    __slots__ = ("w1", "b1", "w2", "b2", "hidden", "info")

    def __init__(self, data: dict, where: str = "<dict>") -> None:
        def bad(why: str) -> ValueError:
            return ValueError(say("learned_bad_file", {"where": where, "why": why}))

        if not isinstance(data, dict) or data.get("format") != _FORMAT:
            raise bad(f"it is not a {_FORMAT!r} file")
        if data.get("features") != FEATURES_VERSION:
            raise bad(f"features {short_repr(data.get('features'))}, not {FEATURES_VERSION}")
        try:
            w1 = [[float(x) for x in row] for row in data["w1"]]
            b1 = [float(x) for x in data["b1"]]
            w2 = [float(x) for x in data["w2"]]
            b2 = float(data["b2"])
        except (KeyError, TypeError, ValueError) as err:
            raise bad(f"its weights do not read as numbers ({type(err).__name__}: {err})") from None
        hidden = len(b1)
        if len(w1) != N_INPUTS or any(len(r) != hidden for r in w1) or len(w2) != hidden:
            raise bad(f"its weights are not {N_INPUTS} inputs x {hidden} hidden units x 1")
        if not all(math.isfinite(x) for x in [b2, *b1, *w2, *(x for r in w1 for x in r)]):
            raise bad("a weight is not a finite number")
        self.w1, self.b1, self.w2, self.b2, self.hidden = w1, b1, w2, b2, hidden
        self.info = {k: v for k, v in data.items() if k not in ("w1", "b1", "w2", "b2")}

    def chance(self, idx, dense) -> float:
        """The chance to win of the side ``features`` were taken for (0..1), pure Python."""
        w1 = self.w1
        h = list(self.b1)
        for i in idx:
            h = [a + b for a, b in zip(h, w1[i], strict=False)]
        for k, x in enumerate(dense):
            if x:
                h = [a + x * b for a, b in zip(h, w1[2 * _STEPS + k], strict=False)]
        z = self.b2
        for a, b in zip(h, self.w2, strict=False):
            z += b / (1.0 + math.exp(-a)) if a > -40.0 else 0.0
        return 1.0 / (1.0 + math.exp(-z)) if z > -40.0 else 0.0

    def __repr__(self) -> str:
        return f"<Evaluation: {N_INPUTS} inputs, {self.hidden} hidden units>"


def load_evaluation(path=None) -> Evaluation:
    """The net in the data file at ``path`` (by default the package's, :data:`DATA_FILE`).

    Raises:
        ValueError: when the file is missing, is not JSON or is not a net of this version.
    """
    where = str(DATA_FILE if path is None else path)
    try:
        text = pathlib.Path(where).read_text(encoding="utf-8")
        data = json.loads(text)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        why = f"{type(err).__name__}: {err}"
        raise ValueError(say("learned_bad_file", {"where": where, "why": why})) from None
    return Evaluation(data, where)


@cache
def evaluation() -> Evaluation:
    """The package's net (read once, on first use)."""
    return load_evaluation()


def is_trained_for(state) -> bool:
    """Whether the shipped net knows ``state``'s game (:data:`TRAINED_ON`)."""
    return state.seats == (0, 2) and state.rules == _CLASSIC


_CLASSIC = Rules()


def win_chance(state, seat: int, net: Evaluation | None = None) -> float:
    """``seat``'s chance to win ``state`` by the net: exact when the game is over (a dead game
    counts a half), the net's reading of the thrower's chance in phase ``"throw"``, and in phase
    ``"move"`` the mover's best move by the net.

    Raises:
        ValueError: for a game of other than two seats.
    """
    if state.phase == "over":
        w = state.winner
        return 0.5 if w is None else (1.0 if w == seat else 0.0)
    net = evaluation() if net is None else net
    if state.phase == "move":
        mover = state.to_move
        best = max(win_chance(state.apply(m), mover, net) for m in state.legal_moves())
        return best if mover == seat else 1.0 - best
    v = net.chance(*features(state))
    return v if state.to_move == seat else 1.0 - v


# -- the player -----------------------------------------------------------------------------------


class LearnedAgent(Agent):
    """Plays the move the learned evaluation (:func:`win_chance`) likes best.

    ``depth`` is how many throws it looks ahead, as :class:`~pachisi_widget.agents.ExpectimaxAgent`
    does: 0 reads the position after each move; 1 (the default) also every throw the next
    thrower can get (exact odds) and that thrower's best reply by the net; 2 one throw more. A
    move that wins is worth 1 and is played at once. Ties: first in move order. On a game the
    net was not trained for (:func:`is_trained_for`) it plays as
    :class:`~pachisi_widget.agents.ExpectimaxAgent`.

    Raises:
        ValueError: for a depth other than 0, 1 or 2.
    """

    name = "learned"

    def __init__(self, depth: int = 1):
        if isinstance(depth, bool) or depth not in (0, 1, 2):
            raise ValueError(say("arg_learned_depth", {"got": repr(depth)}))
        self.depth = depth
        self._fallback = ExpectimaxAgent(max(1, depth))

    def __repr__(self) -> str:
        return f"LearnedAgent(depth={self.depth})"

    def choose(self, state, rng: random.Random):
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        if not is_trained_for(state):
            return self._fallback.choose(state, rng)
        return moves[self.ranked(state)[0][1]]

    def ranked(self, state) -> list[tuple[float, int]]:
        """(chance to win by the net, index in ``state.legal_moves()``) of every legal move,
        best first (ties in move order).

        Raises:
            ValueError: for a game of other than two seats.
        """
        net = evaluation()
        me = state.to_move
        out = []
        for i, m in enumerate(state.legal_moves()):
            after = state.apply(m)
            v = 1.0 if after.phase == "over" and after.winner == me else None
            out.append((-(v if v is not None else self.value(after, me, net, self.depth)), i))
        out.sort()
        return [(-v, i) for v, i in out]

    def value(self, after, me: int, net: Evaluation, depth: int) -> float:
        """``me``'s chance in the position ``after`` a move, looking ``depth`` throws on."""
        if depth == 0 or after.phase != "throw":
            return win_chance(after, me, net)
        thrower = after.to_move
        total = 0.0
        for t, p in after.chance_outcomes():
            s = after.apply_throw(t)
            if s.phase != "move":
                v = win_chance(s, thrower, net)
            else:
                v = max(self.value(s.apply(m), thrower, net, depth - 1) for m in s.legal_moves())
            total += float(p) * v
        return total if thrower == me else 1.0 - total


AGENTS["learned"] = LearnedAgent
