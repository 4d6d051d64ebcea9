"""Every module of the package has its place in the API reference (docs/api/), so a new module
cannot be left out of the documentation site. (The site itself is built by tests/test_docs.py.)"""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
NOT_DOCUMENTED = {"__init__"}  # the package page itself


def test_every_module_is_in_the_api_reference():
    pages = "".join(
        p.read_text(encoding="utf-8")
        for p in (REPO / "docs" / "api").iterdir()
        if p.suffix in (".rst", ".md")
    )
    documented = set(re.findall(r"automodule:: pachisi_widget\.(\w+)", pages))
    package = REPO / "pachisi_widget"
    modules = {p.stem for p in package.glob("*.py")} - NOT_DOCUMENTED
    packages = {p.name for p in package.iterdir() if (p / "__init__.py").exists()}  # lab/, coach/
    assert modules - documented == set(), f"not in docs/api/: {sorted(modules - documented)}"
    unknown = documented - modules - packages
    assert unknown == set(), f"docs/api/ names no such module: {sorted(unknown)}"
