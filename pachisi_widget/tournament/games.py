"""Playing a chunk of a tournament's games, on any worker: each student's move timed (by a signal,
or from outside when the player is asked in a worker process of its own), checked legal, and any
failure turned into :class:`PlayerForfeit`, so that the game is recorded as forfeited.
"""

from __future__ import annotations

import copy
import multiprocessing
import random
import signal
import threading
import time
from typing import NamedTuple

from .. import errors, words
from ..agents import FAST_AGENTS, make_agent
from ..checks import player_view
from ..engine import short_repr, throw_cdf
from ..errors import PachisiError, say
from ..lab.playing import play_game
from ..state import find_move, plain_move
from . import isolation
from .players import _Entrant, _error_words, _load_source

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


# -- a student's player seen through the tournament's checks ---------------------------------------


class _MoveTimeout(BaseException):
    """Raised into a player's choose() by the worker's timer (a BaseException, so that a
    player's ``except Exception`` cannot swallow it)."""


def _on_alarm(signum, frame):
    raise _MoveTimeout


class _Checked:
    """What :class:`_Guard` and :class:`_Remote` check of a move once the player has answered:
    its time (``limit`` seconds, None: no limit), then that it is legal."""

    name: str
    limit: float | None

    def _answer(self, state, moves, m, seconds: float):
        """The legal move of ``moves`` that ``m`` (returned after ``seconds``) names; a
        :class:`PlayerForfeit` when it came too late or names none."""
        if self.limit is not None and seconds > self.limit:
            raise self._late(state, _move_text(m), seconds)
        legal = find_move(moves, m)
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


class _Guard(_Checked):
    """A student's player seen through the tournament's checks: each move timed, checked legal,
    and any failure turned into :class:`PlayerForfeit`."""

    def __init__(self, agent, name: str, limit: float | None, alarm: bool):
        self.agent, self.name, self.limit = agent, name, limit
        self.alarm = alarm and limit is not None

    def choose(self, state, rng):
        alarm = self.alarm
        view, moves = player_view(state)
        t0 = time.perf_counter()
        try:
            if alarm:
                signal.setitimer(signal.ITIMER_REAL, self.limit + _ALARM_GRACE)
            try:
                m = self.agent.choose(view, rng)
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
        return self._answer(state, moves, m, time.perf_counter() - t0)


def _move_text(m) -> str:
    plain = plain_move(m)
    return str(plain) if plain is not None and plain.seat in range(4) else short_repr(m, 60)


def _why_illegal(state, m) -> str:
    if plain_move(m) is None:
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


class _Remote(_Checked):
    """A student's player asked in its own worker process (:class:`isolation.PlayerServer`),
    seen through the same checks as :class:`_Guard`."""

    def __init__(self, server, name: str, limit: float | None, wait: float | None):
        self.server, self.name, self.limit, self.wait = server, name, limit, wait

    def choose(self, state, rng):
        moves = tuple(state._legal())
        try:
            m, rng_state, seconds = self.server.choose(state, rng)
        except isolation.PlayerGone as gone:
            if gone.kind == "time":
                if self.limit is None:  # stopped after chunk_timeout
                    raise PlayerForfeit(
                        self.name,
                        "time",
                        say("forfeit_no_answer", {"wait": f"{self.wait:g}"}),
                        state.notation(),
                        None,
                        gone.seconds,
                        state.to_move,
                    ) from None
                raise self._late(state, None, gone.seconds) from None
            raise PlayerForfeit(
                self.name, "error", gone.reason, state.notation(), seat=state.to_move
            ) from None
        except isolation.PlayerRaised as raised:
            raise PlayerForfeit(
                self.name,
                "error",
                say("forfeit_raised", {"error": raised.words}),
                state.notation(),
                seat=state.to_move,
            ) from None
        rng.setstate(rng_state)  # the draws the player took from the game's generator
        return self._answer(state, moves, m, seconds)


# -- playing a chunk of games ----------------------------------------------------------------------


_SERVERS: dict = {}
"""Per tournament played in this process (by its entrants tuple's id): entrant index -> its
worker process, kept from chunk to chunk and closed when the tournament ends."""


class _Job(NamedTuple):
    rules: object
    seats: tuple
    entrants: tuple
    items: tuple  # per game: (lineup of entrant indices by seat, deal seed)
    move_time: float | None
    interrupt: bool
    isolate: bool = False
    wait: float | None = None  # with move_time None: how long a move may take (chunk_timeout)
    lang: str = "en"  # the session's language where the tournament was asked for: its words


def _template(e: _Entrant):
    if e.kind == "name":
        return e.value if e.value in FAST_AGENTS else make_agent(e.value)
    if e.kind == "file":
        return _load_source(e.value, e.source)
    return e.value


def _close_servers(servers: dict) -> None:
    """Close the worker processes of ``servers`` (entrant index -> server, None for one that
    plays where the games run)."""
    for server in servers.values():
        if server is not None:
            server.close()


def _uses_alarm(job: _Job) -> bool:
    """Whether a timer signal interrupts a move that overruns: for a chunk sent to an executor,
    timed (``move_time``), run in a main thread where ``signal.setitimer`` exists."""
    return (
        job.interrupt
        and job.move_time is not None
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )


class _Seating:
    """Who plays each seat of a chunk's games: each entrant's player loaded once per chunk (a
    fresh copy per game), a student's asked in its worker process when ``isolate``."""

    def __init__(self, job: _Job, servers: dict, isolate: bool, alarm: bool):
        self.job, self.servers, self.isolate, self.alarm = job, servers, isolate, alarm
        self.templates: dict = {}

    def agents(self, lineup) -> tuple[list, tuple | None]:
        """(the players of ``lineup``'s seats, the forfeit ``(seat, kind, reason, position)``
        of one whose worker process ended before the game, or None)."""
        agents, gone = [], None
        for k, i in enumerate(lineup):
            e = self.job.entrants[i]
            if self.isolate and not e.trusted and self.servers.get(i, 0) is not None:
                remote, lost = self._remote(k, i, e)
                if remote is not None:
                    agents.append(remote)
                    gone = lost if lost is not None else gone
                    continue
            agents.append(self._here(i, e))
        return agents, gone

    def _remote(self, k: int, i: int, e: _Entrant) -> tuple:
        """(the entrant's player in its worker process, or None when it plays here; the
        forfeit of a worker process that ended before the game, or None)."""
        job, servers = self.job, self.servers
        if i not in servers:
            ok = isolation.isolatable(e)
            servers[i] = (
                isolation.PlayerServer(e, job.move_time, job.wait, lang=job.lang) if ok else None
            )
        server = servers[i]
        gone = None
        try:
            if server is not None:
                server.new_game()
        except isolation.CannotIsolate:
            server = servers[i] = None  # it plays here, guarded as in _here
        except isolation.PlayerGone as exc:
            gone = (job.seats[k], "error", exc.reason, say("forfeit_before_first"))
        if server is None:
            return None, None
        return _Remote(server, e.name, job.move_time, job.wait), gone

    def _here(self, i: int, e: _Entrant):
        """The entrant's player where the games run: a built-in by name, a trusted player's
        copy, or a student's copy behind a :class:`_Guard`."""
        if i not in self.templates:
            self.templates[i] = _template(e)
        t = self.templates[i]
        if isinstance(t, str):
            return t
        if e.trusted:
            return copy.deepcopy(t)
        return _Guard(copy.deepcopy(t), e.name, self.job.move_time, self.alarm)


def _game_row(job: _Job, agents: list, seed, cdf) -> tuple:
    """One game's row ``(winning seat or None, turns, forfeit or None)``."""
    try:
        g = play_game(job.rules, job.seats, agents, random.Random(seed), cdf)
    except Exception as exc:
        f = _forfeit_in(exc)
        if f is None:
            raise
        return (None, 0, (f.seat, f.kind, f.reason, f.position, f.move, f.seconds))
    return (g.winner, g.turn + 1, None)


def _play_chunk(job: _Job) -> tuple:
    """Play a chunk of games: (the deal seeds, per game ``(winning seat or None, turns, forfeit
    or None)`` with a forfeit as ``(seat, kind, reason, position, move, seconds)``). A
    module-level function, so that executors send it by reference."""
    alarm = _uses_alarm(job)
    old = signal.signal(signal.SIGALRM, _on_alarm) if alarm else None
    # a worker process speaks the language of the session that asked (its forfeit reasons)
    spoken = errors.session_language()
    errors.set_session_language(job.lang)
    # entrant index -> its worker process (isolate): kept for the whole tournament when it
    # plays in this process, for the chunk on an executor's worker
    shared = _SERVERS.get(id(job.entrants)) if not job.interrupt else None
    servers: dict = {} if shared is None else shared
    # a daemonic worker (Dask's) cannot start processes: it is already not the teacher's
    isolate = job.isolate and isolation.available() and not multiprocessing.current_process().daemon
    try:
        cdf = throw_cdf(job.rules)
        seating = _Seating(job, servers, isolate, alarm)
        out = []
        for lineup, seed in job.items:
            agents, gone = seating.agents(lineup)
            if gone is not None:
                out.append((None, 0, (*gone, None, None)))
            else:
                out.append(_game_row(job, agents, seed, cdf))
        return tuple(s for _, s in job.items), out
    finally:
        errors.set_session_language(spoken)
        if shared is None:
            _close_servers(servers)
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)


def _unfinished(chunk: _Job, timeout: float, names) -> tuple:
    """A chunk that did not come back within ``timeout`` seconds, each game recorded as
    unfinished (naming who was playing)."""
    who = sorted({names[i] for lineup, _ in chunk.items for i in lineup})
    reason = say("forfeit_unfinished", {"timeout": f"{timeout:g}", "who": ", ".join(who)})
    rows = [(None, 0, (None, "unfinished", reason, None, None, None))] * len(chunk.items)
    return tuple(s for _, s in chunk.items), rows
