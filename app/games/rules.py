"""The one place the server names the game it serves.

Everything else talks to :data:`GAME` through the game-agnostic protocol of
:mod:`engine.core`, so a second game is a second entry here, not a rewrite.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, Final

from engine.core import Game
from engine.speakeasy import SPEAKEASY

GAME: Final[Game[Any]] = SPEAKEASY
PRESETS: Final = ("speakeasy", "luzhanqi")
SIDES: Final = ("s", "n")
BOT_LEVELS: Final = ("easy", "normal", "strong")


def bot_decider() -> Callable[[dict[str, Any], str, int, float | None], dict[str, Any]] | None:
    """``engine.speakeasy.bot.decide`` when the bot module provides it, else ``None``."""
    try:
        module = importlib.import_module("engine.speakeasy.bot")
    except ImportError:
        return None
    decide = getattr(module, "decide", None)
    return decide if callable(decide) else None


def random_setup(side: int, preset: str) -> str:
    """A fresh random legal setup for ``side`` under ``preset`` (not tied to any game)."""
    import secrets

    from engine.speakeasy.rules import options_from
    from engine.speakeasy.setup import random_setup as draw

    return draw(side, secrets.randbits(62), options_from({"preset": preset}))


def openings() -> list[tuple[str, str]]:
    from engine.speakeasy.setup import OPENINGS

    return list(OPENINGS)


def record_text(state: Any) -> str:
    from engine.speakeasy.record import record_text as text

    return text(state)
