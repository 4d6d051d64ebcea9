"""Each lesson's notes on pacing: what to cut when the 45 minutes run short, and what to give the
fastest students. One place for both: the printed kit (``scripts/teacher.sh print``) and the
teacher's guides (the ``{lesson-pacing}`` directive of the documentation) show them from here.

The words are in the teacher's translators' files, ``locale/<lang>/teacher.po``, codes
``pace.<lesson>.cut`` and ``pace.<lesson>.extend``: a lesson added to the course
(:func:`~.registry.catalog`) needs its two entries there, and :func:`course_pacing` says which
are missing.

>>> notes = pacing("02", "ro")
>>> notes.lesson, notes.cut.startswith("Lasă")
('02', True)
"""

from __future__ import annotations

from typing import NamedTuple

from .registry import catalog
from .teacher import teacher_sentences, teacher_text

__all__ = ["Pacing", "pacing", "course_pacing", "PARTS"]

PARTS = ("cut", "extend")
"""The two notes of each lesson: what to cut when short, what to give the fastest students."""


class Pacing(NamedTuple):
    """A lesson's two notes on pacing, in one language."""

    lesson: str
    """The lesson's id ("05b")."""
    title: str
    """The lesson's title in that language."""
    cut: str
    """What to leave out, or set as homework, when the 45 minutes run short."""
    extend: str
    """What to give the students who finish first (an investigation, not more of the same)."""


def _missing(lesson: str, lang: str) -> list[str]:
    found = teacher_sentences(lang)
    return [f"pace.{lesson}.{part}" for part in PARTS if f"pace.{lesson}.{part}" not in found]


def pacing(lesson: str, lang: str = "en") -> Pacing:
    """The notes on pacing of lesson ``lesson`` ("02", "05b") in ``lang``.

    Raises:
        ValueError: for a lesson that is not in the course, or one whose notes are not yet in
            ``locale/<lang>/teacher.po`` (naming the codes to add).
    """
    known = {x.id: x for x in catalog()}
    if lesson not in known:
        raise ValueError(f"no lesson {lesson!r} in the course; there are: {', '.join(known)}")
    missing = _missing(lesson, "en")
    if missing:
        raise ValueError(
            f"lesson {lesson} has no notes on pacing yet: add {' and '.join(missing)} to "
            "pachisi_widget/locale/en/teacher.po (and their translations)"
        )
    return Pacing(
        lesson,
        known[lesson].title(lang),
        teacher_text(f"pace.{lesson}.cut", lang=lang),
        teacher_text(f"pace.{lesson}.extend", lang=lang),
    )


def course_pacing(lang: str = "en") -> list[Pacing]:
    """The notes on pacing of every lesson of the course, in order.

    Raises:
        ValueError: naming every lesson whose notes are missing.
    """
    missing = [code for x in catalog() for code in _missing(x.id, "en")]
    if missing:
        raise ValueError(
            "lessons without notes on pacing: add "
            + ", ".join(missing)
            + " to pachisi_widget/locale/en/teacher.po (and their translations)"
        )
    return [pacing(x.id, lang) for x in catalog()]
