"""Shared by every tier (tests/unit, tests/notebooks, tests/builds, tests/browser).

The tiers, and how ``bash scripts/test.sh`` runs them:

- ``tests/unit/``: in-process tests (the rules, words, lessons' checks, the widget without a
  browser) and the package's doctests; ``bash scripts/test.sh fast`` runs those not marked slow;
- ``tests/notebooks/``: the lessons, each executed once per language (``support.executed``);
- ``tests/builds/``: the wheel, Binder, the JupyterLite and documentation sites, nbgrader;
- ``tests/browser/``: real Chromium against real JupyterLab, Notebook 7, Voila and the sites.

Here: the Hypothesis profiles (``HYPOTHESIS_PROFILE=dev|ci|thorough``; ci under ``CI=true``,
else dev), the free port and static server fixtures, and the tier markers: everything outside
``tests/unit`` is marked slow, so ``-m "not slow"`` is the unit tier.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import support  # noqa: E402

try:
    from hypothesis import HealthCheck, settings
except ImportError:  # pragma: no cover - dev extras missing
    settings = None
else:
    _quiet = [HealthCheck.too_slow, HealthCheck.data_too_large]
    # ci: the suite's settings until now (each test's own max_examples, derandomised).
    settings.register_profile(
        "ci", max_examples=100, deadline=None, derandomize=True, suppress_health_check=_quiet
    )
    # dev: the loop before a commit (support.examples caps each test at 10 examples).
    settings.register_profile(
        "dev", max_examples=10, deadline=None, derandomize=True, suppress_health_check=_quiet
    )
    # thorough: weekly; not derandomised, so every run explores new examples (10 x as many).
    settings.register_profile(
        "thorough",
        max_examples=1000,
        deadline=None,
        derandomize=False,
        suppress_health_check=_quiet,
        print_blob=True,
    )
    settings.load_profile(support.hypothesis_profile())

TESTS = Path(__file__).resolve().parent
# --doctest-modules would import every conftest.py as a module named "conftest" (two of them
# clash) and the helpers as test modules: they have no doctests.
collect_ignore = [
    "conftest.py",
    "browser/conftest.py",
    "support.py",
    "ports.py",
    "browser/jupyter_ui.py",
]
SLOW_TIERS = ("notebooks", "builds", "browser")


def pytest_report_header(config):
    return f"hypothesis profile: {support.hypothesis_profile()} (HYPOTHESIS_PROFILE, CI)"


def pytest_collection_modifyitems(config, items):
    """Every test outside tests/unit and the package's doctests is slow (the tiers are folders)."""
    for item in items:
        try:
            tier = Path(str(item.fspath)).resolve().relative_to(TESTS).parts[0]
        except ValueError:
            continue
        if tier in SLOW_TIERS:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def free_port():
    """``free_port()``: a TCP port on 127.0.0.1 that was free a moment ago."""
    return support.free_port


@pytest.fixture(scope="session")
def static_server(tmp_path_factory):
    """``with static_server(folder, ready="index.html") as url:`` serves a built site."""

    def serve(folder, ready="index.html"):
        return support.serve_static(folder, tmp_path_factory.mktemp("http"), ready)

    return serve
