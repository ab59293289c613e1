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

LEVEL_NAMES: Final = {
    "easy": {"en": "easy", "fr": "facile"},
    "normal": {"en": "normal", "fr": "normal"},
    "strong": {"en": "strong", "fr": "fort"},
}

LEVEL_DESCRIPTIONS: Final = {
    "easy": {
        "en": "Easy — tries 6 roughly aimed shots and keeps the best; for learning the flick",
        "fr": "Facile — essaie 6 tirs visés à peu près et garde le meilleur ; pour apprendre la pichenette",
    },
    "normal": {
        "en": "Normal — tries 32 shots aimed with care; a steady opponent",
        "fr": "Normal — essaie 32 tirs visés avec soin ; un adversaire régulier",
    },
    "strong": {
        "en": "Strong — tries 90 precise shots and your best replies; beat Normal 9 games to 1",
        "fr": "Fort — essaie 90 tirs précis et vos meilleures ripostes ; a battu Normal 9 parties à 1",
    },
}


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
    hint_reason="engine.flickago.bot.hint:reason_for",
    level_names=LEVEL_NAMES,
    level_descriptions=LEVEL_DESCRIPTIONS,
    tutorial=TUTORIAL,
)
