// Flickago in the room shell (static/js/room.js). The catalogue names this module
// (client_module = /static/games/flickago/main.js); the interface every game module exports
// is documented in static/games/README.md.
//
// The view is the engine's (engine/flickago/view.py), the same for every viewer: the pieces'
// positions, both reserves, the flicks of each disc, the eliminated discs, the waiting
// inspectors, whose turn, the provisional score, `legal` (the discrete choices: "^wT3",
// "wT3@T2", "wF2", "I2>S3"), the last shot's event and the record's turns. A shot is aimed
// by dragging back from a disc and sent as {"type": "shot", piece, from, angle, power} with
// integer angle (tenths of a degree, board coordinates) and power (1–1000); a return as
// {"type": "return", piece}; an inspector's star as {"type": "place", inspector, star}.
//
// A shot comes back as a `shot` event with the server's keyframes: every viewer plays them at
// real speed from the moment it arrives (players and spectators in step), snaps to the rest
// positions, shows what resolution removed, then draws the view that came with the event.
//
// The board (sectors, HQs, launch points, zones, stars, piece sizes, shot strength) comes
// from the data pack, data.json beside this file: a byte copy of engine/flickago/data.json.

import { enableAim } from "./aim.js";
import { attachTips, hideTip, note, showTipFor } from "../../js/explain.js";
import { choiceHelp, choicesHelp, chipTip, explainEnd, ghostTip, pieceTip, placeTip, refusalWords, whyNot } from "./explain.js";
import { EXPLAIN_STRINGS } from "./explain-strings.js";
import { HINT_STRINGS, hintWords } from "./hint.js";
import { createLayers, drawAim, drawMarks, drawPieces, drawPrint, drawTrails, pieceShape, placeAt } from "./board.js";
import { aspectOf, buildBoard, isInspector, kindOf, radius, toScreen } from "./geometry.js";
import { h, renderAct, renderLast, renderLog, renderReserves, renderScore } from "./panels.js";
import { pause, play, tracks, trails } from "./playback.js";
import { breakdown } from "./scoring.js";
import { STRINGS } from "./strings.js";
import { angleWords, choiceLabel, pieceName, sideName } from "./words.js";

export const strings = {
  en: { ...STRINGS.en, ...EXPLAIN_STRINGS.en, ...HINT_STRINGS.en },
  fr: { ...STRINGS.fr, ...EXPLAIN_STRINGS.fr, ...HINT_STRINGS.fr },
};
/** One event in words, for the replay's move list (static/js/replay.js). */
export { describe } from "./describe.js";

const DATA_URL = new URL("./data.json", import.meta.url).href;
/** Linked by the shell before it mounts the board (static/games/README.md). */
export const stylesheet = new URL("./flickago.css", import.meta.url).href;

async function loadBoard() {
  const answer = await fetch(DATA_URL);
  if (!answer.ok) throw new Error(`the data pack did not load (${answer.status})`);
  return buildBoard(await answer.json());
}

/** The board, read once from the data pack when the module loads. */
export const BOARD = await loadBoard();

/** The seats' colours in the shell (bars, chat): readable on the dark and the light scheme. */
const SEAT_CSS = { w: "#d4c6a1", b: "#4a4540" };
/** How long what resolution removed is shown before the next view is drawn (ms). */
const RESOLUTION_MS = 650;

/** Mount Flickago (ctx: static/games/README.md). */
export function mount(container, ctx) {
  return new FlickagoTable(container, ctx);
}

/** The platform's result (static/games/README.md) for the view's `result`. */
export function platformResult(view) {
  const r = view?.result;
  if (!r) return null;
  const seats = view.seats || {};
  if (r.reason === "aborted") return { outcome: "aborted", reason: "aborted", winner: null, winners: [] };
  const sideOfSeat = (seat) => (seats.w === seat ? "w" : "b");
  const scores = [0, 1].map((seat) => r.score?.[sideOfSeat(seat)] ?? 0);
  const reason = r.reason === "time" ? "timeout" : r.reason;
  if (!r.winner) return { outcome: "draw", reason, winner: null, winners: [], scores };
  const winner = seats[r.winner];
  return { outcome: "win", reason, winner, winners: [winner], scores };
}

class FlickagoTable {
  constructor(container, ctx) {
    this.ctx = ctx;
    this.t = ctx.t;
    this.B = BOARD;
    this.aspect = aspectOf(BOARD);
    this.view = null; // the latest view
    this.shown = null; // the view drawn on the board (behind `view` while a shot plays)
    this.history = [];
    this.queue = [];
    this.pumping = false;
    this.playing = null; // {skip} while a shot plays
    this.skipping = false;
    this.sending = null; // the action sent, until an event or an error comes back
    this.selected = new Set(); // reserve discs the player chose to launch next (one per kind)
    this.typed = { choice: "", angle: null, power: 550, open: false }; // the typed shot's fields, kept across draws
    this.trailPaths = [];
    this.printKey = "";
    this.destroyed = false;
    this.generation = 0; // a full render starts a new one: a shot still playing is dropped

    this.svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    this.svg.id = "board";
    this.svg.classList.add("fg-board");
    this.svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    this.layers = createLayers(this.svg, this.B);
    // Not a live region: it changes with every pointer move while aiming.
    this.readout = h("div", { class: "fg-readout", id: "fg-readout", hidden: true });
    this.skipButton = h("button", { type: "button", class: "secondary small fg-skip-board", id: "fg-skip-board", hidden: true, onclick: () => this.playing?.skip() });
    // Over the board when no shot is left: what to do, and the buttons that do it.
    this.note = h("div", { class: "fg-board-note", id: "fg-board-note", hidden: true });
    this.oldPosition = container.style.position;
    container.style.position = "relative";
    container.replaceChildren(this.svg, this.readout, this.note, this.skipButton);
    this.container = container;

    const box = (id) => h("section", { id, class: `fg-panel ${id}` });
    this.actBox = box("fg-act");
    this.lastBox = box("fg-last-box");
    this.scoreBox = box("fg-score");
    this.reserveBox = box("fg-reserves");
    this.logBox = box("fg-log-box");
    ctx.panel.replaceChildren(this.actBox, this.lastBox, this.scoreBox, this.reserveBox, this.logBox);

    this.aimer = enableAim(this.svg, this.B, {
      enabled: () => this.canAct(),
      turned: () => this.turned(),
      info: (node) => this.aimInfo(node),
      update: (aim, info) => this.showAim(aim, info),
      release: (shot, info) => this.shoot(shot, info),
      cancel: () => this.showAim(null, null, true),
      short: (info) => note(this.t("fg.x.why.short"), { anchor: this.svg.querySelector(`[data-aim="${info.choice}"]`), area: this.container }),
    });
    this.onClick = (e) => {
      const star = e.target.closest?.("[data-place]");
      if (star) this.placeOn(star.dataset.place);
      const disc = e.target.closest?.("[data-return]");
      if (disc) this.sendChoice(`^${disc.dataset.return}`);
      if (!star && !disc) this.explainClick(e.target);
    };
    this.onKey = (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      const star = e.target.closest?.("[data-place]");
      const disc = e.target.closest?.("[data-return]");
      if (!star && !disc) return;
      e.preventDefault();
      if (star) this.placeOn(star.dataset.place);
      else this.sendChoice(`^${disc.dataset.return}`);
    };
    this.svg.addEventListener("click", this.onClick);
    this.svg.addEventListener("keydown", this.onKey);
    // A drag from a disc that cannot be shot: why, when the finger or the mouse lets go.
    this.onPress = (e) => this.pressed(e);
    this.onRelease = (e) => this.released(e);
    this.onPointerType = (e) => (this.pointerType = e.pointerType);
    this.svg.addEventListener("pointerdown", this.onPress);
    window.addEventListener("pointerup", this.onRelease);
    window.addEventListener("pointerdown", this.onPointerType, true);
    // Hover, a long press or a tap names what is under the pointer (static/js/explain.js).
    this.tipsOff = attachTips(ctx.root || container, (target) => this.tipFor(target));
  }

  // ------------------------------------------------------------ the interface

  render(view) {
    this.stopPlayback();
    this.skipping = false;
    this.view = view;
    this.shown = view;
    this.history = Array.isArray(view.history) ? view.history.map((turn) => ({ ...turn })) : this.history;
    this.sending = null;
    // The last shot's traces: its event is the last shot of the history (a welcome's, or the
    // one this module kept from the events it was given: a replay's steps).
    const last = this.history.findLast((turn) => turn.shot && turn.keyframes);
    this.trailPaths = last ? trails(last, null, this.launchPoint(last)) : [];
    this.draw();
  }

  event(evt, view) {
    if (evt) this.record(evt);
    if (!view) return;
    this.view = { ...view, history: undefined };
    this.sending = null;
    if (evt && evt.type === "shot" && !this.aimer.active()) this.readout.hidden = true;
    this.queue.push({ evt, view: this.view });
    this.pump();
  }

  /** The shell's hint (a `hint` frame, or null to take it down): the shot, return or
   * placement the computer would play, in words (nothing is played). */
  showHint(hint) {
    return hint ? hintWords(hint, this.t) : null;
  }

  /** The server refused one of our actions: its reason in the page's words (else the shell's). */
  explainError(code, message) {
    return refusalWords(this.t, code, message);
  }

  /** The end explained for the result panel: why it ended, each side's score zone by zone. */
  explainResult(view = this.view, t = this.t) {
    return view ? explainEnd(this.B, view, t) : [];
  }

  error() {
    this.sending = null;
    this.showAim(null, null, true);
    this.draw();
  }

  status(view = this.view) {
    if (!view) return { phase: "setup", actors: [], result: null };
    const t = this.t;
    const result = platformResult(view);
    if (result) return { phase: "over", actors: [], result };
    const moves = (view.shots || 0) + (view.passes || 0);
    if (!this.ctx.allSeated()) return { phase: "setup", actors: [], result: null, abortable: true, text: t("fg.status.waitPlayers") };
    const actor = view.seats?.[view.to_move];
    const out = { phase: "play", actors: Number.isInteger(actor) ? [actor] : [], result: null, abortable: moves === 0 };
    if (this.mySide() && this.mySide() === view.to_move) {
      if (this.playing || this.queue.length) out.hint = t("fg.hint.watch");
      else if (view.phase === "place_inspector") out.hint = t("fg.hint.place", { inspector: view.waiting?.[0] ?? "" });
      else out.hint = noShotLeft(view.legal) ? t("fg.hint.noShot") : t("fg.hint.shoot");
    }
    return out;
  }

  seatName(seat) {
    const seats = this.view?.seats;
    if (!seats) return this.t("landing.seat", { n: seat + 1 });
    return sideName(this.t, seats.w === seat ? "w" : "b");
  }

  seatColour(seat) {
    const seats = this.view?.seats;
    if (!seats) return "var(--gold)";
    return SEAT_CSS[seats.w === seat ? "w" : "b"];
  }

  refresh() {
    this.printKey = "";
    this.draw();
  }

  destroy() {
    this.destroyed = true;
    this.stopPlayback();
    this.aimer.remove();
    this.svg.removeEventListener("click", this.onClick);
    this.svg.removeEventListener("keydown", this.onKey);
    this.svg.removeEventListener("pointerdown", this.onPress);
    window.removeEventListener("pointerup", this.onRelease);
    window.removeEventListener("pointerdown", this.onPointerType, true);
    this.tipsOff?.();
    this.container.replaceChildren();
    this.container.style.position = this.oldPosition;
    this.ctx.panel.replaceChildren();
    this.view = null;
    this.shown = null;
  }

  // ------------------------------------------------------------ the record

  /** Keep the record's turns as the engine does (engine/flickago/match.py, advance). */
  record(evt) {
    const { type, ...data } = evt;
    if (type === "shot" || type === "pass") {
      if (!this.history.some((turn) => turn.ply === data.ply && Boolean(turn.pass) === (type === "pass"))) this.history.push(data);
      this.history.sort((a, b) => a.ply - b.ply);
    } else if (type === "inspectors") {
      const turn = this.history.find((x) => x.ply === data.ply && !x.pass);
      if (turn && turn.resolution) {
        const given = new Map((data.inspectors || []).map((entry) => [entry[0], entry]));
        turn.resolution = { ...turn.resolution, inspectors: turn.resolution.inspectors.map((entry) => given.get(entry[0]) || entry) };
      }
    }
  }

  // ------------------------------------------------------------ who may do what

  mySide() {
    const seats = (this.view || this.shown)?.seats;
    const seat = this.ctx.seat;
    if (!seats || seat === null || seat === undefined) return null;
    return seats.w === seat ? "w" : seats.b === seat ? "b" : null;
  }

  /** Black sees the board turned a half turn, so that he shoots from the bottom too. */
  turned() {
    return this.mySide() === "b";
  }

  myTurn() {
    const v = this.view;
    return Boolean(v && !v.result && v.phase !== "over" && this.mySide() && v.to_move === this.mySide());
  }

  /** The player may act on the board now: both seats taken, his turn, nothing sent, no shot playing. */
  canAct() {
    return this.myTurn() && this.ctx.allSeated() && !this.sending && !this.playing && !this.queue.length && this.shown === this.view;
  }

  legal() {
    return this.canAct() && Array.isArray(this.view.legal) ? this.view.legal : [];
  }

  launchPoint(turn) {
    if (!turn?.shot?.from) return null;
    const p = this.B.sides[turn.side]?.points.find((x) => x.id === turn.shot.from);
    return p ? [p.x, p.y] : null;
  }

  send(action) {
    if (!this.canAct()) return;
    this.sending = action;
    this.ctx.send(action, { versioned: true });
    this.draw();
  }

  /** A choice string or an action object from the panel. */
  sendChoice(choice) {
    if (typeof choice !== "string") return this.send(choice);
    if (!this.legal().includes(choice)) return;
    if (choice.startsWith("^")) return this.send({ type: "return", piece: choice.slice(1) });
    if (choice.includes(">")) {
      const [inspector, star] = choice.split(">");
      return this.send({ type: "place", inspector, star });
    }
  }

  placeOn(star) {
    const choice = this.legal().find((c) => c.includes(">") && c.split(">")[1] === star);
    if (choice) this.sendChoice(choice);
  }

  pickReserve(piece) {
    const had = this.selected.has(piece);
    for (const p of [...this.selected]) if (kindOf(p) === kindOf(piece)) this.selected.delete(p);
    if (!had) this.selected.add(piece);
    this.draw();
  }

  // ------------------------------------------------------------ aiming

  aimInfo(node) {
    const choice = node.dataset.aim;
    if (!choice || !this.legal().some((c) => c === choice)) return null;
    const [piece, from] = choice.split("@");
    let x;
    let y;
    if (from) {
      const p = this.B.sides[this.mySide()].points.find((q) => q.id === from);
      if (!p) return null;
      [x, y] = [p.x, p.y];
    } else {
      const at = this.shown.pos[piece];
      if (!at) return null;
      [x, y] = at;
    }
    const [sx, sy] = toScreen(this.B, x, y, this.turned());
    return { choice, piece, from: from ?? null, x: sx, y: sy, r: radius(this.B, piece) };
  }

  showAim(aim, info, clear = false) {
    const t = this.t;
    drawAim(this.layers.aim, this.B, aim ? aim.drawn : null);
    if (clear || !info) {
      if (!this.sending) this.readout.hidden = true;
      return;
    }
    const what = info.from ? t("fg.choice.launch", { piece: info.piece, point: info.from }) : t("fg.choice.reflick", { piece: info.piece });
    const parts = [h("span", { class: "fg-readout-what" }, what)];
    if (aim) {
      parts.push(
        h("span", { class: "fg-readout-num", id: "fg-angle", dataset: { angle: String(aim.angle) } }, t("fg.aim.angle", { angle: aim.angle, degrees: angleWords(t, aim.angle) })),
        h("span", { class: "fg-readout-num", id: "fg-power", dataset: { power: String(aim.power) } }, t("fg.aim.power", { power: aim.power })),
        powerBar(aim.power, this.B.powerMax),
        h("span", { class: "fg-readout-help" }, t("fg.aim.release")),
      );
    } else {
      parts.push(h("span", { class: "fg-readout-help" }, t("fg.aim.pull")));
    }
    this.readout.replaceChildren(...parts);
    this.readout.hidden = false;
  }

  shoot(shot, info) {
    if (!this.canAct()) return this.showAim(null, null, true);
    const action = { type: "shot", piece: info.piece, from: info.from, angle: shot.angle, power: shot.power };
    this.readout.replaceChildren(
      h("span", { class: "fg-readout-what" }, this.t("fg.aim.sent")),
      h("span", { class: "fg-readout-num", id: "fg-angle", dataset: { angle: String(shot.angle) } }, this.t("fg.aim.angle", { angle: shot.angle, degrees: angleWords(this.t, shot.angle) })),
      h("span", { class: "fg-readout-num", id: "fg-power", dataset: { power: String(shot.power) } }, this.t("fg.aim.power", { power: shot.power })),
    );
    this.readout.hidden = false;
    this.typed.choice = info.choice;
    this.typed.angle = shot.angle;
    this.typed.power = shot.power;
    this.send(action);
  }

  // ------------------------------------------------------------ the shot played back

  async pump() {
    if (this.pumping) return;
    this.pumping = true;
    const generation = this.generation;
    try {
      while (this.queue.length && !this.destroyed) {
        const item = this.queue.shift();
        const evt = item.evt;
        if (evt && evt.type === "shot" && this.shown) {
          // Played back only from the board as it stood just before the shot: a replay after a
          // reconnection brings each missed event with the view as it stands now, and only the
          // first of them starts from what this page shows.
          const fresh = moveCount(this.shown) === evt.ply - 1;
          this.lastRemoved = new Set(evt.resolution?.removed || []);
          this.lastRest = evt.rest || {};
          if (document.hidden || this.skipping || !fresh) {
            this.trailPaths = trails(evt, this.shown.pos, this.launchPoint(evt));
          } else {
            await this.playShot(evt);
          }
        }
        if (this.destroyed || generation !== this.generation) return;
        const appeared = this.appeared(this.shown, item.view);
        this.shown = item.view;
        if (!this.queue.length) this.skipping = false;
        this.draw();
        this.dropIn(appeared);
        if (evt?.type === "shot") this.ctx.changed();
      }
    } finally {
      this.pumping = false;
    }
    // Events that came while a dropped shot was finishing are played now.
    if (this.queue.length && !this.destroyed) this.pump();
  }

  /** Inspectors put (back) on a star between two views: they drop in. */
  appeared(before, after) {
    if (!before || !after) return [];
    return this.B.inspectors.filter((i) => after.pos?.[i] && (!before.pos?.[i] || before.pos[i][0] !== after.pos[i][0] || before.pos[i][1] !== after.pos[i][1]) && this.lastRemoved?.has(i));
  }

  /** Inspectors put on a star glide there from where they were set aside (spec section 8),
   * or fade in when they had fallen off the table. */
  dropIn(pieces) {
    for (const piece of pieces) {
      const node = this.layers.pieces.querySelector(`[data-piece="${piece}"]`);
      if (!node?.animate) continue;
      const from = this.lastRest?.[piece];
      const to = this.shown?.pos?.[piece];
      if (from && to) {
        const [ax, ay] = toScreen(this.B, from[0], from[1], this.turned());
        const [bx, by] = toScreen(this.B, to[0], to[1], this.turned());
        node.animate([{ transform: `translate(${ax}px, ${ay}px)` }, { transform: `translate(${bx}px, ${by}px)` }], { duration: 550, easing: "ease-in-out" });
      } else {
        node.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 450, easing: "ease-out" });
      }
    }
  }

  async playShot(evt) {
    const B = this.B;
    const before = this.shown.pos || {};
    const launch = this.launchPoint(evt);
    const track = tracks(B, evt, before, launch);
    this.trailPaths = [];
    this.aimer.cancel();
    drawAim(this.layers.aim, B, null);
    // While it plays, the shot is told without what came of it.
    this.playing = { skip: () => {}, ply: evt.ply, turn: { ply: evt.ply, side: evt.side, returns: evt.returns, shot: evt.shot, applied: evt.applied } };
    this.readout.hidden = true;
    this.svg.dataset.playingPly = String(evt.ply);
    this.draw();
    this.ctx.changed(); // the turn line waits for the shot to end
    const layer = this.layers.pieces;
    const nodes = new Map();
    for (const node of layer.querySelectorAll("[data-piece]")) nodes.set(node.dataset.piece, node);
    for (const ghost of layer.querySelectorAll("[data-ghost]")) ghost.remove();
    if (!nodes.has(evt.shot.piece)) {
      const node = pieceShape(B, evt.shot.piece, { flicks: 1 });
      layer.append(node);
      nodes.set(evt.shot.piece, node);
    }
    nodes.get(evt.shot.piece)?.classList.add("in-flight");
    const turned = this.turned();
    const run = play(track, (pos) => {
      for (const [id, node] of nodes) {
        const at = pos[id];
        if (at) placeAt(B, node, at[0], at[1], turned);
        node.classList.toggle("fg-gone", !at);
      }
    });
    this.playing.skip = () => {
      this.skipping = true;
      run.skip();
    };
    this.drawLast();
    await run.done;
    if (this.destroyed) return;
    // What resolution takes off: eliminated discs fade out, captures flash in their zone.
    const removed = evt.resolution?.removed || [];
    const why = new Map((evt.resolution?.eliminated || []).map(([p, w]) => [p, w]));
    for (const piece of removed) {
      const node = nodes.get(piece);
      if (!node) continue;
      node.classList.add(why.get(piece) === "capture" || (isInspector(piece) && !evt.falls?.some(([p]) => p === piece)) ? "fg-captured" : "fg-removed");
    }
    if (removed.length && !this.skipping) {
      const wait = pause(RESOLUTION_MS);
      this.playing.skip = () => {
        this.skipping = true;
        wait.skip();
      };
      await wait.done;
    }
    this.trailPaths = trails(evt, before, launch);
    this.playing = null;
    this.skipButton.hidden = true;
    delete this.svg.dataset.playingPly;
  }

  stopPlayback() {
    this.generation += 1;
    this.queue = [];
    this.skipping = true;
    this.playing?.skip();
    this.playing = null;
    delete this.svg.dataset.playingPly;
  }

  // ------------------------------------------------------------ explanations

  /** The thing of the board under the pointer: {el, kind, id} (a piece, a reserve disc on its
   * launch point, a gold star, a launch point, a star, a zone, a sector, an HQ, the centre line,
   * the table around the board), or null. */
  boardThing(target) {
    if (!(target instanceof Element) || !this.svg.contains(target)) return null;
    const el = target.closest("[data-ghost], [data-piece], [data-place], [data-point], [data-star], [data-zone], [data-sector], [data-hq], [data-area]");
    if (!el) return null;
    const d = el.dataset;
    if (d.ghost) return { el, kind: "ghost", id: d.ghost, choice: d.aim };
    if (d.piece) return { el, kind: "piece", id: d.piece };
    if (d.place) return { el, kind: "star", id: d.place, gold: true };
    if (d.point) return { el, kind: "point", id: d.point };
    if (d.star) return { el, kind: "star", id: d.star };
    if (d.zone) return { el, kind: "zone", id: d.zone };
    if (d.sector) return { el, kind: "sector", id: d.sector };
    if (d.hq) return { el, kind: "hq", id: d.hq };
    return { el, kind: d.area, id: d.area };
  }

  /** What the player may do now, for the reasons (whyNot). */
  me() {
    return { side: this.mySide(), allSeated: this.ctx.allSeated(), sending: Boolean(this.sending), busy: Boolean(this.playing) || this.queue.length > 0 || this.shown !== this.view, legal: this.legal() };
  }

  /** A click on the board that played nothing: why (a disc that cannot be shot, a launch point
   * or a star that cannot be used), else what is there. A press on a gold disc is the aim's. */
  explainClick(target) {
    if (this.ctx.replay || Date.now() - (this.dragSaid || 0) < 400) return;
    const thing = this.boardThing(target);
    if (!thing || !this.shown) return;
    if (thing.el.closest("[data-aim]") && this.canAct()) return;
    // A tap on an inspector or the other gang's disc asks what it is (a drag from it says why not).
    const theirs = thing.kind === "piece" && (isInspector(thing.id) || thing.id[0] !== this.mySide());
    const why = thing.kind === "ghost" || theirs ? "" : whyNot(this.B, this.shown, this.t, thing, this.me());
    if (why) return note(why, { anchor: thing.el, area: this.container });
    hideTip();
    showTipFor(thing.el);
  }

  /** A press on a disc or a launch point that cannot be shot: remembered, for a drag from it. */
  pressed(e) {
    this.press = null;
    if (this.ctx.replay || e.target.closest?.("[data-aim]")) return;
    const thing = this.boardThing(e.target);
    if (thing && (thing.kind === "piece" || thing.kind === "point")) this.press = { thing, id: e.pointerId, x: e.clientX, y: e.clientY };
  }

  released(e) {
    const press = this.press;
    this.press = null;
    if (!press || e.pointerId !== press.id || Math.hypot(e.clientX - press.x, e.clientY - press.y) < 10 || !this.shown) return;
    const why = whyNot(this.B, this.shown, this.t, press.thing, this.me());
    if (!why) return;
    this.dragSaid = Date.now();
    note(why, { anchor: press.thing.el, area: this.container });
  }

  /** The popover for what is under the pointer: a piece or a place of the board, a choice of
   * "Your move", a disc of the reserves, a row of the score. From the view only. */
  tipFor(target) {
    const v = this.shown;
    if (!v || this.aimer.active()) return null;
    const t = this.t;
    const thing = this.boardThing(target);
    if (thing) {
      // A finger on a gold disc is an aim starting: the popover would cover it.
      if (thing.el.closest("[data-aim]") && this.pointerType === "touch") return null;
      const parts = breakdown(this.B, v.pos, v.options, v.last_mover);
      let tip = null;
      if (thing.kind === "ghost") tip = ghostTip(t, thing.id, thing.choice.split("@")[1]);
      else if (thing.kind === "piece") tip = pieceTip(this.B, v, t, thing.id, { aimable: Boolean(thing.el.dataset.aim), parts });
      else tip = placeTip(this.B, v, t, thing.kind, thing.id);
      if (!tip) return null;
      if (thing.gold) {
        const choice = this.legal().find((c) => c.endsWith(`>${thing.id}`));
        if (choice) tip = { ...tip, lines: [...choiceHelp(this.B, v, t, choice, parts), ...tip.lines] };
      }
      return { anchor: thing.el, ...tip };
    }
    if (!(target instanceof Element)) return null;
    const inPanel = this.ctx.panel.contains(target) || this.note.contains(target);
    if (!inPanel) return null;
    const button = target.closest("button[data-action]");
    if (button) return { anchor: button, title: button.textContent, lines: choiceHelp(this.B, v, t, button.dataset.action) };
    const pick = target.closest("[data-reserve]");
    if (pick) return { anchor: pick, ...chipTip(t, v, pick.dataset.reserve, "pick") };
    const chip = target.closest("[data-chip]");
    if (chip) {
      const piece = chip.dataset.chip;
      if (chip.closest("#fg-eliminated")) return { anchor: chip, ...chipTip(t, v, piece, "eliminated") };
      if (chip.closest(".fg-reserve")) return { anchor: chip, ...chipTip(t, v, piece, "reserve") };
      if (v.pos?.[piece]) return { anchor: chip, ...pieceTip(this.B, v, t, piece) };
      return { anchor: chip, ...chipTip(t, v, piece, "waiting") };
    }
    const row = target.closest("li[data-zone]");
    if (row) {
      const isZone = Object.values(this.B.sides).some((x) => x.zone.id === row.dataset.zone);
      const tip = placeTip(this.B, v, t, isZone ? "zone" : "sector", row.dataset.zone);
      return tip ? { anchor: row, ...tip } : null;
    }
    return null;
  }

  // ------------------------------------------------------------ drawing

  draw() {
    const v = this.shown;
    if (!v || this.destroyed) return;
    const B = this.B;
    const t = this.t;
    const turned = this.turned();
    const key = `${turned}|${t("fg.side.w")}`;
    if (key !== this.printKey) {
      drawPrint(this.layers.print, B, t, turned);
      this.svg.setAttribute("aria-label", t("fg.board.label"));
      this.printKey = key;
    }
    const legal = this.playing ? [] : this.legal();
    const mine = this.mySide();
    const aims = {};
    const ghosts = [];
    for (const choice of legal) {
      if (/^[wb][TF]\d+$/.test(choice)) aims[choice] = choice;
    }
    if (mine) {
      // A reserve disc waits on each free launch point of its kind: the chosen one first,
      // then the others in order, one disc per point.
      const used = new Set();
      for (const point of B.sides[mine].points) {
        const here = legal.filter((c) => c.endsWith(`@${point.id}`)).map((c) => c.split("@")[0]);
        const piece = here.find((p) => this.selected.has(p) && !used.has(p)) ?? here.find((p) => !used.has(p)) ?? here[0];
        if (!piece) continue;
        used.add(piece);
        ghosts.push({ piece, choice: `${piece}@${point.id}`, x: point.x, y: point.y, label: `${choiceLabel(t, `${piece}@${point.id}`)} — ${t("fg.aim.how")}` });
      }
    }
    const returnable = new Set(legal.filter((c) => c.startsWith("^")).map((c) => c.slice(1)));
    // No shot is left until a disc is taken back: the ringed discs are what a tap takes back.
    const noShot = noShotLeft(legal);
    const takeBack = new Map(noShot ? [...returnable].map((piece) => [piece, choiceLabel(t, `^${piece}`)]) : []);
    const parts = breakdown(B, v.pos, v.options, v.last_mover);
    const scored = {};
    for (const [piece, s] of Object.entries(parts.pieces)) if (s.points) scored[piece] = { points: s.points, side: s.side };
    const lastShot = this.shownHistory().filter((x) => !x.pass).slice(-1)[0]?.shot?.piece ?? null;
    const labelOf = (piece) => {
      const s = parts.pieces[piece];
      const worth = s && s.points ? ` · ${t("fg.worth", { points: s.points, side: sideName(t, s.side) })}` : "";
      return `${pieceName(t, piece)}${worth}${aims[piece] ? ` — ${t("fg.aim.how")}` : ""}`;
    };
    this.svg.classList.toggle("can-aim", legal.some((c) => !c.startsWith("^") && !c.includes(">")));
    this.svg.classList.toggle("playing", Boolean(this.playing));
    this.skipButton.hidden = !this.playing;
    this.skipButton.textContent = t("fg.skip");
    this.skipButton.dataset.tip = t("fg.x.skip");
    this.svg.dataset.turned = turned ? "1" : "0";
    drawTrails(this.layers.trails, B, this.playing ? [] : this.trailPaths, turned);
    drawPieces(this.layers.pieces, B, v.pos || {}, { turned, flicks: v.flicks || {}, scored, aims, ghosts, returnable, takeBack, lastShot, labelOf });
    this.drawNote(noShot ? legal : []);
    const places = legal.filter((c) => c.includes(">")).map((c) => {
      const [inspector, star] = c.split(">");
      const s = B.stars.find((x) => x.id === star);
      return { id: star, x: s.x, y: s.y, label: choiceLabel(t, c), inspector };
    });
    drawMarks(this.layers.marks, B, places, turned);
    this.drawPanels(legal, parts);
  }

  /** Over the board, while no shot is left: why, and a button for each disc that may come back. */
  drawNote(returns) {
    const t = this.t;
    this.note.hidden = !returns.length;
    if (!returns.length) return this.note.replaceChildren();
    this.note.replaceChildren(
      h("p", { class: "fg-board-note-text" }, h("strong", {}, t("fg.note.noShot")), " ", t("fg.note.takeBack")),
      h(
        "div",
        { class: "fg-buttons" },
        ...returns.map((c) => h("button", { type: "button", class: "primary small fg-action", dataset: { action: c }, disabled: Boolean(this.sending), onclick: () => this.sendChoice(c) }, choiceLabel(t, c))),
      ),
    );
  }

  /** The record's turns as far as the board shows them (a shot still playing is told once it has played). */
  shownHistory() {
    const ply = this.playing?.ply;
    return ply ? this.history.filter((turn) => turn.ply < ply) : this.history;
  }

  drawLast() {
    const playing = this.playing?.turn || null;
    const turn = playing || this.shownHistory().filter((x) => !x.pass).slice(-1)[0] || null;
    renderLast(this.lastBox, this.t, turn, Boolean(this.playing), () => this.playing?.skip());
  }

  drawPanels(legal, parts) {
    const t = this.t;
    const v = this.shown;
    const mine = this.mySide();
    let model = null;
    if (mine && !v.result && !this.ctx.replay) {
      const busy = Boolean(this.playing) || this.queue.length > 0;
      let prompt;
      if (!this.ctx.allSeated()) prompt = t("fg.status.waitPlayers");
      else if (this.sending) prompt = t("fg.prompt.sent");
      else if (busy) prompt = t("fg.prompt.watch");
      else if (!this.myTurn()) prompt = t("fg.prompt.wait", { side: sideName(t, v.to_move) });
      else if (v.phase === "place_inspector") prompt = t("fg.prompt.place", { inspector: v.waiting?.[0] ?? "" });
      else if (noShotLeft(legal)) prompt = t("fg.prompt.noShot");
      else prompt = t("fg.prompt.shoot");
      model = {
        side: mine,
        prompt,
        returns: legal.filter((c) => c.startsWith("^")),
        places: legal.filter((c) => c.includes(">")),
        shots: legal.filter((c) => !c.startsWith("^") && !c.includes(">")),
        sending: Boolean(this.sending),
        busy,
        noShot: !busy && noShotLeft(legal),
        help: choicesHelp(this.B, v, t, legal),
        typed: { ...this.typed, angle: this.typed.angle ?? (mine === "b" ? 2700 : 900) },
        send: (c) => this.sendChoice(c),
        keep: (fields) => Object.assign(this.typed, fields),
      };
    }
    renderAct(this.actBox, t, model);
    this.drawLast();
    renderScore(this.scoreBox, t, v, parts);
    const pick = mine && legal.some((c) => c.includes("@")) ? (p) => this.pickReserve(p) : null;
    renderReserves(this.reserveBox, t, v, { side: mine, pick, selected: this.selected });
    const history = this.shownHistory();
    const logKey = JSON.stringify([t("fg.sec.log"), history.length, history[history.length - 1]]);
    if (logKey !== this.logKey) renderLog(this.logBox, t, history);
    this.logKey = logKey;
  }
}

/** Whether the only choices are discs to take back: no disc can be launched (the reserve is empty
 * or its launch points blocked) and no Family disc flicked again, so the turn's one way to a
 * shot is a return first (spec 5.1, 5.5). */
const noShotLeft = (legal) => Array.isArray(legal) && legal.length > 0 && legal.every((c) => c.startsWith("^"));

/** Shots and passes so far: the ply of the view's last turn. */
const moveCount = (view) => (view.shots || 0) + (view.passes || 0);

function powerBar(power, max) {
  const bar = h("span", { class: "fg-power-bar", role: "meter", "aria-valuemin": "1", "aria-valuemax": String(max), "aria-valuenow": String(power) }, h("span", { class: "fg-power-fill" }));
  // Through the CSSOM: the site's Content-Security-Policy refuses style attributes.
  bar.firstChild.style.setProperty("width", `${((100 * power) / max).toFixed(1)}%`);
  return bar;
}
