// Pure drawing functions of the Pachisi board: data in, DOM elements out.
//
// Nothing here knows the rules: every position, square and move comes from Python (the
// `geometry`, `state`, `legal_moves` and `last_throw` traits), and so do the picture's facts
// (colours, piece shapes, sizes, where each stack stands): `geometry.scene` from
// pachisi_widget/scene.py, the same facts the static SVG draws with, and `state.stacks`. Each function only uses `doc` to
// create elements and never touches the page, so the unit tests run them in jsdom. All text from
// the model (names, narration, labels) goes in with textContent, never parsed as HTML.

export const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * The picture's facts that Python sends once in the geometry (pachisi_widget/scene.py): cell,
 * margin, seat_colors, seat_shapes, letter_fill, piece_r, home_r, shapes, spots, cards, home_step.
 * @param {object} geometry
 * @returns {object}
 */
export function sceneOf(geometry) {
  const scene = geometry?.scene;
  if (!scene)
    throw new Error("pachisi_widget: the geometry has no scene (rebuild the front end and restart the kernel)");
  return scene;
}

/**
 * The board's colours of both themes as CSS variables, from the scene's `board_colors`
 * (pachisi_widget/scene.py BOARD_COLORS): `[["--pachisi-arm-0-light", colour], ...]`. The view sets
 * them on its root, and js/widget.css picks the light or the dark set by the notebook's theme.
 * @param {object} scene
 * @returns {[string, string][]}
 */
export function boardColorVars(scene) {
  const vars = [];
  for (const [theme, colors] of Object.entries(scene?.board_colors ?? {})) {
    for (const [name, value] of Object.entries(colors)) {
      vars.push([`--pachisi-${name.replaceAll("_", "-")}-${theme}`, String(value)]);
    }
  }
  return vars;
}

// -- element helpers ---------------------------------------------------------------------------

/**
 * An SVG element with attributes (and optional text, set with textContent).
 * @param {Document} doc
 * @param {string} tag
 * @param {Record<string, string|number|null|undefined>} [attrs]
 * @param {string} [text]
 * @returns {SVGElement}
 */
export function svgEl(doc, tag, attrs = {}, text) {
  const node = doc.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined && v !== false) node.setAttribute(k, String(v));
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * An HTML element with attributes (and optional text, set with textContent).
 * @param {Document} doc
 * @param {string} tag
 * @param {Record<string, string|number|boolean|null|undefined>} [attrs]
 * @param {string} [text]
 * @returns {HTMLElement}
 */
export function htmlEl(doc, tag, attrs = {}, text) {
  const node = doc.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    node.setAttribute(k, v === true ? "" : String(v));
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Round to 0.1 for compact SVG attributes. */
const r1 = (v) => Math.round(v * 10) / 10;

/**
 * SVG coordinates of the centre of grid point (x, y) (x east, y north; fractions allowed).
 * @param {{size: number}} geometry
 * @param {number} x
 * @param {number} y
 * @returns {[number, number]}
 */
export function centre(geometry, x, y) {
  const size = geometry.size ?? 19;
  const cell = sceneOf(geometry).cell;
  return [r1((x + 0.5) * cell), r1((size - 1 - y + 0.5) * cell)];
}

/** The letter on a seat's pieces in the board's language (Python sends them; W is V in Romanian). */
export function seatLetter(state, seat) {
  return String((state.seat_letters ?? [])[seat] ?? seat);
}

/** The text of a seat's display name (given name, else seat label), cut for the board cards. */
export function seatName(state, seat) {
  const names = state.names ?? [];
  const labels = state.seat_labels ?? [];
  return String(names[seat] || labels[seat] || seat);
}

function clip(text, n) {
  return text.length > n ? `${text.slice(0, n - 1)}…` : text;
}

// -- pieces ------------------------------------------------------------------------------------

/**
 * The outline of one piece of `seat`, centred on (0, 0): the seat's shape from the scene
 * (circle, square, or the corners of a triangle or diamond in units of r).
 * @param {Document} doc
 * @param {object} scene  geometry.scene
 * @param {number} seat
 * @param {number} r
 * @returns {SVGElement}
 */
export function pieceShape(doc, scene, seat, r) {
  const attrs = { class: "pachisi-piece-shape", fill: scene.seat_colors[seat] };
  const shape = scene.seat_shapes[seat];
  if (shape === "circle") return svgEl(doc, "circle", { ...attrs, r });
  if (shape === "square") {
    const h = r * scene.shapes.square.half;
    return svgEl(doc, "rect", {
      ...attrs,
      x: r1(-h),
      y: r1(-h),
      width: r1(2 * h),
      height: r1(2 * h),
      rx: scene.shapes.square.rx,
    });
  }
  return svgEl(doc, "polygon", {
    ...attrs,
    points: scene.shapes[shape].map(([x, y]) => `${r1(x * r)},${r1(y * r)}`).join(" "),
  });
}

/** A seat's shape with its letter, as in the seat cards and the turn banner. */
function pieceIcon(doc, scene, state, seat, r, attrs = {}) {
  const g = svgEl(doc, "g", attrs);
  g.appendChild(pieceShape(doc, scene, seat, r));
  g.appendChild(
    svgEl(
      doc,
      "text",
      {
        class: "pachisi-piece-letter",
        y: r1(r * scene.shapes.letter_dy[seat]),
        "text-anchor": "middle",
        fill: scene.letter_fill[seat],
        "font-size": r1(r * scene.shapes.letter_size),
      },
      seatLetter(state, seat),
    ),
  );
  return g;
}

/**
 * One stack of pieces of one seat on one step, drawn as a single piece with a count.
 *
 * @param {Document} doc
 * @param {{scene: object, seat: number, step: number, pieces: number[], cx: number, cy: number,
 *          r?: number, returning?: boolean, title?: string, letter?: string}} p
 * @returns {SVGGElement}
 */
export function buildPiece(doc, p) {
  const scene = p.scene;
  const r = p.r ?? scene.piece_r;
  const count = p.pieces.length;
  const where = p.step === 0 ? "pachisi-waiting" : p.step === scene.home_step ? "pachisi-home" : "pachisi-on-board";
  const classes = ["pachisi-piece", `pachisi-seat-${p.seat}`, where];
  if (p.returning) classes.push("pachisi-returning");
  const g = svgEl(doc, "g", {
    class: classes.join(" "),
    "data-seat": p.seat,
    "data-piece": Math.min(...p.pieces),
    "data-pieces": p.pieces.join(","),
    "data-step": p.step,
    "data-count": count,
    "data-r": r1(r),
    transform: `translate(${r1(p.cx)} ${r1(p.cy)})`,
  });
  if (p.title) g.appendChild(svgEl(doc, "title", {}, p.title));
  // A returning piece lies on its side (RULES.md 3.10): turned a quarter and flattened.
  const body = svgEl(doc, "g", {
    class: "pachisi-piece-body",
    transform: p.returning ? scene.shapes.returning : null,
  });
  body.appendChild(pieceShape(doc, scene, p.seat, r));
  g.appendChild(body);
  const dy = r * scene.shapes.letter_dy[p.seat];
  g.appendChild(
    svgEl(
      doc,
      "text",
      {
        class: "pachisi-piece-letter",
        y: r1(dy),
        "text-anchor": "middle",
        fill: scene.letter_fill[p.seat],
        "font-size": r1(r * scene.shapes.letter_size),
      },
      p.letter ?? String(p.seat),
    ),
  );
  if (count > 1) {
    const b = scene.shapes.badge;
    const badge = svgEl(doc, "g", {
      class: "pachisi-count",
      transform: `translate(${r1(r * b.offset)} ${r1(-r * b.offset)})`,
    });
    badge.appendChild(svgEl(doc, "circle", { r: r1(r * b.r) }));
    badge.appendChild(
      svgEl(doc, "text", { y: r1(r * b.dy), "text-anchor": "middle", "font-size": r1(r * b.font) }, String(count)),
    );
    g.appendChild(badge);
  }
  return g;
}

/**
 * Every stack of pieces with its place, as Python computed it (`state.stacks`, from
 * pachisi_widget/scene.py): one entry per (seat, step), waiting and home pieces in their spots,
 * stacks that share a square spread out and smaller.
 *
 * @param {object} _geometry the `geometry` trait (unused: the places come with the state)
 * @param {object} state     the `state` trait
 * @returns {{seat: number, step: number, pieces: number[], x: number, y: number, r: number,
 *            returning: boolean}[]}
 */
export function stacks(_geometry, state) {
  return (state.stacks ?? []).map((s) => ({ ...s, pieces: [...s.pieces] }));
}

// -- legal moves -------------------------------------------------------------------------------

/**
 * The non-pass legal moves grouped by the stack they move: key "seat:start" (start 0 = waiting).
 * @param {object[]} legalMoves
 * @returns {Map<string, object[]>}
 */
export function movesByStack(legalMoves) {
  const out = new Map();
  for (const m of legalMoves ?? []) {
    if (m.kind === "pass") continue;
    const key = `${m.seat}:${m.start}`;
    if (!out.has(key)) out.set(key, []);
    out.get(key).push(m);
  }
  return out;
}

/** Where a move's destination is drawn: its square, or the seat's home spot for step 84. */
export function targetPoint(geometry, move) {
  if (move.to) return move.to;
  return sceneOf(geometry).spots.home[move.seat];
}

/** Where a move starts: its square, or the seat's waiting spot for an entering piece. */
export function sourcePoint(geometry, move) {
  if (move.from) return move.from;
  return sceneOf(geometry).spots.waiting[move.seat];
}

/**
 * The invisible circle that makes a ring or a ringed piece a finger's target: its radius is the
 * board's `--pachisi-hit-r` (set from the drawn size, so the target is 44 px wide on screen), at
 * least the visible ring's `r`.
 * @param {Document} doc
 * @param {number} r  the visible ring's radius
 * @returns {SVGCircleElement}
 */
export function hitCircle(doc, r) {
  return svgEl(doc, "circle", { class: "pachisi-hit", r, style: `r: max(${r}px, var(--pachisi-hit-r, 0px))` });
}

/**
 * The clickable destination of every legal move (passes excluded): a focusable ring carrying
 * data-move, role=button and the move's label as aria-label.
 *
 * @param {Document} doc
 * @param {object} geometry
 * @param {object[]} legalMoves
 * @param {{selected?: string|null, showValues?: boolean}} [opts]
 * @returns {SVGGElement}
 */
export function buildTargets(doc, geometry, legalMoves, opts = {}) {
  const scene = sceneOf(geometry);
  const layer = svgEl(doc, "g", { class: "pachisi-targets" });
  const moves = (legalMoves ?? []).filter((m) => m.kind !== "pass");
  const byPoint = new Map();
  for (const m of moves) {
    const [x, y] = targetPoint(geometry, m);
    const key = `${x},${y}`;
    if (!byPoint.has(key)) byPoint.set(key, []);
    byPoint.get(key).push(m);
  }
  for (const group of byPoint.values()) {
    group.forEach((m, i) => {
      let [x, y] = targetPoint(geometry, m);
      const shared = group.length > 1;
      if (shared) {
        // side by side around the square (never on top of each other), each ring with its value
        const angle = (2 * Math.PI * i) / group.length + (group.length === 2 ? 0 : -Math.PI / 2);
        const spread = group.length === 2 ? 0.4 : 0.45;
        x += spread * Math.cos(angle);
        y -= spread * Math.sin(angle);
      }
      const [cx, cy] = centre(geometry, x, y);
      const stackKey = `${m.seat}:${m.start}`;
      const classes = ["pachisi-target", `pachisi-seat-${m.seat}`];
      if (m.captures?.length) classes.push("pachisi-capture");
      if (m.end === scene.home_step) classes.push("pachisi-target-home");
      if (opts.selected) classes.push(opts.selected === stackKey ? "pachisi-target-selected" : "pachisi-target-dim");
      const g = svgEl(doc, "g", {
        class: classes.join(" "),
        "data-move": m.id,
        "data-stack": stackKey,
        tabindex: "0",
        role: "button",
        "aria-label": m.label ?? "",
        transform: `translate(${cx} ${cy})`,
      });
      g.appendChild(svgEl(doc, "title", {}, m.label ?? ""));
      const rr = shared ? 14 : 18;
      g.appendChild(hitCircle(doc, rr));
      g.appendChild(svgEl(doc, "circle", { class: "pachisi-target-ring", r: rr, stroke: scene.seat_colors[m.seat] }));
      if (m.captures?.length) {
        g.appendChild(
          svgEl(
            doc,
            "text",
            { class: "pachisi-capture-mark", x: rr * 0.75, y: -rr * 0.45, "text-anchor": "middle" },
            "✕",
          ),
        );
      }
      if (opts.showValues || shared) {
        g.appendChild(
          svgEl(doc, "text", { class: "pachisi-target-value", y: 6, "text-anchor": "middle" }, String(m.value)),
        );
      }
      layer.appendChild(g);
    });
  }
  return layer;
}

/**
 * The track a move follows, for hover and focus: a line through its squares, with dots.
 * @param {Document} doc
 * @param {object} geometry
 * @param {object[]} moves
 * @returns {SVGGElement}
 */
export function buildPaths(doc, geometry, moves) {
  const colors = sceneOf(geometry).seat_colors;
  const layer = svgEl(doc, "g", { class: "pachisi-paths", "aria-hidden": "true" });
  for (const m of moves ?? []) {
    if (!m || m.kind === "pass") continue;
    const pts = [sourcePoint(geometry, m), ...(m.path ?? []), targetPoint(geometry, m)];
    const xy = pts.map(([x, y]) => centre(geometry, x, y));
    const dedup = xy.filter((p, i) => i === 0 || p[0] !== xy[i - 1][0] || p[1] !== xy[i - 1][1]);
    layer.appendChild(
      svgEl(doc, "polyline", {
        class: "pachisi-path",
        "data-path": m.id,
        points: dedup.map((p) => p.join(",")).join(" "),
        stroke: colors[m.seat],
      }),
    );
    for (const [x, y] of m.path ?? []) {
      const [cx, cy] = centre(geometry, x, y);
      layer.appendChild(svgEl(doc, "circle", { class: "pachisi-path-dot", cx, cy, r: 4, fill: colors[m.seat] }));
    }
  }
  return layer;
}

// -- the board ---------------------------------------------------------------------------------

/** The steps at which `seat`'s track passes square (x, y) (two in its own column: out and home). */
function stepsOf(tracks, seat, x, y) {
  const out = [];
  (tracks?.[seat] ?? []).forEach((xy, step) => {
    if (xy && xy[0] === x && xy[1] === y) out.push(step);
  });
  return out;
}

/**
 * A square's name as players count it: its step for the seat to move ("step 3, 79" where the
 * track passes it twice), or, off that seat's track, the step of the seat whose column it is.
 */
function squareTitle(sq, state, labels, tracks) {
  const seat = state.to_move ?? 0;
  let steps = stepsOf(tracks, seat, sq.x, sq.y);
  let owner = null;
  for (let s = 0; s < 4 && !steps.length; s += 1) {
    steps = stepsOf(tracks, s, sq.x, sq.y);
    if (steps.length) owner = s;
  }
  const step = `${labels.practice_step ?? ""} ${steps.join(", ")}`.trim();
  const parts = [owner === null ? step : `${seatName(state, owner)}: ${step}`];
  if (sq.castle) parts.push(labels.castle);
  if (sq.twenty_five !== null && sq.twenty_five !== undefined) {
    parts.push(`${labels.twenty_five} ${seatName(state, sq.twenty_five)}`);
  }
  return parts.join(" · ");
}

/** The unit step from the board's centre towards square (x, y) along its arm. */
function outward(geometry, x, y) {
  const c = ((geometry.size ?? 19) - 1) / 2;
  const dx = x - c;
  const dy = y - c;
  if (Math.abs(dx) >= Math.abs(dy)) return [Math.sign(dx), 0];
  return [0, Math.sign(dy)];
}

function buildSquares(doc, geometry, state, labels) {
  const scene = sceneOf(geometry);
  const CELL = scene.cell;
  const layer = svgEl(doc, "g", { class: "pachisi-squares" });
  for (const sq of geometry.squares ?? []) {
    const [cx, cy] = centre(geometry, sq.x, sq.y);
    const x0 = cx - CELL / 2;
    const y0 = cy - CELL / 2;
    const classes = ["pachisi-square", `pachisi-arm-${sq.arm}`];
    if (sq.castle) classes.push("pachisi-castle-square");
    const g = svgEl(doc, "g", { class: "pachisi-square-group" });
    const rect = svgEl(doc, "rect", {
      class: classes.join(" "),
      "data-square": `${sq.x},${sq.y}`,
      x: x0,
      y: y0,
      width: CELL,
      height: CELL,
    });
    rect.appendChild(svgEl(doc, "title", {}, squareTitle(sq, state, labels, geometry.tracks)));
    g.appendChild(rect);
    if (sq.castle) {
      const m = 6;
      g.appendChild(
        svgEl(doc, "path", {
          class: "pachisi-castle",
          d: `M${x0 + m},${y0 + m}L${x0 + CELL - m},${y0 + CELL - m}M${x0 + CELL - m},${y0 + m}L${x0 + m},${y0 + CELL - m}`,
        }),
      );
    }
    if (sq.twenty_five !== null && sq.twenty_five !== undefined) {
      const seat = sq.twenty_five;
      g.appendChild(
        svgEl(doc, "rect", {
          class: `pachisi-twenty-five-frame pachisi-seat-${seat}`,
          x: x0 + 2,
          y: y0 + 2,
          width: CELL - 4,
          height: CELL - 4,
          rx: 3,
          stroke: scene.seat_colors[seat],
        }),
      );
      // the label stands outside the board, beyond the arm's tip, where no piece covers it
      const [ux, uy] = outward(geometry, sq.x, sq.y);
      const [lx, ly] = centre(geometry, sq.x + 0.95 * ux, sq.y + 0.95 * uy);
      const label = svgEl(doc, "g", { class: "pachisi-twenty-five-label", transform: `translate(${lx} ${ly})` });
      const icon = svgEl(doc, "g", { class: "pachisi-twenty-five-icon", transform: "translate(0 -7)" });
      icon.appendChild(pieceShape(doc, scene, seat, 5));
      label.appendChild(icon);
      label.appendChild(
        svgEl(
          doc,
          "text",
          {
            class: "pachisi-twenty-five",
            "data-twenty-five": seat,
            y: 12,
            "text-anchor": "middle",
            fill: scene.seat_colors[seat],
          },
          "25",
        ),
      );
      g.appendChild(label);
    }
    layer.appendChild(g);
  }
  return layer;
}

function buildCharkoni(doc, geometry, labels) {
  const CELL = sceneOf(geometry).cell;
  const [[x0, y0], [x1, y1]] = geometry.charkoni ?? [
    [8, 8],
    [10, 10],
  ];
  const [ax, ay] = centre(geometry, x0, y1);
  const left = ax - CELL / 2;
  const top = ay - CELL / 2;
  const w = (x1 - x0 + 1) * CELL;
  const h = (y1 - y0 + 1) * CELL;
  const mid = [left + w / 2, top + h / 2];
  const g = svgEl(doc, "g", { class: "pachisi-charkoni", "data-role": "charkoni" });
  g.appendChild(svgEl(doc, "rect", { class: "pachisi-charkoni-bg", x: left, y: top, width: w, height: h }));
  // four triangles, each towards its seat's arm: S bottom, E right, N top, W left
  const corners = { bl: [left, top + h], br: [left + w, top + h], tr: [left + w, top], tl: [left, top] };
  const tri = [
    [corners.bl, corners.br],
    [corners.br, corners.tr],
    [corners.tr, corners.tl],
    [corners.tl, corners.bl],
  ];
  tri.forEach(([a, b], seat) => {
    g.appendChild(
      svgEl(doc, "polygon", {
        class: `pachisi-charkoni-part pachisi-arm-${seat}`,
        points: `${a.join(",")} ${b.join(",")} ${mid.join(",")}`,
      }),
    );
  });
  g.appendChild(svgEl(doc, "rect", { class: "pachisi-charkoni-frame", x: left, y: top, width: w, height: h }));
  g.appendChild(
    svgEl(
      doc,
      "text",
      {
        class: "pachisi-charkoni-label",
        x: mid[0],
        y: mid[1] + 6,
        "text-anchor": "middle",
      },
      labels.charkoni,
    ),
  );
  return g;
}

function buildSeatCards(doc, geometry, state) {
  const scene = sceneOf(geometry);
  const layer = svgEl(doc, "g", { class: "pachisi-seat-cards" });
  const labels = state.labels ?? {};
  const players = state.seat_players ?? [];
  const over = state.phase === "over";
  const winners = state.winner === null || state.winner === undefined ? [] : [].concat(state.winner);
  for (const seat of state.seats ?? []) {
    const steps = (state.pieces ?? [])[seat] ?? [];
    const [gx, gy] = scene.cards.centres[seat];
    const [cx, cy] = centre(geometry, gx, gy);
    const toMove = !over && state.to_move === seat;
    const won = winners.includes(seat);
    const classes = ["pachisi-seat-card", `pachisi-seat-${seat}`];
    if (toMove) classes.push("pachisi-to-move");
    if (won) classes.push("pachisi-winner");
    const g = svgEl(doc, "g", {
      class: classes.join(" "),
      "data-seat-card": seat,
      transform: `translate(${cx} ${cy})`,
      style: `--pachisi-seat-color: ${scene.seat_colors[seat]}`,
    });
    const name = seatName(state, seat);
    g.appendChild(svgEl(doc, "title", {}, name));
    const [W, H] = scene.cards.size;
    const lay = scene.cards.layout;
    g.appendChild(
      svgEl(doc, "rect", {
        class: "pachisi-seat-card-bg",
        x: -W / 2,
        y: -H / 2,
        width: W,
        height: H,
        rx: 12,
        stroke: scene.seat_colors[seat],
      }),
    );
    const [ix, iy, ir] = lay.icon;
    g.appendChild(pieceIcon(doc, scene, state, seat, ir, { transform: `translate(${ix} ${iy})` }));
    g.appendChild(
      svgEl(doc, "text", { class: "pachisi-seat-card-name", x: lay.name[0], y: lay.name[1] }, clip(name, 15)),
    );
    const agentLabels = state.agent_labels ?? {};
    const player = players[seat]
      ? (agentLabels[players[seat]] ?? (players[seat] === "human" ? labels.human : players[seat]))
      : "";
    const seatLabel = (state.seat_labels ?? [])[seat] ?? seatLetter(state, seat);
    const sub = name === seatLabel ? player : `${seatLabel} · ${player}`;
    g.appendChild(svgEl(doc, "text", { class: "pachisi-seat-card-sub", x: lay.sub[0], y: lay.sub[1] }, clip(sub, 22)));
    // pieces waiting in the Charkoni; those at home stand apart, in the card's home tray
    const waiting = steps.filter((s) => s === 0).length;
    const home = steps.filter((s) => s === scene.home_step).length;
    g.appendChild(
      svgEl(
        doc,
        "text",
        { class: "pachisi-seat-card-counts", x: lay.waiting[0], y: lay.waiting[1] },
        clip(`${labels.waiting}: ${waiting}`, 24),
      ),
    );
    const [tx, ty, tw, th] = lay.tray;
    g.appendChild(
      svgEl(doc, "rect", {
        class: "pachisi-home-tray",
        "data-home-tray": seat,
        x: tx,
        y: ty,
        width: tw,
        height: th,
        rx: 8,
        stroke: scene.seat_colors[seat],
      }),
    );
    g.appendChild(
      svgEl(
        doc,
        "text",
        { class: "pachisi-home-tray-label", x: lay.tray_label[0], y: lay.tray_label[1] },
        `⌂ ${labels.home}: ${home}`,
      ),
    );
    let note = "";
    if (won) note = `★ ${labels.winner}`;
    else if (toMove) note = `▶ ${labels.to_move}`;
    if (note)
      g.appendChild(svgEl(doc, "text", { class: "pachisi-seat-card-note", x: lay.note[0], y: lay.note[1] }, note));
    layer.appendChild(g);
  }
  return layer;
}

function stackTitle(state, s, homeStep) {
  const labels = state.labels ?? {};
  const name = seatName(state, s.seat);
  const n = s.pieces.length;
  const what = n > 1 ? `${n} ${labels.stack}` : "";
  let where;
  if (s.step === 0) where = labels.waiting;
  else if (s.step === homeStep) where = labels.home;
  else where = `${s.step}`;
  const ret = s.returning ? ` (${labels.returning})` : "";
  return `${name}: ${what ? `${what}, ` : ""}${where}${ret}`;
}

/**
 * The whole board as one <svg>: squares (data-square), Charkoni, castles, 25-castles, seat
 * cards, pieces (data-seat, data-piece, data-step), legal-move destinations (data-move) and
 * an empty layer for the path shown on hover or focus.
 *
 * @param {Document} doc
 * @param {{geometry: object, state: object, legalMoves?: object[], selected?: string|null,
 *          interactive?: boolean}} opts
 * @returns {SVGSVGElement}
 */
export function buildBoard(doc, { geometry, state, legalMoves = [], selected = null, interactive = true }) {
  const scene = sceneOf(geometry);
  const { cell: CELL, margin: MARGIN } = scene;
  const size = (geometry.size ?? 19) * CELL;
  const labels = state.labels ?? {};
  const svg = svgEl(doc, "svg", {
    class: "pachisi-board",
    viewBox: `${-MARGIN} ${-MARGIN} ${size + 2 * MARGIN} ${size + 2 * MARGIN}`,
    role: "group",
    "aria-label": labels.board,
    "data-phase": state.phase ?? "",
    "data-to-move": state.to_move ?? "",
  });
  svg.appendChild(buildSeatCards(doc, geometry, state));
  svg.appendChild(buildSquares(doc, geometry, state, labels));
  svg.appendChild(buildCharkoni(doc, geometry, labels));
  const last = state.last_move;
  if (last && (last.to || last.end === scene.home_step)) {
    const [x, y] = last.to ?? scene.spots.home[last.seat];
    const [cx, cy] = centre(geometry, x, y);
    svg.appendChild(
      svgEl(doc, "rect", {
        class: "pachisi-last-move",
        x: cx - CELL / 2 + 1.5,
        y: cy - CELL / 2 + 1.5,
        width: CELL - 3,
        height: CELL - 3,
        rx: 4,
        stroke: scene.seat_colors[last.seat],
      }),
    );
  }
  svg.appendChild(svgEl(doc, "g", { class: "pachisi-paths", "aria-hidden": "true" }));
  const moves = interactive ? (legalMoves ?? []) : [];
  const byStack = movesByStack(moves);
  const pieces = svgEl(doc, "g", { class: "pachisi-pieces" });
  for (const s of stacks(geometry, state)) {
    const [cx, cy] = centre(geometry, s.x, s.y);
    const node = buildPiece(doc, {
      ...s,
      scene,
      cx,
      cy,
      title: stackTitle(state, s, scene.home_step),
      letter: seatLetter(state, s.seat),
    });
    const key = `${s.seat}:${s.step}`;
    const own = byStack.get(key);
    if (own) {
      const rr = s.r + 7;
      node.insertBefore(
        svgEl(doc, "circle", { class: "pachisi-movable-ring", r: rr, stroke: scene.seat_colors[s.seat] }),
        node.firstChild,
      );
      node.insertBefore(hitCircle(doc, rr), node.firstChild);
      node.classList.add("pachisi-movable");
      node.setAttribute("data-stack", key);
      if (own.length === 1) node.setAttribute("data-move", own[0].id);
      if (selected === key) node.classList.add("pachisi-selected");
    }
    pieces.appendChild(node);
  }
  svg.appendChild(pieces);
  const distinct = new Set((state.pending ?? []).map(String));
  svg.appendChild(buildTargets(doc, geometry, moves, { selected, showValues: distinct.size > 1 || !!state.part }));
  return svg;
}

/**
 * The keyframes (SVG user units) of a piece sliding along its last move: from its start (or
 * the waiting spot) through each square of the path to its end (or the home spot).
 * @param {object} geometry
 * @param {object} lastMove  state.last_move from Python
 * @returns {{transform: string}[]}
 */
export function slideFrames(geometry, lastMove) {
  const spots = sceneOf(geometry).spots;
  const start = lastMove.from ?? spots.waiting[lastMove.seat];
  const end = lastMove.to ?? spots.home[lastMove.seat];
  const points = [start, ...(lastMove.path ?? []), end].filter(Boolean);
  const frames = [];
  for (const [x, y] of points) {
    const [cx, cy] = centre(geometry, x, y);
    const f = `translate(${cx}px, ${cy}px)`;
    if (!frames.length || frames[frames.length - 1].transform !== f) frames.push({ transform: f });
  }
  return frames;
}

// -- cowries -----------------------------------------------------------------------------------

/**
 * One cowrie shell seen from above: mouth up shows the toothed slit, mouth down the smooth back.
 * @param {Document} doc
 * @param {boolean} up
 * @param {number} i  the shell's index (drives the animation delay through --pachisi-i)
 * @returns {SVGGElement}
 */
export function buildShell(doc, up, i) {
  const tilt = ((i * 37) % 50) - 25;
  const g = svgEl(doc, "g", {
    class: `pachisi-shell ${up ? "pachisi-mouth-up" : "pachisi-mouth-down"}`,
    "data-mouth": up ? "up" : "down",
    transform: `translate(${24 + i * 42} 30)`,
    style: `--pachisi-i: ${i}`,
  });
  const inner = svgEl(doc, "g", { class: "pachisi-shell-inner", transform: `rotate(${tilt})` });
  inner.appendChild(svgEl(doc, "ellipse", { class: "pachisi-shell-body", rx: 13, ry: 18 }));
  if (up) {
    inner.appendChild(
      svgEl(doc, "path", { class: "pachisi-shell-slit", d: "M0,-14 C3,-6 3,6 0,14 C-3,6 -3,-6 0,-14Z" }),
    );
    let teeth = "";
    for (let k = -10; k <= 10; k += 4) teeth += `M-3.4,${k}L-1,${k}M1,${k}L3.4,${k}`;
    inner.appendChild(svgEl(doc, "path", { class: "pachisi-shell-teeth", d: teeth }));
  } else {
    inner.appendChild(svgEl(doc, "ellipse", { class: "pachisi-shell-shine", cx: -4, cy: -6, rx: 4, ry: 6 }));
    inner.appendChild(
      svgEl(doc, "path", { class: "pachisi-shell-spots", d: "M3,2 l1,1 M-2,8 l1,1 M5,-4 l1,1 M-6,2 l1,1" }),
    );
  }
  g.appendChild(inner);
  return g;
}

/**
 * The cowrie panel: the shells of the last throw (mouths from Python), its value, who threw it,
 * badges for grace / bonus grace / pyada / cancelled / lost, and the throws still to spend.
 *
 * @param {Document} doc
 * @param {object} lastThrow  the `last_throw` trait ({} before the first throw)
 * @param {object} state
 * @param {{scene: object, animate?: boolean}} opts  scene: geometry.scene; animate: play the
 *   landing animation (a fresh throw)
 * @returns {HTMLDivElement}
 */
export function buildCowries(doc, lastThrow, state, opts = {}) {
  const labels = state.labels ?? {};
  const box = htmlEl(doc, "div", { class: "pachisi-cowries", "data-role": "cowries" });
  const shells = lastThrow?.mouths ?? Array.from({ length: state.shells ?? 6 }, () => false);
  const has = lastThrow?.mouths;
  const upText = has ? ((state.up_texts ?? [])[lastThrow.up] ?? `${lastThrow.up}↑`) : "";
  const svg = svgEl(doc, "svg", {
    class: `pachisi-shells${opts.animate ? " pachisi-throwing" : ""}${has ? "" : " pachisi-shells-idle"}`,
    viewBox: `0 0 ${shells.length * 42 + 6} 60`,
    role: "img",
    "aria-label": has ? upText : labels.cowries,
  });
  shells.forEach((up, i) => {
    svg.appendChild(buildShell(doc, !!up, i));
  });
  box.appendChild(svg);
  const line = htmlEl(doc, "div", { class: "pachisi-throw-line" });
  if (has) {
    const seat = lastThrow.seat;
    if (seat !== null && seat !== undefined) {
      line.appendChild(
        htmlEl(
          doc,
          "span",
          {
            class: `pachisi-chip pachisi-seat-${seat}`,
            style: opts.scene ? `--pachisi-seat-color: ${opts.scene.seat_colors[seat]}` : null,
          },
          seatName(state, seat),
        ),
      );
    }
    line.appendChild(
      htmlEl(doc, "span", { class: "pachisi-throw-value", "data-role": "throw-value" }, String(lastThrow.value)),
    );
    line.appendChild(htmlEl(doc, "span", { class: "pachisi-throw-up" }, `(${upText})`));
    const badges = [];
    if (lastThrow.enters) badges.push(["grace", labels.grace]);
    else if (lastThrow.bonus) badges.push(["bonus", labels.bonus]);
    if (lastThrow.pyada) badges.push(["pyada", `${labels.pyada} +1`]);
    if (lastThrow.cancelled?.length)
      badges.push(["cancelled", `${labels.cancelled}: ${lastThrow.cancelled.join(", ")}`]);
    if (lastThrow.lost) badges.push(["lost", labels.lost]);
    for (const [kind, text] of badges) {
      line.appendChild(htmlEl(doc, "span", { class: `pachisi-badge pachisi-badge-${kind}`, "data-badge": kind }, text));
    }
  }
  box.appendChild(line);
  const pending = state.pending ?? [];
  if (state.turn_mode === "throw_then_move" || state.part) {
    const pool = htmlEl(doc, "div", { class: "pachisi-pool", "data-role": "pool" });
    pool.appendChild(htmlEl(doc, "span", { class: "pachisi-pool-label" }, `${labels.pending}:`));
    if (!pending.length) pool.appendChild(htmlEl(doc, "span", { class: "pachisi-pool-empty" }, "–"));
    pending.forEach((v, i) => {
      const text = i === 0 && state.part ? `${v} (${state.part.left})` : String(v);
      pool.appendChild(htmlEl(doc, "span", { class: "pachisi-pool-value", "data-value": v }, text));
    });
    box.appendChild(pool);
  }
  return box;
}

// -- turn, status, log -------------------------------------------------------------------------

/**
 * The turn banner: the seat to move in its colour, shape and name, and what it has to do
 * (or the winner when the game is over).
 * @param {Document} doc
 * @param {object} state
 * @param {object} scene  geometry.scene
 * @returns {HTMLDivElement}
 */
export function buildTurn(doc, state, scene) {
  const labels = state.labels ?? {};
  const over = state.phase === "over";
  const seat = over ? [].concat(state.winner ?? [])[0] : state.to_move;
  const hasSeat = seat !== null && seat !== undefined;
  const box = htmlEl(doc, "div", {
    class: `pachisi-turn${hasSeat ? ` pachisi-seat-${seat}` : ""}${over ? " pachisi-over" : ""}`,
    "data-role": "turn",
    "data-seat": hasSeat ? seat : null,
    style: hasSeat ? `--pachisi-seat-color: ${scene.seat_colors[seat]}` : null,
  });
  if (hasSeat) {
    const icon = svgEl(doc, "svg", { class: "pachisi-turn-icon", viewBox: "-18 -18 36 36", "aria-hidden": "true" });
    icon.appendChild(pieceIcon(doc, scene, state, seat, 12));
    box.appendChild(icon);
  }
  const words = htmlEl(doc, "div", { class: "pachisi-turn-words" });
  if (over) {
    words.appendChild(htmlEl(doc, "div", { class: "pachisi-turn-caption" }, labels.game_over));
    const winners = [].concat(state.winner ?? []);
    const text = winners.length
      ? `${labels.winner}: ${winners.map((s) => seatName(state, s)).join(" + ")}`
      : labels.no_winner;
    words.appendChild(htmlEl(doc, "div", { class: "pachisi-turn-name" }, text));
  } else {
    words.appendChild(htmlEl(doc, "div", { class: "pachisi-turn-caption" }, labels.to_move));
    const name = seatName(state, seat);
    const seatLabel = (state.seat_labels ?? [])[seat];
    words.appendChild(htmlEl(doc, "div", { class: "pachisi-turn-name", "data-role": "turn-name" }, name));
    let doing = state.phase === "throw" ? labels.to_throw : labels.to_choose;
    if (state.computer_to_act) doing = `${labels.computer_thinks}…`;
    const detail = seatLabel && seatLabel !== name ? `${seatLabel} · ${doing}` : doing;
    words.appendChild(htmlEl(doc, "div", { class: "pachisi-turn-doing" }, detail));
  }
  box.appendChild(words);
  return box;
}

/**
 * The narration log: one list item per sentence, as text.
 * @param {Document} doc
 * @param {string[]} lines
 * @returns {HTMLOListElement}
 */
export function buildLog(doc, lines) {
  const list = htmlEl(doc, "ol", { class: "pachisi-log", "data-role": "log" });
  for (const line of lines ?? []) list.appendChild(htmlEl(doc, "li", {}, String(line)));
  return list;
}

/**
 * Which controls can be pressed now (a view decision only: Python checks every intent again).
 * @param {object} state
 * @returns {{throw: boolean, pass: boolean, undo: boolean, "new-game": boolean}}
 */
export function controlStates(state) {
  const human = !state.computer_to_act && !state.replay; // a replay is watched, not played
  return {
    throw: state.phase === "throw" && human,
    pass: state.phase === "move" && human,
    undo: !!state.can_undo,
    "new-game": true,
  };
}

/**
 * Parse the teacher's set-up form: four comma lists of steps ("-" or empty for an unplayed seat).
 * Text that is not a number goes to Python as it is, which refuses it with a clear message.
 * @param {string[]} texts
 * @returns {(Array<number|string>|null)[]}
 */
export function parsePositions(texts) {
  return texts.map((t) => {
    const s = String(t ?? "").trim();
    if (s === "" || s === "-") return null;
    return s
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  });
}
