"""The teacher's guides' share of the printed kit: ``{lesson-pacing}``, each lesson's notes on
pacing (what to cut when time is short, what to give the fastest students), from the one place
they are written (:mod:`pachisi_widget.lessons.pacing`, words in ``locale/<lang>/teacher.po``),
so the guides and the printed kit (``bash scripts/teacher.sh print``) always say the same.

    ```{lesson-pacing}
    :lang: ro
    ```
"""

from __future__ import annotations

from docutils.parsers.rst import directives
from pachisi_docs import _table
from sphinx.util.docutils import SphinxDirective


class LessonPacingDirective(SphinxDirective):
    """A table: each lesson of the course, its note for a short lesson and its note for the
    fastest students (``:lang:`` en or ro)."""

    option_spec = {"lang": lambda argument: directives.choice(argument, ("en", "ro"))}

    def run(self):
        from pachisi_widget.lessons import pacing
        from pachisi_widget.lessons.teacher import teacher_text

        lang = self.options.get("lang", "en")
        headers = [teacher_text(f"pace.{part}", lang=lang) for part in ("lesson", "cut", "extend")]
        rows = [[n.title, n.cut, n.extend] for n in pacing.course_pacing(lang)]
        return [_table(headers, rows, classes=["pachisi-pacing"])]


def setup(app):
    app.add_directive("lesson-pacing", LessonPacingDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
