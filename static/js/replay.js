// The replay viewer at /g/{game_id} (issue 14): any game of any registered game, stepped
// through from a viewpoint — a seat as it saw the game at each moment, the public view of a
// spectator, or everything revealed. The server decides which viewpoints this browser may
// ask for now (GET /api/games/{id}/replay?viewer=…: a player his own seat and the public view
// during the game, every viewpoint once it is over) and sends each step exactly as that
// viewer received it; this page draws those steps with the game's own module and never
// holds anything more.
//
// The address is the share link: ?move=K&view=V follows every step and switch. A link to a
// viewpoint this browser may not see (yet) falls back to one it may, with a note.

import { ApiError, api } from "./api.js";
import { catalogueOnce, levelName } from "./catalogue.js";
import { applyI18n, mountLangSwitch, onLangChange, t } from "./i18n.js";
import { ReplayControls } from "./replay-controls.js";
import { ReplayMoves } from "./replay-moves.js";
import { ReplayStage } from "./replay-stage.js";
import { resultTexts } from "./result.js";
import { RulesDrawer } from "./rules-drawer.js";
import { offerVerification } from "./verify.js";

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(/^\/g\/([^/]+)\/?$/.exec(location.pathname)?.[1] || "");

/** What the page shows: the replay for one viewpoint, and the step. */
const P = { data: null, k: 0, note: "" };

const stage = new ReplayStage({ board: $("board-area"), panel: $("game-panel"), root: $("replay"), noSend: note });
const controls = new ReplayControls($("replay-controls"), (k, opts) => go(k, opts));
// The game's rules in a drawer over the replay, as in the room.
const rules = new RulesDrawer($("rules-btn"));
const moves = new ReplayMoves($("replay-moves"), (k) => {
  controls.stop();
  go(k);
});

const seatOf = (viewer) => (/^\d+$/.test(String(viewer)) ? Number(viewer) : null);

function fetchReplay(viewer) {
  const query = viewer === null || viewer === undefined ? "" : `?viewer=${encodeURIComponent(viewer)}`;
  return api("GET", `/api/games/${encodeURIComponent(gameId)}/replay${query}`);
}

function fatal(text) {
  $("loading").hidden = true;
  $("replay").hidden = true;
  $("fatal").textContent = text;
  $("fatal").hidden = false;
}

function note(text) {
  P.note = text;
  $("replay-note").textContent = text;
  $("replay-note").hidden = !text;
}

// ---------------------------------------------------------------- words for viewpoints

function viewpointLabel(v) {
  if (v === "spectator") return t("replay.spectator");
  if (v === "everyone") return t("replay.everyone");
  const seat = Number(v);
  const entry = P.data?.seats?.find((s) => s.seat === seat);
  const name = stage.seatName(seat);
  if (entry?.you) return t("replay.seatYou", { seat: name });
  if (entry?.bot) return t("replay.seatBot", { seat: name, level: botLevel(entry.bot) });
  return name;
}

let gameEntry = null; // the game's catalogue entry, once read: it names the levels
const botLevel = (level) => levelName(gameEntry, level);

function whoSits(entry) {
  if (entry.you) return t("room.you");
  if (entry.bot) return t("landing.botLevel", { level: botLevel(entry.bot) });
  return t("replay.guest");
}

// ---------------------------------------------------------------- the address

function address(k = P.k, viewer = P.data?.viewer) {
  const params = new URLSearchParams({ move: String(k), view: String(viewer) });
  return `/g/${encodeURIComponent(gameId)}?${params}`;
}

function keepAddress() {
  const next = address();
  if (`${location.pathname}${location.search}` !== next) history.replaceState(null, "", next);
}

// ---------------------------------------------------------------- showing a step

function go(k, { animate = false } = {}) {
  const steps = P.data.steps;
  const target = Math.max(0, Math.min(steps.length - 1, k));
  stage.show(target, { animate });
  P.k = target;
  controls.set(target, steps.length);
  moves.mark(target);
  keepAddress();
  renderTurn();
  document.body.dataset.step = String(target);
}

/**
 * What the step shows of the game's course: who was to act (the result box tells the end).
 * Not the module's own turn line: it speaks to a player acting now ("You have no legal
 * move" for a view that comes without its choices).
 */
function renderTurn() {
  const st = stage.status();
  const box = $("replay-turn");
  if (!st) return (box.textContent = "");
  const names = st.phase === "over" ? [] : st.actors.map((s) => stage.seatName(s));
  box.textContent = names.length === 1 ? t("turn.seat", { seat: names[0] }) : names.length ? t("turn.waiting", { seats: names.join(", ") }) : "";
  document.body.dataset.phase = st.phase;
}

// ---------------------------------------------------------------- the page around the board

function renderHead() {
  const d = P.data;
  const title = `${d.title} · ${t("room.gameNumber", { n: d.number })}`;
  $("replay-title").textContent = title;
  document.title = `${title} — ${t("replay.title")}`;
  $("replay-seats").replaceChildren(
    ...d.seats.map((entry) => {
      const li = document.createElement("li");
      li.style.setProperty("--seat-colour", stage.seatColour(entry.seat));
      li.textContent = t("replay.seatLine", { seat: stage.seatName(entry.seat), who: whoSits(entry) });
      return li;
    }),
  );
  const room = $("room-link");
  room.href = `/r/${encodeURIComponent(d.room_id)}`;
  $("replay-live").hidden = d.over;
  renderViewpoints();
  renderResult();
}

function renderViewpoints() {
  const select = $("viewpoint");
  select.replaceChildren(
    ...P.data.viewpoints.map((v) => {
      const o = document.createElement("option");
      o.value = v;
      o.textContent = viewpointLabel(v);
      o.selected = v === P.data.viewer;
      return o;
    }),
  );
  select.disabled = P.data.viewpoints.length < 2;
}

function renderResult() {
  const d = P.data;
  const box = $("result");
  box.hidden = !d.over || !d.result;
  if (box.hidden) return box.replaceChildren();
  const texts = resultTexts(d.result, { mine: d.your_seat, game: stage });
  const h = document.createElement("h2");
  h.id = "result-head";
  h.textContent = texts.head;
  const reason = document.createElement("p");
  reason.id = "result-reason";
  reason.textContent = [texts.reason, texts.scores].filter(Boolean).join(" · ");
  const links = document.createElement("p");
  links.className = "links";
  const record = document.createElement("a");
  record.id = "record-link";
  record.href = `/api/games/${encodeURIComponent(d.game_id)}/record`;
  record.target = "_blank";
  record.rel = "noopener";
  record.textContent = t("result.record");
  links.append(record);
  const verify = document.createElement("div");
  verify.className = "verify";
  box.replaceChildren(h, reason, links, verify);
  offerVerification(verify, links, { gameId: d.game_id });
}

function renderList() {
  moves.render(P.data.steps, (k) => stage.describe(k));
}

// ---------------------------------------------------------------- loading and switching

/** The replay for `viewer`; a viewpoint refused (403) or malformed (422) falls back to the default one, with a note. */
async function fetchAllowed(viewer) {
  try {
    return { data: await fetchReplay(viewer), refused: null };
  } catch (err) {
    if (!(err instanceof ApiError) || ![403, 422].includes(err.status) || viewer === null) throw err;
    return { data: await fetchReplay(null), refused: err };
  }
}

/** Why the viewpoint asked for is not the one shown. */
function fallbackNote(err, asked, shownViewer) {
  const view = viewpointLabel(shownViewer);
  return err.status === 403 ? t("replay.fallbackClosed", { view }) : t("replay.fallbackBad", { asked, view });
}

async function show(data, k) {
  const seat = seatOf(data.viewer);
  const remount = !P.data || P.data.viewer !== data.viewer || stage.handle === null;
  P.data = data;
  if (remount) await stage.mount(data, seat);
  else stage.extend(data.steps);
  document.body.dataset.viewer = data.viewer;
  document.body.dataset.game = data.game;
  rules.setGame({ name: data.game, title: data.title, clientModule: data.client_module });
  $("replay").style.setProperty("--ratio", String(stage.handle.aspect > 0 ? stage.handle.aspect : 1));
  if (remount) stage.show(0); // the module knows the game's seats before the words are drawn
  renderHead();
  renderList();
  go(k);
}

/** The switch asked for last: an answer to an earlier one that comes late is dropped. */
let switching = 0;

/**
 * While another viewpoint loads, nothing of the one shown stays in sight under the new label:
 * the board, the game's panels, the turn and the move list are hidden (style.css) and the page
 * says what it is loading, in words, until the new viewpoint is drawn.
 */
function loadingViewpoint(viewer) {
  const box = $("replay");
  const on = viewer !== null;
  box.classList.toggle("switching", on);
  box.toggleAttribute("aria-busy", on);
  const text = on ? t("replay.switching", { view: viewpointLabel(viewer) }) : "";
  $("board-area").dataset.switching = text;
  $("replay-switching").textContent = text;
  $("replay-switching").hidden = !on;
  document.body.dataset.switching = on ? String(viewer) : "";
}

async function switchViewpoint(viewer) {
  controls.stop();
  const mine = ++switching;
  note("");
  loadingViewpoint(viewer);
  try {
    const { data, refused } = await fetchAllowed(viewer);
    if (mine !== switching) return;
    if (refused) note(fallbackNote(refused, viewer, data.viewer));
    await show(data, Math.min(P.k, data.steps.length - 1));
  } catch (err) {
    if (mine !== switching) return;
    note(t("error.generic", { m: err.message }));
    renderViewpoints(); // the select goes back to the viewpoint still shown
  }
  loadingViewpoint(null);
}

/** A game still being played: fetch the moves made since, and follow them if at the end. */
async function reload() {
  const atEnd = P.k >= P.data.steps.length - 1;
  const { data } = await fetchAllowed(P.data.viewer);
  const k = atEnd ? data.steps.length - 1 : P.k;
  await show(data, Math.min(k, data.steps.length - 1));
}

async function copyLink() {
  const url = new URL(address(), location.origin).href;
  const input = $("share-url");
  input.value = url;
  input.hidden = false;
  let copied = false;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch {
    input.select();
    copied = Boolean(document.execCommand?.("copy"));
  }
  const b = $("copy-link");
  b.textContent = copied ? t("replay.copied") : t("replay.copyBy");
  setTimeout(() => (b.textContent = t("replay.copy")), 1800);
}

async function start() {
  mountLangSwitch($("lang"));
  applyI18n();
  if (!gameId) return fatal(t("replay.notFound"));
  const params = new URLSearchParams(location.search);
  const asked = params.get("view");
  const move = params.get("move");
  let found;
  try {
    found = await fetchAllowed(asked);
  } catch (err) {
    return fatal(err instanceof ApiError && err.status === 404 ? t("replay.notFound") : t("error.generic", { m: err.message }));
  }
  catalogueOnce()
    .then(({ games }) => {
      gameEntry = games.find((g) => g.name === found.data.game) || null;
      if (P.data) renderHead();
    })
    .catch(() => {}); // the levels are then shown by their identifiers
  const steps = found.data.steps;
  const k = move !== null && /^\d+$/.test(move) ? Math.min(Number(move), steps.length - 1) : steps.length - 1;
  try {
    await show(found.data, k);
  } catch (err) {
    console.error(err);
    return fatal(t("error.module", { m: err.message }));
  }
  if (found.refused) note(fallbackNote(found.refused, asked, found.data.viewer));
  $("loading").hidden = true;
  $("replay").hidden = false;
  moves.mark(P.k); // the list had no size while the page was hidden
}

$("viewpoint").addEventListener("change", (e) => switchViewpoint(e.target.value));
window.addEventListener("resize", () => P.data && moves.mark(P.k)); // the list's height changed
$("copy-link").addEventListener("click", copyLink);
$("reload").addEventListener("click", () => reload().catch((err) => note(t("error.generic", { m: err.message }))));

onLangChange(() => {
  if (!P.data) return;
  controls.refresh();
  stage.refresh();
  renderHead();
  renderList();
  moves.mark(P.k);
  renderTurn();
  if (P.note) note(""); // a note in the other language would be stale
});

start();
