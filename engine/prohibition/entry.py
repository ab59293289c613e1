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

LEVEL_NAMES: Final = {
    "easy": {"en": "easy", "fr": "facile"},
    "normal": {"en": "normal", "fr": "normal"},
    "strong": {"en": "strong", "fr": "fort"},
}

LEVEL_DESCRIPTIONS: Final = {
    "easy": {
        "en": "Easy — plays by rules of thumb (deliver what pays most, head for the nearest bar); for"
        " learning",
        "fr": "Facile — joue au jugé (livre ce qui rapporte le plus, file au bar le plus proche) ; pour"
        " apprendre",
    },
    "normal": {
        "en": "Normal — looks one move ahead and values every choice; ranks above Easy in 79–83 % of games",
        "fr": "Normal — regarde un coup plus loin et évalue chaque choix ; finit devant Facile dans 79 à"
        " 83 % des parties",
    },
    "strong": {
        "en": "Strong — Normal's foresight, but it sends Ness and the Policeman after the leader's cubes"
        " and bonus tokens and takes bolder routes; does better than Normal in the same seat in about"
        " 70 % of games",
        "fr": "Fort — la prévoyance de Normal, mais il lance Ness et le policier sur les cubes et les"
        " jetons du meneur et prend des routes plus hardies ; fait mieux que Normal à la même place dans"
        " environ 70 % des parties",
    },
}

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
    hint_reason="engine.prohibition.bot.hint:reason_for",
    level_names=LEVEL_NAMES,
    level_descriptions=LEVEL_DESCRIPTIONS,
    tutorial=TUTORIAL,
)
