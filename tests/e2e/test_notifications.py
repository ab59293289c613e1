"""The notifications page (issue 27, item 3) in Chromium: Web Push turned on and off for
this browser, through the real service worker (/sw.js, scope /).

Headless Chromium cannot reach a push service here: ``PushManager.subscribe`` never
completes (a Playwright context is also incognito, where Chrome has no Push API). So the
test stands in for the push service's half only: ``PushManager.subscribe`` and
``getSubscription`` answer a subscription made of a real P-256 key and auth secret, and the
test checks what the page gives them (the server's VAPID key, ``userVisibleOnly``) and what
the server stores. The service worker is real: registered by the page, its ``push`` event
fired through the DevTools protocol (``ServiceWorker.deliverPushMessage``) with a payload as
the server writes it, and the notification it shows is read back. Screenshots at 1366x768
and 390x844, English and French, in /tmp/shots/push/.
"""

from __future__ import annotations

import base64
import json
import secrets
import sqlite3
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_server import serving
from playwright.sync_api import Browser, Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "app"))
from push_receiver import Browser as PushKeys
from push_receiver import vapid_pair

SHOTS = Path("/tmp/shots/push")
SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
VAPID_PRIVATE, VAPID_PUBLIC = vapid_pair()
WORDS = {
    "en": {
        "off": "Off: this browser is not told when it is your turn.",
        "on": "Done: this browser will be told when it is your turn.",
        "offAgain": "Done: this browser will no longer be told.",
        "title": "Notifications",
        "away": "Alerts when away",
    },
    "fr": {
        "off": "Désactivé : ce navigateur n’est pas prévenu quand c’est votre tour.",
        "on": "C’est fait : ce navigateur sera prévenu quand c’est votre tour.",
        "offAgain": "C’est fait : ce navigateur ne sera plus prévenu.",
        "title": "Notifications",
        "away": "Avis en votre absence",
    },
}


@pytest.fixture(scope="module")
def push_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A server with VAPID keys (the suite's shared server has none: push off there)."""
    workdir = tmp_path_factory.mktemp("push-server")
    keys = {"SPEAKEASY_VAPID_PRIVATE_KEY": VAPID_PRIVATE, "SPEAKEASY_VAPID_SUBJECT": "mailto:ops@example.org"}
    with serving(workdir, keys) as url:
        yield url, workdir / "e2e.db"


def stand_in(keys: PushKeys, endpoint: str) -> str:
    """The push service's half of ``PushManager``: a subscription with real keys."""
    subscription = keys.subscription("https://push.example.com")
    subscription["endpoint"] = endpoint
    del subscription["lang"]
    return f"""
    (() => {{
      const data = {json.dumps(subscription)};
      const made = {{
        endpoint: data.endpoint, expirationTime: null,
        toJSON() {{ return data; }},
        async unsubscribe() {{ window.__pushSubscription = null; return true; }},
      }};
      window.__pushSubscription = null;
      PushManager.prototype.subscribe = async function (options) {{
        const key = new Uint8Array(options.applicationServerKey);
        window.__subscribeOptions = {{
          userVisibleOnly: options.userVisibleOnly,
          key: btoa(String.fromCharCode(...key)),
        }};
        window.__pushSubscription = made;
        return made;
      }};
      PushManager.prototype.getSubscription = async function () {{ return window.__pushSubscription; }};
    }})();
    """


def stored(database: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(database) as conn:
        return list(conn.execute("select endpoint, lang from push_subscriptions order by id"))


def deliver_push(page: Page, payload: dict[str, str]) -> dict[str, str]:
    """Fire the service worker's ``push`` event with ``payload``; the notification it shows.

    The browser tells of registrations as it learns of them, and under load the first it
    names may be another context's (closed or closing) of the same scope, or a delivery may
    reach a worker still starting. So the push goes to every live registration of the
    site's scope known so far, and again every few seconds, until a notification shows (it
    carries one tag, so a second delivery replaces the first) or a minute has passed.
    """
    cdp = page.context.new_cdp_session(page)
    registrations: dict[str, dict[str, str]] = {}
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: registrations.update({r["registrationId"]: r for r in event["registrations"]}),
    )
    cdp.send("ServiceWorker.enable")
    scope = page.evaluate("location.origin") + "/"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        live = sorted(
            k for k, r in registrations.items() if r["scopeURL"] == scope and not r.get("isDeleted", False)
        )
        for registration_id in live:
            cdp.send(
                "ServiceWorker.deliverPushMessage",
                {"origin": scope[:-1], "registrationId": registration_id, "data": json.dumps(payload)},
            )
        shown = page.evaluate(
            """async () => {
              const reg = await navigator.serviceWorker.getRegistration('/');
              for (let i = 0; i < 200; i++) {  // 5 s before the push is sent again
                const list = await reg.getNotifications();
                if (list.length) return {title: list[0].title, body: list[0].body, tag: list[0].tag,
                                         url: list[0].data && list[0].data.url};
                await new Promise((r) => setTimeout(r, 25));
              }
              return null;
            }"""
        )
        if shown is not None:
            return shown  # type: ignore[no-any-return]
    known = list(registrations.values())
    raise AssertionError(f"the service worker showed no notification; registrations: {known}")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_push_on_and_off_through_the_service_worker(
    browser: Browser, push_server: tuple[str, Path], size: str, lang: str
) -> None:
    base, database = push_server
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(
        viewport=SIZES[size],  # type: ignore[arg-type]
        locale="fr-FR" if lang == "fr" else "en-US",
        device_scale_factor=1,
        is_mobile=size == "phone",
        has_touch=size == "phone",
    )
    context.grant_permissions(["notifications"], origin=base)
    endpoint = f"https://push.example.com/send/{size}-{lang}-{secrets.token_hex(4)}"
    context.add_init_script(stand_in(PushKeys(f"{size}{lang}"), endpoint))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    words = WORDS[lang]
    try:
        # The landing page links to the notifications page.
        page.goto(base)
        link = page.locator("#notify-link")
        expect(link).to_have_attribute("href", "/notifications")
        link.click()
        page.wait_for_url(f"{base}/notifications")
        expect(page.locator("h1")).to_have_text(words["title"])
        expect(page.locator("#push-state")).to_have_text(words["off"])
        expect(page.locator("#email-settings")).to_have_count(1)
        wide = page.evaluate(
            """[...document.querySelectorAll('body *')]
               .filter((e) => e.getBoundingClientRect().right > innerWidth + 1)
               .map((e) => `${e.tagName}#${e.id}`)"""
        )
        assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"], wide
        page.screenshot(path=str(SHOTS / f"{size}-{lang}-off.png"), full_page=True)

        page.locator("#push-on").click()
        expect(page.locator("#push-state")).to_have_text(words["on"])
        expect(page.locator("#push-off")).to_be_visible()
        options = page.evaluate("window.__subscribeOptions")
        assert options["userVisibleOnly"] is True
        public = base64.urlsafe_b64decode(VAPID_PUBLIC + "=" * (-len(VAPID_PUBLIC) % 4))
        assert base64.b64decode(options["key"]) == public  # the server's VAPID key
        assert (endpoint, lang) in stored(database)
        script = page.evaluate("navigator.serviceWorker.getRegistration('/').then(r => r.active.scriptURL)")
        assert script == f"{base}/sw.js"
        page.screenshot(path=str(SHOTS / f"{size}-{lang}-on.png"), full_page=True)

        # A push as the server writes it: the service worker shows it, on this site only.
        payload = {
            "kind": "your_turn",
            "room": "R1",
            "game": "speakeasy",
            "title": "Your move in Speak Easy",
            "body": "It is your turn. Open the room to play.",
            "url": "/r/R1",
        }
        shown = deliver_push(page, payload)
        assert shown == {
            "title": payload["title"],
            "body": payload["body"],
            "tag": "speakeasy-R1",
            "url": f"{base}/r/R1",
        }

        page.locator("#push-off").click()
        expect(page.locator("#push-state")).to_have_text(words["offAgain"])
        assert all(row[0] != endpoint for row in stored(database))

        # The room's "Notify me" switches lead to the page too.
        room = page.evaluate(
            """() => fetch('/api/rooms', {method: 'POST', headers: {'Content-Type': 'application/json'},
                                         body: JSON.stringify({game: 'speakeasy'})}).then(r => r.json())"""
        )
        page.goto(f"{base}/r/{room['room_id']}")
        more = page.locator("#notify-more")
        expect(more).to_have_attribute("href", "/notifications")
        expect(more).to_have_text(words["away"])
        more.scroll_into_view_if_needed()
        assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
        page.screenshot(path=str(SHOTS / f"{size}-{lang}-room.png"), full_page=True)
        assert errors == []
    finally:
        context.close()


def test_a_server_without_keys_says_so(browser: Browser, server: str) -> None:
    """The suite's shared server has no VAPID key: the page says push is off, offers no
    button, and the landing page's link still leads there."""
    context = browser.new_context(viewport=SIZES["phone"], locale="en-US", device_scale_factor=1)  # type: ignore[arg-type]
    page = context.new_page()
    try:
        page.goto(f"{server}/notifications")
        expect(page.locator("#push-state")).to_have_text(
            "This server is not set up to reach a closed browser. "
            "The room's page still tells you when it is your turn."
        )
        expect(page.locator("#push-on")).to_be_hidden()
        expect(page.locator("#push-off")).to_be_hidden()
    finally:
        context.close()
