"""The static JupyterLite site: built by scripts/build_lite.sh, served as plain files, used offline.

One session build (into a temp dir, with tests/lite/smoke.ipynb added to the tutorials) is served
by ``python -m http.server`` on 127.0.0.1. Headless Chromium opens tutorial 1 (or the smoke
notebook while tutorial 1 does not exist yet), waits for the Pyodide kernel, runs every cell, then
throws and moves on the board by clicking, and asks Python what it saw. Every request the browser
makes (the page, the kernel's web worker, the service worker) is recorded: all of them must go to
127.0.0.1. The timings are printed and written to test-results/lite-timings.json.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

import pytest
from jupyter_ui import ALL_RUN_JS, ERRORS_JS

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("lite")]

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = "01_board_and_track.ipynb"
SMOKE = ROOT / "tests" / "lite" / "smoke.ipynb"
RESULTS = ROOT / "test-results"
#: Pyodide starts in 16-20 s here; other tests share the 2 cores.
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
_KERNEL_IDLE_JS = """
() => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle' && kernel.connectionStatus === 'connected';
}
"""
# Run code in the notebook's kernel (as a cell would, without adding one) and return what it
# printed; errors come back as text. The JS side gives up after `timeout` ms.
_EXECUTE_JS = """
async ([code, timeout]) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({ code, store_history: false });
  let out = '';
  future.onIOPub = (msg) => {
    const type = msg.header.msg_type;
    if (type === 'stream') out += msg.content.text;
    if (type === 'error') out += `ERROR ${msg.content.ename}: ${msg.content.evalue}\\n`;
  };
  const timer = new Promise((resolve) => setTimeout(() => resolve('timeout'), timeout));
  const done = await Promise.race([future.done.then(() => 'done'), timer]);
  return done === 'done' ? out : `ERROR timeout after ${timeout} ms; printed so far: ${out}`;
}
"""


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _python(page, code: str, timeout_ms: int = 30_000) -> str:
    """What ``code`` prints when run in the page's Pyodide kernel (fails on a Python error)."""
    out = page.evaluate(_EXECUTE_JS, [code, timeout_ms])
    assert "ERROR" not in out, f"kernel code failed:\n{code}\n{out}"
    return out.strip()


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory) -> dict:
    """The site, built once per session by scripts/build_lite.sh; its build summary."""
    base = tmp_path_factory.mktemp("lite")
    summary_file = base / "build.json"
    started = time.monotonic()
    result = subprocess.run(
        ["bash", str(ROOT / "scripts" / "build_lite.sh"), "--out", str(base / "site"),
         "--extra-contents", str(SMOKE), "--json", str(summary_file)],
        cwd=ROOT, capture_output=True, text=True, timeout=1200,
    )
    if result.returncode != 0:
        pytest.fail(f"scripts/build_lite.sh failed ({result.returncode}):\n"
                    f"{result.stdout[-3000:]}\n{result.stderr[-5000:]}", pytrace=False)
    summary = json.loads(summary_file.read_text())
    summary["build_wall_s"] = round(time.monotonic() - started, 1)
    return summary


@pytest.fixture
def lite_server(lite_site, tmp_path):
    """``python -m http.server`` serving the site on 127.0.0.1; stopped by its pid."""
    process = None
    for _attempt in range(3):
        port = _free_port()
        log = open(tmp_path / f"http-{port}.log", "w")  # noqa: SIM115 - closed below
        process = subprocess.Popen(
            [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory",
             lite_site["site"], str(port)],
            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        base_url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and process.poll() is None:
            try:
                with urllib.request.urlopen(f"{base_url}/jupyter-lite.json", timeout=2):
                    break
            except OSError:
                time.sleep(0.1)
        if process.poll() is None:
            break
        log.close()
    else:
        pytest.fail("python -m http.server did not start on 127.0.0.1")
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
    context = page.context
    context.on("request", lambda request: requests.append(request.url))
    context.on("requestfailed",
               lambda request: bad.append(f"failed {request.url}: {request.failure}"))
    context.on("response", lambda response: response.status >= 400
               and bad.append(f"HTTP {response.status} {response.url}"))

    # 1. Open the notebook; wait for the Pyodide kernel.
    started = time.monotonic()
    page.goto(f"{lite_server}/lab/index.html?path={notebook}")
    page.wait_for_function(_APP_READY_JS, timeout=KERNEL_TIMEOUT_MS)
    page.wait_for_function(_KERNEL_IDLE_JS, timeout=KERNEL_TIMEOUT_MS)
    expect(page.locator("#jp-main-statusbar")).to_contain_text("| Idle", timeout=KERNEL_TIMEOUT_MS)
    timings["kernel_ready_s"] = round(time.monotonic() - started, 1)

    # 2. Run every cell (not awaited: an awaited evaluate has no timeout); wait for the board.
    run_started = time.monotonic()
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    # The live board is the first output with a throw button (static game pictures have none).
    widget = page.locator(".jp-OutputArea-output").filter(
        has=page.locator('[data-action="throw"]')).first
    status = widget.locator('[data-role="status"]').first
    expect(status).to_be_attached(timeout=CELLS_TIMEOUT_MS)
    expect(widget.locator('[data-action="throw"]').first).to_be_visible(timeout=CELLS_TIMEOUT_MS)
    timings["widget_render_s"] = round(time.monotonic() - run_started, 1)
    try:
        page.wait_for_function(ALL_RUN_JS, timeout=CELLS_TIMEOUT_MS)
    finally:
        errors = page.evaluate(ERRORS_JS)
    assert not errors, f"cells raised in {notebook}: {errors}"
    timings["all_cells_s"] = round(time.monotonic() - run_started, 1)

    # 3. A throw and a move, by clicking the board; Python must see both.
    before = json.loads(_python(page, "import json; print(json.dumps("
                                      "[len(w.game.history), w.game.phase, w.game.to_move]))"))
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
    seen = json.loads(_python(page, (
        "import json\n"
        "last = w.game.history[-1]\n"
        "print(json.dumps([len(w.game.history), type(last).__name__, getattr(last, 'seat', None),"
        " getattr(last, 'kind', None), repr(w.game.history[-2:])]))")))
    assert seen[0] == length + 1, f"Python saw {seen[0]} events, expected {length + 1}: {seen[4]}"
    assert seen[1] == "Move" and seen[2] == seat, f"the last event is not {seat}'s move: {seen[4]}"
    timings["python_saw"] = seen[4]

    # 4. Offline: nothing but 127.0.0.1, and the kernel worker's own fetches were recorded too.
    hosts = sorted({urlparse(url).hostname or "" for url in requests
                    if urlparse(url).scheme in ("http", "https", "ws", "wss")})
    timings["requests"] = len(requests)
    timings["hosts"] = hosts
    timings["http_errors"] = bad
    _report(timings)
    assert hosts == ["127.0.0.1"], f"the site asked other hosts: {hosts}"
    for needed in ("pyodide.asm.wasm", "/pypi/pachisi_widget-", "/static/pyodide/micropip-"):
        assert any(needed in url for url in requests), f"no request for {needed} was recorded"
    assert not bad, "failed requests:\n" + "\n".join(bad)


def _report(timings: dict) -> None:
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "lite-timings.json").write_text(json.dumps(timings, indent=2) + "\n")
    print(
        f"\n[lite] {timings['notebook']}: build {timings['build_s']} s, site "
        f"{timings['site_mb']} MB in {timings['site_files']} files, kernel ready "
        f"{timings['kernel_ready_s']} s, widget rendered {timings['widget_render_s']} s after "
        f"run-all (all cells {timings['all_cells_s']} s), throw click "
        f"{timings['throw_click_s']} s, move click {timings['move_click_s']} s, "
        f"{timings['requests']} requests to {timings['hosts']}"
    )
