// Frames from either version of the wire contract (docs/protocol.md), read into one shape.
// Version 2 is being rolled out: until every server speaks it, the shell accepts both.
//
//   clocks.running     v1: a seat or null           v2: a list of seats
//   offers.draw|rematch v1: a seat or null           v2: a list of seats
//   welcome.you        v1: {seat, side, role}        v2: {seat, role}
//   welcome.game       v1: absent                    v2: {name, title, client_module, players}

const asSeats = (value) => (Array.isArray(value) ? value.filter(Number.isInteger) : Number.isInteger(value) ? [value] : []);

/** {remaining: [ms per seat] | null, running: [seats], setupDeadline, serverNow}. */
export function readClocks(clocks) {
  if (!clocks) return null;
  return {
    remaining: Array.isArray(clocks.remaining) ? clocks.remaining : null,
    running: asSeats(clocks.running),
    setupDeadline: clocks.setup_deadline ?? null,
    serverNow: clocks.server_now ?? null,
  };
}

/** {draw: [seats offering], rematch: [seats offering]}. */
export function readOffers(offers) {
  return { draw: asSeats(offers?.draw), rematch: asSeats(offers?.rematch) };
}

/** {seat: n | null, role: "player" | "spectator"}. */
export function readYou(you) {
  const seat = Number.isInteger(you?.seat) ? you.seat : null;
  return { seat, role: seat === null ? "spectator" : you?.role || "player" };
}

/** [{connected, goneFor, autopilot}, …] per seat. */
export function readPresence(seats) {
  if (!Array.isArray(seats)) return null;
  return seats.map((p) => ({
    connected: Boolean(p && p.connected),
    goneFor: p && typeof p.gone_for === "number" ? p.gone_for : null,
    autopilot: Boolean(p && p.autopilot),
  }));
}

/** Whether the server speaks version 2 (then game actions travel in `act` frames). */
export const speaksV2 = (welcome) => Boolean(welcome && welcome.game && typeof welcome.game === "object");

/** The game a room plays: {name, title, clientModule, players}, with version-1 defaults. */
export const FALLBACK_MODULE = "/static/games/speakeasy/main.js";

export function readGame(welcome, room) {
  const g = (welcome && welcome.game) || {};
  const players = g.players ?? room?.players ?? (Array.isArray(room?.seats_taken) ? room.seats_taken.length : 2);
  return {
    name: g.name || room?.game || "speakeasy",
    title: g.title || room?.title || "Speak Easy",
    clientModule: g.client_module || FALLBACK_MODULE,
    players,
    agreedDraws: g.agreed_draws !== false,
  };
}
