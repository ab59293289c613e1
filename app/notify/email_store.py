"""The e-mail tables (migration 0011): one address per guest and the mails sent.

Core SQL on the models' tables, each call its own short transaction. The counts behind the
rate limits live here, in the database, so that every server process sees the same ones.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, cast

from sqlalchemy import Table, delete, func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncEngine

from app.models import EmailAddress, EmailSend
from app.notify.email_address import address_hash

KEEP_SENDS_MS: Final = 2 * 24 * 3600 * 1000
_ADDRESSES = cast(Table, EmailAddress.__table__)
_SENDS = cast(Table, EmailSend.__table__)


@dataclass(frozen=True, slots=True)
class AddressRecord:
    guest_id: str
    address: str
    address_hash: str
    lang: str
    nonce: str
    confirmed_at: int | None
    site: str

    @property
    def confirmed(self) -> bool:
        return self.confirmed_at is not None


def _record(row: object) -> AddressRecord:
    return AddressRecord(
        guest_id=row.guest_id,  # type: ignore[attr-defined]
        address=row.address,  # type: ignore[attr-defined]
        address_hash=row.address_hash,  # type: ignore[attr-defined]
        lang=row.lang,  # type: ignore[attr-defined]
        nonce=row.nonce,  # type: ignore[attr-defined]
        confirmed_at=row.confirmed_at,  # type: ignore[attr-defined]
        site=row.site,  # type: ignore[attr-defined]
    )


async def get(engine: AsyncEngine, guest_id: str) -> AddressRecord | None:
    async with engine.connect() as conn:
        row = (await conn.execute(select(_ADDRESSES).where(_ADDRESSES.c.guest_id == guest_id))).first()
    return None if row is None else _record(row)


async def put(
    engine: AsyncEngine, guest_id: str, address: str, lang: str, site: str, now: int
) -> AddressRecord:
    """Bind ``address`` to the guest. The same address again keeps its state (and its
    links); another one replaces it, pending, under a new nonce."""
    digest = address_hash(address)
    async with engine.begin() as conn:
        row = (await conn.execute(select(_ADDRESSES).where(_ADDRESSES.c.guest_id == guest_id))).first()
        if row is not None and row.address_hash == digest:
            await conn.execute(
                update(_ADDRESSES)
                .where(_ADDRESSES.c.guest_id == guest_id)
                .values(lang=lang, address=address, site=site)
            )
            return AddressRecord(guest_id, address, digest, lang, row.nonce, row.confirmed_at, site)
        nonce = secrets.token_urlsafe(12)
        values = {
            "address": address,
            "address_hash": digest,
            "lang": lang,
            "nonce": nonce,
            "created_at": now,
            "confirmed_at": None,
            "site": site,
        }
        if row is None:
            await conn.execute(insert(_ADDRESSES).values(guest_id=guest_id, **values))
        else:
            await conn.execute(update(_ADDRESSES).where(_ADDRESSES.c.guest_id == guest_id).values(**values))
    return AddressRecord(guest_id, address, digest, lang, nonce, None, site)


async def set_lang(engine: AsyncEngine, guest_id: str, lang: str) -> None:
    async with engine.begin() as conn:
        await conn.execute(update(_ADDRESSES).where(_ADDRESSES.c.guest_id == guest_id).values(lang=lang))


async def confirm(engine: AsyncEngine, guest_id: str, nonce: str, now: int) -> AddressRecord | None:
    """Confirm the guest's address if ``nonce`` is still its own; ``None`` otherwise."""
    async with engine.begin() as conn:
        row = (await conn.execute(select(_ADDRESSES).where(_ADDRESSES.c.guest_id == guest_id))).first()
        if row is None or row.nonce != nonce:
            return None
        confirmed_at = row.confirmed_at or now
        if row.confirmed_at is None:
            await conn.execute(
                update(_ADDRESSES).where(_ADDRESSES.c.guest_id == guest_id).values(confirmed_at=now)
            )
    return AddressRecord(guest_id, row.address, row.address_hash, row.lang, row.nonce, confirmed_at, row.site)


async def remove(engine: AsyncEngine, guest_id: str, nonce: str | None = None) -> AddressRecord | None:
    """Forget the guest's address (only if its nonce is ``nonce``, when given); the record
    removed, or ``None``."""
    async with engine.begin() as conn:
        row = (await conn.execute(select(_ADDRESSES).where(_ADDRESSES.c.guest_id == guest_id))).first()
        if row is None or (nonce is not None and row.nonce != nonce):
            return None
        await conn.execute(delete(_ADDRESSES).where(_ADDRESSES.c.guest_id == guest_id))
    return _record(row)


async def confirmed_owner(engine: AsyncEngine, digest: str) -> AddressRecord | None:
    """The guest who confirmed this address last, if any."""
    async with engine.connect() as conn:
        row = (
            await conn.execute(
                select(_ADDRESSES)
                .where(_ADDRESSES.c.address_hash == digest, _ADDRESSES.c.confirmed_at.is_not(None))
                .order_by(_ADDRESSES.c.confirmed_at.desc())
                .limit(1)
            )
        ).first()
    return None if row is None else _record(row)


async def sends_since(
    engine: AsyncEngine, digest: str, since: int, kinds: Iterable[str], room_id: str | None = None
) -> int:
    query = (
        select(func.count())
        .select_from(_SENDS)
        .where(_SENDS.c.address_hash == digest, _SENDS.c.at > since, _SENDS.c.kind.in_(list(kinds)))
    )
    if room_id is not None:
        query = query.where(_SENDS.c.room_id == room_id)
    async with engine.connect() as conn:
        return int((await conn.execute(query)).scalar_one())


async def record_send(engine: AsyncEngine, digest: str, kind: str, room_id: str | None, now: int) -> None:
    """Count one mail, and drop this address's counts too old to matter."""
    async with engine.begin() as conn:
        await conn.execute(insert(_SENDS).values(address_hash=digest, kind=kind, room_id=room_id, at=now))
        await conn.execute(
            delete(_SENDS).where(_SENDS.c.address_hash == digest, _SENDS.c.at < now - KEEP_SENDS_MS)
        )
