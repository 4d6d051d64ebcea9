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


def _first(pair):
    return pair[0]


def _share(grace: bool, g: float, roots: float, pr: float) -> float:
    """How much error the state after a grace of chance ``pr`` may have, per unit of the
    error of the state it is thrown in (0 for a throw that is no grace): ``(1 - g) / (roots *
    sqrt(pr))``, g the chance of a grace and ``roots`` the sum of the square roots of the
    graces' chances, so that the graces' errors weighted by their chances add up to ``1 - g``
    times it, and rarer graces (their states weigh less) may be off by more."""
    if not grace or g >= 1:
        return 0.0
    return (1 - g) / (roots * pr**0.5)


class TooManyStates(Exception):
    """Raised by :meth:`_TurnModel.value` once it holds ``stop_at`` values (exact ones, or with
    an error, as it computes; the values found so far stay: they hold)."""


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
    over the thresholds of the options c. Only a grace's moves are followed (a throw that is no
    grace ends the turn: it counts only when it hits).

    :meth:`value` with ``error`` > 0 (floats) gives a value at most that much below the exact
    one, sooner: in each state reached, the pieces farthest behind are left out while the
    chances that each could hit alone (:func:`_alone_bounds`) add up to at most half of it
    (leaving a piece out loses at most its own chance, and never gains; with ``pyada`` only
    once none waits, since the bounds count its extra step on every throw or on none), and
    the states after each grace get shares of the rest (:func:`_share`) whose sum weighted by
    the graces' chances is (1 - g) times it, g the chance of a grace: errors e_v on the values
    after the graces v move the fixed point above by at most sum(p_v * e_v) / (1 - g), here the
    rest itself. A state whose pieces together could hit with a chance of at most its error
    (:meth:`_bound`) counts 0. Each state's throws and moves are kept (:meth:`_plan`) for when
    its value is asked again to within less.
    """

    def __init__(
        self,
        rules,
        exact: bool,
        target_step: int = 0,
        on_board: bool = True,
        blocked: frozenset = frozenset(),
        fresh: bool = False,
    ):
        self.rules = rules
        self.one = Fraction(1) if exact else 1.0
        self.throws = list(value_odds(rules, exact).items())
        self.te = target_step  # the target's step on this seat's track (for entering pieces)
        self.blocked = frozenset(target_step - b for b in blocked if b < target_step)
        self.on_board = on_board
        self.fresh = fresh
        self.memo: dict = {}  # state -> exact value
        self.rough: dict = {}  # state -> (value, the error it may have), floats
        self.plans: dict = {}  # state -> what its value solves (:meth:`_plan`)
        graces = rules.entry_graces | rules.bonus_graces
        g = float(sum(pr for v, pr in self.throws if v in graces))
        self.alone: tuple | None = None
        entry, bonus = rules.entry_graces, rules.bonus_graces
        # what the state after grace v may be off by, per unit of the state's own error: the
        # graces' errors weighted by their chances add up to (1 - g) times it
        roots = sum(float(pr) ** 0.5 for v, pr in self.throws if v in graces)
        self.graces = [
            (v, pr, v in entry, v in bonus, _share(v in graces, g, roots, float(pr)))
            for v, pr in self.throws
        ]
        self.stop_at: int | None = None  # :class:`TooManyStates` past this many values
        self.given_up: set = set()  # (state, error) that took too many states once
        self.waiting_bound: float | None = None  # (:meth:`_bound`) one waiting piece's

    def _full(self, state) -> tuple:
        if len(state) == 4:
            return state
        dists, waiting = state
        return (dists, waiting, self.on_board or bool(dists), self.fresh and waiting == 4)

    def _grace(self, state, v) -> bool:
        rules = self.rules
        return v in rules.entry_graces or (v in rules.bonus_graces and state[2])

    def _options(self, state, v, moves: bool = True):
        """('hit', None) | ('moves', [new states]) for throw value ``v`` in ``state`` (with
        ``moves`` False, only whether it hits: the list is left empty)."""
        dists, waiting, on, fresh = state
        rules, blocked = self.rules, self.blocked
        outs: list = []
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
                if nd in blocked or not moves:
                    continue
                new = tuple(sorted(dists + (nd,))) if nd > 0 else dists
                outs.append((new, waiting - 1, True, False))
            if entry and not rules.grace_moves_before_all_entered:
                return "moves", outs
        e = rules.distance(v, waiting > 0)
        parts = range(1, e + 1) if rules.split_throw else (e,)
        for k in parts:
            if k in dists:
                return "hit", None
        if not moves:
            return "moves", outs
        for i, d in enumerate(dists):
            if i and dists[i - 1] == d:
                continue
            for k in parts:
                nd = d - k
                if nd > 0 and nd not in blocked:
                    rest = dists[:i] + dists[i + 1 :]
                    outs.append((tuple(sorted(rest + (nd,))), waiting, on, fresh))
        return "moves", outs

    def _whole_options(self, state, v, moves: bool):
        """:meth:`_options` without ``split_throw`` (each throw moves one piece its whole
        value), written out: the most called part of :meth:`value`."""
        dists, waiting, on, fresh = state
        rules = self.rules
        if waiting:
            entry = v in rules.entry_graces
            if entry:
                a = 1 if rules.entry_mode == "square1" else v
            elif fresh and rules.first_piece_any_throw and v not in rules.bonus_graces:
                a = v
            else:
                a = 0
            outs = []
            if a:
                nd = self.te - a
                if nd == 0:
                    return "hit", None
                if moves and nd not in self.blocked:
                    new = tuple(sorted(dists + (nd,))) if nd > 0 else dists
                    outs.append((new, waiting - 1, True, False))
            if entry and not rules.grace_moves_before_all_entered:
                return "moves", outs
            e = rules.distance(v, True)
        else:
            outs = []
            e = rules.distance(v, False)
        if e in dists:
            return "hit", None
        if moves:
            blocked = self.blocked
            last = None
            for i, d in enumerate(dists):
                if d == last:
                    continue
                last = d
                nd = d - e
                if nd > 0 and nd not in blocked:
                    outs.append(
                        (tuple(sorted(dists[:i] + dists[i + 1 :] + (nd,))), waiting, on, fresh)
                    )
        return "moves", outs

    def _plan(self, state) -> tuple:
        """(the chance that the next throw hits, that of a grace with no move but a pass,
        [(chance, error share, the states its moves lead to)] for each other grace) of a full
        ``state``: what :meth:`value` solves, kept (a state's value may be asked again to within
        less)."""
        options = self._options if self.rules.split_throw else self._whole_options
        on = state[2]
        gain = loop = 0 * self.one
        moves = []
        for v, pr, entry, bonus, share in self.graces:
            grace = entry or (bonus and on)
            kind, outs = options(state, v, grace)
            if kind == "hit":
                gain += pr
            elif grace:
                if outs:
                    moves.append((pr, share, outs))
                else:
                    loop += pr
        plan = (gain, loop, moves)
        self.plans[state] = plan
        return plan

    def _bound(self, state) -> float:
        """An upper bound on a full ``state``'s value (its first-piece privilege aside): the
        chances that each piece could hit alone (:func:`_alone_bounds`; a waiting piece as if
        it entered and every throw were free to move it) added up."""
        alone = self.alone
        if alone is None:
            alone = self.alone = _alone_bounds(self.rules)
        total = 0.0
        for d in state[0]:
            total += alone[d]
        if state[1]:
            total += state[1] * self._waiting()
        return total

    def value(self, state, error: float = 0.0):
        """The state's value (exact with ``error`` 0; else at most ``error`` below it)."""
        if len(state) != 4:
            state = self._full(state)
        memo = self.memo
        got = memo.get(state)
        if got is not None:
            return got
        if error > 0:
            # the pieces farthest behind left out while their chances alone add up to at most
            # half the error; then the state's value when known to within what is left, or 0
            # when its bound is (written out here: the most called part of the floats)
            alone = self.alone
            if alone is None:
                alone = self.alone = _alone_bounds(self.rules)
            dists = state[0]
            if dists and (not state[1] or not self.rules.pyada):  # (bounds: pyada all or never)
                half = error / 2
                n, spent = len(dists), 0.0
                while n and spent + alone[dists[n - 1]] <= half:
                    n -= 1
                    spent += alone[dists[n]]
                if n < len(dists):
                    dists = dists[:n]
                    state = (dists, state[1], state[2], state[3])
                    if spent:
                        error -= spent
                        got = memo.get(state)
                        if got is not None:
                            return got
            rough = self.rough.get(state)
            if rough is not None and rough[1] <= error:
                return rough[0]
            if not state[3]:
                total = 0.0
                for d in dists:
                    total += alone[d]
                if state[1]:
                    total += state[1] * self._waiting()
                if total <= error:
                    return 0 * self.one
        plan = self.plans.get(state)
        gain, loop, moves = plan if plan is not None else self._plan(state)
        value = self.value
        cands = []
        for pr, share, outs in moves:
            after = error * share
            best = None
            for o in outs:
                c = value(o, after)
                if best is None or c > best:
                    best = c
            cands.append((best, pr))
        res = self._fixed_point(gain, loop, cands)
        kept = self.rough if error > 0 else self.memo
        kept[state] = (res, error) if error > 0 else res
        if self.stop_at is not None and len(kept) >= self.stop_at:
            raise TooManyStates
        return res

    def _waiting(self) -> float:
        """(:meth:`_bound`) the bound for one waiting piece, computed once."""
        waiting = self.waiting_bound
        if waiting is None:
            waiting = self.waiting_bound = _waiting_bound(self.rules, self.te, self.blocked)
        return waiting

    def _fixed_point(self, gain, loop, cands: list):
        """The x of ``x = gain + loop * x + sum(p * max(x, c))`` over ``cands`` ((c, p) pairs):
        try "the j best options beat passing" for j = 0, 1, ..."""
        cands.sort(key=_first, reverse=True)
        num, den = gain, self.one - loop
        for _, pr in cands:
            den -= pr
        last = len(cands)
        for j in range(last + 1):
            x = num / den
            if (j == 0 or cands[j - 1][0] >= x) and (j == last or cands[j][0] <= x):
                return x
            c, pr = cands[j]
            num += c * pr
            den += pr
        return None

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


def _waiting_bound(rules, te: int, blocked: frozenset) -> float:
    """A bound on the chance that one piece waiting in the Charkoni enters and hits the target
    on step ``te`` of its track this turn, whatever the others do (as :func:`_alone_bounds`:
    the better of pyada counted with every throw free to move it, and no pyada)."""
    free = rules.replace(grace_moves_before_all_entered=True)
    plain = free.replace(pyada=False)
    steps = frozenset(te - b for b in blocked)  # (the model's blocked steps, back on the track)
    return max(
        float(_TurnModel(r, False, te, True, steps).value(((), 1, True, False)))
        for r in (free, plain)
    )


_MODELS: dict = {}
"""Models of :func:`hit_chance` kept between calls (their values hold for any position with the
same rules, target and blocked castles), the most recent last."""
_MODELS_KEPT = 16


def _model(rules, exact, te, blocked) -> _TurnModel:
    key = (rules, exact, te, blocked)
    model = _MODELS.pop(key, None)
    if model is None:
        model = _TurnModel(rules, exact, te, True, blocked)
    _MODELS[key] = model
    while len(_MODELS) > _MODELS_KEPT:
        _MODELS.pop(next(iter(_MODELS)))
    return model
