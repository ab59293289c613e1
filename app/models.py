"""The tables, as SQLAlchemy 2 declarative models.

Alembic migrations (``migrations/versions``) are the only source of schema; these classes
describe the same tables for queries and a test checks they agree.

* ``rooms``        a table of ``players`` chairs for one game of the catalogue: preset, time
                   control, the hashed links.
* ``room_seats``   who sits in each chair (``slot``): a guest or a bot, and the digest of
                   the secret that lets that guest's browser rejoin.
* ``games``        one game of the room: its game, seed, options, which chair plays each
                   seat (``seat_slots``), its version (events so far), a snapshot of its
                   state at ``snapshot_version`` (the later versions are rebuilt from the
                   log), clocks per seat and the seats' pending offers.
                   ``seq`` counts every change of the row: writers guard on it, so of
                   two concurrent commands exactly one commits.
* ``game_actions`` the append-only log of everything applied to a game, each row with the
                   version range of the events it produced (and those events, in truth).
"""

from __future__ import annotations

from sqlalchemy import BigInteger, Boolean, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy import false as sa_false
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

BigId = BigInteger().with_variant(Integer(), "sqlite")


class Base(DeclarativeBase):
    pass


class Room(Base):
    __tablename__ = "rooms"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[int] = mapped_column(BigInteger)
    game: Mapped[str] = mapped_column(String(32))
    """The catalogue name of the room's game (``engine/catalogue.py``)."""
    players: Mapped[int] = mapped_column(Integer)
    """How many chairs the room has."""
    preset: Mapped[str] = mapped_column(String(32))
    options: Mapped[str | None] = mapped_column(Text)
    """The rule options chosen beside the preset, as JSON (``None``: none, older rooms)."""
    time_initial_ms: Mapped[int | None] = mapped_column(BigInteger)
    time_increment_ms: Mapped[int | None] = mapped_column(BigInteger)
    setup_seconds: Mapped[int | None] = mapped_column(Integer)
    spectators: Mapped[bool] = mapped_column(Boolean)
    creator: Mapped[str] = mapped_column(String(64))
    invite_hash: Mapped[str | None] = mapped_column(String(64), unique=True)
    invite_expires_at: Mapped[int | None] = mapped_column(BigInteger)
    watch_hash: Mapped[str] = mapped_column(String(64), unique=True)
    current_game_id: Mapped[str | None] = mapped_column(String(32))
    game_number: Mapped[int] = mapped_column(Integer)
    turn_based: Mapped[bool] = mapped_column(Boolean, server_default=sa_false())
    """Played over days (migration 0009): ``time_initial_ms`` is then the allowance per
    move, ``None`` for no limit, and ``time_increment_ms`` is unused."""


class RoomSeat(Base):
    __tablename__ = "room_seats"
    __table_args__ = (
        UniqueConstraint("room_id", "guest_id", name="uq_room_seats_guest"),
        Index("ix_room_seats_guest", "guest_id"),  # a guest's chairs: My games (migration 0012)
    )

    room_id: Mapped[str] = mapped_column(String(32), ForeignKey("rooms.id"), primary_key=True)
    slot: Mapped[int] = mapped_column(Integer, primary_key=True)
    guest_id: Mapped[str | None] = mapped_column(String(64))
    bot_level: Mapped[str | None] = mapped_column(String(16))
    joined_at: Mapped[int] = mapped_column(BigInteger)
    rejoin_hash: Mapped[str | None] = mapped_column(String(64))
    """SHA-256 of the chair's rejoin secret (held by the browser that took the chair)."""


class GameRow(Base):
    __tablename__ = "games"
    __table_args__ = (UniqueConstraint("room_id", "number", name="uq_games_room_number"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    room_id: Mapped[str] = mapped_column(String(32), ForeignKey("rooms.id"), index=True)
    game: Mapped[str] = mapped_column(String(32))
    number: Mapped[int] = mapped_column(Integer)
    seed: Mapped[str] = mapped_column(String(64))
    """64 hex digits (the platform generator); games from before migration 0004 keep their
    integer seed written in decimal (the legacy stream, ``engine/rng_legacy.py``)."""
    options: Mapped[str] = mapped_column(Text)
    seat_slots: Mapped[str] = mapped_column(Text)
    """JSON list: the chair that plays each seat in this game."""
    version: Mapped[int] = mapped_column(Integer)
    seq: Mapped[int] = mapped_column(Integer)
    snapshot: Mapped[str] = mapped_column(Text)
    snapshot_version: Mapped[int] = mapped_column(Integer, server_default="0")
    """The version ``snapshot`` holds; the actions logged after it are applied again on
    reading (written every ``store.SNAPSHOT_EVERY`` versions, at the end and for heavy work)."""
    status: Mapped[str] = mapped_column(String(16))
    result: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[int] = mapped_column(BigInteger)
    updated_at: Mapped[int] = mapped_column(BigInteger)
    clocks: Mapped[str] = mapped_column(Text)
    """JSON: remaining ms per seat (or null: untimed), increment, running seats, since."""
    setup_deadline: Mapped[int | None] = mapped_column(BigInteger)
    setup_seconds: Mapped[int | None] = mapped_column(Integer)
    offers: Mapped[str] = mapped_column(Text)
    """JSON: the seats offering a draw and those asking for a rematch."""
    deadline: Mapped[int | None] = mapped_column(BigInteger, index=True)
    """When the server must next act on its own (a flag, a decision limit, the setup
    timer: :func:`app.games.deadlines.next_deadline`), kept in step at every commit so that
    every process's sweeper finds games due (migration 0009); ``None``: nothing runs."""
    actors: Mapped[str | None] = mapped_column(Text)
    """JSON list: the seats owing a decision now but the autopilot's (``[]`` once over), kept
    in step at every commit (:func:`app.games.store.awaited`) so that "My games" knows whose
    turn it is without loading states (migration 0012); ``None``: written before it."""


class GameAction(Base):
    __tablename__ = "game_actions"
    __table_args__ = (
        UniqueConstraint("game_id", "seat", "client_id", name="uq_game_actions_client"),
        Index("ix_game_actions_game_version", "game_id", "last_version"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id"))
    seat: Mapped[int | None] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    action: Mapped[str] = mapped_column(Text)
    client_id: Mapped[str | None] = mapped_column(String(64))
    command_digest: Mapped[str | None] = mapped_column(String(64))
    first_version: Mapped[int] = mapped_column(Integer)
    last_version: Mapped[int] = mapped_column(Integer)
    events: Mapped[str] = mapped_column(Text)
    at: Mapped[int] = mapped_column(BigInteger)


class ChatMessage(Base):
    """One line of a room's chat: ``players`` (the players only), ``spectators`` (the
    spectators only) or ``private`` (between chair ``slot`` and chair ``to_slot``)."""

    __tablename__ = "chat_messages"
    __table_args__ = (Index("ix_chat_messages_room", "room_id", "id"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    room_id: Mapped[str] = mapped_column(String(32), ForeignKey("rooms.id"))
    channel: Mapped[str] = mapped_column(String(16))
    slot: Mapped[int | None] = mapped_column(Integer)
    to_slot: Mapped[int | None] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[int] = mapped_column(BigInteger)


# E-mail notifications (issue 27, migration 0011; app/notify/email_store.py).
class EmailAddress(Base):
    """A guest's address for notifications: pending until confirmed by its link."""

    __tablename__ = "email_addresses"

    guest_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    address: Mapped[str] = mapped_column(String(254))
    address_hash: Mapped[str] = mapped_column(String(64), index=True)
    """SHA-256 of the address in lower case: the sign-in lookup, and what logs may name."""
    lang: Mapped[str] = mapped_column(String(8))
    nonce: Mapped[str] = mapped_column(String(32))
    """New with every address: links mailed for an earlier one no longer work."""
    created_at: Mapped[int] = mapped_column(BigInteger)
    confirmed_at: Mapped[int | None] = mapped_column(BigInteger)
    site: Mapped[str] = mapped_column(String(300))
    """The base URL the address was set through: its mails' links when no public URL is set."""


class EmailSend(Base):
    """One mail sent, kept two days for the rate limits."""

    __tablename__ = "email_sends"
    __table_args__ = (Index("ix_email_sends_address", "address_hash", "at"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    address_hash: Mapped[str] = mapped_column(String(64))
    room_id: Mapped[str | None] = mapped_column(String(32))
    kind: Mapped[str] = mapped_column(String(16))
    at: Mapped[int] = mapped_column(BigInteger)


class PushSubscription(Base):
    """One browser's Web Push subscription, bound to the guest who made it (migration 0010).
    The endpoint is a capability: it is never logged, only a hash of it."""

    __tablename__ = "push_subscriptions"
    __table_args__ = (Index("ix_push_subscriptions_guest", "guest_id"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    guest_id: Mapped[str] = mapped_column(String(64))
    endpoint: Mapped[str] = mapped_column(String(1024), unique=True)
    p256dh: Mapped[str] = mapped_column(String(100))
    auth: Mapped[str] = mapped_column(String(40))
    lang: Mapped[str] = mapped_column(String(8))
    created_at: Mapped[int] = mapped_column(BigInteger)


class NoticeMark(Base):
    """A notice remembered across processes (migration 0010): ``your_turn`` sent to a seat
    (none again until it acts), or ``time_low`` owed at ``due_at`` for the seat's
    ``deadline``, claimed once by setting ``claimed_at``."""

    __tablename__ = "notice_marks"
    __table_args__ = (
        UniqueConstraint("game_id", "seat", "kind", "deadline", name="uq_notice_marks"),
        Index("ix_notice_marks_due", "claimed_at", "due_at"),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    room_id: Mapped[str] = mapped_column(String(32))
    game_id: Mapped[str] = mapped_column(String(32))
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    deadline: Mapped[int] = mapped_column(BigInteger)
    due_at: Mapped[int] = mapped_column(BigInteger)
    claimed_at: Mapped[int | None] = mapped_column(BigInteger)


# One-time links carrying a guest's identity to another device (issue 27, migration 0012;
# app/devices.py).
class DeviceLink(Base):
    """A link's token is never stored, only its SHA-256; good for 15 minutes and once."""

    __tablename__ = "device_links"
    __table_args__ = (Index("ix_device_links_guest", "guest_id"),)

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    guest_id: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[int] = mapped_column(BigInteger)
    expires_at: Mapped[int] = mapped_column(BigInteger)
    used_at: Mapped[int | None] = mapped_column(BigInteger)
