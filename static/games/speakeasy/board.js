// The SVG board. renderBoard() redraws everything from a plain state each time (60
// locations are cheap) and only ever draws what the state holds: a hidden piece is drawn
// as a back, with nothing in the DOM that could tell its face.

import { LINES, MOUNTAIN_PAIRS, SIZE, TERRAIN, fileOf, name, rankOf } from "./geometry.js";
import { t } from "./text.js";

const NS = "http://www.w3.org/2000/svg";
const DX = 72; // column spacing
const DY = 50; // row spacing
const GAP = 40; // the front between ranks 6 and 7
const ML = 52; // left margin (rank labels)
const MT = 26; // top margin
const TW = 58; // tile width
const TH = 34; // tile height
export const VIEW_W = ML + 4 * DX + TW / 2 + 12;
export const VIEW_H = MT + 11 * DY + GAP + TH / 2 + 28;

/** Centre of a location on screen; `flipped` turns the board for North (his side at the bottom). */
export function centre(sq, flipped) {
  const col = flipped ? 4 - fileOf(sq) : fileOf(sq);
  const row = flipped ? rankOf(sq) - 1 : 12 - rankOf(sq);
  return [ML + col * DX, MT + row * DY + (row >= 6 ? GAP : 0)];
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

function terrainShape(sq) {
  const kind = TERRAIN[sq];
  if (kind === "building") return el("circle", { r: 23, class: "terrain building" });
  const shape = el("rect", { x: -TW / 2, y: -TH / 2, width: TW, height: TH, rx: kind === "bar" ? 9 : 4, class: `terrain ${kind}` });
  if (kind !== "bar") return shape;
  return el("g", {}, shape, el("rect", { x: -TW / 2 + 3, y: -TH / 2 + 3, width: TW - 6, height: TH - 6, rx: 7, class: "bar-inner" }));
}

/**
 * A piece tile. `cell` is {side, code, revealed}; code "?" draws the back only.
 * Returns a <g> centred on (0, 0).
 */
export function pieceTile(cell, { small = false } = {}) {
  const w = small ? 40 : TW - 4;
  const h = small ? 26 : TH - 4;
  const hidden = cell.code === "?";
  const g = el("g", { class: `piece side-${cell.side}${hidden ? " back" : ""}${cell.revealed ? " revealed" : ""}` });
  g.append(el("rect", { x: -w / 2, y: -h / 2, width: w, height: h, rx: 5, class: "tile" }));
  if (hidden) {
    g.append(el("path", { d: `M0 ${-h / 2 + 6} L${h / 2 - 4} 0 L0 ${h / 2 - 6} L${-h / 2 + 4} 0 Z`, class: "back-mark" }));
    return g;
  }
  const pieceName = t(`piece.${cell.code}`);
  if (small) {
    g.append(el("text", { y: 5, class: "code small" }, cell.code === "S" ? "S" : cell.code));
  } else {
    g.append(el("text", { y: 2, class: "code" }, cell.code));
    const label = el("text", { y: 12.5, class: "label" }, pieceName);
    if (pieceName.length > 10) label.setAttribute("textLength", String(w - 8));
    if (pieceName.length > 10) label.setAttribute("lengthAdjust", "spacingAndGlyphs");
    g.append(label);
  }
  if (cell.revealed) g.append(el("circle", { cx: w / 2 - 5, cy: -h / 2 + 5, r: 3, class: "revealed-dot" }));
  return g;
}

/** Accessible description of a location and what stands on it (only what the viewer knows). */
export function describe(sq, cell) {
  const where = `${name(sq)} (${t(`terrain.${TERRAIN[sq]}`)})`;
  if (!cell) return where;
  const face = cell.code === "?" ? t("piece.hidden") : t(`piece.${cell.code}`);
  return `${where}: ${t(`side.${cell.side}`)} ${face}`;
}

/**
 * Draw the board into `svg`.
 * state: {cells, flipped, selected, targets: Set, lastMove: {from, to, path?}, combatAt, drop: Set,
 *         bad: Set, draggable: (sq, cell) => bool, focusable: (sq) => bool}
 */
export function renderBoard(svg, state) {
  const { cells, flipped = false, selected = -1, targets = new Set(), lastMove = null, combatAt = -1 } = state;
  const drop = state.drop || new Set();
  const bad = state.bad || new Set();
  svg.setAttribute("viewBox", `0 0 ${VIEW_W} ${VIEW_H}`);
  svg.setAttribute("role", "group");
  const layers = { lines: el("g", { class: "lines" }), locs: el("g", { class: "locs" }), labels: el("g", { class: "coords", "aria-hidden": "true" }) };

  // The front and its two mountains.
  const frontTop = MT + 5 * DY + TH / 2 + 4;
  layers.lines.append(el("rect", { x: 4, y: frontTop, width: VIEW_W - 8, height: DY + GAP - TH - 8, rx: 6, class: "front" }));
  for (const [a, b] of MOUNTAIN_PAIRS) {
    const [x] = centre(a, flipped);
    const [, ya] = centre(a, flipped);
    const [, yb] = centre(b, flipped);
    const y = (ya + yb) / 2;
    layers.lines.append(el("path", { d: `M${x - 20} ${y + 9} L${x - 7} ${y - 10} L${x} ${y - 2} L${x + 7} ${y - 12} L${x + 20} ${y + 9} Z`, class: "mountain" }));
  }
  for (const [a, b, kind] of LINES) {
    const [x1, y1] = centre(a, flipped);
    const [x2, y2] = centre(b, flipped);
    layers.lines.append(el("line", { x1, y1, x2, y2, class: `line ${kind}` }));
  }
  if (lastMove) {
    // The way the piece went (a Kid's turns included), not a straight line across the board.
    const path = lastMove.path && lastMove.path.length >= 2 ? lastMove.path : [lastMove.from, lastMove.to];
    const points = path.map((sq) => centre(sq, flipped).join(",")).join(" ");
    layers.lines.append(el("polyline", { points, class: "last-path", "data-path": path.map(name).join(" ") }));
  }

  for (let sq = 0; sq < SIZE; sq++) {
    const [x, y] = centre(sq, flipped);
    const cell = cells[sq];
    const classes = ["loc", TERRAIN[sq]];
    if (lastMove && (sq === lastMove.from || sq === lastMove.to)) classes.push("last");
    if (sq === selected) classes.push("selected");
    if (targets.has(sq)) classes.push("target");
    if (drop.has(sq)) classes.push("droppable");
    if (bad.has(sq)) classes.push("bad");
    if (sq === combatAt) classes.push("combat");
    const g = el("g", { class: classes.join(" "), transform: `translate(${x} ${y})`, "data-sq": sq, "data-name": name(sq), "aria-label": describe(sq, cell) });
    if (drop.has(sq) || targets.has(sq)) g.setAttribute("data-drop", "board");
    if (state.focusable && state.focusable(sq, cell)) {
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
    }
    g.append(el("rect", { x: -TW / 2 - 4, y: -TH / 2 - 4, width: TW + 8, height: TH + 8, rx: 8, class: "hit" }));
    g.append(terrainShape(sq));
    if (cell) {
      const tile = pieceTile(cell);
      if (state.draggable && state.draggable(sq, cell)) tile.setAttribute("data-drag", "board");
      g.append(tile);
    }
    if (targets.has(sq)) g.append(cell ? el("rect", { x: -TW / 2 - 2, y: -TH / 2 - 2, width: TW + 4, height: TH + 4, rx: 7, class: "target-ring" }) : el("circle", { r: 8, class: "target-dot" }));
    if (sq === combatAt) g.append(el("path", { d: "M0 -13 L4 -4 L13 -4 L6 2 L9 11 L0 6 L-9 11 L-6 2 L-13 -4 L-4 -4 Z", class: "combat-mark", transform: `translate(${TW / 2 - 4} ${-TH / 2 + 2}) scale(0.6)` }));
    layers.locs.append(g);
  }

  for (let r = 1; r <= 12; r++) {
    const [, y] = centre((r - 1) * 5, flipped);
    layers.labels.append(el("text", { x: 14, y: y + 4, class: "coord" }, String(r)));
  }
  for (let f = 0; f < 5; f++) {
    const [x] = centre(f, flipped);
    layers.labels.append(el("text", { x, y: VIEW_H - 8, class: "coord" }, "abcde"[f]));
  }
  svg.replaceChildren(el("rect", { width: VIEW_W, height: VIEW_H, rx: 10, class: "paper" }), layers.lines, layers.locs, layers.labels);
}
