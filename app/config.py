"""Settings, read once from the environment (pydantic-settings).

``DATABASE_URL`` and ``REDIS_URL`` keep their conventional names; everything else is
prefixed ``SPEAKEASY_``. Outside development the server refuses to start with the default
secret, since the secret signs every guest identity.
"""

from __future__ import annotations

from typing import Final, Literal

from pydantic import AliasChoices, Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

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
    replay_limit: int = 200
    """At most this many missed events are replayed on reconnect; older gets a resync."""
    max_frame_bytes: int = 16 * 1024
    max_frames_per_second: int = 20
    db_pool_size: int = 10
    log_level: str = "INFO"
    log_json: bool = True
    static_dir: str | None = None
    """Where the browser client lives; ``static/`` beside the package when unset."""

    @model_validator(mode="after")
    def _refuse_default_secret(self) -> Settings:
        if self.env != "development" and self.secret == DEV_SECRET:
            raise ValueError("SPEAKEASY_SECRET must be set outside development")
        if len(self.secret) < 16:
            raise ValueError("SPEAKEASY_SECRET must be at least 16 characters")
        return self

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")
