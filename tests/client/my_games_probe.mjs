// Probe for tests/client/test_client_my_games.py: My games' time-left words
// (static/js/my-games-strings.js) in English and French, and the two dictionaries' keys.
import { readFileSync } from "node:fs";
import { MY_GAMES_STRINGS, timeLeftText } from "../../static/js/my-games-strings.js";

const request = JSON.parse(readFileSync(0, "utf8"));
const fill = (text, params) => text.replace(/\{(\w+)\}/g, (_, k) => String(params[k]));
const out = { keys: {}, times: {} };
for (const [lang, words] of Object.entries(MY_GAMES_STRINGS)) {
  out.keys[lang] = Object.keys(words).sort();
  const t = (key, params = {}) => fill(words[key], params);
  out.times[lang] = request.ms.map((ms) => timeLeftText(ms, t));
}
process.stdout.write(JSON.stringify(out));
