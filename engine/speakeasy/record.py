"""The game record: seed, options, setups, moves and how it ended, as text that replays.

    [Game "speakeasy"]
    [Options "bar_exit=true babe_survives=false … no_combat_limit=100"]
    [Seed "123"]
    [First "n"]
    [Result "s"]            s, n, draw, aborted, or * while the game goes on
    [Termination "speakeasy"]
    setup s <board>
    setup n <board>
    n c7-c6
    s a6-a7
    end win s resign        only for an ending from outside the rules

``replay(record_text(state))`` reaches a state equal to ``state`` (same ``to_dict``).
"""

from __future__ import annotations

import json
import re
from typing import Any

from engine.core import Result
from engine.errors import GameError, InvalidAction
from engine.rng import is_seed
from engine.speakeasy.game import SpeakEasy
from engine.speakeasy.pieces import SIDE_LETTERS
from engine.speakeasy.play import CAPTURE, NO_COMBAT, NO_MOVES
from engine.speakeasy.state import OVER, State
from engine.speakeasy.view import history_entry

_GAME = SpeakEasy()
_RULE_ENDINGS = {CAPTURE, NO_MOVES, NO_COMBAT}
_HEADER = re.compile(r'^\[(\w+) "(.*)"\]$')


def _result_tag(result: Result | None) -> str:
    if result is None:
        return "*"
    if result.outcome == "win":
        assert result.winner is not None
        return SIDE_LETTERS[result.winner]
    return result.outcome


def options_text(options: dict[str, Any]) -> str:
    """The rule options in the record's own form: ``bar_exit=true no_combat_limit=100 …``
    (sorted by name; booleans as ``true``/``false``)."""
    words = []
    for name, value in sorted(options.items()):
        shown = ("true" if value else "false") if isinstance(value, bool) else str(value)
        words.append(f"{name}={shown}")
    return " ".join(words)


def options_of(text: str) -> dict[str, Any]:
    """Inverse of :func:`options_text`; also reads the first form, a JSON object written
    with single quotes (``{'bar_exit': true, …}``)."""
    text = text.strip()
    if text.startswith("{"):
        parsed = json.loads(text.replace("'", '"'))
        if not isinstance(parsed, dict):
            raise ValueError("the Options header is not an object")
        return parsed
    options: dict[str, Any] = {}
    for word in text.split():
        name, equals, value = word.partition("=")
        if not equals or not name:
            raise ValueError(f"an option is name=value, not {word!r}")
        options[name] = {"true": True, "false": False}.get(
            value, int(value) if value.lstrip("-").isdigit() else value
        )
    return options


def record_text(state: State) -> str:
    result = state.result
    lines = [
        '[Game "speakeasy"]',
        f'[Options "{options_text(state.options.to_dict())}"]',
        f'[Seed "{state.seed}"]',
        f'[First "{"-" if state.first is None else SIDE_LETTERS[state.first]}"]',
        f'[Result "{_result_tag(result)}"]',
        f'[Termination "{"" if result is None else result.reason}"]',
    ]
    for side in (0, 1):
        if state.setups[side] is not None:
            lines.append(f"setup {SIDE_LETTERS[side]} {state.setups[side]}")
    for entry in state.entries():
        lines.append(f"{SIDE_LETTERS[entry.side]} {history_entry(entry, faces=False)['move']}")
    if result is not None and result.reason not in _RULE_ENDINGS:
        winner = "-" if result.winner is None else SIDE_LETTERS[result.winner]
        lines.append(f"end {result.outcome} {winner} {result.reason}")
    return "\n".join(lines) + "\n"


def replay(text: str) -> State:
    """Rebuild the game from its record. Raises InvalidAction (with the line number) when
    the record is malformed or a recorded action is refused by the rules."""
    headers: dict[str, str] = {}
    state: State | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        try:
            match = _HEADER.match(line)
            if match:
                headers[match.group(1)] = match.group(2)
                continue
            if state is None:
                options = options_of(headers.get("Options", ""))
                state = _GAME.new_game(_seed(headers["Seed"]), options)
            state = _replay_line(state, line)
        except (GameError, ValueError, KeyError) as exc:
            raise InvalidAction(f"record line {number}: {exc}") from None
    if state is None:
        raise InvalidAction("the record holds no game")
    if headers.get("Result", "*") != _result_tag(state.result):
        raise InvalidAction("the replayed result differs from the recorded one")
    return state


def _seed(text: str) -> str | int:
    """A recorded seed: 64 hex digits, or the decimal integer of a legacy-stream game."""
    return text if is_seed(text) else int(text)


def _replay_line(state: State, line: str) -> State:
    words = line.split()
    if words[0] == "setup" and len(words) == 3:
        return _GAME.apply(state, SIDE_LETTERS.index(words[1]), {"type": "setup", "position": words[2]}).state
    if words[0] in ("s", "n") and len(words) == 2:
        return _GAME.apply(state, SIDE_LETTERS.index(words[0]), {"type": "move", "move": words[1]}).state
    if words[0] == "end" and len(words) == 4 and state.phase != OVER:
        outcome, winner, reason = words[1:]
        winners = () if winner == "-" else (SIDE_LETTERS.index(winner),)
        result = Result(outcome, reason, winners)  # type: ignore[arg-type]
        return _GAME.conclude(state, result).state
    raise ValueError(f"cannot read {line!r}")
