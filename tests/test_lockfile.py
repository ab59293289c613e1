"""pyproject.toml and the lock files agree (fast, offline: reads files only).

requirements/app.lock pins what the server runs (the project's dependencies), and
requirements/dev.lock adds the dev extra; scripts/test, scripts/serve and the Dockerfile install
from them with `pip install --require-hashes`. Every dependency in pyproject.toml carries a lower
and an upper bound; every direct dependency is pinned in the locks to a version inside its bounds,
every pin carries hashes, and a package pinned in both locks is pinned to the same version.
How to regenerate the locks: the comment at the top of each lock file, and README.md.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
APP_LOCK = ROOT / "requirements" / "app.lock"
DEV_LOCK = ROOT / "requirements" / "dev.lock"
BUILD_IN = ROOT / "requirements" / "build.in"

_PIN = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?==(?P<version>[^\s;\\]+)")
_HASH = re.compile(r"--hash=sha256:[0-9a-f]{64}")


@dataclass(frozen=True)
class Pin:
    version: Version
    hashes: int


def parse_lock(text: str) -> dict[str, Pin]:
    """The pins of a hashed requirements file: {canonical name: Pin}. Raises ValueError on a
    requirement line that is not an exact `name==version` pin (a range, a URL, an -e line)."""
    pins: dict[str, Pin] = {}
    current: str | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("--hash="):
            if current is None:
                raise ValueError(f"a hash before any requirement: {line!r}")
            old = pins[current]
            pins[current] = Pin(old.version, old.hashes + len(_HASH.findall(line)))
            continue
        if line.startswith("-"):
            raise ValueError(f"an option line in a lock: {line!r}")
        match = _PIN.match(line)
        if match is None:
            raise ValueError(f"not an exact pin: {line!r}")
        current = canonicalize_name(match["name"])
        if current in pins:
            raise ValueError(f"{current} is pinned twice")
        pins[current] = Pin(Version(match["version"]), len(_HASH.findall(line)))
    return pins


def _pyproject() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        return tomllib.load(handle)


def _requirements(key: str) -> list[Requirement]:
    data = _pyproject()
    if key == "build":
        build = data["build-system"]
        assert isinstance(build, dict)
        return [Requirement(text) for text in build["requires"]]
    project = data["project"]
    assert isinstance(project, dict)
    if key == "runtime":
        return [Requirement(text) for text in project["dependencies"]]
    return [Requirement(text) for text in project["optional-dependencies"][key]]


def _lock(path: Path) -> dict[str, Pin]:
    return parse_lock(path.read_text(encoding="utf-8"))


def _disagreements(requirements: list[Requirement], pins: dict[str, Pin]) -> list[str]:
    wrong: list[str] = []
    for req in requirements:
        pin = pins.get(canonicalize_name(req.name))
        if pin is None:
            wrong.append(f"{req} is not pinned")
        elif not req.specifier.contains(pin.version, prereleases=True):
            wrong.append(f"{req} but the lock pins {pin.version}")
    return wrong


def test_every_dependency_is_bounded_below_and_above() -> None:
    unbounded: list[str] = []
    for key in ("build", "runtime", "dev"):
        for req in _requirements(key):
            ops = {spec.operator for spec in req.specifier}
            exact = bool(ops & {"==", "==="})
            if not exact and not ops & {">=", ">", "~="}:
                unbounded.append(f"{req}: no lower bound")
            if not exact and not ops & {"<", "<=", "~="}:
                unbounded.append(f"{req}: no upper bound")
    assert not unbounded, unbounded


@pytest.mark.parametrize("path", [APP_LOCK, DEV_LOCK], ids=["app.lock", "dev.lock"])
def test_every_pin_is_exact_and_hashed(path: Path) -> None:
    pins = _lock(path)
    assert pins, f"{path.name} pins nothing"
    unhashed = sorted(name for name, pin in pins.items() if pin.hashes == 0)
    assert not unhashed, f"{path.name}: pins without a hash: {unhashed}"


def test_app_lock_pins_the_runtime_dependencies_within_bounds() -> None:
    wrong = _disagreements(_requirements("runtime") + _requirements("build"), _lock(APP_LOCK))
    assert not wrong, "requirements/app.lock disagrees with pyproject.toml: " + "; ".join(wrong)


def test_dev_lock_pins_runtime_and_dev_dependencies_within_bounds() -> None:
    wanted = _requirements("runtime") + _requirements("dev") + _requirements("build")
    wrong = _disagreements(wanted, _lock(DEV_LOCK))
    assert not wrong, "requirements/dev.lock disagrees with pyproject.toml: " + "; ".join(wrong)


def test_app_lock_holds_no_dev_tool() -> None:
    runtime = {canonicalize_name(req.name) for req in _requirements("runtime")}
    tools = {"pytest", "pytest-asyncio", "mypy", "ruff", "hypothesis", "playwright", "schemathesis"}
    extra = {canonicalize_name(req.name) for req in _requirements("dev")} & tools
    leaked = sorted((extra - runtime) & set(_lock(APP_LOCK)))
    assert not leaked, f"requirements/app.lock holds dev tools: {leaked}"


def test_the_server_runs_what_the_tests_ran() -> None:
    app, dev = _lock(APP_LOCK), _lock(DEV_LOCK)
    missing = sorted(set(app) - set(dev))
    assert not missing, f"pinned in app.lock but not in dev.lock: {missing}"
    differ = sorted(
        f"{name}: {app[name].version} vs {dev[name].version}"
        for name in app
        if name in dev and app[name].version != dev[name].version
    )
    assert not differ, f"app.lock and dev.lock pin different versions: {differ}"


def test_build_input_matches_the_build_system() -> None:
    """requirements/build.in feeds the build backend into the locks (the editable install runs
    with --no-build-isolation, so nothing unpinned is fetched); it repeats [build-system].requires."""
    lines = [line.strip() for line in BUILD_IN.read_text(encoding="utf-8").splitlines()]
    listed = sorted(str(Requirement(line)) for line in lines if line and not line.startswith("#"))
    assert listed == sorted(str(req) for req in _requirements("build"))


def test_lock_parser_refuses_what_is_not_a_hashed_pin() -> None:
    good = "a-b==1.0 \\\n    --hash=sha256:" + "0" * 64 + "\n    # via x\n"
    assert parse_lock(good) == {"a-b": Pin(Version("1.0"), 1)}
    for bad in ("fastapi>=0.115\n", "-e .\n", "--index-url https://example.invalid\n", "x==1\nx==2\n"):
        with pytest.raises(ValueError):
            parse_lock(bad)
    pins = parse_lock("fastapi==0.100.0\nstarlette==1.2.0\n")
    (too_old,) = _disagreements([Requirement("fastapi>=0.115,<1")], pins)
    assert too_old.endswith("but the lock pins 0.100.0")
    (too_new,) = _disagreements([Requirement("starlette>=0.40,<1")], pins)
    assert too_new.endswith("but the lock pins 1.2.0")
    (missing,) = _disagreements([Requirement("redis>=5,<9")], pins)
    assert missing.endswith("is not pinned")
    assert _disagreements([Requirement("fastapi[all]>=0.99,<1")], pins) == []
