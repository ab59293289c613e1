"""The command line of spec section 9 (and the bot of section 10).

    python -m engine.speakeasy legal "<position>" [--rules luzhanqi]
    python -m engine.speakeasy apply "<position>" <move> [--rules luzhanqi]
    python -m engine.speakeasy view "<position>" s|n|spectator [--rules luzhanqi]
    python -m engine.speakeasy bot [--level easy|normal|strong]

Malformed input or an illegal move exits with status 2 and a one-line reason on stderr.
"""

from __future__ import annotations

import argparse
import sys

from engine.cliargs import Parser, UsageError
from engine.core import SPECTATOR, Viewer
from engine.errors import GameError
from engine.speakeasy.board import NAMES, SIZE
from engine.speakeasy.movegen import move_text, parse_move
from engine.speakeasy.notation import format_board, format_position, parse_position
from engine.speakeasy.pieces import SIDE_LETTERS, UNKNOWN
from engine.speakeasy.play import advance, legal
from engine.speakeasy.rules import RuleOptions, options_from
from engine.speakeasy.state import PLAY, State
from engine.speakeasy.view import visible_board


def state_from_position(text: str, options: RuleOptions) -> State:
    position = parse_position(text)
    return State(
        options=options,
        seed=0,
        rng=0,
        phase=PLAY,
        board=position.board,
        to_move=position.to_move,
        quiet=position.quiet,
        ply=position.ply,
        setups=("", ""),
    )


def _hidden_own(state: State) -> None:
    for sq in range(SIZE):
        piece = state.board[sq]
        if piece and piece >> 4 & 1 == state.to_move and piece & 15 == UNKNOWN:
            raise ValueError(f"the side to move must show its own pieces; {NAMES[sq]} is hidden")


def cmd_legal(state: State) -> list[str]:
    _hidden_own(state)
    return [move_text(m) for m in legal(state)]


def cmd_apply(state: State, move_arg: str) -> list[str]:
    _hidden_own(state)
    move = parse_move(move_arg)
    if move not in legal(state):
        raise ValueError(f"{move_arg} is not a legal move in this position")
    if state.board[move & 63] & 15 == UNKNOWN:
        raise ValueError(
            f"the combat on {NAMES[move & 63]} needs the defender's face, which this position hides"
        )
    after = advance(state, move)
    out = [format_position(format_board(after.board, [True] * SIZE), after.to_move, after.quiet, after.ply)]
    if after.result is not None:
        winner = after.result.winner
        out.append(f"result: {'draw' if winner is None else SIDE_LETTERS[winner]}")
    return out


def cmd_view(state: State, viewer_arg: str) -> list[str]:
    viewers: dict[str, Viewer] = {"s": 0, "n": 1, "spectator": SPECTATOR}
    if viewer_arg not in viewers:
        raise ValueError("the viewer is s, n or spectator")
    return [format_position(visible_board(state, viewers[viewer_arg]), state.to_move, state.quiet, state.ply)]


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="python -m engine.speakeasy", description="Speak Easy rules on the command line")
    parser.add_argument("--rules", default="speakeasy", help="rules preset: speakeasy (default) or luzhanqi")
    sub = parser.add_subparsers(dest="command", required=True)
    p_legal = sub.add_parser("legal", help="print the legal moves of the side to move")
    p_legal.add_argument("position")
    p_apply = sub.add_parser("apply", help="print the position after a move")
    p_apply.add_argument("position")
    p_apply.add_argument("move")
    p_view = sub.add_parser("view", help="print the position as a viewer sees it")
    p_view.add_argument("position")
    p_view.add_argument("viewer")
    p_bot = sub.add_parser("bot", help="play on the JSON-lines bot protocol (stdin/stdout)")
    p_bot.add_argument("--level", default="normal")
    p_bot.add_argument("--seed", type=int, default=None)
    for p in (p_legal, p_apply, p_view, p_bot):
        p.add_argument("--rules", default=argparse.SUPPRESS, help="rules preset")
    try:
        args = parser.parse_args(argv)
        options = options_from({"preset": args.rules})
        if args.command == "bot":
            from engine.speakeasy.bot.protocol import run_protocol

            return run_protocol(sys.stdin, sys.stdout, level=args.level, seed=args.seed, options=options)
        state = state_from_position(args.position, options)
        if args.command == "legal":
            lines = cmd_legal(state)
        elif args.command == "apply":
            lines = cmd_apply(state, args.move)
        else:
            lines = cmd_view(state, args.viewer)
    except (UsageError, GameError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        for line in lines:
            print(line)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away (``| head``): not an error of ours
        sys.stdout = None
    return 0
