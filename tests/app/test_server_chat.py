"""Room chat (issue 10): the players' chat never reaches a spectator, the spectators' chat
never reaches a player, a private channel reaches its two seats only, lines are stored and
come back in the welcome, length- and rate-limited, and a player can mute another."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from conftest import Server
from server_harness import Socket, seat_two, token_of

from engine import catalogue

FAST = {"chat_lines_per_second": 1000}


async def _say(sock: Socket, channel: str, text: str, action_id: str) -> dict[str, Any]:
    await sock.send({"type": "chat", "id": action_id, "channel": channel, "text": text})
    return await sock.recv("ack", "error", skip=("presence", "offers", "event", "chat", "welcome"))


async def _chat(sock: Socket) -> dict[str, Any]:
    return await sock.recv("chat", skip=("presence", "offers", "event", "ack", "welcome"))


@pytest.mark.parametrize("settings_overrides", [FAST])
async def test_players_and_spectators_chat_apart(server: Server) -> None:
    table = await seat_two(server)
    sa, sb = table.sockets
    watch = token_of(table.room["watch_url"])
    carol, dave = server.player(), server.player()
    sc = await carol.connect(table.room["room_id"], watch=watch)
    sd = await dave.connect(table.room["room_id"], watch=watch)

    assert (await _say(sa, "players", "good luck", "c1"))["type"] == "ack"
    line = await _chat(sb)
    assert line == {
        "type": "chat",
        "channel": "players",
        "from": sa.seat,
        "text": "good luck",
        "at": line["at"],
    }
    assert (await _say(sc, "spectators", "who wins?", "c2"))["type"] == "ack"
    assert (await _chat(sd))["text"] == "who wins?"
    # Neither chat crosses over: a spectator saw no players' line, a player no spectators'.
    await sc.silence(0.3, skip=("presence", "chat"))
    assert all(f.get("channel") != "players" for f in sc.frames + sd.frames if f["type"] == "chat")
    assert all(f.get("channel") != "spectators" for f in sa.frames + sb.frames if f["type"] == "chat")
    for sock, channel in ((sc, "players"), (sa, "spectators"), (sa, "seat:1")):
        refused = await _say(sock, channel, "psst", f"no-{channel}")
        assert refused["type"] == "error" and refused["code"] == "forbidden", refused
    for text in ("x" * 501, "bell\x07", "line\nbreak", "   "):
        refused = await _say(sa, "players", text, "bad")
        assert refused["type"] == "error" and refused["code"] == "bad_message", (text, refused)

    # Stored: a fresh socket finds its own channels' lines in the welcome, and only those.
    again_b = await table.players[1].connect(table.room["room_id"])
    again_c = await carol.connect(table.room["room_id"], watch=watch)
    assert [line["text"] for line in again_b.frames[-1]["chat"]] == ["good luck"]
    assert [line["text"] for line in again_c.frames[-1]["chat"]] == ["who wins?"]


@pytest.mark.parametrize("settings_overrides", [FAST])
async def test_a_player_can_mute_another(server: Server) -> None:
    table = await seat_two(server)
    sa, sb = table.sockets
    await sb.send({"type": "mute", "id": "m1", "seat": sa.seat, "muted": True})
    assert (await sb.recv("ack", skip=("presence",)))["id"] == "m1"
    assert (await _say(sa, "players", "you will lose", "c1"))["type"] == "ack"
    await sb.silence(0.3)
    await sb.send({"type": "mute", "id": "m2", "seat": sa.seat, "muted": False})
    await sb.recv("ack", skip=("presence",))
    assert (await _say(sa, "players", "sorry", "c2"))["type"] == "ack"
    assert (await _chat(sb))["text"] == "sorry"


async def test_chat_is_rate_limited(server: Server) -> None:
    table = await seat_two(server)
    sa = table.sockets[0]
    answers = []
    for index in range(3):
        await sa.send({"type": "chat", "id": f"r{index}", "channel": "players", "text": "spam"})
    for _ in range(3):
        answers.append(await sa.recv("ack", "error", skip=("presence", "chat")))
    assert [a["type"] for a in answers].count("ack") == 1
    assert all(a["code"] == "rate_limited" for a in answers if a["type"] == "error")


@pytest.mark.parametrize("settings_overrides", [FAST])
async def test_a_private_channel_reaches_its_two_seats_only(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a game whose rules call for private talk (Spies!, here Prohibition given the
    flag), seat to seat; the third player and the spectators receive nothing of it."""
    catalogue.entries()  # loaded, so the entry can be swapped for this test
    talking = dataclasses.replace(catalogue.entry("prohibition"), private_channels=True)
    monkeypatch.setitem(catalogue._loaded, "prohibition", talking)  # type: ignore[arg-type]
    people = [server.player() for _ in range(3)]
    room = await people[0].create_room(game="prohibition", players=3)
    for person in people[1:]:
        assert (await person.claim(room["invite_url"])).status_code == 200
    socks = [await person.connect(room["room_id"]) for person in people]
    watcher = await server.player().connect(room["room_id"], watch=token_of(room["watch_url"]))
    first, second, third = socks
    assert (await _say(first, f"seat:{second.seat}", "an offer", "p1"))["type"] == "ack"
    got = await _chat(second)
    assert got["channel"] == f"seat:{first.seat}" and got["from"] == first.seat and got["text"] == "an offer"
    for sock in (third, watcher):
        await sock.silence(0.3, skip=("presence", "offers", "event", "fairness"))
    mine = next(f for f in first.frames if f["type"] == "chat")
    assert mine["channel"] == f"seat:{second.seat}"
    again = await people[2].connect(room["room_id"])
    assert again.frames[-1]["chat"] == []
