// The examples the rules' diagrams show (rules-diagrams.js draws them), as plain data, and
// the control of the streets (spec section 7) they colour. Pure (no DOM):
// tests/client/test_rules_prohibition.py plays every scene through the engine, so a diagram
// cannot show what the game does not do.

import { otherEnd } from "./city.js";

/** Street control: "forbid" (Ness or the Policeman nearest), "help" (Capone alone nearest)
 * or "none", for every street. `chars`: {N: "D4", …}; `range`: "line" or "touching". */
export function controlMap(city, chars, range = "line") {
  const out = {};
  for (const s of city.streets.values()) {
    const [a, b] = s.ends.map((e) => city.inters.get(e));
    let best = -1;
    let nearest = [];
    for (const c of city.characters) {
      const at = chars[c.id];
      if (!at) continue;
      const p = city.inters.get(at);
      let d = -1;
      if (range === "touching") d = s.ends.includes(at) ? 0 : -1;
      else if (s.axis === "h" && p.y === a.y) d = Math.min(Math.abs(p.x - a.x), Math.abs(p.x - b.x));
      else if (s.axis === "v" && p.x === a.x) d = Math.min(Math.abs(p.y - a.y), Math.abs(p.y - b.y));
      if (d < 0) continue;
      if (best < 0 || d < best) [best, nearest] = [d, [c]];
      else if (d === best) nearest.push(c);
    }
    let rule = "none";
    if (nearest.length && nearest.every((c) => c.control === "forbid")) rule = "forbid";
    else if (nearest.length && nearest.every((c) => c.control === "extra_cube")) rule = "help";
    out[s.id] = rule;
  }
  return out;
}

/** The streets a chain from street `from` through the crossings `via` uses, the last one
 * being the street it stops on: [from, s1, …, sn]. */
export function chainStreets(city, from, via, to) {
  const streets = [from];
  for (let i = 0; i + 1 < via.length; i++) {
    const s = city.streetsAt.get(via[i]).find((x) => otherEnd(city, x, via[i]) === via[i + 1]);
    streets.push(s || null);
  }
  streets.push(to);
  return streets;
}

export const SCENES = {
  // A truck at distillery W1 (standard layout) and its three deliveries.
  drive: {
    window: ["A2", "E4"],
    trucks: [{ id: "T1", street: "C2-C3", cubes: { w: 1, k: 1, b: 1 } }],
    chars: {},
    routes: [
      { cube: "b", via: ["C3"], to: "C3-D3", bar: "C2s", action: "go:C3-D3=1b" },
      { cube: "k", via: ["C2", "D2"], to: "D2-D3", bar: "D2w", action: "go:D2-D3=1k" },
      { cube: "w", via: ["C2", "B2", "B3"], to: "B3-B4", bar: "A3e", action: "go:B3-B4=1w" },
    ],
  },
  // Ness moves 3 crossings; the trucks he then touches.
  contact: {
    window: ["C2", "F5"],
    trucks: [
      { id: "T1", street: "E3-E4", cubes: { k: 2 } },
      { id: "T3", street: "E4-F4", cubes: { w: 1, b: 2 } },
    ],
    chars: { N: "D4", C: "E3" },
    dice: ["NC", 3],
    move: { char: "N", path: ["D4", "D5", "E5", "E4"], action: "N>E4" },
    events: ["guard T1", "take N T3 w"], // in truck order, as the engine writes them
  },
  // Ness and Capone on row 4: the spec's own example (C4-D4 forbidden, E4-F4 none, F4-G4 Capone).
  control: {
    chars: { N: "D4", C: "G4" },
    marks: { "C4-D4": "forbid", "E4-F4": "none", "F4-G4": "help" },
  },
  // A black cube in C3e: no neighbour may take black.
  neighbours: {
    window: ["B2", "E5"],
    bars: { C3e: { colour: "k", count: 1 } },
    bar: "C3e",
  },
  // The end of a round: an empty bar between the three colours gets a Closed tile.
  closed: {
    window: ["B1", "F5"],
    bars: { C3e: { colour: "w", count: 1 }, D3s: { colour: "k", count: 1 }, E3w: { colour: "b", count: 1 } },
    closes: ["D3n"],
  },
  // What Ness on D4 controls, under each reach.
  range: { chars: { N: "D4" } },
};
