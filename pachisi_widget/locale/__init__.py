"""Translators' files, one folder a language (see :mod:`pachisi_widget.words.catalogue`).

``en/`` is the template (its msgstr are empty); every other language has the same files:

- ``board.po``: the narration of throws and moves, whose turn, the game's end, status messages;
- ``errors.po``: refusals and error messages (illegal moves, the board's messages, impossible
  positions, saved game records that cannot be read);
- ``coach.po``: chances to win, the tutor's verdict, hints and heat maps;
- ``practice.po``: replay, analysis and the practice questions;
- ``lessons.po``: the exercise checker's sentences;
- ``rules.po``: rules that differ from a preset, in words;
- ``labels.po``: buttons, headings and badges;
- ``words.po``: countable nouns (plural entries), seats, presets, computer players, small words.

``python scripts/words.py check`` lists what is missing, fuzzy or wrong; ``update`` brings the
translations in step after an English sentence changed.
"""
