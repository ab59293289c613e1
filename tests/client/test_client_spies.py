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
import re
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


# The record's codes (spec 15.1-15.4) that a line in words never shows: a piece's face code
# ("s01=3c", "x05=2cs3"), a chit's type code ("c41=DIS"), a data id ("G-SPY4", "SEC07"), a
# police part ("p02=HAM", "p02+x07", "p06-", "p01>p04"), a search part ("BER:s14,s09"), a
# secret hand-over ("x12:s22>s04"), an exchange's sides ("G>F"), a hidden value ("?").
CODES = re.compile(
    r"\b[spx]\d\d=|\bc\d+=|\b[GIRFB]-(SPY|POL)\d|\bSEC\d\d|\bp\d\d(=|\+|-|>)|"
    r"\b[A-Z]{3}:[sp]\d\d|\bx\d\d:[sp]\d\d|\b[GIRFB]>[GIRFB]\b|\?|^[!=~#]"
)

# Lines of the spec's own examples that random games seldom write: a seat of two powers' faces,
# a police re-arrangement, a search of several cities, hidden money and terms, a comparison
# with a counterspy, a face shown, the chits of an offer.
SPEC_EVENTS = (
    "! setup G s03=3 s11=2c p02=2 x01=3 x05=2cs3 I s04=1 p07=2 x09=4cs2",
    "! setup s03=3:G-SPY4 s11=2c:G-SPY1 p02=2:I-POL2 x01=3:SEC07 x05=2cs3:SEC38",
    "G police p02=HAM p05=KON p02+x07 p06- p01>p04",
    "G search BER:s14,s09 HAM:s03",
    "= exchange o3 G>F £? c17 F>G x12:s22>s04",
    "G offer o3 F ?",
    "G offer o3 F give £5 c17 get x12:s22>s04",
    "= compare s04 3 x12 4",
    "= compare s04 3 p02+p05 4",
    "= face s04 3c",
    "= face x12 3cs4",
    "= chits o3 c17=DIS c20=PAP",
    "G return c17 c18",
    "G bid ?",
    "G discard ?",
)


def test_every_line_of_the_log_is_in_words_from_the_first(probed: list[Any]) -> None:
    """Issue 25: the log opened with "Your faces: G s01=3c …". Every event a viewer reads,
    the setup line first, and every legal line, is told with no code of the record left."""
    events = [{"n": n, "a": a, "header": None} for n, a in enumerate(SPEC_EVENTS, start=1)]
    answer = run_probe({"views": [], "events": events})
    told = [*answer["events"]]
    for _views, _events, probe in probed:
        told += probe["events"]
        told += [line for view in probe["views"] for line in view["lines"]]
    firsts = 0
    for line in told:
        raw = line.get("a", line.get("text"))
        if raw in ("~", ""):
            continue
        firsts += raw.startswith("! setup") and raw != "! setup ?"
        for lang in ("en", "fr"):
            assert not CODES.search(line[lang]), (lang, raw, line[lang])
    assert firsts >= 4  # a seat's own faces and the faces at the end, in several games
    setup = {line["a"]: line for line in answer["events"]}
    yours = setup[SPEC_EVENTS[0]]
    assert yours["en"] == (
        "The pieces were shuffled and numbered; you alone see the faces of yours. Germany: spies s03 "
        "(strength 3), s11 (strength 2, Cousin); police p02 (strength 2); secrets x01 (value 3), x05 "
        "(value 2, counterspy, strength 3). Italy: spies s04 (strength 1); police p07 (strength 2); "
        "secrets x09 (value 4, counterspy, strength 2)."
    )
    assert yours["fr"].startswith("Les pièces ont été mélangées et numérotées ; vous seul voyez")
    assert "Allemagne : espions s03 (force 3), s11 (force 2, Cousin) ; police p02 (force 2)" in yours["fr"]
    end = setup[SPEC_EVENTS[1]]["en"]
    assert end.startswith("The game is over: every piece's face is shown. spies s03 (Germany, strength 3)")
    police = setup[SPEC_EVENTS[2]]["en"]
    assert police == (
        "Germany: Police: p02 to Hamburg; p05 to Königsberg; p02 takes secret x07; p06 releases its "
        "secret; p01 hands its secret to p04"
    )


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
