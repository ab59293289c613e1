"""Rules engine: pure Python, standard library only, no I/O.

Every game implements :class:`engine.core.Game` and is registered in :mod:`engine.catalogue`;
look one up by name with :func:`get_game` (or its whole entry with ``catalogue.entry``).
``engine.GAMES`` is the tuple of registered names (read from the catalogue on first use).
"""

from typing import Any

from engine.core import EVERYONE, SPECTATOR, Event, Game, Result, Transition
from engine.errors import GameError, GameOver, IllegalAction, InvalidAction, NotYourTurn


def get_game(name: str) -> Game[Any]:
    """The game registered under ``name`` (``"speakeasy"``); :class:`KeyError` if none."""
    from engine import catalogue

    return catalogue.entry(name).game


def __getattr__(name: str) -> Any:
    if name == "GAMES":
        from engine import catalogue

        return catalogue.names()
    raise AttributeError(f"module 'engine' has no attribute {name!r}")


__all__ = [
    "EVERYONE",
    "GAMES",
    "SPECTATOR",
    "Event",
    "Game",
    "GameError",
    "GameOver",
    "IllegalAction",
    "InvalidAction",
    "NotYourTurn",
    "Result",
    "Transition",
    "get_game",
]
