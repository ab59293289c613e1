"""The game-agnostic protocol every game implements.

The server, the bots and the tests speak only to :class:`Game`. A game is an immutable
rulebook object (configuration lives in the state); a state is an opaque value that only its
game understands. Everything crosses the boundary as plain JSON-ready dicts:

* actions in: ``{"type": ..., ...}`` dicts, checked by :meth:`Game.apply`;
* states out: :meth:`Game.view` for one viewer, or :meth:`Game.to_dict` (the full, secret
  state, for storage only — never for a viewer);
* events out: :meth:`Game.project` turns an engine :class:`Event` into what one viewer may
  see of it, or ``None`` when he is entitled to nothing.

Chance (shuffles, the first player draw) comes from the seeded generator held in the state,
so a game replays exactly from its seed and its list of actions.

Seats are ``0 .. players-1``. A viewer is a seat, :data:`SPECTATOR` (public facts only) or
:data:`EVERYONE` (the whole truth, for after the game).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Generic, Literal, TypeVar

from engine.errors import GameOver, InvalidAction, NotYourTurn

SPECTATOR: Final = "spectator"
EVERYONE: Final = "everyone"
Viewer = int | Literal["spectator", "everyone"]

Outcome = Literal["win", "draw", "aborted"]


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended. ``winner`` is a seat for a win, ``None`` otherwise."""

    outcome: Outcome
    reason: str
    winner: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"outcome": self.outcome, "reason": self.reason, "winner": self.winner}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Result:
        return cls(outcome=data["outcome"], reason=data["reason"], winner=data.get("winner"))

    @classmethod
    def win(cls, winner: int, reason: str) -> Result:
        return cls("win", reason, winner)

    @classmethod
    def draw(cls, reason: str) -> Result:
        return cls("draw", reason)

    @classmethod
    def aborted(cls, reason: str = "aborted") -> Result:
        return cls("aborted", reason)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, in full truth. Never sent as is: see :meth:`Game.project`."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)


S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Transition(Generic[S]):
    """What :meth:`Game.apply` returns: the new state and the events it produced."""

    state: S
    events: tuple[Event, ...]


# Reasons a game can be ended from outside the rules (by the server, for the players).
EXTERNAL_ENDINGS: Final = frozenset({"resign", "agreement", "timeout", "abandon", "aborted"})


class Game(ABC, Generic[S]):
    """A rulebook. Subclasses implement the abstract methods; the rest is shared."""

    name: str
    min_players: int = 2
    max_players: int = 2

    # -- creation ---------------------------------------------------------------------
    @abstractmethod
    def new_game(self, seed: int, options: Mapping[str, Any] | None = None, players: int = 2) -> S:
        """A fresh game. ``options`` may name a preset (``{"preset": ...}``) and override it."""

    @abstractmethod
    def presets(self) -> Mapping[str, Mapping[str, Any]]:
        """The named rule presets, each a full option mapping."""

    # -- whose turn -------------------------------------------------------------------
    @abstractmethod
    def actors(self, state: S) -> frozenset[int]:
        """Seats that may act now (several during a simultaneous phase; none when over)."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[dict[str, Any]]:
        """Every legal action of ``seat`` that can be listed.

        Free-form actions (a secret setup) are not listed; :meth:`apply` checks them.
        """

    @abstractmethod
    def apply(self, state: S, seat: int, action: Mapping[str, Any]) -> Transition[S]:
        """Apply ``action`` for ``seat``; raise a :class:`engine.errors.GameError` and change
        nothing when it is malformed, illegal, out of turn or after the end."""

    @abstractmethod
    def default_action(self, state: S, seat: int) -> dict[str, Any] | None:
        """What to play for ``seat`` when its time runs out in a phase that must complete
        (a random legal setup), or ``None`` when running out of time loses instead."""

    # -- the end ----------------------------------------------------------------------
    @abstractmethod
    def result(self, state: S) -> Result | None:
        """The result, or ``None`` while the game goes on."""

    @abstractmethod
    def conclude(self, state: S, result: Result) -> Transition[S]:
        """End the game from outside the rules: resignation, agreed draw, flag fall,
        abandonment or abort. Raises :class:`GameOver` if it has already ended."""

    def is_over(self, state: S) -> bool:
        return self.result(state) is not None

    def is_started(self, state: S) -> bool:
        """Whether play proper (past any setup phase) has begun."""
        return True

    def moves_played(self, state: S) -> int:
        """How many turns have been played; the server allows an abort only at 0."""
        return 0

    # -- what a viewer may know -------------------------------------------------------
    @abstractmethod
    def view(self, state: S, viewer: Viewer, history: bool = True) -> dict[str, Any]:
        """Everything ``viewer`` may know of ``state``, JSON-ready. The one redaction
        boundary for states: nothing else of a state is ever shown. ``history=False``
        leaves out the public move history (for frames that follow it event by event)."""

    @abstractmethod
    def project(self, event: Event, viewer: Viewer) -> dict[str, Any] | None:
        """What ``viewer`` may know of ``event``, or ``None`` if nothing."""

    # -- storage ----------------------------------------------------------------------
    @abstractmethod
    def to_dict(self, state: S) -> dict[str, Any]:
        """The whole state (secrets included), lossless, JSON-ready. For storage only."""

    @abstractmethod
    def from_dict(self, data: Mapping[str, Any]) -> S:
        """Inverse of :meth:`to_dict`."""

    # -- shared helpers ---------------------------------------------------------------
    def check_can_act(self, state: S, seat: int) -> None:
        """Raise the documented error if ``seat`` may not act now."""
        if self.is_over(state):
            raise GameOver("the game is over")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise InvalidAction("seat must be an integer")
        if seat not in self.actors(state):
            raise NotYourTurn("it is not your turn")

    @staticmethod
    def action_type(action: Mapping[str, Any]) -> str:
        """The ``type`` of an action dict, or :class:`InvalidAction`."""
        if not isinstance(action, Mapping):
            raise InvalidAction("an action must be an object")
        kind = action.get("type")
        if not isinstance(kind, str):
            raise InvalidAction("an action needs a string 'type'")
        return kind
