"""scripts/build_lite.py stages the lessons for the JupyterLite site: every language's folder, and
no outputs, whatever a rehearsal in Jupyter saved into the files (it says which it cleaned).

Fast: only the staging step runs (no site build, no browser; tests/browser/test_lite.py builds
and opens the whole site).
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def build_lite():
    spec = importlib.util.spec_from_file_location("build_lite", ROOT / "scripts" / "build_lite.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _notebook(outputs: bool) -> dict:
    code = {"cell_type": "code", "id": "c1", "metadata": {}, "source": ["print('hi')"],
            "execution_count": 3 if outputs else None,
            "outputs": [{"output_type": "stream", "name": "stdout", "text": ["hi\n"]}]
            if outputs else []}
    text = {"cell_type": "markdown", "id": "m1", "metadata": {}, "source": ["# Lesson"]}
    metadata = {"kernelspec": {"name": "python3", "display_name": "Python 3",
                               "language": "python"}}
    if outputs:
        metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    return {"cells": [text, code], "metadata": metadata, "nbformat": 4, "nbformat_minor": 5}


def test_rehearsed_notebook_is_staged_clean_with_a_warning(build_lite, tmp_path, monkeypatch,
                                                           capsys):
    lessons = tmp_path / "repo" / "notebooks"
    (lessons / "ro").mkdir(parents=True)
    (lessons / ".ipynb_checkpoints").mkdir()
    rehearsed = lessons / "ro" / "01_lectie.ipynb"
    rehearsed.write_text(json.dumps(_notebook(outputs=True)))
    (lessons / "01_lesson.ipynb").write_text(json.dumps(_notebook(outputs=False)))
    (lessons / ".ipynb_checkpoints" / "01_lesson-checkpoint.ipynb").write_text("{}")
    (lessons / "ro" / "foaia.md").write_text("# Foaia\n")
    before = rehearsed.read_bytes()
    monkeypatch.setattr(build_lite, "NOTEBOOKS", lessons)
    monkeypatch.setattr(build_lite, "ROOT", tmp_path / "repo")

    dest = tmp_path / "contents"
    names, dirty = build_lite.stage_contents([], dest)

    assert names == ["01_lesson.ipynb", "ro/01_lectie.ipynb"]
    assert dirty == ["notebooks/ro/01_lectie.ipynb"]
    out = capsys.readouterr().out
    assert "warning: notebooks/ro/01_lectie.ipynb has outputs" in out
    assert "01_lesson.ipynb" not in out, "a clean notebook was warned about"
    staged = json.loads((dest / "ro" / "01_lectie.ipynb").read_text(encoding="utf-8"))
    code = staged["cells"][1]
    assert code["outputs"] == [] and code["execution_count"] is None
    assert "widgets" not in staged["metadata"]
    assert staged["cells"][0] == _notebook(outputs=False)["cells"][0]
    assert (dest / "ro" / "foaia.md").read_text() == "# Foaia\n"
    assert not (dest / ".ipynb_checkpoints").exists()
    assert rehearsed.read_bytes() == before, "the teacher's own file was changed"


def test_every_lesson_of_both_languages_is_staged(build_lite, tmp_path, capsys):
    names, _dirty = build_lite.stage_contents([], tmp_path / "contents")
    wanted = sorted(p.relative_to(ROOT / "notebooks").as_posix()
                    for p in (ROOT / "notebooks").rglob("*.ipynb")
                    if not any(part.startswith(".") for part in p.parts))
    assert any(name.startswith("ro/") for name in wanted), "no Romanian lesson in notebooks/ro/"
    assert names == wanted
