"""Types of the compiled core (``_fast.c``); see ``movegen.py`` and ``play.py`` for its use."""

from collections.abc import Callable
from typing import Any

ABI: int

def bind_board(
    step_only: tuple[tuple[int, ...], ...],
    rays: tuple[tuple[tuple[int, ...], ...], ...],
    streets: int,
    buildings: int,
    bars: int,
    east_link: int,
    north_link: int,
    kid: int,
    babe: int,
    fbi: int,
    generate_python: Callable[[list[int], int, int, bool, int], list[int]],
    /,
) -> None: ...
def bind_play(
    advance_python: Callable[[Any, int], Any],
    log_entry: type,
    tables: dict[bool, dict[tuple[int, int], str]],
    attacker: str,
    defender: str,
    speakeasy: int,
    boss: int,
    revealed: int,
    /,
) -> None: ...
def generate(board: list[int], own: int, enemy: int, bar_exit: bool, pieces: int, /) -> list[int]: ...
def advance(state: Any, move: int, /) -> Any: ...
