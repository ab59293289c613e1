"""JSON text as the server writes it, for frames, patches and rows.

JSON is written by orjson (:func:`dumps`): compact, UTF-8, the text ``json.dumps`` with
``separators=(",", ":"), ensure_ascii=False`` writes for the values games and the server
produce, several times faster. What orjson refuses (an integer beyond 64 bits, a lone
surrogate, a dataclass, a datetime) goes to ``json.dumps`` as before, which writes it or
raises the same ``TypeError`` it always did: a value that never reached a viewer does not
start to.
"""

from __future__ import annotations

import json
from typing import Any, Final

import orjson

_ORJSON: Final = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME


class Encoded:
    """A value encoded once, placed as it is in one frame or several (:func:`encoded`)."""

    __slots__ = ("fragment", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.fragment = orjson.Fragment(text)


def _default(value: Any) -> Any:
    if isinstance(value, Encoded):
        return value.fragment
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


def dumps(value: Any) -> str:
    """``value`` as compact JSON text (see the module docstring); ``value`` may hold
    :class:`Encoded` parts."""
    try:
        return orjson.dumps(value, default=_default, option=_ORJSON).decode()
    except orjson.JSONEncodeError:
        return json.dumps(_plain(value), separators=(",", ":"), ensure_ascii=False)


def encoded(value: Any) -> Encoded:
    """``value`` encoded now, to be placed as it is in one frame or several."""
    return Encoded(dumps(value))


def _plain(value: Any) -> Any:
    """``value`` with its :class:`Encoded` parts decoded again (for the ``json`` fallback)."""
    if isinstance(value, Encoded):
        return json.loads(value.text)
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value
