"""Each game's seed: one ``random.Random(seed)`` draws them, and every engine plays them.

The pure-Python engine seeds ``random.Random(s)`` with game seed ``s``; the numpy engine
seeds numpy's legacy ``RandomState`` with :func:`seed_words` of ``s``, which gives the very
same doubles. So both engines, on any executor, play the same games from one seed. This module
uses the standard library only: the lab imports it without numpy.

>>> game_seeds(1, 2) == list(islice(iter_game_seeds(1), 2))
True
"""

from __future__ import annotations

import random
from itertools import islice

__all__ = ["seed_words", "iter_game_seeds", "game_seeds"]


def seed_words(seed: int) -> list:
    """The 32-bit words (least significant first) that ``random.Random(seed)`` seeds with.

    >>> seed_words(2**32 + 5)
    [5, 1]
    """
    words = []
    seed = abs(seed)
    while True:
        words.append(seed & 0xFFFFFFFF)
        seed >>= 32
        if not seed:
            return words


def iter_game_seeds(seed: int):
    """Each game's seed in turn, drawn from ``random.Random(seed)`` as they are needed; each has
    two 32-bit words (numpy seeds a one-word array differently from Python, so one-word seeds
    are avoided). Every engine of :func:`pachisi_widget.simulate.simulate` plays these seeds.

    >>> len(list(islice(iter_game_seeds(1), 3)))
    3
    """
    bits = random.Random(seed).getrandbits
    while True:
        yield bits(62) | (1 << 62)


def game_seeds(seed: int, games: int) -> list:
    """The first ``games`` seeds of :func:`iter_game_seeds` as a list."""
    return list(islice(iter_game_seeds(seed), games))
