// @vitest-environment jsdom
// The board's colours are Python's (pachisi_widget/scene.py BOARD_COLORS, sent in the scene):
// the view sets both themes' sets on its root as CSS variables, and js/widget.css only refers to
// them (tests/test_svg.py checks that no colour of the scene is written in the front end).
import { afterEach, describe, expect, it } from "vitest";
import { boardColorVars } from "./draw.js";
import { fakeModel, mountWidget } from "./fake-model.js";
import fixture from "./fixtures/traits.json";

afterEach(() => document.body.replaceChildren());

describe("the board's colours", () => {
  const colors = fixture.geometry.scene.board_colors;

  it("come from the scene, in a light and a dark set", () => {
    expect(Object.keys(colors).sort()).toEqual(["dark", "light"]);
    const vars = new Map(boardColorVars(fixture.geometry.scene));
    expect(vars.get("--pachisi-arm-0-light")).toBe(colors.light.arm_0);
    expect(vars.get("--pachisi-piece-stroke-dark")).toBe(colors.dark.piece_stroke);
    expect(vars.size).toBe(Object.keys(colors.light).length + Object.keys(colors.dark).length);
    expect(boardColorVars({})).toEqual([]);
  });

  it("are set on the widget's root", () => {
    const el = mountWidget(fakeModel("start"));
    const root = el.querySelector(".pachisi-widget");
    for (const [theme, set] of Object.entries(colors)) {
      for (const [name, value] of Object.entries(set)) {
        expect(root.style.getPropertyValue(`--pachisi-${name.replaceAll("_", "-")}-${theme}`), name).toBe(value);
      }
    }
  });
});
