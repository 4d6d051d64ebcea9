"""One word per concept, checked: every Romanian text the package and the lessons contain (the
catalogues, the Romanian lessons' prose and the words their code cells print, the player
template, the teacher's guide, the rules pages) has no word the glossary (ROMANIAN.md) forbids and
no English word of the stop list outside code, formulas and quotations (support.romanian_faults).
The executed lessons' outputs are checked in tests/notebooks/test_romanian_outputs.py."""

from __future__ import annotations

import json

import pytest
from support import REPO, code_strings, romanian_faults

from pachisi_widget.lessons import catalog
from pachisi_widget.words import catalogue

RO_NOTEBOOKS = [lesson.path("ro") for lesson in catalog() if lesson.has("ro")]
DOCS = [
    REPO / "docs" / "teachers-ro.md",
    REPO / "docs" / "history-ro.md",
    REPO / "docs" / "rules" / "ro.md",
    REPO / "docs" / "rules" / "sheet-ro.md",
    REPO / "notebooks" / "ro" / "foaia-de-reguli.md",
    REPO / "docs" / "ro" / "index.md",
    REPO / "docs" / "ro" / "lectii.md",
]
TEMPLATE = REPO / "pachisi_widget" / "templates" / "my_player_ro.py"
CODE_DOMAINS = {"errors"}
"""Catalogues whose sentences quote Python's names (``seed=``, ``players``): the English check is
left to their own test (tests/unit/test_i18n.py), the glossary's still applies."""


def _report(found: list) -> str:
    return "\n".join(f"{where}: «{word}» -> {instead}" for where, word, instead in found)


def _check(where: str, text: str, english: bool = True) -> list:
    return [(where, word, instead) for word, instead in romanian_faults(text, english)]


def test_the_checker_finds_what_the_glossary_forbids():
    said = (
        "Cu seed 3, piesa iese din Charkoni; varianța; șapte cochilii; din 100 partide; 1 ale lui"
    )
    words = [w for w, _ in romanian_faults(said)]
    assert {"seed", "iese", "varianța", "cochilii", "100 partide", "1 ale"} <= set(words)
    assert romanian_faults("Corect! în ultima rundă")
    assert [w for w, _ in romanian_faults("25 + 3 + 2 pyada; 2 pyade")] == ["2 pyada", "pyade"]
    turn = "înainte de următorul rând al lui Sud; la sfârșitul acestui rând; acum e tura lui Nord"
    assert [w for w, _ in romanian_faults(turn)] == ["următorul rând", "acestui rând", "e tura lui"]
    assert not romanian_faults(
        "La rând: Sud. Este rândul lui Sud; îi vine din nou rândul; trei aruncări de 7 la rând; "
        "ultimul rând al erorii; tura lui Nord; următoarea tură a lui Sud; în ultima rundă"
    )
    assert not romanian_faults("Corect! În ultima rundă, cu sămânța `seed=3` și „seed”.")
    assert [w for w, _ in romanian_faults("the piece moves home")] == [
        "the",
        "piece",
        "moves",
        "home",
    ]
    assert not romanian_faults(
        "20 de partide, 19 partide, 101 pătrate, un interval de încredere de 95%"
    )


@pytest.mark.parametrize("domain", catalogue.domains("ro"))
def test_the_romanian_catalogues(domain):
    found = []
    for e in catalogue.read("ro", domain):
        if e.context:
            for s in e.msgstr:
                found += _check(f"{domain} {e.context}", s, english=domain not in CODE_DOMAINS)
    assert not found, _report(found)


@pytest.mark.parametrize("path", RO_NOTEBOOKS, ids=[p.stem for p in RO_NOTEBOOKS])
def test_the_romanian_lessons_prose_and_printed_words(path):
    found = []
    for i, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            found += _check(f"cell {i}", source)
        else:  # what a code cell prints and says (its strings and comments), not its names
            for text in code_strings(source):
                found += _check(f"cell {i} (code)", text, english=False)
    assert not found, f"{path.name}:\n" + _report(found)


@pytest.mark.parametrize("path", [*DOCS, TEMPLATE], ids=lambda p: p.name)
def test_the_romanian_guide_rules_pages_and_template(path):
    found = []
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        found += [f for t in code_strings(text) for f in _check(path.name, t, english=False)]
    else:
        for n, line in enumerate(text.splitlines(), 1):
            found += _check(f"line {n}", line)
    assert not found, f"{path.name}:\n" + _report(found)
