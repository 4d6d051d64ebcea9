// The hints panel: the Hint button (data-action="hint"), a "Thinking… 40%" line while Python
// computes the chances (data-role="hint-progress"), and on the board each legal move's chance to
// win for the seat to move (its team with teams), computed by the coach in Python
// (pachisi_widget.coach.evaluate; the `hint_view` trait): a figure with its interval ("62% ±4")
// and a small bar above each destination ring, the best move starred when it is clearly best, and
// "≈" before the moves the rollouts cannot tell apart from it. Each hinted ring carries
// data-win="<chance 0..1>". No chance is computed here.
import { htmlEl, svgEl } from "../draw.js";

const BAR_W = 44; // SVG units: the bar of a 100% chance

/**
 * Put the hints of `hintView` on the destination rings of `svg` (the board), in place.
 * Hints made for another revision are stale and ignored. Returns how many rings got a hint.
 * @param {Document} doc
 * @param {SVGSVGElement|null} svg
 * @param {object} hintView  the `hint_view` trait: {status, revision, moves: {id: {win, text, label, best, about_equal}}}
 * @param {number} revision
 * @returns {number}
 */
export function decorateTargets(doc, svg, hintView, revision) {
  if (!svg || !hintView || hintView.status !== "ready" || hintView.revision !== revision) return 0;
  let n = 0;
  for (const g of svg.querySelectorAll(".pachisi-target[data-move]")) {
    const hint = hintView.moves?.[g.getAttribute("data-move")];
    if (!hint) continue;
    n += 1;
    g.setAttribute("data-win", String(hint.win));
    g.classList.add("pachisi-hinted");
    if (hint.best) {
      g.classList.add("pachisi-hint-best");
      g.setAttribute("data-best", "true");
    } else if (hint.about_equal) {
      g.setAttribute("data-about-equal", "true");
    }
    const words = `${g.getAttribute("aria-label") ?? ""} — ${hint.label}`;
    g.setAttribute("aria-label", words);
    const title = g.querySelector("title");
    if (title) title.textContent = words;
    const ring = g.querySelector(".pachisi-target-ring");
    const r = Number(ring?.getAttribute("r") ?? 18);
    const text = hint.best ? `★ ${hint.text}` : hint.about_equal ? `≈ ${hint.text}` : hint.text;
    const w = Math.max(BAR_W, 11 * text.length);
    const box = svgEl(doc, "g", { class: "pachisi-hint", "aria-hidden": "true", transform: `translate(0 ${-r - 26})` });
    box.appendChild(svgEl(doc, "rect", { class: "pachisi-hint-bg", x: -w / 2, y: -17, width: w, height: 30, rx: 5 }));
    box.appendChild(svgEl(doc, "text", { class: "pachisi-hint-text", y: 1, "text-anchor": "middle" }, text));
    box.appendChild(svgEl(doc, "rect", { class: "pachisi-hint-track", x: -BAR_W / 2, y: 5, width: BAR_W, height: 6 }));
    box.appendChild(
      svgEl(doc, "rect", {
        class: "pachisi-hint-bar",
        x: -BAR_W / 2,
        y: 5,
        width: Math.round(BAR_W * Math.max(0, Math.min(1, hint.win)) * 10) / 10,
        height: 6,
      }),
    );
    g.appendChild(box);
  }
  if (n) svg.setAttribute("data-hints", String(n));
  return n;
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
