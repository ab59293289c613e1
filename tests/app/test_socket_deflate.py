"""Per-message deflate on the sockets (``app/ws/deflate.py``): a browser that offers it gets
frames of 1 KiB or more compressed and shorter ones as they are, the same texts once
inflated, no zlib context kept between messages, and the frame limits still in words."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from typing import Any

from conftest import Server
from server_harness import RECV_TIMEOUT, Socket, seat_two
from websockets.asyncio.client import ClientConnection, connect
from websockets.extensions.base import Extension
from websockets.extensions.permessage_deflate import ClientPerMessageDeflateFactory, PerMessageDeflate
from websockets.frames import Frame, Opcode
from websockets.typing import ExtensionParameter

from app.identity import COOKIE_NAME
from app.ws.deflate import SMALLEST, LargeMessagesDeflate, recast


class _Recording(PerMessageDeflate):
    """A client's per-message deflate that notes each text frame as it came on the wire:
    compressed or not (its RSV1 bit) and its bytes."""

    wire: list[tuple[bool, int]]

    def decode(self, frame: Frame, *, max_size: int | None = None) -> Frame:
        if frame.opcode is Opcode.TEXT:
            self.wire.append((frame.rsv1, len(frame.data)))
        return super().decode(frame, max_size=max_size)


class _RecordingFactory(ClientPerMessageDeflateFactory):
    """A browser's offer (``permessage-deflate; client_max_window_bits``), recording."""

    def __init__(self) -> None:
        super().__init__(client_max_window_bits=True)
        self.wire: list[tuple[bool, int]] = []
        self.answer: Sequence[ExtensionParameter] = ()

    def process_response_params(
        self, params: Sequence[ExtensionParameter], accepted_extensions: Sequence[Extension]
    ) -> PerMessageDeflate:
        self.answer = params
        recording = recast(super().process_response_params(params, accepted_extensions), _Recording)
        recording.wire = self.wire
        return recording


async def _open(server: Server, cookie: str | None, room_id: str, **options: Any) -> ClientConnection:
    url = server.base.replace("http://", "ws://") + f"/ws/rooms/{room_id}"
    return await connect(url, additional_headers={"Cookie": f"{COOKIE_NAME}={cookie}"}, **options)


async def _until_pong(ws: ClientConnection) -> list[str]:
    """Every text received up to the answer of a ping sent after the hello."""
    texts: list[str] = []
    while not texts or json.loads(texts[-1])["type"] != "pong":
        texts.append(str(await asyncio.wait_for(ws.recv(), RECV_TIMEOUT)))
    return texts


def _welcome(texts: list[str]) -> str:
    return next(text for text in texts if json.loads(text)["type"] == "welcome")


async def test_large_frames_go_compressed_and_short_ones_as_they_are(server: Server) -> None:
    alice, bob = server.player(), server.player()
    room = await alice.create_room(game="spies", players=2, setup_seconds=None)
    assert (await bob.claim(room["invite_url"])).status_code == 200
    await alice.connect(room["room_id"])
    await bob.connect(room["room_id"])
    deflating = _RecordingFactory()
    ws = await _open(server, alice.cookie, room["room_id"], extensions=[deflating], compression=None)
    plain = await _open(server, alice.cookie, room["room_id"], compression=None)
    try:
        assert ("server_no_context_takeover", None) in deflating.answer
        assert ("client_no_context_takeover", None) in deflating.answer
        for socket in (ws, plain):
            await socket.send('{"type":"hello","last_version":null}')
            await socket.send('{"type":"ping"}')
        got = await _until_pong(ws)
        expected = await _until_pong(plain)
        # The same welcome as a socket without compression (other frames may differ in time).
        assert _welcome(got) == _welcome(expected)
        wire = zip(got, deflating.wire, strict=True)
        sizes = {json.loads(text)["type"]: (text, frame) for text, frame in wire}
        welcome, (compressed, wire_bytes) = sizes["welcome"]
        assert len(welcome.encode()) >= SMALLEST and compressed
        assert wire_bytes < len(welcome.encode()) / 2, (wire_bytes, len(welcome.encode()))
        pong, (compressed, wire_bytes) = sizes["pong"]
        assert not compressed and wire_bytes == len(pong.encode())
        # The server keeps no zlib context for the socket between messages.
        protocols = [
            connection.port.conn  # type: ignore[attr-defined]
            for listeners in server.app.state.hub._rooms.values()
            for connection in listeners
        ]
        negotiated = [
            extension
            for protocol in protocols
            for extension in protocol.extensions
            if isinstance(extension, LargeMessagesDeflate)
        ]
        assert len(negotiated) == 3  # the harness's two (websockets' default offer) and ours
        for extension in negotiated:
            assert not hasattr(extension, "encoder") and not hasattr(extension, "decoder")
    finally:
        await ws.close()
        await plain.close()


async def test_a_compressed_frame_over_the_limit_is_refused_in_words(server: Server) -> None:
    table = await seat_two(server)
    limit = server.app.state.settings.max_frame_bytes
    socket: Socket = table.sockets[0]
    padding = " " * (limit + 10)
    # websockets' default client compresses every frame: this one travels in a few dozen bytes.
    assert [type(extension) for extension in socket.connection.protocol.extensions] == [PerMessageDeflate]
    await socket.send('{"type":"ping","pad":"' + padding + '"}')
    frame = await socket.recv("error")
    assert frame["code"] == "too_large" and str(limit) in frame["message"]
    assert (await socket.act({"type": "abort", "id": "a1"}))["type"] == "ack"
