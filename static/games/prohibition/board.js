// The SVG table: the city drawn from the data pack (streets, crossings, the buildings with
// their doors and their capacity, the bars with their cubes, the distilleries, the private
// bars, the Closed tiles, the characters' start points), the trucks with their cubes, the
// three characters, the score track with a marker per truck around the city, and the legal
// choices of the moment in gold. drawBoard() redraws it all from the view each time (a few
// hundred shapes). It draws only what the view holds.

import { buildingOnStreet, capacityOf, cornerColours, startPoints } from "./city.js";

const NS = "http://www.w3.org/2000/svg";
export const U = 100; // one block
const TRACK = 36; // the score track's depth
const O = 72; // where the city's north-west crossing is drawn
const SW = 13; // half a street's width
export const TRACK_CELLS = 60; // squares around the board (a score of 60 or more goes round again)

export const TRUCK_CSS = { red: "#d23a2f", yellow: "#f0c419", green: "#2f9e44", blue: "#2f6fd6" };
export const CHAR_CSS = { black: "#161616", blue: "#2553a8", brown: "#7b4a1e" };

export function el(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v);
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

// What a thing is, for assistive technology; the pointer's popover (main.js tipFor, with
// static/js/explain.js) says it at length, so no <title> tooltip doubles it.
const named = (text) => ({ role: "img", "aria-label": text });

/** The board's size in SVG units (square). */
export const boardSize = (city) => city.size.x * U + 2 * O;

/** Where a crossing is drawn. */
export function pointOf(city, inter) {
  const i = city.inters.get(inter);
  return [O + i.x * U, O + i.y * U];
}

/** Where a truck on a street is drawn: the street's middle, and its angle (0 east–west, 90 north–south). */
export function streetSpot(city, street) {
  const s = city.streets.get(street);
  const [a, b] = s.ends.map((e) => pointOf(city, e));
  return { x: (a[0] + b[0]) / 2, y: (a[1] + b[1]) / 2, angle: s.axis === "v" ? 90 : 0 };
}

/** A square of the score track: {x, y, w, h} for position p (0 = the north-west corner, clockwise). */
export function trackCell(city, p) {
  const W = boardSize(city);
  const L = (W - 2 * TRACK) / 14;
  const side = Math.floor(p / 15) % 4;
  const k = p % 15;
  if (k === 0) {
    const corners = [[0, 0], [W - TRACK, 0], [W - TRACK, W - TRACK], [0, W - TRACK]];
    return { x: corners[side][0], y: corners[side][1], w: TRACK, h: TRACK };
  }
  if (side === 0) return { x: TRACK + (k - 1) * L, y: 0, w: L, h: TRACK };
  if (side === 1) return { x: W - TRACK, y: TRACK + (k - 1) * L, w: TRACK, h: L };
  if (side === 2) return { x: W - TRACK - k * L, y: W - TRACK, w: L, h: TRACK };
  return { x: 0, y: W - TRACK - k * L, w: TRACK, h: L };
}

function cube(code, x, y, size, extra = "") {
  return el("rect", { x: x - size / 2, y: y - size / 2, width: size, height: size, rx: 1.5, class: `cube c-${code}${extra}` });
}

/** The building's rectangle on screen, inset from the streets around it. */
function buildingRect(b) {
  const [x0, y0, x1, y1] = b.rect;
  const inset = (v, dir) => (Number.isInteger(v) ? SW * dir : 2 * dir);
  const X0 = O + x0 * U + inset(x0, 1);
  const Y0 = O + y0 * U + inset(y0, 1);
  const X1 = O + x1 * U - inset(x1, 1);
  const Y1 = O + y1 * U - inset(y1, 1);
  return { x: X0, y: Y0, w: X1 - X0, h: Y1 - Y0 };
}

function door(r, side) {
  const len = 16;
  const th = 5;
  if (side === "n") return { x: r.x + r.w / 2 - len / 2, y: r.y - 1, width: len, height: th };
  if (side === "s") return { x: r.x + r.w / 2 - len / 2, y: r.y + r.h - th + 1, width: len, height: th };
  if (side === "w") return { x: r.x - 1, y: r.y + r.h / 2 - len / 2, width: th, height: len };
  return { x: r.x + r.w - th + 1, y: r.y + r.h / 2 - len / 2, width: th, height: len };
}

const SLOT = 13; // a cube's size in a bar

/** Where a bar's capacity slots are: along the building's long side, pulled towards its door. */
function slotSpots(r, b, capacity) {
  const gap = 3;
  const horizontal = r.w >= r.h;
  const total = capacity * SLOT + (capacity - 1) * gap;
  const cx = r.x + r.w / 2;
  const cy = r.y + r.h / 2;
  const pull = 7;
  const dx = b.door_side === "w" ? -pull : b.door_side === "e" ? pull : 0;
  const dy = b.door_side === "n" ? -pull : b.door_side === "s" ? pull : 0;
  return Array.from({ length: capacity }, (_, i) => {
    const off = -total / 2 + SLOT / 2 + i * (SLOT + gap);
    return horizontal ? [cx + off, cy + dy] : [cx + dx, cy + off];
  });
}

function drawTrack(city, layer) {
  for (let p = 0; p < TRACK_CELLS; p++) {
    const c = trackCell(city, p);
    const g = el("g", { class: `track-cell${p % 5 === 0 ? " five" : ""}` });
    g.append(el("rect", { x: c.x + 1, y: c.y + 1, width: c.w - 2, height: c.h - 2, rx: 3 }));
    g.append(el("text", { x: c.x + c.w / 2, y: c.y + c.h / 2 + 4.5, class: "track-num" }, String(p)));
    layer.append(g);
  }
}

function drawMarkers(city, view, layer) {
  (view.trucks || []).forEach((tr, i) => {
    const score = Math.max(0, tr.score || 0);
    const c = trackCell(city, score % TRACK_CELLS);
    const colour = city.trucks.find((x) => x.id === tr.id)?.colour;
    const x = c.x + c.w / 2 + (i % 2 ? 1 : -1) * (c.w / 4);
    const y = c.y + c.h / 2 + (i < 2 ? -1 : 1) * (c.h / 4);
    const g = el("g", { class: "score-marker", "data-truck": tr.id, "data-score": String(score), ...named(`${tr.id}: ${score}`) });
    g.append(el("circle", { cx: x, cy: y, r: 7.5, fill: TRUCK_CSS[colour] || "#888" }));
    if (score >= TRACK_CELLS) g.append(el("circle", { cx: x, cy: y, r: 11, class: "lap" }));
    layer.append(g);
  });
}

function drawLabels(city, layer) {
  const W = boardSize(city);
  for (const i of city.inters.values()) {
    const [x, y] = pointOf(city, i.id);
    if (i.y === 0) {
      const col = i.id.replace(/\d+$/, "");
      layer.append(el("text", { x, y: TRACK + 16, class: "coord" }, col));
      layer.append(el("text", { x, y: W - TRACK - 5, class: "coord" }, col));
    }
    if (i.x === 0) {
      const row = i.id.replace(/^\D+/, "");
      layer.append(el("text", { x: TRACK + 9, y: y + 5, class: "coord" }, row));
      layer.append(el("text", { x: W - TRACK - 9, y: y + 5, class: "coord" }, row));
    }
  }
}

/** The buildings as printed: shape, door, the distillery's still, a private bar's tile, the
 * empty capacity slots. Returns {slot: {group, rect, spots}} for the dynamic layers. */
function drawBuildings(city, specials, layer) {
  const out = new Map();
  for (const b of city.buildings.values()) {
    const r = buildingRect(b);
    const tileId = specials[b.id];
    const tile = tileId ? city.tiles.get(tileId) : null;
    const kind = tile ? (tile.kind === "distillery" ? "distillery" : `private pv-${tile.colour}`) : "bar";
    const g = el("g", { class: `building ${kind}`, "data-building": b.id, ...named(tile ? `${tileId} (${b.id})` : b.id) });
    g.append(el("rect", { x: r.x, y: r.y, width: r.w, height: r.h, rx: 3, class: "shape" }));
    g.append(el("rect", { ...door(r, b.door_side), rx: 1.5, class: "door" }));
    let spots = [];
    if (tile && tile.kind === "distillery") {
      const cx = r.x + r.w / 2;
      const cy = r.y + r.h / 2;
      g.append(el("circle", { cx, cy: cy - 6, r: 9, class: "still" }));
      g.append(el("text", { x: cx, y: cy + 17, class: "tile-id" }, tileId));
    } else {
      spots = slotSpots(r, b, capacityOf(city, b.id, specials));
      for (const [x, y] of spots) g.append(el("rect", { x: x - SLOT / 2, y: y - SLOT / 2, width: SLOT, height: SLOT, rx: 1.5, class: "slot" }));
      if (tile) {
        const horizontal = r.w >= r.h;
        const ty = horizontal ? (b.door_side === "n" ? r.y + r.h - 4 : r.y + 11) : r.y + 12;
        g.append(el("text", { x: r.x + r.w / 2, y: ty, class: "tile-id small" }, tileId));
      }
    }
    out.set(b.id, { group: g, rect: r, spots });
    layer.append(g);
  }
  return out;
}

/** What changes in the bars: their cubes, the Closed tiles, the bars a delivery may go to. */
function drawBars(city, view, state, built, layer, t) {
  const closed = new Set(view.closed || []);
  const bars = view.bars || {};
  for (const [slot, { group, rect: r, spots }] of built) {
    group.classList.toggle("closed", closed.has(slot));
    group.classList.toggle("deliverable", state.deliverTo.has(slot));
    const bar = bars[slot];
    if (bar && bar.count) {
      const g = el("g", { class: "bar-cubes", "data-bar": slot, ...named(`${slot}: ${bar.count} ${t(`pz.cube.${bar.colour}`)}`) });
      spots.slice(0, bar.count).forEach(([x, y]) => g.append(cube(bar.colour, x, y, SLOT)));
      layer.append(g);
    }
    if (closed.has(slot)) {
      layer.append(el("path", { d: `M${r.x + 5} ${r.y + 5} L${r.x + r.w - 5} ${r.y + r.h - 5} M${r.x + r.w - 5} ${r.y + 5} L${r.x + 5} ${r.y + r.h - 5}`, class: "closed-mark", "data-closed": slot }));
    }
  }
}

function drawStreets(city, layer) {
  const n = city.size.x * U;
  layer.append(el("rect", { x: O - SW - 5, y: O - SW - 5, width: n + 2 * SW + 10, height: n + 2 * SW + 10, rx: 10, class: "ground" }));
  for (const s of city.streets.values()) {
    const [a, b] = s.ends.map((e) => pointOf(city, e));
    layer.append(el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "lane" }));
  }
}

function drawCrossings(city, view, layer, t) {
  const layout = (view.options || {}).layout || "standard";
  const starts = startPoints(city, layout);
  const charColour = Object.fromEntries(city.characters.map((c) => [c.id, c.colour]));
  const corners = cornerColours(city, layout);
  for (const i of city.inters.values()) {
    const [x, y] = pointOf(city, i.id);
    layer.append(el("circle", { cx: x, cy: y, r: 3, class: "crossing" }));
    if (i.corner && corners[i.corner]) {
      layer.append(el("circle", { cx: x, cy: y, r: 6, class: "corner", fill: CHAR_CSS[corners[i.corner]] || corners[i.corner] }));
    }
  }
  for (const [c, points] of Object.entries(starts)) {
    for (const p of points) {
      const [x, y] = pointOf(city, p);
      layer.append(
        el("circle", { cx: x, cy: y, r: 12, class: "start", stroke: CHAR_CSS[charColour[c]] || "#888", "aria-label": t("pz.startOf", { char: t(`pz.charShort.${c}`) }) }),
      );
    }
  }
}

/** A truck drawn at the origin, pointing east (the caller turns it). */
export function truckShape(city, tr) {
  const colour = city.trucks.find((x) => x.id === tr.id)?.colour;
  const fill = TRUCK_CSS[colour] || "#888";
  const body = el("g", { class: "mover" });
  body.append(el("rect", { x: -31, y: -13, width: 44, height: 26, rx: 3, class: "cargo", fill }));
  body.append(el("rect", { x: 14, y: -12, width: 17, height: 24, rx: 4, class: "cab", fill }));
  body.append(el("text", { x: 22.5, y: 4.5, class: "truck-num" }, tr.id.replace(/^\D+/, "")));
  const codes = [];
  for (const c of city.cubes) for (let k = 0; k < (tr.cubes?.[c] || 0); k++) codes.push(c);
  codes.slice(0, 8).forEach((c, k) => {
    const col = k % 4;
    const row = Math.floor(k / 4);
    body.append(cube(c, -25 + col * 10.5, -5.5 + row * 11, 9));
  });
  return body;
}

function drawTrucks(city, view, state, t, layer) {
  for (const tr of view.trucks || []) {
    if (!tr.street) continue;
    const spot = streetSpot(city, tr.street);
    const cls = ["truck"];
    if (tr.id === view.active && view.phase !== "over") cls.push("active");
    if (state.targets.has(`t:${tr.id}`)) cls.push("target");
    const g = el("g", { class: cls.join(" "), "data-truck": tr.id, transform: `translate(${spot.x} ${spot.y})` });
    const aboard = city.cubes.map((c) => `${tr.cubes?.[c] || 0}${c}`).join(" ");
    g.setAttribute("aria-label", `${tr.id} · ${tr.street} · ${aboard}`);
    if (cls.includes("active")) g.append(el("rect", { x: spot.angle ? -18 : -37, y: spot.angle ? -37 : -18, width: spot.angle ? 36 : 74, height: spot.angle ? 74 : 36, rx: 8, class: "halo" }));
    const body = truckShape(city, tr);
    body.setAttribute("transform", `rotate(${spot.angle})`);
    g.append(body);
    if (state.targets.has(`t:${tr.id}`)) {
      g.dataset.key = `t:${tr.id}`;
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", state.labelOf(`t:${tr.id}`));
    }
    layer.append(g);
  }
}

function drawCharacters(city, view, layer, t) {
  const chars = view.characters || {};
  for (const c of city.characters) {
    const at = chars[c.id]?.at;
    if (!at) continue;
    const [x, y] = pointOf(city, at);
    const g = el("g", { class: `char ch-${c.id}`, "data-char": c.id, transform: `translate(${x} ${y})`, ...named(`${t(`pz.charShort.${c.id}`)} · ${at}`) });
    const body = el("g", { class: "mover" });
    body.append(el("circle", { r: 15, fill: CHAR_CSS[c.colour] || "#444", class: "pawn" }));
    body.append(el("text", { y: 5.5, class: "char-letter" }, c.id));
    g.append(body);
    layer.append(g);
  }
}

/** The legal places on the map: a gold glow under the pieces, a hit area over them. */
function drawTargets(city, state, glowLayer, hitLayer) {
  for (const [key, texts] of state.targets) {
    const [kind, id] = [key.slice(0, 1), key.slice(2)];
    const cls = `target-spot${state.selected === key ? " selected" : ""}${texts.some((x) => x.includes("=")) ? " deliver" : ""}`;
    const hit = { class: `${cls} hit-area`, "data-key": key, tabindex: "0", role: "button", "aria-label": state.labelOf(key) };
    if (kind === "s") {
      const [a, b] = city.streets.get(id).ends.map((e) => pointOf(city, e));
      glowLayer.append(el("g", { class: cls, "data-glow": key }, el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "glow" })));
      // A rectangle, not a thick line: a line's box has no width, and the street must be a
      // place to click on, with the crossings at its ends left free.
      const [x0, x1, y0, y1] = [Math.min(a[0], b[0]), Math.max(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[1], b[1])];
      const box = x1 > x0 ? { x: x0 + 12, y: y0 - 17, width: x1 - x0 - 24, height: 34 } : { x: x0 - 17, y: y0 + 12, width: 34, height: y1 - y0 - 24 };
      hitLayer.append(el("g", hit, el("rect", { ...box, rx: 6, class: "hit" })));
    } else if (kind === "i") {
      const [x, y] = pointOf(city, id);
      glowLayer.append(el("g", { class: cls, "data-glow": key }, el("circle", { cx: x, cy: y, r: 19, class: "glow" })));
      hitLayer.append(el("g", hit, el("circle", { cx: x, cy: y, r: 24, class: "hit" })));
    }
  }
}

/**
 * Every street and every crossing as a place under the pointer (transparent): what it is is
 * told on hover or a tap (main.js tipFor), and a click on one that is no choice says why.
 * Drawn once per layout, under the pieces and the gold choices.
 */
function drawSpots(city, layer) {
  for (const s of city.streets.values()) {
    const [a, b] = s.ends.map((e) => pointOf(city, e));
    const [x0, x1, y0, y1] = [Math.min(a[0], b[0]), Math.max(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[1], b[1])];
    const box = x1 > x0 ? { x: x0 + 12, y: y0 - 17, width: x1 - x0 - 24, height: 34 } : { x: x0 - 17, y: y0 + 12, width: 34, height: y1 - y0 - 24 };
    layer.append(el("rect", { ...box, class: "pz-spot", "data-street": s.id }));
  }
  for (const i of city.inters.values()) {
    const [x, y] = pointOf(city, i.id);
    layer.append(el("circle", { cx: x, cy: y, r: 15, class: "pz-spot", "data-inter": i.id }));
  }
}

function drawPaths(city, paths, layer) {
  for (const p of paths) {
    if (!p || p.points.length < 2) continue;
    layer.append(el("polyline", { points: p.points.map(([x, y]) => `${x},${y}`).join(" "), class: `last-path ${p.kind}`, "data-path": p.names.join(" ") }));
  }
}

/**
 * Draw the whole table into `svg`. `state`: {targets: Map key → [action strings],
 * selected: key|null, deliverTo: Set of building slots, labelOf(key) → words, paths: [{kind,
 * points, names}]}. What is printed on the board (the track, the streets, the buildings, the
 * crossings, the coordinates) is drawn once per layout and language; the pieces, the cubes,
 * the tiles and the gold choices are drawn again each time.
 */
export function drawBoard(svg, city, view, state, t) {
  const W = boardSize(city);
  const specials = view.specials || {};
  const layout = (view.options || {}).layout || "standard";
  const key = JSON.stringify([layout, specials, t("pz.board.label"), t("pz.charShort.N")]);
  let printed = svg.__pzPrinted;
  if (!printed || printed.key !== key) {
    svg.setAttribute("viewBox", `0 0 ${W} ${W}`);
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", t("pz.board.label"));
    const names = ["track", "markers", "streets", "buildings", "bars", "crossings", "labels", "spots", "glows", "paths", "trucks", "chars", "targets"];
    const layers = Object.fromEntries(names.map((name) => [name, el("g", { class: `layer-${name}` })]));
    svg.replaceChildren(el("rect", { x: 0, y: 0, width: W, height: W, rx: 14, class: "table" }), ...Object.values(layers));
    drawTrack(city, layers.track);
    drawStreets(city, layers.streets);
    const built = drawBuildings(city, specials, layers.buildings);
    drawCrossings(city, view, layers.crossings, t);
    drawLabels(city, layers.labels);
    drawSpots(city, layers.spots);
    printed = svg.__pzPrinted = { key, layers, built };
  }
  const { layers, built } = printed;
  for (const name of ["markers", "bars", "glows", "paths", "trucks", "chars", "targets"]) layers[name].replaceChildren();
  drawMarkers(city, view, layers.markers);
  drawBars(city, view, state, built, layers.bars, t);
  drawPaths(city, state.paths || [], layers.paths);
  drawTrucks(city, view, state, t, layers.trucks);
  drawCharacters(city, view, layers.chars, t);
  drawTargets(city, state, layers.glows, layers.targets);
}

/** The building slots a legal delivery goes into. */
export function deliveryBars(city, legal) {
  const out = new Set();
  for (const text of legal || []) {
    const m = /^go:([A-G]\d-[A-G]\d)=/.exec(text);
    if (m) {
      const slot = buildingOnStreet(city, m[1]);
      if (slot) out.add(slot);
    }
  }
  return out;
}
