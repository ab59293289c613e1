// The way a move went, for drawing and animating it: a list of locations from the start to
// the end, with a corner wherever it turned. Every piece moves in a straight line except the
// Kid, who may turn along empty streets (rules spec §5): a move between two locations that
// no single line joins is the Kid's, and its path is found on the board as it stands after
// the move (the locations he crossed were empty then and still are).
//
// Computed from the public move and the occupancy alone, so drawing it shows nothing the
// move itself did not: only a Kid can turn, and everybody sees where a piece went.

import { LINES, SIZE } from "./geometry.js";

const STREET_NEXT = Array.from({ length: SIZE }, () => []);
const ANY_NEXT = Array.from({ length: SIZE }, () => new Set());
for (const [a, b, kind] of LINES) {
  ANY_NEXT[a].add(b);
  ANY_NEXT[b].add(a);
  if (kind === "street") {
    STREET_NEXT[a].push(b);
    STREET_NEXT[b].push(a);
  }
}

/** The street lines straight on from `sq` in direction `step` (±1 along a rank, ±5 along a file). */
function straightStreet(from, to, empty) {
  for (const step of [1, -1, 5, -5]) {
    let sq = from;
    for (;;) {
      const next = sq + step;
      if (!STREET_NEXT[sq].includes(next)) break;
      if (next === to) return true;
      if (!empty(next)) break;
      sq = next;
    }
  }
  return false;
}

/**
 * The path of the move from `from` to `to` given `cells` (Array(60), null = empty) after the
 * move: [from, ...corners, to]. The Kid's turning path takes the fewest turns, then the fewest
 * steps; when no path is found (a position the client cannot explain) it is [from, to].
 */
export function movePath(from, to, cells) {
  const empty = (sq) => !cells[sq];
  if (ANY_NEXT[from].has(to) || straightStreet(from, to, empty)) return [from, to];
  // Fewest turns first: a search over (location, heading) where going on costs a step and
  // turning costs a turn. The board is small; a plain priority by scanning is enough.
  const key = (sq, step) => `${sq}:${step}`;
  const best = new Map();
  const before = new Map();
  const open = [];
  for (const next of STREET_NEXT[from]) {
    if (next !== to && !empty(next)) continue;
    const node = { sq: next, step: next - from, turns: 0, steps: 1 };
    best.set(key(node.sq, node.step), node);
    before.set(key(node.sq, node.step), null);
    open.push(node);
  }
  const worse = (a, b) => a.turns > b.turns || (a.turns === b.turns && a.steps > b.steps);
  while (open.length) {
    let i = 0;
    for (let j = 1; j < open.length; j++) if (worse(open[i], open[j])) i = j;
    const node = open.splice(i, 1)[0];
    if (node.sq === to) return corners(from, node, before, key);
    for (const next of STREET_NEXT[node.sq]) {
      if (next !== to && !empty(next)) continue;
      if (next === from) continue;
      const step = next - node.sq;
      const cand = { sq: next, step, turns: node.turns + (step === node.step ? 0 : 1), steps: node.steps + 1 };
      const k = key(next, step);
      const seen = best.get(k);
      if (seen && !worse(seen, cand)) continue;
      best.set(k, cand);
      before.set(k, node);
      open.push(cand);
    }
  }
  return [from, to];
}

function corners(from, end, before, key) {
  const squares = [];
  for (let node = end; node; node = before.get(key(node.sq, node.step))) squares.push(node);
  squares.reverse();
  const out = [from];
  for (let i = 0; i < squares.length - 1; i++) {
    if (squares[i + 1].step !== squares[i].step) out.push(squares[i].sq);
  }
  out.push(end.sq);
  return out;
}
