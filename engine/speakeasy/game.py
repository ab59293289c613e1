"""Speak Easy behind the game-agnostic protocol (:class:`engine.core.Game`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import EXTERNAL_ENDINGS, Event, Game, Result, Transition, Viewer
from engine.errors import InvalidAction
from engine.speakeasy import chance, play, serialize, twin, view
from engine.speakeasy.movegen import move_text
from engine.speakeasy.rules import PRESETS, options_from
from engine.speakeasy.setup import random_setup
from engine.speakeasy.state import OVER, PLAY, SETUP, State


class SpeakEasy(Game[State]):
    name = "speakeasy"
    min_players = 2
    max_players = 2

    def new_game(self, seed: str | int, options: Mapping[str, Any] | None = None, players: int = 2) -> State:
        """``seed``: 64 hex digits (the platform generator), or a non-negative integer for the
        legacy stream (what the server passes until it draws hex seeds; ``docs/engine.md``)."""
        if players != 2:
            raise InvalidAction("Speak Easy is for two players")
        try:
            checked = chance.check(seed)
        except ValueError as exc:
            raise InvalidAction(str(exc)) from None
        return play.new_state(options_from(options), checked)

    def presets(self) -> Mapping[str, Mapping[str, Any]]:
        return {name: opts.to_dict() for name, opts in PRESETS.items()}

    def players(self, state: State) -> int:
        return 2

    def actors(self, state: State) -> frozenset[int]:
        if state.phase == SETUP:
            return frozenset(seat for seat in (0, 1) if state.setups[seat] is None)
        if state.phase == OVER:
            return frozenset()
        return frozenset({state.to_move})

    def legal_actions(self, state: State, seat: int) -> list[dict[str, Any]]:
        if state.phase != PLAY or seat != state.to_move:
            return []
        return [{"type": "move", "move": move_text(m)} for m in play.legal(state)]

    def apply(self, state: State, seat: int, action: Mapping[str, Any]) -> Transition[State]:
        kind = self.action_type(action)
        if seat not in (0, 1) or isinstance(seat, bool):
            raise InvalidAction("seat must be 0 or 1")
        if kind == "setup":
            text = action.get("position")
            if not isinstance(text, str):
                raise InvalidAction("a setup needs a 'position' string")
            new = play.apply_setup(state, seat, text)
            events: list[Event] = [view.setup_event(new, seat)]
            if new.phase != SETUP:
                events.append(Event("started", {"first": "sn"[new.to_move]}))
                if new.result is not None:
                    events.append(view.end_event(new))
            return Transition(new, tuple(events))
        if kind == "move":
            text = action.get("move")
            if not isinstance(text, str):
                raise InvalidAction("a move needs a 'move' string like a6-a7")
            new = play.apply_move(state, seat, text)
            return Transition(new, tuple(view.move_events(state, new)))
        raise InvalidAction(f"unknown action type {kind!r}")

    def default_action(self, state: State, seat: int) -> dict[str, Any] | None:
        if state.phase != SETUP or state.setups[seat] is not None:
            return None
        rng = chance.default_setup_stream(state.seed, state.rng, seat)
        return {"type": "setup", "position": random_setup(seat, rng, state.options)}

    def result(self, state: State) -> Result | None:
        return state.result

    def conclude(self, state: State, result: Result) -> Transition[State]:
        if result.reason not in EXTERNAL_ENDINGS:
            raise InvalidAction(f"a game cannot be ended from outside for {result.reason!r}")
        if result.outcome == "win" and (result.winner not in (0, 1) or len(result.winners) != 1):
            raise InvalidAction("a win needs one winner seat, 0 or 1")
        new = play.conclude(state, result)
        return Transition(new, (view.end_event(new),))

    def is_started(self, state: State) -> bool:
        return state.phase != SETUP or state.first is not None

    def moves_played(self, state: State) -> int:
        return state.ply

    def view(self, state: State, viewer: Viewer, history: bool = True) -> dict[str, Any]:
        return view.view(state, viewer, history)

    def project(self, event: Event, viewer: Viewer) -> dict[str, Any] | None:
        return view.project(event, viewer)

    def twin(self, state: State, viewer: Viewer, seed: str) -> State:
        return twin.twin(state, viewer, seed)

    def seed_of(self, state: State) -> str:
        """The 64-hex seed; for a game on the legacy stream, its integer seed in decimal (such
        a game has no commitments: ``docs/engine.md``)."""
        return str(state.seed)

    def to_dict(self, state: State) -> dict[str, Any]:
        return serialize.to_dict(state)

    def from_dict(self, data: Mapping[str, Any]) -> State:
        return serialize.from_dict(data)
