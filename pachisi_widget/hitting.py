"""The chance of being hit, the machinery of :func:`pachisi_widget.probability.hit_chance` and
:func:`~pachisi_widget.probability.capture_bound`: each opponent's turn, solved as the turn mode
plays it.

Private to the package: :mod:`pachisi_widget.probability` is the public face.
"""

from __future__ import annotations

from fractions import Fraction

from .board import HOME
from .errors import short_repr
from .landings import (
    _TARGETS,
    DANGER_TAIL,
    FLOAT_ERROR,
    _blocked,
    _check_pieces,
    _landing_chance,
    _landing_sets,
)
from .tables import IS_SAFE, LOOP_OF, STEP_ON_LOOP
from .turns import _MODELS, TooManyStates, _model, _rules, _whole

HIT_ERROR_MAX = 0.01
"""The largest ``error`` :func:`~pachisi_widget.probability.hit_chance` accepts."""

_MODELS_LIMIT: list = [None]
"""(:func:`_exact_hit`) the most new states each model may take, while it asks (else None)."""


def _position(position, rules) -> tuple:
    """(rules, pieces, fresh or None) of a GameState or a list of four entries."""
    if hasattr(position, "pieces") and hasattr(position, "rules"):
        return position.rules, position.pieces, getattr(position, "fresh", None)
    return _rules(rules), _check_pieces(position), None


def _hits(rules, pieces, fresh, seat: int, step: int, exact: bool, error: float) -> list:
    """[(opponent, the target's step on its track, its blocked castles, its privilege, the
    chance its turn hits)] for the piece of ``seat`` on ``step`` (not a safe square)."""
    g = LOOP_OF[seat][step]
    seats = tuple(s for s in range(4) if pieces[s] is not None)
    opponents = [o for o in seats if o != seat and not (rules.teams and (o - seat) % 2 == 0)]
    out = []
    for o in opponents:
        mine = pieces[o]
        te = STEP_ON_LOOP[o][g]  # the same square on o's track
        blocked = _blocked(pieces, seats, rules, o)
        # only the castles short of the target can stop a piece on its way there (pieces move
        # forward): the turn is the same with the others open, and shared by more positions
        short = frozenset(b for b in blocked if b < te)
        privilege = all(t == 0 for t in mine) if fresh is None else fresh[o]
        if rules.turn_mode == "throw_then_move":
            # the whole series is thrown before any move: the pool is seen at once
            each = 0.0 if exact else max(error, FLOAT_ERROR) / len(opponents)
            sets = _landing_sets(rules, tuple(mine), privilege, short, exact, None, each)
            hit = _landing_chance(sets, te, exact)
        else:
            dists = tuple(sorted(te - t for t in mine if 0 < t < te))
            waiting = sum(1 for t in mine if t == 0)
            on_board = any(0 < t < HOME for t in mine)
            model = _model(rules, exact, te, short)
            state = (dists, waiting, on_board, privilege and waiting == 4)
            e = 0 if exact else max(error, FLOAT_ERROR) / len(opponents)
            if _MODELS_LIMIT[0] is not None:
                if (state, e) in model.given_up:  # (asked again: the tutor's positions)
                    raise TooManyStates
                kept = model.memo if exact else model.rough
                model.stop_at = len(kept) + _MODELS_LIMIT[0]
            try:
                hit = model.value(state, e)
            except TooManyStates:
                model.given_up.add((state, e))
                raise
        out.append((o, te, blocked, privilege, hit))
    return out


def _exact_hit(state, seat: int, step: int, most: int):
    """:func:`hit_chance` exactly (a Fraction) when the turns of ``move_each_throw`` take at most
    ``most`` new states of :class:`_TurnModel` each (a few milliseconds each); else None."""
    rules, pieces, fresh = _position(state, None)
    _check_hit(pieces, seat, step, True, 0)
    if IS_SAFE[step]:
        return Fraction(0)
    if rules.turn_mode == "throw_then_move":
        return None

    def chance():
        miss = Fraction(1)
        for *_, hit in _hits(rules, pieces, fresh, seat, step, True, 0.0):
            miss *= 1 - hit
        return 1 - miss

    try:
        return _limited(chance, most)
    except TooManyStates:
        return None


def _limited(compute, most: int):
    """``compute()`` with each model of :func:`_hits` taking at most ``most`` new states (else
    :class:`TooManyStates`)."""
    models = list(_MODELS.values())
    try:
        _MODELS_LIMIT[0] = most
        return compute()
    finally:
        _MODELS_LIMIT[0] = None
        for m in list(_MODELS.values()) + models:
            m.stop_at = None


SHOWN_STATES = 200
""":func:`_hit_shown` tries each error while each opponent's turn takes at most this many new
states (milliseconds)."""


_SHOWN: dict = {}
"""(:func:`_hits_shown`) its answers for the last few positions, the most recent last (a
practice question asks for the chance, then for its capture bound)."""
_SHOWN_KEPT = 8


def _hits_shown(rules, pieces, fresh, seat: int, step: int, error: float) -> tuple:
    """(:func:`_hits` in floats, the error each chance may have): ``error`` when each
    opponent's turn takes at most :data:`SHOWN_STATES` new states to solve to within it, else
    ten times more, up to :data:`HIT_ERROR_MAX` (which always answers)."""
    key = (rules, pieces, fresh, seat, step, error)
    got = _SHOWN.pop(key, None)
    if got is None:
        got = _escalate(rules, pieces, fresh, seat, step, error)
    _SHOWN[key] = got
    while len(_SHOWN) > _SHOWN_KEPT:
        _SHOWN.pop(next(iter(_SHOWN)))
    return got


def _escalate(rules, pieces, fresh, seat: int, step: int, error: float) -> tuple:
    """:func:`_hits_shown`, computed."""
    while error * 10 <= HIT_ERROR_MAX:
        try:
            e = error
            return _limited(
                lambda e=e: _hits(rules, pieces, fresh, seat, step, False, e), SHOWN_STATES
            ), e
        except TooManyStates:
            error *= 10
    return _hits(rules, pieces, fresh, seat, step, False, error), error


def _hit_shown(state, seat: int, step: int, error: float) -> tuple:
    """(:func:`hit_chance` in floats, the error it may have; see :func:`_hits_shown`)."""
    rules, pieces, fresh = _position(state, None)
    _check_hit(pieces, seat, step, False, error)
    if IS_SAFE[step]:
        return 0.0, error
    hits, error = _hits_shown(rules, pieces, fresh, seat, step, error)
    miss = 1.0
    for *_, hit in hits:
        miss *= 1 - hit
    return 1 - miss, error


def _check_hit(pieces, seat, step, exact, error) -> None:
    _whole("seat", seat, 0, 3)
    if pieces[seat] is None:
        played = [s for s in range(4) if pieces[s] is not None]
        raise ValueError(f"seat must be one of the seats in play {played}, not {seat!r}")
    _whole("step", step, 0, HOME)
    _check_error(error, exact)


def _check_error(error, exact) -> None:
    if (
        isinstance(error, bool)
        or not isinstance(error, (int, float))
        or not 0 <= error <= HIT_ERROR_MAX
        or (error and exact)
    ):
        raise ValueError(
            f"error must be a number from 0 to {HIT_ERROR_MAX} (and 0 when exact=True), "
            f"not {short_repr(error)}"
        )


def _capturable(pieces, seats, rules, o: int) -> int:
    """The steps of seat ``o``'s track where a piece ``o`` could capture stands (bits): an
    opponent's piece on the shared loop, not on a castle."""
    bits = 0
    for s in seats:
        if s == o or (rules.teams and (s - o) % 2 == 0) or pieces[s] is None:
            continue
        for t in pieces[s]:
            g = LOOP_OF[s][t]
            if g >= 0 and not IS_SAFE[t]:
                bits |= 1 << STEP_ON_LOOP[o][g]
    return bits & _TARGETS


def _slack_margin(exact: bool, error: float):
    """What a float bound adds for the series the float enumeration ends early (``error``,
    their captures uncounted too), and the series longer than the graces followed."""
    return Fraction(0) if exact else 2 * max(error, FLOAT_ERROR) + DANGER_TAIL
