"""Secrecy at the server's boundary, for every registered game (issue 10 item 9).

The server sends a viewer nothing but the frames ``app/games/frames.py`` builds from the
game's ``view`` and ``project``. Here, for random games of each game in the catalogue, at a
few moments, each viewer's hidden values are re-dealt by the game's own twin maker and the
exact frames the server would send him are built from the state and from its twin: the
``welcome`` (with his view, the room, the clocks, the presence, the fairness commitments),
then the ``event`` frames of the next steps, as long as their public outcome is the same.
They must be byte-identical; the state commitment, salted by the secret seed, is compared as
a placeholder (its bytes depend on the hidden state by design and reveal nothing before the
seed is revealed at the end). The Speak Easy rooms are also proved end to end through real
servers and sockets (``test_secrecy_wire.py``).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

from app.clocks import GameClocks
from app.games import frames
from app.games.runtime import LoadedGame, RoomInfo, SlotHolder
from engine.catalogue import GameEntry, entries
from engine.core import SPECTATOR, Viewer
from engine.errors import GameError

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "bench") not in sys.path:
    sys.path.append(str(ROOT / "bench"))
import secrecy_engine as se  # noqa: E402  (bench/secrecy_engine.py: random games through the protocol)

GAMES = {"prohibition": 15, "flickago": 2, "spies": 6}
"""Games per registered game in the default suite (50 for a game not named). Flickago hides
nothing but the generator's seed (its jitter) and each of its shots is a physics run: fewer
games, the same proof. Spies! games are long (300 steps, five viewers, welcome frames with the
whole record): 6 here, and its engine and wire proofs run 32 and 10
(tests/spies/test_spies_secrecy_engine.py, tests/proof/test_secrecy_wire_games.py)."""
SLOW_GAMES = {"prohibition": 2_000, "spies": 500}
"""Under -m slow (1,000 for a game not named)."""
FOLLOW = 12
NOW = 1_700_000_000_000


def _room(entry: GameEntry, players: int) -> RoomInfo:
    return RoomInfo(
        id="room",
        game=entry.name,
        preset=next(iter(entry.presets)),
        time_initial_ms=600_000,
        time_increment_ms=0,
        setup_seconds=None,
        spectators=True,
        creator="guest-0",
        game_number=1,
        current_game_id="g" * 32,
        slots=tuple(SlotHolder(guest_id=f"guest-{slot}") for slot in range(players)),
    )


def _loaded(entry: GameEntry, state: Any, version: int, seed: str | None = None) -> LoadedGame:
    """The server's row of a game in ``state``; ``seed`` is the row's seed (a twin's state
    may hold another one, but the row keeps the game's: its commitment was published)."""
    game = entry.game
    players = game.players(state)
    return LoadedGame(
        id="g" * 32,
        room_id="room",
        game=entry.name,
        number=1,
        seed=seed or game.seed_of(state),
        options={},
        seat_slots=tuple(range(players)),
        version=version,
        seq=version,
        state=state,
        clocks=GameClocks.fresh(players, 600_000, 0, None),
        setup_seconds=None,
        result=game.result(state),
    )


def _welcome(room: RoomInfo, game: LoadedGame, viewer: Viewer) -> str:
    slot = None if viewer == SPECTATOR else int(viewer)
    presence = {
        "seats": [{"connected": True, "gone_for": None, "autopilot": False}] * game.players,
        "spectators": 0,
    }
    # The salted state commitment is compared as a placeholder: it is put where the server
    # keeps a game's commitment, so no record is replayed for a twin (whose re-dealt values
    # the generator could not have drawn).
    frames._STATE_COMMITMENTS[game.id] = "<state-commitment>"
    try:
        return frames.welcome_frame(room, game, slot, presence, NOW, [])
    finally:
        del frames._STATE_COMMITMENTS[game.id]


def _events(game: LoadedGame, before: LoadedGame, events: Any, viewer: Viewer) -> list[str]:
    """The frames of the change from ``before`` to ``game``: the first carries the patch of
    the viewer's view before it (made again here, as a server that has just loaded the game
    does)."""
    built, _sent = frames.event_frames(game, before, events, NOW, (viewer,))
    return built[frames.viewer_key(viewer)]  # event frames carry no commitment


def _told_in_private(game: Any, events: Any, viewer: Viewer) -> bool:
    """Whether an event of the step tells ``viewer`` more than a spectator (a seat's own
    strength comparison or chit draw in Spies!): where the viewer legitimately learns a value
    the twin re-dealt, so the comparison stops (as it does when the public outcome differs).
    The spectator's frames, which no such event concerns, are compared to the end."""
    return viewer != SPECTATOR and any(
        game.project(event, viewer) != game.project(event, SPECTATOR) for event in events
    )


def check_game(entry: GameEntry, number: int, counts: dict[str, int]) -> list[str]:
    """Every leak found in one random game of ``entry`` (none expected)."""
    leaks: list[str] = []
    game = entry.game
    rng = random.Random(f"frames {entry.name} {number}")
    played = se.play(entry, number, rng, max_steps=300)
    for index in se.twin_points(game, played, rng):
        state = played.states[index]
        version = sum(len(events) for events in played.events[:index])
        room = _room(entry, game.players(state))
        for viewer in se.viewers(game, state):
            twin = game.twin(state, viewer, se.fresh_seed(rng))
            counts["twins"] += 1
            seed = game.seed_of(state)
            original, other = _loaded(entry, state, version), _loaded(entry, twin, version, seed)
            if _welcome(room, original, viewer) != _welcome(room, other, viewer):
                leaks.append(f"{entry.name} game {number} step {index} viewer {viewer}: welcome differs")
                continue
            counts["frames"] += 1
            mine, theirs, at = state, twin, version
            for step in played.steps[index : index + FOLLOW]:
                was_mine, was_theirs = _loaded(entry, mine, at), _loaded(entry, theirs, at, seed)
                try:
                    mine, mine_events = se.take(game, mine, step)
                    theirs, their_events = se.take(game, theirs, step)
                except GameError:
                    break  # the twin's hidden values made this step illegal: public by now
                if game.view(mine, SPECTATOR) != game.view(theirs, SPECTATOR) or game.is_over(mine):
                    break  # the step revealed what differs (or the game ended): the rules allow it
                head = at + len(mine_events)
                first, second = _loaded(entry, mine, head), _loaded(entry, theirs, head, seed)
                sent = _events(first, was_mine, mine_events, viewer)
                if sent != _events(second, was_theirs, their_events, viewer):
                    if _told_in_private(game, mine_events, viewer):
                        break  # his own comparison, his own chit draw: the rules show it to him
                    leaks.append(
                        f"{entry.name} game {number} step {index} viewer {viewer}: event frames differ"
                    )
                    break
                counts["frames"] += len(sent)
                at += len(mine_events)
    return leaks


def _run(games: dict[str, int], default: int, record_property: Any) -> None:
    counts = {"twins": 0, "frames": 0}
    leaks: list[str] = []
    played = 0
    for entry in entries():
        for number in range(games.get(entry.name, default)):
            leaks += check_game(entry, number, counts)
            played += 1
    record_property("frames_twins", counts["twins"])
    assert counts["twins"] >= played and counts["frames"] > counts["twins"], counts
    assert not leaks, "\n".join(leaks[:20])


@pytest.mark.heavy
def test_frames_are_identical_across_twins_for_every_game(record_property: Any) -> None:
    _run(GAMES, 50, record_property)


@pytest.mark.slow
def test_frames_are_identical_across_twins_long(record_property: Any) -> None:
    _run(SLOW_GAMES, 1_000, record_property)


def test_a_planted_leak_in_the_frames_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check is not empty: a room summary that carried a hidden value is caught."""
    original = frames.room_summary

    def leaky(room: RoomInfo, your_slot: int | None, game: LoadedGame, *rest: Any) -> dict[str, Any]:
        out = original(room, your_slot, game, *rest)
        out["debug"] = hash(str(game.rules.to_dict(game.state))) % 1000
        return out

    monkeypatch.setattr(frames, "room_summary", leaky)
    counts = {"twins": 0, "frames": 0}
    leaks = [leak for entry in entries() for leak in check_game(entry, 0, counts)]
    assert leaks and all("welcome differs" in leak for leak in leaks)


def test_a_planted_leak_in_a_patch_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """The event frames' patches are compared too: views that carried a hidden value into
    the patches (and not into the welcome) are caught, in every game."""
    original = frames._views

    def leaky(rules: Any, state: Any, classes: Any) -> dict[str, Any]:
        out = original(rules, state, classes)
        hidden = hash(str(rules.to_dict(state))) % 1000
        return {key: {**view, "debug": hidden} for key, view in out.items()}

    monkeypatch.setattr(frames, "_views", leaky)
    counts = {"twins": 0, "frames": 0}
    for entry in entries():
        leaks = check_game(entry, 0, counts)
        assert leaks and all("event frames differ" in leak for leak in leaks), entry.name
