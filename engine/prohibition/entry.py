"""Prohibition's line in the platform catalogue (:mod:`engine.catalogue`)."""

from __future__ import annotations

from typing import Final

from engine.catalogue import GameEntry
from engine.prohibition.bot import DEFAULT_LEVEL, LEVELS
from engine.prohibition.game import Prohibition
from engine.prohibition.options import schema
from engine.prohibition.record import record, record_text, verify
from engine.prohibition.tutorial import TUTORIAL

PROHIBITION: Final = Prohibition()

ENTRY: Final = GameEntry(
    name=PROHIBITION.name,
    title="Prohibition",
    game=PROHIBITION,
    min_players=Prohibition.min_players,
    max_players=Prohibition.max_players,
    option_schema=schema(),
    bot_levels=tuple(LEVELS),
    autopilot_level=DEFAULT_LEVEL,
    bot="engine.prohibition.bot:decide_action",
    client_module="/static/games/prohibition/main.js",
    record=record,
    record_text=record_text,
    verify=verify,
    tutorial=TUTORIAL,
)
