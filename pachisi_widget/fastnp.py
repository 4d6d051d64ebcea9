"""Old path of :mod:`pachisi_widget.lab.fastnp` (numpy loads on first use): notebooks, tests
and students import it."""

from .lab._old_paths import forward


def _load():
    from .lab import fastnp

    return fastnp


forward(__name__, _load)
