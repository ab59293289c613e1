// "My games" at /games (issue 14, issue 27): the games this browser's guest identity plays
// and played, a page at a time (GET /api/me/games?page=&per_page=): those waiting for its
// move first with the time left (counting down here), then its other running games, then
// the finished ones, newest first: the game, whose turn it is, the opponents (the computer
// at its level, or a guest), this browser's result, the date, and links to the room, the
// replay and the record. The page (and a page size other than 20) is kept in the address:
// ?page=N&per_page=M. Below, a one-time link carries this player to another device
// (device-link.js).

import { api } from "./api.js";
import { catalogueOnce, levelName } from "./catalogue.js";
import { mountDeviceLink } from "./device-link.js";
import { addStrings, applyI18n, has, lang, mountLangSwitch, onLangChange, t } from "./i18n.js";
import { MY_GAMES_STRINGS, timeLeftText } from "./my-games-strings.js";

addStrings(MY_GAMES_STRINGS);

const PER_PAGE = 20;
const $ = (id) => document.getElementById(id);
const asked = new URLSearchParams(location.search);
const pageAsked = Math.max(1, Number(asked.get("page")) || 1);
/** Games per page: 20, or the address's per_page (1–100, as the server allows). */
const perPage = Math.min(100, Math.max(1, Number(asked.get("per_page")) || PER_PAGE));
let shown = null; // the last answer
let loadedAt = 0; // performance.now() when it came: the time left counts down from there

let entries = new Map(); // the catalogue's entries by game name, once read: they name the levels

function opponentText(o, game) {
  return o.bot ? t("my.bot", { level: levelName(entries.get(game), o.bot) }) : t("my.guest");
}

function resultText(g) {
  if (g.status !== "over") return t(g.status === "setup" ? "games.setup" : "games.play");
  const outcome = g.your_outcome ? t(`outcome.${g.your_outcome}`) : "";
  const reason = g.result && has(`reason.${g.result.reason}`) ? t(`reason.${g.result.reason}`) : "";
  return reason ? `${outcome} (${reason})` : outcome;
}

function turnText(g) {
  if (g.your_move) return t("my.yourMove");
  if (g.waiting_for_players) return t("my.joining");
  const others = g.to_move.filter((seat) => seat !== g.your_seat).map((seat) => seat + 1);
  if (!others.length) return t("my.waiting");
  return t(others.length === 1 ? "my.waitingFor" : "my.waitingForMany", { list: others.join(", ") });
}

/** The time left to this browser's deadline now, or "" (not its move, or no limit). */
function leftText(g) {
  if (!g.your_move) return "";
  if (g.time_left_ms == null) return t("my.noLimit");
  const left = g.time_left_ms - (performance.now() - loadedAt);
  return left <= 0 ? t("my.overdue") : timeLeftText(left, t);
}

function dateText(ms) {
  return new Date(ms).toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" });
}

function cell(label, ...content) {
  const td = document.createElement("td");
  td.dataset.label = label;
  td.append(...content);
  return td;
}

function anchor(text, href, cls) {
  const a = document.createElement("a");
  a.href = href;
  a.className = cls;
  a.textContent = text;
  return a;
}

function row(g) {
  const tr = document.createElement("tr");
  tr.dataset.game = g.game_id;
  tr.dataset.room = g.room_id;
  tr.dataset.yourMove = String(g.your_move);
  tr.dataset.status = g.status;
  if (g.your_move) tr.classList.add("awaiting");
  const title = document.createElement("span");
  title.className = "game-title";
  title.textContent = g.title;
  const sub = document.createElement("span");
  sub.className = "game-sub";
  sub.textContent = t("my.number", { n: g.number });
  const result = document.createElement("span");
  result.className = `outcome outcome-${g.your_outcome || "none"}`;
  result.textContent = resultText(g);
  const time = document.createElement("time");
  time.dateTime = new Date(g.created_at).toISOString();
  time.textContent = dateText(g.created_at);
  const turn = document.createElement("span");
  turn.className = "my-turn";
  turn.textContent = g.status === "over" ? "" : turnText(g);
  const left = document.createElement("span");
  left.className = "time-left";
  left.textContent = leftText(g);
  const links = cell(t("my.links"));
  links.className = "links";
  if (g.status !== "over") links.append(anchor(t("my.open"), g.room_url, "game-open"));
  links.append(anchor(t("games.replay"), g.replay_url, "game-replay"));
  if (g.record_url) links.append(anchor(t("games.record"), g.record_url, "game-record"));
  const turnCell = cell(t("my.turn"), turn, left);
  turnCell.className = "turn-cell";
  if (g.status === "over") turnCell.classList.add("empty"); // its result says it
  tr.append(
    cell(t("my.game"), title, sub),
    turnCell,
    cell(t("my.opponents"), g.opponents.map((o) => opponentText(o, g.game)).join(", ")),
    cell(t("my.result"), result),
    cell(t("my.date"), time),
    links,
  );
  return tr;
}

function tick() {
  if (!shown) return;
  for (const g of shown.games) {
    const line = document.querySelector(`tr[data-game="${g.game_id}"] .time-left`);
    if (line) line.textContent = leftText(g);
  }
}

function render(data) {
  shown = data;
  const empty = data.total === 0;
  $("my-games").hidden = empty;
  $("my-status").textContent = empty ? t("my.empty") : "";
  $("my-status").hidden = !empty;
  $("my-games-rows").replaceChildren(...data.games.map(row));
  $("pager").hidden = data.pages <= 1;
  $("page-info").textContent = t("my.page", { p: data.page, n: data.pages, total: data.total });
  $("prev").disabled = data.page <= 1;
  $("next").disabled = data.page >= data.pages;
  document.body.dataset.page = String(data.page);
}

async function load(page) {
  $("my-status").hidden = false;
  try {
    const data = await api("GET", `/api/me/games?page=${page}&per_page=${perPage}`);
    loadedAt = performance.now();
    render(data);
    const params = new URLSearchParams();
    if (data.page > 1) params.set("page", String(data.page));
    if (perPage !== PER_PAGE) params.set("per_page", String(perPage));
    const next = `/games${params.size ? `?${params}` : ""}`;
    if (`${location.pathname}${location.search}` !== next) history.replaceState(null, "", next);
  } catch (err) {
    $("my-status").textContent = t("error.generic", { m: err.message });
  }
}

$("prev").addEventListener("click", () => shown && load(shown.page - 1));
$("next").addEventListener("click", () => shown && load(shown.page + 1));
onLangChange(() => shown && render(shown));
setInterval(tick, 1000);
// Back to this tab (a move played elsewhere, a link used on the phone): read it again.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && shown) load(shown.page);
});

mountLangSwitch($("lang"));
applyI18n();
mountDeviceLink($("device-link"));
load(pageAsked);
catalogueOnce()
  .then(({ games }) => {
    entries = new Map(games.map((g) => [g.name, g]));
    if (shown) render(shown);
  })
  .catch(() => {}); // the levels are then shown by their identifiers
