"""Flickago behind the platform's protocol (:class:`engine.core.Game`, docs/protocol.md).

Actions are dicts (``engine.flickago.notation``): ``{"type": "shot", "piece", "from",
"angle", "power"}`` with integer angle and power, ``{"type": "return", "piece"}``,
``{"type": "place", "inspector", "star"}``, or any of them as notation text,
``{"type": "text", "text": "wT3@T2 912/734"}``.

A shot is simulated in :meth:`Flickago.apply`. A server that simulates in a process pool
instead calls :meth:`Flickago.offload` (checks the shot; what to simulate: :func:`run_job`
of a :class:`SimJob`), runs it in the pool, then :meth:`Flickago.apply_offloaded` with what
it returned.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from engine.core import EXTERNAL_ENDINGS, Event, Game, Offload, Result, Transition, Viewer
from engine.errors import GameOver, InvalidAction, NotYourTurn
from engine.flickago import match as matches
from engine.flickago import rules, view
from engine.flickago.match import Match, advance, platform_result
from engine.flickago.notation import check_action
from engine.flickago.options import defaults
from engine.flickago.physics import MAX_STEPS, Positions, Shot, ShotResult, simulate
from engine.flickago.record import initial_match
from engine.rng import Rng, check_seed

# Platform end reasons -> the spec's result reasons (section 10).
_REASONS = {"resign": "resign", "timeout": "time", "abandon": "abandon"}


@dataclass(frozen=True, slots=True)
class SimJob:
    """Everything a simulation needs; picklable, so it can cross to a process pool."""

    positions: Positions
    shot: Shot
    max_steps: int = MAX_STEPS
    frames: bool = True


def run_job(job: SimJob) -> ShotResult:
    """The pure simulation of a job (run it in a process pool)."""
    return simulate(job.positions, job.shot, job.max_steps, job.frames)


class Flickago(Game[Match]):
    name = "flickago"
    min_players = 2
    max_players = 2

    # -- creation -------------------------------------------------------------------------
    def new_game(self, seed: str, options: Mapping[str, Any] | None = None, players: int = 2) -> Match:
        if players != 2:
            raise InvalidAction("Flickago is for two players")
        try:
            check_seed(seed)
        except ValueError as exc:
            raise InvalidAction(str(exc)) from exc
        preset = (options or {}).get("preset", "standard")
        if preset not in self.presets():
            raise InvalidAction(f"unknown preset {preset!r}")
        time_control = (options or {}).get("time_control", "none")
        return initial_match(seed, {**self.presets()[preset], **(options or {})}, time_control)

    def presets(self) -> Mapping[str, Mapping[str, Any]]:
        return {"standard": defaults(), "literal": {**defaults(), "safe_zone_points": "any"}}

    def players(self, state: Match) -> int:
        return 2

    # -- whose turn -----------------------------------------------------------------------
    def actors(self, state: Match) -> frozenset[int]:
        if state.ended is not None or state.state["phase"] == rules.OVER:
            return frozenset()
        return frozenset({state.seat_of_side(state.state["to_move"])})

    def legal_actions(self, state: Match, seat: int) -> list[dict[str, Any]]:
        """Returns and placements in full; shots as choices ``{"type": "shot", "piece",
        "from"}`` that any angle (0-3599) and power (1-1000) completes."""
        if seat not in self.actors(state):
            return []
        out: list[dict[str, Any]] = []
        for choice in rules.legal(state.state):
            if choice.startswith("^"):
                out.append({"type": "return", "piece": choice[1:]})
            elif ">" in choice:
                inspector, star = choice.split(">")
                out.append({"type": "place", "inspector": inspector, "star": star})
            else:
                piece, _, point = choice.partition("@")
                out.append({"type": "shot", "piece": piece, "from": point or None})
        return out

    def _side(self, state: Match, seat: int) -> str:
        if state.ended is not None or state.state["phase"] == rules.OVER:
            raise GameOver("the game is over")
        if seat not in (0, 1) or isinstance(seat, bool):
            raise InvalidAction("seat must be 0 or 1")
        side = state.side_of_seat(seat)
        if side != state.state["to_move"]:
            raise NotYourTurn("it is not your turn")
        return side

    def apply(self, state: Match, seat: int, action: Mapping[str, Any]) -> Transition[Match]:
        side = self._side(state, seat)
        checked = check_action(action)
        if checked["type"] == "return":
            step = rules.apply_return(state.state, side, checked["piece"])
        elif checked["type"] == "place":
            step = rules.apply_place(state.state, side, checked["inspector"], checked["star"])
        else:
            step = rules.shoot(state.state, side, checked)
        return self._transition(state, step)

    def shot_job(self, state: Match, seat: int, action: Mapping[str, Any]) -> SimJob | None:
        """For a shot: check it and say what to simulate (the jitter drawn as apply will);
        ``None`` for another action (apply it directly)."""
        side = self._side(state, seat)
        checked = check_action(action)
        if checked["type"] != "shot":
            return None
        prepared = rules.prepare_shot(state.state, side, checked)
        positions = {piece: (xy[0], xy[1]) for piece, xy in state.state["pos"].items()}
        return SimJob(positions, prepared.shot, MAX_STEPS)

    def apply_result(
        self, state: Match, seat: int, action: Mapping[str, Any], result: ShotResult
    ) -> Transition[Match]:
        """Apply a shot whose simulation ran elsewhere (:func:`run_job` of :meth:`shot_job`)."""
        side = self._side(state, seat)
        return self._transition(state, rules.apply_shot(state.state, side, check_action(action), result))

    def offload(self, state: Match, seat: int, action: Mapping[str, Any]) -> Offload | None:
        job = self.shot_job(state, seat, action)
        return None if job is None else Offload(job, run_job)

    def apply_offloaded(
        self, state: Match, seat: int, action: Mapping[str, Any], computed: Any
    ) -> Transition[Match]:
        if not isinstance(computed, ShotResult):
            raise InvalidAction("an offloaded Flickago action is a simulated shot")
        return self.apply_result(state, seat, action, computed)

    def _transition(self, state: Match, step: rules.Step) -> Transition[Match]:
        new = advance(state, step)
        event = step.event
        kind = "shot" if "shot" in event else "return" if "return" in event else "inspectors"
        events = [Event(kind, event), *(Event("pass", p) for p in step.passes)]
        if new.ended is not None and state.ended is None:
            events.append(self._end_event(new))
        return Transition(new, tuple(events))

    @staticmethod
    def _end_event(state: Match) -> Event:
        assert state.ended is not None
        return Event("end", {"result": state.state["result"], "outcome": state.ended.to_dict()})

    def playback_ms(self, events: tuple[Event, ...]) -> int:
        """A shot plays back at real speed from its keyframes (the last one is its rest, at
        most the 10 s cap): the next player is not charged while it rolls on his screen."""
        return sum(
            int(event.data["keyframes"][-1][0])
            for event in events
            if event.kind == "shot" and event.data.get("keyframes")
        )

    def increments(self, before: Match, after: Match, seat: int | None) -> frozenset[int]:
        """The increment is added when a player completes a turn (spec section 11), and a
        turn is his returns and then his shot: the shooter earns it with his shot, not with a
        return nor, as the non-shooter, with an inspector's star (a pass is no turn: the
        player had none to play)."""
        if after.state["shots"] == before.state["shots"]:
            return frozenset()
        return frozenset({before.seat_of_side(before.state["to_move"])})

    def default_action(self, state: Match, seat: int) -> dict[str, Any] | None:
        return None  # running out of time loses (spec section 11)

    # -- the end --------------------------------------------------------------------------
    def result(self, state: Match) -> Result | None:
        return state.ended

    def conclude(self, state: Match, result: Result) -> Transition[Match]:
        if state.ended is not None:
            raise GameOver("the game is over")
        if result.reason not in EXTERNAL_ENDINGS:
            raise InvalidAction(f"a game cannot be ended from outside for {result.reason!r}")
        winner_seat = result.winner
        if result.outcome == "win" and winner_seat not in (0, 1):
            raise InvalidAction("a win needs a winner seat")
        winner = None if winner_seat is None else state.side_of_seat(winner_seat)
        reason = _REASONS.get(result.reason, result.reason)
        core = rules.conclude(state.state, reason, winner)
        ended = result
        if result.outcome != "aborted":
            ended = platform_result(replace(state, state=core), core["result"])
        new = replace(state, state=core, ended=ended)
        return Transition(new, (self._end_event(new),))

    def is_started(self, state: Match) -> bool:
        return True

    def moves_played(self, state: Match) -> int:
        return int(state.state["shots"]) + int(state.state["passes"])

    # -- what a viewer may know -----------------------------------------------------------
    def view(self, state: Match, viewer: Viewer, history: bool = True) -> dict[str, Any]:
        return view.view(state, viewer, history)

    def project(self, event: Event, viewer: Viewer) -> dict[str, Any] | None:
        return view.project(event, viewer)

    def twin(self, state: Match, viewer: Viewer, seed: str) -> Match:
        """The only hidden value is the generator's seed: the twin has another one, drawn
        from ``Rng(seed)``, at the same counter. Everything else is public."""
        view.check_viewer(viewer)
        other = Rng(check_seed(seed)).block().hex()
        core = rules.copy_state(state.state)
        core["rng"] = {"seed": other, "counter": state.state["rng"]["counter"]}
        return replace(state, state=core)

    # -- storage --------------------------------------------------------------------------
    def to_dict(self, state: Match) -> dict[str, Any]:
        return matches.to_dict(state)

    def from_dict(self, data: Mapping[str, Any]) -> Match:
        return matches.from_dict(data)

    def seed_of(self, state: Match) -> str:
        return str(state.state["rng"]["seed"])
