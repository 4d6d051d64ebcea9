// @vitest-environment jsdom
// The timeline, question and practice panels with a stand-in model: what they draw from Python's
// traits (js/fixtures/traits.json: a replay with its analysis, a question asked and answered in
// practice mode) and the intents they send for clicks and keys.
import { beforeEach, describe, expect, it } from "vitest";
import { centre } from "./draw.js";
import { click, fakeModel, flush, key, mountWidget } from "./fake-model.js";
import fixture from "./fixtures/traits.json";
import { graphKey, turnOf, turnTicks } from "./panels/graph.js";
import { practiceClick } from "./panels/practice.js";
import { buildGraph, timelineKey } from "./panels/timeline.js";

let el;
const mount = (model) => (el = mountWidget(model));
const q = (sel) => el.querySelector(sel);
const qa = (sel) => [...el.querySelectorAll(sel)];

beforeEach(() => {
  document.body.replaceChildren();
});

describe("timeline panel", () => {
  it("lists the game's moves with their marks, and jumps to a turn", () => {
    const model = fakeModel("replay");
    mount(model);
    const t = fixture.positions.replay.timeline;
    const items = qa('[data-role="move-list"] button');
    expect(items.map((b) => b.textContent)).toEqual(t.turns.map((x) => `${x.text} ${x.marks}`.trim()));
    expect(items[0].getAttribute("data-marks")).toBe("??");
    expect(items[0].getAttribute("aria-current")).toBe("step"); // the point shown is in turn 1
    click(items[0]);
    expect(model.sent.at(-1)).toEqual({ kind: "replay_to", index: t.turns[0].index });
  });

  it("at a marked point says what was better and draws its ghost on the board", async () => {
    const model = fakeModel("replay");
    mount(model);
    const t = fixture.positions.replay.timeline;
    expect(q('[data-role="ghost"]')).toBeNull();
    expect(q('[data-role="analysis-note"]').hidden).toBe(true);
    const mark = t.marks[0];
    model.update({ timeline: { ...t, index: mark.index, note: mark.text, ghost: mark.better } });
    await flush();
    const noteEl = q('[data-role="analysis-note"]');
    expect(noteEl.hidden).toBe(false);
    expect(noteEl.textContent).toBe(mark.text);
    expect(noteEl.textContent).toContain("Better is the move from step 26 to step 30");
    const ghost = q('svg.pachisi-board [data-role="ghost"]');
    expect(ghost.getAttribute("aria-label")).toBe(mark.text);
    const line = ghost.querySelector("line");
    const [x1, y1] = centre(fixture.geometry, ...mark.better.from);
    const [x2, y2] = centre(fixture.geometry, ...mark.better.to);
    expect([line.getAttribute("x1"), line.getAttribute("y2")].map(Number)).toEqual([x1, y2]);
    expect(Number(line.getAttribute("x2"))).toBe(x2);
    expect(Number(line.getAttribute("y1"))).toBe(y1);
    model.update({ timeline: t }); // away from the mark: no ghost, no note
    await flush();
    expect(q('[data-role="ghost"]')).toBeNull();
    expect(q('[data-role="analysis-note"]').hidden).toBe(true);
  });

  it("shows the replay's mode, slider, marks and graph, with the live controls off", () => {
    mount(fakeModel("replay"));
    const t = fixture.positions.replay.timeline;
    expect(q('[data-role="replay-mode"]').textContent).toBe("Replay — move 1 of 2.");
    const slider = q('input[type="range"][data-role="timeline"]');
    expect(slider.max).toBe(String(t.count));
    expect(slider.value).toBe("1");
    expect(slider.closest("label").textContent).toContain("Timeline");
    const mark = q('[data-grade="blunder"]');
    expect(mark.getAttribute("aria-label")).toBe(t.marks[0].label);
    expect(mark.getAttribute("data-index")).toBe("2");
    const graph = q('[data-role="win-graph"]');
    expect(graph.querySelectorAll("polyline")).toHaveLength(1);
    expect(graph.querySelector("circle").getAttribute("aria-label")).toBe(t.lines[0].points[0].label);
    expect(q('[data-action="throw"]').disabled).toBe(true);
    expect(q('[data-action="pass"]').disabled).toBe(true);
    expect(q('[data-role="analysis-summary"]').textContent).toContain("Blunders: 1");
    for (const action of ["replay-back", "replay-forward", "replay-play", "replay-play-from-here", "replay-analyse"]) {
      expect(q(`button[data-action="${action}"]`).textContent.length).toBeGreaterThan(1);
    }
  });

  it("sends a step for the buttons and the arrow keys, a jump for Home, End, marks and points", () => {
    const model = fakeModel("replay");
    mount(model);
    click(q('[data-action="replay-back"]'));
    click(q('[data-action="replay-forward"]'));
    const slider = q('[data-role="timeline"]');
    key(slider, "ArrowRight");
    key(slider, "ArrowLeft");
    key(slider, "Home");
    key(slider, "End");
    click(q('[data-grade="blunder"]'));
    click(q('[data-role="win-graph"] circle'));
    click(q('[data-action="replay-play-from-here"]'));
    click(q('[data-action="replay-analyse"]'));
    expect(model.sent).toEqual([
      { kind: "replay_step", by: -1 },
      { kind: "replay_step", by: 1 },
      { kind: "replay_step", by: 1 },
      { kind: "replay_step", by: -1 },
      { kind: "replay_to", index: 0 },
      { kind: "replay_to", index: 2 },
      { kind: "replay_to", index: 2 },
      { kind: "replay_to", index: 2 },
      { kind: "replay_from_here", index: 1 },
      { kind: "replay_analyse" },
    ]);
  });

  it("disables Back at the start and Forward at the end, and hides itself on a live board", async () => {
    const model = fakeModel("replay");
    mount(model);
    model.update({ timeline: { ...model.get("timeline"), index: 0, text: "Replay — move 0 of 2." } });
    await flush();
    expect(q('[data-action="replay-back"]').disabled).toBe(true);
    model.update({ timeline: { ...model.get("timeline"), index: 2 } });
    await flush();
    expect(q('[data-action="replay-forward"]').disabled).toBe(true);
    expect(q('[data-action="replay-back"]').disabled).toBe(false);
    model.update({ timeline: {}, state: fixture.positions.start.state });
    await flush();
    expect(q(".pachisi-timeline").hidden).toBe(true);
  });

  it("offers a replay to the teacher once the game has actions", () => {
    const model = fakeModel("mixed", { state: { ...fixture.positions.mixed.state, can_undo: true } });
    mount(model);
    const open = q('[data-action="replay-open"]');
    expect(open.hidden).toBe(false);
    click(open);
    expect(model.sent).toEqual([{ kind: "replay_open" }]);
  });

  it("maps keys to intents and draws an empty graph without lines", () => {
    expect(timelineKey("ArrowLeft", 0, 5)).toBe(null);
    expect(timelineKey("ArrowRight", 5, 5)).toBe(null);
    expect(timelineKey("End", 1, 5)).toEqual({ kind: "replay_to", index: 5 });
    expect(timelineKey("a", 1, 5)).toBe(null);
    const svg = buildGraph(document, { count: 4, index: 1, lines: [] }, fixture.geometry, "g");
    expect(svg.querySelectorAll("polyline")).toHaveLength(0);
    expect(svg.getAttribute("aria-label")).toBe("g");
  });
});

describe("the analysis's win-chance graph and luck against skill", () => {
  // a longer game than the fixture's: 40 turns, two seats, a point every other turn
  const turns = Array.from({ length: 40 }, (_, k) => ({ index: 3 * k, turn: k + 1, text: `${k + 1}.`, marks: "" }));
  const line = (seat, shift) => ({
    seat,
    points: Array.from({ length: 20 }, (_, k) => ({
      index: 6 * k + shift,
      chance: (k % 5) / 4,
      label: `Move ${6 * k + shift}: seat ${seat}`,
    })),
  });
  const long = () => ({
    ...fixture.positions.replay.timeline,
    count: 120,
    index: 7,
    turns,
    lines: [line(0, 2), line(2, 5)],
  });

  it("has a y axis 'chance to win' from 0 to 100 %, an x axis of turns, a legend and a table", async () => {
    const model = fakeModel("replay");
    mount(model);
    model.update({ timeline: long() });
    await flush();
    const labels = fixture.positions.replay.state.labels;
    const graph = q('[data-role="win-graph"]');
    const ticks = [...graph.querySelectorAll(".pachisi-graph-tick")].map((n) => n.textContent);
    expect(ticks.slice(0, 5)).toEqual(["0%", "25%", "50%", "75%", "100%"]);
    expect(graph.querySelector('[data-axis="y"]').textContent).toBe(labels.graph_chance);
    expect(graph.querySelector('[data-axis="x"]').textContent).toBe(labels.graph_turn);
    const turnTicksShown = [...graph.querySelectorAll("[data-turn]")].map((n) => Number(n.textContent));
    expect(turnTicksShown.length).toBeGreaterThanOrEqual(3);
    expect(turnTicksShown.every((n, i) => i === 0 || n > turnTicksShown[i - 1])).toBe(true);
    expect(graph.querySelectorAll("polyline")).toHaveLength(2);
    // drawn in its slot's pixels: the text's 13 px are 13 px on screen
    expect(graph.getAttribute("viewBox")).toBe(`0 0 ${graph.getAttribute("width")} ${graph.getAttribute("height")}`);
    const legend = qa('[data-role="graph-legend"] li').map((li) => li.textContent);
    const seats = fixture.positions.replay.state.seat_labels;
    expect(legend).toEqual([seats[0], seats[2]]);
    const rows = qa('[data-role="graph-table"] tbody tr');
    expect(rows).toHaveLength(40);
    expect([...rows[0].children].map((td) => td.textContent)).toEqual(["1", seats[0], "0%"]);
    const head = qa('[data-role="graph-table"] th').map((th) => th.textContent);
    expect(head).toEqual([labels.graph_turn, labels.graph_seat, labels.graph_chance]);
  });

  it("is one tab stop whose arrow keys go from point to point, and Enter jumps there", async () => {
    const model = fakeModel("replay");
    mount(model);
    model.update({ timeline: long() });
    await flush();
    const stops = () => qa('[data-role="win-graph"] .pachisi-graph-point[tabindex="0"]');
    expect(stops()).toHaveLength(1);
    const first = stops()[0];
    first.focus();
    key(first, "ArrowRight");
    expect(document.activeElement.getAttribute("data-pos")).toBe("1");
    expect(stops()).toHaveLength(1);
    key(document.activeElement, "End");
    expect(document.activeElement.getAttribute("data-pos")).toBe("39");
    key(document.activeElement, "Enter");
    expect(model.sent.at(-1)).toEqual({ kind: "replay_to", index: 119 });
    // Python answers with the new point: the graph is drawn again, the focus stays on the point
    model.update({ timeline: { ...long(), index: 119 } });
    await flush();
    expect(document.activeElement.getAttribute("data-pos")).toBe("39");
    // the table, once opened, stays open as the graph is drawn again
    q('[data-role="graph-table"]').setAttribute("open", "");
    model.update({ timeline: { ...long(), index: 3 } });
    await flush();
    expect(q('[data-role="graph-table"]').open).toBe(true);
    expect(graphKey("ArrowLeft", 0, 3)).toBe(0);
    expect(graphKey("x", 0, 3)).toBe(null);
  });

  it("jumps to the point nearest in time to a click between the points", async () => {
    const model = fakeModel("replay");
    mount(model);
    model.update({ timeline: long() });
    await flush();
    const svg = q('[data-role="win-graph"]');
    const width = Number(svg.getAttribute("width"));
    // on screen at half its size, 100 px from the page's left edge
    svg.getBoundingClientRect = () => ({ left: 100, top: 0, width: width / 2, height: 110, right: 0, bottom: 0 });
    const dot = svg.querySelector('.pachisi-graph-point[data-index="32"]');
    const clientX = 100 + Number(dot.getAttribute("cx")) / 2 + 1; // just right of it
    svg.dispatchEvent(new MouseEvent("click", { bubbles: true, clientX }));
    expect(model.sent.at(-1)).toEqual({ kind: "replay_to", index: 32 });
  });

  it("numbers the x axis by turns with a round step and says which turn a point is in", () => {
    const ticks = turnTicks(turns, 120, 300);
    expect(ticks[0].turn === 1 || ticks[0].turn % 10 === 0).toBe(true);
    const step = ticks[2].turn - ticks[1].turn;
    expect([5, 10]).toContain(step);
    expect(ticks.length).toBeLessThanOrEqual(8);
    expect(turnOf(turns, 1)).toBe(1); // after the first action: turn 1
    expect(turnOf(turns, 4)).toBe(2); // the turn begun at action 3
  });

  it("says luck against skill in words after an analysis", () => {
    mount(fakeModel("replay"));
    const t = fixture.positions.replay.timeline;
    const box = q('[data-role="luck"]');
    expect(box.hidden).toBe(false);
    expect(box.querySelector("h4").textContent).toBe(fixture.positions.replay.state.labels.replay_luck);
    expect([...box.querySelectorAll("p")].map((p) => p.textContent)).toEqual(t.luck);
    expect(box.getAttribute("aria-labelledby")).toBe(box.querySelector("h4").id);
  });
});

describe("question panel", () => {
  it("shows the question and its choices as buttons, and sends the choice with the question's id", () => {
    const model = fakeModel("replay");
    mount(model);
    const panel = q('[data-role="question"]');
    expect(panel.hidden).toBe(false);
    expect(panel.textContent).toContain("Which move of South captures?");
    const buttons = panel.querySelectorAll("button[data-choice]");
    expect([...buttons].map((b) => b.textContent)).toEqual([
      "The move from step 26 to step 30 with the 4",
      "None of them",
    ]);
    expect(panel.querySelector('[role="group"]').getAttribute("aria-labelledby")).toBe(
      panel.querySelector(".pachisi-question-prompt").id,
    );
    click(buttons[1]);
    expect(model.sent).toEqual([{ kind: "answer", question: 1, choice: 1 }]);
    expect(q('[data-role="score"]').textContent).toBe("Score: 0 / 1");
  });

  it("shows the answer's result and why, with the choices disabled", () => {
    const model = fakeModel("quiz");
    mount(model);
    const chosen = q('button[data-choice="0"]');
    expect(chosen.getAttribute("data-result")).toBe("right");
    expect(chosen.disabled).toBe(true);
    expect(q('[data-role="question-feedback"]').textContent).toMatch(/^Right — step 12 is a castle/);
    expect(q('[data-role="score"]').textContent).toBe("Score: 1 / 1");
    click(chosen);
    expect(model.sent).toEqual([]);
  });

  it("is hidden when no question is asked", () => {
    mount(fakeModel("start"));
    expect(q('[data-role="question"]').hidden).toBe(true);
  });
});

describe("practice mode", () => {
  it("hides the rings and hints, and names a move by a piece and a square", () => {
    const model = fakeModel("quiz");
    mount(model);
    expect(q(".pachisi-movable")).toBe(null);
    expect(q('[data-role="hint"]').hidden).toBe(true);
    expect(q('[data-role="practice"]').textContent).toMatch(/^Practice: no hints/);
    click(q('.pachisi-piece[data-seat="0"][data-step="30"]'));
    expect(q(".pachisi-chosen").getAttribute("data-step")).toBe("30");
    const [x, y] = fixture.geometry.tracks[0][34];
    click(q(`[data-square="${x},${y}"]`));
    expect(model.sent).toEqual([{ kind: "try", start: 30, square: [x, y] }]);
    expect(q(".pachisi-chosen")).toBe(null);
  });

  it("aims at the square under an opponent's piece, or home", () => {
    const state = fixture.positions.quiz.state;
    const geometry = fixture.geometry;
    const north = document.createElementNS("http://www.w3.org/2000/svg", "g");
    north.setAttribute("class", "pachisi-piece");
    north.setAttribute("data-seat", "2");
    north.setAttribute("data-step", "25");
    expect(practiceClick(north, state, geometry, null)).toBe(null);
    const [x, y] = geometry.tracks[2][25];
    expect(practiceClick(north, state, geometry, 12)).toEqual({ send: { kind: "try", start: 12, square: [x, y] } });
    const tray = document.createElementNS("http://www.w3.org/2000/svg", "rect");
    tray.setAttribute("data-home-tray", "0");
    expect(practiceClick(tray, state, geometry, 12)).toEqual({ send: { kind: "try", start: 12, square: "home" } });
    const own = north.cloneNode();
    own.setAttribute("data-seat", "0");
    own.setAttribute("data-step", "12");
    expect(practiceClick(own, state, geometry, null)).toEqual({ choose: 12 });
    expect(practiceClick(own, state, geometry, 12)).toEqual({ choose: null });
  });

  it("makes the same try from the keyboard: a piece, a square ahead of it, and a button", () => {
    const model = fakeModel("quiz");
    mount(model);
    const keys = q(".pachisi-practice-keys");
    expect(keys.hidden).toBe(false);
    const pieces = q('select[data-role="practice-piece"]');
    const mine = fixture.positions.quiz.state.pieces[0].filter((s) => s < 84);
    expect([...pieces.options].map((o) => Number(o.value))).toEqual([...new Set(mine)].sort((a, b) => a - b));
    pieces.value = "30";
    pieces.dispatchEvent(new Event("change", { bubbles: true }));
    const squares = q('select[data-role="practice-square"]');
    expect(Number(squares.options[0].value)).toBe(31);
    expect(squares.options[squares.options.length - 1].value).toBe("84");
    squares.value = "34";
    click(q('button[data-action="practice-try"]'));
    const [x, y] = fixture.geometry.tracks[0][34];
    expect(model.sent).toEqual([{ kind: "try", start: 30, square: [x, y] }]);
    squares.value = "84";
    click(q('button[data-action="practice-try"]'));
    expect(model.sent[1]).toEqual({ kind: "try", start: 30, square: "home" });
  });

  it("sends nothing when practice mode is off", () => {
    const model = fakeModel("quiz", { quiz: false });
    mount(model);
    click(q('.pachisi-piece[data-seat="0"][data-step="30"]'));
    expect(model.sent).toEqual([]);
  });
});
