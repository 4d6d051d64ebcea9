"""Fixtures for real-browser tests: Debian's Chromium driven by Playwright, real Jupyter servers.

Everything here is real: a headless Chromium, and JupyterLab / Notebook 7 / Voila servers started
with this interpreter on 127.0.0.1, each with its own token and its own Jupyter and IPython
directories in a temp dir. Every server is stopped by its own pid at teardown.

Under ``CI=true`` a missing Chromium or Playwright fails the test; elsewhere it skips it with a loud
reason (``scripts/bootstrap.sh`` installs Chromium when it runs as root).

Page helpers live in ``jupyter_ui.py`` beside this file. Typical use::

    from jupyter_ui import open_in_jupyterlab, run_all_cells

    def test_click(page, jupyterlab):
        server = jupyterlab()
        server.write_notebook("demo.ipynb", ["import my_widget", "my_widget.W()"])
        open_in_jupyterlab(page, server, "demo.ipynb")
        run_all_cells(page)
        page.locator(".jp-OutputArea-output button").click()
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from jupyter_ui import UI_TIMEOUT_MS, write_notebook
from ports import free_port

# Flags known to work for Debian's Chromium on these machines (TESTING.md). Without the
# background-networking ones Chromium keeps trying hosts this closed network refuses.
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

#: How long a server may take to answer its first request (3-5 s is usual here).
SERVER_START_TIMEOUT_S = 90.0

_REPO_ROOT = Path(__file__).resolve().parents[2]
_RESULTS_DIR = _REPO_ROOT / "test-results"
_KERNEL_CONFIG = _REPO_ROOT / "scripts" / "jupyter" / "profile_default" / "ipython_kernel_config.py"


def in_ci() -> bool:
    """True when running under CI (``CI=true``), where browser tests must never skip."""
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def _unavailable(reason: str) -> None:
    """Fail under CI, skip (loudly) elsewhere."""
    if in_ci():
        pytest.fail(f"{reason} (CI=true: browser tests must not be skipped)", pytrace=False)
    pytest.skip(
        f"BROWSER TESTS NOT RUN: {reason}; run scripts/bootstrap.sh (as root it installs chromium)"
    )


def find_chromium() -> str | None:
    """Path of Debian's Chromium, or None."""
    found = shutil.which("chromium")
    if found:
        return found
    return "/usr/bin/chromium" if os.access("/usr/bin/chromium", os.X_OK) else None


# --- browser ----------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def chromium_browser() -> Iterator[object]:
    """A headless Chromium (Playwright sync API), shared by the tests of one worker."""
    executable = find_chromium()
    if executable is None:
        _unavailable("chromium not found (looked for `chromium` on PATH and /usr/bin/chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as exc:  # pragma: no cover - dev extras missing
        _unavailable(f"playwright is not installed ({exc})")
    playwright = sync_playwright().start()
    try:
        browser = playwright.chromium.launch(
            executable_path=executable, headless=True, args=CHROMIUM_ARGS
        )
    except Exception:
        playwright.stop()
        raise
    try:
        yield browser
    finally:
        browser.close()
        playwright.stop()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Remember each phase's report on the item, so fixtures can tell a failed test."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"_report_{report.when}", report)


@pytest.fixture
def page(chromium_browser, request) -> Iterator[object]:
    """A fresh page in its own browser context; on failure a screenshot goes to test-results/."""
    context = chromium_browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(UI_TIMEOUT_MS)
    new_page = context.new_page()
    console: list[str] = []
    new_page.on("console", lambda msg: console.append(f"{msg.type}: {msg.text}"))
    new_page.on("pageerror", lambda err: console.append(f"pageerror: {err}"))
    try:
        yield new_page
    finally:
        report = getattr(request.node, "_report_call", None)
        if report is not None and report.failed:
            _RESULTS_DIR.mkdir(exist_ok=True)
            stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid)
            try:
                new_page.screenshot(path=str(_RESULTS_DIR / f"{stem}.png"), full_page=True)
            except Exception as exc:  # the page may be gone; the log still helps
                console.append(f"(no screenshot: {exc})")
            (_RESULTS_DIR / f"{stem}.console.txt").write_text("\n".join(console), encoding="utf-8")
        context.close()


# --- servers ----------------------------------------------------------------------------------


def local_kernels(ipython_dir: Path) -> None:
    """Give the kernels of ``ipython_dir`` the project's local-kernel configuration: no "without
    encryption" warning for a kernel on 127.0.0.1 (scripts/jupyter/profile_default/)."""
    profile = ipython_dir / "profile_default"
    profile.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(_KERNEL_CONFIG, profile / _KERNEL_CONFIG.name)


def _isolated_env(base: Path) -> dict[str, str]:
    """Environment whose Jupyter and IPython directories all live under ``base``."""
    dirs = {
        "JUPYTER_CONFIG_DIR": base / "config",
        "JUPYTER_RUNTIME_DIR": base / "runtime",
        "JUPYTER_DATA_DIR": base / "data",
        "JUPYTERLAB_SETTINGS_DIR": base / "lab-settings",
        "JUPYTERLAB_WORKSPACES_DIR": base / "lab-workspaces",
        "IPYTHONDIR": base / "ipython",
    }
    env = dict(os.environ)
    for name, path in dirs.items():
        path.mkdir(parents=True, exist_ok=True)
        env[name] = str(path)
    local_kernels(base / "ipython")
    env["HOME"] = str(base / "home")
    (base / "home").mkdir(exist_ok=True)
    # Kernels are started with this interpreter's environment (the venv that has the package).
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env["PYTHONUNBUFFERED"] = "1"
    env.pop("JUPYTER_PATH", None)
    env.pop("JUPYTER_PREFER_ENV_PATH", None)
    return env


@dataclass
class JupyterServer:
    """A running Jupyter server process started by a fixture (JupyterLab, Notebook 7 or Voila)."""

    kind: str
    port: int
    token: str
    root_dir: Path
    log_path: Path
    process: subprocess.Popen
    started_in_s: float = 0.0
    _log_file: object = field(default=None, repr=False)
    prefix: str = ""
    """The folder of root_dir under the server's own root ("" for the whole server): a test's
    view of the worker's shared JupyterLab has its own folder."""
    owned: bool = True
    """Whether stop() stops the process (a test's view of a shared server does not)."""

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str = "/") -> str:
        """Absolute URL of ``path`` on this server, with the token."""
        sep = "&" if "?" in path else "?"
        return f"{self.base_url}{path}{sep}token={self.token}"

    def _path(self, notebook: str) -> str:
        return f"{self.prefix}/{notebook}" if self.prefix else notebook

    def lab_url(self, notebook: str) -> str:
        # ?reset: a fresh workspace, so the tabs of the previous test's notebook do not reopen
        return self.url(f"/lab/tree/{self._path(notebook)}?reset")

    def notebook_url(self, notebook: str) -> str:
        return self.url(f"/notebooks/{self._path(notebook)}")

    def voila_url(self, notebook: str) -> str:
        return self.url(f"/voila/render/{self._path(notebook)}")

    def shutdown_kernels(self) -> None:
        """Shut every kernel of this server down (a shared server, between tests)."""
        for kernel in self.api("/api/kernels"):
            request = urllib.request.Request(
                self.url(f"/api/kernels/{kernel['id']}"), method="DELETE"
            )
            with contextlib.suppress(OSError):
                urllib.request.urlopen(request, timeout=10).close()

    def api(self, path: str) -> object:
        """GET a JSON API path (e.g. ``/api/status``) and decode it."""
        with urllib.request.urlopen(self.url(path), timeout=10) as response:
            return json.loads(response.read().decode())

    def write_notebook(self, name: str, cells: Sequence[str]) -> Path:
        """Write a notebook into root_dir (see ``jupyter_ui.write_notebook``)."""
        path = self.root_dir / name
        write_notebook(path, cells)
        return path

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def stop(self) -> None:
        """Stop this server by its own pid (and its kernels, in the process group it leads)."""
        if not self.owned:
            return
        proc = self.process
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)
        # Kernels this server started share its process group (it was started as a new session
        # leader, so the group id is its own pid). A clean shutdown leaves none.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        if self._log_file is not None:
            self._log_file.close()


def _wait_until_up(server: JupyterServer, ready_path: str | None) -> None:
    """Poll ``ready_path`` until it answers 200; with None, until any HTTP answer comes back."""
    deadline = time.monotonic() + SERVER_START_TIMEOUT_S
    last_error: object = None
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(
                f"{server.kind} exited with {server.process.returncode} before it was ready:\n"
                + server.log()[-4000:]
            )
        try:
            with urllib.request.urlopen(server.url(ready_path or "/favicon.ico"), timeout=5) as r:
                if r.status == 200:
                    return
        except urllib.error.HTTPError as exc:
            if ready_path is None:
                return
            last_error = exc
        except (urllib.error.URLError, ConnectionError, TimeoutError, OSError) as exc:
            last_error = exc
        time.sleep(0.2)
    raise RuntimeError(
        f"{server.kind} did not answer {ready_path} within {SERVER_START_TIMEOUT_S:.0f} s "
        f"(last error: {last_error!r}):\n" + server.log()[-4000:]
    )


def _start_server(
    kind: str,
    args_for: Callable[[int, str, Path], list[str]],
    ready_path: str | None,
    base: Path,
    root_dir: Path,
) -> JupyterServer:
    """Start a server, retrying on a fresh port if the one picked was taken meanwhile."""
    env = _isolated_env(base / "env")
    last_exc: Exception | None = None
    for attempt in range(3):
        port = free_port()
        token = secrets.token_hex(16)
        log_path = base / f"{kind}-{attempt}.log"
        log_file = open(log_path, "w", encoding="utf-8")  # noqa: SIM115 - closed in stop()
        started = time.monotonic()
        process = subprocess.Popen(
            [sys.executable, *args_for(port, token, root_dir)],
            cwd=root_dir,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log_file,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        server = JupyterServer(kind, port, token, root_dir, log_path, process, _log_file=log_file)
        try:
            _wait_until_up(server, ready_path)
        except RuntimeError as exc:
            server.stop()
            last_exc = exc
            if "address already in use" in server.log().lower():
                continue
            raise
        server.started_in_s = time.monotonic() - started
        return server
    raise RuntimeError(f"{kind} could not get a free port") from last_exc


def _server_args(module: str, port: int, token: str, root_dir: Path) -> list[str]:
    """The flags every Jupyter server under test gets: loopback only, one port, a token."""
    return [
        "-m",
        module,
        "--no-browser",
        "--allow-root",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root_dir}",
    ]


def _lab_args(port: int, token: str, root_dir: Path) -> list[str]:
    return _server_args("jupyterlab", port, token, root_dir) + [
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
        "--LabApp.expose_app_in_browser=True",
    ]


def _notebook7_args(port: int, token: str, root_dir: Path) -> list[str]:
    return _server_args("notebook", port, token, root_dir) + [
        "--JupyterNotebookApp.expose_app_in_browser=True",
    ]


ServerFactory = Callable[..., JupyterServer]


@pytest.fixture(scope="session")
def _shared_jupyterlab(tmp_path_factory) -> Iterator[JupyterServer]:
    """One JupyterLab per test worker (a start costs 3-5 s and its first page more)."""
    yield from _shared_server(tmp_path_factory, "jupyterlab", _lab_args, "/api/status")


def _views(shared: JupyterServer, request, shutdown: bool = True) -> Iterator[ServerFactory]:
    """A factory of views of ``shared``: each a fresh folder of its root_dir, named after the
    test; the server's kernels are shut down after the test (Voila, which has no kernels API,
    shuts a page's kernel down when the page closes)."""
    import dataclasses

    if shared.process.poll() is not None:
        pytest.fail(f"the shared {shared.kind} has stopped:\n{shared.log()[-4000:]}")
    views: list[JupyterServer] = []

    def start() -> JupyterServer:
        name = re.sub(r"[^A-Za-z0-9_-]+", "_", request.node.name)[:60] + f"-{len(views)}"
        root = shared.root_dir / name
        root.mkdir()
        view = dataclasses.replace(shared, root_dir=root, prefix=name, owned=False)
        views.append(view)
        return view

    yield start
    if views and shutdown:
        shared.shutdown_kernels()


@pytest.fixture
def jupyterlab(_shared_jupyterlab, request) -> Iterator[ServerFactory]:
    """Factory: ``jupyterlab()`` gives the worker's JupyterLab with root_dir a fresh folder of
    its own (each notebook runs in its own kernel, shut down after the test)."""
    yield from _views(_shared_jupyterlab, request)


def _shared_server(tmp_path_factory, kind: str, args, ready: str | None) -> Iterator[JupyterServer]:
    base = tmp_path_factory.mktemp(kind)
    root = base / "root"
    root.mkdir()
    server = _start_server(kind, args, ready, base, root)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def _module_notebook7(tmp_path_factory) -> Iterator[JupyterServer]:
    """One Notebook 7 server per test module."""
    yield from _shared_server(tmp_path_factory, "notebook7", _notebook7_args, "/api/status")


@pytest.fixture
def notebook7(_module_notebook7, request) -> Iterator[ServerFactory]:
    """Factory: ``notebook7()`` gives the module's Notebook 7 with root_dir a fresh folder of its
    own (kernels shut down after the test)."""
    yield from _views(_module_notebook7, request)


def _voila_args(port: int, token: str, root_dir: Path) -> list[str]:
    return [
        "-m",
        "voila",
        str(root_dir),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        f"--Voila.token={token}",
        "--show_tracebacks=True",
    ]


@pytest.fixture(scope="module")
def _module_voila(tmp_path_factory) -> Iterator[JupyterServer]:
    """One Voila server per test module, serving a folder (its notebooks at /voila/render/...)."""
    # Voila runs a notebook only when its page is asked for: any HTTP answer means it is up.
    yield from _shared_server(tmp_path_factory, "voila", _voila_args, None)


@pytest.fixture
def voila(_module_voila, request) -> Iterator[Callable[[Path], JupyterServer]]:
    """Factory: ``voila(notebook_path)`` copies that notebook into a fresh folder of the module's
    Voila and gives that view; ``view.voila_url(name)`` renders it, and its kernel runs in
    ``view.root_dir`` (shut down after the test)."""

    views = _views(_module_voila, request, shutdown=False)
    view_of = next(views)

    def start(notebook: Path) -> JupyterServer:
        view = view_of()
        shutil.copy2(notebook, view.root_dir / Path(notebook).name)
        return view

    yield start
    with contextlib.suppress(StopIteration):
        next(views)
