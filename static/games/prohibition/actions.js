// The action strings of spec section 13, read: what the legal list offers, where on the map
// each choice is (a street, a crossing, a truck), in what order the panel lists them and
// with what words. Pure (no DOM): the words come from the `t` it is given.

import { buildingOnStreet, cardCubes, slotsOfTiles } from "./city.js";

const CHAR = /^([A-Z])([@>])([A-G]\d)$/;
const GO = /^go:([A-G]\d-[A-G]\d)(?:=(\d)([a-z]))?$/;

/** An action string as an object (null when it is not one). */
export function parseAction(text) {
  if (typeof text !== "string") return null;
  if (["roll", "end", "pass", "skip"].includes(text)) return { kind: text, text };
  const words = text.split(" ");
  if (words[0] === "place" && words.length === 3) return { kind: "place", truck: words[1], tile: words[2], text };
  if (words[0] === "pick" && words.length === 3) return { kind: "pick", truck: words[1], card: words[2], text };
  if (words[0] === "use" && words.length === 2) return { kind: "use", truck: words[1], text };
  if (words[0] === "load" && words.length === 2) return { kind: "load", card: words[1], text };
  let m = CHAR.exec(text);
  if (m) return { kind: m[2] === "@" ? "placeChar" : "moveChar", char: m[1], at: m[3], text };
  m = GO.exec(text);
  if (m) {
    const out = { kind: "go", street: m[1], text };
    if (m[2]) Object.assign(out, { count: Number(m[2]), colour: m[3] });
    return out;
  }
  return null;
}

/** The points a delivery scores (count × the colour's value), 0 for anything else. */
export function deliveryPoints(city, act) {
  if (!act || act.kind !== "go" || !act.count) return 0;
  return act.count * (city.cubeInfo[act.colour]?.value ?? 0);
}

/** Where on the map an action is chosen: "s:<street>", "i:<crossing>", "t:<truck>" or null. */
export function mapKey(city, act, specials) {
  if (!act) return null;
  if (act.kind === "go") return `s:${act.street}`;
  if (act.kind === "placeChar" || act.kind === "moveChar") return `i:${act.at}`;
  if (act.kind === "use") return `t:${act.truck}`;
  if (act.kind === "place") {
    const slot = slotsOfTiles(specials)[act.tile];
    return slot ? `s:${city.buildings.get(slot).door}` : null;
  }
  return null;
}

/** {key: [action strings]} for every legal action that can be chosen on the map. */
export function mapTargets(city, legal, specials) {
  const out = new Map();
  for (const text of legal || []) {
    const key = mapKey(city, parseAction(text), specials);
    if (!key) continue;
    if (!out.has(key)) out.set(key, []);
    out.get(key).push(text);
  }
  return out;
}

const KIND_ORDER = { pick: 0, place: 1, use: 2, load: 3, placeChar: 4, moveChar: 4, go: 5, roll: 6, end: 6, pass: 7, skip: 8 };

/**
 * The legal actions in the order the panel lists them: deliveries first (most points
 * first), then drives, then pass; loads (display order) before "roll" or "end"; the rest in
 * the legal list's own order.
 */
export function orderActions(city, legal, display = []) {
  const slotOf = new Map((display || []).map((d, i) => [d && d.card, i]));
  const rank = (text) => {
    const act = parseAction(text);
    if (!act) return [9, 0, text];
    if (act.kind === "go") return act.count ? [KIND_ORDER.go, -deliveryPoints(city, act), text] : [KIND_ORDER.go, 1, text];
    if (act.kind === "load") return [KIND_ORDER.load, slotOf.get(act.card) ?? 9, text];
    return [KIND_ORDER[act.kind] ?? 9, 0, text];
  };
  return [...(legal || [])].sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    for (let i = 0; i < 3; i++) {
      if (ra[i] < rb[i]) return -1;
      if (ra[i] > rb[i]) return 1;
    }
    return 0;
  });
}

/** "2 white, 1 brown" (the words from `t`). */
export function cubesText(t, pairs) {
  return pairs.map(([c, n]) => t("pz.cubes", { n, colour: t(n === 1 ? `pz.cube.${c}` : `pz.cubes.${c}`) })).join(", ");
}

/** How a bar is named in words: "bar C3e" or "private bar PK1 (D1s)". */
export function barName(t, slot, specials) {
  const tile = specials && specials[slot];
  if (tile && tile.startsWith("W")) return t("pz.distilleryAt", { tile, slot });
  if (tile) return t("pz.privateBarAt", { tile, slot });
  return t("pz.barAt", { slot });
}

/** A truck's colour name in the data ("red"). */
export const truckColour = (city, truck) => city.trucks.find((tr) => tr.id === truck)?.colour ?? "";

/** A truck in words: "Red T1" (its colour from the data pack). */
export const truckName = (t, city, truck) => t("pz.truckName", { id: truck, colour: t(`pz.colour.${truckColour(city, truck)}`) });

/** A character in words. */
export const charName = (t, c) => t(`pz.char.${c}`);

/** The label of a button for one legal action. */
export function actionLabel(t, city, text, specials) {
  const act = parseAction(text);
  if (!act) return text;
  switch (act.kind) {
    case "place":
      return t("pz.act.place", { truck: truckName(t, city, act.truck), tile: act.tile });
    case "pick":
      return t("pz.act.pick", { card: act.card, value: city.cards.get(act.card)?.value ?? "?", cubes: cubesText(t, cardCubes(city, act.card)) });
    case "use":
      return t("pz.act.use", { truck: truckName(t, city, act.truck) });
    case "load":
      return t("pz.act.load", { card: act.card, value: city.cards.get(act.card)?.value ?? "?", cubes: cubesText(t, cardCubes(city, act.card)) });
    case "roll":
      return t("pz.act.roll");
    case "end":
      return t("pz.act.end");
    case "pass":
      return t("pz.act.pass");
    case "skip":
      return t("pz.act.skip");
    case "placeChar":
      return t("pz.act.placeChar", { char: charName(t, act.char), at: act.at });
    case "moveChar":
      return t("pz.act.moveChar", { char: charName(t, act.char), at: act.at });
    case "go": {
      if (!act.count) return t("pz.act.go", { street: act.street });
      const slot = buildingOnStreet(city, act.street);
      return t("pz.act.deliver", {
        street: act.street,
        cubes: cubesText(t, [[act.colour, act.count]]),
        bar: slot ? barName(t, slot, specials) : "?",
        points: deliveryPoints(city, act),
      });
    }
    default:
      return text;
  }
}
