// The end of a game: who won and why, in words for this viewer, the game's own account of
// the result (which rule ended it, each seat's score broken down by the rules that made it:
// the module's explainResult hook, static/games/README.md), the game's own note (what is
// revealed now), the record to download and, when the server serves the JSON record, a way
// to verify the game.

import "./explain.js"; // its words (the explanation's heading) and its stylesheet
import { has, t } from "./i18n.js";
import { offerVerification } from "./verify.js";

/** The seats that won (v2 `winners`, or the v1 single `winner`). */
export const winnersOf = (r) => (Array.isArray(r.winners) ? r.winners : Number.isInteger(r.winner) ? [r.winner] : []);

export function resultTexts(result, room) {
  const r = result;
  const winners = winnersOf(r);
  let head;
  if (r.outcome === "draw") head = t("result.draw");
  else if (r.outcome === "aborted") head = t("result.aborted");
  else if (room.mine !== null) head = winners.includes(room.mine) ? t("result.win") : t("result.loss");
  else if (winners.length === 1) head = t("result.seatWins", { seat: room.game.seatName(winners[0]) });
  else head = t("result.seatsWin", { seats: winners.map((s) => room.game.seatName(s)).join(", ") });
  const reason = has(`reason.${r.reason}`) ? t(`reason.${r.reason}`) : r.reason || "";
  let scores = "";
  if (Array.isArray(r.scores)) {
    scores = t("result.scores", { scores: r.scores.map((v, s) => `${room.game.seatName(s)} ${v}`).join(" · ") });
  }
  return { head, reason, scores };
}

/**
 * The game module's account of the result, `handle.explainResult(view, t)`: an array whose
 * entries are sentences (strings) or one seat's breakdown, {title, rows: [{label, value}],
 * total?: {label, value}, note?}. [] when the module has none (or fails: the result stands).
 */
export function explanation(game, view) {
  if (!game || typeof game.explainResult !== "function" || !view) return [];
  try {
    const out = game.explainResult(view, t);
    return Array.isArray(out) ? out.filter(Boolean) : [];
  } catch (err) {
    console.error(err);
    return [];
  }
}

function breakdown(entry) {
  const wrap = document.createElement("div");
  wrap.className = "result-seat";
  if (entry.title) {
    const h = document.createElement("h3");
    h.textContent = entry.title;
    wrap.append(h);
  }
  const table = document.createElement("table");
  const rows = [...(entry.rows || [])];
  if (entry.total) rows.push({ ...entry.total, total: true });
  for (const row of rows) {
    const tr = document.createElement("tr");
    if (row.total) tr.className = "total";
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = row.label;
    const td = document.createElement("td");
    td.textContent = row.value ?? "";
    tr.append(th, td);
    table.append(tr);
  }
  if (rows.length) wrap.append(table);
  if (entry.note) {
    const p = document.createElement("p");
    p.className = "help";
    p.textContent = entry.note;
    wrap.append(p);
  }
  return wrap;
}

/** The explanation as a part of the result box (null when there is none). */
export function renderExplanation(entries) {
  if (!entries.length) return null;
  const box = document.createElement("details");
  box.id = "result-explain";
  box.className = "result-explain";
  box.open = true;
  const summary = document.createElement("summary");
  summary.textContent = t("explain.result.title");
  box.append(summary);
  for (const entry of entries) {
    if (typeof entry === "string") {
      const p = document.createElement("p");
      p.textContent = entry;
      box.append(p);
    } else {
      box.append(breakdown(entry));
    }
  }
  return box;
}

function link(text, href, id) {
  const a = document.createElement("a");
  a.href = href;
  a.id = id;
  a.target = "_blank";
  a.rel = "noopener";
  a.textContent = text;
  return a;
}

/** Fill the result box (hidden while the game runs). */
export function renderResult(box, room) {
  const r = room.status.phase === "over" ? room.status.result : null;
  box.hidden = !r;
  if (!r) {
    box.dataset.game = "";
    return box.replaceChildren();
  }
  const texts = resultTexts(r, room);
  const h = document.createElement("h2");
  h.id = "result-head";
  h.textContent = texts.head;
  const reason = document.createElement("p");
  reason.id = "result-reason";
  reason.textContent = texts.reason;
  const parts = [h, reason];
  if (texts.scores) {
    const s = document.createElement("p");
    s.className = "result-scores";
    s.textContent = texts.scores;
    parts.push(s);
  }
  const explained = renderExplanation(explanation(room.game, room.view));
  if (explained) {
    // Kept open or closed as the player left it when the box is drawn again.
    const was = box.querySelector("#result-explain");
    if (was && box.dataset.game === room.gameId) explained.open = was.open;
    parts.push(explained);
  }
  if (room.status.note) {
    const note = document.createElement("p");
    note.className = "help";
    note.textContent = room.status.note;
    parts.push(note);
  }
  const links = document.createElement("p");
  links.className = "links";
  links.append(link(t("result.record"), `/api/games/${encodeURIComponent(room.gameId)}/record`, "record-link"));
  links.append(" · ", link(t("result.replay"), `/g/${encodeURIComponent(room.gameId)}`, "replay-link"));
  parts.push(links);
  const verify = document.createElement("div");
  verify.className = "verify";
  parts.push(verify);
  const won = r.outcome === "win" && room.mine !== null;
  box.className = `result ${won ? (winnersOf(r).includes(room.mine) ? "won" : "lost") : ""}`;
  box.replaceChildren(...parts);
  box.dataset.game = room.gameId;
  offerVerification(verify, links, room);
}
