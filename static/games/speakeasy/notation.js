// Positions and moves in the spec's notation (rules spec §9).
// A cell is null (empty) or {side: "s"|"n", code: "1".."8"|"K"|"B"|"F"|"S"|"?", revealed: bool}.

import { SIZE, mirror, square } from "./geometry.js";

const CELL = /^(?:\.\.|[sSnN][1-8KBFS?])$/;

/** "<board> <to-move> <quiet> <ply>" -> {cells: Array(60), toMove, quiet, ply}. Throws on nonsense. */
export function parsePosition(text) {
  const [board, toMove = "s", quiet = "0", ply = "0"] = String(text).trim().split(/\s+/);
  const ranks = board.split("/");
  if (ranks.length !== 12) throw new Error("a position has 12 ranks");
  const cells = new Array(SIZE).fill(null);
  ranks.forEach((row, i) => {
    const rank = 12 - i;
    if (row.length !== 10) throw new Error(`rank ${rank} must have 5 cells`);
    for (let f = 0; f < 5; f++) {
      const cell = row.slice(2 * f, 2 * f + 2);
      if (!CELL.test(cell)) throw new Error(`bad cell ${cell}`);
      if (cell === "..") continue;
      cells[(rank - 1) * 5 + f] = {
        side: cell[0].toLowerCase(),
        code: cell[1],
        revealed: cell[0] === cell[0].toUpperCase(),
      };
    }
  });
  return { cells, toMove, quiet: Number(quiet), ply: Number(ply) };
}

/** Cells -> the board part of a position. */
export function formatBoard(cells) {
  const ranks = [];
  for (let rank = 12; rank >= 1; rank--) {
    let row = "";
    for (let f = 0; f < 5; f++) {
      const c = cells[(rank - 1) * 5 + f];
      row += c ? (c.revealed ? c.side.toUpperCase() : c.side) + c.code : "..";
    }
    ranks.push(row);
  }
  return ranks.join("/");
}

/** A setup as sent to the server: only one side's pieces, to-move s, quiet 0, ply 0. */
export function setupPosition(placement, side) {
  const cells = placement.map((code) => (code ? { side, code, revealed: false } : null));
  return `${formatBoard(cells)} s 0 0`;
}

/** A setup position (any side) -> placement: Array(60) of piece codes for `side`, null elsewhere. */
export function placementOf(text, side) {
  const { cells } = parsePosition(text);
  let own = cells.map((c) => (c ? c.code : null));
  const found = cells.find(Boolean);
  // Openings and saved setups are stored as South's; turn them for North.
  if (found && found.side !== side) own = own.map((_, sq) => own[mirror(sq)]);
  return own;
}

/** "a6-a7" -> {from: 25, to: 30} (or null). */
export function parseMove(text) {
  const [a, b] = String(text).split("-");
  const from = square(a);
  const to = square(b);
  return from < 0 || to < 0 ? null : { from, to };
}
