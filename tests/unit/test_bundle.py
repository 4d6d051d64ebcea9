"""The front-end bundle: a clear error when it is missing, and hot reloading for development."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _copy_package(tmp_path: Path, with_bundle: bool) -> Path:
    dest = tmp_path / "pachisi_widget"
    shutil.copytree(
        ROOT / "pachisi_widget",
        dest,
        ignore=shutil.ignore_patterns("__pycache__", *([] if with_bundle else ["static"])),
    )
    return tmp_path


def _run(tmp_path: Path, code: str, **env) -> subprocess.CompletedProcess:
    full_env = {k: v for k, v in os.environ.items() if k != "ANYWIDGET_HMR"}
    full_env.update(env)
    full_env["PYTHONPATH"] = str(tmp_path)
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=tmp_path,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_without_a_bundle_the_engine_imports_and_the_widget_says_how_to_build(tmp_path):
    root = _copy_package(tmp_path, with_bundle=False)
    proc = _run(
        root,
        """
        import pachisi_widget as pw
        g = pw.Game(players=2, seed=1)          # the engine needs no bundle
        assert g.phase == "throw"
        from pachisi_widget.widget import PachisiWidget   # importing still works
        try:
            PachisiWidget(game=g)
        except FileNotFoundError as exc:
            print("ERROR:", exc)
        else:
            raise SystemExit("no error without a bundle")
    """,
    )
    assert proc.returncode == 0, proc.stderr
    message = proc.stdout
    assert "front end is not built" in message
    assert "npm run build" in message and "pip install -e ." in message


def test_hot_reloading_watches_the_bundle_in_a_source_checkout(tmp_path):
    if not (ROOT / "pachisi_widget" / "static" / "widget.js").exists():
        pytest.fail("the front end is not built: run `npm run build` first")
    root = _copy_package(tmp_path, with_bundle=True)
    proc = _run(
        root,
        """
        import time
        import pachisi_widget as pw
        w = pw.PachisiWidget(players=2, seed=1)
        esm = pw.PachisiWidget.__dict__["_esm"]
        assert esm._background_thread is not None, "no file watcher with ANYWIDGET_HMR=1"
        before = w._esm
        time.sleep(0.5)
        path = pw.widget._STATIC / "widget.js"
        path.write_text(path.read_text() + "\\n// edited", encoding="utf-8")
        deadline = time.time() + 20
        while w._esm == before and time.time() < deadline:
            time.sleep(0.1)
        assert w._esm != before and w._esm.endswith("// edited"), "the view's code did not follow the file"
        print("reloaded")
    """,
        ANYWIDGET_HMR="1",
    )
    assert proc.returncode == 0, proc.stderr
    assert "reloaded" in proc.stdout
