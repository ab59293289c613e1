"""What each viewer sees (spec section 8): the one place that builds anything sent to a viewer.

There is no hidden information but the generator: every viewer (either player, a spectator,
everyone) receives the same object, the state of section 10 minus ``rng``, with the seats,
the provisional score, the legal choices, the last shot's event and (unless ``history`` is
off) the record's turns so far. The seed is added once the game is over (its reveal).
"""

from __future__ import annotations

import copy
import json
from typing import Any

from engine.core import EVERYONE, SPECTATOR, Event, Viewer
from engine.errors import InvalidAction
from engine.flickago.match import Match
from engine.flickago.rules import OVER, STATE_KEYS, legal
from engine.flickago.scoring import score

HIDDEN_KEYS = ("rng",)


def check_viewer(viewer: Viewer) -> None:
    if viewer not in (0, 1, SPECTATOR, EVERYONE) or isinstance(viewer, bool):
        raise InvalidAction(f"unknown viewer {viewer!r}")


def _copy(data: Any) -> Any:
    """A deep copy of JSON-ready data (faster than ``copy.deepcopy`` for it)."""
    return json.loads(json.dumps(data))


def last_shot(match: Match) -> dict[str, Any] | None:
    for turn in reversed(match.turns):
        if "shot" in turn:
            return _copy(turn)  # type: ignore[no-any-return]
    return None


def view(match: Match, viewer: Viewer, history: bool = True) -> dict[str, Any]:
    check_viewer(viewer)
    state = match.state
    out: dict[str, Any] = {"game": "flickago"}
    out.update({key: copy.deepcopy(state[key]) for key in STATE_KEYS if key not in HIDDEN_KEYS})
    out["seats"] = match.seats()
    out["score"] = score(state["pos"], state["options"], state["last_mover"])
    out["legal"] = legal(state)
    out["last_shot"] = last_shot(match)
    if state["phase"] == OVER:
        out["seed"] = state["rng"]["seed"]
    if history:
        out["history"] = _copy(list(match.turns))
    return out


def project(event: Event, viewer: Viewer) -> dict[str, Any] | None:
    """Every viewer is sent every event whole: nothing in one is hidden."""
    check_viewer(viewer)
    return {"type": event.kind, **copy.deepcopy(dict(event.data))}
