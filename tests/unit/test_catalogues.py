"""The translators' files (pachisi_widget/locale/<lang>/<domain>.po), checked generically: every
language has every domain and code of the English template, each translation is made from the
English it sits beside (not fuzzy, not empty), with the same placeholders; Plural-Forms; no
cedilla in Romanian; the files read back as written. And scripts/words.py update does what
msgmerge does, tried in a temporary folder."""

from __future__ import annotations

import pathlib
import shutil
import string
import subprocess
import sys

import pytest

from pachisi_widget import words
from pachisi_widget.words import catalogue, tools

ROOT = pathlib.Path(__file__).resolve().parents[2]
LOCALE = ROOT / "pachisi_widget" / "locale"


def test_the_catalogues_have_no_problems():
    found = tools.problems(LOCALE)
    assert not found, "\n".join(found)


def test_every_language_has_every_domain():
    english = catalogue.domains("en")
    assert {"board", "errors", "coach", "labels", "words", "rules"} <= set(english)
    for lang in catalogue.languages():
        assert catalogue.domains(lang) == english, lang
    assert words.LANGUAGES == catalogue.languages() == ("en", "ro")


@pytest.mark.parametrize("lang", catalogue.languages())
def test_plural_forms_in_every_file(lang):
    for domain in catalogue.domains(lang):
        forms = catalogue.header(list(catalogue.read(lang, domain))).get("Plural-Forms", "")
        assert "nplurals=" in forms and "plural=" in forms, (lang, domain)


def test_romanian_plural_forms_are_the_de_rule():
    # 1: the singular; 2..19 and 101..119: no "de"; 0 and 20..99 (of each hundred): "de"
    index = {n: catalogue.plural_index(n, "ro") for n in (1, 2, 19, 20, 21, 25, 100, 101, 119, 120)}
    assert index == {1: 0, 2: 1, 19: 1, 20: 2, 21: 2, 25: 2, 100: 2, 101: 1, 119: 1, 120: 2}


def test_no_cedilla_in_romanian():
    for path in (LOCALE / "ro").rglob("*.po"):
        text = path.read_text(encoding="utf-8")
        assert not set(text) & set("şţŞŢ"), path.name


@pytest.mark.parametrize(
    "path", sorted(LOCALE.rglob("*.po")), ids=lambda p: f"{p.parent.name}/{p.name}"
)
def test_parse_and_dump_round_trip(path):
    raw = path.read_text(encoding="utf-8")
    entries = catalogue.parse(raw)
    assert catalogue.parse(catalogue.dump(entries)) == entries
    # the files are kept as dump writes them (one line a string, so that diffs stay small):
    # after saving one with Poedit, `python scripts/words.py update` writes it so again
    assert catalogue.dump(entries) == raw, "run: python scripts/words.py update"


def test_a_file_as_gettext_tools_write_it_reads_the_same():
    # msgmerge and Poedit wrap long strings, write source references, and keep obsolete entries
    wrapped = (
        "#: pachisi_widget/engine.py:12\n"
        "#. moves\n"
        "#, fuzzy, python-brace-format\n"
        '#| msgctxt "move"\n'
        '#| msgid "{seat} moves."\n'
        'msgctxt "move"\n'
        'msgid ""\n'
        '"{seat} moves a piece {start:from_step} "\n'
        '"{end:to_step} with the {value}."\n'
        'msgstr ""\n'
        '"{seat} mută o piesă "\n'
        '"\\"acum\\"."\n'
        "\n"
        '#~ msgctxt "gone"\n'
        '#~ msgid "Gone."\n'
        '#~ msgstr "Dispărut."\n'
    )
    (e,) = catalogue.parse(wrapped)
    assert e.context == "move" and e.comments == ("moves",) and e.fuzzy
    assert e.msgid == "{seat} moves a piece {start:from_step} {end:to_step} with the {value}."
    assert e.msgstr == ('{seat} mută o piesă "acum".',) and e.previous == "{seat} moves."
    assert catalogue.parse(catalogue.dump([e])) == [e]


def test_a_code_is_in_one_sentence_domain_only():
    seen: dict = {}
    for domain in words.SENTENCE_DOMAINS:
        for code in catalogue.messages("en", domain):
            assert code not in seen, (code, seen.get(code), domain)
            seen[code] = domain


@pytest.mark.parametrize("lang", catalogue.languages())
def test_every_sentence_renders_without_holes(lang):
    formatter = string.Formatter()
    for code, template in words.sentences(lang).items():
        names = {f for _, f, _, _ in formatter.parse(template) if f}
        out = words.text(code, {n: 1 for n in names}, lang)
        # no parameter left unfilled ("?"); a brace written on purpose is doubled in the template
        assert "?" not in out or "?" in template, (lang, code, out)
        assert "{" not in out or "{{" in template, (lang, code, out)
        assert out.strip(), (lang, code)


# -- scripts/words.py: check and update ------------------------------------------------------------


def _po(entries) -> str:
    head = catalogue.Entry("", "", ("Language: xx\nPlural-Forms: nplurals=2; plural=(n != 1);\n",))
    return catalogue.dump([head, *entries])


E = catalogue.Entry


@pytest.fixture
def locale(tmp_path):
    root = tmp_path / "locale"
    (root / "en").mkdir(parents=True)
    (root / "ro").mkdir()
    (root / "en" / "board.po").write_text(
        _po(
            [
                E("pass", "{seat} passes.", ("",), comments=("moves",)),
                E("kept", "Kept.", ("",)),
                E("new", "A new sentence.", ("",)),
                E("noun.steps", "1 step", ("", ""), "{n} steps"),
            ]
        ),
        encoding="utf-8",
    )
    (root / "ro" / "board.po").write_text(
        _po(
            [
                E("gone", "Gone.", ("Dispărut.",)),
                E("pass", "{seat} passes by.", ("{seat} trece.",)),
                E("kept", "Kept.", ("Păstrat.",)),
                E("noun.steps", "1 step", ("un pătrat", "{n} pătrate"), "{n} steps"),
            ]
        ),
        encoding="utf-8",
    )
    return root


def test_check_lists_what_is_wrong(locale):
    found = "\n".join(tools.problems(locale))
    assert "ro/board.po: pass: its msgid is not the English" in found
    assert "ro/board.po: new: missing" in found
    assert "ro/board.po: gone: no such code" in found
    assert "kept" not in found


def test_update_marks_changed_english_fuzzy_adds_and_drops(locale):
    changes = tools.update(locale)
    assert any("pass: the English changed" in c for c in changes)
    assert any("new: added" in c for c in changes)
    assert any("gone: dropped" in c for c in changes)
    ro = {e.context: e for e in catalogue.parse((locale / "ro" / "board.po").read_text("utf-8"))}
    assert set(ro) == {"", "pass", "kept", "new", "noun.steps"}
    assert ro["pass"].msgid == "{seat} passes." and ro["pass"].fuzzy
    assert ro["pass"].previous == "{seat} passes by." and ro["pass"].msgstr == ("{seat} trece.",)
    assert ro["pass"].comments == ("moves",)
    assert ro["new"].fuzzy and ro["new"].msgstr == ("",)
    assert not ro["kept"].fuzzy and ro["kept"].msgstr == ("Păstrat.",)
    text = (locale / "ro" / "board.po").read_text("utf-8")
    assert '#, fuzzy\n#| msgid "{seat} passes by."\nmsgctxt "pass"' in text
    # a fuzzy or untranslated entry is not used: the English shows instead, and check fails
    found = "\n".join(tools.problems(locale))
    assert "pass: fuzzy" in found and "new: fuzzy" in found and "new: not translated" in found
    assert "msgid is not the English" not in found
    # a second update changes nothing, and keeps the English the translation was made from
    assert tools.update(locale) == []
    again = {e.context: e for e in catalogue.parse((locale / "ro" / "board.po").read_text("utf-8"))}
    assert again == ro


def test_update_creates_a_missing_domain(locale):
    (locale / "en" / "labels.po").write_text(_po([E("undo", "Undo", ("",))]), encoding="utf-8")
    tools.update(locale)
    ro = catalogue.parse((locale / "ro" / "labels.po").read_text("utf-8"))
    assert [e.context for e in ro] == ["", "undo"] and ro[1].fuzzy
    assert "Language: ro" in ro[0].msgstr[0]


def test_the_script_checks_and_updates(locale, tmp_path):
    script = ROOT / "scripts" / "words.py"
    run = [sys.executable, str(script)]
    bad = subprocess.run([*run, "check", "--locale", str(locale)], capture_output=True, text=True)
    assert bad.returncode == 1 and "pass: its msgid is not the English" in bad.stdout
    subprocess.run([*run, "update", "--locale", str(locale)], check=True, capture_output=True)
    ok = subprocess.run([*run, "check", "--locale", str(LOCALE)], capture_output=True, text=True)
    assert ok.returncode == 0, ok.stdout
    copy = tmp_path / "copy"
    shutil.copytree(LOCALE, copy)
    assert tools.update(copy) == []  # the package's own files are in step already


SAME_IN_BOTH = {
    "coach_exact",
    "heat_square",
    "tour_col_rank",
    "tour_col_rating",
    "check_problems",
    "q_percent",  # "35,7%": the number carries the decimal comma, the sign sits as in English
}
"""Sentences whose words are the same in both languages ("exact" is Romanian too; a heat map's
square says "{what}: {pct}", the words coming from its parameters)."""


def test_a_translation_is_not_a_copy_of_the_english():
    for domain in words.SENTENCE_DOMAINS:
        for e in catalogue.read("ro", domain):
            if e.context and e.msgid_plural is None:
                assert e.msgstr[0] != e.msgid or e.context in SAME_IN_BOTH, (domain, e.context)
