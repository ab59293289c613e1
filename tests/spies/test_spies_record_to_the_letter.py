"""Issue 26, items 1-3: the record file as spec 15.3 writes it (its ``# end`` section), a
``Result`` that scores no Russia without a seat of its own (section 2, 16.3), and no listed
action refused (an offer its recipient cannot pay, 12.2)."""

from __future__ import annotations

import io
import json
import re
from contextlib import redirect_stderr, redirect_stdout

import pytest
from spies_position import give_chits, play, skip_tile, started

from engine.errors import IllegalAction
from engine.spies import ending, rules
from engine.spies.cli import main, selfplay
from engine.spies.data import TURN_ORDER
from engine.spies.game import SPIES
from engine.spies.record import read_record_file, record_text, replay
from engine.spies.state import State
from engine.spies.view import log_event

_TAG = re.compile(r'\[(\w+) "(.*)"\]')


def tags(text: str) -> dict[str, str]:
    return {m[1]: m[2] for line in text.splitlines() if (m := _TAG.fullmatch(line))}


def body(text: str) -> list[str]:
    return [line for line in text.splitlines() if not _TAG.fullmatch(line)]


# -- item 1: the end is a section of its own ------------------------------------------------------
@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {"russia_control": "bidding"}), (5, {})])
def test_the_end_and_the_scores_sit_under_an_end_section(players: int, options: dict[str, object]) -> None:
    state = selfplay(players, f"{players:x}e" * 32, "basic", options)
    lines = body(record_text(state))
    at = lines.index("# end")
    assert lines.count("# end") == 1
    end = [line.split(". ", 1)[1] for line in lines[at + 1 :]]
    assert end[0] == f"= end {state.year}"
    assert end[1:] == [f"= score {p} {vp}" for p, vp in state.scores.items()]
    # Nothing of the end sits under the last turn's header any more.
    last_turn = max(i for i, line in enumerate(lines) if re.fullmatch(r"# 19\d\d [GIRFB]", line))
    assert not any("= end" in line or "= score" in line for line in lines[last_turn:at])
    # The event carries the header too (the browser's log draws it), and the file still replays.
    event = SPIES.project(log_event(state, len(state.log) - len(end)), 0)
    assert event is not None and event["header"] == "# end" and event["a"] == end[0]
    parsed = read_record_file(record_text(state))
    final, _start, failures = replay(
        parsed["seed"], parsed["options"], parsed["players"], parsed["events"], None
    )
    assert failures == [] and final.result == state.result


def test_a_game_left_to_one_seat_that_can_win_ends_under_an_end_section_too() -> None:
    state = started(3)
    state = rules.withdraw(state, 1, "resign")
    state = rules.withdraw(state, 2, "resign")
    assert state.result is not None and state.result.winners == (0,)
    lines = body(record_text(state))
    at = lines.index("# end")
    assert lines[at - 1].endswith("= zombie 3") and lines[at + 1].endswith(f"= end {state.year}")


# -- item 2: Russia without a seat scores nothing ---------------------------------------------------
def result_tag(state: State) -> dict[str, object]:
    value = json.loads(tags(record_text(state))["Result"])
    assert isinstance(value, dict)
    return value


@pytest.mark.parametrize(
    ("players", "options", "seats"),
    [
        (2, {}, "1:G,I 2:F,B"),
        (2, {"russia_control": "bidding"}, "1:G,I 2:F,B"),
        (4, {"russia_control": "bidding"}, "1:G 2:I 3:F 4:B"),
        (4, {}, "1:G,I 2:R 3:F 4:B"),
        (3, {"allocation": "alternative"}, "1:G,I 2:R,F 3:B"),
    ],
)
def test_the_result_and_seats_tags_leave_out_a_russia_without_a_seat(
    players: int, options: dict[str, object], seats: str
) -> None:
    state = selfplay(players, "7a" * 32, "basic", options)
    assert tags(record_text(state))["Seats"] == seats
    result = result_tag(state)
    seated = "R" in seats
    powers = result["powers"]
    assert isinstance(powers, dict)
    assert list(powers) == sorted(p for p in TURN_ORDER if p != "R" or seated)
    scores = [line.split(". ", 1)[1] for line in body(record_text(state)) if "= score " in line]
    assert scores == [f"= score {p} {powers[p]}" for p in TURN_ORDER if p in powers]
    assert state.scores == {p: powers[p] for p in TURN_ORDER if p in powers}
    assert SPIES.view(state, 0)["scores"] == state.scores


def _two_seat_end(score: str) -> State:
    """A 2-seat game at the end of 1939, Russia held by seat 0 (Germany's seat)."""
    state = started(2, multi_country_score=score)
    state.russia = 0
    state.year = 1939
    return state


def test_russia_held_by_a_seat_neither_scores_for_it_nor_breaks_its_tie() -> None:
    state = _two_seat_end("combined")
    state.markers["R"] = [1933] * 20  # Russia's record would outscore everyone...
    for p in ("G", "I", "F", "B"):
        state.markers[p] = [1933]
    state.money.update({"G": 1, "I": 1, "R": 500, "F": 2, "B": 2})  # ...and its money break the tie
    for x in state.secrets.values():  # no surviving originals: only the markers score
        x.original = None
    ending.finish(state, 1939)
    assert state.result is not None
    assert state.scores == {"G": 18, "I": 18, "F": 18, "B": 18}
    assert state.result.scores == (36, 36)
    # Tied on score: the richer seat wins, counting its own powers' money only (16.3).
    assert state.result.winners == (1,)
    result = result_tag(state)
    assert result == {
        "end": 1939,
        "powers": {"B": 18, "F": 18, "G": 18, "I": 18},
        "seats": {"1": 36, "2": 36},
        "winners": [2],
        "zombies": [],
    }


def test_a_seated_russia_scores_and_can_win() -> None:
    state = started(5)
    state.year = 1939
    state.markers["R"] = [1933] * 20
    ending.finish(state, 1939)
    assert state.result is not None and state.result.winners == (state.seat_of("R"),)
    result = result_tag(state)
    powers = result["powers"]
    assert isinstance(powers, dict) and powers["R"] == state.scores["R"] >= 20 * 3 * 6


# -- item 3: no listed action is refused --------------------------------------------------------------
def _offer_to_france(money: int) -> State:
    state = play(skip_tile(started()), "G open F")
    (chit,) = give_chits(state, "G", "PAP")
    state.money["F"] = money
    return play(state, f"G offer o1 F give {chit} get £1")


def test_an_offer_its_recipient_cannot_pay_lists_only_decline() -> None:
    broke = _offer_to_france(0)
    france = broke.seat_of("F")
    assert rules.legal(broke, france) == ["F decline o1"]
    with pytest.raises(IllegalAction):
        play(broke, "F accept o1")
    assert play(broke, "F decline o1").decision == {"kind": "turn", "power": "G"}
    paying = _offer_to_france(1)
    assert rules.legal(paying, france) == ["F accept o1", "F decline o1"]
    assert play(paying, "F accept o1").money["F"] == 0


@pytest.mark.parametrize(
    "seed",
    [
        "fd372a73e0d38d2c9a5e87e72cb1332202430cf3fff5c1aee9a17698f97940bf",
        "00c621d50dc84c174d6a6105105a5b35338d4b9429a3f856b3f4ecaf201aad99",
    ],
)
def test_selfplay_that_stopped_on_a_listed_accept_now_plays_to_the_end(seed: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = ["selfplay", "--players", "2", "--level", "random", "--option", "russia_control=bidding"]
    with redirect_stdout(out), redirect_stderr(err):
        code = main([*argv, "--seed", seed])
    assert (code, err.getvalue()) == (0, "")
    text = out.getvalue()
    assert "\n# end\n" in text and '"R"' not in tags(text)["Result"]
    parsed = read_record_file(text)
    final, _start, failures = replay(
        parsed["seed"], parsed["options"], parsed["players"], parsed["events"], None
    )
    assert failures == [] and final.result is not None
