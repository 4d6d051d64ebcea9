"""A class of hostile players and inputs (issue 27): a player that cheats, a Move that raises, a
class folder with a FIFO or an endless file, tournaments too big or executors that lie, answers
that cannot be read, instruments asked for too much, players that fork, exit or hang.

One named regression test per finding, each written as the failure it reproduces.
"""

from __future__ import annotations

import concurrent.futures as cf
import importlib
import os
import time
from decimal import Decimal
from fractions import Fraction

import pytest

import pachisi_widget as pw
from pachisi_widget import lessons, words
from pachisi_widget.agents import Agent
from pachisi_widget.coach.results import CoachError
from pachisi_widget.engine import Move
from pachisi_widget.lessons.answers import readable_size
from pachisi_widget.session import Session, teaching
from pachisi_widget.state import GameState, find_move, plain_move
from pachisi_widget.tournament import isolation
from pachisi_widget.tournament.players import PLAYER_FILE_MAX, PlayerFileError, load_folder
from pachisi_widget.widget import PachisiWidget

coach_evaluate = importlib.import_module(
    "pachisi_widget.coach.evaluate"
)  # coach.evaluate: the function

# -- 1. players see the game as a value, and their moves are checked by value ---------------------


class _Raising:
    """A field whose comparisons raise (and whose hash too)."""

    def __eq__(self, other):
        raise ZeroDivisionError("compared")

    __ne__ = __eq__
    __hash__ = None  # type: ignore[assignment]


def _fake_home(state) -> Move:
    """A move that takes a waiting piece straight home: never legal."""
    m = state.legal_moves()[0]
    return Move(state.to_move, 0, 0, 84, "enter", m.value, ())


class SetsLegal(Agent):
    """Tries ``state.legal = [fake]`` (the cheat of the issue), then returns the fake move."""

    name = "sets-legal"

    def choose(self, state, rng):
        fake = _fake_home(state)
        state.legal = [fake]
        return fake


class PoisonsMemo(Agent):
    """Writes its fake move into the state's own list of legal moves, then returns it."""

    name = "poisons"

    def choose(self, state, rng):
        fake = _fake_home(state)
        state.__dict__["legal"] = [fake]
        state._legal().append(fake)
        return fake


class RaisingField(Agent):
    """Returns a legal move but with a field whose ``__eq__`` raises."""

    name = "raising-field"

    def choose(self, state, rng):
        m = state.legal_moves()[0]
        return Move(m.seat, m.piece, m.start, _Raising(), m.kind, m.value, ())


class LyingMove(Move):
    """A Move subclass claiming to equal anything."""

    def __eq__(self, other):
        return True

    __hash__ = Move.__hash__


class ReturnsLiar(Agent):
    name = "liar"

    def choose(self, state, rng):
        return LyingMove(state.to_move, 0, 0, 84, "enter", 99, ())


_CHEATS = [SetsLegal, PoisonsMemo, RaisingField, ReturnsLiar]


def test_a_state_cannot_be_changed_by_setting_attributes():
    s = GameState.initial(pw.Rules(), (0, 2), to_move=0).apply_throw(0)
    before = s.legal_moves()
    for name in ("legal", "phase", "anything"):
        with pytest.raises(AttributeError, match="immutable value"):
            setattr(s, name, [])
    with pytest.raises(AttributeError, match="immutable value"):
        del s.legal
    assert s.legal_moves() == before


def test_moves_are_matched_by_value_only():
    s = GameState.initial(pw.Rules(), (0, 2), to_move=0).apply_throw(0)
    legal = s.legal_moves()[0]
    odd = Move(legal.seat, legal.piece, legal.start, _Raising(), legal.kind, legal.value, ())
    assert plain_move(odd) is None and find_move(legal_list := s.legal_moves(), odd) is None
    assert find_move(legal_list, LyingMove(0, 0, 0, 84, "enter", 99, ())) is None
    assert find_move(legal_list, LyingMove(*legal)) == legal  # a subclass, but of plain values
    assert find_move(legal_list, Move(0, 0, 0, 1.0, "enter", 25, ())) is None  # 1.0 is not a step
    assert not s.is_legal(odd)
    with pytest.raises(pw.IllegalMoveError, match="not a move"):
        s.apply(odd)


@pytest.mark.parametrize("cheat", _CHEATS, ids=lambda c: c.name)
@pytest.mark.parametrize("engine", ["python", "reference"])
def test_a_cheating_player_is_named_in_simulate(cheat, engine):
    with pytest.raises(pw.PachisiError, match=f"the player '{cheat.name}'"):
        pw.simulate(5, agents=[cheat(), "greedy"], players=2, seed=1, engine=engine)


@pytest.mark.parametrize("cheat", _CHEATS, ids=lambda c: c.name)
def test_a_cheating_player_is_named_by_the_game_and_changes_nothing(cheat):
    g = pw.Game(players=2, seed=1)
    with pytest.raises(pw.PachisiError, match=f"the player '{cheat.name}'"):
        for _ in range(30):
            g.play_turn(cheat())
    state = g.state
    assert state.phase == "move" and g.legal_moves() == state.legal_moves()
    assert all(m.end != 84 for m in g.legal_moves())
    assert g.pieces(0) == (0, 0, 0, 0) or max(g.pieces(0)) < 84


@pytest.mark.parametrize("cheat", _CHEATS, ids=lambda c: c.name)
def test_a_cheating_computer_seat_is_named_on_the_board(cheat):
    w = PachisiWidget(players=2, seed=1, animate=False, computer={0: cheat(), 2: cheat()})
    for _ in range(10):
        before = (w.game.to_dict(), w.game.state.legal_moves())
        if w.handle_intent({"kind": "step"}) is False:
            break
    assert w.status_kind == "error" and f"the player '{cheat.name}'" in w.status
    assert (w.game.to_dict(), w.game.state.legal_moves()) == before


@pytest.mark.parametrize("cheat", _CHEATS, ids=lambda c: c.name)
def test_a_cheating_player_forfeits_every_tournament_game_it_is_asked_to_move_in(cheat):
    r = pw.tournament.tournament({"cheat": cheat(), "greedy": "greedy"}, games=6, seed=3)
    assert r.games == 6 and len(r.winners) == 6
    assert "cheat" not in {r.entrants[w] for w in r.winners if w is not None}
    assert len(r.forfeits) == 6 and {f.player for f in r.forfeits} == {"cheat"}
    assert all(f.kind in ("illegal", "error") for f in r.forfeits)


@pytest.mark.parametrize("cheat", _CHEATS, ids=lambda c: c.name)
def test_check_agent_reports_a_cheating_player(cheat):
    report = pw.tournament.check_agent(cheat(), positions=16)
    assert not report.ok
    assert set(report.counts) & {"illegal", "error"}


def test_the_players_own_view_is_a_copy():
    seen = []

    class Keeps(Agent):
        name = "keeps"

        def choose(self, state, rng):
            seen.append(state)
            return state.legal_moves()[-1]

    g = pw.Game(players=2, seed=1)
    g.play_turn(Keeps())
    assert seen and all(s is not g.state for s in seen)


# -- 2. a class folder: regular files only, each up to a stated size, every file accounted for ----

_GOOD = "from pachisi_widget.agents import GreedyAgent\nPLAYER = GreedyAgent()\n"


def _folder(tmp_path):
    (tmp_path / "alice.py").write_text(_GOOD)
    (tmp_path / "bob.py").write_text(_GOOD)
    return tmp_path


def test_a_fifo_named_like_a_player_is_reported_not_opened(tmp_path):

    folder = _folder(tmp_path)
    os.mkfifo(folder / "x.py")  # opening it for reading would wait for a writer forever
    t = pw.tournament.from_folder(folder, games=2, seed=1, progress=False)
    assert t.entrants == ("alice", "bob")
    assert "not a regular file (a FIFO)" in t.skipped["x.py"]


def test_a_link_to_dev_zero_is_reported_not_read(tmp_path):
    folder = _folder(tmp_path)
    (folder / "zero.py").symlink_to("/dev/zero")
    (folder / "dir.py").mkdir()
    t = pw.tournament.from_folder(folder, games=2, seed=1, progress=False)
    assert t.entrants == ("alice", "bob")
    assert "not a regular file (a character device)" in t.skipped["zero.py"]
    assert "not a regular file (a folder)" in t.skipped["dir.py"]
    with pytest.raises(PlayerFileError, match="zero.py: not a regular file"):
        pw.tournament.tournament([str(folder / "zero.py"), "random"], games=2)


def test_a_player_file_larger_than_the_limit_is_reported(tmp_path):
    folder = _folder(tmp_path)
    (folder / "huge.py").write_text("# " + "x" * PLAYER_FILE_MAX + "\n" + _GOOD)
    (folder / "latin.py").write_bytes(b"# caf\xe9\n" + _GOOD.encode())
    t = pw.tournament.from_folder(folder, games=2, seed=1, progress=False)
    assert t.entrants == ("alice", "bob")
    assert f"more than the {PLAYER_FILE_MAX:,} a player file may have" in t.skipped["huge.py"]
    assert "not UTF-8 text" in t.skipped["latin.py"]
    (folder / "link.py").symlink_to(folder / "alice.py")  # a link to a regular file is fine
    assert "link" in load_folder(folder)[0]


def test_a_file_named_like_a_built_in_player_is_reported_not_replaced(tmp_path):
    folder = _folder(tmp_path)
    (folder / "greedy.py").write_text(_GOOD)
    (folder / "greedy (built-in).py").write_text(_GOOD)
    t = pw.tournament.from_folder(folder, opponents=("greedy",), games=2, seed=1, progress=False)
    assert t.entrants == ("alice", "bob", "greedy", "greedy (built-in)")
    assert "rename the file" in t.skipped["greedy (built-in).py"]
    assert "greedy.py" not in t.skipped
    # without the built-in opponent, the file plays under its own name
    t = pw.tournament.from_folder(folder, games=2, seed=1, progress=False)
    assert "greedy (built-in)" in t.entrants and not t.skipped


# -- 3. sizes checked up front, executors' results checked before they are merged -----------------


def test_a_tournament_too_big_is_refused_before_anything_is_planned():
    with pytest.raises(ValueError, match="499,500,000 games: more than the 1,000,000"):
        pw.tournament.tournament(["random"] * 1000, games=1000)
    with pytest.raises(ValueError, match="at most 1,000 entrants, not 1,001"):
        pw.tournament.tournament(["random"] * 1001, games=2)


class _Lying(cf.Executor):
    """Runs each job at once, then hands back chunk 1's result altered by ``twist(result,
    first)`` (``first``: chunk 0's result)."""

    def __init__(self, twist):
        self.twist, self.n, self.first, self._max_workers = twist, 0, None, 2

    def submit(self, fn, /, *args, **kwargs):
        fut: cf.Future = cf.Future()
        part = fn(*args, **kwargs)
        if self.n == 0:
            self.first = part
        fut.set_result(self.twist(part, self.first) if self.n == 1 else part)
        self.n += 1
        return fut


def _twice(part, first):
    return (part[0], *[list(row) * 2 for row in part[1:]])


def _short(part, first):
    return (part[0], *[list(row)[:-1] for row in part[1:]])


def _swapped(part, first):
    return first


@pytest.mark.parametrize(
    "twist, words",
    [
        (_twice, "10 results for 5 games"),
        (_short, "4 results for 5 games"),
        (_swapped, "the results of other games"),
        (lambda part, first: None, "not a chunk's result"),
    ],
    ids=["twice", "short", "swapped", "none"],
)
def test_simulate_refuses_a_chunk_that_comes_back_wrong(twist, words):
    with pytest.raises(RuntimeError, match=rf"chunk 1 \(games 5\.\.9\) came back wrong.*{words}"):
        pw.simulate(15, players=2, engine="python", executor=_Lying(twist), seed=1)


@pytest.mark.parametrize(
    "twist, words",
    [
        (_twice, "8 results for 4 games"),
        (_short, "3 results for 4 games"),
        (_swapped, "the results of other games"),
        (lambda part, first: (part[0], [("x", 1, None)] * 4), "game 4 reads"),
    ],
    ids=["twice", "short", "swapped", "garbled"],
)
def test_a_tournament_refuses_a_chunk_that_comes_back_wrong(twist, words):
    with pytest.raises(RuntimeError, match=rf"chunk 1 \(games 4\.\.7\) came back wrong.*{words}"):
        pw.tournament.tournament(
            ["random", "greedy"], games=12, seed=1, chunk=4, executor=_Lying(twist), progress=False
        )


def test_an_honest_executor_gives_the_same_results():
    honest = _Lying(lambda part, first: part)
    assert pw.simulate(15, players=2, engine="python", executor=honest, seed=1) == pw.simulate(
        15, players=2, engine="python", seed=1
    )
    t = pw.tournament.tournament(
        ["random", "greedy"], games=12, seed=1, chunk=4, executor=_Lying(lambda p, f: p)
    )
    assert t == pw.tournament.tournament(["random", "greedy"], games=12, seed=1, chunk=4)


# -- 4. answer checks never raise, whatever the answer ------------------------------------------


def _nest(depth: int) -> list:
    outer = cur = []
    for _ in range(depth):
        inner: list = []
        cur.append(inner)
        cur = inner
    return outer


class _BadRepr:
    def __repr__(self):
        raise RuntimeError("no repr")


class _BadFloat(float):
    def __float__(self):
        raise RuntimeError("no float")

    def __repr__(self):
        raise RuntimeError("no repr")


class _BadEq(int):
    def __eq__(self, other):
        raise ZeroDivisionError("no eq")

    __hash__ = int.__hash__


HOSTILE_ANSWERS = {
    "10**5000": 10**5000,
    "Fraction(1, 10**5000)": Fraction(1, 10**5000),
    "sNaN": Decimal("sNaN"),
    "NaN": Decimal("NaN"),
    "Infinity": Decimal("Infinity"),
    "-Infinity": Decimal("-Infinity"),
    "Decimal 1e999999": Decimal("1e999999"),
    "float nan": float("nan"),
    "nested 100,000 deep": _nest(100_000),
    "repr raises": _BadRepr(),
    "float raises": _BadFloat(1.5),
    "eq raises": _BadEq(987_654),
    "list of one that cannot print": [_BadRepr()],
    "a 1 MB text": "1" * 1_000_000,
    "a 1 MB list in text": "2, " * 333_333,
    "a million-item list": [1] * 1_000_000,
    "a huge range": range(10**18),
    "a tuple with 10**5000": (10**5000, 3),
}


@pytest.mark.parametrize("name", list(HOSTILE_ANSWERS))
def test_exercise_checks_never_raise(name):
    answer = HOSTILE_ANSWERS[name]
    for key in lessons.exercises():
        said = lessons.exercise(*key).check(answer)
        assert not said and said.verdict in {"unreadable", "wrong", "comma", "mistake", "close"}
        assert len(said.message) < 1000


@pytest.mark.parametrize("name", list(HOSTILE_ANSWERS))
def test_compare_and_check_never_raise(name):
    guess = HOSTILE_ANSWERS[name]
    said = lessons.compare(guess, Fraction(271, 64), what="the average throw")
    assert not said and said.verdict in {"unreadable", "high", "low"} and len(said.message) < 1000
    said = lessons.compare(guess, 3, what="the most likely throw", choices=[2, 3, 4])
    assert not said and said.verdict in {"unreadable", "missed"}
    said = lessons.check(guess, Fraction(1, 64), why="one way in 64")
    assert not said and len(said.message) < 1000


def test_answers_within_the_bounds_are_still_read():
    assert lessons.exercise("02b", 1).check("10.67")
    assert lessons.compare(Decimal("4.23"), Fraction(271, 64), what="x").verdict == "right"
    assert readable_size([[1, 2], {3}]) and readable_size(10**999)
    assert not readable_size(10**1001) and not readable_size(_nest(9))


# -- 5. the board's instruments bounded ------------------------------------------------------------


def _blunder_game() -> pw.Game:
    """South throws a 4 that captures North on step 30, and passes instead: a blunder."""
    g = pw.Game.from_position([[84, 84, 84, 26], None, [84, 84, 50, 64], None], seed=1)
    g.throw(up=4)
    g.pass_()
    return g


@pytest.mark.parametrize("value", [0, -1, float("nan"), float("inf"), "5", True])
def test_a_bad_hint_budget_is_refused_and_the_board_goes_on(value):
    w = PachisiWidget(players=2, seed=1, animate=False, hints=True)
    with pytest.raises(CoachError, match="hint_budget must be a number of seconds above 0"):
        w.hint_budget = value
    assert w.hint_budget == 5.0
    assert w.handle_intent({"kind": "throw"}) is True
    assert "internal error" not in w.status


@pytest.mark.parametrize("value", [0, -1, 2.5, 10**9, "40"])
def test_bad_hint_rollouts_are_refused_and_the_board_goes_on(value):
    w = PachisiWidget(players=2, seed=1, animate=False, hints=True)
    w.hint_rollouts = 40
    with pytest.raises(CoachError, match="hint_rollouts must be a whole number 1..1000000"):
        w.hint_rollouts = value
    assert w.hint_rollouts == 40
    assert w.handle_intent({"kind": "throw"}) is True
    assert "internal error" not in w.status


def test_the_messages_of_bad_hint_settings_are_in_both_languages():
    for code in ("hint_bad_budget", "hint_bad_rollouts"):
        en = words.text(code, {"got": "0", "max": 10}, "en")
        ro = words.text(code, {"got": "0", "max": 10}, "ro")
        assert en != ro and code.split("_")[-1] in ro


def test_a_small_budget_sizes_the_numpy_batch_and_plays_on_python():
    assert coach_evaluate._batch_for(None) == coach_evaluate._BATCH_MAX
    assert coach_evaluate._batch_for(0.01) == coach_evaluate._BATCH_SMALLEST
    assert coach_evaluate._batch_for(0.5) == 1024 and coach_evaluate._batch_for(60) == 2048
    g = pw.Game(players=4, seed=5)
    for _ in range(12):
        g.play_turn(pw.agents.GreedyAgent())
    g.throw()
    ev = pw.coach.evaluate(g.state, budget=0.01)
    assert ev.engine == "python" and ev.rollouts >= 1 and not ev.complete


def test_a_numpy_budget_drops_the_games_still_playing_when_it_is_spent(monkeypatch):
    pytest.importorskip("numpy")
    g = pw.Game(players=4, seed=5)
    for _ in range(12):
        g.play_turn(pw.agents.GreedyAgent())
    g.throw()
    clock = iter(range(10**6))
    # a clock that moves 1 s at each look: the budget is spent at the first look after a start
    monkeypatch.setattr(coach_evaluate.time, "perf_counter", lambda: float(next(clock)))
    ev = pw.coach.evaluate(g.state, budget=1.5, engine="numpy", rollouts=20_000)
    assert not ev.complete and ev.rollouts < 20_000  # stopped, never waiting for the batch


def test_replay_analysis_is_computed_once_per_game(monkeypatch):
    from pachisi_widget.session import replay as session_replay

    calls = []
    real = session_replay.analyse

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(session_replay, "analyse", counted)
    s = Session(players=2, seed=1)
    s.replay(_blunder_game())
    first = s.analyse(rollouts=100, engine="python")
    assert s.handle_intent({"kind": "replay_analyse"}) is True  # its own settings: judged
    again = s.analyse(rollouts=100, engine="python")
    s.close_replay()
    s.replay(_blunder_game())  # the same game reopened
    assert s.analyse(rollouts=100, engine="python") == first == again
    assert s.shown["timeline"]["marks"][0]["grade"] == "blunder"
    assert len(calls) == 2  # once for these settings, once for the intent's defaults


def test_opening_a_replay_while_analyse_runs_keeps_the_marks_off_the_second_game():
    s = Session(players=2, seed=1)
    s.replay(_blunder_game())
    other = pw.Game(players=2, seed=9)
    for _ in range(6):
        other.play_turn(pw.agents.RandomAgent())
    opened = []

    def listener(update):
        progress = update.get("timeline", {}).get("progress")
        if progress and progress["done"] >= 1 and not opened:
            opened.append(s.replay(other))  # another game on the timeline meanwhile

    s.listener = listener
    with pytest.raises(pw.PachisiError, match="another game was opened on the timeline"):
        s.analyse(rollouts=50, engine="python")
    assert s.replay_mode.replay is opened[0]
    timeline = s.shown["timeline"]
    assert timeline["marks"] == [] and timeline["progress"] is None and s.analysis == []


def test_the_tutor_does_not_wait_for_a_slow_hit_chance(monkeypatch):
    from pachisi_widget.coach import tutor

    finished = []

    def slow(*args, **kwargs):
        time.sleep(60)
        finished.append(1)
        return 0.0

    monkeypatch.setattr(tutor, "hit_chance", slow)
    monkeypatch.setattr(teaching, "TUTOR_REASONS_TIME", 0.05)
    g = pw.Game.from_position([[84, 84, 84, 26], None, [84, 84, 50, 64], None], seed=1)
    s = Session(g)
    s.set_tutor(True)
    s.instruments.rollouts = 100
    s.throw(up=4)
    s.pass_()  # passing instead of capturing: a blunder, said with its other reasons
    assert "Tutor: " in s.shown["status"] and not finished
    assert s.game.history[-1].kind == "pass"


def test_the_tutor_puts_back_a_timer_set_before():
    import signal

    from pachisi_widget.coach import tutor

    fired = []
    old = signal.signal(signal.SIGALRM, lambda *a: fired.append(1))
    try:
        signal.setitimer(signal.ITIMER_REAL, 5)
        assert tutor._within(0.01, lambda: 7) == 7
        assert tutor._within(0.01, lambda: time.sleep(1)) is None
        left, _ = signal.getitimer(signal.ITIMER_REAL)
        assert 3 < left < 5 and signal.getsignal(signal.SIGALRM) is not tutor._on_alarm
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# -- 6. students' players isolated from the teacher's process ---------------------------------------


class Exits(Agent):
    """Ends its process with os._exit on its third move."""

    name = "exits"

    def __init__(self):
        self.calls = 0

    def choose(self, state, rng):
        self.calls += 1
        if self.calls == 3:
            os._exit(3)
        return state.legal_moves()[0]


class Forks(Agent):
    """Forks on every move; the copy would write a file and go on playing."""

    name = "forks"

    def __init__(self, marker: str = ""):
        self.marker = marker

    def choose(self, state, rng):
        pid = os.fork()
        if pid == 0:  # the copy: it must never get here
            with open(self.marker, "a") as f:
                f.write(f"{os.getpid()}\n")
            os._exit(0)
        os.waitpid(pid, 0)
        return state.legal_moves()[0]


class Hog(Agent):
    """Asks for 8 GB of memory on its first move."""

    name = "hog"

    def choose(self, state, rng):
        block = bytearray(8 * 1024**3)
        return state.legal_moves()[len(block) % 1]


class Spins(Agent):
    """Burns processor time without end."""

    name = "spins"

    def choose(self, state, rng):
        n = 0
        while True:
            n += 1


class Exiter(Agent):
    name = "sys-exit"

    def choose(self, state, rng):
        raise SystemExit(2)


def test_a_player_that_ends_its_process_forfeits_and_the_others_results_stand():
    t = pw.tournament.tournament(
        {"exits": Exits(), "greedy": "greedy", "runner": "runner"}, games=4, seed=2
    )
    assert len(t.winners) == 12 and len(t.forfeits) == 8
    assert {(f.player, f.kind) for f in t.forfeits} == {("exits", "error")}
    assert all("ended its process" in f.reason and "exit code 3" in f.reason for f in t.forfeits)
    runner, greedy = t.entrants.index("runner"), t.entrants.index("greedy")
    both = [g for g, lu in enumerate(t.lineups) if set(lu) == {runner, greedy}]
    assert len(both) == 4 and all(t.winners[g] in (runner, greedy) for g in both)
    assert t == pw.tournament.tournament(  # the same on a process pool
        {"exits": Exits(), "greedy": "greedy", "runner": "runner"},
        games=4,
        seed=2,
        executor=cf.ProcessPoolExecutor(2),
    )


def test_a_players_fork_ends_at_once_and_the_game_goes_on(tmp_path):
    marker = tmp_path / "copies.txt"
    t = pw.tournament.tournament({"forks": Forks(str(marker)), "greedy": "greedy"}, games=2, seed=1)
    assert not marker.exists()  # no copy of any process ran on
    assert not t.forfeits and len(t.winners) == 2


def test_a_player_that_asks_for_too_much_memory_forfeits():
    t = pw.tournament.tournament({"hog": Hog(), "greedy": "greedy"}, games=2, seed=1)
    assert [(f.player, f.kind) for f in t.forfeits] == [("hog", "error")] * 2
    assert "MemoryError" in t.forfeits[0].reason


def test_a_player_that_spins_is_stopped_by_its_limits(monkeypatch):
    t = pw.tournament.tournament({"spins": Spins(), "greedy": "greedy"}, games=2, move_time=0.2)
    assert [(f.player, f.kind) for f in t.forfeits] == [("spins", "time")] * 2
    assert "took longer than the 0.2 s" in t.forfeits[0].reason
    # without a move_time, the processor-time limit of a move stops it
    monkeypatch.setattr(isolation, "PLAYER_CPU_TIME", 1)
    t = pw.tournament.tournament({"spins": Spins(), "greedy": "greedy"}, games=2, move_time=None)
    assert [(f.player, f.kind) for f in t.forfeits] == [("spins", "error")] * 2
    assert "processor time" in t.forfeits[0].reason


def test_sys_exit_in_a_player_is_its_error():
    t = pw.tournament.tournament({"x": Exiter(), "greedy": "greedy"}, games=2, seed=1)
    assert [f.kind for f in t.forfeits] == ["error"] * 2 and "SystemExit" in t.forfeits[0].reason


def test_isolated_and_in_process_tournaments_agree():
    from support import Garbage

    entrants = {"first": FirstLegal(), "greedy": "greedy", "garbage": Garbage()}
    assert pw.tournament.tournament(entrants, games=4, seed=5) == pw.tournament.tournament(
        entrants, games=4, seed=5, isolate=False
    )


class FirstLegal(Agent):
    name = "first"

    def choose(self, state, rng):
        rng.random()  # draws from the game's generator: the same draws isolated or not
        return state.legal_moves()[0]


_STUCK = """
import concurrent.futures as cf, sys, time
sys.path[:0] = {paths!r}
import pachisi_widget as pw
from support import Loop
t0 = time.perf_counter()
with cf.ProcessPoolExecutor(2) as ex:
    t = pw.tournament.tournament({{"loop": Loop(), "greedy": "greedy"}}, games=2,
                                 move_time=None, chunk=1, chunk_timeout=0.5, executor=ex)
print(sorted({{f.kind for f in t.forfeits}}))
"""


def test_the_executor_and_the_interpreter_shut_down_after_a_stuck_player(tmp_path):
    import subprocess
    import sys

    here = os.path.dirname(__file__)
    script = tmp_path / "stuck.py"
    script.write_text(_STUCK.format(paths=[here, os.path.dirname(here), os.getcwd()]))
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "['unfinished']"


def test_check_agent_stops_at_the_first_slow_move():
    from support import Loop

    report = pw.tournament.check_agent(Loop(), positions=400, move_time=0.1)
    assert report.counts == {"time": 1} and report.positions == 1
    assert "the check stopped at this first slow move" in str(report)
    assert "more than the 0.1 s a move may take" in str(report)


def test_where_no_process_can_start_players_play_in_place(monkeypatch):
    entrants = {"first": FirstLegal(), "greedy": "greedy", "exits": Exits()}
    isolated = pw.tournament.tournament(entrants, games=2, seed=4)
    assert {f.player for f in isolated.forfeits} == {"exits"}

    def cannot(self):
        raise isolation.CannotIsolate("no processes here")

    monkeypatch.setattr(isolation.PlayerServer, "_start", cannot)
    calm = {"first": FirstLegal(), "greedy": "greedy"}
    assert pw.tournament.tournament(calm, games=2, seed=4) == pw.tournament.tournament(
        calm, games=2, seed=4, isolate=False
    )
    monkeypatch.setattr(isolation, "available", lambda: False)  # a browser's Python
    assert pw.tournament.tournament(calm, games=2, seed=4) == pw.tournament.tournament(
        calm, games=2, seed=4, isolate=False
    )
