// The map of Spies! as SVG: the sea, each power's territory washed in its colour (annexed
// countries in the annexer's), rail lines (solid), air lines (dashed), the sea zones with the
// ports that touch them, the cities (capital, police symbol, SECRET city, spy haven) and, on
// every view, the pieces standing in each city: spies (squares), police (circles) and secrets
// (diamonds) in their power's colour, face up where the view gives the face and face down
// ("?") where it does not. Gold rings mark the cities a click can choose.

const NS = "http://www.w3.org/2000/svg";

export function s(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.setAttribute("class", v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

const title = (text) => s("title", {}, text);
const PIECE = 12; // a piece's side, in map units
const PER_ROW = 4;
const MAX_SHOWN = 8;

/** The printed map (drawn once): sea, links, sea zones, cities, names. */
export function drawStatic(svg, pack, layout, t) {
  const { cities, seas, width, height } = layout;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.replaceChildren();
  svg.append(s("rect", { class: "sea", x: 0, y: 0, width, height }));
  const territory = s("g", { class: "territory" });
  const seaLayer = s("g", { class: "sea-zones" });
  for (const zone of pack.sea_zones) {
    const a = seas[zone.id];
    if (!a) continue;
    for (const other of zone.adjacent) {
      const b = seas[other];
      if (b && zone.id < other) seaLayer.append(s("line", { class: "sea-link", x1: a.x, y1: a.y, x2: b.x, y2: b.y }));
    }
    for (const port of zone.ports) {
      const c = cities[port];
      if (c) seaLayer.append(s("line", { class: "port-link", x1: a.x, y1: a.y, x2: c.x, y2: c.y }));
    }
  }
  for (const zone of pack.sea_zones) {
    const a = seas[zone.id];
    if (!a) continue;
    seaLayer.append(
      s(
        "g",
        { class: "sea-zone", dataset: { sea: zone.id }, transform: `translate(${a.x} ${a.y})` },
        title(zone.name),
        s("path", { class: "ship", d: "M-9 -1 h18 l-4 6 h-10 z M-1 -1 v-9 l7 7 z" }),
        s("text", { class: "sea-name", y: 16 }, `~${zone.id}`),
      ),
    );
  }
  const links = s("g", { class: "links" });
  for (const line of [...pack.rail_lines, ...pack.air_lines]) {
    const a = cities[line.a];
    const b = cities[line.b];
    if (!a || !b) continue;
    links.append(s("line", { class: `link ${line.kind}`, x1: a.x, y1: a.y, x2: b.x, y2: b.y, dataset: { a: line.a, b: line.b } }));
  }
  const cityLayer = s("g", { class: "cities" });
  for (const c of pack.cities) {
    const at = cities[c.id];
    if (!at) continue;
    const marks = [];
    if (c.capital) marks.push(s("path", { class: "capital", d: starPath(0, 0, 9.5, 4.2) }));
    else marks.push(s("circle", { class: "dot", r: 5.2 }));
    if (c.police_symbol) marks.push(s("rect", { class: "police-mark", x: -12.5, y: -12.5, width: 5, height: 5 }));
    if (c.secret_city) marks.push(s("text", { class: "secret-mark", x: 11, y: -6 }, "S"));
    if (c.spy_haven) marks.push(s("circle", { class: "haven", r: 10 }));
    if (c.port) marks.push(s("path", { class: "anchor", d: "M-3 7 a3 3 0 0 0 6 0 M0 4 v5" }));
    const words = [c.name];
    if (c.capital) words.push(t("sp.map.capital"));
    if (c.port) words.push(t("sp.map.port", { seas: c.sea_zones.map((z) => `~${z}`).join(" ") }));
    if (c.police_symbol) words.push(t("sp.map.policeSymbol"));
    if (c.secret_city) words.push(t("sp.map.secretCity"));
    if (c.spy_haven) words.push(t("sp.map.haven"));
    if (c.overseas) words.push(t("sp.map.overseas"));
    cityLayer.append(
      s(
        "g",
        { class: `city${c.capital ? " is-capital" : ""}`, dataset: { city: c.id }, transform: `translate(${at.x} ${at.y})` },
        title(`${c.id} · ${words.join(" · ")}`),
        s("circle", { class: "hit", r: 14 }),
        ...marks,
        s("text", { class: "city-name", x: 0, y: -10 }, c.id),
      ),
    );
  }
  svg.append(territory, seaLayer, links, cityLayer, s("g", { class: "pieces" }), s("g", { class: "targets" }));
}

function starPath(cx, cy, outer, inner) {
  const pts = [];
  for (let i = 0; i < 10; i += 1) {
    const r = i % 2 ? inner : outer;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(2)} ${(cy + r * Math.sin(a)).toFixed(2)}`);
  }
  return `M${pts.join(" L")} Z`;
}

/** The owner of a city now: its owner, or the power that annexed its country. */
export function ownerOf(pack, view, cityId) {
  const c = pack.cityById.get(cityId);
  if (!c) return null;
  return c.owner || view?.annexed?.[c.country] || null;
}

/** Face text for a piece glyph: what the view shows of it ("?" when nothing). */
export function faceText(kind, piece) {
  if (kind === "spy") {
    if (piece.face) return piece.face.endsWith("c") ? `${piece.face.slice(0, -1)}★` : piece.face;
    return piece.strength ? String(piece.strength) : "?";
  }
  if (kind === "police") return piece.face || "?";
  if (!piece.face) return "?";
  const m = /^(\d+)(cs(\d+))?$/.exec(piece.face);
  return m ? (m[2] ? `${m[1]}!` : m[1]) : piece.face;
}

/** The pieces in each city, in drawing order: spies, police, secrets. */
export function piecesByCity(view) {
  const out = new Map();
  const add = (city, item) => {
    if (!city) return;
    if (!out.has(city)) out.set(city, []);
    out.get(city).push(item);
  };
  const order = ["G", "I", "R", "F", "B"];
  const byPower = (a, b) => order.indexOf(a.power) - order.indexOf(b.power) || a.id.localeCompare(b.id);
  for (const spy of [...(view.spies || [])].filter((x) => x.city && !x.box).sort(byPower)) add(spy.city, { kind: "spy", piece: spy });
  for (const p of [...(view.police || [])].filter((x) => x.city).sort(byPower)) add(p.city, { kind: "police", piece: p });
  for (const x of (view.secrets || []).filter((x) => x.city && !x.gone)) add(x.city, { kind: "secret", piece: x });
  return out;
}

/**
 * The pieces, territory and choices of one view. `opts`: {colours: power -> CSS colour,
 * mine: Set of own powers, targets: Map city -> lines, selected: piece id, city: selected
 * city, selectable: Set of piece ids, describePiece(kind, piece), labelOf(city)}.
 */
export function drawView(svg, pack, layout, view, opts) {
  const { cities } = layout;
  const territory = svg.querySelector(".territory");
  const pieces = svg.querySelector(".pieces");
  const targets = svg.querySelector(".targets");
  const byColour = new Map();
  const land = s("g", { class: "land" });
  for (const c of pack.cities) {
    const at = cities[c.id];
    if (at) land.append(s("circle", { cx: at.x, cy: at.y, r: c.overseas ? 30 : 40 }));
  }
  for (const c of pack.cities) {
    const at = cities[c.id];
    if (!at) continue;
    const owner = ownerOf(pack, view, c.id) || "none";
    if (!byColour.has(owner)) byColour.set(owner, []);
    byColour.get(owner).push(s("circle", { cx: at.x, cy: at.y, r: c.overseas ? 26 : 34 }));
  }
  territory.replaceChildren(
    land,
    ...[...byColour].filter(([owner]) => owner !== "none").map(([owner, circles]) => s("g", { class: `wash p-${owner}`, fill: opts.colours[owner] || "#efe6cf", dataset: { owner } }, ...circles)),
  );
  svg.querySelectorAll(".city").forEach((g) => {
    const id = g.dataset.city;
    g.classList.toggle("selected", opts.city === id);
    g.dataset.owner = ownerOf(pack, view, id) || "";
  });

  const groups = [];
  for (const [city, list] of piecesByCity(view)) {
    const at = cities[city];
    if (!at) continue;
    const shown = list.length > MAX_SHOWN ? list.slice(0, MAX_SHOWN - 1) : list;
    const cols = Math.min(PER_ROW, list.length > MAX_SHOWN ? MAX_SHOWN : list.length);
    const x0 = -((cols * (PIECE + 1.5)) / 2) + (PIECE + 1.5) / 2;
    const g = s("g", { class: "stack", dataset: { city }, transform: `translate(${at.x} ${at.y + 18})` });
    shown.forEach((item, i) => {
      const x = x0 + (i % PER_ROW) * (PIECE + 1.5);
      const y = Math.floor(i / PER_ROW) * (PIECE + 1.5);
      g.append(pieceGlyph(item, x, y, opts));
    });
    if (list.length > MAX_SHOWN) {
      const i = MAX_SHOWN - 1;
      const x = x0 + (i % PER_ROW) * (PIECE + 1.5);
      const y = Math.floor(i / PER_ROW) * (PIECE + 1.5);
      g.append(s("text", { class: "more", x, y: y + 4 }, `+${list.length - shown.length}`));
    }
    groups.push(g);
  }
  pieces.replaceChildren(...groups);

  const rings = [];
  for (const [city, lines] of opts.targets) {
    const at = cities[city];
    if (!at) continue;
    rings.push(
      s(
        "g",
        { class: "target", tabindex: 0, role: "button", "aria-label": opts.labelOf(city, lines), dataset: { city, target: "1" }, transform: `translate(${at.x} ${at.y})` },
        title(opts.labelOf(city, lines)),
        s("circle", { class: "ring", r: 13 }),
        s("circle", { class: "hit", r: 15 }),
      ),
    );
  }
  targets.replaceChildren(...rings);
}

function pieceGlyph({ kind, piece }, x, y, opts) {
  const own = opts.mine.has(kind === "secret" ? piece.original : piece.power);
  const colour = opts.colours[kind === "secret" ? piece.original || "none" : piece.power] || "#d8d0bf";
  const text = faceText(kind, piece);
  const known = Boolean(piece.face) || (kind === "spy" && Boolean(piece.strength));
  const cls = [`piece ${kind}`, known ? "up" : "down", own ? "own" : "", opts.selectable.has(piece.id) ? "selectable" : "", opts.selected === piece.id ? "selected" : ""];
  if (kind === "spy" && piece.done) cls.push("done");
  if (kind === "spy" && opts.acting === piece.id) cls.push("acting");
  if (kind !== "secret" && piece.secret) cls.push("holding");
  if (kind === "secret" && piece.holder) cls.push("held");
  if (kind === "secret" && /cs/.test(piece.face || "")) cls.push("counterspy");
  if (kind === "spy" && /c$/.test(piece.face || "")) cls.push("cousin");
  const h = PIECE / 2;
  let shape;
  if (kind === "spy") shape = s("rect", { class: "body", x: -h, y: -h, width: PIECE, height: PIECE, rx: 2.5, fill: colour });
  else if (kind === "police") shape = s("circle", { class: "body", r: h, fill: colour });
  else shape = s("path", { class: "body", d: `M0 ${-h - 1} L${h + 1} 0 L0 ${h + 1} L${-h - 1} 0 Z`, fill: colour });
  const data = { piece: piece.id, kind, power: kind === "secret" ? piece.original || "" : piece.power };
  if (piece.face) data.face = piece.face;
  return s(
    "g",
    { class: cls.filter(Boolean).join(" "), transform: `translate(${x} ${y})`, dataset: data },
    title(opts.describePiece(kind, piece)),
    shape,
    s("text", { class: "face", y: 3.4 }, text),
  );
}
