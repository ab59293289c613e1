"""Secrecy at the wire for every registered game (method: ``wire_twins.py``): a viewer's
frames through real servers are byte-identical when every value hidden from him is re-dealt
by the game's twin maker. Prohibition plays 200 games here and 2,000 in the slow suite; the
other games a smaller number each (Speak Easy has its own, deeper wire proof besides:
``test_secrecy_wire.py``). The checker is tested first: a leak planted in a view is found.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import server_harness as harness
import wire_twins as wt

from engine.catalogue import entries, entry

GAMES = {"prohibition": 200}
"""Games per registered game in the default suite (others: ``OTHERS``)."""
OTHERS = 10
SLOW = {"prohibition": 2_000}
SLOW_OTHERS = 300


def _scripts(counts: dict[str, int], others: int, early: int | None) -> list[wt.TwinScript]:
    return [
        wt.build(found, number, early)
        for found in entries()
        for number in range(counts.get(found.name, others))
    ]


def _urls(sqlite_template: Path, tmp_path: Path, lanes: int) -> list[str]:
    out = []
    for index in range(lanes):
        directory = tmp_path / f"lane{index}"
        directory.mkdir()
        out.append(harness.sqlite_copy(sqlite_template, directory))
    return out


def _check(tally: wt.Tally, scripts: list[wt.TwinScript], record_property: Any) -> None:
    print("\n" + tally.summary())
    record_property("wire_twins", tally.games)
    assert not tally.leaks, "\n".join(tally.leaks[:10])
    assert tally.games == len(scripts)
    assert tally.changed >= 0.8 * tally.games, "most twins must re-deal something"
    assert tally.followed > 0 and tally.frames > tally.games


async def test_every_game_wire_frames_match_across_twins(
    sqlite_template: Path, tmp_path: Path, record_property: Any
) -> None:
    scripts = _scripts(GAMES, OTHERS, wt.EARLY)
    tally = await wt.run_games(_urls(sqlite_template, tmp_path, 4), scripts)
    _check(tally, scripts, record_property)


@pytest.mark.slow
async def test_every_game_wire_frames_match_across_twins_long(
    sqlite_template: Path, tmp_path: Path, record_property: Any
) -> None:
    scripts = _scripts(SLOW, SLOW_OTHERS, None)
    tally = await wt.run_games(_urls(sqlite_template, tmp_path, 4), scripts)
    _check(tally, scripts, record_property)


async def test_a_leak_planted_in_a_view_is_found(
    sqlite_template: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check is not empty: a view that carried a digest of the whole state is caught."""
    found = entry("prohibition")
    game = type(found.game)
    original = game.view

    def leaky(self: Any, state: Any, viewer: Any, history: bool = True) -> dict[str, Any]:
        out = original(self, state, viewer, history)
        out["debug"] = hash(str(self.to_dict(state))) % 1000
        return out

    monkeypatch.setattr(game, "view", leaky)
    scripts = [script for script in (wt.build(found, n) for n in range(6)) if script.changed][:3]
    assert scripts
    tally = await wt.run_games(_urls(sqlite_template, tmp_path, 2), scripts)
    assert len(tally.leaks) == len(scripts), tally.leaks
