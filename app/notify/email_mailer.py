"""Sending one mail through the configured relay (aiosmtplib), and building it.

Every mail is plain text, UTF-8, marked ``Auto-Submitted: auto-generated`` (no vacation
replies); a notification also carries the RFC 8058 one-click unsubscribe headers. Failures
come back as :class:`MailError` without the address in them: callers log the address's
hash, never the address.
"""

from __future__ import annotations

import email.utils
from email.message import EmailMessage

import aiosmtplib

from app.config import Settings


class MailError(Exception):
    """The relay refused the mail or could not be reached (the reason carries no address)."""


def build(
    settings: Settings,
    to: str,
    subject: str,
    body: str,
    unsubscribe_url: str | None = None,
    now_s: float | None = None,
) -> EmailMessage:
    message = EmailMessage()
    message["From"] = settings.smtp_from
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = email.utils.formatdate(now_s, usegmt=True)
    domain = email.utils.parseaddr(settings.smtp_from)[1].rpartition("@")[2] or "localhost"
    message["Message-ID"] = email.utils.make_msgid(domain=domain)
    message["Auto-Submitted"] = "auto-generated"
    if unsubscribe_url is not None:
        message["List-Unsubscribe"] = f"<{unsubscribe_url}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message.set_content(body)
    return message


class Mailer:
    """The relay of ``SPEAKEASY_SMTP_*``; ``enabled`` is false without a host."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    @property
    def enabled(self) -> bool:
        return bool(self.settings.smtp_host)

    async def send(self, message: EmailMessage) -> None:
        settings = self.settings
        if not settings.smtp_host:
            raise MailError("e-mail is off on this server (no SPEAKEASY_SMTP_HOST)")
        try:
            await aiosmtplib.send(
                message,
                hostname=settings.smtp_host,
                port=settings.smtp_port,
                username=settings.smtp_username or None,
                password=settings.smtp_password or None,
                use_tls=settings.smtp_security == "tls",
                start_tls=settings.smtp_security == "starttls",
                timeout=settings.smtp_timeout_seconds,
            )
        except (aiosmtplib.SMTPException, OSError, TimeoutError) as error:
            raise MailError(_reason(error)) from None


def _reason(error: BaseException) -> str:
    """What went wrong, without what the relay may have echoed (a refused recipient's
    reply names its address)."""
    if isinstance(error, aiosmtplib.SMTPResponseException):
        return f"the relay answered {error.code}"
    if isinstance(error, aiosmtplib.SMTPException):
        return type(error).__name__
    return f"the relay could not be reached ({type(error).__name__})"
