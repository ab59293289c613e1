// The platform's commands around any game: resign, draw offers, abort, claiming the win
// against a player who left, and the rematch. Offers are per seat (docs/protocol.md,
// "offers"): several seats may offer at once.
//
// "Claim the win" shows as soon as an opponent is away, with the grace period counting down
// on the button; if the server still refuses, its own reason is shown (not a generic text).

import { clockText } from "./clocks.js";
import { commandHelp } from "./explain.js";
import { t } from "./i18n.js";

/** The grace period before a claim, in seconds: the server's, else its documented default. */
export const DEFAULT_GRACE_SECONDS = 60;

function button(label, onClick, cls = "secondary", id = null) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = cls;
  b.textContent = label;
  if (id) b.id = id;
  // What the command does, on hover, a long press or keyboard focus (js/explain.js).
  const help = id ? commandHelp(id) : "";
  if (help) b.dataset.tip = help;
  b.addEventListener("click", onClick);
  return b;
}

const others = (room) => Array.from({ length: room.players }, (_, s) => s).filter((s) => s !== room.mine);
const humanSeats = (room) => others(room).filter((s) => !(room.bots && room.bots[s]));
const names = (room, seats) => seats.map((s) => room.game.seatName(s)).join(", ");

/** Every other human seat is taken (the game can be played against someone). */
export function opponentsSeated(room) {
  return humanSeats(room).every((s) => !room.seatsTaken || room.seatsTaken[s]);
}

/** Seats that are away (taken, not a bot, not connected), for a claim. */
function awaySeats(room) {
  return humanSeats(room).filter((s) => (!room.seatsTaken || room.seatsTaken[s]) && !room.presence.online(s));
}

/** Incoming offers: accept or decline. */
export function renderOffer(box, room, send) {
  box.replaceChildren();
  const phase = room.status.phase;
  if (room.mine === null) return (box.hidden = true);
  const draw = room.offers.draw.filter((s) => s !== room.mine);
  const rematch = room.offers.rematch.filter((s) => s !== room.mine);
  const p = document.createElement("p");
  if (phase === "play" && draw.length && !room.offers.draw.includes(room.mine)) {
    p.textContent = room.players === 2 ? t("offer.drawFromOpponent") : t("offer.drawFrom", { seats: names(room, draw) });
    box.append(p, button(t("action.drawAccept"), () => send("draw_accept"), "primary", "draw-accept"),
      button(t("action.drawDecline"), () => send("draw_decline"), "secondary", "draw-decline"));
  } else if (phase === "over" && rematch.length && !room.offers.rematch.includes(room.mine)) {
    p.textContent = room.players === 2 ? t("offer.rematchFromOpponent") : t("offer.rematchFrom", { seats: names(room, rematch) });
    box.append(p, button(t("action.rematchAccept"), () => send("rematch"), "primary", "rematch-accept"));
  }
  box.hidden = !box.childElementCount;
}

/** The player's own commands for the phase. */
export function renderActions(box, room, send) {
  box.replaceChildren();
  if (room.mine === null) return;
  const { phase, abortable } = room.status;
  if (phase === "play" || phase === "setup") {
    if (phase === "play" || !abortable) {
      // In a setup that can no longer be aborted (another seat has acted), resigning is the
      // way out.
      box.append(button(t("action.resign"), () => {
        if (confirm(t("action.resignConfirm"))) send("resign");
      }, "danger", "resign"));
    }
    if (phase === "play") {
      if (room.agreedDraws !== false) {
        const offered = room.offers.draw.includes(room.mine);
        const draw = button(offered ? t("action.drawOffered") : t("action.drawOffer"), () => send("draw_offer"), "secondary", "draw-offer");
        draw.disabled = offered || room.offers.draw.some((s) => s !== room.mine);
        box.append(draw);
      }
    }
    if (abortable) {
      // Confirmed like resigning: an abort ends the game for every seat at once.
      box.append(button(t("action.abort"), () => {
        if (confirm(t("action.abortConfirm"))) send("abort");
      }, "secondary", "abort"));
    }
    if (!room.turnBased && opponentsSeated(room) && awaySeats(room).length) {
      const claim = button(t("action.claim"), () => send("claim"), "secondary", "claim");
      claim.dataset.tip = t("action.claimHelp");
      box.append(claim);
      tickClaim(box, room);
    }
  } else if (phase === "over") {
    const offered = room.offers.rematch.includes(room.mine);
    const theirs = room.offers.rematch.some((s) => s !== room.mine);
    const label = offered ? t("action.rematchOffered") : theirs ? t("action.rematchAccept") : t("action.rematch");
    const b = button(label, () => send("rematch"), "primary", "rematch");
    b.disabled = offered;
    box.append(b);
  }
}

/** The claim button counts the grace period down (the longest-gone away seat). */
export function tickClaim(root, room) {
  const claim = root.querySelector("#claim");
  if (!claim) return;
  const grace = room.graceSeconds ?? DEFAULT_GRACE_SECONDS;
  const gone = Math.max(0, ...awaySeats(room).map((s) => room.presence.goneFor(s) ?? 0));
  const left = grace - gone;
  const text = left > 0 ? t("action.claimIn", { t: clockText(left * 1000) }) : t("action.claim");
  if (claim.textContent !== text) claim.textContent = text;
  claim.classList.toggle("due", left <= 0);
  claim.dataset.left = String(Math.max(0, Math.ceil(left)));
}
