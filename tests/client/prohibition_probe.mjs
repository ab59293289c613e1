// Reads a JSON request on stdin and answers with what Prohibition's browser modules
// (static/games/prohibition) say about it. Used by test_client_prohibition.py to hold the
// client to the Python engine: the data pack it ships, the paths it animates, the labels of
// the legal actions and the turns it cuts the history into.
import { readFileSync } from "node:fs";
import { actionLabel, mapKey, orderActions, parseAction } from "../../static/games/prohibition/actions.js";
import { cutTurns, sentence } from "../../static/games/prohibition/chronicle.js";
import { buildCity } from "../../static/games/prohibition/city.js";
import { characterPath, truckPath } from "../../static/games/prohibition/paths.js";
import { STRINGS } from "../../static/games/prohibition/strings.js";

const root = new URL("../../", import.meta.url);
const shipped = readFileSync(new URL("static/games/prohibition/data.json", root));
const engine = readFileSync(new URL("engine/prohibition/data.json", root));
const city = buildCity(JSON.parse(shipped.toString("utf8")));

const translator = (lang) => (key, params = {}) => {
  const text = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k) => (k in params ? String(params[k]) : `{${k}}`));
};
const T = { en: translator("en"), fr: translator("fr") };

const truckStreets = (view, except) => new Set(view.trucks.filter((tr) => tr.id !== except && tr.street).map((tr) => tr.street));
const charSpots = (view, except) => new Set(Object.entries(view.characters).filter(([c, x]) => c !== except && x.at).map(([, x]) => x.at));

/** For each legal drive or character move of the view: the path the client would animate. */
function paths(view) {
  const out = {};
  const active = view.trucks.find((tr) => tr.id === view.active);
  for (const text of view.legal) {
    const act = parseAction(text);
    if (act.kind === "go") {
      const lengths = act.count ? [city.cubeInfo[act.colour].streets] : [1, 2, 3, 4];
      if (act.count && view.options.delivery_distance === "at_most") lengths.splice(0, 1, ...Array.from({ length: lengths[0] }, (_, i) => i + 1));
      out[text] = truckPath(city, active.street, act.street, { lengths, trucks: truckStreets(view, active.id), chars: charSpots(view, null) });
    } else if (act.kind === "moveChar") {
      const from = view.characters[act.char].at;
      out[text] = characterPath(city, from, act.at, view.dice.number, { trucks: truckStreets(view, null), chars: charSpots(view, act.char) });
    }
  }
  return out;
}

/** Every legal action's parse, map place and words in both languages, in the panel's order. */
function labels(view) {
  return {
    order: orderActions(city, view.legal, view.display),
    actions: view.legal.map((text) => ({
      text,
      kind: parseAction(text)?.kind ?? null,
      key: mapKey(city, parseAction(text), view.specials),
      en: actionLabel(T.en, city, text, view.specials),
      fr: actionLabel(T.fr, city, text, view.specials),
    })),
  };
}

/** The history cut into turns, as the text export writes them, and every event in words. */
function chronicle(view) {
  const { setup, turns } = cutTurns(city, view.history, view);
  const line = (events) =>
    events
      .filter((e) => !String(e.a).startsWith("use "))
      .map((e) => (Number.isInteger(e.by) || String(e.a).startsWith("dice ") ? e.a : `{${e.a}}`))
      .join(" ");
  return {
    lines: [`0 ${line(setup)}`, ...turns.map((turn) => `${turn.round}.${turn.slot} ${turn.truck} ${line(turn.events)}`)],
    words: view.history.map((e) => [sentence(T.en, city, e, view), sentence(T.fr, city, e, view)]),
  };
}

const request = JSON.parse(readFileSync(0, "utf8"));
const answer = {
  dataSame: Buffer.compare(shipped, engine) === 0,
  paths: (request.paths || []).map(paths),
  labels: (request.labels || []).map(labels),
  chronicles: (request.chronicles || []).map(chronicle),
};
process.stdout.write(JSON.stringify(answer));
