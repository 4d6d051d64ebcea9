"""scripts/working_copy.py: the teacher's working copy of the lessons (what tutorial.sh opens).

Made from a copy of the course's folder: the lessons of the catalogue and the rules sheets are
copied, never a stray notebook; a refresh replaces a lesson the teacher only ran, keeps one the
teacher edited beside the new original, and leaves the teacher's own notebooks alone.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

import pytest

from pachisi_widget import lessons

ROOT = Path(__file__).resolve().parents[2]
LESSON = "00_play_your_first_game.ipynb"


@pytest.fixture(scope="module")
def working_copy():
    spec = importlib.util.spec_from_file_location(
        "working_copy", ROOT / "scripts" / "working_copy.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def repo(tmp_path) -> Path:
    """A repository whose notebooks/ is the course's, plus a stray notebook."""
    root = tmp_path / "repo"
    shutil.copytree(ROOT / "notebooks", root / "notebooks", ignore=shutil.ignore_patterns(".*"))
    (root / "notebooks" / "Untitled.ipynb").write_text('{"cells": []}')
    return root


def _edit(path: Path, change) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    change(nb)
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def test_the_copy_holds_the_catalogues_lessons_and_its_own_settings(working_copy, repo, tmp_path):
    work = tmp_path / "work"
    done = working_copy.refresh(work, repo)
    wanted = {
        x.notebook(lang).removeprefix("notebooks/")
        for x in lessons.catalog()
        for lang in lessons.registry.LESSON_LANGUAGES
    } | {"rules-sheet.md", "ro/foaia-de-reguli.md"}
    assert set(done["copied"]) == wanted
    assert not (work / "Untitled.ipynb").exists(), "a stray notebook is not a lesson"
    for name in wanted:
        assert (work / name).read_bytes() == (repo / "notebooks" / name).read_bytes()
    settings = work / ".jupyter/lab/user-settings/@jupyterlab/apputils-extension"
    assert json.loads((settings / "notification.jupyterlab-settings").read_text()) == {
        "fetchNews": "false"
    }
    kernel = work / ".ipython" / "profile_default" / "ipython_kernel_config.py"
    assert "without encryption" in kernel.read_text()
    # run again with nothing changed: nothing to do
    assert working_copy.refresh(work, repo) == {"copied": [], "updated": [], "kept": []}


def test_a_refresh_keeps_the_teachers_edits_and_replaces_what_was_only_run(
    working_copy, repo, tmp_path, capsys, monkeypatch
):
    monkeypatch.setenv("LC_ALL", "C.UTF-8")  # the script's English
    work = tmp_path / "work"
    working_copy.refresh(work, repo)
    ran, edited = work / LESSON, work / "ro" / LESSON

    def outputs(nb):
        code = next(c for c in nb["cells"] if c["cell_type"] == "code")
        code["outputs"] = [{"output_type": "stream", "name": "stdout", "text": "run"}]
        code["execution_count"] = 1

    def mine(nb):
        nb["cells"].append({"cell_type": "markdown", "id": "mine", "metadata": {}, "source": "x"})

    _edit(ran, outputs)
    _edit(edited, mine)
    my_own = work / "Untitled.ipynb"
    my_own.write_text('{"cells": []}')
    teachers_edit = edited.read_bytes()

    # the originals change (a git pull): both lessons get a new cell
    def new(nb):
        nb["cells"].append({"cell_type": "markdown", "id": "new", "metadata": {}, "source": "new"})

    _edit(repo / "notebooks" / LESSON, new)
    _edit(repo / "notebooks" / "ro" / LESSON, new)
    capsys.readouterr()
    done = working_copy.refresh(work, repo)

    assert done["updated"] == [LESSON]
    assert ran.read_bytes() == (repo / "notebooks" / LESSON).read_bytes()
    assert len(done["kept"]) == 1 and done["kept"][0].startswith("ro/00_play_your_first_game.mine-")
    assert (work / done["kept"][0]).read_bytes() == teachers_edit
    assert edited.read_bytes() == (repo / "notebooks" / "ro" / LESSON).read_bytes()
    assert my_own.read_text() == '{"cells": []}'
    said = capsys.readouterr().err
    assert f"{LESSON}: a newer version of the lesson replaced your unedited copy" in said
    assert f"your version is kept as {done['kept'][0]}" in said


def test_it_speaks_romanian_in_a_romanian_locale(working_copy, repo, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LC_ALL", "ro_RO.UTF-8")
    working_copy.refresh(tmp_path / "work", repo)
    assert "copia ta de lucru a lecțiilor" in capsys.readouterr().err
    for english, romanian in working_copy.SAY.values():
        assert english and romanian and english != romanian
