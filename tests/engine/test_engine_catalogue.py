"""The catalogue: one registry line per game, every registered package must load, and Speak
Easy's entry describes the game as it is (options, bot levels, hooks)."""

from __future__ import annotations

import re
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

import engine
from engine import catalogue
from engine.catalogue import CatalogueError, GameEntry
from engine.errors import InvalidAction
from engine.rng import new_seed
from engine.speakeasy import ENTRY, SPEAKEASY
from engine.speakeasy.bot.levels import DEFAULT_LEVEL, LEVELS
from engine.speakeasy.rules import PRESETS, RuleOptions, options_from


@pytest.fixture
def fresh_catalogue(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    monkeypatch.setattr(catalogue, "_loaded", None)
    monkeypatch.setattr(catalogue, "_one", {})
    yield monkeypatch
    catalogue._loaded = None  # the next caller loads the real registry again


def test_registry_and_lookups() -> None:
    assert "engine.speakeasy" in catalogue.REGISTERED
    assert catalogue.names()[0] == "speakeasy" and catalogue.names() == engine.GAMES
    assert catalogue.entry("speakeasy") is ENTRY and ENTRY.game is SPEAKEASY
    assert engine.get_game("speakeasy") is SPEAKEASY
    with pytest.raises(KeyError):
        engine.get_game("chess")
    with pytest.raises(AttributeError):
        _ = engine.NO_SUCH_THING
    for found in catalogue.entries():
        found.check()
        assert found.game.name == found.name


def test_speakeasy_entry() -> None:
    assert (ENTRY.name, ENTRY.title) == ("speakeasy", "Speak Easy")
    assert (ENTRY.min_players, ENTRY.max_players) == (2, 2)
    assert ENTRY.bot_levels == tuple(LEVELS) == ("easy", "normal", "strong")
    assert ENTRY.autopilot_level == DEFAULT_LEVEL
    assert ENTRY.client_module == "/static/games/speakeasy/main.js"
    assert ENTRY.rules_module == "/static/games/speakeasy/rules.js"  # beside it, by default
    assert set(ENTRY.presets) == set(PRESETS)
    state = SPEAKEASY.new_game(new_seed())
    action = ENTRY.decider()(SPEAKEASY.view(state, 0), "easy", 1, 0.2)
    assert action["type"] == "setup"
    SPEAKEASY.apply(state, 0, action)
    assert ENTRY.record_text(state).startswith('[Game "speakeasy"]')
    assert ENTRY.record(state)["game"] == "speakeasy"


def test_option_schema_is_generated_from_the_rule_options() -> None:
    schema = ENTRY.option_schema
    names = [f for f in RuleOptions.__dataclass_fields__]
    assert list(schema) == ["preset", *names]
    assert schema["preset"] == {
        "type": "string",
        "enum": ["speakeasy", "luzhanqi"],
        "default": "speakeasy",
        "description": "The rule set the other options start from.",
    }
    defaults = RuleOptions()
    for name in names:
        spec = schema[name]
        assert spec["default"] == getattr(defaults, name) and spec["description"]
        assert spec["type"] == ("boolean" if isinstance(spec["default"], bool) else "integer")
    assert (schema["no_combat_limit"]["minimum"], schema["no_combat_limit"]["maximum"]) == (1, 10_000)
    # The schema's defaults are the default preset; its bounds are what the rules accept.
    assert options_from({k: v["default"] for k, v in schema.items()}) == RuleOptions()
    options_from({"no_combat_limit": 10_000})
    with pytest.raises(InvalidAction):
        options_from({"no_combat_limit": 10_001})


def test_a_registered_package_that_fails_to_import_is_an_error(fresh_catalogue: pytest.MonkeyPatch) -> None:
    fresh_catalogue.setattr(catalogue, "REGISTERED", ("engine.speakeasy", "engine.no_such_game"))
    with pytest.raises(ModuleNotFoundError):
        catalogue.entries()
    with pytest.raises(ModuleNotFoundError):
        catalogue.entry("no_such_game")
    # One game named by its package loads alone (checking its record needs no other game).
    assert engine.get_game("speakeasy") is SPEAKEASY


def test_a_registered_package_without_entry_is_an_error(fresh_catalogue: pytest.MonkeyPatch) -> None:
    fresh_catalogue.setattr(catalogue, "REGISTERED", ("engine.speakeasy", "engine.errors"))
    with pytest.raises(CatalogueError, match="no ENTRY"):
        catalogue.names()


def test_two_entries_of_one_name_are_an_error(fresh_catalogue: pytest.MonkeyPatch) -> None:
    fresh_catalogue.setattr(catalogue, "REGISTERED", ("engine.speakeasy", "engine.speakeasy"))
    with pytest.raises(CatalogueError, match="two registered packages"):
        catalogue.entries()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"name": "other"}, "is not its game's"),
        ({"max_players": 4}, "player counts"),
        ({"min_players": 3, "max_players": 2}, "min_players <= max_players"),
        ({"autopilot_level": "grandmaster"}, "autopilot level"),
        ({"bot": "engine.speakeasy.bot.decide"}, "module:function"),
        ({"rules_module": "https://elsewhere.example/rules.js"}, "not a module under /static/games/"),
        ({"client_module": "/static/js/room.js", "rules_module": ""}, "not a module under /static/games/"),
        ({"hint_reason": "engine.speakeasy.bot.hint.reason_for"}, "hint_reason is 'module:function'"),
        ({"level_descriptions": {"grandmaster": {"en": "x", "fr": "x"}}}, "is not a bot level"),
        ({"level_descriptions": {"easy": {"en": "Easy"}}}, "in English and French"),
        ({"level_names": {**ENTRY.level_names, "grandmaster": {"en": "x", "fr": "x"}}}, "is not a bot level"),
        ({"level_names": {**ENTRY.level_names, "easy": {"en": "easy", "fr": ""}}}, "named in English and"),
        ({"level_names": {"easy": {"en": "easy", "fr": "facile"}}}, "'normal' is named in English"),
    ],
)
def test_an_entry_that_contradicts_its_game_is_refused(
    change: dict[str, object], message: str, fresh_catalogue: pytest.MonkeyPatch
) -> None:
    fields = {name: getattr(ENTRY, name) for name in GameEntry.__dataclass_fields__}
    bad = GameEntry(**{**fields, **change})
    fake = types.ModuleType("fake_game")
    fake.ENTRY = bad  # type: ignore[attr-defined]
    fresh_catalogue.setitem(__import__("sys").modules, "fake_game", fake)
    fresh_catalogue.setattr(catalogue, "REGISTERED", ("fake_game",))
    with pytest.raises(CatalogueError, match=message):
        catalogue.entries()


def test_the_command_line_says_when_the_catalogue_cannot_load(
    fresh_catalogue: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from engine.__main__ import main

    fresh_catalogue.setattr(catalogue, "REGISTERED", ("engine.speakeasy", "engine.no_such_game"))
    assert main(["list"]) == 3
    err = capsys.readouterr().err
    assert err.startswith("error: the catalogue cannot load its games:") and "no_such_game" in err


@pytest.mark.parametrize("name", catalogue.names())
def test_every_way_a_game_ends_from_outside_makes_an_event(name: str) -> None:
    """The server sends frames for events only: an end with none would never reach a page."""
    from engine.core import Result

    found = catalogue.entry(name)
    game = found.game
    for players in {found.min_players, found.max_players}:
        state = game.new_game(new_seed(), None, players)
        assert game.conclude(state, Result.aborted()).events, f"{name}: an abort makes no event"
        assert game.withdraw(state, 0, "resign").events, f"{name}: a resignation makes no event"
        if found.agreed_draws:
            assert game.conclude(state, Result.draw("agreement")).events, f"{name}: a draw makes no event"


def test_every_game_hints_at_its_strongest_level_and_names_and_describes_every_level() -> None:
    for found in catalogue.entries():
        assert found.hint_level == found.bot_levels[-1]
        assert callable(found.reasoner())
        assert set(found.level_descriptions) == set(found.bot_levels) == set(found.level_names)
    fields = {name: getattr(ENTRY, name) for name in GameEntry.__dataclass_fields__}
    with pytest.raises(CatalogueError, match="gives no hints"):
        GameEntry(**{**fields, "hint_reason": ""}).reasoner()


def test_the_rules_module_is_beside_the_client_module_unless_named() -> None:
    fields = {name: getattr(ENTRY, name) for name in GameEntry.__dataclass_fields__}
    moved = GameEntry(**{**fields, "client_module": "/static/games/other/board.js", "rules_module": ""})
    assert moved.rules_module == "/static/games/other/rules.js"
    named = GameEntry(**{**fields, "rules_module": "/static/games/speakeasy/how-to-play.js"})
    assert named.rules_module == "/static/games/speakeasy/how-to-play.js"
    for found in catalogue.entries():
        assert found.rules_module.startswith("/static/games/") and found.rules_module.endswith(".js")


def test_the_client_shell_names_no_level() -> None:
    """A level's name comes from its game's entry (``level_names``): the shell keeps none."""
    shell = Path(__file__).resolve().parents[2] / "static" / "js"
    for path in sorted(shell.glob("*.js")):
        assert not re.search(r"[\"'`]bot\.", path.read_text(encoding="utf-8")), path.name
