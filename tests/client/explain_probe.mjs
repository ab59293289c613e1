// Reads a JSON request on stdin and answers with what the explanations of Speak Easy and
// Prohibition (static/games/*/explain.js) say about it, for test_client_explain.py to hold
// them to the Python engine: where a Speak Easy piece can go and why not elsewhere; who
// controls each Prohibition street, why a map click plays nothing, what every choice does,
// the popovers of the table, and each truck's score broken down from the history.
import { readFileSync } from "node:fs";
import { parseAction } from "../../static/games/prohibition/actions.js";
import { buildCity } from "../../static/games/prohibition/city.js";
import { EXPLAIN_STRINGS as PZX } from "../../static/games/prohibition/explain-strings.js";
import { actionHelp, controlOf, explainEnd as pzEnd, phaseHelp, scoreBreakdown, tableTip, whyNotHere } from "../../static/games/prohibition/explain.js";
import { STRINGS as PZ } from "../../static/games/prohibition/strings.js";
import { EXPLAIN_STRINGS as SEX, explainEnd as seEnd, locationTip, reach, whyNot, whyStuck } from "../../static/games/speakeasy/explain.js";
import { name } from "../../static/games/speakeasy/geometry.js";
import { parsePosition } from "../../static/games/speakeasy/notation.js";
import { STRINGS as SE } from "../../static/games/speakeasy/strings.js";
import { useTranslator } from "../../static/games/speakeasy/text.js";

const root = new URL("../../", import.meta.url);
const city = buildCity(JSON.parse(readFileSync(new URL("static/games/prohibition/data.json", root), "utf8")));

// The shell's words the modules lean on ("Seat {n}").
const SHELL = { en: { "landing.seat": "Seat {n}" }, fr: { "landing.seat": "Place {n}" } };
const translator = (dicts, lang) => (key, params = {}) => {
  const found = dicts.map((d) => d[lang][key]).find((x) => x !== undefined) ?? dicts.map((d) => d.en[key]).find((x) => x !== undefined) ?? key;
  return found.replace(/\{(\w+)\}/g, (_, k) => (k in params ? String(params[k]) : `{${k}}`));
};
const PT = { en: translator([PZX, PZ, SHELL], "en"), fr: translator([PZX, PZ, SHELL], "fr") };
const ST = { en: translator([SEX, SE, SHELL], "en"), fr: translator([SEX, SE, SHELL], "fr") };

// ------------------------------------------------------------------ Speak Easy

/** For the side to move: each own piece's reach, and the reason for every location it cannot reach. */
function speakeasy(view) {
  useTranslator(ST.en);
  const { cells } = parsePosition(view.position);
  const side = view.to_move;
  const out = { reach: {}, stuck: {}, missing: [] };
  cells.forEach((cell, from) => {
    if (!cell || cell.side !== side) return;
    out.reach[name(from)] = [...reach(cells, from, view.options.bar_exit)].map(name).sort();
    out.stuck[name(from)] = whyStuck(cells, from, view.options);
    for (let to = 0; to < 60; to++) {
      if (to === from) continue;
      const legal = out.reach[name(from)].includes(name(to));
      const why = whyNot(cells, from, to, view.options);
      if (legal === Boolean(why)) out.missing.push([name(from), name(to), why]);
    }
  });
  return out;
}

function speakeasyWords(view) {
  const words = [];
  for (const lang of ["en", "fr"]) {
    useTranslator(ST[lang]);
    const { cells } = parsePosition(view.position);
    cells.forEach((cell, sq) => {
      const tip = locationTip(sq, cell, { viewer: "s", options: view.options, over: view.phase === "over" });
      words.push(tip.title, ...tip.lines);
    });
    for (const entry of seEnd(view)) words.push(...(typeof entry === "string" ? [entry] : [entry.title, entry.note, ...entry.rows.flatMap((r) => [r.label, r.value])]));
  }
  return words;
}

// ------------------------------------------------------------------ Prohibition

const KIND = { forbid: 1, capone: 2, none: 0 };

function control(view) {
  return Object.fromEntries([...city.streets.keys()].map((s) => [s, KIND[controlOf(city, view, s).kind]]));
}

/** Why each crossing (character phase) or street (truck phase) that is no legal choice is refused. */
function refusals(view) {
  const t = PT.en;
  const legal = view.legal || [];
  const out = { missing: [], generic: [], count: 0 };
  if (view.phase === "character") {
    const ok = new Set(legal.map(parseAction).filter((a) => a && (a.kind === "placeChar" || a.kind === "moveChar")).map((a) => a.at));
    for (const inter of city.inters.keys()) {
      if (ok.has(inter)) continue;
      const why = whyNotHere(city, view, t, { kind: "inter", id: inter }, legal);
      out.count += 1;
      if (!why) out.missing.push(inter);
      if (/cannot end on .* now\./.test(why)) out.generic.push([inter, why]);
    }
  } else if (view.phase === "truck") {
    const ok = new Set(legal.map(parseAction).filter((a) => a && a.kind === "go").map((a) => a.street));
    for (const street of city.streets.keys()) {
      if (ok.has(street)) continue;
      const why = whyNotHere(city, view, t, { kind: "street", id: street }, legal);
      out.count += 1;
      if (!why) out.missing.push(street);
      if (/is not one of the drives offered now/.test(why)) out.generic.push([street, why]);
    }
  }
  return out;
}

function prohibitionWords(view) {
  const words = [];
  const seat = (s) => `Seat ${s + 1}`;
  for (const lang of ["en", "fr"]) {
    const t = PT[lang];
    words.push(phaseHelp(view, t));
    for (const text of view.legal || []) words.push(actionHelp(city, view, t, text));
    const things = [
      ...[...city.streets.keys()].map((id) => ({ kind: "street", id })),
      ...[...city.inters.keys()].map((id) => ({ kind: "inter", id })),
      ...[...city.buildings.keys()].map((id) => ({ kind: "building", id })),
      ...(view.trucks || []).map((tr) => ({ kind: "truck", id: tr.id })),
      ...city.charIds.map((id) => ({ kind: "char", id })),
    ];
    for (const what of things) {
      const tip = tableTip(city, view, t, what, seat);
      if (tip) words.push(tip.title, ...tip.lines);
    }
    for (const entry of pzEnd(city, view, t, seat)) words.push(...(typeof entry === "string" ? [entry] : [entry.title, entry.note, entry.total.label, ...entry.rows.flatMap((r) => [r.label, r.value])]));
  }
  return words;
}

function breakdown(view) {
  const parts = scoreBreakdown(city, view);
  return Object.fromEntries(Object.entries(parts).map(([id, b]) => [id, b.total]));
}

const request = JSON.parse(readFileSync(0, "utf8"));
const answer = {};
if (request.speakeasy) answer.speakeasy = request.speakeasy.map(speakeasy);
if (request.speakeasyWords) answer.speakeasyWords = request.speakeasyWords.map(speakeasyWords);
if (request.control) answer.control = request.control.map(control);
if (request.refusals) answer.refusals = request.refusals.map(refusals);
if (request.prohibitionWords) answer.prohibitionWords = request.prohibitionWords.map(prohibitionWords);
if (request.breakdown) answer.breakdown = request.breakdown.map(breakdown);
process.stdout.write(JSON.stringify(answer));
