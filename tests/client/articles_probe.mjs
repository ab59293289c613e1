// Reads a JSON request on stdin ({texts: [[key, params], ...]}) and answers with Spies!'s French
// and English words for each, filled by the client's one rule (static/js/fill.js), and every
// French text of the game that still puts a preposition straight before a power's name.
import { readFileSync } from "node:fs";
import { fill } from "../../static/js/fill.js";
import { EXPLAIN_STRINGS } from "../../static/games/spies/explain-strings.js";
import { ARTICLES, STRINGS } from "../../static/games/spies/strings.js";

const request = JSON.parse(readFileSync(0, "utf8"));
const dict = (lang) => ({ ...STRINGS[lang], ...EXPLAIN_STRINGS[lang], ...ARTICLES[lang] });
const say = (lang, key, params) => fill(dict(lang)[key], params, dict(lang));
const bare = Object.entries(dict("fr")).filter(([, text]) => /\b(à|de|avec|par|pour) \{power\}/.test(text)).map(([key]) => key);
console.log(JSON.stringify({
  fr: request.texts.map(([key, params]) => say("fr", key, params)),
  en: request.texts.map(([key, params]) => say("en", key, params)),
  bare,
}));
