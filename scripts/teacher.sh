#!/usr/bin/env bash
# A teacher's versions of the lessons: solutions, and an nbgrader course to hand out and grade.
#
#   bash scripts/teacher.sh solutions             # classroom/solutions/: every exercise answered
#   bash scripts/teacher.sh nbgrader              # classroom/course-en/: nbgrader source + release
#   bash scripts/teacher.sh autograde             # grade classroom/course-en/submitted/, print scores
#   bash scripts/teacher.sh lab                   # the lessons in JupyterLab, in a teacher's mode
#   bash scripts/teacher.sh print                 # classroom/kit/<lang>/: the teacher's kit as PDFs
#   bash scripts/teacher.sh --help                # every option
#
# The lessons in notebooks/ (and notebooks/ro/) are already the students' version: no exercise cell
# shows its answer, each one checks itself. "solutions" writes a copy with every answer filled in.
# "nbgrader" writes an nbgrader course (https://nbgrader.readthedocs.io): source notebooks with a
# solution region and a hidden graded test per exercise, then runs `nbgrader generate_assignment`
# so release/ holds what students get (the same lesson, answers out of sight). Collect their
# notebooks into submitted/<student>/<lesson>/ and run "autograde".
#
# A teacher's mode (PACHISI_TEACHER=1, set here for every command): an exercise shows its answer,
# exercise("02", 3).solution() and .expected; in a student's kernel they say it is for the teacher.
# "lab" opens JupyterLab as scripts/tutorial.sh does (any of its options), in a teacher's mode.
# "print" writes the kit to print, in English and Romanian (--lang en or ro for one): the board at
# A3 and on A4 sheets to put together, the rules sheet, every lesson's answer key, an end-of-unit
# test and its answers, the player project's rubric and each lesson's notes on pacing. Offline:
# the answers are the package's own, the fonts (DejaVu) Debian's or matplotlib's.
#
# nbgrader runs from its own environment, .venv-teach (pinned in scripts/teacher-requirements.txt),
# so the lessons' JupyterLab is not changed; the lessons themselves run in the project's .venv.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$PWD"
export PACHISI_TEACHER=1

if [[ "${1:-}" == lab ]]; then
    shift
    exec bash scripts/tutorial.sh "$@"
fi
PY="${PYTHON:-python3}"
say() { printf '[teacher] %s\n' "$*"; }

if [[ ! -x .venv/bin/python ]]; then
    say "setting the project up first (scripts/bootstrap.sh)"
    bash scripts/bootstrap.sh
fi

needs_nbgrader=0
for arg in "$@"; do
    [[ "$arg" == nbgrader || "$arg" == autograde ]] && needs_nbgrader=1
done
if [[ "${1:-}" == print ]] && ! .venv/bin/python -c 'import fpdf, markdown_it' >/dev/null 2>&1; then
    # the kit's two libraries, at the versions scripts/teacher-requirements.txt pins
    mapfile -t kit < <(grep -E '^(fpdf2|markdown-it-py)==' scripts/teacher-requirements.txt)
    say "installing the kit's libraries into .venv (${kit[*]})"
    .venv/bin/python -m pip install -q --disable-pip-version-check "${kit[@]}"
fi
if ((needs_nbgrader)); then
    VENV="$ROOT/.venv-teach"
    mkdir -p .cache
    if command -v flock >/dev/null 2>&1; then  # one set-up at a time
        exec 9>"$ROOT/.cache/.teacher.lock"
        flock 9
    fi
    source scripts/tool_venv.sh
    tool_venv "$VENV" scripts/teacher-requirements.txt nbgrader
    export PACHISI_NBGRADER="$VENV/bin/nbgrader"
fi

exec .venv/bin/python scripts/teacher.py "$@"
