"""My Pachisi player: a template to copy, rename and make your own.

How to use it
-------------
1. Copy this file into your class's players folder under your own name, for example
   ``players/alice.py`` (``pw.tournament.new_player("players/alice.py")`` does it for you).
2. Change ``name`` and the strategy in :meth:`MyPlayer.choose`. Keep one player class per file.
3. Check it: ``pw.check_agent("players/alice.py")`` plays it through positions of every preset
   with 2 and 4 players and tells you, in plain words, anything a tournament would refuse.
4. Play: ``pw.tournament(["players/alice.py", "greedy", "random"], games=100, seed=1)``, or the
   whole class with ``pw.tournament.from_folder("players/")``.

The rules of a player
---------------------
- ``choose(state, rng)`` is called whenever your seat has a choice (when the only legal move is
  a pass, the game plays it for you). It must **return one of** ``state.legal_moves()``.
- Anything else is a **forfeit**: returning None or something that is not a legal move, raising
  an exception, or taking longer than the time a move may take (1 second unless the teacher
  sets ``move_time=``). The game is then lost, and the tournament says why, in which position.
- **Random choices only from** ``rng`` (``rng.random()``, ``rng.choice(...)``), never from the
  ``random`` module or the clock: the same position and the same ``rng`` must give the same move,
  so that a tournament with the same seed gives the same results on any computer.
- **No memory from one game to the next**: every game gets a fresh copy of your player. Within a
  game you may remember things on ``self``.
- Do not print, read files or use the network while choosing.

What you may read
-----------------
``state`` is an immutable :class:`pachisi_widget.GameState` (changing it is impossible):

- ``state.to_move``: your seat, 0..3 (South, East, North, West);
- ``state.seats``: the seats in play, e.g. ``(0, 2)`` with 2 players;
- ``state.pieces[seat]``: 4 steps along that seat's own track, 0 = still waiting in the Charkoni,
  1..83 on the board, 84 = home (None for a seat nobody plays);
- ``state.pending()``: the throw values you may still spend this turn;
- ``state.captures[seat]``, ``state.turn``, ``state.rules`` (the :class:`pachisi_widget.Rules`
  in force: ``rules.teams``, ``rules.values``...);
- ``state.legal_moves()``: every legal move, in a fixed order, the pass last. A move ``m`` has
  ``m.piece``, ``m.start`` and ``m.end`` (steps), ``m.value`` (the throw it spends), ``m.kind``
  (``"enter"``, ``"move"`` or ``"pass"``) and ``m.captures`` (the pieces it sends home);
- ``state.apply(m)``: the state after ``m`` (to look ahead); ``state.chance_outcomes()`` when a
  throw is due: each throw with its exact probability;
- helpers in :mod:`pachisi_widget.agents`: ``danger(...)`` (how many opponent pieces can hit a
  square with one throw), ``evaluate(state, seat)``, ``reach_values(rules)``.

>>> import random, pachisi_widget as pw
>>> g = pw.Game(players=2, seed=3); _ = g.throw()
>>> MyPlayer().choose(g.state, random.Random(0)) in g.legal_moves()
True
"""

from pachisi_widget.agents import Agent


class MyPlayer(Agent):
    """Capture when possible; otherwise move the rearmost piece. A plain start: make it yours."""

    name = "my player"  # how tables show the player when the file's name is not used

    def choose(self, state, rng):
        moves = state.legal_moves()

        def score(m):
            """A tuple, compared item by item: the move with the biggest score is played."""
            if m.kind == "pass":
                return (-1, 0)  # pass only when nothing else is legal
            # Ideas to try, one at a time (measure each with a tournament):
            # - land safe: danger(state.to_move, m.end, state.pieces, state.seats,
            #   state.rules.teams, reach_values(state.rules)) <= 0  (both from pachisi_widget.agents)
            # - take a piece home: m.end == 84
            # - race: m.end - m.start (the longest move) instead of -m.start
            return (len(m.captures), -m.start)  # captures first, then the rearmost piece

        # max() keeps the first of equal scores: the same state always gives the same move
        return max(moves, key=score)
