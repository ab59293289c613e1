// Paths to animate along (spec section 13: "a client animating a move draws any legal path
// to the destination"). The server sends only where a truck or a character ended; these
// find a way there under the rules' movement constraints, so the animation never drives
// through what the rules forbid. Pure (no DOM): tests/client checks them against the engine.

import { otherEnd } from "./city.js";

/**
 * A truck's chain from street `from` to street `to` (spec 6.1): [v1, …, vn], the
 * intersections it passes, or null. `lengths` are the numbers of streets to try in order;
 * `trucks` the streets other trucks stand on, `chars` the intersections characters stand on.
 * No street twice (the start street included), no intersection with a character, no street
 * with another truck.
 */
export function truckPath(city, from, to, { lengths = [1, 2, 3, 4], trucks = new Set(), chars = new Set() } = {}) {
  if (!city.streets.has(from) || !city.streets.has(to)) return null;
  for (const n of lengths) {
    const used = new Set([from]);
    const walk = (v, depth) => {
      if (chars.has(v)) return null;
      for (const s of city.streetsAt.get(v)) {
        if (used.has(s) || trucks.has(s)) continue;
        if (depth === n) {
          if (s === to) return [v];
          continue;
        }
        used.add(s);
        const rest = walk(otherEnd(city, s, v), depth + 1);
        used.delete(s);
        if (rest) return [v, ...rest];
      }
      return null;
    };
    for (const v1 of city.streets.get(from).ends) {
      const found = walk(v1, 1);
      if (found) return found;
    }
  }
  return null;
}

/**
 * A character's walk of exactly `steps` steps from intersection `from` to `to` (spec 7):
 * [from, …, to], or null. It visits no intersection twice, crosses no street in `trucks` and
 * enters no intersection in `chars` (the other characters).
 */
export function characterPath(city, from, to, steps, { trucks = new Set(), chars = new Set() } = {}) {
  if (!city.inters.has(from) || !city.inters.has(to) || steps < 1) return null;
  const seen = new Set([from]);
  const walk = (v, left) => {
    if (left === 0) return v === to ? [v] : null;
    for (const s of city.streetsAt.get(v)) {
      if (trucks.has(s)) continue;
      const w = otherEnd(city, s, v);
      if (seen.has(w) || chars.has(w)) continue;
      seen.add(w);
      const rest = walk(w, left - 1);
      seen.delete(w);
      if (rest) return [v, ...rest];
    }
    return null;
  };
  return walk(from, steps);
}
