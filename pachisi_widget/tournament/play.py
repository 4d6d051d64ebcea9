"""Playing a tournament: every pairing or table, each deal once per rotation of the seats, in
chunks on any executor; each student's move timed, checked and turned into a forfeit when it fails.
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import math
import random
import signal
import threading
import time
from dataclasses import dataclass, field
from itertools import combinations, islice
from typing import NamedTuple

from .. import words
from ..agents import FAST_AGENTS, make_agent
from ..engine import Move, short_repr, throw_cdf
from ..errors import PachisiError, say
from ..game import SEATS_FOR_PLAYERS, check_rules, check_seed
from ..lab.parallel import Progress, as_executor, chunk_size, executor_workers, run_chunks
from ..lab.playing import play_game
from ..lab.seeds import iter_game_seeds
from .players import MOVE_TIME, _Entrant, _entrants, _error_words, _load_source, load_folder
from .result import TournamentResult

_PLAYERS = (2, 4)
"""Players per game in a tournament (every player for itself, every seat equally often)."""
_ALARM_GRACE = 0.05  # an interrupted move has surely overrun: the same forfeit as one measured


class PlayerForfeit(PachisiError):
    """A player forfeited a game: it returned something that is not a legal move, raised, or took
    too long. ``player``, ``kind`` (``"illegal"``, ``"error"`` or ``"time"``), ``reason``,
    ``position`` (the notation of the state it was asked about), ``move`` (what it returned, as
    text; None when it returned nothing), ``seconds`` (how long it took) and ``seat`` say what
    happened."""

    def __init__(
        self,
        player: str,
        kind: str,
        reason: str,
        position: str,
        move=None,
        seconds: float | None = None,
        seat: int | None = None,
    ):
        self.player, self.kind, self.reason, self.seat = player, kind, reason, seat
        self.position, self.move, self.seconds = position, move, seconds
        super().__init__(
            _forfeit_text(player, kind, reason, position, move, seconds),
            code="player_forfeit",
            params={"player": player, "kind": kind},
        )


def _forfeit_text(player, kind, reason, position, move, seconds, lang=None) -> str:
    params = {"player": player, "move": move, "position": position, "reason": reason}
    if kind == "illegal":
        return words.text("forfeit_returned", params, lang)
    text = words.text("forfeit_other", params, lang)
    if kind == "time" and move is not None:
        late = {"move": move, "seconds": words.number(seconds, lang, ".2f")}
        text += words.text("forfeit_late", late, lang)
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
        return self.text()

    def text(self, lang: str | None = None) -> str:
        """The forfeit in words, in ``lang`` (default: the session's language); the reason is
        in the language of the session that played the game."""
        if self.kind == "unfinished":
            return words.text("forfeit_game", {"game": self.game, "text": self.reason}, lang)
        move = self.late_move if self.kind == "time" else self.move
        text = _forfeit_text(
            self.player, self.kind, self.reason, self.position, move, self.seconds, lang
        )
        return words.text("forfeit_game", {"game": self.game, "text": text}, lang)


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
            raise PlayerForfeit(
                self.name,
                "error",
                say("forfeit_raised", {"error": _error_words(exc, None)}),
                state.notation(),
                seat=state.to_move,
            ) from None
        seconds = time.perf_counter() - t0
        if self.limit is not None and seconds > self.limit:
            raise self._late(state, _move_text(m), seconds)
        legal = state.find(m) if isinstance(m, Move) else None
        if legal is None:
            raise PlayerForfeit(
                self.name,
                "illegal",
                _why_illegal(state, m),
                state.notation(),
                _move_text(m),
                seconds,
                state.to_move,
            )
        return legal

    def _late(self, state, move, seconds) -> PlayerForfeit:
        return PlayerForfeit(
            self.name,
            "time",
            say("forfeit_slow", {"limit": words.number(self.limit, spec="g")}),
            state.notation(),
            move,
            seconds,
            state.to_move,
        )


def _move_text(m) -> str:
    return str(m) if isinstance(m, Move) and type(m).__str__ is Move.__str__ else short_repr(m, 60)


def _why_illegal(state, m) -> str:
    if not isinstance(m, Move):
        return say("forfeit_not_move")
    try:
        return say("forfeit_not_legal", {"why": short_repr(str(state.illegal(m)), 160)[1:-1]})
    except Exception:
        return say("forfeit_not_legal_plain")


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
    alarm = (
        job.interrupt
        and job.move_time is not None
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )
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
                out.append((None, 0, (f.seat, f.kind, f.reason, f.position, f.move, f.seconds)))
                continue
            out.append((g.winner, g.turn + 1, None))
        return out
    finally:
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)


def _unfinished(chunk: _Job, timeout: float, names) -> list:
    who = sorted({names[i] for lineup, _ in chunk.items for i in lineup})
    reason = say("forfeit_unfinished", {"timeout": f"{timeout:g}", "who": ", ".join(who)})
    return [(None, 0, (None, "unfinished", reason, None, None, None))] * len(chunk.items)


# -- the tournament -------------------------------------------------------------------------------


def tournament(
    entrants,
    games: int = 100,
    players: int = 2,
    rules=None,
    seed: int | None = None,
    executor=None,
    move_time: float | None = MOVE_TIME,
    chunk: int | None = None,
    chunk_timeout: float | None = None,
    progress=None,
) -> TournamentResult:
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
    rules = check_rules(rules)
    move_time, chunk, chunk_timeout = _check_numbers(
        rules, games, players, move_time, chunk, chunk_timeout
    )
    seed = check_seed(seed)
    ents = _entrants(entrants)
    if len(ents) < players:
        raise ValueError(say("arg_tour_entrants", {"players": players, "got": len(ents)}))
    executor = as_executor(executor)
    seats = SEATS_FOR_PLAYERS[players]
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
    jobs = [
        _Job(rules, seats, ents, tuple(items[i : i + size]), move_time, executor is not None)
        for i in range(0, total, size)
    ]
    names = tuple(e.name for e in ents)
    show = progress if progress is not None else total >= 1000
    t0 = time.perf_counter()
    with Progress(total, show, "tournament") as bar:
        chunks = run_chunks(
            _play_chunk,
            jobs,
            executor,
            lambda part: bar.update(len(part)),
            chunk_timeout,
            lambda job: _unfinished(job, chunk_timeout, names),
        )
    elapsed = time.perf_counter() - t0
    winners, turns, forfeits = _collect(chunks, lineups, seats, players, names)
    where = "this process" if executor is None else type(executor).__name__
    return TournamentResult(
        names,
        players,
        rules,
        seed,
        games,
        move_time,
        tuple(lineups),
        tuple(winners),
        tuple(turns),
        tuple(forfeits),
        {},
        where,
        elapsed,
    )


def _check_number(name: str, value, low: float, whole: bool = False, none: bool = False):
    if value is None and none:
        return None
    ok = not isinstance(value, bool) and isinstance(value, int if whole else (int, float))
    if not ok or not value >= low or (not whole and not math.isfinite(value)):
        params = {
            "name": name,
            "kind": say("arg_tour_whole" if whole else "arg_tour_seconds"),
            "low": f"{low:g}",
            "none": say("arg_tour_or_none") if none else "",
            "got": short_repr(value),
        }
        raise ValueError(say("arg_tour_number", params))
    return value


def _check_numbers(rules, games, players, move_time, chunk, chunk_timeout) -> tuple:
    """(move_time, chunk, chunk_timeout) checked, after refusing team rules, a bad number of
    players, or games that are not a multiple of the players (ValueError)."""
    if rules.teams:
        raise ValueError(say("arg_tour_teams"))
    if isinstance(players, bool) or players not in _PLAYERS:
        raise ValueError(say("arg_tour_players", {"got": short_repr(players)}))
    _check_number("games", games, players, whole=True)
    if games % players:
        lo, hi = games - games % players, games - games % players + players
        params = {"players": players, "lo": lo or hi, "hi": hi, "got": games}
        raise ValueError(say("arg_tour_games", params))
    move_time = _check_number("move_time", move_time, 0.001, none=True)
    chunk = _check_number("chunk", chunk, 1, whole=True, none=True)
    chunk_timeout = _check_number("chunk_timeout", chunk_timeout, 0.001, none=True)
    return move_time, chunk, chunk_timeout


def _collect(chunks, lineups, seats, players: int, names) -> tuple:
    """(winners, turns, forfeits) of every game, from the chunks' results in game order."""
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
                forfeits.append(
                    Forfeit(
                        g,
                        None if who is None else names[who],
                        kind,
                        reason,
                        position,
                        None if late else move,
                        seconds,
                        late,
                    )
                )
            winners.append(winner)
            turns.append(n_turns)
            g += 1
    return winners, turns, forfeits


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
        params = {"folder": folder, "loaded": len(entrants), "players": players, "why": why}
        raise ValueError(say("arg_tour_folder", params))
    unknown = set(kwargs) - (set(inspect.signature(tournament).parameters) - {"entrants"})
    if unknown:
        raise TypeError(f"from_folder() got unexpected arguments {sorted(unknown)}")
    result = tournament(entrants, players=players, **kwargs)
    return dataclasses.replace(result, skipped=dict(problems))
