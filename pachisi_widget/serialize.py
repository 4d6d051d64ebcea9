"""Game records: ``to_dict`` / ``from_dict`` with a format name and version.

A record holds the seed, the rules, the starting position (for games set up with
``Game.from_position``) and every action (throws with their mouths up and whether they were
forced; moves by seat, kind, start, end and value). Loading replays the actions through the
rules engine, so a record that does not follow the rules, or whose unforced throws do not follow
from its seed, is refused; the final position is checked against the one saved. The random
generator comes back in the same state, so a restored game goes on with the same throws.

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

from .errors import PachisiError, RecordError
from .rules import Rules
from .state import Move

__all__ = ["FORMAT", "VERSION", "game_to_dict", "game_from_dict", "dumps", "loads"]

FORMAT = "pachisi_widget.game"
VERSION = 1


def game_to_dict(game) -> dict:
    """The JSON-safe record of ``game`` (see the module docstring)."""
    actions = []
    for a in game._actions:
        if a[0] == "throw":
            actions.append({"throw": a[1].up, "forced": a[2]})
        else:
            m = a[1]
            actions.append({"move": [m.seat, m.kind, m.start, m.end, m.value]})
    st = game.state
    return {
        "format": FORMAT,
        "version": VERSION,
        "seed": game.seed,
        "rules": game.rules.to_dict(),
        "seats": list(st.seats),
        "start": game._start,
        "opening": [[[s, t.up] for s, t in r.items()] for r in game.opening],
        "actions": actions,
        "position": st.to_dict()["pieces"],
        "to_move": st.to_move,
        "phase": st.phase,
    }


def _need(data: dict, key: str, types, where: str = "record"):
    if key not in data:
        raise RecordError(f"the {where} is truncated or malformed: missing {key!r}")
    value = data[key]
    if not isinstance(value, types) or isinstance(value, bool) and bool not in (types if isinstance(types, tuple) else (types,)):
        raise RecordError(f"the {where}'s {key!r} has the wrong type: {type(value).__name__}")
    return value


def game_from_dict(cls, data):
    """Rebuild a Game of class ``cls`` from a record, checking everything; see the module docstring.

    Raises:
        RecordError: saying what is wrong; no game is returned half-loaded.
    """
    if not isinstance(data, dict):
        raise RecordError(f"a game record must be a JSON object (dict), not {type(data).__name__}")
    fmt = data.get("format")
    if fmt != FORMAT:
        raise RecordError(f"not a pachisi_widget game record: format is {fmt!r}, expected {FORMAT!r}")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise RecordError(f"the record's version must be an integer, not {version!r}")
    if version > VERSION:
        raise RecordError(f"the record is format version {version}, newer than this pachisi_widget reads "
                          f"(up to {VERSION}): upgrade pachisi_widget to open it")
    if version < 1:
        raise RecordError(f"unknown record version {version}")
    seed = _need(data, "seed", int)
    rules_d = _need(data, "rules", dict)
    seats = _need(data, "seats", list)
    actions = _need(data, "actions", list)
    position = _need(data, "position", list)
    start = data.get("start")
    try:
        rules = Rules.from_dict(rules_d)
    except (TypeError, ValueError) as exc:
        raise RecordError(f"the record's rules are invalid: {exc}") from None
    try:
        if start is None:
            players = len(seats)
            game = cls(players=players, rules=rules, seed=seed)
            if list(game.seats) != seats:
                raise RecordError(f"the record's seats {seats} do not match {players} players")
        else:
            if not isinstance(start, dict):
                raise RecordError("the record's start must be an object")
            game = cls.from_position(_need(start, "pieces", list, "start"), to_move=_need(start, "to_move", int, "start"),
                                     rules=rules, seed=seed, captured=_need(start, "captured", list, "start"))
    except RecordError:
        raise
    except (TypeError, ValueError) as exc:
        raise RecordError(f"the record's start is invalid: {exc}") from None
    for i, a in enumerate(actions):
        try:
            _replay(game, a)
        except RecordError as exc:
            raise RecordError(f"action {i + 1} of {len(actions)}: {exc}") from None
        except (PachisiError, TypeError, ValueError) as exc:
            raise RecordError(f"action {i + 1} of {len(actions)} ({a!r}) cannot be replayed: {exc}") from None
    opening = data.get("opening", [])
    rebuilt = [[[s, t.up] for s, t in r.items()] for r in game.opening]
    if opening != rebuilt:
        raise RecordError(f"the record's opening throws {opening} do not follow from its seed, which gives "
                          f"{rebuilt}: the record was changed or belongs to another seed")
    final = game.state.to_dict()["pieces"]
    if final != position:
        raise RecordError(f"the record's position {position} does not match its actions, which give {final}")
    for key, value in (("to_move", game.state.to_move), ("phase", game.state.phase)):
        if data.get(key) != value:
            raise RecordError(f"the record's {key} {data.get(key)!r} does not match its actions, which give {value!r}")
    return game


def _replay(game, a) -> None:
    if not isinstance(a, dict):
        raise RecordError(f"an action must be an object, not {a!r}")
    if "throw" in a:
        up = a["throw"]
        if isinstance(up, bool) or not isinstance(up, int):
            raise RecordError(f"a throw must give the mouths up as an integer, not {up!r}")
        if a.get("forced", False):
            game.throw(up=up)
        else:
            t = game.throw()
            if t.up != up:
                raise RecordError(f"the record says {up} mouths up, but its seed gives {t.up}: "
                                  "the record was changed or belongs to another seed")
    elif "move" in a:
        mv = a["move"]
        if not isinstance(mv, list) or len(mv) != 5:
            raise RecordError(f"a move must be [seat, kind, start, end, value], not {mv!r}")
        seat, kind, start, end, value = mv
        if kind == "pass":
            game.play(Move.pass_for(seat))
        else:
            game.play(Move(seat, None, start, end, kind, value))
    else:
        raise RecordError(f"unknown action {a!r}: expected a 'throw' or a 'move'")


def dumps(game) -> str:
    """The record of ``game`` as JSON text."""
    return json.dumps(game_to_dict(game))


def loads(text: str, cls=None):
    """A Game from JSON text of a record.

    Raises:
        RecordError: for text that is not JSON or not a valid record.
    """
    if cls is None:
        from .game import Game as cls
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise RecordError(f"the game record is not valid JSON: {exc}") from None
    return game_from_dict(cls, data)
