"""What the bot may know of the opposing army, from its view and the public history only.

Every opposing piece gets an identity: the location it started on (at setup every
non-building location of a half is filled, so the starting occupancy is public). Replaying
the public history moves identities around the board and narrows, for each identity, the set
of kinds it can still be:

* setup rules: only a piece that started on a home bar can be the Speakeasy, only one that
  started on the two back ranks a Babe, and (Lu Zhan Qi) no FBI agent starts on the front;
* a piece that moved is neither a Babe nor the Speakeasy;
* a move that no straight line or slide explains (a turn along the streets) proves a Kid;
* a combat shows both faces (default rules), or, in referee mode, only who survived: then
  the combat table keeps the kinds that give that outcome against the bot's own piece;
* a face shown on the board (a revealed survivor, the Speakeasy shown when the Boss falls).

Removed pieces keep their identity, so the army's counts bind the living and the dead
together: sampling (``sampling.py``) assigns a kind to all 25 identities at once.

Nothing here reads anything but the view: this module is the bot's fairness boundary.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.speakeasy.board import BACK_RANKS, FRONT_RANK, HOME_BARS, SIZE
from engine.speakeasy.combat import TABLES
from engine.speakeasy.movegen import generate, parse_move
from engine.speakeasy.notation import parse_board, parse_position
from engine.speakeasy.pieces import (
    ARMY,
    BABE,
    FBI,
    KID,
    KIND_OF_CODE,
    REVEALED,
    SIDE_LETTERS,
    SPEAKEASY,
    THUG,
    UNKNOWN,
)
from engine.speakeasy.rules import RuleOptions, options_from
from engine.speakeasy.setup import setup_squares
from engine.speakeasy.state import ATTACKER, DEFENDER, NEITHER

ALL_KINDS = sum(1 << kind for kind in ARMY)
IMMOBILE_KINDS = 1 << BABE | 1 << SPEAKEASY
MOVERS = ALL_KINDS & ~IMMOBILE_KINDS


def kinds_of(mask: int) -> list[int]:
    return [kind for kind in ARMY if mask >> kind & 1]


@dataclass(slots=True)
class Combat:
    ply: int
    own_id: int
    opp_id: int
    own_attacks: bool
    survivor: str
    own_kind: int = 0  # 0: not known to the bot (referee mode without its own record)
    opp_kind: int = 0  # 0: not shown


@dataclass(slots=True)
class Beliefs:
    """The bot's knowledge. ``board`` holds its own pieces in full and each opposing piece
    as ``UNKNOWN`` unless its face is public. ``ids[sq]`` is the identity of the opposing
    piece on ``sq`` (-1 when none); ``allowed[i]`` the kinds identity ``i`` may be."""

    me: int
    options: RuleOptions
    board: list[int]
    to_move: int
    quiet: int
    ply: int
    ids: list[int]
    allowed: list[int]
    alive: list[bool]
    moved: list[bool]
    counts: dict[int, int]
    exact: bool
    """True when the identities cover the whole army (the history replayed); else only the
    living pieces are known and ``counts`` are upper bounds."""
    last_moved: list[int] = field(default_factory=list)
    combats: list[Combat] = field(default_factory=list)

    @property
    def foe(self) -> int:
        return self.me ^ 1

    def possible(self, sq: int) -> list[int]:
        """Kinds the opposing piece on ``sq`` may be."""
        return kinds_of(self.allowed[self.ids[sq]])


def _start_mask(sq: int, side: int, options: RuleOptions) -> int:
    mask = ALL_KINDS
    if not HOME_BARS[side] >> sq & 1:
        mask &= ~(1 << SPEAKEASY)
    if not BACK_RANKS[side] >> sq & 1:
        mask &= ~(1 << BABE)
    if not options.fbi_front_row and FRONT_RANK[side] >> sq & 1:
        mask &= ~(1 << FBI)
    return mask


def _straight_reach(frm: int, own: int, enemy: int) -> list[int]:
    """Where a non-Kid piece on ``frm`` could go (steps and straight slides)."""
    probe = [0] * SIZE
    probe[frm] = THUG
    return [m & 63 for m in generate(probe, own, enemy, True, 1 << frm)]


def options_of(view: Mapping[str, Any]) -> RuleOptions:
    raw = view.get("options")
    if isinstance(raw, RuleOptions):
        return raw
    if isinstance(raw, Mapping):
        return options_from(dict(raw))
    return RuleOptions()


def from_view(view: Mapping[str, Any]) -> Beliefs:
    """Beliefs from a view (``SPEAKEASY.view(state, seat, history=True)`` or the protocol's
    view-like dict). Raises ``ValueError`` when the position cannot be read."""
    me = view["viewer"]
    if me not in (0, 1) or isinstance(me, bool):
        raise ValueError("the bot plays a seat: viewer must be 0 or 1")
    options = options_of(view)
    position = parse_position(view["position"])
    board = position.board
    for piece in board:
        if piece and piece >> 4 & 1 == me and piece & 15 == UNKNOWN:
            raise ValueError("the bot's own pieces must be shown in its view")
    history = view.get("history") or []
    removed = view.get("removed") or {}
    own_removed = removed.get(SIDE_LETTERS[me]) if isinstance(removed, Mapping) else None
    own_start = _own_setup(view.get("own_setup"), me)
    beliefs = _replayed(me, options, board, position, history, own_removed, own_start)
    if beliefs is None:
        beliefs = _from_board_only(me, options, board, position)
    return beliefs


def _own_setup(text: object, me: int) -> list[int] | None:
    """The kinds of the bot's own setup, in the order of ``setup_squares`` (the protocol
    remembers the setup it answered, which referee mode needs to name its fallen pieces)."""
    if not isinstance(text, str):
        return None
    try:
        board = parse_board(text.split()[0])
    except (ValueError, IndexError):
        return None
    kinds = [board[sq] & 15 if board[sq] and board[sq] >> 4 & 1 == me else 0 for sq in setup_squares(me)]
    return kinds if all(kinds) else None


def _counts() -> dict[int, int]:
    return dict(ARMY)


def _from_board_only(me: int, options: RuleOptions, board: list[int], position: Any) -> Beliefs:
    """No usable history: each living opposing piece is its own identity; counts are upper
    bounds. A piece off its starting half has moved."""
    foe = me ^ 1
    ids = [-1] * SIZE
    allowed: list[int] = []
    for sq, piece in enumerate(board):
        if piece and piece >> 4 & 1 == foe:
            ids[sq] = len(allowed)
            kind = piece & 15
            if kind != UNKNOWN:
                allowed.append(1 << kind)
            else:
                allowed.append(_start_mask(sq, foe, options))
    n = len(allowed)
    return Beliefs(
        me=me,
        options=options,
        board=board,
        to_move=position.to_move,
        quiet=position.quiet,
        ply=position.ply,
        ids=ids,
        allowed=allowed,
        alive=[True] * n,
        moved=[False] * n,
        counts=_counts(),
        exact=False,
        last_moved=[-1] * n,
    )


def _replayed(
    me: int,
    options: RuleOptions,
    board: list[int],
    position: Any,
    history: Sequence[Mapping[str, Any]],
    own_removed: Sequence[str] | None,
    own_start: list[int] | None = None,
) -> Beliefs | None:
    """Replay the public history from the (public) starting occupancy; ``None`` when the
    history does not lead to the position's occupancy."""
    foe = me ^ 1
    # who[sq] = (side, identity) of the piece there
    who: list[tuple[int, int] | None] = [None] * SIZE
    occ = [0, 0]
    starts: list[list[int]] = [[], []]
    for side in (0, 1):
        for sq in setup_squares(side):
            who[sq] = (side, len(starts[side]))
            starts[side].append(sq)
            occ[side] |= 1 << sq
    allowed = [_start_mask(sq, foe, options) for sq in starts[foe]]
    n = len(allowed)
    alive = [True] * n
    moved = [False] * n
    last_moved = [-1] * n
    combats: list[Combat] = []
    own_fallen: list[Combat] = []
    try:
        for index, entry in enumerate(history):
            move = parse_move(entry["move"])
            side = SIDE_LETTERS.index(entry["side"])
            frm, to = move >> 6, move & 63
            mover = who[frm]
            if mover is None or mover[0] != side:
                return None
            target = who[to]
            if side == foe:
                ident = mover[1]
                moved[ident] = True
                last_moved[ident] = index
                allowed[ident] &= MOVERS
                if target is None and to not in _straight_reach(frm, occ[side], occ[side ^ 1]):
                    allowed[ident] &= 1 << KID
            who[frm] = None
            occ[side] ^= 1 << frm
            if target is None:
                who[to] = mover
                occ[side] |= 1 << to
                continue
            if target[0] == side:
                return None
            survivor = entry.get("survivor")
            if survivor not in (ATTACKER, DEFENDER, NEITHER):
                return None
            own_attacks = side == me
            own_id = mover[1] if own_attacks else target[1]
            opp_id = target[1] if own_attacks else mover[1]
            combat = Combat(index, own_id, opp_id, own_attacks, survivor)
            att, dfn = entry.get("attacker"), entry.get("defender")
            if isinstance(att, str) and isinstance(dfn, str) and att in KIND_OF_CODE and dfn in KIND_OF_CODE:
                combat.own_kind = KIND_OF_CODE[att if own_attacks else dfn]
                combat.opp_kind = KIND_OF_CODE[dfn if own_attacks else att]
            combats.append(combat)
            own_survives = survivor == (ATTACKER if own_attacks else DEFENDER)
            opp_survives = survivor == (DEFENDER if own_attacks else ATTACKER)
            if not own_survives:
                own_fallen.append(combat)
            if not opp_survives:
                alive[opp_id] = False
            if survivor == ATTACKER:
                who[to] = mover
                occ[side] |= 1 << to
                occ[side ^ 1] ^= 1 << to
            elif survivor == NEITHER:
                who[to] = None
                occ[side ^ 1] ^= 1 << to
    except (KeyError, ValueError, TypeError, AttributeError):
        return None
    for sq in range(SIZE):
        piece = board[sq]
        here = who[sq]
        if bool(piece) != (here is not None) or (here is not None and piece >> 4 & 1 != here[0]):
            return None
    # The bot's own kinds in each combat: known faces, else its removed list, else its
    # surviving pieces on the board.
    if own_removed is not None and len(own_removed) == len(own_fallen):
        for combat, code in zip(own_fallen, own_removed, strict=True):
            if not combat.own_kind and code in KIND_OF_CODE and code != "?":
                combat.own_kind = KIND_OF_CODE[code]
    own_kind_now = {ident: board[sq] & 15 for sq, ident in _living(who, me)}
    if own_start is not None and all(own_start[i] == kind for i, kind in own_kind_now.items()):
        for combat in combats:
            if not combat.own_kind:
                combat.own_kind = own_start[combat.own_id]
    for combat in combats:
        if not combat.own_kind and combat.own_id in own_kind_now:
            combat.own_kind = own_kind_now[combat.own_id]
    table = TABLES[options.babe_survives]
    for combat in combats:
        if combat.opp_kind:
            allowed[combat.opp_id] &= 1 << combat.opp_kind
        elif combat.own_kind:
            fits = 0
            for kind in kinds_of(allowed[combat.opp_id]):
                pair = (combat.own_kind, kind) if combat.own_attacks else (kind, combat.own_kind)
                if table.get(pair) == combat.survivor:
                    fits |= 1 << kind
            allowed[combat.opp_id] &= fits
    ids = [-1] * SIZE
    for sq, ident in _living(who, foe):
        ids[sq] = ident
        kind = board[sq] & 15
        if kind != UNKNOWN:
            allowed[ident] &= 1 << kind
    for i in range(n):
        if not allowed[i]:  # contradictory record: forget what cannot be reconciled
            allowed[i] = MOVERS if moved[i] else ALL_KINDS
    return Beliefs(
        me=me,
        options=options,
        board=board,
        to_move=position.to_move,
        quiet=position.quiet,
        ply=position.ply,
        ids=ids,
        allowed=allowed,
        alive=alive,
        moved=moved,
        counts=_counts(),
        exact=True,
        last_moved=last_moved,
        combats=combats,
    )


def _living(who: list[tuple[int, int] | None], side: int) -> list[tuple[int, int]]:
    return [(sq, here[1]) for sq, here in enumerate(who) if here is not None and here[0] == side]


def is_revealed(piece: int) -> bool:
    return bool(piece & REVEALED)
