"""The Romanian part of the site speaks Romanian around its pages too.

The site is built once, in English (Sphinx has one ``language`` a build), but its Romanian pages
(the Romanian home ``ro/index`` and everything its toctree holds: the rules, the rules sheet, the
lessons in ``lessons/ro/`` and the teacher's guide) form a section of their own. On those pages:

- the sidebar shows that section only, under a link to its home ("Pachisi la clasă"), so its
  titles, headings and captions are the Romanian pages' own;
- the words the theme writes around a page ("Contents", "Search", "previous", "next", "Back to
  top", "By ...") are Romanian (:data:`THEME_WORDS`), the names a screen reader gives its
  landmarks and links too ("Page", "Version warning", "Index"; docs/_templates/layout.html names
  the printed contents through them), and so are the browser's title and the page's ``lang``.

The English pages are left as the theme makes them.
"""

from __future__ import annotations

ROMANIAN_HOME = "ro/index"
"""The Romanian part's home page: the pages under it in the toctree are the Romanian ones."""

ROMANIAN_TITLE = "Pachisi la clasă"
"""The Romanian part's name: its home link in the sidebar, and the browser's title."""

THEME_WORDS = {
    # the theme's words (pydata-sphinx-theme, sphinx-book-theme) -> Romanian
    "Skip to main content": "Sari la conținut",
    "Back to top": "Înapoi sus",
    "Search": "Caută",
    "Search...": "Caută...",
    "Search the docs ...": "Caută în site...",
    "Contents": "Cuprins",
    "previous": "înapoi",
    "next": "înainte",
    "previous page": "pagina anterioară",
    "next page": "pagina următoare",
    "By": "Scris de",
    "Fullscreen mode": "Pe tot ecranul",
    "Toggle primary sidebar": "Arată sau ascunde navigarea site-ului",
    "Toggle secondary sidebar": "Arată sau ascunde cuprinsul paginii",
    "Section Navigation": "Navigare în secțiune",
    "Collapse Sidebar": "Ascunde bara laterală",
    "Expand Sidebar": "Arată bara laterală",
    "light/dark": "luminos/întunecat",
    "Color mode": "Culori",
    "Light": "Luminos",
    "Dark": "Întunecat",
    "System Settings": "Ca sistemul",
    "Clear search": "Șterge căutarea",
    "Site navigation": "Navigarea site-ului",
    "On this page": "Pe această pagină",
    "Print to PDF": "Tipărește ca PDF",
    "Download this page": "Descarcă această pagină",
    # the screen readers' names of a page's landmarks and links (aria-label, title)
    "Page": "Pagina",
    "Version warning": "Avertisment despre versiune",
    "Announcement": "Anunț",
    "Index": "Index alfabetic",
    "General Index": "Index alfabetic",
}
"""What the theme writes around a Romanian page, in Romanian (any other string stays as is)."""

AUTHOR_RO = "autorii pachisi_widget"


def romanian_pages(env) -> set[str]:
    """The docnames of the Romanian part: its home and every page its toctree reaches."""
    includes = getattr(env, "toctree_includes", {})
    found, todo = set(), [ROMANIAN_HOME]
    while todo:
        doc = todo.pop()
        if doc in found:
            continue
        found.add(doc)
        todo.extend(includes.get(doc, []))
    return found if ROMANIAN_HOME in env.found_docs else set()


def in_romanian(word: str) -> str:
    """One of the theme's words in Romanian (the word itself when it has no translation)."""
    return THEME_WORDS.get(word, word)


def _page_context(app, pagename, templatename, context, doctree) -> None:
    pages = romanian_pages(app.env)
    if pagename not in pages:
        context["pachisi_romanian"] = False
        return
    context["pachisi_romanian"] = True
    # "previous" and "next" stay in the Romanian part (never an English page's title)
    _parent, before, after = app.env.collect_relations().get(pagename, (None, None, None))
    if before not in pages:
        context["prev"] = None
    if after not in pages:
        context["next"] = None
    if "body" in context:  # the headings' links, which Sphinx writes in the build's language
        context["body"] = context["body"].replace(
            'title="Link to this heading"', 'title="Legătură către acest titlu"'
        )
    context["pachisi_home"] = ROMANIAN_HOME
    context["pachisi_home_title"] = ROMANIAN_TITLE
    context["language"] = "ro"
    context["docstitle"] = ROMANIAN_TITLE
    context["_"] = in_romanian
    context["translate"] = in_romanian
    context["theme_toc_title"] = "Cuprins"
    context["theme_search_bar_text"] = in_romanian("Search...")
    context["author"] = AUTHOR_RO
    context["copyright"] = f"{AUTHOR_RO}, licența MIT"


def setup(app):
    # after the themes' own handlers (priority 500), so that these words are the last said
    app.connect("html-page-context", _page_context, priority=900)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
