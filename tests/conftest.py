"""Shared by every tier (tests/unit, tests/notebooks, tests/builds, tests/browser).

The tiers, and how ``bash scripts/test.sh`` runs them:

- ``tests/unit/``: in-process tests (the rules, words, lessons' checks, the widget without a
  browser) and the package's doctests; ``bash scripts/test.sh fast`` runs those not marked slow;
- ``tests/notebooks/``: the lessons, each executed once per language (``support.executed``);
- ``tests/builds/``: the wheel, Binder, the JupyterLite and documentation sites, nbgrader;
- ``tests/browser/``: real Chromium against real JupyterLab, Notebook 7, Voila and the sites.

Here: a teacher's mode for the tests (``PACHISI_TEACHER=1``), the Hypothesis profiles
(``HYPOTHESIS_PROFILE=dev|ci|thorough``; ci under ``CI=true``, else dev), the free port and
static server fixtures, and the tier markers: everything outside ``tests/unit`` is marked slow,
so ``-m "not slow"`` is the unit tier.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

# The tests are a teacher's tool: exercises show their answers (pachisi_widget.lessons.teacher_mode).
# A lesson's kernel is a student's: support.kernel_env leaves the variable out.
os.environ["PACHISI_TEACHER"] = "1"

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
    "browser/axe_audit.py",
]
SLOW_TIERS = ("notebooks", "builds", "browser")


def pytest_report_header(config):
    return f"hypothesis profile: {support.hypothesis_profile()} (HYPOTHESIS_PROFILE, CI)"


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """Every test outside tests/unit and the package's doctests is slow (the tiers are folders);
    under ``--dist loadgroup``, each test of an ``xdist_group`` gets its group in its node id."""
    _group_node_ids(config, items)
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


def _group_node_ids(config, items) -> None:
    """What pytest-xdist's loadgroup does on its workers: the group as a suffix of the node id
    (``...::test_x@sites``), by which the controller sends a group's tests to one worker.

    xdist 3.8 writes the suffix into ``item._nodeid``, which pytest 9 no longer reads (the node id
    is ``item._id``), so every group was spread over both workers and each worker built the docs
    and JupyterLite sites itself. This writes the same suffix where pytest 9 keeps it; where xdist
    already did (another xdist or pytest), the node id has its ``@`` and is left alone."""
    if not getattr(config.option, "loadgroup", False):
        return
    from _pytest.nodeid import NodeId  # pytest 9: the structured node id

    for item in items:
        names = sorted(
            {
                str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                for m in item.iter_markers("xdist_group")
            }
        )
        if names and "@" not in item.nodeid:
            # the suffix goes after the parameters ("test_x[en]@sites", where xdist looks for
            # it), so it is kept in the last name, not in the parameters (their "]" last)
            path, _, rest = f"{item.nodeid}@{'_'.join(names)}".partition("::")
            item._id = NodeId(path=path, names=tuple(rest.split("::")))
