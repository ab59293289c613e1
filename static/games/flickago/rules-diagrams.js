// The diagrams of the rules (rules.js), drawn with the game's own code: the printed board of
// board.js (drawPrint), its pieces (pieceShape) and its aim (drawAim), placed by geometry.js,
// and judged by the touch tests of geometry.js and the scoring of scoring.js, the ones the
// room uses. Nothing here is a picture: each example is a position on the board, and what the
// rules do to it is computed, not written by hand.
//
// Every example piece carries data-piece, data-x and data-y (board mm) and what the diagram
// says of it (data-outcome, data-points, data-for), so a test can hold them to the engine.

import { drawAim, drawPrint, el, pieceShape, placeAt } from "./board.js";
import { MAX_PULL, centreInRect, discTouchesCircle, discTouchesRect, distanceToRect, loneTravel, radius, screenDirection, toScreen, viewBox } from "./geometry.js";
import { breakdown } from "./scoring.js";

/** A board rectangle [x0, y0, x1, y1] (mm) as the SVG's viewBox, seen from White's side. */
function crop(B, [x0, y0, x1, y1]) {
  const [ax, ay] = toScreen(B, x0, y1, false);
  return [ax, ay, x1 - x0, y1 - y0];
}

/** An SVG with the printed board, cropped to `box` (board mm) or whole, and empty layers on top. */
function boardSvg(B, t, label, box = null) {
  const svg = el("svg", { class: "fg-board fgr-svg", viewBox: (box ? crop(B, box) : viewBox(B)).join(" "), role: "img", "aria-label": label });
  const layers = {};
  for (const name of ["print", "marks", "trails", "pieces", "aim", "notes"]) {
    layers[name] = el("g", { class: `fg-${name}` });
    svg.append(layers[name]);
  }
  drawPrint(layers.print, B, t, false);
  // A sector holding a Safe Return zone prints its value at its centre, under the zone's 5:
  // here it moves beside the zone, so each number reads on its own.
  for (const sector of B.sectors) {
    const zone = Object.values(B.sides).find((s) => centreInRect(s.zone.x, s.zone.y, sector.rect))?.zone;
    const value = zone && layers.print.querySelector(`[data-sector="${sector.id}"] .fg-sector-value`);
    if (value) value.setAttribute("x", String((sector.rect.x0 + zone.x - zone.r) / 2));
  }
  return { svg, layers };
}

/** A piece of an example at board (x, y): the game's own drawing, with what the rules say of it. */
function piece(B, id, x, y, opts = {}, data = {}) {
  const g = pieceShape(B, id, { ...opts, piece: false });
  placeAt(B, g, x, y, false);
  g.dataset.piece = id;
  g.dataset.x = String(x);
  g.dataset.y = String(y);
  for (const [k, v] of Object.entries(data)) g.dataset[k] = String(v);
  return g;
}

/** A numbered (or lettered) marker at board (x, y), matched by a line of the legend. */
function marker(B, text, x, y, r = 12) {
  const [sx, sy] = toScreen(B, x, y, false);
  return el("g", { class: "fgr-mark", "data-mark": text }, el("circle", { cx: sx, cy: sy, r }), el("text", { x: sx, y: sy + r * 0.42, "font-size": (r * 1.2).toFixed(1) }, text));
}

/** A red cross over a piece the rules take off, or a red dashed ring around one they set aside. */
function cross(B, x, y, r) {
  const [sx, sy] = toScreen(B, x, y, false);
  const d = r * 0.8;
  return el("g", { class: "fgr-cross" }, el("line", { x1: sx - d, y1: sy - d, x2: sx + d, y2: sy + d }), el("line", { x1: sx - d, y1: sy + d, x2: sx + d, y2: sy - d }));
}

function ring(B, x, y, r) {
  const [sx, sy] = toScreen(B, x, y, false);
  return el("circle", { cx: sx, cy: sy, r: r + 4.5, class: "fgr-ring" });
}

/** A gold glow on a free star, as the room shows the stars the chooser may pick. */
function starGlow(B, star) {
  const [x, y] = toScreen(B, star.x, star.y, false);
  return el("g", { class: "fg-star-target fgr-star-free", "data-free-star": star.id }, el("circle", { cx: x, cy: y, r: 24, class: "fg-glow" }));
}

/** A value tag beside a piece: what it scores, coloured for the side it scores for. */
function tag(B, x, y, r, points, side) {
  const [sx, sy] = toScreen(B, x, y, false);
  const cx = sx + r + 9;
  const cy = sy - r + 2;
  return el("g", { class: `fgr-tag for-${side || "none"}` }, el("rect", { x: cx - 10, y: cy - 10, width: 20, height: 20, rx: 6 }), el("text", { x: cx, y: cy + 5.5 }, String(points)));
}

/** The far half each side scores in, named along the right-hand margin of a whole board. */
function halves(B, t) {
  const x = B.board.x1 + 8;
  const out = [];
  for (const side of Object.values(B.sides)) {
    const north = side.farHalf === "north";
    const [y0, y1] = north ? [B.centreLine.y1 + 4, B.board.y1 - 4] : [B.board.y0 + 4, B.centreLine.y0 - 4];
    const [, s0] = toScreen(B, x, y0, false);
    const [, s1] = toScreen(B, x, y1, false);
    const mid = (s0 + s1) / 2;
    const tx = x + 13;
    out.push(
      el(
        "g",
        { class: `fgr-half side-${side.code}`, "data-half": side.farHalf },
        el("path", { d: `M ${x + 4} ${s0} H ${x} V ${s1} H ${x + 4}` }),
        el("text", { x: tx, y: mid, transform: `rotate(-90 ${tx} ${mid})` }, t("rules.scoresHere", { side: t(`fg.side.${side.code}`) })),
      ),
    );
  }
  return out;
}

// ------------------------------------------------------------------------- the whole board

/** The board, the inspectors on their stars (setup), each half named for the side scoring there. */
export function quickBoard(B, t, text) {
  const { svg, layers } = boardSvg(B, t, text.label);
  layers.pieces.append(...B.stars.map((s, i) => piece(B, B.inspectors[i], s.x, s.y, { label: t("fg.pieceName.I", { id: B.inspectors[i] }) })));
  layers.notes.append(...halves(B, t));
  return svg;
}

/** The board with its areas lettered as the legend reads them (A White's HQ … E Black's zone). */
export function board(B, t, text) {
  const { svg, layers } = boardSvg(B, t, text.label);
  const w = B.sides.w;
  const b = B.sides.b;
  const line = B.centreLine;
  layers.notes.append(
    ...halves(B, t),
    marker(B, "A", w.hq.x1 + 15, w.hq.y0 + 22, 13),
    marker(B, "B", b.hq.x0 - 15, b.hq.y1 - 22, 13),
    marker(B, "C", (B.stars[0].x + B.stars[1].x) / 2, (line.y0 + line.y1) / 2, 13),
    marker(B, "D", w.zone.x + w.zone.r + 20, w.zone.y + 28, 13),
    marker(B, "E", b.zone.x - b.zone.r - 20, b.zone.y - 28, 13),
  );
  return svg;
}

// ------------------------------------------------------------------------- the pieces

/** The pieces one by one: [svg, caption index]. A Family disc at 0, 1 and 2 flicks. */
export function pieces(B, t) {
  const kinds = [
    ["wT1", {}],
    ["wF1", { flicks: 0 }],
    ["wF2", { flicks: 1 }],
    ["wF3", { flicks: 2 }],
    ["bT1", {}, "bF1"],
    ["I1", {}],
  ];
  return kinds.map(([id, opts, second]) => {
    const ids = second ? [id, second] : [id];
    const w = ids.length * 52;
    const svg = el("svg", { class: "fg-board fgr-svg fgr-token", viewBox: `0 0 ${w} 52`, role: "img", "aria-label": ids.map((p) => pieceLabel(t, p, opts.flicks)).join(", ") });
    svg.append(el("rect", { x: 1, y: 1, width: w - 2, height: 50, rx: 8, class: "fgr-paper" }));
    ids.forEach((p, i) => {
      const g = pieceShape(B, p, { ...opts, piece: false });
      g.setAttribute("transform", `translate(${26 + i * 52} 26)`);
      svg.append(g);
    });
    return svg;
  });
}

function pieceLabel(t, id, flicks) {
  if (id.startsWith("I")) return t("fg.pieceName.I", { id });
  const base = t("fg.pieceName", { side: t(`fg.side.${id[0]}`), kind: t(`fg.kind.${id[1]}`), id });
  return flicks ? `${base} (${t(`rules.flicks${flicks}`)})` : base;
}

// ------------------------------------------------------------------------- a shot

/** White aims a Killer from T2 the way the room draws it (the pull, the aim line, the power ring). */
export function shot(B, t, text) {
  const { svg, layers } = boardSvg(B, t, text.label, [40, -30, 380, 330]);
  const from = B.sides.w.points.find((p) => p.id === "T2");
  const angle = 760;
  const power = 550;
  const r = B.disc.radius;
  const [sx, sy] = toScreen(B, from.x, from.y, false);
  const dir = screenDirection(B, angle, false);
  const pull = (power / B.powerMax) * MAX_PULL;
  const fam = [110, 190];
  const killer = [300, 150];
  layers.pieces.append(
    ...B.stars.map((s, i) => piece(B, B.inspectors[i], s.x, s.y)),
    piece(B, "wF1", fam[0], fam[1], { flicks: 1, aim: "wF1" }),
    piece(B, "wT1", killer[0], killer[1], { flicks: 1 }),
    piece(B, "wT2", from.x, from.y, { ghost: true, aim: "wT2@T2" }),
  );
  drawAim(layers.aim, B, { sx, sy, px: sx - dir[0] * pull, py: sy - dir[1] * pull, dir, reach: loneTravel(B, power), power, r });
  layers.notes.append(
    marker(B, "1", from.x - 42, from.y + 46),
    marker(B, "2", from.x - 40, -8),
    marker(B, "3", from.x + 80, 232),
    marker(B, "4", fam[0], fam[1] + 42),
    marker(B, "5", killer[0], killer[1] - 42),
  );
  return svg;
}

// ------------------------------------------------------------------------- after a shot

/**
 * The end-of-shot rules on an example (White has just shot), with the room's default options:
 * each piece is judged as engine/flickago/rules.py resolve() judges it, in its order (off the
 * board, the enemy HQ, the captures). Returns {svg, outcomes: {piece: "off"|"hq"|"capture"|""}}.
 */
export function resolution(B, t, text) {
  const { svg, layers } = boardSvg(B, t, text.label, [60, 268, 450, 630]);
  const pos = {
    I1: [90, 300],
    I2: [250, 470],
    I3: [345, 372],
    wF2: [195, 440],
    wT5: [165, 566],
    wT6: [426, 345],
    wT7: [435, 520],
    bT4: [222, 418],
  };
  const outcomes = judge(B, pos, { off_board: "no_overlap", hq_elimination: "centre" });
  const flicks = { wF2: 1 };
  for (const [id, [x, y]] of Object.entries(pos)) {
    layers.pieces.append(piece(B, id, x, y, { flicks: flicks[id] ?? 1 }, { outcome: outcomes[id] }));
    const r = radius(B, id);
    if (outcomes[id] === "capture" && id.startsWith("I")) layers.notes.append(ring(B, x, y, r));
    else if (outcomes[id]) layers.notes.append(cross(B, x, y, r));
  }
  // The inspectors set aside go back on a star that no piece left on the board overlaps.
  const left = Object.entries(pos).filter(([id]) => !outcomes[id]);
  const free = B.stars.filter((s) => left.every(([id, [x, y]]) => Math.hypot(x - s.x, y - s.y) >= radius(B, id) + B.inspector.radius));
  layers.marks.append(...free.map((s) => starGlow(B, s)));
  layers.notes.append(
    marker(B, "1", 158, 422),
    marker(B, "2", 112, 560),
    marker(B, "3", 396, 322),
    marker(B, "4", 403, 545),
    marker(B, "5", 270, 322),
  );
  return { svg, outcomes, free: free.map((s) => s.id) };
}

/** Spec 5.4, steps 1–3, for pieces at rest (none fell off the table). */
function judge(B, pos, options) {
  const out = Object.fromEntries(Object.keys(pos).map((id) => [id, ""]));
  for (const [id, [x, y]] of Object.entries(pos)) {
    if (offBoard(B, x, y, radius(B, id), options.off_board)) out[id] = "off";
  }
  for (const [id, [x, y]] of Object.entries(pos)) {
    if (out[id] || id.startsWith("I")) continue;
    const enemy = B.sides[id[0] === "w" ? "b" : "w"];
    if (inHq(x, y, radius(B, id), enemy.hq, options.hq_elimination)) out[id] = "hq";
  }
  for (const side of Object.values(B.sides)) {
    const touching = Object.entries(pos).filter(([id, [x, y]]) => !out[id] && discTouchesCircle(x, y, radius(B, id), side.zone));
    const inspectors = touching.filter(([id]) => id.startsWith("I"));
    if (inspectors.length && touching.length > inspectors.length) for (const [id] of touching) out[id] = "capture";
  }
  return out;
}

function offBoard(B, x, y, r, rule) {
  return rule === "centre_out" ? !centreInRect(x, y, B.board) : distanceToRect(x, y, B.board) >= r;
}

function inHq(x, y, r, hq, rule) {
  if (rule === "centre") return centreInRect(x, y, hq);
  if (rule === "overlap") return discTouchesRect(x, y, r, hq);
  return hq.x0 + r <= x && x <= hq.x1 - r && hq.y0 + r <= y && y <= hq.y1 - r;
}

// ------------------------------------------------------------------------- scoring

/**
 * A scoring example in White's far half, counted by scoring.js (the room's score per zone)
 * with the standard options. Returns {svg, scored: {piece: {points, side}}, totals: {w, b}, order}.
 */
export function scoring(B, t, text) {
  const { svg, layers } = boardSvg(B, t, text.label, [-30, 262, 450, 630]);
  const examples = [
    ["corner", "wT1", 40, 570, {}],
    ["straddle", "wF1", 80, 402, { flicks: 1 }],
    ["zone", "wT2", 232, 462, {}],
    ["inspector", "I3", 360, 455, {}],
    ["line", "I1", 90, 300, {}],
    ["own", "bT3", 330, 360, {}],
  ];
  const pos = Object.fromEntries(examples.map(([, id, x, y]) => [id, [x, y]]));
  const counted = breakdown(B, pos, { safe_zone_points: "own", inspector_points: "far_half" }, {});
  const scored = {};
  for (const [key, id, x, y, opts] of examples) {
    const { points, side } = counted.pieces[id];
    scored[key] = { id, points, side: points ? side : null };
    layers.pieces.append(piece(B, id, x, y, { flicks: opts.flicks ?? 1 }, { points, for: side || "" }));
    layers.notes.append(tag(B, x, y, radius(B, id), points, points ? side : null));
  }
  return { svg, scored, totals: { w: counted.w.total, b: counted.b.total }, order: examples.map(([key]) => key) };
}

// ------------------------------------------------------------------------- two options shown

/** Three black discs at the edge of White's HQ, judged under each value of hq_elimination. */
export function hqOption(B, t, text) {
  const hq = B.sides.w.hq;
  const { svg, layers } = boardSvg(B, t, text.label, [hq.x0 - 20, -25, hq.x1 + 20, 105]);
  const discs = [
    ["bT1", 165, 22],
    ["bT2", 258, 54],
    ["bT3", 285, 70],
  ];
  const values = ["centre", "overlap", "inside"];
  const rows = discs.map(([id, x, y]) => {
    const r = radius(B, id);
    const verdict = Object.fromEntries(values.map((v) => [v, inHq(x, y, r, hq, v) ? "out" : "stays"]));
    layers.pieces.append(piece(B, id, x, y, { flicks: 1 }, Object.fromEntries(values.map((v) => [`hq${v[0].toUpperCase()}${v.slice(1)}`, verdict[v]]))));
    return { piece: id, verdict };
  });
  return { svg, values, rows };
}

/** Three discs at the right-hand edge of the board, judged under each value of off_board. */
export function offOption(B, t, text) {
  const edge = B.board.x1;
  const { svg, layers } = boardSvg(B, t, text.label, [edge - 80, 150, edge + 30, 290]);
  const discs = [
    ["wT1", edge - 10, 265],
    ["wT2", edge + 8, 215],
    ["wT3", edge + 16, 170],
  ];
  const values = ["no_overlap", "centre_out"];
  const rows = discs.map(([id, x, y]) => {
    const r = radius(B, id);
    const verdict = Object.fromEntries(values.map((v) => [v, offBoard(B, x, y, r, v) ? "out" : "stays"]));
    layers.pieces.append(piece(B, id, x, y, { flicks: 1 }, { offNoOverlap: verdict.no_overlap, offCentreOut: verdict.centre_out }));
    return { piece: id, verdict };
  });
  return { svg, values, rows };
}
