// The rules' diagrams, drawn with the game's own board (board.js) from the data pack: the
// city, the pieces, and the examples of rules-scenes.js with their routes, marks and labels
// laid over the board. Each function returns a DOM node; rules.js puts it in a <figure>.

import { CHAR_CSS, drawBoard, el, pointOf, streetSpot, truckShape } from "./board.js";
import { chainStreets, controlMap, SCENES } from "./rules-scenes.js";

const PAD = 34; // board units around a window of crossings

/** A `t` for board.js from the module's strings (the shell's is not needed here). */
export function translator(strings, lang) {
  const dict = strings[lang] || strings.en;
  return (key, params = {}) => String(dict[key] ?? strings.en[key] ?? key).replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

function div(cls, ...children) {
  const node = document.createElement("div");
  node.className = cls;
  node.append(...children);
  return node;
}

function svgNode(viewBox, cls, label) {
  const svg = el("svg", { viewBox, class: cls, role: "img", "aria-label": label || null });
  if (!label) svg.setAttribute("aria-hidden", "true");
  return svg;
}

/** The board as board.js draws it, for a made-up moment of a game. */
function board(city, t, { layout = "standard", trucks = [], chars = {}, bars = {}, closed = [], deliverTo = [], paths = [] } = {}) {
  const svg = el("svg", { class: "pz-board pzr-board" });
  const characters = Object.fromEntries(Object.entries(chars).map(([c, at]) => [c, { at }]));
  const view = { options: { layout }, specials: city.layouts[layout].special_buildings, trucks, characters, bars, closed, active: null, phase: "over" };
  const state = { targets: new Map(), selected: null, deliverTo: new Set(deliverTo), labelOf: () => "", paths };
  drawBoard(svg, city, view, state, t);
  return svg;
}

/** Show only the crossings from `a` to `b` (a window), plus a margin. */
function windowOn(svg, city, [a, b], pad = PAD) {
  const [x0, y0] = pointOf(city, a);
  const [x1, y1] = pointOf(city, b);
  svg.setAttribute("viewBox", `${x0 - pad} ${y0 - pad} ${x1 - x0 + 2 * pad} ${y1 - y0 + 2 * pad}`);
}

/** The city without the score track around it. */
function cityOnly(svg, city) {
  const corners = [...city.inters.values()];
  const first = corners.reduce((m, i) => (i.x + i.y < m.x + m.y ? i : m));
  const last = corners.reduce((m, i) => (i.x + i.y > m.x + m.y ? i : m));
  windowOn(svg, city, [first.id, last.id], 30);
}

/** A layer for the diagram's own marks, under the trucks and characters or over everything. */
function overlay(svg, above = false) {
  const g = el("g", { class: "pzr-notes" });
  const trucks = svg.querySelector(".layer-trucks");
  if (above || !trucks) svg.append(g);
  else svg.insertBefore(g, trucks);
  return g;
}

function streetMid(city, id) {
  const s = streetSpot(city, id);
  return [s.x, s.y];
}

function streetLine(city, id, cls) {
  const [a, b] = city.streets.get(id).ends.map((e) => pointOf(city, e));
  return el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: cls });
}

function label(x, y, text, cls = "") {
  return el("text", { x, y, class: `pzr-label ${cls}`.trim() }, text);
}

/** The rectangle board.js printed for a building: {x, y, w, h}. */
function buildingBox(svg, slot) {
  const r = svg.querySelector(`[data-building="${slot}"] .shape`);
  const n = (k) => Number(r.getAttribute(k));
  return { x: n("x"), y: n("y"), w: n("width"), h: n("height") };
}

function cubeRect(code, x, y, size) {
  return el("rect", { x: x - size / 2, y: y - size / 2, width: size, height: size, rx: 1.5, class: `cube c-${code}` });
}

function pawn(city, id, x = 0, y = 0, r = 15) {
  const c = city.characters.find((ch) => ch.id === id);
  const g = el("g", { class: `char ch-${id}`, transform: `translate(${x} ${y}) scale(${r / 15})` });
  g.append(el("circle", { r: 15, fill: CHAR_CSS[c.colour] || "#444", class: "pawn" }), el("text", { y: 5.5, class: "char-letter" }, id));
  return g;
}

function token(value, x, y, r = 16) {
  const g = el("g", { class: `pzr-token t${value}`, transform: `translate(${x} ${y})` });
  g.append(el("circle", { r }), el("text", { y: r * 0.36, class: "pzr-token-num" }, String(value)));
  return g;
}

/** A loading card as a small printed card. */
export function cardSvg(city, id, words, { down = false } = {}) {
  const card = city.cards.get(id);
  const svg = svgNode("0 0 96 62", `pz-board pzr-card${down ? " pzr-down" : ""}`, `${id} · ${words.worth.replace("{v}", card.value)}${down ? ` · ${words.faceDown}` : ""}`);
  svg.append(el("rect", { x: 1, y: 1, width: 94, height: 60, rx: 6, class: "pzr-card-face" }));
  svg.append(el("text", { x: 22, y: 20, class: "pzr-card-id" }, id));
  svg.append(el("circle", { cx: 78, cy: 15, r: 11, class: "pzr-card-badge" }), el("text", { x: 78, y: 19.5, class: "pzr-card-value" }, String(card.value)));
  const codes = city.cubes.flatMap((c) => Array(card[c] || 0).fill(c));
  const size = 11;
  const gap = 3.5;
  const start = 48 - (codes.length * (size + gap) - gap) / 2 + size / 2;
  codes.forEach((c, i) => svg.append(cubeRect(c, start + i * (size + gap), 44, size)));
  if (down) svg.append(el("text", { x: 48, y: 36, class: "pzr-card-down" }, words.faceDown));
  return svg;
}

/** One labelled piece: a drawing and its meaning underneath. */
function part(drawing, text) {
  const p = document.createElement("p");
  p.textContent = text;
  return div("pzr-part", drawing, p);
}

function cubeIcon(code, label) {
  const svg = svgNode("-20 -20 40 40", "pz-board pzr-icon", label);
  svg.append(cubeRect(code, 0, 0, 22));
  return svg;
}

function pawnIcon(city, id, label) {
  const svg = svgNode("-20 -20 40 40", "pz-board pzr-icon", label);
  svg.append(pawn(city, id));
  return svg;
}

function truckIcon(city, label) {
  const svg = svgNode("-36 -18 72 36", "pz-board pzr-icon pzr-long", label);
  svg.append(truckShape(city, { id: "T1", cubes: { w: 1, k: 2, b: 2 } }));
  return svg;
}

function charDieIcon(city, label) {
  const faces = [];
  for (const face of city.dice.character.faces) if (!faces.some((f) => f.join() === face.join())) faces.push(face);
  const svg = svgNode(`0 0 ${faces.length * 46 - 6} 40`, "pz-board pzr-icon pzr-long", label);
  faces.forEach((face, i) => {
    svg.append(el("rect", { x: i * 46, y: 0, width: 40, height: 40, rx: 6, class: "pzr-die" }));
    face.forEach((c, k) => svg.append(pawn(city, c, i * 46 + 11 + k * 18, 20, 8.5)));
  });
  return svg;
}

function numberDieIcon(city, label) {
  const numbers = [...new Set(city.dice.number.faces)];
  const svg = svgNode(`0 0 ${numbers.length * 46 - 6} 40`, "pz-board pzr-icon pzr-long", label);
  const pips = { 1: [[20, 20]], 2: [[12, 12], [28, 28]], 3: [[11, 11], [20, 20], [29, 29]] };
  numbers.forEach((n, i) => {
    svg.append(el("rect", { x: i * 46, y: 0, width: 40, height: 40, rx: 6, class: "pzr-die" }));
    for (const [x, y] of pips[n] || []) svg.append(el("circle", { cx: i * 46 + x, cy: y, r: 4, class: "pzr-pip" }));
    if (!pips[n]) svg.append(el("text", { x: i * 46 + 20, y: 27, class: "pzr-die-num" }, String(n)));
  });
  return svg;
}

function tokensIcon(city, label) {
  const values = city.data.bonus_tokens.values;
  const svg = svgNode(`0 0 ${values.length * 40} 40`, "pz-board pzr-icon pzr-long", label);
  values.forEach((v, i) => svg.append(token(v, 20 + i * 40, 20)));
  return svg;
}

function closedIcon(label) {
  const svg = svgNode("0 0 60 40", "pz-board pzr-icon pzr-long", label);
  const g = el("g", { class: "building bar closed" });
  g.append(el("rect", { x: 2, y: 2, width: 56, height: 36, rx: 3, class: "shape" }));
  svg.append(g, el("path", { d: "M8 8 L52 32 M52 8 L8 32", class: "closed-mark" }));
  return svg;
}

// ---------------------------------------------------------------------------- the figures

function quickParts(city, t, words) {
  return div(
    "pzr-parts pzr-parts-quick",
    part(cubeIcon("w", words.cubeW), words.cubeW),
    part(cubeIcon("k", words.cubeK), words.cubeK),
    part(cubeIcon("b", words.cubeB), words.cubeB),
    part(pawnIcon(city, "N", words.nessName), words.nessName),
    part(pawnIcon(city, "P", words.policeName), words.policeName),
    part(pawnIcon(city, "C", words.caponeName), words.caponeName),
  );
}

function parts(city, t, words) {
  return div(
    "pzr-parts",
    part(cubeIcon("w", words.cubeW), words.cubeW),
    part(cubeIcon("k", words.cubeK), words.cubeK),
    part(cubeIcon("b", words.cubeB), words.cubeB),
    part(truckIcon(city, words.truck), words.truck),
    part(cardSvg(city, "L17", words), words.card),
    part(tokensIcon(city, words.tokens), words.tokens),
    part(pawnIcon(city, "N", words.ness), words.ness),
    part(pawnIcon(city, "P", words.police), words.police),
    part(pawnIcon(city, "C", words.capone), words.capone),
    part(charDieIcon(city, words.charDie), words.charDie),
    part(numberDieIcon(city, words.numberDie), words.numberDie),
    part(closedIcon(words.closedTile), words.closedTile),
  );
}

function cityMap(city, t) {
  const svg = board(city, t);
  return div("pzr-wide", svg);
}

function drive(city, t, words) {
  const scene = SCENES.drive;
  const svg = board(city, t, { trucks: scene.trucks, deliverTo: scene.routes.map((r) => r.bar) });
  windowOn(svg, city, scene.window);
  const notes = overlay(svg);
  const from = scene.trucks[0].street;
  // White under black under brown, so the shared first half-street shows every colour.
  for (const r of [...scene.routes].sort((a, b) => city.cubeInfo[b.cube].streets - city.cubeInfo[a.cube].streets)) {
    const points = [streetMid(city, from), ...r.via.map((v) => pointOf(city, v)), streetMid(city, r.to)];
    notes.append(el("polyline", { points: points.map((p) => p.join(",")).join(" "), class: `pzr-route c-${r.cube}` }));
  }
  const badges = overlay(svg, true);
  for (const r of scene.routes) {
    const [x, y] = streetMid(city, r.to);
    const n = chainStreets(city, from, r.via, r.to).length - 1;
    const g = el("g", { class: `pzr-badge c-${r.cube}`, transform: `translate(${x} ${y})` });
    g.append(el("circle", { r: 13 }), el("text", { y: 5.5 }, String(n)));
    badges.append(g);
  }
  return svg;
}

function contact(city, t, words) {
  const scene = SCENES.contact;
  const { char, path } = scene.move;
  const chars = { ...scene.chars, [char]: path[path.length - 1] };
  const take = Object.fromEntries(scene.events.filter((e) => e.startsWith("take")).map((e) => e.split(" ").slice(2)));
  const trucks = scene.trucks.map((tr) => {
    const cubes = { ...tr.cubes };
    if (take[tr.id]) cubes[take[tr.id]] -= 1;
    return { ...tr, cubes };
  });
  const points = path.map((v) => pointOf(city, v));
  const svg = board(city, t, { trucks, chars, paths: [{ kind: "char", points, names: path }] });
  windowOn(svg, city, scene.window);
  const ghost = overlay(svg);
  ghost.append(el("circle", { cx: points[0][0], cy: points[0][1], r: 15, class: "pzr-ghost" }));
  const notes = overlay(svg, true);
  for (const e of scene.events) {
    const [kind, , truck] = e.split(" ");
    const id = kind === "guard" ? e.split(" ")[1] : truck;
    const s = streetSpot(city, scene.trucks.find((x) => x.id === id).street);
    // Beside the truck, on the side away from the crossing the character stands on.
    if (kind === "guard") notes.append(label(s.x - (s.angle ? 68 : 0), s.y + (s.angle ? 5 : -26), words.protected, "pzr-good"));
    else notes.append(label(s.x + (s.angle ? 68 : 0), s.y + (s.angle ? 5 : 36), words.seized, "pzr-bad"));
  }
  return svg;
}

function controlLines(city, svg, chars, range, marks = {}) {
  const rules = controlMap(city, chars, range);
  const notes = overlay(svg);
  for (const [id, rule] of Object.entries(rules)) {
    if (rule !== "none") notes.append(streetLine(city, id, `pzr-control pzr-${rule}`));
  }
  for (const [id, rule] of Object.entries(marks)) {
    if (rule === "none") notes.append(streetLine(city, id, "pzr-control pzr-cancel"));
  }
  return notes;
}

function control(city, t, words) {
  const scene = SCENES.control;
  const svg = board(city, t, { chars: scene.chars });
  cityOnly(svg, city);
  controlLines(city, svg, scene.chars, "line", scene.marks);
  const notes = overlay(svg, true);
  const text = { forbid: words.forbid, help: words.help, none: words.cancel };
  // Labels above the street, but for the grey one below, so that neighbours never collide.
  for (const [id, rule] of Object.entries(scene.marks)) {
    const [x, y] = streetMid(city, id);
    notes.append(label(x, rule === "none" ? y + 48 : y - 28, text[rule], `pzr-big ${rule === "forbid" ? "pzr-bad" : rule === "help" ? "pzr-good" : ""}`));
  }
  return div("pzr-wide", svg);
}

function neighbours(city, t, words) {
  const scene = SCENES.neighbours;
  const svg = board(city, t, { bars: scene.bars });
  windowOn(svg, city, scene.window);
  const notes = overlay(svg, true);
  const colour = scene.bars[scene.bar].colour;
  for (const n of city.buildings.get(scene.bar).neighbours) {
    const r = buildingBox(svg, n);
    notes.append(el("rect", { x: r.x + 2, y: r.y + 2, width: r.w - 4, height: r.h - 4, rx: 3, class: "pzr-ban" }));
    const cx = r.x + r.w / 2;
    const cy = r.y + r.h / 2;
    notes.append(cubeRect(colour, cx, cy, 16), el("path", { d: `M${cx - 13} ${cy - 13} L${cx + 13} ${cy + 13}`, class: "pzr-strike" }));
  }
  const home = buildingBox(svg, scene.bar);
  notes.append(el("rect", { x: home.x - 1, y: home.y - 1, width: home.w + 2, height: home.h + 2, rx: 4, class: "pzr-home" }));
  notes.append(label(home.x + home.w / 2, home.y - 7, scene.bar));
  return svg;
}

function display(city, t, words) {
  const cards = ["L17", "L09", "L22", "L05", "L28"];
  return div("pzr-display", ...cards.map((id, i) => cardSvg(city, id, words, { down: i === cards.length - 1 })));
}

function tokens(city, t, words) {
  const losses = { 3: ["k", "k"], 5: ["k", "b"], 7: ["w"] };
  const text = { 3: words.lostWhen3, 5: words.lostWhen5, 7: words.lostWhen7 };
  return div(
    "pzr-parts pzr-parts-tokens",
    ...city.data.bonus_tokens.values.map((v) => {
      const cubes = losses[v] || [];
      const svg = svgNode(`0 0 ${48 + cubes.length * 26} 40`, "pz-board pzr-icon pzr-long", text[v]);
      svg.append(token(v, 20, 20));
      cubes.forEach((c, i) => svg.append(cubeRect(c, 56 + i * 26, 20, 20)));
      return part(svg, text[v]);
    }),
  );
}

function closed(city, t, words) {
  const scene = SCENES.closed;
  const svg = board(city, t, { bars: scene.bars, closed: scene.closes });
  windowOn(svg, city, scene.window);
  const near = overlay(svg);
  for (const slot of scene.closes) {
    for (const n of city.buildings.get(slot).neighbours) {
      const r = buildingBox(svg, n);
      near.append(el("rect", { x: r.x - 1, y: r.y - 1, width: r.w + 2, height: r.h + 2, rx: 4, class: "pzr-near" }));
    }
  }
  const notes = overlay(svg, true);
  for (const slot of scene.closes) {
    const r = buildingBox(svg, slot);
    notes.append(label(r.x + r.w / 2, r.y - 8, words.closed.replace("{slot}", slot), "pzr-bad"));
  }
  return svg;
}

function twin(items) {
  return div(
    "pzr-twin",
    ...items.map(([svg, name]) => {
      const cap = document.createElement("p");
      cap.textContent = name;
      return div("pzr-twin-item", svg, cap);
    }),
  );
}

function layouts(city, t, words) {
  return twin(
    ["standard", "inverted"].filter((l) => city.layouts[l]).map((layout) => {
      const centre = Object.entries(city.layouts[layout].start_points).find(([, points]) => points.length === 1);
      const svg = board(city, t, { layout, chars: centre ? { [centre[0]]: centre[1][0] } : {} });
      cityOnly(svg, city);
      return [svg, words[`layout.${layout}`] || layout];
    }),
  );
}

function range(city, t, words) {
  const scene = SCENES.range;
  return twin(
    ["line", "touching"].map((r) => {
      const svg = board(city, t, { chars: scene.chars });
      cityOnly(svg, city);
      controlLines(city, svg, scene.chars, r);
      return [svg, words[`control_range.${r}`] || r];
    }),
  );
}

const FIGURES = { quickParts, parts, city: cityMap, drive, contact, control, neighbours, display, tokens, closed, layouts, range };

/** The diagram `id`, or null when there is none by that name. */
export function figure(id, city, t, words) {
  const draw = FIGURES[id];
  return draw ? draw(city, t, words) : null;
}

export const FIGURE_IDS = Object.keys(FIGURES);
