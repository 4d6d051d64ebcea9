"""Where an opponent's turn can land, the machinery of :func:`pachisi_widget.probability.
danger_map` and :func:`~pachisi_widget.probability.hit_chance`: each throw of a series spent as
the turn mode allows, pooled throws in any order, kept per rules and relative position.

Private to the package: :mod:`pachisi_widget.probability` is the public face.
"""

from __future__ import annotations

import math
from fractions import Fraction

from .board import HOME
from .errors import short_repr
from .rules import CANCEL_HIGH
from .tables import (
    IDLE_THROWS_MAX,
    IS_CASTLE,
    LOOP_OF,
    ON_LOOP_FIRST,
    ON_LOOP_LAST,
    STEP_ON_LOOP,
)
from .turns import value_odds

DANGER_GRACES_MAX = 40
""":func:`danger_map` follows an opponent's series of throws for at most this many graces in a
row (its ``graces_max``: by default as many as it takes for the series left out to weigh less
than :data:`DANGER_TAIL`, at most this many)."""

DANGER_GRACES_LIMIT = DANGER_GRACES_MAX
"""The largest ``graces_max`` :func:`danger_map` accepts (the same as :data:`DANGER_GRACES_MAX`)."""

DANGER_TAIL = 1e-15
"""The default ``graces_max`` of :func:`danger_map` leaves out series of graces that together
are less likely than this (``g**graces_max``, g the chance of a grace)."""

FLOAT_ERROR = 1e-9
"""With floats (``exact=False``), :func:`danger_map` (and :func:`hit_chance` in
``throw_then_move``) end the least likely series of throws where they stand, their landings
counted so far, as long as all the series ended so together weigh at most this much: no chance
is then lower than the exact one by more than this."""


def _check_pieces(position) -> tuple:
    """A position given as a list (see :func:`hit_chance`), checked: four entries, each None or
    four steps 0..84."""
    if not isinstance(position, (list, tuple)) or len(position) != 4:
        raise ValueError(
            "position must be a GameState or four entries (one per seat S, E, N, W), each four "
            f"steps 0..84 or None, not {short_repr(position)}"
        )
    out = []
    for seat, steps in enumerate(position):
        if steps is None:
            out.append(None)
            continue
        if (
            not isinstance(steps, (list, tuple))
            or len(steps) != 4
            or any(
                isinstance(t, bool) or not isinstance(t, int) or not 0 <= t <= HOME for t in steps
            )
        ):
            raise ValueError(
                f"position[{seat}] must be four steps 0..84 (or None), not {short_repr(steps)}"
            )
        out.append(tuple(steps))
    return tuple(out)


def _trim(frontier: dict, budget: float, out: dict, final_key) -> None:
    """Move the least likely states of ``frontier`` into ``out`` (keyed by ``final_key(state)``)
    while their chances add up to at most ``budget``."""
    if budget <= 0 or len(frontier) < 8:
        return
    spent = 0.0
    for st, m in sorted(frontier.items(), key=lambda sm: sm[1]):
        if spent + m > budget:
            break
        spent += m
        del frontier[st]
        k = final_key(st)
        out[k] = out.get(k, 0) + m


_TARGETS = (1 << ON_LOOP_LAST) - 2
"""Bits 1..75: the steps of an opponent's track a piece can be hit on (bit n = step n)."""


def _default_graces(rules) -> int:
    dist = value_odds(rules, exact=False)
    g = sum(pr for v, pr in dist.items() if v in rules.entry_graces or v in rules.bonus_graces)
    k = 0
    tail = 1.0
    while tail > DANGER_TAIL and k < DANGER_GRACES_MAX:
        tail *= g
        k += 1
    return k


def _throw_ways(rules, allowed: int, v: int) -> tuple:
    """What spending a throw ``v`` can do, whatever the play (:func:`_spender`): (the steps a
    waiting piece enters on by an entry grace, the steps a privileged first piece enters on,
    whether a piece entered by a grace moves no further with it, the distance a piece moves
    while others wait, the distance when none waits), the steps kept to those ``allowed``."""
    split = rules.split_throw
    entry = v in rules.entry_graces
    enter = 0  # the steps a waiting piece enters on: by an entry grace, or privileged
    privileged = 0
    if entry:
        enter = (1 << (1 if rules.entry_mode == "square1" else v)) & allowed
    elif rules.first_piece_any_throw and v not in rules.bonus_graces:
        for a in range(1, v + 1) if split else (v,):
            privileged |= 1 << a
        privileged &= allowed
    only_enters = entry and not rules.grace_moves_before_all_entered
    return enter, privileged, only_enters, rules.distance(v, True), rules.distance(v, False)


def _spender(rules, allowed: int):
    """Two functions, ``spend(v, w, on, fresh, mask)``: the ways one throw ``v`` can be spent that
    matter for landing (passing aside), ``[(w, on, fresh, mask, new)]``: a piece entered (``w``
    one less) or the piece that is to land moved; ``mask`` the steps that piece may now stand
    on, ``new`` the steps it just landed on (bit n = step n), with the steps ``allowed`` to stop
    on; and ``lands(v, w, fresh, mask)``: the steps those ways land on, together. What does not
    depend on the play is worked out once per throw value (:func:`_throw_ways`)."""
    split = rules.split_throw
    each = {v: _throw_ways(rules, allowed, v) for v in rules.values}

    def move(mask: int, d: int) -> int:
        if split:
            new = 0
            for k in range(1, d + 1):
                new |= mask << k
            return new & allowed
        return (mask << d) & allowed

    def spend(v, w, on, fresh, mask) -> list:
        enter, privileged, only_enters, d_waiting, d = each[v]
        out = []
        if w:
            bits = enter or (privileged if fresh else 0)
            if bits:
                out.append((w - 1, True, False, mask | bits, bits))
            if only_enters:
                return out
            d = d_waiting
        if mask:
            new = move(mask, d)
            if new:
                out.append((w, on, fresh, mask | new, new))
        return out

    def lands(v, w, fresh, mask) -> int:
        """The steps ``spend``'s ways land on, together (for a throw that ends the turn)."""
        enter, privileged, only_enters, d_waiting, d = each[v]
        got = 0
        if w:
            got = enter or (privileged if fresh else 0)
            if only_enters:
                return got
            d = d_waiting
        if mask:
            got |= move(mask, d)
        return got

    return spend, lands


def _squash(keep):
    """(:func:`_landing_sets`' ``keep``) a function from the steps landed on (bits) to what of
    them is kept: with ``keep`` = (a step's bit, other steps' bits), that step's bit, and the
    lowest of the others' for "one of the others" (None: all of them)."""
    if keep is None:
        return None
    one, others = keep
    rep = others & -others

    def squash(got: int) -> int:
        return (got & one) | (rep if got & others else 0)

    return squash


_NONE_GO_ON, _ALL_GO_ON, _ON_GO_ON = 0, 1, 2
"""(:func:`_spend_throw`) which plays go on after a throw: none (it ends the turn), all (an
entry grace, or a pool still being spent), those with a piece on the board (a bonus grace)."""


def _spend_throw(plays, ways: tuple, allowed: int, split: bool, out: dict, go_on: int) -> int:
    """Spend one throw on each of ``plays`` ((key, steps) pairs, the key ``4 * waiting + 2 * on
    + fresh``, the steps those the piece that is to land may stand on), its ``ways``
    (:func:`_throw_ways`): the steps it lands on (bits). The plays open after it, passing
    included, are put into ``out`` (key: steps, together) for those that ``go_on``. Both turn
    modes' landings spend their throws here (the hot part of every chance of being hit)."""
    enter, privileged, only_enters, d_waiting, d_on = ways
    got = 0
    for key, mask in plays:
        grace = go_on == _ALL_GO_ON or (go_on == _ON_GO_ON and key & 2)
        if grace:  # (passing keeps the play as it stands)
            out[key] = out.get(key, 0) | mask
        d = d_on
        if key >= 4:  # pieces waiting: enter one (on the board, unprivileged)
            bits = enter or (privileged if key & 1 else 0)
            if bits:
                got |= bits
                if grace:
                    k2 = (key & ~3) - 2  # one fewer waiting, on the board, not fresh
                    out[k2] = out.get(k2, 0) | mask | bits
            if only_enters:
                continue
            d = d_waiting
        if mask:
            if split:
                new = 0
                for k in range(1, d + 1):
                    new |= mask << k
                new &= allowed
            else:
                new = (mask << d) & allowed
            if new:
                got |= new
                if grace:
                    out[key] |= new
    return got


def _each_throw_landings(rules, start, allowed, throws, graces_max, floor, unit, keep) -> dict:
    """``move_each_throw``: {the steps the turn can land on (bits): chance}.

    A state of the turn so far is (the steps landed on, the plays still open): a play is
    (pieces waiting, a piece on the board, privilege, the steps the piece that is to land may
    stand on); plays with the same first three merge. Each throw is a grace for a play as
    that play stands when it is thrown. Chances as in :func:`_pooled_landings`. With ``keep``
    (:func:`_squash`), only what it keeps of the steps landed on: states merge, and a series
    that has landed on all it keeps ends there."""
    entry, bonus = rules.entry_graces, rules.bonus_graces
    squash = _squash(keep)
    full = -1 if keep is None else squash(-1)
    split = rules.split_throw
    # each throw: its chance, whether a grace for every play (an entry grace) or for those with
    # a piece on the board (a bonus grace), and :func:`_throw_ways`; a play is keyed
    # 4 * waiting + 2 * on + fresh (the order of (waiting, on, fresh)), with its steps
    kinds = [(pv, v in entry, v in bonus, _throw_ways(rules, allowed, v)) for v, pv in throws]
    w, on, fresh, mask = start
    first = (0, ((4 * w + 2 * bool(on) + bool(fresh), mask),))
    frontier = {first: unit ** (graces_max + 1) if unit else 1.0}
    final: dict = {}
    for depth in range(graces_max + 1):
        nxt: dict = {}
        last = depth == graces_max
        for (landed, plays), mass in frontier.items():
            base = mass // unit if unit else mass
            for pv, is_entry, is_bonus, ways in kinds:
                m = base * pv
                got = landed
                ends = not is_entry and not is_bonus  # no grace: the turn ends with this throw
                cont: dict = {}
                mode = _NONE_GO_ON if ends else _ALL_GO_ON if is_entry else _ON_GO_ON
                got |= _spend_throw(plays, ways, allowed, split, cont, mode)
                if squash is not None:
                    got = squash(got)
                if ends:
                    final[got] = final.get(got, 0) + m
                elif cont and not last and got != full:
                    ways = cont.items()
                    st = (got, tuple(ways) if len(cont) == 1 else tuple(sorted(ways)))
                    nxt[st] = nxt.get(st, 0) + m
                else:
                    final[got] = final.get(got, 0) + m
        _trim(nxt, floor, final, lambda st: st[0])
        frontier = nxt
    return final


class _PoolTable:
    """``throw_then_move``: called with a pool of throws (a sorted tuple), the steps it can land
    a piece on, spent in any order (each throw on one piece; what is not used is passed at the
    end). Pools share their parts: what each smaller pool can do is computed once (``plays``:
    the plays open after spending some of it, each keyed ``4 * waiting + 2 * on + fresh``
    with the steps the piece that is to land may stand on; ``lands``: its landings). The ways
    of spending a throw are :func:`_spender`'s, written out in the loop (this is the hot part
    of every ``throw_then_move`` chance). (A class, not a closure calling itself, which would
    be a reference cycle holding every pool until the garbage collector's next full pass.)"""

    def __init__(self, rules, start, allowed):
        w, on, fresh, mask = start
        self.plays: dict = {(): {4 * w + 2 * bool(on) + bool(fresh): mask}}
        self.lands: dict = {(): 0}
        self.allowed = allowed
        self.split = rules.split_throw
        self.each = {v: _throw_ways(rules, allowed, v) for v in rules.values}

    def __call__(self, pool: tuple) -> int:
        lands, plays, each, allowed = self.lands, self.plays, self.each, self.allowed
        got = lands.get(pool)
        if got is not None:
            return got
        open_: dict = {}
        got = 0
        split = self.split
        for i, v in enumerate(pool):
            if i and pool[i - 1] == v:
                continue
            less = pool[:i] + pool[i + 1 :]
            sub = lands.get(less)
            got |= self(less) if sub is None else sub
            got |= _spend_throw(plays[less].items(), each[v], allowed, split, open_, _ALL_GO_ON)
        plays[pool] = open_
        lands[pool] = got
        return got


def _pooled_landings(rules, start, allowed, throws, graces_max, floor, unit, keep) -> dict:
    """``throw_then_move``: {the steps the turn can land on (bits): chance}. The series is
    thrown first (:func:`_series_pools`), then the pool is spent in any order
    (:class:`_PoolTable`); with ``keep``, only what it keeps of them (:func:`_squash`)."""
    final: dict = {}
    table = _PoolTable(rules, start, allowed)
    squash = _squash(keep)
    for pool, m in _series_pools(rules, start[1], throws, graces_max, floor, unit):
        got = table(pool)
        if squash is not None:
            got = squash(got)
        final[got] = final.get(got, 0) + m
    return final


def _kept_for_sure(st) -> tuple:
    """The part of a series' pool that no later throw can take back: its last throws of a run
    that ``cancel_three`` may still void left out (a series ended early lands no more than the
    whole series would)."""
    pool, _, run = st
    if not run:
        return pool
    left = list(pool)
    for x in run:
        left.remove(x)
    return tuple(left)


_POOLS: dict = {}
"""(:func:`_series_pools`) the pools of a turn's series, per rules: they do not depend on the
position (but for whether a piece is on the board as the turn begins)."""
_POOLS_KEPT = 32


def _series_pools(rules, on: bool, throws, graces_max, floor, unit) -> list:
    """``throw_then_move``: [(pool, chance)] of a series of throws, the shortest pools first: a
    bonus grace counts when the seat had a piece on the board as it began (``on``);
    ``cancel_three`` voids three high throws, three 7s or three 14s in a row and ends it.
    Chances are floats, or with a ``unit`` (exact) whole numbers of
    ``unit ** -(graces_max + 1)``: each throw's chance is ``pv / unit`` and a series starts
    from ``unit ** (graces_max + 1)``, divided by ``unit`` at each throw (exactly: a series has
    at most ``graces_max + 1`` throws), so that every chance is on one denominator and no
    fraction is reduced on the way. Kept per rules (the same for every position)."""
    key = (rules, on, graces_max, floor, unit)
    got = _POOLS.pop(key, None)
    if got is None:
        entry, bonus = rules.entry_graces, rules.bonus_graces
        frontier: dict = {((), None, ()): unit ** (graces_max + 1) if unit else 1.0}
        pools: dict = {}
        for depth in range(graces_max + 1):
            nxt: dict = {}
            for (pool, cls, run), mass in frontier.items():
                for v, pv in throws:
                    m = mass // unit * pv if unit else mass * pv
                    grace = v in entry or (v in bonus and on)
                    new_cls, new_run = None, ()
                    if rules.cancel_three:
                        c = "high" if v in CANCEL_HIGH else v if v in (7, 14) else None
                        if c is not None:
                            new_cls, new_run = c, (run + (v,) if c == cls else (v,))
                            if len(new_run) == 3:  # void: the series ends
                                left = list(pool)
                                for x in new_run[:2]:
                                    left.remove(x)
                                pools[tuple(left)] = pools.get(tuple(left), 0) + m
                                continue
                    p2 = tuple(sorted(pool + (v,)))
                    if grace and depth < graces_max:
                        key2 = (p2, new_cls, new_run)
                        nxt[key2] = nxt.get(key2, 0) + m
                    else:
                        pools[p2] = pools.get(p2, 0) + m
            _trim(nxt, floor, pools, _kept_for_sure)
            frontier = nxt
        got = sorted(pools.items(), key=lambda pm: len(pm[0]))
    _POOLS[key] = got
    while len(_POOLS) > _POOLS_KEPT:
        _POOLS.pop(next(iter(_POOLS)))
    return got


_LANDINGS: dict = {}
_LANDINGS_KEPT = 256


def _turn_landings(rules, start, allowed, exact, graces_max, error=FLOAT_ERROR, keep=None) -> dict:
    """{the steps one seat's turn can land on (bits): chance}, from ``start`` (pieces waiting,
    a piece on the board, privilege, the steps of the pieces that may land) with the steps
    ``allowed`` to stop on; with ``keep``, only what it keeps of them (:func:`_squash`)."""
    odds = value_odds(rules, exact)
    unit = 0
    if exact:  # whole numbers on one denominator (see _pooled_landings)
        unit = 1
        for pr in odds.values():
            unit = math.lcm(unit, Fraction(pr).denominator)
        throws = [(v, int(pr * unit)) for v, pr in odds.items()]
    else:
        throws = [(v, float(pr)) for v, pr in odds.items()]
    floor = 0.0 if exact else error / (graces_max + 1)  # a budget for each depth
    if rules.turn_mode == "throw_then_move":
        final = _pooled_landings(rules, start, allowed, throws, graces_max, floor, unit, keep)
    else:
        final = _each_throw_landings(rules, start, allowed, throws, graces_max, floor, unit, keep)
    if exact:
        whole = unit ** (graces_max + 1)
        return {bits: Fraction(n, whole) for bits, n in final.items()}
    return final


_RELATIVE = 128
"""In :func:`_relative_landings`, bit ``_RELATIVE + d`` stands for "d steps ahead of a piece
that began the turn on the board"; the bits below it are steps of the track (pieces entered
during the turn)."""

_RELATIVES: dict = {}


def _relative_landings(
    rules, w, on, privilege, has_start, exact, graces_max, error=FLOAT_ERROR
) -> list:
    """[(steps ahead of a piece on the board it can land on, steps entered pieces can land on,
    chance)] (bits) for one seat's turn with no castle held in its way: the same for every
    position of its pieces on the board, so computed once per rules and kept."""
    key = (rules, w, on, privilege, has_start, exact, graces_max, error)
    got = _RELATIVES.get(key)
    if got is None:
        allowed = _TARGETS | (((1 << (ON_LOOP_LAST - 1)) - 2) << _RELATIVE)
        start = (w, on, privilege, (1 << _RELATIVE) if has_start else 0)
        final = _turn_landings(rules, start, allowed, exact, graces_max, error)  # (all kept)
        low = (1 << _RELATIVE) - 1
        got = [(bits >> _RELATIVE, bits & low, pr) for bits, pr in final.items()]
        _RELATIVES[key] = got
    return got


def _landing_sets(
    rules,
    pieces: tuple,
    fresh: bool,
    blocked: frozenset,
    exact: bool,
    graces_max,
    error=FLOAT_ERROR,
    keep=None,
):
    """[(the steps 1..75 of this seat's track its turn can land a piece on (bits), chance)],
    for a seat with ``pieces`` (its four steps), its first-piece privilege ``fresh``, and
    ``blocked`` the castle steps of its track an opponent holds; with floats, the series ended
    early weigh at most ``error`` (see :data:`FLOAT_ERROR`). With ``keep`` = (a step's bit,
    other steps' bits), only whether the turn can land on that step and whether on one of the
    others (the lowest of their bits standing for them all: :func:`_squash`), which is quicker
    where castles are held (the states of the turn merge): all one chance of being hit and its
    capture bound ask. Kept between calls (by its arguments)."""
    if graces_max is None:
        graces_max = _default_graces(rules)
    key = (rules, pieces, fresh, blocked, exact, graces_max, error, keep)
    got = _LANDINGS.pop(key, None)
    if got is None:
        w = sum(1 for t in pieces if t == 0)
        on = any(0 < t < HOME for t in pieces)
        starts = [t for t in pieces if 0 < t < ON_LOOP_LAST]
        privilege = fresh and w == 4
        if not blocked:
            # no castle held in its way: the turn's odds in steps relative to the pieces on the
            # board hold for any position of them (computed once per rules), then shifted
            final = _relative_landings(
                rules, w, on, privilege, bool(starts), exact, graces_max, error
            )
            merged: dict = {}
            squash = _squash(keep)
            for rel, entered, pr in final:
                landed = entered
                for t in starts:
                    landed |= (rel << t) & _TARGETS
                if squash is not None:
                    landed = squash(landed)
                merged[landed] = merged.get(landed, 0) + pr
            got = _Sets(merged.items())
        else:
            allowed = _TARGETS
            for b in blocked:
                allowed &= ~(1 << b)
            mask = 0
            for t in starts:
                mask |= 1 << t
            start = (w, on, privilege, mask)
            final = _turn_landings(rules, start, allowed, exact, graces_max, error, keep)
            got = _Sets(final.items())
    _LANDINGS[key] = got
    while len(_LANDINGS) > _LANDINGS_KEPT:
        _LANDINGS.pop(next(iter(_LANDINGS)))
    return got


class _Sets(list):
    """A seat's landing sets (:func:`_landing_sets`), with their chances per step once asked
    (:func:`_landing_odds`: the map and its capture bound read them both)."""

    __slots__ = ("odds",)

    def __init__(self, items=()):
        super().__init__(items)
        self.odds: dict | None = None


def _landing_odds(sets: list, exact: bool) -> dict:
    """{step of a seat's track 1..75: the chance its turn can land a piece there}, from its
    turn's landing ``sets`` (:func:`_landing_sets`; kept with them). Not to be changed."""
    odds = getattr(sets, "odds", None)
    if odds is None:
        odds = _marginals(sets, Fraction(0) if exact else 0.0)
        if isinstance(sets, _Sets):
            sets.odds = odds
    return odds


def _landing_chance(sets: list, step: int, exact: bool):
    """The chance that a seat's turn can land a piece on ``step`` (:func:`_landing_odds`'s, read
    from them when kept; else added up for that step alone, quicker than every step's)."""
    odds = getattr(sets, "odds", None)
    if odds is not None:
        return odds.get(step, Fraction(0) if exact else 0.0)
    bit = 1 << step
    total = Fraction(0) if exact else 0.0
    for landed, pr in sets:
        if landed & bit:
            total += pr
    return total


_CHUNK = 8
""":func:`_marginals` adds the chances up by groups of this many steps first."""


def _marginals(sets: list, zero) -> dict:
    """{step: the total chance of the ``sets`` (bits, chance) that hold it}. The chances are
    added up first for each group of :data:`_CHUNK` steps by the steps of the group a set holds
    (few distinct ones), and only then spread on the steps: a few additions a set instead of
    one a step."""
    width, low = _CHUNK, (1 << _CHUNK) - 1
    groups: list = [{} for _ in range((HOME + width - 1) // width)]
    for landed, pr in sets:
        c = 0
        while landed:
            part = landed & low
            if part:
                acc = groups[c]
                acc[part] = acc.get(part, zero) + pr
            landed >>= width
            c += 1
    got: dict = {}
    for c, acc in enumerate(groups):
        base = width * c
        for part, pr in acc.items():
            while part:
                bit = part & -part
                step = base + bit.bit_length() - 1
                got[step] = got.get(step, zero) + pr
                part ^= bit
    return dict(sorted(got.items()))


def _capture_slack(sets: list, targets: int, exact: bool) -> tuple:
    """What the extra throws won by capturing another piece can add to a seat's chances, from
    its turn's landing ``sets`` (:func:`_landing_sets`) and ``targets``, the steps of its track
    where a piece it could capture stands (bits): ``(total, lands, alone)``, with ``total`` the
    chance that its throws can land on one of them, ``lands[s]`` the part of it in which they
    can land on step s too, and ``alone[s]`` the part in which s is the only one they can land
    on. An extra throw is won only by a capture the turn's own throws make, so the chance of
    landing on s grows by at most ``total - lands[s]`` (the throws that land on s already count),
    and the chance that a player who plays each throw as it comes hits s by at most
    ``total - alone[s]`` (a capture elsewhere). ``lands`` adds up the sets that land on a
    target, or, when most do, takes those that do not from :func:`_landing_odds` (kept with
    the sets: the map reads them first), whichever is fewer (in floats the two differ by
    rounding, far within the bound's margin)."""
    zero = Fraction(0) if exact else 0.0
    total, alone, caught_sets, missed = zero, {}, [], []
    for landed, pr in sets:
        caught = landed & targets
        if not caught:
            missed.append((landed, pr))
            continue
        total += pr
        caught_sets.append((landed, pr))
        if caught & (caught - 1) == 0:
            step = caught.bit_length() - 1
            alone[step] = alone.get(step, zero) + pr
    if len(missed) >= len(caught_sets):
        return total, _marginals(caught_sets, zero), alone
    odds = _landing_odds(sets, exact)
    away = _marginals(missed, zero)
    return total, {s: pr - away.get(s, zero) for s, pr in odds.items()}, alone


def _blocked(pieces, seats, rules, o: int) -> frozenset:
    """The castle steps of seat ``o``'s track that an opponent of ``o`` holds (no piece of
    ``o`` may stop there)."""
    out = set()
    for s in seats:
        if s == o or (rules.teams and (s - o) % 2 == 0) or pieces[s] is None:
            continue
        for t in pieces[s]:
            g = LOOP_OF[s][t]
            if g >= 0:
                step = STEP_ON_LOOP[o][g]
                if IS_CASTLE[step]:
                    out.add(step)
                    if step == ON_LOOP_FIRST:
                        out.add(ON_LOOP_LAST)
    return frozenset(out)


def _canonical(st, left: int):
    """``st`` with what cannot change the rest of the turn's play left out, so that series of
    throws that lead to the same position merge: the narration (last throw, events, cancelled),
    the count of idle throws while it cannot reach the dead-game limit within ``left`` more
    throws, and the order of a pool of throws (spent in any order), but for its last throws of
    a run that ``cancel_three`` may still void."""
    fields: dict = {}
    if st.last_throw is not None:
        fields["last_throw"] = None
    if st.events:
        fields["events"] = ()
    if st.cancelled:
        fields["cancelled"] = ()
    if st.idle and st.idle + left < IDLE_THROWS_MAX:
        fields["idle"] = 0
    pool = st.pool
    if len(pool) > 1:
        keep = st.run[1] if st.rules.cancel_three and st.phase == "throw" else 0
        head, tail = pool[: len(pool) - keep], pool[len(pool) - keep :]
        fields["pool"] = tuple(sorted(head)) + tail
    return st._replace(**fields) if fields else st
