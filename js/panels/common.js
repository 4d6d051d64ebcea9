// Small DOM helpers the panels share. Every panel of the board is a `create*(ctx)` function that
// builds its elements once and returns `{ nodes, update(view) }`: `nodes` go into the board's side
// column, `update` redraws the parts that change from one view snapshot (see widget.js).
import { htmlEl } from "../draw.js";

/**
 * Fill a <select> with [value, text] options (only when they changed) and choose `value`.
 * @param {HTMLSelectElement} select
 * @param {Array<[string|number, string]>} options
 * @param {string|number|null} [value]
 */
export function fillSelect(select, options, value) {
  const want = JSON.stringify(options);
  if (select.dataset.options !== want) {
    select.replaceChildren(
      ...options.map(([v, text]) => {
        const opt = select.ownerDocument.createElement("option");
        opt.value = String(v);
        opt.textContent = String(text);
        return opt;
      }),
    );
    select.dataset.options = want;
  }
  if (value !== undefined && value !== null) select.value = String(value);
}

/**
 * A <label> holding a caption and a control.
 * @returns {{label: HTMLLabelElement, caption: HTMLSpanElement}}
 */
export function labelled(doc, text, control, cls = "pachisi-field") {
  const label = htmlEl(doc, "label", { class: cls });
  const caption = htmlEl(doc, "span", { class: "pachisi-field-label" }, text);
  label.append(caption, control);
  return { label, caption };
}

/** A seat's colour from the scene Python sent (geometry.scene). */
export function seatColor(geometry, seat) {
  return geometry?.scene?.seat_colors?.[seat] ?? "";
}
