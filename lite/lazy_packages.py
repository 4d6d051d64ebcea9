"""Packages of the site that load the first time they are imported, not while Python starts.

scripts/build_lite.py puts this module in the standard library's zip, and sitecustomize.py adds
its finder. The offline site's Pyodide lock (``static/pyodide/pyodide-lock.json``) lists every
package the site carries. The kernel loads most of them while Pyodide starts; a few that a lesson
seldom needs stay in the site unloaded, which shortens every lesson's start (build_lite.py,
``LAZY``): jedi and parso (Tab completion), prompt_toolkit and wcwidth (IPython's terminal).
Any package of the lock that is not loaded yet loads when it is first imported:

- by a cell's own ``import``: the kernel loads it from the lock before the cell runs, as it does
  for every import a cell names (Pyodide's ``loadPackagesFromImports``; nothing here is needed);
- by library code (IPython's completer imports jedi at the first Tab, and jedi imports parso):
  :class:`LockFinder`, which Python asks after its usual finders failed, fetches the wheel the
  lock names from the site, checks it against the lock's sha256, unpacks it into site-packages,
  with the lock's dependencies it lacks, and marks it loaded, as ``pyodide.loadPackage`` would.
  The fetch is synchronous, which the kernel's web worker allows; a failed one raises an
  ImportError that says what was fetched and why it failed.

:func:`available` says whether a package can be imported, without loading it: piplite answers
"installed" for these, and IPython's completer knows jedi is there.
"""

from __future__ import annotations

import sys

#: a lock entry's ``install_dir`` and where its files go
SITE = "site"
#: what Pyodide's loader writes in ``loadedPackages`` for a package of the site's lock
CHANNEL = "default channel"

_by_import: dict[str, str] | None = None  # {top-level import name: lock package name}
_lock: dict[str, dict] | None = None


def _canonical(name: str) -> str:
    """A package name as the lock spells its keys (PEP 503)."""
    import re

    return re.sub(r"[-_.]+", "-", name).lower()


def _read_lock() -> tuple[dict[str, dict], dict[str, str]]:
    """The site's lock ({package: entry}) and its import names; empty outside Pyodide."""
    global _lock, _by_import
    if _lock is None:
        # Looked up, not imported: an import here would ask this module's finder again.
        pyodide_js = sys.modules.get("pyodide_js")
        try:
            lock = pyodide_js._api.lockfile_packages.to_py()
        except Exception:  # noqa: BLE001 - not Pyodide, or not started yet: ask again later
            return {}, {}
        _lock = {_canonical(name): entry for name, entry in lock.items()}
        _by_import = {}
        for name, entry in _lock.items():
            for module in entry.get("imports", []):
                _by_import.setdefault(module, name)
    return _lock, _by_import


def _loaded(package: str) -> bool:
    """True when the lock's ``package`` is loaded (Pyodide's ``loadedPackages`` uses the lock
    entry's own spelling of its name)."""
    import pyodide_js

    lock, _ = _read_lock()
    return getattr(pyodide_js.loadedPackages, lock[package]["name"], None) is not None


def available(name: str) -> bool:
    """True when ``name`` (a package or an import name) is in the site's lock: importable, now or
    on first import. Nothing is loaded."""
    lock, by_import = _read_lock()
    return _canonical(name) in lock or name in by_import


def _fetch(url: str) -> bytes:
    from js import XMLHttpRequest  # a web worker's; Node.js has none (ImportError)

    request = XMLHttpRequest.new()
    request.open("GET", url, False)
    request.responseType = "arraybuffer"
    request.send()
    if request.status != 200:
        raise OSError(f"HTTP {request.status} {request.statusText}")
    return request.response.to_bytes()


def load(name: str) -> None:
    """Load the lock's package ``name`` and the dependencies it lacks, now (synchronously)."""
    import hashlib
    import io
    import sysconfig
    import zipfile

    import pyodide_js

    lock, _ = _read_lock()
    todo, seen = [_canonical(name)], set()
    while todo:
        package = todo.pop()
        if package in seen or _loaded(package):
            continue
        seen.add(package)
        entry = lock[package]
        todo += [_canonical(dep) for dep in entry.get("depends", [])]
        url = pyodide_js._api.config.indexURL + entry["file_name"]
        try:
            data = _fetch(url)
        except Exception as exc:  # noqa: BLE001 - said in the ImportError
            raise ImportError(
                f"{entry['name']} is in this site but could not be fetched from {url}: {exc}",
                name=name,
            ) from None
        if hashlib.sha256(data).hexdigest() != entry["sha256"]:
            raise ImportError(
                f"{url} is not the file this site's lock names for "
                f"{entry['name']} (its sha256 differs)",
                name=name,
            )
        where = sysconfig.get_path("purelib") if entry.get("install_dir", SITE) == SITE else None
        if where is None:
            raise ImportError(
                f"{entry['name']} installs into {entry['install_dir']!r}, which "
                "this loader does not handle",
                name=name,
            )
        with zipfile.ZipFile(io.BytesIO(data)) as wheel:
            wheel.extractall(where)
        setattr(pyodide_js.loadedPackages, entry["name"], CHANNEL)


class LockFinder:
    """A meta path finder after the usual ones: a top-level module that the site's lock has but
    that is not loaded yet is loaded (:func:`load`), then found as usual."""

    @staticmethod
    def find_spec(fullname, path=None, target=None):
        if path is not None:  # a submodule: its package is loaded already
            return None
        _, by_import = _read_lock()
        package = by_import.get(fullname)
        if package is None or _loaded(package):
            return None
        load(package)
        import importlib
        from importlib.machinery import PathFinder

        importlib.invalidate_caches()
        return PathFinder.find_spec(fullname)

    @staticmethod
    def invalidate_caches():
        pass


def install() -> None:
    """Put :class:`LockFinder` right after the standard path finder (before Pyodide's own, which
    only explains that a package is not loaded)."""
    from importlib.machinery import PathFinder

    if LockFinder in sys.meta_path:
        return
    try:
        where = sys.meta_path.index(PathFinder) + 1
    except ValueError:
        where = len(sys.meta_path)
    sys.meta_path.insert(where, LockFinder)
