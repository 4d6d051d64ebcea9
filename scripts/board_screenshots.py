"""Pictures of the live board, without Jupyter: the built front end (pachisi_widget/static/) draws
positions that Python computes now (the same views the widget sends), in headless Chromium.

    .venv/bin/python scripts/board_screenshots.py [out_dir]    # default: test-results/board/
    .venv/bin/python scripts/board_screenshots.py --readme     # the README's pictures

Writes one PNG per position and language (start, mid-game with a pooled throw, a finished
game, each in English and Romanian, and one large board) and prints, for each, the smallest
text on the board in CSS pixels (the newcomer review asked for nothing under 12 px).

``--readme`` refreshes the README's pictures in ``docs/media/`` (committed): the board in a
four-player game against three computers, and the gallery of the instruments (the hints, the
danger map, a replay on its timeline, the Romanian board). Each is drawn by the real widget's
front end, then made small (a palette PNG, optimised; each well under 200 KB) and printed with
its size. The hints are computed by the coach, so the percentages move a little between runs.
"""

from __future__ import annotations

import functools
import http.server
import json
import shutil
import sys
import tempfile
import threading
from pathlib import Path

import pachisi_widget as pw

REPO = Path(__file__).resolve().parents[1]

PAGE = """<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="widget.css">
<style>body { margin: 0; font-family: system-ui, sans-serif; background: #fff; }
#out { width: %(width)dpx; padding: 8px; }</style></head>
<body><div id="out"></div><script type="module">
import widget from "./widget.js";
const data = await (await fetch(`traits.json?${Date.now()}`, { cache: "no-store" })).json();
const model = { get: (k) => data[k], set: (k, v) => { data[k] = v; }, save_changes() {}, send() {},
  on() {}, off() {} };
widget.render({ model, el: document.getElementById("out") });
document.body.dataset.ready = "1";
</script></body></html>"""

MIN_TEXT_JS = """() => {
  const out = [];
  const tags = ['text', 'p', 'li', 'span', 'button', 'summary', 'label', 'h4'];
  for (const t of document.querySelectorAll(tags.map((tag) => `.pachisi-widget ${tag}`).join(', '))) {
    if (!t.textContent.trim() || t.closest('[hidden]') || t.closest('details:not([open]) > :not(summary)')) continue;
    const fs = parseFloat(getComputedStyle(t).fontSize);
    const svg = t.ownerSVGElement;
    const scale = svg ? svg.getScreenCTM().a : 1;
    out.push([fs * scale, t.getAttribute('class') || t.tagName, t.textContent.slice(0, 30)]);
  }
  out.sort((a, b) => a[0] - b[0]);
  return out.slice(0, 6);
}"""


def positions() -> dict:
    """name -> widget, each showing one situation a newcomer meets."""
    names = ["Asha", "Bilal", "Chen", "Dana"]
    out = {}
    for lang in ("en", "ro"):
        start = pw.PachisiWidget(players=4, seed=5, names=names, language=lang, animate=False)
        out[f"start-{lang}"] = start
        pool = pw.PachisiWidget(
            game=pw.Game.from_position(
                [[20, 27, 84, 0], [84, 84, 8, 0], [0, 0, 0, 0], None],
                to_move=0,
                rules="cowrie_skill",
                seed=3,
            ),
            computer={1: "castle_waiter"},
            language=lang,
            animate=False,
            teacher=True,
        )
        pool.throw(up=1)
        pool.throw(up=3)
        out[f"pool-{lang}"] = pool
        over = pw.PachisiWidget(
            game=pw.Game.from_position([[84, 84, 84, 82], [0, 5, 84, 84], None, None], seed=2),
            language=lang,
            animate=False,
        )
        over.throw(value=2)
        move = next(m for m in over.game.legal_moves() if m.start == 82 and m.end == 84)
        over.play(move)
        out[f"over-{lang}"] = over
    large = pw.PachisiWidget(players=4, seed=5, animate=False, large=True)
    large.throw(up=0)
    out["large-en"] = large
    return out


def readme_positions() -> dict:
    """name -> (widget, width in CSS pixels, what to picture): the README's board and its
    gallery."""
    names = ["Asha", "", "", ""]
    computers = {1: "greedy", 2: "castle_waiter", 3: "runner"}

    def middle(**options) -> pw.PachisiWidget:
        game = pw.Game.from_position(
            [[16, 19, 30, 0], [28, 40, 0, 0], [27, 5, 0, 0], [25, 7, 12, 1]], to_move=0, seed=3
        )
        w = pw.PachisiWidget(game=game, computer=computers, names=names, animate=False, **options)
        w.throw(value=4)
        return w

    board = middle()
    hints = middle()
    hints.hints = True
    danger = middle()
    danger.overlay = "danger"
    record = pw.Game(players=2, seed=4)
    for _ in range(30):
        record.play_turn("greedy")
    replay = pw.PachisiWidget(animate=False, names=["Asha", "", "Ravi", ""])
    replay.replay(record.to_dict())
    replay.replay_to(40)
    romanian = middle(language="ro")
    return {
        "board": (board, 1000, ".pachisi-widget"),
        "hints": (hints, 520, "svg.pachisi-board"),
        "danger": (danger, 520, "svg.pachisi-board"),
        "replay": (replay, 1000, ".pachisi-widget"),
        "romanian": (romanian, 520, "svg.pachisi-board"),
    }


def optimise(path: Path, colours: int = 96) -> int:
    """Make the PNG at ``path`` small: a palette of ``colours`` colours, optimised; its size."""
    from PIL import Image

    with Image.open(path) as image:
        small = image.convert("RGB").quantize(colors=colours, method=Image.Quantize.MEDIANCUT)
    small.save(path, optimize=True)
    return path.stat().st_size


TRAITS = (
    "geometry",
    "state",
    "legal_moves",
    "status",
    "status_kind",
    "log",
    "last_throw",
    "language",
    "seat_players",
    "agent_names",
    "names",
    "speed",
    "animate",
    "large",
    "teacher",
    "revision",
    "presets",
    "hints",
    "hint_view",
    "overlay",
    "heat",
    "timeline",
    "question",
    "quiz",
    "score",
    "tutor",
)


def main(out_dir: Path, readme: bool = False) -> None:
    from playwright.sync_api import sync_playwright

    out_dir.mkdir(parents=True, exist_ok=True)
    site = Path(tempfile.mkdtemp())
    for name in ("widget.js", "widget.css"):
        shutil.copy(REPO / "pachisi_widget" / "static" / name, site / name)

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                headless=True,
                args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
            )
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            shots = (
                readme_positions()
                if readme
                else {
                    name: (w, 1150 if name.startswith("large") else 1000, ".pachisi-widget")
                    for name, w in positions().items()
                }
            )
            for name, (w, width, selector) in shots.items():
                (site / "index.html").write_text(PAGE % {"width": width}, encoding="utf-8")
                traits = {t: getattr(w, t) for t in TRAITS}
                (site / "traits.json").write_text(json.dumps(traits), encoding="utf-8")
                page.goto(f"http://127.0.0.1:{port}/index.html?{name}")
                page.wait_for_selector("body[data-ready='1'] svg.pachisi-board")
                path = out_dir / f"{name}.png"
                page.locator(selector).first.screenshot(path=str(path))
                if readme:
                    print(f"{path.relative_to(REPO)}: {optimise(path) / 1024:.0f} KB")
                    continue
                smallest = page.evaluate(MIN_TEXT_JS)
                print(name, [(round(s, 1), c, t) for s, c, t in smallest[:3]])
            browser.close()
    finally:
        server.shutdown()
        shutil.rmtree(site, ignore_errors=True)


if __name__ == "__main__":
    if sys.argv[1:] == ["--readme"]:
        main(REPO / "docs" / "media", readme=True)
    else:
        main(Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "test-results" / "board")
