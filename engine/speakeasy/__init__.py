"""Speak Easy: Lu Zhan Qi re-themed as 1920s gangsters (rules: shared/design/speakeasy-rules.md)."""

from engine.speakeasy.game import SpeakEasy

SPEAKEASY = SpeakEasy()

__all__ = ["SPEAKEASY", "SpeakEasy"]
