"""Runs when the site's Python starts (scripts/build_lite.py puts it in the standard library's zip).

The kernel's working folder is the site's file browser (``/drive``), which lives in the page, not
in the kernel: every look at it is a synchronous round trip from the kernel's worker through the
service worker to the page, slowest exactly while the page is busy drawing the lesson. Python
looks in the working folder for every top-level module imported anywhere, so the optional
imports the installed libraries try while the kernel starts (``_hashlib``, ``colorama``,
``argcomplete``, ...) made dozens of those trips, each taking up to a few hundred milliseconds.

Here the working folder is looked in only for imports written in the student's own code (a
notebook cell, a file of the working folder): ``import mymodule`` in a cell finds the student's
``mymodule.py`` exactly as before (first, as in any Python), while the imports that the standard
library, the site's packages and the kernel's own start-up make never look in the student's
folder. Likewise a package's metadata looked up by name (``importlib.metadata.version("x")``,
which prompt_toolkit does when IPython starts) is found in the installed packages first, and
only a name found nowhere else is looked for in the working folder.

Packages that the site carries but does not load at start load on their first import
(lazy_packages.py, also in the zip).
"""

import sys
from importlib._bootstrap_external import _get_supported_file_loaders
from importlib.machinery import FileFinder

#: where the code of the standard library's zip and of the installed packages lives
LIBRARY = "/lib/"
#: the file name of code that JavaScript runs (the kernel's own start-up, never a student's cell)
FROM_JAVASCRIPT = "<exec>"


def imported_by_library() -> bool:
    """True when the import being looked up was made by library code (found by walking out of
    the import machinery to the frame that asked for the module)."""
    frame = sys._getframe(2)
    while frame is not None:
        name = frame.f_code.co_filename
        if name.startswith("<frozen importlib") or "/importlib/" in name:
            frame = frame.f_back
            continue
        return name.startswith(LIBRARY) or name == FROM_JAVASCRIPT
    return False


class WorkingFolderFinder(FileFinder):
    """The working folder's finder: skipped for the imports libraries make."""

    def find_spec(self, fullname, target=None):
        if imported_by_library():
            return None
        return super().find_spec(fullname, target)

    def _fill_cache(self):
        # The folder's names, in one trip to the page: Python's os.listdir would also look up
        # every entry (a trip each, for its type), and only the names are needed here.
        try:
            from pyodide_js import FS

            names = FS.readdir(self.path or FS.cwd())
            self._path_cache = {name for name in names if name not in (".", "..")}
        except Exception:  # noqa: BLE001 - not Pyodide, or no such folder: Python's own way
            super()._fill_cache()


def working_folder_hook(path):
    # sys.path's "" reaches the path hooks as the working folder's absolute path.
    import os

    try:
        here = os.getcwd()
    except OSError:
        here = None
    if path != here or path.startswith(LIBRARY):
        raise ImportError("not the working folder")
    return WorkingFolderFinder(path, *_get_supported_file_loaders())


class InstalledMetadataFirst:
    """A meta path entry for ``importlib.metadata``: a distribution looked up by name comes from
    ``sys.path`` without the working folder when it is there; otherwise the usual search (which
    comes after this one) looks everywhere."""

    @staticmethod
    def find_spec(fullname, path=None, target=None):
        return None

    @staticmethod
    def find_distributions(context=None):
        if context is None or context.name is None or "" not in context.path:
            return ()
        from importlib.metadata import DistributionFinder, MetadataPathFinder

        elsewhere = DistributionFinder.Context(
            name=context.name, path=[entry for entry in context.path if entry != ""]
        )
        return MetadataPathFinder.find_distributions(elsewhere)

    @staticmethod
    def invalidate_caches():
        pass


sys.path_hooks.insert(0, working_folder_hook)
sys.path_importer_cache.clear()
sys.meta_path.insert(0, InstalledMetadataFirst)

try:
    import lazy_packages
except ImportError:  # a site built without it
    pass
else:
    lazy_packages.install()
