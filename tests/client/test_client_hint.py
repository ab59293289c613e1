"""Every game words its hints (static/games/<game>/hint.js) in English and French.

Every reason key a game's ``hint_reason`` may answer (its module's ``REASONS``) has both
texts, and real hints, thought out by :func:`engine.hints.suggest` on views of random games,
come out in words with no key or parameter left unfilled.
"""

from __future__ import annotations

import importlib
import inspect
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from node_probe import run_probe

from engine.catalogue import GameEntry, entries
from engine.hints import suggest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "bench") not in sys.path:
    sys.path.append(str(ROOT / "bench"))  # last: bench/engine.py must not hide the engine package

import secrecy_engine as se  # noqa: E402  (bench/secrecy_engine.py)

PROBE = Path(__file__).with_name("hint_probe.mjs")
MOMENTS = 6
"""Moments of each random game a hint is asked at."""


def reasons(found: GameEntry) -> tuple[str, ...]:
    """The game's ``REASONS``, checked to hold every key its reason module names."""
    module = importlib.import_module(found.hint_reason.partition(":")[0])
    named = set(re.findall(r'"(\w+\.advice\.\w+)"', inspect.getsource(module)))
    assert named == set(module.REASONS), named ^ set(module.REASONS)
    return tuple(module.REASONS)


def sample_hints(found: GameEntry, games: int = 2) -> list[dict[str, Any]]:
    """Hints on views of random games of ``found`` (a short budget: any legal choice will do)."""
    game = found.game
    out = []
    for number in range(games):
        played = se.play(found, number, random.Random(f"hints {number}"), max_steps=120)
        for index in range(0, len(played.states), max(1, len(played.states) // MOMENTS)):
            state = played.states[index]
            for seat in sorted(game.actors(state))[:1]:
                view = game.view(state, seat, history=True)
                out.append({"game": found.name, "hint": suggest(found.name, view, number, 0.3), "view": view})
    return out


@pytest.mark.parametrize("found", entries(), ids=lambda e: e.name)
def test_every_reason_is_worded_in_english_and_french(found: GameEntry) -> None:
    hints = sample_hints(found)
    answer = run_probe(PROBE, {"hints": hints})
    keys = answer["keys"][found.name]
    for key in reasons(found):
        assert key in keys["en"] and key in keys["fr"], key
    assert {hint["hint"]["reason"]["key"] for hint in hints} <= set(reasons(found))
    for hint, words in zip(hints, answer["words"], strict=True):
        for lang in ("en", "fr"):
            for text in (words[lang]["action"], words[lang]["reason"]):
                assert text and "<<" not in text and "{" not in text, (lang, text, hint["hint"])


STRING_KEY = re.compile(r'"([a-z]+\.[\w.]+)"\s*:')  # a dotted text key, wherever it stands


@pytest.mark.parametrize("found", entries(), ids=lambda e: e.name)
def test_the_hint_strings_leave_the_modules_other_strings_alone(found: GameEntry) -> None:
    """A game's hint texts are merged into its module's strings: a key it shares with them
    would replace a text the page shows elsewhere (the turn line's, say)."""
    folder = ROOT / found.client_module.removeprefix("/").rpartition("/")[0]
    hint_keys = set(STRING_KEY.findall((folder / "hint.js").read_text()))
    assert hint_keys
    for other in sorted(folder.glob("*.js")):
        if other.name != "hint.js":
            shared = hint_keys & set(STRING_KEY.findall(other.read_text()))
            assert not shared, (other.name, sorted(shared))
