"""Speak Easy's JSON game record, in the platform's shared shape (``engine/record.py``), and
its verification (``python -m engine verify RECORD``).

Events, in order: each submitted setup by its seat (``setup <board>``, South's first), the
first-player draw by ``chance`` (``first s`` or ``first n``: ``below(2)``, 0 = South, the
game's only draw), every move by its seat (``a6-a7``), and the end by ``engine``
(``end <win|draw|aborted> <s|n|-> <reason>``, both for an end by the rules and from outside).
``state_commitment`` is taken on the state right after the first-player draw (``null`` when the
game ended during the setup). A game on the legacy stream (an integer seed, ``docs/engine.md``)
has no commitments (``null``) and its draw is re-derived with that stream.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.core import Result
from engine.errors import GameError, InvalidAction
from engine.fairness import seed_commitment, seed_failures, state_commitment, state_failures
from engine.record import CHANCE, ENGINE, MalformedRecord, numbered
from engine.speakeasy import chance
from engine.speakeasy.game import SpeakEasy
from engine.speakeasy.pieces import SIDE_LETTERS
from engine.speakeasy.state import OVER, State
from engine.speakeasy.view import history_entry

RULES: Final = "shared/design/speakeasy-rules.md"
_GAME: Final = SpeakEasy()


def _end_text(result: Result) -> str:
    winner = "-" if result.winner is None else SIDE_LETTERS[result.winner]
    return f"end {result.outcome} {winner} {result.reason}"


def start_of_play(state: State) -> State | None:
    """The state right after the first-player draw, rebuilt from the seed, the options and
    the setups (``None`` if play never started)."""
    if state.first is None or None in state.setups:
        return None
    start = _GAME.new_game(state.seed, state.options.to_dict())
    for seat in (0, 1):
        start = _GAME.apply(start, seat, {"type": "setup", "position": state.setups[seat]}).state
    return start


def _commitments(state: State) -> tuple[str | None, str | None]:
    if chance.is_legacy(state.seed):
        return None, None
    assert isinstance(state.seed, str)
    start = start_of_play(state)
    return seed_commitment(state.seed), None if start is None else state_commitment(
        state.seed, _GAME.to_dict(start)
    )


def record(state: State) -> dict[str, Any]:
    """The JSON record of the game so far; the seed only once it is over. It holds both
    setups: hand it out only after the end."""
    events: list[tuple[int | str, str]] = []
    for seat in (0, 1):
        if state.setups[seat] is not None:
            events.append((seat, f"setup {state.setups[seat]}"))
    if state.first is not None:
        events.append((CHANCE, f"first {SIDE_LETTERS[state.first]}"))
    for entry in state.entries():
        events.append((entry.side, history_entry(entry, faces=False)["move"]))
    if state.result is not None:
        events.append((ENGINE, _end_text(state.result)))
    seed_hash, start_hash = _commitments(state)
    out: dict[str, Any] = {
        "game": "speakeasy",
        "rules": RULES,
        "options": state.options.to_dict(),
        "players": [{"seat": seat, "side": SIDE_LETTERS[seat]} for seat in (0, 1)],
        "seed_commitment": seed_hash,
        "state_commitment": start_hash,
        "result": None if state.result is None else state.result.to_dict(),
        "events": numbered(events),
    }
    if state.phase == OVER:
        out["seed"] = state.seed
    return out


# -- verification -----------------------------------------------------------------------------
def _check_header(data: Mapping[str, Any]) -> None:
    if data["game"] != "speakeasy":
        raise MalformedRecord("not a Speak Easy record")
    players = data["players"] if isinstance(data["players"], list) else []
    if [p.get("seat") if isinstance(p, Mapping) else None for p in players] != [0, 1]:
        raise MalformedRecord('players is [{"seat": 0, ...}, {"seat": 1, ...}]')
    if data["result"] is not None:
        try:
            Result.from_dict(data["result"])
        except (KeyError, TypeError, ValueError) as exc:
            raise MalformedRecord(f"the result is unreadable: {exc}") from None


def _end_of(text: str) -> Result:
    words = text.split()
    if len(words) != 4 or words[0] != "end" or words[2] not in ("s", "n", "-"):
        raise ValueError("an end reads 'end <outcome> <s|n|-> <reason>'")
    winners = () if words[2] == "-" else (SIDE_LETTERS.index(words[2]),)
    return Result(words[1], words[3], winners)  # type: ignore[arg-type]  # checked by Result


def verify(data: Mapping[str, Any]) -> list[str]:
    """Every failed check of a Speak Easy record ([] = ok): the seed against its commitment,
    the first-player draw re-derived from the seed, every action replayed by the rules, the
    state commitment at the start of play, and the result."""
    _check_header(data)
    seed = data.get("seed")
    legacy = isinstance(seed, int)
    failures: list[str] = []
    if legacy:
        if data["seed_commitment"] is not None or data["state_commitment"] is not None:
            failures.append("seed_commitment: a legacy-stream game has no commitments")
    else:
        failures += seed_failures(data)
        if seed is None:
            return failures
    assert isinstance(seed, int | str)
    try:
        state = _GAME.new_game(seed, data["options"])
    except InvalidAction as exc:
        raise MalformedRecord(f"options: {exc}") from None
    # The chance events, re-derived from the seed in order (Speak Easy draws once).
    draws = chance.stream(seed, chance.initial(seed))
    start: State | None = None
    for event in data["events"]:
        n, by, text = event["n"], event["by"], event["a"]
        where = f"event {n} ({by})"
        if state.first is not None and start is None:
            start = state
            if by != CHANCE or not text.startswith("first "):
                failures.append(f"{where}: the first-player draw should be recorded here")
        try:
            if by == CHANCE:
                drawn = f"first {SIDE_LETTERS[draws.below(2)]}"
                if text != drawn:
                    failures.append(f"{where}: the record has {text!r}, the seed draws {drawn!r}")
                if state.first is None or text != f"first {SIDE_LETTERS[state.first]}":
                    failures.append(f"{where}: {text!r} is not the replayed game's first player")
            elif by == ENGINE:
                end = _end_of(text)
                if state.result is None:
                    state = _GAME.conclude(state, end).state
                elif text != (replayed := _end_text(state.result)):
                    failures.append(f"{where}: the record has {text!r}, the replay ends {replayed!r}")
            else:
                word, _, rest = text.partition(" ")
                if word == "setup":
                    action = {"type": "setup", "position": rest}
                else:
                    action = {"type": "move", "move": text}
                state = _GAME.apply(state, by, action).state
        except (GameError, ValueError) as exc:
            failures.append(f"{where}: {text!r} is refused: {exc}")
            refused = True
            break
    else:
        refused = False
        if state.first is not None and start is None:
            start = state
            failures.append("events: the first-player draw is missing")
    if not legacy and (start is not None or not refused):
        assert isinstance(seed, str)
        failures += state_failures(data, seed, None if start is None else _GAME.to_dict(start))
    final = None if state.result is None else state.result.to_dict()
    if not refused and final != data["result"]:
        failures.append(f"result: the replay gives {final}, the record says {data['result']}")
    return failures


__all__ = ["RULES", "record", "start_of_play", "verify"]
