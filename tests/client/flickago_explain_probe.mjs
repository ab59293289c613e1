// Reads a JSON request on stdin and answers with what Flickago's explanations
// (static/games/flickago/explain.js) say about it, for test_client_explain_flickago.py to hold
// them to the Python engine: why a press on each disc, launch point or star plays nothing (and
// that the legal ones get no reason), why each disc cannot be taken back, the server's
// refusals in words, every popover and help in both languages, and each side's score at the
// end broken down zone by zone.
import { readFileSync } from "node:fs";
import { EXPLAIN_STRINGS as FGX } from "../../static/games/flickago/explain-strings.js";
import { choiceHelp, choicesHelp, chipTip, explainEnd, ghostTip, pieceTip, placeTip, refusalWords, returnRefusal, sideAccount, whyNot } from "../../static/games/flickago/explain.js";
import { buildBoard, kindOf, sideOf } from "../../static/games/flickago/geometry.js";
import { breakdown } from "../../static/games/flickago/scoring.js";
import { STRINGS as FG } from "../../static/games/flickago/strings.js";

const root = new URL("../../", import.meta.url);
const B = buildBoard(JSON.parse(readFileSync(new URL("static/games/flickago/data.json", root), "utf8")));

const translator = (dicts, lang) => (key, params = {}) => {
  const found = dicts.map((d) => d[lang][key]).find((x) => x !== undefined) ?? dicts.map((d) => d.en[key]).find((x) => x !== undefined) ?? key;
  return found.replace(/\{(\w+)\}/g, (_, k) => (k in params ? String(params[k]) : `{${k}}`));
};
const T = { en: translator([FGX, FG], "en"), fr: translator([FGX, FG], "fr") };

const me = (view) => ({ side: view.to_move, allSeated: true, sending: false, busy: false, legal: view.legal || [] });

/** For the side to move: the reason for every disc, launch point and star (or none). */
function refusals(view) {
  const t = T.en;
  const side = view.to_move;
  const out = { pieces: {}, points: {}, stars: {}, returns: {} };
  for (const piece of B.canonical) if (view.pos[piece]) out.pieces[piece] = whyNot(B, view, t, { kind: "piece", id: piece }, me(view));
  for (const code of ["w", "b"]) for (const p of B.sides[code].points) out.points[`${code}:${p.id}`] = whyNot(B, view, t, { kind: "point", id: `${code}:${p.id}` }, me(view));
  for (const s of B.stars) out.stars[s.id] = whyNot(B, view, t, { kind: "star", id: s.id }, me(view));
  if (view.phase === "turn") for (const piece of B.discs) if (sideOf(piece) === side) out.returns[piece] = returnRefusal(B, view, t, piece, side);
  // Not this player's turn: his own discs say whose turn it is.
  const other = side === "w" ? "b" : "w";
  out.waiting = B.discs.filter((p) => sideOf(p) === other && view.pos[p]).map((p) => whyNot(B, view, t, { kind: "piece", id: p }, { ...me(view), side: other, legal: [] }));
  return out;
}

/** Every text a viewer may read about this view, in both languages. */
function words(view) {
  const out = [];
  for (const lang of ["en", "fr"]) {
    const t = T[lang];
    const parts = breakdown(B, view.pos, view.options, view.last_mover);
    for (const piece of B.canonical) {
      const tip = pieceTip(B, view, t, piece, { aimable: (view.legal || []).includes(piece), parts });
      out.push(tip.title, ...tip.lines);
      if (!piece.startsWith("I")) {
        for (const where of ["reserve", "eliminated", "pick"]) {
          const chip = chipTip(t, view, piece, where);
          out.push(chip.title, ...chip.lines);
        }
        const ghost = ghostTip(t, piece, kindOf(piece) === "T" ? "T1" : "F1");
        out.push(ghost.title, ...ghost.lines);
      } else {
        const chip = chipTip(t, view, piece, "waiting");
        out.push(chip.title, ...chip.lines);
      }
    }
    const places = [
      ...B.sectors.map((s) => ["sector", s.id]),
      ...Object.values(B.sides).map((s) => ["zone", s.zone.id]),
      ["hq", "w"],
      ["hq", "b"],
      ...["w", "b"].flatMap((c) => B.sides[c].points.map((p) => ["point", `${c}:${p.id}`])),
      ...B.stars.map((s) => ["star", s.id]),
      ["centre", "centre"],
      ["table", "table"],
    ];
    for (const [kind, id] of places) {
      const tip = placeTip(B, view, t, kind, id);
      out.push(tip.title, ...tip.lines);
    }
    const legal = view.legal || [];
    out.push(choicesHelp(B, view, t, legal));
    for (const choice of legal) out.push(...choiceHelp(B, view, t, choice, parts));
    const whys = refusalsIn(view, t);
    out.push(...whys);
    for (const entry of explainEnd(B, view, t)) out.push(...(typeof entry === "string" ? [entry] : [entry.title, entry.note, entry.total.label, entry.total.value, ...entry.rows.flatMap((r) => [r.label, r.value])]));
  }
  return out;
}

function refusalsIn(view, t) {
  if (!view.to_move || view.phase === "over") return [];
  const m = me(view);
  const out = [];
  for (const piece of B.canonical) if (view.pos[piece]) out.push(whyNot(B, view, t, { kind: "piece", id: piece }, m));
  for (const p of B.sides[view.to_move].points) out.push(whyNot(B, view, t, { kind: "point", id: `${view.to_move}:${p.id}` }, m));
  out.push(whyNot(B, view, t, { kind: "piece", id: B.discs[0] }, { ...m, busy: true }));
  out.push(whyNot(B, view, t, { kind: "piece", id: B.discs[0] }, { ...m, sending: true }));
  out.push(whyNot(B, view, t, { kind: "point", id: "w:T1" }, { ...m, allSeated: false }));
  out.push(t("fg.x.why.short"));
  return out.filter(Boolean);
}

/** Each side's total rebuilt from the breakdown's rows, and the engine's score it must be. */
function account(view) {
  const parts = breakdown(B, view.pos, view.options, view.last_mover);
  const out = {};
  for (const side of ["w", "b"]) {
    const a = sideAccount(B, view, T.en, side, parts);
    const fromRows = a.rows.reduce((sum, row) => sum + Number(/= (\d+)$/.exec(row.value)[1]), 0);
    out[side] = { total: a.total, fromRows };
  }
  out.end = explainEnd(B, view, T.en).filter((x) => typeof x === "string");
  return out;
}

const request = JSON.parse(readFileSync(0, "utf8"));
const answer = {};
if (request.refusals) answer.refusals = request.refusals.map(refusals);
if (request.words) answer.words = request.words.map(words);
if (request.account) answer.account = request.account.map(account);
if (request.errors) answer.errors = request.errors.map(([code, message]) => ({ en: refusalWords(T.en, code, message), fr: refusalWords(T.fr, code, message) }));
process.stdout.write(JSON.stringify(answer));
