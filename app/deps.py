"""``Annotated`` dependency aliases for the routes: the process-wide objects the app factory
put on ``app.state``, and the guest identity the cookie middleware proved."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import AsyncEngine

from app.broadcast import Hub
from app.clocks import Clock
from app.config import Settings
from app.games.service import GameService


def _engine(request: Request) -> AsyncEngine:
    return request.app.state.engine  # type: ignore[no-any-return]


def _service(request: Request) -> GameService:
    return request.app.state.service  # type: ignore[no-any-return]


def _hub(request: Request) -> Hub:
    return request.app.state.hub  # type: ignore[no-any-return]


def _clock(request: Request) -> Clock:
    return request.app.state.clock  # type: ignore[no-any-return]


def _settings(request: Request) -> Settings:
    return request.app.state.settings  # type: ignore[no-any-return]


def _guest(request: Request) -> str:
    return request.state.guest_id  # type: ignore[no-any-return]


EngineDep = Annotated[AsyncEngine, Depends(_engine)]
ServiceDep = Annotated[GameService, Depends(_service)]
HubDep = Annotated[Hub, Depends(_hub)]
ClockDep = Annotated[Clock, Depends(_clock)]
SettingsDep = Annotated[Settings, Depends(_settings)]
GuestDep = Annotated[str, Depends(_guest)]


def base_url(request: Request, settings: Settings) -> str:
    return (settings.public_url or str(request.base_url)).rstrip("/")


def client_address(request: Request) -> str:
    """The caller's address (the proxy's ``X-Forwarded-For`` when uvicorn trusts it)."""
    return request.client.host if request.client else "unknown"
