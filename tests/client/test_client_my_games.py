"""My games' words (issue 27, item 4): the time left as a player reads it (days and hours
for a turn-based room, hours and minutes, mm:ss for a live clock) in English and French, and
every string in both languages."""

from __future__ import annotations

from pathlib import Path

from node_probe import run_probe

PROBE = Path(__file__).with_name("my_games_probe.mjs")
HOUR = 3600 * 1000
DAY = 24 * HOUR


def test_time_left_reads_in_days_hours_or_a_clock() -> None:
    asked = [2 * DAY + 4 * HOUR + 59_000, 5 * HOUR + 12 * 60_000 + 30_000, 9 * 60_000 + 57_400, 999, -5]
    answer = run_probe(PROBE, {"ms": asked})
    assert answer["times"]["en"] == ["2 d 4 h", "5 h 12 min", "09:57", "00:00", "00:00"]
    assert answer["times"]["fr"] == ["2 j 4 h", "5 h 12 min", "09:57", "00:00", "00:00"]
    assert answer["keys"]["en"] == answer["keys"]["fr"]
