"""The chances of one turn, the model under :mod:`pachisi_widget.probability`: a turn's series
of throws (graces give more), what a piece alone can reach in it, kept per rules.

Private to the package: :mod:`pachisi_widget.probability` is the public face.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from .board import HOME
from .errors import short_repr
from .rules import Rules
from .throws import exact_p


def _whole(name: str, value, low: int, high: int) -> int:
    """``value`` when it is a whole number from ``low`` to ``high``; else a ValueError that says
    what was given and what is allowed."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(
            f"{name} must be a whole number from {low} to {high}, not {short_repr(value)}"
        )
    return value


def _rules(rules) -> Rules:
    if rules is None:
        return Rules()
    if isinstance(rules, str):
        return Rules.preset(rules)
    return rules


def value_odds(rules: Rules, exact: bool = True) -> dict:
    """One throw under ``rules``: each value's probability, in table order
    (:func:`pachisi_widget.probability.throw_odds`, the rules already checked)."""
    table = rules.table
    n = len(table) - 1
    p = exact_p(rules.p_mouth_up) if exact else float(rules.p_mouth_up)
    out: dict = {}
    for k in range(n + 1):
        pr = comb(n, k) * p**k * (1 - p) ** (n - k)
        out[table[k]] = out.get(table[k], 0) + pr
    return out


def _graces(rules, on_board: bool) -> frozenset:
    return frozenset(rules.entry_graces) | (
        frozenset(rules.bonus_graces) if on_board else frozenset()
    )


class _TurnModel:
    """One seat's turn as a game against chance: the exact chance, playing each throw as it
    comes (move one piece, enter one, or pass) to maximise it, that some piece lands exactly on
    a target square before the turn ends (``move_each_throw``).

    A state is (the pieces' distances to the target, ascending; pieces waiting in the Charkoni;
    whether the seat has a piece on the board; whether its first-piece privilege holds), or the
    first two alone (the last two then as given to the model). A piece past the target drops
    out. Each throw is a grace as RULES.md says *at that throw*: an entry grace, or a bonus
    grace while the seat has a piece on the board (so a piece entered earlier in the turn
    counts). While pieces wait, an entry grace can only enter one or be passed (unless
    ``grace_moves_before_all_entered``); the first piece may leave on any throw but a bonus
    grace (``first_piece_any_throw``); pyada's extra step needs none waiting; no piece stops on
    a castle an opponent holds (``blocked``, steps of this seat's track). Values are memoised;
    each state's value solves ``x = A + sum p * max(x, c)`` (a pass keeps the state) exactly,
    over the thresholds of the options c.
    """

    def __init__(
        self,
        rules,
        exact: bool,
        target_step: int = 0,
        on_board: bool = True,
        blocked: frozenset = frozenset(),
        fresh: bool = False,
        drop: float = 0.0,
    ):
        self.rules = rules
        self.drop = drop
        self.alone = _alone_bounds(rules) if drop else None
        self.one = Fraction(1) if exact else 1.0
        self.throws = list(value_odds(rules, exact).items())
        self.te = target_step  # the target's step on this seat's track (for entering pieces)
        self.blocked = frozenset(target_step - b for b in blocked if b < target_step)
        self.on_board = on_board
        self.fresh = fresh
        self.memo: dict = {}

    def _full(self, state) -> tuple:
        if len(state) == 4:
            return state
        dists, waiting = state
        return (dists, waiting, self.on_board or bool(dists), self.fresh and waiting == 4)

    def _keep(self, dists: tuple) -> tuple:
        """``dists`` without the pieces whose own chance to hit is below ``drop``."""
        alone, drop = self.alone, self.drop
        if alone is None:
            return dists
        return tuple(d for d in dists if d >= len(alone) or alone[d] >= drop)

    def _grace(self, state, v) -> bool:
        rules = self.rules
        return v in rules.entry_graces or (v in rules.bonus_graces and state[2])

    def _options(self, state, v):
        """('hit', None) | ('moves', [new states]) for throw value ``v`` in ``state``."""
        dists, waiting, on, fresh = state
        rules, blocked = self.rules, self.blocked
        outs = []
        entry = v in rules.entry_graces
        if waiting:
            if entry:
                amounts: tuple | range = (1 if rules.entry_mode == "square1" else v,)
            elif fresh and rules.first_piece_any_throw and v not in rules.bonus_graces:
                amounts = range(1, v + 1) if rules.split_throw else (v,)
            else:
                amounts = ()
            for a in amounts:
                nd = self.te - a
                if nd == 0:
                    return "hit", None
                if nd in blocked:
                    continue
                new = self._keep(tuple(sorted(dists + (nd,)))) if nd > 0 else dists
                outs.append((new, waiting - 1, True, False))
            if entry and not rules.grace_moves_before_all_entered:
                return "moves", outs
        e = rules.distance(v, waiting > 0)
        parts = range(1, e + 1) if rules.split_throw else (e,)
        for k in parts:
            if k in dists:
                return "hit", None
        for i, d in enumerate(dists):
            if i and dists[i - 1] == d:
                continue
            for k in parts:
                nd = d - k
                if nd > 0 and nd not in blocked:
                    rest = dists[:i] + dists[i + 1 :]
                    outs.append((self._keep(tuple(sorted(rest + (nd,)))), waiting, on, fresh))
        return "moves", outs

    def value(self, state):
        state = self._full(state)
        memo = self.memo
        got = memo.get(state)
        if got is not None:
            return got
        one = self.one
        gain, loop = 0 * one, 0 * one
        cands = []
        for v, pr in self.throws:
            kind, outs = self._options(state, v)
            if kind == "hit":
                gain += pr
            elif self._grace(state, v):
                c = max((self.value(o) for o in outs), default=None)
                if c is None:
                    loop += pr
                else:
                    cands.append((c, pr))
        cands.sort(key=lambda cp: cp[0], reverse=True)
        # x = gain + loop*x + sum(p * max(x, c)): try "the j best options beat passing"
        res = None
        for j in range(len(cands) + 1):
            num = gain + sum(c * pr for c, pr in cands[:j])
            den = one - loop - sum(pr for _, pr in cands[j:])
            x = num / den
            if all(c >= x for c, _ in cands[:j]) and all(c <= x for c, _ in cands[j:]):
                res = x
                break
        memo[state] = res
        return res

    def best(self, state, v):
        """The best play of throw ``v``: "hit", None (pass), or the state to move to (of the
        form ``state`` has)."""
        short = len(state) == 2
        full = self._full(state)
        kind, outs = self._options(full, v)
        if kind == "hit":
            return "hit"
        best, pick = self.value(full), None
        for o in outs:
            val = self.value(o)
            if val > best:
                best, pick = val, o
        if pick is not None and short:
            return pick[:2]
        return pick


_ALONE: dict = {}


def _alone_bounds(rules) -> tuple:
    """For each distance d 0..84: a bound on the chance that one piece d squares behind a
    square hits it this turn, whatever the others do (the better of: all entered, pyada
    counted; pieces waiting, no pyada and every throw free to move it), castles aside."""
    got = _ALONE.get(rules)
    if got is None:
        free = rules.replace(grace_moves_before_all_entered=True)
        plain = free.replace(pyada=False)
        a = _TurnModel(free, False, 0, True)
        b = _TurnModel(plain, False, 0, True)
        got = (1.0,) + tuple(
            max(a.value(((d,), 0, True, False)), b.value(((d,), 0, True, False)))
            for d in range(1, HOME + 1)
        )
        _ALONE[rules] = got
    return got


_MODELS: dict = {}
"""Models of :func:`hit_chance` kept between calls (their values hold for any position with the
same rules, target and blocked castles), the most recent last."""
_MODELS_KEPT = 16


def _model(rules, exact, te, blocked, drop: float = 0.0) -> _TurnModel:
    key = (rules, exact, te, blocked, drop)
    model = _MODELS.pop(key, None)
    if model is None:
        model = _TurnModel(rules, exact, te, True, blocked, drop=drop)
    _MODELS[key] = model
    while len(_MODELS) > _MODELS_KEPT:
        _MODELS.pop(next(iter(_MODELS)))
    return model
