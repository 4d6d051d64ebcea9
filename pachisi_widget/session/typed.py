"""The board played by typing: a move as it is said ("12 16", "enter", "pass"), and commands that
read the position aloud ("where", "step 12", "danger", "moves"), in English or Romanian.

A screen reader's user (or anyone at a keyboard) types into the board's command line; the session
carries the command out as a click would, or answers in a sentence that the board's status (a
live region) reads. Steps are the seat to move's own, as the board names them.

>>> import pachisi_widget as pw
>>> g = pw.Game.from_position([[0, 0, 12, 30], None, [0, 0, 0, 0], None], seed=1)
>>> read(g.state, "where", "en")
('say', ('typed_where', {'seat': 0, 'waiting': 2, 'steps': '12 and 30', 'home': 0}))
>>> _ = g.throw(up=4)
>>> read(g.state, "12 16", "en")[0], read(g.state, "12-16", "ro")[1].end
('move', 16)
>>> read(g.state, "aruncă", "ro")
('throw', None)
"""

from __future__ import annotations

import re
import unicodedata

from .. import board
from ..errors import PachisiError
from ..words import join

__all__ = ["read", "carry_out", "COMMANDS", "MAX_TEXT", "REFUSALS", "TypedError"]


class TypedError(PachisiError, ValueError):
    """A typed text that is not a command, or a move that cannot be played now (``code`` names
    the sentence: what was wrong and what is allowed)."""


REFUSALS = frozenset({"typed_unknown", "typed_not_legal", "typed_which", "typed_no_move"})
"""The answers that say a text could not be carried out (shown as errors)."""

MAX_TEXT = 200
"""The longest command read (characters)."""

COMMANDS = {
    "throw": ("throw", "t", "arunca", "a"),
    "pass": ("pass", "p", "trec", "treci"),
    "undo": ("undo", "u", "inapoi", "anuleaza"),
    "where": ("where", "pieces", "w", "unde", "piese"),
    "danger": ("danger", "d", "pericol"),
    "moves": ("moves", "m", "mutari"),
    "help": ("help", "h", "?", "ajutor"),
}
"""Each command's words, English then Romanian (written without diacritics: what is typed is
read both ways)."""

_STEP = ("step", "s", "patratul", "patrat", "pasul")
_ENTER = ("enter", "e", "c", "intra", "intru")
_HOME = ("home", "h", "acasa")
_MOVE = re.compile(r"^(\w+)\s*(?:-|x|to|la|pe|\s)\s*(\w+)$")
_VALUE = re.compile(r"^(.*?)\s*(?:\((\d+)\)|/\s*(\d+)|\b(?:with|cu)\s+(\d+))$")
"""A throw named after a move, for two moves to one step with different throws: ``enter 1 (25)``,
``12 22/10``, ``12 22 with 10``, ``12 22 cu 10``."""


def carry_out(session, text) -> None:
    """Carry out ``text`` on ``session`` (a :class:`~pachisi_widget.session.Session`): a throw,
    a pass, an undo or a move as its methods do, or an answer said on the board's status.

    Raises:
        TypedError: for a text that is not a command or a move that cannot be played now (the
            sentence says what is allowed); whatever the session's methods raise.
    """
    kind, what = read(session.shown_state, text, session.language)
    if kind == "throw":
        session.throw()
    elif kind == "pass":
        session.pass_()
    elif kind == "undo":
        session.undo()
    elif kind == "move":
        session.play(what)
    else:
        code, params = what
        if code in REFUSALS:
            raise TypedError.from_code(code, params)
        session._commit(code, params)


def _plain(text: str) -> str:
    """``text`` lower-cased, its diacritics dropped and its spaces squeezed."""
    text = unicodedata.normalize("NFKD", text.strip().lower())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(text.split())


def read(state, text, lang: str = "en"):
    """What ``text`` asks in ``state``: ``("throw", None)``, ``("pass", None)``, ``("undo",
    None)``, ``("move", Move)``, or ``("say", (code, params))`` for a sentence to say (an
    answer, or why the text is not a command)."""
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_TEXT:
        return "say", ("typed_unknown", {"got": str(text)[:40]})
    plain = _plain(text)
    for kind, names in COMMANDS.items():
        if plain in names:
            if kind in ("throw", "pass", "undo"):
                return kind, None
            return "say", _ANSWERS[kind](state, lang)
    words = plain.split()
    if len(words) == 2 and words[0] in _STEP and words[1].isdigit():
        return "say", _on_step(state, int(words[1]))
    return _move(state, plain, text)


def _move(state, plain: str, text: str):
    """The move ``plain`` names (``"12 16"``, ``"enter 5"``, ``"80 home"``, a throw after it),
    or the sentence saying why it names none: not a move, no move now, or not one move."""
    plain, value = _spent(plain)
    ends = _ends(plain)
    if ends is None:
        return "say", ("typed_unknown", {"got": text.strip()[:40]})
    legal = [m for m in state.legal_moves() if m.kind != "pass"] if state.phase == "move" else []
    found = _matching(legal, *ends, value)
    if len(found) == 1:
        return "move", found[0]
    if not legal:
        return "say", ("typed_no_move", {"seat": state.to_move})
    params = {"got": text.strip()[:40], "legal": _moves_text(legal)}
    return "say", ("typed_which" if found else "typed_not_legal", params)


def _spent(plain: str) -> tuple[str, int | None]:
    """``plain`` without the throw named after it (:data:`_VALUE`), and that throw (or None)."""
    spent = _VALUE.match(plain)
    if spent is None or not spent.group(1):
        return plain, None
    return spent.group(1), int(next(v for v in spent.groups()[1:] if v is not None))


def _ends(plain: str) -> tuple[int, int | None] | None:
    """The (start, end) steps ``plain`` names: start 0 for a piece entering (its end None when
    not said), the end :data:`~pachisi_widget.board.HOME` for home; None for no move."""
    words = plain.split()
    if words and words[0] in _ENTER:
        if len(words) == 1:
            return 0, None
        if len(words) == 2 and words[1].isdigit():
            return 0, int(words[1])
        return None
    match = _MOVE.match(plain)
    if match is None:
        return None
    a, b = match.groups()
    start = 0 if a in _ENTER else int(a) if a.isdigit() else None
    end = board.HOME if b in _HOME else int(b) if b.isdigit() else None
    return None if start is None or end is None else (start, end)


def _matching(legal, start: int, end: int | None, value: int | None) -> list:
    """The moves of ``legal`` from ``start`` (0: entering) to ``end`` with the throw ``value``
    (None: any end, any throw)."""
    return [
        m
        for m in legal
        if (m.kind == "enter") == (start == 0)
        and (start == 0 or m.start == start)
        and (end is None or m.end == end)
        and (value is None or m.value == value)
    ]


def _moves_text(moves) -> str:
    """The moves in short form (``C-5, 12-16, 80-H``); two moves to one step with different
    throws carry their throw in brackets (``C-1 (10), C-1 (25)``), as they are typed."""
    short = []
    for m in moves:
        start = "C" if m.kind == "enter" else str(m.start)
        end = "H" if m.end == board.HOME else str(m.end)
        short.append(f"{start}-{end}")
    values: dict = {}
    for text, m in zip(short, moves, strict=True):
        values.setdefault(text, set()).add(m.value)
    out = [
        f"{text} ({m.value})" if len(values[text]) > 1 else text
        for text, m in zip(short, moves, strict=True)
    ]
    return ", ".join(dict.fromkeys(out))


def _steps_text(steps, lang: str) -> str:
    return join(sorted(steps), lang)


def _where(state, lang: str):
    seat = state.to_move
    pieces = state.pieces[seat]
    on = [s for s in pieces if 0 < s < board.HOME]
    params = {
        "seat": seat,
        "waiting": sum(s == 0 for s in pieces),
        "steps": _steps_text(on, lang) if on else "",
        "home": sum(s == board.HOME for s in pieces),
    }
    code = "typed_where" if len(on) > 1 else "typed_where_one" if on else "typed_where_none"
    return code, params


def _on_step(state, step: int):
    seat = state.to_move
    if not 1 <= step < board.HOME:
        return "typed_bad_step", {"step": step}
    square = board.square(seat, step)
    here = []
    for other in state.seats:
        track = board.track(other)
        count = sum(1 for s in state.pieces[other] if 0 < s < board.HOME and track[s] == square)
        if count:
            here.append([other, count])
    code = "typed_step_castle" if board.is_castle(step) else "typed_step"
    if not here:
        return code + "_empty", {"step": step}
    return code, {"step": step, "victims": here}


def _danger(state, lang: str):
    from .. import probability

    seat = state.to_move
    chances = probability.danger_map(state, seat, error=probability.SHOWN_ERROR)
    track = board.track(seat)
    at_risk = sorted(
        {s for s in state.pieces[seat] if 0 < s < board.HOME and chances.get(track[s], 0) > 0}
    )
    if not at_risk:
        return "typed_danger_none", {"seat": seat}
    parts = [f"{s} ({round(100 * chances[track[s]])}%)" for s in at_risk]
    return "typed_danger", {"seat": seat, "steps": join(parts, lang)}


def _moves(state, lang: str):
    if state.phase != "move":
        return "typed_moves_none", {"seat": state.to_move}
    legal = state.legal_moves()
    passes = any(m.kind == "pass" for m in legal)
    shown = _moves_text([m for m in legal if m.kind != "pass"]) or "–"
    return ("typed_moves_pass" if passes else "typed_moves"), {
        "seat": state.to_move,
        "moves": shown,
    }


_ANSWERS = {
    "where": _where,
    "danger": _danger,
    "moves": _moves,
    "help": lambda state, lang: ("typed_help", {}),
}
