// The guided first game, the shell's half (issue 25, item 2; static/games/README.md, "The
// lesson module"). A tutorial room (`room.tutorial`) is an ordinary room of its game against
// the computer; the page loads the game's lesson, `tutorial.js` beside its `main.js`:
//
//   export const steps = [{say, highlight(root, view), accepts(action, view), done(view)}, …];
//   export const finish = {en, fr};
//
// and the Lesson here shows one step at a time in a panel (step n of N, the words, "Next"
// for a step that only explains), puts the class "tutorial-focus" on what the step points
// at, lets through only the action the step teaches (any other is not sent: its reason is
// shown and the game module's error() is called with code "tutorial"), moves on when the
// step's done(view) holds, and at the end offers a real game. The server accepts any legal
// action: the lesson is the page's, never a secrecy exception.
//
// Also here: the "Learn to play" button (the landing page's game cards, the rules page),
// which creates the game's tutorial room and goes there.

import { api, keepRejoinSecret } from "./api.js";
import { fetchCatalogue } from "./catalogue.js";
import { h, loadStylesheet } from "./dom.js";
import { moduleUrl } from "./game-loader.js";
import { addStrings, lang, onLangChange, t } from "./i18n.js";
import { TUTORIAL_STRINGS } from "./tutorial-strings.js";

addStrings(TUTORIAL_STRINGS);

const STYLESHEET = "/static/css/tutorial.css";
const FOCUS = "tutorial-focus";
// A new step's controls are often drawn after the view that starts it (the game module redraws
// its panel on its own time, after an animation): for this long after a step starts, each
// redraw brings the step's first control into sight again, if it is a new element.
const SEEK_MS = 2500;
// When nothing the step points at is on the page yet, its first control is awaited longer.
const SEEK_EMPTY_MS = 10000;
// What a person does to look elsewhere: from then on the page is not scrolled for him.
const USER_MOVES = ["wheel", "touchstart", "keydown", "pointerdown"];

/** The lesson module of a game: the `tutorial.js` beside its client module. */
export function tutorialModuleOf(clientModule) {
  return clientModule.replace(/[^/]*$/, "tutorial.js");
}

/** The game's lesson ({steps, finish}), checked to have the contract's shape. */
export async function loadLesson(clientModule) {
  const mod = await import(moduleUrl(tutorialModuleOf(clientModule)));
  if (!Array.isArray(mod.steps) || !mod.steps.length) throw new Error("its tutorial.js exports no steps");
  for (const [i, step] of mod.steps.entries()) {
    if (!step || !step.say || typeof step.say.en !== "string") throw new Error(`step ${i + 1} says nothing`);
  }
  return mod;
}

/** Words of the page's language from a {en, fr} pair (English when the other is missing). */
export const said = (words) => (words && typeof words === "object" ? words[lang] || words.en || "" : String(words ?? ""));

/** Create the game's guided first game and go to its room. */
export async function startLesson(name) {
  const created = await api("POST", "/api/rooms", { game: name, tutorial: true });
  keepRejoinSecret(created.room_id, created.rejoin_secret);
  location.assign(created.room_url);
}

/** A "Learn to play" button for a game of the catalogue (`g.tutorial` true). `error(text)`
 * shows why the room could not be made. */
export function learnButton(g, error, cls = "secondary learn-btn") {
  loadStylesheet(STYLESHEET);
  const b = h("button", { type: "button", class: cls, dataset: { game: g.name, learn: "" } });
  const words = () => {
    b.textContent = t("lesson.learn");
    b.setAttribute("aria-label", t("lesson.learnOf", { game: g.title }));
  };
  words();
  onLangChange(() => b.isConnected && !b.disabled && words());
  b.addEventListener("click", async () => {
    b.disabled = true;
    b.textContent = t("lesson.creating");
    try {
      await startLesson(g.name);
    } catch (err) {
      error(t("lesson.cannotCreate", { m: err.message }));
      b.disabled = false;
      b.textContent = t("lesson.learn");
    }
  });
  return b;
}

/** Whether the element is wholly inside every scrolling box around it (less the part of each
 * that its scroll-padding-top keeps for a sticky header) and the window. */
function inSight(el) {
  const r = el.getBoundingClientRect();
  let top = 0;
  let bottom = innerHeight;
  for (let p = el.parentElement; p; p = p.parentElement) {
    const style = getComputedStyle(p);
    if (!/(auto|scroll)/.test(style.overflowY)) continue;
    const box = p.getBoundingClientRect();
    top = Math.max(top, box.top + (parseFloat(style.scrollPaddingTop) || 0));
    bottom = Math.min(bottom, box.bottom);
  }
  return r.top >= top - 1 && r.bottom <= bottom + 1;
}

export class Lesson {
  /**
   * `mod` is the game's lesson; `opts`: {side (the element the panel goes first in), root
   * (the game's element: board and panels), game() (the mounted module's handle), send (the
   * shell's sendAction), seat, gameId, name, title (the game's), changed() (called when the
   * step changes by Next, so the shell's turn line follows)}.
   */
  constructor(mod, opts) {
    loadStylesheet(STYLESHEET);
    this.steps = mod.steps;
    this.finishWords = mod.finish;
    this.o = opts;
    this.view = null;
    this.key = `speakeasy.lesson.${opts.gameId}`;
    this.index = Math.min(this.stored(), this.steps.length);
    this.focused = [];
    this.refusal = "";
    this.shownStep = -1;
    this.seek = null; // {since, target}: while a new step's first control is brought into sight
    this.creating = false;
    this.box = h("section", { id: "lesson", class: "lesson", "aria-live": "polite", dataset: { game: opts.name } });
    opts.side.prepend(this.box);
    document.body.dataset.tutorial = opts.name;
    // The board is drawn again on every change (a selection, a move): the focus follows it.
    this.observer = new MutationObserver(() => this.scheduleFocus());
    this.observer.observe(opts.root, { childList: true, subtree: true });
    this.sized = new ResizeObserver(() => document.documentElement.style.setProperty("--lesson-h", `${this.box.offsetHeight}px`));
    this.sized.observe(this.box);
    onLangChange(() => this.box.isConnected && this.render());
    this.stopSeeking = () => {
      this.seek = null;
    };
    for (const type of USER_MOVES) addEventListener(type, this.stopSeeking, { capture: true, passive: true });
  }

  stored() {
    try {
      return Number(sessionStorage.getItem(this.key)) || 0;
    } catch {
      return 0;
    }
  }

  keep() {
    try {
      sessionStorage.setItem(this.key, String(this.index));
    } catch {
      // storage refused: a reload starts the lesson's explanations again
    }
  }

  get finished() {
    const over = this.view && this.o.game()?.status(this.view)?.phase === "over";
    return this.index >= this.steps.length || Boolean(over);
  }

  get step() {
    return this.finished ? null : this.steps[this.index];
  }

  /** True while the step only explains (it takes no action: the learner reads, then Next). */
  get reading() {
    const step = this.step;
    return Boolean(step) && typeof step.accepts !== "function";
  }

  /** What the game module's `ctx.send` does in a tutorial room: the step's action goes to the
   * server, any other is refused here, in words. */
  send(action, opts) {
    const step = this.step;
    if (!step || !this.view) return this.o.send(action, opts);
    let reason = t("lesson.readFirst"); // a step that only explains takes no action
    if (typeof step.accepts === "function") {
      let verdict = false;
      try {
        verdict = step.accepts(action, this.view);
      } catch (err) {
        console.error(err);
      }
      if (verdict === true) {
        this.refusal = "";
        this.render();
        return this.o.send(action, opts);
      }
      reason = (verdict && typeof verdict === "object" && said(verdict)) || t("lesson.notThisOne");
    }
    this.refusal = reason;
    this.render();
    this.o.game()?.error("tutorial", reason, action);
    return null;
  }

  /** A new view (the welcome's or an event's): move on past every step it completes. */
  update(view) {
    this.view = view;
    this.advance();
  }

  advance() {
    const before = this.index;
    while (this.index < this.steps.length && this.view) {
      const step = this.steps[this.index];
      let done = false;
      try {
        done = typeof step.done === "function" && step.done(this.view) === true;
      } catch (err) {
        console.error(err);
      }
      if (!done) break;
      this.index += 1;
    }
    if (this.index !== before) {
      this.refusal = "";
      this.keep();
    }
    this.render();
  }

  next() {
    if (this.finished) return;
    this.index += 1;
    this.refusal = "";
    this.keep();
    this.advance();
    this.o.changed?.();
  }

  render() {
    const { steps } = this;
    const st = this.view ? this.o.game()?.status(this.view) : null;
    if (this.finished) {
      this.renderFinish(st);
    } else {
      const step = this.step;
      const explains = typeof step.accepts !== "function";
      const mine = st && Array.isArray(st.actors) && st.actors.includes(this.o.seat);
      const hint = explains ? "" : mine ? t("lesson.yourTurn") : t("lesson.waiting");
      this.box.replaceChildren(...[
        h("p", { class: "lesson-count" }, h("span", { class: "lesson-label" }, t("lesson.title")), " · ", t("lesson.step", { n: this.index + 1, total: steps.length })),
        h("p", { class: "lesson-say" }, said(step.say)),
        this.refusal ? h("p", { class: "lesson-refusal", role: "alert" }, this.refusal) : null,
        hint ? h("p", { class: `lesson-hint${mine ? " mine" : ""}` }, hint) : null,
        explains ? h("div", { class: "lesson-buttons" }, h("button", { type: "button", class: "primary lesson-next", onclick: () => this.next() }, t("lesson.next"))) : null,
      ].filter(Boolean));
      this.box.dataset.step = String(this.index + 1);
      this.box.dataset.kind = explains ? "read" : "act";
    }
    const changed = this.shownStep !== (this.finished ? -2 : this.index);
    this.shownStep = this.finished ? -2 : this.index;
    this.focus(changed);
  }

  renderFinish(st) {
    const result = st?.result;
    const over = st?.phase === "over";
    const won = over && result && (Array.isArray(result.winners) ? result.winners : [result.winner]).includes(this.o.seat);
    const title = this.o.title;
    const computer = h("button", { type: "button", class: "primary lesson-computer", onclick: () => this.playComputer() }, t("lesson.playComputer"));
    this.box.replaceChildren(...[
      h("p", { class: "lesson-count" }, h("span", { class: "lesson-label" }, t("lesson.finishTitle"))),
      h("p", { class: "lesson-say lesson-result" }, won ? t("lesson.won") : over ? t("lesson.over") : t("lesson.goesOn")),
      h("p", { class: "lesson-say" }, said(this.finishWords)),
      this.refusal ? h("p", { class: "lesson-refusal", role: "alert" }, this.refusal) : null,
      h(
        "div",
        { class: "lesson-buttons" },
        computer,
        h("a", { class: "button secondary lesson-friend", href: `/?game=${encodeURIComponent(this.o.name)}` }, t("lesson.playFriend")),
        h("a", { class: "lesson-rules", href: `/rules/${encodeURIComponent(this.o.name)}`, "aria-label": `${t("lesson.rules")} (${title})` }, t("lesson.rules")),
      ),
    ].filter(Boolean));
    this.box.dataset.step = "finish";
    this.box.dataset.kind = "finish";
    this.box.dataset.ending = over ? "over" : "on"; // the game is over, or goes on against the computer
    computer.disabled = this.creating;
  }

  /** A real game against the computer (its first level), every other seat the computer. */
  async playComputer() {
    if (this.creating) return;
    this.creating = true;
    this.render();
    try {
      const { games } = await fetchCatalogue();
      const g = games.find((x) => x.name === this.o.name);
      const level = g?.bot_levels?.[0];
      const created = await api("POST", "/api/rooms", { game: this.o.name, players: g?.min_players ?? 2, bot: level });
      keepRejoinSecret(created.room_id, created.rejoin_secret);
      location.assign(created.room_url);
    } catch (err) {
      this.creating = false;
      this.refusal = t("lesson.cannotCreate", { m: err.message });
      this.render();
    }
  }

  scheduleFocus() {
    if (this.pending) return;
    this.pending = requestAnimationFrame(() => {
      this.pending = 0;
      this.focus(false);
    });
  }

  /** Put the focus class on what the step points at (and off what it no longer does); on a
   * new step (`fresh`), bring the first of them into sight, and again when a redraw soon after
   * puts a new element first (the module's panel drawn after the step began). */
  focus(fresh) {
    const step = this.step;
    let wanted = [];
    if (step && typeof step.highlight === "function" && this.view) {
      try {
        wanted = Array.from(step.highlight(this.o.root, this.view) || []).filter((el) => el && el.classList);
      } catch (err) {
        console.error(err);
      }
    }
    for (const el of this.focused) if (!wanted.includes(el)) el.classList.remove(FOCUS);
    for (const el of wanted) el.classList.add(FOCUS);
    this.focused = wanted;
    if (fresh) this.seek = step ? { since: performance.now(), target: null } : null;
    if (!this.seek) return;
    const first = wanted.find((el) => el.isConnected && el.getClientRects().length);
    const age = performance.now() - this.seek.since;
    if (age > (this.seek.target ? SEEK_MS : SEEK_EMPTY_MS)) {
      this.seek = null;
      return;
    }
    if (!first || first === this.seek.target) return;
    this.seek.target = first;
    // Once the page is laid out (the welcome shows the game after the lesson's first step).
    requestAnimationFrame(() => requestAnimationFrame(() => this.bringIntoSight(this.focused)));
  }

  /** Scroll so that what the step points at is in sight: beside the lesson on a laptop (the
   * side column scrolls under the lesson, which stays at its top), above the sheet on a phone. */
  bringIntoSight(wanted) {
    const shown = wanted.filter((el) => el.isConnected && el.getClientRects().length);
    if (!shown.length) return;
    if (getComputedStyle(this.box).position !== "fixed") {
      // Beside the board (a laptop): the page does not scroll, the side column may; its
      // scroll-padding-top keeps what is brought into sight out from under the lesson, and
      // centring it shows what lies around it (a button's group, the record's other rows).
      if (!inSight(shown[0])) shown[0].scrollIntoView({ block: "center", behavior: "smooth" });
      return;
    }
    // Above the sheet (a phone): the first of them (the control the step asks for), with
    // as many of the others as fit beside it.
    const sheet = this.box.getBoundingClientRect().top;
    let { top, bottom } = shown[0].getBoundingClientRect();
    for (const el of shown.slice(1)) {
      const r = el.getBoundingClientRect();
      const [t2, b2] = [Math.min(top, r.top), Math.max(bottom, r.bottom)];
      if (b2 - t2 <= sheet - 16) [top, bottom] = [t2, b2];
    }
    if (top >= 0 && bottom <= sheet) return;
    const room = sheet - (bottom - top);
    scrollBy({ top: room > 0 ? top - room / 2 : top - 8, behavior: "smooth" });
  }

  destroy() {
    this.observer.disconnect();
    for (const type of USER_MOVES) removeEventListener(type, this.stopSeeking, { capture: true });
    this.sized.disconnect();
    for (const el of this.focused) el.classList.remove(FOCUS);
    this.box.remove();
    delete document.body.dataset.tutorial;
  }
}
