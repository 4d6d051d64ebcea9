"""binder/: what Binder (repo2docker) needs to launch the tutorials.

No Docker engine runs here, so this tests what can be tested without one: the files parse and say
what repo2docker expects (environment.yml with Python and Node.js, an executable postBuild that
stops on the first failure), and postBuild's own steps, run in a clean copy of the source tree with
a fresh virtual environment first on PATH, install pachisi_widget with its front-end bundle.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import textwrap
import venv
from pathlib import Path

import pytest
from support import clean_copy, source_files

REPO = Path(__file__).resolve().parents[2]
BINDER = REPO / "binder"
FIRST_NOTEBOOK = "notebooks/00_play_your_first_game.ipynb"


def _environment() -> dict:
    """binder/environment.yml as data: PyYAML when installed, else a reader for its simple shape."""
    text = (BINDER / "environment.yml").read_text()
    try:
        import yaml
    except ImportError:
        return _simple_yaml(text)
    data = yaml.safe_load(text)
    assert isinstance(data, dict), "environment.yml must be a mapping"
    assert data == _simple_yaml(text), "the simple reader and PyYAML disagree: keep the file simple"
    return data


def _simple_yaml(text: str) -> dict:
    """Top-level `key: value`, and `key:` followed by `  - item` lists: environment.yml's shape."""
    data: dict = {}
    key = None
    for raw in text.splitlines():
        line = raw.split(" #", 1)[0].rstrip() if not raw.lstrip().startswith("#") else ""
        if not line.strip():
            continue
        if not line.startswith(" "):
            key, _, value = line.partition(":")
            data[key] = value.strip() or []
        else:
            item = line.strip()
            assert item.startswith("- ") and isinstance(data.get(key), list), f"bad line {raw!r}"
            data[key].append(item[2:].strip())
    return data


def _spec(deps: list, name: str) -> str | None:
    for d in deps:
        if isinstance(d, str) and re.match(rf"{re.escape(name)}\b(?![-_])", d):
            return d[len(name) :].strip()
    return None


def _version(text: str) -> tuple:
    return tuple(int(x) for x in re.findall(r"\d+", text)[:3])


def test_binder_files_are_there():
    assert (BINDER / "environment.yml").is_file()
    assert (BINDER / "postBuild").is_file()
    # environment.yml wins over these in repo2docker; having both would mislead a reader.
    for ignored in ("requirements.txt", "runtime.txt", "Pipfile", "setup.py"):
        assert not (BINDER / ignored).exists(), f"binder/{ignored} is ignored (environment.yml)"


def test_environment_yml():
    env = _environment()
    assert "conda-forge" in env["channels"]
    deps = env["dependencies"]
    python = _spec(deps, "python")
    assert python and python.startswith("="), f"pin the Python version: python{python}"
    pyproject = (REPO / "pyproject.toml").read_text()
    requires = re.search(r'requires-python\s*=\s*">=([\d.]+)"', pyproject)
    assert requires and _version(python) >= _version(requires.group(1)), (
        f"python{python} does not satisfy requires-python >= {requires and requires.group(1)}"
    )

    node = _spec(deps, "nodejs")
    assert node and node.startswith(">="), f"Node.js builds the front end: nodejs{node}"
    engines = json.loads((REPO / "package.json").read_text())["engines"]["node"]
    assert _version(node) >= _version(engines), f"nodejs{node} is below package.json's {engines}"
    assert _spec(deps, "pip") is not None
    assert _spec(deps, "jupyterlab") is not None, "the tutorials open in JupyterLab"


def test_postbuild_script():
    post = BINDER / "postBuild"
    assert os.access(post, os.X_OK), "postBuild must be executable"
    lines = [ln.strip() for ln in post.read_text().splitlines()]
    assert lines[0].startswith("#!") and "bash" in lines[0]
    commands = [ln for ln in lines[1:] if ln and not ln.startswith("#")]
    assert commands[0].startswith("set -e"), "postBuild starts with `set -e`: a failure stops it"
    text = "\n".join(commands)
    order = [text.find("npm ci"), text.find("npm run build"), text.find("pip install")]
    assert -1 not in order and order == sorted(order), (
        "postBuild runs npm ci, then npm run build, then pip install"
    )
    assert re.search(r"pip install (--\S+ )*\.$", text, re.M), "pip installs this repository (.)"
    subprocess.run(["bash", "-n", str(post)], check=True)


def _pins() -> dict[str, str]:
    """requirements-dev.txt's pins by normalised name: the versions the tests use."""
    pins = {}
    for line in (REPO / "requirements-dev.txt").read_text().splitlines():
        name, sep, version = line.partition("==")
        if sep and not line.startswith("#"):
            pins[re.sub(r"[-_.]+", "-", name.strip().lower())] = version.strip()
    return pins


def test_binder_pins_the_versions_the_tests_use():
    deps = _environment()["dependencies"]
    pins = _pins()
    for name, pinned_as in (
        ("jupyterlab", "jupyterlab"),
        ("ipywidgets", "ipywidgets"),
        ("anywidget", "anywidget"),
        ("matplotlib-base", "matplotlib"),
    ):
        spec = _spec(deps, name)
        assert spec == f"={pins[pinned_as]}", (
            f"environment.yml: {name}{spec or ' (missing)'}; the tests use {pins[pinned_as]}"
        )
    post = (BINDER / "postBuild").read_text()
    assert "--constraint=requirements-dev.txt ." in post, "pip installs with the tests' pins"


def test_binder_builds_with_esbuild_only_at_the_version_the_repository_locks():
    post = (BINDER / "postBuild").read_text()
    assert "npm ci --prefix binder/build-tools" in post, "only the build tools are installed"
    assert not re.search(r"^npm ci(?! --prefix)", post, re.M), "a plain npm ci installs every tool"
    tools = json.loads((BINDER / "build-tools" / "package.json").read_text())
    root = json.loads((REPO / "package.json").read_text())
    assert tools["dependencies"] == {"esbuild": root["devDependencies"]["esbuild"]}
    lock = json.loads((BINDER / "build-tools" / "package-lock.json").read_text())["packages"]
    root_lock = json.loads((REPO / "package-lock.json").read_text())["packages"]
    names = {
        k
        for k in root_lock
        if k == "node_modules/esbuild" or k.startswith("node_modules/@esbuild/")
    }
    assert set(lock) - {""} == names
    for name in names:
        same = {k: v for k, v in root_lock[name].items() if k not in ("dev", "devOptional")}
        assert lock[name] == same, f"binder/build-tools/package-lock.json: {name} differs"


def test_the_binder_repository_is_written_once_in_the_readme_badge():
    """A fork changes its GitHub owner/name in one place, README.md's Binder badge; the docs'
    "on Binder" links read it from there (pachisi_docs.binder_repo)."""
    readme = (REPO / "README.md").read_text()
    owners = set(re.findall(r"mybinder\.org/v2/gh/([\w.-]+/[\w.-]+)/", readme))
    assert len(owners) == 1, f"README.md's Binder links name {owners or 'no repository'}"
    owner = owners.pop()
    elsewhere = [
        name
        for name in source_files()
        if name != "README.md"
        and (REPO / name).suffix in (".py", ".md", ".txt", ".toml", ".yml", ".sh", ".json", "")
        and owner in (REPO / name).read_text(errors="replace")
    ]
    assert not elsewhere, f"{owner} is also written in {elsewhere}: read it from README.md"
    assert 'binder_repo(ROOT / "README.md")' in (REPO / "docs" / "conf.py").read_text()


def test_binder_links_open_existing_notebooks():
    assert (REPO / FIRST_NOTEBOOK).is_file(), f"the Binder link opens {FIRST_NOTEBOOK}"
    readme = (REPO / "README.md").read_text()
    for target in re.findall(r"mybinder\.org/v2/\S*?urlpath=lab/tree/([^)\s&]+)", readme):
        assert (REPO / target).is_file(), f"README's Binder link opens {target}, which is missing"


@pytest.mark.slow
@pytest.mark.xdist_group("binder")
def test_postbuild_installs_the_package_with_its_bundle(tmp_path):
    """Run binder/postBuild in a clean copy, with a fresh venv's python and pip first on PATH.

    Its `pip install .` builds a wheel of its own (about 6 of its 15 s; the fresh venv takes 6 s
    and npm ci 7 s): that build from the copy is the step under test, so the run's shared wheel
    (support.project_wheel) cannot stand in for it."""
    for tool in ("git", "npm", "node"):
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} is needed to run binder/postBuild")
    src = clean_copy(tmp_path / "repo")
    assert not (src / "pachisi_widget" / "static").exists(), "a clean copy has no built bundle"
    assert not (src / "node_modules").exists()

    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    bindir = env_dir / "bin"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(
        PATH=f"{bindir}{os.pathsep}{env.get('PATH', '')}",
        VIRTUAL_ENV=str(env_dir),
        PIP_DISABLE_PIP_VERSION_CHECK="1",
    )
    run = subprocess.run(
        ["bash", "binder/postBuild"], cwd=src, env=env, capture_output=True, text=True, timeout=1200
    )
    assert run.returncode == 0, f"postBuild failed:\n{run.stdout[-4000:]}\n{run.stderr[-4000:]}"
    assert not (src / "node_modules").exists(), "postBuild leaves node_modules out of the image"

    probe = textwrap.dedent("""
        import json, pathlib, sys
        import pachisi_widget as pw
        pkg = pathlib.Path(pw.__file__).parent
        js = pkg / "static" / "widget.js"
        w = pw.PachisiWidget(players=2, seed=1)
        print(json.dumps({"file": str(pw.__file__), "prefix": sys.prefix, "js": js.is_file(),
                          "js_size": js.stat().st_size if js.is_file() else 0,
                          "css": (pkg / "static" / "widget.css").is_file(),
                          "phase": w.game.phase}))
    """)
    out = subprocess.run(
        [str(bindir / "python"), "-c", probe],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    info = json.loads(out.stdout.strip().splitlines()[-1])
    assert Path(info["file"]).is_relative_to(env_dir), f"imported from outside the venv: {info}"
    assert Path(info["prefix"]) == env_dir
    assert info["js"] and info["js_size"] > 1000 and info["css"], info
    assert info["phase"] == "throw"
