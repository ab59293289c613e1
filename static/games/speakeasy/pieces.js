// The 12 kinds of piece (rules spec §3), as data in one place.
// Names live in i18n.js under "piece.<code>".

export const PIECES = [
  { code: "S", count: 1, value: null },
  { code: "8", count: 1, value: 8 },
  { code: "7", count: 1, value: 7 },
  { code: "6", count: 2, value: 6 },
  { code: "5", count: 2, value: 5 },
  { code: "4", count: 2, value: 4 },
  { code: "3", count: 2, value: 3 },
  { code: "2", count: 3, value: 2 },
  { code: "1", count: 3, value: 1 },
  { code: "K", count: 3, value: null },
  { code: "B", count: 3, value: null },
  { code: "F", count: 2, value: null },
];

export const CODES = PIECES.map((p) => p.code);
export const COUNT = Object.fromEntries(PIECES.map((p) => [p.code, p.count]));
export const TOTAL = 25;
/** Pieces that never move. */
export const STATIC = new Set(["S", "B"]);

const ranked = (code) => /^[1-8]$/.test(code);

/**
 * Who survives when `attacker` moves onto `defender` (spec §6, Speak Easy preset):
 * "attacker", "defender", "none" or "win" (the Speakeasy is taken), with options such as
 * babe_survives. For the rules page only:
 * in a game the server decides and says who survived.
 */
export function combat(attacker, defender, options = {}) {
  if (defender === "S") return "win";
  // A Babe first: the Kid removes her and stays; she and an FBI agent remove each other (with
  // babe_survives too, as a bomb meets a landmine); any other attacker goes with her, or, with
  // babe_survives, goes alone and she stays (spec §6 and §8, as the engine decides).
  if (defender === "B") {
    if (attacker === "K") return "attacker";
    if (attacker === "F" || !options.babe_survives) return "none";
    return "defender";
  }
  if (attacker === "F" || defender === "F") return "none";
  if (attacker === "K") return defender === "K" ? "none" : "defender";
  if (defender === "K") return "attacker";
  if (ranked(attacker) && ranked(defender)) {
    if (attacker === defender) return "none";
    return Number(attacker) > Number(defender) ? "attacker" : "defender";
  }
  return "none";
}
