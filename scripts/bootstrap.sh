#!/usr/bin/env bash
# Set up a development machine for pachisi_widget, from a fresh clone or again at any time.
#
#   bash scripts/bootstrap.sh
#
# - installs the front-end packages (npm ci) and builds the bundle (js/ -> pachisi_widget/static/);
# - creates .venv with python3 (>= 3.10) and installs the package editable with its dev extras;
# - makes sure a Chromium for the browser tests is there (Debian's package; installed as root).
# Re-running it only redoes what changed. It exits non-zero on any failure.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$PWD"
VENV="$ROOT/.venv"
PY="${PYTHON:-python3}"

say() { printf '[bootstrap] %s\n' "$*"; }
loud() {
    printf '\n[bootstrap] ************************************************************\n' >&2
    printf '[bootstrap] %s\n' "$@" >&2
    printf '[bootstrap] ************************************************************\n\n' >&2
}
die() { loud "ERROR: $*"; exit 1; }
# Run a noisy command quietly; print its whole output only when it fails.
quiet() {
    local log
    log="$(mktemp)"
    if ! "$@" >"$log" 2>&1; then
        cat "$log" >&2
        rm -f "$log"
        die "command failed: $*"
    fi
    rm -f "$log"
}
is_ci() { [[ "${CI:-}" == "true" || "${CI:-}" == "1" ]]; }
started=$SECONDS

# --- tools ------------------------------------------------------------------------------------
command -v "$PY" >/dev/null 2>&1 || die "$PY not found: install Python 3.10 or newer"
"$PY" -c 'import sys; sys.exit(sys.version_info < (3, 10))' \
    || die "$("$PY" --version 2>&1) is too old: pachisi_widget needs Python 3.10 or newer"
command -v node >/dev/null 2>&1 || die "node not found: install Node.js 20.19 or newer (it builds the front end)"
command -v npm >/dev/null 2>&1 || die "npm not found: install npm (it comes with Node.js)"
node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)' \
    || die "node $(node --version) is too old: the front-end tools need Node.js 20.19 or newer"

# --- front end ----------------------------------------------------------------------------------
# npm keeps its own copy of the lock in node_modules/.package-lock.json; reinstall when ours is newer.
if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json \
      || package.json -nt node_modules/.package-lock.json ]]; then
    say "installing front-end packages (npm ci)"
    quiet npm ci --no-audit --no-fund
else
    say "front-end packages up to date"
fi
say "building the front end (npm run build)"
quiet npm run build
[[ -s pachisi_widget/static/widget.js ]] || die "npm run build did not produce pachisi_widget/static/widget.js"

# --- Python ---------------------------------------------------------------------------------------
if [[ ! -x "$VENV/bin/python" ]] || ! "$VENV/bin/python" -c 'import sys' >/dev/null 2>&1; then
    say "creating .venv with $("$PY" --version 2>&1)"
    rm -rf "$VENV"
    "$PY" -m venv "$VENV"
    quiet "$VENV/bin/python" -m pip install -q --upgrade pip
fi
# package.json says "type": "module", and Node.js applies the nearest package.json above a file to
# it: without this one, every .js file in .venv would be read as an ES module, and JupyterLab's
# bundled yarn.js (which it runs at start-up to read the yarn configuration) would fail with an
# 11,000-character "Dynamic require of "util" is not supported" on every `jupyter lab`.
printf '{\n  "type": "commonjs"\n}\n' >"$VENV/package.json"
# Reinstall when pyproject.toml or the pinned versions (requirements-dev.txt, the constraints
# every development install uses) changed since the last successful install.
stamp="$VENV/.pachisi-bootstrap"
want="$(sha256sum pyproject.toml requirements-dev.txt | cut -d' ' -f1 | tr '\n' ' ')$("$VENV/bin/python" --version 2>&1)"
if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]] \
   || ! "$VENV/bin/python" -c 'import anywidget, playwright, jupyterlab, notebook, voila, pytest, mypy, fpdf, pypdfium2' >/dev/null 2>&1; then
    say "installing pachisi_widget editable with the dev extras (pip install -e .[dev] -c requirements-dev.txt)"
    quiet "$VENV/bin/python" -m pip install -q --disable-pip-version-check -e ".[dev]" -c requirements-dev.txt
    printf '%s\n' "$want" >"$stamp"
else
    say "Python packages up to date"
fi

# --- Chromium for the browser tests -------------------------------------------------------------
find_chromium() {
    if [[ -x /usr/bin/chromium ]]; then echo /usr/bin/chromium; else command -v chromium 2>/dev/null || true; fi
}
chromium="$(find_chromium)"
if [[ -z "$chromium" ]]; then
    if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null 2>&1; then
        say "installing Debian's chromium for the browser tests (apt-get, about a minute)"
        quiet apt-get update -qq
        quiet env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium
        chromium="$(find_chromium)"
        [[ -n "$chromium" ]] || die "apt-get installed chromium, but no chromium executable was found"
    else
        loud "Chromium is missing and cannot be installed here (needs root and apt-get)." \
             "The browser tests will be SKIPPED outside CI and FAIL under CI." \
             "Install it with:  sudo apt-get install chromium"
        is_ci && die "CI=true and no chromium: the browser tests must not be skipped"
    fi
fi
[[ -n "$chromium" ]] && say "chromium: $("$chromium" --version 2>/dev/null || echo "$chromium")"

say "ready in $((SECONDS - started)) s: .venv/bin/python -m pytest, npm test, bash scripts/tutorial.sh"
