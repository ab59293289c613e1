"""Rules engine: pure Python, standard library only, no I/O.

Every game implements :class:`engine.core.Game`; look one up by name with :func:`get_game`.
"""

from engine.core import EVERYONE, SPECTATOR, Event, Game, Result, Transition
from engine.errors import GameError, GameOver, IllegalAction, InvalidAction, NotYourTurn


def get_game(name: str) -> Game:  # type: ignore[type-arg]
    """The game registered under ``name`` (``"speakeasy"``)."""
    if name == "speakeasy":
        from engine.speakeasy import SPEAKEASY

        return SPEAKEASY
    raise KeyError(f"no game named {name!r}")


GAMES = ("speakeasy",)

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
