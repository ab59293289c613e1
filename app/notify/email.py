"""The e-mail channel (issue 27): a :class:`~app.notify.Channel` that mails a notice to its
guest's confirmed address, within the limits of :class:`EmailService`.

Registered with the notification dispatch in ``app/main.py``; the routes of the address
(``/api/me/email``, the confirmation and unsubscribe links, the sign-in request) are in
:mod:`app.notify.email_routes`.
"""

from __future__ import annotations

import logging

from app.notify import Notice
from app.notify.email_service import EmailService

log = logging.getLogger("speakeasy.email")


class EmailChannel:
    name = "email"

    def __init__(self, service: EmailService) -> None:
        self.service = service

    async def deliver(self, notice: Notice) -> None:
        try:
            await self.service.deliver(notice)
        except Exception:  # a notice must never break the move that caused it
            log.exception("email notice failed", extra={"kind": notice.kind})
