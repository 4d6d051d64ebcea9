"""The wheel carries the built front end, even though pachisi_widget/static/ is git-ignored.

The build runs on a copy of the source tree as a clean checkout would have it (no node_modules, no
static/), so the hatch-jupyter-builder hook must really run `npm install` and `npm run build`. It is
the run's one wheel (support.project_wheel), which the offline site also ships.
"""

from __future__ import annotations

import email
import zipfile
from pathlib import Path

import pytest
from support import project_wheel

pytestmark = [pytest.mark.slow]


@pytest.fixture(scope="module")
def wheel() -> Path:
    """The run's one wheel (support.project_wheel: pip wheel from a clean copy of the tree,
    shared with the offline site's build); its copy had no bundle and no node_modules."""
    built = project_wheel()
    assert built["clean_copy"] == {"static": False, "node_modules": False}, built
    print(f"wheel built in {built['seconds']:.1f} s" + ("" if built["built_now"] else " (cached)"))
    return Path(built["wheel"])


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
    # The learned evaluation the coach judges by (read by pure Python, offline too).
    assert "pachisi_widget/data/evaluation.json" in names
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
