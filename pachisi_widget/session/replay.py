"""Replay mode: a game on the timeline, the point shown, and the coach's analysis of it.

A :class:`ReplayMode` is a value: each change (open, go to a point, progress, analysis) makes a
new one, which the session makes its own only once the board it gives has been drawn. The
positions come from :class:`pachisi_widget.replay.Replay` (the engine replays the record); the
words from :mod:`pachisi_widget.view`.

>>> import pachisi_widget as pw
>>> g = pw.Game(players=2, seed=3)
>>> _ = g.throw(up=2)
>>> mode = ReplayMode.open(g)
>>> mode.active, mode.index, mode.to(1).state == g.state
(True, 0, True)
>>> ReplayMode().active
False
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .. import board, view
from ..replay import Analysis, Replay, ReplayError, analyse, analysis_rollouts
from ..words import Message, text

__all__ = ["ReplayMode", "timeline_view"]


@dataclass(frozen=True)
class ReplayMode:
    """The game on the timeline (``replay`` None: the board shows the live game)."""

    replay: Replay | None = None
    """The game replayed."""
    index: int = 0
    """The point of the timeline shown: the position after ``index`` actions."""
    analysis: tuple | None = None
    """:func:`pachisi_widget.replay.analyse`'s records, once the game has been analysed."""
    progress: tuple | None = None
    """(done, total) while an analysis runs."""
    analysed_for: tuple | None = None
    """What ``analysis`` judged: (seats, rollouts, engine) as :meth:`analysed` was asked."""
    luck: object = None
    """The analysis's :class:`~pachisi_widget.luck.LuckSkill` (None before one)."""

    @classmethod
    def open(cls, record, index: int = 0) -> ReplayMode:
        """Replay ``record`` (a Game, a record dict or its JSON text) from point ``index``.

        Raises:
            RecordError: for a record that does not replay; ReplayError for a bad index or
                something that is not a record.
        """
        r = Replay(record)
        r.check_index(index)
        return cls(r, index)

    @property
    def active(self) -> bool:
        """Whether a game is replayed."""
        return self.replay is not None

    @property
    def state(self):
        """The position shown."""
        self._check_active()
        return self.replay.state(self.index)

    @property
    def start_note(self) -> tuple:
        """The (code, params) that opens the replayed game's narration."""
        code = "new_game" if self.replay.record.start is None else "setup"
        return code, {"seat": self.replay.start.to_move}

    def _check_active(self) -> None:
        if self.replay is None:
            raise ReplayError.from_code("replay_not_replaying", {})

    def to(self, index: int) -> ReplayMode:
        """The point ``index`` (0..count) shown instead.

        Raises:
            ReplayError: when nothing is replayed or ``index`` is out of range.
        """
        self._check_active()
        self.replay.check_index(index)
        return replace(self, index=index)

    def play_from_here(self):
        """(a live Game at the point shown, the events that narrate the actions up to it)."""
        self._check_active()
        game = self.replay.play_from(self.index)
        return game, tuple(self.replay.events(self.index, view.LOG_EVENTS + 1))

    def decisions(self, seats) -> int:
        """How many decisions of ``seats`` (None: all) an analysis judges."""
        return len(self.replay.decisions(None if seats is None else frozenset(seats)))

    def analysed(self, seats, *, rollouts, engine: str, progress, lang=None) -> ReplayMode:
        """This replay with its analysis (:func:`pachisi_widget.replay.analyse`)."""
        key = (None if seats is None else tuple(seats), rollouts, engine)
        if rollouts is None:
            rollouts = analysis_rollouts(engine)
        result = analyse(
            self.replay, seats, rollouts=rollouts, engine=engine, progress=progress, lang=lang
        )
        return replace(
            self, analysis=tuple(result), progress=None, analysed_for=key, luck=result.luck_skill
        )

    def with_analysis(self, other: ReplayMode) -> ReplayMode:
        """This replay (its point shown) with ``other``'s analysis, which must be of the same
        game."""
        return replace(
            self,
            analysis=other.analysis,
            analysed_for=other.analysed_for,
            progress=None,
            luck=other.luck,
        )

    def result(self) -> Analysis:
        """The analysis as :func:`~pachisi_widget.replay.analyse` returned it: its records (empty
        before one) with its ``luck_skill``."""
        return Analysis(self.analysis or (), self.luck)

    def board(self, **kwargs) -> dict:
        """:func:`view.replay_board_view` of the point shown."""
        return view.replay_board_view(self.replay, self.index, **kwargs)

    def timeline(self, lang: str) -> dict:
        """:func:`timeline_view` ({} when nothing is replayed)."""
        return timeline_view(
            self.replay,
            self.index,
            None if self.analysis is None else list(self.analysis),
            self.progress,
            lang,
            self.luck,
        )


_SYMBOLS = {"blunder": "??", "mistake": "?", "inaccuracy": "?!"}
"""The marks of graded moves, as chess annotates them."""


def _ghost(move) -> dict | None:
    """The better move as the board draws it: {seat, from, to} squares (None: the Charkoni, or
    home); None for a pass (nothing to draw: the verdict says it in words)."""
    if move.kind == "pass":
        return None
    start = None if move.kind == "enter" else board.square(move.seat, move.start)
    end = board.square(move.seat, move.end) if move.end < board.HOME else None
    return {
        "seat": move.seat,
        "from": None if start is None else list(start),
        "to": None if end is None else list(end),
    }


def timeline_view(replay, index: int, analysis, progress, lang: str = "en", luck=None) -> dict:
    """What the timeline panel is sent: {} when no game is replayed; else {index, count, text,
    turns, marks, note, ghost, lines, progress, summary, luck}.

    ``turns`` is the game's move list, a turn a line as :mod:`pachisi_widget.notation` writes
    it, each {index (the point where the turn begins), turn (its number, as the line starts),
    text, marks (the symbols ?!, ?, ?? of its graded moves)}; ``marks`` are the graded moves of ``analysis`` (the list
    :func:`pachisi_widget.replay.analyse` returns), each {index, seat, grade, symbol, label,
    text (the coach's verdict: what was better and why), better (:func:`_ghost`)}; at a marked
    point ``note`` is its verdict and ``ghost`` the better move to draw on the board (else ""
    and None); ``lines`` the win-chance graph, one line per seat: {seat, points: [{index,
    chance, label}]}; ``progress`` {done, total, text} while an analysis runs; ``luck`` the
    sentences of ``luck`` (the analysis's :class:`~pachisi_widget.luck.LuckSkill`: luck against
    skill per side), [] without one."""
    if replay is None:
        return {}
    turns = [
        {"index": i, "turn": int(line.split(".", 1)[0]), "text": line, "marks": ""}
        for i, line in replay.turns()
    ]
    out = {
        "index": index,
        "count": replay.count,
        "text": text("replay_status", {"index": index, "count": replay.count}, lang),
        "turns": turns,
        "marks": [],
        "note": "",
        "ghost": None,
        "lines": [],
        "progress": None,
        "summary": "",
        "luck": [] if luck is None else luck.lines(lang),
    }
    if progress is not None:
        done, total = progress
        out["progress"] = {
            "done": done,
            "total": total,
            "text": text("replay_analysing", {"done": done, "total": total}, lang),
        }
    if analysis is None:
        return out
    lines: dict = {}
    grades = {"blunder": 0, "mistake": 0, "inaccuracy": 0}
    for a in analysis:
        pct = round(100 * a["chance"], 1)
        params = {"index": a["index"], "seat": a["seat"], "pct": pct}
        label = text("replay_point", params, lang)
        lines.setdefault(a["seat"], []).append(
            {"index": a["index"], "chance": round(a["chance"], 4), "label": label}
        )
        if a["grade"]:
            grades[a["grade"]] += 1
            grade = Message(f"coach_grade_{a['grade']}", {})
            loss = round(100 * a["loss"], 1)
            verdict = a["verdict"]
            mark = {
                "index": a["index"],
                "seat": a["seat"],
                "grade": a["grade"],
                "symbol": _SYMBOLS[a["grade"]],
                "label": text(
                    "replay_mark", {"index": a["index"], "detail": grade, "loss": loss}, lang
                ),
                "text": verdict.text(lang),
                "better": None if verdict.better is None else _ghost(verdict.better.move),
            }
            out["marks"].append(mark)
            turn = next(t for t in reversed(turns) if t["index"] <= a["index"] - 1)
            turn["marks"] += mark["symbol"]
            if a["index"] == index:
                out["note"], out["ghost"] = mark["text"], mark["better"]
    out["lines"] = [{"seat": s, "points": pts} for s, pts in sorted(lines.items())]
    out["summary"] = text(
        "replay_analysed",
        {
            "total": len(analysis),
            "blunders": grades["blunder"],
            "mistakes": grades["mistake"],
            "inaccuracies": grades["inaccuracy"],
        },
        lang,
    )
    return out
