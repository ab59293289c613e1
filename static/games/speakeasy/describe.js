// One event of the game in words, for the replay's move list (static/js/replay.js): the
// event exactly as this viewpoint received it, so a face it was not shown is not named.

import { combatSentence } from "./combat-panel.js";

const side = (t, letter) => t(`side.${letter}`);
const piece = (t, code) => (code ? t(`piece.${code}`) : t("piece.hidden"));

function endText(t, result) {
  if (!result) return "";
  const reason = result.reason ? t(`reason.${result.reason}`) : "";
  let head;
  if (result.outcome === "win" && Number.isInteger(result.winner)) head = t("describe.wins", { side: side(t, "sn"[result.winner]) });
  else if (result.outcome === "draw") head = t("result.draw").replace(/[.!]$/, "");
  else head = t("result.aborted");
  return reason && reason !== `reason.${result.reason}` ? `${head} (${reason})` : head;
}

/** `event`: a projected Speak Easy event (view.py); `t`: the shell's translator. */
export function describe(event, view, t) {
  if (!event) return "";
  switch (event.type) {
    case "setup_submitted":
      return t("describe.setup", { side: side(t, event.side) });
    case "started":
      return t("describe.started", { side: side(t, event.first) });
    case "move": {
      const text = t("describe.move", { side: side(t, event.side), move: `${event.from}-${event.to}` });
      const c = event.combat;
      if (!c) return text;
      const faces = c.attacker || c.defender ? ` ${piece(t, c.attacker)} × ${piece(t, c.defender)}` : "";
      const entry = { survivor: c.survivor, defender: c.defender };
      return `${text} ⚔${faces} — ${combatSentence(entry)}`;
    }
    case "reveal":
      return t("describe.reveal", { side: side(t, event.side), piece: piece(t, event.piece), sq: event.square });
    case "end":
      return endText(t, event.result);
    default:
      return event.type;
  }
}
