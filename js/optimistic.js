// Instant feedback: what the board shows between a click and Python's answer.
//
// Python stays the single source of truth. A click on a highlighted move already knows the
// move's start, end and captures (they are in the view Python sent), so the piece is moved on
// the picture at once and the board is marked `data-pending`; the next view Python sends (its
// confirmation, or a refusal with the position as it was) redraws the whole board from Python's
// state, which confirms the move or puts the piece back. A click on Throw starts the shells
// shaking at once; Python's throw lands them. If no answer comes within `PENDING_MS`, the
// picture goes back to the last state Python confirmed.
import { centre, sourcePoint, targetPoint } from "./draw.js";

/** Milliseconds an unconfirmed picture may stay before it is put back. */
export const PENDING_MS = 1000;

/**
 * The piece element a move takes: the stack of the move's seat on its start step.
 * @param {Element} board  the board's <svg>
 * @param {object} move    a legal move from Python's view
 * @returns {Element|null}
 */
export function movingPiece(board, move) {
  return board.querySelector(`.pachisi-piece[data-seat="${move.seat}"][data-step="${move.start}"]`);
}

/**
 * Show `move` on the picture before Python confirms it: the piece (one of its stack) stands on
 * its destination, the pieces it captures are faded, the move rings are gone so that nothing can
 * be clicked twice, and the board carries `data-pending="move"`. Pure DOM work on `board`;
 * returns false (and changes nothing) when the picture has no such piece.
 *
 * @param {Document} _doc      unused: `board` knows its own document
 * @param {Element} board     the board's <svg> (rebuilt from Python's state on the next view)
 * @param {object} geometry   the geometry trait (centres of squares)
 * @param {object} move       {seat, start, end, from, to, captures: [[seat, piece], ...]}
 * @returns {boolean}
 */
export function showMove(_doc, board, geometry, move) {
  const piece = movingPiece(board, move);
  if (!piece) return false;
  const count = Number(piece.getAttribute("data-count") ?? 1);
  const mover = count > 1 ? piece.cloneNode(true) : piece;
  if (count > 1) {
    mover.querySelector(".pachisi-count")?.remove();
    mover.setAttribute("data-count", "1");
    const badge = piece.querySelector(".pachisi-count text");
    if (badge) badge.textContent = String(count - 1);
    piece.setAttribute("data-count", String(count - 1));
    piece.parentNode.appendChild(mover);
  }
  const [x, y] = targetPoint(geometry, move);
  const [cx, cy] = centre(geometry, x, y);
  mover.setAttribute("transform", `translate(${cx} ${cy})`);
  mover.setAttribute("data-step", String(move.end));
  mover.classList.add("pachisi-pending-piece");
  const [fx, fy] = sourcePoint(geometry, move);
  mover.setAttribute("data-from", `${fx},${fy}`);
  for (const [seat, index] of move.captures ?? []) {
    for (const victim of board.querySelectorAll(`.pachisi-piece[data-seat="${seat}"]`)) {
      const pieces = (victim.getAttribute("data-pieces") ?? "").split(",").map(Number);
      if (pieces.includes(index)) victim.classList.add("pachisi-pending-captured");
    }
  }
  board.querySelector(".pachisi-targets")?.replaceChildren();
  board.querySelector(".pachisi-paths")?.replaceChildren();
  for (const ring of board.querySelectorAll(".pachisi-movable")) ring.classList.remove("pachisi-movable");
  board.setAttribute("data-pending", "move");
  return true;
}

/**
 * Start the shells shaking in the cowrie panel as soon as Throw is pressed (Python's answer
 * rebuilds the shells with the throw). Returns false when there are no shells to shake.
 * @param {Element} slot  the cowrie panel
 * @param {number} revision  the revision the throw was sent at
 * @returns {boolean}
 */
export function showThrow(slot, revision) {
  const shells = slot?.querySelector?.(".pachisi-shells");
  if (!shells) return false;
  shells.classList.add("pachisi-shaking");
  slot.setAttribute("data-pending", "throw");
  slot.setAttribute("data-pending-revision", String(revision ?? 0));
  return true;
}

/**
 * Stop the shaking once Python has answered (a view with another revision than the one the throw
 * was sent at). Returns true when it stopped.
 * @param {Element} slot  the cowrie panel
 * @param {number} revision  the revision of the view being drawn
 * @returns {boolean}
 */
export function settleThrow(slot, revision) {
  if (slot.getAttribute("data-pending") !== "throw") return false;
  if (slot.getAttribute("data-pending-revision") === String(revision ?? 0)) return false;
  slot.removeAttribute("data-pending");
  slot.removeAttribute("data-pending-revision");
  slot.querySelector(".pachisi-shaking")?.classList.remove("pachisi-shaking");
  return true;
}

/**
 * One timer per view: `arm(undo)` after showing something unconfirmed; `settle()` when Python's
 * next view arrives. If Python has not answered within `ms`, `undo` puts the picture back.
 * @param {Window} win
 * @param {number} [ms]
 */
export function pendingTimer(win, ms = PENDING_MS) {
  let timer = null;
  return {
    arm(undo) {
      if (timer !== null) win.clearTimeout(timer);
      timer = win.setTimeout(() => {
        timer = null;
        undo();
      }, ms);
    },
    settle() {
      if (timer !== null) win.clearTimeout(timer);
      timer = null;
    },
    get armed() {
      return timer !== null;
    },
  };
}
