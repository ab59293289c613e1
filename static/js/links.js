// The invite and spectator links of a room, with copy buttons. The server shows a token
// only once (it stores hashes), so the creator's browser keeps the links of its rooms.

import { absolute, api } from "./api.js";
import { t } from "./i18n.js";

const key = (roomId) => `speakeasy.links.${roomId}`;

export function rememberLinks(roomId, links) {
  const old = loadLinks(roomId) || {};
  localStorage.setItem(key(roomId), JSON.stringify({ ...old, ...links }));
}

export function loadLinks(roomId) {
  try {
    return JSON.parse(localStorage.getItem(key(roomId)) || "null");
  } catch {
    return null;
  }
}

function linkRow(label, url, id, help) {
  const row = document.createElement("div");
  row.className = "link-row";
  const lab = document.createElement("label");
  lab.htmlFor = id;
  lab.textContent = label;
  const input = document.createElement("input");
  input.id = id;
  input.readOnly = true;
  input.value = absolute(url);
  input.addEventListener("focus", () => input.select());
  const copy = document.createElement("button");
  copy.type = "button";
  copy.className = "copy";
  copy.textContent = t("invite.copy");
  copy.setAttribute("aria-label", `${t("invite.copy")}: ${label}`);
  copy.addEventListener("click", async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      document.execCommand?.("copy");
    }
    copy.textContent = t("invite.copied");
    setTimeout(() => (copy.textContent = t("invite.copy")), 1500);
  });
  const line = document.createElement("div");
  line.className = "link-line";
  line.append(input, copy);
  row.append(lab, line);
  if (help) {
    const p = document.createElement("p");
    p.className = "help";
    p.textContent = help;
    row.append(p);
  }
  return row;
}

/**
 * Fill `container` with the links we know for this room (and a way to make a new invite).
 * `players`: the room's number of seats (one opponent to invite, or several players).
 */
export function renderLinks(container, roomId, { canRenew = true, players = 2 } = {}) {
  const links = loadLinks(roomId) || {};
  container.replaceChildren();
  const h = document.createElement("h2");
  h.textContent = t(players > 2 ? "invite.titlePlayers" : "invite.title");
  container.append(h);
  if (links.invite_url) {
    container.append(linkRow(t("invite.link"), links.invite_url, "invite-url", t("invite.help")));
  } else if (canRenew) {
    const p = document.createElement("p");
    p.className = "help";
    p.textContent = t("invite.lost");
    container.append(p);
  }
  if (canRenew) {
    const renew = document.createElement("button");
    renew.type = "button";
    renew.className = "secondary";
    renew.textContent = t("invite.new");
    renew.addEventListener("click", async () => {
      const { invite_url } = await api("POST", `/api/rooms/${encodeURIComponent(roomId)}/invite`);
      rememberLinks(roomId, { invite_url });
      renderLinks(container, roomId, { canRenew, players });
    });
    container.append(renew);
  }
  if (links.watch_url) container.append(linkRow(t("invite.watch"), links.watch_url, "watch-url", t("invite.watchHelp")));
}
