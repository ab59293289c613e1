// Prohibition explained while playing (issue 25, item 3): what every street, crossing,
// building, truck, character, card and token is and does (the popovers), what each choice of
// the decision panel does, why a click on the map plays nothing, the server's refusals in
// the page's language, and how the game ended: why, and each seat's score broken down by the
// rules that made it (spec sections 6 to 9). Everything comes from the viewer's view: the
// public table, his own cards, and the history as he may know it.
//
// Pure (no DOM): the words come from the `t` it is given. tests/client/test_client_explain.py
// holds the street control and the score breakdown to the engine.

import { barName, charName, cubesText, parseAction, truckName } from "./actions.js";
import { cutTurns } from "./chronicle.js";
import { buildingOnStreet, capacityOf, cardCubes, startPoints } from "./city.js";
import { characterPath, truckPath } from "./paths.js";

/** The text with a capital first ("the Policeman" at the start of a sentence). */
const cap = (text) => (text ? `${text[0].toUpperCase()}${text.slice(1)}` : text);

const charRole = (city, c) => city.characters.find((x) => x.id === c) || {};

// ------------------------------------------------------------------ control (spec 7)

/** Streets along the line from crossing `inter` to the nearer end of `street`, or -1. */
export function controlDistance(city, inter, street, range = "line") {
  const s = city.streets.get(street);
  if (!s || !city.inters.has(inter)) return -1;
  if (range === "touching") return s.ends.includes(inter) ? 0 : -1;
  const [a, b] = s.ends.map((e) => city.inters.get(e));
  const v = city.inters.get(inter);
  if (s.axis === "h") {
    if (v.y !== a.y) return -1;
    return v.x === a.x || v.x === b.x ? 0 : Math.min(Math.abs(v.x - a.x), Math.abs(v.x - b.x));
  }
  if (v.x !== a.x) return -1;
  return v.y === a.y || v.y === b.y ? 0 : Math.min(Math.abs(v.y - a.y), Math.abs(v.y - b.y));
}

/**
 * Who controls `street` (spec 7): {kind: "forbid" | "capone" | "none", nearest: [character
 * ids], distance}. Forbid when every nearest character is Ness or the Policeman, Capone when
 * he alone is nearest, none when he ties with one of them or nobody controls the street.
 */
export function controlOf(city, view, street) {
  const range = view.options?.control_range || "line";
  let best = -1;
  let nearest = [];
  for (const c of city.charIds) {
    const at = view.characters?.[c]?.at;
    if (!at) continue;
    const d = controlDistance(city, at, street, range);
    if (d < 0) continue;
    if (best < 0 || d < best) {
      best = d;
      nearest = [c];
    } else if (d === best) nearest.push(c);
  }
  if (!nearest.length) return { kind: "none", nearest, distance: -1 };
  const roles = nearest.map((c) => charRole(city, c).control);
  if (roles.every((r) => r === "forbid")) return { kind: "forbid", nearest, distance: best };
  if (roles.every((r) => r === "extra_cube")) return { kind: "capone", nearest, distance: best };
  return { kind: "none", nearest, distance: best };
}

function controlLine(city, view, t, street) {
  const c = controlOf(city, view, street);
  const names = c.nearest.map((x) => charName(t, x)).join(", ");
  if (c.kind === "forbid") return t("pz.x.control.forbid", { chars: names });
  if (c.kind === "capone") return t("pz.x.control.capone");
  if (c.nearest.length) return t("pz.x.control.tie", { chars: names });
  return t("pz.x.control.none");
}

// ------------------------------------------------------------------ what stands where

const truckOn = (view, street) => (view.trucks || []).find((tr) => tr.street === street) || null;
const charAt = (view, inter) => Object.entries(view.characters || {}).find(([, x]) => x.at === inter)?.[0] || null;
const aboard = (tr) => Object.values(tr?.cubes || {}).reduce((a, b) => a + b, 0);
const seatOfTruck = (view, truck) => (view.trucks || []).find((tr) => tr.id === truck)?.player;

function tileOf(city, view, slot) {
  const id = view.specials?.[slot];
  return id ? { id, ...city.tiles.get(id) } : null;
}

/** The trucks in contact with a character standing on `inter` (their street ends there). */
function trucksTouching(city, view, inter) {
  return (view.trucks || []).filter((tr) => tr.street && city.streets.get(tr.street).ends.includes(inter));
}

/** The colours a building may still take, and why, as sentences. */
function barLines(city, view, t, slot) {
  const b = city.buildings.get(slot);
  const tile = tileOf(city, view, slot);
  const lines = [];
  if (tile && tile.kind === "distillery") {
    lines.push(t("pz.x.bar.distillery"));
    const tr = truckOn(view, b.door);
    if (tr) lines.push(t("pz.x.bar.truckAtDoor", { truck: truckName(t, city, tr.id), street: b.door }));
    return lines;
  }
  const capacity = capacityOf(city, slot, view.specials);
  const held = view.bars?.[slot];
  if ((view.closed || []).includes(slot)) {
    lines.push(t("pz.x.bar.closed"));
    return lines;
  }
  if (held && held.count) lines.push(t("pz.x.bar.holds", { cubes: cubesText(t, [[held.colour, held.count]]), capacity }));
  else lines.push(t("pz.x.bar.empty", { capacity }));
  const around = new Set();
  for (const n of b.neighbours || []) {
    const other = view.bars?.[n];
    if (other && other.count) around.add(other.colour);
  }
  const colourWords = (codes) => codes.map((c) => t(`pz.cube.${c}`)).join(", ");
  if (tile && tile.kind === "private_bar") lines.push(t("pz.x.bar.private", { colour: t(`pz.cubes.${tile.colour}`) }));
  let may;
  if (held && held.count) may = held.count < capacity && !around.has(held.colour) ? [held.colour] : [];
  else may = city.cubes.filter((c) => !around.has(c) && (!tile || tile.kind !== "private_bar" || tile.colour === c));
  if (around.size) lines.push(t("pz.x.bar.neighbours", { colours: colourWords([...around]) }));
  lines.push(may.length ? t("pz.x.bar.mayTake", { colours: colourWords(may) }) : t("pz.x.bar.full"));
  lines.push(t("pz.x.bar.door", { street: b.door }));
  return lines;
}

function tokenLine(t, value) {
  return value ? t(`pz.x.token.${value}`) : "";
}

// ------------------------------------------------------------------ the popovers

/**
 * The popover for a thing on the table: {title, lines}, or null. `what` is
 * {kind: "street" | "inter" | "building" | "truck" | "char" | "marker", id}; `seatName(player)`
 * names a seat as the shell does.
 */
export function tableTip(city, view, t, what, seatName = () => "") {
  const { kind, id } = what;
  if (kind === "street" && city.streets.has(id)) {
    const s = city.streets.get(id);
    const lines = [];
    const tr = truckOn(view, id);
    if (tr) lines.push(t("pz.x.street.truck", { truck: truckName(t, city, tr.id) }));
    const slot = buildingOnStreet(city, id);
    if (slot) {
      const tile = tileOf(city, view, slot);
      if (tile && tile.kind === "distillery") lines.push(t("pz.x.street.distillery", { tile: tile.id }));
      else lines.push(t("pz.x.street.door", { bar: barName(t, slot, view.specials) }));
    } else lines.push(t("pz.x.street.noDoor"));
    lines.push(controlLine(city, view, t, id));
    const ends = s.ends.map((e) => charAt(view, e)).filter(Boolean);
    if (ends.length) lines.push(t("pz.x.street.contact", { chars: ends.map((c) => charName(t, c)).join(", ") }));
    return { title: t("pz.x.street.title", { id }), lines };
  }
  if (kind === "inter" && city.inters.has(id)) {
    const lines = [];
    const c = charAt(view, id);
    if (c) lines.push(t("pz.x.inter.char", { char: cap(charName(t, c)) }));
    const layout = view.options?.layout || "standard";
    const starts = Object.entries(startPoints(city, layout)).filter(([, pts]) => pts.includes(id)).map(([x]) => charName(t, x));
    if (starts.length) lines.push(t("pz.x.inter.start", { chars: starts.join(", ") }));
    const touching = trucksTouching(city, view, id);
    if (touching.length) lines.push(t("pz.x.inter.touches", { trucks: touching.map((tr) => truckName(t, city, tr.id)).join(", ") }));
    lines.push(t("pz.x.inter.what"));
    return { title: t("pz.x.inter.title", { id }), lines };
  }
  if (kind === "building" && city.buildings.has(id)) {
    const tile = tileOf(city, view, id);
    const title = tile ? (tile.kind === "distillery" ? t("pz.x.bar.distilleryTitle", { tile: tile.id, slot: id }) : cap(barName(t, id, view.specials))) : cap(barName(t, id, view.specials));
    return { title, lines: barLines(city, view, t, id) };
  }
  if (kind === "truck") {
    const tr = (view.trucks || []).find((x) => x.id === id);
    if (!tr) return null;
    const lines = [];
    const owner = seatName(tr.player);
    if (owner && owner !== truckName(t, city, tr.id)) lines.push(t("pz.x.truck.owner", { seat: owner }));
    lines.push(tr.street ? t("pz.truck.at", { street: tr.street }) : t("pz.truck.notPlaced"));
    if (tr.card) lines.push(t("pz.x.truck.card", { card: tr.card, value: city.cards.get(tr.card)?.value ?? "?" }));
    const pairs = city.cubes.map((c) => [c, tr.cubes?.[c] || 0]).filter(([, n]) => n);
    lines.push(pairs.length ? t("pz.x.truck.aboard", { cubes: cubesText(t, pairs) }) : t("pz.x.truck.empty"));
    if (tr.token) lines.push(t("pz.x.truck.token", { v: tr.token, rule: tokenLine(t, tr.token) }));
    const lost = city.cubes.map((c) => [c, tr.losses?.[c] || 0]).filter(([, n]) => n);
    if (lost.length) lines.push(t("pz.x.truck.losses", { cubes: cubesText(t, lost) }));
    const ends = tr.street ? city.streets.get(tr.street).ends.map((e) => charAt(view, e)).filter(Boolean) : [];
    if (ends.length) lines.push(t(ends.includes("C") ? "pz.x.truck.guarded" : "pz.x.truck.touched", { chars: ends.map((c) => charName(t, c)).join(", ") }));
    lines.push(t("pz.x.truck.score", { score: tr.score ?? 0, delivered: tr.delivered ?? 0, lost: tr.lost ?? 0 }));
    return { title: truckName(t, city, tr.id), lines };
  }
  if (kind === "char" && city.charIds.includes(id)) {
    const x = view.characters?.[id] || {};
    const lines = [t(`pz.x.char.${id}`), t(view.options?.control_range === "touching" ? "pz.x.char.reachTouching" : "pz.x.char.reachLine")];
    if (x.at) lines.push(t("pz.x.char.at", { at: x.at }));
    if ((x.last_contact || []).length && view.options?.repeat_contact !== "allowed") {
      lines.push(t("pz.x.char.repeat", { trucks: x.last_contact.map((tr) => truckName(t, city, tr)).join(", ") }));
    }
    return { title: city.characters.find((c) => c.id === id)?.name || charName(t, id), lines };
  }
  if (kind === "marker") {
    const tr = (view.trucks || []).find((x) => x.id === id);
    if (!tr) return null;
    return { title: truckName(t, city, tr.id), lines: [t("pz.x.marker", { score: tr.score ?? 0 })] };
  }
  return null;
}

/** A loading card's popover. `down`: face down in the display; `where`: "display" | "hand" | "truck". */
export function cardTip(city, t, id, { down = false, where = "display" } = {}) {
  const card = city.cards.get(id);
  if (!card) return null;
  const lines = [t("pz.x.card.worth", { value: card.value, cubes: cubesText(t, cardCubes(city, id)) })];
  if (down) lines.push(t("pz.x.card.down"));
  else if (where === "display") lines.push(t("pz.x.card.display"));
  else if (where === "hand") lines.push(t("pz.x.card.hand"));
  else lines.push(t("pz.x.card.truck"));
  return { title: t("pz.x.card.title", { id }), lines };
}

/** A bonus token's popover. */
export function tokenTip(t, value) {
  return { title: t("pz.x.token.title", { v: value }), lines: [tokenLine(t, Number(value)), t("pz.x.token.scored")] };
}

// ------------------------------------------------------------------ what a choice does

/** What a character's action on `at` would take (the trucks it touches, Capone's guard). */
function contactWords(city, view, t, char, at) {
  const role = charRole(city, char).contact;
  const touched = trucksTouching(city, view, at);
  if (!touched.length) return t("pz.x.do.noContact");
  if (role === "protect") return t("pz.x.do.protects", { trucks: touched.map((tr) => truckName(t, city, tr.id)).join(", ") });
  const capone = view.characters?.C?.at;
  const parts = touched.map((tr) => {
    const name = truckName(t, city, tr.id);
    const streetEnds = city.streets.get(tr.street).ends;
    if (capone && char !== "C" && streetEnds.includes(capone)) return t("pz.x.do.guarded", { truck: name });
    const held = city.cubes.filter((c) => (tr.cubes?.[c] || 0) > 0);
    if (!held.length) return t("pz.x.do.emptyTruck", { truck: name });
    const byValue = [...held].sort((a, b) => city.cubeInfo[a].value - city.cubeInfo[b].value);
    const cube = role === "take_highest" ? byValue[byValue.length - 1] : byValue[0];
    return t("pz.x.do.takes", { truck: name, cube: t(`pz.cube.${cube}`) });
  });
  return parts.join(" ");
}

/** The bonus token a truck takes with its next load (spec 8, step 5). */
function nextToken(view, tr) {
  const n = (tr?.loads ?? 0) + 1;
  if (n === 2) return "5";
  if (n === 3) return "7";
  const pile = view.tokens?.discard || [];
  return n >= 4 && pile.length ? String(pile[pile.length - 1]) : "";
}

/** What a legal action does, for its button's popover. */
export function actionHelp(city, view, t, text) {
  const act = parseAction(text);
  if (!act) return "";
  const active = (view.trucks || []).find((tr) => tr.id === view.active);
  const truck = active ? truckName(t, city, active.id) : "";
  switch (act.kind) {
    case "place":
      return t("pz.x.do.place", { truck: truckName(t, city, act.truck), tile: act.tile });
    case "pick":
      return t("pz.x.do.pick", { card: act.card, truck: truckName(t, city, act.truck) });
    case "use":
      return t("pz.x.do.use", { truck: truckName(t, city, act.truck) });
    case "load": {
      const card = city.cards.get(act.card);
      const token = nextToken(view, active);
      const rest = aboard(active) ? t("pz.x.do.loadAbandon", { cubes: aboard(active) }) : "";
      return [t("pz.x.do.load", { card: act.card, cubes: cubesText(t, cardCubes(city, act.card)), value: card?.value ?? "?" }), rest, token ? t("pz.x.do.loadToken", { v: token }) : t("pz.x.do.loadNoToken")].filter(Boolean).join(" ");
    }
    case "roll":
      return t("pz.x.do.roll");
    case "end":
      return t(view.options?.load_window === "parked" ? "pz.x.do.endParked" : "pz.x.do.end", { truck });
    case "pass":
      return t("pz.x.do.pass", { truck, street: active?.street || "" });
    case "skip":
      return t("pz.x.do.skip");
    case "placeChar":
    case "moveChar":
      return `${t(act.kind === "placeChar" ? "pz.x.do.placeChar" : "pz.x.do.moveChar", { char: cap(charName(t, act.char)), at: act.at })} ${contactWords(city, view, t, act.char, act.at)}`;
    case "go": {
      const slot = buildingOnStreet(city, act.street);
      const tile = slot ? tileOf(city, view, slot) : null;
      if (!act.count) {
        const where = tile && tile.kind === "distillery" ? t("pz.x.do.goDistillery", { tile: tile.id }) : "";
        return [t("pz.x.do.go", { truck, street: act.street }), where, controlOf(city, view, act.street).kind === "forbid" ? t("pz.x.do.goForbid") : ""].filter(Boolean).join(" ");
      }
      const points = act.count * (city.cubeInfo[act.colour]?.value ?? 0);
      const words = [t("pz.x.do.deliver", { truck, street: act.street, cubes: cubesText(t, [[act.colour, act.count]]), bar: slot ? barName(t, slot, view.specials) : "?", points })];
      if (active && aboard(active) === act.count && active.token) words.push(t("pz.x.do.empties", { v: active.token }));
      return words.join(" ");
    }
    default:
      return "";
  }
}

/** What the decision of the moment is about, in one or two sentences under its prompt. */
export function phaseHelp(view, t) {
  const phase = view.phase;
  if (phase === "truck") return t(view.options?.delivery_distance === "at_most" ? "pz.x.phase.truckAtMost" : "pz.x.phase.truck");
  if (["place", "pick", "use", "preroll", "character", "postmove"].includes(phase)) return t(`pz.x.phase.${phase}`);
  return "";
}

// ------------------------------------------------------------------ why a click plays nothing

/**
 * Why a click on the map at `what` ({kind, id}) plays nothing, when it looks like an answer to
 * the decision of the moment (a street while a truck is placed or drives, a crossing while a
 * character acts, a truck when one is chosen): a sentence, or "" (the click then only asks
 * what is there). `legal`: the viewer's legal actions now (empty when he has no decision).
 */
export function whyNotHere(city, view, t, what, legal) {
  if (!legal || !legal.length || view.result) return "";
  const phase = view.phase;
  const { kind, id } = what;
  if (kind === "street" && phase === "place") {
    const placing = parseAction(legal.find((x) => x.startsWith("place ")) || "")?.truck;
    const slot = buildingOnStreet(city, id);
    const tile = slot ? tileOf(city, view, slot) : null;
    if (tile && tile.kind === "distillery" && truckOn(view, id)) return t("pz.x.why.placeTaken", { truck: truckName(t, city, truckOn(view, id).id) });
    return t("pz.x.why.place", { truck: placing ? truckName(t, city, placing) : "" });
  }
  if (kind === "street" && phase === "truck") {
    const active = (view.trucks || []).find((tr) => tr.id === view.active);
    if (!active || !active.street) return "";
    const name = truckName(t, city, active.id);
    if (id === active.street) return t(legal.includes("pass") ? "pz.x.why.here" : "pz.x.why.hereMust", { truck: name });
    const other = truckOn(view, id);
    if (other) return t("pz.x.why.occupied", { truck: truckName(t, city, other.id) });
    const chars = new Set(Object.values(view.characters || {}).map((x) => x.at).filter(Boolean));
    if (city.streets.get(active.street).ends.every((e) => chars.has(e))) return t("pz.x.why.hemmed", { truck: name });
    const trucks = new Set((view.trucks || []).filter((tr) => tr.id !== active.id && tr.street).map((tr) => tr.street));
    if (!truckPath(city, active.street, id, { lengths: [1, 2, 3, 4], trucks, chars })) return t("pz.x.why.noDrive", { truck: name, street: id });
    return t("pz.x.why.notNow", { street: id });
  }
  if (kind === "inter" && phase === "character" && view.dice) {
    const reasons = [...new Set([...view.dice.characters])].map((c) => charWhyNot(city, view, t, c, id));
    return reasons.filter(Boolean).join(" ");
  }
  if (kind === "truck" && phase === "use") {
    const mine = legal.filter((x) => x.startsWith("use ")).map((x) => x.split(" ")[1]);
    if (mine.includes(id)) return "";
    return t(seatOfTruck(view, id) === view.viewer ? "pz.x.why.useNot" : "pz.x.why.notYours", { truck: truckName(t, city, id) });
  }
  return "";
}

/** Why character `c` (on the dice) cannot end its action on crossing `to`. */
function charWhyNot(city, view, t, c, to) {
  const name = cap(charName(t, c));
  const here = charAt(view, to);
  if (here && here !== c) return t("pz.x.why.charTaken", { char: name, other: charName(t, here), at: to });
  const at = view.characters?.[c]?.at;
  if (here === c) return t("pz.x.why.charStays", { char: name });
  if (!at) {
    const starts = startPoints(city, view.options?.layout || "standard")[c] || [];
    if (!starts.includes(to)) return t("pz.x.why.charStart", { char: name, points: starts.join(", ") });
  } else {
    const trucks = new Set((view.trucks || []).filter((tr) => tr.street).map((tr) => tr.street));
    const others = new Set(Object.entries(view.characters || {}).filter(([x, v]) => x !== c && v.at).map(([, v]) => v.at));
    if (!characterPath(city, at, to, view.dice.number, { trucks, chars: others })) return t("pz.x.why.charSteps", { char: name, at: to, n: view.dice.number });
  }
  // The end of the action (spec 7): no truck hemmed in by Ness and the Policeman, no contact twice.
  const takers = city.characters.filter((x) => x.contact === "take_highest" || x.contact === "take_lowest").map((x) => x.id);
  if (takers.includes(c)) {
    const spots = takers.map((x) => (x === c ? to : view.characters?.[x]?.at));
    if (spots.every(Boolean) && new Set(spots).size === spots.length) {
      const hemmed = (view.trucks || []).find((tr) => tr.street && city.streets.get(tr.street).ends.every((e) => spots.includes(e)));
      if (hemmed) return t("pz.x.why.charBlock", { char: name, at: to, truck: truckName(t, city, hemmed.id) });
    }
  }
  if (view.options?.repeat_contact !== "allowed") {
    const last = view.characters?.[c]?.last_contact || [];
    const again = trucksTouching(city, view, to).find((tr) => last.includes(tr.id));
    if (again) return t("pz.x.why.charRepeat", { char: name, truck: truckName(t, city, again.id) });
  }
  return t("pz.x.why.charOther", { char: name, at: to });
}

// ------------------------------------------------------------------ the server's refusals

/** A refused action in the page's words (the client sends only legal ones: a race or a stale view). */
export function refusalWords(code, t) {
  if (code === "stale_version") return t("pz.x.err.stale");
  if (code === "illegal") return t("pz.x.err.illegal");
  return "";
}

// ------------------------------------------------------------------ the end explained

/**
 * Each truck's score by the rules that made it, from the history (every scoring event is
 * public): {truck: {deliveries: {w, k, b}, points, taken, penalty, floor, tokens: [v], end,
 * total}}. The score never drops below 0 (`floor`: the points a capture could not take).
 */
export function scoreBreakdown(city, view) {
  const out = {};
  for (const tr of view.trucks || []) out[tr.id] = { deliveries: {}, points: 0, taken: 0, penalty: 0, floor: 0, tokens: [], end: null, lostTokens: [], total: 0 };
  const { turns } = cutTurns(city, view.history || [], view);
  const truckOfEvent = new Map();
  for (const turn of turns) for (const e of turn.events) truckOfEvent.set(e.n, turn.truck);
  const history = view.history || [];
  const scoreAt = history.findIndex((e) => String(e.a).startsWith("score "));
  // The end bonuses: the run of bonus events just before the final score, for trucks still loaded.
  const endBonus = new Set();
  if (scoreAt >= 0) {
    for (let i = scoreAt - 1; i >= 0 && String(history[i].a).startsWith("bonus "); i--) {
      const id = String(history[i].a).split(" ")[1];
      const tr = (view.trucks || []).find((x) => x.id === id);
      if (tr && aboard(tr) > 0) endBonus.add(i);
    }
  }
  history.forEach((e, i) => {
    const text = String(e.a);
    const words = text.split(" ");
    const act = parseAction(text);
    if (act && act.kind === "go" && act.count) {
      const b = out[truckOfEvent.get(e.n)];
      if (!b) return;
      const points = act.count * (city.cubeInfo[act.colour]?.value ?? 0);
      b.deliveries[act.colour] = (b.deliveries[act.colour] || 0) + act.count;
      b.points += points;
      b.total += points;
    } else if (words[0] === "take" && out[words[2]]) {
      const b = out[words[2]];
      b.taken += 1;
      if (b.total > 0) {
        b.penalty += 1;
        b.total -= 1;
      } else b.floor += 1;
    } else if (words[0] === "bonus" && out[words[1]]) {
      const b = out[words[1]];
      const v = Number(words[2]);
      if (endBonus.has(i)) b.end = v;
      else b.tokens.push(v);
      b.total += v;
    } else if (words[0] === "lost-token" && out[words[1]]) {
      out[words[1]].lostTokens.push(Number(words[2]));
    }
  });
  return out;
}

/** Why the game ended, in one sentence or two (the trigger and the last round, or a seat leaving). */
function endReason(city, view, t, seatName) {
  const r = view.result;
  const history = (view.history || []).map((e) => String(e.a));
  const trigger = history.find((a) => a.startsWith("trigger "));
  const final = history.find((a) => a.startsWith("final-round "));
  const out = [];
  const loserSeats = (r.winners || []).length ? Array.from({ length: view.players || 0 }, (_, s) => s).filter((s) => !r.winners.includes(s)) : [];
  if (r.reason === "score") {
    if (trigger) {
      const n = final ? Number(final.split(" ")[1]) : view.final_round;
      out.push(t(`pz.x.end.trigger.${trigger.split(" ")[1]}`, { round: Math.max(1, (n || 1) - 1), last: n || "" }));
    }
    out.push(t("pz.x.end.scored"));
  } else if (["resign", "timeout", "abandon"].includes(r.reason)) {
    const gone = (view.zombies || []).length ? view.zombies : loserSeats;
    const names = gone.map((s) => seatName(s)).join(", ");
    if ((view.players || 0) > 2) out.push(t("pz.x.end.lastAble", { seats: names }));
    else out.push(t(`pz.x.end.${r.reason}`, { seat: names }));
  } else if (r.reason === "agreement") out.push(t("pz.x.end.agreement"));
  else if (r.reason === "aborted") out.push(t("pz.x.end.aborted"));
  return out;
}

/**
 * The end explained for the result panel: why it ended, the winner rule, and for each seat
 * (best first) each of its trucks' score by the rules that made it.
 */
export function explainEnd(city, view, t, seatName = (s) => t("landing.seat", { n: s + 1 })) {
  const r = view.result;
  if (!r) return [];
  const out = endReason(city, view, t, seatName);
  if (r.reason === "aborted" || r.reason === "agreement") return out;
  const parts = scoreBreakdown(city, view);
  const two = (view.players || 0) === 2;
  out.push(t(two ? "pz.x.end.rule2" : "pz.x.end.rule"));
  const seats = (view.seats || []).map((s) => s.player);
  const ranks = Array.isArray(r.ranks) ? r.ranks : null;
  const order = ranks ? [...seats].sort((a, b) => ranks[a] - ranks[b]) : seats;
  const zombies = new Set(view.zombies || r.withdrawn || []);
  for (const player of order) {
    const entry = (view.seats || []).find((s) => s.player === player);
    if (!entry) continue;
    const trucks = entry.trucks.map((id) => (view.trucks || []).find((tr) => tr.id === id)).filter(Boolean);
    const lost = trucks.reduce((a, tr) => a + (tr.lost || 0), 0);
    const rows = [];
    for (const tr of trucks) {
      const b = parts[tr.id];
      const name = two ? `${truckName(t, city, tr.id)}: ` : "";
      const delivered = city.cubes.filter((c) => b.deliveries[c]).map((c) => t("pz.x.row.cubesAt", { n: b.deliveries[c], colour: t(b.deliveries[c] === 1 ? `pz.cube.${c}` : `pz.cubes.${c}`), v: city.cubeInfo[c].value }));
      rows.push({ label: name + t("pz.x.row.deliveries", { list: delivered.length ? delivered.join(", ") : t("pz.x.row.none") }), value: `+${b.points}` });
      if (b.taken) rows.push({ label: name + t("pz.x.row.taken", { n: b.taken }), value: `−${b.penalty}` });
      if (b.floor) rows.push({ label: name + t("pz.x.row.floor", { n: b.floor }), value: "0" });
      if (b.tokens.length) rows.push({ label: name + t("pz.x.row.tokens", { list: b.tokens.join(", ") }), value: `+${b.tokens.reduce((x, y) => x + y, 0)}` });
      if (b.end !== null) rows.push({ label: name + t("pz.x.row.endBonus"), value: `+${b.end}` });
      if (b.lostTokens.length) rows.push({ label: name + t("pz.x.row.lostTokens", { list: b.lostTokens.join(", ") }), value: "0" });
      if (two) rows.push({ label: t("pz.x.row.truckTotal", { truck: truckName(t, city, tr.id) }), value: String(tr.score ?? b.total) });
    }
    rows.push({ label: t("pz.x.row.lost"), value: String(lost) });
    const score = Array.isArray(r.scores) ? r.scores[player] : Math.min(...trucks.map((tr) => tr.score ?? 0));
    const place = ranks ? t(ranks[player] === 1 ? "pz.x.place.1" : "pz.x.place", { n: ranks[player] }) : "";
    const notes = [];
    if (two) notes.push(t("pz.x.note.lower"));
    if (zombies.has(player)) notes.push(t("pz.x.note.zombie"));
    out.push({
      title: [seatName(player), place].filter(Boolean).join(" — "),
      rows,
      total: { label: t("pz.x.row.total"), value: String(score) },
      note: notes.join(" "),
    });
  }
  const scores = Array.isArray(r.scores) ? r.scores : null;
  if (scores && ranks) {
    const best = Math.max(...scores);
    const tied = scores.map((s, seat) => (s === best ? seat : -1)).filter((seat) => seat >= 0);
    if (tied.length > 1) out.push(t(new Set(tied.map((seat) => ranks[seat])).size > 1 ? "pz.x.end.tieBreak" : "pz.x.end.tieShared"));
  }
  return out;
}
