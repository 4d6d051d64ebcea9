"""The picture's facts, computed once: colours, piece shapes, sizes, where pieces stand.

Both pictures of a position draw from here: the static SVG (:mod:`pachisi_widget.svg`) and the
live board (``js/draw.js``, which gets :func:`scene` once in the widget's ``geometry`` trait and
the :func:`stacks` of each position in its ``state``). Grid coordinates are those of
:mod:`pachisi_widget.board` (x east, y north, fractions allowed); sizes are SVG units.

>>> scene()["seat_colors"][0], scene()["seat_shapes"][1]
('#E69F00', 'square')
>>> [s["step"] for s in stacks([[0, 0, 12, 84], None, None, None], (0,))]
[0, 12, 84]
"""

from __future__ import annotations

from . import board

__all__ = [
    "SEAT_COLORS",
    "SEAT_SHAPES",
    "LETTER_FILL",
    "ARM_TINTS",
    "BOARD_COLORS",
    "CELL",
    "MARGIN",
    "PIECE_R",
    "HOME_R",
    "SHARED_R",
    "STACK_OFFSETS",
    "SHAPES",
    "CARD_SIZE",
    "CARD_LAYOUT",
    "FONT_MIN",
    "HEAT_RAMPS",
    "HEAT_BINS",
    "HEAT_TEXT",
    "heat_color",
    "charkoni_spots",
    "card_centre",
    "stacks",
    "scene",
]

SEAT_COLORS = ("#E69F00", "#0072B2", "#009E73", "#CC79A7")
"""Okabe-Ito colours, safe for colour-blind readers: S orange, E blue, N green, W purple."""
SEAT_SHAPES = ("circle", "square", "triangle", "diamond")
"""Each seat's pieces also differ by shape (and carry the seat's letter)."""
LETTER_FILL = ("#111", "#fff", "#111", "#111")
"""The letter colour with the best contrast on each seat's colour."""
BOARD_COLORS = {
    "light": {
        "line": "#8a7654",
        "castle": "#6d5a3a",
        "arm_0": "#fbe2b0",
        "arm_1": "#cde2f3",
        "arm_2": "#c6eadc",
        "arm_3": "#f3d5e6",
        "charkoni": "#f1e6cc",
        "piece_stroke": "#222222",
    },
    "dark": {
        "line": "#a8966f",
        "castle": "#e3d3ae",
        "arm_0": "#5b4520",
        "arm_1": "#1f3e58",
        "arm_2": "#1d4a3c",
        "arm_3": "#553549",
        "charkoni": "#3c3628",
        "piece_stroke": "#0d0d0d",
    },
}
"""The board's colours in the light and the dark theme: the lines between squares, the castles'
crosses, each arm tinted in its seat's colour, the Charkoni and the pieces' outline. The static
SVG uses the light ones; the widget sends both in its scene, and ``js/draw.js`` sets them on the
board as the CSS variables ``--pachisi-<name>-light`` and ``--pachisi-<name>-dark`` (``_`` written
``-``), between which ``js/widget.css`` chooses by the notebook's theme."""
ARM_TINTS = tuple(BOARD_COLORS["light"][f"arm_{seat}"] for seat in board.SEATS)
"""Each arm tinted in its seat's colour (light theme; :data:`BOARD_COLORS` has the dark ones)."""
CELL = 40
"""Size of one square in SVG units."""
MARGIN = 34
"""Room around the board for the 25-castle labels beyond the arm tips."""
PIECE_R = 14
"""Radius of a piece on the board."""
HOME_R = 14
"""Radius of a piece at home (in its seat card's home tray)."""
SHARED_R = 11
"""Radius of each stack on a square that stacks of several seats (or steps) share."""
STACK_OFFSETS = {
    2: ((-0.22, 0.12), (0.22, -0.12)),
    4: ((-0.22, 0.22), (0.22, 0.22), (-0.22, -0.22), (0.22, -0.22)),
}
"""Grid offsets of stacks sharing a square: two of them, or up to four (and on, in turn)."""
SHAPES = {
    "square": {"half": 0.92, "rx": 2},
    "triangle": ((0, -1.22), (1.15, 0.86), (-1.15, 0.86)),
    "diamond": ((0, -1.25), (1.25, 0), (0, 1.25), (-1.25, 0)),
    "letter_dy": (0.36, 0.36, 0.45, 0.36),
    "letter_size": 1.3,
    "badge": {"offset": 1.0, "r": 0.8, "font": 1.3, "dy": 0.46},
    "returning": "scale(1.25 0.74) rotate(90)",
}
"""Piece outlines in units of the radius r (a circle is r itself): the square's half side and
corner, the triangle's and diamond's corners; the letter's baseline and size; the count badge;
a returning piece lies on its side (turned a quarter and flattened)."""
CARD_SIZE = (270, 176)
"""Width and height of a seat card."""
CARD_LAYOUT = {
    "icon": (-105, -56, 15),
    "name": (-80, -49),
    "sub": (-80, -25),
    "waiting": (-119, 4),
    "tray": (-121, 16, 242, 44),
    "tray_label": (-109, 44),
    "home": (95, 38),
    "note": (-119, 80),
}
"""Where things stand on a seat card, in SVG units from its centre (y down): the seat's icon
(x, y, r), the name, the player, the waiting count, the home tray (x, y, width, height) with its
label and the spot of the pieces at home, and the note (to move, winner)."""
FONT_MIN = 18
"""The smallest text on the board, in SVG units: 12 px on screen once the board is 560 px wide."""


HEAT_RAMPS = {
    "danger": ("#ffffb2", "#fecc5c", "#fd8d3c", "#f03b20", "#bd0026"),
    "reach": ("#eff3ff", "#bdd7e7", "#6baed6", "#3182bd", "#08519c"),
}
"""The heat maps' colours, each a sequential ramp of one hue from light to dark (ColorBrewer
YlOrRd and Blues, readable by colour-blind readers and in greyscale): danger from light yellow
to dark red, reach in blues, so the two maps never look alike."""
HEAT_BINS = (0.05, 0.15, 0.3, 0.5)
"""Upper bounds of the ramp's first four colours (the fifth is above 0.5): a chance below 5%
gets the lightest colour, one above 50% the darkest."""
HEAT_TEXT = ("#111", "#111", "#111", "#fff", "#fff")
"""The text colour with the best contrast on each colour of a ramp."""


def heat_color(kind: str, p: float) -> str:
    """The colour of chance ``p`` (0..1) on the ramp of ``kind`` (``"danger"`` or ``"reach"``).

    >>> heat_color("danger", 0.02), heat_color("danger", 0.9), heat_color("reach", 0.2)
    ('#ffffb2', '#bd0026', '#6baed6')
    """
    ramp = HEAT_RAMPS[kind]
    for i, bound in enumerate(HEAT_BINS):
        if p < bound:
            return ramp[i]
    return ramp[-1]


def _turn(x: float, y: float, k: int) -> list:
    """(x, y) turned k quarter turns about the board's centre (South's place to seat k's)."""
    for _ in range(k):
        x, y = board.SIZE - 1 - y, x
    return [x, y]


def charkoni_spots() -> dict:
    """Where waiting (step 0) and home (step 84) pieces stand, per seat.

    Waiting pieces stand in the Charkoni, in the triangle towards their seat's arm, off its
    middle so that the Charkoni's name stays readable between them (seat k's spot is South's
    turned k quarter turns). Pieces that have come home stand apart, in the home
    tray of their seat's card, so a piece in the Charkoni is always one still to enter.

    >>> charkoni_spots()["waiting"][0], charkoni_spots()["home"][0]
    ([8.4, 7.85], [16.875, 2.55])
    """
    hx, hy = CARD_LAYOUT["home"]
    return {
        "waiting": [_turn(8.4, 7.85, k) for k in board.SEATS],
        "home": [[x + hx / CELL, y - hy / CELL] for x, y in (card_centre(k) for k in board.SEATS)],
    }


def card_centre(seat: int) -> list:
    """The centre of ``seat``'s card, in the corner to the right of its arm (S bottom right)."""
    return _turn(14.5, 3.5, seat)


def stacks(pieces, seats) -> list[dict]:
    """Every stack of pieces with its place: one per (seat, step), in seat then step order.

    ``pieces`` holds each seat's four steps (None for a seat nobody plays). Each stack is
    {seat, step, pieces, x, y, r, returning}: steps 0 and 84 stand at :func:`charkoni_spots`;
    stacks that share a square are spread by :data:`STACK_OFFSETS` and drawn smaller.
    """
    spots = charkoni_spots()
    out: list[dict] = []
    for seat in seats:
        steps = pieces[seat]
        if steps is None:
            continue
        by_step: dict = {}
        for i, step in enumerate(steps):
            by_step.setdefault(step, []).append(i)
        for step in sorted(by_step):
            if step == 0:
                x, y = spots["waiting"][seat]
            elif step == board.HOME:
                x, y = spots["home"][seat]
            else:
                x, y = board.square(seat, step)
            out.append(
                {
                    "seat": seat,
                    "step": step,
                    "pieces": by_step[step],
                    "x": float(x),
                    "y": float(y),
                    "r": float(HOME_R if step == board.HOME else PIECE_R),
                    "returning": 0 < step < board.HOME and step >= board.RETURNING_STEP,
                }
            )
    by_square: dict = {}
    for s in out:
        by_square.setdefault((s["x"], s["y"]), []).append(s)
    for group in by_square.values():
        if len(group) < 2:
            continue
        offsets = STACK_OFFSETS[2 if len(group) == 2 else 4]
        for i, s in enumerate(group):
            dx, dy = offsets[i % len(offsets)]
            s["x"] = round(s["x"] + dx, 4)
            s["y"] = round(s["y"] + dy, 4)
            s["r"] = float(SHARED_R)
    return out


def scene() -> dict:
    """The facts the live board draws with (JSON-safe), sent once in its geometry."""
    return {
        "cell": CELL,
        "margin": MARGIN,
        "seat_colors": list(SEAT_COLORS),
        "seat_shapes": list(SEAT_SHAPES),
        "letter_fill": list(LETTER_FILL),
        "arm_tints": list(ARM_TINTS),
        "board_colors": {theme: dict(colors) for theme, colors in BOARD_COLORS.items()},
        "piece_r": PIECE_R,
        "home_r": HOME_R,
        "shared_r": SHARED_R,
        "shapes": {
            k: (
                [list(p) for p in v]
                if isinstance(v, tuple) and isinstance(v[0], tuple)
                else list(v)
                if isinstance(v, tuple)
                else v
            )
            for k, v in SHAPES.items()
        },
        "spots": charkoni_spots(),
        "cards": {
            "centres": [card_centre(s) for s in board.SEATS],
            "size": list(CARD_SIZE),
            "layout": {k: list(v) for k, v in CARD_LAYOUT.items()},
        },
        "font_min": FONT_MIN,
        "heat": {
            "ramps": {k: list(v) for k, v in HEAT_RAMPS.items()},
            "bins": list(HEAT_BINS),
            "text": list(HEAT_TEXT),
        },
        "home_step": board.HOME,
    }
