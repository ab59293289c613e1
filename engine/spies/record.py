"""The game record (spec 15.3): the platform's JSON record, the record file, replay, verify.

JSON record: the shared shape of :mod:`engine.record` (``by`` is the 0-based seat of an action
line, ``"chance"`` for a ``!`` line, ``"engine"`` for an ``=`` line) plus ``data`` (the data
pack's hash). Replay re-applies the seats' lines and the platform's withdrawals (``= resign n``,
``= timeout n``, ``= zombie n``; seats 1-based as in the notation) from the seed and compares
every chance and engine line the rules write with the record's.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, Final

from engine.core import EVERYONE, Result, Viewer
from engine.errors import GameError
from engine.fairness import seed_commitment, seed_failures, state_commitment, state_failures
from engine.record import MalformedRecord, check_shape
from engine.spies import rules, serialize
from engine.spies.data import DATA_SHA256, TURN_ORDER
from engine.spies.state import State
from engine.spies.view import entry_text, sees_all

RULES_REVISION: Final = "spies-1"
_WITHDRAWAL: Final = re.compile(r"= (timeout|resign|zombie|expired) ([1-9])")
EXTERNAL_ENDS: Final = ("agreement", "aborted", "abort")
INFER: Final = "?"  # an action line's seat, to be found while replaying a record file
_TAG: Final = re.compile(r'\[(\w+) "(.*)"\]')
_EVENT: Final = re.compile(r"(\d+)\. (.+)")


def _by(state: State, index: int) -> int | str:
    e = state.log[index]
    if e.seat >= 0:
        return e.seat
    return "chance" if e.by == "chance" else "engine"


def record(state: State, viewer: Viewer = EVERYONE) -> dict[str, Any]:
    """The JSON record; the seed only once the game is over."""
    over = sees_all(state, viewer)
    out: dict[str, Any] = {
        "game": "spies",
        "rules": RULES_REVISION,
        "data": DATA_SHA256,
        "options": dict(state.options),
        "players": [{"seat": s, "powers": list(powers)} for s, powers in enumerate(state.seats)],
        "seed_commitment": seed_commitment(state.rng.seed),
        "state_commitment": start_commitment(state),
        "result": None if state.result is None else state.result.to_dict(),
        "events": [
            {"n": n, "by": _by(state, n - 1), "a": entry_text(state, e, viewer, over)}
            for n, e in enumerate(state.log, start=1)
        ],
    }
    if state.result is not None:
        out["seed"] = state.rng.seed
    return out


def start_commitment(state: State) -> str | None:
    full = [(_by(state, i), entry_text(state, e, EVERYONE, True)) for i, e in enumerate(state.log)]
    _final, start, failures = replay(state.rng.seed, state.options, state.players, full, None)
    if failures:  # pragma: no cover - a state the rules made always replays
        raise ValueError("; ".join(failures))
    return None if start is None else state_commitment(state.rng.seed, start)


def record_text(state: State, viewer: Viewer = EVERYONE) -> str:
    """The record file of 15.3: header tags, section headers, numbered events."""
    over = sees_all(state, viewer)
    # Each seat's own powers: Russia without a seat of its own belongs to none (section 2).
    seats = " ".join(
        f"{s + 1}:{','.join(p for p in TURN_ORDER if p in state.seats[s])}" for s in range(state.players)
    )
    tags = [
        ("Game", "Spies!"),
        ("Rules", RULES_REVISION),
        ("Data", f"sha256:{DATA_SHA256}"),
        ("Options", json.dumps(state.options, sort_keys=True, separators=(",", ":"))),
        ("Seats", seats),
        ("Commit", seed_commitment(state.rng.seed)),
    ]
    if state.result is not None:
        tags.append(("Seed", state.rng.seed))
        result = {
            "end": state.year,
            # Russia scores no VP without a seat of its own (section 2), so it is not listed.
            "powers": {p: state.scores.get(p, 0) for p in TURN_ORDER if p != "R" or state.russia_seated},
            "seats": {
                str(s + 1): (state.result.scores or [0] * state.players)[s] for s in range(state.players)
            },
            "winners": [s + 1 for s in state.result.winners],
            "zombies": [s + 1 for s in sorted(state.zombies)],
        }
        tags.append(("Result", json.dumps(result, sort_keys=True, separators=(",", ":"))))
    lines = [f'[{key} "{value}"]' for key, value in tags]
    for n, e in enumerate(state.log, start=1):
        if e.header:
            lines.append(e.header)
        lines.append(f"{n}. {entry_text(state, e, viewer, over)}")
    return "\n".join(lines) + "\n"


def replay(
    seed: str,
    options: Mapping[str, Any],
    players: int,
    events: list[tuple[int | str, str]],
    reason_hint: str | None,
) -> tuple[State, dict[str, Any] | None, list[str]]:
    """Replay ``(by, a)`` pairs from the seed: the final state, the stored state at the start
    of play, and the failures (at most one: where the record and the rules part)."""
    state = rules.new_state(seed, dict(options), players)
    start: dict[str, Any] | None = None
    i = 0
    while i < len(events):
        by, text = events[i]
        if i < len(state.log):
            made = (_by(state, i), entry_text(state, state.log[i], EVERYONE, True))
            if made != (by, text) and not (by == INFER and made[1] == text):
                return state, start, [f"event {i + 1}: the record has {by} {text!r}, the rules give {made}"]
            i += 1
            continue
        if by == INFER and text[:1] in TURN_ORDER:
            by = seat_for_line(state, text)
        try:
            state = _input(state, by, text, reason_hint)
        except GameError as exc:
            return state, start, [f"event {i + 1}: {by} {text!r} cannot be played: {exc}"]
        if start is None and state.year > 0:
            start = serialize.to_dict(state)
    if len(state.log) > len(events):
        extra = entry_text(state, state.log[len(events)], EVERYONE, True)
        return state, start, [f"event {len(events) + 1}: the record stops, the rules go on with {extra!r}"]
    return state, start, []


def seat_for_line(state: State, text: str) -> int | str:
    """The seat that wrote an action line of a record file (whose lines name no seat): the
    owner of the pending decision, or in a collected one the seat writing as that power."""
    d = state.decision
    power = text.split(" ", 1)[0]
    if d is None:
        return INFER
    if "waiting" in d:
        seats = [int(seat) for seat in d["waiting"] if power in state.powers_of(int(seat))]
        return seats[0] if seats else INFER
    return state.seat_of(power) if d["power"] == power else INFER


def read_record_file(text: str) -> dict[str, Any]:
    """A finished record file (15.3) as replay's inputs: options, players, seed, events (each
    ``(INFER, line)``: the seat is found while replaying). MalformedRecord when unreadable."""
    tags: dict[str, str] = {}
    events: list[tuple[int | str, str]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.startswith("# "):
            continue
        tag = _TAG.fullmatch(line)
        if tag:
            tags[tag[1]] = tag[2]
            continue
        event = _EVENT.fullmatch(line)
        if event is None or int(event[1]) != len(events) + 1:
            raise MalformedRecord(f"line {number}: not '<n>. <event>' in order")
        events.append((INFER, event[2]))
    if "Seed" not in tags:
        raise MalformedRecord("the record file has no Seed: only a finished game replays")
    try:
        options = json.loads(tags["Options"])
        players = len(tags["Seats"].split(" "))
    except (KeyError, ValueError) as exc:
        raise MalformedRecord(f"the record file's header cannot be read: {exc}") from None
    return {"options": options, "players": players, "seed": tags["Seed"], "events": events}


def _input(state: State, by: int | str, text: str, reason_hint: str | None) -> State:
    if isinstance(by, int) and not isinstance(by, bool):
        if not 0 <= by < state.players:
            raise MalformedRecord(f"there is no seat {by}")
        return rules.apply(state, by, text)
    if by in ("engine", INFER) and text == "= aborted":
        return rules.abort(state)
    m = _WITHDRAWAL.fullmatch(text)
    if by in ("engine", INFER) and m and 1 <= int(m[2]) <= state.players:
        seat = int(m[2]) - 1
        if m[1] == "expired":
            return rules.expire(state, seat)
        if m[1] == "timeout":
            return rules.withdraw(state, seat, "timeout")
        if m[1] == "zombie":
            return rules.withdraw(state, seat, "abandon")
        return rules.withdraw(state, seat, "abandon" if reason_hint == "abandon" else "resign")
    raise MalformedRecord(f"{by} {text!r} is not an input the rules can replay here")


def verify(data: Mapping[str, Any]) -> list[str]:
    """Every failed check of a record (``[]``: it verifies); MalformedRecord when unreadable."""
    check_shape(data)
    if data["game"] != "spies":
        raise MalformedRecord("not a Spies! record")
    players = data["players"]
    if not isinstance(players, list) or not players:
        raise MalformedRecord("'players' lists the seats")
    failures = seed_failures(data)
    if "seed" not in data:
        return failures
    result = data["result"]
    hint = result.get("reason") if isinstance(result, Mapping) else None
    try:
        state, start, replay_failures = replay(
            data["seed"],
            dict(data["options"]),
            len(players),
            [(e["by"], e["a"]) for e in data["events"]],
            hint,
        )
    except MalformedRecord:
        raise
    except GameError as exc:
        raise MalformedRecord(f"the record cannot be replayed: {exc}") from None
    failures += replay_failures
    failures += state_failures(data, data["seed"], start)
    if replay_failures:
        return failures
    if state.result is None:
        if not (isinstance(result, Mapping) and result.get("reason") in EXTERNAL_ENDS):
            failures.append("result: the replayed game is not over")
        return failures
    try:
        claimed = None if result is None else Result.from_dict(result)
    except (KeyError, TypeError, ValueError) as exc:
        raise MalformedRecord(f"'result' cannot be read: {exc}") from None
    if claimed != state.result:
        failures.append(f"result: the replay gives {state.result.to_dict()}, the record says {result}")
    return failures
