"""The command line of spec 15.3 and the bot of section 19.

    python -m engine.spies legal FILE                  the pending decision's listed lines
    python -m engine.spies apply STATE.json SEAT LINE  the stored state after a line
    python -m engine.spies replay FILE                 the final position's year and scores
    python -m engine.spies selfplay --players N --seed HEX [--level L] [--option k=v ...]
    python -m engine.spies bot [--level L] [--seed N]

STATE.json is a stored state (``Game.to_dict``); FILE is a stored state, a finished JSON record
or a finished record file of 15.3 (``-``: stdin), replayed from its seed.
``selfplay`` prints the record file of one game played by the autopilot in every seat.
Bad input exits with status 2 and a one-line reason on stderr.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from engine.cliargs import Parser, UsageError, read_object, read_text
from engine.errors import GameError
from engine.spies import rules, serialize
from engine.spies.bot import DEFAULT_LEVEL, decide_text, level_named
from engine.spies.game import SPIES
from engine.spies.record import read_record_file, record_text, replay
from engine.spies.state import State


def read_state(path: str) -> State:
    return serialize.from_dict(read_object(path, "a stored state"))


def replay_file(path: str) -> State:
    """A stored state (JSON), a JSON record or a record file (15.3), replayed to its end."""
    text = read_text(path)
    if text.lstrip().startswith("{"):
        data = json.loads(text)
        if isinstance(data, dict) and "events" in data:
            if "seed" not in data:
                raise UsageError("a JSON record replays once the game is over (with its seed)")
            inputs = [(e["by"], e["a"]) for e in data["events"]]
            options, players, seed = data["options"], len(data["players"]), data["seed"]
        else:
            return serialize.from_dict(data)
    else:
        parsed = read_record_file(text)
        options, players, seed, inputs = (
            parsed["options"],
            parsed["players"],
            parsed["seed"],
            parsed["events"],
        )
    state, _start, failures = replay(seed, options, players, inputs, None)
    if failures:
        raise UsageError(failures[0])
    return state


def _value(text: str) -> Any:
    if text in ("true", "false"):
        return text == "true"
    return int(text) if text.isdigit() else text


def selfplay(players: int, seed: str, level: str, options: dict[str, Any]) -> State:
    state = SPIES.new_game(seed, options, players)
    bot_seed = int(seed[:15], 16)
    while state.result is None:
        seat = min(rules.actors(state))
        state = rules.apply(state, seat, decide_text(SPIES.view(state, seat), level, bot_seed + seat))
    return state


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="python -m engine.spies", description="Spies! rules on the command line")
    sub = parser.add_subparsers(dest="command", required=True)
    p_legal = sub.add_parser("legal")
    p_legal.add_argument("state")
    p_apply = sub.add_parser("apply")
    p_apply.add_argument("state")
    p_apply.add_argument("seat", type=int)
    p_apply.add_argument("line")
    p_replay = sub.add_parser("replay")
    p_replay.add_argument("record")
    p_self = sub.add_parser("selfplay")
    p_self.add_argument("--players", type=int, required=True)
    p_self.add_argument("--seed", required=True)
    p_self.add_argument("--level", default=DEFAULT_LEVEL)
    p_self.add_argument("--option", action="append", default=[])
    p_bot = sub.add_parser("bot")
    p_bot.add_argument("--level", default=DEFAULT_LEVEL)
    p_bot.add_argument("--seed", type=int, default=None)
    try:
        args = parser.parse_args(argv)
        if args.command == "bot":
            from engine.spies.bot.protocol import run_protocol

            return run_protocol(sys.stdin, sys.stdout, level=args.level, seed=args.seed)
        if args.command == "selfplay":
            level_named(args.level)
            options = {}
            for pair in args.option:
                key, sep, value = pair.partition("=")
                if not sep:
                    raise UsageError(f"--option takes key=value, not {pair!r}")
                options[key] = _value(value)
            output = record_text(selfplay(args.players, args.seed, args.level, options)).rstrip("\n")
        elif args.command == "replay":
            state = replay_file(args.record)
            result = state.result
            output = json.dumps(
                {
                    "year": state.year,
                    "scores": state.scores,
                    "result": None if result is None else result.to_dict(),
                }
            )
        else:
            state = read_state(args.state) if args.command == "apply" else replay_file(args.state)
            if args.command == "legal":
                seats = sorted(rules.actors(state))
                output = "\n".join(line for s in seats for line in rules.legal(state, s))
            else:
                output = json.dumps(
                    serialize.to_dict(rules.apply(state, args.seat, args.line)), sort_keys=True
                )
    except (UsageError, GameError, ValueError, KeyError, TypeError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        print(f"error: {reason}", file=sys.stderr)
        return 2
    try:
        print(output)
        sys.stdout.flush()
    except BrokenPipeError:
        sys.stdout = None
    return 0
