"""The lab: many games at once, their statistics, and the tools a lesson's experiment uses.

What is here, one idea a file:

- :mod:`~pachisi_widget.lab.seeds`: each game's seed, drawn from one seed (every engine plays
  them, so the same seed gives the same games wherever they run);
- :mod:`~pachisi_widget.lab.parallel`: executors, chunks of games sent to them, and the one
  progress report (a tqdm bar or a ``progress(done, total)`` call);
- :mod:`~pachisi_widget.lab.stats`: the 95% z, the Wilson interval and the rating fit;
- :mod:`~pachisi_widget.lab.playing`: one game played to its end on the rules engine;
- :mod:`~pachisi_widget.lab.simulate`: :func:`~pachisi_widget.simulate.simulate`, many games
  and their statistics;
- :mod:`~pachisi_widget.lab.fastnp`: the numpy many-game engine (it imports numpy, so only
  the functions that use it import it, when they run). It is the one module over 600 lines: the
  second implementation of the rules, checked action by action against the engine, reads best
  as one file in the order of one iteration's five steps.

Where the rest of the lab lives, and why:

- ``simulate`` and ``fastnp`` moved in here because they are the lab's engine room: the shared
  parts above serve them first, and the lab's own tools (a lesson's match, say) import them
  from inside the lab without an import cycle. Their old paths, ``pachisi_widget.simulate``
  and ``pachisi_widget.fastnp``, stay (notebooks, tests and students' code import them; every
  write through an old path reaches the moved module, so ``monkeypatch`` keeps working), and
  ``pw.simulate`` is still the function.
- ``coach/`` and ``tournament/`` stay packages at the top (``pw.coach.evaluate``,
  ``pw.tournament(...)``): they are instruments a notebook names, and they import the lab.
- ``probability`` stays at the top: exact odds of one position, no many games, and the
  teaching side (the board's heat maps, practice questions) reads it as much as the coach.
- ``replay`` stays at the top: it steps through one recorded game; the lab lends it only the
  coach and :func:`~pachisi_widget.lab.parallel.numpy_installed`.

Nothing here imports the teaching modules, the session or the widget (``tests/unit/test_layers.py``).
"""
