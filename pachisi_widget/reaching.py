"""Where a piece can stand when its turn ends: :func:`pachisi_widget.probability.reach_map`,
played on the rules engine itself.

Private to the package: :mod:`pachisi_widget.probability` is the public face.
"""

from __future__ import annotations

from fractions import Fraction

from .board import HOME
from .landings import _canonical, _trim
from .turns import _whole

REACH_THROWS_MAX = 12
""":func:`reach_map` follows a turn for at most this many throws; a longer series of graces
(chance below 1e-10 with the classic cowries) leaves the piece where it stands."""

REACH_FLOAT_ERROR = 1e-6
"""With floats, :func:`reach_map` ends the least likely series of throws where the piece then
stands, as long as those series together weigh at most this much (the board shows the map to
the hundredth of a point, and cutting the series at ``throws_max`` throws leaves out as much
under ``throw_then_move``)."""

REACH_THROWS_LIMIT = 40
"""The largest ``throws_max`` :func:`reach_map` accepts."""


def _reach_start(state, seat, piece, throws_max) -> tuple:
    """:func:`reach_map`'s arguments checked: (the seat, the step its piece starts from)."""
    from .state import GameState

    if not isinstance(state, GameState):
        raise ValueError(f"state must be a GameState, not {type(state).__name__}")
    if seat is None:
        seat = state.to_move
    if state.phase == "over":
        raise ValueError("the game is over: no piece moves any more")
    if isinstance(seat, bool) or seat != state.to_move:
        raise ValueError(f"seat must be the seat to move ({state.to_move}), not {seat!r}")
    if isinstance(piece, bool) or piece not in (0, 1, 2, 3):
        raise ValueError(f"piece must be 0..3, not {piece!r}")
    _whole("throws_max", throws_max, 0, REACH_THROWS_LIMIT)
    start = state.pieces[seat][piece]
    if start == HOME:
        raise ValueError(f"piece {piece} of seat {seat} is already home")
    return seat, start


def reach_map(
    state,
    seat: int | None = None,
    piece: int = 0,
    exact: bool = True,
    throws_max: int = REACH_THROWS_MAX,
    error: float | None = None,
) -> dict:
    """Where piece ``piece`` of ``seat`` (the seat to move) can stand when this turn ends, with
    the exact chance of each step: ``{step: probability}``, summing to 1.

    The turn is played on the rules engine itself (:meth:`GameState.chance_outcomes` for every
    throw still to come, :meth:`GameState.apply` for the moves), so every rule counts: entering,
    blocked castles, overshooting home, extra throws for captures, the pending throws already
    thrown. Each throw that can move the piece moves it, as far as it can go (the farthest of
    its legal moves); a throw that cannot is passed, and the piece stays. The turn ends when the
    next seat is to throw or the game is over; after ``throws_max`` throws the piece stays
    where it stands (a longer series of graces is rarer than 1e-10).

    Series of throws that lead to the same position are followed once (a pool of throws is
    spent in any order, so its order is left out), which keeps the work bounded in every turn
    mode. With floats, the least likely series, together at most ``error`` (None:
    :data:`REACH_FLOAT_ERROR`), end where the piece then stands.

    Args:
        state: a :class:`~pachisi_widget.state.GameState`.
        seat: must be the seat to move (None: it).
        piece: 0..3, which of the seat's pieces (pieces on one step are interchangeable).
        exact: Fractions (True) or floats (False).
        throws_max: the most throws followed, 0 to :data:`REACH_THROWS_LIMIT`.
        error: (floats) what the series ended early may weigh, 0 to 0.01 (None:
            :data:`REACH_FLOAT_ERROR`; the board asks with
            :data:`pachisi_widget.probability.SHOWN_ERROR`).

    Raises:
        ValueError: for another seat, a bad piece index, a piece already home, a game over, or
            a ``throws_max`` that is not a whole number from 0 to :data:`REACH_THROWS_LIMIT`.

    >>> from pachisi_widget import Game
    >>> g = Game.from_position([[84, 84, 84, 70], None, [84, 84, 84, 10], None], seed=1)
    >>> r = reach_map(g.state, 0, 3)
    >>> sum(r.values()), round(float(r[74]), 4)   # a 4 (after graces it cannot use)
    (Fraction(1, 1), 0.2381)
    """
    seat, start = _reach_start(state, seat, piece, throws_max)
    one = Fraction(1) if exact else 1.0
    turn = state.turn
    outcomes: dict = {}  # the throws of the seat to move, by whether it has a piece on the board

    def chances(st) -> list:
        flag = any(0 < t < HOME for t in st.pieces[seat])
        got = outcomes.get(flag)
        if got is None:
            got = outcomes[flag] = [
                (t, pr if exact else float(pr)) for t, pr in st.chance_outcomes()
            ]
        return got

    settled: dict = {}  # (position, step) -> (position, step) once the moves due are played

    def settle(st, step: int):
        """Play the moves due (the piece's farthest, else a pass) until a throw is due or the
        turn is over."""
        path = []
        while st.phase == "move":
            key = (st[1:], step)
            got = settled.get(key)
            if got is not None:
                st, step = got
                break
            path.append(key)
            moves = st.legal_moves()
            mine = [m for m in moves if m.kind != "pass" and m.start == step and m.seat == seat]
            if mine:
                m = max(mine, key=lambda m: (m.end, -moves.index(m)))
                st, step = st.apply(m), m.end
            else:
                st = st.apply(moves[-1])
        for key in path:
            settled[key] = (st, step)
        return st, step

    out: dict = {}
    if error is None:
        error = REACH_FLOAT_ERROR
    if isinstance(error, bool) or not isinstance(error, (int, float)) or not 0 <= error <= 0.01:
        raise ValueError(f"error must be a number from 0 to 0.01 (or None), not {error!r}")
    budget = 0.0 if exact else error / (throws_max + 1)
    st0, step0 = settle(state, start)
    layer: dict = {(st0[1:], step0): one}  # (position without its rules, step) -> chance
    states = {st0[1:]: st0}
    for left in range(throws_max, -1, -1):
        nxt: dict = {}
        for (fields, step), mass in layer.items():
            st = states[fields]
            if st.phase == "over" or st.turn != turn or left == 0:
                out[step] = out.get(step, 0 * one) + mass
                continue
            for t, p in chances(st):
                after, where = settle(st.apply_throw(t), step)
                if after.phase != "over" and after.turn == turn:
                    after = _canonical(after, left - 1)
                f = after[1:]
                states.setdefault(f, after)
                key = (f, where)
                nxt[key] = nxt.get(key, 0 * one) + mass * p
        _trim(nxt, budget, out, lambda k: k[1])  # (floats) the least likely stay where they are
        layer = nxt
    return dict(sorted(out.items()))
