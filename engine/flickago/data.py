"""The data pack (``data.json``, a copy of shared/design/flickago-data.json), read once.

Every number of the board, the pieces, the shot and the physics comes from here; nothing is
hard-coded elsewhere, so the real board data can replace the stand-in data without code
changes (spec section 2).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

DATA_PATH: Final = Path(__file__).with_name("data.json")
_RAW_BYTES: Final = DATA_PATH.read_bytes()
RAW: Final[dict[str, Any]] = json.loads(_RAW_BYTES)
DATA_SHA256: Final = hashlib.sha256(_RAW_BYTES).hexdigest()
DATA_VERSION: Final[str] = RAW["data_version"]


@dataclass(frozen=True, slots=True)
class Rect:
    x0: float
    y0: float
    x1: float
    y1: float

    @classmethod
    def of(cls, values: list[float]) -> Rect:
        x0, y0, x1, y1 = values
        return cls(x0, y0, x1, y1)


@dataclass(frozen=True, slots=True)
class Circle:
    id: str
    x: float
    y: float
    r: float


@dataclass(frozen=True, slots=True)
class LaunchPoint:
    id: str
    kind: str  # "T" or "F"
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Side:
    code: str  # "w" or "b"
    name: str  # "white" or "black"
    far_half: str  # "north" or "south"
    hq: Rect
    launch_points: tuple[LaunchPoint, ...]
    zone: Circle

    def point(self, point_id: str) -> LaunchPoint | None:
        for point in self.launch_points:
            if point.id == point_id:
                return point
        return None


@dataclass(frozen=True, slots=True)
class Sector:
    id: str
    half: str
    rect: Rect
    points: int
    scores_for: str  # side code


@dataclass(frozen=True, slots=True)
class PieceKind:
    radius: float
    mass: float
    deceleration: float
    elasticity: float
    friction: float


def _side(raw: dict[str, Any]) -> Side:
    zone = raw["safe_return_zone"]
    return Side(
        code=raw["code"],
        name=raw["id"],
        far_half=raw["far_half"],
        hq=Rect.of(raw["hq"]),
        launch_points=tuple(LaunchPoint(p["id"], p["kind"], p["x"], p["y"]) for p in raw["launch_points"]),
        zone=Circle(zone["id"], zone["centre"][0], zone["centre"][1], zone["radius"]),
    )


BOARD: Final = Rect.of(RAW["board"]["rect"])
CENTRE_LINE: Final = Rect.of(RAW["board"]["centre_line"])
TABLE: Final = Rect.of(RAW["board"]["table"])
SIDES: Final[dict[str, Side]] = {raw["code"]: _side(raw) for raw in RAW["sides"]}
SIDE_CODES: Final[tuple[str, ...]] = tuple(SIDES)
_NAME_TO_CODE: Final = {side.name: side.code for side in SIDES.values()}
SECTORS: Final[tuple[Sector, ...]] = tuple(
    Sector(s["id"], s["half"], Rect.of(s["rect"]), s["points"], _NAME_TO_CODE[s["scores_for"]])
    for s in RAW["sectors"]
)
SAFE_RETURN_POINTS: Final[int] = RAW["safe_return_points"]
STARS: Final[dict[str, tuple[float, float]]] = {s["id"]: (s["x"], s["y"]) for s in RAW["inspector_stars"]}
DISC: Final = PieceKind(**RAW["pieces"]["disc"])
INSPECTOR: Final = PieceKind(**RAW["pieces"]["inspector"])
GANG: Final[dict[str, dict[str, Any]]] = RAW["gang"]
SHOT: Final[dict[str, Any]] = RAW["shot"]
V_MAX: Final[float] = SHOT["v_max"]
POWER_MAX: Final[int] = SHOT["power_max"]
ANGLE_UNITS: Final[int] = SHOT["angle_units_per_turn"]
PHYSICS: Final[dict[str, Any]] = RAW["physics"]
OPTIONS: Final[dict[str, dict[str, Any]]] = RAW["options"]
CONFORMANCE: Final[dict[str, Any]] = RAW["conformance"]


def side_of_far_half(half: str) -> str:
    """The side code whose far half ``half`` ("north"/"south") is."""
    for side in SIDES.values():
        if side.far_half == half:
            return side.code
    raise KeyError(half)


def zone_by_id(zone_id: str) -> Circle:
    for side in SIDES.values():
        if side.zone.id == zone_id:
            return side.zone
    raise KeyError(zone_id)
