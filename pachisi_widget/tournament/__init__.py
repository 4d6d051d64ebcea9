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

import sys
import types

from ..lab.stats import fit_ratings
from .check import CheckReport, Problem, check_agent
from .play import Forfeit, PlayerForfeit, from_folder, tournament
from .players import (
    MOVE_TIME,
    TEMPLATE,
    TEMPLATES,
    PlayerFileError,
    load_folder,
    load_player,
    new_player,
    template,
)
from .ratings import Rating
from .result import TournamentResult

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
    "TEMPLATES",
    "template",
]


# ``pw.tournament(...)`` calls the function: the package itself is callable, so the package's
# attribute and the module are one object (workers import its parts by name to run the games).
class _CallableModule(types.ModuleType):
    def __call__(self, *args, **kwargs) -> TournamentResult:
        return tournament(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
