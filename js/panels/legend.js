// The heat maps: an overlay selector in the controls (a labelled <select>, data-action=
// "set-overlay"), the coloured squares on the board (each carrying data-heat="<chance>", the
// figure in its title and aria-label) and the legend (data-role="legend"): the map's title,
// what it means, and its colour scale. Python computes every chance exactly
// (pachisi_widget.probability.danger_map / reach_map) and picks every colour
// (pachisi_widget/scene.py); the `heat` trait carries both. The reach map shows the piece chosen
// on the board, else the piece of the first legal move.
import { centre, htmlEl, sceneOf, svgEl } from "../draw.js";
import { fillSelect, labelled } from "./common.js";

/**
 * The map to draw from the `heat` trait: danger has one; reach has one per stack
 * ("seat:step"), the one chosen on the board (`selected`) or else `heat.default`.
 * @param {object} heat
 * @param {string|null} selected
 * @returns {{squares: object[], legend: object, note: string}|null}
 */
export function heatMap(heat, selected) {
  if (!heat?.kind) return null;
  if (heat.kind === "danger") return heat;
  const maps = heat.maps ?? {};
  return maps[selected] ?? maps[heat.default] ?? null;
}

/**
 * The coloured squares as one SVG layer: a rect per square with data-heat, a title and an
 * aria-label with the chance in words.
 * @param {Document} doc
 * @param {object} geometry
 * @param {string} kind  "danger" or "reach"
 * @param {object[]} squares  [{x, y, p, color, label}]
 * @returns {SVGGElement}
 */
export function buildHeat(doc, geometry, kind, squares) {
  const scene = sceneOf(geometry);
  const cell = scene.cell;
  const ramp = scene.heat?.ramps?.[kind] ?? [];
  // each coloured square is outlined in its ramp's darkest colour, so that even the lightest
  // colour stands out from the arms' tints
  const layer = svgEl(doc, "g", {
    class: `pachisi-heat pachisi-heat-${kind}`,
    "data-overlay": kind,
    stroke: ramp[ramp.length - 1] ?? null,
  });
  for (const sq of squares ?? []) {
    const [cx, cy] = centre(geometry, sq.x, sq.y);
    const rect = svgEl(doc, "rect", {
      class: "pachisi-heat-square",
      "data-heat": String(sq.p),
      "data-heat-square": `${sq.x},${sq.y}`,
      x: cx - cell / 2 + 1,
      y: cy - cell / 2 + 1,
      width: cell - 2,
      height: cell - 2,
      fill: sq.color,
      role: "img",
      "aria-label": sq.label,
    });
    rect.appendChild(svgEl(doc, "title", {}, sq.label));
    layer.appendChild(rect);
  }
  return layer;
}

/**
 * The legend's contents: title, caption, the scale (one swatch per colour, with its range) from
 * the least likely to the most likely, and a note (e.g. the chance of reaching home).
 * @param {Document} doc
 * @param {object} legend  {kind, title, caption, stops: [{color, ink, text}], low, high}
 * @param {string} note
 * @returns {HTMLElement[]}
 */
export function buildLegend(doc, legend, note) {
  const title = htmlEl(doc, "p", { class: "pachisi-legend-title" }, legend.title ?? "");
  const caption = htmlEl(doc, "p", { class: "pachisi-legend-caption" }, legend.caption ?? "");
  const scale = htmlEl(doc, "div", { class: "pachisi-legend-scale", role: "list" });
  for (const stop of legend.stops ?? []) {
    const sw = htmlEl(
      doc,
      "span",
      {
        class: "pachisi-legend-swatch",
        role: "listitem",
        style: `background:${stop.color};color:${stop.ink}`,
      },
      stop.text,
    );
    scale.appendChild(sw);
  }
  const ends = htmlEl(doc, "div", { class: "pachisi-legend-ends" });
  ends.append(htmlEl(doc, "span", {}, `← ${legend.low ?? ""}`), htmlEl(doc, "span", {}, `${legend.high ?? ""} →`));
  const out = [title, caption, scale, ends];
  if (note) out.push(htmlEl(doc, "p", { class: "pachisi-legend-note" }, note));
  return out;
}

/**
 * @param {{doc: Document, model: object, send: (msg: object) => void, boardBox: HTMLElement,
 *          selectedKey: () => string|null}} ctx
 */
export function createLegend({ doc, model, send, boardBox, selectedKey }) {
  const select = htmlEl(doc, "select", { class: "pachisi-select", "data-action": "set-overlay" });
  const { label, caption } = labelled(doc, "", select, "pachisi-field pachisi-overlay-field");
  const box = htmlEl(doc, "section", { class: "pachisi-legend", "data-role": "legend", hidden: true });
  select.addEventListener("change", () => {
    send({ kind: "set_overlay", overlay: select.value || null });
  });

  const update = ({ state, geometry, labels }) => {
    caption.textContent = labels.overlay ?? "";
    fillSelect(
      select,
      [
        ["", labels.overlay_none ?? "—"],
        ["danger", labels.overlay_danger ?? "danger"],
        ["reach", labels.overlay_reach ?? "reach"],
      ],
      model.get("overlay") ?? "",
    );
    select.disabled = !!state.quiz || !!state.replay;
    const heat = model.get("heat") ?? {};
    const map = heatMap(heat, selectedKey());
    const svg = boardBox.querySelector("svg.pachisi-board");
    svg?.querySelector(".pachisi-heat")?.remove();
    if (!map) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    const squares = svg?.querySelector(".pachisi-squares");
    if (squares) squares.after(buildHeat(doc, geometry, heat.kind, map.squares));
    box.setAttribute("aria-label", labels.legend ?? "");
    box.setAttribute("data-overlay", heat.kind);
    box.replaceChildren(...buildLegend(doc, map.legend ?? {}, map.note ?? ""));
    box.hidden = false;
  };

  return { nodes: [label, box], update };
}
