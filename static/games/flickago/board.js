// The SVG board: what is printed on it (drawn once per orientation and language: the city's
// sectors with their values, the centre line, both HQs with their launch points, the Safe
// Return zones, the inspectors' stars) and what the view holds (the discs and inspectors,
// the last shot's traces, the places the player may use now). Units are millimetres.

import { MARGIN, isInspector, kindOf, radius, screenRect, sideOf, toScreen, viewBox } from "./geometry.js";

const NS = "http://www.w3.org/2000/svg";

export function el(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined && v !== false) node.setAttribute(k, String(v));
  node.append(...children.filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

// What a thing is, for assistive technology; the pointer's popover (main.js tipFor, with
// static/js/explain.js) says it at length, so no <title> tooltip doubles it.
const named = (text) => ({ role: "img", "aria-label": text });

function star(cx, cy, outer, inner) {
  const points = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? inner : outer;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`);
  }
  return points.join(" ");
}

/** The layers of the board, created once; returns them by name. */
export function createLayers(svg, B) {
  svg.setAttribute("viewBox", viewBox(B).join(" "));
  const layers = {};
  for (const name of ["print", "trails", "marks", "pieces", "aim"]) {
    layers[name] = el("g", { class: `fg-${name}` });
    svg.append(layers[name]);
  }
  return layers;
}

/** What is printed on the board. `t` for the words, `turned` for Black's half turn. */
export function drawPrint(layer, B, t, turned) {
  const [vx, vy, vw, vh] = viewBox(B);
  const parts = [el("rect", { x: vx, y: vy, width: vw, height: vh, class: "fg-table", "data-area": "table" })];
  const board = screenRect(B, B.board, turned);
  parts.push(el("rect", { ...board, class: "fg-board-rect" }));
  for (const s of B.sectors) {
    const r = screenRect(B, s.rect, turned);
    const g = el("g", { class: `fg-sector v${s.points} for-${s.side}`, "data-sector": s.id, ...named(t("fg.sectorTitle", { id: s.id, points: s.points, side: t(`fg.side.${s.side}`) })) });
    g.append(el("rect", { ...r, class: "fg-sector-rect" }));
    g.append(el("text", { x: r.x + r.width / 2, y: r.y + r.height / 2 + 9, class: "fg-sector-value" }, String(s.points)));
    g.append(el("text", { x: r.x + 5, y: r.y + 11, class: "fg-sector-id" }, s.id));
    parts.push(g);
  }
  const line = screenRect(B, B.centreLine, turned);
  parts.push(el("rect", { ...line, class: "fg-centre-line", "data-area": "centre" }));
  for (const side of Object.values(B.sides)) {
    const hq = screenRect(B, side.hq, turned);
    const g = el("g", { class: `fg-hq side-${side.code}`, "data-hq": side.code, ...named(t("fg.hqTitle", { side: t(`fg.side.${side.code}`) })) });
    g.append(el("rect", { ...hq, class: "fg-hq-rect" }));
    const [, labelY] = toScreen(B, 0, side.hq.y0 + (side.hq.y1 - side.hq.y0) * (side.code === "w" ? 0.85 : 0.15), turned);
    g.append(el("text", { x: hq.x + hq.width / 2, y: labelY + 2.5, class: "fg-hq-label" }, t("fg.hq", { side: t(`fg.side.${side.code}`) })));
    for (const p of side.points) {
      const [x, y] = toScreen(B, p.x, p.y, turned);
      g.append(el("circle", { cx: x, cy: y, r: B.disc.radius, class: `fg-point kind-${p.kind}`, "data-point": `${side.code}:${p.id}` }));
      g.append(el("text", { x, y: y + 3.5, class: "fg-point-label" }, p.id));
    }
    parts.push(g);
    const [zx, zy] = toScreen(B, side.zone.x, side.zone.y, turned);
    const zone = el("g", { class: `fg-zone side-${side.code}`, "data-zone": side.zone.id, ...named(t("fg.zoneTitle", { id: side.zone.id, side: t(`fg.side.${side.code}`), points: B.safePoints })) });
    zone.append(el("circle", { cx: zx, cy: zy, r: side.zone.r, class: "fg-zone-circle" }));
    zone.append(el("text", { x: zx, y: zy + 8, class: "fg-zone-value" }, String(B.safePoints)));
    zone.append(el("text", { x: zx, y: zy - 14, class: "fg-zone-id" }, side.zone.id));
    parts.push(zone);
  }
  for (const s of B.stars) {
    const [x, y] = toScreen(B, s.x, s.y, turned);
    const g = el("g", { class: "fg-star", "data-star": s.id, ...named(t("fg.starTitle", { id: s.id })) });
    g.append(el("polygon", { points: star(x, y, 13, 5.5), class: "fg-star-shape" }));
    g.append(el("text", { x, y: y + 25, class: "fg-star-id" }, s.id));
    parts.push(g);
  }
  // The edges the players shoot from, named at each end of the board.
  const edge = (code) => {
    const side = B.sides[code];
    const [, y] = toScreen(B, 0, side.farHalf === "north" ? B.board.y0 : B.board.y1, turned);
    const below = y > (vy + vh / 2);
    return el("text", { x: vx + 4, y: below ? y + MARGIN - 8 : y - MARGIN + 16, class: `fg-edge side-${code}` }, t(`fg.side.${code}`));
  };
  parts.push(edge("w"), edge("b"));
  layer.replaceChildren(...parts);
}

/** One piece at the origin (the caller places it): a disc with its letters, or an inspector. */
export function pieceShape(B, piece, opts = {}) {
  const r = radius(B, piece);
  const cls = ["fg-piece"];
  if (isInspector(piece)) cls.push("inspector");
  else cls.push(`side-${sideOf(piece)}`, `kind-${kindOf(piece)}`);
  if (opts.flicks === 2 && kindOf(piece) === "F") cls.push("face-down");
  if (opts.flicks === 1 && kindOf(piece) === "F") cls.push("once");
  if (opts.ghost) cls.push("ghost");
  if (opts.aim) cls.push("aimable");
  if (opts.returnable) cls.push("returnable");
  if (opts.takeBack) cls.push("take-back");
  if (opts.shot) cls.push("last-shot");
  const g = el("g", { class: cls.join(" ") });
  if (opts.piece !== false) g.dataset.piece = piece;
  if (opts.aim) g.dataset.aim = opts.aim;
  if (opts.takeBack) {
    // No shot is left: this disc is taken back by a tap (or Enter), the one thing to do now.
    g.dataset.return = piece;
    g.setAttribute("role", "button");
    g.setAttribute("tabindex", "0");
    if (opts.takeBack !== true) g.setAttribute("aria-label", opts.takeBack);
  }
  if (opts.label && !g.hasAttribute("aria-label")) {
    g.setAttribute("aria-label", opts.label);
    if (!g.hasAttribute("role")) g.setAttribute("role", "img");
  }
  if (opts.takeBack) g.append(el("circle", { r: r + 9, class: "fg-take-halo" }));
  if (opts.aim) g.append(el("circle", { r: r + 9, class: "fg-aim-halo" }));
  if (opts.returnable) g.append(el("circle", { r: r + 4, class: "fg-return-ring" }));
  if (isInspector(piece)) {
    g.append(el("circle", { r, class: "fg-body" }));
    g.append(el("polygon", { points: star(0, 0, r * 0.62, r * 0.27), class: "fg-badge" }));
    g.append(el("text", { y: r * 0.9, class: "fg-label small" }, piece));
  } else {
    g.append(el("circle", { r, class: "fg-body" }));
    if (opts.flicks === 2 && kindOf(piece) === "F") g.append(el("circle", { r: r * 0.62, class: "fg-back" }));
    g.append(el("text", { y: 3.6, class: "fg-label" }, piece.slice(1)));
    if (opts.flicks === 1 && kindOf(piece) === "F") g.append(el("circle", { cx: 0, cy: -r + 3.2, r: 1.8, class: "fg-once" }));
  }
  if (opts.points) {
    const badge = el("g", { class: `fg-points for-${opts.pointsFor}`, transform: `translate(${r * 0.78} ${-r * 0.78})` });
    badge.append(el("circle", { r: 5.6 }), el("text", { y: 2.4 }, String(opts.points)));
    g.append(badge);
  }
  return g;
}

/** Where a piece goes on screen (a translate). */
export function placeAt(B, node, x, y, turned) {
  const [sx, sy] = toScreen(B, x, y, turned);
  node.setAttribute("transform", `translate(${sx.toFixed(2)} ${sy.toFixed(2)})`);
}

/**
 * The pieces of the view. `state`: {turned, flicks, scored: {piece: {points, side}}, aims:
 * {piece: choice}, ghosts: [{piece, choice, x, y, label}], returnable: Set, takeBack: Map
 * piece → its button's words (the discs a tap takes back, when no shot is left), lastShot, t}.
 */
export function drawPieces(layer, B, pos, state) {
  const nodes = [];
  for (const piece of B.canonical) {
    const at = pos[piece];
    if (!at) continue;
    const scored = state.scored[piece];
    const g = pieceShape(B, piece, {
      flicks: state.flicks[piece],
      aim: state.aims[piece],
      returnable: state.returnable.has(piece),
      takeBack: state.takeBack?.has(piece) ? state.takeBack.get(piece) : false,
      shot: state.lastShot === piece,
      points: scored?.points || 0,
      pointsFor: scored?.side,
      label: state.labelOf(piece),
    });
    placeAt(B, g, at[0], at[1], state.turned);
    nodes.push(g);
  }
  for (const ghost of state.ghosts) {
    const g = pieceShape(B, ghost.piece, { ghost: true, aim: ghost.choice, piece: false, label: ghost.label });
    g.dataset.ghost = ghost.piece;
    placeAt(B, g, ghost.x, ghost.y, state.turned);
    nodes.push(g);
  }
  layer.replaceChildren(...nodes);
}

/** The marks of the moment: free stars to put an inspector on. `stars`: [{id, x, y, label}]. */
export function drawMarks(layer, B, stars, turned) {
  const nodes = stars.map((s) => {
    const [x, y] = toScreen(B, s.x, s.y, turned);
    const g = el("g", { class: "fg-star-target", "data-place": s.id, tabindex: "0", role: "button", "aria-label": s.label });
    g.append(el("circle", { cx: x, cy: y, r: 24, class: "fg-glow" }), el("circle", { cx: x, cy: y, r: 28, class: "fg-hit" }));
    return g;
  });
  layer.replaceChildren(...nodes);
}

/** The last shot's traces: each moved body's path through the keyframes (board mm points). */
export function drawTrails(layer, B, paths, turned) {
  const nodes = [];
  for (const { piece, points } of paths) {
    if (points.length < 2) continue;
    const screen = points.map(([x, y]) => toScreen(B, x, y, turned).map((v) => v.toFixed(1)).join(","));
    const cls = `fg-trail${isInspector(piece) ? " inspector" : ` side-${sideOf(piece)}`}`;
    nodes.push(el("polyline", { points: screen.join(" "), class: cls, "data-trail": piece }));
  }
  layer.replaceChildren(...nodes);
}

/** The aim while dragging: the pull band, the direction with the lone-disc distance, the power ring. */
export function drawAim(layer, B, aim) {
  if (!aim) return layer.replaceChildren();
  const { sx, sy, px, py, dir, reach, power, r } = aim;
  const ex = sx + dir[0] * reach;
  const ey = sy + dir[1] * reach;
  const arc = 2 * Math.PI * (r + 6);
  layer.replaceChildren(
    el("line", { x1: sx, y1: sy, x2: px, y2: py, class: "fg-pull" }),
    el("line", { x1: sx, y1: sy, x2: ex, y2: ey, class: "fg-aim-line" }),
    el("circle", { cx: ex, cy: ey, r: 3, class: "fg-aim-end" }),
    el("circle", { cx: sx, cy: sy, r: r + 6, class: "fg-power-track" }),
    el("circle", {
      cx: sx,
      cy: sy,
      r: r + 6,
      class: "fg-power",
      "stroke-dasharray": `${((arc * power) / B.powerMax).toFixed(2)} ${arc.toFixed(2)}`,
      transform: `rotate(-90 ${sx} ${sy})`,
    }),
  );
}
