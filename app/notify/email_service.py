"""E-mail for a guest: his address (set, confirm, remove, unsubscribe), the notification
mails within their limits, and the sign-in link mailed to a confirmed address.

Rules held here:

* nothing but the confirmation mail goes to an address before its owner opened the link;
* at most one "your turn" mail (and one "time is short") per room and address each
  ``SPEAKEASY_EMAIL_TURN_INTERVAL_SECONDS``, at most ``SPEAKEASY_EMAIL_DAILY_CAP``
  notification mails per address a day, ``SPEAKEASY_EMAIL_CONFIRM_PER_DAY`` confirmation
  or sign-in mails per address a day (counted in the database, for every process);
* the address is never logged: a log line names the first 12 hex digits of its SHA-256;
* the sign-in request's answer is the same for any address, known or not, and comes before
  any mail is sent (its time says nothing either).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Final
from urllib.parse import urljoin

from sqlalchemy.ext.asyncio import AsyncEngine

from app.clocks import Clock
from app.config import Settings
from app.errors import AppError
from app.limits import KeyedRateLimit
from app.notify import Notice
from app.notify import email_store as store
from app.notify.email_address import address_hash, log_name, valid_address
from app.notify.email_mailer import Mailer, MailError, build
from app.notify.email_text import confirm_mail, lang_of, notice_mail, sign_in_mail
from app.notify.email_tokens import EmailTokens, Purpose

log = logging.getLogger("speakeasy.email")

DAY_MS: Final = 24 * 3600 * 1000
NOTICE_KINDS: Final = ("your_turn", "game_started", "game_over", "time_low")
THROTTLED_KINDS: Final = ("your_turn", "time_low")
"""Kinds limited to one mail per room and address per interval (the others come once a game)."""
LINK_KINDS: Final = ("confirm", "sign_in")
SET_PER_MINUTE: Final = 1
SET_BURST: Final = 10

DeviceLinkIssuer = Callable[[AsyncEngine, str], Awaitable[str]]


class EmailOff(AppError):
    def __init__(self) -> None:
        super().__init__("email_off", "this server sends no e-mail (no mail relay is configured)", 409)


class EmailService:
    def __init__(
        self,
        engine: AsyncEngine,
        settings: Settings,
        clock: Clock,
        mailer: Mailer | None = None,
        device_link: DeviceLinkIssuer | None = None,
    ) -> None:
        self.engine = engine
        self.settings = settings
        self.clock = clock
        self.mailer = mailer or Mailer(settings)
        self.tokens = EmailTokens(settings.secret)
        self._device_link = device_link
        self.set_limit = KeyedRateLimit(SET_PER_MINUTE, SET_BURST, clock.now_ms)
        """Addresses set (confirmation mails asked for) per client address: without it one
        page could make the server mail a confirmation to any number of strangers."""
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def enabled(self) -> bool:
        return self.mailer.enabled

    # -- the guest's address -------------------------------------------------------------

    async def status(self, guest_id: str) -> dict[str, object]:
        record = await store.get(self.engine, guest_id)
        state = "none" if record is None else ("confirmed" if record.confirmed else "pending")
        return {
            "enabled": self.enabled,
            "state": state,
            "address": None if record is None else record.address,
            "lang": None if record is None else record.lang,
        }

    async def set_address(self, guest_id: str, raw: object, lang: str | None, base: str) -> dict[str, object]:
        """Bind an address to the guest; a new (or still pending) one gets a confirmation
        mail, within its limit. The same confirmed address again only updates its language."""
        address = valid_address(raw)
        if not self.enabled:
            raise EmailOff()
        lang = lang_of(lang)
        now = self.clock.now_ms()
        current = await store.get(self.engine, guest_id)
        same = current is not None and current.address_hash == address_hash(address)
        if same and current is not None and current.confirmed:
            await store.set_lang(self.engine, guest_id, lang)
            return await self.status(guest_id)
        digest = address_hash(address)
        if (
            await store.sends_since(self.engine, digest, now - DAY_MS, LINK_KINDS)
            >= self.settings.email_confirm_per_day
        ):
            log.info("email confirmation refused: daily limit", extra={"address": log_name(digest)})
            raise AppError(
                "rate_limited",
                "too many confirmation mails went to this address today; try again tomorrow",
                429,
            )
        record = await store.put(self.engine, guest_id, address, lang, base, now)
        ttl_ms = self.settings.email_confirm_ttl_seconds * 1000
        token = self.tokens.issue("confirm", guest_id, record.nonce, now + ttl_ms)
        subject, body = confirm_mail(lang, f"{base}/email/confirm/{token}", ttl_ms // 3_600_000)
        await store.record_send(self.engine, digest, "confirm", None, now)
        try:
            await self.mailer.send(build(self.settings, address, subject, body, now_s=now / 1000))
        except MailError as error:
            log.warning("confirmation mail not sent: %s", error, extra={"address": log_name(digest)})
            raise AppError(
                "mail_unavailable", "the mail relay did not take the confirmation mail; try again later", 503
            ) from None
        log.info("confirmation mail sent", extra={"address": log_name(digest)})
        return await self.status(guest_id)

    async def remove(self, guest_id: str) -> dict[str, object]:
        removed = await store.remove(self.engine, guest_id)
        if removed is not None:
            log.info("email address removed", extra={"address": log_name(removed.address_hash)})
        return await self.status(guest_id)

    async def confirm(self, token: str) -> store.AddressRecord | None:
        claim = self.tokens.read("confirm", token, self.clock.now_ms())
        if claim is None:
            return None
        record = await store.confirm(self.engine, claim.guest_id, claim.nonce, self.clock.now_ms())
        if record is not None:
            log.info("email address confirmed", extra={"address": log_name(record.address_hash)})
        return record

    async def unsubscribe(self, token: str) -> bool:
        """Forget the address the link was mailed to (``True``), if it still is the one."""
        claim = self.tokens.read("unsubscribe", token, self.clock.now_ms())
        if claim is None:
            return False
        removed = await store.remove(self.engine, claim.guest_id, claim.nonce)
        if removed is not None:
            log.info("email unsubscribed", extra={"address": log_name(removed.address_hash)})
        return removed is not None

    async def link_lang(self, purpose: Purpose, token: str) -> str:
        """The language of the guest a link was mailed to (English when it says nothing)."""
        claim = self.tokens.read(purpose, token, self.clock.now_ms())
        record = None if claim is None else await store.get(self.engine, claim.guest_id)
        return "en" if record is None else lang_of(record.lang)

    # -- notifications -------------------------------------------------------------------

    async def deliver(self, notice: Notice) -> None:
        """Mail ``notice`` to its guest's confirmed address, within the limits; never raises
        for a mail that could not go (it is logged, by the address's hash)."""
        if not self.enabled or notice.kind not in NOTICE_KINDS:
            return
        record = await store.get(self.engine, notice.guest_id)
        if record is None or not record.confirmed:
            return
        digest, now = record.address_hash, self.clock.now_ms()
        if notice.kind in THROTTLED_KINDS:
            since = now - self.settings.email_turn_interval_seconds * 1000
            if await store.sends_since(self.engine, digest, since, (notice.kind,), notice.room_id):
                log.info(
                    "email notice held: one per room per interval",
                    extra={"address": log_name(digest), "kind": notice.kind},
                )
                return
        if (
            await store.sends_since(self.engine, digest, now - DAY_MS, NOTICE_KINDS)
            >= self.settings.email_daily_cap
        ):
            log.info("email notice held: daily cap", extra={"address": log_name(digest), "kind": notice.kind})
            return
        site = self.settings.public_url.rstrip("/") if self.settings.public_url else record.site
        token = self.tokens.issue("unsubscribe", notice.guest_id, record.nonce)
        unsubscribe = f"{site}/email/unsubscribe/{token}"
        subject, body = notice_mail(record.lang, notice, unsubscribe, urljoin(site + "/", notice.url))
        await store.record_send(self.engine, digest, notice.kind, notice.room_id, now)
        try:
            await self.mailer.send(
                build(self.settings, record.address, subject, body, unsubscribe, now / 1000)
            )
        except MailError as error:
            log.warning(
                "email notice not sent: %s", error, extra={"address": log_name(digest), "kind": notice.kind}
            )
            return
        log.info("email notice sent", extra={"address": log_name(digest), "kind": notice.kind})

    # -- sign-in by e-mail ---------------------------------------------------------------

    async def request_sign_in(self, raw: object, base: str) -> None:
        """Mail a one-time sign-in link to ``raw`` if a guest confirmed it; the caller
        answers the same whatever happens here, and the mail goes in the background."""
        address = valid_address(raw)
        if not self.enabled:
            raise EmailOff()
        task = asyncio.create_task(self._sign_in(address, base))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _sign_in(self, address: str, base: str) -> None:
        digest = address_hash(address)
        try:
            owner = await store.confirmed_owner(self.engine, digest)
            if owner is None or self._device_link is None:
                log.info("sign-in mail not sent: no confirmed address", extra={"address": log_name(digest)})
                return
            now = self.clock.now_ms()
            if (
                await store.sends_since(self.engine, digest, now - DAY_MS, LINK_KINDS)
                >= self.settings.email_confirm_per_day
            ):
                log.info("sign-in mail held: daily limit", extra={"address": log_name(digest)})
                return
            path = await self._device_link(self.engine, owner.guest_id)
            subject, body = sign_in_mail(owner.lang, f"{base}{path}")
            await store.record_send(self.engine, digest, "sign_in", None, now)
            await self.mailer.send(build(self.settings, owner.address, subject, body, now_s=now / 1000))
            log.info("sign-in mail sent", extra={"address": log_name(digest)})
        except MailError as error:
            log.warning("sign-in mail not sent: %s", error, extra={"address": log_name(digest)})
        except Exception:
            log.exception("sign-in mail failed", extra={"address": log_name(digest)})

    async def settle(self, timeout: float | None = None) -> None:
        """Wait for the sign-in mails under way (shutdown; a test's condition)."""
        if self._tasks:
            await asyncio.wait(set(self._tasks), timeout=timeout)

    async def close(self) -> None:
        await self.settle(self.settings.smtp_timeout_seconds)
