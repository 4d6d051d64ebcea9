// The timeline panel (shown while the board replays a game: the `timeline` trait is not empty):
// the mode ("Replay — move 37 of 512"), a slider over the game's actions (data-role="timeline",
// Left/Right step, Home/End jump), Back / Play / Forward, Play from here, Analyse, and after an
// analysis the graded moves as marks (data-grade) and the winning chance as a line under the
// slider (a click on a point or a mark jumps there; js/panels/graph.js draws it, with its axes,
// legend and table), and luck against skill over the game in words (data-role="luck"). The game's move list (a turn a line, as the
// game's text writes it, with the marks ?!, ?, ?? of its graded moves) jumps to a turn; at a
// marked point the coach's verdict says what was better and why, and the better move is drawn
// on the board as a dashed ghost arrow (data-role="ghost"). Python rebuilds every point; this
// panel only asks for one. Outside a replay, in the teacher's view, a Replay button offers to
// replay the game on the board (after Load, for instance).
import { centre, htmlEl, sourcePoint, svgEl, targetPoint } from "../draw.js";
import { buildGraph, buildLegend, buildTable, graphKey, nearestPoint } from "./graph.js";

export { buildGraph };

// [data-action, label key]
export const REPLAY_ACTIONS = [
  ["replay-back", "replay_back"],
  ["replay-play", "replay_play"],
  ["replay-forward", "replay_forward"],
  ["replay-play-from-here", "replay_from_here"],
  ["replay-analyse", "replay_analyse"],
  ["replay-close", "replay_close"],
];

/**
 * Draw the better move `ghost` ({seat, from, to}: squares, null for the Charkoni or home) on
 * the board `svg` as a dashed arrow with a ring at its end, in its seat's colour; `label` names
 * it for a screen reader. Replaces the ghost drawn before; none when `ghost` is null.
 */
export function drawGhost(doc, svg, geometry, ghost, label = "") {
  if (!svg) return null;
  svg.querySelector('[data-role="ghost"]')?.remove();
  if (!ghost) return null;
  const color = geometry.scene?.seat_colors?.[ghost.seat] ?? "#333";
  const [x1, y1] = centre(geometry, ...sourcePoint(geometry, ghost));
  const [x2, y2] = centre(geometry, ...targetPoint(geometry, ghost));
  const g = svgEl(doc, "g", { class: "pachisi-ghost", "data-role": "ghost", role: "img", "aria-label": label });
  g.appendChild(svgEl(doc, "title", {}, label));
  g.appendChild(svgEl(doc, "line", { class: "pachisi-ghost-line", x1, y1, x2, y2, stroke: color }));
  g.appendChild(svgEl(doc, "circle", { class: "pachisi-ghost-ring", cx: x2, cy: y2, r: 16, stroke: color }));
  svg.appendChild(g);
  return g;
}

/** The intent a key pressed on the slider asks for (null: not a timeline key). */
export function timelineKey(key, index, count) {
  if (key === "ArrowLeft" || key === "ArrowDown") return index > 0 ? { kind: "replay_step", by: -1 } : null;
  if (key === "ArrowRight" || key === "ArrowUp") return index < count ? { kind: "replay_step", by: 1 } : null;
  if (key === "Home") return { kind: "replay_to", index: 0 };
  if (key === "End") return { kind: "replay_to", index: count };
  return null;
}

let panelCount = 0; // ids of this page's panels (a notebook shows several boards)

/** @param {{doc: Document, win: Window, model: object, send: (msg: object) => void}} ctx */
export function createTimeline({ doc, win, model, send, boardBox }) {
  const el = htmlEl(doc, "section", { class: "pachisi-timeline", "data-role": "timeline-panel" });
  const mode = htmlEl(doc, "p", {
    class: "pachisi-replay-mode",
    "data-role": "replay-mode",
    role: "status",
    "aria-live": "polite",
  });
  const slider = htmlEl(doc, "input", {
    type: "range",
    min: "0",
    step: "1",
    "data-role": "timeline",
    class: "pachisi-timeline-range",
  });
  const sliderLabel = htmlEl(doc, "label", { class: "pachisi-field pachisi-timeline-field" });
  const sliderCaption = htmlEl(doc, "span", { class: "pachisi-field-label" });
  sliderLabel.append(sliderCaption, slider);
  const marks = htmlEl(doc, "div", { class: "pachisi-marks", "data-role": "marks" });
  const note = htmlEl(doc, "p", {
    class: "pachisi-analysis-note",
    "data-role": "analysis-note",
    role: "status",
    "aria-live": "polite",
  });
  const movesTitle = htmlEl(doc, "h4", { class: "pachisi-heading" });
  const moveList = htmlEl(doc, "ol", { class: "pachisi-move-list", "data-role": "move-list" });
  const moveBox = htmlEl(doc, "div", { class: "pachisi-move-box", tabindex: "0" });
  moveBox.append(movesTitle, moveList);
  const graphSlot = htmlEl(doc, "div", { class: "pachisi-graph-slot" });
  const bar = htmlEl(doc, "div", { class: "pachisi-controls pachisi-replay-controls", role: "toolbar" });
  const buttons = {};
  for (const [action] of REPLAY_ACTIONS) {
    buttons[action] = htmlEl(doc, "button", { type: "button", class: "pachisi-button", "data-action": action });
    bar.appendChild(buttons[action]);
  }
  const progress = htmlEl(doc, "p", {
    class: "pachisi-analysis-progress",
    "data-role": "analysis-progress",
    role: "status",
    "aria-live": "polite",
  });
  const summary = htmlEl(doc, "p", { class: "pachisi-analysis-summary", "data-role": "analysis-summary" });
  panelCount += 1;
  const luckTitle = htmlEl(doc, "h4", { class: "pachisi-heading", id: `pachisi-luck-${panelCount}` });
  const luck = htmlEl(doc, "section", { class: "pachisi-luck", "data-role": "luck", "aria-labelledby": luckTitle.id });
  const luckLines = htmlEl(doc, "div", { class: "pachisi-luck-lines" });
  luck.append(luckTitle, luckLines);
  const open = htmlEl(doc, "button", { type: "button", class: "pachisi-button", "data-action": "replay-open" });
  const replaying = htmlEl(doc, "div", { class: "pachisi-replaying" });
  replaying.append(mode, sliderLabel, marks, note, graphSlot, bar, progress, summary, luck, moveBox);
  el.append(replaying, open);

  let playing = null; // the timer of Play
  const timeline = () => model.get("timeline") ?? {};
  const stop = () => {
    if (playing !== null) win.clearInterval(playing);
    playing = null;
  };
  const jump = (index) => {
    stop();
    send({ kind: "replay_to", index });
  };
  const press = (action) => {
    const t = timeline();
    const b = buttons[action];
    if (b?.disabled) return;
    if (action === "replay-back") send({ kind: "replay_step", by: -1 });
    else if (action === "replay-forward") send({ kind: "replay_step", by: 1 });
    else if (action === "replay-play-from-here") {
      stop();
      send({ kind: "replay_from_here", index: t.index });
    } else if (action === "replay-analyse") send({ kind: "replay_analyse" });
    else if (action === "replay-close") {
      stop();
      send({ kind: "replay_close" });
    } else if (action === "replay-play") {
      if (playing !== null) {
        stop();
        return;
      }
      const seconds = Math.max(0.3, Number(model.get("speed")) || 0.6);
      playing = win.setInterval(() => {
        const now = timeline();
        if (!now.count || now.index >= now.count) stop();
        else send({ kind: "replay_step", by: 1 });
      }, seconds * 1000);
    }
  };
  for (const [action] of REPLAY_ACTIONS) buttons[action].addEventListener("click", () => press(action));
  open.addEventListener("click", () => send({ kind: "replay_open" }));
  slider.addEventListener("keydown", (event) => {
    const t = timeline();
    const intent = timelineKey(event.key, t.index ?? 0, t.count ?? 0);
    if (
      event.key === "ArrowLeft" ||
      event.key === "ArrowRight" ||
      event.key === "ArrowUp" ||
      event.key === "ArrowDown" ||
      event.key === "Home" ||
      event.key === "End"
    ) {
      event.preventDefault(); // Python moves the slider
      event.stopPropagation();
    }
    if (intent) {
      stop();
      send(intent);
    }
  });
  slider.addEventListener("change", () => jump(Number(slider.value)));
  const onPoint = (event) => {
    const node = event.target.closest?.("[data-index]");
    if (node) jump(Number(node.getAttribute("data-index")));
  };
  marks.addEventListener("click", onPoint);
  moveList.addEventListener("click", onPoint);
  graphSlot.addEventListener("click", (event) => {
    if (event.target.closest?.("[data-index]")) return onPoint(event);
    // a click on the graph between its points: the point nearest in time
    const svg = event.target.closest?.('[data-role="win-graph"]');
    const index = svg ? nearestPoint(svg, event.clientX) : null;
    if (index !== null) jump(index);
  });
  let graphPos = null; // the graph's point that is its tab stop (its position in time order)
  graphSlot.addEventListener("keydown", (event) => {
    const dot = event.target.closest?.(".pachisi-graph-point");
    if (!dot) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      event.stopPropagation();
      onPoint(event);
      return;
    }
    const dots = [...graphSlot.querySelectorAll(".pachisi-graph-point")];
    const next = graphKey(event.key, Number(dot.getAttribute("data-pos")), dots.length);
    if (next === null) return;
    event.preventDefault();
    event.stopPropagation();
    graphPos = next;
    for (const d of dots) d.setAttribute("tabindex", d === dots[next] ? "0" : "-1");
    dots[next].focus();
  });

  const update = ({ state, labels, geometry }) => {
    const t = timeline();
    const active = t.count !== undefined;
    open.hidden = active || !model.get("teacher") || !state.can_undo;
    el.hidden = !active && open.hidden;
    el.classList.toggle("pachisi-timeline-offer", !active);
    replaying.hidden = !active;
    open.textContent = labels.replay ?? "";
    if (!active) {
      stop();
      drawGhost(doc, boardBox?.querySelector("svg.pachisi-board"), geometry, null);
      return;
    }
    mode.textContent = t.text ?? "";
    sliderCaption.textContent = labels.timeline ?? "";
    slider.max = String(t.count);
    if (doc.activeElement !== slider || Number(slider.value) !== t.index) slider.value = String(t.index);
    slider.setAttribute("aria-valuetext", t.text ?? "");
    for (const [action, key] of REPLAY_ACTIONS) buttons[action].textContent = labels[key] ?? key;
    buttons["replay-play"].textContent = playing !== null ? labels.replay_pause : labels.replay_play;
    buttons["replay-play"].setAttribute("aria-pressed", String(playing !== null));
    buttons["replay-back"].disabled = t.index <= 0;
    buttons["replay-forward"].disabled = t.index >= t.count;
    buttons["replay-analyse"].disabled = !!t.progress;
    if (playing !== null && t.index >= t.count) stop();
    const mk = JSON.stringify([t.marks, t.count]);
    if (marks.dataset.key !== mk) {
      marks.dataset.key = mk;
      marks.replaceChildren(
        ...(t.marks ?? []).map((m) => {
          const b = htmlEl(
            doc,
            "button",
            {
              type: "button",
              class: `pachisi-mark pachisi-mark-${m.grade}`,
              "data-grade": m.grade,
              "data-index": m.index,
              "aria-label": m.label,
              title: m.label,
            },
            m.grade === "blunder" ? "??" : m.grade === "mistake" ? "?" : "?!",
          );
          b.style.left = `${(100 * m.index) / Math.max(1, t.count)}%`;
          return b;
        }),
      );
    }
    marks.hidden = !(t.marks ?? []).length;
    note.textContent = t.note ?? "";
    note.hidden = !t.note;
    drawGhost(doc, boardBox?.querySelector("svg.pachisi-board"), geometry, t.ghost ?? null, t.note ?? "");
    movesTitle.textContent = labels.move_list ?? "";
    moveBox.setAttribute("aria-label", labels.move_list ?? "");
    const lk = JSON.stringify(t.turns ?? []);
    if (moveList.dataset.key !== lk) {
      moveList.dataset.key = lk;
      moveList.replaceChildren(
        ...(t.turns ?? []).map((turn) => {
          const item = htmlEl(doc, "li");
          const attrs = { type: "button", class: "pachisi-move-item", "data-index": turn.index };
          const b = htmlEl(doc, "button", attrs, turn.marks ? `${turn.text} ${turn.marks}` : turn.text);
          if (turn.marks) b.setAttribute("data-marks", turn.marks);
          item.appendChild(b);
          return item;
        }),
      );
    }
    const turns = t.turns ?? [];
    let current = -1;
    turns.forEach((turn, i) => {
      if (turn.index < t.index) current = i;
    });
    moveList.querySelectorAll("button").forEach((b, i) => {
      if (i === current) {
        b.setAttribute("aria-current", "step");
        // the turn shown stays in view inside the list (the page itself does not scroll)
        const top = b.offsetTop - moveList.offsetTop;
        if (top < moveBox.scrollTop || top + b.offsetHeight > moveBox.scrollTop + moveBox.clientHeight) {
          moveBox.scrollTop = Math.max(0, top - moveBox.clientHeight / 2);
        }
      } else b.removeAttribute("aria-current");
    });
    const width = Math.round(graphSlot.clientWidth || 0);
    const gk = JSON.stringify([
      t.lines,
      t.index,
      t.count,
      t.turns?.length,
      labels.replay_graph,
      labels.graph_turn,
      width,
    ]);
    if (graphSlot.dataset.key !== gk) {
      graphSlot.dataset.key = gk;
      const lines = t.lines ?? [];
      const focused = graphSlot.contains(doc.activeElement) ? doc.activeElement : null;
      const wasPoint = focused?.classList?.contains("pachisi-graph-point");
      const tableOpen = !!graphSlot.querySelector('[data-role="graph-table"]')?.open;
      const caption = htmlEl(doc, "p", { class: "pachisi-graph-caption" }, labels.replay_graph ?? "");
      const seatNames = state.seat_labels ?? [];
      const graph = lines.length
        ? buildGraph(doc, t, geometry, labels.replay_graph ?? "", { width, labels, current: graphPos ?? 0 })
        : null;
      graphSlot.replaceChildren(
        ...(graph
          ? [caption, graph, buildLegend(doc, t, geometry, seatNames), buildTable(doc, t, labels, seatNames)]
          : []),
      );
      if (tableOpen) graphSlot.querySelector('[data-role="graph-table"]')?.setAttribute("open", "");
      if (wasPoint) graph?.querySelector('.pachisi-graph-point[tabindex="0"]')?.focus();
    }
    progress.textContent = t.progress?.text ?? "";
    progress.hidden = !t.progress;
    summary.textContent = t.summary ?? "";
    summary.hidden = !t.summary;
    luckTitle.textContent = labels.replay_luck ?? "";
    const lk2 = JSON.stringify(t.luck ?? []);
    if (luckLines.dataset.key !== lk2) {
      luckLines.dataset.key = lk2;
      luckLines.replaceChildren(
        ...(t.luck ?? []).map((line) => htmlEl(doc, "p", { class: "pachisi-luck-line" }, line)),
      );
    }
    luck.hidden = !(t.luck ?? []).length;
  };

  return { nodes: [el], update, press, stop };
}
