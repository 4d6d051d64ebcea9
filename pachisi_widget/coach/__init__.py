"""The coach: each legal move's chance to win, and a tutor's verdict on a move, in words.

:func:`evaluate` plays the rest of the game many times from the position after each legal move
(*rollouts*), every seat played by a chosen computer player (``policy``), and counts how often
the seat to move wins (its team, with ``teams``; a dead game counts as not won). Each move gets
its chance to win with a 95% interval (Wilson), best first, as GNU Backgammon's hint lists them.

- **Common random numbers.** Rollout ``i`` of every move draws its throws from one and the same
  seeded generator (the ``i``-th of :func:`~pachisi_widget.fastnp.iter_game_seeds`), so two
  moves are compared on the same throws. Each move's distance from the best is measured on those
  pairs, and its interval (``loss_low``, ``loss_high``) is much narrower than the two moves'
  separate intervals would suggest.
- **Exact shortcuts.** A move that wins the game is worth 1; a position where every piece left
  is in its own home column (steps 77..83: no piece can ever meet another) is a pure race, whose
  chance is computed exactly, for the same players, from the exact throw odds (a race that can
  no longer be won, a piece stuck on step 83 without a last-square release, is worth 0).
- **Two engines.** ``engine="numpy"`` plays the rollouts of every move in lock step, in one
  batch that new games join as others end (:class:`pachisi_widget.fastnp.Rollouts`);
  ``engine="python"`` plays them on the rules engine (standard library only: JupyterLite). Both
  play the very same games from the same seed, so with the same rollouts they give the same
  numbers. ``"auto"`` takes numpy when it is installed and can play the rules.
- **As many rollouts as the interval needs.** With ``rollouts=None`` on the numpy engine every
  move first gets enough rollouts for a chance of one in the number of sides (a fair share);
  a move whose 95% interval is then still wider than ±3 points (:data:`TARGET`) gets more, as
  many as the chance seen needs, asked for while the first games are still being played. A
  move's chance is still the plain rate of its first rollouts, and its interval the Wilson
  interval of that count.
- **Budget and progress.** ``budget`` (seconds) stops the rollouts early: the result says so
  (:attr:`Evaluation.complete`) and its intervals are as wide as the rollouts played make them
  (on the numpy engine the games being played when it runs out still end, so that every move
  keeps the games of its first seeds, never only the games that happened to end first).
  ``progress(done, total)`` is called as rollouts finish (per move), so a page can show that it
  is working.

:func:`verdict` is the tutor: after a move it says whether that move gave up more than
``margin`` of the chance to win against the best move, grades it (inaccuracy, mistake, blunder
at 1, 2 and 3 times the margin: with the default 0.05 these are lichess's 5, 10 and 15 points;
never while the paired interval of the loss still holds 0, so that too few rollouts do not blame
a move for their own noise),
names the better move and says why in words (a capture, the safety of a castle or of the home
column, a danger avoided with the exact chance of being hit from
:func:`pachisi_widget.probability.hit_chance`, a piece brought in or home, more progress), in
English and Romanian.

>>> import pachisi_widget as pw
>>> g = pw.Game.from_position([[84, 84, 84, 26], None, [84, 84, 50, 64], None], seed=1)
>>> _ = g.throw(up=4)                 # South throws 4: South's step 30 is North's 64
>>> ev = evaluate(g.state, rollouts=100, engine="python")
>>> [str(mc.move) for mc in ev]
['South piece 3 moves 26->30 with 4 capturing 1', 'South passes']
>>> v = verdict(g.state, ev.moves[1].move, evaluation=ev)
>>> print(v.text())  # doctest: +ELLIPSIS
Blunder: passing lowers the chance to win from ...% to ...%. Better is the move from step 26
to step 30 with the 4. It captures a piece of North on step 30. ...
>>> print(v.text("ro"))  # doctest: +ELLIPSIS
Greșeală gravă: trecerea scade șansa de câștig de la ...% la ...%. Mai bună este mutarea de
pe pătratul 26 pe pătratul 30 cu aruncarea de 4. Aceasta capturează o piesă a lui Nord pe
pătratul 30. ...
"""

from __future__ import annotations

from .evaluate import (
    ADAPTIVE_MAX,  # noqa: F401  (a name of the old module)
    DEFAULT_ROLLOUTS,
    ENGINES,
    MAX_ROLLOUTS,
    TARGET,
    _still_needed,  # noqa: F401  (tests read it here)
    evaluate,
)
from .player import COACH_BUDGET, CoachAgent
from .results import (
    CoachError,
    Evaluation,
    MoveChance,
    Verdict,
    move_text,  # noqa: F401  (a name of the old module)
)
from .tutor import GRADES, verdict

__all__ = [
    "evaluate",
    "verdict",
    "Evaluation",
    "MoveChance",
    "Verdict",
    "CoachError",
    "ENGINES",
    "DEFAULT_ROLLOUTS",
    "GRADES",
    "MAX_ROLLOUTS",
    "TARGET",
    "CoachAgent",
    "COACH_BUDGET",
]
