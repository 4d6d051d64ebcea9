// Front end of pachisi_widget (placeholder): draws what Python sends, sends intents back.
// No rules logic lives here: Python validates every intent against the engine.
import "./widget.css";

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * @typedef {Object} WidgetModel
 * @property {string} status  one-line human message written by Python
 */

/**
 * Build the status picture: an <svg> holding one <text data-role="status">.
 *
 * Pure: it only uses `doc` to create elements and never touches the page.
 *
 * @param {Document} doc
 * @param {string} status
 * @returns {SVGSVGElement}
 */
export function buildStatusSvg(doc, status) {
  const svg = doc.createElementNS(SVG_NS, "svg");
  svg.setAttribute("class", "pachisi-board");
  svg.setAttribute("viewBox", "0 0 190 24");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "Pachisi board");
  const text = doc.createElementNS(SVG_NS, "text");
  text.setAttribute("class", "pachisi-status");
  text.setAttribute("data-role", "status");
  text.setAttribute("x", "4");
  text.setAttribute("y", "16");
  text.setAttribute("aria-live", "polite");
  text.textContent = status ?? "";
  svg.appendChild(text);
  return svg;
}

/**
 * Build one control button that sends an intent when pressed.
 *
 * @param {Document} doc
 * @param {string} action  the data-action hook, e.g. "throw"
 * @param {string} label   visible text of the button
 * @param {() => void} onPress
 * @returns {HTMLButtonElement}
 */
export function buildButton(doc, action, label, onPress) {
  const button = doc.createElement("button");
  button.type = "button";
  button.className = "pachisi-button";
  button.setAttribute("data-action", action);
  button.textContent = label;
  button.addEventListener("click", onPress);
  return button;
}

export default {
  /** @param {{ model: import("@anywidget/types").AnyModel<WidgetModel>, el: HTMLElement }} ctx */
  render({ model, el }) {
    const doc = el.ownerDocument;
    const root = doc.createElement("div");
    root.className = "pachisi-widget";
    const controls = doc.createElement("div");
    controls.className = "pachisi-controls";
    controls.appendChild(buildButton(doc, "throw", "Throw the cowries", () => model.send({ kind: "throw" })));

    let svg = buildStatusSvg(doc, model.get("status"));
    root.append(svg, controls);
    el.appendChild(root);

    const redraw = () => {
      const next = buildStatusSvg(doc, model.get("status"));
      svg.replaceWith(next);
      svg = next;
    };
    model.on("change:status", redraw);
    return () => {
      model.off("change:status", redraw);
      root.remove();
    };
  },
};
