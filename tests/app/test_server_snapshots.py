"""A game's row holds a snapshot every ``store.SNAPSHOT_EVERY`` versions (at the end, and
after offloaded work), not on every move; reading the row applies the actions logged since
again. Whatever is read must be the state the server played, for every game."""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import Server
from sqlalchemy import select

from app.games import store
from app.models import GameRow
from app.ws.messages import Act
from engine.catalogue import entry, names
from engine.errors import InvalidAction


async def _room(server: Server, name: str) -> str:
    """A room of ``name`` with its minimum of players seated."""
    players = entry(name).min_players
    people = [server.player() for _ in range(players)]
    room = await people[0].create_room(game=name, players=players)
    for person in people[1:]:
        claimed = await person.claim(room["invite_url"])
        assert claimed.status_code == 200, claimed.text
    return str(room["room_id"])


def _play(rules: Any, state: Any, seat: int, rng: random.Random) -> tuple[dict[str, Any], Any]:
    """A random action for ``seat`` (a listed one, or the seat's default: a setup; a listed
    template that wants an aim, Flickago's shot, gets a random one) and the state after it."""
    listed = rules.legal_actions(state, seat)
    action = rng.choice(listed) if listed else rules.default_action(state, seat)
    assert action is not None
    try:
        return dict(action), rules.apply(state, seat, action).state
    except InvalidAction:
        aimed = {**action, "angle": rng.randrange(3600), "power": rng.randint(150, 900)}
        return aimed, rules.apply(state, seat, aimed).state


async def _row(server: Server, game_id: str) -> Any:
    async with server.app.state.engine.connect() as conn:
        columns = select(GameRow.version, GameRow.snapshot_version, GameRow.snapshot)
        return (await conn.execute(columns.where(GameRow.id == game_id))).one()


async def _stored(server: Server, game_id: str) -> Any:
    async with server.app.state.engine.connect() as conn:
        loaded = await store.load_game(conn, game_id)
    assert loaded is not None
    return loaded


@pytest.mark.parametrize("name", names())
async def test_the_row_rebuilds_the_state_the_server_played(server: Server, name: str) -> None:
    service = server.app.state.service
    room_id = await _room(server, name)
    rng = random.Random(11)
    budget = 6 if name == "flickago" else 3 * store.SNAPSHOT_EVERY  # a shot is simulated: slow
    snapshots: set[str] = set()
    lagging = 0
    game = (await service.runtime(room_id)).game
    state = game.state  # the game as played here, beside the server: what every read must give
    for number in range(budget):
        if game.rules.result(state) is not None:
            break
        seat = rng.choice(sorted(game.rules.actors(state)))
        action, state = _play(game.rules, state, seat, rng)
        command = Act(type="act", id=f"s{number}", action=action, version=None)
        version = await service.execute(room_id, game.slot_of_seat(seat), command)
        row = await _row(server, game.id)
        assert row.version == version
        assert 0 <= row.version - row.snapshot_version < store.SNAPSHOT_EVERY
        lagging += row.snapshot_version < row.version
        snapshots.add(row.snapshot)
        stored = await _stored(server, game.id)  # what a reader (and the next command) gets
        assert game.rules.to_dict(stored.state) == game.rules.to_dict(state)
        assert stored.snapshot_version == row.snapshot_version
    if name == "flickago":  # every shot is heavy work: a snapshot each time
        assert lagging == 0
    else:
        assert lagging > 0 and len(snapshots) < budget // 2
