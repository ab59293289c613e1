// Reads a JSON request on stdin and answers with what Spies!'s explanations
// (static/games/spies/explain.js) say about it, for test_client_explain_spies.py to hold them
// to the Python engine: why a spy cannot go to each city, why a piece cannot be placed in each
// city, why one of the seat's pieces cannot be chosen, what the seat holds but cannot do and
// why, each power's score rebuilt from the record, the engine's refusals in words, and every
// popover and help in both languages.
import { readFileSync } from "node:fs";
import { fill } from "../../static/js/fill.js";
import { EXPLAIN_STRINGS as SPX } from "../../static/games/spies/explain-strings.js";
import { chitTip, cityTip, decisionHelp, explainEnd, lineHelp, notOffered, pieceTip, recordTip, refusalWords, scoreBreakdown, seaTip, tileTip, whyNotMove, whyNotPick, whyNotPlace } from "../../static/games/spies/explain.js";
import { parseLine, selectablePieces } from "../../static/games/spies/lines.js";
import { ARTICLES, STRINGS as SP } from "../../static/games/spies/strings.js";

const root = new URL("../../", import.meta.url);
const raw = JSON.parse(readFileSync(new URL("engine/spies/data.json", root), "utf8"));
const pack = { ...raw, cityById: new Map(raw.cities.map((c) => [c.id, c])), powerById: new Map(raw.powers.map((p) => [p.id, p])) };

const SHELL = { en: { "landing.seat": "Seat {n}" }, fr: { "landing.seat": "Place {n}" } };
const translator = (dicts, lang) => (key, params = {}) => {
  const found = dicts.map((d) => d[lang][key]).find((x) => x !== undefined) ?? dicts.map((d) => d.en[key]).find((x) => x !== undefined) ?? `<<${key}>>`;
  return fill(found, params, ARTICLES[lang], (_, k) => `<<${k}>>`);
};
const T = { en: translator([SPX, SP, SHELL], "en"), fr: translator([SPX, SP, SHELL], "fr") };
const namesOf = (t, view) => ({
  power: (p) => t(`sp.power.${p}`),
  city: (c) => pack.cityById.get(c)?.name || c,
  tile: (id) => (view?.manifest || []).find((m) => m.tile === id)?.name || "",
});
const meOf = (view) => ({ seat: view.viewer, powers: view.seats[view.viewer] || [], legal: view.legal || [] });
const seatName = (t) => (s) => t("landing.seat", { n: s + 1 });

/** For the deciding power's spies, the reason for every city (or none). */
function moves(view) {
  const t = T.en;
  const names = namesOf(t, view);
  const me = meOf(view);
  const out = {};
  const power = view.decision?.power;
  for (const spy of view.spies.filter((s) => s.power === power && s.city && !s.box)) {
    out[spy.id] = Object.fromEntries(pack.cities.map((c) => [c.id, whyNotMove(pack, view, t, names, spy.id, c.id, me)]));
  }
  return out;
}

/** For each piece the decision places, the reason for every city (or none). */
function places(view) {
  const t = T.en;
  const names = namesOf(t, view);
  const me = meOf(view);
  const pieces = [...new Set((view.legal || []).map(parseLine).filter((l) => l && l.verb === "place").map((l) => l.args[0]))];
  return Object.fromEntries(pieces.map((id) => [id, Object.fromEntries(pack.cities.map((c) => [c.id, whyNotPlace(pack, view, t, names, id, c.id, me)]))]));
}

/** The seat's own pieces on the map that no legal line lets it choose, with the reason. */
function picks(view) {
  const t = T.en;
  const names = namesOf(t, view);
  const me = meOf(view);
  const selectable = selectablePieces(view.legal || []);
  const own = [...view.spies.filter((s) => me.powers.includes(s.power) && s.city && !s.box), ...view.police.filter((p) => me.powers.includes(p.power) && p.city)];
  return Object.fromEntries(own.filter((p) => !selectable.has(p.id)).map((p) => [p.id, whyNotPick(pack, view, t, names, p.id, me)]));
}

function offered(view) {
  return notOffered(pack, view, T.en, namesOf(T.en, view), meOf(view));
}

function breakdown(request) {
  const parts = scoreBreakdown(pack, request.view, request.history);
  return { totals: Object.fromEntries(Object.entries(parts).map(([p, b]) => [p, b.total])), end: explainEnd(pack, request.view, request.history, T.en, namesOf(T.en, request.view), seatName(T.en)).filter((x) => typeof x === "string") };
}

/** Every text a viewer may read about this view, in both languages. */
function words(request) {
  const { view, history } = request;
  const out = [];
  for (const lang of ["en", "fr"]) {
    const t = T[lang];
    const names = namesOf(t, view);
    const me = meOf(view);
    for (const kind of ["spies", "police", "secrets"]) {
      for (const piece of view[kind]) {
        const tip = pieceTip(pack, view, t, names, { spies: "spy", police: "police", secrets: "secret" }[kind], piece, piece.id);
        out.push(...tip.lines);
      }
    }
    for (const c of pack.cities) {
      const tip = cityTip(pack, view, t, names, c.id);
      out.push(tip.title, ...tip.lines);
    }
    for (const z of pack.sea_zones) out.push(...seaTip(pack, t, names, z.id).lines);
    for (const p of Object.values(view.powers)) {
      for (const c of p.chits) out.push(...Object.values(chitTip(pack, t, c.handle, c.type)).flat());
      for (const tile of p.hand || []) out.push(...Object.values(tileTip(pack, view, t, names, tile)).flat());
    }
    for (const x of view.played || []) out.push(...Object.values(tileTip(pack, view, t, names, x.tile)).flat());
    for (const p of pack.rules.turn_order) for (const y of pack.rules.years) out.push(...Object.values(recordTip(pack, view, t, names, p, y)).flat());
    out.push(decisionHelp(pack, view, t, names), t("sp.x.apTip"), t("sp.x.moneyTip"), t("sp.x.yearTip", { first: 1933, last: 1939 }));
    for (const line of view.legal || []) out.push(lineHelp(pack, view, t, names, line));
    for (const item of notOffered(pack, view, t, names, me)) out.push(item.what, item.why);
    for (const entry of explainEnd(pack, view, history, t, names, seatName(t))) out.push(...(typeof entry === "string" ? [entry] : [entry.title, entry.note, entry.total.label, ...entry.rows.flatMap((r) => [r.label, r.value])]));
  }
  return out;
}

const request = JSON.parse(readFileSync(0, "utf8"));
const answer = {};
if (request.moves) answer.moves = request.moves.map(moves);
if (request.places) answer.places = request.places.map(places);
if (request.picks) answer.picks = request.picks.map(picks);
if (request.offered) answer.offered = request.offered.map(offered);
if (request.breakdown) answer.breakdown = request.breakdown.map(breakdown);
if (request.words) answer.words = request.words.map(words);
if (request.errors) answer.errors = request.errors.map(([code, message]) => ({ en: refusalWords(T.en, namesOf(T.en, null), code, message), fr: refusalWords(T.fr, namesOf(T.fr, null), code, message) }));
process.stdout.write(JSON.stringify(answer));
