// Spies!'s rules for players, for the platform's rules page (/rules/<game>) and the rules
// drawer of the room and the replay: a one-screen quick reference and the full rules, in
// English and French. The words are rules-text.js's; the numbers come from the data pack the
// game plays (main.js's PACK: allotments, chits, multipliers, tiles, the map); the pictures
// are drawn by rules-diagrams.js with the game's own map and panel code.
//
// The contract: `render(container, {lang, part})` empties `container` and draws into it with
// DOM calls only (the site's Content-Security-Policy forbids markup strings and style
// attributes); it is called again when the language or the part changes.

import { PACK } from "./main.js";
import { h } from "./panels.js";
import {
  chainFigure,
  landMoveFigure,
  mapFigure,
  piecesFigure,
  powersKey,
  recordFigure,
  scoreExample,
  searchFigure,
  seaFigure,
  symbolsFigure,
  turnFigure,
} from "./rules-diagrams.js";
import { fill } from "../../js/fill.js";
import { TEXT } from "./rules-text.js";
import { ARTICLES, STRINGS } from "./strings.js";

export const stylesheet = "/static/games/spies/rules.css";

/** The title of the rules in `lang` ("en" or "fr"). */
export function title(lang) {
  return words(lang).title;
}

/** Draw the rules into `container`: `part` "quick" (one screen) or "full". */
export function render(container, { lang = "en", part = "full" } = {}) {
  const w = words(lang);
  const t = translator(lang);
  const d = facts(w);
  const blocks = part === "quick" ? w.quick(d) : w.full(d);
  const quick = part === "quick";
  const root = h("div", { class: `sp-rules sp-rules-${quick ? "quick" : "full"}`, lang: lang === "fr" ? "fr" : "en" });
  // The quick reference: one section per heading, in two columns where there is room.
  const body = quick ? h("div", { class: "sp-rules-columns" }) : root;
  let section = body;
  for (const block of blocks) {
    if (quick && block[0] === "h2") body.append((section = h("section", { class: "sp-rules-section" })));
    const node = drawBlock(block, { w, t, d, blocks });
    if (node) section.append(node);
  }
  if (quick) root.append(body);
  if (lang === "fr") frenchSpaces(root);
  container.replaceChildren(root);
}

// ------------------------------------------------------------------ words and facts

function words(lang) {
  return TEXT[lang === "fr" ? "fr" : "en"];
}

/** The game's own strings (strings.js) in `lang`, with `{name}` parameters filled. */
function translator(lang) {
  const table = { ...STRINGS.en, ...(lang === "fr" ? { ...STRINGS.fr, ...ARTICLES.fr } : {}) };
  return (key, params = {}) => fill(table[key] ?? key, params, table);
}

/** The numbers the rules quote, from the data pack. */
function facts(w) {
  const r = PACK.rules;
  const years = r.years;
  const multipliers = PACK.victory_record.multipliers[r.turn_order[0]];
  const chits = new Map(PACK.action_chits.map((c) => [c.id, c]));
  const tiles = new Map(PACK.event_tiles.map((x) => [x.id, x]));
  const tileName = (id) => tiles.get(id)?.name || `t${id}`;
  const range = (list) => [Math.min(...list), Math.max(...list)];
  const [valueMin, valueMax] = range(PACK.secrets.map((x) => x.value));
  const [spyMin, spyMax] = range(PACK.spies.map((x) => x.strength));
  const [policeMin, policeMax] = range(PACK.police.map((x) => x.strength));
  const alternate = PACK.seat_allocations.russia_alternate_2_seats || {};
  const russiaYears = [0, 1].map((seat) => years.filter((y) => alternate[String(y)] === seat));
  const dis = chits.get("DIS");
  return {
    first: years[0],
    last: years.at(-1),
    ap: r.action_points_per_turn,
    spaces: r.spy_move_max_spaces,
    hand: r.chit_hand_limit,
    perCity: r.police_per_city_max,
    overseasMax: r.overseas_police_max,
    ownTiles: r.event_tiles_per_power,
    randomTiles: r.random_event_tiles,
    dealt: r.random_tiles_dealt_per_power,
    secrets: r.secrets_total,
    neutral: r.secret_cities,
    counterspies: PACK.secrets.filter((x) => x.counterspy).length,
    valueMin,
    valueMax,
    spyMin,
    spyMax,
    policeMin,
    policeMax,
    chits: PACK.action_chits.reduce((a, c) => a + c.count, 0),
    chitTypes: PACK.action_chits.length,
    capture: r.capture_reward,
    cash: r.cash_in_reward,
    die: r.sea_die_faces,
    tileVp: PACK.victory_record.event_tile_vp,
    marker: PACK.victory_record.sanctioned_marker_value,
    mFirst: multipliers[String(years[0])],
    mLast: multipliers[String(years.at(-1))],
    cities: PACK.cities.length,
    seas: PACK.sea_zones.length,
    dis: { gbp: dis.cost_gbp, ap: dis.cost_ap },
    moveAp: 4 * r.ap_costs.move_per_space + dis.cost_ap,
    russiaYears,
    tileName,
    tile: (id) => `**${tileName(id)}** (t${id})`,
    money: w.money,
    example: scoreExample(),
  };
}

// ------------------------------------------------------------------ blocks

/** "**bold** words" -> text and <strong> nodes. */
function rich(text) {
  return String(text)
    .split(/\*\*(.+?)\*\*/)
    .map((part, i) => (i % 2 ? h("strong", {}, part) : part))
    .filter((part) => part !== "");
}

function drawBlock(block, ctx) {
  const [kind, ...args] = block;
  switch (kind) {
    case "h2":
      return h("h2", { id: `sp-rules-${args[0]}`, dataset: { section: args[0] } }, args[1]);
    case "h3":
      return h("h3", {}, args[0]);
    case "p":
      return h("p", {}, rich(args[0]));
    case "note":
      return h("p", { class: "sp-rules-note" }, rich(args[0]));
    case "ul":
    case "ol":
      return h(kind, {}, args[0].map((item) => h("li", {}, rich(item))));
    case "toc":
      return contents(ctx);
    case "fig":
      return figure(args[0], ctx);
    case "table":
      return table(args[0], ctx);
    case "options":
      return options(ctx);
    case "cities":
      return citiesList(ctx);
    default:
      return null;
  }
}

/** The sections as buttons that scroll to them (no links: the room's address stays as it is). */
function contents({ w, blocks }) {
  const ids = blocks.filter((b) => b[0] === "h2").map((b) => b[1]);
  const go = (id) => (e) => {
    e.preventDefault();
    const target = e.currentTarget.closest(".sp-rules")?.querySelector(`[data-section="${id}"]`);
    target?.scrollIntoView({ behavior: "smooth", block: "start" });
  };
  return h(
    "nav",
    { class: "sp-rules-toc", "aria-label": w.contents },
    ids.map((id) => h("button", { type: "button", class: "small secondary", dataset: { to: id }, onclick: go(id) }, w.toc[id] || id)),
  );
}

function caption(w, d, name) {
  const text = w.fig[name];
  return typeof text === "function" ? text(d) : text;
}

function figure(name, { w, t, d }) {
  const make = {
    map: () => h("div", { class: "sp-rules-scroll" }, mapFigure(w, t)),
    powersKey: () => powersKey(w, t),
    symbols: () => symbolsFigure(w),
    pieces: () => piecesFigure(w),
    piecesQuick: () => piecesFigure(w, ["spyUp", "cousin", "police", "secret", "counterspy"], w.piecesShort),
    phases: () => phases(w),
    move: () => landMoveFigure(w, t),
    turnPanel: () => turnFigure(t, d.moveAp),
    sea: () => seaFigure(w, t),
    search: () => searchFigure(w, t),
    chain: () => chainFigure(w, t),
    record: () => h("div", { class: "sp-rules-scroll" }, recordFigure(t)),
  }[name];
  if (!make) return null;
  const text = caption(w, d, name);
  return h("figure", { class: `sp-rules-fig fig-${name}`, dataset: { figure: name } }, make(), text ? h("figcaption", {}, rich(text)) : null);
}

/** The four phases of a turn as cards. */
function phases(w) {
  return h(
    "ol",
    { class: "sp-rules-phases" },
    w.phases.map(([name, cost], i) => h("li", {}, h("span", { class: "n" }, String(i + 1)), h("strong", {}, name), h("span", { class: "cost" }, cost))),
  );
}

// ------------------------------------------------------------------ tables from the data pack

function chip(t, power) {
  const colour = PACK.powerById.get(power)?.colour || "#b9ab8c";
  return h("span", { class: "sp-chip", style: { "--chip": colour }, dataset: { power } }, t(`sp.power.${power}`));
}

/** A table; each cell also carries its column's name (`data-label`), which a narrow screen
 * shows when it stacks the cells of a row (rules.css, `.sp-rules-stack`). */
function grid(head, rows, cls, w) {
  const sep = w === TEXT.fr ? "\u00a0: " : ": ";
  for (const row of rows) [...row.children].forEach((cell, i) => cell.tagName === "TD" && head[i] && (cell.dataset.label = head[i] + sep));
  return h(
    "div",
    { class: "sp-rules-scroll" },
    h("table", { class: `sp-table sp-rules-table ${cls}` }, h("thead", {}, h("tr", {}, head.map((x) => h("th", { scope: "col" }, x)))), h("tbody", {}, rows)),
  );
}

function table(name, { w, t }) {
  if (name === "seats") {
    const seats = PACK.seat_allocations;
    const line = (list) => list.map((powers) => powers.map((p) => w.power[p]).join(" + ")).join(" · ");
    const rows = ["5", "4", "3", "2"].map((n) => {
      const std = seats[n]?.standard;
      const alt = seats[n]?.alternative;
      const lent = std && !std.flat().includes("R") ? `${w.seats.sep}${w.seats.russiaBy}` : "";
      return h("tr", { dataset: { players: n } }, h("th", { scope: "row" }, n), h("td", {}, std ? line(std) + lent : w.seats.none), h("td", {}, alt ? line(alt) : w.seats.none));
    });
    const bidding = seats["4"]?.russia_bidding;
    return h("div", {}, grid(w.seats.head, rows, "sp-rules-seats", w), bidding ? h("p", { class: "sp-rules-small" }, `${w.seats.bid}${line(bidding)}${w.seats.sep}${w.seats.russiaBy}`) : null);
  }
  if (name === "allotments") {
    const rows = PACK.powers.map((p) => {
      const a = PACK.allotments[p.id];
      return h(
        "tr",
        { dataset: { power: p.id } },
        h("th", { scope: "row" }, chip(t, p.id)),
        h("td", {}, PACK.cityById.get(p.capital)?.name || p.capital),
        h("td", {}, p.police_name),
        h("td", { class: "num" }, w.money(a.money)),
        h("td", { class: "num" }, String(a.secrets)),
        h("td", { class: "num" }, String(a.police_units)),
        h("td", { class: "num" }, String(a.action_chits)),
        h("td", { class: "num" }, `${a.spies_total} (${a.spies_foreign_max})`),
      );
    });
    return grid(w.allotments.head, rows, "sp-rules-allotments sp-rules-stack", w);
  }
  if (name === "chits") {
    const rows = PACK.action_chits.map((c) =>
      h(
        "tr",
        { dataset: { chit: c.id } },
        h("th", { scope: "row" }, t(`sp.chit.${c.id}`)),
        h("td", { class: "num" }, String(c.count)),
        h("td", { class: "nowrap" }, w.cost(c.cost_gbp, c.cost_ap)),
        h("td", {}, w.chitWhen[c.id] || ""),
        h("td", {}, w.chitWhat[c.id] || ""),
      ),
    );
    return grid(w.chitsHead, rows, "sp-rules-chits sp-rules-stack", w);
  }
  if (name === "multipliers") {
    const years = PACK.rules.years;
    const mult = PACK.victory_record.multipliers;
    const same = PACK.rules.turn_order.every((p) => years.every((y) => mult[p][String(y)] === mult[PACK.rules.turn_order[0]][String(y)]));
    const rows = (same ? [null] : PACK.rules.turn_order).map((p) =>
      h("tr", {}, h("th", { scope: "row" }, p ? chip(t, p) : w.multipliersHead[1]), years.map((y) => h("td", { class: "num" }, `×${mult[p || PACK.rules.turn_order[0]][String(y)]}`))),
    );
    return grid([w.multipliersHead[0], ...years.map(String)], rows, "sp-rules-multipliers", w);
  }
  return null;
}

/** Every city of the map, by power (home and overseas) and by neutral country. */
function citiesList({ w, t }) {
  const name = (id) => {
    const c = PACK.cityById.get(id);
    return c ? `${c.name} (${c.id})` : id;
  };
  const items = PACK.powers.map((p) => h("li", { dataset: { power: p.id } }, chip(t, p.id), " ", p.home_cities.map(name).join(", ")));
  const neutral = PACK.countries.filter((k) => !k.power);
  const byCountry = neutral
    .map((k) => [k, PACK.cities.filter((c) => c.country === k.id)])
    .filter(([, list]) => list.length)
    .map(([k, list]) => h("li", { dataset: { country: k.id } }, h("strong", {}, w.countries?.[k.id] || k.name), " ", list.map((c) => name(c.id)).join(", ")));
  return h(
    "details",
    { class: "sp-rules-cities" },
    h("summary", {}, w.citiesSummary),
    h("ul", {}, items),
    h("p", {}, h("strong", {}, w.neutralHead)),
    h("ul", {}, byCountry),
  );
}

// ------------------------------------------------------------------ the room's options

/** The room's own fields (the rule set and the clock have their own controls, named as here). */
const OWN_FIELDS = new Set(["preset", "time_control"]);

/** An option as the room's form names it: the game's `option.spies.<name>` string, else the
 * option's own name made readable (static/js/lobby.js does the same). */
function formLabel(lang, name) {
  const key = `option.spies.${name}`;
  const own = (lang === "fr" ? STRINGS.fr : STRINGS.en)[key] ?? STRINGS.en[key];
  if (own) return own;
  const text = String(name).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function valueLabel(lang, name, value, w) {
  if (value === true) return w.on;
  if (value === false) return w.off;
  const key = `option.spies.${name}.value.${value}`;
  return (lang === "fr" ? STRINGS.fr : STRINGS.en)[key] ?? String(value);
}

function options({ w }) {
  const lang = w === TEXT.fr ? "fr" : "en";
  return h(
    "div",
    { class: "sp-rules-options" },
    w.options.map(([name, heading, text, values]) => {
      const label = formLabel(lang, name);
      return h(
        "section",
        { class: "sp-rules-option", dataset: { option: name } },
        h("h3", {}, heading),
        h("p", {}, rich(text)),
        label !== heading && !OWN_FIELDS.has(name) ? h("p", { class: "sp-rules-small" }, w.optionForm(label)) : null,
        values.length
          ? h(
              "ul",
              { class: "sp-rules-values" },
              values.map(([value, meaning], i) =>
                h(
                  "li",
                  { dataset: { value: String(value) } },
                  h("code", {}, valueLabel(lang, name, value, w)),
                  meaning ? [" ", rich(meaning)] : null,
                  i === 0 ? h("span", { class: "sp-rules-default" }, ` · ${w.optionDefault}`) : null,
                ),
              ),
            )
          : null,
      );
    }),
  );
}

// ------------------------------------------------------------------ French typography

/** Non-breaking spaces where French puts them: before ; ! ? (narrow), before : and inside
 * « » (full), between a number and its unit. */
export function frenchTypography(text) {
  return text
    .replace(/ ([;!?])/g, "\u202f$1")
    .replace(/ :/g, "\u00a0:")
    .replace(/« /g, "«\u00a0")
    .replace(/ »/g, "\u00a0»")
    .replace(/(\d) (£|PA|PV)(?!\p{L})/gu, "$1\u00a0$2");
}

function frenchSpaces(root) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const fixed = frenchTypography(node.nodeValue);
    if (fixed !== node.nodeValue) node.nodeValue = fixed;
  }
}
