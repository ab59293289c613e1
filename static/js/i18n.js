// English and French (the rulebooks' languages). The language comes from the browser, can be
// switched, and the choice is remembered. This file holds the platform's words (the shell);
// each game module adds its own with addStrings() (static/games/<name>/strings.js).

const EN = {
  "brand": "Speakeasy",
  "nav.rules": "Rules",
  "nav.home": "New game",
  "lang.label": "Language",
  // landing
  "landing.tagline": "Hidden-information board games with friends or the computer. No sign-up: send a link.",
  "landing.new": "New game",
  "landing.game": "Game",
  "landing.players": "Players",
  "landing.playersN": "{n} players",
  "landing.noClient": "not playable in the browser yet",
  "landing.seats": "Other seats",
  "landing.seat": "Seat {n}",
  "landing.friend": "A friend (send an invite link)",
  "landing.botLevel": "Computer ({level})",
  "landing.rules": "Rules",
  "landing.clock": "Time control",
  "landing.spectators": "Allow spectators",
  "landing.create": "Create the room",
  "landing.creating": "Creating…",
  "landing.created": "Your room is ready.",
  "bot.easy": "easy", "bot.normal": "normal", "bot.strong": "strong",
  "clock.none": "No clock",
  "clock.min": "{m} min + {s} s per move",
  "invite.title": "Invite your opponent",
  "invite.titlePlayers": "Invite the other players",
  "invite.help": "Send this link to the people you want to play. Each opening takes the next free seat.",
  "invite.link": "Invite link",
  "invite.watch": "Spectator link",
  "invite.watchHelp": "Anyone with this link can watch (public facts only).",
  "invite.copy": "Copy",
  "invite.copied": "Copied",
  "invite.new": "New invite link",
  "invite.enter": "Enter the room",
  "invite.lost": "The invite link was shown when the room was created. Make a new one:",
  // room
  "room.loading": "Connecting…",
  "room.notFound": "This room does not exist.",
  "room.inviteGone": "This invite link is no longer valid.",
  "room.inviteExpired": "This invite link has expired: ask the person who invited you for a new one.",
  "room.full": "This room is already full.",
  "room.watchGone": "This spectator link is no longer valid.",
  "room.viewers": "{n} watching",
  "room.you": "You",
  "room.opponent": "Opponent",
  "room.computer": "Computer",
  "room.free": "free seat",
  "room.autopilot": "autopilot",
  "room.waitingOpponent": "Waiting for your opponent to join…",
  "room.waitingPlayers": "Waiting for {n} more player(s) to join…",
  "room.gameNumber": "game {n}",
  "room.info": "Room",
  "lobby.title": "You have no seat in this room",
  "lobby.seats": "Seats: {taken} of {n} taken.",
  "lobby.watch": "Watch this game",
  "lobby.take": "Take the free seat",
  "lobby.full": "Every seat is taken: you can watch with the spectator link.",
  "lobby.noSpectators": "This room does not allow spectators.",
  "lobby.paste": "Paste the invite link (to play) or the spectator link (to watch) that the room's creator sent you:",
  "lobby.pasteLabel": "Invite or spectator link",
  "lobby.go": "Open",
  "lobby.badLink": "That is not an invite or spectator link of this site.",
  "lobby.rejoin": "Take back my seat",
  "conn.reconnecting": "Connection lost — reconnecting…",
  "conn.back": "Reconnected",
  "presence.online": "online",
  "presence.offline": "disconnected",
  "presence.offlineFor": "disconnected for {s} s",
  "presence.opponentGone": "Your opponent is disconnected.",
  "setup.deadline": "Setup time left: {t}",
  // turns
  "turn.yours": "Your turn",
  "turn.theirs": "Opponent's turn",
  "turn.seat": "{seat} to move",
  "turn.waiting": "Waiting for {seats}",
  "title.yourTurn": "Your turn",
  "cue.sound": "Sound when it is your turn",
  "cue.soundOn": "♪ Sound on",
  "cue.soundOff": "♪ Sound off",
  "cue.notify": "Notify me",
  "cue.notifyOn": "Notifications on",
  "cue.notifyDenied": "Notifications blocked by the browser",
  "cue.notifyText": "It is your turn in {game}.",
  // actions and offers
  "action.resign": "Resign",
  "action.resignConfirm": "Resign this game?",
  "action.drawOffer": "Offer a draw",
  "action.drawOffered": "Draw offered",
  "action.drawAccept": "Accept the draw",
  "action.drawDecline": "Decline",
  "action.abort": "Abort the game",
  "action.claim": "Claim the win",
  "action.claimIn": "Claim the win in {t}",
  "action.claimHelp": "Your opponent is away. You may claim the win once the grace period is over.",
  "action.rematch": "Rematch",
  "action.rematchOffered": "Rematch offered — waiting",
  "action.rematchAccept": "Accept the rematch",
  "offer.drawFromOpponent": "Your opponent offers a draw.",
  "offer.drawFrom": "{seats} offer(s) a draw.",
  "offer.rematchFromOpponent": "Your opponent wants a rematch.",
  "offer.rematchFrom": "{seats} want(s) a rematch.",
  // the end
  "result.win": "You won!",
  "result.loss": "You lost.",
  "result.draw": "Draw.",
  "result.aborted": "Game aborted.",
  "result.seatWins": "{seat} wins.",
  "result.seatsWin": "{seats} win.",
  "result.record": "Game record",
  "result.recordJson": "JSON record",
  "result.scores": "Scores: {scores}",
  "score.title": "Score in this room",
  "score.line": "You {w} — {l} {opp}",
  "score.draws": "{n} draw(s)",
  "score.opponents": "opponents",
  "verify.button": "Verify this game",
  "verify.running": "Checking…",
  "verify.ok": "The revealed seed matches the commitment sent at the start of the game ({c}…).",
  "verify.bad": "The revealed seed does NOT match the commitment sent at the start of the game.",
  "verify.more": "The full replay of every chance draw: python -m engine verify record.json",
  "verify.unavailable": "This browser cannot compute SHA-256 here (an https page is needed).",
  "reason.resign": "by resignation",
  "reason.agreement": "by agreement",
  "reason.timeout": "on time",
  "reason.abandon": "the opponent left",
  "reason.aborted": "aborted before the first move",
  // chat
  "chat.title": "Chat",
  "chat.players": "Players",
  "chat.spectators": "Spectators",
  "chat.private": "{seat} (private)",
  "chat.spectator": "Spectator",
  "chat.you": "You",
  "chat.placeholder": "Message — Enter to send",
  "chat.inputLabel": "Message to: {channel}",
  "chat.send": "Send",
  "chat.open": "Show the chat",
  "chat.close": "Hide the chat",
  "chat.unread": "{n} unread",
  "chat.emptyPlayers": "No message yet. Spectators never read the players' chat.",
  "chat.emptySpectators": "No message yet. Players never read the spectators' chat.",
  "chat.emptyPrivate": "No message yet. Only the two of you read this chat.",
  "chat.hiddenLines": "{n} message(s) from muted seats hidden.",
  "chat.jump": "Chat: {n} new ↓",
  "chat.mute": "Hide the messages of {seat}",
  "chat.unmute": "Show the messages of {seat} again",
  "chat.tooLong": "Too long: {n} characters, {max} at most.",
  "chat.rateLimited": "One message a second at most: wait a moment and send again.",
  "chat.forbidden": "You cannot write here: {m}",
  "chat.refused": "Message refused: {m}",
  // errors
  "error.generic": "Something went wrong: {m}",
  "error.refused": "Not possible: {m}",
  "error.not_your_turn": "It is not your turn.",
  "error.illegal": "That move is not allowed.",
  "error.stale_version": "The board changed; try again.",
  "error.game_over": "The game is over.",
  "error.rate_limited": "Slow down a little.",
  "error.forbidden": "Not allowed.",
  "error.conflict": "Not possible now.",
  "error.unavailable": "The server is busy; try again.",
  "error.module": "This game cannot be shown: {m}",
};

const FR = {
  "brand": "Speakeasy",
  "nav.rules": "Règles",
  "nav.home": "Nouvelle partie",
  "lang.label": "Langue",
  "landing.tagline": "Des jeux de plateau à information cachée, entre amis ou contre l’ordinateur. Sans inscription : envoyez un lien.",
  "landing.new": "Nouvelle partie",
  "landing.game": "Jeu",
  "landing.players": "Joueurs",
  "landing.playersN": "{n} joueurs",
  "landing.noClient": "pas encore jouable dans le navigateur",
  "landing.seats": "Autres places",
  "landing.seat": "Place {n}",
  "landing.friend": "Un ami (envoyez-lui un lien)",
  "landing.botLevel": "Ordinateur ({level})",
  "landing.rules": "Règles",
  "landing.clock": "Cadence",
  "landing.spectators": "Autoriser les spectateurs",
  "landing.create": "Créer la salle",
  "landing.creating": "Création…",
  "landing.created": "Votre salle est prête.",
  "bot.easy": "facile", "bot.normal": "normal", "bot.strong": "fort",
  "clock.none": "Sans pendule",
  "clock.min": "{m} min + {s} s par coup",
  "invite.title": "Invitez votre adversaire",
  "invite.titlePlayers": "Invitez les autres joueurs",
  "invite.help": "Envoyez ce lien aux personnes avec qui vous voulez jouer. Chaque ouverture prend la prochaine place libre.",
  "invite.link": "Lien d’invitation",
  "invite.watch": "Lien spectateur",
  "invite.watchHelp": "Toute personne ayant ce lien peut regarder (informations publiques seulement).",
  "invite.copy": "Copier",
  "invite.copied": "Copié",
  "invite.new": "Nouveau lien d’invitation",
  "invite.enter": "Entrer dans la salle",
  "invite.lost": "Le lien d’invitation a été affiché à la création de la salle. En créer un nouveau :",
  "room.loading": "Connexion…",
  "room.notFound": "Cette salle n’existe pas.",
  "room.inviteGone": "Ce lien d’invitation n’est plus valable.",
  "room.inviteExpired": "Ce lien d’invitation a expiré : demandez-en un nouveau à la personne qui vous a invité.",
  "room.full": "Cette salle est déjà complète.",
  "room.watchGone": "Ce lien spectateur n’est plus valable.",
  "room.viewers": "{n} spectateur(s)",
  "room.you": "Vous",
  "room.opponent": "Adversaire",
  "room.computer": "Ordinateur",
  "room.free": "place libre",
  "room.autopilot": "pilote automatique",
  "room.waitingOpponent": "En attente de votre adversaire…",
  "room.waitingPlayers": "En attente de {n} joueur(s)…",
  "room.gameNumber": "partie {n}",
  "room.info": "Salle",
  "lobby.title": "Vous n’avez pas de place dans cette salle",
  "lobby.seats": "Places : {taken} sur {n} prises.",
  "lobby.watch": "Regarder cette partie",
  "lobby.take": "Prendre la place libre",
  "lobby.full": "Toutes les places sont prises : vous pouvez regarder avec le lien spectateur.",
  "lobby.noSpectators": "Cette salle n’accepte pas de spectateurs.",
  "lobby.paste": "Collez le lien d’invitation (pour jouer) ou le lien spectateur (pour regarder) envoyé par le créateur de la salle :",
  "lobby.pasteLabel": "Lien d’invitation ou spectateur",
  "lobby.go": "Ouvrir",
  "lobby.badLink": "Ce n’est pas un lien d’invitation ou de spectateur de ce site.",
  "lobby.rejoin": "Reprendre ma place",
  "conn.reconnecting": "Connexion perdue — reconnexion…",
  "conn.back": "Reconnecté",
  "presence.online": "en ligne",
  "presence.offline": "déconnecté",
  "presence.offlineFor": "déconnecté depuis {s} s",
  "presence.opponentGone": "Votre adversaire est déconnecté.",
  "setup.deadline": "Temps de placement restant : {t}",
  "turn.yours": "À vous de jouer",
  "turn.theirs": "À l’adversaire de jouer",
  "turn.seat": "Au tour de {seat}",
  "turn.waiting": "En attente de {seats}",
  "title.yourTurn": "À vous",
  "cue.sound": "Son quand c’est votre tour",
  "cue.soundOn": "♪ Son activé",
  "cue.soundOff": "♪ Son coupé",
  "cue.notify": "Me prévenir",
  "cue.notifyOn": "Notifications activées",
  "cue.notifyDenied": "Notifications bloquées par le navigateur",
  "cue.notifyText": "C’est votre tour dans {game}.",
  "action.resign": "Abandonner",
  "action.resignConfirm": "Abandonner cette partie ?",
  "action.drawOffer": "Proposer la nulle",
  "action.drawOffered": "Nulle proposée",
  "action.drawAccept": "Accepter la nulle",
  "action.drawDecline": "Refuser",
  "action.abort": "Annuler la partie",
  "action.claim": "Réclamer la victoire",
  "action.claimIn": "Réclamer la victoire dans {t}",
  "action.claimHelp": "Votre adversaire est absent. Vous pourrez réclamer la victoire à la fin du délai de grâce.",
  "action.rematch": "Revanche",
  "action.rematchOffered": "Revanche proposée — en attente",
  "action.rematchAccept": "Accepter la revanche",
  "offer.drawFromOpponent": "Votre adversaire propose la nulle.",
  "offer.drawFrom": "{seats} propose(nt) la nulle.",
  "offer.rematchFromOpponent": "Votre adversaire veut une revanche.",
  "offer.rematchFrom": "{seats} veu(len)t une revanche.",
  "result.win": "Vous avez gagné !",
  "result.loss": "Vous avez perdu.",
  "result.draw": "Partie nulle.",
  "result.aborted": "Partie annulée.",
  "result.seatWins": "{seat} gagne.",
  "result.seatsWin": "{seats} gagnent.",
  "result.record": "Feuille de partie",
  "result.recordJson": "Feuille JSON",
  "result.scores": "Scores : {scores}",
  "score.title": "Score dans cette salle",
  "score.line": "Vous {w} — {l} {opp}",
  "score.draws": "{n} nulle(s)",
  "score.opponents": "adversaires",
  "verify.button": "Vérifier cette partie",
  "verify.running": "Vérification…",
  "verify.ok": "La graine révélée correspond à l’engagement envoyé au début de la partie ({c}…).",
  "verify.bad": "La graine révélée NE correspond PAS à l’engagement envoyé au début de la partie.",
  "verify.more": "La relecture complète de chaque tirage : python -m engine verify record.json",
  "verify.unavailable": "Ce navigateur ne peut pas calculer SHA-256 ici (une page https est nécessaire).",
  "reason.resign": "par abandon",
  "reason.agreement": "d’un commun accord",
  "reason.timeout": "au temps",
  "reason.abandon": "l’adversaire est parti",
  "reason.aborted": "annulée avant le premier coup",
  "chat.title": "Discussion",
  "chat.players": "Joueurs",
  "chat.spectators": "Spectateurs",
  "chat.private": "{seat} (privé)",
  "chat.spectator": "Spectateur",
  "chat.you": "Vous",
  "chat.placeholder": "Message — Entrée pour envoyer",
  "chat.inputLabel": "Message à : {channel}",
  "chat.send": "Envoyer",
  "chat.open": "Afficher la discussion",
  "chat.close": "Masquer la discussion",
  "chat.unread": "{n} non lu(s)",
  "chat.emptyPlayers": "Pas encore de message. Les spectateurs ne lisent jamais la discussion des joueurs.",
  "chat.emptySpectators": "Pas encore de message. Les joueurs ne lisent jamais la discussion des spectateurs.",
  "chat.emptyPrivate": "Pas encore de message. Seuls vous deux lisez cette discussion.",
  "chat.hiddenLines": "{n} message(s) de places masquées.",
  "chat.jump": "Discussion : {n} nouveau(x) ↓",
  "chat.mute": "Masquer les messages de {seat}",
  "chat.unmute": "Afficher de nouveau les messages de {seat}",
  "chat.tooLong": "Trop long : {n} caractères, {max} au plus.",
  "chat.rateLimited": "Un message par seconde au plus : attendez un instant et renvoyez.",
  "chat.forbidden": "Vous ne pouvez pas écrire ici : {m}",
  "chat.refused": "Message refusé : {m}",
  "error.generic": "Un problème est survenu : {m}",
  "error.refused": "Impossible : {m}",
  "error.not_your_turn": "Ce n’est pas votre tour.",
  "error.illegal": "Ce coup n’est pas permis.",
  "error.stale_version": "Le plateau a changé ; réessayez.",
  "error.game_over": "La partie est terminée.",
  "error.rate_limited": "Doucement.",
  "error.forbidden": "Interdit.",
  "error.conflict": "Impossible pour l’instant.",
  "error.unavailable": "Le serveur est occupé ; réessayez.",
  "error.module": "Ce jeu ne peut pas être affiché : {m}",
};

const DICTS = { en: { ...EN }, fr: { ...FR } };
const KEY = "speakeasy.lang";
const listeners = [];

function stored() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function initial() {
  const saved = stored();
  if (saved && DICTS[saved]) return saved;
  const browser = (navigator.languages || [navigator.language || "en"]).map((l) => l.slice(0, 2).toLowerCase());
  return browser.find((l) => DICTS[l]) || "en";
}

export let lang = initial();
document.documentElement.lang = lang;

/** Add a game's words: {en: {...}, fr: {...}}. A later addition of the same key wins. */
export function addStrings(dicts) {
  for (const [code, words] of Object.entries(dicts || {})) {
    if (DICTS[code]) Object.assign(DICTS[code], words);
  }
}

/** The text for `key` in the current language, with {name} replaced from `params`. */
export function t(key, params = {}) {
  const text = DICTS[lang][key] ?? DICTS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k) => (k in params ? String(params[k]) : `{${k}}`));
}

export const has = (key) => key in DICTS.en;

export function setLang(next) {
  if (!DICTS[next] || next === lang) return;
  lang = next;
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // private mode: the choice lasts for this page
  }
  document.documentElement.lang = lang;
  applyI18n();
  listeners.forEach((fn) => fn(lang));
}

export const onLangChange = (fn) => listeners.push(fn);

/** Fill [data-i18n] text and [data-i18n-aria|title|placeholder] attributes under `root`. */
export function applyI18n(root = document) {
  root.querySelectorAll("[data-i18n]").forEach((el) => (el.textContent = t(el.dataset.i18n)));
  for (const attr of ["aria-label", "title", "placeholder"]) {
    const data = `data-i18n-${attr === "aria-label" ? "aria" : attr}`;
    root.querySelectorAll(`[${data}]`).forEach((el) => el.setAttribute(attr, t(el.getAttribute(data))));
  }
}

/** The EN | FR switch, placed into `container`. */
export function mountLangSwitch(container) {
  container.replaceChildren();
  container.setAttribute("role", "group");
  container.setAttribute("data-i18n-aria", "lang.label");
  for (const code of Object.keys(DICTS)) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "lang-btn";
    b.textContent = code.toUpperCase();
    b.lang = code;
    b.setAttribute("aria-label", code === "en" ? "English" : "Français");
    b.setAttribute("aria-pressed", String(code === lang));
    b.addEventListener("click", () => setLang(code));
    container.append(b);
  }
  onLangChange(() => container.querySelectorAll("button").forEach((b) => b.setAttribute("aria-pressed", String(b.lang === lang))));
  applyI18n(container.parentElement || document);
}
