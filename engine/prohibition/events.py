"""Writing record events into the state's log (spec section 13), with their visibility and
the text-export line each belongs to."""

from __future__ import annotations

from engine.prohibition.data import TRUCK_IDS
from engine.prohibition.state import CHANCE, ENGINE, PUBLIC, LogEntry, State


def label(state: State) -> str:
    """The text-export line an event written now belongs to: ``0`` during setup, else
    ``round.slot`` and the truck of the truck-turn."""
    if state.round == 0:
        return "0"
    if state.active < 0:
        return f"{state.round}.{state.slot}"
    return f"{state.round}.{state.slot} {TRUCK_IDS[state.active]}"


def emit(state: State, by: int | str, text: str, vis: int = PUBLIC) -> None:
    state.entries.append(LogEntry(by, text, vis, label(state)))


def engine_event(state: State, text: str) -> None:
    emit(state, ENGINE, text)


def chance_event(state: State, text: str, vis: int = PUBLIC) -> None:
    emit(state, CHANCE, text, vis)
