"""The platform's engine secrecy proof (bench/secrecy_engine.py) run on Spies! (issue 13): 2-5
seats, the options that hide more (hidden money, Russia by sealed bids with 2 and 4 seats, a
simultaneous setup, a secret manifest, the alternative allocation), at several moments of each
game for seats and the spectator. Each twin re-deals every value hidden from its viewer (the
game's twin maker: faces, secrets, chit types, tiles; the proof's own re-deal: sealed bids, open
offers, money split in exchanges, pending placements, other seats' private texts), and the
tests assert that every kind was re-dealt many times; planted leaks show the checker finds them.

Default suite: 32 games, most cut after 1933 (``last_year``), one in nine played to 1939; the
spectator and two seats per moment. Slow suite: 2,000 games, one in five whole, every viewer.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from engine.spies import view

ROOT = Path(__file__).resolve().parents[2]


if str(ROOT / "bench") not in sys.path:
    sys.path.append(str(ROOT / "bench"))
import secrecy_engine as SECRECY  # noqa: E402  (bench/secrecy_engine.py, as tests/proof imports it)

REDEALT = (
    "spy faces",
    "police faces",
    "secret faces",
    "tiles",
    "chit types",
    "money (hidden_money)",
    "sealed bids",
    "offers",
    "pending placements",
    "private texts",
    "compared strengths",
)
"""Every kind of hidden value: each must have been re-dealt in some twins."""
FOLLOWED = (
    "followed: comparison between others",
    "followed: exchange with hidden money",
    "followed: offer between others",
    "followed: sealed bid",
    "followed: simultaneous placement",
)
"""Hidden matters in events compared after the twin moment (sent alike: the same ``~``)."""


def quick_table(number: int) -> tuple[int, dict[str, Any]]:
    """The bench's option variety, cut after 1933 but for one game in nine (to 1939)."""
    players, options = SECRECY.spies_table(number)
    options.pop("last_year", None)
    if number % 9 != 8:
        options["last_year"] = 1933
    return players, options


def test_the_tables_vary_every_option_that_hides_something() -> None:
    tables = [quick_table(n) for n in range(200)]
    assert {players for players, _ in tables} == {2, 3, 4, 5}
    assert all(sum(1 for p, _ in tables if p == n) == 50 for n in (2, 3, 4, 5))
    bidding = {p for p, o in tables if o.get("russia_control") == "bidding"}
    assert bidding == {2, 4}
    assert {o["hidden_money"] for _, o in tables} == {True, False}
    assert {o["setup_order"] for _, o in tables} == {"sequential", "simultaneous"}
    assert {o["manifest_public"] for _, o in tables} == {True, False}
    assert {p for p, o in tables if o.get("allocation") == "alternative"} == {3, 4}
    whole = [p for p, o in tables if "last_year" not in o]
    assert len(whole) >= 20 and set(whole) == {2, 3, 4, 5}
    slow = [SECRECY.spies_table(n) for n in range(2000)]
    assert sum(1 for _, o in slow if "last_year" not in o) == 400


def check(stats: Any, games: int) -> None:
    print("\n" + SECRECY.report(stats))
    assert stats.leaks == [], "\n".join(stats.leaks[:10])
    assert stats.games == games
    assert stats.changed == stats.twins  # Spies! always hides something from everyone
    for kind in (*REDEALT, *FOLLOWED):
        assert stats.kinds.get(kind, 0) >= 3, (kind, stats.kinds)
    assert stats.reveals > 0  # a face or a comparison shown to the viewer alone: accepted
    assert stats.followed > 10 * games and stats.errors > games


@pytest.mark.heavy
def test_spies_engine_secrecy_32_games() -> None:
    stats = SECRECY.run(32, seed0=0, names=["spies"], table=quick_table, points=2, follow=6, seats=2)
    check(stats, 32)


@pytest.mark.slow
def test_spies_engine_secrecy_2000_games() -> None:
    stats = SECRECY.run(2000, seed0=10_000, names=["spies"], points=3, follow=10)
    check(stats, 2000)


# -- planted leaks: the checker is not empty -------------------------------------------------------
def _leaks(games: int, table: Any) -> list[str]:
    stats = SECRECY.run(games, seed0=0, names=["spies"], table=table, points=2, follow=6, stop_at_leak=True)
    return list(stats.leaks)


def test_planted_leak_a_private_text_sent_to_every_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """Texts written to one seat (faces, comparisons, chit types) sent to every seat: the
    events differ between the runs for a seat they were not written to."""
    real = view.project

    def leaky(event: Any, viewer: Any) -> Any:
        out = real(event, viewer)
        private = event.data["private"]
        if out is not None and isinstance(viewer, int) and private:
            out["a"] = private[min(private)]
        return out

    monkeypatch.setattr(view, "project", leaky)
    leaks = _leaks(20, quick_table)
    assert any("events" in leak for leak in leaks), leaks


def test_planted_leak_an_open_offer_shown_to_everyone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found only because the proof re-deals open offers (the twin maker keeps them)."""
    real = view._offer

    def leaky(state: Any, seat: Any, over: bool) -> Any:
        return real(state, seat, True)

    monkeypatch.setattr(view, "_offer", leaky)
    leaks = _leaks(40, quick_table)
    assert any("view differs" in leak for leak in leaks), leaks


def test_planted_leak_sealed_bids_in_the_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found only because the proof re-deals the bids of the other seats."""
    real = view._decision

    def leaky(state: Any, seat: Any) -> Any:
        out = real(state, seat)
        task = next((t for t in state.tasks if t["t"] == "auction"), None)
        if out is not None and task is not None:
            out["bids"] = dict(task.get("bids", {}))
        return out

    monkeypatch.setattr(view, "_decision", leaky)

    def bidding(number: int) -> tuple[int, dict[str, Any]]:
        return (2, 4)[number % 2], {"russia_control": "bidding", "last_year": 1933}

    leaks = _leaks(20, bidding)
    assert any("view differs" in leak for leak in leaks), leaks


def test_planted_leak_hidden_money_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under hidden_money, every power's money shown to everyone: found because the proof
    re-deals the money of exchanges between other seats."""
    real = view._power

    def leaky(state: Any, power: str, own: bool, hidden_money: bool, chit_seen: Any) -> Any:
        return real(state, power, own, False, chit_seen)

    monkeypatch.setattr(view, "_power", leaky)

    def hidden(number: int) -> tuple[int, dict[str, Any]]:
        return 3 + number % 3, {"hidden_money": True, "last_year": 1934}

    leaks = _leaks(40, hidden)
    assert any("view differs" in leak for leak in leaks), leaks


def test_planted_leak_pending_placements_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    """A simultaneous setup's pending placements of every seat shown to all: found because
    the proof re-deals other seats' pending placements."""
    real = view.view

    def leaky(state: Any, viewer: Any, with_history: bool = True) -> Any:
        out = real(state, viewer, with_history)
        task = next((t for t in state.tasks if t["t"] == "together"), None)
        out["pending"] = None if task is None else task.get("pending")
        return out

    monkeypatch.setattr("engine.spies.game.view.view", leaky)

    def together(number: int) -> tuple[int, dict[str, Any]]:
        return 2 + number % 4, {"setup_order": "simultaneous", "last_year": 1933}

    leaks = _leaks(20, together)
    assert any("view differs" in leak for leak in leaks), leaks
