// The teacher panel (shown when the `teacher` trait is on): force a throw, set up a position,
// save the game as a file and load one.
import { htmlEl, parsePositions } from "../draw.js";
import { fillSelect, labelled, seatColor } from "./common.js";

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

/** @param {{doc: Document, model: object, send: (msg: object) => void}} ctx */
export function createTeacher({ doc, model, send }) {
  const el = htmlEl(doc, "section", { class: "pachisi-teacher", "data-role": "teacher" });
  const title = htmlEl(doc, "h4", { class: "pachisi-heading" });
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
  const letters = model.get("state")?.seat_letters ?? [];
  const setupLabels = setupInputs.map((input, seat) => {
    const l = labelled(doc, letters[seat] ?? String(seat), input, "pachisi-field pachisi-setup-field");
    l.label.style.setProperty("--pachisi-seat-color", seatColor(model.get("geometry"), seat));
    return l;
  });
  const toMoveSelect = htmlEl(doc, "select", { "data-role": "setup-to-move" });
  const toMove = labelled(doc, "", toMoveSelect);
  const setupButton = htmlEl(doc, "button", { type: "submit", class: "pachisi-button", "data-action": "setup" });
  const setupGrid = htmlEl(doc, "div", { class: "pachisi-setup-grid" });
  setupGrid.append(...setupLabels.map((l) => l.label));
  const setupRow = htmlEl(doc, "div", { class: "pachisi-row" });
  setupRow.append(toMove.label, setupButton);
  setupForm.append(setupCaption, setupHint, setupGrid, setupRow);
  const fileRow = htmlEl(doc, "div", { class: "pachisi-row" });
  const saveButton = htmlEl(doc, "button", { type: "button", class: "pachisi-button", "data-action": "save" });
  const saveTextButton = htmlEl(doc, "button", {
    type: "button",
    class: "pachisi-button",
    "data-action": "save-text",
  });
  const loadInput = htmlEl(doc, "input", {
    type: "file",
    accept: ".json,.txt,application/json,text/plain",
    class: "pachisi-file",
    "data-action": "load",
  });
  const loadLabel = htmlEl(doc, "label", { class: "pachisi-button pachisi-load" });
  const loadText = htmlEl(doc, "span");
  loadLabel.append(loadText, loadInput);
  fileRow.append(saveButton, saveTextButton, loadLabel);
  el.append(title, forceRow, setupForm, fileRow);

  let setupDirty = false;
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
    send({
      kind: "setup",
      positions: parsePositions(setupInputs.map((i) => i.value)),
      to_move: Number(toMoveSelect.value),
    });
  });
  saveButton.addEventListener("click", () => send({ kind: "save" }));
  saveTextButton.addEventListener("click", () => send({ kind: "save", as: "text" }));
  loadInput.addEventListener("change", async () => {
    const file = loadInput.files?.[0];
    if (!file) return;
    const text = await readText(file);
    loadInput.value = "";
    send({ kind: "load", text });
  });

  const update = ({ state, labels, can }) => {
    el.hidden = !model.get("teacher");
    if (el.hidden) return;
    title.textContent = labels.teacher ?? "";
    forceCaption.textContent = `${labels.force ?? ""}:`;
    const values = state.throw_values ?? [];
    const upTexts = state.up_texts ?? [];
    const fk = JSON.stringify([values, upTexts, labels.force]);
    if (forceButtons.dataset.key !== fk) {
      forceButtons.dataset.key = fk;
      forceButtons.replaceChildren(
        ...values.map((value, up) => {
          const b = htmlEl(doc, "button", {
            type: "button",
            class: "pachisi-button pachisi-force-button",
            "data-action": "force-throw",
            "data-up": up,
            title: `${upTexts[up] ?? `${up}↑`} → ${value}`,
            "aria-label": `${labels.force ?? ""}: ${upTexts[up] ?? `${up}↑`} = ${value}`,
          });
          b.append(
            htmlEl(doc, "span", { class: "pachisi-force-value" }, String(value)),
            htmlEl(doc, "span", { class: "pachisi-force-up" }, `${up}↑`),
          );
          return b;
        }),
      );
    }
    for (const b of forceButtons.querySelectorAll("button")) b.disabled = !can.throw;
    setupCaption.textContent = labels.setup ?? "";
    setupHint.textContent = labels.setup_hint ?? "";
    setupButton.textContent = labels.apply ?? "";
    const seatLabels = state.seat_labels ?? [];
    setupLabels.forEach((l, seat) => {
      l.caption.textContent = seatLabels[seat] ?? String(seat);
    });
    toMove.caption.textContent = labels.to_move ?? "";
    fillSelect(
      toMoveSelect,
      seatLabels.map((s, i) => [i, s]),
    );
    const editing = setupForm.contains(doc.activeElement);
    if (!setupDirty && !editing) {
      setupInputs.forEach((input, seat) => {
        const p = (state.pieces ?? [])[seat];
        input.value = p ? p.join(",") : "-";
      });
      toMoveSelect.value = String(state.to_move ?? 0);
    }
    saveButton.textContent = labels.save ?? "";
    saveTextButton.textContent = labels.save_text ?? "";
    loadText.textContent = labels.load ?? "";
  };

  return { nodes: [el], update };
}
