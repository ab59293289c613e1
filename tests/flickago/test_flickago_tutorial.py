"""Flickago's guided first game (issue 25): ``engine/flickago/tutorial.py`` and the steps of
``static/games/flickago/tutorial.js``.

The lesson is played as a tutorial room plays it: the tutorial's seed and options, the learner
(seat 0, White) making each step's taught action, the computer (Black) answering with the
tutorial's script from its own view. A shot is aimed by hand, so a step accepts a whole area
(the aim line ending there, clear of every piece): the learner here aims at a point of each
area, the middle for the lesson's own line and the area's edges for the variants, and every
shot he makes is first put to the step in Node, which must accept it.

Checked: the tutorial fits the game and starts with the learner White to move; along the line
and its variants the computer's every answer is scripted and brings what the next step speaks
of (I1 knocked into White's half, I3 off the board with S1 and S3 free for White, Black's Family
disc below I2 able to knock it into White's zone, I2 then in the zone); the script reads only
its view (twin hidden states give the same answer); off the lesson the game's bot plays; and
the steps, run in Node on the learner's views, accept the taught action, refuse others with a
reason in English and French, and are done only once the computer has answered.
"""

from __future__ import annotations

import json
import math
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from engine.catalogue import entry
from engine.flickago import rules
from engine.flickago.data import DISC, POWER_MAX, SIDES, STARS, V_MAX
from engine.flickago.game import Flickago
from engine.flickago.match import Match
from engine.flickago.scoring import inspector_half
from engine.flickago.tutorial import LESSON, TUTORIAL, decide, scripted, threat
from engine.tutorial import LEARNER, TUTORIAL_LEVEL

ROOT = Path(__file__).resolve().parents[2]
STEPS = ROOT / "static" / "games" / "flickago" / "tutorial.js"
NODE = shutil.which("node")
GAME = Flickago()
ZONE_N = SIDES["w"].zone
COMPUTER = 1

Action = dict[str, Any]
View = dict[str, Any]


# -- aiming as the learner does: at a point of the taught area --------------------------------------


def aim(start: tuple[float, float], target: tuple[float, float]) -> tuple[int, int]:
    """The integer angle and power whose lone-disc line runs from ``start`` to ``target``."""
    dx, dy = target[0] - start[0], target[1] - start[1]
    angle = round(math.degrees(math.atan2(dy, dx)) * 10) % 3600
    speed = math.sqrt(2 * DISC.deceleration * math.hypot(dx, dy))
    return angle, max(1, min(POWER_MAX, round(POWER_MAX * speed / V_MAX)))


def launch(view: View, kind: str, point: str, target: tuple[float, float]) -> Action:
    """A launch from ``point`` as the page sends it: the reserve disc its gold ghost shows (the
    first of the kind for the first free point of the kind, and so on)."""
    side = SIDES["w"]
    choices = [c for c in view["legal"] if "@" in c]
    used: set[str] = set()
    for p in side.launch_points:
        here = [c.split("@")[0] for c in choices if c.endswith(f"@{p.id}")]
        piece = next((x for x in here if x not in used), None)
        if piece is None:
            continue
        used.add(piece)
        if p.id == point:
            assert piece[1] == kind
            angle, power = aim((p.x, p.y), target)
            return {"type": "shot", "piece": piece, "from": point, "angle": angle, "power": power}
    raise AssertionError(f"no gold disc on {point}")


def reflick(view: View, piece: str, target: tuple[float, float]) -> Action:
    x, y = view["pos"][piece]
    angle, power = aim((x, y), target)
    return {"type": "shot", "piece": piece, "from": None, "angle": angle, "power": power}


@dataclass(frozen=True)
class Aims:
    """Where the learner aims at each shot step (board mm): the lesson's middle by default."""

    first: tuple[str, tuple[float, float]] = ("T3", (290.0, 512.0))
    family: tuple[float, float] = (170.0, 361.0)
    zone: tuple[float, float] = (ZONE_N.x, ZONE_N.y)
    corner: tuple[str, tuple[float, float]] = ("T1", (64.0, 544.0))


def learner_actions(aims: Aims) -> list[Callable[[View], Action]]:
    """The learner's taught action for each step that takes one, from his view."""
    return [
        lambda v: launch(v, "T", aims.first[0], aims.first[1]),
        lambda v: launch(v, "F", "F1", aims.family),
        lambda v: {"type": "place", "inspector": "I3", "star": "S3"},
        lambda v: reflick(v, "wF1", aims.zone),
        lambda v: {"type": "return", "piece": "wF1"},
        lambda v: launch(v, "T", aims.corner[0], aims.corner[1]),
    ]


# -- playing the line --------------------------------------------------------------------------------


@dataclass
class Move:
    seat: int
    view: View  # what that seat saw when it chose (history included, as bots get it)
    action: Action
    state: Match  # before the action


@dataclass
class Line:
    moves: list[Move] = field(default_factory=list)
    final: Match | None = None
    after: list[Match] = field(default_factory=list)  # the state after each move


def play(aims: Aims = Aims()) -> Line:
    """The lesson's line: the learner's taught actions in order, the computer its script,
    until the learner's last taught shot has been answered."""
    state = TUTORIAL.start(GAME)
    todo = learner_actions(aims)
    line = Line()
    while (todo or LEARNER not in GAME.actors(state)) and GAME.result(state) is None:
        (seat,) = GAME.actors(state)
        view = GAME.view(state, seat, history=True)
        if seat == LEARNER:
            action = todo.pop(0)(view)
        else:
            planned = scripted(view)
            assert planned is not None, f"the computer is off the script at shot {view['shots']}"
            action = decide(view, TUTORIAL_LEVEL, 0, None)
            assert action == planned
        line.moves.append(Move(seat, view, action, state))
        state = GAME.apply(state, seat, action).state
        line.after.append(state)
    line.final = state
    return line


def check_situations(line: Line) -> None:
    """What each step's words say of the computer's answers is so."""
    learner = [i for i, m in enumerate(line.moves) if m.seat == LEARNER]

    def at(k: int) -> dict[str, Any] | None:
        """The state once the learner's k-th action has been answered by the computer."""
        i = learner[k] + 1
        return line.after[i].state if i < len(line.moves) and line.moves[i].seat == COMPUTER else None

    # After the first shot and Black's answer: I1 off its star, wholly in White's half: it scores for Black.
    s = at(0)
    assert s is not None and inspector_half(*s["pos"]["I1"]) == "south"
    assert s["pos"]["I1"] != list(STARS["S1"]) and [s["pos"][i] for i in ("I2", "I3")] == [
        list(STARS["S2"]),
        list(STARS["S3"]),
    ]
    assert rules.legal(s) and s["to_move"] == "w"
    # After the Family disc's first flick: it lies left of I2 in N.C1, and Black's answer set I3
    # aside with S1 and S3 free: White chooses.
    s = at(1)
    assert s is not None and s["phase"] == rules.PLACE and s["to_move"] == "w" and s["waiting"] == ["I3"]
    assert sorted(rules.legal(s)) == ["I3>S1", "I3>S3"]
    x, y = s["pos"]["wF1"]
    assert 135 <= x <= 185 and 320 <= y <= 392 and s["flicks"]["wF1"] == 1
    # The second flick: the Family disc in White's zone, face down, worth 5; Black's Family disc
    # then stops in White's half with a flick left, and I2 is still on S2.
    s = at(3)
    assert s is not None and s["flicks"]["wF1"] == 2
    assert math.hypot(s["pos"]["wF1"][0] - ZONE_N.x, s["pos"]["wF1"][1] - ZONE_N.y) < ZONE_N.r
    assert rules.reflickable(s, "b") == ["bF1"] and s["pos"]["bF1"][1] < 298
    assert s["pos"]["I2"] == list(STARS["S2"]) and "^wF1" in rules.legal(s)
    # Black's threat is real: had White shot without taking wF1 back, Black's planned flick
    # would knock I2 into the zone and capture it.
    black = {**rules.copy_state(s), "to_move": "b"}
    flick = threat(black)
    assert flick is not None and "wF1" in rules.shoot(black, "b", flick).state["eliminated"]
    # The lesson's last answer: I2 knocked into White's zone, which holds no white disc; that was
    # the eighth shot, and the game is over, White ahead.
    s = line.final.state if line.final is not None else None
    assert s is not None and s["shots"] == 8 and s["phase"] == rules.OVER
    assert s["result"]["winner"] == "w" and s["result"]["reason"] == "score"
    x, y = s["pos"]["I2"]
    assert math.hypot(x - ZONE_N.x, y - ZONE_N.y) < ZONE_N.r + 20
    assert "wF1" in s["reserve"]["w"] and not any(p.startswith("w") for p in s["eliminated"])


@pytest.fixture(scope="module")
def lesson() -> Line:
    return play()


def test_the_tutorial_fits_the_game() -> None:
    game_entry = entry("flickago")
    assert game_entry.tutorial is TUTORIAL
    TUTORIAL.check(GAME)
    assert game_entry.decider(TUTORIAL_LEVEL) is decide
    state = TUTORIAL.start(GAME)
    assert state.white == LEARNER and GAME.actors(state) == {LEARNER}
    view = GAME.view(state, LEARNER)
    assert view["shots"] == 0 and view["pos"] == {
        i: list(STARS[s]) for i, s in zip(("I1", "I2", "I3"), STARS, strict=True)
    }
    assert view["options"]["max_shots"] == 8 and view["options"]["jitter"] == "off"
    # The lesson's own line is the one LESSON lists.
    learner = [m.action for m in play().moves if m.seat == LEARNER]
    assert learner == list(LESSON)


def test_the_lesson_brings_every_steps_situation(lesson: Line) -> None:
    check_situations(lesson)
    final = lesson.final
    assert final is not None
    result = GAME.result(final)
    assert result is not None and result.winner == LEARNER  # the game ends with the lesson, won


VARIANTS = {
    # The first Killer: the corners of the taught part of the 3-point sector.
    "first short left": Aims(first=("T3", (281.0, 503.0))),
    "first long left": Aims(first=("T3", (281.0, 521.0))),
    "first short right": Aims(first=("T3", (301.0, 503.0))),
    "first long right": Aims(first=("T3", (301.0, 521.0))),
    # The Family disc's first flick: the corners of the spot left of I2.
    "family near": Aims(family=(140.0, 325.0)),
    "family far": Aims(family=(150.0, 388.0)),
    "family right": Aims(family=(172.0, 340.0)),
    # Into the zone off centre, and the corner's edges.
    "zone edge": Aims(zone=(ZONE_N.x - 24, ZONE_N.y + 12)),
    "corner low left": Aims(corner=("T1", (40.0, 510.0))),
    "corner high left": Aims(corner=("T1", (22.0, 578.0))),
    "corner low right": Aims(corner=("T1", (106.0, 510.0))),
    "corner high right": Aims(corner=("T1", (106.0, 578.0))),
}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_script_copes_with_any_shot_the_steps_accept(name: str, tmp_path: Path) -> None:
    line = play(VARIANTS[name])
    check_situations(line)
    check_steps(line, tmp_path)


def test_the_script_reads_only_its_view(lesson: Line) -> None:
    computer = [m for m in lesson.moves if m.seat == COMPUTER]
    assert len(computer) == 4
    for m in computer:
        for twin_seed in ("1" * 64, "2" * 64):
            twin = GAME.twin(m.state, m.seat, twin_seed)
            assert twin.state["rng"] != m.state.state["rng"]
            seen = GAME.view(twin, m.seat, history=True)
            assert decide(seen, TUTORIAL_LEVEL, 0, None) == m.action


def test_off_the_lesson_the_games_bot_plays() -> None:
    """On a position the lesson never plans (the learner's first disc thrown elsewhere, then
    inspector I1 already off its star), the game's bot answers."""
    start = TUTORIAL.start(GAME)
    odd = GAME.apply(
        start, LEARNER, {"type": "shot", "piece": "wT1", "from": "T1", "angle": 1200, "power": 700}
    ).state
    view = GAME.view(odd, COMPUTER, history=True)
    assert scripted(view) is None
    action = decide(view, TUTORIAL_LEVEL, 0, None)
    assert action["type"] == "shot" and {"piece": action["piece"], "from": action["from"]} in [
        {"piece": c["piece"], "from": c["from"]} for c in GAME.legal_actions(odd, COMPUTER)
    ]


# -- the browser's steps, run in Node on the learner's views ------------------------------------------

PROBE = """
import { readFileSync } from "node:fs";
globalThis.fetch = async (url) => {
  const body = readFileSync(new URL(url));
  return { ok: true, status: 200, json: async () => JSON.parse(body) };
};
const { steps, finish } = await import(process.argv[2]);
const request = JSON.parse(readFileSync(0, "utf8"));
const text = (s) => typeof s === "string" && s.trim().length > 0;
const words = (w) => Boolean(w) && text(w.en) && text(w.fr);
const fn = (f) => typeof f === "function";
const answer = {
  steps: steps.map((s) => ({
    say: words(s.say), accepts: fn(s.accepts), done: fn(s.done), highlight: fn(s.highlight),
  })),
  finish: words(finish),
  checks: request.checks.map((c) => {
    const step = steps[c.step];
    if (c.kind === "done") return step.done(c.view);
    const said = step.accepts(c.action, c.view);
    return said === true ? true : words(said) ? { en: said.en, fr: said.fr } : { bad: String(said) };
  }),
};
process.stdout.write(JSON.stringify(answer));
"""


def run_steps(tmp: Path, checks: list[dict[str, Any]]) -> dict[str, Any]:
    if NODE is None:
        pytest.skip("node is not installed")
    probe = tmp / "tutorial_probe.mjs"
    probe.write_text(PROBE)
    done = subprocess.run(
        [NODE, "--no-warnings", str(probe), STEPS.as_uri()],
        input=json.dumps({"checks": checks}),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def wrong_actions(view: View, taught: Action) -> list[Action]:
    """Other actions the page could send at this step: every other legal choice (shots aimed
    at the taught target and elsewhere), and the taught shot too weak and too strong."""
    out: list[Action] = []
    for other in GAME.legal_actions(_match_of(view), LEARNER):
        if other["type"] != "shot":
            if other != taught:
                out.append(other)
            continue
        for angle, power in ((900, 150), (450, 900), (1350, 600)):
            shot = {**other, "angle": angle, "power": power}
            if shot != taught:
                out.append(shot)
    if taught["type"] == "shot":
        out.append({**taught, "power": max(1, taught["power"] // 2)})
        out.append({**taught, "power": min(POWER_MAX, taught["power"] + 250)})
    return out


def _match_of(view: View) -> Match:
    data = {key: view[key] for key in rules.STATE_KEYS if key != "rng"}
    data["rng"] = {"seed": "0" * 64, "counter": 0}
    return Match(state=rules.copy_state(data), white=view["seats"]["w"], turns=())


def check_steps(line: Line, tmp: Path) -> None:
    """Every step, in Node, on the learner's views along ``line``."""
    views = [GAME.view(m.state, LEARNER, history=False) for m in line.moves]
    assert line.final is not None
    views.append(GAME.view(line.final, LEARNER, history=False))
    meta = run_steps(tmp, [])
    steps = meta["steps"]
    assert 6 <= len(steps) <= 10 and meta["finish"]
    assert all(s["say"] and s["highlight"] for s in steps)
    taught = [i for i, s in enumerate(steps) if s["accepts"]]
    assert all(steps[i]["done"] for i in taught)
    mine = [i for i, m in enumerate(line.moves) if m.seat == LEARNER]
    assert len(taught) == len(mine), "one step with an action for each taught action"

    checks: list[dict[str, Any]] = []
    expect: list[Any] = []
    for k, (step, i) in enumerate(zip(taught, mine, strict=True)):
        view = views[i]
        action = line.moves[i].action
        checks.append({"step": step, "kind": "accepts", "view": view, "action": action})
        expect.append(True)
        for other in wrong_actions(view, action):
            checks.append({"step": step, "kind": "accepts", "view": view, "action": other})
            expect.append("refused")
        # Not done before its action (every view since the previous step was done) ...
        start = mine[k - 1] + 1 if k else 0
        for v in views[start : i + 1]:
            checks.append({"step": step, "kind": "done", "view": v})
            expect.append(False)
        # ... done when the learner owes his next taught action, or the lesson's line is over.
        following = mine[k + 1] if k + 1 < len(mine) else len(views) - 1
        checks.append({"step": step, "kind": "done", "view": views[following]})
        expect.append(True)
    answer = run_steps(tmp, checks)["checks"]
    for check, want, got in zip(checks, expect, answer, strict=True):
        where = (check["step"] + 1, check["kind"], check.get("action"))
        if want == "refused":
            assert isinstance(got, dict) and "en" in got and "fr" in got, where
            assert got["en"] != got["fr"], where
        else:
            assert got == want, where


def test_the_steps_teach_the_lessons_line(lesson: Line, tmp_path: Path) -> None:
    check_steps(lesson, tmp_path)
