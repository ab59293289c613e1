"""What the views' shortcuts (issue 28) must not change: a state's views made together
(``sharing_views``, their public part built once) are each viewer's own view to the byte;
a seat's knowledge read on from an earlier state's record is what reading the whole record
gives, whichever states (of one game, branching, or of other games) were asked before."""

from __future__ import annotations

import json
import random

import pytest

from engine.core import EVERYONE, SPECTATOR, Viewer
from engine.spies import rules, view
from engine.spies.game import SPIES as G
from engine.spies.state import State


def states(seed: int, players: int, steps: int) -> list[State]:
    """A game played at random from a seed: every state on the way."""
    rng = random.Random(seed)
    state = rules.new_state(f"{seed + 5:064x}", {}, players)
    out = [state]
    for _ in range(steps):
        if state.result is not None:
            break
        seat = rng.choice(sorted(rules.actors(state)))
        lines = rules.legal(state, seat)
        line = rng.choice(lines) if lines else rules.default(state, seat)
        if line is None:
            break
        state = rules.apply(state, seat, line)
        out.append(state)
    return out


def whole_reading(state: State, seat: int) -> tuple[dict[str, str], dict[str, str]]:
    view._KNOWN.clear()
    return view.knowledge(state, seat)


@pytest.mark.parametrize("players", [3, 5])
def test_views_made_together_are_each_viewers_own(players: int) -> None:
    viewers: list[Viewer] = [*range(players), SPECTATOR, EVERYONE]
    for state in states(players, players, 400)[::7]:
        with G.sharing_views(state):
            together = [json.dumps(G.view(state, v, history=False)) for v in viewers]
        alone = [json.dumps(G.view(state, v, history=False)) for v in viewers]
        assert together == alone


def test_knowledge_read_on_is_the_whole_records() -> None:
    games = [states(seed, 3, 300) for seed in (1, 2)]
    rng = random.Random(3)
    asked = [(game, index) for game in games for index in range(len(game))]
    rng.shuffle(asked)  # earlier and later states, of both games, in any order
    asked += [(games[0], index) for index in range(len(games[0]))]  # and in order
    for game, index in asked:
        state = game[index]
        for seat in range(3):
            read_on = view.knowledge(state, seat)
            kept = dict(view._KNOWN)
            assert read_on == whole_reading(state, seat)
            view._KNOWN.update(kept)


def test_knowledge_of_branches_of_one_state() -> None:
    """Two continuations of one state share its record's entries, then differ."""
    start = states(4, 3, 120)[-1]
    branches = []
    for seed in (5, 6):
        rng = random.Random(seed)
        state = start
        for _ in range(40):
            if state.result is not None:
                break
            seat = rng.choice(sorted(rules.actors(state)))
            lines = rules.legal(state, seat)
            line = rng.choice(lines) if lines else rules.default(state, seat)
            if line is None:
                break
            state = rules.apply(state, seat, line)
            branches.append(state)
    for state in branches + branches[::-1]:
        for seat in range(3):
            kept = dict(view._KNOWN)
            expected = whole_reading(state, seat)
            view._KNOWN.clear()
            view._KNOWN.update(kept)
            assert view.knowledge(state, seat) == expected
