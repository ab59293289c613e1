// The setup editor: a reserve of pieces, drag and drop or click to place and swap, random,
// named openings, setups saved in the browser, and the reasons a setup would be refused.

import { setupSquares } from "./geometry.js";
import { placementOf, setupPosition } from "./notation.js";
import { CODES } from "./pieces.js";
import { deleteSetup, emptyPlacement, problems, randomPlacement, reserve, saveSetup, savedSetups } from "./setup.js";
import { has, t } from "./text.js";
import { tileSvg } from "./tiles.js";

let openingsCache = null;

/** A button; `tip`: what it does, shown on hover, a long press or keyboard focus (js/explain.js). */
function button(label, onClick, cls = "secondary", tip = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.className = cls;
  b.textContent = label;
  if (tip) b.dataset.tip = tip;
  b.addEventListener("click", onClick);
  return b;
}

export class SetupEditor {
  /** opts: {panel, side, options, draftKey, api(method, path), changed(), submit(position),
   *  refuse(sq): a click or drop on a location that is not the player's} */
  constructor(opts) {
    Object.assign(this, opts);
    this.selected = null; // {code} from the reserve, or {sq} on the board
    this.message = "";
    this.placement = this.loadDraft() || emptyPlacement();
    this.own = new Set(setupSquares(this.side));
    if (!openingsCache) {
      openingsCache = this.api("GET", "/api/catalogue/speakeasy/openings").catch(() => []);
    }
    openingsCache.then((list) => {
      this.openings = Array.isArray(list) ? list : [];
      this.render();
    });
  }

  loadDraft() {
    try {
      const saved = JSON.parse(sessionStorage.getItem(this.draftKey) || "null");
      return Array.isArray(saved) && saved.length === 60 ? saved : null;
    } catch {
      return null;
    }
  }

  update(placement) {
    this.placement = placement;
    this.selected = null;
    sessionStorage.setItem(this.draftKey, JSON.stringify(placement));
    this.render();
    this.changed();
  }

  problems() {
    return problems(this.placement, this.side, this.options);
  }

  /** What the board shows while setting up. */
  boardState() {
    const cells = this.placement.map((code) => (code ? { side: this.side, code, revealed: false } : null));
    const bad = new Set();
    this.placement.forEach((code, sq) => {
      if (!code) return;
      const single = emptyPlacement();
      single[sq] = code;
      const wrong = problems(single, this.side, this.options).some((p) => p.key !== "setup.err.missing");
      if (wrong) bad.add(sq);
    });
    return {
      cells,
      selected: this.selected && "sq" in this.selected ? this.selected.sq : -1,
      drop: this.own,
      bad,
      draggable: (sq, cell) => cell && cell.side === this.side,
      focusable: (sq) => this.own.has(sq),
    };
  }

  /** Put `code` on `sq`; whatever stood there goes back to the reserve. */
  place(code, sq) {
    const next = [...this.placement];
    next[sq] = code;
    this.update(next);
  }

  swap(a, b) {
    const next = [...this.placement];
    [next[a], next[b]] = [next[b], next[a]];
    this.update(next);
  }

  takeBack(sq) {
    const next = [...this.placement];
    next[sq] = null;
    this.update(next);
  }

  clickSquare(sq) {
    if (!this.own.has(sq)) return this.refuse?.(sq);
    const sel = this.selected;
    if (sel && "code" in sel) return this.place(sel.code, sq);
    if (sel && "sq" in sel) {
      if (sel.sq === sq) {
        this.selected = null;
        this.changed();
        return this.render();
      }
      return this.swap(sel.sq, sq);
    }
    if (this.placement[sq]) {
      this.selected = { sq };
      this.changed();
      this.render();
    } else {
      // An empty location with nothing selected: take the first piece still in reserve.
      const left = reserve(this.placement);
      const code = CODES.find((c) => left[c] > 0);
      if (code) this.place(code, sq);
    }
  }

  clickReserve(code) {
    if (this.selected && "sq" in this.selected) return this.takeBack(this.selected.sq);
    this.selected = this.selected && this.selected.code === code ? null : { code };
    this.changed();
    this.render();
  }

  /** Drag payloads: {from: "tray", code} or {from: "board", sq}. */
  dragStart(el) {
    if (el.dataset.drag === "tray") return { from: "tray", code: el.dataset.code };
    const sq = Number(el.closest("[data-sq]")?.dataset.sq);
    return this.placement[sq] ? { from: "board", sq, code: this.placement[sq] } : null;
  }

  drop(payload, target) {
    const kind = target?.dataset.drop;
    if (kind === "tray" && payload.from === "board") return this.takeBack(payload.sq);
    if (kind !== "board") return;
    const sq = Number(target.dataset.sq);
    if (!this.own.has(sq)) return this.refuse?.(sq);
    if (payload.from === "tray") return this.place(payload.code, sq);
    if (payload.sq !== sq) this.swap(payload.sq, sq);
  }

  render() {
    const p = this.panel;
    p.replaceChildren();
    const h = document.createElement("h2");
    h.textContent = t("setup.title");
    const help = document.createElement("p");
    help.className = "help";
    help.textContent = t("setup.help");
    p.append(h, help);

    // The reserve.
    const left = reserve(this.placement);
    const tray = document.createElement("div");
    tray.className = "reserve";
    tray.dataset.drop = "tray";
    tray.setAttribute("role", "group");
    tray.setAttribute("aria-label", t("setup.reserve"));
    for (const code of CODES) {
      if (left[code] <= 0) continue;
      const b = document.createElement("button");
      b.type = "button";
      b.className = "reserve-piece";
      b.dataset.drag = "tray";
      b.dataset.code = code;
      b.setAttribute("aria-pressed", String(Boolean(this.selected && this.selected.code === code)));
      b.setAttribute("aria-label", `${t(`piece.${code}`)} ×${left[code]}`);
      const count = document.createElement("span");
      count.className = "count";
      count.textContent = `×${left[code]}`;
      b.append(tileSvg({ side: this.side, code, revealed: false }), count);
      b.addEventListener("click", () => this.clickReserve(code));
      tray.append(b);
    }
    if (!tray.children.length) {
      tray.classList.add("empty");
      tray.textContent = "✓";
    }
    p.append(tray);

    // Quick setups.
    const tools = document.createElement("div");
    tools.className = "setup-tools";
    tools.append(
      button(t("setup.random"), () => this.update(randomPlacement(this.side, this.options)), "secondary", t("se.x.setup.random")),
      button(t("setup.clear"), () => this.update(emptyPlacement()), "secondary", t("se.x.setup.clear")),
    );
    if (this.openings?.length) {
      tools.append(this.select("openings", t("setup.openings"), t("setup.openingPick"), t("se.x.setup.openings"),
        this.openings.map((o) => [o.position, has(`opening.${o.name}`) ? t(`opening.${o.name}`) : o.name]),
        (position) => this.update(placementOf(position, this.side))));
    }
    p.append(tools);

    // Saved in this browser.
    const saved = savedSetups();
    const mine = document.createElement("div");
    mine.className = "setup-tools saved";
    if (saved.length) {
      const sel = this.select("saved", t("setup.saved"), t("setup.savedPick"), t("se.x.setup.saved"), saved.map((s) => [s.name, s.name]),
        (nameText) => {
          const found = savedSetups().find((s) => s.name === nameText);
          if (found) this.update(placementOf(found.position, this.side));
        });
      mine.append(sel);
      mine.append(button(t("setup.delete"), () => {
        const chosen = p.querySelector("#setup-saved")?.dataset.last;
        if (chosen) deleteSetup(chosen);
        this.render();
      }, "secondary", t("se.x.setup.delete")));
    }
    const nameInput = document.createElement("input");
    nameInput.id = "setup-name";
    nameInput.placeholder = t("setup.saveName");
    nameInput.setAttribute("aria-label", t("setup.saveName"));
    nameInput.maxLength = 40;
    const save = button(t("setup.save"), () => {
      const n = nameInput.value.trim();
      if (!n) return nameInput.focus();
      saveSetup(n, this.placement, this.side);
      this.message = t("setup.savedOk");
      this.render();
    }, "secondary", t("se.x.setup.save"));
    mine.append(nameInput, save);
    p.append(mine);

    // Why it would be refused, before sending.
    const list = this.problems();
    const status = document.createElement("ul");
    status.className = "problems";
    status.id = "setup-problems";
    status.setAttribute("aria-live", "polite");
    for (const pr of list) {
      const li = document.createElement("li");
      li.textContent = t(pr.key, pr.params);
      status.append(li);
    }
    if (!list.length) {
      const li = document.createElement("li");
      li.className = "ok";
      li.textContent = t("setup.ok");
      status.append(li);
    }
    if (this.message) {
      const li = document.createElement("li");
      li.className = "ok";
      li.textContent = this.message;
      status.append(li);
      this.message = "";
    }
    p.append(status);
    const ready = button(t("setup.ready"), () => {
      if (!this.problems().length) this.submit(setupPosition(this.placement, this.side));
    }, "primary", t("se.x.setup.ready"));
    ready.id = "setup-ready";
    ready.disabled = list.length > 0;
    const readyHelp = document.createElement("p");
    readyHelp.className = "choice-help";
    readyHelp.textContent = t("se.x.setup.readyHelp");
    p.append(ready, readyHelp);
  }

  select(id, label, placeholder, tip, options, onPick) {
    const wrap = document.createElement("label");
    wrap.className = "field inline";
    wrap.dataset.tip = tip;
    const span = document.createElement("span");
    span.textContent = label;
    const sel = document.createElement("select");
    sel.id = `setup-${id}`;
    const first = document.createElement("option");
    first.value = "";
    first.textContent = placeholder;
    sel.append(first);
    for (const [value, text] of options) {
      const o = document.createElement("option");
      o.value = value;
      o.textContent = text;
      sel.append(o);
    }
    sel.addEventListener("change", () => {
      if (!sel.value) return;
      const value = sel.value;
      onPick(value);
      const again = this.panel.querySelector(`#setup-${id}`);
      if (again) {
        again.value = value;
        again.dataset.last = value;
      }
    });
    wrap.append(span, sel);
    return wrap;
  }
}
