"""A whole game between two scripted WebSocket clients, from room creation to the result,
with a spectator watching; then the record is downloaded and replayed."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from conftest import Server
from server_harness import seat_two

from engine.speakeasy import SPEAKEASY
from engine.speakeasy.record import replay

PLY_CAP = 1500


@pytest.fixture
def settings_overrides() -> dict[str, Any]:
    return {"max_frames_per_second": 10_000}  # scripted clients are faster than people


async def test_full_game_from_room_creation_to_result(server: Server) -> None:
    table = await seat_two(server, time_control={"initial": 600, "increment": 5}, setup_seconds=120)
    watcher = server.player()
    spectator = await watcher.connect(table.room["room_id"], watch=table.room["watch_url"].rsplit("/", 1)[1])
    await table.setups()
    plies = 0
    while not table.over() and plies < PLY_CAP:
        server.clock.advance(1_000)
        await table.move()
        plies += 1
    if not table.over():
        ack = await table.mover().act({"type": "resign", "id": "enough"})
        assert ack["type"] == "ack"
        await table.sync()
    await spectator.events_until(table.version)
    result = table.sockets[0].view["result"]  # type: ignore[index]
    assert result is not None and result["outcome"] in ("win", "draw")
    final_views = [socket.view for socket in (*table.sockets, spectator)]
    positions = {view["position"] for view in final_views}  # type: ignore[index]
    assert len(positions) == 1 and "?" not in positions.pop()  # the board is revealed to all
    game_id = table.sockets[0].game_id
    record = await watcher.http.get(f"/api/games/{game_id}/record")
    assert record.status_code == 200
    replayed = replay(record.text)
    assert SPEAKEASY.result(replayed).to_dict() == result  # type: ignore[union-attr]
    assert SPEAKEASY.view(replayed, "everyone", history=False)["position"] == final_views[0]["position"]  # type: ignore[index]
    # The JSON record, seed revealed, passes the fairness check the players can run
    # themselves (`python -m engine verify`); one altered chance draw is caught.
    record_json = (await watcher.http.get(f"/api/games/{game_id}/record.json")).json()
    fairness = next(f for f in reversed(table.sockets[0].frames) if f["type"] == "fairness")
    while fairness["seed"] is None:
        fairness = await table.sockets[0].recv("fairness", skip=("presence", "offers", "event", "ack"))
    assert record_json["seed"] == fairness["seed"]
    assert record_json["seed_commitment"] == table.sockets[0].frames[0]["fairness"]["seed_commitment"]
    assert _verify(record_json) == (0, "ok")
    tampered = json.loads(json.dumps(record_json))
    chance = next(event for event in tampered["events"] if event["by"] == "chance")
    chance["a"] = "first n" if chance["a"] == "first s" else "first s"
    code, _out = _verify(tampered)
    assert code == 1


def _verify(record: dict[str, Any]) -> tuple[int, str]:
    done = subprocess.run(
        [sys.executable, "-m", "engine", "verify", "-"],
        input=json.dumps(record),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    return done.returncode, done.stdout.strip()
