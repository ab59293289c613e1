// "Play on another device" on My games (issue 27, item 4): a button asks the server for a
// one-time link (POST /api/me/device-link) that gives another browser this player's
// identity; it is shown with a copy button, as a QR code for a phone's camera (drawn by the
// server), and with its expiry (15 minutes, counting down here), and says so once it has
// expired. The link itself is opened on the other device
// (/link/<token>, link.js), where the player confirms.

import { api } from "./api.js";
import { lang, onLangChange, t } from "./i18n.js";
import { timeLeftText } from "./my-games-strings.js";

export function mountDeviceLink(box) {
  if (!box) return;
  let issued = null; // {link_url, expires_at, server_now, at: performance.now()}
  let timer = null;

  const title = document.createElement("h2");
  title.id = "device-title";
  const help = document.createElement("p");
  help.className = "help";
  const make = document.createElement("button");
  make.type = "button";
  make.className = "secondary";
  make.id = "device-make";
  const shown = document.createElement("div");
  shown.className = "device-shown";
  shown.hidden = true;
  const label = document.createElement("label");
  label.htmlFor = "device-url";
  const line = document.createElement("div");
  line.className = "link-line";
  const input = document.createElement("input");
  input.id = "device-url";
  input.readOnly = true;
  input.addEventListener("focus", () => input.select());
  const copy = document.createElement("button");
  copy.type = "button";
  copy.className = "copy";
  copy.id = "device-copy";
  line.append(input, copy);
  const expiry = document.createElement("p");
  expiry.className = "help device-expiry";
  expiry.id = "device-expiry";
  expiry.setAttribute("role", "status");
  const qrHelp = document.createElement("p");
  qrHelp.className = "help";
  const qr = document.createElement("img");
  qr.className = "device-qr";
  qr.id = "device-qr";
  qr.width = 164;
  qr.height = 164;
  shown.append(label, line, expiry, qrHelp, qr);
  const error = document.createElement("p");
  error.className = "error";
  error.setAttribute("role", "alert");
  error.hidden = true;
  box.append(title, help, make, shown, error);

  const left = () => (issued ? issued.expires_at - issued.server_now - (performance.now() - issued.at) : 0);

  function words() {
    title.textContent = t("device.title");
    help.textContent = t("device.help");
    make.textContent = t("device.make");
    label.textContent = t("device.link");
    qrHelp.textContent = t("device.qr");
    qr.alt = t("device.qrAlt");
    copy.textContent = t("invite.copy");
    copy.setAttribute("aria-label", `${t("invite.copy")}: ${t("device.link")}`);
    tick();
  }

  function tick() {
    if (!issued) return;
    const ms = left();
    if (ms <= 0) {
      expiry.textContent = t("device.expired");
      shown.classList.add("expired");
      input.value = "";
      copy.disabled = true;
      qr.hidden = qrHelp.hidden = true;
      make.hidden = false;
      clearInterval(timer);
      return;
    }
    const until = new Date(Date.now() + ms).toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
    expiry.textContent = t("device.expires", { time: until, left: timeLeftText(ms, t) });
  }

  make.addEventListener("click", async () => {
    make.disabled = true;
    error.hidden = true;
    try {
      const answer = await api("POST", "/api/me/device-link");
      issued = { ...answer, at: performance.now() };
      input.value = answer.link_url;
      copy.disabled = false;
      qr.src = answer.qr;
      qr.hidden = qrHelp.hidden = false;
      shown.classList.remove("expired");
      shown.hidden = false;
      make.hidden = true;
      clearInterval(timer);
      timer = setInterval(tick, 1000);
      tick();
      input.focus();
    } catch (err) {
      error.textContent = t("device.failed", { m: err.message });
      error.hidden = false;
    } finally {
      make.disabled = false;
    }
  });

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

  onLangChange(words);
  words();
}
