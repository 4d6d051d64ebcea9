"""The one formatter (pachisi_widget.words.format): the lessons' specs and the board's, the
decimal comma in one place (words.number) and percentages in one function (words.percent)."""

from __future__ import annotations

import itertools
import json
import pathlib
import string
from collections import Counter
from fractions import Fraction

import pytest

from pachisi_widget import exercises, words
from pachisi_widget.words import format_text, number, percent

# Values each format spec of a lesson's text is tried with.
VALUES = {
    "seat": [0, 3, "x"],
    "seats": [[3, 0, 1], (2,), []],
    "set": [{5, 3}, frozenset(), [25, 10, 2]],
    "and": [[7, 3, 25], ["(a)", "(d)"], [4], []],
    "or": [[10, 25], ["x", "y", "z"], [6]],
    "opening": [[(0, 25), (2, 10)], [(3, 7)], [(0, 2), (1, 3), (2, 4), (3, 5)]],
    "": [7, 0.5, 12.25, Fraction(1, 64), "text", [1, 2], (1, 2), True, None, 1e-7],
}
NUMBERS = [0, 1, 2, 19, 20, 21, 100, 101, 119, 1.5]
FIXED = [Fraction(1, 3), 0.25, 2.0, Fraction(7, 2), 3]


def _values(spec):
    if spec in VALUES:
        return VALUES[spec]
    if spec.endswith("f"):
        return FIXED
    return NUMBERS  # a countable noun


def _cases():
    formatter = string.Formatter()
    for lang, texts in exercises.TEXTS.items():
        for code, template in texts.items():
            fields = {}
            for _, name, spec, _ in formatter.parse(template):
                if name is not None:
                    fields.setdefault(name, spec or "")
            names = sorted(fields)
            columns = [_values(fields[n]) for n in names]
            for i in range(max((len(c) for c in columns), default=1)):
                params = {n: c[i % len(c)] for n, c in zip(names, columns, strict=True)}
                yield lang, code, template, params


CASES = list(_cases())


def test_there_are_many_cases():
    assert len(CASES) > 1000 and {lang for lang, *_ in CASES} == {"en", "ro"}


#: What the lessons' own formatter (lessons._Words, before the package had one formatter) wrote
#: for every case below: format_text must write the same, or refuse the same values.
GOLDEN = json.loads(
    (pathlib.Path(__file__).parent / "data" / "lesson_texts.json").read_text("utf-8")
)


def _golden(key, template, params, lang, errors=(TypeError, ValueError, KeyError)):
    want = GOLDEN[key]
    if want is None:
        with pytest.raises(errors):
            format_text(template, params, lang)
    else:
        assert format_text(template, params, lang) == want, (key, params)


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_format_text_is_what_the_lessons_wrote(lang):
    seen = Counter()
    for case_lang, code, template, params in CASES:
        key = f"{case_lang} {code} {seen[case_lang, code]}"
        seen[case_lang, code] += 1
        if case_lang == lang:
            _golden(key, template, params, lang)
    assert sum(1 for k, v in GOLDEN.items() if k.startswith(lang) and v is not None) > 500


SPECS = [
    "seat",
    "seats",
    "set",
    "and",
    "or",
    "opening",
    "",
    ".2f",
    ".1f",
    ".4f",
    "steps",
    "mouths",
    "throws",
    "pieces",
]


@pytest.mark.parametrize("lang, spec", list(itertools.product(["en", "ro"], SPECS)))
def test_every_lesson_spec_writes_what_the_lessons_wrote(lang, spec):
    template = f"<{{x:{spec}}}>" if spec else "<{x}>"
    for i, value in enumerate(_values(spec)):
        _golden(f"{lang} spec:{spec} {i}", template, {"x": value}, lang, (TypeError, ValueError))


def test_the_boards_specs_work_in_every_text():
    assert (
        format_text("{s:at_step}, {e:to_step}, {f:from_step}", {"s": 0, "e": 84, "f": 12}, "ro")
        == "în Charkoni, acasă, de pe pătratul 12"
    )
    assert format_text("{n:steps}", {"n": 20}, "ro") == "20 de pătrate"
    assert format_text("{n:seats}", {"n": 3}, "en") == "3 seats"  # a number: the noun
    assert format_text("{p:percent}", {"p": 0.004}, "ro") == "0,4%"
    with pytest.raises(KeyError):
        format_text("{missing}", {}, "en")
    assert words.text("turn", {}, "en") == "It is ?'s turn."  # the board's sentences say "?"


def test_the_decimal_mark_is_written_once():
    assert number(0.6, "ro") == "0,6" and number(0.6) == "0.6" and number(12, "ro") == "12"
    assert number(Fraction(1, 3), "ro", ".3f") == "0,333"
    assert words.label("decimal_point", "ro") == ","  # the board's front end reads the same
    assert number("a.b", "ro") == "a.b"  # text is left alone


@pytest.mark.parametrize(
    "p, lang, kwargs, want",
    [
        (0.62, "en", {}, "62%"),
        (0.62, "ro", {}, "62%"),
        (0.004, "en", {}, "0.4%"),
        (0.004, "ro", {}, "0,4%"),
        (0.0004, "en", {}, "0.0%"),
        (0.0004, "en", {"below": 0.1}, "<0.1%"),
        (0.0004, "ro", {"below": 0.1}, "<0,1%"),
        (0.0, "en", {"below": 0.1}, "0%"),
        (1.0, "en", {}, "100%"),
        (0.125, "en", {"places": 1}, "12.5%"),
        (Fraction(1, 3), "ro", {"places": 1}, "33,3%"),
    ],
)
def test_percent(p, lang, kwargs, want):
    assert percent(p, lang, **kwargs) == want


def test_percent_is_what_the_coach_and_the_board_write():
    # until they call words.percent themselves (then the old helpers may go)
    from pachisi_widget import coach, view

    coach_pct = getattr(coach, "_pct", lambda p, lang: percent(p, lang))
    for p in (0, 1e-5, 0.0004, 0.004, 0.0099, 0.01, 0.5, 0.62, 0.999, 1):
        for lang in ("en", "ro"):
            assert percent(p, lang) == coach_pct(p, lang)
            assert percent(p, lang, below=0.1) == view.pct_text(p, lang)
