"""Settings, read once from the environment (pydantic-settings).

``DATABASE_URL`` and ``REDIS_URL`` keep their conventional names; everything else is
prefixed ``SPEAKEASY_``. Outside development the server refuses to start with the default
secret, since the secret signs every guest identity.
"""

from __future__ import annotations

import json
from typing import Annotated, Final, Literal

from pydantic import AliasChoices, Field, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

DEV_SECRET: Final = "development-only-secret-change-me"
SQLITE_DEFAULT: Final = "sqlite+aiosqlite:///./speakeasy.db"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="SPEAKEASY_", extra="ignore", populate_by_name=True)

    env: Literal["development", "test", "production"] = "development"
    secret: str = DEV_SECRET
    database_url: str = Field(
        default=SQLITE_DEFAULT, validation_alias=AliasChoices("DATABASE_URL", "SPEAKEASY_DATABASE_URL")
    )
    redis_url: str | None = Field(
        default=None, validation_alias=AliasChoices("REDIS_URL", "SPEAKEASY_REDIS_URL")
    )
    public_url: str | None = None
    """Absolute base of the links handed out (``https://play.example``); the request's
    own base URL when unset."""
    cookie_secure: bool = False
    invite_ttl_seconds: int = 7 * 24 * 3600
    grace_seconds: int = 60
    """How long an opponent must be gone before the other player may claim the win."""
    offload_seconds: float = 30.0
    """Longest an action's heavy work (a simulated shot, capped by its game) may take in the
    worker pool, queueing included, before the action is refused as ``unavailable``."""
    replay_limit: int = 200
    """At most this many missed events are replayed on reconnect; older gets a resync."""
    ws_compression: bool = True
    """Per-message deflate on the sockets, for a browser that offers it: a frame of 1 KiB or
    more goes compressed (a Flickago shot, a welcome, a replay), a shorter one as it is, and no
    zlib context is kept between messages (``app/ws/deflate.py``)."""
    max_frame_bytes: int = 16 * 1024
    max_frames_per_second: int = 20
    chat_lines_per_second: float = 1.0
    """Chat lines one socket may send per second (a burst of one)."""
    max_body_bytes: int = 16 * 1024
    """Longest HTTP request body; a longer one is refused with 413 before it is read."""
    max_sockets_per_address: int = 64
    """Open WebSockets one client address may hold on one server process."""
    rooms_per_minute: int = 10
    room_burst: int = 20
    """Rooms one client address may create: ``room_burst`` at once, then ``rooms_per_minute``."""
    db_pool_size: int = 10
    commit_flushers: int = Field(default=1, ge=1)
    """Group commits (PostgreSQL) in flight at once; the moves that arrive meanwhile wait
    for the next one and share it."""
    log_level: str = "INFO"
    log_json: bool = True
    static_dir: str | None = None
    """Where the browser client lives; ``static/`` beside the package when unset."""
    # Turn-based rooms (issue 27): durable deadlines and the test clock.
    sweep_seconds: float = Field(default=30.0, gt=0)
    """How often each server process looks for games whose stored deadline has passed (and
    once at start-up): a deadline that fell due while no process ran, or in a room no
    socket of this process watches, fires within this delay."""
    clock_file: str | None = None
    """Tests only (``SPEAKEASY_ENV=test``): the server's clock is read from this file
    (milliseconds since the epoch), so a test drives the time of processes it restarts."""

    # E-mail notifications (issue 27, the e-mail channel: app/notify/email.py). No host: off.
    smtp_host: str | None = None
    """The mail relay; e-mail (notifications, sign-in links) is off while it is unset."""
    smtp_port: int = Field(default=587, ge=1, le=65535)
    smtp_username: str | None = None
    smtp_password: str | None = None
    smtp_from: str = "Speakeasy <noreply@localhost>"
    smtp_security: Literal["starttls", "tls", "none"] = "starttls"
    """``starttls``: upgrade a plain connection (port 587); ``tls``: TLS from the start
    (port 465); ``none``: plain (a relay on the same host or network only)."""
    smtp_timeout_seconds: float = Field(default=15.0, gt=0)
    email_turn_interval_seconds: int = Field(default=3600, ge=0)
    """At most one "your turn" (or "time is short") mail per room and address this often."""
    email_daily_cap: int = Field(default=30, ge=1)
    """At most this many notification mails per address in 24 hours."""
    email_confirm_per_day: int = Field(default=3, ge=1)
    """Confirmation (and sign-in) mails per address in 24 hours, whoever asks."""
    email_confirm_ttl_seconds: int = Field(default=48 * 3600, ge=60)

    @model_validator(mode="after")
    def _refuse_default_secret(self) -> Settings:
        if self.env != "development" and self.secret == DEV_SECRET:
            raise ValueError("SPEAKEASY_SECRET must be set outside development")
        if len(self.secret) < 16:
            raise ValueError("SPEAKEASY_SECRET must be at least 16 characters")
        if self.clock_file is not None and self.env != "test":
            raise ValueError("SPEAKEASY_CLOCK_FILE is for tests only: it needs SPEAKEASY_ENV=test")
        return self

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")

    # Guest cookie and cross-site protection (docs/server.md, "Identity and cross-site requests").
    old_secrets: Annotated[list[str], NoDecode] = Field(default_factory=list)
    """Retired secrets (comma-separated, or a JSON list): guest cookies signed under one of
    them are still accepted and re-issued under ``secret``."""
    guest_max_age_seconds: int = Field(default=180 * 24 * 3600, ge=3600)
    """A guest cookie older than this is not an identity; it is re-issued after a quarter."""
    allowed_origins: Annotated[list[str], NoDecode] = Field(default_factory=list)
    """Origins besides the server's own (comma-separated, or a JSON list) whose pages may
    send state-changing requests and open sockets."""

    @field_validator("old_secrets", "allowed_origins", mode="before")
    @classmethod
    def _list_from_text(cls, value: object) -> object:
        if isinstance(value, str):
            text = value.strip()
            if text.startswith("["):
                return json.loads(text)
            return [part.strip() for part in text.split(",") if part.strip()]
        return value

    @field_validator("old_secrets")
    @classmethod
    def _old_secrets_long_enough(cls, value: list[str]) -> list[str]:
        if any(len(secret) < 16 for secret in value):
            raise ValueError("every SPEAKEASY_OLD_SECRETS entry must be at least 16 characters")
        return value

    # Notifications (issue 27): Web Push (docs/server.md, "Notifications and Web Push").
    vapid_private_key: str | None = None
    """The server's VAPID key (P-256): base64url of its 32-byte private number, or its DER.
    Unset: Web Push is off (the notifications page says so); in-page notices still work."""
    vapid_public_key: str | None = None
    """Its public key, base64url of the uncompressed point (what browsers subscribe with);
    derived from the private key when unset, refused when it does not match it."""
    vapid_subject: str | None = None
    """Who runs the server, for push services (``mailto:admin@example.org`` or an https URL);
    required with a private key."""
    push_timeout_seconds: float = Field(default=10.0, gt=0)
    """Longest one push service request may take."""
    notice_sweep_seconds: float = Field(default=60.0, gt=0)
    """How often each process looks for "12 h left" notices that have fallen due."""
    push_allow_http: bool = False
    """Tests only (refused in production): accept ``http://127.0.0.1`` push endpoints, so a
    test's local receiver can stand in for a push service."""

    @model_validator(mode="after")
    def _push_settings(self) -> Settings:
        if self.vapid_private_key and not self.vapid_subject:
            raise ValueError("SPEAKEASY_VAPID_SUBJECT (mailto: or https:) is required with a VAPID key")
        if self.vapid_subject and not self.vapid_subject.startswith(("mailto:", "https://")):
            raise ValueError("SPEAKEASY_VAPID_SUBJECT must start with mailto: or https://")
        if self.push_allow_http and self.env == "production":
            raise ValueError("SPEAKEASY_PUSH_ALLOW_HTTP is for tests only")
        return self
