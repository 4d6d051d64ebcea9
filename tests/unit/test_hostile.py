"""Hostile input and limits: nothing a file, a message or a player sends can hang, crash or
replace a game.

First one named regression test per reproduction of the issue (hangs, stray exceptions, a
failed load replacing the game, unbounded sizes, silently odd input, students' players), then
bounded property-based fuzzing with Hypothesis: mutated records through ``Game.from_dict``,
random and broken JSON text through ``Game.from_json``, random intents through
``PachisiWidget.handle_intent``.
"""

from __future__ import annotations

import copy
import importlib
import json
import random
import time
import tracemalloc
from fractions import Fraction
from itertools import islice

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from support import (
    ReturnsNone,
    ReturnsText,
    examples,
)  # hostile players shared with test_tournament

import pachisi_widget as pw
from pachisi_widget import serialize, tables
from pachisi_widget.agents import Agent
from pachisi_widget.engine import Move
from pachisi_widget.widget import _INTENTS, _STATUS_MAX, PachisiWidget

sim = importlib.import_module("pachisi_widget.simulate")  # pw.simulate is the function

QUICK = 1.0
"""Seconds: "at once" for a refusal (generous, for a busy test machine)."""
SHORT = 400
"""Characters: the most a message about a bad value may take (it quotes at most ~80 of it)."""
BIG = "x" * 10_000_000
DEEP = 100_000

FUZZ = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _nest(depth: int, kind=list):
    """A list (or dict) nested ``depth`` deep, built without recursion."""
    outer = kind()
    cur = outer
    for _ in range(depth):
        inner = kind()
        if kind is list:
            cur.append(inner)
        else:
            cur["a"] = inner
        cur = inner
    return outer


def _strict(data) -> str:
    """JSON text that tells 1 from 1.0 from true: "the same record" means the same text."""
    return json.dumps(data, sort_keys=True)


def _played(players=2, rules=None, seed=9, actions=60, choice_seed=1, game=None) -> pw.Game:
    g = game or pw.Game(players=players, rules=rules, seed=seed)
    rng = random.Random(choice_seed)
    for i in range(actions):
        if g.phase == "over":
            break
        if g.phase == "throw":
            g.throw(up=rng.randrange(g.rules.shells + 1)) if i % 7 == 0 else g.throw()
        else:
            moves = g.legal_moves()
            g.play(moves[rng.randrange(len(moves))] if rng.random() < 0.3 else moves[0])
    return g


def _position_game() -> pw.Game:
    g = pw.Game.from_position(
        [[0, 0, 12, 59], [3, 0, 0, 0], [0, 0, 0, 30], [84, 0, 0, 0]],
        to_move=1,
        rules=pw.Rules(p_mouth_up=Fraction(3, 10), pyada=True),  # p saved as "3/10"
        seed=4,
        captured=(0, 2),
    )
    return _played(game=g, actions=40, choice_seed=2)


BASES = (
    _played().to_dict(),
    _played(players=3, rules="seven_cowries", seed=3, actions=50).to_dict(),
    _position_game().to_dict(),
    _played(
        players=4, rules=pw.Rules.preset("cowrie_skill").replace(teams=True), seed=5, actions=40
    ).to_dict(),
)


def snapshot(w: PachisiWidget) -> tuple:
    return _strict(w.game.to_dict()), w.game.state, w.game.history


def refused(w: PachisiWidget, intent, *, contains: str = "") -> None:
    """``intent`` is refused with a short error status, and the game is exactly as before."""
    before = snapshot(w)
    rev = w.revision
    assert w.handle_intent(intent) is False
    assert w.status_kind == "error" and w.status
    assert len(w.status) <= SHORT, w.status[:200]
    if contains:
        assert contains in w.status, w.status
    assert snapshot(w) == before
    assert w.revision == rev + 1


class Passer(Agent):
    """Always declines its throws."""

    name = "passer"

    def choose(self, state, rng):
        return next(m for m in state.legal_moves() if m.kind == "pass")


class Mine(Agent):
    """A student's player: the furthest piece forward, else the pass."""

    name = "mine"

    def choose(self, state, rng):
        moves = [m for m in state.legal_moves() if m.kind != "pass"]
        return max(moves, key=lambda m: (m.end, m.start)) if moves else state.legal_moves()[-1]


class ReturnsIllegal(Agent):
    name = "returns-illegal"

    def choose(self, state, rng):
        return Move(state.to_move, 0, 0, 70, "move", 70)


class Raises(Agent):
    name = "raises"

    def choose(self, state, rng):
        return 1 / 0


# -- 1. hangs ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players, p", [(2, 1e-20), (2, 0.9999999999999999), (4, 1e-7)])
def test_shells_biased_beyond_the_range_are_refused_at_once(players, p):
    t0 = time.perf_counter()
    with pytest.raises(ValueError, match="p_mouth_up must be a number from 0.05 to 0.95"):
        pw.Game(players=players, rules=pw.Rules(p_mouth_up=p), seed=1)
    assert time.perf_counter() - t0 < QUICK


@pytest.mark.parametrize("p", [1e-20, 0.9999999999999999, 1e-7, "1/100000000000", "1e-20"])
def test_a_small_record_with_such_a_bias_is_refused_quickly(p):
    record = pw.Game(players=2, seed=1).to_dict()
    record["rules"]["p_mouth_up"] = p
    text = json.dumps(record)
    assert len(text) < 1024
    t0 = time.perf_counter()
    with pytest.raises(pw.RecordError, match="p_mouth_up"):
        pw.Game.from_dict(record)
    with pytest.raises(pw.RecordError, match="p_mouth_up"):
        pw.Game.from_json(text)
    w = PachisiWidget(players=2, seed=3, animate=False)
    refused(w, {"kind": "load", "text": text}, contains="p_mouth_up")
    assert time.perf_counter() - t0 < 3 * QUICK


def test_simulate_with_such_a_bias_is_refused():
    with pytest.raises(ValueError, match="p_mouth_up"):
        pw.simulate(10, rules=pw.Rules(p_mouth_up=1e-20), seed=1)
    # and at the edges of the range, games still end
    for p in (0.05, 0.95):
        r = pw.simulate(4, rules=pw.Rules(p_mouth_up=p), seed=1, engine="python")
        assert r.games == 4 and sum(r.wins.values()) + r.dead == 4


def test_players_that_always_pass_end_in_a_dead_game():
    g = pw.Game(players=2, seed=1)
    t0 = time.perf_counter()
    while g.phase != "over":
        g.play_turn(Passer())
    assert g.winner is None
    assert len(g.history) == 2 * tables.IDLE_THROWS_MAX  # every throw, every pass
    assert time.perf_counter() - t0 < 60
    r = pw.simulate(1, agents=Passer(), players=2, seed=1, engine="python")
    assert r.dead == 1 and r.throws == (tables.IDLE_THROWS_MAX,)


@pytest.mark.parametrize("p", ["1e-10000000", "1e-999999999", "1e10000000", "1/1e999", "1e-1000"])
def test_p_mouth_up_text_with_a_huge_exponent_answers_at_once(p):
    t0 = time.perf_counter()
    with pytest.raises(ValueError):
        pw.Rules.from_dict({"p_mouth_up": p})  # the call: options missing
    full = pw.Rules().to_dict()
    full["p_mouth_up"] = p
    with pytest.raises(ValueError, match="p_mouth_up"):
        pw.Rules.from_dict(full)
    record = pw.Game(players=2, seed=1).to_dict()
    record["rules"] = full
    with pytest.raises(pw.RecordError, match="p_mouth_up"):
        pw.Game.from_dict(record)
    assert time.perf_counter() - t0 < QUICK


# -- 2. stray exceptions -----------------------------------------------------------------------


def _deep_texts():
    inside = json.dumps(BASES[0])[:-1] + ', "actions": ' + "[" * DEEP + "]" * DEEP + "}"
    return {
        "lists": "[" * DEEP + "]" * DEEP,
        "objects": '{"a":' * DEEP + "1" + "}" * DEEP,
        "in_a_record": inside,
        "unclosed": "[" * DEEP,
    }


@pytest.mark.parametrize("name", sorted(_deep_texts()))
def test_json_nested_100000_deep_is_a_record_error(name):
    text = _deep_texts()[name]
    t0 = time.perf_counter()
    with pytest.raises(pw.RecordError, match="nested more than"):
        pw.Game.from_json(text)
    with pytest.raises(pw.RecordError):
        pw.Game.from_json(text.encode())
    w = PachisiWidget(players=2, seed=3, animate=False)
    refused(w, {"kind": "load", "text": text}, contains="could not be loaded")
    assert time.perf_counter() - t0 < 3 * QUICK


_NEST_PATHS = [
    (),
    ("actions",),
    ("actions", 0),
    ("x",),
    ("format",),
    ("seed",),
    ("start",),
    ("opening",),
    ("rules",),
    ("rules", "teams"),
    ("rules", "throw_table"),
    ("rules", "entry_graces"),
    ("rules", "entry_mode"),
    ("rules", "p_mouth_up"),
    ("rules", "zz"),
]


def _put(record, path, value):
    if not path:
        return value
    target = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return record


@pytest.mark.parametrize("path", _NEST_PATHS, ids=lambda p: "/".join(map(str, p)) or "root")
@pytest.mark.parametrize("kind", [list, dict], ids=["list", "dict"])
def test_python_nest_100000_deep_is_a_record_error(path, kind):
    record = _put(copy.deepcopy(BASES[0]), path, _nest(DEEP, kind))
    with pytest.raises(pw.RecordError) as exc:
        pw.Game.from_dict(record)
    assert len(str(exc.value)) <= SHORT and "internal" not in str(exc.value)
    w = PachisiWidget(players=2, seed=3, animate=False)
    before = snapshot(w)
    with pytest.raises(pw.RecordError):
        w.load(record)
    assert snapshot(w) == before
    for intent in ({"kind": "load", "text": record}, {"kind": record}, record):
        assert w.handle_intent(intent) is False
        assert "internal error" not in w.status and len(w.status) <= SHORT
        assert snapshot(w) == before


def test_deep_nests_in_every_intent_field_are_refused_plainly():
    w = PachisiWidget(players=2, seed=3, animate=False)
    nest = _nest(DEEP)
    for kind in _INTENTS:
        for key in (
            "up",
            "id",
            "players",
            "seed",
            "preset",
            "turn",
            "revision",
            "seat",
            "player",
            "language",
            "positions",
            "to_move",
            "text",
        ):
            before = snapshot(w)
            ok = w.handle_intent({"kind": kind, key: nest})
            assert "internal error" not in w.status, (kind, key, w.status)
            if not ok:
                assert snapshot(w) == before


@pytest.mark.parametrize("batch", [float("inf"), float("nan"), 2.0, "8", None])
def test_simulate_batch_that_is_not_a_whole_number_is_a_value_error(batch):
    with pytest.raises(ValueError, match="batch must be a whole number"):
        pw.simulate(2, batch=batch)


@pytest.mark.parametrize("engine", ["python", "reference"])
def test_a_player_returning_none_is_named_in_simulate(engine):
    with pytest.raises(pw.IllegalMoveError, match="the player 'none' returned None"):
        pw.simulate(3, agents=[ReturnsNone(), "random"], players=2, seed=1, engine=engine)


def test_a_player_returning_none_is_named_in_play_turn():
    g = pw.Game(players=2, seed=1)
    with pytest.raises(pw.IllegalMoveError, match="the player 'none' returned None in"):
        for _ in range(20):
            g.play_turn(ReturnsNone())
    assert g.phase == "move"  # the throw before the bad choice stays played


# -- 3. a failed load never replaces the game --------------------------------------------------


def test_load_setup_and_new_game_replace_the_game_only_once_it_saves(monkeypatch):
    w = PachisiWidget(players=2, seed=7, animate=False)
    w.throw(up=3)
    save = pw.Game.to_dict
    text = json.dumps(save(pw.Game(players=4, seed=5)))

    def to_dict(game):
        if game is not w.game:
            raise RuntimeError("this game cannot be saved")
        return save(game)

    monkeypatch.setattr(pw.Game, "to_dict", to_dict)
    for intent in (
        {"kind": "load", "text": text},
        {"kind": "setup", "positions": [[0, 0, 0, 5], None, [0, 0, 0, 9], None], "to_move": 2},
        {"kind": "new_game", "players": 4, "seed": 1},
    ):
        refused(w, intent, contains="internal error")
    monkeypatch.undo()
    assert w.handle_intent({"kind": "load", "text": text}) is True and w.game.players == 4


def test_a_new_game_whose_view_cannot_be_drawn_is_not_shown(monkeypatch):
    from pachisi_widget import words as i18n  # the view reads the words directly

    w = PachisiWidget(players=2, seed=7, animate=False)
    words = i18n.rules_text
    mitra = pw.Rules.preset("mitra")

    def rules_text(rules, lang="en"):
        if rules == mitra:
            raise KeyError("no words for these rules")
        return words(rules, lang)

    monkeypatch.setattr(i18n, "rules_text", rules_text)
    refused(w, {"kind": "new_game", "preset": "mitra"}, contains="internal error")
    assert w.game.rules == pw.Rules() and w.state["rules"] == words(pw.Rules(), "en")
    with pytest.raises(KeyError):
        w.new_game(rules=mitra)
    assert w.game.rules == pw.Rules()
    assert w.handle_intent({"kind": "throw"}) is True  # and the kept game goes on


def test_an_enormous_seed_is_refused_at_construction():
    t0 = time.perf_counter()
    with pytest.raises(ValueError, match=r"0 <= seed < 2\*\*128") as exc:
        PachisiWidget(seed=10**5000)
    assert len(str(exc.value)) <= SHORT
    with pytest.raises(ValueError, match=r"0 <= seed < 2\*\*128"):
        PachisiWidget(seed=-1)
    w = PachisiWidget(players=2, seed=1, animate=False)
    refused(w, {"kind": "new_game", "seed": 10**5000}, contains="2**128")
    assert time.perf_counter() - t0 < 5 * QUICK


@pytest.mark.parametrize(
    "bad",
    [
        {"kind": "move", "id": "9.9"},
        {"kind": "load", "text": "{"},
        {"kind": "setup", "positions": None},
        {"kind": "new_game", "seed": -1},
        {"kind": "pass"},
        {"kind": "dance"},
        {"kind": "set_seat", "seat": 1, "player": "greedy"},
        "throw",
    ],
)
def test_a_throw_after_a_refused_action_still_syncs_the_view(bad):
    w = PachisiWidget(players=2, seed=7, animate=False)
    refused(w, bad)
    rev = w.revision
    assert w.handle_intent({"kind": "throw"}) is True
    assert w.revision == rev + 1 and w.status_kind == "info"
    assert w.last_throw["fresh"] and w.last_throw["value"] == w.game.last_throw.value
    assert w.state["phase"] == w.game.phase and w.state["pending"] == list(w.game.pending)
    assert [m["id"].split(".")[0] for m in w.legal_moves] == [str(w.revision)] * len(w.legal_moves)
    assert w.handle_intent({"kind": "move", "id": w.legal_moves[0]["id"]}) is True


# -- 4. unbounded sizes ------------------------------------------------------------------------


_BIG_PATHS = [
    ("format",),
    ("phase",),
    ("version",),
    ("rules", "throw_table"),
    ("rules", "entry_mode"),
    ("rules", "teams"),
    ("rules", "p_mouth_up"),
    ("rules", "entry_graces", 0),
    ("actions", 0),
    ("actions", 0, "throw"),
    ("opening", 0),
    ("position", 0),
]


@pytest.mark.parametrize("path", _BIG_PATHS, ids=lambda p: "/".join(map(str, p)))
def test_a_ten_million_character_field_gives_a_short_message(path):
    record = _put(copy.deepcopy(BASES[0]), path, BIG)
    with pytest.raises(pw.RecordError) as exc:
        pw.Game.from_dict(record)
    assert len(str(exc.value)) <= SHORT, str(exc.value)[:200]
    for lang in ("en", "ro"):
        assert len(pw.i18n.error_text(exc.value, lang)) <= SHORT


def test_ten_million_character_keys_and_values_give_short_messages_everywhere():
    record = copy.deepcopy(BASES[0])
    record["rules"][BIG] = 1
    with pytest.raises(pw.RecordError) as exc:
        pw.Game.from_dict(record)
    assert len(str(exc.value)) <= SHORT
    record = copy.deepcopy(BASES[0])
    record[BIG] = 1
    with pytest.raises(pw.RecordError) as exc:
        pw.Game.from_dict(record)
    assert len(str(exc.value)) <= SHORT
    calls = [
        lambda: pw.Rules(throw_table=BIG),
        lambda: pw.Rules(entry_graces=[BIG]),
        lambda: pw.Rules(teams=BIG),
        lambda: pw.Rules.preset(BIG),
        lambda: pw.Game(players=BIG),
        lambda: pw.Game(players=10**5000),
        lambda: pw.simulate(2, agents=BIG),
        lambda: pw.simulate(2, engine=BIG),
        lambda: pw.simulate(10**5000),
        lambda: PachisiWidget(language=BIG),
        lambda: PachisiWidget(computer={0: BIG}),
    ]
    for call in calls:
        with pytest.raises((ValueError, TypeError)) as exc:
            call()
        assert len(str(exc.value)) <= SHORT, str(exc.value)[:200]


def test_a_ten_million_character_message_gives_a_short_status():
    w = PachisiWidget(players=2, seed=3, animate=False)
    record = _put(copy.deepcopy(BASES[0]), ("rules", "throw_table"), BIG[:3_000_000])
    refused(w, {"kind": "load", "text": json.dumps(record)}, contains="throw_table")
    for intent in (
        {"kind": BIG},
        {"kind": "throw", "up": BIG},
        {"kind": "move", "id": BIG},
        {"kind": "new_game", "preset": BIG},
        {"kind": "new_game", "players": BIG},
        {"kind": "set_seat", "seat": 0, "player": BIG},
        {"kind": "set_language", "language": BIG},
        {"kind": "setup", "positions": [BIG] * 4},
        {"kind": "setup", "positions": [[0, 0, 0, 0], None, [0, 0, 0, 0], None], "to_move": BIG},
        {"kind": "load", "text": BIG},
    ):
        refused(w, intent)


def test_a_record_of_40000_actions_loads_in_little_memory():
    g = pw.Game(players=4, seed=5)
    rng = random.Random(1)
    n = 0
    while n < 40_000:  # mostly throws and passes (a long game), a few moves
        if g.phase == "throw":
            g.throw()
        else:
            moves = g.legal_moves()
            g.play(moves[-1] if rng.random() < 0.995 else moves[0])
        n += 1
    assert g.phase != "over"
    text = g.to_json()
    tracemalloc.start()
    t0 = time.perf_counter()
    try:
        h = pw.Game.from_json(text)
        seconds = time.perf_counter() - t0
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    print(
        f"40,000 actions, {len(text):,} characters: loaded in {seconds:.2f} s "
        f"(under tracemalloc), peak {peak / 1e6:.1f} MB"
    )
    assert len(h.history) == 40_000 and h.state == g.state
    assert peak < 50e6
    assert seconds < 30
    w = PachisiWidget(players=2, seed=1, animate=False)
    assert w.handle_intent({"kind": "load", "text": text}) is True
    assert len(w.game.history) == 40_000


def test_the_largest_record_text_is_bounded():
    refused_text = " " * (serialize.MAX_TEXT + 1)
    t0 = time.perf_counter()
    with pytest.raises(pw.RecordError, match="too long"):
        pw.Game.from_json(refused_text)
    assert time.perf_counter() - t0 < QUICK
    record = copy.deepcopy(BASES[0])
    record["actions"] = [{"throw": 0, "forced": True}] * (serialize.MAX_ACTIONS + 1)
    with pytest.raises(pw.RecordError, match="more than"):
        pw.Game.from_dict(record)


def test_simulate_draws_each_game_seed_as_it_plays(monkeypatch):
    drawn = [0]
    real_seeds, real_play = sim.iter_game_seeds, sim.play_game

    def counting_seeds(seed):
        for s in real_seeds(seed):
            drawn[0] += 1
            yield s

    seen = []

    def play(*args, **kwargs):
        seen.append(drawn[0])
        return real_play(*args, **kwargs)

    monkeypatch.setattr(sim, "iter_game_seeds", counting_seeds)
    monkeypatch.setattr(sim, "play_game", play)
    r = sim.simulate(25, seed=3, players=2, engine="python")
    assert seen == list(range(1, 26))  # game i is played once i seeds are drawn, not all 25
    monkeypatch.undo()
    assert r == sim.simulate(25, seed=3, players=2, engine="python")


def test_the_numpy_engine_draws_one_batch_of_seeds_at_a_time(monkeypatch):
    from pachisi_widget import fastnp  # numpy is installed with the test extras

    drawn = [0]
    real_seeds, real_batch = sim.iter_game_seeds, fastnp.run_batch

    def counting_seeds(seed):
        for s in real_seeds(seed):
            drawn[0] += 1
            yield s

    calls = []

    def run_batch(rules, seats, names, seeds):
        calls.append((drawn[0], len(seeds)))
        return real_batch(rules, seats, names, seeds)

    monkeypatch.setattr(sim, "iter_game_seeds", counting_seeds)
    monkeypatch.setattr(fastnp, "run_batch", run_batch)
    r = sim.simulate(40, seed=3, players=2, engine="numpy", batch=16)
    assert calls == [(16, 16), (32, 16), (40, 8)]
    monkeypatch.undo()
    assert r == sim.simulate(40, seed=3, players=2, engine="python")


def test_game_seeds_are_the_sequence_of_the_numpy_engine():
    from pachisi_widget.fastnp import game_seeds

    for seed in (0, 1, 2**127):
        assert list(islice(sim.iter_game_seeds(seed), 3000)) == game_seeds(seed, 3000)
    r = pw.simulate(6, seed=5, players=3, engine="python")
    assert r.starters == tuple(pw.Game(players=3, seed=s).to_move for s in game_seeds(5, 6))


def test_simulate_bounds_the_number_of_games():
    t0 = time.perf_counter()
    for games in (10**9, sim.MAX_GAMES + 1, 10**5000):
        with pytest.raises(ValueError, match="at most 10,000,000") as exc:
            pw.simulate(games)
        assert len(str(exc.value)) <= SHORT
    assert time.perf_counter() - t0 < QUICK


# -- 5. silently odd ---------------------------------------------------------------------------


@pytest.mark.parametrize("batch", [0, -5, 1_000_001, True])
def test_simulate_batch_out_of_range_is_an_error(batch):
    with pytest.raises(ValueError, match="batch must be a whole number of games 1..1,000,000"):
        pw.simulate(2, batch=batch)


def test_a_negative_seed_is_an_error():
    for call in (
        lambda: pw.Game(seed=-1),
        lambda: pw.simulate(2, seed=-1),
        lambda: pw.Game.from_position([[0] * 4, None, [0] * 4, None], seed=-1),
    ):
        with pytest.raises(ValueError, match=r"0 <= seed < 2\*\*128, not -1"):
            call()
    record = copy.deepcopy(BASES[0])
    record["seed"] = -1
    with pytest.raises(pw.RecordError, match="seed"):
        pw.Game.from_dict(record)


@pytest.mark.parametrize(
    "action, words",
    [
        ({"throw": 3, "forced": True, "junk": 1}, "unknown action"),
        ({"throw": 3, "forced": "no"}, "'forced' must be true or false"),
        ({"throw": 3, "forced": 0}, "'forced' must be true or false"),
        ({"throw": 3, "forced": True, "move": [0, "enter", 0, 1, 25]}, "unknown action"),
        ({"move": [0, "pass", None, None, None], "note": "x"}, "unknown action"),
        ({"throw": 3}, "unknown action"),
        ({"move": [0, "pass", None, None, None, None]}, "a move must be"),
        ({"move": [0, "pass", 0, None, None]}, "a pass has no start"),
        ({"move": [0, "jump", 0, 1, 25]}, "kind must be one of"),
        ({"throw": 3.0, "forced": True}, "whole number"),
    ],
)
def test_record_actions_with_junk_are_refused(action, words):
    record = copy.deepcopy(BASES[0])
    record["actions"][1] = action
    with pytest.raises(pw.RecordError, match=words):
        pw.Game.from_dict(record)


@pytest.mark.parametrize("where", ["record", "rules", "start"])
def test_record_unknown_keys_are_refused(where):
    record = copy.deepcopy(BASES[2])
    target = record if where == "record" else record[where]
    target["comment"] = "hello"
    with pytest.raises(pw.RecordError, match="unknown|exactly the fields"):
        pw.Game.from_dict(record)


@pytest.mark.parametrize(
    "path, value, words",
    [
        (("rules", "entry_graces"), [25, 10, 6], "increasing"),
        (("rules", "entry_graces"), [6, 6, 10, 25], "increasing"),
        (("rules", "p_mouth_up"), "6/20", "lowest terms"),
        (("rules", "p_mouth_up"), "0.3", "lowest terms"),
        (("start", "captured"), [2, 0], "increasing"),
        (("start", "captured"), [0, 0, 2], "increasing"),
        (("seats",), [0, 1, 2], "seats"),
    ],
)
def test_a_record_not_written_as_saved_is_refused(path, value, words):
    record = copy.deepcopy(BASES[2])
    assert record["rules"]["p_mouth_up"] == "3/10"
    assert _strict(pw.Game.from_dict(record).to_dict()) == _strict(record)
    _put(record, path, value)
    with pytest.raises(pw.RecordError, match=words):
        pw.Game.from_dict(record)


# -- 6. students' players ----------------------------------------------------------------------


def test_a_students_player_plays_on_the_python_engine():
    r = pw.simulate(30, agents=Mine(), seed=2, engine="python")
    assert r.engine == "python" and r.games == 30 and sum(r.wins.values()) + r.dead == 30
    assert r == pw.simulate(30, agents=Mine(), seed=2, engine="reference")
    mixed = [Mine(), "greedy", "random", "runner"]
    assert pw.simulate(sim.NUMPY_MIN_GAMES, agents=mixed, seed=2).engine == "python"
    with pytest.raises(ValueError, match="numpy engine plays only"):
        pw.simulate(30, agents=Mine(), seed=2, engine="numpy")
    with pytest.raises(TypeError, match="choose"):
        pw.simulate(3, agents=[object(), "random"], players=2)


_MISBEHAVING = [
    (ReturnsNone, pw.IllegalMoveError, "returned None"),
    (ReturnsText, pw.IllegalMoveError, "returned 'e2e4'"),
    (ReturnsIllegal, pw.IllegalMoveError, "not one of its legal moves"),
    (Raises, pw.PachisiError, "failed while choosing a move .*ZeroDivisionError"),
]


@pytest.mark.parametrize("agent, error, words", _MISBEHAVING, ids=lambda x: getattr(x, "name", ""))
@pytest.mark.parametrize("where", ["python", "reference", "play_turn"])
def test_a_player_that_misbehaves_is_named(agent, error, words, where):
    with pytest.raises(error, match=f"the player '{agent.name}' .*{words}") as exc:
        if where == "play_turn":
            g = pw.Game(players=2, seed=1)
            for _ in range(50):
                g.play_turn(agent())
        else:
            pw.simulate(3, agents=[agent(), "random"], players=2, seed=1, engine=where)
    assert len(str(exc.value)) <= SHORT
    if agent is Raises:
        assert isinstance(exc.value.__cause__, ZeroDivisionError)  # its traceback is kept


@pytest.mark.parametrize("agent, error, words", _MISBEHAVING, ids=lambda x: getattr(x, "name", ""))
def test_a_computer_seat_that_misbehaves_is_named_on_the_board(agent, error, words):
    w = PachisiWidget(players=2, seed=1, animate=False, computer={0: agent(), 2: agent()})
    assert w.seat_players[0] == agent.name
    for _ in range(10):
        before = snapshot(w)
        if w.handle_intent({"kind": "step"}) is False:
            break
    assert w.status_kind == "error" and f"the player '{agent.name}'" in w.status
    assert snapshot(w) == before and len(w.status) <= SHORT


# -- fuzzing -----------------------------------------------------------------------------------

_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 90),
    st.integers(),
    st.floats(allow_nan=False),
    st.text(max_size=8),
    st.sampled_from(["throw", "move", "pass", "enter", "over", "bell6", "1/2", "0.5", "forced"]),
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=10,
)


def _paths(data) -> list:
    """Every path (a tuple of keys and indexes) into ``data``, the root included."""
    out, todo = [], [((), data)]
    while todo:
        path, value = todo.pop()
        out.append(path)
        if isinstance(value, dict):
            todo.extend((path + (k,), v) for k, v in value.items())
        elif isinstance(value, list):
            todo.extend((path + (i,), v) for i, v in enumerate(value))
    return sorted(out, key=lambda p: (len(p), [str(k) for k in p]))


def _get(data, path):
    for key in path:
        data = data[key]
    return data


_RETYPED = {
    bool: int,
    int: float,
    float: str,
    str: lambda s: [s],
    list: tuple,
    tuple: list,
    dict: lambda d: list(d.items()),
    type(None): lambda _: 0,
}
"""How a mutation changes a value's type: to a near one (1 to 1.0, "x" to ["x"], a list to a
tuple, which a Python dict may hold but JSON cannot)."""


def _last_action(record) -> dict:
    """The record's last action when it is an object, else an empty dict."""
    actions = record.get("actions") if isinstance(record, dict) else None
    last = actions[-1] if isinstance(actions, list) and actions else None
    return last if isinstance(last, dict) else {}


@st.composite
def mutated_records(draw):
    record = copy.deepcopy(draw(st.sampled_from(BASES)))
    for _ in range(draw(st.integers(0, 3))):
        paths = _paths(record)
        path = draw(st.sampled_from(paths))
        op = draw(
            st.sampled_from(
                [
                    "drop",
                    "duplicate",
                    "replace",
                    "retype",
                    "swap",
                    "nudge",
                    "add_key",
                    "truncate",
                    "force",
                ]
            )
        )
        value = _get(record, path)
        parent = _get(record, path[:-1]) if path else None
        if op == "drop" and path:
            del parent[path[-1]]
        elif op == "duplicate" and isinstance(parent, list):
            parent.insert(path[-1], copy.deepcopy(value))
        elif op == "swap" and isinstance(parent, list) and len(parent) > 1:
            j = draw(st.integers(0, len(parent) - 1))
            parent[path[-1]], parent[j] = parent[j], parent[path[-1]]
        elif op == "nudge" and isinstance(value, int) and not isinstance(value, bool):
            record = _put(record, path, value + draw(st.sampled_from([-2, -1, 1, 2, 84, 2**128])))
        elif op == "retype" and type(value) in _RETYPED:
            record = _put(record, path, _RETYPED[type(value)](value))
        elif op == "add_key" and isinstance(value, dict):
            value[draw(st.text(max_size=8))] = draw(_VALUES)
        elif op == "force" and "forced" in _last_action(record):
            _last_action(record)["forced"] = True  # still the same game: a forced last throw
        elif op == "truncate" and isinstance(value, list) and value:
            del value[draw(st.integers(0, len(value) - 1)) :]
        else:
            record = _put(record, path, draw(_VALUES))
    return record


def _loads_exactly_or_refuses(data) -> None:
    try:
        g = pw.Game.from_dict(data)
    except pw.RecordError as exc:
        event("refused")
        assert len(str(exc)) <= 1000
        for lang in ("en", "ro"):
            pw.i18n.error_text(exc, lang)
        return
    event("loaded")
    assert _strict(g.to_dict()) == _strict(data)


@settings(FUZZ, max_examples=examples(200))
@given(mutated_records())
def test_fuzz_mutated_records_load_exactly_or_raise_record_error(record):
    _loads_exactly_or_refuses(record)


def test_the_unmutated_records_load_exactly():
    for record in BASES:
        assert _strict(pw.Game.from_dict(copy.deepcopy(record)).to_dict()) == _strict(record)
        assert _strict(pw.Game.from_json(json.dumps(record)).to_dict()) == _strict(record)


@st.composite
def broken_texts(draw):
    text = json.dumps(draw(st.sampled_from(BASES)))
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(["cut", "insert", "delete", "replace", "repeat"]))
        if op == "cut":
            text = text[:i]
        elif op == "insert":
            junk = draw(st.text(alphabet='[]{}",:.-+eE0123456789 truefalsn\\', max_size=6))
            text = text[:i] + junk + text[i:]
        elif op == "delete":
            text = text[:i] + text[i + draw(st.integers(1, 20)) :]
        elif op == "replace":
            text = text[:i] + draw(st.sampled_from(list('[]{}",:0912 a\\'))) + text[i + 1 :]
        else:
            j = draw(st.integers(i, min(len(text), i + 40)))
            text = text[:j] + text[i:j] + text[j:]
    return text


@settings(FUZZ, max_examples=examples(200))
@given(st.one_of(st.text(max_size=300), broken_texts(), st.binary(max_size=100)))
def test_fuzz_json_text_loads_exactly_or_raises_record_error(text):
    try:
        g = pw.Game.from_json(text)
    except pw.RecordError as exc:
        event("refused")
        assert len(str(exc)) <= 1000
        return
    event("loaded")
    data = json.loads(text)
    assert _strict(g.to_dict()) == _strict(data)


_PLAYERS = ["human", "random", "greedy", "runner", "castle_waiter"]  # expectimax: too slow here


@st.composite
def intents(draw, w: PachisiWidget):
    """An intent for ``w`` as it is now: well formed (a legal move's id, a saved game...),
    slightly wrong, or anything at all."""
    choice = draw(st.integers(0, 9))
    if choice == 0:
        return draw(_VALUES)
    kind = draw(st.sampled_from(list(_INTENTS) + ["dance", ""]))
    intent = {"kind": kind}
    if kind == "move" and w.legal_moves and draw(st.booleans()):
        intent["id"] = draw(st.sampled_from(w.legal_moves))["id"]
    elif kind == "load" and draw(st.booleans()):
        saved = [w.save(), json.dumps(BASES[0]), json.dumps(BASES[2])]
        intent["text"] = draw(st.sampled_from(saved))
    elif kind == "setup" and draw(st.booleans()):
        step = st.integers(0, 84)
        intent["positions"] = [
            draw(st.lists(step, min_size=4, max_size=4)) if s in (0, 2) else None for s in range(4)
        ]
        intent["to_move"] = draw(st.sampled_from([0, 2, 1, "0"]))
    elif kind == "set_seat" and draw(st.booleans()):
        intent.update(
            seat=draw(st.sampled_from([0, 1, 2, 3, -1])), player=draw(st.sampled_from(_PLAYERS))
        )
    elif kind == "step" and draw(st.booleans()):
        intent.update(turn=w.state["turn"], revision=w.revision)
    elif kind == "new_game" and draw(st.booleans()):
        intent.update(
            players=draw(st.sampled_from([2, 3, 4])),
            seed=draw(st.integers(0, 99)),
            preset=draw(st.sampled_from(["classic", "mitra", "cowrie_skill"])),
        )
    for key in draw(
        st.lists(
            st.sampled_from(
                [
                    "up",
                    "id",
                    "players",
                    "seed",
                    "preset",
                    "turn",
                    "revision",
                    "seat",
                    "player",
                    "language",
                    "positions",
                    "to_move",
                    "text",
                    "extra",
                ]
            ),
            max_size=2,
        )
    ):
        intent[key] = draw(_VALUES)
    return intent


# The board's own fuzz is the session's (test_session.py: every intent kind, 150 examples); this
# one drives the same intents through the widget's comm, where traits and validators sit.
@settings(FUZZ, max_examples=examples(30))
@given(st.data())
def test_fuzz_intents_never_raise_and_a_refusal_changes_nothing(data):
    w = PachisiWidget(players=2, seed=data.draw(st.integers(0, 5)), animate=False)
    w.send = lambda msg, buffers=None: None  # no front end to download a save
    for _ in range(data.draw(st.integers(1, 8))):
        intent = data.draw(intents(w))
        before = snapshot(w)
        rev = w.revision
        ok = w.handle_intent(intent)  # never raises
        assert ok is True or ok is False
        assert len(w.status) <= _STATUS_MAX and w.status
        assert "internal error" not in w.status, (intent, w.status)
        if not ok:
            event(f"refused {intent.get('kind') if isinstance(intent, dict) else 'non-object'}")
            assert w.status_kind == "error" and w.revision == rev + 1
            assert snapshot(w) == before, intent
        else:
            event(f"accepted {intent['kind']}")
        w.game.to_dict()  # the game shown always saves
        shown = w.shown_state  # the live game's state, or the point of a replay
        assert w.state["phase"] == shown.phase and w.state["turn"] == shown.turn


def test_hint_and_overlay_intents_refuse_hostile_fields_plainly():
    w = PachisiWidget(players=2, seed=3, animate=False)
    nest = _nest(DEEP)
    for intent in (
        {"kind": "hint", "on": BIG},
        {"kind": "hint", "on": nest},
        {"kind": "hint", "on": float("nan")},
        {"kind": "set_overlay", "overlay": BIG},
        {"kind": "set_overlay", "overlay": nest},
        {"kind": "set_overlay", "overlay": {"danger": True}},
    ):
        before = (snapshot(w), w.hints, w.overlay, w.heat, w.hint_view)
        refused(w, intent)
        assert "internal error" not in w.status
        assert (snapshot(w), w.hints, w.overlay, w.heat, w.hint_view) == before
