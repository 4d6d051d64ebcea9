"""Fail when a committed notebook carries outputs or execution counts (STYLE.md, notebook hygiene).

    python3 scripts/check_notebooks.py [NOTEBOOK ...]

With no arguments it checks every ``.ipynb`` file git tracks (so a notebook that moves or is added
is checked without being listed here); pre-commit passes the staged notebooks instead. Prints one
line per notebook at fault, naming its cells, and exits 1; prints nothing and exits 0 when all are
clean. Standard library only, so it runs before any environment is set up.

To clean a notebook: JupyterLab's "Edit > Clear Outputs of All Cells", then save; or
``jupyter nbconvert --clear-output --inplace NOTEBOOK``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def tracked_notebooks() -> list[Path]:
    """Every notebook git tracks in the repository."""
    out = subprocess.run(
        ["git", "ls-files", "-z", "--", "*.ipynb"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return [ROOT / name for name in out.split("\0") if name]


def faults(path: Path) -> list[str]:
    """What is wrong with the notebook at ``path``: one text per cell with outputs or a count."""
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        return [f"cannot be read as a notebook ({exc})"]
    found = []
    for i, cell in enumerate(nb.get("cells", []), start=1):
        if cell.get("cell_type") != "code":
            continue
        what = []
        if cell.get("outputs"):
            what.append(f"{len(cell['outputs'])} output(s)")
        if cell.get("execution_count") is not None:
            what.append(f"execution count {cell['execution_count']}")
        if what:
            found.append(f"cell {i}: {', '.join(what)}")
    return found


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv if a.endswith(".ipynb")] if argv else tracked_notebooks()
    bad = 0
    for path in paths:
        found = faults(path)
        if found:
            bad += 1
            more = f"; and {len(found) - 5} more cells" if len(found) > 5 else ""
            shown = "; ".join(found[:5]) + more
            try:
                name = path.resolve().relative_to(ROOT)
            except ValueError:
                name = path
            print(f"{name}: {shown}")
    if bad:
        print(
            f"{bad} notebook(s) carry outputs or execution counts: clear them before committing "
            "(Edit > Clear Outputs of All Cells, or jupyter nbconvert --clear-output --inplace)",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
