"""Spies!'s browser modules (static/games/spies) agree with the engine.

The client keeps its own drawing layout (the data pack has no coordinates), puts every legal
line and every record event in words, chooses lines by clicking cities, and draws each piece's
face as the view gives it. These tests run the real modules in Node
(tests/client/spies_probe.mjs) on views and records the engine produced in random games of 2
to 5 seats, and check their answers: the layout covers every city and sea zone of the data
pack with room between cities, every line is grouped and told in both languages, every event
is told (never the raw line), a city click only ever plays a legal line for that city, and the
map draws every piece in its city once, face down exactly when the view gives no face.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import node_probe
import pytest

from engine.core import EVERYONE, SPECTATOR
from engine.spies import rules
from engine.spies.bot import decide_text
from engine.spies.data import RAW
from engine.spies.game import SPIES
from engine.spies.state import State
from engine.spies.view import entry_text

PROBE = Path(__file__).with_name("spies_probe.mjs")
GAMES: tuple[tuple[int, dict[str, Any]], ...] = (
    (5, {"last_year": 1934}),
    (4, {"russia_control": "bidding", "hidden_money": True, "last_year": 1934}),
    (3, {"allocation": "alternative", "manifest_public": False, "last_year": 1934}),
    (2, {"last_year": 1935}),
)


def run_probe(request: dict[str, Any]) -> dict[str, Any]:
    return node_probe.run_probe(PROBE, request)


def play(players: int, options: dict[str, Any], seed: int) -> tuple[list[dict[str, Any]], State]:
    """A game of the autopilot mixed with random legal lines (voyages, offers, chits): the
    view of the seat owing each sampled decision, and the final state."""
    rng = random.Random(seed)
    state = rules.new_state(f"{seed:064x}", options, players)
    views = []
    step = 0
    while state.result is None:
        seat = min(rules.actors(state))
        view = SPIES.view(state, seat, history=False)
        if step % 7 == 0 or view["decision"]["kind"] not in ("place", "turn"):
            views.append(view)
        line = rng.choice(view["legal"]) if rng.random() < 0.25 else decide_text(view, "basic", step)
        state = rules.apply(state, seat, line)
        step += 1
    views.append(SPIES.view(state, 0, history=False))
    return views, state


@pytest.fixture(scope="module")
def probed() -> list[tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]]:
    out = []
    for n, (players, options) in enumerate(GAMES):
        views, final = play(players, options, 7000 + n)
        events: list[dict[str, Any]] = SPIES.view(final, EVERYONE)["history"]
        for viewer in (0, players - 1, SPECTATOR):
            events += _history_during(final, viewer)
        unique = list({e["a"]: e for e in events}.values())
        views += [SPIES.view(final, SPECTATOR, history=False)]
        out.append((views, unique, run_probe({"views": views, "events": unique})))
    return out


def _history_during(state: State, viewer: Any) -> list[dict[str, Any]]:
    """The record as ``viewer`` read it while the game ran (stubs and private texts)."""
    return [
        {"n": n, "by": e.by, "a": entry_text(state, e, viewer, over=False), "header": e.header}
        for n, e in enumerate(state.log, start=1)
    ]


def test_strings_and_layout(probed: list[Any]) -> None:
    answer = probed[0][2]
    assert answer["keys"]["en"] == answer["keys"]["fr"]
    layout = answer["layout"]
    assert layout["missingCities"] == [] and layout["missingSeas"] == []
    assert layout["closest"] >= 28, layout  # no two cities drawn on top of each other
    assert 1.1 < layout["width"] / layout["height"] < 1.6


def test_every_legal_line_is_grouped_and_told(probed: list[Any]) -> None:
    verbs = set()
    for views, _events, answer in probed:
        for view, drawn in zip(views, answer["views"], strict=True):
            for line in drawn["lines"]:
                text, parsed = line["text"], line["parsed"]
                verbs.add(parsed["verb"])
                assert parsed["power"] == text.split(" ")[0]
                assert line["group"] != "other" or parsed["verb"] in ("end", "pass"), line
                for lang in ("en", "fr"):
                    assert "<<" not in line[lang] and line[lang] != text, (lang, line)
                if parsed["verb"] in ("go", "sail"):
                    assert parsed["spies"] == [parsed["args"][0]] and parsed["cities"] == [parsed["args"][1]]
            for city, lines in drawn["targets"].items():
                for text in lines:
                    words = text.split(" ")
                    assert text in view["legal"] and words[1] in ("place", "go", "sail") and words[3] == city
            legal = view["legal"] or []
            on_map = {w.split(" ")[2] for w in legal if w.split(" ")[1] in ("go", "sail")}
            assert on_map <= set(drawn["selectable"])
    assert {"place", "ready", "play", "go", "end", "search", "chit", "pass"} <= verbs, verbs


def test_every_event_is_told(probed: list[Any]) -> None:
    for _views, events, answer in probed:
        assert len(answer["events"]) == len(events)
        for told in answer["events"]:
            for lang in ("en", "fr"):
                text = told[lang]
                assert "<<" not in text, (lang, told)
                if told["a"] not in ("~", ""):
                    assert told["a"] not in text, (lang, told)  # words, not the raw line


def _face_text(kind: str, piece: dict[str, Any]) -> str:
    face = piece["face"]
    if kind == "spy":
        if face:
            return f"{face[:-1]}★" if face.endswith("c") else face
        return str(piece["strength"]) if piece["strength"] else "?"
    if kind == "police":
        return face or "?"
    if not face:
        return "?"
    value, _, counter = face.partition("cs")
    return f"{value}!" if counter else value


def test_the_map_draws_each_piece_once_with_the_face_the_view_gives(probed: list[Any]) -> None:
    hidden = shown = 0
    for views, _events, answer in probed:
        for view, drawn in zip(views, answer["views"], strict=True):
            expected = {}
            for key, kind in (("spies", "spy"), ("police", "police"), ("secrets", "secret")):
                for piece in view[key]:
                    if piece["city"] and not (piece.get("box") or piece.get("gone")):
                        expected[piece["id"]] = (piece["city"], kind, _face_text(kind, piece))
            got = {d["id"]: (d["city"], d["kind"], d["text"]) for d in drawn["drawn"]}
            assert len(got) == len(drawn["drawn"])
            assert got == expected
            hidden += sum(1 for _c, _k, text in got.values() if text == "?")
            shown += sum(1 for _c, _k, text in got.values() if text != "?")
    assert hidden and shown


def test_the_layout_knows_every_city_of_the_pack() -> None:
    layout = (Path(__file__).resolve().parents[2] / "static/games/spies/layout.js").read_text(
        encoding="utf-8"
    )
    for city in RAW["cities"]:
        assert f"{city['id']}: [" in layout, city["id"]
