"""The routes of e-mail (docs/protocol.md, "E-mail"): the guest's address, the links its
mails carry, and the sign-in request.

* ``GET/PUT/DELETE /api/me/email``: the address's state; set one (a confirmation mail
  goes); forget it.
* ``GET /email/confirm/{token}``: the confirmation link; a page in the guest's language.
* ``GET /email/unsubscribe/{token}``: a page with one button; ``POST`` to the same address
  unsubscribes at once (RFC 8058 one-click, and the page's button), no page needed.
* ``POST /api/email/sign-in``: mail a one-time link carrying the guest's identity to a
  confirmed address; the same answer whatever the address.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field

from app.deps import GuestDep, SettingsDep, base_url, client_address
from app.errors import AppError
from app.notify.email_service import EmailService
from app.notify.email_text import page
from app.rooms.schemas import ErrorResponse

NO_STORE = {"cache-control": "no-store"}


def _email(request: Request) -> EmailService:
    return request.app.state.email  # type: ignore[no-any-return]


EmailDep = Annotated[EmailService, Depends(_email)]


class AddressBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    address: str = Field(max_length=1000)
    lang: str | None = Field(default=None, max_length=8)


class SignInBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    address: str = Field(max_length=1000)


class EmailStatus(BaseModel):
    enabled: bool
    """False when the server has no mail relay: e-mail is off."""
    state: str
    """``none``, ``pending`` (the confirmation link is not opened yet) or ``confirmed``."""
    address: str | None
    lang: str | None


class SignInAccepted(BaseModel):
    status: str = "accepted"
    message: str = "if a player confirmed this address, a sign-in link is on its way to it"


# Every refusal is {"detail": {"code", "message"}}, documented as such (4xx, and 503 when the
# relay does not take a confirmation mail).
api = APIRouter(
    prefix="/api",
    responses={
        "4XX": {"model": ErrorResponse, "description": "refused"},
        "503": {"model": ErrorResponse, "description": "the mail relay or the database is unavailable"},
    },
)
pages = APIRouter()


@api.get("/me/email")
async def email_status(guest: GuestDep, email: EmailDep) -> EmailStatus:
    return EmailStatus.model_validate(await email.status(guest))


@api.put("/me/email")
async def set_email(
    body: AddressBody, request: Request, guest: GuestDep, email: EmailDep, settings: SettingsDep
) -> EmailStatus:
    if not email.set_limit.take(client_address(request)):
        raise AppError("rate_limited", "too many addresses set from your address; wait a few minutes", 429)
    status = await email.set_address(guest, body.address, body.lang, base_url(request, settings))
    return EmailStatus.model_validate(status)


@api.delete("/me/email")
async def remove_email(guest: GuestDep, email: EmailDep) -> EmailStatus:
    return EmailStatus.model_validate(await email.remove(guest))


@api.post("/email/sign-in", status_code=202)
async def sign_in_by_email(
    body: SignInBody, request: Request, email: EmailDep, settings: SettingsDep
) -> SignInAccepted:
    if not request.app.state.email_sign_in_limit.take(client_address(request)):
        raise AppError("rate_limited", "too many sign-in requests from your address; wait a minute", 429)
    await email.request_sign_in(body.address, base_url(request, settings))
    return SignInAccepted()


@pages.get("/email/confirm/{token}", include_in_schema=False)
async def confirm_page(token: str, email: EmailDep) -> HTMLResponse:
    record = await email.confirm(token)
    if record is None:
        return HTMLResponse(page(await email.link_lang("confirm", token), "bad_confirm"), 400, NO_STORE)
    return HTMLResponse(page(record.lang, "confirmed"), 200, NO_STORE)


@pages.get("/email/unsubscribe/{token}", include_in_schema=False)
async def unsubscribe_page(token: str, email: EmailDep) -> HTMLResponse:
    """A page with one button: a GET changes nothing (mail scanners open links)."""
    lang = await email.link_lang("unsubscribe", token)
    if email.tokens.read("unsubscribe", token, email.clock.now_ms()) is None:
        return HTMLResponse(page(lang, "bad_confirm"), 400, NO_STORE)
    return HTMLResponse(page(lang, "unsubscribe", form_action=f"/email/unsubscribe/{token}"), 200, NO_STORE)


@pages.post("/email/unsubscribe/{token}", include_in_schema=False)
async def unsubscribe(token: str, email: EmailDep) -> HTMLResponse:
    """RFC 8058 one-click (``List-Unsubscribe=One-Click``) or the page's button: done at
    once. An address already forgotten is as unsubscribed as can be: the same answer."""
    lang = await email.link_lang("unsubscribe", token)
    if email.tokens.read("unsubscribe", token, email.clock.now_ms()) is None:
        return HTMLResponse(page(lang, "bad_confirm"), 400, NO_STORE)
    await email.unsubscribe(token)
    return HTMLResponse(page(lang, "unsubscribed"), 200, NO_STORE)
