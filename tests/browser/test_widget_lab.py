"""The live board in a real JupyterLab, driven by headless Chromium.

A notebook shows ``pw.PachisiWidget(...)``; its kernel writes the game (``w.game.history`` and the
position) to ``game.json`` on every state change, so each test checks that Python saw what the
page did. Covered: the DOM hooks, throwing and moving with the mouse (one click on a highlighted
move), keyboard play (Tab to a move, Enter/Space, the t shortcut), the path shown on hover,
teacher controls (forced throw, set-up, save as a download, load of a bad and a good file), undo,
new game, computer seats playing by themselves, and the theme. The click-to-board latency is
measured over ten moves and printed (and written to test-results/latency.txt), never asserted.
Screenshots of the widget in the light and dark themes, and of a newcomer's board in English and
Romanian, go to test-results/.
"""

from __future__ import annotations

import json
import re
import statistics
import time
from pathlib import Path

import pytest
from jupyter_ui import open_in_jupyterlab, run_all_cells

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RESULTS = Path(__file__).resolve().parents[2] / "test-results"

#: The kernel writes the game to game.json on every state change (the tests read it back).
DUMP = """\
def _dump(change=None):
    g = w.game
    pathlib.Path("game.json").write_text(json.dumps({
        "history": [str(a) for a in g.history], "revision": w.revision,
        "pieces": g.state.to_dict()["pieces"], "to_move": g.to_move, "phase": g.phase,
        "status": w.status, "status_kind": w.status_kind, "seat_players": list(w.seat_players)}))


w.observe(_dump, names="revision")
_dump()
w"""


def widget_cells(make: str) -> list[str]:
    """Notebook cells that show the widget made by ``make`` (an expression binding ``w``)."""
    return ["import json\nimport pathlib\n\nimport pachisi_widget as pw", f"w = {make}\n" + DUMP]


def read_game(root: Path) -> dict:
    path = root / "game.json"
    for _ in range(50):
        try:
            return json.loads(path.read_text())
        except (FileNotFoundError, json.JSONDecodeError):  # not written yet, or mid-write
            time.sleep(0.05)
    raise AssertionError("the kernel never wrote game.json")


def wait_game(root: Path, check, timeout_s: float = 30.0, what: str = "") -> dict:
    """Poll game.json (written by the kernel) until ``check(game)`` holds."""
    deadline = time.monotonic() + timeout_s
    game = read_game(root)
    while time.monotonic() < deadline:
        game = read_game(root)
        if check(game):
            return game
        time.sleep(0.1)
    raise AssertionError(f"Python never saw {what or 'the expected game'}; last game.json: {game}")


# Click the first highlighted move and resolve with the milliseconds until a piece's data-step
# changes in the board (the redraw after Python answered).
MEASURE_MOVE_JS = """
([widgetSelector, targetSelector]) => new Promise((resolve, reject) => {
  const widget = document.querySelector(widgetSelector);
  const box = widget.querySelector('.pachisi-board-box');
  const snap = () => [...box.querySelectorAll('.pachisi-piece')]
    .map((p) => `${p.dataset.seat}:${p.dataset.step}:${p.dataset.count}`).sort().join(' ');
  const before = snap();
  const target = box.querySelector(targetSelector);
  if (!target) { reject(new Error('no highlighted move to click')); return; }
  const fail = () => { observer.disconnect(); reject(new Error('the board never changed')); };
  const timer = setTimeout(fail, 20000);
  const observer = new MutationObserver(() => {
    if (snap() !== before) {
      const ms = performance.now() - t0;
      observer.disconnect();
      clearTimeout(timer);
      resolve(ms);
    }
  });
  observer.observe(box, { subtree: true, childList: true, attributes: true,
                          attributeFilter: ['data-step'] });
  const t0 = performance.now();
  target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
})
"""

WIDGET = ".jp-OutputArea-output .pachisi-widget"


def dismiss_toasts(page) -> None:
    """Close JupyterLab's notifications (the news question) so they do not cover the widget."""
    page.evaluate("""() => { document.querySelectorAll('.jp-toast-container, .Toastify')
                              .forEach((n) => n.remove()); }""")


def open_widget(page, server, name: str, make: str):
    from playwright.sync_api import expect

    server.write_notebook(name, widget_cells(make))
    open_in_jupyterlab(page, server, name)
    run_all_cells(page)
    dismiss_toasts(page)
    widget = page.locator(WIDGET)
    expect(widget.locator("svg.pachisi-board")).to_be_visible()
    return widget


def test_lab_board_hooks_mouse_keyboard_teacher_and_latency(page, jupyterlab):
    from playwright.sync_api import expect

    server = jupyterlab()
    root = server.root_dir
    widget = open_widget(
        page,
        server,
        "play.ipynb",
        "pw.PachisiWidget(players=2, seed=11, animate=False, teacher=True, "
        'names=["Asha <b>bold</b>", "", "<img src=x onerror=alert(1)>", ""])',
    )

    # -- the DOM hooks of DESIGN.md ----------------------------------------------------------
    expect(widget.locator("[data-square]")).to_have_count(96)
    expect(widget.locator(".pachisi-castle")).to_have_count(12)
    expect(widget.locator("[data-twenty-five]")).to_have_count(4)
    for action in ("throw", "pass", "undo", "new-game"):
        button = widget.locator(f'button[data-action="{action}"]')
        expect(button).to_have_count(1)
        assert button.text_content().strip()
    status = widget.locator('[data-role="status"]')
    expect(status).to_have_attribute("aria-live", "polite")
    # 2 players (S, N), all waiting: one stack of 4 each in the Charkoni
    expect(widget.locator('.pachisi-piece[data-step="0"]')).to_have_count(2)
    expect(widget.locator('.pachisi-piece[data-seat="0"][data-step="0"]')).to_have_attribute(
        "data-count", "4"
    )
    # names are text, never HTML
    expect(widget.locator("b, img")).to_have_count(0)
    expect(widget.locator('[data-seat-card="0"]')).to_contain_text("Asha <b>bold</b>")

    game = read_game(root)
    assert game["history"] == [] and game["phase"] == "throw"

    # -- throw and move with the mouse --------------------------------------------------------
    throw = widget.locator('button[data-action="throw"]')
    expect(throw).to_be_enabled()
    throw.click()
    game = wait_game(root, lambda g: len(g["history"]) == 1, what="the throw")
    targets = widget.locator(".pachisi-target[data-move]")
    expect(targets.first).to_be_visible()
    assert widget.locator(".pachisi-piece.pachisi-movable").count() >= 1
    label = targets.first.get_attribute("aria-label")
    assert label and "with" in label
    targets.first.hover()
    expect(widget.locator(".pachisi-path")).to_have_count(1)  # the path on hover
    seat = game["to_move"]
    targets.first.click()
    game = wait_game(root, lambda g: len(g["history"]) == 2, what="the move")
    assert "enters" in game["history"][1] or "moves" in game["history"][1], game["history"]
    expect(
        widget.locator(f'.pachisi-piece[data-seat="{seat}"]:not([data-step="0"])')
    ).to_have_count(1)
    expect(status).not_to_have_text("")

    # -- keyboard: Enter on Throw, the focus goes to the first move, Space plays it -------------
    expect(throw).to_be_enabled()
    throw.focus()
    page.keyboard.press("Enter")
    game = wait_game(root, lambda g: len(g["history"]) == 3, what="the keyboard throw")
    expect(targets.first).to_be_visible()
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.hasAttribute('data-move')"
    )
    page.keyboard.press("Space")
    game = wait_game(root, lambda g: len(g["history"]) == 4, what="the move played with Space")

    # the t shortcut throws; Tab from the widget reaches a move whose aria-label is its label.
    # game.json is written before the view hears of the new state: wait until the view shows it
    # (Throw enabled again), or the shortcut meets a disabled button and rightly does nothing.
    expect(throw).to_be_enabled()
    widget.focus()
    page.keyboard.press("t")
    game = wait_game(root, lambda g: len(g["history"]) == 5, what="the throw from the t shortcut")
    expect(targets.first).to_be_visible()
    widget.focus()
    page.keyboard.press("Tab")
    focused = page.evaluate(
        "() => [document.activeElement.getAttribute('data-move'), "
        "document.activeElement.getAttribute('aria-label')]"
    )
    assert focused[0] and focused[1], focused
    page.keyboard.press("Enter")
    game = wait_game(root, lambda g: len(g["history"]) == 6, what="the move played with Enter")

    # -- latency: click on a highlighted move -> board redrawn, over ten moves ---------------
    force2 = widget.locator('button[data-action="force-throw"][data-up="2"]')  # a 2: no grace
    move_ms, throw_ms = [], []
    for i in range(10):
        expect(force2).to_be_enabled()
        t0 = time.perf_counter()
        force2.click()
        expect(targets.first).to_be_visible()
        throw_ms.append((time.perf_counter() - t0) * 1000)
        move_ms.append(page.evaluate(MEASURE_MOVE_JS, [WIDGET, ".pachisi-target[data-move]"]))
        wait_game(root, lambda g, n=8 + 2 * i: len(g["history"]) == n, what=f"latency move {i}")
    median = statistics.median(move_ms)
    report = (
        f"click-to-board latency over {len(move_ms)} moves (JupyterLab, headless Chromium): "
        f"median {median:.1f} ms, min {min(move_ms):.1f} ms, max {max(move_ms):.1f} ms; "
        f"forced throw click to highlighted moves (Playwright round trip): "
        f"median {statistics.median(throw_ms):.0f} ms"
    )
    print("\n" + report)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "latency.txt").write_text(
        report + "\n" + "moves ms: " + ", ".join(f"{v:.1f}" for v in move_ms) + "\n"
    )

    # screenshots with moves highlighted, light then dark theme
    force2.click()
    expect(targets.first).to_be_visible()
    targets.first.hover()
    dismiss_toasts(page)
    widget.screenshot(path=str(RESULTS / "widget-lab-light.png"))
    page.evaluate(
        "() => { window.jupyterapp.commands.execute('apputils:change-theme', "
        "{theme: 'JupyterLab Dark'}); return null; }"
    )
    page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'")
    page.wait_for_timeout(500)
    widget.screenshot(path=str(RESULTS / "widget-lab-dark.png"))
    page.evaluate(
        "() => { window.jupyterapp.commands.execute('apputils:change-theme', "
        "{theme: 'JupyterLab Light'}); return null; }"
    )

    # -- a stale click is refused by Python and changes nothing -------------------------------
    before = read_game(root)
    page.evaluate(
        """(sel) => {
        const t = document.querySelector(sel + ' .pachisi-target[data-move]');
        t.setAttribute('data-move', '1.0');
        t.dispatchEvent(new MouseEvent('click', {bubbles: true}));
    }""",
        WIDGET,
    )
    expect(status).to_have_attribute("data-kind", "error")
    game = wait_game(root, lambda g: g["status_kind"] == "error", what="the stale move refused")
    assert game["history"] == before["history"]

    # -- undo: Python takes the throw back -----------------------------------------------------
    n = len(game["history"])
    widget.locator('button[data-action="undo"]').click()
    wait_game(root, lambda g: len(g["history"]) == n - 1, what="the undo")

    # -- teacher: save downloads the record; a bad file is refused; the saved file loads -----
    with page.expect_download() as info:
        widget.locator('button[data-action="save"]').click()
    download = info.value
    record_text = Path(download.path()).read_text()
    record = json.loads(record_text)
    assert record["format"] == "pachisi_widget.game" and download.suggested_filename.endswith(
        ".json"
    )
    saved = read_game(root)
    load = widget.locator('input[data-action="load"]')
    load.set_input_files(
        {"name": "bad.json", "mimeType": "application/json", "buffer": b"{not json"}
    )
    expect(status).to_have_attribute("data-kind", "error")
    game = wait_game(
        root,
        lambda g: g["status_kind"] == "error" and g["revision"] > saved["revision"],
        what="the bad file refused",
    )
    assert game["history"] == saved["history"]  # the game is kept
    widget.locator('button[data-action="new-game"]').click()  # New game asks first
    widget.locator('button[data-action="confirm-new-game"]').click()
    wait_game(root, lambda g: g["history"] == [], what="the new game")
    widget.locator('button[data-action="undo"]').click()  # and Undo brings the game back
    wait_game(root, lambda g: g["history"] == saved["history"], what="the game brought back")
    widget.locator('button[data-action="new-game"]').click()
    widget.locator('button[data-action="confirm-new-game"]').click()
    wait_game(root, lambda g: g["history"] == [], what="the new game")
    load.set_input_files(
        {"name": "game.json", "mimeType": "application/json", "buffer": record_text.encode()}
    )
    game = wait_game(root, lambda g: g["history"] == saved["history"], what="the saved game loaded")
    expect(status).to_have_attribute("data-kind", "info")

    # -- teacher: set up a position from the form ---------------------------------------------
    inputs = widget.locator("input[data-setup-seat]")
    for seat, text in enumerate(["0,0,12,59", "-", "3,81,0,0", "-"]):
        inputs.nth(seat).fill(text)
    widget.locator('select[data-role="setup-to-move"]').select_option("2")
    widget.locator('button[data-action="setup"]').click()
    game = wait_game(root, lambda g: g["pieces"][0] == [0, 0, 12, 59], what="the set-up position")
    assert game["to_move"] == 2 and game["pieces"][2] == [3, 81, 0, 0]
    expect(
        widget.locator('.pachisi-piece.pachisi-returning[data-seat="0"][data-step="59"]')
    ).to_have_count(1)
    expect(
        widget.locator('.pachisi-piece[data-seat="2"][data-step="81"].pachisi-returning')
    ).to_have_count(1)
    expect(widget.locator('.pachisi-piece[data-seat="0"][data-step="0"]')).to_have_attribute(
        "data-count", "2"
    )
    widget.screenshot(path=str(RESULTS / "widget-lab-setup.png"))


def test_lab_computer_seats_play_by_themselves(page, jupyterlab):
    from playwright.sync_api import expect

    server = jupyterlab()
    root = server.root_dir
    widget = open_widget(
        page,
        server,
        "computer.ipynb",
        'pw.PachisiWidget(players=2, seed=3, computer={2: "random"}, speed=0, '
        "animate=False, teacher=True)",
    )
    turn = widget.locator('[data-role="turn"]')
    throw = widget.locator('button[data-action="throw"]')
    force2 = widget.locator('button[data-action="force-throw"][data-up="2"]')
    # Whoever started, the computer (North) plays until South, the human, is to move.
    expect(turn).to_have_attribute("data-seat", "0")
    expect(throw).to_be_enabled()
    for _ in range(3):
        game = wait_game(
            root, lambda g: g["to_move"] == 0 and g["phase"] == "throw", what="South's turn"
        )
        before = len(game["history"])
        force2.click()
        widget.locator(".pachisi-target[data-move]").first.click()
        # North throws and moves by itself, then it is South's turn again
        game = wait_game(
            root,
            lambda g, b=before: (
                len(g["history"]) > b + 2 and g["to_move"] == 0 and g["phase"] == "throw"
            ),
            what="North playing by itself",
        )
        north = [a for a in game["history"][before + 2 :] if a.startswith("North")]
        assert north, game["history"]
        expect(turn).to_have_attribute("data-seat", "0")
    assert game["seat_players"][2] == "random"

    # the seat selector makes North human again: after South's move North waits for a click
    widget.locator("details.pachisi-settings > summary").click()
    widget.locator('select[data-seat-select="2"]').select_option("human")
    wait_game(root, lambda g: g["seat_players"][2] == "human", what="North made human")
    force2.click()
    widget.locator(".pachisi-target[data-move]").first.click()
    game = wait_game(root, lambda g: g["to_move"] == 2, what="North's turn")
    time.sleep(1.0)
    assert read_game(root)["history"] == game["history"]  # nobody played for North
    expect(throw).to_be_enabled()
    expect(turn).to_have_attribute("data-seat", "2")


#: The smallest text in the widget, in CSS pixels (SVG text scaled by the board's size).
SMALLEST_TEXT_JS = """(sel) => {
  const root = document.querySelector(sel);
  let least = [1e9, ''];
  for (const t of root.querySelectorAll('text, p, li, span, button, summary, label, h4, option')) {
    if (!t.textContent.trim() || t.closest('[hidden]') || !t.getClientRects().length) continue;
    const svg = t.ownerSVGElement;
    const px = parseFloat(getComputedStyle(t).fontSize) * (svg ? svg.getScreenCTM().a : 1);
    if (px < least[0]) least = [px, (t.getAttribute('class') || t.tagName) + ': ' + t.textContent];
  }
  return least;
}"""


def test_lab_a_newcomers_board_in_english_and_romanian(page, jupyterlab):
    """What a newcomer met: words readable (12 px and more), the log's newest line in view and
    reachable from the keyboard, a hint of what to click, names instead of internal ones in the
    settings, the whole board in Romanian; the root tells the revision Python last sent."""
    from playwright.sync_api import expect

    page.set_viewport_size({"width": 1280, "height": 1000})
    server = jupyterlab()
    root = server.root_dir
    widget = open_widget(
        page,
        server,
        "newcomer.ipynb",
        'pw.PachisiWidget(players=4, seed=5, computer={1: "castle_waiter"}, speed=0, '
        "animate=False)",
    )
    board = widget  # the root element of the board (WIDGET)
    hint = widget.locator('[data-role="hint"]')
    game = wait_game(root, lambda g: g["to_move"] != 1, what="the computer's first turns")
    expect(board).to_have_attribute("data-revision", str(game["revision"]))
    # a few turns, so that the log scrolls
    for _ in range(4):
        game = wait_game(root, lambda g: g["to_move"] != 1, what="a human's turn")
        if game["phase"] == "throw":
            expect(hint).to_have_text(re.compile("Throw"))
            widget.locator('button[data-action="throw"]').click()
            game = wait_game(root, lambda g, r=game["revision"]: g["revision"] > r)
        if game["phase"] == "move" and game["to_move"] != 1:
            expect(hint).to_have_text(re.compile("ringed piece"))
            widget.locator('button[data-action="pass"]').click()
            wait_game(root, lambda g, r=game["revision"]: g["revision"] > r)
    game = read_game(root)
    expect(board).to_have_attribute("data-revision", str(game["revision"]))
    least, what = page.evaluate(SMALLEST_TEXT_JS, WIDGET)
    assert least >= 12, f"text of {least:.1f} px: {what}"
    # the log: its newest line is in view, and the keyboard reaches the log
    scroller = widget.locator(".pachisi-log-scroll")
    newest = widget.locator('[data-role="log"] li').last
    box, line = scroller.bounding_box(), newest.bounding_box()
    assert line["y"] + line["height"] <= box["y"] + box["height"] + 1, (box, line)
    scroller.focus()
    assert page.evaluate("() => document.activeElement.classList.contains('pachisi-log-scroll')")
    expect(scroller).to_have_attribute("tabindex", "0")
    widget.locator("details.pachisi-settings > summary").click()
    options = widget.locator('select[data-seat-select="1"] option')
    assert "castle waiter" in options.all_text_contents()
    assert not [t for t in options.all_text_contents() if "_" in t]
    assert not [t for t in widget.locator('select[data-role="preset"] option').all_text_contents()
                if "_" in t]
    dismiss_toasts(page)
    widget.screenshot(path=str(RESULTS / "widget-lab-newcomer-en.png"))

    widget.locator('select[data-role="language"]').select_option("ro")
    expect(widget.locator('button[data-action="throw"]')).to_have_text("Aruncă")
    expect(widget.locator('select[data-seat-select="1"] option[value="castle_waiter"]')).to_have_text(
        "așteaptă la castel"
    )
    expect(widget.locator('[data-role="speed-hint"]')).to_contain_text("calculatorul")
    expect(widget.locator('select[data-role="speed"] option').first).to_have_text("0 s")
    expect(widget.locator('[data-seat-card="0"]')).to_contain_text("acasă")
    least, what = page.evaluate(SMALLEST_TEXT_JS, WIDGET)
    assert least >= 12, f"text of {least:.1f} px: {what}"
    widget.locator('button[data-action="new-game"]').click()
    expect(widget.locator('[data-role="confirm-new-game"]')).to_contain_text("Ia înapoi")
    dismiss_toasts(page)
    widget.screenshot(path=str(RESULTS / "widget-lab-newcomer-ro.png"))
    widget.locator('button[data-action="cancel-new-game"]').click()
    widget.locator('input[data-role="large"]').check()
    expect(board).to_have_class(re.compile("pachisi-large"))
    page.wait_for_timeout(300)
    widget.screenshot(path=str(RESULTS / "widget-lab-large-ro.png"))
