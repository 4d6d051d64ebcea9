// Practice mode (the `quiz` trait): the board shows no rings and no hints. The student clicks a
// piece of the seat to move, then the square where it should go (a square, a piece standing on
// it, or the seat's home tray); the panel sends {kind: "try", start, square} and Python answers
// with the rule that forbids the move, or plays it and says the coach's verdict.
import { htmlEl } from "../draw.js";

/**
 * The intent a click on `node` makes, with the piece `chosen` (its step) or null: {choose}
 * to choose a piece, {send} to send a try, or null.
 * @param {Element} node  the element clicked
 * @param {object} state  the `state` trait
 * @param {object} geometry
 * @param {number|null} chosen
 */
export function practiceClick(node, state, geometry, chosen) {
  const seat = state.to_move;
  const piece = node.closest?.(".pachisi-piece");
  if (piece) {
    const pSeat = Number(piece.getAttribute("data-seat"));
    const step = Number(piece.getAttribute("data-step"));
    if (pSeat === seat && (chosen === null || chosen === step)) return { choose: chosen === step ? null : step };
    if (chosen === null) return null;
    if (step === 0) return null;
    if (step >= (geometry.scene?.home_step ?? 84)) return { send: { kind: "try", start: chosen, square: "home" } };
    const sq = geometry.tracks?.[pSeat]?.[step];
    return sq ? { send: { kind: "try", start: chosen, square: [sq[0], sq[1]] } } : null;
  }
  if (chosen === null) return null;
  const tray = node.closest?.("[data-home-tray]");
  if (tray && Number(tray.getAttribute("data-home-tray")) === seat) return { send: { kind: "try", start: chosen, square: "home" } };
  const square = node.closest?.("[data-square]");
  if (square) {
    const [x, y] = square.getAttribute("data-square").split(",").map(Number);
    return { send: { kind: "try", start: chosen, square: [x, y] } };
  }
  return null;
}

/** @param {{doc: Document, model: object, send: (msg: object) => void, boardBox: HTMLElement}} ctx */
export function createPractice({ doc, model, send, boardBox }) {
  const note = htmlEl(doc, "p", { class: "pachisi-practice", "data-role": "practice" });
  let chosen = null;
  let chosenAt = null;
  const mark = () => {
    for (const n of boardBox.querySelectorAll(".pachisi-chosen")) n.classList.remove("pachisi-chosen");
    if (chosen === null) return;
    const seat = (model.get("state") ?? {}).to_move;
    boardBox.querySelector(`.pachisi-piece[data-seat="${seat}"][data-step="${chosen}"]`)?.classList.add("pachisi-chosen");
  };
  boardBox.addEventListener("click", (event) => {
    const state = model.get("state") ?? {};
    if (!model.get("quiz") || state.phase !== "move" || state.computer_to_act || state.replay) return;
    const what = practiceClick(event.target, state, model.get("geometry") ?? {}, chosen);
    if (!what) return;
    if ("choose" in what) {
      chosen = what.choose;
      chosenAt = model.get("revision");
    } else {
      chosen = null;
      send(what.send);
    }
    mark();
  });

  const update = ({ state, revision }) => {
    const on = !!model.get("quiz");
    note.hidden = !on;
    note.textContent = on ? state.quiz_text ?? "" : "";
    if (!on || (chosenAt !== null && chosenAt !== revision && state.phase !== "move")) chosen = null;
    mark();
  };

  return { nodes: [note], update };
}
