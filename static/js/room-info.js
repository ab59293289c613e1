// One line that says what is played here: the game, its preset, the time control and which
// game of the room this is.

import { has, t } from "./i18n.js";

/** A turn-based room's pace: "2 days per move", "no time limit". */
export function paceText(tc) {
  if (tc?.unlimited) return t("clock.unlimited");
  if (tc?.days) return tc.days === 1 ? t("clock.day1") : t("clock.days", { n: tc.days });
  return "";
}

export function clockLabel(tc) {
  if (!tc) return t("clock.none");
  if (tc.days || tc.unlimited) return `${t("clock.turnBased")} · ${paceText(tc)}`;
  const m = tc.initial / 60;
  return t("clock.min", { m: Number.isInteger(m) ? m : m.toFixed(1), s: tc.increment ?? 0 });
}

export function presetLabel(game, preset) {
  if (!preset) return "";
  const key = `preset.${game}.${preset}`; // by game: two games may both call a preset "standard"
  return has(key) ? t(key) : preset;
}

/** "Speak Easy · Classic Lu Zhan Qi · 10 min + 5 s per turn · game 2" (or "Speak Easy (the rulebook) · …"). */
export function roomInfoText(room, title) {
  if (!room) return title || "";
  const parts = [title || room.title || room.game || ""];
  const preset = presetLabel(room.game || "speakeasy", room.preset); // a version-1 summary names no game: Speak Easy
  // "Speak Easy (the rulebook)" says the game already; "Classic Lu Zhan Qi" does not.
  if (preset && preset.startsWith(parts[0])) parts[0] = preset;
  else if (preset) parts.push(preset);
  parts.push(clockLabel(room.time_control));
  if (room.game_number > 1) parts.push(t("room.gameNumber", { n: room.game_number }));
  return parts.filter(Boolean).join(" · ");
}
