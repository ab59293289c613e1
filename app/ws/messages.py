"""The closed set of client → server messages, parsed once at the edge.

A frame is valid only if it is one of these models exactly (strict types, no extra
fields); anything else is answered with an ``error`` frame (``bad_message``) and changes
nothing. See docs/protocol.md, "Client → server".
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    StringConstraints,
    TypeAdapter,
    ValidationError,
)

from app.errors import AppError
from app.inputs import ACTION_ID, HEX_ID, NOTATION, Printable, echo, printable

ActionId = Annotated[str, StringConstraints(min_length=1, max_length=64, pattern=ACTION_ID)]
_ACTION_ID = re.compile(ACTION_ID)


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Hello(_Message):
    type: Literal["hello"]
    last_version: Annotated[int, Field(ge=0)] | None = None
    game_id: Annotated[str, StringConstraints(pattern=HEX_ID)] | None = None


class Ping(_Message):
    type: Literal["ping"]


class Setup(_Message):
    """Version 1 (until the client sends ``act``): a Speak Easy setup."""

    type: Literal["setup"]
    id: ActionId
    position: Annotated[str, StringConstraints(min_length=1, max_length=512, pattern=NOTATION)]


class Move(_Message):
    type: Literal["move"]
    id: ActionId
    move: Annotated[str, StringConstraints(min_length=1, max_length=16, pattern=NOTATION)]
    version: Annotated[int, Field(ge=0)]


def _game_action(value: dict[str, Any]) -> dict[str, Any]:
    """A game action as the socket layer checks it: a JSON object of bounded depth and size
    whose keys and strings hold no control character. What it means is the game's to say."""
    _walk(value, 0, [256])
    return value


def _walk(item: Any, depth: int, budget: list[int]) -> None:
    # A module function, not a closure: a closure calling itself is a reference cycle, left
    # for the garbage collector on every action (at 2,000 moves/s its collections, every few
    # seconds, stalled the server 70-100 ms each: bench/README.md).
    budget[0] -= 1
    if budget[0] < 0 or depth > 4:
        raise ValueError("an action is a small JSON object (at most 4 levels, 256 values)")
    if isinstance(item, str):
        if len(item) > 512:
            raise ValueError("an action's texts are at most 512 characters")
        printable(item)
    elif isinstance(item, dict):
        for key, inner in item.items():
            _walk(key, depth + 1, budget)
            _walk(inner, depth + 1, budget)
    elif isinstance(item, list):
        for inner in item:
            _walk(inner, depth + 1, budget)


class Act(_Message):
    """Every game action, in one envelope; the game validates ``action``."""

    type: Literal["act"]
    id: ActionId
    version: Annotated[int, Field(ge=0)] | None = None
    action: Annotated[dict[str, JsonValue], AfterValidator(_game_action)]


class Chat(_Message):
    """A chat line: ``players``, ``spectators`` or ``seat:<n>`` (app/chat.py says who may)."""

    type: Literal["chat"]
    id: ActionId
    channel: Annotated[str, StringConstraints(min_length=1, max_length=16, pattern=r"^[a-z0-9:]+$")]
    text: Annotated[str, StringConstraints(min_length=1, max_length=500, strip_whitespace=True), Printable]


class Mute(_Message):
    """Stop (or start again) receiving the chat lines of ``seat`` on this connection."""

    type: Literal["mute"]
    id: ActionId
    seat: Annotated[int, Field(ge=0, le=15)]
    muted: bool


class AskHint(_Message):
    """What would the computer do in my seat now, and why? Answered to this connection only
    (a ``hint`` frame, or an ``error``); changes nothing."""

    type: Literal["hint"]
    id: ActionId


class Resign(_Message):
    type: Literal["resign"]
    id: ActionId


class DrawOffer(_Message):
    type: Literal["draw_offer"]
    id: ActionId


class DrawAccept(_Message):
    type: Literal["draw_accept"]
    id: ActionId


class DrawDecline(_Message):
    type: Literal["draw_decline"]
    id: ActionId


class Abort(_Message):
    type: Literal["abort"]
    id: ActionId


class Claim(_Message):
    type: Literal["claim"]
    id: ActionId


class Rematch(_Message):
    type: Literal["rematch"]
    id: ActionId


Command = Act | Resign | DrawOffer | DrawAccept | DrawDecline | Abort | Claim | Rematch
Talk = Chat | Mute
Frame = Hello | Ping | Talk | AskHint | Command | Setup | Move
ClientMessage = Annotated[Frame, Field(discriminator="type")]

_ADAPTER: TypeAdapter[Frame] = TypeAdapter(ClientMessage)


def parse(text: str) -> Hello | Ping | Talk | AskHint | Command:
    """The message a frame holds, or :class:`AppError` (``bad_message``). The version-1
    ``setup`` and ``move`` frames arrive as the ``act`` they stand for (docs/protocol.md)."""
    try:
        message = _ADAPTER.validate_json(text)
    except ValidationError as error:
        first = error.errors(include_url=False, include_input=False)[0]
        where = ".".join(echo(str(part)) for part in first["loc"]) or "message"
        text = f"{where}: {first['msg']}"
        # pydantic quotes the offending input (an unknown "type" of 16 KiB, say): cut it.
        raise AppError("bad_message", text if len(text) <= 200 else text[:197] + "...") from None
    if isinstance(message, Setup):
        return Act(type="act", id=message.id, action={"type": "setup", "position": message.position})
    if isinstance(message, Move):
        action: dict[str, JsonValue] = {"type": "move", "move": message.move}
        return Act(type="act", id=message.id, version=message.version, action=action)
    return message


def claimed_id(text: str) -> str | None:
    """The ``id`` a malformed frame carries, if any, to label its error frame."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # a deeply nested frame fits in 16 KiB
        return None
    if isinstance(data, dict) and isinstance(data.get("id"), str) and len(data["id"]) <= 64:
        # Only an id of the valid shape is echoed: never a control character or a lone
        # surrogate ("\ud800" cannot even be encoded to be sent back).
        return str(data["id"]) if _ACTION_ID.fullmatch(data["id"]) else None
    return None
