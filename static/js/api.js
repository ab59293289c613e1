// JSON over HTTP (docs/protocol.md). Errors come back as ApiError with the status and the
// server's {code, message}.

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message || code || `HTTP ${status}`);
    this.status = status;
    this.code = code;
  }
}

export async function api(method, path, body) {
  const init = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    const detail = data && data.detail && typeof data.detail === "object" ? data.detail : {};
    throw new ApiError(res.status, detail.code, detail.message);
  }
  return data;
}

/** An absolute URL for a link the server gave (it may send a path or a full URL). */
export const absolute = (url) => new URL(url, location.origin).href;

// Seat rejoin secrets (docs/protocol.md, "Rejoin"): the server hands one out when this
// browser takes a seat; kept per room so the seat can be bound again to this browser's
// cookie if the cookie is lost or replaced.
const rejoinKey = (roomId) => `speakeasy.rejoin.${roomId}`;

export function keepRejoinSecret(roomId, secret) {
  if (!secret) return;
  try {
    localStorage.setItem(rejoinKey(roomId), secret);
  } catch {
    // storage refused (private mode): the seat simply cannot be taken back
  }
}

export function rejoinSecret(roomId) {
  try {
    return localStorage.getItem(rejoinKey(roomId));
  } catch {
    return null;
  }
}

/** Take back this browser's seat of the room with its stored secret; true if it worked. */
export async function rejoinSeat(roomId) {
  const secret = rejoinSecret(roomId);
  if (!secret) return false;
  try {
    await api("POST", `/api/rooms/${encodeURIComponent(roomId)}/rejoin`, { secret });
    return true;
  } catch (err) {
    if (err.status === 403 || err.status === 422) localStorage.removeItem(rejoinKey(roomId));
    return false;
  }
}
