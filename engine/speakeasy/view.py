"""What each viewer may know (spec section 7). The one redaction boundary of Speak Easy.

Everything a viewer is sent about a game is built here, from the state or from an event:
a player sees his own pieces, and of the opponent only locations and what was revealed to
all; a spectator only public facts; once the game is over, everyone sees everything.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Final

from engine.core import EVERYONE, SPECTATOR, Event, Viewer
from engine.errors import InvalidAction
from engine.speakeasy.board import NAMES
from engine.speakeasy.movegen import MOVE_TEXTS
from engine.speakeasy.notation import cell_text, format_position, join_ranks
from engine.speakeasy.pieces import CODE, REVEALED, SIDE_LETTERS, make
from engine.speakeasy.play import legal
from engine.speakeasy.state import ATTACKER, DEFENDER, OVER, PLAY, SETUP, Log, LogEntry, State

# Keys of an event's data that are for projection only, never sent.
_PUBLIC_FACES = "_faces_public"


def check_viewer(viewer: Viewer) -> None:
    if viewer not in (0, 1, SPECTATOR, EVERYONE) or isinstance(viewer, bool):
        raise InvalidAction(f"unknown viewer {viewer!r}")


def sees_all(state: State, viewer: Viewer) -> bool:
    return viewer == EVERYONE or state.phase == OVER


_ALL: Final = 2  # a reader who sees every face
_NEITHER: Final = 3  # a reader of neither side (a spectator)
_PIECES: Final = (0, *(make(kind, side, face) for kind in CODE for side in (0, 1) for face in (False, True)))
_SEEN: dict[int, dict[int, str]] = {}
"""Cell text by piece, one table by ``setup << 2 | reader``, made when first met: a view's
board is one lookup a square, in C (three views are sent a move)."""


def _seen_cell(piece: int, reader: int, setup: bool) -> str:
    """What ``reader`` (a side, :data:`_ALL` or :data:`_NEITHER`) sees of ``piece``: during
    the secret setup a player sees only his own placement; otherwise every piece's place,
    and the face of his own pieces and of those revealed to all."""
    if reader == _ALL:
        return cell_text(piece, True)
    own = bool(piece) and piece >> 4 & 1 == reader
    if setup and not own:
        return cell_text(0, False)
    return cell_text(piece, bool(piece) and (bool(piece & REVEALED) or own))


def _seen_cells(reader: int, setup: bool) -> dict[int, str]:
    table = _SEEN.get(setup << 2 | reader)
    if table is None:
        table = _SEEN[setup << 2 | reader] = {piece: _seen_cell(piece, reader, setup) for piece in _PIECES}
    return table


def visible_board(state: State, viewer: Viewer) -> str:
    """The board part of the position as ``viewer`` sees it."""
    if sees_all(state, viewer):
        cells = _seen_cells(_ALL, False)
    else:
        cells = _seen_cells(viewer if viewer in (0, 1) else _NEITHER, state.phase == SETUP)
    return join_ranks("".join(map(cells.__getitem__, state.board)))


def position_for(state: State, viewer: Viewer) -> str:
    return format_position(visible_board(state, viewer), state.to_move, state.quiet, state.ply)


def _faces_public(state: State, viewer: Viewer) -> bool:
    return state.options.reveal_on_combat or sees_all(state, viewer)


def history_entry(entry: LogEntry, faces: bool) -> dict[str, Any]:
    """A ply in the bot protocol's form (spec section 10)."""
    out: dict[str, Any] = {
        "ply": entry.ply,
        "side": SIDE_LETTERS[entry.side],
        "move": f"{NAMES[entry.frm]}-{NAMES[entry.to]}",
    }
    if entry.survivor is not None:
        out["survivor"] = entry.survivor
        if faces:
            out["attacker"] = CODE[entry.attacker]
            out["defender"] = CODE[entry.defender]
    return out


_FALLEN_KEPT: Final = 4096
_fallen_memo: OrderedDict[int, tuple[Log, tuple[tuple[int, int], ...]]] = OrderedDict()
"""The pieces removed up to a log node, by the node's id (the entry holds the node, so its id
is not reused while the entry lives): the log is persistent, so a move's views extend the
previous move's answer by one entry instead of walking the whole game."""


def fallen(log: Log) -> tuple[tuple[int, int], ...]:
    """``(side, kind)`` of every piece removed in the plies of ``log``, in order of removal."""
    memo = _fallen_memo
    pending = []
    node: Log = log
    earlier: tuple[tuple[int, int], ...] = ()
    while node is not None:
        hit = memo.get(id(node))
        if hit is not None:
            earlier = hit[1]
            break
        pending.append(node)
        node = node[1]
    for item in reversed(pending):
        entry = item[0]
        if entry.survivor is not None:
            out = list(earlier)
            if entry.survivor != ATTACKER:
                out.append((entry.side, entry.attacker))
            if entry.survivor != DEFENDER:
                out.append((entry.side ^ 1, entry.defender))
            earlier = tuple(out)
        memo[id(item)] = (item, earlier)
    while len(memo) > _FALLEN_KEPT:  # the newest answers are kept
        memo.popitem(last=False)
    return earlier


def removed_pieces(state: State, viewer: Viewer) -> dict[str, list[str]]:
    """Each side's removed pieces in order of removal: a face where the viewer may know it
    (his own, or shown to all), else ``"?"``."""
    public = _faces_public(state, viewer)
    out: dict[str, list[str]] = {"s": [], "n": []}
    for side, kind in fallen(state.log):
        out[SIDE_LETTERS[side]].append(CODE[kind] if public or side == viewer else "?")
    return out


def view(state: State, viewer: Viewer, history: bool = True) -> dict[str, Any]:
    check_viewer(viewer)
    last = state.last_entry()
    faces = _faces_public(state, viewer)
    out: dict[str, Any] = {
        "game": "speakeasy",
        "viewer": viewer,
        "options": state.options.to_dict(),
        "phase": state.phase,
        "position": position_for(state, viewer),
        "to_move": SIDE_LETTERS[state.to_move] if state.phase == PLAY else None,
        "ply": state.ply,
        "quiet": state.quiet,
        "setup_done": {"s": state.setups[0] is not None, "n": state.setups[1] is not None},
        "last_move": None
        if last is None
        else {"side": SIDE_LETTERS[last.side], "from": NAMES[last.frm], "to": NAMES[last.to]},
        "removed": removed_pieces(state, viewer),
        "legal": list(map(MOVE_TEXTS.__getitem__, legal(state)))
        if state.phase == PLAY and viewer == state.to_move
        else [],
        "result": None if state.result is None else state.result.to_dict(),
    }
    if history:
        out["history"] = [history_entry(entry, faces) for entry in state.entries()]
    return out


def project(event: Event, viewer: Viewer) -> dict[str, Any] | None:
    """What ``viewer`` may know of ``event`` (``None``: nothing)."""
    check_viewer(viewer)
    data = dict(event.data)
    faces_public = data.pop(_PUBLIC_FACES, False)
    if event.kind == "setup_submitted" and viewer not in (data["side_index"], EVERYONE):
        data.pop("position")
    data.pop("side_index", None)
    if event.kind == "move" and data["combat"] is not None and not (faces_public or viewer == EVERYONE):
        data["combat"] = {"survivor": data["combat"]["survivor"]}
    return {"type": event.kind, **data}


def setup_event(state: State, side: int) -> Event:
    return Event(
        "setup_submitted",
        {"side": SIDE_LETTERS[side], "side_index": side, "position": state.setups[side]},
    )


def move_events(before: State, after: State) -> list[Event]:
    entry = after.last_entry()
    assert entry is not None
    combat = None
    if entry.survivor is not None:
        combat = {
            "survivor": entry.survivor,
            "attacker": CODE[entry.attacker],
            "defender": CODE[entry.defender],
        }
    events = [
        Event(
            "move",
            {
                "ply": entry.ply,
                "side": SIDE_LETTERS[entry.side],
                "from": NAMES[entry.frm],
                "to": NAMES[entry.to],
                "combat": combat,
                _PUBLIC_FACES: before.options.reveal_on_combat,
            },
        )
    ]
    # A piece that became revealed without moving: the Speakeasy shown when the Boss falls.
    # Only a combat shows a piece, so a quiet move's board is not read.
    shown = (
        []
        if combat is None
        else [
            sq
            for sq, (piece, was) in enumerate(zip(after.board, before.board, strict=True))
            if piece & ~was & REVEALED and sq != entry.to
        ]
    )
    for sq in shown:
        piece = after.board[sq]
        events.append(
            Event(
                "reveal",
                {"side": SIDE_LETTERS[piece >> 4 & 1], "square": NAMES[sq], "piece": CODE[piece & 15]},
            )
        )
    if after.result is not None:
        events.append(end_event(after))
    return events


def end_event(state: State) -> Event:
    assert state.result is not None
    return Event("end", {"result": state.result.to_dict(), "position": position_for(state, EVERYONE)})
