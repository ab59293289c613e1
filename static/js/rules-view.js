// What the rules page (/rules/<game>, js/rules-shell.js) and the room's and replay's Rules
// drawer (js/rules-drawer.js) share: finding a game's rules module, loading it, and the
// "Quick reference | Full rules" tabs around what it draws. Nothing here knows a game: each
// game explains itself in static/games/<name>/rules.js (interface in static/games/README.md):
//
//   export const stylesheet = "/static/games/<name>/rules.css";  // optional
//   export function title(lang) { ... }                          // "How to play …"
//   export function render(container, { lang, part }) { ... }    // part: "quick" | "full"

import { h } from "./dom.js";
import { moduleStyles } from "./game-loader.js";
import { addStrings, lang, t } from "./i18n.js";
import { RULES_STRINGS } from "./rules-strings.js";

addStrings(RULES_STRINGS);

export const PARTS = ["quick", "full"];

/** The rules module of a catalogue entry: its `rules_module`, else the rules.js beside its `client_module`. */
export function rulesModuleOf(entry) {
  if (entry && typeof entry.rules_module === "string" && entry.rules_module) return entry.rules_module;
  const client = entry && typeof entry.client_module === "string" ? entry.client_module : "";
  return client ? client.replace(/[^/]*$/, "rules.js") : "";
}

/** A URL of this site under /static/<under>/ ending in `ending`, or an error. */
function ownUrl(path, under, ending) {
  const url = new URL(String(path || ""), location.origin);
  if (url.origin !== location.origin || !url.pathname.startsWith(under) || !url.pathname.endsWith(ending)) {
    throw new Error(`refusing to load ${path}`);
  }
  return url;
}

const modules = new Map();

/**
 * The rules module at `path` (cached once it loaded), checked: a module of this site under
 * /static/games/ that exports title() and render(); its stylesheet is linked before it is
 * answered. A module that failed to load is asked for again next time.
 */
export function loadRulesModule(path) {
  let url;
  try {
    url = ownUrl(path, "/static/games/", ".js");
  } catch (err) {
    return Promise.reject(err);
  }
  if (!modules.has(url.href)) {
    const loading = import(url.href).then(async (mod) => {
      if (typeof mod.render !== "function" || typeof mod.title !== "function") {
        throw new Error(`${url.pathname} does not export title() and render()`);
      }
      await moduleStyles(mod);
      return mod;
    });
    loading.catch(() => modules.delete(url.href));
    modules.set(url.href, loading);
  }
  return modules.get(url.href);
}

let views = 0;

/**
 * The tabs "Quick reference | Full rules" and the panel a game's module draws into, inside
 * `root`. `show(game, part)` loads `game.module` ({name, title, module}) and draws `part`;
 * `refresh()` draws again (the language changed). `onChange(view)` is told after each
 * drawing (or failure) and after each switch of part.
 */
export class RulesView {
  constructor(root, { onChange = () => {} } = {}) {
    const id = `rules-view-${++views}`;
    this.onChange = onChange;
    this.game = null;
    this.mod = null;
    this.part = PARTS[0];
    this.failure = null; // {key, m}: why nothing is drawn, said again in another language
    this.tabs = PARTS.map((part) =>
      h(
        "button",
        {
          type: "button",
          role: "tab",
          id: `${id}-${part}`,
          class: "rules-tab",
          "aria-controls": `${id}-panel`,
          dataset: { part, i18n: `rules.${part}` },
          onclick: () => this.setPart(part),
          onkeydown: (e) => this.arrows(e),
        },
        t(`rules.${part}`),
      ),
    );
    this.tablist = h("div", { class: "rules-tabs", role: "tablist", dataset: { i18nAria: "rules.parts" }, "aria-label": t("rules.parts") }, this.tabs);
    this.body = h("div", { class: "rules-body", id: `${id}-panel`, role: "tabpanel", tabindex: "0" });
    root.replaceChildren(this.tablist, this.body);
    this.markTabs();
  }

  /** Load the game's rules module (if it is not the one shown) and draw `part`. */
  async show(game, part = this.part) {
    this.part = PARTS.includes(part) ? part : PARTS[0];
    this.markTabs();
    if (this.game && this.mod && game.name === this.game.name && game.module === this.game.module) return this.draw();
    this.game = game;
    this.mod = null;
    this.failure = null;
    this.tablist.hidden = true;
    this.body.replaceChildren(h("p", { class: "rules-note", role: "status" }, t("rules.loading")));
    this.body.dataset.state = "loading";
    try {
      const mod = await loadRulesModule(game.module);
      if (this.game !== game) return; // another game was asked for meanwhile
      this.mod = mod;
    } catch (err) {
      if (this.game !== game) return;
      console.error(err);
      this.fail("rules.missing", err.message);
      return;
    }
    this.draw();
  }

  /** The module's title for the page's language (the shell's words while there is none). */
  title() {
    if (!this.game) return "";
    if (this.mod) {
      try {
        const text = this.mod.title(lang);
        if (typeof text === "string" && text.trim()) return text;
      } catch (err) {
        console.error(err);
      }
    }
    return t("rules.of", { game: this.game.title });
  }

  setPart(part) {
    if (!PARTS.includes(part) || part === this.part) return;
    // Read from the middle of one part (the tabs stay at the top), the other starts at its top.
    const inside = this.body.getBoundingClientRect().top < this.tablist.getBoundingClientRect().bottom - 1;
    this.part = part;
    this.markTabs();
    this.draw();
    if (inside) {
      this.body.style.setProperty("scroll-margin-top", `${this.tablist.offsetHeight}px`);
      this.body.scrollIntoView({ block: "start" });
    }
  }

  /** Draw again in the page's language (the tabs' words are kept by applyI18n). */
  refresh() {
    if (!this.mod && this.failure) return this.fail(this.failure.key, this.failure.m);
    this.draw();
  }

  draw() {
    if (!this.mod) return this.onChange(this);
    const body = this.body;
    body.dataset.game = this.game.name;
    body.dataset.part = this.part;
    body.lang = lang;
    try {
      this.mod.render(body, { lang, part: this.part });
      this.failure = null;
      this.tablist.hidden = false;
      body.dataset.state = "ready";
    } catch (err) {
      console.error(err);
      this.fail("rules.failed", err.message);
      return;
    }
    this.onChange(this);
  }

  /** Say why nothing is drawn (`key`: rules.missing or rules.failed; `m` the error's message). */
  fail(key, m) {
    this.failure = { key, m };
    this.tablist.hidden = key === "rules.missing"; // a part that throws may leave the other one readable
    this.body.dataset.state = "failed";
    this.body.replaceChildren(h("p", { class: "rules-error error", role: "alert" }, t(key, { game: this.game.title, m })));
    this.onChange(this);
  }

  markTabs() {
    for (const tab of this.tabs) {
      const on = tab.dataset.part === this.part;
      tab.setAttribute("aria-selected", String(on));
      tab.tabIndex = on ? 0 : -1;
    }
    this.body.setAttribute("aria-labelledby", this.tabs[PARTS.indexOf(this.part)].id);
  }

  /** Left and right arrows (Home, End) move between the tabs, as a tab list does. */
  arrows(e) {
    const i = PARTS.indexOf(this.part);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: PARTS.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const part = PARTS[(next + PARTS.length) % PARTS.length];
    this.setPart(part);
    this.tabs[PARTS.indexOf(part)].focus();
  }
}
