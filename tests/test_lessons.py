"""The lessons' exercises (pachisi_widget.exercises, checked by lessons.exercise): answers out of
sight, equivalent forms accepted, typical mistakes named, a hint on request, every sentence in
English and Romanian with the same placeholders."""

from __future__ import annotations

import re
import string
from fractions import Fraction

import pytest

from pachisi_widget import exercises as catalogue
from pachisi_widget import lessons
from pachisi_widget.lessons import exercise

KEYS = lessons.exercises()
IDS = [f"{lesson}.{number}" for lesson, number in KEYS]
SAID = {"en": {"right": "Right!", "blank": "No answer yet", "wrong": "Not quite"},
        "ro": {"right": "Corect!", "blank": "Încă nu ai răspuns", "wrong": "Nu chiar"}}


def _fields(template: str) -> set:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_the_converted_lessons_have_their_exercises():
    for lesson in ("00", "01", "02", "03", "04"):
        assert [n for of, n in KEYS if of == lesson] == [1, 2, 3, 4, 5], lesson
    assert [n for of, n in KEYS if of == "05"] == [1, 2, 3, 4]
    assert [n for of, n in KEYS if of == "05b"] == [1, 2, 3, 4]


def test_an_unknown_exercise_is_refused():
    with pytest.raises(ValueError, match="no exercise 9 in lesson '02'"):
        exercise("02", 9)
    with pytest.raises(ValueError, match="lang"):
        exercise("02", 1).check(1, lang="fr")


# -- the sentences --------------------------------------------------------------------------------


def test_both_languages_have_every_sentence_with_the_same_placeholders():
    en, ro = catalogue.TEXTS["en"], catalogue.TEXTS["ro"]
    assert set(en) == set(ro)
    for code in en:
        assert _fields(en[code]) == _fields(ro[code]), code


@pytest.mark.parametrize("key", KEYS, ids=IDS)
def test_every_exercise_has_its_sentences(key):
    ex = exercise(*key)
    for lang in ("en", "ro"):
        codes = {c.split(".", 2)[2] for c in catalogue.TEXTS[lang] if c.startswith(ex.code + ".")}
        wanted = {"why", "hint", *ex.mistakes}
        if ex.form.name == "choice":
            wanted |= set(ex.form.labels[lang])
        assert codes == wanted, (lang, codes ^ wanted)
        for code in codes:
            template = catalogue.TEXTS[lang][f"{ex.code}.{code}"]
            unknown = _fields(template) - set(ex.params) - {"answer"}
            assert not unknown, (code, unknown)
    assert ex.mistakes, "at least one typical mistake per exercise"


def _all_said(key, lang) -> list[str]:
    ex = exercise(*key, lang=lang)
    out = [ex.check(...).message, ex.check(ex.expected).message, ex.hint().message,
           ex.solution().message, ex.check(object()).message]
    for wrong in ex.mistakes.values():
        if not callable(wrong):
            out.append(ex.check(wrong).message)
    return out


_RO_COUNTED = re.compile(
    r"(?<![\d.,])(\d+) (de )?(aruncări|căderi|pătrate|coji|piese|guri|haruri)\b")


@pytest.mark.parametrize("key", KEYS, ids=IDS)
def test_romanian_words_are_romanian_and_agree_with_their_numbers(key):
    from test_i18n import english_words

    for said in _all_said(key, "ro"):
        prose = re.sub(r"\b(pw|exercise)\b[\w.]*\([^()]*(\([^()]*\)[^()]*)*\)(\.hint\(\))?", " ",
                       said)
        prose = re.sub(r"Fraction\(\d+, \d+\)", " ", prose)
        assert not english_words(prose), (english_words(prose), said)
        for number, de, _noun in _RO_COUNTED.findall(said):
            k = int(number)
            assert k != 1, said
            assert bool(de) == (k >= 20 and (k % 100 == 0 or k % 100 >= 20)), said
        assert not re.search(r"\d\.\d", re.sub(r"(Fraction\([^)]*\)|\"[^\"]*\"|0\.25)", "",
                                               prose)), said  # decimal comma in prose


@pytest.mark.parametrize("key", KEYS, ids=IDS)
def test_no_placeholder_is_left_unfilled(key):
    for lang in ("en", "ro"):
        for said in _all_said(key, lang):
            assert not re.search(r"\{[a-z_]+(:[^}]*)?\}", said), said


# -- checking answers -----------------------------------------------------------------------------


@pytest.mark.parametrize("key", KEYS, ids=IDS)
@pytest.mark.parametrize("lang", ["en", "ro"])
def test_blank_right_and_hint(key, lang):
    ex = exercise(*key, lang=lang)
    blank = ex.check(...)
    assert blank.verdict == "blank" and not blank
    assert blank.message.startswith(SAID[lang]["blank"])
    assert f'exercise("{key[0]}", {key[1]}).hint()' in blank.message, "says how to get a hint"
    assert ex.check(None).verdict == "blank"
    right = ex.check(ex.expected)
    assert right and right.verdict == "right" and right.message.startswith(SAID[lang]["right"])
    hint = ex.hint()
    assert hint.verdict == "hint" and not hint and hint.message.startswith(
        {"en": "Hint: ", "ro": "Indiciu: "}[lang])
    assert ex.form.show(ex.expected, lang) in ex.solution().message


@pytest.mark.parametrize("key", KEYS, ids=IDS)
def test_every_typical_mistake_is_recognised_and_wrong(key):
    ex = exercise(*key)
    for name, wrong in ex.mistakes.items():
        if callable(wrong):
            continue
        assert not ex.form.same(wrong, ex.expected), (name, wrong)
        said = ex.check(wrong)
        assert not said and said.verdict == "mistake" and said.mistake == name, (name, said)
        assert said.message.startswith(f"Not quite: {wrong!r} "), said.message


def _equivalents(ex) -> list:
    """Other ways a student may write the expected answer."""
    e = ex.expected
    kind = ex.form.name
    if kind == "number":
        d = ex.form.decimals
        value = Fraction(e)
        return [value, str(value), float(value), f"{float(value):.{d}f}",
                f"{float(value):.{d}f}".replace(".", ","), f"{float(value):.{d + 2}f}",
                f" {value.numerator} / {value.denominator} "]
    if kind == "integer":
        return [e, str(e), float(e), Fraction(e)]
    if kind == "values":
        items = sorted(e)
        return [set(items), list(reversed(items)), tuple(items), ", ".join(map(str, items)),
                " ".join(map(str, reversed(items)))]
    if kind == "steps":
        return [list(e), list(reversed(e)), tuple(e), ", ".join(map(str, e))]
    if kind == "seats":
        en = [("South", "East", "North", "West")[s] for s in e]
        ro = [("Sud", "Est", "Nord", "Vest")[s] for s in e]
        return [en, ro, tuple(ro), list(e), " ".join(en), ", ".join(w.lower() for w in ro),
                "".join(("S", "E", "N", "W")[s] for s in e)]
    if kind == "letters":
        items = sorted(e)
        return [set(items), {x.upper() for x in items}, list(reversed(items)),
                " and ".join(items), " și ".join(f"({x})" for x in items)]
    if kind == "choice":
        return [e, e.upper(), f" {e} ", ex.form.labels["ro"][e], ex.form.labels["en"][e]]
    raise AssertionError(kind)


@pytest.mark.parametrize("key", KEYS, ids=IDS)
def test_equivalent_forms_are_accepted(key):
    ex = exercise(*key)
    for form in _equivalents(ex):
        said = ex.check(form)
        assert said.correct, (form, said.message)


def test_the_issues_examples():
    assert exercise("02", 3).check(10.67)
    assert exercise("02", 3).check("10.67") and exercise("02", 3).check("32/3")
    assert exercise("03", 5).check(1.41) and exercise("03", 5).check("1,41")
    assert exercise("03", 5).check(Fraction(128, 91))
    counted = exercise("03", 3).check(10)
    assert counted.verdict == "mistake" and counted.mistake == "counted"
    assert "grace's points" in counted.message
    assert "adună punctele harului" in exercise("03", 3, lang="ro").check(10).message
    forgot = exercise("04", 1).check(44)                   # pyada forgotten
    assert forgot.verdict == "mistake" and forgot.mistake == "forgot"
    assert "forgets pyada" in forgot.message
    assert "uită de pyada" in exercise("04", 1, lang="ro").check(44).message


def test_order_matters_only_where_it_should():
    order = exercise("00", 1)
    assert not order.check(list(reversed(order.expected)))
    pieces = exercise("00", 2)
    assert pieces.check([1, 0, 9, 1])
    assert not pieces.check([0, 1, 9]) and not pieces.check([9, 1, 0, 0])
    assert pieces.check([9, 1, 1]).mistake == "three"
    entry = exercise("01", 2)                              # seats in order: order matters
    assert entry.check(["East", "North", "West"]) and entry.check("E N W")
    assert not entry.check(["West", "North", "East"])
    cancelled = exercise("04", 3)                          # letters in any order, any case
    assert cancelled.check(["D", "A"]) and cancelled.check("a and d")
    assert cancelled.check({"a", "b", "d"}).mistake == "bridged"


def test_near_misses_and_slips_of_form():
    wait = exercise("02", 3)                               # 32/3 = 10.666...
    assert wait.check(10.7).verdict == "close"             # one decimal short
    assert wait.check(10.66).verdict == "close"            # truncated, not rounded
    assert wait.check(11).verdict == "wrong"               # an exact answer is never "close"
    assert wait.check(Fraction(1067, 100)).verdict == "wrong"
    assert wait.check((10, 67)).verdict == "comma"         # 10,67 typed as Python code
    assert "two numbers" in wait.check((10, 67)).message
    assert wait.check("ten").verdict == "unreadable"
    assert wait.check(True).verdict == "unreadable"
    assert wait.check(float("nan")).verdict == "unreadable"
    assert exercise("02", 1).check("31.25%")               # a percentage
    assert exercise("00", 4).check({"a", "e"}).verdict == "unreadable"
    assert exercise("00", 1).check(["West", "Up"]).verdict == "unreadable"
    assert exercise("02", 5).check("maybe").verdict == "unreadable"
    assert exercise("02", 5, lang="ro").check("mai putin probabil")   # without diacritics
    for hostile in ("1e999999999", "9" * 5000, "1/" + "0" * 100, "1/0"):
        assert wait.check(hostile).verdict == "unreadable"


def test_language_follows_lessons_language(monkeypatch):
    ex = exercise("03", 2)
    assert ex.check(4).message.startswith("Right!")
    monkeypatch.setattr(lessons, "LANGUAGE", "ro")
    assert ex.check(4).message.startswith("Corect!")
    assert ex.hint().message.startswith("Indiciu:")
    assert exercise("03", 2, lang="en").check(4).message.startswith("Right!")


def test_results_show_in_a_notebook():
    ex = exercise("03", 2)
    for said in (ex.check(4), ex.check(1), ex.check(...), ex.hint(), ex.check(7)):
        html = said._repr_html_()
        assert html.startswith("<p") and said.message.split(":")[0] in html
        assert repr(said) == said.message
    assert "#1b7f3b" in ex.check(4)._repr_html_() and "#a33" in ex.check(7)._repr_html_()


def test_the_older_check_still_works():
    assert lessons.check(Fraction(1, 64), Fraction(1, 64), why="w").message == "Right! w"
    assert lessons.check(..., 3, why="w", hint="h").message == "No answer yet. Hint: h"
