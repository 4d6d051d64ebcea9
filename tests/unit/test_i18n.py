"""The catalogues of words: both languages alike, Romanian grammar of numbers and nouns, and no
English left in Romanian mode (narration, refusals, the widget's errors, the static picture, the
exercise checker)."""

from __future__ import annotations

import json
import pathlib
import re
import string
import xml.etree.ElementTree as ET

import pytest

import pachisi_widget as pw
from pachisi_widget import i18n, lessons, svg
from pachisi_widget.errors import PositionError, RecordError
from pachisi_widget.i18n import CATALOGUES, Message, count, text

NUMBERS = (1, 2, 19, 20, 21, 25, 100, 101, 119)

ENGLISH = frozenset(
    re.findall(
        r"\w+",
        """the of and or to with from on in is was be not no must can cannot only again
    piece pieces throw throws thrown step steps square squares move moves moved grace graces
    capture captures captured home pass passes seat seats south east north west human player
    players error errors game record turn board invalid wrong expected missing unknown action
    actions kind end value values round rounds mouth mouths up count counts released release
    entering enter enters new loaded undo undone taken back right quite hint answer yet none
    whole number seed rules table castle opponent opponents""",
    )
)
"""Words that must never show in a Romanian text (Romanian has none of these words: "a", "are",
"exact", "start" and "computer" are Romanian words too, so they are not listed)."""

_PLACEHOLDER = re.compile(r"\{\w*(:\w*)?\}")

_QUOTED = re.compile(r'"[^"]*"|„[^”]*”|\'[^\']*\'')


def english_words(ro: str) -> set:
    """The English words of a Romanian text, echoes of the user's own input (quoted) aside."""
    bare = _QUOTED.sub(" ", ro)
    return {w for w in re.findall(r"\w+", bare) if w.lower() in ENGLISH}


def fields(template: str) -> dict:
    """{placeholder: format spec} of a template."""
    return {f: spec for _, f, spec, _ in string.Formatter().parse(template) if f}


# -- sample parameters for every placeholder -------------------------------------------------------

SEAT_KEYS = {"seat", "to_move", "holder", "capturer", "partner", "other"}
LIST_KEYS = {"pool", "pending", "values", "graces"}
TEXT_SAMPLES = {
    "who": {"en": "South", "ro": "Sud"},
    "got": '"x"',
    "key": "seed",
    "fields": "['zz']",
    "filename": "pachisi-7-3.json",
    "kind": '"zz"',
    "table": "murray7",
    "type": "list",
    "field": "start_to_move",
    "position": "[[0, 0, 0, 0], null, [1, 0, 0, 0], null]",
    "opening": "[[[0, 3], [2, 1]]]",
    "why": "3 + 4 = 7",
    "hint": "3 + 4",
    "answer": "6",
    "expected": '"pachisi_widget.game"',
    "seats": [0, 2],
    "presets": ["classic", "mitra"],
    "agents": ["random", "greedy", "castle_waiter"],
    "detail": Message("position_step_range", {"seat": 2, "got": "99"}),
    "cause": Message("castle_held", {"end": 12, "holder": 1}),
    "action": Message("undo_item_move", {"seat": 0, "start": 12, "end": 16}),
    "actions": [
        Message("undo_item_throw", {"seat": 0, "value": 10}),
        Message("undo_item_move", {"seat": 1, "start": 0, "end": 1}),
    ],
}


def sample(code: str, n: int, lang: str) -> dict:
    """Parameters for every placeholder of ``code``, each number ``n``."""
    out = {}
    for name in set(fields(CATALOGUES["en"][code])) | set(fields(CATALOGUES["ro"][code])):
        if name in SEAT_KEYS:
            out[name] = 2
        elif name in LIST_KEYS:
            out[name] = [n, 3]
        elif name == "victims":
            out[name] = [[2, n], [3, 1]]
        elif name in TEXT_SAMPLES:
            v = TEXT_SAMPLES[name]
            out[name] = v[lang] if isinstance(v, dict) else v
        else:
            out[name] = n
    return out


def rendered(lang: str):
    """(code, n, sentence) for every template and every test number."""
    for code in sorted(CATALOGUES[lang]):
        for n in NUMBERS:
            yield code, n, text(code, sample(code, n, lang), lang)


# -- both languages alike --------------------------------------------------------------------------

# Codes, placeholders and translations of both languages: tests/test_catalogues.py checks the
# translators' files themselves.


def test_every_format_spec_is_a_noun_or_a_step():
    known = set(i18n.NOUNS["en"]) | {"at_step", "from_step", "to_step", "of"}
    for lang in i18n.LANGUAGES:
        for code, template in CATALOGUES[lang].items():
            for name, spec in fields(template).items():
                assert not spec or spec in known, (lang, code, name, spec)


def test_seats_and_letters():
    assert i18n.SEATS["ro"] == ("Sud", "Est", "Nord", "Vest")
    assert i18n.SEAT_LETTERS["ro"] == ("S", "E", "N", "V")  # no W in Romanian
    assert i18n.SEAT_LETTERS["en"] == ("S", "E", "N", "W")


def test_names_of_presets_and_computer_players():
    from pachisi_widget.agents import AGENTS

    assert set(i18n.PRESET_NAMES["en"]) == set(pw.PRESETS)
    assert set(i18n.AGENT_NAMES["en"]) == set(AGENTS) | {"human"}
    assert i18n.PRESET_NAMES["ro"] == {
        "classic": "clasic",
        "seven_cowries": "șapte coji",
        "cowrie_skill": "aruncători pricepuți",
        "mitra": "Mitra",
    }
    ro = i18n.AGENT_NAMES["ro"]
    assert (ro["random"], ro["greedy"], ro["runner"]) == ("aleator", "lacom", "alergător")
    assert (ro["castle_waiter"], ro["expectimax"], ro["human"]) == (
        "așteaptă la castel",
        "expectimax",
        "jucător uman",
    )


def test_shortcuts_follow_the_button_words():
    for lang in i18n.LANGUAGES:
        labels = i18n.LABELS[lang]
        keys = [labels[f"key_{a}"] for a in ("throw", "pass", "undo")]
        assert len(set(keys)) == 3
        for action, key in zip(("throw", "pass", "undo"), keys, strict=True):
            assert labels[action].lower().startswith(key), (lang, action, key)
    assert i18n.LABELS["ro"]["undo"] == "Ia înapoi" and i18n.LABELS["ro"]["decimal_point"] == ","


REPO = pathlib.Path(__file__).resolve().parents[2]
FRONT_END = sorted((REPO / "js").glob("*.js")) + sorted((REPO / "js" / "panels").glob("*.js"))
FRONT_END = [f for f in FRONT_END if not f.name.endswith(".test.js")]


def test_every_label_the_front_end_reads_is_in_the_catalogue():
    """The board's words come from LABELS (sent in the state), never written in the front end."""
    read = set()
    for f in FRONT_END:
        src = f.read_text(encoding="utf-8")
        read |= set(re.findall(r"\blabels\??\.(\w+)", src))
        read |= set(re.findall(r"\blabels\??\.?\[\s*[\"'](\w+)[\"']", src))
        for row in re.findall(r"\[\s*\"[\w-]+\",\s*\"(\w+)\",\s*(?:\"(\w+)\"|null)\s*\]", src):
            read |= {k for k in row if k}  # the controls' [action, label key, shortcut key]
    assert read, "no labels found: the pattern no longer matches the front end"
    assert not read - set(i18n.LABELS["en"]), sorted(read - set(i18n.LABELS["en"]))


def test_the_front_end_and_the_adapter_repeat_no_sentence_of_the_catalogue():
    """One catalogue per language: no label or sentence is written again in widget.py, view.py
    or the front end (as a fallback or a copy), and the front end has no English fallbacks."""
    sources = {f.name: f.read_text(encoding="utf-8") for f in FRONT_END}
    for name in ("widget.py", "view.py"):
        sources[name] = (REPO / "pachisi_widget" / name).read_text(encoding="utf-8")
    words = {
        v
        for lang in i18n.LANGUAGES
        for table in (i18n.LABELS, i18n.CATALOGUES)
        for v in table[lang].values()
        if len(v) >= 8 and " " in v and not fields(v)
    }
    for name, src in sources.items():
        for v in words:
            assert f'"{v}"' not in src and f"'{v}'" not in src, (name, v)
        if name.endswith(".js"):
            fallback = re.findall(r"\?\?\s*[\"'`][A-Z][a-z]{2,}[^\"'`]*[\"'`]", src)
            assert not fallback, (name, fallback)


# -- numbers and nouns -----------------------------------------------------------------------------


def test_count_romanian():
    assert [count(n, "steps", "ro") for n in NUMBERS] == [
        "un pătrat",
        "2 pătrate",
        "19 pătrate",
        "20 de pătrate",
        "21 de pătrate",
        "25 de pătrate",
        "100 de pătrate",
        "101 pătrate",
        "119 pătrate",
    ]
    assert count(1, "pieces", "ro") == "o piesă" and count(1, "throws", "ro") == "o aruncare"
    assert (
        count(20, "pieces", "ro") == "20 de piese"
        and count(120, "throws", "ro") == "120 de aruncări"
    )
    assert count(1, "mouths", "ro") == "o gură" and count(0, "mouths", "ro") == "nicio gură"


def test_count_english():
    assert count(1, "steps") == "1 step" and count(2, "steps") == "2 steps"
    assert count(21, "pieces") == "21 pieces" and count(0, "mouths") == "0 mouths"


def test_decimal_comma():
    assert i18n.number(0.6, "ro") == "0,6" and i18n.number(0.6, "en") == "0.6"


_RO_PLURALS = "|".join(plural for _, plural in i18n.NOUNS["ro"].values())
_RO_NUMBER_NOUN = re.compile(rf"(?<![\d.,])(\d+) (de )?({_RO_PLURALS})\b")
_EN_PLURALS = "|".join(plural for _, plural in i18n.NOUNS["en"].values())
_EN_SINGULARS = "|".join(one.split(" ", 1)[1] for one, _ in i18n.NOUNS["en"].values())


def test_every_romanian_template_agrees_with_its_numbers():
    seen = set()
    for code, _n, ro in rendered("ro"):
        # a "?" is a missing parameter, unless the template asks a question itself
        asked = CATALOGUES["ro"][code].count("?")
        assert not _PLACEHOLDER.search(ro) and ro.count("?") == asked, (code, ro)
        for number, de, _noun in _RO_NUMBER_NOUN.findall(ro):
            k = int(number)
            wants_de = k >= 20 and (k % 100 == 0 or k % 100 >= 20)
            assert k != 1, (code, ro)  # "1 pătrate": one takes the singular
            assert bool(de) == wants_de, (code, ro)
            seen.add((k, bool(de)))
    assert {(2, False), (19, False), (20, True), (21, True), (100, True), (101, False)} <= seen


def test_romanian_numbers_in_narration():
    assert "au rămas 1 pătrate" not in text("split_part", {"left": 1, "value": 2}, "ro")
    assert text("split_part", {"left": 1, "value": 2}, "ro") == (
        "Aruncare împărțită: aruncarea de 2 mai are un pătrat pentru alte piese."
    )
    assert "21 de pătrate" in text("split_part", {"left": 21, "value": 25}, "ro")
    assert "la 2 pătrate de casă" in text(
        "overshoot", {"start": 82, "home_in": 2, "distance": 3}, "ro"
    )
    assert "la un pătrat de casă" in text(
        "overshoot", {"start": 83, "home_in": 1, "distance": 3}, "ro"
    )
    ro = text("enter_count", {"seat": 0, "value": 25, "distance": 25, "end": 25}, "ro")
    assert "avansează 25 de pătrate" in ro and "cu harul de 25" in ro
    assert text("pyada_earned", {"seat": 0, "value": 30, "steps": 31}, "ro") == (
        "Cu pyada, aruncarea de 30 duce piesa 31 de pătrate (toate piesele lui Sud au intrat)."
    )


def test_english_templates_agree_with_their_numbers():
    for code, _n, en in rendered("en"):
        asked = CATALOGUES["en"][code].count("?")
        assert not _PLACEHOLDER.search(en) and en.count("?") == asked, (code, en)
        assert not re.search(rf"(?<![\d.,])1 ({_EN_PLURALS})\b", en), (code, en)
        for number, _noun in re.findall(rf"(?<![\d.,])(\d+) ({_EN_SINGULARS})\b", en):
            assert number == "1", (code, en)


def test_one_throw_is_singular():
    assert text("series_done", {"seat": 0, "pool": [7]}, "ro") == (
        "Sud folosește acum aruncarea de 7."
    )
    assert text("series_done", {"seat": 0, "pool": [7, 3]}, "ro") == (
        "Sud folosește acum aruncările de 7 și de 3, câte una la fiecare mutare, în orice ordine."
    )
    assert text("series_done", {"seat": 0, "pool": [7]}) == "South now spends the throw of 7."
    assert "the throw of 25 or pass" in text("move_due", {"seat": 0, "pending": [25]})
    assert "aruncările de 25 și de 3 sau" in text("move_due", {"seat": 0, "pending": [25, 3]}, "ro")


# -- no English in Romanian ------------------------------------------------------------------------


def test_no_english_word_in_any_romanian_template():
    for code, _n, ro in rendered("ro"):
        assert not english_words(ro), (code, english_words(ro), ro)
    for key, label in i18n.LABELS["ro"].items():
        assert not english_words(label), (key, label)


def test_words_of_the_glossary():
    ro = CATALOGUES["ro"]
    every = " ".join(ro.values()) + " " + " ".join(i18n.LABELS["ro"].values())
    for wrong in ("aterizează", "ateriza", "Aruncări de mutat", "punctele lui", "scoate", "Anulat"):
        assert wrong not in every, wrong
    assert not re.search(r"\bom\b", every)
    # undo is "luat înapoi"; "anulat" belongs to cancelled throws only
    for code in ("undone", "undone_several", "nothing_to_undo"):
        assert "anul" not in ro[code] and "înapoi" in ro[code]
    assert "anul" not in i18n.LABELS["ro"]["undo"]
    # a release is never an exact count
    assert "exact" not in ro["release"] and "exact" not in CATALOGUES["en"]["release"]
    assert ro["turn"] == "La rând: {seat}." and i18n.LABELS["ro"]["to_move"] == "La rând"
    assert "(valoarea harului nu se adaugă)" in ro["enter_square1"]
    assert ro["new_game"] == "Joc nou: începe {seat}."
    assert ro["setup"].startswith("Poziția a fost pregătită.")
    assert ro["saved"] == "Jocul se descarcă în fișierul {filename}."
    assert i18n.LABELS["ro"]["pending"] == "Aruncări de folosit"
    assert i18n.LABELS["ro"]["human"] == "jucător uman"


def test_grace_sentences_never_promise_a_throw_after_using_it():
    for code in ("grace_lost", "grace_series"):
        assert "after" not in CATALOGUES["en"][code] and "după ce" not in CATALOGUES["ro"][code]
    assert text("grace_lost", {"seat": 0, "value": 25}) == (
        "Grace! But the 25 cannot be used and is lost; South still throws again."
    )
    assert text("grace_enter", {"seat": 0}, "ro") == (
        "Har! Sud poate introduce o piesă pe tablă și aruncă din nou."
    )
    assert "Three 7s in a row" in text("cancelled_same", {"value": 7, "values": [7, 7, 7]})
    assert "high" not in CATALOGUES["en"]["cancelled_same"]


def test_captured_pieces_in_words():
    p = {"seat": 0, "victims": [[2, 2]], "end": 20}
    assert text("capture", p) == (
        "South captures two pieces of North on step 20; they go back to the Charkoni and can "
        "re-enter only with a grace."
    )
    assert text("capture", p, "ro") == (
        "Sud capturează două piese ale lui Nord pe pătratul 20; ele se întorc în Charkoni și pot "
        "reintra doar cu un har."
    )
    one = text("capture", {"seat": 0, "victims": [[1, 1], [3, 1]], "end": 30}, "ro")
    assert "o piesă a lui Est și o piesă a lui Vest" in one and "ele se întorc" in one
    assert text("label_captures", {"victims": [[2, 2]]}) == ", capturing two pieces of North"


def test_step_zero_and_84_are_words():
    assert text("move", {"seat": 0, "start": 80, "end": 84, "value": 4}, "ro") == (
        "Sud mută o piesă de pe pătratul 80 acasă cu aruncarea de 4."
    )
    assert "pătratul 84" not in text(
        "not_legal", {"seat": 0, "start": 0, "end": 84, "value": 6}, "ro"
    )


def test_nested_sentences_in_the_same_language():
    detail = Message(
        "record_action",
        {"index": 4, "count": 9, "cause": Message("not_your_turn", {"seat": 0, "to_move": 2})},
    )
    assert text("bad_record", {"detail": detail}, "ro") == (
        "Fișierul nu a putut fi încărcat, deci jocul curent se păstrează: acțiunea 4 din 9: la "
        "rând este Nord, nu Sud."
    )
    assert text("bad_record", {"detail": detail}) == (
        "The file could not be loaded, so the current game is kept: action 4 of 9: it is "
        "North's turn, not South's."
    )


# -- errors ----------------------------------------------------------------------------------------


def test_errors_carry_a_code_and_params():
    err = RecordError.from_code(
        "record_format", {"got": '"chess"', "expected": '"pachisi_widget.game"'}
    )
    assert isinstance(err, ValueError) and err.code == "record_format"
    assert (
        str(err)
        == 'not a pachisi_widget game record: format is "chess", expected "pachisi_widget.game"'
    )
    assert i18n.error_text(err, "ro").startswith("nu este o înregistrare de joc pachisi_widget")
    pos = PositionError.from_code("position_piece_count", {"seat": 0, "got": "[1, 2, 3]"})
    assert isinstance(pos, ValueError) and isinstance(pos, pw.PachisiError)
    assert str(pos) == "South must have exactly 4 pieces, not [1, 2, 3]"
    assert i18n.error_text(pos, "ro") == "Sud trebuie să aibă exact 4 piese, nu [1, 2, 3]"
    assert pw.PachisiError("plain").code is None and pw.RecordError("plain").params == {}
    illegal = pw.IllegalMoveError("m", "castle_held", {"end": 12, "holder": 1})
    assert i18n.error_text(illegal, "ro").startswith("Pătratul 12 este un castel ocupat de Est")


def test_an_error_without_a_code_is_never_english_in_romanian():
    err = ValueError("seat 0 (South) must have exactly 4 pieces, not [1, 2, 3]")
    assert i18n.error_text(err, "en") == str(err)
    ro = i18n.error_text(err, "ro")
    assert ro == "datele nu sunt valide" and not english_words(ro)
    assert i18n.error_text(pw.GameOverError("the game is over: no more throws"), "ro").startswith(
        "Jocul s-a încheiat"
    )


# -- rules in words --------------------------------------------------------------------------------


def test_presets_are_named_and_custom_rules_are_words():
    for name in pw.PRESETS:
        assert i18n.rules_text(pw.Rules.preset(name), "ro") == i18n.PRESET_NAMES["ro"][name]
    every = pw.Rules(
        throw_table="murray7",
        p_mouth_up=0.4,
        entry_graces=frozenset({10, 25}),
        bonus_graces=frozenset({7}),
        first_piece_any_throw=False,
        entry_mode="count_from_charkoni",
        grace_moves_before_all_entered=True,
        split_throw=True,
        capture_extra_throw=False,
        castle_blocks_enemy=False,
        last_square_release=frozenset(),
        must_capture_before_home=True,
        revenge_rule=True,
        turn_mode="throw_then_move",
        cancel_three=True,
        pyada=True,
        teams=True,
    )
    for lang in i18n.LANGUAGES:
        words = i18n.rules_text(every, lang)
        assert "=" not in words and "frozenset" not in words and "True" not in words
    ro = i18n.rules_text(every, "ro")
    assert "0,4" in ro and not english_words(ro), ro
    assert i18n.rules_text(pw.Rules(throw_table="wiki7"), "ro") == "clasic, tabelul wiki7 (7 coji)"


# -- the widget in Romanian ------------------------------------------------------------------------


BAD_INTENTS = [
    None,
    [],
    "throw",
    {},
    {"kind": "dance"},
    {"kind": ["throw"]},
    {"kind": "throw", "up": 9},
    {"kind": "throw", "up": "2"},
    {"kind": "move"},
    {"kind": "move", "id": 3},
    {"kind": "move", "id": "no-such-id"},
    {"kind": "new_game", "players": 5},
    {"kind": "new_game", "seed": "7"},
    {"kind": "new_game", "preset": "chess"},
    {"kind": "set_seat", "seat": 1, "player": "random"},
    {"kind": "set_seat", "seat": 0, "player": "alphazero"},
    {"kind": "set_language", "language": "fr"},
    {"kind": "step"},
    {"kind": "pass"},
    {"kind": "undo"},
    {"kind": "load", "text": "{not json"},
    {"kind": "load", "text": "[]"},
    {"kind": "load", "text": json.dumps({"format": "chess", "version": 1})},
    {"kind": "load", "text": json.dumps({"format": "pachisi_widget.game", "version": 999})},
    {"kind": "load", "text": ""},
    {"kind": "load", "text": 3},
    {"kind": "setup", "positions": [[0, 0, 0, 99], None, [0, 0, 0, 0], None]},
    {"kind": "setup", "positions": [[0, 0, 0], None, [0, 0, 0, 0], None]},
    {"kind": "setup", "positions": [[20, 0, 0, 0], None, [54, 0, 0, 0], None]},
    {"kind": "setup", "positions": [[0, 0, 0, 0], None, None, None]},
    {"kind": "setup", "positions": "0,0,0,0"},
    {"kind": "setup", "positions": [[0, 0, 0, 0], None, [0, 0, 0, 0], None], "to_move": 1},
]


@pytest.fixture
def ro_widget():
    return pw.PachisiWidget(players=2, seed=7, language="ro", animate=False)


@pytest.mark.parametrize("intent", BAD_INTENTS, ids=lambda i: json.dumps(i)[:40])
def test_romanian_widget_refuses_in_romanian(ro_widget, intent):
    assert ro_widget.handle_intent(intent) is False
    assert ro_widget.status_kind == "error"
    status = ro_widget.status
    assert status and not english_words(status), status


def test_romanian_widget_refuses_a_record_that_breaks_the_rules(ro_widget):
    ro_widget.throw(up=3)
    record = ro_widget.game.to_dict()
    record["actions"][-1] = {"throw": 9, "forced": True}
    assert ro_widget.handle_intent({"kind": "load", "text": json.dumps(record)}) is False
    assert ro_widget.status.startswith("Fișierul nu a putut fi încărcat")
    assert not english_words(ro_widget.status), ro_widget.status


def test_romanian_widget_texts(ro_widget):
    w = ro_widget
    st = w.state
    assert st["seat_letters"] == ["S", "E", "N", "V"] and st["labels"]["undo"] == "Ia înapoi"
    assert st["rules"] == "clasic" and st["preset_names"]["cowrie_skill"] == "aruncători pricepuți"
    assert st["agent_labels"]["castle_waiter"] == "așteaptă la castel"
    assert st["up_texts"][1] == "o gură în sus" and st["up_texts"][2] == "2 guri în sus"
    seat = i18n.SEATS["ro"][w.game.to_move]
    assert w.status == f"Joc nou: începe {seat}."
    w.throw(up=3)
    w.play(next(m for m in w.game.legal_moves() if m.kind != "pass"))
    w.undo()
    assert w.status == f"Mutarea lui {seat} din Charkoni pe pătratul 3 a fost luată înapoi."
    w.undo()
    assert w.status == f"Aruncarea de 3 a lui {seat} a fost luată înapoi."
    w.set_position([[0, 12, 12, 59], None, [3, 0, 0, 0], None], to_move=2)
    assert w.status == "Poziția a fost pregătită. La rând: Nord."
    w.new_game(rules=pw.Rules.preset("mitra").replace(split_throw=True))
    assert w.state["rules"] == "Mitra, aruncări împărțite"
    for line in w.log + [w.status]:
        assert not english_words(line), line


def test_romanian_widget_undo_back_to_the_human_names_every_action():
    v = pw.PachisiWidget(players=2, seed=4, computer={2: "greedy"}, animate=False, language="ro")
    v.play_computers()
    v.throw(up=2)
    v.play(next(m for m in v.game.legal_moves() if m.kind != "pass"))
    v.play_computers()
    assert v.handle_intent({"kind": "undo"})
    assert v.status.startswith("Au fost luate înapoi: mutarea lui Sud ")
    assert "aruncarea de " in v.status and " a lui Nord" in v.status
    assert not english_words(v.status)


def test_romanian_move_labels():
    g = pw.Game.from_position([[16, 83, 84, 84], None, [0, 0, 0, 0], None], seed=1)
    ro = pw.PachisiWidget(game=g, language="ro")
    ro.throw(up=1)  # a 10
    labels = [m["label"] for m in ro.legal_moves]
    assert "Sud: mută piesa de pe pătratul 83 acasă cu aruncarea de 10" in labels
    assert "Sud: trece" in labels
    for label in labels:
        assert not english_words(label), label


# -- the static picture and the exercise checker ---------------------------------------------------


def test_static_picture_in_romanian():
    g = pw.Game.from_position(
        [[0, 12, 12, 59], [84, 0, 8, 8], [3, 81, 0, 0], [84, 84, 84, 70]], to_move=0, seed=3
    )
    text_ro = svg.board_svg(g.state, lang="ro")
    root = ET.fromstring(text_ro)
    words = " ".join(root.itertext()) + " " + root.get("aria-label")
    desc = root.find("{http://www.w3.org/2000/svg}desc").text  # the notation, not words
    words = words.replace(desc, " ")
    assert "Tabla de Pachisi" in words and "La rând" in words and "Vest" in words
    assert not english_words(words), english_words(words)
    letters = [
        t.text
        for g_ in root.iter("{http://www.w3.org/2000/svg}g")
        if "pachisi-piece " in g_.get("class", "") + " "
        for t in g_.iter("{http://www.w3.org/2000/svg}text")
        if t.text in ("S", "E", "N", "V", "W")
    ]
    assert "V" in letters and "W" not in letters
    assert "Sud are 2 piese pe pătratul 12" in words
    assert "Sud are o piesă pe pătratul 59, pe drumul spre casă" in words


def test_static_picture_language_setting(monkeypatch):
    g = pw.Game(players=2, seed=1)
    monkeypatch.setattr(svg, "LANGUAGE", "ro")
    assert "Tabla de Pachisi" in g._repr_svg_()
    with pytest.raises(ValueError, match="lang"):
        svg.board_svg(g.state, lang="fr")


def test_exercise_checker_in_romanian(monkeypatch):
    from fractions import Fraction

    right = lessons.check(Fraction(1, 64), Fraction(1, 64), why="o cale din 64", lang="ro")
    assert right.correct and right.message == "Corect! O cale din 64"  # a capital after "!"
    wrong = lessons.check(0.5, Fraction(1, 64), why="x", hint="numără căile", lang="ro")
    assert wrong.message == "Nu chiar: 0.5 nu este răspunsul. Indiciu: numără căile"
    monkeypatch.setattr(lessons, "LANGUAGE", "ro")
    blank = lessons.check(..., 3, why="trei")
    assert blank.message == "Încă nu ai răspuns. Indiciu: trei"
    for r in (right, wrong, blank):
        assert not english_words(r.message), r.message
    with pytest.raises(ValueError, match="lang"):
        lessons.check(1, 1, why="", lang="fr")
