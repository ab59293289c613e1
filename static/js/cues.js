// When it becomes your turn while the page is in a background tab: a short sound (unless
// muted; the switch is kept in localStorage), the page title, and a browser notification
// if the player asked for them. The title says "your turn" whatever the tab.
//
// The sound is synthesised (Web Audio): the page's content security policy loads no media.
// Browsers start audio only after a gesture, so the audio context is made on the first click
// or key press and reused.

import { addStrings, t } from "./i18n.js";
import { NOTIFY_STRINGS } from "./notify-strings.js";

addStrings(NOTIFY_STRINGS);

const SOUND_KEY = "speakeasy.sound";
const NOTIFY_KEY = "speakeasy.notify";

function setting(key, fallback) {
  try {
    return localStorage.getItem(key) ?? fallback;
  } catch {
    return fallback;
  }
}

function keep(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // private mode: the switch lasts for this page
  }
}

let audio = null;
function unlockAudio() {
  if (audio || typeof window.AudioContext !== "function") return;
  try {
    audio = new AudioContext();
  } catch {
    audio = null;
  }
}
window.addEventListener("pointerdown", unlockAudio, { once: true, capture: true });
window.addEventListener("keydown", unlockAudio, { once: true, capture: true });

/** Two soft notes. */
export function chime() {
  unlockAudio();
  if (!audio) return;
  if (audio.state === "suspended") audio.resume().catch(() => {});
  const now = audio.currentTime;
  for (const [i, freq] of [660, 880].entries()) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "sine";
    osc.frequency.value = freq;
    const start = now + i * 0.16;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.18, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.15);
    osc.connect(gain).connect(audio.destination);
    osc.start(start);
    osc.stop(start + 0.16);
  }
}

export const soundOn = () => setting(SOUND_KEY, "on") !== "off";
const notifyWanted = () => setting(NOTIFY_KEY, "off") === "on";
const canNotify = () => typeof window.Notification === "function";

export class TurnCues {
  constructor(box) {
    this.box = box;
    this.mine = null; // whether it was our turn at the last update (null: not known yet)
    this.gameTitle = "";
    this.renderSwitches();
  }

  /** The switches: sound on/off, and notifications (asks the browser the first time). */
  renderSwitches() {
    const box = this.box;
    box.replaceChildren();
    const sound = document.createElement("button");
    sound.type = "button";
    sound.id = "sound-switch";
    sound.className = "secondary small";
    sound.setAttribute("aria-pressed", String(soundOn()));
    sound.title = t("cue.sound");
    sound.textContent = soundOn() ? t("cue.soundOn") : t("cue.soundOff");
    sound.addEventListener("click", () => {
      keep(SOUND_KEY, soundOn() ? "off" : "on");
      if (soundOn()) chime();
      this.renderSwitches();
    });
    box.append(sound);
    if (canNotify()) {
      const n = document.createElement("button");
      n.type = "button";
      n.id = "notify-switch";
      n.className = "secondary small";
      const denied = Notification.permission === "denied";
      const on = notifyWanted() && Notification.permission === "granted";
      n.setAttribute("aria-pressed", String(on));
      n.textContent = denied ? t("cue.notifyDenied") : on ? t("cue.notifyOn") : t("cue.notify");
      n.disabled = denied;
      n.addEventListener("click", async () => {
        if (on) keep(NOTIFY_KEY, "off");
        else {
          const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
          keep(NOTIFY_KEY, answer === "granted" ? "on" : "off");
        }
        this.renderSwitches();
      });
      box.append(n);
    }
    // Notifications that reach a closed browser (Web Push, e-mail): their own page.
    const more = document.createElement("a");
    more.href = "/notifications";
    more.target = "_blank";
    more.rel = "noopener";
    more.id = "notify-more";
    more.className = "small";
    more.textContent = t("push.away");
    more.title = t("push.more");
    box.append(more);
  }

  /** After every change: `mine` is whether we must act now. */
  update(mine, gameTitle) {
    this.gameTitle = gameTitle;
    document.title = mine ? `● ${t("title.yourTurn")} · ${t("brand")}` : `${gameTitle ? `${gameTitle} · ` : ""}${t("brand")}`;
    const became = mine && this.mine === false;
    this.mine = mine;
    if (!became || document.visibilityState === "visible") return;
    if (soundOn()) chime();
    if (canNotify() && notifyWanted() && Notification.permission === "granted") {
      try {
        const note = new Notification(t("title.yourTurn"), { body: t("cue.notifyText", { game: gameTitle }), tag: "speakeasy-turn" });
        note.onclick = () => {
          window.focus();
          note.close();
        };
      } catch {
        // some browsers allow notifications only from a service worker
      }
    }
  }

  /** A new game (rematch): its first turn is not a change. */
  reset() {
    this.mine = null;
  }
}
