"""Spies!: espionage for 2-5 players (rules: shared/design/spies-rules.md).

See README.md for the modules and the STATUS of the implementation. ``ENTRY`` is the
catalogue line (``engine/catalogue.py`` registers the package once the game is complete).
"""

from engine.spies.entry import ENTRY
from engine.spies.game import SPIES, Spies

__all__ = ["ENTRY", "SPIES", "Spies"]
