"""The cunning level: shrewd's play, with a defence of the power's own secrets.

Where the points come from (shrewd self-play, 8 deals of 5 seats): foreign secrets cashed in
(about half of the points), the power's own originals that survive in their original city to
the end (about a third), then captured spies (an eighth). Shrewd spends all its judgement
on the first and leaves its own secrets lying unguarded, so enemy spies take them freely. The
cunning level keeps shrewd's spies, searches and chits and changes where its secrets and
police stand:

* at setup, its real secrets (most valuable first) go into the cities where its police may
  post, and its counterspies into the other home cities, as bait: an uncontrolled counterspy
  in its owner's home territory captures for its owner the enemy spy that tries it;
* each police unit is placed on one of those secrets and controls it (one unit per secret,
  the most valuable first, then a second unit on the most valuable ones), so a Discovery must
  beat the police's total strength, and enemy spies entering the city face an entry search;
* in its police phase it takes control again of any own original lying uncontrolled where a
  free unit stands.

Why not a search over sampled worlds: a Spies! game is some 800 decisions long and a power
makes up to a dozen of them per turn, most of them obvious; a lookahead over determinized
worlds would need the hidden state rebuilt from the view (pending tasks included) and a
static evaluation of long-term plans, for a few decisions that matter. The setup and police
decisions shape the whole game and are cheap to get right from the view, so that is where
this level spends its judgement (bench/README.md has the measurements).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from engine.spies import board

if TYPE_CHECKING:
    from engine.spies.bot.policy import Seen

POLICE_PER_CITY = 2


def secret_value(face: str | None) -> int:
    """A secret's value from its face text (``"3"``, or ``"1cs2"`` for a counterspy)."""
    return int(face.split("cs")[0]) if face else 0


def is_counterspy(face: str | None) -> bool:
    return face is not None and "cs" in face


def place_secret(me: Seen) -> Iterator[str]:
    """Real secrets, most valuable first, into police posts; counterspies elsewhere."""
    p = me.power
    todo = sorted(
        (x for x in me.secrets.values() if x["original"] == p and x["city"] is None and not x["gone"]),
        key=lambda x: (is_counterspy(x["face"]), -secret_value(x["face"]), x["id"]),
    )
    used = {x["city"] for x in me.secrets.values() if x["original"] == p and x["city"]}
    posts = board.police_posts(p, me.annexed)
    free = [c for c in board.home_cities(p, me.annexed) if c not in used]
    secret = todo[0]
    guarded = [c for c in free if c in posts]
    unguarded = [c for c in free if c not in posts]
    order = unguarded + guarded if is_counterspy(secret["face"]) else guarded + unguarded
    for city in order:
        yield f"{p} place {secret['id']} {city}"


def origins(me: Seen) -> dict[str, str]:
    """Where each own secret was placed at setup (its original city), from the record."""
    out: dict[str, str] = {}
    for entry in me.view.get("history") or ():
        words = str(entry.get("a") or "").split(" ")
        if len(words) == 4 and words[0] == me.power and words[1] == "place" and words[2][0] == "x":
            out[words[2]] = words[3]
    return out


def _guard_order(me: Seen) -> list[dict[str, Any]]:
    """Own real secrets lying in their original city, a police post, most valuable first."""
    posts = board.police_posts(me.power, me.annexed)
    origin = origins(me)
    return sorted(
        (
            x
            for x in me.secrets.values()
            if x["original"] == me.power
            and x["city"] in posts
            and x["city"] == origin.get(x["id"])
            and not x["gone"]
            and not is_counterspy(x["face"])
        ),
        key=lambda x: (-secret_value(x["face"]), x["id"]),
    )


def place_police(me: Seen) -> Iterator[str]:
    """The next unit on the most valuable secret without a guard (controlling it), then a
    second unit on the most valuable ones."""
    p = me.power
    unit = min(u for u, v in me.police.items() if v["power"] == p and v["city"] is None)
    count: dict[str, int] = {}
    for v in me.police.values():
        if v["power"] == p and v["city"]:
            count[v["city"]] = count.get(v["city"], 0) + 1
    secrets = _guard_order(me)
    for wanted in (1, POLICE_PER_CITY):
        for x in secrets:
            if count.get(x["city"], 0) < wanted:
                if x["holder"] is None:
                    yield f"{p} place {unit} {x['city']} {x['id']}"
                yield f"{p} place {unit} {x['city']}"


def police_takes(me: Seen) -> str | None:
    """Phase 2: every unit that controls nothing takes an own original lying uncontrolled in
    its city (the secret's original city: police may take only there)."""
    p = me.power
    takes: list[str] = []
    taken: set[str] = set()
    for unit in sorted(u for u, v in me.police.items() if v["power"] == p and v["city"]):
        if me.police[unit]["secret"] is not None:
            continue
        here = me.police[unit]["city"]
        for x in _guard_order(me):
            if x["city"] == here and x["holder"] is None and x["id"] not in taken:
                takes.append(f"{unit}+{x['id']}")
                taken.add(x["id"])
                break
    return f"{p} police " + " ".join(takes) if takes else None
