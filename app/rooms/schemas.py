"""Request and response bodies of the HTTP API. Public schemas carry nothing hidden:
token digests, guest ids and game states never appear here."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field


class TimeControl(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    initial: Annotated[int, Field(ge=10, le=3 * 3600, description="seconds per player")]
    increment: Annotated[int, Field(ge=0, le=600, description="seconds added after each move")] = 0


class RoomCreate(BaseModel):
    # Strict: the schema says boolean and integer, so 0, "600" or 600.0 are refused too.
    model_config = ConfigDict(extra="forbid", strict=True)

    preset: Literal["speakeasy", "luzhanqi"] = "speakeasy"
    time_control: TimeControl | None = None
    setup_seconds: Annotated[int, Field(ge=10, le=3600)] | None = 180
    spectators: bool = True
    bot: Literal["easy", "normal", "strong"] | None = None


class RoomCreated(BaseModel):
    room_id: str
    seat: int
    invite_url: str | None
    watch_url: str | None
    room_url: str
    rejoin_secret: str = Field(description="keep it in the browser: POST /api/rooms/{room_id}/rejoin")


class ErrorDetail(BaseModel):
    code: str
    message: str


class ErrorResponse(BaseModel):
    """Every 4xx answer of the API (``AppError`` and request validation alike)."""

    detail: ErrorDetail


class Claimed(BaseModel):
    room_id: str
    seat: int
    rejoin_secret: str = Field(description="keep it in the browser: POST /api/rooms/{room_id}/rejoin")


class RejoinRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    secret: Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]+$", min_length=1, max_length=64)]


class Rejoined(BaseModel):
    room_id: str
    seat: int


class InviteIssued(BaseModel):
    invite_url: str


class WatchTarget(BaseModel):
    room_id: str


class SetupPosition(BaseModel):
    position: str


class Opening(BaseModel):
    name: str
    position: str
