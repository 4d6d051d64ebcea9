// @vitest-environment jsdom
// The view's lifecycle with a stand-in model: what it sends for clicks and keys, how it paces
// computer seats, how it answers a saved record. Python's traits come from js/fixtures/traits.json.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { click, fakeModel, flush, key, mountWidget } from "./fake-model.js";
import fixture from "./fixtures/traits.json";
import widget from "./widget.js";

let el;
let cleanup;
function mount(model) {
  el = document.createElement("div");
  document.body.appendChild(el);
  cleanup = widget.render({ model, el });
  return el;
}
const doc = () => document;

beforeEach(() => {
  document.body.replaceChildren();
});
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("render", () => {
  it("draws the board, the controls and the narration hooks", () => {
    const model = fakeModel("mixed");
    mount(model);
    expect(el.querySelectorAll("[data-square]").length).toBe(96);
    for (const action of ["throw", "pass", "undo", "new-game"]) {
      const b = el.querySelector(`button[data-action="${action}"]`);
      expect(b).not.toBeNull();
      expect(b.type).toBe("button");
      expect(b.textContent.length).toBeGreaterThan(0);
    }
    expect(el.querySelector('[data-action="throw"]').textContent).toBe(model.get("state").labels.throw);
    const status = el.querySelector('[data-role="status"]');
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.textContent).toBe(model.get("status"));
    expect(el.querySelectorAll('[data-role="log"] li').length).toBe(model.get("log").length);
    // teacher controls are shown only for a teacher
    expect(el.querySelector('[data-role="teacher"]').hidden).toBe(false);
    cleanup();
    cleanup = undefined;
    expect(model.listeners("change:state")).toBe(0);
    mount(fakeModel("pool"));
    expect(el.querySelector('[data-role="teacher"]').hidden).toBe(true);
  });

  it("styles an error status and redraws once per batch of trait changes", async () => {
    const model = fakeModel("mixed");
    mount(model);
    const board = el.querySelector("svg.pachisi-board");
    model.update({ status: "That move is no longer available", status_kind: "error", revision: 99 });
    await flush();
    const status = el.querySelector('[data-role="status"]');
    expect(status.textContent).toBe("That move is no longer available");
    expect(status.classList.contains("pachisi-status-error")).toBe(true);
    expect(status.getAttribute("data-kind")).toBe("error");
    expect(el.querySelector("svg.pachisi-board")).not.toBe(board);
    expect(el.querySelectorAll("svg.pachisi-board").length).toBe(1);
  });

  it("carries the revision of the last state Python sent on its root (data-revision)", async () => {
    const model = fakeModel("mixed");
    mount(model);
    const root = el.querySelector(".pachisi-widget");
    expect(root.getAttribute("data-revision")).toBe(String(model.get("revision")));
    model.update({ revision: 123 });
    await flush();
    expect(root.getAttribute("data-revision")).toBe("123");
  });

  it("is made of panels, each in its place in the side column", () => {
    mount(fakeModel("mixed"));
    const side = el.querySelector(".pachisi-side");
    const order = [...side.children].map((n) => n.className.split(" ")[0]);
    expect(order).toEqual([
      "pachisi-turn-slot",
      "pachisi-cowrie-slot",
      "pachisi-timeline",
      "pachisi-controls",
      "pachisi-confirm",
      "pachisi-status",
      "pachisi-hint-line",
      "pachisi-command",
      "pachisi-hints",
      "pachisi-field",
      "pachisi-legend",
      "pachisi-question",
      "pachisi-practice",
      "pachisi-practice-keys",
      "pachisi-log-box",
      "pachisi-teacher",
      "pachisi-settings",
    ]);
  });
});

describe("moves", () => {
  it("one click on a highlighted move sends its id, once per position", () => {
    const model = fakeModel("mixed");
    mount(model);
    const target = el.querySelector(".pachisi-target[data-move]");
    click(target);
    click(target);
    expect(model.sent).toEqual([{ kind: "move", id: target.getAttribute("data-move") }]);
  });

  it("a piece with one move plays it on click", () => {
    const model = fakeModel("mixed");
    mount(model);
    const piece = el.querySelector(".pachisi-piece.pachisi-movable[data-move]");
    click(piece);
    expect(model.sent).toEqual([{ kind: "move", id: piece.getAttribute("data-move") }]);
  });

  it("several moves of one piece: click the piece, then the destination", () => {
    const model = fakeModel("pool");
    mount(model);
    click(el.querySelector('.pachisi-piece[data-step="20"]'));
    expect(model.sent).toEqual([]);
    expect(el.querySelector('.pachisi-piece[data-step="20"]').classList.contains("pachisi-selected")).toBe(true);
    const chosen = el.querySelectorAll(".pachisi-target-selected");
    expect(chosen.length).toBe(2);
    expect(el.querySelectorAll(".pachisi-path").length).toBe(2); // its paths are shown
    click(chosen[1]);
    expect(model.sent).toEqual([{ kind: "move", id: chosen[1].getAttribute("data-move") }]);
  });

  it("destinations are clickable directly too", () => {
    const model = fakeModel("pool");
    mount(model);
    const t = el.querySelector('.pachisi-target[data-stack="0:30"]');
    click(t);
    expect(model.sent).toEqual([{ kind: "move", id: t.getAttribute("data-move") }]);
  });

  it("Enter and Space on a focused move play it; the path shows on focus", () => {
    const model = fakeModel("mixed");
    mount(model);
    const targets = el.querySelectorAll(".pachisi-target");
    targets[0].focus();
    targets[0].dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    expect(el.querySelectorAll(".pachisi-path").length).toBe(1);
    key(targets[0], "Enter");
    expect(model.sent).toEqual([{ kind: "move", id: targets[0].getAttribute("data-move") }]);
    model.update({ revision: model.get("revision") + 1 });
    return flush().then(() => {
      const again = el.querySelectorAll(".pachisi-target")[1];
      key(again, " ");
      expect(model.sent[1]).toEqual({ kind: "move", id: again.getAttribute("data-move") });
    });
  });
});

describe("buttons and shortcuts", () => {
  it("sends throw, pass, undo and new game", () => {
    const model = fakeModel("computer", {
      state: { ...fixture.positions.computer.state, computer_to_act: false, can_undo: true },
    });
    mount(model);
    click(el.querySelector('[data-action="throw"]'));
    click(el.querySelector('[data-action="undo"]'));
    click(el.querySelector('[data-action="new-game"]'));
    expect(model.sent).toEqual([{ kind: "throw" }, { kind: "undo" }]); // New game asks first
    click(el.querySelector('[data-action="confirm-new-game"]'));
    expect(model.sent).toEqual([
      { kind: "throw" },
      { kind: "undo" },
      { kind: "new_game", players: 2, preset: "classic" },
    ]);
    expect(el.querySelector('[data-action="pass"]').disabled).toBe(true); // nothing to pass before a throw
  });

  it("New game asks first, says Undo brings the game back, and can be cancelled", () => {
    const model = fakeModel("mixed");
    mount(model);
    const ask = el.querySelector('[data-role="confirm-new-game"]');
    expect(ask.hidden).toBe(true);
    click(el.querySelector('[data-action="new-game"]'));
    expect(ask.hidden).toBe(false);
    expect(ask.textContent).toContain(model.get("state").labels.new_game_confirm);
    expect(doc().activeElement).toBe(el.querySelector('[data-action="confirm-new-game"]'));
    click(el.querySelector('[data-action="cancel-new-game"]'));
    expect(ask.hidden).toBe(true);
    click(el.querySelector('[data-action="new-game"]'));
    key(ask, "Escape");
    expect(ask.hidden).toBe(true);
    expect(model.sent).toEqual([]);
  });

  it("tells a first-timer what to do: throw, then click a ringed piece and its ring", () => {
    const labels = fixture.positions.mixed.state.labels;
    const model = fakeModel("mixed");
    mount(model);
    const hint = el.querySelector('[data-role="hint"]');
    expect(hint.textContent).toBe(labels.hint_move);
    const start = fakeModel("computer", { state: { ...fixture.positions.computer.state, computer_to_act: false } });
    cleanup();
    mount(start);
    expect(el.querySelector('[data-role="hint"]').textContent).toBe(labels.hint_throw);
  });

  it("the log keeps its newest line in view and the keyboard reaches it", () => {
    const model = fakeModel("mixed");
    mount(model);
    const scroller = el.querySelector(".pachisi-log-scroll");
    expect(scroller.getAttribute("tabindex")).toBe("0");
    expect(scroller.getAttribute("role")).toBe("log");
    expect(scroller.getAttribute("aria-label")).toBe(model.get("state").labels.log);
    expect(scroller.querySelector('[data-role="log"]')).not.toBeNull();
  });

  it("names the languages in their own words and explains the computer's pace", () => {
    const model = fakeModel("romanian");
    mount(model);
    const options = [...el.querySelectorAll('select[data-role="language"] option')].map((o) => o.textContent);
    expect(options).toEqual(["English", "Română"]);
    expect(el.querySelector('[data-role="speed-hint"]').textContent).toBe(model.get("state").labels.speed_hint);
    const large = el.querySelector('input[data-role="large"]');
    large.checked = true;
    large.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.get("large")).toBe(true);
  });

  it("t, p and u work from the keyboard; typing in a field does not trigger them", () => {
    const model = fakeModel("mixed");
    mount(model);
    const root = el.querySelector(".pachisi-widget");
    key(root, "p");
    key(root, "u");
    key(root, "t"); // a move is due: Throw is disabled
    expect(model.sent).toEqual([{ kind: "pass" }, { kind: "undo" }]);
    key(el.querySelector("input[data-setup-seat]"), "p");
    expect(model.sent.length).toBe(2);
  });

  it("in Romanian the shortcuts follow the button words: a(runcă), t(reci), i(a înapoi)", () => {
    const model = fakeModel("romanian");
    mount(model);
    const root = el.querySelector(".pachisi-widget");
    expect(el.querySelector('[data-action="pass"]').title).toBe("Treci (t)");
    expect(el.querySelector('[data-action="undo"]').textContent).toBe("Ia înapoi");
    expect(el.querySelector('[data-action="undo"]').getAttribute("aria-keyshortcuts")).toBe("i");
    key(root, "p"); // the English shortcuts do nothing here
    key(root, "u");
    key(root, "t");
    key(root, "i");
    expect(model.sent).toEqual([{ kind: "pass" }, { kind: "undo" }]);
  });

  it("in Romanian the menus, speeds and force buttons are Romanian", () => {
    const model = fakeModel("romanian", { state: { ...fixture.positions.romanian.state, phase: "throw" } });
    mount(model);
    key(el.querySelector(".pachisi-widget"), "a");
    expect(model.sent).toEqual([{ kind: "throw" }]);
    const speeds = [...el.querySelectorAll('select[data-role="speed"] option')].map((o) => o.textContent);
    expect(speeds).toContain("0,6 s");
    const presets = [...el.querySelectorAll('select[data-role="preset"] option')].map((o) => o.textContent);
    expect(presets).toEqual(["clasic", "șapte coji", "aruncători pricepuți", "Mitra"]);
    const players = [...el.querySelector('select[data-seat-select="1"]').options].map((o) => o.textContent);
    expect(players[0]).toBe("jucător uman");
    expect(players).toContain("lacom");
    expect(players).toContain("așteaptă la castel");
    const force = el.querySelectorAll('[data-action="force-throw"]');
    expect(force[1].title).toBe("o gură în sus → 10");
    expect(force[2].title).toBe("2 guri în sus → 2");
  });

  it("force-throw buttons send the mouths up; the set-up form sends positions", () => {
    const state = { ...fixture.positions.mixed.state, phase: "throw" };
    const model = fakeModel("mixed", { state });
    mount(model);
    const force = el.querySelectorAll('[data-action="force-throw"]');
    expect(force.length).toBe(7);
    expect(force[0].textContent).toContain("25");
    click(force[0]);
    const inputs = el.querySelectorAll("input[data-setup-seat]");
    expect([...inputs].map((i) => i.value)).toEqual(["0,12,12,59", "84,0,8,8", "3,81,0,0", "84,84,84,70"]);
    inputs[1].value = "-";
    inputs[1].dispatchEvent(new Event("input", { bubbles: true }));
    el.querySelector('select[data-role="setup-to-move"]').value = "2";
    el.querySelector('[data-role="setup"]').dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    expect(model.sent).toEqual([
      { kind: "throw", up: 0 },
      { kind: "setup", positions: [[0, 12, 12, 59], null, [3, 81, 0, 0], [84, 84, 84, 70]], to_move: 2 },
    ]);
  });

  it("seat, language, speed and animation controls", () => {
    const model = fakeModel("mixed");
    mount(model);
    const seat = el.querySelector('select[data-seat-select="2"]');
    expect([...seat.options].map((o) => o.value)).toEqual(["human", ...model.get("agent_names")]);
    seat.value = "greedy";
    seat.dispatchEvent(new Event("change", { bubbles: true }));
    const lang = el.querySelector('select[data-role="language"]');
    lang.value = "ro";
    lang.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.sent).toEqual([
      { kind: "set_seat", seat: 2, player: "greedy" },
      { kind: "set_language", language: "ro" },
    ]);
    const speed = el.querySelector('select[data-role="speed"]');
    speed.value = "0";
    speed.dispatchEvent(new Event("change", { bubbles: true }));
    const anim = el.querySelector('input[data-role="animate"]');
    anim.checked = true;
    anim.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.get("speed")).toBe(0);
    expect(model.get("animate")).toBe(true);
    expect(model.saved).toBe(2); // view preferences only: game state is never set from here
    expect(model.sent.length).toBe(2);
  });

  it("load reads the chosen file and sends its text", async () => {
    const model = fakeModel("mixed");
    mount(model);
    const input = el.querySelector('input[data-action="load"]');
    const file = new File(['{"format": "pachisi_widget.game"}'], "game.json", { type: "application/json" });
    Object.defineProperty(input, "files", { value: [file], configurable: true });
    input.dispatchEvent(new Event("change"));
    await vi.waitFor(() => expect(model.sent.length).toBe(1));
    expect(model.sent[0]).toEqual({ kind: "load", text: '{"format": "pachisi_widget.game"}' });
  });
});

describe("computer seats", () => {
  it("waits `speed` seconds, then asks Python for one step", () => {
    vi.useFakeTimers();
    const state = { ...fixture.positions.computer.state };
    const model = fakeModel("computer", { speed: 0.5 });
    mount(model);
    expect(state.computer_to_act).toBe(true);
    expect(el.querySelector('[data-action="throw"]').disabled).toBe(true);
    vi.advanceTimersByTime(400);
    expect(model.sent).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(model.sent).toEqual([{ kind: "step", turn: state.turn, revision: model.get("revision") }]);
    model.update({ status: "South throws 3." }); // same position: no second step
    vi.advanceTimersByTime(2000);
    return Promise.resolve().then(() => {
      vi.advanceTimersByTime(2000);
      expect(model.sent.length).toBe(1);
    });
  });

  it("with speed 0 steps on the next frame", () => {
    const frames = [];
    vi.spyOn(window, "requestAnimationFrame").mockImplementation((fn) => {
      frames.push(fn);
      return frames.length;
    });
    const model = fakeModel("computer");
    mount(model);
    expect(model.sent).toEqual([]);
    frames.shift()();
    expect(model.sent).toEqual([{ kind: "step", turn: 0, revision: model.get("revision") }]);
  });
});

describe("command line", () => {
  it("sends what is typed, clears the line and keeps the focus there", () => {
    const model = fakeModel("start");
    const root = mountWidget(model);
    const input = root.querySelector('[data-role="command"] input');
    const labels = fixture.positions.start.state.labels;
    expect(root.querySelector('[data-role="command"] label').textContent).toBe(labels.command);
    expect(input.placeholder).toBe(labels.command_hint);
    input.focus();
    input.value = " 12 16 ";
    root.querySelector('[data-role="command"]').dispatchEvent(new Event("submit", { cancelable: true }));
    expect(model.sent.at(-1)).toEqual({ kind: "type", text: "12 16" });
    expect(input.value).toBe("");
    expect(document.activeElement).toBe(input);
    const before = model.sent.length;
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "t", bubbles: true }));
    expect(model.sent.length).toBe(before); // "t" is a letter here, not the Throw shortcut
  });
});

describe("save", () => {
  it("the teacher saves the record or the game as text", () => {
    const model = fakeModel("mixed"); // the teacher panel is on
    const root = mountWidget(model);
    const asText = root.querySelector('[data-action="save-text"]');
    expect(asText.textContent).toBe(fixture.positions.mixed.state.labels.save_text);
    root.querySelector('[data-action="save"]').click();
    asText.click();
    expect(model.sent.slice(-2)).toEqual([{ kind: "save" }, { kind: "save", as: "text" }]);
  });

  it("a record message from Python becomes a download", () => {
    const model = fakeModel("mixed");
    const stop = widget.initialize({ model });
    const clicked = [];
    URL.createObjectURL = vi.fn(() => "blob:pachisi");
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function () {
      clicked.push([this.download, this.href]);
    });
    model.emit("msg:custom", { kind: "record", text: "{}", filename: "pachisi-3-1.json" });
    model.emit("msg:custom", { kind: "something else" });
    expect(clicked).toEqual([["pachisi-3-1.json", "blob:pachisi"]]);
    stop();
    expect(model.listeners("msg:custom")).toBe(0);
  });
});

describe("animation", () => {
  it("slides the capturer, then sends the captured piece back to the Charkoni", () => {
    const calls = [];
    Element.prototype.animate = function (frames, options) {
      calls.push({ el: this, frames, options });
      return { cancel() {} };
    };
    try {
      const last = fixture.positions.capture.state.last_move;
      mount(fakeModel("capture"));
      const mover = calls.find((c) => c.el.getAttribute("data-seat") === "0");
      const victim = calls.find((c) => c.el.getAttribute("data-seat") === "1");
      expect(mover.el.getAttribute("data-step")).toBe(String(last.end));
      expect(victim.el.getAttribute("data-step")).toBe("0");
      // it starts where the capturer ends, and waits for the capturer to arrive
      expect(victim.frames[0]).toEqual(mover.frames[mover.frames.length - 1]);
      expect(victim.options.delay).toBe(mover.options.duration);
      expect(victim.options.fill).toBe("backwards");
    } finally {
      delete Element.prototype.animate;
    }
  });

  it("does not animate with animation off", () => {
    const calls = [];
    Element.prototype.animate = (frames) => {
      calls.push(frames);
      return { cancel() {} };
    };
    try {
      mount(fakeModel("capture", { animate: false }));
      expect(calls).toHaveLength(0);
    } finally {
      delete Element.prototype.animate;
    }
  });
});
