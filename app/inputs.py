"""Text that comes from outside, checked once at the edge.

Everything a caller can put in a path, a query string or a frame is held to the shape the
server itself hands out before it reaches the service or the database: room ids and link
tokens are URL-safe base64 (``secrets.token_urlsafe``), game ids are 32 hex digits, client
action ids are short printable ASCII, and free text (setup positions, moves) holds no
control character and no lone surrogate. PostgreSQL refuses ``\\x00`` in text and a lone
surrogate cannot even be encoded, so a value that slipped through would surface as a
database error deep in the command path; here it is a clear ``bad_request`` (HTTP) or
``bad_message`` (socket) and nothing is touched.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated, Final

from fastapi import Path, Query
from pydantic import AfterValidator

URLSAFE: Final = r"^[A-Za-z0-9_-]+$"
HEX_ID: Final = r"^[0-9a-f]{32}$"
ACTION_ID: Final = r"^[!-~]+$"  # printable ASCII, no space
NOTATION: Final = r"^[ -~]+$"  # printable ASCII: every game notation (positions, moves)

_URLSAFE = re.compile(URLSAFE)
_UNPRINTABLE = frozenset({"Cc", "Cs", "Co", "Cn"})

ROOM_ID_MAX: Final = 32
TOKEN_MAX: Final = 64

RoomIdPath = Annotated[str, Path(pattern=URLSAFE, min_length=1, max_length=ROOM_ID_MAX)]
GameIdPath = Annotated[str, Path(pattern=HEX_ID)]
TokenPath = Annotated[str, Path(pattern=URLSAFE, min_length=1, max_length=TOKEN_MAX)]
TokenQuery = Annotated[str, Query(pattern=URLSAFE, min_length=1, max_length=TOKEN_MAX)]
CatalogueName = Annotated[str, Path(pattern=r"^[a-z0-9_]+$", min_length=1, max_length=32)]


def is_room_id(text: str) -> bool:
    return 0 < len(text) <= ROOM_ID_MAX and _URLSAFE.fullmatch(text) is not None


def is_token(text: str) -> bool:
    return 0 < len(text) <= TOKEN_MAX and _URLSAFE.fullmatch(text) is not None


def echo(text: str, limit: int = 40) -> str:
    """``text`` made safe to quote back in an error message: unprintable code points as
    ``?``, cut at ``limit`` characters."""
    safe = "".join("?" if unicodedata.category(char) in _UNPRINTABLE else char for char in text[:limit])
    return safe if len(text) <= limit else safe + "..."


def printable(text: str) -> str:
    """``text`` if it holds no control, private-use, unassigned or surrogate code point."""
    if text.isascii() and text.isprintable():  # ASCII can only fail by a control, which this refuses
        return text
    for char in text:
        if unicodedata.category(char) in _UNPRINTABLE:
            raise ValueError(f"control or unprintable character U+{ord(char):04X} is not allowed")
    return text


Printable: Final = AfterValidator(printable)
"""``Annotated[str, ..., Printable]``: a frame field that refuses control characters."""
