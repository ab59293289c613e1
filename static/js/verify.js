// "Verify this game", offered only when the server serves the game's JSON record
// (GET /api/games/{id}/record.json, docs/protocol.md version 2). The browser checks what it
// can on its own: the revealed seed hashes (SHA-256) to the seed commitment this browser
// received when the game began — kept here at the time, so a server cannot change both
// later. The full replay of every chance draw is `python -m engine verify`.

import { t } from "./i18n.js";

const commitKey = (gameId) => `speakeasy.commit.${gameId}`;

/** Keep the first seed commitment seen for a game (welcome.fairness or a fairness frame). */
export function keepCommitment(gameId, fairness) {
  if (!gameId || !fairness || typeof fairness.seed_commitment !== "string") return;
  try {
    if (!localStorage.getItem(commitKey(gameId))) localStorage.setItem(commitKey(gameId), fairness.seed_commitment);
  } catch {
    // storage refused: the check falls back to the record's own commitment
  }
}

function keptCommitment(gameId) {
  try {
    return localStorage.getItem(commitKey(gameId));
  } catch {
    return null;
  }
}

async function sha256Hex(hex) {
  const bytes = new Uint8Array(hex.match(/../g).map((b) => parseInt(b, 16)));
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Check a record's seed against the commitment: {ok, commitment} or {unavailable}. */
export async function checkSeed(record, kept) {
  if (!globalThis.crypto || !crypto.subtle) return { unavailable: true };
  if (typeof record.seed !== "string" || !/^[0-9a-f]{64}$/.test(record.seed)) return { ok: false, commitment: kept || "" };
  const commitment = kept || record.seed_commitment;
  return { ok: (await sha256Hex(record.seed)) === commitment && record.seed_commitment === commitment, commitment };
}

const probed = new Map(); // game id -> Promise<record | null>

function fetchRecord(gameId) {
  if (!probed.has(gameId)) {
    probed.set(
      gameId,
      fetch(`/api/games/${encodeURIComponent(gameId)}/record.json`, { credentials: "same-origin" })
        .then((res) => (res.ok ? res.json() : null))
        .catch(() => null),
    );
  }
  return probed.get(gameId);
}

/** Add the JSON record link and the verify button once the server answers with the record. */
export function offerVerification(box, links, room) {
  const gameId = room.gameId;
  fetchRecord(gameId).then((record) => {
    if (!record || !box.isConnected) return;
    const a = document.createElement("a");
    a.href = `/api/games/${encodeURIComponent(gameId)}/record.json`;
    a.id = "record-json-link";
    a.target = "_blank";
    a.rel = "noopener";
    a.textContent = t("result.recordJson");
    links.append(" · ", a);
    const b = document.createElement("button");
    b.type = "button";
    b.className = "secondary";
    b.id = "verify";
    b.textContent = t("verify.button");
    const out = document.createElement("p");
    out.id = "verify-result";
    out.className = "help";
    b.addEventListener("click", async () => {
      out.textContent = t("verify.running");
      const found = await checkSeed(record, keptCommitment(gameId));
      if (found.unavailable) out.textContent = t("verify.unavailable");
      else out.textContent = `${found.ok ? t("verify.ok", { c: found.commitment.slice(0, 12) }) : t("verify.bad")} ${t("verify.more")}`;
      out.classList.toggle("error", !found.ok && !found.unavailable);
    });
    box.replaceChildren(b, out);
  });
}
