"""The lessons' exercises (pachisi_widget.exercises, checked by lessons.exercise): answers out of
sight, equivalent forms accepted, typical mistakes named, a hint on request, every sentence in
English and Romanian with the same placeholders."""

from __future__ import annotations

import importlib
import math
import re
import string
from decimal import Decimal
from fractions import Fraction

import pytest

from pachisi_widget import exercises as catalogue
from pachisi_widget import lessons
from pachisi_widget.lessons import exercise

# explore's helpers, which these tests replace, are in lessons/explore.py (the package's name
# `explore` is the function, so the module is looked up by its dotted name)
lessons_explore = importlib.import_module("pachisi_widget.lessons.explore")

KEYS = lessons.exercises()
IDS = [f"{lesson}.{number}" for lesson, number in KEYS]
SAID = {
    "en": {"right": "Right!", "blank": "No answer yet", "wrong": "Not quite"},
    "ro": {"right": "Corect!", "blank": "Încă nu ai răspuns", "wrong": "Nu chiar"},
}


def _fields(template: str) -> set:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_the_converted_lessons_have_their_exercises():
    for lesson in ("00", "01", "03", "04"):
        assert [n for of, n in KEYS if of == lesson] == [1, 2, 3, 4, 5], lesson
    for lesson in ("02", "02b", "07b"):  # a lesson split in two: its exercises shared
        assert [n for of, n in KEYS if of == lesson] == [1, 2, 3], lesson
    assert [n for of, n in KEYS if of == "07"] == [1, 2, 3, 4]
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
        assert not wanted & {"kind", "look"}, "kind and look are not names for a mistake"
        # optional: what kind of quantity the answer is, where to look (a wrong answer hears them)
        assert codes - {"kind", "look"} == wanted, (lang, (codes - {"kind", "look"}) ^ wanted)
        for code in codes:
            template = catalogue.TEXTS[lang][f"{ex.code}.{code}"]
            unknown = _fields(template) - set(ex.params) - {"answer"}
            assert not unknown, (code, unknown)
    assert ex.mistakes, "at least one typical mistake per exercise"


def _all_said(key, lang) -> list[str]:
    ex = exercise(*key, lang=lang)
    out = [
        ex.check(...).message,
        ex.check(ex.expected).message,
        ex.hint().message,
        ex.solution().message,
        ex.check(object()).message,
    ]
    for wrong in ex.mistakes.values():
        if not callable(wrong):
            out.append(ex.check(wrong).message)
    return out


_RO_COUNTED = re.compile(
    r"(?<![\d.,])(\d+) (de )?(aruncări|căderi|pătrate|coji|piese|guri|haruri)\b"
)


@pytest.mark.parametrize("key", KEYS, ids=IDS)
def test_romanian_words_are_romanian_and_agree_with_their_numbers(key):
    from test_i18n import english_words

    for said in _all_said(key, "ro"):
        prose = re.sub(
            r"\b(pw|exercise)\b[\w.]*\([^()]*(\([^()]*\)[^()]*)*\)(\.hint\(\))?", " ", said
        )
        prose = re.sub(r"Fraction\(\d+, \d+\)", " ", prose)
        assert not english_words(prose), (english_words(prose), said)
        for number, de, _noun in _RO_COUNTED.findall(said):
            k = int(number)
            assert k != 1, said
            assert bool(de) == (k >= 20 and (k % 100 == 0 or k % 100 >= 20)), said
        assert not re.search(
            r"\d\.\d", re.sub(r"(Fraction\([^)]*\)|\"[^\"]*\"|0\.25)", "", prose)
        ), said  # decimal comma in prose


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
    assert (
        hint.verdict == "hint"
        and not hint
        and hint.message.startswith({"en": "Hint: ", "ro": "Indiciu: "}[lang])
    )
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
        return [
            value,
            str(value),
            float(value),
            f"{float(value):.{d}f}",
            f"{float(value):.{d}f}".replace(".", ","),
            f"{float(value):.{d + 2}f}",
            f" {value.numerator} / {value.denominator} ",
        ]
    if kind == "integer":
        return [e, str(e), float(e), Fraction(e)]
    if kind == "values":
        items = sorted(e)
        return [
            set(items),
            list(reversed(items)),
            tuple(items),
            ", ".join(map(str, items)),
            " ".join(map(str, reversed(items))),
        ]
    if kind == "steps":
        return [list(e), list(reversed(e)), tuple(e), ", ".join(map(str, e))]
    if kind == "seats":
        en = [("South", "East", "North", "West")[s] for s in e]
        ro = [("Sud", "Est", "Nord", "Vest")[s] for s in e]
        return [
            en,
            ro,
            tuple(ro),
            list(e),
            " ".join(en),
            ", ".join(w.lower() for w in ro),
            "".join(("S", "E", "N", "W")[s] for s in e),
        ]
    if kind == "letters":
        items = sorted(e)
        return [
            set(items),
            {x.upper() for x in items},
            list(reversed(items)),
            " and ".join(items),
            " și ".join(f"({x})" for x in items),
        ]
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
    assert exercise("02b", 1).check(10.67)
    assert exercise("02b", 1).check("10.67") and exercise("02b", 1).check("32/3")
    assert exercise("03", 5).check(1.41) and exercise("03", 5).check("1,41")
    assert exercise("03", 5).check(Fraction(128, 91))
    counted = exercise("03", 1).check({10, 14})
    assert counted.verdict == "mistake" and counted.mistake == "counted"
    assert "grace's points" in counted.message
    assert "adună valoarea harului" in exercise("03", 1, lang="ro").check([14, 10]).message
    forgot = exercise("04", 1).check(44)  # pyada forgotten
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
    entry = exercise("01", 2)  # seats in order: order matters
    assert entry.check(["North", "West", "East"]) and entry.check("N W E")
    assert not entry.check(["East", "West", "North"])
    cancelled = exercise("04", 3)  # letters in any order, any case
    assert cancelled.check(["D", "A"]) and cancelled.check("a and d")
    assert cancelled.check({"a", "b", "d"}).mistake == "bridged"


def test_near_misses_and_slips_of_form():
    wait = exercise("02b", 1)  # 32/3 = 10.666...
    assert wait.check(10.7).verdict == "close"  # one decimal short
    assert wait.check(10.66).verdict == "close"  # truncated, not rounded
    assert wait.check(11).verdict == "wrong"  # an exact answer is never "close"
    assert wait.check(Fraction(1067, 100)).verdict == "wrong"
    assert wait.check((10, 67)).verdict == "comma"  # 10,67 typed as Python code
    assert "two numbers" in wait.check((10, 67)).message
    assert wait.check("ten").verdict == "unreadable"
    assert wait.check(True).verdict == "unreadable"
    assert wait.check(float("nan")).verdict == "unreadable"
    assert exercise("02", 1).check("27.34%")  # a percentage
    assert exercise("00", 4).check({"a", "e"}).verdict == "unreadable"
    assert exercise("00", 1).check(["West", "Up"]).verdict == "unreadable"
    assert exercise("02b", 2).check("maybe").verdict == "unreadable"
    assert exercise("02b", 2, lang="ro").check("mai probabil")
    assert exercise("04", 5, lang="ro").check("0,0204")  # the decimal comma, as a text
    assert (
        exercise("02b", 2, lang="ro").check("mai putin probabil").mistake == "mouths"
    )  # no diacritics
    for hostile in ("1e999999999", "9" * 5000, "1/" + "0" * 100, "1/0"):
        assert wait.check(hostile).verdict == "unreadable"


def test_language_follows_lessons_language(monkeypatch):
    ex = exercise("05", 1)
    assert ex.check(3).message.startswith("Right!")
    monkeypatch.setattr(lessons, "LANGUAGE", "ro")
    assert ex.check(3).message.startswith("Corect!")
    assert ex.hint().message.startswith("Indiciu:")
    assert exercise("05", 1, lang="en").check(3).message.startswith("Right!")


def test_results_show_in_a_notebook():
    ex = exercise("05", 1)
    for said in (ex.check(3), ex.check(1), ex.check(...), ex.hint(), ex.check(7)):
        html = said._repr_html_()
        assert html.startswith("<p") and said.message.split(":")[0] in html
        assert repr(said) == said.message
    assert "#1b7f3b" in ex.check(3)._repr_html_() and "#a33" in ex.check(7)._repr_html_()


def test_the_older_check_still_works():
    assert lessons.check(Fraction(1, 64), Fraction(1, 64), why="w").message == "Right! W"
    assert lessons.check(..., 3, why="w", hint="h").message == "No answer yet. Hint: h"


# -- predict, then compute: lessons.compare --------------------------------------------------------


def test_compare_without_a_guess_says_to_write_one_and_shows_the_result():
    for blank in (..., None):
        said = lessons.compare(blank, Fraction(271, 64), what="the average throw")
        assert said.verdict == "blank" and not said and said.gap is None
        assert said.message.startswith("No guess yet: write your guess in place of the ...")
        assert "the average throw = 271/64 ≈ 4.23" in said.message
    ro = lessons.compare(..., Fraction(271, 64), what="media unei aruncări", lang="ro")
    assert ro.message.startswith("Încă nu ai scris o estimare") and "≈ 4,23" in ro.message


def test_compare_a_number_says_how_far_off_the_guess_was():
    high = lessons.compare(6, Fraction(271, 64), what="the average throw")
    assert high.verdict == "high" and high.gap == 6 - Fraction(271, 64) and not high
    assert "1.77 (42%) too high" in high.message
    low = lessons.compare(2, Fraction(271, 64), what="the average throw")
    assert low.verdict == "low" and "2.23 (53%) too low" in low.message
    close = lessons.compare(4, Fraction(271, 64), what="the average throw")
    assert close.verdict == "low" and close.message.startswith("Close!")  # within 10%
    assert "off by 0.23 (6%)" in close.message  # 15/271
    spot = lessons.compare("4,23", Fraction(271, 64), what="the average throw")
    assert spot and spot.verdict == "right" and spot.message.startswith("Spot on!")
    assert lessons.compare(Fraction(271, 64), Fraction(271, 64), what="m").gap == 0
    whole = lessons.compare(300, 350, what="the median game")
    assert "50 (14%) too low" in whole.message and whole.gap == -50
    assert lessons.compare("15/2", 7.5, what="x", decimals=1)
    ro = lessons.compare(6.5, Fraction(271, 64), what="media", lang="ro")
    assert "Ai estimat 6,5" in ro.message and "cu 2,27 (54%) prea mare" in ro.message
    assert not english_words_of(ro.message)


def english_words_of(message: str) -> set:
    from test_i18n import english_words

    return english_words(message)


def test_compare_a_choice_says_right_or_not():
    values = [2, 3, 4, 5, 6, 10, 25]
    right = lessons.compare(3, 3, what="the most likely throw", choices=values)
    assert right and right.verdict == "right" and right.message.startswith("Well guessed!")
    assert lessons.compare("3", 3, what="the most likely throw", choices=values)
    wrong = lessons.compare(10, 3, what="the most likely throw", choices=values)
    assert not wrong and wrong.verdict == "missed" and wrong.gap is None
    assert "You chose 10, and the most likely throw = 3" in wrong.message
    words = lessons.compare("More", "more", what="a 25", choices=["more", "less"])
    assert words and '"more"' in words.message


def test_compare_never_fails_on_a_guess_it_cannot_read():
    for bad in ("seven", [7], {7: 1}, object(), True, float("nan"), "1e999999999", "9" * 500):
        said = lessons.compare(bad, 7, what="the wait")
        assert said.verdict == "unreadable" and not said, bad
        assert "is not a number (such as 7, 7.5" in said.message and "the wait = 7" in said.message
    comma = lessons.compare((7, 5), 7, what="the wait")  # 7,5 typed as Python code
    assert comma.verdict == "unreadable" and "as two numbers" in comma.message
    choice = lessons.compare(7, 3, what="the most likely throw", choices=[2, 3, 4])
    assert choice.verdict == "unreadable" and "one of 2 or 3 or 4" in choice.message
    ro = lessons.compare("șapte", 7, what="așteptarea", lang="ro")
    assert "nu este un număr" in ro.message and not english_words_of(ro.message)


def test_compare_refuses_a_result_it_cannot_compare_with():
    with pytest.raises(ValueError, match="value must be a finite number"):
        lessons.compare(3, "three", what="x")
    with pytest.raises(ValueError, match="value must be a finite number"):
        lessons.compare(3, float("inf"), what="x")
    with pytest.raises(ValueError, match="must be one of the choices"):
        lessons.compare(3, 7, what="x", choices=[2, 3])
    with pytest.raises(ValueError, match="what must be a text"):
        lessons.compare(3, 3, what=None)
    with pytest.raises(ValueError, match="decimals must be a whole number"):
        lessons.compare(3, 3, what="x", decimals=-1)
    with pytest.raises(ValueError, match="lang"):
        lessons.compare(3, 3, what="x", lang="fr")


def test_compare_follows_lessons_language_and_shows_in_a_notebook(monkeypatch):
    monkeypatch.setattr(lessons, "LANGUAGE", "ro")
    said = lessons.compare(5, 4, what="media")
    assert said.message.startswith("Ai estimat 5")
    html = said._repr_html_()
    assert html.startswith("<p") and "#245b8f" in html and repr(said) == said.message


# -- controls that recompute: lessons.explore -----------------------------------------------------


def test_explore_without_a_front_end_shows_the_default_once(capsys):
    calls = []

    def draw(p, n):
        calls.append((p, n))
        print(f"p={p} n={n}")

    assert (
        lessons.explore(
            draw,
            p=lessons.Slider(0.05, 0.95, 0.05, 0.5, "p (mouth up)"),
            n=lessons.Slider(10, 1000, 10, 200),
        )
        is None
    )
    assert calls == [(0.5, 200)]
    out = capsys.readouterr().out
    assert out.startswith("p=0.5 n=200\n")
    assert (
        "(Sliders need ipywidgets in a live notebook: here is the result for p (mouth up) = "
        "0.50, n = 200.)" in out
    )
    lessons.explore(
        draw, p=lessons.Slider(0.05, 0.95, 0.05, 0.5), n=lessons.Slider(1, 9, 1, 3), lang="ro"
    )
    assert "Cursoarele au nevoie de ipywidgets" in capsys.readouterr().out


def test_explore_without_ipywidgets_shows_the_default_once(monkeypatch, capsys):
    import sys

    monkeypatch.setattr(lessons_explore, "_front_end", lambda: True)  # a kernel, but no ipywidgets
    monkeypatch.setitem(sys.modules, "ipywidgets", None)
    shown = []
    lessons.explore(lambda n: shown.append(n), n=lessons.Slider(1, 10, 1, 4))
    assert shown == [4] and "Sliders need ipywidgets" in capsys.readouterr().out


def test_explore_with_ipywidgets_redraws_when_a_slider_moves(monkeypatch):
    import ipywidgets as widgets  # a dependency of the board

    monkeypatch.setattr(lessons_explore, "_front_end", lambda: True)
    boxes = []
    monkeypatch.setattr(lessons_explore, "_show", lambda thing: boxes.append(thing))
    drawn = []
    lessons.explore(
        lambda p, n: drawn.append((p, n)) or f"{p} {n}",
        p=lessons.Slider(0.05, 0.95, 0.05, 0.5),
        n=lessons.Slider(10, 100, 10, 20),
    )
    assert drawn == [(0.5, 20)] * 2  # at once: the page's stand-in, then the live one
    shown = [b for b in boxes if isinstance(b, lessons._WithPicture)]
    assert len(shown) == 1 and boxes[-1] == "0.5 20"
    box = shown[0].box
    assert isinstance(box, widgets.VBox)
    p_slider, n_slider, out = box.children
    assert isinstance(p_slider, widgets.FloatSlider) and isinstance(n_slider, widgets.IntSlider)
    assert (n_slider.min, n_slider.max, n_slider.step) == (10, 100, 10)
    assert isinstance(out, widgets.Output)
    n_slider.value = 60
    assert drawn[-1] == (0.5, 60) and boxes[-1] == "0.5 60"


def test_explore_gives_a_page_without_kernel_the_starting_picture(monkeypatch):
    """The documentation site and notebook viewers draw no widgets: the box's HTML stand-in is
    the picture for the starting values, with its printed text and the values named."""
    import ipywidgets  # noqa: F401

    from pachisi_widget import charts

    monkeypatch.setattr(lessons_explore, "_front_end", lambda: True)
    shown = []
    monkeypatch.setattr(
        lessons_explore,
        "_show",
        lambda thing, real=lessons._show: (
            shown.append(thing) if isinstance(thing, lessons._WithPicture) else real(thing)
        ),
    )

    def draw(p):
        print(f"mean {p * 6:.1f}")
        return charts.bar(["a", "b"], [p, 1 - p], title="shells")

    from IPython.core.interactiveshell import InteractiveShell

    InteractiveShell.instance()  # a shell, so that pictures are displayed, not printed
    try:
        lessons.explore(draw, p=lessons.Slider(0.05, 0.95, 0.05, 0.5, label="p"))
    finally:
        InteractiveShell.clear_instance()
    bundle = shown[0]._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    page = bundle["text/html"]
    assert "<svg" in page and "&lt;svg" not in page and "mean 3.0" in page and "p = 0.5" in page


def test_explore_first_drawing_errors_reach_the_cell(monkeypatch):
    import ipywidgets  # noqa: F401  (loaded, as the board loads it)

    monkeypatch.setattr(lessons_explore, "_front_end", lambda: True)
    monkeypatch.setattr(lessons_explore, "_show", lambda thing: None)

    def broken(n):
        raise ZeroDivisionError("no games")

    with pytest.raises(ZeroDivisionError, match="no games"):
        lessons.explore(broken, n=lessons.Slider(1, 10, 1, 4))


def test_explore_and_slider_refuse_what_they_cannot_use():
    with pytest.raises(ValueError, match="low <= value <= high"):
        lessons.Slider(1, 10, 1, 20)
    with pytest.raises(ValueError, match="step above 0"):
        lessons.Slider(1, 10, 0, 5)
    with pytest.raises(ValueError, match="must be numbers"):
        lessons.Slider(1, 10, 1, "5")
    with pytest.raises(ValueError, match="draw must be a function"):
        lessons.explore(42, n=lessons.Slider(1, 10, 1, 4))
    with pytest.raises(ValueError, match="at least one slider"):
        lessons.explore(print)
    with pytest.raises(ValueError, match=r"n must be a Slider\(low, high, step, value\)"):
        lessons.explore(print, n=(1, 10, 1, 4))


# -- feedback that teaches: rounding, truncation, the kind of quantity ----------------------------


@pytest.mark.parametrize(
    ("key", "answer", "how", "places"),
    [
        (("02b", 1), 10.7, "rounded", 1),  # 32/3 rounded to 1 place
        (("02b", 1), 10.6, "truncated", 1),  # 32/3 cut off after 1 place
        (("02b", 1), "10,66", "truncated", 2),  # cut off at the asked places
        (("02", 2), 0.12, "truncated", 2),  # 1/8 = 0.125 cut off
        (("02", 2), "0.13", "rounded", 2),
        (("06", 1), 0.16, "rounded", 2),  # 0.1622 to 2 places
        (("02", 1), "27%", "rounded", 2),  # 0.2734 as a rounded percentage
        (("02", 1), Decimal("0.273"), "rounded", 3),
    ],
)
def test_a_rounded_or_truncated_answer_hears_right_idea(key, answer, how, places):
    ex = exercise(*key)
    said = ex.check(answer)
    assert said.verdict == "close" and said.mistake == how and not said.correct
    assert said.message.startswith("Right idea")
    decimals = ex.form.decimals
    assert f"{decimals} decimal places" in said.message
    assert f"{places} decimal place" in said.message  # the places the student wrote
    ro = exercise(*key, lang="ro").check(answer)
    assert ro.message.startswith("Ideea e bună") and f"{decimals} zecimale" in ro.message


def test_rounding_feedback_is_not_given_to_other_answers():
    wait = exercise("02b", 1)  # 32/3 = 10.666...
    assert wait.check(10.65).verdict == "close" and wait.check(10.65).mistake == ""  # near
    assert wait.check(10.5).verdict == "wrong"  # neither the rounding nor the cut of 10.67
    assert wait.check(11).verdict == "wrong"  # a whole number is exact: never "right idea"
    assert wait.check("32/3").correct and wait.check(10.667).correct


def test_a_plausible_wrong_answer_hears_what_kind_of_answer_and_where_to_look():
    danger = exercise("05b", 1)
    for distance in (2, 5):
        said = danger.check(distance)
        assert said.verdict == "wrong"
        assert "a distance: a whole number of squares from 1 to 30" in said.message
        assert "commonest with these shells" in said.message
        ro = exercise("05b", 1, lang="ro").check(distance).message
        assert "o distanță: un număr întreg de pătrate" in ro and "cea mai frecventă" in ro
    high = exercise("02", 2).check(0.5)  # a probability, not a grace's
    assert "a probability: a number from 0 to 1" in high.message
    assert "pw.throw_distribution" in high.message
    over = exercise("02", 2).check(2)
    assert over.verdict == "wrong" and "always a number from 0 to 1" in over.message
    assert "întotdeauna un număr de la 0 la 1" in exercise("02", 2, lang="ro").check(2).message
    plain = exercise("05", 1).check(9)  # no sentence of its own: the form and the hint
    assert "The answer is a whole number." in plain.message and ".hint()" in plain.message
    average = exercise("03", 3).check(3)  # a sentence of its own: the kind of quantity
    assert "an average number of throws in a turn, at least 1" in average.message


# -- answers off the students' path: a teacher's mode --------------------------------------------


def test_answers_only_in_a_teachers_mode(monkeypatch):
    assert lessons.teacher_mode()  # the tests are a teacher's tool (tests/conftest.py)
    ex = exercise("02b", 1)
    assert ex.solution().verdict == "answer" and ex.expected == Fraction(32, 3)
    monkeypatch.delenv(lessons.TEACHER_VARIABLE)
    assert not lessons.teacher_mode()
    student = exercise("02b", 1)
    for shown in (lambda: student.expected, student.solution, lambda: student.params):
        with pytest.raises(PermissionError, match="for the teacher") as err:
            shown()
        assert "32/3" not in str(err.value) and "10.67" not in str(err.value)
        assert 'exercise("02b", 1).check(...)' in str(err.value)
    with pytest.raises(PermissionError, match="pentru profesor"):
        exercise("02", 3, lang="ro").solution()
    # a student checks and asks for hints as before
    assert student.check("10.67").correct and student.hint().verdict == "hint"
    assert student.check(0.09375).verdict == "mistake"
    monkeypatch.setenv(lessons.TEACHER_VARIABLE, "0")
    assert not lessons.teacher_mode()
    monkeypatch.setenv(lessons.TEACHER_VARIABLE, "yes")
    assert lessons.teacher_mode() and student.expected == Fraction(32, 3)


def test_pages_students_read_name_no_answer():
    import json
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[2]
    pages = [root / lesson.notebook(lang) for lesson in lessons.catalog() for lang in ("en", "ro")]
    pages += [root / "docs" / "teachers.md", root / "docs" / "teachers-ro.md", root / "README.md"]
    for page in pages:
        if not page.is_file():
            continue
        body = page.read_text("utf-8")
        if page.suffix == ".ipynb":
            body = "\n".join("".join(c["source"]) for c in json.loads(body)["cells"])
        assert ".solution(" not in body and not re.search(r"\)\.expected\b", body), page.name
        assert lessons.TEACHER_VARIABLE not in body, page.name


def test_a_question_on_the_board_echoes_itself_not_its_answer():
    import pachisi_widget as pw

    for lang, how in (("en", "Answer with a click"), ("ro", "Răspunde cu un clic")):
        w = pw.PachisiWidget(
            game=pw.Game.from_position([[84, 84, 84, 26], None, [84, 84, 50, 64], None], seed=1),
            language=lang,
        )
        w.throw(up=4)
        q = w.ask("capture")
        shown = repr(q)
        assert "frozenset" not in shown and "right" not in shown and "Message(" not in shown
        assert shown.splitlines()[0] == lessons.text(q.prompt.code, q.prompt.params, lang)
        assert len(shown.splitlines()) == len(q.choices) + 2 and how in shown
        assert q.check(0)  # still the same question underneath


def test_a_replay_shows_a_short_summary():
    import pachisi_widget as pw
    from pachisi_widget.replay import Replay

    game = pw.Game(players=2, seed=5)
    for _ in range(6):
        game.throw()
        moves = game.legal_moves()
        if moves and game.phase == "move":
            game.play(moves[0])
    shown = repr(Replay(game))
    assert shown.startswith("<Replay of South and North: ") and " at 0x" not in shown
    assert f"{Replay(game).count} actions" in shown and "seed=5" in shown


# -- a cell the student writes: lessons.task ------------------------------------------------------

# A teacher's answer to each code task, and a typical wrong one.
_TASK_ANSWERS = {
    "00": (lambda step: 84 - step, lambda step: step),
    "01": (lambda x, y: (18 - x, 18 - y), lambda x, y: (y, 18 - x)),
    "02": (
        lambda k, shells: Fraction(math.comb(shells, k), 2**shells),
        lambda k, shells: Fraction(1, shells + 1),
    ),
    "02b": (
        lambda p: next(n for n in range(1, 10**4) if 1 - (1 - p) ** n >= Fraction(1, 2)),
        lambda p: round(1 / p),  # the average wait, not the median
    ),
    "03": (lambda n, g: g ** (n - 1) * (1 - g), lambda n, g: g**n * (1 - g)),
    "04": (
        lambda pool: sum(v + 1 if v in (10, 25, 30) else v for v in pool),
        lambda pool: sum(pool),  # forgets pyada
    ),
    "05": (
        lambda value, captured: 1 if value in (6, 10, 25) or captured else 0,
        lambda value, captured: (value in (6, 10, 25)) + (captured > 0),  # a grace that captures: 2
    ),
    "05b": (lambda q, g: q / (1 - g), lambda q, g: q),
    "06": (lambda k, p: (1 - p) ** k, lambda k, p: 1 - k * p),
    "07": (
        lambda odds, graces: (
            sum(v * p for v, p in odds.items()) / (1 - sum(odds[v] for v in graces if v in odds))
        ),
        lambda odds, graces: sum(v * p for v, p in odds.items()),  # one throw, not a turn
    ),
    "07b": (lambda edge: round((0.98 / edge) ** 2), lambda edge: round(0.98 / edge)),
    "06b": (
        lambda p, n: 1.96 * (p * (1 - p) / n) ** 0.5,
        lambda p, n: 1.96 * p * (1 - p) / n,  # forgets the square root
    ),
    "08": (
        lambda step, behind, reach: sum(1 for s in behind if step - s in reach),
        lambda step, behind, reach: sum(1 for s in behind if abs(step - s) in reach),  # ahead too
    ),
}


def test_the_lessons_with_a_code_task():
    assert set(lessons.TASKS) == set(_TASK_ANSWERS)
    for lesson_id in lessons.TASKS:
        path = lessons.lesson(lesson_id).path("en")
        for lang in ("en", "ro"):
            source = lessons.lesson(lesson_id).path(lang).read_text("utf-8")
            name = lessons.task(lesson_id).name
            assert (
                f"def {name}(" in source and f'task(\\"{lesson_id}\\").check({name})' in source
            ), (
                path,
                lang,
            )


@pytest.mark.parametrize("lesson_id", sorted(_TASK_ANSWERS))
def test_a_code_task_checks_the_students_function(lesson_id):
    right, wrong = _TASK_ANSWERS[lesson_id]
    for lang, yes, no in (("en", "Right!", "Not yet:"), ("ro", "Corect!", "Nu încă:")):
        t = lessons.task(lesson_id, lang=lang)
        said = t.check(right)
        assert said.correct and said.verdict == "right" and said.message.startswith(yes)
        said = t.check(wrong)
        assert not said and said.verdict == "wrong" and said.message.startswith(no)
        assert t.name in said.message and t.hint().message.split(": ", 1)[1] in said.message

        def empty(*args): ...

        assert t.check(...).verdict == "blank" and t.check(empty).verdict == "blank"
        assert t.check(3).verdict == "unreadable"

        def broken(*args):
            raise ZeroDivisionError("division by zero")

        stopped = t.check(broken)
        assert stopped.verdict == "error" and "ZeroDivisionError" in stopped.message
    # a float close to the exact value is right; one far from it is not
    if lesson_id in ("02", "03", "05b", "06", "07"):
        t = lessons.task(lesson_id)
        assert t.check(lambda *a: float(right(*a))).correct
        assert not t.check(lambda *a: float(right(*a)) + 1e-6)


def test_a_code_task_for_a_lesson_without_one_says_which_have_one():
    with pytest.raises(ValueError, match="has no code task; the lessons with one: 00, 01"):
        lessons.task("09")


def test_a_code_tasks_solution_is_right_and_for_the_teacher(monkeypatch):
    from fractions import Fraction as _Fraction
    from math import comb

    for lesson_id in lessons.TASKS:
        t = lessons.task(lesson_id)
        namespace = {"Fraction": _Fraction, "comb": comb}
        exec(f"def {t.name}({', '.join(t.args)}):\n    {t.solution}\n", namespace)
        assert t.check(namespace[t.name]).correct, lesson_id
    monkeypatch.delenv(lessons.TEACHER_VARIABLE)
    with pytest.raises(PermissionError, match=r'task\("02"\)\.check\(p_up\)'):
        lessons.task("02").solution  # noqa: B018


def test_the_feedback_marks_are_drawn_by_debian_s_default_fonts():
    """The marks before a check's message are characters DejaVu Sans has (✔ ≈ ℹ → ✘): the
    circled ⓘ (U+24D8) showed as an empty box there."""
    import html

    from pachisi_widget.lessons import checking

    marks = {html.unescape(mark) for _, mark in checking._VERDICT_STYLE.values()}
    assert marks <= {"✔", "≈", "ℹ", "→", "✘"} and "ⓘ" not in marks
    assert "&#8505;" in exercise("02b", 1).check(...)._repr_html_()  # ℹ


def test_a_task_says_a_wrong_float_with_the_languages_decimal_mark():
    from pachisi_widget.lessons import task

    said = task("06b", lang="ro").check(lambda p, n: 0.125).message
    assert "dă 0,125" in said and "0.125" not in said
    assert "gives 0.125" in task("06b", lang="en").check(lambda p, n: 0.125).message


# -- a capital after "Right!" / "Corect!" and at every sentence of a feedback ---------------------

_SENTENCE_START = re.compile(r"(?:^|[.!?][”»\"')]? )([a-zăâîșț])")
"""A sentence that starts with a small letter: at the start, or after a full stop, "!" or "?"."""


def _small_starts(message: str) -> list:
    """Where a sentence of ``message`` starts with a small letter, outside code, quotations,
    placeholders and calls (``exercise("02", 1).hint()``), decimals and abbreviations."""
    plain = re.sub(
        r"`[^`]*`|„[^”]*”|\"[^\"]*\"|'[^']*'|\{[^}]*\}|\b[\w.]+\([^()]*\)(\.\w+\(\))?", "X", message
    )
    plain = re.sub(r"\w\.\w|\.\.\.|…|\b(e\.g|i\.e|etc|vs|ex|nr)\.", "0", plain)
    return [plain[max(0, m.start() - 30) : m.end() + 20] for m in _SENTENCE_START.finditer(plain)]


def test_small_starts_finds_a_small_letter_after_a_sentence_and_nothing_in_code():
    assert _small_starts("Corect! în ultima rundă")
    assert _small_starts("Right! Your function f is right in 8 cases. a piece on step s")
    assert not _small_starts("Corect! În ultima rundă, 0.5 sau 0,5 (vezi `x. y`) și „da. nu”.")
    assert not _small_starts('Răspunde cu "da. nu" sau exercise("02", 1).hint(), de ex. acum.')


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_every_sentence_of_the_catalogues_starts_with_a_capital(lang):
    """Every message of the language's catalogues (the lessons' explanations, hints and mistakes,
    the checker's words, the board's, the coach's, the errors): no sentence inside it starts with
    a small letter (a message's own first word may: it follows "Right!" / "Corect!", which then
    capitalises it, or the student's answer, or a colon)."""
    from pachisi_widget.words import catalogue as words_catalogue

    found = []
    for domain in words_catalogue.domains(lang):
        for code, message in words_catalogue.messages(lang, domain).items():
            found += [(domain, code, where) for where in _small_starts("X " + message)]
    assert not found, "\n".join(f"{d} {c}: …{w}…" for d, c, w in found)


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_what_follows_right_starts_with_a_capital(lang):
    """The explanation after "Right!" / "Corect!" is a sentence of its own, a capital first: for
    every exercise's answer (its solution too) and every code task's right function, whose
    explanation follows the count of cases."""
    found = []
    for lesson_id, number in KEYS:
        ex = exercise(lesson_id, number, lang=lang)
        right = ex.check(ex.expected)
        assert right.message.startswith(SAID[lang]["right"]), right.message
        for said in (right, ex.solution()):  # the solution: "The answer: .... Why: ..."
            found += [(f"{lesson_id}.{number}", w) for w in _small_starts(said.message)]
    for lesson_id in lessons.TASKS:
        t = lessons.task(lesson_id, lang=lang)
        cases = list(t._cases)

        def answer(*args, cases=cases):
            return next(want for given, want in cases if list(given) == list(args))

        said = t.check(answer)
        assert said.correct, (lesson_id, said.message)
        found += [(f"task {lesson_id}", w) for w in _small_starts(said.message)]
    assert not found, "\n".join(f"{k}: …{w}…" for k, w in found)
