"""Flickago's explanations while playing (static/games/flickago/explain.js) agree with the engine.

They run in Node (tests/client/flickago_explain_probe.mjs) on views the engine produced in
random games under several rule options: a press on a disc, a launch point or a star gets a
reason exactly when it is no legal choice (a Killer already shot, a face-down Family disc, the
other gang's disc, an inspector, a launch point taken or with no disc of its letter left, a
star taken); a disc that cannot be taken back says why exactly when the engine refuses it;
every refusal the engine makes is put in words in English and French; each side's score at
the end, rebuilt zone by zone, is the engine's, and the end says which rule ended the game;
and every popover, help and end text is written out in both languages.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import node_probe
import pytest

from engine.core import EVERYONE
from engine.errors import IllegalAction, InvalidAction
from engine.flickago.game import Flickago
from engine.flickago.match import Match

PROBE = Path(__file__).with_name("flickago_explain_probe.mjs")
GAME = Flickago()

OPTIONS: tuple[dict[str, Any], ...] = (
    {},
    {"returned_family": "stays_flipped", "hq_elimination": "overlap", "safe_zone_points": "any"},
    {"inspector_points": "last_mover", "off_board": "centre_out", "max_shots": 24},
)


def run_probe(request: dict[str, Any]) -> dict[str, Any]:
    return node_probe.run_probe(PROBE, request)


def random_action(match: Match, seat: int, rng: random.Random) -> dict[str, Any]:
    """A legal action; a shot aimed roughly at the far half, at a random power."""
    action = dict(rng.choice(GAME.legal_actions(match, seat)))
    if action["type"] == "shot":
        forward = 900 if match.state["to_move"] == "w" else 2700
        action["angle"] = (forward + rng.randint(-550, 550)) % 3600
        action["power"] = rng.randint(120, 950)
    return action


def play(seed: int, options: dict[str, Any]) -> tuple[list[Match], Match]:
    rng = random.Random(seed)
    match = GAME.new_game(f"{seed:064x}", options)
    states = []
    while GAME.result(match) is None:
        states.append(match)
        (seat,) = GAME.actors(match)
        match = GAME.apply(match, seat, random_action(match, seat, rng)).state
    return states, match


def placed(
    spots: Mapping[str, tuple[float, float, int]], options: dict[str, Any] | None = None, **state: Any
) -> Match:
    """A position made by hand: White's discs at `spots` (x, y, flicks), the rest in the reserves."""
    data = GAME.to_dict(GAME.new_game("ab" * 32, {"first_player": "host", **(options or {})}))
    st = data["state"]
    for piece, (x, y, flicks) in spots.items():
        if piece[0] == "I":
            st["pos"][piece] = [float(x), float(y)]
            continue
        st["pos"][piece] = [float(x), float(y)]
        st["flicks"][piece] = flicks
        st["reserve"][piece[0]].remove(piece)
    st["shots"] = 2 * len([p for p in spots if p[0] != "I"])
    st.update(state)
    for inspector in st["waiting"]:
        st["pos"].pop(inspector)
    return GAME.from_dict(data)


# White's Safe Return zone Z.N is centred on (210, 450), radius 32; a disc's radius is 14.
ZONE_N = {"wT1": (210, 450, 1), "wF1": (240, 474, 2), "wF2": (100, 350, 1), "wT2": (60, 380, 1)}
EVERY_WHITE = {
    "wF1": (60, 200, 2), "wF2": (120, 230, 2), "wF3": (300, 230, 2), "wF4": (360, 200, 2),
    "wF5": (210, 380, 2), "wT1": (210, 450, 1), "wT2": (60, 420, 1), "wT3": (360, 420, 1),
    "wT4": (100, 120, 1), "wT5": (320, 120, 1), "wT6": (150, 500, 1), "wT7": (270, 500, 1),
}  # fmt: skip


def crafted() -> list[Match]:
    """Positions random shots seldom reach: discs to take back, no shot left but a return, a
    face-down disc kept under stays_flipped, an inspector in a zone, a star to choose, HQ
    points taken."""
    return [
        placed(ZONE_N),
        placed(ZONE_N, {"returned_family": "stays_flipped"}),
        placed(
            EVERY_WHITE,
            reserve={"w": [], "b": GAME.to_dict(GAME.new_game("ab" * 32))["state"]["reserve"]["b"]},
        ),
        placed({"I2": (180, 430, 0), "wT1": (245, 470, 1), "wT2": (146, 40, 1), "wF1": (300, 330, 1)}),
        placed(
            {"I1": (60, 150, 0), "wT1": (330, 300, 1), "wF1": (150, 420, 1)},
            to_move="b",
            phase="place_inspector",
            waiting=["I2"],
        ),
    ]


@pytest.fixture(scope="module")
def games() -> list[tuple[list[Match], Match]]:
    played = [play(seed, OPTIONS[k % len(OPTIONS)]) for k, seed in enumerate((11, 12, 13, 14, 15, 16))]
    return [*played, (crafted(), played[0][1])]


def mover_view(match: Match) -> dict[str, Any]:
    (seat,) = GAME.actors(match)
    return GAME.view(match, seat, history=False)


def test_a_press_gets_a_reason_exactly_when_it_plays_nothing(games: list[tuple[list[Match], Match]]) -> None:
    views = [mover_view(m) for states, _ in games for m in states]
    answer = run_probe({"refusals": views})
    checked = {"pieces": 0, "points": 0, "stars": 0, "returns": 0}
    kinds = set()
    for view, got in zip(views, answer["refusals"], strict=True):
        legal = view["legal"]
        side = view["to_move"]
        no_shot = all(c.startswith("^") for c in legal)
        for piece, why in got["pieces"].items():
            if view["phase"] == "turn" and piece[0] == side:
                playable = f"^{piece}" in legal if no_shot else piece in legal
                assert bool(why) != playable, (piece, legal, why)
            else:
                assert why, (piece, view["phase"], legal)
            if why:
                kinds.add(why.split(":")[0][:24])
            checked["pieces"] += 1
        for point, why in got["points"].items():
            code, pid = point.split(":")
            offered = view["phase"] == "turn" and code == side and any(c.endswith(f"@{pid}") for c in legal)
            if code == side and view["phase"] == "turn":
                assert bool(why) != offered, (point, legal, why)
            else:
                assert why, (point, view["phase"])
            checked["points"] += 1
        for star, why in got["stars"].items():
            if view["phase"] == "place_inspector":
                assert bool(why) != any(c.endswith(f">{star}") for c in legal), (star, legal, why)
            else:
                assert not why  # nothing to refuse: the star is described instead
            checked["stars"] += 1
        for piece, why in got["returns"].items():
            assert bool(why) != (f"^{piece}" in legal), (piece, legal, why)
            checked["returns"] += 1
        assert all(got["waiting"]), got["waiting"]
    assert min(checked.values()) > 100, checked
    # The reasons are specific: Killers, face-down discs, the other gang, inspectors, points.
    assert len(kinds) >= 5, kinds


def test_each_sides_score_at_the_end_is_rebuilt_zone_by_zone(games: list[tuple[list[Match], Match]]) -> None:
    finals = [final for _, final in games]
    views = [GAME.view(f, EVERYONE, history=False) for f in finals] + [
        GAME.view(f, 0, history=False) for f in finals
    ]
    answer = run_probe({"account": views})
    reasons = set()
    for view, got in zip(views, answer["account"], strict=True):
        for side in ("w", "b"):
            assert got[side]["total"] == view["result"]["score"][side], (side, got, view["result"])
            assert got[side]["fromRows"] == got[side]["total"]
        limit = view["shots"] >= view["options"]["max_shots"]
        said = " ".join(got["end"])
        reasons.add(limit)
        assert ("limit of" in said) == limit, said
        assert ("Neither player could shoot" in said) != limit, said
        winner = view["result"]["winner"]
        assert ("The higher total wins" in said) == bool(winner), said
    assert reasons == {True, False}


def engine_refusals(games: list[tuple[list[Match], Match]]) -> list[tuple[str, str]]:
    """The engine's own messages for wrong actions tried on positions of the games."""
    found: dict[str, tuple[str, str]] = {}
    rng = random.Random(4)
    for states, _ in games:
        for match in rng.sample(states, min(25, len(states))):
            (seat,) = GAME.actors(match)
            state = match.state
            side = state["to_move"]
            other = "b" if side == "w" else "w"
            tries: list[dict[str, Any]] = [
                {"type": "place", "inspector": "I1", "star": "S1"},
                {"type": "shot", "piece": f"{other}T1", "from": None, "angle": 900, "power": 500},
                *({"type": "return", "piece": p} for p in state["pos"] if p[0] == side),
                *(
                    {"type": "return", "piece": p}
                    for p in (f"{side}T1", f"{side}F1")
                    if p not in state["pos"]
                ),
                *(
                    {"type": "shot", "piece": p, "from": None, "angle": 900, "power": 500}
                    for p in state["pos"]
                    if p[0] == side
                ),
                *(
                    {"type": "shot", "piece": p, "from": None, "angle": 900, "power": 500}
                    for p in state["reserve"][side]
                ),
                *(
                    {"type": "shot", "piece": p, "from": pt, "angle": 900, "power": 500}
                    for p in (f"{side}T1", f"{side}F1")
                    for pt in ("T1", "T2", "T3", "F1", "F2")
                ),
                {"type": "shot", "piece": f"{side}T1", "from": "T1", "angle": 3600, "power": 500},
                {"type": "shot", "piece": f"{side}T1", "from": "T1", "angle": 900, "power": 0},
                *(
                    {"type": "place", "inspector": i, "star": s}
                    for i in ("I1", "I2", "I3")
                    for s in ("S1", "S2", "S3")
                ),
            ]
            offered = GAME.legal_actions(match, seat)
            for action in tries:
                if action["type"] != "shot" and action in offered:
                    continue  # only wrong actions (a hand-made position has no record to extend)
                try:
                    GAME.apply(match, seat, action)
                except (IllegalAction, InvalidAction) as exc:
                    message = str(exc)
                    key = "".join(ch for ch in message if not ch.isdigit())
                    found.setdefault(key, ("illegal", message))
    return list(found.values())


def test_the_engines_refusals_are_put_in_words(games: list[tuple[list[Match], Match]]) -> None:
    errors = engine_refusals(games)
    assert len(errors) >= 10, errors
    answer = run_probe({"errors": [*errors, ["stale_version", "the state changed"]]})
    for (code, message), words in zip([*errors, ("stale_version", "")], answer["errors"], strict=True):
        assert words["en"] and words["fr"] and words["en"] != words["fr"], (code, message, words)
        assert "{" not in words["en"] + words["fr"], words


def leaks(texts: list[str]) -> list[str]:
    return [x for x in texts if x and ("{" in x or "fg." in x or "undefined" in x)]


def test_every_text_is_written_out_in_both_languages(games: list[tuple[list[Match], Match]]) -> None:
    rng = random.Random(9)
    views = []
    for states, final in games:
        views += [mover_view(m) for m in rng.sample(states, min(4, len(states)))]
        views.append(GAME.view(final, EVERYONE, history=False))
    places = [mover_view(m) for states, _ in games for m in states if m.state["phase"] == "place_inspector"]
    views += places[:3]
    answer = run_probe({"words": views})
    for view, texts in zip(views, answer["words"], strict=True):
        assert texts and not leaks(texts), leaks(texts)[:5]
        if view["legal"]:
            assert all(texts), view["phase"]
