// The game's own module (static/games/<name>/main.js, static/games/README.md) driven through
// the steps of a replay: the module is mounted for the viewpoint's seat and shown step k as
// the viewer had it live. The modules keep the game's history from the events they are given
// (a replay's views carry none), so a step is reached by handing the module the events up to
// it, then drawing that step's view: one step forward is the event itself (animated, as it
// was seen); a jump back starts again from step 0 and catches up without animation.
//
// A replay is never played: the views lose their `legal` choices, `ctx.replay` is set (a
// module shows no setup editor) and `ctx.send` sends nothing and says so.

import { api } from "./api.js";
import { loadGameModule, moduleStyles } from "./game-loader.js";
import { t } from "./i18n.js";

/** A step's view as the module draws it in a replay: no choices to offer. */
const shown = (view) => (view && typeof view === "object" ? { ...view, legal: [] } : view);

export class ReplayStage {
  /** `board`, `panel`, `root`: the page's elements; `noSend(text)`: say that nothing is sent. */
  constructor({ board, panel, root, noSend }) {
    this.board = board;
    this.panel = panel;
    this.root = root;
    this.noSend = noSend;
    this.module = null;
    this.handle = null;
    this.steps = [];
    this.at = -1; // the step the module shows
  }

  /** Load the module of `data.client_module` and mount it for `seat` (null: no seat). */
  async mount(data, seat) {
    this.module = await loadGameModule(data.client_module);
    await moduleStyles(this.module);
    this.handle?.destroy();
    this.steps = data.steps;
    this.at = -1;
    this.handle = this.module.mount(this.board, {
      seat,
      players: data.players,
      gameId: data.game_id,
      room: { preset: data.preset, game: data.game, title: data.title },
      panel: this.panel,
      root: this.root,
      replay: true,
      send: () => {
        this.noSend(t("replay.noSend"));
        return null;
      },
      api,
      t,
      allSeated: () => true,
      changed: () => {},
    });
    return this.handle;
  }

  /** More steps of the same game and viewpoint (a game still being played moved on). */
  extend(steps) {
    this.steps = steps;
  }

  /** Show step `k`; `animate`: it follows the step shown, play it as it was seen. */
  show(k, { animate = false } = {}) {
    const h = this.handle;
    const steps = this.steps;
    if (!h || k < 0 || k >= steps.length || k === this.at) return;
    if (animate && k === this.at + 1 && this.at >= 0) {
      h.render(shown(steps[this.at].view)); // what was still moving stops where it ended
      h.event(steps[k].event, shown(steps[k].view));
    } else {
      let from = this.at + 1;
      if (this.at < 0 || k < this.at) {
        h.render({ ...shown(steps[0].view), history: [] });
        from = 1;
      }
      for (let i = from; i <= k; i++) if (steps[i].event) h.event(steps[i].event, null);
      h.render(shown(steps[k].view));
    }
    this.at = k;
  }

  status() {
    return this.handle && this.at >= 0 ? this.handle.status(shown(this.steps[this.at].view)) : null;
  }

  /** The step's event in words: the module's `describe`, else the event's type. */
  describe(k) {
    const step = this.steps[k];
    if (!step || !step.event) return "";
    const words = typeof this.module?.describe === "function" ? this.module.describe(step.event, step.view, t) : "";
    return words || String(step.event.type || "");
  }

  seatName(seat) {
    return this.handle ? this.handle.seatName(seat) : t("landing.seat", { n: seat + 1 });
  }

  seatColour(seat) {
    return this.handle ? this.handle.seatColour(seat) : "var(--gold)";
  }

  refresh() {
    this.handle?.refresh();
  }

  destroy() {
    this.handle?.destroy();
    this.handle = null;
    this.at = -1;
  }
}
