"""The board passes axe-core (the accessibility engine) in a real JupyterLab, panel by panel.

axe-core comes from the front end's own packages (``node_modules/axe-core``, a pinned dev
dependency); the test injects it into the JupyterLab page and runs it on the widget's root element
only (JupyterLab's own interface is not ours to fix). Each state a person meets is checked: the
board before and after a throw (legal moves highlighted), the settings open, the teacher panel, the
New-game confirmation, the Romanian board, and the teaching panels (hints, a heat map with its
legend, a replay on its timeline, a practice question). A violation whose impact is "serious" or
"critical" fails the test; every finding, of any impact, is written to test-results/axe.json so that
the minor ones can be read too.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_widget_lab import TEACHING, WIDGET, dismiss_toasts, open_widget, read_game, wait_game

pytestmark = [pytest.mark.browser, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
RESULTS = REPO / "test-results"
BLOCKING = ("serious", "critical")

PLANT_JS = """
(s) => { const b = document.createElement('button'); b.id = 'axe-planted';
         document.querySelector(s).appendChild(b); }
"""

RUN_AXE_JS = """
async ([selector, index]) => {
  const root = document.querySelectorAll(selector)[index];
  const result = await window.axe.run(root, {
    runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']},
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => ({target: n.target.join(' '), summary: n.failureSummary})),
  }));
}
"""


def _audit(page, state: str, findings: dict, index: int = 0) -> None:
    """Run axe on the notebook's widget number ``index``; record every finding under ``state``."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    dismiss_toasts(page)
    findings[state] = page.evaluate(RUN_AXE_JS, [WIDGET, index])


def _blocking(findings: dict) -> list[str]:
    return [
        f"{state}: {v['id']} ({v['impact']}) {v['help']} at {n['target']}"
        for state, violations in findings.items()
        for v in violations
        if v["impact"] in BLOCKING
        for n in v["nodes"]
    ]


def test_axe_finds_no_serious_violation_in_any_panel(page, jupyterlab):
    from playwright.sync_api import expect

    assert AXE.is_file(), (
        "node_modules/axe-core is missing: run `npm ci` (scripts/bootstrap.sh does)"
    )
    page.set_viewport_size({"width": 1280, "height": 1000})
    server = jupyterlab()
    root = server.root_dir
    widget = open_widget(
        page,
        server,
        "axe.ipynb",
        "pw.PachisiWidget(players=4, seed=5, speed=0, animate=False, teacher=True)",
    )
    findings: dict[str, list] = {}
    # The harness sees what it should: a button with no name, planted in the widget, is reported.
    page.evaluate(PLANT_JS, WIDGET)
    _audit(page, "planted", findings)
    assert [v["id"] for v in findings.pop("planted")] == ["button-name"]
    page.evaluate("(s) => document.querySelector(s).querySelector('#axe-planted').remove()", WIDGET)
    _audit(page, "board, to throw", findings)

    game = read_game(root)
    widget.locator('button[data-action="throw"]').click()
    game = wait_game(root, lambda g, r=game["revision"]: g["revision"] > r, what="the throw")
    _audit(page, "board, to move", findings)

    widget.locator("details.pachisi-settings > summary").click()
    _audit(page, "settings open", findings)
    widget.locator("details.pachisi-settings > summary").click()

    widget.locator('button[data-action="new-game"]').click()
    expect(widget.locator('[data-role="confirm-new-game"]')).to_be_visible()
    _audit(page, "new-game confirmation", findings)
    widget.locator('button[data-action="cancel-new-game"]').click()

    widget.locator("details.pachisi-settings > summary").click()
    widget.locator('select[data-role="language"]').select_option("ro")
    widget.locator("details.pachisi-settings > summary").click()
    expect(
        widget.locator('button[data-action="throw"], button[data-action="pass"]').first
    ).to_be_visible()
    _audit(page, "Romanian board", findings)

    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "axe.json").write_text(json.dumps(findings, indent=1, ensure_ascii=False))
    counts = {state: len(v) for state, v in findings.items()}
    print(f"\naxe-core findings per state (any impact): {counts}")
    blocking = _blocking(findings)
    assert not blocking, "serious accessibility violations:\n" + "\n".join(blocking)


#: The teaching panels' states: a question, then hints, the two heat maps with their legend, a
#: replay on its timeline with its analysis marks and graph, and practice mode.
TEACHING_CELLS = ["w.hint_budget = 2.0\nw.throw(up=3)\nq = w.ask('capture')"]
REPLAY_CELLS = [
    """\
g = pw.Game(players=2, seed=3)
for _ in range(6):
    g.play_turn(pw.agents.GreedyAgent())
w.replay(g.to_json(), index=5)
w.analyse(seats=[0], rollouts=8, engine="python")"""
]


def _report(findings: dict, name: str) -> None:
    """Write every finding to test-results/<name>.json, print the counts, fail on serious ones."""
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"{name}.json").write_text(json.dumps(findings, indent=1, ensure_ascii=False))
    print(
        f"\naxe-core findings per state (any impact): { {k: len(v) for k, v in findings.items()} }"
    )
    blocking = _blocking(findings)
    assert not blocking, "serious accessibility violations:\n" + "\n".join(blocking)


def test_axe_finds_no_serious_violation_in_hints_maps_and_questions(page, jupyterlab):
    from playwright.sync_api import expect

    page.set_viewport_size({"width": 1280, "height": 1100})
    findings: dict[str, list] = {}
    widget = open_widget(
        page, jupyterlab(), "axe-teaching.ipynb", TEACHING, extra_cells=TEACHING_CELLS
    )
    expect(widget.locator('[data-role="question"]')).to_be_visible()
    _audit(page, "a question", findings)
    widget.locator('button[data-action="hint"]').click()
    expect(widget.locator("[data-win]").first).to_be_attached(timeout=120_000)
    _audit(page, "hints", findings)
    select = widget.locator('select[data-action="set-overlay"]')
    for overlay in ("danger", "reach"):
        select.select_option(overlay)
        expect(widget.locator("[data-heat]").first).to_be_attached(timeout=60_000)
        expect(widget.locator('[data-role="legend"]')).to_be_visible()
        _audit(page, f"{overlay} map and legend", findings)
    _report(findings, "axe-teaching")


def test_axe_finds_no_serious_violation_in_replay_and_analysis(page, jupyterlab):
    from playwright.sync_api import expect

    page.set_viewport_size({"width": 1280, "height": 1100})
    findings: dict[str, list] = {}
    widget = open_widget(
        page,
        jupyterlab(),
        "axe-replay.ipynb",
        "pw.PachisiWidget(players=2, seed=1, animate=False)",
        extra_cells=REPLAY_CELLS,
    )
    expect(widget.locator('input[data-role="timeline"]')).to_be_visible(timeout=60_000)
    expect(widget.locator('[data-role="win-graph"]')).to_be_visible(timeout=120_000)
    _audit(page, "replay, timeline, analysis", findings)
    widget.locator('button[data-action="replay-play-from-here"]').click()
    expect(widget.locator('input[data-role="timeline"]')).to_be_hidden(timeout=30_000)
    _audit(page, "played on from the replay", findings)
    _report(findings, "axe-replay")


def test_axe_finds_no_serious_violation_in_practice_mode(page, jupyterlab):
    from playwright.sync_api import expect

    findings: dict[str, list] = {}
    widget = open_widget(
        page,
        jupyterlab(),
        "axe-practice.ipynb",
        "pw.PachisiWidget(players=2, seed=1, animate=False)",
        extra_cells=["w.quiz = True\nw.throw(value=25)"],
    )
    expect(widget.locator('[data-role="practice"]')).to_be_visible()
    expect(widget.locator('select[data-role="practice-piece"]')).to_be_visible()
    _audit(page, "practice mode", findings)
    # from the keyboard: a piece, a square ahead of it, then Enter on the button; Python answers
    status = widget.locator('[data-role="status"]')
    before = status.text_content()
    widget.locator('select[data-role="practice-piece"]').focus()
    widget.locator('select[data-role="practice-square"]').select_option("7")
    widget.locator('button[data-action="practice-try"]').focus()
    page.keyboard.press("Enter")
    expect(status).not_to_have_text(before, timeout=30_000)
    _report(findings, "axe-practice")
