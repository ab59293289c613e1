"""Live play over the socket: every command, its refusals, and what each viewer sees."""

from __future__ import annotations

import re

import pytest
from conftest import Server
from server_harness import race_two_moves, seat_two


@pytest.fixture
def backend(backend_and_socket_path: tuple[str, str]) -> str:
    return backend_and_socket_path[0]


@pytest.fixture
def socket_port(backend_and_socket_path: tuple[str, str]) -> str:
    """Every test here runs on both socket paths (conftest.backend_and_socket_path)."""
    return backend_and_socket_path[1]


HIDDEN_LEAK = re.compile(r"(?<![A-Za-z])([sn])([1-8KBFS])")


def _own_and_public_only(position: str, my_side: str) -> None:
    """In a position sent to ``my_side``, every opposing piece is ``x?`` or revealed."""
    board = position.split(" ")[0]
    for side, _code in HIDDEN_LEAK.findall(board):
        assert side == my_side, f"a hidden {side} piece is shown to {my_side}: {board}"


async def test_setup_phase_projections_and_start(server: Server) -> None:
    table = await seat_two(server)
    sa, sb = table.sockets
    watcher = server.player()
    spectator = await watcher.connect(table.room["room_id"], watch=table.room["watch_url"].rsplit("/", 1)[1])
    assert spectator.seat is None and spectator.frames[-1]["you"]["role"] == "spectator"

    position = await table.players[0].random_setup("s")
    ack = await sa.act({"type": "setup", "id": "s1", "position": position})
    assert ack == {"type": "ack", "id": "s1", "version": 1}
    # the event comes before its ack, so it is already in sa.frames
    events_a = [f for f in sa.frames if f["type"] == "event"]
    assert events_a[0]["event"]["type"] == "setup_submitted" and events_a[0]["event"]["position"]
    theirs = await sb.recv("event")
    assert theirs["version"] == 1 and theirs["event"] == {"type": "setup_submitted", "side": "s"}
    watched = await spectator.recv("event")
    assert watched["event"] == {"type": "setup_submitted", "side": "s"}
    # Bob sees none of Alice's placement in his view.
    assert "s" not in theirs["view"]["position"].split(" ")[0].replace("s?", "")

    position_b = await table.players[1].random_setup("n")
    ack = await sb.act({"type": "setup", "id": "s1", "position": position_b})
    assert ack["version"] == 3
    for socket in (sa, sb, spectator):
        await socket.events_until(3)
        kinds = [f["event"]["type"] for f in socket.frames if f["type"] == "event" and f["event"]]
        assert kinds[-1] == "started", kinds
        assert socket.view is not None and socket.view["phase"] == "play"
    _own_and_public_only(sa.view["position"], "s")  # type: ignore[index]
    _own_and_public_only(sb.view["position"], "n")  # type: ignore[index]
    assert "s?" in spectator.view["position"] and "n?" in spectator.view["position"]  # type: ignore[index]


async def test_setup_refusals_change_nothing(server: Server) -> None:
    table = await seat_two(server)
    sa, sb = table.sockets
    bad = await sa.act({"type": "setup", "id": "x1", "position": "not a position"})
    assert bad["type"] == "error" and bad["code"] == "illegal" and bad["id"] == "x1"
    north = await table.players[1].random_setup("n")
    wrong_side = await sa.act({"type": "setup", "id": "x2", "position": north})
    assert wrong_side["code"] == "illegal"
    early_move = await sa.act({"type": "move", "id": "x3", "move": "a6-a7", "version": 0})
    assert early_move["type"] == "error" and early_move["code"] in ("illegal", "not_your_turn")
    await sb.silence(0.2)
    assert sa.last_version == 0
    south = await table.players[0].random_setup("s")
    ok = await sa.act({"type": "setup", "id": "x4", "position": south})
    assert ok == {"type": "ack", "id": "x4", "version": 1}
    again = await sa.act({"type": "setup", "id": "x5", "position": south})
    assert again["code"] == "not_your_turn"
    retry = await sa.act({"type": "setup", "id": "x4", "position": south})
    assert retry == {"type": "ack", "id": "x4", "version": 1}
    await sb.events_until(1)
    await sb.silence(0.2)


async def test_moves_turns_versions_and_retries(server: Server) -> None:
    table = await seat_two(server)
    await table.setups()
    mover = table.mover()
    waiter = table.by_seat(1 - (mover.seat or 0))
    version = table.version
    assert waiter.view is not None and waiter.view["legal"] == []
    out_of_turn = await waiter.act({"type": "move", "id": "w1", "move": "a7-a6", "version": version})
    assert out_of_turn["code"] == "not_your_turn"
    stale = await mover.act(
        {"type": "move", "id": "m0", "move": mover.view["legal"][0], "version": version - 1}
    )  # type: ignore[index]
    assert stale["code"] == "stale_version"
    illegal = await mover.act({"type": "move", "id": "m1", "move": "a1-e12", "version": version})
    assert illegal["code"] == "illegal"
    garbage = await mover.act({"type": "move", "id": "m2", "move": "zz", "version": version})
    assert garbage["code"] == "illegal"
    await waiter.silence(0.2)
    move = mover.view["legal"][0]  # type: ignore[index]
    ack = await mover.act({"type": "move", "id": "m3", "move": move, "version": version})
    assert ack["type"] == "ack" and ack["version"] > version
    await table.sync()
    retried = await mover.act({"type": "move", "id": "m3", "move": move, "version": version})
    assert retried == ack
    await waiter.silence(0.2)
    frames = [f for f in waiter.frames if f["type"] == "event" and f["version"] > version]
    assert frames[0]["event"]["type"] == "move"
    assert frames[0]["event"]["from"] + "-" + frames[0]["event"]["to"] == move


async def test_two_tabs_conflicting_moves_one_wins(server: Server) -> None:
    table = await seat_two(server)
    await table.setups()
    mover = table.mover()
    player = table.players[table.sockets.index(mover)]
    second_tab = await player.connect(table.room["room_id"])
    assert second_tab.seat == mover.seat and second_tab.last_version == mover.last_version
    legal = mover.view["legal"]  # type: ignore[index]
    assert len(legal) >= 2
    version = table.version
    answers = await race_two_moves(mover, second_tab, (legal[0], legal[1]), version)
    kinds = sorted(frame["type"] for frame in answers)
    assert kinds == ["ack", "error"], answers
    refused = next(frame for frame in answers if frame["type"] == "error")
    assert refused["code"] in ("stale_version", "not_your_turn", "conflict")
    await table.sync()
    moves = [
        f
        for f in table.sockets[0].frames
        if f["type"] == "event" and f["event"] and f["event"]["type"] == "move"
    ]
    assert len(moves) == 1


async def test_resign_reveals_board_and_record_replays(server: Server) -> None:
    from engine.speakeasy import SPEAKEASY
    from engine.speakeasy.record import replay

    table = await seat_two(server)
    await table.setups()
    for _ in range(4):
        await table.move()
    sa, sb = table.sockets
    game_id = sa.game_id
    early = await table.players[0].http.get(f"/api/games/{game_id}/record")
    assert early.status_code == 409 and early.json()["detail"]["code"] == "not_over"
    ack = await sa.act({"type": "resign", "id": "r1"})
    assert ack["type"] == "ack"
    await table.sync()
    for socket in (sa, sb):
        end = [
            f for f in socket.frames if f["type"] == "event" and f["event"] and f["event"]["type"] == "end"
        ][-1]
        assert end["event"]["result"] == {"outcome": "win", "reason": "resign", "winner": 1 - (sa.seat or 0)}
        assert "?" not in end["event"]["position"]
        assert "?" not in socket.view["position"]  # type: ignore[index]
    after = await sb.act({"type": "move", "id": "late", "move": "a7-a6", "version": table.version})
    assert after["code"] == "game_over"
    again = await sa.act({"type": "resign", "id": "r2"})
    assert again["code"] == "game_over"
    record = await table.players[1].http.get(f"/api/games/{game_id}/record")
    assert record.status_code == 200 and record.headers["content-type"].startswith("text/plain")
    replayed = replay(record.text)
    final = SPEAKEASY.view(replayed, "everyone", history=False)
    assert final["result"] == sa.view["result"]  # type: ignore[index]
    assert final["position"] == sa.view["position"]  # type: ignore[index]


async def test_draw_offer_decline_accept(server: Server) -> None:
    table = await seat_two(server)
    sa, sb = table.sockets
    early = await sa.act({"type": "draw_offer", "id": "d0"})
    assert early["code"] == "illegal"
    await table.setups()
    nothing = await sb.act({"type": "draw_accept", "id": "d1"})
    assert nothing["code"] == "illegal"
    nothing = await sb.act({"type": "draw_decline", "id": "d2"})
    assert nothing["code"] == "illegal"
    offer = await sa.act({"type": "draw_offer", "id": "d3"})
    assert offer["type"] == "ack" and offer["version"] == table.version
    seen = await sb.recv("offers")
    assert seen == {"type": "offers", "draw": [sa.seat], "rematch": []}
    own = await sa.act({"type": "draw_accept", "id": "d4"})
    assert own["code"] == "illegal"
    declined = await sb.act({"type": "draw_decline", "id": "d5"})
    assert declined["type"] == "ack"
    assert (await sa.recv("offers"))["draw"] == []
    await sa.act({"type": "draw_offer", "id": "d6"})
    await sb.recv("offers")
    accepted = await sb.act({"type": "draw_accept", "id": "d7"})
    assert accepted["type"] == "ack"
    await table.sync()
    assert sa.view["result"] == {"outcome": "draw", "reason": "agreement", "winner": None}  # type: ignore[index]


async def test_abort_only_before_first_move(server: Server) -> None:
    table = await seat_two(server)
    sa, _sb = table.sockets
    ack = await sa.act({"type": "abort", "id": "ab1"})
    assert ack["type"] == "ack"
    await table.sync()
    assert sa.view["result"]["outcome"] == "aborted"  # type: ignore[index]

    table = await seat_two(server)
    await table.setups()
    await table.move()
    refused = await table.sockets[1].act({"type": "abort", "id": "ab2"})
    assert refused["code"] == "illegal"


async def test_claim_after_grace_period(server: Server) -> None:
    table = await seat_two(server)
    await table.setups()
    sa, sb = table.sockets
    connected = await sa.act({"type": "claim", "id": "c1"})
    assert connected["code"] == "illegal"
    await sb.close()
    presence = await sa.recv("presence", skip=())
    seat_b = sb.seat or 0
    assert presence["seats"][seat_b]["connected"] is False
    early = await sa.act({"type": "claim", "id": "c2"})
    assert early["code"] == "illegal" and "wait" in early["message"]
    server.clock.advance(31_000)
    won = await sa.act({"type": "claim", "id": "c3"})
    assert won["type"] == "ack"
    await sa.events_until(won["version"])
    assert sa.view["result"] == {"outcome": "win", "reason": "abandon", "winner": sa.seat}  # type: ignore[index]


async def test_rematch_swaps_seats(server: Server) -> None:
    table = await seat_two(server)
    sa, sb = table.sockets
    too_early = await sa.act({"type": "rematch", "id": "rm0"})
    assert too_early["code"] == "illegal"
    first_game = sa.game_id
    await sa.act({"type": "abort", "id": "ab"})
    await table.sync()
    offer = await sa.act({"type": "rematch", "id": "rm1"})
    assert offer["type"] == "ack"
    assert (await sb.recv("offers"))["rematch"] == [sa.seat]
    accept = await sb.act({"type": "rematch", "id": "rm2"})
    assert accept["type"] == "ack"
    welcome_a = await sa.recv("welcome", skip=("presence", "offers"))
    welcome_b = [frame for frame in sb.frames if frame["type"] == "welcome"][-1]
    assert welcome_a["game_id"] == welcome_b["game_id"] != first_game
    assert welcome_a["you"]["seat"] == 1 and welcome_b["you"]["seat"] == 0
    assert welcome_a["room"]["game_number"] == 2 and welcome_a["version"] == 0
    summary = await table.players[0].http.get(f"/api/rooms/{table.room['room_id']}")
    assert summary.json()["your_seat"] == 1 and summary.json()["game_id"] == welcome_a["game_id"]
    await table.setups()
    await table.move()


async def test_spectator_cannot_act_and_sees_only_public(server: Server) -> None:
    table = await seat_two(server)
    watcher = server.player()
    token = table.room["watch_url"].rsplit("/", 1)[1]
    spectator = await watcher.connect(table.room["room_id"], watch=token)
    refused = await spectator.act({"type": "resign", "id": "sp1"})
    assert refused["code"] == "not_player"
    await table.setups()
    await spectator.events_until(table.version)
    for _ in range(6):
        if table.over():
            break
        await table.move()
        await spectator.events_until(table.version)
    for frame in spectator.frames:
        if frame["type"] == "event" and frame["event"] and frame["event"]["type"] == "setup_submitted":
            assert "position" not in frame["event"]
        if frame["type"] in ("event", "welcome") and not frame["view"]["result"]:
            board = frame["view"]["position"].split(" ")[0]
            assert not re.search(r"(?<![A-Za-z])[sn][1-8KBFS]", board), board


async def test_every_event_frame_names_the_version_its_view_is_at(server: Server) -> None:
    """One change may make several events (the second setup and the start of play): each
    frame carries the view after the whole change and says which version that is (``head``),
    and an action sent against ``head`` is not stale."""
    table = await seat_two(server)
    await table.setups()
    frames = [f for f in table.sockets[0].frames if f["type"] == "event"]
    by_head: dict[int, list[int]] = {}
    for frame in frames:
        by_head.setdefault(frame["head"], []).append(frame["version"])
    assert any(len(versions) > 1 for versions in by_head.values()), by_head
    for head, versions in by_head.items():
        assert max(versions) == head
    mover = table.mover()
    legal = (mover.view or {})["legal"]
    ack = await mover.act({"type": "move", "id": "on-head", "move": legal[0], "version": table.version})
    assert ack["type"] == "ack"
