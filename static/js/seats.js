// The player bars around the board, one per seat: who sits there (you, an opponent, the
// computer, a free seat), online or not, and the seat's clock. Your own seat is at the
// bottom (the game draws your side there too); a spectator has seat 0 at the bottom.
// Every other seat is above the board, in turn order after yours.

import { clockText } from "./clocks.js";
import { t } from "./i18n.js";

/** The seats from the bottom bar up: [bottom, ...above in turn order]. */
export function seatOrder(players, mine) {
  const first = mine ?? 0;
  return Array.from({ length: players }, (_, i) => (first + i) % players);
}

/**
 * Fill the top and bottom containers. `room` is the shell's room state: {players, mine,
 * bots[], seatsTaken[], presence, clocks, status, game} (see room.js).
 */
export function renderSeats(top, bottom, room) {
  const order = seatOrder(room.players, room.mine);
  bottom.replaceChildren(bar(order[0], room));
  top.replaceChildren(...order.slice(1).reverse().map((seat) => bar(seat, room)));
}

function bar(seat, room) {
  const { status, game } = room;
  const box = document.createElement("div");
  box.className = "player";
  box.dataset.seat = String(seat);
  if (game) box.style.setProperty("--seat-colour", game.seatColour(seat));
  const acting = status && status.phase === "play" && status.actors.includes(seat);
  box.classList.toggle("to-move", Boolean(acting));

  const bot = room.bots && room.bots[seat];
  const taken = !room.seatsTaken || room.seatsTaken[seat] !== false || bot;
  const pres = room.presence.describe(seat);
  const dot = document.createElement("span");
  dot.className = `dot ${pres.online === false && !bot ? "off" : "on"}`;
  dot.classList.toggle("empty", !taken);
  const label = document.createElement("span");
  label.className = "who-name";
  const seatName = game ? game.seatName(seat) : t("landing.seat", { n: seat + 1 });
  let role = "";
  if (seat === room.mine) role = t("room.you");
  else if (bot) role = t("room.computer");
  else if (room.mine !== null && room.players === 2) role = t("room.opponent");
  label.textContent = role ? `${role} · ${seatName}` : seatName;
  const presence = document.createElement("span");
  presence.className = "presence";
  presence.dataset.seat = String(seat);
  if (!bot) presence.dataset.live = "1";
  presence.textContent = bot ? "" : taken ? pres.text : t("room.free");
  const who = document.createElement("div");
  who.className = "who";
  who.append(dot, label, presence);

  const clock = document.createElement("div");
  clock.className = "clock";
  clock.dataset.clock = String(seat);
  const over = status && status.phase === "over";
  clock.textContent = clockText(room.clocks.remaining(seat, over));
  clock.classList.toggle("running", room.clocks.running(seat) && !over);
  clock.hidden = !room.clocks.timed;
  clock.setAttribute("role", "timer");
  clock.setAttribute("aria-label", seatName);
  box.append(who, clock);
  return box;
}

/** Presence texts count on between frames. */
export function tickPresence(root, presence) {
  root.querySelectorAll(".presence[data-live]").forEach((el) => {
    const text = presence.describe(Number(el.dataset.seat)).text;
    if (text && el.textContent !== text) el.textContent = text;
  });
}
