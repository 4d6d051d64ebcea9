// The log panel: the narration, oldest first, the newest kept in view.
import { buildLog, htmlEl } from "../draw.js";

/** @param {{doc: Document}} ctx */
export function createLog({ doc }) {
  const box = htmlEl(doc, "section", { class: "pachisi-log-box" });
  const title = htmlEl(doc, "h4", { class: "pachisi-heading" });
  let list = buildLog(doc, []);
  box.append(title, list);
  let key = "";

  const update = ({ labels, model }) => {
    title.textContent = labels.log ?? "";
    const lines = model.get("log") ?? [];
    const lk = JSON.stringify(lines);
    if (lk === key) return;
    key = lk;
    const next = buildLog(doc, lines);
    list.replaceWith(next);
    list = next;
    list.scrollTop = list.scrollHeight;
  };

  return { nodes: [box], update };
}
