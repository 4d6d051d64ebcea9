#!/usr/bin/env bash
# Build the documentation site: the rules, the lessons (executed), the teacher's guide and the API
# reference, with Sphinx + myst-nb, into docs/_build/html; then the offline JupyterLite site of
# the lessons beside it (docs/_build/html/lite/), which each lesson's "Try it live" link opens.
#
#   bash scripts/build_docs.sh                 # docs/_build/html (and .../lite)
#   bash scripts/build_docs.sh --out DIR       # another output folder
#   bash scripts/build_docs.sh --no-lite       # the pages only (the "Try it live" links then
#                                              # point at nothing)
#   bash scripts/build_docs.sh --notebooks DIR # the lessons from a copy of notebooks/
#   python3 -m http.server -b 127.0.0.1 -d docs/_build/html 8000   # then open http://127.0.0.1:8000/
#
# No internet is needed to build or to read the site (package registries aside, for the first
# set-up): no intersphinx, no CDN assets. Warnings are errors. The lessons' outputs are cached in
# .cache/docs/jupyter_cache (PACHISI_DOCS_CACHE to move it): only a lesson whose code changed is
# executed again. On a fresh clone it runs scripts/bootstrap.sh first. The lessons are those of
# pachisi_widget.lessons.catalog(): another notebook in notebooks/ (a teacher's Untitled.ipynb) is
# neither executed nor shown. A lesson that fails to run fails the build with one line naming
# the lesson, the cell and the error.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$PWD"
say() { printf '[build_docs] %s\n' "$*"; }
die() { printf '[build_docs] ERROR: %s\n' "$*" >&2; exit 1; }

OUT="$ROOT/docs/_build/html"
LITE=1
NOTEBOOKS=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --out) OUT="$2"; shift 2 ;;
        --out=*) OUT="${1#--out=}"; shift ;;
        --no-lite) LITE=0; shift ;;
        --notebooks) NOTEBOOKS="$2"; shift 2 ;;
        --notebooks=*) NOTEBOOKS="${1#--notebooks=}"; shift ;;
        -h|--help) sed -n '2,20p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument $1 (see --help)" ;;
    esac
done
[[ "$OUT" = /* ]] || OUT="$PWD/$OUT"

started=$SECONDS
# --- set-up: the project's venv with the docs extra (pip install -e .[dev] includes it) --------
need='import sphinx, myst_nb, sphinx_book_theme, pachisi_widget'
if [[ ! -x .venv/bin/python || ! -s pachisi_widget/static/widget.js ]] \
   || ! .venv/bin/python -c "$need" >/dev/null 2>&1; then
    say "setting the project up first (scripts/bootstrap.sh)"
    bash scripts/bootstrap.sh
fi
.venv/bin/python -c "$need" >/dev/null 2>&1 \
    || die ".venv lacks the docs packages after scripts/bootstrap.sh: pip install -e '.[docs]'"
setup_s=$((SECONDS - started))

# --- the pages -----------------------------------------------------------------------------------
# The lessons' kernels are this venv's Python, with no user start-up files or kernel specs.
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
export PATH="$ROOT/.venv/bin:$PATH"
export IPYTHONDIR="$scratch/ipython" JUPYTER_CONFIG_DIR="$scratch/jupyter-config"
export JUPYTER_DATA_DIR="$scratch/jupyter-data" JUPYTER_RUNTIME_DIR="$scratch/jupyter-runtime"
export PYDEVD_DISABLE_FILE_VALIDATION=1
# The kernels listen on 127.0.0.1 only: no "without encryption ... eavesdropping" warning for them
# (scripts/jupyter/profile_default/ipython_kernel_config.py).
mkdir -p "$IPYTHONDIR/profile_default"
cp scripts/jupyter/profile_default/ipython_kernel_config.py "$IPYTHONDIR/profile_default/"
unset MPLBACKEND  # the kernels draw plots inline, so the pages show them
unset JUPYTER_PATH

doctrees="$(dirname "$OUT")/.doctrees-$(basename "$OUT")"
say "sphinx-build (warnings are errors) -> $OUT"
sphinx_started=$SECONDS
defines=()
[[ -n "$NOTEBOOKS" ]] && defines+=(-D "pachisi_notebooks=$(cd "$NOTEBOOKS" && pwd)")
.venv/bin/python -m sphinx -b html -W --keep-going -q -d "$doctrees" "${defines[@]}" docs "$OUT" \
    || die "sphinx-build failed: the lines above say which page (a lesson: its cell and error)"
sphinx_s=$((SECONDS - sphinx_started))

# --- the live lessons ----------------------------------------------------------------------------
lite_s=0
if [[ "$LITE" == 1 ]]; then
    lite_started=$SECONDS
    say "the offline JupyterLite site -> $OUT/lite (scripts/build_lite.sh)"
    bash scripts/build_lite.sh --out "$OUT/lite"
    lite_s=$((SECONDS - lite_started))
else
    rm -rf "$OUT/lite"
fi

say "built $OUT in $((SECONDS - started)) s (set-up ${setup_s} s, pages ${sphinx_s} s, live site ${lite_s} s)"
say "read it: python3 -m http.server -b 127.0.0.1 -d ${OUT#"$ROOT/"} 8000, then http://127.0.0.1:8000/"
