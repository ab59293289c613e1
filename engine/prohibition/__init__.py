"""Prohibition: trucks, bars and Elliot Ness in 1930 Chicago (rules:
shared/design/prohibition-rules.md).

Modules:

    data.py       the data pack (data.json, a copy of shared/design/prohibition-data.json)
    board.py      the city: intersections, streets, buildings, doors, neighbours, control
    options.py    the rule options of spec section 11 (and the platform's time_control)
    state.py      the state (every public and hidden value) and its cheap copy
    moves.py      truck chains, character paths, contact, control
    setup.py      seat draw, specials, placement, deal, secret picks, reveal, display
    turn.py       the truck-turn: first load, roll, character, truck, loading, rounds
    ending.py     Closed tiles, end triggers, final scoring, the result
    rules.py      legal(state) / apply(state, action) / default / withdraw on action strings
    notation.py   parsing action strings; stubs of hidden events
    view.py       the redaction boundary: view(state, viewer), project(event, viewer)
    twin.py       the secrecy proof's twin maker
    serialize.py  to_dict / from_dict (storage only: holds every secret)
    record.py     JSON record, text export, replay, verify
    game.py       Prohibition(Game): the protocol; actions are {"type": "act", "text": ...}
    entry.py      ENTRY for the platform catalogue
    cli.py        python -m engine.prohibition legal|apply|selfplay|bot
    bot/          the autopilot: decide(view, level, seed, budget) -> action string
"""

from engine.prohibition.entry import ENTRY, PROHIBITION
from engine.prohibition.game import Prohibition

__all__ = ["ENTRY", "PROHIBITION", "Prohibition"]
