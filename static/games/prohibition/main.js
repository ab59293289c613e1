// Prohibition in the room shell (static/js/room.js). The catalogue names this module
// (client_module = /static/games/prohibition/main.js); the interface every game module
// exports is documented in static/games/README.md:
//
//   strings                      its words, {en: {...}, fr: {...}}, merged by the shell
//   mount(container, ctx)        draws the table into `container`, its panels into ctx.panel
//     -> { aspect, render(view), event(evt, view), error(code, message, action),
//          status(view), seatName(seat), seatColour(seat), refresh(), destroy() }
//
// The view is the engine's (engine/prohibition/view.py): the city's public state, every
// truck, the characters, the dice, the display, the seat's own dealt cards and picks, the
// history as this viewer may know it, and `legal`, the action strings this seat may send
// now. Every choice the module offers is one of those strings, sent as
// {"type": "act", "text": <string>}. It never holds a hidden value to hide.
//
// The city (streets, buildings, doors, capacities, cards, dice) comes from the data pack,
// data.json beside this file: a byte copy of engine/prohibition/data.json (tests/client).

import { actionLabel, mapTargets, orderActions, parseAction, truckColour, truckName } from "./actions.js";
import { TRUCK_CSS, deliveryBars, drawBoard, pointOf, streetSpot } from "./board.js";
import { cutTurns, turnSentences, sentence } from "./chronicle.js";
import { buildCity, streetBetween } from "./city.js";
import { describe as describeEvent } from "./describe.js";
import { actionHelp, cardTip, explainEnd, phaseHelp, refusalWords, tableTip, tokenTip, whyNotHere } from "./explain.js";
import { EXPLAIN_STRINGS } from "./explain-strings.js";
import { HINT_STRINGS, hintWords } from "./hint.js";
import { animateCharacter, animateTruck, dropIn, flash } from "./motion.js";
import { actionGroups, h, renderDecision, renderHand, renderLast, renderLog, renderTable, renderTrucks } from "./panels.js";
import { characterPath, truckPath } from "./paths.js";
import { STRINGS } from "./strings.js";
import { attachTips, hideTip, note, showTipFor } from "../../js/explain.js";

export const strings = {
  en: { ...STRINGS.en, ...EXPLAIN_STRINGS.en, ...HINT_STRINGS.en },
  fr: { ...STRINGS.fr, ...EXPLAIN_STRINGS.fr, ...HINT_STRINGS.fr },
};

const DATA_URL = new URL("./data.json", import.meta.url).href;
/** Linked by the shell before it mounts the board (static/games/README.md). */
export const stylesheet = new URL("./prohibition.css", import.meta.url).href;

async function loadCity() {
  const answer = await fetch(DATA_URL);
  if (!answer.ok) throw new Error(`the data pack did not load (${answer.status})`);
  return buildCity(await answer.json());
}

/** The city, read once from the data pack when the module loads. */
export const CITY = await loadCity();

/** One event in words, for the replay's move list (static/js/replay.js). */
export const describe = (event, view, t) => describeEvent(event, view, t, CITY);

const SETUP_PHASES = new Set(["place", "pick"]);

/** Words ended with a full stop, with a capital first when `capital` ("" stays ""). */
function closed(text, capital = false) {
  if (!text) return "";
  const start = capital ? `${text[0].toUpperCase()}${text.slice(1)}` : text;
  return /[.!?]$/.test(start) ? start : `${start}.`;
}

/** Mount Prohibition (ctx: static/games/README.md). */
export function mount(container, ctx) {
  return new ProhibitionTable(container, ctx);
}

class ProhibitionTable {
  constructor(container, ctx) {
    this.ctx = ctx;
    this.t = ctx.t;
    this.city = CITY;
    this.aspect = 1;
    this.view = null;
    this.history = [];
    this.sending = null; // {text, legal}: an action sent, until the legal list changes
    this.selected = null; // a map key with several legal actions, waiting for a choice
    this.paths = { truck: null, char: null };
    this.pending = { moves: [], events: [], timer: null, frame: 0 };

    this.svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    this.svg.id = "board";
    this.svg.classList.add("pz-board");
    this.svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    this.chooser = h("div", { class: "pz-chooser", id: "pz-chooser", role: "dialog", hidden: true });
    this.oldPosition = container.style.position;
    container.style.position = "relative";
    container.replaceChildren(this.svg, this.chooser);
    this.container = container;

    const box = (id, cls) => h("section", { id, class: `pz-panel ${cls}` });
    this.actBox = box("pz-act", "pz-act");
    this.lastBox = box("pz-last-box", "pz-last-box");
    this.lastBox.setAttribute("aria-live", "polite");
    this.handBox = box("pz-hand", "pz-hand-box");
    this.tableBox = box("pz-table", "pz-table");
    this.trucksBox = box("pz-trucks", "pz-trucks");
    this.logBox = box("pz-log-box", "pz-log-box");
    ctx.panel.replaceChildren(this.actBox, this.lastBox, this.handBox, this.tableBox, this.trucksBox, this.logBox);

    this.onClick = (e) => {
      const target = e.target.closest("[data-key]");
      if (target) return this.pick(target.dataset.key, target);
      this.closeChooser();
      this.explainClick(e.target);
    };
    this.onKey = (e) => {
      if (e.key === "Escape") return this.closeChooser();
      if (e.key !== "Enter" && e.key !== " ") return;
      const target = e.target.closest("[data-key]");
      if (!target) return;
      e.preventDefault();
      this.pick(target.dataset.key, target);
    };
    this.svg.addEventListener("click", this.onClick);
    this.svg.addEventListener("keydown", this.onKey);
    // Hover, a long press or a tap names what is under the finger (static/js/explain.js).
    this.tipsOff = attachTips(ctx.root || container, (target) => this.tipFor(target));
  }

  // ------------------------------------------------------------ the interface

  render(view) {
    this.cancelPending();
    this.view = view;
    this.history = Array.isArray(view.history) ? [...view.history] : this.history;
    this.sending = null;
    this.selected = null;
    this.draw();
  }

  event(evt, view) {
    const before = this.view;
    if (evt && Number.isInteger(evt.n) && !this.history.some((e) => e.n === evt.n)) {
      this.history.push({ n: evt.n, by: evt.by, a: evt.a });
      this.history.sort((a, b) => a.n - b.n);
    }
    if (view) this.view = { ...view, history: undefined };
    // What was sent is done with once the seat's own action comes back, or the choices changed.
    const own = evt && Number.isInteger(evt.by) && evt.by === this.view.seat;
    if (this.sending && (own || JSON.stringify(this.view.legal || []) !== this.sending.legal)) this.sending = null;
    if (this.selected && !this.targets().has(this.selected)) this.selected = null;
    const moves = before && view ? this.changes(before, this.view, evt) : [];
    for (const m of moves) {
      if (m.kind === "truck") this.paths.truck = { kind: "truck", points: m.points.map(([x, y]) => [x, y]), names: m.names };
      if (m.kind === "char") this.paths.char = { kind: "char", points: m.points, names: m.names };
    }
    this.pending.moves.push(...moves);
    if (evt) this.pending.events.push(evt);
    this.scheduleDraw();
  }

  /**
   * The events of one action come one frame each, with the same view: draw once for them
   * (at the next animation frame, or soon after in a background tab), then animate.
   */
  scheduleDraw() {
    if (this.pending.timer) return;
    const flush = () => {
      cancelAnimationFrame(this.pending.frame);
      clearTimeout(this.pending.timer);
      this.pending.timer = null;
      const { moves, events } = this.pending;
      this.pending.moves = [];
      this.pending.events = [];
      if (!this.view) return;
      this.draw();
      this.animate(moves, events);
    };
    this.pending.frame = requestAnimationFrame(flush);
    this.pending.timer = setTimeout(flush, 120);
  }

  error() {
    this.sending = null;
    this.draw();
  }

  /** The shell's hint (a `hint` frame, or null to take it down): its words; the suggested
   * action's button is marked, not pressed. */
  showHint(hint) {
    const text = hint ? String(hint.action.text) : null;
    for (const b of (this.ctx.root || document).querySelectorAll(".pz-action")) b.classList.toggle("hinted", b.dataset.action === text);
    return hint ? hintWords(hint, this.t, this.city, this.view) : null;
  }

  /** The server refused one of our actions: why, in the page's words. */
  explainError(code) {
    return refusalWords(code, this.t);
  }

  /** The end explained for the result panel: why it ended, each seat's score by its rules. */
  explainResult(view = this.view) {
    if (!view) return [];
    return explainEnd(this.city, { ...view, history: this.history }, this.t, (s) => this.seatName(s));
  }

  status(view = this.view) {
    if (!view) return { phase: "setup", actors: [], result: null };
    const t = this.t;
    const phase = view.result ? "over" : SETUP_PHASES.has(view.phase) ? "setup" : "play";
    // Nobody is asked to act before every seat is taken (no panel, no cue, no seat lit).
    const actors = Array.isArray(view.to_act) && this.ctx.allSeated() ? view.to_act : [];
    // The server allows an abort only before any seat's action (moves_played 0): a bot's
    // placement already counts.
    const acted = this.history.some((e) => Number.isInteger(e.by));
    const out = { phase, actors, result: view.result || null, abortable: phase === "setup" && !acted };
    const mine = this.ctx.seat ?? null;
    const names = (seats) => seats.map((s) => this.seatName(s)).join(", ");
    if (phase === "setup") {
      if (!this.ctx.allSeated()) out.text = t("pz.status.waitPlayers");
      else if (view.phase === "place") {
        const act = parseAction((view.legal || [])[0]);
        if (mine !== null && actors.includes(mine) && act) out.text = t("pz.status.youPlace", { truck: truckName(t, this.city, act.truck) });
        else out.text = t("pz.status.placing", { seat: names(actors) });
      } else if (mine !== null && actors.includes(mine)) {
        out.text = t("pz.status.youPick");
      } else if (mine !== null) {
        out.text = t("pz.status.picked", { seats: names(actors) });
      } else {
        out.text = t("pz.status.picking", { seats: names(actors) });
      }
    } else if (phase === "play" && mine !== null && actors.includes(mine)) {
      const truck = view.active ? truckName(t, this.city, view.active) : "";
      out.hint = t(`pz.hint.${view.phase}`, { truck });
    }
    if (phase === "over") out.note = t("pz.over.note");
    return out;
  }

  seatEntry(seat) {
    return (this.view?.seats || []).find((s) => s.player === seat) || null;
  }

  seatName(seat) {
    const entry = this.seatEntry(seat);
    if (!entry || !entry.trucks.length) return this.t("landing.seat", { n: seat + 1 });
    return entry.trucks.map((tr) => truckName(this.t, this.city, tr)).join(" + ");
  }

  seatColour(seat) {
    const entry = this.seatEntry(seat);
    const colour = entry && entry.trucks.length ? truckColour(this.city, entry.trucks[0]) : "";
    return TRUCK_CSS[colour] || "var(--gold)";
  }

  refresh() {
    this.draw();
  }

  cancelPending() {
    cancelAnimationFrame(this.pending.frame);
    clearTimeout(this.pending.timer);
    this.pending = { moves: [], events: [], timer: null, frame: 0 };
  }

  destroy() {
    this.cancelPending();
    this.tipsOff?.();
    this.svg.removeEventListener("click", this.onClick);
    this.svg.removeEventListener("keydown", this.onKey);
    this.container.replaceChildren();
    this.container.style.position = this.oldPosition;
    this.ctx.panel.replaceChildren();
    this.view = null;
  }

  // ------------------------------------------------------------ what may be chosen

  myTrucks() {
    const entry = this.seatEntry(this.ctx.seat ?? -1);
    return entry ? entry.trucks : [];
  }

  legal() {
    const v = this.view;
    if (!v || this.ctx.seat === null || this.ctx.seat === undefined || v.result || this.sending) return [];
    // Before every seat is taken the game waits for its players: nothing is offered yet.
    if (!this.ctx.replay && !this.ctx.allSeated()) return [];
    return Array.isArray(v.legal) ? v.legal : [];
  }

  /** Map key ("s:C3-D3", "i:D4", "t:T2") → the legal actions chosen there. */
  targets() {
    return mapTargets(this.city, this.legal(), this.view?.specials);
  }

  send(text) {
    if (!this.legal().includes(text)) return;
    const act = parseAction(text);
    this.sending = { text, legal: JSON.stringify(this.view.legal || []) };
    this.selected = null;
    this.closeChooser();
    // A pick answers the simultaneous phase (never stale); every other action is a turn's.
    this.ctx.send({ type: "act", text }, { versioned: act?.kind !== "pick" });
    this.draw();
  }

  /** A click (or Enter) on a map target: one action is sent, several open the chooser. */
  pick(key, element) {
    const texts = this.targets().get(key);
    if (!texts || !texts.length) return;
    if (texts.length === 1) return this.send(texts[0]);
    this.selected = key;
    this.draw();
    this.openChooser(key, texts, element);
  }

  openChooser(key, texts, element) {
    const t = this.t;
    const box = this.chooser;
    const where = key.slice(2);
    const buttons = orderActions(this.city, texts, this.view.display).map((text) =>
      h("button", { type: "button", class: "secondary small pz-action", dataset: { action: text }, onclick: () => this.send(text) }, actionLabel(t, this.city, text, this.view.specials)),
    );
    box.replaceChildren(h("p", {}, t("pz.choose", { where })), ...buttons, h("button", { type: "button", class: "small pz-cancel", onclick: () => this.closeChooser() }, t("pz.cancel")));
    box.hidden = false;
    const area = this.container.getBoundingClientRect();
    const spot = (this.svg.querySelector(`[data-key="${key}"]`) || element).getBoundingClientRect();
    const width = Math.min(box.offsetWidth || 240, area.width - 8);
    let left = spot.left - area.left + spot.width / 2 - width / 2;
    left = Math.max(4, Math.min(left, area.width - width - 4));
    let top = spot.bottom - area.top + 6;
    if (top + box.offsetHeight > area.height) top = Math.max(4, spot.top - area.top - box.offsetHeight - 6);
    box.style.left = `${left}px`;
    box.style.top = `${top}px`;
    box.querySelector("button")?.focus({ preventScroll: true });
  }

  closeChooser() {
    if (this.chooser.hidden && !this.selected) return;
    this.chooser.hidden = true;
    this.chooser.replaceChildren();
    if (this.selected) {
      this.selected = null;
      this.draw();
    }
  }

  // ------------------------------------------------------------ explanations

  /** What a thing on the table is: {kind, id} from the element under the pointer, or null. */
  tableThing(target) {
    if (!this.svg.contains(target)) return null;
    const el = target.closest("[data-key], [data-glow], .score-marker, [data-truck], [data-char], [data-bar], [data-building], [data-street], [data-inter]");
    if (!el) return null;
    const key = el.dataset.key || el.dataset.glow;
    if (key) {
      const kind = { s: "street", i: "inter", t: "truck" }[key[0]];
      return { el, kind, id: key.slice(2), key };
    }
    if (el.classList.contains("score-marker")) return { el, kind: "marker", id: el.dataset.truck };
    if (el.dataset.truck) return { el, kind: "truck", id: el.dataset.truck };
    if (el.dataset.char) return { el, kind: "char", id: el.dataset.char };
    if (el.dataset.bar || el.dataset.building) return { el, kind: "building", id: el.dataset.bar || el.dataset.building };
    if (el.dataset.street) return { el, kind: "street", id: el.dataset.street };
    return { el, kind: "inter", id: el.dataset.inter };
  }

  /** The popover for what is under the pointer: a place or piece of the table, a card, a token, a choice. */
  tipFor(target) {
    const v = this.view;
    if (!v) return null;
    const t = this.t;
    const thing = this.tableThing(target);
    if (thing) {
      const tip = tableTip(this.city, v, t, thing, (s) => this.seatName(s));
      if (!tip) return null;
      // A gold place: what choosing it does comes first.
      const choices = thing.key ? (this.targets().get(thing.key) || []).map((text) => actionHelp(this.city, v, t, text)) : [];
      return { anchor: thing.el, title: tip.title, lines: [...choices, ...tip.lines] };
    }
    const card = target.closest("[data-card]");
    if (card && this.ctx.panel.contains(card)) {
      const tip = cardTip(this.city, t, card.dataset.card, { down: card.dataset.down === "1", where: card.dataset.where });
      const doing = card.dataset.action && this.legal().includes(card.dataset.action) ? [actionHelp(this.city, v, t, card.dataset.action)] : [];
      return tip ? { anchor: card, title: tip.title, lines: [...doing, ...tip.lines] } : null;
    }
    const token = target.closest("[data-token]");
    if (token && this.ctx.panel.contains(token)) return { anchor: token, ...tokenTip(t, token.dataset.token) };
    const button = target.closest("button[data-action]");
    if (button && (this.ctx.panel.contains(button) || this.chooser.contains(button))) {
      const help = actionHelp(this.city, v, t, button.dataset.action);
      return help ? { anchor: button, title: button.getAttribute("aria-label") || button.textContent, lines: [help] } : null;
    }
    return null;
  }

  /** A click on the map that chooses nothing: why, when it looks like an answer to the decision; else what is there. */
  explainClick(target) {
    const thing = this.tableThing(target);
    if (!thing || !this.view) return;
    const why = whyNotHere(this.city, this.view, this.t, thing, this.legal());
    if (why) note(why, { anchor: thing.el, area: this.container });
    else {
      hideTip();
      showTipFor(thing.el);
    }
  }

  // ------------------------------------------------------------ drawing

  draw() {
    if (!this.view) return;
    const t = this.t;
    const v = this.view;
    const city = this.city;
    const targets = this.targets();
    const legal = this.legal();
    const labelOf = (key) => (targets.get(key) || []).map((text) => actionLabel(t, city, text, v.specials)).join(" / ");
    drawBoard(
      this.svg,
      city,
      v,
      { targets, selected: this.selected, deliverTo: deliveryBars(city, legal), labelOf, paths: [this.paths.truck, this.paths.char] },
      t,
    );
    this.drawPanels(targets, legal);
  }

  decision(legal) {
    const v = this.view;
    const t = this.t;
    const city = this.city;
    const mine = this.ctx.seat ?? null;
    if (mine === null || v.result) return null;
    if (this.sending) return { prompt: t("pz.prompt.sent"), groups: [], sending: true, choose: () => {} };
    if (!legal.length) return null;
    const truck = v.active ? truckName(t, city, v.active) : "";
    let prompt = "";
    if (v.phase === "place") prompt = t("pz.prompt.place", { truck: truckName(t, city, parseAction(legal[0]).truck) });
    else if (v.phase === "pick") {
      const owed = [...new Set(legal.map((x) => parseAction(x)?.truck).filter(Boolean))];
      prompt = owed.map((tr) => t("pz.prompt.pick", { truck: truckName(t, city, tr) })).join(" ");
    } else if (v.phase === "character") {
      const dice = v.dice ? `${[...v.dice.characters].map((c) => t(`pz.charShort.${c}`)).join(" / ")} · ${v.dice.number}` : "";
      prompt = t("pz.prompt.character", { dice });
    } else prompt = t(`pz.prompt.${v.phase}`, { truck });
    const selectedTexts = new Set(this.selected ? this.targets().get(this.selected) || [] : []);
    return {
      prompt,
      help: phaseHelp(v, t),
      dice: v.phase === "character" || v.phase === "truck" ? v.dice : null,
      groups: actionGroups(city, t, orderActions(city, legal, v.display), v.specials, selectedTexts),
      sending: false,
      choose: (text) => this.send(text),
    };
  }

  lines() {
    const t = this.t;
    const city = this.city;
    const v = this.view;
    const { setup, turns } = cutTurns(city, this.history, v);
    const turnLine = (turn) => ({
      truck: turn.truck,
      label: t("pz.turnLabel", { round: turn.round, slot: turn.slot, truck: "" }).trim(),
      text: closed(turnSentences(t, city, turn, v).join("; ")),
    });
    const setupLines = setup.map((e) => ({ truck: "", label: t("pz.setupLabel"), text: closed(sentence(t, city, e, v), true) })).filter((l) => l.text);
    const turnLines = turns.map(turnLine).filter((l) => l.text);
    return { setupLines, turnLines, ntrucks: (v.trucks || []).length || 1 };
  }

  drawPanels(targets, legal) {
    const t = this.t;
    const city = this.city;
    const v = this.view;
    renderDecision(this.actBox, city, t, this.decision(legal));
    const { setupLines, turnLines, ntrucks } = this.lines();
    const recent = turnLines.length ? turnLines.slice(-ntrucks).reverse() : setupLines.slice(-4).reverse();
    // Told again only when something new happened (the box is read out as it changes).
    const lastKey = JSON.stringify([t("pz.sec.last"), recent]);
    if (lastKey !== this.lastKey) renderLast(this.lastBox, city, t, recent);
    this.lastKey = lastKey;
    const handlers = (prefix) => new Map(legal.filter((x) => x.startsWith(prefix)).map((x) => [x, () => this.send(x)]));
    renderHand(this.handBox, city, t, v, handlers("pick "));
    renderTable(this.tableBox, city, t, v, handlers("load "));
    renderTrucks(this.trucksBox, city, t, v, { mine: this.myTrucks(), seatOf: (tr) => this.seatName(tr.player) });
    const log = [...turnLines].reverse().concat([...setupLines].reverse());
    const logKey = JSON.stringify([t("pz.sec.log"), log.length, log[0]]);
    if (logKey !== this.logKey) renderLog(this.logBox, city, t, log);
    this.logKey = logKey;
  }

  // ------------------------------------------------------------ animation

  /** What moved between two views: trucks and characters, with a path for each. */
  changes(before, after, evt) {
    const city = this.city;
    const out = [];
    const truckStreets = (view, except) => new Set((view.trucks || []).filter((tr) => tr.id !== except && tr.street).map((tr) => tr.street));
    const charSpots = (view, except) => new Set(Object.entries(view.characters || {}).filter(([c, x]) => c !== except && x.at).map(([, x]) => x.at));
    const go = parseAction(evt?.a);
    for (const tr of after.trucks || []) {
      const old = (before.trucks || []).find((x) => x.id === tr.id);
      if (!tr.street || (old && old.street === tr.street)) continue;
      if (!old || !old.street) {
        out.push({ kind: "truck-drop", id: tr.id });
        continue;
      }
      let lengths = [1, 2, 3, 4];
      if (go && go.kind === "go" && go.street === tr.street && go.count) {
        const value = city.cubeInfo[go.colour]?.streets ?? 1;
        lengths = (after.options || {}).delivery_distance === "at_most" ? Array.from({ length: value }, (_, i) => i + 1) : [value];
      }
      const chain =
        truckPath(city, old.street, tr.street, { lengths, trucks: truckStreets(after, tr.id), chars: charSpots(after, null) }) ||
        truckPath(city, old.street, tr.street, { lengths: [1, 2, 3, 4, 5, 6] }) ||
        [];
      const a = streetSpot(city, old.street);
      const b = streetSpot(city, tr.street);
      const points = [[a.x, a.y, a.angle]];
      chain.forEach((inter, i) => {
        const [x, y] = pointOf(city, inter);
        const next = i + 1 < chain.length ? chain[i + 1] : null;
        const leaving = next ? streetBetween(city, inter, next) : tr.street;
        points.push([x, y, city.streets.get(leaving).axis === "v" ? 90 : 0]);
      });
      points.push([b.x, b.y, b.angle]);
      out.push({ kind: "truck", id: tr.id, points, names: [old.street, ...chain, tr.street] });
    }
    for (const c of city.characters) {
      const was = before.characters?.[c.id]?.at || null;
      const now = after.characters?.[c.id]?.at || null;
      if (!now || was === now) continue;
      if (!was) {
        out.push({ kind: "char-drop", id: c.id });
        continue;
      }
      const steps = after.dice?.number;
      const tries = steps ? [steps, 1, 2, 3] : [1, 2, 3];
      let walk = null;
      for (const n of tries) {
        walk = characterPath(city, was, now, n, { trucks: truckStreets(after, null), chars: charSpots(after, c.id) });
        if (walk) break;
      }
      walk = walk || [was, now];
      out.push({ kind: "char", id: c.id, points: walk.map((i) => pointOf(city, i)), names: walk });
    }
    return out;
  }

  animate(moves, events) {
    for (const m of moves) {
      if (m.kind === "truck") animateTruck(this.svg, m.id, m.points);
      else if (m.kind === "char") animateCharacter(this.svg, m.id, m.points);
      else if (m.kind === "truck-drop") dropIn(this.svg.querySelector(`.truck[data-truck="${m.id}"]`));
      else if (m.kind === "char-drop") dropIn(this.svg.querySelector(`.char[data-char="${m.id}"]`));
    }
    for (const evt of events) {
      const act = String(evt?.a || "");
      if (act.startsWith("take ")) flash(this.svg.querySelector(`.truck[data-truck="${act.split(" ")[2]}"]`), "#e5484d");
      const go = parseAction(act);
      if (go && go.kind === "go" && go.count) {
        const slot = this.city.buildingAtDoor.get(go.street);
        if (slot) flash(this.svg.querySelector(`[data-building="${slot}"]`));
      }
    }
  }
}
