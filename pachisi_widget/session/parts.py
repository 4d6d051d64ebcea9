"""What a session shows, as one value: the parts a change may replace (:class:`Parts`), the
checks of its language and names, and the drawing of the board those parts give (:func:`draw`)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import board, view
from ..engine import short_repr
from ..errors import say, session_language
from ..words import LANGUAGES, text
from .practice import PracticeMode
from .replay import ReplayMode
from .table import Table
from .teaching import Instruments


@dataclass(frozen=True)
class Parts:
    """Everything a session shows that a change may replace: swapped whole, once drawn."""

    table: Table
    before: Table | None  # the game a new game (set-up, load) replaced: Undo brings it back
    replay: ReplayMode
    practice: PracticeMode
    language: str
    names: tuple


class Part:
    """A read-only attribute of a session that shows one of its :class:`Parts` (``path``, dotted
    below the parts: ``"table.game"``), documented by ``doc``. A session changes its parts only
    through its own methods, so that the board follows."""

    def __init__(self, path: str, doc: str) -> None:
        self.path = tuple(path.split("."))
        self.__doc__ = doc

    def __set_name__(self, owner, name: str) -> None:
        self.name = name

    def __get__(self, session, owner=None):
        if session is None:
            return self
        value = session._parts
        for name in self.path:
            value = getattr(value, name)
        return value

    def __set__(self, session, value) -> None:
        raise AttributeError(f"{self.name} is read-only: change it through the session's methods")


def check_language(language) -> str:
    """``language`` if it is one of :data:`~pachisi_widget.words.LANGUAGES`; else ValueError."""
    if not isinstance(language, str) or language not in LANGUAGES:
        raise ValueError(
            f"language must be one of {', '.join(LANGUAGES)}, not {short_repr(language)}"
            if session_language() == "en"
            else say("msg_language", {"got": short_repr(language)})
        )
    return language


def check_names(names) -> tuple:
    """The players' names (4 strings, S, E, N, W, each cut to 40 characters; None: the seats'
    names); else ValueError."""
    if names is None:
        return tuple(board.SEAT_NAMES)
    if (
        not isinstance(names, (list, tuple))
        or len(names) != 4
        or not all(isinstance(n, str) for n in names)
    ):
        raise ValueError("names must be a list of 4 strings (S, E, N, W)")
    return tuple(n[:40] for n in names)


def draw(p: Parts, revision: int, instruments: Instruments, code, params, kind: str):
    """(the update for the board of ``p`` following view ``revision``, its move ids, its start
    note)."""
    t = p.table
    common = dict(
        revision=revision + 1,
        lang=p.language,
        names=p.names,
        seat_players=t.seat_players,
        code=code,
        params=params,
        kind=kind,
    )
    if p.replay.active:
        shown = p.replay.board(**common)
    else:
        shown = view.board_view(
            t.game,
            t.events,
            computer_seats=t.agents,
            start_note=t.start_note,
            can_undo=t.game.can_undo or p.before is not None,
            log_window=view.LIVE_LOG_EVENTS,
            notes=instruments.tutor_notes(p.language),
            **common,
        )
    status = shown["status"]
    if p.practice.quiz:  # practice: no highlights, no hints
        shown["legal_moves"] = []
        shown["state"]["quiz"] = True
        shown["state"]["quiz_text"] = text("quiz_on", {}, p.language)
    elif not p.replay.active and kind != "error":
        words = instruments.tutor_words(t.game.state, p.language, t.agents)
        if words is not None:
            status = f"{status} {words}"[: view.STATUS_MAX]
    ins = instruments
    update = {
        "language": p.language,
        "names": list(p.names),
        "seat_players": list(t.seat_players),
        "score": dict(p.practice.score),
        "quiz": p.practice.quiz,
        "hints": ins.hints,
        "tutor": ins.tutor,
        "overlay": ins.overlay,
        "timeline": p.replay.timeline(p.language),
        "question": p.practice.view(p.language),
        "last_throw": shown["last_throw"],
        "legal_moves": shown["legal_moves"],
        "log": shown["log"],
        "status": status,
        "status_kind": shown["status_kind"],
        "state": shown["state"],
        "revision": shown["revision"],
    }
    return update, shown["move_ids"], shown["start_note"]
