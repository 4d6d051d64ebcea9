"""The intents a board's front end may send: for each ``kind``, its fields, their checks, and the
session method that carries it out.

:data:`INTENTS` is the one table: :meth:`Session.handle_intent` looks an intent up in it,
its ``check`` turns the message's fields into the method's arguments (or refuses the message
with :class:`Refused`, changing nothing), and the method named does the rest. The widget's doc
table is :func:`doc_table` of it.

>>> sorted(INTENTS)[:4]
['answer', 'hint', 'load', 'move']
>>> print(doc_table().splitlines()[3])
``throw``             ``up`` (optional, 0..shells: a teacher forcing the mouths up)
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable
from dataclasses import dataclass

from .. import board, serialize, view, words
from ..agents import AGENTS
from ..engine import short_repr
from ..errors import GameOverError, PachisiError, RecordError
from ..rules import PRESETS, Rules
from ..words import Message
from . import typed

__all__ = [
    "INTENTS",
    "Intent",
    "Refused",
    "bad",
    "echo",
    "carry_out",
    "refusal",
    "is_expected",
    "doc_table",
]

_DETAIL_MAX = 240  # characters of an error's own message quoted in a refusal


class Refused(Exception):
    """An intent that is answered with a status message and changes nothing."""

    def __init__(self, code: str, params: dict | None = None):
        super().__init__(code)
        self.code = code
        self.params = params or {}


def bad(code: str, **params) -> Refused:
    """A refusal of a message the board should never send: what was wrong with it."""
    return Refused("bad_message", {"detail": Message(code, params)})


def echo(value) -> str:
    """A short echo of a value the board sent (JSON where it can be), for an error message;
    never raises, whatever the value (too deep, too long a number, a hostile repr)."""
    try:
        out = json.dumps(value, ensure_ascii=False)
    except Exception:
        out = short_repr(value, 40)
    return out if len(out) <= 40 else out[:39] + "…"


@dataclass(frozen=True)
class Intent:
    """One kind of intent: ``check(session, content)`` returns the keyword arguments of the
    session method ``method`` (None: the message asks for nothing to be done) or raises
    :class:`Refused`; ``refuse_as`` is the refusal's code for a TypeError or ValueError the
    method raises (None: the session's usual words for it)."""

    fields: str
    check: Callable
    method: str
    refuse_as: str | None = None


# -- checks that several intents share -----------------------------------------------------------


def _live(s) -> None:
    """Refuse a throw, a move, a pass or an undo while the board replays a game."""
    if s.replaying:
        raise bad("msg_replaying")


def _replaying(s) -> None:
    if not s.replaying:
        raise bad("msg_not_replaying")


def _human_to_act(s) -> None:
    """Refuse a human's throw or move while a computer seat is to act."""
    if s.game.to_move in s.computer_seats:
        raise bad("msg_computer_seat", seat=s.game.to_move)


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _nothing(s, c) -> dict:
    return {}


def _type(s, c) -> dict:
    text = c.get("text")
    if not isinstance(text, str):
        raise bad("msg_text", got=echo(text))
    return {"text": text[: typed.MAX_TEXT + 1]}


def _save(s, c) -> dict:
    kind = c.get("as", "json")
    if kind not in ("json", "text"):
        raise bad("msg_save_as", got=echo(kind))
    return {"as_": kind}


# -- the live game -----------------------------------------------------------------------------


def _throw(s, c) -> dict:
    _live(s)
    up, shells = c.get("up"), s.game.rules.shells
    if up is not None and not (_is_int(up) and 0 <= up <= shells):
        raise bad("msg_bad_up", shells=shells, got=echo(up))
    _human_to_act(s)
    return {"up": up}


def _move(s, c) -> dict:
    mid = c.get("id")
    if not isinstance(mid, str):
        raise bad("msg_move_id", got=echo(mid))
    _live(s)
    move = s.move_ids.get(mid)
    if move is None:
        raise Refused("stale_move")
    _human_to_act(s)
    return {"move": move}


def _pass(s, c) -> dict:
    _live(s)
    g = s.game
    if g.phase != "move":
        raise Refused("throw_first" if g.phase == "throw" else "game_over", {"seat": g.to_move})
    return {}


def _undo(s, c) -> dict:
    _live(s)
    return {"to_human": True}


def _new_game(s, c) -> dict:
    players, seed, preset = c.get("players"), c.get("seed"), c.get("preset")
    if players is not None and (isinstance(players, bool) or players not in (2, 3, 4)):
        raise bad("msg_players", got=echo(players))
    if seed is not None and not _is_int(seed):
        raise bad("msg_seed", got=echo(seed))
    if preset is not None and (not isinstance(preset, str) or preset not in PRESETS):
        raise bad("msg_preset", presets=list(PRESETS), got=echo(preset))
    rules = Rules.preset(preset) if preset else None
    if rules is not None and s.game.rules.teams and (players or s.game.players) == 4:
        rules = rules.replace(teams=True)
    return {"players": players, "rules": rules, "seed": seed}


def _step(s, c) -> dict | None:
    if s.replaying:
        return None  # a computer seat's timer from before the replay: nothing is played
    turn, revision = c.get("turn"), c.get("revision")
    if (turn is not None and turn != s.game.state.turn) or (
        revision is not None and revision != s.revision
    ):
        return None  # a timer from an earlier position (or a second view of the board)
    g = s.game
    if g.to_move not in s.computer_seats or g.phase == "over":
        if turn is not None or revision is not None:
            return None  # a timer that outlived its computer seat (made human meanwhile)
        raise bad("msg_no_computer")
    return {}


def _set_seat(s, c) -> dict:
    seat, player = c.get("seat"), c.get("player")
    if isinstance(seat, bool) or seat not in s.game.seats:
        raise bad("msg_seat", seats=list(s.game.seats), got=echo(seat))
    if not isinstance(player, str) or (player != "human" and player not in AGENTS):
        raise bad("msg_player", agents=list(AGENTS), got=echo(player))
    return {"seat": seat, "player": player}


def _set_language(s, c) -> dict:
    lang = c.get("language")
    if lang not in words.LANGUAGES:
        raise bad("msg_language", got=echo(lang))
    return {"language": lang}


def _setup(s, c) -> dict:
    return {"positions": c.get("positions"), "to_move": c.get("to_move", 0)}


def _load(s, c) -> dict:
    text = c.get("text")
    if not isinstance(text, str) or len(text) > serialize.MAX_TEXT:
        raise Refused("bad_record", {"detail": Message("load_not_text")})
    return {"record": text}


# -- replay, practice, instruments ----------------------------------------------------------------


def _replay_open(s, c) -> dict | None:
    return None if s.replaying else {}


def _replay_to(s, c) -> dict:
    _replaying(s)
    index, count = c.get("index"), s.replay_count
    if not (_is_int(index) and 0 <= index <= count):
        raise bad("msg_replay_index", count=count, got=echo(index))
    return {"index": index}


def _replay_step(s, c) -> dict | None:
    _replaying(s)
    by = c.get("by")
    if by not in (-1, 1) or isinstance(by, bool):
        raise bad("msg_replay_index", count=s.replay_count, got=echo(by))
    index = s.replay_index + by
    return {"index": index} if 0 <= index <= s.replay_count else None


def _replay_from_here(s, c) -> dict:
    _replaying(s)
    index = c.get("index")
    if index is not None and index != s.replay_index:
        raise bad("msg_replay_index", count=s.replay_count, got=echo(index))
    return {}


def _while_replaying(s, c) -> dict:
    _replaying(s)
    return {}


def _try(s, c) -> dict:
    _live(s)
    if not s.quiz:
        raise bad("msg_quiz_off")
    _human_to_act(s)
    start = c.get("start")
    if not (_is_int(start) and 0 <= start < board.HOME):
        raise bad("msg_bad_start", got=echo(start))
    return {"start": start, "square": c.get("square")}


def _answer(s, c) -> dict:
    question = s.practice_mode.question
    if question is not None and c.get("question") != question[0]:
        raise bad("msg_stale_question")
    problem = s.practice_mode.problem(c.get("choice"))
    if problem is not None:
        raise bad(problem[0], **problem[1])
    return {"choice": c.get("choice")}


def _hint(s, c) -> dict:
    on = c.get("on", not s.instruments.hints)
    if not isinstance(on, bool):
        raise bad("msg_hint_on", got=echo(on))
    return {"on": on}


def _set_overlay(s, c) -> dict:
    overlay = c.get("overlay")
    if overlay is not None and (not isinstance(overlay, str) or overlay not in view.OVERLAYS):
        raise bad("msg_overlay", choices=", ".join([*view.OVERLAYS, "null"]), got=echo(overlay))
    return {"overlay": overlay}


INTENTS = {
    "throw": Intent(
        "``up`` (optional, 0..shells: a teacher forcing the mouths up)", _throw, "throw"
    ),
    "move": Intent("``id``: an id from the ``legal_moves`` trait", _move, "play"),
    "pass": Intent("(none)", _pass, "pass_"),
    "undo": Intent(
        "(none): takes back the last action, and the computer seats' actions "
        "before it, back to a human's decision; at the start of a game that "
        "replaced another (new game, set-up, load), brings that game back",
        _undo,
        "undo",
    ),
    "new_game": Intent(
        "``players`` (optional 2..4), ``seed`` (optional int), ``preset`` (optional)",
        _new_game,
        "new_game",
    ),
    "step": Intent(
        "``turn`` and ``revision``: the ``state.turn`` and ``revision`` it was sent "
        "for; plays one computer action (a timer from an older position does "
        "nothing)",
        _step,
        "computer_step",
    ),
    "set_seat": Intent(
        '``seat`` 0..3, ``player``: ``"human"`` or an agent name', _set_seat, "set_computer"
    ),
    "set_language": Intent('``language``: ``"en"`` or ``"ro"``', _set_language, "set_language"),
    "setup": Intent(
        "``positions`` (4 lists of 4 steps or null), ``to_move`` (seat)",
        _setup,
        "set_position",
        refuse_as="bad_position",
    ),
    "save": Intent(
        '``as`` (optional): ``"json"`` (the record, the default) or ``"text"`` (the game as text, '
        ':mod:`pachisi_widget.notation`); Python answers with a ``{"kind": "record", "text", '
        '"filename"}`` message, which the view offers as a download',
        _save,
        "send_record",
    ),
    "type": Intent(
        "``text``: a move or a command as typed (``12 16``, ``enter``, ``pass``, ``where``, "
        "``step 12``, ``danger``, ``moves``, ``help``; English or Romanian)",
        _type,
        "typed",
    ),
    "load": Intent(
        "``text``: a saved game: its JSON record or its text (:meth:`Game.to_text`)", _load, "load"
    ),
    "replay_open": Intent(
        "(none): replay the game on the board on the timeline (from its start)",
        _replay_open,
        "replay",
    ),
    "replay_to": Intent(
        "``index``: 0..count, the point of the timeline to show", _replay_to, "replay_to"
    ),
    "replay_step": Intent("``by``: -1 or 1, one action back or forward", _replay_step, "replay_to"),
    "replay_from_here": Intent(
        "``index``: the point shown; it becomes the live game (later actions dropped)",
        _replay_from_here,
        "play_from_here",
    ),
    "replay_analyse": Intent(
        "(none): judge every human decision of the replayed game (the coach)",
        _while_replaying,
        "analyse",
    ),
    "replay_close": Intent("(none): back to the live game", _while_replaying, "close_replay"),
    "try": Intent(
        '``start`` (a step) and ``square`` ([x, y] or ``"home"``): a move named by '
        "a piece and a square, in practice mode (``quiz``)",
        _try,
        "try_move",
    ),
    "answer": Intent(
        "``question`` (the id it was sent for), ``choice`` (an index of its choices)",
        _answer,
        "answer",
    ),
    "hint": Intent(
        "``on`` (optional bool; absent: toggles): show each legal move's chance to win",
        _hint,
        "set_hints",
    ),
    "set_overlay": Intent(
        '``overlay``: ``"danger"``, ``"reach"`` or null: colour the squares',
        _set_overlay,
        "set_overlay",
    ),
}
"""The intents the front end may send, by ``kind``."""


def carry_out(session, content, via=None) -> None:
    """Check ``content`` against :data:`INTENTS` and carry it out on ``session``.

    The method is ``via``'s own one of that name when ``via`` (an adapter such as the widget)
    defines one, else the session's: a notebook that wraps ``w.throw`` sees the board's clicks
    go through it too.

    Raises:
        Refused: for a message that is malformed, stale or not allowed now (nothing changed);
            whatever the method raises otherwise.
    """
    if not isinstance(content, dict):
        raise bad("msg_not_object", type=type(content).__name__)
    kind = content.get("kind")
    if not isinstance(kind, str) or kind not in INTENTS:
        raise bad("msg_unknown_kind", got=echo(kind))
    intent = INTENTS[kind]
    kwargs = intent.check(session, content)
    if kwargs is None:
        return
    own = via is not None and callable(getattr(type(via), intent.method, None))
    method = getattr(via if own else session, intent.method)
    if intent.refuse_as is None:
        method(**kwargs)
        return
    try:
        method(**kwargs)
    except (TypeError, ValueError) as exc:
        raise Refused(intent.refuse_as, {"detail": exc}) from None


def is_expected(exc: BaseException) -> bool:
    """Whether ``exc`` is a refusal an intent may meet (not a bug to log)."""
    return isinstance(exc, (Refused, PachisiError, TypeError, ValueError))


def refusal(exc: BaseException) -> tuple:
    """(code, params) of the refusal that says why an intent failed with ``exc``."""
    if isinstance(exc, Refused):
        return exc.code, exc.params
    if isinstance(exc, RecordError):
        return "bad_record", {"detail": _brief(exc)}
    if isinstance(exc, PachisiError):
        code = exc.code or ("game_over" if isinstance(exc, GameOverError) else None)
        if code in words.sentences("en"):
            return code, exc.params
    if isinstance(exc, (PachisiError, TypeError, ValueError)):
        return "bad_message", {"detail": _brief(exc)}
    return "bad_message", {"detail": Message("internal_error", {"kind": type(exc).__name__})}


def _brief(exc: BaseException) -> BaseException:
    """``exc`` to quote in a refusal: as it is when a sentence of the catalogue says it, else
    with its message cut short."""
    if getattr(exc, "code", None) in words.sentences("en"):
        return exc
    try:
        text = str(exc)
    except Exception:
        text = type(exc).__name__
    return exc if len(text) <= _DETAIL_MAX else ValueError(text[: _DETAIL_MAX - 1] + "…")


_KIND_WIDTH, _FIELDS_WIDTH = 20, 74
_WRAP = 78  # the last column of a simple table may run past its rule


def doc_table() -> str:
    """:data:`INTENTS` as a reStructuredText table of kinds and their fields."""
    rule = f"{'=' * _KIND_WIDTH}  {'=' * _FIELDS_WIDTH}"
    lines = [rule, f"{'intent ``kind``':<{_KIND_WIDTH}}  fields", rule]
    for kind, intent in INTENTS.items():
        wrapped = textwrap.wrap(intent.fields, _WRAP) or [""]
        lines.append(f"{'``' + kind + '``':<{_KIND_WIDTH}}  {wrapped[0]}")
        lines.extend(f"{'':<{_KIND_WIDTH}}  {more}" for more in wrapped[1:])
    lines.append(rule)
    return "\n".join(lines)
