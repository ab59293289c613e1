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

import contextlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Generic, Literal, TypeVar

from engine.errors import GameOver, InvalidAction, NotYourTurn

SPECTATOR: Final = "spectator"
EVERYONE: Final = "everyone"
Viewer = int | Literal["spectator", "everyone"]

Outcome = Literal["win", "draw", "aborted"]
SeatOutcome = Literal["win", "loss", "draw", "aborted"]
WithdrawReason = Literal["resign", "timeout", "abandon"]
WITHDRAW_REASONS: Final = frozenset({"resign", "timeout", "abandon"})


def _seats(value: Any, what: str) -> tuple[int, ...]:
    if not isinstance(value, tuple | list) or not all(
        isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in value
    ):
        raise ValueError(f"{what} must be a tuple of seat numbers")
    return tuple(value)


def _per_seat(value: Any, what: str) -> tuple[int, ...] | None:
    if value is None:
        return None
    if not isinstance(value, tuple | list) or not all(
        isinstance(x, int) and not isinstance(x, bool) for x in value
    ):
        raise ValueError(f"{what} must be a tuple of integers, one per seat")
    return tuple(value)


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended, for any number of seats.

    ``outcome`` is ``"win"`` exactly when ``winners`` is non-empty (several winners share first
    place). ``scores`` and ``ranks`` (1 = first, equal ranks tie) are per seat when the game
    scores; ``withdrawn`` lists the seats that left and were autopiloted (they cannot win).
    """

    outcome: Outcome
    reason: str
    winners: tuple[int, ...] = ()
    scores: tuple[int, ...] | None = None
    ranks: tuple[int, ...] | None = None
    withdrawn: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.outcome not in ("win", "draw", "aborted"):
            raise ValueError(f"unknown outcome {self.outcome!r}")
        if not isinstance(self.reason, str) or not self.reason:
            raise ValueError("a result needs a reason")
        # Lists (from JSON) become tuples, so equal results compare and hash equal.
        object.__setattr__(self, "winners", _seats(self.winners, "winners"))
        object.__setattr__(self, "withdrawn", _seats(self.withdrawn, "withdrawn"))
        object.__setattr__(self, "scores", _per_seat(self.scores, "scores"))
        object.__setattr__(self, "ranks", _per_seat(self.ranks, "ranks"))
        if (self.outcome == "win") != bool(self.winners):
            raise ValueError("a win has winners, and only a win has")
        if set(self.winners) & set(self.withdrawn):
            raise ValueError("a seat that withdrew cannot win")
        if self.scores is not None and self.ranks is not None and len(self.scores) != len(self.ranks):
            raise ValueError("scores and ranks need one entry per seat")

    @property
    def winner(self) -> int | None:
        """The single winner, else ``None`` (the two-seat form the server and browser read)."""
        return self.winners[0] if len(self.winners) == 1 else None

    def seat_outcome(self, seat: int) -> SeatOutcome:
        """What the end means for ``seat``: a withdrawn seat loses even a game nobody won."""
        if self.outcome == "aborted":
            return "aborted"
        if seat in self.winners:
            return "win"
        if self.outcome == "draw" and seat not in self.withdrawn:
            return "draw"
        return "loss"

    def is_legacy(self) -> bool:
        """Whether the old ``{"outcome", "reason", "winner"}`` form says it all."""
        return len(self.winners) <= 1 and self.scores is None and self.ranks is None and not self.withdrawn

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready. Always ``outcome``, ``reason`` and ``winner``; ``winners``, ``scores``,
        ``ranks`` and ``withdrawn`` too unless the result is a plain one-winner-or-none result
        without scores (then the old three-key form, which stored games and clients hold)."""
        out: dict[str, Any] = {"outcome": self.outcome, "reason": self.reason, "winner": self.winner}
        if not self.is_legacy():
            out["winners"] = list(self.winners)
            out["scores"] = None if self.scores is None else list(self.scores)
            out["ranks"] = None if self.ranks is None else list(self.ranks)
            out["withdrawn"] = list(self.withdrawn)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Result:
        """Reads both forms (the old one has only ``winner``)."""
        if "winners" in data:
            winners = data["winners"]
        else:
            winner = data.get("winner")
            winners = () if winner is None else (winner,)
        return cls(
            outcome=data["outcome"],
            reason=data["reason"],
            winners=tuple(winners),
            scores=data.get("scores"),
            ranks=data.get("ranks"),
            withdrawn=tuple(data.get("withdrawn", ())),
        )

    @classmethod
    def win(cls, winner: int, reason: str) -> Result:
        return cls("win", reason, (winner,))

    @classmethod
    def draw(cls, reason: str) -> Result:
        return cls("draw", reason)

    @classmethod
    def aborted(cls, reason: str = "aborted") -> Result:
        return cls("aborted", reason)

    @classmethod
    def standings(
        cls,
        reason: str,
        scores: tuple[int, ...] | None,
        ranks: tuple[int, ...],
        withdrawn: tuple[int, ...] = (),
    ) -> Result:
        """The end of a game that ranks its seats. Withdrawn seats keep their score and place
        in the ranking but cannot win: the winners are the best-ranked seats among the others
        (so the rank-1 seats unless a withdrawn seat is first). ``"draw"`` when nobody can
        win (every seat withdrew)."""
        ranks = tuple(ranks)
        staying = [seat for seat in range(len(ranks)) if seat not in withdrawn]
        best = min((ranks[seat] for seat in staying), default=None)
        winners = tuple(seat for seat in staying if ranks[seat] == best)
        outcome: Outcome = "win" if winners else "draw"
        return cls(outcome, reason, winners, scores, ranks, tuple(sorted(withdrawn)))


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


@dataclass(frozen=True)
class Offload:
    """Heavy, pure work an action needs before it can be applied (a physics simulation):
    ``run(job)`` computes what :meth:`Game.apply_offloaded` takes. ``run`` is a module-level
    function and ``job`` and its answer are picklable, so a server can run it in a worker
    process, off its event loop; the work must be deterministic (the same bytes in any
    process) and bounded (the game caps it)."""

    job: Any
    run: Callable[[Any], Any]


@dataclass(frozen=True)
class Limit:
    """A limit of its own on the decision a seat owes, beside the seat's clock: a response
    window's timeout, a negotiation period's length. ``window`` names the decision: while the
    game gives the same name the limit runs from when it was first given (a collected decision
    that other seats answer meanwhile); a new name starts a new limit of ``ms``."""

    window: str
    ms: int


class Game(ABC, Generic[S]):
    """A rulebook. Subclasses implement the abstract methods; the rest is shared."""

    name: str
    min_players: int = 2
    max_players: int = 2

    # -- creation ---------------------------------------------------------------------
    @abstractmethod
    def new_game(self, seed: str, options: Mapping[str, Any] | None = None, players: int = 2) -> S:
        """A fresh game for ``players`` seats, its chance drawn from ``Rng(seed)`` (``seed``:
        64 lowercase hex digits, :func:`engine.rng.new_seed`). ``options`` may name a preset
        (``{"preset": ...}``) and override it."""

    @abstractmethod
    def presets(self) -> Mapping[str, Mapping[str, Any]]:
        """The named rule presets, each a full option mapping."""

    @abstractmethod
    def players(self, state: S) -> int:
        """How many seats the game has (seats are ``0 .. players-1``)."""

    # -- whose turn -------------------------------------------------------------------
    @abstractmethod
    def actors(self, state: S) -> frozenset[int]:
        """Seats that may act now (several during a simultaneous phase or a response window;
        none when over)."""

    def is_response(self, state: S, seat: int, action: Mapping[str, Any]) -> bool:
        """Whether ``action`` is taken out of turn or in a response window: the server then
        does not refuse it for having been sent against an older version of the game."""
        return False

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[dict[str, Any]]:
        """Every legal action of ``seat`` that can be listed.

        Free-form actions (a secret setup) are not listed; :meth:`apply` checks them.
        """

    @abstractmethod
    def apply(self, state: S, seat: int, action: Mapping[str, Any]) -> Transition[S]:
        """Apply ``action`` for ``seat``; raise a :class:`engine.errors.GameError` and change
        nothing when it is malformed, illegal, out of turn or after the end."""

    def offload(self, state: S, seat: int, action: Mapping[str, Any]) -> Offload | None:
        """The heavy work ``action`` needs, or ``None`` (the default) when :meth:`apply` is
        cheap. Checks the action as :meth:`apply` would, raising the same errors."""
        return None

    def apply_offloaded(self, state: S, seat: int, action: Mapping[str, Any], computed: Any) -> Transition[S]:
        """Apply ``action`` with ``computed``, what ``offload(...).run(job)`` returned.
        Equal to :meth:`apply` (which does the work itself)."""
        raise NotImplementedError(f"{self.name} offloads no work")

    def playback_ms(self, events: tuple[Event, ...]) -> int:
        """How long the browsers take to show ``events`` before the next decision can be
        seen (a shot rolling to rest): the seats owing the next decision get that time back
        on their clocks. Default: 0."""
        return 0

    @abstractmethod
    def default_action(self, state: S, seat: int) -> dict[str, Any] | None:
        """What to play for ``seat`` when its time runs out in a phase that must complete
        (a random legal setup), or ``None`` when running out of time loses instead."""

    # -- time beside the clocks ---------------------------------------------------------
    def clocked(self, state: S) -> frozenset[int]:
        """The seats whose clocks run now. Default: every seat that may act. A game whose
        rules stop the clocks during some decisions (a negotiation period with a length of
        its own) leaves those seats out."""
        return self.actors(state)

    def increments(self, before: S, after: S, seat: int | None) -> frozenset[int]:
        """The seats that earn their clock's increment by the change from ``before`` to
        ``after``: ``seat`` made it by a decision of its own, or ``None`` for the server's own
        change (a decision limit that ran out and played its default, a seat withdrawn). The
        game's rules say when a seat earns it (per move, per turn, per turn of one of its
        powers). Default: the seat whose decision it was, once per decision."""
        return frozenset() if seat is None else frozenset({seat})

    def decision_limit(self, state: S, seat: int) -> Limit | None:
        """The limit of its own on the decision ``seat`` owes now, or ``None`` (the default:
        only the seat's clock counts). When it runs out the server calls :meth:`expire`."""
        return None

    def expire(self, state: S, seat: int) -> Transition[S]:
        """``seat``'s decision ran past its :meth:`decision_limit`: its default is played and
        the seat plays on. Default: :meth:`apply` of :meth:`default_action`."""
        action = self.default_action(state, seat)
        if action is None:
            raise InvalidAction("this decision has no default")
        return self.apply(state, seat, action)

    def private_chat(self, state: S, seat: int) -> frozenset[int]:
        """The other seats ``seat`` may talk to in private now, for a game whose catalogue
        entry offers private channels. Default: every other seat."""
        return frozenset(range(self.players(state))) - {seat}

    # -- the end ----------------------------------------------------------------------
    @abstractmethod
    def result(self, state: S) -> Result | None:
        """The result, or ``None`` while the game goes on."""

    @abstractmethod
    def conclude(self, state: S, result: Result) -> Transition[S]:
        """End the game from outside the rules: resignation, agreed draw, flag fall,
        abandonment or abort. Raises :class:`GameOver` if it has already ended."""

    def withdraw(self, state: S, seat: int, reason: WithdrawReason) -> Transition[S]:
        """``seat`` leaves the game: it resigns, its clock runs out, or it abandons.

        The game decides what that means. This default is the two-seat rule: the other seat
        wins at once. A game for three seats or more overrides it: the seat becomes
        autopiloted (a "zombie"), the state records it (:meth:`withdrawn`), play goes on and
        the seat cannot win; the game ends at once when fewer than two seats can still win.
        """
        if reason not in WITHDRAW_REASONS:
            raise InvalidAction(f"a seat withdraws by resign, timeout or abandon, not {reason!r}")
        if self.is_over(state):
            raise GameOver("the game is over")
        count = self.players(state)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < count:
            raise InvalidAction(f"seat must be an integer from 0 to {count - 1}")
        if count != 2:
            raise NotImplementedError(f"{self.name} has {count} seats: it must define withdraw()")
        return self.conclude(state, Result.win(1 - seat, reason))

    def withdrawn(self, state: S) -> frozenset[int]:
        """The seats that have left and are autopiloted (none in a two-seat game)."""
        return frozenset()

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

    def sharing_views(self, state: S) -> contextlib.AbstractContextManager[None]:
        """A context in which :meth:`view` is asked for several views of ``state`` one
        after the other (a change's event frames, one a viewer class): a game whose views
        share a public part may build it once for them all within it. Every view still
        comes from :meth:`view`; those made within may share objects, so each is encoded
        before any is changed. Default: nothing shared."""
        return contextlib.nullcontext()

    @abstractmethod
    def project(self, event: Event, viewer: Viewer) -> dict[str, Any] | None:
        """What ``viewer`` may know of ``event``, or ``None`` if nothing."""

    @abstractmethod
    def twin(self, state: S, viewer: Viewer, seed: str) -> S:
        """The secrecy proof's twin maker: a state in which every value hidden from ``viewer``
        is re-dealt, with a fresh ``Rng(seed)``, into another arrangement he cannot tell apart,
        and everything he can see is unchanged. The proofs require ``view(twin, viewer) ==
        view(state, viewer)`` now, and after the same further actions for as long as their
        public outcome (the events as a spectator is sent them) is the same in both."""

    # -- storage ----------------------------------------------------------------------
    @abstractmethod
    def to_dict(self, state: S) -> dict[str, Any]:
        """The whole state (secrets included), lossless, JSON-ready. For storage only."""

    @abstractmethod
    def from_dict(self, data: Mapping[str, Any]) -> S:
        """Inverse of :meth:`to_dict`."""

    @abstractmethod
    def seed_of(self, state: S) -> str:
        """The game's seed, 64 hex digits: for the seed and state commitments and the reveal
        at the end. Secret while the game goes on."""

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
