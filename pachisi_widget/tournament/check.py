"""Checking a student's player before a tournament (:func:`check_agent`): every preset with 2 and
4 players, and a report in plain words of what a tournament would refuse.
"""

from __future__ import annotations

import copy
import html
import pickle
import random
import signal
import threading
import time
from dataclasses import dataclass, field
from typing import NamedTuple

from .. import words
from ..agents import Agent, make_agent
from ..checks import player_view
from ..engine import draw_up, opening, short_repr, throw_cdf
from ..game import SEATS_FOR_PLAYERS, check_rules
from ..state import GameState, find_move, plain_move
from .play import (
    _ALARM_GRACE,
    _check_number,
    _move_text,
    _MoveTimeout,
    _on_alarm,
    _template,
    _why_illegal,
)
from .players import MOVE_TIME, PlayerFileError, _default_name, _entrant, _error_words

_CHECK_SETUPS = tuple(
    (preset, n) for preset in ("classic", "seven_cowries", "cowrie_skill", "mitra") for n in (2, 4)
)


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

    def lines(self, lang: str | None = None) -> list:
        """The report, line by line, in ``lang`` (default: the session's language)."""
        lang = words.language() if lang is None else lang
        presets = dict.fromkeys(p for p, _ in _CHECK_SETUPS)
        if lang == "en":
            named = ", ".join(presets)
        else:
            named = words.join([words.word(f"preset.{p}", lang) for p in presets], lang)
        player = words.player_name(self.player, lang)
        params = {"player": player, "positions": self.positions, "presets": named}
        out = [words.text("check_head", params, lang)]
        if self.positions:
            if self.move_time is None:
                limit = words.text("check_no_limit", {}, lang)
            else:
                said = {"limit": words.number(self.move_time, lang, "g")}
                limit = words.text("check_limit", said, lang)
            times = {
                "mean": words.number(self.mean * 1000, lang, ".2f"),
                "slowest": words.number(self.slowest * 1000, lang, ".1f"),
                "limit": limit,
            }
            out.append(words.text("check_time", times, lang))
        if self.ok:
            out.append(words.text("check_ok", {}, lang))
        else:
            n = sum(self.counts.values())
            out.append(
                f"{n} problem{'s' if n != 1 else ''}:"
                if lang == "en"
                else words.text("check_problems", {"n": n}, lang)
            )
            for p in self.problems:
                out.append(f"- {p.message}")
            for kind, c in self.counts.items():
                shown = sum(1 for p in self.problems if p.kind == kind)
                if c > shown:
                    more = words.text("check_more", {"n": c - shown, "kind": kind}, lang)
                    out.append(f"- {more}")
        out.extend(words.text("check_note", {"note": n}, lang) for n in self.notes)
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def _repr_html_(self) -> str:
        lines = self.lines()
        colour = "#1e7b34" if self.ok else "#b03a2e"
        items = "".join(f"<li>{html.escape(s)}</li>" for s in lines[1:])
        return (
            f"<div class='pachisi-check'><b style='color:{colour}'>"
            f"{html.escape(lines[0])}</b><ul>{items}</ul></div>"
        )


def _same(a, b) -> bool:
    pa, pb = plain_move(a), plain_move(b)
    if pa is not None and pb is not None:
        return pa.key == pb.key
    return type(a) is type(b) and short_repr(a) == short_repr(b)


def check_agent(
    agent, positions: int = 400, move_time: float | None = MOVE_TIME, seed: int = 0
) -> CheckReport:
    """Play ``agent`` (a built-in name, an object, or a ``.py`` file) through about
    ``positions`` positions spread over every preset (classic, seven_cowries, cowrie_skill,
    mitra) with 2 and 4 players, against random players, and report in plain words what a
    tournament would refuse: a move that is not legal (None, garbage, a move the rules refuse),
    an exception, a move slower than ``move_time``, or a different move for the same position
    and the same ``rng`` (each position is asked twice, of two copies of the player).

    It stops at the first move slower than ``move_time``, with that limit in the report: on
    the main thread a timer interrupts that move (so a player that never returns is stopped
    too); elsewhere the move is measured once it returns.

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
        kind = "copy" if any(w in str(exc) for w in ("copied", "copiat")) else "load"
        report._add(kind, str(exc))
        return report
    player = _template(e)
    if isinstance(player, str):
        player = make_agent(player)
    if not isinstance(player, Agent):
        report.notes.append(words.text("check_not_agent"))
    if e.kind == "object":
        try:
            pickle.dumps(player)
        except Exception as exc:
            report.notes.append(words.text("check_pickle", {"error": type(exc).__name__}))
    per_setup = max(1, -(-positions // len(_CHECK_SETUPS)))
    times: list = []
    alarm = (
        move_time is not None
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )
    old = signal.signal(signal.SIGALRM, _on_alarm) if alarm else None
    try:
        _check_setups(player, name, per_setup, seed, move_time, report, times, alarm)
    except _Stopped:
        pass
    finally:
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)
    report.positions = len(times)
    if times:
        report.slowest = max(times)
        report.mean = sum(times) / len(times)
    return report


class _Stopped(Exception):
    """The check stops (a move slower than the limit)."""


def _check_setups(player, name, per_setup, seed, move_time, report, times, alarm) -> None:
    rng_seeds = random.Random(seed)
    for preset, n in _CHECK_SETUPS:
        rules = check_rules(preset)
        seats = SEATS_FOR_PLAYERS[n]
        asked = 0
        game = 0
        while asked < per_setup and game < 50:
            asked += _check_game(
                player,
                name,
                rules,
                seats,
                seats[game % n],
                rng_seeds.getrandbits(62),
                per_setup - asked,
                move_time,
                report,
                times,
                words.text("check_setup", {"preset": words.word(f"preset.{preset}"), "players": n}),
                alarm,
            )
            game += 1


def _timed(agent, state, k: int, move_time, alarm: bool):
    """``agent.choose(view of state, Random(k))``, interrupted after ``move_time`` (and a grace)
    when ``alarm`` (raises _MoveTimeout)."""
    view = player_view(state)[0]
    if alarm:
        signal.setitimer(signal.ITIMER_REAL, move_time + _ALARM_GRACE)
    try:
        return agent.choose(view, random.Random(k))
    finally:
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)


def _slow(report, where: str, seconds: float | None, move_time) -> _Stopped:
    """Report the first slow move (``seconds`` None: stopped from outside past the limit)."""
    shown = move_time + _ALARM_GRACE if seconds is None else seconds
    said = {
        "seconds": words.number(shown, spec=".2f"),
        "where": where,
        "limit": words.number(move_time, spec="g"),
    }
    report._add("time", words.text("check_slow_stopped" if seconds is None else "check_slow", said))
    return _Stopped()


def _check_game(
    player, name, rules, seats, mine, seed, budget, move_time, report, times, setup, alarm=False
) -> int:
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
        legal_now = tuple(state._legal())
        t0 = time.perf_counter()
        try:
            m = _timed(me, state, k, move_time, alarm)
        except _MoveTimeout:
            times.append(time.perf_counter() - t0)
            raise _slow(report, where, None, move_time) from None
        except KeyboardInterrupt:
            raise
        except BaseException as exc:
            times.append(time.perf_counter() - t0)
            said = {"error": _error_words(exc, None), "where": where}
            report._add("error", words.text("check_raised", said))
            state = state.apply(moves[0])
            continue
        dt = time.perf_counter() - t0
        times.append(dt)
        if move_time is not None and dt > move_time:
            raise _slow(report, where, dt, move_time)
        legal = find_move(legal_now, m)
        if legal is None:
            said = {"move": _move_text(m), "where": where, "why": _why_illegal(state, m)}
            report._add("illegal", words.text("check_returned", said))
        if twin is not None:
            t1 = time.perf_counter()
            try:
                m2 = _timed(twin, state, k, move_time, alarm)
            except _MoveTimeout:
                raise _slow(report, where, None, move_time) from None
            except BaseException:  # noqa: BLE001 - any failure here means "not the same"
                m2 = _Unset
            if move_time is not None and time.perf_counter() - t1 > move_time:
                raise _slow(report, where, time.perf_counter() - t1, move_time)
            if not _same(m, m2):
                said = {"first": _move_text(m), "second": _move_text(m2), "where": where}
                report._add("nondeterministic", words.text("check_nondeterministic", said), keep=2)
        elif "copy" not in report.counts:
            report._add("copy", words.text("check_copy"))
        state = state.apply(legal if legal is not None else moves[0])
    return asked


class _UnsetType:
    def __repr__(self) -> str:
        return words.text("check_an_exception")


_Unset = _UnsetType()


def _copy_or_none(obj):
    try:
        return copy.deepcopy(obj)
    except Exception:
        return None
