"""The frozen baseline's policies (a copy of engine/spies/bot/policy.py at commit e0acbf3).

``basic`` is the baseline table of section 19 to the letter. ``shrewd`` is the baseline with
better judgement where the view allows it: its spies walk around cities where enemy police
stand and prefer targets outside them, it searches only spies its police can beat (or whose
strength it does not know), discovers uncontrolled secrets first (no chain), sanctions enemy
spies that hold secrets, frees its captured spies, and shows Papers up to strength 3.

Every policy proposes lines in order of preference; the first one the view's ``legal`` list
holds (or a free-form search line, which the rules check) is played; ``end``/``pass`` or the
first legal line is the fallback.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator, Mapping
from typing import Any

from engine.spies import board
from engine.spies.data import (
    AP_PER_TURN,
    CHIT,
    CITY,
    CITY_IDS,
    HAND_LIMIT,
    POWERS,
    SECRET_CITIES,
    SPY_HAVENS,
    SPY_SPACES,
    TILE,
    TURN_ORDER,
)

# The shrewd level's improvements over the baseline (frozen: never change this set).
# Measured with bench/spies.py (paired 5-seat deals): "avoid" and "safe_targets" carry most of
# the gain; "hunt" (police re-arrangement) and "sail" measured slightly negative and are off.
SHREWD: frozenset[str] = frozenset({"filter", "free", "avoid", "safe_targets", "dis", "san", "pap3"})


def _on(level: str, feature: str) -> bool:
    return level == "shrewd" and feature in SHREWD


RETURN_ORDER = ("REC", "ICP", "DRP", "SAN", "COV", "DBX", "ESC", "PAP", "DIS")


class Seen:
    """The view, indexed."""

    def __init__(self, view: Mapping[str, Any], power: str) -> None:
        self.view = view
        self.power = power
        self.seat: int = view["viewer"]
        self.mine = set(view["seats"][self.seat])
        self.annexed: dict[str, str] = dict(view["annexed"])
        self.spies = {s["id"]: s for s in view["spies"]}
        self.police = {p["id"]: p for p in view["police"]}
        self.secrets = {x["id"]: x for x in view["secrets"]}
        self.hand: list[tuple[str, str]] = [
            (c["handle"], c["type"]) for c in view["powers"][power]["chits"] if c["type"] is not None
        ]
        self.money: int = view["powers"][power]["money"]
        self.ap_left = AP_PER_TURN - int(view["ap_spent"]) if view["active"] == power else 0
        self.own_turn = view["active"] == power
        self.zombie = self.seat in view["zombies"]
        self.level = ""

    def piece_power(self, piece: str) -> str:
        return str((self.spies if piece.startswith("s") else self.police)[piece]["power"])

    def controller(self, xid: str) -> str | None:
        holder = self.secrets[xid]["holder"]
        return None if holder is None else self.piece_power(holder)

    def home(self, city: str) -> bool:
        return board.is_home(city, self.power, self.annexed)

    def can_pay(self, kind: str) -> bool:
        chit = CHIT[kind]
        return self.money >= chit.cost_gbp and (not self.own_turn or self.ap_left >= chit.cost_ap)

    def handle(self, kind: str) -> str | None:
        return next((h for h, t in self.hand if t == kind), None)

    def my_spies(self) -> list[dict[str, Any]]:
        return sorted((s for s in self.spies.values() if s["power"] == self.power), key=lambda s: s["id"])


# -- shortest paths -------------------------------------------------------------------------------
def step_towards(here: str, targets: set[str], avoid: frozenset[str] = frozenset()) -> str | None:
    """The neighbour on a shortest rail/air path from ``here`` to the nearest target, through
    no city of ``avoid`` (a target may be one)."""
    if here in targets or not targets:
        return None
    parent: dict[str, str] = {here: here}
    queue = deque([here])
    while queue:
        city = queue.popleft()
        for nxt in board.NEIGHBOURS[city]:
            if nxt in parent or (nxt in avoid and nxt not in targets):
                continue
            parent[nxt] = city
            if nxt in targets:
                while parent[nxt] != here:
                    nxt = parent[nxt]
                return nxt
            queue.append(nxt)
    return None


# -- decisions ------------------------------------------------------------------------------------
def proposals(view: Mapping[str, Any], power: str, level: str, rng: random.Random) -> Iterator[str]:
    d = view["decision"]
    kind = d["kind"]
    me = Seen(view, power)
    me.level = level
    if kind == "ready":
        yield f"{power} ready"
    elif kind == "bid":
        yield _lowest_bid(view, me)
    elif kind == "place" and "power" not in d:
        # setup_order=simultaneous: the default of section 17 is the first listed line (the
        # first unplaced piece, in id order, in the first city that takes it, in data order).
        yield str(view["legal"][0])
    elif kind == "place":
        yield from _place(me, d["what"], rng)
    elif kind == "tile":
        yield from _tile(me)
    elif kind == "turn":
        yield from _turn(view, me, level)
    elif kind == "roll":
        yield f"{power} stay {d['spy']}"
    elif kind == "search":
        yield f"{power} search {d['spy']}"
    elif kind == "evade":
        yield from _evade(me, d["spy"])
    elif kind == "chain":
        for t in d["allowed"]:
            h = me.handle(t)
            if h is not None and me.can_pay(t):
                yield f"{power} chit {h} {t}"
        yield f"{power} pass"
    elif kind == "intercept":
        h = me.handle("ICP")
        if h is not None and me.can_pay("ICP"):
            yield f"{power} chit {h} ICP"
        yield f"{power} pass"
    elif kind == "limit":
        yield _limit(me)
    elif kind == "takeover":
        taker = me.spies[d["spy"]]
        yield f"{power} take {d['spy']} {d['secret']}" if taker["secret"] is None else f"{power} pass"
    elif kind == "offer":
        yield f"{power} decline {d['offer']}"


def _lowest_bid(view: Mapping[str, Any], me: Seen) -> str:
    tied = view["decision"].get("tied")
    purse = sum(view["powers"][p]["money"] or 0 for p in me.mine if p != "R")
    amount = 0 if tied is None or purse <= tied else tied + 1
    return f"{me.power} bid {amount}"


def _place(me: Seen, what: str, rng: random.Random) -> Iterator[str]:
    p = me.power
    if what == "x":
        todo = sorted(
            x for x, v in me.secrets.items() if v["original"] == p and v["city"] is None and not v["gone"]
        )
        used = {v["city"] for v in me.secrets.values() if v["original"] == p}
        city = next(c for c in board.home_cities(p, me.annexed) if c not in used)
        yield f"{p} place {todo[0]} {city}"
    elif what == "p":
        todo = sorted(u for u, v in me.police.items() if v["power"] == p and v["city"] is None)
        count: dict[str, int] = {}
        for v in me.police.values():
            if v["power"] == p and v["city"]:
                count[v["city"]] = count.get(v["city"], 0) + 1
        city = next(c for c in board.police_posts(p, me.annexed) if count.get(c, 0) < 2)
        yield f"{p} place {todo[0]} {city}"
    else:
        todo = sorted(
            s for s, v in me.spies.items() if v["power"] == p and v["city"] is None and not v["box"]
        )
        placed = [v for v in me.spies.values() if v["power"] == p and v["city"]]
        capital = POWERS[p].capital
        if not any(v["city"] == capital for v in placed):
            yield f"{p} place {todo[0]} {capital}"
        cities = [c for c in SECRET_CITIES if c not in SPY_HAVENS and not me.home(c)]
        rng.shuffle(cities)
        taken = {v["city"] for v in placed}
        for c in cities:
            if c not in taken:
                yield f"{p} place {todo[0]} {c}"
        yield f"{p} place {todo[0]} {capital}"


def award_value(me: Seen, tile: int) -> int:
    spots = {
        s["city"]
        for s in me.spies.values()
        if s["power"] == me.power and s["city"] and not me.home(s["city"])
    }
    value = 0
    for group in TILE[tile].awards:
        for city in group.cities:
            if city in spots:
                value += group.amount * (2 if group.kind == "chits" else 1)
    return value


def _tile(me: Seen) -> Iterator[str]:
    year = me.view["year"]
    hand = [int(t[1:]) for t in me.view["powers"][me.power]["hand"]]
    playable = [t for t in hand if year in TILE[t].years]
    own = sorted((t for t in playable if TILE[t].owner == me.power), key=lambda t: (-award_value(me, t), t))
    for t in own:
        yield f"{me.power} play t{t}"
    randoms = sorted(
        (t for t in playable if TILE[t].owner is None and award_value(me, t) > 0),
        key=lambda t: (-award_value(me, t), t),
    )
    for t in randoms:
        yield f"{me.power} play t{t}"
    eligible = [t for t in hand if year in TILE[t].years or TILE[t].any_year]
    for t in sorted(eligible, key=lambda t: (not TILE[t].any_year, t)):
        yield f"{me.power} discard t{t}"


def _turn_actions_so_far(view: Mapping[str, Any], power: str) -> int:
    count = 0
    for h in reversed(view.get("history") or []):
        if h["by"] == power:
            count += 1
        if h.get("header", "").endswith(f" {power}") and h["header"].startswith("# 1"):
            break
    return count


def _foreign_targets(me: Seen, spy: dict[str, Any]) -> list[str]:
    """Secrets in the spy's city that are foreign to its power and not controlled by it, that
    a Discovery may aim at (the co-control limits of 13.2)."""
    out = []
    for xid, x in sorted(me.secrets.items()):
        if x["city"] != spy["city"] or x["gone"] or x["original"] == me.power:
            continue
        ctrl = me.controller(xid)
        if ctrl == me.power or (ctrl is not None and ctrl in me.mine):
            continue
        if x["original"] in me.mine and board.is_home(spy["city"], x["original"], me.annexed):
            continue
        out.append(xid)
    return out


def _turn(view: Mapping[str, Any], me: Seen, level: str) -> Iterator[str]:
    p = me.power
    if _turn_actions_so_far(view, p) >= 60:
        yield f"{p} end"
        return
    phase = view["phase"]
    if _on(level, "hunt") and phase <= 2 and not me.zombie:
        line = _police_hunt(me)
        if line:
            yield line
    # (1) no police change; (2) search every eligible city while AP last.
    if phase <= 3:
        plan: list[str] = []
        for city in CITY_IDS:
            if not any(u["city"] == city and u["power"] == p for u in me.police.values()):
                continue
            enemies = sorted(
                s["id"]
                for s in me.spies.values()
                if s["city"] == city and s["power"] not in me.mine and not s["box"]
            )
            if _on(level, "filter"):
                total_known = _police_total(me, city)
                enemies = [s for s in enemies if (me.spies[s]["strength"] or 0) < total_known]
            if enemies and len(plan) < me.ap_left:
                plan.append(f"{city}:{','.join(enemies)}")
        yield f"{p} search {' '.join(plan)}" if plan else f"{p} search"
        return
    capital = POWERS[p].capital
    # (3) cash in every foreign secret held in the capital.
    for s in me.my_spies():
        if s["city"] == capital and s["secret"] and me.secrets[s["secret"]]["original"] != p:
            yield f"{p} cash {s['id']}"
    if _on(level, "free"):
        # Bring captured and sanctioned spies back while chits and money allow.
        for s in me.my_spies():
            if s["box"] in ("record", "neutral") and me.handle("ESC") and me.can_pay("ESC"):
                yield f"{p} chit {me.handle('ESC')} ESC {s['id']}"
            if s["box"] == "sanctioned" and me.handle("REC") and me.can_pay("REC"):
                yield f"{p} chit {me.handle('REC')} REC {s['id']}"
    # (4) each spy not done, in id order.
    for s in me.my_spies():
        if s["box"] or s["city"] is None or s["done"]:
            continue
        here = s["city"]
        left = min(SPY_SPACES - s["spaces"], me.ap_left)
        if s["secret"] and me.secrets[s["secret"]]["original"] != p:
            h = me.handle("DRP")
            if h and me.can_pay("DRP") and here not in SPY_HAVENS and here != capital:
                for r in _free_in_capital(me, capital):
                    yield f"{p} chit {h} DRP {s['id']} {r}"
            if left >= 1:
                if _on(level, "sail"):
                    yield from _sail_towards(me, s, {capital})
                nxt = None
                if _on(level, "avoid"):
                    nxt = step_towards(here, {capital}, _policed(me))
                nxt = nxt or step_towards(here, {capital})
                if nxt:
                    yield f"{p} go {s['id']} {nxt}"
            continue
        targets = _foreign_targets(me, s) if here not in SPY_HAVENS else []
        h = me.handle("DIS")
        if targets and h and me.can_pay("DIS") and s["secret"] is None:
            if _on(level, "dis"):
                targets = sorted(targets, key=lambda x: (me.secrets[x]["holder"] is not None, x))
            yield f"{p} chit {h} DIS {s['id']} {targets[0]}"
        if _on(level, "san") and me.handle("SAN") and me.can_pay("SAN") and here not in SPY_HAVENS:
            for t in sorted(me.spies.values(), key=lambda v: v["id"]):
                if t["city"] == here and t["power"] not in me.mine and t["secret"] and not t["box"]:
                    yield f"{p} chit {me.handle('SAN')} SAN {s['id']} {t['id']}"
        if targets and (not h or not me.can_pay("DIS")):
            continue
        if min(SPY_SPACES - s["spaces"], me.ap_left - 1) >= 1:
            wanted = {
                x["city"]
                for xid, x in me.secrets.items()
                if x["city"]
                and not x["gone"]
                and x["original"] != p
                and me.controller(xid) not in me.mine
                and x["city"] not in SPY_HAVENS
            }
            if _on(level, "safe_targets") and wanted - _policed(me):
                wanted -= _policed(me)
            if _on(level, "sail"):
                yield from _sail_towards(me, s, wanted, keep=1)
            nxt = step_towards(here, wanted, _policed(me)) if _on(level, "avoid") else None
            nxt = nxt or step_towards(here, wanted)
            if nxt:
                yield f"{p} go {s['id']} {nxt}"
    yield f"{p} end"


def _police_hunt(me: Seen) -> str | None:
    """Phase 2 (shrewd): send free units to the police posts where enemy spies stand and no
    unit of ours does, taking them from cities that keep at least one unit."""
    p = me.power
    posts = board.police_posts(p, me.annexed)
    units = sorted((u for u in me.police.values() if u["power"] == p and u["city"]), key=lambda u: u["id"])
    count: dict[str, int] = {}
    for u in units:
        count[u["city"]] = count.get(u["city"], 0) + 1
    targets = [
        c
        for c in posts
        if count.get(c, 0) == 0
        and any(s["city"] == c and s["power"] not in me.mine and not s["box"] for s in me.spies.values())
    ]
    moves: list[tuple[str, str]] = []
    for city in targets:
        unit = next(
            (
                u
                for u in units
                if u["secret"] is None and count[u["city"]] >= 2 and u["id"] not in {m[0] for m in moves}
            ),
            None,
        )
        if unit is None:
            break
        count[unit["city"]] -= 1
        count[city] = 1
        moves.append((unit["id"], city))
    return f"{p} police " + " ".join(f"{u}={c}" for u, c in moves) if moves else None


def _policed(me: Seen) -> frozenset[str]:
    """Cities where an enemy's police stand (an entry search may await)."""
    return frozenset(u["city"] for u in me.police.values() if u["city"] and u["power"] not in me.mine)


def _police_total(me: Seen, city: str) -> int:
    return sum(
        int(u["face"] or 0) for u in me.police.values() if u["city"] == city and u["power"] == me.power
    )


def _free_in_capital(me: Seen, capital: str) -> list[str]:
    out = [s["id"] for s in me.my_spies() if s["city"] == capital and s["secret"] is None and not s["box"]]
    out += sorted(
        u["id"]
        for u in me.police.values()
        if u["power"] == me.power and u["city"] == capital and u["secret"] is None
    )
    return out


def _sail_towards(me: Seen, spy: dict[str, Any], targets: set[str], keep: int = 0) -> Iterator[str]:
    """A voyage that lands closer than walking would get this turn, when it fits."""
    here = spy["city"]
    if not CITY[here].port:
        return
    room = min(SPY_SPACES - spy["spaces"], me.ap_left - keep)
    walk = {c: d for c, d in board.LAND_DISTANCE[here].items()}
    best_walk = min((walk.get(t, 99) for t in targets), default=99)
    for t in sorted(targets, key=lambda c: CITY_IDS.index(c)):
        length = board.ROUTE_LENGTH.get((here, t))
        if length is not None and length <= room and length <= 3 and best_walk > length:
            yield f"{me.power} sail {spy['id']} {t}"


def _evade(me: Seen, spy: str) -> Iterator[str]:
    s = me.spies[spy]
    pap, esc = me.handle("PAP"), me.handle("ESC")
    if s["secret"]:
        if pap and me.can_pay("PAP"):
            yield f"{me.power} chit {pap} PAP {spy}"
        if esc and me.can_pay("ESC"):
            yield f"{me.power} chit {esc} ESC {spy}"
    elif (s["strength"] or 0) <= (3 if _on(me.level, "pap3") else 2) and pap and me.can_pay("PAP"):
        yield f"{me.power} chit {pap} PAP {spy}"
    yield f"{me.power} pass"


def _limit(me: Seen) -> str:
    need = len(me.view["powers"][me.power]["chits"]) - HAND_LIMIT
    order = sorted(me.hand, key=lambda c: (RETURN_ORDER.index(c[1]), -int(c[0][1:])))
    return f"{me.power} return " + " ".join(sorted((h for h, _ in order[:need]), key=lambda h: int(h[1:])))


def decide_line(view: Mapping[str, Any], power: str, level: str, rng: random.Random) -> str:
    legal = [str(x) for x in view.get("legal") or []]
    for line in proposals(view, power, level, rng):
        if line in legal or (
            line.split(" ")[1] in ("search", "police") and view["decision"]["kind"] == "turn"
        ):
            return line
    for fallback in (f"{power} end", f"{power} pass"):
        if fallback in legal:
            return fallback
    return legal[0]


__all__ = ["TURN_ORDER", "decide_line"]
