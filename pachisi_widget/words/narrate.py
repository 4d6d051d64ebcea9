"""Plain-language narration of every event, and of why a move is not legal, in any language.

Each sentence has a code and parameters (the ``board`` and ``errors`` catalogues); :func:`text`
turns them into words. The Romanian uses the words of the rules text: Charkoni, har (grace),
castel, pyada.

>>> import pachisi_widget as pw
>>> g = pw.Game.from_position([[0, 0, 0, 0], None, [0, 0, 0, 0], None], seed=1)
>>> before = g.state; t = g.throw(up=0)
>>> print(" ".join(narrate_throw(before, t, g.state)))
South throws 25 (0 mouths up). Grace! South may bring a piece onto the board and throws again.
>>> print(" ".join(narrate_throw(before, t, g.state, "ro")))
Sud aruncă 25 (nicio gură în sus). Har! Sud poate introduce o piesă pe tablă și aruncă din nou.
"""

from __future__ import annotations

from .. import board
from . import text
from .format import _lang

__all__ = ["reason_text", "narrate_throw", "narrate_move", "split_use"]


def reason_text(code: str, params: dict | None = None, lang: str | None = None) -> str:
    """Why a move is refused, in ``lang`` (the codes of :class:`IllegalMoveError`)."""
    lang = _lang(lang)
    return text(code, params, lang)


def split_use(state, move) -> str | None:
    """How ``move``, legal in ``state``, spends a split throw: ``"rest"`` (all that is left of a
    partly spent throw), ``"part"`` (only part of its throw), or None (a whole throw, or no
    split throw at all), so that its words say "with the rest of the 10", not "with the 10"."""
    if move.kind != "move":
        return None
    distance = move.end - move.start
    if state.part is not None and move.value == state.part[0]:
        return "rest" if distance == state.part[1] else "part"
    if not state.rules.split_throw:
        return None
    whole = move.value + (1 if state.pyada_applies(move.seat, move.value) else 0)
    return "part" if distance < whole else None


def narrate_throw(before, throw, after, lang: str | None = None) -> list[str]:
    """Sentences for ``throw`` made in state ``before`` leading to state ``after``."""
    lang = _lang(lang)
    seat = before.to_move
    rules = before.rules
    ttm = rules.turn_mode == "throw_then_move"
    p = {"seat": seat, "value": throw.value, "up": throw.up}
    out = [text("throw", p, lang)]
    said_lost = False
    moving = after.phase == "move" and after.to_move == seat
    usable = moving and len(after.legal_moves()) > 1
    if after.events:
        out.extend(text(code, dict(params, seat=seat), lang) for code, params in after.events)
    elif throw.grace:
        if ttm:
            out.append(text("grace_series", p, lang))
        elif not usable:
            out.append(text("grace_lost", p, lang))
            said_lost = True
        elif not throw.enters:
            out.append(text("bonus_grace", p, lang))
        elif 0 in before.pieces[seat] and not rules.grace_moves_before_all_entered:
            out.append(text("grace_enter", p, lang))
        else:
            out.append(text("grace_move", p, lang))
    elif throw.value in rules.bonus_graces and 0 in before.pieces[seat]:
        out.append(text("bonus_never_enters", p, lang))
    if moving:
        if ttm:
            out.append(text("series_done", {"seat": seat, "pool": list(after.pending())}, lang))
        if not usable and not said_lost and len(after.pending()) == 1:
            out.append(text("lost", p, lang))
        elif usable and not ttm and after.pyada_applies(seat, throw.value):
            out.append(text("pyada_earned", dict(p, steps=throw.value + 1), lang))
    elif after.phase == "throw" and after.to_move == seat and ttm:
        out.append(text("series_on", {"pool": list(after.pending())}, lang))
    out.extend(_after_turn(before, after, seat, lang))
    return out


_ORDER = {
    "release": 0,
    "pyada": 0,
    "split_part": 1,
    "capture": 2,
    "revenge": 3,
    "extra_throw": 4,
    "new_series": 4,
    "castle": 5,
    "home": 7,
}
"""The order in which a move's events are told (others, the 25-castle's, come after the castle)."""


def narrate_move(before, move, after, lang: str | None = None) -> list[str]:
    """Sentences for ``move`` played in state ``before`` leading to state ``after``.

    What the rules did (pyada's step, a release, a capture and its extra throw, a revenge, a
    castle and the 25-castle's condition) is read from the events the engine reported.
    """
    lang = _lang(lang)
    seat = move.seat
    out: list[str] = []
    rules = before.rules
    if move.kind == "pass":
        pool = list(before.pending())
        if len(pool) > 1 or (pool and rules.turn_mode == "throw_then_move"):
            out.append(text("pass_pool", {"seat": seat, "pool": pool}, lang))
        else:
            out.append(text("pass", {"seat": seat}, lang))
    else:
        p = {
            "seat": seat,
            "start": move.start,
            "end": move.end,
            "value": move.value,
            "distance": move.end - move.start,
        }
        if move.kind == "enter":
            if move.value in rules.entry_graces:
                code = "enter_square1" if rules.entry_mode == "square1" else "enter_count"
                out.append(text(code, p, lang))
            else:
                out.append(text("first_piece", p, lang))
        else:
            use = split_use(before, move)  # a split throw: "with the rest of the 10"
            out.append(text(f"move_{use}" if use else "move", p, lang))
        for code, params in sorted(after.events, key=lambda e: _ORDER.get(e[0], 6)):
            q = dict(p, **dict(params))
            if code == "revenge":
                q["seat"] = seat
            out.append(text(code, q, lang))
            if code == "capture":  # the captured player counts the square on its own track
                square = board.square(seat, move.end)
                for other, _ in dict(params)["victims"]:
                    step = board.step_of(other, square)
                    out.append(text("capture_their_step", {"other": other, "step": step}, lang))
    out.extend(_after_turn(before, after, seat, lang))
    return out


def _after_turn(before, after, seat, lang) -> list[str]:
    if after.phase == "over":
        if after.winner is None:
            return [text("dead", {}, lang)]
        if isinstance(after.winner, tuple):
            a, b = after.winner
            return [text("team_win", {"seat": a, "partner": b}, lang)]
        return [text("win", {"seat": after.winner}, lang)]
    if after.to_move != seat:
        return [text("turn", {"seat": after.to_move}, lang)]
    if after.phase == "throw" and before.phase == "move":
        return [text("throw_again", {"seat": seat}, lang)]
    return []
