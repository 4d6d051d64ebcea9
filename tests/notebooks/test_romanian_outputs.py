"""The Romanian lessons executed fresh (support.executed, shared with tests/notebooks and the
docs build): nothing they print, show or raise has a word the glossary forbids or an English
word of the stop list (support.romanian_faults), apart from Python code and the names a student
types."""

from __future__ import annotations

import pytest
from support import code_cells, executed, outputs_text, romanian_faults, romanian_output

from pachisi_widget.lessons import catalog

pytestmark = pytest.mark.slow

RO_NOTEBOOKS = [lesson.path("ro") for lesson in catalog() if lesson.has("ro")]


@pytest.mark.parametrize("path", RO_NOTEBOOKS, ids=[p.stem for p in RO_NOTEBOOKS])
def test_what_a_romanian_lesson_shows_is_romanian(path):
    nb, _, _ = executed(path)
    found = []
    for i, cell in enumerate(code_cells(nb)):
        shown = romanian_output(outputs_text(cell))
        found += [(i, word, instead) for word, instead in romanian_faults(shown, prose=False)]
    report = "\n".join(f"code cell {i}: «{w}» -> {instead}" for i, w, instead in found)
    assert not found, f"{path.name}:\n{report}"
