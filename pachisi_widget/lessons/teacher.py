"""A teacher's mode: where an exercise and a code task show their answers; and the words of the
teacher's materials (the printed kit, the notes on each lesson), in their translators' files.

A student's kernel is not in it; ``scripts/teacher.sh`` and the tests are (:data:`TEACHER_VARIABLE`).

>>> teacher_text("pace.cut", lang="ro")
'Când timpul e scurt'
"""

from __future__ import annotations

import os

from ..words import catalogue
from ..words.format import format_text

__all__ = ["TEACHER_VARIABLE", "teacher_mode", "teacher_text", "TEACHER_DOMAIN"]

TEACHER_VARIABLE = "PACHISI_TEACHER"
"""The environment variable of a teacher's mode (``1``): ``scripts/teacher.sh`` sets it for the
teacher's tools and for ``teacher.sh lab``, the tests set it; a student's kernel does not."""

TEACHER_DOMAIN = "teacher"
"""The translators' files of the teacher's materials: ``locale/<lang>/teacher.po`` (the printed
kit's headings, the end-of-unit test, the project's rubric, each lesson's notes on pacing)."""


def teacher_mode() -> bool:
    """Whether this process is in a teacher's mode, where an exercise shows its answer
    (``.expected``, ``.solution()``): the environment variable :data:`TEACHER_VARIABLE` is ``1``
    (or ``yes``, ``true``), read at each call."""
    return os.environ.get(TEACHER_VARIABLE, "").strip().lower() in {"1", "yes", "true", "on"}


def teacher_sentences(lang: str = "en") -> dict[str, str]:
    """Code -> template of the teacher's materials in ``lang`` (an entry not translated falls
    back to its English)."""
    out = dict(catalogue.messages("en", TEACHER_DOMAIN))
    if lang != "en":
        out.update(catalogue.messages(lang, TEACHER_DOMAIN))
    return out


def teacher_text(code: str, params: dict | None = None, lang: str = "en") -> str:
    """The teacher's materials' sentence ``code`` in ``lang``, its placeholders put into words
    (:func:`pachisi_widget.words.format_text`: decimal comma in Romanian, nouns that agree).

    Raises:
        KeyError: for a code that is not in ``locale/<lang>/teacher.po``, naming it.
    """
    found = teacher_sentences(lang)
    if code not in found:
        raise KeyError(f"no sentence {code!r} in locale/{lang}/{TEACHER_DOMAIN}.po")
    return format_text(found[code], dict(params or {}), lang)
