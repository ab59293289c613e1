"""Spies!'s guided first game (issue 25): ``engine/spies/tutorial.py`` and the steps of
``static/games/spies/tutorial.js``.

The lesson is played as a tutorial room plays it: the opening applied to the fixed seed, the
learner (seat 0, Germany) making each step's taught action, the computer's four seats
answering with the tutorial's script from their own views. Checked: the opening gives the
position the steps describe; each taught action is listed when its step comes and the
computer's script brings every step's situation (each reply scripted, none left to the bot);
the learner owes nothing once the lesson is over and the game ends, Germany ahead; the script
reads only its view (twin hidden states give the same line); and the steps themselves, run in
Node on the learner's views of that line, accept exactly the taught action, refuse every other
listed line with a reason in English and French, and say they are done only once they are.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from engine.catalogue import entry
from engine.spies.game import SPIES
from engine.spies.state import State
from engine.spies.tutorial import (
    COLOGNE_SPY,
    ENTERING_SPY,
    LESSON,
    TUTORIAL,
    VIENNA_SECRET,
    VIENNA_SPY,
    decide,
    scripted,
)
from engine.tutorial import LEARNER, TUTORIAL_LEVEL

ROOT = Path(__file__).resolve().parents[2]
STEPS = ROOT / "static" / "games" / "spies" / "tutorial.js"
NODE = shutil.which("node")


@dataclass
class Move:
    seat: int
    view: dict[str, Any]  # what that seat saw when it chose (history included, as bots get it)
    line: str
    state: State  # before the line


def play_lesson() -> tuple[list[Move], State]:
    """The lesson's line to the end of the game: the learner plays :data:`LESSON` in order,
    the computer its script."""
    state = TUTORIAL.start(SPIES)
    taught: Iterator[str] = iter(LESSON)
    moves: list[Move] = []
    while SPIES.result(state) is None:
        actors = sorted(SPIES.actors(state))
        assert len(actors) == 1, f"several seats owe a decision at once: {actors}"
        seat = actors[0]
        view = SPIES.view(state, seat, history=True)
        if seat == LEARNER:
            line = next(taught, None)
            assert line is not None, f"the learner owes a decision after the lesson: {view['decision']}"
            assert line in view["legal"], f"{line!r} is not listed when its step comes: {view['legal']}"
        else:
            assert scripted(view) is not None, f"off the script: {view['decision']} for seat {seat}"
            line = decide(view, TUTORIAL_LEVEL, 0, None)["text"]
        moves.append(Move(seat, view, line, state))
        state = SPIES.apply(state, seat, {"type": "act", "text": line}).state
    assert next(taught, None) is None, "the game ended before the lesson did"
    return moves, state


@pytest.fixture(scope="module")
def lesson() -> tuple[list[Move], State]:
    return play_lesson()


def test_the_entry_carries_the_tutorial_and_its_script() -> None:
    spies = entry("spies")
    assert spies.tutorial is TUTORIAL
    TUTORIAL.check(SPIES)  # players, preset, seed, the opening played through
    assert spies.decider(TUTORIAL_LEVEL) is decide
    assert TUTORIAL.players == 5 and TUTORIAL.options["last_year"] == 1933


def test_the_opening_gives_the_lessons_position() -> None:
    state = TUTORIAL.start(SPIES)
    view = SPIES.view(state, LEARNER, history=False)
    assert view["seats"][LEARNER] == ["G"]
    assert (view["year"], view["active"], view["decision"]["kind"]) == (1933, "G", "tile")
    spies = {s["id"]: s for s in view["spies"]}
    secrets = {x["id"]: x for x in view["secrets"]}
    police = {p["id"]: p for p in view["police"]}
    assert spies[VIENNA_SPY]["city"] == "VIE" and spies[VIENNA_SPY]["power"] == "G"
    assert spies["s08"]["city"] == "PAR" and spies["s08"]["power"] == "G"
    assert secrets[VIENNA_SECRET]["city"] == "VIE" and secrets[VIENNA_SECRET]["holder"] is None
    assert secrets[VIENNA_SECRET]["original"] is None  # neutral
    assert secrets[VIENNA_SECRET]["face"] is None  # nobody has seen it yet
    assert spies[COLOGNE_SPY]["city"] == "COL" and spies[COLOGNE_SPY]["power"] == "F"
    assert spies[ENTERING_SPY]["city"] == "PAR" and spies[ENTERING_SPY]["power"] == "F"
    assert sorted(p for p, u in police.items() if u["city"] == "COL" and u["power"] == "G") == ["p16", "p17"]
    assert sorted(p for p, u in police.items() if u["city"] == "BER" and u["power"] == "G") == ["p03", "p06"]
    germany = view["powers"]["G"]
    assert "t2" in germany["hand"]
    assert {"handle": "c1", "type": "DIS"} in germany["chits"]
    assert LESSON[0] in view["legal"]
    # The learner's view hides what it must: the French spies' faces.
    assert spies[COLOGNE_SPY]["face"] is None and spies[ENTERING_SPY]["face"] is None


def test_the_script_brings_each_steps_situation(lesson: tuple[list[Move], State]) -> None:
    moves, final = lesson
    learner = [m.line for m in moves if m.seat == LEARNER]
    assert learner == list(LESSON)
    after = {m.line: i for i, m in enumerate(moves)}

    def state_after(line: str) -> State:
        i = after[line]
        return moves[i + 1].state if i + 1 < len(moves) else final

    # The search in Cologne: France lets it happen, the spy is captured.
    searched = state_after(LESSON[1])
    evasion = moves[after[LESSON[1]] + 1]
    assert (evasion.seat, evasion.line) == (3, "F pass")
    after_evasion = moves[after[LESSON[1]] + 2].state
    assert after_evasion.spies[COLOGNE_SPY].box == "record" and after_evasion.spies[COLOGNE_SPY].captor == "G"
    assert searched.decision is not None and searched.decision["kind"] == "evade"
    # The Discovery, the walk home, the cash-in.
    assert state_after(LESSON[2]).secrets[VIENNA_SECRET].holder == VIENNA_SPY
    assert state_after(LESSON[3]).spies[VIENNA_SPY].city == "BER"
    cashed = state_after(LESSON[4]).secrets[VIENNA_SECRET]
    assert (cashed.owner_record, cashed.record_year) == ("G", 1933)
    assert state_after(LESSON[4]).ap == 4  # the step "end" says 4 of 12 AP are spent
    # After the learner's end: Italy, Russia, then France moves its spy into Berlin.
    between = moves[after["G end"] + 1 : after[LESSON[6]]]
    assert [m.line for m in between if m.seat != LEARNER][-1] == f"F go {ENTERING_SPY} BER"
    assert all(m.line.split()[1] in ("discard", "end", "go") for m in between)
    entry_search = moves[after[LESSON[6]]]
    assert entry_search.view["decision"]["kind"] == "search"
    assert entry_search.view["decision"]["spy"] == ENTERING_SPY
    assert moves[after[LESSON[6]] + 1].line == "F pass"
    # The game ends by itself after Britain's turn, Germany first.
    assert final.spies[ENTERING_SPY].box == "record"
    result = SPIES.result(final)
    assert result is not None and result.winner == LEARNER
    assert max(final.scores, key=final.scores.__getitem__) == "G"


def test_the_script_reads_only_its_view(lesson: tuple[list[Move], State]) -> None:
    moves, _ = lesson
    computer = [m for m in moves if m.seat != LEARNER]
    assert computer
    for m in computer:
        for twin_seed in ("1" * 64, "2" * 64, "3" * 64):
            twin = SPIES.twin(m.state, m.seat, twin_seed)
            seen = SPIES.view(twin, m.seat, history=True)
            said = decide(seen, TUTORIAL_LEVEL, 0, None)
            assert said == {"type": "act", "text": m.line}, (m.line, twin_seed)


def test_off_the_script_the_games_bot_plays() -> None:
    """A decision the lesson never brings (a year after 1933): the game's own bot answers."""
    state = TUTORIAL.start(SPIES)
    view = dict(SPIES.view(state, LEARNER, history=True))
    view["year"] = 1934
    assert scripted(view) is None
    assert decide(view, TUTORIAL_LEVEL, 0, None)["text"] in view["legal"]


# -- the browser's steps, run in Node on the learner's views ----------------------------------------
PROBE = """
import { readFileSync } from "node:fs";
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
    const said = step.accepts({ type: "act", text: c.text }, c.view);
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
        [NODE, str(probe), STEPS.as_uri()],
        input=json.dumps({"checks": checks}),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def test_the_steps_teach_the_lessons_line(lesson: tuple[list[Move], State], tmp_path: Path) -> None:
    moves, final = lesson
    # The learner's views in order: before each of his moves, and the last one.
    last = SPIES.view(final, LEARNER, history=False)
    learner_views = [m.view for m in moves if m.seat == LEARNER] + [last]
    # Every view the learner's page received along the line (one after each action).
    seen = [SPIES.view(m.state, LEARNER, history=False) for m in moves] + [last]
    index = {id(m): i for i, m in enumerate(moves)}

    meta = run_steps(tmp_path, [])
    steps = meta["steps"]
    assert 6 <= len(steps) <= 10 and meta["finish"]
    assert all(s["say"] and s["highlight"] for s in steps)
    taught = [i for i, s in enumerate(steps) if s["accepts"]]
    assert len(taught) == len(LESSON), "one step with an action for each taught line"
    assert all(steps[i]["done"] for i in taught)

    checks: list[dict[str, Any]] = []
    expect: list[Any] = []
    mine = [m for m in moves if m.seat == LEARNER]
    for k, (step, m) in enumerate(zip(taught, mine, strict=True)):
        view = {**m.view, "history": None}
        checks.append({"step": step, "kind": "accepts", "view": view, "text": LESSON[k]})
        expect.append(True)
        for other in m.view["legal"]:
            if other != LESSON[k]:
                checks.append({"step": step, "kind": "accepts", "view": view, "text": other})
                expect.append("refused")
        # Not done before its action (every view since the previous taught action) ...
        start = index[id(mine[k - 1])] + 1 if k else 0
        for v in seen[start : index[id(m)] + 1]:
            checks.append({"step": step, "kind": "done", "view": v})
            expect.append(False)
        # ... done when the learner owes his next decision (or the game is over).
        checks.append({"step": step, "kind": "done", "view": learner_views[k + 1]})
        expect.append(True)
    answer = run_steps(tmp_path, checks)["checks"]
    for check, want, got in zip(checks, expect, answer, strict=True):
        where = (check["step"] + 1, check["kind"], check.get("text"))
        if want == "refused":
            assert isinstance(got, dict) and "en" in got and "fr" in got, where
            assert got["en"] != got["fr"], where
        else:
            assert got == want, where
