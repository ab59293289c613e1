"""What the views' shortcuts (issue 28) must not change: a state's views made together
(``sharing_views``, their public part built once) are each viewer's own view to the byte;
a seat's knowledge, its private texts read once, is what reading its whole record gives."""

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


@pytest.mark.parametrize("players", [3, 5])
def test_views_made_together_are_each_viewers_own(players: int) -> None:
    viewers: list[Viewer] = [*range(players), SPECTATOR, EVERYONE]
    for state in states(players, players, 400)[::7]:
        with G.sharing_views(state):
            together = [json.dumps(G.view(state, v, history=False)) for v in viewers]
        alone = [json.dumps(G.view(state, v, history=False)) for v in viewers]
        assert together == alone


def test_knowledge_read_from_texts_read_before_is_the_records() -> None:
    """Each private text is read once (``_shown``): a seat's knowledge is still what reading
    its whole record gives, in states of several games asked in any order."""
    games = [states(seed, 3, 300) for seed in (1, 2)]
    asked = [(game, index) for game in games for index in range(0, len(game), 3)]
    random.Random(3).shuffle(asked)
    for game, index in asked:
        state = game[index]
        for seat in range(3):
            read = view.knowledge(state, seat)
            view._shown.cache_clear()
            assert read == view.knowledge(state, seat)
