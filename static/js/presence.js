// Who is connected (docs/protocol.md, "presence"): one entry per seat, counted on locally
// between frames, plus the number of spectators.

import { t } from "./i18n.js";
import { readPresence } from "./wire.js";

/** How long a seat has been away, roughly: "2 min", "3 h", "2 d". */
function awayText(seconds) {
  if (seconds < 3600) return t("presence.minutes", { n: Math.max(1, Math.floor(seconds / 60)) });
  if (seconds < 86400) return t("presence.hours", { n: Math.floor(seconds / 3600) });
  return t("presence.days", { n: Math.floor(seconds / 86400) });
}

export class Presence {
  constructor() {
    this.seats = null;
    this.at = 0;
    this.spectators = 0;
    this.turnBased = false; // a turn-based room: absence is normal, said "away", never alarming
  }

  set(seats, spectators) {
    const read = readPresence(seats);
    if (read) {
      this.seats = read;
      this.at = Date.now();
    }
    if (typeof spectators === "number") this.spectators = spectators;
  }

  of(seat) {
    return (this.seats && this.seats[seat]) || null;
  }

  /** Seconds `seat` has been gone now, or null (connected, or never known). */
  goneFor(seat) {
    const p = this.of(seat);
    if (!p || p.connected || p.goneFor === null) return null;
    return p.goneFor + (Date.now() - this.at) / 1000;
  }

  online(seat) {
    const p = this.of(seat);
    return !p || p.connected;
  }

  /** {text, online} for a seat's bar. */
  describe(seat) {
    const p = this.of(seat);
    if (!p) return { text: "", online: null };
    if (p.autopilot) return { text: t("room.autopilot"), online: false };
    if (p.connected) return { text: t("presence.online"), online: true };
    const gone = this.goneFor(seat);
    if (this.turnBased) return { text: gone === null ? t("presence.away") : t("presence.awayFor", { t: awayText(gone) }), online: false };
    return { text: gone === null ? t("presence.offline") : t("presence.offlineFor", { s: Math.round(gone) }), online: false };
  }
}
