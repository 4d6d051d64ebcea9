"""The coach: each legal move's chance to win (rollouts on common random numbers, exact races),
and the tutor's verdict in words (English and Romanian)."""

from __future__ import annotations

import math
import random
from itertools import islice

import pytest

import pachisi_widget as pw
from pachisi_widget import coach
from pachisi_widget.coach import CoachError, evaluate, verdict
from pachisi_widget.fastnp import iter_game_seeds
from pachisi_widget.lab.stats import Z95, z_for_pairs
from pachisi_widget.simulate import play_out, wilson_interval

numpy = pytest.importorskip("numpy")


def position(pieces, up, to_move=0, rules=None):
    """The state after ``to_move`` throws ``up`` mouths up in the position ``pieces``."""
    g = pw.Game.from_position(pieces, to_move=to_move, rules=rules, seed=1)
    g.throw(up=up)
    return g.state


# A capture to take or decline: South's step 30 is North's 64 (South throws 4).
CAPTURE = [[84, 84, 84, 26], None, [84, 84, 50, 64], None]
# South's piece on 27 is 2 and 3 steps ahead of North's 57 and 58; a 2 takes it to the castle 29.
EN_PRISE = [[84, 84, 40, 27], None, [84, 84, 58, 57], None]
# Every piece left is in its own home column: a pure race.
RACE = [[84, 84, 80, 82], [84, 84, 79, 81], [84, 84, 84, 80], [84, 84, 84, 79]]
# Four players late in the game: short rollouts with every seat still racing and fighting.
LATE4 = [[84, 84, 70, 30], [84, 84, 60, 20], [84, 84, 84, 50], [84, 84, 75, 40]]


@pytest.fixture(scope="module")
def capture_state():
    return position(CAPTURE, up=4)


@pytest.fixture(scope="module")
def capture_eval(capture_state):
    return evaluate(capture_state, rollouts=400, seed=2)


# -- what an evaluation holds ------------------------------------------------------------------


def test_every_legal_move_is_listed_best_first(capture_eval, capture_state):
    ev = capture_eval
    assert {mc.move for mc in ev} == set(capture_state.legal_moves())
    chances = [mc.chance for mc in ev]
    assert chances == sorted(chances, reverse=True)
    assert ev.best is ev.moves[0] and ev.best.move.captures
    for mc in ev:
        assert 0 <= mc.low <= mc.chance <= mc.high <= 1 and mc.rollouts == 400 and not mc.exact
        assert mc.loss_low <= mc.loss <= mc.loss_high
    assert ev.engine == "numpy" and ev.complete and ev.seat == 0 and ev.side == (0,)
    assert ev.find(capture_state.legal_moves()[-1]).move.kind == "pass"
    table = str(ev)
    assert "Chance to win" in table and "the move from step 26 to step 30 with the 4" in table
    html = ev._repr_html_()
    assert html.count("<tr>") == 1 + len(ev) and "pachisi-coach" in html
    assert "Șansa de câștig" in ev.to_html("ro") and "trecerea" in ev.to_text("ro")


def test_the_same_seed_gives_the_same_numbers(capture_state, capture_eval):
    again = evaluate(capture_state, rollouts=400, seed=2)
    assert again.moves == capture_eval.moves
    other = evaluate(capture_state, rollouts=400, seed=3)
    assert other.moves != capture_eval.moves


def test_by_default_numpy_plays_until_every_interval_is_within_three_points(capture_state):
    ev = evaluate(capture_state, seed=1)
    assert ev.engine == "numpy" and ev.complete and ev.rollouts >= 500
    assert all(mc.half_width <= coach.TARGET for mc in ev)
    seen = []
    chunked = evaluate(capture_state, seed=1, progress=lambda done, total: seen.append(done))
    assert chunked.moves == ev.moves and seen[-1] == ev.rollouts and len(seen) > 1


def test_both_engines_play_the_same_games():
    """The numpy rollouts and the rules engine's draw the same throws from the same seeds, so
    they agree exactly (well within each other's intervals)."""
    state = position(LATE4, up=3)
    a = evaluate(state, rollouts=60, seed=5, engine="numpy")
    b = evaluate(state, rollouts=60, seed=5, engine="python")
    assert (a.engine, b.engine) == ("numpy", "python")
    assert a.moves == b.moves
    for x, y in zip(a, b, strict=True):
        assert y.low <= x.chance <= y.high


def test_agreement_with_a_long_independent_simulation():
    """Each move's interval holds the chance measured by many more games on other seeds."""
    state = position(LATE4, up=3)
    ev = evaluate(state, rollouts=300, seed=7)
    seeds = list(islice(iter_game_seeds(10**9 + 7), 3000))
    from pachisi_widget import fastnp

    after = [state.apply(mc.move) for mc in ev]
    winners = fastnp.run_from(state.rules, state.seats, ("greedy",) * 4, after, seeds)["winner"]
    for mc, row in zip(ev, winners, strict=True):
        long_run = float((row == 0).mean())
        se = math.sqrt(long_run * (1 - long_run) / len(seeds))
        assert mc.low - 2 * se <= long_run <= mc.high + 2 * se, (mc, long_run)


def test_common_random_numbers_sharpen_the_comparison():
    """Every move is rolled out on the same throws, so the difference between two moves is
    measured on pairs of games: its interval is narrower than the two separate intervals allow
    (and much narrower than their overlap suggests)."""
    ev = evaluate(position(RACE, up=2), exact=False, rollouts=400, seed=2)
    best = ev.best
    for mc in ev.moves[1:]:
        # at the separate intervals' confidence (the loss intervals cover all pairs together)
        paired = (mc.loss_high - mc.loss_low) / 2 * Z95 / z_for_pairs(len(ev))
        assert paired < 0.9 * math.hypot(best.half_width, mc.half_width)
        assert paired < 0.7 * (best.half_width + mc.half_width)


def _wins(state, moves, seed, counts, policy=("greedy",) * 4):
    """Each move's wins for the seat to move on the first ``counts[j]`` seeds, by run_from."""
    from pachisi_widget import fastnp

    seeds = fastnp.game_seeds(seed, max(counts))
    after = [state.apply(m) for m in moves]
    rows = fastnp.run_from(state.rules, state.seats, policy, after, seeds)["winner"]
    return [
        (row[:n] == state.to_move).astype(int).tolist() for row, n in zip(rows, counts, strict=True)
    ]


def test_by_default_each_move_gets_the_rollouts_its_own_interval_needs():
    """With rollouts=None, each move gets rollouts until its own interval is narrow enough; its
    chance is still the plain rate of its own rollouts (the first seeds, as with a fixed number),
    and its loss is measured on the seeds it shares with the best move."""
    state = position(EN_PRISE, up=2)
    ev = evaluate(state, seed=4)
    counts = [mc.rollouts for mc in ev]
    assert all(mc.half_width <= coach.TARGET for mc in ev)
    assert ev.rollouts == min(counts) and ev.complete and ev.requested == ev.rollouts
    wins = _wins(state, [mc.move for mc in ev], 4, counts)
    for mc, w in zip(ev, wins, strict=True):
        assert mc.chance == sum(w) / len(w)
    for mc, w in zip(ev.moves[1:], wins[1:], strict=True):
        n = min(len(w), len(wins[0]))
        assert mc.loss == pytest.approx(sum(wins[0][:n]) / n - sum(w[:n]) / n)


def test_the_plan_asks_more_only_for_a_move_whose_interval_is_still_wide():
    first = coach._still_needed(None, 0, 4)  # enough for a chance of 1 in 4 within 3 points
    assert first == math.ceil(1.959963984540054**2 * 0.25 * 0.75 / 0.03**2)

    def codes(wins, over, n=first):  # winner codes: seat 0 wins, seat 1 wins, -2 not over
        return numpy.array([0] * wins + [1] * (over - wins) + [-2] * (n - over))

    assert coach._still_needed(codes(200, first), first, 4) == 0  # 25%: narrow enough
    more = coach._still_needed(codes(320, first), first, 4)  # 40%: wider than 3 points
    r = wilson_interval(320, first)
    assert (r.high - r.low) / 2 > coach.TARGET and more >= 64
    after = wilson_interval(round(0.4 * (first + more)), first + more)
    assert (after.high - after.low) / 2 <= coach.TARGET
    # while games are still being played: a plan from those over, once half of them are
    assert coach._still_needed(codes(120, 300), first, 4, final=False) == 0
    assert coach._still_needed(codes(200, 500), first, 4, final=False) > 0
    assert coach._still_needed(codes(100, 500), first, 4, final=False) == 0


def test_a_budget_on_numpy_keeps_whole_seeds_in_their_order():
    """When the budget runs out, no new numpy rollout starts and those being played end: each
    move keeps the games of its first seeds (never only the games that happened to end first),
    so its chance is that of a smaller fixed number of rollouts."""
    state = position(LATE4, up=3)
    calls = []
    ev = evaluate(
        state,
        rollouts=20_000,
        seed=3,
        budget=0.5,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert ev.engine == "numpy" and not ev.complete and ev.requested == 20_000
    assert 64 <= ev.rollouts < 20_000 and calls[-1] == (ev.rollouts, 20_000)
    assert "time ran out" in str(ev)
    counts = [mc.rollouts for mc in ev]
    for mc, w in zip(ev, _wins(state, [mc.move for mc in ev], 3, counts), strict=True):
        assert mc.chance == sum(w) / len(w)


@pytest.mark.parametrize("size, width", [(40, 5), (4096, None)])
def test_rollouts_fed_into_a_running_batch_are_run_froms_games(size, width):
    """fastnp.Rollouts plays the very games of run_from, whatever the batch size (games join
    as others end, and take their rows of random doubles), the rows' width (refilled from the
    seeds) and when more games are asked for (here while the first ones are being played)."""
    from pachisi_widget import fastnp

    state = position(LATE4, up=3)
    starts = [state.apply(m) for m in state.legal_moves()]
    agents = ("random", "greedy", "runner", "castle_waiter")
    roll = fastnp.Rollouts(
        state.rules, state.seats, agents, starts, iter_game_seeds(9), size=size, width=width
    )
    roll.ask([30] * len(starts))
    for _ in range(40):
        roll.step()
    assert roll.pending()
    counts = [50 + 10 * j for j in range(len(starts))]
    roll.ask(counts)
    while roll.pending():
        roll.step()
    want = fastnp.run_from(
        state.rules, state.seats, agents, starts, fastnp.game_seeds(9, max(counts))
    )["winner"]
    for j, n in enumerate(counts):
        assert roll.done(j) == n
        assert roll.winners(j, n).tolist() == want[j, :n].tolist()


# -- exact shortcuts ----------------------------------------------------------------------------


def test_a_move_that_wins_is_worth_exactly_one():
    state = position([[84, 84, 84, 82], [84, 84, 84, 81], [84, 84, 84, 80], [84, 84, 84, 79]], up=2)
    ev = evaluate(state)
    assert ev.best.move.end == 84 and (ev.best.chance, ev.best.low, ev.best.high) == (1.0, 1.0, 1.0)
    assert ev.best.exact and ev.engine == "exact" and all(mc.exact for mc in ev)


def test_a_race_that_cannot_be_won_is_worth_zero():
    # without the last-square release a piece on step 83 is stuck for good
    rules = pw.Rules(last_square_release=frozenset())
    state = position([[84, 84, 84, 83], None, [84, 84, 84, 80], None], up=2, rules=rules)
    ev = evaluate(state)
    assert [mc.move.kind for mc in ev] == ["pass"] and ev.best.chance == 0.0 and ev.best.exact
    assert ev.note == "only_move"
    assert "only one legal move" in str(ev)


TWO_RACE = [[84, 84, 84, 80], None, [84, 84, 84, 77], None]


@pytest.mark.parametrize(
    "pieces, rules", [(RACE, None), (RACE, pw.Rules(teams=True)), (TWO_RACE, None)]
)
def test_an_exact_race_agrees_with_rollouts(pieces, rules):
    state = position(pieces, up=2, rules=rules)
    exact = evaluate(state)
    rolled = evaluate(state, exact=False, rollouts=1500, seed=4)
    assert all(mc.exact for mc in exact) and not any(mc.exact for mc in rolled)
    for mc in exact:
        r = rolled.find(mc.move)
        assert r.low - 0.005 <= mc.chance <= r.high + 0.005, (mc, r)


def _race_positions(count: int) -> list:
    """``count`` two-player pure races with at least three moves to choose from, each with the
    exact chance of every move (from the exact race), drawn from a fixed seed."""
    rng, found = random.Random(5), []
    steps = [76, 77, 78, 79, 80, 81, 82, 83, 84, 84]
    while len(found) < count:
        pieces = [sorted(rng.choice(steps) for _ in range(4)), None]
        pieces += [sorted(rng.choice(steps) for _ in range(4)), None]
        up = rng.randrange(7)
        if 84 in (min(pieces[0]), min(pieces[2])):
            continue
        state = position(pieces, up)
        if state.phase != "move" or len(state.legal_moves()) < 3:
            continue
        exact = evaluate(state)
        if exact.note is None and all(mc.exact for mc in exact):
            found.append((state, {mc.move.key: mc.chance for mc in exact}))
    return found


def test_loss_intervals_cover_the_exact_losses_at_their_stated_rate():
    """The tutor grades by the loss intervals: against exact races, over many seeds, they
    cover the true loss behind the move that *looked* best at least 95% of the time (they are
    drawn for every pair at once, so the choice of the best is allowed for)."""
    misses = total = 0
    for state, exact in _race_positions(6):
        for seed in range(8):
            ev = evaluate(state, exact=False, rollouts=100, seed=11 * seed + 1)
            top = exact[ev.best.move.key]
            for mc in ev.moves[1:]:
                total += 1
                misses += not mc.loss_low <= top - exact[mc.move.key] <= mc.loss_high
    # at a true rate of 95%, more misses than this happen once in a thousand such tests
    limit = next(
        k
        for k in range(total + 1)
        if sum(math.comb(total, i) * 0.05**i * 0.95 ** (total - i) for i in range(k + 1)) > 0.999
    )
    assert total >= 90 and misses <= limit, (misses, total, limit)


def test_moves_the_rollouts_cannot_tell_apart_are_about_equal():
    state = position(RACE, up=2)
    few = evaluate(state, exact=False, rollouts=30, seed=3)  # too few games to separate them
    assert not few.clear_best and len(few.about_equal) >= 2
    assert few.about_equal[0] is few.best and all(mc.loss_low <= 0 for mc in few.about_equal)
    assert few.tie_text() in str(few) and "about equally good" in few.tie_text()
    assert "cam la fel de bune" in few.tie_text("ro")
    exact = evaluate(state)  # exact chances tell every move apart
    assert exact.clear_best and exact.about_equal == (exact.best,) and exact.tie_text() is None


# -- positions without a choice ------------------------------------------------------------------


def test_a_throw_due_gives_the_chance_of_the_position():
    g = pw.Game.from_position(CAPTURE, to_move=0, seed=1)
    ev = evaluate(g.state, rollouts=100)
    assert ev.note == "throw_due" and ev.moves == () and ev.best is None
    assert 0 < ev.position.chance < 1 and ev.position.rollouts == 100
    assert "must throw first" in str(ev) and "trebuie mai întâi să arunce" in ev.to_text("ro")


def test_a_finished_game_is_exact():
    g = pw.Game.from_position([[84, 84, 84, 82], None, [84, 84, 84, 80], None], to_move=0, seed=1)
    g.throw(up=2)
    g.play(g.legal_moves()[0])
    assert g.phase == "over"
    ev = evaluate(g.state)
    assert ev.note == "over" and ev.position.chance == 1.0 and ev.position.exact
    assert "South has won" in str(ev) and "a câștigat Sud" in ev.to_text("ro")
    with pytest.raises(CoachError) as err:
        verdict(g.state, pw.Move.pass_for(2))
    assert err.value.code == "coach_over"


# -- the tutor -------------------------------------------------------------------------------


def test_declining_a_capture_is_a_blunder_named_in_both_languages(capture_state, capture_eval):
    passing = capture_state.legal_moves()[-1]
    v = verdict(capture_state, passing, evaluation=capture_eval)
    assert v.is_mistake and v.grade == "blunder" and v.loss > 0.15
    assert v.better.move.captures and v.reasons[0].code == "coach_why_capture"
    en, ro = v.text("en"), v.text("ro")
    assert en.startswith("Blunder: passing lowers the chance to win from")
    assert "Better is the move from step 26 to step 30 with the 4." in en
    assert "It captures a piece of North on step 30." in en
    assert ro.startswith("Greșeală gravă: trecerea scade șansa de câștig de la")
    assert "Mai bună este mutarea de pe pătratul 26 pe pătratul 30 cu aruncarea de 4." in ro
    assert "Aceasta capturează o piesă a lui Nord pe pătratul 30." in ro
    good = verdict(capture_state, capture_eval.best.move, evaluation=capture_eval)
    assert not good.is_mistake and good.better is None and good.text().startswith("A good move")


def test_leaving_a_piece_en_prise_names_the_danger_and_the_castle():
    state = position(EN_PRISE, up=2)  # a 2: 27 -> 29 (a castle), 40 -> 42 (a castle), or pass
    ev = evaluate(state, rollouts=300, seed=1)
    assert (ev.best.move.start, ev.best.move.end) == (27, 29)
    v = verdict(state, next(m for m in state.legal_moves() if m.start == 40))
    assert v.is_mistake and v.better.move.end == 29
    codes = [r.code for r in v.reasons]
    assert codes[:2] == ["coach_why_escape", "coach_why_castle"]
    # the exact chance that North (on 57 and 58, 2 and 3 behind) hits the piece: probability.py
    p = float(pw.probability.hit_chance(state.apply(v.played.move), 0, 27))
    assert f"with a chance of {math.floor(100 * p + 0.5)}%" in v.text()  # half up, as taught
    assert "It stops on the castle at step 29" in v.text()
    assert "Aceasta pune la adăpost piesa de pe pătratul 27" in v.text("ro")
    assert "castelul de pe pătratul 29" in v.text("ro")


def test_the_margin_sets_when_the_tutor_speaks(capture_state, capture_eval):
    passing = capture_state.legal_moves()[-1]
    assert verdict(capture_state, passing, evaluation=capture_eval, margin=0.5).grade is None
    loss = capture_eval.find(passing).loss
    half = verdict(capture_state, passing, evaluation=capture_eval, margin=loss / 2.5)
    assert half.grade == "mistake"


def test_the_tutor_never_blames_a_move_for_the_noise_of_too_few_rollouts():
    state = position(LATE4, up=3)
    ev = evaluate(state, rollouts=20, seed=1)
    for mc in ev.moves[1:]:
        v = verdict(state, mc.move, evaluation=ev, margin=0.001)
        assert (v.grade is None) == (mc.loss_low <= 0), mc


def test_only_one_legal_move():
    rules = pw.Rules(last_square_release=frozenset())
    state = position([[84, 84, 84, 83], None, [84, 84, 84, 80], None], up=2, rules=rules)
    v = verdict(state, state.legal_moves()[0])
    assert not v.is_mistake and "only legal move" in v.text() and "singura mutare" in v.text("ro")


# -- budget, progress, errors ---------------------------------------------------------------------


def test_a_budget_stops_early_and_says_so():
    state = position(LATE4, up=3)
    calls = []
    ev = evaluate(
        state,
        rollouts=10_000,
        engine="python",
        budget=0.3,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert not ev.complete and 1 <= ev.rollouts < 10_000 and ev.requested == 10_000
    assert calls and calls[-1] == (ev.rollouts, 10_000)
    assert all(mc.rollouts == ev.rollouts for mc in ev)
    assert "time ran out" in str(ev) and "Timpul s-a terminat" in ev.to_text("ro")


def test_progress_true_draws_a_bar_and_changes_nothing(capture_state):
    plain = evaluate(capture_state, rollouts=40, engine="python")
    assert evaluate(capture_state, rollouts=40, engine="python", progress=True).moves == plain.moves


@pytest.mark.parametrize(
    "kwargs, code",
    [
        ({"rollouts": 0}, "coach_bad_rollouts"),
        ({"rollouts": 2.5}, "coach_bad_rollouts"),
        ({"engine": "gpu"}, "coach_bad_engine"),
        ({"seed": -1}, "coach_bad_seed"),
        ({"budget": 0}, "coach_bad_budget"),
        ({"progress": "yes"}, "coach_bad_progress"),
        ({"progress": 1}, "coach_bad_progress"),
        ({"policy": "clever"}, "coach_bad_policy"),
        ({"policy": ["greedy"]}, "coach_policy_count"),
        ({"exact": "no"}, "coach_bad_exact"),
    ],
)
def test_bad_arguments_get_clear_errors(capture_state, kwargs, code):
    with pytest.raises(CoachError) as err:
        evaluate(capture_state, **kwargs)
    assert err.value.code == code and isinstance(err.value, (pw.PachisiError, ValueError))
    assert pw.i18n.error_text(err.value, "ro") != pw.i18n.error_text(err.value, "en")


def test_errors_about_the_state_and_the_move(capture_state):
    g = pw.Game.from_position(CAPTURE, to_move=0, seed=1)
    with pytest.raises(CoachError) as err:
        evaluate(g)
    assert err.value.code == "coach_not_state" and "game.state" in str(err.value)
    with pytest.raises(CoachError) as err:
        verdict(g.state, pw.Move.pass_for(0))
    assert err.value.code == "coach_no_move"
    with pytest.raises(pw.IllegalMoveError):
        verdict(capture_state, pw.Move(0, 3, 26, 31, "move", 4))
    with pytest.raises(CoachError) as err:
        verdict(capture_state, capture_state.legal_moves()[0], margin=1.5)
    assert err.value.code == "coach_bad_margin"
    with pytest.raises(CoachError) as err:
        verdict(
            capture_state,
            capture_state.legal_moves()[0],
            evaluation=evaluate(position(EN_PRISE, up=2), rollouts=10),
        )
    assert err.value.code == "coach_other_evaluation"


def test_numpy_refuses_what_it_cannot_play():
    state = position(CAPTURE, up=4, rules=pw.Rules(revenge_rule=True))
    with pytest.raises(CoachError) as err:
        evaluate(state, engine="numpy", rollouts=10)
    assert err.value.code == "coach_numpy_cannot"
    assert evaluate(state, rollouts=10).engine == "python"  # auto falls back


def test_without_numpy_the_python_engine_answers(monkeypatch, capture_state):
    import sys

    monkeypatch.setitem(sys.modules, "numpy", None)
    ev = evaluate(capture_state, rollouts=30)
    assert ev.engine == "python" and ev.rollouts == 30
    with pytest.raises(CoachError) as err:
        evaluate(capture_state, engine="numpy")
    assert err.value.code == "coach_numpy_missing"


def test_play_out_is_the_rollout_of_the_python_engine():
    state = position(LATE4, up=3).apply(position(LATE4, up=3).legal_moves()[0])
    seed = next(iter_game_seeds(5))
    a = play_out(state.engine(False), ["greedy"] * 4, random.Random(seed))
    b = play_out(state.engine(False), ["greedy"] * 4, random.Random(seed))
    assert a.winner == b.winner and a.phase == "over"


def test_pw_coach_is_the_module():
    assert pw.coach is coach and "coach" in pw.__all__


def test_the_tutor_says_the_precision_of_a_chance_it_could_not_find_to_a_hundredth_of_a_point():
    from pachisi_widget.coach import tutor
    from pachisi_widget.words import text

    # seven cowries, three opponents with many pieces behind South's 14: to within a hundredth
    # of a point this takes tens of thousands of states, so the tutor takes ten or a hundred
    # times more error, and its sentence says so
    crowded = [[14, 8, 5, 0], [18, 9, 5, 0], [13, 14, 3, 1], [19, 7, 4, 1]]
    st = pw.Game.from_position(crowded, rules="seven_cowries", seed=1).state
    chance, error = tutor._danger(st, 0, 14)
    assert error in (10 * tutor.HIT_ERROR, 100 * tutor.HIT_ERROR)
    truth = pw.probability.hit_chance(st, 0, 14, exact=False, error=error / 10)
    assert truth - error / 10 - error <= chance <= truth + error / 10
    said = tutor._chance_said("coach_why_exposed", {"end": 14, "hit_chance": chance}, error)
    assert said.code == "coach_why_exposed_near" and said.params["within"] == error
    en, ro = text(said.code, said.params, "en"), text(said.code, said.params, "ro")
    assert "step 14" in en and "%)." in en and f"(to within {100 * error:.1f}%)" in en
    assert f"(cu o eroare de cel mult {100 * error:.1f}%)".replace(".", ",") in ro
    # at the tutor's own error the sentence is the plain one
    plain = tutor._chance_said("coach_why_exposed", {"end": 14, "hit_chance": 0.1}, tutor.HIT_ERROR)
    assert plain.code == "coach_why_exposed" and "within" not in plain.params
