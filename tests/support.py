"""Helpers shared by the test tiers (tests/conftest.py puts this folder on sys.path, so any test
file can ``from support import ...``; test files never import each other).

- :func:`free_port` (from tests/ports.py) and :func:`serve_static`: a free TCP port on
  127.0.0.1, and a folder served there by ``python -m http.server`` (the docs and JupyterLite
  sites);
- the notebook helpers (:func:`read`, :func:`code_cells`, :func:`outputs_text`, ...) and
  :func:`executed`: each lesson executed ONCE per package version, whichever test asks first
  (notebook tests, docs build, teacher's course); the result is kept on disk in
  ``.cache/tests/executed/``, keyed by the lesson's and the package's hashes, and also put into the
  documentation's jupyter-cache, so the docs build (myst-nb) renders it without running it again;
- :func:`project_wheel`: the ONE wheel of a run, built from a clean copy of the tree
  (:func:`clean_copy`) under a file lock and kept in ``.cache/tests/wheel/`` by the sources'
  hash; the packaging tests read it and the offline site (:func:`build_lite_site`) ships it;
- the hostile players that the tournament and robustness tests field;
- :func:`refused` and :func:`accepted`: an intent sent to a board (the widget, or the session
  as the widget reads it) and what it must do;
- :func:`played_game` and :func:`blunder_game`: the games the replay, luck and session tests
  replay; :func:`rules_uses` and its companions: one opponent's turn as RULES.md writes it, for
  the enumerations that check the exact odds;
- :func:`examples`: a Hypothesis example count scaled by the profile (dev, ci, thorough).
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import io as _io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tokenize as _tokenize
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from ports import free_port

__all__ = ["free_port"]  # re-exported: tests import it from here

REPO = Path(__file__).resolve().parents[1]
NOTEBOOK_DIR = REPO / "notebooks"
RESULTS = REPO / "test-results"
EXECUTED_CACHE = REPO / ".cache" / "tests" / "executed"
DOCS_CACHE = Path(
    os.environ.get("PACHISI_DOCS_CACHE", str(REPO / ".cache" / "docs" / "jupyter_cache"))
)

CELL_TIMEOUT = 300  # seconds per cell (a guard against a hang, never a speed test)


# --- ports and static sites ------------------------------------------------------------------


@contextlib.contextmanager
def serve_static(folder: Path, log_dir: Path, ready: str = "index.html") -> Iterator[str]:
    """``python -m http.server`` serving ``folder`` on 127.0.0.1 (a fresh port, retried three
    times); yields its base URL once ``ready`` answers; stopped by its own pid."""
    log_path = Path(log_dir) / "http.log"
    process = log = None
    for _attempt in range(3):
        port = free_port()
        log = open(log_path, "a")  # noqa: SIM115 - closed below
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "http.server",
                "--bind",
                "127.0.0.1",
                "--directory",
                str(folder),
                str(port),
            ],
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        base_url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and process.poll() is None:
            try:
                with urllib.request.urlopen(f"{base_url}/{ready}", timeout=2):
                    break
            except OSError:
                time.sleep(0.1)
        if process.poll() is None:
            break
        log.close()
    else:
        raise RuntimeError(f"python -m http.server did not start:\n{log_path.read_text()}")
    try:
        yield base_url
    finally:
        if process.poll() is None:
            os.kill(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.kill(process.pid, signal.SIGKILL)
                process.wait(timeout=10)
        log.close()


# --- notebooks ---------------------------------------------------------------------------------

INSTALL_CELL = "\n".join(
    [
        "# In JupyterLite (Python running in the browser) this installs pachisi_widget from the site's",
        "# own wheels; everywhere else it is already installed and this cell does nothing.",
        "import sys",
        'if sys.platform == "emscripten":',
        "    import piplite",
        '    await piplite.install(["pachisi_widget"])',
    ]
)

# Calls that must name a seed (a keyword `seed=`); PachisiWidget is exempt when it is given a game=.
SEEDED_CALLS = {
    "Game",
    "from_position",
    "PachisiWidget",
    "Random",
    "simulate",
    "new_game",
    "set_position",
}

NO_MATPLOTLIB = """\
import sys
sys.modules["matplotlib"] = None
sys.modules["matplotlib.pyplot"] = None
"""
"""A first cell that blocks matplotlib (a None entry in sys.modules makes the import raise)."""


def read(path: Path):
    import nbformat

    return nbformat.read(path, as_version=4)


def code_cells(nb) -> list:
    return [c for c in nb.cells if c.cell_type == "code"]


def outputs_text(cell) -> str:
    parts = []
    for out in cell.get("outputs", []):
        if out.get("output_type") == "stream":
            parts.append(out.get("text", ""))
        elif "data" in out:
            parts.append(str(out["data"].get("text/plain", "")))
        elif out.get("output_type") == "error":
            parts.append(f"{out.get('ename')}: {out.get('evalue')}")
    return "".join(parts)


def record_time(name: str, seconds: float) -> None:
    """Write a lesson's run time to test-results/notebook-times.txt (read, never asserted)."""
    RESULTS.mkdir(exist_ok=True)
    with (RESULTS / "notebook-times.txt").open("a", encoding="utf-8") as out:
        out.write(f"{name}: {seconds:.1f} s\n")


def kernel_env(base: Path) -> dict[str, str]:
    """The environment of a lesson's kernel: this interpreter's venv first on PATH, its own
    IPython and Jupyter folders under ``base`` (no history database or start-up files shared
    with other kernels), plots drawn inline (no MPLBACKEND inherited from the caller), and one
    thread for the numeric libraries (the 2 cores are shared by 2 test workers and their kernels);
    no teacher's mode (the lesson runs as a student's does: no answer can be shown)."""
    env = dict(os.environ)
    env.pop("PACHISI_TEACHER", None)  # a student's kernel: no teacher's mode
    for name in (
        "IPYTHONDIR",
        "JUPYTER_CONFIG_DIR",
        "JUPYTER_DATA_DIR",
        "JUPYTER_RUNTIME_DIR",
        "MPLCONFIGDIR",
    ):
        path = base / name.lower()
        path.mkdir(parents=True, exist_ok=True)
        env[name] = str(path)
    # the project's local-kernel configuration: no "without encryption" warning on 127.0.0.1
    profile = Path(env["IPYTHONDIR"]) / "profile_default"
    profile.mkdir(exist_ok=True)
    config = REPO / "scripts" / "jupyter" / "profile_default" / "ipython_kernel_config.py"
    shutil.copyfile(config, profile / config.name)
    # matplotlib's font cache is built once per machine, not once per kernel
    env["MPLCONFIGDIR"] = str(REPO / ".cache" / "tests" / "matplotlib")
    Path(env["MPLCONFIGDIR"]).mkdir(parents=True, exist_ok=True)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    for name in (
        "MPLBACKEND",
        "JUPYTER_PATH",
        "PYTEST_CURRENT_TEST",
        "PYTEST_XDIST_WORKER",
        "COV_CORE_SOURCE",
        "COV_CORE_CONFIG",
        "COV_CORE_DATAFILE",
    ):
        env.pop(name, None)
    for name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        env.setdefault(name, "1")
    env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
    return env


POLL_SLICE_S = 0.5


def _sliced(get_msg):
    """``get_msg`` of a kernel channel, polling in slices of :data:`POLL_SLICE_S`.

    nbclient waits for a cell's execute_reply with ONE ``socket.poll(cell timeout)`` on
    zmq.asyncio, and for its outputs with ``poll(None)``. zmq's socket FD is edge-triggered: now
    and then (more often on a loaded machine) the event loop misses the wake-up of a message
    that has arrived, and the poll then returns only when its timeout ends, with the message.
    The lesson passes, after exactly the cell timeout: lesson 02's 123 s in CI (the 120 s cell
    timeout + 3 s), a 600 s "hang" with a 600 s timeout, ro/00 waiting 300 s here. Short slices
    make a missed wake-up cost half a second instead."""
    from queue import Empty

    async def get(timeout=None):
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            step = (
                POLL_SLICE_S
                if deadline is None
                else max(0.0, min(POLL_SLICE_S, deadline - time.monotonic()))
            )
            try:
                return await get_msg(timeout=step)
            except Empty:
                if deadline is not None and time.monotonic() >= deadline:
                    raise

    return get


def _client_class():
    import nbclient

    class Client(nbclient.NotebookClient):
        async def async_start_new_kernel_client(self):
            kc = await super().async_start_new_kernel_client()
            for channel in (kc.shell_channel, kc.iopub_channel):
                channel.get_msg = _sliced(channel.get_msg)
            return kc

    return Client


def run_notebook(nb, *, timeout: int = CELL_TIMEOUT):
    """Execute ``nb`` (in place) in a fresh python3 kernel of this interpreter, in an empty temp
    folder with its own kernel environment; returns the seconds it took."""
    with tempfile.TemporaryDirectory(prefix="pachisi-nb-") as tmp:
        client = _client_class()(
            nb,
            timeout=timeout,
            kernel_name="python3",
            resources={"metadata": {"path": tmp}},
            allow_errors=False,
        )
        started = time.monotonic()
        client.execute(env=kernel_env(Path(tmp) / ".kernel"), cwd=tmp)
        return time.monotonic() - started


def _tree_hash(folder: Path, suffixes=None) -> str:
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        if suffixes and path.suffix not in suffixes:
            continue
        digest.update(path.relative_to(folder).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


_PACKAGE_HASH: str | None = None


def package_hash() -> str:
    """A hash of the package's files (code, words, front-end bundle) and of this interpreter."""
    global _PACKAGE_HASH
    if _PACKAGE_HASH is None:
        digest = hashlib.sha256(_tree_hash(REPO / "pachisi_widget").encode())
        digest.update(sys.version.encode())
        digest.update(_tree_hash(REPO / "docs" / "_ext").encode())  # the staged hidden cell
        _PACKAGE_HASH = digest.hexdigest()
    return _PACKAGE_HASH


def docs_extension():
    """docs/_ext/pachisi_docs.py, imported by path (it is not a package)."""
    import importlib.util

    if "pachisi_docs" not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            "pachisi_docs", REPO / "docs" / "_ext" / "pachisi_docs.py"
        )
        module = importlib.util.module_from_spec(spec)
        sys.modules["pachisi_docs"] = module  # dataclasses look their module up there
        spec.loader.exec_module(module)
    return sys.modules["pachisi_docs"]


def lang_of(path: Path) -> str:
    return "en" if Path(path).parent == NOTEBOOK_DIR else Path(path).parent.name


def staged(path: Path):
    """The lesson as the documentation site executes it (docs/_ext/pachisi_docs.py: a hidden
    first cell that adds the static picture of each board; nothing else changes)."""
    import nbformat

    ext = docs_extension()
    lang = lang_of(path)
    lesson = ext.read_lesson(Path(path), lang)
    others = [other for other in ext.LESSON_LANGS if other != lang]
    twins = tuple(
        o for o in others if (NOTEBOOK_DIR / ("" if o == "en" else o) / Path(path).name).is_file()
    )
    return nbformat.reads(ext.staged_notebook(lesson, twins), as_version=4), lesson


class Busy(Exception):
    """Another worker holds the lock (``executed(..., wait=False)``)."""


@contextlib.contextmanager
def _locked(lock: Path, wait: bool = True):
    lock.parent.mkdir(parents=True, exist_ok=True)
    with open(lock, "w") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            raise Busy(str(lock)) from None
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def executed(path: Path, wait: bool = True) -> tuple[object, float, bool]:
    """The lesson at ``path`` executed top to bottom in a fresh kernel, as the docs site runs it:
    ``(notebook with outputs, seconds, ran_now)``.

    It runs once per lesson text and package version, whoever asks first (the two test workers
    wait for each other through a file lock); later calls, in this run or the next, read the
    result from ``.cache/tests/executed/``. A lesson that fails is not cached (every caller sees
    the error). The executed notebook is also put into the docs' jupyter-cache, where myst-nb
    finds it by its code cells' hash. With ``wait=False`` it raises :class:`Busy` at once when
    another worker is executing that lesson."""
    import nbformat

    path = Path(path)
    nb, lesson = staged(path)
    import copy

    pristine = copy.deepcopy(nb)
    key = hashlib.sha256(nbformat.writes(nb).encode() + package_hash().encode()).hexdigest()[:20]
    stem = f"{lang_of(path)}-{path.stem}-{key}"
    cached = EXECUTED_CACHE / f"{stem}.ipynb"
    with _locked(EXECUTED_CACHE / f"{stem}.lock", wait):
        if cached.is_file():
            done = nbformat.read(cached, as_version=4)
            return done, done.metadata.get("pachisi_tests", {}).get("seconds", 0.0), False
        seconds = run_notebook(nb)
        nb.metadata["pachisi_tests"] = {"seconds": round(seconds, 1), "package": package_hash()}
        _prime_docs_cache(nb, pristine, lesson)
        tmp = cached.with_suffix(".tmp")
        nbformat.write(nb, tmp)
        tmp.replace(cached)
        return nb, seconds, True


def _prime_docs_cache(nb, pristine, lesson) -> None:
    """Put the executed lesson into the docs' jupyter-cache (what myst-nb's "cache" mode reads),
    so the docs build renders it without executing it again. Best effort: without jupyter-cache,
    or if it refuses, the docs build executes the lesson itself."""
    try:
        from jupyter_cache import get_cache
        from jupyter_cache.base import CacheBundleIn
    except ImportError:
        return
    import copy

    clean = copy.deepcopy(nb)
    clean.metadata.pop("pachisi_tests", None)
    # jupyter-cache hashes the kernelspec and every code cell's source and metadata: those of
    # the staged file myst-nb reads, not the execution's timing metadata.
    if "kernelspec" in pristine.metadata:
        clean.metadata["kernelspec"] = pristine.metadata["kernelspec"]
    else:
        clean.metadata.pop("kernelspec", None)
    for cell, before in zip(clean.cells, pristine.cells, strict=False):
        cell.metadata = copy.deepcopy(before.metadata)
    uri = str(REPO / "docs" / "lessons" / lesson.lang / f"{lesson.name}.ipynb")
    with _locked(DOCS_CACHE.parent / ".jupyter_cache.lock"), contextlib.suppress(Exception):
        DOCS_CACHE.mkdir(parents=True, exist_ok=True)
        get_cache(str(DOCS_CACHE)).cache_notebook_bundle(
            CacheBundleIn(clean, uri, data={"pachisi_tests": True}),
            check_validity=False,
            overwrite=True,
        )


def exercise_cells(nb, answer: str = "answer") -> list:
    return [c for c in code_cells(nb) if re.search(rf"\bcheck\(\s*{answer}\w*", c.source)]


# --- hostile players (tournaments, robustness) -----------------------------------------------


def _agent_base():
    from pachisi_widget.agents import Agent

    return Agent


class ReturnsNone(_agent_base()):
    """Returns None instead of a move."""

    name = "none"

    def choose(self, state, rng):
        return None


class Garbage(_agent_base()):
    """Returns something that is not a move at all."""

    name = "garbage"

    def choose(self, state, rng):
        return ("left", 3)


class ReturnsText(_agent_base()):
    """Returns a chess move, as text."""

    name = "returns-text"

    def choose(self, state, rng):
        return "e2e4"


class Loop(_agent_base()):
    """Never returns, and swallows ordinary exceptions on the way."""

    name = "loop"

    def choose(self, state, rng):
        while True:
            try:  # noqa: SIM105 - the point: it swallows what it can
                sum(range(100))
            except Exception:
                pass


# --- games the replay, luck and session tests share ---------------------------------------------


def played_game(players: int, seed: int, actions: int | None = None):
    """A game of ``players`` greedy players from ``seed``, played to its end (or for
    ``actions`` actions)."""
    import pachisi_widget as pw
    from pachisi_widget.agents import GreedyAgent

    g = pw.Game(players=players, seed=seed)
    agent = GreedyAgent()
    while g.phase != "over" and (actions is None or len(g.history) < actions):
        if g.phase == "throw":
            g.throw()
        else:
            g.play(agent.choose(g.state, g.agent_rng()))
    return g


def blunder_game():
    """South throws a 4 that captures North on step 30, and passes instead: a blunder."""
    import pachisi_widget as pw

    g = pw.Game.from_position([[84, 84, 84, 26], None, [84, 84, 50, 64], None], seed=1)
    g.throw(up=4)
    g.pass_()
    return g


# --- intents sent to a board (the widget, or the session as the widget reads it) ----------------


def game_snapshot(board) -> tuple:
    """Everything a refused intent must leave alone: the game's record and its position."""
    return json.dumps(board.game.to_dict(), sort_keys=True), board.game.state, board.game.history


def refused(board, intent, *, contains: str = "") -> None:
    """Send ``intent`` to ``board``; assert it is refused with an error status (saying
    ``contains``) and changes nothing but the status and its revision."""
    before = game_snapshot(board)
    rev = board.revision
    assert board.handle_intent(intent) is False, intent
    assert board.status_kind == "error", (intent, board.status)
    assert board.status, intent
    if contains:
        assert contains in board.status, (intent, board.status)
    assert game_snapshot(board) == before, intent
    assert board.revision == rev + 1  # the refusal was drawn (a new status), ids renewed


def accepted(board, intent) -> None:
    """Send ``intent`` to ``board``; assert it is carried out with an info status."""
    assert board.handle_intent(intent) is True, (intent, board.status)
    assert board.status_kind == "info", (intent, board.status)


# --- one opponent's turn as RULES.md writes it (knows nothing of probability.py) -------------------
#
# The enumerations of test_probability.py and test_capture_bound.py play every sequence of a few
# throws with every play RULES.md allows (sections 3-5), for one opponent seat (North), its pieces
# given as steps of its own track, the castles held against it given as steps too.

RULES_CASTLES = frozenset({8, 12, 21, 25, 29, 38, 42, 46, 55, 59, 63, 72, 76})
"""The castle steps of every track (RULES.md section 2), written out here."""


def north_step(step_of_south: int) -> int:
    """North's step on the square of South's step ``step_of_south`` (the shared loop, 8 to 76)."""
    return ((step_of_south - 8) - 34) % 68 + 8


def rules_is_grace(rules, v, pieces) -> bool:
    """Whether throw ``v`` gives another throw to a seat whose pieces stand on ``pieces``."""
    on_board = any(0 < t < 84 for t in pieces)
    return v in rules.entry_graces or (v in rules.bonus_graces and on_board)


def rules_uses(rules, v, pieces, fresh, blocked) -> list:
    """Every way to spend throw ``v`` (RULES.md 3.2-3.8): (new pieces, new fresh, the step the
    piece ends on) after entering a piece or moving one; passing is not listed."""
    out = []
    waiting = 0 in pieces
    if waiting:
        i = pieces.index(0)
        if v in rules.entry_graces:
            end = 1 if rules.entry_mode == "square1" else v
            if end not in blocked:
                out.append((pieces[:i] + (end,) + pieces[i + 1 :], False, end))
        elif fresh and rules.first_piece_any_throw and v not in rules.bonus_graces | blocked:
            out.append((pieces[:i] + (v,) + pieces[i + 1 :], False, v))
        if v in rules.entry_graces and not rules.grace_moves_before_all_entered:
            return out
    d = v + 1 if rules.pyada and not waiting and v in (10, 25, 30) else v
    for i, t in enumerate(pieces):
        if 0 < t < 84 and t + d <= 84 and t + d not in blocked:
            out.append((pieces[:i] + (t + d,) + pieces[i + 1 :], fresh, t + d))
    return out


def rules_series(rules, seq, on_board: bool) -> tuple[list, int]:
    """throw_then_move (RULES.md section 5): the pool one series thrown from ``seq`` leaves, and
    the throws it took. Bonus graces count as the series begins (``on_board``: a piece is on the
    board); with cancel_three, three high throws, three 7s or three 14s in a row are void and
    end it."""
    pool: list = []
    run: list = []
    for k, v in enumerate(seq):
        pool.append(v)
        kind = "high" if v in (10, 25, 30) else v if v in (7, 14) else None
        same = (10, 25, 30) if kind == "high" else (kind,)
        run = run + [v] if kind is not None and run and run[0] in same else [v]
        if kind is None:
            run = []
        if rules.cancel_three and len(run) == 3:
            del pool[-3:]
            return pool, k + 1
        if not (v in rules.entry_graces or (v in rules.bonus_graces and on_board)):
            return pool, k + 1
    return pool, len(seq)


def sequences_chance(values, n: int, holds):
    """The chance that ``n`` throws in a row make a sequence for which ``holds(seq)`` is true:
    every sequence of ``n`` of the ``values`` ((value, chance) pairs), its chances multiplied."""
    import itertools
    import math
    from fractions import Fraction

    total = Fraction(0)
    for seq in itertools.product(values, repeat=n):
        if holds(tuple(v for v, _ in seq)):
            total += math.prod((p for _, p in seq), start=Fraction(1))
    return total


# --- Hypothesis ------------------------------------------------------------------------------

HYPOTHESIS_PROFILES = ("dev", "ci", "thorough")


def hypothesis_profile() -> str:
    """The profile chosen by HYPOTHESIS_PROFILE; "ci" under CI=true, else "dev"."""
    chosen = os.environ.get("HYPOTHESIS_PROFILE", "").strip()
    if chosen:
        if chosen not in HYPOTHESIS_PROFILES:
            raise ValueError(f"HYPOTHESIS_PROFILE={chosen!r}: one of {HYPOTHESIS_PROFILES}")
        return chosen
    ci = os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}
    return "ci" if ci else "dev"


def examples(ci_count: int) -> int:
    """A test's number of Hypothesis examples: ``ci_count`` (today's settings) under the ci
    profile, at most 10 under dev, ten times as many under thorough."""
    profile = hypothesis_profile()
    if profile == "dev":
        return min(ci_count, 10)
    if profile == "thorough":
        return ci_count * 10
    return ci_count


# --- scripts and sites ---------------------------------------------------------------------------


def script_module(name: str):
    """scripts/<name>.py imported by path (scripts/ is not a package and stays off sys.path)."""
    import importlib.util

    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, REPO / "scripts" / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


DOCS_BUILD_TIMEOUT_S = 1800


#: The scratch notebook the docs build finds beside the lessons (see :func:`build_docs_site`).
STRAY = "Untitled.ipynb"


def build_docs_site(tmp_path_factory) -> Path:
    """The documentation site, built once per session and worker by scripts/build_docs.sh (the
    lessons' outputs come from the jupyter-cache that :func:`executed` fills: each lesson is
    executed first, or read from the cache); fails the test with the build's output."""
    import pytest

    base = tmp_path_factory.getbasetemp() / "docs-site"
    html = base / "html"
    done = base / "built.json"
    if done.is_file():
        return html
    base.mkdir(exist_ok=True)
    started = time.monotonic()
    # Every lesson executed (or read from the cache) first, last lesson first: the other worker
    # runs the notebook tests from the first; a lesson it is executing is passed over and
    # waited for at the end, so the two workers never wait for each other while work is left.
    from pachisi_widget import lessons

    langs = docs_extension().LESSON_LANGS
    paths = [x.path(lang) for lang in langs for x in lessons.catalog() if x.has(lang)]
    later = []
    for path in reversed(paths):
        try:
            executed(path, wait=False)
        except Busy:
            later.append(path)
    for path in later:
        executed(path)
    lessons_s = round(time.monotonic() - started, 1)
    # The lessons from a copy of notebooks/ holding what a teacher's JupyterLab session leaves
    # there, a scratch notebook that fails when run (File > New): the build takes the lessons of
    # the catalogue only (test_docs.py checks that the stray is neither shown nor run).
    notebooks = base / "notebooks"
    shutil.copytree(NOTEBOOK_DIR, notebooks, ignore=shutil.ignore_patterns(".*", "__pycache__"))
    stray = {"cell_type": "code", "id": "stray", "metadata": {}, "outputs": []}
    stray |= {"execution_count": None, "source": "raise RuntimeError('a stray notebook ran')"}
    (notebooks / STRAY).write_text(
        json.dumps({"cells": [stray], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
    )
    result = subprocess.run(
        ["bash", str(REPO / "scripts" / "build_docs.sh"), "--out", str(html), "--no-lite"]
        + ["--notebooks", str(notebooks)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=DOCS_BUILD_TIMEOUT_S,
        env={k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "COV_CORE"))},
    )
    seconds = round(time.monotonic() - started, 1)
    (base / "build.log").write_text(result.stdout + result.stderr, encoding="utf-8")
    if result.returncode != 0:
        pytest.fail(
            f"scripts/build_docs.sh failed ({result.returncode}) after {seconds} s:\n"
            f"{result.stdout[-6000:]}\n{result.stderr[-8000:]}",
            pytrace=False,
        )
    # The "Try it live" links open the JupyterLite site beside the pages: the one site of this run
    # (build_lite_site; scripts/build_docs.sh without --no-lite would build it a second time).
    (html / "lite").symlink_to(
        Path(build_lite_site(tmp_path_factory)["site"]), target_is_directory=True
    )
    done.write_text(json.dumps({"seconds": seconds, "lessons_s": lessons_s}))
    print(
        f"\n[docs] site built in {seconds} s (lessons executed or read from the cache: "
        f"{lessons_s} s)"
    )
    return html


WHEEL_CACHE = REPO / ".cache" / "tests" / "wheel"


def source_files() -> list[str]:
    """Files a checkout would hold: tracked ones plus new ones that are not ignored."""
    import shutil

    import pytest

    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.fail("a clean copy of the tree needs git and a git checkout")
    out = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=REPO,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return [name for name in out.split("\0") if name and (REPO / name).is_file()]


def clean_copy(target: Path) -> Path:
    """The tree as a fresh clone has it (no node_modules, no built pachisi_widget/static/)."""
    import shutil

    for name in source_files():
        dest = target / name
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / name, dest)
    return target


def project_wheel() -> dict:
    """The ONE pachisi_widget wheel of a run, built by ``pip wheel`` from a clean copy of the tree
    (so the hatch-jupyter-builder hook really runs ``npm install`` and ``npm run build``):
    ``{"wheel": path, "seconds": build time, "built_now": bool, "clean_copy": {...}}``.

    Whoever asks first builds it (the other worker waits on a file lock); it is kept in
    ``.cache/tests/wheel/<hash of the source files>/``, so the packaging tests and the offline
    site (``build_lite_site``) share it, in this run and the next while the sources stay the
    same. A failed build is not kept (every caller sees the error)."""
    import shutil

    import pytest

    if shutil.which("npm") is None:
        pytest.fail("npm is needed to build the front end into the wheel")
    names = source_files()
    digest = hashlib.sha256(sys.version.encode())
    for name in names:
        digest.update(name.encode() + b"\0" + (REPO / name).read_bytes() + b"\0")
    folder = WHEEL_CACHE / digest.hexdigest()[:20]
    info_file = folder / "wheel.json"
    with _locked(WHEEL_CACHE / ".build.lock"):
        if info_file.is_file():
            info = json.loads(info_file.read_text())
            info["wheel"] = str(folder / info["wheel"])
            return {**info, "built_now": False}
        shutil.rmtree(WHEEL_CACHE, ignore_errors=True)  # older sources' wheels
        scratch = Path(tempfile.mkdtemp(prefix="wheel-"))
        try:
            src = clean_copy(scratch / "src")
            copy = {
                "static": (src / "pachisi_widget" / "static").exists(),
                "node_modules": (src / "node_modules").exists(),
            }
            dist = scratch / "dist"
            started = time.monotonic()
            result = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "pip",
                    "wheel",
                    str(src),
                    "--no-deps",
                    "-q",
                    "-w",
                    str(dist),
                ],
                capture_output=True,
                text=True,
                timeout=900,
            )
            seconds = round(time.monotonic() - started, 1)
            if result.returncode != 0:
                pytest.fail(
                    f"pip wheel failed:\n{result.stdout[-4000:]}\n{result.stderr[-6000:]}",
                    pytrace=False,
                )
            wheels = sorted(dist.glob("pachisi_widget-*.whl"))
            if len(wheels) != 1:
                pytest.fail(f"pip wheel made {wheels}, not one pachisi_widget wheel")
            folder.mkdir(parents=True, exist_ok=True)
            shutil.move(str(wheels[0]), folder / wheels[0].name)
            info = {"wheel": wheels[0].name, "seconds": seconds, "clean_copy": copy}
            info_file.write_text(json.dumps(info))
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        print(f"\n[wheel] built from a clean copy in {seconds} s")
        return {**info, "wheel": str(folder / info["wheel"]), "built_now": True}


SMOKE = REPO / "tests" / "lite" / "smoke.ipynb"
DIRTY = "smoke_with_outputs.ipynb"
"""A notebook with outputs added to the JupyterLite site: the build must clean it and warn."""


def _dirty_copy(path: Path) -> Path:
    """The smoke notebook as a rehearsal in JupyterLab saves it: outputs, execution counts and
    widget state in the file."""
    notebook = json.loads(SMOKE.read_text())
    count = 0
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            count += 1
            cell["execution_count"] = count
            cell["outputs"] = [{"output_type": "stream", "name": "stdout", "text": ["rehearsed\n"]}]
    notebook["metadata"]["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    path.write_text(json.dumps(notebook, indent=1))
    return path


def build_lite_site(tmp_path_factory) -> dict:
    """The offline JupyterLite site, built ONCE per session and worker by scripts/build_lite.sh
    with the lessons plus the smoke notebooks (tests/browser/test_lite.py) and the run's one wheel
    (:func:`project_wheel`, passed as ``--wheel``), and linked into the
    docs site as its lite/ (build_docs_site); the build's summary, its output under "stdout"."""
    import pytest

    base = tmp_path_factory.getbasetemp() / "lite-site"
    summary_file = base / "build.json"
    kept = base / "summary.json"
    if kept.is_file():
        return json.loads(kept.read_text())
    base.mkdir(exist_ok=True)
    dirty = _dirty_copy(base / DIRTY)
    started = time.monotonic()
    result = subprocess.run(
        [
            "bash",
            str(REPO / "scripts" / "build_lite.sh"),
            "--out",
            str(base / "site"),
            "--extra-contents",
            str(SMOKE),
            "--extra-contents",
            str(dirty),
            "--json",
            str(summary_file),
            "--wheel",
            project_wheel()["wheel"],
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    if result.returncode != 0:
        pytest.fail(
            f"scripts/build_lite.sh failed ({result.returncode}):\n"
            f"{result.stdout[-3000:]}\n{result.stderr[-5000:]}",
            pytrace=False,
        )
    summary = json.loads(summary_file.read_text())
    summary["build_wall_s"] = round(time.monotonic() - started, 1)
    summary["stdout"] = result.stdout
    kept.write_text(json.dumps(summary))
    return summary


# -- Romanian: the glossary's forbidden words and an English stop list ---------------------------------
# (ROMANIAN.md's glossary wins where two files disagree; tests/unit/test_romanian_words.py reads every
# Romanian text of the package and the lessons through romanian_faults, and
# tests/notebooks/test_romanian_outputs.py the executed Romanian lessons' outputs.)


ROMANIAN_FORBIDDEN = {
    # pattern: what the glossary says instead
    r"\bseed(-ul|-uri|-urile|ul|uri)?\b": "sămânță (fixă), semințe",
    r"\bneînțeleger\w*": "nepotrivire / divergență între surse",
    r"\bnorocos\w*": "depinde de noroc / norocul contează",
    r"\bcochilii\b": "coji (șapte coji)",
    (
        r"\b(iese|ies|ieși)\b(?= (\d+ pătrate )?(din Charkoni|la orice|pe tabl))"
        r"|\bscoat?e o piesă\b"
    ): "intră pe tablă / introduce",
    r"\bpunctele harului\b": "valoarea harului",
    r"\bcheltu\w*": "folosești / a folosi",
    r"\btrec\w* peste\b": "sari peste / săritul peste",
    r"\bvarianț\w*": "dispersia",
    r"\bset(ul|uri|urile)? de reguli\b": "variantă gata făcută",
    r"\bmutar\w* legal\w*": "mutare permisă",
    r"\bprin abandon\b": "pierde din oficiu",
    r"\btraseu\w*": "drum",
    r"\binterval\w*( lui)? de 95": "interval de încredere de 95%",
    r"\bde mână\b": "pe hârtie / pe table adevărate",
    r"\bpe jos\b": "mersul obișnuit spre casă / fără să aștepte",
    r"\bpyade\b|\b([2-9]|\d\d+) pyada\b": "piade (2 piade)",
    r"\bexemplu\w* lucrat\b": "exemplul din textul regulilor",
    r"\bla lucru\b": "cum se vede",
    r"\bmonede corecte\b": "monede echilibrate",
    r"\bse lasă așteptat\b": "apare prima dată, în medie, după",
    r"\bpătratul 84\b(?! −)": "acasă",
    r"(?<!„Dacă o piesă )\baterizeaz\w*": "ajunge / se oprește (outside a quotation of the rules text)",
    r"\btăiat\w*|\btăietur\w*": "trunchiere / trunchiat",
    r"\bpână la și inclusiv\b": "până la ..., inclusiv",
    r"\bridic\w* o excepție\b": "generează o excepție",
    r"\bRight!|\bNot quite\b|\bHint:": "Corect! / Nu chiar / Indiciu",
    r"\bCorect! [a-zăîâșț]": "a capital letter after „Corect!”",
    (
        r"(?<![\d,.+−-])\b\d*(?:[2-9]\d|00) (partide|jocuri|aruncări|pătrate|piese|ture|jucători)\b"
    ): "„de” after 20 or more (20 de partide)",
    r"\b1 ale\b|(?<![+−] )\b1 (piese|aruncări|pătrate|ture|jocuri|guri)\b": "o piesă a lui …, o aruncare",
    r"\bturn(ul)? de\b": "tură",
    (  # a player's turn is "tură"; "rând" only says whose turn it is ("La rând: Sud", "este
        # rândul lui Sud", "îi vine rândul"), "la rând" in a row, and a line or a table's row
        r"\b(următorul|următorului|acestui|acest|același|fiecare|fiecărui|alt|celălalt)"
        r"( lui)? rând\b|\brândul (următor|acesta|lui \w+ următor)\b|\bun rând de aruncări\b"
    ): "tură (următoarea tură a lui Sud, în această tură)",
    r"\b(e|este|era|îi vine|i-a venit) tura (lui|ei)\b": "este rândul lui (whose turn: „rând”)",
    r"\bse termină în Charkoni\b": "își încheie drumul tot în Charkoni",
    r"\bregul\w* a casei\b|\breguli ale casei\b": "regulă inventată de clasă / variantă proprie",
}
ROMANIAN_STOP_ENGLISH = frozenset(
    re.findall(
        r"\w+",
        """the of and or to with from on is was be not must can cannot only again
    piece pieces throw throws thrown step steps square squares move moves moved grace graces
    capture captures captured home pass passes seat seats south east north west human player
    players error errors game games record turn turns board invalid wrong expected missing unknown action
    actions kind end value values round rounds mouth mouths up count counts released release
    entering enter enters new loaded undo undone taken back right quite hint answer yet none
    whole number seed rules castle opponent opponents greedy runner random castle_waiter
    forfeit forfeits win wins loses dead true false none skipped""",
    )
)

_CODE = re.compile(
    r"```.*?```|`[^`]{0,200}`|\$[^$\n]*\$|\b[\w.]+\((?:[^()]|\([^()]*\))*\)|Shift \+ Enter"
    r"|\b\w+=\S*|\b\w+(_\w+)+\b|\b[A-Za-z_]\w*(\.[A-Za-z_]\w*)+\b",
    re.S,
)
_QUOTED = re.compile(r'"[^"\n]*"|„[^”]*”|\'[^\'\n]*\'|«[^»]*»')
_LINK = re.compile(r"\]\([^)]*\)|https?://\S+|<[^>]+>|\{[^}]*\}")

_TABLE_HEAD = re.compile(r"^\|[^|\n]*\|", re.M)
_VOCABULARY = re.compile(r"^\|[^\n]*engleză[^\n]*\n(\|[^\n]*\n?)*", re.M)


def romanian_prose(text: str) -> str:
    """A text without its code, formulas, quotations, links and placeholders; a table's first
    column (a vocabulary table's English terms) left out too."""
    text = _VOCABULARY.sub(" ", text)  # a lesson's vocabulary: its English column is the point
    return _QUOTED.sub(" ", _CODE.sub(" ", _LINK.sub(" ", _TABLE_HEAD.sub("|", text))))


_PY_VALUE = re.compile(
    r"(?:\b[\w.]+)?[(\[](?:[^()\[\]\n]|[(\[](?:[^()\[\]\n]|[(\[][^()\[\]\n]*[)\]])*[)\]])*[)\]]"
)
_PY_LINE = re.compile(
    r"^\s*(from|import|def|class|return|if|elif|else|for|while|with|#|@)\b.*$|^.*\s=\s.*$", re.M
)


def romanian_output(text: str) -> str:
    """What a lesson printed, without the Python it shows: source lines (a player template) and
    Python values (tuples and lists such as ``(0, 2)`` or ``[None, 3]``)."""
    text = _PY_LINE.sub(" ", text)
    return _PY_VALUE.sub(
        lambda m: " " if re.search(r"\d|None|True|False", m.group()) else m.group(), text
    )


def romanian_faults(text: str, english: bool = True, prose: bool = True) -> list:
    """What is wrong with a Romanian text: (the words found, what to write instead), for every
    word the glossary (ROMANIAN.md) forbids and, with ``english``, every word of the stop list
    outside code, formulas, quotations and a lesson's vocabulary table. ``prose``: the text's
    lines are wrapped sentences, read as one (a printed output's lines are its own: a table's
    row ends where the next one starts)."""
    out = []
    bare = romanian_prose(text)
    for pat, instead in ROMANIAN_FORBIDDEN.items():
        plain = _QUOTED.sub(" ", _CODE.sub(" ", _LINK.sub(" ", _VOCABULARY.sub(" ", text))))
        if prose:  # a phrase broken over two lines is still one (a table's columns stay apart)
            plain = re.sub(r"[ \t]*\n[ \t]*(?=\S)", " ", plain)
        for m in re.finditer(pat, plain, re.I if not pat.startswith(r"\bCorect") else 0):
            out.append((m.group(0), instead))
    if english:
        for w in re.findall(r"\w+", bare):
            if w.lower() in ROMANIAN_STOP_ENGLISH:
                out.append((w, "an English word in Romanian prose"))
    return out


def code_strings(source: str) -> list:
    """The Romanian a code cell shows: its comments and string literals (not its names)."""
    out = []
    try:
        for tok in _tokenize.generate_tokens(_io.StringIO(source).readline):
            if tok.type == _tokenize.COMMENT:
                out.append(tok.string.lstrip("# "))
            elif tok.type == _tokenize.STRING or tok.type == getattr(
                _tokenize, "FSTRING_MIDDLE", -1
            ):
                out.append(tok.string)
    except (_tokenize.TokenError, IndentationError, SyntaxError):
        out.append(source)
    return out
