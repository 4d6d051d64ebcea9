// The analysis's win-chance graph (the timeline panel draws it after an analysis): one line per
// seat over the game, its y axis the chance to win, with ticks 0, 25, 50, 75, 100 %, its x axis the
// turns (numbered as the move list numbers them), a legend of the seats (colour and dash, so
// that no seat is told by its colour alone) and, for a screen reader or a printout, the same
// points as a table. The graph is drawn in pixels of its slot (its text stays 13 px, the
// projector rule's 12 px or more, however wide the panel). Its points are one tab stop: the
// arrow keys go from point to point (Home, End: the first, the last), Enter or Space jumps there;
// a click anywhere on the graph jumps to the point nearest in time.
import { htmlEl, svgEl } from "../draw.js";
import { seatColor } from "./common.js";

export const GRAPH_HEIGHT = 220;
export const GRAPH_FONT = 13; // px: every text of the graph
const MARGIN = { left: 48, right: 14, top: 26, bottom: 46 };
const DASHES = ["", "9 5", "2 4", "12 4 3 4"]; // per line, in seat order
const Y_TICKS = [0, 0.25, 0.5, 0.75, 1];
const STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000];

/** The turn (its number) a graph point after `index` actions belongs to: the last turn begun
 * before that action. */
export function turnOf(turns, index) {
  let n = turns?.[0]?.turn ?? 1;
  for (const t of turns ?? []) if (t.index <= index - 1) n = t.turn;
  return n;
}

/**
 * The x axis's ticks: [{index, turn}] at the first action of every `step`-th turn, `step` the
 * smallest of 1, 2, 5, 10, 20… that leaves at least `spacing` pixels between two ticks.
 */
export function turnTicks(turns, count, plotWidth, spacing = 40) {
  const list = (turns ?? []).filter((t) => Number.isFinite(t.turn));
  if (!list.length) return [];
  const last = list.at(-1).turn;
  const room = Math.max(1, Math.floor(plotWidth / spacing));
  const step = STEPS.find((s) => Math.ceil(last / s) <= room) ?? STEPS.at(-1);
  const firsts = new Map();
  for (const t of list) if (!firsts.has(t.turn)) firsts.set(t.turn, t.index);
  const out = [];
  for (const [turn, index] of firsts) {
    if (turn === 1 || turn % step === 0) out.push({ index, turn });
  }
  // the first tick and a multiple of the step too close to it: keep the multiple
  if (out.length > 1 && ((out[1].index - out[0].index) * plotWidth) / Math.max(1, count) < spacing) out.shift();
  return out;
}

/** The point that arrow keys move to from position `pos` of `n` (null: not a graph key). */
export function graphKey(key, pos, n) {
  if (key === "ArrowLeft" || key === "ArrowDown") return Math.max(0, pos - 1);
  if (key === "ArrowRight" || key === "ArrowUp") return Math.min(n - 1, pos + 1);
  if (key === "Home") return 0;
  if (key === "End") return n - 1;
  return null;
}

/**
 * The index of the graph's point nearest in time to a click at `clientX` (the graph `svg` is
 * drawn in its viewBox's units, scaled to its box on screen); null when it has no point.
 */
export function nearestPoint(svg, clientX) {
  const dots = [...svg.querySelectorAll(".pachisi-graph-point")];
  if (!dots.length) return null;
  const box = svg.getBoundingClientRect();
  const width = Number(svg.getAttribute("width")) || box.width || 1;
  const x = box.width ? ((clientX - box.left) * width) / box.width : clientX;
  let best = dots[0];
  for (const d of dots) {
    if (Math.abs(Number(d.getAttribute("cx")) - x) < Math.abs(Number(best.getAttribute("cx")) - x)) best = d;
  }
  return Number(best.getAttribute("data-index"));
}

/** Every point of the graph's lines in the game's order: [{seat, index, chance, label}]. */
export function graphPoints(timeline) {
  const out = [];
  for (const line of timeline.lines ?? []) for (const p of line.points) out.push({ seat: line.seat, ...p });
  return out.sort((a, b) => a.index - b.index || a.seat - b.seat);
}

/**
 * The win-chance graph: axes with their titles and ticks, one polyline per seat (x: the action,
 * y: the chance), each analysed move a point that jumps there.
 * @param {Document} doc
 * @param {object} timeline  the `timeline` trait
 * @param {object} geometry  for the seats' colours
 * @param {string} label     the graph's accessible name
 * @param {{width?: number, labels?: object, current?: number}} options  its width in pixels,
 *   the board's labels (the axes' titles), the point (its position in graphPoints) that is
 *   the tab stop
 * @returns {SVGSVGElement}
 */
export function buildGraph(doc, timeline, geometry, label, options = {}) {
  const W = Math.max(240, Math.round(options.width || 360));
  const H = GRAPH_HEIGHT;
  const labels = options.labels ?? {};
  const count = Math.max(1, timeline.count ?? 1);
  const plotW = W - MARGIN.left - MARGIN.right;
  const plotH = H - MARGIN.top - MARGIN.bottom;
  const x = (i) => MARGIN.left + (plotW * i) / count;
  const y = (p) => MARGIN.top + plotH * (1 - p);
  const svg = svgEl(doc, "svg", {
    class: "pachisi-graph",
    "data-role": "win-graph",
    viewBox: `0 0 ${W} ${H}`,
    width: W,
    height: H,
    role: "group",
    "aria-label": label,
  });
  const axes = svgEl(doc, "g", { class: "pachisi-graph-axes", "aria-hidden": "true" });
  for (const p of Y_TICKS) {
    axes.appendChild(
      svgEl(doc, "line", {
        class: p === 0.5 ? "pachisi-graph-half" : "pachisi-graph-grid",
        x1: MARGIN.left,
        x2: W - MARGIN.right,
        y1: y(p),
        y2: y(p),
      }),
    );
    const tick = { class: "pachisi-graph-tick", x: MARGIN.left - 6, y: y(p) + GRAPH_FONT / 3, "text-anchor": "end" };
    axes.appendChild(svgEl(doc, "text", tick, `${Math.round(100 * p)}%`));
  }
  const yTitle = { class: "pachisi-graph-title", x: 4, y: MARGIN.top - 10, "data-axis": "y" };
  axes.appendChild(svgEl(doc, "text", yTitle, labels.graph_chance ?? ""));
  const base = y(0);
  axes.appendChild(
    svgEl(doc, "line", { class: "pachisi-graph-axis", x1: MARGIN.left, x2: MARGIN.left, y1: MARGIN.top, y2: base }),
  );
  axes.appendChild(
    svgEl(doc, "line", { class: "pachisi-graph-axis", x1: MARGIN.left, x2: W - MARGIN.right, y1: base, y2: base }),
  );
  for (const t of turnTicks(timeline.turns, count, plotW)) {
    const tx = x(t.index);
    axes.appendChild(svgEl(doc, "line", { class: "pachisi-graph-axis", x1: tx, x2: tx, y1: base, y2: base + 5 }));
    const attrs = {
      class: "pachisi-graph-tick",
      x: tx,
      y: base + 8 + GRAPH_FONT,
      "text-anchor": "middle",
      "data-turn": t.turn,
    };
    axes.appendChild(svgEl(doc, "text", attrs, String(t.turn)));
  }
  const xTitle = {
    class: "pachisi-graph-title",
    x: MARGIN.left + plotW / 2,
    y: H - 6,
    "text-anchor": "middle",
    "data-axis": "x",
  };
  axes.appendChild(svgEl(doc, "text", xTitle, labels.graph_turn ?? ""));
  svg.appendChild(axes);
  const now = timeline.index ?? 0;
  svg.appendChild(svgEl(doc, "line", { class: "pachisi-graph-now", x1: x(now), x2: x(now), y1: MARGIN.top, y2: base }));
  (timeline.lines ?? []).forEach((line, k) => {
    const pts = line.points.map((p) => `${x(p.index).toFixed(1)},${y(p.chance).toFixed(1)}`).join(" ");
    const attrs = {
      class: "pachisi-graph-line",
      points: pts,
      stroke: seatColor(geometry, line.seat),
      "data-seat": line.seat,
    };
    if (DASHES[k % DASHES.length]) attrs["stroke-dasharray"] = DASHES[k % DASHES.length];
    svg.appendChild(svgEl(doc, "polyline", attrs));
  });
  const points = graphPoints(timeline);
  const current = Math.min(points.length - 1, Math.max(0, options.current ?? 0));
  points.forEach((p, k) => {
    const dot = svgEl(doc, "circle", {
      class: "pachisi-graph-point",
      cx: x(p.index).toFixed(1),
      cy: y(p.chance).toFixed(1),
      r: 4,
      fill: seatColor(geometry, p.seat),
      tabindex: k === current ? "0" : "-1",
      role: "button",
      "data-index": p.index,
      "data-seat": p.seat,
      "data-pos": k,
      "aria-label": p.label,
    });
    dot.appendChild(svgEl(doc, "title", {}, p.label));
    svg.appendChild(dot);
  });
  return svg;
}

/** The legend: a seat a line, its colour and dash beside its name. */
export function buildLegend(doc, timeline, geometry, seatLabels = []) {
  const list = htmlEl(doc, "ul", { class: "pachisi-graph-legend", "data-role": "graph-legend" });
  (timeline.lines ?? []).forEach((line, k) => {
    const item = htmlEl(doc, "li", { "data-seat": line.seat });
    const swatch = svgEl(doc, "svg", { class: "pachisi-graph-swatch", width: 30, height: 12, "aria-hidden": "true" });
    const attrs = { x1: 1, x2: 29, y1: 6, y2: 6, stroke: seatColor(geometry, line.seat), class: "pachisi-graph-line" };
    if (DASHES[k % DASHES.length]) attrs["stroke-dasharray"] = DASHES[k % DASHES.length];
    swatch.appendChild(svgEl(doc, "line", attrs));
    item.append(swatch, htmlEl(doc, "span", {}, seatLabels[line.seat] ?? String(line.seat)));
    list.appendChild(item);
  });
  return list;
}

/** The graph's text alternative: its points as a table (turn, seat, chance to win), folded
 * under a summary that says what it is. */
export function buildTable(doc, timeline, labels = {}, seatLabels = []) {
  const box = htmlEl(doc, "details", { class: "pachisi-graph-table", "data-role": "graph-table" });
  box.appendChild(htmlEl(doc, "summary", {}, labels.graph_table ?? ""));
  const table = htmlEl(doc, "table");
  table.appendChild(htmlEl(doc, "caption", {}, labels.replay_graph ?? ""));
  const head = htmlEl(doc, "tr");
  for (const key of ["graph_turn", "graph_seat", "graph_chance"]) {
    head.appendChild(htmlEl(doc, "th", { scope: "col" }, labels[key] ?? key));
  }
  const thead = htmlEl(doc, "thead");
  thead.appendChild(head);
  const body = htmlEl(doc, "tbody");
  for (const p of graphPoints(timeline)) {
    const row = htmlEl(doc, "tr", { "data-index": p.index });
    row.appendChild(htmlEl(doc, "td", {}, String(turnOf(timeline.turns, p.index))));
    row.appendChild(htmlEl(doc, "td", {}, seatLabels[p.seat] ?? String(p.seat)));
    row.appendChild(htmlEl(doc, "td", {}, `${Math.round(100 * p.chance)}%`));
    body.appendChild(row);
  }
  table.append(thead, body);
  box.appendChild(table);
  return box;
}
