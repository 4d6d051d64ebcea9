"""No exercise can be answered by copying (LESSONS.md, "Exercises"; issue 23, item 1).

Every lesson, in every language, is executed (once per run, shared with the other tiers:
``support.executed``). For each exercise cell, the text of every cell above it (markdown, code and
printed output) is searched for an accepted form of that exercise's answer:

- a number: the fraction ("5/16", or any fraction of the same value, "20/64"), a decimal rounded
  to the places the exercise asks for or written to more places ("0.3125" for 0.3125 at 4, "0.31"
  or "0.3125" at 2; a decimal comma too), a percentage of those ("31.25%");
- a set or a list of numbers: written as a list, a tuple or a set ("[2, 3]", "{6, 10, 25}") or as
  words ("6, 10 and 25").

A single whole number is not searched for (every lesson prints small numbers: steps, counts), nor
a word of a choice; those exercises are kept transfers by their text (a new position, another
distance), which the teachers' reviews read.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from support import REPO, executed, outputs_text

from pachisi_widget.lessons import catalog, exercise, exercise_cells
from pachisi_widget.lessons.answers import NumberForm, StepsForm, ValuesForm

CASES = [
    (lesson, lang)
    for lesson in catalog()
    for lang in ("en", "ro")
    if lesson.exercises and lesson.has(lang)
]

_FRACTION = re.compile(r"(?<![\w.,/])(\d+)\s*/\s*(\d+)(?![\d/.,]\d)")
_DECIMAL = re.compile(r"(?<![\w.,])(\d+)[.,](\d+)(?![\d])(\s*%)?")
_BRACKETS = re.compile(r"[\[({]\s*(-?\d+(?:\s*,\s*-?\d+)+)\s*,?\s*[\])}]")
_WORDS = re.compile(r"(?<![\w.,])(\d+(?:\s*,\s*\d+)*\s*,?\s+(?:and|or|și|sau)\s+\d+)(?![\w.,]\d)")


def _numbers_in(found: str) -> list[int]:
    return [int(n) for n in re.findall(r"-?\d+", found)]


def given_away(text: str, ex) -> list[str]:
    """The accepted forms of ``ex``'s answer that ``text`` contains (empty: none)."""
    form, expected = ex.form, ex.expected
    hits: list[str] = []
    if isinstance(form, NumberForm):
        value = Fraction(expected)
        if value.denominator == 1:
            return []  # a whole number: see the module's docstring
        for top, bottom, *_ in (m.groups() for m in _FRACTION.finditer(text)):
            if int(bottom) and Fraction(int(top), int(bottom)) == value:
                hits.append(f"{top}/{bottom}")
        for match in _DECIMAL.finditer(text):
            whole, places, percent = match.groups()
            if len(places) < form.decimals - (2 if percent else 0):
                continue  # fewer places than asked: not an accepted answer
            written = Fraction(f"{whole}.{places}") / (100 if percent else 1)
            if abs(written - value) <= Fraction(1, 2 * 10**form.decimals) + Fraction(1, 10**12):
                hits.append(match.group(0).strip())
    elif isinstance(form, (ValuesForm, StepsForm)):
        wanted = form.read(expected)
        if len(wanted) < 2:
            return []  # a set of one: a whole number
        for pattern in (_BRACKETS, _WORDS):
            for match in pattern.finditer(text):
                numbers = _numbers_in(match.group(1))
                try:
                    if form.read(numbers) == wanted:
                        hits.append(match.group(0).strip())
                except Exception:
                    continue
    return hits


def cell_text(cell) -> str:
    """What a student reads of a cell: its source and, for code, its printed output."""
    source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
    return source + ("\n" + outputs_text(cell) if cell["cell_type"] == "code" else "")


def copyable(nb, lang: str) -> list[str]:
    """Each exercise of the executed notebook ``nb`` whose answer a cell above it shows."""
    problems = []
    for found in exercise_cells(nb):
        ex = exercise(found.lesson, found.number, lang=lang)
        for index in range(found.index):
            hits = given_away(cell_text(nb["cells"][index]), ex)
            if hits:
                problems.append(
                    f"exercise {found.number} (cell {found.index}): cell {index} shows "
                    f"{', '.join(repr(h) for h in hits)}"
                )
    return problems


def test_the_search_finds_each_form():
    """The search itself: each accepted form is found, and near misses are not."""
    fraction = exercise("02b", 1)  # 32/3 to 2 places
    assert given_away("the wait is 32/3 throws", fraction) == ["32/3"]
    assert given_away("about 10.67 throws", fraction) == ["10.67"]
    assert given_away("aproximativ 10,667 aruncări", fraction) == ["10,667"]
    assert given_away("64/6 = 10.6", fraction) == ["64/6"]
    assert given_away("about 10.7 throws, or 10.66 at most 1/32", fraction) == []
    assert given_away("step 110.67", fraction) == []
    chance = exercise("03", 4)  # a probability to 4 places
    value = Fraction(chance.expected)
    assert given_away(f"{100 * float(value):.2f}%", chance) == [f"{100 * float(value):.2f}%"]
    assert given_away(f"{100 * float(value):.1f}%", chance) == []  # 3 places: not accepted
    low, high = f"{float(value):.4f}", f"{float(value) + 0.0002:.4f}"
    assert given_away(f"{low} and {high}", chance) == [low]
    assert given_away(f"{value.numerator * 3}/{value.denominator * 3}", chance)
    values = exercise("05", 3)
    wanted = sorted(values.form.read(values.expected))
    shown = ", ".join(map(str, wanted[:-1])) + f" and {wanted[-1]}"
    assert given_away(f"throws {set(wanted)}", values) == [str(set(wanted))]
    assert given_away(f"the throws {shown}.", values) == [shown]
    assert given_away(f"{tuple(wanted + [99])}", values) == []


@pytest.mark.parametrize(
    ("lesson", "lang"), CASES, ids=[f"{lesson.id}-{lang}" for lesson, lang in CASES]
)
def test_no_exercise_is_answered_above_itself(lesson, lang):
    nb, _, _ = executed(REPO / lesson.notebook(lang))
    problems = copyable(nb, lang)
    assert not problems, (
        f"{lesson.notebook(lang)}: an answer is on the page above its exercise (rewrite the "
        "exercise as a new case, or move what shows it below):\n  " + "\n  ".join(problems)
    )
