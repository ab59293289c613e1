"""A real SMTP server for the tests (aiosmtpd, in a thread of the test process) that keeps
every mail it accepts, parsed, so that a test reads what the server really sent."""

from __future__ import annotations

import asyncio
import email
import email.policy
import logging
import re
import socket
import threading
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller

LINK = re.compile(r"https?://\S+")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class _Keep:
    def __init__(self, box: SmtpBox) -> None:
        self.box = box

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        with self.box.lock:
            self.box.mails.append((list(envelope.rcpt_tos), message))
        return "250 OK"


class SmtpBox:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.mails: list[tuple[list[str], EmailMessage]] = []
        self.port = free_port()
        # The box's own log names recipients; it is the test's, not the server's: kept off the
        # root logger, where the server's log lines are checked for addresses.
        logging.getLogger("mail.log").propagate = False
        self.controller = Controller(_Keep(self), hostname="127.0.0.1", port=self.port)

    def start(self) -> None:
        self.controller.start()

    def stop(self) -> None:
        self.controller.stop()

    def count(self) -> int:
        with self.lock:
            return len(self.mails)

    def to(self, address: str) -> list[EmailMessage]:
        with self.lock:
            return [message for rcpt, message in self.mails if address in rcpt]

    async def wait_for(self, count: int, timeout: float = 10.0) -> None:
        """Wait until the box holds ``count`` mails (a background send)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while self.count() < count:
            if loop.time() > end:
                raise AssertionError(f"{self.count()} mails arrived, {count} expected")
            await asyncio.sleep(0.02)


def body_of(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("plain",))
    assert part is not None
    return str(part.get_content())


def links_in(message: EmailMessage) -> list[str]:
    return LINK.findall(body_of(message))
