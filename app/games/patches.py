"""View patches: what changed in one viewer's view, as a JSON Patch (RFC 6902).

After a welcome, an ``event`` frame carries the change from the viewer's previous view to
its new one (:func:`diff`), never the whole view unless the patch would be longer. Both
views are that viewer's own (``Game.view`` with ``history=False``), so a patch tells a
viewer nothing his two views do not: secrecy is the views' (docs/protocol.md, "Event
frames").

The patch uses three operations, ``add``, ``remove`` and ``replace``, with JSON Pointer
paths (RFC 6901). Where the operations for a list or an object would be longer than the
thing itself, it is replaced whole, so a patch is never much longer than what changed.

Clients keep their copy of the view as :class:`ViewFollower` does (the browser's is
``static/js/view-patch.js``): the welcome's view without its ``history`` is the base, each
patch names the version of the view it applies to, and a client whose view is at another
version asks for the events again (a ``hello`` with its last version).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Final

import orjson

from app.games.json_text import dumps

Op = dict[str, Any]

_OP_OVERHEAD: Final = len('{"op":"replace","path":"","value":},')
"""The bytes an operation adds around its path and value."""


def diff(old: Any, new: Any, path: str = "") -> list[Op]:
    """The operations that turn ``old`` into ``new`` (both JSON values as Python objects;
    neither is changed, and the operations' values are parts of ``new``). Applied, they give
    ``new`` with its keys in its own order, to the byte. ``path`` is where the two values sit
    in a larger document."""
    return _checked(old, new, dumps(new), path)


def _checked(old: Any, new: Any, text: str, path: str) -> list[Op]:
    """The operations from ``old`` to ``new`` (whose text is ``text``), checked: equal parts
    are found by identity, then by ``==``, which takes ``true`` for ``1`` and ``1.0`` for
    ``1``; where the operations do not give ``text`` exactly, ``new`` replaces ``old`` whole."""
    ops: list[Op] = []
    _diff(old, new, path, ops)
    if len(ops) == 1 and ops[0]["path"] == path and ops[0]["op"] == "replace":
        return ops  # the whole value replaced: nothing to check
    if dumps(apply({"": old}, _under("", path, ops))[""]) != text:
        return [{"op": "replace", "path": path, "value": new}]
    return ops


def _under(key: str, path: str, ops: list[Op]) -> list[Op]:
    """``ops`` (paths under ``path``) as operations on ``{key: value}``."""
    cut = len(path)
    return [{**op, "path": f"/{_pointer(key)}{op['path'][cut:]}"} for op in ops]


def diff_texts(
    old: Mapping[str, str],
    new: Mapping[str, Any],
    texts: Mapping[str, str],
    done: dict[tuple[str, int, int], list[Op]] | None = None,
) -> list[Op] | None:
    """:func:`diff` of two JSON objects kept as the JSON text of each value, by key
    (``old``; ``new`` with its values' texts ``texts``): a value whose text is unchanged is
    not looked into, a changed one is read back and compared. ``None`` when operations
    cannot keep ``new``'s order of keys. ``done``: the operations already found for a key
    between the same two text objects (views of one state that share a part share its
    text: their patches of it are found once)."""
    keys = list(texts)
    if list(old) == keys:  # the usual case: the same keys
        kept, added, removed = keys, [], []
    else:
        kept = [key for key in old if key in texts]
        added = keys[len(kept) :]
        if keys[: len(kept)] != kept or any(key in old for key in added):
            return None
        removed = [key for key in old if key not in texts]
    ops: list[Op] = [{"op": "remove", "path": f"/{_pointer(key)}"} for key in removed]
    for key in kept:
        text = texts[key]
        if old[key] == text:
            continue
        value = new[key]
        if len(text) <= WHOLE_UNDER or type(value) not in (dict, list):
            # a short value or one that is not a container (a text, a number): written
            # whole, no need to read the old one
            ops.append({"op": "replace", "path": f"/{_pointer(key)}", "value": value})
            continue
        pair = (key, id(old[key]), id(text))
        found = None if done is None else done.get(pair)
        if found is None:
            found = _checked(loads(old[key]), value, text, f"/{_pointer(key)}")
            if done is not None:
                done[pair] = found
        ops += found
    ops += [{"op": "add", "path": f"/{_pointer(key)}", "value": new[key]} for key in added]
    return ops


WHOLE_UNDER: Final = 96
"""A changed value whose text is at most this long (bytes) is replaced whole: looking into it
would save little and cost more than writing it."""


def loads(text: str) -> Any:
    """JSON text as Python values: orjson's, or ``json``'s for an integer past 64 bits."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:  # an integer past 64 bits
        return json.loads(text)


def _pointer(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1") if "~" in key or "/" in key else key


def _diff(old: Any, new: Any, path: str, ops: list[Op]) -> None:
    kind = type(old)
    if kind is not type(new) or kind not in (dict, list):
        ops.append({"op": "replace", "path": path, "value": new})
        return
    inner: list[Op] = []
    fits = _diff_object(old, new, path, inner) if kind is dict else _diff_list(old, new, path, inner)
    if not fits:
        ops.append({"op": "replace", "path": path, "value": new})
        return
    if len(inner) > 1 and _size(inner) > _size(new) + len(path) + _OP_OVERHEAD:
        ops.append({"op": "replace", "path": path, "value": new})
    else:
        ops.extend(inner)


def _diff_object(old: dict[str, Any], new: dict[str, Any], path: str, ops: list[Op]) -> bool:
    """False when operations cannot keep ``new``'s order of keys (a patched object keeps its
    keys where they were and adds new ones last; a reader may go through them in order)."""
    keys = list(new)
    added: list[str] = []
    if list(old) != keys:
        kept = [key for key in old if key in new]
        added = keys[len(kept) :]
        if keys[: len(kept)] != kept or any(key in old for key in added):
            return False
    for key, before in old.items():
        after = new.get(key, _MISSING)
        if after is _MISSING:
            ops.append({"op": "remove", "path": f"{path}/{_pointer(key)}"})
        elif before is not after and (before != after or type(before) is not type(after)):
            _diff(before, after, f"{path}/{_pointer(key)}", ops)
    for key in added:
        ops.append({"op": "add", "path": f"{path}/{_pointer(key)}", "value": new[key]})
    return True


_MISSING: Final = object()


def _diff_list(old: list[Any], new: list[Any], path: str, ops: list[Op]) -> bool:
    """The common head and tail are kept; the middle is changed item by item, then the
    extra old items are removed (from the last) or the extra new ones added. False when
    that would touch most of a list of plain values (it is then replaced whole)."""
    start, old_end, new_end = 0, len(old), len(new)
    while start < old_end and start < new_end:
        a, b = old[start], new[start]
        if a is not b and (a != b or type(a) is not type(b)):
            break
        start += 1
    while old_end > start and new_end > start:
        a, b = old[old_end - 1], new[new_end - 1]
        if a is not b and (a != b or type(a) is not type(b)):
            break
        old_end -= 1
        new_end -= 1
    paired = min(old_end, new_end) - start
    changed = old_end + new_end - 2 * start - paired  # items to change, remove or add
    if (
        changed > 1
        and 2 * changed > len(new)
        and not isinstance(new[start] if start < new_end else None, dict | list)
    ):
        return False  # an operation for each would be longer than the list
    for index in range(start, start + paired):
        a, b = old[index], new[index]
        if a is not b and (a != b or type(a) is not type(b)):
            _diff(a, b, f"{path}/{index}", ops)
    for index in range(old_end - 1, start + paired - 1, -1):
        ops.append({"op": "remove", "path": f"{path}/{index}"})
    for index in range(start + paired, new_end):
        ops.append({"op": "add", "path": f"{path}/{index}", "value": new[index]})
    return True


def _size(value: Any) -> int:
    return len(dumps(value))


class PatchError(ValueError):
    """A patch that does not apply to the document it was given."""


def apply(document: Any, patch: Sequence[Mapping[str, Any]]) -> Any:
    """``document`` with ``patch`` applied, as a new value: ``document`` is not changed, and
    the parts no operation touches are shared with it."""
    root: list[Any] = [document]
    copied: set[int] = set()  # containers made for this result, changed in place from then on
    for op in patch:
        kind, path = op.get("op"), op.get("path")
        if not isinstance(path, str) or (path and not path.startswith("/")):
            raise PatchError(f"bad path {path!r}")
        keys = [part.replace("~1", "/").replace("~0", "~") for part in path.split("/")[1:]]
        parent: Any = root
        key: Any = 0
        for depth, part in enumerate(keys):
            parent = _own(parent, key, copied)
            key = _index(parent, part, kind == "add" and depth == len(keys) - 1)
        if kind == "add":
            if isinstance(parent, list):
                parent.insert(key, op["value"])
            else:
                parent[key] = op["value"]
        elif kind in ("replace", "remove"):
            if isinstance(parent, dict) and key not in parent:
                raise PatchError(f"no {key!r} to {kind}")
            if kind == "replace":
                parent[key] = op["value"]
            else:
                del parent[key]
        else:
            raise PatchError(f"unknown operation {kind!r}")
    return root[0]


def _own(parent: Any, key: Any, copied: set[int]) -> Any:
    """``parent[key]``, copied first unless this result made it."""
    try:
        child = parent[key]
    except (KeyError, IndexError, TypeError):
        raise PatchError(f"no {key!r} to change") from None
    if isinstance(child, dict | list) and id(child) not in copied:
        child = dict(child) if isinstance(child, dict) else list(child)
        parent[key] = child
        copied.add(id(child))
    return child


def _index(container: Any, part: str, adding: bool) -> Any:
    if isinstance(container, dict):
        return part
    if isinstance(container, list):
        if part == "-" and adding:
            return len(container)
        if not part.isdigit() or (part != "0" and part.startswith("0")):
            raise PatchError(f"bad list index {part!r}")
        index = int(part)
        if index > len(container) or (index == len(container) and not adding):
            raise PatchError(f"list index {index} out of range")
        return index
    raise PatchError(f"cannot go into {type(container).__name__}")


class ViewFollower:
    """One client's copy of its view, kept from its frames as the browser keeps it.

    :meth:`take` reads a ``welcome`` or ``event`` frame and sets its ``"view"`` to the view
    after it: the welcome's, the event's whole view, the previous view patched, or (for an
    event of the same change) the current one. :attr:`in_step` turns false when a frame
    names a version this copy is not at; the client must then ask again (``hello``). A
    frame's ``"view"`` is the copy itself: a reader must not change it (the browser's
    follower hands out copies)."""

    def __init__(self) -> None:
        self.view: Any = None
        self.version: int | None = None  # the version the view is at
        self.in_step = True

    def take(self, frame: dict[str, Any]) -> dict[str, Any]:
        kind = frame.get("type")
        if kind == "welcome":
            self.view = {key: value for key, value in frame["view"].items() if key != "history"}
            self.version, self.in_step = frame["version"], True
        elif kind == "event" and self.in_step:
            if "view" in frame:
                self.view = frame["view"]
            elif "patch" in frame and frame.get("base") == self.version and self.view is not None:
                try:
                    self.view = apply(self.view, frame["patch"])
                except PatchError:  # as the browser's: not the view held, ask again
                    self.in_step = False
                    return frame
            elif "patch" in frame or frame.get("head") != self.version:
                self.in_step = False
                return frame
            self.version = frame["head"]
            frame["view"] = self.view
        return frame
