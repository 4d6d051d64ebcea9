// Practice mode (the `quiz` trait): the board shows no rings and no hints. The student clicks a
// piece of the seat to move, then the square where it should go (a square, a piece standing on
// it, or the seat's home tray); the panel sends {kind: "try", start, square} and Python answers
// with the rule that forbids the move, or plays it and says the coach's verdict. From the
// keyboard, the same try is made with two menus (a piece of the seat to move, and any square
// ahead of it: every step, not only the legal ones) and a button.
import { htmlEl } from "../draw.js";

/**
 * The keyboard's choices in practice mode: the seat to move's pieces (by step, one entry per
 * stack) and, for the piece `start`, every step ahead of it up to home.
 * @param {object} state  the `state` trait
 * @param {number|null} start
 * @returns {{pieces: number[], steps: number[]}}
 */
export function practiceChoices(state, start) {
  const mine = (state.pieces ?? [])[state.to_move] ?? [];
  const pieces = [...new Set(mine.filter((s) => s < 84))].sort((a, b) => a - b);
  const from = start ?? pieces[0];
  const steps = [];
  if (from !== undefined) for (let s = from + 1; s <= 84; s++) steps.push(s);
  return { pieces, steps };
}

/** The try the keyboard's menus make: {kind: "try", start, square}. */
export function practiceTry(geometry, seat, start, step) {
  if (step >= 84) return { kind: "try", start, square: "home" };
  const sq = geometry.tracks?.[seat]?.[step];
  return sq ? { kind: "try", start, square: [sq[0], sq[1]] } : null;
}

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
  if (tray && Number(tray.getAttribute("data-home-tray")) === seat)
    return { send: { kind: "try", start: chosen, square: "home" } };
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
  const keys = htmlEl(doc, "div", { class: "pachisi-practice-keys", role: "group" });
  const pieceLabel = htmlEl(doc, "label", { class: "pachisi-field" });
  const pieceText = htmlEl(doc, "span", { class: "pachisi-field-label" });
  const pieceSelect = htmlEl(doc, "select", { "data-role": "practice-piece" });
  pieceLabel.append(pieceText, pieceSelect);
  const squareLabel = htmlEl(doc, "label", { class: "pachisi-field" });
  const squareText = htmlEl(doc, "span", { class: "pachisi-field-label" });
  const squareSelect = htmlEl(doc, "select", { "data-role": "practice-square" });
  squareLabel.append(squareText, squareSelect);
  const tryButton = htmlEl(doc, "button", { type: "button", class: "pachisi-button", "data-action": "practice-try" });
  keys.append(pieceLabel, squareLabel, tryButton);
  const fill = (select, values, text, keep) => {
    select.replaceChildren(...values.map((v) => htmlEl(doc, "option", { value: String(v) }, text(v))));
    if (keep !== null && values.includes(keep)) select.value = String(keep);
  };
  const stepText = (labels) => (s) =>
    s === 0 ? (labels.charkoni ?? "0") : s >= 84 ? (labels.home ?? "84") : `${labels.practice_step ?? ""} ${s}`.trim();
  const refreshSquares = () => {
    const state = model.get("state") ?? {};
    const start = pieceSelect.value === "" ? null : Number(pieceSelect.value);
    const keep = squareSelect.value === "" ? null : Number(squareSelect.value);
    fill(squareSelect, practiceChoices(state, start).steps, stepText(state.labels ?? {}), keep);
  };
  pieceSelect.addEventListener("change", refreshSquares);
  tryButton.addEventListener("click", () => {
    const state = model.get("state") ?? {};
    if (pieceSelect.value === "" || squareSelect.value === "") return;
    const msg = practiceTry(
      model.get("geometry") ?? {},
      state.to_move,
      Number(pieceSelect.value),
      Number(squareSelect.value),
    );
    if (msg) send(msg);
  });
  let chosen = null;
  let chosenAt = null;
  const mark = () => {
    for (const n of boardBox.querySelectorAll(".pachisi-chosen")) n.classList.remove("pachisi-chosen");
    if (chosen === null) return;
    const seat = model.get("state")?.to_move;
    boardBox
      .querySelector(`.pachisi-piece[data-seat="${seat}"][data-step="${chosen}"]`)
      ?.classList.add("pachisi-chosen");
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
    note.textContent = on ? (state.quiz_text ?? "") : "";
    const labels = state.labels ?? {};
    keys.hidden = !on || state.phase !== "move" || !!state.computer_to_act || !!state.replay;
    pieceText.textContent = labels.practice_piece ?? "";
    squareText.textContent = labels.practice_square ?? "";
    tryButton.textContent = labels.practice_try ?? "";
    if (!keys.hidden) {
      const keep = pieceSelect.value === "" ? null : Number(pieceSelect.value);
      fill(pieceSelect, practiceChoices(state, null).pieces, stepText(labels), keep);
      refreshSquares();
    }
    if (!on || (chosenAt !== null && chosenAt !== revision && state.phase !== "move")) chosen = null;
    mark();
  };

  return { nodes: [note, keys], update };
}
