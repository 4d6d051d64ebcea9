// @vitest-environment jsdom
// The JSDoc WidgetModel in js/widget.js names every synced trait once: the traits Python sends
// (js/fixtures/traits.json, kept up to date by tests/test_widget.py) and the TRAITS the view
// redraws on must agree with it, so the typedef cannot drift from the model again.
import { describe, expect, it } from "vitest";
import fixture from "./fixtures/traits.json";
import { TRAITS } from "./widget.js";
import source from "./widget.js?raw";

/** name -> description of each `@property` of the WidgetModel typedef. */
function typedefProperties() {
  const block = source.match(/\/\*\*((?:(?!\*\/)[\s\S])*@typedef \{Object\} WidgetModel[\s\S]*?)\*\//);
  expect(block, "js/widget.js has a WidgetModel typedef").not.toBeNull();
  const props = new Map();
  for (const line of block[1].split("\n")) {
    const m = line.match(/@property\s+\{(?:[^{}]|\{[^{}]*\})*\}\s+(\w+)\s*(.*)$/);
    if (m) props.set(m[1], m[2]);
  }
  return props;
}

/** Every trait Python syncs: the geometry, and the traits of a position. */
const synced = ["geometry", ...Object.keys(fixture.positions.start)];

describe("the WidgetModel typedef", () => {
  const props = typedefProperties();

  it("lists every trait Python syncs, and nothing else", () => {
    expect([...props.keys()].sort()).toEqual([...new Set(synced)].sort());
  });

  it("lists every trait the view redraws on", () => {
    expect(TRAITS.filter((t) => !props.has(t))).toEqual([]);
    expect(new Set(TRAITS).size).toBe(TRAITS.length);
  });

  it("says which traits the view does not watch", () => {
    const unwatched = [...props.keys()].filter((t) => !TRAITS.includes(t));
    for (const t of unwatched) expect(props.get(t), t).toMatch(/Python only/);
  });
});
