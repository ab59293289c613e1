"""The record's [Options] header is written in the notation's own form (name=value words),
not as a Python dict, and reads back; records in the first form still replay."""

from __future__ import annotations

from engine.speakeasy import SPEAKEASY
from engine.speakeasy.record import options_of, options_text, record_text


def test_options_header_is_name_value_words() -> None:
    state = SPEAKEASY.new_game(7, {"preset": "luzhanqi"})
    text = record_text(state)
    header = next(line for line in text.splitlines() if line.startswith("[Options"))
    assert "{" not in header and "'" not in header and "bar_exit=" in header
    assert options_of(header.split('"')[1]) == state.options.to_dict()


def test_options_round_trip_and_first_form() -> None:
    options = {"bar_exit": True, "babe_survives": False, "no_combat_limit": 100}
    assert options_of(options_text(options)) == options
    assert options_of("{'bar_exit': true, 'no_combat_limit': 100}") == {
        "bar_exit": True,
        "no_combat_limit": 100,
    }
