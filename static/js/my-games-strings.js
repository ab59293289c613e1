// The words of "My games" (issue 27, item 4): whose turn, the time left, the landing page's
// "Your move in N games", and the one-time link that carries a player to another device
// (its page at /link/<token>). English and French, added to the shell's dictionaries.

export const MY_GAMES_STRINGS = {
  en: {
    "my.turn": "Turn",
    "my.timeLeft": "Time left",
    "my.yourMove": "Your move",
    "my.waitingFor": "Waiting for player {list}",
    "my.waitingForMany": "Waiting for players {list}",
    "my.waiting": "Waiting",
    "my.joining": "Waiting for players to join",
    "my.open": "Open",
    "my.noLimit": "no limit",
    "my.overdue": "time is up",
    "time.days": "{d} d {h} h",
    "time.hours": "{h} h {m} min",
    "yourMove.count": "Your move in {n} games",
    "yourMove.one": "Your move in 1 game",
    "device.title": "Play on another device",
    "device.help": "Open a one-time link on your phone or another computer to continue there as the same player, with all these games.",
    "device.make": "Make a link",
    "device.link": "Link for your other device",
    "device.expires": "Works once, until {time} ({left} left).",
    "device.expired": "This link has expired. Make a new one.",
    "device.qr": "Or scan this code with the other device's camera.",
    "device.qrAlt": "QR code of the link",
    "device.failed": "No link could be made: {m}",
    "link.title": "Continue on this device",
    "link.question": "Continue as this player on this device?",
    "link.help": "This browser will take over the player who made the link: the same games, the same seats.",
    "link.replaces": "The player this browser uses now will be replaced here. Their games stay reachable only from their other devices.",
    "link.confirm": "Yes, continue as this player",
    "link.cancel": "No, go back",
    "link.checking": "Checking the link…",
    "link.already": "This browser is already this player.",
    "link.toGames": "Go to My games",
    "link.used": "This link has already been used. Ask the other device for a new one.",
    "link.expired": "This link has expired (it works for 15 minutes). Ask the other device for a new one.",
    "link.unknown": "This link is not valid. Check that it was copied whole, or make a new one.",
    "link.failed": "Something went wrong: {m}",
  },
  fr: {
    "my.turn": "Tour",
    "my.timeLeft": "Temps restant",
    "my.yourMove": "À vous de jouer",
    "my.waitingFor": "En attente du joueur {list}",
    "my.waitingForMany": "En attente des joueurs {list}",
    "my.waiting": "En attente",
    "my.joining": "En attente des autres joueurs",
    "my.open": "Ouvrir",
    "my.noLimit": "sans limite",
    "my.overdue": "temps écoulé",
    "time.days": "{d} j {h} h",
    "time.hours": "{h} h {m} min",
    "yourMove.count": "À vous de jouer dans {n} parties",
    "yourMove.one": "À vous de jouer dans 1 partie",
    "device.title": "Jouer sur un autre appareil",
    "device.help": "Ouvrez un lien à usage unique sur votre téléphone ou un autre ordinateur pour y continuer en tant que le même joueur, avec toutes ces parties.",
    "device.make": "Créer un lien",
    "device.link": "Lien pour votre autre appareil",
    "device.expires": "Valable une fois, jusqu’à {time} (encore {left}).",
    "device.expired": "Ce lien a expiré. Créez-en un nouveau.",
    "device.qr": "Ou scannez ce code avec l’appareil photo de l’autre appareil.",
    "device.qrAlt": "QR code du lien",
    "device.failed": "Impossible de créer un lien : {m}",
    "link.title": "Continuer sur cet appareil",
    "link.question": "Continuer en tant que ce joueur sur cet appareil ?",
    "link.help": "Ce navigateur prendra la place du joueur qui a créé le lien : les mêmes parties, les mêmes places.",
    "link.replaces": "Le joueur que ce navigateur utilise maintenant y sera remplacé. Ses parties resteront accessibles depuis ses autres appareils seulement.",
    "link.confirm": "Oui, continuer en tant que ce joueur",
    "link.cancel": "Non, revenir",
    "link.checking": "Vérification du lien…",
    "link.already": "Ce navigateur est déjà ce joueur.",
    "link.toGames": "Aller à Mes parties",
    "link.used": "Ce lien a déjà servi. Demandez-en un nouveau à l’autre appareil.",
    "link.expired": "Ce lien a expiré (il est valable 15 minutes). Demandez-en un nouveau à l’autre appareil.",
    "link.unknown": "Ce lien n’est pas valide. Vérifiez qu’il a été copié en entier, ou créez-en un nouveau.",
    "link.failed": "Un problème est survenu : {m}",
  },
};

/** A time left as players read it: "2 d 4 h" past a day, "5 h 12 min" past an hour, else
 * "mm:ss" (a live clock). */
export function timeLeftText(ms, t) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return t("time.days", { d, h });
  if (h > 0) return t("time.hours", { h, m });
  return `${String(m).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}
