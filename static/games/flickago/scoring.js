// The provisional score broken down by zone (spec section 7), as engine/flickago/scoring.py
// computes it: what each piece on the board is worth, and to whom. The view carries only the
// totals (`score`); this says where they come from. Pure: no DOM.

import { centreInRect, discTouchesCircle, discTouchesRect, isInspector, radius, sideOf } from "./geometry.js";

/** The best sector scoring for `side` that a disc (x, y, r) touches: {id, points} or null. */
function bestSector(B, x, y, r, side) {
  let best = null;
  for (const s of B.sectors) {
    if (s.side === side && (!best || s.points > best.points) && discTouchesRect(x, y, r, s.rect)) best = s;
  }
  return best ? { id: best.id, points: best.points } : null;
}

/** What a gang disc is worth to its owner: {zone, points} (zone null when it scores nothing). */
export function discPoints(B, piece, x, y, options) {
  const side = sideOf(piece);
  const r = radius(B, piece);
  const zones = options.safe_zone_points === "own" ? [B.sides[side].zone] : Object.values(B.sides).map((s) => s.zone);
  const zone = zones.find((z) => discTouchesCircle(x, y, r, z));
  if (zone) return { zone: zone.id, points: B.safePoints };
  const sector = bestSector(B, x, y, r, side);
  return sector ? { zone: sector.id, points: sector.points } : { zone: null, points: 0 };
}

/** The half ("north" | "south") an inspector lies wholly in, or null when it scores for nobody. */
function inspectorHalf(B, piece, x, y) {
  const r = radius(B, piece);
  if (!centreInRect(x, y, B.board) || discTouchesRect(x, y, r, B.centreLine)) return null;
  if (Object.values(B.sides).some((s) => discTouchesCircle(x, y, r, s.zone))) return null;
  return y > (B.centreLine.y0 + B.centreLine.y1) / 2 ? "north" : "south";
}

/** What an inspector scores: {side, zone, points} or null. */
export function inspectorPoints(B, piece, x, y, options, lastMover) {
  const rule = options.inspector_points;
  if (rule === "none") return null;
  const half = inspectorHalf(B, piece, x, y);
  if (!half) return null;
  const side = Object.values(B.sides).find((s) => s.farHalf === half)?.code;
  if (!side || (rule === "last_mover" && (lastMover || {})[piece] !== side)) return null;
  const sector = bestSector(B, x, y, radius(B, piece), side);
  return sector ? { side, zone: sector.id, points: sector.points } : null;
}

/**
 * Every piece on the board and what it scores, per side: {w: {total, zones: [{zone, points,
 * pieces}]}, b: …, pieces: {id: {side, zone, points}}}. Zones are listed best first.
 */
export function breakdown(B, pos, options, lastMover) {
  const out = { w: { total: 0, zones: [] }, b: { total: 0, zones: [] }, pieces: {} };
  const add = (side, zone, points, piece) => {
    out.pieces[piece] = { side, zone, points };
    if (!side || !points) return;
    out[side].total += points;
    let row = out[side].zones.find((z) => z.zone === zone && z.points === points);
    if (!row) out[side].zones.push((row = { zone, points, pieces: [] }));
    row.pieces.push(piece);
  };
  for (const piece of B.canonical) {
    if (!pos || !pos[piece]) continue;
    const [x, y] = pos[piece];
    if (isInspector(piece)) {
      const scored = inspectorPoints(B, piece, x, y, options || {}, lastMover);
      add(scored?.side ?? null, scored?.zone ?? null, scored?.points ?? 0, piece);
    } else {
      const scored = discPoints(B, piece, x, y, options || {});
      add(sideOf(piece), scored.zone, scored.points, piece);
    }
  }
  for (const side of ["w", "b"]) out[side].zones.sort((a, b) => b.points - a.points || a.zone.localeCompare(b.zone));
  return out;
}
