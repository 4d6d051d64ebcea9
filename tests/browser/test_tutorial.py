"""The README's first command, as a teacher uses it: ``bash scripts/tutorial.sh`` opens lesson 00 of
a working copy; running the lesson, saving it and File > New change nothing git sees.

The server is tutorial.sh itself (the set-up left out: ``PACHISI_SKIP_BOOTSTRAP=1``), started in a
copy of the repository that is its own git repository, with this interpreter's venv as its
``.venv``; the browser is the real lab in headless Chromium.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from conftest import SERVER_START_TIMEOUT_S, _isolated_env, free_port
from jupyter_ui import UI_TIMEOUT_MS, run_all_cells
from support import clean_copy

pytestmark = [pytest.mark.browser, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
LESSON = "00_play_your_first_game.ipynb"


def _clone(dest: Path) -> Path:
    """A copy of the repository as a clone has it after set-up: committed, this venv as .venv."""
    clean_copy(dest)
    (dest / ".venv").symlink_to(Path(sys.prefix))
    # the front-end bundle set-up built (git-ignored, as in a clone after bootstrap.sh)
    shutil.copytree(REPO / "pachisi_widget" / "static", dest / "pachisi_widget" / "static")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@localhost", "-c", "init.defaultBranch=m"]
    for args in (["init", "-q"], ["add", "."], ["commit", "-q", "-m", "clone"]):
        subprocess.run([*git, *args], cwd=dest, check=True, capture_output=True)
    return dest


def _git_status(root: Path) -> str:
    return subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all"],
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    ).stdout


@pytest.fixture
def tutorial(tmp_path):
    """tutorial.sh serving its working copy: (the clone, the lab's URL maker, the log path)."""
    root = _clone(tmp_path / "clone")
    env = _isolated_env(tmp_path / "env")
    env.update(PACHISI_SKIP_BOOTSTRAP="1", PYTHONPATH=str(root))
    port, token = free_port(), secrets.token_hex(16)
    log_path = tmp_path / "tutorial.log"
    with open(log_path, "w", encoding="utf-8") as log:
        process = subprocess.Popen(
            [
                "bash",
                "scripts/tutorial.sh",
                "--no-browser",
                "--ServerApp.ip=127.0.0.1",
                f"--ServerApp.port={port}",
                "--ServerApp.port_retries=0",
                f"--IdentityProvider.token={token}",
                "--LabApp.expose_app_in_browser=True",  # window.jupyterapp, for the test
            ],
            cwd=root,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def url(path: str) -> str:
        return f"http://127.0.0.1:{port}{path}{'&' if '?' in path else '?'}token={token}"

    deadline = time.monotonic() + SERVER_START_TIMEOUT_S + 60  # the working copy is made first
    try:
        while True:
            assert process.poll() is None, log_path.read_text()[-4000:]
            with (
                contextlib.suppress(OSError),
                urllib.request.urlopen(url("/api/status"), timeout=5) as answer,
            ):
                if answer.status == 200:
                    break
            assert time.monotonic() < deadline, log_path.read_text()[-4000:]
            time.sleep(0.3)
        yield root, url, log_path
    finally:
        # the server and its kernels: the process group this fixture started
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


def test_a_lesson_run_and_saved_through_tutorial_sh_leaves_git_status_clean(page, tutorial):
    from playwright.sync_api import expect

    root, url, log_path = tutorial
    work = root / "my-lessons"
    assert (work / LESSON).read_bytes() == (root / "notebooks" / LESSON).read_bytes()

    # the address tutorial.sh prints and opens (the server's root) is lesson 00's, in the copy
    class Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    with pytest.raises(urllib.error.HTTPError) as redirect:
        urllib.request.build_opener(Stay).open(url("/"), timeout=10)
    assert redirect.value.headers["Location"].startswith(f"/lab/tree/{LESSON}")
    page.goto(url(f"/lab/tree/{LESSON}?reset"))
    page.wait_for_function(
        "() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
        " && window.jupyterapp.shell.currentWidget.context"
        " && window.jupyterapp.shell.currentWidget.sessionContext.session"
        " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel",
        timeout=UI_TIMEOUT_MS,
    )
    assert page.evaluate("() => window.jupyterapp.shell.currentWidget.context.path") == LESSON
    expect(page.locator("#jp-main-statusbar")).to_contain_text("| Idle", timeout=UI_TIMEOUT_MS)

    run_all_cells(page, timeout_ms=180_000)
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    # File > New > Notebook, as a teacher tries something out
    page.evaluate(
        "() => window.jupyterapp.commands.execute("
        "'docmanager:new-untitled', {path: '', type: 'notebook'})"
    )
    saved = work / LESSON
    deadline = time.monotonic() + 30
    while not (
        any(c.get("outputs") for c in json.loads(saved.read_text())["cells"])
        and (work / "Untitled.ipynb").is_file()
    ):
        assert time.monotonic() < deadline, "the lesson was not saved with its outputs"
        time.sleep(0.3)

    # the committed lessons are as they were: nothing for git to see
    assert _git_status(root) == ""
    # no news pop-up over the board's settings, and no eavesdropping warning from the local kernel
    expect(page.get_by_text("official Jupyter news")).to_have_count(0)
    log = log_path.read_text(encoding="utf-8", errors="replace")
    assert "without encryption" not in log, log[-3000:]
    assert "[tutorial] opening 00_play_your_first_game.ipynb" in log
