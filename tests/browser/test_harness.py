"""Smoke tests of the browser harness: a tiny inline anywidget round-trips a click through Python.

The notebook's widget sends a custom message on click; the kernel counts it, writes the count to a
file next to the notebook and syncs a trait back, which the button then shows. The test checks
both the page (the synced trait) and the file (written by the kernel), in JupyterLab, Notebook 7
and Voila.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from jupyter_ui import open_in_jupyterlab, open_in_notebook7, run_all_cells, write_notebook

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CLICKER_CELLS = [
    "#md\n# Harness check\nA button that counts clicks in the kernel.",
    '''\
import pathlib

import anywidget
import traitlets


class Clicker(anywidget.AnyWidget):
    """Counts clicks: the front end sends an intent, Python updates the trait and a file."""

    _esm = """
    export default {
      render({ model, el }) {
        const button = document.createElement("button");
        button.className = "harness-clicker";
        const draw = () => { button.textContent = `clicks: ${model.get("count")}`; };
        button.addEventListener("click", () => model.send({ kind: "click" }));
        model.on("change:count", draw);
        draw();
        el.appendChild(button);
      },
    };
    """
    count = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.on_msg(self._on_message)

    def _on_message(self, widget, content, buffers):
        if content.get("kind") == "click":
            self.count += 1
            pathlib.Path("clicks.txt").write_text(str(self.count))
''',
    "clicker = Clicker()\nclicker",
]


def _wait_for_file(path: Path, expected: str, timeout_s: float = 30.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if path.exists() and path.read_text() == expected:
            return
        time.sleep(0.1)
    found = path.read_text() if path.exists() else "(no file)"
    raise AssertionError(f"{path.name}: expected {expected!r}, found {found!r}")


def _click_twice_and_check(page, button, root: Path) -> None:
    from playwright.sync_api import expect

    expect(button).to_have_text("clicks: 0")
    button.click()
    expect(button).to_have_text("clicks: 1")  # trait synced back from the kernel
    _wait_for_file(root / "clicks.txt", "1")  # written by the kernel's message handler
    button.click()
    expect(button).to_have_text("clicks: 2")
    _wait_for_file(root / "clicks.txt", "2")


def test_jupyterlab_round_trip(page, jupyterlab):
    started = time.monotonic()
    server = jupyterlab()
    assert server.api("/api/status")["kernels"] == 0
    server.write_notebook("clicker.ipynb", CLICKER_CELLS)

    open_in_jupyterlab(page, server, "clicker.ipynb")
    run_all_cells(page)
    button = page.locator(".jp-OutputArea-output button.harness-clicker")
    _click_twice_and_check(page, button, server.root_dir)
    print(
        f"jupyterlab: server up in {server.started_in_s:.1f} s, "
        f"round trip done in {time.monotonic() - started:.1f} s"
    )


def test_notebook7_round_trip(page, notebook7):
    server = notebook7()
    server.write_notebook("clicker.ipynb", CLICKER_CELLS)

    open_in_notebook7(page, server, "clicker.ipynb")
    run_all_cells(page)
    button = page.locator(".jp-OutputArea-output button.harness-clicker")
    _click_twice_and_check(page, button, server.root_dir)


def test_voila_round_trip(page, voila, tmp_path):
    notebook = write_notebook(tmp_path / "clicker.ipynb", CLICKER_CELLS)
    server = voila(notebook)

    page.goto(server.url("/"))
    button = page.locator("button.harness-clicker")
    _click_twice_and_check(page, button, tmp_path)
