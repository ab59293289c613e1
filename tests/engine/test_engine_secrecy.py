"""Secrecy at the engine (Speak Easy spec section 7): the twin maker re-deals what a viewer
cannot see, the same further actions are replayed while their public outcome is the same, and
everything he is sent must be identical. The machinery lives in bench/secrecy_engine.py (it runs
every registered game; see also test_engine_twin_secrecy.py); here it runs a few hundred Speak
Easy games, and proves the checker finds leaks planted on purpose."""

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


@pytest.mark.parametrize("preset", ["speakeasy", "luzhanqi"])
def test_no_leak_in_random_games(preset: str) -> None:
    stats = SECRECY.run(30, seed0=0, names=["speakeasy"], preset=preset)
    assert stats.leaks == []
    assert stats.games == 30
    assert stats.twins >= 30 * 3 * 3 * 0.9  # three moments, three viewers (fewer in short games)
    assert stats.changed >= stats.twins // 2  # most twins really re-deal something
    assert stats.states >= 1500 and stats.followed >= 1200 and stats.errors >= 200


def test_planted_leak_referee_faces_in_history(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(view, "_faces_public", lambda state, viewer: True)
    stats = SECRECY.run(20, seed0=1001, names=["speakeasy"], preset="luzhanqi", stop_at_leak=True)  # referee
    assert stats.leaks and any("view" in leak for leak in stats.leaks)


def test_planted_leak_in_an_event(monkeypatch: pytest.MonkeyPatch) -> None:
    real = view.project

    def leaky(event, viewer):  # type: ignore[no-untyped-def]
        out = real(event, viewer)
        if out is not None and event.kind == "move" and event.data["combat"]:
            out["combat"] = dict(event.data["combat"])
        return out

    monkeypatch.setattr("engine.speakeasy.game.view.project", leaky)
    stats = SECRECY.run(20, seed0=1001, names=["speakeasy"], preset="luzhanqi", stop_at_leak=True)
    assert any("events" in leak for leak in stats.leaks)


def test_planted_leak_in_an_error_message(monkeypatch: pytest.MonkeyPatch) -> None:
    real = play._why_not

    def leaky(state, frm, to):  # type: ignore[no-untyped-def]
        return f"{real(state, frm, to)} (target {state.board[to] & 15})"

    monkeypatch.setattr(play, "_why_not", leaky)
    stats = SECRECY.run(30, seed0=2000, names=["speakeasy"], stop_at_leak=True)
    assert any("answered differently" in leak for leak in stats.leaks)


def test_planted_leak_in_the_board(monkeypatch: pytest.MonkeyPatch) -> None:
    real = view.visible_board

    def leaky(state, viewer):  # type: ignore[no-untyped-def]
        text = real(state, viewer)
        speakeasies = [sq for sq in range(60) if state.board[sq] & 15 == 12]
        return text + ("" if state.phase != "play" else f" {speakeasies}")

    monkeypatch.setattr(view, "visible_board", leaky)
    stats = SECRECY.run(20, seed0=3000, names=["speakeasy"], stop_at_leak=True)
    assert any("view differs" in leak for leak in stats.leaks)


def test_the_bench_script_prints_its_figures() -> None:
    out = subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "secrecy_engine.py"),
            "--games",
            "3",
            "--game",
            "speakeasy",
            "--quiet",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert any(line.startswith("games run: 3 (speakeasy 3") for line in lines)
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
    assert "games run: " in out.stdout and "leaks found: 0" in out.stdout
