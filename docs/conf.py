"""Sphinx configuration of the pachisi_widget documentation (build it with scripts/build_docs.sh).

The site is made to be read with no internet: no intersphinx, no assets from CDNs (the theme's
fonts and icons are its own files), no MathJax (mathematics would show as its source), and the
lessons' live boards shown as static pictures. The lessons are executed at build time; their
outputs are kept in a jupyter-cache (``.cache/docs/jupyter_cache``, or ``$PACHISI_DOCS_CACHE``),
so a rebuild runs only the lessons whose code changed.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(DOCS / "_ext"))

import pachisi_docs  # noqa: E402  (after the path set-up above)

import pachisi_widget  # noqa: E402

project = "Pachisi"
author = "the pachisi_widget authors"
copyright = "the pachisi_widget authors, MIT licence"
version = release = pachisi_widget.__version__
language = "en"

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "pachisi_docs",
    "pachisi_kit_docs",
    "pachisi_nav",
]
templates_path = ["_templates"]  # the sidebar, which gives the Romanian pages their own
# A name documented at an old import path (pachisi_widget.simulate.simulate, which forwards to
# pachisi_widget.lab.simulate) links to the source of the module it is written in, not of the one
# it forwards to: following it would make the forwarded module's source page link to anchors
# under the old path that no page has.
viewcode_follow_imported_members = False

exclude_patterns = [
    "_build",
    "_ext",
    "_generated",
    "_templates",
    "**/.ipynb_checkpoints",
    "Thumbs.db",
    ".DS_Store",
]
# Every page is reached from a toctree except these.
suppress_warnings: list[str] = []

# --- MyST and the lessons ------------------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

nb_execution_mode = "cache"
nb_execution_cache_path = os.environ.get(
    "PACHISI_DOCS_CACHE", str(ROOT / ".cache" / "docs" / "jupyter_cache")
)
nb_execution_timeout = 300
# A lesson that fails fails the build (warnings are errors), with one line naming the lesson, the
# cell and the error (pachisi_docs.OneLineFailure reads it from the traceback myst-nb logs), not
# Sphinx's traceback of an "unexpected" exception.
nb_execution_raise_on_error = False
nb_execution_show_tb = True
nb_execution_in_temp = True  # lessons that save files do so in a temp folder
nb_merge_streams = True
# Pages have no kernel: no widget manager from a CDN, and the widget view is never chosen over
# the static picture (image/svg+xml) that the build adds to every board's output.
nb_ipywidgets_js: dict = {}
nb_mime_priority_overrides = [("html", "application/vnd.jupyter.widget-view+json", None)]

pachisi_notebooks = str(ROOT / "notebooks")
# Binder builds this repository (binder/). Its GitHub owner/name is written in one place, the
# Binder badge of README.md (a fork changes it there); the lessons' "on Binder" links read it.
pachisi_binder_repo = pachisi_docs.binder_repo(ROOT / "README.md")

# --- API reference -------------------------------------------------------------------------------
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True, "ignore-module-all": True}
autodoc_typehints = "signature"
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False

# --- HTML ----------------------------------------------------------------------------------------
html_theme = "sphinx_book_theme"
html_title = "Pachisi: rules, lessons and the board"
html_static_path = ["_static"]
html_css_files = ["pachisi.css"]
html_copy_source = False  # the lessons download as the students' notebooks, not staged copies
html_show_sourcelink = False
html_last_updated_fmt = None
html_theme_options = {
    "home_page_in_toc": True,
    "show_toc_level": 2,
    "use_download_button": False,
    "use_fullscreen_button": True,
    "use_repository_button": False,
    "navigation_with_keys": False,
}
# No MathJax (it would come from a CDN): mathematics, if a page ever has any, is shown as its
# LaTeX source (the "plain" renderer of docs/_ext/pachisi_docs.py).
html_math_renderer = "plain"
