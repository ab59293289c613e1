// "What would the computer do here, and why?" (issue 29): the room's Hint button, for a
// seated player whose decision it is. The server thinks it out from the player's own view
// (docs/protocol.md, `hint`) and answers this connection only; the game's module words the
// action and the reason in the page's language and points at the action on its board
// (`handle.showHint(hint)`, static/games/README.md). Nothing is played: the player decides.
// Hidden for spectators, after the game, in a guided first game (its lesson teaches one
// action at a time) and in the replay viewer (which has no room).

import { h } from "./dom.js";
import { platformWords } from "./explain.js";
import { t } from "./i18n.js";

export class HintBox {
  /** `box`: the section it draws in; `ask()`: send a `hint` frame, its id (or null). */
  constructor(box, ask) {
    this.box = box;
    this.ask = ask;
    this.asked = null; // the id of the hint asked for and not answered yet
    this.shown = null; // {hint, version}: the answer on show
    this.refusal = "";
    this.state = null;
    this.game = null; // the game module's handle
  }

  /** Whether the player may ask now: seated, the game running, his decision, no lesson. */
  static offered(state) {
    const st = state.status;
    return state.mine !== null && st.phase !== "over" && st.actors.includes(state.mine) && state.hints !== false && !state.lesson;
  }

  /** The room changed (a frame): show the button when it is offered, drop a stale answer. */
  update(state, version) {
    this.state = state;
    if (this.game !== state.game) {
      this.game = state.game;
      this.shown = null;
    }
    if (this.shown && this.shown.version !== version) this.clear();
    this.render();
  }

  /** A `hint` frame: shown if it is about the game as it stands now. */
  answer(frame, gameId, version) {
    if (frame.id !== this.asked) return;
    this.asked = null;
    if (frame.game_id !== gameId || frame.version !== version) {
      this.refusal = t("hint.movedOn");
    } else {
      this.shown = { hint: frame, version };
      this.refusal = "";
    }
    this.render();
  }

  /** An `error` frame answering our `hint`: the server's reason, in words. */
  refused(frame) {
    if (frame.id !== this.asked) return false;
    this.asked = null;
    this.refusal = t("hint.refused", { m: platformWords(frame.message || frame.code) });
    this.render();
    return true;
  }

  /** The connection came back: an answer in flight will not come. */
  reset() {
    this.asked = null;
    this.render();
  }

  clear() {
    this.shown = null;
    this.refusal = "";
    try {
      this.game?.showHint?.(null);
    } catch (err) {
      console.error(err);
    }
  }

  request() {
    if (this.asked) return;
    this.clear();
    this.asked = this.ask();
    this.render();
  }

  words() {
    if (!this.shown || typeof this.game?.showHint !== "function") return null;
    try {
      return this.game.showHint(this.shown.hint);
    } catch (err) {
      console.error(err);
      return null;
    }
  }

  render() {
    const box = this.box;
    const state = this.state;
    box.replaceChildren();
    if (!state || !HintBox.offered(state)) {
      if (this.shown) this.clear();
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const button = h(
      "button",
      { type: "button", id: "hint-btn", class: "secondary small", disabled: Boolean(this.asked), dataset: { tip: t("hint.help") }, onclick: () => this.request() },
      this.asked ? t("hint.thinking") : t("hint.button"),
    );
    const close = this.shown
      ? h("button", { type: "button", class: "secondary small hint-close", onclick: () => { this.clear(); this.render(); } }, t("hint.close"))
      : null;
    box.append(h("div", { class: "hint-row" }, button, close));
    const words = this.words();
    if (words) {
      box.append(
        h("p", { class: "hint-action", id: "hint-action" }, t("hint.would", { action: words.action })),
        h("p", { class: "hint-reason", id: "hint-reason" }, t("hint.why", { reason: words.reason })),
      );
    } else if (this.shown) {
      box.append(h("p", { class: "hint-action" }, t("hint.unworded")));
    }
    if (this.refusal) box.append(h("p", { class: "hint-refusal", role: "alert" }, this.refusal));
  }
}
