// The board panel: the picture of the position (./draw.js buildBoard) and the moves on it. A
// click on a ringed piece with one move plays it; with several, it chooses the piece and its
// destinations light up; Enter or Space on a focused destination plays it. The path of a move
// shows on hover and focus; with `animate` on, the piece just moved slides along its path.
// From the keyboard, the arrow keys (and Home, End) go from ring to ring. A tap or click lands on
// the ring nearest to it: every ring answers within 22 px of its centre (a finger's 44 px), and
// where two such circles overlap the nearer centre wins.
import { buildBoard, buildPaths, htmlEl, movesByStack, slideFrames } from "../draw.js";
import { pendingTimer, showMove } from "../optimistic.js";

/**
 * @param {{doc: Document, win: Window, model: object, send: (msg: object) => void,
 *          redraw: () => void, holdFocus?: () => void}} ctx
 *   holdFocus: parks the focus on the board before a focused ring is taken away
 */
export function createBoard({ doc, win, model, send, redraw, holdFocus = () => {} }) {
  const box = htmlEl(doc, "div", { class: "pachisi-board-box" });
  // A piece past its returning step lies on its side: the note under the board says why, while
  // one is on the board (data-role="returning-note").
  const returningNote = htmlEl(doc, "p", { class: "pachisi-returning-note", "data-role": "returning-note" });
  let board = null;
  let selected = null; // "seat:step" of a stack chosen by a click (several moves share it)
  let sentAt = null; // the revision a move was sent at: one move per position
  let slidKey = "";

  const legal = () => model.get("legal_moves") ?? [];

  // Instant feel (../optimistic.js): the piece moves on the picture at once; Python's next view
  // redraws the board from its own state, confirming the move or putting the piece back.
  const pending = pendingTimer(win);
  const sendMove = (id) => {
    const rev = model.get("revision");
    if (sentAt === rev) return; // already answered this position; Python will redraw
    sentAt = rev;
    selected = null;
    holdFocus(); // the rings go at once (the move shown before Python answers)
    send({ kind: "move", id });
    const move = legal().find((m) => m.id === id);
    if (board && move && showMove(doc, board, model.get("geometry") ?? {}, move)) {
      pending.arm(() => {
        sentAt = null;
        redraw();
      });
    }
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
    return key ? (movesByStack(moves).get(key) ?? []) : [];
  };

  // The piece just moved slides along its path (once per move), and the pieces it captured go
  // back from the square of the capture to their waiting spot once it has arrived.
  const slideLastMove = (state, geometry) => {
    const last = state.last_move;
    const key = last ? JSON.stringify([last.event, last.seat, last.start, last.end, state.turn]) : "";
    if (!last?.fresh || key === slidKey) return;
    slidKey = key;
    if (!model.get("animate")) return;
    const piece = board.querySelector(`.pachisi-piece[data-seat="${last.seat}"][data-step="${last.end}"]`);
    const frames = slideFrames(geometry, last);
    if (!piece || typeof piece.animate !== "function" || frames.length < 2) return;
    const reduce = win.matchMedia?.("(prefers-reduced-motion: reduce)")?.matches;
    if (reduce) return;
    const duration = Math.min(120 + 60 * frames.length, 900);
    piece.animate(frames, { duration, easing: "ease-in-out" });
    const waiting = geometry.scene?.spots?.waiting ?? [];
    for (const victim of last.captured ?? []) {
      const back = board.querySelector(`.pachisi-piece[data-seat="${victim}"][data-step="0"]`);
      const home = slideFrames(geometry, { seat: victim, from: last.to, path: [], to: waiting[victim] });
      if (back && typeof back.animate === "function" && home.length >= 2) {
        back.animate(home, { duration: 450, delay: duration, easing: "ease-in", fill: "backwards" });
      }
    }
  };

  const update = ({ state, geometry, moves, revision }) => {
    if (sentAt !== null && sentAt !== revision) sentAt = null;
    if (sentAt === null) pending.settle();
    if (selected && !movesByStack(moves).has(selected)) selected = null;
    const next = buildBoard(doc, { geometry, state, legalMoves: moves, selected, interactive: !state.computer_to_act });
    if (board) board.replaceWith(next);
    else box.append(next, returningNote);
    board = next;
    sizeHits();
    const labels = state.labels ?? {};
    const returning = (state.stacks ?? []).some((s) => s.returning);
    returningNote.hidden = !returning || !labels.returning_note;
    const note = String(labels.returning_note ?? "").replace("{n}", String(state.returning_step ?? ""));
    returningNote.textContent = returning ? note : "";
    if (selected) showPaths(movesByStack(moves).get(selected) ?? []);
    slideLastMove(state, geometry);
  };

  // Every ring a 44 px target on screen, whatever size the board is drawn at.
  const sizeHits = () => {
    const width = board?.getBoundingClientRect?.().width;
    const units = board?.viewBox?.baseVal?.width;
    if (!width || !units) return;
    board.style.setProperty("--pachisi-hit-r", `${((TAP_RADIUS_PX + 1) * units) / width}px`);
  };
  if (typeof win.ResizeObserver === "function") new win.ResizeObserver(sizeHits).observe(box);

  box.addEventListener("click", (event) => {
    const node = nearestTarget(board, event) ?? event.target.closest?.(".pachisi-target, .pachisi-movable");
    if (!node || !box.contains(node)) {
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
  box.addEventListener("keydown", (event) => {
    const node = event.target.closest?.(".pachisi-target");
    if (!node) return;
    if (event.key === "Enter" || event.key === " " || event.key === "Spacebar") {
      event.preventDefault();
      event.stopPropagation();
      sendMove(node.getAttribute("data-move"));
      return;
    }
    const next = ringAfter(board, node, event.key);
    if (next) {
      event.preventDefault(); // no page scroll, and no notebook cell walk
      event.stopPropagation();
      next.focus();
    }
  });
  const hover = (event) => {
    const node = event.target.closest?.(".pachisi-target, .pachisi-movable");
    if (node) showPaths(pathsFor(node));
    else if (!selected) showPaths([]);
  };
  box.addEventListener("pointerover", hover);
  box.addEventListener("focusin", hover);
  const unhover = () => showPaths(selected ? (movesByStack(legal()).get(selected) ?? []) : []);
  box.addEventListener("pointerleave", unhover);
  box.addEventListener("focusout", unhover);

  return {
    nodes: [box],
    update,
    /** The first destination a keyboard user can focus (null when none). */
    firstTarget: () => board?.querySelector(".pachisi-target") ?? null,
    /** The destination of move `id` (null when the board has none). */
    target: (id) =>
      [...(board?.querySelectorAll(".pachisi-target") ?? [])].find((n) => n.getAttribute("data-move") === id) ?? null,
    /** The stack ("seat:step") chosen by a click, or null. */
    selectedKey: () => selected,
    /** Forget a chosen piece; true when one was chosen. */
    clearSelection: () => {
      if (!selected) return false;
      selected = null;
      return true;
    },
  };
}

/** The keys that walk the rings, and which way: +1 the next, -1 the previous, or an end. */
const RING_KEYS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: "first", End: "last" };

/**
 * The ring the arrow key `key` goes to from the focused ring `node` (round the rings, in the
 * order they are drawn), or null when the key is not one of RING_KEYS.
 * @param {Element|null} board
 * @param {Element} node
 * @param {string} key
 * @returns {Element|null}
 */
export function ringAfter(board, node, key) {
  const way = RING_KEYS[key];
  if (!way || !board) return null;
  const rings = [...board.querySelectorAll(".pachisi-target")];
  if (!rings.length) return null;
  if (way === "first") return rings[0];
  if (way === "last") return rings[rings.length - 1];
  const at = rings.indexOf(node);
  return rings[(at + way + rings.length) % rings.length];
}

/** How near to a ring's centre a tap must land (CSS pixels): a 44 px target. */
export const TAP_RADIUS_PX = 22;

/**
 * The ring (or ringed piece) a tap or click at the event's point meant: of those whose centre
 * lies within TAP_RADIUS_PX, the nearest; null when the event has no point (a key's click) or
 * none is that near.
 * @param {Element|null} board
 * @param {MouseEvent} event
 * @returns {Element|null}
 */
export function nearestTarget(board, event) {
  if (!board || !event.detail || typeof event.clientX !== "number") return null;
  let best = null;
  let bestDistance = TAP_RADIUS_PX;
  for (const node of board.querySelectorAll(".pachisi-target, .pachisi-movable")) {
    const box = (node.querySelector(".pachisi-target-ring, .pachisi-movable-ring") ?? node).getBoundingClientRect();
    if (!box.width) continue;
    const dx = event.clientX - (box.left + box.width / 2);
    const dy = event.clientY - (box.top + box.height / 2);
    const distance = Math.hypot(dx, dy);
    if (distance <= bestDistance) {
      best = node;
      bestDistance = distance;
    }
  }
  return best;
}
