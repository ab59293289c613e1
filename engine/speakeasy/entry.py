"""Speak Easy's line in the platform catalogue (:mod:`engine.catalogue`)."""

from __future__ import annotations

from typing import Final

from engine.catalogue import GameEntry
from engine.speakeasy.bot.levels import DEFAULT_LEVEL, LEVELS
from engine.speakeasy.game import SpeakEasy
from engine.speakeasy.json_record import record, verify
from engine.speakeasy.record import record_text
from engine.speakeasy.rules import option_schema
from engine.speakeasy.setup import OPENINGS
from engine.speakeasy.tutorial import TUTORIAL

SPEAKEASY: Final = SpeakEasy()

LEVEL_NAMES: Final = {
    "easy": {"en": "easy", "fr": "facile"},
    "normal": {"en": "normal", "fr": "normal"},
    "strong": {"en": "strong", "fr": "fort"},
}

LEVEL_DESCRIPTIONS: Final = {
    "easy": {
        "en": "Easy — guesses your hidden pieces a few times and plays loosely; for learning the rules",
        "fr": "Facile — devine vos pièces cachées quelques fois et joue sans rigueur ; pour apprendre"
        " les règles",
    },
    "normal": {
        "en": "Normal — weighs 12 guesses of your hidden pieces and your replies; a fair opponent",
        "fr": "Normal — pèse 12 hypothèses sur vos pièces cachées et vos ripostes ; un adversaire honnête",
    },
    "strong": {
        "en": "Strong — weighs 48 guesses and your replies; won 65 % of 120 games against the former Strong",
        "fr": "Fort — pèse 48 hypothèses et vos ripostes ; a gagné 65 % de 120 parties contre l’ancien Fort",
    },
}


def openings() -> list[dict[str, str]]:
    """The named openings (South's side; the client mirrors them for North)."""
    return [{"name": name, "position": position} for name, position in OPENINGS]


ENTRY: Final = GameEntry(
    name=SPEAKEASY.name,
    title="Speak Easy",
    game=SPEAKEASY,
    min_players=SpeakEasy.min_players,
    max_players=SpeakEasy.max_players,
    option_schema=option_schema(),
    bot_levels=tuple(LEVELS),
    autopilot_level=DEFAULT_LEVEL,
    bot="engine.speakeasy.bot:decide",
    client_module="/static/games/speakeasy/main.js",
    record=record,
    record_text=record_text,
    verify=verify,
    resources={"openings": openings},
    hint_reason="engine.speakeasy.bot.hint:reason_for",
    level_names=LEVEL_NAMES,
    level_descriptions=LEVEL_DESCRIPTIONS,
    tutorial=TUTORIAL,
)
