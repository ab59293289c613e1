// The Web Push service worker (issue 27): served at /sw.js so that its scope is the whole
// site. A push carries {kind, room, game, title, body, url}, already in the player's words
// (the server wrote them in the language his page had when he subscribed). It is shown as a
// notification; a click focuses the room's tab if one is open, else opens the room. Only an
// address of this site is ever opened.

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

function sameSite(url) {
  try {
    const target = new URL(url || "/", self.location.origin);
    return target.origin === self.location.origin ? target.href : `${self.location.origin}/`;
  } catch {
    return `${self.location.origin}/`;
  }
}

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === "string" && data.title ? data.title : "Speakeasy";
  const options = {
    body: typeof data.body === "string" ? data.body : "",
    tag: `speakeasy-${typeof data.room === "string" ? data.room : "site"}`,
    renotify: true,
    data: { url: sameSite(data.url) },
  };
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = sameSite(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const path = new URL(url).pathname;
      for (const client of open) {
        if (new URL(client.url).pathname === path && "focus" in client) return client.focus();
      }
      return self.clients.openWindow(url);
    })(),
  );
});
