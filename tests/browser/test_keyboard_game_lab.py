"""A whole game by keyboard and by screen reader alone, in a real JupyterLab.

The driver plays as a blind player would: it finds everything by its accessible role and name
only (Playwright's ``get_by_role`` and ``get_by_label``: the board's region, its status line,
the command line, the buttons and the rings), never by a CSS selector or a ``data-*`` attribute.
It listens to the status line, the board's polite live region, as a screen reader does: every
change of its words is recorded as one announcement (a MutationObserver on the element found by
its role), and the driver decides from what it heard.

South (the driver) plays North (the computer player "greedy") over a whole game of the Mitra
variant (``Rules.preset("mitra")``: its throws are larger, so a game takes about 150 commands
instead of about 250; a real game to its end all the same), seeded. The first turns are played
with the board's own keys (Enter on Throw, the arrow keys from ring to ring, Enter on a ring);
the rest by typing into the command line: ``throw``, ``moves`` (read aloud: the legal moves),
then the move chosen from that answer (``12 16``, ``enter 5``, ``80 home``, ``enter 1 (25)``),
or ``pass``. After every action the focus must still be inside the board (never fallen onto
the notebook's cell, where JupyterLab's command keys would be live), and the live region must
have announced it in the board's language: South's throw or move, then North's throws and
moves, and whose turn it is. ``d d`` (JupyterLab's "delete cell") pressed on the board deletes
nothing. The game ends when the live region says who won, which is what Python says too.
A Romanian board then plays a few turns the same way in Romanian (``aruncă``, ``mutări``,
``unde``). Screenshots during both games go to test-results/keyboard-game-*.png.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from axe_audit import audit, dismiss_toasts
from axe_audit import report as axe_report
from jupyter_ui import open_in_jupyterlab, run_all_cells

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RESULTS = Path(__file__).resolve().parents[2] / "test-results"
SEED = 2  # a game of 147 commands with 3 captures (North, the computer, wins)
#: How long one announcement may take to come (a computer's turn is a few of them).
HEAR_TIMEOUT_S = 30.0

NOTEBOOK = [
    "import json\nimport pathlib\n\nimport pachisi_widget as pw",
    f"w = pw.PachisiWidget(players=2, seed={SEED}, rules=pw.Rules.preset('mitra'), "
    "computer={2: 'greedy'}, speed=0, animate=False)\n"
    "w.observe(lambda change: pathlib.Path('game.json').write_text(json.dumps({'phase': "
    "w.game.phase, 'winner': w.game.state.winner, 'history': len(w.game.history), 'moves': "
    "sum(type(a).__name__ == 'Move' for a in w.game.history)})), names='revision')\nw",
    "v = pw.PachisiWidget(players=2, seed=3, computer={2: 'greedy'}, speed=0, animate=False, "
    "language='ro')\nv",
]

# Record every change of the live region's words (what a screen reader would say), on the
# element itself: the driver reads them back.
LISTEN_JS = """
(el) => {
  el.heard = [el.textContent];
  new MutationObserver(() => el.heard.push(el.textContent))
    .observe(el, { childList: true, subtree: true, characterData: true });
}
"""

#: The words of each board's language the driver listens for and types.
WORDS = {
    "en": {
        "region": "Pachisi game",
        "status": "What is happening",
        "command": "Command",
        "throw": "Throw",
        "pass": "Pass",
        "me": "South",
        "them": "North",
        "throw_cmd": "throw",
        "moves_cmd": "moves",
        "where_cmd": "where",
        "pass_cmd": "pass",
        "can_play": re.compile(r"^South can play: (.*?)(; or pass)?\.$"),
        "no_move": "a throw comes first",
        "throws": "South throws",
        "their_throws": "North throws",
        "turn": "It is South's turn",
        "wins": re.compile(r"(South|North) has brought all four pieces home and wins!"),
        "enter": "enter",
        "home": "home",
    },
    "ro": {
        "region": "Joc de Pachisi",
        "status": "Ce se întâmplă",
        "command": "Comandă",
        "throw": "Aruncă",
        "pass": "Treci",
        "me": "Sud",
        "them": "Nord",
        "throw_cmd": "aruncă",
        "moves_cmd": "mutări",
        "where_cmd": "unde",
        "pass_cmd": "trec",
        "can_play": re.compile(r"^Sud poate juca: (.*?)(; sau poate trece)?\.$"),
        "no_move": "întâi se aruncă",
        "throws": "Sud aruncă",
        "their_throws": "Nord aruncă",
        "turn": "La rând: Sud",
        "wins": re.compile(r"(Sud|Nord) .*câștigă"),
        "enter": "intră",
        "home": "acasă",
    },
}


class Listener:
    """A blind player at one board: it finds the board's parts by role and name, types, and
    hears the live region."""

    def __init__(self, page, lang: str):
        self.page = page
        self.w = WORDS[lang]
        self.region = page.get_by_role("region", name=self.w["region"])
        self.status = self.region.get_by_role("status", name=self.w["status"])
        self.command = self.region.get_by_role("textbox", name=self.w["command"])
        self.throw = self.region.get_by_role("button", name=self.w["throw"], exact=True)
        self.pass_ = self.region.get_by_role("button", name=self.w["pass"], exact=True)
        self.status.evaluate(LISTEN_JS)
        self.seen = 1
        self.all: list[str] = []
        self.focus_checks = 0

    def heard(self) -> list[str]:
        return self.status.evaluate("(el) => el.heard")

    def hear(self, until=None, timeout_s: float = HEAR_TIMEOUT_S) -> list[str]:
        """The announcements since the last call, waiting until ``until(new)`` holds (by
        default: until there is one)."""
        until = until or bool
        deadline = time.monotonic() + timeout_s
        while True:
            heard = self.heard()
            new = heard[self.seen :]
            if new and until(new):
                self.seen = len(heard)
                self.all.extend(new)
                return new
            if time.monotonic() > deadline:
                raise AssertionError(f"the live region never said it; it said {new or heard[-3:]}")
            time.sleep(0.03)

    def focus_inside(self) -> None:
        """The focus is on the board (never fallen onto the notebook's cell)."""
        inside = self.region.evaluate("(el) => el.contains(document.activeElement)")
        where = self.page.evaluate(
            "() => document.activeElement && (document.activeElement.getAttribute('aria-label')"
            " || document.activeElement.className)"
        )
        assert inside, f"the focus fell out of the board, onto {where!r}"
        self.focus_checks += 1

    def type(self, text: str) -> list[str]:
        """Type ``text`` into the command line (where the focus is) and press Enter; the
        announcements it brought (at least its own answer)."""
        self.page.keyboard.type(text)
        self.page.keyboard.press("Enter")
        new = self.hear()
        self.focus_inside()
        return new

    def catch_up(self) -> None:
        heard = self.heard()
        self.all.extend(heard[self.seen :])
        self.seen = len(heard)

    def over(self) -> str | None:
        said = " ".join(self.all[-4:])
        found = self.w["wins"].search(said)
        return found.group(0) if found else None

    def my_turn(self) -> str:
        """Wait until South is to throw ("throw") or to move ("move"), or the game is over."""
        deadline = time.monotonic() + HEAR_TIMEOUT_S
        while time.monotonic() < deadline:
            # announcements of the computer's turn arrive meanwhile: take them in (again once
            # the turn has come: the redraw that brought it also said what North did)
            self.catch_up()
            if self.over():
                return "over"
            turn = "throw" if self.throw.is_enabled() else "move" if self.pass_.is_enabled() else ""
            if turn:
                self.catch_up()
                if self.focus_checks:  # once the driver is on the board
                    self.focus_inside()  # through the computer's turn too
                return "over" if self.over() else turn
            time.sleep(0.03)
        raise AssertionError(f"South's turn never came; last heard: {self.all[-3:]}")

    def typed_move(self, short: str) -> str:
        """The command for a move as "moves" says it: C-5 -> enter 5, 80-H -> 80 home,
        C-1 (25) -> enter 1 (25)."""
        head, _, throw = short.partition(" ")
        start, end = head.split("-")
        start = self.w["enter"] if start == "C" else start
        end = self.w["home"] if end == "H" else end
        return f"{start} {end} {throw}".strip()

    def play_turn(self) -> str:
        """One decision of South's by typing; returns what happened ("throw", "move", "pass")."""
        w = self.w
        if self.throw.is_enabled():
            said = self.type(w["throw_cmd"])
            assert said[0].startswith(w["throws"]), said
            return "throw"
        said = self.type(w["moves_cmd"])
        choice = w["can_play"].match(said[0])
        assert choice, f"'{w['moves_cmd']}' was answered with {said}"
        moves = [m for m in choice.group(1).split(", ") if m != "–"]
        if not moves:
            said = self.type(w["pass_cmd"])
            assert w["me"] in said[0], said
            return "pass"

        def reach(move: str) -> int:
            end = move.split(" ")[0].split("-")[1]
            return 1000 if end == "H" else int(end)

        move = max(moves, key=reach)  # the piece that gets farthest
        said = self.type(self.typed_move(move))
        end = move.split(" ")[0].split("-")[1]
        told = said[0]
        assert w["me"] in told.split(".")[0], f"typed {move}, heard {said}"
        assert (w["home"] if end == "H" else f" {end}") in told, f"typed {move}, heard {said}"
        return "move"


def _seen_by_python(root: Path, check, timeout_s: float = 30.0) -> dict:
    deadline = time.monotonic() + timeout_s
    game: dict = {}
    while time.monotonic() < deadline:
        try:
            game = json.loads((root / "game.json").read_text())
        except (FileNotFoundError, json.JSONDecodeError):
            game = {}
        if game and check(game):
            return game
        time.sleep(0.1)
    raise AssertionError(f"Python never saw it; game.json: {game}")


def _cells(page) -> int:
    return page.evaluate("() => window.jupyterapp.shell.currentWidget.content.widgets.length")


def test_a_whole_game_by_keyboard_and_screen_reader(page, jupyterlab):
    from playwright.sync_api import expect

    server = jupyterlab()
    server.write_notebook("keyboard.ipynb", NOTEBOOK)
    page.set_viewport_size({"width": 1280, "height": 1000})
    open_in_jupyterlab(page, server, "keyboard.ipynb")
    run_all_cells(page)
    dismiss_toasts(page)
    started = time.monotonic()
    me = Listener(page, "en")
    expect(me.region).to_be_visible()
    expect(me.status).to_have_attribute("aria-live", "polite")
    cells = _cells(page)

    # -- the board's own keys: Enter on Throw, the arrows walk the rings, Enter plays one ------
    keyed = 0
    while keyed < 3:
        turn = me.my_turn()
        assert turn != "over"
        if turn == "throw":
            if keyed == 0 and not me.region.evaluate("(el) => el.contains(document.activeElement)"):
                me.throw.focus()  # the driver starts on Throw (Tab would get there too)
            # after that the board itself hands the focus to Throw when South is to throw
            focused = me.throw.evaluate(
                "(el) => [el === document.activeElement, el.matches(':focus-visible')]"
            )
            assert focused == [True, True], f"Throw is not focused (visibly): {focused}"
            page.keyboard.press("Enter")
            said = me.hear()
            assert said[0].startswith("South throws"), said
            me.focus_inside()
            continue
        rings = me.region.get_by_role("button", name=re.compile(r"^South: "))
        if rings.count() == 0:  # nothing to play: Pass, by its key
            me.pass_.focus()
            page.keyboard.press("Enter")
            me.hear()
            me.focus_inside()
            continue
        # Throw gave its focus to the first ring; the hint says what the keys do there
        assert page.evaluate("() => document.activeElement.getAttribute('role')") == "button"
        expect(me.region.get_by_text("the arrow keys go to the other rings")).to_be_visible()
        if rings.count() > 1:
            first = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
            page.keyboard.press("ArrowRight")
            second = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
            assert second != first and second.startswith("South: "), (first, second)
            page.keyboard.press("ArrowLeft")
        label = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
        # JupyterLab's "delete cell" (d d) and "enter edit mode" keys stay out of the game
        page.keyboard.press("d")
        page.keyboard.press("d")
        assert _cells(page) == cells
        page.keyboard.press("Enter")
        said = me.hear()
        step = re.findall(r"step (\d+)", label)[-1]
        assert said[0].startswith("South") and step in said[0], (label, said)
        me.focus_inside()
        keyed += 1
    page.screenshot(path=str(RESULTS / "keyboard-game-en-keys.png"))

    # -- then the command line, to the end of the game -----------------------------------------
    me.command.focus()
    assert me.my_turn() != "over"
    said = me.type("where")
    assert said[0].startswith("South: ") and "home" in said[0], said
    actions = {"throw": 0, "move": 0, "pass": 0}
    shot = False
    while (turn := me.my_turn()) != "over":
        actions[me.play_turn()] += 1
        if not shot and actions["move"] == 25:
            RESULTS.mkdir(exist_ok=True)
            page.screenshot(path=str(RESULTS / "keyboard-game-en.png"))
            shot = True
        assert sum(actions.values()) < 400, f"no end in sight: {me.all[-5:]}"
    winner = me.over()
    elapsed = time.monotonic() - started
    page.screenshot(path=str(RESULTS / "keyboard-game-en-over.png"))

    # what was heard: every one of North's throws and moves, whose turn it is, the captures
    heard = me.all
    assert sum(s.startswith("North throws") for s in heard) >= 10
    assert any(s.startswith("North moves") or s.startswith("North brings") for s in heard)
    assert any("It is South's turn" in s for s in heard)
    assert any("captures" in s for s in heard), "no capture was announced"
    assert all(s == s.strip() and s for s in heard[1:]), "an empty announcement"
    # no sentence said twice in a row by a mere redraw (a new event may repeat its words)
    game = _seen_by_python(server.root_dir, lambda g: g["phase"] == "over")
    repeats = sum(a == b for a, b in zip(heard, heard[1:], strict=False))
    assert repeats <= 2, f"{repeats} announcements said twice in a row"
    seat_name = {0: "South", 2: "North"}[game["winner"]]
    assert winner.startswith(seat_name), (winner, game)
    print(
        f"\nkeyboard game: {actions} typed decisions + {keyed} moves by the board's keys, "
        f"{game['history']} events ({game['moves']} moves) in {elapsed:.0f} s; "
        f"{len(heard)} announcements; focus checked {me.focus_checks} times; {winner}"
    )

    # -- the Romanian board, a few turns in Romanian ------------------------------------------
    eu = Listener(page, "ro")
    eu.region.scroll_into_view_if_needed()
    eu.command.focus()
    assert eu.my_turn() != "over"
    said = eu.type("unde")
    assert said[0].startswith("Sud: ") and "acasă" in said[0], said
    done = 0
    while done < 6:
        turn = eu.my_turn()
        assert turn != "over"
        eu.play_turn()
        done += 1
    assert any(s.startswith("Nord aruncă") for s in eu.all), eu.all
    assert any("La rând: Sud" in s for s in eu.all), eu.all
    assert eu.my_turn() != "over"
    said = eu.type("ajutor")
    assert said[0].startswith("Comenzi: aruncă"), said
    page.screenshot(path=str(RESULTS / "keyboard-game-ro.png"))

    # -- axe-core on both boards as the game left them ----------------------------------------
    findings: dict[str, list] = {}
    audit(page, "keyboard game over", findings, index=0)
    audit(page, "Romanian board by keyboard", findings, index=1)
    axe_report(findings, "axe-keyboard-game")
