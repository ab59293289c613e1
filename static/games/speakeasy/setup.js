// Setup rules (spec §4 and the fbi_front_row option), a random setup, and setups saved in
// the browser. A placement is Array(60) of piece codes ("8", "K", ...) or null.

import { SIZE, TERRAIN, isBackRanks, isFrontRank, isOwnHalf, mirror, name, setupSquares } from "./geometry.js";
import { CODES, COUNT } from "./pieces.js";
import { setupPosition } from "./notation.js";

export const emptyPlacement = () => new Array(SIZE).fill(null);

/** Pieces not yet on the board: {code: how many left}. */
export function reserve(placement) {
  const left = { ...COUNT };
  for (const code of placement) if (code) left[code] -= 1;
  return left;
}

/**
 * Why this setup would be refused: a list of {key, params} for i18n (empty when valid).
 * Mirrors the server's checks so the player sees the reason before sending.
 */
export function problems(placement, side, options = {}) {
  const out = [];
  const left = reserve(placement);
  const missing = Object.values(left).reduce((a, n) => a + Math.max(n, 0), 0);
  if (missing) out.push({ key: "setup.err.missing", params: { n: missing } });
  if (Object.values(left).some((n) => n < 0)) out.push({ key: "setup.err.count" });
  const where = (test) => placement.flatMap((code, sq) => (code && test(code, sq) ? [name(sq)] : []));
  const outside = where((_, sq) => !isOwnHalf(side, sq));
  if (outside.length) out.push({ key: "setup.err.half", params: { where: outside.join(" ") } });
  const inBuilding = where((_, sq) => TERRAIN[sq] === "building");
  if (inBuilding.length) out.push({ key: "setup.err.building", params: { where: inBuilding.join(" ") } });
  const speakeasy = placement.findIndex((code) => code === "S");
  if (speakeasy >= 0 && !(TERRAIN[speakeasy] === "bar" && isOwnHalf(side, speakeasy))) {
    out.push({ key: "setup.err.speakeasy", params: { where: name(speakeasy) } });
  }
  const babes = where((code, sq) => code === "B" && !isBackRanks(side, sq));
  if (babes.length) out.push({ key: "setup.err.babes", params: { where: babes.join(" ") } });
  if (options.fbi_front_row === false) {
    const fbi = where((code, sq) => code === "F" && isFrontRank(side, sq));
    if (fbi.length) out.push({ key: "setup.err.fbi", params: { where: fbi.join(" ") } });
  }
  return out;
}

function shuffle(list) {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

/** A random legal setup, made in the browser (used when the server's is unavailable). */
export function randomPlacement(side, options = {}) {
  for (;;) {
    const placement = emptyPlacement();
    const squares = shuffle(setupSquares(side));
    const bar = squares.find((sq) => TERRAIN[sq] === "bar");
    placement[bar] = "S";
    squares.filter((sq) => sq !== bar && isBackRanks(side, sq)).slice(0, 3).forEach((sq) => (placement[sq] = "B"));
    const rest = CODES.flatMap((code) => (code === "S" || code === "B" ? [] : Array(COUNT[code]).fill(code)));
    shuffle(rest);
    for (const sq of squares) if (!placement[sq]) placement[sq] = rest.pop();
    if (!problems(placement, side, options).length) return placement;
  }
}

// -- setups saved in this browser, always stored as South's ----------------------------
const KEY = "speakeasy.setups";

export function savedSetups() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((s) => s && typeof s.name === "string" && typeof s.position === "string") : [];
  } catch {
    return [];
  }
}

export function saveSetup(setupName, placement, side) {
  const south = side === "s" ? placement : placement.map((_, sq) => placement[mirror(sq)]);
  const list = savedSetups().filter((s) => s.name !== setupName);
  list.push({ name: setupName, position: setupPosition(south, "s") });
  localStorage.setItem(KEY, JSON.stringify(list));
}

export function deleteSetup(setupName) {
  localStorage.setItem(KEY, JSON.stringify(savedSetups().filter((s) => s.name !== setupName)));
}
