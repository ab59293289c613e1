"""The application factory: settings and clock in, a FastAPI app out.

Process-wide objects (database engine, hub, game service, metrics) are built in the
lifespan and kept on ``app.state``; nothing is global, so tests can run several apps.
"""

from __future__ import annotations

import contextlib
import gc
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from urllib.parse import quote

from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from sqlalchemy.ext.asyncio import AsyncEngine
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.types import Receive, Scope, Send

from app import db, health, logs
from app.broadcast import Hub, make_bus
from app.clocks import Clock, FileClock, SystemClock
from app.config import Settings
from app.devices import issue_device_link
from app.errors import UNAVAILABLE, AppError
from app.games.service import GameService
from app.games.sweeper import DeadlineSweeper
from app.gcwatch import GcWatch
from app.guest_cookie import GuestCookieMiddleware
from app.identity import GuestCookies
from app.inputs import echo
from app.limits import BodyLimit, KeyedRateLimit, SocketCount
from app.metrics import Metrics
from app.notify import email_routes
from app.notify.dispatch import Notifier
from app.notify.email import EmailChannel
from app.notify.email_service import EmailService
from app.notify.routes import router as push_router
from app.notify.webpush import VapidKeys, WebPushChannel
from app.outage import OUTAGES, report
from app.presence import PresenceBoard
from app.rooms.routes import router as api_router
from app.security import SecurityMiddleware, Site
from app.verifier import mount_pyodide
from app.verifier import router as verifier_router
from app.ws.routes import is_socket, serve_socket
from engine import catalogue

log = logging.getLogger("speakeasy.app")


def tune_gc() -> None:
    """Short garbage collections for a long-lived server: every socket waits while one runs.
    What is alive once the server has started (modules, engine tables, settings) moves to
    the permanent generation. A collection walks every object of its generations, and what
    a young one finds is mostly the states made since the last (a move replaces its game's
    state: the old one goes by reference counting, the new one waits in the young
    generation), so its pause grows with the time between collections. Young collections
    run every 2,500 allocations and the middle generation on every other one (it holds one
    young collection's survivors). At 1,000 Speak Easy games and 2,000 moves/s
    (bench/load.py; docs/server.md, "Garbage collection") no pause passed 20 ms in the
    window, where 50,000 allocations and every third gave young pauses up to 50 ms and
    middle ones of 100-120 ms; the collections then take ~3 % of the time, not ~0.6 %. A
    full collection waits for a thousand middle ones."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(2_500, 1, 1_000)


def _device_link(clock: Clock) -> Callable[[AsyncEngine, str], Awaitable[str]]:
    """The one-time device link (``app/devices.py``) on the app's clock: what a sign-in mail
    carries."""

    async def issue(engine: AsyncEngine, guest_id: str) -> str:
        return await issue_device_link(engine, guest_id, clock.now_ms())

    return issue


class Speakeasy(FastAPI):
    """The application. A socket to ``/ws/...`` goes straight to
    :func:`app.ws.routes.serve_socket`, around the HTTP middleware and FastAPI's routing,
    which would only pass it through yet keep their frames suspended for the socket's
    life; everything else (HTTP, the lifespan) goes through FastAPI as usual."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if is_socket(scope):
            scope["app"] = self  # websocket.app.state, as under FastAPI
            await serve_socket(scope, receive, send)
            return
        await super().__call__(scope, receive, send)


def create_app(settings: Settings | None = None, clock: Clock | None = None) -> FastAPI:
    settings = settings or Settings()
    clock = clock or (FileClock(settings.clock_file) if settings.clock_file else SystemClock())
    logs.configure(settings.log_level, settings.log_json)
    metrics = Metrics()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = db.make_engine(settings.database_url, settings.db_pool_size)
        hub = Hub(make_bus(settings.redis_url), PresenceBoard(), clock.now_ms)
        await hub.start()
        service = GameService(engine, clock, hub, metrics, settings)
        sweeper = DeadlineSweeper(engine, service, clock, settings.sweep_seconds)
        sweeper.start()  # deadlines due while no process ran fire now (issue 27)
        app.state.engine = engine
        app.state.hub = hub
        app.state.service = service
        # Notifications (issue 27): every channel registers here, one line each.
        notifier = Notifier(engine, clock, settings.public_url, settings.notice_sweep_seconds)
        if app.state.vapid is not None:
            notifier.register(WebPushChannel(engine, app.state.vapid, settings.push_timeout_seconds))
        service.notices = notifier
        notifier.start()
        app.state.notifier = notifier
        # E-mail (issue 27): the channel, and sign-in links that are one-time device links.
        app.state.email = EmailService(engine, settings, clock, device_link=_device_link(clock))
        notifier.register(EmailChannel(app.state.email))
        tune_gc()
        gc_watch = GcWatch(metrics.gc_pause)
        gc_watch.start()
        log.info(
            "speakeasy started",
            extra={
                "database": engine.url.get_backend_name(),
                "redis": bool(settings.redis_url),
                "games": [entry.name for entry in catalogue.entries()],
            },
        )
        try:
            yield
        finally:
            gc_watch.stop()
            await notifier.close()
            await app.state.email.close()
            await sweeper.close()
            await service.close()
            await hub.close()
            with contextlib.suppress(*OUTAGES):  # a database that is away has nothing to return
                await engine.dispose()

    app = Speakeasy(title="Speakeasy", version="0.1.0", lifespan=lifespan)
    app.state.settings = settings
    app.state.clock = clock
    app.state.metrics = metrics
    app.state.vapid = VapidKeys.from_settings(settings)  # None: Web Push is off
    app.state.room_limit = KeyedRateLimit(settings.rooms_per_minute, settings.room_burst, clock.now_ms)
    app.state.sockets = SocketCount(settings.max_sockets_per_address)
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)
    # Answers of a kilobyte or more go compressed to a browser that accepts it: a replay of
    # every version of a long game, the client's modules. (No middleware sees a socket to
    # /ws/...: ``Speakeasy`` hands it to its handler first.)
    app.add_middleware(GZipMiddleware, minimum_size=1024)

    site = Site.from_settings(settings)
    guests = GuestCookies(settings.secret, settings.old_secrets, settings.guest_max_age_seconds, clock.now_ms)
    app.state.site = site
    app.state.guests = guests

    app.add_middleware(
        GuestCookieMiddleware,
        guests=guests,
        site=site,
        max_age=settings.guest_max_age_seconds,
        secure=settings.cookie_secure,
    )
    # Added last, so outermost: refusals and every other answer carry the headers.
    app.add_middleware(SecurityMiddleware, site=site)

    @app.exception_handler(AppError)
    async def app_error(_request: Request, error: AppError) -> JSONResponse:
        return JSONResponse({"detail": error.detail()}, status_code=error.status)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, error: RequestValidationError) -> JSONResponse:
        first = error.errors()[0] if error.errors() else {"loc": (), "msg": "invalid request"}
        where = ".".join(echo(str(part)) for part in first["loc"])
        return JSONResponse(
            {"detail": {"code": "bad_request", "message": f"{where}: {first['msg']}"}}, status_code=422
        )

    async def dependency_error(_request: Request, error: Exception) -> JSONResponse:
        """A dependency failed (the database is down, or refused a value): a clear 503,
        never a 500 page or a traceback, and nothing of the statement is echoed."""
        report(log, "dependency unavailable", error)
        return JSONResponse({"detail": UNAVAILABLE.detail()}, status_code=UNAVAILABLE.status)

    for kind in OUTAGES:
        app.add_exception_handler(kind, dependency_error)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, error: StarletteHTTPException) -> JSONResponse:
        """Starlette's own refusals (no such path, wrong method, unreadable body) in the
        same shape as every other error."""
        codes = {400: "bad_request", 404: "not_found", 405: "method_not_allowed", 413: "too_large"}
        return JSONResponse(
            {"detail": {"code": codes.get(error.status_code, "http_error"), "message": str(error.detail)}},
            status_code=error.status_code,
            headers=error.headers,
        )

    app.include_router(api_router)
    app.state.email_sign_in_limit = KeyedRateLimit(5, 5, clock.now_ms)  # e-mail (issue 27)
    app.include_router(email_routes.api)
    app.include_router(email_routes.pages)
    app.include_router(verifier_router)
    app.include_router(push_router)

    @app.get("/livez")
    async def livez() -> JSONResponse:
        """Liveness: the process answers. Nothing else: a dependency's outage is no reason
        to restart it (it recovers by itself)."""
        return JSONResponse({"status": "ok"})

    async def readiness(request: Request) -> JSONResponse:
        """Readiness: the database answers and (with several processes) the bus carries
        messages; else 503 and which dependency is down (a process without its bus is
        degraded, not healthy)."""
        checks = await health.check(request.app.state.engine, request.app.state.hub.bus)
        ready = all(checks.values())
        states = {name: "up" if up else "down" for name, up in checks.items()}
        body = {"status": "ok" if ready else "degraded", **states}
        return JSONResponse(body, status_code=200 if ready else 503)

    app.add_api_route("/readyz", readiness, methods=["GET"], include_in_schema=False)
    app.add_api_route("/healthz", readiness, methods=["GET"], include_in_schema=False)

    @app.get("/metrics", include_in_schema=False)
    async def prometheus(request: Request) -> Response:
        checks = await health.check(request.app.state.engine, request.app.state.hub.bus)
        for name, up in checks.items():
            metrics.dependency_up.labels(name).set(1 if up else 0)
        return Response(generate_latest(metrics.registry), media_type=CONTENT_TYPE_LATEST)

    _static_routes(app, Path(settings.static_dir) if settings.static_dir else db.ROOT / "static")
    return app


def _static_routes(app: FastAPI, static: Path) -> None:
    """The browser client's pages; a clear 404 while a page does not exist yet."""

    def page(name: str) -> Callable[..., Awaitable[Response]]:
        async def serve() -> Response:
            path = static / name
            if not path.is_file():
                return JSONResponse(
                    {"detail": {"code": "not_found", "message": f"{name} is not built yet"}}, status_code=404
                )
            return FileResponse(path)

        return serve

    async def rules_index(request: Request) -> Response:
        """Every game's rules, listed by the shell; the old ``/rules?game=<name>`` goes to
        ``/rules/<name>``."""
        game = request.query_params.get("game")
        if game:
            return RedirectResponse(f"/rules/{quote(game, safe='')}", status_code=308)
        return await page("rules.html")()

    async def rules_page(game: str, request: Request) -> Response:
        """One game's rules: the shell (``rules.html``) draws them with the game's rules
        module (``GameEntry.rules_module``). A name the catalogue does not know is a 404: the
        same shell for a browser, which says so in words; JSON for anything else."""
        if game in catalogue.names():
            return await page("rules.html")()
        if "text/html" in request.headers.get("accept", "") and (static / "rules.html").is_file():
            return FileResponse(static / "rules.html", status_code=404)
        games = ", ".join(catalogue.names())
        message = f"no game is named {echo(game)!r} here; the games are {games}"
        return JSONResponse({"detail": {"code": "not_found", "message": message}}, status_code=404)

    async def service_worker() -> Response:
        """The Web Push service worker, at the root so that its scope is the whole site;
        never cached long, so a new version takes over at the next visit."""
        response = await page("sw.js")()
        response.headers["Cache-Control"] = "no-cache"
        return response

    mount_pyodide(app, db.ROOT / "node_modules" / "pyodide")  # before /static, which would answer first
    app.add_api_route("/", page("index.html"), methods=["GET"], include_in_schema=False)
    app.add_api_route("/rules", rules_index, methods=["GET"], include_in_schema=False)
    app.add_api_route("/rules/{game}", rules_page, methods=["GET"], include_in_schema=False)
    app.add_api_route("/games", page("games.html"), methods=["GET"], include_in_schema=False)
    app.add_api_route("/notifications", page("notifications.html"), methods=["GET"], include_in_schema=False)
    app.add_api_route("/sw.js", service_worker, methods=["GET"], include_in_schema=False)
    app.add_api_route("/g/{game_id}", page("replay.html"), methods=["GET"], include_in_schema=False)
    for prefix in ("r", "i", "w"):
        app.add_api_route(f"/{prefix}/{{token}}", page("room.html"), methods=["GET"], include_in_schema=False)
    # A one-time device link's confirmation page (issue 27; app/devices.py).
    app.add_api_route("/link/{token}", page("link.html"), methods=["GET"], include_in_schema=False)
    app.mount("/static", StaticFiles(directory=static, check_dir=False), name="static")
