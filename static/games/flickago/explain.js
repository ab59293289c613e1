// Flickago explained while playing (issue 25, item 3): what a disc, an inspector or a place of
// the board is and does (the popover), why a press, a drag or a tap plays nothing (the note
// near the board), what each choice of "Your move" does, the server's refusals in the page's
// words, and how the game ended with each side's score broken down by the rules that made it.
//
// Everything comes from the view, which is the same for every viewer (nothing in Flickago is
// hidden but the seed), and from the data pack. Pure: `t` is the shell's translator; the Node
// probe (tests/client/flickago_explain_probe.mjs) holds the reasons and the breakdown to the
// engine on games it played.

import { discTouchesCircle, isInspector, kindOf, otherSide, radius, sideOf } from "./geometry.js";
import { breakdown } from "./scoring.js";
import { pieceName, sideName } from "./words.js";

// ------------------------------------------------------------------ the board's facts

/** Whether a piece of radius `r` at (x, y) would touch no piece of `pos` (but `ignore`):
 * engine/flickago/rules.py's _free_spot. */
function freeSpot(B, pos, x, y, r, ignore = "") {
  for (const [piece, at] of Object.entries(pos || {})) {
    if (piece !== ignore && Math.hypot(at[0] - x, at[1] - y) < r + radius(B, piece)) return false;
  }
  return true;
}

/** Whether a launch point is free: a disc put there would touch nothing. */
export const pointFree = (B, pos, point) => freeSpot(B, pos, point.x, point.y, B.disc.radius);

/** Whether a star is free for an inspector. */
export const starFree = (B, pos, star, inspector = "") => freeSpot(B, pos, star.x, star.y, B.inspector.radius, inspector);

/** The side's discs on the board touching its own Safe Return zone. */
function inOwnZone(B, pos, side) {
  const zone = B.sides[side].zone;
  return B.discs.filter((p) => sideOf(p) === side && pos?.[p] && discTouchesCircle(pos[p][0], pos[p][1], B.disc.radius, zone));
}

/** Whether an inspector touches the side's Safe Return zone (then nothing is taken back). */
function zoneBlocked(B, pos, side) {
  const zone = B.sides[side].zone;
  return B.inspectors.some((i) => pos?.[i] && discTouchesCircle(pos[i][0], pos[i][1], B.inspector.radius, zone));
}

/** Whether the rules let this disc be taken back, judging the option only (not the turn). */
const mayReturn = (view, piece) => !(view.options?.returned_family === "stays_flipped" && kindOf(piece) === "F" && (view.flicks?.[piece] || 0) >= 2);

/** Why `side` could not shoot, for the end: {reserve, blocked, reflick} counts. */
function stuckFacts(B, view, side) {
  const pos = view.pos || {};
  const reserve = view.reserve?.[side] || [];
  const free = B.sides[side].points.filter((p) => pointFree(B, pos, p));
  const launchable = reserve.filter((piece) => free.some((p) => p.kind === kindOf(piece)));
  const reflick = B.discs.filter((p) => sideOf(p) === side && kindOf(p) === "F" && pos[p] && view.flicks?.[p] === 1);
  return { reserve: reserve.length, launchable: launchable.length, reflick: reflick.length };
}

const HQ_RULE = { centre: "centre", overlap: "overlap", inside: "inside" };
const list = (items) => items.join(", ");

// ------------------------------------------------------------------ what a thing is

/** What the disc's kind does, in one sentence. */
function kindLine(t, piece, flicks) {
  if (kindOf(piece) === "T") return t("fg.x.kind.T");
  if (flicks >= 2) return t("fg.x.kind.F2");
  if (flicks === 1) return t("fg.x.kind.F1");
  return t("fg.x.kind.F0");
}

/** What a piece on the board scores now, in words, from the breakdown. */
function scoreLine(B, view, t, piece, parts) {
  const s = parts.pieces[piece];
  if (isInspector(piece)) {
    const rule = view.options?.inspector_points || "far_half";
    if (rule === "none") return t("fg.x.inspector.none");
    if (s && s.points) return t("fg.x.scores.inspector", { points: s.points, side: sideName(t, s.side), zone: s.zone });
    if (rule === "last_mover") {
      const mover = view.last_mover?.[piece];
      return mover ? t("fg.x.inspector.lastMover", { side: sideName(t, mover) }) : t("fg.x.inspector.notMoved");
    }
    return t("fg.x.scores.nobody");
  }
  const side = sideOf(piece);
  if (s && s.points) {
    const isZone = Object.values(B.sides).some((x) => x.zone.id === s.zone);
    return t(isZone ? "fg.x.scores.zone" : "fg.x.scores.sector", { points: s.points, side: sideName(t, side), zone: s.zone });
  }
  return t("fg.x.scores.nothing", { side: sideName(t, side), half: t(`fg.x.half.${B.sides[side].farHalf}`) });
}

/**
 * The popover of a piece on the board: {title, lines}. `aimable`: it wears a gold halo now
 * (the viewer may flick it); `parts`: breakdown() of the position drawn.
 */
export function pieceTip(B, view, t, piece, { aimable = false, parts = null } = {}) {
  const pos = view.pos || {};
  const scored = parts || breakdown(B, pos, view.options, view.last_mover);
  const lines = [];
  if (isInspector(piece)) {
    lines.push(t("fg.x.inspector.what"), t("fg.x.inspector.capture"));
    if (pos[piece]) lines.push(scoreLine(B, view, t, piece, scored));
    return { title: pieceName(t, piece), lines };
  }
  const flicks = view.flicks?.[piece] || 0;
  if (aimable) lines.push(t("fg.x.aim"));
  lines.push(kindLine(t, piece, flicks));
  if (!pos[piece]) return { title: pieceName(t, piece), lines };
  lines.push(scoreLine(B, view, t, piece, scored));
  const side = sideOf(piece);
  if (inOwnZone(B, pos, side).includes(piece)) lines.push(t(mayReturn(view, piece) ? "fg.x.mayReturn" : "fg.x.keptFlipped", { side: sideName(t, side) }));
  return { title: pieceName(t, piece), lines };
}

/** The popover of a reserve disc waiting on a launch point (the gold halo). */
export function ghostTip(t, piece, point) {
  return { title: t("fg.x.ghostTitle", { piece: pieceName(t, piece) }), lines: [t("fg.x.ghost", { point }), kindLine(t, piece, 0)] };
}

/** The popover of a disc or inspector in a panel: in a reserve, eliminated, or waiting for a star. */
export function chipTip(t, view, piece, where) {
  const lines = [];
  if (where === "eliminated") lines.push(t("fg.x.chip.eliminated"));
  else if (isInspector(piece)) lines.push(t("fg.x.chip.waiting"));
  else lines.push(t("fg.x.chip.reserve", { side: sideName(t, sideOf(piece)) }));
  if (!isInspector(piece)) lines.push(kindLine(t, piece, where === "eliminated" ? view.flicks?.[piece] || 0 : 0));
  if (where === "pick") lines.push(t("fg.x.chip.pick"));
  return { title: pieceName(t, piece), lines };
}

/** The popover of a printed place: {kind: sector|zone|hq|point|star|centre|table, id}. */
export function placeTip(B, view, t, kind, id) {
  const pos = view.pos || {};
  const opts = view.options || {};
  if (kind === "sector") {
    const s = B.sectors.find((x) => x.id === id);
    if (!s) return null;
    const lines = [t("fg.x.sector", { side: sideName(t, s.side), points: s.points, other: sideName(t, otherSide(s.side)) })];
    if ((opts.inspector_points || "far_half") !== "none") lines.push(t("fg.x.sector.inspector", { side: sideName(t, s.side) }));
    return { title: t("fg.x.sectorTitle", { id, points: s.points }), lines };
  }
  if (kind === "zone") {
    const side = Object.values(B.sides).find((x) => x.zone.id === id);
    if (!side) return null;
    const name = sideName(t, side.code);
    const lines = [t(opts.safe_zone_points === "any" ? "fg.x.zone.any" : "fg.x.zone.own", { side: name, points: B.safePoints, other: sideName(t, otherSide(side.code)) })];
    lines.push(t("fg.x.zone.return", { side: name }), t("fg.x.zone.capture"));
    if (zoneBlocked(B, pos, side.code)) lines.push(t("fg.x.zone.blocked", { side: name }));
    return { title: t("fg.x.zoneTitle", { id, side: name }), lines };
  }
  if (kind === "hq") {
    const side = B.sides[id];
    if (!side) return null;
    const name = sideName(t, id);
    const rule = HQ_RULE[opts.hq_elimination] || "centre";
    return {
      title: t("fg.hq", { side: name }),
      lines: [t("fg.x.hq.launch", { side: name }), t(`fg.x.hq.${rule}`, { side: name, other: sideName(t, otherSide(id)) })],
    };
  }
  if (kind === "point") {
    const [code, pid] = id.split(":");
    const point = B.sides[code]?.points.find((p) => p.id === pid);
    if (!point) return null;
    const name = sideName(t, code);
    const lines = [t(`fg.x.point.${point.kind}`, { side: name })];
    lines.push(t(pointFree(B, pos, point) ? "fg.x.point.free" : "fg.x.point.taken"));
    return { title: t("fg.x.pointTitle", { id: pid, side: name }), lines };
  }
  if (kind === "star") {
    const star = B.stars.find((s) => s.id === id);
    if (!star) return null;
    return { title: t("fg.starTitle", { id }), lines: [t("fg.x.star"), t(starFree(B, pos, star) ? "fg.x.star.free" : "fg.x.star.taken")] };
  }
  if (kind === "centre") return { title: t("fg.x.centreTitle"), lines: [t("fg.x.centre")] };
  if (kind === "table") return { title: t("fg.x.tableTitle"), lines: [t(opts.off_board === "centre_out" ? "fg.x.table.centre" : "fg.x.table.overlap")] };
  return null;
}

// ------------------------------------------------------------------ why a press plays nothing

/**
 * Why a press, a tap or a drag on a thing of the board plays nothing, as a sentence, or ""
 * when there is nothing to refuse (then the page says what the thing is).
 * `thing`: {kind: "piece" | "point" | "star", id}; `me`: {side, allSeated, sending, busy,
 * legal} (legal: the choices offered now, [] when it is not the player's turn).
 */
export function whyNot(B, view, t, thing, me) {
  if (!me || !me.side || !view || view.result || view.phase === "over") return "";
  const side = me.side;
  const pos = view.pos || {};
  const own = thing.kind === "piece" ? sideOf(thing.id) === side : thing.kind === "point" ? thing.id.startsWith(`${side}:`) : false;
  if (!me.allSeated) return own ? t("fg.x.why.waitPlayers") : "";
  if (me.sending) return t("fg.x.why.sending");
  if (me.busy) return t("fg.x.why.busy");
  if (view.to_move !== side) return own || thing.kind === "star" ? t("fg.x.why.notYourTurn", { side: sideName(t, view.to_move) }) : "";
  const legal = me.legal || [];
  if (view.phase === "place_inspector") {
    const inspector = view.waiting?.[0] ?? "";
    if (thing.kind === "star") {
      const star = B.stars.find((s) => s.id === thing.id);
      if (star && legal.includes(`${inspector}>${thing.id}`)) return "";
      return t("fg.x.why.starTaken", { star: thing.id, inspector });
    }
    return t("fg.x.why.placeFirst", { inspector });
  }
  const noShot = legal.length > 0 && legal.every((c) => c.startsWith("^"));
  if (thing.kind === "point") {
    const [code, pid] = thing.id.split(":");
    if (code !== side) return t("fg.x.why.theirPoint", { point: pid, side: sideName(t, code) });
    const point = B.sides[side].points.find((p) => p.id === pid);
    if (!point) return "";
    if (legal.some((c) => c.endsWith(`@${pid}`))) return "";
    if (!(view.reserve?.[side] || []).some((p) => kindOf(p) === point.kind)) return t(`fg.x.why.noReserve.${point.kind}`, { point: pid });
    if (!pointFree(B, pos, point)) return t("fg.x.why.pointTaken", { point: pid });
    return "";
  }
  if (thing.kind !== "piece") return "";
  const piece = thing.id;
  if (isInspector(piece)) return t("fg.x.why.inspector");
  if (sideOf(piece) !== side) return t("fg.x.why.notYours", { piece, side: sideName(t, sideOf(piece)) });
  if (!pos[piece]) return "";
  if (legal.includes(piece) && !noShot) return ""; // a Family disc's second flick: it can be aimed
  const flicks = view.flicks?.[piece] || 0;
  const base = kindOf(piece) === "T" ? t("fg.x.why.killer", { piece }) : t("fg.x.why.faceDown", { piece });
  if (noShot) {
    // The only thing to do is to take a disc back: this one, or why not this one.
    if (legal.includes(`^${piece}`)) return "";
    return `${t("fg.x.why.noShotTitle")} ${returnRefusal(B, view, t, piece, side)}`;
  }
  if (legal.includes(`^${piece}`)) return `${base} ${t("fg.x.why.returnButton")}`;
  if (flicks >= 2 && inOwnZone(B, pos, side).includes(piece) && !mayReturn(view, piece)) return `${base} ${t("fg.x.why.keptFlipped")}`;
  return base;
}

/** Why the disc cannot be taken back now (it can be when "" is answered). */
export function returnRefusal(B, view, t, piece, side) {
  const pos = view.pos || {};
  if (!pos[piece]) return t("fg.x.why.notOnBoard", { piece });
  if (!inOwnZone(B, pos, side).includes(piece)) return t("fg.x.why.notInZone", { piece, zone: B.sides[side].zone.id });
  if (zoneBlocked(B, pos, side)) return t("fg.x.why.zoneBlocked");
  if (!mayReturn(view, piece)) return t("fg.x.why.keptFlipped");
  if ((view.legal || []).includes(`^${piece}`)) return "";
  return t("fg.x.why.leavesNoShot", { piece });
}

// ------------------------------------------------------------------ the choices of "Your move"

/** What the choices offered now come to, in one or two sentences (the decision panel). */
export function choicesHelp(B, view, t, legal) {
  if (!legal || !legal.length) return "";
  if (view.phase === "place_inspector") return t("fg.x.help.place", { inspector: view.waiting?.[0] ?? "" });
  const parts = [];
  const launches = new Set(legal.filter((c) => c.includes("@")).map((c) => c.split("@")[0]));
  const killers = [...launches].filter((p) => kindOf(p) === "T").length;
  const family = [...launches].filter((p) => kindOf(p) === "F").length;
  if (launches.size) parts.push(t("fg.x.help.launch", { killers, family }));
  const again = legal.filter((c) => /^[wb]F\d+$/.test(c));
  if (again.length) parts.push(t("fg.x.help.reflick", { pieces: list(again) }));
  const back = legal.filter((c) => c.startsWith("^")).map((c) => c.slice(1));
  if (back.length && (launches.size || again.length)) parts.push(t("fg.x.help.returns", { pieces: list(back) }));
  if (!parts.length) return t("fg.x.help.noShot", { pieces: list(back) });
  return `${t("fg.x.help.head")} ${parts.join(t("fg.x.help.sep"))}. ${t("fg.x.help.pass")}`;
}

/** What one choice does (a button's popover): "^wT3", "I2>S3", "wF2", "wT3@T2". */
export function choiceHelp(B, view, t, choice, parts = null) {
  const scored = parts || breakdown(B, view.pos || {}, view.options, view.last_mover);
  if (choice.startsWith("^")) {
    const piece = choice.slice(1);
    const points = scored.pieces[piece]?.points || 0;
    const lines = [t("fg.x.do.return", { piece, points })];
    if (kindOf(piece) === "F") lines.push(t(view.options?.returned_family === "stays_flipped" ? "fg.x.do.returnKept" : "fg.x.do.returnReset"));
    return lines;
  }
  if (choice.includes(">")) {
    const [inspector, star] = choice.split(">");
    return [t("fg.x.do.place", { inspector, star })];
  }
  if (choice.includes("@")) {
    const [piece, point] = choice.split("@");
    return [t("fg.x.ghost", { point }), kindLine(t, piece, 0)];
  }
  return [t("fg.x.aim"), kindLine(t, choice, 1)];
}

// ------------------------------------------------------------------ the server's refusals

/** The engine's reasons (engine/flickago/rules.py, notation.py) in the page's words. */
const ENGINE = [
  [/^(I\d) must be put on a star first$/, "fg.x.err.placeFirst", ["inspector"]],
  [/^no inspector is waiting for a star$/, "fg.x.err.noWaiting", []],
  [/^([wb][TF]\d+) is not yours$/, "fg.x.err.notYours", ["piece"]],
  [/^([wb][TF]\d+) is not on the board$/, "fg.x.why.notOnBoard", ["piece"]],
  [/^([wb][TF]\d+) does not touch your Safe Return zone$/, "fg.x.err.notInZone", ["piece"]],
  [/^an inspector touches your Safe Return zone$/, "fg.x.why.zoneBlocked", []],
  [/^([wb][TF]\d+) is face down and cannot be returned/, "fg.x.err.keptFlipped", ["piece"]],
  [/^returning ([wb][TF]\d+) would leave you no legal shot$/, "fg.x.why.leavesNoShot", ["piece"]],
  [/^([wb][TF]\d+) is not in your reserve$/, "fg.x.err.notInReserve", ["piece"]],
  [/^([wb][TF]\d+) goes on a ([TF]) point, not on (\w+)$/, "fg.x.err.wrongPoint", ["piece", "kind", "point"]],
  [/^launch point (\w+) is not free$/, "fg.x.why.pointTaken", ["point"]],
  [/^([wb][TF]\d+) is not on the board \(a disc from the reserve/, "fg.x.err.needsPoint", ["piece"]],
  [/^([wb][TF]\d+) is a Killer on the board/, "fg.x.why.killer", ["piece"]],
  [/^([wb][TF]\d+) is face down: it cannot be flicked again$/, "fg.x.why.faceDown", ["piece"]],
  [/^(I\d) is the inspector to place$/, "fg.x.err.otherInspector", ["inspector"]],
  [/^star (S\d) is not free$/, "fg.x.err.starTaken", ["star"]],
  [/^the angle is an integer/, "fg.typed.badAngle", []],
  [/^the power is an integer/, "fg.typed.badPower", []],
  [/^it is not your turn$/, "fg.x.err.notYourTurn", []],
  [/^the game is over$/, "fg.x.err.over", []],
];

/** A refusal of the server for one of our actions, in the page's words, or "" (the shell's then). */
export function refusalWords(t, code, message) {
  if (code === "stale_version") return t("fg.x.err.stale");
  const text = String(message || "");
  for (const [pattern, key, names] of ENGINE) {
    const m = pattern.exec(text);
    if (!m) continue;
    const params = Object.fromEntries(names.map((n, i) => [n, m[i + 1]]));
    if (params.kind) params.kind = t(`fg.kind.${params.kind}`);
    return t(key, params);
  }
  return "";
}

// ------------------------------------------------------------------ the end explained

/** Where each side's points come from at the end, and what scored nothing. */
export function sideAccount(B, view, t, side, parts) {
  const rows = [];
  for (const z of parts[side].zones) {
    const isZone = Object.values(B.sides).some((x) => x.zone.id === z.zone);
    rows.push({
      label: t(isZone ? "fg.x.end.rowZone" : "fg.x.end.rowSector", { zone: z.zone, pieces: list(z.pieces.map((p) => (isInspector(p) ? t("fg.x.end.inspector", { id: p }) : p))) }),
      value: t("fg.x.end.times", { n: z.pieces.length, points: z.points, sum: z.pieces.length * z.points }),
    });
  }
  const pos = view.pos || {};
  const mine = B.discs.filter((p) => sideOf(p) === side);
  const nothing = mine.filter((p) => pos[p] && !(parts.pieces[p]?.points > 0));
  const reserve = view.reserve?.[side] || [];
  const gone = (view.eliminated || []).filter((p) => sideOf(p) === side);
  const notes = [];
  if (nothing.length) notes.push(t("fg.x.end.nothingHere", { pieces: list(nothing) }));
  if (reserve.length) notes.push(t("fg.x.end.inReserve", { pieces: list(reserve) }));
  if (gone.length) notes.push(t("fg.x.end.eliminated", { pieces: list(gone) }));
  return { rows, total: parts[side].total, note: notes.join(" ") };
}

/**
 * The end in words: which rule ended the game, who won and by which rule, and each side's
 * score zone by zone ({title, rows, total, note}). `view`: the last view (its result).
 */
export function explainEnd(B, view, t) {
  const r = view?.result;
  if (!r) return [];
  const out = [];
  const winner = r.winner || null;
  const loser = winner ? otherSide(winner) : null;
  const names = { winner: winner ? sideName(t, winner) : "", loser: loser ? sideName(t, loser) : "" };
  const shots = view.shots || 0;
  const passes = view.passes || 0;
  if (r.reason === "aborted") return [t("fg.x.end.aborted")];
  if (r.reason === "score") {
    const limit = view.options?.max_shots;
    if (limit && shots >= limit) out.push(t("fg.x.end.limit", { n: limit }));
    else {
      out.push(t("fg.x.end.stuck"));
      for (const side of ["w", "b"]) {
        const f = stuckFacts(B, view, side);
        const why = f.reserve === 0 ? t("fg.x.end.stuckEmpty") : t("fg.x.end.stuckBlocked", { n: f.reserve });
        out.push(t("fg.x.end.stuckSide", { side: sideName(t, side), why }));
      }
    }
    const score = r.score || {};
    out.push(winner ? t("fg.x.end.higher", { winner: names.winner, loser: names.loser, a: score[winner] ?? 0, b: score[loser] ?? 0 }) : t("fg.x.end.equal", { n: score.w ?? 0 }));
  } else if (["resign", "time", "timeout", "abandon"].includes(r.reason)) {
    const key = r.reason === "timeout" ? "time" : r.reason;
    out.push(t(`fg.x.end.${key}`, names));
  }
  out.push(t("fg.x.end.played", { shots, passes }));
  const parts = breakdown(B, view.pos || {}, view.options, view.last_mover);
  for (const side of ["w", "b"]) {
    const account = sideAccount(B, view, t, side, parts);
    const total = r.score?.[side] ?? account.total;
    out.push({
      title: sideName(t, side) + (side === winner ? ` — ${t("fg.x.end.winnerTag")}` : ""),
      rows: account.rows.length ? account.rows : [{ label: t("fg.x.end.noPoints"), value: "0" }],
      total: { label: t("fg.x.end.total"), value: String(total) },
      note: account.note,
    });
  }
  return out;
}
