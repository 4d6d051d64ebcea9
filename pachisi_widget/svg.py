"""A static SVG picture of a position, for notebooks without a kernel (nbviewer, GitHub).

Standard library only. ``GameState._repr_svg_`` and ``Game._repr_svg_`` call :func:`board_svg`,
so a game shows as a board wherever a notebook is rendered. The live widget draws the same
picture in the browser (``js/``), with the same colours and shapes.

>>> import pachisi_widget as pw
>>> svg = board_svg(pw.Game.from_position([[0, 0, 12, 59], None, [3, 0, 0, 0], None]).state)
>>> svg.startswith("<svg") and 'data-square="9,0"' in svg and svg.count('class="pachisi-piece') == 3
True
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from . import board

__all__ = ["SEAT_COLORS", "SEAT_SHAPES", "board_svg", "piece_shape"]

SEAT_COLORS = ("#E69F00", "#0072B2", "#009E73", "#CC79A7")
"""Okabe-Ito colours, safe for colour-blind readers: S orange, E blue, N green, W purple."""
SEAT_SHAPES = ("circle", "square", "triangle", "diamond")
"""Each seat's pieces also differ by shape (and carry the seat's letter)."""
ARM_TINTS = ("#fbe3b5", "#cfe3f3", "#c8eadf", "#f2d6e6")
CELL = 24


def piece_shape(seat: int, cx: float, cy: float, r: float, extra: str = "") -> str:
    """The SVG element of one piece of ``seat`` centred on (cx, cy)."""
    fill = SEAT_COLORS[seat]
    common = f'fill="{fill}" stroke="#222" stroke-width="1.2" {extra}'.strip()
    shape = SEAT_SHAPES[seat]
    if shape == "circle":
        return f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" {common}/>'
    if shape == "square":
        return f'<rect x="{cx - r:.1f}" y="{cy - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" {common}/>'
    if shape == "triangle":
        pts = f"{cx:.1f},{cy - r * 1.15:.1f} {cx + r * 1.1:.1f},{cy + r * 0.85:.1f} {cx - r * 1.1:.1f},{cy + r * 0.85:.1f}"
        return f'<polygon points="{pts}" {common}/>'
    pts = f"{cx:.1f},{cy - r * 1.2:.1f} {cx + r * 1.2:.1f},{cy:.1f} {cx:.1f},{cy + r * 1.2:.1f} {cx - r * 1.2:.1f},{cy:.1f}"
    return f'<polygon points="{pts}" {common}/>'


def _xy(x: int, y: int) -> tuple[float, float]:
    """Grid (x east, y north) to SVG pixels (y down): the centre of the square."""
    return (x + 0.5) * CELL, (board.SIZE - y - 0.5) * CELL


def board_svg(state, size: int | None = None) -> str:
    """An SVG document of ``state``: the board, castles, the 25-castles and every piece.

    Waiting and home pieces are counted inside the Charkoni; returning pieces (step >= 51) are
    drawn lying on their side, as the seed's paragraph 10 suggests.
    """
    n = board.SIZE * CELL
    width = size or n
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="pachisi-board" viewBox="0 0 {n} {n}" '
           f'width="{width}" height="{width}" role="img" aria-label="Pachisi board">',
           f"<desc>{escape(state.notation())}</desc>",
           f'<rect width="{n}" height="{n}" fill="#fffdf7"/>']
    lay = board.layout()
    for sq in lay["squares"]:
        x, y = sq["x"], sq["y"]
        px, py = x * CELL, (board.SIZE - 1 - y) * CELL
        out.append(f'<rect data-square="{x},{y}" x="{px}" y="{py}" width="{CELL}" height="{CELL}" '
                   f'fill="{ARM_TINTS[sq["arm"]]}" stroke="#8a7a5a" stroke-width="0.8"/>')
        if sq["castle"]:
            out.append(f'<path d="M{px + 3},{py + 3} L{px + CELL - 3},{py + CELL - 3} M{px + CELL - 3},{py + 3} '
                       f'L{px + 3},{py + CELL - 3}" stroke="#8a7a5a" stroke-width="1.5" class="pachisi-castle"/>')
        if sq["twenty_five"] is not None:
            out.append(f'<text x="{px + CELL - 2}" y="{py + 8}" font-size="7" text-anchor="end" '
                       f'fill="{SEAT_COLORS[sq["twenty_five"]]}" font-family="sans-serif" font-weight="bold">25</text>')
    c0 = 8 * CELL
    out.append(f'<rect x="{c0}" y="{c0}" width="{3 * CELL}" height="{3 * CELL}" fill="#efe3c8" stroke="#8a7a5a"/>')
    out.append(f'<text x="{c0 + 1.5 * CELL}" y="{c0 + 1.5 * CELL + 3}" font-size="8" text-anchor="middle" '
               'font-family="sans-serif" fill="#6b5a3a">Charkoni</text>')
    # pieces on the board, stacked per square
    stacks: dict = {}
    for seat in state.seats:
        for i, step in enumerate(state.pieces[seat]):
            if 0 < step < 84:
                stacks.setdefault((board.square(seat, step), seat), []).append((i, step))
    for ((x, y), seat), items in sorted(stacks.items()):
        cx, cy = _xy(x, y)
        others = [s for (xy, s) in stacks if xy == (x, y) and s != seat]
        if others:  # partners or castle-sharing opponents: offset
            cx += -4 if seat < min(others) else 4
        step = items[0][1]
        returning = step >= board.RETURNING_STEP
        extra = (f'class="pachisi-piece{" pachisi-returning" if returning else ""}" data-seat="{seat}" '
                 f'data-piece="{items[0][0]}" data-step="{step}"')
        if returning:
            extra += f' transform="rotate(90 {cx:.1f} {cy:.1f})" stroke-dasharray="2 1"'
        out.append(piece_shape(seat, cx, cy, 7, extra))
        label = "SENW"[seat] + (str(len(items)) if len(items) > 1 else "")
        out.append(f'<text x="{cx:.1f}" y="{cy + 3:.1f}" font-size="8" text-anchor="middle" '
                   f'font-family="sans-serif" fill="#000">{label}</text>')
    # waiting / home counts in the Charkoni corners
    spots = {0: (9, 8), 1: (10, 9), 2: (9, 10), 3: (8, 9)}
    for seat in state.seats:
        waiting = state.pieces[seat].count(0)
        home = state.pieces[seat].count(84)
        x, y = spots[seat]
        cx, cy = _xy(x, y)
        if waiting or home:
            out.append(piece_shape(seat, cx, cy, 5, 'opacity="0.85"'))
            out.append(f'<text x="{cx:.1f}" y="{cy + 12:.1f}" font-size="6.5" text-anchor="middle" '
                       f'font-family="sans-serif">{waiting}w {home}h</text>')
    out.append("</svg>")
    return "".join(out)
