"""The game state: every public and hidden value (spec sections 1-13), secrets included.

A state is changed only by the rules modules, and only on a fresh copy (:meth:`State.copy`):
an action is applied to a copy, so an illegal action that is refused half-way leaves the
stored state untouched.

Runtime ids (spec 14.4): spies ``s01…``, police ``p01…``, secrets ``x01…`` numbered in the
order of the setup shuffle; a piece's ``face`` indexes the data pack's counter list, which is
never shown before the end. Chit handles ``c1, c2, …`` are given in draw order.

The pending work is a stack of **tasks** (plain dicts, ``{"t": name, ...}``), run from the top
by :func:`engine.spies.flow.advance` until one of them opens a **decision** (``decision``): the
one choice the table waits for (section 7). A collected decision (a bid, Ready) waits on
several seats at once (``decision["waiting"]``).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final

from engine.core import Result
from engine.rng import Rng

# Where a spy is, when it is not on the map (``Spy.box``).
ON_MAP: Final = ""
SANCTIONED: Final = "sanctioned"
NEUTRAL_BOX: Final = "neutral"
RECORD: Final = "record"  # on a captor's Time and Victory Record

# A secret off the map (``Secret.gone``).
CASHED: Final = "cashed"
REMOVED: Final = "removed"  # a counterspy that was triggered
SCORED: Final = "scored"  # a surviving original put on its owner's record at the end


@dataclass(slots=True)
class Spy:
    id: str
    face: int  # index into data.SPY_FACES
    power: str
    city: str | None = None  # None until placed, and while in a box
    box: str = ON_MAP
    captor: str | None = None  # the power whose record holds it (box == RECORD)
    year: int = 0  # the record column (box == RECORD)
    secret: str | None = None  # the secret it controls
    spaces: int = 0  # spaces used this turn (10.2)
    done: bool = False  # acted this turn and another spy became acting (10.1)

    def clone(self) -> Spy:
        return Spy(
            self.id, self.face, self.power, self.city, self.box, self.captor, self.year,
            self.secret, self.spaces, self.done,
        )  # fmt: skip


@dataclass(slots=True)
class Police:
    id: str
    face: int  # index into data.POLICE_FACES
    power: str
    city: str | None = None
    secret: str | None = None

    def clone(self) -> Police:
        return Police(self.id, self.face, self.power, self.city, self.secret)


def powers_set(powers: Iterable[str]) -> frozenset[str]:
    """``powers`` as the one frozenset of them every secret shares (an empty frozenset alone
    takes 216 bytes; a state has dozens of secrets, a game many states)."""
    key = frozenset(powers)
    return _POWER_SETS.setdefault(key, key)


_POWER_SETS: dict[frozenset[str], frozenset[str]] = {}
NOBODY: Final = powers_set(())


@dataclass(slots=True)
class Secret:
    id: str
    face: int  # index into data.SECRET_FACES
    original: str | None  # the power it was dealt to; None: a neutral secret
    origin: str | None = None  # the city it was placed in at setup (its original city)
    city: str | None = None
    holder: str | None = None  # the piece controlling it
    taken: int = 0  # the taken year (11.3), 0 while never taken
    gone: str = ""  # CASHED, REMOVED or SCORED
    owner_record: str | None = None  # the power whose record holds it (cashed or scored)
    record_year: int = 0
    controlled_by: frozenset[str] = NOBODY  # powers that ever controlled it (:func:`powers_set`)

    def clone(self) -> Secret:
        return Secret(
            self.id, self.face, self.original, self.origin, self.city, self.holder, self.taken,
            self.gone, self.owner_record, self.record_year, self.controlled_by,
        )  # fmt: skip


@dataclass(slots=True)
class Entry:
    """One record event (spec 15.3): who, the public text (None: ``~``), private texts."""

    by: str  # a power, "chance" or "engine"
    text: str | None
    private: dict[int, str] = field(default_factory=dict)  # seat -> fuller text
    header: str = ""  # the section header it opens (``# 1934 G``), if any
    seat: int = -1  # the seat that wrote an action line (-1: chance or engine)


@dataclass(slots=True)
class State:
    options: dict[str, Any]
    players: int
    seats: tuple[tuple[str, ...], ...]  # each seat's own powers (Russia aside when not seated)
    rng: Rng
    russia: int  # the seat controlling Russia now
    russia_seated: bool  # Russia has a seat of its own (scores, can win)
    spies: dict[str, Spy]
    police: dict[str, Police]
    secrets: dict[str, Secret]
    money: dict[str, int]
    hands: dict[str, list[tuple[str, str]]]  # power -> [(handle, type)], in draw order
    cup: dict[str, int]  # chit type -> count
    next_handle: int = 1
    tiles: dict[str, list[int]] = field(default_factory=dict)  # power -> tile hand
    played: list[tuple[int, str, int]] = field(default_factory=list)  # (tile, power, year)
    discards: dict[str, list[tuple[int, int]]] = field(default_factory=dict)  # power -> (tile, year)
    markers: dict[str, list[int]] = field(default_factory=dict)  # power -> years of its markers
    annexed: dict[str, str] = field(default_factory=dict)  # country -> power
    pact: bool = False  # tile 16 played (limited control, G-R diplomacy 0 AP)
    early_end: bool = False  # the Polish Crisis played in 1938
    year: int = 0
    active: str = ""  # the active power ("" during setup)
    phase: int = 0  # 1 tile, 2 police, 3 search, 4 actions (0: setup / between turns)
    ap: int = 0  # AP spent this turn
    acting: str | None = None  # the acting spy
    channels: list[str] = field(default_factory=list)  # powers the active power has a channel with
    offers: int = 0  # offers posted so far (o1, o2, ...)
    turn_actions: int = 0  # actions in this turn (for the record and the bot's cap)
    tasks: list[dict[str, Any]] = field(default_factory=list)  # pending work, top last
    decision: dict[str, Any] | None = None
    window: int = 0  # counts the decisions opened; a collected one keeps its number (17: timeouts)
    zombies: set[int] = field(default_factory=set)
    scores: dict[str, int] = field(default_factory=dict)
    result: Result | None = None
    log: list[Entry] = field(default_factory=list)
    header: str = ""  # the section header the next event opens (15.3)

    def copy(self) -> State:
        """An independent copy (the log's entries and the options are shared: never changed)."""
        out = copy.copy(self)
        out.rng = self.rng.copy()
        out.spies = {k: v.clone() for k, v in self.spies.items()}
        out.police = {k: v.clone() for k, v in self.police.items()}
        out.secrets = {k: x.clone() for k, x in self.secrets.items()}
        out.money = dict(self.money)
        out.hands = {p: list(h) for p, h in self.hands.items()}
        out.cup = dict(self.cup)
        out.tiles = {p: list(t) for p, t in self.tiles.items()}
        out.played = list(self.played)
        out.discards = {p: list(d) for p, d in self.discards.items()}
        out.markers = {p: list(m) for p, m in self.markers.items()}
        out.annexed = dict(self.annexed)
        out.channels = list(self.channels)
        out.tasks = _plain_copy(self.tasks)
        out.decision = _plain_copy(self.decision)
        out.zombies = set(self.zombies)
        out.scores = dict(self.scores)
        out.log = list(self.log)
        return out

    # -- who controls what ------------------------------------------------------------------
    def powers_of(self, seat: int) -> tuple[str, ...]:
        """The powers ``seat`` controls now, in turn order (Russia included when it holds it)."""
        own = set(self.seats[seat])
        if not self.russia_seated and self.russia == seat:
            own.add("R")
        return tuple(p for p in ("G", "I", "R", "F", "B") if p in own)

    def seat_of(self, power: str) -> int:
        if power == "R" and not self.russia_seated:
            return self.russia
        for seat, powers in enumerate(self.seats):
            if power in powers:
                return seat
        raise KeyError(power)

    def enemies(self, a: str, b: str) -> bool:
        """Spec 1: powers controlled by different seats at this moment."""
        return a != b and self.seat_of(a) != self.seat_of(b)

    def limited(self, power: str) -> bool:
        """Russia under limited control (section 2): after tile 16, held by a seat without G."""
        return (
            power == "R"
            and self.pact
            and not self.russia_seated
            and self.options["russia_control"] == "bidding"
            and "G" not in self.seats[self.russia]
        )

    def by_bid(self, power: str) -> bool:
        """Russia held by bid takes part in no exchange (section 2)."""
        return power == "R" and not self.russia_seated and self.options["russia_control"] == "bidding"

    # -- pieces -----------------------------------------------------------------------------
    def piece_power(self, piece: str) -> str:
        return self.spies[piece].power if piece.startswith("s") else self.police[piece].power

    def piece_city(self, piece: str) -> str | None:
        return self.spies[piece].city if piece.startswith("s") else self.police[piece].city

    def piece_secret(self, piece: str) -> str | None:
        return self.spies[piece].secret if piece.startswith("s") else self.police[piece].secret

    def set_piece_secret(self, piece: str, secret: str | None) -> None:
        if piece.startswith("s"):
            self.spies[piece].secret = secret
        else:
            self.police[piece].secret = secret

    def controller(self, secret: str) -> str | None:
        """The power controlling ``secret`` (through its holder), or None."""
        holder = self.secrets[secret].holder
        return None if holder is None else self.piece_power(holder)

    def spies_in(self, city: str) -> list[Spy]:
        return [s for s in self.spies.values() if s.city == city and s.box == ON_MAP]

    def police_in(self, city: str, power: str | None = None) -> list[Police]:
        return [p for p in self.police.values() if p.city == city and (power is None or p.power == power)]

    def secrets_in(self, city: str) -> list[Secret]:
        return [x for x in self.secrets.values() if x.city == city and not x.gone]

    def ap_left(self) -> int:
        from engine.spies.data import AP_PER_TURN

        return AP_PER_TURN - self.ap


def _plain_copy(value: Any) -> Any:
    """A deep copy of plain data (dicts, lists and immutable leaves), much cheaper than
    :func:`copy.deepcopy` for the tasks and the decision, copied with every state."""
    if isinstance(value, dict):
        return {key: _plain_copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain_copy(item) for item in value]
    return value
