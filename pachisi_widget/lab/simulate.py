"""Many-game simulation and its statistics (for the probability lessons).

:func:`simulate` plays whole games between computer players and returns a
:class:`SimulationResult`: wins per seat (per team with ``teams``), dead games, each game's
length and captures, win rates with 95% confidence intervals, a table.

Three ways to play play the very same games (the same seed gives the same result on each):

- ``"python"``: the rules engine itself (:class:`pachisi_widget.engine.Engine`), standard library
  only, every rule option and every player: the built-in players choose on the engine's own
  data; any other player (``expectimax``, a student's ``choose(state, rng)`` object) is shown
  the position as a :class:`~pachisi_widget.state.GameState`;
- ``"reference"``: the same engine seen only through immutable :class:`GameState` values, every
  player choosing on states (slower; a cross-check of the public API);
- ``"numpy"``: :mod:`pachisi_widget.lab.fastnp`, thousands of games in lock step (needs numpy;
  ``move_each_throw`` rules without ``split_throw`` or ``revenge_rule``, built-in players only),
  the only second implementation of the rules, checked action by action against the engine.

``engine="auto"`` takes numpy from :data:`NUMPY_MIN_GAMES` games on when it can play the setup
(below that, lock step does not pay), else python. Game ``i`` draws its
throws and its random agents' choices from ``random.Random(seeds[i])``, where ``seeds`` come
from ``random.Random(seed)`` (:func:`pachisi_widget.lab.seeds.iter_game_seeds`, drawn as the
games are played, never all at once); the opening throws decide who starts, as in
:class:`~pachisi_widget.game.Game`.

One call plays at most :data:`MAX_GAMES` games: the result keeps every game's winner, length and
captures (about a hundred bytes a game). Students' players (any object with
``choose(state, rng)``) play on the python engine; one that returns anything but a legal move,
or raises, stops the run with an error that names it.

``executor=`` (any :class:`concurrent.futures.Executor`: a process pool, a Dask distributed
``Client.get_executor()``) plays the games in chunks on its workers (:func:`run_chunks`); each
game keeps its own seed and the chunks' results are merged in game order, so the result is the
same, game for game, as without it, however many workers play and in whatever order they finish.
The players travel to the workers, so they must be picklable (built-ins by name) and must not
carry memory from one game to the next.

>>> import pachisi_widget as pw
>>> r = pw.simulate(40, seed=1, progress=False)
>>> r.games, sum(r.wins.values()) + r.dead
(40, 40)
>>> r == pw.simulate(40, seed=1, progress=False, engine="reference")
True
>>> r.win_rates()[0].low <= r.win_rates()[0].rate <= r.win_rates()[0].high
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import islice
from typing import NamedTuple

from .. import words
from ..agents import (
    FAST_AGENTS,
    Agent,
    check_agent,
)
from ..board import SEAT_NAMES
from ..checks import check_players
from ..engine import opening, short_repr, throw_cdf
from ..errors import say
from ..game import SEATS_FOR_PLAYERS, check_rules, check_seed
from ..rules import Rules
from .parallel import (
    Progress,
    as_executor,
    check_rows,
    chunk_size,
    executor_workers,
    run_chunks,
)
from .parallel import numpy_installed as _numpy_available  # tests make it answer False
from .playing import fast_agent_name, play_game, play_out, play_reference_game  # noqa: F401
from .seeds import iter_game_seeds
from .stats import WinRate, wilson_interval

__all__ = [
    "simulate",
    "SimulationResult",
    "GameLength",
    "WinRate",
    "ENGINES",
    "NUMPY_MIN_GAMES",
    "MAX_GAMES",
    "iter_game_seeds",
    "play_game",
    "play_out",
    "wilson_interval",
    "run_chunks",
    "as_executor",
    "executor_workers",
    "chunk_size",
    "fast_agent_name",
]

ENGINES = ("auto", "numpy", "python", "reference")
"""Values of ``simulate(engine=...)``."""

NUMPY_MIN_GAMES = 100
"""From this many games on, ``engine="auto"`` prefers numpy (when installed and able)."""

MAX_GAMES = 10_000_000
"""The most games one :func:`simulate` call plays. Its result keeps every game's winner, turns,
throws and captures (about a hundred bytes a game, a gigabyte at this bound); a bigger study
runs as several calls with different seeds, or on an executor that gathers the counts."""


class GameLength(NamedTuple):
    """How long one game was."""

    turns: int
    """Turns begun (a turn is one seat's throws and moves until play passes on)."""
    throws: int
    """Throws of the cowries (the opening throws not counted)."""


@dataclass(frozen=True)
class SimulationResult:
    """What :func:`simulate` found. Per-game tuples are in game order.

    ``wins`` maps each seat in play (with ``teams``: each team, (0, 2) and (1, 3)) to its wins;
    ``dead`` (alias ``draws``) counts games that ended with nobody able to move; so
    ``sum(wins.values()) + dead == games``.
    """

    games: int
    """How many games were played."""
    rules: Rules
    """The rules they were played under."""
    seats: tuple
    """The seats in play."""
    agents: tuple
    """The agent of each seat in play (names, or repr of agent objects), in ``seats`` order."""
    seed: int
    """The seed (drawn at random when none was given): the same seed replays the same games."""
    engine: str = field(compare=False)
    """Which engine played: ``"numpy"``, ``"python"`` or ``"reference"`` (not compared)."""
    winners: tuple = field(repr=False)
    """Per game: the winning seat, the winning team's tuple, or None for a dead game."""
    turns: tuple = field(repr=False)
    """Per game: turns begun."""
    throws: tuple = field(repr=False)
    """Per game: throws made (opening throws not counted)."""
    captures: tuple = field(repr=False)
    """Per game: capturing moves (one move taking several pieces is one capture)."""

    @property
    def starters(self) -> tuple:
        """Per game: the seat that threw first. Each game draws its opening throws first from its
        own seeded generator, so they are replayed here (as :class:`pachisi_widget.Game` draws
        them) rather than stored."""
        cdf = throw_cdf(self.rules)
        return tuple(
            opening(self.rules, self.seats, random.Random(s), cdf)
            for s in islice(iter_game_seeds(self.seed), self.games)
        )

    __hash__ = None  # type: ignore[assignment]

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def sides(self) -> tuple:
        """What ``wins`` is keyed by: the seats in play, or the two teams."""
        return ((0, 2), (1, 3)) if self.rules.teams else self.seats

    @property
    def wins(self) -> dict:
        """Wins per seat (per team with ``teams``)."""
        out = {s: 0 for s in self.sides}
        for w in self.winners:
            if w is not None:
                out[w] += 1
        return out

    @property
    def dead(self) -> int:
        """Games that ended in a dead position (no winner)."""
        return sum(1 for w in self.winners if w is None)

    @property
    def draws(self) -> int:
        """Same as :attr:`dead`."""
        return self.dead

    @property
    def lengths(self) -> list:
        """Per game: a :class:`GameLength` (turns, throws)."""
        return [GameLength(t, n) for t, n in zip(self.turns, self.throws, strict=False)]

    @property
    def mean_turns(self) -> float:
        return sum(self.turns) / self.games if self.games else 0.0

    @property
    def mean_throws(self) -> float:
        return sum(self.throws) / self.games if self.games else 0.0

    @property
    def mean_captures(self) -> float:
        return sum(self.captures) / self.games if self.games else 0.0

    def win_rates(self) -> dict:
        """Per seat (or team): its :class:`WinRate` with the 95% confidence interval."""
        return {s: wilson_interval(k, self.games) for s, k in self.wins.items()}

    def _side_name(self, side, lang: str = "en") -> str:
        def name(s):
            return SEAT_NAMES[s] if lang == "en" else words.seat_label(s, lang)

        if isinstance(side, tuple):
            return "+".join(name(s) for s in side)
        return name(side)

    def _side_agent(self, side, lang: str = "en") -> str:
        by_seat = dict(zip(self.seats, self.agents, strict=False))
        if isinstance(side, tuple):
            return "+".join(words.player_name(by_seat[s], lang) for s in side)
        return words.player_name(by_seat[side], lang)

    def to_table(self, lang: str | None = None) -> list:
        """One row (a dict) per seat or team, then one for dead games: ``side``, ``agent``,
        ``wins``, ``win_rate``, ``ci_low``, ``ci_high`` (the 95% confidence interval). The seats
        and the computer players are named in ``lang`` (default: the session's language,
        :func:`pachisi_widget.set_language`)."""
        lang = words.language() if lang is None else lang
        rows = []
        for side, k in self.wins.items():
            r = wilson_interval(k, self.games)
            rows.append(
                {
                    "side": self._side_name(side, lang),
                    "agent": self._side_agent(side, lang),
                    "wins": k,
                    "win_rate": r.rate,
                    "ci_low": r.low,
                    "ci_high": r.high,
                }
            )
        r = wilson_interval(self.dead, self.games)
        rows.append(
            {
                "side": words.text("sim_dead", {}, lang),
                "agent": "",
                "wins": self.dead,
                "win_rate": r.rate,
                "ci_low": r.low,
                "ci_high": r.high,
            }
        )
        return rows

    def to_dataframe(self):
        """:meth:`to_table` as a pandas DataFrame when pandas is installed, else the list."""
        rows = self.to_table()
        try:
            import pandas as pd
        except ImportError:
            return rows
        return pd.DataFrame(rows)

    def __str__(self) -> str:
        return self.summary()

    def summary(self, lang: str | None = None) -> str:
        """What :func:`print` shows: the games, their rules and means, then one line per seat
        (or team) and one for dead games, in ``lang`` (default: the session's language)."""
        lang = words.language() if lang is None else lang
        english = lang == "en"
        params = {
            "games": self.games,
            "rules": self.rules.describe() if english else words.rules_text(self.rules, lang),
            "players": self.players,
            "seed": self.seed,
            "engine": self.engine,
            "turns": words.number(self.mean_turns, lang, ".1f"),
            "throws": words.number(self.mean_throws, lang, ".1f"),
            "captures": words.number(self.mean_captures, lang, ".2f"),
        }
        lines = [words.text("sim_head", params, lang)]
        for row in self.to_table(lang):
            rate = words.percent(row["win_rate"], lang, places=1)
            lines.append(
                f"  {row['side']:<12} {row['agent']:<28} {row['wins']:>7}  "
                f"{rate:>6}  {words.interval(row['ci_low'], row['ci_high'], lang)}"
            )
        return "\n".join(lines)


def _check_agent(agent) -> Agent:
    """A player for one seat: a built-in name, or an object with a ``choose`` method."""
    return check_agent(agent)


def _check_numbers(games, players, rules, engine) -> None:
    """Refuse a bad number of games or players, teams without 4 players, or an unknown engine
    (ValueError)."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(say("arg_sim_games", {"got": short_repr(games)}))
    if games > MAX_GAMES:
        params = {"most": MAX_GAMES, "got": short_repr(games, 40)}
        raise ValueError(say("arg_sim_games_max", params))
    check_players(players, rules)
    if not isinstance(engine, str) or engine not in ENGINES:
        raise ValueError(
            say("arg_sim_engine", {"names": ", ".join(ENGINES), "got": short_repr(engine)})
        )


def _agent_list(agents, players: int) -> list:
    """One agent (name or object) per seat in play."""
    if agents is None:
        return ["random"] * players
    if isinstance(agents, (str, Agent)) or hasattr(agents, "choose"):
        return [agents] * players
    if isinstance(agents, (list, tuple)):
        if len(agents) != players:
            raise ValueError(say("arg_sim_agents_count", {"players": players, "got": len(agents)}))
        return list(agents)
    raise TypeError(say("arg_sim_agents", {"got": short_repr(agents)}))


def _engine_for(engine: str, rules, names: list, labels: tuple, games: int) -> str:
    """The engine that plays: ``engine``, or for ``"auto"`` numpy when it can and pays.

    Raises:
        ValueError: for the numpy engine with players or rules it does not play.
    """
    fast = all(n is not None for n in names)
    if engine == "auto":
        if fast and games >= NUMPY_MIN_GAMES and _numpy_available():
            from . import fastnp

            if fastnp.supports(rules, names):
                return "numpy"
        return "python"
    if engine == "numpy" and not fast:
        raise ValueError(
            f"the numpy engine plays only the agents {', '.join(FAST_AGENTS)}; "
            f"use engine='python' for {labels}"
        )
    if engine == "numpy":
        from . import fastnp

        if not fastnp.supports(rules, names):
            raise ValueError(
                "the numpy engine plays move_each_throw rules without split_throw or "
                f"revenge_rule; use engine='python' for {rules.describe()}"
            )
    return engine


def simulate(
    games: int,
    rules=None,
    agents=None,
    seed: int | None = None,
    players: int = 4,
    progress=None,
    engine: str = "auto",
    batch: int = 4096,
    executor=None,
) -> SimulationResult:
    """Play ``games`` whole games and collect the results.

    Args:
        games: how many games, 0..:data:`MAX_GAMES`.
        rules: a :class:`Rules`, a preset name, or None for the classic game.
        agents: None (every seat random), one name or agent for every seat, or a list with one
            per seat in play (S, E, N, W order; 2 players take S and N, 3 take S, E, N). Names
            are those of :data:`pachisi_widget.agents.AGENTS`.
        seed: the same seed gives the same games (None: a random seed, kept in the result).
        players: 2, 3 or 4 (``teams`` needs 4).
        progress: show a tqdm progress bar (when tqdm is installed): True, False, or None for
            long runs only.
        engine: ``"auto"``, ``"numpy"``, ``"python"`` or ``"reference"`` (see the module text).
        batch: games played at once by the numpy engine (results do not depend on it).
        executor: None (this process), or a :class:`concurrent.futures.Executor` (a process
            pool, a Dask ``Client.get_executor()``; a Dask ``Client`` is taken as its executor):
            the games are played in chunks on its workers, with the same result.

    Raises:
        ValueError: for a bad number of games (more than :data:`MAX_GAMES` included) or
            players, a bad batch, unknown agents, agents that do not match the seats, or an
            engine that cannot play the setup.
        TypeError: for rules, a seed, agents or an executor of the wrong type, or a player that
            cannot be sent to the executor's workers.
        RuntimeError: when a chunk fails on the executor (a process pool's worker died).
        IllegalMoveError: naming the player, when a player returns anything but a legal move.
        PachisiError: naming the player, when a player's ``choose`` raises.
    """
    rules = check_rules(rules)
    _check_numbers(games, players, rules, engine)
    seed = check_seed(seed)
    executor = as_executor(executor)
    if isinstance(batch, bool) or not isinstance(batch, int) or not 1 <= batch <= 1_000_000:
        raise ValueError(say("arg_sim_batch", {"got": short_repr(batch)}))
    seats = SEATS_FOR_PLAYERS[players]
    agents = _agent_list(agents, players)
    objs = [_check_agent(a) for a in agents]
    names = [fast_agent_name(a) for a in agents]
    labels = tuple(
        a if isinstance(a, str) else getattr(a, "name", repr(a)) if n else repr(a)
        for a, n in zip(agents, names, strict=False)
    )
    engine = _engine_for(engine, rules, names, labels, games)
    seeds = islice(iter_game_seeds(seed), games)  # drawn as the games are played
    if progress is None:
        progress = games >= {"numpy": 20000, "python": 1000, "reference": 200}[engine]
    bar = Progress(games, bool(progress), "simulating") if progress else None
    try:
        if executor is not None:
            rows = _run_chunked(
                executor,
                engine,
                rules,
                seats,
                names if engine == "numpy" else objs,
                seeds,
                games,
                bar,
                batch,
            )
        elif engine == "numpy":
            rows = _run_numpy(rules, seats, names, seeds, bar, batch)
        elif engine == "python":
            rows = _run_python(rules, seats, objs, seeds, bar)
        else:
            rows = _run_reference(rules, seats, objs, seeds, bar)
    finally:
        if bar is not None:
            bar.close()
    winners, turns, throws, caps = rows
    return SimulationResult(
        games,
        rules,
        seats,
        labels,
        seed,
        engine,
        tuple(winners),
        tuple(turns),
        tuple(throws),
        tuple(caps),
    )


def _run_numpy(rules, seats, names, seeds, bar, batch):
    from . import fastnp

    winners, turns, throws, caps = [], [], [], []
    decode = {-1: None, 4: (0, 2), 5: (1, 3)}
    while True:
        part = list(islice(seeds, batch))  # one batch's seeds at a time
        if not part:
            break
        out = fastnp.run_batch(rules, seats, names, part)
        winners.extend(decode.get(w, w) for w in out["winner"].tolist())
        turns.extend(out["turns"].tolist())
        throws.extend(out["throws"].tolist())
        caps.extend(out["captures"].tolist())
        if bar is not None:
            bar.update(len(part))
    return winners, turns, throws, caps


def _run_python(rules, seats, objs, seeds, bar):
    winners, turns, throws, caps = [], [], [], []
    cdf = throw_cdf(rules)
    for s in seeds:
        g = play_game(rules, seats, objs, random.Random(s), cdf=cdf)
        winners.append(g.winner)
        turns.append(g.turn + 1)
        throws.append(g.throws)
        caps.append(g.capture_moves)
        if bar is not None:
            bar.update(1)
    return winners, turns, throws, caps


def _run_reference(rules, seats, objs, seeds, bar):
    winners, turns, throws, caps = [], [], [], []
    cdf = throw_cdf(rules)
    for s in seeds:
        state, n, c = play_reference_game(rules, seats, objs, random.Random(s), cdf)
        winners.append(state.winner)
        turns.append(state.turn + 1)
        throws.append(n)
        caps.append(c)
        if bar is not None:
            bar.update(1)
    return winners, turns, throws, caps


# -- many games on an executor (processes, a Dask cluster) -----------------------------------------


_CHUNK_SIZES = {"numpy": (1024, 8192), "python": (5, 500), "reference": (5, 100)}
"""Smallest and largest chunk per engine (the largest: a second or two of work)."""


class _SimJob(NamedTuple):
    engine: str
    rules: Rules
    seats: tuple
    agents: tuple  # names for numpy, agent objects otherwise
    seeds: tuple
    batch: int


def _sim_chunk(job: _SimJob) -> tuple:
    """One chunk of a simulation, on any worker: (its seeds, winners, turns, throws, captures)."""
    seeds = iter(job.seeds)
    if job.engine == "numpy":
        rows = _run_numpy(job.rules, job.seats, job.agents, seeds, None, job.batch)
    elif job.engine == "python":
        rows = _run_python(job.rules, job.seats, job.agents, seeds, None)
    else:
        rows = _run_reference(job.rules, job.seats, job.agents, seeds, None)
    return (job.seeds, *rows)


def _run_chunked(executor, engine, rules, seats, agents, seeds, games, bar, batch):
    least, most = _CHUNK_SIZES[engine]
    size = chunk_size(games, executor_workers(executor), most, least)
    jobs = (
        _SimJob(engine, rules, seats, tuple(agents), tuple(islice(seeds, size)), batch)
        for _ in range(-(-games // size))
    )
    parts = run_chunks(
        _sim_chunk,
        jobs,
        executor,
        None if bar is None else (lambda part: bar.update(len(part[0]))),
        check=lambda i, job, part: check_rows(i, i * size, job.seeds, part, 4),
    )
    rows: tuple = ([], [], [], [])
    for part in parts:
        for row, values in zip(rows, part[1:], strict=True):
            row.extend(values)
    return rows
