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
const PIECE = 12; // a piece's side, in its own drawing units (map units in the rules' pictures)
const GAP = 1.5;
const PER_ROW = 4;
const TOKEN_UNITS = 15; // on the live map: a piece's side in map units while the map is small on the screen,
const TOKEN_PX = [7, 15]; // kept between these screen pixels
const RING_PX = 9; // a gold ring's radius is never less than this on the screen
const MARK_PX = 1.25; // zoomed in past this many screen pixels per map unit, city marks stop growing

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
    // beside the dot, clear of the name written above it
    if (c.police_symbol) marks.push(s("rect", { class: "police-mark", x: -12.5, y: 3.5, width: 5, height: 5 }));
    if (c.secret_city) marks.push(s("text", { class: "secret-mark", x: 15, y: -4 }, "S"));
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
        s("g", { class: "marks" }, s("circle", { class: "hit", r: 14 }), ...marks, s("text", { class: "city-name", x: 0, y: -10 }, c.id)),
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
 * city, selectable: Set of piece ids, acting: the acting spy, describePiece(kind, piece),
 * labelOf(city), unitPx: screen pixels per map unit on the live map (none in a picture)}.
 */
export function drawView(svg, pack, layout, view, opts) {
  const { cities } = layout;
  const territory = svg.querySelector(".territory");
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

  drawPieces(svg, layout, view, opts);
  drawTargets(svg, layout, opts);
}

/** The map units a piece's drawing (PIECE units a side) is scaled by on a map shown at
 * `unitPx` screen pixels per map unit: a token is TOKEN_UNITS map units a side while that is
 * small on the screen, and stays TOKEN_PX[1] pixels once zoomed in, so that zooming in makes
 * room between the cities instead of making the pieces bigger. */
export function pieceScale(unitPx) {
  if (!unitPx) return 1;
  const px = Math.max(TOKEN_PX[0], Math.min(TOKEN_PX[1], TOKEN_UNITS * unitPx));
  return px / (PIECE * unitPx);
}

/** How much a city's marks and name are shrunk on the live map (1: not at all), so that
 * zoomed in they stay about the size they have at MARK_PX screen pixels per map unit, as the
 * pieces do, instead of growing with the map. spies.css applies it (--m). */
export function markScale(unitPx) {
  return unitPx ? Math.min(1, MARK_PX / unitPx) : 1;
}

/** Where a city's cells go (in piece units from the anchor), for `n` cells towards `side`. */
function cells(n, side) {
  const step = PIECE + GAP;
  const across = side === "below" || side === "above" ? Math.min(PER_ROW, n) : Math.min(2, n);
  const along = Math.ceil(n / across);
  const out = [];
  for (let i = 0; i < n; i += 1) {
    const a = Math.floor(i / across); // away from the city
    const c = (i % across) - (across - 1) / 2; // across, centred
    const d = PIECE / 2 + a * step;
    if (side === "below") out.push([c * step, d]);
    else if (side === "above") out.push([c * step, -d]);
    else if (side === "right") out.push([d, c * step]);
    else out.push([-d, c * step]);
  }
  return { out, along: PIECE / 2 + along * step, across: across * step };
}

/** The anchor of a city's pieces (map units from the city) on the side they go. */
const ANCHOR = { below: [0, 8], above: [0, -19], right: [13, 0], left: [-13, 0] };

/** A group's key: the pieces that look alike on the map (kind and colour). */
const groupKey = ({ kind, piece }) => `${kind}:${kind === "secret" ? piece.original || "-" : piece.power}`;

/**
 * The pieces of one view, each city's in a stack beside it. With `opts.unitPx` (the map's
 * scale on the screen) a stack that would not fit in the room around its city (layout.room)
 * keeps apart only the pieces that can be chosen now and shows the others as piles: one token
 * per kind and colour with a badge counting them (the city's popover lists them). Without it
 * (the rules' pictures) every piece is drawn below its city at the map's own scale.
 */
export function drawPieces(svg, layout, view, opts) {
  const { cities } = layout;
  const pieces = svg.querySelector(".pieces");
  const unitPx = opts.unitPx || 0;
  const scale = pieceScale(unitPx);
  const groups = [];
  for (const [city, list] of piecesByCity(view)) {
    const at = cities[city];
    if (!at) continue;
    const side = unitPx ? layout.side?.[city] || "below" : "below";
    let drawn = list.map((item) => [item]);
    if (unitPx) {
      const spread = cells(list.length, side);
      const roomPx = (layout.room?.[city] || 40) * unitPx;
      const px = scale * unitPx; // screen px per piece unit
      const fits = spread.along * px <= 0.72 * roomPx && spread.across * px <= 1.35 * roomPx;
      if (!fits) {
        const apart = (item) => opts.selectable.has(item.piece.id) || opts.selected === item.piece.id || opts.acting === item.piece.id;
        const piles = new Map();
        drawn = [];
        for (const item of list) {
          if (apart(item)) drawn.push([item]);
          else {
            const key = groupKey(item);
            if (!piles.has(key)) {
              piles.set(key, []);
              drawn.push(piles.get(key));
            }
            piles.get(key).push(item);
          }
        }
      }
    }
    const m = markScale(unitPx);
    const [ax, ay] = unitPx ? ANCHOR[side].map((v) => v * m) : [0, 18];
    const place = unitPx ? cells(drawn.length, side).out : drawn.map((_, i) => [((i % PER_ROW) - (Math.min(PER_ROW, drawn.length) - 1) / 2) * (PIECE + GAP), Math.floor(i / PER_ROW) * (PIECE + GAP)]);
    const g = s("g", {
      class: `stack${drawn.some((cell) => cell.length > 1) ? " piled" : ""}`,
      dataset: { city, side, count: String(list.length) },
      transform: `translate(${round(at.x + ax)} ${round(at.y + ay)}) scale(${round(scale, 3)})`,
    });
    drawn.forEach((cell, i) => {
      const [x, y] = place[i];
      g.append(cell.length > 1 ? pileGlyph(cell, x, y, opts) : pieceGlyph(cell[0], x, y, opts));
    });
    groups.push(g);
  }
  pieces.replaceChildren(...groups);
}

/** The gold rings of the cities a click can choose, never smaller than a finger's aim. */
export function drawTargets(svg, layout, opts) {
  const { cities } = layout;
  const targets = svg.querySelector(".targets");
  const k = opts.unitPx ? Math.max(markScale(opts.unitPx), RING_PX / (13 * opts.unitPx)) : 1;
  const rings = [];
  for (const [city, lines] of opts.targets) {
    const at = cities[city];
    if (!at) continue;
    rings.push(
      s(
        "g",
        { class: "target", tabindex: 0, role: "button", "aria-label": opts.labelOf(city, lines), dataset: { city, target: "1" }, transform: `translate(${at.x} ${at.y})${k !== 1 ? ` scale(${round(k, 3)})` : ""}` },
        title(opts.labelOf(city, lines)),
        s("circle", { class: "ring", r: 13 }),
        s("circle", { class: "hit", r: 15 }),
      ),
    );
  }
  targets.replaceChildren(...rings);
}

const round = (v, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;

/** Several pieces of one kind and colour as one token: a stack with a badge counting them.
 * Its face is theirs when they all show the same, else blank. */
function pileGlyph(items, x, y, opts) {
  const { kind } = items[0];
  const power = kind === "secret" ? items[0].piece.original || "" : items[0].piece.power;
  const own = opts.mine.has(power);
  const colour = opts.colours[power || "none"] || "#d8d0bf";
  const texts = new Set(items.map(({ kind: k, piece }) => faceText(k, piece)));
  const known = items.every(({ kind: k, piece }) => Boolean(piece.face) || (k === "spy" && Boolean(piece.strength)));
  const shadows = [2, 1].map((n) => shapeOf(kind, colour, `body shadow`, n * 1.8, -n * 1.8));
  return s(
    "g",
    {
      class: `pile ${kind} ${known ? "up" : "down"}${own ? " own" : ""}`,
      transform: `translate(${x} ${y})`,
      dataset: { kind, power, count: String(items.length), pieces: items.map(({ piece }) => piece.id).join(" ") },
    },
    title(items.map(({ kind: k, piece }) => opts.describePiece(k, piece)).join("\n")),
    ...shadows,
    shapeOf(kind, colour, "body"),
    s("text", { class: "face", y: 3.4 }, texts.size === 1 ? [...texts][0] : ""),
    s("circle", { class: "badge", cx: 6.4, cy: -6.4, r: 4.9 }),
    s("text", { class: "badge-n", x: 6.4, y: -4 }, String(items.length)),
  );
}

function shapeOf(kind, colour, cls, dx = 0, dy = 0) {
  const h = PIECE / 2;
  const at = dx || dy ? { transform: `translate(${dx} ${dy})` } : {};
  if (kind === "spy") return s("rect", { class: cls, x: -h, y: -h, width: PIECE, height: PIECE, rx: 2.5, fill: colour, ...at });
  if (kind === "police") return s("circle", { class: cls, r: h, fill: colour, ...at });
  return s("path", { class: cls, d: `M0 ${-h - 1} L${h + 1} 0 L0 ${h + 1} L${-h - 1} 0 Z`, fill: colour, ...at });
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
  const shape = shapeOf(kind, colour, "body");
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
