// Explanations while playing, for any game (issue 25, item 3). Nothing here knows a game:
//
// - a popover that names what the pointer rests on and says what it does: after a short
//   hover with a mouse, on a long press with a finger, on keyboard focus, or when a module
//   asks (a tap on a phone when nothing is selected). Any element with `data-tip` (and an
//   optional `data-tip-title`) gets its text; a game module describes its own board with
//   `attachTips(root, describe)`, from what its view holds and nothing more;
// - a note near the board that says why a click did nothing (`note(text, {anchor})`);
// - the server's refusals in the page's language where they are known (`refusalText`).
//
// Everything is built with DOM calls and styled by classes (static/css/explain.css): the
// site's Content-Security-Policy refuses inline styles and markup strings.

import { loadStylesheet } from "./dom.js";
import { addStrings, has, lang, t } from "./i18n.js";

const STRINGS = {
  en: {
    "explain.result.title": "How the game was decided",
    "explain.cmd.resign": "Give up this game: it counts as a loss for you.",
    "explain.cmd.draw-offer": "Offer a draw: if every other player accepts, the game ends with no winner.",
    "explain.cmd.draw-accept": "Accept the draw: the game ends now, with no winner.",
    "explain.cmd.draw-decline": "Decline the draw: the game goes on.",
    "explain.cmd.abort": "Cancel the game before it has really begun: it counts for nobody.",
    "explain.cmd.rematch": "Ask for another game in this room: it starts when every other player agrees.",
    "explain.cmd.rematch-accept": "Accept: another game starts in this room.",
    "explain.score": "Counted in this browser, from your seat in each finished game of this room: wins — losses (aborted games do not count).",
  },
  fr: {
    "explain.result.title": "Comment la partie s’est décidée",
    "explain.cmd.resign": "Abandonner cette partie\u00a0: elle compte comme perdue pour vous.",
    "explain.cmd.draw-offer": "Proposer la nulle\u00a0: si tous les autres joueurs acceptent, la partie s’arrête sans vainqueur.",
    "explain.cmd.draw-accept": "Accepter la nulle\u00a0: la partie s’arrête tout de suite, sans vainqueur.",
    "explain.cmd.draw-decline": "Refuser la nulle\u00a0: la partie continue.",
    "explain.cmd.abort": "Annuler la partie avant qu’elle ait vraiment commencé\u00a0: elle ne compte pour personne.",
    "explain.cmd.rematch": "Demander une autre partie dans cette salle\u00a0: elle commence quand tous les autres joueurs acceptent.",
    "explain.cmd.rematch-accept": "Accepter\u00a0: une autre partie commence dans cette salle.",
    "explain.score": "Compté dans ce navigateur, depuis votre place dans chaque partie terminée de cette salle\u00a0: victoires — défaites (les parties annulées ne comptent pas).",
  },
};
addStrings(STRINGS);
loadStylesheet("/static/css/explain.css");

// ---------------------------------------------------------------- the server's refusals

/**
 * The platform's refusals (app/games/commands.py) in French: the server writes them in
 * English. Each is matched whole; {n} takes the number of the English message.
 */
const PLATFORM_FR = [
  [/^a game can be aborted only before the first move$/, "une partie ne peut être annulée qu’avant le premier coup"],
  [/^(.+) has no draw by agreement$/, "{1} ne connaît pas la nulle d’un commun accord"],
  [/^a draw can be offered only once play has begun$/, "la nulle ne peut être proposée qu’une fois la partie commencée"],
  [/^there is no draw offer to accept$/, "il n’y a aucune proposition de nulle à accepter"],
  [/^there is no draw offer to decline$/, "il n’y a aucune proposition de nulle à refuser"],
  [/^there is no opponent to claim against yet$/, "il n’y a encore aucun adversaire contre qui réclamer la partie"],
  [/^your opponent may still come back: wait (\d+) s more$/, "votre adversaire peut encore revenir\u00a0: attendez encore {1}\u00a0s"],
  [/^a rematch can be offered only after the game$/, "une revanche ne se propose qu’après la partie"],
  [/^there is no opponent for a rematch$/, "il n’y a pas d’adversaire pour une revanche"],
  [/^the game is over$/, "la partie est terminée"],
  [/^it is not your turn$/, "ce n’est pas votre tour"],
  [/^spectators get no hints: a hint is for a seat's own player$/, "les spectateurs n’ont pas d’indice : un indice est pour le joueur d’une place"],
  [/^a hint is for a decision of yours: the game is not waiting for you$/, "un indice porte sur une décision à prendre, et la partie ne vous attend pas"],
  [/^a hint is for a decision of yours, and you owe none now$/, "un indice porte sur une décision à prendre, et vous n’en avez aucune"],
  [/^one hint at a time: the one you asked for is still coming$/, "un indice à la fois : celui que vous avez demandé arrive"],
  [/^the game is over: there is nothing left to hint at$/, "la partie est terminée : plus rien à conseiller"],
  [/^the computer is too busy for a hint now; try again$/, "l’ordinateur est trop occupé pour un indice ; réessayez"],
  [/^the computer could not think of a hint here$/, "l’ordinateur n’a pas trouvé d’indice ici"],
  [/^this server runs no computer players, so it gives no hints$/, "ce serveur n’a pas de joueur ordinateur, donc pas d’indice"],
  [/^(.+) gives no hints$/, "{1} ne donne pas d’indice"],
];

/** A platform message in the page's language: French where it is known, else as sent. */
export function platformWords(message) {
  const text = String(message || "");
  if (lang !== "fr") return text;
  for (const [pattern, words] of PLATFORM_FR) {
    const m = pattern.exec(text);
    if (m) return words.replace(/\{(\d)\}/g, (_, i) => m[Number(i)]);
  }
  return text;
}

/**
 * What to tell the player when the server refuses a command (an `error` frame): for a
 * platform command (resign, claim, draw…) the server's own reason, in the page's language
 * where it is known; for a game action the game module's words when it has them
 * (`handle.explainError(code, message, action)`), else the shell's words for the code.
 * `command`: {kind: "game" | "platform", action?} as the page sent it, or null.
 */
export function refusalText(msg, command, game) {
  const code = msg.code || "";
  if (command && command.kind === "game" && game && typeof game.explainError === "function") {
    try {
      const own = game.explainError(code, msg.message || "", command.action);
      if (own) return own;
    } catch (err) {
      console.error(err);
    }
  }
  if (command && command.kind === "platform") return t("error.refused", { m: platformWords(msg.message || code) });
  if (has(`error.${code}`)) {
    let text = t(`error.${code}`);
    if (code === "illegal" && msg.message) text += ` (${platformWords(msg.message)})`;
    return text;
  }
  return t("error.generic", { m: platformWords(msg.message || code) });
}

/** The words for one of the shell's command buttons (offers.js ids), or "". */
export function commandHelp(id) {
  return has(`explain.cmd.${id}`) ? t(`explain.cmd.${id}`) : "";
}

// ---------------------------------------------------------------- the popover

const HOVER_MS = 280; // a mouse resting this long on something names it
const PRESS_MS = 480; // a finger held this long names it (and the click that follows does nothing)
const SLOP = 10; // px a finger may move during a long press
const MARGIN = 8; // px kept between the popover and the window's edges

const describers = new Set(); // {root, describe}
let box = null;
let shown = null; // {anchor, pinned}
let hoverTimer = 0;
let press = null; // a finger held down: {x, y, id, timer}
let held = null; // the finger whose long press showed the popover: {x, y, id}
let swallowUntil = 0;

function tipBox() {
  if (box) return box;
  box = document.createElement("div");
  box.id = "tip";
  box.className = "tip";
  box.setAttribute("role", "tooltip");
  box.hidden = true;
  document.body.append(box);
  return box;
}

/** What `target` is, as {anchor, title, lines}: a `data-tip` element, or a module's piece. */
function resolve(target) {
  if (!(target instanceof Element)) return null;
  for (const { root, describe } of describers) {
    if (!root.isConnected || !root.contains(target)) continue;
    const found = describe(target);
    if (found && found.anchor) return found;
  }
  const el = target.closest("[data-tip]");
  if (el && el.dataset.tip) return { anchor: el, title: el.dataset.tipTitle || "", lines: [el.dataset.tip] };
  return null;
}

function place(anchor) {
  const b = tipBox();
  const r = anchor.getBoundingClientRect();
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const w = b.offsetWidth;
  const hgt = b.offsetHeight;
  let left = r.left + r.width / 2 - w / 2;
  left = Math.max(MARGIN, Math.min(left, vw - w - MARGIN));
  let top = r.top - hgt - 8;
  if (top < MARGIN) top = r.bottom + 8;
  if (top + hgt > vh - MARGIN) top = Math.max(MARGIN, vh - hgt - MARGIN);
  b.style.setProperty("left", `${Math.round(left)}px`);
  b.style.setProperty("top", `${Math.round(top)}px`);
}

/** Show the popover for a resolved thing. `pinned`: it stays until a tap elsewhere or Escape. */
function show(found, pinned = false) {
  clearTimeout(hoverTimer);
  // A note saying why a click did nothing is read first: a hover on the same thing does not
  // cover it (the board may have drawn it anew: the same place is the same thing); a hover
  // on another thing takes the note away.
  if (!pinned && noteBox && !noteBox.hidden) {
    const r = found.anchor.getBoundingClientRect();
    if (noteAt && Math.hypot(r.left + r.width / 2 - noteAt.x, r.top + r.height / 2 - noteAt.y) < 4) return;
    hideNote();
  }
  const b = tipBox();
  const parts = [];
  if (found.title) {
    const head = document.createElement("strong");
    head.className = "tip-title";
    head.textContent = found.title;
    parts.push(head);
  }
  for (const line of found.lines || []) {
    if (!line) continue;
    const p = document.createElement("p");
    p.textContent = line;
    parts.push(p);
  }
  if (!parts.length) return hideTip();
  b.replaceChildren(...parts);
  b.classList.toggle("pinned", pinned);
  b.hidden = false;
  if (shown && shown.anchor !== found.anchor) shown.anchor.removeAttribute?.("aria-describedby");
  found.anchor.setAttribute("aria-describedby", "tip");
  shown = { anchor: found.anchor, pinned };
  place(found.anchor);
}

/** Take the popover away (and forget a hover about to show one). */
export function hideTip() {
  clearTimeout(hoverTimer);
  hideShown();
}

function hideShown() {
  if (!box || box.hidden) return;
  box.hidden = true;
  shown?.anchor.removeAttribute("aria-describedby");
  shown = null;
}

/**
 * Show what `target` is (a tap on a phone when nothing is selected, a click on something
 * that cannot be chosen): the popover stays until a tap elsewhere. Returns whether there
 * was something to say.
 */
export function showTipFor(target) {
  const found = resolve(target);
  if (!found) return false;
  show(found, true);
  return true;
}

/**
 * Let a game module name what is under the pointer in `root` (its board, its panels):
 * `describe(target)` answers {anchor, title, lines: [sentences]} for the element the
 * pointer is on (anchor: the element the popover points at), or null. It draws only from
 * the module's view. Returns a function that stops it.
 */
export function attachTips(root, describe) {
  const entry = { root, describe };
  describers.add(entry);
  install();
  return () => {
    describers.delete(entry);
    if (shown && root.contains(shown.anchor)) hideTip();
  };
}

let installed = false;
function install() {
  if (installed) return;
  installed = true;
  document.addEventListener("pointerover", (e) => {
    if (e.pointerType === "touch") return;
    const found = resolve(e.target);
    clearTimeout(hoverTimer);
    if (!found) {
      if (shown && !shown.pinned) hideTip();
      return;
    }
    if (shown && shown.anchor === found.anchor) return;
    hoverTimer = setTimeout(() => show(resolve(e.target) || found), HOVER_MS);
  });
  // A mouse leaving the thing takes its popover away, even one a click asked for.
  document.addEventListener("pointerout", (e) => {
    if (e.pointerType === "touch") return;
    clearTimeout(hoverTimer);
    if (!shown) return;
    const to = e.relatedTarget;
    if (to instanceof Node && shown.anchor.contains(to)) return;
    hideTip();
  });
  document.addEventListener("focusin", (e) => {
    const el = e.target;
    if (!(el instanceof Element) || !el.matches(":focus-visible")) return;
    const found = resolve(el);
    if (found) show(found, false);
  });
  document.addEventListener("focusout", () => {
    if (shown && !shown.pinned) hideTip();
  });
  document.addEventListener(
    "pointerdown",
    (e) => {
      if (shown && shown.pinned && !(box && box.contains(e.target))) hideTip();
      if (e.pointerType !== "touch") return;
      const found = resolve(e.target);
      if (!found) return;
      const target = e.target;
      press = {
        x: e.clientX,
        y: e.clientY,
        id: e.pointerId,
        timer: setTimeout(() => {
          held = { x: press.x, y: press.y, id: press.id };
          press = null;
          swallowUntil = Date.now() + 900;
          show(resolve(target) || found, true);
        }, PRESS_MS),
      };
    },
    true,
  );
  const cancelPress = (e) => {
    // The finger that showed a popover goes on to drag: the popover goes.
    if (held && e.type === "pointermove" && e.pointerId === held.id && Math.hypot(e.clientX - held.x, e.clientY - held.y) >= SLOP) {
      held = null;
      hideTip();
    }
    if (e.type !== "pointermove" && held && e.pointerId === held.id) held = null;
    if (!press || (e.pointerId !== undefined && e.pointerId !== press.id)) return;
    if (e.type === "pointermove" && Math.hypot(e.clientX - press.x, e.clientY - press.y) < SLOP) return;
    clearTimeout(press.timer);
    press = null;
  };
  document.addEventListener("pointermove", cancelPress, true);
  document.addEventListener("pointerup", cancelPress, true);
  document.addEventListener("pointercancel", cancelPress, true);
  // The click a long press ends in has been answered by the popover: it selects nothing.
  window.addEventListener(
    "click",
    (e) => {
      if (Date.now() < swallowUntil) {
        swallowUntil = 0;
        e.stopPropagation();
        e.preventDefault();
      }
    },
    true,
  );
  // A long press on a phone opens the browser's own menu over a described thing: not here.
  document.addEventListener("contextmenu", (e) => {
    if (Date.now() < swallowUntil || (shown && shown.pinned)) e.preventDefault();
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") hideTip();
  });
  // A scroll moves the anchor away from its popover: take it down. A hover about to show
  // one stays (the pointer rests on the thing; its place is measured when shown).
  window.addEventListener("scroll", hideShown, true);
  window.addEventListener("resize", hideShown);
}

// ---------------------------------------------------------------- the note near the board

let noteBox = null;
let noteTimer = 0;
let noteAt = null; // the centre of what the note is about, in the window's coordinates

/**
 * Say near the board why a click did nothing ("The Babe never moves"): a short note over
 * `anchor` (the piece or place clicked; else `area`, the board), gone after a few seconds
 * or at the next click. Read out by screen readers (role status).
 */
export function note(text, { anchor = null, area = null, ms = 5000 } = {}) {
  if (!noteBox) {
    noteBox = document.createElement("div");
    noteBox.id = "board-note";
    noteBox.className = "board-note";
    noteBox.setAttribute("role", "status");
    noteBox.setAttribute("aria-live", "polite");
    noteBox.hidden = true;
    document.body.append(noteBox);
    document.addEventListener(
      "pointerdown",
      () => {
        // The click that asked for the note is over before the note exists: a later one clears it.
        if (!noteBox.hidden && Date.now() - noteBox.shownAt > 250) hideNote();
      },
      true,
    );
  }
  hideTip();
  const target = anchor || area;
  noteAt = null;
  if (anchor) {
    const a = anchor.getBoundingClientRect();
    noteAt = { x: a.left + a.width / 2, y: a.top + a.height / 2 };
  }
  noteBox.textContent = text;
  noteBox.hidden = false;
  noteBox.shownAt = Date.now();
  const vw = document.documentElement.clientWidth;
  const w = noteBox.offsetWidth;
  const hgt = noteBox.offsetHeight;
  let left = vw / 2 - w / 2;
  let top = window.innerHeight / 2 - hgt / 2;
  if (target) {
    const r = target.getBoundingClientRect();
    const whole = area && target === area;
    left = r.left + r.width / 2 - w / 2;
    // Over the piece (below it when there is no room above); over the board's lower part
    // for a note about the whole board.
    top = whole ? r.top + r.height * 0.75 - hgt / 2 : r.top - hgt - 10;
    if (top < MARGIN) top = r.bottom + 10;
  }
  left = Math.max(MARGIN, Math.min(left, vw - w - MARGIN));
  top = Math.max(MARGIN, Math.min(top, window.innerHeight - hgt - MARGIN));
  noteBox.style.setProperty("left", `${Math.round(left + window.scrollX)}px`);
  noteBox.style.setProperty("top", `${Math.round(top + window.scrollY)}px`);
  clearTimeout(noteTimer);
  noteTimer = setTimeout(hideNote, ms);
}

export function hideNote() {
  clearTimeout(noteTimer);
  if (noteBox) noteBox.hidden = true;
}
