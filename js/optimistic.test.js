// @vitest-environment jsdom
// Instant feel: what the board shows between a click and Python's answer (./optimistic.js), on
// boards drawn from real traits written by Python (js/fixtures/traits.json).
import { describe, expect, it, vi } from "vitest";
import { buildBoard, buildCowries, centre } from "./draw.js";
import fixture from "./fixtures/traits.json";
import { movingPiece, pendingTimer, settleThrow, showMove, showThrow } from "./optimistic.js";

const geometry = fixture.geometry;
const pos = fixture.positions;

function board(name) {
  const p = pos[name];
  return buildBoard(document, { geometry, state: p.state, legalMoves: p.legal_moves });
}

const firstMove = (name) => pos[name].legal_moves.find((m) => m.kind !== "pass");
const at = (svg, seat, step) => [...svg.querySelectorAll(`.pachisi-piece[data-seat="${seat}"][data-step="${step}"]`)];

describe("showMove", () => {
  it("moves a lone piece to its destination at once and marks the board pending", () => {
    const svg = board("pool");
    const move = firstMove("pool"); // South 20 -> 23
    expect(svg.querySelectorAll(".pachisi-target").length).toBeGreaterThan(0);
    expect(showMove(document, svg, geometry, move)).toBe(true);
    const [moved] = at(svg, move.seat, move.end);
    const [cx, cy] = centre(geometry, ...move.to);
    expect(moved.getAttribute("transform")).toBe(`translate(${cx} ${cy})`);
    expect(moved.classList.contains("pachisi-pending-piece")).toBe(true);
    expect(at(svg, move.seat, move.start)).toHaveLength(0);
    expect(svg.getAttribute("data-pending")).toBe("move");
    // nothing left to click twice
    expect(svg.querySelectorAll(".pachisi-target, .pachisi-movable")).toHaveLength(0);
  });

  it("takes one piece off a stack and leaves the rest with their count", () => {
    const svg = board("mixed");
    const move = firstMove("mixed"); // South's stack of two on 12 -> 16
    expect(movingPiece(svg, move).getAttribute("data-count")).toBe("2");
    showMove(document, svg, geometry, move);
    const [rest] = at(svg, 0, 12);
    expect(rest.getAttribute("data-count")).toBe("1");
    expect(rest.querySelector(".pachisi-count text").textContent).toBe("1");
    const [moved] = at(svg, 0, 16);
    expect(moved.getAttribute("data-count")).toBe("1");
    expect(moved.querySelector(".pachisi-count")).toBeNull();
  });

  it("fades the pieces the move captures, found by seat and piece index", () => {
    const svg = board("mixed");
    const move = { ...firstMove("mixed"), captures: [[2, 0]] }; // North's piece 0 stands on its step 3
    showMove(document, svg, geometry, move);
    const [victim] = at(svg, 2, 3);
    expect(victim.classList.contains("pachisi-pending-captured")).toBe(true);
    expect(at(svg, 2, 0)[0].classList.contains("pachisi-pending-captured")).toBe(false);
  });

  it("enters a waiting piece onto its entry square", () => {
    const svg = board("romanian");
    const move = firstMove("romanian"); // South enters: 0 -> 1
    showMove(document, svg, geometry, move);
    expect(at(svg, 0, 1)).toHaveLength(1);
    expect(at(svg, 0, 0)).toHaveLength(0);
  });

  it("changes nothing when the picture has no such piece", () => {
    const svg = board("start");
    const before = svg.outerHTML;
    expect(showMove(document, svg, geometry, { seat: 0, start: 40, end: 44, to: [8, 8], captures: [] })).toBe(false);
    expect(svg.outerHTML).toBe(before);
  });
});

describe("showThrow and settleThrow", () => {
  const slot = () => {
    const div = document.createElement("div");
    div.appendChild(buildCowries(document, pos.start.last_throw, pos.start.state, { scene: geometry.scene }));
    return div;
  };

  it("shakes the shells at once and stops when Python's next view arrives", () => {
    const s = slot();
    expect(showThrow(s, 7)).toBe(true);
    expect(s.querySelector(".pachisi-shells").classList.contains("pachisi-shaking")).toBe(true);
    expect(s.getAttribute("data-pending")).toBe("throw");
    expect(settleThrow(s, 7)).toBe(false); // a redraw of the same revision: still waiting
    expect(s.querySelector(".pachisi-shaking")).not.toBeNull();
    expect(settleThrow(s, 8)).toBe(true);
    expect(s.querySelector(".pachisi-shaking")).toBeNull();
    expect(s.hasAttribute("data-pending")).toBe(false);
  });

  it("does nothing without shells", () => {
    expect(showThrow(document.createElement("div"), 1)).toBe(false);
  });
});

describe("pendingTimer", () => {
  it("puts the picture back when Python does not answer in time, not when it does", () => {
    vi.useFakeTimers();
    try {
      const undo = vi.fn();
      const t = pendingTimer(window, 1000);
      t.arm(undo);
      expect(t.armed).toBe(true);
      vi.advanceTimersByTime(999);
      expect(undo).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(undo).toHaveBeenCalledTimes(1);
      t.arm(undo);
      t.settle();
      vi.advanceTimersByTime(5000);
      expect(undo).toHaveBeenCalledTimes(1);
      expect(t.armed).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
