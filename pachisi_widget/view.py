"""What the board's front end is sent: pure functions of a game and its events (no traitlets).

The widget (:mod:`pachisi_widget.widget`) keeps the live game and the list of events it has
narrated; everything it writes to its synced traits is computed here, from values only, so the
same functions build the JavaScript tests' fixtures (``js/fixtures/``) and can be called without
Jupyter. An *event* is a tuple ``(kind, before, action, after)``: ``kind`` is ``"throw"`` or
``"move"``, ``before``/``after`` the states around ``action`` (a Throw or a Move).

>>> import pachisi_widget as pw
>>> g = pw.Game(players=2, seed=7)
>>> v = board_view(g, [], revision=1, start_note=("new_game", {"seat": g.to_move}))
>>> v["status"], v["revision"], v["legal_moves"]
('New game: North starts.', 1, [])
>>> geometry()["scene"]["cell"], len(geometry()["squares"])
(40, 96)
"""

from __future__ import annotations

import random

from . import board, explain, i18n, scene
from .rules import PRESETS, Rules

__all__ = [
    "LOG_LENGTH",
    "LOG_EVENTS",
    "STATUS_MAX",
    "geometry",
    "board_view",
    "move_view",
    "throw_view",
    "last_move_view",
    "log_lines",
    "display_names",
    "who",
    "victims",
    "preset_of",
]

LOG_LENGTH = 60
"""The log keeps at most this many sentences."""
LOG_EVENTS = 20
"""The log narrates this many latest events."""
STATUS_MAX = 600
"""Characters: a status line is one line, whatever a message quotes."""


def geometry() -> dict:
    """The board's geometry and the picture's facts, sent once: :func:`board.layout`, the
    Charkoni spots and :func:`pachisi_widget.scene.scene` (colours, shapes, sizes, offsets)."""
    facts = scene.scene()
    return dict(board.layout(), spots=facts["spots"], scene=facts)


def display_names(names, lang: str) -> list[str]:
    """Per seat: the player's name as given, else the seat's name in ``lang``."""
    seats = i18n.SEATS[lang]
    return [n if n and n != board.SEAT_NAMES[s] else seats[s] for s, n in enumerate(names)]


def who(seat: int, lang: str, names) -> str:
    """A seat as the view names it: the player's name, with the seat when they differ."""
    seat_word = i18n.SEATS[lang][seat]
    name = names[seat] if names else seat_word
    if name == seat_word:
        return seat_word
    return f"{name} ({seat_word})"


def victims(captures) -> list:
    """A move's captures, (seat, piece) pairs, as [seat, count] pairs for the words."""
    counts: dict = {}
    for seat, _ in captures:
        counts[seat] = counts.get(seat, 0) + 1
    return [[seat, n] for seat, n in counts.items()]


def preset_of(rules: Rules) -> str | None:
    """The name of the preset ``rules`` equals, or None for a custom set of rules."""
    for name in PRESETS:
        if Rules.preset(name) == rules:
            return name
    return None


def move_view(m, mid: str, lang: str = "en", names=board.SEAT_NAMES) -> dict:
    """One legal move as the view gets it: {id, seat, kind, piece, start, end, value, captures,
    from, to, path, label}; ``from``/``to`` are squares (None in the Charkoni and at home)."""
    track = board.track(m.seat)
    name = who(m.seat, lang, names)
    if m.kind == "pass":
        return {
            "id": mid,
            "seat": m.seat,
            "kind": "pass",
            "piece": None,
            "start": None,
            "end": None,
            "value": None,
            "captures": [],
            "from": None,
            "to": None,
            "path": [],
            "label": i18n.text("label_pass", {"who": name}, lang),
        }
    path = [
        list(track[s]) for s in range(max(m.start, 1), min(m.end, 83) + 1) if track[s] is not None
    ]
    if m.start == 83 and m.end == 84:
        path = []
    frm = None if m.start == 0 else list(track[m.start])
    to = None if m.end == 84 else list(track[m.end])
    p = {"who": name, "start": m.start, "end": m.end, "value": m.value}
    label = i18n.text("label_enter" if m.kind == "enter" else "label_move", p, lang)
    if m.captures:
        label += i18n.text("label_captures", {"victims": victims(m.captures)}, lang)
    return {
        "id": mid,
        "seat": m.seat,
        "kind": m.kind,
        "piece": m.piece,
        "start": m.start,
        "end": m.end,
        "value": m.value,
        "captures": [list(c) for c in m.captures],
        "from": frm,
        "to": to,
        "path": path,
        "label": label,
    }


def throw_view(seed, rules, events) -> dict:
    """The latest throw among ``events`` for the cowrie picture ({} before the first one).

    ``mouths`` says which shells lie mouth up; which ones is a view-only arrangement drawn
    from the game's seed and the throw's place in the game (never from the game's own random
    generator), so a redraw shows the same picture. ``fresh`` is True when the throw is the
    latest action (the view animates the shells only then).
    """
    for back, event in enumerate(reversed(events)):
        kind, before, t, after = event
        if kind != "throw":
            continue
        shells = rules.shells
        where = len(events) - back
        up_shells = set(random.Random(f"{seed}/{where}/{t.up}").sample(range(shells), t.up))
        seat = before.to_move
        return {
            "seat": seat,
            "up": t.up,
            "value": t.value,
            "grace": t.grace,
            "enters": t.enters,
            "bonus": t.grace and not t.enters,
            "shells": shells,
            "mouths": [i in up_shells for i in range(shells)],
            "pyada": after.pyada_applies(seat, t.value) and not after.cancelled,
            "cancelled": list(after.cancelled),
            "lost": back == 0 and after.phase == "move" and len(after.legal_moves()) == 1,
            "fresh": back == 0,
            "event": where,
            "turn": before.turn,
        }
    return {}


def last_move_view(events) -> dict | None:
    """The latest move of a piece among ``events`` (None before one).

    {seat, start, end, from, to, path, captured, event, fresh}: ``path`` lists the squares
    it went through (the view slides the piece along them when ``animate`` is on);
    ``captured`` the seats whose pieces it sent back to the Charkoni (the view sends them
    back from ``to``); ``fresh`` is True when the move is the latest action.
    """
    found = next(
        (
            (i, e[2])
            for i, e in reversed(list(enumerate(events)))
            if e[0] == "move" and e[2].kind != "pass"
        ),
        None,
    )
    if found is None:
        return None
    i, m = found
    track = board.track(m.seat)
    return {
        "seat": m.seat,
        "start": m.start,
        "end": m.end,
        "from": None if track[m.start] is None else list(track[m.start]),
        "to": None if track[m.end] is None else list(track[m.end]),
        "path": [
            list(track[s]) for s in range(m.start + 1, min(m.end, 83) + 1) if track[s] is not None
        ],
        "captured": sorted({victim for victim, _ in m.captures}),
        "event": i + 1,
        "fresh": i == len(events) - 1,
    }


def event_lines(event, lang: str) -> list[str]:
    """The sentences that narrate one event in ``lang``."""
    kind, before, action, after = event
    if kind == "throw":
        return explain.narrate_throw(before, action, after, lang)
    return explain.narrate_move(before, action, after, lang)


def log_lines(events, start_note, lang: str) -> tuple[list[str], list[str]]:
    """(the log's sentences, oldest first; the latest event's sentences).

    The start note ("New game: South starts.") opens the log while the game is short enough
    for the log to narrate it from its start."""
    lines: list[str] = []
    if start_note is not None and len(events) <= LOG_EVENTS:
        lines.append(i18n.text(*start_note, lang))
    last: list[str] = []
    for e in events[-LOG_EVENTS:]:
        last = event_lines(e, lang)
        lines.extend(last)
    return lines[-LOG_LENGTH:], last


def board_view(
    game,
    events,
    *,
    revision: int,
    lang: str = "en",
    names=board.SEAT_NAMES,
    seat_players=("human", "human", "human", "human"),
    computer_seats=(),
    start_note=None,
    can_undo: bool | None = None,
    code: str | None = None,
    params: dict | None = None,
    kind: str = "info",
) -> dict:
    """Everything the view is sent for ``game`` after ``events``, as revision ``revision``.

    Returns {move_ids, start_note, last_throw, legal_moves, log, status, status_kind, state,
    revision}: ``move_ids`` maps each id of ``legal_moves`` to its Move (kept by the widget, not
    sent); ``start_note`` is the (code, params) that opens the log, renewed when ``code`` starts
    a game (``new_game``, ``loaded``, ``setup``); ``status`` is the sentence of ``code`` when one
    is given, else the latest event's narration. ``can_undo`` says whether Undo can take
    something back (default: the game has an action to take back).
    """
    st = game.state
    shown = display_names(names, lang)
    legal = st.legal_moves()
    moves = [move_view(m, f"{revision}.{i}", lang, shown) for i, m in enumerate(legal)]
    move_ids = {mv["id"]: m for mv, m in zip(moves, legal, strict=True)}
    if code in ("new_game", "loaded", "setup"):
        start_note = (code, params)
    lines, last_lines = log_lines(events, start_note, lang)
    if code:
        message = i18n.text(code, params, lang)
    else:
        message = " ".join(last_lines) if last_lines else (lines[-1] if lines else "")
    if len(message) > STATUS_MAX:
        message = message[: STATUS_MAX - 1] + "…"
    view = st.to_dict()
    view.update(
        {
            "names": shown,
            "seat_players": list(seat_players),
            "computer_to_act": st.phase != "over" and st.to_move in computer_seats,
            "rules": i18n.rules_text(game.rules, lang),
            "preset": preset_of(game.rules),
            "players": game.players,
            "turn_mode": game.rules.turn_mode,
            "shells": game.rules.shells,
            "throw_values": list(game.rules.table),
            "can_undo": game.can_undo if can_undo is None else can_undo,
            "last_move": last_move_view(events),
            "stacks": scene.stacks(st.pieces, st.seats),
            "returning_step": board.RETURNING_STEP,
            "seat_labels": list(i18n.SEATS[lang]),
            "seat_letters": list(i18n.SEAT_LETTERS[lang]),
            "labels": dict(i18n.LABELS[lang]),
            "preset_names": dict(i18n.PRESET_NAMES[lang]),
            "agent_labels": dict(i18n.AGENT_NAMES[lang]),
            "language_names": dict(i18n.LANGUAGE_NAMES),
            "up_texts": [
                i18n.text("mouths_up", {"up": up}, lang) for up in range(game.rules.shells + 1)
            ],
        }
    )
    return {
        "move_ids": move_ids,
        "start_note": start_note,
        "last_throw": throw_view(game.seed, game.rules, events),
        "legal_moves": moves,
        "log": lines,
        "status": message,
        "status_kind": kind,
        "state": view,
        "revision": revision,
    }
