// While seats are still empty, the players see the invite (and spectator) links this browser
// knows, and a way to make a new invite link.

import { t } from "./i18n.js";
import { renderLinks } from "./links.js";

/** `state`: the shell's room state; `waitingFor`: how many human seats are still free. */
export function renderInvite(box, roomId, state, waitingFor) {
  const show = state.mine !== null && state.status.phase === "setup" && waitingFor > 0;
  if (!show) {
    box.hidden = true;
    return;
  }
  if (box.hidden || !box.childElementCount) renderLinks(box, roomId, { canRenew: true, players: state.players });
  const waiting = box.querySelector(".waiting") || document.createElement("p");
  waiting.className = "waiting";
  waiting.textContent = state.players === 2 ? t("room.waitingOpponent") : t("room.waitingPlayers", { n: waitingFor });
  box.prepend(waiting);
  box.hidden = false;
}
