"""What an e-mail address may be here, checked strictly, and the hash the logs use.

An address typed into a page goes into a mail's ``To:`` header: anything that could end a
header or start another (a line break, any control character), a display name, a comment,
a list or a quoted local part is refused in words, never cleaned up and used. The address
itself is never logged: :func:`address_hash` names it in logs and finds it in the table.
"""

from __future__ import annotations

import hashlib
import re
from typing import Final

from app.errors import AppError

MAX_LENGTH: Final = 254
MAX_LOCAL: Final = 64
_LOCAL: Final = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*")
_LABEL: Final = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?")
_CONTROL: Final = re.compile(r"[\x00-\x1f\x7f\u0080-\u009f\u2028\u2029]")


def bad_address(message: str) -> AppError:
    return AppError("bad_address", message, 422)


def valid_address(raw: object) -> str:
    """``raw`` as an address to mail (surrounding spaces removed), or a refusal in words."""
    if not isinstance(raw, str):
        raise bad_address("an e-mail address is text")
    if _CONTROL.search(raw):
        raise bad_address("an e-mail address holds no line break or control character")
    address = raw.strip()
    if not address:
        raise bad_address("enter an e-mail address")
    if len(address) > MAX_LENGTH:
        raise bad_address(f"an e-mail address has at most {MAX_LENGTH} characters")
    if any(char.isspace() for char in address):
        raise bad_address("an e-mail address holds no spaces")
    if not address.isascii():
        raise bad_address("only addresses written in plain Latin letters, digits and . _ - + are accepted")
    if address.count("@") != 1:
        raise bad_address("an e-mail address has exactly one @, as in name@example.org")
    local, domain = address.split("@")
    if not local or len(local) > MAX_LOCAL or not _LOCAL.fullmatch(local):
        raise bad_address("the part before the @ is not a plain mailbox name")
    labels = domain.split(".")
    if len(labels) < 2 or not all(_LABEL.fullmatch(label) for label in labels) or labels[-1].isdigit():
        raise bad_address("the part after the @ is not a domain such as example.org")
    return address


def address_hash(address: str) -> str:
    """SHA-256 of the address in lower case: what a log line or the table's lookup names."""
    return hashlib.sha256(address.lower().encode()).hexdigest()


def log_name(address_digest: str) -> str:
    """The short form of an address's hash written in logs."""
    return address_digest[:12]
