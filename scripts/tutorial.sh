#!/usr/bin/env bash
# Open the first pachisi_widget lesson in JupyterLab (sets the machine up first).
#
#   bash scripts/tutorial.sh                    # lesson 00, in your browser
#   bash scripts/tutorial.sh --lesson 01        # another lesson (its id: 00, 01, 02, 02b, ... 07b, 08)
#   bash scripts/tutorial.sh --lang ro          # the Romanian edition (notebooks/ro/)
#   bash scripts/tutorial.sh --no-browser       # print its address only (e.g. on a server)
#   bash scripts/tutorial.sh --port 8890        # any other `jupyter lab` option
#
# JupyterLab serves my-lessons/, the teacher's working copy of notebooks/ (git-ignored; made and
# refreshed by scripts/working_copy.py, which keeps a lesson the teacher edited when its original
# changes): saving a lesson, or File > New, never changes the committed notebooks. The address it
# prints (with its token) is the lesson's. The copy's own settings (my-lessons/.jupyter/: no news
# pop-up) and its kernels' IPython folder (my-lessons/.ipython/) are used, not the user's. It logs
# warnings and errors only; add --log-level=INFO for everything. Stop it with Ctrl-C (twice, or
# once and answer y).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

lesson_id=00
lang=en
args=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --lesson) lesson_id="$2"; shift 2 ;;
        --lesson=*) lesson_id="${1#--lesson=}"; shift ;;
        --lang) lang="$2"; shift 2 ;;
        --lang=*) lang="${1#--lang=}"; shift ;;
        *) args+=("$1"); shift ;;
    esac
done

# PACHISI_SKIP_BOOTSTRAP=1 leaves the set-up out (a machine that is already set up, the tests).
[[ "${PACHISI_SKIP_BOOTSTRAP:-}" == 1 ]] || bash scripts/bootstrap.sh

# The working copy (made, or refreshed when an original changed), and the lesson's path in it.
opened="$(.venv/bin/python scripts/working_copy.py --lesson "$lesson_id" --lang "$lang")"
work="${opened%%$'\n'*}"
lesson="${opened#*$'\n'}"
url="/lab/tree/$lesson"
locale="${LC_ALL:-${LC_MESSAGES:-${LANG:-}}}"
if [[ "$locale" == ro* ]]; then
    echo "[tutorial] deschid $lesson din ${work#"$PWD/"}/ în JupyterLab (îl oprești cu Ctrl-C)"
else
    echo "[tutorial] opening $lesson of ${work#"$PWD/"}/ in JupyterLab (stop it with Ctrl-C)"
fi

export JUPYTERLAB_SETTINGS_DIR="$work/.jupyter/lab/user-settings"
export JUPYTERLAB_WORKSPACES_DIR="$work/.jupyter/lab/workspaces"
export IPYTHONDIR="$work/.ipython"

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
# and what the browser opens first; the root is the working copy, so the lesson's path is
# 00_....ipynb or ro/00_....ipynb. Later options (the user's) win over these.
exec .venv/bin/jupyter lab "${extra[@]}" \
    --ServerApp.root_dir="$work" \
    --ServerApp.default_url="$url" \
    --LabApp.default_url="$url" \
    --Application.log_level=WARN \
    --LabApp.news_url=None \
    --LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate \
    "${args[@]}" 2> >(drop_token_warning)
