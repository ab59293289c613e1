"""Spies!'s line for the platform catalogue (:mod:`engine.catalogue`): its rulebook, option
schema, bots, browser module, record hooks, and the data pack as a resource (the browser draws
the map from it)."""

from __future__ import annotations

from typing import Any, Final

from engine.catalogue import GameEntry
from engine.spies.bot import DEFAULT_LEVEL, LEVELS
from engine.spies.data import RAW, YEARS
from engine.spies.game import SPIES, Spies
from engine.spies.options import CHOICES, LAST_YEAR, NUMBERS, PRESETS, TIME_CONTROL
from engine.spies.record import record, record_text, verify
from engine.spies.tutorial import TUTORIAL

DESCRIPTIONS: Final = {
    "allocation": "which powers each seat plays with 3 or 4 players (v2.3 8.3-8.4)",
    "russia_control": "who plays Russia when no seat has it: by year (2 players) or by sealed bids (2 or 4)",
    "historical_alliances": "score the 1930s alliances (8.1)",
    "multi_country_score": "a seat with two powers scores them separately, by the lower, or combined (8.2)",
    "hidden_money": "each power's money is seen by its own seat only",
    "manifest_public": "the list of all 50 event tiles is shown to everyone",
    "setup_order": "secrets and police placed in turn order, or by everyone at once",
    "private_chat": "private chat in negotiation periods and open channels only, or always",
    "negotiation_pregame": "length of the negotiation period before the game (seconds; 0: none)",
    "negotiation_yearly": "length of the negotiation period before each year (seconds; 0: none)",
    "response_timeout": "the longest a response window (a search, a chit, an offer...) waits (seconds)",
}


def schema() -> dict[str, Any]:
    out: dict[str, Any] = {
        "preset": {"type": "string", "enum": list(PRESETS), "default": "standard", "description": "rule set"}
    }
    for name, (values, default) in CHOICES.items():
        kind = "boolean" if isinstance(default, bool) else "string"
        out[name] = {
            "type": kind,
            "enum": list(values),
            "default": default,
            "description": DESCRIPTIONS[name],
        }
    for name, (low, high, default) in NUMBERS.items():
        out[name] = {
            "type": "integer",
            "minimum": low,
            "maximum": high,
            "default": default,
            "description": DESCRIPTIONS[name],
        }
    out[LAST_YEAR] = {
        "type": "integer",
        "minimum": YEARS[0],
        "maximum": YEARS[-1],
        "default": YEARS[-1],
        "description": "the last year played (a shortened game ends after it)",
    }
    out[TIME_CONTROL] = {"type": "string", "default": "none", "description": "the platform's per-seat clock"}
    return out


ENTRY: Final = GameEntry(
    name=SPIES.name,
    title="Spies!",
    game=SPIES,
    min_players=Spies.min_players,
    max_players=Spies.max_players,
    option_schema=schema(),
    bot_levels=tuple(LEVELS),
    autopilot_level=DEFAULT_LEVEL,
    bot="engine.spies.bot:decide",
    client_module="/static/games/spies/main.js",
    record=record,
    record_text=record_text,
    verify=verify,
    agreed_draws=False,  # the rules know no agreed ending (16)
    private_channels=True,
    resources={"data": lambda: RAW},
    hint_reason="engine.spies.bot.hint:reason_for",
    level_names={
        "basic": {"en": "basic", "fr": "simple"},
        "shrewd": {"en": "shrewd", "fr": "rusé"},
        "cunning": {"en": "cunning", "fr": "retors"},
    },
    level_descriptions={
        "basic": {
            "en": "Basic — plays the rulebook's table of sensible moves; for learning the game",
            "fr": "Simple — suit la table de coups sensés de la règle ; pour apprendre le jeu",
        },
        "shrewd": {
            "en": "Shrewd — steers its spies around enemy police and picks safer secrets; outscores"
            " Basic in 76–78 % of games",
            "fr": "Rusé — contourne la police ennemie et vise des secrets plus sûrs ; marque plus que"
            " Simple dans 76 à 78 % des parties",
        },
        "cunning": {
            "en": "Cunning — plays like Shrewd but guards its own secrets with its police and leaves its"
            " counterspies as bait; outscores Shrewd in about 77 % of games",
            "fr": "Retors — joue comme Rusé mais fait garder ses secrets par sa police et laisse ses"
            " contre-espions en appât ; marque plus que Rusé dans environ 77 % des parties",
        },
    },
    tutorial=TUTORIAL,
)
