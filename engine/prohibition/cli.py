"""The command line of spec section 13 (and the bot of section 14).

    python -m engine.prohibition legal STATE.json
    python -m engine.prohibition apply STATE.json "go:D3-D4=1k"
    python -m engine.prohibition selfplay --players N --seed HEX [--level L] [--option k=v ...]
    python -m engine.prohibition bot [--level L] [--seed N]

STATE.json is a stored state (``Game.to_dict``; ``-`` reads it from stdin). ``legal`` prints
the legal actions, one a line; ``apply`` prints the state after the action; ``selfplay`` plays
one game with the autopilot in every seat and prints its JSON record (seed revealed). Bad
input exits with status 2 and a one-line reason on stderr.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from engine.cliargs import Parser, UsageError, read_object
from engine.errors import GameError
from engine.prohibition import rules, serialize
from engine.prohibition.bot import DEFAULT_LEVEL, decide, level_named
from engine.prohibition.game import Prohibition
from engine.prohibition.record import record
from engine.prohibition.state import State


def read_state(path: str) -> State:
    return serialize.from_dict(read_object(path, "a stored state"))


def selfplay(players: int, seed: str, level: str, options: dict[str, str]) -> dict[str, Any]:
    """One whole game, the autopilot in every seat; its record, seed revealed."""
    game = Prohibition()
    state = game.new_game(seed, options, players)
    bot_seed = int(seed[:15], 16)
    while game.result(state) is None:
        seat = min(game.actors(state))
        text = decide(game.view(state, seat), level, bot_seed + seat)
        state = rules.apply_as(state, seat, text)
    return record(state)


def _options(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise UsageError(f"--option takes key=value, not {pair!r}")
        out[key] = value
    return out


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="python -m engine.prohibition", description="Prohibition rules on the command line")
    sub = parser.add_subparsers(dest="command", required=True)
    p_legal = sub.add_parser("legal", help="print the legal actions of the seat to act")
    p_legal.add_argument("state")
    p_apply = sub.add_parser("apply", help="print the state after an action")
    p_apply.add_argument("state")
    p_apply.add_argument("action")
    p_self = sub.add_parser("selfplay", help="play one game with the autopilot in every seat")
    p_self.add_argument("--players", type=int, required=True)
    p_self.add_argument("--seed", required=True)
    p_self.add_argument("--level", default=DEFAULT_LEVEL)
    p_self.add_argument("--option", action="append", default=[])
    p_bot = sub.add_parser("bot", help="play on the JSON-lines bot protocol (stdin/stdout)")
    p_bot.add_argument("--level", default=DEFAULT_LEVEL)
    p_bot.add_argument("--seed", type=int, default=None)
    try:
        args = parser.parse_args(argv)
        if args.command == "bot":
            from engine.prohibition.bot.protocol import run_protocol

            return run_protocol(sys.stdin, sys.stdout, level=args.level, seed=args.seed)
        if args.command == "selfplay":
            level_named(args.level)
            output = json.dumps(selfplay(args.players, args.seed, args.level, _options(args.option)))
        else:
            state = read_state(args.state)
            if args.command == "legal":
                output = "\n".join(rules.legal(state))
            else:
                output = json.dumps(serialize.to_dict(rules.apply(state, args.action)), sort_keys=True)
    except (UsageError, GameError, ValueError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        print(f"error: {reason}", file=sys.stderr)
        return 2
    try:
        print(output)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away (``| head``): not an error of ours
        sys.stdout = None
    return 0
