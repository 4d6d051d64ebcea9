"""Class tournaments: students' players against each other and the built-in ones, with ratings.

``pw.tournament`` is this module, and calling it runs :func:`tournament`; its other functions
are reached through it: ``pw.tournament.from_folder("players/")``, ``pw.tournament.new_player``.

Writing a player
----------------
A player is a subclass of :class:`pachisi_widget.agents.Agent` with ``choose(state, rng)``
returning one of ``state.legal_moves()`` (any object with such a method works too). The
commented template ``pachisi_widget/templates/my_player.py`` says what a player may read and
do; :func:`new_player` copies it. :func:`check_agent` plays a player through positions of every
preset, with 2 and 4 players, and reports in plain words what a tournament would refuse.

Entrants are given by name (a built-in player: ``random``, ``greedy``, ``runner``,
``castle_waiter``, ``expectimax``), as objects, or as paths of ``.py`` files that define one
Agent subclass or a ``PLAYER`` object (:func:`load_player`; :func:`from_folder` loads a folder).
A player's file is ordinary Python, run in this session and on the workers: it is not a sandbox,
so load only files from people you trust (a class's own).

Forfeits and time
-----------------
A player whose ``choose`` returns anything but a legal move, raises, or takes longer than
``move_time`` seconds (measured with :func:`time.perf_counter` around the call) forfeits the
game: the result records a :class:`Forfeit` naming the player, the position
(``state.notation()``) and the move, and the tournament goes on. In a two-player game the
opponent wins a forfeited game; at a four-player table nobody wins it, and in the ratings each
other player counts as having beaten the one who forfeited.

A Python function that never returns cannot be interrupted from the same thread: run without
an executor, a player stuck in an endless loop stops the tournament (the notebook's interrupt
button stops it). With ``executor=`` a process pool interrupts such a move when its time is up
(a timer signal in the worker process), and with any executor ``chunk_timeout=`` stops waiting
for a chunk of games that does not come back (the games are recorded as unfinished; the stuck
worker thread stays busy until the executor is shut down or the Dask cluster restarted).

Every game gets a fresh copy of every player (:func:`copy.deepcopy`), so games never depend on
each other or on which process played them. A time limit is the one thing that depends on the
machine: a player that takes close to ``move_time`` may forfeit on a busy machine and not on a
quiet one; leave it a wide margin.

Fairness, seeds and executors
-----------------------------
Every pairing (``players=2``) or table of four (``players=4``) plays ``games`` games. Each deal,
a seed drawn from ``random.Random(seed)`` as :func:`pachisi_widget.simulate.simulate` draws its
games' seeds, is played once per rotation of the entrants round the seats (2 rotations for two
players, 4 for four): every entrant plays every seat equally often, with the same opening
throws. Games are played on the pure-Python rules engine
(:func:`pachisi_widget.simulate.play_game`) in chunks; with ``executor=`` (any
:class:`concurrent.futures.Executor`: a process pool, a Dask ``Client.get_executor()``, or the
Dask ``Client`` itself) the chunks run on its workers and their results are merged in game order,
so the result is the same, game for game, whatever runs it. Players sent to workers must be
picklable: built-ins go by name, players loaded from files by their source text.

Ratings
-------
Ratings are the maximum-likelihood fit of the Bradley–Terry model in its multi-player (Luce)
form: at a table, player ``i`` wins with probability ``w_i / sum(w_j)``. They are shown on the
Elo scale (``400 * log10(w_i)`` points, 400 points = 10 to 1 odds in a two-player game; 1500 is
the field's average), each with a 95% interval from the curvature of the likelihood. One virtual
win and one virtual loss against a fixed reference player keep the rating of a player who won
all or none of its games finite. The fit uses every game at once, so it does not depend on the order
the games were played in.

>>> import pachisi_widget as pw
>>> t = pw.tournament(["greedy", "random"], games=40, seed=1, progress=False)
>>> t.games, len(t.winners), t.forfeits
(40, 40, ())
>>> [row["player"] for row in t.table(frame=False)]
['greedy', 'random']
>>> t == pw.tournament(["greedy", "random"], games=40, seed=1, progress=False)
True
"""

from __future__ import annotations

import copy
import hashlib
import html
import inspect
import math
import os
import pathlib
import pickle
import random
import re
import shutil
import signal
import sys
import threading
import time
import traceback
import types
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations, islice
from typing import NamedTuple

from . import charts
from .agents import AGENTS, FAST_AGENTS, Agent, make_agent
from .engine import Move, draw_up, opening, short_repr, throw_cdf
from .errors import PachisiError
from .game import check_rules, check_seed
from .simulate import (
    as_executor,
    chunk_size,
    executor_workers,
    iter_game_seeds,
    play_game,
    run_chunks,
    wilson_interval,
)
from .state import GameState

__all__ = [
    "tournament",
    "from_folder",
    "load_folder",
    "load_player",
    "new_player",
    "check_agent",
    "TournamentResult",
    "Rating",
    "Forfeit",
    "PlayerForfeit",
    "PlayerFileError",
    "CheckReport",
    "Problem",
    "fit_ratings",
    "MOVE_TIME",
    "TEMPLATE",
]

MOVE_TIME = 1.0
"""Seconds a player may take to choose one move (``tournament(move_time=...)``)."""

TEMPLATE = pathlib.Path(__file__).resolve().parent / "templates" / "my_player.py"
"""The commented template of a student's player."""

_SEATS = {2: (0, 2), 4: (0, 1, 2, 3)}
_ELO = 400 / math.log(10)
_Z95 = 1.959963984540054
_ALARM_GRACE = 0.05  # an interrupted move has surely overrun: the same forfeit as one measured
_CHECK_SETUPS = tuple((preset, n) for preset in ("classic", "seven_cowries", "cowrie_skill",
                                                 "mitra") for n in (2, 4))


# -- errors and records ---------------------------------------------------------------------------


class PlayerFileError(PachisiError, ValueError):
    """A player's ``.py`` file that cannot be loaded; the message says why in plain words."""


class PlayerForfeit(PachisiError):
    """A player forfeited a game: it returned something that is not a legal move, raised, or took
    too long. ``player``, ``kind`` (``"illegal"``, ``"error"`` or ``"time"``), ``reason``,
    ``position`` (the notation of the state it was asked about), ``move`` (what it returned, as
    text; None when it returned nothing), ``seconds`` (how long it took) and ``seat`` say what
    happened."""

    def __init__(self, player: str, kind: str, reason: str, position: str, move=None,
                 seconds: float | None = None, seat: int | None = None):
        self.player, self.kind, self.reason, self.seat = player, kind, reason, seat
        self.position, self.move, self.seconds = position, move, seconds
        super().__init__(_forfeit_text(player, kind, reason, position, move, seconds),
                         code="player_forfeit", params={"player": player, "kind": kind})


def _forfeit_text(player, kind, reason, position, move, seconds) -> str:
    if kind == "illegal":
        return f"{player} returned {move} in {position}: {reason}"
    text = f"{player} {reason} in {position}"
    if kind == "time" and move is not None:
        text += f" (it returned {move} after {seconds:.2f} s)"
    return text


@dataclass(frozen=True)
class Forfeit:
    """A game lost by forfeit (or, with ``kind == "unfinished"``, never finished)."""

    game: int
    """The game's index in the tournament."""
    player: str | None
    """The player who forfeited (None for an unfinished game)."""
    kind: str
    """``"illegal"``, ``"error"``, ``"time"`` or ``"unfinished"``."""
    reason: str
    """What went wrong, in words."""
    position: str | None
    """The position it happened in (``state.notation()``)."""
    move: str | None = None
    """What the player returned, as text (None when it returned nothing, and for ``"time"``)."""
    seconds: float | None = field(default=None, compare=False)
    """How long the player took (not compared: it depends on the machine)."""
    late_move: str | None = field(default=None, compare=False)
    """For ``"time"``: what the player returned too late (None when a process pool's timer
    interrupted it; not compared, since that depends on what ran the game)."""

    def __str__(self) -> str:
        if self.kind == "unfinished":
            return f"game {self.game}: {self.reason}"
        move = self.late_move if self.kind == "time" else self.move
        text = _forfeit_text(self.player, self.kind, self.reason, self.position, move,
                             self.seconds)
        return f"game {self.game}: {text}"


class Rating(NamedTuple):
    """A player's rating on the Elo scale with its 95% interval, and its record."""

    player: str
    rating: float
    low: float
    high: float
    games: int
    wins: int


# -- loading players ------------------------------------------------------------------------------

_LOADED: dict = {}  # (path, sha1 of source) -> the player object (once per process)


def _load_source(path: str, source: str):
    key = (path, hashlib.sha1(source.encode("utf-8")).hexdigest())
    hit = _LOADED.get(key)
    if hit is not None:
        return hit
    stem = pathlib.Path(path).stem
    fname = pathlib.Path(path).name
    modname = f"_pachisi_players.{re.sub(r'[^0-9A-Za-z_]', '_', stem)}_{key[1][:10]}"
    try:
        code = compile(source, path, "exec")
    except SyntaxError as exc:
        raise PlayerFileError(f"{fname}: not valid Python: {exc.msg} (line {exc.lineno})") from None
    module = types.ModuleType(modname)
    module.__file__ = path
    sys.modules[modname] = module  # dataclasses and pickling look classes up by their module
    try:
        exec(code, module.__dict__)
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # a sys.exit() in a student's file included
        del sys.modules[modname]
        raise PlayerFileError(
            f"{fname}: running the file raised {_error_words(exc, path)}") from None
    player = _player_of(module, fname)
    try:
        copy.deepcopy(player)
    except Exception as exc:
        raise PlayerFileError(f"{fname}: the player cannot be copied ({type(exc).__name__}: "
                              f"{short_repr(str(exc), 80)[1:-1]}), and every game starts from a "
                              "fresh copy of each player") from None
    _LOADED[key] = player
    return player


def _player_of(module, fname: str):
    if "PLAYER" in module.__dict__:
        player = module.PLAYER
        if inspect.isclass(player):
            player = _construct(player, fname)
        if not callable(getattr(player, "choose", None)):
            raise PlayerFileError(f"{fname}: PLAYER is {short_repr(player, 60)}, which has no "
                                  "choose(state, rng) method")
        return player
    classes = [c for c in module.__dict__.values()
               if inspect.isclass(c) and issubclass(c, Agent) and c.__module__ == module.__name__]
    if not classes:
        raise PlayerFileError(f"{fname}: defines no player: write a subclass of "
                              "pachisi_widget.agents.Agent (see the template), or PLAYER = ...")
    if len(classes) > 1:
        names = ", ".join(c.__name__ for c in classes)
        raise PlayerFileError(f"{fname}: defines several players ({names}): keep one, or say "
                              "which one plays with PLAYER = TheOne()")
    return _construct(classes[0], fname)


def _construct(cls, fname: str):
    if inspect.isabstract(cls):
        raise PlayerFileError(f"{fname}: the class {cls.__name__} has no choose(self, state, rng) "
                              "method (check its name and indentation)")
    try:
        return cls()
    except KeyboardInterrupt:
        raise
    except BaseException as exc:
        raise PlayerFileError(f"{fname}: making the player {cls.__name__}() raised "
                              f"{_error_words(exc, None)}") from None


def _error_words(exc: BaseException, path: str | None) -> str:
    """``TypeError: message (file.py, line 12)``: the error and the deepest line of ``path``."""
    where = ""
    frames = traceback.extract_tb(exc.__traceback__)
    mine = [f for f in frames if path is None or f.filename == path] or frames
    if mine:
        f = mine[-1]
        where = f" ({pathlib.Path(f.filename).name}, line {f.lineno})"
    return f"{type(exc).__name__}: {short_repr(str(exc), 200)[1:-1]}{where}"


def load_player(path):
    """The player defined in the ``.py`` file ``path``: its ``PLAYER`` object, else an instance
    of the one :class:`~pachisi_widget.agents.Agent` subclass it defines.

    Raises:
        PlayerFileError: when the file is missing, is not valid Python, raises while it runs,
            defines no player or several, or the player cannot be made; the message says which.
    """
    path = pathlib.Path(path)
    if path.suffix != ".py":
        raise PlayerFileError(f"{path.name}: a player is a .py file")
    try:
        source = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise PlayerFileError(f"{path.name}: cannot be read: {exc}") from None
    return _load_source(str(path.resolve()), source)


def load_folder(folder) -> tuple:
    """Every player of a folder: ``(players, problems)``, where ``players`` maps each loaded
    file's name without ``.py`` to its path and ``problems`` maps each file that could not be
    loaded to the reason. Files whose name starts with ``_`` or ``.`` are left out.

    Raises:
        ValueError: when ``folder`` is not a folder.
    """
    folder = pathlib.Path(folder)
    if not folder.is_dir():
        raise ValueError(f"{str(folder)!r} is not a folder")
    players, problems = {}, {}
    for path in sorted(folder.glob("*.py")):
        if path.name.startswith(("_", ".")):
            continue
        try:
            load_player(path)
        except PlayerFileError as exc:
            problems[path.name] = str(exc)
            continue
        players[path.stem] = str(path)
    return players, problems


def new_player(path, overwrite: bool = False) -> pathlib.Path:
    """Copy the commented player template to ``path`` (a ``.py`` file) and return its path.

    Raises:
        FileExistsError: when ``path`` exists (unless ``overwrite``).
        ValueError: when ``path`` does not end in ``.py``.
    """
    path = pathlib.Path(path)
    if path.suffix != ".py":
        raise ValueError(f"a player is a .py file, not {str(path)!r}")
    if path.exists() and not overwrite:
        raise FileExistsError(f"{path} exists already: choose another name, or overwrite=True")
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(TEMPLATE, path)
    return path


# -- entrants -------------------------------------------------------------------------------------


class _Entrant(NamedTuple):
    """How a worker makes an entrant: ``kind`` "name" (value: a built-in's name), "object" (the
    object) or "file" (value: its path, ``source``: its text)."""

    name: str
    kind: str
    value: object
    source: str | None = None

    @property
    def trusted(self) -> bool:
        # the built-in players are part of the engine's tests: no guard, no clock
        return self.kind == "name" or type(self.value) in AGENTS.values()


def _entrant(name: str, spec) -> _Entrant:
    if isinstance(spec, (str, os.PathLike)) and not (isinstance(spec, str) and spec in AGENTS):
        text = os.fspath(spec)
        if text.endswith(".py") or os.sep in text or isinstance(spec, os.PathLike):
            path = pathlib.Path(text)
            load_player(path)  # refuses a bad file with its reason now, not on a worker
            resolved = str(path.resolve())
            return _Entrant(name, "file", resolved, path.read_text(encoding="utf-8"))
        raise ValueError(f"unknown player {short_repr(spec, 60)}: give a built-in name "
                         f"({', '.join(AGENTS)}), a player object or a .py file")
    if isinstance(spec, str):
        return _Entrant(name, "name", spec)
    if not callable(getattr(spec, "choose", None)):
        raise TypeError(f"the player {name!r} is {short_repr(spec, 60)}: a player is a built-in "
                        "name, an object with choose(state, rng) or a .py file")
    try:
        copy.deepcopy(spec)
    except Exception as exc:
        raise TypeError(f"the player {name!r} cannot be copied ({type(exc).__name__}: {exc}); "
                        "every game gets a fresh copy of each player") from None
    return _Entrant(name, "object", spec)


def _default_name(spec) -> str:
    if isinstance(spec, str) and spec in AGENTS:
        return spec
    if isinstance(spec, (str, os.PathLike)):
        return pathlib.Path(spec).stem
    name = getattr(spec, "name", None)
    return name if isinstance(name, str) and name else type(spec).__name__


def _entrants(entrants) -> tuple:
    if isinstance(entrants, dict):
        items = list(entrants.items())
        for name, _ in items:
            if not isinstance(name, str) or not name:
                raise TypeError(
                    f"entrants' names must be non-empty strings, not {short_repr(name)}")
    elif isinstance(entrants, (list, tuple)):
        items, seen = [], {}
        for spec in entrants:
            base = _default_name(spec)
            seen[base] = seen.get(base, 0) + 1
            items.append((base if seen[base] == 1 else f"{base} ({seen[base]})", spec))
    else:
        raise TypeError("entrants must be a dict {name: player} or a list of players, not "
                        f"{type(entrants).__name__}")
    return tuple(_entrant(name, spec) for name, spec in items)


# -- playing a chunk of games (on any worker) -----------------------------------------------------


class _MoveTimeout(BaseException):
    """Raised into a player's choose() by the worker's timer (a BaseException, so that a
    player's ``except Exception`` cannot swallow it)."""


def _on_alarm(signum, frame):
    raise _MoveTimeout


class _Guard:
    """A student's player seen through the tournament's checks: each move timed, checked legal,
    and any failure turned into :class:`PlayerForfeit`."""

    def __init__(self, agent, name: str, limit: float | None, alarm: bool):
        self.agent, self.name, self.limit = agent, name, limit
        self.alarm = alarm and limit is not None

    def choose(self, state, rng):
        alarm = self.alarm
        t0 = time.perf_counter()
        try:
            if alarm:
                signal.setitimer(signal.ITIMER_REAL, self.limit + _ALARM_GRACE)
            try:
                m = self.agent.choose(state, rng)
            finally:
                if alarm:
                    signal.setitimer(signal.ITIMER_REAL, 0)
        except _MoveTimeout:
            raise self._late(state, None, time.perf_counter() - t0) from None
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # SystemExit from a player is a player's error too
            raise PlayerForfeit(self.name, "error", f"raised {_error_words(exc, None)}",
                                state.notation(), seat=state.to_move) from None
        seconds = time.perf_counter() - t0
        if self.limit is not None and seconds > self.limit:
            raise self._late(state, _move_text(m), seconds)
        legal = state.find(m) if isinstance(m, Move) else None
        if legal is None:
            raise PlayerForfeit(self.name, "illegal", _why_illegal(state, m), state.notation(),
                                _move_text(m), seconds, state.to_move)
        return legal

    def _late(self, state, move, seconds) -> PlayerForfeit:
        return PlayerForfeit(self.name, "time",
                             f"took longer than the {self.limit:g} s a move may take",
                             state.notation(), move, seconds, state.to_move)


def _move_text(m) -> str:
    return str(m) if isinstance(m, Move) and type(m).__str__ is Move.__str__ else short_repr(m, 60)


def _why_illegal(state, m) -> str:
    if not isinstance(m, Move):
        return "not a move (choose must return one of state.legal_moves())"
    try:
        return f"not one of its legal moves ({short_repr(str(state.illegal(m)), 160)[1:-1]})"
    except Exception:
        return "not one of its legal moves"


def _forfeit_in(exc: BaseException):
    """The PlayerForfeit that ``exc`` is or was raised from (play_game may wrap it), or None."""
    seen = 0
    while exc is not None and seen < 8:
        if isinstance(exc, PlayerForfeit):
            return exc
        exc = exc.__cause__ or exc.__context__
        seen += 1
    return None


class _Job(NamedTuple):
    rules: object
    seats: tuple
    entrants: tuple
    items: tuple  # per game: (lineup of entrant indices by seat, deal seed)
    move_time: float | None
    interrupt: bool


def _template(e: _Entrant):
    if e.kind == "name":
        return e.value if e.value in FAST_AGENTS else make_agent(e.value)
    if e.kind == "file":
        return _load_source(e.value, e.source)
    return e.value


def _play_chunk(job: _Job) -> list:
    """Play a chunk of games; per game ``(winning seat or None, turns, forfeit or None)`` with a
    forfeit as ``(seat, kind, reason, position, move, seconds)``. A module-level function, so
    that executors send it by reference."""
    templates = {}
    alarm = (job.interrupt and job.move_time is not None and hasattr(signal, "setitimer")
             and threading.current_thread() is threading.main_thread())
    old = signal.signal(signal.SIGALRM, _on_alarm) if alarm else None
    try:
        cdf = throw_cdf(job.rules)
        out = []
        for lineup, seed in job.items:
            agents = []
            for i in lineup:
                e = job.entrants[i]
                if i not in templates:
                    templates[i] = _template(e)
                t = templates[i]
                if isinstance(t, str):
                    agents.append(t)
                elif e.trusted:
                    agents.append(copy.deepcopy(t))
                else:
                    agents.append(_Guard(copy.deepcopy(t), e.name, job.move_time, alarm))
            try:
                g = play_game(job.rules, job.seats, agents, random.Random(seed), cdf)
            except Exception as exc:
                f = _forfeit_in(exc)
                if f is None:
                    raise
                out.append((None, 0, (f.seat, f.kind, f.reason, f.position,
                                      f.move, f.seconds)))
                continue
            out.append((g.winner, g.turn + 1, None))
        return out
    finally:
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)


# -- running chunks -------------------------------------------------------------------------------


class _Progress:
    def __init__(self, total: int, show, desc: str):
        self.total, self.done, self.bar, self.call = total, 0, None, None
        if callable(show):
            self.call = show
        elif show or (show is None and total >= 1000):
            try:
                from tqdm.auto import tqdm
            except ImportError:
                pass
            else:
                self.bar = tqdm(total=total, unit="game", desc=desc)

    def update(self, n: int) -> None:
        self.done += n
        if self.bar is not None:
            self.bar.update(n)
        if self.call is not None:
            self.call(self.done, self.total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _unfinished(chunk: _Job, timeout: float, names) -> list:
    who = sorted({names[i] for lineup, _ in chunk.items for i in lineup})
    reason = (f"not finished: its chunk of games did not come back within chunk_timeout="
              f"{timeout:g} s (a player at the table, one of {', '.join(who)}, never answered)")
    return [(None, 0, (None, "unfinished", reason, None, None, None))] * len(chunk.items)


# -- the tournament -------------------------------------------------------------------------------


def tournament(entrants, games: int = 100, players: int = 2, rules=None, seed: int | None = None,
               executor=None, move_time: float | None = MOVE_TIME, chunk: int | None = None,
               chunk_timeout: float | None = None, progress=None) -> TournamentResult:
    """Play every pairing (``players=2``) or every table of four (``players=4``) of ``entrants``
    ``games`` times and rate the players.

    Args:
        entrants: a dict ``{name: player}`` or a list of players; a player is a built-in name
            (``"random"``, ``"greedy"``, ``"runner"``, ``"castle_waiter"``, ``"expectimax"``), an
            object with ``choose(state, rng)``, or the path of a ``.py`` file (:func:`load_player`).
        games: games per pairing or table; a multiple of ``players`` (each deal is played once
            per rotation of the seats).
        players: 2 or 4 per game.
        rules: a :class:`~pachisi_widget.Rules`, a preset name, or None for the classic game
            (not ``teams``).
        seed: the same seed gives the same tournament (None: a random seed, kept in the result).
        executor: None (this process), or a :class:`concurrent.futures.Executor` (a process
            pool, a Dask ``Client.get_executor()``; a Dask ``Client`` is turned into its
            executor): the same result however it runs.
        move_time: seconds a player may take per move (None: no limit); built-in players are
            not timed.
        chunk: games per chunk sent to a worker (None: sized from the number of workers).
        chunk_timeout: with an executor, seconds after which a chunk that has not come back is
            given up: its games are recorded as unfinished (None: wait).
        progress: a tqdm bar (when tqdm is installed): True, False, or None for runs of 1,000
            games or more; or a function ``progress(done, total)`` called after each chunk.

    Raises:
        ValueError: for too few entrants, a bad number of games or players, an unknown built-in,
            team rules, or a player file that cannot be loaded (:class:`PlayerFileError`).
        TypeError: for entrants, rules, seed or executor of the wrong type.
    """
    return _tournament(entrants, games, players, rules, seed, executor, move_time, chunk,
                       chunk_timeout, progress, {})


def _check_number(name: str, value, low: float, whole: bool = False, none: bool = False):
    if value is None and none:
        return None
    ok = not isinstance(value, bool) and isinstance(value, int if whole else (int, float))
    if not ok or not value >= low or (not whole and not math.isfinite(value)):
        kind = "a whole number" if whole else "a number of seconds"
        raise ValueError(f"{name} must be {kind} >= {low:g}{' or None' if none else ''}, "
                         f"not {short_repr(value)}")
    return value


def _tournament(entrants, games, players, rules, seed, executor, move_time, chunk, chunk_timeout,
                progress, skipped) -> TournamentResult:
    rules = check_rules(rules)
    if rules.teams:
        raise ValueError("tournaments play every player for itself: rules with teams=True are "
                         "not supported")
    if isinstance(players, bool) or players not in _SEATS:
        raise ValueError(f"players must be 2 or 4, not {short_repr(players)}")
    _check_number("games", games, players, whole=True)
    if games % players:
        lo, hi = games - games % players, games - games % players + players
        raise ValueError(f"games must be a multiple of {players}, so that every player plays "
                         f"every seat equally often: {lo or hi} or {hi}, not {games}")
    move_time = _check_number("move_time", move_time, 0.001, none=True)
    chunk = _check_number("chunk", chunk, 1, whole=True, none=True)
    chunk_timeout = _check_number("chunk_timeout", chunk_timeout, 0.001, none=True)
    seed = check_seed(seed)
    ents = _entrants(entrants)
    if len(ents) < players:
        raise ValueError(f"a tournament of {players}-player games needs at least {players} "
                         f"entrants, not {len(ents)}")
    executor = as_executor(executor)
    seats = _SEATS[players]
    tables = list(combinations(range(len(ents)), players))
    rot = players
    deals = games // rot
    deal_seeds = list(islice(iter_game_seeds(seed), len(tables) * deals))
    lineups = []
    items = []
    for t, table in enumerate(tables):
        for d in range(deals):
            s = deal_seeds[t * deals + d]
            for r in range(rot):
                lineup = tuple(table[(k + r) % players] for k in range(players))
                lineups.append(lineup)
                items.append((lineup, s))
    total = len(items)
    if chunk:
        size = chunk
    elif executor is None:  # in this process chunks only pace the progress bar
        size = max(1, min(100, -(-total // 100)))
    else:
        size = chunk_size(total, executor_workers(executor), 250)
    jobs = [_Job(rules, seats, ents, tuple(items[i:i + size]), move_time, executor is not None)
            for i in range(0, total, size)]
    names = tuple(e.name for e in ents)
    bar = _Progress(total, progress, "tournament")
    t0 = time.perf_counter()
    try:
        chunks = run_chunks(_play_chunk, jobs, executor, lambda part: bar.update(len(part)),
                            chunk_timeout, lambda job: _unfinished(job, chunk_timeout, names))
    finally:
        bar.close()
    elapsed = time.perf_counter() - t0
    winners, turns, forfeits = [], [], []
    g = 0
    for part in chunks:
        for win_seat, n_turns, f in part:
            lineup = lineups[g]
            winner = None if win_seat is None else lineup[seats.index(win_seat)]
            if f is not None:
                fseat, kind, reason, position, move, seconds = f
                who = None if fseat is None else lineup[seats.index(fseat)]
                if who is not None and players == 2:
                    winner = lineup[1 - lineup.index(who)]  # the opponent wins a forfeit
                late = move if kind == "time" else None
                forfeits.append(Forfeit(g, None if who is None else names[who], kind, reason,
                                        position, None if late else move, seconds, late))
            winners.append(winner)
            turns.append(n_turns)
            g += 1
    where = "this process" if executor is None else type(executor).__name__
    return TournamentResult(names, players, rules, seed, games, move_time, tuple(lineups),
                            tuple(winners), tuple(turns), tuple(forfeits), dict(skipped),
                            where, elapsed)


def from_folder(folder, opponents=(), **kwargs) -> TournamentResult:
    """A tournament of every player in ``folder`` (each ``.py`` file that loads; see
    :func:`load_folder`), with the built-in ``opponents`` added (e.g. ``("greedy", "random")``).
    A file that cannot be loaded is left out and reported in the result's ``skipped`` (file name
    -> reason); the others play. Other keyword arguments are those of :func:`tournament`.

    Raises:
        ValueError: when the folder is missing or fewer players than a game needs loaded.
    """
    loaded, problems = load_folder(folder)
    entrants = dict(loaded)
    for name in opponents:  # a student's file may be called greedy.py too
        entrants[name if name not in entrants else f"{name} (built-in)"] = name
    players = kwargs.pop("players", 2)
    if len(entrants) < players:
        why = "".join(f"\n  {f}: {r}" for f, r in problems.items())
        raise ValueError(f"{folder}: {len(entrants)} players loaded, a tournament of "
                         f"{players}-player games needs {players}{why}")
    args = {"games": 100, "rules": None, "seed": None, "executor": None, "move_time": MOVE_TIME,
            "chunk": None, "chunk_timeout": None, "progress": None}
    unknown = set(kwargs) - set(args)
    if unknown:
        raise TypeError(f"from_folder() got unexpected arguments {sorted(unknown)}")
    args.update(kwargs)
    return _tournament(entrants, args["games"], players, args["rules"], args["seed"],
                       args["executor"], args["move_time"], args["chunk"], args["chunk_timeout"],
                       args["progress"], problems)


# -- results --------------------------------------------------------------------------------------


def _invert(a: list) -> list:
    """The inverse of the symmetric positive-definite matrix ``a`` (Gauss–Jordan)."""
    n = len(a)
    m = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        d = m[c][c]
        m[c] = [v / d for v in m[c]]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c]
                m[r] = [v - f * w for v, w in zip(m[r], m[c], strict=True)]
    return [row[n:] for row in m]


def fit_ratings(n: int, observations: dict) -> tuple:
    """Log-strengths ``theta`` and their standard errors from ``observations``, a dict
    ``(members, winner) -> count``: at the table ``members`` (entrant indices) ``winner`` won
    ``count`` times. The Luce model (Bradley–Terry for tables of any size): ``i`` wins with
    probability ``exp(theta_i) / sum(exp(theta_j))``; each entrant also wins once and loses once
    against a virtual player of strength 0. Newton's method on the concave log-likelihood.
    The strengths are returned centred (their mean is 0), with the standard errors of the
    centred values: how well each player is placed against the field.

    >>> theta, se = fit_ratings(2, {((0, 1), 0): 8, ((0, 1), 1): 2})
    >>> theta[0] > 0 > theta[1], abs(theta[0] + theta[1]) < 1e-12, abs(se[0] - se[1]) < 1e-12
    (True, True, True)
    """
    wins = [1.0] * n  # the virtual win
    tables: dict = {}
    for (members, w), c in observations.items():
        wins[w] += c
        tables[members] = tables.get(members, 0) + c

    def loglik(th):
        v = sum(c * th[w] for (_, w), c in observations.items())
        v -= sum(c * math.log(sum(math.exp(th[j]) for j in m)) for m, c in tables.items())
        return v + sum(t - 2 * math.log1p(math.exp(t)) for t in th)

    def grad_info(th):
        g = [wins[i] for i in range(n)]
        info = [[0.0] * n for _ in range(n)]
        for i in range(n):
            pv = 1 / (1 + math.exp(-th[i]))
            g[i] -= 2 * pv
            info[i][i] += 2 * pv * (1 - pv)
        for m, c in tables.items():
            e = [math.exp(th[j]) for j in m]
            s = sum(e)
            p = [x / s for x in e]
            for a, i in enumerate(m):
                g[i] -= c * p[a]
                info[i][i] += c * p[a]
                for b, j in enumerate(m):
                    info[i][j] -= c * p[a] * p[b]
        return g, info

    theta = [0.0] * n
    ll = loglik(theta)
    for _ in range(100):
        g, info = grad_info(theta)
        cov = _invert(info)
        step = [sum(cov[i][j] * g[j] for j in range(n)) for i in range(n)]
        t = 1.0
        while True:  # Newton step, halved until the likelihood does not fall
            new = [theta[i] + t * step[i] for i in range(n)]
            nll = loglik(new)
            if nll >= ll - 1e-12 or t < 1e-6:
                break
            t /= 2
        theta, done = new, max(abs(t * s) for s in step) < 1e-10
        ll = nll
        if done:
            break
    _, info = grad_info(theta)
    cov = _invert(info)
    # centred on the field's mean: var(theta_i - mean) = C_ii - 2 mean_j C_ij + mean_jk C_jk
    row = [sum(r) / n for r in cov]
    whole = sum(row) / n
    mean = sum(theta) / n
    return ([t - mean for t in theta],
            [math.sqrt(max(cov[i][i] - 2 * row[i] + whole, 0.0)) for i in range(n)])


@dataclass(frozen=True, eq=False)
class TournamentResult:
    """What :func:`tournament` found: per game its lineup, winner, length and any forfeit, with
    ratings, standings and a head-to-head table computed from them."""

    entrants: tuple
    """The players' names, in entry order (lineups and winners refer to them by index)."""
    players: int
    """Players per game (2 or 4)."""
    rules: object
    """The rules every game was played under."""
    seed: int
    """The seed: the same seed replays the same tournament."""
    games: int
    """Games per pairing (2 players) or table (4 players)."""
    move_time: float | None
    """Seconds a player could take per move."""
    lineups: tuple = field(repr=False)
    """Per game: the entrant (index) in each seat in play, in seat order (S, N or S, E, N, W)."""
    winners: tuple = field(repr=False)
    """Per game: the winning entrant's index, or None (a dead game, a forfeit at a table of 4,
    an unfinished game)."""
    turns: tuple = field(repr=False)
    """Per game: turns begun (0 for a forfeited or unfinished game)."""
    forfeits: tuple = ()
    """The games lost by forfeit or never finished, as :class:`Forfeit` records, in game order."""
    skipped: dict = field(default_factory=dict)
    """Player files that could not be loaded (:func:`from_folder`): file name -> reason."""
    ran_on: str = ""
    """What played the games (not compared)."""
    seconds: float = 0.0
    """Wall-clock time of the games (not compared)."""

    def __eq__(self, other) -> bool:  # the executor and the time taken do not matter
        if not isinstance(other, TournamentResult):
            return NotImplemented
        keys = ("entrants", "players", "rules", "seed", "games", "move_time", "lineups",
                "winners", "turns", "forfeits", "skipped")
        return all(getattr(self, k) == getattr(other, k) for k in keys)

    __hash__ = None  # type: ignore[assignment]

    # -- counts -----------------------------------------------------------------------------

    @property
    def total_games(self) -> int:
        return len(self.winners)

    @cached_property
    def _records(self) -> tuple:
        n = len(self.entrants)
        played, won, forfeited = [0] * n, [0] * n, [0] * n
        together = [[0] * n for _ in range(n)]
        beat = [[0] * n for _ in range(n)]
        for lineup, w in zip(self.lineups, self.winners, strict=True):
            for i in lineup:
                played[i] += 1
                for j in lineup:
                    if j != i:
                        together[i][j] += 1
            if w is not None:
                won[w] += 1
                for j in lineup:
                    if j != w:
                        beat[w][j] += 1
        index = {name: i for i, name in enumerate(self.entrants)}
        for f in self.forfeits:
            if f.player is not None:
                forfeited[index[f.player]] += 1
        return played, won, forfeited, together, beat

    @cached_property
    def _fit(self) -> tuple:
        obs: dict = {}
        index = {name: i for i, name in enumerate(self.entrants)}
        by_game = {f.game: f for f in self.forfeits}
        for g, (lineup, w) in enumerate(zip(self.lineups, self.winners, strict=True)):
            f = by_game.get(g)
            if w is not None:
                key = (tuple(sorted(lineup)), w)
                obs[key] = obs.get(key, 0) + 1
            elif f is not None and f.player is not None:  # at a table of 4: all beat the forfeiter
                loser = index[f.player]
                for j in lineup:
                    if j != loser:
                        key = (tuple(sorted((j, loser))), j)
                        obs[key] = obs.get(key, 0) + 1
        return fit_ratings(len(self.entrants), obs)

    def ratings(self) -> list:
        """Every player's :class:`Rating` (Elo scale, 95% interval), best first."""
        theta, se = self._fit
        played, won, *_ = self._records
        out = [Rating(name, 1500 + _ELO * theta[i], 1500 + _ELO * (theta[i] - _Z95 * se[i]),
                      1500 + _ELO * (theta[i] + _Z95 * se[i]), played[i], won[i])
               for i, name in enumerate(self.entrants)]
        return sorted(out, key=lambda r: -r.rating)

    def table(self, frame: bool | None = None):
        """The standings, best rating first: one row (a dict) per player with ``rank``,
        ``player``, ``rating``, ``low``, ``high`` (its 95% interval), ``games``, ``wins``,
        ``win_rate``, ``win_low``, ``win_high`` (Wilson 95%) and ``forfeits``. A pandas
        DataFrame when pandas is installed (``frame=False``: always the list of dicts)."""
        played, won, forfeited, *_ = self._records
        index = {name: i for i, name in enumerate(self.entrants)}
        rows = []
        for rank, r in enumerate(self.ratings(), 1):
            i = index[r.player]
            wr = wilson_interval(won[i], played[i])
            rows.append({"rank": rank, "player": r.player, "rating": round(r.rating, 1),
                         "low": round(r.low, 1), "high": round(r.high, 1), "games": played[i],
                         "wins": won[i], "win_rate": wr.rate, "win_low": wr.low,
                         "win_high": wr.high, "forfeits": forfeited[i]})
        return _frame(rows, frame)

    def head_to_head(self, frame: bool | None = None):
        """Per player (rows, best first) against each other player: the share of the games they
        played together that the row's player won (None when they never met). A DataFrame when
        pandas is installed (``frame=False``: a list of dicts with a ``player`` key)."""
        *_, together, beat = self._records
        index = {name: i for i, name in enumerate(self.entrants)}
        order = [r.player for r in self.ratings()]
        rows = []
        for a in order:
            i = index[a]
            row = {"player": a}
            for b in order:
                j = index[b]
                row[b] = None if i == j or not together[i][j] else beat[i][j] / together[i][j]
            rows.append(row)
        if frame is not False:
            df = _frame(rows, frame)
            if not isinstance(df, list):
                return df.set_index("player")
        return rows

    @property
    def dead(self) -> int:
        """Games that ended with nobody able to move."""
        forfeited = {f.game for f in self.forfeits}
        return sum(1 for g, w in enumerate(self.winners) if w is None and g not in forfeited)

    # -- output -----------------------------------------------------------------------------

    def _header(self) -> str:
        what = "pairing" if self.players == 2 else "table"
        return (f"{self.total_games} games ({self.games} per {what}, {self.players} players), "
                f"{self.rules.describe()}, seed {self.seed}; {len(self.forfeits)} forfeits, "
                f"{self.dead} dead games")

    def __str__(self) -> str:
        lines = [self._header()]
        for row in self.table(frame=False):
            lines.append(f"  {row['rank']:>2}. {row['player']:<20} {row['rating']:7.1f} "
                         f"[{row['low']:.0f}, {row['high']:.0f}]  "
                         f"{row['wins']:>6}/{row['games']:<6} {row['win_rate']:6.1%}  "
                         f"forfeits {row['forfeits']}")
        for f in self.forfeits[:10]:
            lines.append(f"  {f}")
        if len(self.forfeits) > 10:
            lines.append(f"  ... and {len(self.forfeits) - 10} more forfeits")
        for why in self.skipped.values():
            lines.append(f"  not loaded: {why}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"<TournamentResult {len(self.entrants)} players, {self.total_games} games, "
                f"seed {self.seed}>")

    def _repr_html_(self) -> str:
        e = html.escape
        out = [f"<div class='pachisi-tournament'><p>{e(self._header())}</p>",
               "<table><thead><tr><th>#</th><th>player</th><th>rating</th><th>95% interval</th>"
               "<th>wins</th><th>games</th><th>win rate</th><th>forfeits</th></tr></thead><tbody>"]
        for r in self.table(frame=False):
            out.append(f"<tr><td>{r['rank']}</td><td>{e(r['player'])}</td><td>{r['rating']:.0f}"
                       f"</td><td>{r['low']:.0f} – {r['high']:.0f}</td><td>{r['wins']}</td>"
                       f"<td>{r['games']}</td><td>{r['win_rate']:.1%}</td>"
                       f"<td>{r['forfeits']}</td></tr>")
        out.append("</tbody></table><p>Head to head (share of the games together won by the row's "
                   "player):</p><table><thead><tr><th></th>")
        h2h = self.head_to_head(frame=False)
        names = [r["player"] for r in h2h]
        out.extend(f"<th>{e(n)}</th>" for n in names)
        out.append("</tr></thead><tbody>")
        for r in h2h:
            cells = "".join("<td>–</td>" if r[n] is None else f"<td>{r[n]:.0%}</td>" for n in names)
            out.append(f"<tr><th>{e(r['player'])}</th>{cells}</tr>")
        out.append("</tbody></table>")
        if self.forfeits or self.skipped:
            out.append("<ul>")
            out.extend(f"<li>{e(str(f))}</li>" for f in self.forfeits[:20])
            if len(self.forfeits) > 20:
                out.append(f"<li>... and {len(self.forfeits) - 20} more forfeits</li>")
            out.extend(f"<li>not loaded: {e(why)}</li>" for why in self.skipped.values())
            out.append("</ul>")
        out.append("</div>")
        return "".join(out)

    def plot(self, backend: str = "auto"):
        """The ratings with their 95% intervals, best at the top: a matplotlib Figure when
        matplotlib is installed (``backend="auto"`` or ``"matplotlib"``), else (or with
        ``backend="svg"``) a small SVG picture that notebooks display.

        Raises:
            ValueError: for an unknown backend.
            ImportError: for ``backend="matplotlib"`` without matplotlib.
        """
        if backend not in ("auto", "matplotlib", "svg"):
            raise ValueError(
                f"backend must be 'auto', 'matplotlib' or 'svg', not {short_repr(backend)}")
        ratings = self.ratings()
        if backend != "svg":
            try:
                from matplotlib.figure import Figure
            except ImportError:
                if backend == "matplotlib":
                    raise
            else:
                fig = Figure(figsize=(6, 0.45 * len(ratings) + 1.2))
                ax = fig.add_subplot()
                ys = list(range(len(ratings)))[::-1]
                ax.errorbar([r.rating for r in ratings], ys,
                            xerr=[[r.rating - r.low for r in ratings],
                                  [r.high - r.rating for r in ratings]],
                            fmt="o", capsize=3)
                ax.set_yticks(ys, [r.player for r in ratings])
                ax.set_xlabel("rating (Elo scale) with its 95% interval")
                ax.set_title(f"{self.total_games} games, seed {self.seed}")
                fig.tight_layout()
                return _shown_as_svg(fig)
        return charts.intervals(
            [r.player for r in ratings], [r.rating for r in ratings], [r.low for r in ratings],
            [r.high for r in ratings], title=f"{self.total_games} games, seed {self.seed}",
            xlabel="rating (Elo scale) with its 95% interval", reference=1500)


def _shown_as_svg(fig):
    """``fig`` (a matplotlib Figure made without pyplot) with an SVG picture for notebooks: the
    inline backend draws only the figures pyplot made, so a bare Figure would show as its repr."""
    import io

    def svg():
        out = io.StringIO()
        fig.savefig(out, format="svg")
        return out.getvalue()

    fig._repr_svg_ = svg
    return fig


def _frame(rows: list, frame: bool | None):
    if frame is False:
        return rows
    try:
        import pandas as pd
    except ImportError:
        if frame:
            raise
        return rows
    return pd.DataFrame(rows)


# -- checking a player ----------------------------------------------------------------------------


class Problem(NamedTuple):
    """One thing :func:`check_agent` found wrong."""

    kind: str
    """``"load"``, ``"illegal"``, ``"error"``, ``"time"``, ``"nondeterministic"`` or ``"copy"``."""
    message: str
    """What happened, in words, with the position."""


@dataclass
class CheckReport:
    """What :func:`check_agent` found: ``ok`` when there are no ``problems``."""

    player: str
    positions: int = 0
    """Positions the player was asked about."""
    problems: list = field(default_factory=list)
    """:class:`Problem` values, at most a few of each kind (``counts`` has them all)."""
    counts: dict = field(default_factory=dict)
    """Problems found, per kind."""
    notes: list = field(default_factory=list)
    """Things worth knowing that are not problems."""
    slowest: float = 0.0
    """The longest a move took, in seconds."""
    mean: float = 0.0
    """The mean time of a move, in seconds."""
    move_time: float | None = MOVE_TIME

    @property
    def ok(self) -> bool:
        return not self.problems

    def __bool__(self) -> bool:
        return self.ok

    def _add(self, kind: str, message: str, keep: int = 3) -> None:
        self.counts[kind] = self.counts.get(kind, 0) + 1
        if self.counts[kind] <= keep:
            self.problems.append(Problem(kind, message))

    def lines(self) -> list:
        head = (f"{self.player}: {self.positions} positions checked (presets "
                f"{', '.join(dict.fromkeys(p for p, _ in _CHECK_SETUPS))}; 2 and 4 players)")
        out = [head]
        if self.positions:
            limit = "no limit" if self.move_time is None else f"limit {self.move_time:g} s"
            out.append(f"time per move: mean {self.mean * 1000:.2f} ms, slowest "
                       f"{self.slowest * 1000:.1f} ms ({limit})")
        if self.ok:
            out.append("OK: always a legal move, the same move for the same position and rng, "
                       "in time")
        else:
            n = sum(self.counts.values())
            out.append(f"{n} problem{'s' if n != 1 else ''}:")
            for p in self.problems:
                out.append(f"- {p.message}")
            for kind, c in self.counts.items():
                shown = sum(1 for p in self.problems if p.kind == kind)
                if c > shown:
                    out.append(f"- ... and {c - shown} more of the kind '{kind}'")
        out.extend(f"note: {n}" for n in self.notes)
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def _repr_html_(self) -> str:
        lines = self.lines()
        colour = "#1e7b34" if self.ok else "#b03a2e"
        items = "".join(f"<li>{html.escape(s)}</li>" for s in lines[1:])
        return (f"<div class='pachisi-check'><b style='color:{colour}'>"
                f"{html.escape(lines[0])}</b><ul>{items}</ul></div>")


def _same(a, b) -> bool:
    if isinstance(a, Move) and isinstance(b, Move):
        return a.key == b.key
    return type(a) is type(b) and short_repr(a) == short_repr(b)


def check_agent(agent, positions: int = 400, move_time: float | None = MOVE_TIME,
                seed: int = 0) -> CheckReport:
    """Play ``agent`` (a built-in name, an object, or a ``.py`` file) through about
    ``positions`` positions spread over every preset (classic, seven_cowries, cowrie_skill,
    mitra) with 2 and 4 players, against random players, and report in plain words what a
    tournament would refuse: a move that is not legal (None, garbage, a move the rules refuse),
    an exception, a move slower than ``move_time``, or a different move for the same position
    and the same ``rng`` (each position is asked twice, of two copies of the player).

    It cannot stop a player that never returns: interrupt the kernel, then look for the loop.

    >>> import pachisi_widget as pw
    >>> pw.check_agent("greedy", positions=40).ok
    True
    """
    _check_number("positions", positions, 1, whole=True)
    move_time = _check_number("move_time", move_time, 0.001, none=True)
    name = _default_name(agent)
    report = CheckReport(name, move_time=move_time)
    try:
        e = _entrant(name, agent)
    except (PlayerFileError, ValueError, TypeError) as exc:
        kind = "copy" if "copied" in str(exc) else "load"
        report._add(kind, str(exc))
        return report
    player = _template(e)
    if isinstance(player, str):
        player = make_agent(player)
    if not isinstance(player, Agent):
        report.notes.append("it is not a subclass of pachisi_widget.agents.Agent (it plays, "
                            "since it has a choose method)")
    if e.kind == "object":
        try:
            pickle.dumps(player)
        except Exception as exc:
            report.notes.append(f"it cannot be pickled ({type(exc).__name__}), so it cannot be "
                                "sent to an executor's workers: give it as a .py file instead")
    per_setup = max(1, -(-positions // len(_CHECK_SETUPS)))
    times = []
    rng_seeds = random.Random(seed)
    for preset, n in _CHECK_SETUPS:
        rules = check_rules(preset)
        seats = _SEATS[n]
        asked = 0
        game = 0
        while asked < per_setup and game < 50:
            asked += _check_game(player, name, rules, seats, seats[game % n],
                                 rng_seeds.getrandbits(62), per_setup - asked, move_time,
                                 report, times, f"{preset}, {n} players")
            game += 1
    report.positions = len(times)
    if times:
        report.slowest = max(times)
        report.mean = sum(times) / len(times)
    return report


def _check_game(player, name, rules, seats, mine, seed, budget, move_time, report, times,
                setup) -> int:
    rng = random.Random(seed)
    cdf = throw_cdf(rules)
    state = GameState.initial(rules, seats, to_move=opening(rules, seats, rng, cdf))
    me = copy.deepcopy(player)
    other = make_agent("random")
    asked = 0
    while state.phase != "over" and asked < budget:
        if state.phase == "throw":
            state = state.apply_throw(draw_up(cdf, rng.random()))
            continue
        moves = state.legal_moves()
        if state.to_move != mine or len(moves) == 1:
            state = state.apply(other.choose(state, rng) if len(moves) > 1 else moves[0])
            continue
        asked += 1
        k = rng.getrandbits(64)
        twin = _copy_or_none(me)
        where = f"{state.notation()} ({setup})"
        t0 = time.perf_counter()
        try:
            m = me.choose(state, random.Random(k))
        except KeyboardInterrupt:
            raise
        except BaseException as exc:
            times.append(time.perf_counter() - t0)
            report._add("error", f"raised {_error_words(exc, None)} in {where}")
            state = state.apply(moves[0])
            continue
        dt = time.perf_counter() - t0
        times.append(dt)
        if move_time is not None and dt > move_time:
            report._add("time", f"took {dt:.2f} s to choose in {where}, more than the "
                                f"{move_time:g} s a move may take")
        legal = state.find(m) if isinstance(m, Move) else None
        if legal is None:
            report._add("illegal", f"returned {_move_text(m)} in {where}: {_why_illegal(state, m)}")
        if twin is not None:
            try:
                m2 = twin.choose(state, random.Random(k))
            except BaseException:  # noqa: BLE001 - any failure here means "not the same"
                m2 = _Unset
            if not _same(m, m2):
                report._add("nondeterministic",
                            f"chose {_move_text(m)}, then {_move_text(m2)} for the same position "
                            f"and the same rng in {where}: draw random numbers only from rng "
                            "(not the random module or the clock)", keep=2)
        elif "copy" not in report.counts:
            report._add("copy", "it cannot be copied with copy.deepcopy, and every tournament "
                                "game starts from a fresh copy of each player")
        state = state.apply(legal if legal is not None else moves[0])
    return asked


class _UnsetType:
    def __repr__(self) -> str:
        return "an exception"


_Unset = _UnsetType()


def _copy_or_none(obj):
    try:
        return copy.deepcopy(obj)
    except Exception:
        return None


# ``pw.tournament(...)`` calls the function: the module itself is callable, so the package's
# attribute and the submodule (which a worker imports to run _play_chunk) are one object.
class _CallableModule(types.ModuleType):
    def __call__(self, *args, **kwargs) -> TournamentResult:
        return tournament(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
