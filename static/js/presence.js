// Who is connected (docs/protocol.md, "presence"): one entry per seat, counted on locally
// between frames, plus the number of spectators.

import { t } from "./i18n.js";
import { readPresence } from "./wire.js";

export class Presence {
  constructor() {
    this.seats = null;
    this.at = 0;
    this.spectators = 0;
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
    return { text: gone === null ? t("presence.offline") : t("presence.offlineFor", { s: Math.round(gone) }), online: false };
  }
}
