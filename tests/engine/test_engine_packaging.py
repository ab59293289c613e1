"""The engine is a library: importing all of it pulls in no server stack; and the speed
bench runs."""

from __future__ import annotations

import json
import subprocess
import sys

from engine_helpers import ROOT

FORBIDDEN = ("fastapi", "sqlalchemy", "pydantic", "asyncio", "starlette", "uvicorn")

IMPORT_ALL = """
import json, pkgutil, sys
import engine
names = []
def refuse(name):
    sys.exit("cannot import " + name)
for info in pkgutil.walk_packages(engine.__path__, "engine.", onerror=refuse):
    if info.name.rsplit(".", 1)[-1] == "__main__":
        continue  # running it is the command line, not an import
    __import__(info.name)
    names.append(info.name)
print(json.dumps({"modules": names, "loaded": sorted(sys.modules)}))
"""


def test_importing_all_of_engine_pulls_in_no_server_stack() -> None:
    out = subprocess.run(
        [sys.executable, "-c", IMPORT_ALL], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert {"engine.core", "engine.speakeasy.play", "engine.speakeasy.cli", "engine.speakeasy.record"} <= set(
        report["modules"]
    )
    leaked = [name for name in report["loaded"] if name.split(".")[0] in FORBIDDEN]
    assert leaked == []


def test_speed_bench_runs_and_prints_its_ratios() -> None:
    out = subprocess.run(
        [sys.executable, "bench/engine.py", "--rounds", "2", "--positions", "30", "--games", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert len(lines) == 6
    assert lines[0].startswith("load average before: ")
    assert lines[2].startswith("legal-move generation, cold (µs/call): reference ")
    assert lines[3].startswith("legal-move generation, warm (µs/call): reference ")
    assert lines[4].startswith("random-playout plies, one generation per ply (µs/ply): reference ")
    for line in lines[2:5]:
        assert "engine " in line and "x (rounds " in line and "python engine " in line
