"""Settings and the console command."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from app.config import DEV_SECRET, Settings

ROOT = Path(__file__).resolve().parents[2]


def test_default_secret_is_refused_outside_development() -> None:
    assert Settings(env="development", database_url="sqlite+aiosqlite:///x.db").secret == DEV_SECRET
    with pytest.raises(ValidationError, match="SPEAKEASY_SECRET must be set"):
        Settings(env="production")
    with pytest.raises(ValidationError, match="at least 16"):
        Settings(env="production", secret="short")
    assert Settings(env="production", secret="x" * 32).env == "production"


def test_settings_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql+asyncpg://u@h/db")
    monkeypatch.setenv("REDIS_URL", "redis://h:6379/0")
    monkeypatch.setenv("SPEAKEASY_GRACE_SECONDS", "5")
    settings = Settings()
    assert settings.database_url == "postgresql+asyncpg://u@h/db"
    assert settings.redis_url == "redis://h:6379/0" and settings.grace_seconds == 5


def test_speakeasy_migrate_creates_the_schema(tmp_path: Path) -> None:
    database = tmp_path / "cli.db"
    env = {"PATH": "/usr/bin:/bin", "DATABASE_URL": f"sqlite+aiosqlite:///{database}"}
    done = subprocess.run(
        [sys.executable, "-m", "app", "migrate"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    tables = {row[0] for row in sqlite3.connect(database).execute("SELECT name FROM sqlite_master")}
    assert {"rooms", "room_seats", "games", "game_actions", "alembic_version"} <= tables
    refused = subprocess.run(
        [sys.executable, "-m", "app", "serve"],
        cwd=ROOT,
        env={**env, "SPEAKEASY_ENV": "production"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert refused.returncode == 2 and "SPEAKEASY_SECRET" in refused.stderr
