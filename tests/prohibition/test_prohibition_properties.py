"""Properties over random games: they end; apply never accepts an illegal action and never
half-applies; storage and records round-trip and replay exactly; every score is the sum of
its parts; the legal list is sorted, unique and playable."""

from __future__ import annotations

import json
import random
import re
import string

import pytest

from engine.catalogue import entry
from engine.core import SPECTATOR
from engine.errors import GameError
from engine.prohibition import rules, serialize
from engine.prohibition.data import CUBES, TRUCK_IDS
from engine.prohibition.options import DEFAULTS
from engine.prohibition.record import record, verify
from engine.prohibition.state import State

OPTION_VALUES = {
    "layout": ["standard", "inverted"],
    "special_placement": ["fixed", "random"],
    "delivery_distance": ["exact", "at_most"],
    "truck_must_move": ["no", "yes"],
    "control_range": ["line", "touching"],
    "repeat_contact": ["forbidden", "allowed"],
    "load_window": ["arrival", "parked"],
    "abandon_token": ["rulebook", "discard"],
    "two_player_p1_order": ["free", "fixed"],
    "bars_trigger": ["cube", "cube_or_closed"],
}


def random_options(rng: random.Random) -> dict[str, str]:
    return {k: rng.choice(v) for k, v in OPTION_VALUES.items()}


def choose(rng: random.Random, legal: list[str]) -> str:
    """A random legal action, biased towards deliveries and loads (shorter, busier games)."""
    busy = [a for a in legal if "=" in a or a.startswith("load")]
    if busy and rng.random() < 0.8:
        return rng.choice(busy)
    return rng.choice(legal)


def play(seed: int, players: int, options: dict[str, str] | None = None, limit: int = 20000) -> list[State]:
    rng = random.Random(seed)
    state = rules.new_state(f"{seed:064x}", options, players)
    states = [state]
    while state.phase != "over":
        legal = rules.legal(state)
        assert legal and legal == sorted(set(legal))
        state = rules.apply(state, choose(rng, legal))
        states.append(state)
        assert len(states) < limit, "the game does not end"
    return states


def scores_from_the_log(state: State) -> list[int]:
    """Every truck's score rebuilt from its parts: delivered cubes, captures (floored at 0 at
    each one), bonus events."""
    scores = [0] * state.ntrucks
    active = -1
    value = {c.code: c.value for c in CUBES}
    for e in state.entries:
        words = e.text.split()
        if e.label != "0":
            active = TRUCK_IDS.index(e.label.split()[1]) if " " in e.label else active
        m = re.fullmatch(r"go:\S+=(\d)(\w)", e.text)
        if m and isinstance(e.by, int):
            scores[active] += int(m[1]) * value[m[2]]
        elif words[0] == "take":
            t = TRUCK_IDS.index(words[2])
            scores[t] = max(0, scores[t] - 1)
        elif words[0] == "bonus":
            scores[TRUCK_IDS.index(words[1])] += int(words[2])
    return scores


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_score_and_replay(players: int) -> None:
    for seed in range(4):
        options = random_options(random.Random(seed * 7 + players)) if seed else dict(DEFAULTS)
        states = play(seed * 10 + players, players, options)
        final = states[-1]
        assert final.result is not None and final.result.scores is not None
        assert scores_from_the_log(final) == [t.score for t in final.trucks]
        words = final.entries[-1].text.split()
        assert words[0] == "score" and [int(w) for w in words[2::2]] == [t.score for t in final.trucks]
        data = json.loads(json.dumps(record(final)))
        assert verify(data) == []
        # Storage round-trips exactly, at every step.
        for state in states[:: max(1, len(states) // 25)]:
            stored = json.loads(json.dumps(serialize.to_dict(state)))
            again = serialize.from_dict(stored)
            assert serialize.to_dict(again) == stored
            assert rules.legal(again) == rules.legal(state)


def test_supply_and_cubes_are_conserved() -> None:
    for seed in range(3):
        for state in play(seed + 500, 4)[::7]:
            aboard = [sum(t.cargo[i] for t in state.trucks) for i in range(3)]  # type: ignore[index]
            aside = [sum(t.aside[i] for t in state.trucks) for i in range(3)]  # type: ignore[index]
            bars = [
                sum(n for c, n in zip(state.bar_colour, state.bar_count, strict=True) if c == i)
                for i in range(3)
            ]
            assert all(x >= 0 for x in state.supply)
            assert all(state.supply[i] + aboard[i] + aside[i] + bars[i] <= 20 for i in range(3))


def junk(rng: random.Random, legal: list[str]) -> str:
    kind = rng.randrange(5)
    if kind == 0 and legal:
        text = rng.choice(legal)
        i = rng.randrange(len(text))
        return text[:i] + rng.choice(string.ascii_letters + string.digits + ":=-@> ") + text[i + 1 :]
    if kind == 1:
        return rng.choice(
            ["skip", "pass", "roll", "end", "load L99", "use T5", "go:A1-A2=9w", "N@D4", "C>Z9"]
        )
    if kind == 2:
        return "".join(rng.choice(string.printable) for _ in range(rng.randrange(30)))
    if kind == 3:
        return f"go:{rng.choice('ABCDEFG')}{rng.randrange(1, 8)}-{rng.choice('ABCDEFG')}{rng.randrange(1, 8)}"
    return f"load L{rng.randrange(1, 29):02d}"


def test_apply_never_accepts_an_illegal_action_and_never_half_applies() -> None:
    rng = random.Random(99)
    tried = refused = 0
    for seed in range(6):
        for state in play(seed + 300, 2 + seed % 3)[::3]:
            if state.phase == "over":
                continue
            legal = set(rules.legal(state))
            before = serialize.to_dict(state)
            for _ in range(6):
                text = junk(rng, sorted(legal))
                tried += 1
                try:
                    after = rules.apply(state, text)
                except GameError:
                    refused += 1
                    assert serialize.to_dict(state) == before
                    continue
                assert text in legal, text
                assert serialize.to_dict(after) != before
    assert refused > tried // 2


def test_every_legal_action_applies() -> None:
    for seed in range(3):
        for state in play(seed + 700, 4)[::11]:
            for text in rules.legal(state)[:40]:
                rules.apply(state, text)


def test_the_same_seed_and_actions_give_the_same_game() -> None:
    a = play(42, 3)[-1]
    b = play(42, 3)[-1]
    assert serialize.to_dict(a) == serialize.to_dict(b)


def test_a_tampered_record_fails_verification() -> None:
    final = play(77, 3)[-1]
    data = json.loads(json.dumps(record(final)))
    dice = next(i for i, e in enumerate(data["events"]) if e["a"].startswith("dice"))
    bad = json.loads(json.dumps(data))
    bad["events"][dice]["a"] = "dice NP 1" if data["events"][dice]["a"] != "dice NP 1" else "dice NC 2"
    assert any(f"event {dice + 1}" in f for f in verify(bad))
    bad = json.loads(json.dumps(data))
    bad["seed_commitment"] = "0" * 64
    assert verify(bad)
    bad = json.loads(json.dumps(data))
    bad["result"]["winners"] = [9]
    bad["result"]["winner"] = 9
    assert verify(bad)


@pytest.mark.slow
def test_many_random_games_with_random_options() -> None:
    rng = random.Random(2024)
    for seed in range(400):
        players = rng.choice([2, 3, 4])
        final = play(10_000 + seed, players, random_options(rng))[-1]
        assert scores_from_the_log(final) == [t.score for t in final.trucks]
        assert verify(json.loads(json.dumps(record(final)))) == []


def test_the_listed_actions_kept_on_a_state_are_its_legal_actions_and_never_handed_out() -> None:
    """The interface keeps a state's legal actions once listed (a view lists them, the next
    action is checked against them): each is what ``legal`` says of that state, a view's
    list can be changed without changing what is accepted, and a copy starts without."""
    game = entry("prohibition").game
    rng = random.Random(5)
    state = game.new_game("ab" * 32, None, 3)
    for _ in range(150):
        if game.result(state) is not None:
            break
        with game.sharing_views(state):
            views = [game.view(state, viewer, history=False) for viewer in (0, 1, 2, SPECTATOR)]
        seat = rng.choice(sorted(game.actors(state)))
        assert state.listed == rules.legal(state)
        shown = views[seat]["legal"]
        assert shown == rules.legal_for(state, seat) and shown is not state.listed
        shown.append("roll")  # a viewer's copy: nothing he does to it is accepted
        if "roll" not in rules.legal(state):
            with pytest.raises(GameError):
                game.apply(state, seat, {"type": "act", "text": "roll"})
        assert state.copy().listed is None and state.copy() == state
        text = choose(rng, rules.legal_for(state, seat))
        state = game.apply(state, seat, {"type": "act", "text": text}).state
