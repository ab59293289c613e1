// The score across the games of one room (rematches), counted in this browser from the
// results it received: each finished game is counted once, under its id, from this
// player's point of view (the seats change hands at every rematch, the person does not).

import "./explain.js"; // the score line's explanation (its words) and the popovers
import { t } from "./i18n.js";

const key = (roomId) => `speakeasy.score.${roomId}`;

function load(roomId) {
  try {
    const data = JSON.parse(localStorage.getItem(key(roomId)) || "{}");
    return data && typeof data === "object" ? data : {};
  } catch {
    return {};
  }
}

/** Count a finished game (once). `outcome`: "win" | "loss" | "draw" (aborted games do not count). */
export function countGame(roomId, gameId, outcome) {
  if (!roomId || !gameId || !["win", "loss", "draw"].includes(outcome)) return;
  const games = load(roomId);
  if (games[gameId] === outcome) return;
  games[gameId] = outcome;
  try {
    localStorage.setItem(key(roomId), JSON.stringify(games));
  } catch {
    // storage refused: no score
  }
}

export function tally(roomId) {
  const out = { win: 0, loss: 0, draw: 0 };
  for (const outcome of Object.values(load(roomId))) if (outcome in out) out[outcome] += 1;
  return out;
}

/** Show the score once a game of the room has been counted. */
export function renderScore(box, roomId, players) {
  const s = tally(roomId);
  const total = s.win + s.loss + s.draw;
  box.hidden = total === 0;
  if (!total) return box.replaceChildren();
  const h = document.createElement("h2");
  h.textContent = t("score.title");
  const p = document.createElement("p");
  p.id = "score-line";
  p.className = "score-line";
  const opp = players === 2 ? t("room.opponent") : t("score.opponents");
  p.textContent = t("score.line", { w: s.win, l: s.loss, opp });
  p.dataset.tip = t("explain.score"); // how it is counted, on hover or a long press
  if (s.draw) p.textContent += ` · ${t("score.draws", { n: s.draw })}`;
  box.replaceChildren(h, p);
}
