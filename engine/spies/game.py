"""Spies! behind the game-agnostic protocol (:class:`engine.core.Game`).

Actions cross the protocol as ``{"type": "act", "text": <an action line of spec 15.2>}``,
e.g. ``{"type": "act", "text": "G go s04 WAR"}``; ``legal_actions`` lists them in that form.
Several seats may act at once (a sealed bid, Ready); every action in a response window (a
search, an evasion, a chain, an Intercept, a hand limit, a takeover, an offer) and every
collected answer is a response (:meth:`is_response`). Events are the record's events:
:meth:`project` gives each viewer ``{"type": "event", "n", "by", "a", "header"}`` with the
most detailed text he is entitled to (``~`` when none).
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import AbstractContextManager
from typing import Any

from engine import textactions
from engine.core import Event, Game, Limit, Result, Transition, Viewer
from engine.errors import GameOver, InvalidAction
from engine.spies import flow, rules, serialize, twin, view
from engine.spies.data import ALLOCATIONS
from engine.spies.options import PRESETS
from engine.spies.state import State
from engine.textactions import action

RESPONSES = frozenset(
    {"bid", "ready", "search", "evade", "chain", "intercept", "limit", "takeover", "offer", "roll"}
)
WINDOWS = frozenset({"roll", "search", "evade", "chain", "intercept", "limit", "takeover", "offer"})
"""The decisions that also end after ``response_timeout`` (17)."""


def action_text(act: Mapping[str, Any]) -> str:
    return textactions.action_text(act, "Spies!", "G go s04 WAR")


def _events(before: State, after: State) -> tuple[Event, ...]:
    return tuple(view.log_event(after, i) for i in range(len(before.log), len(after.log)))


class Spies(Game[State]):
    name = "spies"
    min_players = min(ALLOCATIONS)
    max_players = max(ALLOCATIONS)

    def new_game(self, seed: str, options: Mapping[str, Any] | None = None, players: int = 2) -> State:
        return rules.new_state(seed, options, players)

    def presets(self) -> Mapping[str, Mapping[str, Any]]:
        return {name: dict(values) for name, values in PRESETS.items()}

    def players(self, state: State) -> int:
        return state.players

    def actors(self, state: State) -> frozenset[int]:
        return rules.actors(state)

    def is_response(self, state: State, seat: int, action: Mapping[str, Any]) -> bool:
        d = state.decision
        return d is not None and (d["kind"] in RESPONSES or "waiting" in d)

    def legal_actions(self, state: State, seat: int) -> list[dict[str, Any]]:
        return [action(text) for text in rules.legal(state, seat)]

    def apply(self, state: State, seat: int, action: Mapping[str, Any]) -> Transition[State]:
        text = action_text(action)
        if state.result is not None:
            raise GameOver("the game is over")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
            raise InvalidAction("no such seat")
        if action.get("expired") is True:
            # The server's response_timeout ran out: the default, written "= expired n" (17).
            if text != rules.default(state, seat):
                raise InvalidAction("an expired decision takes its default line")
            new = rules.expire(state, seat)
        else:
            new = rules.apply(state, seat, text)
        return Transition(new, _events(state, new))

    def default_action(self, state: State, seat: int) -> dict[str, Any] | None:
        """Section 17's default for the decision the seat owes. With two seats a whole clock
        running out loses (16.4): the server calls :meth:`withdraw` then."""
        text = rules.default(state, seat)
        return None if text is None else action(text)

    def clocked(self, state: State) -> frozenset[int]:
        """No clock runs during a negotiation period, which has its own length (17)."""
        d = state.decision
        return frozenset() if d is not None and d["kind"] == "ready" else rules.actors(state)

    def increments(self, before: State, after: State, seat: int | None) -> frozenset[int]:
        """The increment is added each time one of the seat's powers ends its turn (17), not
        per action: a power's turn ends only by its ``end`` line (7; the turn's default, 17, is
        that line too), written by the seat that controls the power then. Nothing else earns
        it: setup steps, bids, tile steps, responses in other seats' turns."""
        return frozenset(
            entry.seat
            for entry in after.log[len(before.log) :]
            if entry.seat >= 0 and entry.text == f"{entry.by} end"
        )

    def decision_limit(self, state: State, seat: int) -> Limit | None:
        """A response window's ``response_timeout``, or what is left of a negotiation period
        (17); each decision the flow opens has its own number (``state.window``)."""
        d = state.decision
        if d is None or seat not in rules.actors(state):
            return None
        if d["kind"] == "ready":
            period = next(t for t in reversed(state.tasks) if t["t"] == "period")
            return Limit(f"w{state.window}", flow.period_seconds(state, period["name"]) * 1000)
        if d["kind"] in WINDOWS:
            return Limit(f"w{state.window}", int(state.options["response_timeout"]) * 1000)
        return None

    def expire(self, state: State, seat: int) -> Transition[State]:
        """Written ``= expired n``, then the decision's default line (15.3)."""
        if state.result is not None:
            raise GameOver("the game is over")
        new = rules.expire(state, seat)
        return Transition(new, _events(state, new))

    def private_chat(self, state: State, seat: int) -> frozenset[int]:
        """12.4: private chat is open between any seats during a negotiation period (and
        after the game), between the two parties of an open channel, and always with
        ``private_chat=always``."""
        others = frozenset(range(state.players)) - {seat}
        d = state.decision
        if state.options["private_chat"] == "always" or state.result is not None:
            return others
        if d is not None and d["kind"] == "ready":
            return others
        if not state.channels:
            return frozenset()
        active = state.seat_of(state.active)
        parties = {state.seat_of(power) for power in state.channels} - {active}
        if seat == active:
            return frozenset(parties)
        return frozenset({active}) if seat in parties else frozenset()

    def withdraw(self, state: State, seat: int, reason: Any) -> Transition[State]:
        new = rules.withdraw(state, seat, reason)
        return Transition(new, _events(state, new))

    def withdrawn(self, state: State) -> frozenset[int]:
        return frozenset(state.zombies)

    def result(self, state: State) -> Result | None:
        return state.result

    def conclude(self, state: State, result: Result) -> Transition[State]:
        """Only an abort ends Spies! from outside: the rules know no agreed ending (16); a
        seat leaves by :meth:`withdraw`."""
        if state.result is not None:
            raise GameOver("the game is over")
        if result.reason != "aborted" or result != Result.aborted():
            raise InvalidAction(f"a game of Spies! cannot be ended from outside for {result.reason!r}")
        new = rules.abort(state)
        return Transition(new, _events(state, new))

    def is_started(self, state: State) -> bool:
        """Play begins with setup: the seats' clocks run in their setup steps (17), and a
        room's setup timer (made for secret setups played at once) does not apply."""
        return True

    def moves_played(self, state: State) -> int:
        return sum(1 for e in state.log if e.header.startswith("# 19")) if state.year else 0

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


SPIES = Spies()
