"""A game as plain text (:mod:`pachisi_widget.notation`): exact round trips with the JSON record
for every preset and option a game can be played under, and a clear error, naming the line,
for each way a text can be wrong."""

from __future__ import annotations

import contextlib
import random

import pytest

import pachisi_widget as pw
from pachisi_widget.agents import make_agent
from pachisi_widget.errors import RecordError
from pachisi_widget.words import error_text

RULES = [
    pw.Rules(),
    pw.Rules.preset("seven_cowries"),
    pw.Rules.preset("cowrie_skill"),
    pw.Rules.preset("mitra"),
    pw.Rules(teams=True),
    pw.Rules(pyada=True, must_capture_before_home=True),
    pw.Rules(split_throw=True, revenge_rule=True),
    pw.Rules.preset("mitra").replace(p_mouth_up=0.3),
]


def played(rules, players, seed, turns=None, agent="greedy"):
    g = pw.Game(players=players, rules=rules, seed=seed)
    player = make_agent(agent)
    n = 0
    while g.phase != "over" and (turns is None or n < turns):
        g.play_turn(player)
        n += 1
    return g


@pytest.mark.parametrize(
    "rules, players",
    [(r, n) for r in RULES for n in (2, 4) if n == 4 or not r.teams],  # teams need four players
    ids=lambda x: x.describe()[:40] if isinstance(x, pw.Rules) else str(x),
)
def test_whole_games_round_trip_exactly(rules, players):
    for seed in (1, 2):
        g = played(rules, players, seed, agent="random" if seed == 2 else "greedy")
        text = g.to_text()
        back = pw.Game.from_text(text)
        assert back.to_dict() == g.to_dict()
        assert back.to_text() == text
        assert f'[Result "{_result(g)}"]' in text


def _result(g):
    w = g.winner
    if g.phase != "over":
        return "*"
    if w is None:
        return "dead"
    return "+".join("SENW"[s] for s in w) if isinstance(w, tuple) else "SENW"[w]


def test_a_game_in_progress_a_set_up_position_and_throws_set_by_hand():
    g = pw.Game.from_position(
        [[0, 0, 12, 59], None, [3, 0, 0, 0], None], to_move=2, seed=5, captured=[2]
    )
    g.throw(up=0)  # set by hand: =25(0)
    text = g.to_text()
    assert '[Start "S 0,0,12,59 N 3,0,0,0"]\n[ToMove "N"]\n[Captured "N"]' in text
    assert '[Opening ""]' in text and "1. N: =25(0)" in text and '[Result "*"]' in text
    back = pw.Game.from_text(text)
    assert back.to_dict() == g.to_dict() and back.phase == "move"
    refused(text.replace('[ToMove "N"]\n', ""), "header ToMove is missing")
    refused(text.replace('[ToMove "N"]', '[ToMove "X"]'), "S, E, N or W")
    refused(text.replace('[Captured "N"]', '[Captured "Q"]'), "SN")
    refused(text.replace("12,59", "12"), "S 0,0,12,59 N 3,0,0,0")


def test_rules_beside_a_preset_are_written_as_options():
    rules = pw.Rules.preset("mitra").replace(p_mouth_up=0.3, teams=True)
    g = pw.Game(players=4, rules=rules, seed=2)
    text = g.to_text()
    assert '[Rules "mitra"]' in text and '[Options "p_mouth_up=0.3 teams=true"]' in text
    assert pw.Game.from_text(text).rules == rules


def test_captures_are_written_with_x_and_home_with_h():
    for seed in range(40):
        g = played(pw.Rules(), 2, seed)
        text = g.to_text()
        if "x" in text.split("\n\n", 1)[1] and "-H" in text:
            break
    else:
        pytest.fail("no seeded game with a capture and a piece home")
    assert pw.Game.from_text(text).to_dict() == g.to_dict()


def test_comments_and_blank_lines_are_ignored():
    g = played(pw.Rules(), 2, 3, turns=4)
    lines = g.to_text().splitlines()
    noted = ["# a game from lesson 0", *lines[:6], "", *(f"{x}   # turn" for x in lines[6:])]
    assert pw.Game.from_text("\n".join(noted)).to_dict() == g.to_dict()


# -- errors: each names its line and what was expected ---------------------------------------------


@pytest.fixture(scope="module")
def text():
    return played(pw.Rules(), 2, 3, turns=6).to_text()


def refused(text, *words):
    with pytest.raises(RecordError) as info:
        pw.Game.from_text(text)
    message = str(info.value)
    for w in words:
        assert w in message, message
    assert error_text(info.value, "ro") != message  # it has its Romanian words too
    return info.value


def test_header_errors(text):
    refused(text.replace('[Seed "3"]', "[Seed 3]"), "line 2", '[Name "value"]')
    refused(text.replace('[Seed "3"]', '[Seed "three"]'), "line 2", "whole number")
    refused(text.replace('[Rules "classic"]', '[Rules "ludo"]'), "line 3", "classic, seven")
    refused(text.replace("[Seats", "[Players"), "no header Players")
    refused(text.replace('[Seed "3"]\n', ""), "header Seed is missing")
    refused(text.replace('[Format "pachisi_widget.text 1"]', '[Format "pgn"]'), "line 1")
    refused(text.replace('[Seats "S N"]', '[Seats "N S"]'), "line 4", "S E N W")
    refused(text.replace('[Seats "S N"]', '[Seats "S E"]'), "line 4", "S N")
    refused(text.replace('[Opening "S 2(2) N 3(3)"]', '[Opening "S 3(3) N 2(2)"]'), "seed gives")
    moved = text.replace('[Rules "classic"]\n', "").replace("[Seats", '[Rules "classic"]\n[Seats')
    assert pw.Game.from_text(moved).to_dict() == pw.Game.from_text(text).to_dict()
    swapped = text.replace('[Seed "3"]\n[Rules "classic"]', '[Rules "classic"]\n[Seed "3"]')
    refused(swapped, "out of order")
    refused(text.replace('[Rules "classic"]', '[Rules "classic"]\n[Options "teams=yes"]'), "JSON")
    refused(text.replace('[Rules "classic"]', '[Rules "classic"]\n[Options "colour=1"]'), "name=")


def test_turn_errors(text):
    lines = text.splitlines()
    first = lines.index("") + 1
    wrong_number = lines[first].replace("1.", "2.", 1)
    refused("\n".join([*lines[:first], wrong_number]), f"line {first + 1}", "expected 1. N:")
    wrong_seat = lines[first].replace("N:", "S:", 1)
    refused("\n".join([*lines[:first], wrong_seat]), "expected 1. N:")
    refused("\n".join([*lines[:first], "1. N:"]), "no throw or move")
    refused("\n".join([*lines[:first], "N plays 3"]), "12. S:")
    refused("\n".join([*lines[:first], lines[first] + " 3(3)"]), "turn is over before 3(3)")


def test_action_errors(text):
    lines = text.splitlines()
    first = lines.index("") + 1  # 1. N: 3(3) C-3
    assert lines[first] == "1. N: 3(3) C-3"
    head = lines[:first]
    refused("\n".join([*head, "1. N: 4(4) C-4"]), "line 8", "seed gives 3")
    refused("\n".join([*head, "1. N: 4(3) C-4"]), "worth 3, not 4")
    refused("\n".join([*head, "1. N: 3(3) C-5"]), "not a legal move", "C-3")
    refused("\n".join([*head, "1. N: 3(3) Cx3"]), "captures nothing")
    refused("\n".join([*head, "1. N: 3(3) jump"]), "jump", "25(0)")
    refused(text.replace('[Result "*"]', '[Result "S"]'), "result says S", "*")


def test_an_unplayed_capture_must_be_written_with_x():
    g = pw.Game.from_position([[20, 0, 0, 0], [74, 0, 0, 0], None, None], to_move=0, seed=3)
    g.throw(up=3)
    g.play(g.legal_move(start=20))  # South's 20 -> 23 takes East's piece
    text = g.to_text()
    assert "1. S: =3(3) 20x23" in text
    refused(text.replace("20x23", "20-23"), "takes a piece: write it with x")


def test_text_that_is_not_text_or_too_long():
    with pytest.raises(RecordError):
        pw.Game.from_text(b"[Format]")
    with pytest.raises(RecordError, match="longer|more than|characters"):
        pw.Game.from_text("#" * 20_000_001)


def test_random_tokens_never_raise_anything_but_record_errors(text):
    rng = random.Random(4)
    lines = text.splitlines()
    pieces = ["3(3)", "C-3", "pass", "x", "=", "84-H", "1.", "N:", "[", '"', "/4", "25(0)"]
    for _ in range(300):
        body = " ".join(rng.choice(pieces) for _ in range(rng.randrange(1, 6)))
        candidate = "\n".join([*lines[: lines.index("") + 1], f"1. N: {body}"])
        with contextlib.suppress(RecordError):  # a clear refusal, or a game that is right
            pw.Game.from_text(candidate)
