#!/usr/bin/env bash
# Open the pachisi_widget tutorials in JupyterLab (sets the machine up first).
# Extra arguments go to `jupyter lab`, e.g. `bash scripts/tutorial.sh --port 8890`.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/bootstrap.sh

target=.
if [[ -d notebooks ]]; then
    target=notebooks/
    shopt -s nullglob
    first=(notebooks/01_*.ipynb)
    shopt -u nullglob
    if ((${#first[@]})); then
        target="${first[0]}"
    fi
fi
extra=()
# Jupyter refuses to run as root unless told to (containers, these dev machines).
[[ "$(id -u)" == 0 ]] && extra+=(--allow-root)
echo "[tutorial] opening $target in JupyterLab (stop it with Ctrl-C)"
exec .venv/bin/jupyter lab "${extra[@]}" "$target" "$@"
