"""Sphinx extension of the pachisi_widget documentation site.

Everything a page shows that the package or the repository already knows is read from there at
build time, never copied by hand:

- the lessons are those of :func:`pachisi_widget.lessons.catalog`, their notebooks in
  ``notebooks/`` (English) and ``notebooks/ro/`` (Romanian, when it exists), staged into
  ``docs/lessons/<lang>/`` for myst-nb to execute and render; each staged copy gets a "Try it
  live" line after its title and one hidden code cell (see :data:`STATIC_BOARD_CELL`); their
  titles and goals come from each notebook's first cell;
- the board pictures are drawn by :func:`pachisi_widget.svg.board_svg`;
- the throw table comes from :func:`pachisi_widget.throw_distribution`; the variants table from
  :class:`pachisi_widget.Rules`, the presets and the sentences of :mod:`pachisi_widget.i18n`;
- the rules text is ``docs/rules/pachisi-rules.ro.txt`` (the user's text, unchanged), shown one
  paragraph per line with an anchor per paragraph (§N), beside its English reading
  (``docs/rules/pachisi-rules.en.txt``, the same paragraphs in the same order).

Directives: ``board``, ``throw-table``, ``variants-table``, ``rules-text``, ``lesson-links``,
``lesson-toctree``, ``lesson-guide``, ``lesson-answers``, ``lesson-glance``. Role: ``para``
(``{para}`3``, ``{para}`13-17``).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx import addnodes
from sphinx.directives.other import TocTree
from sphinx.util.docutils import SphinxDirective, SphinxRole

DOCS = Path(__file__).resolve().parents[1]
ROOT = DOCS.parent
NOTEBOOKS = ROOT / "notebooks"
RULES_TEXT = DOCS / "rules" / "pachisi-rules.ro.txt"
RULES_READING = DOCS / "rules" / "pachisi-rules.en.txt"
GENERATED = "_generated"  # board pictures, under the source folder (git-ignored)
LESSON_LANGS = ("en", "ro")
LITE_APP = "lite/lab/index.html"  # the JupyterLite site copied beside the pages

#: The hidden first cell of every staged lesson. A web page has no kernel, so the live board
#: cannot draw itself there; the widget's own display data carries only the widget view and
#: text/plain, so the build asks IPython to add the static picture (the position at the moment
#: the board was displayed). The lessons themselves stay as they are.
STATIC_BOARD_CELL = """\
# Added by the documentation build (hidden): pages have no kernel, so a live board is shown as
# its static picture, the position at the moment it was displayed.
from IPython import get_ipython

import pachisi_widget.svg
from pachisi_widget.widget import PachisiWidget


def _board_picture(widget):
    names = list(widget.names) or None
    return pachisi_widget.svg.board_svg(widget.game.state, names=names, lang=widget.language)


# by the class itself (found through the MRO), not by name: a board's type may be a subclass
get_ipython().display_formatter.formatters["image/svg+xml"].for_type(PachisiWidget, _board_picture)
"""

#: Words of the generated tables and links, by language (the game's words are the package's).
WORDS = {
    "en": {
        "option": "Option",
        "classic": "Classic game (default)",
        "presets": "Other presets",
        "also": "You can also choose",
        "source": "Rules text",
        "same": "as classic",
        "p_any": "any chance from 0.001 to 0.999",
        "a_set": "any set of throw values",
        "other_set": "or another set of throw values",
        "up": "Mouths up",
        "value": "Value",
        "chance": "Chance",
        "about": "About",
        "grace": "Grace",
        "yes": "yes: another throw",
        "no": "",
        "live": "Try it live",
        "live_text": "in your browser (JupyterLite: nothing to install)",
        "binder": "on Binder",
        "download": "download the notebook",
        "other_lang": "în limba română",
        "live_note": "The live version starts Python in your browser: the first start takes "
        "15–30 s. It needs the site to be served over http (a web server, or "
        "python3 -m http.server), not opened as a file.",
        "lesson": "Lesson",
        "goals": "What students learn",
        "needs": "What they need",
        "do": "What they do",
        "none": "There are no lessons in this language yet.",
        "only_en": "in English only",
    },
    "ro": {
        "option": "Opțiune",
        "classic": "Jocul clasic (implicit)",
        "presets": "Alte variante gata făcute",
        "also": "Se poate alege și",
        "source": "Textul regulilor",
        "same": "ca la clasic",
        "p_any": "orice probabilitate de la 0,001 la 0,999",
        "a_set": "orice set de valori ale aruncărilor",
        "other_set": "sau alt set de valori ale aruncărilor",
        "up": "Guri în sus",
        "value": "Valoare",
        "chance": "Probabilitate",
        "about": "Aproximativ",
        "grace": "Har",
        "yes": "da: încă o aruncare",
        "no": "",
        "live": "Încearcă lecția",
        "live_text": "în browser (JupyterLite: nu trebuie instalat nimic)",
        "binder": "pe Binder",
        "download": "descarcă notebook-ul",
        "other_lang": "in English",
        "live_note": "Versiunea interactivă pornește Python în browser: prima pornire durează "
        "15–30 s. Site-ul trebuie servit prin http (un server web sau "
        "python3 -m http.server), nu deschis ca fișier.",
        "lesson": "Lecția",
        "goals": "Ce învață elevii",
        "needs": "Ce le trebuie",
        "do": "Ce fac",
        "none": "Încă nu există lecții în această limbă.",
        "only_en": "lecția există deocamdată doar în engleză",
    },
}

#: Where each option of :class:`pachisi_widget.Rules` comes from: paragraphs of the rules text
#: (first, last), or None with the other sources that give it.
OPTION_SOURCES = {
    "throw_table": ((3, 3), (14, 18)),
    "p_mouth_up": ((12, 12),),
    "entry_graces": ((3, 3),),
    "bonus_graces": ((3, 3),),
    "first_piece_any_throw": ((5, 5),),
    "entry_mode": ((3, 4),),
    "grace_moves_before_all_entered": ((4, 4),),
    "split_throw": ((6, 6),),
    "capture_extra_throw": ((8, 8),),
    "castle_blocks_enemy": ((7, 7),),
    "last_square_release": ((10, 10),),
    "must_capture_before_home": ((9, 9),),
    "revenge_rule": ((9, 9),),
    "turn_mode": ((2, 2), (12, 17)),
    "cancel_three": ((13, 17),),
    "pyada": ((18, 18),),
    "teams": (),
}
#: Sources outside the rules text, for options it does not give (or gives only in part).
OTHER_SOURCES = {
    "last_square_release": "Mitra, Tylor 1879",
    "entry_mode": "Mitra",
    "teams": "Parlett, Tylor",
}


# --- the lessons ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Lesson:
    """One lesson notebook and what its first cell says about it."""

    lang: str
    name: str  # the file name without .ipynb, the same in every language
    source: Path
    title: str
    do: tuple[str, ...]
    learn: tuple[str, ...]
    need: tuple[str, ...]
    repo: str = ""  # the lesson's path in the repository (the catalogue's), when it has one

    @property
    def docname(self) -> str:
        return f"lessons/{self.lang}/{self.name}"

    @property
    def lite_path(self) -> str:
        """The notebook's path in the JupyterLite site (its contents are notebooks/)."""
        return f"{self.name}.ipynb" if self.lang == "en" else f"{self.lang}/{self.name}.ipynb"

    @property
    def repo_path(self) -> str:
        if self.repo:
            return self.repo
        return (
            self.source.relative_to(ROOT).as_posix()
            if self.source.is_relative_to(ROOT)
            else self.source.name
        )


def _bullets(block: str) -> tuple[str, ...]:
    """The items of a Markdown bullet list, continuation lines joined."""
    items: list[str] = []
    for line in block.splitlines():
        if re.match(r"\s*[-*] ", line):
            items.append(re.sub(r"^\s*[-*] ", "", line).strip())
        elif line.strip() and items:
            items[-1] += " " + line.strip()
    return tuple(items)


def read_lesson(path: Path, lang: str) -> Lesson:
    """A lesson's title and its "What you'll do / learn / need" lists, from its first cell.

    The three lists are the first three bold-headed lists of the first Markdown cell, in that
    order (the lesson convention), whatever language their headings are in.
    """
    nb = json.loads(path.read_text(encoding="utf-8"))
    first = next((c for c in nb["cells"] if c["cell_type"] == "markdown"), None)
    text = "".join(first["source"]) if first else ""
    title_match = re.search(r"^#\s+(.+)$", text, flags=re.M)
    title = title_match.group(1).strip() if title_match else path.stem
    parts = re.split(r"^\*\*[^*\n]+\*\*\s*$", text, flags=re.M)[1:]
    lists = [_bullets(part) for part in parts] + [(), (), ()]
    return Lesson(lang, path.stem, path, title, lists[0], lists[1], lists[2])


def holds_course(notebooks: Path) -> bool:
    """Whether ``notebooks`` is a copy of the course's folder: it holds lessons of
    ``lessons.catalog()`` (``notebooks/`` itself, or a copy of it)."""
    from pachisi_widget import lessons

    return notebooks.resolve() == NOTEBOOKS.resolve() or any(
        x.has("en", notebooks.parent) for x in lessons.catalog() if notebooks.name == "notebooks"
    )


def find_lessons(notebooks: Path = NOTEBOOKS) -> dict[str, list[Lesson]]:
    """The lessons by language, in the course's order: those of ``lessons.catalog()`` whose
    edition in that language is in ``notebooks/`` (English) or ``notebooks/<lang>/``. Any other
    notebook there (a teacher's ``Untitled.ipynb``) is not a lesson: it is neither executed nor
    shown.

    Another folder (``pachisi_notebooks`` set to a course of one's own) is read as it is:
    ``notebooks/*.ipynb`` in English, ``notebooks/<lang>/*.ipynb``, by file name.
    """
    found = {}
    if holds_course(notebooks):
        from dataclasses import replace

        from pachisi_widget import lessons

        for lang in LESSON_LANGS:
            found[lang] = [
                replace(read_lesson(x.path(lang, notebooks.parent), lang), repo=x.notebook(lang))
                for x in lessons.catalog()
                if x.has(lang, notebooks.parent)
            ]
        return found
    for lang in LESSON_LANGS:
        folder = notebooks if lang == "en" else notebooks / lang
        paths = sorted(p for p in folder.glob("*.ipynb") if not p.name.startswith("."))
        found[lang] = [read_lesson(p, lang) for p in paths]
    return found


def staged_notebook(lesson: Lesson, twins: tuple[str, ...] = ()) -> str:
    """The lesson as the site renders it: the hidden picture cell first, the links after its
    title. ``twins`` (the languages of its other editions) is noted in the metadata, so that the
    page is read again, with its links, when an edition appears or goes."""
    nb = json.loads(lesson.source.read_text(encoding="utf-8"))
    nb.setdefault("metadata", {})["pachisi_docs"] = {"editions": sorted(twins)}
    cells = nb["cells"]
    for cell in cells:
        if cell["cell_type"] == "markdown":
            text = "".join(cell["source"])
            heading = re.search(r"^#\s+.+$", text, flags=re.M)
            at = heading.end() if heading else 0
            text = text[:at] + "\n\n```{lesson-links}\n```\n" + text[at:]
            cell["source"] = text.splitlines(keepends=True)
            break
    hidden = {
        "cell_type": "code",
        "execution_count": None,
        "id": "docs-static-board",
        "metadata": {"tags": ["remove-cell"]},
        "outputs": [],
        "source": STATIC_BOARD_CELL.splitlines(keepends=True),
    }
    nb["cells"] = [hidden, *cells]
    nb.setdefault("nbformat_minor", 5)
    if nb.get("nbformat", 4) == 4 and nb["nbformat_minor"] < 5:
        nb["nbformat_minor"] = 5  # cell ids
    return json.dumps(nb, ensure_ascii=False, indent=1) + "\n"


def stage_lessons(lessons: dict[str, list[Lesson]], dest: Path) -> None:
    """Write the staged lessons into ``dest/<lang>/``; a file is rewritten only when it changed
    (Sphinx and the execution cache then leave unchanged lessons alone); stale ones go."""
    for lang in LESSON_LANGS:
        folder = dest / lang
        wanted = {f"{lesson.name}.ipynb": lesson for lesson in lessons.get(lang, [])}
        if not wanted:
            shutil.rmtree(folder, ignore_errors=True)
            continue
        folder.mkdir(parents=True, exist_ok=True)
        for stale in folder.iterdir():
            if stale.name not in wanted:
                if stale.is_dir():
                    shutil.rmtree(stale)
                else:
                    stale.unlink()
        for file_name, lesson in wanted.items():
            twins = tuple(
                other
                for other in LESSON_LANGS
                if other != lang and any(x.name == lesson.name for x in lessons.get(other, []))
            )
            text = staged_notebook(lesson, twins)
            path = folder / file_name
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                path.write_text(text, encoding="utf-8")


#: The lessons of the current build by language (set when the builder starts; parallel readers
#: are forked after that, so they see it too).
_LESSONS: dict[str, list[Lesson]] = {}


def _lessons(env) -> dict[str, list[Lesson]]:
    return _LESSONS


def _lesson_for(env, docname: str) -> Lesson | None:
    for lesson_list in _lessons(env).values():
        for lesson in lesson_list:
            if lesson.docname == docname:
                return lesson
    return None


def _to_root(docname: str) -> str:
    """The relative path from a page to the site's root folder."""
    return "../" * docname.count("/")


def lite_url(docname: str, lesson: Lesson) -> str:
    """The link from page ``docname`` to ``lesson`` in the JupyterLite site beside the pages."""
    return f"{_to_root(docname)}{LITE_APP}?path={quote(lesson.lite_path)}"


def _drop_widget_state(app, doctree) -> None:
    """Leave the saved widget state out of the pages: with no widget manager (it would come from
    a CDN) it is dead weight, the board's whole front-end code once per lesson."""
    metadata = getattr(app.env, "nb_metadata", {}).get(app.env.docname, {})
    metadata.get("js_files", {}).pop("ipywidgets_state", None)


#: Pages made from the list of lessons: read again at every build, as lessons come and go.
LESSON_LIST_PAGES = ("lessons/index", "ro/lectii", "teachers", "teachers-ro")


def _lesson_list_pages(app, env, added, changed, removed) -> list[str]:
    return [doc for doc in LESSON_LIST_PAGES if doc in env.found_docs]


def _on_builder_inited(app) -> None:
    _LESSONS.clear()
    _LESSONS.update(find_lessons(Path(app.config.pachisi_notebooks)))
    stage_lessons(_LESSONS, Path(app.srcdir) / "lessons")
    for handler in logging.getLogger("sphinx").handlers:
        if not any(isinstance(f, OneLineFailure) for f in handler.filters):
            handler.addFilter(OneLineFailure())


# --- Binder ------------------------------------------------------------------------------------

_BINDER_BADGE = re.compile(r"mybinder\.org/v2/gh/([\w.-]+/[\w.-]+)/")


def binder_repo(readme: Path) -> str:
    """The GitHub ``owner/name`` Binder builds, as README.md's Binder badge writes it (the one
    place it is written; a fork changes it there).

    Raises:
        ValueError: when the README has no Binder badge, or badges that disagree.
    """
    found = set(_BINDER_BADGE.findall(readme.read_text(encoding="utf-8")))
    if len(found) != 1:
        raise ValueError(
            f"{readme.name} must have Binder links to one repository (mybinder.org/v2/gh/"
            f"<owner>/<name>/...), found {sorted(found) or 'none'}"
        )
    return found.pop()


# --- a lesson that fails, in one line ------------------------------------------------------------

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_FAILED_CELL = re.compile(
    r"An error occurred while executing the following cell:\n-{6,}\n(.*?)\n-{6,}\n(.*)", re.S
)


def failure_line(message: str, lesson: Lesson | None) -> str | None:
    """myst-nb's "Executing notebook failed" warning (with its traceback) as one line: the
    lesson's notebook, the cell (its number as JupyterLab counts them, and its first line) and
    the error. None for any other message.

    >>> failure_line("Executing notebook failed: CellExecutionError\\n... "
    ...     "An error occurred while executing the following cell:\\n------------------\\n"
    ...     "1 / 0\\n------------------\\n\\nTraceback...\\nZeroDivisionError: division by zero\\n",
    ...     None)
    'a lesson failed: the cell "1 / 0": ZeroDivisionError: division by zero'
    """
    if "Executing notebook failed" not in message:
        return None
    found = _FAILED_CELL.search(_ANSI.sub("", message))
    if found is None:
        return None
    code, rest = found.group(1), found.group(2)
    lines = [line.strip() for line in rest.splitlines() if line.strip()]
    error = next(
        (ln for ln in reversed(lines) if re.match(r"[A-Za-z_][\w.]*(: |$)", ln)),
        lines[-1] if lines else "?",
    )
    first = next((ln for ln in code.splitlines() if ln.strip()), "").strip()
    first = first if len(first) <= 60 else first[:57] + "..."
    where = f'the cell "{first}"'
    name = "a lesson"
    if lesson is not None:
        name = f"lesson {lesson.repo_path}"
        cells = json.loads(lesson.source.read_text(encoding="utf-8"))["cells"]
        for number, cell in enumerate(cells, start=1):
            text = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
            if cell["cell_type"] == "code" and text.strip() == code.strip():
                where = f'cell {number} ("{first}")'
                break
    return f"{name} failed: {where}: {error}"


class OneLineFailure(logging.Filter):
    """Turns a lesson's failed execution (myst-nb's warning and its traceback) into one line."""

    def filter(self, record: logging.LogRecord) -> bool:
        # the message itself (getMessage() of Sphinx's records prepends the location)
        message = str(record.msg) % record.args if record.args else str(record.msg)
        docname = getattr(record, "docname", None)
        lesson = None
        if isinstance(docname, str):
            lesson = next((x for xs in _LESSONS.values() for x in xs if x.docname == docname), None)
        line = failure_line(message, lesson)
        if line is not None:
            record.msg, record.args = line + " [mystnb.exec]", ()
        return True


# --- small node helpers ------------------------------------------------------------------------


def _link(text: str, uri: str, classes=()) -> nodes.reference:
    return nodes.reference("", text, refuri=uri, classes=list(classes))


def _para_ref(first: int, last: int | None = None) -> addnodes.pending_xref:
    """A link "§N" (or "§N–M") to paragraph N of the rules text."""
    label = f"§{first}" if not last or last == first else f"§{first}–{last}"
    ref = addnodes.pending_xref(
        "",
        nodes.inline("", label),
        refdomain="std",
        reftype="ref",
        reftarget=f"rules-s{first}",
        refexplicit=True,
        refwarn=True,
    )
    return ref


def _table(headers: list[str], rows: list[list], classes=()) -> nodes.table:
    """A docutils table; a cell is text or a list of nodes."""
    table = nodes.table(classes=list(classes))
    group = nodes.tgroup(cols=len(headers))
    table += group
    for _ in headers:
        group += nodes.colspec(colwidth=1)
    head = nodes.thead()
    group += head
    row = nodes.row()
    for text in headers:
        row += nodes.entry("", nodes.paragraph("", text))
    head += row
    body = nodes.tbody()
    group += body
    for cells in rows:
        row = nodes.row()
        for cell in cells:
            para = nodes.paragraph()
            if isinstance(cell, str):
                para += nodes.Text(cell)
            else:
                para.extend(cell)
            row += nodes.entry("", para)
        body += row
    return table


def _lang_option(argument: str) -> str:
    return directives.choice(argument, LESSON_LANGS)


# --- roles and directives -------------------------------------------------------------------------


class ParaRole(SphinxRole):
    """``{para}`3``` or ``{para}`13-17```: a link to paragraph(s) of the rules text."""

    def run(self):
        match = re.fullmatch(r"\s*(\d+)\s*(?:[-–]\s*(\d+)\s*)?", self.text)
        if not match:
            msg = self.inliner.reporter.error(
                f"para: not a paragraph number: {self.text!r}", line=self.lineno
            )
            return [self.inliner.problematic(self.rawtext, self.rawtext, msg)], [msg]
        first = int(match.group(1))
        last = int(match.group(2)) if match.group(2) else None
        return [_para_ref(first, last)], []


class BoardDirective(SphinxDirective):
    """A board picture drawn by :func:`pachisi_widget.svg.board_svg`, saved as an SVG file.

    Options: ``lang`` (en, ro), ``position`` (JSON: four lists of four steps, or null),
    ``to-move`` (seat), ``width`` (pixels), ``alt`` (text for readers who cannot see it).
    """

    option_spec = {
        "lang": _lang_option,
        "position": directives.unchanged,
        "to-move": directives.nonnegative_int,
        "width": directives.positive_int,
        "alt": directives.unchanged,
    }

    def run(self):
        import pachisi_widget as pw
        from pachisi_widget.svg import board_svg

        lang = self.options.get("lang", "en")
        if "position" in self.options:
            game = pw.Game.from_position(
                json.loads(self.options["position"]), to_move=self.options.get("to-move", 0), seed=1
            )
        else:
            game = pw.Game(players=4, seed=1)
        svg = board_svg(game.state, lang=lang)
        name = f"board-{hashlib.sha256(svg.encode()).hexdigest()[:12]}.svg"
        folder = Path(self.env.srcdir) / GENERATED
        folder.mkdir(exist_ok=True)
        path = folder / name
        if not path.is_file() or path.read_text(encoding="utf-8") != svg:
            path.write_text(svg, encoding="utf-8")
        image = nodes.image(
            uri=f"/{GENERATED}/{name}",
            alt=self.options.get("alt", "Pachisi"),
            classes=["pachisi-board"],
        )
        if "width" in self.options:
            image["width"] = f"{self.options['width']}px"
        return [image]


class ThrowTableDirective(SphinxDirective):
    """The values of one throw table with their exact chances (``:table:``, ``:lang:``)."""

    option_spec = {"table": directives.unchanged, "lang": _lang_option}

    def run(self):
        import pachisi_widget as pw

        lang = self.options.get("lang", "en")
        words = WORDS[lang]
        table_name = self.options.get("table", "bell6")
        rules = next(
            (
                pw.Rules.preset(p)
                for p in pw.PRESETS
                if pw.Rules.preset(p).throw_table == table_name
            ),
            None,
        )
        if rules is None:
            rules = pw.Rules(throw_table=table_name)
        odds = pw.throw_distribution(rules)
        graces = rules.entry_graces | rules.bonus_graces
        rows = []
        for up, value in enumerate(rules.table):
            chance = odds[value]
            percent = pw.words.percent(chance, lang, places=1)  # "1,6%": the decimal comma
            rows.append(
                [
                    str(up),
                    str(value),
                    f"{chance.numerator}/{chance.denominator}",
                    percent,
                    words["yes"] if value in graces else words["no"],
                ]
            )
        return [
            _table(
                [words["up"], words["value"], words["chance"], words["about"], words["grace"]],
                rows,
                classes=["pachisi-throws"],
            )
        ]


def option_words(name: str, value, lang: str) -> str:
    """One option's value in words, from the package's sentences (the custom-rules menu's)."""
    from pachisi_widget import i18n
    from pachisi_widget.throws import THROW_TABLES

    if isinstance(value, bool):
        return i18n.text(f"rule_{name}_{'on' if value else 'off'}", {}, lang)
    if isinstance(value, frozenset):
        code = f"rule_{name}" if value else f"rule_{name}_none"
        return i18n.text(code, {"values": sorted(value)}, lang)
    if name == "throw_table":
        return i18n.text(
            "rule_throw_table", {"table": value, "shells": len(THROW_TABLES[value]) - 1}, lang
        )
    if name == "p_mouth_up":
        return i18n.text("rule_p_mouth_up", {"p": value}, lang)
    return i18n.text(f"rule_{name}_{value}", {}, lang)


def _alternatives(name: str, default, lang: str) -> str:
    """What else an option can be, in words."""
    from pachisi_widget.rules import ENTRY_MODES, TURN_MODES
    from pachisi_widget.throws import THROW_TABLES

    if isinstance(default, bool):
        return option_words(name, not default, lang)
    if name == "p_mouth_up":
        return WORDS[lang]["p_any"]
    choices = {
        "throw_table": list(THROW_TABLES),
        "entry_mode": list(ENTRY_MODES),
        "turn_mode": list(TURN_MODES),
    }.get(name)
    if choices is not None:
        return "; ".join(option_words(name, v, lang) for v in choices if v != default)
    if isinstance(default, frozenset):
        if not default:
            return WORDS[lang]["a_set"]
        return f"{option_words(name, frozenset(), lang)}; {WORDS[lang]['other_set']}"
    return ""


class VariantsTableDirective(SphinxDirective):
    """Every option of :class:`pachisi_widget.Rules`: the classic value, the presets that change
    it, the other choices, and the paragraphs of the rules text it comes from (``:lang:``)."""

    option_spec = {"lang": _lang_option}

    def run(self):
        import dataclasses

        import pachisi_widget as pw
        from pachisi_widget.i18n import PRESET_NAMES

        lang = self.options.get("lang", "en")
        words = WORDS[lang]
        classic = pw.Rules.preset("classic")
        rows = []
        for field in dataclasses.fields(pw.Rules):
            name = field.name
            default = getattr(classic, name)
            changed = []
            for preset in pw.PRESETS:
                value = getattr(pw.Rules.preset(preset), name)
                if value != default:
                    words_now = option_words(name, value, lang)
                    changed.append(f"{PRESET_NAMES[lang][preset]}: {words_now}")
            sources: list = []
            for first, last in OPTION_SOURCES.get(name, ()):
                if sources:
                    sources.append(nodes.Text(", "))
                sources.append(_para_ref(first, last))
            if name in OTHER_SOURCES:
                if sources:
                    sources.append(nodes.Text("; "))
                sources.append(nodes.Text(OTHER_SOURCES[name]))
            rows.append(
                [
                    [nodes.literal("", name)],
                    option_words(name, default, lang),
                    "; ".join(changed) or "–",
                    _alternatives(name, default, lang),
                    sources or "–",
                ]
            )
        headers = [
            words["option"],
            words["classic"],
            words["presets"],
            words["also"],
            words["source"],
        ]
        return [_table(headers, rows, classes=["pachisi-variants"])]


def rules_paragraphs(path: Path) -> list[str]:
    """The paragraphs of a rules text file: one per line; lines with no letter are not text."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if re.search(r"[^\W\d_]", line)]


class RulesTextDirective(SphinxDirective):
    """The rules text, paragraph by paragraph (anchor ``rules-sN``), each with its English
    reading beneath it."""

    def run(self):
        original = rules_paragraphs(RULES_TEXT)
        reading = rules_paragraphs(RULES_READING)
        self.env.note_dependency(str(RULES_TEXT))
        self.env.note_dependency(str(RULES_READING))
        if len(original) != len(reading):
            raise self.error(
                f"{RULES_READING.name} has {len(reading)} paragraphs, "
                f"{RULES_TEXT.name} {len(original)}: one reading per paragraph"
            )
        out = []
        for number, (ro, en) in enumerate(zip(original, reading, strict=True), start=1):
            label = f"rules-s{number}"
            target = nodes.target("", "", ids=[label], names=[label])
            self.state.document.note_explicit_target(target)
            box = nodes.container(classes=["pachisi-paragraph"])
            box += target
            ro_para = nodes.paragraph(classes=["pachisi-ro"])
            ro_para["lang"] = "ro"
            ro_para += nodes.strong("", f"§{number} ")
            ro_para += nodes.Text(ro)
            en_para = nodes.paragraph(classes=["pachisi-en"])
            en_para += nodes.Text(en)
            box += [ro_para, en_para]
            out.append(box)
        return out


class LessonLinksDirective(SphinxDirective):
    """The "Try it live" line of a lesson page (the staged lessons carry it after the title)."""

    def run(self):
        lesson = _lesson_for(self.env, self.env.docname)
        if lesson is None:
            raise self.error(f"lesson-links: {self.env.docname} is not a staged lesson")
        words = WORDS[lesson.lang]
        repo = self.config.pachisi_binder_repo
        binder = (
            f"https://mybinder.org/v2/gh/{repo}/HEAD?urlpath="
            f"{quote('lab/tree/' + lesson.repo_path, safe='')}"
        )
        box = nodes.container(classes=["pachisi-live"])
        para = nodes.paragraph()
        para += nodes.strong("", words["live"] + ": ")
        para += _link(
            words["live_text"], lite_url(self.env.docname, lesson), classes=["pachisi-live-link"]
        )
        para += nodes.Text(" · ")
        para += _link(words["binder"], binder)
        para += nodes.Text(" · ")
        # the lesson as students get it (not the staged copy); relative to this page's source
        here = Path(self.env.srcdir, self.env.docname).parent
        download = addnodes.download_reference(
            "",
            "",
            reftarget=os.path.relpath(lesson.source, here),
            refdoc=self.env.docname,
            refexplicit=True,
        )
        download += nodes.inline("", words["download"])
        para += download
        other = "ro" if lesson.lang == "en" else "en"
        twin = next((x for x in _lessons(self.env).get(other, []) if x.name == lesson.name), None)
        if twin is not None:
            para += nodes.Text(" · ")
            para += addnodes.pending_xref(
                "",
                nodes.inline("", words["other_lang"]),
                refdomain="std",
                reftype="doc",
                reftarget="/" + twin.docname,
                refexplicit=True,
                refwarn=True,
            )
        box += para
        box += nodes.paragraph("", words["live_note"], classes=["pachisi-live-note"])
        return [box]


class LessonTocTree(TocTree):
    """A toctree of the lessons of one language (``:lang:``). The directive's content is shown
    instead while that language has no lessons."""

    option_spec = {**TocTree.option_spec, "lang": _lang_option}
    required_arguments = 0
    has_content = True

    def run(self):
        lang = self.options.pop("lang", "en")
        lessons = _lessons(self.env).get(lang, [])
        if not lessons:
            box = nodes.container(classes=["pachisi-no-lessons"])
            if self.content:
                self.state.nested_parse(self.content, self.content_offset, box)
            else:
                box += nodes.paragraph("", WORDS[lang]["none"])
            return [box]
        self.content = StringList([f"/{lesson.docname}" for lesson in lessons])
        return super().run()


class LessonGuideDirective(SphinxDirective):
    """The teacher's guide's view of the lessons: each lesson's title, its links (the page, the
    other edition, the live version) and its goals, as its first cell states them.

    Without an argument: every lesson of ``notebooks/``, in order. With one (a lesson's file name
    without ``.ipynb``): that lesson only, the head of its section in a guide. ``:lang:`` is the
    guide's language; the lesson's own edition in that language is used when it exists, else the
    English one. For a lesson that has no edition in the guide's language, the directive's content
    (the goals, translated by hand) is shown in place of the English goals; once the edition
    exists, its own goals are shown and the content is not.
    """

    optional_arguments = 1
    has_content = True
    option_spec = {"lang": _lang_option}

    def run(self):
        lang = self.options.get("lang", "en")
        lessons = _lessons(self.env)
        english = lessons.get("en", [])
        if not self.arguments:
            return [self.lesson_box(lesson, lang, lessons, whole=True) for lesson in english]
        name = self.arguments[0]
        lesson = next((x for x in english if x.name == name), None)
        if lesson is None:
            raise self.error(
                f"lesson-guide: no lesson {name}.ipynb in notebooks/ "
                f"(the lessons: {', '.join(x.name for x in english)})"
            )
        return [self.lesson_box(lesson, lang, lessons, whole=False)]

    def lesson_box(self, lesson: Lesson, lang: str, lessons: dict, whole: bool):
        """One lesson's box: title line with links, then goals (and, for the whole list, what
        students do and need)."""
        words = WORDS[lang]
        own = next((x for x in lessons.get(lang, []) if x.name == lesson.name), None)
        shown = own or lesson
        section = nodes.container(
            classes=["pachisi-guide-lesson"], ids=[nodes.make_id(f"guide-{lesson.name}")]
        )
        title = nodes.paragraph(classes=["pachisi-guide-title"])
        title += addnodes.pending_xref(
            "",
            nodes.inline("", shown.title),
            refdomain="std",
            reftype="doc",
            reftarget="/" + shown.docname,
            refexplicit=True,
            refwarn=True,
        )
        if own is None:
            title += nodes.Text(f" ({words['only_en']})")
        for other_lang in LESSON_LANGS:
            if other_lang == shown.lang:
                continue
            twin = next((x for x in lessons.get(other_lang, []) if x.name == lesson.name), None)
            if twin is not None:
                title += nodes.Text(" · ")
                title += addnodes.pending_xref(
                    "",
                    nodes.inline("", WORDS[shown.lang]["other_lang"]),
                    refdomain="std",
                    reftype="doc",
                    reftarget="/" + twin.docname,
                    refexplicit=True,
                    refwarn=True,
                )
        title += nodes.Text(" · ")
        title += _link(words["live"], lite_url(self.env.docname, shown))
        section += title
        parts = [("goals", shown.learn)]
        if whole:
            parts += [("do", shown.do), ("needs", shown.need)]
        elif own is not None:
            parts += [("needs", shown.need)]
        for key, items in parts:
            if key == "goals" and own is None and self.content:
                section += nodes.rubric("", words[key])
                box = nodes.container()
                self.state.nested_parse(self.content, self.content_offset, box)
                section += box.children
                continue
            if not items:
                continue
            section += nodes.rubric("", words[key])
            bullets = nodes.bullet_list()
            for item in items:
                para = nodes.paragraph()
                parsed, _ = self.parse_inline(item)
                para.extend(parsed)
                bullets += nodes.list_item("", para)
            section += bullets
        return section

    def parse_inline(self, text: str):
        """Inline Markdown of a lesson's bullet (code and emphasis) as nodes."""
        out: list = []
        for piece in re.split(r"(`[^`]+`|\*\*[^*]+\*\*|\*[^*]+\*)", text):
            if not piece:
                continue
            if piece.startswith("`"):
                out.append(nodes.literal("", piece[1:-1]))
            elif piece.startswith("**"):
                out.append(nodes.strong("", piece[2:-2]))
            elif piece.startswith("*"):
                out.append(nodes.emphasis("", piece[1:-1]))
            else:
                out.append(nodes.Text(piece))
        return out, []


def packaged_exercises(lesson: Lesson) -> list[int]:
    """The numbers of the exercises that ``lesson`` checks with ``exercise("NN", k).check``, its
    answers kept in the package (an empty list: the lesson checks its exercises in the open);
    the cells are read by ``lessons.exercise_cells``."""
    from pachisi_widget import lessons

    nb = json.loads(lesson.source.read_text(encoding="utf-8"))
    prefix = lesson.name.split("_")[0]
    return sorted({c.number for c in lessons.exercise_cells(nb) if c.lesson == prefix})


def _edition(lessons: dict, lang: str, name: str) -> Lesson | None:
    return next((x for x in lessons.get(lang, []) if x.name == name), None)


def _english_lesson(directive: SphinxDirective, name: str) -> Lesson:
    english = _lessons(directive.env).get("en", [])
    lesson = next((x for x in english if x.name == name), None)
    if lesson is None:
        raise directive.error(
            f"{directive.name}: no lesson {name}.ipynb in notebooks/ "
            f"(the lessons: {', '.join(x.name for x in english)})"
        )
    return lesson


class LessonAnswersDirective(SphinxDirective):
    """Where the answers to one lesson's exercises are (``:lang:``), read from the lesson itself:
    in the package (``scripts/teacher.sh solutions`` and ``lab``, the nbgrader course; the
    page names no call that shows an answer: students read it too) or, for a lesson that checks
    its exercises in the open, in its exercise cells."""

    required_arguments = 1
    option_spec = {"lang": _lang_option}

    def run(self):
        lang = self.options.get("lang", "en")
        lesson = _english_lesson(self, self.arguments[0])
        self.env.note_dependency(str(lesson.source))
        numbers = packaged_exercises(lesson)
        prefix = lesson.name.split("_")[0]
        has_ro = _edition(_lessons(self.env), "ro", lesson.name) is not None
        lit = nodes.literal
        para = nodes.paragraph(classes=["pachisi-guide-answers"])
        if numbers:
            if lang == "en":
                para += [lit("", f"bash scripts/teacher.sh solutions --lessons {prefix}")]
                if has_ro:
                    para += [
                        nodes.Text(" ("),
                        lit("", "--lang ro"),
                        nodes.Text(" for the Romanian edition)"),
                    ]
                para += [
                    nodes.Text(", or the lesson opened with "),
                    lit("", "bash scripts/teacher.sh lab"),
                    nodes.Text(", a teacher's mode. The lesson is part of the nbgrader course."),
                ]
            else:
                command = "bash scripts/teacher.sh solutions " + ("--lang ro " if has_ro else "")
                para += [lit("", f"{command}--lessons {prefix}")]
                if not has_ro:
                    para += nodes.Text(" (lecția este deocamdată doar în engleză)")
                para += [
                    nodes.Text(", sau lecția deschisă cu "),
                    lit("", "bash scripts/teacher.sh lab"),
                    nodes.Text(", în modul profesorului. Lecția face parte din cursul nbgrader."),
                ]
        elif lang == "en":
            para += [
                nodes.Text("In the exercise cells: each cell computes its answer ("),
                lit("", "expected"),
                nodes.Text(") itself; run it, then "),
                lit("", "print(expected)"),
                nodes.Text(". "),
                lit("", "bash scripts/teacher.sh solutions"),
                nodes.Text(" copies this lesson unchanged. Not in the nbgrader course."),
            ]
        else:
            para += [
                nodes.Text(
                    "În celulele exercițiilor: fiecare celulă își calculează singură răspunsul ("
                ),
                lit("", "expected"),
                nodes.Text("); o rulezi, apoi "),
                lit("", "print(expected)"),
                nodes.Text(". "),
                lit("", "bash scripts/teacher.sh solutions"),
                nodes.Text(" copiază lecția neschimbată. Nu face parte din cursul nbgrader."),
            ]
        return [para]


#: Words of the lessons-at-a-glance table, by language.
GLANCE_WORDS = {
    "en": {
        "headers": ("Lesson", "What it is about", "In Romanian", "Answers", "Hand throwing"),
        "yes": "yes",
        "no": "no",
        "package": "package",
        "cell": "exercise cell",
    },
    "ro": {
        "headers": ("Lecția", "Despre ce este", "În română", "Răspunsurile", "Aruncări în clasă"),
        "yes": "da",
        "no": "nu",
        "package": "în pachet",
        "cell": "în celula exercițiului",
    },
}


class LessonGlanceDirective(SphinxDirective):
    """The lessons at a glance (``:lang:``): a row per lesson, linked to its section of the
    guide (the box of ``lesson-guide``), with whether it has a Romanian edition and where its
    answers are, read from notebooks/. The content gives the other two columns, one line per
    lesson: ``NN | what it is about | hand throwing`` (NN: the start of its file name)."""

    has_content = True
    option_spec = {"lang": _lang_option}

    def run(self):
        lang = self.options.get("lang", "en")
        words = GLANCE_WORDS[lang]
        lessons = _lessons(self.env)
        written = {}
        for line in self.content:
            if not line.strip():
                continue
            parts = [part.strip() for part in line.split("|")]
            if len(parts) != 3:
                raise self.error(f"lesson-glance: not 'NN | about | hand throwing': {line!r}")
            written[parts[0]] = parts[1:]
        prefixes = {x.name.split("_")[0]: x for x in lessons.get("en", [])}
        unknown = sorted(set(written) - set(prefixes))
        if unknown:
            raise self.error(f"lesson-glance: no lesson starts with {', '.join(unknown)}")
        rows = []
        for prefix, lesson in prefixes.items():
            self.env.note_dependency(str(lesson.source))
            about, throwing = written.get(prefix, ("", ""))
            link = nodes.reference(
                "", prefix.lstrip("0") or "0", refid=nodes.make_id(f"guide-{lesson.name}")
            )
            has_ro = _edition(lessons, "ro", lesson.name) is not None
            answers = words["package"] if packaged_exercises(lesson) else words["cell"]
            rows.append([[link], about, words["yes"] if has_ro else words["no"], answers, throwing])
        return [_table(list(words["headers"]), rows, classes=["pachisi-guide-glance"])]


def _visit_math(self, node) -> None:
    """Mathematics as its LaTeX source in a span: readable offline, with no MathJax to load."""
    self.body.append(self.starttag(node, "span", "", CLASS="math notranslate"))
    self.body.append(self.encode(node.astext()))
    self.body.append("</span>")
    raise nodes.SkipNode


def _visit_displaymath(self, node) -> None:
    self.body.append(self.starttag(node, "div", "", CLASS="math notranslate"))
    self.body.append("<pre>" + self.encode(node.astext()) + "</pre></div>\n")
    raise nodes.SkipNode


def setup(app):
    app.add_html_math_renderer("plain", (_visit_math, None), (_visit_displaymath, None))
    app.add_config_value("pachisi_notebooks", str(NOTEBOOKS), "env")
    app.add_config_value("pachisi_binder_repo", binder_repo(ROOT / "README.md"), "html")
    app.connect("builder-inited", _on_builder_inited)
    app.connect("doctree-read", _drop_widget_state)
    app.connect("env-get-outdated", _lesson_list_pages)
    app.add_role("para", ParaRole())
    app.add_directive("board", BoardDirective)
    app.add_directive("throw-table", ThrowTableDirective)
    app.add_directive("variants-table", VariantsTableDirective)
    app.add_directive("rules-text", RulesTextDirective)
    app.add_directive("lesson-links", LessonLinksDirective)
    app.add_directive("lesson-toctree", LessonTocTree)
    app.add_directive("lesson-guide", LessonGuideDirective)
    app.add_directive("lesson-answers", LessonAnswersDirective)
    app.add_directive("lesson-glance", LessonGlanceDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
