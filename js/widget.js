// Front end of pachisi_widget: draws what Python sends and sends the user's intents back.
//
// No rules logic lives here. Python writes every synced trait (geometry, state, legal_moves,
// status, log, last_throw...); this view draws them (./draw.js) and answers clicks and keys with
// intents ({kind: "throw"}, {kind: "move", id}, ...), which Python checks against the engine.
// The view writes only its own display preferences back (`speed`, `animate`), never game state.
import "./widget.css";
import {
  buildBoard,
  buildCowries,
  buildLog,
  buildPaths,
  buildTurn,
  controlStates,
  htmlEl,
  movesByStack,
  parsePositions,
  slideFrames,
} from "./draw.js";

/**
 * @typedef {Object} WidgetModel
 * @property {object} geometry     board geometry from Python (sent once)
 * @property {object} state        the position and view texts
 * @property {object[]} legal_moves each {id, seat, piece, start, end, kind, value, from, to, path, label}
 * @property {string} status       the narration line
 * @property {string} status_kind  "info" or "error"
 * @property {string[]} log        recent narration, oldest first
 * @property {object} last_throw   {seat, up, value, mouths, grace, bonus, pyada, cancelled, lost, fresh...}
 * @property {string} language     "en" or "ro"
 * @property {string[]} seat_players per seat: "human", an agent name or ""
 * @property {string[]} agent_names
 * @property {number} speed        seconds between computer actions
 * @property {boolean} animate
 * @property {boolean} teacher
 * @property {number} revision
 * @property {string[]} presets
 */

// [data-action, label key, key of its keyboard shortcut in the labels, English shortcut]: the
// shortcut follows the button's word in the board's language (Python sends it with the labels).
const ACTIONS = [
  ["throw", "throw", "key_throw", "t"],
  ["pass", "pass", "key_pass", "p"],
  ["undo", "undo", "key_undo", "u"],
  ["new-game", "new_game", null, null],
];
const LANGUAGES = [
  ["en", "English"],
  ["ro", "Română"],
];
const SPEEDS = [0, 0.3, 0.6, 1, 2];
const SEAT_LETTERS = ["S", "E", "N", "W"];

/** The keyboard shortcut of each action in the board's language: {key: action}. */
export function shortcuts(labels) {
  const out = {};
  for (const [action, , labelKey, fallback] of ACTIONS) {
    if (!labelKey) continue;
    const key = String(labels?.[labelKey] ?? fallback).toLowerCase();
    if (key) out[key] = action;
  }
  return out;
}

/** A number of seconds as the board's language writes it ("0.6 s", "0,6 s"). */
export function secondsText(value, labels) {
  return `${String(value).replace(".", labels?.decimal_point ?? ".")} s`;
}

/**
 * Offer `text` as a file download (the answer to a Save intent).
 * @param {Document} doc
 * @param {string} text
 * @param {string} filename
 */
export function downloadText(doc, text, filename) {
  const blob = new Blob([text], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = doc.createElement("a");
  link.href = url;
  link.download = filename || "pachisi.json";
  link.className = "pachisi-download";
  link.style.display = "none";
  doc.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The text of a chosen file (Blob.text where there is one, else a FileReader).
 * @param {File} file
 * @returns {Promise<string>}
 */
function readText(file) {
  if (typeof file.text === "function") return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

function fillSelect(select, options, value) {
  const want = JSON.stringify(options);
  if (select.dataset.options !== want) {
    select.replaceChildren(...options.map(([v, text]) => {
      const opt = select.ownerDocument.createElement("option");
      opt.value = String(v);
      opt.textContent = String(text);
      return opt;
    }));
    select.dataset.options = want;
  }
  if (value !== undefined && value !== null) select.value = String(value);
}

function labelled(doc, text, control, cls = "pachisi-field") {
  const label = htmlEl(doc, "label", { class: cls });
  const caption = htmlEl(doc, "span", { class: "pachisi-field-label" }, text);
  label.append(caption, control);
  return { label, caption };
}

export default {
  /** Once per model: answer Save with a download (one per model, not one per view). */
  initialize({ model }) {
    const onMessage = (msg) => {
      if (msg && msg.kind === "record" && typeof msg.text === "string" && globalThis.document) {
        downloadText(globalThis.document, msg.text, String(msg.filename || "pachisi.json"));
      }
    };
    model.on("msg:custom", onMessage);
    return () => model.off("msg:custom", onMessage);
  },

  /** @param {{ model: import("@anywidget/types").AnyModel<WidgetModel>, el: HTMLElement }} ctx */
  render({ model, el }) {
    const doc = el.ownerDocument;
    const win = doc.defaultView ?? globalThis;
    const send = (msg) => model.send(msg);
    const seatColor = (seat) => model.get("geometry")?.scene?.seat_colors?.[seat] ?? "";

    // -- skeleton (built once; the parts that change are redrawn) ------------------------------
    // data-lm-suppress-shortcuts: JupyterLab's single-key notebook shortcuts (x cuts a cell...)
    // stay out of the game while the focus is on the board or its buttons.
    const root = htmlEl(doc, "div", { class: "pachisi-widget", tabindex: "-1", "data-lm-suppress-shortcuts": "true" });
    const boardBox = htmlEl(doc, "div", { class: "pachisi-board-box" });
    const side = htmlEl(doc, "div", { class: "pachisi-side" });
    const turnSlot = htmlEl(doc, "div", { class: "pachisi-turn-slot" });
    const cowrieSlot = htmlEl(doc, "div", { class: "pachisi-cowrie-slot" });
    const controls = htmlEl(doc, "div", { class: "pachisi-controls", role: "toolbar" });
    const buttons = {};
    for (const [action, , , key] of ACTIONS) {
      const b = htmlEl(doc, "button", {
        type: "button",
        class: `pachisi-button pachisi-button-${action}`,
        "data-action": action,
        "aria-keyshortcuts": key ?? null,
      });
      buttons[action] = b;
      controls.appendChild(b);
    }
    const status = htmlEl(doc, "p", { class: "pachisi-status", "data-role": "status", role: "status", "aria-live": "polite" });
    const logBox = htmlEl(doc, "section", { class: "pachisi-log-box" });
    const logTitle = htmlEl(doc, "h4", { class: "pachisi-heading" });
    let logList = buildLog(doc, []);
    logBox.append(logTitle, logList);

    // settings: seats, language, speed, animation, new-game options
    const settings = htmlEl(doc, "details", { class: "pachisi-settings" });
    const settingsTitle = htmlEl(doc, "summary", { class: "pachisi-summary" });
    const seatsRow = htmlEl(doc, "div", { class: "pachisi-seats", "data-role": "seats" });
    const languageSelect = htmlEl(doc, "select", { "data-role": "language" });
    const speedSelect = htmlEl(doc, "select", { "data-role": "speed" });
    const animateBox = htmlEl(doc, "input", { type: "checkbox", "data-role": "animate" });
    const playersSelect = htmlEl(doc, "select", { "data-role": "players" });
    const presetSelect = htmlEl(doc, "select", { "data-role": "preset" });
    const language = labelled(doc, "Language", languageSelect);
    const speed = labelled(doc, "Speed", speedSelect);
    const animate = labelled(doc, "Animation", animateBox, "pachisi-field pachisi-check");
    const players = labelled(doc, "Players", playersSelect);
    const preset = labelled(doc, "Rules", presetSelect);
    const prefRow = htmlEl(doc, "div", { class: "pachisi-row" });
    prefRow.append(language.label, speed.label, animate.label);
    const gameRow = htmlEl(doc, "div", { class: "pachisi-row" });
    gameRow.append(players.label, preset.label);
    settings.append(settingsTitle, seatsRow, prefRow, gameRow);

    // teacher: force a throw, set up a position, save and load
    const teacher = htmlEl(doc, "section", { class: "pachisi-teacher", "data-role": "teacher" });
    const teacherTitle = htmlEl(doc, "h4", { class: "pachisi-heading" });
    const forceRow = htmlEl(doc, "div", { class: "pachisi-row pachisi-force", "data-role": "force" });
    const forceCaption = htmlEl(doc, "span", { class: "pachisi-field-label" });
    const forceButtons = htmlEl(doc, "span", { class: "pachisi-force-buttons" });
    forceRow.append(forceCaption, forceButtons);
    const setupForm = htmlEl(doc, "form", { class: "pachisi-setup", "data-role": "setup" });
    const setupCaption = htmlEl(doc, "div", { class: "pachisi-field-label" });
    const setupHint = htmlEl(doc, "div", { class: "pachisi-hint" });
    const setupInputs = [0, 1, 2, 3].map((seat) =>
      htmlEl(doc, "input", { type: "text", "data-setup-seat": seat, spellcheck: "false", autocomplete: "off", size: 11 }),
    );
    const setupLabels = setupInputs.map((input, seat) => {
      const l = labelled(doc, (model.get("state")?.seat_letters ?? SEAT_LETTERS)[seat], input, "pachisi-field pachisi-setup-field");
      l.label.style.setProperty("--pachisi-seat-color", seatColor(seat));
      return l;
    });
    const toMoveSelect = htmlEl(doc, "select", { "data-role": "setup-to-move" });
    const toMove = labelled(doc, "To move", toMoveSelect);
    const setupButton = htmlEl(doc, "button", { type: "submit", class: "pachisi-button", "data-action": "setup" });
    const setupGrid = htmlEl(doc, "div", { class: "pachisi-setup-grid" });
    setupGrid.append(...setupLabels.map((l) => l.label));
    const setupRow = htmlEl(doc, "div", { class: "pachisi-row" });
    setupRow.append(toMove.label, setupButton);
    setupForm.append(setupCaption, setupHint, setupGrid, setupRow);
    const fileRow = htmlEl(doc, "div", { class: "pachisi-row" });
    const saveButton = htmlEl(doc, "button", { type: "button", class: "pachisi-button", "data-action": "save" });
    const loadInput = htmlEl(doc, "input", { type: "file", accept: ".json,application/json,text/plain", class: "pachisi-file", "data-action": "load" });
    const loadLabel = htmlEl(doc, "label", { class: "pachisi-button pachisi-load" });
    const loadText = htmlEl(doc, "span");
    loadLabel.append(loadText, loadInput);
    fileRow.append(saveButton, loadLabel);
    teacher.append(teacherTitle, forceRow, setupForm, fileRow);

    side.append(turnSlot, cowrieSlot, controls, status, logBox, teacher, settings);
    root.append(boardBox, side);
    el.appendChild(root);

    // -- view state ---------------------------------------------------------------------------
    let board = null;
    let selected = null; // "seat:step" of a stack chosen by a click (several moves share it)
    let sentAt = null; // the revision a move was sent at: one move per position
    let cowrieKey = "";
    let animatedKey = "";
    let logKey = "";
    let setupDirty = false;
    let stepRevision = null;
    let stepTimer = null;
    let stepFrame = null;

    const legal = () => model.get("legal_moves") ?? [];
    const stateNow = () => model.get("state") ?? {};

    const clearStep = () => {
      if (stepTimer !== null) win.clearTimeout(stepTimer);
      if (stepFrame !== null) win.cancelAnimationFrame?.(stepFrame);
      stepTimer = null;
      stepFrame = null;
    };

    const sendMove = (id) => {
      const rev = model.get("revision");
      if (sentAt === rev) return; // already answered this position; Python will redraw
      sentAt = rev;
      selected = null;
      send({ kind: "move", id });
    };

    const showPaths = (moves) => {
      if (!board) return;
      const old = board.querySelector(".pachisi-paths");
      const next = buildPaths(doc, model.get("geometry") ?? {}, moves);
      if (old) old.replaceWith(next);
    };

    const pathsFor = (node) => {
      if (!node) return [];
      const moves = legal();
      const id = node.getAttribute("data-move");
      if (node.classList.contains("pachisi-target") && id) return moves.filter((m) => m.id === id);
      const key = node.getAttribute("data-stack");
      return key ? movesByStack(moves).get(key) ?? [] : [];
    };

    const focusAfterRedraw = (hadFocus, activeAction) => {
      if (!hadFocus) return;
      const active = doc.activeElement;
      if (active && root.contains(active) && active !== root && !active.disabled) return;
      const again = activeAction ? root.querySelector(`[data-action="${activeAction}"]`) : null;
      const firstTarget = board?.querySelector(".pachisi-target");
      if (firstTarget && stateNow().phase === "move") firstTarget.focus();
      else if (again && !again.disabled) again.focus();
      else if (!buttons.throw.disabled) buttons.throw.focus();
      else root.focus();
    };

    // -- drawing ------------------------------------------------------------------------------
    const redraw = () => {
      const state = stateNow();
      const geometry = model.get("geometry") ?? {};
      const labels = state.labels ?? {};
      const moves = legal();
      const revision = model.get("revision");
      const active = doc.activeElement;
      const hadFocus = !!active && root.contains(active);
      const activeAction = hadFocus ? active.getAttribute?.("data-action") : null;
      if (sentAt !== null && sentAt !== revision) sentAt = null;
      if (selected && !movesByStack(moves).has(selected)) selected = null;

      // board
      const next = buildBoard(doc, { geometry, state, legalMoves: moves, selected, interactive: !state.computer_to_act });
      if (board) board.replaceWith(next);
      else boardBox.appendChild(next);
      board = next;
      if (selected) showPaths(movesByStack(moves).get(selected) ?? []);

      slideLastMove(state, geometry);

      // turn banner
      turnSlot.replaceChildren(buildTurn(doc, state, geometry.scene));

      // cowries: rebuilt only when they change, so a redraw never restarts the landing animation
      const throwView = model.get("last_throw") ?? {};
      const key = JSON.stringify([throwView, state.pending, state.part, state.turn_mode, state.up_texts, labels.pending, state.names, state.seat_labels]);
      if (key !== cowrieKey) {
        cowrieKey = key;
        const throwKey = JSON.stringify([throwView.event, throwView.turn, throwView.up, throwView.seat, revision]);
        const fresh = !!throwView.fresh && !!model.get("animate") && throwKey !== animatedKey && !!throwView.mouths;
        if (fresh) animatedKey = throwKey;
        cowrieSlot.replaceChildren(buildCowries(doc, throwView, state, { animate: fresh, scene: geometry.scene }));
      }

      // buttons
      const can = controlStates(state);
      for (const [action, labelKey, shortcutKey, fallback] of ACTIONS) {
        const b = buttons[action];
        const shortcut = shortcutKey ? labels[shortcutKey] ?? fallback : null;
        b.textContent = labels[labelKey] ?? labelKey;
        b.disabled = !can[action];
        b.title = shortcut ? `${b.textContent} (${shortcut})` : b.textContent;
        if (shortcut) b.setAttribute("aria-keyshortcuts", shortcut);
      }

      // status
      status.textContent = model.get("status") ?? "";
      const error = model.get("status_kind") === "error";
      status.classList.toggle("pachisi-status-error", error);
      status.setAttribute("data-kind", error ? "error" : "info");

      // log
      const lines = model.get("log") ?? [];
      logTitle.textContent = labels.log ?? "What happened";
      const lk = JSON.stringify(lines);
      if (lk !== logKey) {
        logKey = lk;
        const list = buildLog(doc, lines);
        logList.replaceWith(list);
        logList = list;
        logList.scrollTop = logList.scrollHeight;
      }

      // settings
      settingsTitle.textContent = labels.settings ?? "Settings";
      language.caption.textContent = labels.language ?? "Language";
      speed.caption.textContent = labels.speed ?? "Speed";
      animate.caption.textContent = labels.animate ?? "Animation";
      players.caption.textContent = labels.players ?? "Players";
      preset.caption.textContent = labels.preset ?? "Rules";
      fillSelect(languageSelect, LANGUAGES, model.get("language"));
      const sp = Number(model.get("speed"));
      const speeds = SPEEDS.includes(sp) ? SPEEDS : [...SPEEDS, sp].sort((a, b) => a - b);
      fillSelect(speedSelect, speeds.map((v) => [v, secondsText(v, labels)]), sp);
      animateBox.checked = !!model.get("animate");
      fillSelect(playersSelect, [[2, "2"], [3, "3"], [4, "4"]], state.players ?? (state.seats ?? []).length);
      const presets = model.get("presets") ?? [];
      const presetNames = state.preset_names ?? {};
      const presetOptions = presets.map((p) => [p, presetNames[p] ?? p]);
      if (!state.preset) {
        const custom = String(state.rules ?? "custom");
        presetOptions.unshift(["", custom.length > 60 ? `${custom.slice(0, 59)}…` : custom]);
      }
      if (doc.activeElement !== presetSelect) fillSelect(presetSelect, presetOptions, state.preset ?? "");
      drawSeats(state, labels);

      // teacher
      teacher.hidden = !model.get("teacher");
      if (!teacher.hidden) drawTeacher(state, labels, can);

      focusAfterRedraw(hadFocus, activeAction);
      scheduleComputer(state, revision);
    };

    // With `animate` on, the piece just moved slides along its path (once per move).
    let slidKey = "";
    const slideLastMove = (state, geometry) => {
      const last = state.last_move;
      const key = last ? JSON.stringify([last.event, last.seat, last.start, last.end, state.turn]) : "";
      if (!last || !last.fresh || key === slidKey) return;
      slidKey = key;
      if (!model.get("animate")) return;
      const piece = board.querySelector(`.pachisi-piece[data-seat="${last.seat}"][data-step="${last.end}"]`);
      const frames = slideFrames(geometry, last);
      if (!piece || typeof piece.animate !== "function" || frames.length < 2) return;
      const reduce = win.matchMedia?.("(prefers-reduced-motion: reduce)")?.matches;
      if (reduce) return;
      const duration = Math.min(120 + 60 * frames.length, 900);
      piece.animate(frames, { duration, easing: "ease-in-out" });
      // captured pieces go back from the square of the capture to their seat's waiting spot,
      // once the capturer has arrived (shown on that square until then)
      const waiting = geometry.spots?.waiting ?? [];
      for (const victim of last.captured ?? []) {
        const back = board.querySelector(`.pachisi-piece[data-seat="${victim}"][data-step="0"]`);
        const home = slideFrames(geometry, { seat: victim, from: last.to, path: [], to: waiting[victim] });
        if (back && typeof back.animate === "function" && home.length >= 2) {
          back.animate(home, { duration: 450, delay: duration, easing: "ease-in", fill: "backwards" });
        }
      }
    };

    const drawSeats = (state, labels) => {
      const agents = model.get("agent_names") ?? [];
      const seatPlayers = model.get("seat_players") ?? [];
      const agentLabels = state.agent_labels ?? {};
      const options = [["human", agentLabels.human ?? labels.human ?? "human"], ...agents.map((a) => [a, agentLabels[a] ?? a])];
      const seats = state.seats ?? [];
      const want = JSON.stringify([seats, options, state.seat_labels]);
      if (seatsRow.dataset.key !== want) {
        seatsRow.dataset.key = want;
        seatsRow.replaceChildren(...seats.map((seat) => {
          const select = htmlEl(doc, "select", { "data-seat-select": seat });
          fillSelect(select, options);
          const l = labelled(doc, (state.seat_labels ?? [])[seat] ?? SEAT_LETTERS[seat], select, `pachisi-field pachisi-seat-field pachisi-seat-${seat}`);
          l.label.style.setProperty("--pachisi-seat-color", seatColor(seat));
          return l.label;
        }));
      }
      for (const select of seatsRow.querySelectorAll("select")) {
        const seat = Number(select.getAttribute("data-seat-select"));
        const player = seatPlayers[seat] || "human";
        if (![...select.options].some((o) => o.value === player)) {
          select.appendChild(htmlEl(doc, "option", { value: player }, player));
        }
        select.value = player;
      }
    };

    const drawTeacher = (state, labels, can) => {
      teacherTitle.textContent = labels.teacher ?? "Teacher";
      forceCaption.textContent = `${labels.force ?? "Force throw"}:`;
      const values = state.throw_values ?? [];
      const upTexts = state.up_texts ?? [];
      const fk = JSON.stringify([values, upTexts, labels.force]);
      if (forceButtons.dataset.key !== fk) {
        forceButtons.dataset.key = fk;
        forceButtons.replaceChildren(...values.map((value, up) => {
          const b = htmlEl(doc, "button", {
            type: "button",
            class: "pachisi-button pachisi-force-button",
            "data-action": "force-throw",
            "data-up": up,
            title: `${upTexts[up] ?? `${up}↑`} → ${value}`,
            "aria-label": `${labels.force ?? "Force throw"}: ${upTexts[up] ?? `${up}↑`} = ${value}`,
          });
          b.append(htmlEl(doc, "span", { class: "pachisi-force-value" }, String(value)), htmlEl(doc, "span", { class: "pachisi-force-up" }, `${up}↑`));
          return b;
        }));
      }
      for (const b of forceButtons.querySelectorAll("button")) b.disabled = !can.throw;
      setupCaption.textContent = labels.setup ?? "Position";
      setupHint.textContent = labels.setup_hint ?? "";
      setupButton.textContent = labels.apply ?? "Apply";
      const seatLabels = state.seat_labels ?? ["South", "East", "North", "West"];
      setupLabels.forEach((l, seat) => {
        l.caption.textContent = seatLabels[seat];
      });
      toMove.caption.textContent = labels.to_move ?? "To move";
      fillSelect(toMoveSelect, seatLabels.map((s, i) => [i, s]));
      const editing = setupForm.contains(doc.activeElement);
      if (!setupDirty && !editing) {
        setupInputs.forEach((input, seat) => {
          const p = (state.pieces ?? [])[seat];
          input.value = p ? p.join(",") : "-";
        });
        toMoveSelect.value = String(state.to_move ?? 0);
      }
      saveButton.textContent = labels.save ?? "Save";
      loadText.textContent = labels.load ?? "Load";
    };

    const scheduleComputer = (state, revision) => {
      if (!state.computer_to_act || state.phase === "over") {
        clearStep();
        stepRevision = null;
        return;
      }
      if (stepRevision === revision) return;
      clearStep();
      stepRevision = revision;
      const go = () => {
        stepTimer = null;
        stepFrame = null;
        send({ kind: "step", turn: state.turn, revision });
      };
      const seconds = Number(model.get("speed"));
      if (seconds > 0) stepTimer = win.setTimeout(go, seconds * 1000);
      else if (win.requestAnimationFrame) stepFrame = win.requestAnimationFrame(go);
      else stepTimer = win.setTimeout(go, 0);
    };

    // Many traits change together in one sync: draw once per batch.
    let queued = false;
    const schedule = () => {
      if (queued) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        redraw();
      });
    };
    const traits = ["geometry", "state", "legal_moves", "status", "status_kind", "log", "last_throw", "language",
      "seat_players", "agent_names", "names", "speed", "animate", "teacher", "revision", "presets"];
    for (const t of traits) model.on(`change:${t}`, schedule);

    // -- input ----------------------------------------------------------------------------------
    const pressAction = (action) => {
      const b = buttons[action];
      if (!b || b.disabled) return;
      if (action === "throw") send({ kind: "throw" });
      else if (action === "pass") send({ kind: "pass" });
      else if (action === "undo") send({ kind: "undo" });
      else if (action === "new-game") {
        const msg = { kind: "new_game" };
        const n = Number(playersSelect.value);
        if ([2, 3, 4].includes(n)) msg.players = n;
        if (presetSelect.value) msg.preset = presetSelect.value;
        send(msg);
      }
    };
    for (const [action] of ACTIONS) buttons[action].addEventListener("click", () => pressAction(action));

    boardBox.addEventListener("click", (event) => {
      const node = event.target.closest?.(".pachisi-target, .pachisi-movable");
      if (!node || !boardBox.contains(node)) {
        if (selected) {
          selected = null;
          redraw();
        }
        return;
      }
      const id = node.getAttribute("data-move");
      if (id) {
        sendMove(id);
        return;
      }
      const key = node.getAttribute("data-stack");
      selected = selected === key ? null : key;
      redraw();
    });
    boardBox.addEventListener("keydown", (event) => {
      const node = event.target.closest?.(".pachisi-target");
      if (!node) return;
      if (event.key === "Enter" || event.key === " " || event.key === "Spacebar") {
        event.preventDefault();
        sendMove(node.getAttribute("data-move"));
      }
    });
    const hover = (event) => {
      const node = event.target.closest?.(".pachisi-target, .pachisi-movable");
      if (node) showPaths(pathsFor(node));
      else if (!selected) showPaths([]);
    };
    boardBox.addEventListener("pointerover", hover);
    boardBox.addEventListener("focusin", hover);
    const unhover = () => showPaths(selected ? movesByStack(legal()).get(selected) ?? [] : []);
    boardBox.addEventListener("pointerleave", unhover);
    boardBox.addEventListener("focusout", unhover);

    root.addEventListener("keydown", (event) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const tag = event.target.tagName;
      if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
      const key = event.key.toLowerCase();
      if (key === "escape" && selected) {
        selected = null;
        redraw();
        return;
      }
      const action = shortcuts(stateNow().labels)[key];
      if (action) {
        event.preventDefault();
        event.stopPropagation(); // keep JupyterLab's own shortcuts out of the game
        pressAction(action);
      }
    });

    languageSelect.addEventListener("change", () => send({ kind: "set_language", language: languageSelect.value }));
    speedSelect.addEventListener("change", () => {
      model.set("speed", Number(speedSelect.value));
      model.save_changes();
    });
    animateBox.addEventListener("change", () => {
      model.set("animate", animateBox.checked);
      model.save_changes();
    });
    seatsRow.addEventListener("change", (event) => {
      const select = event.target.closest?.("select[data-seat-select]");
      if (select) send({ kind: "set_seat", seat: Number(select.getAttribute("data-seat-select")), player: select.value });
    });
    forceButtons.addEventListener("click", (event) => {
      const b = event.target.closest?.("button[data-up]");
      if (b && !b.disabled) send({ kind: "throw", up: Number(b.getAttribute("data-up")) });
    });
    setupForm.addEventListener("input", () => {
      setupDirty = true;
    });
    setupForm.addEventListener("submit", (event) => {
      event.preventDefault();
      setupDirty = false;
      send({ kind: "setup", positions: parsePositions(setupInputs.map((i) => i.value)), to_move: Number(toMoveSelect.value) });
    });
    saveButton.addEventListener("click", () => send({ kind: "save" }));
    loadInput.addEventListener("change", async () => {
      const file = loadInput.files && loadInput.files[0];
      if (!file) return;
      const text = await readText(file);
      loadInput.value = "";
      send({ kind: "load", text });
    });

    redraw();

    return () => {
      clearStep();
      for (const t of traits) model.off(`change:${t}`, schedule);
      root.remove();
    };
  },
};
