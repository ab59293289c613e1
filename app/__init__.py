"""Speakeasy: the FastAPI game server for hidden-information board games.

The package is layered; each layer imports only the ones above it::

    config, clocks, identity, errors, metrics, logs     settings and small tools
    db, models                                            storage (SQLAlchemy 2 async)
    games/                                                the one command path, projections, timers
    broadcast, presence                                   fan-out of frames to live viewers
    rooms/, ws/                                           HTTP routes and the WebSocket edge
    main                                                  the application factory

The rules live in :mod:`engine` (a pure library); nothing here decides a rule.
"""
