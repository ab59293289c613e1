"""Server → client frames, built per viewer.

This is the server's side of the one redaction boundary: every byte about a game that a
viewer receives is built here from the game's ``view`` and ``project`` for that viewer —
never from ``to_dict``, the stored events or the log. A viewer entitled to nothing of an
event still gets its version (``"event": null``), so numbering has no gaps.

Frames are built once per viewer class (each seat, and spectators) and shared as text by
every connection of that class, in any process. A change's first frame carries what changed
in the viewer's view (a patch of his view before it, :mod:`app.games.patches`), the others
nothing of it; the clocks (the same for everyone) are encoded once a change.

JSON is written by :func:`app.games.json_text.dumps`.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from app.games import patches
from app.games.json_text import Encoded, dumps, encoded
from app.games.runtime import LoadedGame, RoomInfo, SentViews
from engine.catalogue import entry
from engine.core import SPECTATOR, Event, Game, Viewer
from engine.fairness import seed_commitment
from engine.rng import is_seed


def viewer_key(viewer: Viewer) -> str:
    return str(viewer)


def viewers(game: LoadedGame, spectators: bool = True) -> tuple[Viewer, ...]:
    """Every viewer class of ``game``: its seats, and spectators when the room has them."""
    seats: tuple[Viewer, ...] = tuple(range(game.players))
    return (*seats, SPECTATOR) if spectators else seats


def talk(game: LoadedGame, viewer: Viewer) -> dict[str, Any]:
    """``{"talk": [seats]}``: the seats ``viewer`` may chat with in private now, for a game
    with private channels (:meth:`engine.core.Game.private_chat`); nothing otherwise, and
    nothing for spectators."""
    if not entry(game.game).private_channels or not isinstance(viewer, int):
        return {}
    return {"talk": sorted(game.rules.private_chat(game.state, viewer))}


def _event_frame(
    game_id: str,
    version: int,
    event: dict[str, Any] | None,
    clocks: Any,
    head: int,
    extra: dict[str, Any],
    view_change: dict[str, Any],
) -> str:
    """One event; ``view_change`` is ``{"patch", "base"}`` (the viewer's view at ``base``
    patched), ``{"view"}`` (the whole view) or nothing (the same change's view, already
    sent), giving the game after the change that made it, at version ``head`` (a change may
    make several events: an action sent on this view names ``head``)."""
    return dumps(
        {
            "type": "event",
            "version": version,
            "head": head,
            "game_id": game_id,
            "event": event,
            **view_change,
            "clocks": clocks,
            **extra,
        }
    )


def _views(rules: Game[Any], state: Any, classes: Iterable[Viewer]) -> dict[str, Any]:
    with rules.sharing_views(state):
        return {viewer_key(viewer): rules.view(state, viewer, history=False) for viewer in classes}


def view_parts(view: Mapping[str, Any], written: dict[int, str] | None = None) -> dict[str, str]:
    """``view`` as the JSON text of each of its values, by key: how a room keeps its viewers'
    last views (texts are not tracked by the cycle collector, so keeping them costs its
    collections nothing). ``written``: the texts of containers already written, by their
    ``id``, for views alive together (the viewer classes' views of one state share parts: a
    game's data, its public part), so each is written and kept once."""
    parts: dict[str, str] = {}
    for key, value in view.items():
        kind = type(value)
        if kind is int:
            text = _INT_TEXTS.get(value)
        elif kind is str:
            text = short_text(value)
        else:
            text = _CONSTANTS.get(kind)
        if text is None:
            if written is not None and isinstance(value, dict | list):
                text = written.get(id(value))
                if text is None:
                    text = written[id(value)] = dumps(value)
            else:
                text = dumps(value)
        parts[str(key)] = text
    return parts


def short_text(value: str) -> str | None:
    """The JSON text of a short string (a view's keys, and the names, phases and hashes its
    values are), written once and then looked up: a change writes several views of dozens
    of keys. ``None`` for a long one (to be written where it is)."""
    text = _STR_TEXTS.get(value)
    if text is None and len(value) <= SHORT_TEXT:
        text = dumps(value)
        if len(_STR_TEXTS) >= SHORT_TEXTS_KEPT:
            _STR_TEXTS.clear()
        _STR_TEXTS[value] = text
    return text


_STR_TEXTS: dict[str, str] = {}
SHORT_TEXT: Final = 80
"""The longest string (characters) whose text :func:`short_text` keeps."""
SHORT_TEXTS_KEPT: Final = 4096
"""How many string texts are kept before they are all forgotten (a phase or a name comes back
at once; a text that came once seldom does)."""
_INT_TEXTS: Final[dict[int, str]] = {number: str(number) for number in range(-1, 1024)}
_CONSTANTS: Final[dict[type, str]] = {type(None): "null"}
"""The texts of the small values most of a view's keys hold, as :func:`dumps` writes them,
looked up instead of written (a view has dozens of keys, a change several views). Integers
are looked up only when of type ``int``: ``True == 1`` and ``1.0 == 1`` as keys."""


def _whole(parts: Mapping[str, str]) -> Encoded:
    """The view's JSON text, made of its values' texts (as :func:`dumps` writes it)."""
    items = (f"{short_text(key) or dumps(key)}:{text}" for key, text in parts.items())
    return Encoded("{" + ",".join(items) + "}")


def view_change(
    old: Mapping[str, str] | None,
    new: Mapping[str, Any],
    parts: Mapping[str, str],
    base: int,
    done: dict[tuple[str, int, int], list[patches.Op]] | None = None,
) -> dict[str, Any]:
    """What an event frame carries of the view ``new`` (its :func:`view_parts`: ``parts``):
    a patch of ``old`` (the parts of the view at ``base``), or the whole view where that is
    no longer, or where there is no ``old``. ``done``: :func:`patches.diff_texts`'s, for the
    views of one change."""
    ops = None if old is None else patches.diff_texts(old, new, parts, done)
    if ops is None:
        return {"view": _whole(parts)}
    patch = encoded(ops)
    if len(patch.text) > PATCH_CHECKED:
        whole = _whole(parts)
        if len(whole.text) <= len(patch.text):
            return {"view": whole}
    return {"patch": patch, "base": base}


def kept_texts(old: Mapping[str, str] | None, new: dict[str, str]) -> dict[str, str]:
    """``new`` (a view's parts) with each text equal to ``old``'s (the same viewer's view
    before the change) replaced by ``old``'s, so that what a change leaves as it was is kept
    once, not made and kept again (and compared by identity next time); the long ones are
    kept once for every room (:func:`lasting`). The same bytes: a viewer gets his own."""
    if old is None:
        return new
    out: dict[str, str] = {}
    for key, text in new.items():
        before = old.get(key)
        if before is not None and before == text:
            text = lasting(before) if len(before) >= LASTING_FROM else before
        out[key] = text
    return out


def lasting(text: str) -> str:
    """The one copy of ``text`` kept for every room (a game's rules or manifest: kilobytes,
    the same in every room and every change), the latest :data:`LASTING_KEPT` of them."""
    found = _LASTING.pop(text, None)
    _LASTING[text] = found = text if found is None else found
    while len(_LASTING) > LASTING_KEPT:
        del _LASTING[next(iter(_LASTING))]
    return found


_LASTING: dict[str, str] = {}
LASTING_FROM: Final = 8192
"""The length (characters) from which a part unchanged by a change is kept once for all rooms:
a game's data is that long, a viewer's own parts seldom (a room's parts that have changed
since stay kept here, until :data:`LASTING_KEPT` newer ones push them out)."""
LASTING_KEPT: Final = 32


PATCH_CHECKED: Final = 512
"""A patch longer than this (bytes) is sent only when the whole view is longer still."""


def event_frames(
    game: LoadedGame,
    before: LoadedGame,
    events: Sequence[Event],
    now: int,
    classes: Iterable[Viewer],
    sent: SentViews | None = None,
) -> tuple[dict[str, list[str]], SentViews]:
    """One ``event`` frame per event of the change from ``before`` to ``game``, for each
    viewer class; the first carries the change of the viewer's view (:func:`view_change`
    from his view of ``before``: ``sent``'s when it is of that version, else made again),
    the others nothing of it. Returns the frames and the views now sent. The classes'
    views are made together (:meth:`engine.core.Game.sharing_views`)."""
    rules = game.rules
    classes = tuple(classes)
    clocks = encoded(game.clocks.to_wire(now))
    views = _views(rules, game.state, classes)
    written: dict[int, str] = {}
    parts = {key: view_parts(view, written) for key, view in views.items()}
    if sent is not None and sent.game_id == before.id and sent.version == before.version:
        olds = sent.views
    else:
        written = {}
        olds = {key: view_parts(view, written) for key, view in _views(rules, before.state, classes).items()}
    parts = {key: kept_texts(olds.get(key), texts) for key, texts in parts.items()}
    first_version, base = before.version + 1, before.version
    frames: dict[str, list[str]] = {}
    done: dict[tuple[str, int, int], list[patches.Op]] = {}
    for viewer in classes:
        key = viewer_key(viewer)
        extra = talk(game, viewer)
        change = view_change(olds.get(key), views[key], parts[key], base, done)
        frames[key] = [
            _event_frame(
                game.id,
                first_version + index,
                rules.project(event, viewer),
                clocks,
                game.version,
                extra,
                change if index == 0 else {},
            )
            for index, event in enumerate(events)
        ]
    return frames, SentViews(game.id, game.version, parts)


def room_summary(
    room: RoomInfo, your_slot: int | None, game: LoadedGame, grace_seconds: int | None = None
) -> dict[str, Any]:
    """``GET /api/rooms/{id}`` and the ``room`` of ``welcome``: nothing secret in it.
    ``grace_seconds`` is the server's: how long a player must be gone before the others may
    claim (the browser counts it down)."""
    seats = range(game.players)
    return {
        "room_id": room.id,
        "game": room.game,
        "title": room.entry.title,
        "players": room.players,
        "preset": room.preset,
        "options": dict(room.options),
        "time_control": room.time_control(),
        "setup_seconds": room.setup_seconds,
        "spectators": room.spectators,
        "seats_taken": [room.slots[game.slot_of_seat(seat)].taken for seat in seats],
        "bots": [room.slots[game.slot_of_seat(seat)].bot_level for seat in seats],
        "your_seat": None if your_slot is None else game.seat_of_slot(your_slot),
        "game_id": game.id,
        "game_number": game.number,
        "grace_seconds": None if room.turn_based else grace_seconds,
        "tutorial": room.tutorial,
        "turn_based": room.turn_based,
    }


def offers_payload(game: LoadedGame) -> dict[str, Any]:
    return game.offers.to_json()


def offers_frame(game: LoadedGame) -> str:
    return dumps({"type": "offers", **offers_payload(game)})


def presence_frame(presence: dict[str, Any]) -> str:
    return dumps({"type": "presence", **presence})


_STATE_COMMITMENTS: OrderedDict[str, str | None] = OrderedDict()
_KEPT_COMMITMENTS: Final = 4096


def fairness_payload(game: LoadedGame) -> dict[str, Any]:
    """What every viewer may know to check the game's chance afterwards: ``SHA-256(seed)``
    from the start; once play proper has begun, the commitment to the initial state (salted
    by the seed, so it reveals nothing); the seed itself once the game is over. Games from
    before the platform generator (an integer seed) have none of these."""
    if not is_seed(game.seed):
        return {"seed_commitment": None, "state_commitment": None, "seed": None}
    state_commitment = None
    if game.rules.is_started(game.state):
        if game.id not in _STATE_COMMITMENTS:
            record = entry(game.game).record(game.state)  # replays from the seed: once per game
            _STATE_COMMITMENTS[game.id] = record.get("state_commitment")
            while len(_STATE_COMMITMENTS) > _KEPT_COMMITMENTS:
                _STATE_COMMITMENTS.popitem(last=False)
        state_commitment = _STATE_COMMITMENTS[game.id]
    return {
        "seed_commitment": seed_commitment(game.seed),
        "state_commitment": state_commitment,
        "seed": game.seed if game.result is not None else None,
    }


def fairness_frame(game: LoadedGame) -> str:
    return dumps({"type": "fairness", "game_id": game.id, **fairness_payload(game)})


def seat_view(game: LoadedGame, viewer: Viewer) -> dict[str, Any]:
    """``viewer``'s whole view of ``game``, its history included: what his ``welcome``
    carries (the events' views are it without the history), and all a hint reads."""
    return game.rules.view(game.state, viewer, history=True)


def hint_frame(action_id: str, game: LoadedGame, hint: Mapping[str, Any]) -> str:
    """The answer to one seat's ``hint`` (to its own connection only): the action the
    computer would play on this version, not played, and why, as the game's message key."""
    return dumps(
        {
            "type": "hint",
            "id": action_id,
            "game_id": game.id,
            "version": game.version,
            "action": hint["action"],
            "reason": hint["reason"],
            "level": hint["level"],
        }
    )


def you(seat: int | None) -> dict[str, Any]:
    return {"seat": seat, "role": "spectator" if seat is None else "player"}


def game_payload(room: RoomInfo) -> dict[str, Any]:
    """What the shell needs to load the game's own module."""
    entry = room.entry
    return {
        "name": entry.name,
        "title": entry.title,
        "client_module": entry.client_module,
        "players": room.players,
        "agreed_draws": entry.agreed_draws,
        "private_channels": entry.private_channels,
    }


def welcome_frame(
    room: RoomInfo,
    game: LoadedGame,
    your_slot: int | None,
    presence: dict[str, Any],
    now: int,
    chat: list[dict[str, Any]] | None = None,
    grace_seconds: int | None = None,
) -> str:
    seat = None if your_slot is None else game.seat_of_slot(your_slot)
    viewer: Viewer = SPECTATOR if seat is None else seat
    return dumps(
        {
            "type": "welcome",
            "you": you(seat),
            "game": game_payload(room),
            "room": room_summary(room, your_slot, game, grace_seconds),
            "game_id": game.id,
            "version": game.version,
            "view": seat_view(game, viewer),
            "clocks": game.clocks.to_wire(now),
            "presence": presence,
            "offers": offers_payload(game),
            "fairness": fairness_payload(game),
            "chat": chat or [],
            "spectators": presence["spectators"],
            **talk(game, viewer),
        }
    )


def error_frame(code: str, message: str, action_id: str | None = None) -> str:
    return dumps({"type": "error", "id": action_id, "code": code, "message": message})


def ack_frame(action_id: str, version: int) -> str:
    return dumps({"type": "ack", "id": action_id, "version": version})


PONG: Final = dumps({"type": "pong"})


def replay_frames(
    game: LoadedGame, numbered: Sequence[tuple[int, Event]], viewer: Viewer, now: int
) -> list[str]:
    """``event`` frames for events missed by a reconnecting viewer: the first carries the
    viewer's whole view of the game as it is now, so the client ends where the game is."""
    rules = game.rules
    view = {"view": encoded(rules.view(game.state, viewer, history=False))}
    clocks = encoded(game.clocks.to_wire(now))
    extra = talk(game, viewer)
    return [
        _event_frame(
            game.id, version, rules.project(event, viewer), clocks, game.version, extra, {} if index else view
        )
        for index, (version, event) in enumerate(numbered)
    ]
