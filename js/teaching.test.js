// @vitest-environment jsdom
// The hints and heat-map panels (js/panels/hints.js, js/panels/legend.js) on real traits written
// by Python (js/fixtures/traits.json: hints on a pure race, whose chances are exact; the danger
// map of a four-seat middle game; the reach maps of the same position), drawn by the mounted
// widget with a stand-in model, and the intents their controls send.
import { beforeEach, describe, expect, it } from "vitest";
import { buildBoard } from "./draw.js";
import { fakeModel, flush, mountWidget } from "./fake-model.js";
import fixture from "./fixtures/traits.json";
import { boxAt, decorateTargets, hintLine, intersects, pieceBoxes, placeLabels, wordBoxes } from "./panels/hints.js";
import { buildHeat, buildLegend, heatMap } from "./panels/legend.js";

const geometry = fixture.geometry;
const pos = fixture.positions;

let el;
const mount = (model) => (el = mountWidget(model));
const q = (sel) => el.querySelector(sel);
const qa = (sel) => [...el.querySelectorAll(sel)];

beforeEach(() => {
  document.body.replaceChildren();
});

describe("hint labels in a crowded position", () => {
  const p = pos.hints;
  // South's arm crowded: pieces of two seats on neighbouring squares, ten destinations around
  // them (two pairs sharing a square), every one with a label
  const stacks = [
    [0, [10, 3]],
    [0, [10, 4]],
    [2, [9, 4]],
    [0, [8, 5]],
    [2, [10, 6]],
    [0, [9, 7]],
    [2, [8, 2]],
  ].map(([seat, [x, y]], i) => ({ pieces: [i % 4], r: 14, returning: false, seat, step: 10 + i, x, y }));
  stacks[1].pieces = [1, 2]; // a stack: its count badge too
  const ends = [
    [10, 5],
    [9, 5],
    [9, 6],
    [10, 7],
    [8, 6],
    [8, 4],
    [9, 3],
    [9, 3],
    [8, 3],
    [8, 3],
    [9, 2],
    [10, 2],
  ];
  const moves = ends.map((to, i) => ({
    id: `9.${i}`,
    seat: 0,
    kind: "move",
    start: 12,
    end: 14 + i,
    value: 2 + (i % 5),
    to,
    from: [10, 3],
    captures: [],
    label: `move ${i}`,
    path: [],
  }));
  const hintView = {
    status: "ready",
    revision: 9,
    moves: Object.fromEntries(
      moves.map((m, i) => [
        m.id,
        { win: 0.3 + i / 40, text: `${30 + i}% ±3`, label: `chance ${30 + i}%`, best: i === 11, about_equal: i === 10 },
      ]),
    ),
  };
  const labelBoxes = (svg) =>
    [...svg.querySelectorAll(".pachisi-target[data-move]")].map((g) => {
      const [tx, ty] = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(g.getAttribute("transform")).slice(1).map(Number);
      const label = g.querySelector(".pachisi-hint");
      const [dx, dy] = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(label.getAttribute("transform")).slice(1).map(Number);
      const rect = label.querySelector(".pachisi-hint-bg");
      return boxAt(tx + dx, ty + dy, Number(rect.getAttribute("width")), Number(rect.getAttribute("height")));
    });

  it("covers no piece and no other label, and draws a leader line to a label set farther out", () => {
    const state = { ...p.state, stacks, phase: "move" };
    const svg = buildBoard(document, { geometry, state, legalMoves: moves });
    expect(decorateTargets(document, svg, hintView, 9)).toBe(moves.length);
    const labels = labelBoxes(svg);
    const pieces = pieceBoxes(svg);
    expect(pieces.length).toBe(stacks.length);
    for (let i = 0; i < labels.length; i++) {
      for (let j = i + 1; j < labels.length; j++)
        expect(intersects(labels[i], labels[j]), `labels ${i}, ${j}`).toBe(false);
      for (const [k, piece] of pieces.entries())
        expect(intersects(labels[i], piece), `label ${i}, piece ${k}`).toBe(false);
    }
    expect([...svg.querySelectorAll(".pachisi-hint")].every((n) => n.getAttribute("data-clear") === "true")).toBe(true);
    const leaders = svg.querySelectorAll(".pachisi-hint-leader");
    expect(leaders.length).toBeGreaterThan(0); // this many labels cannot all sit next to their rings
    // the best move's label sits right next to its ring
    const best = svg.querySelector('.pachisi-target[data-best="true"]');
    expect(best.querySelector(".pachisi-hint-leader")).toBeNull();
  });

  it("keeps a label next to the Charkoni off the Charkoni's name", () => {
    // one destination on the square just right of the Charkoni, where the name's end lies
    const state = { ...p.state, stacks: [], phase: "move" };
    const move = { ...moves[0], id: "9.0", to: [10, 8], from: [10, 3] };
    const svg = buildBoard(document, { geometry, state, legalMoves: [move] });
    const words = wordBoxes(svg);
    expect(words.length).toBe(1);
    expect(words[0].x1 - words[0].x0).toBeGreaterThan(40); // the name is wider than a square
    decorateTargets(document, svg, { status: "ready", revision: 9, moves: { "9.0": hintView.moves["9.0"] } }, 9);
    const [label] = labelBoxes(svg);
    expect(intersects(label, words[0])).toBe(false);
  });

  it("places labels apart in many random crowded neighbourhoods", () => {
    let seed = 7;
    const rand = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const bounds = { x0: -34, y0: -34, x1: 794, y1: 794 };
    for (let trial = 0; trial < 40; trial++) {
      const cells = new Set();
      const cell = () => {
        let key;
        do key = `${Math.floor(rand() * 7)},${Math.floor(rand() * 7)}`;
        while (cells.has(key));
        cells.add(key);
        return key.split(",").map((v) => 300 + 40 * Number(v));
      };
      const pieces = Array.from({ length: 8 }, () => {
        const [x, y] = cell();
        return boxAt(x, y, 28, 28);
      });
      const targets = Array.from({ length: 8 }, (_, i) => {
        const [x, y] = cell();
        return { key: String(i), x, y, r: 18, w: 77, h: 30 };
      });
      const places = [...placeLabels(targets, pieces, bounds).values()];
      for (let i = 0; i < places.length; i++) {
        expect(places[i].clear, `trial ${trial}, label ${i}`).toBe(true);
        for (let j = i + 1; j < places.length; j++) expect(intersects(places[i].box, places[j].box)).toBe(false);
        for (const b of pieces) expect(intersects(places[i].box, b)).toBe(false);
      }
    }
  });
});

describe("hints on the board", () => {
  const p = pos.hints;
  const hv = p.hint_view;
  const board = () => buildBoard(document, { geometry, state: p.state, legalMoves: p.legal_moves });

  it("Python sent a chance for every legal move, the best one marked", () => {
    expect(hv.status).toBe("ready");
    expect(Object.keys(hv.moves).sort()).toEqual(p.legal_moves.map((m) => m.id).sort());
    const best = Object.entries(hv.moves).filter(([, h]) => h.best);
    expect(best.map(([id]) => id)).toEqual([hv.best]);
    const top = Math.max(...Object.values(hv.moves).map((h) => h.win));
    expect(hv.moves[hv.best].win).toBe(top);
  });

  it("puts data-win, the figure and a bar on each destination ring", () => {
    const svg = board();
    const n = decorateTargets(document, svg, hv, p.revision);
    const rings = [...svg.querySelectorAll(".pachisi-target[data-move]")];
    expect(n).toBe(rings.length);
    expect(rings.length).toBe(p.legal_moves.filter((m) => m.kind !== "pass").length);
    for (const g of rings) {
      const hint = hv.moves[g.getAttribute("data-move")];
      expect(g.getAttribute("data-win")).toBe(String(hint.win));
      expect(g.querySelector(".pachisi-hint-text").textContent).toContain(hint.text);
      expect(g.getAttribute("aria-label")).toContain(hint.label);
      const bar = Number(g.querySelector(".pachisi-hint-bar").getAttribute("width"));
      const track = Number(g.querySelector(".pachisi-hint-track").getAttribute("width"));
      expect(bar / track).toBeCloseTo(hint.win, 2);
      expect(g.classList.contains("pachisi-hint-best")).toBe(hint.best);
      if (hint.best) expect(g.querySelector(".pachisi-hint-text").textContent.startsWith("★")).toBe(true);
    }
  });

  // the hints with no clear best: the first two moves about equal, and `more(i)` on move i
  const tiedView = (more) => ({
    ...hv,
    best: null,
    moves: Object.fromEntries(
      Object.keys(hv.moves).map((id, i) => [id, { ...hv.moves[id], best: false, about_equal: i < 2, ...more(i) }]),
    ),
  });

  it("stars no move when the best is not clear, and marks those about equal with ≈", () => {
    const svg = board();
    const tied = tiedView(() => ({}));
    decorateTargets(document, svg, tied, p.revision);
    const rings = [...svg.querySelectorAll(".pachisi-target[data-move]")];
    expect(svg.querySelector(".pachisi-hint-best")).toBeNull();
    for (const g of rings) {
      const hint = tied.moves[g.getAttribute("data-move")];
      const shown = g.querySelector(".pachisi-hint-text").textContent;
      expect(shown.startsWith("≈ ")).toBe(hint.about_equal);
      expect(g.getAttribute("data-about-equal") === "true").toBe(hint.about_equal);
    }
  });

  it("marks the coach's pick among moves about equal with ☆, the others with ≈", () => {
    const svg = board();
    const tied = tiedView((i) => ({ pick: i === 1 }));
    decorateTargets(document, svg, tied, p.revision);
    const rings = [...svg.querySelectorAll(".pachisi-target[data-move]")];
    expect(svg.querySelector(".pachisi-hint-best")).toBeNull();
    expect(svg.querySelectorAll('[data-pick="true"]').length).toBe(1);
    for (const g of rings) {
      const hint = tied.moves[g.getAttribute("data-move")];
      const shown = g.querySelector(".pachisi-hint-text").textContent;
      expect(shown.startsWith("☆ ")).toBe(hint.pick);
      expect(shown.startsWith("≈ ")).toBe(hint.about_equal && !hint.pick);
    }
  });

  it("ignores hints made for another revision (a stale answer)", () => {
    const svg = board();
    expect(decorateTargets(document, svg, hv, p.revision + 1)).toBe(0);
    expect(svg.querySelector("[data-win]")).toBeNull();
  });

  it("says Thinking with the percentage while Python computes", () => {
    const line = hintLine(
      { status: "thinking", progress: 0.4, text: "Thinking… 40% of the games played on" },
      false,
      {},
    );
    expect(line).toEqual({ text: "Thinking… 40% of the games played on", thinking: true, progress: 0.4 });
    expect(hintLine({}, true, { thinking: "Thinking…" }).text).toBe("Thinking…");
    expect(hintLine(hv, false, {}).text).toContain(hv.about);
    expect(hintLine(hv, false, {}).text).toContain(hv.pass.text);
  });

  it("the mounted widget has a labelled Hint button that sends the intent, and shows the hints", async () => {
    const model = fakeModel("hints");
    mount(model);
    await flush();
    const button = q('button[data-action="hint"]');
    expect(button.textContent).toBe(p.state.labels.hide_hints);
    expect(button.getAttribute("aria-pressed")).toBe("true");
    expect(qa("[data-win]").length).toBe(Object.keys(hv.moves).length - (hv.pass ? 1 : 0));
    expect(q('[data-role="hint-progress"]').textContent).toContain(hv.about);
    button.click();
    expect(model.sent).toContainEqual({ kind: "hint", on: false });
  });

  it("shows the progress line while the hints are computed", async () => {
    const model = fakeModel("hints", {
      hint_view: { status: "thinking", progress: 0.25, text: "Thinking… 25% of the games played on" },
    });
    mount(model);
    await flush();
    const line = q('[data-role="hint-progress"]');
    expect(line.textContent).toBe("Thinking… 25% of the games played on");
    expect(line.getAttribute("data-thinking")).toBe("true");
    expect(q(".pachisi-hint-meter").hidden).toBe(false);
    expect(q("[data-win]")).toBeNull();
  });
});

describe("heat maps", () => {
  const danger = pos.danger.heat;
  const reach = pos.reach.heat;

  it("draws one square per chance, with data-heat, its colour and its words", () => {
    const layer = buildHeat(document, geometry, "danger", danger.squares);
    const rects = [...layer.querySelectorAll("[data-heat]")];
    expect(rects.length).toBe(danger.squares.length);
    expect(rects.length).toBeGreaterThan(0);
    rects.forEach((r, i) => {
      const sq = danger.squares[i];
      expect(Number(r.getAttribute("data-heat"))).toBe(sq.p);
      expect(r.getAttribute("fill")).toBe(sq.color);
      expect(r.getAttribute("aria-label")).toBe(sq.label);
      expect(r.querySelector("title").textContent).toBe(sq.label);
      expect(geometry.scene.heat.ramps.danger).toContain(sq.color);
    });
  });

  it("the two maps use different ramps, light to dark", () => {
    const { ramps } = geometry.scene.heat;
    expect(ramps.danger.length).toBe(5);
    expect(ramps.reach.length).toBe(5);
    expect(ramps.danger.filter((c) => ramps.reach.includes(c))).toEqual([]);
  });

  it("reach shows the chosen stack's map, else the first legal move's", () => {
    expect(heatMap(reach, null)).toBe(reach.maps[reach.default]);
    const other = Object.keys(reach.maps).find((k) => k !== reach.default);
    expect(heatMap(reach, other)).toBe(reach.maps[other]);
    expect(heatMap({}, null)).toBeNull();
  });

  it("the legend has a title, what it means and the scale", () => {
    const nodes = buildLegend(document, danger.legend, "");
    const box = document.createElement("div");
    box.append(...nodes);
    expect(box.textContent).toContain(danger.legend.title);
    expect(box.textContent).toContain(danger.legend.caption);
    expect(box.querySelectorAll(".pachisi-legend-swatch").length).toBe(danger.legend.stops.length);
  });

  it("the mounted widget colours the board under the pieces and shows the legend", async () => {
    const model = fakeModel("danger");
    mount(model);
    await flush();
    const heat = q("svg.pachisi-board .pachisi-heat");
    expect(heat).not.toBeNull();
    expect(heat.previousElementSibling.classList.contains("pachisi-squares")).toBe(true);
    expect(qa("[data-heat]").length).toBe(danger.squares.length);
    const legend = q('[data-role="legend"]');
    expect(legend.hidden).toBe(false);
    expect(legend.textContent).toContain(danger.legend.title);
    const select = q('select[data-action="set-overlay"]');
    expect(select.value).toBe("danger");
    expect(select.closest("label").textContent).toContain(pos.danger.state.labels.overlay);
    select.value = "reach";
    select.dispatchEvent(new Event("change"));
    expect(model.sent).toContainEqual({ kind: "set_overlay", overlay: "reach" });
    select.value = "";
    select.dispatchEvent(new Event("change"));
    expect(model.sent).toContainEqual({ kind: "set_overlay", overlay: null });
    model.update({ heat: {}, overlay: null });
    await flush();
    expect(q("[data-heat]")).toBeNull();
    expect(q('[data-role="legend"]').hidden).toBe(true);
  });
});
