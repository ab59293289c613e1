"""The autopilot (spec section 14): a legal action for every decision, from the view alone,
the same for the same view, level and seed; the JSON-lines protocol; levels against the
random player (the full level-against-level figures are bench/prohibition.py's)."""

from __future__ import annotations

import io
import json
import random

import pytest

from engine.core import SPECTATOR
from engine.errors import NotYourTurn
from engine.prohibition import ENTRY
from engine.prohibition import PROHIBITION as G
from engine.prohibition.bot import LEVELS, decide, decide_action
from engine.prohibition.bot.protocol import Session, run_protocol
from engine.prohibition.state import State


def bot_game(levels: list[str], seed: int, players: int, options: dict[str, str] | None = None) -> State:
    state = G.new_game(f"{seed + 1:064x}", options, players)
    while G.result(state) is None:
        seat = min(G.actors(state))
        view = G.view(state, seat)
        text = decide(view, levels[seat], seed + seat)
        assert text in view["legal"]
        state = G.apply(state, seat, {"type": "act", "text": text}).state
    return state


@pytest.mark.parametrize(("level", "players"), [("easy", 2), ("easy", 4), ("normal", 3)])
def test_every_decision_is_legal_and_games_end(level: str, players: int) -> None:
    state = bot_game([level] * players, 3 * players, players)
    assert state.result is not None and state.result.reason == "score"


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_decision_is_legal_and_games_end_long_run(level: str, players: int) -> None:
    for seed in range(5):
        assert bot_game([level] * players, 100 * seed + players, players).result is not None


def test_bots_play_every_rule_option() -> None:
    options = {
        "layout": "inverted",
        "special_placement": "random",
        "delivery_distance": "at_most",
        "truck_must_move": "yes",
        "control_range": "touching",
        "repeat_contact": "allowed",
        "load_window": "parked",
        "abandon_token": "discard",
        "two_player_p1_order": "fixed",
        "bars_trigger": "cube_or_closed",
    }
    for players in (2, 3):
        assert bot_game(["easy"] * players, 5, players, options).result is not None


def test_the_same_view_level_and_seed_give_the_same_action() -> None:
    state = G.new_game("3c" * 32, None, 3)
    rng = random.Random(1)
    for _ in range(25):
        if G.result(state) is not None:
            break
        seat = min(G.actors(state))
        view = G.view(state, seat)
        for level in LEVELS:  # time enough that no deadline cuts the search on a busy machine
            assert decide(view, level, 9, 60.0) == decide(json.loads(json.dumps(view)), level, 9, 60.0)
        state = G.apply(state, seat, rng.choice(G.legal_actions(state, seat))).state


def test_the_bot_reads_only_the_view_a_twin_gets_the_same_action() -> None:
    state = G.new_game("4d" * 32, None, 4)
    rng = random.Random(2)
    checked = 0
    for step in range(80):
        if G.result(state) is not None:
            break
        seat = min(G.actors(state))
        if step % 7 == 0:
            twin = G.twin(state, seat, f"{step:064x}")
            for level in LEVELS:  # time enough that no deadline cuts the search
                mine = decide(G.view(state, seat), level, 3, 60.0)
                assert decide(G.view(twin, seat), level, 3, 60.0) == mine
            checked += 1
        state = G.apply(state, seat, rng.choice(G.legal_actions(state, seat))).state
    assert checked >= 5


def test_no_decision_owed_and_spectators() -> None:
    state = G.new_game("5e" * 32, None, 3)
    idle = next(s for s in range(3) if s not in G.actors(state))
    with pytest.raises(NotYourTurn):
        decide(G.view(state, idle), "normal", 1)
    with pytest.raises(NotYourTurn):
        decide(G.view(state, SPECTATOR), "normal", 1)
    with pytest.raises(ValueError):
        decide(G.view(state, min(G.actors(state))), "grandmaster", 1)


def test_catalogue_entry_and_its_decider() -> None:
    ENTRY.check()
    assert (ENTRY.name, ENTRY.min_players, ENTRY.max_players) == ("prohibition", 2, 4)
    assert ENTRY.client_module == "/static/games/prohibition/main.js"
    assert ENTRY.autopilot_level in ENTRY.bot_levels
    assert set(ENTRY.option_schema) >= {"layout", "load_window", "time_control", "preset"}
    state = G.new_game("6f" * 32, {"preset": "rulebook"}, 2)
    seat = min(G.actors(state))
    action = ENTRY.decider()(G.view(state, seat), "easy", 1, 0.5)
    assert action == decide_action(G.view(state, seat), "easy", 1, 0.5)
    G.apply(state, seat, action)


@pytest.mark.slow
def test_levels_beat_the_random_player() -> None:
    for level in LEVELS:
        above = pairs = 0
        for number in range(6):
            seat = number % 3
            levels = [level if s == seat else "random" for s in range(3)]
            result = bot_game(levels, 40 + number, 3).result
            assert result is not None and result.ranks is not None
            for other in range(3):
                if other != seat:
                    pairs += 1
                    above += result.ranks[seat] < result.ranks[other]
        assert above >= pairs - 2, level


def test_easy_beats_the_random_player() -> None:
    result = bot_game(["easy", "random", "random"], 40, 3).result
    assert result is not None and result.winners == (0,)


def test_json_lines_protocol() -> None:
    state = G.new_game("7a" * 32, None, 3)
    seat = min(G.actors(state))
    view = G.view(state, seat)
    history = view.pop("history")
    lines = [
        json.dumps({"view": view, "history": history, "seat": seat}),
        "not json",
        json.dumps({"history": []}),
        json.dumps({"view": G.view(state, SPECTATOR)}),
        "",
    ]
    out = io.StringIO()
    assert run_protocol(io.StringIO("\n".join(lines) + "\n"), out, level="easy", seed=3) == 0
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(answers) == 4
    assert answers[0] in G.view(state, seat)["legal"]
    assert all("error" in a for a in answers[1:])
    bad = io.StringIO()
    assert run_protocol(io.StringIO(""), bad, level="nope") == 2
    session = Session("normal", 1)
    assert json.loads(session.answer(lines[0])) in G.view(state, seat)["legal"]
