"""A lesson that fails to run fails the docs build with one line naming it, its cell and the
error: not Sphinx's traceback asking the reader to report a Sphinx bug.

A small Sphinx project with the site's extension and myst-nb settings (docs/conf.py's), one
notebook whose third cell raises; one kernel runs it (no build of the site).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from support import kernel_env

pytestmark = [pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]


def _notebook(path: Path, cells: list[tuple[str, str]]) -> None:
    path.write_text(
        json.dumps(
            {
                "cells": [
                    {"cell_type": kind, "metadata": {}, "source": text, "id": f"c{i}"}
                    | ({"outputs": [], "execution_count": None} if kind == "code" else {})
                    for i, (kind, text) in enumerate(cells)
                ],
                "metadata": {
                    "kernelspec": {
                        "name": "python3",
                        "display_name": "Python 3",
                        "language": "python",
                    }
                },
                "nbformat": 4,
                "nbformat_minor": 5,
            }
        ),
        encoding="utf-8",
    )


def test_a_failing_lesson_is_one_line_naming_the_lesson_the_cell_and_the_error(tmp_path):
    src, lessons = tmp_path / "src", tmp_path / "notebooks"
    src.mkdir()
    lessons.mkdir()
    (src / "conf.py").write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(ROOT / 'docs' / '_ext')!r})\n"
        "extensions = ['myst_nb', 'pachisi_docs']\n"
        f"pachisi_notebooks = {str(lessons)!r}\n"
        "nb_execution_mode = 'force'\n"
        "nb_execution_timeout = 120\n"
        "nb_execution_raise_on_error = False  # as docs/conf.py\n"
        "nb_execution_show_tb = True\n"
    )
    conf = (ROOT / "docs" / "conf.py").read_text()
    assert "nb_execution_raise_on_error = False" in conf and "nb_execution_show_tb = True" in conf
    (src / "index.md").write_text("# Site\n\n```{toctree}\nlessons/en/01_broken\n```\n")
    _notebook(
        lessons / "01_broken.ipynb",
        [
            ("markdown", "# 1. A lesson"),
            ("code", "x = 1"),
            ("code", "# the exercise\nx / 0"),
        ],
    )
    env = kernel_env(tmp_path / "kernel")
    run = subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", "html", "-W", "--keep-going", "-q", "--no-color"]
        + [str(src), str(tmp_path / "html")],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
        cwd=tmp_path,
    )
    assert run.returncode != 0, "a failing lesson must fail the build"
    out = run.stdout + run.stderr
    assert "Traceback" not in out and "sphinx-doc/sphinx" not in out, out
    assert "without encryption" not in out, out
    lines = [line for line in out.splitlines() if "failed" in line]
    assert len(lines) == 1, out
    assert 'WARNING: lesson 01_broken.ipynb failed: cell 3 ("# the exercise"): ' in lines[0]
    assert lines[0].endswith("ZeroDivisionError: division by zero [mystnb.exec]"), lines[0]
