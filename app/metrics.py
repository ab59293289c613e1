"""Prometheus metrics, in a registry of the application's own (several apps may live in
one test process)."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.connections = Gauge(
            "speakeasy_connections", "Open WebSocket connections", ["role"], registry=self.registry
        )
        self.games_active = Gauge(
            "speakeasy_games_active", "Games held in this process's memory", registry=self.registry
        )
        self.games_started = Counter("speakeasy_games_started", "Games created", registry=self.registry)
        self.games_finished = Counter(
            "speakeasy_games_finished", "Games ended", ["outcome"], registry=self.registry
        )
        self.moves = Counter("speakeasy_moves", "Moves persisted", registry=self.registry)
        self.commands = Counter(
            "speakeasy_commands", "Commands handled", ["type", "outcome"], registry=self.registry
        )
        self.command_latency = Histogram(
            "speakeasy_command_seconds",
            "Time from a command's arrival to its acknowledgement or refusal",
            ["type"],
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
            registry=self.registry,
        )
        self.offload_latency = Histogram(
            "speakeasy_offload_seconds",
            "Time an action's heavy work (a simulated shot) took in the worker pool, queueing included",
            ["game"],
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0),
            registry=self.registry,
        )
        self.commit_batch = Histogram(
            "speakeasy_commit_batch_changes",
            "Changes committed together in one group commit (PostgreSQL)",
            buckets=(1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 64, 128, 256, 500),
            registry=self.registry,
        )
        self.gc_pause = Histogram(
            "speakeasy_gc_pause_seconds",
            "Time the process stood still in one garbage collection, by generation (0 young, 2 full)",
            ["generation"],
            buckets=(0.001, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),  # 20 ms: the goal
            registry=self.registry,
        )
        self.conflicts = Counter(
            "speakeasy_conflicts", "Commands that lost a race and were retried", registry=self.registry
        )
        self.dependency_up = Gauge(
            "speakeasy_dependency_up",
            "Whether a dependency answered when /metrics was read (database; bus: Redis, 1 without)",
            ["dependency"],
            registry=self.registry,
        )
        self._handled: dict[tuple[str, str], tuple[Counter, Histogram]] = {}

    def command_handled(self, kind: str, outcome: str, seconds: float) -> None:
        """Count a command of type ``kind`` and its time to ``outcome``. Its two series are
        looked up once (``labels`` takes a lock and builds a key: half the cost, per move)."""
        series = self._handled.get((kind, outcome))
        if series is None:
            series = self._handled[kind, outcome] = (
                self.commands.labels(kind, outcome),
                self.command_latency.labels(kind),
            )
        series[0].inc()
        series[1].observe(seconds)
