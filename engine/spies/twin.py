"""The secrecy proof's twin maker (protocol: ``Game.twin``).

A twin re-deals, with a fresh ``Rng(seed)``, the values the viewer cannot see:

* the faces of spies and police he has never been shown, among the unseen pieces of the same
  power (the data pack's faces of each power are public);
* the faces of secrets he cannot see (11.1), among themselves, triggered counterspies among
  triggered counterspies (their kind is public);
* the types of the chits he cannot see (other powers' hands and the cup), keeping every
  handle and hand size;
* the other powers' tiles: random tiles among the other powers' random-tile slots, and each
  power's own tiles between its hand and its discards.

Russia's private values stay too when Russia has no seat of its own: the viewer may take
control of it later (by the year or by a bid), and then sees its state with no public event
to mark the difference. Everything he can see stays: his own pieces, secrets and holdings,
every face he was shown (the record's private texts he received), the game's generator
(hidden, but kept so later chance is the same in both), money, bids and offers. Other
seats' private texts are not rewritten: the viewer never reads them.
"""

from __future__ import annotations

from engine.core import EVERYONE, Viewer
from engine.rng import Rng
from engine.spies import view
from engine.spies.data import CHIT_IDS, TILE
from engine.spies.state import REMOVED, State


def twin(state: State, viewer: Viewer, seed: str) -> State:
    new = state.copy()
    if viewer == EVERYONE or state.result is not None:
        return new
    rng = Rng(seed)
    seat = viewer if isinstance(viewer, int) else None
    powers = new.powers_of(seat) if seat is not None else ()
    if seat is not None and not new.russia_seated and "R" not in powers:
        powers = (*powers, "R")  # the seat may control Russia later and then see its state
    seen, chit_seen = view.knowledge(new, seat) if seat is not None else ({}, {})
    _faces(new, rng, powers, seen)
    _secrets(new, rng, powers, seen)
    _chits(new, rng, powers, chit_seen)
    _tiles(new, rng, powers)
    return new


def _permute(rng: Rng, values: list[int]) -> list[int]:
    out = list(values)
    rng.shuffle(out)
    return out


def _faces(state: State, rng: Rng, powers: tuple[str, ...], seen: dict[str, str]) -> None:
    for table in (state.spies, state.police):
        by_power: dict[str, list[str]] = {}
        for pid, piece in table.items():
            if piece.power not in powers and pid not in seen:
                by_power.setdefault(piece.power, []).append(pid)
        for ids in by_power.values():
            faces = _permute(rng, [table[i].face for i in ids])
            for i, face in zip(ids, faces, strict=True):
                table[i].face = face


def _secrets(state: State, rng: Rng, powers: tuple[str, ...], seen: dict[str, str]) -> None:
    hidden = [x for x in state.secrets if not view.secret_visible(state, x, powers, seen)]
    for group in (
        [x for x in hidden if state.secrets[x].gone == REMOVED],
        [x for x in hidden if state.secrets[x].gone != REMOVED],
    ):
        faces = _permute(rng, [state.secrets[x].face for x in group])
        for x, face in zip(group, faces, strict=True):
            state.secrets[x].face = face


def _chits(state: State, rng: Rng, powers: tuple[str, ...], chit_seen: dict[str, str]) -> None:
    slots = [
        (p, i)
        for p, hand in state.hands.items()
        if p not in powers
        for i, (h, _t) in enumerate(hand)
        if h not in chit_seen
    ]
    pool = [state.hands[p][i][1] for p, i in slots]
    for kind in CHIT_IDS:
        pool += [kind] * state.cup[kind]
    order = {k: n for n, k in enumerate(CHIT_IDS)}
    pool.sort(key=order.__getitem__)
    rng.shuffle(pool)
    for (p, i), kind in zip(slots, pool, strict=False):
        state.hands[p][i] = (state.hands[p][i][0], kind)
    rest = pool[len(slots) :]
    state.cup = {k: rest.count(k) for k in CHIT_IDS}


def _tiles(state: State, rng: Rng, powers: tuple[str, ...]) -> None:
    others = [p for p in state.tiles if p not in powers]
    random_slots: list[tuple[str, str, int]] = []
    for p in others:
        for where, tiles in (("hand", state.tiles[p]), ("discard", [t for t, _y in state.discards[p]])):
            for i, t in enumerate(tiles):
                if TILE[t].owner is None:
                    random_slots.append((p, where, i))
    values = _permute(rng, [_get(state, s) for s in random_slots])
    for slot, t in zip(random_slots, values, strict=True):
        _set(state, slot, t)
    for p in others:
        own_slots = [
            (p, where, i)
            for where, tiles in (("hand", state.tiles[p]), ("discard", [t for t, _y in state.discards[p]]))
            for i, t in enumerate(tiles)
            if TILE[t].owner == p
        ]
        values = _permute(rng, [_get(state, s) for s in own_slots])
        for slot, t in zip(own_slots, values, strict=True):
            _set(state, slot, t)


def _get(state: State, slot: tuple[str, str, int]) -> int:
    p, where, i = slot
    return state.tiles[p][i] if where == "hand" else state.discards[p][i][0]


def _set(state: State, slot: tuple[str, str, int], tile: int) -> None:
    p, where, i = slot
    if where == "hand":
        state.tiles[p][i] = tile
    else:
        state.discards[p][i] = (tile, state.discards[p][i][1])
