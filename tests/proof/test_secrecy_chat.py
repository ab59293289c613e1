"""Secrecy of Spies!' private channels at the wire (issue 13). Chat is stored and delivered by
app/chat.py, not by a game's view, so the game proofs do not cover it: here every seat of a
4-seat Spies! room writes to every other seat on its ``seat:<n>`` channel, and no byte of a
line reaches a third seat or a spectator — live, in a fresh welcome (the stored lines), or
after a reconnection — while both seats of the pair receive it.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

import pytest
from conftest import Server
from server_harness import Socket, token_of

FAST = {"chat_lines_per_second": 1000}
QUIET = ("presence", "offers", "event", "fairness", "chat", "ack", "welcome")


async def _say(sock: Socket, channel: str, text: str, action_id: str) -> dict[str, Any]:
    await sock.send({"type": "chat", "id": action_id, "channel": channel, "text": text})
    return await sock.recv("ack", "error", skip=("presence", "offers", "event", "chat", "fairness"))


async def _drain(sock: Socket) -> None:
    """Everything sent to ``sock`` before a ping has arrived once its pong has."""
    await sock.send({"type": "ping"})
    await sock.recv("pong", skip=QUIET)


def _received(sock: Socket) -> str:
    return json.dumps(sock.frames, ensure_ascii=False)


@pytest.mark.parametrize("settings_overrides", [FAST])
async def test_a_private_line_reaches_its_two_seats_only(server: Server) -> None:
    people = [server.player() for _ in range(4)]
    room = await people[0].create_room(game="spies", players=4, options={"private_chat": "always"})
    for person in people[1:]:
        assert (await person.claim(room["invite_url"])).status_code == 200
    socks = [await person.connect(room["room_id"]) for person in people]
    watch = token_of(room["watch_url"])
    watchers = [await server.player().connect(room["room_id"], watch=watch) for _ in range(2)]
    assert sorted(sock.seat for sock in socks) == [0, 1, 2, 3]  # type: ignore[type-var]

    lines: dict[str, tuple[int, int]] = {}
    for writer in socks:
        for reader in socks:
            if reader is writer:
                continue
            assert writer.seat is not None and reader.seat is not None
            text = f"psst {writer.seat}>{reader.seat} {secrets.token_hex(6)}"
            ack = await _say(writer, f"seat:{reader.seat}", text, f"p{len(lines)}")
            assert ack["type"] == "ack", ack
            got = await reader.recv("chat", skip=QUIET[:-2])
            assert got == {
                "type": "chat",
                "channel": f"seat:{writer.seat}",
                "from": writer.seat,
                "text": text,
                "at": got["at"],
            }
            lines[text] = (writer.seat, reader.seat)
    assert len(lines) == 12
    for sock in (*socks, *watchers):
        await _drain(sock)

    def check(seat: int | None, received: str, where: str) -> None:
        for text, pair in lines.items():
            assert (text in received) == (seat in pair), (where, seat, pair)
        assert seat is not None or "psst" not in received, where

    for sock in socks:
        check(sock.seat, _received(sock), "live")
    for sock in watchers:
        check(None, _received(sock), "live")

    # Stored lines come back in a fresh welcome, to the pair only.
    for person, sock in zip(people, socks, strict=True):
        again = await person.connect(room["room_id"])
        welcome = next(f for f in again.frames if f["type"] == "welcome")
        check(sock.seat, json.dumps(welcome["chat"], ensure_ascii=False), "welcome")
        assert len(welcome["chat"]) == 6  # three lines written, three received
    spectator = await server.player().connect(room["room_id"], watch=watch)
    welcome = next(f for f in spectator.frames if f["type"] == "welcome")
    assert welcome["chat"] == []

    # A reconnection that replays from a version (events, offers, presence; a welcome when
    # the version is too old): never a line of another pair.
    for person, sock in zip(people, socks, strict=True):
        back = await person.connect(room["room_id"], hello=False)
        await back.hello(last_version=sock.last_version, game_id=sock.game_id)
        await _drain(back)
        received = _received(back)
        assert all(text not in received for text, pair in lines.items() if sock.seat not in pair)
