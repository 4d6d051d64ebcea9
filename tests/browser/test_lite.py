"""The static JupyterLite site: built by scripts/build_lite.sh, served as plain files, used offline.

One session build (into a temp dir, with tests/lite/smoke.ipynb and a copy of it carrying outputs
added to the tutorials) is served by ``python -m http.server`` on 127.0.0.1. Headless Chromium
opens tutorial 1 (or the smoke notebook while tutorial 1 does not exist yet): the page says
"Starting Python…" until the Pyodide kernel is ready, then stops saying it; every cell runs, the
board throws and moves by clicking, and Python is asked what it saw. Every request the browser
makes (the page, the kernel's web worker, the service worker) is recorded: all of them must go to
127.0.0.1, and the kernel's packages must come from the site's Pyodide lock, loaded at start.
What the site's start leaves out is left out (IPython's terminal, micropip, and the packages that
load on first import: jedi, parso, prompt_toolkit, wcwidth), and what it loads on first use still
works (Tab completion through jedi, which the site then fetches). The lab keeps only the cells in
view in the page, so the live board is scrolled to before it is used.
Timings (open → Pyodide asked for → wheels fetched → kernel ready → first cell → board drawn;
scripts/lite_timeline.py breaks a start down further) are printed and written to
test-results/lite-timings.json, screenshots of the page while Python starts and once it is ready
to test-results/lite-starting.png and lite-ready.png.

The build's own promises are checked on its output: every notebook of notebooks/ (ro/ included)
is in the site, and a notebook saved with outputs reaches the site without them, named in a
warning. A Romanian lesson (notebooks/ro/) opens in the site with the notice in Romanian and its
Python starts (screenshots: test-results/lite-starting-ro.png, lite-ro.png).
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest
from jupyter_ui import ALL_RUN_JS, ERRORS_JS, EXECUTE_JS, SCROLL_TO_WIDGET_JS
from support import DIRTY, SMOKE, build_lite_site, serve_static

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("sites")]

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = "01_board_and_track.ipynb"
RESULTS = ROOT / "test-results"
NOTICE = "#pachisi-starting-python"
#: Pyodide starts in about 10 s here on a quiet machine; other tests share the 2 cores.
KERNEL_TIMEOUT_MS = 150_000
CELLS_TIMEOUT_MS = 150_000
CLICK_TIMEOUT_MS = 30_000

_APP_READY_JS = """
() => {
  const app = window.jupyterapp;
  const panel = app && app.shell && app.shell.currentWidget;
  return !!(panel && panel.content && panel.sessionContext && panel.sessionContext.session
            && panel.sessionContext.session.kernel);
}
"""
# The notebook's first code cell (the lesson's install cell) has run.
_FIRST_CELL_DONE_JS = """
() => {
  const cells = window.jupyterapp.shell.currentWidget.content.widgets;
  const first = cells.find((cell) => cell.model.type === 'code');
  return !!first && first.model.executionCount !== null;
}
"""
# The kernel's completions for the end of ``code`` (what Tab offers).
_COMPLETE_JS = """
async ([code, timeout]) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const timer = new Promise((resolve) => setTimeout(() => resolve(null), timeout));
  const reply = await Promise.race([
    kernel.requestComplete({ code, cursor_pos: code.length }), timer]);
  return reply ? reply.content.matches : ['timeout'];
}
"""
_KERNEL_IDLE_JS = """
() => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle' && kernel.connectionStatus === 'connected';
}
"""


def _python(page, code: str, timeout_ms: int = 30_000) -> str:
    """What ``code`` prints when run in the page's Pyodide kernel (fails on a Python error)."""
    out = page.evaluate(EXECUTE_JS, [code, timeout_ms])
    assert "ERROR" not in out, f"kernel code failed:\n{code}\n{out}"
    return out.strip()


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory) -> dict:
    """The site, built once per session and worker by scripts/build_lite.sh (the docs site links
    the same one: support.build_lite_site); its build summary (with the build's printed output
    under "stdout")."""
    return build_lite_site(tmp_path_factory)


def test_site_has_every_lesson_clean(lite_site):
    """Every notebook of notebooks/ (each language's folder included) is in the site, without
    outputs; a notebook that had outputs is named in a warning."""
    site = Path(lite_site["site"])
    files = site / "files"
    wanted = sorted(
        p.relative_to(ROOT / "notebooks").as_posix()
        for p in (ROOT / "notebooks").rglob("*.ipynb")
        if not any(part.startswith(".") for part in p.parts)
    )
    missing = sorted(set(wanted) - set(lite_site["notebooks"]))
    assert not missing, f"notebooks missing from the site: {missing}"
    for name in [*lite_site["notebooks"]]:
        notebook = json.loads((files / name).read_text(encoding="utf-8"))
        code = [c for c in notebook["cells"] if c["cell_type"] == "code"]
        assert all(c["outputs"] == [] and c["execution_count"] is None for c in code), (
            f"{name} reached the site with outputs or execution counts"
        )
        assert "widgets" not in notebook["metadata"], f"{name} kept its saved widget state"
    warned = [
        line for line in lite_site["stdout"].splitlines() if "warning" in line and DIRTY in line
    ]
    assert warned, f"no warning named {DIRTY}:\n{lite_site['stdout']}"
    assert lite_site["cleaned_notebooks"] and all(
        DIRTY in n or "notebooks/" in n for n in lite_site["cleaned_notebooks"]
    )


@pytest.fixture
def lite_server(lite_site, tmp_path):
    """``python -m http.server`` serving the site on 127.0.0.1; stopped by its pid."""
    with serve_static(Path(lite_site["site"]), tmp_path, "jupyter-lite.json") as base_url:
        yield base_url


def test_tutorial_runs_offline_in_jupyterlite(page, lite_site, lite_server):
    from playwright.sync_api import expect

    notebook = TUTORIAL if TUTORIAL in lite_site["notebooks"] else SMOKE.name
    timings = {
        "notebook": notebook,
        "build_s": lite_site["build_wall_s"],
        "site_mb": lite_site["size_mb"],
        "site_files": lite_site["files"],
    }

    # Every request of the context: the page, its web workers (the kernel), the service worker.
    requests: list[str] = []
    bad: list[str] = []
    drive: list[str] = []
    context = page.context

    # When the kernel's worker asked for Pyodide, and when its last wheel arrived (seconds
    # since the page was asked for).
    fetches: dict[str, float] = {}

    def seen_request(request) -> None:
        requests.append(request.url)
        if "/api/drive" in request.url and request.method == "POST":
            drive.append(request.url)
        if "/static/pyodide/pyodide.asm.wasm" in request.url:
            fetches.setdefault("pyodide_asked_s", round(time.monotonic() - started, 1))

    def fetched(request) -> None:
        if "/static/pyodide/" in request.url and request.url.split("?")[0].endswith(".whl"):
            fetches["wheels_fetched_s"] = round(time.monotonic() - started, 1)

    failed_plugins: list[str] = []
    page.on(
        "console",
        lambda msg: "failed to activate" in msg.text and failed_plugins.append(msg.text[:200]),
    )
    context.on("request", seen_request)
    context.on("requestfinished", fetched)
    context.on(
        "requestfailed", lambda request: bad.append(f"failed {request.url}: {request.failure}")
    )
    context.on(
        "response",
        lambda response: (
            response.status >= 400 and bad.append(f"HTTP {response.status} {response.url}")
        ),
    )
    timings["load_average_1min"] = round(os.getloadavg()[0], 2)

    # 1. Open the notebook: the page says Python is starting until the kernel is ready.
    started = time.monotonic()
    page.goto(f"{lite_server}/lab/index.html?path={notebook}")
    notice = page.locator(NOTICE)
    expect(notice).to_be_visible(timeout=30_000)
    expect(notice).to_contain_text("Starting Python", timeout=KERNEL_TIMEOUT_MS)
    page.wait_for_function(_APP_READY_JS, timeout=KERNEL_TIMEOUT_MS)
    RESULTS.mkdir(exist_ok=True)
    if not page.evaluate(_KERNEL_IDLE_JS) and "Starting Python" in notice.inner_text():
        # The screenshot is worth having only if Python is still starting (the notice may say
        # it is ready a moment before the kernel's status reads idle).
        page.screenshot(path=str(RESULTS / "lite-starting.png"))
    page.wait_for_function(_KERNEL_IDLE_JS, timeout=KERNEL_TIMEOUT_MS)
    expect(page.locator("#jp-main-statusbar")).to_contain_text("| Idle", timeout=KERNEL_TIMEOUT_MS)
    timings["kernel_ready_s"] = round(time.monotonic() - started, 1)
    # The site's lab keeps only the cells in view in the page (lite/jupyter-lite.json).
    assert (
        page.evaluate(
            "() => window.jupyterapp.shell.currentWidget.content.notebookConfig.windowingMode"
        )
        == "full"
    )
    timings["drive_requests_to_ready"] = len(drive)
    timings.update(fetches)

    # 2. Run every cell (not awaited: an awaited evaluate has no timeout); wait for the board.
    run_started = time.monotonic()
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.wait_for_function(_FIRST_CELL_DONE_JS, timeout=CELLS_TIMEOUT_MS, polling=50)
    timings["first_cell_s"] = round(time.monotonic() - run_started, 1)
    # The live board is the first output with a throw button (static game pictures have none),
    # brought into view: the site's notebooks keep only the cells in view in the page.
    board_cell = page.evaluate(SCROLL_TO_WIDGET_JS, ['[data-action="throw"]', CELLS_TIMEOUT_MS])
    assert board_cell >= 0, f"no live board in {notebook}"
    widget = (
        page.locator(".jp-OutputArea-output")
        .filter(has=page.locator('[data-action="throw"]'))
        .first
    )
    status = widget.locator('[data-role="status"]').first
    expect(status).to_be_attached(timeout=CELLS_TIMEOUT_MS)
    expect(widget.locator('[data-action="throw"]').first).to_be_visible(timeout=CELLS_TIMEOUT_MS)
    timings["widget_render_s"] = round(time.monotonic() - run_started, 1)
    timings["open_to_board_s"] = round(time.monotonic() - started, 1)
    try:
        page.wait_for_function(ALL_RUN_JS, timeout=CELLS_TIMEOUT_MS)
    finally:
        errors = page.evaluate(ERRORS_JS)
    assert not errors, f"cells raised in {notebook}: {errors}"
    timings["all_cells_s"] = round(time.monotonic() - run_started, 1)
    # The notice said Python was ready, briefly, and then nothing more.
    expect(notice).to_be_hidden(timeout=10_000)
    told = page.evaluate("() => window.pachisiStartingPython.log.map(([state]) => state)")
    assert "starting" in told and told[-1] == "", f"the notice said {told}"
    assert told.index("starting") < len(told) - 1 and "ready" in told, f"the notice said {told}"
    page.screenshot(path=str(RESULTS / "lite-ready.png"))

    # The site's Python is the one build_lite.py made: bytecode shipped, the working-folder hook.
    site_python = json.loads(
        _python(
            page,
            (
                "import json, os, sys, pachisi_widget\n"
                "print(json.dumps([getattr(sys.path_hooks[0], '__name__', ''),"
                " os.path.isfile(pachisi_widget.__spec__.cached), 'sitecustomize' in sys.modules]))"
            ),
        )
    )
    assert site_python == ["working_folder_hook", True, True], site_python
    # What the kernel's start and the lesson left unloaded (build_lite.py's PATCH): IPython's
    # terminal (prompt_toolkit, the terminal's shell) until IPython.embed is called, the name
    # still there; micropip, as the lesson's install cell asked for installed packages only.
    ipython = json.loads(
        _python(
            page,
            (
                "import json, sys, IPython\n"
                "print(json.dumps([callable(IPython.embed), 'IPython.terminal.embed' in sys.modules,"
                " 'prompt_toolkit' in sys.modules, 'micropip' in sys.modules, len(sys.modules)]))"
            ),
        )
    )
    assert ipython[:4] == [True, False, False, False], ipython
    timings["modules_after_lesson"] = ipython[4]
    # The packages that load on first import (build_lite.py's LAZY) were not fetched by the
    # kernel's start or by the lesson.
    lazy_wheels = ("/jedi-", "/parso-", "/prompt_toolkit-", "/wcwidth-")
    early = [url for url in requests if any(name in url for name in lazy_wheels)]
    assert not early, f"the start or the lesson fetched lazy packages: {early}"
    # Tab completion works: jedi loads at the first completion (build_lite.py's PATCH), its
    # package and parso's fetched then from the site (lite/lazy_packages.py).
    completed = page.evaluate(_COMPLETE_JS, ["import json\njson.du", 30_000])
    assert {"dump", "dumps"} <= set(completed), completed
    assert _python(page, "import sys; print('jedi' in sys.modules)") == "True"
    fetched_lazily = {name for name in lazy_wheels[:2] for url in requests if name in url}
    assert fetched_lazily == {"/jedi-", "/parso-"}, fetched_lazily
    # A cell's own import of one loads it too, metadata included; IPython's terminal as well.
    assert (
        _python(
            page,
            (
                "import wcwidth, importlib.metadata, IPython.terminal.embed\n"
                "print(wcwidth.wcwidth('a'), importlib.metadata.version('prompt_toolkit') > '3')"
            ),
        )
        == "1 True"
    )
    # The lexers the site keeps of pygments (build_lite.py's LEXERS) all load; of the others
    # pygments says what it says of a language it does not know.
    assert _python(
        page,
        (
            "from pygments.lexers import get_lexer_by_name\n"
            "from pygments.util import ClassNotFound\n"
            "from IPython.display import Code\n"
            "print(' '.join(get_lexer_by_name(name).aliases[0] for name in ('python', 'bash', "
            "'html', 'javascript', 'json', 'markdown', 'tex', 'c', 'sql', 'r', 'julia', 'toml')))\n"
            "try:\n"
            "    get_lexer_by_name('rust')\n"
            "except ClassNotFound as error:\n"
            "    print(error)\n"
            "print('<pre' in Code('x = 1')._repr_html_())"
        ),
    ) == (
        "python bash html javascript json markdown tex c sql splus julia toml\n"
        "no lexer for alias 'rust' found\nTrue"
    )
    # A student's own module in the working folder still imports from a cell.
    assert (
        _python(
            page,
            (
                "from pathlib import Path\n"
                "Path('lite_test_module.py').write_text('ANSWER = 42\\n')\n"
                "import importlib; importlib.invalidate_caches()\n"
                "import lite_test_module\n"
                "print(lite_test_module.ANSWER)\n"
                "Path('lite_test_module.py').unlink()"
            ),
        )
        == "42"
    )

    # 3. A throw and a move, by clicking the board; Python must see both.
    before = json.loads(
        _python(
            page,
            "import json; print(json.dumps([len(w.game.history), w.game.phase, w.game.to_move]))",
        )
    )
    length, phase, seat = before
    assert phase in ("throw", "move"), f"the game in {notebook} is {phase}"
    click_started = time.monotonic()
    if phase == "throw":
        told = status.text_content()
        widget.locator('[data-action="throw"]').first.click(timeout=CLICK_TIMEOUT_MS)
        expect(status).not_to_have_text(told, timeout=CLICK_TIMEOUT_MS)
        length += 1
        got = int(_python(page, "print(len(w.game.history))"))
        assert got == length, f"Python saw {got} events after the throw click, expected {length}"
    timings["throw_click_s"] = round(time.monotonic() - click_started, 2)

    moves = widget.locator("[data-move]")
    expect(moves.first).to_be_attached(timeout=CLICK_TIMEOUT_MS)
    told = status.text_content()
    move_started = time.monotonic()
    moves.first.click(timeout=CLICK_TIMEOUT_MS)
    expect(status).not_to_have_text(told, timeout=CLICK_TIMEOUT_MS)
    timings["move_click_s"] = round(time.monotonic() - move_started, 2)
    seen = json.loads(
        _python(
            page,
            (
                "import json\n"
                "last = w.game.history[-1]\n"
                "print(json.dumps([len(w.game.history), type(last).__name__, getattr(last, 'seat', None),"
                " getattr(last, 'kind', None), repr(w.game.history[-2:])]))"
            ),
        )
    )
    assert seen[0] == length + 1, f"Python saw {seen[0]} events, expected {length + 1}: {seen[4]}"
    assert seen[1] == "Move" and seen[2] == seat, f"the last event is not {seat}'s move: {seen[4]}"
    timings["python_saw"] = seen[4]

    # 4. Offline: nothing but 127.0.0.1, and the kernel worker's own fetches were recorded too.
    hosts = sorted(
        {
            urlparse(url).hostname or ""
            for url in requests
            if urlparse(url).scheme in ("http", "https", "ws", "wss")
        }
    )
    timings["requests"] = len(requests)
    timings["hosts"] = hosts
    timings["http_errors"] = bad
    _report(timings)
    assert hosts == ["127.0.0.1"], f"the site asked other hosts: {hosts}"
    for needed in (
        "pyodide.asm.wasm",
        "/static/pyodide/pachisi_widget-",
        "/static/pyodide/micropip-",
        "/static/pyodide/ipython-",
    ):
        assert any(needed in url for url in requests), f"no request for {needed} was recorded"
    # The kernel's packages came from the site's lock, loaded while Pyodide started: piplite
    # (the lesson's first cell) found them installed and fetched nothing.
    late = [
        url
        for url in requests
        if url.split("?")[0].endswith(".whl") and "/static/pyodide/" not in url
    ]
    assert not late, f"wheels fetched by piplite instead of the lock: {late}"
    assert not bad, "failed requests:\n" + "\n".join(bad)
    # The lab's plugins the site leaves out (lite/jupyter-lite.json) take nothing else down.
    assert not failed_plugins, "\n".join(failed_plugins)


def _report(timings: dict) -> None:
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "lite-timings.json").write_text(json.dumps(timings, indent=2) + "\n")
    print(
        f"\n[lite] {timings['notebook']}: build {timings['build_s']} s, site "
        f"{timings['site_mb']} MB in {timings['site_files']} files, load average "
        f"{timings['load_average_1min']}: open to board {timings['open_to_board_s']} s (Pyodide "
        f"asked for at {timings.get('pyodide_asked_s')} s, wheels fetched at "
        f"{timings.get('wheels_fetched_s')} s, kernel ready {timings['kernel_ready_s']} s, "
        f"{timings['drive_requests_to_ready']} file-browser requests; after run-all: first cell "
        f"{timings['first_cell_s']} s, widget rendered {timings['widget_render_s']} s, all cells "
        f"{timings['all_cells_s']} s; {timings['modules_after_lesson']} modules), throw click "
        f"{timings['throw_click_s']} s, move click {timings['move_click_s']} s, "
        f"{timings['requests']} requests to {timings['hosts']}"
    )


def test_romanian_lesson_opens_in_jupyterlite(page, lite_site, lite_server):
    """A lesson of notebooks/ro/ is in the site and opens there: Romanian text, the starting
    notice in Romanian, and its Python (which has the package) starts."""
    from playwright.sync_api import expect

    lessons = [name for name in lite_site["notebooks"] if name.startswith("ro/")]
    assert lessons, f"no Romanian lesson in the site: {lite_site['notebooks']}"
    lesson = lessons[0]
    title = next(
        line
        for line in json.loads(
            (Path(lite_site["site"]) / "files" / lesson).read_text(encoding="utf-8")
        )["cells"][0]["source"]
        if line.startswith("# ")
    ).strip("# \n")
    page.goto(f"{lite_server}/lab/index.html?path={lesson}")
    notice = page.locator(NOTICE)
    expect(notice).to_contain_text("Python pornește", timeout=KERNEL_TIMEOUT_MS)
    expect(page.locator(".jp-RenderedMarkdown h1").first).to_contain_text(
        title, timeout=KERNEL_TIMEOUT_MS
    )
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS / "lite-starting-ro.png"))
    page.wait_for_function(_APP_READY_JS, timeout=KERNEL_TIMEOUT_MS)
    page.wait_for_function(_KERNEL_IDLE_JS, timeout=KERNEL_TIMEOUT_MS)
    assert _python(page, "import pachisi_widget; print(pachisi_widget.__name__)") == (
        "pachisi_widget"
    )
    expect(notice).to_be_hidden(timeout=10_000)
    page.screenshot(path=str(RESULTS / "lite-ro.png"))


def test_teaching_instruments_work_offline_in_jupyterlite(page, lite_site, lite_server):
    """The board's teaching instruments in the offline site, where Python is Pyodide and the
    coach plays its games in pure Python: hints (with their intervals, after a progress line),
    the danger map with its legend, a replay on its timeline, a practice question answered by a
    click and scored in Python, and practice mode. Hint pressed -> hints shown is printed."""
    from playwright.sync_api import expect

    page.set_viewport_size({"width": 1280, "height": 1100})
    page.goto(f"{lite_server}/lab/index.html?path={SMOKE.name}")
    page.wait_for_function(_APP_READY_JS, timeout=KERNEL_TIMEOUT_MS)
    page.wait_for_function(_KERNEL_IDLE_JS, timeout=KERNEL_TIMEOUT_MS)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.wait_for_function(ALL_RUN_JS, timeout=CELLS_TIMEOUT_MS)
    assert page.evaluate(SCROLL_TO_WIDGET_JS, ['[data-action="throw"]', CELLS_TIMEOUT_MS]) >= 0
    widget = (
        page.locator(".jp-OutputArea-output")
        .filter(has=page.locator('[data-action="throw"]'))
        .first
    )
    expect(widget.locator('[data-action="throw"]').first).to_be_visible(timeout=CELLS_TIMEOUT_MS)

    # hints: a middle game with a throw to spend; the coach runs in pure Python here
    _python(
        page,
        "w.set_position([[0, 14, 30, 52], None, [0, 22, 47, 70], None], to_move=0, "
        "seed=3)\nw.hint_budget = 3.0\nw.throw(up=3)",
    )
    targets = widget.locator(".pachisi-target[data-move]")
    expect(targets.first).to_be_visible(timeout=30_000)
    started = time.monotonic()
    widget.locator('button[data-action="hint"]').click()
    wins = widget.locator("[data-win]")
    expect(wins.first).to_be_attached(timeout=120_000)
    elapsed = time.monotonic() - started
    chances = wins.evaluate_all("(ns) => ns.map((n) => n.dataset.win)")
    assert all(0 <= float(w) <= 1 for w in chances), chances
    expect(wins.first.locator(".pachisi-hint-text")).to_have_text(re.compile(r"\d+% ±\d+"))
    print(f"\nJupyterLite (pure Python): Hint pressed -> hints shown {elapsed:.1f} s")
    # the coach's judgement, the learned evaluation, is read from the site's wheel
    said = _python(page, "from pachisi_widget import learned\nprint(learned.evaluation())")
    assert re.fullmatch(r"<Evaluation: \d+ inputs, \d+ hidden units>", said), said

    # the danger map, from the selector, with its legend
    widget.locator('select[data-action="set-overlay"]').select_option("danger")
    expect(widget.locator("[data-heat]").first).to_be_attached(timeout=60_000)
    expect(widget.locator('[data-role="legend"]')).to_be_visible()
    said = _python(page, "print(w.overlay, len(pw.probability.danger_map(w.game.state)))")
    assert said.startswith("danger "), said
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS / "lite-hints-danger.png"))

    # a question about the position, answered with a click and scored in Python
    _python(page, "w.overlay = None\nq = w.ask('chance', value=25)")
    question = widget.locator('[data-role="question"]')
    expect(question).to_contain_text("25")
    right = _python(page, "print(min(q.right))")
    question.locator(f'button[data-choice="{right}"]').click()
    expect(question.locator('[data-role="score"]')).to_have_text("Score: 1 / 1")
    assert _python(page, "print(w.score['right'], w.score['asked'])") == "1 1"

    # a replay on the timeline, stepped with its buttons
    _python(
        page,
        "g = pw.Game(players=2, seed=3)\nfor _ in range(3):\n"
        "    g.play_turn(pw.agents.GreedyAgent())\nw.replay(g.to_json())",
    )
    mode = widget.locator('[data-role="replay-mode"]')
    expect(mode).to_have_text(re.compile(r"^Replay — move 0 of \d+\.$"), timeout=30_000)
    widget.locator('button[data-action="replay-forward"]').click()
    expect(mode).to_have_text(re.compile(r"^Replay — move 1 of \d+\.$"))
    expect(widget.locator('input[data-role="timeline"]')).to_have_value("1")

    # practice mode: no highlights, and a note that says what to do
    _python(page, "w.close_replay()\nw.quiz = True")
    expect(widget.locator('[data-role="practice"]')).to_be_visible(timeout=30_000)
    expect(widget.locator(".pachisi-target[data-move]")).to_have_count(0)
    page.screenshot(path=str(RESULTS / "lite-replay-practice.png"))
