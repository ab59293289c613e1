"""Turn-based rooms (issue 27), without a server: the clocks' arithmetic in days, the pace
of decision limits and of the setup deadline, the schema of time controls, the stored
deadline, the test clock and its guard."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from app.clocks import DAY_MS, TURN_BASED_LIMIT_SCALE, FileClock, GameClocks
from app.config import Settings
from app.errors import AppError
from app.games.commands import due, limits, new_game, plan
from app.games.deadlines import next_deadline
from app.games.runtime import RoomInfo, SlotHolder
from app.records import replace
from app.rooms.schemas import RoomCreate
from app.ws.messages import Claim
from engine.catalogue import entry

HOUR = 3600 * 1000
NOW = 1_800_000_000_000


def test_a_seat_gets_its_full_allowance_back_when_it_earns_it() -> None:
    clocks = GameClocks.fresh(3, 2 * DAY_MS, 0, None, turn_based=True).start(frozenset({0}), NOW)
    assert clocks.allowance == 2 * DAY_MS and clocks.increment == 0
    assert clocks.left(0, NOW + 30 * HOUR) == 18 * HOUR
    # Seat 0 moves after 30 h: its allowance is whole again, seat 1's runs from its own.
    after = clocks.run(frozenset({1}), NOW + 30 * HOUR, credit=frozenset({0}), playback=5_000)
    assert after.remaining == (2 * DAY_MS, 2 * DAY_MS, 2 * DAY_MS)
    assert after.deadline_of(1) == NOW + 30 * HOUR + 2 * DAY_MS
    assert after.deadline_of(0) is None  # not running
    # A seat that goes on deciding without earning the increment (a Spies! power's turn,
    # line after line) spends one allowance.
    on = after.run(frozenset({1}), NOW + 40 * HOUR)
    assert on.left(1, NOW + 40 * HOUR) == 2 * DAY_MS - 10 * HOUR
    assert on.flag_deadline() == NOW + 30 * HOUR + 2 * DAY_MS
    # Its turn ends (the game says it earned it): whole again.
    ended = on.run(frozenset({1}), NOW + 41 * HOUR, credit=frozenset({1}))
    assert ended.left(1, NOW + 41 * HOUR) == 2 * DAY_MS


def test_a_decision_coming_back_to_a_seat_gives_it_the_allowance_again() -> None:
    clocks = GameClocks.fresh(2, DAY_MS, 0, None, turn_based=True).start(frozenset({0}), NOW)
    # Seat 0 answered without earning (the game says nothing is earned), seat 1 now owes.
    other = clocks.run(frozenset({1}), NOW + 20 * HOUR)
    assert other.left(0, NOW + 20 * HOUR) == 4 * HOUR
    back = other.run(frozenset({0}), NOW + 21 * HOUR)
    assert back.left(0, NOW + 21 * HOUR) == DAY_MS


def test_live_clocks_keep_their_increment_arithmetic() -> None:
    clocks = GameClocks.fresh(2, 60_000, 2_000, None).start(frozenset({0}), 0)
    after = clocks.run(frozenset({1}), 10_000, credit=frozenset({0}), playback=500)
    assert after.remaining == (52_000, 60_500) and not after.turn_based and after.limit_scale == 1
    assert "turn_based" not in after.to_wire(10_000) and "turn_based" not in after.to_json()


def test_turn_based_clocks_are_stored_and_sent() -> None:
    clocks = GameClocks.fresh(2, 3 * DAY_MS, 0, None, turn_based=True).start(frozenset({1}), NOW)
    assert GameClocks.from_json(clocks.to_json(), None) == clocks
    wire = clocks.to_wire(NOW + HOUR)
    assert wire["turn_based"] is True and wire["allowance"] == 3 * DAY_MS
    assert wire["remaining"] == [3 * DAY_MS, 3 * DAY_MS - HOUR]
    unlimited = GameClocks.fresh(2, None, 0, None, turn_based=True)
    assert not unlimited.timed and unlimited.turn_based
    assert GameClocks.from_json(unlimited.to_json(), None) == unlimited


def _room(game: str, players: int, body: dict[str, object]) -> RoomInfo:
    request = RoomCreate.model_validate({"game": game, "players": players, **body})
    pace = request.pace()
    return RoomInfo(
        id="r",
        game=game,
        preset=request.chosen_preset(),
        time_initial_ms=pace.initial_ms,
        time_increment_ms=pace.increment_ms,
        setup_seconds=pace.setup_seconds,
        spectators=True,
        creator="g0",
        game_number=1,
        current_game_id="",
        slots=tuple(SlotHolder(guest_id=f"g{slot}") for slot in range(players)),
        options=request.chosen_options(),
        turn_based=pace.turn_based,
    )


def test_the_setup_deadline_is_the_allowance_per_move() -> None:
    room = _room("prohibition", 3, {"time_control": {"days": 5}})
    assert room.time_control() == {"days": 5} and room.setup_seconds == 5 * 24 * 3600
    game = new_game(room, 1, (0, 1, 2), NOW)
    assert game.clocks.setup_deadline == NOW + 5 * DAY_MS
    assert next_deadline(game) == NOW + 5 * DAY_MS
    free = _room("prohibition", 3, {"time_control": {"unlimited": True}})
    assert free.time_control() == {"unlimited": True} and free.setup_seconds is None
    assert next_deadline(new_game(free, 1, (0, 1, 2), NOW)) is None


def test_decision_limits_scale_to_the_rooms_pace() -> None:
    """A Spies! response window of 30 s is half an hour in a turn-based room."""
    rules = entry("spies").game
    live = _room("spies", 2, {"time_control": {"initial": 600, "increment": 5}})
    slow = _room("spies", 2, {"time_control": {"days": 1}})
    assert new_game(slow, 1, (0, 1), NOW).clocks.limit_scale == TURN_BASED_LIMIT_SCALE == 60
    game = new_game(live, 1, (0, 1), NOW)
    state = game.state
    for _ in range(2000):  # the seats play their defaults until a decision has a limit
        seat = min(rules.actors(state))
        if rules.decision_limit(state, seat) is not None:
            break
        action = rules.default_action(state, seat)
        assert action is not None
        state = rules.apply(state, seat, action).state
    limit = rules.decision_limit(state, seat)
    assert limit is not None
    [(_, window, at)] = [item for item in limits(rules, state, (), NOW) if item[0] == seat]
    [(_, same, later)] = [item for item in limits(rules, state, (), NOW, 60) if item[0] == seat]
    assert window == same and at == NOW + limit.ms and later == NOW + 60 * limit.ms


def test_a_flag_in_a_turn_based_room_is_the_games_timeout_rule() -> None:
    """Two seats: running out of days loses, through the one timeout path (``due``)."""
    room = _room("spies", 2, {"time_control": {"days": 1}})
    game = new_game(room, 1, (0, 1), NOW)
    assert game.rules.is_started(game.state) and next_deadline(game) == NOW + DAY_MS
    assert due(game, NOW + DAY_MS - 1) is None
    change = due(game, NOW + DAY_MS)
    assert change is not None and change.after.result is not None
    assert change.after.result.reason == "timeout"
    assert change.entries[0].action["reason"] == "timeout"
    assert next_deadline(change.after) is None


def test_no_claim_in_a_turn_based_room() -> None:
    room = _room("spies", 2, {"time_control": {"days": 2}})
    game = new_game(room, 1, (0, 1), NOW)
    with pytest.raises(AppError) as refused:
        plan(room, game, 0, Claim(type="claim", id="c"), NOW, {1: 10 * DAY_MS}, 60_000)
    assert refused.value.code == "illegal" and "turn-based" in refused.value.message
    live = replace(room, turn_based=False)
    change = plan(live, game, 0, Claim(type="claim", id="c"), NOW, {1: 120_000}, 60_000)
    assert change.after.result is not None  # a live room: the claim as today


@pytest.mark.parametrize(
    ("control", "words"),
    [
        ({"days": 4}, "days per move is one of 1, 2, 3, 5, 7, 14"),
        ({"days": "2"}, "days per move is one of"),
        ({"days": 2, "increment": 5}, "alone"),
        ({"unlimited": False}, "{unlimited: true}"),
        ({"hours": 5}, "a time control is"),
    ],
)
def test_other_time_controls_are_refused_in_words(control: dict[str, object], words: str) -> None:
    with pytest.raises(ValidationError) as refused:
        RoomCreate.model_validate({"game": "spies", "players": 2, "time_control": control})
    assert words in str(refused.value)


def test_the_test_clock_reads_its_file_and_needs_the_test_environment(tmp_path: Path) -> None:
    path = tmp_path / "now"
    path.write_text("1000")
    clock = FileClock(path)
    assert clock.now_ms() == 1000
    path.write_text("5000")
    assert clock.now_ms() == 5000
    path.write_text("")  # a half-written file: the last time read holds
    assert clock.now_ms() == 5000
    secret = "a-secret-long-enough-for-tests"
    assert Settings(env="test", secret=secret, clock_file=str(path)).clock_file == str(path)
    for env in ("production", "development"):
        with pytest.raises(ValidationError, match="tests only"):
            Settings(env=env, secret=secret, clock_file=str(path))
