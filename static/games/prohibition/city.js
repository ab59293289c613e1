// The city and the components, read from the data pack (data.json, a byte copy of
// engine/prohibition/data.json: tests/client checks the two are the same). Nothing here is a
// number of the game: the board graph, the buildings, the capacities, the cards, the dice and
// the start points all come from the data, so the real board can replace the stand-in one.
//
// Pure (no DOM): the node checks in tests/client load it too.

/** Everything the module needs from the data pack, indexed. */
export function buildCity(data) {
  const inters = new Map(data.intersections.map((i) => [i.id, i]));
  const streets = new Map(data.streets.map((s) => [s.id, s]));
  const streetsAt = new Map(data.intersections.map((i) => [i.id, []]));
  for (const s of data.streets) for (const end of s.ends) streetsAt.get(end).push(s.id);
  const buildings = new Map(data.buildings.map((b) => [b.id, b]));
  const buildingAtDoor = new Map(data.buildings.map((b) => [b.door, b.id]));
  const cubes = data.cubes.map((c) => c.code);
  const cubeInfo = Object.fromEntries(data.cubes.map((c) => [c.code, c]));
  const cards = new Map(data.loading_cards.map((c) => [c.id, c]));
  const tiles = new Map(data.special_tiles.map((t) => [t.id, t]));
  const size = {
    x: Math.max(...data.intersections.map((i) => i.x)),
    y: Math.max(...data.intersections.map((i) => i.y)),
  };
  return {
    data,
    inters,
    streets,
    streetsAt,
    buildings,
    buildingAtDoor,
    blocks: data.blocks,
    cubes,
    cubeInfo,
    cards,
    tiles,
    trucks: data.trucks,
    characters: data.characters,
    charIds: data.characters.map((c) => c.id),
    dice: data.dice,
    layouts: data.layouts,
    size,
    privateCapacity: data.private_bar_rules.capacity,
  };
}

/** The far end of street `s` seen from intersection `v`. */
export function otherEnd(city, streetId, v) {
  const [a, b] = city.streets.get(streetId).ends;
  return a === v ? b : a;
}

/** The street between two neighbouring intersections, or null. */
export function streetBetween(city, a, b) {
  return city.streetsAt.get(a).find((s) => otherEnd(city, s, a) === b) || null;
}

/** The building slot whose door is on `streetId` (every door street has exactly one). */
export const buildingOnStreet = (city, streetId) => city.buildingAtDoor.get(streetId) || null;

/** {slot: tile} of the game (the view's `specials`) turned into {tile: slot}. */
export function slotsOfTiles(specials) {
  return Object.fromEntries(Object.entries(specials || {}).map(([slot, tile]) => [tile, slot]));
}

/** A card's cubes as [[code, n], ...] in the data's colour order, zero counts left out. */
export function cardCubes(city, cardId) {
  const card = city.cards.get(cardId);
  if (!card) return [];
  return city.cubes.map((c) => [c, card[c] || 0]).filter(([, n]) => n > 0);
}

/** The capacity of a building slot in this game (a private bar's tile replaces the slot's). */
export function capacityOf(city, slot, specials) {
  const tile = specials && specials[slot] ? city.tiles.get(specials[slot]) : null;
  if (tile && tile.kind === "private_bar") return tile.capacity ?? city.privateCapacity;
  return city.buildings.get(slot).capacity;
}

/** The start points of the layout in play: {N: [...], P: [...], C: [...]}. */
export function startPoints(city, layout) {
  return (city.layouts[layout] || city.layouts.standard).start_points;
}

/** The colour of each layout corner kind: {centre, seam_end, outer}. */
export function cornerColours(city, layout) {
  return (city.layouts[layout] || city.layouts.standard).corner_colours;
}
