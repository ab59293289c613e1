// Speak Easy explained while playing (issue 25, item 3): what a location and the piece on it
// are and do (the popover), why a click cannot be played (the note near the board), the
// server's refusals in the page's language, and how the game ended. Everything comes from
// the viewer's own view: a hidden piece is told as hidden, with only what every player saw
// of it (whether it ever moved). Pure apart from the words (text.js): the Node probe
// (tests/client/test_client_explain.py) holds `reach` to the engine's move generation.

import { LINES, MOUNTAIN_PAIRS, SIZE, TERRAIN, isOwnHalf, name, rankOf } from "./geometry.js";
import { parseMove } from "./notation.js";
import { t } from "./text.js";

// ------------------------------------------------------------------ the board's lines

const STREET_NB = Array.from({ length: SIZE }, () => []);
const STEP_NB = Array.from({ length: SIZE }, () => []);
for (const [a, b, kind] of LINES) {
  const table = kind === "street" ? STREET_NB : STEP_NB;
  table[a].push(b);
  table[b].push(a);
}
const streetLine = (a, b) => STREET_NB[a].includes(b);

/** A straight street ray from `sq` one way (`step` ±1 along a rank, ±5 along a file). */
function ray(sq, step) {
  const out = [];
  let here = sq;
  for (;;) {
    const next = here + step;
    if (next < 0 || next >= SIZE || (Math.abs(step) === 1 && rankOf(next) !== rankOf(here))) break;
    if (!streetLine(here, next)) break;
    out.push(next);
    here = next;
  }
  return out;
}
const RAYS = Array.from({ length: SIZE }, (_, sq) => (TERRAIN[sq] === "street" ? [1, -1, 5, -5].map((d) => ray(sq, d)).filter((r) => r.length) : []));

/**
 * Where the piece on `from` may go in `cells` (rules spec §5): one step along any line, or
 * from a street a slide along a straight street over empty locations, or for a Kid any
 * path of empty streets; onto an empty location or an opponent's piece outside a building.
 * The Babe and the Speakeasy never move; with `barExit` false nothing on a bar moves.
 */
export function reach(cells, from, barExit = true) {
  const out = new Set();
  const piece = cells[from];
  if (!piece || piece.code === "B" || piece.code === "S" || piece.code === "?") return out;
  if (!barExit && TERRAIN[from] === "bar") return out;
  const enemy = (sq) => cells[sq] && cells[sq].side !== piece.side;
  for (const n of STEP_NB[from]) if (!cells[n] || (enemy(n) && TERRAIN[n] !== "building")) out.add(n);
  if (TERRAIN[from] !== "street") return out;
  if (piece.code === "K") {
    const region = new Set([from]);
    const todo = [from];
    while (todo.length) {
      const x = todo.pop();
      for (const n of STREET_NB[x]) {
        if (region.has(n)) continue;
        if (!cells[n]) {
          region.add(n);
          todo.push(n);
        } else if (enemy(n)) out.add(n);
      }
    }
    region.delete(from);
    for (const x of region) out.add(x);
  } else {
    for (const r of RAYS[from]) {
      for (const x of r) {
        if (cells[x]) {
          if (enemy(x)) out.add(x);
          break;
        }
        out.add(x);
      }
    }
  }
  return out;
}

const pieceName = (code) => t(`piece.${code}`);
const terrainName = (sq) => t(`terrain.${TERRAIN[sq]}`);

function mountainBetween(a, b) {
  return MOUNTAIN_PAIRS.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}

/**
 * Why the piece of `side` on `from` cannot move at all, as a sentence, or "" when it can.
 */
export function whyStuck(cells, from, options = {}) {
  const piece = cells[from];
  if (!piece) return "";
  if (piece.code === "B" || piece.code === "S") return t(`se.x.why.${piece.code}`);
  if (options.bar_exit === false && TERRAIN[from] === "bar") return t("se.x.why.bar");
  if (!reach(cells, from, options.bar_exit !== false).size) return t("se.x.why.stuck", { piece: pieceName(piece.code), sq: name(from) });
  return "";
}

/**
 * Why the piece on `from` cannot go to `to` in `cells`, as a sentence; "" when it can.
 * Only the mover's own piece and public facts (places) are used, as the engine's reasons.
 */
export function whyNot(cells, from, to, options = {}) {
  const piece = cells[from];
  if (!piece || from === to) return "";
  const stuck = whyStuck(cells, from, options);
  if (stuck && (piece.code === "B" || piece.code === "S" || TERRAIN[from] === "bar")) return stuck;
  const target = cells[to];
  if (target && target.side === piece.side) return t("se.x.why.own");
  if (target && TERRAIN[to] === "building") return t("se.x.why.building");
  if (reach(cells, from, options.bar_exit !== false).has(to)) return "";
  if (stuck) return stuck;
  if (mountainBetween(from, to)) {
    const [a, b] = [from, to].sort((x, y) => x - y).map(name);
    return t("se.x.why.mountain", { a, b });
  }
  if (TERRAIN[from] === "street") {
    for (const r of RAYS[from]) {
      const at = r.indexOf(to);
      if (at < 0) continue;
      const block = r.slice(0, at).find((x) => cells[x]);
      if (block !== undefined) return t("se.x.why.blocked", { at: name(block) });
    }
    if (piece.code === "K" && TERRAIN[to] === "street") return t("se.x.why.kidBlocked");
  } else if (TERRAIN[to] === "street" && !STEP_NB[from].includes(to) && !STREET_NB[from].includes(to)) {
    return t("se.x.why.noSlide", { sq: name(from), terrain: terrainName(from) });
  }
  return t(piece.code === "K" ? "se.x.why.farKid" : "se.x.why.far", { piece: pieceName(piece.code), to: name(to) });
}

// ------------------------------------------------------------------ what a location holds

/** The locations whose piece has moved at least once (public: every move is seen). */
export function movedPieces(history) {
  const moved = new Set();
  for (const h of history || []) {
    const m = parseMove(h.move);
    if (!m) continue;
    moved.delete(m.from);
    if (!h.survivor || h.survivor === "attacker") moved.add(m.to);
    else if (h.survivor === "none") moved.delete(m.to);
  }
  return moved;
}

/** What a piece does, in a few sentences (the room's options decide the Babe's rule). */
export function pieceLines(code, options = {}) {
  const lines = [];
  if (/^[2-8]$/.test(code)) lines.push(t("se.x.what.rank", { n: code }));
  else lines.push(t(`se.x.what.${code}`));
  if (/^[1-8]$/.test(code)) lines.push(t(options.babe_survives ? "se.x.babe.stays" : "se.x.babe.both"));
  if (code === "B") lines.push(t(options.babe_survives ? "se.x.what.B.stays" : "se.x.what.B.both"));
  if (code === "8" && options.boss_loss_reveals_speakeasy) lines.push(t("se.x.bossReveals"));
  if (/^[1-8F]$/.test(code)) lines.push(t("se.x.moves"));
  return lines;
}

function terrainLines(sq, options) {
  const lines = [t(`se.x.terrain.${TERRAIN[sq]}`)];
  if (TERRAIN[sq] === "bar" && options.bar_exit === false) lines.push(t("se.x.terrain.barStuck"));
  for (const [a, b] of MOUNTAIN_PAIRS) {
    if (sq === a || sq === b) lines.push(t("se.x.mountain", { a: name(a), b: name(b) }));
  }
  return lines;
}

/**
 * The popover of location `sq`: {title, lines}. `viewer`: "s", "n" or null (a spectator);
 * `moved`: movedPieces(history); `over`: the game is over (every face is shown).
 */
export function locationTip(sq, cell, { viewer, options = {}, moved = new Set(), over = false }) {
  const where = `${name(sq)} · ${terrainName(sq)}`;
  if (!cell) return { title: where, lines: terrainLines(sq, options) };
  const side = t(`side.${cell.side}`);
  const lines = [];
  if (cell.code === "?") {
    lines.push(t("se.x.hidden"));
    lines.push(t(moved.has(sq) ? "se.x.hasMoved" : "se.x.notMoved"));
  } else {
    lines.push(...pieceLines(cell.code, options));
    if (cell.revealed && !over) lines.push(t("se.x.revealed"));
    else if (cell.side === viewer && !over) lines.push(t("se.x.secret"));
  }
  lines.push(...terrainLines(sq, options));
  const face = cell.code === "?" ? t("piece.hidden") : pieceName(cell.code);
  return { title: t("se.x.tipTitle", { side, face, sq: name(sq) }), lines };
}

/** Where a piece of the reserve may be placed at setup (rules spec §4), for its popover. */
export function placementLines(code, side, options = {}) {
  const lines = [...pieceLines(code, options)];
  const bars = side === "n" ? "b12, d12" : "b1, d1";
  const back = side === "n" ? "11–12" : "1–2";
  if (code === "S") lines.push(t("se.x.place.S", { bars }));
  else if (code === "B") lines.push(t("se.x.place.B", { ranks: back }));
  else if (code === "F" && options.fbi_front_row === false) lines.push(t("se.x.place.F", { rank: side === "n" ? 7 : 6 }));
  else lines.push(t("se.x.place.any"));
  return lines;
}

/** Why a setup click on `sq` is refused ("" when the location is one of the player's). */
export function setupRefusal(sq, side) {
  if (TERRAIN[sq] === "building") return t("se.x.why.setupBuilding");
  if (!isOwnHalf(side, sq)) return t("se.x.why.setupOutside", { ranks: side === "n" ? "7–12" : "1–6" });
  return "";
}

// ------------------------------------------------------------------ the server's refusals

const ENGINE_WHY = [
  [/^the Babe never moves$/, "se.x.why.B"],
  [/^the Speakeasy never moves$/, "se.x.why.S"],
  [/^under these rules a piece on a bar never moves again$/, "se.x.why.bar"],
  [/^you cannot move onto your own piece$/, "se.x.why.own"],
  [/^a piece inside a building cannot be attacked$/, "se.x.why.building"],
  [/^no line, straight street or \(for a Kid\) free street path leads there$/, "se.x.why.noPath"],
];

/** The engine's reason for a refused move (engine/speakeasy/play.py) in the page's words, or "". */
export function engineWords(code, message) {
  const text = String(message || "");
  let m = /^you have no piece on ([a-e]\d+)$/.exec(text);
  if (m) return t("se.x.err.noPiece", { sq: m[1] });
  m = /^([a-e]\d+-[a-e]\d+) is not a legal move: (.*)$/.exec(text);
  if (m) {
    const found = ENGINE_WHY.find(([pattern]) => pattern.test(m[2]));
    return found ? t("se.x.err.move", { move: m[1], why: t(found[1]) }) : "";
  }
  if (code === "stale_version") return t("se.x.err.stale");
  return "";
}

// ------------------------------------------------------------------ the end explained

function groupNames(codes) {
  const counts = new Map();
  for (const c of codes) counts.set(c, (counts.get(c) || 0) + 1);
  return [...counts].map(([c, n]) => (n > 1 ? `${pieceName(c)} ×${n}` : pieceName(c))).join(", ");
}

/**
 * The end of a game in words: which rule ended it, and each side's account (pieces lost,
 * combats started). `view` is the last view (over: every face is shown).
 */
export function explainEnd(view) {
  const r = view.result;
  if (!r) return [];
  const history = Array.isArray(view.history) ? view.history : [];
  const last = history[history.length - 1];
  const winner = Number.isInteger(r.winner) ? ["s", "n"][r.winner] : Array.isArray(r.winners) && r.winners.length === 1 ? ["s", "n"][r.winners[0]] : null;
  const loser = winner ? (winner === "s" ? "n" : "s") : null;
  const sideName = (s) => t(`side.${s}`);
  const out = [];
  const params = { winner: winner ? sideName(winner) : "", loser: loser ? sideName(loser) : "" };
  if (r.reason === "speakeasy" && last) {
    const m = parseMove(last.move);
    const base = { side: sideName(last.side), other: sideName(last.side === "s" ? "n" : "s"), from: m ? name(m.from) : "", to: m ? name(m.to) : "", n: (last.ply ?? history.length - 1) + 1 };
    out.push(last.attacker ? t("se.x.end.speakeasy", { ...base, piece: pieceName(last.attacker) }) : t("se.x.end.speakeasyNoFace", base));
  } else if (r.reason === "no_moves") {
    out.push(t("se.x.end.no_moves", { ...params, n: view.ply ?? history.length }));
  } else if (r.reason === "no_combat") {
    out.push(t("se.x.end.no_combat", { n: view.options?.no_combat_limit ?? view.quiet ?? "" }));
  } else if (["resign", "timeout", "abandon", "agreement", "aborted"].includes(r.reason)) {
    out.push(t(`se.x.end.${r.reason}`, params));
  }
  if (r.reason === "aborted") return out;
  const combats = history.filter((h) => h.survivor);
  out.push(t("se.x.end.played", { moves: history.length, combats: combats.length }));
  const removed = view.removed || { s: [], n: [] };
  for (const side of ["s", "n"]) {
    const lost = removed[side] || [];
    const started = combats.filter((h) => h.side === side);
    const won = started.filter((h) => h.survivor === "attacker").length;
    const known = lost.filter((c) => c !== "?");
    out.push({
      title: sideName(side) + (side === winner ? ` — ${t("se.x.end.winner")}` : ""),
      rows: [
        { label: t("se.x.row.attacks"), value: t("se.x.row.attacksValue", { n: started.length, won }) },
        { label: t("se.x.row.lost"), value: String(lost.length) },
      ],
      note: known.length ? t("se.x.row.lostNames", { list: groupNames(known) }) : "",
    });
  }
  return out;
}

// ------------------------------------------------------------------ the words

export const EXPLAIN_STRINGS = {
  en: {
    "se.x.tipTitle": "{side}: {face} · {sq}",
    "se.x.pieceTitle": "{side}: {face}",
    "se.x.what.S": "Never moves. Whoever moves onto it wins the game.",
    "se.x.what.rank": "Rank {n}: it removes lower ranks and the Kid; against an equal rank or an FBI agent, both leave.",
    "se.x.what.1": "Rank 1, the weakest: it removes only the Kid; against another Thug or an FBI agent, both leave.",
    "se.x.what.K": "Loses to every piece but the Babe, which it removes; two Kids both leave. On the streets it may turn as often as it likes, through empty locations.",
    "se.x.what.B": "Never moves. A Kid that attacks her removes her; an FBI agent leaves with her.",
    "se.x.what.B.both": "Any other attacker leaves with her.",
    "se.x.what.B.stays": "Under these rules any other attacker leaves and she stays.",
    "se.x.what.F": "Removes whatever it meets and leaves with it; moving onto the Speakeasy, it wins.",
    "se.x.babe.both": "Attacking a Babe, it leaves with her.",
    "se.x.babe.stays": "Attacking a Babe, it leaves and she stays (these rules).",
    "se.x.bossReveals": "If he leaves the board, his Speakeasy is shown to everyone (these rules).",
    "se.x.moves": "It moves one step along a line; from a street it may instead slide any distance in a straight line over empty locations.",
    "se.x.hidden": "You do not know what it is: only where it stands.",
    "se.x.hasMoved": "It has moved, so it is neither a Babe nor the Speakeasy.",
    "se.x.notMoved": "It has not moved yet.",
    "se.x.revealed": "Shown to everyone since a combat.",
    "se.x.secret": "Your opponent sees only where it stands.",
    "se.x.terrain.street": "Street: from here a piece may slide along the streets in a straight line; a Kid may turn.",
    "se.x.terrain.alley": "Alley: from here a piece moves one step at a time.",
    "se.x.terrain.building": "Building: a piece inside cannot be attacked, and no piece may enter while the opponent holds it. Diagonal lines lead to its corners.",
    "se.x.terrain.bar": "Bar: each player's Speakeasy starts on one of his two bars.",
    "se.x.terrain.barStuck": "Under these rules a piece on a bar never moves.",
    "se.x.mountain": "A mountain stands between {a} and {b}: no line crosses the front there.",
    "se.x.place.S": "Place it on one of your two bars ({bars}).",
    "se.x.place.B": "Place the Babes on your two back ranks ({ranks}).",
    "se.x.place.F": "Under these rules it may not start on your front rank ({rank}).",
    "se.x.place.any": "Anywhere on your half, buildings excepted.",
    "se.x.why.S": "The Speakeasy never moves.",
    "se.x.why.B": "The Babe never moves.",
    "se.x.why.bar": "Under these rules a piece on a bar never moves again.",
    "se.x.why.own": "You cannot move onto your own piece.",
    "se.x.why.building": "A piece inside a building cannot be attacked.",
    "se.x.why.stuck": "Your {piece} on {sq} has nowhere to go: every line from it is blocked.",
    "se.x.why.mountain": "No line crosses the front between {a} and {b}: a mountain stands there (only files a, c and e cross).",
    "se.x.why.blocked": "The street is blocked at {at}: a slide stops at the first occupied location.",
    "se.x.why.kidBlocked": "No free street path leads there: a Kid turns only through empty street locations.",
    "se.x.why.noSlide": "Only a piece standing on a street may slide; from {sq} ({terrain}) it moves one step along a line.",
    "se.x.why.far": "Your {piece} cannot reach {to}: it moves one step along a line, or slides in a straight line along the streets.",
    "se.x.why.farKid": "Your Kid cannot reach {to}: it moves one step along a line, or along the streets through empty locations.",
    "se.x.why.noPath": "No line, straight street or free street path (for a Kid) leads there.",
    "se.x.why.notYourTurn": "It is {side}'s turn: you play when he has moved.",
    "se.x.why.sending": "Your move is on its way.",
    "se.x.why.setupOutside": "Your pieces go on your own half (ranks {ranks}).",
    "se.x.why.setupBuilding": "Buildings start empty: place your pieces around them.",
    "se.x.err.move": "{move} is not allowed: {why}",
    "se.x.err.noPiece": "You have no piece on {sq}.",
    "se.x.err.stale": "The board changed before your move arrived: look again and play.",
    "se.x.end.speakeasy": "{side}'s {piece} moved from {from} onto {other}'s Speakeasy on {to} (move {n}): whoever moves onto the opponent's Speakeasy wins.",
    "se.x.end.speakeasyNoFace": "{side} moved from {from} onto {other}'s Speakeasy on {to} (move {n}): whoever moves onto the opponent's Speakeasy wins.",
    "se.x.end.no_moves": "{loser} had no legal move left after move {n}: a player who cannot move loses (the Speakeasy and the Babes never move).",
    "se.x.end.no_combat": "{n} moves in a row without any combat, the room's limit: the game is drawn.",
    "se.x.end.resign": "{loser} resigned: {winner} wins.",
    "se.x.end.timeout": "{loser}'s clock ran out: {winner} wins.",
    "se.x.end.abandon": "{loser} left and did not come back within the grace period: {winner} claimed the game.",
    "se.x.end.agreement": "Both players agreed to a draw.",
    "se.x.end.aborted": "The game was cancelled before its first move: it counts for nobody.",
    "se.x.end.played": "Moves played: {moves}; combats: {combats}.",
    "se.x.end.winner": "the winner",
    "se.x.row.attacks": "Combats it started",
    "se.x.row.attacksValue": "{n} (won {won})",
    "se.x.row.lost": "Pieces it lost",
    "se.x.row.lostNames": "Lost: {list}.",
    "se.x.setup.random": "Fill your half at random with a setup the rules accept.",
    "se.x.setup.clear": "Take every piece back to the reserve.",
    "se.x.setup.openings": "A prepared setup: choose one to place all your pieces at once.",
    "se.x.setup.saved": "A setup you saved in this browser: choose one to place it.",
    "se.x.setup.save": "Keep this setup in this browser, under the name typed beside it.",
    "se.x.setup.delete": "Forget the saved setup chosen beside it.",
    "se.x.setup.ready": "Send your setup. It cannot be changed afterwards, and your opponent never sees it; play starts when both are ready.",
    "se.x.setup.readyHelp": "Ready sends your setup: you cannot change it afterwards, and your opponent never sees it.",
  },
  fr: {
    "se.x.tipTitle": "{side}\u00a0: {face} · {sq}",
    "se.x.pieceTitle": "{side}\u00a0: {face}",
    "se.x.what.S": "Ne bouge jamais. Qui s’y rend gagne la partie.",
    "se.x.what.rank": "Rang {n}\u00a0: il retire les rangs inférieurs et le Kid\u00a0; contre un rang égal ou un agent du FBI, les deux partent.",
    "se.x.what.1": "Rang 1, le plus faible\u00a0: il ne retire que le Kid\u00a0; contre un autre Homme de main ou un agent du FBI, les deux partent.",
    "se.x.what.K": "Perd contre toutes les pièces sauf la Babe, qu’il retire\u00a0; deux Kids partent ensemble. Dans les rues, il peut tourner autant qu’il veut, par des cases vides.",
    "se.x.what.B": "Ne bouge jamais. Un Kid qui l’attaque la retire\u00a0; un agent du FBI part avec elle.",
    "se.x.what.B.both": "Tout autre attaquant part avec elle.",
    "se.x.what.B.stays": "Avec ces règles, tout autre attaquant part et elle reste.",
    "se.x.what.F": "Retire ce qu’il rencontre et part avec\u00a0; s’il se rend sur le Speakeasy, il gagne.",
    "se.x.babe.both": "S’il attaque une Babe, il part avec elle.",
    "se.x.babe.stays": "S’il attaque une Babe, il part et elle reste (ces règles).",
    "se.x.bossReveals": "S’il quitte le plateau, son Speakeasy est montré à tous (ces règles).",
    "se.x.moves": "Il avance d’un pas le long d’une ligne\u00a0; depuis une rue, il peut aussi filer tout droit dans les rues, par des cases vides.",
    "se.x.hidden": "Vous ne savez pas ce que c’est\u00a0: seulement où elle est.",
    "se.x.hasMoved": "Elle a bougé\u00a0: ce n’est ni une Babe ni le Speakeasy.",
    "se.x.notMoved": "Elle n’a pas encore bougé.",
    "se.x.revealed": "Montrée à tous depuis un combat.",
    "se.x.secret": "Votre adversaire ne voit que sa place.",
    "se.x.terrain.street": "Rue\u00a0: d’ici une pièce peut filer tout droit dans les rues\u00a0; un Kid peut tourner.",
    "se.x.terrain.alley": "Ruelle\u00a0: d’ici une pièce avance d’un pas à la fois.",
    "se.x.terrain.building": "Bâtiment\u00a0: une pièce à l’intérieur ne peut pas être attaquée, et nul n’y entre tant que l’adversaire l’occupe. Des diagonales mènent à ses coins.",
    "se.x.terrain.bar": "Bar\u00a0: le Speakeasy de chaque joueur commence sur l’un de ses deux Bars.",
    "se.x.terrain.barStuck": "Avec ces règles, une pièce sur un Bar ne bouge plus.",
    "se.x.mountain": "Une montagne sépare {a} de {b}\u00a0: aucune ligne ne traverse le front ici.",
    "se.x.place.S": "Placez-le sur l’un de vos deux Bars ({bars}).",
    "se.x.place.B": "Placez les Babes sur vos deux lignes du fond ({ranks}).",
    "se.x.place.F": "Avec ces règles, il ne peut pas commencer sur votre ligne de front ({rank}).",
    "se.x.place.any": "N’importe où sur votre moitié, sauf dans les Bâtiments.",
    "se.x.why.S": "Le Speakeasy ne bouge jamais.",
    "se.x.why.B": "La Babe ne bouge jamais.",
    "se.x.why.bar": "Avec ces règles, une pièce sur un Bar ne bouge plus.",
    "se.x.why.own": "Vous ne pouvez pas aller sur votre propre pièce.",
    "se.x.why.building": "Une pièce dans un Bâtiment ne peut pas être attaquée.",
    "se.x.why.stuck": "Votre {piece} en {sq} n’a nulle part où aller\u00a0: toutes ses lignes sont bloquées.",
    "se.x.why.mountain": "Aucune ligne ne traverse le front entre {a} et {b}\u00a0: une montagne s’y dresse (seules les colonnes a, c et e le traversent).",
    "se.x.why.blocked": "La rue est bloquée en {at}\u00a0: une pièce qui file s’arrête à la première case occupée.",
    "se.x.why.kidBlocked": "Aucun chemin de rues libre n’y mène\u00a0: un Kid ne tourne que par des cases de rue vides.",
    "se.x.why.noSlide": "Seule une pièce sur une rue peut filer\u00a0; depuis {sq} ({terrain}) elle avance d’un pas le long d’une ligne.",
    "se.x.why.far": "Votre {piece} ne peut pas atteindre {to}\u00a0: une pièce avance d’un pas le long d’une ligne, ou file tout droit dans les rues.",
    "se.x.why.farKid": "Votre Kid ne peut pas atteindre {to}\u00a0: il avance d’un pas le long d’une ligne, ou par les rues, par des cases vides.",
    "se.x.why.noPath": "Aucune ligne, rue droite ou chemin de rues libre (pour un Kid) n’y mène.",
    "se.x.why.notYourTurn": "C’est au tour de {side}\u00a0: vous jouerez après son coup.",
    "se.x.why.sending": "Votre coup est en route.",
    "se.x.why.setupOutside": "Vos pièces se placent sur votre moitié (lignes {ranks}).",
    "se.x.why.setupBuilding": "Les Bâtiments sont vides au départ\u00a0: placez vos pièces autour.",
    "se.x.err.move": "{move} n’est pas permis\u00a0: {why}",
    "se.x.err.noPiece": "Vous n’avez pas de pièce en {sq}.",
    "se.x.err.stale": "Le plateau a changé avant l’arrivée de votre coup\u00a0: regardez et rejouez.",
    "se.x.end.speakeasy": "{side} a pris le Speakeasy de {other} en {to} (coup {n}, {piece} depuis {from})\u00a0: qui se rend sur le Speakeasy adverse gagne.",
    "se.x.end.speakeasyNoFace": "{side} a pris le Speakeasy de {other} en {to} (coup {n}, depuis {from})\u00a0: qui se rend sur le Speakeasy adverse gagne.",
    "se.x.end.no_moves": "{loser} n’avait plus aucun coup possible après le coup {n}\u00a0: qui ne peut plus bouger perd (le Speakeasy et les Babes ne bougent jamais).",
    "se.x.end.no_combat": "{n} coups de suite sans aucun combat, la limite de la salle\u00a0: la partie est nulle.",
    "se.x.end.resign": "{loser} a abandonné\u00a0: {winner} gagne.",
    "se.x.end.timeout": "La pendule de {loser} est tombée\u00a0: {winner} gagne.",
    "se.x.end.abandon": "{loser} est parti et n’est pas revenu dans le délai de grâce\u00a0: {winner} a réclamé la partie.",
    "se.x.end.agreement": "Les deux joueurs ont convenu de la nulle.",
    "se.x.end.aborted": "La partie a été annulée avant son premier coup\u00a0: elle ne compte pour personne.",
    "se.x.end.played": "Coups joués\u00a0: {moves}\u00a0; combats\u00a0: {combats}.",
    "se.x.end.winner": "le vainqueur",
    "se.x.row.attacks": "Combats engagés",
    "se.x.row.attacksValue": "{n} (gagnés\u00a0: {won})",
    "se.x.row.lost": "Pièces perdues",
    "se.x.row.lostNames": "Perdues\u00a0: {list}.",
    "se.x.setup.random": "Remplir votre moitié au hasard, avec un placement que la règle accepte.",
    "se.x.setup.clear": "Reprendre toutes les pièces dans la réserve.",
    "se.x.setup.openings": "Un placement tout prêt\u00a0: choisissez-en un pour placer toutes vos pièces d’un coup.",
    "se.x.setup.saved": "Un placement enregistré dans ce navigateur\u00a0: choisissez-le pour le poser.",
    "se.x.setup.save": "Garder ce placement dans ce navigateur, sous le nom tapé à côté.",
    "se.x.setup.delete": "Oublier le placement enregistré choisi à côté.",
    "se.x.setup.ready": "Envoyer votre placement. Il ne pourra plus changer, et votre adversaire ne le voit jamais\u00a0; la partie commence quand les deux sont prêts.",
    "se.x.setup.readyHelp": "Prêt envoie votre placement\u00a0: il ne pourra plus changer, et votre adversaire ne le voit jamais.",
  },
};
