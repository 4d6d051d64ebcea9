"""The modules that moved into the lab keep their old import paths (``pachisi_widget.simulate``,
``pachisi_widget.fastnp``): tests, notebooks and students' code import them.

An old path is a small module holding the moved module's names, and every write to it is a
write to the moved module: so ``monkeypatch.setattr(pachisi_widget.simulate, ...)`` changes what
``simulate()`` itself uses. The old module's own file (and docstring) stays for the tools that
read it (pytest's doctest collection refuses a module whose ``__file__`` is another file's).
"""

from __future__ import annotations

import sys
import types


def forward(name: str, load) -> None:
    """Make the module ``name`` (being imported) the old path of the module ``load()`` returns.

    ``load`` runs on the first read or write of a name (so ``from pachisi_widget import fastnp``
    does not import numpy until the numpy engine is used).
    """
    module = sys.modules[name]
    for key in [k for k in vars(module) if not k.startswith("__")]:
        del module.__dict__[key]
    moved: list = []

    def target():
        if not moved:
            moved.append(load())
            # a copy of its names here (pytest's monkeypatch reads the module's __dict__),
            # kept in step by every write through the old path
            module.__dict__.update(
                (k, v)
                for k, v in vars(moved[0]).items()
                if not k.startswith("__") or k == "__all__"
            )
        return moved[0]

    class _OldPath(types.ModuleType):
        def __getattr__(self, attr):
            if attr.startswith("__") and attr != "__all__":
                raise AttributeError(attr)
            return getattr(target(), attr)

        def __setattr__(self, attr, value):
            if not attr.startswith("__"):
                setattr(target(), attr, value)
            super().__setattr__(attr, value)

        def __delattr__(self, attr):
            if not attr.startswith("__"):
                delattr(target(), attr)
            super().__delattr__(attr)

        def __dir__(self):
            return dir(target())

    module.__class__ = _OldPath
