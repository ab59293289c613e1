// On a narrow screen (a phone, <= 860 px: spies.css) the game's panels are tabs under the map,
// so the page is the map and one panel instead of every panel one after another: Play (the
// decision, the turn, the city selected, diplomacy), Powers (yours and everyone's holdings),
// Record (the Time and Victory Record) and Log. A wider screen shows every panel and no tabs
// (the same elements, the tab bar hidden by the stylesheet).
//
// The Play tab is marked when a decision waits there while another tab is open; the end of
// the game opens the Record once (the scores); something the guided game points at
// ("tutorial-focus", static/js/tutorial.js) in another tab opens that tab.

import { h } from "./panels.js";

export const TABS = [
  ["play", ["sp-act", "sp-turn", "sp-city", "sp-diplomacy"]],
  ["powers", ["sp-yours", "sp-powers-box"]],
  ["record", ["sp-record-box"]],
  ["log", ["sp-log-box"]],
];

export class PanelTabs {
  /** `panel` the element holding the panels (ctx.panel), `boxes` id -> section. */
  constructor(panel, boxes, t) {
    this.panel = panel;
    this.boxes = boxes;
    this.t = t;
    this.current = "play";
    this.endShown = false;
    this.buttons = new Map();
    this.bar = h("div", { class: "sp-tabs", id: "sp-tabs", role: "tablist" });
    for (const [name, ids] of TABS) {
      const b = h("button", { type: "button", role: "tab", class: "sp-tab", id: `sp-tab-${name}`, dataset: { tab: name }, "aria-controls": ids.join(" "), onclick: () => this.show(name) });
      this.buttons.set(name, b);
      this.bar.append(b);
      for (const id of ids) boxes[id]?.setAttribute("data-tab", name);
    }
    this.watch = new MutationObserver((changes) => {
      for (const change of changes) {
        const el = change.target;
        if (el.classList?.contains("tutorial-focus")) {
          const tab = el.closest?.("[data-tab]")?.dataset.tab;
          if (tab && tab !== this.current) this.show(tab);
        }
      }
    });
    this.watch.observe(panel, { subtree: true, attributes: true, attributeFilter: ["class"] });
    this.words();
    this.show("play");
  }

  /** The bar, for the caller to put first in the panel. */
  get element() {
    return this.bar;
  }

  words() {
    for (const [name, b] of this.buttons) {
      b.textContent = this.t(`sp.tab.${name}`);
      b.title = b.textContent; // whole, should a narrow phone cut it
    }
  }

  show(name) {
    this.current = name;
    for (const [tab, b] of this.buttons) {
      b.setAttribute("aria-selected", String(tab === name));
      b.tabIndex = tab === name ? 0 : -1;
    }
    for (const [, ids] of TABS) for (const id of ids) this.boxes[id]?.classList.toggle("sp-off", this.boxes[id].dataset.tab !== name);
    if (name === "play") this.buttons.get("play").classList.remove("due");
  }

  /** After each drawing: a decision waiting in Play, the end of the game. */
  update({ due, over }) {
    this.buttons.get("play").classList.toggle("due", Boolean(due) && this.current !== "play");
    if (over && !this.endShown) {
      this.endShown = true;
      this.show("record");
    }
    if (!over) this.endShown = false;
  }

  destroy() {
    this.watch.disconnect();
  }
}
