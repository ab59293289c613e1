"""End of round, end of game and scoring (spec section 9)."""

from __future__ import annotations

from prohibition_position import position, texts

from engine.prohibition import rules
from engine.prohibition.board import NSLOT, SLOT_IDS
from engine.prohibition.ending import is_bar

CLOSING = {"C2s": "1w", "C3w": "1k", "C4n": "1b"}  # around C3e


def last_slot(**kw: object) -> object:
    spec: dict[str, object] = {"active": "T4", "slot": 4, "trucks": {"T4": {"street": "A6-A7"}}}
    spec.update(kw)
    return position(**spec)  # type: ignore[arg-type]


def test_closed_tile_on_an_empty_bar_surrounded_by_three_colours() -> None:
    state = rules.apply(last_slot(bars=CLOSING), "pass")
    log = texts(state)
    assert log[:2] == ["pass", "closed C3e"]
    assert SLOT_IDS[state.closed[0]] == "C3e" and state.round == 3
    two = rules.apply(last_slot(bars={"C2s": "1w", "C3w": "1k"}), "pass")
    assert two.closed == []


def test_closed_tiles_only_at_the_end_of_a_round() -> None:
    state = position(active="T2", trucks={"T2": {"street": "A6-A7"}}, bars=CLOSING)
    assert rules.apply(state, "pass").closed == []


def test_private_bar_closes_on_one_neighbour_of_its_colour() -> None:
    # PB (brown) stands on F4w; F3s is its neighbour.
    state = rules.apply(last_slot(bars={"F3s": "1b"}), "pass")
    assert "closed F4w" in texts(state)


def test_three_tiles_in_data_order_then_the_trigger() -> None:
    bars = {
        **CLOSING,  # C3e
        "F3s": "1b",  # F4w (PB)
        "A2n": "1b",  # with A2s... A1e: neighbours A1w, A2n, B1n, B1s
        "A1w": "1w",
        "B1n": "1k",
        "D4w": "1b",  # around D5n? neighbours C5e, D4e, D4w, D5s, E5w
        "D5s": "1w",
        "C5e": "1k",
    }
    state = rules.apply(last_slot(bars=bars, round=5), "pass")
    log = texts(state)
    closed = [t for t in log if t.startswith("closed")]
    # Data order is row by row: F4w (PB, row 4) comes before D5n, which finds no tile left.
    assert closed == ["closed A1e", "closed C3e", "closed F4w"]
    assert log[log.index("closed F4w") + 1 : log.index("closed F4w") + 3] == [
        "trigger closed",
        "final-round 6",
    ]
    assert state.final_round == 6 and state.round == 6


def test_every_bar_delivered_triggers_the_end() -> None:
    bars = {SLOT_IDS[s]: "1w" for s in range(NSLOT) if is_bar(position(), s) and SLOT_IDS[s] != "D3n"}
    state = position(trucks={"T1": {"street": "C2-C3", "cargo": "2k"}}, bars=bars, round=4)
    # The neighbours hold white, not black: D3n may take a black cube.
    after = rules.apply(state, "go:D3-E3=1k")
    assert texts(after)[:3] == ["go:D3-E3=1k", "trigger bars", "final-round 5"]


def test_bars_trigger_with_closed_bars() -> None:
    bars = {
        SLOT_IDS[s]: "1w" for s in range(NSLOT) if is_bar(position(), s) and SLOT_IDS[s] not in ("D3n", "A1e")
    }
    state = position(trucks={"T1": {"street": "C2-C3", "cargo": "2k"}}, bars=bars, closed=["A1e"])
    assert "trigger bars" not in texts(rules.apply(state, "go:D3-E3=1k"))
    either = position(
        trucks={"T1": {"street": "C2-C3", "cargo": "2k"}},
        bars=bars,
        closed=["A1e"],
        options={"bars_trigger": "cube_or_closed"},
    )
    assert "trigger bars" in texts(rules.apply(either, "go:D3-E3=1k"))


def test_later_triggers_write_nothing() -> None:
    state = rules.apply(
        position(
            trucks={"T1": {"street": "D3-E3"}},
            display=["L01", None, None, None, None],
            deck=[],
            trigger="closed",
            final_round=3,
        ),
        "go:E3-F3",
    )
    after = rules.apply(state, "load L01")
    assert "trigger cards" not in texts(after) and after.final_round == 3


def test_final_round_then_scoring() -> None:
    state = last_slot(
        round=7,
        final_round=7,
        trigger="cards",
        trucks={
            "T1": {"score": 20, "cargo": "3b", "token": 7, "delivered": 1, "lost": 2},
            "T2": {"score": 20, "cargo": "1k", "token": 5, "delivered": 0, "lost": 1},
            "T3": {"score": 9, "cargo": "", "token": None},
            "T4": {"street": "A6-A7", "score": 24, "cargo": "4w", "token": 3, "delivered": 2},
        },
    )
    after = rules.apply(state, "pass")
    log = texts(after)
    assert log == ["pass", "bonus T1 +4", "bonus T4 +0", "score T1 24 T2 20 T3 9 T4 24"]
    result = after.result
    assert result is not None and after.phase == "over"
    seats = {t: after.seat_of_truck(t) for t in range(4)}
    assert result.scores is not None and result.scores[seats[0]] == 24
    # T1 and T4 tie on 24: T4 lost no cube, T1 lost two.
    assert result.winners == (seats[3],)
    assert result.ranks is not None and result.ranks[seats[3]] == 1 and result.ranks[seats[0]] == 2


def test_a_full_tie_shares_the_win_and_zombies_cannot_win() -> None:
    trucks = {f"T{t}": {"score": 10, "lost": 1} for t in (1, 2)} | {"T4": {"street": "A6-A7", "score": 3}}
    state = last_slot(round=2, final_round=2, trigger="cards", trucks=trucks)
    after = rules.apply(state, "pass")
    assert after.result is not None
    assert after.result.winners == tuple(sorted((after.seat_of_truck(0), after.seat_of_truck(1))))
    state.zombies = frozenset({state.seat_of_truck(0)})
    after = rules.apply(state, "pass")
    assert after.result is not None and after.result.winners == (after.seat_of_truck(1),)
    assert after.result.ranks is not None and after.result.ranks[after.seat_of_truck(0)] == 1


def test_two_players_score_the_lower_truck_and_count_both_trucks_losses() -> None:
    state = position(
        2,
        active="T1",
        slot=4,
        round=3,
        final_round=3,
        trigger="closed",
        opening="T2",
        trucks={
            "T1": {"street": "A6-A7", "score": 30, "lost": 0},
            "T2": {"score": 8, "lost": 3},
            "T3": {"score": 10, "lost": 0},
            "T4": {"score": 9, "lost": 0},
        },
    )
    after = rules.apply(state, "pass")
    assert after.result is not None
    one, two = after.order[0], after.order[1]
    assert after.result.scores is not None
    assert after.result.scores[one] == 8 and after.result.scores[two] == 9
    assert after.result.winners == (two,)


def test_an_agreed_draw_or_an_abort_is_an_event_the_table_sees_and_the_record_verifies() -> None:
    """The platform's endings from outside the rules write ``end agreement`` / ``end aborted``
    (a game ended without an event was never sent to the browsers); a replay ends there."""
    import pytest

    from engine.core import SPECTATOR, Result
    from engine.errors import InvalidAction
    from engine.prohibition import ENTRY

    game = ENTRY.game
    state = game.new_game("ab" * 32, None, 3)
    for ending in (Result.aborted(), Result.draw("agreement")):
        done = game.conclude(state, ending)
        assert [game.project(e, SPECTATOR)["a"] for e in done.events] == [f"end {ending.reason}"]  # type: ignore[index]
        assert game.result(done.state) == ending
        data = ENTRY.record(done.state)
        assert ENTRY.verify(data) == []
        data["events"][-1]["a"] = "end agreement" if ending.reason == "aborted" else "end aborted"
        assert ENTRY.verify(data)
    with pytest.raises(InvalidAction):
        game.conclude(state, Result.win(0, "resign"))  # a seat leaves by withdraw
