// A stand-in for anywidget's model in the front end's unit tests: the traits of one position
// that Python wrote to js/fixtures/traits.json, the messages the view sends, the change events
// a sync fires, and the widget mounted on it. (Used by the *.test.js files only; not part of
// the bundle.)
import fixture from "./fixtures/traits.json";
import widget from "./widget.js";

/**
 * @param {string} position  a key of fixture.positions
 * @param {object} [extra]   traits to add or override
 */
export function fakeModel(position, extra = {}) {
  const data = { geometry: fixture.geometry, ...structuredClone(fixture.positions[position]), ...extra };
  const handlers = new Map();
  const model = {
    sent: [],
    saved: 0,
    get: (k) => data[k],
    set: (k, v) => {
      data[k] = v;
    },
    save_changes() {
      model.saved += 1;
    },
    send(msg) {
      model.sent.push(msg);
    },
    on(event, fn) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event).add(fn);
    },
    off(event, fn) {
      handlers.get(event)?.delete(fn);
    },
    /** Python changing traits: set them and fire change events, as a sync would. */
    update(changes) {
      Object.assign(data, changes);
      for (const k of Object.keys(changes)) for (const fn of handlers.get(`change:${k}`) ?? []) fn();
    },
    emit(event, ...args) {
      for (const fn of handlers.get(event) ?? []) fn(...args);
    },
    listeners: (event) => handlers.get(event)?.size ?? 0,
  };
  return model;
}

/** Render the widget for `model` into a new element of the page; returns that element. */
export function mountWidget(model) {
  const el = document.createElement("div");
  document.body.appendChild(el);
  widget.render({ model, el });
  return el;
}

/** Let the widget's pending promises and timers of 0 ms run. */
export const flush = () => new Promise((r) => setTimeout(r, 0));
/** A click on `node`, as a person's would bubble. */
export const click = (node) => node.dispatchEvent(new MouseEvent("click", { bubbles: true }));
/** A key press `k` on `node`, bubbling and cancelable like a real one. */
export const key = (node, k) =>
  node.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
