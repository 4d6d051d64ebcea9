"""axe-core (the accessibility engine) run on the board in a real JupyterLab page.

axe-core comes from the front end's own packages (``node_modules/axe-core``, a pinned dev
dependency); :func:`audit` injects it into the page the test has already opened and runs it on
the widget's root element only (JupyterLab's own interface is not ours to fix). The browser tests
audit each state a person meets where they already reach it (tests/browser/test_widget_lab.py:
the board before and after a throw, the settings open, the teacher panel, the New-game
confirmation, the Romanian board, a question, the hints, the heat maps with their legend;
tests/browser/test_axe.py: the replay with its analysis, practice mode; test_keyboard_game_lab.py:
boards in both languages after a game played by keyboard; test_touch_lite.py: the offline site on a
tablet with touch, the settings open). A violation whose impact
is "serious" or "critical" fails the test (:func:`report`); every finding, of any impact, is
written to test-results/axe-<name>.json so that the minor ones can be read too.
"""

from __future__ import annotations

import json
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
RESULTS = REPO / "test-results"
BLOCKING = ("serious", "critical")
WIDGET = ".jp-OutputArea-output .pachisi-widget"

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


def dismiss_toasts(page) -> None:
    """Close JupyterLab's notifications (the news question) so they do not cover the widget."""
    page.evaluate("""() => { document.querySelectorAll('.jp-toast-container, .Toastify')
                              .forEach((n) => n.remove()); }""")


def audit(page, state: str, findings: dict, index: int = 0) -> None:
    """Run axe on the notebook's widget number ``index``; record every finding under ``state``."""
    assert AXE.is_file(), (
        "node_modules/axe-core is missing: run `npm ci` (scripts/bootstrap.sh does)"
    )
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    dismiss_toasts(page)
    findings[state] = page.evaluate(RUN_AXE_JS, [WIDGET, index])


def audit_sees_a_planted_violation(page, findings: dict) -> None:
    """The harness sees what it should: a button with no name, planted in the widget, is
    reported (and only it); the button is removed again."""
    page.evaluate(PLANT_JS, WIDGET)
    audit(page, "planted", findings)
    assert [v["id"] for v in findings.pop("planted")] == ["button-name"]
    page.evaluate("(s) => document.querySelector(s).querySelector('#axe-planted').remove()", WIDGET)


def blocking(findings: dict) -> list[str]:
    return [
        f"{state}: {v['id']} ({v['impact']}) {v['help']} at {n['target']}"
        for state, violations in findings.items()
        for v in violations
        if v["impact"] in BLOCKING
        for n in v["nodes"]
    ]


def report(findings: dict, name: str) -> None:
    """Write every finding to test-results/<name>.json, print the counts, fail on serious ones."""
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"{name}.json").write_text(json.dumps(findings, indent=1, ensure_ascii=False))
    print(
        f"\naxe-core findings per state (any impact): { {k: len(v) for k, v in findings.items()} }"
    )
    found = blocking(findings)
    assert not found, "serious accessibility violations:\n" + "\n".join(found)
