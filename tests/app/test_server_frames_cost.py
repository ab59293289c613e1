"""What the server's cost work (issue 15, item 3) must not change: the JSON text of frames
and snapshots (orjson writes what ``json.dumps`` wrote), the frames of a change whose view
is encoded once."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

import pytest
from conftest import Server
from hypothesis import given, settings
from hypothesis import strategies as st
from random_games import random_play
from server_harness import seat_two
from sqlalchemy import text

from app.games import commands, frames, patches, store
from app.games.commands import plan
from app.ws.messages import Act
from engine.catalogue import entry, names
from engine.core import EVERYONE, SPECTATOR, Viewer


def reference(value: Any) -> str:
    """What the server wrote before orjson."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


@pytest.mark.parametrize("name", names())
def test_frames_and_snapshots_keep_their_text(name: str) -> None:
    game = entry(name).game
    viewers: list[Viewer] = [*range(entry(name).min_players), SPECTATOR]
    checked = 0
    for state, events in random_play(name, 60, 7):
        for viewer in viewers:
            values: list[Any] = [game.view(state, viewer, history=True)]
            values += [game.project(event, viewer) for event in events]
            for value in values:
                assert frames.dumps(value) == reference(value)
                checked += 1
        snapshot = game.to_dict(state)
        assert store.dumps(snapshot) == reference(snapshot)
    assert checked > 20


@pytest.mark.parametrize("name", names())
def test_views_made_together_are_each_viewers_own_view(name: str) -> None:
    """A change's frames take every viewer class's view within one ``sharing_views`` (a
    game may build their public part once): each must be, to the byte, what ``view`` gives
    him alone; and a view of another state made within is that state's own."""
    game = entry(name).game
    viewers: list[Viewer] = [*range(entry(name).min_players), SPECTATOR, EVERYONE]
    played = random_play(name, 80, 11)
    for (state, _events), (other, _) in zip(played, reversed(played), strict=True):
        with game.sharing_views(state):
            together = [frames.dumps(game.view(state, viewer, history=False)) for viewer in viewers]
            elsewhere = frames.dumps(game.view(other, SPECTATOR, history=False))
        assert together == [frames.dumps(game.view(state, viewer, history=False)) for viewer in viewers]
        assert elsewhere == frames.dumps(game.view(other, SPECTATOR, history=False))
    assert len(played) > 20


def test_what_orjson_refuses_goes_to_json() -> None:
    big = {"n": 2**70, "s": "a\ud800b", "k": {1: True, None: 2.5}}
    assert frames.dumps(big) == reference(big)
    assert frames.dumps({"inner": frames.encoded(big), "x": [1]}) == reference({"inner": big, "x": [1]})

    @dataclass
    class Secret:
        hidden: int

    with pytest.raises(TypeError):  # json.dumps refused it before: it still never reaches a viewer
        frames.dumps({"view": Secret(1)})


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=400, deadline=None)
@given(_JSON)
def test_a_command_digest_is_made_of_the_text_it_always_was(value: Any) -> None:
    """The log keeps each command's digest: a retry's must be the same, whichever server
    wrote the first (orjson writes the text for the plain commands, json the rest)."""
    assert commands._canonical(value) == json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


def test_a_command_digest_of_each_kind_of_value() -> None:
    for value in (
        {"b": 1, "a": ["x", 2**63]},
        {"f": 2.5e-05},
        {"e": 1e16},
        {"del": "a\x7fb"},
        {"é": "ü"},
        [2**70],
    ):
        assert commands._canonical(value) == json.dumps(value, sort_keys=True, separators=(",", ":")).encode()
    act = Act(type="act", id="m1", version=3, action={"type": "move", "move": "a1-a2"})
    expected = '{"action":{"move":"a1-a2","type":"move"},"id":"m1","type":"act","version":3}'
    assert commands.command_digest(act) == hashlib.sha256(expected.encode()).hexdigest()


def test_a_change_of_several_events_shares_one_view() -> None:
    """Prohibition's actions log several events: the change's first frame carries the
    change of the view (a patch of the viewer's view before it), the others nothing; the view
    a client then holds for every frame is, to the byte, the game's view after the whole
    change for that viewer."""
    name = "prohibition"
    game = entry(name).game
    play = random_play(name, 80, 3)
    index = next(i for i, (_state, events) in enumerate(play) if len(events) > 1)
    previous, (state, events) = play[index - 1][0], play[index]

    @dataclass
    class Clocks:
        def to_wire(self, now: int) -> dict[str, Any]:
            return {"now": now, "running": [0]}

    @dataclass
    class Game:
        id: str
        version: int
        state: Any
        clocks: Clocks
        game: str = name

        @property
        def rules(self) -> Any:
            return game

    before: Any = Game("g1", 10, previous, Clocks())
    loaded: Any = Game("g1", 10 + len(events), state, Clocks())
    built, sent = frames.event_frames(loaded, before, events, 5, (0, SPECTATOR))
    assert (sent.game_id, sent.version) == ("g1", 10 + len(events))
    for viewer in (0, SPECTATOR):
        follower = patches.ViewFollower()
        follower.take({"type": "welcome", "version": 10, "view": game.view(previous, viewer, history=True)})
        texts = built[frames.viewer_key(viewer)]
        assert len(texts) == len(events)
        for offset, frame_text in enumerate(texts):
            frame = json.loads(frame_text)
            assert frame_text == reference(frame)
            if offset == 0:
                assert "patch" in frame and frame["base"] == 10
            else:
                assert not {"patch", "view"} & set(frame)
            follower.take(frame)
            assert frame["version"] == 11 + offset and frame["head"] == 10 + len(events)
            assert reference(frame["view"]) == reference(game.view(state, viewer, history=False))
            assert frame["event"] == json.loads(reference(game.project(events[offset], viewer)))
            assert frame["clocks"] == {"now": 5, "running": [0]}


POSTGRES = pytest.mark.parametrize(
    "backend", [pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True
)


async def _one_change(service: Any, table: Any, index: int) -> tuple[Any, Any]:
    runtime = await service.runtime(table.room["room_id"])
    game = runtime.game
    seat = next(iter(game.rules.actors(game.state)))
    legal = game.rules.legal_actions(game.state, seat)
    command = Act(type="act", id=f"kept{index}", action=legal[0], version=game.version)
    return game, plan(runtime.room, game, seat, command, 0, {}, 1000)


@POSTGRES
async def test_group_commit_keeps_its_connection_and_drops_a_dead_one(server: Server) -> None:
    """A flusher keeps its connection between batches; one that died (its backend killed)
    fails that batch only, is dropped, and the next batch commits on a fresh one."""
    table = await seat_two(server)
    await table.setups()
    service = server.app.state.service
    committer = service._committer
    game, change = await _one_change(service, table, 1)
    await committer.commit(game, change.after, change.entries, 1)
    assert len(committer._idle) == 1
    kept = committer._idle[0]
    raw = kept[1]  # the asyncpg connection under the pooled one
    pid = raw.get_server_pid()
    service.invalidate(table.room["room_id"])
    game, change = await _one_change(service, table, 2)
    await committer.commit(game, change.after, change.entries, 1)
    assert committer._idle == [kept]  # the same connection served the second batch
    service.invalidate(table.room["room_id"])
    async with service.engine.connect() as conn:
        await conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
    game, change = await _one_change(service, table, 3)
    with pytest.raises(Exception):  # noqa: B017 (asyncpg's error for a closed connection)
        await committer.commit(game, change.after, change.entries, 1)
    assert kept not in committer._idle
    async with service.engine.connect() as conn:
        stored = await store.load_game(conn, game.id)
    assert stored is not None and stored.version == game.version  # the failed batch wrote nothing
    await committer.commit(game, change.after, change.entries, 1)
    async with service.engine.connect() as conn:
        stored = await store.load_game(conn, game.id)
    assert stored is not None and stored.version == change.after.version
    assert len(committer._idle) == 1 and committer._idle[0] is not kept


def test_what_a_change_leaves_as_it_was_is_kept_once() -> None:
    """A view's part whose text a change leaves as it was is kept as the text kept before
    (no second copy), a long one as one copy for every room; the texts are the same."""

    def text(*pieces: str) -> str:
        return "".join(pieces)  # a new string object each time

    long = ["[", "1," * frames.LASTING_FROM, "2]"]
    rooms = []
    for _room in range(2):
        old = {"rules": text(*long), "year": text("19", "34"), "phase": "1"}
        new = {"rules": text(*long), "year": text("19", "34"), "phase": "2"}
        kept = frames.kept_texts(old, new)
        assert kept == new
        assert kept["year"] is old["year"] and kept["phase"] is new["phase"]
        rooms.append(kept)
    assert rooms[0]["rules"] is rooms[1]["rules"]
    assert frames.kept_texts(None, new) is new
