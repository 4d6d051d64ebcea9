"""Build the static JupyterLite site of the pachisi_widget tutorials (run it through build_lite.sh).

The site runs Python in the browser (the Pyodide kernel) and needs no server and, by default, no
internet: everything it loads is in the output folder.

- the Pyodide runtime comes from the npm package ``pyodide`` at the version the kernel expects
  (its five runtime files go to ``static/pyodide/``);
- every Python package the kernel and the lessons need is in the site's Pyodide lock
  (``static/pyodide/pyodide-lock.json``), and the kernel loads them, in parallel, while Pyodide
  itself starts (``loadPyodideOptions.packages``), all but the few no lesson needs at start
  (jedi, prompt_toolkit...: :data:`LAZY`), which load on first import. The lock holds the
  entries the kernel needs (IPython, jedi, micropip...) as the same-version pure wheels from the
  Python package index, the kernel's own shims (piplite, the ipykernel and pyodide-kernel shims,
  widgetsnbextension), and this package's wheel (front-end bundle included) with its
  pure-Python dependencies (anywidget, ipywidgets, comm, psygnal, ...). The lock keeps only
  those entries, each with the ``sha256`` of the file the site carries (Pyodide checks it);
  numpy, matplotlib and the other compiled packages are not in the site. The same wheels are
  also served by piplite from ``pypi/``, so ``%pip install`` of them works (and does nothing,
  as they are installed);
- the kernel's start imports only what a lesson's first cells need: the site's copies of IPython
  and piplite load IPython's terminal, jedi and micropip on first use instead of at import
  (:data:`PATCH`; ``scripts/lite_timeline.py`` measures where a lesson's start goes);
- the page does less while Python starts (``lite/jupyter-lite.json``). The lab shows a notebook
  with JupyterLab's ``full`` windowing: only the cells in view are in the page. With the default
  (every cell in the page, drawn while the page is idle) the drawing of a long lesson kept one of
  this machine's two cores busy for as long as Python started, and the kernel's start shared the
  other with the browser. And the lab leaves out the plugins a lesson has no use for (the cell
  toolbar, cell tags and metadata forms, the log console, language servers);
- all of that Python, and the standard library's zip, carry bytecode compiled by the same Pyodide
  in Node.js (``lite/pyodide_compile.py``): a browser's Python otherwise compiles every module it
  imports at every start. The zip also gains ``lite/sitecustomize.py`` (imports look in the
  notebook's folder, which lives in the page, last) and ``lite/lazy_packages.py`` (the
  :data:`LAZY` packages' loader);
- the tutorials, the lessons of ``pachisi_widget.lessons.catalog()`` in ``notebooks/`` and
  ``notebooks/ro/`` with the files beside them (the rules sheets), are the site's contents,
  copied without outputs or execution counts; the build names each notebook it cleaned, each
  lesson of the course that is missing, and each other notebook of the folder (a scratch
  ``Untitled.ipynb``), which it leaves out;
- every page that can open a notebook shows "Starting Python…" until the lesson's Python is
  ready (``lite/starting-python.js``).

``--online`` leaves the Pyodide runtime out: the site then loads Pyodide and its whole package
set (numpy, matplotlib, ...) from Pyodide's CDN, for a deployment that has internet; there the
kernel installs the site's wheels with piplite at start, as JupyterLite does by default.

Everything downloaded or compiled is cached in ``.cache/lite/`` (git-ignored), so a rebuild takes
seconds.
"""

from __future__ import annotations

import argparse
import ast
import base64
import email.parser
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / ".cache" / "lite"
PROJECT = "pachisi-widget"
PROJECT_PY = ROOT / ".venv" / "bin" / "python"
LITE = ROOT / "lite"
LITE_CONFIG = LITE / "jupyter-lite.json"
NOTEBOOKS = ROOT / "notebooks"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: the notice shown while a lesson's Python starts, added to these apps' pages
STARTING_JS = LITE / "starting-python.js"
STARTING_APPS = ("lab", "notebooks", "consoles", "repl")
#: runs Python inside Pyodide in Node.js, to compile bytecode for that exact interpreter
COMPILE_JS = LITE / "pyodide_compile.mjs"
COMPILE_PY = LITE / "pyodide_compile.py"
SITECUSTOMIZE = LITE / "sitecustomize.py"
LAZY_PACKAGES = LITE / "lazy_packages.py"
#: what the lessons' Python imports (the kernel's start-up, the board, completion, tracebacks):
#: the modules these load get bytecode (see lite/pyodide_compile.py)
PROFILE_IMPORTS = (
    "micropip",
    "piplite.piplite",
    "pyodide_kernel",
    "pachisi_widget",
    "pachisi_widget.widget",
    "pachisi_widget.lessons",
    "anywidget",
    "ipywidgets",
    "IPython.core.ultratb",
    "pygments.lexers.python",
    "pygments.formatters.html",
    "pygments.formatters.terminal256",
)
#: parts of wheels no lesson can use, left out of the copies the kernel loads (folders stay,
#: empty). Every start unpacks every file of those copies, one by one:
#: - jedi's type stubs for Django and for third-party libraries, none of which the site has
#:   (1,100 of jedi's 2,000 files);
#: - tests (traitlets, ipywidgets), IPython's Sphinx extension and manual page, and the
#:   JupyterLab extension that anywidget and jupyterlab_widgets carry for a Jupyter server (the
#:   page has its own, in ``extensions/``). ``{data}`` is the wheel's ``NAME-VERSION.data``
#:   folder. The copies piplite serves (``pypi/``) keep all of it;
#: - pygments' lexers, except those of :data:`LEXERS` (230 of pygments' 370 files).
TRIM = {
    "jedi": ("jedi/third_party/typeshed/third_party/", "jedi/third_party/django-stubs/"),
    "ipython": ("IPython/sphinxext/", "{data}/"),
    "traitlets": ("traitlets/tests/",),
    "ipywidgets": ("ipywidgets/tests/", "ipywidgets/widgets/tests/"),
    "anywidget": ("{data}/",),
    "jupyterlab-widgets": ("{data}/",),
    "pygments": ("pygments/lexers/", "pygments/sphinxext.py"),
}
#: the pygments lexer modules the site keeps, with the lexer modules they import: Python's (for
#: tracebacks and ``?``) and the languages a lesson's reader would most likely show with
#: ``IPython.display.Code`` (shell, HTML, JavaScript, JSON, Markdown, TeX, C, SQL, R, ...)
LEXERS = (
    "python",
    "special",
    "shell",
    "html",
    "javascript",
    "markup",
    "data",
    "css",
    "c_cpp",
    "sql",
    "r",
    "julia",
    "ruby",
    "perl",
    "configs",
    "diff",
    "jvm",
)
#: changes to lock wheels, {package: {member: ((old text, new text), ...)}}. They make the
#: kernel's start import less (554 modules instead of 872 once lesson 01 ran; the start's
#: processor time 7.0 s instead of 8.2 s: ``scripts/lite_timeline.py --kernel-cpu``), and change
#: nothing a lesson can see:
#: - IPython's package imports its terminal (``IPython.embed``) at import: prompt_toolkit, the
#:   terminal's shell and its debugger, about half of the modules the kernel's start imported,
#:   none of which a browser's kernel uses. Here ``IPython.embed`` loads them when first called;
#: - IPython's completer imports jedi (and parso) at import, for the first Tab completion. Here
#:   jedi loads at the first completion that uses it (``JEDI_INSTALLED`` still says whether it
#:   is there, so completion works as before; jedi is one of the :data:`LAZY` packages);
#: - piplite (which the kernel imports at start) imports micropip and unittest.mock at import,
#:   for its installs; the lessons' first cell asks it for packages the site has installed
#:   already, which micropip then finds installed and leaves. Here micropip loads at the first
#:   install that needs it, and an install of bare names all installed (or :data:`LAZY`, which
#:   load on first import) returns at once.
SITE_COPY = "this copy of IPython is the offline JupyterLite site's (scripts/build_lite.py, PATCH)"
PATCH = {
    "ipython": {
        "IPython/__init__.py": (
            (
                "from .terminal.embed import embed\n",
                "def embed(*args, **kwargs):\n"
                "    # The terminal (prompt_toolkit, half of IPython's modules) loads on first use:\n"
                f"    # {SITE_COPY}.\n"
                "    from .terminal.embed import embed as terminal_embed\n\n"
                "    return terminal_embed(*args, **kwargs)\n\n\n",
            ),
        ),
        "IPython/core/completer.py": (
            (
                "try:\n"
                "    import jedi\n"
                "    jedi.settings.case_insensitive_completion = False\n"
                "    import jedi.api.helpers\n"
                "    import jedi.api.classes\n"
                "    JEDI_INSTALLED = True\n"
                "except ImportError:\n"
                "    JEDI_INSTALLED = False\n",
                "# jedi loads at the first completion that uses it (the site loads its package then):\n"
                f"# {SITE_COPY}.\n"
                "try:\n"
                "    from lazy_packages import available as _available\n"
                "except ImportError:\n"
                "    import importlib.util as _importlib_util\n\n"
                "    def _available(name):\n"
                "        return _importlib_util.find_spec(name) is not None\n"
                "JEDI_INSTALLED = _available('jedi')\n\n\n"
                "def _load_jedi():\n"
                "    import jedi\n"
                "    jedi.settings.case_insensitive_completion = False\n"
                "    import jedi.api.helpers\n"
                "    import jedi.api.classes\n"
                "    return jedi\n",
            ),
            (
                "        interpreter = jedi.Interpreter(text[:offset], namespaces)\n",
                "        interpreter = _load_jedi().Interpreter(text[:offset], namespaces)\n",
            ),
        ),
    },
    "piplite": {
        "piplite/piplite.py": (
            (
                '"""\n\nimport asyncio\n',
                '"""\n\nfrom __future__ import annotations  # micropip\'s types load later\n\n'
                "import asyncio\n",
            ),
            (
                "from unittest.mock import patch\n\n"
                "import micropip\n"
                "from micropip.package_index import CompatibilityLayer, ProjectInfo\n"
                "from micropip.package_index import query_package as _MP_QUERY_PACKAGE\n",
                "# micropip loads at the first install that needs it, and an install of packages that\n"
                "# are all installed already (a lesson's first cell) does nothing, as micropip would:\n"
                f"# {SITE_COPY.replace('IPython', 'piplite')}.\n"
                "import re as _re\n"
                "from importlib.metadata import PackageNotFoundError as _NotFound\n"
                "from importlib.metadata import distribution as _distribution\n\n"
                "try:  # the site's packages that load on first import count as installed\n"
                "    from lazy_packages import available as _available\n"
                "except ImportError:\n"
                "    def _available(name):\n"
                "        return False\n\n\n"
                "def _load_micropip():\n"
                "    global micropip, CompatibilityLayer, ProjectInfo, _MP_QUERY_PACKAGE, patch\n"
                "    from unittest.mock import patch\n\n"
                "    import micropip\n"
                "    from micropip.package_index import CompatibilityLayer, ProjectInfo\n"
                "    from micropip.package_index import query_package as _MP_QUERY_PACKAGE\n\n\n"
                "def _all_installed(requirements) -> bool:\n"
                "    names = [requirements] if isinstance(requirements, str) else list(requirements)\n"
                "    for name in names:\n"
                "        if not _re.fullmatch(r'[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?', name):\n"
                "            return False  # a version, an extra, a URL: micropip decides\n"
                "        if _available(name):\n"
                "            continue  # the site has it (asked first: a search by name that finds\n"
                "            # nothing installed goes on into the notebook's folder, in the page)\n"
                "        try:\n"
                "            _distribution(name)\n"
                "        except _NotFound:\n"
                "            return False\n"
                "    return True\n",
            ),
            (
                '    """Invoke micropip.install with a patch to get data from local indexes"""\n',
                '    """Invoke micropip.install with a patch to get data from local indexes"""\n'
                "    if not reinstall and not constraints and _all_installed(requirements):\n"
                "        return\n"
                "    _load_micropip()\n",
            ),
        ),
    },
}
PROFILE_SNIPPETS = ("import jedi\njedi.Interpreter('import json\\njson.du', [{}]).complete()",)

#: the runtime files of the npm package that a site needs (no wheels ship with it)
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: what the kernel installs at start-up besides its own shims (see the kernel worker's initKernel)
KERNEL_NEEDS = ("micropip", "comm", "ipython", "jedi")
#: what the kernel worker loads at start unless ``loadPyodideOptions.packages`` names it (these
#: exact names: initPackageManager and initKernel test them), then what every lesson imports.
#: jedi is not here: it is :data:`LAZY`, and the kernel's install of it (piplite) finds it there
PRELOAD = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "ipython", PROJECT)
#: lock packages the site carries but does not load at start: they load on first import
#: (lite/lazy_packages.py), and no package loaded at start depends on them in the site's lock.
#: Unpacking them was a fifth of the packages' share of every start (their 1,000 files; 0.6 s of
#: Pyodide's 1.5 s in Node.js), for what no lesson uses: Tab completion (jedi, parso) and
#: IPython's terminal (prompt_toolkit, wcwidth), which loads only for ``IPython.embed``
LAZY = ("jedi", "parso", "prompt-toolkit", "wcwidth")
#: the environment Pyodide's Python reports, for dependency markers
PYODIDE_MARKERS = {
    "python_version": "3.14",
    "python_full_version": "3.14.2",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "os_name": "posix",
    "platform_release": "",
    "platform_version": "",
    "implementation_version": "3.14.2",
    "extra": "",
}
PIP_DOWNLOAD = [
    "download",
    "--no-deps",
    "--only-binary=:all:",
    "--platform",
    "any",
    "--python-version",
    "3.14",
    "--implementation",
    "py",
    "--disable-pip-version-check",
    "--quiet",
]


def say(message: str) -> None:
    print(f"[build_lite] {message}", flush=True)


class BuildError(RuntimeError):
    pass


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    """Run a command; on failure raise with its output."""
    result = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        raise BuildError(
            f"command failed ({result.returncode}): {' '.join(map(str, cmd))}\n"
            f"{result.stdout[-4000:]}\n{result.stderr[-4000:]}"
        )
    return result


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def wheel_metadata(wheel: Path):
    """The parsed METADATA of a wheel."""
    with zipfile.ZipFile(wheel) as archive:
        name = next(
            n for n in archive.namelist() if n.endswith(".dist-info/METADATA") and n.count("/") == 1
        )
        return email.parser.Parser().parsestr(archive.read(name).decode("utf-8"))


def wheel_requirements(wheel: Path) -> list[Requirement]:
    """The wheel's unconditional requirements, as Pyodide's Python would see them (no extras)."""
    found = []
    for line in wheel_metadata(wheel).get_all("Requires-Dist") or []:
        req = Requirement(line)
        if req.marker is None or req.marker.evaluate(PYODIDE_MARKERS):
            found.append(req)
    return found


# --- the pieces ---------------------------------------------------------------------------------


def ensure_frontend_bundle() -> None:
    """Rebuild pachisi_widget/static/ when js/ is newer (the wheel build keeps an existing one)."""
    bundle = ROOT / "pachisi_widget" / "static" / "widget.js"
    sources = [p for p in (ROOT / "js").glob("*") if p.is_file() and ".test." not in p.name]
    sources += [ROOT / "package.json", ROOT / "package-lock.json"]
    if bundle.is_file() and all(
        p.stat().st_mtime <= bundle.stat().st_mtime for p in sources if p.exists()
    ):
        return
    say("front end changed: npm run build")
    run(["npm", "run", "build", "--silent"], cwd=ROOT)


def project_wheel() -> Path:
    """This package's wheel, rebuilt only when its inputs changed (cached by their hash)."""
    inputs = [ROOT / "pyproject.toml", ROOT / "README.md", ROOT / "LICENSE"]
    inputs += sorted(
        p
        for p in (ROOT / "pachisi_widget").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    )
    digest = hashlib.sha256()
    for path in inputs:
        if path.exists():
            digest.update(str(path.relative_to(ROOT)).encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    folder = CACHE / "project" / digest.hexdigest()[:20]
    wheels = sorted(folder.glob("pachisi_widget-*.whl"))
    if wheels:
        return wheels[0]
    if not PROJECT_PY.exists():
        raise BuildError(f"{PROJECT_PY} is missing: run scripts/bootstrap.sh")
    say("building the pachisi_widget wheel (pip wheel . --no-deps)")
    shutil.rmtree(CACHE / "project", ignore_errors=True)
    scratch = Path(tempfile.mkdtemp(prefix="wheel-", dir=CACHE))
    try:
        run(
            [
                str(PROJECT_PY),
                "-m",
                "pip",
                "wheel",
                ".",
                "--no-deps",
                "--disable-pip-version-check",
                "-q",
                "-w",
                str(scratch),
            ],
            cwd=ROOT,
        )
        built = sorted(scratch.glob("pachisi_widget-*.whl"))
        if len(built) != 1:
            raise BuildError(f"pip wheel produced {[p.name for p in scratch.iterdir()]}")
        with zipfile.ZipFile(built[0]) as archive:
            if "pachisi_widget/static/widget.js" not in archive.namelist():
                raise BuildError(f"{built[0].name} lacks pachisi_widget/static/widget.js")
        folder.mkdir(parents=True, exist_ok=True)
        return Path(shutil.move(str(built[0]), folder / built[0].name))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def pyodide_runtime(version: str) -> Path:
    """The folder holding the five runtime files of the npm package ``pyodide@version``."""
    folder = CACHE / f"pyodide-{version}"
    if all((folder / name).is_file() for name in PYODIDE_FILES):
        return folder
    say(f"fetching the Pyodide runtime {version} (npm pack pyodide@{version})")
    scratch = Path(tempfile.mkdtemp(prefix="npm-", dir=CACHE))
    try:
        run(
            ["npm", "pack", f"pyodide@{version}", "--silent", "--pack-destination", str(scratch)],
            cwd=scratch,
        )
        tarball = next(scratch.glob("pyodide-*.tgz"))
        partial = scratch / "files"
        partial.mkdir()
        with tarfile.open(tarball) as archive:
            for name in PYODIDE_FILES:
                member = archive.getmember(f"package/{name}")
                with archive.extractfile(member) as src, open(partial / name, "wb") as dst:
                    shutil.copyfileobj(src, dst)
        shutil.rmtree(folder, ignore_errors=True)
        shutil.move(str(partial), folder)
        return folder
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def pip_download(spec: str, dest: Path, pattern: str, accept=lambda path: True) -> Path:
    """A pure wheel for ``spec``; a file in ``dest`` matching ``pattern`` (and ``accept``) is
    reused, so each wheel is downloaded once."""
    dest.mkdir(parents=True, exist_ok=True)
    regex = re.compile(pattern, re.IGNORECASE)
    cached = [p for p in dest.glob("*.whl") if regex.fullmatch(p.name) and accept(p)]
    if cached:
        return max(cached, key=lambda p: p.stat().st_mtime)
    scratch = Path(tempfile.mkdtemp(prefix="pip-", dir=CACHE))
    try:
        run([sys.executable, "-m", "pip", *PIP_DOWNLOAD, "-d", str(scratch), spec])
        got = sorted(scratch.glob("*.whl"))
        if len(got) != 1 or not got[0].name.endswith("-none-any.whl"):
            raise BuildError(f"no pure wheel for {spec}: got {[p.name for p in got]}")
        return Path(shutil.move(str(got[0]), dest / got[0].name))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def kernel_shim_folder() -> Path:
    """The kernel extension's own wheels (piplite, the ipykernel and pyodide-kernel shims, ...)."""
    return (
        Path(sys.prefix)
        / "share"
        / "jupyter"
        / "labextensions"
        / "@jupyterlite"
        / "pyodide-kernel-extension"
        / "static"
        / "pypi"
    )


def kernel_shims() -> set[str]:
    """Packages the Pyodide kernel extension serves itself (piplite, ipykernel shim, ...)."""
    index = kernel_shim_folder() / "all.json"
    return {canonicalize_name(name) for name in json.loads(index.read_text())}


def shim_wheels() -> dict[str, Path]:
    """The newest wheel of each kernel shim, by canonical name."""
    found: dict[str, tuple[Version, Path]] = {}
    for wheel in kernel_shim_folder().glob("*.whl"):
        name, version = wheel.name.split("-")[:2]
        key = canonicalize_name(name)
        if key not in found or Version(version) > found[key][0]:
            found[key] = (Version(version), wheel)
    return {key: wheel for key, (_version, wheel) in found.items()}


def installed_version(name: str) -> str | None:
    """The version installed here (the build venv pins the widget packages the site ships)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(name)
    except PackageNotFoundError:
        return None


def resolve(project: Path, lock: dict) -> tuple[list[str], list[Path]]:
    """What the site needs: (Pyodide lock entries, pure wheels for piplite), by following the
    requirements of the kernel and of this package through the lock and the package index."""
    packages = {canonicalize_name(name): entry for name, entry in lock["packages"].items()}
    shims = kernel_shims()
    lock_names: list[str] = []
    wheels: dict[str, Path] = {}
    todo = [Requirement(name) for name in KERNEL_NEEDS] + wheel_requirements(project)
    while todo:
        req = todo.pop(0)
        name = canonicalize_name(req.name)
        if name in (PROJECT,) or name in shims or name in wheels or name in lock_names:
            continue
        if name in packages:
            entry = packages[name]
            if req.specifier and not req.specifier.contains(entry["version"], prereleases=True):
                say(f"warning: {req} wanted, the Pyodide lock has {name} {entry['version']}")
            lock_names.append(name)
            todo += [Requirement(dep) for dep in entry["depends"]]
            continue
        pinned = installed_version(name)
        stem = re.escape(name.replace("-", "_"))
        if pinned and req.specifier.contains(pinned, prereleases=True):
            spec, pattern = f"{name}=={pinned}", rf"{stem}-{re.escape(pinned)}-.*none-any\.whl"
        else:
            spec, pattern = str(req), rf"{stem}-[^-]+-.*none-any\.whl"
        wheel = pip_download(
            spec,
            CACHE / "piplite",
            pattern,
            accept=lambda p, r=req: r.specifier.contains(p.name.split("-")[1], prereleases=True),
        )
        wheels[name] = wheel
        todo += wheel_requirements(wheel)
    return sorted(lock_names), sorted(wheels.values())


def lock_wheels(lock: dict, names: list[str]) -> dict[str, Path]:
    """Download the lock entries ``names`` at the lock's exact versions; {canonical name: wheel}
    (trimmed of what :data:`TRIM` names, changed as :data:`PATCH` says)."""
    packages = {canonicalize_name(name): entry for name, entry in lock["packages"].items()}
    wheels = {}
    for name in names:
        entry = packages[name]
        file_name = entry["file_name"]
        wheel = pip_download(
            f"{entry['name']}=={entry['version']}", CACHE / "lock-wheels", re.escape(file_name)
        )
        if wheel.name != file_name:
            raise BuildError(f"{name}: the lock names {file_name}, the index gave {wheel.name}")
        if name in TRIM or name in PATCH:
            prefixes, keep = trimmed(name, wheel)
            wheel = adapted(wheel, prefixes, keep, patches_for(name, wheel, keep))
        wheels[name] = wheel
    return wheels


def trimmed(name: str, wheel: Path) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What :data:`TRIM` leaves out of the package ``name``'s ``wheel``, as ``adapted`` takes it:
    (prefixes, members under them that stay)."""
    dist, version = wheel.name.split("-")[:2]
    prefixes = tuple(p.replace("{data}", f"{dist}-{version}.data") for p in TRIM.get(name, ()))
    keep: tuple[str, ...] = ()
    if name == "pygments":
        keep = lexers_kept(wheel)
    return prefixes, keep


def patches_for(
    name: str, wheel: Path, keep: tuple[str, ...] = ()
) -> dict[str, tuple[tuple[str, str], ...]] | None:
    """:data:`PATCH`'s changes to the package ``name``'s ``wheel``; for pygments, its table of
    lexers (``pygments/lexers/_mapping.py``) keeps only the lexers whose modules the site keeps
    (``keep``, from :func:`trimmed`), so pygments knows no others: an alias, a file name or a
    guess finds a lexer the site has or says, as pygments does, that there is none
    (ClassNotFound)."""
    patches = dict(PATCH.get(name, {}))
    if name == "pygments":
        member = "pygments/lexers/_mapping.py"
        with zipfile.ZipFile(wheel) as archive:
            text = archive.read(member).decode("utf-8")
        modules = {m[len("pygments/lexers/") : -len(".py")] for m in keep}
        patches[member] = ((text, lexer_table(text, modules)),)
    return patches or None


def lexer_table(text: str, modules: set[str]) -> str:
    """pygments' ``_mapping.py`` (``text``) with the lexers of ``modules`` only."""
    table = next(
        node.value
        for node in ast.parse(text).body
        if isinstance(node, ast.Assign)
        and [t.id for t in node.targets if isinstance(t, ast.Name)] == ["LEXERS"]
    )
    lexers = ast.literal_eval(table)
    kept = {key: entry for key, entry in lexers.items() if entry[0].rpartition(".")[2] in modules}
    return (
        "# pygments' table of lexers, with only those the offline site carries\n"
        "# (scripts/build_lite.py, LEXERS).\n\nLEXERS = {\n"
        + "".join(f"    {key!r}: {entry!r},\n" for key, entry in kept.items())
        + "}\n"
    )


def lexers_kept(wheel: Path) -> tuple[str, ...]:
    """The members of pygments' ``wheel`` under ``pygments/lexers/`` that the site keeps: the
    package, its name table, the modules of :data:`LEXERS` and the lexer modules they import."""
    found: set[str] = set()
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        todo = list(LEXERS)
        while todo:
            module = todo.pop()
            member = f"pygments/lexers/{module}.py"
            if member in found:
                continue
            if member not in names:
                raise BuildError(f"{wheel.name} has no {member} (a new version? see LEXERS)")
            found.add(member)
            text = archive.read(member).decode("utf-8")
            todo += re.findall(r"^\s*(?:from|import)\s+pygments\.lexers\.(\w+)", text, re.M)
            # "from pygments.lexers import _x_builtins": a module, or a function of the package
            todo += [
                name
                for name in re.findall(r"^\s*from\s+pygments\.lexers\s+import\s+(\w+)", text, re.M)
                if f"pygments/lexers/{name}.py" in names
            ]
    return tuple(sorted(found | {"pygments/lexers/__init__.py", "pygments/lexers/_mapping.py"}))


def adapted(
    wheel: Path,
    prefixes: tuple[str, ...] = (),
    keep: tuple[str, ...] = (),
    patches: dict[str, tuple[tuple[str, str], ...]] | None = None,
) -> Path:
    """A copy of ``wheel`` without the members under ``prefixes`` but those in ``keep`` (the
    folders themselves kept, empty: jedi lists them) and with the text replacements ``patches``
    ({member: ((old, new), ...)}; each ``old`` must be there exactly once), RECORD updated;
    cached."""
    patches = patches or {}
    key = hashlib.sha256(
        sha256_of(wheel).encode() + json.dumps([prefixes, keep, patches]).encode() + b"folders kept"
    )
    target = CACHE / "trimmed" / key.hexdigest()[:24] / wheel.name
    if target.is_file():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".partial")
    changed: dict[str, bytes] = {}

    def left_out(member: str) -> bool:
        return bool(prefixes) and member.startswith(prefixes) and member not in keep

    with zipfile.ZipFile(wheel) as source:
        for member, replacements in patches.items():
            text = source.read(member).decode("utf-8")
            for old, new in replacements:
                if text.count(old) != 1:
                    raise BuildError(
                        f"{wheel.name}: {member} has {text.count(old)} copies of "
                        f"{old!r}, not one (a new version? see PATCH)"
                    )
                text = text.replace(old, new)
            changed[member] = text.encode("utf-8")
    with (
        zipfile.ZipFile(wheel) as source,
        zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as out,
    ):
        for prefix in prefixes:
            if not prefix.endswith("/"):
                continue
            folder = zipfile.ZipInfo(prefix, date_time=source.infolist()[0].date_time)
            folder.external_attr = 0o40755 << 16 | 0x10
            out.writestr(folder, b"")
        for info in source.infolist():
            if left_out(info.filename):
                continue
            data = changed.get(info.filename) or source.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                lines = [
                    line
                    for line in data.decode("utf-8").splitlines()
                    if not left_out(line.split(",")[0])
                ]
                lines = [
                    record_line(line.split(",")[0], changed[line.split(",")[0]])
                    if line.split(",")[0] in changed
                    else line
                    for line in lines
                ]
                data = ("\n".join(lines) + "\n").encode("utf-8")
            out.writestr(info, data)
    partial.rename(target)
    return target


def record_line(name: str, data: bytes) -> str:
    """A wheel RECORD's line for a member ``name`` holding ``data``."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def top_level_names(wheel: Path) -> list[str]:
    """The importable top-level names of a wheel (the lock's ``imports``)."""
    names = set()
    with zipfile.ZipFile(wheel) as archive:
        for item in archive.namelist():
            first, _, rest = item.partition("/")
            if first.endswith((".dist-info", ".data")):
                continue
            if rest and (item.endswith("/__init__.py") and item.count("/") == 1):
                names.add(first)
            elif not rest and first.endswith(".py"):
                names.add(first[:-3])
    return sorted(names)


def site_lock(
    lock: dict, lock_files: dict[str, Path], extra: dict[str, Path], lazy: tuple[str, ...] = ()
) -> dict:
    """The site's lock: Pyodide's entries for ``lock_files``, new entries for the ``extra`` wheels
    (their dependencies as the lock names them), each entry's file name and sha256 those of the
    file the site carries. No entry outside ``lazy`` depends on one in it (those load on first
    import, not with the packages that use them)."""
    packages = {canonicalize_name(name): entry for name, entry in lock["packages"].items()}
    site = {}
    for name, wheel in lock_files.items():
        entry = dict(packages[name])
        entry["file_name"] = wheel.name
        entry["sha256"] = sha256_of(wheel)
        site[name] = entry
    for name, wheel in extra.items():
        metadata = wheel_metadata(wheel)
        site[name] = {
            "name": metadata["Name"],
            "version": metadata["Version"],
            "file_name": wheel.name,
            "install_dir": "site",
            "package_type": "package",
            "imports": top_level_names(wheel),
            "depends": sorted({canonicalize_name(r.name) for r in wheel_requirements(wheel)}),
            "sha256": sha256_of(wheel),
            "unvendored_tests": False,
        }
    lazy = {canonicalize_name(name) for name in lazy}
    for name, entry in site.items():
        if name not in lazy:
            entry["depends"] = [
                dep for dep in entry["depends"] if canonicalize_name(dep) not in lazy
            ]
        missing = [dep for dep in entry["depends"] if canonicalize_name(dep) not in site]
        if missing:
            raise BuildError(f"{name} needs {missing}, which the site's lock lacks")
    return {**lock, "packages": dict(sorted(site.items()))}


# --- bytecode -----------------------------------------------------------------------------------


def node_python(runtime: Path, job: dict, scratch: Path) -> dict:
    """Run lite/pyodide_compile.py on ``job`` inside Pyodide in Node.js; its JSON summary."""
    node = shutil.which("node")
    if node is None:
        raise BuildError(
            "node not found: it compiles the site's bytecode (install Node.js 20+, "
            "or build with --no-bytecode for a slower site)"
        )
    (scratch / "job.json").write_text(json.dumps(job))
    result = run([node, str(COMPILE_JS), str(runtime), str(scratch / "job.json")], cwd=ROOT)
    return json.loads(result.stdout.strip().splitlines()[-1])


def host(path: Path) -> str:
    """``path`` as Pyodide sees it in pyodide_compile.mjs (the host's files under /host)."""
    return f"/host{path.resolve()}"


def compiled(
    sources: list[Path], stdlib: Path | None, runtime: Path, project: Path
) -> dict[Path, Path]:
    """Each wheel of ``sources`` (and the standard library's zip) with bytecode compiled by
    Pyodide itself: {source: compiled copy}. A wheel gets bytecode for the modules a profile
    (PROFILE_IMPORTS, PROFILE_SNIPPETS) imports, this package's wheel for all of its modules.
    Profile and copies are cached by content; Node.js runs only for what is missing."""
    recipe = hashlib.sha256(
        COMPILE_PY.read_bytes() + COMPILE_JS.read_bytes() + runtime.name.encode()
    )
    folder = CACHE / "bytecode"
    folder.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="bytecode-", dir=CACHE))
    try:
        # 1. Which modules a lesson's Python imports.
        key = recipe.copy()
        for wheel in sorted(sources, key=lambda w: w.name):
            key.update(wheel.name.encode() + b"\0" + sha256_of(wheel).encode())
        key.update(json.dumps([PROFILE_IMPORTS, PROFILE_SNIPPETS]).encode())
        profile_file = folder / f"profile-{key.hexdigest()[:24]}.json"
        if not profile_file.is_file():
            say("profiling what the kernel and the lessons import (Pyodide in Node.js)")
            summary = node_python(
                runtime,
                {
                    "profile": {
                        "wheels": [host(w) for w in sources],
                        "imports": list(PROFILE_IMPORTS),
                        "snippets": list(PROFILE_SNIPPETS),
                    },
                    "tasks": [],
                },
                scratch,
            )
            found = summary["profile"]
            for problem in found["failed"]:
                say("warning: profile: " + problem.strip().splitlines()[0])
            used = {Path(w).name: members for w, members in found["used"].items()}
            profile_file.write_text(json.dumps({"used": used, "failed": found["failed"]}))
        used = json.loads(profile_file.read_text())["used"]

        # 2. The compiled copies.
        extra = {"sitecustomize.py": SITECUSTOMIZE, "lazy_packages.py": LAZY_PACKAGES}
        tasks, done = [], {}
        for source in sources + ([stdlib] if stdlib else []):
            is_stdlib = source == stdlib
            only = None if is_stdlib or source == project else sorted(used.get(source.name, []))
            if only == []:
                done[source] = source  # nothing of it is imported: nothing to compile
                continue
            key = recipe.copy()
            key.update(source.read_bytes())
            key.update(json.dumps(only).encode())
            if is_stdlib:
                for name, path in sorted(extra.items()):
                    key.update(name.encode() + b"\0" + path.read_bytes())
            target = folder / key.hexdigest()[:24] / source.name
            done[source] = target
            if target.is_file():
                continue
            task = {
                "kind": "stdlib" if is_stdlib else "wheel",
                "src": host(source),
                "dst": host(scratch / f"{len(tasks)}-{source.name}"),
            }
            if only is not None:
                task["only"] = only
            if is_stdlib:
                task["extra"] = {name: host(path) for name, path in extra.items()}
            tasks.append((task, target))
        if tasks:
            say(
                f"compiling bytecode for {len(tasks)} file(s) in Pyodide (Node.js; cached "
                "afterwards)"
            )
            summary = node_python(runtime, {"tasks": [t for t, _ in tasks]}, scratch)
            for (task, target), report in zip(tasks, summary["done"], strict=True):
                if report["modules"] == 0 and task["kind"] == "stdlib":
                    raise BuildError("no module of the standard library compiled")
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.move(task["dst"][len("/host") :], target)
        return done
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


# --- contents -----------------------------------------------------------------------------------


def clean_notebook(source: Path, dest: Path) -> bool:
    """Copy a notebook without outputs, execution counts or saved widget state; True when it had
    any (a rehearsal in JupyterLab autosaves them into the file)."""
    text = source.read_text(encoding="utf-8")
    try:
        notebook = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BuildError(f"{source} is not a notebook: {exc}") from None
    had = False
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        if cell.get("outputs") or cell.get("execution_count") is not None:
            had = True
        cell["outputs"] = []
        cell["execution_count"] = None
        metadata = cell.get("metadata", {})
        for key in ("execution", "collapsed", "scrolled"):
            metadata.pop(key, None)
    metadata = notebook.get("metadata", {})
    if "widgets" in metadata:
        had = True
        del metadata["widgets"]
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return had


def course_root(folder: Path) -> Path | None:
    """The repository ``folder`` is the lessons' folder of, when it holds the course
    (``pachisi_widget.lessons.catalog()``'s notebooks; ``notebooks/`` or a copy of it), else
    None (a folder of one's own notebooks, staged as it is)."""
    root = str(Path(__file__).resolve().parents[1])
    if root not in sys.path:
        sys.path.insert(0, root)  # the package's core needs the standard library only
    from pachisi_widget import lessons

    if folder.name != "notebooks" or not any(x.has("en", folder.parent) for x in lessons.catalog()):
        return None
    return folder.parent


def course_files(folder: Path) -> tuple[list[Path], list[Path]]:
    """(the files of the course in ``folder``, the notebooks there that are not lessons): the
    lessons of ``lessons.catalog()`` in every language and the other files beside them (the
    rules sheets), never a notebook the catalogue does not name (a teacher's Untitled.ipynb)."""
    from pachisi_widget import lessons

    root = folder.parent
    wanted = {
        x.path(lang, root).resolve()
        for x in lessons.catalog()
        for lang in lessons.registry.LESSON_LANGUAGES
        if x.has(lang, root)
    }
    files, strays = [], []
    for path in sorted(folder.rglob("*")):
        parts = path.relative_to(folder).parts
        if (
            not path.is_file()
            or any(part.startswith(".") or part == "__pycache__" for part in parts)
            or path.suffix == ".pyc"
        ):
            continue
        if path.suffix == ".ipynb" and path.resolve() not in wanted:
            strays.append(path)
        else:
            files.append(path)
    return files, strays


def stage_contents(extra: list[Path], dest: Path) -> tuple[list[str], list[str]]:
    """Copy the tutorials (every folder of ``notebooks/``, e.g. ``ro/``) and any extra notebooks
    into ``dest``, notebooks without their outputs (each notebook that had some is named in a
    warning). From the course's folder only its lessons (``lessons.catalog()``) and the files
    beside them are staged: another notebook there is named and left out. Returns (the
    notebooks' names in the site, the source notebooks that had outputs)."""
    dest.mkdir(parents=True)
    sources: list[tuple[Path, Path]] = []
    if NOTEBOOKS.is_dir():
        if course_root(NOTEBOOKS) is not None:
            files, strays = course_files(NOTEBOOKS)
            for stray in strays:
                say(
                    f"note: {shown_path(stray)} is not a lesson of the course "
                    "(pachisi_widget.lessons.catalog()): the site leaves it out"
                )
        else:
            files = [
                path
                for path in sorted(NOTEBOOKS.rglob("*"))
                if path.is_file()
                and not any(
                    part.startswith(".") or part == "__pycache__"
                    for part in path.relative_to(NOTEBOOKS).parts
                )
                and path.suffix != ".pyc"
            ]
        sources += [(path, dest.joinpath(*path.relative_to(NOTEBOOKS).parts)) for path in files]
    for path in extra:
        path = path.resolve()
        if path.is_dir():
            sources += [
                (p, dest / path.name / p.relative_to(path))
                for p in sorted(path.rglob("*"))
                if p.is_file() and ".ipynb_checkpoints" not in p.parts
            ]
        else:
            sources.append((path, dest / path.name))
    dirty = []
    for source, target in sources:
        if source.suffix == ".ipynb":
            if clean_notebook(source, target):
                dirty.append(shown_path(source))
                say(
                    f"warning: {dirty[-1]} has outputs or execution counts (saved by a run in "
                    "Jupyter?): the site gets a copy without them"
                )
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    if course_root(NOTEBOOKS) is not None:
        for missing in course_missing(dest):
            say(f"warning: the course's lesson {missing} is not in notebooks/, so not in the site")
    return sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*.ipynb")), dirty


def course_missing(contents: Path) -> list[str]:
    """The notebooks of the course (``pachisi_widget.lessons.catalog()``, every lesson in every
    language) that the site's ``contents`` lack, as paths in the repository."""
    root = str(Path(__file__).resolve().parents[1])
    if root not in sys.path:
        sys.path.insert(0, root)  # the package's core needs the standard library only
    from pachisi_widget import lessons

    return [
        lesson.notebook(lang)
        for lesson in lessons.catalog()
        for lang in lessons.registry.LESSON_LANGUAGES
        if not (contents / lesson.notebook(lang).removeprefix("notebooks/")).is_file()
    ]


def shown_path(path: Path) -> str:
    try:
        return path.relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


def add_starting_notice(site: Path) -> list[str]:
    """Add lite/starting-python.js to the pages that can open a notebook; the pages changed."""
    target = site / "static" / STARTING_JS.name
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(STARTING_JS, target)
    version = sha256_of(STARTING_JS)[:8]
    changed = []
    for app in STARTING_APPS:
        page = site / app / "index.html"
        if not page.is_file():
            continue
        html = page.read_text(encoding="utf-8")
        tag = f'<script src="../static/{STARTING_JS.name}?_={version}" defer></script>'
        if "</head>" not in html:
            raise BuildError(f"{page} has no </head> to add the starting notice to")
        page.write_text(html.replace("</head>", f"    {tag}\n  </head>", 1), encoding="utf-8")
        changed.append(app)
    return changed


def folder_size(path: Path) -> tuple[float, int]:
    files = [p for p in path.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files) / 1e6, len(files)


# --- the build --------------------------------------------------------------------------------


def given_wheel(wheel: Path) -> Path:
    """A pachisi_widget wheel built elsewhere (``--wheel``), checked like the one built here."""
    wheel = Path(wheel).resolve()
    if (
        not wheel.is_file()
        or not wheel.name.startswith("pachisi_widget-")
        or wheel.suffix != ".whl"
    ):
        raise BuildError(f"--wheel {wheel}: not a pachisi_widget-*.whl file")
    with zipfile.ZipFile(wheel) as archive:
        if "pachisi_widget/static/widget.js" not in archive.namelist():
            raise BuildError(f"--wheel {wheel.name} lacks pachisi_widget/static/widget.js")
    return wheel


def build(
    out: Path,
    online: bool,
    extra_contents: list[Path],
    bytecode: bool = True,
    preload: bool = True,
    use_wheel: Path | None = None,
) -> dict:
    started = time.monotonic()
    CACHE.mkdir(parents=True, exist_ok=True)
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    preload = preload and not online
    if use_wheel is None:
        ensure_frontend_bundle()
        project = project_wheel()
    else:
        project = given_wheel(use_wheel)
    runtime = pyodide_runtime(PYODIDE_VERSION)
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    lock_names, piplite = resolve(project, lock)
    piplite.insert(0, project)
    piplite_names = [canonicalize_name(wheel_metadata(w)["Name"]) for w in piplite]

    lock_files = {} if online else lock_wheels(lock, lock_names)
    shims = shim_wheels() if preload else {}
    shims = {
        name: adapted(wheel, patches=PATCH[name]) if name in PATCH else wheel
        for name, wheel in shims.items()
    }
    # The kernel's shims go in the lock too: what the kernel loads at start (piplite, ipykernel,
    # pyodide-kernel) and what a site wheel requires (widgetsnbextension, for ipywidgets).
    extra_lock = dict(zip(piplite_names, piplite, strict=True)) if preload else {}
    stdlib = runtime / "python_stdlib.zip"
    if bytecode and not online:
        done = compiled([*lock_files.values(), *piplite, *shims.values()], stdlib, runtime, project)
        lock_files = {n: done[w] for n, w in lock_files.items()}
        extra_lock = {n: done[w] for n, w in extra_lock.items()}
        shims = {n: done[w] for n, w in shims.items()}
        stdlib = done[stdlib]
        piplite = [done.get(w, w) for w in piplite]
    # The kernel's copies of the site's wheels leave out what TRIM says; piplite's keep it.
    extra_lock = {
        name: adapted(wheel, *trimmed(name, wheel)) if name in TRIM else wheel
        for name, wheel in extra_lock.items()
    }
    extra_lock.update(shims)

    work = Path(tempfile.mkdtemp(prefix="work-", dir=CACHE))
    partial = out.parent / f".{out.name}.partial"
    try:
        lite_dir = work / "lite"
        lite_dir.mkdir()
        config = json.loads(LITE_CONFIG.read_text())
        if preload:
            settings = config["jupyter-config-data"].setdefault("litePluginSettings", {})
            kernel = settings.setdefault(KERNEL_PLUGIN, {})
            kernel.setdefault("loadPyodideOptions", {})["packages"] = list(PRELOAD)
        (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n")
        site_lock_data = None
        if not online:
            static = lite_dir / "static" / "pyodide"
            static.mkdir(parents=True)
            for name in PYODIDE_FILES[:-1]:
                shutil.copy2(
                    stdlib if name == "python_stdlib.zip" else runtime / name, static / name
                )
            for wheel in [*lock_files.values(), *extra_lock.values()]:
                shutil.copy2(wheel, static / wheel.name)
            # The lock lists only what the site carries, each with the hash of the file it
            # carries. An import of anything else (numpy, matplotlib) is then a plain
            # ModuleNotFoundError, instead of a fetch of a wheel the site does not have.
            site_lock_data = site_lock(lock, lock_files, extra_lock, LAZY if preload else ())
            (static / "pyodide-lock.json").write_text(
                json.dumps(site_lock_data, separators=(",", ":"))
            )
        notebooks, dirty = stage_contents(extra_contents, work / "contents")

        shutil.rmtree(partial, ignore_errors=True)
        env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTER")}
        env.update(
            JUPYTER_DATA_DIR=str(work / "data"),
            JUPYTER_CONFIG_DIR=str(work / "config"),
            JUPYTER_RUNTIME_DIR=str(work / "runtime"),
            JUPYTER_PLATFORM_DIRS="1",
        )
        cmd = [
            str(Path(sys.executable).parent / "jupyter"),
            "lite",
            "build",
            "--lite-dir",
            str(lite_dir),
            "--output-dir",
            str(partial),
            "--contents",
            str(work / "contents"),
            "--no-sourcemaps",
        ]
        for wheel in piplite:
            cmd += ["--piplite-wheels", str(wheel)]
        say(f"jupyter lite build ({'online: Pyodide from its CDN' if online else 'offline'})")
        run(cmd, cwd=lite_dir, env=env)
        pages = add_starting_notice(partial)
        check_site(
            partial,
            online,
            [w.name for w in piplite],
            site_lock_data,
            PRELOAD if preload else (),
            pages,
            LAZY if preload else (),
        )

        out.parent.mkdir(parents=True, exist_ok=True)
        old = out.parent / f".{out.name}.old"
        shutil.rmtree(old, ignore_errors=True)
        if out.exists():
            out.rename(old)
        partial.rename(out)
        shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(partial, ignore_errors=True)

    size_mb, files = folder_size(out)
    summary = {
        "site": str(out),
        "online": online,
        "seconds": round(time.monotonic() - started, 1),
        "size_mb": round(size_mb, 1),
        "files": files,
        "notebooks": notebooks,
        "cleaned_notebooks": dirty,
        "pyodide": PYODIDE_VERSION,
        "lock_wheels": sorted(site_lock_data["packages"]) if site_lock_data else [],
        "preloaded": list(PRELOAD) if preload else [],
        "lazy": list(LAZY) if preload else [],
        "bytecode": bytecode and not online,
        "piplite_wheels": [w.name for w in piplite],
        "starting_notice": pages,
    }
    return summary


def check_site(
    site: Path,
    online: bool,
    wheels: list[str],
    lock: dict | None,
    preloaded: tuple[str, ...],
    pages: list[str],
    lazy: tuple[str, ...] = (),
) -> None:
    """Fail loudly when the built site is not what it must be."""
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"][KERNEL_PLUGIN]
    if kernel.get("disablePyPIFallback") is not True:
        raise BuildError("jupyter-lite.json: disablePyPIFallback is not true")
    url = kernel.get("pyodideUrl")
    if online and url:
        raise BuildError(f"--online, yet pyodideUrl is {url}")
    if not online and url != "./static/pyodide/pyodide.mjs":
        raise BuildError(f"pyodideUrl is {url!r}, not the site's own ./static/pyodide/pyodide.mjs")
    served = {p.name for p in (site / "pypi").glob("*.whl")}
    missing = sorted(set(wheels) - served)
    if missing:
        raise BuildError(f"wheels missing from the site: {missing}")
    extensions = site / "extensions"
    for needed in ("anywidget", "@jupyter-widgets/jupyterlab-manager"):
        if not (extensions / needed / "package.json").is_file():
            raise BuildError(f"the site lacks the {needed} extension")
    if lock is not None:
        folder = site / "static" / "pyodide"
        for name, entry in lock["packages"].items():
            path = folder / entry["file_name"]
            if not path.is_file() or sha256_of(path) != entry["sha256"]:
                raise BuildError(f"the lock's {name} is not the file the site carries: {path}")
    if preloaded:
        told = kernel.get("loadPyodideOptions", {}).get("packages", [])
        if list(told) != list(preloaded):
            raise BuildError(f"jupyter-lite.json preloads {told}, not {list(preloaded)}")
        packages = lock["packages"] if lock is not None else {}
        absent = [n for n in (*preloaded, *lazy) if canonicalize_name(n) not in packages]
        if absent:
            raise BuildError(f"preloaded or lazy but not in the site's lock: {absent}")
        lazy_names = {canonicalize_name(n) for n in lazy}
        both = sorted(lazy_names & {canonicalize_name(n) for n in preloaded})
        if both:
            raise BuildError(f"both preloaded and loaded on first import: {both}")
        pulled = sorted(
            f"{name} -> {dep}"
            for name, entry in packages.items()
            if name not in lazy_names
            for dep in entry["depends"]
            if canonicalize_name(dep) in lazy_names
        )
        if pulled:
            raise BuildError(f"packages loaded at start would load lazy ones with them: {pulled}")
    if "lab" not in pages:
        raise BuildError("the lab page lacks the starting-Python notice")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="bash scripts/build_lite.sh",
        description="Build a static JupyterLite site of the tutorials (offline by default).",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=ROOT / "site",
        help="output folder, replaced when the build succeeds (default: site/)",
    )
    parser.add_argument(
        "--online",
        action="store_true",
        help="leave the Pyodide runtime out: the site loads it and its compiled "
        "packages (numpy, matplotlib, ...) from Pyodide's CDN, so it needs "
        "internet; the default site needs none",
    )
    parser.add_argument(
        "--extra-contents",
        type=Path,
        action="append",
        default=[],
        metavar="PATH",
        help="another notebook or folder for the site's contents (repeatable)",
    )
    parser.add_argument(
        "--json", type=Path, metavar="FILE", help="also write the build summary to FILE as JSON"
    )
    parser.add_argument(
        "--no-bytecode",
        dest="bytecode",
        action="store_false",
        help="ship Python sources only (no Node.js step; lessons start slower): for comparisons",
    )
    parser.add_argument(
        "--no-preload",
        dest="preload",
        action="store_false",
        help="let the kernel install its packages and the site's wheels with "
        "piplite after Pyodide starts, as JupyterLite does by default "
        "(lessons start slower): for comparisons",
    )
    parser.add_argument(
        "--wheel",
        type=Path,
        metavar="FILE",
        help="put this pachisi_widget wheel (front-end bundle included) into the site instead "
        "of building one from the tree (the tests pass the one wheel of their run)",
    )
    args = parser.parse_args(argv)
    out = args.out if args.out.is_absolute() else Path.cwd() / args.out
    try:
        summary = build(
            out.resolve(),
            args.online,
            args.extra_contents,
            args.bytecode,
            args.preload,
            use_wheel=args.wheel,
        )
    except BuildError as exc:
        print(f"[build_lite] ERROR: {exc}", file=sys.stderr)
        return 1
    if args.json:
        args.json.write_text(json.dumps(summary, indent=2) + "\n")
    say(f"notebooks: {', '.join(summary['notebooks']) or '(none: notebooks/ is empty)'}")
    if not args.online:
        say(
            f"Pyodide {summary['pyodide']}, its lock with {len(summary['lock_wheels'])} packages"
            + (", bytecode compiled" if summary["bytecode"] else ", no bytecode")
            + (
                f"; loaded at start: {', '.join(summary['preloaded'])} (and what they need)"
                if summary["preloaded"]
                else ""
            )
            + (f"; on first import: {', '.join(summary['lazy'])}" if summary["lazy"] else "")
        )
    say("site wheels (also for %pip): " + ", ".join(summary["piplite_wheels"]))
    say(
        f"built {summary['site']} in {summary['seconds']} s: {summary['size_mb']} MB, "
        f"{summary['files']} files"
    )
    try:
        shown = out.relative_to(Path.cwd())
    except ValueError:
        shown = out
    say(
        f"serve it with: python3 -m http.server -b 127.0.0.1 -d {shown} 8000  "
        "then open http://127.0.0.1:8000/lab/index.html"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
