"""The browser's patch reader (static/js/view-patch.js) gives what the server's patches mean:
the same text as app/games/patches.py for random values and for a game's real views, the old
view untouched, a patch that does not fit refused; its follower asks again when a frame is
not of its view."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from node_probe import run_probe

from app.games.patches import apply, diff
from engine.catalogue import entry
from engine.core import SPECTATOR
from engine.rng import new_seed

PROBE = Path(__file__).with_name("view_patch_probe.mjs")


def random_value(rng: random.Random, depth: int = 0) -> Any:
    pick = rng.randrange(8 if depth < 3 else 4)
    if pick == 0:
        return rng.choice([None, True, False])
    if pick == 1:
        return rng.randint(-3, 3)
    if pick == 2:
        return rng.choice(["", "x", "é", "a/b"])
    if pick == 3:
        return rng.choice([0.5, -1.25, 2])
    if pick < 6:
        return [random_value(rng, depth + 1) for _ in range(rng.randrange(5))]
    keys = rng.sample(["a", "b", "c", "x~y", "k/v", "z"], rng.randrange(5))
    return {key: random_value(rng, depth + 1) for key in keys}


def mutated(rng: random.Random, value: Any) -> Any:
    if isinstance(value, dict) and value and rng.random() < 0.8:
        out = dict(value)
        key = rng.choice(list(out))
        if rng.random() < 0.2:
            del out[key]
        else:
            out[key] = mutated(rng, out[key])
        if rng.random() < 0.2:
            out["new"] = random_value(rng, 2)
        return out
    if isinstance(value, list) and value and rng.random() < 0.8:
        out = list(value)
        index = rng.randrange(len(out))
        choice = rng.random()
        if choice < 0.3:
            del out[index]
        elif choice < 0.6:
            out.insert(index, random_value(rng, 2))
        else:
            out[index] = mutated(rng, out[index])
        return out
    return random_value(rng, 1)


def game_views() -> list[tuple[Any, Any]]:
    """Successive spectator and first-seat views of a random Prohibition game."""
    game = entry("prohibition").game
    rng = random.Random(3)
    state = game.new_game(new_seed(), None, 3)
    pairs = []
    for _ in range(120):
        if game.result(state) is not None:
            break
        seat = rng.choice(sorted(game.actors(state)))
        actions = game.legal_actions(state, seat)
        action = rng.choice(actions) if actions else game.default_action(state, seat)
        after = game.apply(state, seat, action).state
        for viewer in (0, SPECTATOR):
            pairs.append((game.view(state, viewer, history=False), game.view(after, viewer, history=False)))
        state = after
    return pairs


def test_the_browser_applies_patches_as_the_server_means_them() -> None:
    rng = random.Random(11)
    pairs: list[tuple[Any, Any]] = []
    for _ in range(400):
        old = random_value(rng)
        pairs.append((old, mutated(rng, old) if rng.random() < 0.8 else random_value(rng)))
    pairs += game_views()
    cases = [{"old": json.dumps(old), "patch": diff(old, new)} for old, new in pairs]
    bad = [
        {"old": '{"a":[1,2]}', "patch": [{"op": "remove", "path": "/a/5"}]},
        {"old": '{"a":[1,2]}', "patch": [{"op": "replace", "path": "/b", "value": 1}]},
        {"old": '{"a":[1,2]}', "patch": [{"op": "copy", "path": "/b", "from": "/a"}]},
    ]
    answer = run_probe(PROBE, {"cases": cases + bad})
    results = answer["results"]
    for (old, new), got in zip(pairs, results, strict=False):
        assert got.get("error") is None, (old, new, got)
        assert json.loads(got["result"]) == json.loads(json.dumps(apply(old, diff(old, new))))
        assert got["result"] == json.dumps(
            json.loads(json.dumps(new)), separators=(",", ":"), ensure_ascii=False
        )
        assert got["untouched"]
    for got in results[len(pairs) :]:
        assert got.get("error") and got["untouched"]


def test_the_browser_follows_a_stream_of_frames() -> None:
    frames = [
        {"type": "welcome", "version": 3, "view": {"a": 1, "history": [1, 2]}},
        {"type": "event", "version": 4, "head": 5, "base": 3, "patch": diff({"a": 1}, {"a": 2, "b": [1]})},
        {"type": "event", "version": 5, "head": 5},
        {"type": "event", "version": 6, "head": 6, "view": {"a": 7}},
        {"type": "event", "version": 7, "head": 7, "base": 5, "patch": []},
    ]
    answer = run_probe(PROBE, {"cases": [], "frames": frames})
    assert answer["followed"] == [
        json.dumps({"a": 1, "history": [1, 2]}, separators=(",", ":")),  # a welcome's view is whole
        json.dumps({"a": 2, "b": [1]}, separators=(",", ":")),
        json.dumps({"a": 2, "b": [1]}, separators=(",", ":")),
        json.dumps({"a": 7}, separators=(",", ":")),
        None,  # a patch of version 5 on the view of version 7: ask again
    ]
