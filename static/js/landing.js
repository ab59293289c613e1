// The landing page: pick a game from the server's catalogue, the number of players, who
// takes the other seats (a friend by invite link, or the computer at a level), the rules
// preset and the time control; create the room, then copy the invite and spectator links.

import { api, keepRejoinSecret } from "./api.js";
import { fetchCatalogue, roomBody } from "./catalogue.js";
import { loadGameModule } from "./game-loader.js";
import { applyI18n, has, mountLangSwitch, onLangChange, t } from "./i18n.js";
import { rememberLinks, renderLinks } from "./links.js";
import { presetLabel } from "./room-info.js";

const CLOCKS = [null, [3, 2], [5, 3], [10, 5], [15, 10], [30, 20]];
const DEFAULT_CLOCK = 3;

const $ = (id) => document.getElementById(id);
const form = $("create");
const errorBox = $("create-error");
const button = $("create-btn");
let catalogue = { games: [], v2: false };
let created = null;

const chosenGame = () =>
  catalogue.games.find((g) => g.name === form.elements.game?.value) || catalogue.games.find((g) => g.playable) || catalogue.games[0];

function option(value, text, selected = false) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  o.selected = selected;
  return o;
}

function fillClocks() {
  const clock = $("clock");
  const chosen = clock.value || String(DEFAULT_CLOCK);
  clock.replaceChildren(...CLOCKS.map((c, i) => option(String(i), c ? t("clock.min", { m: c[0], s: c[1] }) : t("clock.none"))));
  clock.value = chosen;
}

const playersText = (g) => (g.min_players === g.max_players ? t("landing.playersN", { n: g.min_players }) : t("landing.playersN", { n: `${g.min_players}–${g.max_players}` }));

function fillGames() {
  const box = $("games");
  const chosen = chosenGame()?.name;
  box.replaceChildren(
    ...catalogue.games.map((g) => {
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.type = "radio";
      input.name = "game";
      input.value = g.name;
      input.checked = g.name === chosen;
      input.disabled = !g.playable;
      input.addEventListener("change", () => fillChoices());
      const text = document.createElement("span");
      const title = document.createElement("span");
      title.className = "game-title";
      title.textContent = g.title;
      const count = document.createElement("span");
      count.className = "game-players";
      count.textContent = g.playable ? playersText(g) : `${playersText(g)} · ${t("landing.noClient")}`;
      text.append(title, count);
      label.classList.toggle("unavailable", !g.playable);
      label.append(input, text);
      return label;
    }),
  );
}

/** Players, seats, presets for the chosen game. */
function fillChoices() {
  const g = chosenGame();
  if (!g) return;
  $("game-tagline").textContent = has(`game.${g.name}.tagline`) ? t(`game.${g.name}.tagline`) : "";
  const players = $("players");
  const wanted = Number(players.value) || g.min_players;
  players.replaceChildren();
  for (let n = g.min_players; n <= g.max_players; n++) players.append(option(String(n), t("landing.playersN", { n }), n === wanted));
  if (!players.value) players.value = String(g.min_players);
  $("players-field").hidden = g.min_players === g.max_players;
  fillSeats();

  const presets = $("presets");
  const current = form.elements.preset?.value;
  const names = Object.keys(g.presets || {});
  presets.replaceChildren(
    ...names.map((name, i) => {
      const label = document.createElement("label");
      label.className = "choice";
      const input = document.createElement("input");
      input.type = "radio";
      input.name = "preset";
      input.value = name;
      input.checked = current && names.includes(current) ? name === current : i === 0;
      const span = document.createElement("span");
      span.textContent = presetLabel(name);
      label.append(input, " ", span);
      return label;
    }),
  );
}

function fillSeats() {
  const g = chosenGame();
  const n = Number($("players").value) || g.min_players;
  const box = $("seats");
  const before = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  for (let seat = 1; seat < n; seat++) {
    const row = document.createElement("div");
    row.className = "seat-row";
    const label = document.createElement("label");
    label.htmlFor = `seat-${seat}`;
    label.textContent = n === 2 ? t("room.opponent") : t("landing.seat", { n: seat + 1 });
    const select = document.createElement("select");
    select.id = `seat-${seat}`;
    select.name = `seat-${seat}`;
    select.append(option("friend", t("landing.friend")));
    for (const level of g.bot_levels || []) {
      select.append(option(level, t("landing.botLevel", { level: has(`bot.${level}`) ? t(`bot.${level}`) : level })));
    }
    select.value = before[seat - 1] && [...select.options].some((o) => o.value === before[seat - 1]) ? before[seat - 1] : "friend";
    row.append(label, select);
    box.append(row);
  }
}

function showCreated() {
  if (!created) return;
  form.hidden = true;
  $("created").hidden = false;
  renderLinks($("links"), created.room_id, { canRenew: false, players: created.players });
  $("enter").href = created.room_url;
  $("invite-url")?.focus();
}

form.addEventListener("submit", async (e) => {
  e.preventDefault();
  const data = new FormData(form);
  const g = chosenGame();
  const c = CLOCKS[Number(data.get("clock"))];
  const players = Number(data.get("players")) || g.min_players;
  const bots = Array.from({ length: players - 1 }, (_, i) => {
    const v = data.get(`seat-${i + 1}`);
    return v && v !== "friend" ? v : null;
  });
  errorBox.hidden = true;
  button.disabled = true;
  button.textContent = t("landing.creating");
  try {
    const body = roomBody(
      { game: g.name, players, preset: data.get("preset"), timeControl: c ? { initial: c[0] * 60, increment: c[1] } : null, spectators: data.get("spectators") === "on", bots },
      catalogue.v2,
    );
    created = { ...(await api("POST", "/api/rooms", body)), players };
    keepRejoinSecret(created.room_id, created.rejoin_secret);
    rememberLinks(created.room_id, { invite_url: created.invite_url, watch_url: created.watch_url });
    if (!created.invite_url) location.assign(created.room_url);
    else showCreated();
  } catch (err) {
    errorBox.textContent = t("error.generic", { m: err.message });
    errorBox.hidden = false;
  } finally {
    button.disabled = false;
    button.textContent = t("landing.create");
  }
});

$("players").addEventListener("change", fillSeats);

async function start() {
  mountLangSwitch($("lang"));
  applyI18n();
  fillClocks();
  try {
    catalogue = await fetchCatalogue();
  } catch (err) {
    errorBox.textContent = t("error.generic", { m: err.message });
    errorBox.hidden = false;
    return;
  }
  // Each game's words (preset names, tagline) come with its module; a game whose module
  // cannot be loaded cannot be played in this browser, and is shown so, not offered.
  const modules = await Promise.all(catalogue.games.map((g) => loadGameModule(g.client_module).catch(() => null)));
  catalogue.games.forEach((g, i) => (g.playable = Boolean(modules[i])));
  fillGames();
  fillChoices();
}

onLangChange(() => {
  fillClocks();
  fillGames();
  fillChoices();
  showCreated();
});
start();
