// How a page comes into a room (docs/protocol.md, "Identity and links"):
//   /i/{invite}   claim the next free seat, then continue as /r/{room}
//   /w/{watch}    watch as a spectator
//   /r/{room}     play the seat this browser holds (taken back with the rejoin secret if the
//                 cookie was lost); a browser without a seat gets the lobby (watch or take a seat)

import { ApiError, api, keepRejoinSecret, rejoinSecret, rejoinSeat } from "./api.js";
import { t } from "./i18n.js";
import { rememberLinks } from "./links.js";

const FATAL_KEYS = {
  full: "room.full",
  invite_gone: "room.inviteGone",
  invite_expired: "room.inviteExpired",
  watch_gone: "room.watchGone",
  not_found: "room.notFound",
};

/** The text for a failed entry. */
export function entryError(err) {
  const key = FATAL_KEYS[err.code];
  return key ? t(key) : t("error.generic", { m: err.message });
}

export const fetchRoom = (roomId) =>
  api("GET", `/api/rooms/${encodeURIComponent(roomId)}`).catch((e) => {
    throw new ApiError(e.status, e.status === 404 ? "not_found" : e.code || "error", e.message);
  });

/** Claim a seat with an invite token; returns the room id (and keeps the rejoin secret). */
export async function claimInvite(token) {
  const claim = await api("POST", `/api/invites/${encodeURIComponent(token)}/claim`).catch((e) => {
    const code = { 409: "full", 410: "invite_expired" }[e.status] || "invite_gone";
    throw new ApiError(e.status, code, e.message);
  });
  keepRejoinSecret(claim.room_id, claim.rejoin_secret);
  return claim.room_id;
}

/** The room a spectator token watches. */
export async function watchTarget(token) {
  const found = await api("GET", `/api/watch/${encodeURIComponent(token)}`).catch((e) => {
    throw new ApiError(e.status, "watch_gone", e.message);
  });
  return found.room_id;
}

/**
 * Read the address and do what it asks. Returns {roomId, watch, room, full} where `room` is
 * the room summary; `room.your_seat` is null for a browser without a seat (and no watch
 * token); `full`: an invite link came to a room whose every seat is taken, and watches it.
 */
export async function enterFromAddress(path = location.pathname, search = location.search) {
  const params = new URLSearchParams(search);
  let roomId;
  let watch = null;
  let m;
  let full = false;
  if ((m = /^\/i\/([^/]+)\/?$/.exec(path))) {
    const token = decodeURIComponent(m[1]);
    try {
      roomId = await claimInvite(token);
    } catch (err) {
      // Every seat is taken: the invite link still watches the game when the room admits
      // spectators (the server's /api/watch answers for it), and the lobby offers that.
      if (err.code !== "full") throw err;
      roomId = await watchTarget(token).catch(() => {
        throw err;
      });
      rememberLinks(roomId, { watch_url: `/w/${encodeURIComponent(token)}` });
      full = true;
    }
    history.replaceState(null, "", `/r/${encodeURIComponent(roomId)}`);
  } else if ((m = /^\/w\/([^/]+)\/?$/.exec(path))) {
    watch = decodeURIComponent(m[1]);
    roomId = await watchTarget(watch);
  } else if ((m = /^\/r\/([^/]+)\/?$/.exec(path))) {
    roomId = decodeURIComponent(m[1]);
    watch = params.get("watch");
  } else {
    throw new ApiError(404, "not_found");
  }
  let room = await fetchRoom(roomId);
  if (room.your_seat === null && !watch && rejoinSecret(roomId) && (await rejoinSeat(roomId))) {
    room = await fetchRoom(roomId);
  }
  return { roomId, watch, room, full };
}

/** A pasted invite or spectator link of this site -> the path to open, or null. */
export function linkPath(text) {
  try {
    const url = new URL(String(text).trim(), location.origin);
    if (url.origin !== location.origin) return null;
    return /^\/(i|w)\/[A-Za-z0-9_-]{8,64}\/?$/.test(url.pathname) ? url.pathname : null;
  } catch {
    return null;
  }
}
