"""The coach's doubt is honest: its 95% intervals hold a reference of ten times the rollouts at
about the rate an honest interval would, and it calls a move "the best" only when its interval
separates it from the next move."""

from __future__ import annotations

import math

import pytest

import pachisi_widget as pw
from pachisi_widget.coach import CoachError, calibration, evaluate, verdict

pytest.importorskip("numpy")

ROLLOUTS = 100  # the offline site's rollouts: a hint's widest interval there (±10 points)


@pytest.fixture(scope="module")
def checks():
    """Three fixed positions (two players middle, four players early and late), each move's
    interval at 100 rollouts against a reference of 1,000 (seeded: the same numbers each run)."""
    chosen = calibration.positions(2, 1, ("middle",)) + calibration.positions(
        4, 1, ("early", "late")
    )
    out = []
    for label, state in chosen:
        out.extend(
            calibration.calibrate(state, rollouts=ROLLOUTS, seed=3, engine="numpy", label=label)
        )
    return out


def most_missed(moves: int, miss: float, tail: float = 1e-3) -> int:
    """The most misses among ``moves`` intervals that an honest coach (each missing at rate
    ``miss``) exceeds with chance below ``tail``: a loose threshold (the moves of a position
    share their rollouts' seeds, so the misses come a little more in clumps than a binomial's)."""
    for k in range(moves + 1):
        above = sum(
            math.comb(moves, j) * miss**j * (1 - miss) ** (moves - j)
            for j in range(k + 1, moves + 1)
        )
        if above < tail:
            return k
    return moves


def test_the_intervals_hold_a_ten_times_longer_reference(checks):
    assert len(checks) >= 8 and {c.label.split()[0] for c in checks} == {"2p", "4p"}
    assert all(c.ref_rollouts == 10 * ROLLOUTS for c in checks)
    honest = sum(calibration.expected_rate(c.rollouts, c.ref_rollouts) for c in checks) / len(
        checks
    )
    assert 0.93 < honest < 0.95  # the reference's own noise: below 95%
    missed = sum(not c.covered for c in checks)
    assert missed <= most_missed(len(checks), 1 - honest), [c for c in checks if not c.covered]


def test_the_intervals_are_not_wide_enough_to_hold_anything(checks):
    """Coverage means nothing from an interval of everything: at 100 rollouts a Wilson interval
    is at most ±9.8 points, and the reference lies well inside most of them."""
    assert all(c.half_width <= 0.099 for c in checks)
    assert sum(abs(c.reference - c.chance) < c.half_width / 2 for c in checks) >= len(checks) / 2


def test_the_loss_intervals_hold_the_reference_loss(checks):
    losses = [c.loss_covered for c in checks if c.loss_covered is not None]
    assert len(losses) >= 4
    assert sum(not x for x in losses) <= most_missed(len(losses), 0.05)


def test_a_reference_factor_is_checked():
    state = calibration.positions(2, 1, ("middle",))[0][1]
    with pytest.raises(CoachError, match=r"whole number 2\.\.1000, not 1"):
        calibration.calibrate(state, rollouts=10, factor=1)
    pw.set_language("ro")
    try:
        with pytest.raises(CoachError, match="factorul referinței"):
            calibration.calibrate(state, rollouts=10, factor=True)
    finally:
        pw.set_language("en")


def test_positions_are_early_middle_and_late_decisions():
    found = calibration.positions(4, 2)
    turns = [s.turn for _, s in found]
    assert [label.split()[1] for label, _ in found] == ["early", "middle", "late"]
    assert turns == sorted(turns) and all(len(s.legal_moves()) >= 2 for _, s in found)


# -- "the best" only when the interval says so -----------------------------------------------------


def capture_position():
    # South's step 30 is North's 64 (South throws 4): a capture to take or decline
    g = pw.Game.from_position([[84, 84, 84, 26], None, [84, 84, 50, 64], None], seed=1)
    g.throw(up=4)
    return g.state


def test_the_tutor_calls_a_move_the_best_only_when_its_interval_separates_it():
    state = capture_position()
    few = evaluate(state, rollouts=6, seed=1)  # too few games to tell any two moves apart
    assert not few.clear_best and len(few.about_equal) >= 2
    v = verdict(state, few.best.move, evaluation=few)
    other = few.about_equal[1]
    for lang, not_best in (("en", "neither is clearly the best"), ("ro", "niciuna nu este clar")):
        said = v.text(lang)
        assert not_best in said and pw.coach.move_text(other.move, lang) in said
        assert "best chance" not in said and "cea mai mare șansă" not in said
    # a move the rollouts cannot tell from the best, played: "about as good", never "the best"
    w = verdict(state, other.move, evaluation=few)
    assert w.grade is None and "best chance" not in w.text("en")


def test_the_tutor_calls_a_clearly_best_move_the_best():
    state = capture_position()
    many = evaluate(state, rollouts=2000, seed=1)
    assert many.clear_best
    v = verdict(state, many.best.move, evaluation=many)
    assert "has the best chance to win" in v.text("en")
    assert "cea mai mare șansă de câștig" in v.text("ro")
