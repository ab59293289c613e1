"""Speak Easy's setup helpers for its browser module (``GET /api/setups/random`` and
``/api/setups/openings``): the one place ``app/`` still names a game. The command path, the
frames and the storage get every rulebook from the catalogue (``engine/catalogue.py``).
"""

from __future__ import annotations

from typing import Final

SIDES: Final = ("s", "n")


def random_setup(side: int, preset: str) -> str:
    """A fresh random legal setup for ``side`` under ``preset`` (not tied to any game)."""
    import secrets

    from engine.speakeasy.rules import options_from
    from engine.speakeasy.setup import random_setup as draw

    return draw(side, secrets.randbits(62), options_from({"preset": preset}))


def openings() -> list[tuple[str, str]]:
    from engine.speakeasy.setup import OPENINGS

    return list(OPENINGS)
