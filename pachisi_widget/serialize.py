"""Game records: :class:`GameRecord`, and its JSON-safe form with a format name and version.

A record holds the seed, the rules, the starting position (for games set up with
``Game.from_position``), the opening throws, every action (throws with their mouths up and
whether they were forced; moves by seat, kind, start, end and value) and the final position.
:meth:`pachisi_widget.Game.from_record` replays the actions through the rules, so a record that
does not follow the rules, or whose unforced throws do not follow from its seed, is refused.

Only what round-trips exactly is accepted: every field must be there with its type, no field or
action may carry anything else, every rule option must be given (none is filled in with a
default) and written as :meth:`GameRecord.to_dict` writes it (sets as increasing lists, a
fractional ``p_mouth_up`` in lowest terms), so a record that loads saves back as the very same
data. Limits keep a hostile file from costing much: :data:`MAX_TEXT` characters of JSON,
:data:`MAX_ACTIONS` actions, :data:`MAX_DEPTH` levels of nesting; an error message quotes at most
a few dozen characters of a bad value.

>>> import pachisi_widget as pw
>>> g = pw.Game(players=2, seed=3)
>>> _ = g.throw(); d = g.to_dict()
>>> pw.Game.from_dict(d).to_dict() == d
True
>>> pw.Game.from_dict({"format": "chess"})
Traceback (most recent call last):
...
pachisi_widget.errors.RecordError: not a pachisi_widget game record: format is 'chess', expected 'pachisi_widget.game'
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, NamedTuple

from .engine import Move, short_repr
from .errors import GameOverError, IllegalMoveError, RecordError
from .rules import Rules

if TYPE_CHECKING:  # names for the type checker only: nothing here runs
    from typing import TypeAlias

    Pieces: TypeAlias = "tuple[tuple[int, ...] | None, ...]"
    """Per seat 0..3: the steps of its four pieces, or None for a seat nobody plays."""
    Start: TypeAlias = "tuple[Pieces, int, tuple[int, ...]]"
    """A game set up in a position: (pieces, seat to move, seats counted as having captured)."""
    Action: TypeAlias = "tuple[Any, ...]"
    """("throw", mouths up, forced) or ("move", seat, kind, start, end, value)."""

__all__ = [
    "FORMAT",
    "VERSION",
    "GameRecord",
    "MAX_ACTIONS",
    "MAX_TEXT",
    "MAX_DEPTH",
    "SEED_MAX",
    "start_game",
    "replay_record",
    "replay_action",
]

FORMAT = "pachisi_widget.game"
VERSION = 1
MAX_ACTIONS = 200_000
"""The most actions a record may hold (a 4-player game has a few thousand)."""
MAX_TEXT = 20_000_000
"""The most characters of JSON text a record may take."""
SEED_MAX = 2**128
"""Seeds are whole numbers 0 <= seed < SEED_MAX: the seeds a game takes
(:func:`pachisi_widget.game.check_seed`) and a record carries."""

MAX_DEPTH = 20
"""The deepest nesting of lists and objects a record's JSON may have (a valid one has 5)."""

_KEYS = (
    "format",
    "version",
    "seed",
    "rules",
    "seats",
    "start",
    "opening",
    "actions",
    "position",
    "to_move",
    "phase",
)
_KINDS = ("enter", "move", "pass")
_PHASES = ("throw", "move", "over")


class GameRecord(NamedTuple):
    """Everything needed to replay a game exactly (a value; :meth:`to_dict` gives its JSON form)."""

    seed: int
    """The game's seed."""
    rules: Rules
    """The rules it is played under."""
    seats: tuple[int, ...]
    """The seats in play."""
    start: Start | None
    """None for a new game; else (pieces per seat, seat to move, seats counted as having captured)."""
    opening: tuple[tuple[tuple[int, int], ...], ...]
    """The opening throws: per round, (seat, mouths up) pairs."""
    actions: tuple[Action, ...]
    """Per action: ("throw", mouths up, forced) or ("move", seat, kind, start, end, value)."""
    position: Pieces
    """The final pieces per seat (None for a seat nobody plays)."""
    to_move: int
    """The seat to move at the end."""
    phase: str
    """The phase at the end."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON-safe form (see the module text)."""
        actions: list[dict[str, Any]] = []
        for a in self.actions:
            if a[0] == "throw":
                actions.append({"throw": a[1], "forced": a[2]})
            else:
                actions.append({"move": list(a[1:])})
        start: dict[str, Any] | None = None
        if self.start is not None:
            pieces, to_move, captured = self.start
            start = {
                "pieces": [None if p is None else list(p) for p in pieces],
                "to_move": to_move,
                "captured": list(captured),
            }
        return {
            "format": FORMAT,
            "version": VERSION,
            "seed": self.seed,
            "rules": self.rules.to_dict(),
            "seats": list(self.seats),
            "start": start,
            "opening": [[[s, up] for s, up in r] for r in self.opening],
            "actions": actions,
            "position": [None if p is None else list(p) for p in self.position],
            "to_move": self.to_move,
            "phase": self.phase,
        }

    def to_json(self) -> str:
        """The JSON text of :meth:`to_dict`."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: object) -> GameRecord:
        """The record in JSON ``text``, checked as :meth:`from_dict` checks it.

        Raises:
            RecordError: for text that is not JSON, too long or too deeply nested, or not a record.
        """
        if isinstance(text, (bytes, bytearray)):
            if len(text) > 4 * MAX_TEXT:
                raise _err("record_too_long", length=len(text), max=MAX_TEXT)
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError:
                raise _err("record_not_utf8") from None
        if not isinstance(text, str):
            raise _err("record_json_type", type=type(text).__name__)
        if len(text) > MAX_TEXT:
            raise _err("record_too_long", length=len(text), max=MAX_TEXT)
        _check_depth(text)
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise _err(
                "record_json", line=getattr(exc, "lineno", 1), column=getattr(exc, "colno", 1)
            ) from None
        except RecursionError:
            raise _err("record_too_deep", max=MAX_DEPTH) from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """The record in ``data`` (the form :meth:`to_dict` gives), every field checked.

        Raises:
            RecordError: (a ValueError) saying what is wrong: a foreign or newer format, a missing,
                unknown or wrongly typed field, an action that is not exactly a throw or a move.
        """
        try:
            return cls._from_dict(data)
        except RecursionError:  # a Python nest deeper than the interpreter can look into
            raise _err("record_too_deep", max=MAX_DEPTH) from None

    @classmethod
    def _from_dict(cls, data: object) -> GameRecord:
        if not isinstance(data, dict):
            raise _err("record_not_object", type=type(data).__name__)
        fmt = data.get("format")
        if fmt is None:  # no format at all: say so, not "format is None"
            raise _err("record_format_missing", expected=repr(FORMAT))
        if fmt != FORMAT:
            raise _err("record_format", got=short_repr(fmt), expected=repr(FORMAT))
        version = data.get("version")
        if isinstance(version, bool) or not isinstance(version, int):
            raise _err("record_version_type", got=short_repr(version))
        if version > VERSION:
            raise _err("record_version_newer", version=short_repr(version), supported=VERSION)
        if version < 1:
            raise _err("record_version_unknown", version=version)
        unknown = [k for k in data if k not in _KEYS]
        if unknown:
            raise _err("record_unknown_fields", fields=short_repr(sorted(map(str, unknown))[:5]))
        seed = _int(_need(data, "seed", int), "seed", 0, SEED_MAX - 1)
        rules = _rules(_need(data, "rules", dict))
        seats = _seats(_need(data, "seats", list))
        start = data.get("start", ...)
        if start is ...:
            raise _err("record_missing", key="start")
        if start is not None:
            start = _start(start)
        opening = _opening(_need(data, "opening", list), len(rules.table) - 1)
        actions = _need(data, "actions", list)
        if len(actions) > MAX_ACTIONS:
            raise _err("record_too_many_actions", count=len(actions), max=MAX_ACTIONS)
        actions = tuple(_action(a, i, len(actions)) for i, a in enumerate(actions))
        position = _pieces(_need(data, "position", list), "position")
        to_move = _int(_need(data, "to_move", int), "to_move", 0, 3)
        phase = _need(data, "phase", str)
        if phase not in _PHASES:
            raise _err("record_phase", got=short_repr(phase))
        return cls(seed, rules, seats, start, opening, actions, position, to_move, phase)


def _check_depth(text: str) -> None:
    """Refuse JSON nested deeper than MAX_DEPTH before parsing it (json would recurse)."""
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise _err("record_too_deep", max=MAX_DEPTH)
        elif ch in "]}":
            depth -= 1


def _err(code: str, **params: Any) -> RecordError:
    return RecordError.from_code(code, params)


def _cause(exc: BaseException) -> BaseException:
    """``exc`` to quote as the cause of a RecordError: as it is when it has a sentence of the
    catalogue, else its message cut short (a message never quotes a whole bad value)."""
    if getattr(exc, "code", None):
        return exc
    text = str(exc)
    return exc if len(text) <= 240 else ValueError(text[:239] + "…")


def _same(a: Any, b: Any) -> bool:
    """Whether two flat JSON values are the same, type included (``1 == 1.0 == True`` in Python)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(
            type(x) is type(y) and x == y for x, y in zip(a, b, strict=True)
        )
    same: bool = a == b
    return same


def _rules(data: dict[str, Any]) -> Rules:
    """The record's rules: every option there, valid, and written as ``Rules.to_dict`` writes it."""
    try:
        rules = Rules.from_dict(data)
    except (TypeError, ValueError) as exc:
        raise _err("record_rules", cause=_cause(exc)) from None
    for key, value in rules.to_dict().items():
        if not _same(data[key], value):
            raise _err(
                "record_rules",
                cause=ValueError(
                    f"{key} must be written {short_repr(value, 60)} (sets as increasing lists, a "
                    f"fraction in lowest terms), not {short_repr(data[key], 60)}"
                ),
            )
    return rules


def _need(
    data: dict[str, Any],
    key: str,
    types: type | tuple[type, ...] | None = None,
    where: str = "record",
) -> Any:
    prefix = "record_" if where == "record" else "record_start_"
    if key not in data:
        raise _err(prefix + "missing", key=key)
    value = data[key]
    if types is not None and (not isinstance(value, types) or isinstance(value, bool)):
        raise _err(prefix + "wrong_type", key=key, type=type(value).__name__)
    return value


def _int(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _err("record_whole_number", field=what, type=type(value).__name__)
    if not low <= value <= high:
        shown = (
            short_repr(value)
            if value.bit_length() < 300
            else f"a number of {value.bit_length()} bits"
        )
        raise _err(
            "record_range",
            field=what,
            low=low,
            high=high if high < 2**64 else "2**128 - 1",
            got=shown,
        )
    return value


def _seats(seats: list[Any]) -> tuple[int, ...]:
    if not 2 <= len(seats) <= 4:
        raise _err("record_seat_count", count=len(seats))
    out = tuple(_int(s, "seats", 0, 3) for s in seats)
    if list(out) != sorted(set(out)):
        raise _err("record_seat_order", got=short_repr(list(out)))
    return out


def _pieces(pieces: list[Any], what: str) -> Pieces:
    if len(pieces) != 4:
        raise _err("record_pieces_entries", field=what, count=len(pieces))
    out: list[tuple[int, ...] | None] = []
    for p in pieces:
        if p is None:
            out.append(None)
            continue
        if not isinstance(p, list) or len(p) != 4:
            raise _err("record_pieces_steps", field=what, got=short_repr(p))
        out.append(tuple(_int(x, what, 0, 84) for x in p))
    return tuple(out)


def _start(start: object) -> Start:
    if not isinstance(start, dict):
        raise _err("record_start_type")
    keys = {"pieces", "to_move", "captured"}
    if set(start) != keys:
        raise _err("record_start_fields")
    pieces = _pieces(_need(start, "pieces", list, "start"), "start")
    to_move = _int(start["to_move"], "start_to_move", 0, 3)
    captured = _need(start, "captured", list, "start")
    if len(captured) > 4:
        raise _err("record_start_captured_count")
    captured = tuple(_int(c, "start_captured", 0, 3) for c in captured)
    if list(captured) != sorted(set(captured)):
        raise _err(
            "record_start",
            cause=ValueError(
                f"captured must list distinct seats in increasing order, not {list(captured)}"
            ),
        )
    return pieces, to_move, captured


def _opening(rounds: list[Any], shells: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    if len(rounds) > 1000:
        raise _err("record_opening_rounds", count=len(rounds))
    out: list[tuple[tuple[int, int], ...]] = []
    for r in rounds:
        if not isinstance(r, list) or not 1 <= len(r) <= 4:
            raise _err("record_opening_round", got=short_repr(r))
        pairs: list[tuple[int, int]] = []
        for pair in r:
            if not isinstance(pair, list) or len(pair) != 2:
                raise _err("record_opening_throw", got=short_repr(pair))
            pairs.append(
                (_int(pair[0], "opening_seat", 0, 3), _int(pair[1], "opening_up", 0, shells))
            )
        out.append(tuple(pairs))
    return tuple(out)


def _action(a: object, i: int, total: int) -> Action:
    where = {"index": i + 1, "count": total}
    if not isinstance(a, dict):
        raise _err("record_action_type", got=short_repr(a), **where)
    if set(a) == {"throw", "forced"}:
        up, forced = a["throw"], a["forced"]
        if isinstance(up, bool) or not isinstance(up, int) or not 0 <= up <= 7:
            raise _err("record_throw_up", got=short_repr(up), **where)
        if not isinstance(forced, bool):
            raise _err("record_forced", got=short_repr(forced), **where)
        return ("throw", up, forced)
    if set(a) == {"move"}:
        mv = a["move"]
        if not isinstance(mv, list) or len(mv) != 5:
            raise _err("record_move_shape", got=short_repr(mv), **where)
        seat, kind, start, end, value = mv
        seat = _int(seat, "move_seat", 0, 3)
        if not isinstance(kind, str) or kind not in _KINDS:
            raise _err("record_move_kind", got=short_repr(kind), **where)
        if kind == "pass":
            if (start, end, value) != (None, None, None):
                raise _err("record_pass_shape", **where)
        else:
            start, end = _int(start, "move_start", 0, 84), _int(end, "move_end", 0, 84)
            value = _int(value, "move_value", 1, 100)
        return ("move", seat, kind, start, end, value)
    raise _err("record_action_unknown", fields=short_repr(sorted(map(str, a))[:5]), **where)


# -- replaying a record (the game class is handed in: the game imports this module) --------------


def start_game(Game: Any, record: GameRecord) -> Any:
    """The game ``record`` starts from, before its first action (its opening throws thrown):
    a new ``Game`` of its seats, rules and seed, or one set up in its start position."""
    if record.start is None:
        return Game(players=len(record.seats), rules=record.rules, seed=record.seed)
    pieces, to_move, captured = record.start
    return Game.from_position(
        [None if p is None else list(p) for p in pieces],
        to_move=to_move,
        rules=record.rules,
        seed=record.seed,
        captured=captured,
    )


def replay_record(Game: Any, record: GameRecord) -> Any:
    """The ``Game`` that ``record`` describes, every action replayed through the rules and
    checked: its seats, its opening throws and unforced throws against its seed, each action
    against the rules, and the final position.

    Raises:
        RecordError: saying which of these does not hold (and at which action).
    """
    try:
        game = start_game(Game, record)
    except (TypeError, ValueError) as exc:
        raise _err("record_start", cause=exc) from None
    if game.seats != tuple(record.seats):
        if record.start is None:
            raise _err("record_seats", seats=list(record.seats), players=len(record.seats))
        got, expected = short_repr(list(record.seats)), short_repr(list(game.seats))
        raise _err("record_mismatch", field="seats", got=got, expected=expected)
    rebuilt = tuple(tuple((s, t.up) for s, t in r.items()) for r in game.opening)
    if tuple(record.opening) != rebuilt:
        raise _err("record_opening", expected=short_repr([list(map(list, r)) for r in rebuilt][:5]))
    total = len(record.actions)
    for i, a in enumerate(record.actions):
        try:
            replay_action(game, a)
        except RecordError as exc:
            raise _err("record_action", index=i + 1, count=total, cause=exc) from None
        except (IllegalMoveError, GameOverError, ValueError) as exc:
            params = {"index": i + 1, "count": total, "action": short_repr(a), "cause": exc}
            raise _err("record_replay", **params) from None
    st = game.state
    if st.pieces != tuple(record.position):
        position, expected = short_repr(record.position), short_repr(st.pieces)
        raise _err("record_position", position=position, expected=expected)
    for key, value in (("to_move", st.to_move), ("phase", st.phase)):
        if getattr(record, key) != value:
            got = short_repr(getattr(record, key))
            raise _err("record_mismatch", field=key, got=got, expected=short_repr(value))
    return game


def replay_action(game: Any, action: Action) -> None:
    """Play one recorded ``action`` on ``game``: a throw (an unforced one must be what the seed
    gives) or a move.

    Raises:
        RecordError: for an unforced throw its seed does not give; whatever the game raises for
            an action the rules refuse.
    """
    if action[0] == "throw":
        _, up, forced = action
        if forced:
            game.throw(up=up)
        else:
            t = game.throw()
            if t.up != up:
                raise _err("record_throw_seed", up=up, seed_up=t.up)
    else:
        _, seat, kind, start, end, value = action
        if kind == "pass":
            game.play(Move.pass_for(seat))
        else:
            game.play(Move(seat, None, start, end, kind, value))
