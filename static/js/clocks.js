// Per-seat clocks (docs/protocol.md, "clocks"): every seat in `running` spends its time,
// several at once in a simultaneous phase. The page counts down locally between frames from
// the instant each frame arrived.

import { readClocks } from "./wire.js";

export class Clocks {
  constructor() {
    this.c = null;
    this.at = 0; // Date.now() when the last clocks arrived
  }

  set(raw) {
    const c = readClocks(raw);
    if (!c) return;
    this.c = c;
    this.at = Date.now();
  }

  get timed() {
    return Boolean(this.c && this.c.remaining);
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

  /** Milliseconds to the setup deadline (server time), or null. */
  setupLeft() {
    const c = this.c;
    if (!c || !c.setupDeadline) return null;
    const offset = (c.serverNow || this.at) - this.at;
    return c.setupDeadline - (Date.now() + offset);
  }
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

/** Every [data-clock] element shows its seat's time; below 30 s it turns red. */
export function tickClocks(root, clocks, stopped) {
  root.querySelectorAll("[data-clock]").forEach((el) => {
    const seat = Number(el.dataset.clock);
    const ms = clocks.remaining(seat, stopped);
    const text = clockText(ms);
    if (el.textContent !== text) el.textContent = text;
    el.classList.toggle("running", clocks.running(seat) && !stopped);
    el.classList.toggle("low", ms !== null && ms < 30000);
  });
}
