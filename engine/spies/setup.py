"""Setup (spec section 6): the shuffle of runtime ids, bank, tiles, secret deal, placement in
turn order, chits, the pre-game period; and the timeout defaults of placement (section 17).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import IllegalAction, InvalidAction
from engine.rng import Rng
from engine.spies import board, log, options, pieces
from engine.spies.data import (
    ALLOTMENTS,
    CHIT_TYPES,
    OWN_TILES,
    POLICE_FACES,
    POLICE_PER_CITY,
    RANDOM_TILE_IDS,
    RANDOM_TILES_DEALT,
    RUSSIA_ALTERNATE,
    SECRET_CITIES,
    SECRET_FACES,
    SPY_FACES,
    TURN_ORDER,
    YEARS,
)
from engine.spies.state import Police, Secret, Spy, State


def new_state(seed: str, opts: Mapping[str, Any] | None, players: int) -> State:
    """Steps 1-5 (chance included), then the placement tasks of steps 6-11."""
    out = options.resolve(opts, players)
    seats = options.seats_for(players, out)
    seated = options.russia_seated(seats)
    rng = Rng(seed)
    russia = -1 if seated else RUSSIA_ALTERNATE[YEARS[0]]
    state = State(
        options=out,
        players=players,
        seats=seats,
        rng=rng,
        russia=russia,
        russia_seated=seated,
        spies={},
        police={},
        secrets={},
        money={},
        hands={p: [] for p in TURN_ORDER},
        cup={c.id: c.count for c in CHIT_TYPES},
        tiles={p: [] for p in TURN_ORDER},
        discards={p: [] for p in TURN_ORDER},
        markers={p: [] for p in TURN_ORDER},
    )
    if not seated and out["russia_control"] == "bidding":
        state.russia = 0  # until the first auction; it performs none of Russia's setup before it
    _shuffle_ids(state)
    for p in TURN_ORDER:  # step 3
        state.money[p] = ALLOTMENTS[p].money
    _deal_tiles(state)  # step 4
    _deal_secrets(state)  # step 5
    state.tasks = list(reversed(_setup_tasks(state)))
    return state


def _shuffle_ids(state: State) -> None:
    """Step 2: one shuffle each, from data-pack order; ``! setup`` (faces to their owners)."""
    spies = list(range(len(SPY_FACES)))
    police = list(range(len(POLICE_FACES)))
    secrets = list(range(len(SECRET_FACES)))
    state.rng.shuffle(spies)
    state.rng.shuffle(police)
    state.rng.shuffle(secrets)
    for i, face in enumerate(spies):
        sid = f"s{i + 1:02d}"
        state.spies[sid] = Spy(sid, face, SPY_FACES[face].power)
    for i, face in enumerate(police):
        pid = f"p{i + 1:02d}"
        state.police[pid] = Police(pid, face, POLICE_FACES[face].power)
    for i, face in enumerate(secrets):
        xid = f"x{i + 1:02d}"
        state.secrets[xid] = Secret(xid, face, None)


def setup_private(state: State, power: str) -> str:
    """The ``! setup`` text a power's seat reads: the faces of its pieces and originals."""
    parts = [f"{s}={pieces.spy_face(state, s)}" for s, spy in state.spies.items() if spy.power == power]
    parts += [f"{p}={pieces.police_face(state, p)}" for p, pol in state.police.items() if pol.power == power]
    parts += [
        f"{x}={pieces.secret_face(state, x)}" for x, sec in state.secrets.items() if sec.original == power
    ]
    return f"! setup {power} " + " ".join(parts)


def _deal_tiles(state: State) -> None:
    randoms = list(RANDOM_TILE_IDS)
    state.rng.shuffle(randoms)
    for k, p in enumerate(TURN_ORDER):
        state.tiles[p] = list(OWN_TILES[p])
        dealt = randoms[k * RANDOM_TILES_DEALT : (k + 1) * RANDOM_TILES_DEALT]
        state.tiles[p] += dealt
    # The texts are written after the secret deal, so ``! setup`` comes first in the record.


def _deal_secrets(state: State) -> None:
    ids = list(state.secrets)
    k = 0
    for p in TURN_ORDER:
        for _ in range(ALLOTMENTS[p].secrets):
            state.secrets[ids[k]].original = p
            k += 1
    for city in SECRET_CITIES:
        x = state.secrets[ids[k]]
        x.city = x.origin = city
        k += 1
    # The record: ``! setup`` then the deals.
    private: dict[str, str] = {p: setup_private(state, p) for p in TURN_ORDER}
    log.say(state, log.CHANCE, "! setup ?", _merge_by_seat(state, private), header="# setup")
    for p in TURN_ORDER:
        dealt = state.tiles[p][-RANDOM_TILES_DEALT:]
        full = f"! deal {p} " + " ".join(f"t{t}" for t in dealt)
        log.say(state, log.CHANCE, f"! deal {p} " + " ".join("?" for _ in dealt), {p: full})


def _merge_by_seat(state: State, private: dict[str, str]) -> dict[str, str]:
    """A seat holding several powers reads one text with all of their faces."""
    by_seat: dict[int, list[str]] = {}
    first: dict[int, str] = {}
    for p in TURN_ORDER:
        if p == "R" and not state.russia_seated and state.options["russia_control"] == "bidding":
            continue  # nobody holds Russia before the first auction
        seat = state.seat_of(p)
        by_seat.setdefault(seat, []).append(private[p].split(" ", 2)[2])
        first.setdefault(seat, p)
    return {first[seat]: f"! setup {' '.join(parts)}" for seat, parts in by_seat.items()}


def _setup_tasks(state: State) -> list[dict[str, Any]]:
    tasks: list[dict[str, Any]] = []
    bidding = not state.russia_seated and state.options["russia_control"] == "bidding"
    if state.options["setup_order"] == "simultaneous":
        if bidding:
            tasks.append({"t": "auction", "first": True})  # just before step 6
        tasks.append({"t": "together"})
    else:
        for p in TURN_ORDER:
            if p == "R" and bidding:
                tasks.append({"t": "auction", "first": True})
            tasks.append({"t": "place", "power": p, "what": "x"})
        for p in TURN_ORDER:
            tasks.append({"t": "place", "power": p, "what": "p"})
    for p in TURN_ORDER:
        tasks.append({"t": "setup_draw", "power": p})
    tasks.append({"t": "period", "name": "pregame"})
    for p in TURN_ORDER:
        tasks.append({"t": "place", "power": p, "what": "s"})
    tasks.append({"t": "start"})
    return tasks


# -- placement (steps 6, 7, 10) -------------------------------------------------------------------
def unplaced(state: State, power: str, what: str) -> list[str]:
    if what == "x":
        return [x for x, s in state.secrets.items() if s.original == power and s.city is None and not s.gone]
    if what == "p":
        return [p for p, u in state.police.items() if u.power == power and u.city is None]
    return [s for s, spy in state.spies.items() if spy.power == power and spy.city is None and not spy.box]


def police_room(state: State, power: str, city: str) -> bool:
    """Whether one more unit of ``power`` may stand in ``city`` (setup 7 and 9.1)."""
    here = len(state.police_in(city, power))
    if here >= POLICE_PER_CITY:
        return False
    if city in board.police_posts(power, state.annexed):
        return True
    if board.is_overseas_home(city, power):
        overseas = sum(
            1
            for u in state.police.values()
            if u.power == power and u.city and board.is_overseas_home(u.city, power)
        )
        return overseas == 0
    return False


def foreign_spies(state: State, power: str) -> int:
    return sum(
        1
        for s in state.spies.values()
        if s.power == power and s.city is not None and not board.is_home(s.city, power, state.annexed)
    )


def check_place(state: State, power: str, what: str, words: list[str]) -> tuple[str, str, str | None]:
    """``place <id> <city> [<secret>]`` for the step ``what``; the parts, or the error."""
    if len(words) not in (2, 3):
        raise InvalidAction("place takes an id, a city and optionally a secret")
    piece, city = words[0], words[1]
    secret = words[2] if len(words) == 3 else None
    if piece[:1] != what:
        raise IllegalAction({"x": "secrets", "p": "police units", "s": "spies"}[what] + " are placed now")
    if piece not in unplaced(state, power, what):
        raise IllegalAction(f"{piece} is not an unplaced piece of {power}")
    if city not in board.NEIGHBOURS:
        raise InvalidAction(f"unknown city {city}")
    home = board.is_home(city, power, state.annexed)
    if what == "x":
        if secret is not None:
            raise InvalidAction("a secret is placed alone")
        if not home:
            raise IllegalAction(f"{power}'s secrets go in its home territory")
        if any(x.original == power and x.city == city for x in state.secrets.values()):
            raise IllegalAction(f"{city} already holds a secret of {power}")
        return piece, city, None
    if what == "p" and not police_room(state, power, city):
        raise IllegalAction(f"{piece} cannot stand in {city}")
    if what == "s" and not home and foreign_spies(state, power) >= ALLOTMENTS[power].spies_foreign_max:
        raise IllegalAction(f"{power} already has {ALLOTMENTS[power].spies_foreign_max} spies abroad")
    if secret is not None:
        x = state.secrets.get(secret)
        if not home or x is None or x.original != power or x.city != city or x.holder is not None:
            raise IllegalAction(f"{piece} can only control an uncontrolled secret of {power} in {city}")
    return piece, city, secret


def do_place(state: State, power: str, piece: str, city: str, secret: str | None) -> None:
    if piece.startswith("x"):
        x = state.secrets[piece]
        x.city = x.origin = city
    elif piece.startswith("p"):
        state.police[piece].city = city
    else:
        state.spies[piece].city = city
    if secret is not None:
        pieces.set_holder(state, secret, piece)


def default_place(state: State, power: str, what: str) -> str:
    """Spec 17's default for the next unplaced piece of the step."""
    piece = unplaced(state, power, what)[0]
    if what == "x":
        taken = {x.city for x in state.secrets.values() if x.original == power}
        city = next(c for c in board.home_cities(power, state.annexed) if c not in taken)
    elif what == "p":
        city = next(c for c in board.police_posts(power, state.annexed) if police_room(state, power, c))
    else:
        city = board.capital(power)
    return f"{power} place {piece} {city}"


def legal_places(state: State, power: str, what: str) -> list[str]:
    """Every legal ``place`` line of the step (the same checks as :func:`check_place`)."""
    out: list[str] = []
    home = set(board.home_cities(power, state.annexed))
    if what == "x":
        taken = {x.city for x in state.secrets.values() if x.original == power}
        cities = [c for c in board.NEIGHBOURS if c in home and c not in taken]
    elif what == "p":
        cities = [c for c in board.NEIGHBOURS if c in home and police_room(state, power, c)]
    else:
        abroad = foreign_spies(state, power) < ALLOTMENTS[power].spies_foreign_max
        cities = [c for c in board.NEIGHBOURS if abroad or c in home]
    free: dict[str, list[str]] = {}
    if what != "x":
        for x in state.secrets.values():
            if x.original == power and x.holder is None and x.city in home and not x.gone:
                free.setdefault(x.city, []).append(x.id)
    for piece in unplaced(state, power, what):
        for city in cities:
            out.append(f"{power} place {piece} {city}")
            out += [f"{power} place {piece} {city} {x}" for x in free.get(city, ())]
    return out
