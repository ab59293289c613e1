"""Flickago: a flicking game with a server-side pymunk simulation (rules:
shared/design/flickago-rules.md; issue 12)."""

from engine.flickago.entry import ENTRY, FLICKAGO
from engine.flickago.game import Flickago, SimJob, run_job
from engine.flickago.physics import Shot, ShotResult, simulate

__all__ = ["ENTRY", "FLICKAGO", "Flickago", "Shot", "ShotResult", "SimJob", "run_job", "simulate"]
