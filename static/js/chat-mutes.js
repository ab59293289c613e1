// The seats a player muted in one room's chat, kept in localStorage per room.
//
// They are kept relative to the player's own seat ("the seat after mine"): every chair moves
// one seat on at a rematch (docs/server.md), so the same offset is still the same person in
// the next game, while the seat numbers change hands.

const key = (roomId) => `speakeasy.chat.muted.${roomId}`;

function load(roomId) {
  try {
    const data = JSON.parse(localStorage.getItem(key(roomId)) || "[]");
    return new Set(Array.isArray(data) ? data.filter(Number.isInteger) : []);
  } catch {
    return new Set();
  }
}

export class Mutes {
  constructor() {
    this.roomId = null;
    this.seat = null; // ours; a spectator mutes nobody
    this.players = 2;
    this.offsets = new Set();
  }

  /** Read the room's mutes for a player at `seat` of `players` (null: a spectator). */
  load(roomId, seat, players) {
    this.roomId = roomId;
    this.seat = seat;
    this.players = players;
    this.offsets = seat === null ? new Set() : load(roomId);
  }

  offsetOf(seat) {
    return (seat - this.seat + this.players) % this.players;
  }

  has(seat) {
    return this.seat !== null && Number.isInteger(seat) && seat !== this.seat && this.offsets.has(this.offsetOf(seat));
  }

  set(seat, muted) {
    if (this.seat === null || seat === this.seat) return;
    if (muted) this.offsets.add(this.offsetOf(seat));
    else this.offsets.delete(this.offsetOf(seat));
    try {
      localStorage.setItem(key(this.roomId), JSON.stringify([...this.offsets].sort()));
    } catch {
      // storage refused: the mutes last for this page
    }
  }

  /** The seats muted in the current game. */
  seats() {
    if (this.seat === null) return [];
    return [...this.offsets].map((offset) => (this.seat + offset) % this.players).filter((s) => s !== this.seat);
  }
}
