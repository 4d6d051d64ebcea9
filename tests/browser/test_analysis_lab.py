"""The analysis of a replayed game in a real JupyterLab, driven by headless Chromium: the move
list with its marks, the better move said in words and drawn as a ghost arrow at a mark, the
win-chance graph with its axes, legend and table (its points one tab stop, the arrow keys and
Enter), and luck against skill in words, in English and in Romanian; text 12 px or more and
axe-core clean. Screenshots of the analysis panel in both languages go to test-results/.
"""

from __future__ import annotations

import json
import re

import pytest
from axe_audit import audit, dismiss_toasts
from axe_audit import report as axe_report
from test_widget_lab import RESULTS, SMALLEST_TEXT_JS, WIDGET, open_widget

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: South (a random player, so that the coach finds mistakes) against greedy North, replayed and
#: analysed for both seats; what Python computed goes to analysis.json.
ANALYSIS_CELL = """\
g = pw.Game(players=2, seed=3)
players = {0: pw.agents.RandomAgent(), 2: pw.agents.GreedyAgent()}
while g.phase != "over" and len(g.history) < 120:
    if g.phase == "throw":
        g.throw()
    else:
        g.play(players[g.to_move].choose(g.state, g.agent_rng()))
w.replay(g)
a = w.analyse(seats=[0, 2], rollouts=100)
t = w.timeline
pathlib.Path("analysis.json").write_text(json.dumps({
    "count": t["count"], "luck": t["luck"], "marks": t["marks"],
    "points": sum(len(line["points"]) for line in t["lines"]),
    "sides": [[s.seats[0], s.luck, s.skill] for s in a.luck_skill.sides]}))"""


def test_lab_analysis_marks_ghost_graph_and_luck_in_both_languages(page, jupyterlab):
    from playwright.sync_api import expect

    page.set_viewport_size({"width": 1280, "height": 1300})
    server = jupyterlab()
    widget = open_widget(
        page,
        server,
        "analysis.ipynb",
        "pw.PachisiWidget(players=2, seed=1, animate=False)",
        extra_cells=[ANALYSIS_CELL],
    )
    luck = widget.locator('[data-role="luck"]')
    expect(luck).to_be_visible(timeout=180_000)
    facts = json.loads((server.root_dir / "analysis.json").read_text())
    count = facts["count"]
    # luck against skill: a sentence per seat, then how sure the figures are
    lines = luck.locator("p")
    expect(lines).to_have_count(len(facts["luck"]))
    for k, line in enumerate(facts["luck"]):
        expect(lines.nth(k)).to_have_text(line)
    expect(lines.nth(0)).to_contain_text(re.compile(r"^South: \d+% at the start"))
    expect(lines.nth(1)).to_contain_text(re.compile(r"^North: \d+% at the start"))
    # the move list: a marked turn jumps there, the verdict says what was better, the ghost
    assert facts["marks"], "the random player made no mistake the coach could see"
    mark = facts["marks"][0]
    marked = widget.locator('[data-role="move-list"] button[data-marks]').first
    expect(marked).to_be_visible()
    widget.locator(f'[data-role="marks"] button[data-index="{mark["index"]}"]').click()
    mode = widget.locator('[data-role="replay-mode"]')
    expect(mode).to_have_text(f"Replay — move {mark['index']} of {count}.")
    note = widget.locator('[data-role="analysis-note"]')
    expect(note).to_have_text(mark["text"])
    expect(note).to_contain_text("Better is")
    if mark["better"] is not None:
        expect(widget.locator('svg.pachisi-board [data-role="ghost"]')).to_have_count(1)
    # the graph: its axes and their ticks, a legend per seat, a table of its points
    graph = widget.locator('[data-role="win-graph"]')
    ticks = graph.locator(".pachisi-graph-tick").all_text_contents()
    assert ticks[:5] == ["0%", "25%", "50%", "75%", "100%"], ticks
    assert len(ticks) >= 8, ticks  # and at least three turn numbers
    expect(graph.locator('[data-axis="y"]')).to_have_text("chance to win")
    expect(graph.locator('[data-axis="x"]')).to_have_text("turn")
    legend = widget.locator('[data-role="graph-legend"] li')
    expect(legend).to_have_text(["South", "North"])
    table = widget.locator('[data-role="graph-table"]')
    expect(table.locator("tbody tr")).to_have_count(facts["points"])
    table.locator("summary").click()
    expect(table.locator("th")).to_have_text(["turn", "seat", "chance to win"])
    # one tab stop: focus it, the arrow keys go from point to point, Enter jumps there
    stop = graph.locator('.pachisi-graph-point[tabindex="0"]')
    expect(stop).to_have_count(1)
    stop.focus()
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("() => document.activeElement.getAttribute('data-pos')")
    assert focused == "1", focused
    index = page.evaluate("() => document.activeElement.getAttribute('data-index')")
    page.keyboard.press("Enter")
    expect(mode).to_have_text(f"Replay — move {index} of {count}.")
    focused = page.evaluate("() => document.activeElement.getAttribute('data-pos')")
    assert focused == "1", "the focus left the graph when Python drew the new point"
    least, what = page.evaluate(SMALLEST_TEXT_JS, WIDGET)
    assert least >= 12, f"text of {least:.1f} px: {what}"
    findings: dict[str, list] = {}
    audit(page, "analysis: marks, note, ghost, graph, table, luck", findings)
    dismiss_toasts(page)
    panel = widget.locator('[data-role="timeline-panel"]')
    panel.screenshot(path=str(RESULTS / "widget-lab-analysis-en.png"))

    widget.locator("summary", has_text="Settings").click()
    widget.locator('select[data-role="language"]').select_option("ro")
    expect(graph.locator('[data-axis="y"]')).to_have_text("șansa de câștig")
    expect(graph.locator('[data-axis="x"]')).to_have_text("tura")
    expect(legend).to_have_text(["Sud", "Nord"])
    expect(lines.nth(0)).to_contain_text(re.compile(r"^Sud: \d+% la început"))
    expect(luck.locator("h4")).to_have_text("Noroc și pricepere")
    least, what = page.evaluate(SMALLEST_TEXT_JS, WIDGET)
    assert least >= 12, f"text of {least:.1f} px: {what}"
    audit(page, "analysis in Romanian", findings)
    dismiss_toasts(page)
    panel.screenshot(path=str(RESULTS / "widget-lab-analysis-ro.png"))
    axe_report(findings, "axe-analysis")
