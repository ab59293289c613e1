// Reads a JSON request on stdin ({hints: [{game, hint, view}]}) and answers with what each
// game's browser module (static/games/<game>/hint.js) says of a `hint` frame, in English and
// French, and which reason keys it words: test_client_hint.py holds them to the engine's.
import { readFileSync } from "node:fs";
import { fill } from "../../static/js/fill.js";
import { HINT_STRINGS as FGH, hintWords as fgWords } from "../../static/games/flickago/hint.js";
import { STRINGS as FG } from "../../static/games/flickago/strings.js";
import { buildCity } from "../../static/games/prohibition/city.js";
import { HINT_STRINGS as PZH, hintWords as pzWords } from "../../static/games/prohibition/hint.js";
import { STRINGS as PZ } from "../../static/games/prohibition/strings.js";
import { HINT_STRINGS as SEH, hintWords as seWords } from "../../static/games/speakeasy/hint.js";
import { STRINGS as SE } from "../../static/games/speakeasy/strings.js";
import { HINT_STRINGS as SPH, hintWords as spWords } from "../../static/games/spies/hint.js";
import { ARTICLES, STRINGS as SP } from "../../static/games/spies/strings.js";

const root = new URL("../../", import.meta.url);
const city = buildCity(JSON.parse(readFileSync(new URL("static/games/prohibition/data.json", root), "utf8")));
const pack = JSON.parse(readFileSync(new URL("engine/spies/data.json", root), "utf8"));
const cityById = new Map(pack.cities.map((c) => [c.id, c]));

// A missing key or parameter shows as <<...>>, for the test to find.
const translator = (dicts, lang) => (key, params = {}) => {
  const text = dicts.map((d) => d[lang][key]).find((x) => x !== undefined);
  if (text === undefined) return `<<${key}>>`;
  return fill(text, params, ARTICLES[lang], (_, k) => `<<${k}>>`);
};
const GAMES = {
  speakeasy: { dicts: [SEH, SE], words: (hint, t) => seWords(hint, t) },
  prohibition: { dicts: [PZH, PZ], words: (hint, t, view) => pzWords(hint, t, city, view) },
  flickago: { dicts: [FGH, FG], words: (hint, t) => fgWords(hint, t) },
  spies: {
    dicts: [SPH, SP],
    words: (hint, t) => spWords(hint, t, { power: (p) => t(`sp.power.${p}`), city: (c) => cityById.get(c)?.name || c, tile: () => "" }),
  },
};

const request = JSON.parse(readFileSync(0, "utf8"));
const answer = {
  keys: Object.fromEntries(
    Object.entries(GAMES).map(([name, game]) => [name, { en: Object.keys(game.dicts[0].en).sort(), fr: Object.keys(game.dicts[0].fr).sort() }]),
  ),
  words: request.hints.map(({ game, hint, view }) =>
    Object.fromEntries(["en", "fr"].map((lang) => [lang, GAMES[game].words(hint, translator(GAMES[game].dicts, lang), view)])),
  ),
};
process.stdout.write(JSON.stringify(answer));
