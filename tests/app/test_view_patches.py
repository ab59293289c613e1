"""View patches (app/games/patches.py, static/js/view-patch.js): an event frame's patch turns
the viewer's previous view into his new one exactly, for any JSON value and for every game's
views; a patch that does not fit is refused and changes nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from random_games import random_play

from app.games import frames
from app.games.patches import PatchError, ViewFollower, apply, diff
from engine.catalogue import entry, names
from engine.core import SPECTATOR, Viewer

KEYS = st.sampled_from(["a", "b", "c", "a/b", "m~n", "", "0", "é"])
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.floats(-2, 2, allow_nan=False) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(KEYS, inner, max_size=5),
    max_leaves=20,
)


def text(value: Any) -> bytes:
    """The JSON text, keys in their order (a patched view must keep its keys' order)."""
    return orjson.dumps(value)


def check(old: Any, new: Any) -> list[dict[str, Any]]:
    before = text(old)
    patch = diff(old, new)
    assert text(apply(old, patch)) == text(new)
    assert text(old) == before  # neither diff nor apply changes the old view
    return patch


@settings(max_examples=600, deadline=None)
@given(JSON, JSON)
def test_a_patch_turns_any_value_into_any_other(old: Any, new: Any) -> None:
    check(old, new)


@settings(max_examples=300, deadline=None)
@given(JSON, st.data())
def test_a_patch_of_a_value_changed_a_little(old: Any, data: st.DataObject) -> None:
    """Small changes inside a value (the usual case of a move) give exact small patches."""
    new = json.loads(json.dumps(old))
    if isinstance(new, dict) and new:
        key = data.draw(st.sampled_from(sorted(new)))
        new[key] = data.draw(JSON)
    elif isinstance(new, list) and new:
        index = data.draw(st.integers(0, len(new) - 1))
        new.insert(index, data.draw(JSON))
    check(old, new)


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(KEYS, JSON, min_size=1), st.dictionaries(KEYS, JSON, min_size=1))
def test_a_view_kept_as_texts_is_changed_into_the_next_to_the_byte(old: Any, new: Any) -> None:
    """What an event frame carries of a view, from the texts the room kept of the view before
    (its parts: strings and numbers among them, looked up rather than written), gives the
    new view exactly."""
    change = frames.view_change(frames.view_parts(old), new, frames.view_parts(new), 0)
    rebuilt = (
        apply(old, json.loads(change["patch"].text)) if "patch" in change else json.loads(change["view"].text)
    )
    assert text(rebuilt) == text(new)


@pytest.mark.parametrize(
    "value", ["", "a", 'say "hi"', "back\\slash", "tab\tline\n", "\u0001", "é€😀", "x" * 200]
)
def test_a_string_is_written_as_it_always_was(value: str) -> None:
    assert frames.view_parts({"k": value}) == {"k": frames.dumps(value)}
    assert frames.view_parts({"k": value}) == {"k": frames.dumps(value)}  # looked up the second time


def test_the_order_of_keys_and_the_kind_of_value_are_kept() -> None:
    assert diff({"a": 1, "b": 2}, {"b": 2, "a": 1}) == [
        {"op": "replace", "path": "", "value": {"b": 2, "a": 1}}
    ]
    assert diff([1, 0], [True, 0]) == [{"op": "replace", "path": "/0", "value": True}]
    assert diff({"x/y": {"~": 1}}, {"x/y": {"~": 2}}) == [{"op": "replace", "path": "/x~1y/~0", "value": 2}]
    assert diff({"a": [1, 2, 3, 4]}, {"a": [1, 2, 3, 4, 5]}) == [{"op": "add", "path": "/a/4", "value": 5}]
    assert diff({"a": [1, 2, 3]}, {"a": [2, 3]}) == [{"op": "remove", "path": "/a/0"}]
    many = diff({"a": list(range(10))}, {"a": list(range(10, 20))})
    assert many == [{"op": "replace", "path": "/a", "value": list(range(10, 20))}]  # shorter than ten


@pytest.mark.parametrize(
    ("patch", "words"),
    [
        ([{"op": "replace", "path": "/nothing", "value": 1}], "no 'nothing'"),
        ([{"op": "remove", "path": "/a/9"}], "out of range"),
        ([{"op": "add", "path": "/a/01", "value": 1}], "bad list index"),
        ([{"op": "move", "path": "/a", "from": "/b"}], "unknown operation"),
        ([{"op": "add", "path": "a", "value": 1}], "bad path"),
        ([{"op": "add", "path": "/s/x", "value": 1}], "cannot go into str"),
    ],
)
def test_a_patch_that_does_not_fit_is_refused_in_words(patch: list[dict[str, Any]], words: str) -> None:
    doc = {"a": [1, 2], "s": "text"}
    with pytest.raises(PatchError, match=words):
        apply(doc, patch)
    assert doc == {"a": [1, 2], "s": "text"}


@pytest.mark.parametrize("name", names())
def test_every_games_views_are_followed_exactly(name: str) -> None:
    """Each viewer's successive views (made as the server makes them, within
    ``sharing_views``) are rebuilt to the byte by a follower from the welcome and the
    patches; a view kept as a patch's base is not changed by the play that follows (the
    server keeps the objects); the welcome's view is the event view plus ``history``."""
    game = entry(name).game
    states = [state for state, _events in random_play(name, 400, 5, entry(name).max_players)]
    viewers: list[Viewer] = [*range(game.players(states[0])), SPECTATOR]
    followers = {viewer: ViewFollower() for viewer in viewers}
    for viewer in viewers:
        welcome = game.view(states[0], viewer, history=True)
        assert "history" in welcome
        followers[viewer].take({"type": "welcome", "version": 0, "view": welcome})
        assert text(followers[viewer].view) == text(game.view(states[0], viewer, history=False))
    kept: list[tuple[Any, bytes]] = []
    previous = {viewer: frames.view_parts(game.view(states[0], viewer, history=False)) for viewer in viewers}
    for version, state in enumerate(states[1:], start=1):
        with game.sharing_views(state):
            views = {viewer: game.view(state, viewer, history=False) for viewer in viewers}
        parts = {viewer: frames.view_parts(views[viewer], {}) for viewer in viewers}
        for viewer in viewers:
            change = frames.view_change(previous[viewer], views[viewer], parts[viewer], version - 1)
            frame = json.loads(frames.dumps({"type": "event", "version": version, "head": version, **change}))
            followers[viewer].take(frame)
            assert followers[viewer].in_step
            assert text(frame["view"]) == text(views[viewer]), (viewer, version)
        kept.append((views[SPECTATOR], text(views[SPECTATOR])))
        previous = parts
    assert len(states) > 20
    assert all(text(view) == before for view, before in kept)


def test_a_follower_asks_again_when_a_patch_is_not_of_its_view() -> None:
    follower = ViewFollower()
    follower.take({"type": "welcome", "version": 4, "view": {"a": 1, "history": []}})
    frame = follower.take(
        {"type": "event", "version": 5, "head": 5, "base": 4, "patch": diff({"a": 1}, {"a": 2})}
    )
    assert frame["view"] == {"a": 2} and follower.in_step
    follower.take({"type": "event", "version": 7, "head": 7, "base": 6, "patch": []})
    assert not follower.in_step
    follower.take({"type": "event", "version": 6, "head": 6, "view": {"a": 3}})
    assert not follower.in_step  # until a welcome
    follower.take({"type": "welcome", "version": 9, "view": {"a": 9, "history": [1]}})
    assert follower.in_step and follower.view == {"a": 9}


VIEW_TEXTS = """
import json, sys
from app.games import frames
from engine.catalogue import entry
from engine.core import SPECTATOR
request = json.load(sys.stdin)
game = entry(request["name"]).game
out = []
for stored in request["states"]:
    state = game.from_dict(stored)
    viewers = [*range(game.players(state)), SPECTATOR]
    out.append([frames.dumps(game.view(state, viewer, history=False)) for viewer in viewers])
print(json.dumps(out))
"""


@pytest.mark.parametrize("name", names())
def test_a_view_is_the_same_text_in_any_process(name: str) -> None:
    """A patch made in one process applies to a view a client got from another (a welcome
    there, the state read from its row): a state's view, read back from its storage form in
    a process whose string hashes differ (another set order), is the same text, to the byte."""
    game = entry(name).game
    states = [state for state, _events in random_play(name, 200, 9, entry(name).max_players)][::10]
    here = [
        [
            frames.dumps(game.view(state, viewer, history=False))
            for viewer in [*range(game.players(state)), SPECTATOR]
        ]
        for state in states
    ]
    request = json.dumps({"name": name, "states": [game.to_dict(state) for state in states]})
    for hash_seed in ("1", "2"):
        done = subprocess.run(
            [sys.executable, "-c", VIEW_TEXTS],
            input=request,
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout) == here, f"{name}: another process writes other views"


def test_a_follower_asks_again_when_a_patch_does_not_fit_its_view() -> None:
    """As the browser's follower does: a patch of the right version that does not apply is
    a view it does not hold."""
    follower = ViewFollower()
    follower.take({"type": "welcome", "version": 1, "view": {"a": [1], "history": []}})
    follower.take(
        {"type": "event", "version": 2, "head": 2, "base": 1, "patch": [{"op": "remove", "path": "/a/5"}]}
    )
    assert not follower.in_step and follower.view == {"a": [1]}
