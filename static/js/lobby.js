// The lobby: what a browser without a seat sees at a room's address. Not "this room does
// not exist": the room, its game and seats, and the ways in — watch, or take a free seat.
// Watching needs the room's spectator link and a seat its invite link (the server hands
// seats and spectator rights only to link holders); the links this browser knows (it made
// the room) become buttons, and any link can be pasted.
//
// The room's rule options (docs/protocol.md, "Creating a room") are words here too: how a
// game's option and its values are named (the landing page's form and the room's info use
// the same), and which of a room's options differ from its preset.

import { has, t } from "./i18n.js";
import { linkPath } from "./joining.js";
import { loadLinks } from "./links.js";
import { roomInfoText } from "./room-info.js";

// ------------------------------------------------------------------ rule options

/** The schema keys the option form never shows: the form has its own preset and clock. */
const OWN_FIELDS = new Set(["preset", "time_control"]);

/** A game's rule options beside the preset: [[name, spec], …] in the schema's order. */
export function ruleOptions(game) {
  const schema = game && typeof game.option_schema === "object" && game.option_schema ? game.option_schema : {};
  return Object.entries(schema).filter(([name, spec]) => !OWN_FIELDS.has(name) && spec && typeof spec === "object");
}

/** The value an option has under `preset` (the preset's own, else the schema's default). */
export function optionDefault(game, preset, name) {
  const values = (game && game.presets && game.presets[preset]) || {};
  if (Object.hasOwn(values, name)) return values[name];
  const spec = game?.option_schema?.[name];
  return spec && Object.hasOwn(spec, "default") ? spec.default : null;
}

const humane = (name) => {
  const words = String(name).replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** An option's name in words: the game's `option.<game>.<name>` string, else its own name. */
export function optionLabel(gameName, name) {
  const key = `option.${gameName}.${name}`;
  return has(key) ? t(key) : humane(name);
}

/** What an option does: the game's `option.<game>.<name>.help` string, else the schema's description. */
export function optionHelp(gameName, name, spec) {
  const key = `option.${gameName}.${name}.help`;
  if (has(key)) return t(key);
  return typeof spec?.description === "string" ? spec.description : "";
}

/** A value in words: on/off, "none", an enum value's `option.<game>.<name>.value.<v>` string. */
export function optionValueText(gameName, name, value) {
  if (value === true) return t("options.on");
  if (value === false) return t("options.off");
  if (value === null || value === undefined || value === "") return t("options.none");
  const key = `option.${gameName}.${name}.value.${value}`;
  return has(key) ? t(key) : String(value);
}

/** The room's options that differ from its preset: [[name, value], …]. Without the game's
 * catalogue entry, every option the room was given. */
export function roomOptions(room, game) {
  const given = room && room.options && typeof room.options === "object" ? room.options : {};
  return Object.entries(given).filter(([name, value]) => !OWN_FIELDS.has(name) && (!game || optionDefault(game, room.preset, name) !== value));
}

/** Fill `el` with "Options: Last year: 1933 · Private chat: always" (one span per option,
 * `data-option` its name); hide it when the room plays its preset as it is. */
export function renderRoomOptions(el, room, game) {
  const name = room?.game || game?.name || "";
  const list = roomOptions(room, game);
  const [before, after] = t("options.room", { list: "\u0000" }).split("\u0000");
  const parts = [];
  list.forEach(([option, value], i) => {
    const span = document.createElement("span");
    span.dataset.option = option;
    span.textContent = `${optionLabel(name, option)}: ${optionValueText(name, option, value)}`;
    parts.push(...(i ? [" · "] : []), span);
  });
  el.replaceChildren(...(list.length ? [before, ...parts, after ?? ""] : []));
  el.hidden = !list.length;
  return list.length > 0;
}

// ------------------------------------------------------------------ the lobby

function button(label, onClick, cls = "secondary", id = null) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = cls;
  b.textContent = label;
  if (id) b.id = id;
  b.addEventListener("click", onClick);
  return b;
}

const pathOf = (url) => {
  try {
    return new URL(url, location.origin).pathname;
  } catch {
    return null;
  }
};

/** Fill `box` with the lobby of room `room` (its summary); `game`: its catalogue entry, if
 * known; `full`: an invite link brought this browser here and every seat was already taken. */
export function renderLobby(box, roomId, room, title, game = null, { full: invitedToFull = false } = {}) {
  box.replaceChildren();
  const h = document.createElement("h2");
  h.id = "lobby-title";
  h.textContent = invitedToFull ? t("lobby.fullTitle") : t("lobby.title");
  const info = document.createElement("p");
  info.className = "room-info";
  info.textContent = roomInfoText(room, title);
  const options = document.createElement("p");
  options.className = "room-info room-options";
  options.id = "lobby-options";
  renderRoomOptions(options, room, game);
  const taken = (room.seats_taken || []).filter(Boolean).length;
  const total = (room.seats_taken || []).length || room.players || 2;
  const seats = document.createElement("p");
  seats.id = "lobby-seats";
  seats.textContent = t("lobby.seats", { taken, n: total });
  box.append(h, info, options, seats);

  const links = loadLinks(roomId) || {};
  const row = document.createElement("div");
  row.className = "actions";
  const free = taken < total;
  if (links.watch_url && room.spectators !== false) {
    row.append(button(t("lobby.watch"), () => location.assign(pathOf(links.watch_url)), "primary", "lobby-watch"));
  }
  if (links.invite_url && free) {
    row.append(button(t("lobby.take"), () => location.assign(pathOf(links.invite_url)), "secondary", "lobby-take"));
  }
  if (row.childElementCount) box.append(row);

  const help = document.createElement("p");
  help.className = "help";
  help.id = "lobby-help";
  const watchable = room.spectators !== false;
  help.textContent = `${free ? "" : `${t(watchable ? "lobby.full" : "lobby.fullNoWatch")} `}${watchable ? "" : t("lobby.noSpectators")}`.trim();
  const offered = invitedToFull && !free && links.watch_url && watchable;
  if (offered) help.textContent = t("lobby.fullInvited");
  // Said before the button when the invite came too late: why the link watches instead.
  if (offered && row.isConnected) row.before(help);
  else if (help.textContent) box.append(help);

  const form = document.createElement("form");
  form.className = "paste-link";
  const label = document.createElement("label");
  label.htmlFor = "lobby-link";
  label.textContent = t("lobby.paste");
  const line = document.createElement("div");
  line.className = "link-line";
  const input = document.createElement("input");
  input.id = "lobby-link";
  input.type = "url";
  input.autocomplete = "off";
  input.setAttribute("aria-label", t("lobby.pasteLabel"));
  input.placeholder = `${location.origin}/i/…`;
  const go = document.createElement("button");
  go.type = "submit";
  go.className = "primary";
  go.textContent = t("lobby.go");
  line.append(input, go);
  const error = document.createElement("p");
  error.className = "error";
  error.hidden = true;
  error.setAttribute("role", "alert");
  form.append(label, line, error);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const path = linkPath(input.value);
    if (!path) {
      error.textContent = t("lobby.badLink");
      error.hidden = false;
      return;
    }
    location.assign(path);
  });
  if (!offered) box.append(form); // an invite that came too late has its way in above
  box.hidden = false;
}
