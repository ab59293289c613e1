"""The e-mail settings in a real browser against a real server and a real SMTP server
(aiosmtpd): enter an address, see it pending, confirm it through the link fetched from the
mail, see it confirmed; a bad address refused in words; then, in a second browser, sign in
with that address and carry the identity over. Laptop in English and phone in French;
screenshots in /tmp/shots/email/."""

from __future__ import annotations

import email
import email.policy
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from e2e_server import free_port, serving
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/email")
LINK = re.compile(r"https?://\S+")
SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}


class Box:
    """Every mail the SMTP server accepted: (recipients, raw text)."""

    def __init__(self) -> None:
        self.mails: list[tuple[list[str], str]] = []

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        body = message.get_body(preferencelist=("plain",))  # type: ignore[attr-defined]
        self.mails.append((list(envelope.rcpt_tos), str(body.get_content())))
        return "250 OK"

    def links_to(self, address: str, part: str, count: int, timeout: float = 15.0) -> list[str]:
        """The links containing ``part`` in the mails to ``address``, once ``count`` came."""
        end = time.monotonic() + timeout
        while True:
            found = [
                link.rstrip(">")
                for rcpt, text in list(self.mails)
                if address in rcpt
                for link in LINK.findall(text)
                if part in link
            ]
            if len(found) >= count:
                return found
            if time.monotonic() > end:
                raise AssertionError(f"{len(found)} {part} links to {address}, {count} expected")
            time.sleep(0.05)


@pytest.fixture(scope="module")
def smtp() -> Iterator[tuple[Box, int]]:
    box, port = Box(), free_port()
    controller = Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    yield box, port
    controller.stop()


@pytest.fixture(scope="module")
def mail_server(smtp: tuple[Box, int], tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of its own, pointed at the test's SMTP server (the suite's shared server has
    no relay)."""
    workdir = tmp_path_factory.mktemp("e2e-email")
    relay = {
        "SPEAKEASY_LOG_LEVEL": "INFO",
        "SPEAKEASY_SMTP_HOST": "127.0.0.1",
        "SPEAKEASY_SMTP_PORT": str(smtp[1]),
        "SPEAKEASY_SMTP_SECURITY": "none",
    }
    with serving(workdir, relay) as url:
        yield url
    text = (workdir / "server.log").read_text()
    assert "@example.org" not in text, "an address reached the server's log"


def new_page(browser: Browser, size: str, lang: str) -> Page:
    context = browser.new_context(viewport=SIZES[size], locale="fr-FR" if lang == "fr" else "en-US")
    context.add_init_script(f"localStorage.setItem('speakeasy.lang', '{lang}')")
    return context.new_page()


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def no_overflow(page: Page) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"the page is {wide}px wider than the window"


@pytest.mark.parametrize(("size", "lang"), [("laptop", "en"), ("phone", "fr")])
def test_address_confirmed_by_its_link_then_sign_in_elsewhere(
    browser: Browser, mail_server: str, smtp: tuple[Box, int], size: str, lang: str
) -> None:
    box = smtp[0]
    address = f"player.{size}@example.org"
    words = {
        "en": ("Send the confirmation link", "A confirmation link went to", "Notifications go to"),
        "fr": (
            "Envoyer le lien de confirmation",
            "Un lien de confirmation est parti",
            "Les notifications vont",
        ),
    }[lang]
    confirmed_title = {"en": "Address confirmed", "fr": "Adresse confirmée"}[lang]
    page = new_page(browser, size, lang)
    page.goto(f"{mail_server}/notifications")
    settings = page.locator("#email-settings")
    expect(settings).to_have_attribute("data-state", "none")
    expect(page.locator("#email-send")).to_have_text(words[0])
    shot(page, f"{size}-{lang}-1-empty")

    page.fill("#email-address", "player@")  # refused by the server, in its words
    page.click("#email-send")
    expect(page.locator("#email-error")).to_contain_text("example.org")
    expect(settings).to_have_attribute("data-state", "none")

    page.fill("#email-address", address)
    page.click("#email-send")
    expect(settings).to_have_attribute("data-state", "pending")
    expect(page.locator("#email-state")).to_contain_text(words[1])
    expect(page.locator("#email-state")).to_contain_text(address)
    no_overflow(page)
    shot(page, f"{size}-{lang}-2-pending")

    [confirm] = box.links_to(address, "/email/confirm/", 1)
    opened = page.context.new_page()
    opened.goto(confirm)
    expect(opened.locator("#email-page-title")).to_have_text(confirmed_title)
    no_overflow(opened)
    shot(opened, f"{size}-{lang}-3-confirmed-page")

    page.reload()
    expect(settings).to_have_attribute("data-state", "confirmed")
    expect(page.locator("#email-state")).to_contain_text(words[2])
    no_overflow(page)
    shot(page, f"{size}-{lang}-4-confirmed")

    # A second browser signs in with the confirmed address and becomes the same player.
    other = new_page(browser, size, lang)
    other.goto(f"{mail_server}/games")
    sign_in = other.locator("#email-sign-in")
    expect(sign_in).to_be_visible()
    other.fill("#email-sign-in-address", address)
    other.click("#email-sign-in-send")
    expect(sign_in).to_have_attribute("data-state", "sent")
    no_overflow(other)
    shot(other, f"{size}-{lang}-5-sign-in-sent")
    [link] = box.links_to(address, "/link/", 1)
    other.goto(link)
    other.click("#link-confirm")
    other.wait_for_url(re.compile(r"/games"))
    mine = other.evaluate("fetch('/api/me/email').then((r) => r.json())")
    assert mine["state"] == "confirmed" and mine["address"] == address
    other.goto(f"{mail_server}/notifications")
    expect(other.locator("#email-settings")).to_have_attribute("data-state", "confirmed")
    shot(other, f"{size}-{lang}-6-second-browser")

    # Switching the page's language switches the mails'.
    other_lang = "fr" if lang == "en" else "en"
    page.click(f"#lang button[lang='{other_lang}']")
    end = time.monotonic() + 10
    while page.evaluate("fetch('/api/me/email').then((r) => r.json())")["lang"] != other_lang:
        assert time.monotonic() < end, "the mails' language did not follow the page's"
        time.sleep(0.05)
    page.click("#email-remove")
    expect(settings).to_have_attribute("data-state", "none")
    page.context.close()
    other.context.close()
