// Flickago's rules for players, for the rules page (/rules/flickago) and the rules drawer of
// the room and the replay: the contract of static/games/README.md's rules modules.
//
//   title(lang)                    "How to play Flickago" / "Comment jouer à Flickago"
//   render(container, {lang, part}) part "quick": the one-screen reference; "full": the rules
//
// The words are rules-text.js's, the diagrams rules-diagrams.js's (the game's own board
// drawing, from the data pack beside this file). Everything is built with DOM calls: the
// site's Content-Security-Policy allows no markup strings and no style attributes.

import { buildBoard, loneTravel } from "./geometry.js";
import * as draw from "./rules-diagrams.js";
import { TEXT, frTypo } from "./rules-text.js";
import { STRINGS } from "./strings.js";
import { pieceName } from "./words.js";
import { h, loadStylesheet } from "../../js/dom.js";

export const stylesheet = "/static/games/flickago/rules.css";

const DATA_URL = new URL("./data.json", import.meta.url).href;

async function loadBoard() {
  const answer = await fetch(DATA_URL);
  if (!answer.ok) throw new Error(`the Flickago data pack did not load (${answer.status})`);
  return buildBoard(await answer.json());
}

/** The board, read once from the data pack (the same file the room's module reads). */
const B = await loadBoard();

/** The few words of the diagrams that the game's strings (strings.js) do not have. */
const WORDS = {
  en: {
    "rules.scoresHere": "where {side} scores",
    "rules.flicks1": "flicked once",
    "rules.flicks2": "face down",
    "rules.standard": "standard",
    "rules.disc": "Disc",
    "rules.legend": "Key",
  },
  fr: {
    "rules.scoresHere": "où marquent les {side}",
    "rules.flicks1": "joué une fois",
    "rules.flicks2": "retourné",
    "rules.standard": "standard",
    "rules.disc": "Pion",
    "rules.legend": "Légende",
  },
};

const language = (lang) => (lang === "fr" ? "fr" : "en");

export function title(lang) {
  return language(lang) === "fr" ? frTypo(TEXT.fr.title) : TEXT.en.title;
}

/** A translator for the board's words (strings.js) and the diagrams' (WORDS), in the reader's typography. */
function translator(lang) {
  const dict = { ...STRINGS.en, ...WORDS.en, ...(lang === "fr" ? { ...STRINGS.fr, ...WORDS.fr } : {}) };
  return (key, params = {}) => {
    const text = (dict[key] ?? key).replace(/\{(\w+)\}/g, (_, k) => (k in params ? String(params[k]) : `{${k}}`));
    return lang === "fr" ? frTypo(text) : text;
  };
}

/** The numbers the text quotes, from the data pack (so the words follow the board the server plays). */
function numbers(lang) {
  const d = B.data;
  const gang = d.gang;
  const white = B.sides.w;
  const jitter = d.options.jitter;
  const most = (e) => (e.draws * (e.below - 1) - e.offset);
  const decimal = (x) => (lang === "fr" ? String(x).replace(".", ",") : String(x));
  // The power that slides a lone disc from a launch point to the centre line, to the nearest 50.
  const toLine = B.centreLine.y0 - white.points[0].y;
  let power = 1;
  while (power < B.powerMax && loneTravel(B, power) < toLine) power++;
  const perSide = Object.values(gang).reduce((n, kind) => n + kind.count * kind.flicks_per_life, 0);
  return {
    sectors: d.sectors.length,
    points: white.points.length,
    stars: B.stars.length,
    discs: B.discs.length / 2,
    allDiscs: B.discs.length,
    killers: gang.T.count,
    family: gang.F.count,
    inspectors: B.inspectors.length,
    safe: B.safePoints,
    maxShots: d.options.max_shots.default,
    natural: perSide * 2,
    toLine: Math.round(power / 50) * 50,
    angleErr: decimal(most(jitter.angle_error_tenths) / 10),
    powerErr: decimal(most(jitter.power_error_thousandths) / 10),
  };
}

/** A text with **bold**, *italic* and `code`, its {numbers} filled in, as DOM nodes. */
function rich(text, ctx) {
  const filled = text.replace(/\{(\w+)\}/g, (_, k) => (k in ctx.n ? String(ctx.n[k]) : `{${k}}`));
  const typed = ctx.lang === "fr" ? frTypo(filled) : filled;
  const out = [];
  for (const part of typed.split(/(\*\*[^*]+\*\*|\*[^*]+\*|`[^`]+`)/)) {
    if (!part) continue;
    if (part.startsWith("**")) out.push(h("strong", {}, part.slice(2, -2)));
    else if (part.startsWith("`")) out.push(h("code", {}, part.slice(1, -1)));
    else if (part.startsWith("*") && part.length > 2) out.push(h("em", {}, part.slice(1, -1)));
    else out.push(part);
  }
  return out;
}

// ------------------------------------------------------------------------- figures

function figure(name, cls, svg, caption, ctx, ...after) {
  return h("figure", { class: `fgr-fig ${cls}`, dataset: { figure: name } }, h("div", { class: "fgr-art" }, svg), h("figcaption", {}, h("p", { class: "fgr-caption" }, rich(caption, ctx)), ...after));
}

/** A legend: each line led by its marker (a letter or number, as drawn) or a value tag. */
function legend(items, ctx, cls = "") {
  return h(
    "ul",
    { class: `fgr-legend ${cls}` },
    ...items.map(([mark, text, tagClass]) =>
      h("li", {}, mark === "" ? h("span", { class: "fgr-key fgr-key-blank", "aria-hidden": "true" }) : h("span", { class: `fgr-key ${tagClass || ""}` }, String(mark)), h("span", {}, rich(text, ctx))),
    ),
  );
}

const FIGURES = {
  quickBoard(ctx) {
    const text = ctx.x.figs.quickBoard;
    return figure("quickBoard", "fgr-quick-board", draw.quickBoard(B, ctx.t, text), text.caption, ctx);
  },

  pieces(ctx) {
    const text = ctx.x.figs.pieces;
    const tokens = draw.pieces(B, ctx.t);
    return h(
      "div",
      { class: "fgr-pieces", role: "list", "aria-label": text.label, dataset: { figure: "pieces" } },
      ...tokens.map((svg, i) => h("figure", { class: "fgr-piece", role: "listitem" }, svg, h("figcaption", {}, rich(text.items[i], ctx)))),
    );
  },

  board(ctx) {
    const text = ctx.x.figs.board;
    return figure("board", "fgr-wide fgr-board-fig", draw.board(B, ctx.t, text), text.caption, ctx, legend(text.legend, ctx, "fgr-letters"));
  },

  shot(ctx) {
    const text = ctx.x.figs.shot;
    return figure("shot", "fgr-wide", draw.shot(B, ctx.t, text), text.caption, ctx, legend(text.legend, ctx));
  },

  resolution(ctx) {
    const text = ctx.x.figs.resolution;
    const { svg } = draw.resolution(B, ctx.t, text);
    const keys = ["capture", "hq", "edge", "off", "stars"];
    return figure("resolution", "fgr-wide", svg, text.caption, ctx, legend(keys.map((k, i) => [String(i + 1), text.legend[k]]), ctx));
  },

  scoring(ctx) {
    const text = ctx.x.figs.scoring;
    const { svg, scored, totals, order } = draw.scoring(B, ctx.t, text);
    const items = order.map((key) => [scored[key].points, text.legend[key], `fgr-tag-key for-${scored[key].side || "none"}`]);
    const caption = text.caption.replace("{w}", String(totals.w)).replace("{b}", String(totals.b));
    return figure("scoring", "fgr-wide", svg, caption, ctx, legend(items, ctx, "fgr-tags"));
  },
};

/** An option shown on an example: the diagram and a table of what each value does to each disc. */
function optionFigure(name, ctx) {
  const text = ctx.x.figs[name];
  const { svg, values, rows } = draw[name](B, ctx.t, text);
  const table = h(
    "table",
    { class: "fgr-verdicts" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ctx.t("rules.disc")), ...values.map((v) => h("th", { scope: "col" }, h("code", {}, v))))),
    h(
      "tbody",
      {},
      ...rows.map((row) =>
        h("tr", {}, h("th", { scope: "row" }, h("span", { class: `fgr-chip side-${row.piece[0]}`, title: pieceName(ctx.t, row.piece) }, row.piece.slice(1))), ...values.map((v) => h("td", { class: `fgr-${row.verdict[v]}` }, text[row.verdict[v]]))),
      ),
    ),
  );
  return h("figure", { class: "fgr-fig fgr-option-fig", dataset: { figure: name } }, h("div", { class: "fgr-art" }, svg), h("figcaption", {}, h("p", { class: "fgr-caption" }, rich(text.head, ctx)), table));
}

// ------------------------------------------------------------------------- the options

/** Every option the room can set: the preset, the clock, the computer, then each rule option of the data pack. */
function optionBlocks(ctx) {
  const o = ctx.x.options;
  const standard = ctx.t("rules.standard");
  const valueList = (name, values, descriptions, fallback) =>
    h(
      "ul",
      { class: "fgr-values" },
      ...values.map((v) =>
        h("li", { dataset: { option: name, value: v } }, h("code", {}, v), v === fallback && v !== "standard" ? h("span", { class: "fgr-standard" }, standard) : null, " ", rich(descriptions[v], ctx)),
      ),
    );
  const block = (name, text, ...more) => h("div", { class: "fgr-option", dataset: { option: name } }, h("h3", {}, text.name, " ", h("code", {}, name)), h("p", {}, rich(text.text, ctx)), ...more);
  const out = [
    block("preset", o.preset, valueList("preset", Object.keys(o.preset.values), o.preset.values, "standard")),
    block("time_control", o.time_control),
  ];
  for (const [name, spec] of Object.entries(B.data.options)) {
    const text = o.rules[name];
    const more = [];
    if (spec.values) more.push(valueList(name, spec.values, text.values, spec.default));
    if (text.fig) more.push(optionFigure(text.fig, ctx));
    out.push(block(name, text, ...more));
  }
  out.push(h("div", { class: "fgr-option" }, h("h3", {}, o.bots.name), h("p", {}, rich(o.bots.text, ctx))));
  return out;
}

// ------------------------------------------------------------------------- the page

/** The blocks of a part, each h2 opening a section. */
function build(blocks, ctx) {
  const sections = [];
  let current = null;
  const add = (node) => {
    if (!current) sections.push((current = h("section", { class: "fgr-sec" })));
    current.append(...[node].flat());
  };
  for (const [kind, content] of blocks) {
    if (kind === "h2") {
      current = h("section", { class: "fgr-sec" }, h("h2", {}, rich(content, ctx)));
      sections.push(current);
    } else if (kind === "h3") add(h("h3", {}, rich(content, ctx)));
    else if (kind === "p") add(h("p", {}, rich(content, ctx)));
    else if (kind === "note") add(h("p", { class: "fgr-note" }, rich(content, ctx)));
    else if (kind === "ul" || kind === "ol") add(h(kind, { class: "fgr-list" }, ...content.map((item) => h("li", {}, rich(item, ctx)))));
    else if (kind === "fig") add(FIGURES[content](ctx));
    else if (kind === "options") add(optionBlocks(ctx));
    else throw new Error(`unknown block ${kind}`);
  }
  return sections;
}

export function render(container, { lang, part } = {}) {
  loadStylesheet(stylesheet);
  const code = language(lang);
  const ctx = { lang: code, x: TEXT[code], t: translator(code), n: numbers(code) };
  const which = part === "full" ? "full" : "quick";
  let body = h("div", { class: `fgr-body fgr-${which}` }, ...build(ctx.x[which], ctx));
  if (which === "quick") {
    // The board beside the text, which runs in two columns on a wide box (rules.css); on a
    // narrow one the board comes back after the section it illustrates (CSS order).
    const board = body.querySelector(".fgr-quick-board");
    const sections = [...body.children];
    const at = sections.indexOf(board.parentElement);
    sections.forEach((section, i) => section.classList.add(i <= at ? "fgr-q-before" : "fgr-q-after"));
    body = h("div", { class: "fgr-body fgr-quick" }, board, h("div", { class: "fgr-quick-text" }, sections));
  }
  // The outer box is the size container the layout follows (a page or a narrow drawer).
  container.replaceChildren(h("div", { class: "fgr", lang: code, dataset: { game: "flickago", part: which } }, body));
}
