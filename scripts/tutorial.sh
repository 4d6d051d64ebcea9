#!/usr/bin/env bash
# Open the first pachisi_widget lesson in JupyterLab (sets the machine up first).
#
#   bash scripts/tutorial.sh                    # lesson 01, in your browser
#   bash scripts/tutorial.sh --no-browser       # print its address only (e.g. on a server)
#   bash scripts/tutorial.sh --port 8890        # any other `jupyter lab` option
#
# JupyterLab serves the whole repository and opens notebooks/01_*.ipynb itself: the address it
# prints (with its token) is the lesson's, not the Launcher's. It logs warnings and errors only;
# add --log-level=INFO for everything. Stop it with Ctrl-C.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/bootstrap.sh

shopt -s nullglob
first=(notebooks/01_*.ipynb)
shopt -u nullglob
if ((${#first[@]})); then
    lesson="${first[0]}"
    url="/lab/tree/$lesson"
    echo "[tutorial] opening $lesson in JupyterLab (stop it with Ctrl-C)"
else
    lesson=""
    url="/lab"
    echo "[tutorial] no notebooks/01_*.ipynb here: opening JupyterLab (stop it with Ctrl-C)"
fi

extra=()
# Jupyter refuses to run as root unless told to (containers, these dev machines).
[[ "$(id -u)" == 0 ]] && extra+=(--allow-root)
# One upstream warning is not news for a teacher: notebook_shim reads every ServerApp setting at
# start-up, a deprecated one among them, and voila turns such warnings on. Drop exactly its two
# lines from the log (the filter ignores Ctrl-C, so it outlives the server's shutdown messages).
drop_token_warning() {
    trap '' INT
    local line skip=0
    while IFS= read -r line || [[ -n "$line" ]]; do
        [[ "$line" == *"DeprecationWarning: ServerApp.token config is deprecated"* ]] && skip=2
        if ((skip > 0)); then
            skip=$((skip - 1))
            continue
        fi
        printf '%s\n' "$line"
    done >&2
}
# The lesson's own address is the one printed and opened: default_url is what the server prints
# and what the browser opens first; the root is the repository, so the lesson's path is
# notebooks/... (as on Binder). Later options (the user's) win over these.
exec .venv/bin/jupyter lab "${extra[@]}" \
    --ServerApp.root_dir="$PWD" \
    --ServerApp.default_url="$url" \
    --LabApp.default_url="$url" \
    --Application.log_level=WARN \
    "$@" 2> >(drop_token_warning)
