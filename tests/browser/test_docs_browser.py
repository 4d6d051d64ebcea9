"""The documentation site in a real Chromium: a lesson page, then its live version.

The site is the one tests/test_docs.py builds (once per session and worker; both files are in
the xdist group "docs"), served by ``python -m http.server`` on 127.0.0.1. Chromium opens the
first lesson's page and checks that it renders (its title, its board pictures, its "Try it
live" link), then follows that link into the JupyterLite site beside the pages, waits for the
Pyodide kernel, runs every cell and waits for the live board. Every request of the browser
(pages, web workers, the service worker) is recorded: all must go to 127.0.0.1 and succeed.
"""

from __future__ import annotations

import time
from pathlib import Path
from urllib.parse import urlparse

import pytest
from jupyter_ui import ALL_RUN_JS, ERRORS_JS, SCROLL_TO_WIDGET_JS
from support import build_docs_site, docs_extension, serve_static

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("sites")]

ROOT = Path(__file__).resolve().parents[2]
#: The lesson opened: the first with a board to play, else the first of all.
LESSON = next(
    (
        p.stem
        for p in sorted((ROOT / "notebooks").glob("*.ipynb"))
        if p.stem == "01_board_and_track"
    ),
    min((p.stem for p in (ROOT / "notebooks").glob("*.ipynb")), default=None),
)
#: Pyodide starts in 16-25 s here; other tests share the 2 cores.
KERNEL_TIMEOUT_MS = 150_000
CELLS_TIMEOUT_MS = 150_000

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
_IMAGES_LOADED_JS = """
() => Array.from(document.images).map((img) => [img.getAttribute('src'), img.complete,
                                                img.naturalWidth])
"""


@pytest.fixture(scope="module")
def docs_server(tmp_path_factory):
    """The built site served on 127.0.0.1 by ``python -m http.server``; stopped by its pid."""
    site = build_docs_site(tmp_path_factory)
    with serve_static(site, tmp_path_factory.mktemp("docs-http"), "index.html") as base_url:
        yield base_url


def test_a_lesson_page_and_its_live_version_render(page, docs_server):
    from playwright.sync_api import expect

    assert LESSON, "no lessons in notebooks/"
    title = docs_extension().read_lesson(ROOT / "notebooks" / f"{LESSON}.ipynb", "en").title

    requests: list[str] = []
    bad: list[str] = []
    context = page.context
    context.on("request", lambda request: requests.append(request.url))
    context.on(
        "requestfailed", lambda request: bad.append(f"failed {request.url}: {request.failure}")
    )
    context.on(
        "response",
        lambda response: (
            response.status >= 400 and bad.append(f"HTTP {response.status} {response.url}")
        ),
    )

    # 1. The lesson page: its title, the Try it live line, every picture loaded.
    page.goto(f"{docs_server}/lessons/en/{LESSON}.html")
    expect(page.locator("h1").first).to_contain_text(title)
    live = page.locator("a.pachisi-live-link")
    expect(live).to_be_visible()
    images = page.evaluate(_IMAGES_LOADED_JS)
    boards = [src for src, _, _ in images if src and src.endswith(".svg")]
    assert len(boards) >= 2, f"the lesson page shows {len(boards)} board pictures"
    broken = [src for src, complete, width in images if not complete or width == 0]
    assert not broken, f"pictures that did not load: {broken}"
    # the page is made of its own files: nothing fetched from another host, nothing missing
    page.wait_for_load_state("networkidle")
    assert not bad, "requests that failed on the lesson page:\n" + "\n".join(bad)

    # 2. Its live version: the same lesson in JupyterLite, with Python in the browser.
    started = time.monotonic()
    live.click()
    page.wait_for_url(f"**/lite/lab/index.html?path={LESSON}.ipynb", timeout=30_000)
    page.wait_for_function(_APP_READY_JS, timeout=KERNEL_TIMEOUT_MS)
    page.wait_for_function(_KERNEL_IDLE_JS, timeout=KERNEL_TIMEOUT_MS)
    expect(page.locator(".jp-Notebook .jp-MarkdownOutput h1").first).to_contain_text(
        title, timeout=KERNEL_TIMEOUT_MS
    )
    kernel_s = round(time.monotonic() - started, 1)

    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    # the site's lab keeps only the cells in view in the page: the board's cell is scrolled to
    assert page.evaluate(SCROLL_TO_WIDGET_JS, ['[data-action="throw"]', CELLS_TIMEOUT_MS]) >= 0
    board = (
        page.locator(".jp-OutputArea-output")
        .filter(has=page.locator('[data-action="throw"]'))
        .first
    )
    expect(board.locator('[data-action="throw"]').first).to_be_visible(timeout=CELLS_TIMEOUT_MS)
    expect(board.locator("[data-square]").first).to_be_attached()
    try:
        page.wait_for_function(ALL_RUN_JS, timeout=CELLS_TIMEOUT_MS)
    finally:
        errors = page.evaluate(ERRORS_JS)
    assert not errors, f"cells raised in the live lesson: {errors}"
    print(
        f"\n[docs] live lesson: kernel idle after {kernel_s} s, all cells ran after "
        f"{round(time.monotonic() - started, 1)} s"
    )

    elsewhere = sorted(
        {
            url
            for url in requests
            if urlparse(url).scheme in ("http", "https", "ws", "wss")
            and urlparse(url).hostname != "127.0.0.1"
        }
    )
    assert not elsewhere, "requests to other hosts:\n" + "\n".join(elsewhere)
    assert not bad, "requests that failed:\n" + "\n".join(bad)
