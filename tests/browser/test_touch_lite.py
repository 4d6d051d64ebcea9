"""The board played by touch on a tablet, in the offline site (JupyterLite, no server).

Headless Chromium with touch emulation (``has_touch``: a coarse pointer that cannot hover) at a
tablet's size, 768 by 1024 CSS px, opens the site's smoke notebook (tests/lite/smoke.ipynb: a
two-player board with no computer seats), closes the file browser as a tablet's user would (a
tap on its tab), and plays by tapping only: Throw, then a ring, turn after turn for both seats,
one move tapped beside its ring (within a finger's reach, not on the drawing). Python (Pyodide, in
the page) must have seen every throw and move.

Every touch target of the board is measured at that size, with the rings of a move to choose
showing and the settings open: each is at least 44 by 44 px (WCAG 2.5.5; a check box counts by
its label, which a tap toggles). Nothing is offered on hover only: no style rule of the board's
under ``:hover`` shows, hides or reveals anything (display, visibility, opacity, content), only
restyles what is already there, and the rings and paths a move needs come from taps. axe-core
stays clean on the board. Screenshots: test-results/touch-768-*.png.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from axe_audit import audit, dismiss_toasts
from axe_audit import report as axe_report
from jupyter_ui import ALL_RUN_JS, ERRORS_JS, EXECUTE_JS, SCROLL_TO_WIDGET_JS
from support import SMOKE, build_lite_site, serve_static

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("sites")]

RESULTS = Path(__file__).resolve().parents[2] / "test-results"
TABLET = {"width": 768, "height": 1024}
MIN_PX = 44
KERNEL_TIMEOUT_MS = 150_000
TAPS = 12  # throws and moves tapped

_KERNEL_IDLE_JS = """
() => {
  const app = window.jupyterapp;
  const panel = app && app.shell && app.shell.currentWidget;
  const kernel = panel && panel.sessionContext && panel.sessionContext.session
    && panel.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle' && kernel.connectionStatus === 'connected';
}
"""

# Every control a finger can tap in the board, with its box on screen: the buttons (the rings
# and ringed pieces of the board too), fields, lists, the settings' summary, and each check box
# by its label. [what, name, width, height].
TARGETS_JS = """
(root) => {
  const seen = [];
  const tappable = 'button, input, select, textarea, summary, a[href], [role="button"], '
    + '.pachisi-movable';
  for (const el of root.querySelectorAll(tappable)) {
    if (el.closest('[hidden]') || el.type === 'file') continue;
    const target = el.type === 'checkbox' ? (el.closest('label') ?? el) : el;
    const box = target.getBoundingClientRect();
    if (!box.width && !box.height) continue;  // not shown
    const name = (el.getAttribute('aria-label') || el.textContent || el.type || el.tagName);
    seen.push([el.tagName.toLowerCase(), name.trim().slice(0, 60), box.width, box.height]);
  }
  return seen;
}
"""

# The board's style rules under :hover and what they set: none may show or hide anything.
HOVER_RULES_JS = """
() => {
  const out = [];
  const walk = (rules) => {
    for (const rule of rules) {
      if (rule.cssRules && !rule.selectorText) { walk(rule.cssRules); continue; }
      const sel = rule.selectorText || '';
      if (!sel.includes(':hover') || !sel.includes('pachisi')) continue;
      const props = [...rule.style].map((p) => `${p}: ${rule.style.getPropertyValue(p)}`);
      out.push([sel, props]);
    }
  };
  for (const sheet of document.styleSheets) {
    try { walk(sheet.cssRules); } catch (e) { /* another origin's sheet */ }
  }
  return out;
}
"""
REVEALING = re.compile(r"^(display|visibility|opacity|content|pointer-events)\b")


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory) -> dict:
    return build_lite_site(tmp_path_factory)


@pytest.fixture
def tablet(chromium_browser):
    """A page at a tablet's size with touch (a coarse pointer, no hover)."""
    context = chromium_browser.new_context(viewport=TABLET, has_touch=True)
    context.set_default_timeout(60_000)
    page = context.new_page()
    try:
        yield page
    finally:
        context.close()


def _python(page, code: str) -> str:
    out = page.evaluate(EXECUTE_JS, [code, 30_000])
    assert "ERROR" not in out, f"kernel code failed:\n{code}\n{out}"
    return out.strip()


def _small(targets) -> list:
    return [t for t in targets if t[2] < MIN_PX - 0.5 or t[3] < MIN_PX - 0.5]


def touch_play(page, base_url: str) -> dict:
    """Open the smoke notebook on a tablet and play it by tapping; what was measured."""
    from playwright.sync_api import expect

    page.goto(f"{base_url}/lab/index.html?path={SMOKE.name}")
    page.wait_for_function(_KERNEL_IDLE_JS, timeout=KERNEL_TIMEOUT_MS)
    assert page.evaluate("() => matchMedia('(hover: none) and (pointer: coarse)').matches")
    # a tablet's user closes the file browser to give the notebook the screen
    if not page.evaluate("() => window.jupyterapp.shell.leftCollapsed"):
        page.get_by_role("tab", name=re.compile("File Browser")).tap()
        page.wait_for_function("() => window.jupyterapp.shell.leftCollapsed")
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.wait_for_function(ALL_RUN_JS, timeout=KERNEL_TIMEOUT_MS)
    assert not page.evaluate(ERRORS_JS)
    assert page.evaluate(SCROLL_TO_WIDGET_JS, ['[data-action="throw"]', KERNEL_TIMEOUT_MS]) >= 0
    dismiss_toasts(page)
    region = page.get_by_role("region", name="Pachisi game")
    throw = region.get_by_role("button", name="Throw", exact=True)
    expect(throw).to_be_visible()
    region.scroll_into_view_if_needed()
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS / "touch-768-board.png"))
    board_box = region.get_by_role("group", name="Pachisi board").bounding_box()

    seen = {"board_px": round(board_box["width"]), "targets": {}, "taps": 0}
    events = 0
    beside = False
    while seen["taps"] < TAPS:
        expect(throw).to_be_enabled()
        throw.tap()
        events += 1
        seat = {"0": "South", "2": "North"}[_python(page, "print(w.game.to_move)")]
        rings = region.get_by_role("button", name=re.compile(f"^{seat}: "))
        if _python(page, "print(w.game.phase)") != "move":  # the throw went (none to play)
            continue
        expect(rings.first).to_be_visible()
        if "rings" not in seen["targets"]:
            seen["targets"]["rings"] = region.evaluate(TARGETS_JS)
            page.screenshot(path=str(RESULTS / "touch-768-rings.png"))
        before = int(_python(page, "print(len(w.game.history))"))
        box = rings.first.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        if not beside and rings.count() == 1:
            # a finger lands beside the drawn ring, within its 44 px: the move is played
            page.touchscreen.tap(x + 15, y + 12)
            beside = True
        else:
            rings.first.tap()
        deadline = time.monotonic() + 30
        while int(_python(page, "print(len(w.game.history))")) != before + 1:
            assert time.monotonic() < deadline, "Python never saw the tapped move"
            time.sleep(0.1)
        events += 1
        seen["taps"] += 2
    assert beside, "no single ring to tap beside"
    seen["events"] = events
    assert int(_python(page, "print(len(w.game.history))")) == events

    # the settings open by a tap on their summary, every control there a finger's size too
    region.get_by_text("Settings", exact=True).tap()
    expect(region.get_by_role("combobox", name="Language")).to_be_visible()
    seen["targets"]["settings"] = region.evaluate(TARGETS_JS)
    region.get_by_role("combobox", name="Language").scroll_into_view_if_needed()
    page.screenshot(path=str(RESULTS / "touch-768-settings.png"))
    throw.scroll_into_view_if_needed()
    page.screenshot(path=str(RESULTS / "touch-768-controls.png"))
    seen["hover_rules"] = page.evaluate(HOVER_RULES_JS)
    return seen


def test_the_board_plays_by_touch_on_a_tablet_offline(tablet, lite_site, tmp_path):
    with serve_static(Path(lite_site["site"]), tmp_path, "jupyter-lite.json") as base_url:
        seen = touch_play(tablet, base_url)
        findings: dict[str, list] = {}
        audit(tablet, "touch, settings open", findings)
    for state, targets in seen["targets"].items():
        assert targets, f"no touch targets measured ({state})"
        small = _small(targets)
        assert not small, f"touch targets under {MIN_PX} px ({state}): {small}"
    rings = [t for t in seen["targets"]["rings"] if t[1].startswith(("South: ", "North: "))]
    assert rings, "no ring measured"
    assert seen["hover_rules"], "no :hover rule found: the style sheet was not read"
    revealing = [
        (sel, p) for sel, props in seen["hover_rules"] for p in props if REVEALING.match(p)
    ]
    assert not revealing, f"something shown only on hover: {revealing}"
    axe_report(findings, "axe-touch")
    print(
        f"\ntouch at {TABLET['width']}x{TABLET['height']}: board {seen['board_px']} px wide, "
        f"{seen['events']} throws and moves tapped; smallest target "
        f"{min(min(t[2], t[3]) for ts in seen['targets'].values() for t in ts):.0f} px "
        f"of {sum(len(ts) for ts in seen['targets'].values())} measured; "
        f"{len(seen['hover_rules'])} :hover rules, none revealing"
    )
    (RESULTS / "touch-targets.json").write_text(json.dumps(seen["targets"], indent=1))
