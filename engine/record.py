"""The game record every game writes, in one JSON shape (protocol.md; Prohibition's spec 13):

    {"game", "rules", "options", "players", "seed_commitment", "state_commitment",
     "seed" (only once the game is over), "result", "events": [{"n", "by", "a"}, ...]}

``n`` counts from 1 without gaps; ``by`` is a seat number, ``"chance"`` (a draw of the
generator, which ``verify`` re-derives from the seed) or ``"engine"`` (what the rules or the
platform decided: an end, a derived event); ``a`` is the action or event in the game's own
notation. A game may add the header fields its spec names. A record holds every secret of the
game (setups, hands, the deck): it is handed out only once the game is over.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from engine.errors import InvalidAction
from engine.rng import is_seed

HEADER: Final = (
    "game",
    "rules",
    "options",
    "players",
    "seed_commitment",
    "state_commitment",
    "result",
    "events",
)
CHANCE: Final = "chance"
ENGINE: Final = "engine"
Actor = int | str  # a seat, CHANCE or ENGINE


class MalformedRecord(InvalidAction):
    """The record cannot be read (``python -m engine verify`` exits 2 with this message)."""


def numbered(events: Iterable[tuple[Actor, str]]) -> list[dict[str, Any]]:
    """``[(by, a), ...]`` -> the record's ``events``, numbered from 1."""
    return [{"n": n, "by": by, "a": a} for n, (by, a) in enumerate(events, start=1)]


def check_shape(record: Any) -> None:
    """Raise :class:`MalformedRecord` (one line) unless ``record`` has the shared shape."""
    if not isinstance(record, Mapping):
        raise MalformedRecord("a record is a JSON object")
    missing = [key for key in HEADER if key not in record]
    if missing:
        raise MalformedRecord(f"the record has no {', '.join(repr(k) for k in missing)}")
    if not isinstance(record["game"], str):
        raise MalformedRecord("'game' is the name of a game")
    if "seed" in record and not (is_seed(record["seed"]) or _is_count(record["seed"])):
        raise MalformedRecord("'seed' is 64 lowercase hex digits")
    if not isinstance(record["options"], Mapping):
        raise MalformedRecord("'options' is an object")
    if not isinstance(record["events"], list):
        raise MalformedRecord("'events' is a list")
    for index, event in enumerate(record["events"], start=1):
        if not isinstance(event, Mapping) or set(event) != {"n", "by", "a"}:
            raise MalformedRecord(f"event {index} is not an object with exactly 'n', 'by' and 'a'")
        if event["n"] != index or isinstance(event["n"], bool):
            raise MalformedRecord(f"event {index} is numbered {event['n']!r}: events count from 1, no gaps")
        by = event["by"]
        if not (_is_count(by) or by in (CHANCE, ENGINE)):
            raise MalformedRecord(f"event {index}: 'by' is a seat number, 'chance' or 'engine'")
        if not isinstance(event["a"], str):
            raise MalformedRecord(f"event {index}: 'a' is the action's text")


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


__all__ = ["CHANCE", "ENGINE", "HEADER", "MalformedRecord", "check_shape", "numbered"]
