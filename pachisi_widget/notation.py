"""A game as plain text a class can read, copy and share, as chess has PGN.

:meth:`pachisi_widget.Game.to_text` writes it and :meth:`pachisi_widget.Game.from_text` reads it
back, replaying every action through the rules, so a text that loads is a real game, and it
saves back as the same text and the same JSON record (:meth:`~pachisi_widget.Game.to_dict`).

The text has header lines, then one line per turn; here a game set up in a position, where
South's first throw was set by hand and its piece on step 20 captured East's::

    [Format "pachisi_widget.text 1"]
    [Seed "3"]
    [Rules "classic"]
    [Seats "S E"]
    [Start "S 20,0,0,80 E 74,0,0,0"]
    [ToMove "S"]
    [Captured "-"]
    [Opening ""]
    [Result "*"]

    1. S: =3(3) 20x23 2(2) 23-25
    2. E: 3(3) pass
    3. S: 3(3) 80-83

**Headers** (``[Name "value"]``, in this order; the first four are needed):

- ``Format``: ``pachisi_widget.text 1``.
- ``Seed``: the game's seed; the throws that were not set by hand follow from it.
- ``Rules``: a preset's name (``classic``, ``seven_cowries``, ``cowrie_skill``, ``mitra``);
  ``Options`` then lists the options that differ from it, each ``name=value`` with the value
  written as JSON (``teams=true entry_graces=[6,10,25] p_mouth_up=0.3``).
- ``Seats``: the seats in play, ``S E N W`` (South, East, North, West).
- ``Start``, ``ToMove``, ``Captured``: only for a game set up in a position: each seat's four
  steps (``S 0,0,12,59 N 3,0,0,0``), the seat to move (``S``) and the seats counted as having
  captured (``SN``, or ``-`` for none).
- ``Opening``: the opening throws that chose who starts, as ``seat value(mouths up)``, rounds
  separated by ``;`` (empty for a game set up in a position).
- ``Result``: ``S`` (or a team, ``S+N``) for the winner, ``dead`` for a game ended without one,
  ``*`` for a game still being played.

**Turns**: ``n. X:`` (the turn's number from 1 and its seat's letter), then its actions:

- a throw: its value and, in brackets, how many shells fell mouth up: ``25(0)``, ``10(1)``;
  ``=25(0)`` is a throw set by hand (in a lesson or a test) rather than drawn from the seed;
- a move: its start and end steps on the seat's own track, ``12-16``; ``C`` is the Charkoni (a
  piece entering: ``C-3``), ``H`` is home (``80-H``); ``x`` instead of ``-`` when the move
  captures (``20x23``); ``/4`` after it names the throw spent, where two throws could make the
  same move (``12-16/4``);
- ``pass``.

``#`` starts a comment to the end of the line. A text is read strictly: a wrong turn number or
seat, a throw its seed does not give, a move the rules refuse, an ``x`` on a move that captures
nothing (or its lack on one that does), or a result the game does not reach, is an error that
names the line and what was expected there.

>>> import pachisi_widget as pw
>>> g = pw.Game(players=2, seed=3)
>>> for _ in range(3):
...     _ = g.play_turn(pw.agents.make_agent("greedy"))
>>> print(g.to_text())
[Format "pachisi_widget.text 1"]
[Seed "3"]
[Rules "classic"]
[Seats "S N"]
[Opening "S 2(2) N 3(3)"]
[Result "*"]
<BLANKLINE>
1. N: 3(3) C-3
2. S: 3(3) C-3
3. N: 3(3) 3-6
>>> pw.Game.from_text(g.to_text()).to_dict() == g.to_dict()
True
"""

from __future__ import annotations

import json
import re
from typing import Any

from .board import HOME
from .engine import Move
from .errors import GameOverError, IllegalMoveError, RecordError
from .rules import PRESETS, Rules
from .serialize import MAX_ACTIONS, MAX_TEXT, SEED_MAX, replay_action, start_game

Game = Any  # a pachisi_widget.Game: its class is handed in (the game imports this module)

__all__ = ["FORMAT", "to_text", "from_text", "turn_lines"]

FORMAT = "pachisi_widget.text 1"
LETTERS = "SENW"
_TAGS = (
    "Format",
    "Seed",
    "Rules",
    "Options",
    "Seats",
    "Start",
    "ToMove",
    "Captured",
    "Opening",
    "Result",
)
_NEEDED = ("Format", "Seed", "Rules", "Seats")
_TAG = re.compile(r'^\[(\w+) "([^"]*)"\]$')
_TURN = re.compile(r"^(\d+)\.\s+([SENW]):(.*)$")
_THROW = re.compile(r"^(=?)(\d+)\((\d+)\)$")
_MOVE = re.compile(r"^(C|\d+)([-x])(H|\d+)(?:/(\d+))?$")
_PIECES = re.compile(r"^(\d+),(\d+),(\d+),(\d+)$")


def _clip(text: str, most: int) -> str:
    """``text`` as written, cut to ``most`` characters (with "…") for a message."""
    return text if len(text) <= most else text[: most - 1] + "…"


def _err(code: str, **params: Any) -> RecordError:
    return RecordError.from_code(code, params)


# -- writing ----------------------------------------------------------------------------------


def to_text(game: Game) -> str:
    """``game`` as text (the module's format): headers, then a line per turn."""
    record = game.record()
    lines = [f'[Format "{FORMAT}"]', f'[Seed "{record.seed}"]', *_rules_tags(record.rules)]
    lines.append(f'[Seats "{" ".join(LETTERS[s] for s in record.seats)}"]')
    if record.start is not None:
        pieces, to_move, captured = record.start
        seats = (f"{LETTERS[s]} {','.join(map(str, p))}" for s, p in enumerate(pieces) if p)
        lines.append(f'[Start "{" ".join(seats)}"]')
        lines.append(f'[ToMove "{LETTERS[to_move]}"]')
        lines.append(f'[Captured "{"".join(LETTERS[s] for s in captured) or "-"}"]')
    table = record.rules.table
    rounds = (" ".join(f"{LETTERS[s]} {table[up]}({up})" for s, up in r) for r in record.opening)
    lines.append(f'[Opening "{"; ".join(rounds)}"]')
    lines.append(f'[Result "{_result(game)}"]')
    lines.append("")
    lines.extend(line for _, line in turn_lines(game))
    return "\n".join(lines) + "\n"


def turn_lines(game: Game) -> list[tuple[int, str]]:
    """The game's turns as the text writes them: (the index of the turn's first action, its
    line ``"12. S: 4(4) 12-16"``), in order (a replay's move list)."""
    record = game.record()
    replay = start_game(type(game), record)
    out: list[tuple[int, list[str]]] = []
    turn_key = None
    for i, action in enumerate(record.actions):
        state = replay.state
        key = (state.turn, state.to_move)
        if key != turn_key:
            out.append((i, [f"{state.turn + 1}. {LETTERS[state.to_move]}:"]))
            turn_key = key
        out[-1][1].append(_action_text(replay, action))
        replay_action(replay, action)
    return [(i, " ".join(words)) for i, words in out]


def _rules_tags(rules: Rules) -> list[str]:
    """The Rules tag (the nearest preset) and, when the rules differ from it, Options."""
    mine = rules.to_dict()

    def differences(name: str) -> dict:
        theirs = Rules.preset(name).to_dict()
        return {k: v for k, v in mine.items() if theirs[k] != v}

    name = min(PRESETS, key=lambda n: len(differences(n)))
    tags = [f'[Rules "{name}"]']
    diff = differences(name)
    if diff:
        options = " ".join(
            f"{k}={json.dumps(v, separators=(',', ':'))}" for k, v in sorted(diff.items())
        )
        tags.append(f'[Options "{options}"]')
    return tags


def _result(game: Game) -> str:
    if game.phase != "over":
        return "*"
    w = game.winner
    if w is None:
        return "dead"
    return "+".join(LETTERS[s] for s in w) if isinstance(w, tuple) else LETTERS[w]


def _step(step: int, waiting: bool = False) -> str:
    if waiting:
        return "C"
    return "H" if step == HOME else str(step)


def _action_text(game: Game, action) -> str:
    if action[0] == "throw":
        _, up, forced = action
        return f"{'=' if forced else ''}{game.rules.table[up]}({up})"
    _, seat, kind, start, end, value = action
    if kind == "pass":
        return "pass"
    legal = game.legal_moves()
    move = next(m for m in legal if (m.kind, m.start, m.end, m.value) == (kind, start, end, value))
    text = f"{_step(start, kind == 'enter')}{'x' if move.captures else '-'}{_step(end)}"
    twins = [m for m in legal if m.kind == kind and (m.start, m.end) == (start, end)]
    return f"{text}/{value}" if len(twins) > 1 else text


# -- reading ----------------------------------------------------------------------------------


def from_text(text: object, Game) -> Game:
    """The game ``text`` describes (the module's format), every action replayed and checked;
    ``Game`` is the game class (:class:`pachisi_widget.Game`).

    Raises:
        RecordError: (a ValueError) naming the line and what was expected there.
    """

    if not isinstance(text, str):
        raise _err("record_json_type", type=type(text).__name__)
    if len(text) > MAX_TEXT:
        raise _err("record_too_long", length=len(text), max=MAX_TEXT)
    tags, body = _read_tags(text.splitlines())
    game = _new_game(tags, Game)
    actions = 0
    for number, line in body:
        match = _TURN.match(line)
        if match is None:
            raise _err("text_turn_line", line=number, got=_clip(line, 40))
        turn, letter, rest = int(match[1]), match[2], match[3].split()
        state = game.state
        want = f"{state.turn + 1}. {LETTERS[state.to_move]}:"
        if game.phase == "over" or (turn, letter) != (state.turn + 1, LETTERS[state.to_move]):
            raise _err(
                "text_turn",
                line=number,
                got=_clip(f"{turn}. {letter}:", 20),
                expected="(the game is over)" if game.phase == "over" else want,
            )
        if not rest:
            raise _err("text_turn_empty", line=number)
        for token in rest:
            if game.state.turn + 1 != turn or game.phase == "over":
                raise _err("text_turn_ended", line=number, token=_clip(token, 20))
            actions += 1
            if actions > MAX_ACTIONS:
                raise _err("record_too_many_actions", count=actions, max=MAX_ACTIONS)
            _play(game, token, number)
    _check_result(game, tags.get("Result"))
    return game


def _read_tags(lines: list[str]) -> tuple[dict, list]:
    """The header tags (checked: known, in order, the needed ones there) and the numbered lines
    after them, comments and blank lines left out."""
    tags: dict[str, tuple[int, str]] = {}
    body: list[tuple[int, str]] = []
    for number, raw in enumerate(lines, 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("[") and not body:
            match = _TAG.match(line)
            if match is None:
                raise _err("text_tag", line=number, got=_clip(line, 40))
            name, value = match[1], match[2]
            if name not in _TAGS:
                raise _err("text_tag_unknown", line=number, name=name, names=", ".join(_TAGS))
            if name in tags or any(_TAGS.index(t) > _TAGS.index(name) for t in tags):
                raise _err("text_tag_order", line=number, name=name, names=", ".join(_TAGS))
            tags[name] = (number, value)
        else:
            body.append((number, line))
    for name in _NEEDED:
        if name not in tags:
            raise _err("text_tag_missing", name=name)
    return {k: v for k, v in tags.items()}, body


def _bad(tags, tag: str, code: str, **params: Any) -> RecordError:
    """The error ``code`` for the header ``tag``: its line and its value are named."""
    number, value = tags[tag]
    return _err(code, line=number, got=_clip(value, 40), **params)


def _new_game(tags: dict, Game) -> Game:
    """The game the headers describe, before its first action; its opening checked."""
    if tags["Format"][1] != FORMAT:
        raise _bad(tags, "Format", "text_format", expected=FORMAT)
    seed_text = tags["Seed"][1]
    if not seed_text.isdigit() or int(seed_text) >= SEED_MAX:
        raise _bad(tags, "Seed", "text_seed")
    rules = _read_rules(tags)
    seats = _read_seats(tags)
    try:
        if "Start" in tags:
            pieces, to_move, captured = _read_start(tags, seats)
            game = Game.from_position(
                pieces, to_move=to_move, rules=rules, seed=int(seed_text), captured=captured
            )
        else:
            game = Game(players=len(seats), rules=rules, seed=int(seed_text))
    except (TypeError, ValueError) as exc:
        raise _err("record_start", cause=exc) from None
    if game.seats != seats:
        expected = " ".join(LETTERS[s] for s in game.seats)
        raise _bad(tags, "Seats", "text_seats_players", players=len(seats), expected=expected)
    table = rules.table
    rounds = (
        " ".join(f"{LETTERS[s]} {table[t.up]}({t.up})" for s, t in r.items()) for r in game.opening
    )
    opening = "; ".join(rounds)
    if "Opening" in tags and tags["Opening"][1] != opening:
        raise _bad(tags, "Opening", "text_opening", expected=opening)
    return game


def _read_rules(tags: dict) -> Rules:
    name = tags["Rules"][1]
    if name not in PRESETS:
        raise _bad(tags, "Rules", "text_rules", presets=", ".join(PRESETS))
    data = Rules.preset(name).to_dict()
    if "Options" in tags:
        for item in tags["Options"][1].split():
            key, sep, value = item.partition("=")
            if not sep or key not in data:
                raise _bad(tags, "Options", "text_option", names=", ".join(sorted(data)))
            try:
                data[key] = json.loads(value)
            except ValueError:
                raise _bad(tags, "Options", "text_option_json", name=key) from None
    try:
        return Rules.from_dict(data)
    except (TypeError, ValueError) as exc:
        raise _bad(tags, "Options", "text_options_invalid", cause=exc) from None


def _read_seats(tags: dict) -> tuple:
    letters = tags["Seats"][1].split()
    if not letters or any(x not in LETTERS for x in letters) or len(set(letters)) != len(letters):
        raise _bad(tags, "Seats", "text_seats")
    seats = tuple(sorted(LETTERS.index(x) for x in letters))
    if tuple(LETTERS.index(x) for x in letters) != seats:
        raise _bad(tags, "Seats", "text_seats")
    return seats


def _read_start(tags: dict, seats: tuple) -> tuple:
    words = tags["Start"][1].split()
    pieces: list = [None] * 4
    if len(words) != 2 * len(seats):
        raise _bad(tags, "Start", "text_start")
    for letter, steps in zip(words[::2], words[1::2], strict=True):
        match = _PIECES.match(steps)
        if letter not in LETTERS or match is None:
            raise _bad(tags, "Start", "text_start")
        pieces[LETTERS.index(letter)] = [int(x) for x in match.groups()]
    if "ToMove" not in tags:
        raise _err("text_tag_missing", name="ToMove")
    mover = tags["ToMove"][1]
    if mover not in LETTERS or len(mover) != 1:
        raise _bad(tags, "ToMove", "text_seat")
    caught = tags.get("Captured", (0, "-"))[1]
    if caught != "-" and (not caught or any(x not in LETTERS for x in caught)):
        raise _bad(tags, "Captured", "text_captured")
    captured = () if caught == "-" else tuple(LETTERS.index(x) for x in caught)
    return pieces, LETTERS.index(mover), captured


def _play(game: Game, token: str, number: int) -> None:
    """Carry out one action written ``token`` on line ``number``."""
    try:
        throw = _THROW.match(token)
        if throw:
            forced, value, up = throw[1] == "=", int(throw[2]), int(throw[3])
            table = game.rules.table
            if up >= len(table) or table[up] != value:
                raise _err(
                    "text_throw_value",
                    value=value,
                    up=up,
                    expected=table[up] if up < len(table) else "?",
                )
            replay_action(game, ("throw", up, forced))
            return
        if token == "pass":
            game.play(Move.pass_for(game.to_move))
            return
        move = _MOVE.match(token)
        if move is None:
            raise _err("text_token", token=_clip(token, 20))
        game.play(_find_move(game, move, token))
    except RecordError as exc:
        raise _err("text_action", line=number, token=_clip(token, 20), cause=exc) from None
    except (IllegalMoveError, GameOverError, ValueError) as exc:
        raise _err("text_action", line=number, token=_clip(token, 20), cause=exc) from None


def _find_move(game: Game, match, token: str) -> Move:
    start = 0 if match[1] == "C" else int(match[1])
    end = HOME if match[3] == "H" else int(match[3])
    value = None if match[4] is None else int(match[4])
    legal = [
        m
        for m in game.legal_moves()
        if m.kind != "pass"
        and (m.start, m.end) == (start, end)
        and (m.kind == "enter") == (match[1] == "C")
        and (value is None or m.value == value)
    ]
    if not legal:
        shown = [
            _action_text(game, ("move", m.seat, m.kind, m.start, m.end, m.value))
            for m in game.legal_moves()
        ]
        raise _err("text_move_illegal", token=_clip(token, 20), legal=" ".join(shown))
    if len(legal) > 1:
        raise _err(
            "text_move_which",
            token=_clip(token, 20),
            values=", ".join(str(m.value) for m in legal),
        )
    (move,) = legal
    if bool(move.captures) != (match[2] == "x"):
        raise _err("text_capture" if move.captures else "text_no_capture", token=_clip(token, 20))
    return move


def _check_result(game: Game, tag) -> None:
    if tag is None:
        return
    number, value = tag
    reached = _result(game)
    if value != reached:
        raise _err("text_result", line=number, got=_clip(value, 20), expected=reached)
