"""Translators' tools over a ``locale/`` folder: the checks, and keeping translations in step
with the English (what ``msgmerge`` does), with the standard library only.

``scripts/words.py check`` and ``scripts/words.py update`` run these; the catalogue test runs
:func:`problems`. English (``locale/en/``) is the template: its ``msgid`` is the sentence and its
``msgstr`` is empty; every other language has the same files and the same codes.
"""

from __future__ import annotations

import pathlib
import re
import string
from importlib import resources

from .catalogue import Entry, dump, header, parse

__all__ = ["locale_root", "problems", "update", "placeholders"]

SOURCE = "en"
"""The language every other translates from."""

CEDILLA = {"ş": "ș", "ţ": "ț", "Ş": "Ș", "Ţ": "Ț"}
"""Letters with a cedilla that Romanian writes with a comma below (ș, ț)."""


def locale_root() -> pathlib.Path:
    """The package's own ``locale/`` folder."""
    return pathlib.Path(str(resources.files("pachisi_widget.locale")))


def _languages(root: pathlib.Path) -> list[str]:
    found = sorted(p.name for p in root.iterdir() if p.is_dir() and not p.name.startswith("_"))
    return sorted(found, key=lambda lang: lang != SOURCE)


def _domains(root: pathlib.Path, lang: str) -> list[str]:
    base = root / lang
    return sorted(
        str(p.relative_to(base).with_suffix("")).replace("\\", "/") for p in base.rglob("*.po")
    )


def _read(path: pathlib.Path) -> tuple[str, list[Entry]]:
    raw = path.read_text(encoding="utf-8")
    return raw, parse(raw, str(path))


def placeholders(template: str) -> set[tuple[str, str]]:
    """The (name, format spec) pairs of a template's placeholders.

    Raises:
        ValueError: for a template that :meth:`str.format` cannot read (an unmatched brace).
    """
    return {
        (name, spec or "")
        for _, name, spec, _ in string.Formatter().parse(template)
        if name is not None
    }


def _nplurals(entries: list[Entry]) -> int | None:
    forms = header(entries).get("Plural-Forms", "")
    match = re.search(r"nplurals\s*=\s*(\d+)", forms)
    return int(match.group(1)) if match else None


def problems(root: pathlib.Path | None = None) -> list[str]:
    """Everything wrong with the catalogues under ``root`` (the package's ``locale/``), one line
    each: a domain missing in a language, a code missing or obsolete, a translation whose
    English changed (its msgid differs from the English file's) or that is fuzzy or empty,
    placeholders that differ, a missing ``Plural-Forms``, a cedilla in Romanian (ş, ţ for ș, ț),
    entries that do not survive :func:`~.catalogue.dump` and :func:`~.catalogue.parse`, a code
    twice."""
    root = root or locale_root()
    out: list[str] = []
    langs = _languages(root)
    if SOURCE not in langs:
        return [f"{root}: no {SOURCE}/ folder (the English template)"]
    english = {d: _read(root / SOURCE / f"{d}.po")[1] for d in _domains(root, SOURCE)}
    for lang in langs:
        have = set(_domains(root, lang))
        for d in sorted(set(english) - have):
            out.append(f"{lang}/{d}.po: missing (every language has every domain of {SOURCE}/)")
        for d in sorted(have - set(english)):
            out.append(f"{lang}/{d}.po: no such domain in {SOURCE}/ (obsolete)")
        for d in sorted(have & set(english)):
            out.extend(_file_problems(root, lang, d, english[d]))
    return out


def _file_problems(root, lang, domain, template: list[Entry]) -> list[str]:
    where = f"{lang}/{domain}.po"
    raw, entries = _read(root / lang / f"{domain}.po")
    out = []
    # The entries must survive being written and read again. The text itself may differ (Poedit
    # and msgmerge wrap long lines at 79 columns, and ``update`` writes them unwrapped).
    if parse(dump(entries)) != entries:
        out.append(f"{where}: does not read back as written by catalogue.dump")
    n = _nplurals(entries)
    if n is None:
        out.append(f"{where}: no Plural-Forms in the header")
    bad = sorted({c for c in raw if c in CEDILLA})
    if bad:
        out.append(
            f"{where}: cedilla letters {' '.join(bad)}: write "
            f"{' '.join(CEDILLA[c] for c in bad)} (comma below)"
        )
    source = {e.context: e for e in template if e.context}
    seen: set[str] = set()
    for e in entries:
        if not e.context:
            if e.msgid:
                out.append(f"{where}: an entry without a code (msgctxt): {e.msgid[:40]!r}")
            continue
        code = e.context
        if code in seen:
            out.append(f"{where}: {code}: twice")
        seen.add(code)
        if code not in source:
            out.append(f"{where}: {code}: no such code in {SOURCE}/{domain}.po (obsolete)")
            continue
        out.extend(_entry_problems(where, lang, domain, e, source[code], n))
    for code in sorted(set(source) - seen):
        if lang != SOURCE:
            out.append(f"{where}: {code}: missing (run scripts/words.py update)")
    return out


def _entry_problems(where: str, lang: str, domain: str, e: Entry, en: Entry, n) -> list[str]:
    """What is wrong with the entry ``e`` of a translation whose English is ``en`` (``n``: the
    file's number of plural forms, None when its header has none)."""
    code = e.context
    out: list[str] = []
    try:
        wanted = placeholders(en.msgid) | placeholders(en.msgid_plural or "")
    except ValueError as exc:
        out.append(f"{where}: {code}: the English is not a template: {exc}")
        return out
    if lang == SOURCE:
        if any(e.msgstr):
            out.append(f"{where}: {code}: the English template's msgstr must be empty")
        return out
    if (e.msgid, e.msgid_plural) != (en.msgid, en.msgid_plural) and not e.fuzzy:
        out.append(
            f"{where}: {code}: its msgid is not the English of {SOURCE}/{domain}.po "
            f"(run scripts/words.py update, then translate it again)"
        )
    if e.fuzzy:
        out.append(
            f"{where}: {code}: fuzzy (its English changed: check the translation, "
            f"then remove the fuzzy flag and the #| line)"
        )
    if not all(e.msgstr):
        out.append(f"{where}: {code}: not translated (empty msgstr)")
        return out
    if (e.msgid_plural is None) != (en.msgid_plural is None):
        out.append(f"{where}: {code}: a plural entry in one language and not in the other")
        return out
    if e.msgid_plural is not None and n is not None and len(e.msgstr) != n:
        out.append(f"{where}: {code}: {len(e.msgstr)} plural forms, Plural-Forms says {n}")
    out.extend(_form_problems(where, code, e, wanted))
    return out


def _form_problems(where: str, code: str, e: Entry, wanted: set) -> list[str]:
    """What is wrong with the placeholders of the forms of ``e`` (``wanted``: the English's)."""
    out: list[str] = []
    for form in e.msgstr:
        try:
            got = placeholders(form)
        except ValueError as exc:
            out.append(f"{where}: {code}: not a template: {exc}")
            continue
        if e.msgid_plural is not None:
            if not got <= {("n", "")}:
                out.append(f"{where}: {code}: a plural form may use only {{n}}, not {sorted(got)}")
        elif {name for name, _ in got} != {name for name, _ in wanted}:
            # the names must agree; a spec may differ where the grammar does ("the piece on
            # step 12" is "piesa de pe pătratul 12": at_step in English, from_step in Romanian)
            out.append(
                f"{where}: {code}: placeholders {_show(got)} differ from the "
                f"English {_show(wanted)}"
            )
    return out


def _show(fields: set) -> str:
    return "{" + ", ".join(f"{n}:{s}" if s else n for n, s in sorted(fields)) + "}"


def update(root: pathlib.Path | None = None) -> list[str]:
    """Bring every translation under ``root`` in step with the English, as ``msgmerge`` does,
    and say what changed (one line a change).

    - An entry whose English changed gets the new ``msgid``, is marked ``#, fuzzy`` and keeps the
      English it was translated from as ``#| msgid`` (so a translator sees what changed).
    - A code new in English is added, empty and fuzzy; a code English no longer has is dropped.
    - Entries follow the English file's order and take its extracted comments (``#.``).
    - A domain missing in a language is created (with the English header, the language's name).
    """
    root = root or locale_root()
    changes: list[str] = []
    for d in _domains(root, SOURCE):
        template = _read(root / SOURCE / f"{d}.po")[1]
        for lang in _languages(root):
            if lang == SOURCE:
                continue
            path = root / lang / f"{d}.po"
            if path.exists():
                raw, entries = _read(path)
            else:
                raw, entries = None, []
                changes.append(f"{lang}/{d}.po: created")
            merged = _merge(template, entries, lang, f"{lang}/{d}.po", changes)
            text = dump(merged)
            if text != raw:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    return changes


def _merge(
    template: list[Entry], entries: list[Entry], lang: str, where: str, changes: list[str]
) -> list[Entry]:
    own = {e.context: e for e in entries if e.context}
    head = next((e for e in entries if not e.context and not e.msgid), None)
    if head is None:
        en_head = next((e for e in template if not e.context and not e.msgid), None)
        fields = en_head.msgstr[0] if en_head else "Content-Type: text/plain; charset=UTF-8\n"
        fields = re.sub(r"Language: [^\n]*", f"Language: {lang}", fields)
        head = Entry("", "", (fields,), notes=(f"The {lang} translation of pachisi_widget.",))
    n = _nplurals([head]) or 2
    out = [head]
    for en in template:
        if not en.context:
            continue
        e = own.pop(en.context, None)
        if e is None:
            forms = ("",) * n if en.msgid_plural is not None else ("",)
            out.append(
                Entry(
                    en.context, en.msgid, forms, en.msgid_plural, frozenset({"fuzzy"}), en.comments
                )
            )
            changes.append(f"{where}: {en.context}: added (empty, fuzzy)")
            continue
        if (e.msgid, e.msgid_plural) != (en.msgid, en.msgid_plural):
            previous = e.previous if e.fuzzy and e.previous is not None else e.msgid
            e = e._replace(
                msgid=en.msgid,
                msgid_plural=en.msgid_plural,
                flags=e.flags | {"fuzzy"},
                previous=previous,
            )
            changes.append(f"{where}: {en.context}: the English changed: marked fuzzy")
        if en.msgid_plural is not None and len(e.msgstr) != n:
            e = e._replace(msgstr=(e.msgstr + ("",) * n)[:n])
        elif en.msgid_plural is None and len(e.msgstr) != 1:
            e = e._replace(msgstr=e.msgstr[:1] or ("",))
        out.append(e._replace(comments=en.comments))
    for code in own:
        changes.append(f"{where}: {code}: dropped (English no longer has it)")
    return out
