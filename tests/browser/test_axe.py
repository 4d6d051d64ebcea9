"""The board passes axe-core (the accessibility engine) in a real JupyterLab: the panels that the
other browser tests do not open (axe_audit.py runs the audit; the board before and after a throw,
the settings, the teacher panel, the New-game confirmation, the Romanian board, a question, the
hints and both heat maps are audited in tests/browser/test_widget_lab.py, in the pages it already
opens, with the planted-violation self-test first). Here: a replay on its timeline with its
analysis marks and graph, played on from there, and practice mode.
"""

from __future__ import annotations

import pytest
from axe_audit import audit, report
from test_widget_lab import open_widget

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: A replay on its timeline with its analysis marks and graph.
REPLAY_CELLS = [
    """\
g = pw.Game(players=2, seed=3)
for _ in range(6):
    g.play_turn(pw.agents.GreedyAgent())
w.replay(g.to_json(), index=5)
w.analyse(seats=[0], rollouts=8, engine="python")"""
]


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
    audit(page, "replay, timeline, analysis", findings)
    widget.locator('button[data-action="replay-play-from-here"]').click()
    expect(widget.locator('input[data-role="timeline"]')).to_be_hidden(timeout=30_000)
    audit(page, "played on from the replay", findings)
    report(findings, "axe-replay")


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
    audit(page, "practice mode", findings)
    # from the keyboard: a piece, a square ahead of it, then Enter on the button; Python answers
    status = widget.locator('[data-role="status"]')
    before = status.text_content()
    widget.locator('select[data-role="practice-piece"]').focus()
    widget.locator('select[data-role="practice-square"]').select_option("7")
    widget.locator('button[data-action="practice-try"]').focus()
    page.keyboard.press("Enter")
    expect(status).not_to_have_text(before, timeout=30_000)
    report(findings, "axe-practice")
