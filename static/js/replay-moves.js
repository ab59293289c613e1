// The replay's move list: one line per step (step 0 is the start), each in words from the
// game module's `describe` (else the event's type), a line this viewpoint saw nothing of
// said so. A click on a line goes there; the current line is marked and scrolled into view
// inside the list only (scrolling the page would carry a phone away from the board).

import { t } from "./i18n.js";

function clock(ms) {
  if (typeof ms !== "number") return "";
  return new Date(ms).toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

export class ReplayMoves {
  /** `list`: an <ol>; `go(k)`: show step k. */
  constructor(list, go) {
    this.list = list;
    this.current = -1;
    list.addEventListener("click", (e) => {
      const line = e.target.closest?.("[data-step]");
      if (line) go(Number(line.dataset.step));
    });
  }

  /** Draw every line: `steps` (the replay's), `words(k)` the text of step k. */
  render(steps, words) {
    const items = steps.map((step, k) => {
      const li = document.createElement("li");
      li.dataset.step = String(k);
      const b = document.createElement("button");
      b.type = "button";
      b.className = "replay-move";
      b.dataset.step = String(k);
      b.tabIndex = -1; // the arrows step through the list; Tab goes on to the next control
      const n = document.createElement("span");
      n.className = "replay-n";
      n.textContent = k === 0 ? "" : String(k);
      const text = document.createElement("span");
      text.className = "replay-text";
      if (k === 0) text.textContent = t("replay.startLine");
      else if (!step.event) {
        text.textContent = t("replay.hidden");
        li.classList.add("unseen");
      } else text.textContent = words(k);
      b.append(n, text);
      const at = clock(step.at);
      if (at) b.title = at;
      li.append(b);
      return li;
    });
    this.list.replaceChildren(...items);
    const was = this.current;
    this.current = -1;
    if (was >= 0) this.mark(was);
  }

  /** Mark step k as the one shown and bring it into the list's view. */
  mark(k) {
    const old = this.list.querySelector("li.current");
    if (old) {
      old.classList.remove("current");
      old.querySelector("button")?.removeAttribute("aria-current");
    }
    const li = this.list.children[k];
    this.current = k;
    if (!li) return;
    li.classList.add("current");
    li.querySelector("button")?.setAttribute("aria-current", "step");
    const list = this.list;
    const top = li.offsetTop; // the list is positioned (css: .replay-moves)
    if (top < list.scrollTop || top + li.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 2 + li.offsetHeight / 2);
    }
  }
}
