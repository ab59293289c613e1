"""The server's refusals, each with a stable machine code.

    Exception
     └── AppError(code, message, status)     one refusal; HTTP answers it as
          │                                  {"detail": {"code", "message"}}, the socket as
          │                                  an ``error`` frame
          └── Conflict                       lost a race with a concurrent command

The codes of the socket are those of ``docs/protocol.md``: ``bad_message``, ``too_large``,
``rate_limited``, ``not_your_turn``, ``illegal``, ``stale_version``, ``game_over``,
``not_player``, ``forbidden``, ``conflict``, ``unavailable``. HTTP adds ``not_found``,
``expired``, ``room_full``, ``not_over``, ``bad_request``.
"""

from __future__ import annotations


class AppError(Exception):
    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status

    def detail(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class Conflict(AppError):
    def __init__(self, message: str = "another command changed the game first; try again") -> None:
        super().__init__("conflict", message, 409)


UNAVAILABLE = AppError(
    "unavailable", "the server could not reach its database; nothing changed, try again", 503
)
"""What a database failure becomes at the edge: never a 500 page or a 1011 close."""


def unavailable() -> AppError:
    """A fresh :data:`UNAVAILABLE` to raise (a shared instance would collect tracebacks)."""
    return AppError(UNAVAILABLE.code, UNAVAILABLE.message, UNAVAILABLE.status)
