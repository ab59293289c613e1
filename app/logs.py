"""Structured logs: one JSON object per line on stderr (or plain text for a terminal),
with any ``extra={...}`` fields carried as keys.

Every record that reaches the handler — the server's own, uvicorn's (``WebSocket
/ws/rooms/…?watch=<token> [accepted]``), any library's, at any level — first passes
:class:`Redact`: query-string values, invite and spectator link tokens and cookie values
never reach a log line. The handler sits on the root logger, and ``speakeasy serve`` runs
uvicorn with ``log_config=None`` so that uvicorn's loggers go through it as well.
"""

from __future__ import annotations

import json
import logging
import re
import sys
from typing import Any, Final

_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {"message", "asctime"}
REDACTED: Final = "[redacted]"
_SECRETS: Final = (
    re.compile(r"(?<=[?&])([^=&\s\"'#]+=)[^&\s\"'#]+"),  # every query-string value
    re.compile(r"(?<=/)((?:[iw]|link)/)[A-Za-z0-9_-]+"),  # /i/<invite>, /w/<watch>, /link/<device link>
    re.compile(r"(?<=/api/)((?:invites|watch)/)[A-Za-z0-9_-]+"),
    re.compile(r"(?<=/)(email/(?:confirm|unsubscribe)/)[A-Za-z0-9_.-]+"),  # e-mail links (issue 27)
    re.compile(r"((?:speakeasy_[a-z_]+|[Cc]ookie)[=:]\s*)[^;\s\"',]+"),
)
_LOUD_LOGGERS: Final = ("speakeasy", "uvicorn", "uvicorn.error", "uvicorn.access")
_handler: logging.Handler | None = None


def redact(text: str) -> str:
    for pattern in _SECRETS:
        text = pattern.sub(lambda match: match.group(1) + REDACTED, text)
    return text


class Redact(logging.Filter):
    """Rewrites a record's message, string extras and exception text without secrets."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        clean = redact(message)
        if clean != message:
            record.msg, record.args = clean, ()
        for key, value in list(vars(record).items()):
            if key not in _STANDARD and isinstance(value, str):
                setattr(record, key, redact(value))
        if record.exc_info and not record.exc_text:
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
        return True


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "ts": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                entry[key] = value
        if record.exc_info or record.exc_text:
            entry["exc"] = record.exc_text or self.formatException(record.exc_info)  # type: ignore[arg-type]
        return json.dumps(entry, default=str)


def configure(level: str = "INFO", as_json: bool = True) -> None:
    """One redacting handler on the root logger (replacing the one a previous call put
    there, and leaving any other, such as pytest's capture, alone)."""
    global _handler
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(
        JsonFormatter() if as_json else logging.Formatter("%(asctime)s %(levelname)s %(name)s %(message)s")
    )
    handler.addFilter(Redact())
    root = logging.getLogger()
    if _handler is not None:
        root.removeHandler(_handler)
    root.addHandler(handler)
    _handler = handler
    for name in _LOUD_LOGGERS:
        logger = logging.getLogger(name)
        logger.handlers[:] = []
        logger.propagate = True
    logging.getLogger("speakeasy").setLevel(level.upper())
