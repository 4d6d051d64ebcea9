"""pw.set_language: one language for everything a session prints (errors, reports, tables,
plots, the player template), with the computer players' names and numbers as that language
writes them."""

from __future__ import annotations

import re

import pytest

import pachisi_widget as pw
from pachisi_widget import lessons, svg, words
from pachisi_widget.replay import Replay
from pachisi_widget.session import Session

UNKNOWN = words.text("error_unknown", {}, "ro")  # „datele nu sunt valide”


@pytest.fixture
def ro():
    pw.set_language("ro")
    try:
        yield
    finally:
        pw.set_language("en")


def _said(call) -> tuple[type, str]:
    with pytest.raises(Exception) as info:  # noqa: PT011 - each case names its own type below
        call()
    return type(info.value), str(info.value)


BAD_CALLS = {
    "players": (lambda: pw.Game(players=5), ValueError, "2, 3 sau 4"),
    "undo": (lambda: pw.Game(players=2, seed=1).undo(), pw.IllegalMoveError, "luat înapoi"),
    "throw_table": (lambda: pw.Rules(throw_table="xyz"), ValueError, "throw_table trebuie"),
    "preset": (lambda: pw.Rules.preset("xyz"), ValueError, "variantă gata făcută"),
    "rule option": (lambda: pw.Rules().replace(colour=1), TypeError, "opțiuni necunoscute"),
    "seed": (lambda: pw.Game(players=2, seed=-1), ValueError, "sămânța"),
    "computer": (lambda: Session(players=2, computer={2: "robot"}), ValueError, "robot"),
    "language": (lambda: Session(language="fr"), ValueError, "limba trebuie"),
    "exercise": (lambda: lessons.exercise("02", 9), ValueError, "nu există exercițiul 9"),
    "agent": (lambda: pw.agents.make_agent("smart"), ValueError, "necunoscut"),
    "simulate": (lambda: pw.simulate(-1, progress=False), ValueError, "număr întreg"),
    "tournament": (lambda: pw.tournament(["greedy", "random"], games=3), ValueError, "multiplu"),
    "not a move": (lambda: pw.Game(players=2, seed=1).play("x"), pw.IllegalMoveError, "mutare"),
}


@pytest.mark.parametrize("case", sorted(BAD_CALLS))
def test_a_romanian_session_refuses_in_romanian_with_the_same_exception_types(ro, case):
    call, kind, words_said = BAD_CALLS[case]
    got, said = _said(call)
    assert issubclass(got, kind), (case, got)
    assert words_said in said and said != UNKNOWN, (case, said)
    assert not re.search(r"\b(must|not|unknown|choose one of)\b", said), (case, said)


def test_an_english_session_keeps_the_english_messages():
    assert _said(lambda: pw.Game(players=5))[1] == "players must be 2, 3 or 4, not 5"
    assert "nothing to undo" in _said(lambda: pw.Game(players=2, seed=1).undo())[1]


def test_set_language_sets_every_part_and_refuses_an_unknown_language(ro):
    assert pw.language() == "ro" == words.language() == lessons.LANGUAGE == svg.LANGUAGE
    assert "Tabla de Pachisi" in pw.Game(players=2, seed=1)._repr_svg_()
    with pytest.raises(ValueError, match="limba trebuie"):
        pw.set_language("fr")
    assert pw.language() == "ro"  # a refused language changes nothing


def test_errors_without_a_romanian_sentence_have_none_in_a_romanian_session(ro):
    # every sentence code raised through errors.say exists in Romanian
    from pachisi_widget.words import catalogue

    english = catalogue.messages("en", "errors")
    romanian = catalogue.messages("ro", "errors")
    assert {c for c in english if c.startswith(("arg_", "file_"))} <= set(romanian)


def test_simulate_speaks_romanian_with_the_romanian_players(ro):
    r = pw.simulate(40, players=2, agents=["greedy", "castle_waiter"], seed=1, progress=False)
    text = str(r)
    assert text.startswith("40 de jocuri, clasic, 2 jucători, sămânța 1")
    assert "lacom" in text and "așteaptă la castel" in text and "fără câștigător" in text
    assert re.search(r"\[\d+,\d%; \d+,\d%\]", text)  # intervals with a semicolon
    rows = r.to_table()
    assert rows[0]["side"] == "Sud" and rows[0]["agent"] == "lacom"
    assert r.to_table("en")[0]["agent"] == "greedy"  # the code name stays in English


def test_a_tournament_speaks_romanian_in_text_html_and_plot(ro, tmp_path):
    t = pw.tournament(["greedy", "random"], games=4, seed=1)
    text = str(t)
    assert text.startswith("4 jocuri (câte 4 la fiecare pereche, 2 jucători), clasic, sămânța 1")
    assert "lacom" in text and "aleator" in text and "greedy" not in text
    page = t._repr_html_()
    assert "interval de încredere de 95%" in page and "Față în față" in page
    assert "lacom" in page and "player" not in page
    assert t.table(frame=False)[0]["player"] in ("greedy", "random")  # the data keeps the names
    pytest.importorskip("matplotlib")
    fig = t.plot()
    ax = fig.axes[0]
    fig.canvas.draw() if hasattr(fig, "canvas") and fig.canvas else None
    names = [label.get_text() for label in ax.get_yticklabels()]
    assert set(names) == {"lacom", "aleator"} and "scara Elo" in ax.get_xlabel()


def test_forfeits_and_skipped_files_say_why_in_romanian(ro, tmp_path):
    (tmp_path / "emil.py").write_text("class Emil:\n    pass\n", encoding="utf-8")
    (tmp_path / "ana.py").write_text(
        "from pachisi_widget.agents import Agent\n\n"
        "class Ana(Agent):\n    def choose(self, state, rng):\n        return None\n",
        encoding="utf-8",
    )
    t = pw.tournament.from_folder(tmp_path, opponents=("greedy",), games=2, seed=1)
    assert "nu definește niciun jucător" in t.skipped["emil.py"]
    text = str(t)
    assert "neîncărcat: emil.py: nu definește niciun jucător" in text
    assert "ana a întors None" in text and "nu este o mutare" in text


def test_check_agent_reports_in_romanian(ro):
    report = pw.check_agent("greedy", positions=16)
    lines = report.lines()
    assert lines[0].startswith("lacom: 16 poziții verificate")
    assert lines[-1].startswith("În regulă")


def test_the_player_template_is_romanian_in_a_romanian_session(ro, tmp_path):
    path = pw.tournament.new_player(tmp_path / "ana.py")
    source = path.read_text(encoding="utf-8")
    assert "Jucătorul meu de Pachisi" in source and "class JucatorulMeu(Agent)" in source
    assert pw.check_agent(path, positions=16).ok
    english = pw.tournament.new_player(tmp_path / "bob.py", lang="en")
    assert "class MyPlayer(Agent)" in english.read_text(encoding="utf-8")


def test_the_coach_answers_in_the_session_language(ro):
    g = pw.Game(players=2, seed=3)
    g.throw()
    state = g.state
    ev = pw.coach.evaluate(state, rollouts=20, seed=1)
    assert str(ev) == ev.to_text("ro") and ev._repr_html_() == ev.to_html("ro")
    assert "Șansa de câștig" in str(ev) or "șansa" in str(ev).lower()
    v = pw.coach.verdict(state, state.legal_moves()[0], evaluation=ev)
    assert str(v) == v.text("ro") != v.text("en")


def test_matplotlib_writes_the_decimal_comma_in_a_romanian_session(ro):
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    fig = Figure()
    ax = fig.add_subplot()
    ax.plot([0.05, 0.1, 0.15], [17.5, 18.0, 18.5])
    fig.canvas.draw()
    labels = [t.get_text() for t in ax.get_xticklabels() + ax.get_yticklabels()]
    assert any("," in s for s in labels) and not any(re.search(r"\d\.\d", s) for s in labels)
    pw.charts.localize_axes(ax, "en")  # one plot may keep its own language
    fig.canvas.draw()
    assert any(re.search(r"\d\.\d", t.get_text()) for t in ax.get_xticklabels())


def test_numbers_as_romanian_writes_them():
    assert words.number(0.015625, "ro", ".5f") == "0,01563"  # half up, as taught
    assert words.percent(0.625, "ro") == "63%"
    assert words.grouped(6000, "ro") == "6000" and words.grouped(64000, "ro") == "64\u00a0000"
    assert words.value_text(True, "ro") == "da" and words.value_text(None, "ro") == "—"
    assert words.interval(0.363, 0.499, "ro") == "[36,3%; 49,9%]"


RAISER = """from pachisi_widget.agents import Agent


class Raiser(Agent):
    def choose(self, state, rng):
        return {}["nicio cheie"]
"""


def test_a_process_pools_workers_give_forfeit_reasons_in_the_sessions_language(ro, tmp_path):
    """The workers (a pool started fresh, by "spawn": nothing inherited) and a student's own
    worker process write the forfeit reasons in the language of the session that asked."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from support import ReturnsNone

    (tmp_path / "emil.py").write_text(RAISER, encoding="utf-8")
    entrants = {"nimic": ReturnsNone(), "emil": tmp_path / "emil.py", "greedy": "greedy"}
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as ex:
        t = pw.tournament(entrants, games=2, seed=5, executor=ex, progress=False)
    reasons = {f.player: f.reason for f in t.forfeits}
    assert reasons["nimic"].startswith("nu este o mutare"), reasons
    assert reasons["emil"].startswith("a generat excepția KeyError"), reasons
    said = " ".join(str(f) for f in t.forfeits)
    assert not re.search(r"\b(returned|raised|not a move|before the first move)\b", said), said
    serial = pw.tournament(entrants, games=2, seed=5, progress=False)
    assert [f.reason for f in serial.forfeits] == [f.reason for f in t.forfeits]


def test_a_replays_summary_is_in_the_sessions_language(ro):
    g = pw.Game.from_position([[83, 84, 84, 84], None, [40, 0, 0, 0], None], seed=3)
    g.throw(value=10)
    g.play(g.legal_move(83, 84))
    assert repr(Replay(g)) == "<Replay: Sud și Nord, 2 acțiuni, câștigat de Sud; sămânța 3>"
    pw.set_language("en")
    assert repr(Replay(g)) == "<Replay of South and North: 2 actions, won by South; seed=3>"
    unfinished = pw.Game(players=2, seed=4)
    unfinished.throw(value=3)
    assert repr(Replay(unfinished)) == (
        "<Replay of South and North: 1 action, not finished; seed=4>"
    )


def test_a_players_file_and_entrants_are_refused_in_the_sessions_language(ro, tmp_path):
    from pachisi_widget.tournament import PlayerFileError
    from pachisi_widget.tournament.players import read_player_file

    (tmp_path / "latin1.py").write_bytes(b"# \xe9\n")
    (tmp_path / "folder.py").mkdir()
    said = [_said(lambda p=p: read_player_file(tmp_path / p)) for p in ("latin1.py", "folder.py")]
    assert said == [
        (
            PlayerFileError,
            "latin1.py: nu este text UTF-8 (octetul 2 nu poate fi citit); salvează-l ca UTF-8",
        ),
        (PlayerFileError, "folder.py: nu este un fișier obișnuit (un dosar)"),
    ]
    missing = _said(lambda: read_player_file(tmp_path / "absent.py"))
    assert missing == (PlayerFileError, "absent.py: nu poate fi citit: fișierul nu există")
    assert _said(lambda: pw.tournament(5, games=2)) == (
        TypeError,
        "participanții trebuie să fie un dicționar {nume: jucător} sau o listă de jucători, nu int",
    )
    kind, text = _said(lambda: pw.tournament({"a": 3, "b": "greedy"}, games=2))
    assert kind is TypeError and text.startswith("jucătorul 'a' este 3: un jucător este")
