// English and French (the rulebooks' languages). The language comes from the browser, can be
// switched, and the choice is remembered. Piece names are the rulebooks' own.

const EN = {
  "brand": "Speakeasy",
  "nav.rules": "Rules",
  "nav.home": "New game",
  "lang.label": "Language",
  "side.s": "South", "side.n": "North",
  "piece.S": "Speakeasy", "piece.8": "Boss", "piece.7": "Successor", "piece.6": "Corrupted cop",
  "piece.5": "Accountant", "piece.4": "Car", "piece.3": "Tommy gunner", "piece.2": "Henchman",
  "piece.1": "Thug", "piece.K": "Kid", "piece.B": "Babe", "piece.F": "FBI agent",
  "piece.hidden": "hidden piece",
  "terrain.street": "Street", "terrain.alley": "Alley", "terrain.building": "Building", "terrain.bar": "Bar",
  // landing
  "landing.tagline": "Bluff & strategy during Prohibition. Find your opponent's Speakeasy before he finds yours.",
  "landing.new": "New game",
  "landing.opponent": "Opponent",
  "landing.friend": "A friend (send an invite link)",
  "landing.bot": "Play the computer",
  "bot.easy": "easy", "bot.normal": "normal", "bot.strong": "strong",
  "landing.rules": "Rules",
  "preset.speakeasy": "Speak Easy (the rulebook)",
  "preset.luzhanqi": "Classic Lu Zhan Qi",
  "landing.clock": "Time control",
  "clock.none": "No clock",
  "clock.min": "{m} min + {s} s per move",
  "landing.spectators": "Allow spectators",
  "landing.create": "Create the room",
  "landing.creating": "Creating…",
  "landing.created": "Your room is ready.",
  "invite.title": "Invite your opponent",
  "invite.help": "Send this link to the person you want to play. Opening it takes the other seat.",
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
  "room.spectating": "You are watching",
  "room.viewers": "{n} watching",
  "room.you": "You",
  "room.opponent": "Opponent",
  "room.computer": "Computer",
  "room.waitingOpponent": "Waiting for your opponent to join…",
  "conn.reconnecting": "Connection lost — reconnecting…",
  "conn.back": "Reconnected",
  "presence.online": "online",
  "presence.offline": "disconnected",
  "presence.offlineFor": "disconnected for {s} s",
  "presence.opponentGone": "Your opponent is disconnected.",
  // setup
  "setup.title": "Set up your pieces",
  "setup.help": "Drag pieces onto your half of the board, or click a piece then a location. Click two of your pieces to swap them.",
  "setup.reserve": "Pieces to place",
  "setup.random": "Random",
  "setup.clear": "Clear",
  "setup.openings": "Openings",
  "setup.openingPick": "Choose an opening…",
  "setup.saved": "My setups",
  "setup.savedPick": "Choose a saved setup…",
  "setup.save": "Save",
  "setup.saveName": "Name for this setup",
  "setup.delete": "Delete",
  "setup.savedOk": "Setup saved in this browser.",
  "setup.ready": "Ready",
  "opening.fortress": "Fortress", "opening.decoy": "Decoy", "opening.blitz": "Blitz",
  "setup.ok": "This setup is valid.",
  "setup.sent": "Setup sent. Waiting for your opponent…",
  "setup.opponentDone": "Your opponent is ready.",
  "setup.opponentPlacing": "Your opponent is placing his pieces.",
  "setup.deadline": "Setup time left: {t}",
  "setup.watching": "The players are placing their pieces.",
  "setup.err.missing": "{n} piece(s) still to place.",
  "setup.err.count": "Too many pieces of one kind.",
  "setup.err.half": "Pieces outside your half: {where}.",
  "setup.err.building": "Buildings must start empty: {where}.",
  "setup.err.speakeasy": "The Speakeasy must stand on one of your two bars (it is on {where}).",
  "setup.err.babes": "Babes must stand on your two back ranks: {where}.",
  "setup.err.fbi": "In this preset the FBI may not start on the front rank: {where}.",
  // play
  "turn.yours": "Your turn",
  "turn.theirs": "Opponent's turn",
  "turn.side": "{side} to move",
  "turn.noMoves": "You have no legal move.",
  "play.hint": "Click one of your pieces, then a highlighted location (or drag it).",
  "combat.title": "Combat on {sq}",
  "combat.caption": "{role}: {piece}",
  "combat.attacker": "attacker",
  "combat.defender": "defender",
  "combat.fledAttacker": "The attacker fled.",
  "combat.fledDefender": "The defender fled.",
  "combat.fledBoth": "Both fled.",
  "combat.win": "The Speakeasy is found!",
  "removed.title": "Removed",
  "moves.title": "Moves",
  "moves.none": "No move yet.",
  "action.resign": "Resign",
  "action.resignConfirm": "Resign this game?",
  "action.drawOffer": "Offer a draw",
  "action.drawOffered": "Draw offered",
  "action.drawAccept": "Accept the draw",
  "action.drawDecline": "Decline",
  "action.abort": "Abort the game",
  "action.claim": "Claim the win",
  "action.rematch": "Rematch",
  "action.rematchOffered": "Rematch offered — waiting",
  "action.rematchAccept": "Accept the rematch",
  "offer.drawFromOpponent": "Your opponent offers a draw.",
  "offer.rematchFromOpponent": "Your opponent wants a rematch.",
  "result.win": "You won!",
  "result.loss": "You lost.",
  "result.draw": "Draw.",
  "result.aborted": "Game aborted.",
  "result.sideWins": "{side} wins.",
  "result.reveal": "All pieces are now shown.",
  "result.record": "Game record",
  "reason.speakeasy": "the Speakeasy was found",
  "reason.no_moves": "no legal move left",
  "reason.no_combat": "too many moves without combat",
  "reason.resign": "by resignation",
  "reason.agreement": "by agreement",
  "reason.timeout": "on time",
  "reason.abandon": "the opponent left",
  "reason.aborted": "aborted before the first move",
  "error.generic": "Something went wrong: {m}",
  "error.not_your_turn": "It is not your turn.",
  "error.illegal": "That move is not allowed.",
  "error.stale_version": "The board changed; try again.",
  "error.game_over": "The game is over.",
  "error.rate_limited": "Slow down a little.",
  "error.forbidden": "Not allowed.",
  "error.conflict": "Not possible now.",
  // rules page
  "rules.title": "How to play Speak Easy",
};

const FR = {
  "brand": "Speakeasy",
  "nav.rules": "Règles",
  "nav.home": "Nouvelle partie",
  "lang.label": "Langue",
  "side.s": "Sud", "side.n": "Nord",
  "piece.S": "Speakeasy", "piece.8": "Boss", "piece.7": "Héritier", "piece.6": "Flic corrompu",
  "piece.5": "Comptable", "piece.4": "Voiture", "piece.3": "Mitrailleur", "piece.2": "Porte-flingue",
  "piece.1": "Homme de main", "piece.K": "Kid", "piece.B": "Babe", "piece.F": "FBI",
  "piece.hidden": "pièce cachée",
  "terrain.street": "Rue", "terrain.alley": "Ruelle", "terrain.building": "Bâtiment", "terrain.bar": "Bar",
  "landing.tagline": "Bluff & stratégie pendant la prohibition. Trouvez le Speakeasy de l’adversaire avant qu’il ne trouve le vôtre.",
  "landing.new": "Nouvelle partie",
  "landing.opponent": "Adversaire",
  "landing.friend": "Un ami (envoyez-lui un lien)",
  "landing.bot": "Jouer contre l’ordinateur",
  "bot.easy": "facile", "bot.normal": "normal", "bot.strong": "fort",
  "landing.rules": "Règles",
  "preset.speakeasy": "Speak Easy (la règle du jeu)",
  "preset.luzhanqi": "Lu Zhan Qi classique",
  "landing.clock": "Cadence",
  "clock.none": "Sans pendule",
  "clock.min": "{m} min + {s} s par coup",
  "landing.spectators": "Autoriser les spectateurs",
  "landing.create": "Créer la salle",
  "landing.creating": "Création…",
  "landing.created": "Votre salle est prête.",
  "invite.title": "Invitez votre adversaire",
  "invite.help": "Envoyez ce lien à la personne avec qui vous voulez jouer. En l’ouvrant, elle prend l’autre place.",
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
  "room.spectating": "Vous regardez",
  "room.viewers": "{n} spectateur(s)",
  "room.you": "Vous",
  "room.opponent": "Adversaire",
  "room.computer": "Ordinateur",
  "room.waitingOpponent": "En attente de votre adversaire…",
  "conn.reconnecting": "Connexion perdue — reconnexion…",
  "conn.back": "Reconnecté",
  "presence.online": "en ligne",
  "presence.offline": "déconnecté",
  "presence.offlineFor": "déconnecté depuis {s} s",
  "presence.opponentGone": "Votre adversaire est déconnecté.",
  "setup.title": "Placez vos pièces",
  "setup.help": "Glissez les pièces sur votre moitié du plateau, ou cliquez une pièce puis une case. Cliquez deux de vos pièces pour les échanger.",
  "setup.reserve": "Pièces à placer",
  "setup.random": "Au hasard",
  "setup.clear": "Vider",
  "setup.openings": "Ouvertures",
  "setup.openingPick": "Choisir une ouverture…",
  "setup.saved": "Mes placements",
  "setup.savedPick": "Choisir un placement enregistré…",
  "setup.save": "Enregistrer",
  "setup.saveName": "Nom de ce placement",
  "setup.delete": "Supprimer",
  "setup.savedOk": "Placement enregistré dans ce navigateur.",
  "setup.ready": "Prêt",
  "opening.fortress": "Forteresse", "opening.decoy": "Leurre", "opening.blitz": "Blitz",
  "setup.ok": "Ce placement est valable.",
  "setup.sent": "Placement envoyé. En attente de l’adversaire…",
  "setup.opponentDone": "Votre adversaire est prêt.",
  "setup.opponentPlacing": "Votre adversaire place ses pièces.",
  "setup.deadline": "Temps de placement restant : {t}",
  "setup.watching": "Les joueurs placent leurs pièces.",
  "setup.err.missing": "Encore {n} pièce(s) à placer.",
  "setup.err.count": "Trop de pièces d’une même sorte.",
  "setup.err.half": "Pièces hors de votre moitié : {where}.",
  "setup.err.building": "Les Bâtiments sont vides au départ : {where}.",
  "setup.err.speakeasy": "Le Speakeasy doit être sur l’un de vos deux Bars (il est en {where}).",
  "setup.err.babes": "Les Babes doivent être sur vos deux lignes du fond : {where}.",
  "setup.err.fbi": "Dans cette variante le FBI ne peut pas commencer en première ligne : {where}.",
  "turn.yours": "À vous de jouer",
  "turn.theirs": "À l’adversaire de jouer",
  "turn.side": "Au tour de {side}",
  "turn.noMoves": "Vous n’avez aucun coup possible.",
  "play.hint": "Cliquez une de vos pièces, puis une case en surbrillance (ou glissez-la).",
  "combat.title": "Combat en {sq}",
  "combat.caption": "{role} : {piece}",
  "combat.attacker": "attaquant",
  "combat.defender": "défenseur",
  "combat.fledAttacker": "L’attaquant a fui.",
  "combat.fledDefender": "Le défenseur a fui.",
  "combat.fledBoth": "Les deux ont fui.",
  "combat.win": "Le Speakeasy est trouvé !",
  "removed.title": "Retirées",
  "moves.title": "Coups",
  "moves.none": "Aucun coup pour l’instant.",
  "action.resign": "Abandonner",
  "action.resignConfirm": "Abandonner cette partie ?",
  "action.drawOffer": "Proposer la nulle",
  "action.drawOffered": "Nulle proposée",
  "action.drawAccept": "Accepter la nulle",
  "action.drawDecline": "Refuser",
  "action.abort": "Annuler la partie",
  "action.claim": "Réclamer la victoire",
  "action.rematch": "Revanche",
  "action.rematchOffered": "Revanche proposée — en attente",
  "action.rematchAccept": "Accepter la revanche",
  "offer.drawFromOpponent": "Votre adversaire propose la nulle.",
  "offer.rematchFromOpponent": "Votre adversaire veut une revanche.",
  "result.win": "Vous avez gagné !",
  "result.loss": "Vous avez perdu.",
  "result.draw": "Partie nulle.",
  "result.aborted": "Partie annulée.",
  "result.sideWins": "{side} gagne.",
  "result.reveal": "Toutes les pièces sont maintenant visibles.",
  "result.record": "Feuille de partie",
  "reason.speakeasy": "le Speakeasy a été trouvé",
  "reason.no_moves": "plus aucun coup possible",
  "reason.no_combat": "trop de coups sans combat",
  "reason.resign": "par abandon",
  "reason.agreement": "d’un commun accord",
  "reason.timeout": "au temps",
  "reason.abandon": "l’adversaire est parti",
  "reason.aborted": "annulée avant le premier coup",
  "error.generic": "Un problème est survenu : {m}",
  "error.not_your_turn": "Ce n’est pas votre tour.",
  "error.illegal": "Ce coup n’est pas permis.",
  "error.stale_version": "Le plateau a changé ; réessayez.",
  "error.game_over": "La partie est terminée.",
  "error.rate_limited": "Doucement.",
  "error.forbidden": "Interdit.",
  "error.conflict": "Impossible pour l’instant.",
  "rules.title": "Comment jouer à Speak Easy",
};

const DICTS = { en: EN, fr: FR };
const KEY = "speakeasy.lang";
const listeners = [];

function initial() {
  const saved = localStorage.getItem(KEY);
  if (saved && DICTS[saved]) return saved;
  const browser = (navigator.languages || [navigator.language || "en"]).map((l) => l.slice(0, 2).toLowerCase());
  return browser.find((l) => DICTS[l]) || "en";
}

export let lang = initial();
document.documentElement.lang = lang;

/** The text for `key` in the current language, with {name} replaced from `params`. */
export function t(key, params = {}) {
  const text = DICTS[lang][key] ?? EN[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k) => (k in params ? String(params[k]) : `{${k}}`));
}

export const has = (key) => key in EN;

export function setLang(next) {
  if (!DICTS[next] || next === lang) return;
  lang = next;
  localStorage.setItem(KEY, lang);
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
