"""A notice in words, English or French: the title and body a push notification shows.

Built from the notice's fields alone (the game's title, the kind, whose turn, the hours
left), so a payload can hold nothing the notice does not.
"""

from __future__ import annotations

from app.notify import Notice

LANGUAGES = ("en", "fr")

_TITLES = {
    "en": {
        "your_turn": "Your move in {game}",
        "game_started": "{game}: the game has started",
        "game_over": "{game}: the game is over",
        "time_low": "{game}: {hours} h left to play",
    },
    "fr": {
        "your_turn": "À vous de jouer à {game}",
        "game_started": "{game} : la partie commence",
        "game_over": "{game} : la partie est finie",
        "time_low": "{game} : plus que {hours} h pour jouer",
    },
}
_BODIES = {
    "en": {
        "your_turn": "It is your turn. Open the room to play.",
        "game_started": "Every seat is taken. {turn}",
        "game_over": "Open the room to see the result.",
        "time_low": "Your move is due within {hours} hours. Open the room to play.",
    },
    "fr": {
        "your_turn": "C'est votre tour. Ouvrez la partie pour jouer.",
        "game_started": "Toutes les places sont prises. {turn}",
        "game_over": "Ouvrez la partie pour voir le résultat.",
        "time_low": "Vous devez jouer d'ici {hours} heures. Ouvrez la partie pour jouer.",
    },
}
_SEAT = {"en": "Seat {n}", "fr": "Place {n}"}
_TURN = {"en": "To play: {names}.", "fr": "À jouer : {names}."}


def language(code: str | None) -> str:
    """The language a guest's notices are written in: his if known, else English."""
    short = (code or "").lower()[:2]
    return short if short in LANGUAGES else "en"


def seat_label(seat: int, lang: str = "en") -> str:
    """A seat's display name: the server knows no game's names for its seats."""
    return _SEAT[language(lang)].format(n=seat + 1)


def title(notice: Notice, lang: str) -> str:
    lang = language(lang)
    return _TITLES[lang][notice.kind].format(game=notice.game_title, hours=notice.hours_left or 12)


def body(notice: Notice, lang: str) -> str:
    lang = language(lang)
    names = ", ".join(seat_label(seat, lang) for seat in notice.turn_seats) or "—"
    turn = _TURN[lang].format(names=names) if notice.turn_seats else ""
    return _BODIES[lang][notice.kind].format(turn=turn, hours=notice.hours_left or 12).strip()
