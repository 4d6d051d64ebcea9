"""Build the static JupyterLite site of the pachisi_widget tutorials (run it through build_lite.sh).

The site runs Python in the browser (the Pyodide kernel) and needs no server and, by default, no
internet: everything it loads is in the output folder.

- the Pyodide runtime comes from the npm package ``pyodide`` at the version the kernel expects
  (its five runtime files go to ``static/pyodide/``);
- the Pyodide lock entries the site needs (what the kernel loads at start-up, and whatever the
  tutorials' packages need from the lock) are downloaded as the same-version pure wheels from the
  Python package index; their ``sha256`` in ``pyodide-lock.json`` is rewritten to the downloaded
  files' hashes, since Pyodide checks them, and the lock keeps only those entries (the npm
  package has no wheels: numpy, matplotlib and the other compiled packages are not in the site);
- this package's wheel (front-end bundle included) and its pure-Python dependencies that Pyodide
  does not have (anywidget, ipywidgets, comm, psygnal, ...) are served by piplite from ``pypi/``;
- the tutorials (``notebooks/``) are the site's contents.

``--online`` leaves the Pyodide runtime out: the site then loads Pyodide and its whole package
set (numpy, matplotlib, ...) from Pyodide's CDN, for a deployment that has internet.

Everything downloaded is cached in ``.cache/lite/`` (git-ignored), so a rebuild takes seconds.
"""

from __future__ import annotations

import argparse
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

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / ".cache" / "lite"
PROJECT = "pachisi-widget"
PROJECT_PY = ROOT / ".venv" / "bin" / "python"
LITE_CONFIG = ROOT / "lite" / "jupyter-lite.json"
NOTEBOOKS = ROOT / "notebooks"

#: the runtime files of the npm package that a site needs (no wheels ship with it)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
#: what the kernel installs at start-up besides its own shims (see the kernel worker's initKernel)
KERNEL_NEEDS = ("micropip", "comm", "ipython", "jedi")
#: the environment Pyodide's Python reports, for dependency markers
PYODIDE_MARKERS = {
    "python_version": "3.14", "python_full_version": "3.14.2", "implementation_name": "cpython",
    "platform_python_implementation": "CPython", "sys_platform": "emscripten",
    "platform_system": "Emscripten", "platform_machine": "wasm32", "os_name": "posix",
    "platform_release": "", "platform_version": "", "implementation_version": "3.14.2",
    "extra": "",
}
PIP_DOWNLOAD = ["download", "--no-deps", "--only-binary=:all:", "--platform", "any",
                "--python-version", "3.14", "--implementation", "py", "--disable-pip-version-check",
                "--quiet"]


def say(message: str) -> None:
    print(f"[build_lite] {message}", flush=True)


class BuildError(RuntimeError):
    pass


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    """Run a command; on failure raise with its output."""
    result = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        raise BuildError(f"command failed ({result.returncode}): {' '.join(map(str, cmd))}\n"
                         f"{result.stdout[-4000:]}\n{result.stderr[-4000:]}")
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
        name = next(n for n in archive.namelist()
                    if n.endswith(".dist-info/METADATA") and n.count("/") == 1)
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
    if bundle.is_file() and all(p.stat().st_mtime <= bundle.stat().st_mtime for p in sources
                                if p.exists()):
        return
    say("front end changed: npm run build")
    run(["npm", "run", "build", "--silent"], cwd=ROOT)


def project_wheel() -> Path:
    """This package's wheel, rebuilt only when its inputs changed (cached by their hash)."""
    inputs = [ROOT / "pyproject.toml", ROOT / "README.md", ROOT / "LICENSE"]
    inputs += sorted(p for p in (ROOT / "pachisi_widget").rglob("*")
                     if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc")
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
        run([str(PROJECT_PY), "-m", "pip", "wheel", ".", "--no-deps", "--disable-pip-version-check",
             "-q", "-w", str(scratch)], cwd=ROOT)
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
        run(["npm", "pack", f"pyodide@{version}", "--silent", "--pack-destination", str(scratch)],
            cwd=scratch)
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


def kernel_shims() -> set[str]:
    """Packages the Pyodide kernel extension serves itself (piplite, ipykernel shim, ...)."""
    index = (Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite"
             / "pyodide-kernel-extension" / "static" / "pypi" / "all.json")
    return {canonicalize_name(name) for name in json.loads(index.read_text())}


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
        wheel = pip_download(spec, CACHE / "piplite", pattern,
                             accept=lambda p, r=req: r.specifier.contains(
                                 p.name.split("-")[1], prereleases=True))
        wheels[name] = wheel
        todo += wheel_requirements(wheel)
    return sorted(lock_names), sorted(wheels.values())


def lock_wheels(lock: dict, names: list[str], dest: Path) -> dict[str, str]:
    """Download the lock entries ``names`` at the lock's exact versions; {file_name: sha256}."""
    packages = {canonicalize_name(name): entry for name, entry in lock["packages"].items()}
    hashes = {}
    for name in names:
        entry = packages[name]
        file_name = entry["file_name"]
        wheel = pip_download(f"{entry['name']}=={entry['version']}", CACHE / "lock-wheels",
                             re.escape(file_name))
        if wheel.name != file_name:
            raise BuildError(f"{name}: the lock names {file_name}, the index gave {wheel.name}")
        shutil.copy2(wheel, dest / file_name)
        hashes[file_name] = sha256_of(wheel)
    return hashes


def stage_contents(extra: list[Path], dest: Path) -> list[str]:
    """Copy the tutorials (and any extra notebooks) into ``dest``; return the notebook names."""
    dest.mkdir(parents=True)
    if NOTEBOOKS.is_dir():
        shutil.copytree(NOTEBOOKS, dest, dirs_exist_ok=True, ignore=shutil.ignore_patterns(
            ".*", "__pycache__", "*.pyc"))
    for path in extra:
        path = path.resolve()
        if path.is_dir():
            shutil.copytree(path, dest / path.name, dirs_exist_ok=True)
        else:
            shutil.copy2(path, dest / path.name)
    return sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*.ipynb"))


def folder_size(path: Path) -> tuple[float, int]:
    files = [p for p in path.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files) / 1e6, len(files)


# --- the build --------------------------------------------------------------------------------


def build(out: Path, online: bool, extra_contents: list[Path]) -> dict:
    started = time.monotonic()
    CACHE.mkdir(parents=True, exist_ok=True)
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    ensure_frontend_bundle()
    project = project_wheel()
    runtime = pyodide_runtime(PYODIDE_VERSION)
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    lock_names, piplite = resolve(project, lock)
    piplite.insert(0, project)

    work = Path(tempfile.mkdtemp(prefix="work-", dir=CACHE))
    partial = out.parent / f".{out.name}.partial"
    try:
        lite_dir = work / "lite"
        lite_dir.mkdir()
        config = json.loads(LITE_CONFIG.read_text())
        (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n")
        if not online:
            static = lite_dir / "static" / "pyodide"
            static.mkdir(parents=True)
            for name in PYODIDE_FILES[:-1]:
                shutil.copy2(runtime / name, static / name)
            hashes = lock_wheels(lock, lock_names, static)
            # The lock lists only what the site carries, each with the hash of the file it
            # carries. An import of anything else (numpy, matplotlib) is then a plain
            # ModuleNotFoundError, instead of a fetch of a wheel the site does not have.
            lock["packages"] = {name: entry for name, entry in lock["packages"].items()
                                if entry["file_name"] in hashes}
            for entry in lock["packages"].values():
                entry["sha256"] = hashes[entry["file_name"]]
            (static / "pyodide-lock.json").write_text(json.dumps(lock, separators=(",", ":")))
        notebooks = stage_contents(extra_contents, work / "contents")

        shutil.rmtree(partial, ignore_errors=True)
        env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTER")}
        env.update(JUPYTER_DATA_DIR=str(work / "data"), JUPYTER_CONFIG_DIR=str(work / "config"),
                   JUPYTER_RUNTIME_DIR=str(work / "runtime"), JUPYTER_PLATFORM_DIRS="1")
        cmd = [str(Path(sys.executable).parent / "jupyter"), "lite", "build",
               "--lite-dir", str(lite_dir), "--output-dir", str(partial),
               "--contents", str(work / "contents"), "--no-sourcemaps"]
        for wheel in piplite:
            cmd += ["--piplite-wheels", str(wheel)]
        say(f"jupyter lite build ({'online: Pyodide from its CDN' if online else 'offline'})")
        run(cmd, cwd=lite_dir, env=env)
        check_site(partial, online, [w.name for w in piplite])

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
        "site": str(out), "online": online, "seconds": round(time.monotonic() - started, 1),
        "size_mb": round(size_mb, 1), "files": files, "notebooks": notebooks,
        "pyodide": PYODIDE_VERSION, "lock_wheels": [] if online else lock_names,
        "piplite_wheels": [w.name for w in piplite],
    }
    return summary


def check_site(site: Path, online: bool, wheels: list[str]) -> None:
    """Fail loudly when the built site is not what it must be."""
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="bash scripts/build_lite.sh",
        description="Build a static JupyterLite site of the tutorials (offline by default).")
    parser.add_argument("--out", type=Path, default=ROOT / "site",
                        help="output folder, replaced when the build succeeds (default: site/)")
    parser.add_argument("--online", action="store_true",
                        help="leave the Pyodide runtime out: the site loads it and its compiled "
                             "packages (numpy, matplotlib, ...) from Pyodide's CDN, so it needs "
                             "internet; the default site needs none")
    parser.add_argument("--extra-contents", type=Path, action="append", default=[],
                        metavar="PATH", help="another notebook or folder for the site's contents "
                                             "(repeatable)")
    parser.add_argument("--json", type=Path, metavar="FILE",
                        help="also write the build summary to FILE as JSON")
    args = parser.parse_args(argv)
    out = args.out if args.out.is_absolute() else Path.cwd() / args.out
    try:
        summary = build(out.resolve(), args.online, args.extra_contents)
    except BuildError as exc:
        print(f"[build_lite] ERROR: {exc}", file=sys.stderr)
        return 1
    if args.json:
        args.json.write_text(json.dumps(summary, indent=2) + "\n")
    say(f"notebooks: {', '.join(summary['notebooks']) or '(none: notebooks/ is empty)'}")
    if not args.online:
        say(f"Pyodide {summary['pyodide']} with {len(summary['lock_wheels'])} lock packages: "
            + ", ".join(summary["lock_wheels"]))
    say("site wheels: " + ", ".join(summary["piplite_wheels"]))
    say(f"built {summary['site']} in {summary['seconds']} s: {summary['size_mb']} MB, "
        f"{summary['files']} files")
    try:
        shown = out.relative_to(Path.cwd())
    except ValueError:
        shown = out
    say(f"serve it with: python3 -m http.server -b 127.0.0.1 -d {shown} 8000  "
        "then open http://127.0.0.1:8000/lab/index.html")
    return 0


if __name__ == "__main__":
    sys.exit(main())
