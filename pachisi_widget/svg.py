"""A static SVG picture of a position, for notebooks without a kernel (nbviewer, GitHub).

Standard library only. ``GameState._repr_svg_`` and ``Game._repr_svg_`` call :func:`board_svg`,
so a game shows as a board wherever a notebook is rendered. The live widget (``js/draw.js``)
draws the same picture in the browser from the same facts (:mod:`pachisi_widget.scene`: colours,
shapes, sizes, where each stack stands). The teacher's kit prints the empty board
(:mod:`pachisi_widget.kit.board`) from the same drawing: :func:`squares_svg` in paper's
:class:`Ink`, :func:`twenty_five_at` and :func:`charkoni_svg`.

>>> import pachisi_widget as pw
>>> svg = board_svg(pw.Game.from_position([[0, 0, 12, 59], None, [3, 0, 0, 0], None]).state)
>>> svg.startswith("<svg") and 'data-square="9,0"' in svg
True
>>> svg.count('class="pachisi-piece ')   # stacks: S waiting (2), 12, 59; N 3, waiting (3)
5
>>> 'data-step="59"' in svg and 'pachisi-returning' in svg
True

The words on the picture (seat names and letters, titles, the seat cards) follow :data:`LANGUAGE`
or ``lang=``:

>>> "Tabla de Pachisi" in board_svg(pw.Game(players=2, seed=1).state, lang="ro")
True
"""

from __future__ import annotations

from typing import NamedTuple
from xml.sax.saxutils import escape, quoteattr

from . import board, scene
from .words import LANGUAGES, labels, seat_label, word
from .words import text as _text

__all__ = [
    "LANGUAGE",
    "SEAT_COLORS",
    "SEAT_SHAPES",
    "SEAT_LETTERS",
    "ARM_TINTS",
    "CELL",
    "VIEW",
    "board_svg",
    "piece_shape",
    "charkoni_spots",
    "Ink",
    "SCREEN_INK",
    "centre",
    "squares_svg",
    "TwentyFive",
    "twenty_five_at",
    "charkoni_svg",
]


def _letter(seat: int, lang: str) -> str:
    """The letter on a piece of ``seat`` in ``lang``."""
    return word(f"seat_letter.{seat}", lang)


SEAT_COLORS = scene.SEAT_COLORS
"""Okabe-Ito colours, safe for colour-blind readers: S orange, E blue, N green, W purple."""
SEAT_SHAPES = scene.SEAT_SHAPES
"""Each seat's pieces also differ by shape (and carry the seat's letter)."""
SEAT_LETTERS = tuple(_letter(s, "en") for s in range(4))
"""The letters on English pieces; :func:`pachisi_widget.words.word` ``("seat_letter.<seat>")``."""
LANGUAGE = "en"
"""The language of the picture's words when :func:`board_svg` is not given ``lang=``."""
ARM_TINTS = scene.ARM_TINTS
"""Each arm tinted in its seat's colour (light theme values of the widget's CSS)."""
CELL = scene.CELL
"""Size of one square in SVG units (the same as the widget's)."""
charkoni_spots = scene.charkoni_spots

_LETTER_FILL = scene.LETTER_FILL
_LINE = scene.BOARD_COLORS["light"]["line"]
_CASTLE = scene.BOARD_COLORS["light"]["castle"]
_CHARKONI = scene.BOARD_COLORS["light"]["charkoni"]
_STROKE = scene.BOARD_COLORS["light"]["piece_stroke"]
_FONT = "system-ui, -apple-system, 'Segoe UI', sans-serif"
_MARGIN = scene.MARGIN
_SHAPES = scene.SHAPES


def _f(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


VIEW = board.SIZE * CELL + 2 * _MARGIN
"""The picture's natural width and height in SVG units (the squares and the margin around them
where the 25-castles' labels stand); the view box starts at ``-MARGIN``."""


def centre(x: float, y: float) -> tuple[float, float]:
    """Grid (x east, y north) to SVG units (y down): the centre of the square."""
    return (x + 0.5) * CELL, (board.SIZE - 1 - y + 0.5) * CELL


_xy = centre  # its earlier, private name


def _corner(x: float, y: float) -> tuple[float, float]:
    """The top-left corner of square (x, y) in SVG units."""
    cx, cy = centre(x, y)
    return cx - CELL / 2, cy - CELL / 2


class Ink(NamedTuple):
    """How the squares and the castles' crosses are drawn (:func:`squares_svg`): the screen's
    picture (:data:`SCREEN_INK`) or the teacher's kit's printed board."""

    line: str
    """The colour of each square's outline."""
    line_width: float | None
    """The width of each square's outline (None leaves SVG's own, 1)."""
    castle: str
    """The colour of a castle's cross."""
    castle_width: float
    """The width of a castle's cross."""
    castle_opacity: float | None
    """The cross's opacity, or None for an opaque cross."""
    hooks: bool
    """Whether each square carries its arm's class and ``data-square="x,y"`` (the screen's test
    and accessibility hooks)."""


SCREEN_INK = Ink(_LINE, None, _CASTLE, 2.2, 0.8, True)
"""The screen's squares and crosses (the widget's light theme)."""


def squares_svg(ink: Ink = SCREEN_INK, fills: tuple = ARM_TINTS) -> str:
    """The 96 squares, each filled with its arm's colour in ``fills`` (one a seat, as
    :data:`ARM_TINTS`), and a cross on each castle, drawn with ``ink``."""
    out = []
    width = "" if ink.line_width is None else f' stroke-width="{_f(ink.line_width)}"'
    opacity = "" if ink.castle_opacity is None else f' opacity="{_f(ink.castle_opacity)}"'
    for x, y in board.SQUARES:
        x0, y0 = _corner(x, y)
        arm = board._arm(x, y)
        cls = f"pachisi-square pachisi-arm-{arm}" if ink.hooks else "pachisi-square"
        data = f' data-square="{x},{y}"' if ink.hooks else ""
        out.append(
            f'<rect class="{cls}"{data} x="{_f(x0)}" '
            f'y="{_f(y0)}" width="{CELL}" height="{CELL}" fill="{fills[arm]}" '
            f'stroke="{ink.line}"{width}/>'
        )
        if (x, y) in board.CASTLE_SQUARES:
            m = 6
            out.append(
                f'<path class="pachisi-castle" d="M{_f(x0 + m)},{_f(y0 + m)}L{_f(x0 + CELL - m)},'
                f"{_f(y0 + CELL - m)}M{_f(x0 + CELL - m)},{_f(y0 + m)}L{_f(x0 + m)},"
                f'{_f(y0 + CELL - m)}" '
                f'stroke="{ink.castle}" stroke-width="{_f(ink.castle_width)}" '
                f'stroke-linecap="round"{opacity}/>'
            )
    return "".join(out)


class TwentyFive(NamedTuple):
    """Where a seat's 25-castle is drawn (:func:`twenty_five_at`), in SVG units."""

    x: float
    """The left edge of its square."""
    y: float
    """The top edge of its square."""
    label_x: float
    """The centre of its label, beyond the arm's tip, where no piece covers it."""
    label_y: float
    """The same, downwards."""
    out_x: int
    """The arm's direction out from the Charkoni, east (1) or west (-1), 0 for a north or south arm."""
    out_y: int
    """The same, north (1) or south (-1) on the grid, 0 for an east or west arm."""


def twenty_five_at(seat: int) -> TwentyFive:
    """Where seat ``seat``'s 25-castle and its label stand.

    >>> twenty_five_at(0)
    TwentyFive(x=0.0, y=360.0, label_x=-18.0, label_y=380.0, out_x=-1, out_y=0)
    """
    x, y = board.square(seat, board.TWENTY_FIVE_STEP)
    c = (board.SIZE - 1) / 2
    ux, uy = ((x > c) - (x < c), 0) if abs(x - c) >= abs(y - c) else (0, (y > c) - (y < c))
    lx, ly = centre(x + 0.95 * ux, y + 0.95 * uy)
    return TwentyFive(*_corner(x, y), lx, ly, ux, uy)


def piece_shape(
    seat: int, cx: float, cy: float, r: float, extra: str = "", stroke_width: float = 1.6
) -> str:
    """The SVG element of one piece outline of ``seat`` centred on (cx, cy)."""
    stroke = f'stroke="{_STROKE}" stroke-width="{_f(stroke_width)}"'
    common = f'fill="{SEAT_COLORS[seat]}" {stroke} {extra}'.strip()
    shape = SEAT_SHAPES[seat]
    if shape == "circle":
        return f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" {common}/>'
    if shape == "square":
        h = r * _SHAPES["square"]["half"]
        return (
            f'<rect x="{_f(cx - h)}" y="{_f(cy - h)}" width="{_f(2 * h)}" height="{_f(2 * h)}" '
            f'rx="{_SHAPES["square"]["rx"]}" '
            f"{common}/>"
        )
    pts = " ".join(f"{_f(cx + r * px)},{_f(cy + r * py)}" for px, py in _SHAPES[shape])
    return f'<polygon points="{pts}" {common}/>'


def _piece(
    seat: int, step: int, pieces: list, cx: float, cy: float, r: float, returning: bool, lang: str
) -> str:
    where = (
        "pachisi-waiting"
        if step == 0
        else "pachisi-home"
        if step == board.HOME
        else "pachisi-on-board"
    )
    cls = f"pachisi-piece pachisi-seat-{seat} {where}" + (" pachisi-returning" if returning else "")
    title = _text(
        "svg_stack_returning" if returning else "svg_stack",
        {"seat": seat, "count": len(pieces), "step": step},
        lang,
    )
    out = [
        f'<g class="{cls}" data-seat="{seat}" data-piece="{min(pieces)}" '
        f'data-pieces="{",".join(map(str, pieces))}" data-step="{step}" data-count="{len(pieces)}" '
        f'transform="translate({_f(cx)} {_f(cy)})"><title>{escape(title)}</title>'
    ]
    body = f' transform="{_SHAPES["returning"]}"' if returning else ""
    dash = 'stroke-dasharray="3 1.5"' if returning else ""
    opacity = 'opacity="0.75"' if step == board.HOME else ""
    out.append(f"<g{body}>{piece_shape(seat, 0, 0, r, f'{dash} {opacity}'.strip())}</g>")
    dy = r * _SHAPES["letter_dy"][seat]
    out.append(
        f'<text y="{_f(dy)}" text-anchor="middle" font-size="{_f(r * _SHAPES["letter_size"])}" '
        'font-weight="800" '
        f'fill="{_LETTER_FILL[seat]}">{_letter(seat, lang)}</text>'
    )
    if len(pieces) > 1:
        b = _SHAPES["badge"]
        out.append(
            f'<g class="pachisi-count" transform="translate({_f(r * b["offset"])} '
            f'{_f(-r * b["offset"])})">'
            f'<circle r="{_f(r * b["r"])}" fill="#fff" stroke="{_STROKE}" stroke-width="1.2"/>'
            f'<text y="{_f(r * b["dy"])}" text-anchor="middle" font-size="{_f(r * b["font"])}" '
            f'font-weight="800" fill="#111">{len(pieces)}</text></g>'
        )
    out.append("</g>")
    return "".join(out)


def board_svg(state, size: int | None = None, names=None, lang: str | None = None) -> str:
    """An SVG document of ``state``: the board, castles, the 25-castles, seat cards and pieces.

    Waiting and home pieces stand where :func:`pachisi_widget.scene.stacks` says; returning pieces
    (step >= 51) lie on their side (paragraph 10 of the rules text); a stack shows its count. ``size``
    sets the width in pixels (default: the natural 828); ``names`` gives the four players' names
    for the seat cards (rendered as text, escaped); ``lang`` the language of the words (default:
    :data:`LANGUAGE`).

    Raises:
        ValueError: for a language that is not one of :data:`pachisi_widget.words.LANGUAGES`.
    """
    lang = LANGUAGE if lang is None else lang
    if lang not in LANGUAGES:
        raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    n = board.SIZE * CELL
    width = size or VIEW
    label = f"{labels(lang)['board']}. {_status(state, lang)}"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="pachisi-board" '
        f'viewBox="{-_MARGIN} {-_MARGIN} {n + 2 * _MARGIN} {n + 2 * _MARGIN}" '
        f'width="{width}" height="{width}" role="img" aria-label={quoteattr(label)} '
        f'font-family="{_FONT}">',
        f"<desc>{escape(state.notation())}</desc>",
    ]
    out.append(_seat_cards(state, names, lang))
    out.append(squares_svg())
    for seat in board.SEATS:
        at = twenty_five_at(seat)
        color = SEAT_COLORS[seat]
        out.append(
            f'<rect class="pachisi-twenty-five-frame" x="{_f(at.x + 2)}" y="{_f(at.y + 2)}" '
            f'width="{CELL - 4}" '
            f'height="{CELL - 4}" rx="3" fill="none" stroke="{color}" stroke-width="2.5"/>'
        )
        lx, ly = at.label_x, at.label_y
        out.append(piece_shape(seat, lx, ly - 7, 5, stroke_width=0.8))
        out.append(
            f'<text class="pachisi-twenty-five" data-twenty-five="{seat}" x="{_f(lx)}" '
            f'y="{_f(ly + 12)}" '
            f'text-anchor="middle" font-size="{scene.FONT_MIN}" font-weight="800" '
            f'fill="{color}">25</text>'
        )
    out.append(charkoni_svg(lang))
    for st in scene.stacks(state.pieces, state.seats):
        cx, cy = centre(st["x"], st["y"])
        out.append(
            _piece(st["seat"], st["step"], st["pieces"], cx, cy, st["r"], st["returning"], lang)
        )
    out.append("</svg>")
    return "".join(out)


def _status(state, lang: str) -> str:
    """Whose turn it is, or how the game ended, in ``lang`` (the picture's accessible label)."""
    if state.phase != "over":
        return _text("turn", {"seat": state.to_move}, lang)
    if state.winner is None:
        return _text("dead", {}, lang)
    if isinstance(state.winner, tuple):
        return _text("team_win", {"seat": state.winner[0], "partner": state.winner[1]}, lang)
    return _text("win", {"seat": state.winner}, lang)


def charkoni_svg(lang: str = "en") -> str:
    """The Charkoni, the board's centre: its four triangles in the arms' tints and its name in
    ``lang``."""
    (x0, y0), (x1, y1) = board.CHARKONI
    left, top = _corner(x0, y1)
    w, h = (x1 - x0 + 1) * CELL, (y1 - y0 + 1) * CELL
    mx, my = left + w / 2, top + h / 2
    corners = [(left, top + h), (left + w, top + h), (left + w, top), (left, top), (left, top + h)]
    out = [
        f'<g class="pachisi-charkoni"><rect x="{_f(left)}" y="{_f(top)}" width="{w}" height="{h}" '
        f'fill="{_CHARKONI}"/>'
    ]
    for seat in board.SEATS:
        (ax, ay), (bx, by) = corners[seat], corners[seat + 1]
        out.append(
            f'<polygon points="{_f(ax)},{_f(ay)} {_f(bx)},{_f(by)} {_f(mx)},{_f(my)}" '
            f'fill="{ARM_TINTS[seat]}" opacity="0.55" stroke="{_LINE}" stroke-width="0.6"/>'
        )
    out.append(
        f'<rect x="{_f(left)}" y="{_f(top)}" width="{w}" height="{h}" fill="none" stroke="{_LINE}" '
        f'stroke-width="2"/>'
    )
    out.append(
        f'<text x="{_f(mx)}" y="{_f(my + 6)}" text-anchor="middle" '
        f'font-size="{scene.FONT_MIN}" '
        f'font-style="italic" '
        f'fill="#5a5a5a">{escape(labels(lang)["charkoni"])}</text></g>'
    )
    return "".join(out)


def _seat_cards(state, names, lang: str) -> str:
    """Each seat's card (:data:`pachisi_widget.scene.CARD_LAYOUT`): its piece, name, player,
    the pieces waiting in the Charkoni and the home tray where its finished pieces stand."""
    out = ['<g class="pachisi-seat-cards">']
    over = state.phase == "over"
    winners = (
        ()
        if state.winner is None
        else (state.winner if isinstance(state.winner, tuple) else (state.winner,))
    )
    lay = scene.CARD_LAYOUT
    words = labels(lang)
    font = scene.FONT_MIN
    for seat in state.seats:
        cx, cy = centre(*scene.card_centre(seat))
        w, h = scene.CARD_SIZE
        to_move = not over and state.to_move == seat
        won = seat in winners
        color = SEAT_COLORS[seat]
        fill = ARM_TINTS[seat] if (to_move or won) else "#ffffff"
        stroke_w = 5 if (to_move or won) else 1.5
        seat_name = seat_label(seat, lang)
        given = names[seat] if names and names[seat] else ""
        name = seat_name if not given or given == board.SEAT_NAMES[seat] else given
        shown = name if len(name) <= 15 else name[:14] + "…"
        pieces = state.pieces[seat]
        out.append(
            f'<g class="pachisi-seat-card" data-seat-card="{seat}" '
            f'transform="translate({_f(cx)} {_f(cy)})">'
            f'<rect x="{-w / 2}" y="{-h / 2}" width="{w}" height="{h}" rx="12" fill="{fill}" '
            f'stroke="{color}" stroke-width="{stroke_w}"/>'
        )
        ix, iy, ir = lay["icon"]
        out.append(piece_shape(seat, ix, iy, ir, stroke_width=1.2))
        out.append(
            f'<text x="{ix}" y="{_f(iy + ir * _SHAPES["letter_dy"][seat])}" text-anchor="middle" '
            f'font-size="{_f(ir * _SHAPES["letter_size"])}" font-weight="800" '
            f'fill="{_LETTER_FILL[seat]}">{_letter(seat, lang)}</text>'
        )
        x, y = lay["name"]
        out.append(
            f'<text x="{x}" y="{y}" font-size="22" font-weight="700" fill="#1f1f1f">'
            f"{escape(shown)}</text>"
        )
        if shown != seat_name:
            x, y = lay["sub"]
            out.append(
                f'<text x="{x}" y="{y}" font-size="{font}" fill="#4a4a4a">'
                f"{escape(seat_name)}</text>"
            )
        x, y = lay["waiting"]
        out.append(
            f'<text class="pachisi-seat-card-counts" x="{x}" y="{y}" font-size="{font}" '
            f'fill="#4a4a4a">{escape(words["waiting"])}: {pieces.count(0)}</text>'
        )
        tx, ty, tw, th = lay["tray"]
        out.append(
            f'<rect class="pachisi-home-tray" x="{tx}" y="{ty}" width="{tw}" height="{th}" '
            f'rx="8" fill="#ffffff" fill-opacity="0.6" stroke="{color}" stroke-dasharray="4 3"/>'
        )
        x, y = lay["tray_label"]
        out.append(
            f'<text class="pachisi-home-tray-label" x="{x}" y="{y}" font-size="{font}" '
            f'font-weight="700" fill="#1f1f1f">'
            f"⌂ {escape(words['home'])}: {pieces.count(board.HOME)}</text>"
        )
        note = f"★ {words['winner']}" if won else f"▶ {words['to_move']}" if to_move else ""
        if note:
            x, y = lay["note"]
            out.append(
                f'<text x="{x}" y="{y}" font-size="{font}" font-weight="700" '
                f'fill="#1f1f1f">{escape(note)}</text>'
            )
        out.append("</g>")
    out.append("</g>")
    return "".join(out)
