"""Notifications that reach a player outside the room's page (issue 27).

A :class:`Notice` names only what every seat of the room may know: the room, the game, the
kind of notice and whose turn it is (public in every game). Channels (Web Push, e-mail)
deliver a notice to one guest; none of them may add anything to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

NoticeKind = Literal["your_turn", "game_started", "game_over", "time_low"]


@dataclass(frozen=True, slots=True)
class Notice:
    kind: NoticeKind
    guest_id: str
    """The recipient."""
    room_id: str
    game: str
    """The game's catalogue name (its title is the client's to translate)."""
    game_title: str
    url: str
    """Absolute address of the room."""
    turn_of: tuple[str, ...] = ()
    """Display names of the seats whose turn it is (public)."""
    hours_left: int | None = None
    """For ``time_low``: whole hours left to the recipient's deadline."""
    turn_seats: tuple[int, ...] = ()
    """The seats whose turn it is (public), for a channel that names them in the
    recipient's language (``turn_of`` is in English)."""


class Channel(Protocol):
    """One way of reaching a guest outside the page (Web Push, e-mail)."""

    name: str

    async def deliver(self, notice: Notice) -> None:
        """Send ``notice`` to its guest, if he asked for this channel; never raise for a
        delivery that failed (log it without the address)."""
