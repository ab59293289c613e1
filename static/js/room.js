// The room page, for any game: come in (invite, spectator or room link, or the lobby for a
// browser without a seat), keep one reconnecting socket, and show around the game's own
// board what every game shares — the seats with presence and clocks, the turn, offers,
// the result, the record, the score across rematches and the rematch itself.
//
// The board and everything particular to a game is the game's module
// (static/games/<name>/main.js, interface in static/games/README.md), loaded from the name
// the server gives in `welcome.game.client_module`. The page renders only what the server
// sent; it never holds a hidden value to hide.

import { ApiError, api, rejoinSecret, rejoinSeat } from "./api.js";
import { fetchCatalogue } from "./catalogue.js";
import { RoomChat } from "./chat.js";
import { Clocks, tickClocks } from "./clocks.js";
import { TurnCues } from "./cues.js";
import { refusalText } from "./explain.js";
import { loadGameModule, moduleStyles } from "./game-loader.js";
import { HintBox } from "./hint.js";
import { applyI18n, has, mountLangSwitch, onLangChange, t } from "./i18n.js";
import { renderInvite } from "./invite-panel.js";
import { enterFromAddress, entryError, fetchRoom } from "./joining.js";
import { fitRoom } from "./layout.js";
import { renderLobby, renderRoomOptions } from "./lobby.js";
import { renderActions, renderOffer, tickClaim } from "./offers.js";
import { Presence } from "./presence.js";
import { renderResult, winnersOf } from "./result.js";
import { RoomGames } from "./room-games.js";
import { roomInfoText } from "./room-info.js";
import { RulesDrawer } from "./rules-drawer.js";
import { countGame, renderScore } from "./score.js";
import { renderSeats, tickPresence } from "./seats.js";
import { GameSocket } from "./socket.js";
import { toast } from "./toast.js";
import { Lesson, loadLesson } from "./tutorial.js";
import { renderTurn, tickSetupDeadline } from "./turn-line.js";
import { keepCommitment } from "./verify.js";
import { FALLBACK_MODULE, readGame, readOffers, readYou, speaksV2 } from "./wire.js";

const $ = (id) => document.getElementById(id);

/** Everything the page knows, from the frames it received. */
const R = {
  roomId: null,
  watch: null,
  socket: null,
  v2: false,
  you: { seat: null, role: "spectator" },
  room: null, // the room summary
  info: null, // {name, title, clientModule, players}
  gameId: null,
  view: null,
  game: null, // the mounted game module's handle
  lesson: null, // a tutorial room's lesson (js/tutorial.js), which every game action goes through
  mountedFor: "",
  clocks: new Clocks(),
  talk: null, // the seats we may write to in private now (the frames' `talk`), or null
  presence: new Presence(),
  offers: { draw: [], rematch: [] },
  commands: new Map(), // action id -> {kind: "game" | "platform", type}
  conn: "connecting",
  refusal: "", // why the server refused the socket, from its error frame
  catalogue: null, // this game's catalogue entry (its option schema and presets), once fetched
};

const cues = new TurnCues($("cues"));
const roomGames = new RoomGames($("room-games"), () => (R.catalogue?.name === R.info?.name ? R.catalogue : null));
const chat = new RoomChat($("chat"), (frame) => (R.socket ? R.socket.send(frame) : null));
// "What would the computer do?": asked of the server, shown beside the turn line.
const hintBox = new HintBox($("hint"), () => (R.socket ? R.socket.ask({ type: "hint" }) : null));
// The game's rules in a drawer over the room: the socket and the board stay as they are.
const rules = new RulesDrawer($("rules-btn"));

// ---------------------------------------------------------------- the shell's view of the room

const mine = () => R.you.seat;
const players = () => R.info?.players ?? 2;
const bots = () => (Array.isArray(R.room?.bots) ? R.room.bots : []);
const seatsTaken = () => (Array.isArray(R.room?.seats_taken) ? R.room.seats_taken : null);
const status = () => (R.game && R.view ? R.game.status(R.view) : { phase: "setup", actors: [], result: null });
const viewVersion = () => R.socket?.viewVersion ?? R.socket?.lastVersion ?? null;

/** The state the shell's renderers read. */
function roomState() {
  return {
    roomId: R.roomId,
    players: players(),
    mine: mine(),
    bots: bots(),
    seatsTaken: seatsTaken(),
    presence: R.presence,
    clocks: R.clocks,
    offers: R.offers,
    status: status(),
    game: R.game,
    view: R.view, // the last view: the result panel asks the game to explain the end from it
    gameId: R.gameId,
    graceSeconds: R.room?.grace_seconds,
    turnBased: Boolean(R.room?.turn_based), // played over days (issue 27): no claim, "away"
    timeControl: R.room?.time_control,
    agreedDraws: R.info?.agreedDraws !== false,
    lesson: R.lesson, // a guided first game's lesson: the turn line defers to a step that only explains
  };
}

function allSeated() {
  const taken = seatsTaken();
  return !taken || taken.every((seatTaken, s) => seatTaken || bots()[s]);
}

// ---------------------------------------------------------------- start-up

async function start() {
  mountLangSwitch($("lang"));
  applyI18n();
  let entered;
  try {
    entered = await enterFromAddress();
  } catch (err) {
    return fatal(entryError(err));
  }
  R.roomId = entered.roomId;
  R.watch = entered.watch;
  R.room = entered.room;
  R.full = entered.full; // an invite link to a room whose every seat is taken: the lobby offers to watch
  if (R.room.your_seat === null && !R.watch) return showLobby();
  connect();
}

async function showLobby() {
  R.socket?.stop();
  // The game's words (its presets) come with its module, named by the catalogue.
  const name = R.room.game || "speakeasy";
  const listed = await fetchCatalogue().catch(() => ({ games: [] }));
  const entry = listed.games.find((g) => g.name === name);
  await loadGameModule(entry ? entry.client_module : FALLBACK_MODULE).catch(() => null);
  rules.setGame({ name, title: entry?.title || R.room.title || readGame(null, R.room).title, clientModule: entry?.client_module || FALLBACK_MODULE });
  $("loading").hidden = true;
  $("game").hidden = true;
  renderLobby($("lobby"), R.roomId, R.room, R.room.title || entry?.title || readGame(null, R.room).title, entry, { full: R.full });
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const query = R.watch ? `?watch=${encodeURIComponent(R.watch)}` : "";
  R.socket = new GameSocket(`${proto}//${location.host}/ws/rooms/${encodeURIComponent(R.roomId)}${query}`, {
    frame: (msg) => enqueue(() => onFrame(msg)),
    status: onStatus,
    opened: () => chat.reconnected(),
  });
  R.socket.connect();
}

function fatal(text) {
  $("loading").hidden = true;
  $("game").hidden = true;
  $("fatal").textContent = text;
  $("fatal").hidden = false;
}

// Frames are handled one after the other, even while a game module is being loaded.
let queue = Promise.resolve();
function enqueue(work) {
  queue = queue.then(work).catch((err) => {
    console.error(err);
    toast($("toast"), t("error.generic", { m: err.message }));
  });
}

// ---------------------------------------------------------------- connection status

let connTimer = null;
let refused = false;
function onStatus(state, reason) {
  const was = R.conn;
  R.conn = state;
  const box = $("conn");
  clearTimeout(connTimer);
  if (state === "lost") {
    box.textContent = t("conn.reconnecting");
    box.className = "conn lost";
    box.hidden = false;
  } else if (state === "open" && was === "lost") {
    hintBox.reset();
    box.textContent = t("conn.back");
    box.className = "conn back";
    box.hidden = false;
    connTimer = setTimeout(() => (box.hidden = true), 2000);
  } else if (state === "fatal") {
    box.hidden = true;
    // The socket was refused: say what the server said (its error frame came first).
    if (!refused) fatal(R.refusal || reason || t("room.notFound"));
  } else {
    box.hidden = true;
  }
  document.body.dataset.conn = state;
}

// ---------------------------------------------------------------- frames

async function onFrame(msg) {
  switch (msg.type) {
    case "welcome":
      return onWelcome(msg);
    case "event":
      return onEvent(msg);
    case "presence":
      R.presence.set(msg.seats, msg.spectators);
      return renderShell();
    case "offers":
      R.offers = readOffers(msg);
      return renderShell();
    case "fairness":
      return keepCommitment(msg.game_id || R.gameId, msg);
    case "chat":
      return chat.line(msg);
    case "hint":
      return hintBox.answer(msg, R.gameId, viewVersion());
    case "ack":
      if (chat.answer(msg)) return;
      R.commands.delete(msg.id);
      return;
    case "error":
      if (msg.code === "unavailable" && (!msg.id || R.socket?.pending.has(msg.id))) {
        // The database is away for a moment: the socket sends the command again by itself.
        return toast($("toast"), t("error.unavailable_wait"));
      }
      return chat.answer(msg) ? undefined : onError(msg);
    default:
  }
}

async function onWelcome(msg) {
  R.v2 = speaksV2(msg);
  R.you = readYou(msg.you);
  R.room = msg.room || R.room;
  R.info = readGame(msg, R.room);
  R.gameId = msg.game_id;
  R.view = msg.view;
  R.clocks.set(msg.clocks);
  R.talk = Array.isArray(msg.talk) ? msg.talk : null;
  R.presence.turnBased = Boolean(R.room?.turn_based);
  R.presence.set(msg.presence && msg.presence.seats, msg.spectators ?? msg.presence?.spectators);
  R.offers = readOffers(msg.offers);
  keepCommitment(R.gameId, msg.fairness);
  await mountGame();
  R.game.render(R.view);
  R.game.clocks?.(R.clocks.latest());
  R.lesson?.update(R.view);
  fetchGameEntry();
  $("loading").hidden = true;
  $("lobby").hidden = true;
  $("game").hidden = false;
  const names = { seatName: (s) => R.game.seatName(s), seatColour: (s) => R.game.seatColour(s) };
  chat.welcome(msg, { roomId: R.roomId, seat: mine(), players: players(), bots: bots(), names, v2: R.v2, talk: msg.talk });
  renderShell();
}

/** Mount the game's module for this game and seat (again after a rematch). */
async function mountGame() {
  const key = `${R.info.clientModule}|${R.gameId}|${mine()}`;
  if (R.game && R.mountedFor === key) return;
  let mod;
  try {
    mod = await loadGameModule(R.info.clientModule);
    await moduleStyles(mod);
  } catch (err) {
    fatal(t("error.module", { m: err.message }));
    throw err;
  }
  // A guided first game: the game's lesson (tutorial.js beside main.js) teaches each step.
  const lesson = R.room?.tutorial && mine() !== null ? await loadLesson(R.info.clientModule).catch((err) => {
    toast($("toast"), t("lesson.failed", { m: err.message }));
    return null;
  }) : null;
  R.game?.destroy();
  R.lesson?.destroy();
  R.lesson = null;
  cues.reset();
  const game = $("game");
  R.game = mod.mount($("board-area"), {
    seat: mine(),
    players: players(),
    gameId: R.gameId,
    room: R.room,
    panel: $("game-panel"),
    root: game,
    send: (action, opts) => (R.lesson ? R.lesson.send(action, opts) : sendAction(action, opts)),
    api,
    t,
    allSeated,
    changed: () => renderShell(),
    clocks: () => R.clocks.latest(),
    talk: () => R.talk,
  });
  R.mountedFor = key;
  if (lesson) {
    R.lesson = new Lesson(lesson, { side: $("side"), root: game, game: () => R.game, send: sendAction, seat: mine(), gameId: R.gameId, name: R.info.name, title: R.info.title, changed: () => renderShell() });
  }
  rules.setGame({ name: R.info.name, title: R.info.title, clientModule: R.info.clientModule });
  fitRoom(game, R.game.aspect, players());
  game.dataset.game = R.info.name;
}

function onEvent(msg) {
  R.clocks.set(msg.clocks);
  if (Array.isArray(msg.talk)) {
    R.talk = msg.talk;
    chat.talk(msg.talk);
  }
  if (!R.game) return;
  R.view = msg.view ? { ...msg.view, history: undefined } : R.view;
  R.game.event(msg.event, msg.view);
  if (msg.clocks) R.game.clocks?.(R.clocks.latest());
  R.lesson?.update(R.view);
  renderShell();
}

/** The game's catalogue entry, once: the room's info names the options that differ from its preset. */
function fetchGameEntry() {
  const name = R.info?.name;
  if (!name || R.catalogue?.name === name) return;
  fetchCatalogue()
    .then(({ games }) => {
      R.catalogue = games.find((g) => g.name === name) || null;
      renderShell();
      roomGames.render(); // its computer chairs are named by the entry
    })
    .catch(() => {}); // the options are then named as the room gives them
}

function onError(msg) {
  if (msg.id && hintBox.refused(msg)) return;
  if (msg.code === "not_player" && !msg.id) return refusedSeat();
  if (!msg.id) R.refusal = has(`error.${msg.code}`) ? t(`error.${msg.code}`) : t("error.generic", { m: msg.message || msg.code });
  const command = msg.id ? R.commands.get(msg.id) : null;
  if (msg.id) R.commands.delete(msg.id);
  // The server's own reason ("your opponent may still come back: wait 42 s more"), in the
  // page's language where it is known; for a game action the game's words (js/explain.js).
  toast($("toast"), refusalText(msg, command, R.game));
  if (command && command.kind === "game") R.game?.error(msg.code, msg.message, command.action);
  renderShell();
}

/** The socket says "no seat here": take it back with the rejoin secret, else the lobby. */
async function refusedSeat() {
  refused = true;
  R.socket?.stop();
  if (!R.watch && rejoinSecret(R.roomId) && (await rejoinSeat(R.roomId))) {
    refused = false;
    R.room = await fetchRoom(R.roomId);
    return connect();
  }
  try {
    R.room = await fetchRoom(R.roomId);
  } catch (err) {
    return fatal(err instanceof ApiError ? entryError(err) : t("room.notFound"));
  }
  showLobby();
}

// ---------------------------------------------------------------- sending

/** A game action: `act` to a version-2 server, the version-1 frame (setup, move) before. */
function sendAction(action, { versioned = false } = {}) {
  if (!R.socket) return null;
  const version = versioned ? R.socket.viewVersion ?? R.socket.lastVersion ?? 0 : undefined;
  const frame = R.v2 ? { type: "act", action } : { ...action };
  if (versioned) frame.version = version;
  const id = R.socket.send(frame);
  R.commands.set(id, { kind: "game", type: action.type, action });
  return id;
}

/** A platform command: resign, draw_offer, draw_accept, draw_decline, abort, claim, rematch. */
function sendCommand(type) {
  if (!R.socket) return;
  const id = R.socket.send({ type });
  R.commands.set(id, { kind: "platform", type });
}

// ---------------------------------------------------------------- rendering

function renderShell() {
  if (!R.game || !R.view) return;
  const state = roomState();
  const st = state.status;
  renderSeats($("seats-top"), $("seats-bottom"), state);
  renderTurn($("turn"), state);
  const free = (seatsTaken() || []).filter((taken, s) => !taken && !bots()[s]).length;
  renderInvite($("invite"), R.roomId, state, free);
  renderResult($("result"), state);
  renderOffer($("offer"), state, sendCommand);
  renderActions($("actions"), state, sendCommand);
  hintBox.update({ ...state, hints: R.catalogue?.name === R.info.name ? R.catalogue.hints : undefined }, viewVersion());
  if (st.phase === "over" && mine() !== null && st.result) {
    const r = st.result;
    const outcome = r.outcome === "draw" ? "draw" : r.outcome === "win" ? (winnersOf(r).includes(mine()) ? "win" : "loss") : null;
    countGame(R.roomId, R.gameId, outcome);
  }
  if (mine() !== null) renderScore($("score"), R.roomId, players());
  roomGames.update(R.roomId, R.gameId, st.phase); // read again after a result and a rematch
  $("viewers").textContent = R.room && R.room.spectators === false ? "" : t("room.viewers", { n: R.presence.spectators });
  $("room-info").textContent = roomInfoText(R.room, R.info.title);
  renderRoomOptions($("room-options"), R.room, R.catalogue?.name === R.info.name ? R.catalogue : null);
  $("cues").hidden = mine() === null; // a spectator has no turn to be told about
  const body = document.body.dataset;
  body.phase = st.phase;
  body.role = mine() === null ? "spectator" : "player";
  body.seat = mine() === null ? "" : String(mine());
  body.game = R.info.name;
  cues.update(st.phase !== "over" && mine() !== null && st.actors.includes(mine()), R.info.title);
}

function tick() {
  if (!R.game || !R.view) return;
  const state = roomState();
  const game = $("game");
  tickClocks(game, R.clocks, state.status.phase === "over");
  tickPresence(game, R.presence);
  tickClaim($("actions"), state);
  tickSetupDeadline($("turn"), R.clocks);
}

onLangChange(() => {
  cues.renderSwitches();
  roomGames.render();
  if (R.game) R.game.refresh();
  renderShell();
  if (!$("lobby").hidden && R.room) showLobby();
});
setInterval(tick, 250);
start();

