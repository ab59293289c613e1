"""Commitments to a game's chance (shared/design/chance.md), and checking a game record.

* ``seed_commitment(seed)`` = SHA-256 of the 32 seed bytes, sent to every viewer from the
  first frame of the game;
* ``state_commitment(seed, state_dict)`` = SHA-256 of the seed bytes followed by the canonical
  JSON of the full state (``Game.to_dict``) when play proper starts (``Game.is_started`` turns
  true after any secret setup), sent to every viewer then; the secret seed bytes make it
  reveal nothing before the end;
* :func:`verify` checks a finished game's JSON record (``engine/record.py``) through the
  ``verify`` hook of the game's catalogue entry: ``python -m engine verify RECORD``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from engine.rng import check_seed


def canonical(data: Mapping[str, Any]) -> bytes:
    """The canonical bytes of a JSON object: sorted keys, no spaces, UTF-8."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def seed_commitment(seed_hex: str) -> str:
    return hashlib.sha256(bytes.fromhex(check_seed(seed_hex))).hexdigest()


def state_commitment(seed_hex: str, state_dict: Mapping[str, Any]) -> str:
    return hashlib.sha256(bytes.fromhex(check_seed(seed_hex)) + canonical(state_dict)).hexdigest()


def seed_failures(record: Mapping[str, Any]) -> list[str]:
    """The checks every game's verify hook starts with: the seed is revealed, and hashes to
    the ``seed_commitment``. (A malformed seed is a malformed record: ValueError.)"""
    if "seed" not in record:
        return ["seed: not revealed (a record verifies only once the game is over)"]
    expected = seed_commitment(record["seed"])
    if record.get("seed_commitment") != expected:
        return [
            f"seed_commitment: the revealed seed hashes to {expected}, "
            f"the record says {record.get('seed_commitment')}"
        ]
    return []


def state_failures(record: Mapping[str, Any], seed_hex: str, start: Mapping[str, Any] | None) -> list[str]:
    """``state_commitment`` against the replayed state at the start of play (``None``: the
    game ended before play started, and the record must hold no commitment)."""
    expected = None if start is None else state_commitment(seed_hex, start)
    if record.get("state_commitment") != expected:
        return [
            f"state_commitment: the replayed start of play hashes to {expected}, "
            f"the record says {record.get('state_commitment')}"
        ]
    return []


def verify(record: Any) -> list[str]:
    """Every failed check of a game record (``[]``: it verifies). Raises
    :class:`engine.record.MalformedRecord` (an ``InvalidAction``) when the record cannot be
    read: not the shared shape, an unknown game, or the game's hook finds it malformed."""
    from engine import catalogue
    from engine.record import MalformedRecord, check_shape

    check_shape(record)
    try:
        entry = catalogue.entry(record["game"])
    except KeyError:
        raise MalformedRecord(f"no registered game is named {record['game']!r}") from None
    return entry.verify(record)


__all__ = ["canonical", "seed_commitment", "seed_failures", "state_commitment", "state_failures", "verify"]
