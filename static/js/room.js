// The room page: join (invite link), watch (spectator link) or play (room link), then
// setup, play, the end and rematches, all from the frames of one reconnecting socket.
// The page renders only what the server sent; it never holds a hidden value to hide.

import { ApiError, api, keepRejoinSecret, rejoinSecret, rejoinSeat } from "./api.js";
import { renderBoard } from "./board.js";
import { enableDrag } from "./drag.js";
import { name, square } from "./geometry.js";
import { applyI18n, has, mountLangSwitch, onLangChange, t } from "./i18n.js";
import { renderLinks } from "./links.js";
import { parseMove, parsePosition } from "./notation.js";
import { SetupEditor, tileSvg } from "./setup-ui.js";
import { GameSocket } from "./socket.js";

const $ = (id) => document.getElementById(id);
const SIDES = ["s", "n"];

const S = {
  roomId: null,
  watch: null,
  socket: null,
  you: null, // {seat, side, role}
  room: null,
  gameId: null,
  view: null,
  history: [],
  clocks: null,
  clockAt: 0, // Date.now() when clocks arrived
  presence: null,
  presenceAt: 0,
  offers: { draw: null, rematch: null },
  spectators: 0,
  conn: "connecting",
  selected: -1,
  moving: false,
  editor: null,
  setupSending: false,
};

const isPlayer = () => S.you && S.you.role === "player" && S.you.seat !== null && S.you.seat !== undefined;
const mySide = () => (isPlayer() ? S.you.side : null);
const mySeat = () => (isPlayer() ? S.you.seat : null);
const oppSeat = () => (isPlayer() ? 1 - S.you.seat : null);
const isBotRoom = () => Boolean(isPlayer() && S.room && Array.isArray(S.room.bots) && S.room.bots[oppSeat()]);

// ---------------------------------------------------------------- start-up

async function start() {
  mountLangSwitch($("lang"));
  applyI18n();
  const path = location.pathname;
  const params = new URLSearchParams(location.search);
  try {
    let m;
    if ((m = /^\/i\/([^/]+)\/?$/.exec(path))) {
      const claim = await api("POST", `/api/invites/${encodeURIComponent(decodeURIComponent(m[1]))}/claim`).catch((e) => {
        const code = { 409: "full", 410: "invite_expired" }[e.status] || "invite_gone";
        throw new ApiError(e.status, code, e.message);
      });
      S.roomId = claim.room_id;
      keepRejoinSecret(claim.room_id, claim.rejoin_secret);
      history.replaceState(null, "", `/r/${encodeURIComponent(S.roomId)}`);
    } else if ((m = /^\/w\/([^/]+)\/?$/.exec(path))) {
      S.watch = decodeURIComponent(m[1]);
      const found = await api("GET", `/api/watch/${encodeURIComponent(S.watch)}`).catch((e) => {
        throw new ApiError(e.status, "watch_gone", e.message);
      });
      S.roomId = found.room_id;
    } else if ((m = /^\/r\/([^/]+)\/?$/.exec(path))) {
      S.roomId = decodeURIComponent(m[1]);
      S.watch = params.get("watch");
    } else {
      throw new ApiError(404, "not_found");
    }
    S.room = await fetchRoom();
    if (S.room.your_seat === null && !S.watch && rejoinSecret(S.roomId) && (await tryRejoin())) {
      S.room = await fetchRoom();
    }
  } catch (err) {
    const key = { full: "room.full", invite_gone: "room.inviteGone", invite_expired: "room.inviteExpired", watch_gone: "room.watchGone", not_found: "room.notFound" }[err.code];
    return fatal(key ? t(key) : t("error.generic", { m: err.message }));
  }
  connect();
}

const fetchRoom = () =>
  api("GET", `/api/rooms/${encodeURIComponent(S.roomId)}`).catch((e) => {
    throw new ApiError(e.status, "not_found", e.message);
  });

// A seat whose cookie was lost or replaced is taken back once per page with the rejoin
// secret this browser kept when it took the seat.
let rejoinTried = false;
let rejoining = false;
async function tryRejoin() {
  if (rejoinTried) return false;
  rejoinTried = true;
  return rejoinSeat(S.roomId);
}

/** The socket says "not a player here": rejoin if we can, then connect again. */
function rejoinAfterRefusal(msg) {
  if (rejoinTried || S.watch || !rejoinSecret(S.roomId)) return false;
  rejoining = true;
  tryRejoin().then((ok) => {
    rejoining = false;
    if (ok) return connect();
    toast(has(`error.${msg.code}`) ? t(`error.${msg.code}`) : t("error.generic", { m: msg.message || msg.code }));
    fatal(t("room.notFound"));
  });
  return true;
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const query = S.watch ? `?watch=${encodeURIComponent(S.watch)}` : "";
  S.socket = new GameSocket(`${proto}//${location.host}/ws/rooms/${encodeURIComponent(S.roomId)}${query}`, {
    frame: onFrame,
    status: onStatus,
  });
  S.socket.connect();
}

function fatal(text) {
  $("loading").hidden = true;
  $("game").hidden = true;
  $("fatal").textContent = text;
  $("fatal").hidden = false;
}

// ---------------------------------------------------------------- frames

let connTimer = null;
function onStatus(status, reason) {
  const was = S.conn;
  S.conn = status;
  const box = $("conn");
  clearTimeout(connTimer);
  if (status === "lost") {
    box.textContent = t("conn.reconnecting");
    box.className = "conn lost";
    box.hidden = false;
  } else if (status === "open" && was === "lost") {
    box.textContent = t("conn.back");
    box.className = "conn back";
    box.hidden = false;
    connTimer = setTimeout(() => (box.hidden = true), 2000);
  } else if (status === "fatal") {
    if (!rejoining) fatal(reason || t("room.notFound"));
  } else {
    box.hidden = true;
  }
  document.body.dataset.conn = status;
}

function onFrame(msg) {
  switch (msg.type) {
    case "welcome":
      return onWelcome(msg);
    case "event":
      return onEvent(msg);
    case "presence":
      setPresence(msg.seats, msg.spectators);
      renderPlayers();
      return renderSide();
    case "offers":
      S.offers = { draw: msg.draw ?? null, rematch: msg.rematch ?? null };
      return renderSide();
    case "ack":
      return;
    case "error":
      if (msg.code === "not_player" && !msg.id && rejoinAfterRefusal(msg)) return;
      S.moving = false;
      S.setupSending = false;
      toast(has(`error.${msg.code}`) ? t(`error.${msg.code}`) : t("error.generic", { m: msg.message || msg.code }));
      return render();
    default:
  }
}

function setPresence(seats, spectators) {
  if (seats) {
    S.presence = seats;
    S.presenceAt = Date.now();
  }
  if (typeof spectators === "number") S.spectators = spectators;
}

function onWelcome(msg) {
  const newGame = msg.game_id !== S.gameId;
  S.you = msg.you;
  S.room = msg.room || S.room;
  S.gameId = msg.game_id;
  S.view = msg.view;
  S.history = msg.view && Array.isArray(msg.view.history) ? [...msg.view.history] : [];
  setClocks(msg.clocks);
  setPresence(msg.presence && msg.presence.seats, msg.spectators ?? msg.presence?.spectators);
  S.offers = msg.offers || { draw: null, rematch: null };
  if (newGame) {
    S.editor = null;
    S.selected = -1;
  }
  S.moving = false;
  S.setupSending = false;
  $("loading").hidden = true;
  $("game").hidden = false;
  render();
}

function onEvent(msg) {
  const ev = msg.event;
  if (msg.view) S.view = { ...msg.view, history: undefined };
  setClocks(msg.clocks);
  if (ev && ev.type === "move") {
    const entry = { ply: ev.ply, side: ev.side, move: `${ev.from}-${ev.to}` };
    if (ev.combat) Object.assign(entry, ev.combat);
    S.history = S.history.filter((h) => h.ply !== ev.ply).concat(entry);
    S.moving = false;
    S.selected = -1;
  }
  if (ev && ev.type === "setup_submitted" && ev.side === mySide()) S.setupSending = false;
  render();
}

function setClocks(clocks) {
  if (!clocks) return;
  S.clocks = clocks;
  S.clockAt = Date.now();
}

// ---------------------------------------------------------------- actions

function act(type, extra = {}) {
  if (!S.socket) return;
  S.socket.send({ type, ...extra });
}

function playMove(from, to) {
  if (S.moving) return;
  S.moving = true;
  S.selected = -1;
  act("move", { move: `${name(from)}-${name(to)}`, version: S.socket.lastVersion ?? 0 });
  render();
}

function legalFrom() {
  const map = new Map();
  if (!S.view || S.view.phase !== "play" || S.view.to_move !== mySide() || S.moving) return map;
  for (const text of S.view.legal || []) {
    const m = parseMove(text);
    if (!m) continue;
    if (!map.has(m.from)) map.set(m.from, new Set());
    map.get(m.from).add(m.to);
  }
  return map;
}

function onSquare(sq) {
  if (!S.view) return;
  if (inSetup()) return S.editor.clickSquare(sq);
  const legal = legalFrom();
  if (S.selected >= 0 && legal.get(S.selected)?.has(sq)) return playMove(S.selected, sq);
  S.selected = legal.has(sq) && S.selected !== sq ? sq : -1;
  renderBoardNow();
}

const inSetup = () =>
  Boolean(S.editor) && S.view && S.view.phase === "setup" && isPlayer() && !S.view.setup_done[mySide()] && !S.setupSending;

// ---------------------------------------------------------------- rendering

function render() {
  if (!S.view) return;
  ensureEditor();
  renderBoardNow();
  renderSide();
  renderPlayers();
}

function ensureEditor() {
  const wantEditor = S.view.phase === "setup" && isPlayer() && !S.view.setup_done[mySide()];
  if (wantEditor && !S.editor) {
    S.editor = new SetupEditor({
      panel: $("setup"),
      side: mySide(),
      options: S.view.options || {},
      draftKey: `speakeasy.draft.${S.gameId}.${mySide()}`,
      changed: () => renderBoardNow(),
      submit: (position) => {
        S.setupSending = true;
        act("setup", { position });
        render();
      },
    });
  }
  if (!wantEditor) S.editor = null;
}

function lastCombat() {
  const last = S.history[S.history.length - 1];
  return last && last.survivor ? last : null;
}

function renderBoardNow() {
  const svg = $("board");
  const flipped = mySide() === "n";
  svg.setAttribute("aria-label", t("brand"));
  if (inSetup()) {
    renderBoard(svg, { ...S.editor.boardState(), flipped });
    return;
  }
  if (S.editor && S.setupSending) {
    renderBoard(svg, { cells: S.editor.boardState().cells, flipped });
    return;
  }
  const { cells } = parsePosition(S.view.position);
  const legal = legalFrom();
  const lm = S.view.last_move;
  const lastMove = lm ? { from: square(lm.from), to: square(lm.to) } : null;
  const combat = lastCombat();
  renderBoard(svg, {
    cells,
    flipped,
    selected: S.selected,
    targets: S.selected >= 0 ? legal.get(S.selected) || new Set() : new Set(),
    lastMove,
    combatAt: combat ? parseMove(combat.move).to : -1,
    draggable: (sq) => legal.has(sq),
    focusable: (sq) => legal.has(sq) || (S.selected >= 0 && legal.get(S.selected)?.has(sq)),
  });
}

function clockText(ms) {
  if (ms === null || ms === undefined) return "";
  const total = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}

function remainingFor(index) {
  const c = S.clocks;
  if (!c || !Array.isArray(c.remaining) || c.remaining[index] === null || c.remaining[index] === undefined) return null;
  const running = c.running === index && S.view?.phase === "play";
  return c.remaining[index] - (running ? Date.now() - S.clockAt : 0);
}

function presenceText(seat) {
  const p = S.presence && S.presence[seat];
  if (!p) return { text: "", online: null };
  if (p.connected) return { text: t("presence.online"), online: true };
  const gone = p.gone_for === null || p.gone_for === undefined ? null : Math.round(p.gone_for + (Date.now() - S.presenceAt) / 1000);
  return { text: gone === null ? t("presence.offline") : t("presence.offlineFor", { s: gone }), online: false };
}

/** The two bars around the board: who, online or not, clock, removed pieces. */
function renderPlayers() {
  const flipped = mySide() === "n";
  const bottomSide = flipped ? "n" : "s";
  const topSide = flipped ? "s" : "n";
  fillPlayer($("player-top"), topSide);
  fillPlayer($("player-bottom"), bottomSide);
}

function fillPlayer(box, side) {
  const seat = SIDES.indexOf(side);
  const mine = side === mySide();
  box.replaceChildren();
  box.dataset.side = side;
  box.classList.toggle("to-move", S.view.phase === "play" && S.view.to_move === side);
  const who = document.createElement("div");
  who.className = "who";
  const dot = document.createElement("span");
  const pres = presenceText(seat);
  const botSeat = isBotRoom() && !mine && isPlayer();
  dot.className = `dot ${pres.online === false && !botSeat ? "off" : "on"}`;
  const label = document.createElement("span");
  label.className = "who-name";
  const role = !isPlayer() ? "" : mine ? t("room.you") : botSeat ? t("room.computer") : t("room.opponent");
  label.textContent = role ? `${role} · ${t(`side.${side}`)}` : t(`side.${side}`);
  const presence = document.createElement("span");
  presence.className = "presence";
  presence.dataset.seat = String(seat);
  presence.textContent = botSeat ? "" : pres.text;
  who.append(dot, label, presence);

  const clock = document.createElement("div");
  clock.className = "clock";
  clock.dataset.clock = String(seat);
  const running = S.clocks && S.clocks.running === seat && S.view.phase === "play";
  clock.classList.toggle("running", Boolean(running));
  clock.textContent = clockText(remainingFor(seat));
  clock.hidden = clock.textContent === "";
  clock.setAttribute("aria-label", `${t(`side.${side}`)} ${clock.textContent}`);

  const removed = document.createElement("div");
  removed.className = "removed";
  removed.setAttribute("aria-label", `${t("removed.title")} (${t(`side.${side}`)})`);
  for (const code of (S.view.removed && S.view.removed[side]) || []) {
    const span = document.createElement("span");
    span.className = "removed-piece";
    span.title = code === "?" ? t("piece.hidden") : t(`piece.${code}`);
    span.append(tileSvg({ side, code: code === "?" ? "?" : code, revealed: false }));
    removed.append(span);
  }
  box.append(who, clock, removed);
}

function tickClocks() {
  if (!S.view) return;
  document.querySelectorAll("[data-clock]").forEach((el) => {
    const seat = Number(el.dataset.clock);
    const text = clockText(remainingFor(seat));
    if (el.textContent !== text) el.textContent = text;
    const ms = remainingFor(seat);
    el.classList.toggle("low", ms !== null && ms < 30000);
  });
  document.querySelectorAll(".presence[data-seat]").forEach((el) => {
    const p = presenceText(Number(el.dataset.seat));
    if (!(isBotRoom() && Number(el.dataset.seat) === oppSeat())) el.textContent = p.text;
  });
  const dl = $("setup-deadline");
  if (dl) dl.textContent = setupDeadlineText();
}

function setupDeadlineText() {
  const c = S.clocks;
  if (!c || !c.setup_deadline) return "";
  const offset = (c.server_now || S.clockAt) - S.clockAt;
  return t("setup.deadline", { t: clockText(c.setup_deadline - (Date.now() + offset)) });
}

function renderSide() {
  if (!S.view) return;
  const v = S.view;
  renderInvite();
  renderTurn();
  renderResult();
  renderOffer();
  renderCombat();
  const setupBox = $("setup");
  if (inSetup()) {
    setupBox.hidden = false;
    if (!setupBox.childElementCount) S.editor.render();
  } else {
    setupBox.hidden = true;
    setupBox.replaceChildren();
  }
  renderActions();
  renderMoves();
  $("viewers").textContent = S.room && S.room.spectators === false ? "" : t("room.viewers", { n: S.spectators });
  document.body.dataset.phase = v.phase;
  document.body.dataset.role = isPlayer() ? "player" : "spectator";
  document.body.dataset.side = mySide() || "";
  const myTurn = v.phase === "play" && v.to_move === mySide();
  document.title = `${myTurn ? "● " : ""}${t("brand")}`;
}

function opponentJoined() {
  if (!isPlayer() || isBotRoom()) return true;
  if (S.room && Array.isArray(S.room.seats_taken) && S.room.seats_taken[oppSeat()]) return true;
  const p = S.presence && S.presence[oppSeat()];
  return Boolean(p && (p.connected || (p.gone_for !== null && p.gone_for !== undefined)));
}

function renderInvite() {
  const box = $("invite");
  const show = isPlayer() && S.view.phase === "setup" && !opponentJoined();
  if (!show) {
    box.hidden = true;
    return;
  }
  if (box.hidden || !box.childElementCount) renderLinks(box, S.roomId, { canRenew: true });
  const waiting = box.querySelector(".waiting") || document.createElement("p");
  waiting.className = "waiting";
  waiting.textContent = t("room.waitingOpponent");
  box.prepend(waiting);
  box.hidden = false;
}

function renderTurn() {
  const v = S.view;
  const box = $("turn");
  box.className = "turn";
  let text = "";
  if (v.phase === "setup") {
    if (!isPlayer()) text = t("setup.watching");
    else if (v.setup_done[mySide()] || S.setupSending) {
      text = t("setup.sent");
      if (v.setup_done[SIDES[oppSeat()]]) text += ` ${t("setup.opponentDone")}`;
    } else {
      text = v.setup_done[SIDES[oppSeat()]] ? t("setup.opponentDone") : opponentJoined() ? t("setup.opponentPlacing") : "";
    }
  } else if (v.phase === "play") {
    if (!isPlayer()) text = t("turn.side", { side: t(`side.${v.to_move}`) });
    else if (v.to_move === mySide()) {
      text = (v.legal || []).length ? `${t("turn.yours")} — ${t("play.hint")}` : t("turn.noMoves");
      box.classList.add("mine");
    } else text = t("turn.theirs");
  }
  box.replaceChildren(document.createTextNode(text));
  if (v.phase === "setup") {
    const dl = document.createElement("span");
    dl.id = "setup-deadline";
    dl.className = "deadline";
    dl.textContent = setupDeadlineText();
    box.append(dl);
  }
  if (isPlayer() && v.phase === "play" && !opponentOnline() && !isBotRoom()) {
    const p = document.createElement("p");
    p.className = "warn";
    p.textContent = t("presence.opponentGone");
    box.append(p);
  }
  box.hidden = !box.textContent;
}

function opponentOnline() {
  const p = S.presence && S.presence[oppSeat()];
  return !p || p.connected;
}

function resultTexts() {
  const r = S.view.result;
  if (!r) return null;
  let head;
  if (r.outcome === "draw") head = t("result.draw");
  else if (r.outcome === "aborted") head = t("result.aborted");
  else if (isPlayer()) head = r.winner === mySeat() ? t("result.win") : t("result.loss");
  else head = t("result.sideWins", { side: t(`side.${SIDES[r.winner]}`) });
  const reason = has(`reason.${r.reason}`) ? t(`reason.${r.reason}`) : r.reason;
  return { head, reason };
}

function renderResult() {
  const box = $("result");
  const texts = S.view.phase === "over" ? resultTexts() : null;
  box.hidden = !texts;
  if (!texts) return box.replaceChildren();
  const h = document.createElement("h2");
  h.textContent = texts.head;
  h.id = "result-head";
  const reason = document.createElement("p");
  reason.id = "result-reason";
  reason.textContent = texts.reason;
  const reveal = document.createElement("p");
  reveal.className = "help";
  reveal.textContent = t("result.reveal");
  const record = document.createElement("a");
  record.href = `/api/games/${encodeURIComponent(S.gameId)}/record`;
  record.target = "_blank";
  record.rel = "noopener";
  record.textContent = t("result.record");
  box.className = `result ${isPlayer() && S.view.result.outcome === "win" ? (S.view.result.winner === mySeat() ? "won" : "lost") : ""}`;
  box.replaceChildren(h, reason, reveal, record);
}

function actionButton(label, onClick, cls = "secondary", id = null) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = cls;
  b.textContent = label;
  if (id) b.id = id;
  b.addEventListener("click", onClick);
  return b;
}

function renderOffer() {
  const box = $("offer");
  box.replaceChildren();
  const v = S.view;
  if (isPlayer() && v.phase === "play" && S.offers.draw === oppSeat()) {
    const p = document.createElement("p");
    p.textContent = t("offer.drawFromOpponent");
    box.append(p, actionButton(t("action.drawAccept"), () => act("draw_accept"), "primary", "draw-accept"),
      actionButton(t("action.drawDecline"), () => act("draw_decline"), "secondary", "draw-decline"));
  } else if (isPlayer() && v.phase === "over" && S.offers.rematch === oppSeat()) {
    const p = document.createElement("p");
    p.textContent = t("offer.rematchFromOpponent");
    box.append(p, actionButton(t("action.rematchAccept"), () => act("rematch"), "primary", "rematch-accept"));
  }
  box.hidden = !box.childElementCount;
}

function renderActions() {
  const box = $("actions");
  box.replaceChildren();
  if (!isPlayer()) return;
  const v = S.view;
  if (v.phase === "play" || v.phase === "setup") {
    if (v.phase === "play") {
      box.append(actionButton(t("action.resign"), () => {
        if (confirm(t("action.resignConfirm"))) act("resign");
      }, "danger", "resign"));
      const offered = S.offers.draw === mySeat();
      const draw = actionButton(offered ? t("action.drawOffered") : t("action.drawOffer"), () => act("draw_offer"), "secondary", "draw-offer");
      draw.disabled = offered || S.offers.draw === oppSeat();
      box.append(draw);
    }
    if (v.ply === 0) box.append(actionButton(t("action.abort"), () => act("abort"), "secondary", "abort"));
    if (!opponentOnline() && !isBotRoom() && opponentJoined()) box.append(actionButton(t("action.claim"), () => act("claim"), "secondary", "claim"));
  } else if (v.phase === "over") {
    const offered = S.offers.rematch === mySeat();
    const theirs = S.offers.rematch === oppSeat();
    const b = actionButton(offered ? t("action.rematchOffered") : theirs ? t("action.rematchAccept") : t("action.rematch"), () => act("rematch"), "primary", "rematch");
    b.disabled = offered;
    box.append(b);
  }
}

function combatSentence(entry) {
  if (entry.survivor === "attacker" && entry.defender === "S") return t("combat.win");
  return { attacker: t("combat.fledDefender"), defender: t("combat.fledAttacker"), none: t("combat.fledBoth") }[entry.survivor] || "";
}

function renderCombat() {
  const box = $("combat");
  const entry = S.view.phase === "setup" ? null : lastCombat();
  box.hidden = !entry;
  if (!entry) return box.replaceChildren();
  const { to } = parseMove(entry.move);
  const other = entry.side === "s" ? "n" : "s";
  const h = document.createElement("h2");
  h.textContent = t("combat.title", { sq: name(to) });
  const faces = document.createElement("div");
  faces.className = "faces";
  for (const [role, side, code] of [["attacker", entry.side, entry.attacker], ["defender", other, entry.defender]]) {
    const fig = document.createElement("figure");
    const fled = entry.survivor === "none" || (entry.survivor !== role && entry.survivor !== undefined);
    fig.className = `face ${fled ? "fled" : "stays"}`;
    fig.append(tileSvg({ side, code: code || "?", revealed: false }, false));
    const cap = document.createElement("figcaption");
    cap.textContent = t("combat.caption", { role: t(`combat.${role}`), piece: code ? t(`piece.${code}`) : t("piece.hidden") });
    fig.append(cap);
    faces.append(fig);
    if (role === "attacker") {
      const vs = document.createElement("span");
      vs.className = "vs";
      vs.textContent = "→";
      faces.append(vs);
    }
  }
  const p = document.createElement("p");
  p.className = "outcome";
  p.textContent = combatSentence(entry);
  box.replaceChildren(h, faces, p);
}

function renderMoves() {
  const list = $("move-list");
  list.replaceChildren();
  if (!S.history.length) {
    const li = document.createElement("li");
    li.className = "none";
    li.textContent = t("moves.none");
    list.append(li);
    return;
  }
  for (const h of S.history) {
    const li = document.createElement("li");
    li.value = h.ply + 1;
    const side = document.createElement("span");
    side.className = `mv-side side-${h.side}`;
    side.textContent = t(`side.${h.side}`)[0];
    side.title = t(`side.${h.side}`);
    const mv = document.createElement("span");
    mv.className = "mv";
    mv.textContent = h.move;
    li.append(side, mv);
    if (h.survivor) {
      const c = document.createElement("span");
      c.className = "mv-combat";
      c.textContent = `⚔ ${h.attacker || "?"}×${h.defender || "?"}`;
      c.title = combatSentence(h);
      li.append(c);
    }
    list.append(li);
  }
  list.lastElementChild.scrollIntoView({ block: "nearest" });
}

function toast(text) {
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (box.hidden = true), 5000);
}

// ---------------------------------------------------------------- input

function ghostFor(payload) {
  const div = document.createElement("div");
  div.append(tileSvg({ side: mySide(), code: payload.code, revealed: false }, false));
  return div;
}

function wireInput() {
  const svg = $("board");
  svg.addEventListener("click", (e) => {
    const g = e.target.closest("[data-sq]");
    if (g) onSquare(Number(g.dataset.sq));
  });
  svg.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    const g = e.target.closest("[data-sq]");
    if (!g) return;
    e.preventDefault();
    const sq = Number(g.dataset.sq);
    onSquare(sq);
    svg.querySelector(`[data-sq="${sq}"]`)?.focus();
  });
  enableDrag($("game"), {
    start(el) {
      if (inSetup()) return S.editor.dragStart(el);
      const sq = Number(el.closest("[data-sq]")?.dataset.sq);
      if (!legalFrom().has(sq)) return null;
      S.selected = sq;
      renderBoardNow();
      const cell = parsePosition(S.view.position).cells[sq];
      return { from: "board", sq, code: cell ? cell.code : "?" };
    },
    ghost: ghostFor,
    drop(payload, target) {
      if (inSetup()) return S.editor.drop(payload, target);
      const to = Number(target?.dataset.sq);
      if (target && legalFrom().get(payload.sq)?.has(to)) playMove(payload.sq, to);
    },
  });
}

wireInput();
onLangChange(() => {
  if (S.editor) S.editor.render();
  render();
});
setInterval(tickClocks, 250);
start();
