// The settings panel: who plays each seat, the language, the computer's pace (explained under
// it), animation, the large board for a projector, and the players and rules of the next new
// game. It writes only the view's own preferences (`speed`, `animate`, `large`) to the model;
// everything else is an intent. Every name shown comes from Python in the board's language.
import { htmlEl } from "../draw.js";
import { fillSelect, labelled, seatColor } from "./common.js";

const SPEEDS = [0, 0.3, 0.6, 1, 2];

/** A number of seconds as the board's language writes it ("0.6 s", "0,6 s"). */
export function secondsText(value, labels) {
  return `${String(value).replace(".", labels?.decimal_point ?? ".")} s`;
}

/** @param {{doc: Document, model: object, send: (msg: object) => void}} ctx */
export function createSettings({ doc, model, send }) {
  const el = htmlEl(doc, "details", { class: "pachisi-settings" });
  const title = htmlEl(doc, "summary", { class: "pachisi-summary" });
  const seatsRow = htmlEl(doc, "div", { class: "pachisi-seats", "data-role": "seats" });
  const languageSelect = htmlEl(doc, "select", { "data-role": "language" });
  const speedSelect = htmlEl(doc, "select", { "data-role": "speed" });
  const animateBox = htmlEl(doc, "input", { type: "checkbox", "data-role": "animate" });
  const largeBox = htmlEl(doc, "input", { type: "checkbox", "data-role": "large" });
  const speedHint = htmlEl(doc, "span", { class: "pachisi-field-hint", id: null, "data-role": "speed-hint" });
  const playersSelect = htmlEl(doc, "select", { "data-role": "players" });
  const presetSelect = htmlEl(doc, "select", { "data-role": "preset" });
  const language = labelled(doc, "", languageSelect);
  const speed = labelled(doc, "", speedSelect);
  const animate = labelled(doc, "", animateBox, "pachisi-field pachisi-check");
  const large = labelled(doc, "", largeBox, "pachisi-field pachisi-check");
  const players = labelled(doc, "", playersSelect);
  const preset = labelled(doc, "", presetSelect);
  const prefRow = htmlEl(doc, "div", { class: "pachisi-row" });
  prefRow.append(language.label, speed.label, speedHint, animate.label, large.label);
  const gameRow = htmlEl(doc, "div", { class: "pachisi-row" });
  gameRow.append(players.label, preset.label);
  el.append(title, seatsRow, prefRow, gameRow);

  languageSelect.addEventListener("change", () => send({ kind: "set_language", language: languageSelect.value }));
  speedSelect.addEventListener("change", () => {
    model.set("speed", Number(speedSelect.value));
    model.save_changes();
  });
  animateBox.addEventListener("change", () => {
    model.set("animate", animateBox.checked);
    model.save_changes();
  });
  largeBox.addEventListener("change", () => {
    model.set("large", largeBox.checked);
    model.save_changes();
  });
  seatsRow.addEventListener("change", (event) => {
    const select = event.target.closest?.("select[data-seat-select]");
    if (select) send({ kind: "set_seat", seat: Number(select.getAttribute("data-seat-select")), player: select.value });
  });

  /** The new_game intent with the players and rules chosen here. */
  const newGame = () => {
    const msg = { kind: "new_game" };
    const n = Number(playersSelect.value);
    if ([2, 3, 4].includes(n)) msg.players = n;
    if (presetSelect.value) msg.preset = presetSelect.value;
    return msg;
  };

  const drawSeats = (state, labels, geometry) => {
    const agents = model.get("agent_names") ?? [];
    const seatPlayers = model.get("seat_players") ?? [];
    const agentLabels = state.agent_labels ?? {};
    const options = [["human", agentLabels.human ?? labels.human], ...agents.map((a) => [a, agentLabels[a] ?? a])];
    const seats = state.seats ?? [];
    const want = JSON.stringify([seats, options, state.seat_labels]);
    if (seatsRow.dataset.key !== want) {
      seatsRow.dataset.key = want;
      seatsRow.replaceChildren(
        ...seats.map((seat) => {
          const select = htmlEl(doc, "select", { "data-seat-select": seat });
          fillSelect(select, options);
          const l = labelled(
            doc,
            (state.seat_labels ?? [])[seat] ?? String(seat),
            select,
            `pachisi-field pachisi-seat-field pachisi-seat-${seat}`,
          );
          l.label.style.setProperty("--pachisi-seat-color", seatColor(geometry, seat));
          return l.label;
        }),
      );
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

  const update = ({ state, labels, geometry }) => {
    title.textContent = labels.settings ?? "";
    language.caption.textContent = labels.language ?? "";
    speed.caption.textContent = labels.speed ?? "";
    animate.caption.textContent = labels.animate ?? "";
    large.caption.textContent = labels.large ?? "";
    speedHint.textContent = labels.speed_hint ?? "";
    speedSelect.title = labels.speed_hint ?? "";
    players.caption.textContent = labels.players ?? "";
    preset.caption.textContent = labels.preset ?? "";
    fillSelect(languageSelect, Object.entries(state.language_names ?? {}), model.get("language"));
    const sp = Number(model.get("speed"));
    const speeds = SPEEDS.includes(sp) ? SPEEDS : [...SPEEDS, sp].sort((a, b) => a - b);
    fillSelect(
      speedSelect,
      speeds.map((v) => [v, secondsText(v, labels)]),
      sp,
    );
    animateBox.checked = !!model.get("animate");
    largeBox.checked = !!model.get("large");
    fillSelect(
      playersSelect,
      [
        [2, "2"],
        [3, "3"],
        [4, "4"],
      ],
      state.players ?? (state.seats ?? []).length,
    );
    const presets = model.get("presets") ?? [];
    const presetNames = state.preset_names ?? {};
    const presetOptions = presets.map((p) => [p, presetNames[p] ?? p]);
    if (!state.preset) {
      const custom = String(state.rules ?? "");
      presetOptions.unshift(["", custom.length > 60 ? `${custom.slice(0, 59)}…` : custom]);
    }
    if (doc.activeElement !== presetSelect) fillSelect(presetSelect, presetOptions, state.preset ?? "");
    drawSeats(state, labels, geometry);
  };

  return { nodes: [el], update, newGame };
}
