"""Scoring (spec section 7), on the stored positions. Also the provisional score shown live."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.flickago.data import (
    BOARD,
    CENTRE_LINE,
    SAFE_RETURN_POINTS,
    SECTORS,
    SIDE_CODES,
    SIDES,
    side_of_far_half,
)
from engine.flickago.geometry import centre_in_rect, disc_touches_circle, disc_touches_rect
from engine.flickago.pieces import CANONICAL, is_inspector, radius, side_of

_MIDLINE = (CENTRE_LINE.y0 + CENTRE_LINE.y1) / 2


def best_sector(x: float, y: float, r: float, scores_for: str) -> int:
    """The highest value among the sectors scoring for ``scores_for`` that the disc touches."""
    best = 0
    for sector in SECTORS:
        if (
            sector.scores_for == scores_for
            and sector.points > best
            and disc_touches_rect(x, y, r, sector.rect)
        ):
            best = sector.points
    return best


def disc_points(piece: str, x: float, y: float, options: Mapping[str, Any]) -> int:
    """What a gang disc on the board is worth to its owner."""
    side = side_of(piece)
    r = radius(piece)
    zones = [SIDES[side].zone] if options["safe_zone_points"] == "own" else [s.zone for s in SIDES.values()]
    if any(disc_touches_circle(x, y, r, zone) for zone in zones):
        return SAFE_RETURN_POINTS
    return best_sector(x, y, r, side)


def inspector_half(x: float, y: float) -> str | None:
    """The half an inspector lies wholly in, or ``None`` when it scores for nobody: it touches
    the centre line or a zone, or its centre is off the board."""
    r = radius("I1")
    if not centre_in_rect(x, y, BOARD) or disc_touches_rect(x, y, r, CENTRE_LINE):
        return None
    if any(disc_touches_circle(x, y, r, side.zone) for side in SIDES.values()):
        return None
    return "north" if y > _MIDLINE else "south"  # y points north (spec section 2)


def inspector_points(
    piece: str, x: float, y: float, options: Mapping[str, Any], last_mover: Mapping[str, str]
) -> tuple[str, int] | None:
    """(side, points) an inspector scores, or ``None``."""
    rule = options["inspector_points"]
    if rule == "none":
        return None
    half = inspector_half(x, y)
    if half is None:
        return None
    side = side_of_far_half(half)
    if rule == "last_mover" and last_mover.get(piece) != side:
        return None
    points = best_sector(x, y, radius(piece), side)
    return (side, points) if points else None


def score(
    pos: Mapping[str, list[float]], options: Mapping[str, Any], last_mover: Mapping[str, str]
) -> dict[str, int]:
    """Each side's total for the pieces on the board."""
    totals = dict.fromkeys(SIDE_CODES, 0)
    for piece in CANONICAL:
        if piece not in pos:
            continue
        x, y = pos[piece]
        if is_inspector(piece):
            scored = inspector_points(piece, x, y, options, last_mover)
            if scored is not None:
                totals[scored[0]] += scored[1]
        else:
            totals[side_of(piece)] += disc_points(piece, x, y, options)
    return totals
