// Reads a JSON request on stdin and answers with what Spies!'s browser modules
// (static/games/spies) say about it. Used by test_client_spies.py to hold the client to the
// Python engine: the drawing layout covers the data pack, every legal line is grouped and put
// in words, every record event is told in words, and the piece faces drawn are the view's.
import { readFileSync } from "node:fs";
import { fill } from "../../static/js/fill.js";
import { describeEvent } from "../../static/games/spies/describe.js";
import { buildLayout, LONLAT, SEA_AT } from "../../static/games/spies/layout.js";
import { cityTargets, groupOf, lineWords, parseLine, selectablePieces } from "../../static/games/spies/lines.js";
import { faceText, piecesByCity } from "../../static/games/spies/map.js";
import { ARTICLES, STRINGS } from "../../static/games/spies/strings.js";

const root = new URL("../../", import.meta.url);
const pack = JSON.parse(readFileSync(new URL("engine/spies/data.json", root), "utf8"));
const cityById = new Map(pack.cities.map((c) => [c.id, c]));

const translator = (lang) => (key, params = {}) => {
  const text = STRINGS[lang][key] ?? STRINGS.en[key] ?? `<<${key}>>`;
  return fill(text, params, ARTICLES[lang], (_, k) => `<<${k}>>`);
};
const T = { en: translator("en"), fr: translator("fr") };
const names = (t) => ({ power: (p) => t(`sp.power.${p}`), city: (c) => cityById.get(c)?.name || c, tile: () => "" });

const request = JSON.parse(readFileSync(0, "utf8"));
const layout = buildLayout(pack.cities.map((c) => c.id));
const answer = {
  keys: { en: Object.keys(STRINGS.en).sort(), fr: Object.keys(STRINGS.fr).sort() },
  layout: {
    missingCities: pack.cities.map((c) => c.id).filter((id) => !LONLAT[id] || !layout.cities[id]),
    missingSeas: pack.sea_zones.map((z) => z.id).filter((id) => !SEA_AT[id] || !layout.seas[id]),
    closest: Math.min(
      ...Object.entries(layout.cities).flatMap(([a, p], i, all) => all.slice(i + 1).map(([, q]) => Math.hypot(p.x - q.x, p.y - q.y))),
    ),
    width: layout.width,
    height: layout.height,
  },
  views: request.views.map((view) => ({
    lines: (view.legal || []).map((text) => ({
      text,
      parsed: parseLine(text),
      group: groupOf(parseLine(text)),
      en: lineWords(T.en, text, names(T.en)),
      fr: lineWords(T.fr, text, names(T.fr)),
    })),
    targets: Object.fromEntries([...cityTargets(view.legal || [], null)]),
    selectable: [...selectablePieces(view.legal || [])],
    drawn: [...piecesByCity(view)].flatMap(([city, items]) => items.map(({ kind, piece }) => ({ city, id: piece.id, kind, text: faceText(kind, piece) }))),
  })),
  events: request.events.map((event) => ({ a: event.a, en: describeEvent(event, T.en, names(T.en)), fr: describeEvent(event, T.fr, names(T.fr)) })),
};
process.stdout.write(JSON.stringify(answer));
