"""The static SVG picture (``_repr_svg_`` of Game and GameState): well formed, complete, and
drawn the way the live widget draws (same colours, shapes, hooks and Charkoni places)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import pachisi_widget as pw
from pachisi_widget import board, svg

REPO = Path(__file__).resolve().parents[2]

NS = {"s": "http://www.w3.org/2000/svg"}


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)  # raises on malformed XML (a repeated attribute, bad escaping...)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def pieces(root: ET.Element) -> list[ET.Element]:
    return [
        g
        for g in root.iter("{http://www.w3.org/2000/svg}g")
        if "pachisi-piece " in g.get("class", "") + " "
    ]


@pytest.fixture
def mixed() -> pw.Game:
    return pw.Game.from_position(
        [[0, 12, 12, 59], [84, 0, 8, 8], [3, 81, 0, 0], [84, 84, 84, 70]], to_move=0, seed=3
    )


def test_repr_svg_of_game_and_state(mixed):
    for obj in (mixed, mixed.state, pw.Game(players=2, seed=1), pw.Game(players=2, seed=1).state):
        text = obj._repr_svg_()
        assert isinstance(text, str) and text.startswith("<svg")
        parse(text)
    assert mixed._repr_svg_() == mixed.state._repr_svg_()


def test_board_has_96_squares_12_castles_and_four_25_castles(mixed):
    root = parse(mixed._repr_svg_())
    squares = [e.get("data-square") for e in root.iter() if e.get("data-square")]
    assert len(squares) == 96 and len(set(squares)) == 96
    assert {tuple(map(int, s.split(","))) for s in squares} == set(board.SQUARES)
    castles = [e for e in root.iter() if e.get("class") == "pachisi-castle"]
    assert len(castles) == 12
    labels = [e for e in root.iter() if e.get("data-twenty-five") is not None]
    assert sorted(int(e.get("data-twenty-five")) for e in labels) == [0, 1, 2, 3]
    assert {e.text for e in labels} == {"25"}
    assert {e.get("fill") for e in labels} == set(svg.SEAT_COLORS)


def test_each_arm_is_tinted_in_its_seats_colour(mixed):
    root = parse(mixed._repr_svg_())
    for e in root.iter():
        if e.get("data-square"):
            x, y = map(int, e.get("data-square").split(","))
            arm = 0 if y <= 7 else 1 if x >= 11 else 2 if y >= 11 else 3
            assert e.get("fill") == svg.ARM_TINTS[arm]


def test_pieces_carry_seat_piece_step_and_count(mixed):
    root = parse(mixed._repr_svg_())
    found = {(int(g.get("data-seat")), int(g.get("data-step"))): g for g in pieces(root)}
    assert sum(int(g.get("data-count")) for g in found.values()) == 16
    stack = found[(0, 12)]
    assert (
        stack.get("data-count") == "2"
        and stack.get("data-piece") == "1"
        and stack.get("data-pieces") == "1,2"
    )
    assert "2" in [t.text for t in stack.iter("{http://www.w3.org/2000/svg}text")]
    assert "pachisi-waiting" in found[(1, 0)].get("class")
    assert "pachisi-home" in found[(3, 84)].get("class") and found[(3, 84)].get("data-count") == "3"


def test_returning_pieces_lie_on_their_side(mixed):
    root = parse(mixed._repr_svg_())
    returning = sorted(
        (int(g.get("data-seat")), int(g.get("data-step")))
        for g in pieces(root)
        if "pachisi-returning" in g.get("class")
    )
    assert returning == [(0, 59), (2, 81), (3, 70)]
    assert all(step >= board.RETURNING_STEP for _, step in returning)
    lying = next(g for g in pieces(root) if g.get("data-step") == "59")
    assert "rotate(90)" in lying.find("s:g", NS).get("transform")


def test_seat_colours_shapes_and_letters(mixed):
    root = parse(mixed._repr_svg_())
    tags = {"circle": "circle", "square": "rect", "triangle": "polygon", "diamond": "polygon"}
    for seat in range(4):
        g = next(g for g in pieces(root) if g.get("data-seat") == str(seat))
        shape = g.find("s:g", NS)[0]
        assert shape.tag.endswith(tags[svg.SEAT_SHAPES[seat]])
        assert shape.get("fill") == svg.SEAT_COLORS[seat]
        letters = [t.text for t in g.iter("{http://www.w3.org/2000/svg}text")]
        assert "SENW"[seat] in letters


def test_pieces_stand_where_the_track_says(mixed):
    root = parse(mixed._repr_svg_())
    g = next(g for g in pieces(root) if g.get("data-seat") == "0" and g.get("data-step") == "59")
    cx, cy = svg._xy(*board.square(0, 59))
    assert g.get("transform") == f"translate({svg._f(cx)} {svg._f(cy)})"
    # South's step 1 is (9, 7), just below the Charkoni
    g1 = pw.Game.from_position([[1, 0, 0, 0], None, [0, 0, 0, 0], None], seed=1)
    one = next(g for g in pieces(parse(g1._repr_svg_())) if g.get("data-step") == "1")
    assert one.get("transform") == "translate({} {})".format(*map(svg._f, svg._xy(9, 7)))


def test_charkoni_places_are_shared_with_the_widget():
    spots = svg.charkoni_spots()
    assert spots["waiting"] == [[8.4, 7.85], [10.15, 8.4], [9.6, 10.15], [7.85, 9.6]]
    for p in spots["waiting"]:
        assert all(7.5 <= c <= 10.5 for c in p)  # inside the Charkoni
    w = pw.PachisiWidget(players=2, seed=1)
    assert w.geometry["spots"] == spots


def test_pieces_at_home_stand_apart_in_their_seats_home_tray():
    """The Charkoni holds only pieces still to enter; finished ones stand on their seat's card,
    in a tray that says how many are home."""
    from pachisi_widget import scene

    spots = svg.charkoni_spots()
    w, h = scene.CARD_SIZE
    for seat, (x, y) in enumerate(spots["home"]):
        assert not (7.5 <= x <= 10.5 and 7.5 <= y <= 10.5)  # not in the Charkoni
        cx, cy = scene.card_centre(seat)
        assert abs(x - cx) * scene.CELL < w / 2 and abs(y - cy) * scene.CELL < h / 2  # on the card
    g = pw.Game.from_position([[84, 84, 0, 5], None, [0, 0, 0, 0], None], seed=1)
    root = parse(g._repr_svg_())
    home = next(p for p in pieces(root) if p.get("data-step") == "84")
    hx, hy = svg._xy(*spots["home"][0])
    assert home.get("transform") == f"translate({svg._f(hx)} {svg._f(hy)})"
    assert home.get("data-count") == "2"
    text = g._repr_svg_()
    assert "in the Charkoni: 1" in text and "home: 2" in text and "pachisi-home-tray" in text


def test_the_pictures_facts_are_written_once():
    """Colours, shapes, sizes and stack places live in scene.py: the static SVG uses them, the
    widget sends them (the scene in its geometry, the stacks in its state), draw.js has none."""
    from pachisi_widget import scene

    assert svg.SEAT_COLORS == scene.SEAT_COLORS and svg.SEAT_SHAPES == scene.SEAT_SHAPES
    w = pw.PachisiWidget(
        game=pw.Game.from_position([[0, 12, 12, 59], [84, 0, 8, 8], [3, 81, 0, 0], None], seed=3)
    )
    assert w.geometry["scene"] == json.loads(json.dumps(scene.scene()))
    assert w.state["stacks"] == scene.stacks(w.game.state.pieces, w.game.state.seats)
    root = parse(w.game._repr_svg_())
    drawn = {(g.get("data-seat"), g.get("data-step")): g.get("transform") for g in pieces(root)}
    for st in w.state["stacks"]:
        cx, cy = svg._xy(st["x"], st["y"])
        assert drawn[str(st["seat"]), str(st["step"])] == f"translate({svg._f(cx)} {svg._f(cy)})"
    js = "\n".join(
        (REPO / "js" / name).read_text(encoding="utf-8") for name in ("draw.js", "widget.js")
    )
    for fact in [*scene.SEAT_COLORS, *scene.ARM_TINTS, "scale(1.25 0.74)", "14.5, 3.5", "0.22"]:
        assert fact.lower() not in js.lower(), fact


def test_the_board_colours_are_written_once():
    """The board's colours of both themes live in scene.BOARD_COLORS: the static SVG draws with the
    light ones, the widget sends both in its scene, and the front end (CSS included) only refers
    to them by the CSS variables draw.js sets from the scene."""
    from pachisi_widget import scene

    light, dark = scene.BOARD_COLORS["light"], scene.BOARD_COLORS["dark"]
    assert set(light) == set(dark)
    assert tuple(light[f"arm_{s}"] for s in range(4)) == scene.ARM_TINTS
    assert scene.scene()["board_colors"] == scene.BOARD_COLORS
    assert (
        light["line"],
        light["castle"],
        light["charkoni"],
    ) == (svg._LINE, svg._CASTLE, svg._CHARKONI)
    front_end = sorted((REPO / "js").glob("*.js")) + sorted((REPO / "js" / "panels").glob("*.js"))
    sources = {
        f.name: f.read_text(encoding="utf-8").lower()
        for f in front_end
        if not f.name.endswith(".test.js")
    }
    css = (REPO / "js" / "widget.css").read_text(encoding="utf-8")
    sources["widget.css"] = css.lower()
    for colour in {*scene.SEAT_COLORS, *light.values(), *dark.values()}:
        for name, src in sources.items():
            assert colour.lower() not in src, (colour, name)
    for name in light:
        css_name = name.replace("_", "-")
        for theme in ("light", "dark"):
            assert f"var(--pachisi-{css_name}-{theme})" in css, (name, theme)


def test_seat_cards_show_the_seat_to_move_and_the_winner():
    g = pw.Game.from_position([[0, 0, 0, 0], None, [0, 0, 0, 0], None], to_move=2, seed=1)
    text = g._repr_svg_()
    root = parse(text)
    cards = {e.get("data-seat-card"): e for e in root.iter() if e.get("data-seat-card")}
    assert set(cards) == {"0", "2"}
    assert "To move" in "".join(cards["2"].itertext()) and "To move" not in "".join(
        cards["0"].itertext()
    )
    won = pw.Game.from_position([[84, 84, 84, 84], None, [0, 0, 0, 0], None], seed=1)
    assert won.winner == 0
    assert "Winner" in "".join(parse(won._repr_svg_()).itertext())


def test_names_are_escaped_text():
    g = pw.Game(players=2, seed=1)
    text = svg.board_svg(g.state, names=["<b>A & co</b>", "", 'x"y', ""])
    root = parse(text)
    assert "<b>" not in text
    assert "<b>A & co</b>" in "".join(root.itertext())


def test_size_and_description(mixed):
    root = parse(svg.board_svg(mixed.state, size=300))
    assert (
        root.get("width") == "300"
        and root.get("viewBox").split()[2] == root.get("viewBox").split()[3]
    )
    assert root.find("s:desc", NS).text == mixed.state.notation()
