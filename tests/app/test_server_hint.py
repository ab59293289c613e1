"""The ``hint`` frame (issue 29): a seated player asks what the computer would do, and why.

For every registered game, through a real server: the hint answers the seat's own
connection only, with an action the server then accepts from that seat and a reason the
game's browser module words; a spectator is refused in words and nothing changes; a seat
that owes nothing is told so; one hint at a time per connection.
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from conftest import Server
from server_harness import Socket, token_of

from app.clocks import GameClocks
from app.games import hints
from engine.catalogue import entries

ROOMS: dict[str, dict[str, Any]] = {
    "spies": {"options": {"last_year": 1933, "negotiation_pregame": 0, "negotiation_yearly": 0}},
}
"""Room bodies beside ``{"game", "players": 2}``, by game (a short Spies! game)."""


@pytest.fixture
def settings_overrides() -> dict[str, Any]:
    return {"max_frames_per_second": 1000}


@pytest.fixture
def backend() -> str:
    """SQLite only: a hint reads the game as every frame does, and writes nothing (the
    database's part is proved with every other frame, on PostgreSQL too)."""
    return "sqlite"


def reasons_of(name: str) -> tuple[str, ...]:
    """The reason keys a game's ``hint_reason`` may answer (its module's ``REASONS``)."""
    found = next(e for e in entries() if e.name == name)
    module = importlib.import_module(found.hint_reason.partition(":")[0])
    return tuple(module.REASONS)


async def ask(sock: Socket, action_id: str) -> dict[str, Any]:
    await sock.send({"type": "hint", "id": action_id})
    return await sock.recv("hint", "error", skip=("presence", "offers", "event", "ack", "chat"))


async def _room(server: Server, name: str) -> tuple[list[Socket], dict[str, Any]]:
    alice, bob = server.player(), server.player()
    room = await alice.create_room(game=name, players=2, setup_seconds=None, **ROOMS.get(name, {}))
    assert (await bob.claim(room["invite_url"])).status_code == 200
    return [await alice.connect(room["room_id"]), await bob.connect(room["room_id"])], room


@pytest.mark.parametrize("name", [e.name for e in entries()])
async def test_every_game_hints_a_legal_action_with_a_reason(server: Server, name: str) -> None:
    socks, _room_made = await _room(server, name)
    answers = [await ask(sock, f"h{n}") for n, sock in enumerate(socks)]
    hinted = [(sock, a) for sock, a in zip(socks, answers, strict=True) if a["type"] == "hint"]
    assert hinted, answers  # someone owes the first decision
    for answer in answers:
        if answer["type"] == "error":
            assert answer["code"] == "not_your_turn" and "hint" in answer["message"]
    sock, hint = hinted[0]
    assert hint["id"] == f"h{socks.index(sock)}" and hint["game_id"] == sock.game_id
    assert hint["version"] == sock.last_version
    assert hint["level"] == next(e for e in entries() if e.name == name).hint_level
    assert hint["reason"]["key"] in reasons_of(name) and isinstance(hint["reason"]["params"], dict)
    for n, each in enumerate(socks):  # each connection gets its own answer, never another's
        await each.silence(0.2, skip=("presence", "offers", "event"))
        assert [f["id"] for f in each.frames if f["type"] in ("hint", "error")] == [f"h{n}"]
    # Hinted, not played: the game is where it was, and the action is the seat's to play.
    assert sock.last_version == hint["version"]
    play = {"type": "act", "id": "play-hint", "version": hint["version"], "action": hint["action"]}
    answer = await sock.act(play)
    assert answer["type"] == "ack", answer


async def test_a_spectator_is_refused_in_words_and_nothing_changes(server: Server) -> None:
    socks, room = await _room(server, "flickago")
    watcher = await server.player().connect(room["room_id"], watch=token_of(room["watch_url"]))
    before = watcher.last_version
    answer = await ask(watcher, "peek")
    assert answer == {
        "type": "error",
        "id": "peek",
        "code": "not_player",
        "message": "spectators get no hints: a hint is for a seat's own player",
    }
    for sock in [watcher, *socks]:
        await sock.silence(0.3, skip=("presence",))
        assert sock.last_version == before and not [f for f in sock.frames if f["type"] == "hint"]


async def test_one_hint_at_a_time_and_only_for_a_decision_owed(server: Server) -> None:
    socks, _room_made = await _room(server, "flickago")  # one side shoots first
    answers = [await ask(sock, f"early{n}") for n, sock in enumerate(socks)]
    mover = socks[[a["type"] for a in answers].index("hint")]
    [refused] = [a for a in answers if a["type"] == "error"]
    assert refused["code"] == "not_your_turn"
    assert refused["message"] == "a hint is for a decision of yours: the game is not waiting for you"
    await mover.send({"type": "hint", "id": "first"})
    await mover.send({"type": "hint", "id": "second"})
    got = {}
    for _ in range(2):
        frame = await mover.recv("hint", "error")
        got[frame["id"]] = frame
    assert got["first"]["type"] == "hint"
    assert got["second"]["code"] == "rate_limited" and "one hint at a time" in got["second"]["message"]
    assert (await ask(mover, "third"))["type"] == "hint"  # the first one answered: ask again


async def test_the_catalogue_names_and_describes_every_bot_level(server: Server) -> None:
    listed = (await server.player().http.get("/api/catalogue")).json()
    for game in listed:
        assert game["hints"] is True
        assert set(game["level_descriptions"]) == set(game["bot_levels"]) == set(game["level_names"])
        for words in [*game["level_descriptions"].values(), *game["level_names"].values()]:
            assert set(words) == {"en", "fr"} and all(words.values())


def test_a_hint_thinks_within_its_budget_and_the_seats_clock() -> None:
    untimed = GameClocks(remaining=None, increment=0, running=frozenset(), since=None, setup_deadline=None)
    assert hints.budget(untimed, 0, 0) == hints.HINT_SECONDS
    clocks = GameClocks(
        remaining=(600_000, 30_000), increment=0, running=frozenset({1}), since=0, setup_deadline=None
    )
    assert hints.budget(clocks, 0, 0) == hints.HINT_SECONDS  # ten minutes left: the whole budget
    assert hints.budget(clocks, 1, 0) == 1.0  # half a minute: a thirtieth of it
    assert hints.budget(clocks, 1, 30_000) == 0.05  # none: never nothing
