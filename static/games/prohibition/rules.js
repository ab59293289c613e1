// Prohibition's rules for players, for the platform's rules page (/rules/prohibition) and the
// rules drawer of the room and the replay. The interface every game's rules module exports:
//
//   stylesheet            the module's CSS, which the shell links once
//   title(lang)           the page's title
//   render(container, {lang: "en" | "fr", part: "quick" | "full"})
//                         empties `container` and draws the quick reference or the full rules
//
// The words are rules-text.js's, the diagrams rules-diagrams.js's (the game's own board,
// drawn by board.js from the data pack). Everything is built with DOM calls: the site's
// Content-Security-Policy refuses markup strings and style attributes.

import { buildCity } from "./city.js";
import { figure, translator } from "./rules-diagrams.js";
import { TEXT } from "./rules-text.js";
import { STRINGS } from "./strings.js";

export const stylesheet = "/static/games/prohibition/rules.css";

const DATA_URL = new URL("./data.json", import.meta.url).href;

async function loadCity() {
  const answer = await fetch(DATA_URL);
  if (!answer.ok) throw new Error(`the data pack did not load (${answer.status})`);
  return buildCity(await answer.json());
}

/** The city, read once from the data pack when the module loads. */
const CITY = await loadCity();

const textOf = (lang) => TEXT[lang] || TEXT.en;

export function title(lang) {
  return textOf(lang).title;
}

/** French typography: a no-break space before ; ! ? (narrow) and : (full), inside « ». */
function typeset(text, lang) {
  if (lang !== "fr") return text;
  return text
    .replace(/ ([;!?])/g, "\u202f$1")
    .replace(/ :/g, "\u00a0:")
    .replace(/(\d) à (\d)/g, "$1\u00a0à\u00a0$2")
    .replace(/« /g, "«\u00a0")
    .replace(/ »/g, "\u00a0»");
}

function h(tag, cls, ...children) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  node.append(...children);
  return node;
}

/** An inline cube or bonus token, as the board shows them. */
function inlineMark(code) {
  if (/^t\d+$/.test(code)) {
    const span = h("span", `pzr-tok t${code.slice(1)}`, code.slice(1));
    return span;
  }
  const info = CITY.cubeInfo[code];
  const span = h("span", `pzr-cube c-${code}`);
  span.setAttribute("role", "img");
  span.setAttribute("aria-label", info ? info.name : code);
  return span;
}

/** A text with its inline marks (**bold**, `code`, {w} cubes, {t3} tokens) as nodes. */
function inline(text, lang) {
  const out = [];
  const pattern = /\*\*(.+?)\*\*|`([^`]+)`|\{(w|k|b|t\d+)\}/g;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) out.push(typeset(text.slice(last, m.index), lang));
    if (m[1] !== undefined) out.push(h("strong", null, ...inline(m[1], lang)));
    else if (m[2] !== undefined) out.push(h("code", null, m[2]));
    else out.push(inlineMark(m[3]));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(typeset(text.slice(last), lang));
  return out;
}

const anchor = (id) => `pz-rules-${id}`;

/** The words a diagram may write: rules-text.js's labels, and each option value as the room's
 * form names it ("layout.standard"). */
function figureWords(text, lang) {
  const words = Object.fromEntries(Object.entries(text.labels).map(([k, v]) => [k, typeset(v, lang)]));
  for (const [name, spec] of Object.entries(CITY.data.options)) {
    for (const value of spec.values) words[`${name}.${value}`] = typeset(gameWord(`option.prohibition.${name}.value.${value}`, lang), lang);
  }
  return words;
}

function figureBlock(id, text, lang) {
  const drawing = figure(id, CITY, translator(STRINGS, lang), figureWords(text, lang));
  if (!drawing) throw new Error(`no diagram named ${id}`);
  const fig = h("figure", `pzr-figure fig-${id}`, drawing);
  const caption = text.figs[id];
  if (caption) fig.append(h("figcaption", null, ...inline(caption, lang)));
  return fig;
}

function listBlock(tag, items, lang) {
  return h(tag, "pzr-list", ...items.map((item) => h("li", null, ...inline(item, lang))));
}

function tocBlock(blocks, text, lang) {
  const nav = h("nav", "pzr-toc");
  nav.setAttribute("aria-label", text.toc);
  const list = h("ol");
  for (const b of blocks) {
    if (b[0] !== "h2") continue;
    const link = h("a", null, typeset(b[2], lang));
    link.href = `#${anchor(b[1])}`;
    // Scroll within whatever holds the rules (a page or a drawer), without touching the URL.
    link.addEventListener("click", (event) => {
      const target = link.closest(".pzr-rules")?.querySelector(`#${anchor(b[1])}`);
      if (!target) return;
      event.preventDefault();
      target.scrollIntoView({ behavior: "smooth", block: "start" });
      target.focus({ preventScroll: true });
    });
    list.append(h("li", null, link));
  }
  nav.append(h("p", "pzr-toc-title", typeset(text.toc, lang)), list);
  return nav;
}

/** The game's word for `key` (strings.js), as the landing page's form shows it. */
function gameWord(key, lang) {
  const word = (STRINGS[lang] || STRINGS.en)[key] ?? STRINGS.en[key];
  if (word === undefined) throw new Error(`strings.js has no ${key}`);
  return word;
}

/** Every rule option the room can set, from the data pack (its values in its order, the
 * default marked): named as the room's form names them (strings.js), explained with the
 * words of rules-text.js; then the platform's clock. */
function optionsBlock(text, lang) {
  const out = [];
  for (const [name, spec] of Object.entries(CITY.data.options)) {
    const words = text.options[name];
    if (!words) throw new Error(`the rules say nothing of the option ${name}`);
    const head = h("h3", "pzr-option", typeset(gameWord(`option.prohibition.${name}`, lang), lang));
    head.dataset.option = name;
    const list = h("dl", "pzr-values");
    for (const value of spec.values) {
      const term = h("dt", null, typeset(gameWord(`option.prohibition.${name}.value.${value}`, lang), lang));
      term.dataset.value = value;
      if (value === spec.default) term.append(" ", h("span", "pzr-default", typeset(text.defaultTag, lang)));
      const meaning = words.values[value];
      if (!meaning) throw new Error(`the rules say nothing of ${name}: ${value}`);
      list.append(term, h("dd", null, ...inline(meaning, lang)));
    }
    out.push(head, h("p", null, typeset(gameWord(`option.prohibition.${name}.help`, lang), lang)), list);
    if (words.fig) out.push(figureBlock(words.fig, text, lang));
  }
  for (const [name, heading, body] of text.extraOptions) {
    const head = h("h3", "pzr-option", typeset(heading, lang));
    head.dataset.option = name;
    out.push(head, h("p", null, ...inline(body, lang)));
  }
  return out;
}

function quickBlock(boxes, text, lang) {
  return h(
    "div",
    "pzr-quick",
    ...boxes.map(([id, heading, blocks]) => {
      const box = h("section", `pzr-box box-${id}`, h("h2", null, typeset(heading, lang)));
      box.append(...blocks.flatMap((b) => drawBlock(b, blocks, text, lang)));
      return box;
    }),
  );
}

function drawBlock(block, blocks, text, lang) {
  const [kind] = block;
  if (kind === "h2") {
    const head = h("h2", null, typeset(block[2], lang));
    head.id = anchor(block[1]);
    head.tabIndex = -1;
    return [head];
  }
  if (kind === "h3") return [h("h3", null, typeset(block[1], lang))];
  if (kind === "p") return [h("p", null, ...inline(block[1], lang))];
  if (kind === "note") return [h("p", "pzr-note", ...inline(block[1], lang))];
  if (kind === "ul" || kind === "ol") return [listBlock(kind, block[1], lang)];
  if (kind === "fig") return [figureBlock(block[1], text, lang)];
  if (kind === "toc") return [tocBlock(blocks, text, lang)];
  if (kind === "options") return optionsBlock(text, lang);
  if (kind === "quick") return [quickBlock(block[1], text, lang)];
  throw new Error(`unknown block ${kind}`);
}

/** Draw the quick reference (`part: "quick"`) or the full rules into `container`. */
export function render(container, { lang = "en", part = "full" } = {}) {
  const language = TEXT[lang] ? lang : "en";
  const text = textOf(language);
  const blocks = part === "quick" ? text.quick : text.full;
  const root = h("div", `pzr-rules pzr-${part === "quick" ? "quick-part" : "full-part"}`);
  root.lang = language;
  if (part !== "quick") root.append(h("p", "pzr-lead", ...inline(text.fullLead, language)));
  for (const block of blocks) root.append(...drawBlock(block, blocks, text, language));
  container.replaceChildren(root);
}
