// The games this server plays (GET /api/catalogue, docs/protocol.md version 2). While a
// server does not have the endpoint yet (404), it plays Speak Easy only, and rooms are
// created with the version-1 body.

import { api } from "./api.js";
import { lang } from "./i18n.js";
import { FALLBACK_MODULE } from "./wire.js";

export const SPEAK_EASY_ONLY = [
  {
    name: "speakeasy",
    title: "Speak Easy",
    min_players: 2,
    max_players: 2,
    presets: { speakeasy: {}, luzhanqi: {} },
    option_schema: {},
    bot_levels: ["easy", "normal", "strong"],
    level_names: {
      easy: { en: "easy", fr: "facile" },
      normal: { en: "normal", fr: "normal" },
      strong: { en: "strong", fr: "fort" },
    },
    client_module: FALLBACK_MODULE,
  },
];

/** {games, v2}: v2 is false when the server answered 404 (then the fallback list). */
export async function fetchCatalogue() {
  try {
    const games = await api("GET", "/api/catalogue");
    if (Array.isArray(games) && games.length) return { games, v2: true };
    throw new Error("the server lists no game");
  } catch (err) {
    if (err.status === 404) return { games: SPEAK_EASY_ONLY, v2: false };
    throw err;
  }
}

let asked = null;

/** fetchCatalogue's answer, asked once for the page (asked again after a failure). */
export function catalogueOnce() {
  asked ??= fetchCatalogue().catch((err) => {
    asked = null;
    throw err;
  });
  return asked;
}

/** A computer level's name in the page's language, as its game's entry names it
 * (`level_names`); the level's identifier while the entry is not known. */
export function levelName(entry, level) {
  const words = entry?.level_names?.[level];
  return (words && (words[lang] || words.en)) || level;
}

/**
 * The body of POST /api/rooms. `bots` lists seats 1 … players−1 (a level, or null for a seat
 * to be claimed by invite). A version-1 server knows two seats and `bot` only.
 */
export function roomBody({ game, players, preset, timeControl, spectators, bots, setupSeconds = 180 }, v2) {
  if (v2) {
    return { game, players, preset, time_control: timeControl, setup_seconds: setupSeconds, spectators, bots };
  }
  return { preset, time_control: timeControl, setup_seconds: setupSeconds, spectators, bot: bots[0] ?? null };
}
