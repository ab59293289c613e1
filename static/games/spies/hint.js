// A hint in words (issue 29): the line the computer would play for this seat's power, and
// why, from the server's `hint` frame (engine/spies/bot/hint.py names the reason).

import { lineWords } from "./lines.js";

export const HINT_STRINGS = {
  en: {
    "sp.advice.ready": "there is nothing to settle first",
    "sp.advice.bidNothing": "bidding nothing keeps your money for the game",
    "sp.advice.bidOver": "{amount} is one more than the tie: the least that wins",
    "sp.advice.placeSecret": "secrets are kept at home: {piece} in {city}",
    "sp.advice.placePolice": "{city} is a police post with room for {piece}",
    "sp.advice.placeGuard": "{piece} guards your secret {secret} in {city}: a Discovery there must beat your police",
    "sp.advice.placeBait": "{piece} is a counterspy: left unguarded in {city}, it catches the enemy spy that tries it",
    "sp.advice.placeCapital": "a spy in your capital, {city}, is there to bring secrets home",
    "sp.advice.placeSpy": "{city} is abroad, where secrets are to be found",
    "sp.advice.playTile": "your spies stand where tile {tile} pays ({value})",
    "sp.advice.playOwn": "tile {tile} is your own to play this year",
    "sp.advice.discard": "no tile in your hand pays this year: {tile} goes",
    "sp.advice.search": "your police search {spies} enemy {spies|spy|spies} in {cities} {cities|city|cities} where they can win",
    "sp.advice.searchNone": "no enemy spy stands where your police could win a search",
    "sp.advice.police": "your free police go where enemy spies stand unwatched",
    "sp.advice.policeGuard": "your police take control of {secrets}, your {count|secret|secrets} lying unguarded where they stand",
    "sp.advice.cash": "{spy} holds the foreign secret {secret} in your capital: cash it in",
    "sp.advice.discover": "{spy} stands by the secret {secret}, which none of your side controls: discover it",
    "sp.advice.sanction": "{target} holds a secret where {spy} stands: sanction it",
    "sp.advice.free": "{spy} is out of play: the {chit} chit brings it back",
    "sp.advice.drop": "{spy} carries a secret: drop it in {city}",
    "sp.advice.evade": "the {chit} chit saves {spy} from the search",
    "sp.advice.chain": "the {chit} chit carries the chain on",
    "sp.advice.intercept": "the Intercept chit stops them",
    "sp.advice.goHome": "{spy} carries the secret {secret} home: {city} is a step nearer {capital}",
    "sp.advice.goSecret": "{city} is on the shortest way for {spy} to a secret none of your side holds",
    "sp.advice.sail": "sailing takes {spy} to {city} sooner than walking this turn",
    "sp.advice.stay": "{spy} stays where it is",
    "sp.advice.take": "{spy} takes the secret {secret} over",
    "sp.advice.returnChits": "your hand is over the limit: the {count} {count|chit|chits} least useful {count|goes|go} back",
    "sp.advice.decline": "the computer accepts no offer",
    "sp.advice.end": "nothing left is worth {ap|your last action point|the {ap} action points you have left}: end the turn",
    "sp.advice.pass": "nothing here is worth paying for",
    "sp.advice.default": "the rules' default for this decision",
  },
  fr: {
    "sp.advice.ready": "il n’y a rien à régler d’abord",
    "sp.advice.bidNothing": "ne rien miser garde votre argent pour la partie",
    "sp.advice.bidOver": "{amount}, c’est un de plus que l’égalité\u00a0: le moins qui gagne",
    "sp.advice.placeSecret": "les secrets se gardent chez soi\u00a0: {piece} à {city}",
    "sp.advice.placePolice": "{city} est un poste de police où {piece} a sa place",
    "sp.advice.placeGuard": "{piece} garde votre secret {secret} à {city}\u00a0: une Découverte y devra battre votre police",
    "sp.advice.placeBait": "{piece} est un contre-espion\u00a0: laissé sans garde à {city}, il prend l’espion ennemi qui s’y essaie",
    "sp.advice.placeCapital": "un espion dans votre capitale, {city}, y ramènera les secrets",
    "sp.advice.placeSpy": "{city} est à l’étranger, là où se trouvent les secrets",
    "sp.advice.playTile": "vos espions sont là où la tuile {tile} rapporte ({value})",
    "sp.advice.playOwn": "la tuile {tile} est la vôtre à jouer cette année",
    "sp.advice.discard": "aucune tuile de votre main ne rapporte cette année\u00a0: {tile} part",
    "sp.advice.search": "votre police fouille {spies} {spies|espion ennemi|espions ennemis} dans {cities} {cities|ville|villes} où elle peut gagner",
    "sp.advice.searchNone": "aucun espion ennemi n’est là où votre police gagnerait une fouille",
    "sp.advice.police": "votre police libre va là où des espions ennemis ne sont pas surveillés",
    "sp.advice.policeGuard": "votre police prend le contrôle de {secrets}, {count|votre secret laissé|vos secrets laissés} sans garde là où elle se tient",
    "sp.advice.cash": "{spy} détient le secret étranger {secret} dans votre capitale\u00a0: encaissez-le",
    "sp.advice.discover": "{spy} est près du secret {secret}, qu’aucun de votre camp ne contrôle\u00a0: découvrez-le",
    "sp.advice.sanction": "{target} détient un secret là où est {spy}\u00a0: sanctionnez-le",
    "sp.advice.free": "{spy} est hors jeu\u00a0: le jeton {chit} le ramène",
    "sp.advice.drop": "{spy} porte un secret\u00a0: déposez-le à {city}",
    "sp.advice.evade": "le jeton {chit} sauve {spy} de la fouille",
    "sp.advice.chain": "le jeton {chit} poursuit la chaîne",
    "sp.advice.intercept": "le jeton Interception les arrête",
    "sp.advice.goHome": "{spy} ramène le secret {secret}\u00a0: {city} est un pas plus près de {capital}",
    "sp.advice.goSecret": "{city} est sur le plus court chemin de {spy} vers un secret qu’aucun de votre camp ne tient",
    "sp.advice.sail": "par la mer, {spy} atteint {city} plus tôt qu’à pied ce tour-ci",
    "sp.advice.stay": "{spy} reste où il est",
    "sp.advice.take": "{spy} prend le secret {secret}",
    "sp.advice.returnChits": "votre main dépasse la limite\u00a0: {count|le jeton le moins utile repart|les {count} jetons les moins utiles repartent}",
    "sp.advice.decline": "l’ordinateur n’accepte aucune offre",
    "sp.advice.end": "plus rien ne vaut {ap|le point d’action qui vous reste|les {ap} points d’action qui vous restent}\u00a0: finissez le tour",
    "sp.advice.pass": "rien ici ne vaut d’être payé",
    "sp.advice.default": "le choix par défaut de la règle pour cette décision",
  },
};

/** `{action, reason}` in words for a `hint` frame; `names` gives power and city names. */
export function hintWords(hint, t, names = {}) {
  const p = hint.reason.params || {};
  const city = (id) => (id && names.city?.(id)) || id;
  const params = { ...p, city: city(p.city), capital: city(p.capital) };
  return { action: lineWords(t, String(hint.action.text), names), reason: t(hint.reason.key, params) };
}
