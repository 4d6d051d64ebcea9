"""Exact odds for the probability lessons: throws, turns, reaching a square, waiting for a 25,
being hit.

Every function takes the :class:`~pachisi_widget.rules.Rules` (None: the classic game) and
``exact``: with ``exact=True`` (the default) the answers are :class:`fractions.Fraction`
values, ``p_mouth_up`` read exactly by :func:`~pachisi_widget.throws.exact_p` (a float as the
decimal it prints as); with ``exact=False`` they are floats computed in float arithmetic, for
any ``p``.

A *turn* is a series of throws: each grace (an entry grace, or a bonus grace while the seat has
a piece on the board) gives one more throw; the series ends on a throw that is no grace. The
turn-level functions leave out what the board adds (extra throws for captures, entry rules,
blocking castles, overshooting home, ``cancel_three``); pyada's extra step is counted when the
rules have it (the seat is taken to have all its pieces entered).

>>> from pachisi_widget import Rules
>>> throw_odds()[25], throw_odds()[2]
(Fraction(1, 64), Fraction(15, 64))
>>> expected_throws_until(25), expected_turns_until(25)
(Fraction(64, 1), Fraction(57, 1))
>>> reach_chance(2)                    # a 2 before the turn ends: (15/64) / (1 - 8/64)
Fraction(15, 56)
>>> round(throw_odds(Rules(p_mouth_up=0.3), exact=False)[25], 12)
0.117649
"""

from __future__ import annotations

from fractions import Fraction

from . import hitting, landings
from .board import HOME
from .hitting import (
    _capturable,
    _check_error,
    _check_hit,
    _exact_hit,  # noqa: F401  (practice questions ask for it)
    _hits,
    _hits_shown,
    _position,
    _slack_margin,
)
from .landings import (  # noqa: F401  (the benchmarks empty these)
    _LANDINGS,
    _POOLS,
    _RELATIVES,
    _blocked,
    _canonical,
    _capture_slack,
    _check_pieces,
    _landing_odds,
    _landing_sets,
    _trim,
)
from .reaching import REACH_FLOAT_ERROR, REACH_THROWS_LIMIT, REACH_THROWS_MAX, reach_map
from .tables import (
    IS_SAFE,
    LOOP_OF,
    ON_LOOP_FIRST,
    ON_LOOP_LAST,
    STEP_ON_LOOP,
)
from .turns import (
    _MODELS,  # noqa: F401  (the benchmarks empty it)
    _graces,
    _rules,
    _TurnModel,
    _whole,
    value_odds,
)

__all__ = [
    "throw_odds",
    "turn_length_odds",
    "turn_total_odds",
    "turn_total_moments",
    "reach_chance",
    "expected_throws_until",
    "expected_turns_until",
    "turn_has_value_chance",
    "castle_wait_odds",
    "hit_chance",
    "danger_map",
    "capture_bound",
    "reach_map",
    "DANGER_GRACES_MAX",
    "DANGER_GRACES_LIMIT",
    "REACH_THROWS_MAX",
    "REACH_THROWS_LIMIT",
    "REACH_FLOAT_ERROR",
    "DANGER_TAIL",
    "FLOAT_ERROR",
    "HIT_ERROR_MAX",
    "SHOWN_ERROR",
]


def throw_odds(rules=None, exact: bool = True) -> dict:
    """One throw: each value's probability (table order, 0 mouths up first).

    >>> throw_odds()                     # doctest: +NORMALIZE_WHITESPACE
    {25: Fraction(1, 64), 10: Fraction(3, 32), 2: Fraction(15, 64), 3: Fraction(5, 16),
     4: Fraction(15, 64), 5: Fraction(3, 32), 6: Fraction(1, 64)}
    >>> round(sum(throw_odds("mitra", exact=False).values()), 12)
    1.0
    """
    return value_odds(_rules(rules), exact)


def turn_length_odds(
    rules=None, max_throws: int = 10, on_board: bool = True, exact: bool = True
) -> dict:
    """P(a turn has exactly n throws) for n = 1..max_throws: geometric in the grace chance g,
    ``g**(n-1) * (1 - g)``; the rest, ``g**max_throws``, is longer.

    >>> turn_length_odds(max_throws=3)
    {1: Fraction(7, 8), 2: Fraction(7, 64), 3: Fraction(7, 512)}
    """
    rules = _rules(rules)
    graces = _graces(rules, on_board)
    dist = throw_odds(rules, exact)
    g = sum((pr for v, pr in dist.items() if v in graces), 0 * dist[rules.table[0]])
    return {n: g ** (n - 1) * (1 - g) for n in range(1, max_throws + 1)}


def turn_total_odds(
    rules=None, max_throws: int = 8, on_board: bool = True, exact: bool = True
) -> dict:
    """P(a turn's throws add up to t), graces chained, pyada counted; series longer than
    ``max_throws`` are left out (their mass is ``g**max_throws``).

    >>> d = turn_total_odds()
    >>> d[2], d[8]                       # a 2 at once; 6 then 2
    (Fraction(15, 64), Fraction(15, 4096))
    >>> d[12]                            # 10 then 2 (6, 6 would still throw again)
    Fraction(45, 2048)
    """
    rules = _rules(rules)
    dist = throw_odds(rules, exact)
    graces = _graces(rules, on_board)
    zero = 0 * next(iter(dist.values()))
    out: dict = {}
    frontier = {0: zero + 1}
    for _ in range(max_throws):
        nxt: dict = {}
        for total, pr in frontier.items():
            for v, pv in dist.items():
                t = total + rules.distance(v)
                if v in graces:
                    nxt[t] = nxt.get(t, zero) + pr * pv
                else:
                    out[t] = out.get(t, zero) + pr * pv
        frontier = nxt
    return dict(sorted(out.items()))


def turn_total_moments(rules=None, on_board: bool = True, exact: bool = True) -> tuple:
    """The mean and the variance of a turn's total (graces chained, pyada counted), exactly:
    no series is left out. With A and B the sums of step × probability over the graces and the
    other throws, A2 and B2 those of step² × probability, and g the grace chance,
    mean = (A + B) / (1 - g) and E[total²] = (A2 + B2 + 2·A·mean) / (1 - g).

    >>> turn_total_moments()
    (Fraction(271, 56), Fraction(81777, 3136))

    Raises:
        ValueError: when every throw is a grace (a turn would never end).
    """
    rules = _rules(rules)
    dist = throw_odds(rules, exact)
    graces = _graces(rules, on_board)
    zero = 0 * next(iter(dist.values()))
    g = sum((pr for v, pr in dist.items() if v in graces), zero)
    if g >= 1:
        raise ValueError("every throw is a grace under these rules: a turn would never end")
    a = sum((rules.distance(v) * pr for v, pr in dist.items() if v in graces), zero)
    b = sum((rules.distance(v) * pr for v, pr in dist.items() if v not in graces), zero)
    a2 = sum((rules.distance(v) ** 2 * pr for v, pr in dist.items() if v in graces), zero)
    b2 = sum((rules.distance(v) ** 2 * pr for v, pr in dist.items() if v not in graces), zero)
    mean = (a + b) / (1 - g)
    return mean, (a2 + b2 + 2 * a * mean) / (1 - g) - mean**2


def reach_chance(steps: int, rules=None, exact: bool = True):
    """P(a piece lands exactly ``steps`` ahead this turn), playing each throw as it comes.

    The piece moves with a throw or lets it go (to another piece, or passed): after a grace the
    turn goes on, so e.g. a 6 may be kept back in the hope of a 10 that, with a 2, makes 12. This
    is the chance to land on a given square ``steps`` ahead (to capture, or to reach a castle),
    the board aside, for a seat whose pieces have all entered.

    >>> reach_chance(16)                 # 10 + 6 (both graces), or 6 + 10, or 6, 6, 4, ...
    Fraction(1525, 469224)
    >>> reach_chance(25) == turn_has_value_chance(25)   # best: keep it for a 25 itself
    True
    """
    if steps <= 0:
        return Fraction(0) if exact else 0.0
    return _TurnModel(_rules(rules), exact).value(((steps,), 0))


def expected_throws_until(value: int, rules=None, exact: bool = True):
    """Expected number of throws until one shows ``value``: 1 / P(value) (geometric).

    Raises:
        ValueError: when ``value`` cannot be thrown under ``rules``.

    >>> expected_throws_until(25, "mitra")
    Fraction(32, 3)
    """
    pr = throw_odds(_rules(rules), exact).get(value, 0)
    if not pr:
        raise ValueError(f"a throw of {value!r} cannot happen with these rules")
    return 1 / pr


def turn_has_value_chance(value: int, rules=None, on_board: bool = True, exact: bool = True):
    """P(a turn's series of throws contains ``value``): at each throw, ``value`` ends the wait,
    another grace goes on, anything else ends the turn: ``q / (q + r)``, with q = P(value) and
    r = P(a throw that is neither ``value`` nor a grace).

    >>> turn_has_value_chance(25)
    Fraction(1, 57)
    """
    rules = _rules(rules)
    dist = throw_odds(rules, exact)
    graces = _graces(rules, on_board)
    q = dist.get(value, 0 * dist[rules.table[0]])
    r = sum((pr for v, pr in dist.items() if v != value and v not in graces), 0 * q)
    if not q:
        return q
    return q / (q + r)


def expected_turns_until(value: int, rules=None, on_board: bool = True, exact: bool = True):
    """Expected number of turns until a turn contains ``value``: 1 / :func:`turn_has_value_chance`.

    Raises:
        ValueError: when ``value`` cannot be thrown under ``rules``.

    >>> expected_turns_until(25, "seven_cowries")
    Fraction(16, 3)
    """
    q = turn_has_value_chance(value, rules, on_board, exact)
    if not q:
        raise ValueError(f"a throw of {value!r} cannot happen with these rules")
    return 1 / q


def castle_wait_odds(
    rules=None, per: str = "turn", upto: int = 10, value: int = 25, exact: bool = True
) -> dict:
    """The wait of a piece on the 25-castle (step 59) for a 25: P(the first 25 comes at the k-th
    throw, or in the k-th turn), k = 1..upto; geometric. (With ``pyada`` a 25 moves 26 and cannot
    carry the piece home: then this is just the wait for a 25.)

    Raises:
        ValueError: for ``per`` other than "turn" or "throw".

    >>> w = castle_wait_odds(per="turn", upto=3)
    >>> w[1], w[2], float(sum(w.values()))
    (Fraction(1, 57), Fraction(56, 3249), 0.0517...)
    >>> castle_wait_odds(per="throw", upto=1)
    {1: Fraction(1, 64)}
    """
    rules = _rules(rules)
    if per == "turn":
        q = turn_has_value_chance(value, rules, True, exact)
    elif per == "throw":
        q = throw_odds(rules, exact).get(value, 0)
    else:
        raise ValueError(f"per must be 'turn' or 'throw', not {per!r}")
    return {k: (1 - q) ** (k - 1) * q for k in range(1, upto + 1)}


HIT_ERROR_MAX = hitting.HIT_ERROR_MAX
"""The largest ``error`` :func:`hit_chance` (and the maps) accept."""

SHOWN_ERROR = 1e-4
"""How far below the exact chances the board's figures may be (``error`` of :func:`danger_map`,
:func:`capture_bound`, :func:`hit_chance` and :func:`reach_map` for the danger and reach maps,
the tutor's reasons and a practice question's answer): a hundredth of a point, a tenth of the
finest figure the board shows (0.1%), which keeps every reachable position within milliseconds
(``scripts/bench_maps.py``)."""


def hit_chance(position, seat: int, step: int, rules=None, exact: bool = True, error: float = 0.0):
    """P(a piece of ``seat`` on ``step`` is hit before that seat's next turn).

    ``position`` is a :class:`~pachisi_widget.state.GameState` (its rules are used) or a list of
    four entries, each a seat's four steps or None (as for ``Game.from_position``). Every
    opponent seat in play has one turn first and plays it to hit, with the rules of
    :func:`danger_map` (graces at each throw, entry graces passable, the first-piece privilege,
    castles an opponent holds, pyada, cancelling): with ``move_each_throw`` each throw as it
    comes (see :class:`_TurnModel`, an exact optimal stopping problem); with
    ``throw_then_move`` the whole series is thrown before any move, so the player sees the
    pool at once and the chance is :func:`danger_map`'s for that square. A piece on a castle, a
    private column (steps 1..7, 77..83) or off the board is safe. Left out: extra throws won by
    capturing other pieces (:func:`capture_bound` with ``step`` bounds what they can add);
    with ``split_throw``, one throw divided between two pieces.

    With ``exact=True`` the chance is a Fraction, exact. With floats it is never more than
    ``error`` below the exact chance (0, the default, means :data:`FLOAT_ERROR`, 1e-9; at most
    :data:`HIT_ERROR_MAX`), and never above it by more than the float rounding: in each state
    of an opponent's turn the pieces that could hardly hit are left out while their own chances
    add up to a share of that (see :class:`_TurnModel`), which keeps every position reachable
    in a game fast. Models are kept between calls (their values hold for any position with the
    same rules, target and castles held).

    Raises:
        ValueError: for a seat that is not 0..3 or not in play, a step that is not 0..84, or a
            position that is not four entries of four steps 0..84 (or None).

    >>> hit_chance([[0, 30, 0, 0], None, [84, 84, 84, 62], None], 0, 30)   # North 2 behind
    Fraction(15, 56)
    >>> hit_chance([[0, 30, 0, 0], None, [84, 84, 84, 62], None], 0, 29)   # 29 is a castle
    Fraction(0, 1)
    >>> hit_chance([[0, 30, 0, 0], None, [84, 84, 61, 62], None], 0, 30)   # 2 or 3 behind
    Fraction(5, 8)
    >>> waiting = [[0, 30, 0, 0], None, [0, 0, 61, 62], None]     # North's graces must enter
    >>> round(float(hit_chance(waiting, 0, 30)), 4)
    0.625
    """
    rules, pieces, fresh = _position(position, rules)
    _check_hit(pieces, seat, step, exact, error)
    zero = Fraction(0) if exact else 0.0
    if IS_SAFE[step]:
        return zero
    miss = zero + 1
    for *_, hit in _hits(rules, pieces, fresh, seat, step, exact, error):
        miss *= 1 - hit
    return 1 - miss


def _seat_in_play(state, seat) -> int:
    """``seat`` (None: the seat to move) when it is in play in ``state``; else a ValueError."""
    if seat is None:
        seat = state.to_move
    if isinstance(seat, bool) or seat not in state.seats:
        raise ValueError(f"seat must be one of the seats in play {list(state.seats)}, not {seat!r}")
    return seat


def capture_bound(
    state, seat: int | None = None, step: int | None = None, exact: bool = False, error=0.0
):
    """How much the extra throws won by capturing *other* pieces, which :func:`danger_map` and
    :func:`hit_chance` leave out, can add to their chances: a rigorous upper bound.

    With ``step`` None: ``{square: bound}`` for every square of :func:`danger_map` (0 on a
    castle); with a ``step``: the bound for ``hit_chance(state, seat, step)``. An opponent wins
    an extra throw (or, with ``throw_then_move``, a new series) only by a capture that the
    throws of its turn make themselves, so its chance of landing on a square can grow only
    when those throws can land on a square where a piece it could capture stands (an
    opponent's piece off the castles): by at most the chance of that, less the part in which
    they land on the square already (for :func:`hit_chance`, less the part in which the square
    itself is the only piece they can land on). The seats' bounds then combine as their chances
    do (``1 - prod(1 - (chance + bound))``, less the chance shown). With floats it also counts
    what the float enumeration ends early (:data:`FLOAT_ERROR`, twice) and the longest series
    left out (:data:`DANGER_TAIL`).

    Raises:
        ValueError: as :func:`danger_map` (a seat not in play), or a step that is not 0..84.

    >>> from pachisi_widget import Game, board
    >>> g = Game.from_position([[0, 30, 0, 0], None, [84, 84, 84, 62], None], seed=1)
    >>> capture_bound(g.state, 0, 30, exact=True)      # nothing else North could capture
    Fraction(0, 1)
    >>> g = Game.from_position([[0, 30, 66, 0], None, [84, 84, 84, 62], None], seed=1)
    >>> float(capture_bound(g.state, 0, 30, exact=True))   # a 2 on South's 66 first: 15/64 ...
    0.0...
    """
    pieces, rules = state.pieces, state.rules
    seat = _seat_in_play(state, seat)
    zero = Fraction(0) if exact else 0.0
    _check_error(error, exact)
    margin = _slack_margin(exact, error)
    if step is not None:
        _whole("step", step, 0, HOME)
        if IS_SAFE[step]:
            return zero
        shown, upper = zero + 1, zero + 1
        if exact:
            hits, slack = _hits(rules, pieces, state.fresh, seat, step, True, 0.0), zero
        else:  # (a chance to within e counts e more in the bound)
            hits, slack = _hits_shown(rules, pieces, state.fresh, seat, step, error or FLOAT_ERROR)
        for o, te, blocked, privilege, hit in hits:
            each = 0.0 if exact else max(error, FLOAT_ERROR) / len(hits)
            targets = _capturable(pieces, state.seats, rules, o)
            others = targets & ~(1 << te)  # (no other piece to capture: nothing to add)
            if others:
                # move_each_throw: whether the turn can land on te, and on one of the others
                # (the states merge); throw_then_move: its sets, kept from the chance itself
                keep = (1 << te, others) if rules.turn_mode == "move_each_throw" else None
                sets = _landing_sets(rules, pieces[o], privilege, blocked, exact, None, each, keep)
                total, lands, alone = _capture_slack(sets, targets, exact)
            if not others:
                extra = zero
            elif rules.turn_mode == "throw_then_move":  # the pool is seen whole, as in the map
                extra = total - lands.get(te, zero) + margin
            else:
                extra = total - alone.get(te, zero) + margin
            shown *= 1 - hit
            upper *= 1 - min(zero + 1, hit + extra + (slack if extra else zero))
        return shown - upper
    return _danger(state, seat, exact, None, error, bounds=True)[1]


DANGER_GRACES_MAX = landings.DANGER_GRACES_MAX
""":func:`danger_map` follows an opponent's series of throws for at most this many graces in a
row (its ``graces_max``: by default as many as it takes for the series left out to weigh less
than :data:`DANGER_TAIL`, at most this many)."""

DANGER_GRACES_LIMIT = DANGER_GRACES_MAX
"""The largest ``graces_max`` :func:`danger_map` accepts (the same as :data:`DANGER_GRACES_MAX`)."""

DANGER_TAIL = landings.DANGER_TAIL
"""The default ``graces_max`` of :func:`danger_map` leaves out series of graces that together
are less likely than this (``g**graces_max``, g the chance of a grace)."""

FLOAT_ERROR = landings.FLOAT_ERROR
"""With floats (``exact=False``), :func:`danger_map` (and :func:`hit_chance` in
``throw_then_move``) end the least likely series of throws where they stand, their landings
counted so far, as long as all the series ended so together weigh at most this much: no chance
is then lower than the exact one by more than this."""


def danger_map(
    state,
    seat: int | None = None,
    exact: bool = False,
    graces_max: int | None = None,
    error: float = 0.0,
) -> dict:
    """For every square of the outer loop where ``seat`` (default: the seat to move) could stand:
    the exact chance that an opponent *can land* on it before that seat's next turn.

    The squares are keyed ``(x, y)`` (:func:`pachisi_widget.board.square`): those of ``seat``'s
    steps 8..76 (its steps on the shared loop). A castle is worth 0: no piece is captured there
    (RULES.md). What "can land" means, precisely:

    - Every opponent seat (not a partner, with teams) has one turn before ``seat``'s next one.
      The seats' chances multiply (each seat's throws are its own).
    - A square *can be landed on* in that turn when the throws it turns out to have (all of them
      known at once) can be played, with moves the rules allow, so that one of its pieces stops
      exactly on the square (distances counted on its own track: a piece that turns into its
      home column first never gets there). What the rules allow, in each turn mode:
      each throw is a grace as RULES.md says *at that throw* (an entry grace; a bonus grace
      while the seat has a piece on the board, so a piece entered earlier in the turn counts);
      while pieces wait an entry grace enters one or is passed (unless
      ``grace_moves_before_all_entered``); a piece enters on step 1 (``entry_mode="square1"``)
      or on the throw's step (``count_from_charkoni``); the first piece may leave on any throw
      but a bonus grace (``first_piece_any_throw``); pyada's extra step counts once none waits;
      no piece stops on a castle an opponent holds (the seat's own pieces on castles included);
      ``split_throw`` lets the piece take any part of a throw. With ``move_each_throw`` the
      throws are played in the order thrown; with ``throw_then_move`` the whole series is
      thrown first (bonus graces counted when the turn began, ``cancel_three`` voiding three high
      throws, three 7s or three 14s in a row and ending the series) and the pool is then spent
      in any order, each throw on one piece.
    - This is the chance that the *throws allow* a landing (the danger of standing there), not
      the chance that a player who does not know the next throw plays to hit it, which
      :func:`hit_chance` computes: the two are equal when the turn leaves no choice that matters
      (a piece 2 to 5 squares behind, say, or any turn of ``throw_then_move``, whose pool is
      seen whole), and ``danger_map`` is never below ``hit_chance``.
    - Left out, as in :func:`hit_chance`: the extra throws (or new series) won by capturing
      *other* pieces during that turn, and the seat's own pieces off castles (the map asks
      about a piece that *would* stand there). Series of more than ``graces_max`` graces are
      left out too: by default as many are followed as it takes for those left out to weigh
      less than :data:`DANGER_TAIL` (1e-15). With floats the least likely series are ended
      where they stand while together they weigh at most ``error`` (0, the default, means
      :data:`FLOAT_ERROR`, 1e-9), shared among the opponent seats: no chance is lower than
      the exact one by more than that (the board asks with :data:`SHOWN_ERROR`).
    - :func:`capture_bound` says how much the extra throws won by captures can add.

    All squares are computed at once: one enumeration of each opponent seat's turn (series of
    throws that reach the same state merge; a state keeps, for each way of entering pieces so
    far, the steps the piece that is to land may stand on, as the bits of an int) gives the
    set of steps it can land on with each chance; every square then reads its chance from
    those sets. Each seat's result is kept for the next call with the same pieces.

    Args:
        state: a :class:`~pachisi_widget.state.GameState`.
        seat: the seat whose pieces would be hit (None: ``state.to_move``).
        exact: :class:`fractions.Fraction` values (True) or floats (False, the default: the
            board's overlay).
        graces_max: the longest series of graces followed, 0 to :data:`DANGER_GRACES_LIMIT`
            (None: enough for what is left out to weigh less than :data:`DANGER_TAIL`).
        error: (floats) how far below the exact chances the map may be, 0 to
            :data:`HIT_ERROR_MAX` (0: :data:`FLOAT_ERROR`).

    Raises:
        ValueError: for a seat that is not in play, a ``graces_max`` that is not a whole
            number from 0 to :data:`DANGER_GRACES_LIMIT`, or an ``error`` out of its range (or
            not 0 with ``exact=True``).

    >>> from pachisi_widget import Game, board
    >>> g = Game.from_position([[0, 30, 0, 0], None, [84, 84, 84, 62], None], seed=1)
    >>> m = danger_map(g.state, 0, exact=True)
    >>> m[board.square(0, 29)], float(m[board.square(0, 30)])   # a castle; North 2 behind
    (Fraction(0, 1), 0.267857142...)
    >>> float(hit_chance(g.state, 0, 30))                        # 15/56
    0.267857142...
    """
    if graces_max is not None:
        _whole("graces_max", graces_max, 0, DANGER_GRACES_MAX)
    _check_error(error, exact)
    return _danger(state, seat, exact, graces_max, error, bounds=False)[0]


def _danger(state, seat, exact: bool, graces_max, error: float, bounds: bool) -> tuple:
    """(:func:`danger_map`, and with ``bounds`` :func:`capture_bound`'s {square: bound})."""
    from .board import CASTLE_STEPS, track

    pieces, rules = state.pieces, state.rules
    seat = _seat_in_play(state, seat)
    zero = Fraction(0) if exact else 0.0
    margin = _slack_margin(exact, error)
    opponents = [
        o
        for o in state.seats
        if state.is_opponent(o, seat) and not all(t == HOME for t in pieces[o])
    ]
    each = 0.0 if exact else max(error, FLOAT_ERROR) / max(len(opponents), 1)
    steps = [s for s in range(ON_LOOP_FIRST, ON_LOOP_LAST + 1) if s not in CASTLE_STEPS]
    miss = {s: zero + 1 for s in steps}
    upper = {s: zero + 1 for s in steps}
    for o in opponents:
        blocked = _blocked(pieces, state.seats, rules, o)
        sets = _landing_sets(rules, pieces[o], state.fresh[o], blocked, exact, graces_max, each)
        odds = _landing_odds(sets, exact)
        on_o = STEP_ON_LOOP[o]
        if bounds:
            targets = _capturable(pieces, state.seats, rules, o)
            total, lands, _ = _capture_slack(sets, targets, exact)
        for s in steps:
            te = on_o[LOOP_OF[seat][s]]
            hit = odds.get(te, zero)
            miss[s] *= 1 - hit
            if bounds:
                others = targets & ~(1 << te)  # (no other piece to capture: nothing to add)
                extra = total - lands.get(te, zero) + margin if others else zero
                upper[s] *= 1 - min(zero + 1, hit + extra)
    sq = track(seat)
    out = {tuple(sq[s]): zero for s in CASTLE_STEPS if ON_LOOP_FIRST <= s <= ON_LOOP_LAST}
    bound = dict(out) if bounds else None
    for s in steps:
        out[tuple(sq[s])] = 1 - miss[s]
        if bound is not None:
            bound[tuple(sq[s])] = miss[s] - upper[s]
    order = [tuple(sq[s]) for s in range(ON_LOOP_FIRST, ON_LOOP_LAST + 1)]
    return {k: out[k] for k in order}, (None if bound is None else {k: bound[k] for k in order})
