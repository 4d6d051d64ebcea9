#!/usr/bin/env bash
# Run the tests of pachisi_widget, in tiers (tests/unit, tests/notebooks, tests/builds,
# tests/browser; docs/contributing.md says which to run when):
#
#   bash scripts/test.sh           # everything: set-up (scripts/bootstrap.sh), the front-end unit
#                                  # tests (npm test), then every pytest tier on 2 workers, with
#                                  # line and branch coverage of the package
#   bash scripts/test.sh fast      # the loop before a commit: the unit tier and the doctests only
#                                  # (no browser, no notebook execution, no builds, no Dask or
#                                  # nbgrader), Hypothesis's "dev" profile
#   bash scripts/test.sh -k lite   # extra arguments go to pytest (after "fast" too)
#
# Both print their time per tier and keep, in test-results/: junit.xml, durations.txt (every
# test's time, slowest first), pytest.log and tiers.txt. Under CI=true the browser tests fail
# (never skip) when Chromium is missing, and Hypothesis uses its "ci" profile (HYPOTHESIS_PROFILE
# chooses: dev, ci or thorough). PACHISI_PYTHON runs another interpreter than .venv/bin/python
# and PACHISI_SKIP_BOOTSTRAP=1 leaves the set-up out (for a machine that is already set up).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

# ==== lint: the quick checks, run first so that a slip fails in seconds ===================
# The notebooks carry no outputs (scripts/check_notebooks.py); ruff check and ruff format --check
# over the tree (configured in pyproject.toml); mypy, the core strictly and the rest leniently
# ([tool.mypy] in pyproject.toml); biome over js/ (npm run lint, biome.json). The same checks as
# .pre-commit-config.yaml. It needs the tools, so it runs right after bootstrap.
#
#   PACHISI_LINT=0 bash scripts/test.sh    skips the ruff part (only that: mypy, biome and the
#                                          notebook check always run)
#
# The default is PACHISI_LINT=1, everything; CI runs it so.
lint() {
    local lint_started=$SECONDS
    echo "[test] lint: notebooks without outputs (scripts/check_notebooks.py)"
    .venv/bin/python scripts/check_notebooks.py
    if [[ "${PACHISI_LINT:-1}" == "0" ]]; then
        echo "[test] lint: ruff SKIPPED (PACHISI_LINT=0)"
    else
        echo "[test] lint: ruff check, ruff format --check"
        .venv/bin/ruff check .
        .venv/bin/ruff format --check .
    fi
    echo "[test] lint: mypy"
    .venv/bin/mypy
    echo "[test] lint: biome (npm run lint)"
    npm run --silent lint
    echo "[test] lint passed in $((SECONDS - lint_started)) s"
}
# ==== end of lint ==================================================================================
mode=full
if [[ "${1:-}" == fast || "${1:-}" == full ]]; then
    mode="$1"
    shift
fi
PY="${PACHISI_PYTHON:-.venv/bin/python}"
RESULTS=test-results
say() { printf '[test] %s\n' "$*"; }

started=$SECONDS
boot_s=0 npm_s=0
if [[ "${PACHISI_SKIP_BOOTSTRAP:-}" != 1 ]]; then
    bash scripts/bootstrap.sh
    boot_s=$((SECONDS - started))
fi
mkdir -p "$RESULTS"
rm -f "$RESULTS/junit.xml" "$RESULTS/durations.txt" "$RESULTS/notebook-times.txt"

lint_s=$SECONDS
lint
lint_s=$((SECONDS - lint_s))

args=(-n 2 --durations=0 --junitxml="$RESULTS/junit.xml" -o junit_family=xunit2)
if [[ "$mode" == fast ]]; then
    export HYPOTHESIS_PROFILE="${HYPOTHESIS_PROFILE:-dev}"
    args+=(-m "not slow" tests/unit pachisi_widget)
else
    export HYPOTHESIS_PROFILE="${HYPOTHESIS_PROFILE:-ci}"
    npm_started=$SECONDS
    say "front-end unit tests (npm test)"
    npm test --silent
    npm_s=$((SECONDS - npm_started))
    # loadgroup: the tests that share the built docs and JupyterLite sites run on one worker
    # (xdist group "sites"; tests/conftest.py gives pytest 9's node ids the group); everything
    # else is spread over both. The one wheel of the run is shared through a file lock.
    args+=(--dist loadgroup --cov=pachisi_widget --cov-branch --cov-report=
           --cov-report=xml:"$RESULTS/coverage.xml")
fi

say "pytest ($mode, hypothesis profile $HYPOTHESIS_PROFILE)"
pytest_started=$SECONDS
set +e
"$PY" -m pytest "${args[@]}" "$@" 2>&1 | tee "$RESULTS/pytest.log"
status=${PIPESTATUS[0]}
set -e
pytest_s=$((SECONDS - pytest_started))

# Every test's time (pytest --durations=0), slowest first, and the sums per tier.
sed -n '/slowest durations/,/^=\{5,\}/p' "$RESULTS/pytest.log" | sed '1d;$d' >"$RESULTS/durations.txt" || true
if [[ -f "$RESULTS/junit.xml" ]]; then
    "$PY" - "$RESULTS/junit.xml" <<'EOF' | tee "$RESULTS/tiers.txt"
import collections, sys
import xml.etree.ElementTree as ET

seconds, counts = collections.Counter(), collections.Counter()
for case in ET.parse(sys.argv[1]).iter("testcase"):
    name = case.get("classname", "")
    parts = name.split(".")
    tier = parts[1] if parts[0] == "tests" and len(parts) > 2 else (
        "doctests" if parts[0] == "pachisi_widget" else parts[0])
    seconds[tier] += float(case.get("time") or 0)
    counts[tier] += 1
print("[test] worker time per tier (setup + call + teardown, both workers together):")
for tier in ("unit", "doctests", "notebooks", "builds", "browser", *sorted(set(seconds) - {
        "unit", "doctests", "notebooks", "builds", "browser"})):
    if counts[tier]:
        print(f"[test]   {tier:10} {counts[tier]:5} tests  {seconds[tier]:7.1f} s")
EOF
fi
if [[ "$mode" == full ]]; then
    total="$("$PY" -m coverage report --format=total 2>/dev/null || echo "?")"
    say "coverage of pachisi_widget, lines and branches (in-process tests): ${total} %" \
        | tee -a "$RESULTS/tiers.txt"
fi
say "$mode: bootstrap ${boot_s} s, lint ${lint_s} s, npm test ${npm_s} s, pytest ${pytest_s} s, total $((SECONDS - started)) s" \
    | tee -a "$RESULTS/tiers.txt"
say "kept: $RESULTS/junit.xml, $RESULTS/durations.txt, $RESULTS/tiers.txt, $RESULTS/pytest.log"
exit "$status"
