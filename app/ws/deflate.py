"""Per-message deflate (RFC 7692) for the frames worth compressing, and no zlib state kept.

Most frames a viewer receives are a few hundred bytes of patch: compressing them saves
little and costs a zlib context per socket. A few are large: a Flickago shot (its
keyframes, 1.6 KB of JSON that deflates to about 0.7), a welcome (a Spies! view with its
tile manifest, 25 KB), a replay. So a socket whose browser offers per-message deflate gets
it on these terms:

- both sides keep no context between messages (``server_no_context_takeover``,
  ``client_no_context_takeover``): a compressor or decompressor lives for one message, and
  an open socket holds no zlib memory while it waits;
- the server compresses a message of :data:`SMALLEST` bytes or more and sends a shorter one
  as it is (RFC 7692 lets each message choose: its RSV1 bit says whether it is compressed).

What a viewer receives is unchanged once inflated: the same text, so secrecy is untouched.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

from websockets.extensions.base import Extension
from websockets.extensions.permessage_deflate import PerMessageDeflate, ServerPerMessageDeflateFactory
from websockets.frames import Frame, Opcode
from websockets.typing import ExtensionParameter

Kind = TypeVar("Kind", bound=PerMessageDeflate)

SMALLEST: Final = 1024
"""A message shorter than this many bytes goes uncompressed."""

WINDOW_BITS: Final = 12
MEMORY_LEVEL: Final = 5
"""zlib's window (4 KiB) and memory level for the server's messages, as uvicorn sets them: a
compressor made for one message costs a third of what zlib's defaults cost (16 against 54 µs
for 1.7 KB of text) and compresses a Flickago shot's frame as well (30 µs; bench/README.md)."""


def recast(negotiated: PerMessageDeflate, kind: type[Kind]) -> Kind:
    """The extension websockets negotiated, as an instance of its subclass ``kind``: the same
    parameters (how each side keeps its context, the windows, zlib's settings)."""
    return kind(
        negotiated.remote_no_context_takeover,
        negotiated.local_no_context_takeover,
        negotiated.remote_max_window_bits,
        negotiated.local_max_window_bits,
        negotiated.compress_settings,
    )


class LargeMessagesDeflate(PerMessageDeflate):
    """websockets' per-message deflate, which leaves a short whole message as it is."""

    def encode(self, frame: Frame) -> Frame:
        if frame.fin and frame.opcode in (Opcode.TEXT, Opcode.BINARY) and len(frame.data) < SMALLEST:
            return frame
        return super().encode(frame)


class LargeMessagesDeflateFactory(ServerPerMessageDeflateFactory):
    """Accepts a browser's offer of per-message deflate with no context kept on either side."""

    def __init__(self) -> None:
        super().__init__(
            server_no_context_takeover=True,
            client_no_context_takeover=True,
            server_max_window_bits=WINDOW_BITS,
            compress_settings={"memLevel": MEMORY_LEVEL},
        )

    def process_request_params(
        self, params: Sequence[ExtensionParameter], accepted_extensions: Sequence[Extension]
    ) -> tuple[list[ExtensionParameter], PerMessageDeflate]:
        response, negotiated = super().process_request_params(params, accepted_extensions)
        return response, recast(negotiated, LargeMessagesDeflate)
