// Speak Easy in the room shell (static/js/room.js). This is the game module the catalogue
// names (client_module = /static/games/speakeasy/main.js); the interface every game module
// exports is documented in static/games/README.md:
//
//   strings                      its words, {en: {...}, fr: {...}}, merged by the shell
//   mount(container, ctx)        draws the board into `container`, its panels into ctx.panel
//     -> { aspect, render(view), event(evt, view), error(code, message, action),
//          status(view), seatName(seat), seatColour(seat), refresh(), destroy() }
//
// The module only draws what the server sent (the viewer's own view): it never holds a hidden
// value to hide. Seat 0 plays South ("s"), seat 1 North ("n").

import { enableDrag } from "../../js/drag.js";
import { attachTips, hideTip, note, showTipFor } from "../../js/explain.js";
import { VIEW_H, VIEW_W, centre, renderBoard } from "./board.js";
import { lastCombat, renderCombat } from "./combat-panel.js";
import { EXPLAIN_STRINGS, engineWords, explainEnd, locationTip, movedPieces, placementLines, pieceLines, setupRefusal, whyNot, whyStuck } from "./explain.js";
import { name, square } from "./geometry.js";
import { animateMove } from "./motion.js";
import { HINT_STRINGS, hintWords } from "./hint.js";
import { renderMoves } from "./move-list.js";
import { parseMove, parsePosition } from "./notation.js";
import { movePath } from "./paths.js";
import { SetupEditor } from "./setup-editor.js";
import { STRINGS } from "./strings.js";
import { t, useTranslator } from "./text.js";
import { tileSvg } from "./tiles.js";
import { renderTrays } from "./trays.js";

export const strings = {
  en: { ...STRINGS.en, ...EXPLAIN_STRINGS.en, ...HINT_STRINGS.en },
  fr: { ...STRINGS.fr, ...EXPLAIN_STRINGS.fr, ...HINT_STRINGS.fr },
};
/** One event in words, for the replay's move list (static/js/replay.js). */
export { describe } from "./describe.js";

const SIDES = ["s", "n"];
/** Linked by the shell before it mounts the board (static/games/README.md). */
export const stylesheet = new URL("./speakeasy.css", import.meta.url).href;

function section(id, cls, titleKey = null) {
  const box = document.createElement("section");
  box.id = id;
  box.className = cls;
  if (titleKey) {
    const h = document.createElement("h2");
    h.dataset.key = titleKey;
    box.append(h);
  }
  return box;
}

/**
 * Mount Speak Easy. `container` receives the board; ctx is the shell's (static/games/README.md):
 * {seat, gameId, panel, root, send(action, {versioned}), api(method, path), t, allSeated(), changed()}.
 */
export function mount(container, ctx) {
  useTranslator(ctx.t);
  return new SpeakEasyTable(container, ctx);
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** The hinted move on the board: an arrow from its piece to where it goes. */
function drawHint(svg, { from, to }, flipped) {
  const [x1, y1] = centre(from, flipped);
  const [x2, y2] = centre(to, flipped);
  const g = document.createElementNS(SVG_NS, "g");
  g.setAttribute("class", "hint-move");
  g.setAttribute("aria-hidden", "true");
  const line = document.createElementNS(SVG_NS, "line");
  for (const [k, v] of Object.entries({ x1, y1, x2, y2 })) line.setAttribute(k, String(v));
  g.append(line);
  for (const [x, y] of [[x1, y1], [x2, y2]]) {
    const ring = document.createElementNS(SVG_NS, "circle");
    ring.setAttribute("cx", String(x));
    ring.setAttribute("cy", String(y));
    ring.setAttribute("r", "22");
    g.append(ring);
  }
  svg.append(g);
}

class SpeakEasyTable {
  constructor(container, ctx) {
    this.ctx = ctx;
    this.aspect = VIEW_W / VIEW_H;
    this.side = ctx.seat === null || ctx.seat === undefined ? null : SIDES[ctx.seat];
    this.flipped = this.side === "n";
    this.view = null;
    this.history = [];
    this.selected = -1;
    this.moving = false;
    this.editor = null;
    this.setupSending = false;

    this.svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    this.svg.id = "board";
    this.svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    container.replaceChildren(this.svg);
    this.container = container;

    this.setupBox = section("setup", "setup");
    this.setupBox.hidden = true;
    this.combatBox = section("combat", "combat");
    this.combatBox.hidden = true;
    this.combatBox.setAttribute("aria-live", "polite");
    this.traysBox = section("trays", "trays");
    this.movesBox = section("moves", "moves");
    const movesTitle = document.createElement("h2");
    this.list = document.createElement("ol");
    this.list.id = "move-list";
    this.list.className = "move-list";
    this.movesBox.append(movesTitle, this.list);
    this.movesTitle = movesTitle;
    this.movesBox.hidden = Boolean(ctx.replay); // the replay viewer lists the moves itself
    ctx.panel.replaceChildren(this.setupBox, this.combatBox, this.traysBox, this.movesBox);
    this.wireInput(ctx.root || container);
    // Hover, a long press or a tap names what is under the finger (static/js/explain.js).
    this.tipsOff = attachTips(ctx.root || container, (target) => this.tipFor(target));
  }

  // ------------------------------------------------------------ the interface

  /** A full view (welcome: with its history). */
  render(view) {
    this.view = view;
    this.history = Array.isArray(view.history) ? [...view.history] : this.history;
    this.moving = false;
    this.setupSending = false;
    this.draw();
  }

  /** One projected event (or null) and the view after it (without history). */
  event(evt, view) {
    if (view) this.view = { ...view, history: undefined };
    let path = null;
    if (evt && evt.type === "move") {
      const entry = { ply: evt.ply, side: evt.side, move: `${evt.from}-${evt.to}` };
      if (evt.combat) Object.assign(entry, evt.combat);
      this.history = this.history.filter((h) => h.ply !== evt.ply).concat(entry);
      this.moving = false;
      this.selected = -1;
      path = this.lastPath();
    }
    if (this.view && this.view.phase === "over") this.selected = -1;
    if (evt && evt.type === "setup_submitted" && evt.side === this.side) this.setupSending = false;
    if (!view && this.ctx.replay) return; // a replay catching up: its render(view) draws once
    this.draw();
    if (path) animateMove(this.svg, path, evt.side, this.flipped);
  }

  /** The server refused one of our actions: its reason in the page's words (else the shell's). */
  explainError(code, message) {
    return engineWords(code, message);
  }

  /** The end explained for the result panel: which rule ended it, each side's account. */
  explainResult(view = this.view) {
    return view ? explainEnd({ ...view, history: this.history.length ? this.history : view.history }) : [];
  }

  /** The shell's hint (a `hint` frame, or null to take it down): its words; the move it
   * suggests is drawn on the board, not played. */
  showHint(hint) {
    const move = hint && hint.action.type === "move" ? parseMove(hint.action.move) : null;
    this.hinted = move ? { from: move.from, to: move.to } : null;
    this.drawBoard();
    return hint ? hintWords(hint, t) : null;
  }

  /** The server refused one of our actions. */
  error() {
    this.moving = false;
    this.setupSending = false;
    this.draw();
  }

  /** What the shell needs to know: phase, who acts, the result, the turn line. */
  status(view = this.view) {
    if (!view) return { phase: "setup", actors: [], result: null };
    const phase = view.phase;
    let actors = [];
    if (phase === "setup") actors = [0, 1].filter((s) => !(view.setup_done || {})[SIDES[s]]);
    else if (phase === "play" && view.to_move) actors = [SIDES.indexOf(view.to_move)];
    const out = { phase, actors, result: view.result || null, abortable: phase !== "over" && view.ply === 0 };
    const mine = this.side;
    if (phase === "setup") {
      const opp = mine === "s" ? "n" : "s";
      const done = view.setup_done || {};
      if (!mine) out.text = t("setup.watching");
      else if (done[mine] || this.setupSending) out.text = `${t("setup.sent")}${done[opp] ? ` ${t("setup.opponentDone")}` : ""}`;
      else if (done[opp]) out.text = t("setup.opponentDone");
      else if (this.ctx.allSeated()) out.text = t("setup.opponentPlacing");
      else out.text = "";
    } else if (phase === "play" && mine && view.to_move === mine) {
      if ((view.legal || []).length) out.hint = t("play.hint");
      else out.text = t("turn.noMoves");
    }
    if (phase === "over") out.note = t("result.reveal");
    return out;
  }

  seatName(seat) {
    return t(`side.${SIDES[seat]}`);
  }

  seatColour(seat) {
    return seat === 0 ? "var(--south)" : "var(--north-light)";
  }

  /** Draw again (the language changed). */
  refresh() {
    if (this.editor) this.editor.render();
    this.draw();
  }

  destroy() {
    this.dragOff?.();
    this.tipsOff?.();
    window.removeEventListener("pointerup", this.onUp, true);
    this.container.replaceChildren();
    this.ctx.panel.replaceChildren();
    this.view = null;
    this.editor = null;
  }

  // ------------------------------------------------------------ drawing

  draw() {
    if (!this.view) return;
    this.ensureEditor();
    this.drawBoard();
    this.drawPanels();
  }

  inSetup() {
    const v = this.view;
    return Boolean(this.editor) && v && v.phase === "setup" && this.side && !v.setup_done[this.side] && !this.setupSending;
  }

  ensureEditor() {
    const v = this.view;
    // A replay (ctx.replay) shows the setup as it stood, never an editor to change it.
    const want = !this.ctx.replay && v.phase === "setup" && this.side && !(v.setup_done || {})[this.side];
    if (want && !this.editor) {
      this.editor = new SetupEditor({
        panel: this.setupBox,
        side: this.side,
        options: v.options || {},
        draftKey: `speakeasy.draft.${this.ctx.gameId}.${this.side}`,
        api: this.ctx.api,
        refuse: (sq) => this.refuseSetup(sq),
        changed: () => this.drawBoard(),
        submit: (position) => {
          this.setupSending = true;
          this.ctx.send({ type: "setup", position });
          this.draw();
          this.ctx.changed();
        },
      });
    }
    if (!want) this.editor = null;
  }

  legalFrom() {
    const map = new Map();
    const v = this.view;
    if (!v || v.phase !== "play" || v.to_move !== this.side || this.moving) return map;
    for (const text of v.legal || []) {
      const m = parseMove(text);
      if (!m) continue;
      if (!map.has(m.from)) map.set(m.from, new Set());
      map.get(m.from).add(m.to);
    }
    return map;
  }

  lastPath() {
    const lm = this.view && this.view.last_move;
    if (!lm) return null;
    const { cells } = parsePosition(this.view.position);
    return movePath(square(lm.from), square(lm.to), cells);
  }

  drawBoard() {
    const svg = this.svg;
    const flipped = this.flipped;
    svg.setAttribute("aria-label", t("board.label"));
    if (this.inSetup()) return renderBoard(svg, { ...this.editor.boardState(), flipped });
    if (this.editor && this.setupSending) return renderBoard(svg, { cells: this.editor.boardState().cells, flipped });
    const { cells } = parsePosition(this.view.position);
    const legal = this.legalFrom();
    const lm = this.view.last_move;
    const lastMove = lm ? { from: square(lm.from), to: square(lm.to), path: this.lastPath() } : null;
    const last = this.history[this.history.length - 1];
    const combatAt = last && last.survivor && lm && last.move === `${lm.from}-${lm.to}` ? square(lm.to) : -1;
    const sel = this.selected;
    renderBoard(svg, {
      cells,
      flipped,
      selected: sel,
      targets: sel >= 0 ? legal.get(sel) || new Set() : new Set(),
      lastMove,
      combatAt,
      draggable: (sq) => legal.has(sq),
      focusable: (sq) => legal.has(sq) || (sel >= 0 && legal.get(sel)?.has(sq)),
    });
    if (this.hinted) drawHint(svg, this.hinted, flipped);
  }

  drawPanels() {
    const v = this.view;
    if (this.inSetup()) {
      this.setupBox.hidden = false;
      if (!this.setupBox.querySelector("#setup-ready")) this.editor.render();
    } else {
      this.setupBox.hidden = true;
      this.setupBox.replaceChildren();
    }
    renderCombat(this.combatBox, v.phase === "setup" ? null : lastCombat(this.history));
    const sides = this.side === "n" ? ["s", "n"] : ["n", "s"];
    this.traysBox.hidden = v.phase === "setup";
    if (!this.traysBox.hidden) renderTrays(this.traysBox, v.removed, sides);
    this.movesTitle.textContent = t("moves.title");
    renderMoves(this.list, this.history);
  }

  // ------------------------------------------------------------ input

  playMove(from, to) {
    if (this.moving) return;
    this.moving = true;
    this.selected = -1;
    this.ctx.send({ type: "move", move: `${name(from)}-${name(to)}` }, { versioned: true });
    this.drawBoard();
  }

  onSquare(sq) {
    if (!this.view) return;
    if (this.inSetup()) return this.editor.clickSquare(sq);
    const legal = this.legalFrom();
    if (this.selected >= 0 && legal.get(this.selected)?.has(sq)) return this.playMove(this.selected, sq);
    if (legal.has(sq) || this.selected === sq) {
      hideTip();
      this.selected = this.selected === sq ? -1 : sq;
      return this.drawBoard();
    }
    // Not a move: say why, or (nothing of ours concerned) what stands there.
    const why = this.refusal(sq);
    const loc = this.svg.querySelector(`[data-sq="${sq}"]`);
    if (why) note(why, { anchor: loc, area: this.container });
    else if (loc) showTipFor(loc);
  }

  /** Why a click on `sq` plays nothing, in words ("" when it only asks what stands there). */
  refusal(sq, from = this.selected) {
    const v = this.view;
    if (!v || !this.side || v.phase !== "play") return "";
    const { cells } = parsePosition(v.position);
    const cell = cells[sq];
    const mine = Boolean(cell && cell.side === this.side);
    if (v.to_move !== this.side) return mine || from >= 0 ? t("se.x.why.notYourTurn", { side: t(`side.${v.to_move}`) }) : "";
    if (this.moving) return t("se.x.why.sending");
    if (mine) return whyStuck(cells, sq, v.options || {});
    if (from >= 0) return whyNot(cells, from, sq, v.options || {});
    return "";
  }

  /** A setup click or drop outside the player's own locations. */
  refuseSetup(sq) {
    const why = setupRefusal(sq, this.side);
    if (why) note(why, { anchor: this.svg.querySelector(`[data-sq="${sq}"]`), area: this.container });
  }

  /** The popover for what is under the pointer: a location, a reserve piece, a removed piece. */
  tipFor(target) {
    const v = this.view;
    if (!v) return null;
    const loc = this.svg.contains(target) ? target.closest("[data-sq]") : null;
    if (loc) {
      const sq = Number(loc.dataset.sq);
      const cells = this.inSetup() || (this.editor && this.setupSending) ? this.editor.boardState().cells : parsePosition(v.position).cells;
      const tip = locationTip(sq, cells[sq], { viewer: this.side, options: v.options || {}, moved: movedPieces(this.history), over: v.phase === "over" });
      return { anchor: loc, ...tip };
    }
    const reserve = target.closest(".reserve-piece[data-code]");
    if (reserve) {
      const code = reserve.dataset.code;
      return { anchor: reserve, title: t(`piece.${code}`), lines: placementLines(code, this.side, v.options || {}) };
    }
    const gone = target.closest(".removed-piece[data-code]");
    if (gone) {
      const code = gone.dataset.code;
      const side = gone.closest("[data-side]")?.dataset.side || "";
      const face = code === "?" ? t("piece.hidden") : t(`piece.${code}`);
      const title = side ? t("se.x.pieceTitle", { side: t(`side.${side}`), face }) : face;
      return { anchor: gone, title, lines: code === "?" ? [t("se.x.hidden")] : pieceLines(code, v.options || {}) };
    }
    return null;
  }

  wireInput(root) {
    const svg = this.svg;
    // Where the last press ended (the drop hook is told only of drop targets).
    this.onUp = (e) => (this.lastUp = { x: e.clientX, y: e.clientY });
    window.addEventListener("pointerup", this.onUp, true);
    svg.addEventListener("click", (e) => {
      const g = e.target.closest("[data-sq]");
      if (g) this.onSquare(Number(g.dataset.sq));
    });
    svg.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      const g = e.target.closest("[data-sq]");
      if (!g) return;
      e.preventDefault();
      const sq = Number(g.dataset.sq);
      this.onSquare(sq);
      svg.querySelector(`[data-sq="${sq}"]`)?.focus({ preventScroll: true });
    });
    this.dragOff = enableDrag(root, {
      start: (el) => {
        if (!this.view) return null;
        if (this.inSetup()) return this.editor.dragStart(el);
        const sq = Number(el.closest("[data-sq]")?.dataset.sq);
        if (!this.legalFrom().has(sq)) {
          const why = this.refusal(sq, -1);
          if (why) note(why, { anchor: el, area: this.container });
          return null;
        }
        this.selected = sq;
        this.drawBoard();
        const cell = parsePosition(this.view.position).cells[sq];
        return { from: "board", sq, code: cell ? cell.code : "?" };
      },
      ghost: (payload) => {
        const div = document.createElement("div");
        div.append(tileSvg({ side: this.side, code: payload.code, revealed: false }, false));
        return div;
      },
      drop: (payload, target) => {
        // Where the finger or the mouse let go (the hook is told only of drop targets).
        const at = this.lastUp ? document.elementFromPoint(this.lastUp.x, this.lastUp.y) : null;
        const over = at && this.svg.contains(at) ? at.closest("[data-sq]") : null;
        if (this.inSetup()) {
          if (!target && over) this.refuseSetup(Number(over.dataset.sq));
          return this.editor.drop(payload, target);
        }
        const to = Number(target?.dataset.sq);
        if (target && this.legalFrom().get(payload.sq)?.has(to)) return this.playMove(payload.sq, to);
        // Dropped where it cannot go (no drop target there): why.
        const sq = over ? Number(over.dataset.sq) : -1;
        const why = sq >= 0 && sq !== payload.sq ? this.refusal(sq, payload.sq) : "";
        if (why) note(why, { anchor: over, area: this.container });
      },
    });
  }
}
