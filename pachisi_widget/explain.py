"""Plain-language narration of every event, and of why a move is not legal, in English and Romanian.

Each sentence has a code and parameters; a catalogue per language turns them into text. The
Romanian catalogue uses the words of the user's own rules text: Charkoni, har (grace), castel,
pyada. Both catalogues cover every code (a test checks it).

>>> import pachisi_widget as pw
>>> g = pw.Game.from_position([[0, 0, 0, 0], None, [0, 0, 0, 0], None], seed=1)
>>> before = g.state; t = g.throw(up=0)
>>> print(" ".join(narrate_throw(before, t, g.state)))
South throws 25 (0 mouths up). A grace: it may bring a piece out of the Charkoni, and South throws again.
>>> print(" ".join(narrate_throw(before, t, g.state, "ro")))
Sud aruncă 25 (0 guri în sus). Un har: poate scoate o piesă din Charkoni, iar Sud aruncă din nou.
"""

from __future__ import annotations

from .board import CASTLE_STEPS, TWENTY_FIVE_STEP
from .i18n import CATALOGUES, LANGUAGES, SEATS, seat_label, text

__all__ = ["LANGUAGES", "CATALOGUES", "SEATS", "reason_text", "narrate_throw", "narrate_move", "text", "seat_label"]


def reason_text(code: str, params: dict | None = None, lang: str = "en") -> str:
    """Why a move is refused, in ``lang`` (the codes of :class:`IllegalMoveError`)."""
    return text(code, params, lang)


def narrate_throw(before, throw, after, lang: str = "en") -> list[str]:
    """Sentences for ``throw`` made in state ``before`` leading to state ``after``."""
    seat = before.to_move
    mouths = {"en": ("mouth", "mouths"), "ro": ("gură", "guri")}[lang][throw.up != 1]
    out = [text("throw", {"seat": seat, "value": throw.value, "up": throw.up, "mouths": mouths}, lang)]
    if after.cancelled:
        out.append(text("cancelled", {"values": list(after.cancelled)}, lang))
    elif throw.enters and 0 in before.pieces[seat]:
        out.append(text("grace_enter", {"seat": seat}, lang))
    elif throw.enters:
        out.append(text("grace_move", {"seat": seat}, lang))
    elif throw.grace:
        out.append(text("bonus_grace", {"seat": seat}, lang))
    if after.phase == "move" and after.to_move == seat:
        ttm = before.rules.turn_mode == "throw_then_move"
        if ttm:
            out.append(text("series_done", {"seat": seat, "pool": list(after.pending())}, lang))
        moves = after.legal_moves()
        if len(moves) == 1:
            out.append(text("lost", {"seat": seat, "value": throw.value}, lang))
        elif after.pyada_applies(seat, throw.value) and not ttm:
            out.append(text("pyada_earned", {"seat": seat, "value": throw.value,
                                             "steps": throw.value + 1}, lang))
    elif after.phase == "throw" and after.to_move == seat and before.rules.turn_mode == "throw_then_move":
        out.append(text("series_on", {"pool": list(after.pending())}, lang))
    out.extend(_after_turn(before, after, seat, lang))
    return out


def narrate_move(before, move, after, lang: str = "en") -> list[str]:
    """Sentences for ``move`` played in state ``before`` leading to state ``after``."""
    seat = move.seat
    out: list[str] = []
    rules = before.rules
    if move.kind == "pass":
        pool = list(before.pending())
        if len(pool) > 1:
            out.append(text("pass_pool", {"seat": seat, "pool": pool}, lang))
        else:
            out.append(text("pass", {"seat": seat}, lang))
    else:
        p = {"seat": seat, "start": move.start, "end": move.end, "value": move.value,
             "distance": move.end - move.start}
        if move.kind == "enter":
            if move.value in rules.entry_graces:
                out.append(text("enter_square1" if rules.entry_mode == "square1" else "enter_count", p, lang))
            else:
                out.append(text("first_piece", p, lang))
        else:
            out.append(text("move", p, lang))
            if move.start == 83 and move.value in rules.last_square_release and not rules.split_throw:
                out.append(text("release", p, lang))
            elif (not rules.split_throw and move.end - move.start == move.value + 1) or (
                    rules.split_throw and before.part is None and before.pyada_applies(seat, move.value)):
                out.append(text("pyada", p, lang))
        if after.part is not None and after.to_move == seat:
            out.append(text("split_part", {"left": after.part[1], "value": after.part[0]}, lang))
        if move.captures:
            names = ", ".join(f"{seat_label(s, lang)} {i}" for s, i in move.captures)
            out.append(text("capture", dict(p, victims=names), lang))
            voided = [r for r in before.revenge if r[3] == seat and (r[0], r[1]) in move.captures
                      and before.pieces[r[0]][r[1]] == r[2]]
            for r in voided:
                out.append(text("revenge", {"seat": seat, "capturer": r[0]}, lang))
            if rules.capture_extra_throw:
                ttm = rules.turn_mode == "throw_then_move"
                out.append(text("new_series" if ttm else "extra_throw", {"seat": seat}, lang))
        elif move.end in CASTLE_STEPS and 8 <= move.end <= 76:
            out.append(text("castle", p, lang))
            if move.end == TWENTY_FIVE_STEP:
                out.append(text("twenty_five_pyada" if rules.pyada else "twenty_five", p, lang))
        if move.end == 84:
            out.append(text("home", p, lang))
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
