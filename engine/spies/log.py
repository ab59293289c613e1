"""Writing the record's events (spec 15.3, 15.4): one public text and private texts per seat.

Private texts are addressed to powers and go to the seat that controls each power *when the
event happens* (14.2): a later controller of Russia never receives Russia's earlier texts.
An event with no public text is shown as ``~`` to everyone else.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.spies.state import Entry, State

CHANCE = "chance"
ENGINE = "engine"


def say(
    state: State,
    by: str,
    text: str | None,
    private: Mapping[str, str] | None = None,
    header: str = "",
    seat: int = -1,
) -> None:
    """Append one event. ``private`` maps powers to their fuller text."""
    seats: dict[int, str] = {}
    for power, fuller in (private or {}).items():
        seats[state.seat_of(power)] = fuller
    state.log.append(Entry(by, text, seats, header or state.header, seat))
    state.header = ""


def engine(state: State, text: str, private: Mapping[str, str] | None = None) -> None:
    say(state, ENGINE, text, private)


def secret_to(state: State, powers: Iterable[str], text: str) -> None:
    """An event only ``powers`` may read (``= compare``, ``= face``): ``~`` for everyone else."""
    say(state, ENGINE, None, dict.fromkeys(powers, text))
