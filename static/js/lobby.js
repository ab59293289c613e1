// The lobby: what a browser without a seat sees at a room's address. Not "this room does
// not exist": the room, its game and seats, and the ways in — watch, or take a free seat.
// Watching needs the room's spectator link and a seat its invite link (the server hands
// seats and spectator rights only to link holders); the links this browser knows (it made
// the room) become buttons, and any link can be pasted.

import { t } from "./i18n.js";
import { linkPath } from "./joining.js";
import { loadLinks } from "./links.js";
import { roomInfoText } from "./room-info.js";

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

/** Fill `box` with the lobby of room `room` (its summary). */
export function renderLobby(box, roomId, room, title) {
  box.replaceChildren();
  const h = document.createElement("h2");
  h.textContent = t("lobby.title");
  const info = document.createElement("p");
  info.className = "room-info";
  info.textContent = roomInfoText(room, title);
  const taken = (room.seats_taken || []).filter(Boolean).length;
  const total = (room.seats_taken || []).length || room.players || 2;
  const seats = document.createElement("p");
  seats.id = "lobby-seats";
  seats.textContent = t("lobby.seats", { taken, n: total });
  box.append(h, info, seats);

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
  help.textContent = `${free ? "" : `${t("lobby.full")} `}${room.spectators === false ? t("lobby.noSpectators") : ""}`.trim();
  if (help.textContent) box.append(help);

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
  box.append(form);
  box.hidden = false;
}
