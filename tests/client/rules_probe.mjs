// Reads a JSON request on stdin, answers with what the browser client's rule modules say.
// Used by test_client_rules.py to hold the client to the Python engine.
import { readFileSync } from "node:fs";
import { LINES, TERRAIN } from "../../static/games/speakeasy/geometry.js";
import { combat } from "../../static/games/speakeasy/pieces.js";
import { formatBoard, parsePosition, placementOf } from "../../static/games/speakeasy/notation.js";
import { movePath } from "../../static/games/speakeasy/paths.js";
import { OPTIONS, title } from "../../static/games/speakeasy/rules.js";
import { problems, randomPlacement } from "../../static/games/speakeasy/setup.js";

const request = JSON.parse(readFileSync(0, "utf8"));
const answer = {
  rules: { titles: { en: title("en"), fr: title("fr") }, options: OPTIONS },
  terrain: TERRAIN,
  lines: LINES.map(([a, b, kind]) => [Math.min(a, b), Math.max(a, b), kind]),
  combat: request.combat.map(([a, d, options]) => combat(a, d, options)),
  setups: request.setups.map(([text, side, options]) => problems(placementOf(text, side), side, options).length === 0),
  positions: request.positions.map((text) => formatBoard(parsePosition(text).cells)),
  paths: (request.paths || []).map(([text, from, to]) => movePath(from, to, parsePosition(text).cells)),
  random: request.random.map(([side, options]) => formatBoard(randomPlacement(side, options).map(
    (code) => (code ? { side, code, revealed: false } : null),
  ))),
};
process.stdout.write(JSON.stringify(answer));
