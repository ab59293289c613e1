"""The closed set of client → server messages, parsed once at the edge.

A frame is valid only if it is one of these models exactly (strict types, no extra
fields); anything else is answered with an ``error`` frame (``bad_message``) and changes
nothing. See docs/protocol.md, "Client → server".
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter, ValidationError

from app.errors import AppError
from app.inputs import ACTION_ID, HEX_ID, NOTATION, echo

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
    type: Literal["setup"]
    id: ActionId
    position: Annotated[str, StringConstraints(min_length=1, max_length=512, pattern=NOTATION)]


class Move(_Message):
    type: Literal["move"]
    id: ActionId
    move: Annotated[str, StringConstraints(min_length=1, max_length=16, pattern=NOTATION)]
    version: Annotated[int, Field(ge=0)]


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


Command = Setup | Move | Resign | DrawOffer | DrawAccept | DrawDecline | Abort | Claim | Rematch
ClientMessage = Annotated[Hello | Ping | Command, Field(discriminator="type")]

_ADAPTER: TypeAdapter[Hello | Ping | Command] = TypeAdapter(ClientMessage)


def parse(text: str) -> Hello | Ping | Command:
    """The message a frame holds, or :class:`AppError` (``bad_message``)."""
    try:
        return _ADAPTER.validate_json(text)
    except ValidationError as error:
        first = error.errors(include_url=False, include_input=False)[0]
        where = ".".join(echo(str(part)) for part in first["loc"]) or "message"
        text = f"{where}: {first['msg']}"
        # pydantic quotes the offending input (an unknown "type" of 16 KiB, say): cut it.
        raise AppError("bad_message", text if len(text) <= 200 else text[:197] + "...") from None


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
