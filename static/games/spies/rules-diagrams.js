// The pictures of Spies!'s rules (rules.js), drawn with the game's own code: the map and its
// pieces by map.js (drawStatic, drawView) on the module's layout (layout.js), the action-point
// track and the Time and Victory Record by panels.js, from the data pack the game plays
// (main.js's PACK). Each function returns a DOM node; `w` is the language's words for the
// pictures (rules-text.js), `t` the game's own strings (strings.js) in that language.

import { LAYOUT, PACK } from "./main.js";
import { drawStatic, drawView, s } from "./map.js";
import { h, renderRecord, renderTurn } from "./panels.js";

const COLOURS = Object.fromEntries(PACK.powers.map((p) => [p.id, p.colour]));
const EMPTY = { spies: [], police: [], secrets: [], annexed: {} };

/** drawView's options for a picture: nothing to choose, nobody's own pieces. */
function viewOptions(describe = () => "") {
  return {
    colours: COLOURS,
    mine: new Set(),
    targets: new Map(),
    selected: null,
    city: null,
    acting: null,
    selectable: new Set(),
    describePiece: describe,
    labelOf: () => "",
  };
}

function svgRoot(label, extra = "") {
  return s("svg", { class: `sp-board sp-rules-svg ${extra}`.trim(), role: "img", "aria-label": label });
}

/** The viewBox around some cities (and sea zones) of the layout, with a margin. */
function cropAround(ids, margin, seas = []) {
  const pts = [...ids.map((id) => LAYOUT.cities[id]), ...seas.map((id) => LAYOUT.seas[id])].filter(Boolean);
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  const x = Math.max(0, Math.min(...xs) - margin);
  const y = Math.max(0, Math.min(...ys) - margin);
  const w = Math.min(LAYOUT.width, Math.max(...xs) + margin) - x;
  const hh = Math.min(LAYOUT.height, Math.max(...ys) + margin + 14) - y;
  return `${x.toFixed(1)} ${y.toFixed(1)} ${w.toFixed(1)} ${hh.toFixed(1)}`;
}

const f = (v) => v.toFixed(1);

/** The control point of a leg from a to b bent sideways by `bend` (0: straight). */
function control(a, b, bend) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  return { x: (a.x + b.x) / 2 - dy * bend, y: (a.y + b.y) / 2 + dx * bend };
}

/** An arrow from a to b (layout points), straight or bent, its ends kept off the city marks. */
function arrow(a, b, cls, gap = 11, bend = 0) {
  const c = control(a, b, bend);
  const unit = (p, q) => {
    const len = Math.hypot(q.x - p.x, q.y - p.y) || 1;
    return { x: (q.x - p.x) / len, y: (q.y - p.y) / len };
  };
  const u0 = unit(a, c);
  const u1 = unit(c, b);
  const start = { x: a.x + u0.x * gap, y: a.y + u0.y * gap };
  const tip = { x: b.x - u1.x * gap, y: b.y - u1.y * gap };
  const head = 6;
  const base = { x: tip.x - u1.x * head, y: tip.y - u1.y * head };
  const px = -u1.y * head * 0.6;
  const py = u1.x * head * 0.6;
  return s(
    "g",
    { class: `sp-rules-arrow ${cls}` },
    s("path", { class: "shaft", d: `M${f(start.x)} ${f(start.y)} Q${f(c.x)} ${f(c.y)} ${f(base.x)} ${f(base.y)}` }),
    s("path", { class: "head", d: `M${f(tip.x)} ${f(tip.y)} L${f(base.x + px)} ${f(base.y + py)} L${f(base.x - px)} ${f(base.y - py)} Z` }),
  );
}

/** A numbered badge beside the middle of a leg (on the side `side`, 1 or -1). */
function badge(a, b, n, cls, side = 1, bend = 0, away = 10) {
  const c = control(a, b, bend);
  const mid = { x: (a.x + 2 * c.x + b.x) / 4, y: (a.y + 2 * c.y + b.y) / 4 };
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const x = mid.x + (-(b.y - a.y) / len) * away * side;
  const y = mid.y + ((b.x - a.x) / len) * away * side;
  return s("g", { class: `sp-rules-badge ${cls}`, transform: `translate(${f(x)} ${f(y)})` }, s("circle", { r: 6.5 }), s("text", { y: 3 }, String(n)));
}

/** A word written on the map at (x, y), `end`: anchored by its end. */
function callout(x, y, text, end = false) {
  return s("g", { class: "sp-rules-callout", transform: `translate(${f(x)} ${f(y)})` }, s("text", { x: 0, y: 0, class: end ? "end" : null }, text));
}

// ------------------------------------------------------------------ the whole map

/** Where each power's name is written, from the middle of its home cities (map units). */
const NAME_NUDGE = { G: [0, -24], I: [-30, -6], R: [0, -24], F: [-34, 10], B: [-5, -82] };

/** The whole map, each power's territory in its colour and its name written over it. */
export function mapFigure(w, t) {
  const svg = svgRoot(w.mapLabel, "sp-rules-map");
  drawStatic(svg, PACK, LAYOUT, t);
  drawView(svg, PACK, LAYOUT, EMPTY, viewOptions());
  const names = s("g", { class: "sp-rules-names" });
  for (const p of PACK.powers) {
    const home = p.home_cities.map((id) => PACK.cityById.get(id)).filter((c) => c && !c.overseas && LAYOUT.cities[c.id]);
    if (!home.length) continue;
    const x = home.reduce((a, c) => a + LAYOUT.cities[c.id].x, 0) / home.length;
    const y = home.reduce((a, c) => a + LAYOUT.cities[c.id].y, 0) / home.length;
    const at = NAME_NUDGE[p.id] || [0, 0];
    names.append(s("text", { class: "sp-rules-power", x: (x + at[0]).toFixed(1), y: (y + at[1]).toFixed(1), fill: p.colour, dataset: { power: p.id } }, t(`sp.power.${p.id}`).toUpperCase()));
  }
  svg.insertBefore(names, svg.querySelector(".sea-zones"));
  return svg;
}

/** The powers' colours, capitals and police, beside the map. */
export function powersKey(w, t) {
  return h(
    "ul",
    { class: "sp-rules-key" },
    PACK.powers.map((p) =>
      h(
        "li",
        { dataset: { power: p.id } },
        h("span", { class: "sp-rules-swatch", style: { "--chip": p.colour } }),
        h("span", {}, h("strong", {}, t(`sp.power.${p.id}`)), " ", w.capitalOf(PACK.cityById.get(p.capital)?.name || p.capital, p.police_name)),
      ),
    ),
  );
}

// ------------------------------------------------------------------ the map's symbols

/** One symbol of the map, drawn by drawStatic on a map of one or two made-up places. */
function symbolSvg(label, { city = {}, other = false, line = null, sea = false }) {
  const base = { id: "", name: label, country: "", owner: null, capital: false, port: false, sea_zones: [], police_symbol: false, secret_city: false, spy_haven: false, overseas: false };
  const cities = [{ ...base, ...city, id: "A" }];
  const at = { A: { x: other || sea ? 20 : 40, y: 19 } };
  const pack = { cities, rail_lines: [], air_lines: [], sea_zones: [] };
  if (other) {
    cities.push({ ...base, id: "B" });
    at.B = { x: 60, y: 19 };
    (line === "air" ? pack.air_lines : pack.rail_lines).push({ a: "A", b: "B", kind: line });
  }
  const seas = {};
  if (sea) {
    cities[0].port = true;
    cities[0].sea_zones = ["Z"];
    pack.sea_zones.push({ id: "Z", name: label, adjacent: [], ports: ["A"] });
    seas.Z = { x: 58, y: 17 };
  }
  const svg = svgRoot(label, `sp-rules-symbol${sea ? " at-sea" : ""}`);
  drawStatic(svg, pack, { cities: at, seas, width: 80, height: 36 }, () => "");
  svg.querySelectorAll(".city-name, .sea-name").forEach((n) => n.remove());
  if (!sea) svg.querySelector(".sea")?.remove();
  svg.setAttribute("viewBox", other || sea ? "6 5 68 28" : "26 5 28 26");
  svg.setAttribute("width", "70");
  svg.setAttribute("height", "38");
  return svg;
}

/** The map's symbols with what they mean. */
export function symbolsFigure(w) {
  const rows = [
    ["capital", { city: { capital: true } }],
    ["police", { city: { police_symbol: true } }],
    ["secret", { city: { secret_city: true } }],
    ["haven", { city: { spy_haven: true } }],
    ["port", { sea: true }],
    ["rail", { other: true, line: "rail" }],
    ["air", { other: true, line: "air" }],
  ];
  return h(
    "ul",
    { class: "sp-rules-symbols" },
    rows.map(([key, spec]) => h("li", { dataset: { symbol: key } }, symbolSvg(w.symbols[key][0], spec), h("span", {}, h("strong", {}, w.symbols[key][0]), " ", w.symbols[key][1]))),
  );
}

// ------------------------------------------------------------------ pieces

/** One piece as the map draws it (drawView on a one-place map). */
export function pieceSvg(kind, piece, label) {
  const svg = svgRoot(label, "sp-rules-piece");
  svg.setAttribute("viewBox", "-11 -11 22 22");
  svg.setAttribute("width", "38");
  svg.setAttribute("height", "38");
  svg.append(s("g", { class: "territory" }), s("g", { class: "pieces" }), s("g", { class: "targets" }));
  const view = { ...EMPTY, annexed: {} };
  const item = { ...piece, city: "Z" };
  if (kind === "spy") view.spies = [item];
  else if (kind === "police") view.police = [item];
  else view.secrets = [item];
  drawView(svg, { cities: [] }, { cities: { Z: { x: 0, y: -18 } } }, view, viewOptions(() => label));
  return svg;
}

/** The pieces with their meaning; `keys` picks some (the quick reference). */
export function piecesFigure(w, keys = null, labels = w.pieces) {
  const all = [
    ["spyDown", "spy", { id: "s11", power: "F", face: null }],
    ["spyUp", "spy", { id: "s04", power: "G", face: "3" }],
    ["cousin", "spy", { id: "s07", power: "G", face: "3c" }],
    ["police", "police", { id: "p02", power: "B", face: "2" }],
    ["secret", "secret", { id: "x05", original: "I", face: "4" }],
    ["neutral", "secret", { id: "x36", original: null, face: null }],
    ["counterspy", "secret", { id: "x12", original: "R", face: "2cs3" }],
  ];
  const rows = keys ? all.filter(([k]) => keys.includes(k)) : all;
  return h(
    "ul",
    { class: `sp-rules-pieces${keys ? " compact" : ""}` },
    rows.map(([key, kind, piece]) => h("li", { dataset: { piece: key } }, pieceSvg(kind, piece, labels[key][0]), h("span", {}, h("strong", {}, labels[key][0]), " ", labels[key][1]))),
  );
}

// ------------------------------------------------------------------ a move on land

/** A German spy walks from Munich to Vienna, discovers the neutral secret there and carries
 * it to Berlin by Prague and Dresden: four spaces. */
export function landMoveFigure(w, t) {
  const svg = svgRoot(w.moveLabel, "sp-rules-crop");
  drawStatic(svg, PACK, LAYOUT, t);
  const view = {
    ...EMPTY,
    spies: [{ id: "s04", power: "G", city: "MUN", face: "2" }],
    secrets: [{ id: "x38", original: null, city: "VIE", face: null }],
  };
  drawView(svg, PACK, LAYOUT, view, viewOptions());
  const c = LAYOUT.cities;
  const path = s("g", { class: "sp-rules-path" });
  const legs = [
    ["MUN", "VIE", "go", -1, 10],
    ["VIE", "PRG", "back", -1, 10],
    ["PRG", "DRE", "back", -1, 10],
    ["DRE", "BER", "back", -1, 19],
  ];
  legs.forEach(([a, b, cls, side, away], i) => path.append(arrow(c[a], c[b], cls, 10), badge(c[a], c[b], i + 1, cls, side, 0, away)));
  path.append(callout(c.VIE.x - 11, c.VIE.y + 24, w.moveDiscovery, true), callout(c.BER.x + 13, c.BER.y + 3, w.moveCash));
  svg.insertBefore(path, svg.querySelector(".pieces"));
  svg.setAttribute("viewBox", cropAround(["MUN", "VIE", "PRG", "DRE", "BER"], 40));
  return svg;
}

/** The turn panel of the game after the land move: `spent` AP, the spy's 4 spaces used. */
export function turnFigure(t, spent) {
  const box = h("div", { class: "sp-rules-turn" });
  const ctx = {
    t,
    colour: (p) => COLOURS[p] || "#b9ab8c",
    powerName: (p) => t(`sp.power.${p}`),
    names: { city: (id) => PACK.cityById.get(id)?.name || id },
  };
  const view = {
    year: PACK.rules.years[0],
    active: "G",
    phase: 4,
    ap_spent: spent,
    acting: "s04",
    spies: [{ id: "s04", power: "G", city: "BER", spaces: 4 }],
    options: {},
  };
  renderTurn(box, ctx, view, PACK);
  box.querySelector("h2")?.remove();
  box.querySelectorAll("[id]").forEach((n) => n.removeAttribute("id"));
  return box;
}

// ------------------------------------------------------------------ a sea voyage

/** A British spy sails from London to Stockholm: North Sea, Baltic, land (length 3). */
export function seaFigure(w, t) {
  const svg = svgRoot(w.seaLabel, "sp-rules-crop");
  drawStatic(svg, PACK, LAYOUT, t);
  drawView(svg, PACK, LAYOUT, { ...EMPTY, spies: [{ id: "s21", power: "B", city: "LON", face: "2" }] }, viewOptions());
  const c = LAYOUT.cities;
  const z = LAYOUT.seas;
  const path = s("g", { class: "sp-rules-path" });
  const legs = [
    [c.LON, z.NTH],
    [z.NTH, z.BAL],
    [z.BAL, c.STO],
  ];
  const bends = [0, -0.2, 0];
  legs.forEach(([a, b], i) => path.append(arrow(a, b, "sea", 12, bends[i]), badge(a, b, i + 1, "sea", i === 1 ? 1 : -1, bends[i])));
  svg.insertBefore(path, svg.querySelector(".pieces"));
  svg.setAttribute("viewBox", cropAround(["LON", "STO", "DAN"], 38, ["NTH", "BAL"]));
  return h("div", { class: "sp-rules-sea" }, svg, dieFigure(w, 3));
}

/** The sea die's six faces, those that reach a voyage of `length` marked. */
export function dieFigure(w, length) {
  const faces = PACK.rules.sea_die_faces;
  const svg = s("svg", { class: "sp-rules-die", role: "img", "aria-label": w.dieLabel(length), viewBox: `0 0 ${faces.length * 30 + 2} 44`, width: faces.length * 30 + 2, height: 44 });
  faces.forEach((f, i) => {
    const ok = f >= length;
    svg.append(
      s(
        "g",
        { class: ok ? "face ok" : "face short", transform: `translate(${i * 30 + 3} 3)`, dataset: { face: String(f) } },
        s("rect", { width: 24, height: 24, rx: 5 }),
        s("text", { x: 12, y: 17 }, String(f)),
        s("text", { class: "mark", x: 12, y: 38 }, ok ? "✓" : "✗"),
      ),
    );
  });
  return h("figure", { class: "sp-rules-diefig" }, svg, h("figcaption", {}, w.dieCaption(length, faces.filter((f) => f >= length).length, faces.length)));
}

// ------------------------------------------------------------------ a search

/** Two French police in Paris (2 + 1) search a German spy of strength 2: captured. */
export function searchFigure(w, t) {
  const svg = svgRoot(w.searchLabel, "sp-rules-search");
  const paris = PACK.cityById.get("PAR");
  const pack = { cities: [paris], cityById: new Map([["PAR", paris]]), rail_lines: [], air_lines: [], sea_zones: [] };
  const layout = { cities: { PAR: { x: 44, y: 34 } }, seas: {}, width: 210, height: 76 };
  drawStatic(svg, pack, layout, t);
  svg.querySelector(".sea")?.remove();
  const view = {
    ...EMPTY,
    spies: [{ id: "s04", power: "G", city: "PAR", face: "2" }],
    police: [
      { id: "p14", power: "F", city: "PAR", face: "2" },
      { id: "p15", power: "F", city: "PAR", face: "1" },
    ],
  };
  drawView(svg, pack, layout, view, viewOptions());
  const sum = s(
    "g",
    { class: "sp-rules-compare", transform: "translate(92 26)" },
    s("text", { x: 0, y: 0, class: "start" }, w.searchPolice),
    s("text", { x: 0, y: 16, class: "start" }, w.searchSpy),
    s("text", { x: 0, y: 36, class: "start verdict" }, w.searchVerdict),
  );
  svg.append(sum);
  svg.setAttribute("viewBox", "0 0 210 76");
  return svg;
}

// ------------------------------------------------------------------ a response chain

/** Sanction, Cover, Double Cross: the chain as a stack, settled from the top. */
export function chainFigure(w, t) {
  const steps = [
    ["G", "DBX", "works"],
    ["F", "COV", "cancelled"],
    ["G", "SAN", "works"],
  ];
  return h(
    "ol",
    { class: "sp-rules-chain", reversed: true },
    steps.map(([p, chit, fate], i) =>
      h(
        "li",
        { class: `sp-rules-chit ${fate}`, style: { "--chip": COLOURS[p] }, dataset: { chit } },
        h("span", { class: "who" }, t(`sp.power.${p}`)),
        h("strong", {}, t(`sp.chit.${chit}`)),
        h("span", { class: "why" }, w.chain[i]),
        h("span", { class: "fate" }, w.fate[fate]),
      ),
    ),
  );
}

// ------------------------------------------------------------------ the record

/** The scoring example: Germany's record at the end of a game (the filed secrets, a captured
 * spy, a Sanctioned marker, two own tiles played). Faces are given as the end shows them. */
function exampleView() {
  const last = PACK.rules.years.at(-1);
  return {
    secrets: [
      { id: "x35", record: "G", year: 1933, face: "3", kind: "secret" },
      { id: "x22", record: "G", year: 1936, face: "2", kind: "secret" },
      { id: "x03", record: "G", year: last, face: "4", kind: "original" },
      { id: "x06", record: "G", year: last, face: "1", kind: "original" },
      { id: "x01", record: "G", year: last, face: "2cs2", kind: "counter" },
    ],
    spies: [{ id: "s18", box: "record", captor: "G", year: 1935, face: "2" }],
    powers: { G: { markers: [1937] } },
    played: [
      { power: "G", year: 1934, tile: "t2" },
      { power: "G", year: 1936, tile: "t7" },
    ],
    options: {},
  };
}

/** The example's points, line by line, by the data pack's multipliers and values. */
export function scoreExample() {
  const view = exampleView();
  const vr = PACK.victory_record;
  const m = (y) => vr.multipliers.G[String(y)];
  const rows = [];
  for (const x of view.secrets) {
    const value = parseInt(x.face, 10);
    const points = x.kind === "counter" ? value * Math.floor(m(x.year) / 2) : value * m(x.year);
    rows.push({ kind: x.kind, value, year: x.year, m: m(x.year), points });
  }
  for (const spy of view.spies) {
    const value = parseInt(spy.face, 10);
    rows.push({ kind: "spy", value, year: spy.year, m: m(spy.year), points: value * m(spy.year) });
  }
  for (const y of view.powers.G.markers) rows.push({ kind: "marker", value: vr.sanctioned_marker_value, year: y, m: m(y), points: vr.sanctioned_marker_value * m(y) });
  const n = view.played.length;
  rows.push({ kind: "tiles", n, vp: vr.event_tile_vp, points: n * vr.event_tile_vp });
  return { rows, total: rows.reduce((a, r) => a + r.points, 0) };
}

/** Germany's Time and Victory Record at the end of the example game, as the room draws it. */
export function recordFigure(t) {
  const box = h("div", { class: "sp-rules-record" });
  const ctx = { t, colour: (p) => COLOURS[p] || "#b9ab8c", powerName: (p) => t(`sp.power.${p}`) };
  renderRecord(box, ctx, { ...exampleView(), scores: { G: scoreExample().total } }, PACK);
  box.querySelectorAll("h2, p").forEach((n) => n.remove());
  box.querySelectorAll("[id]").forEach((n) => n.removeAttribute("id"));
  return box;
}
