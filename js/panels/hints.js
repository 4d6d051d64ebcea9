// The hints panel: the Hint button (data-action="hint"), a "Thinking… 40%" line while Python
// computes the chances (data-role="hint-progress"), and on the board each legal move's chance to
// win for the seat to move (its team with teams), computed by the coach in Python
// (pachisi_widget.coach.evaluate; the `hint_view` trait): a figure with its interval ("62% ±4")
// and a small bar above each destination ring, the best move starred when it is clearly best, and
// "≈" before the moves the rollouts cannot tell apart from it. Each hinted ring carries
// data-win="<chance 0..1>". No chance is computed here. The labels are placed so that they cover
// no piece (nor the Charkoni's name), no other label and no other ring (placeLabels: the first free place around the
// ring, above it first, then farther out with a leader line back to the ring).
import { htmlEl, svgEl } from "../draw.js";

const BAR_W = 44; // SVG units: the bar of a 100% chance
const LABEL_H = 30; // a label's box: its text above its bar
const GAP = 5; // between a ring and its label, and around every box
const DIRECTIONS = [
  [0, -1],
  [0, 1],
  [1, 0],
  [-1, 0],
  [1, -1],
  [-1, -1],
  [1, 1],
  [-1, 1],
]; // above first (where a reader looks), then below, beside, the corners

/** Whether boxes {x0, y0, x1, y1} `a` and `b` overlap (touching edges do not). */
export function intersects(a, b) {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

function overlap(a, b) {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return w > 0 && h > 0 ? w * h : 0;
}

/** A box of width `w`, height `h` centred on (x, y). */
export function boxAt(x, y, w, h) {
  return { x0: x - w / 2, y0: y - h / 2, x1: x + w / 2, y1: y + h / 2 };
}

/** The places a label may take around its ring, nearest first: [{x, y, far}] centres. */
function candidates(t) {
  const out = [];
  for (const extra of [0, 10, 24, 40, 60, 84]) {
    for (const [ux, uy] of DIRECTIONS) {
      const dx = ux === 0 ? 0 : ux * (t.r * (uy ? 0.72 : 1) + GAP + t.w / 2 + extra);
      const dy = uy === 0 ? 0 : uy * (t.r * (ux ? 0.72 : 1) + GAP + t.h / 2 + extra);
      out.push({ x: t.x + dx, y: t.y + dy, far: extra > 10 });
    }
  }
  return out;
}

/**
 * Where each hint label goes: around its target ring, never over a piece, another label or
 * another ring where a free place exists (else where it covers least, labels weighing most).
 * @param {{key: string, x: number, y: number, r: number, w: number, h: number}[]} targets
 *   each ring's centre and radius and its label's size, in the order they are placed
 * @param {{x0: number, y0: number, x1: number, y1: number}[]} pieces  the pieces' boxes
 * @param {{x0: number, y0: number, x1: number, y1: number}|null} bounds  the picture's box
 * @returns {Map<string, {x: number, y: number, box: object, far: boolean, clear: boolean}>}
 *   each label's centre and box; far: away from its ring (draw a leader line); clear: it covers
 *   nothing
 */
export function placeLabels(targets, pieces, bounds = null) {
  const rings = targets.map((t) => ({ key: t.key, box: boxAt(t.x, t.y, 2 * t.r + GAP, 2 * t.r + GAP) }));
  const padded = pieces.map((b) => ({ x0: b.x0 - GAP, y0: b.y0 - GAP, x1: b.x1 + GAP, y1: b.y1 + GAP }));
  const placed = [];
  const out = new Map();
  for (const t of targets) {
    let best = null;
    for (const c of candidates(t)) {
      const box = boxAt(c.x, c.y, t.w, t.h);
      const outside = bounds && (box.x0 < bounds.x0 || box.y0 < bounds.y0 || box.x1 > bounds.x1 || box.y1 > bounds.y1);
      let cost = outside ? 1e7 : 0;
      for (const b of placed) cost += 1000 * overlap(box, b);
      for (const b of padded) cost += 100 * overlap(box, b);
      for (const r of rings) if (r.key !== t.key) cost += 10 * overlap(box, r.box);
      cost += c.far ? 1 : 0; // near the ring, when as free
      if (best === null || cost < best.cost) best = { ...c, box, cost };
      if (cost === 0) break;
    }
    placed.push(best.box);
    out.set(t.key, { x: best.x, y: best.y, box: best.box, far: best.far, clear: best.cost <= 1 });
  }
  return out;
}

/** The boxes of the pieces drawn on `svg` (each piece's group is translated to its centre and
 * carries its radius in data-r; a stack's count badge and a movable piece's ring count too). */
export function pieceBoxes(svg) {
  const out = [];
  for (const g of svg.querySelectorAll(".pachisi-piece")) {
    const m = /translate\(([-\d.]+)[ ,]+([-\d.]+)\)/.exec(g.getAttribute("transform") ?? "");
    if (!m) continue;
    const [x, y] = [Number(m[1]), Number(m[2])];
    const r = Number(g.getAttribute("data-r") ?? 14) + (g.classList.contains("pachisi-movable") ? 7 : 0);
    const box = boxAt(x, y, 2 * r, 2 * r);
    if (Number(g.getAttribute("data-count") ?? 1) > 1) {
      const r0 = Number(g.getAttribute("data-r") ?? 14);
      box.x1 = Math.max(box.x1, x + 1.8 * r0);
      box.y0 = Math.min(box.y0, y - 1.8 * r0);
    }
    out.push(box);
  }
  return out;
}

/** The boxes of the board's own words that a label must not hide: the Charkoni's name (an SVG
 * text centred on its x, its baseline at y; its width estimated from the font size, since the
 * text is not measured before it is shown). */
export function wordBoxes(svg) {
  const out = [];
  for (const t of svg.querySelectorAll(".pachisi-charkoni-label")) {
    const size = 18; // .pachisi-charkoni-label's font-size in widget.css
    const w = 0.55 * size * (t.textContent ?? "").length;
    const [x, y] = [Number(t.getAttribute("x") ?? 0), Number(t.getAttribute("y") ?? 0)];
    out.push({ x0: x - w / 2, y0: y - size, x1: x + w / 2, y1: y + 0.3 * size });
  }
  return out;
}

function viewBox(svg) {
  const v = (svg.getAttribute("viewBox") ?? "").split(/[ ,]+/).map(Number);
  return v.length === 4 && v.every(Number.isFinite) ? { x0: v[0], y0: v[1], x1: v[0] + v[2], y1: v[1] + v[3] } : null;
}

function centreOf(g) {
  const m = /translate\(([-\d.]+)[ ,]+([-\d.]+)\)/.exec(g.getAttribute("transform") ?? "");
  return m ? [Number(m[1]), Number(m[2])] : [0, 0];
}

/**
 * Put the hints of `hintView` on the destination rings of `svg` (the board), in place.
 * Hints made for another revision are stale and ignored. Returns how many rings got a hint.
 * @param {Document} doc
 * @param {SVGSVGElement|null} svg
 * @param {object} hintView  the `hint_view` trait: {status, revision, moves: {id: {win, text, label, best, about_equal, pick}}}
 * @param {number} revision
 * @returns {number}
 */
export function decorateTargets(doc, svg, hintView, revision) {
  if (!svg || !hintView || hintView.status !== "ready" || hintView.revision !== revision) return 0;
  const made = [];
  for (const g of svg.querySelectorAll(".pachisi-target[data-move]")) {
    const hint = hintView.moves?.[g.getAttribute("data-move")];
    if (!hint) continue;
    g.setAttribute("data-win", String(hint.win));
    g.classList.add("pachisi-hinted");
    if (hint.best) {
      g.classList.add("pachisi-hint-best");
      g.setAttribute("data-best", "true");
    } else if (hint.about_equal) {
      g.setAttribute("data-about-equal", "true");
      if (hint.pick) g.setAttribute("data-pick", "true");
    }
    const words = `${g.getAttribute("aria-label") ?? ""} — ${hint.label}`;
    g.setAttribute("aria-label", words);
    const title = g.querySelector("title");
    if (title) title.textContent = words;
    const ring = g.querySelector(".pachisi-target-ring");
    const r = Number(ring?.getAttribute("r") ?? 18);
    // ★ clearly best; ☆ the coach's pick among moves about equal (≈)
    const mark = hint.best ? "★ " : hint.pick ? "☆ " : hint.about_equal ? "≈ " : "";
    const text = `${mark}${hint.text}`;
    const w = Math.max(BAR_W, 11 * text.length);
    const box = svgEl(doc, "g", { class: "pachisi-hint", "aria-hidden": "true" });
    box.appendChild(
      svgEl(doc, "rect", { class: "pachisi-hint-bg", x: -w / 2, y: -LABEL_H / 2, width: w, height: LABEL_H, rx: 5 }),
    );
    box.appendChild(svgEl(doc, "text", { class: "pachisi-hint-text", y: 3, "text-anchor": "middle" }, text));
    const bar = { x: -BAR_W / 2, y: 7, height: 6 };
    box.appendChild(svgEl(doc, "rect", { class: "pachisi-hint-track", ...bar, width: BAR_W }));
    const width = Math.round(BAR_W * Math.max(0, Math.min(1, hint.win)) * 10) / 10;
    box.appendChild(svgEl(doc, "rect", { class: "pachisi-hint-bar", ...bar, width }));
    const [x, y] = centreOf(g);
    made.push({ g, box, hint, target: { key: g.getAttribute("data-move"), x, y, r, w, h: LABEL_H } });
  }
  // the best first, then by chance: the labels a reader looks for get the nearest places
  const first = (h) => Number(Boolean(h.best || h.pick));
  made.sort((a, b) => first(b.hint) - first(a.hint) || b.hint.win - a.hint.win);
  const places = placeLabels(
    made.map((m) => m.target),
    [...pieceBoxes(svg), ...wordBoxes(svg)],
    viewBox(svg),
  );
  for (const { g, box, target } of made) {
    const at = places.get(target.key);
    const [dx, dy] = [at.x - target.x, at.y - target.y];
    box.setAttribute("transform", `translate(${Math.round(dx * 10) / 10} ${Math.round(dy * 10) / 10})`);
    box.setAttribute("data-clear", String(at.clear));
    if (at.far) {
      // a leader line from the ring's edge to the label's nearest edge
      const len = Math.hypot(dx, dy) || 1;
      const ex = Math.max(-target.w / 2, Math.min(target.w / 2, -dx));
      const ey = Math.max(-LABEL_H / 2, Math.min(LABEL_H / 2, -dy));
      const leader = svgEl(doc, "line", {
        class: "pachisi-hint-leader",
        x1: Math.round(((target.r * dx) / len) * 10) / 10,
        y1: Math.round(((target.r * dy) / len) * 10) / 10,
        x2: Math.round((dx + ex) * 10) / 10,
        y2: Math.round((dy + ey) * 10) / 10,
        "aria-hidden": "true",
      });
      g.appendChild(leader);
    }
    g.appendChild(box);
  }
  if (made.length) svg.setAttribute("data-hints", String(made.length));
  return made.length;
}

/**
 * What the hints' status line says: "Thinking… 40%" while Python computes, else the words on
 * how the chances were found and the pass's chance.
 * @param {object} hintView
 * @param {boolean} asked  the Hint button was just pressed (Python has not answered yet)
 * @param {object} labels
 * @returns {{text: string, thinking: boolean, progress: number|null}}
 */
export function hintLine(hintView, asked, labels = {}) {
  if (hintView?.status === "thinking") return { text: hintView.text, thinking: true, progress: hintView.progress ?? 0 };
  if (asked) return { text: labels.thinking ?? "…", thinking: true, progress: null };
  if (hintView?.status === "ready") {
    const parts = [hintView.about, hintView.pass?.text].filter(Boolean);
    return { text: parts.join(" "), thinking: false, progress: null };
  }
  return { text: "", thinking: false, progress: null };
}

/**
 * @param {{doc: Document, model: object, send: (msg: object) => void, boardBox: HTMLElement}} ctx
 */
export function createHints({ doc, model, send, boardBox }) {
  const box = htmlEl(doc, "div", { class: "pachisi-hints" });
  const button = htmlEl(doc, "button", {
    type: "button",
    class: "pachisi-button pachisi-button-hint",
    "data-action": "hint",
    "aria-pressed": "false",
  });
  const line = htmlEl(doc, "p", {
    class: "pachisi-hint-status",
    "data-role": "hint-progress",
    role: "status",
    "aria-live": "polite",
  });
  const meter = htmlEl(doc, "progress", { class: "pachisi-hint-meter", max: "1", hidden: true });
  box.append(button, line, meter);
  let asked = false; // pressed, and Python has not yet taken the new setting

  button.addEventListener("click", () => {
    const on = !model.get("hints");
    send({ kind: "hint", on });
    asked = on;
    const shown = hintLine(model.get("hint_view"), asked, model.get("state")?.labels ?? {});
    line.textContent = shown.text;
  });

  const update = ({ state, labels, revision }) => {
    const hv = model.get("hint_view") ?? {};
    const on = !!model.get("hints");
    if (asked && on) asked = false;
    button.textContent = (on ? labels.hide_hints : labels.hint) ?? "";
    button.setAttribute("aria-pressed", String(on));
    button.disabled = !!state.quiz || !!state.replay;
    const shown = hintLine(hv, asked, labels);
    line.textContent = shown.text;
    line.hidden = !shown.text;
    line.setAttribute("data-thinking", String(shown.thinking));
    meter.hidden = shown.progress === null;
    if (shown.progress !== null) meter.value = shown.progress;
    decorateTargets(doc, boardBox.querySelector("svg.pachisi-board"), hv, revision);
  };

  return { nodes: [box], update };
}
