"""Translators' files: gettext ``.po`` catalogues, read and written with the standard library only.

Every sentence a person sees lives in ``pachisi_widget/locale/<lang>/<domain>.po`` (a domain is a
file such as ``board`` or ``lessons/05``). Each entry is one message:

- ``msgctxt`` is the message's code (``"grace_enter"``, ``"05.3.hint"``): the key the code asks for;
- ``msgid`` is the English sentence, so the English and the translation of one message sit side by
  side in every language's file;
- ``msgstr`` is the sentence in the file's language. English files (``locale/en/``) are the
  template: their ``msgstr`` is empty and the ``msgid`` is the sentence.

A countable noun is a plural entry (``msgid_plural`` and ``msgstr[0]``, ``msgstr[1]``...), chosen
by the file's standard ``Plural-Forms`` header (Romanian's three forms: "un pătrat", "19 pătrate",
"20 de pătrate").

A translation whose English changed is marked ``#, fuzzy`` (with the old English as ``#| msgid``)
by ``scripts/words.py update``; a fuzzy entry is not used (the English shows instead) and the
catalogue test fails on it, so no stale translation reaches a class unnoticed.

The offline site has no Babel and no gettext tools, so this module parses ``.po`` itself (the
format's subset that gettext's own tools write: comments, flags, ``msgctxt``, ``msgid``,
``msgid_plural``, ``msgstr[n]``, multi-line strings) and evaluates ``Plural-Forms`` with
:func:`gettext.c2py`.

>>> entries = parse('msgctxt "hi"\\nmsgid "Hello, {name}."\\nmsgstr "Salut, {name}."\\n')
>>> entries[0].context, entries[0].msgid, entries[0].msgstr
('hi', 'Hello, {name}.', ('Salut, {name}.',))
"""

from __future__ import annotations

import ast
import functools
import gettext
from collections.abc import Callable, Iterable
from importlib import resources
from typing import NamedTuple

__all__ = [
    "Entry",
    "parse",
    "read",
    "dump",
    "messages",
    "plurals",
    "plural_index",
    "domains",
    "languages",
    "header",
]

LOCALE_PACKAGE = "pachisi_widget.locale"
"""The package whose folders hold the catalogues, one folder a language."""


class Entry(NamedTuple):
    """One message of a catalogue."""

    context: str
    """The message's code (``msgctxt``)."""
    msgid: str
    """The English sentence (for a plural entry, the singular)."""
    msgstr: tuple[str, ...] = ("",)
    """The translation: one string, or one per plural form."""
    msgid_plural: str | None = None
    """The English plural, for a countable noun."""
    flags: frozenset[str] = frozenset()
    """``fuzzy`` marks a translation whose English changed; ``python-brace-format`` a template."""
    comments: tuple[str, ...] = ()
    """Extracted comments (``#. ...``), without the mark: what the source says about the message,
    the same in every language's file."""
    previous: str | None = None
    """The English the translation was made from, when it changed (``#| msgid``)."""
    notes: tuple[str, ...] = ()
    """Translator comments (``# ...``), without the mark: a file's own notes, kept as written."""

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags


def _unquote(line: str, where: str) -> str:
    line = line.strip()
    if not (len(line) >= 2 and line[0] == '"' and line[-1] == '"'):
        raise ValueError(f"{where}: expected a quoted string, found {line[:40]!r}")
    inner = line[1:-1]
    if "\\" not in inner and '"' not in inner:
        return inner  # the common case, without escapes: no need to evaluate it
    try:
        return ast.literal_eval(line)
    except (SyntaxError, ValueError) as exc:
        raise ValueError(f"{where}: not a valid quoted string: {line[:40]!r}") from exc


class _Reader:
    """The entry being read from a ``.po`` file, line by line, and the entries read before."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.entries: list[Entry] = []
        self.fields: dict[str, str] = {}
        self.plural: dict[int, str] = {}
        self.flags: set[str] = set()
        self.comments: list[str] = []
        self.notes: list[str] = []
        self.previous: list[str] = []
        self.current: str | None = None

    def finish(self) -> None:
        """The entry read so far is complete: keep it and start the next."""
        fields, plural = self.fields, self.plural
        if "msgid" not in fields:
            if fields or plural:
                raise ValueError(f"{self.source}: an entry without msgid")
            return
        msgstr = tuple(plural[i] for i in sorted(plural)) if plural else (fields.get("msgstr", ""),)
        self.entries.append(
            Entry(
                context=fields.get("msgctxt", ""),
                msgid=fields["msgid"],
                msgstr=msgstr,
                msgid_plural=fields.get("msgid_plural"),
                flags=frozenset(self.flags),
                comments=tuple(self.comments),
                previous="".join(self.previous) if self.previous else None,
                notes=tuple(self.notes),
            )
        )
        for kept in (fields, plural, self.flags, self.comments, self.notes, self.previous):
            kept.clear()
        self.current = None

    def comment(self, line: str, where: str) -> None:
        """A ``#`` line: flags, the previous msgid, a comment for translators or a note."""
        if "msgid" in self.fields and self.current is not None and self.current != "comment":
            self.finish()
        if line.startswith("#,"):
            self.flags.update(f.strip() for f in line[2:].split(",") if f.strip())
        elif line.startswith("#| msgid "):
            self.previous.append(_unquote(line[len("#| msgid ") :], where))
        elif line.startswith('#| "'):
            self.previous.append(_unquote(line[2:], where))
        elif line.startswith("#."):
            self.comments.append(line[2:].strip())
        elif line.startswith("# ") or line == "#":
            self.notes.append(line[2:])

    def continuation(self, line: str, where: str) -> None:
        """A string on its own line: it continues the keyword before it."""
        current = self.current
        if current is None:
            raise ValueError(f"{where}: a string that continues nothing")
        piece = _unquote(line, where)
        if current.startswith("msgstr["):
            self.plural[int(current[7:-1])] += piece
        else:
            self.fields[current] += piece

    def keyword(self, line: str, where: str) -> None:
        """A ``msgctxt``, ``msgid``, ``msgid_plural``, ``msgstr`` or ``msgstr[n]`` line."""
        fields = self.fields
        keyword, _, rest = line.partition(" ")
        starts = keyword == "msgctxt" or (keyword == "msgid" and "msgctxt" not in fields)
        if starts and "msgid" in fields:
            self.finish()
        if keyword in ("msgctxt", "msgid", "msgid_plural", "msgstr"):
            if keyword in fields:
                raise ValueError(f"{where}: {keyword} twice in one entry")
            fields[keyword] = _unquote(rest, where)
        elif keyword.startswith("msgstr[") and keyword.endswith("]") and keyword[7:-1].isdigit():
            self.plural[int(keyword[7:-1])] = _unquote(rest, where)
        else:
            raise ValueError(f"{where}: unknown keyword {keyword!r}")
        self.current = keyword


def parse(text: str, source: str = "<catalogue>") -> list[Entry]:
    """The entries of a ``.po`` file's text, the header (the entry with an empty msgid) first.

    Raises:
        ValueError: naming the line, for anything that is not a ``.po`` entry.
    """
    reader = _Reader(source)
    for number, raw in enumerate(text.splitlines(), 1):
        where = f"{source}:{number}"
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            reader.comment(line, where)
        elif line.startswith('"'):
            reader.continuation(line, where)
        else:
            reader.keyword(line, where)
    reader.finish()
    return reader.entries


def _quote(s: str) -> str:
    out = s.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    lines = out.split("\n")
    if len(lines) == 1:
        return f'"{out}"'
    parts = [line + "\\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    return '""\n' + "\n".join(f'"{p}"' for p in parts)


def dump(entries: Iterable[Entry]) -> str:
    """The ``.po`` text of ``entries`` (the inverse of :func:`parse`)."""
    blocks = []
    for e in entries:
        lines = [f"# {n}" if n else "#" for n in e.notes]
        lines += [f"#. {c}" if c else "#." for c in e.comments]
        if e.flags:
            lines.append("#, " + ", ".join(sorted(e.flags)))
        if e.previous is not None:
            lines.append("#| msgid " + _quote(e.previous).replace("\n", "\n#| "))
        if e.context:
            lines.append("msgctxt " + _quote(e.context))
        lines.append("msgid " + _quote(e.msgid))
        if e.msgid_plural is not None:
            lines.append("msgid_plural " + _quote(e.msgid_plural))
            lines.extend(f"msgstr[{i}] " + _quote(s) for i, s in enumerate(e.msgstr))
        else:
            lines.append("msgstr " + _quote(e.msgstr[0] if e.msgstr else ""))
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def header(entries: list[Entry]) -> dict[str, str]:
    """The header fields of a catalogue (``Language``, ``Plural-Forms``...)."""
    for e in entries:
        if not e.context and not e.msgid:
            out = {}
            for line in e.msgstr[0].splitlines():
                key, sep, value = line.partition(":")
                if sep:
                    out[key.strip()] = value.strip()
            return out
    return {}


def _path(lang: str, domain: str):
    node = resources.files(LOCALE_PACKAGE).joinpath(lang)
    for part in f"{domain}.po".split("/"):
        node = node.joinpath(part)
    return node


@functools.cache
def read(lang: str, domain: str) -> tuple[Entry, ...]:
    """Every entry of ``locale/<lang>/<domain>.po``, the header first (cached).

    Raises:
        ValueError: for a language or domain with no catalogue, naming those there are.
    """
    node = _path(lang, domain)
    if not node.is_file():
        if lang not in languages():
            there = ", ".join(languages())
            raise ValueError(f"no catalogues for language {lang!r}; there are: {there}")
        raise ValueError(
            f"no catalogue {domain!r} for language {lang!r}; there are: {', '.join(domains(lang))}"
        )
    return tuple(parse(node.read_text(encoding="utf-8"), f"locale/{lang}/{domain}.po"))


def languages() -> tuple[str, ...]:
    """The languages that have catalogues (their folder names), English first."""
    root = resources.files(LOCALE_PACKAGE)
    found = sorted(p.name for p in root.iterdir() if p.is_dir() and not p.name.startswith("_"))
    return tuple(sorted(found, key=lambda lang: lang != "en"))


def domains(lang: str = "en") -> tuple[str, ...]:
    """The catalogues of ``lang``, as domains (``"board"``, ``"lessons/05"``), sorted."""
    out: list[str] = []

    def walk(node, prefix: str) -> None:
        for child in node.iterdir():
            if child.is_dir():
                walk(child, f"{prefix}{child.name}/")
            elif child.name.endswith(".po"):
                out.append(prefix + child.name[:-3])

    walk(resources.files(LOCALE_PACKAGE).joinpath(lang), "")
    return tuple(sorted(out))


def _usable(e: Entry, lang: str) -> bool:
    return bool(e.context) and (lang == "en" or (not e.fuzzy and all(e.msgstr)))


@functools.cache
def messages(lang: str, domain: str) -> dict[str, str]:
    """Code -> sentence template of one catalogue (its plain entries; the plural ones are in
    :func:`plurals`).

    English reads the msgid; another language its msgstr, leaving out what is untranslated or
    fuzzy (the caller then falls back to English).
    """
    out = {}
    for e in read(lang, domain):
        if e.msgid_plural is None and _usable(e, lang):
            out[e.context] = e.msgid if lang == "en" else e.msgstr[0]
    return out


@functools.cache
def plurals(lang: str, domain: str) -> dict[str, tuple[str, ...]]:
    """Code -> the plural forms of one catalogue's countable entries, in the order its
    ``Plural-Forms`` numbers them (English: singular, plural)."""
    out = {}
    for e in read(lang, domain):
        if e.msgid_plural is not None and _usable(e, lang):
            out[e.context] = (e.msgid, e.msgid_plural) if lang == "en" else e.msgstr
    return out


@functools.cache
def _plural_rule(lang: str, domain: str) -> Callable[[int], int]:
    forms = header(list(read(lang, domain))).get("Plural-Forms", "nplurals=2; plural=(n != 1);")
    expression = forms.split("plural=", 1)[1].strip().rstrip(";")
    return gettext.c2py(expression)


def plural_index(n: int, lang: str, domain: str = "words") -> int:
    """Which plural form ``n`` takes in ``lang``, by the ``Plural-Forms`` of ``domain``'s file.

    >>> [plural_index(n, "ro") for n in (1, 2, 19, 20, 101, 120)]
    [0, 1, 1, 2, 1, 2]
    """
    return _plural_rule(lang, domain)(abs(n))
