"""Secrecy at the engine (spec section 7): re-deal what a viewer cannot see, replay the same
moves with the same public outcomes, and require everything he is sent to be identical.
The machinery lives in bench/secrecy_engine.py (which runs 10,000 games); the normal suite
runs a few hundred, and proves the checker finds leaks planted on purpose."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from types import ModuleType

import pytest
from engine_helpers import ROOT

from engine.speakeasy import play, view


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("secrecy_engine", ROOT / "bench" / "secrecy_engine.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


SECRECY = load_bench()


@pytest.mark.parametrize("chunk", range(4))
def test_no_leak_in_random_games(chunk: int) -> None:
    stats = SECRECY.run(60, seed0=chunk * 60)
    assert stats.leaks == []
    assert stats.games == 60
    assert stats.redeals >= 100  # most viewers get a re-deal to compare
    assert stats.states >= 800 and stats.errors >= 500


def test_planted_leak_referee_faces_in_history(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(view, "_faces_public", lambda state, viewer: True)
    stats = SECRECY.run(20, seed0=1001)  # odd seeds: the Lu Zhan Qi preset, referee mode
    assert stats.leaks and any("view differs" in leak for leak in stats.leaks)


def test_planted_leak_in_an_event(monkeypatch: pytest.MonkeyPatch) -> None:
    real = view.project

    def leaky(event, viewer):  # type: ignore[no-untyped-def]
        out = real(event, viewer)
        if out is not None and event.kind == "move" and event.data["combat"]:
            out["combat"] = dict(event.data["combat"])
        return out

    monkeypatch.setattr("engine.speakeasy.game.view.project", leaky)
    stats = SECRECY.run(20, seed0=1001)
    assert any("events" in leak for leak in stats.leaks)


def test_planted_leak_in_an_error_message(monkeypatch: pytest.MonkeyPatch) -> None:
    real = play._why_not

    def leaky(state, frm, to):  # type: ignore[no-untyped-def]
        return f"{real(state, frm, to)} (target {state.board[to] & 15})"

    monkeypatch.setattr(play, "_why_not", leaky)
    stats = SECRECY.run(30, seed0=2000)
    assert any("error for" in leak for leak in stats.leaks)


def test_planted_leak_in_the_board(monkeypatch: pytest.MonkeyPatch) -> None:
    real = view.visible_board

    def leaky(state, viewer):  # type: ignore[no-untyped-def]
        text = real(state, viewer)
        speakeasies = [sq for sq in range(60) if state.board[sq] & 15 == 12]
        return text + ("" if state.phase != "play" else f" {speakeasies}")

    monkeypatch.setattr(view, "visible_board", leaky)
    stats = SECRECY.run(20, seed0=3000)
    assert any("view differs" in leak for leak in stats.leaks)


def test_the_bench_script_prints_its_figures() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "secrecy_engine.py"), "--games", "3", "--quiet"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert "games run: 3" in lines
    assert any(line.startswith("states compared: ") for line in lines)
    assert "leaks found: 0" in lines


@pytest.mark.slow
def test_secrecy_long_run() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "secrecy_engine.py"), "--games", "1000", "--seed", "50000"],
        capture_output=True,
        text=True,
        timeout=3600,
        check=False,
    )
    assert out.returncode == 0, out.stdout
    assert "games run: 1000" in out.stdout and "leaks found: 0" in out.stdout
