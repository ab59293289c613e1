// The landing page: create a room, then copy the invite and spectator links.

import { api, keepRejoinSecret } from "./api.js";
import { applyI18n, mountLangSwitch, onLangChange, t } from "./i18n.js";
import { rememberLinks, renderLinks } from "./links.js";

const CLOCKS = [null, [3, 2], [5, 3], [10, 5], [15, 10], [30, 20]];
const DEFAULT_CLOCK = 3;

const form = document.getElementById("create");
const clock = document.getElementById("clock");
const errorBox = document.getElementById("create-error");
const button = document.getElementById("create-btn");
let created = null;

function fillClocks() {
  const chosen = clock.value || String(DEFAULT_CLOCK);
  clock.replaceChildren(
    ...CLOCKS.map((c, i) => {
      const o = document.createElement("option");
      o.value = String(i);
      o.textContent = c ? t("clock.min", { m: c[0], s: c[1] }) : t("clock.none");
      return o;
    }),
  );
  clock.value = chosen;
}

function showCreated() {
  if (!created) return;
  form.hidden = true;
  const box = document.getElementById("created");
  box.hidden = false;
  renderLinks(document.getElementById("links"), created.room_id, { canRenew: false });
  document.getElementById("enter").href = created.room_url;
  document.getElementById("invite-url")?.focus();
}

form.addEventListener("submit", async (e) => {
  e.preventDefault();
  const data = new FormData(form);
  const c = CLOCKS[Number(data.get("clock"))];
  const bot = data.get("opponent") === "bot" ? data.get("bot") : null;
  errorBox.hidden = true;
  button.disabled = true;
  button.textContent = t("landing.creating");
  try {
    created = await api("POST", "/api/rooms", {
      preset: data.get("preset"),
      time_control: c ? { initial: c[0] * 60, increment: c[1] } : null,
      setup_seconds: 180,
      spectators: data.get("spectators") === "on",
      bot,
    });
    keepRejoinSecret(created.room_id, created.rejoin_secret);
    rememberLinks(created.room_id, { invite_url: created.invite_url, watch_url: created.watch_url });
    if (bot) location.assign(created.room_url);
    else showCreated();
  } catch (err) {
    errorBox.textContent = t("error.generic", { m: err.message });
    errorBox.hidden = false;
  } finally {
    button.disabled = false;
    button.textContent = t("landing.create");
  }
});

// Choosing a level means playing the computer.
document.getElementById("bot-level").addEventListener("change", () => {
  form.querySelector('input[name="opponent"][value="bot"]').checked = true;
});

mountLangSwitch(document.getElementById("lang"));
applyI18n();
fillClocks();
onLangChange(() => {
  fillClocks();
  showCreated();
});
