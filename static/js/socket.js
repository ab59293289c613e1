// A WebSocket that reconnects by itself and resumes from the last version it saw
// (docs/protocol.md). Events arrive in version order with no gaps; a gap or a replay that
// cannot be trusted makes it reconnect and ask again. Actions carry an id and are resent
// after a reconnect until acknowledged (the server applies a retried id once). An event frame
// carries what changed in the view (view-patch.js): the socket hands on each frame with its
// whole view, as the server means it.
//
// Heartbeat: a ping every PING_EVERY ms; when nothing at all (no pong, no frame) came back
// PONG_WITHIN ms after a ping, the connection is dead even if the browser has not noticed
// (a network that drops packets silently): it is closed, "lost" is reported and a new one
// is opened.

import { ViewFollower } from "./view-patch.js";

const FATAL_CLOSE = new Set([1008, 4401, 4403, 4404]);
export const PING_EVERY = 10_000;
export const PONG_WITHIN = 15_000;

export const newId = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 10);

export class GameSocket {
  /**
   * hooks: frame(msg) for every frame but pong; status("connecting"|"open"|"lost"|"fatal", reason);
   * opened() (optional) once a new connection said hello.
   */
  constructor(url, hooks) {
    this.url = url;
    this.hooks = hooks;
    this.lastVersion = null;
    this.viewVersion = null;
    this.gameId = null;
    this.views = new ViewFollower(); // the view, kept from the frames' patches
    this.pending = new Map();
    this.tries = new Map(); // times a pending command was refused as unavailable
    this.ws = null;
    this.retries = 0;
    this.lastFrameAt = 0;
    this.stopped = false;
    this.pinger = setInterval(() => this.ping(), PING_EVERY);
    window.addEventListener("online", () => this.reconnectSoon(0));
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && !this.isOpen()) this.reconnectSoon(0);
    });
  }

  isOpen() {
    return Boolean(this.ws) && this.ws.readyState === WebSocket.OPEN;
  }

  connect() {
    clearTimeout(this.timer);
    clearTimeout(this.pongTimer);
    this.pongTimer = null;
    if (this.stopped) return;
    this.hooks.status(this.retries ? "lost" : "connecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      if (ws !== this.ws) return;
      this.lastFrameAt = Date.now();
      ws.send(JSON.stringify({ type: "hello", last_version: this.lastVersion, game_id: this.gameId }));
      for (const frame of this.pending.values()) ws.send(JSON.stringify(frame));
      this.hooks.opened?.(); // a new connection: what the server keeps per connection is gone
    };
    ws.onmessage = (e) => {
      if (ws !== this.ws) return;
      this.lastFrameAt = Date.now();
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      if (this.retries || !this.opened) {
        this.retries = 0;
        this.opened = true;
        this.hooks.status("open");
      }
      this.receive(msg);
    };
    ws.onclose = (e) => {
      if (ws !== this.ws) return;
      this.ws = null;
      if (FATAL_CLOSE.has(e.code)) {
        this.stopped = true;
        this.hooks.status("fatal", e.reason);
        return;
      }
      this.lost();
    };
  }

  /** The connection is gone: say so and try again, backing off up to 8 s. */
  lost() {
    this.opened = false;
    this.hooks.status("lost");
    this.reconnectSoon(Math.min(500 * 2 ** this.retries, 8000));
    this.retries += 1;
  }

  reconnectSoon(delay) {
    clearTimeout(this.timer);
    if (this.stopped || this.isOpen()) return;
    this.timer = setTimeout(() => this.connect(), delay);
  }

  /** Drop the connection and come back, asking for what we missed (or everything). */
  resync(fromScratch = false) {
    if (fromScratch) {
      this.lastVersion = null;
      this.gameId = null;
    }
    this.drop();
    this.connect();
  }

  /** Close the current socket without waiting for the browser to notice anything. */
  drop() {
    const ws = this.ws;
    this.ws = null;
    try {
      ws?.close();
    } catch {
      // already closing
    }
  }

  /** Stop for good (the page is leaving the room: a refused seat, a fatal error). */
  stop() {
    this.stopped = true;
    clearInterval(this.pinger);
    clearTimeout(this.timer);
    clearTimeout(this.pongTimer);
    this.drop();
  }

  receive(msg) {
    if (msg.type === "welcome") {
      this.views.take(msg);
      this.lastVersion = msg.version;
      this.viewVersion = msg.version;
      this.gameId = msg.game_id;
      this.hooks.frame(msg);
      return;
    }
    if (msg.type === "event") {
      if (this.gameId !== null && msg.game_id !== this.gameId) return this.resync(true);
      if (this.lastVersion !== null && msg.version <= this.lastVersion) return; // already seen
      if (this.lastVersion !== null && msg.version !== this.lastVersion + 1) return this.resync();
      if (!this.views.take(msg)) return this.resync(); // not the view we hold: ask again from our version
      this.lastVersion = msg.version;
      // The view an event carries is the game after the whole change (several events may
      // make one change): an action decided on it is sent against that version.
      this.viewVersion = msg.head ?? msg.version;
    }
    if (msg.type === "error" && msg.code === "unavailable" && this.pending.has(msg.id)) {
      this.retryLater(msg.id); // the database is away: the same command again, as the protocol asks
    } else if (msg.type === "ack" || (msg.type === "error" && msg.id)) {
      this.pending.delete(msg.id);
      this.tries.delete(msg.id);
    }
    if (msg.type === "pong") return;
    this.hooks.frame(msg);
  }

  /** Send the pending command `id` again after a backoff (0.25 s doubling to 4 s, with
   * jitter): the server refused it as `unavailable` and changed nothing. */
  retryLater(id) {
    const tries = (this.tries.get(id) || 0) + 1;
    this.tries.set(id, tries);
    const cap = Math.min(4000, 250 * 2 ** (tries - 1));
    setTimeout(() => {
      const frame = this.pending.get(id);
      if (frame && this.isOpen()) this.ws.send(JSON.stringify(frame));
    }, cap / 2 + Math.random() * (cap / 2));
  }

  /** Send a command ({type, ...}); returns its id. Kept until acknowledged. */
  send(command) {
    const frame = { id: newId(), ...command };
    this.pending.set(frame.id, frame);
    if (this.isOpen()) this.ws.send(JSON.stringify(frame));
    return frame.id;
  }

  /** Send a question ({type, ...}: a `hint`) once, now or never: it changes nothing, so
   * it is not kept to be sent again. Returns its id, or null when the socket is not open. */
  ask(question) {
    if (!this.isOpen()) return null;
    const frame = { id: newId(), ...question };
    this.ws.send(JSON.stringify(frame));
    return frame.id;
  }

  ping() {
    if (!this.isOpen()) return;
    this.ws.send(JSON.stringify({ type: "ping" }));
    // One check at a time, counted from the oldest unanswered ping (a later ping must not
    // put the deadline off again).
    if (this.pongTimer) return;
    const sentAt = Date.now();
    this.pongTimer = setTimeout(() => {
      this.pongTimer = null;
      if (this.lastFrameAt >= sentAt || !this.ws) return;
      this.drop();
      this.lost();
    }, PONG_WITHIN);
  }
}
