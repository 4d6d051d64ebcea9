"""A teacher's kit to print: the board (A3, and A4 sheets to assemble), the rules sheet, every
lesson's answer key, an end-of-unit test with its answers, the player project's rubric, and each
lesson's notes on pacing, as PDFs in English and Romanian.

``bash scripts/teacher.sh print`` builds it (:func:`pachisi_widget.kit.pdf.build`, which needs the
``kit`` extra: fpdf2 and markdown-it-py). :mod:`.board` (the board for paper and its A4 sheets)
uses the standard library only.
"""

from __future__ import annotations

from .board import print_board_svg, tile_plan

__all__ = ["print_board_svg", "tile_plan"]
