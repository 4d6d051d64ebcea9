"""The kit's PDF pages: fpdf2 with an embedded DejaVu font (every Romanian letter), and text written
from Markdown (the rules sheet, the lessons' questions) through markdown-it-py.

Needs the ``kit`` extra (``pip install pachisi_widget[kit]``: fpdf2, markdown-it-py).
"""

from __future__ import annotations

import functools
import os
import warnings
from html import escape
from pathlib import Path

from fpdf import FPDF
from fpdf.fonts import FontFace, TextStyle
from markdown_it import MarkdownIt

from .. import __version__
from ..lessons.teacher import teacher_text
from .board import FONT

__all__ = ["FONT_FILES", "font_folder", "KitPDF", "markdown_html", "FONT_VARIABLE"]

FONT_VARIABLE = "PACHISI_KIT_FONTS"
"""An environment variable naming a folder of DejaVu fonts to embed, before the usual places."""

FONT_FILES = {
    "": "DejaVuSans.ttf",
    "B": "DejaVuSans-Bold.ttf",
    "I": "DejaVuSans-Oblique.ttf",
    "BI": "DejaVuSans-BoldOblique.ttf",
}
"""The DejaVu Sans files of each style (regular, bold, italic, bold italic)."""
MONO = "DejaVuSansMono.ttf"
MONO_FAMILY = "DejaVu Sans Mono"


def _candidates() -> list[Path]:
    places = []
    if os.environ.get(FONT_VARIABLE):
        places.append(Path(os.environ[FONT_VARIABLE]))
    places.append(Path("/usr/share/fonts/truetype/dejavu"))  # Debian's fonts-dejavu-core
    try:  # matplotlib ships the same fonts, for machines without Debian's package
        import matplotlib

        places.append(Path(matplotlib.get_data_path()) / "fonts" / "ttf")
    except ImportError:
        pass
    return places


@functools.cache
def font_folder() -> Path:
    """The folder the kit embeds its fonts from: :data:`FONT_VARIABLE`, Debian's
    ``fonts-dejavu-core``, or matplotlib's own copy of DejaVu.

    Raises:
        FileNotFoundError: when none holds every file of :data:`FONT_FILES`, saying where it
            looked and what to install.
    """
    places = _candidates()
    for place in places:
        if all((place / name).is_file() for name in (*FONT_FILES.values(), MONO)):
            return place
    raise FileNotFoundError(
        "the kit embeds the DejaVu fonts (for ș ț ă î â), found in none of: "
        + ", ".join(map(str, places))
        + ". Install Debian's fonts-dejavu-core (apt-get install fonts-dejavu-core), or "
        f"matplotlib, or set {FONT_VARIABLE} to a folder with {', '.join(FONT_FILES.values())}"
        f" and {MONO}"
    )


@functools.cache
def _markdown() -> MarkdownIt:
    return MarkdownIt("commonmark").enable("table")


def markdown_html(text: str) -> str:
    """Markdown (CommonMark with tables, as the lessons write it) as the HTML fpdf2 writes."""
    return _markdown().render(text)


_STYLES = {
    "h1": TextStyle(
        font_family=FONT, font_style="B", font_size_pt=17, color="#111111", t_margin=0, b_margin=3
    ),
    "h2": TextStyle(
        font_family=FONT, font_style="B", font_size_pt=13, color="#111111", t_margin=5, b_margin=1
    ),
    "h3": TextStyle(
        font_family=FONT, font_style="B", font_size_pt=11, color="#222222", t_margin=3, b_margin=1
    ),
    "p": TextStyle(font_family=FONT, t_margin=1.2, b_margin=1.2),
    "li": TextStyle(font_family=FONT, t_margin=1.4, l_margin=6),
    "code": FontFace(family=MONO_FAMILY, color="#222222"),
    "pre": TextStyle(font_family=MONO_FAMILY, font_size_pt=9, t_margin=1, b_margin=1),
}


_LEADING = 1.22
"""The line height of running text, in font sizes."""


class KitPDF(FPDF):
    """A page of the kit in ``lang``: DejaVu embedded, a footer with the kit's name, the
    document's title and the page number, and Markdown or HTML written in the kit's styles."""

    def __init__(self, lang: str, title: str, page: str = "A4", orientation: str = "portrait"):
        super().__init__(orientation=orientation, unit="mm", format=page)
        self.lang, self.doc_title = lang, title
        self.plain_from: int | None = None
        """The first page with no footer (the board's A4 sheets carry their own labels)."""
        folder = font_folder()
        for style, name in FONT_FILES.items():
            self.add_font(FONT, style, str(folder / name))
        self.add_font(MONO_FAMILY, "", str(folder / MONO))
        self.set_title(title)
        self.set_author("pachisi_widget")
        self.set_creator(teacher_text("kit.made", {"version": __version__}, lang))
        self.set_lang(lang)
        self.set_auto_page_break(True, margin=16)
        self.set_margins(16, 14, 16)
        self.alias_nb_pages()
        self.set_font(FONT, size=10)

    def footer(self) -> None:
        if self.plain_from is not None and self.page_no() >= self.plain_from:
            return
        self.set_y(-11)
        self.set_font(FONT, size=8)
        self.set_text_color(90)
        page = teacher_text("kit.page", {"page": self.page_no(), "pages": "{nb}"}, self.lang)
        self.cell(0, 5, f"Pachisi · {self.doc_title} · {page}", align="C")
        self.set_text_color(0)
        self.set_font(FONT, size=10)

    def html(self, html: str, size: float = 10) -> None:
        """Write ``html`` (the subset fpdf2 reads: headings, paragraphs, lists, tables, b, i, code)."""
        self.set_font(FONT, size=size)
        for tag in ("p", "ul", "ol"):  # a little air between the lines, which fpdf2 reads here
            html = html.replace(f"<{tag}>", f'<{tag} style="line-height: {_LEADING}">')
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)  # fpdf2's notes on tags it styles itself
            self.write_html(
                html,
                font_family=FONT,
                tag_styles=_STYLES,
                li_prefix_color="#222222",
                ul_bullet_char="•",
                table_line_separators=True,
            )

    def markdown(self, text: str, size: float = 10) -> None:
        """Write ``text`` (Markdown): its tables as fpdf2 tables, everything else as HTML."""
        md = _markdown()
        tokens = md.parse(text)
        start = 0
        for i, token in enumerate(tokens):
            if token.type == "heading_open" and token.tag == "h1":  # the page's title
                if start < i:
                    self.html(md.renderer.render(tokens[start:i], md.options, {}), size)
                self.heading(tokens[i + 1].content.replace("*", ""))
                start = i + 3
            if token.type == "table_open":
                if start < i:
                    self.html(md.renderer.render(tokens[start:i], md.options, {}), size)
                start = (
                    next(k for k in range(i, len(tokens)) if tokens[k].type == "table_close") + 1
                )
                self._table(tokens[i:start], size)
        if start < len(tokens):
            self.html(md.renderer.render(tokens[start:], md.options, {}), size)

    def _table(self, tokens, size: float) -> None:
        """A Markdown table's tokens as an fpdf2 table (bold kept: ``**25**``)."""
        rows: list[list[str]] = []
        for token in tokens:
            if token.type == "tr_open":
                rows.append([])
            elif token.type == "inline":
                rows[-1].append(token.content.replace("*", "**").replace("****", "**"))
        self.ln(1.5)
        self.set_font(FONT, size=size)
        first = max(len(rows[0][0]), 10) * size * 0.22
        rest = (self.epw - first) / max(1, len(rows[0]) - 1)
        with self.table(
            col_widths=(first, *([rest] * (len(rows[0]) - 1))),
            text_align="CENTER",
            markdown=True,
            line_height=size * 0.5,
            padding=1.2,
        ) as table:
            for cells in rows:
                row = table.row()
                for cell in cells:
                    row.cell(cell)
        self.ln(2)

    def heading(self, text: str, size: float = 17) -> None:
        """A document's title line, in bold."""
        self.set_font(FONT, "B", size)
        self.multi_cell(0, size * 0.5, text)
        self.set_font(FONT, size=10)
        self.ln(2)

    def paragraph(self, text: str, size: float = 10, style: str = "") -> None:
        """A paragraph of plain text."""
        self.set_font(FONT, style, size)
        self.multi_cell(0, size * 0.5, text)
        self.set_font(FONT, size=10)
        self.ln(1)

    def svg(self, svg: str, x: float, y: float, w: float) -> None:
        """Draw the SVG document ``svg`` at (x, y), ``w`` millimetres wide (the tags fpdf2 does
        not draw, such as ``<title>``, are left out without a word)."""
        import logging

        quiet = logging.getLogger("fpdf.svg")
        level = quiet.level
        quiet.setLevel(logging.ERROR)
        try:
            self.image(svg.encode("utf-8"), x=x, y=y, w=w)
        finally:
            quiet.setLevel(level)


def html_text(text: str) -> str:
    """``text`` escaped for :meth:`KitPDF.html`."""
    return escape(text)
