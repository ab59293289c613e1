"""``app.records.replace`` makes what ``dataclasses.replace`` makes, for every kind of
dataclass, and refuses what it refuses."""

from __future__ import annotations

import dataclasses

import pytest

from app.clocks import GameClocks
from app.games.runtime import LoadedGame, Offers
from app.records import replace


@dataclasses.dataclass(frozen=True)
class Checked:
    low: int
    high: int

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise ValueError("low above high")


@dataclasses.dataclass(frozen=True)
class KeywordOnly:
    a: int
    b: int = dataclasses.field(default=0, kw_only=True)


@dataclasses.dataclass(frozen=True)
class WithInitVar:
    a: int
    scale: dataclasses.InitVar[int] = 1
    b: int = 0

    def __post_init__(self, scale: int) -> None:
        object.__setattr__(self, "b", self.b * scale)


@dataclasses.dataclass
class NotInInit:
    a: int
    b: int = dataclasses.field(default=5, init=False)


def test_replace_is_dataclasses_replace() -> None:
    clocks = GameClocks((1000, 2000), 5, frozenset({0}), 17, None)
    game = LoadedGame("g" * 32, "r" * 16, "speakeasy", 1, "s" * 64, {}, (0, 1), 3, 4, object(), clocks, None)
    for record, changes in (
        (game, {"version": 4, "seq": 5}),
        (game, {}),
        (clocks, {"running": frozenset(), "since": None}),
        (Offers(frozenset({1})), {"rematch": frozenset({0})}),
        (KeywordOnly(1, b=2), {"b": 3}),
        (WithInitVar(1, 2, 3), {"b": 4, "scale": 3}),
        (NotInInit(1), {"a": 2}),
    ):
        made = replace(record, **changes)
        assert made == dataclasses.replace(record, **changes) and made is not record  # type: ignore[type-var]
        assert type(made) is type(record)


def test_replace_refuses_what_dataclasses_replace_refuses() -> None:
    with pytest.raises(TypeError):
        replace(Offers(), nothing=1)
    with pytest.raises(ValueError):
        replace(Checked(1, 2), low=3)  # __post_init__ still runs
    with pytest.raises(dataclasses.FrozenInstanceError):
        replace(Offers(), draw=frozenset()).draw = frozenset({1})  # type: ignore[misc]
