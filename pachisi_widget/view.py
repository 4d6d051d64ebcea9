"""What the board's front end is sent: pure functions of a game and its events (no traitlets).

The session (:mod:`pachisi_widget.session`) keeps the live game, the list of events it has
narrated and the numbers its instruments computed; everything the widget writes to its synced
traits is formatted here, from values only (no probability or coach calls: the numbers come in
as arguments), so the same functions build the JavaScript tests' fixtures (``js/fixtures/``) and
can be called without Jupyter. An *event* is a tuple ``(kind, before, action, after)``: ``kind``
is ``"throw"`` or ``"move"``, ``before``/``after`` the states around ``action`` (a Throw or a
Move).

>>> import pachisi_widget as pw
>>> g = pw.Game(players=2, seed=7)
>>> v = board_view(g, [], revision=1, start_note=("new_game", {"seat": g.to_move}))
>>> v["status"], v["revision"], v["legal_moves"]
('New game: North starts.', 1, [])
>>> geometry()["scene"]["cell"], len(geometry()["squares"])
(40, 96)
"""

from __future__ import annotations

import math
import random

from . import board, scene, words
from .rules import PRESETS, Rules
from .words import narrate

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
    "OVERLAYS",
    "pct_text",
    "hints_view",
    "thinking_view",
    "danger_view",
    "reach_view",
]

LOG_LENGTH = 60
"""A replay's log keeps at most this many sentences (the live game's keeps its whole game)."""
LOG_EVENTS = 20
"""A replay's log narrates this many latest events."""
LIVE_LOG_EVENTS = 5000
"""The live game's log narrates up to this many latest events: a whole game (a four-player
game has a few thousand actions), numbered by turn."""
STATUS_MAX = 600
"""Characters: a status line is one line, whatever a message quotes."""


def geometry() -> dict:
    """The board's geometry and the picture's facts, sent once: :func:`board.layout`, the
    Charkoni spots and :func:`pachisi_widget.scene.scene` (colours, shapes, sizes, offsets)."""
    facts = scene.scene()
    return dict(board.layout(), spots=facts["spots"], scene=facts)


def _entries(prefix: str, lang: str) -> dict[str, str]:
    """The words catalogue's entries ``<prefix>.<key>`` in its order: key -> words in ``lang``."""
    keys = [k for k in words.catalogue.messages("en", "words") if k.startswith(prefix + ".")]
    return {k[len(prefix) + 1 :]: words.word(k, lang) for k in keys}


def _seat_names(lang: str) -> tuple[str, ...]:
    return tuple(words.seat_label(s, lang) for s in range(4))


def display_names(names, lang: str) -> list[str]:
    """Per seat: the player's name as given, else the seat's name in ``lang``."""
    seats = _seat_names(lang)
    return [n if n and n != board.SEAT_NAMES[s] else seats[s] for s, n in enumerate(names)]


def who(seat: int, lang: str, names) -> str:
    """A seat as the view names it: the player's name, with the seat when they differ."""
    seat_word = _seat_names(lang)[seat]
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


def move_view(
    m, mid: str, lang: str = "en", names=board.SEAT_NAMES, split: str | None = None
) -> dict:
    """One legal move as the view gets it: {id, seat, kind, piece, start, end, value, captures,
    from, to, path, label}; ``from``/``to`` are squares (None in the Charkoni and at home).
    ``split``: how the move spends a split throw (:func:`~pachisi_widget.words.narrate.split_use`:
    "with the rest of the 10", "with part of the 10")."""
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
            "label": words.text("label_pass", {"who": name}, lang),
        }
    path = [
        list(track[s]) for s in range(max(m.start, 1), min(m.end, 83) + 1) if track[s] is not None
    ]
    if m.start == 83 and m.end == 84:
        path = []
    frm = None if m.start == 0 else list(track[m.start])
    to = None if m.end == 84 else list(track[m.end])
    p = {"who": name, "start": m.start, "end": m.end, "value": m.value}
    code = "label_enter" if m.kind == "enter" else f"label_move_{split}" if split else "label_move"
    label = words.text(code, p, lang)
    if m.captures:
        label += words.text("label_captures", {"victims": victims(m.captures)}, lang)
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


_NARRATED: dict = {}
"""(id of an event, language) -> (the event, its sentences): the log narrates a whole game at each
change, and an event's sentences never change. Keyed by identity (an event's states are large to
hash), the event kept beside to tell a reused id apart; emptied when it grows past its bound."""


def event_lines(event, lang: str) -> list[str]:
    """The sentences that narrate one event in ``lang`` (remembered; callers do not change the
    list)."""
    key = (id(event), lang)
    kept = _NARRATED.get(key)
    if kept is not None and kept[0] is event:
        return kept[1]
    if len(_NARRATED) > 4 * LIVE_LOG_EVENTS:
        _NARRATED.clear()
    lines = _narrate(event, lang)
    _NARRATED[key] = (event, lines)
    return lines


def _narrate(event, lang: str) -> list[str]:
    kind, before, action, after = event
    if kind == "throw":
        return narrate.narrate_throw(before, action, after, lang)
    return narrate.narrate_move(before, action, after, lang)


def log_lines(
    events, start_note, lang: str, window: int = LOG_EVENTS, notes=None
) -> tuple[list[str], list[str]]:
    """(the log's sentences, oldest first; the latest event's sentences).

    The log narrates the latest ``window`` events (:data:`LIVE_LOG_EVENTS` for the live game:
    all of it), the first sentence of each turn numbered by the turn ("12. South throws 3..."),
    so a number is the same however much of the game the log holds. The start note ("New
    game: South starts.") opens the log while it narrates the game from its start. ``notes``
    (the position after an event -> a sentence: the tutor's) are said after their events."""
    lines: list[str] = []
    if start_note is not None and len(events) <= window:
        lines.append(words.text(*start_note, lang))
    last: list[str] = []
    turn = None
    for e in events[-window:]:
        last = event_lines(e, lang)
        if last and e[1].turn != turn:  # the first event of a turn
            turn = e[1].turn
            lines.append(f"{turn + 1}. {last[0]}")
            lines.extend(last[1:])
        else:
            lines.extend(last)
        if notes and e[3] in notes:
            lines.append(notes[e[3]])
    return (lines if window > LOG_EVENTS else lines[-LOG_LENGTH:]), last


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
    log_window: int = LOG_EVENTS,
    notes=None,
) -> dict:
    """Everything the view is sent for ``game`` after ``events``, as revision ``revision``
    (the log narrating the latest ``log_window`` of them, with ``notes``: :func:`log_lines`).

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
    moves = [
        move_view(m, f"{revision}.{i}", lang, shown, narrate.split_use(st, m))
        for i, m in enumerate(legal)
    ]
    move_ids = {mv["id"]: m for mv, m in zip(moves, legal, strict=True)}
    if code in ("new_game", "loaded", "setup"):
        start_note = (code, params)
    lines, last_lines = log_lines(events, start_note, lang, log_window, notes)
    if code:
        message = words.text(code, params, lang)
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
            "rules": words.rules_text(game.rules, lang),
            "preset": preset_of(game.rules),
            "players": game.players,
            "turn_mode": game.rules.turn_mode,
            "shells": game.rules.shells,
            "throw_values": list(game.rules.table),
            "can_undo": game.can_undo if can_undo is None else can_undo,
            "last_move": last_move_view(events),
            "stacks": scene.stacks(st.pieces, st.seats),
            "returning_step": board.RETURNING_STEP,
            "seat_labels": list(_seat_names(lang)),
            "seat_letters": list(_entries("seat_letter", lang).values()),
            "labels": dict(words.labels(lang)),
            "preset_names": _entries("preset", lang),
            "agent_labels": _entries("agent", lang),
            "language_names": {code: words.language_name(code) for code in words.LANGUAGES},
            "up_texts": [
                words.text("mouths_up", {"up": up}, lang) for up in range(game.rules.shells + 1)
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


# -- replay, analysis and practice ----------------------------------------------------------------


def replay_board_view(replay, index: int, **kwargs) -> dict:
    """:func:`board_view` of the point ``index`` of ``replay`` (a
    :class:`pachisi_widget.replay.Replay`): its position and the narration up to it, with no
    legal moves (nothing is played in a replay) and ``state["replay"]`` set."""
    start = replay.start
    note = ("new_game" if replay.record.start is None else "setup", {"seat": start.to_move})
    events = replay.events(index, LOG_EVENTS + 1)
    shown = board_view(
        replay.point(index), events, start_note=note, can_undo=False, computer_seats=(), **kwargs
    )
    shown["legal_moves"], shown["move_ids"] = [], {}
    shown["state"]["replay"] = True
    shown["state"]["can_undo"] = False
    return shown


# -- hints and heat maps -----------------------------------------------------------------------


OVERLAYS = ("danger", "reach")
"""The heat maps the board can colour its squares with (``PachisiWidget.overlay``)."""


def pct_text(p: float, lang: str = "en") -> str:
    """A chance as whole percents ("62%"); one decimal below 1% ("0.4%", "0,4%" in Romanian),
    and "<0.1%" below that: :func:`pachisi_widget.words.percent` with ``below=0.1``."""
    return words.percent(p, lang, below=0.1)


def hints_view(evaluation, move_ids: dict, lang: str = "en", names=board.SEAT_NAMES) -> dict:
    """What the hints show, from ``evaluation`` (:func:`pachisi_widget.coach.evaluate` of the
    position whose legal moves ``move_ids`` maps, id -> Move).

    Returns {status: "ready", moves: {id: {win, low, high, pm, best, about_equal, pick, text,
    label}},
    best, about, pass}: ``win`` the chance to win for the seat to move (its team with teams),
    ``pm`` the half width of its 95% interval in points (0 when exact), ``text`` the short figure
    drawn on the board ("62% ±4"), ``label`` the words for a screen reader; ``best`` the id of
    the best move, only when it is clearly best (:attr:`~pachisi_widget.coach.Evaluation.
    clear_best`); otherwise None, the moves the rollouts cannot tell apart marked
    ``about_equal``, and ``about`` says so; of those, the coach's pick
    (:attr:`~pachisi_widget.coach.Evaluation.pick`, its learned judgement's) marked ``pick``;
    ``pass`` the pass's {id, text, win} (None when passing is not a choice).
    """
    shown = display_names(names, lang)
    best = evaluation.best if evaluation.clear_best else None  # a star only where it is clear
    equal = {mc.move.key for mc in evaluation.about_equal} if best is None else set()
    # among moves about equal, the coach's judgement picks one (Evaluation.pick)
    pick = evaluation.pick if best is None and len(equal) > 1 else None
    moves: dict = {}
    best_id = None
    pass_view = None
    for mid, m in move_ids.items():
        mc = evaluation.find(m)
        if mc is None:
            continue
        pm = 0 if mc.exact else round(100 * mc.half_width)
        figure = pct_text(mc.chance, lang)
        said = words.text("hint_win_pm" if pm else "hint_win", {"chance": figure, "pm": pm}, lang)
        is_best = best is not None and mc.move.key == best.move.key
        if is_best:
            best_id = mid
            said = f"{said}, {words.text('hint_best', {}, lang)}"
        elif pick is not None and mc.move.key == pick.move.key:
            said = f"{said}, {words.text('hint_pick', {}, lang)}"
        elif mc.move.key in equal:
            said = f"{said}, {words.text('hint_about_equal', {}, lang)}"
        moves[mid] = {
            "win": round(mc.chance, 4),
            "low": round(mc.low, 4),
            "high": round(mc.high, 4),
            "pm": pm,
            "best": is_best,
            "about_equal": mc.move.key in equal,
            "pick": pick is not None and mc.move.key == pick.move.key,
            "text": f"{figure} ±{pm}" if pm else figure,
            "label": said,
        }
        if m.kind == "pass":
            pass_view = {
                "id": mid,
                "win": round(mc.chance, 4),
                "text": words.text("hint_pass", {"chance": moves[mid]["text"]}, lang),
            }
    seat = who(evaluation.seat, lang, shown)
    if evaluation.engine == "exact":
        about = words.text("hint_about_exact", {"seat": seat}, lang)
    else:
        code = "hint_about" if evaluation.complete else "hint_about_budget"
        about = words.text(code, {"seat": seat, "rollouts": evaluation.rollouts}, lang)
    if evaluation.tie_text(lang):
        about = f"{about} {evaluation.tie_text(lang)}"
    if pick is not None:
        about = f"{about} {evaluation.pick_text(lang)}"
    return {
        "status": "ready",
        "moves": moves,
        "best": best_id,
        "about": about,
        "pass": pass_view,
        "revision": None,
    }


def thinking_view(done: int, total: int, lang: str = "en") -> dict:
    """The hints while they are computed: {status: "thinking", progress (0..1), text}."""
    frac = min(1.0, done / total) if total else 0.0
    pct = round(100 * frac)
    return {
        "status": "thinking",
        "progress": frac,
        "text": words.text("hint_thinking", {"pct": pct}, lang),
    }


def _heat_squares(kind: str, cells: dict, what: str, lang: str) -> list:
    """[{x, y, p, color, ink, label}] for the squares with a chance above 0, in board order."""
    out = []
    for (x, y), p in cells.items():
        p = float(p)
        if p <= 0:
            continue
        color = scene.heat_color(kind, p)
        ink = scene.HEAT_TEXT[scene.HEAT_RAMPS[kind].index(color)]
        out.append(
            {
                "x": x,
                "y": y,
                "p": round(p, 4),
                "color": color,
                "ink": ink,
                "label": words.text("heat_square", {"what": what, "pct": pct_text(p, lang)}, lang),
            }
        )
    return out


def _heat_legend(kind: str, title: str, caption: str, lang: str) -> dict:
    ramp = scene.HEAT_RAMPS[kind]
    bounds = (0.0, *scene.HEAT_BINS, 1.0)
    stops = [
        {
            "color": c,
            "ink": scene.HEAT_TEXT[i],
            "text": f"{pct_text(bounds[i], lang)}–{pct_text(bounds[i + 1], lang)}",
        }
        for i, c in enumerate(ramp)
    ]
    return {
        "kind": kind,
        "title": title,
        "caption": caption,
        "stops": stops,
        "low": words.text("heat_scale_low", {}, lang),
        "high": words.text("heat_scale_high", {}, lang),
    }


def danger_view(
    state, danger: dict, lang: str = "en", names=board.SEAT_NAMES, bound: float | None = None
) -> dict:
    """The danger heat map for the seat to move: {kind, squares, legend, note}, from ``danger``,
    :func:`pachisi_widget.probability.danger_map` of ``state`` for that seat (every square of
    its loop where an opponent can land before its next turn, with the chance). ``bound``, the
    largest :func:`pachisi_widget.probability.capture_bound` of a square, is said in the
    caption (rounded up to a tenth of a point; 0: no extra throw for a capture can arise;
    None: said as left out, with no figure)."""
    seat = state.to_move
    name = who(seat, lang, display_names(names, lang))
    what = words.labels(lang)["overlay_danger"]
    squares = _heat_squares("danger", danger, what, lang)
    if bound is not None and bound <= 0:
        caption = words.text("heat_danger_caption_exact", {"seat": name}, lang)
    else:
        up = 1.0 if bound is None else min(1.0, math.ceil(1000 * float(bound) - 1e-9) / 1000)
        pct = words.percent(up, lang, places=1)
        caption = words.text("heat_danger_caption", {"seat": name, "pct": pct}, lang)
    legend = _heat_legend(
        "danger", words.text("heat_danger_title", {"seat": name}, lang), caption, lang
    )
    note = "" if squares else words.text("heat_nothing", {}, lang)
    return {"kind": "danger", "squares": squares, "legend": legend, "note": note}


def reach_view(state, reaches: dict, lang: str = "en", names=board.SEAT_NAMES) -> dict:
    """The reach heat maps of the seat to move: {kind, maps: {"seat:step": {squares, legend,
    note}}, default}: one map per stack of its pieces not yet home, from ``reaches``, {step:
    :func:`pachisi_widget.probability.reach_map` of a piece on that step} (where the piece can
    stand when this turn ends); ``default`` is the stack of the first legal move (else, before
    the throw, the first stack on the board, else the first). The board shows the map of the
    stack selected, else ``default``."""
    seat = state.to_move
    if state.phase == "over":
        return {"kind": "reach", "maps": {}, "default": None}
    name = who(seat, lang, display_names(names, lang))
    track = board.track(seat)
    maps: dict = {}
    what = words.labels(lang)["overlay_reach"]
    caption = words.text("heat_reach_caption", {"seat": name}, lang)
    if len(reaches) > 1:  # how to see another piece's map
        caption = f"{caption} {words.text('heat_reach_pick', {}, lang)}"
    for step, reach in sorted(reaches.items()):
        cells: dict = {}  # a seat's column holds steps 1..7 and, on the way home, 77..83
        for s, p in reach.items():
            if track[s] is not None and s != step:
                cells[tuple(track[s])] = cells.get(tuple(track[s]), 0.0) + p
        notes = []
        if reach.get(board.HOME):
            notes.append(words.text("heat_home", {"pct": pct_text(reach[board.HOME], lang)}, lang))
        if reach.get(step):
            notes.append(words.text("heat_stays", {"pct": pct_text(reach[step], lang)}, lang))
        title = (
            words.text("heat_reach_title", {"step": step}, lang)
            if step
            else words.text("heat_reach_title_waiting", {}, lang)
        )
        legend = _heat_legend("reach", title, caption, lang)
        maps[f"{seat}:{step}"] = {
            "squares": _heat_squares("reach", cells, what, lang),
            "legend": legend,
            "note": "; ".join(notes),
        }
    first = next((m for m in state.legal_moves() if m.kind != "pass"), None)
    on_board = [k for k in maps if k != f"{seat}:0"]
    default = f"{seat}:{first.start}" if first is not None else next(iter(on_board or maps), None)
    return {"kind": "reach", "maps": maps, "default": default}
