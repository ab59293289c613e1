// The Rules button of the room and the replay: a dialog over the page with the game's own
// rules (its rules module, as at /rules/<game>): the quick reference first, the full rules
// one tab away. The page underneath goes on as it was (its socket stays open); Escape, the
// close button or a click beside the drawer closes it. A side drawer on a laptop, a
// full-screen sheet on a phone (css/rules.css).

import { fetchCatalogue } from "./catalogue.js";
import { h } from "./dom.js";
import { mountLangSwitch, onLangChange, t } from "./i18n.js";
import { PARTS, RulesView, rulesModuleOf } from "./rules-view.js";

let catalogue = null;

/** The game's catalogue entry (fetched once), or null when the catalogue cannot tell. */
async function catalogueEntry(name) {
  catalogue ||= fetchCatalogue().catch(() => ({ games: [] }));
  return (await catalogue).games.find((g) => g.name === name) || null;
}

export class RulesDrawer {
  /** `button` opens the drawer; hidden until setGame() names a game. */
  constructor(button) {
    this.button = button;
    this.game = null; // {name, title, clientModule}
    this.shown = null; // the game the view was last given
    button.hidden = true;
    button.setAttribute("aria-haspopup", "dialog");
    button.setAttribute("aria-expanded", "false");
    button.setAttribute("aria-controls", "rules-drawer");
    button.addEventListener("click", () => this.open());

    this.heading = h("h2", { class: "rules-drawer-title", id: "rules-drawer-title" });
    this.newTab = h(
      "a",
      { class: "rules-drawer-tab", target: "_blank", rel: "noopener", title: t("rules.newTabHelp"), dataset: { i18nTitle: "rules.newTabHelp" } },
      h("span", { dataset: { i18n: "rules.newTab" } }, t("rules.newTab")),
      h("span", { "aria-hidden": "true" }, " ↗"),
    );
    const langs = h("span", { class: "lang rules-drawer-lang" });
    this.closer = h(
      "button",
      { type: "button", class: "secondary small rules-close", autofocus: true, "aria-label": t("rules.closeLabel"), dataset: { i18nAria: "rules.closeLabel" }, onclick: () => this.close() },
      h("span", { "aria-hidden": "true" }, "✕"),
      h("span", { class: "rules-close-text", dataset: { i18n: "rules.close" } }, t("rules.close")),
    );
    const holder = h("div", { class: "rules-drawer-view" });
    this.dialog = h(
      "dialog",
      { class: "rules-drawer", id: "rules-drawer", "aria-labelledby": "rules-drawer-title" },
      h("div", { class: "rules-drawer-box" }, h("header", { class: "rules-drawer-head" }, this.heading, h("div", { class: "rules-drawer-tools" }, this.newTab, langs, this.closer)), holder),
    );
    document.body.append(this.dialog);
    mountLangSwitch(langs);
    this.view = new RulesView(holder, { onChange: () => this.renderHead() });
    // A click on the backdrop (outside the box) closes, as Escape does.
    this.dialog.addEventListener("click", (e) => {
      if (e.target === this.dialog) this.close();
    });
    this.dialog.addEventListener("close", () => {
      button.setAttribute("aria-expanded", "false");
      document.documentElement.classList.remove("rules-open");
    });
    onLangChange(() => {
      if (this.dialog.open) this.view.refresh();
      this.renderHead();
    });
  }

  /** The game whose rules the button opens: {name, title, clientModule}, or null (no button). */
  setGame(game) {
    this.game = game && game.name ? game : null;
    this.button.hidden = !this.game;
    if (!this.game && this.dialog.open) this.close();
  }

  get isOpen() {
    return this.dialog.open;
  }

  async open() {
    const game = this.game;
    if (!game) return;
    if (!this.dialog.open) {
      this.dialog.showModal();
      document.documentElement.classList.add("rules-open");
      this.button.setAttribute("aria-expanded", "true");
    }
    const first = !this.shown || this.shown.name !== game.name;
    const entry = await catalogueEntry(game.name);
    const module = rulesModuleOf(entry || { client_module: game.clientModule });
    this.shown = { name: game.name, title: entry?.title || game.title, module };
    this.renderHead();
    // The quick reference first; once read, the part last chosen stays.
    await this.view.show(this.shown, first ? PARTS[0] : this.view.part);
  }

  close() {
    if (this.dialog.open) this.dialog.close();
  }

  renderHead() {
    if (!this.shown) return;
    this.heading.textContent = this.view.game ? this.view.title() : t("rules.of", { game: this.shown.title });
    const part = this.view.part;
    this.newTab.href = `/rules/${encodeURIComponent(this.shown.name)}${part !== PARTS[0] ? `?part=${part}` : ""}`;
    this.dialog.dataset.game = this.shown.name;
    this.dialog.dataset.part = part;
    this.dialog.dataset.state = this.view.body.dataset.state || "";
  }
}
