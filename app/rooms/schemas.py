"""Request and response bodies of the HTTP API. Public schemas carry nothing hidden:
token digests, guest ids and game states never appear here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StringConstraints, model_validator

from app.clocks import DAY_MS
from engine.catalogue import entry, names
from engine.errors import GameError
from engine.rng import new_seed
from engine.tutorial import TUTORIAL_LEVEL, Tutorial

OptionValue = bool | int | Annotated[str, StringConstraints(min_length=1, max_length=64, pattern=r"^[ -~]+$")]


class TimeControl(BaseModel):
    """A live room's chess clock."""

    model_config = ConfigDict(extra="forbid", strict=True)

    initial: Annotated[int, Field(ge=10, le=3 * 3600, description="seconds per player")]
    increment: Annotated[int, Field(ge=0, le=600, description="seconds added after each move")] = 0


TURN_DAYS: Final = (1, 2, 3, 5, 7, 14)
"""The days per move a turn-based room may give."""


class DaysPerMove(BaseModel):
    """A turn-based room: each seat has ``days`` for each of its moves (or turns, where the
    game counts a turn: :meth:`engine.core.Game.increments`)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    days: Literal[1, 2, 3, 5, 7, 14]


class NoLimit(BaseModel):
    """A turn-based room without a time limit (among friends)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    unlimited: Literal[True]


AnyTimeControl = TimeControl | DaysPerMove | NoLimit

_FORMS = "a time control is {initial, increment} (seconds), {days: 1, 2, 3, 5, 7 or 14} or {unlimited: true}"


def _one_form(value: Any) -> Any:
    """The form a time control's keys name, validated as that form alone, so that a refusal
    says what is wrong in words instead of listing every form's complaints."""
    if not isinstance(value, dict):
        return value
    if "days" in value:
        if set(value) != {"days"} or value["days"] not in TURN_DAYS or type(value["days"]) is not int:
            raise ValueError(f"days per move is one of {', '.join(map(str, TURN_DAYS))}, alone")
        return DaysPerMove.model_validate(value)
    if "unlimited" in value:
        if set(value) != {"unlimited"} or value["unlimited"] is not True:
            raise ValueError("a turn-based room without a limit is {unlimited: true}, alone")
        return NoLimit(unlimited=True)
    if "initial" not in value:
        raise ValueError(_FORMS)
    return value


Name = Annotated[str, StringConstraints(min_length=1, max_length=32, pattern=r"^[a-z0-9_]+$")]


class RoomCreate(BaseModel):
    """A new room: the game (from ``GET /api/catalogue``), how many play, the preset, the
    time control, and which of seats 1 … players−1 a bot takes (``bots``, a level or null
    for a seat to be claimed by invite; ``bot``: every other seat a bot at that level).
    ``tutorial: true`` (with the game and nothing else) makes the game's guided first game:
    its players, preset, options and seed from the game's tutorial, the other seats the
    computer at bot level ``"tutorial"``, untimed, no spectators."""

    # Strict: the schema says boolean and integer, so 0, "600" or 600.0 are refused too.
    model_config = ConfigDict(extra="forbid", strict=True)

    game: Name | None = None
    players: Annotated[int, Field(ge=1, le=16)] | None = None
    preset: Name | None = None
    options: Annotated[dict[Name, OptionValue], Field(max_length=32)] | None = None
    """Rule options beside the preset (the catalogue's ``option_schema``), checked by the game."""
    time_control: Annotated[AnyTimeControl | None, BeforeValidator(_one_form)] = None
    """Live ``{initial, increment}``, or turn-based ``{days}`` / ``{unlimited: true}``."""
    setup_seconds: Annotated[int, Field(ge=10, le=3600)] | None = 180
    spectators: bool = True
    bot: Name | None = None
    bots: Annotated[list[Name | None], Field(max_length=15)] | None = None
    tutorial: bool = False

    @model_validator(mode="after")
    def _known_to_the_catalogue(self) -> RoomCreate:
        try:
            found = entry(self.game_name())
        except KeyError:
            raise ValueError(f"no game named {self.game!r}; see GET /api/catalogue") from None
        if self.tutorial:
            if found.tutorial is None:
                raise ValueError(f"{found.title} has no guided first game yet")
            given = sorted(self.model_fields_set - {"game", "tutorial"})
            if given:
                raise ValueError(
                    f"a guided first game is made from the game alone, without {', '.join(given)}"
                )
            return self
        players = self.seat_count()
        if not found.min_players <= players <= found.max_players:
            raise ValueError(f"{found.title} is for {found.min_players} to {found.max_players} players")
        if self.preset is not None and self.preset not in found.presets:
            raise ValueError(f"{found.title} has no preset {self.preset!r}")
        if self.options:
            if "preset" in self.options:
                raise ValueError("the preset is given as preset, not among the options")
            try:  # the game checks its options as it would for the room's first game
                found.game.new_game(new_seed(), {"preset": self.chosen_preset(), **self.options}, players)
            except GameError as error:
                raise ValueError(f"options: {error}") from None
        if self.bot is not None and self.bots is not None:
            raise ValueError("give bot or bots, not both")
        if self.bots is not None and len(self.bots) != players - 1:
            raise ValueError("bots lists seats 1 to players-1")
        for level in [self.bot, *(self.bots or [])]:
            if level is not None and level not in found.bot_levels:
                raise ValueError(f"{found.title}'s bot levels are {', '.join(found.bot_levels)}")
        return self

    def game_name(self) -> str:
        """The game asked for, or the catalogue's first."""
        return self.game if self.game is not None else names()[0]

    def seat_count(self) -> int:
        lesson = self.lesson()
        if lesson is not None:
            return lesson.players
        return self.players if self.players is not None else entry(self.game_name()).min_players

    def chosen_preset(self) -> str:
        lesson = self.lesson()
        if lesson is not None:
            return lesson.preset
        return self.preset if self.preset is not None else next(iter(entry(self.game_name()).presets))

    def chosen_options(self) -> dict[str, Any]:
        """The rule options beside the preset."""
        lesson = self.lesson()
        return dict(lesson.options if lesson is not None else self.options or {})

    def lesson(self) -> Tutorial | None:
        """The game's tutorial when one is asked for (``None`` otherwise)."""
        return entry(self.game_name()).tutorial if self.tutorial else None

    def pace(self) -> Pace:
        """The room's clocks as stored: live, untimed or turn-based (a guided first game is
        untimed). A turn-based room's setup deadline is its allowance per move (none
        without a limit): the setup is one decision at the room's pace."""
        control = None if self.tutorial else self.time_control
        setup = None if self.tutorial else self.setup_seconds
        if isinstance(control, DaysPerMove):
            return Pace(True, control.days * DAY_MS, None, control.days * DAY_MS // 1000)
        if isinstance(control, NoLimit):
            return Pace(True, None, None, None)
        if isinstance(control, TimeControl):
            return Pace(False, control.initial * 1000, control.increment * 1000, setup)
        return Pace(False, None, None, setup)

    def seat_bots(self) -> list[str | None]:
        """The bot level (or ``None``) of each seat 1 … players−1: every one the computer at
        level ``"tutorial"`` in a guided first game."""
        if self.tutorial:
            return [TUTORIAL_LEVEL] * (self.seat_count() - 1)
        if self.bots is not None:
            return list(self.bots)
        return [self.bot] * (self.seat_count() - 1)


@dataclass(frozen=True, slots=True)
class Pace:
    """A room's clocks as its row stores them."""

    turn_based: bool
    initial_ms: int | None
    """Live: each seat's time; turn-based: the allowance per move; ``None``: no limit."""
    increment_ms: int | None
    setup_seconds: int | None


class CatalogueGame(BaseModel):
    name: str
    title: str
    min_players: int
    max_players: int
    presets: dict[str, dict[str, Any]]
    option_schema: dict[str, Any]
    bot_levels: list[str]
    client_module: str
    rules_module: str
    private_channels: bool
    agreed_draws: bool
    tutorial: bool
    """Whether the game has a guided first game (``POST /api/rooms {"tutorial": true}``)."""
    level_names: dict[str, dict[str, str]]
    """Each bot level's name, by language (``{level: {"en", "fr"}}``)."""
    level_descriptions: dict[str, dict[str, str]]
    """Each bot level in one line, by language (``{level: {"en", "fr"}}``)."""
    hints: bool
    """Whether a seated player may ask what the computer would do (the ``hint`` frame)."""


class RoomCreated(BaseModel):
    room_id: str
    seat: int
    invite_url: str | None
    watch_url: str | None
    room_url: str
    rejoin_secret: str = Field(description="keep it in the browser: POST /api/rooms/{room_id}/rejoin")


class ErrorDetail(BaseModel):
    code: str
    message: str


class ErrorResponse(BaseModel):
    """Every 4xx answer of the API (``AppError`` and request validation alike)."""

    detail: ErrorDetail


class Claimed(BaseModel):
    room_id: str
    seat: int
    rejoin_secret: str = Field(description="keep it in the browser: POST /api/rooms/{room_id}/rejoin")


class RejoinRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    secret: Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]+$", min_length=1, max_length=64)]


class Rejoined(BaseModel):
    room_id: str
    seat: int


class InviteIssued(BaseModel):
    invite_url: str


class WatchTarget(BaseModel):
    room_id: str
