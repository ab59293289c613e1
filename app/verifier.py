"""What the browser needs to run the game verifier itself ("verify this game", issue 10 item 6).

The browser runs ``engine.fairness.verify`` (what ``python -m engine verify`` runs) in
Pyodide, a CPython built for WebAssembly, installed from npm (``package.json``):

* ``GET /static/vendor/pyodide/...`` serves ``node_modules/pyodide`` (:func:`mount_pyodide`),
  when it is installed (``scripts/serve``, ``scripts/test`` and the ``Dockerfile`` run
  ``npm ci``); without it the browser checks only the seed and says so;
* ``GET /api/verifier/engine.zip`` serves the installed ``engine`` package's sources, its
  ``*.py`` and data ``*.json`` files and nothing else, zipped once per process with fixed
  timestamps, so the bytes, and their ``ETag``, change only when a source does.
"""

from __future__ import annotations

import functools
import hashlib
import io
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from fastapi import APIRouter, FastAPI, Request, Response
from fastapi.staticfiles import StaticFiles

import engine

PYODIDE_URL: Final = "/static/vendor/pyodide"
SOURCE_SUFFIXES: Final = frozenset({".py", ".json"})
_EPOCH: Final = (1980, 1, 1, 0, 0, 0)  # the earliest time a zip entry can carry

router = APIRouter(prefix="/api/verifier")


@dataclass(frozen=True, slots=True)
class Archive:
    data: bytes
    etag: str


def engine_sources(package: Path) -> list[Path]:
    """The package's ``*.py`` and ``*.json`` files, sorted (no caches, no other files)."""
    return sorted(
        path
        for path in package.rglob("*")
        if path.is_file() and path.suffix in SOURCE_SUFFIXES and "__pycache__" not in path.parts
    )


def build_archive(package: Path) -> Archive:
    """A zip of :func:`engine_sources` under the package's own name (``engine/core.py``):
    same sources, same bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for path in engine_sources(package):
            name = f"{package.name}/{path.relative_to(package).as_posix()}"
            info = zipfile.ZipInfo(name, date_time=_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    data = buffer.getvalue()
    return Archive(data, f'"{hashlib.sha256(data).hexdigest()[:32]}"')


@functools.cache
def engine_archive() -> Archive:
    """The installed ``engine`` package, zipped on first use."""
    return build_archive(Path(engine.__file__).resolve().parent)


@router.get("/engine.zip", include_in_schema=False)
async def engine_zip(request: Request) -> Response:
    """The engine's sources for the browser's verifier; ``304`` when the browser has them."""
    archive = engine_archive()
    headers = {"ETag": archive.etag, "Cache-Control": "no-cache"}
    tags = _etags(request.headers.get("if-none-match", ""))
    if archive.etag in tags or "*" in tags:
        return Response(status_code=304, headers=headers)
    return Response(archive.data, media_type="application/zip", headers=headers)


def _etags(header: str) -> set[str]:
    return {tag.strip().removeprefix("W/") for tag in header.split(",") if tag.strip()}


def mount_pyodide(app: FastAPI, directory: Path) -> bool:
    """Serve Pyodide's files at :data:`PYODIDE_URL` if they are installed at ``directory``
    (``node_modules/pyodide``); mounted before ``/static``, which would otherwise answer."""
    if not (directory / "pyodide.mjs").is_file():
        return False
    app.mount(PYODIDE_URL, StaticFiles(directory=directory), name="pyodide")
    return True


__all__ = [
    "PYODIDE_URL",
    "Archive",
    "build_archive",
    "engine_archive",
    "engine_sources",
    "mount_pyodide",
    "router",
]
