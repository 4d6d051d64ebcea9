"""The live board in Notebook 7 and in Voila: it renders, a Throw click and a move click reach
Python (the kernel writes the game to game.json) and the board shows the result. One Notebook 7
and one Voila server for the module (tests/browser/conftest.py); each test has its own folder."""

from __future__ import annotations

import pytest
from jupyter_ui import open_in_notebook7, run_all_cells, write_notebook
from test_widget_lab import read_game, wait_game, widget_cells

pytestmark = [pytest.mark.browser, pytest.mark.slow]

MAKE = 'pw.PachisiWidget(players=2, seed=21, animate=False, names=["Asha", "", "Ravi", ""])'


def _throw_and_move(widget, root) -> None:
    from playwright.sync_api import expect

    expect(widget.locator("[data-square]")).to_have_count(96)
    expect(widget.locator('[data-role="status"]')).to_contain_text("New game")
    assert read_game(root)["history"] == []
    widget.locator('button[data-action="throw"]').click()
    game = wait_game(root, lambda g: len(g["history"]) == 1, what="the throw")
    seat = game["to_move"]
    target = widget.locator(".pachisi-target[data-move]").first
    expect(target).to_be_visible()
    target.click()
    game = wait_game(root, lambda g: len(g["history"]) == 2, what="the move")
    assert game["history"][1].startswith(("South", "North")), game["history"]
    # the first piece left the Charkoni: the board shows it on its step
    step = [s for s in game["pieces"][seat] if s][0]
    expect(widget.locator(f'.pachisi-piece[data-seat="{seat}"][data-step="{step}"]')).to_have_count(
        1
    )


def test_notebook7_throw_and_move_round_trip(page, notebook7):
    from playwright.sync_api import expect

    server = notebook7()
    server.write_notebook("play.ipynb", widget_cells(MAKE))
    open_in_notebook7(page, server, "play.ipynb")
    run_all_cells(page)
    widget = page.locator(".jp-OutputArea-output .pachisi-widget")
    expect(widget.locator("svg.pachisi-board")).to_be_visible()
    _throw_and_move(widget, server.root_dir)


def test_voila_throw_and_move_round_trip(page, voila, tmp_path):
    from playwright.sync_api import expect

    notebook = write_notebook(tmp_path / "play.ipynb", widget_cells(MAKE))
    server = voila(notebook)
    page.goto(server.voila_url("play.ipynb"))
    widget = page.locator(".pachisi-widget")
    expect(widget.locator("svg.pachisi-board")).to_be_visible()
    _throw_and_move(widget, server.root_dir)
