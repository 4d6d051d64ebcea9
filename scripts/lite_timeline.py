"""Where the time goes when the offline JupyterLite site opens a lesson: a timeline, in the browser.

Serves a built site (scripts/build_lite.sh) on 127.0.0.1, opens a lesson in headless Chromium (a
fresh browser profile each run, as a pupil's first visit) and records, in seconds since the page
was asked for:

- the network: every request of the page, of the kernel's web worker and of the service worker,
  with its start, its end and its size (the Pyodide runtime, the standard library's zip, each
  wheel the kernel loads);
- the console of the page and of the kernel's worker (Pyodide says which packages it loads);
- what the page shows: the app, the notebook drawn, the kernel connected and idle, each code cell
  done, the live board drawn (a poll every 20 ms in the page);
- with ``--importtime``: the kernel's Python started with ``PYTHONPROFILEIMPORTTIME``, so the
  slowest imports of the start-up and of the lesson's first cells are listed (this slows Python a
  little: use it to see where the time goes, not for the figures).

Several sites are compared by running them in turn (A, B, A, B, ...), each run with the machine's
load average, and the medians are printed::

    .venv/bin/python scripts/lite_timeline.py                        # site/, lesson 01, 3 runs
    .venv/bin/python scripts/lite_timeline.py --site before=/tmp/a --site after=/tmp/b --runs 3
    .venv/bin/python scripts/lite_timeline.py --quiet-load 1           # each run on a quiet machine
    .venv/bin/python scripts/lite_timeline.py --importtime --runs 1 --details
    .venv/bin/python scripts/lite_timeline.py --notebook 06_twenty_five_castle_strategy.ipynb \
        --runs 1 --cell-times

"Run all" runs every cell of the lesson; the figures are the time from opening the page to the
kernel ready, to the board drawn (when the lesson draws one) and to the last cell done.

On a machine that other work keeps busy, wall-clock times vary from run to run by more than most
changes gain. ``--kernel-cpu`` measures instead the processor time of the kernel's own start, in
the site's Pyodide run by Node.js (no page, no browser): loading Pyodide and the packages the site
loads at start, then the kernel's imports (``piplite.piplite`` and ``pyodide_kernel``, as the
kernel's worker does), then the lesson's ``import pachisi_widget`` and its widget::

    .venv/bin/python scripts/lite_timeline.py --kernel-cpu --site before=/tmp/a --site after=/tmp/b
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))  # the browser tests' page helpers
sys.path.insert(0, str(ROOT / "tests"))  # the tests' free-port helper
from jupyter_ui import ALL_RUN_JS, ERRORS_JS, EXECUTE_JS  # noqa: E402
from ports import free_port  # noqa: E402

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
TIMEOUT_MS = 600_000

#: In every page: what the page shows, polled every 20 ms, in seconds since navigation started.
RECORDER_JS = """
(() => {
  if (window.__timeline) return;
  const marks = {};
  const cells = {};
  window.__timeline = { marks, cells, origin: performance.timeOrigin };
  const now = () => performance.now() / 1000;
  const mark = (name) => { if (!(name in marks)) marks[name] = now(); };
  const poll = () => {
    const app = window.jupyterapp;
    if (!app) return;
    mark("app");
    const panel = app.shell && app.shell.currentWidget;
    if (!panel || !panel.content || !panel.sessionContext) return;
    mark("notebook_panel");
    const widgets = panel.content.widgets || [];
    if (widgets.length && document.querySelector(".jp-Notebook .jp-Cell")) mark("notebook_drawn");
    const session = panel.sessionContext.session;
    const kernel = session && session.kernel;
    if (kernel) mark("kernel_object");
    if (kernel && kernel.status === "idle" && kernel.connectionStatus === "connected") {
      mark("kernel_ready");
    }
    widgets.forEach((cell, index) => {
      if (cell.model.type !== "code") return;
      if (!(index in cells) && cell.model.executionCount !== null) cells[index] = now();
    });
    if (document.querySelector('.jp-OutputArea-output [data-action="throw"]')) mark("board");
  };
  setInterval(poll, 20);
})();
"""

CELL_SOURCES_JS = """
() => window.jupyterapp.shell.currentWidget.content.widgets
  .map((cell) => [cell.model.type, cell.model.sharedModel.getSource().split('\\n')[0]])
"""
#: What the kernel's Python holds once the lesson ran (asked after the figures are taken).
MODULES_PY = """
import json, sys
heavy = ['numpy', 'matplotlib', 'anywidget', 'ipywidgets', 'psygnal', 'jedi', 'pygments',
         'prompt_toolkit', 'micropip', 'pachisi_widget.widget', 'pachisi_widget.coach',
         'pachisi_widget.tournament', 'pachisi_widget.simulate', 'pachisi_widget.charts']
print(json.dumps({'modules': len(sys.modules), 'loaded': [m for m in heavy if m in sys.modules]}))
"""


#: The kernel's start (its worker's initialize: initRuntime, initPackageManager, initKernel) in
#: Node.js, each step's wall and processor seconds; the site's folder and its preloaded packages
#: come as arguments.
KERNEL_CPU_JS = r"""
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [site] = process.argv.slice(-1);
const folder = path.join(site, "static", "pyodide") + path.sep;
const config = JSON.parse(readFileSync(path.join(site, "jupyter-lite.json"), "utf8"));
const kernel = config["jupyter-config-data"].litePluginSettings[
  "@jupyterlite/pyodide-kernel-extension:kernel"];
const packages = (kernel.loadPyodideOptions || {}).packages || [];
const marks = [];
const mark = (name) => {
  const used = process.cpuUsage();
  marks.push([name, performance.now() / 1000, (used.user + used.system) / 1e6]);
};
mark("start");
const { loadPyodide } = await import(pathToFileURL(path.join(folder, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: folder, packages, stdout: () => {},
                                    stderr: () => {} });
mark("Pyodide and its packages");
await pyodide.runPythonAsync("import piplite.piplite");
mark("import piplite.piplite");
await pyodide.runPythonAsync("import pyodide_kernel");
mark("import pyodide_kernel");
await pyodide.runPythonAsync(
  "import pachisi_widget as pw\nfrom pachisi_widget.lessons import exercise");
mark("import pachisi_widget, lessons");
await pyodide.runPythonAsync("from pachisi_widget import PachisiWidget");
mark("import the widget");
const count = pyodide.runPython("import sys; len(sys.modules)");
console.log(JSON.stringify({ marks, modules: count }));
"""


def kernel_cpu(folder: Path) -> dict:
    """One kernel start of the site in ``folder``, in Node.js: {step: (wall s, cpu s)}."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node not found (Node.js 20+ runs the site's Pyodide)")
    with tempfile.TemporaryDirectory(prefix="kernel-cpu-") as scratch:
        script = Path(scratch) / "kernel_cpu.mjs"
        script.write_text(KERNEL_CPU_JS)
        done = subprocess.run(
            [node, str(script), str(folder)], capture_output=True, text=True, timeout=900
        )
    if done.returncode != 0:
        raise SystemExit(f"node failed:\n{done.stderr[-3000:]}")
    found = json.loads(done.stdout.strip().splitlines()[-1])
    steps, (_, wall0, cpu0) = {}, found["marks"][0]
    for name, wall, cpu in found["marks"][1:]:
        steps[name] = (round(wall - wall0, 2), round(cpu - cpu0, 2))
        wall0, cpu0 = wall, cpu
    return {"steps": steps, "modules": found["modules"], "load_1min": round(os.getloadavg()[0], 2)}


def kernel_cpu_runs(sites: list[tuple[str, Path]], runs: int) -> None:
    results: dict[str, list[dict]] = {name: [] for name, _ in sites}
    for round_ in range(runs):
        for name, folder in sites:
            result = kernel_cpu(folder)
            results[name].append(result)
            print(
                f"[{name} run {round_ + 1}] load {result['load_1min']}, "
                f"{result['modules']} modules: "
                + ", ".join(
                    f"{step} {wall} s ({cpu} s cpu)"
                    for step, (wall, cpu) in result["steps"].items()
                ),
                flush=True,
            )
    print(f"\nmedians of {runs} run(s), processor seconds (wall seconds) of each step:")
    for name, found in results.items():
        parts = []
        for step in found[0]["steps"]:
            cpu = statistics.median(r["steps"][step][1] for r in found)
            wall = statistics.median(r["steps"][step][0] for r in found)
            parts.append(f"{step} {cpu:.2f} ({wall:.2f})")
        total = statistics.median(sum(c for _, c in r["steps"].values()) for r in found)
        loads = [r["load_1min"] for r in found]
        print(
            f"  {name}: "
            + ", ".join(parts)
            + f"; total {total:.2f} cpu s (load {min(loads)}-{max(loads)})"
        )


# --- the server ---------------------------------------------------------------------------------


class SiteHandler(SimpleHTTPRequestHandler):
    """A static server for the site (``.wasm`` as application/wasm, so the browser compiles
    Pyodide while it downloads); with ``importtime`` the kernel's Python reports its imports."""

    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
    }
    importtime = False

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass

    def do_GET(self):
        path = urlparse(self.path).path
        if self.importtime and path.endswith("/jupyter-lite.json"):
            local = Path(self.translate_path(path))
            if local.is_file():
                config = json.loads(local.read_text())
                data = config.get("jupyter-config-data", {})
                kernel = data.get("litePluginSettings", {}).get(KERNEL_PLUGIN)
                if kernel is not None:
                    options = kernel.setdefault("loadPyodideOptions", {})
                    options.setdefault("env", {})["PYTHONPROFILEIMPORTTIME"] = "1"
                    body = json.dumps(config).encode()
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
        super().do_GET()


def serve(site: str, port: int, importtime: bool) -> None:
    handler = type("Handler", (SiteHandler,), {"importtime": importtime})
    server = ThreadingHTTPServer(("127.0.0.1", port), partial(handler, directory=site))
    server.serve_forever()


class Server:
    """The site served by a child process of this script, stopped by its pid."""

    def __init__(self, site: Path, importtime: bool):
        self.port = free_port()
        cmd = [sys.executable, __file__, "--serve", str(site), "--port", str(self.port)]
        if importtime:
            cmd.append("--importtime")
        self.process = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, start_new_session=True)
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"{self.url}/jupyter-lite.json", timeout=2):
                    return
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    self.stop()
                    raise SystemExit(f"the server for {site} did not start") from None
                time.sleep(0.1)

    def stop(self) -> None:
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=10)


# --- one run ------------------------------------------------------------------------------------


def one_run(browser, url: str, notebook: str) -> dict:
    """Open ``notebook`` in a fresh browser profile; the timeline (seconds since navigation)."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.add_init_script(RECORDER_JS)
    page = context.new_page()
    origin = {"ms": None}
    requests: dict = {}
    console: list = []

    def since(epoch_ms: float) -> float:
        return round((epoch_ms - origin["ms"]) / 1000, 3) if origin["ms"] else None

    def started(request):
        requests[request] = {"url": request.url, "start_wall": time.time() * 1000}

    def finished(request):
        entry = requests.setdefault(request, {"url": request.url, "start_wall": None})
        entry["end_wall"] = time.time() * 1000
        timing = request.timing
        if timing and timing.get("startTime", -1) > 0:
            entry["start_wall"] = timing["startTime"]
            if timing.get("responseEnd", -1) >= 0:
                entry["end_wall"] = timing["startTime"] + timing["responseEnd"]
        try:
            response = request.response()
            entry["bytes"] = int((response.headers if response else {}).get("content-length", 0))
            entry["type"] = (response.headers if response else {}).get("content-type", "")
        except Exception:  # noqa: BLE001 - a request of a closed worker: no size
            entry["bytes"] = 0

    statuses: list[str] = []
    context.on(
        "response",
        lambda response: (
            response.status >= 400 and statuses.append(f"{response.status} {response.url}")
        ),
    )
    context.on("request", started)
    context.on("requestfinished", finished)
    context.on("console", lambda msg: console.append((time.time() * 1000, msg.type, msg.text)))
    load = os.getloadavg()[0]
    wall0 = time.time() * 1000
    page.goto(f"{url}/lab/index.html?path={notebook}")
    origin["ms"] = page.evaluate("() => performance.timeOrigin") or wall0
    page.wait_for_function(
        "() => window.__timeline && window.__timeline.marks.kernel_ready",
        timeout=TIMEOUT_MS,
        polling=50,
    )
    page.evaluate(
        "() => { window.__timeline.marks.run_all = performance.now() / 1000;"
        " window.jupyterapp.commands.execute('notebook:run-all-cells'); }"
    )
    page.wait_for_function(ALL_RUN_JS, timeout=TIMEOUT_MS, polling=100)
    errors = page.evaluate(ERRORS_JS)
    timeline = page.evaluate("() => window.__timeline")
    sources = page.evaluate(CELL_SOURCES_JS)
    loaded = json.loads(page.evaluate(EXECUTE_JS, [MODULES_PY, 30_000]).strip() or "{}")
    context.close()

    marks = {k: round(v, 3) for k, v in timeline["marks"].items()}
    cells = {int(k): round(v, 3) for k, v in timeline["cells"].items()}
    result = {
        "notebook": notebook,
        "load_1min": round(load, 2),
        "marks": marks,
        "errors": errors,
        "python": loaded,
    }
    if cells:
        order = sorted(cells)
        result["first_cell_done"] = cells[order[0]]
        result["last_cell_done"] = max(cells.values())
        previous = marks.get("run_all", 0)
        durations = []
        for index in order:
            durations.append((round(cells[index] - previous, 3), index, sources[index][1][:70]))
            previous = cells[index]
        result["cells"] = durations
    # A fetch of the kernel's worker shows twice (the worker's, and the service worker's that
    # answers it): one line per address, from the first start to the last end.
    net: dict[str, dict] = {}
    for entry in requests.values():
        if entry.get("start_wall") is None or entry.get("end_wall") is None:
            continue
        key = entry["url"].split("?")[0].replace(url, "")
        start, end = since(entry["start_wall"]), since(entry["end_wall"])
        seen = net.setdefault(
            key,
            {
                "url": key,
                "start": start,
                "end": end,
                "count": 0,
                "bytes": entry.get("bytes", 0),
                "type": entry.get("type", ""),
            },
        )
        seen["start"], seen["end"] = min(seen["start"], start), max(seen["end"], end)
        seen["count"] += 1
    result["network"] = sorted(net.values(), key=lambda e: e["start"])
    result["statuses"] = statuses
    result["console"] = [(since(t), kind, text) for t, kind, text in console]
    summarize(result)
    return result


def summarize(result: dict) -> None:
    """The run's key figures from its marks and network log."""
    net, marks = result["network"], result["marks"]

    def end_of(fragment):
        ends = [e["end"] for e in net if fragment in e["url"]]
        return max(ends) if ends else None

    wheels = [e for e in net if e["url"].endswith(".whl")]
    figures = {
        "app": marks.get("app"),
        "notebook_drawn": marks.get("notebook_drawn"),
        "wasm_fetched": end_of("pyodide.asm.wasm"),
        "stdlib_fetched": end_of("python_stdlib.zip"),
        "first_wheel_asked": min((e["start"] for e in wheels), default=None),
        "last_wheel_fetched": max((e["end"] for e in wheels), default=None),
        "wheels": len(wheels),
        "wheel_mb": round(sum(e["bytes"] for e in wheels) / 1e6, 2),
        "kernel_ready": marks.get("kernel_ready"),
        "first_cell_done": result.get("first_cell_done"),
        "board": marks.get("board"),
        "last_cell_done": result.get("last_cell_done"),
        "run_all_to_last_cell": (
            round(result["last_cell_done"] - marks["run_all"], 3)
            if result.get("last_cell_done") and "run_all" in marks
            else None
        ),
    }
    result["figures"] = figures


def import_times(console: list, top: int = 25) -> list[tuple[float, str]]:
    """The slowest imports (cumulative ms) from PYTHONPROFILEIMPORTTIME's lines."""
    found = []
    for _t, _kind, text in console:
        for line in text.splitlines():
            if not line.startswith("import time:") or "|" not in line:
                continue
            parts = [p.strip() for p in line[len("import time:") :].split("|")]
            if len(parts) == 3 and parts[1].isdigit():
                found.append((int(parts[1]) / 1000, parts[2]))
    found.sort(reverse=True)
    return found[:top]


def show_details(result: dict, wide: bool) -> None:
    print(f"\n  network ({len(result['network'])} requests; wheels, Pyodide and big files):")
    for e in result["network"]:
        if (
            wide
            or e["url"].endswith((".whl", ".wasm", ".zip", ".mjs", "lock.json"))
            or e["bytes"] > 500_000
        ):
            print(
                f"    {e['start']:7.2f} -> {e['end']:7.2f}  {e['bytes'] / 1e3:9.1f} kB  "
                f"{e['url']}  [{e['type']}] x{e['count']}"
            )
    if result.get("statuses"):
        print("  failed requests: " + "; ".join(result["statuses"]))
    print("  console (the page's and the kernel's):")
    for t, kind, text in result["console"]:
        if "import time:" in text:
            continue
        print(f"    {t if t is not None else 0:7.2f}  {kind:7s} {text[:150]}")
    slow = import_times(result["console"])
    if slow:
        print("  slowest imports (cumulative ms, with PYTHONPROFILEIMPORTTIME):")
        for ms, name in slow:
            print(f"    {ms:8.1f}  {name}")


FIGURES = (
    "app",
    "notebook_drawn",
    "wasm_fetched",
    "stdlib_fetched",
    "first_wheel_asked",
    "last_wheel_fetched",
    "kernel_ready",
    "first_cell_done",
    "board",
    "last_cell_done",
    "run_all_to_last_cell",
)


def wait_for_load(load: float, limit_s: float = 180) -> None:
    """Wait until the 1-minute load average is ``load`` or less (at most ``limit_s``)."""
    deadline = time.monotonic() + limit_s
    while os.getloadavg()[0] > load and time.monotonic() < deadline:
        time.sleep(2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--site",
        action="append",
        default=[],
        metavar="[NAME=]DIR",
        help="a built site (repeatable: the sites run in turn); default site/",
    )
    parser.add_argument("--notebook", default="01_board_and_track.ipynb")
    parser.add_argument("--runs", type=int, default=3, help="runs per site (default 3)")
    parser.add_argument(
        "--importtime",
        action="store_true",
        help="start the kernel's Python with PYTHONPROFILEIMPORTTIME",
    )
    parser.add_argument(
        "--details", action="store_true", help="print each run's network and console log"
    )
    parser.add_argument("--cell-times", action="store_true", help="print each cell's time")
    parser.add_argument("--json", type=Path, help="write every run's timeline to FILE")
    parser.add_argument(
        "--quiet-load",
        type=float,
        metavar="LOAD",
        help="before each run, wait (up to 3 minutes) until the 1-minute load "
        "average is LOAD or less: runs back to back load 2 cores by "
        "themselves",
    )
    parser.add_argument(
        "--kernel-cpu",
        action="store_true",
        help="measure the kernel's start in Node.js, in processor seconds",
    )
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.serve, args.port, args.importtime)
        return 0

    from playwright.sync_api import sync_playwright

    sites = []
    for spec in args.site or [str(ROOT / "site")]:
        name, _, folder = spec.rpartition("=")
        folder = Path(folder).resolve()
        if not (folder / "jupyter-lite.json").is_file():
            raise SystemExit(f"{folder} is not a built site (run bash scripts/build_lite.sh)")
        sites.append((name or folder.name, folder))
    if args.kernel_cpu:
        kernel_cpu_runs(sites, args.runs)
        return 0
    chromium = shutil.which("chromium")
    if chromium is None:
        raise SystemExit("chromium not found (apt-get install -y chromium)")
    runs: dict[str, list[dict]] = {name: [] for name, _ in sites}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, headless=True, args=CHROMIUM_ARGS
        )
        try:
            for round_ in range(args.runs):
                for name, folder in sites:
                    if args.quiet_load is not None:
                        wait_for_load(args.quiet_load)
                    server = Server(folder, args.importtime)
                    try:
                        result = one_run(browser, server.url, args.notebook)
                    finally:
                        server.stop()
                    result["site"] = name
                    runs[name].append(result)
                    f = result["figures"]
                    print(
                        f"[{name} run {round_ + 1}] load {result['load_1min']}: "
                        + ", ".join(f"{k} {f[k]}" for k in FIGURES if f.get(k) is not None)
                        + f"; {f['wheels']} wheels {f['wheel_mb']} MB"
                        + (f"; ERRORS {result['errors']}" if result["errors"] else ""),
                        flush=True,
                    )
                    if args.details:
                        show_details(result, wide=False)
                        print(f"  Python after the lesson: {result['python']}")
                    if args.cell_times and result.get("cells"):
                        for seconds, index, first_line in sorted(result["cells"], reverse=True):
                            print(f"    cell {index:3d}: {seconds:7.2f} s  {first_line}")
        finally:
            browser.close()
    print(
        f"\nmedians of {args.runs} run(s), {args.notebook}, seconds since the page was asked for:"
    )
    for name, results in runs.items():
        line = []
        for key in FIGURES:
            values = [r["figures"][key] for r in results if r["figures"].get(key) is not None]
            if values:
                line.append(f"{key} {statistics.median(values):.2f}")
        loads = [r["load_1min"] for r in results]
        print(f"  {name}: " + ", ".join(line) + f"  (load {min(loads)}-{max(loads)})")
    if args.json:
        args.json.write_text(json.dumps(runs, indent=1, default=str) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
