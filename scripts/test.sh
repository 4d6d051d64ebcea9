#!/usr/bin/env bash
# Run every test of pachisi_widget: set up (scripts/bootstrap.sh), the front-end unit tests (vitest),
# then the whole pytest suite on 2 workers: rules, doctests, widget, notebooks, packaging and the
# real-browser tests. Extra arguments go to pytest, e.g. `bash scripts/test.sh -k harness`.
# Under CI=true the browser tests fail (never skip) when Chromium is missing.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

started=$SECONDS
bash scripts/bootstrap.sh
boot_s=$((SECONDS - started))

echo "[test] front-end unit tests (npm test)"
npm test --silent

echo "[test] pytest"
pytest_started=$SECONDS
status=0
.venv/bin/python -m pytest -n 2 --dist loadgroup --durations=10 "$@" || status=$?
echo "[test] bootstrap ${boot_s} s, pytest $((SECONDS - pytest_started)) s, total $((SECONDS - started)) s"
exit "$status"
