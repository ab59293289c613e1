// The chat's icons, drawn (no emoji font is needed): a speech bubble for the closed drawer's
// button on a phone, a loudspeaker (struck through when muted) for the mutes, a padlock for a
// private channel the rules keep closed.

import { icon } from "./dom.js";

export function bubble() {
  const d = "M4 4h16a1.5 1.5 0 0 1 1.5 1.5v10A1.5 1.5 0 0 1 20 17H10l-5 4v-4H4a1.5 1.5 0 0 1-1.5-1.5v-10A1.5 1.5 0 0 1 4 4z";
  return icon("0 0 24 24", "chat-icon", [{ d, fill: "currentColor" }]);
}

export function speaker(muted) {
  const tail = muted ? "M11 5.5l4 5M15 5.5l-4 5" : "M11.5 5.5q2 2.5 0 5M13.5 3.5q4 4.5 0 9";
  const stroke = { fill: "none", stroke: "currentColor", "stroke-width": "1.5", "stroke-linecap": "round" };
  return icon("0 0 16 16", "chat-mute-icon", [{ d: "M2 6h3l4-3v10l-4-3H2z", fill: "currentColor" }, { d: tail, ...stroke }]);
}

export function lock() {
  const stroke = { fill: "none", stroke: "currentColor", "stroke-width": "1.5" };
  return icon("0 0 12 14", "chat-lock", [{ d: "M3 6V4a3 3 0 0 1 6 0v2M1.5 6h9v7h-9z", ...stroke }]);
}
