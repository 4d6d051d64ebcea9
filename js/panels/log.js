// The log panel: the narration, oldest first, the newest kept in view. The log scrolls in its
// own box, which the keyboard reaches too (Tab, then the arrow keys).
import { buildLog, htmlEl } from "../draw.js";

/** @param {{doc: Document}} ctx */
export function createLog({ doc }) {
  const box = htmlEl(doc, "section", { class: "pachisi-log-box" });
  const title = htmlEl(doc, "h4", { class: "pachisi-heading", id: null });
  // role="log" for reading; not a live region (aria-live="off"): the status line says each
  // sentence as it happens, and the list is rebuilt on each change, which would repeat it all.
  const scroller = htmlEl(doc, "div", { class: "pachisi-log-scroll", tabindex: "0", role: "log", "aria-live": "off" });
  let list = buildLog(doc, []);
  scroller.append(list);
  box.append(title, scroller);
  let key = "";

  const update = ({ labels, model }) => {
    title.textContent = labels.log ?? "";
    scroller.setAttribute("aria-label", labels.log ?? "");
    const lines = model.get("log") ?? [];
    const lk = JSON.stringify(lines);
    if (lk === key) return;
    key = lk;
    const next = buildLog(doc, lines);
    list.replaceWith(next);
    list = next;
    // column-reverse (widget.css) shows the newest line; this keeps it so where that is unknown
    scroller.scrollTop = scroller.scrollHeight;
  };

  return { nodes: [box], update };
}
