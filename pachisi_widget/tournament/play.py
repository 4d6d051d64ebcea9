"""Playing a tournament: every pairing or table, each deal once per rotation of the seats, in
chunks on any executor (:mod:`~pachisi_widget.tournament.games` plays each chunk: each student's
move timed, checked and turned into a forfeit when it fails).
"""

from __future__ import annotations

import dataclasses
import inspect
import math
import pathlib
import time
from dataclasses import dataclass, field
from itertools import combinations, islice

from .. import words
from ..engine import short_repr
from ..errors import say
from ..game import SEATS_FOR_PLAYERS, check_rules, check_seed
from ..lab import parallel
from ..lab.seeds import iter_game_seeds
from .games import (  # the helpers check.py imports from here are re-exported
    _ALARM_GRACE,  # noqa: F401
    _SERVERS,
    PlayerForfeit,  # noqa: F401
    _close_servers,
    _forfeit_text,
    _Job,
    _move_text,  # noqa: F401
    _MoveTimeout,  # noqa: F401
    _on_alarm,  # noqa: F401
    _play_chunk,
    _template,  # noqa: F401
    _unfinished,
    _why_illegal,  # noqa: F401
)
from .players import MOVE_TIME, _entrants, load_folder, shown_names
from .result import TournamentResult

_PLAYERS = (2, 4)
"""Players per game in a tournament (every player for itself, every seat equally often)."""
MAX_GAMES = 1_000_000
"""The most games a tournament plays (all pairings or tables together): more is refused before
anything is planned (a tournament's games are played by students' players, in Python)."""
MAX_ENTRANTS = 1_000
"""The most entrants a tournament takes."""


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
    isolate: bool = True,
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
        isolate: True (the default): each student's player (a file, or an object whose class
            a fresh interpreter can import) is asked its moves in a worker process of its own,
            with limits on its memory and processor time and each move timed from outside
            (:mod:`pachisi_widget.tournament.isolation`: what that protects and what it does
            not); a player that ends or hangs its worker forfeits that game, named, and the
            other results stand (where processes cannot start processes, as in a Dask
            worker, players play in that worker). False: players run where the games run,
            timed by a signal.

    Raises:
        ValueError: for too few entrants or more than :data:`MAX_ENTRANTS`, a bad number of
            games or players, more than :data:`MAX_GAMES` games in all (refused before anything
            is loaded), an unknown built-in, team rules, or a player file that cannot be loaded
            (:class:`PlayerFileError`).
        RuntimeError: when a chunk fails on the executor, or comes back other than it was sent
            (short, twice over, another chunk's games): the error says which chunk.
        TypeError: for entrants, rules, seed or executor of the wrong type.
    """
    rules = check_rules(rules)
    move_time, chunk, chunk_timeout = _check_numbers(
        rules, games, players, move_time, chunk, chunk_timeout
    )
    seed = check_seed(seed)
    _check_size(entrants, games, players)
    ents = _entrants(entrants)
    if len(ents) < players:
        raise ValueError(say("arg_tour_entrants", {"players": players, "got": len(ents)}))
    executor = parallel.as_executor(executor)
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
        size = parallel.chunk_size(total, parallel.executor_workers(executor), 250)
    jobs = [
        _Job(
            rules,
            seats,
            ents,
            tuple(items[i : i + size]),
            move_time,
            executor is not None,
            bool(isolate),
            chunk_timeout,
            words.language(),
        )
        for i in range(0, total, size)
    ]
    names = tuple(e.name for e in ents)
    show = progress if progress is not None else total >= 1000
    t0 = time.perf_counter()
    if executor is None:
        _SERVERS[id(ents)] = {}
    try:
        with parallel.Progress(total, show, "tournament") as bar:
            chunks = _run(jobs, executor, bar, chunk_timeout, names, size)
    finally:
        _close_servers(_SERVERS.pop(id(ents), {}))
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
        shown_names(ents),
    )


def _run(jobs, executor, bar, chunk_timeout, names, size) -> list:
    """The chunks' results (:func:`~pachisi_widget.lab.parallel.run_chunks`), each checked."""
    return parallel.run_chunks(
        _play_chunk,
        jobs,
        executor,
        lambda part: bar.update(len(part[1])),
        chunk_timeout,
        lambda job: _unfinished(job, chunk_timeout, names),
        lambda i, job, part: _check_chunk(i, i * size, job, part),
    )


def _check_size(entrants, games: int, players: int) -> None:
    """Refuse, before anything is loaded or planned, more than :data:`MAX_ENTRANTS` entrants or
    more than :data:`MAX_GAMES` games in all (ValueError, with the figures)."""
    try:
        n = len(entrants)
    except TypeError:
        return  # not a dict or a list: _entrants says so
    if n > MAX_ENTRANTS:
        raise ValueError(
            f"a tournament takes at most {MAX_ENTRANTS:,} entrants, not {n:,}: hold heats "
            "(tournaments of parts of the class), then a final"
        )
    total = math.comb(n, players) * games
    if total > MAX_GAMES:
        raise ValueError(
            f"{n:,} entrants in {players}-player games, {games:,} games per "
            f"{'pairing' if players == 2 else 'table'}, make {total:,} games: more than the "
            f"{MAX_GAMES:,} a tournament plays; use fewer games or fewer entrants"
        )


def _check_chunk(index: int, first: int, job: _Job, part) -> None:
    """A chunk's result as its job asked (:func:`~pachisi_widget.lab.parallel.check_rows`), each
    game's row ``(winning seat or None, turns, forfeit or None)`` well formed."""
    parallel.check_rows(index, first, tuple(s for _, s in job.items), part, 1)
    seats = job.seats
    for k, row in enumerate(part[1]):
        ok = (
            isinstance(row, tuple)
            and len(row) == 3
            and (row[0] is None or row[0] in seats)
            and type(row[1]) is int
            and (row[2] is None or (isinstance(row[2], tuple) and len(row[2]) == 6))
        )
        if not ok:
            raise parallel.wrong_chunk(
                index, first, len(job.items), f"game {first + k} reads {short_repr(row, 60)}"
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
    for _seeds, part in chunks:
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
    # a built-in opponent is called by its name, or "name (built-in)" when a student's file
    # has its name; a file that takes the second name is left out (reported): never replaced
    reserved = {f"{name} (built-in)": name for name in opponents}
    entrants = {}
    for stem, path in loaded.items():
        if stem in reserved:
            problems[pathlib.Path(path).name] = (
                f"{pathlib.Path(path).name}: its name is the one the built-in player "
                f"{reserved[stem]!r} plays under in this tournament: rename the file"
            )
        else:
            entrants[stem] = path
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
