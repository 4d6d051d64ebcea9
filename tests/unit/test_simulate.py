"""pw.simulate(): results, statistics, reproducibility, engines and fallbacks."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import pachisi_widget as pw
from pachisi_widget import Rules
from pachisi_widget.agents import ExpectimaxAgent, GreedyAgent, RandomAgent
from pachisi_widget.simulate import (
    NUMPY_MIN_GAMES,
    GameLength,
    SimulationResult,
    WinRate,
    simulate,
    wilson_interval,
)

sim_module = importlib.import_module("pachisi_widget.simulate")


def test_result_shape_and_totals():
    r = simulate(60, seed=1, progress=False)
    assert isinstance(r, SimulationResult)
    assert r.games == 60 and r.players == 4 and r.seats == (0, 1, 2, 3)
    assert r.agents == ("random",) * 4 and r.seed == 1
    assert set(r.wins) == {0, 1, 2, 3}
    assert sum(r.wins.values()) + r.dead == 60 and r.draws == r.dead
    assert len(r.lengths) == len(r.captures) == len(r.winners) == 60
    assert all(isinstance(x, GameLength) for x in r.lengths)
    assert all(t.throws >= t.turns > 50 for t in r.lengths)  # a game takes hundreds of throws
    assert 300 < r.mean_throws < 800 and r.mean_captures > 5
    assert r.wins == {s: r.winners.count(s) for s in range(4)}


def test_same_seed_same_games_and_seed_kept():
    a = simulate(30, seed=5, progress=False)
    assert a == simulate(30, seed=5, progress=False)
    assert a != simulate(30, seed=6, progress=False)
    b = simulate(5, progress=False)  # a random seed, recorded: it replays
    assert simulate(5, seed=b.seed, progress=False) == b


def test_engines_and_batches_give_the_same_games():
    mix = ["greedy", "random", "runner", "castle_waiter"]
    base = simulate(12, seed=9, agents=mix, progress=False, engine="numpy")
    for kw in ({"engine": "python"}, {"engine": "reference"}, {"engine": "numpy", "batch": 5}):
        assert simulate(12, seed=9, agents=mix, progress=False, **kw) == base
    small = simulate(12, seed=9, agents=mix, progress=False)  # few games: the python engine
    assert small == base and small.engine == "python"
    # agent objects of the built-in kinds run on the fast paths too
    objs = [GreedyAgent(), RandomAgent(), "runner", "castle_waiter"]
    assert simulate(12, seed=9, agents=objs, progress=False, engine="numpy") == base
    many = simulate(NUMPY_MIN_GAMES, seed=9, agents=objs, progress=False)
    assert many.engine == "numpy"
    assert many == simulate(NUMPY_MIN_GAMES, seed=9, agents=mix, progress=False, engine="python")


def test_pure_python_fallback_without_numpy(monkeypatch):
    monkeypatch.setattr(sim_module, "_numpy_available", lambda: False)
    r = simulate(10, seed=2, progress=False)
    assert r.engine == "python"
    assert r == simulate(10, seed=2, progress=False, engine="reference")


def test_teams_count_team_wins():
    r = simulate(40, rules=Rules(teams=True), seed=3, progress=False)
    assert set(r.wins) == {(0, 2), (1, 3)}
    assert sum(r.wins.values()) + r.dead == 40
    assert all(w in ((0, 2), (1, 3), None) for w in r.winners)
    assert [row["side"] for row in r.to_table()] == ["South+North", "East+West", "dead game"]


@pytest.mark.parametrize("players, seats", [(2, (0, 2)), (3, (0, 1, 2))])
def test_fewer_players(players, seats):
    r = simulate(20, players=players, seed=4, progress=False)
    assert r.seats == seats and set(r.wins) == set(seats)
    assert sum(r.wins.values()) + r.dead == 20


def test_dead_games_are_counted_apart():
    r = simulate(
        40, rules=Rules(last_square_release=frozenset()), players=2, seed=12, progress=False
    )
    assert r.dead > 15  # measured 217 of 300: pieces frozen on step 83
    assert sum(r.wins.values()) + r.dead == 40
    assert r.dead == sum(1 for w in r.winners if w is None)


def test_presets_fall_back_to_the_python_engine():
    for preset in ("cowrie_skill", "mitra"):
        r = simulate(6, rules=preset, seed=1, progress=False)
        assert r.engine == "python" and r.rules == Rules.preset(preset)
        assert sum(r.wins.values()) + r.dead == 6
    r = simulate(4, rules=Rules(revenge_rule=True), seed=1, progress=False)
    assert r.engine == "python"
    r = simulate(2, players=2, agents=[ExpectimaxAgent(), "random"], seed=1, progress=False)
    assert r.engine == "python" and r.agents == ("ExpectimaxAgent(depth=1)", "random")


def test_win_rates_and_wilson_interval():
    assert wilson_interval(50, 100) == pytest.approx((0.5, 0.40383, 0.59617), abs=1e-5)
    assert wilson_interval(0, 10) == (0.0, 0.0, pytest.approx(0.27754, abs=1e-5))
    assert wilson_interval(10, 10).high == 1.0
    r = simulate(200, seed=2, progress=False)
    rates = r.win_rates()
    for seat, wr in rates.items():
        assert isinstance(wr, WinRate)
        assert wr.rate == r.wins[seat] / 200
        assert wr.low < wr.rate < wr.high and wr.high - wr.low < 0.13
    # four random seats: each near 1/4
    assert all(wr.low < 0.25 < wr.high for wr in rates.values())


def test_tables(monkeypatch):
    r = simulate(20, seed=1, agents="greedy", progress=False)
    rows = r.to_table()
    assert [row["side"] for row in rows] == ["South", "East", "North", "West", "dead game"]
    assert rows[0]["agent"] == "greedy" and sum(row["wins"] for row in rows) == 20
    assert set(rows[0]) == {"side", "agent", "wins", "win_rate", "ci_low", "ci_high"}
    monkeypatch.setitem(sys.modules, "pandas", None)  # pandas missing: the list of dicts
    assert r.to_dataframe() == rows
    assert "greedy" in str(r) and "20 games" in str(r)


def test_to_dataframe_with_pandas():
    try:
        import pandas
    except ImportError:
        assert isinstance(simulate(3, seed=1, progress=False).to_dataframe(), list)
        return
    df = simulate(30, seed=1, progress=False).to_dataframe()
    assert isinstance(df, pandas.DataFrame)
    assert list(df.columns) == ["side", "agent", "wins", "win_rate", "ci_low", "ci_high"]
    assert int(df["wins"].sum()) == 30


def test_progress_bar_on_and_off(monkeypatch, capsys):
    r = simulate(8, seed=1, progress=True)
    assert r == simulate(8, seed=1, progress=False)
    monkeypatch.setitem(sys.modules, "tqdm", None)  # tqdm missing: no bar, same result
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    assert simulate(8, seed=1, progress=True) == r


def test_bad_arguments():
    with pytest.raises(ValueError, match="games"):
        simulate(-1)
    with pytest.raises(ValueError, match="players"):
        simulate(1, players=5)
    with pytest.raises(ValueError, match="teams needs 4"):
        simulate(1, rules=Rules(teams=True), players=2)
    with pytest.raises(ValueError, match="one agent per seat"):
        simulate(1, agents=["random"] * 3)
    with pytest.raises(ValueError, match="unknown agent"):
        simulate(1, agents="clever")
    with pytest.raises(ValueError, match="engine"):
        simulate(1, engine="gpu")
    with pytest.raises(ValueError, match="numpy engine"):
        simulate(1, rules="mitra", engine="numpy")
    with pytest.raises(ValueError, match="numpy engine plays only"):
        simulate(1, agents=["expectimax"] * 4, engine="numpy")
    for batch in (0, -5, 2.5, float("inf"), True):
        with pytest.raises(ValueError, match="batch"):
            simulate(1, batch=batch)
    with pytest.raises(ValueError, match="seed"):
        simulate(1, seed=-1)
    with pytest.raises(TypeError):
        simulate(1, seed="x")
    assert simulate(0, seed=1, progress=False).games == 0


def test_package_attribute_stays_callable():
    import importlib

    importlib.import_module("pachisi_widget.simulate")
    assert pw.simulate(3, seed=1, progress=False).games == 3


def test_core_modules_import_no_numpy_or_jupyter():
    code = (
        "import sys, pachisi_widget as pw\n"
        "from pachisi_widget import engine, fastnp, probability, agents\n"
        "r = pw.simulate(3, seed=1, engine='python', progress=False)\n"
        "heavy = ('numpy', 'pandas', 'tqdm', 'IPython', 'ipywidgets', 'traitlets', 'anywidget')\n"
        "bad = [m for m in heavy if m in sys.modules]\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("engine", ["python", "numpy", "reference"])
def test_starters_are_the_seats_that_threw_first(engine):
    from pachisi_widget.fastnp import game_seeds

    r = simulate(12, seed=5, players=3, engine=engine, progress=False)
    # pw.Game draws the same opening throws from the same per-game seed
    assert r.starters == tuple(pw.Game(players=3, seed=s).to_move for s in game_seeds(5, 12))
    assert set(r.starters) <= set(r.seats)
