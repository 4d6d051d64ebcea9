"""The old home of the lessons' exercises, kept for one release: use :mod:`pachisi_widget.lessons`.

The exercises are now one module per lesson (``pachisi_widget/lessons/l05_captures.py``...),
registered in :mod:`pachisi_widget.lessons.registry`; their sentences are translators' files
(``pachisi_widget/locale/<lang>/lessons/<lesson>.po``); lesson 06b's ``match_both_ways`` is a lab
tool (:mod:`pachisi_widget.lab.matches`). This module re-exports the old names.

>>> sorted(EXERCISES["03", 1]().expected)
[1, 5]
>>> sorted(EXERCISES["03", 1]().mistakes)
['added', 'both', 'counted', 'must_move', 'stays']
>>> TEXTS["ro"]["03.1.hint"] == lessons.registry.sentences("ro")["03.1.hint"]
True
"""

from __future__ import annotations

from . import lessons
from .lab.matches import MATCH_GAMES as _MATCH_GAMES  # noqa: F401
from .lab.matches import match_both_ways
from .lessons.l00_first_game import QUIZ_SEED
from .lessons.registry import EXERCISES, Solution, sentences
from .lessons.registry import drop_equal as _drop_equal  # noqa: F401
from .lessons.registry import exercise as _exercise  # noqa: F401

__all__ = ["Solution", "EXERCISES", "TEXTS", "QUIZ_SEED", "match_both_ways"]

TEXTS: dict[str, dict[str, str]] = {
    lang: {code: said for code, said in sentences(lang).items() if not code.endswith(".title")}
    for lang in lessons.registry.LESSON_LANGUAGES
}
"""Every exercise's sentences by language and code ("05.3.hint"), read from the lessons'
translators' files (the lessons' titles left out)."""
