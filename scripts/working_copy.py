"""The teacher's working copy of the lessons: ``my-lessons/`` (git-ignored), what tutorial.sh opens.

    python scripts/working_copy.py               # make or refresh my-lessons/, print its path
    python scripts/working_copy.py --dest DIR    # another folder
    python scripts/working_copy.py --lesson 01 --lang ro   # also print that lesson's path in it

JupyterLab saves a lesson as it is used: its outputs, and any cell a teacher changed. Served from
the repository, that wrote into the committed notebooks, and File > New put ``Untitled.ipynb``
beside them. So the lab opens a copy instead: ``my-lessons/`` holds the course's lessons
(``pachisi_widget.lessons.catalog()``, English at the top, Romanian in ``ro/``) and the rules
sheets. Whatever happens there stays there; ``notebooks/`` never changes by being used.

Run again (every ``bash scripts/tutorial.sh`` does), it refreshes the copy when an original
changed (a ``git pull``), and never loses a teacher's work:

- a lesson the teacher has not edited (its cells' code and text are still the original's; outputs
  do not count) is replaced by the new original;
- a lesson the teacher edited is kept beside it as ``<name>.mine-<date>.ipynb`` before the new
  original is copied in, and the script says so;
- a lesson whose original did not change is left alone, edits and outputs included;
- the teacher's own notebooks (``Untitled.ipynb``...) are never touched.

``my-lessons/.pachisi-copy.json`` remembers what each copy was made from. The copy's own
Jupyter settings are in ``my-lessons/.jupyter/`` (JupyterLab's news pop-up off), and its kernels'
IPython folder in ``my-lessons/.ipython/`` (no "without encryption" warning for a kernel that
listens on 127.0.0.1 only); the user's own Jupyter and IPython folders are never touched.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # the package's core needs the standard library only
DEST = ROOT / "my-lessons"
MANIFEST = ".pachisi-copy.json"
KERNEL_CONFIG = ROOT / "scripts" / "jupyter" / "profile_default" / "ipython_kernel_config.py"
#: JupyterLab's settings for the copy: no "get notified about official Jupyter news?" toast (it
#: covers the board's settings) and no news fetched.
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false"},
}

#: What the script says, in English and Romanian (the language of $LC_ALL / $LANG when it is one
#: of them, else English).
SAY = {
    "made": (
        "your working copy of the lessons: {dest} (the lab opens it; notebooks/ stays as committed)",
        "copia ta de lucru a lecțiilor: {dest} (laboratorul o deschide; notebooks/ rămâne cum a "
        "fost salvat în depozit)",
    ),
    "updated": (
        "{name}: a newer version of the lesson replaced your unedited copy",
        "{name}: o versiune nouă a lecției a înlocuit copia ta nemodificată",
    ),
    "kept": (
        "{name}: the lesson changed and you had edited it: your version is kept as {mine}",
        "{name}: lecția s-a schimbat, iar tu o modificaseși: versiunea ta este păstrată ca {mine}",
    ),
    "restored": (
        "{name}: missing from your copy, copied again",
        "{name}: lipsea din copia ta, a fost copiată din nou",
    ),
}


def language() -> int:
    """0 for English, 1 for Romanian: the language of the locale."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            return 1 if value.lower().startswith("ro") else 0
    return 0


def say(code: str, **params: str) -> None:
    print(f"[tutorial] {SAY[code][language()].format(**params)}", file=sys.stderr)


def originals(root: Path = ROOT) -> list[str]:
    """The files of the working copy, relative to ``notebooks/``: the course's lessons in every
    language (``lessons.catalog()``, never whatever else the folder holds) and the rules sheets."""
    from pachisi_widget import lessons

    names = [
        lesson.notebook(lang).removeprefix("notebooks/")
        for lesson in lessons.catalog()
        for lang in lessons.registry.LESSON_LANGUAGES
        if lesson.has(lang, root)
    ]
    sheets = [
        p.relative_to(root / "notebooks").as_posix()
        for p in sorted((root / "notebooks").glob("**/*.md"))
        if not any(part.startswith(".") for part in p.parts)
    ]
    return names + sheets


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sources_digest(path: Path) -> str:
    """What a teacher edits of a notebook: each cell's kind and text (outputs, execution counts
    and metadata do not count). A file that is not a readable notebook digests as its bytes."""
    data = path.read_bytes()
    if path.suffix != ".ipynb":
        return digest(data)
    try:
        cells = json.loads(data).get("cells", [])
        text = [
            (c.get("cell_type"), "".join(c.get("source", "")))
            if isinstance(c.get("source"), list)
            else (c.get("cell_type"), c.get("source", ""))
            for c in cells
        ]
    except (ValueError, AttributeError):
        return digest(data)
    return digest(json.dumps(text, ensure_ascii=False).encode())


def _mine(path: Path) -> Path:
    stamp = time.strftime("%Y-%m-%d-%H%M%S")
    mine = path.with_name(f"{path.stem}.mine-{stamp}{path.suffix}")
    n = 2
    while mine.exists():
        mine = path.with_name(f"{path.stem}.mine-{stamp}-{n}{path.suffix}")
        n += 1
    return mine


def refresh(dest: Path = DEST, root: Path = ROOT) -> dict[str, list[str]]:
    """Make or refresh the working copy ``dest`` of ``root``'s lessons (see the module's text).
    Returns what it did: {"copied": [...], "updated": [...], "kept": [...mine files]}."""
    source = root / "notebooks"
    dest.mkdir(parents=True, exist_ok=True)
    manifest_path = dest / MANIFEST
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        manifest = {}
    done: dict[str, list[str]] = {"copied": [], "updated": [], "kept": []}
    for name in originals(root):
        original, copy = source / name, dest / name
        data = original.read_bytes()
        known = manifest.get(name)
        if copy.is_file() and known and known["original"] == digest(data):
            continue  # the original did not change: the copy is the teacher's
        if copy.is_file():
            if known and sources_digest(copy) == known["sources"]:
                done["updated"].append(name)
                say("updated", name=name)
            elif copy.read_bytes() != data:
                mine = _mine(copy)
                copy.rename(mine)
                done["kept"].append(mine.relative_to(dest).as_posix())
                say("kept", name=name, mine=mine.relative_to(dest).as_posix())
        else:
            if known:
                say("restored", name=name)
            done["copied"].append(name)
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_bytes(data)
        shutil.copystat(original, copy)
        manifest[name] = {"original": digest(data), "sources": sources_digest(original)}
    manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", "utf-8")
    _settings(dest)
    if done["copied"] and len(done["copied"]) == len(manifest):
        say("made", dest=str(dest))
    return done


def _settings(dest: Path) -> None:
    """The copy's own JupyterLab settings and its kernels' IPython configuration."""
    settings = dest / ".jupyter" / "lab" / "user-settings"
    for name, values in LAB_SETTINGS.items():
        path = settings / name
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            current = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            current = {}
        if any(current.get(k) != v for k, v in values.items()):
            path.write_text(json.dumps({**current, **values}, indent=2) + "\n", encoding="utf-8")
    profile = dest / ".ipython" / "profile_default"
    profile.mkdir(parents=True, exist_ok=True)
    target = profile / KERNEL_CONFIG.name
    if not target.is_file() or target.read_bytes() != KERNEL_CONFIG.read_bytes():
        shutil.copyfile(KERNEL_CONFIG, target)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dest", type=Path, default=DEST, help="the working copy's folder")
    parser.add_argument(
        "--lesson", help="a lesson's id (00, 01, 02, 02b, ... 07b, 08): print its path too"
    )
    parser.add_argument("--lang", default="en", help="the lesson's language (en, ro)")
    args = parser.parse_args(argv)
    dest = args.dest.resolve()
    lesson = None
    if args.lesson is not None:
        from pachisi_widget import lessons

        try:
            lesson = lessons.lesson(args.lesson).notebook(args.lang).removeprefix("notebooks/")
        except ValueError as exc:
            parser.error(str(exc))
    refresh(dest)
    print(dest)
    if lesson is not None:
        print(lesson)
    return 0


if __name__ == "__main__":
    sys.exit(main())
