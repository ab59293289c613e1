"""Faces, control and the fates of pieces, shared by every procedure (spec 9-13).

Control changes go through :func:`set_holder` so that the taken year (11.3) and who has ever
controlled a secret (11.1) stay right whatever moved it.
"""

from __future__ import annotations

from engine.spies import board, log
from engine.spies.data import (
    CAPTURE_CHITS,
    CAPTURE_MONEY,
    CHIT,
    CHIT_IDS,
    POLICE_FACES,
    SECRET_FACES,
    SPY_FACES,
)
from engine.spies.state import NEUTRAL_BOX, ON_MAP, RECORD, SANCTIONED, Secret, Spy, State, powers_set


# -- faces (15.1) ---------------------------------------------------------------------------------
def spy_face(state: State, spy: str) -> str:
    face = SPY_FACES[state.spies[spy].face]
    return f"{face.strength}{'c' if face.cousin else ''}"


def police_face(state: State, police: str) -> str:
    return str(POLICE_FACES[state.police[police].face].strength)


def secret_face(state: State, secret: str) -> str:
    face = SECRET_FACES[state.secrets[secret].face]
    return f"{face.value}cs{face.strength}" if face.counterspy else str(face.value)


def spy_strength(state: State, spy: str) -> int:
    return SPY_FACES[state.spies[spy].face].strength


def is_cousin(state: State, spy: str) -> bool:
    return SPY_FACES[state.spies[spy].face].cousin


def police_strength(state: State, police: str) -> int:
    return POLICE_FACES[state.police[police].face].strength


def secret_value(state: State, secret: str) -> int:
    return SECRET_FACES[state.secrets[secret].face].value


def is_counterspy(state: State, secret: str) -> bool:
    return SECRET_FACES[state.secrets[secret].face].counterspy


def counterspy_strength(state: State, secret: str) -> int:
    return SECRET_FACES[state.secrets[secret].face].strength


# -- secrets --------------------------------------------------------------------------------------
def foreign(secret: Secret, power: str) -> bool:
    """Spec 1: every secret that is not an original of ``power`` is foreign to it."""
    return secret.original != power


def fixed(state: State, secret: str, power: str) -> bool:
    """Spec 10.4: ``power`` may never move its own original out of its original city."""
    x = state.secrets[secret]
    return x.original == power and x.city == x.origin


def set_holder(state: State, secret: str, piece: str | None) -> None:
    """``piece`` controls ``secret`` now (None: uncontrolled). Keeps 11.1 and 11.3."""
    x = state.secrets[secret]
    before = state.controller(secret)
    if x.holder is not None:
        state.set_piece_secret(x.holder, None)
    x.holder = piece
    after = None if piece is None else state.piece_power(piece)
    if before is not None and x.original is not None and before != x.original and after in (None, x.original):
        # 11.1: another power's control ended, so its original owner is shown the face again.
        log.secret_to(state, (x.original,), f"= face {secret} {secret_face(state, secret)}")
    if piece is None or after is None:
        return
    state.set_piece_secret(piece, secret)
    x.controlled_by = powers_set((*x.controlled_by, after))
    was_foreign = before is not None and foreign(x, before)
    if foreign(x, after) and not was_foreign:
        x.taken = state.year


def uncontrol(state: State, secret: str, say: bool = True) -> None:
    """The secret stays where it lies, uncontrolled (``= uncontrolled x07``)."""
    set_holder(state, secret, None)
    if say:
        log.engine(state, f"= uncontrolled {secret}")


def drop_secret_of(state: State, piece: str) -> None:
    """A piece leaving the map leaves its secret behind, uncontrolled."""
    held = state.piece_secret(piece)
    if held is not None:
        uncontrol(state, held)


# -- chits ----------------------------------------------------------------------------------------
def draw(state: State, power: str, n: int) -> None:
    """Draw ``n`` chits one at a time (spec 5: the cup sorted by type, ``below(len)``); a draw
    from an empty cup is lost. Each gets the next handle."""
    for _ in range(n):
        size = sum(state.cup.values())
        if size == 0:
            return
        k = state.rng.below(size)
        for kind in CHIT_IDS:
            if k < state.cup[kind]:
                break
            k -= state.cup[kind]
        state.cup[kind] -= 1
        handle = f"c{state.next_handle}"
        state.next_handle += 1
        state.hands[power].append((handle, kind))
        log.say(state, log.CHANCE, f"! draw {power} {handle}", {power: f"! draw {power} {handle}={kind}"})


def spend_chit(state: State, power: str, handle: str) -> str:
    """The chit leaves the hand for the cup and loses its handle; its type is returned."""
    hand = state.hands[power]
    for i, (h, kind) in enumerate(hand):
        if h == handle:
            del hand[i]
            state.cup[kind] += 1
            return kind
    raise KeyError(handle)


def chit_type(state: State, power: str, handle: str) -> str | None:
    return next((kind for h, kind in state.hands[power] if h == handle), None)


def can_pay(state: State, power: str, kind: str) -> bool:
    """£ always; AP only in the power's own turn (13.1)."""
    chit = CHIT[kind]
    if state.money[power] < chit.cost_gbp:
        return False
    return not (power == state.active and state.ap_left() < chit.cost_ap)


def pay(state: State, power: str, kind: str) -> None:
    chit = CHIT[kind]
    state.money[power] -= chit.cost_gbp
    if power == state.active:
        state.ap += chit.cost_ap


def window_open(state: State, power: str, kinds: tuple[str, ...]) -> bool:
    """Spec 7: a chit window opens unless public facts rule it out: no chit in hand, Russia
    under limited control, or (own turn) fewer AP left than every allowed type costs."""
    if not state.hands[power] or state.limited(power):
        return False
    return not (power == state.active and all(state.ap_left() < CHIT[k].cost_ap for k in kinds))


# -- fates of spies -------------------------------------------------------------------------------
def leave_map(state: State, spy: Spy) -> None:
    drop_secret_of(state, spy.id)
    spy.city = None
    if state.acting == spy.id:
        state.acting = None
    spy.done = True


def capture(state: State, spy: str, captor: str) -> None:
    """Spec 9.2 step 3: onto the captor's record in this year's column, 3 £ and 1 chit."""
    s = state.spies[spy]
    leave_map(state, s)
    s.box, s.captor, s.year = RECORD, captor, state.year
    log.engine(state, f"= captured {spy} by {captor}")
    state.money[captor] += CAPTURE_MONEY
    draw(state, captor, CAPTURE_CHITS)


def neutral_capture(state: State, spy: str) -> None:
    s = state.spies[spy]
    leave_map(state, s)
    s.box, s.captor, s.year = NEUTRAL_BOX, None, state.year
    log.engine(state, f"= neutral {spy}")


def sanction(state: State, spy: str, killer: str, text: str) -> None:
    """Into the Sanctioned box; the killer's power gets a marker in this year's column."""
    s = state.spies[spy]
    leave_map(state, s)
    s.box = SANCTIONED
    state.markers[killer].append(state.year)
    log.engine(state, text)


def to_capital(state: State, spy: str) -> str:
    s = state.spies[spy]
    drop_secret_of(state, spy)
    s.box, s.captor, s.year = ON_MAP, None, 0
    s.city = board.capital(s.power)
    return s.city


def become_acting(state: State, spy: str) -> None:
    """Spec 10.1: the previous acting spy is done."""
    if state.acting is not None and state.acting != spy:
        state.spies[state.acting].done = True
    state.acting = spy
