"""Compile the site's Python to bytecode, inside Pyodide itself (run by pyodide_compile.mjs).

A browser's Python has no bytecode cache it can keep: every module it imports from a wheel or from
the standard library's zip is compiled from source at every start, and that was most of the time a
lesson took to start. The bytecode must be that of the exact interpreter that will run it, so this
runs in the same Pyodide release as the site, in Node.js, at build time.

Every compiled ``.py`` file keeps its source (tracebacks and ``inspect`` still show it) and gains
a hash-based, *unchecked* ``.pyc`` (PEP 552): the interpreter loads it without rereading the source.

- a wheel: ``pkg/mod.py`` gains ``pkg/__pycache__/mod.<cache_tag>.pyc``, listed in RECORD. Only
  the modules a *profile* saw imported are compiled when the task names them (``only``): a wheel's
  bytecode for modules nobody imports (pygments' hundreds of lexers) would only make the wheel
  slower to unpack in the browser;
- the standard library's zip: ``mod.py`` gains ``mod.pyc`` beside it (the place zipimport looks),
  and the zip gains the extra modules it is given (``sitecustomize.py``).

A profile unpacks the given wheels, imports the given modules, runs the given snippets, and lists,
per wheel, the files of the modules that were imported.

``main(job)`` reads a JSON job, paths as this Pyodide sees them, and returns a JSON summary::

    {"profile": {"wheels": [path], "imports": [module], "snippets": [code]},     (optional)
     "tasks": [{"kind": "wheel" | "stdlib", "src": path, "dst": path,
                "only": [member] (optional), "extra": {zip_name: path} (stdlib)}]}
"""

from __future__ import annotations

import base64
import hashlib
import importlib._bootstrap_external as _external
import importlib.util
import json
import sys
import sysconfig
import tempfile
import traceback
import zipfile

TAG = sys.implementation.cache_tag
SITE_PACKAGES = sysconfig.get_paths()["purelib"]
STDLIB_ZIP = next(p for p in sys.path if p.endswith(".zip"))


def pyc(source: bytes, filename: str) -> bytes | None:
    """Unchecked hash-based bytecode for ``source``; None when it does not compile here."""
    try:
        code = compile(source, filename, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return None
    return bytes(
        _external._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
    )


def _entry(name: str, like: zipfile.ZipInfo) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=like.date_time)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = like.external_attr
    return info


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compile_wheel(src: str, dst: str, only: set[str] | None = None) -> int:
    """Copy the wheel ``src`` to ``dst`` with bytecode for its modules (those in ``only``, when
    given); the number compiled."""
    count = 0
    with zipfile.ZipFile(src) as wheel, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as out:
        names = wheel.namelist()
        record = next(
            (n for n in names if n.endswith(".dist-info/RECORD") and n.count("/") == 1), None
        )
        added = []
        for info in wheel.infolist():
            if info.filename == record:
                continue
            data = wheel.read(info)
            out.writestr(info, data)
            name = info.filename
            top = name.split("/", 1)[0]
            if not name.endswith(".py") or top.endswith((".dist-info", ".data")):
                continue
            if only is not None and name not in only:
                continue
            code = pyc(data, f"{SITE_PACKAGES}/{name}")
            if code is None:
                continue
            folder, _, module = name.rpartition("/")
            target = f"{folder}/__pycache__/{module[:-3]}.{TAG}.pyc".lstrip("/")
            out.writestr(_entry(target, info), code)
            added.append(_record_line(target, code))
            count += 1
        if record is not None:
            text = wheel.read(record).decode("utf-8").rstrip("\n")
            lines = text.split("\n") if text else []
            out.writestr(wheel.getinfo(record), "\n".join(lines + added) + "\n")
    return count


def compile_stdlib(src: str, dst: str, extra: dict[str, str]) -> int:
    """Copy the standard library's zip with a ``.pyc`` beside every module, plus ``extra``."""
    count = 0
    with zipfile.ZipFile(src) as stdlib, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as out:
        present = set(stdlib.namelist())
        members = [(info, stdlib.read(info)) for info in stdlib.infolist()]
        like = members[0][0]
        for name, path in sorted(extra.items()):
            if name in present:
                raise ValueError(f"{name} is already in the standard library's zip")
            with open(path, "rb") as handle:
                members.append((_entry(name, like), handle.read()))
        for info, data in members:
            out.writestr(info, data)
            if not info.filename.endswith(".py"):
                continue
            code = pyc(data, f"{STDLIB_ZIP}/{info.filename}")
            if code is None:
                continue
            out.writestr(_entry(info.filename[:-3] + ".pyc", info), code)
            count += 1
    return count


def profile(wheels: list[str], imports: list[str], snippets: list[str]) -> dict:
    """{"used": {wheel: [member, ...]}, "failed": [message]}: the files of each wheel that the
    imports and snippets loaded."""
    root = tempfile.mkdtemp(prefix="profile-")
    owner = {}
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(root)
            owner.update(dict.fromkeys(archive.namelist(), wheel))
    sys.path.insert(0, root)
    importlib.invalidate_caches()
    failed = []
    saved = sys.stdout, sys.stderr
    try:
        for name in imports:
            try:
                importlib.import_module(name)
            except Exception:  # noqa: BLE001 - reported, not fatal: the rest still profiles
                failed.append(f"import {name}: {traceback.format_exc(limit=3)}")
        for code in snippets:
            try:
                exec(compile(code, "<profile>", "exec"), {})
            except Exception:  # noqa: BLE001
                failed.append(f"{code!r}: {traceback.format_exc(limit=3)}")
    finally:
        sys.stdout, sys.stderr = saved  # the kernel's module replaces them when imported
    used: dict[str, list[str]] = {}
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None) or ""
        if path.startswith(root + "/") and path.endswith(".py"):
            member = path[len(root) + 1 :]
            if member in owner:
                used.setdefault(owner[member], []).append(member)
    return {
        "used": {wheel: sorted(set(members)) for wheel, members in used.items()},
        "failed": failed,
    }


def main(job_path: str) -> str:
    with open(job_path) as handle:
        job = json.load(handle)
    summary = {"python": sys.version.split()[0], "cache_tag": TAG, "done": []}
    if "profile" in job:
        spec = job["profile"]
        summary["profile"] = profile(spec["wheels"], spec["imports"], spec.get("snippets", []))
    for task in job["tasks"]:
        if task["kind"] == "wheel":
            only = set(task["only"]) if "only" in task else None
            count = compile_wheel(task["src"], task["dst"], only)
        else:
            count = compile_stdlib(task["src"], task["dst"], task.get("extra", {}))
        summary["done"].append({"dst": task["dst"], "modules": count})
    return json.dumps(summary)
