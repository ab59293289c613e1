// One event of the game in words, for the replay's move list (static/js/replay.js), told
// with the words of the module's own log (words.js). Every Flickago viewer sees the same.

import { resolutionWords, sideName, turnWords } from "./words.js";

function endText(t, outcome, view) {
  if (!outcome) return "";
  const reason = outcome.reason && t(`reason.${outcome.reason}`) !== `reason.${outcome.reason}` ? ` (${t(`reason.${outcome.reason}`)})` : "";
  if (outcome.outcome === "aborted") return t("result.aborted");
  const bare = (text) => text.replace(/[.!]$/, ""); // "Black wins." + " (by resignation)"
  if (outcome.outcome === "draw") return `${bare(t("result.draw"))}${reason}`;
  const seats = view?.seats || {};
  const side = seats.w === outcome.winner ? "w" : seats.b === outcome.winner ? "b" : null;
  return `${bare(t("result.seatWins", { seat: side ? sideName(t, side) : String(outcome.winner) }))}${reason}`;
}

/** `event`: a projected Flickago event (shot, pass, return, inspectors, end). */
export function describe(event, view, t) {
  if (!event) return "";
  switch (event.type) {
    case "shot":
      return turnWords(t, event).text;
    case "pass":
      return turnWords(t, { ...event, pass: true }).text;
    case "return":
      return t("fg.turn.line", { side: sideName(t, event.side), what: t("fg.turn.returns", { pieces: event.return }) });
    case "inspectors":
      return resolutionWords(t, { resolution: { inspectors: event.inspectors || [] } }).join(", ");
    case "end":
      return endText(t, event.outcome, view);
    default:
      return event.type;
  }
}
