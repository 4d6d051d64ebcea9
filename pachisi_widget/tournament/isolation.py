"""Students' players in processes of their own: a tournament asks each move of a player's own
worker process, which runs with limits on its memory and processor time, and keeps the time of
each move from outside.

What this is: protection of the teacher's process, and of the other games' results, from a
player's mistakes. A player that loops, sleeps, allocates without end, calls ``os._exit`` or
``sys.exit``, forks, or crashes its interpreter loses the game it was playing (a forfeit that
names it); its worker is then replaced for its next game, and every other result stands.

What this is not: a security sandbox. A player runs as the teacher's user, with the teacher's
files, network and environment; code written to do harm (delete files, read secrets, start
programs) can still do it. Run only the code of people you trust, as you would run any script.

>>> server = PlayerServer(_Entrant("greedy", "name", "greedy"), move_time=1.0)
>>> import random, pachisi_widget as pw
>>> g = pw.Game(players=2, seed=1); _ = g.throw()
>>> server.new_game()
>>> move, rng_state, seconds = server.choose(g.state, random.Random(0))
>>> move in g.legal_moves()
True
>>> server.close()
"""

from __future__ import annotations

import contextlib
import copy
import math
import multiprocessing
import os
import pickle
import random
import signal
import sys
import time
import types

from ..engine import short_repr
from ..errors import say, set_session_language
from .players import _Entrant, _error_words, _load_source

__all__ = [
    "PlayerServer",
    "PlayerGone",
    "CannotIsolate",
    "available",
    "PLAYER_MEMORY",
    "PLAYER_CPU_TIME",
    "isolatable",
]

PLAYER_MEMORY = 2 * 1024**3
"""Bytes of address space a player's worker process may use (``RLIMIT_AS``); past it an
allocation fails with MemoryError, which the player forfeits with."""
PLAYER_CPU_TIME = 60
"""Seconds of processor time one move may use when no ``move_time`` limits it
(``RLIMIT_CPU``, renewed before each move; past it the kernel stops the worker)."""
_GRACE = 0.05  # seconds beyond move_time before the worker is stopped from outside
_START_TIME = 30.0  # seconds a worker may take to start and load its player


class PlayerGone(Exception):
    """The player's worker process ended, or was stopped, while it was asked for a move.
    ``kind`` is ``"time"`` (stopped from outside after the move's time) or ``"error"``;
    ``reason`` says what happened in words."""

    def __init__(self, kind: str, reason: str, seconds: float):
        super().__init__(reason)
        self.kind, self.reason, self.seconds = kind, reason, seconds


class CannotIsolate(RuntimeError):
    """This Python cannot start a worker process (a browser's, a restricted one): the player
    plays where the games run."""


def available() -> bool:
    """Whether players can get processes of their own here (not in a browser's Python)."""
    return sys.platform not in ("emscripten", "wasi")


class PlayerRaised(Exception):
    """The player's ``choose`` raised in its worker: ``words`` names the error and its line."""

    def __init__(self, words: str, seconds: float):
        super().__init__(words)
        self.words, self.seconds = words, seconds


def _forget_forkserver() -> None:
    """In a process forked from one that had started the forkserver (a process pool's worker):
    forget that server, which is not this process's child, so that this one starts its own."""
    fs = getattr(multiprocessing.forkserver, "_forkserver", None)
    if fs is None or getattr(fs, "_forkserver_pid", None) is None:
        return
    fd = getattr(fs, "_forkserver_alive_fd", None)
    if isinstance(fd, int):
        with contextlib.suppress(OSError):
            os.close(fd)
    for attr in ("_forkserver_pid", "_forkserver_address", "_forkserver_alive_fd"):
        if hasattr(fs, attr):
            setattr(fs, attr, None)


if hasattr(os, "register_at_fork"):
    import multiprocessing.forkserver

    os.register_at_fork(after_in_child=_forget_forkserver)


@contextlib.contextmanager
def _without_main():
    """While a worker starts: no ``__main__`` for it to import again (a teacher's script
    without ``if __name__ == "__main__"`` would otherwise run again in every worker)."""
    main = sys.modules.get("__main__")
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        if main is not None:
            sys.modules["__main__"] = main


def _context():
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["pachisi_widget.tournament"])
        return ctx
    return multiprocessing.get_context("spawn")


def isolatable(entrant: _Entrant) -> bool:
    """Whether ``entrant`` can be sent to a worker process: a file (sent as its text), or an
    object whose class a fresh interpreter can import (not one defined in ``__main__``, a
    notebook's own cells, which plays in the teacher's process, timed by a signal)."""
    if entrant.kind != "object":
        return True
    cls = type(entrant.value)
    if cls.__module__ in ("__main__", "builtins") or "<locals>" in cls.__qualname__:
        return False
    try:
        pickle.dumps(entrant.value)
    except Exception:
        return False
    return True


def _template(e: _Entrant):
    if e.kind == "name":
        from ..agents import make_agent

        return make_agent(e.value)
    if e.kind == "file":
        return _load_source(e.value, e.source)
    return e.value


def _die_in_child() -> None:
    """A fork made by a player: the copy ends at once, before any of its code runs."""
    os._exit(70)


def _limit_cpu(seconds: float) -> None:
    import resource

    used = resource.getrusage(resource.RUSAGE_SELF)
    now = used.ru_utime + used.ru_stime
    soft = math.ceil(now + seconds)
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    if hard != resource.RLIM_INFINITY:
        soft = min(soft, hard)
    resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))


def _serve(conn, entrant: _Entrant, memory: int | None, cpu: float, lang: str = "en") -> None:
    """A player's worker process: load the player, then answer the parent's requests until it
    says stop (or goes away), in ``lang`` (the tournament's session language: a player's error
    in words). A module-level function, so that it can start a process."""
    set_session_language(lang)
    devnull = open(os.devnull, "w")  # noqa: SIM115 - the process's own, until it ends
    sys.stdout = sys.stderr = devnull  # a player's prints go nowhere
    os.register_at_fork(after_in_child=_die_in_child)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the teacher's interrupt is the parent's
    try:
        import resource

        if memory is not None:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    except (ImportError, ValueError, OSError):
        pass
    try:
        template = _template(entrant)
    except BaseException as exc:  # noqa: BLE001 - a load error is reported, never raised here
        conn.send(("load_error", _error_words(exc, None)))
        return
    conn.send(("ready", None))
    agent = None
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        what = request[0]
        if what == "stop":
            return
        if what == "new":
            agent = copy.deepcopy(template)
            continue
        _, state, rng_state = request
        rng = random.Random()
        rng.setstate(rng_state)
        from ..checks import player_view

        view, _moves = player_view(state)
        with contextlib.suppress(ImportError, ValueError, OSError):
            _limit_cpu(cpu)
        try:
            m = agent.choose(view, rng)
        except BaseException as exc:  # noqa: BLE001 - SystemExit from a player too
            conn.send(("raised", _error_words(exc, None)))
            continue
        try:
            conn.send(("move", m, rng.getstate()))
        except Exception:  # a move that cannot be sent back: say what it was
            conn.send(("move", short_repr(m, 60), rng.getstate()))


class PlayerServer:
    """One entrant's player in a worker process of its own, asked one move at a time.

    The worker starts with the first game (:meth:`new_game`) and is replaced after a game in
    which it ended or was stopped. ``move_time`` (seconds, or None) is each move's limit, kept
    from outside: past it (and a grace of 0.05 s) the worker is stopped; ``wait`` is the limit
    when ``move_time`` is None (None: wait as long as it takes). Each move may also use at most
    ``move_time`` rounded up plus one second of processor time (:data:`PLAYER_CPU_TIME` without
    ``move_time``), and the worker at most :data:`PLAYER_MEMORY` bytes.
    """

    def __init__(
        self,
        entrant: _Entrant,
        move_time: float | None,
        wait: float | None = None,
        memory: int | None = PLAYER_MEMORY,
        lang: str = "en",
    ):
        self.entrant, self.move_time, self.memory = entrant, move_time, memory
        self.lang = lang  # the language of what the worker says (a player's error)
        self.wait = move_time + _GRACE if move_time is not None else wait
        self.cpu = math.ceil(move_time) + 1.0 if move_time is not None else PLAYER_CPU_TIME
        self.proc = None
        self.conn = None

    # -- the worker --------------------------------------------------------------------------

    def _start(self) -> None:
        ctx = _context()
        parent, child = ctx.Pipe()
        proc = ctx.Process(
            target=_serve,
            args=(child, self.entrant, self.memory, self.cpu, self.lang),
            name=f"pachisi-player-{self.entrant.name}",
            daemon=True,
        )
        try:
            with _without_main():
                proc.start()
        except (OSError, AssertionError, ImportError, ValueError) as exc:
            raise CannotIsolate(f"{type(exc).__name__}: {exc}") from None
        child.close()
        self.proc, self.conn = proc, parent
        if not parent.poll(_START_TIME):
            self._stop()
            raise PlayerGone("error", say("forfeit_not_started"), 0.0)
        try:
            what, words = parent.recv()
        except (EOFError, OSError):
            reason = self._ended()
            raise PlayerGone("error", reason, 0.0) from None
        if what != "ready":
            self._stop()
            raise PlayerGone("error", say("forfeit_not_loaded", {"error": words}), 0.0)

    def _stop(self) -> None:
        """Stop the worker (if any), at once, and forget it."""
        proc, conn = self.proc, self.conn
        self.proc = self.conn = None
        if conn is not None:
            with contextlib.suppress(OSError):
                conn.close()
        if proc is not None:
            if proc.is_alive():
                proc.kill()
            proc.join(5)

    def _ended(self) -> str:
        """Why the worker ended, in words (and forget it)."""
        proc = self.proc
        code = None
        if proc is not None:
            proc.join(5)
            code = proc.exitcode
        self._stop()
        if code is not None and code < 0:
            sig = -code
            if sig == getattr(signal, "SIGXCPU", None):
                return say("forfeit_cpu")
            name = signal.Signals(sig).name if sig in signal.valid_signals() else str(sig)
            return say("forfeit_killed", {"signal": name})
        return say("forfeit_crashed", {"code": code})

    def close(self) -> None:
        """End the worker (politely, then at once)."""
        conn = self.conn
        if conn is not None:
            with contextlib.suppress(OSError, ValueError):
                conn.send(("stop",))
        proc = self.proc
        if proc is not None:
            proc.join(0.5)
        self._stop()

    # -- games and moves ---------------------------------------------------------------------

    def new_game(self) -> None:
        """A fresh copy of the player for the next game (the worker started if need be).

        Raises:
            PlayerGone: when the worker cannot start or load the player.
        """
        if self.proc is None or not self.proc.is_alive():
            self._stop()
            self._start()
        try:
            self.conn.send(("new",))
        except (OSError, ValueError):
            reason = self._ended()
            raise PlayerGone("error", reason, 0.0) from None

    def choose(self, state, rng: random.Random):
        """(what the player returned, its rng's state after) for ``state``; ``rng`` is the
        game's generator, whose draws the player takes as if it ran here.

        Raises:
            PlayerGone: when the worker ends or is stopped (past the move's time).
            PlayerRaised: when the player's ``choose`` raised.
        """
        conn = self.conn
        t0 = time.perf_counter()
        try:
            conn.send(("choose", state, rng.getstate()))
            answered = conn.poll(self.wait)
        except (OSError, ValueError, EOFError):
            answered = True
        seconds = time.perf_counter() - t0
        if not answered:
            self._stop()
            raise PlayerGone("time", "", seconds)
        try:
            reply = conn.recv()
        except (EOFError, OSError):
            raise PlayerGone("error", self._ended(), time.perf_counter() - t0) from None
        except Exception as exc:  # a move whose class this process cannot load
            raise PlayerRaised(
                f"{type(exc).__name__} (its move could not be read)", time.perf_counter() - t0
            ) from None
        seconds = time.perf_counter() - t0
        if reply[0] == "raised":
            raise PlayerRaised(reply[1], seconds)
        return reply[1], reply[2], seconds
