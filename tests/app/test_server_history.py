"""Looking back at games (issue 14): the replay of a game from a viewpoint is, version by
version, exactly what that viewer received live; a viewpoint the caller may not see yet is
refused; a room lists its games with the score across rematches; a guest finds his games."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import Server
from server_harness import Player, Socket, seat_two, token_of
from test_server_seats import PROHIBITION, _drive, _over


def _live(sock: Socket) -> dict[int, tuple[Any, Any]]:
    """What a socket received at each version: (event, view) — the welcome's view at its own
    version, without its history (the replay's views leave it out, as event frames do), and
    no event there (a welcome carries none)."""
    out: dict[int, tuple[Any, Any]] = {}
    for frame in sock.frames:
        if frame["type"] == "event":
            out[frame["version"]] = (frame["event"], frame["view"])
        elif frame["type"] == "welcome":
            view = dict(frame["view"])
            view.pop("history", None)
            out[frame["version"]] = (None, view)
    return out


def _same(replay: dict[str, Any], sock: Socket) -> int:
    """Every version the socket saw equals the replay's, byte for byte; how many compared."""
    steps = {step["version"]: step for step in replay["steps"]}
    assert sorted(steps) == list(range(len(steps)))
    live = _live(sock)
    assert live, "the socket saw nothing"
    for version, (event, view) in live.items():
        step = steps[version]
        assert json.dumps(step["view"]) == json.dumps(view), f"view at version {version}"
        if event is not None:
            assert json.dumps(step["event"]) == json.dumps(event), f"event at version {version}"
    return len(live)


async def _replay(player: Player, game_id: str, viewer: str | None = None) -> Any:
    params = {} if viewer is None else {"viewer": viewer}
    return await player.http.get(f"/api/games/{game_id}/replay", params=params)


async def test_a_speak_easy_replay_is_what_each_viewer_received_and_refuses_the_rest_until_the_end(
    server: Server,
) -> None:
    table = await seat_two(server)
    alice, bob = table.players
    carol = server.player()
    watcher = await carol.connect(table.room["room_id"], watch=token_of(table.room["watch_url"]))
    await table.setups()
    for _ in range(6):
        await table.move()
    await watcher.events_until(table.version)
    sa, sb = table.sockets
    game_id = sa.game_id
    assert game_id is not None

    # During the game: each player his own view (the default) and the public one; no more.
    mine = (await _replay(alice, game_id)).json()
    assert mine["viewer"] == str(sa.seat) and mine["over"] is False
    assert mine["viewpoints"] == [str(sa.seat), "spectator"]
    assert _same(mine, sa) == table.version + 1
    for refused in (str(sb.seat), "everyone"):
        answer = await _replay(alice, game_id, refused)
        assert answer.status_code == 403 and answer.json()["detail"]["code"] == "forbidden"
    public = (await _replay(carol, game_id)).json()
    assert public["viewer"] == "spectator" and public["viewpoints"] == ["spectator"]
    _same(public, watcher)
    assert (await _replay(carol, game_id, str(sa.seat))).status_code == 403
    assert (await _replay(carol, game_id, "7")).status_code == 422
    assert (await _replay(carol, game_id, "nobody")).status_code == 422
    assert (await carol.http.get(f"/api/games/{'0' * 32}/replay")).status_code == 404

    # Over: every seat's view, the public one and the full reveal, for anyone.
    assert (await sa.act({"type": "resign", "id": "bye"}))["type"] == "ack"
    await table.sync()
    await watcher.events_until(table.version)
    for player, sock in ((alice, sa), (bob, sb), (carol, watcher)):
        viewer = "spectator" if sock is watcher else str(sock.seat)
        seen = (await _replay(carol if player is carol else alice, game_id, viewer)).json()
        assert seen["over"] is True and seen["viewpoints"] == ["0", "1", "spectator", "everyone"]
        _same(seen, sock)
    everything = (await _replay(carol, game_id, "everyone")).json()
    assert len(everything["steps"]) == table.version + 1
    public_steps = (await _replay(carol, game_id, "spectator")).json()["steps"]
    middle = len(public_steps) // 2  # in play, before the end's reveal: the full view shows more
    assert json.dumps(everything["steps"][middle]["view"]) != json.dumps(public_steps[middle]["view"])


async def test_a_prohibition_replay_matches_every_seat_and_the_spectator(server: Server) -> None:
    alice, bob, carol = server.player(), server.player(), server.player()
    room = await alice.create_room(game=PROHIBITION, players=3, bots=[None, "easy"])
    await bob.claim(room["invite_url"])
    sa, sb = await alice.connect(room["room_id"]), await bob.connect(room["room_id"])
    watcher = await carol.connect(room["room_id"], watch=token_of(room["watch_url"]))
    await _drive([sa, sb], lambda: _over(sa) and _over(sb))
    await watcher.events_until(sa.last_version or 0)
    assert sa.game_id is not None
    for sock in (sa, sb, watcher):
        viewer = "spectator" if sock is watcher else str(sock.seat)
        # The bot may act before a socket is welcomed: each is held to every version from
        # its welcome to its last (the harness refuses a gap), whenever the welcome came.
        welcomed = next(frame["version"] for frame in sock.frames if frame["type"] == "welcome")
        seen = _same((await _replay(carol, sa.game_id, viewer)).json(), sock)
        assert seen == (sock.last_version or 0) - welcomed + 1
    bot_seat = next(seat for seat in range(3) if seat not in (sa.seat, sb.seat))
    bot_view = (await _replay(alice, sa.game_id, str(bot_seat))).json()
    assert bot_view["seats"][bot_seat]["bot"] == "easy"


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
async def test_a_room_lists_its_games_with_the_score_and_my_games_lists_ten_newest_first(
    server: Server,
) -> None:
    alice, bob = server.player(), server.player()
    played: list[str] = []
    rooms = []
    for games in (4, 3, 3):  # three rooms, ten games, rematches in each
        server.clock.advance(1000)
        room = await alice.create_room()
        await bob.claim(room["invite_url"])
        rooms.append(room)
        sa, sb = await alice.connect(room["room_id"]), await bob.connect(room["room_id"])
        for number in range(games):
            loser = sa if number % 2 == 0 else sb
            assert (await loser.act({"type": "resign", "id": f"r{number}"}))["type"] == "ack"
            played.append(loser.game_id or "")
            if number < games - 1:
                server.clock.advance(1000)
                assert (await sa.act({"type": "rematch", "id": f"m{number}"}))["type"] == "ack"
                assert (await sb.act({"type": "rematch", "id": f"m{number}"}))["type"] == "ack"
                sa, sb = await alice.connect(room["room_id"]), await bob.connect(room["room_id"])

    listing = (await alice.http.get(f"/api/rooms/{rooms[0]['room_id']}/games")).json()
    assert [game["number"] for game in listing["games"]] == [1, 2, 3, 4]
    assert all(
        game["status"] == "over" and game["replay_url"] == f"/g/{game['game_id']}"
        for game in listing["games"]
    )
    chairs = listing["chairs"]
    assert listing["your_chair"] == 0 and chairs[0]["you"] and not chairs[1]["you"]
    assert chairs[0]["wins"] + chairs[0]["losses"] == 4 and chairs[0]["wins"] == chairs[1]["losses"]
    assert all(sorted(game["outcomes"]) == ["loss", "win"] for game in listing["games"])

    mine = (await alice.http.get("/api/me/games", params={"per_page": 4})).json()
    assert mine["total"] == 10 and mine["pages"] == 3
    listed = list(mine["games"])
    for page in (2, 3):
        listed += (await alice.http.get("/api/me/games", params={"per_page": 4, "page": page})).json()[
            "games"
        ]
    assert [game["game_id"] for game in listed] == list(reversed(played))
    assert all(
        game["your_outcome"] in ("win", "loss") and game["opponents"][0]["bot"] is None for game in listed
    )
    stranger = server.player()
    assert (await stranger.http.get("/api/me/games")).json()["total"] == 0


async def test_a_replay_goes_compressed_to_a_browser_that_accepts_it(server: Server) -> None:
    table = await seat_two(server)
    await table.setups()
    alice = table.players[0]
    game_id = table.sockets[0].game_id
    zipped = await alice.http.get(f"/api/games/{game_id}/replay", headers={"Accept-Encoding": "gzip"})
    assert zipped.status_code == 200 and zipped.headers["content-encoding"] == "gzip"
    assert int(zipped.headers["content-length"]) < len(zipped.content) / 3  # httpx unzipped it
    plain = await alice.http.get(f"/api/games/{game_id}/replay", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.json() == zipped.json()


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
async def test_a_flickago_replay_matches_both_seats_and_the_spectator(server: Server) -> None:
    """Every registered game: Flickago's shots are simulated again for the replay, to the
    same bytes each viewer received live."""
    import random

    from test_server_offload import FLICKAGO, _play_to_the_end

    alice, bob, carol = server.player(), server.player(), server.player()
    room = await alice.create_room(game=FLICKAGO, players=2)
    await bob.claim(room["invite_url"])
    sa, sb = await alice.connect(room["room_id"]), await bob.connect(room["room_id"])
    watcher = await carol.connect(room["room_id"], watch=token_of(room["watch_url"]))
    await _play_to_the_end({sa.seat: sa, sb.seat: sb}, random.Random(3))  # type: ignore[dict-item]
    await watcher.events_until(sa.last_version or 0)
    assert sa.game_id is not None
    for sock in (sa, sb, watcher):
        viewer = "spectator" if sock is watcher else str(sock.seat)
        assert _same((await _replay(carol, sa.game_id, viewer)).json(), sock) == (sa.last_version or 0) + 1
