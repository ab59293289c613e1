"""Speak Easy: Lu Zhan Qi re-themed as 1920s gangsters (rules: shared/design/speakeasy-rules.md)."""

from engine.speakeasy.entry import ENTRY, SPEAKEASY
from engine.speakeasy.game import SpeakEasy

__all__ = ["ENTRY", "SPEAKEASY", "SpeakEasy"]
