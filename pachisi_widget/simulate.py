"""Old path of :mod:`pachisi_widget.lab.simulate`: notebooks, tests and students import it."""

from .lab._old_paths import forward


def _load():
    from .lab import simulate

    return simulate


forward(__name__, _load)
