// Spies! action lines (spec 15.2) read: their kind, the pieces, secrets and cities they name,
// where on the map they can be chosen, and their words. Pure: no DOM.

const SPY = /^s\d\d$/;
const POLICE = /^p\d\d$/;
const SECRET = /^x\d\d$/;
const HANDLE = /^c\d+$/;
const TILE = /^t\d+$/;
const CITY = /^[A-Z]{3}$/;

/** "G go s04 WAR" -> {power, verb, args, spies, police, secrets, cities, handles, tiles}. */
export function parseLine(text) {
  if (typeof text !== "string") return null;
  const words = text.trim().split(/\s+/);
  if (words.length < 2) return null;
  const [power, verb, ...args] = words;
  const out = { text, power, verb, args, spies: [], police: [], secrets: [], cities: [], handles: [], tiles: [] };
  for (const raw of args) {
    // "BER:s14,s09", "p02=HAM", "p02+x07", "p06-", "p01>p04", "x12:s22>s04"
    for (const w of raw.split(/[:,=+>-]/)) {
      if (!w) continue;
      if (SPY.test(w)) out.spies.push(w);
      else if (POLICE.test(w)) out.police.push(w);
      else if (SECRET.test(w)) out.secrets.push(w);
      else if (HANDLE.test(w)) out.handles.push(w);
      else if (TILE.test(w)) out.tiles.push(w);
      else if (CITY.test(w)) out.cities.push(w);
    }
  }
  return out;
}

/** The group a line goes in, in the list of legal lines. */
export function groupOf(line) {
  const v = line?.verb;
  if (!v) return "other";
  if (v === "go" || v === "sail" || v === "reroll" || v === "stay") return "move";
  if (v === "place") return "place";
  if (v === "chit" || v === "return") return "chit";
  if (v === "take" || v === "release" || v === "give" || v === "cash") return "secret";
  if (v === "open" || v === "close" || v === "offer" || v === "accept" || v === "decline") return "diplomacy";
  if (v === "search" || v === "police") return "police";
  if (v === "play" || v === "discard") return "tile";
  if (v === "bid" || v === "ready") return "table";
  return "other"; // end, pass
}

export const GROUP_ORDER = ["place", "table", "tile", "police", "move", "secret", "chit", "diplomacy", "other"];

/** Whether the line names the piece (a spy, police unit or secret id). */
export function namesPiece(line, id) {
  return Boolean(line && (line.spies.includes(id) || line.police.includes(id) || line.secrets.includes(id)));
}

/**
 * City id -> the legal lines chosen by clicking that city, for the piece selected (a spy to
 * move, a piece to place). Without a selection, placement lines use the first piece to place.
 */
export function cityTargets(legal, selected) {
  const out = new Map();
  const lines = legal.map(parseLine).filter(Boolean);
  let piece = selected;
  if (!piece) piece = lines.find((l) => l.verb === "place")?.args[0] || null;
  if (!piece) return out;
  for (const l of lines) {
    let city = null;
    if (l.verb === "place" && l.args[0] === piece) city = l.args[1];
    else if ((l.verb === "go" || l.verb === "sail") && l.args[0] === piece) city = l.args[1];
    if (!city) continue;
    if (!out.has(city)) out.set(city, []);
    out.get(city).push(l.text);
  }
  return out;
}

/** The pieces a player may select on the map: every piece some legal line moves or places. */
export function selectablePieces(legal) {
  const out = new Set();
  for (const l of legal.map(parseLine)) {
    if (!l) continue;
    if (l.verb === "place" || l.verb === "go" || l.verb === "sail") out.add(l.args[0]);
    else if (["take", "release", "give", "cash", "reroll", "stay"].includes(l.verb)) l.spies.forEach((s) => out.add(s));
    else if (l.verb === "chit") l.spies.slice(0, 1).forEach((s) => out.add(s));
  }
  return out;
}

/** The next offer's number, read from a listed offer line ("o3"), or null. */
export function nextOffer(legal) {
  for (const l of legal.map(parseLine)) if (l && l.verb === "offer") return l.args[0];
  return null;
}

/** An offer line from its parts; null when nothing is offered or asked. */
export function offerLine(power, number, to, give, get) {
  const items = (xs) => xs.filter((x) => x && x !== "£0");
  const g = items(give);
  const r = items(get);
  if (!g.length && !r.length) return null;
  let text = `${power} offer ${number} ${to}`;
  if (g.length) text += ` give ${g.join(" ")}`;
  if (r.length) text += ` get ${r.join(" ")}`;
  return text;
}

/** "a", "a and b", "a, b and c" in the reader's language. */
export function listWords(t, items) {
  const xs = items.filter((x) => x !== "" && x !== null && x !== undefined).map(String);
  if (xs.length < 2) return xs.join("");
  return `${xs.slice(0, -1).join(", ")}${t("sp.and")}${xs[xs.length - 1]}`;
}

/** A piece's face code in words (spec 15.1): spy "3c" → "strength 3, Cousin", police "2" →
 * "strength 2", secret "3cs4" → "value 3, counterspy, strength 4". `id` says the kind. */
export function faceWords(t, id, face) {
  const f = String(face ?? "");
  if (SECRET.test(id)) {
    const m = /^(\d+)(?:cs(\d+))?$/.exec(f);
    if (!m) return f;
    return m[2] ? `${t("sp.piece.value", { n: m[1] })}, ${t("sp.piece.counterspy", { n: m[2] })}` : t("sp.piece.value", { n: m[1] });
  }
  const m = /^(\d+)(c?)$/.exec(f);
  if (!m) return f;
  return m[2] ? `${t("sp.piece.strength", { n: m[1] })}, ${t("sp.piece.cousin")}` : t("sp.piece.strength", { n: m[1] });
}

/** One part of a police line in words ("p02=HAM" → "p02 to Hamburg", "p02+x07", "p06-", "p01>p04"). */
function policeWords(t, part, city) {
  let m;
  if ((m = /^(p\d\d)=([A-Z]{3})$/.exec(part))) return t("sp.police.move", { piece: m[1], city: city(m[2]) });
  if ((m = /^(p\d\d)\+(x\d\d)$/.exec(part))) return t("sp.line.take", { piece: m[1], x: m[2] });
  if ((m = /^(p\d\d)-$/.exec(part))) return t("sp.line.release", { piece: m[1] });
  if ((m = /^(p\d\d)>(p\d\d)$/.exec(part))) return t("sp.line.give", { from: m[1], to: m[2] });
  return part;
}

/** An offer's terms in words ("give £5 and chit c17, get secret x12 …"); hidden ("?") as such. */
function termsWords(t, args) {
  if (args.includes("?")) return t("sp.terms.hidden");
  const parts = [];
  let side = null;
  for (const w of args) {
    if (w === "give" || w === "get") {
      side = { key: w, items: [] };
      parts.push(side);
    } else if (side) side.items.push(itemWords(t, w));
  }
  return parts.map((p) => t(`sp.terms.${p.key}`, { items: listWords(t, p.items) })).join(t("sp.sep"));
}

/** Offer items in words ("£5", "chit c17 (Discovery)", "secret x12: s22 → s04"). */
export function itemWords(t, item, chitTypes = {}) {
  if (/^[£L]\d+$/.test(item)) return `£${item.slice(1)}`;
  if (/^[£L]\?$/.test(item)) return t("sp.terms.money");
  if (HANDLE.test(item)) {
    const type = chitTypes[item];
    return type ? t("sp.item.chitTyped", { h: item, type: t(`sp.chit.${type}`) }) : t("sp.item.chit", { h: item });
  }
  const m = /^(x\d\d):(\w+)>(\w+)$/.exec(item);
  if (m) return t("sp.item.secret", { x: m[1], from: m[2], to: m[3] });
  return item;
}

/** A legal line in words (the buttons' labels). `names` gives power and city names. */
export function lineWords(t, text, names = {}) {
  const l = parseLine(text);
  if (!l) return String(text);
  const city = (id) => names.city?.(id) || id;
  const power = (id) => names.power?.(id) || id;
  const a = l.args;
  switch (l.verb) {
    case "place":
      return a[2] ? t("sp.line.placeControl", { piece: a[0], city: city(a[1]), x: a[2] }) : t("sp.line.place", { piece: a[0], city: city(a[1]) });
    case "bid":
      if (a[0] === "?") return t("sp.line.bidHidden");
      return a[0] === "0" ? t("sp.line.bid0") : t("sp.line.bid", { n: a[0] });
    case "ready":
      return t("sp.line.ready");
    case "play":
      return t("sp.line.play", { tile: a[0], name: names.tile?.(a[0]) || "" }).trim();
    case "discard":
      if (a[0] === "?") return t("sp.line.discardHidden");
      return t("sp.line.discard", { tile: a[0], name: names.tile?.(a[0]) || "" }).trim();
    case "police":
      return a.length ? t("sp.line.police", { parts: a.map((p) => policeWords(t, p, city)).join(t("sp.sep")) }) : t("sp.line.policePass");
    case "search":
      if (!a.length) return t("sp.line.searchPass");
      if (a.length === 1 && SPY.test(a[0])) return t("sp.line.searchSpy", { spy: a[0] });
      return t("sp.line.search", {
        parts: a
          .map((p) => {
            const [where, who = ""] = p.split(":");
            return t("sp.search.in", { city: city(where), spies: listWords(t, who.split(",")) });
          })
          .join(t("sp.sep")),
      });
    case "go":
      return t("sp.line.go", { spy: a[0], city: city(a[1]) });
    case "sail":
      return t("sp.line.sail", { spy: a[0], city: city(a[1]) });
    case "reroll":
      return t("sp.line.reroll", { spy: a[0] });
    case "stay":
      return t("sp.line.stay", { spy: a[0] });
    case "take":
      return t("sp.line.take", { piece: a[0], x: a[1] });
    case "release":
      return t("sp.line.release", { piece: a[0] });
    case "give":
      return t("sp.line.give", { from: a[0], to: a[1] });
    case "cash":
      return t("sp.line.cash", { spy: a[0] });
    case "chit": {
      const type = a[1];
      const name = t(`sp.chit.${type}`);
      const rest = a.slice(2);
      if (type === "DIS") return t("sp.line.chitDIS", { h: a[0], name, spy: rest[0], x: rest[1] });
      if (type === "SAN") return t("sp.line.chitSAN", { h: a[0], name, spy: rest[0], target: rest[1] });
      if (type === "DRP") return t("sp.line.chitDRP", { h: a[0], name, spy: rest[0], to: rest[1] });
      if (rest.length) return t("sp.line.chitOn", { h: a[0], name, spy: rest[0] });
      return t("sp.line.chit", { h: a[0], name });
    }
    case "return":
      return t("sp.line.return", { handles: listWords(t, a) });
    case "open":
      return t("sp.line.open", { power: power(a[0]) });
    case "close":
      return t("sp.line.close", { power: power(a[0]) });
    case "offer":
      return t("sp.line.offer", { n: a[0], power: power(a[1]), rest: termsWords(t, a.slice(2)) });
    case "accept":
      return t("sp.line.accept", { n: a[0] });
    case "decline":
      return t("sp.line.decline", { n: a[0] });
    case "end":
      return t("sp.line.end");
    case "pass":
      return t("sp.line.pass");
    default:
      return text;
  }
}
