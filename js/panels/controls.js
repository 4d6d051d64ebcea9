// The controls panel: Throw, Pass, Undo and New game (real buttons with their keyboard
// shortcuts in the board's language), the status line (data-role="status") and, under it, a
// hint for a first-timer (data-role="hint"): what to press or click now. New game asks first
// (data-action="confirm-new-game" or "cancel-new-game"): the game on the board ends, and Undo
// brings it back. The command line (data-role="command") plays by typing: a move as its two
// steps ("12 16", "enter", "80 home"), throw, pass, undo, or a question that reads the board
// (where, step 12, danger, moves, help), in English or Romanian; Python carries it out or answers
// on the status line, which a screen reader reads (role="status", polite: each new sentence said
// once, a computer player's throws and moves too). Focus stays in the line.
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
    const b = htmlEl(doc, "button", {
      type: "button",
      class: `pachisi-button pachisi-button-${action}`,
      "data-action": action,
    });
    buttons[action] = b;
    bar.appendChild(b);
  }
  const status = htmlEl(doc, "p", {
    class: "pachisi-status",
    "data-role": "status",
    role: "status",
    "aria-live": "polite",
  });
  const said = { text: null, revision: null, told: null, asked: false };
  const hint = htmlEl(doc, "p", { class: "pachisi-hint-line", "data-role": "hint" });
  const confirm = htmlEl(doc, "div", {
    class: "pachisi-confirm",
    role: "alertdialog",
    "data-role": "confirm-new-game",
    hidden: true,
  });
  const confirmText = htmlEl(doc, "span", { class: "pachisi-confirm-text" });
  const yes = htmlEl(doc, "button", { type: "button", class: "pachisi-button", "data-action": "confirm-new-game" });
  const no = htmlEl(doc, "button", { type: "button", class: "pachisi-button", "data-action": "cancel-new-game" });
  confirm.append(confirmText, yes, no);
  confirm.setAttribute("aria-label", "");
  const ask = (open) => {
    confirm.hidden = !open;
    buttons["new-game"].setAttribute("aria-expanded", String(open));
    if (open) yes.focus();
  };
  yes.addEventListener("click", () => {
    ask(false);
    send(newGame());
    buttons["new-game"].focus();
  });
  no.addEventListener("click", () => {
    ask(false);
    buttons["new-game"].focus();
  });
  confirm.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      ask(false);
      buttons["new-game"].focus();
    }
  });

  const press = (action) => {
    const b = buttons[action];
    if (!b || b.disabled) return;
    if (action === "throw") send({ kind: "throw" });
    else if (action === "pass") send({ kind: "pass" });
    else if (action === "undo") send({ kind: "undo" });
    else if (action === "new-game") ask(confirm.hidden);
  };
  for (const [action] of ACTIONS) buttons[action].addEventListener("click", () => press(action));

  const update = ({ state, labels, can, model, selected }) => {
    for (const [action, labelKey, shortcutKey] of ACTIONS) {
      const b = buttons[action];
      const shortcut = shortcutKey ? labels[shortcutKey] : null;
      b.textContent = labels[labelKey] ?? labelKey;
      b.disabled = !can[action];
      b.title = shortcut ? `${b.textContent} (${shortcut})` : b.textContent;
      if (shortcut) b.setAttribute("aria-keyshortcuts", shortcut);
    }
    status.setAttribute("aria-label", labels.status_line ?? "");
    const error = model.get("status_kind") === "error";
    const log = model.get("log") ?? [];
    say(status, said, model.get("status") ?? "", { revision: model.get("revision"), error, told: told(log) });
    status.classList.toggle("pachisi-status-error", error);
    status.setAttribute("data-kind", error ? "error" : "info");
    let words = "";
    const onRing = keyedRing(doc.activeElement);
    if (!state.computer_to_act && state.phase === "throw") words = labels.hint_throw;
    else if (!state.computer_to_act && state.phase === "move")
      words = onRing ? labels.hint_ring : selected ? labels.hint_choose : labels.hint_move;
    if (state.quiz || state.replay) words = ""; // practice gives no hints; a replay is watched
    hint.textContent = words ?? "";
    hint.hidden = !words;
    confirmText.textContent = labels.new_game_confirm ?? "";
    confirm.setAttribute("aria-label", labels.new_game_confirm ?? "");
    yes.textContent = labels.confirm_new_game ?? "";
    no.textContent = labels.cancel ?? "";
  };

  const command = htmlEl(doc, "form", { class: "pachisi-command", "data-role": "command" });
  const commandLabel = htmlEl(doc, "label", { class: "pachisi-field" });
  const commandText = htmlEl(doc, "span", { class: "pachisi-field-label" });
  const commandInput = htmlEl(doc, "input", {
    type: "text",
    class: "pachisi-command-input",
    "data-action": "type",
    autocomplete: "off",
    spellcheck: "false",
    maxlength: "200",
  });
  commandLabel.append(commandText, commandInput);
  command.append(commandLabel);
  command.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = commandInput.value.trim();
    if (!text) return;
    said.asked = true; // its answer is said, even in the words of the last one ("where" twice)
    send({ kind: "type", text });
    commandInput.value = "";
    commandInput.focus();
  });
  // typing stays in the line: no board shortcut, no notebook command key sees these keys
  commandInput.addEventListener("keydown", (event) => event.stopPropagation());

  let last = null;
  const updateAll = (ctx) => {
    last = ctx;
    update(ctx);
    commandText.textContent = ctx.labels.command ?? "";
    commandInput.placeholder = ctx.labels.command_hint ?? "";
  };

  return {
    nodes: [bar, confirm, status, hint, command],
    buttons,
    press,
    update: updateAll,
    /** Say the hint again for where the focus is now (a ring focused or left). */
    refreshHint: () => last && update(last),
  };
}

/**
 * Whether `node` is a ring reached from the keyboard (focused, and the focus shown: a ring
 * focused after a tap or a click gets no keys' hint).
 * @param {Element|null} node
 */
export function keyedRing(node) {
  if (!node?.classList?.contains("pachisi-target")) return false;
  try {
    return node.matches(":focus-visible");
  } catch {
    return true; // a browser that cannot tell: the keys' hint does no harm
  }
}

/** What the log has told so far, in short: its length and its last line. */
export function told(log) {
  return `${log.length}:${log.at(-1) ?? ""}`;
}

/**
 * Show `text` on the status line, a polite live region, so that a screen reader says each new
 * sentence once. A redraw that brings the same sentence (the hints drawn, a setting changed)
 * leaves the line alone: nothing is said again. The same words are said again only for a new
 * event at a new revision: the log told one more thing (a second throw of 10 in a row), a
 * refusal came again, or the command line asked (`said.asked`: "where" typed twice). Saying is
 * replacing the line's words with new ones.
 * @param {HTMLElement} status
 * @param {{text: string|null, revision: number|null, told: string|null, asked?: boolean}} said
 *   what the line says now, at which revision, with which log, and whether a typed command
 *   waits for its answer (updated)
 * @param {string} text
 * @param {{revision: number, error: boolean, told: string}} now  the view's revision, whether
 *   the text is a refusal, and `told(log)` of its log
 * @returns {boolean} whether the line changed
 */
export function say(status, said, text, { revision, error, told: log }) {
  const moved = revision !== said.revision;
  const fresh = moved && (error || log !== said.told || !!said.asked);
  if (moved) said.asked = false;
  said.revision = revision;
  said.told = log;
  if (text === said.text && !fresh) return false;
  said.text = text;
  const words = status.ownerDocument.createElement("span");
  words.textContent = text;
  status.replaceChildren(words);
  return true;
}
