"""Setup (spec section 4) and the order of chance draws (spec section 12)."""

from __future__ import annotations

import pytest
from prohibition_position import SEED, started, texts

from engine.errors import IllegalAction, InvalidAction
from engine.prohibition import rules
from engine.prohibition.board import SLOT_IDS, special_pairs
from engine.prohibition.data import CARD_BY_ID, CARD_IDS, CHAR_DIE, CHAR_IDS, NUMBER_DIE, PRIVATE_BARS
from engine.prohibition.state import SERVER
from engine.rng import Rng


def test_seat_draw_is_the_first_shuffle_of_the_joining_order() -> None:
    for players in (2, 3, 4):
        state = rules.new_state(SEED, None, players)
        joined = list(range(1, players + 1))
        Rng(SEED).shuffle(joined)
        assert texts(state) == ["seats " + " ".join(map(str, joined))]
        assert state.order == tuple(j - 1 for j in joined)
        assert state.entries[0].by == "chance"


def test_truck_count_and_owners() -> None:
    assert [started(p).ntrucks for p in (2, 3, 4)] == [4, 3, 4]
    two = rules.new_state(SEED, None, 2)
    assert [two.turn_seat_of_truck(t) for t in range(4)] == [1, 1, 2, 2]
    four = rules.new_state(SEED, None, 4)
    assert [four.turn_seat_of_truck(t) for t in range(4)] == [1, 2, 3, 4]


def test_supply_per_player_count() -> None:
    assert rules.new_state(SEED, None, 3).supply == [15, 15, 15]
    assert rules.new_state(SEED, None, 4).supply == [20, 20, 20]
    assert rules.new_state(SEED, None, 2).supply == [20, 20, 20]


def test_placement_goes_from_the_last_seat_to_the_first() -> None:
    state = rules.new_state(SEED, None, 4)
    assert state.places == (4, 3, 2, 1)
    assert rules.actors(state) == {state.order[3]}
    assert rules.legal(state) == ["place T4 W1", "place T4 W2", "place T4 W3", "place T4 W4"]
    state = rules.apply(state, "place T4 W2")
    assert rules.actors(state) == {state.order[2]}
    # A street holds one truck: W2 is taken.
    assert rules.legal(state) == ["place T3 W1", "place T3 W3", "place T3 W4"]
    with pytest.raises(IllegalAction):
        rules.apply(state, "place T3 W2")
    with pytest.raises(IllegalAction):
        rules.apply(state, "place T4 W1")


def test_two_player_placement_order_and_named_trucks() -> None:
    state = rules.new_state(SEED, None, 2)
    assert state.places == (2, 1, 2, 1)
    assert rules.legal(state)[:2] == ["place T3 W1", "place T3 W2"]
    assert len(rules.legal(state)) == 8
    state = rules.apply(state, "place T4 W3")
    assert {a.split()[1] for a in rules.legal(state)} == {"T1", "T2"}
    state = rules.apply(state, "place T2 W1")
    assert rules.legal(state) == ["place T3 W2", "place T3 W4"]


def test_deal_is_three_cards_per_truck_from_the_shuffled_pile() -> None:
    state = rules.new_state(SEED, None, 3)
    rng = Rng(SEED)
    rng.shuffle(list(range(3)))
    for text in ("place T3 W1", "place T2 W2", "place T1 W3"):
        state = rules.apply(state, text)
    cards = list(CARD_IDS)
    rng.shuffle(cards)
    deals = [e for e in state.entries if e.text.startswith("deal")]
    assert [e.text for e in deals] == [
        f"deal T{t + 1} {' '.join(cards[3 * t : 3 * t + 3])}" for t in range(3)
    ]
    assert [e.vis for e in deals] == [state.seat_of_truck(t) for t in range(3)]
    assert state.phase == "pick"


def test_picks_are_simultaneous_and_revealed_together() -> None:
    state = rules.new_state(SEED, None, 4)
    for text in ("place T4 W1", "place T3 W2", "place T2 W3", "place T1 W4"):
        state = rules.apply(state, text)
    assert rules.actors(state) == frozenset(range(4))
    assert len(rules.legal(state)) == 12
    hand = state.trucks[2].dealt
    state = rules.apply(state, f"pick T3 {hand[1]}")
    assert state.entries[-1].vis == state.seat_of_truck(2)
    assert rules.actors(state) == frozenset(range(4)) - {state.seat_of_truck(2)}
    with pytest.raises(IllegalAction):
        rules.apply(state, f"pick T3 {hand[0]}")
    with pytest.raises(IllegalAction):
        rules.apply_as(state, state.seat_of_truck(0), f"pick T2 {state.trucks[1].dealt[0]}")
    supply_before = list(state.supply)
    for t in (0, 1, 3):
        state = rules.apply(state, f"pick T{t + 1} {state.trucks[t].dealt[0]}")
    picks = [state.trucks[t].pick for t in range(4)]
    assert picks[2] == hand[1]
    reveal = next(e for e in state.entries if e.text.startswith("reveal"))
    assert reveal.text == "reveal " + " ".join(f"T{t + 1} {picks[t]}" for t in range(4))
    # Cubes set aside, one 3 token each, the 3 pile down by four.
    for t in range(4):
        assert state.trucks[t].card == picks[t]
    set_aside = [sum(CARD_BY_ID[p].cubes[i] for p in picks) for i in range(3)]
    assert state.supply == [supply_before[i] - set_aside[i] for i in range(3)]
    assert state.piles == [0, 4, 4]
    assert state.round == 1 and state.display.count(None) == 0


def test_deck_shuffle_display_and_first_dice_follow_the_chance_order() -> None:
    state = started(4)
    rng = Rng(SEED)
    rng.shuffle(list(range(4)))
    cards = list(CARD_IDS)
    rng.shuffle(cards)
    picks = {state.trucks[t].pick for t in range(4)}
    assert [state.trucks[t].pick for t in range(4)] == [cards[3 * t] for t in range(4)]
    deck = [c for c in CARD_IDS if c not in picks]
    rng.shuffle(deck)
    deck_event = next(e for e in state.entries if e.text.startswith("deck"))
    assert deck_event.text == "deck " + " ".join(deck) and deck_event.vis == SERVER
    shows = [e.text for e in state.entries if e.text.startswith("show")]
    assert shows == [f"show {c}" for c in deck[:5]]
    assert state.display == deck[:5] and state.deck == deck[5:]
    ci, ni = rng.below(6), rng.below(6)
    dice = next(e.text for e in state.entries if e.text.startswith("dice"))
    assert dice == f"dice {''.join(CHAR_IDS[c] for c in CHAR_DIE[ci])} {NUMBER_DIE[ni]}"


def test_first_truck_turn_loads_the_picked_card() -> None:
    state = started(4)
    log = texts(state)
    first = log.index(f"firstload T1 {state.trucks[0].pick}")
    assert log[first + 1].startswith("dice")
    truck = state.trucks[0]
    assert truck.cargo == list(CARD_BY_ID[truck.card].cubes) and truck.loaded and truck.loads == 1
    assert truck.token == 3
    # The other trucks carry nothing yet: their cubes are set aside.
    assert state.trucks[1].aboard == 0 and sum(state.trucks[1].aside) > 0


def test_random_special_placement_draws_after_the_seats() -> None:
    state = rules.new_state(SEED, {"special_placement": "random"}, 3)
    rng = Rng(SEED)
    rng.shuffle([1, 2, 3])
    placed: list[int] = []
    expected: dict[str, str] = {}
    privates = []
    for i, district in enumerate(("NW", "NE", "SE", "SW")):
        pairs = special_pairs(district, placed)
        d, p = pairs[rng.below(len(pairs))]
        expected[f"W{i + 1}"] = SLOT_IDS[d]
        placed += [d, p]
        privates.append(p)
    tiles = list(PRIVATE_BARS)
    rng.shuffle(tiles)
    for slot, tile in zip(privates, tiles, strict=True):
        expected[tile] = SLOT_IDS[slot]
    order = ["W1", "W2", "W3", "W4", *PRIVATE_BARS]
    assert texts(state)[1] == "specials " + " ".join(f"{expected[t]}={t}" for t in order)
    assert {SLOT_IDS[s]: t for s, t in state.specials.items()} == {v: k for k, v in expected.items()}


def test_bad_setup_inputs() -> None:
    with pytest.raises(InvalidAction):
        rules.new_state("xyz", None, 4)
    with pytest.raises(InvalidAction):
        rules.new_state(SEED, None, 5)
    with pytest.raises(InvalidAction):
        rules.new_state(SEED, {"layout": "round"}, 4)
    with pytest.raises(InvalidAction):
        rules.new_state(SEED, {"colour": "red"}, 4)


def test_the_spec_apply_raises_illegal_action_for_anything_it_cannot_apply() -> None:
    state = rules.new_state(SEED, None, 4)
    for bad in ("fly to the moon", "place T9 W1", "", "go:Z1-Z2"):
        with pytest.raises(IllegalAction):
            rules.apply(state, bad)
    with pytest.raises(InvalidAction):
        rules.apply_as(state, None, "fly to the moon")
