"""What each viewer sees (spec section 8): the one place that builds anything sent to a viewer.

There is no hidden information but the generator: every viewer (either player, a spectator,
everyone) receives the same object, the state of section 10 minus ``rng``, with the seats,
the provisional score, the legal choices and (unless ``history`` is off) the record's turns so
far. The seed is added once the game is over (its reveal).

The last shot's event, which a viewer who joins or reconnects gets (section 8), is the last
shot of those turns: a welcome carries them. The views a game's event frames patch have no
history, and no copy of the shot either: the ``shot`` event itself carries its keyframes, and
a copy in the view would send them a second time in every such frame.
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


def view(match: Match, viewer: Viewer, history: bool = True) -> dict[str, Any]:
    check_viewer(viewer)
    state = match.state
    out: dict[str, Any] = {"game": "flickago"}
    out.update({key: copy.deepcopy(state[key]) for key in STATE_KEYS if key not in HIDDEN_KEYS})
    out["seats"] = match.seats()
    out["score"] = score(state["pos"], state["options"], state["last_mover"])
    out["legal"] = legal(state)
    if state["phase"] == OVER:
        out["seed"] = state["rng"]["seed"]
    if history:
        out["history"] = _copy(list(match.turns))
    return out


def project(event: Event, viewer: Viewer) -> dict[str, Any] | None:
    """Every viewer is sent every event whole: nothing in one is hidden."""
    check_viewer(viewer)
    return {"type": event.kind, **copy.deepcopy(dict(event.data))}
