"""The wheel carries the built front end, even though pachisi_widget/static/ is git-ignored.

The build runs on a copy of the source tree as a clean checkout would have it (no node_modules, no
static/), so the hatch-jupyter-builder hook must really run `npm install` and `npm run build`.
"""

from __future__ import annotations

import email
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

# One wheel build for the module: keep its tests on one xdist worker (`--dist loadgroup`).
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("wheel")]

REPO = Path(__file__).resolve().parents[2]


def _source_files() -> list[str]:
    """Files a checkout would hold: tracked ones plus new ones that are not ignored."""
    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.fail("building the wheel from a clean copy needs git and a git checkout")
    out = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=REPO,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return [name for name in out.split("\0") if name and (REPO / name).is_file()]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """Build a wheel with pip from a clean copy of the tree and return its path."""
    if shutil.which("npm") is None:
        pytest.fail("npm is needed to build the front end into the wheel")
    base = tmp_path_factory.mktemp("wheel")
    src = base / "src"
    for name in _source_files():
        target = src / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / name, target)
    assert not (src / "pachisi_widget" / "static").exists()
    assert not (src / "node_modules").exists()

    dist = base / "dist"
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "-q", "-w", str(dist)],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, f"pip wheel failed:\n{result.stdout}\n{result.stderr}"
    print(f"wheel built in {time.monotonic() - started:.1f} s")
    wheels = sorted(dist.glob("pachisi_widget-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def test_wheel_ships_the_bundled_front_end(wheel: Path):
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        js = zf.read("pachisi_widget/static/widget.js").decode()
        css = zf.read("pachisi_widget/static/widget.css").decode()
    assert "pachisi_widget/static/widget.js" in names
    assert "pachisi_widget/static/widget.css" in names
    # An ES module bundle from js/widget.js, carrying the front-end hooks.
    assert "export" in js
    assert "data-role" in js and "status" in js
    assert "data-action" in js and "throw" in js
    assert ".pachisi-widget" in css
    # Sources and build tooling stay out of the wheel.
    assert not any(name.startswith(("js/", "node_modules/", "tests/")) for name in names)


def test_wheel_metadata(wheel: Path):
    with zipfile.ZipFile(wheel) as zf:
        meta_name = next(n for n in zf.namelist() if n.endswith(".dist-info/METADATA"))
        meta = email.message_from_bytes(zf.read(meta_name))
        names = zf.namelist()
    assert meta["Name"] == "pachisi_widget"
    assert meta["Version"] == "0.1.0"
    assert meta["Requires-Python"] == ">=3.10"
    assert meta["License-Expression"] == "MIT"
    requires = meta.get_all("Requires-Dist")
    runtime = [r for r in requires if "extra ==" not in r]
    assert runtime == ["anywidget>=0.9"]
    assert any(r.startswith("numpy") and "extra == 'sim'" in r for r in requires)
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
