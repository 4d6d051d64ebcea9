// @vitest-environment jsdom
// The board played by keyboard, screen reader and finger: the focus stays on the board through
// a move (never left to fall onto the notebook's cell), the arrow keys walk the rings, the hint
// says what the keys do where the focus is, the status line says each sentence once, no key
// pressed on the board reaches the notebook, and a tap lands on the nearest ring.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { click, fakeModel, flush, key } from "./fake-model.js";
import { nearestTarget, ringAfter, TAP_RADIUS_PX } from "./panels/board.js";
import { say, told } from "./panels/controls.js";
import widget, { keeper } from "./widget.js";

let el;
let cleanup;
function mount(model) {
  el = document.createElement("div");
  document.body.appendChild(el);
  cleanup = widget.render({ model, el });
  return el;
}
const root = () => el.querySelector(".pachisi-widget");
const rings = () => [...el.querySelectorAll(".pachisi-target")];

beforeEach(() => {
  document.body.replaceChildren();
});
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

describe("the focus stays on the board", () => {
  it("is a named region of the page", () => {
    const model = fakeModel("mixed");
    mount(model);
    expect(root().getAttribute("role")).toBe("region");
    expect(root().getAttribute("aria-label")).toBe(model.get("state").labels.board_region);
    expect(root().getAttribute("aria-label")).toBe("Pachisi game");
  });

  it("keeps the focus on the board when the ring played goes away, then gives it to Throw", async () => {
    const model = fakeModel("mixed");
    mount(model);
    const ring = rings()[0];
    ring.focus();
    expect(document.activeElement).toBe(ring);
    key(ring, "Enter");
    expect(model.sent.at(-1)).toEqual({ kind: "move", id: ring.getAttribute("data-move") });
    // the rings went at once (the move shown before Python answers): the focus is parked on the board
    expect(ring.isConnected).toBe(false);
    expect(document.activeElement).toBe(root());
    // Python's answer: the human throws next; the focus goes to Throw
    const start = fakeModel("start");
    const state = { ...start.get("state"), phase: "throw", computer_to_act: false };
    model.update({ state, legal_moves: [], revision: 50 });
    await flush();
    const throwButton = el.querySelector('[data-action="throw"]');
    expect(throwButton.disabled).toBe(false);
    expect(document.activeElement).toBe(throwButton);
  });

  it("takes the focus back from the notebook's cell that JupyterLab focused when a control went", async () => {
    const cell = document.createElement("div");
    cell.tabIndex = -1;
    document.body.appendChild(cell);
    const model = fakeModel("mixed");
    el = document.createElement("div");
    cell.appendChild(el);
    cleanup = widget.render({ model, el });
    const pass = el.querySelector('[data-action="pass"]');
    pass.focus();
    // a control taken away under the focus (no new focus), then JupyterLab focuses the cell
    pass.remove();
    cell.focus();
    expect(document.activeElement).toBe(cell);
    model.update({ revision: 60 });
    await flush();
    expect(root().contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(rings()[0]); // a move to choose: its first ring
    // the user clicks the cell itself (to select it): the focus is left there
    cell.focus();
    model.update({ revision: 61 });
    await flush();
    expect(document.activeElement).toBe(cell);
  });

  it("keeps the focus on the same ring when the board is redrawn under it (the hints came)", async () => {
    const model = fakeModel("pool");
    mount(model);
    const third = rings()[2];
    const id = third.getAttribute("data-move");
    third.focus();
    model.update({ state: { ...model.get("state") } }); // the same position drawn again
    await flush();
    expect(third.isConnected).toBe(false);
    expect(document.activeElement.getAttribute("data-move")).toBe(id);
  });

  it("leaves the focus where the user took it", async () => {
    const model = fakeModel("mixed");
    mount(model);
    const other = document.createElement("input");
    document.body.appendChild(other);
    rings()[0].focus();
    other.focus(); // focusout whose new focus is outside the board
    model.update({ revision: 61 });
    await flush();
    expect(document.activeElement).toBe(other);
  });

  it("keeps the command line's focus through the answer", async () => {
    const model = fakeModel("mixed");
    mount(model);
    const input = el.querySelector('input[data-action="type"]');
    input.focus();
    input.value = "12 16";
    input.form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    expect(model.sent.at(-1)).toEqual({ kind: "type", text: "12 16" });
    model.update({ status: "South moves a piece.", revision: 62 });
    await flush();
    expect(document.activeElement).toBe(input);
  });

  it("keeper: owed after a focus with no new target, not after one outside", () => {
    const box = document.createElement("div");
    const inner = document.createElement("button");
    box.appendChild(inner);
    document.body.appendChild(box);
    const k = keeper(document, box);
    expect(k.owed()).toBe(false);
    inner.focus();
    inner.remove(); // the focus falls to the page
    expect(k.owed()).toBe(true);
    box.appendChild(inner);
    inner.focus();
    const outside = document.createElement("button");
    document.body.appendChild(outside);
    outside.focus();
    expect(k.owed()).toBe(false);
  });
});

describe("keys on the board", () => {
  it("walks the rings with the arrow keys, Home and End, round the ends", () => {
    const model = fakeModel("pool");
    mount(model);
    const all = rings();
    expect(all.length).toBeGreaterThan(2);
    all[0].focus();
    key(all[0], "ArrowRight");
    expect(document.activeElement).toBe(all[1]);
    key(all[1], "ArrowLeft");
    expect(document.activeElement).toBe(all[0]);
    key(all[0], "ArrowUp");
    expect(document.activeElement).toBe(all.at(-1));
    key(all.at(-1), "Home");
    expect(document.activeElement).toBe(all[0]);
    key(all[0], "End");
    expect(document.activeElement).toBe(all.at(-1));
    expect(model.sent).toEqual([]); // walking plays nothing
    expect(ringAfter(null, all[0], "ArrowRight")).toBeNull();
    expect(ringAfter(el.querySelector("svg.pachisi-board"), all[0], "x")).toBeNull();
  });

  it("keeps every key pressed on the board from the notebook (no d d, no Enter into the cell)", () => {
    const model = fakeModel("mixed");
    mount(model);
    const heard = [];
    el.parentNode.addEventListener("keydown", (event) => heard.push(event.key));
    for (const k of ["d", "d", "Enter", "a", "ArrowDown", "x"]) key(root(), k);
    key(rings()[0], "ArrowRight");
    expect(heard).toEqual([]);
    key(root(), "Tab"); // Tab still leaves the board
    expect(heard).toEqual(["Tab"]);
  });

  it("says what the keys do on a ring, and what to do elsewhere", async () => {
    const model = fakeModel("mixed");
    mount(model);
    const labels = model.get("state").labels;
    const hint = el.querySelector('[data-role="hint"]');
    expect(hint.textContent).toBe(labels.hint_move);
    expect(labels.hint_move).not.toMatch(/Tab/);
    rings()[0].focus();
    await flush();
    expect(hint.textContent).toBe(labels.hint_ring);
    el.querySelector('[data-action="undo"]').focus();
    await flush();
    expect(hint.textContent).toBe(labels.hint_move);
  });
});

describe("the status line says each sentence once", () => {
  it("leaves the line alone for the same sentence, says it again for a new event", () => {
    const status = document.createElement("p");
    const said = { text: null, revision: null, told: null };
    const at = (revision, log, error = false) => ({ revision, error, told: told(log) });
    expect(say(status, said, "South throws 10.", at(1, ["1. South throws 10."]))).toBe(true);
    const words = status.firstChild;
    // a redraw with the same log (the hints drawn, a setting): not said again
    expect(say(status, said, "South throws 10.", at(2, ["1. South throws 10."]))).toBe(false);
    expect(status.firstChild).toBe(words);
    // a second throw of 10 in a row: the same words, a new event, said again
    expect(say(status, said, "South throws 10.", at(3, ["1. South throws 10.", "South throws 10."]))).toBe(true);
    expect(status.firstChild).not.toBe(words);
    const log = ["1. South throws 10.", "South throws 10."];
    expect(say(status, said, "Not a move.", at(4, log, true))).toBe(true);
    expect(say(status, said, "Not a move.", at(4, log, true))).toBe(false); // the same view
    expect(say(status, said, "Not a move.", at(5, log, true))).toBe(true); // refused again
    expect(status.textContent).toBe("Not a move.");
    // a question typed twice: its answer said twice
    said.asked = true;
    expect(say(status, said, "Not a move.", at(6, log))).toBe(true);
    expect(said.asked).toBe(false);
    expect(say(status, said, "Not a move.", at(7, log))).toBe(false);
  });

  it("does not touch the live region on a redraw that brings the same status", async () => {
    const model = fakeModel("mixed");
    mount(model);
    const status = el.querySelector('[data-role="status"]');
    expect(status.getAttribute("role")).toBe("status");
    const words = status.firstChild;
    model.update({ hint_view: {}, overlay: null });
    await flush();
    expect(status.firstChild).toBe(words);
    // the log is for reading, not a second live region
    expect(el.querySelector('[role="log"]').getAttribute("aria-live")).toBe("off");
  });
});

describe("touch", () => {
  it("gives each ring and ringed piece a finger's circle sized by the board", () => {
    mount(fakeModel("mixed"));
    for (const node of el.querySelectorAll(".pachisi-target, .pachisi-movable")) {
      const hit = node.querySelector(".pachisi-hit");
      expect(hit).not.toBeNull();
      expect(hit.getAttribute("style")).toMatch(/var\(--pachisi-hit-r/);
    }
  });

  it("lands a tap on the nearest ring within reach, and on none farther", () => {
    const model = fakeModel("pool");
    mount(model);
    const board = el.querySelector("svg.pachisi-board");
    const all = rings();
    // jsdom draws nothing: give the rings places on the screen
    all.forEach((node, i) => {
      const ring = node.querySelector(".pachisi-target-ring");
      ring.getBoundingClientRect = () => ({ left: 100 + 30 * i, top: 100, width: 20, height: 20 });
    });
    const tap = (x, y) => new MouseEvent("click", { bubbles: true, clientX: x, clientY: y, detail: 1 });
    expect(nearestTarget(board, tap(112, 110))).toBe(all[0]);
    expect(nearestTarget(board, tap(128, 110))).toBe(all[1]); // nearer the second centre
    expect(nearestTarget(board, tap(110, 110 + TAP_RADIUS_PX + 1))).toBeNull();
    // a tap beside a ring (not on its drawing) plays that ring's move
    board.querySelector("[data-square]").dispatchEvent(tap(140, 118));
    expect(model.sent.at(-1)).toEqual({ kind: "move", id: all[1].getAttribute("data-move") });
  });

  it("a click with no point (from a key) falls back to what it was on", () => {
    const model = fakeModel("mixed");
    mount(model);
    const id = rings()[0].getAttribute("data-move");
    click(rings()[0]);
    expect(model.sent).toEqual([{ kind: "move", id }]);
  });
});
