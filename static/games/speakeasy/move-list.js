// The list of moves, with the combats. Only the list scrolls to its end: scrolling it into
// view would also scroll the page (on a phone the list is below the board, and every move
// carried the page away from the board).

import { combatSentence } from "./combat-panel.js";
import { t } from "./text.js";

export function renderMoves(list, history) {
  list.replaceChildren();
  if (!history.length) {
    const li = document.createElement("li");
    li.className = "none";
    li.textContent = t("moves.none");
    list.append(li);
    return;
  }
  for (const h of history) {
    const li = document.createElement("li");
    li.value = h.ply + 1;
    const side = document.createElement("span");
    side.className = `mv-side side-${h.side}`;
    side.textContent = t(`side.${h.side}`)[0];
    side.title = t(`side.${h.side}`);
    const mv = document.createElement("span");
    mv.className = "mv";
    mv.textContent = h.move;
    li.append(side, mv);
    if (h.survivor) {
      const c = document.createElement("span");
      c.className = "mv-combat";
      c.textContent = `⚔ ${h.attacker || "?"}×${h.defender || "?"}`;
      c.title = combatSentence(h);
      li.append(c);
    }
    list.append(li);
  }
  list.scrollTop = list.scrollHeight;
}
