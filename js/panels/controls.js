// The controls panel: Throw, Pass, Undo and New game (real buttons with their keyboard
// shortcuts in the board's language) and the status line (data-role="status").
import { htmlEl } from "../draw.js";

// [data-action, label key, key of its keyboard shortcut in the labels]: the shortcut follows the
// button's word in the board's language (Python sends it with the labels).
export const ACTIONS = [
  ["throw", "throw", "key_throw"],
  ["pass", "pass", "key_pass"],
  ["undo", "undo", "key_undo"],
  ["new-game", "new_game", null],
];

/** The keyboard shortcut of each action in the board's language: {key: action}. */
export function shortcuts(labels) {
  const out = {};
  for (const [action, , labelKey] of ACTIONS) {
    if (!labelKey) continue;
    const key = String(labels?.[labelKey] ?? "").toLowerCase();
    if (key) out[key] = action;
  }
  return out;
}

/**
 * @param {{doc: Document, send: (msg: object) => void, newGame: () => object}} ctx
 *   newGame: the new_game intent with the options chosen in the settings
 */
export function createControls({ doc, send, newGame }) {
  const bar = htmlEl(doc, "div", { class: "pachisi-controls", role: "toolbar" });
  const buttons = {};
  for (const [action] of ACTIONS) {
    const b = htmlEl(doc, "button", { type: "button", class: `pachisi-button pachisi-button-${action}`, "data-action": action });
    buttons[action] = b;
    bar.appendChild(b);
  }
  const status = htmlEl(doc, "p", { class: "pachisi-status", "data-role": "status", role: "status", "aria-live": "polite" });

  const press = (action) => {
    const b = buttons[action];
    if (!b || b.disabled) return;
    if (action === "throw") send({ kind: "throw" });
    else if (action === "pass") send({ kind: "pass" });
    else if (action === "undo") send({ kind: "undo" });
    else if (action === "new-game") send(newGame());
  };
  for (const [action] of ACTIONS) buttons[action].addEventListener("click", () => press(action));

  const update = ({ labels, can, model }) => {
    for (const [action, labelKey, shortcutKey] of ACTIONS) {
      const b = buttons[action];
      const shortcut = shortcutKey ? labels[shortcutKey] : null;
      b.textContent = labels[labelKey] ?? labelKey;
      b.disabled = !can[action];
      b.title = shortcut ? `${b.textContent} (${shortcut})` : b.textContent;
      if (shortcut) b.setAttribute("aria-keyshortcuts", shortcut);
    }
    status.textContent = model.get("status") ?? "";
    const error = model.get("status_kind") === "error";
    status.classList.toggle("pachisi-status-error", error);
    status.setAttribute("data-kind", error ? "error" : "info");
  };

  return { nodes: [bar, status], buttons, press, update };
}
