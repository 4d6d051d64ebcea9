"""The board to print: the package's own picture (:mod:`pachisi_widget.svg`, :mod:`~pachisi_widget.scene`)
drawn for paper, and how to cut it into A4 sheets.

Standard library only. :func:`print_board_svg` is the empty board of :func:`~pachisi_widget.svg.board_svg`
(the same squares, castles, 25-castles, Charkoni and seat corners) made to be played on with real
pieces: black lines, light tints that a black-and-white printer turns into pale greys, every mark
told apart by its shape and its letter as well as by its colour, each seat's entry square and the
direction of play marked, and a home tray in each seat's corner instead of the screen's seat card.

:func:`tile_plan` lays a board of a given size over A4 sheets that overlap, so a school without an
A3 printer can print it large.

>>> svg = print_board_svg("ro")
>>> svg.startswith("<svg") and svg.count('class="pachisi-castle"') == 12
True
>>> svg.count('class="pachisi-entry"'), "Vest" in svg, "acasă" in svg
(4, True, True)
>>> plan = tile_plan(350.0)
>>> plan.orientation, plan.columns, plan.rows, len(plan.tiles)
('portrait', 2, 2, 4)
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple
from xml.sax.saxutils import escape

from .. import board, scene, svg
from ..lessons.teacher import teacher_text
from ..words import LANGUAGES, seat_label, word

__all__ = [
    "FONT",
    "VIEW",
    "print_board_svg",
    "direction_steps",
    "Tile",
    "TilePlan",
    "tile_plan",
    "A4",
    "legend",
]

FONT = "DejaVu Sans"
"""The font the printed board's words are set in (it has every Romanian letter: ș ț ă î â)."""

VIEW = svg.VIEW
"""The printed board's width and height in SVG units (the screen board's: the squares and the
margin for the 25-castles' labels)."""

A4 = (210.0, 297.0)
"""An A4 sheet, portrait, in millimetres."""

_INK = "#222222"
_LINE = "#3a3a3a"
_PALE = 0.55  # how much of each arm's tint is white on paper: pale enough to save ink
_SHAPES: dict[str, Any] = scene.SHAPES
_PAPER = svg.Ink(
    line=_LINE, line_width=1.4, castle=_INK, castle_width=2.6, castle_opacity=None, hooks=False
)
"""The squares and castles' crosses on paper, in black lines, the crosses at full strength."""
_LOOP = (9, 75)  # South's steps on the outer loop, all seats' squares (8 and 76 are its tip)


def _pale(color: str, white: float = _PALE) -> str:
    """``color`` mixed with ``white`` parts of white (a light tint that prints as a pale grey)."""
    r, g, b = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(c + (255 - c) * white):02x}" for c in (r, g, b))


def _letter_mark(seat: int, cx: float, cy: float, r: float, lang: str, hollow: bool = False) -> str:
    """A seat's piece (its shape, in its colour or, ``hollow``, outlined in it) with its letter:
    told apart without colour. The letter is never smaller than the board's smallest text."""
    size = max(scene.FONT_MIN, r * _SHAPES["letter_size"])
    dy = size * _SHAPES["letter_dy"][seat] / _SHAPES["letter_size"]
    if hollow:
        shape = svg.piece_shape(seat, cx, cy, r, 'fill-opacity="0"', stroke_width=1.2)
        shape = shape.replace(
            f'stroke="{scene.BOARD_COLORS["light"]["piece_stroke"]}"',
            f'stroke="{svg.SEAT_COLORS[seat]}"',
        ).replace('stroke-width="1.2"', 'stroke-width="3"')
        fill = _INK
    else:
        shape, fill = svg.piece_shape(seat, cx, cy, r, stroke_width=1.4), scene.LETTER_FILL[seat]
    return shape + (
        f'<text x="{cx:.1f}" y="{cy + dy:.1f}" text-anchor="middle" font-size="{size:.0f}" '
        f'font-weight="700" fill="{fill}">{escape(word(f"seat_letter.{seat}", lang))}</text>'
    )


def _square(seat: int, step: int) -> tuple[int, int]:
    """The square of ``seat``'s step 1..83 (never the Charkoni nor home)."""
    found = board.square(seat, step)
    assert found is not None, (seat, step)
    return found


def direction_steps() -> tuple[int, ...]:
    """The steps of South's track that carry an arrow of the direction of play: the middle of
    each straight run of the outer loop (counter-clockwise), away from the castles.

    >>> len(direction_steps())
    8
    """
    runs: list[tuple[tuple[int, int], list[int]]] = []
    for step in range(_LOOP[0], _LOOP[1]):
        a, b = _square(0, step), _square(0, step + 1)
        move = (b[0] - a[0], b[1] - a[1])
        if runs and runs[-1][0] == move:
            runs[-1][1].append(step)
        else:
            runs.append((move, [step]))
    out = []
    for _move, steps in runs:
        if len(steps) >= 5:
            middle = steps[len(steps) // 2]
            for candidate in (middle, middle + 1, middle - 1):
                if _square(0, candidate) not in board.CASTLE_SQUARES:
                    out.append(candidate)
                    break
    return tuple(out)


def _arrow(step: int) -> str:
    """A chevron on South's step ``step`` pointing to the next step (the same squares are every
    seat's outer loop: the direction is one for all)."""
    (x0, y0), (x1, y1) = _square(0, step), _square(0, step + 1)
    cx, cy = svg.centre(x0, y0)
    angle = math.degrees(math.atan2(-(y1 - y0), x1 - x0))
    return (
        f'<path class="pachisi-direction" d="M-7,-9 L5,0 L-7,9" fill="none" stroke="{_LINE}" '
        f'stroke-width="3" stroke-linecap="round" stroke-linejoin="round" opacity="0.7" '
        f'transform="translate({cx:.1f} {cy:.1f}) rotate({angle:.0f})"/>'
    )


def _corner(seat: int, lang: str) -> str:
    """Seat ``seat``'s corner: its piece and name, and the tray where its pieces stand at home."""
    cx, cy = svg.centre(*scene.card_centre(seat))
    w, h = scene.CARD_SIZE
    lay = scene.CARD_LAYOUT
    color = svg.SEAT_COLORS[seat]
    ix, iy, ir = lay["icon"]
    nx, ny = lay["name"]
    tx, ty, tw, th = lay["tray"]
    return (
        f'<g class="pachisi-corner" transform="translate({cx:.1f} {cy:.1f})">'
        f'<rect x="{-w / 2}" y="{-h / 2}" width="{w}" height="{h}" rx="12" fill="#ffffff" '
        f'stroke="{color}" stroke-width="3"/>'
        + _letter_mark(seat, ix, iy, ir, lang)
        + f'<text x="{nx}" y="{ny}" font-size="24" font-weight="700" fill="{_INK}">'
        f"{escape(seat_label(seat, lang))}</text>"
        f'<rect class="pachisi-home-tray" x="{tx}" y="{ty - 14}" width="{tw}" height="{th + 30}" '
        f'rx="8" fill="none" stroke="{_INK}" stroke-width="1.6" stroke-dasharray="6 4"/>'
        f'<text x="{tx + 12}" y="{ty + 16}" font-size="{scene.FONT_MIN}" font-weight="700" '
        f'fill="{_INK}">⌂ {escape(teacher_text("board.home", lang=lang))}</text>'
        "</g>"
    )


def print_board_svg(lang: str = "en", *, tint: bool = True) -> str:
    """The empty board as an SVG document, for paper: :data:`VIEW` units wide and high.

    ``tint`` gives each arm a pale wash of its seat's colour (a pale grey in black and white);
    without it the squares are white. Every text is at least
    :data:`pachisi_widget.scene.FONT_MIN` units high.

    Raises:
        ValueError: for a language that is not one of :data:`pachisi_widget.words.LANGUAGES`.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    m = scene.MARGIN
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="pachisi-board pachisi-print" '
        f'viewBox="{-m} {-m} {VIEW} {VIEW}" width="{VIEW}" height="{VIEW}" '
        f'font-family="{FONT}">'
    ]
    out += [_corner(seat, lang) for seat in board.SEATS]
    fills = tuple(_pale(t) if tint else "#ffffff" for t in svg.ARM_TINTS)
    out.append(svg.squares_svg(_PAPER, fills))
    out += [_arrow(step) for step in direction_steps()]
    for seat in board.SEATS:
        out.append(_twenty_five(seat, lang))
        out.append(_entry(seat, lang))
    out.append(svg.charkoni_svg(lang))
    out.append("</svg>")
    return "".join(out)


def _twenty_five(seat: int, lang: str) -> str:
    """Seat ``seat``'s 25-castle: a double frame (its colour outside, black inside) and, beyond
    the arm's tip, its piece and "25"."""
    x0, y0, lx, ly, ux, uy = svg.twenty_five_at(seat)
    cell = scene.CELL
    color = svg.SEAT_COLORS[seat]
    # the label beside the tip, along the arm's end: the piece, then "25"
    ax, ay = lx - 13 * abs(uy), ly - 10 * abs(ux)
    bx, by = lx + 14 * abs(uy), ly + 16 * abs(ux)
    return (
        f'<rect class="pachisi-twenty-five-frame" x="{x0 + 2:.1f}" y="{y0 + 2:.1f}" '
        f'width="{cell - 4}" height="{cell - 4}" rx="3" fill="none" stroke="{color}" '
        f'stroke-width="4"/>'
        f'<rect x="{x0 + 6:.1f}" y="{y0 + 6:.1f}" width="{cell - 12}" height="{cell - 12}" rx="2" '
        f'fill="none" stroke="{_INK}" stroke-width="1.2"/>'
        + _letter_mark(seat, ax, ay, 11, lang)
        + f'<text class="pachisi-twenty-five" x="{bx:.1f}" y="{by + 6:.1f}" text-anchor="middle" '
        f'font-size="{scene.FONT_MIN}" font-weight="800" fill="{_INK}">25</text>'
    )


def _entry(seat: int, lang: str) -> str:
    """Seat ``seat``'s step 1, where its pieces enter: its piece drawn in outline."""
    cx, cy = svg.centre(*_square(seat, 1))
    return (
        f'<g class="pachisi-entry" data-seat="{seat}">'
        + _letter_mark(seat, cx, cy, 13, lang, hollow=True)
        + "</g>"
    )


# -- tiles: the board over A4 sheets ---------------------------------------------------------


class Tile(NamedTuple):
    """One sheet of a tiled board."""

    number: int
    """The sheet's number, from 1, row by row."""
    row: int
    """Its row, from 1 (top)."""
    column: int
    """Its column, from 1 (left)."""
    x: float
    """Where the sheet's printed area starts on the board, in millimetres from the board's left
    edge (negative: blank paper before the board)."""
    y: float
    """The same from the board's top edge."""


class TilePlan(NamedTuple):
    """How a board is laid over A4 sheets."""

    orientation: str
    """ "portrait" or "landscape"."""
    page: tuple[float, float]
    """The sheet's width and height, in millimetres, in that orientation."""
    margin: float
    """The unprinted margin of each sheet, in millimetres (labels and cut marks stand in it)."""
    overlap: float
    """How far each sheet lies over the one before it, in millimetres."""
    columns: int
    rows: int
    tiles: tuple[Tile, ...]

    @property
    def area(self) -> tuple[float, float]:
        """The printed area of each sheet (width, height), in millimetres."""
        return self.page[0] - 2 * self.margin, self.page[1] - 2 * self.margin


def _count(size: float, area: float, overlap: float) -> int:
    return 1 if size <= area else 1 + math.ceil((size - area) / (area - overlap))


def tile_plan(size: float, *, margin: float = 12.0, overlap: float = 15.0) -> TilePlan:
    """Lay a square board ``size`` millimetres wide over A4 sheets, each printed inside a
    ``margin`` and lying ``overlap`` millimetres over the sheet before it; the orientation
    (portrait or landscape) that takes fewer sheets, portrait on a tie. The board is centred
    on the sheets' joint area.

    Raises:
        ValueError: for a size that is not positive, or a margin and overlap that leave no
            room to print.
    """
    if not size > 0:
        raise ValueError(f"the board's size must be a positive number of millimetres, not {size!r}")
    if not 0 <= overlap < min(A4) - 2 * margin - 10 or margin < 0:
        raise ValueError(
            f"margin {margin!r} mm and overlap {overlap!r} mm leave no room to print on A4"
        )
    plans = []
    for orientation, page in (("portrait", A4), ("landscape", (A4[1], A4[0]))):
        w, h = page[0] - 2 * margin, page[1] - 2 * margin
        cols, rows = _count(size, w, overlap), _count(size, h, overlap)
        plans.append((cols * rows, orientation, page, cols, rows, w, h))
    _n, orientation, page, cols, rows, w, h = min(plans, key=lambda p: p[0])
    joint_w, joint_h = w + (cols - 1) * (w - overlap), h + (rows - 1) * (h - overlap)
    left, top = (joint_w - size) / 2, (joint_h - size) / 2
    tiles = tuple(
        Tile(r * cols + c + 1, r + 1, c + 1, c * (w - overlap) - left, r * (h - overlap) - top)
        for r in range(rows)
        for c in range(cols)
    )
    return TilePlan(orientation, page, margin, overlap, cols, rows, tiles)


def legend(lang: str = "en") -> list[str]:
    """The printed board's legend, one line a mark, in ``lang``."""
    return [
        teacher_text(f"board.legend_{part}", lang=lang)
        for part in ("castle", "25", "start", "home")
    ]
