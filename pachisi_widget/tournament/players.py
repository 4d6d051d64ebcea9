"""Loading a class's players: a ``.py`` file per player (:func:`load_player`, :func:`load_folder`),
the commented template (:func:`new_player`), and the entrants of a tournament (names, objects,
files).
"""

from __future__ import annotations

import copy
import errno
import hashlib
import inspect
import os
import pathlib
import re
import shutil
import stat
import sys
import traceback
import types
from typing import NamedTuple

from .. import words
from ..agents import AGENTS, Agent
from ..engine import short_repr
from ..errors import PachisiError, say, session_language

MOVE_TIME = 1.0
"""Seconds a player may take to choose one move (``tournament(move_time=...)``)."""

PLAYER_FILE_MAX = 1_000_000
"""Bytes: the largest player file that is read (a player of a few hundred lines is ~20 kB)."""

TEMPLATE = pathlib.Path(__file__).resolve().parents[1] / "templates" / "my_player.py"
TEMPLATES = {"en": TEMPLATE, "ro": TEMPLATE.with_name("my_player_ro.py")}
"""The player template in each language (:func:`template`)."""
"""The commented template of a student's player."""


class PlayerFileError(PachisiError, ValueError):
    """A player's ``.py`` file that cannot be loaded; the message says why in plain words."""


_LOADED: dict = {}  # (path, sha1 of source) -> the player object (once per process)


def _load_source(path: str, source: str):
    key = (path, hashlib.sha1(source.encode("utf-8")).hexdigest())
    hit = _LOADED.get(key)
    if hit is not None:
        return hit
    stem = pathlib.Path(path).stem
    fname = pathlib.Path(path).name
    modname = f"_pachisi_players.{re.sub(r'[^0-9A-Za-z_]', '_', stem)}_{key[1][:10]}"
    try:
        code = compile(source, path, "exec")
    except SyntaxError as exc:
        params = {"file": fname, "error": exc.msg, "line": exc.lineno}
        raise PlayerFileError(say("file_syntax", params)) from None
    module = types.ModuleType(modname)
    module.__file__ = path
    sys.modules[modname] = module  # dataclasses and pickling look classes up by their module
    try:
        exec(code, module.__dict__)
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # a sys.exit() in a student's file included
        del sys.modules[modname]
        params = {"file": fname, "error": _error_words(exc, path)}
        raise PlayerFileError(say("file_raised", params)) from None
    player = _player_of(module, fname)
    try:
        copy.deepcopy(player)
    except Exception as exc:
        error = f"{type(exc).__name__}: {short_repr(str(exc), 80)[1:-1]}"
        raise PlayerFileError(say("file_copy", {"file": fname, "error": error})) from None
    _LOADED[key] = player
    return player


def _player_of(module, fname: str):
    if "PLAYER" in module.__dict__:
        player = module.PLAYER
        if inspect.isclass(player):
            player = _construct(player, fname)
        if not callable(getattr(player, "choose", None)):
            params = {"file": fname, "got": short_repr(player, 60)}
            raise PlayerFileError(say("file_player_attr", params))
        return player
    classes = [
        c
        for c in module.__dict__.values()
        if inspect.isclass(c) and issubclass(c, Agent) and c.__module__ == module.__name__
    ]
    if not classes:
        raise PlayerFileError(say("file_no_player", {"file": fname}))
    if len(classes) > 1:
        names = ", ".join(c.__name__ for c in classes)
        raise PlayerFileError(say("file_several", {"file": fname, "names": names}))
    return _construct(classes[0], fname)


def _construct(cls, fname: str):
    if inspect.isabstract(cls):
        raise PlayerFileError(say("file_no_choose", {"file": fname, "name": cls.__name__}))
    try:
        return cls()
    except KeyboardInterrupt:
        raise
    except BaseException as exc:
        params = {"file": fname, "name": cls.__name__, "error": _error_words(exc, None)}
        raise PlayerFileError(say("file_construct", params)) from None


def _error_words(exc: BaseException, path: str | None) -> str:
    """``TypeError: message (file.py, line 12)``: the error and the deepest line of ``path``."""
    where = ""
    frames = traceback.extract_tb(exc.__traceback__)
    mine = [f for f in frames if path is None or f.filename == path] or frames
    if mine:
        f = mine[-1]
        where = (pathlib.Path(f.filename).name, f.lineno)
    said = f"{type(exc).__name__}: {short_repr(str(exc), 200)[1:-1]}"
    if not where:
        return said
    return say("error_at", {"error": said, "file": where[0], "line": where[1]})


def read_player_file(path) -> str:
    """The text of the player file ``path``: a regular file (a link to one is followed) of at
    most :data:`PLAYER_FILE_MAX` bytes, in UTF-8.

    Nothing else is opened for reading: a FIFO, a device (``/dev/zero``), a socket or a folder
    named ``x.py`` is refused before it is opened, and the file opened is checked again (and
    read no further than the limit), so that a file replaced meanwhile cannot hang the reader.

    Raises:
        PlayerFileError: saying what the file is, when it is missing, not a regular file, too
            large or not UTF-8 text.
    """
    path = pathlib.Path(path)
    name = path.name
    try:
        info = os.stat(path)
    except OSError as exc:
        raise PlayerFileError(_unreadable(name, exc)) from None
    if not stat.S_ISREG(info.st_mode):
        raise PlayerFileError(
            say("file_not_regular", {"file": name, "kind": _file_kind(info.st_mode)})
        )
    if info.st_size > PLAYER_FILE_MAX:
        params = {"size": words.grouped(info.st_size), "most": words.grouped(PLAYER_FILE_MAX)}
        raise PlayerFileError(say("file_too_big", {"file": name, **params}))
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise PlayerFileError(_unreadable(name, exc)) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):  # replaced between the two looks
            raise PlayerFileError(say("file_not_regular", {"file": name, "kind": _file_kind(mode)}))
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(PLAYER_FILE_MAX + 1)
    except OSError as exc:
        raise PlayerFileError(_unreadable(name, exc)) from None
    finally:
        os.close(fd)
    if len(data) > PLAYER_FILE_MAX:
        most = words.grouped(PLAYER_FILE_MAX)
        raise PlayerFileError(say("file_too_big_plain", {"file": name, "most": most}))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PlayerFileError(say("file_not_utf8", {"file": name, "byte": exc.start})) from None


def _unreadable(name: str, exc: OSError) -> str:
    """Why ``name`` cannot be read: a common system error in the session's words, any other in
    the system's own."""
    code = errno.errorcode.get(exc.errno or 0, "")
    known = code in ("ENOENT", "EACCES", "EISDIR")
    error = words.word(f"os_error.{code}") if known else exc.strerror or exc
    return say("file_unreadable", {"file": name, "error": error})


def _file_kind(mode: int) -> str:
    for test, kind in (
        (stat.S_ISDIR, "folder"),
        (stat.S_ISFIFO, "fifo"),
        (stat.S_ISCHR, "char"),
        (stat.S_ISBLK, "block"),
        (stat.S_ISSOCK, "socket"),
    ):
        if test(mode):
            return words.word(f"file_kind.{kind}")
    return words.word("file_kind.other")


def load_player(path):
    """The player defined in the ``.py`` file ``path``: its ``PLAYER`` object, else an instance
    of the one :class:`~pachisi_widget.agents.Agent` subclass it defines.

    The file is read by :func:`read_player_file` (a regular file of at most
    :data:`PLAYER_FILE_MAX` bytes).

    Raises:
        PlayerFileError: when the file is missing, not a regular file, too large, is not valid
            Python, raises while it runs, defines no player or several, or the player cannot be
            made; the message says which.
    """
    path = pathlib.Path(path)
    if path.suffix != ".py":
        raise PlayerFileError(say("file_not_py", {"file": path.name}))
    source = read_player_file(path)
    return _load_source(str(path.resolve()), source)


def load_folder(folder) -> tuple:
    """Every player of a folder: ``(players, problems)``, where ``players`` maps each loaded
    file's name without ``.py`` to its path and ``problems`` maps each file that could not be
    loaded to the reason (a file that is not regular, or larger than :data:`PLAYER_FILE_MAX`,
    included). Files whose name starts with ``_`` or ``.`` are helpers, left out.

    Raises:
        ValueError: when ``folder`` is not a folder.
    """
    folder = pathlib.Path(folder)
    if not folder.is_dir():
        raise ValueError(say("arg_not_folder", {"got": repr(str(folder))}))
    players, problems = {}, {}
    for path in sorted(folder.glob("*.py")):
        if path.name.startswith(("_", ".")):
            continue
        try:
            load_player(path)
        except PlayerFileError as exc:
            problems[path.name] = str(exc)
            continue
        players[path.stem] = str(path)
    return players, problems


def template(lang: str | None = None) -> pathlib.Path:
    """The commented player template in ``lang`` (default: the session's language,
    :func:`pachisi_widget.set_language`): :data:`TEMPLATE`, or its Romanian edition."""
    lang = session_language() if lang is None else lang
    return TEMPLATES.get(lang, TEMPLATE)


def new_player(path, overwrite: bool = False, lang: str | None = None) -> pathlib.Path:
    """Copy the commented player template to ``path`` (a ``.py`` file) and return its path. The
    template speaks ``lang`` (default: the session's language; :func:`template`).

    Raises:
        FileExistsError: when ``path`` exists (unless ``overwrite``).
        ValueError: when ``path`` does not end in ``.py``.
    """
    path = pathlib.Path(path)
    if path.suffix != ".py":
        raise ValueError(say("arg_new_player_py", {"got": repr(str(path))}))
    if path.exists() and not overwrite:
        raise FileExistsError(say("arg_new_player_exists", {"got": path}))
    source = template(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, path)
    return path


# -- entrants -------------------------------------------------------------------------------------


class _Entrant(NamedTuple):
    """How a worker makes an entrant: ``kind`` "name" (value: a built-in's name), "object" (the
    object) or "file" (value: its path, ``source``: its text)."""

    name: str
    kind: str
    value: object
    source: str | None = None

    @property
    def trusted(self) -> bool:
        # the built-in players are part of the engine's tests: no guard, no clock
        return self.kind == "name" or type(self.value) in AGENTS.values()


def _entrant(name: str, spec) -> _Entrant:
    if isinstance(spec, (str, os.PathLike)) and not (isinstance(spec, str) and spec in AGENTS):
        text = os.fspath(spec)
        if text.endswith(".py") or os.sep in text or isinstance(spec, os.PathLike):
            path = pathlib.Path(text)
            load_player(path)  # refuses a bad file with its reason now, not on a worker
            resolved = str(path.resolve())
            return _Entrant(name, "file", resolved, read_player_file(path))
        params = {"got": short_repr(spec, 60), "names": ", ".join(AGENTS)}
        raise ValueError(say("arg_entrant_unknown", params))
    if isinstance(spec, str):
        return _Entrant(name, "name", spec)
    if not callable(getattr(spec, "choose", None)):
        params = {"name": repr(name), "got": short_repr(spec, 60)}
        raise TypeError(say("arg_entrant_not_player", params))
    try:
        copy.deepcopy(spec)
    except Exception as exc:
        params = {"name": repr(name), "error": f"{type(exc).__name__}: {exc}"}
        raise TypeError(say("arg_entrant_not_copied", params)) from None
    return _Entrant(name, "object", spec)


def shown_name(name: str) -> str:
    """How the tables, plots and prose of a tournament show a player entered under its file's
    name: with a capital, as a student's name is written (``ana.py`` is "Ana"); the entrant keeps
    the name the student typed (``table()``, ``ratings()``, ``head_to_head()`` say "ana").

    >>> shown_name("ana"), shown_name("bogdan_v2"), shown_name("Emil")
    ('Ana', 'Bogdan_v2', 'Emil')
    """
    return name[:1].upper() + name[1:]


def shown_names(entrants) -> dict:
    """Entrant -> shown name, for the entrants that are player files entered under their own
    file's name (as :func:`load_folder` and a list of paths name them) and whose shown name
    differs; a name the caller chose, a built-in player and an object keep theirs."""
    out = {}
    for e in entrants:
        if e.kind == "file" and e.name == pathlib.Path(e.value).stem:
            shown = shown_name(e.name)
            if shown != e.name:
                out[e.name] = shown
    return out


def _default_name(spec) -> str:
    if isinstance(spec, str) and spec in AGENTS:
        return spec
    if isinstance(spec, (str, os.PathLike)):
        return pathlib.Path(spec).stem
    name = getattr(spec, "name", None)
    return name if isinstance(name, str) and name else type(spec).__name__


def _entrants(entrants) -> tuple:
    if isinstance(entrants, dict):
        items = list(entrants.items())
        for name, _ in items:
            if not isinstance(name, str) or not name:
                raise TypeError(say("arg_entrant_names", {"got": short_repr(name)}))
    elif isinstance(entrants, (list, tuple)):
        items, seen = [], {}
        for spec in entrants:
            base = _default_name(spec)
            seen[base] = seen.get(base, 0) + 1
            items.append((base if seen[base] == 1 else f"{base} ({seen[base]})", spec))
    else:
        raise TypeError(say("arg_entrants_type", {"got": type(entrants).__name__}))
    return tuple(_entrant(name, spec) for name, spec in items)
