"""The coach: each legal move's chance to win, and a tutor's verdict on a move, in words.

:func:`evaluate` plays the rest of the game many times from the position after each legal move
(*rollouts*), every seat played by a chosen computer player (``policy``), and counts how often
the seat to move wins (its team, with ``teams``; a dead game counts as not won). Each move gets
its chance to win with a 95% interval (Wilson), best first, as GNU Backgammon's hint lists them.

- **Common random numbers.** Rollout ``i`` of every move draws its throws from one and the same
  seeded generator (the ``i``-th of :func:`~pachisi_widget.fastnp.iter_game_seeds`), so two
  moves are compared on the same throws. Each move's distance from the best is measured on those
  pairs, and its interval (``loss_low``, ``loss_high``) is much narrower than the two moves'
  separate intervals would suggest.
- **Exact shortcuts.** A move that wins the game is worth 1; a position where every piece left
  is in its own home column (steps 77..83: no piece can ever meet another) is a pure race, whose
  chance is computed exactly, for the same players, from the exact throw odds (a race that can
  no longer be won, a piece stuck on step 83 without a last-square release, is worth 0).
- **Two engines.** ``engine="numpy"`` plays the rollouts of every move in lock step, in one
  batch that new games join as others end (:class:`pachisi_widget.fastnp.Rollouts`);
  ``engine="python"`` plays them on the rules engine (standard library only: JupyterLite). Both
  play the very same games from the same seed, so with the same rollouts they give the same
  numbers. ``"auto"`` takes numpy when it is installed and can play the rules.
- **As many rollouts as the interval needs.** With ``rollouts=None`` on the numpy engine every
  move first gets enough rollouts for a chance of one in the number of sides (a fair share);
  a move whose 95% interval is then still wider than ±3 points (:data:`TARGET`) gets more, as
  many as the chance seen needs, asked for while the first games are still being played. A
  move's chance is still the plain rate of its first rollouts, and its interval the Wilson
  interval of that count.
- **Budget and progress.** ``budget`` (seconds) stops the rollouts early: the result says so
  (:attr:`Evaluation.complete`) and its intervals are as wide as the rollouts played make them
  (on the numpy engine the games being played when it runs out still end, so that every move
  keeps the games of its first seeds, never only the games that happened to end first).
  ``progress(done, total)`` is called as rollouts finish (per move), so a page can show that it
  is working.

:func:`verdict` is the tutor: after a move it says whether that move gave up more than
``margin`` of the chance to win against the best move, grades it (inaccuracy, mistake, blunder
at 1, 2 and 3 times the margin: with the default 0.05 these are lichess's 5, 10 and 15 points;
never while the paired interval of the loss still holds 0, so that too few rollouts do not blame
a move for their own noise),
names the better move and says why in words (a capture, the safety of a castle or of the home
column, a danger avoided with the exact chance of being hit from
:func:`pachisi_widget.probability.hit_chance`, a piece brought in or home, more progress), in
English and Romanian.

>>> import pachisi_widget as pw
>>> g = pw.Game.from_position([[84, 84, 84, 26], None, [84, 84, 50, 64], None], seed=1)
>>> _ = g.throw(up=4)                 # South throws 4: South's step 30 is North's 64
>>> ev = evaluate(g.state, rollouts=100, engine="python")
>>> [str(mc.move) for mc in ev]
['South piece 3 moves 26->30 with 4 capturing 1', 'South passes']
>>> v = verdict(g.state, ev.moves[1].move, evaluation=ev)
>>> print(v.text())  # doctest: +ELLIPSIS
Blunder: passing lowers the chance to win from ...% to ...%. Better is the move from step 26
to step 30 with the 4. It captures a piece of North on step 30. ...
>>> print(v.text("ro"))  # doctest: +ELLIPSIS
Greșeală gravă: trecerea scade șansa de câștig de la ...% la ...%. Mai bună este mutarea de
pe pătratul 26 pe pătratul 30 cu aruncarea de 4. Aceasta capturează o piesă a lui Nord pe
pătratul 30. ...
"""

from __future__ import annotations

import math
import random
import time
from bisect import bisect_right
from dataclasses import dataclass, field
from html import escape
from itertools import islice
from typing import NamedTuple

from .agents import (
    AGENTS,
    Agent,
    can_wait,
    greedy_index,
    reach_values,
    runner_index,
    waiter_index,
)
from .board import HOME
from .engine import Move, team_of
from .errors import PachisiError
from .fastnp import iter_game_seeds
from .i18n import LANGUAGES, Message, number, text
from .probability import hit_chance
from .simulate import _agent_name, play_out, wilson_interval
from .state import GameState
from .tables import IS_CASTLE, ON_LOOP_LAST
from .throws import up_distribution

__all__ = [
    "evaluate",
    "verdict",
    "Evaluation",
    "MoveChance",
    "Verdict",
    "CoachError",
    "ENGINES",
    "DEFAULT_ROLLOUTS",
    "GRADES",
    "MAX_ROLLOUTS",
    "TARGET",
]

ENGINES = ("auto", "numpy", "python")
"""Values of ``evaluate(engine=...)``."""

DEFAULT_ROLLOUTS = {"python": 100}
"""Rollouts per move when none are asked for on the pure-Python engine (JupyterLite): few
enough to answer in seconds, with intervals of about ±10 points, shown as they are. On the numpy
engine the rollouts go on until every interval is within ±:data:`TARGET` (3 points)."""

TARGET = 0.03
"""With ``rollouts=None`` on the numpy engine, rollouts go on until every move's 95% interval is
within ± this (3 points), or :data:`ADAPTIVE_MAX` rollouts per move."""

ADAPTIVE_MAX = 20_000
_ADAPTIVE_LEAST = 64

_BATCH_LEAST, _BATCH_MAX = 2048, 8192
"""Games played at once on the numpy engine (the first plan's, within these bounds; with a
budget, the least: the games being played when it runs out still end)."""
_REPLAN = 64
"""Games over between two looks at the plan, once every game asked for is playing."""

MAX_ROLLOUTS = 1_000_000
"""The most rollouts per move one call plays."""

GRADES = ((3, "blunder"), (2, "mistake"), (1, "inaccuracy"))
"""A move that gives up more than ``k`` times the margin of winning chance gets the grade."""

_Z95 = 1.959963984540054
_RACE_FROM = ON_LOOP_LAST + 1
"""Steps 77..83 are a seat's own home column: a piece there never meets another."""
_RACE_TAIL = 1e-12
"""A race is computed until less than this much probability is left undecided."""
_RACE_ROUNDS = 20_000
_COLUMNS = ("coach_col_move", "coach_col_chance", "coach_col_interval", "coach_col_loss",
            "coach_col_rollouts")
_PYTHON_CHUNK = 1


class CoachError(PachisiError, ValueError):
    """A call to the coach with an argument it cannot use; ``code`` names the sentence."""


# -- results ------------------------------------------------------------------------------------


class MoveChance(NamedTuple):
    """One legal move and the chance to win after it."""

    move: Move | None
    """The move (None for the position itself, when a throw is due or the game is over)."""
    chance: float
    """Estimated chance that the seat to move (its team, with teams) wins."""
    low: float
    """Lower end of the 95% interval (Wilson; equal to ``chance`` when exact)."""
    high: float
    """Upper end of the 95% interval."""
    rollouts: int
    """Games played on from this move (0 when exact)."""
    exact: bool
    """Whether ``chance`` is exact (a won game, a pure race) rather than estimated."""
    loss: float = 0.0
    """How much less than the best move's chance (0 for the best move)."""
    loss_low: float = 0.0
    """Lower end of the 95% interval of ``loss``, from the paired rollouts (common random
    numbers)."""
    loss_high: float = 0.0
    """Upper end of the 95% interval of ``loss``."""

    @property
    def half_width(self) -> float:
        """Half the width of the 95% interval of ``chance``."""
        return (self.high - self.low) / 2


def _pct(x: float, lang: str = "en") -> str:
    """A probability as a percentage: whole percents, one decimal below 1%."""
    v = 100 * x
    if 0 < v < 1:
        return f"{number(round(v, 1), lang)}%"
    return f"{round(v)}%"


def _move_message(m: Move | None) -> Message:
    if m is None or m.kind == "pass":
        return Message("coach_move_pass", {})
    if m.kind == "enter":
        return Message("coach_move_enter", {"end": m.end, "value": m.value})
    return Message("coach_move", {"start": m.start, "end": m.end, "value": m.value})


def move_text(m: Move | None, lang: str = "en") -> str:
    """A move in words, as the coach names it ("the move from step 12 to step 16 with the 4")."""
    msg = _move_message(m)
    return text(msg.code, msg.params, lang)


@dataclass(frozen=True)
class Evaluation:
    """What :func:`evaluate` found: every legal move with its chance to win, best first.

    Iterating gives the :class:`MoveChance` of each move; :attr:`best` is the first.
    """

    state: GameState = field(repr=False)
    """The position evaluated."""
    seat: int
    """The seat whose chance is counted: the seat to move."""
    side: tuple
    """The seats that win with it: ``(seat,)``, or its team with teams."""
    moves: tuple
    """A :class:`MoveChance` per legal move, best first (ties in the engine's move order); empty
    when a throw is due or the game is over (see :attr:`position`)."""
    position: MoveChance | None
    """When a throw is due or the game is over: the chance of the position itself."""
    note: str | None
    """``"only_move"``, ``"throw_due"``, ``"over"`` or None: what kind of answer this is."""
    policy: tuple
    """The player of each seat in play during the rollouts (names)."""
    engine: str
    """``"numpy"``, ``"python"``, or ``"exact"`` when no rollout was needed."""
    seed: int
    """The seed of the rollouts: the same seed gives the same numbers."""
    rollouts: int
    """Rollouts played per estimated move (the fewest of any move: with ``rollouts=None`` on
    the numpy engine a move whose interval needs more gets more; each move's own count is
    :attr:`MoveChance.rollouts`)."""
    requested: int
    """Rollouts per move asked for (``rollouts`` is smaller when the budget ran out)."""
    elapsed: float = field(compare=False)
    """Seconds the evaluation took."""

    @property
    def complete(self) -> bool:
        """Whether every rollout asked for was played (False: the budget ran out first)."""
        return self.rollouts >= self.requested

    @property
    def best(self) -> MoveChance | None:
        """The move with the highest chance to win (None when there is no move to choose)."""
        return self.moves[0] if self.moves else None

    def __iter__(self):
        return iter(self.moves)

    def __len__(self) -> int:
        return len(self.moves)

    def find(self, move) -> MoveChance | None:
        """The :class:`MoveChance` of ``move`` (matched by its key), or None."""
        if not isinstance(move, Move):
            return None
        for mc in self.moves:
            if mc.move.key == move.key:
                return mc
        return None

    def notes(self, lang: str = "en") -> list:
        """What a reader should know beside the table, as sentences in ``lang``."""
        out = []
        if self.note == "over":
            w = self.state.winner
            if w is None:
                out.append(text("coach_note_dead", {}, lang))
            elif isinstance(w, tuple):
                out.append(text("coach_note_team_over", {"seat": w[0], "partner": w[1]}, lang))
            else:
                out.append(text("coach_note_over", {"seat": w}, lang))
        elif self.note == "throw_due":
            pos = self.position
            params = {"seat": self.seat, "chance": _pct(pos.chance, lang)}
            out.append(text("coach_note_throw", params, lang))
        elif self.note == "only_move":
            out.append(text("coach_note_only_move", {"seat": self.seat}, lang))
        if not self.complete:
            params = {"done": self.rollouts, "total": self.requested}
            out.append(text("coach_note_budget", params, lang))
        return out

    def rows(self, lang: str = "en") -> list:
        """One dict per move, best first: ``move`` (in words), ``chance``, ``low``, ``high``,
        ``loss``, ``loss_low``, ``loss_high``, ``rollouts``, ``exact``."""
        return [dict(mc._asdict(), move=move_text(mc.move, lang)) for mc in self.moves]

    def to_text(self, lang: str = "en") -> str:
        """The table as plain text."""
        head = [text(c, {}, lang) for c in _COLUMNS]
        rows = [self._cells(mc, lang) for mc in self.moves]
        if self.position is not None:
            rows.append(self._cells(self.position, lang))
        widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
        lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()
                 for r in [head, *rows]]
        return "\n".join([*lines, *self.notes(lang)])

    def _cells(self, mc: MoveChance, lang: str) -> list:
        exact = text("coach_exact", {}, lang)
        what = move_text(mc.move, lang) if mc.move is not None else text("coach_position", {}, lang)
        interval = exact if mc.exact else f"{_pct(mc.low, lang)}–{_pct(mc.high, lang)}"
        if mc is self.best or mc.move is None:
            loss = ""
        elif mc.rollouts and self.best.rollouts:
            low, high = (number(round(100 * x, 1), lang) for x in (mc.loss_low, mc.loss_high))
            loss = f"{number(round(100 * mc.loss, 1), lang)} ({low}…{high})"
        else:
            loss = number(round(100 * mc.loss, 1), lang)
        games = exact if mc.exact else str(mc.rollouts)
        return [what, _pct(mc.chance, lang), interval, loss, games]

    def __str__(self) -> str:
        return self.to_text("en")

    def to_html(self, lang: str = "en") -> str:
        """The table as a small HTML table (notebooks show it)."""
        head = "".join(f"<th>{escape(text(c, {}, lang))}</th>" for c in _COLUMNS)
        rows = [self._cells(mc, lang) for mc in self.moves]
        if self.position is not None:
            rows.append(self._cells(self.position, lang))
        body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in r) + "</tr>" for r in rows)
        notes = "".join(f"<p>{escape(n)}</p>" for n in self.notes(lang))
        return (f'<div class="pachisi-coach"><table><thead><tr>{head}</tr></thead>'
                f"<tbody>{body}</tbody></table>{notes}</div>")

    def _repr_html_(self) -> str:
        return self.to_html("en")


@dataclass(frozen=True)
class Verdict:
    """The tutor's judgement of one move: how much winning chance it gave up, and why."""

    played: MoveChance
    """The move played, with its chance."""
    better: MoveChance | None
    """The best move (None when the move played is the best, or the only one)."""
    margin: float
    """Winning chance a move may give up before the tutor speaks."""
    grade: str | None
    """``"inaccuracy"``, ``"mistake"``, ``"blunder"`` (more than 1, 2, 3 times the margin), or
    None."""
    reasons: tuple
    """Why the better move is better: :class:`~pachisi_widget.i18n.Message` values (codes
    ``coach_why_*``), the strongest first."""
    evaluation: Evaluation = field(repr=False)
    """The evaluation the verdict is drawn from."""

    @property
    def loss(self) -> float:
        """Winning chance the move gave up against the best (0 for the best)."""
        return self.played.loss

    @property
    def is_mistake(self) -> bool:
        """Whether the move gave up more than the margin."""
        return self.grade is not None

    def text(self, lang: str = "en") -> str:
        """The verdict in words, in ``lang`` ("en" or "ro")."""
        _check_lang(lang)
        ev = self.evaluation
        played = move_text(self.played.move, lang)
        if ev.note == "only_move":
            return text("coach_only", {"move": played}, lang)
        chance = _pct(self.played.chance, lang)
        if self.better is None:
            return text("coach_best", {"move": played, "chance": chance}, lang)
        best = _pct(self.better.chance, lang)
        if self.grade is None:
            return text("coach_close", {"move": played, "chance": chance, "best": best}, lang)
        params = {"grade": text(f"coach_grade_{self.grade}", {}, lang), "move": played,
                  "chance": chance, "best": best, "better": move_text(self.better.move, lang)}
        out = [text("coach_worse", params, lang)]
        out.extend(text(r.code, r.params, lang) for r in self.reasons)
        return " ".join(out)

    def __str__(self) -> str:
        return self.text("en")

    def _repr_html_(self) -> str:
        return f'<div class="pachisi-coach"><p>{escape(self.text("en"))}</p></div>'


# -- checking the arguments --------------------------------------------------------------------


def _short(value) -> str:
    from .engine import short_repr

    return short_repr(value, 60)


def _check_lang(lang) -> None:
    if lang not in LANGUAGES:
        raise CoachError.from_code("coach_bad_language", {"got": _short(lang)})


def _check_args(state, rollouts, policy, seed, engine, budget, progress):
    if not isinstance(state, GameState):
        hint = " (game.state)" if isinstance(getattr(state, "state", None), GameState) else ""
        raise CoachError.from_code("coach_not_state", {"got": _short(state) + hint})
    if not isinstance(engine, str) or engine not in ENGINES:
        raise CoachError.from_code("coach_bad_engine", {"got": _short(engine)})
    if rollouts is not None and (isinstance(rollouts, bool) or not isinstance(rollouts, int)
                                 or not 1 <= rollouts <= MAX_ROLLOUTS):
        raise CoachError.from_code("coach_bad_rollouts",
                                   {"got": _short(rollouts), "max": MAX_ROLLOUTS})
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**128:
        raise CoachError.from_code("coach_bad_seed", {"got": _short(seed)})
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, float))
                               or not budget > 0 or math.isinf(budget)):
        raise CoachError.from_code("coach_bad_budget", {"got": _short(budget)})
    if progress is not None and not isinstance(progress, bool) and not callable(progress):
        raise CoachError.from_code("coach_bad_progress", {"got": _short(progress)})
    seats = state.seats
    if isinstance(policy, (list, tuple)):
        if len(policy) != len(seats):
            raise CoachError.from_code("coach_policy_count",
                                       {"count": len(policy), "players": len(seats)})
        players = list(policy)
    else:
        players = [policy] * len(seats)
    for p in players:
        known = p in AGENTS if isinstance(p, str) else (
            isinstance(p, Agent) or callable(getattr(p, "choose", None)))
        if not known:
            raise CoachError.from_code("coach_bad_policy",
                                       {"got": _short(p), "agents": list(AGENTS)})
    return players


def _label(player) -> str:
    return player if isinstance(player, str) else getattr(player, "name", type(player).__name__)


def _numpy_installed() -> bool:
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def _numpy_ok(rules, names) -> bool:
    if any(n is None for n in names) or not _numpy_installed():
        return False
    from . import fastnp

    return fastnp.supports(rules, names)


# -- the side that wins --------------------------------------------------------------------------


def _side(state: GameState, seat: int) -> tuple:
    return team_of(seat) if state.rules.teams else (seat,)


def _won(winner, side: tuple) -> bool:
    if winner is None:
        return False
    return winner == side if isinstance(winner, tuple) else (len(side) == 1 and winner == side[0])


# -- exact races ---------------------------------------------------------------------------------


class _Race:
    """The exact chance to win a pure race: every piece left is in its own home column (steps
    77..83), so no piece can meet another and each seat's pieces go home on their own throws.

    Each seat's number of turns to finish is then independent of the others': its distribution
    is worked out from the exact throw odds, playing each throw as that seat's player would
    (the very scoring functions of :mod:`pachisi_widget.agents`, on moves listed by the rules
    engine), and the seats finish in turn order. A seat that can never finish (a piece on step
    83 with no last-square release) has no chance.
    """

    def __init__(self, state: GameState, names: dict):
        self.state = state
        self.rules = state.rules
        self.names = names  # seat -> built-in player name
        self.engine = state.engine(False)
        self.dist = [(up, float(p)) for up, p in
                     up_distribution(self.rules.shells, self.rules.p_mouth_up).items() if p]
        self.reach = reach_values(self.rules)
        self.memo: dict = {}

    @staticmethod
    def applies(state: GameState) -> bool:
        rules = state.rules
        if rules.turn_mode != "move_each_throw" or rules.split_throw or state.phase != "throw":
            return False
        return all(t >= _RACE_FROM for s in state.seats for t in state.pieces[s])

    def _choices(self, seat: int, pieces: tuple, up: int):
        """(grace, [(probability, pieces after)]) for ``up`` mouths up thrown by ``seat``."""
        e = self.engine
        e.pieces[seat] = list(pieces)
        e.to_move = seat
        t = e.make_throw(up)
        e.phase, e.pool, e.part, e.grace, e.hits = "move", [t.value], None, t.grace, 0
        moves = e.legal_moves()
        n = len(moves)
        name = self.names[seat]
        if n == 1:
            picks = [(1.0, moves[0])]
        elif name == "random":
            picks = [(1.0 / (n - 1), m) for m in moves[:-1]]
        else:
            if name == "runner":
                i = runner_index(moves)
            elif name == "castle_waiter" and can_wait(self.rules, e.captures[seat]):
                i = waiter_index(moves, seat, e.pieces, e.seats, self.rules.teams, self.reach)
            else:
                i = greedy_index(moves, seat, e.pieces, e.seats, self.rules.teams, self.reach)
            picks = [(1.0, moves[i])]
        out = []
        for p, m in picks:
            if m.kind == "pass":
                out.append((p, pieces))
            else:
                after = list(pieces)
                after[m.piece] = m.end  # piece order kept: the players break ties by it
                out.append((p, tuple(after)))
        return t.grace, out

    def turn(self, seat: int, pieces: tuple, owed: int) -> dict:
        """How one turn (``owed`` further throws owed after the first) ends: {pieces after, or
        "home": probability}."""
        key = (seat, pieces, owed)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        out: dict = {}
        loop = 0.0
        for up, p in self.dist:
            grace, choices = self._choices(seat, pieces, up)
            for q, after in choices:
                pq = p * q
                if all(t == HOME for t in after):
                    out["home"] = out.get("home", 0.0) + pq
                    continue
                again = owed + (1 if grace else 0)
                if not again:
                    out[after] = out.get(after, 0.0) + pq
                elif after == pieces and again - 1 == owed:
                    loop += pq  # a grace that moved nothing: the same moment of the turn again
                else:
                    for k, v in self.turn(seat, after, again - 1).items():
                        out[k] = out.get(k, 0.0) + pq * v
        if loop:
            if loop >= 1.0 - 1e-15:
                out = {pieces: 1.0}
            else:
                out = {k: v / (1.0 - loop) for k, v in out.items()}
        self.memo[key] = out
        return out

    def finish_times(self, seat: int, owed: int) -> tuple:
        """({turn number 1, 2, ...: probability of finishing in it}, probability never)."""
        start = tuple(self.state.pieces[seat])
        times: dict = {}
        dist = {start: 1.0}
        never = 0.0
        for k in range(1, _RACE_ROUNDS + 1):
            nxt: dict = {}
            for pieces, p in dist.items():
                for after, q in self.turn(seat, pieces, owed if k == 1 else 0).items():
                    if after == "home":
                        times[k] = times.get(k, 0.0) + p * q
                    elif after == pieces and q >= 1.0 - 1e-15:
                        never += p * q  # nothing this seat throws can ever move it
                    else:
                        nxt[after] = nxt.get(after, 0.0) + p * q
            dist = nxt
            if sum(dist.values()) < _RACE_TAIL:
                return times, never + sum(dist.values())
        return None

    def chance(self, side: tuple):
        """The exact chance that ``side`` wins, or None when the race does not settle."""
        state = self.state
        seats = state.seats
        first = seats.index(state.to_move)
        order = {s: i for i, s in enumerate(seats[first:] + seats[:first])}
        n = len(seats)
        cdf: dict = {}  # seat -> sorted [(global time, P(finished by then))], and P(never)
        for s in seats:
            if state.is_finished(s):
                cdf[s] = ([(-1, 1.0)], 0.0)
                continue
            ft = self.finish_times(s, state.owed if s == state.to_move else 0)
            if ft is None:
                return None
            times, never = ft
            acc, pts = 0.0, []
            for k in sorted(times):
                acc += times[k]
                pts.append(((k - 1) * n + order[s], acc))
            cdf[s] = (pts, never)
        groups = [team_of(0), team_of(1)] if state.rules.teams else [(s,) for s in seats]
        grid = sorted({t for s in seats for t, _ in cdf[s][0]})

        def by(s, t):  # P(seat s finished by time t)
            pts = cdf[s][0]
            i = bisect_right(pts, (t, 2.0))
            return pts[i - 1][1] if i else 0.0

        def group_by(g, t):
            out = 1.0
            for s in g:
                out *= by(s, t)
            return out

        mine = next(g for g in groups if set(g) == set(side))
        others = [g for g in groups if g is not mine]
        total, prev = 0.0, 0.0
        for t in grid:
            now = group_by(mine, t)
            p_here = now - prev
            prev = now
            if p_here <= 0:
                continue
            rest = 1.0
            for g in others:
                rest *= 1.0 - group_by(g, t)
            total += p_here * rest
        return min(1.0, max(0.0, total))


def _exact(state: GameState, side: tuple, names: dict):
    """The exact chance of ``side`` in ``state`` when there is a shortcut, else None."""
    if state.phase == "over":
        return 1.0 if _won(state.winner, side) else 0.0
    if None in names.values() or not _Race.applies(state):
        return None
    return _Race(state, names).chance(side)


# -- rollouts ------------------------------------------------------------------------------------


def _roll_numpy(rules, seats, names, starts, seed, side, want, adaptive, budget, t0,
                progress) -> tuple:
    """The rollouts of every start on the numpy engine, in one batch that new games join as
    others end (:class:`pachisi_widget.fastnp.Rollouts`). Returns (wins per start, the rollouts
    each start was to get, whether the budget stopped them).

    With ``adaptive``, each start gets rollouts until its interval is within ±:data:`TARGET`
    (:func:`_still_needed`), and more are asked for while the last ones are still being played
    (from the games over so far), so that the batch stays full. When the budget runs out no new
    game starts and those being played end: each start keeps its first seeds' games, whatever
    they took.
    """
    from . import fastnp

    k = len(starts)
    code = (4 if side == (0, 2) else 5) if rules.teams else side[0]
    sides = 2 if rules.teams else len(seats)
    plan = [min(want, _still_needed(None, 0, sides)) if adaptive else want] * k
    # room for every game of the first plan at once (a batch that holds them all ends sooner);
    # with a budget, no more than the least (the first seeds' games then end sooner)
    size = min(_BATCH_LEAST if budget is not None else _BATCH_MAX, max(_BATCH_LEAST, sum(plan)))
    roll = fastnp.Rollouts(rules, seats, names, starts, iter_game_seeds(seed), size=size)
    roll.ask(plan)
    expired = False
    shown = None
    ended = 0  # games over since the plan was last looked at
    while True:
        final = not roll.pending()
        if adaptive and not expired and not roll.waiting() and (final or ended >= _REPLAN):
            # all asked for are playing (or over): are they enough?
            ended = 0
            more = [min(ADAPTIVE_MAX, n + _still_needed(roll.winners(j, n), n, sides, code, final))
                    for j, n in enumerate(plan)]
            if more != plan:
                plan = more
                roll.ask(plan)
                final = False
        if final:
            break
        if (budget is not None and not expired and len(roll.game_j)
                and time.perf_counter() - t0 >= budget):
            # no new games: those being played end (every start keeps its first seeds)
            roll.cancel()
            expired = True
        if progress is not None and (min(roll.over), max(plan)) != shown:
            shown = (min(roll.over), max(plan))  # games over, the fewest of any start
            progress(*shown)
        ended += roll.step()
    counts = [roll.done(j) for j in range(k)]
    wins = [(roll.winners(j, n) == code).astype(int).tolist() for j, n in enumerate(counts)]
    if expired and adaptive:  # the rollouts the intervals still needed, had time been left
        plan = [max(n, c + _still_needed(roll.winners(j, c), c, sides, code))
                for j, (n, c) in enumerate(zip(plan, counts, strict=True))]
    stopped = any(c < n for c, n in zip(counts, plan, strict=True))
    if progress is not None and (min(counts), max(plan)) != shown:
        progress(min(counts), max(plan))
    return wins, plan, stopped


def _roll_python(rules, seats, players, starts, seeds, side) -> list:
    out = [[] for _ in starts]
    for sd in seeds:
        for j, st in enumerate(starts):
            g = play_out(st.engine(False), players, random.Random(sd))
            out[j].append(1 if _won(g.winner, side) else 0)
    return out


def _endgame(state: GameState) -> bool:
    """Whether no piece stands on steps 1..72 and none waits: the numpy engine then checks every
    game for a dead position at every turn's end, one game at a time, and the Python engine is
    faster."""
    return all(not 0 <= t <= 72 for s in state.seats for t in state.pieces[s])


def _still_needed(won, done: int, sides: int, code: int = 0, final: bool = True) -> int:
    """Rollouts still to play for a start before its interval is within ±:data:`TARGET`: at
    first (``done`` = 0) enough for a chance of one in ``sides`` (a fair share); then, from its
    winner codes ``won`` (-2: a game not over yet), enough for the chance seen (a few more, as
    the estimate moves), or 0 when its interval is narrow enough. Before every game is over
    (not ``final``) only a plan is made, from the games over so far (at least half of them)."""
    if done == 0:
        p = 1 / max(2, sides)
        return max(_ADAPTIVE_LEAST, math.ceil(_Z95 ** 2 * p * (1 - p) / TARGET ** 2))
    over = won[won != -2]
    if not final and 2 * len(over) < done:
        return 0
    r = wilson_interval(int((over == code).sum()), len(over))
    if final and (r.high - r.low) / 2 <= TARGET:
        return 0
    # a few more than the chance seen needs, as the estimate moves (a plan: just as many)
    pq = max(r.rate * (1 - r.rate), 0.01)
    need = math.ceil((1.05 if final else 1.0) * _Z95 ** 2 * pq / TARGET ** 2)
    if not final:
        return max(0, need - done)
    return max(_ADAPTIVE_LEAST, need - done)


def _paired(best: list, other: list) -> tuple:
    """(mean of best - other, its 95% interval) over paired rollouts (the seeds both moves
    played: with ``rollouts=None`` a move can get more than another)."""
    n = min(len(best), len(other))  # the seeds both played
    d = [a - b for a, b in zip(best[:n], other[:n], strict=True)]
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else 0.25
    half = _Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def evaluate(state, *, rollouts: int | None = None, policy="greedy", seed: int = 0,
             engine: str = "auto", budget: float | None = None, progress=None,
             exact: bool = True) -> Evaluation:
    """Each legal move's chance to win for the seat to move (its team with teams), best first.

    Args:
        state: a :class:`~pachisi_widget.state.GameState` (``game.state``). With a move to
            choose every legal move is evaluated (the pass included); with a throw due, or the
            game over, the position itself is (:attr:`Evaluation.position`).
        rollouts: games played on from each move. None: with numpy, as many as it takes for
            each move's interval to be within ±3 points (:data:`TARGET`; about 800 in a 4-player
            game, 1100 between two sides, more for a move whose chance needs more); on the
            Python engine :data:`DEFAULT_ROLLOUTS`.
        policy: who plays every seat in the rollouts: a name of
            :data:`pachisi_widget.agents.AGENTS` (or an agent object, played on the Python
            engine), or a list with one per seat in play.
        seed: the same seed gives the same numbers (on either engine).
        engine: ``"auto"``, ``"numpy"`` or ``"python"``.
        budget: seconds; the rollouts stop when it is spent (the result says so).
        progress: ``progress(done, total)``, called as rollouts per move finish (the fewest of
            any move; the last call gives :attr:`Evaluation.rollouts`); True shows a tqdm bar
            (when tqdm is installed); None or False, nothing.
        exact: use the exact shortcuts where they exist (False: roll every move out, to check
            them).

    Raises:
        CoachError: for an argument it cannot use (its ``code`` names the sentence).
        IllegalMoveError, PachisiError: from a student's player in ``policy``.

    >>> import pachisi_widget as pw
    >>> g = pw.Game.from_position([[84, 84, 84, 80], None, [84, 84, 84, 77], None], seed=3)
    >>> _ = g.throw(up=2)                 # South throws 2: 80 -> 82, or pass
    >>> ev = evaluate(g.state)
    >>> ev.engine, [mc.exact for mc in ev]   # a pure race: exact
    ('exact', [True, True])
    """
    players = _check_args(state, rollouts, policy, seed, engine, budget, progress)
    bar = None
    if isinstance(progress, bool):
        progress, bar = (_bar() if progress else (None, None))
    try:
        return _evaluate(state, players, rollouts, seed, engine, budget, progress, exact)
    finally:
        if bar is not None:
            bar.close()


def _bar():
    """(progress callback, bar) drawing a tqdm bar, or (None, None) without tqdm."""
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None, None
    bar = tqdm(unit="rollout", desc="rollouts per move")

    def show(done, total):
        bar.total = total
        bar.update(done - bar.n)

    return show, bar


def _evaluate(state, players, rollouts, seed, engine, budget, progress, exact) -> Evaluation:
    t0 = time.perf_counter()
    rules, seats = state.rules, state.seats
    seat = state.to_move
    side = _side(state, seat)
    names = [_agent_name(p) for p in players]
    by_seat = dict(zip(seats, names, strict=True))
    labels = tuple(_label(p) for p in players)
    if state.phase == "move":
        moves = state.legal_moves()
        starts = [state.apply(m) for m in moves]
        note = "only_move" if len(moves) == 1 else None
    else:
        moves = [None]
        starts = [state]
        note = "over" if state.phase == "over" else "throw_due"
    if not isinstance(exact, bool):
        raise CoachError.from_code("coach_bad_exact", {"got": _short(exact)})
    exact = [_exact(st, side, by_seat) if exact or st.phase == "over" else None for st in starts]
    todo = [j for j, x in enumerate(exact) if x is None]
    can_numpy = _numpy_ok(rules, names) and all(starts[j].phase == "throw" for j in todo)
    if engine == "numpy" and todo and not can_numpy:
        if not _numpy_installed():
            raise CoachError.from_code("coach_numpy_missing", {})
        raise CoachError.from_code("coach_numpy_cannot", {})
    if engine == "auto" and can_numpy and all(_endgame(starts[j]) for j in todo):
        can_numpy = False  # see _endgame
    use = "numpy" if (engine == "numpy" or (engine == "auto" and can_numpy)) else "python"
    adaptive = rollouts is None and use == "numpy"
    default = ADAPTIVE_MAX if use == "numpy" else DEFAULT_ROLLOUTS["python"]
    want = rollouts if rollouts is not None else default
    wins: list = [[] for _ in starts]
    stopped = False
    if todo and use == "numpy":
        sub = [starts[j] for j in todo]
        got, plan, stopped = _roll_numpy(rules, seats, names, sub, seed, side, want, adaptive,
                                         budget, t0, progress)
        for j, w in zip(todo, got, strict=True):
            wins[j] = w
        want = max(plan)
    elif todo:
        done = 0
        seeds = iter_game_seeds(seed)
        chunk = _PYTHON_CHUNK if (budget is not None or progress is not None) else want
        sub = [starts[j] for j in todo]
        while done < want:
            # played in chunks (for the budget and progress), which never change the numbers
            if budget is not None and done and time.perf_counter() - t0 >= budget:
                stopped = True
                break
            part = list(islice(seeds, min(chunk, want - done)))
            for j, w in zip(todo, _roll_python(rules, seats, players, sub, part, side),
                            strict=True):
                wins[j].extend(w)
            done += len(part)
            if progress is not None:
                progress(done, want)
    counts = [len(wins[j]) for j in todo]
    played = min(counts, default=0)
    results = []
    for j, m in enumerate(moves):
        if exact[j] is not None:
            x = exact[j]
            results.append(MoveChance(m, x, x, x, 0, True))
        else:
            r = wilson_interval(sum(wins[j]), len(wins[j]))
            results.append(MoveChance(m, r.rate, r.low, r.high, len(wins[j]), False))
    order = sorted(range(len(results)), key=lambda j: (-results[j].chance, j))
    ranked = [results[j] for j in order]
    if ranked and ranked[0].move is not None:
        b = order[0]
        top = ranked[0]
        out = []
        for j, mc in zip(order, ranked, strict=True):
            if j == b:
                out.append(mc)
            elif mc.exact or top.exact:
                gap = top.chance - mc.chance
                lo = top.low - mc.high if not (mc.exact and top.exact) else gap
                hi = top.high - mc.low if not (mc.exact and top.exact) else gap
                out.append(mc._replace(loss=gap, loss_low=lo, loss_high=hi))
            else:
                mean, lo, hi = _paired(wins[b], wins[j])
                out.append(mc._replace(loss=mean, loss_low=lo, loss_high=hi))
        ranked = out
    position = None
    if moves == [None]:
        position, ranked = ranked[0], []
    used = "exact" if not todo else use
    # per move: the fewest rollouts played, and as many asked for unless the budget stopped them
    requested = (want if stopped else played) if todo else 0
    return Evaluation(state, seat, side, tuple(ranked), position, note, labels, used, seed,
                      played, requested, time.perf_counter() - t0)


# -- the tutor -----------------------------------------------------------------------------------


def _safe_end(m: Move) -> bool:
    """Whether the moved piece ends where no opponent can capture it."""
    end = m.end
    return end is not None and (end == HOME or IS_CASTLE[end] or end < 8 or end > ON_LOOP_LAST)


def _danger(state: GameState, seat: int, step) -> float:
    if step is None or step == 0 or step == HOME:
        return 0.0
    return float(hit_chance(state, seat, step, exact=False))


def _reasons(state: GameState, played: Move, better: Move) -> list:
    """Why ``better`` beats ``played``, as Messages, the strongest first."""
    seat = state.to_move
    after_b, after_p = state.apply(better), state.apply(played)
    out = []
    nb, np_ = len(better.captures), len(played.captures)
    if nb > np_:
        victims: dict = {}
        for vs, _ in better.captures:
            victims[vs] = victims.get(vs, 0) + 1
        out.append(Message("coach_why_capture", {"victims": [[s, k] for s, k in victims.items()],
                                                  "end": better.end}))
    if better.kind != "pass" and better.end == HOME and played.end != HOME:
        out.append(Message("coach_why_home", {}))
    # danger: the piece each move leaves behind or puts down, with its exact chance of being hit
    d_played = _danger(after_p, seat, played.end) if played.kind != "pass" else 0.0
    d_better = _danger(after_b, seat, better.end) if better.kind != "pass" else 0.0
    if better.kind != "pass" and better.start not in (None, 0):
        was = _danger(state, seat, better.start)
        left = better.start in after_p.pieces[seat]
        still = _danger(after_p, seat, better.start) if left else 0.0
        if was > 0.02 and still > d_better + 0.02 and d_better < was:
            out.append(Message("coach_why_escape", {"start": better.start, "p": _pct(still)}))
    escaped = bool(out) and out[-1].code == "coach_why_escape"
    safe = better.kind != "pass" and _safe_end(better) and better.end != HOME
    if safe and (d_played > 0.02 or escaped):
        if IS_CASTLE[better.end]:
            out.append(Message("coach_why_castle", {"end": better.end}))
        else:
            out.append(Message("coach_why_safe", {"end": better.end}))
    if played.kind != "pass" and d_played > d_better + 0.02:
        out.append(Message("coach_why_exposed", {"end": played.end, "p": _pct(d_played)}))
    if better.kind == "enter" and played.kind != "enter":
        out.append(Message("coach_why_enter", {}))
    gain_b = 0 if better.kind == "pass" else better.end - better.start
    gain_p = 0 if played.kind == "pass" else played.end - played.start
    if not out and gain_b > gain_p:
        out.append(Message("coach_why_progress", {"distance": gain_b - gain_p}))
    if not out:
        out.append(Message("coach_why_rollouts", {}))
    return out


def verdict(state, move, *, margin: float = 0.05, evaluation: Evaluation | None = None,
            rollouts: int | None = None, policy="greedy", seed: int = 0, engine: str = "auto",
            budget: float | None = None, progress=None) -> Verdict:
    """The tutor's verdict on ``move`` played in ``state``: the winning chance it gave up
    against the best move, a grade when that is more than ``margin``, the better move and why.

    ``evaluation``, when given, is the :func:`evaluate` of ``state`` to judge by (no rollouts
    are played again); otherwise the other arguments are those of :func:`evaluate`.

    Raises:
        CoachError: for a bad margin, a state with no move to choose, or an argument
            :func:`evaluate` refuses.
        IllegalMoveError: when ``move`` is not legal in ``state`` (with the reason).
    """
    if not isinstance(state, GameState):
        _check_args(state, rollouts, policy, seed, engine, budget, progress)
    if (isinstance(margin, bool) or not isinstance(margin, (int, float)) or not 0 <= margin < 1
            or math.isnan(margin)):
        raise CoachError.from_code("coach_bad_margin", {"got": _short(margin)})
    if state.phase != "move":
        raise CoachError.from_code("coach_no_move" if state.phase == "throw" else "coach_over",
                                   {"seat": state.to_move})
    legal = state.find(move)
    if legal is None:
        raise state.illegal(move)
    if evaluation is None:
        evaluation = evaluate(state, rollouts=rollouts, policy=policy, seed=seed, engine=engine,
                              budget=budget, progress=progress)
    elif not isinstance(evaluation, Evaluation) or evaluation.state != state:
        raise CoachError.from_code("coach_other_evaluation", {})
    played = evaluation.find(legal)
    best = evaluation.best
    if played is best or played.loss <= 0:
        return Verdict(played, None, margin, None, (), evaluation)
    grade = None
    if played.loss_low > 0 or played.exact and best.exact:  # not when the rollouts cannot tell
        for k, name in GRADES:
            if played.loss > k * margin:
                grade = name
                break
    reasons = tuple(_reasons(state, legal, best.move)) if grade else ()
    return Verdict(played, best, margin, grade, reasons, evaluation)
