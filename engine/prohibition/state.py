"""The game state: every public and hidden value (spec sections 4-10), secrets included.

A state is mutable only inside the rules modules, and only on a fresh copy: :meth:`State.copy`
is cheap (flat lists) and :func:`engine.prohibition.rules.apply` checks an action fully
before it changes anything, so an illegal action never half-applies.

Two numberings of players coexist:

* a **seat** (the platform's, 0-based) is the player's place in the joining order; the
  protocol's ``actors``, ``apply``, ``view`` and ``Result`` speak of seats;
* a **turn seat** (the spec's, 1-based) is the place in the turn order drawn at setup
  (``seats 3 1 2 4``); the notation (``timeout 3``) and the record's ``by`` use it.

``order[k]`` is the seat of turn seat ``k + 1``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from engine.core import Result
from engine.prohibition.data import NCOL
from engine.rng import Rng

# Phases: the decision owed (or "over").
PLACE: Final = "place"
PICK: Final = "pick"
USE: Final = "use"
PREROLL: Final = "preroll"
CHARACTER: Final = "character"
TRUCK: Final = "truck"
POSTMOVE: Final = "postmove"
OVER: Final = "over"
PHASES: Final = (PLACE, PICK, USE, PREROLL, CHARACTER, TRUCK, POSTMOVE, OVER)

# Event visibility: public, server only, or a seat (>= 0).
PUBLIC: Final = -1
SERVER: Final = -2

# Who wrote an event: a turn seat (1-based int), or one of these.
CHANCE: Final = "chance"
ENGINE: Final = "engine"


@dataclass(slots=True)
class Truck:
    """One truck, its loss tile and its score marker."""

    street: int = -1  # -1: not placed yet
    card: str | None = None  # the current loading card (face up by the truck)
    cargo: list[int] | None = None  # cubes aboard per colour
    loaded: bool = False  # its colour cube is aboard (it has a load and is not empty)
    token: int | None = None  # the bonus token it holds
    losses: list[int] | None = None  # the loss tile, per colour (current load)
    lost: int = 0  # cubes lost over the whole game (captured and abandoned)
    score: int = 0
    loads: int = 0  # loads taken, the first load included
    delivered: int = 0  # cubes delivered from the current load
    turns: int = 0  # truck-turns started
    aside: list[int] | None = None  # cubes set aside for the picked card until the first load
    dealt: tuple[str, ...] = ()  # the cards dealt at setup, in deal order
    pick: str | None = None  # the card picked at setup
    arrived: bool = False  # load_window arrival: moved onto a distillery street, not loaded since
    loaded_since_move: bool = False  # load_window parked

    def __post_init__(self) -> None:
        if self.cargo is None:
            self.cargo = [0] * NCOL
        if self.losses is None:
            self.losses = [0] * NCOL
        if self.aside is None:
            self.aside = [0] * NCOL

    @property
    def aboard(self) -> int:
        assert self.cargo is not None
        return sum(self.cargo)

    def copy(self) -> Truck:
        assert self.cargo is not None and self.losses is not None and self.aside is not None
        return Truck(
            self.street,
            self.card,
            list(self.cargo),
            self.loaded,
            self.token,
            list(self.losses),
            self.lost,
            self.score,
            self.loads,
            self.delivered,
            self.turns,
            list(self.aside),
            self.dealt,
            self.pick,
            self.arrived,
            self.loaded_since_move,
        )


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One record event: who wrote it, its text, who may see it, and its text-export line."""

    by: int | str  # turn seat (1-based), "chance" or "engine"
    text: str
    vis: int  # PUBLIC, SERVER or the seat that may see it
    label: str  # "0" for setup, else "round.slot Tn"


@dataclass(slots=True)
class State:
    options: dict[str, str]
    players: int
    order: tuple[int, ...]  # seat of each turn seat
    rng: Rng
    specials: dict[int, str]  # slot -> special tile id
    trucks: list[Truck]
    chars: list[int]  # intersection of each character, -1 off the board
    contacts: list[tuple[int, ...]]  # trucks each character touched after its last action
    bar_colour: list[int]  # per slot: colour index of its cubes, -1 when empty
    bar_count: list[int]
    closed: list[int]  # slots with a Closed tile, in the order placed
    supply: list[int]
    deck: list[str]  # top first
    display: list[str | None]  # the display slots (None: empty for good)
    down: list[bool]  # face-down flags of the display slots
    piles: list[int]  # token piles, by TOKEN_VALUES index
    discard: list[int]  # discard pile, bottom first
    phase: str
    round: int = 0  # rounds count from 1; 0 during setup
    slot: int = 0  # slot of the round, from 1
    active: int = -1  # the truck playing the truck-turn
    dice: tuple[int, int] | None = None  # (character face index, number face index)
    opening: int = -1  # 2 players: the truck seat 1 opened with
    pending: int = -1  # 2 players: the truck owed to the next slot of a split pair
    places: tuple[int, ...] = ()  # setup: turn seats still to place a truck, in order
    trigger: str | None = None
    final_round: int = 0  # 0 until the end is triggered
    zombies: frozenset[int] = frozenset()  # seats played by the autopilot
    result: Result | None = None
    log: list[LogEntry] | None = None
    listed: list[str] | None = field(default=None, compare=False, repr=False)
    """This state's legal actions once the game's interface listed them (:func:`rules.listed`):
    the views list them for the seat to act, and the next action is checked against them. A
    state the interface was given is never changed; a copy starts without."""

    def copy(self) -> State:
        assert self.log is not None
        return State(
            self.options,
            self.players,
            self.order,
            self.rng.copy(),
            self.specials,
            [t.copy() for t in self.trucks],
            list(self.chars),
            list(self.contacts),
            list(self.bar_colour),
            list(self.bar_count),
            list(self.closed),
            list(self.supply),
            list(self.deck),
            list(self.display),
            list(self.down),
            list(self.piles),
            list(self.discard),
            self.phase,
            self.round,
            self.slot,
            self.active,
            self.dice,
            self.opening,
            self.pending,
            self.places,
            self.trigger,
            self.final_round,
            self.zombies,
            self.result,
            list(self.log),
        )

    # -- who owns what ----------------------------------------------------------------------
    @property
    def ntrucks(self) -> int:
        return len(self.trucks)

    def turn_seat_of_truck(self, truck: int) -> int:
        """The 1-based turn seat driving ``truck`` (0-based truck index)."""
        return truck // 2 + 1 if self.players == 2 else truck + 1

    def seat_of_truck(self, truck: int) -> int:
        return self.order[self.turn_seat_of_truck(truck) - 1]

    def trucks_of_turn_seat(self, turn_seat: int) -> tuple[int, ...]:
        if self.players == 2:
            return (2 * (turn_seat - 1), 2 * (turn_seat - 1) + 1)
        return (turn_seat - 1,)

    def turn_seat_of(self, seat: int) -> int:
        return self.order.index(seat) + 1

    def trucks_of(self, seat: int) -> tuple[int, ...]:
        return self.trucks_of_turn_seat(self.turn_seat_of(seat))

    @property
    def entries(self) -> list[LogEntry]:
        assert self.log is not None
        return self.log
