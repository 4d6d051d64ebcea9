"""Pictures of the hints in a crowded middle game, without Jupyter: the built front end draws the
views Python computes now, in headless Chromium (as scripts/board_screenshots.py).

    .venv/bin/python scripts/hint_screenshots.py [out_dir]    # default: test-results/hints/

Writes hints-crowded-en.png and hints-crowded-ro.png (four seats' pieces side by side on South's
arm, a throw of 2 that gives South four moves to neighbouring squares (one a capture), the hints on: no label
may cover a piece or another label), hints-pick-en.png and hints-pick-ro.png (two players, moves
about equal, ☆ on the coach's pick) and prints the smallest text in each, in CSS pixels.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pachisi_widget as pw

sys.path.insert(0, str(Path(__file__).resolve().parent))
import board_screenshots as shots  # noqa: E402  (the page, the server and the text measure)

CROWDED = [[16, 17, 19, 21], [66, 69, 0, 0], [54, 58, 0, 0], [39, 0, 0, 84]]
"""South's pieces on steps 16, 17, 19, 21 and the others' among them: East's 66 and 69, North's
54 and 58, West's 39 are South's steps 15, 18, 20, 24 and 22."""


PICK = [[12, 1, 0, 0], None, [19, 1, 1, 0], None]
"""South to move a 5: 12 -> 17, 1 -> 6 or a pass, which 40 rollouts a move cannot tell apart;
the learned judgement picks 1 -> 6."""


def positions() -> dict:
    """name -> widget: the crowded middle game with the hints on, in English and Romanian."""
    out = {}
    for lang in ("en", "ro"):
        game = pw.Game.from_position(CROWDED, to_move=0, seed=3)
        w = pw.PachisiWidget(game=game, animate=False, language=lang)
        w.throw(value=2)
        w.hints = True
        out[f"hints-crowded-{lang}"] = w
        # two players, moves the rollouts cannot tell apart: ≈, and ☆ on the coach's pick
        game = pw.Game.from_position(PICK, to_move=0, seed=3)
        w = pw.PachisiWidget(game=game, animate=False, language=lang)
        w.hint_rollouts, w.hint_budget = 40, None
        w.throw(value=5)
        w.hints = True
        out[f"hints-pick-{lang}"] = w
    return out


def main(out_dir: Path) -> None:
    shots.positions = positions
    shots.main(out_dir)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else shots.REPO / "test-results" / "hints")
