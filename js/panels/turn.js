// The turn panel: whose turn it is (or who won) and the cowries of the last throw, with the
// throws still to spend. The shells are rebuilt only when they change, so a redraw never
// restarts their landing animation.
import { buildCowries, buildTurn, htmlEl } from "../draw.js";
import { settleThrow } from "../optimistic.js";

/** @param {{doc: Document}} ctx */
export function createTurn({ doc }) {
  const turnSlot = htmlEl(doc, "div", { class: "pachisi-turn-slot" });
  const cowrieSlot = htmlEl(doc, "div", { class: "pachisi-cowrie-slot" });
  let cowrieKey = "";
  let animatedKey = "";

  const update = ({ state, geometry, labels, revision, model }) => {
    turnSlot.replaceChildren(buildTurn(doc, state, geometry.scene));
    settleThrow(cowrieSlot, revision);
    const throwView = model.get("last_throw") ?? {};
    const key = JSON.stringify([
      throwView,
      state.pending,
      state.part,
      state.turn_mode,
      state.up_texts,
      labels.pending,
      state.names,
      state.seat_labels,
    ]);
    if (key === cowrieKey) return;
    cowrieKey = key;
    const throwKey = JSON.stringify([throwView.event, throwView.turn, throwView.up, throwView.seat, revision]);
    const fresh = !!throwView.fresh && !!model.get("animate") && throwKey !== animatedKey && !!throwView.mouths;
    if (fresh) animatedKey = throwKey;
    cowrieSlot.replaceChildren(buildCowries(doc, throwView, state, { animate: fresh, scene: geometry.scene }));
  };

  return { nodes: [turnSlot, cowrieSlot], update };
}
