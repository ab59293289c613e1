"""The games the platform serves: one registry line per game.

Each game package exposes ``ENTRY: GameEntry`` (its rulebook object, presets, option schema,
bot, client module and record hooks). :data:`REGISTERED` lists the packages; adding a game is
one line there. A listed package that fails to import, or has no proper ``ENTRY``, is an error
(:class:`CatalogueError` or the import's own exception), never silently skipped.

The packages are imported on first use (``entries()``), not when this module is, so a game
package may import :class:`GameEntry` from here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, cast

from engine.core import Game
from engine.tutorial import TUTORIAL_LEVEL, Tutorial, TutorialError

REGISTERED: Final = ("engine.speakeasy", "engine.prohibition", "engine.flickago", "engine.spies")

Decider = Callable[..., Any]


class CatalogueError(RuntimeError):
    """A registered package does not provide a usable ``ENTRY``."""


@dataclass(frozen=True)
class GameEntry:
    name: str
    """The game's name in URLs, records and storage: ``"speakeasy"`` (= ``game.name``)."""
    title: str
    """Its display name: ``"Speak Easy"``."""
    game: Game[Any]
    """The rulebook object."""
    min_players: int
    max_players: int
    option_schema: Mapping[str, Any]
    """JSON-schema-like: for each option, its ``type``, allowed values and ``default``."""
    bot_levels: tuple[str, ...]
    """Weakest first: the last is the strongest (the level a hint thinks at, :attr:`hint_level`)."""
    autopilot_level: str
    """The level that plays a withdrawn (zombie) seat or a seat whose decision timed out."""
    bot: str
    """Import path of ``decide(view, level, seed, budget) -> action`` (pure, reads a view)."""
    client_module: str
    """The browser module that draws the game: ``"/static/games/speakeasy/main.js"``."""
    record: Callable[[Any], dict[str, Any]]
    """State -> the JSON game record (``engine/record.py``); the seed only once over."""
    record_text: Callable[[Any], str]
    """State -> the text export."""
    verify: Callable[[Mapping[str, Any]], list[str]]
    """Record -> its failed checks (``[]`` = ok); raises ``InvalidAction`` when malformed."""
    resources: Mapping[str, Callable[[], Any]] = field(default_factory=dict)
    """Static data the game's browser module may ask for by name (JSON-ready), served at
    ``GET /api/catalogue/{name}/{resource}``: Speak Easy's named openings, say."""
    agreed_draws: bool = True
    """Whether the players may end the game as a draw by agreement (offer and accept). A
    game whose rules know no such ending (Flickago's results are the score, a resignation, a
    flag fall or an abandonment) sets it off: the room offers no draw and refuses one."""
    private_channels: bool = False
    """Whether the rules call for private seat-to-seat talk (Spies! diplomacy): the room
    then offers a ``seat:<n>`` chat channel between any two seats."""
    rules_module: str = ""
    """The browser module that explains the game to players (``title``, ``render``;
    ``static/games/README.md``), shown at ``/rules/<name>`` and in the room's and the
    replay's Rules drawer. Empty: the ``rules.js`` beside :attr:`client_module`."""
    level_names: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Each bot level's name, by language, as it reads within a sentence: ``{level: {"en":
    "strong", "fr": "fort"}}``. The pages name a computer seat by it (the room form, the
    list of one's games, the room's games, the replay). Every bot level is named."""
    level_descriptions: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Each bot level in one line, by language: ``{level: {"en": ..., "fr": ...}}`` — how
    it plays and roughly how strong it is (only figures a benchmark backs). Served in the
    catalogue; the landing page's room form shows it beside the level."""
    hint_reason: str = ""
    """Import path of ``reason(view, action) -> {"key", "params"}`` (pure, reads a view):
    why the bot chose ``action`` in ``view``, as a message key of the game's browser module
    and its parameters. Empty: the game gives no hints (:mod:`engine.hints`)."""
    tutorial: Tutorial | None = None
    """The game's guided first game (:mod:`engine.tutorial`), or ``None``: a room created
    with ``{"tutorial": true}`` starts from it, the computer's seats at bot level
    ``"tutorial"`` (:meth:`decider` resolves it to the tutorial's script). The browser's half
    is the ``tutorial.js`` beside :attr:`client_module`."""

    def __post_init__(self) -> None:
        if not self.rules_module:
            folder = self.client_module.rpartition("/")[0]
            object.__setattr__(self, "rules_module", f"{folder}/rules.js")

    @property
    def presets(self) -> Mapping[str, Mapping[str, Any]]:
        return self.game.presets()

    @property
    def hint_level(self) -> str:
        """The level a hint is thought out at: the strongest."""
        return self.bot_levels[-1]

    def reasoner(self) -> Callable[[Mapping[str, Any], Any], dict[str, Any]]:
        """The game's ``reason`` function, imported from :attr:`hint_reason`."""
        if not self.hint_reason:
            raise CatalogueError(f"{self.title} gives no hints")
        return _imported(self.hint_reason)

    def decider(self, level: str | None = None) -> Decider:
        """The bot's ``decide`` function, imported from :attr:`bot` (``"module:function"``);
        for ``level`` ``"tutorial"`` the tutorial's script (:attr:`Tutorial.script`)."""
        if level == TUTORIAL_LEVEL:
            if self.tutorial is None:
                raise CatalogueError(f"{self.title} has no tutorial")
            return self.tutorial.decider()
        return _imported(self.bot)

    def check(self) -> None:
        """Raise :class:`CatalogueError` if the entry contradicts its game."""
        problems = []
        if self.name != self.game.name:
            problems.append(f"its name {self.name!r} is not its game's {self.game.name!r}")
        if not 1 <= self.min_players <= self.max_players:
            problems.append("min_players <= max_players, both positive")
        if (self.min_players, self.max_players) != (self.game.min_players, self.game.max_players):
            problems.append("its player counts are not its game's")
        if self.autopilot_level not in self.bot_levels:
            problems.append(f"the autopilot level {self.autopilot_level!r} is not among its bot levels")
        if ":" not in self.bot:
            problems.append("bot is 'module:function'")
        if self.hint_reason and ":" not in self.hint_reason:
            problems.append("hint_reason is 'module:function'")
        problems += _wording_problems(self.level_descriptions, self.bot_levels, "described", every=False)
        problems += _wording_problems(self.level_names, self.bot_levels, "named", every=True)
        for module in (self.client_module, self.rules_module):
            if not (module.startswith("/static/games/") and module.endswith(".js")):
                problems.append(f"{module!r} is not a module under /static/games/")
        if TUTORIAL_LEVEL in self.bot_levels:
            problems.append(f"{TUTORIAL_LEVEL!r} is the tutorial's level, not a bot level")
        if self.tutorial is not None:
            try:  # its players, preset, options and seed, and its opening played through
                self.tutorial.check(self.game)
            except TutorialError as error:
                problems.append(str(error))
        if problems:
            raise CatalogueError(f"the catalogue entry of {self.name!r}: {'; '.join(problems)}")


def _imported(path: str) -> Callable[..., Any]:
    """The function ``"module:function"`` names."""
    module_name, _, function = path.partition(":")
    found = getattr(importlib.import_module(module_name), function, None)
    if not callable(found):
        raise CatalogueError(f"{path} is not a function")
    return cast("Callable[..., Any]", found)


_loaded: dict[str, GameEntry] | None = None


def _load(package: str) -> GameEntry:
    module = importlib.import_module(package)  # an ImportError here is the caller's error
    entry = getattr(module, "ENTRY", None)
    if not isinstance(entry, GameEntry):
        raise CatalogueError(f"{package} is registered but has no ENTRY (a GameEntry)")
    entry.check()
    return entry


def entries() -> tuple[GameEntry, ...]:
    """Every registered game, in :data:`REGISTERED` order."""
    global _loaded
    if _loaded is None:
        loaded: dict[str, GameEntry] = {}
        for package in REGISTERED:
            entry = _load(package)
            if entry.name in loaded:
                raise CatalogueError(f"two registered packages are named {entry.name!r}")
            loaded[entry.name] = entry
        _loaded = loaded
    return tuple(_loaded.values())


def names() -> tuple[str, ...]:
    return tuple(entry.name for entry in entries())


_one: dict[str, GameEntry] = {}


def entry(name: str) -> GameEntry:
    """The entry of the game named ``name``; :class:`KeyError` if none. Only that game's
    package is imported when it is named by its package (``engine.<name>``): checking one
    game's record needs no other game (the browser's verifier runs without Flickago's pymunk)."""
    if _loaded is not None and name in _loaded:  # the server's path: every rule lookup of a move
        return _loaded[name]
    if _loaded is None:
        package = next((p for p in REGISTERED if p.rpartition(".")[2] == name), None)
        if package is not None:
            if name not in _one:
                _one[name] = _load(package)
            if _one[name].name == name:
                return _one[name]
    for found in entries():
        if found.name == name:
            return found
    raise KeyError(f"no game named {name!r}")


__all__ = ["REGISTERED", "CatalogueError", "GameEntry", "entries", "entry", "names"]


def _wording_problems(
    by_level: Mapping[str, Mapping[str, str]], levels: tuple[str, ...], verb: str, every: bool
) -> list[str]:
    """What is wrong with a table of words by bot level (``{level: {"en", "fr"}}``): a level
    it has that is not a bot level, or words missing in a language; with ``every``, each bot
    level must be in it."""
    problems = [f"{level!r} is {verb} but is not a bot level" for level in by_level if level not in levels]
    for level in levels if every else [level for level in by_level if level in levels]:
        words = by_level.get(level, {})
        if set(words) != {"en", "fr"} or not all(words.values()):
            problems.append(f"the level {level!r} is {verb} in English and French, neither empty")
    return problems
