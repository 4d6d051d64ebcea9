"""Helpers for real-browser tests: write notebooks, open them in JupyterLab or Notebook 7, run them.

Kept out of conftest.py so test modules can import them by a unique name.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

#: Default wait for anything a page must show, in milliseconds (kernel start, widget render).
UI_TIMEOUT_MS = 60_000


def write_notebook(path: Path, cells: Sequence[str]) -> Path:
    """Write an nbformat-4 notebook with a python3 kernelspec (no kernel-choice dialog)."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
    }
    nb.metadata["language_info"] = {"name": "python"}
    for source in cells:
        if source.startswith("#md\n"):
            nb.cells.append(nbformat.v4.new_markdown_cell(source[len("#md\n") :]))
        else:
            nb.cells.append(nbformat.v4.new_code_cell(source))
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, str(path))
    return path


# --- helpers for JupyterLab and Notebook 7 pages ----------------------------------------------

_APP_READY_JS = """
() => {
  const app = window.jupyterapp;
  const panel = app && app.shell && app.shell.currentWidget;
  return !!(panel && panel.content && panel.content.widgets && panel.sessionContext
            && panel.sessionContext.session && panel.sessionContext.session.kernel);
}
"""

_KERNEL_IDLE_JS = """
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle' && kernel.connectionStatus === 'connected';
}
"""

# Every code cell has run (an execution count) and the kernel is idle again.
ALL_RUN_JS = """
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  if (!kernel || kernel.status !== 'idle') return false;
  return panel.content.widgets.every(
    (cell) => cell.model.type !== 'code' || cell.model.executionCount !== null);
}
"""

ERRORS_JS = """
() => window.jupyterapp.shell.currentWidget.content.widgets
  .filter((cell) => cell.model.type === 'code')
  .flatMap((cell) => cell.model.outputs.toJSON())
  .filter((out) => out.output_type === 'error')
  .map((out) => `${out.ename}: ${out.evalue}`)
"""


# Bring the first widget output holding ``selector`` into view and return its cell's index (-1
# when none came within ``timeout`` ms). A windowed notebook (the offline site's) keeps only the
# cells in view in the page, and "Run all" moves the view to the last cell: the widget's cell is
# found by its output in the notebook's model, scrolled to, and then looked for in the page.
SCROLL_TO_WIDGET_JS = """
async ([selector, timeout]) => {
  const notebook = window.jupyterapp.shell.currentWidget.content;
  const isWidget = (cell) => cell.model.type === 'code' && cell.model.outputs.toJSON().some(
    (out) => out.data && out.data['application/vnd.jupyter.widget-view+json']);
  const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
  const deadline = Date.now() + timeout;
  const tried = new Set();
  while (Date.now() < deadline) {
    const index = notebook.widgets.findIndex((cell, i) => !tried.has(i) && isWidget(cell));
    if (index < 0) { await pause(); continue; }
    await notebook.scrollToItem(index, 'start');
    for (let k = 0; k < 40 && Date.now() < deadline; k++) {
      const cell = notebook.widgets[index];
      if (cell.node.isConnected && cell.node.querySelector(selector)) return index;
      await pause();
    }
    tried.add(index);
  }
  return -1;
}
"""

# Run code in the notebook's kernel (as a cell would, without adding one) and return what it
# printed; errors come back as text. The JS side gives up after `timeout` ms.
EXECUTE_JS = """
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


def open_in_jupyterlab(page, server, notebook: str) -> None:
    """Open ``notebook`` (relative to root_dir) in JupyterLab and wait until its kernel is idle."""
    from playwright.sync_api import expect

    page.goto(server.lab_url(notebook))
    page.wait_for_function(_APP_READY_JS, timeout=UI_TIMEOUT_MS)
    # The status bar reflects the connected kernel; the toolbar indicator says idle too early.
    expect(page.locator("#jp-main-statusbar")).to_contain_text("| Idle", timeout=UI_TIMEOUT_MS)


def open_in_notebook7(page, server, notebook: str) -> None:
    """Open ``notebook`` in Notebook 7 and wait for its kernel (no status bar there)."""
    page.goto(server.notebook_url(notebook))
    page.wait_for_function(_APP_READY_JS, timeout=UI_TIMEOUT_MS)
    page.wait_for_function(_KERNEL_IDLE_JS, timeout=UI_TIMEOUT_MS)


def run_all_cells(page, timeout_ms: int = UI_TIMEOUT_MS, wait: bool = True) -> None:
    """Run every cell of the current notebook; by default wait until all ran and the kernel idles.

    The command is started without awaiting its promise: an awaited evaluate has no timeout and
    would hang if a dialog opened. Raises AssertionError listing any error outputs.
    """
    page.evaluate(
        "() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); return null; }"
    )
    if not wait:
        return
    try:
        page.wait_for_function(ALL_RUN_JS, timeout=timeout_ms)
    finally:
        errors = page.evaluate(ERRORS_JS)
        if errors:
            raise AssertionError("cells raised: " + "; ".join(errors))


def wait_kernel_idle(page, timeout_ms: int = UI_TIMEOUT_MS) -> None:
    """Wait until the current notebook's kernel is connected and idle."""
    page.wait_for_function(_KERNEL_IDLE_JS, timeout=timeout_ms)
