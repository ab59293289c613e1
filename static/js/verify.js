// "Verify this game", offered only when the server serves the game's JSON record
// (GET /api/games/{id}/record.json, once the game is over).
//
// The button runs the real verifier, the one `python -m engine verify` runs
// (engine.fairness.verify: both commitments, every chance draw, the result), in this browser:
// verify-worker.js loads Pyodide (CPython for WebAssembly, /static/vendor/pyodide/) in a Web
// Worker, unpacks the engine's sources (/api/verifier/engine.zip) and replays the record's
// text. Only this page can make two more checks: the record's seed commitment and state
// commitment must be the ones this browser received while the game was played (kept below
// from welcome.fairness and the fairness frames), so a server cannot rewrite a game and its
// commitments together after the fact.
//
// When the verifier cannot run here (Pyodide not installed on the server, or the game's
// verifier needs a module Pyodide lacks: Flickago's pymunk), the page says which part did not
// run, still checks the seed (SHA-256) and the commitments, and names the command that does
// the rest.

import { t } from "./i18n.js";

const commitKey = (gameId) => `speakeasy.commit.${gameId}`;
const HEX64 = /^[0-9a-f]{64}$/;

/** What this browser was told of a game's commitments: {seed, state, seedLive, stateLive}
 * (the *Live flags: received before the seed was revealed, i.e. while the game was on). */
function kept(gameId) {
  let text = null;
  try {
    text = localStorage.getItem(commitKey(gameId));
  } catch {
    return null; // storage refused: nothing was kept
  }
  if (!text) return null;
  if (!text.startsWith("{")) return { seed: text, state: null, seedLive: true, stateLive: false }; // kept by an older page
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Keep the first seed commitment and the first state commitment seen for a game
 * (welcome.fairness or a fairness frame), and whether they came before the seed's reveal. */
export function keepCommitment(gameId, fairness) {
  if (!gameId || !fairness || typeof fairness.seed_commitment !== "string") return;
  const live = typeof fairness.seed !== "string";
  const now = kept(gameId) || { seed: null, state: null, seedLive: false, stateLive: false };
  let changed = false;
  if (!now.seed) {
    Object.assign(now, { seed: fairness.seed_commitment, seedLive: live });
    changed = true;
  }
  if (!now.state && typeof fairness.state_commitment === "string") {
    Object.assign(now, { state: fairness.state_commitment, stateLive: live });
    changed = true;
  }
  if (!changed) return;
  try {
    localStorage.setItem(commitKey(gameId), JSON.stringify(now));
  } catch {
    // storage refused: the check says that this browser kept nothing
  }
}

async function sha256Hex(hex) {
  const bytes = new Uint8Array(hex.match(/../g).map((b) => parseInt(b, 16)));
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The seed alone, checked here: {ok} or {unavailable} (no SHA-256 outside a secure page). */
export async function checkSeed(record) {
  if (typeof record.seed !== "string" || !HEX64.test(record.seed)) return { ok: false };
  if (!globalThis.crypto || !crypto.subtle) return { unavailable: true };
  return { ok: (await sha256Hex(record.seed)) === record.seed_commitment };
}

/** The checks only this browser can make: the record's commitments against the kept ones.
 * Lines are {key, params, bad}; `bad` counts as a failed check. */
export function liveChecks(record, keptNow) {
  if (!keptNow || !keptNow.seedLive) return [{ key: "verify.notLive" }];
  const lines = [
    keptNow.seed === record.seed_commitment
      ? { key: "verify.liveSeedOk", params: { c: keptNow.seed.slice(0, 12) } }
      : { key: "verify.liveSeedBad", params: { c: keptNow.seed.slice(0, 12) }, bad: true },
  ];
  if (keptNow.state && keptNow.stateLive) {
    lines.push(
      keptNow.state === record.state_commitment
        ? { key: "verify.liveStateOk", params: { c: keptNow.state.slice(0, 12) } }
        : { key: "verify.liveStateBad", params: { c: keptNow.state.slice(0, 12) }, bad: true },
    );
  } else if (typeof record.state_commitment === "string") {
    lines.push({ key: "verify.noLiveState" });
  }
  return lines;
}

// ------------------------------------------------------------------ the worker

let worker = null;
let pending = null; // {resolve, onProgress} of the one verification running
let queue = Promise.resolve(); // verifications run one after the other (a rematch's, say)

function verifierWorker() {
  if (!worker) {
    worker = new Worker("/static/js/verify-worker.js", { type: "module" });
    worker.addEventListener("message", ({ data }) => {
      if (!pending) return;
      if (data.type === "progress") return pending.onProgress(data);
      const done = pending;
      pending = null;
      done.resolve(data);
    });
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      const done = pending;
      pending = null;
      worker.terminate();
      worker = null; // the next click starts a fresh one
      done?.resolve({ type: "unavailable", reason: event.message || "the worker did not start" });
    });
  }
  return worker;
}

/** Run engine.fairness.verify on the record's text in the worker: resolves to the worker's
 * answer ({type: "result", status, ...} or {type: "unavailable", reason}). */
function runVerifier(text, events, onProgress) {
  const run = () =>
    new Promise((resolve) => {
      if (typeof Worker !== "function") return resolve({ type: "unavailable", reason: "no Web Worker" });
      pending = { resolve, onProgress };
      verifierWorker().postMessage({ text, events });
    });
  const answer = queue.then(run);
  queue = answer;
  return answer;
}

// ------------------------------------------------------------------ the page

const records = new Map(); // game id -> Promise<{text, record} | null>
const sessions = new Map(); // game id -> {box, status, lines, running}

function parsed(text) {
  try {
    const record = JSON.parse(text);
    return record && typeof record === "object" ? record : {};
  } catch {
    return {}; // the verifier says what is wrong with it
  }
}

/** The record's text and JSON, asked of the server now (null: not served). */
function requestRecord(gameId) {
  return fetch(`/api/games/${encodeURIComponent(gameId)}/record.json`, { credentials: "same-origin" })
    .then((res) => (res.ok ? res.text() : null))
    // The text itself goes to the verifier: a JSON round trip in JavaScript would turn 1.0
    // into 1 and lose the digits of a large integer.
    .then((text) => (text === null ? null : { text, record: parsed(text) }))
    .catch(() => null);
}

/** The record as first served (whether to offer the button at all), asked once per game. */
function fetchRecord(gameId) {
  if (!records.has(gameId)) records.set(gameId, requestRecord(gameId));
  return records.get(gameId);
}

const HEX64_IN_TEXT = /\b[0-9a-f]{64}\b/g;

function line({ key, params, bad, raw }) {
  const li = document.createElement("li");
  if (raw !== undefined) {
    // The verifier's own words; a 64-digit hash is shortened on screen, whole in the tooltip.
    li.textContent = raw.replace(HEX64_IN_TEXT, (hex) => `${hex.slice(0, 12)}…`);
    if (li.textContent !== raw) li.title = raw;
  } else {
    li.textContent = t(key, params);
  }
  if (bad) li.className = "error";
  return li;
}

function draw(gameId, session) {
  const { box } = session;
  if (!box || !box.isConnected) return;
  const b = document.createElement("button");
  b.type = "button";
  b.className = "secondary";
  b.id = "verify";
  b.textContent = t("verify.button");
  b.disabled = session.running;
  b.addEventListener("click", () => verifyGame(gameId, session));
  const out = document.createElement("p");
  out.id = "verify-result";
  out.className = "help";
  out.setAttribute("role", "status");
  if (session.status) out.textContent = t(session.status.key, session.status.params);
  out.classList.toggle("error", Boolean(session.status?.bad));
  const list = document.createElement("ul");
  list.id = "verify-checks";
  list.className = "help";
  list.append(...session.lines.map(line));
  box.replaceChildren(b, out, list);
  box.dataset.verify = session.running ? "running" : session.verdict || "";
}

function seedLines(failures) {
  return failures.length ? failures.map((raw) => ({ raw, bad: true })) : [{ key: "verify.seedOk" }];
}

function setStatus(gameId, session, status, lines, verdict) {
  Object.assign(session, { status, lines, verdict });
  draw(gameId, session);
}

async function verifyGame(gameId, session) {
  if (session.running) return;
  session.running = true;
  const found = await requestRecord(gameId); // what the server serves now is what is checked
  if (!found) {
    session.running = false;
    return setStatus(gameId, session, { key: "verify.noRecord", bad: true }, [], "failed");
  }
  records.set(gameId, Promise.resolve(found));
  const { text, record } = found;
  const events = Array.isArray(record.events) ? record.events.length : 0;
  const show = (status, lines = session.lines, verdict = "") => setStatus(gameId, session, status, lines, verdict);
  show({ key: "verify.loading" }, []);
  const live = liveChecks(record, kept(gameId));
  const answer = await runVerifier(text, events, (p) => {
    if (p.step === "replaying") show({ key: "verify.replaying", params: { n: p.actions } });
  });
  session.running = false;
  let lines;
  let verified = false;
  if (answer.type === "unavailable") {
    // No verifier here: the seed alone, as before the verifier ran in the browser.
    const seed = await checkSeed(record);
    const seedLine = seed.unavailable
      ? { key: "verify.noHash" }
      : seed.ok
        ? { key: "verify.seedOk" }
        : { key: "verify.seedBad", bad: true };
    lines = [seedLine, ...live, { key: "verify.noVerifier", params: { reason: answer.reason } }];
  } else if (answer.status === "checked") {
    verified = answer.failures.length === 0;
    lines = [...answer.failures.map((raw) => ({ raw, bad: true })), ...live];
  } else if (answer.status === "missing") {
    lines = [
      ...seedLines(answer.seed_failures),
      ...live,
      { key: "verify.missing", params: { module: answer.module } },
    ];
  } else {
    lines = [{ key: "verify.malformed", params: { message: answer.message || answer.reason || "" }, bad: true }, ...live];
  }
  const failed = lines.some((l) => l.bad);
  if (verified && !failed) return show({ key: "verify.ok" }, lines, "ok");
  if (failed) return show({ key: "verify.failed", bad: true }, lines, "failed");
  show({ key: "verify.partial" }, lines, "partial");
}

/** Add the JSON record link and the verify button once the server answers with the record.
 * The result box is drawn again on every change of the room: the verification's state lives
 * here, per game, and is drawn into whichever box is current. */
export function offerVerification(box, links, room) {
  const gameId = room.gameId;
  fetchRecord(gameId).then((found) => {
    if (!found || !box.isConnected) return;
    const a = document.createElement("a");
    a.href = `/api/games/${encodeURIComponent(gameId)}/record.json`;
    a.id = "record-json-link";
    a.target = "_blank";
    a.rel = "noopener";
    a.textContent = t("result.recordJson");
    links.append(" · ", a);
    if (!sessions.has(gameId)) sessions.set(gameId, { box: null, status: null, lines: [], running: false, verdict: "" });
    const session = sessions.get(gameId);
    session.box = box;
    draw(gameId, session);
  });
}
