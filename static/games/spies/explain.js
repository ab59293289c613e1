// Spies! explained while playing (issue 25, item 3): what a spy, a police unit, a secret, a
// city, a sea zone, a chit, a tile or a mark of the record is and does (the popover); why a
// click on the map chooses nothing (a city the selected spy cannot reach, a piece that cannot
// be chosen now, a city where a piece cannot be placed); what the decision is about, what each
// line offered does and why the seat's other actions are not offered (AP, £, the chit's
// window, the acting spy); the engine's refusals in the page's words; and the end: which rule
// ended the game, each power's Time and Victory Record line by line times its multipliers,
// and the rule that picked the winner.
//
// Everything comes from the viewer's view (a face the view does not give is told as hidden)
// and the public data pack. Pure apart from `t`; the Node probe
// (tests/client/spies_explain_probe.mjs) holds the reasons and the score breakdown to the
// engine on games it played.

import { ownerOf } from "./map.js";
import { listWords, parseLine } from "./lines.js";

// ------------------------------------------------------------------ the map's facts

const graphs = new WeakMap();

/** Rail and air neighbours, and the sea zones' adjacency, read once per pack. */
function graph(pack) {
  let g = graphs.get(pack);
  if (g) return g;
  const near = new Map(pack.cities.map((c) => [c.id, new Set()]));
  for (const line of [...pack.rail_lines, ...pack.air_lines]) {
    near.get(line.a)?.add(line.b);
    near.get(line.b)?.add(line.a);
  }
  const seas = new Map(pack.sea_zones.map((z) => [z.id, new Set(z.adjacent)]));
  g = { near, seas };
  graphs.set(pack, g);
  return g;
}

/** The fewest rail or air steps from a to b (null when there is no way). */
export function hops(pack, a, b) {
  const { near } = graph(pack);
  if (a === b) return 0;
  const seen = new Map([[a, 0]]);
  const todo = [a];
  while (todo.length) {
    const here = todo.shift();
    for (const next of near.get(here) || []) {
      if (seen.has(next)) continue;
      seen.set(next, seen.get(here) + 1);
      if (next === b) return seen.get(next);
      todo.push(next);
    }
  }
  return null;
}

/** A voyage's length between two ports (spec 10.3): 2 + the fewest zone-to-zone moves; null
 * when either city is no port or they are the same city. */
export function voyageLength(pack, a, b) {
  const from = pack.cityById.get(a);
  const to = pack.cityById.get(b);
  if (!from?.port || !to?.port || a === b) return null;
  const { seas } = graph(pack);
  const goal = new Set(to.sea_zones);
  const dist = new Map(from.sea_zones.map((z) => [z, 0]));
  const todo = [...from.sea_zones];
  while (todo.length) {
    const z = todo.shift();
    if (goal.has(z)) return 2 + dist.get(z);
    for (const next of seas.get(z) || []) {
      if (dist.has(next)) continue;
      dist.set(next, dist.get(z) + 1);
      todo.push(next);
    }
  }
  return null;
}

export const apLeft = (pack, view) => pack.rules.action_points_per_turn - (view.ap_spent || 0);
const spacesLeft = (pack, spy) => pack.rules.spy_move_max_spaces - (spy.spaces || 0);
const chitInfo = (pack, type) => pack.action_chits.find((c) => c.id === type) || null;
const spyOf = (view, id) => (view.spies || []).find((s) => s.id === id) || null;
const secretOf = (view, id) => (view.secrets || []).find((x) => x.id === id) || null;
const capitalOf = (pack, power) => pack.powerById.get(power)?.capital || "";
const here = (view, city) => ({
  spies: (view.spies || []).filter((s) => s.city === city && !s.box),
  police: (view.police || []).filter((p) => p.city === city),
  secrets: (view.secrets || []).filter((x) => x.city === city && !x.gone),
});

/** A secret's face in numbers: {value, counterspy, strength} or null when hidden. */
function secretFace(face) {
  const m = /^(\d+)(?:cs(\d+))?$/.exec(face || "");
  return m ? { value: Number(m[1]), counterspy: Boolean(m[2]), strength: m[2] ? Number(m[2]) : null } : null;
}

/** Whose turn it is in words, for a seat that cannot act on the map now: "" when it may. */
function notNow(view, t, names, me) {
  const d = view.decision;
  if (!d || view.result) return t("sp.x.why.over");
  const mine = (d.seats || []).includes(me.seat) && me.legal.length > 0;
  if (!mine) return d.power ? t("sp.x.why.notYourTurn", { power: names.power(d.power) }) : t("sp.x.why.waitOthers", { what: t(`sp.kind.${d.kind}`) });
  return "";
}

// ------------------------------------------------------------------ why a click chooses nothing

/**
 * Why the selected spy cannot go to `city`, in words ("" when a legal line takes it there).
 * `me`: {seat, legal}.
 */
export function whyNotMove(pack, view, t, names, spyId, city, me) {
  const spy = spyOf(view, spyId);
  if (!spy || !city) return "";
  const busy = notNow(view, t, names, me);
  if (busy) return busy;
  const d = view.decision;
  if (me.legal.some((l) => /^[GIRFB] (go|sail) /.test(l) && l.split(" ")[2] === spyId && l.split(" ")[3] === city)) return "";
  if (d.kind !== "turn") return t("sp.x.why.decisionFirst", { what: t(`sp.kind.${d.kind}`) });
  if (spy.power !== d.power) return t("sp.x.why.otherPower", { spy: spyId, power: names.power(spy.power), active: names.power(d.power) });
  if (spy.box || !spy.city) return t("sp.x.why.offMap", { spy: spyId });
  if (spy.city === city) return t("sp.x.why.already", { spy: spyId, city: names.city(city) });
  if (spy.done) return t("sp.x.why.done", { spy: spyId });
  const spaces = spacesLeft(pack, spy);
  const ap = apLeft(pack, view);
  if (spaces <= 0) return t("sp.x.why.noSpaces", { spy: spyId, max: pack.rules.spy_move_max_spaces });
  if (ap <= 0) return t("sp.x.why.noAP", { power: names.power(d.power) });
  const length = voyageLength(pack, spy.city, city);
  if (graph(pack).near.get(spy.city)?.has(city)) return t("sp.x.why.moveNotNow", { spy: spyId, city: names.city(city) });
  if (length !== null) {
    if (length > spaces || length > ap) return t("sp.x.why.voyageLong", { spy: spyId, city: names.city(city), n: length, spaces, ap });
    return t("sp.x.why.moveNotNow", { spy: spyId, city: names.city(city) });
  }
  const steps = hops(pack, spy.city, city);
  const sail = pack.cityById.get(city)?.port && !pack.cityById.get(spy.city)?.port ? ` ${t("sp.x.why.notInPort", { spy: spyId })}` : "";
  return t("sp.x.why.notAdjacent", { spy: spyId, city: names.city(city), from: names.city(spy.city), n: steps ?? "?" }) + sail;
}

/** Why a piece of the seat cannot be chosen now ("" for another power's piece: it is only
 * described, or when it can be chosen). */
export function whyNotPick(pack, view, t, names, pieceId, me) {
  const kind = pieceId[0];
  const piece = kind === "s" ? spyOf(view, pieceId) : kind === "p" ? (view.police || []).find((p) => p.id === pieceId) : secretOf(view, pieceId);
  if (!piece) return "";
  const power = kind === "x" ? piece.original : piece.power;
  if (!me.powers.includes(power)) return "";
  const busy = notNow(view, t, names, me);
  if (busy) return busy;
  const d = view.decision;
  if (d.kind !== "turn") return t("sp.x.why.decisionFirst", { what: t(`sp.kind.${d.kind}`) });
  if (kind === "p") return view.phase <= 2 ? t("sp.x.why.policeTyped") : t("sp.x.why.policeOver");
  if (kind === "x") return t("sp.x.why.secret");
  if (piece.power !== d.power) return t("sp.x.why.otherPower", { spy: pieceId, power: names.power(piece.power), active: names.power(d.power) });
  if (piece.box || !piece.city) return t("sp.x.why.offMap", { spy: pieceId });
  if (piece.done) return t("sp.x.why.done", { spy: pieceId });
  if (spacesLeft(pack, piece) <= 0) return t("sp.x.why.noSpaces", { spy: pieceId, max: pack.rules.spy_move_max_spaces });
  if (apLeft(pack, view) <= 0) return t("sp.x.why.noAP", { power: names.power(d.power) });
  return t("sp.x.why.spyIdle", { spy: pieceId });
}

/** Why the piece being placed cannot go in `city` (setup), or "". */
export function whyNotPlace(pack, view, t, names, pieceId, city, me) {
  if (!pieceId || !city) return "";
  const busy = notNow(view, t, names, me);
  if (busy) return busy;
  if (me.legal.some((l) => { const p = parseLine(l); return p && p.verb === "place" && p.args[0] === pieceId && p.args[1] === city; })) return "";
  const d = view.decision;
  if (d.kind !== "place") return "";
  const power = d.power;
  const c = pack.cityById.get(city);
  const owner = ownerOf(pack, view, city);
  const home = owner === power;
  const cityName = names.city(city);
  const where = owner ? t("sp.x.why.ownedBy", { power: names.power(owner) }) : t("sp.x.why.neutralCity");
  if (pieceId[0] === "x") {
    if (!home) return t("sp.x.why.secretHome", { city: cityName, where });
    if (here(view, city).secrets.some((x) => x.original === power)) return t("sp.x.why.secretTwice", { city: cityName });
    return "";
  }
  if (pieceId[0] === "p") {
    if (!home) return t("sp.x.why.policeHome", { city: cityName, where });
    const overseas = Boolean(c.overseas);
    if (!overseas && !c.capital && !c.police_symbol && !(view.annexed || {})[c.country]) return t("sp.x.why.policeSymbol", { city: cityName });
    if (here(view, city).police.length >= pack.rules.police_per_city_max) return t("sp.x.why.policeFull", { city: cityName, n: pack.rules.police_per_city_max });
    if (overseas && (view.police || []).some((p) => p.power === power && p.city && pack.cityById.get(p.city)?.overseas)) return t("sp.x.why.policeOverseas");
    return "";
  }
  const max = pack.allotments[power]?.spies_foreign_max;
  if (!home && max !== undefined) {
    const abroad = (view.spies || []).filter((s) => s.power === power && s.city && ownerOf(pack, view, s.city) !== power).length;
    if (abroad >= max) return t("sp.x.why.spiesAbroad", { n: max, city: cityName });
  }
  return "";
}

// ------------------------------------------------------------------ what the seat cannot do now

/**
 * The seat's actions that are not offered now, with why: each chit of the deciding power
 * whose line is missing (its £ and AP, its window, the acting spy, a spy haven), and in a
 * turn the search, a channel and a cash-in. [{what, why}]; [] when nothing is owed.
 */
export function notOffered(pack, view, t, names, me) {
  const d = view.decision;
  if (!d || view.result || !me.legal.length || !d.power || !me.powers.includes(d.power)) return [];
  if (!["turn", "evade", "chain", "intercept"].includes(d.kind)) return [];
  const power = d.power;
  const info = view.powers?.[power];
  const own = d.kind === "turn";
  const ap = own ? apLeft(pack, view) : null;
  const out = [];
  const offered = (pred) => me.legal.some((l) => pred(parseLine(l)));
  const acting = view.acting ? spyOf(view, view.acting) : null;
  // One entry per chit type held and not offered (its handles together: the reason is the same).
  const held = new Map();
  for (const chit of info?.chits || []) {
    if (!chit.type || !chitInfo(pack, chit.type) || offered((l) => l && l.verb === "chit" && l.args[0] === chit.handle)) continue;
    if (!held.has(chit.type)) held.set(chit.type, []);
    held.get(chit.type).push(chit.handle);
  }
  for (const [type, handles] of held) {
    const what = t("sp.x.off.chit", { name: t(`sp.chit.${type}`), h: handles.join(", ") });
    out.push({ what, handles, why: chitRefusal(pack, view, t, names, { c: chitInfo(pack, type), type, power, money: info.money, ap, kind: d.kind, allowed: d.allowed, acting }) });
  }
  if (own) {
    // The turn's other actions, where the seat might look for them: a search while phase 3 is
    // still open, a channel when the AP ran out, a cash-in when a spy holds a foreign secret.
    if (view.phase <= 3 && !offered((l) => l && l.verb === "search" && l.args.length)) {
      out.push({ what: t("sp.x.off.search"), why: ap < 1 ? t("sp.x.off.searchAP") : t("sp.x.off.searchNone") });
    }
    if (ap < 1 && !offered((l) => l && l.verb === "open")) out.push({ what: t("sp.x.off.open"), why: t("sp.x.off.openAP") });
    const carrying = (view.spies || []).some((sp) => sp.power === power && sp.secret && secretOf(view, sp.secret)?.original !== power);
    if (carrying && !offered((l) => l && l.verb === "cash")) out.push({ what: t("sp.x.off.cash"), why: t("sp.x.off.cashWhy", { capital: names.city(capitalOf(pack, power)) }) });
  }
  return out;
}

function chitRefusal(pack, view, t, names, { c, type, power, money, ap, kind, allowed, acting }) {
  const cost = t(ap === null ? "sp.x.cost.money" : "sp.x.cost.both", { gbp: c.cost_gbp, ap: c.cost_ap });
  if (money !== null && money !== undefined && money < c.cost_gbp) return t("sp.x.off.money", { cost, power: names.power(power), n: money });
  if (ap !== null && ap < c.cost_ap) return t("sp.x.off.ap", { cost, n: ap });
  if (kind === "evade") return type === "PAP" || type === "ESC" ? t("sp.x.off.generic", { cost }) : t("sp.x.off.onlyEvade");
  if (kind === "chain") return (allowed || []).includes(type) ? t("sp.x.off.generic", { cost }) : t("sp.x.off.notAnswer", { list: listWords(t, (allowed || []).map((a) => t(`sp.chit.${a}`))) });
  if (kind === "intercept") return t("sp.x.off.onlyIntercept");
  // The seat's own turn.
  if (type === "PAP") return t("sp.x.off.PAP");
  if (type === "COV" || type === "DBX") return t("sp.x.off.chainOnly", { name: t(`sp.chit.${type}`) });
  if (type === "ICP") return t("sp.x.off.ICP");
  if (type === "ESC") return t("sp.x.off.ESC");
  if (type === "REC") return t("sp.x.off.REC");
  if (!acting || acting.power !== power) return t("sp.x.off.acting", { name: t(`sp.chit.${type}`) });
  const city = pack.cityById.get(acting.city);
  if (city?.spy_haven) return t("sp.x.off.haven", { name: t(`sp.chit.${type}`), city: names.city(acting.city) });
  if (type === "DIS") return t("sp.x.off.DIS", { spy: acting.id, city: names.city(acting.city) });
  if (type === "SAN") return t("sp.x.off.SAN", { spy: acting.id, city: names.city(acting.city) });
  if (type === "DRP") return t("sp.x.off.DRP", { spy: acting.id, capital: names.city(capitalOf(pack, power)) });
  return t("sp.x.off.generic", { cost });
}

// ------------------------------------------------------------------ what the decision and each line do

/** What the decision is about, in one or two sentences. */
export function decisionHelp(pack, view, t, names) {
  const d = view.decision;
  if (!d || view.result) return "";
  const params = { power: d.power ? names.power(d.power) : "", ap: pack.rules.action_points_per_turn, spaces: pack.rules.spy_move_max_spaces, limit: pack.rules.chit_hand_limit };
  if (d.kind === "turn") return t(`sp.x.help.turn${Math.max(2, Math.min(4, view.phase || 2))}`, { ...params, left: apLeft(pack, view) });
  return t(`sp.x.help.${d.kind}`, params);
}

/** What one legal line does, in a sentence or two (a button's popover). */
export function lineHelp(pack, view, t, names, text) {
  const l = parseLine(text);
  if (!l) return "";
  const a = l.args;
  const city = (id) => names.city(id);
  const ap = apLeft(pack, view);
  switch (l.verb) {
    case "place":
      if (a[0][0] === "x") return t("sp.x.do.placeSecret", { x: a[0], city: city(a[1]) });
      if (a[0][0] === "p") return t("sp.x.do.placePolice", { piece: a[0], city: city(a[1]) }) + (a[2] ? ` ${t("sp.x.do.placeControl", { x: a[2] })}` : "");
      return t("sp.x.do.placeSpy", { piece: a[0], city: city(a[1]) }) + (a[2] ? ` ${t("sp.x.do.placeControl", { x: a[2] })}` : "");
    case "bid":
      return t("sp.x.do.bid");
    case "ready":
      return t("sp.x.do.ready");
    case "play": {
      const tile = tileOf(pack, view, a[0]);
      return [t("sp.x.do.play"), tile ? tileAwards(t, names, tile) : "", tile?.special ? t(`sp.x.special.${tile.special}`) : ""].filter(Boolean).join(" ");
    }
    case "discard":
      return t("sp.x.do.discard");
    case "police":
      return a.length ? t("sp.x.do.police") : t("sp.x.do.policePass");
    case "search":
      if (!a.length) return view.decision?.kind === "search" ? t("sp.x.do.searchNo") : t("sp.x.do.searchPass");
      if (a.length === 1 && /^s\d\d$/.test(a[0])) return t("sp.x.do.searchEntry", { spy: a[0] });
      return t("sp.x.do.search", { n: a.length });
    case "go":
      return t("sp.x.do.go", { spy: a[0], city: city(a[1]), ap: ap - 1, spaces: Math.max(0, spacesLeft(pack, spyOf(view, a[0]) || { spaces: 0 }) - 1) });
    case "sail": {
      const spy = spyOf(view, a[0]);
      const n = spy ? voyageLength(pack, spy.city, a[1]) : null;
      return t("sp.x.do.sail", { spy: a[0], city: city(a[1]), n: n ?? "?" });
    }
    case "reroll":
      return t("sp.x.do.reroll", { spy: a[0] });
    case "stay":
      return t("sp.x.do.stay", { spy: a[0] });
    case "take":
      return view.decision?.kind === "takeover" ? t("sp.x.do.takeover", { spy: a[0], x: a[1] }) : t("sp.x.do.take", { piece: a[0], x: a[1] });
    case "release":
      return t("sp.x.do.release", { piece: a[0] });
    case "give":
      return t("sp.x.do.give", { from: a[0], to: a[1] });
    case "cash":
      return t("sp.x.do.cash", { spy: a[0], gbp: pack.rules.cash_in_reward.money });
    case "chit": {
      const c = chitInfo(pack, a[1]);
      const own = view.decision?.kind === "turn";
      const cost = c ? t(own ? "sp.x.cost.both" : "sp.x.cost.money", { gbp: c.cost_gbp, ap: c.cost_ap }) : "";
      return `${t(`sp.x.chit.${a[1]}`)} ${cost}`.trim();
    }
    case "return":
      return t("sp.x.do.return", { limit: pack.rules.chit_hand_limit });
    case "open":
      return t("sp.x.do.open", { power: names.power(a[0]) });
    case "close":
      return t("sp.x.do.close", { power: names.power(a[0]) });
    case "offer":
      return t("sp.x.do.offer", { power: names.power(a[1]) });
    case "accept":
      return t("sp.x.do.accept");
    case "decline":
      return t("sp.x.do.decline");
    case "end":
      return t("sp.x.do.end", { power: names.power(l.power), n: ap });
    case "pass":
      return t(`sp.x.do.pass.${view.decision?.kind || "turn"}`);
    default:
      return "";
  }
}

function tileOf(pack, view, tile) {
  const m = (view.manifest || []).find((x) => x.tile === tile);
  if (m) return m;
  const e = pack.event_tiles.find((x) => `t${x.id}` === tile);
  return e ? { tile, owner: e.owner, name: e.name, years: e.years.length ? e.years : "any", awards: e.awards, special: e.special } : null;
}

function tileAwards(t, names, tile) {
  const parts = (tile.awards || []).map((a) => t(a.kind === "money" ? "sp.x.award.money" : "sp.x.award.chits", { n: a.amount, cities: listWords(t, a.cities.map((c) => names.city(c))) }));
  return parts.length ? t("sp.x.awards", { list: parts.join(t("sp.sep")) }) : t("sp.x.noAwards");
}

// ------------------------------------------------------------------ what a thing is

/** The popover of a piece on the map or in a list: {title, lines}. `title` is the module's
 * own description (describePiece), so the popover and the lists say the same. */
export function pieceTip(pack, view, t, names, kind, piece, title) {
  const lines = [];
  if (kind === "spy") {
    lines.push(t("sp.x.spy.what", { spaces: pack.rules.spy_move_max_spaces }));
    if (piece.face && piece.face.endsWith("c")) lines.push(t("sp.x.spy.cousin"));
    else if (!piece.face && !piece.strength) lines.push(t("sp.x.spy.hidden"));
    if (piece.box === "record") lines.push(t("sp.x.spy.record", { power: names.power(piece.captor), year: piece.year }));
    else if (piece.box === "sanctioned") lines.push(t("sp.x.spy.sanctioned"));
    else if (piece.box === "neutral") lines.push(t("sp.x.spy.neutralBox"));
    else if (view.year && view.active === piece.power && view.decision) {
      if (piece.done) lines.push(t("sp.x.spy.done"));
      else lines.push(t("sp.x.spy.spaces", { n: spacesLeft(pack, piece), max: pack.rules.spy_move_max_spaces }));
    }
    if (piece.secret) lines.push(t("sp.x.spy.carries", { x: piece.secret }));
    if (piece.city && pack.cityById.get(piece.city)?.spy_haven) lines.push(t("sp.x.spy.haven"));
  } else if (kind === "police") {
    lines.push(t("sp.x.police.what"));
    if (!piece.face) lines.push(t("sp.x.police.hidden"));
    if (piece.secret) lines.push(t("sp.x.police.holds", { x: piece.secret }));
  } else {
    const f = secretFace(piece.face);
    lines.push(t(piece.original ? "sp.x.secret.original" : "sp.x.secret.neutral", { power: piece.original ? names.power(piece.original) : "" }));
    if (f && f.counterspy) lines.push(t("sp.x.secret.counterspy", { n: f.strength }));
    else if (!f) lines.push(t("sp.x.secret.hidden"));
    lines.push(piece.holder ? t("sp.x.secret.held", { piece: piece.holder }) : t("sp.x.secret.free"));
    if (piece.record) lines.push(t("sp.x.secret.onRecord", { power: names.power(piece.record), year: piece.year }));
  }
  return { title, lines };
}

/** The popover of a city: what is printed there and what it does. */
export function cityTip(pack, view, t, names, cityId) {
  const c = pack.cityById.get(cityId);
  if (!c) return null;
  const owner = ownerOf(pack, view, cityId);
  const lines = [];
  if (owner) lines.push(t(!c.owner ? "sp.x.city.annexed" : "sp.x.city.home", { power: names.power(owner) }));
  else lines.push(t("sp.x.city.neutral"));
  if (c.capital) lines.push(t("sp.x.city.capital", { power: names.power(c.owner || owner || "") }));
  if (c.police_symbol) lines.push(t("sp.x.city.police", { n: pack.rules.police_per_city_max }));
  if (c.port) lines.push(t("sp.x.city.port", { seas: c.sea_zones.map((z) => pack.sea_zones.find((s) => s.id === z)?.name || z).join(", ") }));
  if (c.secret_city) lines.push(t("sp.x.city.secretCity"));
  if (c.spy_haven) lines.push(t("sp.x.city.haven"));
  if (c.overseas) lines.push(t("sp.x.city.overseas"));
  const h = here(view, cityId);
  lines.push(t("sp.x.city.here", { spies: h.spies.length, police: h.police.length, secrets: h.secrets.length }));
  return { title: `${c.name} (${c.id})`, lines };
}

/** The popover of a sea zone. */
export function seaTip(pack, t, names, zoneId) {
  const z = pack.sea_zones.find((s) => s.id === zoneId);
  if (!z) return null;
  return { title: `${z.name} (~${z.id})`, lines: [t("sp.x.sea", { ports: listWords(t, z.ports.map((c) => names.city(c))) })] };
}

/** The popover of a chit (its type when the view gives it). */
export function chitTip(pack, t, handle, type) {
  if (!type) return { title: t("sp.x.chitTitle", { h: handle, name: t("sp.chitHidden") }), lines: [t("sp.x.chitHidden")] };
  const c = chitInfo(pack, type);
  const cost = c ? t("sp.x.chitCost", { gbp: c.cost_gbp, ap: c.cost_ap }) : "";
  return { title: t("sp.x.chitTitle", { h: handle, name: t(`sp.chit.${type}`) }), lines: [t(`sp.x.chit.${type}`), cost].filter(Boolean) };
}

/** The popover of an event tile the viewer sees (in hand, discarded by him, or played). */
export function tileTip(pack, view, t, names, tileId) {
  const tile = tileOf(pack, view, tileId);
  if (!tile) return null;
  const years = Array.isArray(tile.years) ? listWords(t, tile.years.map(String)) : t("sp.anyYear");
  const lines = [t("sp.x.tile.owner", { power: tile.owner ? names.power(tile.owner) : t("sp.x.tile.random"), years })];
  lines.push(tileAwards(t, names, tile));
  if (tile.special) lines.push(t(`sp.x.special.${tile.special}`));
  lines.push(t(Array.isArray(tile.years) ? "sp.x.tile.rule" : "sp.x.tile.anyRule"));
  if (tile.owner) lines.push(t("sp.x.tile.vp"));
  return { title: `${tileId} ${tile.name}`, lines };
}

/** The popover of a cell of the Time and Victory Record: what it holds and is worth. */
export function recordTip(pack, view, t, names, power, year) {
  const m = pack.victory_record?.multipliers?.[power]?.[String(year)];
  const secrets = (view.secrets || []).filter((x) => x.record === power && x.year === year);
  const spies = (view.spies || []).filter((s) => s.box === "record" && s.captor === power && s.year === year);
  const markers = (view.powers?.[power]?.markers || []).filter((y) => y === year).length;
  const lines = [t("sp.x.rec.m", { m: m ?? "?" })];
  if (secrets.length) lines.push(t("sp.x.rec.secrets", { list: secrets.map((x) => x.id).join(", ") }));
  if (spies.length) lines.push(t("sp.x.rec.spies", { list: spies.map((s) => s.id).join(", ") }));
  if (markers) lines.push(t("sp.x.rec.markers", { n: markers, vp: pack.victory_record.sanctioned_marker_value }));
  if (!secrets.length && !spies.length && !markers) lines.push(t("sp.x.rec.empty"));
  return { title: `${names.power(power)} · ${year}`, lines };
}

// ------------------------------------------------------------------ the server's refusals

const ENGINE = [
  [/^(s\d\d) is done for this turn$/, "sp.x.why.done", ["spy"]],
  [/^no rail or air line from ([A-Z]{3}) to ([A-Z]{3})$/, "sp.x.err.noLine", ["from", "to"], ["from", "to"]],
  [/^(s\d\d) has no space left this turn$/, "sp.x.err.noSpace", ["spy"]],
  [/^no AP left$/, "sp.x.err.noAP", []],
  [/^not enough AP$/, "sp.x.err.noAP", []],
  [/^no voyage from ([A-Z]{3}) to ([A-Z]{3})$/, "sp.x.err.noVoyage", ["from", "to"], ["from", "to"]],
  [/^the voyage to ([A-Z]{3}) needs (\d+) spaces and AP$/, "sp.x.err.voyage", ["to", "n"], ["to"]],
  [/^a reroll needs (\d+) spaces and AP left$/, "sp.x.err.reroll", ["n"]],
  [/^the (\w+) phase is over$/, "sp.x.err.phaseOver", ["phase"]],
  [/^an offer needs an open channel with its recipient$/, "sp.x.err.offerChannel", []],
  [/^channels open in phases 2-4$/, "sp.x.err.channelPhase", []],
  [/^no channel with ([GIRFB]) is open$/, "sp.x.err.noChannel", ["power"]],
  [/^([GIRFB]) is not an enemy power$/, "sp.x.err.notEnemy", ["power"]],
  [/^a channel with ([GIRFB]) is already open$/, "sp.x.err.channelOpen", ["power"]],
  [/^([GIRFB])'s seat has left the game$/, "sp.x.err.seatLeft", ["power"]],
  [/^Russia under limited control/, "sp.x.err.limited", []],
  [/^Russia held by bid takes part in no/, "sp.x.err.russiaBid", []],
  [/^(p\d\d) controls no secret/, "sp.x.err.noSecret", ["piece"]],
  [/^(p\d\d) must stay in ([A-Z]{3}) and not give a secret itself$/, "sp.x.err.receiverStays", ["piece", "city"], ["city"]],
  [/^([ps]\d\d) already controls a secret$/, "sp.x.err.alreadyHolds", ["piece"]],
  [/^(x\d\d) is controlled$/, "sp.x.err.controlled", ["x"]],
  [/^(p\d\d) may take only an original secret of ([GIRFB]) in its original city$/, "sp.x.err.policeTake", ["piece", "power"]],
  [/^([GIRFB]) may release its own original at home only in its original city$/, "sp.x.err.release", ["power"]],
  [/^police control an original of their power only in its original city$/, "sp.x.err.policeOriginal", []],
  [/^([GIRFB])'s police cannot stand in ([A-Z]{3})$/, "sp.x.err.policeCity", ["power", "city"], ["city"]],
  [/^at most (\d+) police units per city$/, "sp.x.err.policeMax", ["n"]],
  [/^at most one police unit overseas$/, "sp.x.why.policeOverseas", []],
  [/^'?(.+?)'? is not a police part/, "sp.x.err.policePart", ["part"]],
  [/^(p\d\d) appears twice as a (\w+)$/, "sp.x.err.twice", ["piece"]],
  [/^'?(.+?)'? is not CITY:spy,spy$/, "sp.x.err.searchPart", ["part"]],
  [/^([A-Z]{3}) is listed twice$/, "sp.x.err.cityTwice", ["city"], ["city"]],
  [/^([GIRFB]) cannot search those spies in ([A-Z]{3})$/, "sp.x.err.searchCity", ["power", "city"], ["city"]],
  [/^([GIRFB]) has (\d+) AP left$/, "sp.x.err.searchAP", ["power", "n"]],
  [/^([GIRFB]) holds no (\w+) chit (c\d+)$/, "sp.x.err.noChit", ["power", "type", "h"]],
  [/^([GIRFB]) cannot pay for (\w+)$/, "sp.x.err.cannotPay", ["power", "type"]],
  [/^the next offer is (o\d+)$/, "sp.x.err.nextOffer", ["n"]],
  [/^an offer is: oN/, "sp.x.err.offerShape", []],
  [/^items follow give or get$/, "sp.x.err.offerShape", []],
  [/^give and get are each followed/, "sp.x.err.offerShape", []],
  [/^an offer holds at least one item$/, "sp.x.err.offerEmpty", []],
  [/^'?(.+?)'? is not an item/, "sp.x.err.offerItem", ["part"]],
  [/^([GIRFB]) holds no chit (c\d+)$/, "sp.x.err.holdsNoChit", ["power", "h"]],
  [/^(x\d\d) is not controlled by ([ps]\d\d) of ([GIRFB])$/, "sp.x.err.notControlledBy", ["x", "piece", "power"]],
  [/^([GIRFB]) may give only secrets foreign to it$/, "sp.x.err.giveForeign", ["power"]],
  [/^([ps]\d\d) is not a piece of ([GIRFB]) in ([A-Z]{3})$/, "sp.x.err.notPieceIn", ["piece", "power", "city"], ["city"]],
  [/^([GIRFB]) has not £(\d+)$/, "sp.x.err.money", ["power", "n"]],
  [/^a counter-offer goes back to ([GIRFB])$/, "sp.x.err.counter", ["power"]],
  [/^(s\d\d) is not a spy of ([GIRFB]) on the map$/, "sp.x.err.notSpy", ["spy", "power"]],
  [/^(p\d\d) is not a police unit of ([GIRFB])$/, "sp.x.err.notPolice", ["piece", "power"]],
  [/^(x\d\d) is not a secret on the map$/, "sp.x.err.notSecret", ["x"]],
  [/^unknown city '?([^']+)'?$/, "sp.x.err.unknownCity", ["city"]],
  [/^'?(.+?)'? is not an amount such as £5$/, "sp.x.err.amount", ["part"]],
  [/^wrong number of arguments for this verb$/, "sp.x.err.arity", []],
  [/^an action line starts with a power/, "sp.x.err.power", []],
  [/^an action line is tokens separated by single spaces$/, "sp.x.err.spaces", []],
  [/^the decision is ([GIRFB])'s$/, "sp.x.err.decisionOf", ["power"]],
  [/^this seat has already answered$/, "sp.x.err.answered", []],
  [/^'(\w+)' is not an action of a turn$/, "sp.x.err.notTurnAction", ["verb"]],
  [/^(x\d\d) is not an uncontrolled secret in (s\d\d)'s city$/, "sp.x.err.notUncontrolled", ["x", "spy"]],
  [/^a spy takes only an original secret of ([GIRFB]) in its home territory$/, "sp.x.err.spyTake", ["power"]],
  [/^(s\d\d) controls no secret$/, "sp.x.err.noSecret", ["piece"]],
  [/^a piece cannot give to itself$/, "sp.x.err.giveSelf", []],
  [/^([ps]\d\d) and ([ps]\d\d) are not in the same city$/, "sp.x.err.sameCity", ["from", "to"]],
  [/^police hand secrets to each other only in the police phase$/, "sp.x.err.policeHand", []],
  [/^(s\d\d) is not in ([GIRFB])'s capital$/, "sp.x.err.notInCapital", ["spy", "power"]],
  [/^(s\d\d) controls no foreign secret$/, "sp.x.err.noForeign", ["spy"]],
  [/^Discovery, Drop and Sanction are never played in a spy haven$/, "sp.x.city.haven", []],
  [/^chit takes a handle, a type and its targets$/, "sp.x.err.chitShape", []],
  [/^(\w+) is not played on its own in a turn$/, "sp.x.err.notAlone", ["type"]],
  [/^(s\d\d) is not an enemy spy in (s\d\d)'s city$/, "sp.x.err.notEnemySpy", ["target", "spy"]],
  [/^(s\d\d) is not a captured spy of ([GIRFB])$/, "sp.x.err.notCaptured", ["spy", "power"]],
  [/^(s\d\d) is not a sanctioned spy of ([GIRFB]) that can be recruited$/, "sp.x.err.notRecruitable", ["spy", "power"]],
  [/^(s\d\d) already controls a secret \(release it first\)$/, "sp.x.err.alreadyHolds", ["piece"]],
  [/^(x\d\d) is not in (s\d\d)'s city$/, "sp.x.err.notInCity", ["x", "spy"]],
  [/^([GIRFB]) already controls (x\d\d)$/, "sp.x.err.alreadyControls", ["power", "x"]],
  [/^(x\d\d) is ([GIRFB])'s own: take it instead$/, "sp.x.err.takeInstead", ["x", "power"]],
  [/^(x\d\d) is controlled by a power of the same player$/, "sp.x.err.sameSeat", ["x"]],
  [/^(x\d\d) is an original secret of a power of the same player$/, "sp.x.err.sameSeat", ["x"]],
  [/^(s\d\d) carries no secret ([GIRFB]) may move$/, "sp.x.err.noMovable", ["spy", "power"]],
  [/^(s\d\d) is already in the capital$/, "sp.x.err.inCapital", ["spy"]],
  [/^([ps]\d\d) is not a free piece in ([A-Z]{3})$/, "sp.x.err.notFree", ["piece", "city"], ["city"]],
  [/^answer a search with Papers, Escape or pass$/, "sp.x.err.answerEvade", []],
  [/^only (.+) may answer now$/, "sp.x.err.onlyAnswer", ["list"]],
  [/^answer with a chit or pass$/, "sp.x.err.answerChain", []],
  [/^answer with Intercept or pass$/, "sp.x.err.answerIntercept", []],
  [/^only Intercept answers a Drop$/, "sp.x.err.answerIntercept", []],
  [/^answer with reroll (s\d\d) or stay (s\d\d)$/, "sp.x.err.answerRoll", ["spy"]],
  [/^answer with search (s\d\d) or pass$/, "sp.x.err.answerSearch", ["spy"]],
  [/^answer with take (s\d\d) (x\d\d) or pass$/, "sp.x.err.answerTakeover", ["spy", "x"]],
  [/^answer (o\d+)$/, "sp.x.err.answerOffer", ["n"]],
  [/^answer with accept, decline or a counter-offer$/, "sp.x.err.answerOffer", ["n"]],
  [/^return exactly (\d+) chits$/, "sp.x.err.returnExactly", ["n"]],
  [/^'?(.+?)'? is not a tile$/, "sp.x.err.notTile", ["part"]],
  [/^([GIRFB]) does not hold (t\d+)$/, "sp.x.err.noTile", ["power", "tile"]],
  [/^(t\d+) cannot be discarded in (\d{4})$/, "sp.x.err.noDiscard", ["tile", "year"]],
  [/^the tile step is play or discard$/, "sp.x.err.tileStep", []],
  [/^(t\d+) is not playable in (\d{4})$/, "sp.x.err.notPlayable", ["tile", "year"]],
  [/^place a piece$/, "sp.x.err.placeOne", []],
  [/^place one of your powers' secrets or police units$/, "sp.x.err.placeOne", []],
  [/^(secrets and police units|secrets|police units|spies) are placed now$/, "sp.x.err.placeOne", []],
  [/^([spx]\d\d) is not an unplaced piece of ([GIRFB])$/, "sp.x.err.notUnplaced", ["piece", "power"]],
  [/^([GIRFB])'s secrets go in its home territory$/, "sp.x.err.secretHome", ["power"]],
  [/^([A-Z]{3}) already holds a secret of ([GIRFB])$/, "sp.x.why.secretTwice", ["city", "power"], ["city"]],
  [/^([ps]\d\d) cannot stand in ([A-Z]{3})$/, "sp.x.err.cannotStand", ["piece", "city"], ["city"]],
  [/^([GIRFB]) already has (\d+) spies abroad$/, "sp.x.err.spiesAbroad", ["power", "n"]],
  [/^this seat writes its lines as ([GIRFB])$/, "sp.x.err.writeAs", ["power"]],
  [/^the negotiation period waits for ready$/, "sp.x.err.waitsReady", []],
  [/^the auction waits for a sealed bid$/, "sp.x.err.waitsBid", []],
  [/^bid an amount \(0: no bid\)$/, "sp.x.err.bidAmount", []],
  [/^the seat's powers hold less than £(\d+)$/, "sp.x.err.bidMoney", ["n"]],
  [/^a tied seat that can must bid more than (\d+)$/, "sp.x.err.bidMore", ["n"]],
  [/^this seat can only drop out \(bid 0\)$/, "sp.x.err.bidDrop", []],
  [/^the split must sum to the bid$/, "sp.x.err.bidSplit", []],
];

/** A refusal of the server for one of the seat's lines, in the page's words, or "". */
export function refusalWords(t, names, code, message) {
  if (code === "stale_version") return t("sp.x.err.stale");
  const text = String(message || "");
  for (const [pattern, key, params, cities = []] of ENGINE) {
    const m = pattern.exec(text);
    if (!m) continue;
    const out = Object.fromEntries(params.map((name, i) => [name, m[i + 1]]));
    for (const name of cities) out[name] = names.city(out[name]);
    if (out.power) out.power = names.power(out.power);
    if (out.type) out.type = t(`sp.chit.${out.type}`);
    if (out.phase) out.phase = t(`sp.x.phaseName.${out.phase}`);
    return t(key, out);
  }
  return "";
}

// ------------------------------------------------------------------ the end explained

/** Each spy's data-pack id from the end's `! setup` line (every face is shown then). */
function spyDataIds(history) {
  const setup = (history || []).find((e) => typeof e.a === "string" && e.a.startsWith("! setup "));
  const out = {};
  if (!setup) return out;
  for (const m of setup.a.matchAll(/\b(s\d\d)=\w+:([\w-]+)/g)) out[m[1]] = m[2];
  return out;
}

/**
 * Each power's score rebuilt from the view at the end (spec 16.1): {power: {rows: [{kind,
 * year, ids, count, value, m, points}], tiles: [ids], penalty: {partner, rivals} | null,
 * total}}. A spy's VP value is its data-pack `vp_value` (read from the end's setup line),
 * its strength when that line is missing.
 */
export function scoreBreakdown(pack, view, history) {
  const vr = pack.victory_record;
  const ids = spyDataIds(history);
  const vpOf = (spy) => pack.spies.find((x) => x.id === ids[spy.id])?.vp_value ?? Number(String(spy.face || spy.strength || "0").replace("c", ""));
  const out = {};
  for (const p of pack.rules.turn_order) {
    const m = (y) => vr.multipliers[p][String(y)];
    const rows = [];
    const years = [...new Set([...(view.secrets || []).filter((x) => x.record === p).map((x) => x.year), ...(view.spies || []).filter((s) => s.box === "record" && s.captor === p).map((s) => s.year), ...(view.powers?.[p]?.markers || [])])].sort();
    for (const y of years) {
      const secrets = (view.secrets || []).filter((x) => x.record === p && x.year === y);
      const plain = secrets.filter((x) => !secretFace(x.face)?.counterspy);
      const counter = secrets.filter((x) => secretFace(x.face)?.counterspy);
      const value = (xs) => xs.reduce((sum, x) => sum + (secretFace(x.face)?.value || 0), 0);
      if (plain.length) rows.push({ kind: "secrets", year: y, ids: plain.map((x) => `${x.id} (${secretFace(x.face)?.value ?? "?"})`), value: value(plain), m: m(y), points: value(plain) * m(y) });
      if (counter.length) rows.push({ kind: "counterspies", year: y, ids: counter.map((x) => `${x.id} (${secretFace(x.face)?.value ?? "?"})`), value: value(counter), m: Math.floor(m(y) / 2), points: value(counter) * Math.floor(m(y) / 2) });
      const spies = (view.spies || []).filter((s) => s.box === "record" && s.captor === p && s.year === y);
      const spyValue = spies.reduce((sum, s) => sum + vpOf(s), 0);
      if (spies.length) rows.push({ kind: "spies", year: y, ids: spies.map((s) => `${s.id} (${vpOf(s)})`), value: spyValue, m: m(y), points: spyValue * m(y) });
      const markers = (view.powers?.[p]?.markers || []).filter((x) => x === y).length;
      if (markers) rows.push({ kind: "markers", year: y, ids: [], count: markers, value: markers * vr.sanctioned_marker_value, m: m(y), points: markers * vr.sanctioned_marker_value * m(y) });
    }
    const tiles = (view.played || []).filter((x) => x.power === p && pack.event_tiles.find((e) => `t${e.id}` === x.tile && e.owner === p && e.scores_vp)).map((x) => x.tile);
    const total = rows.reduce((sum, r) => sum + r.points, 0) + tiles.length * vr.event_tile_vp;
    out[p] = { rows, tiles, penalty: null, total };
  }
  if (view.options?.historical_alliances) {
    const base = Object.fromEntries(Object.entries(out).map(([p, b]) => [p, b.total]));
    const behind = (p, a, b) => base[p] < base[a] && base[p] < base[b];
    for (const [loser, partner, r1, r2] of [["G", "I", "B", "F"], ["I", "G", "B", "F"], ["F", "B", "G", "I"], ["B", "F", "G", "I"]]) {
      if (behind(partner, r1, r2)) {
        out[loser].penalty = { partner, rivals: [r1, r2], points: -vr.historical_alliance_penalty };
        out[loser].total -= vr.historical_alliance_penalty;
      }
    }
  }
  return out;
}

/** The year the game ended ("= end 1938" in the record), else the view's year. */
function endYear(view, history) {
  const end = [...(history || [])].reverse().find((e) => typeof e.a === "string" && /^= end \d{4}$/.test(e.a));
  return end ? Number(end.a.slice(6)) : view.year;
}

/**
 * The end in words: which rule ended the game, the winner rule and who won by it, then each
 * scoring power's record line by line ({title, rows, total, note}). `seatName(seat)`.
 */
export function explainEnd(pack, view, history, t, names, seatName) {
  const r = view?.result;
  if (!r) return [];
  if (r.outcome === "aborted" || r.reason === "aborted") return [t("sp.x.end.aborted")];
  const out = [];
  const seats = view.seats || [];
  const winners = r.winners || (Number.isInteger(r.winner) ? [r.winner] : []);
  const winNames = listWords(t, winners.map((s) => seatName(s)));
  const left = [...(history || [])].filter((e) => typeof e.a === "string" && /^= (resign|timeout|zombie) \d$/.test(e.a));
  if (["resign", "timeout", "abandon"].includes(r.reason) && !view.scores) {
    const loser = seats.findIndex((_, s) => !winners.includes(s));
    out.push(t(`sp.x.end.${r.reason}2`, { loser: seatName(loser), winner: winNames }));
    return out;
  }
  if (["resign", "timeout", "abandon"].includes(r.reason)) out.push(t("sp.x.end.lastSeat", { winner: winNames }));
  else {
    const year = endYear(view, history);
    const last = pack.rules.years.at(-1);
    const crisis = (view.played || []).some((x) => x.year === 1938 && pack.event_tiles.find((e) => `t${e.id}` === x.tile)?.special === "polish_crisis");
    if (year < last && crisis && year === 1938) out.push(t("sp.x.end.crisis"));
    else if (year < last) out.push(t("sp.x.end.lastYear", { year }));
    else out.push(t("sp.x.end.year", { year }));
  }
  const zombies = new Set(view.zombies || []);
  if (left.length && zombies.size) out.push(t("sp.x.end.zombies", { seats: listWords(t, [...zombies].map((s) => seatName(s))) }));
  const mode = view.options?.multi_country_score || "separate";
  const multi = seats.some((ps) => ps.filter((p) => !view.scores || p in view.scores).length > 1);
  out.push(t(multi ? `sp.x.end.rule.${mode}` : "sp.x.end.rule.single"));
  if (r.scores && winners.length) {
    const best = r.scores[winners[0]];
    const tied = seats.map((_, s) => s).filter((s) => !zombies.has(s) && r.scores[s] === best);
    if (tied.length > 1 && winners.length < tied.length) out.push(t("sp.x.end.richer", { winner: winNames, n: best }));
    else if (winners.length > 1) out.push(t("sp.x.end.shared", { winner: winNames, n: best }));
    else out.push(t("sp.x.end.won", { winner: winNames, n: best }));
  } else if (!winners.length) out.push(t("sp.x.end.noWinner"));
  if (view.scores && !("R" in view.scores)) out.push(t("sp.x.end.russia"));
  const parts = scoreBreakdown(pack, view, history);
  for (const p of pack.rules.turn_order) {
    if (!view.scores || view.scores[p] === undefined) continue;
    const b = parts[p];
    const rows = b.rows.map((row) => ({
      label: row.kind === "markers" ? t("sp.x.end.row.markers", { year: row.year, n: row.count }) : t(`sp.x.end.row.${row.kind}`, { year: row.year, list: row.ids.join(", ") }),
      value: row.kind === "markers" ? t("sp.x.end.markerValue", { n: row.count, vp: pack.victory_record.sanctioned_marker_value, m: row.m, points: row.points }) : t("sp.x.end.times", { value: row.value, m: row.m, points: row.points }),
    }));
    if (b.tiles.length) rows.push({ label: t("sp.x.end.row.tiles", { list: b.tiles.join(", ") }), value: t("sp.x.end.times", { value: b.tiles.length, m: pack.victory_record.event_tile_vp, points: b.tiles.length * pack.victory_record.event_tile_vp }) });
    if (b.penalty) rows.push({ label: t("sp.x.end.row.alliance", { partner: names.power(b.penalty.partner), a: names.power(b.penalty.rivals[0]), b: names.power(b.penalty.rivals[1]) }), value: String(b.penalty.points).replace("-", "−") });
    if (!rows.length) rows.push({ label: t("sp.x.end.row.none"), value: "0" });
    const seat = seats.findIndex((ps) => ps.includes(p));
    const money = view.powers?.[p]?.money;
    const isWinner = winners.includes(seat);
    const shared = seat >= 0 && (seats[seat] || []).length > 1;
    out.push({
      title: names.power(p) + (shared ? ` (${seatName(seat)})` : "") + (isWinner ? ` — ${t("sp.x.end.winnerTag")}` : ""),
      rows,
      total: { label: t("sp.x.end.total"), value: String(view.scores[p]) },
      note: money === null || money === undefined ? "" : t("sp.x.end.money", { n: money }),
    });
  }
  return out;
}
