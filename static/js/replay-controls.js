// The replay's controls: first, back, play / pause, forward, last, the speed of play
// (0.5–4 moves a second), the step counter, and the keyboard (Left / Right one step,
// Home / End, Space plays or pauses). They only say where to go: `go(k, {animate})`.

import { t } from "./i18n.js";

export const SPEEDS = [0.5, 1, 2, 4];
export const DEFAULT_SPEED = 1;

function button(id, text, key, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.id = id;
  b.className = "secondary replay-btn";
  b.textContent = text;
  b.dataset.key = key;
  b.addEventListener("click", onClick);
  return b;
}

/** Whether a key press belongs to a field (a select's arrows, typing) rather than the replay. */
const inField = (el) => Boolean(el && el.closest?.("input, select, textarea, [contenteditable]"));

export class ReplayControls {
  /** `box`: the element to fill; `go(k, {animate})`: show step k. */
  constructor(box, go) {
    this.go = go;
    this.k = 0;
    this.n = 1;
    this.speed = DEFAULT_SPEED;
    this.timer = null;
    this.first = button("replay-first", "«", "replay.first", () => this.jump(0));
    this.back = button("replay-back", "‹", "replay.back", () => this.jump(this.k - 1));
    this.play = button("replay-play", "", "replay.play", () => this.toggle());
    this.play.classList.add("replay-play");
    this.forward = button("replay-forward", "›", "replay.forward", () => this.step());
    this.last = button("replay-last", "»", "replay.last", () => this.jump(this.n - 1));
    const buttons = document.createElement("div");
    buttons.className = "replay-buttons";
    buttons.setAttribute("role", "group");
    buttons.append(this.first, this.back, this.play, this.forward, this.last);

    this.counter = document.createElement("span");
    this.counter.id = "replay-counter";
    this.counter.className = "replay-counter";
    this.counter.setAttribute("aria-live", "polite");
    this.speedLabel = document.createElement("label");
    this.speedLabel.className = "replay-speed";
    this.speedText = document.createElement("span");
    this.speedSelect = document.createElement("select");
    this.speedSelect.id = "replay-speed";
    this.speedSelect.addEventListener("change", () => {
      this.speed = Number(this.speedSelect.value) || DEFAULT_SPEED;
      if (this.timer) this.start();
    });
    this.speedLabel.append(this.speedText, " ", this.speedSelect);
    const row = document.createElement("div");
    row.className = "replay-row";
    row.append(this.counter, this.speedLabel);
    box.append(buttons, row);

    document.addEventListener("keydown", (e) => this.key(e));
    this.refresh();
  }

  /** Where the replay stands: step `k` of `n` steps (step 0 is the game before any event). */
  set(k, n) {
    this.k = k;
    this.n = n;
    if (k >= n - 1 && this.timer) this.stop();
    this.update();
  }

  jump(k) {
    this.stop();
    this.go(Math.max(0, Math.min(this.n - 1, k)), { animate: false });
  }

  /** One step forward, played as it was seen. */
  step() {
    if (this.k < this.n - 1) this.go(this.k + 1, { animate: true });
  }

  toggle() {
    if (this.timer) return this.stop();
    if (this.k >= this.n - 1) this.go(0, { animate: false }); // from the start again
    this.start();
  }

  start() {
    clearInterval(this.timer);
    this.timer = setInterval(() => (this.k < this.n - 1 ? this.step() : this.stop()), 1000 / this.speed);
    this.update();
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
    this.update();
  }

  get playing() {
    return this.timer !== null;
  }

  key(e) {
    if (e.altKey || e.ctrlKey || e.metaKey || inField(e.target)) return;
    if (e.target instanceof Element && e.target.closest("dialog[open]")) return; // the keys are the dialog's (the Rules drawer)
    const actions = {
      ArrowLeft: () => this.jump(this.k - 1),
      ArrowRight: () => {
        this.stop();
        this.step();
      },
      Home: () => this.jump(0),
      End: () => this.jump(this.n - 1),
      " ": () => this.toggle(),
    };
    const act = actions[e.key];
    if (!act) return;
    e.preventDefault(); // no page scroll, no second click on a focused button
    act();
  }

  update() {
    this.first.disabled = this.back.disabled = this.k <= 0;
    this.forward.disabled = this.last.disabled = this.k >= this.n - 1;
    this.play.textContent = this.playing ? `❚❚ ${t("replay.pause")}` : `▶ ${t("replay.play")}`;
    this.play.setAttribute("aria-pressed", String(this.playing));
    this.play.disabled = this.n <= 1;
    this.counter.textContent = this.k === 0 ? t("replay.start", { n: this.n - 1 }) : t("replay.counter", { k: this.k, n: this.n - 1 });
  }

  /** Words again (the language changed). */
  refresh() {
    for (const b of [this.first, this.back, this.forward, this.last]) {
      b.setAttribute("aria-label", t(b.dataset.key));
      b.title = t(b.dataset.key);
    }
    this.play.title = t("replay.keys");
    this.speedText.textContent = t("replay.speed");
    const chosen = String(this.speed);
    this.speedSelect.replaceChildren(
      ...SPEEDS.map((s) => {
        const o = document.createElement("option");
        o.value = String(s);
        o.textContent = t("replay.perSecond", { n: s.toLocaleString(document.documentElement.lang) });
        o.selected = String(s) === chosen;
        return o;
      }),
    );
    this.update();
  }
}
