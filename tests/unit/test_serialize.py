"""Game records: exact round trips; every kind of bad record refused with a clear RecordError."""

from __future__ import annotations

import copy
import json
import random

import pytest

import pachisi_widget as pw


def _played(players=4, rules=None, seed=9, actions=80, choice_seed=1, forced_every=0):
    g = pw.Game(players=players, rules=rules, seed=seed)
    rng = random.Random(choice_seed)
    for i in range(actions):
        if g.phase == "over":
            break
        if g.phase == "throw":
            if forced_every and i % forced_every == 0:
                g.throw(up=rng.randrange(g.rules.shells + 1))
            else:
                g.throw()
        else:
            moves = g.legal_moves()
            g.play(moves[rng.randrange(len(moves))] if rng.random() < 0.3 else moves[0])
    return g


@pytest.fixture(scope="module")
def record():
    g = _played()
    d = g.to_dict()
    assert sum("throw" in a for a in d["actions"]) > 10
    assert sum("move" in a for a in d["actions"]) > 10
    return d


def _load_error(data) -> str:
    with pytest.raises(pw.RecordError) as exc:
        pw.Game.from_dict(data)
    assert isinstance(exc.value, ValueError) and isinstance(exc.value, pw.PachisiError)
    return str(exc.value)


# -- round trips -----------------------------------------------------------------------------


def test_record_shape(record):
    assert record["format"] == "pachisi_widget.game" and record["version"] == 1
    assert record["seed"] == 9 and record["seats"] == [0, 1, 2, 3]
    assert record["rules"] == pw.Rules().to_dict()
    assert json.loads(json.dumps(record)) == record  # JSON-safe


@pytest.mark.parametrize(
    "rules",
    [
        None,
        "seven_cowries",
        "cowrie_skill",
        "mitra",
        pw.Rules(teams=True, split_throw=True, pyada=True),
    ],
)
def test_round_trip_exact_and_goes_on_with_the_same_throws(rules):
    g = _played(rules=rules, actions=150, forced_every=7)
    d = g.to_dict()
    h = pw.Game.from_dict(d)
    assert h.to_dict() == d
    assert h.state == g.state and h.history == g.history and h.seed == g.seed
    for _ in range(30):
        if g.phase == "over":
            break
        if g.phase == "throw":
            assert g.throw() == h.throw()
        else:
            m = g.legal_moves()[0]
            assert h.play(m) == g.play(m)
    assert g.to_dict() == h.to_dict()


def test_round_trip_of_a_position_game():
    g = pw.Game.from_position(
        [[0, 0, 12, 59], None, [3, 0, 0, 0], None],
        to_move=2,
        rules=pw.Rules(must_capture_before_home=True),
        seed=4,
        captured=(2,),
    )
    g.throw(up=2)
    g.play(g.legal_moves()[0])
    g.throw()
    d = g.to_dict()
    assert d["start"] == {
        "pieces": [[0, 0, 12, 59], None, [3, 0, 0, 0], None],
        "to_move": 2,
        "captured": [2],
    }
    h = pw.Game.from_dict(d)
    assert h.to_dict() == d and h.state == g.state


def test_json_text_round_trip(record):
    g = pw.Game.from_dict(record)
    text = g.to_json()
    assert pw.Game.from_json(text).to_dict() == record


def test_new_game_round_trip_keeps_the_opening():
    g = pw.Game(players=4, seed=0)  # seed 0 needs re-thrown ties
    d = g.to_dict()
    assert len(d["opening"]) > 1
    h = pw.Game.from_dict(d)
    assert h.to_dict() == d and h.to_move == g.to_move


# -- malformed, truncated, foreign, future ------------------------------------------------------


@pytest.mark.parametrize("data", [None, [], "record", 42, b"{}"])
def test_not_an_object(data):
    assert "JSON object" in _load_error(data)


@pytest.mark.parametrize("fmt", ["chess", None, "pachisi_widget.Game", 1])
def test_foreign_format(record, fmt):
    d = dict(record, format=fmt)
    if fmt is None:
        del d["format"]
    msg = _load_error(d)
    assert "not a pachisi_widget game record" in msg
    if fmt is None:  # a missing format is said so, not "format is None"
        assert "has no format" in msg and "None" not in msg
    else:
        assert repr(fmt) in msg


def test_a_missing_format_in_romanian(record):
    d = dict(record)
    del d["format"]
    with pytest.raises(ValueError) as caught:
        pw.Game.from_dict(d)
    said = pw.i18n.error_text(caught.value, "ro")
    assert said.startswith("nu este o înregistrare de joc pachisi_widget: formatul lipsește")
    assert "None" not in said


def test_future_version(record):
    msg = _load_error(dict(record, version=2))
    assert "version 2" in msg and "newer" in msg and "upgrade" in msg


@pytest.mark.parametrize("version", ["1", 1.0, None, True, 0, -1])
def test_bad_version(record, version):
    msg = _load_error(dict(record, version=version))
    assert "version" in msg


@pytest.mark.parametrize("key", ["seed", "rules", "seats", "actions", "position"])
def test_truncated_record_missing_key(record, key):
    d = dict(record)
    del d[key]
    msg = _load_error(d)
    assert "truncated or malformed" in msg and repr(key) in msg


@pytest.mark.parametrize(
    "key, value",
    [
        ("seed", "9"),
        ("rules", []),
        ("seats", "0123"),
        ("actions", {}),
        ("position", None),
        ("seed", True),
    ],
)
def test_wrong_types(record, key, value):
    msg = _load_error(dict(record, **{key: value}))
    assert repr(key) in msg and "wrong type" in msg


def test_truncated_actions_list(record):
    d = copy.deepcopy(record)
    d["actions"] = d["actions"][:-6]
    assert "does not match its actions" in _load_error(d)


def test_truncated_json_text(record):
    text = json.dumps(record)
    with pytest.raises(pw.RecordError, match="not valid JSON"):
        pw.Game.from_json(text[: len(text) // 2])
    with pytest.raises(pw.RecordError, match="not valid JSON"):
        pw.Game.from_json("")


def test_invalid_rules(record):
    d = copy.deepcopy(record)
    d["rules"]["throw_table"] = "dice"
    msg = _load_error(d)
    assert "rules are invalid" in msg and "throw_table" in msg
    d = copy.deepcopy(record)
    d["rules"]["extra"] = True
    assert "rules are invalid" in _load_error(d)


def test_seats_not_matching(record):
    d = dict(record, seats=[0, 1, 2])
    msg = _load_error(d)
    assert "seed" in msg or "seats" in msg


@pytest.mark.parametrize(
    "action, words",
    [
        ({"jump": 3}, "unknown action"),
        ("throw", "must be an object"),
        ({"throw": "2", "forced": False}, "whole number"),
        ({"throw": 2}, "unknown action"),
        ({"throw": 2, "forced": "no"}, "true or false"),
        ({"throw": 2, "forced": False, "move": [0, "pass", None, None, None]}, "unknown action"),
        ({"move": [0, "move", 1]}, "[seat, kind, start, end, value]"),
    ],
)
def test_malformed_actions(record, action, words):
    d = copy.deepcopy(record)
    d["actions"][3] = action
    msg = _load_error(d)
    assert "action 4 of" in msg and words in msg


# -- tampering ----------------------------------------------------------------------------------


def test_tampered_unforced_throw(record):
    d = copy.deepcopy(record)
    i = [k for k, a in enumerate(d["actions"]) if "throw" in a and not a["forced"]][5]
    d["actions"][i]["throw"] = (d["actions"][i]["throw"] + 1) % 7
    msg = _load_error(d)
    assert f"action {i + 1} of" in msg and "its seed gives" in msg


def test_tampered_throw_made_forced(record):
    d = copy.deepcopy(record)
    # force a different value at every unforced throw in turn until the record breaks
    i = [k for k, a in enumerate(d["actions"]) if "throw" in a][5]
    d["actions"][i] = {"throw": (d["actions"][i]["throw"] + 3) % 7, "forced": True}
    msg = _load_error(d)
    assert "action" in msg and (
        "cannot be replayed" in msg or "does not match" in msg or "its seed gives" in msg
    )


def test_tampered_seed(record):
    msg = _load_error(dict(record, seed=record["seed"] + 1))
    assert "seed" in msg


def test_tampered_move(record):
    d = copy.deepcopy(record)
    i = [k for k, a in enumerate(d["actions"]) if "move" in a and a["move"][1] == "move"][0]
    seat, kind, start, end, value = d["actions"][i]["move"]
    d["actions"][i]["move"] = [seat, kind, start, end + 1, value]
    msg = _load_error(d)
    assert f"action {i + 1} of" in msg and "cannot be replayed" in msg


def test_tampered_position(record):
    d = copy.deepcopy(record)
    seat = d["seats"][0]
    d["position"][seat][0] = (d["position"][seat][0] + 1) % 85
    msg = _load_error(d)
    assert "position" in msg and "does not match its actions" in msg


def test_tampered_start_position():
    g = pw.Game.from_position([[0, 0, 12, 59], None, [3, 0, 0, 0], None], seed=4)
    g.throw(up=3)
    g.play(g.legal_moves()[0])
    d = g.to_dict()
    assert d["actions"][1] == {"move": [0, "move", 12, 15, 3]}
    d["start"]["pieces"][0] = [0, 0, 12, 60]
    assert "does not match its actions" in _load_error(d)
    d["start"]["pieces"][0] = [0, 0, 13, 59]
    assert "cannot be replayed" in _load_error(d)
    d["start"]["pieces"][0] = [0, 0, 12, 90]
    msg = _load_error(d)
    assert "start" in msg and "0..84" in msg and "90" in msg


@pytest.mark.parametrize("field", ["to_move", "phase"])
def test_tampered_side_to_move_or_phase(record, field):
    d = copy.deepcopy(record)
    if field == "to_move":
        d["to_move"] = (d["to_move"] + 1) % 4
    else:
        d["phase"] = "over" if d["phase"] != "over" else "throw"
    assert field in _load_error(d)


def test_tampered_opening_throw(record):
    d = copy.deepcopy(record)
    d["opening"][0][0][1] = (d["opening"][0][0][1] + 1) % 7
    assert "opening" in _load_error(d)
