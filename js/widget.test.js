// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { buildButton, buildStatusSvg } from "./widget.js";

describe("buildStatusSvg", () => {
  it("builds an svg with the status text hook", () => {
    const svg = buildStatusSvg(document, "South to throw");
    expect(svg.namespaceURI).toBe("http://www.w3.org/2000/svg");
    expect(svg.tagName).toBe("svg");
    const status = svg.querySelector('[data-role="status"]');
    expect(status).not.toBeNull();
    expect(status.tagName).toBe("text");
    expect(status.textContent).toBe("South to throw");
  });

  it("treats a missing status as empty text", () => {
    const svg = buildStatusSvg(document, undefined);
    expect(svg.querySelector('[data-role="status"]').textContent).toBe("");
  });
});

describe("buildButton", () => {
  it("is a real button carrying its action hook", () => {
    let presses = 0;
    const button = buildButton(document, "throw", "Throw", () => {
      presses += 1;
    });
    expect(button.type).toBe("button");
    expect(button.getAttribute("data-action")).toBe("throw");
    button.click();
    expect(presses).toBe(1);
  });
});
