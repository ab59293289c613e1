"""A game's guided first game (issue 25): a short scripted lesson against the computer.

A tutorial is an ordinary game of its game, started from fixed data: how many play, the
preset and options, a fixed seed (the same deal every time, committed at the start and
revealed at the end like any seed), the opening actions played at creation (both Speak Easy
setups, say) and the script that plays the computer's seats. The learner takes seat 0. The
server plays the other seats at bot level :data:`TUTORIAL_LEVEL`, which the catalogue
resolves to :attr:`Tutorial.script` (``GameEntry.decider``) instead of the game's bot.

Nothing here is a second engine nor a secrecy exception: the opening goes through the game's
``apply`` as logged actions, the script reads only its seat's view (as any bot), and the
server accepts any legal action of the learner. The browser side (one step at a time, the
refusals in words) is the game's ``static/games/<name>/tutorial.js`` (static/games/README.md).

Pure: no I/O. A game's ``engine/<name>/tutorial.py`` defines ``TUTORIAL`` and its entry line
adds ``tutorial=TUTORIAL``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from engine.core import Game
from engine.errors import GameError
from engine.rng import is_seed

TUTORIAL_LEVEL: Final = "tutorial"
"""The bot level of the computer's seats in a tutorial room: the script, not the game's bot."""

LEARNER: Final = 0
"""The learner's seat."""


class TutorialError(ValueError):
    """A tutorial contradicts its game (an unknown preset, an opening that does not apply…)."""


@dataclass(frozen=True, kw_only=True)
class Tutorial:
    players: int
    """How many seats: the learner takes seat 0, the computer every other one."""
    preset: str
    """A preset of the game."""
    seed: str
    """64 lowercase hex digits: the same deal every time."""
    script: str
    """``"module:function"`` of ``decide(view, level, seed, budget) -> action`` for the
    computer's seats: deterministic, reading only its own view (by ply or turn number, say),
    falling back to the game's own bot when off-script."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """Rule options beside the preset (may be empty)."""
    opening: tuple[tuple[int, Mapping[str, Any]], ...] = ()
    """``(seat, action)`` pairs played at creation, before the learner's first step, in
    order, each through the game's ``apply`` and logged like any action."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", dict(self.options))
        object.__setattr__(self, "opening", tuple((seat, dict(action)) for seat, action in self.opening))

    def game_options(self) -> dict[str, Any]:
        """What ``new_game`` takes: the preset and the options beside it."""
        return {"preset": self.preset, **self.options}

    def decider(self) -> Callable[..., Any]:
        """The script's ``decide`` function, imported from :attr:`script`."""
        module_name, _, function = self.script.partition(":")
        found = getattr(importlib.import_module(module_name), function, None)
        if not callable(found):
            raise TutorialError(f"{self.script} is not a function")
        return found  # type: ignore[no-any-return]

    def start(self, game: Game[Any]) -> Any:
        """The tutorial's state once its opening is played (what a tutorial room starts
        from): ``new_game(seed, options, players)`` and each opening action applied."""
        state = game.new_game(self.seed, self.game_options(), self.players)
        for seat, action in self.opening:
            state = game.apply(state, seat, action).state
        return state

    def check(self, game: Game[Any]) -> None:
        """Raise :class:`TutorialError` (naming every problem) if the tutorial does not fit
        ``game``: its player count, preset, seed and script must be well formed and the
        opening must apply, action by action, on ``new_game(seed, options, players)``, leaving
        a game that is not over."""
        problems = []
        if not game.min_players <= self.players <= game.max_players:
            problems.append(
                f"{game.name} is for {game.min_players} to {game.max_players} players, not {self.players}"
            )
        if self.preset not in game.presets():
            problems.append(f"{game.name} has no preset {self.preset!r}")
        if "preset" in self.options:
            problems.append("the preset is given as preset, not among the options")
        if not is_seed(self.seed):
            problems.append("its seed is not 64 lowercase hex digits")
        module_name, colon, function = self.script.partition(":")
        if not (colon and module_name and function):
            problems.append("its script is 'module:function'")
        for number, (seat, action) in enumerate(self.opening, 1):
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
                problems.append(f"opening action {number} names no seat of the game ({seat!r})")
            if not isinstance(action, Mapping) or "type" not in action:
                problems.append(f"opening action {number} is not an action ({{'type': …}})")
        if not problems:
            try:
                state = game.new_game(self.seed, self.game_options(), self.players)
            except (GameError, ValueError) as error:
                problems.append(f"new_game refuses it: {error}")
            else:
                for number, (seat, action) in enumerate(self.opening, 1):
                    try:
                        state = game.apply(state, seat, action).state
                    except GameError as error:
                        kind = action.get("type")
                        problems.append(f"opening action {number} ({kind}) does not apply: {error}")
                        break
                else:
                    if game.result(state) is not None:
                        problems.append("the game is over once the opening is played")
        if problems:
            raise TutorialError(f"the tutorial of {game.name!r}: {'; '.join(problems)}")


__all__ = ["LEARNER", "TUTORIAL_LEVEL", "Tutorial", "TutorialError"]
