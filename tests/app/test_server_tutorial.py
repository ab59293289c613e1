"""Guided first games (issue 25, item 2): ``POST /api/rooms {"game", "tutorial": true}`` makes
an ordinary room of the game from its tutorial (engine/tutorial.py): the fixed seed, the
opening played and logged through the engine, the computer's seats at level "tutorial" (the
tutorial's script), untimed, unwatched; ``tutorial: true`` in the room summary."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import Server

from engine.catalogue import entries, entry
from engine.fairness import seed_commitment
from engine.speakeasy.tutorial import PLAN


@pytest.fixture
def settings_overrides() -> dict[str, Any]:
    return {"max_frames_per_second": 1000}


async def test_the_catalogue_says_which_games_have_a_tutorial(server: Server) -> None:
    listed = (await server.player().http.get("/api/catalogue")).json()
    assert {game["name"]: game["tutorial"] for game in listed} == {
        found.name: found.tutorial is not None for found in entries()
    }
    assert next(game for game in listed if game["name"] == "speakeasy")["tutorial"] is True


async def test_a_speakeasy_tutorial_room_starts_from_its_lesson_and_the_script_answers(
    server: Server,
) -> None:
    lesson = entry("speakeasy").tutorial
    assert lesson is not None
    learner = server.player()
    room = await learner.create_room(game="speakeasy", tutorial=True)
    assert room["seat"] == 0
    assert room["invite_url"] is None and room["watch_url"] is None  # the computer's, unwatched

    summary = (await learner.http.get(f"/api/rooms/{room['room_id']}")).json()
    assert summary["tutorial"] is True
    assert summary["bots"] == [None, "tutorial"]
    assert summary["time_control"] is None and summary["setup_seconds"] is None
    assert summary["spectators"] is False
    assert summary["your_seat"] == 0

    sock = await learner.connect(room["room_id"])
    welcome = sock.frames[-1]
    assert welcome["room"]["tutorial"] is True
    # Both setups played at creation, logged (version 3: two setups and the start), the
    # learner (South) to move; the computer's pieces are hidden from him all the same.
    assert welcome["version"] == 3
    view = welcome["view"]
    assert view["phase"] == "play" and view["to_move"] == "s" and view["ply"] == 0
    assert [entry_["move"] for entry_ in view["history"]] == []
    assert "n?" in view["position"] and "nS" not in view["position"]
    assert welcome["fairness"]["seed_commitment"] == seed_commitment(lesson.seed)

    # The learner's first taught move; the script (level "tutorial", not the bot) answers
    # with its planned move.
    move = {"type": "move", "move": "b6-b5"}
    ack = await sock.act({"type": "act", "id": "m1", "version": 3, "action": move})
    assert ack["type"] == "ack"
    while sock.view is None or sock.view["ply"] < 2:
        await sock.events_until((sock.last_version or 0) + 1)
    assert sock.view["last_move"] == {"side": "n", "from": PLAN[1][:2], "to": PLAN[1][3:]}

    # The replay rebuilds the game from the seed and the logged opening.
    replay = (await learner.http.get(f"/api/games/{welcome['game_id']}/replay")).json()
    assert replay["steps"][-1]["view"]["ply"] == 2
    assert replay["steps"][3]["view"]["phase"] == "play"


async def test_a_tutorial_room_admits_no_rematch(server: Server) -> None:
    learner = server.player()
    room = await learner.create_room(game="speakeasy", tutorial=True)
    sock = await learner.connect(room["room_id"])
    assert (await sock.act({"type": "resign", "id": "r"}))["type"] == "ack"
    refused = await sock.act({"type": "rematch", "id": "again"})
    assert refused["type"] == "error" and "guided game" in refused["message"]


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ({"game": "speakeasy", "tutorial": True, "bot": "easy"}, "without bot"),
        ({"game": "speakeasy", "tutorial": True, "players": 2}, "without players"),
        ({"game": "speakeasy", "tutorial": True, "spectators": True}, "without spectators"),
        ({"game": "nosuchgame", "tutorial": True}, "no game named"),
    ],
)
async def test_a_tutorial_room_is_made_from_the_game_alone(
    server: Server, body: dict[str, Any], said: str
) -> None:
    response = await server.player().http.post("/api/rooms", json=body)
    assert response.status_code == 422
    assert said in response.json()["detail"]["message"]


async def test_a_game_without_a_tutorial_is_refused_in_words(server: Server) -> None:
    found = entry("speakeasy")
    lesson = found.tutorial
    object.__setattr__(found, "tutorial", None)  # the entry as a game without one has it
    try:
        response = await server.player().http.post("/api/rooms", json={"game": "speakeasy", "tutorial": True})
    finally:
        object.__setattr__(found, "tutorial", lesson)
    assert response.status_code == 422
    assert response.json()["detail"]["message"].endswith("Speak Easy has no guided first game yet")
