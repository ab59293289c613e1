"""Prohibition behind the game-agnostic protocol (:class:`engine.core.Game`).

Actions cross the protocol as ``{"type": "act", "text": <the spec's action string>}``, e.g.
``{"type": "act", "text": "go:D3-D4=1k"}``; ``legal_actions`` lists them in that form. Seats
are the platform's (0-based, joining order); the turn order drawn at setup maps them to the
spec's 1-based seats (``view()["seats"]``). Events are the record's events, one per log
entry: :meth:`project` gives each viewer ``{"type": "event", "n", "by", "a"}`` with a stub in
place of what he may not see.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import AbstractContextManager
from typing import Any

from engine import textactions
from engine.core import EXTERNAL_ENDINGS, Event, Game, Result, Transition, Viewer
from engine.errors import GameOver, InvalidAction
from engine.prohibition import rules, serialize, twin, view
from engine.prohibition.data import MAX_PLAYERS, MIN_PLAYERS
from engine.prohibition.options import PRESETS
from engine.prohibition.record import is_started
from engine.prohibition.state import CHARACTER, OVER, PICK, PLACE, POSTMOVE, PREROLL, TRUCK, State
from engine.textactions import action

TRUCK_TURN = frozenset({PREROLL, CHARACTER, TRUCK, POSTMOVE})
"""The phases within a truck-turn (spec section 6, steps 1-5)."""
SCORE_END = "score"
"""The reason of a game that ended by the rules, after the final round's last truck-turn."""


def action_text(act: Mapping[str, Any]) -> str:
    return textactions.action_text(act, "Prohibition's", "go:D3-D4=1k")


def _events(before: State, after: State) -> tuple[Event, ...]:
    return tuple(view.log_event(after, i) for i in range(len(before.entries), len(after.entries)))


class Prohibition(Game[State]):
    name = "prohibition"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    def new_game(self, seed: str, options: Mapping[str, Any] | None = None, players: int = 2) -> State:
        return rules.new_state(seed, options, players)

    def presets(self) -> Mapping[str, Mapping[str, Any]]:
        return {name: dict(values) for name, values in PRESETS.items()}

    def players(self, state: State) -> int:
        return state.players

    def actors(self, state: State) -> frozenset[int]:
        return rules.actors(state)

    def is_response(self, state: State, seat: int, action: Mapping[str, Any]) -> bool:
        """The secret picks are simultaneous: a pick is never refused as stale."""
        return (
            state.phase == PICK and isinstance(action.get("text"), str) and action["text"].startswith("pick ")
        )

    def legal_actions(self, state: State, seat: int) -> list[dict[str, Any]]:
        return [action(text) for text in rules.legal_for(state, seat)]

    def apply(self, state: State, seat: int, action: Mapping[str, Any]) -> Transition[State]:
        text = action_text(action)
        if state.phase == OVER:
            raise GameOver("the game is over")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
            raise InvalidAction("no such seat")
        new = rules.apply_as(state, seat, text, rules.listed)
        return Transition(new, _events(state, new))

    def increments(self, before: State, after: State, seat: int | None) -> frozenset[int]:
        """The increment is added when a seat finishes a truck-turn or a setup decision
        (spec section 12): each truck placed and each card picked at setup earns one for the
        truck's seat; a truck-turn earns one when it ends (the next slot begins, or the last
        one ends the game by the rules), not each decision within it (naming the truck, a
        load, the character, the truck action)."""
        if before.phase in (PLACE, PICK):
            return frozenset(
                before.seat_of_truck(t)
                for t, (was, now) in enumerate(zip(before.trucks, after.trucks, strict=True))
                if (was.street, was.pick) != (now.street, now.pick)
            )
        if before.phase not in TRUCK_TURN:
            return frozenset()
        ended = (after.round, after.slot) != (before.round, before.slot) or (
            after.result is not None and after.result.reason == SCORE_END
        )
        return frozenset({before.seat_of_truck(before.active)}) if ended else frozenset()

    def default_action(self, state: State, seat: int) -> dict[str, Any] | None:
        """The spec's timeout default (section 12); None with two players, where running out
        of time loses. With three or four, a timeout is :meth:`withdraw` (``"timeout"``),
        which plays this default and makes the seat a zombie."""
        if state.players == 2:
            return None
        text = rules.default(state, seat)
        return None if text is None else action(text)

    def withdraw(self, state: State, seat: int, reason: Any) -> Transition[State]:
        new = rules.withdraw(state, seat, reason)
        return Transition(new, _events(state, new))

    def withdrawn(self, state: State) -> frozenset[int]:
        return state.zombies

    def result(self, state: State) -> Result | None:
        return state.result

    def conclude(self, state: State, result: Result) -> Transition[State]:
        if state.phase == OVER:
            raise GameOver("the game is over")
        if result.reason not in EXTERNAL_ENDINGS:
            raise InvalidAction(f"a game cannot be ended from outside for {result.reason!r}")
        new = rules.conclude(state, result)
        return Transition(new, _events(state, new))

    def is_started(self, state: State) -> bool:
        return is_started(state)

    def moves_played(self, state: State) -> int:
        return sum(1 for e in state.entries if isinstance(e.by, int))

    def view(self, state: State, viewer: Viewer, history: bool = True) -> dict[str, Any]:
        return view.view(state, viewer, history)

    def sharing_views(self, state: State) -> AbstractContextManager[None]:
        return view.sharing(state)

    def project(self, event: Event, viewer: Viewer) -> dict[str, Any] | None:
        return view.project(event, viewer)

    def twin(self, state: State, viewer: Viewer, seed: str) -> State:
        return twin.twin(state, viewer, seed)

    def to_dict(self, state: State) -> dict[str, Any]:
        return serialize.to_dict(state)

    def from_dict(self, data: Mapping[str, Any]) -> State:
        return serialize.from_dict(data)

    def seed_of(self, state: State) -> str:
        return state.rng.seed
