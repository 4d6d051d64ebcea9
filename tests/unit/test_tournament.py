"""Class tournaments (pachisi_widget/tournament/): students' players, forfeits with their
reasons, fair seats, the same result on every executor, loading a class's folder, ratings, and
check_agent's plain-words report. Dask has its own file (test_dask.py)."""

from __future__ import annotations

import math
import random
import re
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest
from support import Garbage, Loop, ReturnsNone  # hostile players shared with test_hostile

import pachisi_widget as pw
from pachisi_widget import Move
from pachisi_widget.agents import Agent
from pachisi_widget.tournament import (
    TEMPLATE,
    Forfeit,
    PlayerFileError,
    TournamentResult,
    fit_ratings,
    load_player,
)

# -- hostile players (module level, so that a process pool can send them) -------------------------


class Illegal(Agent):
    name = "illegal"

    def choose(self, state, rng):
        return Move(state.to_move, 0, 5, 99, "move", 4)


class Raiser(Agent):
    name = "raiser"

    def choose(self, state, rng):
        return {}["no such key"]


class Sleepy(Agent):
    """Plays its first legal move, but dawdles over its third choice of each game."""

    name = "sleepy"

    def __init__(self, pause=0.25):
        self.pause, self.calls = pause, 0

    def choose(self, state, rng):
        self.calls += 1
        if self.calls == 3:
            time.sleep(self.pause)
        return state.legal_moves()[0]


class Careless(Agent):
    """Draws from the random module instead of rng: not deterministic."""

    name = "careless"

    def choose(self, state, rng):
        return random.choice(state.legal_moves())


class FirstMove(Agent):
    name = "first"

    def choose(self, state, rng):
        return state.legal_moves()[0]


HOSTILE = {
    "illegal": Illegal(),
    "raiser": Raiser(),
    "none": ReturnsNone(),
    "garbage": Garbage(),
    "sleepy": Sleepy(),
}
EXPECTED = {  # kind of forfeit, and words its reason must contain
    "illegal": ("illegal", "not one of its legal moves"),
    "raiser": ("error", "raised KeyError"),
    "none": ("illegal", "not a move"),
    "garbage": ("illegal", "not a move"),
    "sleepy": ("time", "took longer than the 0.1 s a move may take"),
}


def hostile_tournament(executor=None):
    return pw.tournament(
        {**HOSTILE, "greedy": "greedy"},
        games=2,
        seed=11,
        move_time=0.1,
        progress=False,
        executor=executor,
    )


@pytest.fixture(scope="module")
def serial_hostile():
    return hostile_tournament()


def test_hostile_players_forfeit_with_their_reasons_and_the_tournament_goes_on(serial_hostile):
    t = serial_hostile
    assert t.total_games == 15 * 2  # 6 entrants: 15 pairings, every one played
    by_game = {f.game: f for f in t.forfeits}
    greedy = t.entrants.index("greedy")
    for g, lineup in enumerate(t.lineups):
        names = {t.entrants[i] for i in lineup}
        if "greedy" not in names:
            continue
        (other,) = names - {"greedy"}
        f = by_game[g]
        kind, words = EXPECTED[other]
        assert (f.player, f.kind) == (other, kind), f
        assert words in f.reason and f.position.startswith("[") and "|" in f.position
        assert t.winners[g] == greedy  # in a 2-player game the opponent wins a forfeit
        text = str(f)
        assert other in text and f.position in text
        if kind == "illegal":
            assert f.move is not None and f.move in text  # the move it returned is named
    assert all(f.player in HOSTILE for f in t.forfeits)
    assert "returned None" in str(next(f for f in t.forfeits if f.player == "none"))
    assert "KeyError" in str(t) and "forfeits" in t._repr_html_()
    assert t.table(frame=False)[0]["player"] == "greedy"


def test_a_process_pool_gives_the_same_forfeits_and_stops_a_player_that_never_returns(
    serial_hostile,
):
    with ProcessPoolExecutor(2) as ex:
        assert hostile_tournament(ex) == serial_hostile
        t0 = time.perf_counter()
        t = pw.tournament(
            {"loop": Loop(), "greedy": "greedy"},
            games=2,
            seed=1,
            move_time=0.2,
            executor=ex,
            progress=False,
        )
    assert time.perf_counter() - t0 < 20
    assert [(f.player, f.kind) for f in t.forfeits] == [("loop", "time"), ("loop", "time")]
    assert "took longer than the 0.2 s" in str(t.forfeits[0])


def test_a_chunk_that_does_not_come_back_is_recorded_unfinished():
    sleeper = Sleepy(pause=1.2)
    with ThreadPoolExecutor(2) as ex:  # threads cannot be interrupted: the chunk timeout acts
        t = pw.tournament(
            {"sleeper": sleeper, "greedy": "greedy"},
            games=2,
            seed=1,
            move_time=None,
            chunk=1,
            chunk_timeout=0.3,
            executor=ex,
            progress=False,
        )
    assert [f.kind for f in t.forfeits] == ["unfinished", "unfinished"]
    assert all(
        f.player is None and "chunk_timeout=0.3 s" in f.reason and "sleeper" in f.reason
        for f in t.forfeits
    )
    assert t.winners == (None, None)
    assert [r.rating for r in t.ratings()] == [1500.0, 1500.0]  # unfinished games rate nobody


def test_same_seed_same_result_and_fair_seats():
    entrants = {
        "template": str(TEMPLATE),
        "greedy": "greedy",
        "first": FirstMove(),
        "random": "random",
    }
    t = pw.tournament(entrants, games=6, seed=3, progress=False)
    assert t == pw.tournament(entrants, games=6, seed=3, progress=False, chunk=5)
    assert t != pw.tournament(entrants, games=6, seed=4, progress=False)
    seats = Counter()
    for lineup in t.lineups:
        for seat, i in enumerate(lineup):
            seats[frozenset(lineup), i, seat] += 1
    assert set(seats.values()) == {3}  # each entrant 3 times in each seat of each pairing
    assert sum(t.table(frame=False)[k]["games"] for k in range(4)) == 2 * t.total_games

    t4 = pw.tournament({**entrants, "runner": "runner"}, games=4, players=4, seed=3, progress=False)
    assert t4.total_games == 5 * 4  # 5 tables of four, 4 rotations each
    per_table = Counter((frozenset(lu), i, s) for lu in t4.lineups for s, i in enumerate(lu))
    assert set(per_table.values()) == {1}
    assert t4 == pw.tournament(
        {**entrants, "runner": "runner"}, games=4, players=4, seed=3, progress=False, chunk=3
    )


def test_a_forfeit_at_a_table_of_four_has_no_winner_and_rates_the_others_above():
    t = pw.tournament(
        {"raiser": Raiser(), "greedy": "greedy", "runner": "runner", "random": "random"},
        games=4,
        players=4,
        seed=2,
        progress=False,
    )
    assert len(t.forfeits) == 4 and t.winners == (None,) * 4
    assert t.ratings()[-1].player == "raiser"


def test_from_folder_loads_the_good_files_and_reports_the_bad(tmp_path):
    (tmp_path / "alice.py").write_text(TEMPLATE.read_text())
    (tmp_path / "bob.py").write_text(
        "from pachisi_widget.agents import GreedyAgent\nPLAYER = GreedyAgent()\n"
    )
    (tmp_path / "carol.py").write_text("class Carol(\n")
    (tmp_path / "dave.py").write_text("import math\nx = 1 / 0\n")
    (tmp_path / "erin.py").write_text(
        "from pachisi_widget.agents import Agent\n"
        "class A(Agent):\n    def choose(self, s, r): return s.legal_moves()[0]\n"
        "class B(A):\n    pass\n"
    )
    (tmp_path / "frank.py").write_text("x = 1\n")
    (tmp_path / "grace.py").write_text(
        "from pachisi_widget.agents import Agent\n"
        "class G(Agent):\n    def chose(self, s, r): pass\n"
    )
    (tmp_path / "henry.py").write_text("import sys\nsys.exit('bye')\n")
    (tmp_path / "_helpers.py").write_text("raise SystemExit\n")
    t = pw.tournament.from_folder(tmp_path, opponents=("random",), games=2, seed=1, progress=False)
    assert t.entrants == ("alice", "bob", "random")
    assert set(t.skipped) == {"carol.py", "dave.py", "erin.py", "frank.py", "grace.py", "henry.py"}
    assert "SystemExit: bye" in t.skipped["henry.py"]
    assert "not valid Python" in t.skipped["carol.py"] and "line 1" in t.skipped["carol.py"]
    assert "ZeroDivisionError" in t.skipped["dave.py"] and "line 2" in t.skipped["dave.py"]
    assert "several players (A, B)" in t.skipped["erin.py"]
    assert "defines no player" in t.skipped["frank.py"]
    assert "no choose(self, state, rng)" in t.skipped["grace.py"]
    assert "not loaded" in str(t)
    with pytest.raises(PlayerFileError, match="not valid Python"):
        load_player(tmp_path / "carol.py")
    with pytest.raises(PlayerFileError, match="carol.py"):
        pw.tournament([str(tmp_path / "carol.py"), "random"], games=2)


def test_a_students_file_shows_capitalised_and_keeps_its_code_name(tmp_path):
    (tmp_path / "ana.py").write_text(TEMPLATE.read_text())
    (tmp_path / "bogdan.py").write_text(
        "from pachisi_widget.agents import GreedyAgent\nPLAYER = GreedyAgent()\n"
    )
    loaded, _ = pw.tournament.load_folder(tmp_path)
    entrants = {**loaded, "maria": str(tmp_path / "ana.py"), "tu": Raiser(), "greedy": "greedy"}
    t = pw.tournament(entrants, games=2, seed=1, progress=False)
    # the code name stays what the student typed: the file's name, the dict's keys
    assert t.entrants == ("ana", "bogdan", "maria", "tu", "greedy")
    assert {r["player"] for r in t.table(frame=False)} == set(t.entrants)
    assert t.shown == {"ana": "Ana", "bogdan": "Bogdan"}  # a chosen name is kept as chosen
    assert [t.name(p, "en") for p in t.entrants] == ["Ana", "Bogdan", "maria", "tu", "greedy"]
    assert [t.name(p, "ro") for p in t.entrants] == ["Ana", "Bogdan", "maria", "tu", "lacom"]
    for lang in ("en", "ro"):
        shown = t.summary(lang) + t.to_html(lang) + t.plot(backend="svg", lang=lang)._repr_svg_()
        assert "Ana" in shown and "Bogdan" in shown
        assert not re.search(r"\b(ana|bogdan)\b", shown)
    listed = pw.tournament([str(tmp_path / "ana.py"), "random"], games=2, seed=1, progress=False)
    assert listed.entrants == ("ana", "random") and listed.name("ana") == "Ana"


def test_new_player_writes_the_template(tmp_path):
    path = pw.tournament.new_player(tmp_path / "players" / "zoe.py")
    assert path.read_text() == TEMPLATE.read_text()
    assert load_player(path).choose is not None
    with pytest.raises(FileExistsError):
        pw.tournament.new_player(path)


def test_check_agent_reports_problems_in_plain_words(tmp_path):
    assert pw.check_agent(str(TEMPLATE), positions=80).ok
    report = pw.check_agent("greedy", positions=40)
    assert report.ok and report.positions == 40 and "OK" in str(report)
    for player, kind, words in [
        (Illegal(), "illegal", "not one of its legal moves"),
        (ReturnsNone(), "illegal", "returned None"),
        (Garbage(), "illegal", "returned ('left', 3)"),
        (Raiser(), "error", "raised KeyError"),
        (Careless(), "nondeterministic", "draw random numbers only from rng"),
        (Sleepy(pause=0.06), "time", "more than the 0.05 s a move may take"),
    ]:
        report = pw.check_agent(player, positions=24, move_time=0.05)
        assert not report.ok and kind in report.counts, (player, str(report))
        text = str(report)
        assert words in text and "[" in text, text  # the position's notation is named
        assert "players)" in text  # and the preset it was met in
    bad = tmp_path / "bad.py"
    bad.write_text("def choose(:\n")
    report = pw.check_agent(bad)
    assert report.counts == {"load": 1} and "not valid Python" in str(report)
    assert "<li>" in report._repr_html_()


def test_ratings_are_the_maximum_likelihood_fit():
    obs = {((0, 1), 0): 30, ((0, 1), 1): 10, ((0, 1, 2), 2): 5, ((0, 1, 2), 0): 3, ((1, 2), 1): 7}
    theta, se = fit_ratings(3, obs)
    assert abs(sum(theta)) < 1e-9 and all(s > 0 for s in se)

    def loglik(th):  # the same model, written out: wins, table totals, the virtual games
        v = 0.0
        for (members, w), c in obs.items():
            v += c * (th[w] - math.log(sum(math.exp(th[j]) for j in members)))
        return v + sum(t - 2 * math.log1p(math.exp(t)) for t in th)

    # the fit is a maximum up to the common shift the centring removed
    shift = min(range(-300, 301), key=lambda k: -loglik([t + k / 100 for t in theta])) / 100
    best = [t + shift for t in theta]
    for i in range(3):
        for h in (1e-3, -1e-3):
            bumped = list(best)
            bumped[i] += h
            assert loglik(bumped) <= loglik(best) + 1e-6
    # symmetry: equal records give equal ratings and intervals
    theta, se = fit_ratings(2, {((0, 1), 0): 5, ((0, 1), 1): 5})
    assert theta[0] == pytest.approx(theta[1]) and se[0] == pytest.approx(se[1])


def test_table_head_to_head_html_and_plots():
    t = pw.tournament(["greedy", "random", "runner"], games=10, seed=1, progress=False)
    rows = t.table(frame=False)
    assert [r["rank"] for r in rows] == [1, 2, 3]
    assert set(rows[0]) >= {
        "player",
        "rating",
        "low",
        "high",
        "games",
        "wins",
        "win_rate",
        "forfeits",
    }
    assert all(r["low"] < r["rating"] < r["high"] for r in rows)
    df = t.table()
    assert list(df["player"]) == [r["player"] for r in rows]
    h2h = t.head_to_head(frame=False)
    a, b = h2h[0]["player"], h2h[1]["player"]
    assert h2h[0][a] is None and h2h[0][b] + h2h[1][a] == pytest.approx(1.0)
    assert t.head_to_head().loc[a, b] == h2h[0][b]
    page = t._repr_html_()
    assert "<table>" in page and "Head to head" in page and "runner" in page
    svg = t.plot(backend="svg")
    assert svg.startswith("<svg") and "greedy" in svg and svg._repr_svg_() == svg
    fig = t.plot()
    assert type(fig).__name__ == "Figure"
    hostile = pw.tournament(
        {"<b>x</b>": Raiser(), "random": "random"}, games=2, seed=1, progress=False
    )
    assert "&lt;b&gt;x&lt;/b&gt;" in hostile._repr_html_() and "<b>x" not in hostile._repr_html_()


def test_progress_is_reported_after_each_chunk():
    seen = []
    pw.tournament(
        ["greedy", "random"],
        games=20,
        seed=1,
        chunk=6,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen == [(6, 20), (12, 20), (18, 20), (20, 20)]


def test_bad_arguments_are_refused_in_words():
    with pytest.raises(ValueError, match="multiple of 2"):
        pw.tournament(["greedy", "random"], games=3)
    with pytest.raises(ValueError, match="players must be 2 or 4"):
        pw.tournament(["greedy", "random", "runner"], games=3, players=3)
    with pytest.raises(ValueError, match="at least 4 entrants"):
        pw.tournament(["greedy", "random"], games=4, players=4)
    with pytest.raises(ValueError, match="teams"):
        pw.tournament(
            ["greedy", "random", "runner", "castle_waiter"],
            games=4,
            players=4,
            rules=pw.Rules(teams=True),
        )
    with pytest.raises(ValueError, match="unknown player 'gredy'"):
        pw.tournament(["gredy", "random"], games=2)
    with pytest.raises(TypeError, match="choose"):
        pw.tournament({"x": object(), "random": "random"}, games=2)
    with pytest.raises(TypeError, match="concurrent.futures.Executor"):
        pw.tournament(["greedy", "random"], games=2, executor="dask")
    with pytest.raises(ValueError, match="move_time"):
        pw.tournament(["greedy", "random"], games=2, move_time=-1)


def test_the_package_exports_tournament_and_check_agent():
    import pachisi_widget.tournament as module

    assert pw.tournament is module and callable(pw.tournament)  # the module runs a tournament
    assert pw.check_agent is module.check_agent
    assert isinstance(
        pw.tournament(["greedy", "random"], games=2, seed=1, progress=False), TournamentResult
    )
    assert Forfeit(1, "x", "error", "raised", "[p]") == Forfeit(
        1, "x", "error", "raised", "[p]", seconds=3.0
    )
