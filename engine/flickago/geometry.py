"""The geometric tests of spec section 6. Touching is an overlap of positive area; every test
runs on the stored (rounded) positions."""

from __future__ import annotations

import math

from engine.flickago.data import BOARD, Circle, Rect


def distance_to_rect(x: float, y: float, rect: Rect) -> float:
    """Distance from (x, y) to the rectangle, 0 inside or on its edge."""
    dx = max(rect.x0 - x, 0.0, x - rect.x1)
    dy = max(rect.y0 - y, 0.0, y - rect.y1)
    return math.hypot(dx, dy)


def disc_touches_rect(x: float, y: float, r: float, rect: Rect) -> bool:
    return distance_to_rect(x, y, rect) < r


def disc_touches_circle(x: float, y: float, r: float, circle: Circle) -> bool:
    return math.hypot(x - circle.x, y - circle.y) < r + circle.r


def centre_in_rect(x: float, y: float, rect: Rect) -> bool:
    return rect.x0 <= x <= rect.x1 and rect.y0 <= y <= rect.y1


def disc_inside_rect(x: float, y: float, r: float, rect: Rect) -> bool:
    """The whole disc lies in the rectangle (its edge may touch the rectangle's edge)."""
    return rect.x0 + r <= x <= rect.x1 - r and rect.y0 + r <= y <= rect.y1 - r


def completely_off_board(x: float, y: float, r: float) -> bool:
    """No overlap at all with the board rectangle."""
    return distance_to_rect(x, y, BOARD) >= r


def discs_overlap(x1: float, y1: float, r1: float, x2: float, y2: float, r2: float) -> bool:
    """Positive-area overlap of two discs (centres closer than r1 + r2)."""
    return math.hypot(x1 - x2, y1 - y2) < r1 + r2
