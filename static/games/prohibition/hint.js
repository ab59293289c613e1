// A hint in words (issue 29): the action the computer would play in this seat, and why,
// from the server's `hint` frame (engine/prohibition/bot/hint.py names the reason).

import { actionLabel, charName, cubesText, truckName } from "./actions.js";

export const HINT_STRINGS = {
  en: {
    "pz.advice.only": "it is the only choice",
    "pz.advice.any": "any of the {choices} choices serves as well here: the computer picks one at random",
    "pz.advice.pick": "card {card} is the one worth most to {truck}",
    "pz.advice.use": "the token goes to {truck}, your truck furthest behind",
    "pz.advice.load": "a fresh load ({card}) makes {truck}'s position worth more than what it carries",
    "pz.advice.keep": "no new load would pay more for {truck} now",
    "pz.advice.deliver": "{truck} delivers {cubes} on {street} for {points} points",
    "pz.advice.toBar": "{truck} heads for a bar: from {street} it can deliver in {turns} {turns|truck-turn|truck-turns}",
    "pz.advice.toDistillery": "{truck}, empty, heads for a distillery: {turns} {turns|truck-turn|truck-turns} from {street}",
    "pz.advice.atDistillery": "{truck}, empty, reaches the distillery on {street}, where it can load",
    "pz.advice.drive": "on {street}, {truck}'s position is worth most by the computer's count (points, cargo, danger from Ness and the Policeman)",
    "pz.advice.wait": "no street improves {truck}'s position: it stays",
    "pz.advice.seize": "{char} at {at} takes {cubes} {cubes|cube|cubes} from {truck}",
    "pz.advice.shield": "{char} at {at} shields {truck} and its cargo",
    "pz.advice.character": "{char} at {at} leaves the best position for the truck move that follows",
  },
  fr: {
    "pz.advice.only": "c’est le seul choix",
    "pz.advice.any": "les {choices} choix se valent ici\u00a0: l’ordinateur en tire un au hasard",
    "pz.advice.pick": "la carte {card} est celle qui vaut le plus pour {truck}",
    "pz.advice.use": "le jeton va à {truck}, votre camion le plus en retard",
    "pz.advice.load": "un nouveau chargement ({card}) vaut mieux pour {truck} que ce qu’il transporte",
    "pz.advice.keep": "aucun nouveau chargement ne rapporterait plus à {truck} maintenant",
    "pz.advice.deliver": "{truck} livre {cubes} rue {street} pour {points} points",
    "pz.advice.toBar": "{truck} file vers un bar\u00a0: depuis {street}, il peut livrer en {turns} {turns|tour|tours} de camion",
    "pz.advice.toDistillery": "{truck}, vide, file vers une distillerie\u00a0: à {turns} {turns|tour|tours} de camion depuis {street}",
    "pz.advice.atDistillery": "{truck}, vide, arrive à la distillerie de la rue {street}, où il peut charger",
    "pz.advice.drive": "rue {street}, la position de {truck} vaut le plus selon l’ordinateur (points, cargaison, danger de Ness et du policier)",
    "pz.advice.wait": "aucune rue n’améliore la position de {truck}\u00a0: il reste",
    "pz.advice.seize": "{char} en {at} prend {cubes} {cubes|cube|cubes} à {truck}",
    "pz.advice.shield": "{char} en {at} protège {truck} et sa cargaison",
    "pz.advice.character": "{char} en {at} laisse la meilleure position pour le mouvement de camion qui suit",
  },
};

/** `{action, reason}` in words for a `hint` frame, with the module's city and view. */
export function hintWords(hint, t, city, view) {
  const p = hint.reason.params || {};
  const params = { ...p };
  if (p.truck) params.truck = truckName(t, city, p.truck);
  if (p.char) params.char = charName(t, p.char);
  if (p.colour) params.cubes = cubesText(t, [[p.colour, p.count]]);
  const action = actionLabel(t, city, String(hint.action.text), view?.specials);
  return { action, reason: t(hint.reason.key, params) };
}
