// The page a one-time device link opens (/link/<token>, issue 27 item 4): it asks the
// server what the link would do (POST /api/device-links/status, changing nothing), asks
// "Continue as this player on this device?", and on Yes spends the link
// (POST /api/device-links/use), which writes this browser's guest cookie, then goes to My
// games (replacing this page in the history). An expired, used or unknown link is said in
// words and changes nothing. The token goes to the API in request bodies only, never in an
// API address; the page's own address is redacted from the server's logs.

import { api } from "./api.js";
import { addStrings, applyI18n, mountLangSwitch, t } from "./i18n.js";
import { MY_GAMES_STRINGS } from "./my-games-strings.js";

addStrings(MY_GAMES_STRINGS);

const $ = (id) => document.getElementById(id);
const token = decodeURIComponent(location.pathname.split("/").pop() || "");
const REFUSED = { link_used: "link.used", link_expired: "link.expired", link_unknown: "link.unknown" };
const STATES = { used: "link.used", expired: "link.expired", unknown: "link.unknown" };

function say(key, params) {
  $("link-status").hidden = true;
  $("link-ask").hidden = true;
  $("link-error").textContent = t(key, params);
  $("link-error").dataset.key = key;
  if (params) delete $("link-error").dataset.i18n;
  else $("link-error").dataset.i18n = key; // said again in the other language on a switch
  $("link-error").hidden = false;
  $("link-games").hidden = false;
}

async function yourGames() {
  try {
    return (await api("GET", "/api/me/games?per_page=1")).total;
  } catch {
    return 0;
  }
}

async function check() {
  let state;
  try {
    state = await api("POST", "/api/device-links/status", { token });
  } catch (err) {
    if (err.status === 422) say("link.unknown");
    else say("link.failed", { m: err.message });
    return;
  }
  document.body.dataset.state = state.state;
  if (state.state !== "ready") {
    say(STATES[state.state] || "link.unknown");
    return;
  }
  $("link-status").hidden = true;
  if (state.same_player) {
    $("link-status").dataset.i18n = "link.already";
    $("link-status").textContent = t("link.already");
    $("link-status").hidden = false;
    $("link-games").hidden = false;
    return;
  }
  $("link-replaces").hidden = (await yourGames()) === 0;
  $("link-ask").hidden = false;
  $("link-confirm").focus();
}

$("link-confirm").addEventListener("click", async () => {
  $("link-confirm").disabled = true;
  try {
    const done = await api("POST", "/api/device-links/use", { token });
    location.replace(done.next_url);
  } catch (err) {
    $("link-confirm").disabled = false;
    if (REFUSED[err.code]) say(REFUSED[err.code]);
    else say("link.failed", { m: err.message });
  }
});

mountLangSwitch($("lang"));
applyI18n();
check();
