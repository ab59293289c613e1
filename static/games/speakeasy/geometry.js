// The Speak Easy board (rules spec §2): 60 locations, their terrain and their lines.
// A location is an index 0..59: (rank - 1) * 5 + file, files a..e as 0..4 (a1 = 0, e12 = 59).

export const FILES = "abcde";
export const SIZE = 60;

export const name = (sq) => FILES[sq % 5] + (Math.floor(sq / 5) + 1);
export const fileOf = (sq) => sq % 5;
export const rankOf = (sq) => Math.floor(sq / 5) + 1;

export function square(text) {
  const m = /^([a-e])(1[0-2]|[1-9])$/.exec(text);
  return m ? (Number(m[2]) - 1) * 5 + FILES.indexOf(m[1]) : -1;
}

/** The same location seen from the other side (the board turned 180 degrees). */
export const mirror = (sq) => SIZE - 1 - sq;

const BARS = ["b1", "d1", "b12", "d12"];
const BUILDINGS = ["b3", "d3", "c4", "b5", "d5", "b8", "d8", "c9", "b10", "d10"];
const ALLEYS = ["a1", "c1", "e1", "c3", "b4", "d4", "c5", "a12", "c12", "e12", "c10", "b9", "d9", "c8"];
const MOUNTAINS = [["b6", "b7"], ["d6", "d7"]];

export const TERRAIN = Array.from({ length: SIZE }, (_, sq) => {
  const n = name(sq);
  if (BARS.includes(n)) return "bar";
  if (BUILDINGS.includes(n)) return "building";
  if (ALLEYS.includes(n)) return "alley";
  return "street";
});

const blocked = new Set(MOUNTAINS.map(([a, b]) => `${square(a)}-${square(b)}`));

/** Every line as [a, b, kind] with kind "street" | "step" | "diagonal". */
export const LINES = (() => {
  const lines = [];
  const seen = new Set();
  const add = (a, b, diagonal) => {
    const k = `${Math.min(a, b)}-${Math.max(a, b)}`;
    if (seen.has(k)) return;
    seen.add(k);
    const street = !diagonal && TERRAIN[a] === "street" && TERRAIN[b] === "street";
    lines.push([a, b, diagonal ? "diagonal" : street ? "street" : "step"]);
  };
  for (let sq = 0; sq < SIZE; sq++) {
    if (fileOf(sq) < 4) add(sq, sq + 1, false);
    if (sq + 5 < SIZE && !blocked.has(`${sq}-${sq + 5}`)) add(sq, sq + 5, false);
  }
  for (let sq = 0; sq < SIZE; sq++) {
    if (TERRAIN[sq] !== "building") continue;
    for (const df of [-1, 1]) {
      for (const dr of [-1, 1]) {
        const f = fileOf(sq) + df;
        const r = rankOf(sq) + dr;
        if (f >= 0 && f < 5 && r >= 1 && r <= 12) add(sq, (r - 1) * 5 + f, true);
      }
    }
  }
  return lines;
})();

export const MOUNTAIN_PAIRS = MOUNTAINS.map(([a, b]) => [square(a), square(b)]);

/** Locations of one side's half: ranks 1-6 for South ("s"), 7-12 for North ("n"). */
export const half = (side) => Array.from({ length: 30 }, (_, i) => (side === "s" ? i : 30 + i));
export const isOwnHalf = (side, sq) => (side === "s" ? sq < 30 : sq >= 30);
export const isBackRanks = (side, sq) => (side === "s" ? sq < 10 : sq >= 50);
export const isFrontRank = (side, sq) => (side === "s" ? rankOf(sq) === 6 : rankOf(sq) === 7);
/** The 25 locations a side fills at setup: its half minus the buildings. */
export const setupSquares = (side) => half(side).filter((sq) => TERRAIN[sq] !== "building");
