#!/usr/bin/env bash
# Build site/: a static JupyterLite site of the tutorials. Python runs in the browser (Pyodide);
# the site needs no server and, by default, no internet: serve the folder with any static server.
#
#   bash scripts/build_lite.sh                  # offline site in site/
#   bash scripts/build_lite.sh --online         # Pyodide and numpy/matplotlib from Pyodide's CDN
#   bash scripts/build_lite.sh --out DIR --extra-contents tests/lite/smoke.ipynb
#   python3 -m http.server -b 127.0.0.1 -d site 8000   # then open http://127.0.0.1:8000/
#
# On a fresh clone it runs scripts/bootstrap.sh first. The build tools live in .venv-lite (pinned in
# lite/requirements.txt); downloads and compiled bytecode are cached in .cache/lite/, so a rebuild
# takes seconds. Node.js (which bootstrap.sh needs anyway) compiles the site's bytecode.
# The steps are in scripts/build_lite.py; `--help` lists the options.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$PWD"
VENV="$ROOT/.venv-lite"
PY="${PYTHON:-python3}"
say() { printf '[build_lite] %s\n' "$*"; }

# The project itself: its venv (builds the wheel) and its front-end bundle.
if [[ ! -x .venv/bin/python || ! -d node_modules || ! -s pachisi_widget/static/widget.js ]]; then
    say "setting the project up first (scripts/bootstrap.sh)"
    bash scripts/bootstrap.sh
fi

mkdir -p .cache/lite
# One build at a time: builds share the download cache and .venv-lite.
if command -v flock >/dev/null 2>&1; then
    exec 9>"$ROOT/.cache/lite/.build.lock"
    flock 9
fi

# The build tools, in their own venv so their Jupyter extensions are exactly the site's.
source scripts/tool_venv.sh
tool_venv "$VENV" lite/requirements.txt "the build tools"

exec "$VENV/bin/python" scripts/build_lite.py "$@"
