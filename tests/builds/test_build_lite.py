"""scripts/build_lite.py stages the lessons for the JupyterLite site: every language's folder, and
no outputs, whatever a rehearsal in Jupyter saved into the files (it says which it cleaned).

Fast: only the staging step runs (no site build, no browser; tests/browser/test_lite.py builds
and opens the whole site).
"""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def build_lite():
    spec = importlib.util.spec_from_file_location("build_lite", ROOT / "scripts" / "build_lite.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _notebook(outputs: bool) -> dict:
    code = {
        "cell_type": "code",
        "id": "c1",
        "metadata": {},
        "source": ["print('hi')"],
        "execution_count": 3 if outputs else None,
        "outputs": [{"output_type": "stream", "name": "stdout", "text": ["hi\n"]}]
        if outputs
        else [],
    }
    text = {"cell_type": "markdown", "id": "m1", "metadata": {}, "source": ["# Lesson"]}
    metadata = {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}
    if outputs:
        metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    return {"cells": [text, code], "metadata": metadata, "nbformat": 4, "nbformat_minor": 5}


def test_rehearsed_notebook_is_staged_clean_with_a_warning(
    build_lite, tmp_path, monkeypatch, capsys
):
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
    wanted = sorted(
        p.relative_to(ROOT / "notebooks").as_posix()
        for p in (ROOT / "notebooks").rglob("*.ipynb")
        if not any(part.startswith(".") for part in p.parts)
    )
    assert any(name.startswith("ro/") for name in wanted), "no Romanian lesson in notebooks/ro/"
    assert names == wanted


def test_the_site_takes_the_catalogues_lessons_not_whatever_notebooks_lie_there(
    build_lite, tmp_path, monkeypatch, capsys
):
    """A teacher's scratch notebook beside the lessons (File > New in the lessons' folder) is
    not a lesson: the site leaves it out and says so; the lessons and the rules sheets go in."""
    from pachisi_widget import lessons

    copy = tmp_path / "repo" / "notebooks"
    shutil.copytree(ROOT / "notebooks", copy, ignore=shutil.ignore_patterns(".*"))
    (copy / "Untitled.ipynb").write_text(json.dumps(_notebook(outputs=True)))
    (copy / "ro" / "Untitled1.ipynb").write_text(json.dumps(_notebook(outputs=False)))
    monkeypatch.setattr(build_lite, "NOTEBOOKS", copy)

    names, dirty = build_lite.stage_contents([], tmp_path / "contents")

    wanted = sorted(
        x.notebook(lang).removeprefix("notebooks/")
        for x in lessons.catalog()
        for lang in lessons.registry.LESSON_LANGUAGES
    )
    assert names == wanted
    assert dirty == []
    assert (tmp_path / "contents" / "rules-sheet.md").is_file()
    assert (tmp_path / "contents" / "ro" / "foaia-de-reguli.md").is_file()
    out = capsys.readouterr().out
    for stray in ("Untitled.ipynb", "ro/Untitled1.ipynb"):
        assert f"{stray} is not a lesson of the course" in out and "leaves it out" in out
    assert "has outputs" not in out, "a left-out notebook was cleaned as if it shipped"


def _wheel(path: Path, members: dict[str, str]) -> Path:
    """A small wheel holding ``members`` and a RECORD listing them."""
    import base64
    import hashlib
    import zipfile

    record = []
    with zipfile.ZipFile(path, "w") as wheel:
        for name, text in members.items():
            data = text.encode()
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            record.append(f"{name},sha256={digest.decode()},{len(data)}")
            wheel.writestr(name, data)
        wheel.writestr("demo-1.0.dist-info/RECORD", "\n".join(record) + "\n")
    return path


def test_a_lock_wheel_is_trimmed_and_patched_with_its_record(build_lite, tmp_path, monkeypatch):
    """The site's copy of a wheel leaves out what TRIM names (its folder kept), changes what
    PATCH says, and its RECORD lists the changed file's new hash and size."""
    import base64
    import hashlib
    import zipfile

    monkeypatch.setattr(build_lite, "CACHE", tmp_path / "cache")
    source = _wheel(
        tmp_path / "demo-1.0-py3-none-any.whl",
        {
            "demo/__init__.py": "from .terminal import embed\nVALUE = 1\n",
            "demo/stubs/a.pyi": "x: int\n",
            "demo-1.0.dist-info/METADATA": "Name: demo\nVersion: 1.0\n",
        },
    )
    patched = "def embed():\n    from .terminal import embed\n    return embed()\nVALUE = 1\n"
    copy = build_lite.adapted(
        source,
        ("demo/stubs/",),
        patches={
            "demo/__init__.py": (("from .terminal import embed\n", patched.rsplit("VALUE", 1)[0]),)
        },
    )

    with zipfile.ZipFile(copy) as wheel:
        names = wheel.namelist()
        assert "demo/stubs/" in names and "demo/stubs/a.pyi" not in names
        assert wheel.read("demo/__init__.py").decode() == patched
        record = wheel.read("demo-1.0.dist-info/RECORD").decode().splitlines()
    digest = base64.urlsafe_b64encode(hashlib.sha256(patched.encode()).digest()).rstrip(b"=")
    assert f"demo/__init__.py,sha256={digest.decode()},{len(patched)}" in record
    assert not any(line.startswith("demo/stubs/") for line in record)
    assert any(line.startswith("demo-1.0.dist-info/METADATA,") for line in record)
    assert (
        build_lite.adapted(
            source,
            ("demo/stubs/",),
            patches={
                "demo/__init__.py": (
                    ("from .terminal import embed\n", patched.rsplit("VALUE", 1)[0]),
                )
            },
        )
        == copy
    ), "not cached"


def test_a_patch_that_no_longer_fits_its_wheel_stops_the_build(build_lite, tmp_path, monkeypatch):
    """A new version of a patched wheel that lacks the text a patch replaces fails the build,
    naming the wheel and the file, instead of shipping the wheel unchanged."""
    monkeypatch.setattr(build_lite, "CACHE", tmp_path / "cache")
    source = _wheel(tmp_path / "demo-2.0-py3-none-any.whl", {"demo/__init__.py": "VALUE = 2\n"})
    with pytest.raises(
        build_lite.BuildError,
        match=r"demo-2.0-py3-none-any.whl: demo/__init__.py"
        r" has 0 copies",
    ):
        build_lite.adapted(source, patches={"demo/__init__.py": (("import embed\n", "pass\n"),)})
    assert not list((tmp_path / "cache").rglob("*.whl")), "a half-made copy was left in the cache"


def test_every_patch_names_a_lock_or_kernel_package(build_lite):
    """PATCH's packages are ones the site carries: the lock's (ipython) or the kernel's shims
    (piplite); each replacement changes its text."""
    assert set(build_lite.PATCH) == {"ipython", "piplite"}
    for members in build_lite.PATCH.values():
        for replacements in members.values():
            assert replacements and all(old and old != new for old, new in replacements)


def test_lazy_packages_stay_out_of_the_start(build_lite, tmp_path):
    """The site's lock keeps the LAZY packages, with their own dependencies, but no package
    loaded at start depends on one of them any more (Pyodide would load it with them); the
    build refuses a lock where one still would be."""
    wheel = tmp_path / "any.whl"
    wheel.write_bytes(b"a wheel")
    entry = {"version": "1", "file_name": "x.whl", "install_dir": "site", "imports": []}
    lock = {
        "info": {},
        "packages": {
            "ipython": {**entry, "name": "ipython", "depends": ["prompt_toolkit", "pygments"]},
            "prompt-toolkit": {**entry, "name": "prompt_toolkit", "depends": ["wcwidth"]},
            "wcwidth": {**entry, "name": "wcwidth", "depends": []},
            "pygments": {**entry, "name": "pygments", "depends": []},
        },
    }
    site = build_lite.site_lock(
        lock, dict.fromkeys(lock["packages"], wheel), {}, ("prompt-toolkit", "wcwidth")
    )["packages"]
    assert site["ipython"]["depends"] == ["pygments"]
    assert site["prompt-toolkit"]["depends"] == ["wcwidth"]
    assert set(build_lite.LAZY).isdisjoint(build_lite.PRELOAD)

    unpruned = build_lite.site_lock(lock, dict.fromkeys(lock["packages"], wheel), {})
    config = {
        "jupyter-config-data": {
            "litePluginSettings": {
                build_lite.KERNEL_PLUGIN: {
                    "disablePyPIFallback": True,
                    "pyodideUrl": "./static/pyodide/pyodide.mjs",
                    "loadPyodideOptions": {"packages": ["ipython"]},
                }
            }
        }
    }
    (tmp_path / "jupyter-lite.json").write_text(json.dumps(config))
    for needed in ("anywidget", "@jupyter-widgets/jupyterlab-manager"):
        (tmp_path / "extensions" / needed).mkdir(parents=True)
        (tmp_path / "extensions" / needed / "package.json").write_text("{}")
    (tmp_path / "static" / "pyodide").mkdir(parents=True)
    (tmp_path / "static" / "pyodide" / wheel.name).write_bytes(wheel.read_bytes())
    with pytest.raises(build_lite.BuildError, match=r"ipython -> prompt_toolkit"):
        build_lite.check_site(
            tmp_path, False, [], unpruned, ("ipython",), ["lab"], ("prompt-toolkit", "wcwidth")
        )


def test_pygments_keeps_the_listed_lexers_and_what_they_import(build_lite, tmp_path, monkeypatch):
    """Of pygments' lexer modules the site keeps LEXERS' and the lexer modules those import (and
    the package with its name table); a lexer module LEXERS names that the wheel lacks stops the
    build."""
    import zipfile

    monkeypatch.setattr(build_lite, "CACHE", tmp_path / "cache")
    monkeypatch.setattr(build_lite, "LEXERS", ("python", "html"))
    members = {
        "pygments/__init__.py": "",
        "pygments/sphinxext.py": "",
        "pygments/lexers/__init__.py": "from pygments.lexers._mapping import LEXERS\n",
        "pygments/lexers/_mapping.py": "LEXERS = {'x': ('pygments.lexers.rust',)}\n",
        "pygments/lexers/python.py": "import re\n",
        "pygments/lexers/html.py": "from pygments.lexers.javascript import JavascriptLexer\n",
        "pygments/lexers/javascript.py": "    from pygments.lexers._js_builtins import X\n",
        "pygments/lexers/_js_builtins.py": "X = 1\n",
        "pygments/lexers/rust.py": "from pygments.lexers.c_cpp import CLexer\n",
        "pygments/lexers/c_cpp.py": "",
        "pygments-2.0.dist-info/METADATA": "Name: pygments\nVersion: 2.0\n",
    }
    source = _wheel(tmp_path / "pygments-2.0-py3-none-any.whl", members)
    with zipfile.ZipFile(
        build_lite.adapted(source, *build_lite.trimmed("pygments", source))
    ) as wheel:
        kept = {name for name in wheel.namelist() if name.endswith(".py")}
    assert kept == {
        "pygments/__init__.py",
        "pygments/lexers/__init__.py",
        "pygments/lexers/_mapping.py",
        "pygments/lexers/python.py",
        "pygments/lexers/html.py",
        "pygments/lexers/javascript.py",
        "pygments/lexers/_js_builtins.py",
    }

    monkeypatch.setattr(build_lite, "LEXERS", ("python", "cobol"))
    with pytest.raises(build_lite.BuildError, match=r"no pygments/lexers/cobol.py"):
        build_lite.trimmed("pygments", source)


def test_pygments_table_of_lexers_keeps_the_site_s_lexers(build_lite):
    """The site's pygments knows only the lexers whose modules it carries."""
    text = (
        "# generated\n\nLEXERS = {\n"
        "    'PythonLexer': ('pygments.lexers.python', 'Python', ('python', 'py'), ('*.py',),"
        " ()),\n"
        "    'RustLexer': ('pygments.lexers.rust', 'Rust', ('rust',), ('*.rs',), ()),\n}\n"
    )
    namespace: dict = {}
    exec(build_lite.lexer_table(text, {"python", "html"}), namespace)  # noqa: S102 - our text
    assert namespace["LEXERS"] == {
        "PythonLexer": ("pygments.lexers.python", "Python", ("python", "py"), ("*.py",), ())
    }
