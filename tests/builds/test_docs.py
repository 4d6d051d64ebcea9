"""The documentation site: scripts/build_docs.sh builds it, and every page of it holds together.

The site is built once per test session (per xdist worker: the tests of this file and of
tests/browser/test_docs_browser.py share the group "sites", with the JupyterLite tests) into a
temp folder, with warnings as errors, the offline JupyterLite site included. Lesson outputs come
from the execution cache in ``.cache/docs/``, which ``support.executed`` fills: each lesson is executed once per run (or
not at all when neither it nor the package changed), shared with the notebook tests.

The crawler reads every page (the JupyterLite site aside, which tests/browser/test_lite.py tests)
and fails on a link to a missing file or anchor, and on anything a reader's browser would fetch
from another host (scripts, stylesheets, images, fonts, frames): only plain ``<a href>`` links a
reader clicks may point elsewhere.
"""

from __future__ import annotations

import json
import os
import posixpath
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import pytest
from support import STRAY, build_docs_site, docs_extension

from pachisi_widget.lessons import catalog

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("sites")]

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
RULES_TEXT = ROOT / "docs" / "rules" / "pachisi-rules.ro.txt"
SEED = ROOT.parent / "shared" / "seed" / "pachisi-rules.ro.txt"
BUILD_TIMEOUT_S = 1800
LESSON_LANGS = ("en", "ro")


def _docs_extension():
    """docs/_ext/pachisi_docs.py, imported by path (it is not a package)."""
    return docs_extension()


def build_site(tmp_path_factory) -> Path:
    return build_docs_site(tmp_path_factory)


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    return build_site(tmp_path_factory)


# --- reading pages -------------------------------------------------------------------------------

#: Attributes by which a page makes the browser fetch something (``a href`` only links).
FETCHING = {
    "link": ("href",),
    "script": ("src",),
    "img": ("src", "srcset"),
    "iframe": ("src",),
    "frame": ("src",),
    "source": ("src", "srcset"),
    "video": ("src", "poster"),
    "audio": ("src",),
    "track": ("src",),
    "embed": ("src",),
    "object": ("data",),
    "input": ("src",),
    "image": ("href", "xlink:href"),
    "use": ("href", "xlink:href"),
}
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]+)['"]?\s*\)|@import\s+['"]([^'"]+)['"]""")


class _Page(HTMLParser):
    """The ids of a page, its links (``a href``), what it fetches, and its text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.fetches: list[tuple[str, str]] = []  # (tag, url)
        self.styles: list[str] = []
        self._in_style = False
        self._text: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for key in ("id", "name") if tag == "a" else ("id",):
            if attrs.get(key):
                self.ids.add(attrs[key])
        if tag == "a" and attrs.get("href") is not None:
            self.links.append(attrs["href"])
        for attr in FETCHING.get(tag, ()):
            value = attrs.get(attr)
            if not value:
                continue
            if attr == "srcset":
                parts = [part.split()[0] for part in value.split(",") if part.strip()]
                self.fetches += [(tag, part) for part in parts]
            else:
                self.fetches.append((tag, value))
        if attrs.get("style"):
            self.styles.append(attrs["style"])
        self._in_style = tag == "style"

    def handle_endtag(self, tag):
        if tag == "style":
            self._in_style = False

    def handle_data(self, data):
        if self._in_style:
            self.styles.append(data)
        self._text.append(data)

    @property
    def text(self) -> str:
        return " ".join(" ".join(self._text).split())


_PAGES: dict[Path, _Page] = {}


def read_page(path: Path) -> _Page:
    if path not in _PAGES:
        page = _Page()
        page.feed(path.read_text(encoding="utf-8"))
        _PAGES[path] = page
    return _PAGES[path]


def site_pages(site: Path) -> list[Path]:
    """Every page of the documentation: not the JupyterLite site beside it (not ours to crawl),
    nor the theme's template fragments that Sphinx copies into _static/."""
    return sorted(
        p for p in site.rglob("*.html") if p.relative_to(site).parts[0] not in ("lite", "_static")
    )


def is_outside(url: str) -> bool:
    """Whether ``url`` names another host (a ``data:`` URL carries its bytes: it fetches nothing)."""
    return url.startswith("//") or urlsplit(url).scheme not in ("", "file", "data")


def check_target(site: Path, page: Path, url: str) -> str | None:
    """What is wrong with the local link ``url`` of ``page``, or None."""
    parts = urlsplit(url)
    if parts.scheme in ("mailto", "javascript", "data", "tel"):
        return None
    if parts.path:
        base = posixpath.dirname(page.relative_to(site).as_posix())
        rel = posixpath.normpath(posixpath.join(base, unquote(parts.path)))
        if rel == ".." or rel.startswith("../"):
            return f"{url}: leaves the site"
        target = site / rel
        if target.is_dir():
            target = target / "index.html"
    else:
        target = page
    if not target.is_file():
        return f"{url}: no file {target.relative_to(site)}"
    if parts.fragment and target.suffix == ".html":
        fragment = unquote(parts.fragment)
        if fragment not in read_page(target).ids:
            return f"{url}: no anchor #{fragment} in {target.relative_to(site)}"
    if target.relative_to(site).parts[0] == "lite" and parts.query:
        for path in parse_qs(parts.query).get("path", []):
            if not (site / "lite" / "files" / path).is_file():
                return f"{url}: the live site has no notebook {path}"
    return None


# --- the whole site ------------------------------------------------------------------------------


def test_every_link_and_anchor_resolves(site):
    pages = site_pages(site)
    assert len(pages) > 20, f"only {len(pages)} pages built"
    broken = []
    for page in pages:
        parsed = read_page(page)
        for url in parsed.links + [u for _, u in parsed.fetches]:
            if is_outside(url):
                continue
            problem = check_target(site, page, url)
            if problem:
                broken.append(f"{page.relative_to(site)}: {problem}")
    assert not broken, f"{len(broken)} broken links:\n" + "\n".join(broken[:50])


def test_nothing_is_fetched_from_another_host(site):
    """Scripts, stylesheets, images, fonts, frames: all local; outside hosts only as <a href>."""
    outside = []
    for page in site_pages(site):
        parsed = read_page(page)
        where = page.relative_to(site)
        outside += [f"{where}: <{tag}> {url}" for tag, url in parsed.fetches if is_outside(url)]
        for style in parsed.styles:
            for match in CSS_URL.finditer(style):
                url = match.group(1) or match.group(2)
                if is_outside(url):
                    outside.append(f"{where}: style url({url})")
    for css in sorted(site.rglob("*.css")):
        if css.relative_to(site).parts[0] == "lite":
            continue
        text = re.sub(
            r"/\*.*?\*/", "", css.read_text(encoding="utf-8", errors="replace"), flags=re.S
        )
        for match in CSS_URL.finditer(text):
            url = match.group(1) or match.group(2)
            where = css.relative_to(site)
            if is_outside(url):
                outside.append(f"{where}: url({url})")
            elif not url.startswith("data:") and not url.startswith("#"):
                target = (css.parent / unquote(urlsplit(url).path)).resolve()
                if not target.is_file():
                    outside.append(f"{where}: url({url}) is missing")
    assert not outside, "fetched from another host (or missing):\n" + "\n".join(outside[:50])


def test_no_mathjax_intersphinx_or_widget_manager_from_a_cdn(site):
    texts = "\n".join(p.read_text(encoding="utf-8") for p in site_pages(site))
    for needle in ("mathjax", "require.min.js", "embed-amd.js", "widget-state+json"):
        assert needle not in texts.lower(), f"a page carries {needle}"


# --- the pages -----------------------------------------------------------------------------------


def lessons_on_disk() -> dict[str, list[Path]]:
    return {
        "en": sorted(NOTEBOOKS.glob("*.ipynb")),
        "ro": sorted((NOTEBOOKS / "ro").glob("*.ipynb")),
    }


def executed_lesson(lang: str, name: str) -> dict:
    """The lesson as the build executed it: the staged copy's outputs from the execution cache
    (myst-nb writes the executed notebook to jupyter_execute/ only when it ran it itself)."""
    import nbformat
    from jupyter_cache import get_cache

    cache = get_cache(
        os.environ.get("PACHISI_DOCS_CACHE", str(ROOT / ".cache" / "docs" / "jupyter_cache"))
    )
    staged = nbformat.read(ROOT / "docs" / "lessons" / lang / f"{name}.ipynb", as_version=4)
    record = cache.match_cache_notebook(staged)
    return cache.get_cache_bundle(record.pk).nb


def test_a_stray_notebook_beside_the_lessons_changes_nothing_and_the_log_is_quiet(site):
    """The site was built with a scratch notebook in notebooks/ (support.build_docs_site), one
    that raises when run: the build took the catalogue's lessons only, and its log carries no
    kernel's "without encryption" warning."""
    source = site.parent / "notebooks"
    assert (source / STRAY).is_file(), "the build had no stray notebook beside the lessons"
    stem = Path(STRAY).stem
    assert not list(site.rglob(f"{stem}*.html")), "the stray notebook became a page"
    assert not any(stem in p.name for p in (site / "_downloads").rglob("*")), "it is offered"
    lessons_page = (site / "lessons" / "index.html").read_text(encoding="utf-8")
    assert stem not in lessons_page
    log = (site.parent / "build.log").read_text(encoding="utf-8")
    assert "without encryption" not in log and "eavesdropping" not in log, log[-3000:]


def test_every_lesson_is_a_page_executed_with_its_boards_as_pictures(site):
    found = lessons_on_disk()
    assert found["en"], "no lessons in notebooks/"
    for lang, paths in found.items():
        for path in paths:
            page = site / "lessons" / lang / f"{path.stem}.html"
            assert page.is_file(), f"{path.relative_to(ROOT)} has no page"
            html = page.read_text(encoding="utf-8")
            assert "Traceback" not in html, f"{page.name}: an output is an error"
            assert "PachisiWidget object at" not in html, (
                f"{page.name}: a board is shown as its repr, not as its picture"
            )
            code = [c for c in executed_lesson(lang, path.stem).cells if c.cell_type == "code"]
            assert all(c.get("execution_count") for c in code if c.source.strip()), (
                f"{path.name}: not executed"
            )
            # Every live board in the executed lesson carries its static picture; the page
            # shows the picture (never the widget view, which needs a kernel).
            # A slider box (lessons.explore) shows the picture for its starting values instead.
            boards = sliders = 0
            for cell in code:
                for out in cell.get("outputs", []):
                    data = out.get("data", {})
                    if "application/vnd.jupyter.widget-view+json" in data:
                        if "pachisi-explore-still" in data.get("text/html", ""):
                            sliders += 1
                            continue
                        boards += 1
                        assert "image/svg+xml" in data or "text/html" in data, (
                            f"{path.name}: a board output has no static fallback: {list(data)}"
                        )
            pictures = len(re.findall(r'<img [^>]*src="[^"]*_images/[^"]+\.svg"', html))
            assert pictures >= boards, f"{page.name}: {boards} boards, {pictures} pictures"
            stills = html.count("pachisi-explore-still")
            assert stills >= sliders, f"{page.name}: {sliders} sliders, {stills} pictures of them"
            # Every plot the lesson draws is a picture on the page (matplotlib draws inline).
            plots = [c for c in code if "plt.show()" in c.source]
            for cell in plots:  # a slider's box carries the picture in its HTML stand-in
                data = [out.get("data", {}) for out in cell.get("outputs", [])]
                kinds = {k for d in data for k in d}
                still = any(
                    re.search(r"<img |<svg", d.get("text/html", ""))
                    for d in data
                    if "pachisi-explore-still" in d.get("text/html", "")
                )
                assert still or kinds & {"image/png", "image/svg+xml"}, (
                    f"{path.name}: a plot drew nothing: {cell.source[:60]!r} gave {sorted(kinds)}"
                )
            images = len(re.findall(r"<img ", html))
            assert images >= boards + len(plots), (
                f"{page.name}: {images} pictures for {len(plots)} plots"
            )


def test_each_lesson_page_links_to_its_live_version_and_its_other_edition(site):
    found = lessons_on_disk()
    for lang, paths in found.items():
        others = {p.stem for other, ps in found.items() if other != lang for p in ps}
        for path in paths:
            page = site / "lessons" / lang / f"{path.stem}.html"
            links = read_page(page).links
            live = f"{path.name}" if lang == "en" else f"{lang}/{path.name}"
            assert any(
                u.startswith("../../lite/lab/index.html?path=")
                and parse_qs(urlsplit(u).query)["path"] == [live]
                for u in links
            ), f"{page.name}: no live link to {live}"
            assert any(u.startswith("https://mybinder.org/") for u in links), page.name
            assert any("_downloads/" in u and u.endswith(path.name) for u in links), (
                f"{page.name}: no download of the notebook"
            )
            if path.stem in others:
                twin = "ro" if lang == "en" else "en"
                assert any(u.endswith(f"{twin}/{path.stem}.html") for u in links), (
                    f"{page.name}: no link to its {twin} edition"
                )


def test_lessons_index_and_teachers_guide_list_every_lesson(site):
    found = lessons_on_disk()
    index = read_page(site / "lessons" / "index.html")
    guide = read_page(site / "teachers.html")
    # the Romanian lessons: on the Romanian part's own list (ro/lectii.html)
    lists = {"en": (index, "en/"), "ro": (read_page(site / "ro" / "lectii.html"), "../lessons/ro/")}
    for lang, paths in found.items():
        page, folder = lists[lang]
        for path in paths:
            assert f"{folder}{path.stem}.html" in page.links, f"no list has {lang}/{path.name}"
            if lang == "en":
                assert f"lessons/en/{path.stem}.html" in guide.links, f"guide lacks {path.name}"
    if not found["ro"]:
        assert "no Romanian edition of the lessons yet" in index.text
    else:
        assert "no Romanian edition of the lessons yet" not in index.text
    # the goals come from the lessons themselves
    first = _docs_extension().read_lesson(found["en"][0], "en")
    assert first.learn, f"{found['en'][0].name}: no 'What you'll learn' list found"
    assert " ".join(first.learn[0].replace("`", "").split()[:4]) in guide.text


def _sidebar(html: str) -> str:
    """The text of a page's site navigation (the primary sidebar's links)."""
    nav = re.search(r'<nav class="bd-links bd-docs-nav".*?</nav>', html, re.S)
    assert nav, "no site navigation"
    return " ".join(re.sub(r"<[^>]+>", " ", nav.group()).split())


def test_the_romanian_pages_have_romanian_navigation(site):
    """The Romanian part of the site (docs/_ext/pachisi_nav.py): its sidebar lists its own pages
    by their Romanian titles, the theme's words around a page are Romanian, and "previous" and
    "next" stay in it; the English pages keep the whole site's English navigation."""
    found = lessons_on_disk()
    pages = ["ro/index.html", "rules/ro.html", "rules/sheet-ro.html", "teachers-ro.html"]
    pages += [f"lessons/ro/{path.stem}.html" for path in found["ro"]]
    for name in pages:
        html = (site / name).read_text(encoding="utf-8")
        nav = _sidebar(html)
        assert 'lang="ro"' in html.split(">", 2)[1], name
        for words in ("Pachisi la clasă", "Regulile jocului", "Foaia de reguli", "Lecțiile"):
            assert words in nav, (name, words, nav)
        for words in ("The rules", "The lessons", "Teacher’s guide", "API reference"):
            assert words not in nav, (name, words)
        assert "Contents" not in html and "Caută" in html, name
        assert "Cuprins" in html or "sheet" in name, name  # the sheet has no headings to list
        assert 'title="Link to this heading"' not in html and "© Copyright" not in html, name
        # what a screen reader names: the landmarks and links around the page (the theme's
        # "Page", "Version warning" and "Index" included) are Romanian
        labels = set(re.findall(r'(?:aria-label|title)="([^"]*)"', html))
        assert not labels & {"Page", "Version warning", "Index", "Search", "On this page"}, name
        assert {"Avertisment despre versiune", "Index alfabetic"} <= labels, name
        assert "Pagina" in labels or "sheet" in name, name  # the printed contents' landmark
        titles = re.findall(r'prev-next-title">([^<]*)<', html)
        assert not {"Teacher’s guide", "API reference"} & set(titles), (name, titles)
    for path in found["ro"]:
        title = _docs_extension().read_lesson(path, "ro").title
        assert title in _sidebar((site / "ro" / "lectii.html").read_text(encoding="utf-8"))
    english = (site / "lessons" / "index.html").read_text(encoding="utf-8")
    nav = _sidebar(english)
    assert "The rules" in nav and "Teacher’s guide" in nav and "Pachisi la clasă" in nav
    assert 'lang="en"' in english.split(">", 2)[1] and "</i> Contents" in english
    assert {'aria-label="Page"', 'aria-label="Version warning"', 'title="Index"'} <= set(
        re.findall(r'(?:aria-label|title)="[^"]*"', english)
    )


# --- the teacher's guide: a section per lesson, in both languages --------------------------------

GUIDE_PAGES = {"en": "teachers.html", "ro": "teachers-ro.html"}
GUIDE_SOURCES = {"en": ROOT / "docs" / "teachers.md", "ro": ROOT / "docs" / "teachers-ro.md"}
#: The parts of a lesson's section, in order, by language.
GUIDE_PARTS = {
    "en": (
        "Plan of the 45 minutes",
        "Materials",
        "Misconceptions to watch for",
        "Questions for discussion",
        "Where the answers are",
    ),
    "ro": (
        "Planul celor 45 de minute",
        "Materiale",
        "Greșeli frecvente",
        "Întrebări pentru discuție",
        "Unde sunt răspunsurile",
    ),
}


def guide_sections(text: str) -> dict[str, str]:
    """A guide page's lesson sections (``## ...`` with a ``lesson-guide`` of one lesson), by the
    lesson's file name, in the page's order."""
    found = {}
    for part in re.split(r"^## ", text, flags=re.M):
        match = re.search(r"^```\{lesson-guide\}[ \t]+(\S+)", part, flags=re.M)
        if match:
            found[match.group(1)] = part
    return found


#: A part's heading in a lesson's section: a rubric (a heading that stays out of the page's
#: contents, which list the lessons only).
GUIDE_RUBRIC = r"^```\{rubric\}[ \t]+(.+?)[ \t]*\n```[ \t]*$"


def guide_part(section: str, heading: str) -> str:
    """The text under the rubric ``heading`` of a lesson's section, up to the next rubric."""
    match = re.search(
        rf"^```\{{rubric\}}[ \t]+{re.escape(heading)}[ \t]*\n```[ \t]*\n(.*?)"
        r"(?=^```\{rubric\}|^#{1,3} |\Z)",
        section,
        flags=re.M | re.S,
    )
    return match.group(1) if match else ""


def test_both_teachers_guides_show_every_lesson_with_its_links_and_goals(site):
    """Each guide page has a box per lesson (id guide-<lesson>), linked to the lesson's page in
    the guide's language when that edition exists, else to the English one; the goals shown are
    the edition's own."""
    from docutils.nodes import make_id

    found = lessons_on_disk()
    ro_names = {p.stem for p in found["ro"]}
    ext = _docs_extension()
    for lang, page_name in GUIDE_PAGES.items():
        page = read_page(site / page_name)
        for path in found["en"]:
            assert make_id(f"guide-{path.stem}") in page.ids, f"{page_name}: no box for {path.name}"
            edition = lang if path.stem in ro_names or lang == "en" else "en"
            assert f"lessons/{edition}/{path.stem}.html" in page.links, (
                f"{page_name}: no link to lessons/{edition}/{path.stem}.html"
            )
            if edition == lang:
                source = path if lang == "en" else NOTEBOOKS / lang / path.name
                learn = ext.read_lesson(source, lang).learn
                assert learn, f"{source.name}: no goals found"
                assert (
                    " ".join(learn[0].replace("`", "").replace("*", "").split()[:4]) in page.text
                ), f"{page_name}: the goals of {source.name} are not shown"
    # the lessons at a glance: a row per lesson, linked to its box; the Romanian edition and
    # where the answers are, as notebooks/ holds them
    words = ext.GLANCE_WORDS
    for lang, page_name in GUIDE_PAGES.items():
        html = (site / page_name).read_text(encoding="utf-8")
        table = re.search(r"<table[^>]*pachisi-guide-glance.*?</table>", html, flags=re.S)
        assert table, f"{page_name}: no table of lessons"
        rows = {}
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table.group(0), flags=re.S):
            cells = [
                " ".join(re.sub(r"<[^>]+>", " ", c).split())
                for c in re.findall(r"<td[^>]*>(.*?)</td>", row, flags=re.S)
            ]
            target = re.search(r'href="#([^"]+)"', row)
            if cells and target:
                rows[target.group(1)] = cells
        for path in found["en"]:
            lesson = ext.read_lesson(path, "en")
            cells = rows.get(make_id(f"guide-{path.stem}"))
            assert cells, f"{page_name}: the table has no row for {path.name}"
            has_ro = path.stem in ro_names
            assert cells[2] == words[lang]["yes" if has_ro else "no"], (page_name, path.name, cells)
            packaged = ext.packaged_exercises(lesson)
            assert cells[3] == words[lang]["package" if packaged else "cell"], (
                page_name,
                path.name,
                cells,
            )
            if packaged:
                prefix = path.stem.split("_")[0]
                page = read_page(site / page_name).text
                assert f"--lessons {prefix}" in page and "teacher.sh lab" in page, (
                    f"{page_name}: where the answers of {path.name} are is not said"
                )
                assert ".solution()" not in page, f"{page_name}: names a call students could run"


@pytest.mark.parametrize("lang", sorted(GUIDE_SOURCES))
def test_teachers_guide_has_a_full_section_for_every_lesson(lang):
    """For every lesson in notebooks/ (so a new lesson without its section fails), in order: its
    goals (the lesson-guide box; for a lesson with no edition in this language, the goals written
    in it), a plan whose minutes add up to 45, materials, misconceptions, 2 to 4 questions for
    discussion, and where the answers are, as the lesson checks its exercises."""
    text = GUIDE_SOURCES[lang].read_text(encoding="utf-8")
    sections = guide_sections(text)
    lessons = [ROOT / lesson.notebook("en") for lesson in catalog()]
    names = [p.stem for p in lessons]
    missing = [n for n in names if n not in sections]
    assert not missing, f"{GUIDE_SOURCES[lang].name} has no section for {missing}"
    assert [n for n in sections if n in names] == names, "the sections are not in lesson order"
    unknown = [n for n in sections if n not in names]
    assert not unknown, f"{GUIDE_SOURCES[lang].name}: sections for no lesson: {unknown}"
    for path in lessons:
        where = f"{GUIDE_SOURCES[lang].name}, {path.stem}"
        section = sections[path.stem]
        box = re.search(r"^```\{lesson-guide\}.*?\n(.*?)^```", section, flags=re.M | re.S)
        assert box and f":lang: {lang}" in box.group(1), f"{where}: the box is not in {lang}"
        own_edition = lang == "en" or (NOTEBOOKS / lang / path.name).is_file()
        goals = [line for line in box.group(1).splitlines() if line.strip().startswith("- ")]
        assert own_edition or goals, f"{where}: no edition in {lang}, and no goals written in"
        headings = re.findall(GUIDE_RUBRIC, section, flags=re.M)
        assert headings == list(GUIDE_PARTS[lang]), f"{where}: parts {headings}"
        plan, materials, misconceptions, questions, answers = (
            guide_part(section, h) for h in GUIDE_PARTS[lang]
        )
        minutes = [int(m) for m in re.findall(r"^\|\s*(\d+)\s*\|", plan, flags=re.M)]
        assert sum(minutes) == 45, f"{where}: the plan's minutes add up to {sum(minutes)}"
        assert re.search(r"^- ", materials, flags=re.M), f"{where}: no materials"
        assert len(re.findall(r"^- \*\*", misconceptions, flags=re.M)) >= 2, (
            f"{where}: fewer than two misconceptions"
        )
        asked = re.findall(r"^\d+\. ", questions, flags=re.M)
        assert 2 <= len(asked) <= 4, f"{where}: {len(asked)} questions for discussion"
        assert re.search(
            rf"^```\{{lesson-answers\}}[ \t]+{re.escape(path.stem)}[ \t]*\n"
            rf":lang: {lang}\n```",
            answers,
            flags=re.M,
        ), f"{where}: where the answers are is the lesson-answers directive of this lesson"


def test_the_rules_text_is_shown_whole_paragraph_by_paragraph(site):
    ext = _docs_extension()
    original = ext.rules_paragraphs(RULES_TEXT)
    reading = ext.rules_paragraphs(ext.RULES_READING)
    assert len(original) == len(reading) == 18
    if SEED.is_file():  # the repository's copy is the user's text, unchanged
        assert RULES_TEXT.read_bytes() == SEED.read_bytes()
    page = read_page(site / "rules" / "text.html")
    for number, paragraph in enumerate(original, start=1):
        assert f"rules-s{number}" in page.ids
        assert " ".join(paragraph.split()) in page.text, f"§{number} is not shown whole"
    assert (site / "_downloads").is_dir() and any(
        p.name == RULES_TEXT.name for p in (site / "_downloads").rglob("*.txt")
    )


def test_rules_pages_cite_paragraphs_and_tabulate_the_variants(site):
    import pachisi_widget as pw

    for lang in ("en", "ro"):
        page = read_page(site / "rules" / f"{lang}.html")
        cited = {u for u in page.links if "text.html#rules-s" in u}
        assert len(cited) >= 12, f"rules/{lang} cites only {sorted(cited)}"
        for option in pw.Rules.option_names():  # the variants table has every option
            assert option in page.text, f"rules/{lang}: the variants table lacks {option}"
    assert "har" in read_page(site / "rules" / "ro.html").text  # the glossary's word for grace


def test_api_reference_documents_the_public_api_with_its_doctests(site):
    wanted = [
        "pachisi_widget.game.Game",
        "pachisi_widget.state.GameState",
        "pachisi_widget.rules.Rules",
        "pachisi_widget.engine.Move",
        "pachisi_widget.throws.Throw",
        "pachisi_widget.widget.PachisiWidget",
        "pachisi_widget.simulate.simulate",
        "pachisi_widget.probability.reach_chance",
        "pachisi_widget.agents.Agent",
        "pachisi_widget.engine.Engine",
        "pachisi_widget.serialize.GameRecord",
        "pachisi_widget.errors.PachisiError",
        "pachisi_widget.errors.IllegalMoveError",
    ]
    ids = set()
    html = ""
    for page in (site / "api").glob("*.html"):
        ids |= read_page(page).ids
        html += page.read_text(encoding="utf-8")
    missing = [name for name in wanted if name not in ids]
    assert not missing, f"the API reference lacks {missing}"
    assert html.count('class="doctest') >= 10, "the doctests are not shown as examples"


@pytest.mark.parametrize("lang", sorted(GUIDE_SOURCES))
def test_teachers_guide_table_of_lessons_has_a_line_for_every_lesson(lang):
    """The lessons at a glance (the lesson-glance directive) describe every lesson in notebooks/;
    the Romanian edition and where the answers are, the directive reads from the lessons."""
    text = GUIDE_SOURCES[lang].read_text(encoding="utf-8")
    block = re.search(r"^```\{lesson-glance\}\n:lang: (\w+)\n(.*?)^```", text, flags=re.M | re.S)
    assert block and block.group(1) == lang, f"{GUIDE_SOURCES[lang].name}: no table of lessons"
    described = {
        line.split("|")[0].strip(): line.split("|")[1:]
        for line in block.group(2).splitlines()
        if line.strip()
    }
    for lesson in catalog():
        prefix = lesson.id
        assert prefix in described and described[prefix][0].strip(), (
            f"{GUIDE_SOURCES[lang].name}: the table of lessons does not describe {lesson.name}"
        )


# --- the extension's lesson staging, with a Romanian edition -------------------------------------


def test_romanian_lessons_are_staged_beside_the_english_ones(tmp_path):
    ext = _docs_extension()
    source = tmp_path / "notebooks"
    (source / "ro").mkdir(parents=True)

    def notebook(path: Path, title: str) -> None:
        cell = {
            "cell_type": "markdown",
            "metadata": {},
            "source": [
                f"# {title}\n",
                "\n",
                "**Ce vei face**\n",
                "- un lucru;\n",
                "\n",
                "**Ce vei învăța**\n",
                "- regulile;\n",
                "  pe larg\n",
                "\n",
                "**Ce îți trebuie**\n",
                "- nimic.\n",
            ],
        }
        path.write_text(
            json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
        )

    notebook(source / "01_board.ipynb", "1. The board")
    notebook(source / "02_throws.ipynb", "2. Throws")
    notebook(source / "ro" / "01_board.ipynb", "1. Tabla")
    lessons = ext.find_lessons(source)
    assert [x.name for x in lessons["en"]] == ["01_board", "02_throws"]
    assert [x.name for x in lessons["ro"]] == ["01_board"]
    ro = lessons["ro"][0]
    assert (ro.title, ro.do, ro.learn, ro.need) == (
        "1. Tabla",
        ("un lucru;",),
        ("regulile; pe larg",),
        ("nimic.",),
    )
    assert ro.docname == "lessons/ro/01_board" and ro.lite_path == "ro/01_board.ipynb"
    assert ext.lite_url(ro.docname, ro) == "../../lite/lab/index.html?path=ro/01_board.ipynb"

    dest = tmp_path / "lessons"
    ext.stage_lessons(lessons, dest)
    staged = json.loads((dest / "ro" / "01_board.ipynb").read_text())
    assert staged["cells"][0]["metadata"]["tags"] == ["remove-cell"]
    assert "{lesson-links}" in "".join(staged["cells"][1]["source"])
    assert staged["metadata"]["pachisi_docs"] == {"editions": ["en"]}
    assert json.loads((dest / "en" / "02_throws.ipynb").read_text())["metadata"][
        "pachisi_docs"
    ] == {"editions": []}
    # an edition that goes away leaves nothing behind
    (source / "ro" / "01_board.ipynb").unlink()
    ext.stage_lessons(ext.find_lessons(source), dest)
    assert not (dest / "ro").exists()
    assert json.loads((dest / "en" / "01_board.ipynb").read_text())["metadata"]["pachisi_docs"] == {
        "editions": []
    }


def test_the_static_board_cell_gives_every_board_its_picture(monkeypatch):
    """The hidden cell the build adds makes IPython add image/svg+xml to a board's display data
    (the widget's own display data is the widget view and text/plain only)."""
    import IPython
    from IPython.core.formatters import DisplayFormatter

    import pachisi_widget as pw

    class Shell:
        display_formatter = DisplayFormatter()

    monkeypatch.setattr(IPython, "get_ipython", lambda: Shell)
    exec(compile(_docs_extension().STATIC_BOARD_CELL, "static-board-cell", "exec"), {})
    board = pw.PachisiWidget(players=2, seed=3, language="ro")
    data, _ = Shell.display_formatter.format(board)
    assert data["image/svg+xml"].startswith("<svg")
    assert "Sud" in data["image/svg+xml"]  # in the board's language
    again, _ = Shell.display_formatter.format(pw.PachisiWidget(players=4, seed=4))
    assert "image/svg+xml" in again, "only the first board got its picture"


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))
