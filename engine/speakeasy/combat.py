"""Who survives a combat (spec section 6), as a table built once per rule set."""

from __future__ import annotations

from typing import Final

from engine.speakeasy.pieces import BABE, FBI, KID, RANKED, SPEAKEASY
from engine.speakeasy.state import ATTACKER, DEFENDER, NEITHER


def survivor(attacker: int, defender: int, babe_survives: bool) -> str:
    """``ATTACKER``, ``DEFENDER`` or ``NEITHER`` for two piece kinds.

    Moving onto the Speakeasy is an attacker win (the game ends). A Kid removes a Babe and
    survives; an FBI agent and a Babe remove each other (under ``babe_survives`` too, as a
    bomb meets a landmine in Lu Zhan Qi); any other attacker and the Babe both go, or, with
    ``babe_survives`` (the Lu Zhan Qi preset), the attacker goes and she stays (spec §6, §8).
    """
    if defender == SPEAKEASY:
        return ATTACKER
    if defender == BABE:
        if attacker == KID:
            return ATTACKER
        if attacker == FBI or not babe_survives:
            return NEITHER
        return DEFENDER
    if attacker == FBI or defender == FBI:
        return NEITHER
    if attacker == KID:
        return NEITHER if defender == KID else DEFENDER
    if defender == KID:
        return ATTACKER
    if attacker in RANKED and defender in RANKED:
        if attacker == defender:
            return NEITHER
        return ATTACKER if attacker > defender else DEFENDER
    raise ValueError(f"no combat between kinds {attacker} and {defender}")


_MOVERS: Final = (*sorted(RANKED), KID, FBI)
_TARGETS: Final = (*sorted(RANKED), KID, BABE, FBI, SPEAKEASY)
TABLES: Final[dict[bool, dict[tuple[int, int], str]]] = {
    flag: {(a, d): survivor(a, d, flag) for a in _MOVERS for d in _TARGETS} for flag in (False, True)
}
