// One event of the game in words, for the replay's move list (static/js/replay.js): the
// event as this viewpoint received it (a stub where it saw nothing), told by chronicle.js,
// with the trucks of the seat that did it in front.

import { parseAction, truckName } from "./actions.js";
import { sentence } from "./chronicle.js";

function trucksOf(t, city, view, turnSeat) {
  const entry = (view?.seats || []).find((s) => s.seat === turnSeat);
  return entry && entry.trucks.length ? entry.trucks.map((tr) => truckName(t, city, tr)).join(" + ") : "";
}

/** `event`: {type: "event", n, by, a} (engine/prohibition/view.py project). */
export function describe(event, view, t, city) {
  if (!event || typeof event.a !== "string") return event ? event.type : "";
  const words = event.a.split(" ");
  const kind = words[0];
  let text = sentence(t, city, event, view || {});
  if (!text && kind === "use") text = t("pz.ev.use", { truck: truckName(t, city, parseAction(event.a)?.truck || words[1]) });
  else if (!text && kind === "roll") text = t("pz.ev.roll");
  else if (!text && kind === "end") text = t("pz.ev.endTurn");
  if (!text) text = event.a;
  let who = Number.isInteger(event.by) ? trucksOf(t, city, view, event.by) : "";
  // The dice are chance's: they are the active truck's roll.
  if (!who && kind === "dice" && view?.active) who = truckName(t, city, view.active);
  // Sentences that do not name their truck ("loaded …", "drove to …") get the seat's in front.
  const named = ["place", "deal", "pick", "use", "abandon", "lost-token", "bonus", "take", "guard", "timeout", "resign", "zombie"].includes(kind);
  return who && !named ? t("pz.ev.who", { who, text }) : text;
}
