// "What would the computer do here, and why?" (issue 29): the room's Hint button, for a
// seated player whose decision it is. The server thinks it out from the player's own view
// (docs/protocol.md, `hint`) and answers this connection only; the game's module words the
// action and the reason in the page's language and points at the action on its board
// (`handle.showHint(hint)`, static/games/README.md). Nothing is played: the player decides.
// Hidden for spectators, after the game, in a guided first game (its lesson teaches one
// action at a time) and in the replay viewer (which has no room).

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
    const row = document.createElement("div");
    row.className = "hint-row";
    const button = document.createElement("button");
    button.type = "button";
    button.id = "hint-btn";
    button.className = "secondary small";
    button.textContent = this.asked ? t("hint.thinking") : t("hint.button");
    button.disabled = Boolean(this.asked);
    button.dataset.tip = t("hint.help");
    button.addEventListener("click", () => this.request());
    row.append(button);
    if (this.shown) {
      const close = document.createElement("button");
      close.type = "button";
      close.className = "secondary small hint-close";
      close.textContent = t("hint.close");
      close.addEventListener("click", () => {
        this.clear();
        this.render();
      });
      row.append(close);
    }
    box.append(row);
    const words = this.words();
    if (words) {
      const what = document.createElement("p");
      what.className = "hint-action";
      what.id = "hint-action";
      what.textContent = t("hint.would", { action: words.action });
      const why = document.createElement("p");
      why.className = "hint-reason";
      why.id = "hint-reason";
      why.textContent = t("hint.why", { reason: words.reason });
      box.append(what, why);
    } else if (this.shown) {
      const p = document.createElement("p");
      p.className = "hint-action";
      p.textContent = t("hint.unworded");
      box.append(p);
    }
    if (this.refusal) {
      const p = document.createElement("p");
      p.className = "hint-refusal";
      p.setAttribute("role", "alert");
      p.textContent = this.refusal;
      box.append(p);
    }
  }
}
