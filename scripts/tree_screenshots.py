"""Pictures of the lessons' tree diagrams, both paths and both languages, to look at.

    .venv/bin/python scripts/tree_screenshots.py [out_dir]    # default: test-results/trees/

For each tree of lessons 3 and 5b (one turn's chain of graces; North's turn against a piece 2
squares behind; North's first throw with pieces 3, 12 and 27 behind) and each language, writes
the matplotlib picture (``<name>-<lang>-mpl.png``) and the pure-Python SVG as headless Chromium
draws it (``<name>-<lang>-svg.png``, when Chromium is installed), and prints each picture's size
and the sums its leaves add up to.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pachisi_widget as pw
from pachisi_widget import board, trees

REPO = Path(__file__).resolve().parents[1]
TARGET = 40


def pictures() -> dict:
    """Each tree the lessons draw, by name: a function of the language."""
    north = board.step_of(2, board.square(0, TARGET))
    home = board.HOME
    near = [[TARGET, home, home, 0], None, [north - 2, home, home, home], None]
    far = [[TARGET, home, home, 0], None, [north - 3, north - 12, north - 27, home], None]
    return {
        "grace": lambda lang: trees.grace_tree(pw.Rules(), throws=3, lang=lang),
        "hit-near": lambda lang: trees.hit_tree(near, 0, TARGET, throws=3, lang=lang),
        "hit-far": lambda lang: trees.hit_tree(far, 0, TARGET, throws=1, lang=lang),
    }


def main(out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out.mkdir(parents=True, exist_ok=True)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    for name, make in pictures().items():
        for lang in ("en", "ro"):
            tree = make(lang)
            fig = tree.plot()
            fig.savefig(out / f"{name}-{lang}-mpl.png")
            plt.close(fig)
            width, height = tree.layout()["size"]
            if chromium:
                with tempfile.TemporaryDirectory() as tmp:
                    page = Path(tmp) / "tree.html"
                    page.write_text(
                        f"<html><body style='margin:0'>{tree.svg()}</body></html>", "utf-8"
                    )
                    subprocess.run(
                        [
                            chromium,
                            "--headless",
                            "--no-sandbox",
                            "--disable-gpu",
                            f"--window-size={width},{height}",
                            f"--screenshot={out / f'{name}-{lang}-svg.png'}",
                            page.as_uri(),
                        ],
                        capture_output=True,
                        check=False,
                        timeout=120,
                    )
            print(
                f"{name} {lang}: {width}x{height} px, leaves add up to {tree.leaf_sum()}, "
                f"the tree's sum {tree.total()} = the package's answer {tree.answer}"
            )
    print(f"pictures in {out}" + ("" if chromium else " (no Chromium: matplotlib only)"))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "test-results" / "trees")
