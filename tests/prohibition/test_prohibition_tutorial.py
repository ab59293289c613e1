"""Prohibition's guided first game (issue 25), the engine's half: the opening applies to the
tutorial's seed, the lesson's line is played as written (the learner's taught actions, the
computer's script answering from its own view), each step's situation is the one the words
of ``static/games/prohibition/tutorial.js`` describe, the script reads only its view (twin
hidden states give the same action), and off the line the computer plays the game's bot."""

from __future__ import annotations

import itertools
import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from engine.prohibition import PROHIBITION as G
from engine.prohibition.state import State
from engine.prohibition.tutorial import COMPUTER, LESSON, LINE, OPENING, SEED, TUTORIAL, decide, scripted
from engine.tutorial import LEARNER

ROOT = Path(__file__).resolve().parents[2]
STEPS = ROOT / "static" / "games" / "prohibition" / "tutorial.js"
OTHER_SEEDS = ("1" * 64, "ab" * 32, "0f" * 32)


def act(text: str) -> dict[str, Any]:
    return {"type": "act", "text": text}


def texts(state: State, seat: int) -> list[str]:
    return [a["text"] for a in G.legal_actions(state, seat)]


def log_since(state: State, before: State) -> list[str]:
    return [e.text for e in state.entries[len(before.entries) :]]


def computer_view(state: State) -> dict[str, Any]:
    return G.view(state, COMPUTER, history=True)


def test_the_tutorial_fits_the_game_and_its_opening_plays_the_setup() -> None:
    TUTORIAL.check(G)
    assert TUTORIAL.players == 2 and TUTORIAL.seed == SEED and TUTORIAL.opening == OPENING
    assert TUTORIAL.decider() is decide
    state = TUTORIAL.start(G)
    # The learner (seat 0) plays second and drives T3 and T4; the computer opens.
    assert state.order == (COMPUTER, LEARNER)
    assert state.trucks_of(LEARNER) == (2, 3)
    view = G.view(state, LEARNER)
    assert view["phase"] == "use" and view["round"] == 1 and view["slot"] == 1
    assert view["to_act"] == [COMPUTER] and view["legal"] == []
    streets = {tr["id"]: tr["street"] for tr in view["trucks"]}
    assert streets == {"T1": "C2-C3", "T2": "E5-E6", "T3": "E3-F3", "T4": "B5-C5"}
    cards = {tr["id"]: tr["card"] for tr in view["trucks"]}
    assert cards == {"T1": "L04", "T2": "L26", "T3": "L18", "T4": "L28"}
    # The learner's picks are his alone until the reveal, which the opening has made.
    assert view["private"]["picks"] == {"T3": "L18", "T4": "L28"}
    assert all(c is None for c in view["characters"].values() for c in [c["at"]])


def play_line(check_twins: bool = False) -> list[tuple[State, int, str]]:
    """Play :data:`LINE` from the tutorial's start: the learner's actions as taught, the
    computer's as its script decides them from its view. Returns each decision's state."""
    state = TUTORIAL.start(G)
    seen = []
    for seat, text in LINE:
        assert G.actors(state) == {seat}, (text, G.actors(state))
        assert text in texts(state, seat), (text, texts(state, seat))
        if seat == COMPUTER:
            view = computer_view(state)
            assert scripted(view) == text
            assert decide(view, "tutorial", 7, 0.05) == act(text)
            if check_twins:
                for other in OTHER_SEEDS:
                    twin = G.twin(state, COMPUTER, other)
                    assert decide(computer_view(twin), "tutorial", 8, 0.05) == act(text)
        seen.append((state, seat, text))
        state = G.apply(state, seat, act(text)).state
    seen.append((state, -1, ""))
    return seen


def test_the_lesson_is_played_as_its_steps_say() -> None:
    seen = play_line()
    after = {text: (before, state) for (before, _, text), (state, _, _) in itertools.pairwise(seen)}

    # The red truck opens: the Policeman on D1, a black cube into C4n; it stands on C4-D4.
    before, state = after["go:C4-D4=1k"]
    view = G.view(state, LEARNER)
    assert view["legal"] == ["use T3", "use T4"]
    assert view["bars"] == {"C4n": {"colour": "k", "count": 1}}
    assert view["trucks"][0]["street"] == "C4-D4"

    # Step "use T3": T3 loads its card (2 white, 1 black, 2 brown) and the dice say Ness or Capone.
    before, state = after["use T3"]
    assert log_since(state, before)[1:] == ["firstload T3 L18", "dice NC 2"]
    legal = texts(state, LEARNER)
    assert "N@D4" in legal and any(t.startswith("C@") for t in legal)

    # Step "N@D4": Ness touches the red truck and takes its white cube, the most valuable.
    before, state = after["N@D4"]
    assert log_since(state, before) == ["N@D4", "take N T1 w"]
    red = G.view(state, LEARNER)["trucks"][0]
    assert red["cubes"] == {"w": 0, "k": 0, "b": 1} and red["score"] == 1 and red["losses"]["w"] == 1

    # Step "go:F5-F6=1w": three streets south, a white cube into E5e for 3 points; no delivery
    # scores more from there, and the drive alone is also offered on the same street.
    state_before = before = after["go:F5-F6=1w"][0]
    legal = texts(state_before, LEARNER)
    assert "go:F5-F6" in legal
    best = max(int(t[-2]) * {"w": 3, "k": 2, "b": 1}[t[-1]] for t in legal if "=" in t)
    assert best == 3
    state = after["go:F5-F6=1w"][1]
    view = G.view(state, LEARNER)
    assert view["bars"]["E5e"] == {"colour": "w", "count": 1}
    assert view["trucks"][2]["score"] == 3 and view["trucks"][2]["street"] == "F5-F6"
    # T4 plays the next slot at once (no choice to make): its load, then the dice.
    assert log_since(state, before)[-2:] == ["firstload T4 L28", "dice PC 1"]
    assert view["active"] == "T4" and view["phase"] == "character"
    assert "C@A7" in view["legal"]

    # Step "C@A7": with Capone nearest on column A, the empty bar A5w takes two cubes.
    before, state = after["C@A7"]
    legal = texts(state, LEARNER)
    assert {"go:A5-A6=1w", "go:A5-A6=2w", "go:A5-A6"} <= set(legal)
    assert not any(t.endswith("=3w") for t in legal)
    best = max(int(t[-2]) * 3 for t in legal if t.endswith("w"))
    assert best == 6

    # Step "go:A5-A6=2w": 6 points.
    before, state = after["go:A5-A6=2w"]
    view = G.view(state, LEARNER)
    assert view["bars"]["A5w"] == {"colour": "w", "count": 2}
    assert view["trucks"][3]["score"] == 6

    # The computer's two truck-turns, then the learner owes his round 2: the lesson is over.
    final = seen[-1][0]
    view = G.view(final, LEARNER)
    assert (view["round"], view["slot"], view["phase"]) == (2, 2, "use")
    assert view["legal"] == ["use T3", "use T4"]
    assert G.result(final) is None
    assert scripted(computer_view(final)) is None


def test_the_script_reads_only_its_view() -> None:
    play_line(check_twins=True)


def test_the_learners_steps_are_the_lessons() -> None:
    assert LESSON == ("use T3", "N@D4", "go:F5-F6=1w", "C@A7", "go:A5-A6=2w")
    source = STEPS.read_text(encoding="utf-8")
    block = re.search(r"const TAUGHT = \{(.*?)\};", source, re.S)
    assert block is not None
    assert tuple(re.findall(r'^\s*\w+: "([^"]+)",$', block.group(1), re.M)) == LESSON
    # Each is what one step accepts, in the order of the steps.
    used = re.findall(r"TAUGHT\.(\w+)\) return true", source)
    names = re.findall(r'^\s*(\w+): "', block.group(1), re.M)
    assert used == names


@pytest.mark.parametrize("deviation", ["use T4", "N@D4 then go:E3-E4=1w"])
def test_off_the_line_the_computer_plays_the_games_bot(deviation: str) -> None:
    state = TUTORIAL.start(G)
    for seat, text in LINE[:3]:
        state = G.apply(state, seat, act(text)).state
    if deviation == "use T4":
        state = G.apply(state, LEARNER, act("use T4")).state
    else:
        for text in ("use T3", "N@D4", "go:E3-E4=1w"):
            state = G.apply(state, LEARNER, act(text)).state
    # The learner plays on (the first legal action) until the computer owes a decision.
    while COMPUTER not in G.actors(state):
        state = G.apply(state, LEARNER, act(texts(state, LEARNER)[0])).state
    view = computer_view(state)
    assert scripted(view) is None
    chosen = decide(view, "tutorial", 3, 0.05)
    assert chosen["type"] == "act" and chosen["text"] in view["legal"]
    # The game's bot answers from the view and the seed alone there too.
    for other in OTHER_SEEDS:
        assert decide(computer_view(G.twin(state, COMPUTER, other)), "tutorial", 3, None) == chosen


def test_the_script_owes_nothing_when_it_is_not_its_turn() -> None:
    state = TUTORIAL.start(G)
    for seat, text in LINE[:3]:
        state = G.apply(state, seat, act(text)).state
    # The learner's turn: the computer's view lists nothing, so there is no line to play.
    assert scripted(computer_view(state)) is None


# -- the steps of tutorial.js, run in Node on the line's views ------------------------------------

NODE = shutil.which("node")
STEPS_PROBE = """
import { readFileSync } from "node:fs";
const { steps, finish } = await import(process.argv[1]);
const request = JSON.parse(readFileSync(0, "utf8"));
const said = (x) => Boolean(x && typeof x.en === "string" && x.en && typeof x.fr === "string" && x.fr);
const out = {
  count: steps.length,
  readOnly: steps.map((s) => s.accepts === undefined),
  said: steps.every((s) => said(s.say)) && said(finish),
  done: request.views.map((v) => steps.map((s) => (s.done ? s.done(v) : null))),
  answers: request.asks.map(([step, text, view]) => {
    const answer = steps[step].accepts({ type: "act", text }, view);
    return answer === true ? true : said(answer) ? answer : "bad";
  }),
};
process.stdout.write(JSON.stringify(out));
"""


def run_steps(request: dict[str, Any]) -> dict[str, Any]:
    if NODE is None:
        if os.environ.get("CI"):
            pytest.fail("node is needed to run tutorial.js")
        pytest.skip("node is not installed")
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", STEPS_PROBE, STEPS.as_uri()],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def test_each_step_accepts_its_action_refuses_the_others_in_words_and_ends_after_it() -> None:
    seen = play_line()
    # The learner's view before each of his actions, and once the line is played.
    mine = [(state, text) for state, seat, text in seen if seat == LEARNER]
    views = [G.view(state, LEARNER, history=False) for state, _ in mine]
    views.append(G.view(seen[-1][0], LEARNER, history=False))
    probe = run_steps({"views": [], "asks": []})
    action_steps = [i for i, read_only in enumerate(probe["readOnly"]) if not read_only]
    assert 6 <= probe["count"] <= 10 and probe["said"]
    assert len(action_steps) == len(LESSON)
    asks: list[tuple[int, str, dict[str, Any]]] = [
        (step, other, view)
        for step, (state, _), view in zip(action_steps, mine, views, strict=False)
        for other in texts(state, LEARNER)
    ]
    answer = run_steps({"views": views, "asks": asks})
    for (step, text, _), said in zip(asks, answer["answers"], strict=True):
        if text == LESSON[action_steps.index(step)]:
            assert said is True, (step, text)
        else:
            assert isinstance(said, dict), (step, text, said)
    # Before the k-th taught action, exactly the steps before it are done; at the end, all.
    for k, done in enumerate(answer["done"]):
        flags = [done[i] for i in action_steps]
        assert flags == [True] * k + [False] * (len(LESSON) - k), (k, flags)
