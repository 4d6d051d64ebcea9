// @vitest-environment jsdom
// Unit tests of the pure drawing functions, on real traits written by Python
// (js/fixtures/traits.json, kept up to date by tests/test_widget.py).
import { describe, expect, it } from "vitest";
import {
  buildBoard,
  buildCowries,
  buildLog,
  buildPaths,
  buildPiece,
  buildTargets,
  buildTurn,
  controlStates,
  movesByStack,
  parsePositions,
  slideFrames,
  stacks,
} from "./draw.js";
import fixture from "./fixtures/traits.json";

const geometry = fixture.geometry;
const scene = geometry.scene;
const { seat_colors: SEAT_COLORS, seat_shapes: SEAT_SHAPES } = scene;
const pos = fixture.positions;

function board(name, extra = {}) {
  const p = pos[name];
  return buildBoard(document, { geometry, state: p.state, legalMoves: p.legal_moves, ...extra });
}

describe("buildBoard: the squares", () => {
  const svg = board("start");

  it("is one svg that scales with its container", () => {
    expect(svg.namespaceURI).toBe("http://www.w3.org/2000/svg");
    expect(svg.getAttribute("viewBox")).toMatch(/^-?\d+ -?\d+ \d+ \d+$/);
    expect(svg.hasAttribute("width")).toBe(false);
    expect(svg.getAttribute("class")).toBe("pachisi-board");
  });

  it("draws the 96 squares with their data-square hooks", () => {
    const squares = svg.querySelectorAll("[data-square]");
    expect(squares.length).toBe(96);
    const keys = new Set([...squares].map((s) => s.getAttribute("data-square")));
    expect(keys.size).toBe(96);
    expect(keys.has("9,0")).toBe(true);
    expect(keys.has("9,9")).toBe(false); // the Charkoni is one space, not a square
  });

  it("tints each arm in its seat's colour class", () => {
    for (let arm = 0; arm < 4; arm += 1) {
      expect(svg.querySelectorAll(`[data-square].pachisi-arm-${arm}`).length).toBe(24);
    }
  });

  it("marks the 12 castles and tells the four 25-castles apart", () => {
    expect(svg.querySelectorAll(".pachisi-castle").length).toBe(12);
    expect(svg.querySelectorAll("[data-square].pachisi-castle-square").length).toBe(12);
    const labels = [...svg.querySelectorAll("[data-twenty-five]")];
    expect(labels.map((l) => l.textContent)).toEqual(["25", "25", "25", "25"]);
    const seats = labels.map((l) => l.getAttribute("data-twenty-five")).sort();
    expect(seats).toEqual(["0", "1", "2", "3"]);
    for (const l of labels)
      expect(l.getAttribute("fill")).toBe(SEAT_COLORS[Number(l.getAttribute("data-twenty-five"))]);
  });

  it("draws the Charkoni", () => {
    expect(svg.querySelectorAll('[data-role="charkoni"]').length).toBe(1);
    expect(svg.querySelectorAll(".pachisi-charkoni-part").length).toBe(4);
  });
});

describe("buildBoard: the pieces", () => {
  const svg = board("mixed");
  const state = pos.mixed.state;

  it("gives every stack data-seat, data-piece and data-step", () => {
    const pieces = [...svg.querySelectorAll(".pachisi-piece")];
    for (const p of pieces) {
      expect(p.getAttribute("data-seat")).toMatch(/^[0-3]$/);
      expect(p.getAttribute("data-piece")).toMatch(/^[0-3]$/);
      expect(p.getAttribute("data-step")).toMatch(/^\d+$/);
    }
    // every piece of every seat is in exactly one stack
    let total = 0;
    for (const p of pieces) total += Number(p.getAttribute("data-count"));
    expect(total).toBe(state.seats.length * 4);
    const south12 = svg.querySelector('.pachisi-piece[data-seat="0"][data-step="12"]');
    expect(south12.getAttribute("data-piece")).toBe("1");
    expect(south12.getAttribute("data-pieces")).toBe("1,2");
  });

  it("shows a stack's count", () => {
    const stack = svg.querySelector('.pachisi-piece[data-seat="0"][data-step="12"]');
    expect(stack.getAttribute("data-count")).toBe("2");
    expect(stack.querySelector(".pachisi-count").textContent).toBe("2");
    const single = svg.querySelector('.pachisi-piece[data-seat="0"][data-step="59"]');
    expect(single.querySelector(".pachisi-count")).toBeNull();
  });

  it("draws returning pieces lying on their side", () => {
    const returning = [...svg.querySelectorAll(".pachisi-piece.pachisi-returning")].map(
      (p) => `${p.getAttribute("data-seat")}:${p.getAttribute("data-step")}`,
    );
    expect(returning.sort()).toEqual(["0:59", "2:81", "3:70"]);
    const lying = svg.querySelector('.pachisi-piece[data-step="59"] .pachisi-piece-body');
    expect(lying.getAttribute("transform")).toContain("rotate(90)");
    const standing = svg.querySelector('.pachisi-piece[data-seat="2"][data-step="3"] .pachisi-piece-body');
    expect(standing.getAttribute("transform")).toBeNull();
    expect(state.returning_step).toBe(51);
  });

  it("puts waiting and home pieces in the Charkoni", () => {
    const waiting = svg.querySelector('.pachisi-piece[data-seat="1"][data-step="0"]');
    const home = svg.querySelector('.pachisi-piece[data-seat="3"][data-step="84"]');
    expect(waiting.classList.contains("pachisi-waiting")).toBe(true);
    expect(home.classList.contains("pachisi-home")).toBe(true);
    expect(home.getAttribute("data-count")).toBe("3");
  });

  it("gives each seat its colour and its shape", () => {
    for (let seat = 0; seat < 4; seat += 1) {
      const shape = svg.querySelector(`.pachisi-piece[data-seat="${seat}"] .pachisi-piece-shape`);
      expect(shape.getAttribute("fill")).toBe(SEAT_COLORS[seat]);
      const tag = { circle: "circle", square: "rect", triangle: "polygon", diamond: "polygon" }[SEAT_SHAPES[seat]];
      expect(shape.tagName).toBe(tag);
      expect(svg.querySelector(`.pachisi-piece[data-seat="${seat}"] .pachisi-piece-letter`).textContent).toBe(
        "SENW"[seat],
      );
    }
  });

  it("writes the letters of the board's language (V for West in Romanian)", () => {
    const ro = board("romanian");
    const letters = [0, 1, 2, 3].map(
      (seat) => ro.querySelector(`.pachisi-piece[data-seat="${seat}"] .pachisi-piece-letter`).textContent,
    );
    expect(letters).toEqual(["S", "E", "N", "V"]);
    const cards = [...ro.querySelectorAll("[data-seat-card] .pachisi-piece-letter")].map((t) => t.textContent);
    expect(cards).toEqual(["S", "E", "N", "V"]);
    const east = ro.querySelector('[data-seat-card="1"] .pachisi-seat-card-sub').textContent;
    expect(east).toContain("lacom"); // the computer player's Romanian name
    expect(ro.querySelector('[data-seat-card="0"]').textContent).toContain("La rând");
  });

  it("spreads stacks that share a square", () => {
    const list = stacks(geometry, state);
    const three = list.find((s) => s.seat === 2 && s.step === 3);
    const back = list.find((s) => s.seat === 2 && s.step === 81);
    expect([three.x, three.y]).not.toEqual([back.x, back.y]);
    expect(Math.abs(three.x - back.x)).toBeLessThan(1);
  });
});

describe("buildBoard: legal moves", () => {
  it("highlights every legal move (passes excluded) with its id and label", () => {
    const { legal_moves: moves } = pos.mixed;
    const svg = board("mixed");
    const targets = [...svg.querySelectorAll(".pachisi-target")];
    const expected = moves.filter((m) => m.kind !== "pass");
    expect(targets.map((t) => t.getAttribute("data-move"))).toEqual(expected.map((m) => m.id));
    targets.forEach((t, i) => {
      expect(t.getAttribute("aria-label")).toBe(expected[i].label);
      expect(t.getAttribute("tabindex")).toBe("0");
      expect(t.getAttribute("role")).toBe("button");
    });
    // the movable pieces carry their only move
    const movable = [...svg.querySelectorAll(".pachisi-piece.pachisi-movable")];
    expect(movable.map((p) => p.getAttribute("data-step")).sort()).toEqual(["12", "59"]);
    for (const p of movable) expect(expected.map((m) => m.id)).toContain(p.getAttribute("data-move"));
  });

  it("a piece with several moves is chosen first, then its destination", () => {
    const svg = board("pool");
    const piece = svg.querySelector('.pachisi-piece[data-seat="0"][data-step="20"]');
    expect(piece.classList.contains("pachisi-movable")).toBe(true);
    expect(piece.hasAttribute("data-move")).toBe(false); // two moves: no single id
    expect(piece.getAttribute("data-stack")).toBe("0:20");
    const own = movesByStack(pos.pool.legal_moves).get("0:20");
    expect(own.map((m) => m.value).sort((a, b) => a - b)).toEqual([3, 10]);
    // with values shown, since the pool holds 10 and 3
    expect(svg.querySelectorAll(".pachisi-target-value").length).toBe(8);
    const chosen = board("pool", { selected: "0:20" });
    expect(chosen.querySelector('.pachisi-piece[data-step="20"]').classList.contains("pachisi-selected")).toBe(true);
    const bright = [...chosen.querySelectorAll(".pachisi-target-selected")].map((t) => t.getAttribute("data-move"));
    expect(bright.sort()).toEqual(own.map((m) => m.id).sort());
    expect(chosen.querySelectorAll(".pachisi-target-dim").length).toBe(8 - own.length);
  });

  it("draws no moves while a computer is to act", () => {
    const p = pos.mixed;
    const svg = buildBoard(document, { geometry, state: p.state, legalMoves: p.legal_moves, interactive: false });
    expect(svg.querySelectorAll("[data-move]").length).toBe(0);
  });

  it("marks the destination of an entering piece and of a move home", () => {
    const enter = pos.start.legal_moves.find((m) => m.kind === "enter");
    const layer = buildTargets(document, geometry, [enter]);
    expect(layer.querySelector(`[data-move="${enter.id}"]`)).not.toBeNull();
    const home = {
      id: "9.0",
      seat: 1,
      kind: "move",
      start: 83,
      end: 84,
      value: 10,
      from: [10, 9],
      to: null,
      path: [],
      captures: [],
      label: "home",
    };
    const t = buildTargets(document, geometry, [home]).querySelector('[data-move="9.0"]');
    expect(t.classList.contains("pachisi-target-home")).toBe(true);
  });

  it("draws the path of a move through its squares", () => {
    const m = pos.mixed.legal_moves.find((x) => x.start === 59);
    const layer = buildPaths(document, geometry, [m]);
    expect(layer.querySelectorAll(".pachisi-path").length).toBe(1);
    expect(layer.querySelectorAll(".pachisi-path-dot").length).toBe(m.path.length);
    expect(m.path.length).toBe(m.end - m.start + 1);
  });
});

describe("text is never parsed as HTML", () => {
  it("renders hostile names as text", () => {
    const state = pos.mixed.state;
    expect(state.names[3]).toBe("<img src=x onerror=alert(1)>");
    const svg = board("mixed");
    expect(svg.querySelector("img")).toBeNull();
    const card = svg.querySelector('[data-seat-card="1"]');
    expect(card.textContent).toContain("<b>Bilal</b>");
    expect(card.querySelector("b")).toBeNull();
    const turn = buildTurn(document, { ...state, to_move: 3 }, scene);
    expect(turn.querySelector("img")).toBeNull();
    expect(turn.textContent).toContain("<img src=x onerror=alert(1)>");
    const log = buildLog(document, ["<i>a</i>", "b & c"]);
    expect(log.querySelector("i")).toBeNull();
    expect([...log.children].map((li) => li.textContent)).toEqual(["<i>a</i>", "b & c"]);
  });

  it("puts targets that share a square side by side, each with its value, none on another", () => {
    const base = pos.pool.legal_moves.find((m) => m.kind !== "pass");
    const a = { ...base, id: "9.1", start: 20, value: 10, to: [12, 9] };
    const b = { ...base, id: "9.2", start: 27, value: 3, to: [12, 9] };
    const rings = [...buildTargets(document, geometry, [a, b]).querySelectorAll(".pachisi-target")];
    const at = rings.map((g) =>
      g
        .getAttribute("transform")
        .match(/[-\d.]+/g)
        .map(Number),
    );
    const r = Number(rings[0].querySelector(".pachisi-target-ring").getAttribute("r"));
    expect(Math.hypot(at[0][0] - at[1][0], at[0][1] - at[1][1])).toBeGreaterThanOrEqual(2 * r);
    expect(rings.map((g) => g.querySelector(".pachisi-target-value").textContent)).toEqual(["10", "3"]);
  });

  it("keeps move labels as plain attributes", () => {
    const m = { ...pos.start.legal_moves[0], label: '"><script>x</script>' };
    const t = buildTargets(document, geometry, [m]).querySelector("[data-move]");
    expect(t.getAttribute("aria-label")).toBe('"><script>x</script>');
    expect(t.querySelector("script")).toBeNull();
  });
});

describe("buildPiece", () => {
  it("draws one stack with its hooks", () => {
    const g = buildPiece(document, {
      scene,
      seat: 2,
      step: 60,
      pieces: [1, 3],
      cx: 10,
      cy: 20,
      returning: true,
      title: "N",
    });
    expect(g.getAttribute("data-seat")).toBe("2");
    expect(g.getAttribute("data-piece")).toBe("1");
    expect(g.getAttribute("data-step")).toBe("60");
    expect(g.getAttribute("data-count")).toBe("2");
    expect(g.classList.contains("pachisi-returning")).toBe(true);
    expect(g.getAttribute("transform")).toBe("translate(10 20)");
    expect(g.querySelector("title").textContent).toBe("N");
  });
});

describe("buildCowries", () => {
  it("says the mouths up in the board's language, singular for one", () => {
    const p = pos.romanian;
    const box = buildCowries(document, p.last_throw, p.state);
    expect(box.querySelector(".pachisi-throw-up").textContent).toBe("(o gură în sus)");
    expect(box.querySelector("svg").getAttribute("aria-label")).toBe("o gură în sus");
    expect(box.querySelector('[data-badge="grace"]').textContent).toBe("har");
  });

  it("shows the shells with Python's mouths, the value and the grace badge", () => {
    const { last_throw: lt, state } = pos.start;
    const box = buildCowries(document, lt, state, { animate: true });
    const shells = [...box.querySelectorAll(".pachisi-shell")];
    expect(shells.length).toBe(6);
    expect(shells.map((s) => s.getAttribute("data-mouth") === "up")).toEqual(lt.mouths);
    expect(box.querySelector('[data-role="throw-value"]').textContent).toBe("25");
    expect(box.querySelector('[data-badge="grace"]')).not.toBeNull();
    expect(box.querySelector(".pachisi-throwing")).not.toBeNull();
    expect(buildCowries(document, lt, state, { animate: false }).querySelector(".pachisi-throwing")).toBeNull();
  });

  it("shows the pool still to spend in throw_then_move, with bonus grace and pyada badges", () => {
    const { last_throw: lt, state } = pos.pool;
    const box = buildCowries(document, lt, state);
    const values = [...box.querySelectorAll('[data-role="pool"] .pachisi-pool-value')].map((v) => v.textContent);
    expect(values).toEqual(["10", "3"]);
    expect(box.querySelectorAll(".pachisi-shell").length).toBe(7);
    const badges = (over) =>
      [...buildCowries(document, { ...lt, ...over }, state).querySelectorAll("[data-badge]")].map((b) =>
        b.getAttribute("data-badge"),
      );
    expect(badges({ enters: false, bonus: true })).toEqual(["bonus"]);
    expect(badges({ pyada: true })).toEqual(["pyada"]);
    expect(badges({ cancelled: [25, 30, 10] })).toEqual(["cancelled"]);
    expect(badges({ lost: true })).toEqual(["lost"]);
  });

  it("has no pool in the classic turn mode and idle shells before a throw", () => {
    const { state } = pos.computer;
    const box = buildCowries(document, {}, state);
    expect(box.querySelector('[data-role="pool"]')).toBeNull();
    expect(box.querySelector(".pachisi-shells-idle")).not.toBeNull();
    expect(box.querySelector('[data-role="throw-value"]')).toBeNull();
  });
});

describe("buildTurn", () => {
  it("names the seat to move in its colour", () => {
    const state = pos.mixed.state;
    const turn = buildTurn(document, state, scene);
    expect(turn.getAttribute("data-seat")).toBe(String(state.to_move));
    expect(turn.getAttribute("style")).toContain(SEAT_COLORS[state.to_move]);
    expect(turn.querySelector('[data-role="turn-name"]').textContent).toBe("Asha");
  });

  it("shows the winner when the game is over", () => {
    const state = { ...pos.mixed.state, phase: "over", winner: 3 };
    const turn = buildTurn(document, state, scene);
    expect(turn.classList.contains("pachisi-over")).toBe(true);
    expect(turn.textContent).toContain("<img src=x onerror=alert(1)>");
  });
});

describe("controlStates and parsePositions", () => {
  it("enables the buttons that make sense now", () => {
    expect(controlStates({ phase: "throw", can_undo: false })).toEqual({
      throw: true,
      pass: false,
      undo: false,
      "new-game": true,
    });
    expect(controlStates({ phase: "move", can_undo: true })).toEqual({
      throw: false,
      pass: true,
      undo: true,
      "new-game": true,
    });
    expect(controlStates({ phase: "throw", computer_to_act: true }).throw).toBe(false);
  });

  it("turns the set-up form into positions for Python", () => {
    expect(parsePositions(["0,0,12,59", "-", " 3, 81 ,0,0 ", ""])).toEqual([[0, 0, 12, 59], null, [3, 81, 0, 0], null]);
    expect(parsePositions(["1,x,3,4"])).toEqual([[1, "x", 3, 4]]); // Python refuses it clearly
  });
});

describe("slideFrames", () => {
  it("slides a piece from its start through its path to its end", () => {
    const frames = slideFrames(geometry, {
      seat: 0,
      start: 12,
      end: 16,
      from: [10, 3],
      to: [10, 7],
      path: [
        [10, 4],
        [10, 5],
        [10, 6],
        [10, 7],
      ],
    });
    expect(frames.length).toBe(5);
    expect(frames[0].transform).toBe("translate(420px, 620px)");
    expect(frames[4].transform).toBe("translate(420px, 460px)");
  });

  it("starts an entering piece at the waiting spot and ends a finished one at home", () => {
    const enter = slideFrames(geometry, { seat: 0, start: 0, end: 1, from: null, to: [9, 7], path: [[9, 7]] });
    expect(enter.length).toBe(2);
    const home = slideFrames(geometry, {
      seat: 0,
      start: 80,
      end: 84,
      from: [9, 4],
      to: null,
      path: [
        [9, 5],
        [9, 6],
        [9, 7],
      ],
    });
    expect(home.length).toBe(5);
  });
});

describe("square names", () => {
  it("names a square by the step players count, not by grid coordinates", () => {
    const svg = board("start");
    const titles = [...svg.querySelectorAll(".pachisi-squares title")].map((t) => t.textContent);
    expect(titles.length).toBe(geometry.squares.length);
    expect(titles.some((t) => /^\d+,\d+/.test(t))).toBe(false);
    const seat = pos.start.state.to_move;
    const [x, y] = geometry.tracks[seat][3];
    const i = geometry.squares.findIndex((sq) => sq.x === x && sq.y === y);
    const step = pos.start.state.labels.practice_step;
    expect(titles[i].startsWith(`${step} 3, 81`)).toBe(true); // out along the column, and home
  });
});

describe("returning pieces", () => {
  it("the board says why a piece lies on its side while one is on the board", async () => {
    const { fakeModel, mountWidget } = await import("./fake-model.js");
    const el = mountWidget(fakeModel("mixed")); // West's piece on step 70 is on its way home
    const note = el.querySelector('[data-role="returning-note"]');
    expect(note.hidden).toBe(false);
    expect(note.textContent).toContain(String(pos.mixed.state.returning_step));
    expect(note.textContent).not.toContain("{n}");
    const start = mountWidget(fakeModel("start"));
    expect(start.querySelector('[data-role="returning-note"]').hidden).toBe(true);
  });
});
