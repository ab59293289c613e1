"""Flickago's line in the platform catalogue (:mod:`engine.catalogue`)."""

from __future__ import annotations

from typing import Final

from engine.catalogue import GameEntry
from engine.flickago.bot.levels import DEFAULT_LEVEL, LEVELS
from engine.flickago.game import Flickago
from engine.flickago.options import schema
from engine.flickago.record import record, record_text, verify
from engine.flickago.tutorial import TUTORIAL

FLICKAGO: Final = Flickago()


ENTRY: Final = GameEntry(
    name=FLICKAGO.name,
    title="Flickago",
    game=FLICKAGO,
    min_players=Flickago.min_players,
    max_players=Flickago.max_players,
    option_schema=schema(),
    bot_levels=tuple(LEVELS),
    autopilot_level=DEFAULT_LEVEL,
    bot="engine.flickago.bot:decide",
    client_module="/static/games/flickago/main.js",
    record=record,
    record_text=record_text,
    verify=verify,
    agreed_draws=False,  # spec section 10: a result is the score, resign, time or abandon
    tutorial=TUTORIAL,
)
