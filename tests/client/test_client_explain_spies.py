"""Spies!'s explanations while playing (static/games/spies/explain.js) agree with the engine.

They run in Node (tests/client/spies_explain_probe.mjs) on views the engine produced in games
of 2 to 5 seats (the autopilot mixed with random legal lines): a click on a city with a spy
selected gets a reason exactly when no legal line moves it there (a spy done, out of spaces or
AP, a city too far by rail or air, a voyage too long); a click on a city with a piece to place
gets one exactly when no placement line puts it there (not home territory, a second secret, no
police symbol, a full city, too many spies abroad); every piece of the seat that no line lets
it choose gets a reason; every chit the deciding power holds and cannot play now says why,
truly (its £ and AP, its window); each power's score, rebuilt line by line from the Time and
Victory Record, is the engine's; the engine's refusals are put in words in English and
French; every popover, help and end text is written out in both languages.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import node_probe
import pytest

from engine.core import EVERYONE
from engine.errors import IllegalAction, InvalidAction, NotYourTurn
from engine.spies import rules
from engine.spies.bot import decide_text
from engine.spies.data import RAW
from engine.spies.game import SPIES
from engine.spies.state import State

PROBE = Path(__file__).with_name("spies_explain_probe.mjs")
GAMES: tuple[tuple[int, dict[str, Any], int], ...] = (
    (3, {"last_year": 1934}, 11),
    (5, {"last_year": 1934}, 12),
    (4, {"last_year": 1934, "historical_alliances": True}, 13),
    (2, {"last_year": 1934, "russia_control": "bidding", "multi_country_score": "combined"}, 14),
)
CHITS = {c["id"]: c for c in RAW["action_chits"]}
AP = RAW["rules"]["action_points_per_turn"]


def run_probe(request: dict[str, Any]) -> dict[str, Any]:
    return node_probe.run_probe(PROBE, request)


def play(players: int, options: dict[str, Any], seed: int) -> tuple[list[dict[str, Any]], State]:
    """Every decision's view for the seat that owes it, and the final state."""
    rng = random.Random(seed)
    state = rules.new_state(f"{seed:064x}", options, players)
    views = []
    step = 0
    while state.result is None:
        seat = min(rules.actors(state))
        view = SPIES.view(state, seat, history=False)
        views.append(view)
        line = rng.choice(view["legal"]) if rng.random() < 0.3 else decide_text(view, "basic", step)
        state = rules.apply(state, seat, line)
        step += 1
    return views, state


@pytest.fixture(scope="module")
def games() -> list[tuple[list[dict[str, Any]], State]]:
    return [play(*game) for game in GAMES]


def of_kind(
    games: list[tuple[list[dict[str, Any]], State]], *kinds: str, every: int = 1
) -> list[dict[str, Any]]:
    return [v for views, _ in games for v in views if v["decision"]["kind"] in kinds][::every]


def test_a_city_click_gets_a_reason_exactly_when_no_line_moves_the_spy_there(
    games: list[tuple[list[dict[str, Any]], State]],
) -> None:
    views = of_kind(games, "turn", "tile", every=3)
    answer = run_probe({"moves": views})
    checked = 0
    reasons: set[str] = set()
    for view, got in zip(views, answer["moves"], strict=True):
        legal = {
            tuple(line.split(" ")[2:4]) for line in view["legal"] if line.split(" ")[1] in ("go", "sail")
        }
        for spy, cities in got.items():
            for city, why in cities.items():
                assert bool(why) != ((spy, city) in legal), (spy, city, why, view["decision"])
                assert "cannot go to" not in why, why  # the reason is specific, not a shrug
                if why:
                    reasons.add(re.sub(r"\b[sx]\d\d\b|[A-Z][a-zö]+", "_", why)[:28])
                checked += 1
    assert checked > 20_000, checked
    # done, spaces, the tile first, already there, not adjacent, a voyage too long …
    assert len(reasons) >= 5, reasons


def test_a_placement_click_gets_a_reason_exactly_when_no_line_places_the_piece_there(
    games: list[tuple[list[dict[str, Any]], State]],
) -> None:
    views = of_kind(games, "place", every=2)
    answer = run_probe({"places": views})
    checked = 0
    kinds = set()
    for view, got in zip(views, answer["places"], strict=True):
        legal = {tuple(line.split(" ")[2:4]) for line in view["legal"] if line.split(" ")[1] == "place"}
        for piece, cities in got.items():
            for city, why in cities.items():
                assert bool(why) != ((piece, city) in legal), (piece, city, why)
                if why:
                    kinds.add((piece[0], why.split(":")[0].split(" ")[0]))
                checked += 1
    assert checked > 5_000, checked
    assert {k for k, _ in kinds} >= {"x", "p"}, kinds


def test_every_piece_the_seat_cannot_choose_says_why(games: list[tuple[list[dict[str, Any]], State]]) -> None:
    views = of_kind(games, "turn", "tile", "evade", "chain", every=2)
    answer = run_probe({"picks": views})
    counted = 0
    for got in answer["picks"]:
        for piece, why in got.items():
            assert why, piece
            counted += 1
    assert counted > 200, counted


def test_what_the_seat_cannot_do_is_said_truly(games: list[tuple[list[dict[str, Any]], State]]) -> None:
    views = of_kind(games, "turn", "evade", "chain", "intercept")
    answer = run_probe({"offered": views})
    said = 0
    for view, items in zip(views, answer["offered"], strict=True):
        power = view["decision"]["power"]
        hand = {c["handle"]: c["type"] for c in view["powers"][power]["chits"]}
        playable = {line.split(" ")[2] for line in view["legal"] if line.split(" ")[1] == "chit"}
        listed = {}
        for item in items:
            for handle in item.get("handles") or []:
                listed[handle] = item["why"]
        # Every chit held and not offered is listed, none that is offered.
        assert set(listed) == {h for h, t in hand.items() if t and h not in playable}, (
            listed,
            hand,
            playable,
        )
        money = view["powers"][power]["money"]
        ap = AP - view["ap_spent"] if view["decision"]["kind"] == "turn" else None
        for handle, why in listed.items():
            chit = CHITS[hand[handle]]
            short_money = money is not None and money < chit["cost_gbp"]
            assert ("has £" in why) == short_money, (why, money, chit)
            if not short_money and ap is not None:
                assert (" AP left" in why) == (ap < chit["cost_ap"]), (why, ap, chit)
            said += 1
    assert said > 100, said


def test_each_powers_score_is_rebuilt_from_its_record(
    games: list[tuple[list[dict[str, Any]], State]],
) -> None:
    requests = []
    for _, final in games:
        for viewer in (EVERYONE, 0):
            view = SPIES.view(final, viewer)
            requests.append({"view": view, "history": view["history"]})
    answer = run_probe({"breakdown": requests})
    for request, got in zip(requests, answer["breakdown"], strict=True):
        view = request["view"]
        for power, score in view["scores"].items():
            assert got["totals"][power] == score, (power, got["totals"], view["scores"])
        said = " ".join(got["end"])
        assert "ended after Britain's turn in 1934, its last year" in said, said
        winners = view["result"]["winners"]
        assert (
            re.search(r"wins with \d+ VP|share the win|wins as the richer seat", said) if winners else True
        ), said
        if "R" not in view["scores"]:
            assert "Russia had no seat of its own" in said


def engine_refusals(games: list[tuple[list[dict[str, Any]], State]]) -> list[tuple[str, str]]:
    """The engine's own messages for wrong lines tried on positions of the games."""
    found: dict[str, tuple[str, str]] = {}
    rng = random.Random(3)
    states = []
    for players, options, seed in GAMES[:2]:
        r = random.Random(seed)
        state = rules.new_state(f"{seed:064x}", options, players)
        step = 0
        while state.result is None:
            if step % 4 == 0:
                states.append(state)
            seat = min(rules.actors(state))
            view = SPIES.view(state, seat, history=False)
            line = r.choice(view["legal"]) if r.random() < 0.3 else decide_text(view, "basic", step)
            state = rules.apply(state, seat, line)
            step += 1
    for state in rng.sample(states, min(60, len(states))):
        seat = min(rules.actors(state))
        view = SPIES.view(state, seat, history=False)
        d = view["decision"]
        p = d.get("power") or view["seats"][seat][0]
        spies = [s for s in view["spies"] if s["power"] == p and s["city"]][:3]
        police = [u for u in view["police"] if u["power"] == p][:3]
        other = next(q for q in "GIRFB" if q != p)
        tries = [
            f"{p} search BER:s01",
            f"{p} search BER",
            f"{p} offer o9 F give £5",
            f"{p} open {p}",
            f"{p} close F",
        ]
        tries += [
            f"{p} chit c99 DIS s01 x01",
            f"{p} foo",
            f"{p} offer o1 F",
            f"{p} offer o1 F give zz",
            f"{other} end",
        ]
        tries += [f"{p} go", f"{p} play t99", f"{p} discard x", f"{p} return c1", f"{p} place x99 BER"]
        for s in spies:
            sid = s["id"]
            tries += [
                f"{p} go {sid} BAG",
                f"{p} sail {sid} OSL",
                f"{p} take {sid} x40",
                f"{p} release {sid}",
                f"{p} cash {sid}",
            ]
        for u in police:
            tries += [
                f"{p} police {u['id']}=BAG",
                f"{p} police {u['id']}~",
                f"{p} police {u['id']}=XXX",
                f"{p} police {u['id']}+x40",
            ]
        if len(police) >= 3:
            tries.append(f"{p} police " + " ".join(f"{u['id']}={police[0]['city']}" for u in police))
        for line in tries:
            if line in (view["legal"] or []):
                continue
            try:
                rules.apply(state, seat, line)
            except (IllegalAction, InvalidAction, NotYourTurn) as exc:
                key = re.sub(r"\b[spxcto]\d+\b|\b[A-Z]{3}\b|\b[GIRFB]\b|\d+", "#", str(exc))
                found.setdefault(key, ("illegal", str(exc)))
    return list(found.values())


def test_the_engines_refusals_are_put_in_words(games: list[tuple[list[dict[str, Any]], State]]) -> None:
    errors = engine_refusals(games)
    assert len(errors) >= 25, errors
    answer = run_probe({"errors": [*errors, ("stale_version", "")]})
    for (code, message), words in zip([*errors, ("stale_version", "")], answer["errors"], strict=True):
        assert words["en"] and words["fr"] and words["en"] != words["fr"], (code, message, words)
        assert "<<" not in words["en"] + words["fr"], words


def leaks(texts: list[str]) -> list[str]:
    return [x for x in texts if x and ("<<" in x or "sp.x." in x or "undefined" in x or "null" in x)]


def test_every_text_is_written_out_in_both_languages(games: list[tuple[list[dict[str, Any]], State]]) -> None:
    rng = random.Random(5)
    requests: list[dict[str, Any]] = []
    for views, final in games:
        for view in rng.sample(views, 6):
            requests.append({"view": view, "history": []})
        end = SPIES.view(final, 0)
        requests.append({"view": end, "history": end["history"]})
    answer = run_probe({"words": requests})
    for request, texts in zip(requests, answer["words"], strict=True):
        assert texts and not leaks(texts), leaks(texts)[:5]
        if request["view"]["legal"]:
            assert all(texts), request["view"]["decision"]
