# Sourced by scripts that run a tool from its own venv (build_lite.sh, teacher.sh).
#
#   tool_venv VENV REQUIREMENTS WHAT
#
# (Re)creates VENV with "$PY -m venv" and installs REQUIREMENTS into it when the venv is missing
# or REQUIREMENTS changed since its last successful install (a stamp in the venv holds its hash).
# WHAT names the tools in the messages; `say` is the caller's. pip's output is shown only when
# the install fails.
tool_venv() {
    local venv="$1" requirements="$2" what="$3"
    local stamp="$venv/.requirements-stamp" want log
    want="$(sha256sum "$requirements" | cut -d' ' -f1)"
    if [[ -x "$venv/bin/python" && -f "$stamp" && "$(cat "$stamp")" == "$want" ]]; then
        return 0
    fi
    say "installing $what into ${venv##*/} ($requirements)"
    rm -rf "$venv"
    "${PY:-python3}" -m venv "$venv"
    log="$(mktemp)"
    if ! "$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$requirements" \
            >"$log" 2>&1; then
        cat "$log" >&2
        rm -f "$log"
        say "ERROR: could not install $requirements into ${venv##*/}" >&2
        exit 1
    fi
    rm -f "$log"
    printf '%s\n' "$want" >"$stamp"
}
