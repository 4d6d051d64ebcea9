"""Scale-out on Dask (DESIGN.md "Scale"): a real LocalCluster of two worker processes runs a
tournament and gives the same result, game for game, as this process and a process pool, also
when one worker is killed in the middle of the run. Never skipped: dask[distributed] is in the
dev extra."""

from __future__ import annotations

import os
import signal
from concurrent.futures import ProcessPoolExecutor

import pytest
from dask.distributed import Client, LocalCluster

import pachisi_widget as pw
from pachisi_widget.agents import Agent
from pachisi_widget.tournament import TEMPLATE

pytestmark = pytest.mark.slow  # a real LocalCluster: not in the fast loop

HOSTILE = """
from pachisi_widget.agents import Agent


class Hostile(Agent):
    def choose(self, state, rng):
        if state.turn > 6:
            raise RuntimeError("lost my way")
        return state.legal_moves()[0]
"""


class Leader(Agent):
    """A student's player: moves its leading piece (plays on the python engine)."""

    name = "leader"

    def choose(self, state, rng):
        moves = state.legal_moves()
        return max(moves[:-1] or moves, key=lambda m: (m.start, m.end))


@pytest.fixture(scope="module")
def client():
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as c,
    ):
        c.run(lambda: __import__("pachisi_widget.tournament"))  # warm the workers
        yield c


@pytest.fixture(scope="module")
def entrants(tmp_path_factory):
    hostile = tmp_path_factory.mktemp("players") / "hostile.py"
    hostile.write_text(HOSTILE)
    # players from files travel to the workers as their text; built-ins by name
    return {
        "template": str(TEMPLATE),
        "hostile": str(hostile),
        "greedy": "greedy",
        "random": "random",
    }


def test_dask_gives_the_same_result_as_this_process_and_a_process_pool(client, entrants):
    serial = pw.tournament(entrants, games=6, seed=21, progress=False)
    assert any(f.player == "hostile" and "lost my way" in f.reason for f in serial.forfeits)
    on_dask = pw.tournament(
        entrants, games=6, seed=21, progress=False, chunk=4, executor=client.get_executor()
    )
    assert on_dask == serial and on_dask.ran_on == "ClientExecutor"
    assert pw.tournament(entrants, games=6, seed=21, progress=False, executor=client) == serial
    with ProcessPoolExecutor(2) as ex:
        assert (
            pw.tournament(entrants, games=6, seed=21, progress=False, chunk=3, executor=ex)
            == serial
        )
    four = dict(entrants, runner="runner")
    assert pw.tournament(
        four, games=4, players=4, seed=5, progress=False, chunk=3, executor=client
    ) == pw.tournament(four, games=4, players=4, seed=5, progress=False)


def test_a_worker_lost_in_the_middle_of_the_run_changes_nothing(client, entrants):
    serial = pw.tournament(entrants, games=8, seed=8, progress=False)
    pids = client.run(os.getpid)
    victim = sorted(pids.values())[0]
    killed = []

    def progress(done, total):
        if not killed:  # the first chunk is back: the others are queued or running
            os.kill(victim, signal.SIGKILL)
            killed.append(done)

    result = pw.tournament(
        entrants, games=8, seed=8, chunk=2, progress=progress, executor=client.get_executor()
    )
    assert killed and killed[0] < result.total_games
    assert result == serial
    client.wait_for_workers(2, timeout=60)  # the nanny starts a new worker
    assert victim not in client.run(os.getpid).values()


def test_simulate_on_an_executor_gives_the_serial_result(client):
    setups = [
        ("python", ["greedy", "runner", "random", "castle_waiter"], 80),
        ("numpy", None, 300),
        ("reference", "random", 12),
    ]
    for engine, agents, games in setups:
        serial = pw.simulate(games, agents=agents, seed=3, engine=engine, progress=False)
        on_dask = pw.simulate(
            games, agents=agents, seed=3, engine=engine, progress=False, executor=client
        )
        assert on_dask == serial and on_dask.engine == serial.engine, engine
    serial = pw.simulate(60, agents=[Leader(), "greedy"], players=2, seed=4, progress=False)
    with ProcessPoolExecutor(2) as ex:  # the student's class travels by reference (fork)
        assert (
            pw.simulate(
                60, agents=[Leader(), "greedy"], players=2, seed=4, progress=False, executor=ex
            )
            == serial
        )
    with pytest.raises(TypeError, match="concurrent.futures.Executor"):
        pw.simulate(10, executor=object())
