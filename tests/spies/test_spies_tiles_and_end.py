"""Event tiles (section 8), annexation (9.4), limited control (section 2) and scoring (16)."""

from __future__ import annotations

import pytest
from spies_position import empty_hand, move_spy, play, spy_of, started, texts

from engine.errors import IllegalAction
from engine.spies import board, ending, pieces, rules
from engine.spies.state import RECORD, State


def _tile_step(state: State, power: str, tiles: list[int]) -> State:
    """Give ``power`` exactly ``tiles`` and run to its tile step."""
    state.tiles[power] = list(tiles)
    return state


def test_awards_by_group_city_and_power_with_no_award_at_home() -> None:
    state = started()
    # Tile 2 (G, 1933-34): 3 chits in BER; 2 chits in MUN, PAR, MOS; £2 in AMS, ZUR, VIE.
    state.tiles["G"] = [2]
    move_spy(state, spy_of(state, "I", 1), "BER")
    move_spy(state, spy_of(state, "F", 1), "AMS")
    # Germany's own spies stand in BER (home): no award for Germany there.
    empty_hand(state, "I")
    money_f, money_g = state.money["F"], state.money["G"]
    n = len(state.log)
    state = play(state, "G play t2")
    lines = texts(state, n)
    assert lines[0] == "G play t2" and lines[1] == "= award I 3c BER"
    assert [t for t in lines if t.startswith("! draw I")] == [f"! draw I c{k}" for k in range(17, 20)]
    assert "= award F £2 AMS" in lines and state.money["F"] == money_f + 2
    assert state.money["G"] == money_g and state.ap == 1 and state.played == [(2, "G", 1933)]
    assert state.decision == {"kind": "turn", "power": "G"}


def test_the_tile_step_play_discard_any_year_and_skip() -> None:
    state = started()
    state.tiles["G"] = [45, 3]  # t45 Any Year; t3 is for 1934-35: nothing playable in 1933
    assert rules.legal(state, 0) == ["G discard t45"]
    with pytest.raises(IllegalAction):
        play(state, "G play t45")
    after = play(state, "G discard t45")
    assert after.discards["G"] == [(45, 1933)] and texts(after)[-1] == "G discard ?"
    assert after.log[-1].private == {0: "G discard t45"} and after.ap == 0


def test_annexation_makes_home_territory_and_police_posts() -> None:
    state = started()
    state.year = 1937
    state.tiles["G"] = [7]  # Anschluss, 1936-38
    state = play(state, "G play t7")
    assert state.annexed == {"AT": "G"} and "= annex AT G" in texts(state)
    assert board.is_home("VIE", "G", state.annexed) and "VIE" in board.police_posts("G", state.annexed)
    b0 = sorted(p for p, u in state.police.items() if u.city == "BER")[0]
    state = play(state, f"G police {b0}=VIE")
    assert state.police[b0].city == "VIE"


def test_limited_russia_after_the_pact_under_bidding_searches_only() -> None:
    state = rules.new_state("77" * 32, {"russia_control": "bidding"}, 4)
    while state.year == 0:
        seat = min(rules.actors(state))
        text = rules.default(state, seat)
        assert text is not None
        state = rules.apply(state, seat, text)
    holder = state.seat_of("R")
    state.pact = True
    assert state.limited("R") == ("G" not in state.seats[holder])
    state.russia = 1  # Italy's seat holds Russia now
    assert state.limited("R")
    state.active, state.phase = "R", 2
    spy = spy_of(state, "R", 1)
    state.tasks.append({"t": "turn", "power": "R", "started": True})
    state.decision = {"kind": "turn", "power": "R"}
    with pytest.raises(IllegalAction, match="limited"):
        play(state, f"R go {spy} LEN")
    assert set(rules.legal(state, 1)) >= {"R police", "R search", "R end"}


def test_scores_multipliers_counterspies_markers_tiles() -> None:
    state = started()
    x = next(x for x in state.secrets.values() if x.original == "F" and not pieces.is_counterspy(state, x.id))
    x.city, x.gone, x.owner_record, x.record_year = None, "cashed", "G", 1933
    spy = spy_of(state, "F", 2)
    s = state.spies[spy]
    s.city, s.box, s.captor, s.year = None, RECORD, "G", 1934
    state.markers["G"] = [1935]
    state.played = [(2, "G", 1933), (36, "G", 1934)]
    ending.file_survivors(state, 1939)
    scores = ending.power_scores(state)
    originals = sum(
        pieces.secret_value(state, o.id) * (1 if pieces.is_counterspy(state, o.id) else 2)
        for o in state.secrets.values()
        if o.original == "G"
    )
    expected = originals + pieces.secret_value(state, x.id) * 6 + 2 * 5 + 3 * 5 + 2
    assert scores["G"] == expected


def test_historical_alliances_penalty() -> None:
    state = started(historical_alliances=True)
    state.markers["B"] = [1933] * 10
    state.markers["F"] = [1933] * 10
    state.markers["G"] = [1933] * 12
    scores = ending.power_scores(state)
    # Italy (0) is behind both Britain and France (180 each): Germany loses 20. Germany (216)
    # is not behind both: Italy keeps its score. Britain and France are not behind G and I.
    assert scores == {"G": 12 * 3 * 6 - 20, "I": 0, "R": 0, "F": 180, "B": 180}
    state.markers["G"] = [1933] * 3  # now Germany (54) is behind both as well: Italy loses 20
    assert ending.power_scores(state)["I"] == -20
