"""What the browser's game verifier is served (app/verifier.py): the engine's sources as a
zip (its Python and data files and nothing else, the same bytes every time, revalidated by
ETag), Pyodide's files when they are installed, and the one worker script whose policy lets
it compile WebAssembly."""

from __future__ import annotations

import io
import zipfile
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI
from server_harness import settings_for

import engine
from app.main import create_app
from app.verifier import build_archive, engine_archive, engine_sources, mount_pyodide

ENGINE = Path(engine.__file__).resolve().parent
PYODIDE = Path(__file__).resolve().parents[2] / "node_modules" / "pyodide"


@pytest.fixture
async def http(tmp_path: Path) -> AsyncIterator[httpx.AsyncClient]:
    """The app without its lifespan: these routes touch no database."""
    app = create_app(settings_for(f"sqlite+aiosqlite:///{tmp_path / 'unused.db'}"))
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
        yield client


def test_the_zip_holds_the_engine_sources_and_nothing_else() -> None:
    names = zipfile.ZipFile(io.BytesIO(engine_archive().data)).namelist()
    on_disk = {
        f"engine/{path.relative_to(ENGINE).as_posix()}"
        for path in ENGINE.rglob("*")
        if path.is_file() and path.suffix in (".py", ".json") and "__pycache__" not in path.parts
    }
    assert set(names) == on_disk and len(names) == len(on_disk)
    assert {"engine/__init__.py", "engine/fairness.py", "engine/record.py"} <= set(names)
    assert "engine/prohibition/data.json" in names
    assert all(name.endswith((".py", ".json")) and "__pycache__" not in name for name in names)
    archive = zipfile.ZipFile(io.BytesIO(engine_archive().data))
    assert archive.read("engine/fairness.py") == (ENGINE / "fairness.py").read_bytes()


def test_the_zip_is_the_same_bytes_for_the_same_sources(tmp_path: Path) -> None:
    package = tmp_path / "engine"
    (package / "sub" / "__pycache__").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "data.json").write_text("{}")
    (package / "sub" / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"\0")
    (package / "sub" / "__pycache__" / "stray.py").write_text("")
    (package / "notes.txt").write_text("not a source")
    (package / "native.so").write_bytes(b"\0")
    first = build_archive(package)
    sources = [p.relative_to(package).as_posix() for p in engine_sources(package)]
    assert sources == ["__init__.py", "sub/data.json"]
    names = zipfile.ZipFile(io.BytesIO(first.data)).namelist()
    assert names == ["engine/__init__.py", "engine/sub/data.json"]
    (package / "later.txt").write_text("ignored")
    assert build_archive(package) == first
    (package / "sub" / "data.json").write_text('{"changed": true}')
    changed = build_archive(package)
    assert changed.etag != first.etag and changed.data != first.data


async def test_the_zip_route_is_revalidated_by_etag(http: httpx.AsyncClient) -> None:
    answer = await http.get("/api/verifier/engine.zip")
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/zip"
    assert answer.content == engine_archive().data
    etag = answer.headers["etag"]
    assert etag == engine_archive().etag and etag.startswith('"')
    assert answer.headers["cache-control"] == "no-cache"
    for header in (etag, f"W/{etag}", f'"other", {etag}', "*"):
        again = await http.get("/api/verifier/engine.zip", headers={"If-None-Match": header})
        assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == etag, header
    stale = await http.get("/api/verifier/engine.zip", headers={"If-None-Match": '"stale"'})
    assert stale.status_code == 200 and stale.content == engine_archive().data


async def test_only_the_verifier_worker_may_compile_webassembly(http: httpx.AsyncClient) -> None:
    worker = await http.get("/static/js/verify-worker.js")
    assert worker.status_code == 200
    assert "script-src 'self' 'wasm-unsafe-eval';" in worker.headers["content-security-policy"]
    for path in ("/", "/static/js/verify.js", "/api/verifier/engine.zip"):
        policy = (await http.get(path)).headers["content-security-policy"]
        assert "script-src 'self';" in policy and "wasm" not in policy, path
        assert "'unsafe-eval'" not in policy and "worker-src 'self'" in policy, path


def test_pyodide_is_mounted_only_when_installed(tmp_path: Path) -> None:
    app = FastAPI()
    assert mount_pyodide(app, tmp_path / "node_modules" / "pyodide") is False
    assert all(getattr(r, "path", "") != "/static/vendor/pyodide" for r in app.routes)
    (tmp_path / "pyodide.mjs").write_text("export {};")
    assert mount_pyodide(app, tmp_path) is True
    assert any(getattr(r, "path", "") == "/static/vendor/pyodide" for r in app.routes)


@pytest.mark.skipif(not (PYODIDE / "pyodide.mjs").is_file(), reason="node_modules/pyodide missing (npm ci)")
async def test_pyodide_files_are_served_with_their_types(http: httpx.AsyncClient) -> None:
    for name, kind in (
        ("pyodide.mjs", "text/javascript"),
        ("pyodide.asm.mjs", "text/javascript"),
        ("pyodide.asm.wasm", "application/wasm"),
        ("python_stdlib.zip", "application/zip"),
        ("pyodide-lock.json", "application/json"),
    ):
        answer = await http.get(f"/static/vendor/pyodide/{name}")
        assert answer.status_code == 200 and answer.headers["content-type"].startswith(kind), name
        assert answer.content == (PYODIDE / name).read_bytes(), name
