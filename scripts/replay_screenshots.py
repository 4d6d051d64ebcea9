"""Pictures of the replay with its analysis and of a question, without Jupyter: the built front
end draws the views Python computes now, in headless Chromium (as scripts/board_screenshots.py).

    .venv/bin/python scripts/replay_screenshots.py [out_dir]    # default: test-results/replay/

Writes replay-en.png, replay-ro.png (a game on the timeline, both seats analysed: marks, the
better move's note and ghost, the winning-chance graph with its axes and legend, luck and
skill), question-en.png and question-ro.png (practice mode with a question answered), and prints
the smallest text in each, in CSS pixels (nothing under 12 px for a projector).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pachisi_widget as pw

sys.path.insert(0, str(Path(__file__).resolve().parent))
import board_screenshots as shots  # noqa: E402  (the page, the server and the text measure)

TRAITS = (*shots.TRAITS, "timeline", "question", "quiz", "score")


def positions() -> dict:
    """name -> widget: an analysed replay and a question, in English and Romanian."""
    g = pw.Game(players=2, seed=3)
    agents = {0: pw.agents.RandomAgent(), 2: pw.agents.GreedyAgent()}
    while g.phase != "over" and len(g.history) < 160:
        if g.phase == "throw":
            g.throw()
        else:
            g.play(agents[g.to_move].choose(g.state, g.agent_rng()))
    out = {}
    for lang in ("en", "ro"):
        w = pw.PachisiWidget(
            players=2, seed=1, animate=False, language=lang, teacher=True, computer={2: "greedy"}
        )
        w.replay(g)
        w.analyse(seats=[0, 2], rollouts=200)  # both seats: luck against skill for each
        marked = [a for a in w.analysis if a["grade"]]  # a graded move: its verdict and ghost
        w.replay_to((marked or w.analysis)[len(marked or w.analysis) // 2]["index"])
        out[f"replay-{lang}"] = w
        q = pw.PachisiWidget(
            game=pw.Game.from_position([[12, 30, 0, 84], None, [25, 0, 0, 84], None], seed=2),
            animate=False,
            language=lang,
        )
        q.throw(up=4)
        q.quiz = True
        q.ask("capture")
        q.answer(1)
        out[f"question-{lang}"] = q
    return out


def main(out_dir: Path) -> None:
    shots.TRAITS = TRAITS
    shots.positions = positions
    shots.main(out_dir)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else shots.REPO / "test-results" / "replay")
