"""The command line of spec section 10.

    python -m engine.flickago legal state.json
    python -m engine.flickago apply state.json "wT3@T2 912/734"
    python -m engine.flickago simulate
    python -m engine.flickago selfplay --seed HEX [--level L] [--option k=v ...]
    python -m engine.flickago verify record.json [--no-resimulate]
    python -m engine.flickago bot [--level L] [--seed N]

``apply`` prints exactly one line, ``{"state": ..., "event": ...}``; ``simulate`` one line,
``{"sim", "keyframes", "falls", "rest"}`` of the data pack's conformance shot. Bad input or
an illegal action exits with status 2, prints nothing on stdout and one line on stderr.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from engine.cliargs import Parser, UsageError, read_json
from engine.errors import GameError
from engine.flickago import rules
from engine.flickago.data import CONFORMANCE
from engine.flickago.notation import parse_action
from engine.flickago.physics import simulate
from engine.flickago.statecheck import check_state


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def cmd_legal(state_path: str) -> list[str]:
    return rules.legal(check_state(read_json(state_path)))


def cmd_apply(state_path: str, action_text: str) -> list[str]:
    state = check_state(read_json(state_path))
    step = rules.apply_action(state, parse_action(action_text))
    return [_dumps({"state": step.state, "event": step.event})]


def conformance_output() -> dict[str, Any]:
    """The data pack's conformance shot, simulated: what its shot event would hold."""
    action = parse_action(CONFORMANCE["shot"])
    start = {piece: (float(xy[0]), float(xy[1])) for piece, xy in CONFORMANCE["start"].items()}
    return simulate(start, action).to_dict()


def cmd_selfplay(seed: str, level: str, options: list[str]) -> list[str]:
    from engine.flickago.selfplay import play_game

    given: dict[str, Any] = {}
    for item in options:
        name, sep, value = item.partition("=")
        if not sep:
            raise UsageError(f"--option takes name=value, not {item!r}")
        given[name] = int(value) if value.isdigit() else value
    return [_dumps(play_game(seed, given, level, level))]


def cmd_verify(path: str, resimulate: bool) -> tuple[list[str], int]:
    from engine.flickago.record import verify

    failures = verify(read_json(path), resimulate=resimulate)
    return (failures or ["ok"]), (1 if failures else 0)


def _parser() -> Parser:
    parser = Parser(prog="python -m engine.flickago", description="Flickago rules on the command line")
    sub = parser.add_subparsers(dest="command", required=True)
    p_legal = sub.add_parser("legal", help="print the legal discrete choices, one a line")
    p_legal.add_argument("state")
    p_apply = sub.add_parser("apply", help='print {"state", "event"} after an action')
    p_apply.add_argument("state")
    p_apply.add_argument("action")
    sub.add_parser("simulate", help="simulate the data pack's conformance shot")
    p_self = sub.add_parser("selfplay", help="one game, the autopilot on both sides; prints its record")
    p_self.add_argument("--seed", required=True)
    p_self.add_argument("--level", default="normal")
    p_self.add_argument("--option", action="append", default=[])
    p_verify = sub.add_parser("verify", help="check a game record")
    p_verify.add_argument("record")
    p_verify.add_argument("--no-resimulate", action="store_true")
    p_bot = sub.add_parser("bot", help="play on the JSON-lines bot protocol (stdin/stdout)")
    p_bot.add_argument("--level", default="normal")
    p_bot.add_argument("--seed", type=int, default=0)
    return parser


def main(argv: list[str] | None = None) -> int:
    code = 0
    try:
        args = _parser().parse_args(argv)
        if args.command == "bot":
            from engine.flickago.bot.levels import level_named
            from engine.flickago.bot.protocol import run_protocol

            level_named(args.level)
            return run_protocol(sys.stdin, sys.stdout, level=args.level, seed=args.seed)
        if args.command == "legal":
            lines = cmd_legal(args.state)
        elif args.command == "apply":
            lines = cmd_apply(args.state, args.action)
        elif args.command == "simulate":
            lines = [_dumps(conformance_output())]
        elif args.command == "selfplay":
            lines = cmd_selfplay(args.seed, args.level, args.option)
        else:
            lines, code = cmd_verify(args.record, not args.no_resimulate)
    except (UsageError, GameError, ValueError) as exc:
        print(f"error: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}", file=sys.stderr)
        return 2
    try:
        for line in lines:
            print(line)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away (``| head``): not an error of ours
        sys.stdout = None
    return code
