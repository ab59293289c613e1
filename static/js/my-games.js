// "My games" at /games (issue 14): the games this browser's guest identity has played,
// newest first, a page at a time (GET /api/me/games?page=&per_page=): the game, the
// opponents (the computer at its level, or a guest), this browser's result, the date, and
// links to the replay and the record. The page (and a page size other than 20) is kept in
// the address: ?page=N&per_page=M.

import { api } from "./api.js";
import { applyI18n, has, lang, mountLangSwitch, onLangChange, t } from "./i18n.js";

const PER_PAGE = 20;
const $ = (id) => document.getElementById(id);
const asked = new URLSearchParams(location.search);
const pageAsked = Math.max(1, Number(asked.get("page")) || 1);
/** Games per page: 20, or the address's per_page (1–100, as the server allows). */
const perPage = Math.min(100, Math.max(1, Number(asked.get("per_page")) || PER_PAGE));
let shown = null; // the last answer

const botLevel = (level) => (has(`bot.${level}`) ? t(`bot.${level}`) : level);

function opponentText(o) {
  return o.bot ? t("my.bot", { level: botLevel(o.bot) }) : t("my.guest");
}

function resultText(g) {
  if (g.status !== "over") return t(g.status === "setup" ? "games.setup" : "games.play");
  const outcome = g.your_outcome ? t(`outcome.${g.your_outcome}`) : "";
  const reason = g.result && has(`reason.${g.result.reason}`) ? t(`reason.${g.result.reason}`) : "";
  return reason ? `${outcome} (${reason})` : outcome;
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
  const links = cell(t("my.links"), anchor(t("games.replay"), g.replay_url, "game-replay"));
  links.className = "links";
  if (g.record_url) links.append(anchor(t("games.record"), g.record_url, "game-record"));
  tr.append(
    cell(t("my.game"), title, sub),
    cell(t("my.opponents"), g.opponents.map(opponentText).join(", ")),
    cell(t("my.result"), result),
    cell(t("my.date"), time),
    links,
  );
  return tr;
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

mountLangSwitch($("lang"));
applyI18n();
load(pageAsked);
