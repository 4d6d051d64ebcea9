// Front end of pachisi_widget: draws what Python sends and sends the user's intents back.
//
// No rules logic lives here. Python writes every synced trait (geometry, state, legal_moves,
// status, log, last_throw...); this view draws them and answers clicks and keys with intents
// ({kind: "throw"}, {kind: "move", id}, ...), which Python checks against the engine. The view
// writes only its own display preferences back (`speed`, `animate`), never game state.
//
// The view is made of panels (./panels/): the board, the turn and cowries, the controls with
// the status line, the log, the teacher's tools and the settings. Each is a small create/update
// pair: `create*(ctx)` builds its elements once and returns `{nodes, update(view)}`; on every
// batch of trait changes `update` gets one snapshot of the view (state, geometry, labels, legal
// moves, revision, which controls can be pressed). A new instrument is one more panel.
import "./widget.css";
import { boardColorVars, controlStates, htmlEl } from "./draw.js";
import { showThrow } from "./optimistic.js";
import { createBoard } from "./panels/board.js";
import { createControls, shortcuts } from "./panels/controls.js";
import { createHints } from "./panels/hints.js";
import { createLegend } from "./panels/legend.js";
import { createLog } from "./panels/log.js";
import { createPractice } from "./panels/practice.js";
import { createQuestion } from "./panels/question.js";
import { createSettings, secondsText } from "./panels/settings.js";
import { createTeacher } from "./panels/teacher.js";
import { createTimeline } from "./panels/timeline.js";
import { createTurn } from "./panels/turn.js";

export { secondsText, shortcuts };

/**
 * The synced traits, as Python's PachisiWidget writes them (js/fixtures/traits.json has a
 * sample of each; js/widget.test.js checks this list against it and against TRAITS).
 *
 * @typedef {Object} WidgetModel
 * @property {object} geometry       board geometry and the picture's facts (`scene`), sent once
 * @property {object} state          the position, its stacks and the view texts
 * @property {object[]} legal_moves  each {id, seat, piece, start, end, kind, value, captures, from, to, path, label}
 * @property {string} status         the narration line
 * @property {string} status_kind    "info" or "error"
 * @property {string[]} log          recent narration, oldest first
 * @property {object} last_throw     {seat, up, value, mouths, grace, bonus, pyada, cancelled, lost, fresh...}
 * @property {string} language       "en" or "ro"
 * @property {string[]} seat_players per seat: "human", an agent name or ""
 * @property {string[]} agent_names  the computer players a seat can be set to
 * @property {string[]} names        per seat: the player's name (drawn as text, never as HTML)
 * @property {number} speed          seconds between computer actions (the view writes it)
 * @property {boolean} animate       whether cowries and pieces animate (the view writes it)
 * @property {boolean} large         the large board (for a projector)
 * @property {boolean} teacher       whether the teacher's tools are shown
 * @property {number} revision       grows by one on every state change; move ids carry it
 * @property {string[]} presets      the named rule sets
 * @property {object} timeline       the replay's timeline ({} when the board is live)
 * @property {object} question       the question asked ({} when none)
 * @property {boolean} quiz          practice mode: no highlights or hints
 * @property {{asked: number, right: number}} score questions asked and answered right
 * @property {boolean} hints         whether each legal move shows its chance to win
 * @property {object} hint_view      the hints ({} when off)
 * @property {boolean|number} tutor  Python only (the view does not watch it): the tutor's margin, or false
 * @property {string|null} overlay   "danger", "reach" or null
 * @property {object} heat           the heat map shown ({} when none)
 */

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
 * Where the focus is owed: whether the board should take the focus back after a redraw. It is
 * owed once the focus came into the board, until the user takes it elsewhere (a focusout whose
 * new focus lies outside the board, the board's own notebook cell included). A control removed
 * or disabled under the focus leaves with no new focus, after which JupyterLab hands the focus
 * to the board's cell: that keeps it owed, so the next redraw brings it back; and `hold()`
 * (called before the board takes a ring away) parks it on the board itself so it never falls.
 * @param {Document} doc
 * @param {HTMLElement} root
 */
export function keeper(doc, root) {
  let owed = false;
  root.addEventListener("focusin", () => {
    owed = true;
  });
  root.addEventListener("focusout", (event) => {
    const next = event.relatedTarget;
    if (next && !root.contains(next)) owed = false; // the user took it elsewhere (the cell too)
  });
  return {
    /** Whether the focus belongs on the board now (and is not elsewhere by the user's choice). */
    owed() {
      if (!owed) return false;
      const active = doc.activeElement;
      // fallen to the page, or up to the notebook's cell that holds the board: take it back
      if (!active || active === doc.body || root.contains(active) || active.contains(root)) return true;
      owed = false;
      return false;
    },
    /** Park the focus on the board before the focused control goes away. */
    hold() {
      const active = doc.activeElement;
      if (active && active !== root && root.contains(active)) root.focus({ preventScroll: true });
    },
  };
}

/** The traits the view redraws on (every one of WidgetModel that it reads). */
export const TRAITS = [
  "geometry",
  "state",
  "legal_moves",
  "status",
  "status_kind",
  "log",
  "last_throw",
  "language",
  "seat_players",
  "agent_names",
  "names",
  "speed",
  "animate",
  "large",
  "teacher",
  "revision",
  "presets",
  "timeline",
  "question",
  "quiz",
  "score",
  "hints",
  "hint_view",
  "overlay",
  "heat",
];

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
    // A throw starts the shells shaking at once (./optimistic.js); Python's answer lands them.
    const send = (msg) => {
      model.send(msg);
      if (msg?.kind === "throw" && msg.up === undefined) showThrow(turn.nodes[1], model.get("revision"));
    };

    // data-lm-suppress-shortcuts: JupyterLab's single-key notebook shortcuts (x cuts a cell...)
    // stay out of the game while the focus is on the board or its buttons.
    // role="region", named after the board (labels.board_region): a screen reader can jump to it.
    const root = htmlEl(doc, "div", {
      class: "pachisi-widget",
      tabindex: "-1",
      role: "region",
      "data-lm-suppress-shortcuts": "true",
    });
    const side = htmlEl(doc, "div", { class: "pachisi-side" });
    const focus = keeper(doc, root);
    const ctx = { doc, win, model, send, redraw: () => redraw(), holdFocus: focus.hold };
    const board = createBoard(ctx);
    const turn = createTurn(ctx);
    const settings = createSettings(ctx);
    const controls = createControls({ ...ctx, newGame: settings.newGame });
    const log = createLog(ctx);
    const teacher = createTeacher(ctx);
    const timeline = createTimeline({ ...ctx, boardBox: board.nodes[0] });
    const question = createQuestion(ctx);
    const practice = createPractice({ ...ctx, boardBox: board.nodes[0] });
    const panels = [board, turn, controls, timeline, question, practice, log, teacher, settings];
    for (const panel of [turn, timeline, controls, question, practice, log, teacher, settings])
      side.append(...panel.nodes);
    // the teaching instruments (hints, heat maps) draw on the board once it is drawn: last
    const hints = createHints({ ...ctx, boardBox: board.nodes[0] });
    const legend = createLegend({ ...ctx, boardBox: board.nodes[0], selectedKey: () => board.selectedKey() });
    panels.push(hints, legend);
    controls.nodes[controls.nodes.length - 1].after(...hints.nodes, ...legend.nodes);
    root.append(...board.nodes, side);
    el.appendChild(root);

    const stateNow = () => model.get("state") ?? {};

    // Focus stays on the board through a whole game: a control that goes away or is disabled
    // under the focus (a ring played, Throw spent) hands it to the next sensible one: the
    // first ring of a move to choose, the control used again, Throw, or the board itself.
    const focusAfterRedraw = (activeAction, activeMove) => {
      if (!focus.owed()) return;
      const active = doc.activeElement;
      if (active && root.contains(active) && active !== root && !active.disabled && active.isConnected) return;
      const again = activeAction ? root.querySelector(`[data-action="${activeAction}"]`) : null;
      const sameRing = activeMove ? board.target(activeMove) : null; // the board redrawn (hints came)
      const firstTarget = board.firstTarget();
      if (sameRing) sameRing.focus();
      else if (firstTarget && stateNow().phase === "move") firstTarget.focus();
      else if (again && !again.disabled && again.offsetParent !== null) again.focus();
      else if (!controls.buttons.throw.disabled) controls.buttons.throw.focus();
      else root.focus({ preventScroll: true });
    };

    // -- computer seats: one step every `speed` seconds, asked of Python -------------------------
    let stepRevision = null;
    let stepTimer = null;
    let stepFrame = null;
    const clearStep = () => {
      if (stepTimer !== null) win.clearTimeout(stepTimer);
      if (stepFrame !== null) win.cancelAnimationFrame?.(stepFrame);
      stepTimer = null;
      stepFrame = null;
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

    // The board's colours come with the geometry (sent once): set them when it arrives.
    let coloured = null;
    const colourBoard = (geometry) => {
      if (geometry === coloured) return;
      coloured = geometry;
      for (const [name, value] of boardColorVars(geometry.scene)) root.style.setProperty(name, value);
    };

    // -- drawing: one snapshot of the view, every panel updated from it --------------------------
    const redraw = () => {
      const state = stateNow();
      const revision = model.get("revision");
      const geometry = model.get("geometry") ?? {};
      colourBoard(geometry);
      const view = {
        state,
        geometry,
        labels: state.labels ?? {},
        moves: model.get("legal_moves") ?? [],
        revision,
        can: controlStates(state),
        model,
        get selected() {
          return board.selectedKey();
        },
      };
      const active = doc.activeElement;
      const inside = !!active && root.contains(active);
      const activeAction = inside ? active.getAttribute?.("data-action") : null;
      const activeMove = inside ? active.getAttribute?.("data-move") : null;
      for (const panel of panels) panel.update(view);
      root.setAttribute("data-revision", String(revision ?? 0));
      root.setAttribute("aria-label", view.labels.board_region ?? view.labels.board ?? "");
      root.classList.toggle("pachisi-large", !!model.get("large"));
      focusAfterRedraw(activeAction, activeMove);
      scheduleComputer(state, revision);
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
    for (const t of TRAITS) model.on(`change:${t}`, schedule);

    // The hint says what the keys do where the focus is: on a ring, Enter and the arrow keys.
    const ringFocus = (event) => {
      if (event.target?.classList?.contains("pachisi-target")) queueMicrotask(controls.refreshHint);
    };
    root.addEventListener("focusin", ringFocus);
    root.addEventListener("focusout", ringFocus);

    // -- keyboard shortcuts (in the board's language) --------------------------------------------
    root.addEventListener("keydown", (event) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const tag = event.target.tagName;
      if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
      // JupyterLab's notebook keys (Enter opens the cell's editor, d d deletes it, a/b add
      // cells, arrows walk the cells) act on the board's cell: none of them leaves the board.
      if (event.key !== "Tab" && event.key !== "Escape") event.stopPropagation();
      const key = event.key.toLowerCase();
      if (key === "escape" && board.clearSelection()) {
        redraw();
        return;
      }
      const action = shortcuts(stateNow().labels)[key];
      if (action) {
        event.preventDefault();
        event.stopPropagation(); // keep JupyterLab's own shortcuts out of the game
        controls.press(action);
      }
    });

    redraw();

    return () => {
      clearStep();
      timeline.stop();
      for (const t of TRAITS) model.off(`change:${t}`, schedule);
      root.remove();
    };
  },
};
