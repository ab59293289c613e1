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
