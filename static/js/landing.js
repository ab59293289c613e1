// The landing page: pick a game from the server's catalogue, the number of players, who
// takes the other seats (a friend by invite link, or the computer at a level), the rules
// preset, its rule options and the time control; create the room, then copy the invite and
// spectator links.
//
// Rule options (the catalogue's `option_schema`, but the preset and the time control, which
// have their own fields): a select for an enum, a checkbox for a boolean, a number box for an
// integer, each starting at the preset's value; only the values changed from it are sent
// (`options`), and the game checks them (a 422 with its reason is shown, the option named).

import { api, keepRejoinSecret } from "./api.js";
import { fetchCatalogue, levelName, roomBody } from "./catalogue.js";
import { loadGameModule } from "./game-loader.js";
import { addStrings, applyI18n, has, lang, mountLangSwitch, onLangChange, t } from "./i18n.js";
import { rememberLinks, renderLinks } from "./links.js";
import { optionDefault, optionHelp, optionLabel, optionValueText, ruleOptions } from "./lobby.js";
import { presetLabel } from "./room-info.js";
import { RULES_STRINGS } from "./rules-strings.js";
import { learnButton } from "./tutorial.js";

addStrings(RULES_STRINGS);

const CLOCKS = [null, [3, 2], [5, 3], [10, 5], [15, 10], [30, 20]];
const DEFAULT_CLOCK = 3;
// Turn-based rooms (issue 27): days per move, or no limit; the select's values "d<n>", "unlimited".
const TURN_DAYS = [1, 2, 3, 5, 7, 14];

/** The time control a value of the clock select stands for (the body's `time_control`). */
function timeControl(value) {
  if (value === "unlimited") return { unlimited: true };
  if (value?.startsWith("d")) return { days: Number(value.slice(1)) };
  const c = CLOCKS[Number(value)];
  return c ? { initial: c[0] * 60, increment: c[1] } : null;
}

const $ = (id) => document.getElementById(id);
const form = $("create");
const errorBox = $("create-error");
const button = $("create-btn");
let catalogue = { games: [], v2: false };
let created = null;
const edits = new Map(); // game name -> Map(option -> the value chosen, or the text of a bad number)

// "/?game=<name>" (the lesson's "Play a friend") chooses that game until another is picked.
const asked = new URLSearchParams(location.search).get("game");
const chosenGame = () =>
  catalogue.games.find((g) => g.name === (form.elements.game?.value || asked) && g.playable) ||
  catalogue.games.find((g) => g.playable) ||
  catalogue.games[0];

function option(value, text, selected = false) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  o.selected = selected;
  return o;
}

function group(label, options) {
  const g = document.createElement("optgroup");
  g.label = label;
  g.append(...options);
  return g;
}

function fillClocks() {
  const clock = $("clock");
  const chosen = clock.value || String(DEFAULT_CLOCK);
  const live = CLOCKS.map((c, i) => option(String(i), c ? t("clock.min", { m: c[0], s: c[1] }) : t("clock.none")));
  const days = TURN_DAYS.map((n) => option(`d${n}`, n === 1 ? t("clock.day1") : t("clock.days", { n })));
  clock.replaceChildren(group(t("clock.live"), live), group(t("clock.turnBasedGroup"), [...days, option("unlimited", t("clock.unlimitedOption"))]));
  clock.value = chosen;
  clockHint();
}

/** Under the select, what a turn-based room means (nothing for a live one). */
function clockHint() {
  const clock = $("clock");
  let hint = $("clock-hint");
  if (!hint) {
    hint = document.createElement("p");
    hint.id = "clock-hint";
    hint.className = "help";
    clock.closest("label").after(hint);
    clock.addEventListener("change", clockHint);
  }
  const value = clock.value;
  hint.textContent = value === "unlimited" ? t("landing.unlimitedHint") : value.startsWith("d") ? t("landing.turnBasedHint") : "";
  hint.hidden = !hint.textContent;
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
      label.append(input, text);
      // Its rules, readable before any room is made (the page /rules/<game>).
      const rules = document.createElement("a");
      rules.className = "game-rules";
      rules.href = `/rules/${encodeURIComponent(g.name)}`;
      rules.textContent = t("nav.rules");
      rules.setAttribute("aria-label", t("rules.of", { game: g.title }));
      const card = document.createElement("div");
      card.className = "game-card";
      card.dataset.game = g.name;
      card.classList.toggle("unavailable", !g.playable);
      card.append(label, rules);
      // Its guided first game against the computer, when it has one (js/tutorial.js).
      if (g.tutorial && g.playable) card.append(learnButton(g, showError));
      return card;
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
      span.textContent = presetLabel(g.name, name);
      label.append(input, " ", span);
      return label;
    }),
  );
  fillOptions();
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
      const choice = option(level, t("landing.botLevel", { level: levelName(g, level) }));
      choice.title = levelWords(g, level);
      select.append(choice);
    }
    select.value = before[seat - 1] && [...select.options].some((o) => o.value === before[seat - 1]) ? before[seat - 1] : "friend";
    row.append(label, select);
    box.append(row);
  }
  fillLevels(g, n);
}

/** The game's own line for a bot level in the page's language ("" when it gives none). */
function levelWords(g, level) {
  const words = (g.level_descriptions || {})[level];
  return words ? words[lang] || words.en || "" : "";
}

/** Every computer level of the game in a line: how it plays and roughly how strong it is. */
function fillLevels(g, players) {
  const list = $("levels");
  const levels = players > 1 ? (g.bot_levels || []).filter((level) => levelWords(g, level)) : [];
  list.replaceChildren(
    ...levels.map((level) => {
      const item = document.createElement("li");
      item.dataset.level = level;
      item.textContent = levelWords(g, level);
      return item;
    }),
  );
  list.hidden = !levels.length;
  markLevels();
}

/** The levels some seat is given now stand out in the list. */
function markLevels() {
  const chosen = new Set([...$("seats").querySelectorAll("select")].map((s) => s.value));
  for (const item of $("levels").children) item.classList.toggle("chosen", chosen.has(item.dataset.level));
}

// ------------------------------------------------------------------ rule options

const editsOf = (g) => {
  if (!edits.has(g.name)) edits.set(g.name, new Map());
  return edits.get(g.name);
};
const presetOf = (g) => form.elements.preset?.value || Object.keys(g.presets || {})[0];
const specOf = (g, name) => g.option_schema[name];

/** The option rows for the chosen game and preset; hidden when it has none. */
function fillOptions() {
  const g = chosenGame();
  const list = g && catalogue.v2 ? ruleOptions(g) : [];
  $("rule-options").hidden = !list.length;
  $("options").replaceChildren(...list.map(([name, spec]) => optionRow(g, name, spec)));
  markOptions();
}

function optionRow(g, name, spec) {
  const def = optionDefault(g, presetOf(g), name);
  const mine = editsOf(g);
  const value = mine.has(name) ? mine.get(name) : def;
  const id = `opt-${name}`;
  const row = document.createElement("div");
  row.className = "option-row";
  row.dataset.option = name;
  const label = document.createElement("label");
  label.htmlFor = id;
  const title = document.createElement("span");
  title.className = "option-name";
  title.textContent = optionLabel(g.name, name);
  let control;
  if (spec.type === "boolean") {
    control = document.createElement("input");
    control.type = "checkbox";
    control.checked = value === true;
    label.className = "choice option-check";
    label.append(control, title);
    row.append(label);
  } else {
    if (Array.isArray(spec.enum)) {
      control = document.createElement("select");
      control.append(...spec.enum.map((v, i) => option(String(i), optionValueText(g.name, name, v))));
      control.value = String(Math.max(0, spec.enum.indexOf(value)));
    } else if (spec.type === "integer") {
      control = document.createElement("input");
      control.type = "number";
      control.step = "1";
      control.inputMode = "numeric";
      if (Number.isFinite(spec.minimum)) control.min = String(spec.minimum);
      if (Number.isFinite(spec.maximum)) control.max = String(spec.maximum);
      control.value = value === null || value === undefined ? "" : String(value);
      if (def === null) control.placeholder = optionValueText(g.name, name, null);
    } else {
      control = document.createElement("input");
      control.type = "text";
      control.maxLength = 64;
      control.value = value ?? "";
    }
    label.className = "option-label";
    label.append(title);
    row.append(label, control);
  }
  control.id = id;
  control.dataset.option = name;
  const help = document.createElement("p");
  help.className = "option-help";
  help.id = `${id}-help`;
  const parts = [optionHelp(g.name, name, spec), t("options.default", { v: optionValueText(g.name, name, def) })];
  if (spec.type === "integer" && Number.isFinite(spec.minimum) && Number.isFinite(spec.maximum)) {
    parts.push(t("options.range", { min: spec.minimum, max: spec.maximum }));
  }
  help.textContent = parts.filter(Boolean).join(" · ");
  control.setAttribute("aria-describedby", help.id);
  row.append(help);
  const keep = () => {
    const read = readOption(g, name, control);
    if (read.error) mine.set(name, control.value);
    else if (read.value === optionDefault(g, presetOf(g), name)) mine.delete(name);
    else mine.set(name, read.value);
    if (row.classList.contains("invalid")) errorBox.hidden = true; // the option it named was changed
    row.classList.remove("invalid");
    control.removeAttribute("aria-invalid");
    markOptions();
  };
  control.addEventListener("input", keep);
  control.addEventListener("change", () => {
    // An emptied number box means the rules' value: show it again once the box is left.
    const now = optionDefault(g, presetOf(g), name);
    if (spec.type === "integer" && !control.value.trim() && !control.validity.badInput && now !== null) control.value = String(now);
    keep();
  });
  return row;
}

/** {value} or {error}: what the control says, in the schema's type. An empty number box is the default. */
function readOption(g, name, control) {
  const spec = specOf(g, name);
  if (spec.type === "boolean") return { value: control.checked };
  if (Array.isArray(spec.enum)) return { value: spec.enum[Number(control.value)] };
  if (spec.type !== "integer") return { value: control.value };
  const text = control.value.trim();
  if (control.validity.badInput) return { error: t("options.notWhole") };
  if (!text) return { value: optionDefault(g, presetOf(g), name) };
  const n = Number(text);
  if (!Number.isInteger(n)) return { error: t("options.notWhole") };
  const low = Number.isFinite(spec.minimum) ? spec.minimum : -Infinity;
  const high = Number.isFinite(spec.maximum) ? spec.maximum : Infinity;
  if (n < low || n > high) return { error: t("options.outOfRange", { min: spec.minimum ?? "…", max: spec.maximum ?? "…" }) };
  return { value: n };
}

/** Mark the rows changed from the preset, count them in the summary. */
function markOptions() {
  const g = chosenGame();
  if (!g) return;
  const mine = editsOf(g);
  let n = 0;
  for (const row of $("options").querySelectorAll(".option-row")) {
    const name = row.dataset.option;
    const changed = mine.has(name) && mine.get(name) !== optionDefault(g, presetOf(g), name);
    row.classList.toggle("changed", changed);
    n += changed ? 1 : 0;
  }
  $("options-changed").textContent = n ? t("landing.optionsChanged", { n }) : "";
  $("options-reset").hidden = !n;
}

/** {options: the values changed from the preset, errors: [{name, control, message}]}. */
function chosenOptions(g) {
  const options = {};
  const errors = [];
  for (const control of $("options").querySelectorAll("[data-option]:is(input, select)")) {
    const name = control.dataset.option;
    const read = readOption(g, name, control);
    if (read.error) errors.push({ name, control, message: read.error });
    else if (read.value !== optionDefault(g, presetOf(g), name)) options[name] = read.value;
  }
  return { options, errors };
}

/** Show the options a refusal names: open the section, mark the rows. */
function flagOptions(names) {
  let first = null;
  for (const row of $("options").querySelectorAll(".option-row")) {
    const bad = names.includes(row.dataset.option);
    row.classList.toggle("invalid", bad);
    const control = row.querySelector("[data-option]");
    if (bad) control.setAttribute("aria-invalid", "true");
    else control.removeAttribute("aria-invalid");
    if (bad && !first) first = control;
  }
  if (first) $("rule-options").open = true;
  return first;
}

/** The options a server's reason names (by their schema names). */
function namedIn(g, reason) {
  return ruleOptions(g)
    .map(([name]) => name)
    .filter((name) => new RegExp(`(^|[^a-z0-9_])${name}([^a-z0-9_]|$)`).test(reason));
}

/** The server's reason without the request's plumbing ("body: Value error, options: …"). */
function refusalText(err) {
  const reason = String(err.message || "")
    .replace(/^body(\.[\w.]+)?: /, "")
    .replace(/^Value error, /, "");
  if (reason.startsWith("options: ")) return t("landing.optionsRefused", { m: reason.slice(9) });
  return t("landing.refused", { m: reason });
}

function showError(text) {
  errorBox.textContent = text;
  errorBox.hidden = false;
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
  const control = timeControl(String(data.get("clock") ?? ""));
  const players = Number(data.get("players")) || g.min_players;
  const { options, errors } = chosenOptions(g);
  flagOptions(errors.map((e) => e.name));
  if (errors.length) {
    showError(t("landing.optionInvalid", { name: optionLabel(g.name, errors[0].name), m: errors[0].message }));
    errors[0].control.focus();
    return;
  }
  const bots = Array.from({ length: players - 1 }, (_, i) => {
    const v = data.get(`seat-${i + 1}`);
    return v && v !== "friend" ? v : null;
  });
  errorBox.hidden = true;
  button.disabled = true;
  button.textContent = t("landing.creating");
  try {
    const body = roomBody(
      { game: g.name, players, preset: data.get("preset"), timeControl: control, spectators: data.get("spectators") === "on", bots },
      catalogue.v2,
    );
    if (catalogue.v2 && Object.keys(options).length) body.options = options;
    created = { ...(await api("POST", "/api/rooms", body)), players };
    keepRejoinSecret(created.room_id, created.rejoin_secret);
    rememberLinks(created.room_id, { invite_url: created.invite_url, watch_url: created.watch_url });
    if (!created.invite_url) location.assign(created.room_url);
    else showCreated();
  } catch (err) {
    if (err.status === 422) {
      showError(refusalText(err));
      flagOptions(namedIn(g, err.message || ""));
    } else showError(t("error.generic", { m: err.message }));
  } finally {
    button.disabled = false;
    button.textContent = t("landing.create");
  }
});

$("players").addEventListener("change", fillSeats);
$("seats").addEventListener("change", markLevels);
$("presets").addEventListener("change", () => fillOptions());
$("options-reset").addEventListener("click", () => {
  const g = chosenGame();
  if (g) editsOf(g).clear();
  fillOptions();
});

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
