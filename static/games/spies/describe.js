// One record event of Spies! in words (spec 15.2-15.4): an action line, a chance line ("!")
// or an engine result ("="), as this viewer received it (a stub "~" or "?" where it saw
// nothing). Used by the module's log and by the replay's move list. Pure: no DOM.

import { faceWords, itemWords, lineWords, listWords } from "./lines.js";

const POWER = /^[GIRFB]$/;
const KIND = { s: "spies", p: "police", x: "secrets" };

/**
 * `! setup …` with faces in words. During the game a seat reads its own pieces, power by power
 * (`G s03=3 s11=2c p02=2 x01=3 x05=2cs3 I …`); after it every piece is public with its data id
 * (`s03=3:G-SPY4`), whose first letter names the spy's or the police unit's power.
 */
function setupWords(t, words, P) {
  const groups = [];
  let group = null;
  const start = (power) => {
    group = { power, spies: [], police: [], secrets: [] };
    groups.push(group);
  };
  for (const w of words) {
    if (POWER.test(w)) {
      start(w);
      continue;
    }
    const m = /^([spx]\d\d)=([^:]+)(?::(\S+))?$/.exec(w);
    if (!m) continue;
    if (!group) start(null);
    const [, id, face, dataId] = m;
    const owner = dataId && /^[GIRFB]-/.test(dataId) ? `${P(dataId[0])}, ` : "";
    group[KIND[id[0]]].push(`${id} (${owner}${faceWords(t, id, face)})`);
  }
  const kinds = (g) => ["spies", "police", "secrets"].filter((k) => g[k].length).map((k) => t(`sp.ev.kind.${k}`, { list: g[k].join(", ") }));
  const told = groups.map((g) => (g.power ? t("sp.ev.setupPower", { power: P(g.power), kinds: kinds(g).join(t("sp.sep")) }) : `${kinds(g).join(t("sp.sep"))}.`));
  const end = groups.length === 1 && groups[0].power === null;
  return t(end ? "sp.ev.setupAll" : "sp.ev.setupYours", { list: told.join(" ") });
}

/** `names`: {power(id), city(id), tile(id)}; `event`: {n, by, a, header}. */
export function describeEvent(event, t, names) {
  const text = typeof event?.a === "string" ? event.a : "";
  if (!text || text === "~") return t("sp.ev.hidden");
  const w = text.split(" ");
  const P = (p) => names.power(p);
  const C = (c) => names.city(c);
  if (w[0] === "!") {
    switch (w[1]) {
      case "setup":
        return w[2] === "?" ? t("sp.ev.setup") : setupWords(t, w.slice(2), P);
      case "deal": {
        if (w.slice(3).includes("?")) return t("sp.ev.dealHidden", { power: P(w[2]), n: w.length - 3 });
        const tile = (id) => (names.tile?.(id) ? `${id} (${names.tile(id)})` : id);
        return t("sp.ev.deal", { power: P(w[2]), tiles: listWords(t, w.slice(3).map(tile)) });
      }
      case "draw": {
        const [h, type] = (w[3] || "").split("=");
        return type ? t("sp.ev.drawTyped", { power: P(w[2]), h, type: t(`sp.chit.${type}`) }) : t("sp.ev.draw", { power: P(w[2]), h });
      }
      case "roll":
        return t("sp.ev.roll", { spy: w[2], n: w[3] });
      case "russia":
        return t("sp.ev.russiaDraw", { power: P(w[2]) });
      default:
        return text;
    }
  }
  if (w[0] === "=") return result(t, w, P, C, text);
  const who = P(w[0]);
  return t("sp.ev.who", { who, text: lineWords(t, text, names) });
}

function result(t, w, P, C, text) {
  const a = w.slice(2);
  switch (w[1]) {
    case "award":
      return /c$/.test(a[1]) ? t("sp.ev.awardChits", { power: P(a[0]), n: a[1].slice(0, -1), city: C(a[2]) }) : t("sp.ev.awardMoney", { power: P(a[0]), money: a[1], city: C(a[2]) });
    case "safe":
      return t("sp.ev.safe", { spy: a[0] });
    case "evaded":
      return t("sp.ev.evaded", { spy: a[0] });
    case "escaped":
      return t("sp.ev.escaped", { spy: a[0], city: C(a[1]) });
    case "captured":
      return t("sp.ev.captured", { spy: a[0], power: P(a[2]) });
    case "neutral":
      return t("sp.ev.neutral", { spy: a[0] });
    case "control":
      return t("sp.ev.control", { piece: a[0], x: a[1] });
    case "failed":
      return t("sp.ev.failed", { piece: a[0], x: a[1] });
    case "uncontrolled":
      return t("sp.ev.uncontrolled", { x: a[0] });
    case "counterspy":
      return t("sp.ev.counterspy", { x: a[0] });
    case "cashed":
      return t("sp.ev.cashed", { x: a[0], power: P(a[1]), year: a[2] });
    case "killed":
      return a[1] === "shield" ? t("sp.ev.shield", { spy: a[0], cousin: a[2] }) : t("sp.ev.killed", { spy: a[0] });
    case "cancelled":
      return t("sp.ev.cancelled");
    case "reversed":
      return t("sp.ev.reversed");
    case "intercepted":
      return t("sp.ev.intercepted", { x: a[0] });
    case "dropped":
      return t("sp.ev.dropped", { x: a[0], to: a[1] });
    case "freed":
      return t("sp.ev.freed", { spy: a[0], city: C(a[1]) });
    case "recruited":
      return t("sp.ev.recruited", { spy: a[0], city: C(a[1]) });
    case "landed":
      return t("sp.ev.landed", { spy: a[0], city: C(a[1]) });
    case "short":
      return t("sp.ev.short", { spy: a[0], city: C(a[1]) });
    case "closed":
      return t("sp.ev.closed", { a: P(a[0]), b: P(a[1]) });
    case "exchange": {
      const parts = [];
      let side = null;
      for (const item of a.slice(1)) {
        const m = /^([GIRFB])>([GIRFB])$/.exec(item);
        if (m) {
          side = { from: P(m[1]), to: P(m[2]), items: [] };
          parts.push(side);
        } else if (side) side.items.push(itemWords(t, item));
      }
      return t("sp.ev.exchange", { n: a[0], parts: parts.map((p) => t("sp.ev.exchangeSide", { from: p.from, to: p.to, items: p.items.join(", ") || t("sp.nothing") })).join("; ") });
    }
    case "bids": {
      const pairs = [];
      for (let i = 0; i + 1 < a.length; i += 2) pairs.push(`${P(a[i])} ${a[i + 1]}`);
      return t("sp.ev.bids", { bids: pairs.join(", ") });
    }
    case "russia":
      return t("sp.ev.russia", { power: P(a[0]), paid: a.slice(1).join(" ") });
    case "annex":
      return t("sp.ev.annex", { country: a[0], power: P(a[1]) });
    case "end":
      return t("sp.ev.end", { year: a[0] });
    case "score":
      return t("sp.ev.score", { power: P(a[0]), n: a[1] });
    case "expired":
      return t("sp.ev.expired", { seat: a[0] });
    case "timeout":
      return t("sp.ev.timeout", { seat: a[0] });
    case "zombie":
      return t("sp.ev.zombie", { seat: a[0] });
    case "resign":
      return t("sp.ev.resign", { seat: a[0] });
    case "compare":
      return t("sp.ev.compare", { spy: a[0], s: a[1], other: listWords(t, a[2].split("+")), o: a[3] });
    case "face":
      return t("sp.ev.face", { id: a[0], face: faceWords(t, a[0], a[1]) });
    case "chits": {
      const chit = (w) => {
        const [h, type] = w.split("=");
        return type ? t("sp.item.chitTyped", { h, type: t(`sp.chit.${type}`) }) : t("sp.item.chit", { h });
      };
      return t("sp.ev.chits", { n: a[0], list: listWords(t, a.slice(1).map(chit)) });
    }
    default:
      return text;
  }
}
