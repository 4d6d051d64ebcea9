"""Luck against skill over a replayed game (pachisi_widget.luck): the throws' worth per side, the
moves' losses the coach could measure, their intervals, the words, and the board's panel."""

from __future__ import annotations

import pytest
from support import blunder_game, played_game

import pachisi_widget as pw
from pachisi_widget.luck import LuckSkill, luck_skill, position_chances
from pachisi_widget.replay import Analysis, Replay, analyse
from pachisi_widget.session.replay import _ghost
from pachisi_widget.widget import PachisiWidget
from pachisi_widget.words.format import half_up


def test_a_blunder_counts_as_skill_and_the_rest_of_the_change_as_luck():
    r = Replay(blunder_game())
    out = analyse(r, rollouts=200, engine="python")
    assert isinstance(out, Analysis) and isinstance(out, list) and len(out) == 1
    ls = out.luck_skill
    assert isinstance(ls, LuckSkill) and ls.complete
    south, north = ls.side(0), ls.side(2)
    assert south.seats == (0,) and north.seats == (2,)
    assert (south.moves, south.counted) == (1, 1) and (north.moves, north.counted) == (0, 0)
    assert south.skill == pytest.approx(out[0]["loss"]) and south.skill > 0.15
    assert 0 < south.skill_half < south.skill  # the blunder's own interval excludes 0
    assert north.skill == 0 and north.skill_half == 0
    # the unfinished game: the chances at its first and last positions are estimated
    for s in (south, north):
        assert s.luck == pytest.approx(
            s.end - s.start + s.skill - (south.skill + north.skill - s.skill)
        )
        assert s.luck_half > 0
    assert south.start + north.start <= 1 + 1e-9


def test_over_a_whole_game_the_identity_holds_and_the_result_is_exact():
    g = played_game(players=2, seed=3)
    assert g.phase == "over"
    r = Replay(g)
    out = analyse(r, rollouts=2, engine="python")
    ls = out.luck_skill
    winner = g.winner
    assert {s.seats[0]: s.end for s in ls.sides} == {0: float(winner == 0), 2: float(winner == 2)}
    a, b = ls.sides
    assert a.moves + b.moves == len(out) == len(r.decisions())
    assert a.counted == sum(1 for x in out if x["seat"] == 0 and x["loss_low"] > 0)
    assert a.skill == pytest.approx(
        sum(x["loss"] for x in out if x["seat"] == 0 and x["loss_low"] > 0)
    )
    for me, other in ((a, b), (b, a)):
        assert me.luck == pytest.approx(me.end - me.start + me.skill - other.skill)
        assert me.luck_half >= me.skill_half >= 0
    # two sides: what one's throws gave, the other's took (up to games that end dead)
    assert a.luck + b.luck == pytest.approx(1 - a.start - b.start, abs=1e-9)


def test_a_seat_not_analysed_is_said_and_its_losses_count_with_the_throws():
    r = Replay(played_game(players=2, seed=4, actions=60))
    out = analyse(r, seats=[0], rollouts=8, engine="python")
    ls = out.luck_skill
    assert ls.side(0).analysed and not ls.side(2).analysed and not ls.complete
    assert ls.side(2).moves == 0 and ls.side(2).skill == 0
    en, ro = ls.lines("en"), ls.lines("ro")
    assert en[3] == (
        "The moves of North were not analysed: what they lost is counted with the throws. "
        "Analyse every seat to weigh them too."
    )
    assert ro[3].startswith("Mutările lui Nord nu au fost analizate")
    assert len(en) == len(ro) == 5


def test_the_words_agree_in_number_and_say_up_or_down():
    r = Replay(blunder_game())
    ls = analyse(r, rollouts=200, engine="python").luck_skill
    south = ls.side(0)
    en = ls.lines("en")[0]
    assert en.startswith("South: ") and " at the start, " in en
    assert ("raised" if south.luck >= 0 else "lowered") in en
    n = int(half_up(100 * south.skill))
    assert f"lost {n} points (±" in en
    ro = ls.lines("ro")[0]
    noun = "puncte" if n % 100 < 20 and n % 100 != 0 else "de puncte"
    assert f"au pierdut {n} {noun} (±" in ro
    assert "%" in ro and "," not in ro.split(":")[1].split("%")[0]  # whole percents
    assert ls.lines("en")[-1].startswith("Points of the chance to win")


def test_the_main_sides_change_adds_up_in_the_words():
    g = played_game(players=2, seed=3)
    r = Replay(g)
    ls = luck_skill(r, analyse(r, rollouts=2, engine="python", luck=False), games=200)
    winner = ls.side(g.winner)
    n = winner.points()
    assert n["change"] == n["luck"] - n["skill"] + n["gift"] and n["end"] == 100
    line = next(x for x in ls.lines("en") if ", in points of the chance to win: " in x)
    who = "North" if g.winner == 2 else "South"
    sign = lambda v: f"+{v}" if v > 0 else f"\u2212{-v}" if v < 0 else "0"  # noqa: E731
    assert line == (
        f"{who}, in points of the chance to win: {sign(n['change'])} in all, made of "
        f"{sign(n['luck'])} from the throws, {sign(-n['skill'])} from {who}'s own moves and "
        f"{sign(n['gift'])} from the others' moves."
    )
    ro = next(x for x in ls.lines("ro") if ", în puncte din șansa de câștig: " in x)
    assert ro.startswith(("Nord" if g.winner == 2 else "Sud") + ", în puncte")
    # the side's own sentence gives the same whole points
    own = ls.lines("en")[ls.sides.index(winner)]
    assert f" by {abs(n['luck'])} point" in own


def test_the_first_position_is_evaluated_once_and_exact_where_the_game_is_over():
    g = pw.Game.from_position([[83, 84, 84, 84], None, [40, 0, 0, 0], None], seed=3)
    g.throw(value=10)
    g.play(g.legal_move(83, 84))
    chances, half, games = position_chances(g.state)
    assert chances == {(0,): 1.0, (2,): 0.0} and half == {(0,): 0.0, (2,): 0.0} and games == 0
    start = Replay(g).state(0)
    first = position_chances(start, engine="python", games=50)
    assert position_chances(start, engine="python", games=50) == first  # seeded: the same
    assert first[2] == 50 and 0 < first[1][(0,)] < 0.2


def test_the_board_shows_luck_and_skill_after_an_analysis_in_both_languages():
    w = PachisiWidget(players=2, seed=1, animate=False)
    w.replay(blunder_game())
    assert w.timeline["luck"] == []
    out = w.analyse(rollouts=200, engine="python")
    assert w.analysis.luck_skill is out.luck_skill
    assert w.timeline["luck"] == out.luck_skill.lines("en")
    w.language = "ro"
    assert w.timeline["luck"][0].startswith("Sud: ")
    assert w.timeline["turns"][0]["turn"] == 1


def test_a_better_pass_draws_no_ghost():
    g = blunder_game()
    pass_move = next(m for m in Replay(g).state(1).legal_moves() if m.kind == "pass")
    assert _ghost(pass_move) is None
    move = next(m for m in Replay(g).state(1).legal_moves() if m.kind != "pass")
    assert _ghost(move)["seat"] == 0


def test_teams_are_weighed_as_two_sides_and_more_seats_share_the_others_losses():
    g = played_game(players=4, seed=5, actions=30)
    teams = pw.Game.from_dict({**g.to_dict(), "rules": {**g.to_dict()["rules"], "teams": True}})
    r = Replay(teams)
    ls = luck_skill(r, analyse(r, rollouts=2, engine="python", luck=False), games=40)
    assert [s.seats for s in ls.sides] == [(0, 2), (1, 3)]
    assert ls.lines("en")[0].startswith("South and North: ")
    assert ls.lines("ro")[0].startswith("Sud și Nord: ")
    a, b = ls.sides
    assert a.luck == pytest.approx(a.end - a.start + a.skill - b.skill)
    r = Replay(g)
    four = luck_skill(r, analyse(r, rollouts=2, engine="python", luck=False), games=40)
    assert len(four.sides) == 4 and four.lines("en")[-1].endswith(
        "is shared evenly among the others (an estimate)."
    )
    for s in four.sides:
        others = sum(o.skill for o in four.sides if o is not s)
        assert s.luck == pytest.approx(s.end - s.start + s.skill - others / 3)
