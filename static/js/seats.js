// The player bars around the board, one per seat: who sits there (you, an opponent, the
// computer, a free seat), online or not, the seat's clock, and the limit of its current
// decision when it has one (an hourglass and "0:17": a response window, a negotiation period). Your own seat is at the
// bottom (the game draws your side there too); a spectator has seat 0 at the bottom.
// Every other seat is above the board, in turn order after yours.

import { absolute } from "./api.js";
import { showLimit } from "./clocks.js";
import { icon } from "./dom.js";
import { t } from "./i18n.js";
import { loadLinks } from "./links.js";

/** The seats whose bar shows its whole name: a tap on a bar that cuts it opens it (on a
 * phone a long name, "You · T1 red + T3 green", does not fit beside the clock). */
const expanded = new Set();

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
  dot.classList.toggle("away", Boolean(room.presence.turnBased) && pres.online === false && !bot); // normal here
  const label = document.createElement("span");
  label.className = "who-name";
  const seatName = game ? game.seatName(seat) : t("landing.seat", { n: seat + 1 });
  let role = "";
  if (seat === room.mine) role = t("room.you");
  else if (bot) role = t("room.computer");
  else if (room.mine !== null && room.players === 2) role = t("room.opponent");
  label.textContent = role ? `${role} · ${seatName}` : seatName;
  label.title = label.textContent; // readable in full when the bar cuts it
  const presence = document.createElement("span");
  presence.className = "presence";
  presence.dataset.seat = String(seat);
  // An empty chair has nobody to be connected: it waits for a player (tickPresence leaves it).
  if (!bot && taken) presence.dataset.live = "1";
  presence.textContent = bot ? "" : taken ? pres.text : t("room.emptySeat");
  const who = document.createElement("div");
  who.className = "who";
  who.append(dot, label, presence);
  box.classList.toggle("empty-seat", !taken);

  const clock = document.createElement("div");
  clock.className = "clock";
  clock.dataset.clock = String(seat);
  const over = status && status.phase === "over";
  clock.textContent = room.clocks.text(seat, over);
  clock.classList.toggle("low", room.clocks.low(seat, over));
  clock.classList.toggle("running", room.clocks.running(seat) && !over);
  clock.hidden = !room.clocks.timed;
  clock.setAttribute("role", "timer");
  clock.setAttribute("aria-label", seatName);

  // Shown in timed and untimed games alike: when this decision takes its default.
  const limit = document.createElement("span");
  limit.className = "limit";
  const limitText = document.createElement("span");
  limitText.className = "limit-text";
  limit.append(hourglass(), limitText);
  limit.dataset.limit = String(seat);
  limit.setAttribute("role", "timer");
  limit.setAttribute("aria-label", t("clock.limitLabel", { seat: seatName }));
  limit.title = t("clock.limitHelp");
  showLimit(limit, over ? null : room.clocks.limitLeft(seat));
  box.append(who, limit);
  if (!taken && room.mine !== null && !over) box.append(inviteButton(room.roomId));
  box.append(clock);
  box.dataset.expand = "";
  box.classList.toggle("expanded", expanded.has(seat));
  box.addEventListener("click", (e) => {
    if (e.target.closest("button, a, input")) return;
    if (!expanded.has(seat) && label.scrollWidth <= label.clientWidth + 1) return; // nothing cut
    if (expanded.has(seat)) expanded.delete(seat);
    else expanded.add(seat);
    box.classList.toggle("expanded", expanded.has(seat));
  });
  return box;
}

/** On an empty chair, for a player: the invite link copied at once (this browser made the
 * room), else the room's invite panel brought into view (it makes a new link). */
function inviteButton(roomId) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "secondary small seat-invite";
  const url = roomId ? loadLinks(roomId)?.invite_url : null;
  // The long label on a laptop, the short one on a phone (style.css), the whole help as its title.
  const long = document.createElement("span");
  long.className = "long";
  long.textContent = url ? t("seat.copyInvite") : t("seat.invite");
  const short = document.createElement("span");
  short.className = "short";
  short.textContent = t("seat.invite");
  b.append(long, short);
  b.title = url ? t("seat.copyInviteHelp") : t("seat.inviteHelp");
  b.setAttribute("aria-label", b.title);
  b.addEventListener("click", async () => {
    if (!url) {
      const panel = document.getElementById("invite");
      panel?.scrollIntoView({ block: "nearest", behavior: "smooth" });
      panel?.querySelector("input, button")?.focus({ preventScroll: true });
      return;
    }
    try {
      await navigator.clipboard.writeText(absolute(url));
      long.textContent = short.textContent = t("invite.copied");
    } catch {
      // No clipboard here (an insecure page): the panel's link can be selected by hand.
      document.getElementById("invite-url")?.focus();
    }
  });
  return b;
}

/** An hourglass, drawn (no emoji font is needed). */
function hourglass() {
  const d = "M1.5 1h9M1.5 15h9M2.5 1v2.5L6 8l-3.5 4.5V15M9.5 1v2.5L6 8l3.5 4.5V15M4 13.5h4L6 11z";
  const stroke = { fill: "none", stroke: "currentColor", "stroke-width": "1.4", "stroke-linejoin": "round" };
  return icon("0 0 12 16", "limit-icon", [{ d, ...stroke }]);
}

/** Presence texts count on between frames. */
export function tickPresence(root, presence) {
  root.querySelectorAll(".presence[data-live]").forEach((el) => {
    const text = presence.describe(Number(el.dataset.seat)).text;
    if (text && el.textContent !== text) el.textContent = text;
  });
}
