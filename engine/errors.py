"""The engine's error family.

Every error the rules raise is a ``ValueError`` so callers may catch broadly, and each
message is safe to show to the player who caused it: it never quotes a value hidden from
him (it only speaks of his own pieces, locations and public facts).

    ValueError
     └── GameError
          ├── InvalidAction    the action is malformed (bad JSON shape, bad notation)
          ├── IllegalAction    well formed, but the rules forbid it now
          ├── NotYourTurn      the seat may not act at this moment
          └── GameOver         the game has ended; nothing more can be applied
"""


class GameError(ValueError):
    """Base of every error the engine raises on purpose."""


class InvalidAction(GameError):
    """The action could not be understood (shape or notation)."""


class IllegalAction(GameError):
    """The action is understood but the rules do not allow it."""


class NotYourTurn(GameError):
    """The seat is not among those who may act now."""


class GameOver(GameError):
    """The game is over; no action may be applied."""
