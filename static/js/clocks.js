// Per-seat clocks (docs/protocol.md, "clocks"): every seat in `running` spends its time,
// several at once in a simultaneous phase. The page counts down locally between frames from
// the instant each frame arrived.
//
// Decision limits (`limits: {"<seat>": ms_epoch}`, timed and untimed games alike): the
// server instant at which a seat's current decision (a response window, a negotiation
// period) takes its default. They are counted down on the browser's clock corrected by the
// server's (`server_now` against the instant the frame arrived).

import { t } from "./i18n.js";
import { readClocks } from "./wire.js";

export class Clocks {
  constructor() {
    this.c = null;
    this.raw = null; // the last clocks object as the server sent it, plus `received_at`
    this.at = 0; // Date.now() when the last clocks arrived
  }

  set(raw) {
    const c = readClocks(raw);
    if (!c) return;
    this.c = c;
    this.at = Date.now();
    // One object per frame (game modules may compare it with the one they saw last).
    this.raw = { ...raw, limits: { ...(raw.limits || {}) }, received_at: this.at };
  }

  /** The last clocks object (with `limits`, `server_now` and `received_at`), or null. */
  latest() {
    return this.raw;
  }

  get timed() {
    return Boolean(this.c && this.c.remaining);
  }

  /** A turn-based room (days per move, or no limit): its clocks read in days and hours. */
  get turnBased() {
    return Boolean(this.raw && this.raw.turn_based);
  }

  /** The text of `seat`'s clock now: "1:23", or "2 d 4 h" in a turn-based room. */
  text(seat, stopped = false) {
    const ms = this.remaining(seat, stopped);
    return this.turnBased ? daysText(ms) : clockText(ms);
  }

  /** Whether `seat`'s clock is nearly out: under 30 s live, under 12 h turn-based. */
  low(seat, stopped = false) {
    const ms = this.remaining(seat, stopped);
    return ms !== null && ms < (this.turnBased ? TURN_BASED_LOW_MS : 30000);
  }

  running(seat) {
    return Boolean(this.c && this.c.running.includes(seat));
  }

  /** Milliseconds left to `seat` now, or null when the game is untimed. `stopped`: the game is over. */
  remaining(seat, stopped = false) {
    const c = this.c;
    if (!c || !c.remaining || c.remaining[seat] === null || c.remaining[seat] === undefined) return null;
    const spent = this.running(seat) && !stopped ? Date.now() - this.at : 0;
    return c.remaining[seat] - spent;
  }

  /** The server's clock minus the browser's, from the last frame (0 when it did not say). */
  offset() {
    return (this.c?.serverNow || this.at) - this.at;
  }

  /** Milliseconds to the setup deadline (server time), or null. */
  setupLeft() {
    const c = this.c;
    if (!c || !c.setupDeadline) return null;
    return c.setupDeadline - (Date.now() + this.offset());
  }

  /** Milliseconds until `seat`'s current decision takes its default (server time), or null. */
  limitLeft(seat) {
    const at = this.raw?.limits?.[String(seat)];
    if (typeof at !== "number" || !Number.isFinite(at)) return null;
    return at - (Date.now() + this.offset());
  }
}

/** A turn-based clock turns red in its last 12 hours (when the "12 h left" notice goes). */
export const TURN_BASED_LOW_MS = 12 * 3600 * 1000;

/** Time left in a turn-based room, in words: "2 d 4 h", "5 h 12 min", then "12:34" under
 * an hour; null -> "". */
export function daysText(ms) {
  if (ms === null || ms === undefined) return "";
  const minutes = Math.max(0, Math.ceil(ms / 60000));
  if (minutes < 60) return clockText(ms);
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  return d ? t("clock.dh", { d, h }) : t("clock.hm", { h, m });
}

/** 83000 -> "1:23"; null -> "". */
export function clockText(ms) {
  if (ms === null || ms === undefined) return "";
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}


/** Every [data-clock] element shows its seat's time; below 30 s it turns red. Every
 * [data-limit] element shows its seat's decision limit (hidden when it has none). */
export function tickClocks(root, clocks, stopped) {
  root.querySelectorAll("[data-clock]").forEach((el) => {
    const seat = Number(el.dataset.clock);
    const text = clocks.text(seat, stopped);
    if (el.textContent !== text) el.textContent = text;
    el.classList.toggle("running", clocks.running(seat) && !stopped);
    el.classList.toggle("low", clocks.low(seat, stopped));
  });
  root.querySelectorAll("[data-limit]").forEach((el) => showLimit(el, stopped ? null : clocks.limitLeft(Number(el.dataset.limit))));
}

/** Fill a seat's limit element (its `.limit-text`): the countdown, red in its last 10 seconds. */
export function showLimit(el, ms) {
  const box = el.querySelector(".limit-text") || el;
  const text = ms === null ? "" : ms >= 3600000 ? daysText(ms) : clockText(ms);
  if (box.textContent !== text) box.textContent = text;
  el.hidden = ms === null;
  el.classList.toggle("low", ms !== null && ms < 10000);
}
