"""The words of the mails and of the two small pages their links open, in English and French.

A notification mail says only what its :class:`~app.notify.Notice` holds — the room, the
game, the kind of notice, whose turn it is — and the room's link; nothing of any seat's
hidden state ever reaches it. Every mail ends with its one-click unsubscribe link.
"""

from __future__ import annotations

import html
from typing import Final

from app.notify import Notice

LANGS: Final = ("en", "fr")

_WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "your_turn.subject": "Your move in {game} (room {room})",
        "your_turn.body": "It is your turn in {game}, room {room}.",
        "game_started.subject": "{game}: your game has started (room {room})",
        "game_started.body": "Your game of {game} in room {room} has started.",
        "game_over.subject": "{game}: the game is over (room {room})",
        "game_over.body": "The game of {game} in room {room} is over. See how it ended in the room.",
        "time_low.subject": "{hours} h left for your move in {game} (room {room})",
        "time_low.body": "You have {hours} hours left to move in {game}, room {room}.",
        "turn_of": "Waiting for: {names}.",
        "seat": "Seat {n}",
        "open": "Open the room: {url}",
        "footer": (
            "You get this mail because you asked Speakeasy to tell you about your games.\n"
            "Stop these mails with one click: {url}"
        ),
        "confirm.subject": "Confirm your address for Speakeasy",
        "confirm.body": (
            "Someone (we hope you) asked Speakeasy to send the news of their games to this address.\n\n"
            "To confirm, open this link within {hours} hours:\n{url}\n\n"
            "If it was not you, do nothing: without confirmation no other mail comes."
        ),
        "sign_in.subject": "Your Speakeasy sign-in link",
        "sign_in.body": (
            "Open this link once, within 15 minutes, on the device where you want to play with "
            "your games:\n{url}\n\n"
            "If you did not ask for it, do nothing: the link expires by itself."
        ),
        "page.confirmed.title": "Address confirmed",
        "page.confirmed.text": (
            "From now on, Speakeasy mails you when it is your turn and when your games start and end."
        ),
        "page.bad_confirm.title": "This link no longer works",
        "page.bad_confirm.text": (
            "It has expired, was already replaced by a newer address, or is incomplete. "
            "Enter your address again in your notification settings to get a new link."
        ),
        "page.unsubscribe.title": "Stop the mails?",
        "page.unsubscribe.text": "Speakeasy will no longer mail this address, and it will be forgotten.",
        "page.unsubscribe.button": "Stop the mails",
        "page.unsubscribed.title": "No more mails",
        "page.unsubscribed.text": "This address is forgotten: Speakeasy sends it nothing more.",
        "page.back": "Back to Speakeasy",
        "page.settings": "Notification settings",
    },
    "fr": {
        "your_turn.subject": "À vous de jouer : {game} (salle {room})",
        "your_turn.body": "C’est votre tour dans {game}, salle {room}.",
        "game_started.subject": "{game} : votre partie a commencé (salle {room})",
        "game_started.body": "Votre partie de {game} dans la salle {room} a commencé.",
        "game_over.subject": "{game} : la partie est terminée (salle {room})",
        "game_over.body": (
            "La partie de {game} dans la salle {room} est terminée. "
            "Voyez comment elle s’est finie dans la salle."
        ),
        "time_low.subject": "Plus que {hours} h pour jouer : {game} (salle {room})",
        "time_low.body": "Il vous reste {hours} heures pour jouer dans {game}, salle {room}.",
        "turn_of": "On attend : {names}.",
        "seat": "Place {n}",
        "open": "Ouvrir la salle : {url}",
        "footer": (
            "Vous recevez ce message car vous avez demandé à Speakeasy de vous prévenir pour vos parties.\n"
            "Ne plus recevoir ces messages, en un clic : {url}"
        ),
        "confirm.subject": "Confirmez votre adresse pour Speakeasy",
        "confirm.body": (
            "Quelqu’un (vous, espérons-le) a demandé à Speakeasy d’envoyer les nouvelles de ses parties "
            "à cette adresse.\n\n"
            "Pour confirmer, ouvrez ce lien d’ici {hours} heures :\n{url}\n\n"
            "Si ce n’était pas vous, ne faites rien : sans confirmation, aucun autre message ne viendra."
        ),
        "sign_in.subject": "Votre lien de connexion à Speakeasy",
        "sign_in.body": (
            "Ouvrez ce lien une seule fois, d’ici 15 minutes, sur l’appareil où vous voulez retrouver "
            "vos parties :\n{url}\n\n"
            "Si vous ne l’avez pas demandé, ne faites rien : le lien expire tout seul."
        ),
        "page.confirmed.title": "Adresse confirmée",
        "page.confirmed.text": (
            "Désormais, Speakeasy vous écrit quand c’est votre tour, et quand vos parties commencent "
            "et se terminent."
        ),
        "page.bad_confirm.title": "Ce lien ne fonctionne plus",
        "page.bad_confirm.text": (
            "Il a expiré, une adresse plus récente l’a remplacé, ou il est incomplet. "
            "Saisissez de nouveau votre adresse dans vos réglages de notification pour recevoir "
            "un nouveau lien."
        ),
        "page.unsubscribe.title": "Ne plus recevoir de messages ?",
        "page.unsubscribe.text": "Speakeasy n’écrira plus à cette adresse, et l’oubliera.",
        "page.unsubscribe.button": "Ne plus recevoir de messages",
        "page.unsubscribed.title": "Plus aucun message",
        "page.unsubscribed.text": "Cette adresse est oubliée : Speakeasy ne lui envoie plus rien.",
        "page.back": "Retour à Speakeasy",
        "page.settings": "Réglages de notification",
    },
}


def lang_of(value: str | None) -> str:
    """One of :data:`LANGS` (English for anything else)."""
    return value if value in LANGS else "en"


def words(lang: str, key: str, **params: object) -> str:
    return _WORDS[lang_of(lang)][key].format(**params)


def notice_mail(lang: str, notice: Notice, unsubscribe_url: str, room_url: str) -> tuple[str, str]:
    """Subject and plain-text body of a notification mail (``room_url``: the notice's
    address made absolute)."""
    params = {"game": notice.game_title, "room": notice.room_id, "hours": notice.hours_left or 0}
    lines = [words(lang, f"{notice.kind}.body", **params)]
    names = turn_names(lang, notice)
    if names and notice.kind != "game_over":
        lines.append(words(lang, "turn_of", names=", ".join(names)))
    lines += ["", words(lang, "open", url=room_url), "", "-- ", words(lang, "footer", url=unsubscribe_url)]
    return words(lang, f"{notice.kind}.subject", **params), "\n".join(lines) + "\n"


def turn_names(lang: str, notice: Notice) -> tuple[str, ...]:
    """Whose turn it is, in the mail's language: the seats' numbers when the notice gives
    them (``turn_seats``), else its English ``turn_of``."""
    seats: tuple[int, ...] = getattr(notice, "turn_seats", ())
    if seats:
        return tuple(words(lang, "seat", n=seat + 1) for seat in seats)
    return notice.turn_of


def confirm_mail(lang: str, confirm_url: str, hours: int) -> tuple[str, str]:
    return words(lang, "confirm.subject"), words(lang, "confirm.body", url=confirm_url, hours=hours) + "\n"


def sign_in_mail(lang: str, link_url: str) -> tuple[str, str]:
    return words(lang, "sign_in.subject"), words(lang, "sign_in.body", url=link_url) + "\n"


def page(lang: str, name: str, form_action: str | None = None) -> str:
    """A small page of the site's look: ``page.<name>.title`` and ``.text``, a button that
    posts to ``form_action`` when given, and links back."""
    lang = lang_of(lang)
    title = html.escape(words(lang, f"page.{name}.title"))
    text = html.escape(words(lang, f"page.{name}.text"))
    form = ""
    if form_action is not None:
        button = html.escape(words(lang, f"page.{name}.button"))
        form = (
            f'<form method="post" action="{html.escape(form_action)}">'
            f'<button type="submit" id="email-page-button">{button}</button></form>'
        )
    back = html.escape(words(lang, "page.back"))
    settings = html.escape(words(lang, "page.settings"))
    return (
        f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="color-scheme" content="dark light">\n'
        f"<title>Speakeasy — {title}</title>\n"
        '<link rel="stylesheet" href="/static/css/style.css">\n<link rel="icon" href="data:,">\n</head>\n'
        '<body class="email-page">\n<header class="top"><a class="brand" href="/">Speakeasy</a></header>\n'
        '<main class="narrow">\n<section class="card">\n'
        f'<h1 class="title" id="email-page-title">{title}</h1>\n'
        f'<p id="email-page-text">{text}</p>\n{form}\n'
        f'<p><a href="/">{back}</a> · <a href="/notifications">{settings}</a></p>\n'
        "</section>\n</main>\n</body>\n</html>\n"
    )
