// Spies! in the room shell (static/js/room.js). The catalogue names this module
// (client_module = /static/games/spies/main.js); the interface every game module exports is
// documented in static/games/README.md.
//
// The view is the engine's (engine/spies/view.py): the year, the active power, its phase and
// action points, the pending decision (public: kind, power, seats), every spy, police unit
// and secret with `face: null` where this viewer may not see it, each power's holdings
// (chit types and tile hands only for the seat's own powers), the tiles played, channels,
// the open offer, the history as this viewer may read it, and `legal`: the action lines
// (spec 15.2) this seat may send now. Every choice the module offers is one of those lines,
// or a line typed by the player (a police re-arrangement, a search of several cities), sent
// as {"type": "act", "text": <line>}; the engine judges it. The module never holds a hidden
// value to hide.
//
// The map comes from the data pack, served by the catalogue (GET /api/catalogue/spies/data);
// the drawing positions are the module's own (layout.js).

import { describeEvent } from "./describe.js";
import { chitTip, cityTip, decisionHelp, explainEnd, lineHelp, notOffered, pieceTip, recordTip, refusalWords, seaTip, tileTip, whyNotMove, whyNotPick, whyNotPlace } from "./explain.js";
import { EXPLAIN_STRINGS } from "./explain-strings.js";
import { HINT_STRINGS, hintWords } from "./hint.js";
import { buildLayout } from "./layout.js";
import { cityTargets, lineWords, namesPiece, nextOffer, offerLine, parseLine, selectablePieces } from "./lines.js";
import { drawPieces, drawStatic, drawTargets, drawView, markScale, ownerOf } from "./map.js";
import { countdownText, h, offerComposer, renderCity, renderDecision, renderDiplomacy, renderLog, renderPowers, renderRecord, renderTurn, renderYours } from "./panels.js";
import { cityPopover } from "./popover.js";
import { ARTICLES, STRINGS } from "./strings.js";
import { PanelTabs } from "./tabs.js";
import { Viewport } from "./viewport.js";
import { attachTips, note } from "../../js/explain.js";

export const strings = {
  en: { ...STRINGS.en, ...EXPLAIN_STRINGS.en, ...ARTICLES.en, ...HINT_STRINGS.en },
  fr: { ...STRINGS.fr, ...EXPLAIN_STRINGS.fr, ...ARTICLES.fr, ...HINT_STRINGS.fr },
};

const DATA_URL = "/api/catalogue/spies/data";
/** Linked by the shell before it mounts the board (static/games/README.md). */
export const stylesheet = new URL("./spies.css", import.meta.url).href;
const LOG_LINES = 300;
const VERSIONED = new Set(["turn", "tile", "place"]);
const NEAR_PX = 22; // a tap this close to a city (or a gold ring) is on it

/** The data pack, indexed. */
export function indexPack(pack) {
  return {
    ...pack,
    cityById: new Map(pack.cities.map((c) => [c.id, c])),
    powerById: new Map(pack.powers.map((p) => [p.id, p])),
  };
}

async function loadPack() {
  const answer = await fetch(DATA_URL);
  if (!answer.ok) throw new Error(`the Spies! data pack did not load (${answer.status})`);
  return indexPack(await answer.json());
}

/** The data pack and the drawing layout, read once when the module loads. */
export const PACK = await loadPack();
export const LAYOUT = buildLayout(PACK.cities.map((c) => c.id));

/** Names for the words: powers in the page's language, cities and tiles from the pack. */
export function namesFor(t, pack, manifest) {
  return {
    power: (p) => t(`sp.power.${p}`),
    city: (c) => pack.cityById.get(c)?.name || c,
    tile: (id) => (manifest || []).find((m) => m.tile === id)?.name || pack.event_tiles.find((e) => `t${e.id}` === id)?.name || "",
  };
}

/** One event in words, for the replay's move list (static/js/replay.js). */
export const describe = (event, view, t) => describeEvent(event, t, namesFor(t, PACK, view?.manifest));

/** Mount Spies! (ctx: static/games/README.md). */
export function mount(container, ctx) {
  return new SpiesTable(container, ctx);
}

class SpiesTable {
  constructor(container, ctx) {
    this.ctx = ctx;
    this.t = ctx.t;
    this.pack = PACK;
    this.layout = LAYOUT;
    this.aspect = LAYOUT.aspect;
    this.view = null;
    this.history = [];
    this.sending = null; // {text, legal}: sent, until the legal lines change
    this.piece = null; // the piece selected on the map
    this.city = null; // the city selected on the map
    this.clockSeen = null; // {raw, offset}: the server's clock minus the browser's
    this.pending = { timer: null, frame: 0 };

    this.svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    this.svg.id = "board";
    this.svg.classList.add("sp-board");
    this.svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    this.svg.setAttribute("role", "img");
    this.chooser = h("div", { class: "sp-chooser", id: "sp-chooser", role: "dialog", hidden: true });
    this.popover = h("div", { class: "sp-popover", id: "sp-popover", role: "dialog", hidden: true });
    this.popCity = null; // the city the popover tells
    const zoomButton = (name, text, onclick) => h("button", { type: "button", class: "small secondary", dataset: { zoom: name }, onclick }, text);
    this.zoomBar = h(
      "div",
      { class: "sp-zoom", id: "sp-zoom" },
      zoomButton("in", "+", () => this.viewport.zoomIn(this.layout.cities[this.city] || null)),
      zoomButton("out", "−", () => this.viewport.zoomOut()),
      zoomButton("fit", "⤢", () => this.viewport.reset()),
    );
    // How to read the map, while it is shown whole (spies.css: by touch or by mouse).
    this.hint = h("p", { class: "sp-hint", id: "sp-hint", "aria-hidden": "true" }, h("span", { class: "touch" }), h("span", { class: "mouse" }));
    this.zoomWords();
    this.oldPosition = container.style.position;
    container.style.position = "relative";
    container.replaceChildren(this.svg, this.hint, this.chooser, this.popover, this.zoomBar);
    this.container = container;
    drawStatic(this.svg, this.pack, this.layout, this.t);
    // The live map: pinch, drag and wheel move the window onto it; pieces keep a readable size.
    this.svg.classList.add("sp-live");
    this.mapOpts = null;
    this.viewport = new Viewport(this.svg, this.layout, () => this.rescale());
    this.resized = new ResizeObserver(() => this.rescale());
    this.resized.observe(this.svg);

    const box = (id) => h("section", { id, class: `sp-panel ${id}` });
    this.actBox = box("sp-act");
    this.turnBox = box("sp-turn");
    this.cityBox = box("sp-city");
    this.yoursBox = box("sp-yours");
    this.diploBox = box("sp-diplomacy");
    this.recordBox = box("sp-record-box");
    this.powersBox = box("sp-powers-box");
    this.logBox = box("sp-log-box");
    const boxes = [this.actBox, this.turnBox, this.cityBox, this.diploBox, this.yoursBox, this.recordBox, this.powersBox, this.logBox];
    this.tabs = new PanelTabs(ctx.panel, Object.fromEntries(boxes.map((b) => [b.id, b])), this.t);
    ctx.panel.replaceChildren(this.tabs.element, ...boxes);

    this.onClick = (e) => this.click(e);
    this.onKey = (e) => {
      if (e.key === "Escape") return this.chooser.hidden ? this.closePopover() : this.closeChooser();
      if ((e.key === "Enter" || e.key === " ") && e.target.closest?.("[data-target]")) {
        e.preventDefault();
        this.click(e);
      }
    };
    // Escape closes the box over the map wherever the focus is (a click on the map leaves it on the page).
    this.onEscape = (e) => {
      if (e.key !== "Escape" || e.defaultPrevented || this.container.contains(e.target)) return;
      if (!this.chooser.hidden) this.closeChooser();
      else if (this.popCity) this.closePopover();
    };
    this.svg.addEventListener("click", this.onClick);
    this.container.addEventListener("keydown", this.onKey);
    document.addEventListener("keydown", this.onEscape);
    this.ticker = setInterval(() => this.tick(), 500);
    // Hover, a long press or keyboard focus names what is under the pointer (static/js/explain.js).
    this.tipsOff = attachTips(ctx.root || container, (target) => this.tipFor(target));
    this.unTitle();
  }

  // ------------------------------------------------------------ the interface

  render(view) {
    this.cancelPending();
    if (!view) return;
    this.view = view;
    this.history = Array.isArray(view.history) ? [...view.history] : this.history;
    this.sending = null;
    this.readClocks();
    this.draw();
  }

  event(evt, view) {
    if (evt && Number.isInteger(evt.n) && !this.history.some((e) => e.n === evt.n)) {
      this.history.push({ n: evt.n, by: evt.by, a: evt.a, header: evt.header || "" });
      this.history.sort((a, b) => a.n - b.n);
    }
    if (!view) return;
    this.view = { ...view, history: undefined };
    this.readClocks();
    if (this.sending && JSON.stringify(this.view.legal || []) !== this.sending.legal) this.sending = null;
    this.scheduleDraw();
  }

  /** The events of one action come one frame each: draw once for them. */
  scheduleDraw() {
    if (this.pending.timer) return;
    const flush = () => {
      cancelAnimationFrame(this.pending.frame);
      clearTimeout(this.pending.timer);
      this.pending.timer = null;
      if (this.view) this.draw();
    };
    this.pending.frame = requestAnimationFrame(flush);
    this.pending.timer = setTimeout(flush, 120);
  }

  /** A new clocks object from the shell (ctx.clocks() answers it too): the countdowns. */
  clocks() {
    this.readClocks();
    if (this.view) this.scheduleDraw();
  }

  cancelPending() {
    cancelAnimationFrame(this.pending.frame);
    clearTimeout(this.pending.timer);
    this.pending = { timer: null, frame: 0 };
  }

  error() {
    this.sending = null;
    this.draw();
  }

  /** The shell's hint (a `hint` frame, or null to take it down): its words; the suggested
   * line's button is marked, not pressed. */
  showHint(hint) {
    const text = hint ? String(hint.action.text) : null;
    for (const b of (this.ctx.root || document).querySelectorAll(".sp-line")) b.classList.toggle("hinted", b.dataset.line === text);
    return hint ? hintWords(hint, this.t, this.names()) : null;
  }

  /** The server refused one of our lines: its reason in the page's words (else the shell's). */
  explainError(code, message) {
    return refusalWords(this.t, this.names(), code, message);
  }

  /** The end explained for the result panel: why it ended, the winner rule, each power's record. */
  explainResult(view = this.view, t = this.t) {
    if (!view) return [];
    return explainEnd(this.pack, view, this.history, t, namesFor(t, this.pack, view.manifest), (s) => this.seatName(s));
  }

  status(view = this.view) {
    if (!view) return { phase: "setup", actors: [], result: null };
    const t = this.t;
    const phase = view.result ? "over" : view.year ? "play" : "setup";
    const d = view.decision;
    // Nobody is asked to act before every seat is taken (no panel, no cue, no seat lit).
    const actors = d && !view.result && this.ctx.allSeated() ? (d.seats || []).filter(Number.isInteger) : [];
    const acted = this.history.some((e) => /^[GIRFB]$/.test(e.by));
    const out = { phase, actors, result: view.result || null, abortable: phase === "setup" && !acted };
    const mine = this.ctx.seat ?? null;
    if (phase === "setup" && !this.ctx.allSeated()) out.text = t("sp.status.waitPlayers");
    else if (d && phase !== "over") {
      const names = this.names();
      if (mine !== null && actors.includes(mine)) out.hint = t(`sp.hint.${d.kind}`, { power: d.power ? names.power(d.power) : "" });
      else out.text = t("sp.status.waiting", { who: actors.map((s) => this.seatName(s)).join(", "), what: t(`sp.kind.${d.kind}`) });
    }
    if (phase === "over") out.note = t("sp.over.note");
    return out;
  }

  seatName(seat) {
    const powers = this.view?.seats?.[seat];
    if (!powers || !powers.length) return this.t("landing.seat", { n: seat + 1 });
    return powers.map((p) => this.t(`sp.power.${p}`)).join(" + ");
  }

  seatColour(seat) {
    const p = this.view?.seats?.[seat]?.[0];
    return p ? this.colour(p) : "var(--gold)";
  }

  refresh() {
    drawStatic(this.svg, this.pack, this.layout, this.t);
    this.viewport.apply(); // drawStatic showed the whole map again
    this.zoomWords();
    this.tabs.words();
    this.draw();
  }

  zoomWords() {
    this.hint.querySelector(".touch").textContent = this.t("sp.hint.touch");
    this.hint.querySelector(".mouse").textContent = this.t("sp.hint.mouse");
    for (const b of this.zoomBar.querySelectorAll("button")) {
      const words = this.t(`sp.zoom${{ in: "In", out: "Out", fit: "Fit" }[b.dataset.zoom]}`);
      b.setAttribute("aria-label", words);
      b.title = words;
    }
  }

  destroy() {
    this.cancelPending();
    clearInterval(this.ticker);
    this.svg.removeEventListener("click", this.onClick);
    this.container.removeEventListener("keydown", this.onKey);
    document.removeEventListener("keydown", this.onEscape);
    this.viewport.destroy();
    this.resized.disconnect();
    this.tabs.destroy();
    this.tipsOff?.();
    this.container.replaceChildren();
    this.container.style.position = this.oldPosition;
    this.ctx.panel.replaceChildren();
    this.view = null;
  }

  // ------------------------------------------------------------ what the panels need

  colour(power) {
    return this.pack.powerById.get(power)?.colour || "#b9ab8c";
  }

  names() {
    return namesFor(this.t, this.pack, this.view?.manifest);
  }

  myPowers() {
    const seat = this.ctx.seat;
    if (seat === null || seat === undefined || !this.view) return [];
    return this.view.seats?.[seat] || [];
  }

  legal() {
    const v = this.view;
    if (!v || this.ctx.seat === null || this.ctx.seat === undefined || v.result || this.sending || this.ctx.replay) return [];
    // Before every seat is taken the game waits for its players: nothing is offered yet.
    if (!this.ctx.replay && !this.ctx.allSeated()) return [];
    return Array.isArray(v.legal) ? v.legal : [];
  }

  /** The clocks the shell last received (ctx.clocks(), when the shell gives it). */
  readClocks() {
    const raw = typeof this.ctx.clocks === "function" ? this.ctx.clocks() : null;
    if (!raw || raw === this.clockSeen?.raw) return;
    // The server's clock minus the browser's, from when the frame arrived (received_at, set
    // by the shell) or, without it, from now.
    const serverNow = Number(raw.server_now ?? raw.serverNow);
    const received = Number.isFinite(raw.received_at) ? raw.received_at : Date.now();
    this.clockSeen = { raw, offset: Number.isFinite(serverNow) ? serverNow - received : 0 };
  }

  /** The browser's instant at which `seat`'s current decision takes its default, or null. */
  deadline(seat) {
    this.readClocks();
    const limits = this.clockSeen?.raw?.limits;
    if (!limits || seat === null || seat === undefined) return null;
    const at = limits[String(seat)] ?? limits[seat];
    return Number.isFinite(at) ? at - this.clockSeen.offset : null;
  }

  /** The seats this seat may talk to in private now: the server's word (the frames' `talk`,
   * `ctx.talk()`; the engine's `private_chat`, spec 12.4); none in the replay viewer. */
  talk() {
    const seats = typeof this.ctx.talk === "function" ? this.ctx.talk() : null;
    return Array.isArray(seats) ? seats : [];
  }

  chitTypes() {
    const out = {};
    for (const p of Object.values(this.view?.powers || {})) for (const c of p.chits || []) if (c.type) out[c.handle] = c.type;
    return out;
  }

  /** A piece still to place, with its face (the seat's own). */
  trayLabel(id) {
    const v = this.view;
    const piece = [...(v.spies || []), ...(v.police || []), ...(v.secrets || [])].find((x) => x.id === id);
    if (!piece) return id;
    const kind = id[0] === "s" ? "spy" : id[0] === "p" ? "police" : "secret";
    return this.describePiece(kind, piece);
  }

  describePiece(kind, piece) {
    const t = this.t;
    const names = this.names();
    if (kind === "spy") {
      const bits = [t("sp.piece.spy", { id: piece.id, power: names.power(piece.power) })];
      if (piece.face) bits.push(t("sp.piece.strength", { n: piece.face.replace("c", "") }) + (piece.face.endsWith("c") ? ` · ${t("sp.piece.cousin")}` : ""));
      else if (piece.strength) bits.push(t("sp.piece.seenStrength", { n: piece.strength }));
      else bits.push(t("sp.piece.faceDown"));
      if (piece.secret) bits.push(t("sp.piece.controls", { x: piece.secret }));
      if (this.view?.acting === piece.id) bits.push(t("sp.piece.acting"));
      else if (piece.done) bits.push(t("sp.piece.done"));
      return bits.join(" · ");
    }
    if (kind === "police") {
      const bits = [t("sp.piece.police", { id: piece.id, power: names.power(piece.power) })];
      bits.push(piece.face ? t("sp.piece.strength", { n: piece.face }) : t("sp.piece.faceDown"));
      if (piece.secret) bits.push(t("sp.piece.controls", { x: piece.secret }));
      return bits.join(" · ");
    }
    const bits = [piece.original ? t("sp.piece.secret", { id: piece.id, power: names.power(piece.original) }) : t("sp.piece.neutralSecret", { id: piece.id })];
    const m = /^(\d+)(cs(\d+))?$/.exec(piece.face || "");
    if (m) bits.push(t("sp.piece.value", { n: m[1] }) + (m[2] ? ` · ${t("sp.piece.counterspy", { n: m[3] })}` : ""));
    else bits.push(t("sp.piece.faceDown"));
    if (piece.holder) bits.push(t("sp.piece.heldBy", { piece: piece.holder }));
    return bits.join(" · ");
  }

  panelCtx() {
    return {
      t: this.t,
      seat: this.ctx.seat ?? null,
      names: this.names(),
      colour: (p) => this.colour(p),
      powerName: (p) => this.t(`sp.power.${p}`),
      seatName: (s) => this.seatName(s),
      ownerOf: (c) => ownerOf(this.pack, this.view, c),
      describePiece: (k, p) => this.describePiece(k, p),
      selectable: selectablePieces(this.legal()),
      deadline: (s) => this.deadline(s),
      now: () => Date.now(),
      talk: () => this.talk(),
      chitTypes: this.chitTypes(),
    };
  }

  // ------------------------------------------------------------ choosing

  send(text, typed = false) {
    if (!typed && !this.legal().includes(text)) return;
    const kind = this.view?.decision?.kind;
    const collected = Array.isArray(this.view?.decision?.seats) && this.view.decision.seats.length > 1;
    this.sending = { text, legal: JSON.stringify(this.view.legal || []) };
    this.closeChooser(false);
    this.piece = null;
    this.popCity = null;
    this.ctx.send({ type: "act", text }, { versioned: VERSIONED.has(kind) && !collected });
    this.draw();
  }

  select(piece) {
    this.popCity = null;
    this.piece = this.piece === piece ? null : piece;
    if (this.piece) {
      this.city = this.findPiece(this.piece);
    }
    this.draw();
  }

  findPiece(id) {
    const v = this.view;
    const all = [...(v?.spies || []), ...(v?.police || []), ...(v?.secrets || [])];
    return all.find((x) => x.id === id)?.city || null;
  }

  click(e) {
    const target = e.target.closest?.("[data-target]");
    if (target) return this.pickCity(target.dataset.city);
    const piece = e.target.closest?.(".piece");
    if (piece && this.panelCtx().selectable.has(piece.dataset.piece)) return this.select(piece.dataset.piece);
    // One of the seat's pieces that cannot be chosen now: why (another's piece opens its city).
    const whyPiece = piece && this.view ? whyNotPick(this.pack, this.view, this.t, this.names(), piece.dataset.piece, this.me()) : "";
    if (whyPiece) return note(whyPiece, { anchor: piece, area: this.container });
    let city = e.target.closest?.("[data-city]")?.dataset.city || null;
    if (!city && !piece && (e.clientX || e.clientY)) {
      // Nothing under the finger: the nearest gold ring, else the nearest city, within reach
      // (on a phone the whole map's cities are a few pixels wide).
      const near = this.nearest(e.clientX, e.clientY);
      if (near?.target) return this.pickCity(near.city);
      city = near?.city || null;
    }
    // A city the piece selected (a spy to move, a piece to place) cannot go to: why, and the
    // piece stays selected.
    const whyCity = city && !piece && this.piece ? this.cityRefusal(city) : "";
    if (whyCity) {
      this.closeChooser(false);
      return note(whyCity, { anchor: this.svg.querySelector(`.city[data-city="${city}"]`), area: this.container });
    }
    this.closeChooser(false);
    if (city) {
      this.city = this.city === city && !this.piece ? null : city;
      this.piece = null;
    } else {
      this.city = null;
      this.piece = null;
    }
    this.popCity = this.city; // a city chosen tells what stands there
    this.draw();
  }

  /** What the seat may do now, for the reasons (explain.js). */
  me() {
    return { seat: this.ctx.seat ?? null, powers: this.myPowers(), legal: this.legal() };
  }

  /** Why the piece selected cannot go to `city` (a move, a placement), or "". */
  cityRefusal(city) {
    const v = this.view;
    if (!v || this.ctx.replay) return "";
    if (v.decision?.kind === "place") return whyNotPlace(this.pack, v, this.t, this.names(), this.piece, city, this.me());
    if (this.piece?.startsWith("s")) return whyNotMove(this.pack, v, this.t, this.names(), this.piece, city, this.me());
    return "";
  }

  /** The popover for what is under the pointer: a piece, a pile, a city, a gold ring or a sea
   * zone of the map; a line, a piece, a chit, a tile, a cell of the record or the AP track in
   * the panels. From the view only. */
  tipFor(target) {
    const v = this.view;
    if (!v || !(target instanceof Element)) return null;
    const t = this.t;
    const names = this.names();
    const find = (id) => [...(v.spies || []), ...(v.police || []), ...(v.secrets || [])].find((x) => x.id === id);
    const kindOf = (id) => ({ s: "spy", p: "police", x: "secret" })[id[0]];
    const pieceTipOf = (el, id) => {
      const piece = find(id);
      return piece ? { anchor: el, ...pieceTip(this.pack, v, t, names, kindOf(id), piece, this.describePiece(kindOf(id), piece)) } : null;
    };
    const lineTip = (el, text) => ({ anchor: el, title: el.textContent.trim() || text, lines: [lineHelp(this.pack, v, t, names, text), text] });
    if (this.svg.contains(target)) {
      const el = target.closest(".piece[data-piece], .pile, [data-target], .city[data-city], .sea-zone[data-sea]");
      if (!el) return null;
      if (el.matches(".piece")) return pieceTipOf(el, el.dataset.piece);
      if (el.matches(".pile")) {
        const ids = (el.dataset.pieces || "").split(" ").filter(Boolean);
        return { anchor: el, title: t("sp.pop.count", { n: ids.length }), lines: ids.map((id) => find(id)).filter(Boolean).map((p) => this.describePiece(kindOf(p.id), p)) };
      }
      if (el.dataset.target) {
        const lines = this.targets().get(el.dataset.city) || [];
        const tip = cityTip(this.pack, v, t, names, el.dataset.city);
        return { anchor: el, title: tip?.title || el.dataset.city, lines: [...lines.map((l) => lineHelp(this.pack, v, t, names, l)), ...(tip?.lines || [])] };
      }
      if (el.dataset.sea) {
        const tip = seaTip(this.pack, t, names, el.dataset.sea);
        return tip ? { anchor: el, ...tip } : null;
      }
      const tip = cityTip(this.pack, v, t, names, el.dataset.city);
      return tip ? { anchor: el, ...tip } : null;
    }
    const inPanel = this.ctx.panel.contains(target);
    if (!inPanel && !this.container.contains(target)) return null;
    const line = target.closest("button[data-line]");
    if (line) return lineTip(line, line.dataset.line);
    const piece = target.closest("[data-piece]");
    if (piece && find(piece.dataset.piece)) return pieceTipOf(piece, piece.dataset.piece);
    if (!inPanel) return null;
    const chit = target.closest(".sp-chit[data-handle]");
    if (chit) {
      const type = Object.values(v.powers || {}).flatMap((p) => p.chits || []).find((c) => c.handle === chit.dataset.handle)?.type || null;
      return { anchor: chit, ...chitTip(this.pack, t, chit.dataset.handle, type) };
    }
    const tile = target.closest("[data-tile]");
    if (tile) {
      const tip = tileTip(this.pack, v, t, names, tile.dataset.tile);
      return tip ? { anchor: tile, ...tip } : null;
    }
    const cell = target.closest("#sp-record td[data-power]");
    const year = cell?.closest("tr[data-year]")?.dataset.year;
    if (cell && year) return { anchor: cell, ...recordTip(this.pack, v, t, names, cell.dataset.power, Number(year)) };
    const ap = target.closest("#sp-ap");
    if (ap) return { anchor: ap, title: ap.getAttribute("aria-label") || "", lines: [t("sp.x.apTip")] };
    const marker = target.closest("#sp-year");
    if (marker) {
      const last = v.options?.last_year || this.pack.rules.years.at(-1);
      return { anchor: marker, title: marker.textContent, lines: [t("sp.x.yearTip", { first: this.pack.rules.years[0], last })] };
    }
    const money = target.closest(".sp-money");
    if (money) return { anchor: money, title: money.textContent, lines: [t("sp.x.moneyTip")] };
    return null;
  }

  /** The map's SVG titles as accessible names: the popover says what a thing is, and a
   * browser's own tooltip would double it. */
  unTitle() {
    for (const title of this.svg.querySelectorAll("title")) {
      const parent = title.parentNode;
      if (parent && !parent.hasAttribute("aria-label")) parent.setAttribute("aria-label", title.textContent);
      title.remove();
    }
  }

  /** The gold ring, else the city, nearest to a point on the screen, within NEAR_PX. */
  nearest(clientX, clientY) {
    let best = null;
    const rings = new Set(this.targets().keys());
    for (const [city, at] of Object.entries(this.layout.cities)) {
      const p = this.viewport.toScreen(at.x, at.y);
      const d = Math.hypot(p.x - clientX, p.y - clientY) - (rings.has(city) ? NEAR_PX / 2 : 0);
      if (d <= NEAR_PX && (!best || d < best.d)) best = { city, d, target: rings.has(city) };
    }
    return best;
  }

  targets() {
    return cityTargets(this.legal(), this.piece);
  }

  pickCity(city) {
    const lines = this.targets().get(city) || [];
    if (!lines.length) return;
    if (lines.length === 1) return this.send(lines[0]);
    this.openChooser(city, lines);
  }

  openChooser(city, lines) {
    const t = this.t;
    const names = this.names();
    const box = this.chooser;
    this.closePopover(false);
    box.replaceChildren(
      h("p", {}, t("sp.choose", { city: names.city(city) })),
      ...lines.map((text) => h("button", { type: "button", class: "secondary small sp-line", dataset: { line: text }, onclick: () => this.send(text) }, lineWords(t, text, names))),
      h("button", { type: "button", class: "small sp-cancel", onclick: () => this.closeChooser() }, t("sp.cancel")),
    );
    box.hidden = false;
    box.dataset.city = city;
    this.placeBox(box, city);
    box.querySelector("button")?.focus({ preventScroll: true });
  }

  /** Put a box over the map beside a city: under it, or above it when there is no room. */
  placeBox(box, city) {
    const at = this.layout.cities[city];
    if (!at || box.hidden) return;
    const area = this.container.getBoundingClientRect();
    const spot = this.viewport.toScreen(at.x, at.y);
    const reach = 16; // clear of the city's mark and its gold ring
    const width = Math.min(box.offsetWidth || 240, area.width - 8);
    let left = spot.x - area.left - width / 2;
    left = Math.max(4, Math.min(left, area.width - width - 4));
    let top = spot.y - area.top + reach;
    if (top + box.offsetHeight > area.height) top = Math.max(4, spot.y - area.top - reach - box.offsetHeight);
    box.style.left = `${Math.round(left)}px`;
    box.style.top = `${Math.round(top)}px`;
  }

  closeChooser(redraw = true) {
    if (this.chooser.hidden) return;
    this.chooser.hidden = true;
    this.chooser.replaceChildren();
    if (redraw) this.draw();
  }

  /** The popover of the city selected: what stands there, in words. */
  drawPopover(pctx) {
    const box = this.popover;
    const city = this.popCity;
    if (!city || !this.view || !this.pack.cityById.has(city) || !this.chooser.hidden) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    const wasOpen = !box.hidden && box.dataset.city === city;
    box.replaceChildren(...cityPopover(pctx, this.view, this.pack, city, { onPick: (id) => this.select(id), onClose: () => this.closePopover() }));
    box.setAttribute("aria-label", this.names().city(city));
    box.dataset.city = city;
    box.hidden = false;
    this.placeBox(box, city);
    if (!wasOpen) box.scrollTop = 0;
  }

  closePopover(redraw = true) {
    if (!this.popCity) return;
    this.popCity = null;
    if (redraw) this.draw();
    else {
      this.popover.hidden = true;
      this.popover.replaceChildren();
    }
  }

  /** The window onto the map moved or the map changed size: the pieces laid out again for
   * the new scale, the boxes over the map moved with their city. */
  rescale() {
    const unitPx = this.viewport.unitPx();
    if (!unitPx) return;
    this.svg.style.setProperty("--u", String(1 / unitPx));
    this.svg.style.setProperty("--m", String(markScale(unitPx)));
    if (this.view && this.mapOpts && unitPx !== this.mapOpts.unitPx) {
      this.mapOpts = { ...this.mapOpts, unitPx };
      drawPieces(this.svg, this.layout, this.view, this.mapOpts);
      drawTargets(this.svg, this.layout, this.mapOpts);
      this.unTitle();
    }
    this.placeBox(this.popover, this.popCity);
    if (!this.chooser.hidden) this.placeBox(this.chooser, this.chooser.dataset.city);
  }

  /** What the line list is filtered by: the piece or the city selected. */
  selection() {
    const v = this.view;
    const names = this.names();
    if (this.piece) {
      const id = this.piece;
      return { label: id, match: (text) => namesPiece(parseLine(text), id) };
    }
    if (this.city) {
      const city = this.city;
      const here = new Set([...(v.spies || []), ...(v.police || []), ...(v.secrets || [])].filter((x) => x.city === city).map((x) => x.id));
      return {
        label: names.city(city),
        match: (text) => {
          const l = parseLine(text);
          return Boolean(l) && (l.cities.includes(city) || [...l.spies, ...l.police, ...l.secrets].some((id) => here.has(id)));
        },
      };
    }
    return null;
  }

  composer(legal) {
    const v = this.view;
    const d = v.decision;
    const mine = this.myPowers();
    if (!d || !legal.length) return null;
    const onSend = (power) => (to, give, get) => {
      const text = offerLine(power, number, to, give, get);
      if (text) this.send(text, true);
    };
    let number = null;
    if (d.kind === "turn") {
      number = nextOffer(legal);
      const channels = (v.channels || []).filter((c) => mine.includes(c[0])).map((c) => c[1]);
      return offerComposer(this.panelCtx(), v, { power: d.power, number, channels, onSend: onSend(d.power) });
    }
    if (d.kind === "offer" && v.offer) {
      number = `o${Number(String(v.offer.n).replace(/^o/, "")) + 1}`;
      return offerComposer(this.panelCtx(), v, { power: d.power, number, channels: [v.offer.from], onSend: onSend(d.power) });
    }
    return null;
  }

  // ------------------------------------------------------------ drawing

  draw() {
    const v = this.view;
    if (!v) return;
    const t = this.t;
    const legal = this.legal();
    const pctx = this.panelCtx();
    const names = pctx.names;
    if (this.piece && !pctx.selectable.has(this.piece)) this.piece = null;
    // Placing: the lines of one piece at a time (the first still to place, or the one picked).
    const toPlace = [...new Set(legal.map(parseLine).filter((l) => l && l.verb === "place").map((l) => l.args[0]))];
    if (toPlace.length && !this.piece) this.piece = toPlace[0];
    const colours = Object.fromEntries(this.pack.powers.map((p) => [p.id, p.colour]));
    this.mapOpts = {
      colours,
      mine: new Set(this.myPowers()),
      targets: this.targets(),
      selected: this.piece,
      city: this.city,
      acting: v.acting,
      selectable: pctx.selectable,
      describePiece: (k, p) => this.describePiece(k, p),
      labelOf: (city, lines) => lines.map((l) => lineWords(t, l, names)).join(" / "),
      unitPx: this.viewport.unitPx(),
    };
    drawView(this.svg, this.pack, this.layout, v, this.mapOpts);
    this.unTitle();
    this.svg.setAttribute("aria-label", t("sp.board.label"));
    this.drawPopover(pctx);
    const selection = this.selection();
    renderDecision(this.actBox, pctx, v, {
      unseated: !this.ctx.replay && !this.ctx.allSeated(),
      lines: legal,
      selection,
      sending: Boolean(this.sending),
      choose: (text) => this.send(text),
      clear: () => ((this.piece = null), (this.city = null), (this.popCity = null), this.draw()),
      typed: (text) => this.send(text, true),
      composer: this.composer(legal),
      help: legal.length ? decisionHelp(this.pack, v, t, names) : "",
      notOffered: notOffered(this.pack, v, t, names, this.me()),
      tray: toPlace.map((id) => ({ id, label: this.trayLabel(id), selected: id === this.piece })),
      pick: (id) => this.select(id),
    });
    renderTurn(this.turnBox, pctx, v, this.pack);
    renderCity(this.cityBox, pctx, v, this.pack, this.city, (id) => this.select(id));
    renderDiplomacy(this.diploBox, pctx, v, this.myPowers());
    renderYours(this.yoursBox, pctx, v, this.myPowers());
    renderRecord(this.recordBox, pctx, v, this.pack);
    renderPowers(this.powersBox, pctx, v, this.pack);
    const key = JSON.stringify([t("sp.sec.log"), this.history.length, this.history.at(-1)?.n]);
    if (key !== this.logKey) renderLog(this.logBox, pctx, this.logLines(names));
    this.logKey = key;
    this.tabs.update({ due: legal.length > 0, over: Boolean(v.result) });
  }

  logLines(names) {
    const out = [];
    for (const e of this.history.slice(-LOG_LINES)) {
      out.push({ n: e.n, a: typeof e.a === "string" ? e.a : "", text: describeEvent(e, this.t, names), header: e.header });
    }
    return out.reverse();
  }

  tick() {
    const now = Date.now();
    this.ctx.panel.querySelectorAll("[data-deadline]").forEach((el) => {
      const text = countdownText(Number(el.dataset.deadline) - now);
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle("low", Number(el.dataset.deadline) - now < 10000);
    });
  }
}
