"""The secrecy proof's twin maker (protocol: ``Game.twin``).

A twin re-deals, with a fresh ``Rng(seed)``, every value the viewer cannot see: the other
seats' dealt cards and (before the reveal) their picks, and the deck order. What he sees is
unchanged: his own hands and picks, every public card (picks after the reveal, the display,
every card that left the deck), the dice, and the game's own generator (seed and counter:
hidden, but kept, so later dice are the same in both). The log is rewritten to match, so the
twin is a state the rules could have reached.

The cards the viewer put back into the deck stay in the deck: he knows they are there.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core import EVERYONE, Viewer
from engine.prohibition.data import CARD_IDS, DEAL_SIZE, TRUCK_IDS
from engine.prohibition.state import OVER, PICK, PLACE, State
from engine.rng import Rng


def twin(state: State, viewer: Viewer, seed: str) -> State:
    new = state.copy()
    if viewer == EVERYONE or state.phase in (OVER, PLACE):
        return new
    rng = Rng(seed)
    own = set(new.trucks_of(viewer)) if isinstance(viewer, int) else set()
    others = [t for t in range(new.ntrucks) if t not in own]
    if new.phase == PICK:
        pool = [c for c in CARD_IDS if not any(c in new.trucks[t].dealt for t in own)]
        rng.shuffle(pool)
        for t in others:
            truck = new.trucks[t]
            truck.dealt = tuple(pool[:DEAL_SIZE])
            del pool[:DEAL_SIZE]
            if truck.pick is not None:
                truck.pick = truck.dealt[rng.below(DEAL_SIZE)]
    else:
        # After the reveal: every card that went back into the deck at the reveal may have been
        # one of another truck's unpicked cards (even one shown since), except the viewer's own.
        picks = {tr.pick for tr in new.trucks}
        mine_back = {c for t in own for c in new.trucks[t].dealt if c != new.trucks[t].pick}
        pool = [c for c in CARD_IDS if c not in picks and c not in mine_back]
        rng.shuffle(pool)
        for t in others:
            truck = new.trucks[t]
            assert truck.pick is not None
            hand = [*pool[: DEAL_SIZE - 1], truck.pick]
            del pool[: DEAL_SIZE - 1]
            rng.shuffle(hand)
            truck.dealt = tuple(hand)
        deck = sorted(new.deck)
        rng.shuffle(deck)
        new.deck = deck
    _rewrite_log(new)
    return new


def _rewrite_log(state: State) -> None:
    """Rewrite the deal, pick and deck events to the twin's values."""
    shown = [e.text.split()[1] for e in state.entries if e.text.startswith("show ")]
    log = state.entries
    for i, entry in enumerate(log):
        words = entry.text.split()
        if words[0] == "deal":
            text = f"deal {words[1]} {' '.join(state.trucks[TRUCK_IDS.index(words[1])].dealt)}"
        elif words[0] == "pick" and isinstance(entry.by, int):
            text = f"pick {words[1]} {state.trucks[TRUCK_IDS.index(words[1])].pick}"
        elif words[0] == "deck":
            text = "deck " + " ".join([*shown, *state.deck])
        else:
            continue
        log[i] = replace(entry, text=text)
