// The notifications page (issue 27): Web Push for this browser, on or off.
//
// On: ask the browser's permission, register the service worker (/sw.js, scope /), subscribe
// with the server's VAPID public key (GET /api/push/key) and send the subscription to the
// server (POST /api/push/subscriptions), which binds it to this guest: his turns, games
// started and over, and "12 h left" then reach this browser even closed. Off: unsubscribe in
// the browser and tell the server (DELETE). A server without keys, a browser without push,
// or a permission refused: the page says so in words. The page's language goes with the
// subscription, so the server writes the notifications in it.

import { ApiError, api } from "./api.js";
import { addStrings, applyI18n, lang, mountLangSwitch, onLangChange, t } from "./i18n.js";
import { NOTIFY_STRINGS } from "./notify-strings.js";

addStrings(NOTIFY_STRINGS);

const $ = (id) => document.getElementById(id);

/** base64url text to the bytes `applicationServerKey` wants. */
export function keyBytes(text) {
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

const supported = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

let serverKey = null; // {enabled, public_key}
let state = "loading"; // loading | off-server | unsupported | denied | on | off | working

async function registration() {
  return navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(() => navigator.serviceWorker.ready);
}

async function current() {
  const found = await navigator.serviceWorker.getRegistration("/");
  return found ? found.pushManager.getSubscription() : null;
}

function send(subscription) {
  return api("POST", "/api/push/subscriptions", { ...subscription.toJSON(), lang });
}

function show(note) {
  const box = $("push-settings");
  box.dataset.state = state;
  const words = {
    loading: "push.loading",
    "off-server": "push.serverOff",
    unsupported: "push.unsupported",
    denied: "push.denied",
    on: "push.on",
    off: "push.off",
    working: "push.working",
  };
  $("push-state").textContent = t(note || words[state]);
  $("push-on").hidden = state !== "off";
  $("push-off").hidden = state !== "on";
}

function fail(error) {
  const box = $("push-error");
  box.textContent = t("push.failed", { m: error instanceof ApiError || error instanceof Error ? error.message : String(error) });
  box.hidden = false;
}

async function refresh() {
  try {
    serverKey = await api("GET", "/api/push/key");
  } catch (error) {
    fail(error);
    return;
  }
  if (!serverKey.enabled) state = "off-server";
  else if (!supported()) state = "unsupported";
  else if (Notification.permission === "denied") state = "denied";
  else {
    const subscription = await current();
    state = subscription && Notification.permission === "granted" ? "on" : "off";
    if (state === "on") await send(subscription).catch(fail); // bound to this guest, in this language
  }
  show();
}

async function turnOn() {
  $("push-error").hidden = true;
  state = "working";
  show();
  try {
    const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
    if (answer !== "granted") {
      state = answer === "denied" ? "denied" : "off";
      show();
      return;
    }
    const reg = await registration();
    let subscription = await reg.pushManager.getSubscription();
    if (!subscription) {
      subscription = await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(serverKey.public_key),
      });
    }
    await send(subscription);
    state = "on";
    show("push.nowOn");
  } catch (error) {
    state = "off";
    show();
    fail(error);
  }
}

async function turnOff() {
  $("push-error").hidden = true;
  state = "working";
  show();
  try {
    const subscription = await current();
    if (subscription) {
      await api("DELETE", "/api/push/subscriptions", { endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    }
    state = "off";
    show("push.nowOff");
  } catch (error) {
    state = "on";
    show();
    fail(error);
  }
}

function start() {
  mountLangSwitch($("lang"));
  applyI18n();
  $("push-on").addEventListener("click", turnOn);
  $("push-off").addEventListener("click", turnOff);
  onLangChange(() => {
    applyI18n();
    show();
    if (state === "on") current().then((s) => s && send(s)).catch(fail); // notifications in the new language
  });
  show();
  refresh();
}

start();
