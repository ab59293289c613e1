"""The command line of spec section 9, run as a real subprocess."""

from __future__ import annotations

import subprocess
import sys

import pytest
from engine_helpers import ROOT, position

BASE = {"d1": "sS", "d12": "nS", "e1": "s1", "e12": "n1"}


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine.speakeasy", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def ok(*args: str) -> list[str]:
    out = cli(*args)
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""
    return out.stdout.splitlines()


def test_legal_prints_every_move_one_per_line() -> None:
    lines = ok("legal", position({**BASE, "c3": "s5"}))
    assert sorted(lines) == ["c3-b3", "c3-c2", "c3-c4", "c3-d3", "e1-e2"]


def test_legal_side_to_move_north() -> None:
    lines = ok("legal", position({**BASE, "c10": "n5"}, "n"))
    assert set(lines) == {"c10-c11", "c10-b10", "c10-d10", "c10-c9", "e12-e11"}


def test_legal_prints_nothing_without_a_move() -> None:
    out = cli("legal", position({"d1": "sS", "d12": "nS", "c1": "sB"}))
    assert out.returncode == 0 and out.stdout == "" and out.stderr == ""


def test_apply_prints_the_next_position() -> None:
    before = position({**BASE, "a3": "s8", "a4": "n2"}, quiet=4, ply=9)
    assert ok("apply", before, "a3-a4") == [position({**BASE, "a4": "S8"}, "n", 0, 10)]
    after = {**BASE, "a3": "s8", "a4": "n2", "e2": "s1"}
    del after["e1"]
    assert ok("apply", before, "e1-e2") == [position(after, "n", 5, 10)]


def test_apply_result_lines() -> None:
    assert len(ok("apply", position({**BASE, "d11": "n3"}, "n", ply=30), "d11-d10")) == 1
    lines = ok("apply", position({**BASE, "d2": "n3"}, "n", ply=30), "d2-d1")
    assert lines == [position({"d1": "N3", "d12": "nS", "e1": "s1", "e12": "n1"}, "s", 0, 31), "result: n"]
    lines = ok("apply", position(BASE, "s", quiet=99, ply=120), "e1-e2")
    assert lines[1:] == ["result: draw"]
    no_moves = position({"d1": "sS", "d12": "nS", "c12": "nB", "a6": "s8", "a9": "n3"})
    assert ok("apply", no_moves, "a6-a9")[1:] == ["result: s"]


def test_view_hides_what_the_viewer_cannot_see() -> None:
    full = position({**BASE, "a4": "S8", "a9": "n2"})
    assert ok("view", full, "s") == [
        position({"d1": "sS", "d12": "n?", "e1": "s1", "e12": "n?", "a4": "S8", "a9": "n?"})
    ]
    assert ok("view", full, "n") == [
        position({"d1": "s?", "d12": "nS", "e1": "s?", "e12": "n1", "a4": "S8", "a9": "n2"})
    ]
    assert ok("view", full, "spectator") == [
        position({"d1": "s?", "d12": "n?", "e1": "s?", "e12": "n?", "a4": "S8", "a9": "n?"})
    ]


def test_rules_luzhanqi() -> None:
    pos = position({**BASE, "b1": "s5"})
    assert {"b1-a1", "b1-b2", "b1-c1"} <= set(ok("legal", pos))
    for args in (("--rules", "luzhanqi", "legal", pos), ("legal", pos, "--rules", "luzhanqi")):
        assert not any(line.startswith("b1-") for line in ok(*args))
    # Babe survives and referee mode: no upper case for the survivor.
    babe = position({**BASE, "a3": "s7", "a4": "nB"})
    assert ok("apply", babe, "a3-a4", "--rules", "luzhanqi") == [position({**BASE, "a4": "nB"}, "n", 0, 1)]
    assert ok("apply", babe, "a3-a4") == [position(BASE, "n", 0, 1)]


@pytest.mark.parametrize(
    "args",
    [
        ("legal", "not a position"),
        ("legal", position(BASE).replace(" s ", " x ")),
        ("legal", position(BASE).replace("..", ".", 1)),
        ("legal", position({**BASE, "a5": "s9"})),
        ("legal", position({**BASE, "a5": "sK", "a6": "sK", "a7": "sK", "a8": "sK"})),
        ("legal", position({**BASE, "a5": "s?"})),
        ("legal", position(BASE) + " extra"),
        ("apply", position(BASE), "e1-e3"),
        ("apply", position(BASE), "e1e2"),
        ("apply", position(BASE), "d1-d2"),
        ("apply", position({**BASE, "e2": "n?"}), "e1-e2"),
        ("view", position(BASE), "w"),
        ("--rules", "chess", "legal", position(BASE)),
        ("legal",),
        ("fly", position(BASE)),
        (),
    ],
)
def test_errors_exit_2_with_one_line(args: tuple[str, ...]) -> None:
    out = cli(*args)
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert out.stdout == ""
    assert len(out.stderr.splitlines()) == 1, out.stderr
    assert "Traceback" not in out.stderr
